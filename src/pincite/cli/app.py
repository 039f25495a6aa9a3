"""The `pincite` command's shared pieces: the Typer app and its global options (--data,
--index, --version), the consoles, the per-run state, the lazy modules, and the helpers every
command group uses (open the library, find a running server, fail with one line).

This module owns no command: the command groups (`cli.ingesting`, `cli.asking`,
`cli.documents`, `cli.evaluating`) register theirs on `app`, and `cli.main` imports them and
runs it. It must not import the Library, the answer layer or the evaluation code at import
time (`_Lazy` loads them on first use, which keeps `pincite --help` instant).
"""
from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, Optional

import typer
from rich.console import Console
from rich.markup import escape as _markup_escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from pincite.answer.messages import counted
from pincite.config import Settings
from pincite.errors import FieldError, PinciteError, shown

if TYPE_CHECKING:
    from pincite.library.facade import Library


class _Lazy:
    """A module imported on first attribute access: the answer layer, the Library and the
    evaluation code cost ~0.8 s to import, which `--help` and an ask sent to a running server
    never need."""

    def __init__(self, name: str):
        self._name = name

    def __getattr__(self, attr: str):
        import importlib

        return getattr(importlib.import_module(self._name), attr)


evaluate = _Lazy("pincite.eval.run")
render = _Lazy("pincite.cli.render")
lazy_facade = _Lazy("pincite.library.facade")
lazy_inputs = _Lazy("pincite.library.inputs")
lazy_export = _Lazy("pincite.library.export")


def escape(text: object) -> str:
    """`text` for a rich console: control characters escaped (errors.shown), then markup."""
    return _markup_escape(shown(text))


def _option_type(option: "typer.core.TyperOption", ctx) -> str | None:
    """The type an option shows in `--help`: none for a flag (--json, --version, --help take no
    value), else typer's own ("<str>", a metavar). typer 0.29's rich help prints "<bool>"
    after every flag, its own --help included, which no option declaration can change."""
    if option.is_flag or option.count:
        return None
    return _typer_option_type(option, ctx)


_typer_option_type = typer.core.TyperOption.display_type_rich
typer.core.TyperOption.display_type_rich = _option_type  # type: ignore[method-assign, assignment]

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Answers questions over your documents with verified pinpoint citations.")
#: ":warning:" in a quote is the document's text, never an emoji. Output that goes to a file or
#: pipe is not wrapped at 80 columns (a log line holds a whole quote and its mark); tables still
#: take the width rich gives them.
console = Console(emoji=False, soft_wrap=not sys.stdout.isatty())
err = Console(stderr=True, soft_wrap=True, emoji=False)  # one error = one line, also in logs
run_state: dict = {}


def _version(value: bool) -> None:
    if value:
        import importlib.metadata

        from pincite.library.profile import current_profile

        profile = current_profile()
        console.print(f"pincite {importlib.metadata.version('pincite')} (extractor {profile['extractor']}, "
                      f"chunker {profile['chunker']}, embedder {profile['embedder'] or 'none'})",
                      soft_wrap=True, highlight=False)
        raise typer.Exit()


@app.callback()
def _main(data: Optional[Path] = typer.Option(
        None, "--data", envvar="PINCITE_DATA", help="Data folder (default ./pincite-data)."),
          index: Optional[str] = typer.Option(
              None, "--index", metavar="INDEX",
              help="Where the index lives: edge (default, embedded in the data folder), "
                   "qdrant://HOST:6333 (a Qdrant server or cluster), qdrant-local[:PATH]. "
                   "Env PINCITE_INDEX, else PINCITE_QDRANT_URL."),
          version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                       help="Print the version and the index profile it builds, and exit.")):
    run_state["data"] = data
    if index:
        os.environ["PINCITE_INDEX"] = index  # every Settings() of this run, and its child processes


def open_library(*, must_exist: bool = False, **kw) -> Library:
    """Open the data folder; with `must_exist`, a folder without a library is an error
    (a mistyped --data must not silently create an empty library)."""
    settings = Settings()
    if run_state.get("data"):
        settings.data_dir = run_state["data"]
    if must_exist and not settings.catalog_url and not (Path(settings.data_dir) / "catalog.sqlite").exists():
        fail(f"{settings.data_dir}: no pincite library here; run `pincite ingest FILES` first "
              "or pass --data DIR")
    with importing():
        Library = lazy_facade.Library
    return Library(settings, **kw)


