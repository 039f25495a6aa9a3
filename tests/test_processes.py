"""A second process during an ingest, and a rebuild killed half-way.

Real processes only: `pincite ingest` and `pincite reindex` run as subprocesses of the CLI
(killed with SIGKILL where a test says so), `pincite ask` and `pincite serve` are started
beside them, and the library is then opened in this process. Faults are placed through the
PINCITE_FAULT hook of pincite.library.files (`hang:<point>` prints "fault: hang at <point>" on
stderr and sleeps there, so a test kills the process at that point).
"""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pdfgen import make_pdf
from pincite.config import Settings
from pincite.errors import IndexBusy
from pincite.extract.model import EXTRACTOR_VERSION
from pincite.library.facade import Library

CLI = [sys.executable, "-c", "from pincite.cli.main import main; main()"]


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch):
    """No PINCITE_* setting of the caller's shell may leak into these tests; BM25 only, so
    the processes start fast (the index files are the same with an embedder)."""
    for name in ("PINCITE_FAULT", "PINCITE_DATA", "PINCITE_MIN_ANSWERABILITY", "PINCITE_TOKEN",
                 "PINCITE_MAX_FILE_MB", "PINCITE_MAX_PAGES", "PINCITE_RETRIEVAL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("PINCITE_EMBEDDER", "none")


def settings(data: Path) -> Settings:
    return Settings(data_dir=data, embedder="none")


def make_docs(folder: Path, n: int, pages: int = 8) -> list[Path]:
    """`n` PDFs of `pages` pages; document i states that pump QX-<i> delivers <i*10+7> l/min."""
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for i in range(n):
        body = [f"The pump model QX-{i:03d} delivers a rated flow of {i * 10 + 7} litres per minute."
                if p == 1 else
                " ".join(f"Section {p}.{k} of unit {i} describes maintenance step {k} with a "
                         f"tightening torque of {k * 3 + p} Nm." for k in range(25))
                for p in range(1, pages + 1)]
        out.append(make_pdf(folder / f"pump{i:03d}.pdf", body))
    return out


def flow_question(i: int) -> str:
    return f"What is the rated flow of the pump model QX-{i:03d}?"


def assert_answers_all(library: Library, n: int) -> None:
    """Every generated document answers its own question with its own verified quote."""
    by_name = {r.file_name: r.doc_id for r in library.documents()}
    assert len(by_name) == n, sorted(by_name)
    for i in range(n):
        ans = library.ask(flow_question(i))
        assert ans.status == "answered", (i, ans.status, ans.answer)
        top = ans.citations()[0]
        assert top.doc_id == by_name[f"pump{i:03d}.pdf"] and top.verified, (i, top)
        assert f"{i * 10 + 7} litres" in top.quote, (i, top.quote)


def assert_index_matches_catalog(library: Library) -> None:
    """The index holds exactly the chunks the catalog counts, all ready."""
    ready = library.documents()
    for row in ready:
        assert library.index.count(doc_id=row.doc_id, state="ready") == row.chunks, row.file_name
    assert library.index.count() == sum(r.chunks for r in ready)
    assert library.catalog.chunk_count() == sum(r.chunks for r in ready)


def start(args: list[str], log: Path, **env) -> subprocess.Popen:
    return subprocess.Popen(CLI + args, env={**os.environ, **env}, cwd=log.parent,
                            stdout=open(log, "wb"), stderr=subprocess.STDOUT)


def wait_for_line(proc: subprocess.Popen, log: Path, text: str, timeout: float = 60) -> None:
    """Wait until `text` appears in `log` while `proc` lives (fails when it ends first)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if text in log.read_text(errors="replace"):
            return
        assert proc.poll() is None, f"ended ({proc.returncode}) before {text!r}:\n{log.read_text()}"
        time.sleep(0.05)
    pytest.fail(f"no {text!r} within {timeout} s:\n{log.read_text()}")


def kill(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    assert proc.returncode == -signal.SIGKILL


def exit_or_serving(proc: subprocess.Popen, port: int, timeout: float) -> int | None:
    """Wait until `proc` ends (its exit status) or accepts connections on `port` of the
    loopback (None), whichever comes first; None too when neither happens within `timeout`
    seconds. A server refused a busy index ends at once; one started just after the ingest
    let go of the index serves until it is stopped, which a plain `wait` only noticed at
    its timeout."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        rc = proc.poll()
        if rc is not None:
            return rc
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return None
        except OSError:
            pass
        time.sleep(0.05)
    return proc.poll()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---------------------------------------------------------------- 1. a second process


def test_ask_and_serve_during_an_ingest_neither_break_it_nor_open_the_index(tmp_path):
    """While `pincite ingest` writes, other processes try the index again and again (in this
    process, `pincite ask`, `pincite serve`): each is told the index is busy, none opens the
    shard, and the ingest completes with every document answering."""
    n = 60  # an ingest long enough for several tries at its index, however fast the machine
    make_docs(tmp_path / "docs", n)
    data = tmp_path / "data"
    ingest_log = tmp_path / "ingest.log"
    ingest = start(["--data", str(data), "ingest", str(tmp_path / "docs")], ingest_log)
    refused_here = refused_cli = refused_serve = 0
    try:
        deadline = time.monotonic() + 180
        while not (data / "catalog.sqlite").exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        round_ = 0
        while ingest.poll() is None and time.monotonic() < deadline:
            round_ += 1
            # Many timings in this process: open, ask, close, at once and every 50 ms.
            for _ in range(5):
                try:
                    with Library(settings(data)) as lib:
                        lib.ask(flow_question(0))
                except IndexBusy as e:
                    assert "another pincite process" in str(e)
                    refused_here += 1
                time.sleep(0.05)
            if ingest.poll() is not None:
                break
            # A whole CLI process, and every third round a server.
            if round_ % 3 == 0:
                serve_log = tmp_path / f"serve{round_}.log"
                port = free_port()
                server = start(["--data", str(data), "serve", "--port", str(port)], serve_log)
                rc = exit_or_serving(server, port, timeout=60)
                if rc is None:  # it serves (the ingest had let go of the index), or hung
                    server.terminate()
                    server.wait(timeout=10)
                    try:  # a server can serve only once the ingest let go of the index: it is ending
                        ingest.wait(timeout=60)
                    except subprocess.TimeoutExpired:
                        pass  # still running while a server serves: the assertion below says so
                text = serve_log.read_text(errors="replace")
                if ingest.poll() is None or "busy" in text or "another pincite process" in text:
                    assert rc == 2 and "another pincite process" in text, (rc, text)
                    refused_serve += 1
            else:
                ask = subprocess.run(CLI + ["--data", str(data), "ask", flow_question(1)],
                                     capture_output=True, text=True, timeout=120, cwd=tmp_path)
                if ask.returncode == 2:
                    assert "another pincite process" in ask.stderr, ask.stderr
                    refused_cli += 1
                else:
                    assert ask.returncode == 0, ask.stderr
        rc = ingest.wait(timeout=180)
    finally:
        if ingest.poll() is None:
            kill(ingest)
    log = ingest_log.read_text(errors="replace")
    assert rc == 0, log
    assert f"{n} files" in log and "failed" not in log, log
    assert refused_here >= 5 and refused_cli + refused_serve >= 1, (refused_here, refused_cli, refused_serve)
    with Library(settings(data)) as lib:
        assert lib.check() == []
        assert_index_matches_catalog(lib)
        assert_answers_all(lib, n)


def test_a_reader_refused_while_the_index_is_held_touches_no_index_file(tmp_path):
    """A second opener finds the index lock taken and stops before the shard: not one file
    under index/ changes (size or modification time), and the holder keeps writing."""
    docs = make_docs(tmp_path / "docs", 3, pages=2)
    data = tmp_path / "data"
    with Library(settings(data)) as holder:
        holder.ingest(docs[:2])
        holder.index  # holds the shard

        def snapshot():
            return {p: (p.stat().st_size, p.stat().st_mtime_ns)
                    for p in (data / "index").rglob("*") if p.is_file()}

        before = snapshot()
        for _ in range(3):
            with pytest.raises(IndexBusy, match="another pincite process"):
                with Library(settings(data)) as other:
                    other.index
        out = subprocess.run(CLI + ["--data", str(data), "ask", flow_question(0)],
                             capture_output=True, text=True, timeout=120, cwd=tmp_path)
        assert out.returncode == 2 and "another pincite process" in out.stderr, out.stderr
        assert snapshot() == before
        (res,) = holder.ingest([docs[2]])
        assert res.status == "added"
        assert_answers_all(holder, 3)
        assert_index_matches_catalog(holder)


# ---------------------------------------------------------------- 2. a killed rebuild


def _ingested(tmp_path: Path, n: int) -> Path:
    data = tmp_path / "data"
    with Library(settings(data)) as lib:
        results = lib.ingest(make_docs(tmp_path / "docs", n, pages=3))
    assert [r.status for r in results] == ["added"] * n
    return data


def _stale_model(data: Path, file_name: str) -> str:
    """Mark the stored model of `file_name` as made by an older extractor, so reindex
    extracts it again from its stored original; returns its doc id."""
    with Library(settings(data)) as lib:
        (row,) = [r for r in lib.documents() if r.file_name == file_name]
    path = data / "models" / f"{row.doc_id}.json"
    model = json.loads(path.read_text())
    model["extractor"] = "pdfium-old"
    path.write_text(json.dumps(model))
    return row.doc_id


def stored_extractor(data: Path, doc_id: str) -> str:
    """The extractor named in the stored model of `doc_id`, read from disk (the Library
    caches models by path within a process)."""
    return json.loads((data / "models" / f"{doc_id}.json").read_text())["extractor"]


@pytest.mark.parametrize("point", ["reindex-doc", "reindex-switch", "reindex-models-moved",
                                   "reindex-index-aside"])
def test_reindex_killed_at_any_point_loses_no_document(tmp_path, point):
    """`pincite reindex` of a library that needs it (one document's passages lost from the
    index, one model made by an older extractor), killed with SIGKILL while it builds, after
    it recorded the new catalog state, after it moved the new models in, and with the old
    index moved aside: the next open rolls the rebuild back (the library exactly as before,
    which `check` describes) or finishes it (every document answers); one more `pincite
    reindex` leaves every document answering."""
    n = 8
    data = _ingested(tmp_path, n)
    stale = _stale_model(data, "pump000.pdf")  # rebuilt first, before any kill point
    with Library(settings(data)) as lib:
        (lost,) = [r for r in lib.documents() if r.file_name == "pump005.pdf"]
        lib.index.delete_doc(lost.doc_id)
    log = tmp_path / "reindex.log"
    proc = start(["--data", str(data), "reindex"], log, PINCITE_FAULT=f"hang:{point}")
    try:
        wait_for_line(proc, log, f"fault: hang at {point}")
    finally:
        kill(proc)

    with Library(settings(data)) as lib:
        problems = lib.check()
        if point == "reindex-doc":  # rolled back: the library as it was, and it says so
            assert len(problems) == 1, problems
            assert "pump005.pdf" in problems[0] and "`pincite reindex`" in problems[0], problems
            assert lib.index.count(doc_id=lost.doc_id) == 0
            assert stored_extractor(data, stale) == "pdfium-old"
            assert all(c.doc_id != lost.doc_id for c in lib.ask(flow_question(5)).citations())
        else:  # finished: the new index and models are in place
            assert problems == [], problems
            assert stored_extractor(data, stale) == EXTRACTOR_VERSION
            assert_index_matches_catalog(lib)
            assert_answers_all(lib, n)
    assert not (data / "rebuild").exists() and not (data / "index.old").exists()

    # One command completes what was left, and the library stays whole.
    out = subprocess.run(CLI + ["--data", str(data), "reindex"], capture_output=True, text=True,
                         timeout=300, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert stored_extractor(data, stale) == EXTRACTOR_VERSION
    with Library(settings(data)) as lib:
        assert lib.check() == []
        assert_index_matches_catalog(lib)
        assert_answers_all(lib, n)


def test_docs_and_check_name_documents_missing_from_the_index(tmp_path):
    """A library whose index lost the points of some documents (as an interrupted rebuild
    of an earlier version left it): `check` and `pincite docs` name each such document and
    say to run `pincite reindex`, which repairs it."""
    n = 4
    data = _ingested(tmp_path, n)
    with Library(settings(data)) as lib:
        rows = {r.file_name: r for r in lib.documents()}
        lost = [rows["pump001.pdf"], rows["pump002.pdf"]]
        for row in lost:
            lib.index.delete_doc(row.doc_id)
        problems = lib.check()
    assert len(problems) == 2, problems
    for row, problem in zip(lost, problems):
        assert row.file_name in problem and f"{row.chunks} of {row.chunks}" in problem, problem
        assert "`pincite reindex`" in problem, problem

    out = subprocess.run(CLI + ["--data", str(data), "docs"], capture_output=True, text=True,
                         timeout=120, cwd=tmp_path)
    text = " ".join(out.stdout.split()) + " ".join(out.stderr.split())
    assert "pump001.pdf" in text and "pincite reindex" in text and "missing from the index" in text, text

    # An ingest of the same files does not call them simply "unchanged".
    with Library(settings(data)) as lib:
        results = {Path(r.path).name: r for r in lib.ingest([tmp_path / "docs"])}
    assert {r.status for r in results.values()} == {"skipped"}
    for name, r in results.items():
        if name in ("pump001.pdf", "pump002.pdf"):
            assert f"{r.chunks} of {r.chunks} passages missing" in r.reason and "reindex" in r.reason, r
        else:
            assert r.reason == "unchanged", r

    out = subprocess.run(CLI + ["--data", str(data), "reindex"], capture_output=True, text=True,
                         timeout=300, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    with Library(settings(data)) as lib:
        assert lib.check() == []
        assert_index_matches_catalog(lib)
        assert_answers_all(lib, n)
