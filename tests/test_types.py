"""The source passes mypy with the settings in pyproject.toml ([tool.mypy]), except in the files
of STILL_FAILING, and each of those still fails (so the list only shrinks).

mypy runs once per session in a child process, as `python -m mypy` run by hand in the
repository root: the files it checks come from the configuration (src/pincite), and its
incremental cache is the repository's own .mypy_cache (ignored by git), so a second run checks
only what changed.
"""
from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: Files that still have mypy errors. Remove a file from the list when it becomes clean (the
#: test says which); never add one: fix the new error instead.
STILL_FAILING: frozenset[str] = frozenset()

#: One error line of mypy's default output: "path:line: error: message  [code]".
_ERROR = re.compile(r"^(?P<path>[^:\s]+\.py):\d+(?::\d+)?: error: ")


def errors_by_file(output: str) -> dict[str, list[str]]:
    """mypy's error lines grouped by file (POSIX paths as mypy prints them); notes and the
    summary line are left out."""
    found: dict[str, list[str]] = {}
    for line in output.splitlines():
        m = _ERROR.match(line)
        if m:
            found.setdefault(m.group("path").replace("\\", "/"), []).append(line)
    return found


@pytest.fixture(scope="module")
def mypy_output() -> str:
    """mypy's output on src/ with the project's configuration; fails when mypy is missing or
    crashed (exit status 2) rather than reporting errors (1) or none (0)."""
    assert importlib.util.find_spec("mypy") is not None, "mypy is not installed: pip install -e '.[test]'"
    done = subprocess.run([sys.executable, "-m", "mypy", "--config-file", "pyproject.toml"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode in (0, 1), f"mypy did not run (exit {done.returncode}):\n{done.stdout}{done.stderr}"
    if done.returncode == 1:
        assert errors_by_file(done.stdout), f"mypy failed without an error line:\n{done.stdout}{done.stderr}"
    return done.stdout


@pytest.mark.slow
def test_mypy_finds_nothing_outside_the_listed_files(mypy_output):
    found = errors_by_file(mypy_output)
    new = {path: lines for path, lines in found.items() if path not in STILL_FAILING}
    assert not new, "mypy errors in files expected to be clean:\n" + "\n".join(
        line for lines in new.values() for line in lines)


@pytest.mark.slow
def test_every_listed_file_still_has_errors(mypy_output):
    found = errors_by_file(mypy_output)
    clean = sorted(STILL_FAILING - set(found))
    assert not clean, f"now clean, remove from STILL_FAILING in {Path(__file__).name}: {', '.join(clean)}"


def test_listed_files_exist():
    """A file renamed or split away would otherwise stay listed as failing forever."""
    missing = sorted(p for p in STILL_FAILING if not (ROOT / p).is_file())
    assert not missing, f"listed in STILL_FAILING but not in the tree: {', '.join(missing)}"


def test_error_lines_are_read_by_file():
    output = ("src/pincite/a.py:3: error: Bad  [arg-type]\n"
              "src/pincite/a.py:3: note: See here\n"
              "src/pincite/b/c.py:10:5: error: Worse  [index]\n"
              "src/pincite/a.py:9: error: Again  [misc]\n"
              "Found 3 errors in 2 files (checked 2 source files)\n")
    found = errors_by_file(output)
    assert sorted(found) == ["src/pincite/a.py", "src/pincite/b/c.py"]
    assert len(found["src/pincite/a.py"]) == 2
    assert errors_by_file("Success: no issues found in 96 source files\n") == {}
