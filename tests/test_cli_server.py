"""While `pincite serve` runs it owns the index; `pincite ingest`, `ask`, `docs` and `remove`
find it through <data>/server.json and go through its API. Real processes, real
sockets: the server is the real CLI in a subprocess.
"""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pdfgen import make_pdf

CLI = [sys.executable, "-c", "from pincite.cli.main import main; main()"]
ENV = {**os.environ, "COLUMNS": "200", "PINCITE_EMBEDDER": "none"}


def run(data: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(CLI + ["--data", str(data), *args], capture_output=True, text=True,
                          timeout=120, env=ENV)


@pytest.fixture()
def served(tmp_path):
    data = tmp_path / "data"
    proc = subprocess.Popen(CLI + ["--data", str(data), "serve", "--port", "0"], env=ENV,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    info = data / "server.json"
    deadline = time.monotonic() + 60
    while not info.exists():
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "server did not start"
        time.sleep(0.2)
    yield data, json.loads(info.read_text())["url"], proc
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)


def test_commands_go_through_a_running_server(served, tmp_path):
    data, url, proc = served
    pdf = make_pdf(tmp_path / "pump.pdf", ["Pump manual.", "The maximum pressure of the pump is 10 bar."],
                   title="Pump manual")
    bad = tmp_path / "notes.pdf"
    bad.write_text("not a pdf at all")

    done = run(data, "ingest", str(pdf), str(bad))
    assert done.returncode == 1, done.stderr  # one file failed, the other was ingested
    assert f"using the pincite server at {url}" in done.stderr
    assert "pump.pdf" in done.stdout and "added" in done.stdout and "not a PDF" in done.stderr
    assert "2 files, 2 pages indexed by the server" in done.stdout  # the server reports pages
    row = next(line for line in done.stdout.splitlines() if "pump.pdf" in line)
    assert re.search(r"\b2\b.*\b[1-9]\d*\b", row.split("pump.pdf", 1)[1]), row  # pages and chunks

    done = run(data, "docs", "--json")
    assert done.returncode == 0, done.stderr
    listing = json.loads(done.stdout)
    (doc,) = listing["documents"]
    assert doc["file_name"] == "pump.pdf" and doc["pages"] == 2

    done = run(data, "ask", "--json", "What is the maximum pressure of the pump?")
    assert done.returncode == 0, done.stderr
    ans = json.loads(done.stdout)
    assert ans["status"] == "answered" and ans["claims"][0]["citations"][0]["page"] == 2

    # a scoped question goes through the server too, with its filter inside the search
    done = run(data, "ask", "--json", "--model", "PX-900", "What is the maximum pressure of the pump?")
    assert done.returncode == 0, done.stderr
    assert f"using the pincite server at {url}" in done.stderr
    ans = json.loads(done.stdout)
    assert ans["status"] == "refused" and ans["scope"]["model"] == "PX-900" and "PX-900" in ans["answer"]
    done = run(data, "ask", "--json", "--trust", "normative", "--trust", "reference",
               "What is the maximum pressure of the pump?")
    assert json.loads(done.stdout)["status"] == "answered", done.stderr
    # the registry options reach the server's Library.ask too
    done = run(data, "ask", "--json", "--serial", "123", "What is the maximum pressure of the pump?")
    assert done.returncode == 0, done.stderr
    ans = json.loads(done.stdout)
    assert ans["scope"]["serial"] == "123" and any("123" in w for w in ans["warnings"]), ans
    done = run(data, "ask", "--mode", "as-shipped", "What is the maximum pressure of the pump?")
    assert done.returncode == 2 and "as-shipped needs a serial number" in done.stderr

    done = run(data, "reindex")
    assert done.returncode == 2 and "holds the index" in done.stderr

    done = run(data, "remove", doc["doc_id"])
    assert done.returncode == 0, done.stderr
    assert json.loads(run(data, "docs", "--json").stdout)["documents"] == []

    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=30)
    assert not (data / "server.json").exists()
    done = run(data, "docs", "--json")  # the server is gone: the CLI opens the library itself
    assert done.returncode == 0 and "using the pincite server" not in done.stderr


