"""Distributed ingest with real processes: `pincite ingest --enqueue` fills the queue in a
PostgreSQL catalog (a throwaway cluster, tests/pgserver.py), `pincite worker` processes take
the jobs, one is killed with SIGKILL in the middle of its write, and readers in other
processes read the shared catalog meanwhile.

What is tested here, plainly: the workers share one data folder on this machine and write
its Qdrant Edge index in turns under the index lock (an Edge shard is opened by one process
at a time); their reading, chunking and embedding overlap. The queue, leases, document
locks and the two-phase visibility are the same whatever index stands behind
`pincite.library.indexing.session`.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pincite.config import Settings
from pincite.library.facade import Library
from test_processes import flow_question, make_docs

CLI = [sys.executable, "-c", "from pincite.cli.main import main; main()"]


@pytest.fixture
def shared(pg_url, tmp_path, monkeypatch):
    """Environment of a shared library: PostgreSQL catalog, shared blobs folder, one data
    folder (its Edge index), BM25 only so that processes start fast."""
    for name in ("PINCITE_FAULT", "PINCITE_MIN_ANSWERABILITY", "PINCITE_TOKEN", "PINCITE_RETRIEVAL"):
        monkeypatch.delenv(name, raising=False)
    env = {"PINCITE_CATALOG_URL": pg_url, "PINCITE_BLOBS": str(tmp_path / "blobs"),
           "PINCITE_DATA": str(tmp_path / "data"), "PINCITE_EMBEDDER": "none"}
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    return {**os.environ, **env}


def _settings(env: dict) -> Settings:
    return Settings(data_dir=Path(env["PINCITE_DATA"]), embedder="none", catalog_url=env["PINCITE_CATALOG_URL"],
                    blobs_dir=Path(env["PINCITE_BLOBS"]))


def _cli(env: dict, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run(CLI + list(args), env=env, capture_output=True, text=True, timeout=timeout)


def _worker(env: dict, *args: str, **extra_env) -> subprocess.Popen:
    return subprocess.Popen(CLI + ["worker", "--poll", "0.2", *args], env={**env, **extra_env},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _wait_for(proc: subprocess.Popen, text: str, timeout: float = 120) -> None:
    """Read `proc`'s stderr until a line holds `text`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = proc.stderr.readline()
        if text in line:
            return
        if not line and proc.poll() is not None:
            break
    raise AssertionError(f"{text!r} never printed (exit {proc.poll()})")


def _assert_consistent(lib: Library) -> None:
    """Every ready document whole in the index, nothing pending anywhere, statistics equal
    to the sum of the documents' chunks."""
    rows = lib.catalog.documents()
    assert all(r.state == "ready" for r in rows)
    held = lib.index.ready_counts()
    assert {r.doc_id: r.chunks for r in rows} == held
    assert lib.index.count(state="pending") == 0
    assert lib.catalog.chunk_count() == sum(r.chunks for r in rows)


@pytest.mark.slow
def test_three_workers_share_one_queue(shared, tmp_path):
    docs = make_docs(tmp_path / "docs", 9, pages=6)
    (tmp_path / "docs" / "broken.pdf").write_bytes(b"%PDF-1.4 not really")
    out = _cli(shared, "ingest", "--enqueue", "--trust", "normative", str(tmp_path / "docs"))
    assert out.returncode == 0, out.stderr
    assert "10 jobs queued" in out.stdout
    again = _cli(shared, "ingest", "--enqueue", str(docs[0]))  # waiting already: not queued twice
    assert again.returncode == 0 and "already queued" in again.stdout and "0 jobs queued" in again.stdout
    workers = [_worker(shared, "--drain", "--lease", "10") for _ in range(3)]
    for w in workers:
        stdout, stderr = w.communicate(timeout=300)
        assert w.returncode == 0, stderr
    listing = json.loads(_cli(shared, "jobs", "--json").stdout)
    assert listing["counts"] == {"queued": 0, "running": 0, "done": 9, "failed": 1}
    (failed,) = [j for j in listing["jobs"] if j["state"] == "failed"]
    assert failed["path"].endswith("broken.pdf") and failed["attempts"] == 1 and failed["reason"]
    done = [j for j in listing["jobs"] if j["state"] == "done"]
    assert all(j["attempts"] == 1 and j["status"] == "added" and j["pages"] == 6 for j in done)
    assert len({j["worker"] for j in listing["jobs"]}) >= 2  # the queue was shared
    table = _cli(shared, "jobs")
    assert table.returncode == 0 and "done: 9" in table.stdout and "failed: 1" in table.stdout
    assert "broken.pdf" in table.stdout
    with Library(_settings(shared)) as lib:
        _assert_consistent(lib)
        rows = lib.documents()
        assert len(rows) == 9 and {r.trust for r in rows} == {"normative"}  # fields travelled with the job
        for i in (0, 4, 8):
            ans = lib.ask(flow_question(i))
            assert ans.status == "answered" and str(i * 10 + 7) in ans.answer
            assert ans.claims[0].citations[0].file == f"pump{i:03d}.pdf"


