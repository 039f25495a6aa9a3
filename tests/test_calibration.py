"""Tests of refusal calibration (pincite.calibration) and of the relevance an Answer carries
(pincite.answer_model.Relevance), which is what the calibrated threshold is compared with.
"""
from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from pdfgen import make_pdf
from pincite.app import Library
from pincite.calibration import MAX_FALSE_REFUSALS, Choice, choose_threshold, cross_validate, choose_rule
from pincite.config import Settings


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch):
    for name in ("PINCITE_DATA", "PINCITE_MIN_COVERAGE", "PINCITE_EMBEDDER", "PINCITE_RETRIEVAL",
                 "PINCITE_FAULT"):
        monkeypatch.delenv(name, raising=False)


def share_below(scores, t) -> float:
    return sum(s < t for s in scores) / len(scores) if scores else 0.0


def assert_consistent(choice: Choice, positives, negatives) -> None:
    """The shares a Choice reports are those its own threshold gives."""
    assert choice.refused_positives == share_below(positives, choice.threshold), choice
    assert choice.refused_negatives == share_below(negatives, choice.threshold), choice


# ================================================================ choose_threshold


def test_separable_scores_get_a_threshold_between_them():
    positives = [0.62, 0.9, 0.75, 0.81, 1.0]
    negatives = [0.1, 0.33, 0.0, 0.25]
    choice = choose_threshold(positives, negatives)
    assert max(negatives) < choice.threshold < min(positives)
    assert choice.threshold not in set(positives) | set(negatives)
    assert (choice.refused_negatives, choice.refused_positives) == (1.0, 0.0)
    assert_consistent(choice, positives, negatives)
    # The order of the scores does not matter.
    assert choose_threshold(sorted(positives), negatives[::-1]) == choice


def test_negatives_above_every_positive_refuse_nothing():
    positives = [0.2, 0.3, 0.4]
    negatives = [0.8, 0.9]
    choice = choose_threshold(positives, negatives)
    assert choice.refused_negatives == 0.0 and choice.refused_positives == 0.0
    assert choice.threshold <= min(positives)
    assert_consistent(choice, positives, negatives)


def _overlapping() -> tuple[list[float], list[float]]:
    # 20 positives (so 10% = 2 may be refused) and 12 negatives, overlapping on 0.30..0.60.
    positives = [0.30, 0.35, 0.42, 0.48, 0.55, 0.58, 0.61, 0.64, 0.66, 0.7,
                 0.72, 0.74, 0.77, 0.8, 0.83, 0.86, 0.9, 0.93, 0.96, 1.0]
    negatives = [0.0, 0.05, 0.12, 0.18, 0.22, 0.27, 0.33, 0.37, 0.44, 0.5, 0.57, 0.6]
    return positives, negatives


def _best_possible(positives, negatives, max_fr):
    """Most negatives refused by any threshold (brute force over a fine grid and every
    midpoint) that refuses at most `max_fr` of the positives."""
    values = sorted(set(positives) | set(negatives))
    grid = [i / 1000 for i in range(-10, 1011)] + [(a + b) / 2 for a, b in zip(values, values[1:])]
    return max(share_below(negatives, t) for t in grid if share_below(positives, t) <= max_fr)


def test_overlapping_scores_respect_the_false_refusal_budget():
    positives, negatives = _overlapping()
    assert MAX_FALSE_REFUSALS == 0.10
    choice = choose_threshold(positives, negatives)
    assert choice.refused_positives <= MAX_FALSE_REFUSALS
    assert choice.refused_positives == 0.10  # the two lowest positives (0.30, 0.35) are spent
    assert 0.35 < choice.threshold < 0.42
    assert choice.refused_negatives == _best_possible(positives, negatives, MAX_FALSE_REFUSALS)
    assert choice.refused_negatives == 8 / 12  # up to 0.37
    assert choice.threshold not in set(positives) | set(negatives)
    assert_consistent(choice, positives, negatives)


@pytest.mark.parametrize("max_fr", [0.0, 0.05, 0.1, 0.25, 0.5])
def test_budget_is_never_exceeded_and_fully_used(max_fr):
    positives, negatives = _overlapping()
    choice = choose_threshold(positives, negatives, max_fr)
    assert choice.refused_positives <= max_fr
    assert choice.refused_negatives == _best_possible(positives, negatives, max_fr)
    assert_consistent(choice, positives, negatives)
    # Ties go to the lower threshold: no lower midpoint refuses as many negatives.
    values = sorted(set(positives) | set(negatives))
    lower = [(a + b) / 2 for a, b in zip(values, values[1:]) if (a + b) / 2 < choice.threshold - 1e-9]
    assert all(share_below(negatives, t) < choice.refused_negatives for t in lower)


