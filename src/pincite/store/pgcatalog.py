"""The PostgreSQL catalog: the SQLite catalog's tables in a database that many processes on
many machines write at once, plus the queue of ingest jobs that `pincite worker` takes.

Selected by `PINCITE_CATALOG_URL=postgresql://user:password@host:5432/db` (store.select
.open_catalog). The password is used to connect and nowhere else: every message names the
database by `redact_url` (password replaced by "***"), and any text the driver returns is
scrubbed of it too.

Schema. Created and upgraded by numbered migrations (MIGRATIONS), each applied once in its
own transaction and recorded in `schema_migrations` (version, name, applied_at); opening a
catalog applies the missing ones under a transaction-level advisory lock, so several
processes starting together on an empty database create it once. A database migrated by a
newer pincite (a version this build does not know) is refused rather than guessed at.

Concurrency. Each write is a short transaction; no lock covers the whole catalog. A
document's ingest is serialised by a session advisory lock on its id (`doc_lock`), held by
the process that writes it and released by the server when that process's connection
ends, even when it was killed. Term statistics are added with INSERT ... ON CONFLICT DO
UPDATE in term order, so two writers wait for each other on shared terms but never
deadlock; the chunk count (meta `n_chunks`) is one row updated in place.

Jobs. `enqueue` adds rows in state "queued"; `claim` takes the oldest queued job (or a
running one whose lease has expired: its worker died) with `SELECT ... FOR UPDATE SKIP
LOCKED`, so each job goes to one worker, and gives it a lease (`lease_until`) that the
worker renews while it works (`renew`). A job whose worker stops renewing is taken again
when the lease ends; after MAX_ATTEMPTS such takes it is failed, so a file that kills
every worker that reads it does not kill them forever. `finish` writes the outcome only
while the lease is still the caller's (the same worker and attempt), so a worker that lost
its lease cannot overwrite the outcome of the one that took the job over.

Must not parse documents or talk to the index.
"""
from __future__ import annotations

import json
import time
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Iterable, Iterator
from urllib.parse import unquote, urlsplit, urlunsplit

from pincite.errors import LibraryError
from pincite.store.catalog import CATALOG_COLUMNS, CHUNKS_KEY, REGISTRY_COLUMNS, DocumentRow, FailureRow
from pincite.store.fields import DocFields

#: Numbered schema steps, applied in order from an empty database. Never edit a step that
#: has shipped: add the next one.
MIGRATIONS: tuple[tuple[int, str, str], ...] = (
    (1, "catalog tables", """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE documents (
    doc_id TEXT PRIMARY KEY,
    sha256 TEXT NOT NULL,
    file_name TEXT NOT NULL,
    source_path TEXT NOT NULL,
    mime TEXT NOT NULL,
    size BIGINT NOT NULL,
    pages INTEGER NOT NULL,
    chunks INTEGER NOT NULL DEFAULT 0,
    title TEXT NOT NULL DEFAULT '',
    language TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL,
    warnings TEXT NOT NULL DEFAULT '[]',
    ingested_at DOUBLE PRECISION NOT NULL,
    model TEXT,
    modifications TEXT NOT NULL DEFAULT '[]',
    revision TEXT,
    trust TEXT NOT NULL DEFAULT 'reference',
    valid_from TEXT,
    valid_to TEXT,
    source_url TEXT
);
CREATE INDEX documents_source ON documents(source_path);
CREATE INDEX documents_state ON documents(state);
CREATE TABLE failures (
    source_path TEXT PRIMARY KEY,
    file_name TEXT NOT NULL,
    sha256 TEXT,
    reason TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL
);
CREATE TABLE term_df (term TEXT PRIMARY KEY, df INTEGER NOT NULL);
CREATE TABLE registry (
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
"""),
    (2, "ingest jobs", """
CREATE TABLE jobs (
    id BIGSERIAL PRIMARY KEY,
    path TEXT NOT NULL,
    source TEXT NOT NULL,
    fields TEXT NOT NULL DEFAULT '{}',
    state TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    worker TEXT,
    lease_until TIMESTAMPTZ,
    doc_id TEXT,
    status TEXT,
    pages INTEGER NOT NULL DEFAULT 0,
    chunks INTEGER NOT NULL DEFAULT 0,
    reason TEXT NOT NULL DEFAULT '',
    enqueued_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    started_at TIMESTAMPTZ,
    finished_at TIMESTAMPTZ
);
CREATE INDEX jobs_state ON jobs(state, id);
CREATE INDEX jobs_waiting_path ON jobs(path) WHERE state IN ('queued', 'running');
"""),
)
#: Key of the advisory lock that serialises migrations (any constant unique to pincite).
MIGRATION_LOCK = 0x70696E6369746531
#: Takes of one job by workers that then died (lease expired) before it is failed.
MAX_ATTEMPTS = 3
#: Job states, in the order `pincite jobs` lists them.
JOB_STATES = ("queued", "running", "done", "failed")
#: Seconds to wait for the database to accept a connection.
CONNECT_TIMEOUT_S = 10


