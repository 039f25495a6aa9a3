"""The web app and REST API (`pincite serve`): the top stage, over `pincite.library.facade.Library`.

app: the FastAPI app factory (`create_app`) and its routes table; routes/: the REST routes,
one module per resource; schemas: their JSON shapes; state: the server's Library, its one
thread and the documents snapshot; uploads: receiving and ingesting uploaded files;
sessions: a browser session's LLM settings; guard: who may talk to the server; server:
serving it (`serve`, `Server`); client: finding a running server of a data folder
(`find_server`) and a small REST client for the CLI. `static/` holds the browser UI,
served at `/`.
"""
from typing import Any

from .client import Client, find_server

__all__ = ["Client", "find_server", "create_app", "serve"]


def __getattr__(name: str) -> Any:
    # The server pulls in FastAPI and uvicorn: import it only when asked for, so the CLI
    # can look for a running server (client) without loading them.
    if name in ("create_app", "serve"):
        from . import server

        return getattr(server, name)
    raise AttributeError(name)
