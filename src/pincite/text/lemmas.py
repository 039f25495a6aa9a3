"""Russian lemmas remembered across processes, so that a process whose Russian words were all
seen before never loads the morphological analyzer.

pymorphy3's analyzer takes ~0.15 s to import and load (its dictionaries), paid by every
process that meets one Russian word: a cold `pincite ask` in Russian, or in any language
over passages with Russian words. The lemma of a word depends only on the word, pymorphy3
and its dictionary, and text.analysis's choice among the parses; `LemmaMemo` keeps each
(word, lemma) computed in an SQLite table in the derived-cache folder (text.derived), named
by a key of those files (sizes and modification times), so a changed analyzer or rule gets
a new table. A word not in the table is computed (the analyzer loads then) and added.

Safety: SQLite's own locking lets processes read and add at once (INSERT OR IGNORE: two
processes adding one word agree on its lemma); additions are written in batches (at
WRITE_BATCH new words and at exit), and losing them (a crash, a full disk, a read-only
folder) costs only their recomputation. A file SQLite cannot read (damaged) is deleted and
started afresh; with caches off or no writable folder, lemmas are computed as before.
"""
from __future__ import annotations

import atexit
import importlib.util
import sqlite3
import threading
from typing import Callable

from pincite.text import derived

#: Format of the table (part of its file name): bump on any change of its layout.
FORMAT = "ru-lemmas-1"
#: New words kept in memory before they are written in one transaction.
WRITE_BATCH = 512


class LemmaMemo:
    """word -> lemma through `compute`, remembered in the derived-cache folder. Thread-safe.
    Any other string function of a string that depends only on `sources` is remembered the
    same way under another `name` (the file's prefix; text.hyphens keeps its decisions so)."""

    def __init__(self, compute: Callable[[str], str], sources: list[str], name: str = "ru-lemmas"):
        self._compute = compute
        self._sources = sources
        self._name = name
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = None
        self._opened = False
        self._pending: dict[str, str] = {}

    def _open(self) -> sqlite3.Connection | None:
        folder = derived.cache_dir()
        if folder is None:
            return None
        try:
            key = derived.source_key(self._sources, FORMAT)
        except OSError:
            return None
        path = folder / f"{self._name}-{key}.sqlite"
        for attempt in (1, 2):
            try:
                folder.mkdir(parents=True, exist_ok=True)
                db = sqlite3.connect(path, timeout=10, check_same_thread=False)
                try:
                    db.execute("CREATE TABLE IF NOT EXISTS lemma (word TEXT PRIMARY KEY, lemma TEXT NOT NULL) "
                               "WITHOUT ROWID")
                    db.commit()
                except sqlite3.OperationalError:  # a read-only folder or file: read what is there
                    pass
                db.execute("SELECT lemma FROM lemma WHERE word = ''").fetchone()
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

    def lemma(self, word: str) -> str:
        """The lemma of `word`: remembered, or computed (and remembered)."""
        with self._lock:
            if not self._opened:
                self._opened = True
                self._db = self._open()
                if self._db is not None:
                    atexit.register(self.flush)
            got = self._pending.get(word)
            if got is None and self._db is not None:
                try:
                    row = self._db.execute("SELECT lemma FROM lemma WHERE word = ?", (word,)).fetchone()
                except sqlite3.Error:
                    row = None
                got = row[0] if row else None
        if got is not None:
            return got
        got = self._compute(word)
        with self._lock:
            if self._db is not None:
                self._pending[word] = got
                if len(self._pending) >= WRITE_BATCH:
                    self._flush_locked()
        return got

    def flush(self) -> None:
        """Write the words computed since the last write (quietly dropped when it fails)."""
        with self._lock:
            self._flush_locked()

    def _flush_locked(self) -> None:
        if not self._pending or self._db is None:
            return
        try:
            with self._db:
                self._db.executemany("INSERT OR IGNORE INTO lemma VALUES (?, ?)", self._pending.items())
        except sqlite3.Error:
            pass
        self._pending.clear()


def module_sources(*modules: str) -> list[str]:
    """The files of the named modules (found without importing them), for a memo's key.
    ImportError/AttributeError when one is not installed as a file."""
    out = []
    for m in modules:
        spec = importlib.util.find_spec(m)
        if spec is None or not spec.origin:
            raise ImportError(m)
        out.append(spec.origin)
    return out