def test_a_larger_budget_never_refuses_fewer_negatives():
    positives, negatives = _overlapping()
    shares = [choose_threshold(positives, negatives, b).refused_negatives for b in (0.0, 0.1, 0.2, 0.4)]
    assert shares == sorted(shares) and shares[0] < shares[-1]


def test_no_positives_is_a_value_error():
    with pytest.raises(ValueError, match="no positive"):
        choose_threshold([], [0.1, 0.2])
    with pytest.raises(ValueError):
        choose_threshold([], [])


def test_no_negatives_refuses_no_positive():
    choice = choose_threshold([0.4, 0.6, 0.9], [])
    assert choice.refused_positives == 0.0 and choice.refused_negatives == 0.0
    assert choice.threshold <= 0.4


def test_threshold_between_scores_one_ten_thousandth_apart():
    # Relevance.score is rounded to 4 decimals, so neighbours 0.0001 apart are real.
    for n, p in [(0.1001, 0.1002), (0.3663, 0.3664)]:
        choice = choose_threshold([p], [n])
        assert choice.threshold not in (n, p), (n, p, choice)
        assert_consistent(choice, [p], [n])


def test_threshold_never_equals_the_lowest_score():
    positives, negatives = [0.1, 0.5, 0.9], [0.3]
    choice = choose_threshold(positives, negatives)
    assert choice.threshold not in set(positives) | set(negatives), choice


# ================================================================ cross_validate


def test_cross_validation_keeps_a_document_in_one_fold():
    """Doc "a" scores high on both sides, doc "b" low. Judged by the threshold of the other
    document only (0.35 from b, 0.85 from a), a loses no question and refuses none of its
    negatives, while b refuses all its positives and negatives. A split by question would
    train every fold on both documents and give other figures."""
    rows = [{"doc": "a", "pos": 0.9, "neg": 0.8}] * 3 + [{"doc": "b", "pos": 0.5, "neg": 0.2}] * 2
    # Interleave, so a split by row position would mix the documents.
    rows = [rows[0], rows[1], rows[3], rows[2], rows[4]]  # a a b a b
    result = cross_validate(rows, folds=2)
    assert result == {"folds": 2, "refusal_accuracy": 0.4, "false_refusals": 0.4,
                      "thresholds": pytest.approx([0.35, 0.85]), "dense_floors": [None, None]}


