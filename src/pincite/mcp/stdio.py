"""The stdio transport of the MCP server: `pincite mcp`, started by a desktop client.

The process opens the library itself and owns its index while it runs (a Qdrant Edge shard
is opened by one process), so it refuses to start while `pincite serve` holds the data
folder: that server's `/mcp` endpoint serves the same tools. Every Library call runs on
one dedicated thread, where the library was opened (its SQLite connection belongs to that
thread). Nothing but protocol messages is written to stdout; logs go to stderr.
"""
from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, TypeVar

from pincite.library.facade import Library

from ..config import Settings

T = TypeVar("T")


class LibraryThread:
    """A Library opened and used on one thread. `run(fn)` awaits `fn(library)` there.
    Raises what Library raises on open (ProfileMismatch, IndexBusy when another process
    holds the index). `close()` closes the library and stops the thread."""

    def __init__(self, settings: Settings):
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pincite-library")
        try:
            self.lib = self._executor.submit(self._open, settings).result()
        except BaseException:
            self._executor.shutdown(wait=True)
            raise
        self._executor.submit(self._warm)  # load the embedder before the first question

    @staticmethod
    def _open(settings: Settings) -> Library:
        lib = Library(settings)
        try:
            lib.index  # own the shard now (IndexBusy if another process has it)
        except BaseException:
            lib.close()
            raise
        return lib

    def _warm(self) -> None:
        try:
            self.lib.embedder
        except Exception:  # a bad embedder setting: the first question reports it
            pass

    async def run(self, fn: Callable[[Library], T]) -> T:
        return await asyncio.wrap_future(self._executor.submit(fn, self.lib))

    def close(self) -> None:
        self._executor.submit(self.lib.close).result()
        self._executor.shutdown(wait=True)


def serve_stdio(settings: Settings) -> None:
    """Serve the library of `settings` over stdio until the client closes stdin. Raises
    what opening the library raises (see LibraryThread)."""
    import anyio

    from .server import build_server

    library = LibraryThread(settings)
    try:
        anyio.run(build_server(library.run).run_stdio_async)
    finally:
        library.close()
