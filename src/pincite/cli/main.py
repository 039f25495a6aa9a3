"""The `pincite` command: a thin layer over pincite.library.facade.Library (ingest, ask, docs,
reindex, remove, eval). Errors are printed as one clear line and exit non-zero.

This module is the entry point: it gathers the command groups (`cli.ingesting`, `cli.asking`,
`cli.documents`, `cli.evaluating`, each registering on `cli.app.app`), owns the two commands
that start a server (`serve`, `mcp`) and `main`, which runs the app and turns errors into one
line. The shared app, options and helpers live in `cli.app`."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import typer

from pincite.cli.app import app, data_dir, err, escape, fail, lazy_facade, preload_for, run_state, server_url, settle
from pincite.config import Settings
from pincite.errors import PinciteError

# The command groups register their commands on `app` when imported, in the order `--help`
# lists them (then serve and mcp, below).
# isort: off
from pincite.cli import ingesting  # noqa: F401
from pincite.cli import asking  # noqa: F401
from pincite.cli import documents  # noqa: F401
from pincite.cli import evaluating  # noqa: F401
# isort: on


@app.command()
def serve(host: str = typer.Option("127.0.0.1", help="Address to listen on; other than loopback "
                                   "only with a token (env PINCITE_TOKEN)."),
          port: int = typer.Option(8000, help="Port to listen on (0: any free port).")):
    """Serve the web app and REST API; the server owns the library while it runs.

    Writes its URL to <data>/server.json (removed when it stops). With PINCITE_TOKEN set,
    every /api request needs `Authorization: Bearer <token>`; without one it listens on
    loopback only. Stop it with Ctrl+C.
    """
    from pincite.web.server import serve as run_server

    settings = Settings()
    if run_state.get("data"):
        settings.data_dir = run_state["data"]
    run_server(host, port, settings, os.environ.get("PINCITE_TOKEN") or None)


@app.command()
def mcp():
    """Serve the library to an MCP client (Claude Desktop, Cursor, any agent) over stdio.

    The client starts this command and talks to it on stdin/stdout; the tools are ask,
    search, verify_quote, get_page and list_documents (see docs/mcp.md). It owns the index
    while it runs, so it refuses to start while `pincite serve` holds the data folder: point
    the client at that server's /mcp URL instead.
    """
    url = server_url()
    if url is not None:
        fail(f"`pincite serve` is running at {url} and holds the index; connect the MCP client to "
              f"{url}/mcp instead (streamable HTTP), or stop the server")
    settings = Settings()
    if run_state.get("data"):
        settings.data_dir = run_state["data"]
    if not settings.catalog_url and not (Path(settings.data_dir) / "catalog.sqlite").exists():
        fail(f"{settings.data_dir}: no pincite library here; run `pincite ingest FILES` first "
              "or pass --data DIR")
    from pincite.mcp.stdio import serve_stdio

    serve_stdio(settings)


def data_first(args: list[str]) -> list[str]:
    """`args` with a `--data DIR` (or `--data=DIR`) given after the command moved before it,
    where the CLI reads it: `pincite ask --data lib "…"` works as `pincite --data lib ask
    "…"` (otherwise click stops with "No such option: --data"). Arguments after a bare `--`
    are left alone."""
    cut = args.index("--") if "--" in args else len(args)
    head, tail = args[:cut], args[cut:]
    first = next((i for i, a in enumerate(head) if not a.startswith("-")), len(head))
    moved, rest, i = [], head[:first], first
    while i < len(head):
        a = head[i]
        if a == "--data" and i + 1 < len(head):
            moved += head[i:i + 2]
            i += 2
            continue
        if a.startswith("--data="):
            moved.append(a)
        else:
            rest.append(a)
        i += 1
    if not moved:
        return args
    return moved + rest + tail


def main() -> None:
    """Entry point: run the CLI, turning PinciteError into one line and exit code 2."""
    sys.argv[1:] = data_first(sys.argv[1:])
    preload_for(sys.argv[1:])
    settle()  # the CLI's own modules
    try:
        app()
    except PinciteError as e:
        err.print(f"[red]error:[/] {escape(str(e))}")
        sys.exit(2)
    except OSError as e:  # a write the free-space check could not foresee
        full = lazy_facade.Library.disk_full(e, data_dir())
        if full is None:
            raise
        err.print(f"[red]error:[/] {escape(str(full))}")
        sys.exit(2)
    finally:
        settle()  # the interpreter's collections on its way out then skip what is alive
