"""Train the answerability model on the tune part of the development set and the trials.

    .venv/bin/python benchmarks/train_answerability.py [--splits tune,trials]
        [--target-false-refusals 0.05] [--dry-run]

1. For every question of the training splits (benchmarks/devset: split "tune" and, by
   default, every fresh-user trial's split, whose first reports are written; a trial's
   vague questions are left out, and a computed one is answered by any of its input rows:
   `trainable_questions`), the candidate windows pincite
   finds are collected with their features (pincite.answer.features) and labelled: a
   window answers when it stands on the expected page of the expected document and holds
   the expected quote (devset_tools.window_answers). Near-miss questions (kind "refusal")
   have no answering window; nor has any answerable question asked of its library less
   its own document (a search filter), nor any question asked of a small library of its
   split that does not hold its document: negatives of the same kinds.
2. A logistic regression (scikit-learn, standardised features, L2) is fitted, a tune
   question's windows weighing --tune-weight times a trial's: the tune split's questions were
   written for this set (paraphrases, near misses of every kind, twins, tiny libraries) while
   a trial's are mostly table lookups in Office files; with weight 2, the tests over
   generated tiny libraries kept their behaviour that equal weights lost (see the note of
   the change). Out-of-fold probabilities come from a grouped 5-fold split by document, so
   no document's windows are scored by a model that saw them.
3. The refusal threshold is the highest bar on a question's best window probability (its
   evidence about another model, edition or document left out) that refuses at most
   --target-false-refusals of the answerable training questions, chosen on the out-of-fold
   probabilities (--found-only: of those whose answering window is among the candidates, as
   a refusal loses a right answer only there and replaces a wrong one elsewhere).
   The trade-off (false refusals, refused near misses, hit@1 per bar) is printed.
4. The model is refitted on all training rows and written to
   src/pincite/answer/answerability.json (not with --dry-run), and the out-of-fold figures
   are printed: windows' AUC, the share of answerable questions whose best-ranked window
   answers (hit@1 of the ranking), false refusals and refused near misses, per language.

The held-out part is never read here: report it with devset_eval.py. Trials were added to
the training data because, asked of a trial left out of training, a model trained on the tune
split and the other trials answered it better than the tune split's model alone (the note of
the change has the figures); a new trial is reported before it is trained on.
"""
from __future__ import annotations

import argparse
import datetime
import sys
from collections import defaultdict

import devset_tools as dt
import numpy as np


def trainable_questions(split: str) -> list[dict]:
    """The questions of `split` whose windows can be labelled: a vague question of a trial
    (kind "clarify": it should be asked back, no window answers it) is left out, and a
    computed one ("trial_kind": "arithmetic", whose quote joins its input rows with " … ")
    is answered by any of its input rows (each a part of its quote)."""
    out = []
    for q in dt.questions(split):
        if q["kind"] == "clarify":
            continue
        if q.get("trial_kind") == "arithmetic" and q.get("quote") and not q.get("quote_parts"):
            q = dict(q, quote_parts=[p.strip() for p in q["quote"].split("…") if p.strip()])
        out.append(q)
    return out


def training_splits(spec: str) -> list[str]:
    """The splits named by `spec`, a comma-separated list where "trials" stands for every
    fresh-user trial's split (their first reports are written, so they are tune data; see
    benchmarks/devset/README.md). "heldout" is refused: it is reported, never trained on."""
    names: list[str] = []
    for part in (p.strip() for p in spec.split(",") if p.strip()):
        if part == "trials":
            names += sorted({d["split"] for d in dt.documents().values()} - set(dt.DEV_SPLITS))
        elif part == "heldout":
            raise SystemExit("the held-out split is never trained on")
        else:
            names.append(part)
    return list(dict.fromkeys(names))


def collect(split: str, leave_out: bool = True, other_libraries: bool = True) -> list[dt.Row]:
    """Candidate rows of every question of `split`, library by library; with `leave_out`,
    also those of every answerable question asked of its library less its own document
    (devset_tools.candidate_rows), as more negatives; with `other_libraries`, those of every
    question asked of each small library of the same split that does not hold its document
    (a library about something else: the question's words are often nowhere in it)."""
    rows: list[dt.Row] = []
    qs = trainable_questions(split)
    by_lib = defaultdict(list)
    for q in qs:
        by_lib[q["library"]].append(q)
    for name, group in sorted(by_lib.items()):
        with dt.open_library(name) as lib:
            for q in group:
                rows += dt.candidate_rows(lib, q) or [dt.Row(q["id"], q["doc"], q["lang"], [], 0, False, "", 0)]
                if leave_out and q["kind"] != "refusal":
                    rows += dt.candidate_rows(lib, q, leave_out=True)
    if other_libraries:
        docs = dt.documents()
        for name, members in sorted(dt.libraries().items()):
            if name == "all" or any(docs[m]["split"] != split for m in members):
                continue
            with dt.open_library(name) as lib:
                for q in qs:
                    if q["doc"] not in members:
                        rows += dt.candidate_rows(lib, q, negative=name)
    return rows


