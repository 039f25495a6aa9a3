"""Distributed ingest: files queued as jobs in the shared (PostgreSQL) catalog and ingested by
any number of `pincite worker` processes, on any machines that mount the shared folders.

A job goes through the worker like one file of `pincite ingest`, with the work split so
the workers overlap where it costs: hashing, reading (extraction, OCR), chunking, analysis
and embedding run with no lock; then, under the document's advisory lock and with the
index open for that write only (`indexing.session`: an Edge shard takes its turn
under the index lock), the usual two-phase write (original, model, pending points, pending
catalog row, then ready). A reader therefore never sees a half-written document, and a
worker killed at any point leaves its job to be taken again when its lease ends
(pgcatalog.PostgresCatalog.claim); the next taker replaces the pending leftovers of the
same bytes. While a job runs, a thread renews its lease every third of its length.

Entry points are Library.enqueue / Library.jobs / Library.work; this module holds their
work.
"""
from __future__ import annotations

import os
import socket
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Mapping

from pincite.errors import FieldError, IngestError, LibraryError, shown
from pincite.library import indexing, ingest
from pincite.library.inputs import IngestResult, checked_fields, expand_paths, unit_of_path
from pincite.store.blobs import sha256_file
from pincite.store.fields import resolve_fields

if TYPE_CHECKING:
    from pincite.library.facade import Library
    from pincite.store.catalog import SharedCatalogStore
    from pincite.store.pgcatalog import JobRow

#: Default lease of a job (seconds; Settings-free, `pincite worker --lease`): how long a
#: killed worker's job waits before another worker takes it. Renewed every third of it
#: while the worker is alive, so it bounds the wait after a death, not the job's length.
LEASE_S = 60.0
#: Seconds an idle worker waits before asking for a job again (`--poll`).
POLL_S = 2.0


@dataclass
class Enqueued:
    """One file given to `enqueue`: its job id, `path` (absolute), and whether a new job
    was queued (`added`) or one was already waiting for the path; or `reason` when the
    file could not be queued (then `job_id` is None)."""

    path: str
    job_id: int | None
    added: bool
    reason: str = ""


@dataclass
class JobOutcome:
    """What one worker did with one job: the job, the ingest `status` (added | replaced |
    skipped | failed), pages (units of kind `unit`: library.inputs.unit_kind), chunks,
    reason, seconds, and `kept` (False when its lease had
    been lost meanwhile, so another worker's outcome stands). `index_wait_s`: seconds spent
    waiting for the index lock (another worker writing), `index_held_s`: seconds it held it,
    opening and closing the shard included (the part of a job that workers cannot overlap
    on an Edge index)."""

    job: "JobRow"
    status: str
    pages: int = 0
    chunks: int = 0
    reason: str = ""
    seconds: float = 0.0
    kept: bool = True
    index_wait_s: float = 0.0
    index_held_s: float = 0.0
    unit: str = "pdf"


def _shared(lib: "Library") -> "SharedCatalogStore":
    if not lib.catalog.shared:
        raise LibraryError("the job queue lives in a shared catalog: set PINCITE_CATALOG_URL to a "
                           "postgresql:// database (and PINCITE_BLOBS to a folder every worker mounts)")
    return lib.catalog  # type: ignore[return-value]


def enqueue(lib: "Library", paths: Iterable[Path | str], fields: "Mapping | None" = None) -> list[Enqueued]:
    """Queue every file of `paths` (folders recurse as in `Library.ingest`) as a job. Each
    file's document fields are resolved now (manifest, sidecar, then `fields`), so the
    worker needs only the file. The path stored is absolute: workers on other machines
    must see the file at the same path (shared storage). LibraryError without a shared
    catalog."""
    catalog = _shared(lib)
    explicit = checked_fields(fields)
    paths = list(paths)
    roots = [Path(p) for p in paths if Path(p).is_dir()]
    out: list[Enqueued] = []
    todo: list[tuple[str, str, dict]] = []
    for f in expand_paths(paths, exclude=lib.root):
        source = str(f.resolve())
        try:
            wanted = checked_fields(resolve_fields(f, explicit, roots))
        except (FieldError, OSError) as e:
            out.append(Enqueued(source, None, False, reason=f"{f}: document fields: {e}"))
            continue
        todo.append((source, source, wanted))
    for job, added in catalog.enqueue(todo):
        out.append(Enqueued(job.path, job.id, added))
    return out


