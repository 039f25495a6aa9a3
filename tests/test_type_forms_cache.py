"""The analysed forms of the answer types' words (answer.asked_type: the words a question's
search is widened with) are kept in a derived cache: the same forms as computed, and an
English or Russian question then never loads jieba for the Chinese type words. Real files
in temporary cache folders (PINCITE_CACHE_DIR), real jieba and pymorphy3; nothing mocked."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pincite.answer import asked_type

SRC = str(Path(__file__).resolve().parents[1] / "src")


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("PINCITE_CACHE_DIR", str(folder))
    asked_type._all_type_forms.cache_clear()
    yield folder
    asked_type._all_type_forms.cache_clear()


def test_the_kept_forms_are_the_computed_ones(cache):
    computed = asked_type._computed_type_forms()
    assert asked_type._all_type_forms() == computed
    files = list(cache.glob("typeforms-*.json"))
    assert len(files) == 1
    asked_type._all_type_forms.cache_clear()
    assert asked_type._all_type_forms() == computed  # read back from the file
    assert any(any("\u4e00" <= ch <= "\u9fff" for f in forms for ch in f) for forms in computed.values())
    files[0].write_text("{not json", encoding="utf-8")  # damaged: rebuilt
    asked_type._all_type_forms.cache_clear()
    assert asked_type._all_type_forms() == computed


def test_caches_off_compute_the_forms(monkeypatch):
    monkeypatch.setenv("PINCITE_CACHE_DIR", "off")
    asked_type._all_type_forms.cache_clear()
    try:
        assert asked_type._all_type_forms() == asked_type._computed_type_forms()
    finally:
        asked_type._all_type_forms.cache_clear()


def test_a_question_without_chinese_loads_no_jieba_once_the_forms_are_kept(cache):
    code = (
        "import sys\n"
        "from pincite.answer import asked_type\n"
        "from pincite.text import analysis\n"
        "for q in ('How heavy is the pump?', 'Какой срок гарантии на насос?'):\n"
        "    asked_type.expansion(analysis.query_groups(q))\n"
        "print('jieba' in sys.modules, len(asked_type.expansion(analysis.query_groups('How heavy is it?'))))\n"
    )
    env = dict(os.environ, PINCITE_CACHE_DIR=str(cache), PYTHONPATH=SRC)
    first = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    second = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    loaded, n = second.stdout.split()
    assert loaded == "False" and int(n) > 0
    assert first.stdout.split()[1] == n  # the same widening as the process that computed them
