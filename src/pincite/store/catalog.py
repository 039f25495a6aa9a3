"""The catalog: one row per document, failed files, term statistics, settings.

`CatalogStore` is what the Library calls on a catalog; two implementations stand behind
it. `Catalog` (here, the default) owns `<data>/catalog.sqlite`; every change is one
transaction, so a crash leaves either the old or the new state, and one process writes at
a time (the data folder's writer lock). `store.pgcatalog.PostgresCatalog` keeps the same
tables in a PostgreSQL database that many processes on many machines write at once
(selected by `PINCITE_CATALOG_URL`, see store.select.open_catalog). Must not parse documents or talk
to the index.
"""
from __future__ import annotations

import json
import sqlite3
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ContextManager, Iterable, Iterator, Mapping, Protocol

from pincite.store.fields import DocFields

#: Key in a term-frequency Counter that carries the chunk count (see Catalog.add_term_df).
CHUNKS_KEY = "\x00chunks"

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS documents (
    doc_id TEXT PRIMARY KEY,
    sha256 TEXT NOT NULL,
    file_name TEXT NOT NULL,
    source_path TEXT NOT NULL,
    mime TEXT NOT NULL,
    size INTEGER NOT NULL,
    pages INTEGER NOT NULL,
    chunks INTEGER NOT NULL DEFAULT 0,
    title TEXT NOT NULL DEFAULT '',
    language TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL,
    warnings TEXT NOT NULL DEFAULT '[]',
    ingested_at REAL NOT NULL,
    model TEXT,
    modifications TEXT NOT NULL DEFAULT '[]',
    revision TEXT,
    trust TEXT NOT NULL DEFAULT 'reference',
    valid_from TEXT,
    valid_to TEXT,
    source_url TEXT
);
CREATE INDEX IF NOT EXISTS documents_source ON documents(source_path);
CREATE TABLE IF NOT EXISTS failures (
    source_path TEXT PRIMARY KEY,
    file_name TEXT NOT NULL,
    sha256 TEXT,
    reason TEXT NOT NULL,
    at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS term_df (term TEXT PRIMARY KEY, df INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS registry (
    row INTEGER NOT NULL,
    model TEXT NOT NULL,
    modification TEXT NOT NULL,
    revision TEXT NOT NULL,
    status TEXT NOT NULL,
    current INTEGER NOT NULL,
    serial_from TEXT,
    serial_to TEXT,
    valid_from TEXT,
    checked_at TEXT,
    checked_source TEXT,
    PRIMARY KEY (model, modification, revision)
);
"""
#: Columns of the registry table (store.registry), in CSV order after `row`.
REGISTRY_COLUMNS = ("model", "modification", "revision", "status", "current", "serial_from",
                    "serial_to", "valid_from", "checked_at", "checked_source")

#: Document-field columns added after the first schema: (name, SQL type and default). A
#: catalog made before them gets them on open (ALTER TABLE ... ADD COLUMN), its documents
#: keeping trust "reference" and no model, modification or revision.
FIELD_COLUMNS = (
    ("model", "TEXT"),
    ("modifications", "TEXT NOT NULL DEFAULT '[]'"),
    ("revision", "TEXT"),
    ("trust", "TEXT NOT NULL DEFAULT 'reference'"),
    ("valid_from", "TEXT"),
    ("valid_to", "TEXT"),
    ("source_url", "TEXT"),
)
CATALOG_COLUMNS = ("doc_id", "sha256", "file_name", "source_path", "mime", "size", "pages", "chunks",
            "title", "language", "state", "warnings", "ingested_at") + tuple(c for c, _ in FIELD_COLUMNS)


@dataclass
class DocumentRow:
    """A catalog row. `state` is "pending" (being ingested, not searchable) or "ready"."""

    doc_id: str
    sha256: str
    file_name: str
    source_path: str
    mime: str
    size: int
    pages: int
    chunks: int
    title: str
    language: str
    state: str
    warnings: list[str] = field(default_factory=list)
    ingested_at: float = 0.0
    model: str | None = None
    modifications: list[str] = field(default_factory=list)
    revision: str | None = None
    trust: str = "reference"
    valid_from: str | None = None
    valid_to: str | None = None
    source_url: str | None = None

    def fields(self) -> DocFields:
        """The document fields of this row (language: the catalog's, detected or given)."""
        return DocFields(model=self.model, modifications=list(self.modifications),
                         revision=self.revision, trust=self.trust, language=self.language or None,
                         valid_from=self.valid_from, valid_to=self.valid_to, source_url=self.source_url)


@dataclass
class FailureRow:
    """A file that could not be ingested, with the reason shown to the user."""

    source_path: str
    file_name: str
    sha256: str | None
    reason: str
    at: float


class CatalogStore(Protocol):
    """What the Library needs of a catalog (SQLite `Catalog`, `pgcatalog.PostgresCatalog`).

    `shared` is False for a catalog one process writes at a time (under the data folder's
    writer lock), True for one that many processes write at once; such a catalog also takes
    jobs (`pgcatalog.PostgresCatalog.enqueue` and the rest) and per-document locks.
    `transaction()` makes the writes inside it one transaction (nested uses join the outer
    one). `location` names the catalog for messages (a path, or a URL without password).
    """

    shared: bool
    location: str

    def close(self) -> None: ...
    def transaction(self) -> ContextManager[None]: ...
    def get_meta(self, key: str) -> str | None: ...
    def set_meta(self, key: str, value: str) -> None: ...
    def delete_meta(self, key: str) -> None: ...
    def documents(self, state: str | None = None) -> list[DocumentRow]: ...
    def get(self, doc_id: str) -> DocumentRow | None: ...
    def by_source(self, source_path: str) -> list[DocumentRow]: ...
    def put(self, row: DocumentRow) -> None: ...
    def set_state(self, doc_id: str, state: str) -> None: ...
    def set_fields(self, doc_id: str, f: DocFields) -> None: ...
    def set_chunks(self, doc_id: str, chunks: int) -> None: ...
    def delete(self, doc_id: str) -> None: ...
    def record_failure(self, source_path: str, file_name: str, sha256: str | None, reason: str,
                       at: float | None = None) -> None: ...
    def clear_failure(self, source_path: str) -> None: ...

    def failures(self) -> list[FailureRow]: ...
    def replace_registry(self, rows: list[dict], source: str) -> None: ...
    def registry_rows(self) -> list[dict]: ...
    def add_term_df(self, df: Counter, sign: int = 1) -> None: ...
    def replace_term_df(self, df: Counter) -> None: ...
    def term_df(self, terms: Iterable[str]) -> dict[str, int]: ...
    def all_term_df(self) -> dict[str, int]: ...
    def chunk_count(self) -> int: ...
    def meta_items(self) -> dict[str, str]: ...


class SharedCatalogStore(CatalogStore, Protocol):
    """A catalog many processes write at once (`shared` True): per-document locks and the
    queue of ingest jobs besides the CatalogStore calls (pgcatalog.PostgresCatalog, where
    each is documented)."""

    def reopen(self) -> "SharedCatalogStore": ...
    def doc_lock(self, doc_id: str) -> ContextManager[None]: ...
    def try_doc_lock(self, doc_id: str) -> bool: ...
    def release_doc_lock(self, doc_id: str) -> None: ...
    def live_doc_ids(self) -> set[str]: ...
    def enqueue(self, jobs: list[tuple[str, str, dict]]) -> list: ...
    def claim(self, worker: str, lease_s: float): ...
    def renew(self, job, lease_s: float) -> bool: ...
    def set_job_doc(self, job, doc_id: str) -> None: ...
    def finish(self, job, *, failed: bool, status: str, doc_id: str | None = None, pages: int = 0,
               chunks: int = 0, reason: str = "") -> bool: ...
    def jobs(self, state: str | None = None, limit: int = 1000) -> list: ...
    def job_counts(self) -> dict[str, int]: ...


class Catalog:
    """Thin wrapper over the SQLite catalog file (`path`); created when missing."""

    shared = False

    def __init__(self, path: Path):
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.location = str(path)
        self.db = sqlite3.connect(path, timeout=30, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.executescript(SCHEMA)
        self._migrate()

    def _migrate(self) -> None:
        """Add the columns a catalog of an older schema lacks (FIELD_COLUMNS)."""
        have = {r[1] for r in self.db.execute("PRAGMA table_info(documents)")}
        missing = [(c, t) for c, t in FIELD_COLUMNS if c not in have]
        if not missing:
            return
        with self._tx():
            have = {r[1] for r in self.db.execute("PRAGMA table_info(documents)")}  # another process?
            for c, t in missing:
                if c not in have:
                    self.db.execute(f"ALTER TABLE documents ADD COLUMN {c} {t}")

    def close(self) -> None:
        self.db.close()

    # -- meta ---------------------------------------------------------------------
    def get_meta(self, key: str) -> str | None:
        row = self.db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return row[0] if row else None

    def set_meta(self, key: str, value: str) -> None:
        self.db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (key, value))

    def delete_meta(self, key: str) -> None:
        self.db.execute("DELETE FROM meta WHERE key=?", (key,))

    # -- documents ------------------------------------------------------------------
    def documents(self, state: str | None = None) -> list[DocumentRow]:
        """All documents (optionally only those in `state`), ordered by file name."""
        sql = "SELECT * FROM documents"
        args: tuple = ()
        if state:
            sql, args = sql + " WHERE state=?", (state,)
        return [self._row(r) for r in self._rows(sql + " ORDER BY file_name, doc_id", args)]

    def get(self, doc_id: str) -> DocumentRow | None:
        rows = list(self._rows("SELECT * FROM documents WHERE doc_id=?", (doc_id,)))
        return self._row(rows[0]) if rows else None

    def by_source(self, source_path: str) -> list[DocumentRow]:
        """Documents ingested from `source_path` (normally at most one ready)."""
        rows = self._rows("SELECT * FROM documents WHERE source_path=?", (source_path,))
        return [self._row(r) for r in rows]

    def put(self, row: DocumentRow) -> None:
        """Insert or replace a document row and clear any failure for its source path."""
        with self._tx():
            self.db.execute(
                "INSERT OR REPLACE INTO documents (%s) VALUES (%s)"
                % (",".join(CATALOG_COLUMNS), ",".join("?" * len(CATALOG_COLUMNS))),
                (row.doc_id, row.sha256, row.file_name, row.source_path, row.mime, row.size,
                 row.pages, row.chunks, row.title, row.language, row.state,
                 json.dumps(row.warnings, ensure_ascii=False), row.ingested_at or time.time(),
                 row.model, json.dumps(row.modifications, ensure_ascii=False), row.revision,
                 row.trust, row.valid_from, row.valid_to, row.source_url),
            )
            self.db.execute("DELETE FROM failures WHERE source_path=?", (row.source_path,))

    def set_state(self, doc_id: str, state: str) -> None:
        self.db.execute("UPDATE documents SET state=? WHERE doc_id=?", (state, doc_id))

    def set_fields(self, doc_id: str, f: DocFields) -> None:
        """Store the document fields of `doc_id` (language too, when given)."""
        self.db.execute(
            "UPDATE documents SET model=?, modifications=?, revision=?, trust=?, valid_from=?, "
            "valid_to=?, source_url=?, language=COALESCE(?, language) WHERE doc_id=?",
            (f.model, json.dumps(f.modifications, ensure_ascii=False), f.revision, f.trust,
             f.valid_from, f.valid_to, f.source_url, f.language, doc_id))

    def delete(self, doc_id: str) -> None:
        self.db.execute("DELETE FROM documents WHERE doc_id=?", (doc_id,))

    # -- failures -------------------------------------------------------------------
    def record_failure(self, source_path: str, file_name: str, sha256: str | None, reason: str,
                       at: float | None = None) -> None:
        """Record why `source_path` failed (`at`: when, Unix seconds; default now)."""
        self.db.execute(
            "INSERT OR REPLACE INTO failures VALUES (?,?,?,?,?)",
            (source_path, file_name, sha256, reason, at or time.time()),
        )

    def clear_failure(self, source_path: str) -> None:
        """Forget the failure recorded for `source_path` (it was ingested since)."""
        self.db.execute("DELETE FROM failures WHERE source_path=?", (source_path,))

    def failures(self) -> list[FailureRow]:
        return [FailureRow(*r) for r in self.db.execute("SELECT * FROM failures ORDER BY file_name")]

    # -- registry (store.registry: which revision covers which modification) ----------
    def replace_registry(self, rows: list[dict], source: str) -> None:
        """Replace the whole registry with `rows` (dicts of REGISTRY_COLUMNS plus `row`, the
        CSV line) in one transaction; `source` (the imported file) is kept in meta."""
        cols = ("row",) + REGISTRY_COLUMNS
        with self._tx():
            self.db.execute("DELETE FROM registry")
            self.db.executemany(
                "INSERT INTO registry (%s) VALUES (%s)" % (",".join(cols), ",".join("?" * len(cols))),
                ([r.get(c) for c in cols] for r in rows))
            self.set_meta("registry_source", source)
            self.set_meta("registry_imported_at", str(time.time()))

    def registry_rows(self) -> list[dict]:
        """The registry rows in import order (current as 0/1)."""
        return list(self._rows("SELECT * FROM registry ORDER BY model, modification, row", ()))

    # -- term statistics (document frequency per analysed term) ------------------------
    def add_term_df(self, df: Counter, sign: int = 1) -> None:
        """Add (`sign`=1) or remove (-1) per-chunk document frequencies of terms.

        The pseudo-term CHUNKS_KEY in `df` carries the number of chunks, kept in meta
        `n_chunks` (the N of IDF) instead of the term table.
        """
        with self._tx():
            self.db.executemany(
                "INSERT INTO term_df(term, df) VALUES (?, ?) "
                "ON CONFLICT(term) DO UPDATE SET df = df + excluded.df",
                ((t, sign * n) for t, n in df.items() if t != CHUNKS_KEY),
            )
            n = int(self.get_meta("n_chunks") or 0) + sign * int(df.get(CHUNKS_KEY, 0))
            self.set_meta("n_chunks", str(max(n, 0)))
            if sign < 0:
                self.db.execute("DELETE FROM term_df WHERE df <= 0")

    def replace_term_df(self, df: Counter) -> None:
        """Set the term statistics to exactly `df` (the whole library's, CHUNKS_KEY carrying
        the chunk count), in one transaction (a rebuild's)."""
        with self._tx():
            self.db.execute("DELETE FROM term_df")
            self.set_meta("n_chunks", "0")
            self.add_term_df(df)

    def set_chunks(self, doc_id: str, chunks: int) -> None:
        """Record the number of index chunks of `doc_id` (after a rebuild re-chunked it)."""
        self.db.execute("UPDATE documents SET chunks=? WHERE doc_id=?", (chunks, doc_id))

    def term_df(self, terms: Iterable[str]) -> dict[str, int]:
        """Document frequency (number of chunks) of each term; 0 when unknown."""
        terms = list(dict.fromkeys(terms))
        out = {t: 0 for t in terms}
        for i in range(0, len(terms), 500):
            part = terms[i : i + 500]
            q = "SELECT term, df FROM term_df WHERE term IN (%s)" % ",".join("?" * len(part))
            out.update(dict(self.db.execute(q, part).fetchall()))
        return out

    def all_term_df(self) -> dict[str, int]:
        """Every term's document frequency (a copy of the whole table)."""
        return dict(self.db.execute("SELECT term, df FROM term_df"))

    def chunk_count(self) -> int:
        return int(self.get_meta("n_chunks") or 0)

    def meta_items(self) -> dict[str, str]:
        """Every meta key and value."""
        return dict(self.db.execute("SELECT key, value FROM meta"))

    # -- helpers --------------------------------------------------------------------
    def _rows(self, sql: str, args: tuple) -> Iterator[dict[str, Any]]:
        cur = self.db.execute(sql, args)
        names = [d[0] for d in cur.description]
        for r in cur:
            yield dict(zip(names, r))

    @staticmethod
    def _row(r: Mapping[str, Any]) -> DocumentRow:
        d = dict(r)
        d["warnings"] = json.loads(d["warnings"])
        d["modifications"] = json.loads(d.get("modifications") or "[]")
        return DocumentRow(**{k: d[k] for k in CATALOG_COLUMNS if k in d})

    def transaction(self) -> "_Transaction":
        """One write transaction (BEGIN IMMEDIATE; nested uses join the outer one)."""
        return _Transaction(self.db)

    _tx = transaction


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on error; nests as a no-op."""

    def __init__(self, db: sqlite3.Connection):
        self.db = db
        self.outer = False

    def __enter__(self):
        if not self.db.in_transaction:
            self.db.execute("BEGIN IMMEDIATE")
            self.outer = True

    def __exit__(self, exc_type, *exc):
        if self.outer:
            self.db.execute("ROLLBACK" if exc_type else "COMMIT")


def copy_catalog(src: CatalogStore, dst: CatalogStore) -> dict[str, int]:
    """Copy every document row, failure, term statistic, registry row and meta value of
    `src` into `dst` (either kind: SQLite to PostgreSQL or back) in one transaction of
    `dst`, then check that `dst` now holds exactly the same (rows, statistics and meta
    compared). Returns the counts copied {"documents", "failures", "terms", "registry",
    "meta"}. LibraryError, with nothing written, when `dst` holds documents already or the
    check finds a difference. Ingest jobs are not copied (a queue belongs to its database)."""
    from pincite.errors import LibraryError

    if dst.documents():
        raise LibraryError(f"catalog {dst.location}: holds documents already; copy into an empty one")
    docs, fails, terms = src.documents(), src.failures(), src.all_term_df()
    registry, meta = src.registry_rows(), src.meta_items()
    with dst.transaction():
        for row in docs:
            dst.put(row)
        for f in fails:
            dst.record_failure(f.source_path, f.file_name, f.sha256, f.reason, at=f.at)
        dst.replace_term_df(Counter({**terms, CHUNKS_KEY: src.chunk_count()}))
        if registry:
            dst.replace_registry(registry, meta.get("registry_source", ""))
        for key, value in meta.items():
            dst.set_meta(key, value)
        got = {"documents": [r.__dict__ for r in dst.documents()],
               "failures": [(f.source_path, f.file_name, f.sha256, f.reason) for f in dst.failures()],
               "terms": dst.all_term_df(), "registry": dst.registry_rows(), "chunks": dst.chunk_count(),
               "meta": {k: v for k, v in dst.meta_items().items() if k != "n_chunks"}}
        want = {"documents": [r.__dict__ for r in docs],
                "failures": [(f.source_path, f.file_name, f.sha256, f.reason) for f in fails],
                "terms": terms, "registry": registry, "chunks": src.chunk_count(),
                "meta": {k: v for k, v in meta.items() if k != "n_chunks"}}
        differ = [k for k in want if got[k] != want[k]]
        if differ:  # raising rolls the transaction back
            raise LibraryError(f"catalog {dst.location}: the copy differs from {src.location} in "
                               f"{', '.join(differ)}; nothing was written")
    return {"documents": len(docs), "failures": len(fails), "terms": len(terms),
            "registry": len(registry), "meta": len(meta)}
