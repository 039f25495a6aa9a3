"""Free space on the data folder's file system, checked before pincite writes.

The index (Qdrant Edge) writes through memory-mapped files: when the disk cannot back a
page, the process is killed by SIGBUS with no message, so pincite checks the free space
first and stops with DiskFull ("disk full at <path>") while nothing is half-written. Writes
that still fail with ENOSPC are turned into the same error by `disk_full`.
"""
from __future__ import annotations

import errno
import shutil
from pathlib import Path

from pincite.errors import DiskFull

#: An ingest needs this many times the file's size besides the floor: the stored original,
#: its extracted text and its share of the index.
INGEST_FACTOR = 4
MIB = 1024 * 1024


def free_bytes(path: Path) -> int:
    """Free bytes (for this user) on the file system of `path`, or of its nearest existing
    parent when `path` does not exist yet."""
    p = Path(path).absolute()
    while not p.exists() and p != p.parent:
        p = p.parent
    return shutil.disk_usage(p).free


def require_free(path: Path, need_bytes: int, doing: str) -> None:
    """DiskFull unless the file system of `path` has `need_bytes` free; `doing` names the
    work in the message ("to open the index", "to store manual.pdf")."""
    free = free_bytes(path)
    if free < need_bytes:
        raise DiskFull(f"disk full at {path}: {free / MIB:.1f} MiB free, {need_bytes / MIB:.0f} MiB needed "
                       f"{doing}; nothing was lost. Free some space (or lower PINCITE_MIN_FREE_MB) "
                       "and run the command again")


def disk_full(exc: OSError, path: Path) -> DiskFull | None:
    """The DiskFull error for an OSError that is ENOSPC (or EDQUOT), else None."""
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
        return DiskFull(f"disk full at {path} ({exc.strerror or exc}); nothing was lost. Free some "
                        "space and run the command again")
    return None
