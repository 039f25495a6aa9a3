"""Originals store: every ingested file kept unchanged under its SHA-256.

Owns the `originals/` folder of the data folder and atomic file writes. Must not parse
documents or touch the catalog or index.
"""
from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

_CHUNK = 1 << 20  # read files 1 MiB at a time


def sha256_file(path: Path) -> str:
    """Return the hex SHA-256 of the file at `path` (streamed; OSError if unreadable)."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while block := f.read(_CHUNK):
            h.update(block)
    return h.hexdigest()


def atomic_write(path: Path, data: bytes) -> None:
    """Write `data` to `path` atomically: a temp file in the same folder, fsync, rename.

    A reader never sees a half-written file; on error the old file (if any) is unchanged.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class BlobStore:
    """Content-addressed originals: `<root>/<sha256[:2]>/<sha256><suffix>`."""

    def __init__(self, root: Path):
        self.root = root
        root.mkdir(parents=True, exist_ok=True)

    def path_for(self, sha256: str, suffix: str = ".pdf") -> Path:
        """Where the original with this hash is (or would be) stored."""
        return self.root / sha256[:2] / f"{sha256}{suffix}"

    def put(self, source: Path, sha256: str, suffix: str = ".pdf") -> Path:
        """Copy `source` into the store unless present; return the stored path.

        The copy is atomic and its hash is checked against `sha256` (ValueError when the
        file changed while it was being read).
        """
        dest = self.path_for(sha256, suffix)
        if dest.exists() and dest.stat().st_size == source.stat().st_size:
            return dest
        data = source.read_bytes()
        if hashlib.sha256(data).hexdigest() != sha256:
            raise ValueError(f"{source}: file changed while it was being ingested")
        atomic_write(dest, data)
        return dest

    def remove(self, sha256: str, suffix: str = ".pdf") -> None:
        """Delete a stored original (missing is fine)."""
        self.path_for(sha256, suffix).unlink(missing_ok=True)
