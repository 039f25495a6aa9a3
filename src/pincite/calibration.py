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
    values = sorted(set(positives) | set(negatives))
    cuts = [values[0] - 1e-6] + [(a + b) / 2 for a, b in zip(values, values[1:])] + [values[-1] + 1e-6]
    best: Choice | None = None
    for t in cuts:
        fr = _share_below(positives, t)
        if fr > max_false_refusals:
            break
        c = Choice(t, _share_below(negatives, t), fr)
        if best is None or c.refused_negatives > best.refused_negatives:
            best = c
    return best or Choice(cuts[0], _share_below(negatives, cuts[0]), 0.0)


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
    negs = [r for r in rows if r.get("neg") is not None]
    pos = [(r["pos"], r.get("pos_dense")) for r in rows]
    neg = [(r["neg"], r.get("neg_dense")) for r in negs]
    dense = sorted({d for _, d in pos + neg if d is not None})
    floors = [None] + [(a + b) / 2 for a, b in zip(dense, dense[1:])]
    scores = sorted({c for c, _ in pos + neg})
    cuts = [scores[0] - 1e-6] + [(a + b) / 2 for a, b in zip(scores, scores[1:])] + [scores[-1] + 1e-6]

    def refused(pairs, t, floor):
        return sum(c < t or (floor is not None and d is not None and d < floor) for c, d in pairs) / len(pairs) if pairs else 0.0

    best: Choice | None = None
    for floor in floors:
        for t in cuts:
            fr = refused(pos, t, floor)
            if fr > max_false_refusals:
                break
            ra = refused(neg, t, floor)
            if best is None or ra > best.refused_negatives:
                best = Choice(t, ra, fr, floor)
    return best or Choice(cuts[0], refused(neg, cuts[0], None), 0.0)


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
        refused_neg += sum(_refused(r["neg"], r.get("neg_dense"), rule) for r in test
                           if r.get("neg") is not None)
        refused_pos += sum(_refused(r["pos"], r.get("pos_dense"), rule) for r in test)
    judged = [r for k in range(folds) if any(fold_of[r["doc"]] != k for r in rows)
              for r in rows if fold_of[r["doc"]] == k]  # rows of folds that had training data
    n_pos, n_neg = len(judged), len(_negatives(judged))
    return {"folds": folds, "refusal_accuracy": round(refused_neg / n_neg, 3) if n_neg else None,
            "false_refusals": round(refused_pos / n_pos, 3) if n_pos else None,
            "thresholds": thresholds, "dense_floors": floors}


def _refused(score: float, dense: float | None, rule: Choice) -> bool:
    return score < rule.threshold or (rule.min_dense is not None and dense is not None
                                      and dense < rule.min_dense)


def _negatives(rows: Sequence[dict]) -> list[float]:
    return [r["neg"] for r in rows if r.get("neg") is not None]


def _share_below(scores: Sequence[float], t: float) -> float:
    return sum(s < t for s in scores) / len(scores) if scores else 0.0