@pytest.mark.slow
def test_a_worker_killed_mid_write_loses_nothing_and_shows_nothing(shared, tmp_path):
    make_docs(tmp_path / "docs", 2, pages=4)
    assert _cli(shared, "ingest", "--enqueue", str(tmp_path / "docs")).returncode == 0
    victim = _worker(shared, "--lease", "2", PINCITE_FAULT="hang:after-points")
    _wait_for(victim, "fault: hang at after-points")  # pending points and row written, not ready
    # a reader meanwhile (another process) lists nothing of the half-written document; it
    # waits for the index the hung worker holds (one second here, not the default minute),
    # then lists what the catalog holds
    docs = _cli({**shared, "PINCITE_INDEX_WAIT_S": "1"}, "docs", "--json")
    assert docs.returncode == 0, docs.stderr
    assert [d["state"] for d in json.loads(docs.stdout)["documents"]] == ["pending"]  # listed as such
    running = json.loads(_cli(shared, "jobs", "--json", "--state", "running").stdout)["jobs"]
    assert len(running) == 1 and running[0]["doc_id"]
    doc_id = running[0]["doc_id"]
    victim.send_signal(signal.SIGKILL)
    victim.wait(timeout=30)
    with Library(_settings(shared)) as lib:  # what the dead worker left: pending, invisible
        row = lib.catalog.get(doc_id)
        assert row is not None and row.state == "pending"
        assert lib.index.count(doc_id=doc_id, state="pending") > 0
        assert lib.documents() == []
        i = int(row.file_name[4:7])
        ans = lib.ask(flow_question(i))
        assert all(c.doc_id != doc_id for claim in ans.claims for c in claim.citations)
        assert ans.status != "answered"
    heir = _worker(shared, "--drain", "--lease", "2")
    stdout, stderr = heir.communicate(timeout=300)
    assert heir.returncode == 0, stderr
    jobs = json.loads(_cli(shared, "jobs", "--json").stdout)["jobs"]
    assert sorted((j["state"], j["attempts"]) for j in jobs) == [("done", 1), ("done", 2)]
    retaken = next(j for j in jobs if j["attempts"] == 2)
    assert retaken["doc_id"] == doc_id and retaken["status"] == "added"
    with Library(_settings(shared)) as lib:
        _assert_consistent(lib)
        assert len(lib.documents()) == 2
        ans = lib.ask(flow_question(i))
        assert ans.status == "answered" and ans.claims[0].citations[0].doc_id == doc_id


@pytest.mark.slow
def test_two_reader_processes_read_the_shared_catalog_while_a_worker_writes(shared, tmp_path):
    """The read path takes no writer lock: two processes read documents, pages and quote
    checks from the PostgreSQL catalog and the shared folder at the same time, while a
    worker ingests (and holds the index for its writes)."""
    files = [str(p) for p in make_docs(tmp_path / "docs", 7, pages=3)]
    assert _cli(shared, "ingest", "--enqueue", *files[:4]).returncode == 0
    first = _worker(shared, "--drain")
    assert first.wait(timeout=300) == 0
    assert _cli(shared, "ingest", "--enqueue", *files[4:]).returncode == 0
    writer = _worker(shared, "--drain")
    script = tmp_path / "reader.py"
    script.write_text(
        "import sys, time\n"
        "from pathlib import Path\n"
        "from pincite.library.facade import Library\n"
        "from pincite.config import Settings\n"
        "s = Settings()\n"
        "n = 0\n"
        "t_end = time.monotonic() + 3\n"
        "with Library(s) as lib:\n"
        "    while time.monotonic() < t_end or n < 20:\n"
        "        for row in lib.documents():\n"
        "            v = lib.verify_quote(row.doc_id, 1, lib.page(row.doc_id, 1).text.split('.')[0])\n"
        "            assert v.verified, v\n"
        "            n += 1\n"
        "print(n, time.monotonic())\n")
    readers = [subprocess.Popen([sys.executable, str(script)], env=shared, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True) for _ in range(2)]
    outs = [r.communicate(timeout=120) for r in readers]
    assert all(r.returncode == 0 for r in readers), [o[1][-2000:] for o in outs]
    assert all(int(o[0].split()[0]) >= 20 for o in outs)
    assert writer.wait(timeout=300) == 0
    with Library(_settings(shared)) as lib:
        _assert_consistent(lib)
        assert len(lib.documents()) == 7


