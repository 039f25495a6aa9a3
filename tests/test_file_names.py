"""File names a file system allows but a careless program mishandles, through the CLI:
names of 251-255 bytes (their sidecar `name.pdf.yaml` would be too long to exist), and
names with newlines, escape sequences and a right-to-left override, which must never reach
the terminal raw (a forged log line, a recoloured screen)."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from pdfgen import make_pdf
from pincite.errors import shown

CLI = [sys.executable, "-c", "from pincite.cli.main import main; main()"]
ENV = {**os.environ, "PINCITE_EMBEDDER": "none", "COLUMNS": "400"}
RAW = ("\n", "\x1b", "\u202e", "\r")


def _run(*args, data):
    return subprocess.run(CLI + ["--data", str(data), *args], capture_output=True, text=True, env=ENV,
                          timeout=180)


def test_shown_escapes_control_characters():
    assert shown("manual.pdf") == "manual.pdf" and shown("руководство 手册.pdf") == "руководство 手册.pdf"
    assert shown("a\nb\x1b[31mc\u202ed\te.pdf") == "a\\nb\\x1b[31mc\\u202ed\\te.pdf"


@pytest.mark.parametrize("length", [251, 255])
def test_long_names_are_ingested_and_cited(tmp_path, length):
    folder = tmp_path / "docs"
    folder.mkdir()
    name = "p" * (length - 4) + ".pdf"
    assert len(name.encode()) == length
    make_pdf(folder / name, ["Pump manual.", "The maximum pressure of the pump is 10 bar."])
    done = _run("ingest", str(folder), data=tmp_path / "data")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "too long" not in done.stdout + done.stderr
    done = _run("ask", "--json", "What is the maximum pressure of the pump?", data=tmp_path / "data")
    assert done.returncode == 0 and f'"file": "{name}"' in done.stdout


def test_control_characters_in_names_are_escaped_in_every_message(tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    forged = "valve\nerror: library destroyed\x1b[31m\u202efdp.pdf"
    make_pdf(folder / forged, ["Valve manual.", "The valve opens at 6 bar."])
    (folder / "empty\nok: fine.pdf").write_bytes(b"")  # fails: its reason names the file
    data = tmp_path / "data"
    outputs = []
    done = _run("ingest", str(folder), data=data)
    assert done.returncode == 1  # the empty file failed, the other was added
    outputs.append(done.stdout + done.stderr)
    for args in (("ask", "At what pressure does the valve open?"), ("docs",),
                 ("ask", "--export", "md", "At what pressure does the valve open?")):
        done = _run(*args, data=data)
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout + done.stderr)
    done = _run("ingest", str(folder / forged), "--model", "x" * 300, data=data)  # an error naming the file
    outputs.append(done.stdout + done.stderr)
    for out in outputs:
        for ch in RAW[1:]:
            assert ch not in out, (ch, out)
        assert not any(line.startswith(("error: library destroyed", "ok: fine")) for line in out.splitlines()), out
    joined = "\n".join(outputs)
    assert "valve\\nerror: library destroyed\\x1b[31m\\u202efdp.pdf" in joined
    assert "empty\\nok: fine.pdf" in joined
