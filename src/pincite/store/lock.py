"""Advisory locks on a data folder (fcntl.flock), released by the OS when the process dies,
so a killed ingest or rebuild never leaves a stale lock behind.

- `<data>/.lock`, the writer lock (WriterLock): every writing command (ingest, reindex,
  remove) holds it for its whole run; readers do not need it.
- `<data>/.index.lock`, the index lock (IndexLock): whoever opens the index shard holds it
  first and keeps it until the shard is closed (an ingest, `pincite ask`, `pincite serve`,
  a rebuild). Qdrant Edge's own guard of a shard is not enough: a second process opening a
  shard that another one holds changes its files before it is refused, and the holder
  then fails on its next write. A process that finds this lock taken stops before it
  touches anything under `index/`.

Order when both are taken: the writer lock first, then the index lock.
"""
from __future__ import annotations

import fcntl
import os
import time
from pathlib import Path

from pincite.errors import IndexBusy, LockHeld


class _FileLock:
    """An exclusive, non-blocking flock on `path` (created when missing) that records the
    holder's pid in the file. `_busy()` builds the error raised when another process (or
    another open of the same file in this process) holds it."""

    def __init__(self, path: Path):
        self.path = path
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        """True while this object holds the lock."""
        return self._fd is not None

    def acquire(self, wait_s: float = 0.0):
        """Take the lock; raises the class's error when it is taken, at once (`wait_s` 0,
        the default) or after trying for `wait_s` seconds (float("inf"): until it is free).
        Returns self. Taking a lock this object holds already is an error (RuntimeError)."""
        if self._fd is not None:
            raise RuntimeError(f"{self.path}: lock taken twice")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        deadline = time.monotonic() + wait_s
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    os.close(fd)
                    raise self._busy() from None
                time.sleep(0.02)
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        self._fd = fd
        return self

    def release(self) -> None:
        """Give the lock back (nothing when not held)."""
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None

    def _busy(self) -> Exception:
        raise NotImplementedError

    def __enter__(self):
        return self.acquire()

    def __exit__(self, *exc) -> None:
        self.release()


class WriterLock(_FileLock):
    """The data folder's writer lock, `<data_dir>/.lock`; raises LockHeld if taken."""

    def __init__(self, data_dir: Path):
        super().__init__(data_dir / ".lock")

    def _busy(self) -> Exception:
        return LockHeld(f"{self.path.parent}: another pincite process is writing to this data "
                        "folder; wait for it to finish")


class IndexLock(_FileLock):
    """The lock of the index shard at `index_dir`: `.<name>.lock` beside it (for
    `<data>/index`: `<data>/.index.lock`), so it survives the shard folder being replaced.
    Raises IndexBusy if taken, before anything under `index_dir` is touched."""

    def __init__(self, index_dir: Path):
        self.index_dir = index_dir
        super().__init__(index_dir.parent / f".{index_dir.name}.lock")

    def _busy(self) -> Exception:
        return IndexBusy(f"{self.index_dir}: the index is open in another pincite process (an "
                         "ingest, a rebuild or a server, for example); try again when it has finished")