def data_dir() -> Path:
    return Path(run_state.get("data") or Settings().data_dir)


def settle() -> None:
    """Take the objects alive now out of the garbage collector's passes (gc.freeze): the
    modules, classes and tables a command imported live until this process ends, and a full
    collection traverses them all (~50,000 objects once the answer layer is imported, tens
    of ms on a loaded machine, several times in a command and again while the interpreter
    exits). Objects made later are collected as before; a frozen one is still freed when
    nothing refers to it, unless it is part of a reference cycle (kept to the end)."""
    import gc

    gc.freeze()


@contextlib.contextmanager
def importing():
    """A block that imports a command's layers: the collector is paused in it (an import
    makes modules, classes and tables, not garbage, and each pass would traverse them all
    again) and what it made is then settled (settle)."""
    import gc

    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        settle()
        if paused:
            gc.enable()


def preload_embedder(data_arg: str | Path | None = None) -> None:
    """Start loading the embedder on a background thread (text.embed.preload) when this
    process will search a library of its own data folder (`data_arg`, else the --data of
    this run, else the settings') with dense vectors, so that the model loads while the
    answer layer is imported and the index opened. Once per process (a second call does
    nothing). Best effort: a setting that fails here fails again, and is reported, where
    the library is opened."""
    if run_state.get("preloaded"):
        return
    run_state["preloaded"] = True
    try:
        settings = Settings()
    except PinciteError:
        return
    data = Path(data_arg or run_state.get("data") or settings.data_dir)
    if settings.retrieval == "bm25" or not (settings.catalog_url or (data / "catalog.sqlite").exists()):
        return
    from pincite.web.client import server_file

    if server_file(data).exists():  # a running server answers (server_client), with its own model
        return
    from pincite.text import embed

    embed.preload(settings.embedder, num_threads=settings.embed_threads, workers=settings.embed_workers)


def preload_for(args: list[str]) -> None:
    """preload_embedder before the command line is parsed, when `args` (the arguments, a
    --data moved before the command by cli.main.data_first) run `ask` with a question:
    typer's parsing of the command's options (~0.1 s, most of it building a validator per
    option) then runs beside the model load instead of before it. Anything else (another
    command, --help, --version, no question) starts nothing here."""
    data, i = None, 0
    while i < len(args) and args[i].startswith("-"):
        if args[i] in ("--help", "--version"):
            return
        if args[i] in ("--data", "--index") and i + 1 < len(args):
            data = args[i + 1] if args[i] == "--data" else data
            i += 2
            continue
        if args[i].startswith("--data="):
            data = args[i].split("=", 1)[1]
        i += 1
    rest = args[i + 1:]
    if args[i:i + 1] != ["ask"] or "--help" in rest or not any(a.strip() and not a.startswith("-") for a in rest):
        return
    preload_embedder(data)


def server_url() -> str | None:
    """URL of a `pincite serve` running on this data folder (it owns the index), or None."""
    if "server" not in run_state:
        from pincite.web.client import find_server

        run_state["server"] = find_server(data_dir())
    return run_state["server"]


def server_client():
    """A client of the running server, or None: while one runs, ingest, ask, docs and remove
    go through its API, so nothing opens the index twice."""
    url = server_url()
    if url is None:
        return None
    from pincite.web.client import Client

    err.print(f"[dim]using the pincite server at {escape(url)}[/]", soft_wrap=True)
    return Client(url)


def refuse_with_server(command: str) -> None:
    url = server_url()
    if url is not None:
        fail(f"`pincite serve` is running at {url} and holds the index; stop it before `pincite {command}`")


def progress_bar() -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), console=err, transient=True)


def fail(msg: str) -> NoReturn:
    err.print(f"[red]error:[/] {escape(msg)}")
    raise typer.Exit(2)


def count_noun(n: int, word: str) -> str:
    """"1 page", "2 pages": a count with its English noun in the right number
    (answer.messages.counted)."""
    return counted(n, word)


def field_options(**opts) -> dict:
    """Document fields given as options, checked (exit 2 with the reason when one is bad)."""
    given = {k: v for k, v in opts.items() if v is not None and v != []}
    if not given:
        return {}
    if given.get("modifications") == [""]:
        given["modifications"] = []
    try:
        return lazy_facade.Library.check_fields(given, "options")
    except FieldError as e:
        fail(str(e).replace("options: ", "", 1))
