"""The CLI starts loading the embedder before it parses an `ask` command line (cli.app.
preload_for), so the model loads beside typer's option parsing and the answer layer's
import; only for `ask` with a question, of the data folder the command line names, once."""
from __future__ import annotations

import pytest

from pincite.cli import app as cli_app
from pincite.text import embed


@pytest.fixture
def started(monkeypatch, tmp_path):
    """The preloads started (spec, data folder), recorded instead of loading a model; a
    library folder `lib` (its catalog file is what preload_embedder looks for)."""
    calls: list[tuple[str, str]] = []
    monkeypatch.setattr(embed, "preload", lambda spec, **kw: calls.append((spec, kw)))
    monkeypatch.setattr(cli_app, "run_state", {})
    monkeypatch.delenv("PINCITE_DATA", raising=False)
    monkeypatch.delenv("PINCITE_RETRIEVAL", raising=False)
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "catalog.sqlite").write_bytes(b"")
    monkeypatch.chdir(tmp_path)
    return calls


@pytest.mark.parametrize("args", [
    ["--data", "lib", "ask", "What is the rated pressure?"],
    ["--data=lib", "ask", "--json", "Какой срок гарантии?"],
    ["--index", "edge", "--data", "lib", "ask", "--model", "PX-200", "额定电压是多少？"],
])
def test_an_ask_with_a_question_starts_the_load_before_parsing(started, args):
    cli_app.preload_for(args)
    assert len(started) == 1
    cli_app.preload_for(args)  # once per process
    cli_app.preload_embedder()
    assert len(started) == 1


@pytest.mark.parametrize("args", [
    ["--data", "lib", "docs"],
    ["--data", "lib", "ask", "--help"],
    ["--data", "lib", "ask", "   "],
    ["--data", "lib", "ask"],
    ["--help"],
    ["--version", "ask", "q"],
    ["--data", "nowhere", "ask", "q"],  # no library there: nothing to search
    [],
])
def test_nothing_else_starts_it(started, args):
    cli_app.preload_for(args)
    assert started == []
