"""The state one server shares between its requests: its Library, the one thread that uses
it, the upload queue, the LLM sessions and a snapshot of the documents.

A Qdrant Edge shard can be opened by one process, so the server owns one `Library` for its
lifetime and is the only process that touches the data folder while it runs (the CLI finds
it through `<data>/server.json`, see pincite.web.client). Every Library call (and every
PDFium call: PDFium is not thread-safe) runs on ONE dedicated library thread, a
single-worker executor: it serialises them as one lock would, and the SQLite catalog
connection, which may only be used by the thread that opened it, stays on that thread.
Requests await that thread without holding a server thread. `GET /api/health` and `GET
/api/documents` answer from the snapshot and never wait for an ingest.

Routes get the state through FastAPI's dependency injection (`StateDep`: the app's
`state.pincite`), never from a global.
"""
from __future__ import annotations

import asyncio
import logging
import shutil
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Annotated, Any, Callable

from fastapi import Depends, Request

from pincite.library.facade import Library
from pincite.library.inputs import unit_kind
from pincite.store.catalog import DocumentRow

from ..config import Settings
from ..errors import ProfileMismatch
from .sessions import LlmSessions
from .uploads import UploadQueue

log = logging.getLogger("uvicorn.error")

#: GET /api/documents refreshes its snapshot (catalog rows, failures) when it is older than
#: this and the library thread is idle; the problems list (which hashes every original) is
#: recomputed after deletions and at most every PROBLEMS_TTL seconds otherwise.
SNAPSHOT_TTL = 15.0
PROBLEMS_TTL = 300.0


@dataclass
class Snapshot:
    """What GET /api/documents shows: ready documents and failures as JSON dicts, the
    problems of Library.check, and when each was taken (time.monotonic)."""

    documents: list[dict]
    failures: list[dict]
    problems: list[str]
    at: float
    problems_at: float


def document_json(row: DocumentRow, revision_status: str | None = None) -> dict:
    """A ready document's catalog row as DocumentOut: the row plus `file`, `status` and the
    registry status of its revision (`revision_status`, None when not registered)."""
    return {"doc_id": row.doc_id, "file": row.file_name, "title": row.title, "pages": row.pages,
            "unit": unit_kind(row.mime), "status": "ready", "revision_status": revision_status,
            **asdict(row)}


