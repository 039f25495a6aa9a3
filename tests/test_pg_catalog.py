"""The PostgreSQL catalog against a real PostgreSQL server (tests/pgserver.py; skipped
without one unless PINCITE_REQUIRE_POSTGRES=1): migrations from an empty database, the same
answers as the SQLite catalog for the same calls, concurrent writers in separate processes,
the job queue's SKIP LOCKED and lease semantics, and no password in any message."""
from __future__ import annotations

import multiprocessing
import random
import threading
import time
from collections import Counter

import pytest

from pgserver import PASSWORD
from pincite.config import Settings
from pincite.errors import ConfigError, LibraryError
from pincite.library.facade import Library
from pincite.store.catalog import CHUNKS_KEY, Catalog, DocumentRow
from pincite.store.fields import DocFields
from pincite.store.pgcatalog import MAX_ATTEMPTS, MIGRATIONS, PostgresCatalog, redact_url
from pincite.store.select import open_catalog


def _row(i: int, state: str = "ready", source: str | None = None) -> DocumentRow:
    return DocumentRow(doc_id=f"{i:016x}", sha256=f"{i:064x}", file_name=f"f{i % 7}.pdf",
                       source_path=source or f"/src/f{i}.pdf", mime="application/pdf", size=100 + i,
                       pages=3, chunks=5, title=f"Title {i}", language="en", state=state,
                       warnings=[f"w{i}"] if i % 2 else [], ingested_at=1000.0 + i,
                       model="PX-200" if i % 3 == 0 else None, modifications=["A", "Б"] if i % 2 else [],
                       revision="3.0", trust="normative" if i % 2 else "reference")


# -- migrations -------------------------------------------------------------------------------
def test_migrations_from_an_empty_database(pg_url):
    cat = PostgresCatalog(pg_url)
    try:
        assert cat.schema_versions() == [v for v, _, _ in MIGRATIONS]
        tables = {r[0] for r in cat.db.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema='public'")}
        assert {"schema_migrations", "meta", "documents", "failures", "term_df", "registry", "jobs"} <= tables
    finally:
        cat.close()
    again = PostgresCatalog(pg_url)  # a second open applies nothing twice
    try:
        assert again.schema_versions() == [v for v, _, _ in MIGRATIONS]
        assert again.db.execute("SELECT count(*) FROM schema_migrations").fetchone()[0] == len(MIGRATIONS)
    finally:
        again.close()


def test_upgrade_from_the_first_version_keeps_rows(pg_url):
    import psycopg

    with psycopg.connect(pg_url, autocommit=True) as conn:  # a database made by version 1 only
        conn.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
                     "applied_at TIMESTAMPTZ NOT NULL DEFAULT now())")
        conn.execute(MIGRATIONS[0][2])
        conn.execute("INSERT INTO schema_migrations(version, name) VALUES (1, 'catalog tables')")
        conn.execute("INSERT INTO meta VALUES ('profile', 'kept')")
    cat = PostgresCatalog(pg_url)
    try:
        assert cat.schema_versions() == [1, 2]
        assert cat.get_meta("profile") == "kept"
        assert cat.job_counts() == {"queued": 0, "running": 0, "done": 0, "failed": 0}
    finally:
        cat.close()


def test_a_database_of_a_newer_schema_is_refused(pg_url):
    PostgresCatalog(pg_url).close()
    import psycopg

    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("INSERT INTO schema_migrations(version, name) VALUES (99, 'from the future')")
    with pytest.raises(LibraryError, match="version 99, newer"):
        PostgresCatalog(pg_url)


def test_many_processes_opening_an_empty_database_create_it_once(pg_url):
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(6) as pool:
        versions = pool.map(_open_versions, [pg_url] * 6)
    assert versions == [[v for v, _, _ in MIGRATIONS]] * 6


def _open_versions(url: str) -> list[int]:
    cat = PostgresCatalog(url)
    try:
        return cat.schema_versions()
    finally:
        cat.close()


