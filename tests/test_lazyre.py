"""Regular expressions compiled on first use (text.lazyre): a stand-in behaves as the
compiled pattern, compiles only when used, and the answer path's modules compile none of
their patterns when imported."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pincite.text import lazyre

SRC = str(Path(__file__).resolve().parents[1] / "src")


@pytest.mark.parametrize("pattern, flags, text", [
    (r"(?P<num>\d+)\s*(?P<unit>kg|кг|公斤)", re.I, "Масса 12 КГ, 3 kg и 5公斤"),
    (r"[\u4e00-\u9fff]+", 0, "KD-5 型燃气热水器的额定电压"),
    (r"\b(\w)(\w*)\b", 0, "the rated pressure"),
])
def test_a_lazy_pattern_gives_what_the_compiled_one_gives(pattern, flags, text):
    lazy, real = lazyre.compile(pattern, flags), re.compile(pattern, flags)
    assert lazy.pattern == pattern
    assert lazy.search(text).span() == real.search(text).span()
    assert (lazy.match(text) is None) == (real.match(text) is None)
    assert (lazy.fullmatch(text) is None) == (real.fullmatch(text) is None)
    assert lazy.findall(text) == real.findall(text)
    assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in real.finditer(text)]
    assert lazy.sub("_", text) == real.sub("_", text) and lazy.subn("_", text) == real.subn("_", text)
    assert lazy.split(text) == real.split(text)
    assert (lazy.flags, lazy.groups, lazy.groupindex) == (real.flags, real.groups, real.groupindex)


def test_nothing_is_compiled_before_the_first_use(monkeypatch):
    compiled = []
    real = re.compile
    monkeypatch.setattr(re, "compile", lambda *a: compiled.append(a) or real(*a))
    p = lazyre.compile(r"x+y", re.I)
    assert p.pattern == r"x+y" and compiled == []
    assert p.search("aXXy").group() == "XXy"
    assert p.search("xy") and len(compiled) == 1  # compiled once, its methods kept


def test_importing_the_answer_layer_compiles_no_pattern_of_its_own():
    """The modules of the text, chunk and answer stages leave their patterns to lazyre,
    which compiles one when it is first used, not when its module is imported (a cold
    `pincite ask` uses about half of them): none of them calls re.compile at import."""
    code = (
        "import re, sys\n"
        "real = re.compile\n"
        "callers = []\n"
        "def spy(*a, **k):\n"
        "    f = sys._getframe(1)\n"
        "    callers.append(f.f_code.co_filename)\n"
        "    return real(*a, **k)\n"
        "re.compile = spy\n"
        "import pincite.answer.pipeline, pincite.answer.rank, pincite.chunk.pages\n"
        "own = [c for c in callers if any(f'/pincite/{s}/' in c for s in ('text', 'chunk', 'answer'))\n"
        "       and not c.endswith('lazyre.py')]\n"
        "print(len(own), sorted(set(own)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, PYTHONPATH=SRC),
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[0] == "0", out.stdout