class WebState:
    """The server's Library (opened and used on one library thread), its upload queue and
    LLM sessions, and the documents snapshot. `problem`: why the index cannot be searched
    (a profile mismatch: asks and uploads are refused with it), else None. Raises what
    opening the Library raises (IndexBusy when another process holds the index). `close()`
    stops the upload worker and closes the Library."""

    def __init__(self, settings: Settings, token: str | None):
        self.settings = settings
        self.token = token
        self.problem: str | None = None  # index profile mismatch: asks and uploads refused
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pincite-library")
        self._busy = 0
        self._busy_lock = threading.Lock()
        self._closed = False
        try:
            self.lib: Library = self.call(self._open)
        except BaseException:
            self._executor.shutdown(wait=True)
            raise
        self.root = Path(self.lib.root)
        self.snapshot: Snapshot = self.call(self.refresh, True)
        self.llm = LlmSessions(self.root)
        self.uploads = UploadQueue(self)  # its worker starts last

    # -- library thread ---------------------------------------------------------------
    def _open(self) -> Library:
        try:
            lib = Library(self.settings)
        except ProfileMismatch as e:
            lib = Library(self.settings, for_reindex=True)
            self.problem = str(e)
        try:
            lib.index  # own the shard from now on (IndexBusy if another process has it)
        except BaseException:
            lib.close()
            raise
        return lib

    def submit(self, fn: Callable, *args: Any, **kw: Any) -> Future:
        """Queue fn(*args, **kw) on the library thread; its Future."""
        with self._busy_lock:
            self._busy += 1

        def task() -> Any:
            try:
                return fn(*args, **kw)
            finally:
                with self._busy_lock:
                    self._busy -= 1

        return self._executor.submit(task)

    def call(self, fn: Callable, *args: Any, **kw: Any) -> Any:
        """Run fn on the library thread and wait (from a non-async thread)."""
        return self.submit(fn, *args, **kw).result()

    async def run(self, fn: Callable, *args: Any, **kw: Any) -> Any:
        """Run fn on the library thread; await it without holding a server thread."""
        return await asyncio.wrap_future(self.submit(fn, *args, **kw))

    async def on_library(self, fn: Callable[[Library], Any]) -> Any:
        """Await fn(library) on the library thread, as the MCP tools call it;
        ProfileMismatch while the index cannot be searched."""
        if self.problem:
            raise ProfileMismatch(self.problem)
        return await self.run(fn, self.lib)

    def warm(self) -> None:
        """Load the embedder now (library thread) so the first question does not wait for it."""
        try:
            self.lib.embedder
        except Exception as e:  # a bad embedder setting: asks and uploads report it
            log.warning("cannot load the embedder: %s", e)

    @property
    def idle(self) -> bool:
        """Whether no task is queued or running on the library thread."""
        return self._busy == 0

    def close(self) -> None:
        """Stop the upload worker, close the Library, end the library thread and remove
        the uploads folder; idempotent."""
        if self._closed:
            return
        self._closed = True
        self.uploads.close()
        self.call(self.lib.close)
        self._executor.shutdown(wait=True)
        shutil.rmtree(self.uploads.dir, ignore_errors=True)

    # -- snapshot of the library (library thread) -----------------------------------------
    def refresh(self, problems: bool) -> Snapshot:
        """Take a new snapshot (library thread only): the problems are computed again when
        `problems` or when older than PROBLEMS_TTL, else kept."""
        old = getattr(self, "snapshot", None)
        now = time.monotonic()
        fresh = problems or old is None or now - old.problems_at > PROBLEMS_TTL
        listing = self.lib.listing(ready_only=True, problems=fresh)
        docs = [document_json(r, listing.revision_status.get(r.doc_id)) for r in listing.documents]
        fails = [{"file": f.file_name, **asdict(f)} for f in listing.failures]
        if fresh or old is None:
            probs, probs_at = listing.problems, now
        else:
            probs, probs_at = old.problems, old.problems_at
        self.snapshot = Snapshot(docs, fails, probs, now, probs_at)
        return self.snapshot

    async def current_snapshot(self) -> Snapshot:
        """The snapshot, taken again first when older than SNAPSHOT_TTL and the library
        thread is idle (an ingest running is never waited for)."""
        snap = self.snapshot
        if time.monotonic() - snap.at > SNAPSHOT_TTL and self.idle:
            snap = await self.run(self.refresh, False)
        return snap

    # -- documents (library thread) --------------------------------------------------------
    def delete(self, doc_id: str) -> None:
        """Remove a ready document (Library.remove; NotFound for one unknown or being
        ingested) and refresh the snapshot with its problems."""
        self.lib.document(doc_id)  # a document being ingested is not the API's to delete
        self.lib.remove(doc_id)
        self.refresh(True)

    def set_fields(self, doc_id: str, changes: dict) -> dict:
        """Change a document's fields (Library.set_fields: catalog and index payload, no
        re-parsing); the snapshot is refreshed so GET /api/documents shows them at once."""
        self.lib.document(doc_id)
        row = self.lib.set_fields(doc_id, changes)
        snap = self.refresh(False)
        return next((d for d in snap.documents if d["doc_id"] == doc_id), None) or document_json(row)


def get_state(request: Request) -> WebState:
    """FastAPI dependency: the WebState of the app serving `request`."""
    state: WebState = request.app.state.pincite
    return state


#: A route parameter typed `state: StateDep` receives the app's WebState.
StateDep = Annotated[WebState, Depends(get_state)]
