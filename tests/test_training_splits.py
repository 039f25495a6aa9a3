"""The answerability model's training data: which splits of the development set it reads
and how a fresh-user trial's questions are labelled (benchmarks/train_answerability.py)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import train_answerability as ta  # noqa: E402


@pytest.fixture
def devset(monkeypatch):
    """A development set of three splits: tune, held-out and one trial."""
    docs = {"a.pdf": {"split": "tune"}, "b.pdf": {"split": "heldout"},
            "trial9/c.xlsx": {"split": "trial9"}}
    qs = [
        {"id": "t1", "doc": "trial9/c.xlsx", "kind": "clarify", "quote": None, "split": "trial9"},
        {"id": "t2", "doc": "trial9/c.xlsx", "kind": "table", "trial_kind": "arithmetic",
         "quote": "Kayak | £15 … Canoe | £28", "split": "trial9"},
        {"id": "t3", "doc": "trial9/c.xlsx", "kind": "table", "trial_kind": "table",
         "quote": "Kayak | £15", "split": "trial9"},
        {"id": "t4", "doc": "trial9/c.xlsx", "kind": "refusal", "quote": None, "split": "trial9"},
    ]
    monkeypatch.setattr(ta.dt, "documents", lambda: docs)
    monkeypatch.setattr(ta.dt, "questions",
                        lambda split=None: [dict(q) for q in qs if split in (None, q["split"])])


def test_trials_stand_for_every_trial_split_and_heldout_is_never_trained_on(devset):
    assert ta.training_splits("tune,trials") == ["tune", "trial9"]
    assert ta.training_splits("trial9, tune,trial9") == ["trial9", "tune"]
    with pytest.raises(SystemExit, match="held-out"):
        ta.training_splits("tune,heldout")


def test_a_vague_question_is_left_out_and_a_computed_one_is_answered_by_each_input_row(devset):
    qs = {q["id"]: q for q in ta.trainable_questions("trial9")}
    assert set(qs) == {"t2", "t3", "t4"}
    assert qs["t2"]["quote_parts"] == ["Kayak | £15", "Canoe | £28"]
    assert "quote_parts" not in qs["t3"]
    window = "Canoe: £28"
    assert ta.dt.window_answers(qs["t2"], "c.xlsx", None, window)
    assert not ta.dt.window_answers(qs["t3"], "c.xlsx", None, window)
