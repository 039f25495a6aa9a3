"""Refusal calibration on generated negatives.

A question answered from the library with its own document left out (the filter acts
inside the search, so nothing is re-indexed) is a true "not here" case: a negative. The
same question asked of the whole library is a positive. The refusal threshold is chosen on
these pairs, and judged on questions that were not used to choose it (cross-validation by
document, plus the eval set's real refusal questions, which are never used to choose).

Scores are `Relevance.score` values of pincite answers (higher = more relevant); a
question is refused when its score is below the threshold, or (choose_rule) when the best
evidence's dense similarity `Relevance.dense` is below a floor chosen with it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from pincite.answer.pipeline import refused  # the rule calibrated (re-exported for the scripts)

#: Most false refusals accepted on calibration positives (issue #3 "false refusals <= 10%").
MAX_FALSE_REFUSALS = 0.10


@dataclass
class Choice:
    """A threshold and how it splits the calibration scores."""

    threshold: float
    refused_negatives: float  # share of negatives refused (refusal accuracy)
    refused_positives: float  # share of positives refused (false refusals)
    min_dense: float | None = None  # dense-similarity floor (choose_rule), None = none


def choose_threshold(positives: Sequence[float], negatives: Sequence[float],
                     max_false_refusals: float = MAX_FALSE_REFUSALS) -> Choice:
    """The threshold that refuses the most negatives while refusing at most
    `max_false_refusals` of the positives.

    Candidate thresholds lie midway between neighbouring distinct scores, or just below the
    lowest (refuse nothing) or just above the highest, so a threshold never sits exactly on
    an observed score; they are not rounded (scores 0.0001 apart must stay apart). Ties in
    refused negatives go to the lower threshold (fewer false refusals). ValueError when
    there are no positives.
    """
    if not positives:
        raise ValueError("no positive scores to calibrate on")
    return _best([(p, None) for p in positives], [(n, None) for n in negatives], [None],
                 max_false_refusals)


def choose_rule(rows: Sequence[dict], max_false_refusals: float = MAX_FALSE_REFUSALS) -> Choice:
    """A coverage threshold and a dense-similarity floor, chosen together: refuse when
    "pos"/"neg" (coverage score) is below the threshold or "pos_dense"/"neg_dense" (None =
    unknown, never refused by the floor) is below the floor.

    Tries no floor and every midpoint between observed dense values; for each, every
    coverage cut (as choose_threshold). Keeps the pair that refuses the most negatives with
    at most `max_false_refusals` of the positives refused; ties go to no floor, then the
    lower floor, then the lower threshold. Rows with "neg" None give no negative.
    ValueError when there are no rows.
    """
    if not rows:
        raise ValueError("no positive scores to calibrate on")
    pos = [(r["pos"], r.get("pos_dense")) for r in rows]
    neg = [(r["neg"], r.get("neg_dense")) for r in rows if r.get("neg") is not None]
    dense = sorted({d for _, d in pos + neg if d is not None})
    return _best(pos, neg, [None] + [(a + b) / 2 for a, b in zip(dense, dense[1:])],
                 max_false_refusals)


def _best(pos: list[tuple[float, float | None]], neg: list[tuple[float, float | None]],
          floors: list[float | None], max_false_refusals: float) -> Choice:
    """The (threshold, floor) refusing the most of `neg` ((score, dense) pairs) with at most
    `max_false_refusals` of `pos` refused; the first found wins ties. `floors` starts with
    None, whose lowest cut refuses nothing, so there is always a choice."""
    scores = sorted({c for c, _ in pos + neg})
    cuts = [scores[0] - 1e-6] + [(a + b) / 2 for a, b in zip(scores, scores[1:])] + [scores[-1] + 1e-6]
    best: Choice | None = None
    for floor in floors:
        for t in cuts:
            fr = _share_refused(pos, t, floor)
            if fr > max_false_refusals:
                break
            ra = _share_refused(neg, t, floor)
            if best is None or ra > best.refused_negatives:
                best = Choice(t, ra, fr, floor)
    return best


def cross_validate(rows: Sequence[dict], folds: int = 5,
                   max_false_refusals: float = MAX_FALSE_REFUSALS) -> dict:
    """Out-of-fold refusal figures.

    rows: one dict per answerable question with "doc" (its document), "pos" (score with
    the whole library) and "neg" (score with its document left out; None when the answer is
    also in another document, so there is no negative). Questions are split
    into `folds` groups by document (all questions of a document in one fold); each fold
    is judged with the rule (choose_rule) chosen on the others. Returns {"folds",
    "refusal_accuracy", "false_refusals", "thresholds", "dense_floors"}.
    """
    docs = sorted({r["doc"] for r in rows})
    fold_of = {d: i % folds for i, d in enumerate(docs)}
    refused_neg = refused_pos = 0
    thresholds, floors = [], []
    for k in range(folds):
        train = [r for r in rows if fold_of[r["doc"]] != k]
        test = [r for r in rows if fold_of[r["doc"]] == k]
        if not test or not train:
            continue
        rule = choose_rule(train, max_false_refusals)
        thresholds.append(rule.threshold)
        floors.append(rule.min_dense)
        refused_neg += sum(refused(r["neg"], r.get("neg_dense"), rule.threshold, rule.min_dense)
                           for r in test if r.get("neg") is not None)
        refused_pos += sum(refused(r["pos"], r.get("pos_dense"), rule.threshold, rule.min_dense)
                           for r in test)
    judged = [r for k in range(folds) if any(fold_of[r["doc"]] != k for r in rows)
              for r in rows if fold_of[r["doc"]] == k]  # rows of folds that had training data
    n_pos, n_neg = len(judged), len(_negatives(judged))
    return {"folds": folds, "refusal_accuracy": round(refused_neg / n_neg, 3) if n_neg else None,
            "false_refusals": round(refused_pos / n_pos, 3) if n_pos else None,
            "thresholds": thresholds, "dense_floors": floors}


def _share_refused(pairs: list[tuple[float, float | None]], threshold: float,
                   floor: float | None) -> float:
    return sum(refused(c, d, threshold, floor) for c, d in pairs) / len(pairs) if pairs else 0.0


def _negatives(rows: Sequence[dict]) -> list[float]:
    return [r["neg"] for r in rows if r.get("neg") is not None]