def test_ingest_through_server_says_same_content_and_fields_updated(served, tmp_path):
    """A byte-identical copy under a new name, ingested with fields through the server, is
    reported as the local ingest reports it: skipped, with the note naming the stored file
    and saying its fields were updated (not an empty note)."""
    data, url, _ = served
    pdf = make_pdf(tmp_path / "pump.pdf", ["Pump manual.", "The maximum pressure is 10 bar."],
                   title="Pump manual")
    copy = tmp_path / "pump-copy.pdf"
    copy.write_bytes(pdf.read_bytes())
    done = run(data, "ingest", str(pdf))
    assert done.returncode == 0, done.stderr

    done = run(data, "ingest", "--model", "PX-200", "--revision", "B", str(copy))
    assert done.returncode == 0, done.stderr
    assert f"using the pincite server at {url}" in done.stderr
    row = next(line for line in done.stdout.splitlines() if "pump-copy.pdf" in line)
    assert "skipped" in row and "same content as pump.pdf; fields updated" in row, done.stdout
    (doc,) = json.loads(run(data, "docs", "--json").stdout)["documents"]
    assert doc["model"] == "PX-200" and doc["revision"] == "B", doc

    done = run(data, "ingest", "--model", "PX-200", "--revision", "B", str(copy))  # nothing new
    row = next(line for line in done.stdout.splitlines() if "pump-copy.pdf" in line)
    assert "same content as pump.pdf" in row and "fields updated" not in row, done.stdout


def test_text_file_through_server_is_counted_in_parts(served, tmp_path):
    """Through the server too, a text file's units are parts, not pages: in the ingest
    output and in GET /api/documents (`unit`), which the web listing shows."""
    import httpx

    data, url, _ = served
    notes = tmp_path / "notes.txt"
    notes.write_text("\n\n".join("\n".join(f"Line {p}-{i}: the seal is checked." for i in range(10))
                                 for p in range(30)) + "\n", encoding="utf-8")
    done = run(data, "ingest", str(notes))
    assert done.returncode == 0, done.stderr
    row = next(line for line in done.stdout.splitlines() if "notes.txt" in line)
    n = int(re.search(r"(\d+) parts", row).group(1))
    assert re.search(rf"1 file, {n} parts indexed by the server in", done.stdout), done.stdout
    (doc,) = httpx.get(f"{url}/api/documents").json()["documents"]
    assert doc["unit"] == "lines" and doc["pages"] == n, doc


def _note(stdout: str, name: str) -> str:
    """The note column of `name`'s row in the ingest table (wrapped lines joined)."""
    lines = stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if name in line)
    cells = []
    for line in lines[start:]:
        if not line.startswith("│"):
            break
        parts = [p.strip() for p in line.strip("│").split("│")]
        if cells and parts[0]:
            break  # the next file's row
        cells.append(parts[-1])
    return " ".join(c for c in cells if c)


def test_a_failure_note_through_the_server_is_the_direct_ingests(served, tmp_path):
    """A file that fails gets the same whole note in the ingest table and the same line on
    stderr through a running server as in a direct ingest: the reason's own colons
    ("PDFium cannot load it: …") are not taken for the file name's."""
    data, url, _ = served
    pdf = make_pdf(tmp_path / "src.pdf", [f"Page {i}. The pump is checked every week." for i in range(20)])
    bad = tmp_path / "cut.pdf"
    bad.write_bytes(pdf.read_bytes()[:400])  # the header and the start of the first object
    direct = run(tmp_path / "direct-data", "ingest", str(bad))
    via = run(data, "ingest", str(bad))
    assert direct.returncode == via.returncode == 1, (direct.stderr, via.stderr)
    assert f"using the pincite server at {url}" in via.stderr and "using the pincite server" not in direct.stderr
    note = _note(direct.stdout, "cut.pdf")
    assert ": " in note and note.count("(") == note.count(")"), note  # a reason with its own colon, whole
    assert _note(via.stdout, "cut.pdf") == note, (direct.stdout, via.stdout)
    failed = [line for line in direct.stderr.splitlines() if line.startswith("✗")]
    assert failed and failed == [line for line in via.stderr.splitlines() if line.startswith("✗")]