@pytest.mark.slow
def test_a_worker_waits_for_jobs_and_stops_cleanly_on_sigterm(shared, tmp_path):
    files = make_docs(tmp_path / "docs", 1, pages=2)
    idle = _worker(shared, "--lease", "5")
    time.sleep(1.0)  # idle on an empty queue
    assert idle.poll() is None
    assert _cli(shared, "ingest", "--enqueue", str(files[0])).returncode == 0
    deadline = time.monotonic() + 120
    line = ""
    while time.monotonic() < deadline and "job" not in line:
        line = idle.stdout.readline()
    assert "added" in line and "pump000.pdf" in line, line
    idle.send_signal(signal.SIGTERM)
    out, err = idle.communicate(timeout=30)
    assert idle.returncode == 0, err
    assert "1 job, 2 pages indexed" in out


@pytest.mark.slow
def test_two_server_processes_answer_at_once_from_the_shared_catalog(shared, tmp_path):
    """Two `pincite serve` processes on one PostgreSQL catalog and one blobs folder answer
    asks, listings and page texts at the same time. Each has its own data folder (server
    file, uploads) holding a copy of the Edge shard the workers wrote, since an Edge shard is
    opened by one process: the catalog, statistics, rows, models and originals they read are
    the shared ones, with no lock on the read path. (With an index that many processes open,
    a Qdrant server, the copies are not needed.)"""
    import shutil
    import threading

    from pincite.web.client import Client

    make_docs(tmp_path / "docs", 4, pages=3)
    assert _cli(shared, "ingest", "--enqueue", str(tmp_path / "docs")).returncode == 0
    assert _worker(shared, "--drain").wait(timeout=300) == 0
    servers = []
    try:
        for name in ("a", "b"):
            data = tmp_path / f"serve-{name}"
            shutil.copytree(Path(shared["PINCITE_DATA"]) / "index", data / "index")
            proc = subprocess.Popen(CLI + ["serve", "--port", "0"], env={**shared, "PINCITE_DATA": str(data)},
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            servers.append((data, proc))
        urls = []
        for data, proc in servers:
            deadline = time.monotonic() + 90
            while not (data / "server.json").exists():
                assert proc.poll() is None, proc.communicate()
                assert time.monotonic() < deadline, "server did not start"
                time.sleep(0.2)
            urls.append(json.loads((data / "server.json").read_text())["url"])
        results: dict[tuple[str, int], tuple] = {}

        def client(url: str) -> None:
            with Client(url) as c:
                listing = c.documents()
                for i in range(4):
                    ans = c.ask(flow_question(i))
                    cite = ans.claims[0].citations[0]
                    text = c.page_text(cite.doc_id, cite.page)["text"]
                    results[(url, i)] = (ans.status, ans.answer, cite.doc_id, cite.quote in text,
                                         len(listing["documents"]))

        threads = [threading.Thread(target=client, args=(u,)) for u in urls for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=300)
        assert len(results) == 8
        for i in range(4):
            a, b = results[(urls[0], i)], results[(urls[1], i)]
            assert a == b and a[0] == "answered" and str(i * 10 + 7) in a[1] and a[3] and a[4] == 4
    finally:
        for _, proc in servers:
            if proc.poll() is None:
                proc.send_signal(signal.SIGINT)
                proc.wait(timeout=30)


def test_job_records_count_a_text_file_in_parts_as_the_cli_does(shared, tmp_path):
    """A queued text file's outcome and job record count its units as `ingest` does: parts
    of a text file (and sheets, slides), not pages."""
    from cli_runner import invoke

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "notes.txt").write_text("".join(f"Line {i}: the ZX-5 pump delivers {i} litres.\n" for i in range(150)))
    with Library(_settings(shared)) as lib:
        lib.enqueue([docs / "notes.txt"])
        (outcome,) = lib.work(drain=True, poll_s=0.1)
    assert (outcome.status, outcome.unit) == ("added", "lines") and outcome.pages >= 2, outcome
    listing = json.loads(invoke("jobs", "--json").stdout)
    (job,) = listing["jobs"]
    assert (job["unit"], job["pages"]) == ("lines", outcome.pages)
    table = invoke("jobs").stdout
    assert f"added {outcome.pages} parts" in table and "pages" not in table, table