def _rows() -> list[dict]:
    docs = {"d1": (0.9, 0.2), "d2": (0.7, 0.4), "d3": (0.55, 0.5), "d4": (0.8, 0.1), "d5": (0.6, 0.65),
            "d6": (0.95, 0.3), "d7": (0.45, 0.35)}
    rows = []
    for i, (doc, (pos, neg)) in enumerate(itertools.cycle(docs.items())):
        if i == 21:
            break
        rows.append({"doc": doc, "pos": round(pos - 0.01 * (i // 7), 2), "neg": round(neg + 0.01 * (i // 7), 2)})
    random.Random(3).shuffle(rows)  # a split by row position would mix the documents
    return rows


def test_leave_one_document_out():
    """With as many folds as documents, every document is judged with the threshold chosen
    on all the other documents' questions."""
    rows = _rows()
    docs = sorted({r["doc"] for r in rows})
    result = cross_validate(rows, folds=len(docs))
    expected_t, neg, pos = [], 0, 0
    for d in docs:
        train = [r for r in rows if r["doc"] != d]
        test = [r for r in rows if r["doc"] == d]
        t = choose_threshold([r["pos"] for r in train], [r["neg"] for r in train]).threshold
        expected_t.append(t)
        neg += sum(r["neg"] < t for r in test)
        pos += sum(r["pos"] < t for r in test)
    assert result["thresholds"] == expected_t
    assert result["refusal_accuracy"] == round(neg / len(rows), 3)
    assert result["false_refusals"] == round(pos / len(rows), 3)
    assert 0 < result["refusal_accuracy"] < 1  # the data are not trivially separable


@pytest.mark.parametrize("folds", [2, 3, 5, 7, 10])
def test_cross_validation_shape(folds):
    rows = _rows()
    result = cross_validate(rows, folds=folds)
    assert set(result) == {"folds", "refusal_accuracy", "false_refusals", "thresholds", "dense_floors"}
    assert result["folds"] == folds
    assert 0.0 <= result["refusal_accuracy"] <= 1.0
    assert 0.0 <= result["false_refusals"] <= 1.0
    assert len(result["thresholds"]) == min(folds, 7)  # empty folds are skipped
    assert all(0.0 <= t <= 1.0 for t in result["thresholds"])
    # Every threshold was chosen on positives, within the budget, so out of fold few are lost.
    assert result["false_refusals"] <= 0.5


def test_cross_validation_without_rows():
    assert cross_validate([]) == {"folds": 5, "refusal_accuracy": None, "false_refusals": None,
                                  "thresholds": [], "dense_floors": []}


# ================================================================ Relevance on answers


def _pump_pdf(tmp_path: Path) -> Path:
    return make_pdf(tmp_path / "pump.pdf", [
        "The hydraulic pump must be primed with 2 litres of oil before the first start.",
        "Chapter two describes the electrical wiring of the control cabinet and its fuses.",
        "The conveyor belt tension is checked every 500 operating hours with a spring gauge.",
    ])


ANSWERABLE = "How is the belt tension of the conveyor checked in winter?"  # "winter" is nowhere
ABSENT = "Which fuses protect the conveyor motor?"  # shares words, asks something absent


@pytest.mark.parametrize("embedder", ["use-m3", "none"])
def test_relevance_decides_answer_or_refusal(tmp_path, embedder):
    pdf = _pump_pdf(tmp_path)
    s = Settings(data_dir=tmp_path / "data", embedder=embedder)
    with Library(s) as lib:
        lib.ingest([pdf])
        ans = lib.ask(ANSWERABLE)
        assert ans.status == "answered", (ans.answer, ans.relevance)
        rel = ans.relevance
        assert rel.threshold == s.min_coverage
        assert rel.threshold <= rel.score < 1.0  # partly covered: "winter" is missing
        assert 0.0 <= rel.coverage <= 1.0
        assert (rel.dense is None) == (embedder == "none")
        assert ans.citations()[0].page == 3

        no = lib.ask(ABSENT)
        assert no.status == "refused" and no.claims == [], (no.answer, no.relevance)
        assert no.relevance is not None
        assert 0.0 < no.relevance.score < no.relevance.threshold == s.min_coverage
        assert any(f"{no.relevance.coverage:.2f}" in w for w in no.warnings), no.warnings

        nothing = lib.ask("What is the price of the submarine?")
        assert nothing.status == "refused" and nothing.relevance.score == 0.0
    score = rel.score

    # The same evidence, judged against another threshold: only the threshold decides.
    for threshold, status in [(score + 0.01, "refused"), (score - 0.01, "answered")]:
        with Library(Settings(data_dir=tmp_path / "data", embedder=embedder,
                              min_coverage=threshold)) as lib:
            again = lib.ask(ANSWERABLE)
            assert again.status == status, (threshold, again.relevance)
            assert again.relevance.score == score and again.relevance.threshold == threshold
            assert (again.citations() == []) == (status == "refused")


def test_choose_rule_adds_a_dense_floor_only_when_it_refuses_more():
    """Negatives 3 and 4 match the words (coverage above every positive's) but not the
    meaning (dense 0.05); a floor between 0.05 and the lowest positive dense (0.3) refuses
    them without refusing a positive. Without dense values no floor is chosen."""
    rows = [{"doc": "a", "pos": c, "pos_dense": d, "neg": n, "neg_dense": nd}
            for c, d, n, nd in [(0.6, 0.5, 0.2, 0.4), (0.7, 0.3, 0.25, 0.35),
                                (0.5, 0.6, 0.8, 0.05), (0.55, 0.4, 0.9, 0.05)]]
    rule = choose_rule(rows, max_false_refusals=0.0)
    assert rule.min_dense is not None and 0.05 < rule.min_dense < 0.3
    assert (rule.refused_negatives, rule.refused_positives) == (1.0, 0.0)
    plain = choose_rule([{k: v for k, v in r.items() if "dense" not in k} for r in rows],
                        max_false_refusals=0.0)
    assert plain.min_dense is None and plain.refused_negatives == 0.5


def test_a_compound_question_is_calibrated_by_its_strongest_part():
    """benchmarks/calibrate_refusal.py scores a compound question by the part the refusal
    rule answers best: the question is refused only when every part is, whereas
    Answer.relevance shows its weakest part. A plain answer keeps its own relevance."""
    import importlib.util

    from pincite.answer_model import Answer, Relevance

    spec = importlib.util.spec_from_file_location(
        "calibrate_refusal", Path(__file__).resolve().parents[1] / "benchmarks" / "calibrate_refusal.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    def rel(score, dense):
        return Relevance(coverage=score, dense=dense, score=score, threshold=0.4)

    weak, strong = rel(0.25, 0.3), rel(0.8, 0.5)
    parts = [Answer(question=q, status=s, language="en", answer="", relevance=r)
             for q, s, r in (("a?", "refused", weak), ("b?", "answered", strong))]
    compound = Answer(question="a? b?", status="partial", language="en", answer="", relevance=weak, parts=parts)
    assert module._rule_inputs(compound) == strong
    plain = Answer(question="a?", status="answered", language="en", answer="", relevance=weak)
    assert module._rule_inputs(plain) == weak
