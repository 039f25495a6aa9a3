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


#: Suffix of a derived file stored beside an original, before its own suffix: the PDF that
#: LibreOffice made of a DOCX is `<sha256>.converted.pdf`.
DERIVED = ".converted"
#: Suffix of originals stored before each original kept its own suffix: every original,
#: whatever its type, was `<sha256>.pdf`. Still found by `path_for`.
LEGACY_SUFFIX = ".pdf"


class BlobStore:
    """Content-addressed originals: `<root>/<sha256[:2]>/<sha256><suffix>`, the suffix of the
    original's type (".pdf", ".docx", ".xlsx", ...; libraries written before stored every
    original as ".pdf", and those are still found), and files derived from an original
    beside it: `<sha256>.converted<suffix>` (the PDF LibreOffice made of a DOCX)."""

    def __init__(self, root: Path):
        self.root = root
        root.mkdir(parents=True, exist_ok=True)

    def path_for(self, sha256: str, suffix: str | None = None) -> Path:
        """Where the original with this hash is (or would be) stored.

        With `suffix` (".docx"), the path of that name. Without one, the original stored for
        this hash, whatever its suffix (the one a library written before this version gave
        every file, ".pdf", included); `<sha256>.pdf` when none is stored (for messages)."""
        if suffix is not None:
            return self.root / sha256[:2] / f"{sha256}{suffix}"
        return self._stored(sha256) or self.root / sha256[:2] / f"{sha256}{LEGACY_SUFFIX}"

    def _stored(self, sha256: str) -> Path | None:
        """The stored original of this hash (any suffix, never a derived file), or None."""
        folder = self.root / sha256[:2]
        found = sorted((f for f in folder.glob(f"{sha256}.*") if f.is_file() and f.name.count(".") == 1),
                       key=lambda f: (f.suffix == LEGACY_SUFFIX, f.name))  # a legacy copy last
        return found[0] if found else None

    def put(self, source: Path, sha256: str, suffix: str = ".pdf") -> Path:
        """Copy `source` into the store as `<sha256><suffix>` unless this hash is stored
        already (under any suffix: the same bytes); return the stored path.

        The copy is atomic and its hash is checked against `sha256` (ValueError when the
        file changed while it was being read).
        """
        stored = self._stored(sha256)
        if stored is not None and stored.stat().st_size == source.stat().st_size:
            return stored
        dest = self.path_for(sha256, suffix)
        data = source.read_bytes()
        if hashlib.sha256(data).hexdigest() != sha256:
            raise ValueError(f"{source}: file changed while it was being ingested")
        atomic_write(dest, data)
        return dest

    def derived_path(self, sha256: str, suffix: str = ".pdf") -> Path:
        """Where the file derived from the original `sha256` with this suffix is (or would
        be) stored: `<sha256>.converted<suffix>`."""
        return self.root / sha256[:2] / f"{sha256}{DERIVED}{suffix}"

    def put_derived(self, source: Path, sha256: str, suffix: str = ".pdf") -> Path:
        """Copy `source` (a file made from the original `sha256`) atomically to
        `derived_path(sha256, suffix)`, replacing any earlier one; return that path."""
        dest = self.derived_path(sha256, suffix)
        atomic_write(dest, Path(source).read_bytes())
        return dest

    def remove(self, sha256: str) -> None:
        """Delete the stored original of this hash (under any suffix) and the files derived
        from it (missing is fine)."""
        folder = self.root / sha256[:2]
        for f in folder.glob(f"{sha256}.*"):
            if f.is_file():
                f.unlink(missing_ok=True)

    @staticmethod
    def sha_of(path: Path) -> str:
        """The hash a stored file (original or derived) belongs to: its name up to the first
        dot ('' for a temporary file, whose name starts with one)."""
        return path.name.split(".", 1)[0]
