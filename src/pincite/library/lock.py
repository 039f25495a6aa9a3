"""One writer per data folder: an advisory lock on `<data>/.lock` (fcntl.flock).

Every writing command (ingest, reindex, remove) holds it for its whole run; readers do
not need it. The lock is released by the OS when the process dies, so a killed ingest
never leaves a stale lock behind.
"""
from __future__ import annotations

import fcntl
import os
from pathlib import Path

from ..errors import LockHeld


class WriterLock:
    """Context manager holding the data folder's writer lock; raises LockHeld if taken."""

    def __init__(self, data_dir: Path):
        self.path = data_dir / ".lock"
        self._fd: int | None = None

    def __enter__(self) -> "WriterLock":
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise LockHeld(
                f"{self.path.parent}: another pincite process is writing to this data folder; "
                "wait for it to finish"
            ) from None
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        self._fd = fd
        return self

    def __exit__(self, *exc) -> None:
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None
