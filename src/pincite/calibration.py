"""Refusal calibration on generated negatives.

A question answered from the library with its own document left out (the filter acts
inside the search, so nothing is re-indexed) is a true "not here" case: a negative. The
same question asked of the whole library is a positive. The refusal threshold is chosen on
these pairs, and judged on questions that were not used to choose it (cross-validation by
document, plus the eval set's real refusal questions, which are never used to choose).

Scores are `Relevance.score` values of pincite answers (higher = more relevant); a
question is refused when its score is below the threshold.
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


def cross_validate(rows: Sequence[dict], folds: int = 5,
                   max_false_refusals: float = MAX_FALSE_REFUSALS) -> dict:
    """Out-of-fold refusal figures.

    rows: one dict per answerable question with "doc" (its document), "pos" (score with
    the whole library) and "neg" (score with its document left out; None when the answer is
    also in another document, so there is no negative). Questions are split
    into `folds` groups by document (all questions of a document in one fold); each fold
    is judged with the threshold chosen on the others. Returns {"folds", "refusal_accuracy",
    "false_refusals", "thresholds"}.
    """
    docs = sorted({r["doc"] for r in rows})
    fold_of = {d: i % folds for i, d in enumerate(docs)}
    refused_neg = refused_pos = 0
    thresholds = []
    for k in range(folds):
        train = [r for r in rows if fold_of[r["doc"]] != k]
        test = [r for r in rows if fold_of[r["doc"]] == k]
        if not test or not train:
            continue
        t = choose_threshold([r["pos"] for r in train], _negatives(train),
                             max_false_refusals).threshold
        thresholds.append(t)
        refused_neg += sum(n < t for n in _negatives(test))
        refused_pos += sum(r["pos"] < t for r in test)
    judged = [r for k in range(folds) if any(fold_of[r["doc"]] != k for r in rows)
              for r in rows if fold_of[r["doc"]] == k]  # rows of folds that had training data
    n_pos, n_neg = len(judged), len(_negatives(judged))
    return {"folds": folds, "refusal_accuracy": round(refused_neg / n_neg, 3) if n_neg else None,
            "false_refusals": round(refused_pos / n_pos, 3) if n_pos else None,
            "thresholds": thresholds}


def _negatives(rows: Sequence[dict]) -> list[float]:
    return [r["neg"] for r in rows if r.get("neg") is not None]


def _share_below(scores: Sequence[float], t: float) -> float:
    return sum(s < t for s in scores) / len(scores) if scores else 0.0
