"""Analyses of passage texts remembered across processes: what a cold process would
otherwise recompute for every sentence it scores.

Answering splits each passage it reaches into sentences and analyses each one: its index
words (text.analysis: Russian lemmas, jieba words and bigrams, Snowball stems) and the kinds
of value it writes (answer.asked_type's value marks). A process keeps them in memory, so a
server pays once; a `pincite ask` from the shell starts empty and pays again, ~0.1 s of a
cold ask over a small library (2026-12-05, 2 cores), while the passages of one library
repeat from question to question. A `TextMemo` keeps each (text, analysis) a process
computes in an SQLite table in the derived-cache folder (text.derived), named by a key of
the files that shape the analysis (their paths, sizes and modification times), so a
changed analyzer gets a new table, as text.lemmas does for single words.

Values: a tuple of strings, stored as a JSON array; a text's value is what `compute` gives
for it, read back unchanged.

Size: at most MAX_TEXTS texts per table (the oldest written dropped first); a text longer
than MAX_TEXT_CHARS is computed and never stored (a whole document page is not a sentence a
later question scores again).

Safety: SQLite's own locking lets processes read and add at once (INSERT OR IGNORE: two
processes adding one text agree on its value); additions are written in batches (at
WRITE_BATCH new texts and at exit) and losing them costs only their recomputation. A read
or write that fails (a file locked past BUSY_S, a full disk, a damaged page) counts as a
miss or is skipped; a file SQLite cannot open is deleted and started afresh; with caches off
(PINCITE_CACHE_DIR=off) or no writable folder every value is computed. Nothing is opened at
import.
"""
from __future__ import annotations

import atexit
import json
import threading
from typing import TYPE_CHECKING, Callable, Sequence

from pincite.text import derived

if TYPE_CHECKING:
    import sqlite3
    from pathlib import Path

#: Format of the table (part of its file name): bump on any change of its layout.
FORMAT = "text-memo-1"
#: Texts kept per table: the sentences of the passages a user's questions reached.
#: 131,072 sentences of ~150 characters and their analyses are ~60 MB.
MAX_TEXTS = 131072
#: Longest text stored, in characters.
MAX_TEXT_CHARS = 2000
#: New texts kept in memory before they are written in one transaction.
WRITE_BATCH = 512
#: Seconds a read or write waits for another process's write before it counts as a miss.
BUSY_S = 0.2


class TextMemo:
    """text -> tuple of strings through `compute`, remembered in the derived-cache folder in
    the table `name` keyed by the files `sources()` lists (called once, on first use; None or
    an error there means nothing is remembered). Thread-safe."""

    def __init__(self, name: str, compute: Callable[[str], Sequence[str]],
                 sources: Callable[[], list[str] | None]):
        self._name = name
        self._compute = compute
        self._sources = sources
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = None
        self._opened = False
        self._pending: dict[str, str] = {}

    def _open(self) -> "sqlite3.Connection | None":
        try:
            sources = self._sources()
            if not sources:
                return None
            key = derived.source_key(sources, FORMAT)
        except (OSError, ImportError, AttributeError, ValueError):
            return None
        return derived.derived(f"{self._name}-{key}.sqlite", derived.empty_table(_SCHEMA), _connect)

    def get(self, text: str) -> tuple[str, ...]:
        """The value of `text`: remembered, or computed (and remembered)."""
        if len(text) > MAX_TEXT_CHARS:
            return tuple(self._compute(text))
        with self._lock:
            if not self._opened:
                self._opened = True
                self._db = self._open()
                if self._db is not None:
                    atexit.register(self.flush)
            raw = self._pending.get(text)
            if raw is None and self._db is not None:
                import sqlite3

                try:
                    row = self._db.execute("SELECT value FROM memo WHERE text = ?", (text,)).fetchone()
                except (sqlite3.Error, UnicodeEncodeError):
                    row = None
                raw = row[0] if row else None
        if raw is not None:
            try:
                return tuple(json.loads(raw))
            except ValueError:
                pass  # a damaged value: computed again below (and kept as it was)
        value = tuple(self._compute(text))
        with self._lock:
            if self._db is not None:
                self._pending[text] = json.dumps(value, ensure_ascii=False)
                if len(self._pending) >= WRITE_BATCH:
                    self._flush_locked()
        return value

    def flush(self) -> None:
        """Write the texts computed since the last write (quietly dropped when it fails)."""
        with self._lock:
            self._flush_locked()

    def _flush_locked(self) -> None:
        if not self._pending or self._db is None:
            return
        import sqlite3

        rows = list(self._pending.items())
        self._pending.clear()
        try:
            derived.add_capped(self._db, "memo", ("text", "value"), rows, MAX_TEXTS)
        except (sqlite3.Error, UnicodeEncodeError):
            pass


#: The table of a memo, built empty in a new file (derived.empty_table).
_SCHEMA = "CREATE TABLE memo (id INTEGER PRIMARY KEY, text TEXT UNIQUE NOT NULL, value TEXT NOT NULL)"


def _connect(path: "Path") -> "sqlite3.Connection":
    """A connection to a memo's published table: write-ahead log (readers never wait for a
    writer; in a read-only folder the file is read as it is), autocommit (writes open their
    own transaction: derived.add_capped), usable from several threads (TextMemo locks).
    sqlite3.Error when it is no such table (derived.derived then starts it afresh)."""
    import sqlite3

    db = sqlite3.connect(path, timeout=BUSY_S, check_same_thread=False, isolation_level=None)
    try:
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
        except sqlite3.OperationalError:  # a read-only folder or file: read what is there
            pass
        db.execute("SELECT value FROM memo WHERE text = ''").fetchone()
    except sqlite3.Error:
        db.close()
        raise
    return db


def package_sources(*packages: str) -> list[str]:
    """The .py files of the named packages of pincite ("pincite.text"), sorted, found without
    importing them: a memo of an analysis that any of them shapes is keyed by all of them.
    ImportError when one is not installed as files."""
    import importlib.util
    from pathlib import Path

    out: list[str] = []
    for name in packages:
        spec = importlib.util.find_spec(name)
        if spec is None or not spec.submodule_search_locations:
            raise ImportError(name)
        for folder in spec.submodule_search_locations:
            out += sorted(str(p) for p in Path(folder).glob("*.py"))
    return out


_memos: dict[str, TextMemo] = {}
_memos_lock = threading.Lock()


def module_sources(*modules: str) -> list[str]:
    """The files of the named modules (found without importing them), for a memo's key.
    ImportError/AttributeError when one is not installed as a file."""
    import importlib.util

    out = []
    for m in modules:
        spec = importlib.util.find_spec(m)
        if spec is None or not spec.origin:
            raise ImportError(m)
        out.append(spec.origin)
    return out


def remembered(name: str, compute: Callable[[str], Sequence[str]], *files: str,
               modules: tuple[str, ...] = ()) -> TextMemo:
    """The process's TextMemo `name` (made on first call) of `compute`, keyed by the text
    package's files (package_sources("pincite.text")), `files` (the caller's own module,
    whose rules `compute` applies) and the files of the third-party `modules` it calls
    (module_sources: an analyzer and its dictionaries), found when the memo first opens."""
    memo = _memos.get(name)
    if memo is None:
        with _memos_lock:
            memo = _memos.get(name)
            if memo is None:
                memo = _memos[name] = TextMemo(name, compute, lambda: (
                    package_sources("pincite.text") + list(files) + module_sources(*modules)))
    return memo
