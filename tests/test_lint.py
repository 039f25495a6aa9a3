"""The source, the tests and the benchmarks pass ruff with the rules configured in pyproject.toml
([tool.ruff], per-file-ignores included)."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


#: What ruff checks, in one invocation (a fraction of a second for all three).
CHECKED = ("src", "tests", "benchmarks")


def test_ruff_finds_nothing_in_src_tests_and_benchmarks():
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    assert ruff, "ruff is not installed: pip install -e '.[test]'"
    done = subprocess.run([ruff, "check", "--no-cache", *CHECKED], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