# -- same behaviour as SQLite ----------------------------------------------------------------------
def _exercise(cat) -> dict:
    """The same calls on any CatalogStore; what they return, for comparison."""
    out = {}
    for i in range(6):
        cat.put(_row(i, state="pending" if i == 5 else "ready"))
    cat.put(_row(6, source="/src/f1.pdf"))
    cat.set_state(f"{5:016x}", "ready")
    cat.set_fields(f"{2:016x}", DocFields(model="QX-1", modifications=["C"], revision="4", trust="uploaded",
                                         language="ru"))
    cat.set_chunks(f"{3:016x}", 9)
    cat.delete(f"{4:016x}")
    cat.record_failure("/src/bad.pdf", "bad.pdf", None, "Damaged")
    cat.record_failure("/src/bad.pdf", "bad.pdf", "ab", "Encrypted")
    cat.record_failure("/src/gone.pdf", "gone.pdf", None, "x")
    cat.clear_failure("/src/gone.pdf")
    cat.put(_row(7, source="/src/bad.pdf"))  # clears the failure of its source
    cat.record_failure("/src/other.pdf", "other.pdf", None, "TooLarge")
    with cat.transaction():
        cat.add_term_df(Counter({"pump": 3, "flow": 2, "насос": 1, CHUNKS_KEY: 4}))
        cat.add_term_df(Counter({"pump": 1, "泵": 2, CHUNKS_KEY: 2}))
    cat.add_term_df(Counter({"flow": 2, "泵": 1, CHUNKS_KEY: 3}), sign=-1)
    out["term_df"] = cat.term_df(["pump", "flow", "насос", "泵", "missing"])
    out["chunks"] = cat.chunk_count()
    try:
        with cat.transaction():
            cat.set_meta("k", "inside")
            raise RuntimeError("rolled back")
    except RuntimeError:
        pass
    out["rolled_back"] = cat.get_meta("k")
    cat.set_meta("a", "1")
    cat.set_meta("a", "2")
    cat.set_meta("b", "x")
    cat.delete_meta("b")
    out["meta"] = (cat.get_meta("a"), cat.get_meta("b"))
    cat.replace_registry([{"row": 2, "model": "PX", "modification": "A", "revision": "1", "status": "in_force",
                           "current": True, "serial_from": None, "serial_to": None, "valid_from": None,
                           "checked_at": None, "checked_source": None}], "reg.csv")
    out["registry"] = cat.registry_rows()
    out["registry_source"] = cat.get_meta("registry_source")
    out["documents"] = [r.__dict__ for r in cat.documents()]
    out["ready"] = [r.doc_id for r in cat.documents(state="ready")]
    out["get"] = cat.get(f"{2:016x}").__dict__
    out["none"] = cat.get("nope")
    out["by_source"] = sorted(r.doc_id for r in cat.by_source("/src/f1.pdf"))
    out["failures"] = [(f.source_path, f.file_name, f.sha256, f.reason) for f in cat.failures()]
    cat.replace_term_df(Counter({"only": 5, CHUNKS_KEY: 5}))
    out["replaced"] = (cat.term_df(["only", "pump"]), cat.chunk_count())
    return out


def test_the_postgres_catalog_answers_as_the_sqlite_one(pg_url, tmp_path):
    sqlite = Catalog(tmp_path / "catalog.sqlite")
    pg = open_catalog(tmp_path, pg_url)
    try:
        assert isinstance(pg, PostgresCatalog) and pg.shared and not sqlite.shared
        expected, got = _exercise(sqlite), _exercise(pg)
        assert got == expected
        assert got["term_df"] == {"pump": 4, "flow": 0, "насос": 1, "泵": 1, "missing": 0}
        assert got["chunks"] == 3 and got["rolled_back"] is None
    finally:
        sqlite.close()
        pg.close()


