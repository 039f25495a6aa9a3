"""Vectors of the texts embedded at question time, kept between processes: a derived SQLite
file per local embedder.

Answering embeds, besides the question, every distinct word of the passages it reaches,
each word alone (soft word matching, answer.soft), and the candidate windows (their cosine
to the question): several hundred texts per question, ~0.25-0.35 s of a cold `pincite ask`
on a 2-core machine, while the words and windows of one library's passages repeat from
question to question. A text's vector depends only on the text and the embedder (its model
files pinned by its name and version), not on the library, so the vectors one process
computes are kept here, in the derived-cache folder (text.derived), for every later process
of that user and embedder: a question whose words and windows were all seen before embeds
none of them. Passages embedded at ingest are not kept here (the index holds them).

Values: a stored vector is the float32 row the embedder returned, bit for bit. A word
embedded in another batch may differ from the same word embedded in this one by float
rounding only (USE: at most 2e-7 per component), as the in-process caches already allow
(text.embed.VectorCache).

Size: at most MAX_TEXTS texts (the oldest written dropped first); each is dim x 4 bytes and
the text.

Safety: a file that fails to open is deleted and rebuilt (text.derived); a read or write
that fails (the file locked by another process past BUSY_S, a full disk, a damaged page)
counts as a miss or is skipped: the store never fails a question. ``PINCITE_CACHE_DIR=off``
turns it off with the other derived caches. Nothing is opened at import.
"""
from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Sequence

from pincite.text import derived

if TYPE_CHECKING:
    import numpy as np

#: Format of the file (part of its name): bump on any change of its layout.
FORMAT = "text-vectors-1"
#: Most texts kept: a small library's vocabulary is a few thousand words, the shared
#: corpus's (37 documents, 3 languages) tens of thousands; 65,536 x 512 float32 is 128 MiB.
MAX_TEXTS = 65536
#: Texts per SQL statement (below SQLite's default limit of 32,766 host parameters).
_BATCH = 500
#: Seconds a read or write waits for another process's write before it counts as a miss.
BUSY_S = 0.2


class VectorStore:
    """text -> float32 vector of one embedder (`dim` components), in the SQLite file `path`.
    Thread-safe (one connection behind a lock)."""

    def __init__(self, path: Path, dim: int):
        self.path, self.dim = path, dim
        self._db = sqlite3.connect(path, timeout=BUSY_S, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        try:
            self._db.execute("PRAGMA journal_mode=WAL")  # readers never wait for a writer
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("SELECT count(*) FROM vectors WHERE rowid = 0").fetchone()
        except sqlite3.Error:
            self._db.close()
            raise

    def get(self, texts: Sequence[str]) -> dict[str, "np.ndarray"]:
        """The stored vectors of `texts` (shape (dim,) float32 each, read-only); texts not
        stored, or not readable now, are absent."""
        import numpy as np

        out: dict[str, np.ndarray] = {}
        size = self.dim * 4
        texts = [t for t in texts if _storable(t)]
        with self._lock:
            try:
                for i in range(0, len(texts), _BATCH):
                    part = texts[i:i + _BATCH]
                    marks = ",".join("?" * len(part))
                    for text, blob in self._db.execute(
                            f"SELECT text, vec FROM vectors WHERE text IN ({marks})", part):
                        if len(blob) == size:
                            out[text] = np.frombuffer(blob, dtype=np.float32)
            except sqlite3.Error:
                return out
        return out

    def put(self, vectors: dict[str, "np.ndarray"]) -> None:
        """Store `vectors` (text -> shape (dim,) array, written as float32), keeping a text
        stored already; then drop the oldest texts beyond MAX_TEXTS. Skipped when the file
        cannot be written now."""
        import numpy as np

        rows = [(t, np.ascontiguousarray(v, dtype=np.float32).tobytes()) for t, v in vectors.items()
                if v.shape == (self.dim,) and _storable(t)]
        if not rows:
            return
        with self._lock:
            try:
                derived.add_capped(self._db, "vectors", ("text", "vec"), rows, MAX_TEXTS)
            except sqlite3.Error:
                return

    def through(self, embed: Callable[[list[str]], "np.ndarray"]) -> Callable[[list[str]], "np.ndarray"]:
        """`embed` (list of texts -> (n, dim) array) answering from this store first: only
        the texts not stored are passed to `embed`, and their vectors are stored."""
        import numpy as np

        def call(texts: list[str]) -> np.ndarray:
            known = self.get(texts)
            todo = [t for t in texts if t not in known]
            if todo:
                fresh = dict(zip(todo, embed(todo)))
                self.put(fresh)
                known.update(fresh)
            if not texts:
                return np.zeros((0, self.dim), dtype=np.float32)
            return np.stack([known[t] for t in texts]).astype(np.float32, copy=False)

        return call

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._db.close()


def _storable(text: str) -> bool:
    """Whether SQLite can hold `text` (UTF-8: a lone surrogate cannot be written)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def open_store(name: str, version: str, dim: int) -> VectorStore | None:
    """The vector store of the embedder `name` at `version` (its vectors have `dim`
    components), created when missing; None when derived caches are off or the folder
    cannot be written."""
    key = derived.source_key([], FORMAT, name, version, str(dim))
    return derived.derived(f"vectors-{key}.sqlite",
                           derived.empty_table("CREATE TABLE vectors (text TEXT NOT NULL UNIQUE, vec BLOB NOT NULL)"),
                           lambda path: VectorStore(path, dim))