def question_table(rows: list[dt.Row], prob: np.ndarray, qs: list[dict]) -> dict[str, dict]:
    """Per question: best own probability, whether the top-ranked own window answers,
    whether any window answers."""
    out = {q["id"]: {"q": q, "best": 0.0, "top_ok": False, "any_ok": False, "_top": -1.0} for q in qs}
    for r, p in zip(rows, prob):
        t = out.get(r.qid)
        if t is None:  # a left-out question: more negatives to train on, not a figure
            continue
        if not r.features:
            continue
        t["any_ok"] |= bool(r.label)
        if r.other:
            continue
        if p > t["best"]:
            t["best"] = float(p)
        if p > t["_top"]:
            t["_top"], t["top_ok"] = float(p), bool(r.label)
    return out


def choose_threshold(table: dict[str, dict], target: float, found_only: bool = False) -> float:
    """Highest bar refusing at most `target` of the answerable questions (with
    `found_only`, of those whose answering window is among the candidates: the refusals
    that lose a right answer, not those that replace a wrong one)."""
    best = sorted(t["best"] for t in table.values() if t["q"]["kind"] != "refusal"
                  and (t["any_ok"] or not found_only))
    if not best:
        return 0.5
    k = int(np.floor(target * len(best)))  # this many may fall below the bar
    return float(best[k]) - 1e-6 if k < len(best) else 0.0


def figures(table: dict[str, dict], bar: float) -> dict[str, dict]:
    """hit@1 of the ranking (answered and top window answers), false refusals, refused near
    misses, per language, in all, and over the questions asked in another language than
    their document's ("cross")."""
    out = {}
    docs = dt.documents()
    for lang in ("all", "en", "ru", "zh", "cross"):
        ts = [t for t in table.values() if lang == "all" or t["q"]["lang"] == lang
              or (lang == "cross" and t["q"]["lang"] != docs[t["q"]["doc"]]["lang"])]
        pos = [t for t in ts if t["q"]["kind"] != "refusal"]
        neg = [t for t in ts if t["q"]["kind"] == "refusal"]
        out[lang] = {
            "answerable": len(pos), "near_miss": len(neg),
            "hit@1": round(sum(t["top_ok"] and t["best"] >= bar for t in pos) / len(pos), 3) if pos else None,
            "false_refusals": round(sum(t["best"] < bar for t in pos) / len(pos), 3) if pos else None,
            "near_miss_refused": round(sum(t["best"] < bar for t in neg) / len(neg), 3) if neg else None,
        }
    return out


def neutral_model():
    """A model that ranks by nothing and refuses nothing: features are collected with it
    when the stored model is for other features (they do not depend on the model)."""
    from pincite.answer.answerability import AnswerabilityModel
    from pincite.answer.features import WindowFeatures

    n = len(WindowFeatures.names())
    return AnswerabilityModel(tuple(WindowFeatures.names()), (0.0,) * n, (1.0,) * n, (0.0,) * n, 0.0, 0.0)


def use_model(model) -> None:
    """Make the answer layer use `model` in this process (answerability.load patched)."""
    from pincite.answer import answerability

    answerability.load = lambda *a, **k: model


def curve(table: dict[str, dict], bars=(0.02, 0.03, 0.05, 0.07, 0.1, 0.15, 0.2, 0.3)) -> list[str]:
    """Lines of the trade-off: per bar, false refusals among all answerable questions and
    among those whose answer was found, refused near misses, hit@1 of the ranking."""
    pos = [t for t in table.values() if t["q"]["kind"] != "refusal"]
    found = [t for t in pos if t["any_ok"]]
    neg = [t for t in table.values() if t["q"]["kind"] == "refusal"]
    out = []
    for bar in bars:
        out.append(f"  bar {bar:.2f}: false refusals {np.mean([t['best'] < bar for t in pos]):.3f} "
                   f"(of found answers {np.mean([t['best'] < bar for t in found]):.3f}), near misses refused "
                   f"{np.mean([t['best'] < bar for t in neg]):.3f}, hit@1 "
                   f"{np.mean([t['top_ok'] and t['best'] >= bar for t in pos]):.3f}")
    return out