# -- concurrent writers -------------------------------------------------------------------------
def _writer(args) -> int:
    """One process: 25 documents with overlapping terms added in random order, each its own
    transaction (put pending, add statistics, mark ready), and a read-modify-write of a
    shared counter under a document lock. Returns the chunks it added."""
    url, k = args
    cat = PostgresCatalog(url)
    rnd = random.Random(k)
    added = 0
    try:
        for j in range(25):
            i = k * 1000 + j
            cat.put(_row(i, state="pending"))
            terms = rnd.sample([f"t{n}" for n in range(40)], 15)
            with cat.transaction():
                cat.add_term_df(Counter({**{t: 1 for t in terms}, CHUNKS_KEY: 1}))
                cat.set_state(f"{i:016x}", "ready")
            added += 1
            with cat.doc_lock("counter"):  # not atomic in itself: the lock must make it so
                n = int(cat.get_meta("counter") or 0)
                time.sleep(0.001)
                cat.set_meta("counter", str(n + 1))
    finally:
        cat.close()
    return added


def test_concurrent_writers_in_separate_processes(pg_url):
    PostgresCatalog(pg_url).close()
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(4) as pool:
        added = pool.map(_writer, [(pg_url, k) for k in range(4)])
    cat = PostgresCatalog(pg_url)
    try:
        assert sum(added) == 100
        assert len(cat.documents(state="ready")) == 100 and not cat.documents(state="pending")
        assert cat.chunk_count() == 100
        df = cat.term_df([f"t{n}" for n in range(40)])
        assert sum(df.values()) == 100 * 15  # no lost update on any shared term
        assert cat.get_meta("counter") == "100"  # the document lock excluded the others
    finally:
        cat.close()


