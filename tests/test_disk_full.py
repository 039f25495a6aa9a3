"""A full disk: pincite checks the free space before it opens the index or stores a file,
and stops with "disk full at <path> ... nothing was lost" (exit 2) instead of dying by
SIGBUS (exit 135) in the index's memory-mapped files; a write that still hits ENOSPC gives
the same error. After space is freed, everything stored before still answers.

The first test runs on a real, small tmpfs (needs root to mount one; skipped otherwise); the
others simulate the condition and run anywhere."""
from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pdfgen import make_pdf
from pincite.config import Settings
from pincite.errors import DiskFull
from pincite.library.facade import Library

CLI = [sys.executable, "-c", "from pincite.cli.main import main; main()"]
ENV = {**os.environ, "PINCITE_EMBEDDER": "none", "COLUMNS": "200"}
ENV.pop("PINCITE_MIN_FREE_MB", None)
PUMP = ["Pump manual.", "The maximum pressure of the pump is 10 bar."]
VALVE = ["Valve manual.", "The valve opens at 6 bar."]


def _run(*args, data, env=ENV):
    return subprocess.run(CLI + ["--data", str(data), *args], capture_output=True, text=True, env=env,
                          timeout=180)


@pytest.fixture()
def small_fs(tmp_path):
    mnt = tmp_path / "fs"
    mnt.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256m", "tmpfs", str(mnt)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here ({done.stderr.strip()}); the simulated tests below still run")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)


def _fill(mnt: Path, leave_mib: int) -> Path:
    filler = mnt / "filler"
    free = os.statvfs(mnt).f_bavail * os.statvfs(mnt).f_frsize
    with filler.open("wb") as f:
        f.truncate(0)
        chunk = b"\0" * (1 << 20)
        left = free - leave_mib * (1 << 20)
        while left > 0:
            f.write(chunk[:min(left, len(chunk))])
            left -= len(chunk)
    return filler


def test_full_tmpfs_gives_a_message_and_loses_nothing(small_fs, tmp_path):
    data = small_fs / "data"
    one = make_pdf(tmp_path / "pump.pdf", PUMP)
    two = make_pdf(tmp_path / "valve.pdf", VALVE)
    assert _run("ingest", str(one), data=data).returncode == 0
    assert _run("ask", "What is the maximum pressure of the pump?", data=data).returncode == 0
    filler = _fill(small_fs, 10)  # 10 MiB left: opening the index used to die by SIGBUS here
    for args in (("ask", "What is the maximum pressure of the pump?"), ("ingest", str(two))):
        done = _run(*args, data=data)
        assert done.returncode == 2, (args, done.returncode, done.stderr)
        assert done.stderr.strip().startswith(f"error: disk full at {data}") and "nothing was lost" in done.stderr
        assert "Traceback" not in done.stderr
    done = _run("docs", data=data)  # the catalog still reads
    assert done.returncode == 0 and "pump.pdf" in done.stdout and "valve.pdf" not in done.stdout
    filler.unlink()
    done = _run("ask", "--json", "What is the maximum pressure of the pump?", data=data)
    assert done.returncode == 0 and '"file": "pump.pdf"' in done.stdout and '"status": "answered"' in done.stdout
    assert _run("ingest", str(two), data=data).returncode == 0
    done = _run("ask", "--json", "At what pressure does the valve open?", data=data)
    assert done.returncode == 0 and '"file": "valve.pdf"' in done.stdout


def test_free_space_floor_is_checked_before_the_index_opens(tmp_path):
    data = tmp_path / "data"
    assert _run("ingest", str(make_pdf(tmp_path / "pump.pdf", PUMP)), data=data).returncode == 0
    huge = {**ENV, "PINCITE_MIN_FREE_MB": str(1 << 40)}  # more than any disk holds
    done = _run("ask", "What is the maximum pressure of the pump?", data=data, env=huge)
    assert done.returncode == 2 and done.stderr.strip().startswith(f"error: disk full at {data}")
    assert "needed to open the index" in done.stderr
    done = _run("ingest", str(make_pdf(tmp_path / "valve.pdf", VALVE)), data=data, env=huge)
    assert done.returncode == 2 and "disk full at" in done.stderr
    done = _run("ask", "--json", "What is the maximum pressure of the pump?", data=data)
    assert done.returncode == 0 and '"status": "answered"' in done.stdout


def test_enospc_while_storing_stops_the_ingest_with_the_message(tmp_path, monkeypatch):
    from pincite.store import blobs

    data = tmp_path / "data"
    with Library(Settings(data_dir=data, embedder="none")) as lib:
        assert lib.ingest([make_pdf(tmp_path / "pump.pdf", PUMP)])[0].status == "added"

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(blobs.BlobStore, "put", full)
    with Library(Settings(data_dir=data, embedder="none")) as lib:
        with pytest.raises(DiskFull, match=f"disk full at {data}.*nothing was lost"):
            lib.ingest([make_pdf(tmp_path / "valve.pdf", VALVE)])
        assert [d.file_name for d in lib.documents()] == ["pump.pdf"]
        assert lib.ask("What is the maximum pressure of the pump?").claims[0].citations[0].file == "pump.pdf"
