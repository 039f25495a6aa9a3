"""`pincite eval` over many questions: each record reaches --out as soon as it is scored (a
run can be watched, and one stopped half-way keeps what it did), and on a terminal a
progress bar counts the questions; --json prints nothing but its JSON."""
from __future__ import annotations

import json
import os
import pty
import select
import signal
import subprocess
import sys
import time

from pdfgen import make_pdf

CLI = [sys.executable, "-c", "from pincite.cli.main import main; main()"]
ENV = {**os.environ, "PINCITE_EMBEDDER": "none", "COLUMNS": "120"}
QUESTIONS = ["What is the maximum pressure of the pump?", "At what pressure does the valve open?",
             "What is the price of the pump?"]


def _library(tmp_path, n: int):
    pdf = make_pdf(tmp_path / "pump.pdf", ["Pump manual.", "The maximum pressure of the pump is 10 bar.",
                                           "The relief valve opens at 12 bar."])
    data = tmp_path / "data"
    subprocess.run(CLI + ["--data", str(data), "ingest", str(pdf)], check=True, capture_output=True,
                   env=ENV, timeout=120)
    qfile = tmp_path / "questions.jsonl"
    with qfile.open("w", encoding="utf-8") as f:
        for i in range(n):
            f.write(json.dumps({"id": f"q{i}", "lang": "en", "doc": "pump.pdf",
                                "question": QUESTIONS[i % 3], "pages": [2]}) + "\n")
    return data, qfile


def test_records_are_written_while_the_run_goes_on(tmp_path):
    data, qfile = _library(tmp_path, 3000)
    out = tmp_path / "records.jsonl"
    proc = subprocess.Popen(CLI + ["--data", str(data), "eval", str(qfile), "--out", str(out), "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV)
    try:
        deadline = time.monotonic() + 120
        while not (out.exists() and out.read_text(encoding="utf-8").count("\n") >= 5):
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "no record written within 120 s"
            time.sleep(0.2)
        assert proc.poll() is None  # still asking, and records are already there
        proc.send_signal(signal.SIGINT)  # stopped half-way: the records so far stay
        proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    lines = out.read_text(encoding="utf-8").splitlines()
    complete = [json.loads(line) for line in lines if line.endswith("}")]
    assert 5 <= len(complete) < 3000
    assert [r["id"] for r in complete] == [f"q{i}" for i in range(len(complete))]
    first = complete[0]
    assert first["question"] == QUESTIONS[0] and first["status"] == "answered"
    assert first["citations"][0]["file"] == "pump.pdf" and first["citations"][0]["page"] == 2


def test_progress_bar_on_a_terminal_and_none_with_json(tmp_path):
    data, qfile = _library(tmp_path, 40)
    master, slave = pty.openpty()
    proc = subprocess.Popen(CLI + ["--data", str(data), "eval", str(qfile), "--out", str(tmp_path / "r.jsonl")],
                            stdout=subprocess.PIPE, stderr=slave, env={**ENV, "TERM": "xterm"})
    os.close(slave)
    seen = b""
    while True:
        ready, _, _ = select.select([master], [], [], 1.0)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
        elif proc.poll() is not None:
            break
    os.close(master)
    stdout, _ = proc.communicate(timeout=120)
    assert proc.returncode == 0
    terminal = seen.decode("utf-8", "replace")
    assert "questions" in terminal and "40/40" in terminal, terminal[-2000:]
    assert "hit@1" in stdout.decode()
    # --json: one JSON object on stdout, nothing on stderr
    done = subprocess.run(CLI + ["--data", str(data), "eval", str(qfile), "--out", str(tmp_path / "j.jsonl"),
                                 "--json"], capture_output=True, text=True, env=ENV, timeout=120)
    assert done.returncode == 0 and done.stderr == ""
    assert json.loads(done.stdout)["records"] == str(tmp_path / "j.jsonl")
    assert len((tmp_path / "j.jsonl").read_text().splitlines()) == 40