# -- the job queue --------------------------------------------------------------------------------
def test_skip_locked_gives_every_job_to_exactly_one_worker(pg_url):
    cat = PostgresCatalog(pg_url)
    cat.enqueue([(f"/docs/{i}.pdf", f"/docs/{i}.pdf", {}) for i in range(60)])
    taken: dict[str, list[int]] = {}

    def worker(name: str) -> None:
        own = PostgresCatalog(pg_url)
        try:
            while (job := own.claim(name, 30)) is not None:
                taken.setdefault(name, []).append(job.id)
                assert own.finish(job, failed=False, status="added")
        finally:
            own.close()

    threads = [threading.Thread(target=worker, args=(f"w{k}",)) for k in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    ids = [i for got in taken.values() for i in got]
    assert sorted(ids) == sorted(j.id for j in cat.jobs()) and len(ids) == 60 == len(set(ids))
    assert len(taken) >= 2  # the work was shared, not serialised into one worker
    assert cat.job_counts() == {"queued": 0, "running": 0, "done": 60, "failed": 0}
    # the same path again while a job for it waits is not queued twice
    (first, added), (second, added2) = cat.enqueue([("/docs/x.pdf", "/docs/x.pdf", {}),
                                                    ("/docs/x.pdf", "/docs/x.pdf", {})])
    assert added and not added2 and first.id == second.id
    cat.close()


def test_an_expired_lease_is_taken_again_and_the_old_taker_cannot_finish(pg_url):
    cat = PostgresCatalog(pg_url)
    try:
        cat.enqueue([("/docs/a.pdf", "/docs/a.pdf", {"trust": "normative"})])
        first = cat.claim("dead", 0.3)
        assert first.fields == {"trust": "normative"} and first.attempts == 1
        assert cat.claim("other", 30) is None  # the lease still runs
        time.sleep(0.5)
        second = cat.claim("other", 30)
        assert second is not None and second.id == first.id and second.attempts == 2
        assert not cat.renew(first, 30) and not cat.finish(first, failed=False, status="added")
        assert cat.renew(second, 30)
        assert cat.finish(second, failed=False, status="added", doc_id="d" * 16, pages=3, chunks=4)
        done = cat.jobs()[0]
        assert (done.state, done.worker, done.attempts, done.pages, done.doc_id) == ("done", "other", 2, 3, "d" * 16)
    finally:
        cat.close()


def test_a_job_whose_workers_keep_dying_fails_with_a_reason(pg_url):
    cat = PostgresCatalog(pg_url)
    try:
        cat.enqueue([("/docs/poison.pdf", "/docs/poison.pdf", {})])
        for n in range(MAX_ATTEMPTS):
            job = cat.claim(f"w{n}", 0.1)
            assert job is not None and job.attempts == n + 1
            time.sleep(0.2)
        assert cat.claim("next", 30) is None
        failed = cat.jobs(state="failed")
        assert len(failed) == 1 and f"stopped {MAX_ATTEMPTS} times" in failed[0].reason
    finally:
        cat.close()


# -- secrets and settings ------------------------------------------------------------------------
def test_no_password_in_any_message(pg_server, tmp_path, monkeypatch):
    bad_pw = "wr0ng-Pa55word"
    url = f"postgresql://postgres:{bad_pw}@127.0.0.1:{pg_server.port}/postgres"
    with pytest.raises(LibraryError) as e:
        PostgresCatalog(url)
    assert bad_pw not in str(e.value) and "***" in str(e.value) and "password" in str(e.value).lower()
    assert e.value.__cause__ is None and e.value.__context__ is None or bad_pw not in repr(e.value.__context__)
    closed = f"postgresql://postgres:{PASSWORD}@127.0.0.1:1/postgres"
    with pytest.raises(LibraryError) as e:
        PostgresCatalog(closed)
    assert PASSWORD not in str(e.value) and "cannot connect" in str(e.value)
    assert redact_url(pg_server.url) == f"postgresql://postgres:***@127.0.0.1:{pg_server.port}/postgres"
    monkeypatch.setenv("PINCITE_CATALOG_URL", pg_server.url)
    settings = Settings(data_dir=tmp_path)
    assert settings.catalog_url == pg_server.url and PASSWORD not in repr(settings)
    monkeypatch.setenv("PINCITE_CATALOG_URL", f"mysql://u:{bad_pw}@h/db")
    with pytest.raises(ConfigError) as e:
        Settings(data_dir=tmp_path)
    assert bad_pw not in str(e.value)


# -- a library on the PostgreSQL catalog -----------------------------------------------------------
def test_a_library_ingests_answers_and_removes_on_postgres(pg_url, tmp_path):
    from pdfgen import make_pdf

    docs = tmp_path / "docs"
    docs.mkdir()
    for i in range(3):
        make_pdf(docs / f"pump{i}.pdf", [f"The pump model QX-{i:03d} delivers a rated flow of {i * 10 + 7} "
                                          "litres per minute.", "Maintenance steps follow."])
    settings = Settings(data_dir=tmp_path / "data", embedder="none", catalog_url=pg_url,
                        blobs_dir=tmp_path / "shared")
    with Library(settings) as lib:
        results = lib.ingest([docs])
        assert [r.status for r in results] == ["added"] * 3
        assert not (tmp_path / "data" / "catalog.sqlite").exists()  # the catalog is the database
        assert len(list((tmp_path / "shared" / "originals").glob("*/*.pdf"))) == 3
        assert len(list((tmp_path / "shared" / "models").glob("*.json"))) == 3
        ans = lib.ask("What is the rated flow of the pump model QX-001?")
        assert ans.status == "answered" and "17" in ans.answer
        assert lib.check() == []
        lib.remove(results[1].doc_id)
        assert len(lib.documents()) == 2
    with Library(settings) as again:  # another process would see the same: reopen
        assert sorted(r.file_name for r in again.documents()) == ["pump0.pdf", "pump2.pdf"]
        assert again.catalog.chunk_count() == sum(r.chunks for r in again.documents())


# -- copying a library between the two forms --------------------------------------------------
def test_copy_a_library_to_postgres_and_back_answers_the_same(pg_url, tmp_path, monkeypatch):
    from cli_runner import invoke
    from pdfgen import make_pdf

    docs = tmp_path / "docs"
    docs.mkdir()
    for i in range(3):
        make_pdf(docs / f"pump{i}.pdf", [f"The pump model QX-{i:03d} delivers a rated flow of {i * 10 + 7} "
                                          "litres per minute.", f"Torque of unit {i} is {i + 40} Nm."])
    (docs / "broken.pdf").write_bytes(b"%PDF-1.4 broken")
    for name in ("PINCITE_CATALOG_URL", "PINCITE_BLOBS", "PINCITE_TARGET_CATALOG_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("PINCITE_EMBEDDER", "none")
    one = Settings(data_dir=tmp_path / "one", embedder="none")
    questions = [f"What is the rated flow of the pump model QX-{i:03d}?" for i in range(3)] + \
                ["What is the torque of unit 2?", "How tall is the Eiffel tower?"]

    def answers(settings):
        with Library(settings) as lib:
            out = []
            for q in questions:
                a = lib.ask(q)
                out.append((a.status, a.answer, [(c.doc_id, c.page, c.quote) for cl in a.claims
                                                  for c in cl.citations]))
            return out

    with Library(one) as lib:
        lib.ingest([docs])
    before = answers(one)
    assert [s for s, _, _ in before[:4]] == ["answered"] * 4
    # one folder -> shared form (PostgreSQL catalog, blobs folder), by the CLI
    monkeypatch.setenv("PINCITE_TARGET_CATALOG_URL", pg_url)
    out = invoke("--data", str(one.data_dir), "migrate-catalog", "--to-data", str(tmp_path / "two"),
                 "--to-blobs", str(tmp_path / "blobs"))
    assert "copied 3 documents" in out.stdout and "1 failure in" in out.stdout
    assert PASSWORD not in out.stdout + out.stderr
    two = Settings(data_dir=tmp_path / "two", embedder="none", catalog_url=pg_url, blobs_dir=tmp_path / "blobs")
    assert answers(two) == before
    with Library(two) as lib:
        assert [f.file_name for f in lib.catalog.failures()] == ["broken.pdf"]
        assert lib.check() == []
        # a second copy into the same, now full, catalog is refused and writes nothing
        with Library(one) as first, pytest.raises(LibraryError, match="holds documents already"):
            first.copy_to(two)
        # and back: shared form -> a new one-folder library
        back = Settings(data_dir=tmp_path / "back", embedder="none")
        counts = lib.copy_to(back)
    assert counts["documents"] == 3 and counts["models"] == 3 and counts["originals"] == 3
    assert answers(back) == before


def test_the_queue_commands_need_a_shared_catalog(tmp_path, monkeypatch):
    """Without PINCITE_CATALOG_URL the job commands say what to set (no server needed)."""
    from cli_runner import invoke

    monkeypatch.delenv("PINCITE_CATALOG_URL", raising=False)
    monkeypatch.setenv("PINCITE_EMBEDDER", "none")
    (tmp_path / "a.txt").write_text("text", encoding="utf-8")
    for args in (["jobs"], ["worker", "--drain"], ["ingest", "--enqueue", str(tmp_path / "a.txt")]):
        with pytest.raises(LibraryError, match="PINCITE_CATALOG_URL"):
            invoke("--data", str(tmp_path / "data"), *args)


def test_the_index_wait_of_a_shared_library_is_a_setting(monkeypatch):
    """A process of a shared library waits a minute for the index lock unless
    PINCITE_INDEX_WAIT_S says otherwise (a positive number of seconds)."""
    from pincite.config import SHARED_INDEX_WAIT_S

    monkeypatch.delenv("PINCITE_INDEX_WAIT_S", raising=False)
    assert Settings().index_wait_s == SHARED_INDEX_WAIT_S == 60.0
    monkeypatch.setenv("PINCITE_INDEX_WAIT_S", "2.5")
    assert Settings().index_wait_s == 2.5
    monkeypatch.setenv("PINCITE_INDEX_WAIT_S", "0")
    with pytest.raises(ConfigError, match="PINCITE_INDEX_WAIT_S"):
        Settings()