def redact_url(url: str) -> str:
    """`url` with its password (if any) replaced by "***", for messages and logs."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "postgresql://***"
    if parts.password is None:
        return url
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    netloc = f"{parts.username or ''}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


@dataclass
class JobRow:
    """One ingest job. `state`: queued | running | done | failed. `path`: the file as the
    workers see it (an absolute path on storage every worker mounts); `source`: the
    catalog source the document gets; `fields`: its document fields (a dict checked by
    store.fields.parse_fields when enqueued). `attempts`: times a worker took it;
    `worker` and `lease_until` (Unix seconds) the current or last taker and its lease.
    When finished: `status` (the ingest outcome: added | replaced | skipped | failed),
    `doc_id`, `pages`, `chunks`, and `reason` (why it failed, or a note). Times in Unix
    seconds."""

    id: int
    path: str
    source: str
    fields: dict = field(default_factory=dict)
    state: str = "queued"
    attempts: int = 0
    worker: str | None = None
    lease_until: float | None = None
    doc_id: str | None = None
    status: str | None = None
    pages: int = 0
    chunks: int = 0
    reason: str = ""
    enqueued_at: float = 0.0
    started_at: float | None = None
    finished_at: float | None = None


_JOB_SELECT = ("id, path, source, fields, state, attempts, worker, "
               "EXTRACT(EPOCH FROM lease_until)::float8 AS lease_until, doc_id, status, pages, chunks, "
               "reason, EXTRACT(EPOCH FROM enqueued_at)::float8 AS enqueued_at, "
               "EXTRACT(EPOCH FROM started_at)::float8 AS started_at, "
               "EXTRACT(EPOCH FROM finished_at)::float8 AS finished_at")


class PostgresCatalog:
    """The catalog in the PostgreSQL database at `url` (postgresql://user:password@host/db),
    its schema brought up to date on open (MIGRATIONS). One connection per object, in
    autocommit mode: every method is its own transaction unless inside `transaction()`.
    Not for sharing between threads (open one per thread).

    LibraryError when the database cannot be reached or was migrated by a newer pincite;
    the message names it by `redact_url`, never with the password."""

    shared = True

    def __init__(self, url: str):
        import psycopg

        self.location = redact_url(url)
        self._secret = urlsplit(url).password or ""
        self._url = url
        try:
            self.db = psycopg.connect(url, autocommit=True, connect_timeout=CONNECT_TIMEOUT_S)
        except psycopg.Error as e:
            raise LibraryError(f"catalog {self.location}: cannot connect ({self._scrub(e)})") from None
        try:
            self._migrate()
        except psycopg.Error as e:
            self.db.close()
            raise LibraryError(f"catalog {self.location}: cannot create its tables ({self._scrub(e)})") from None
        except BaseException:
            self.db.close()
            raise

    def reopen(self) -> "PostgresCatalog":
        """Another connection to the same database (for another thread)."""
        return PostgresCatalog(self._url)

    def _scrub(self, error: Exception) -> str:
        """The driver's message on one line, without the password."""
        text = " ".join(str(error).split())
        for secret in {self._secret, unquote(self._secret)} - {""}:
            text = text.replace(secret, "***")
        return text

    # -- schema ---------------------------------------------------------------------
    def _migrate(self) -> None:
        with self.db.transaction():
            self.db.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            self.db.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
                            "name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())")
            have = {r[0] for r in self.db.execute("SELECT version FROM schema_migrations")}
            known = {v for v, _, _ in MIGRATIONS}
            newer = sorted(have - known)
            if newer:
                raise LibraryError(f"catalog {self.location}: its schema is at version {newer[-1]}, newer "
                                   f"than this pincite knows ({max(known)}); upgrade pincite")
            for version, name, sql in MIGRATIONS:
                if version not in have:
                    self.db.execute(sql)
                    self.db.execute("INSERT INTO schema_migrations(version, name) VALUES (%s, %s)",
                                    (version, name))

    def schema_versions(self) -> list[int]:
        """The migration versions applied to this database, ascending."""
        return [r[0] for r in self.db.execute("SELECT version FROM schema_migrations ORDER BY version")]

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """The writes inside are one transaction (a nested use is a savepoint in it)."""
        with self.db.transaction():
            yield

    _tx = transaction

    # -- per-document locks ------------------------------------------------------------
    @contextmanager
    def doc_lock(self, doc_id: str) -> Iterator[None]:
        """Hold the advisory lock of document `doc_id` (waits while another process holds
        it); released on exit, or by the server when this process dies."""
        self.db.execute("SELECT pg_advisory_lock(hashtextextended(%s, 0))", ("pincite:doc:" + doc_id,))
        try:
            yield
        finally:
            self.db.execute("SELECT pg_advisory_unlock(hashtextextended(%s, 0))", ("pincite:doc:" + doc_id,))

    def try_doc_lock(self, doc_id: str) -> bool:
        """Take document `doc_id`'s advisory lock if free (True); release with
        `release_doc_lock`."""
        row = self.db.execute("SELECT pg_try_advisory_lock(hashtextextended(%s, 0))",
                              ("pincite:doc:" + doc_id,)).fetchone()
        return row is not None and bool(row[0])

    def release_doc_lock(self, doc_id: str) -> None:
        self.db.execute("SELECT pg_advisory_unlock(hashtextextended(%s, 0))", ("pincite:doc:" + doc_id,))

    # -- meta -------------------------------------------------------------------------
    def get_meta(self, key: str) -> str | None:
        row = self.db.execute("SELECT value FROM meta WHERE key=%s", (key,)).fetchone()
        return row[0] if row else None

    def set_meta(self, key: str, value: str) -> None:
        self.db.execute("INSERT INTO meta(key, value) VALUES (%s, %s) "
                        "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, value))

    def delete_meta(self, key: str) -> None:
        self.db.execute("DELETE FROM meta WHERE key=%s", (key,))

    # -- documents ----------------------------------------------------------------------
    def documents(self, state: str | None = None) -> list[DocumentRow]:
        """All documents (optionally only those in `state`), ordered by file name."""
        sql = "SELECT * FROM documents"
        args: tuple = ()
        if state:
            sql, args = sql + " WHERE state=%s", (state,)
        return [self._row(r) for r in self._rows(sql + " ORDER BY file_name, doc_id", args)]

    def get(self, doc_id: str) -> DocumentRow | None:
        rows = self._rows("SELECT * FROM documents WHERE doc_id=%s", (doc_id,))
        return self._row(rows[0]) if rows else None

    def by_source(self, source_path: str) -> list[DocumentRow]:
        """Documents ingested from `source_path` (normally at most one ready)."""
        return [self._row(r) for r in self._rows("SELECT * FROM documents WHERE source_path=%s", (source_path,))]

    def put(self, row: DocumentRow) -> None:
        """Insert or replace a document row and clear any failure for its source path."""
        cols = ",".join(CATALOG_COLUMNS)
        updates = ",".join(f"{c}=excluded.{c}" for c in CATALOG_COLUMNS if c != "doc_id")
        with self.transaction():
            self.db.execute(
                f"INSERT INTO documents ({cols}) VALUES ({','.join(['%s'] * len(CATALOG_COLUMNS))}) "
                f"ON CONFLICT (doc_id) DO UPDATE SET {updates}",
                (row.doc_id, row.sha256, row.file_name, row.source_path, row.mime, row.size,
                 row.pages, row.chunks, row.title, row.language, row.state,
                 json.dumps(row.warnings, ensure_ascii=False), row.ingested_at or time.time(),
                 row.model, json.dumps(row.modifications, ensure_ascii=False), row.revision,
                 row.trust, row.valid_from, row.valid_to, row.source_url))
            self.clear_failure(row.source_path)

    def set_state(self, doc_id: str, state: str) -> None:
        self.db.execute("UPDATE documents SET state=%s WHERE doc_id=%s", (state, doc_id))

    def set_fields(self, doc_id: str, f: DocFields) -> None:
        """Store the document fields of `doc_id` (language too, when given)."""
        self.db.execute(
            "UPDATE documents SET model=%s, modifications=%s, revision=%s, trust=%s, valid_from=%s, "
            "valid_to=%s, source_url=%s, language=COALESCE(%s, language) WHERE doc_id=%s",
            (f.model, json.dumps(f.modifications, ensure_ascii=False), f.revision, f.trust,
             f.valid_from, f.valid_to, f.source_url, f.language, doc_id))

    def set_chunks(self, doc_id: str, chunks: int) -> None:
        self.db.execute("UPDATE documents SET chunks=%s WHERE doc_id=%s", (chunks, doc_id))

    def delete(self, doc_id: str) -> None:
        self.db.execute("DELETE FROM documents WHERE doc_id=%s", (doc_id,))

    # -- failures ---------------------------------------------------------------------------
    def record_failure(self, source_path: str, file_name: str, sha256: str | None, reason: str,
                       at: float | None = None) -> None:
        """Record why `source_path` failed (`at`: when, Unix seconds; default now)."""
        self.db.execute(
            "INSERT INTO failures VALUES (%s,%s,%s,%s,%s) ON CONFLICT (source_path) DO UPDATE SET "
            "file_name=excluded.file_name, sha256=excluded.sha256, reason=excluded.reason, at=excluded.at",
            (source_path, file_name, sha256, reason, at or time.time()))

    def clear_failure(self, source_path: str) -> None:
        self.db.execute("DELETE FROM failures WHERE source_path=%s", (source_path,))

    def failures(self) -> list[FailureRow]:
        return [FailureRow(*r) for r in self.db.execute(
            "SELECT source_path, file_name, sha256, reason, at FROM failures ORDER BY file_name")]

    # -- registry ----------------------------------------------------------------------------
    def replace_registry(self, rows: list[dict], source: str) -> None:
        """Replace the whole registry with `rows` in one transaction (see Catalog)."""
        cols = ("row",) + REGISTRY_COLUMNS
        with self.transaction():
            self.db.execute("DELETE FROM registry")
            with self.db.cursor() as cur:
                cur.executemany(
                    "INSERT INTO registry (%s) VALUES (%s)" % (",".join(cols), ",".join(["%s"] * len(cols))),
                    [[int(v) if isinstance(v, bool) else v for v in (r.get(c) for c in cols)]
                     for r in rows])
            self.set_meta("registry_source", source)
            self.set_meta("registry_imported_at", str(time.time()))

    def registry_rows(self) -> list[dict]:
        return self._rows("SELECT * FROM registry ORDER BY model, modification, row", ())

    # -- term statistics ----------------------------------------------------------------------
    def add_term_df(self, df: Counter, sign: int = 1) -> None:
        """Add (`sign`=1) or remove (-1) per-chunk document frequencies (see Catalog);
        rows are locked in term order, so concurrent writers never deadlock on them."""
        items = sorted((t, sign * int(n)) for t, n in df.items() if t != CHUNKS_KEY)
        n = sign * int(df.get(CHUNKS_KEY, 0))
        with self.transaction():
            if items:
                self.db.execute(
                    "INSERT INTO term_df(term, df) SELECT t, d FROM unnest(%s::text[], %s::int[]) AS u(t, d) "
                    "ORDER BY t ON CONFLICT (term) DO UPDATE SET df = term_df.df + excluded.df",
                    ([t for t, _ in items], [d for _, d in items]))
            self.db.execute(
                "INSERT INTO meta(key, value) VALUES ('n_chunks', GREATEST(%s::bigint, 0)::text) "
                "ON CONFLICT (key) DO UPDATE SET value = GREATEST(meta.value::bigint + %s::bigint, 0)::text",
                (n, n))
            if sign < 0 and items:
                self.db.execute("DELETE FROM term_df WHERE term = ANY(%s::text[]) AND df <= 0",
                                ([t for t, _ in items],))

    def replace_term_df(self, df: Counter) -> None:
        """Set the term statistics to exactly `df`, in one transaction (a rebuild's)."""
        with self.transaction():
            self.db.execute("LOCK TABLE term_df IN EXCLUSIVE MODE")
            self.db.execute("DELETE FROM term_df")
            self.set_meta("n_chunks", "0")
            self.add_term_df(df)

    def term_df(self, terms: Iterable[str]) -> dict[str, int]:
        """Document frequency (number of chunks) of each term; 0 when unknown."""
        terms = list(dict.fromkeys(terms))
        out = {t: 0 for t in terms}
        if terms:
            out.update(dict(self.db.execute("SELECT term, df FROM term_df WHERE term = ANY(%s::text[])",
                                            (terms,)).fetchall()))
        return out

    def all_term_df(self) -> dict[str, int]:
        """Every term's document frequency (a copy of the whole table)."""
        return dict(self.db.execute("SELECT term, df FROM term_df").fetchall())

    def chunk_count(self) -> int:
        return int(self.get_meta("n_chunks") or 0)

    def meta_items(self) -> dict[str, str]:
        """Every meta key and value."""
        return dict(self.db.execute("SELECT key, value FROM meta").fetchall())

    # -- jobs ------------------------------------------------------------------------------------
    def enqueue(self, jobs: list[tuple[str, str, dict]]) -> list[tuple[JobRow, bool]]:
        """Queue (path, source, fields) jobs in one transaction; each comes back as (job,
        True) when added, or (the job already waiting for that path, False) when one is
        queued or running for it."""
        out = []
        with self.transaction():
            self.db.execute("LOCK TABLE jobs IN SHARE ROW EXCLUSIVE MODE")  # no two enqueuers race
            for path, source, fields in jobs:
                waiting = self._jobs("WHERE path=%s AND state IN ('queued', 'running') ORDER BY id LIMIT 1",
                                     (path,))
                if waiting:
                    out.append((waiting[0], False))
                    continue
                row = self.db.execute("INSERT INTO jobs(path, source, fields) VALUES (%s, %s, %s) RETURNING id",
                                      (path, source, json.dumps(fields, ensure_ascii=False))).fetchone()
                assert row is not None, "INSERT ... RETURNING gives one row"
                out.append((self._jobs("WHERE id=%s", (row[0],))[0], True))
        return out

    def claim(self, worker: str, lease_s: float) -> JobRow | None:
        """Take the next job for `worker`: the oldest queued one, or a running one whose
        lease ended (its worker died), locked with FOR UPDATE SKIP LOCKED so no two workers
        take the same; it becomes running with a lease of `lease_s` seconds. Jobs whose
        lease ended MAX_ATTEMPTS times are failed first. None when nothing is waiting."""
        with self.transaction():
            self.db.execute(
                "UPDATE jobs SET state='failed', finished_at=now(), status='failed', reason=%s "
                "WHERE id IN (SELECT id FROM jobs WHERE state='running' AND lease_until < now() "
                "AND attempts >= %s FOR UPDATE SKIP LOCKED)",
                (f"the worker ingesting it stopped {MAX_ATTEMPTS} times (killed, or out of memory)", MAX_ATTEMPTS))
            row = self.db.execute(
                "SELECT id FROM jobs WHERE state='queued' OR (state='running' AND lease_until < now()) "
                "ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED").fetchone()
            if row is None:
                return None
            self.db.execute(
                "UPDATE jobs SET state='running', attempts=attempts+1, worker=%s, started_at=now(), "
                "lease_until=now() + make_interval(secs => %s) WHERE id=%s", (worker, float(lease_s), row[0]))
            return self._jobs("WHERE id=%s", (row[0],))[0]

    def renew(self, job: JobRow, lease_s: float) -> bool:
        """Extend `job`'s lease by `lease_s` seconds from now, if it is still this taker's
        (same worker and attempt); False when it was lost (expired and taken again)."""
        cur = self.db.execute(
            "UPDATE jobs SET lease_until=now() + make_interval(secs => %s) "
            "WHERE id=%s AND worker=%s AND attempts=%s AND state='running'",
            (float(lease_s), job.id, job.worker, job.attempts))
        return cur.rowcount == 1

    def set_job_doc(self, job: JobRow, doc_id: str) -> None:
        """Record the document id `job` is writing (known once its file is hashed)."""
        self.db.execute("UPDATE jobs SET doc_id=%s WHERE id=%s AND worker=%s AND attempts=%s",
                        (doc_id, job.id, job.worker, job.attempts))

    def finish(self, job: JobRow, *, failed: bool, status: str, doc_id: str | None = None,
               pages: int = 0, chunks: int = 0, reason: str = "") -> bool:
        """Mark `job` done (or failed) with its outcome, if its lease is still the caller's;
        False (nothing written) when another worker has taken it over."""
        cur = self.db.execute(
            "UPDATE jobs SET state=%s, status=%s, doc_id=COALESCE(%s, doc_id), pages=%s, chunks=%s, reason=%s, "
            "finished_at=now(), lease_until=NULL WHERE id=%s AND worker=%s AND attempts=%s AND state='running'",
            ("failed" if failed else "done", status, doc_id, pages, chunks, reason, job.id, job.worker,
             job.attempts))
        return cur.rowcount == 1

    def jobs(self, state: str | None = None, limit: int = 1000) -> list[JobRow]:
        """Jobs, newest first (only those in `state` when given), at most `limit`."""
        if state:
            return self._jobs("WHERE state=%s ORDER BY id DESC LIMIT %s", (state, limit))
        return self._jobs("ORDER BY id DESC LIMIT %s", (limit,))

    def job_counts(self) -> dict[str, int]:
        """Number of jobs in each state (JOB_STATES, 0 when none)."""
        out = dict.fromkeys(JOB_STATES, 0)
        out.update(dict(self.db.execute("SELECT state, count(*) FROM jobs GROUP BY state").fetchall()))
        return out

    def live_doc_ids(self) -> set[str]:
        """Documents that running jobs with a lease not yet ended are writing."""
        return {r[0] for r in self.db.execute(
            "SELECT doc_id FROM jobs WHERE state='running' AND lease_until >= now() AND doc_id IS NOT NULL")}

    # -- helpers ---------------------------------------------------------------------------------
    def _jobs(self, where: str, args: tuple) -> list[JobRow]:
        out = []
        for r in self._rows(f"SELECT {_JOB_SELECT} FROM jobs {where}", args):
            r["fields"] = json.loads(r["fields"] or "{}")
            out.append(JobRow(**r))
        return out

    def _rows(self, sql: str, args: tuple) -> list[dict]:
        cur = self.db.execute(sql, args)
        names = [d.name for d in cur.description or ()]
        return [dict(zip(names, r)) for r in cur.fetchall()]

    @staticmethod
    def _row(r: dict) -> DocumentRow:
        r = dict(r)
        r["warnings"] = json.loads(r["warnings"])
        r["modifications"] = json.loads(r.get("modifications") or "[]")
        return DocumentRow(**{k: r[k] for k in CATALOG_COLUMNS if k in r})
