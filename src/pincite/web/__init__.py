"""The web app and REST API (`pincite serve`): the top stage, over `pincite.library.facade.Library`.

server: the FastAPI app (`create_app`) and `serve`; pages: page images and quote/chunk
rectangles from the stored originals (pypdfium2); client: finding a running server of a
data folder (`find_server`) and a small REST client for the CLI. `static/` holds the
browser UI, served at `/`.
"""
from .client import Client, find_server

__all__ = ["Client", "find_server", "create_app", "serve"]


def __getattr__(name: str):
    # The server pulls in FastAPI and uvicorn: import it only when asked for, so the CLI
    # can look for a running server (client) without loading them.
    if name in ("create_app", "serve"):
        from . import server

        return getattr(server, name)
    raise AttributeError(name)