def worker_name() -> str:
    """A name unique to this worker process: host, pid and a random suffix."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:6]}"


class _Lease:
    """Renews `job`'s lease every `lease_s`/3 seconds on its own connection (the worker's
    is busy) until stopped; `lost` is set when the job was taken over."""

    def __init__(self, catalog: "SharedCatalogStore", job: "JobRow", lease_s: float):
        self.catalog, self.job, self.lease_s = catalog, job, lease_s
        self.lost = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"lease-{job.id}", daemon=True)

    def __enter__(self) -> "_Lease":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        conn = None
        try:
            conn = self.catalog.reopen()
            while not self._stop.wait(self.lease_s / 3):
                if not conn.renew(self.job, self.lease_s):
                    self.lost.set()
                    return
        except Exception:  # noqa: BLE001 - a renewal that fails lets the lease run out
            pass
        finally:
            if conn is not None:
                conn.close()


def run_job(lib: "Library", job: "JobRow", lease_s: float = LEASE_S) -> JobOutcome:
    """Ingest `job`'s file into `lib` as described in the module docstring and record the
    outcome on the job (unless the lease was lost). A file that cannot be ingested fails
    its job with the reason; it never raises for that."""
    catalog = _shared(lib)
    t0 = time.perf_counter()
    path = Path(job.path)
    timing: dict[str, float] = {}
    unit = unit_of_path(path)
    with _Lease(catalog, job, lease_s) as lease:
        try:
            res = _ingest_job(lib, catalog, job, path, timing)
            status, pages, chunks, reason = res.status, res.pages, res.chunks, res.reason
            doc_id, unit = res.doc_id, res.unit
        except LibraryError as e:  # a disk too full, an index that cannot be opened
            status, pages, chunks, reason, doc_id = "failed", 0, 0, f"{shown(path)}: {e}", None
        except (ValueError, RuntimeError, KeyError, TypeError, AttributeError, IndexError) as e:
            # a fault of this file's reading that no check foresaw: fail the job, keep working
            status, pages, chunks, doc_id = "failed", 0, 0, None
            reason = f"{shown(path)}: unexpected {type(e).__name__}: {shown(e)}"
        kept = not lease.lost.is_set() and catalog.finish(
            job, failed=status == "failed", status=status, doc_id=doc_id, pages=pages, chunks=chunks,
            reason=reason)
    return JobOutcome(job, status, pages, chunks, reason, time.perf_counter() - t0, kept,
                      timing.get("wait", 0.0), timing.get("held", 0.0), unit)


def _ingest_job(lib: "Library", catalog: "SharedCatalogStore", job: "JobRow", path: Path,
                timing: dict[str, float]):
    if not path.is_file():
        reason = f"{shown(path)}: not a file on this worker (workers must see queued files at the same path)"
        catalog.record_failure(job.source, path.name, None, reason)
        return IngestResult(job.source, "failed", reason=reason)
    try:
        sha = sha256_file(path)
    except OSError as e:
        return IngestResult(job.source, "failed", reason=f"{shown(path)}: cannot read ({e.strerror or e})")
    catalog.set_job_doc(job, sha[:16])
    row = catalog.get(sha[:16])
    extracted = None
    if row is None or row.state != "ready":  # read, chunk and embed outside any lock
        try:
            extracted = lib._reader().read(path, sha, None)
            analysed = extracted.analysed  # (chunks, token lists, term counts): Library._reader's
            assert analysed is not None, "Library._reader analyses what it reads"
            extracted.dense = lib.embed_passages(analysed.chunks)
        except IngestError as e:  # recorded as ingest.ingest_one records it, no index needed
            catalog.record_failure(job.source, path.name, None, e.reason + (f" ({e.detail})" if e.detail else ""))
            return IngestResult(job.source, "failed", reason=str(e))
        except OSError as e:
            catalog.record_failure(job.source, path.name, None, f"cannot read: {e.strerror or e}")
            return IngestResult(job.source, "failed", reason=f"{shown(path)}: cannot read ({e.strerror or e})")

    def ahead(p: Path, s: str):
        return extracted

    t0 = time.perf_counter()
    try:
        lib.index_lock_wait_s = 0.0
        with indexing.session(lib):
            timing["wait"] = lib.index_lock_wait_s
            try:
                return ingest.ingest_one(lib, path, None, job.source, dict(job.fields), ahead)
            finally:
                timing["held"] = time.perf_counter() - t0 - timing["wait"]
    finally:
        if extracted is not None:
            extracted.cleanup()


def work(lib: "Library", *, lease_s: float = LEASE_S, poll_s: float = POLL_S, drain: bool = False,
         max_jobs: int | None = None, stop: threading.Event | None = None,
         on_outcome: Callable[[JobOutcome], None] | None = None, name: str | None = None) -> list[JobOutcome]:
    """Take and run jobs until `stop` is set, `max_jobs` were run, or (with `drain`) no job
    is queued or running any more (a running one may still come back when its worker died).
    Idle, it asks again every `poll_s` seconds. Before the first job, pending rows that a
    dead ingest left (and nobody is writing) are removed. Returns the outcomes in order."""
    catalog = _shared(lib)
    name = name or worker_name()
    stop = stop or threading.Event()
    if lib.catalog.documents(state="pending"):
        with indexing.session(lib):
            ingest.cleanup_shared(lib)
    outcomes: list[JobOutcome] = []
    while not stop.is_set() and (max_jobs is None or len(outcomes) < max_jobs):
        job = catalog.claim(name, lease_s)
        if job is None:
            counts = catalog.job_counts()
            if drain and counts["queued"] == 0 and counts["running"] == 0:
                break
            stop.wait(poll_s)
            continue
        outcome = run_job(lib, job, lease_s)
        outcomes.append(outcome)
        if on_outcome:
            on_outcome(outcome)
    return outcomes
