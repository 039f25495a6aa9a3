"""jieba with its prefix dictionary read per character, from a derived SQLite file.

jieba (0.42) cuts Chinese text by looking words up in a prefix dictionary (`Tokenizer.FREQ`:
every word of its dict.txt with its count, and every proper prefix of a word with 0) and
the sum of the counts (`Tokenizer.total`). It loads the whole dictionary, ~580k entries,
before it cuts anything: 0.5-0.6 s from its marshal cache on a 2-core machine, most of a
cold Chinese (or mixed-library) question.

Every key jieba looks up while cutting a text starts with a character of that text, so
the dictionary splits into buckets by first character; `tokenizer()` returns a jieba
`Tokenizer` whose FREQ loads a bucket the first time a character is seen (one SQLite row,
a marshal'd dict), from a file built once from jieba's own dictionary (text.derived). Cuts
are identical to jieba's (tests/test_derived_caches.py compares every entry and the cuts
of sample texts). When the cache cannot be used, jieba's own loading is used instead.
"""
from __future__ import annotations

import marshal
import sqlite3
import sys
import threading
from pathlib import Path

from pincite.text import derived

#: Format of the derived file (part of its name): bump on any change of its layout.
FORMAT = "zhdict-1"


class BucketFreq:
    """A read-only mapping word -> count with jieba's FREQ semantics (`in`, `[]`, `get`),
    filled one first-character bucket at a time from the derived SQLite file. Thread-safe:
    buckets are loaded under a lock; a loaded bucket is never changed."""

    def __init__(self, path: Path):
        self._db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        self._buckets: dict[str, dict[str, int]] = {}
        self._lock = threading.Lock()

    def _bucket(self, ch: str) -> dict[str, int]:
        b = self._buckets.get(ch)
        if b is None:
            with self._lock:
                b = self._buckets.get(ch)
                if b is None:
                    try:
                        row = self._db.execute("SELECT data FROM bucket WHERE head = ?", (ch,)).fetchone()
                    except UnicodeEncodeError:  # a lone surrogate: in no dictionary
                        row = None
                    b = marshal.loads(row[0]) if row else {}
                    self._buckets[ch] = b
        return b

    def __contains__(self, word: str) -> bool:
        return bool(word) and word in self._bucket(word[0])

    def __getitem__(self, word: str) -> int:
        if not word:
            raise KeyError(word)
        return self._bucket(word[0])[word]

    def get(self, word: str, default=None):
        return self._bucket(word[0]).get(word, default) if word else default


def write_buckets(db: sqlite3.Connection, dict_file) -> int:
    """Write jieba's prefix dictionary of `dict_file` (an open binary file of "word count
    [tag]" lines, as jieba reads it; closed here) into `db` as table `bucket` (first
    character -> marshal'd {key: count}); returns the counts' total."""
    import jieba

    freq, total = jieba.Tokenizer.gen_pfdict(dict_file)
    buckets: dict[str, dict[str, int]] = {}
    for word, n in freq.items():
        buckets.setdefault(word[0], {})[word] = n
    db.execute("CREATE TABLE bucket (head TEXT PRIMARY KEY, data BLOB NOT NULL) WITHOUT ROWID")
    db.executemany("INSERT INTO bucket VALUES (?, ?)", ((h, marshal.dumps(b)) for h, b in buckets.items()))
    return total


def over_buckets(path: Path, total: int):
    """A jieba Tokenizer, ready to cut, whose prefix dictionary is the `bucket` table of the
    SQLite file at `path` (write_buckets) with the counts' `total`."""
    jieba = _import_jieba()
    tk = jieba.Tokenizer()
    tk.FREQ, tk.total, tk.initialized = BucketFreq(path), total, True
    return tk


def _build(tmp: Path) -> None:
    import jieba

    tmp.unlink()  # sqlite wants to create the file itself
    db = sqlite3.connect(tmp)
    try:
        total = write_buckets(db, jieba.get_dict_file())
        db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value) WITHOUT ROWID")
        db.executemany("INSERT INTO meta VALUES (?, ?)", [("format", FORMAT), ("total", total)])
        db.commit()
    finally:
        db.close()


def _open(path: Path) -> tuple[BucketFreq, int]:
    freq = BucketFreq(path)
    meta = dict(freq._db.execute("SELECT key, value FROM meta").fetchall())
    if meta.get("format") != FORMAT or not isinstance(meta.get("total"), int):
        raise ValueError(f"{path}: not a {FORMAT} file")
    return freq, meta["total"]


def _import_jieba():
    """`import jieba`, without letting it import pkg_resources.

    jieba 0.42 imports pkg_resources only to open files of its own package, and falls back
    to a plain `open` of the same file when the import fails; importing pkg_resources scans
    every installed distribution (0.05-0.7 s with ~240 installed, most of jieba's import).
    When nothing has imported pkg_resources yet, it is marked missing for the duration of
    jieba's import (a None entry in sys.modules makes an import raise ImportError) and the
    mark removed afterwards, so a later `import pkg_resources` works as usual."""
    if "jieba" in sys.modules or "pkg_resources" in sys.modules:
        import jieba

        return jieba
    sys.modules["pkg_resources"] = None  # type: ignore[assignment]
    try:
        import jieba
    finally:
        if sys.modules.get("pkg_resources", 0) is None:
            del sys.modules["pkg_resources"]
    return jieba


def tokenizer():
    """A jieba Tokenizer with jieba's default dictionary, ready to cut (`lcut`): backed by
    the derived per-character file when the cache folder allows it, else jieba's own
    default tokenizer initialised the usual way (its whole dictionary loaded)."""
    jieba = _import_jieba()

    jieba.setLogLevel(60)
    source = jieba.get_dict_file()
    try:
        name = getattr(source, "name", None)
    finally:
        source.close()
    found = None
    if name:
        try:
            key = derived.source_key([name], FORMAT, jieba.__version__)
        except OSError:
            key = None
        if key:
            found = derived.derived(f"jieba-{key}.sqlite", _build, _open)
    if found is None:
        jieba.initialize()
        return jieba.dt
    freq, total = found
    tk = jieba.Tokenizer()
    tk.FREQ, tk.total, tk.initialized = freq, total, True
    return tk