def fit(rows: list[dt.Row], qs: list[dict], target: float, C: float = 1.0, log=print,
        found_only: bool = False, splits: list[str] | None = None, weights: dict[str, float] | None = None):
    """Fit the model on `rows` (questions `qs`): out-of-fold figures by a 5-fold split
    grouped by document, the threshold chosen on them for at most `target` false refusals,
    then the model refitted on every row. Returns (AnswerabilityModel, {lang: figures})."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import roc_auc_score
    from sklearn.model_selection import GroupKFold
    from sklearn.preprocessing import StandardScaler

    from pincite.answer.answerability import AnswerabilityModel
    from pincite.answer.features import WindowFeatures

    used = [r for r in rows if r.features]
    X = np.array([r.features for r in used])
    y = np.array([r.label for r in used])
    groups = np.array([r.doc for r in used])
    qsplit = {q["id"]: q["split"] for q in qs}
    w = np.array([(weights or {}).get(qsplit.get(r.qid.split("/")[0], ""), 1.0) for r in used])
    log(f"training: {len(qs)} questions, {len(used)} windows, {int(y.sum())} answering windows, "
        f"{len(set(groups))} documents")

    def model():
        return LogisticRegression(C=C, max_iter=2000)

    oof = np.zeros(len(used))
    for tr, te in GroupKFold(n_splits=min(5, len(set(groups)))).split(X, y, groups):
        sc = StandardScaler().fit(X[tr], sample_weight=w[tr])
        m = model().fit(sc.transform(X[tr]), y[tr], sample_weight=w[tr])
        oof[te] = m.predict_proba(sc.transform(X[te]))[:, 1]
    auc = roc_auc_score(y, oof) if 0 < y.sum() < len(y) else float("nan")
    full_prob = np.zeros(len(rows))
    it = iter(oof)
    for i, r in enumerate(rows):
        full_prob[i] = next(it) if r.features else 0.0
    table = question_table(rows, full_prob, qs)
    bar = choose_threshold(table, target, found_only)
    figs = figures(table, bar)
    for line in curve(table):
        log(line)
    log(f"out of fold: window AUC {auc:.3f}; threshold {bar:.3f} "
        f"(at most {target:.0%} of answerable training questions refused)")
    for lang, f in figs.items():
        log(f"  {lang:>3}: {f}")
    sc = StandardScaler().fit(X, sample_weight=w)
    m = model().fit(sc.transform(X), y, sample_weight=w)
    names = WindowFeatures.names()
    for n, coef in sorted(zip(names, m.coef_[0]), key=lambda t: -abs(t[1])):
        log(f"    {n:>18} {coef:+.3f}")
    result = AnswerabilityModel(
        names=tuple(names), mean=tuple(float(v) for v in sc.mean_), scale=tuple(float(v) for v in sc.scale_),
        coef=tuple(float(v) for v in m.coef_[0]), intercept=float(m.intercept_[0]), threshold=round(bar, 4),
        trained_on=f"benchmarks/devset {', '.join(splits or ['tune'])} "
                   f"(tune weight {(weights or {}).get('tune', 1.0)}): {len(qs)} questions, "
                   f"{len(set(groups))} documents, {len(used)} windows; out-of-fold window AUC {auc:.3f}; "
                   f"{datetime.date.today()}")
    return result, figs


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--target-false-refusals", type=float, default=0.05)
    ap.add_argument("--tune-weight", type=float, default=2.0,
                    help="weight of a tune question's windows against a trial's (see the docstring)")
    ap.add_argument("--splits", default="tune,trials",
                    help='comma-separated splits to train on; "trials" = every fresh-user trial')
    ap.add_argument("--dry-run", action="store_true", help="print the figures, write no model")
    ap.add_argument("--C", type=float, default=1.0, help="inverse L2 strength")
    ap.add_argument("--no-leave-out", action="store_true",
                    help="train without the negatives of answerable questions asked without their document")
    ap.add_argument("--found-only", action="store_true",
                    help="choose the bar on the answerable questions whose answer was found only (a "
                         "refusal of the others replaces a wrong answer): more refused near misses, "
                         "more false refusals")
    ap.add_argument("--no-other-libraries", action="store_true",
                    help="train without the negatives of questions asked of small libraries without their document")
    args = ap.parse_args()
    from pincite.answer import answerability

    # collect with the neutral model whatever is stored: the windows then come in their
    # lexical order, so a retrain gives the same rows, and the same model, every time
    use_model(neutral_model())
    splits = training_splits(args.splits)
    qs, rows = [], []
    for split in splits:
        qs += trainable_questions(split)
        rows += collect(split, leave_out=not args.no_leave_out, other_libraries=not args.no_other_libraries)
    result, _ = fit(rows, qs, args.target_false_refusals, args.C, found_only=args.found_only,
                    splits=splits, weights={"tune": args.tune_weight})
    if not args.dry_run:
        answerability.MODEL_FILE.write_text(result.to_json() + "\n", encoding="utf-8")
        print(f"wrote {answerability.MODEL_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
