"""How the checks on a generated claim treat verbatim quotes, without a model: which quotes
that do not answer the question would be shown as verified, and which true quotes would be
lost, under each rule a claim's quote may be held to.

    .venv/bin/python benchmarks/claim_bar.py [--split tune|heldout|all] [--shared] [--json]

For each question the LLM path would send to a model (answer.rank.gather does not refuse
it), the model's possible claims are simulated over the evidence set it would see
(answer.generate.evidence_set):

- a true claim: the question's expected quote (each of its `quote_parts`), where it stands
  verbatim in an evidence chunk: what a model that answers right would quote;
- a wrong claim: each candidate window of an evidence chunk that does not answer
  (devset_tools.window_answers; every window of a question whose answer is absent).

Each quote span is scored as generate.check_claims scores a claim (WindowScorer.judge) and
judged by each rule (`_rules`). Printed per rule: wrong claims that pass (would be shown as
verified though they do not answer), true claims that fail, and questions whose every true
claim fails. `--shared` runs the shared eval (../shared/eval, a TEST set: report only; its
library is built once under benchmarks/devset/work/shared-corpus).
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

import devset_tools as dt

from pincite.answer import rank
from pincite.answer.generate import claim_bar, evidence_set, quote_off_target, sentence_window


def _rules() -> dict:
    """{name: rule(p, best, bar, cand, f, g) -> passes}: the claim's probability p, the best
    window's, the refusal bar, the claim as a candidate window, its features, the gathered
    evidence. "bar": the refusal bar alone (before generate.ClaimJudge); "claim-bar": only
    the share of the best window's probability; "claim-bar+typed": that, and a question
    asking for a typed value (a number, date, quantity) needs one in the quote;
    "claim-bar+target" is generate.ClaimJudge, what pincite does."""
    return {
        "bar": lambda p, best, bar, cand, f, g: p >= bar,
        "claim-bar": lambda p, best, bar, cand, f, g: p >= claim_bar(bar, best),
        "claim-bar+typed": lambda p, best, bar, cand, f, g: (p >= claim_bar(bar, best)
                                                              and not (f.type_asked and not f.type_match)),
        "claim-bar+target": lambda p, best, bar, cand, f, g: (p >= claim_bar(bar, best)
                                                               and not quote_off_target(cand, g)),
    }


def spans(q: dict, g) -> list[tuple[str, object, int, int]]:
    """(label "true"/"wrong", hit, start, end) of the simulated claims of one question part."""
    ev = evidence_set(g)
    out = []
    if q.get("kind") != "refusal":
        for quote in q.get("quote_parts") or ([q["quote"]] if q.get("quote") else []):
            quote = quote.split(" … ")[0].strip()  # an elided quote: its first stretch
            for hit in ev.hits.values():
                if hit.file != Path(q["doc"]).name:
                    continue
                i = hit.text.find(quote)
                if i >= 0:
                    out.append(("true", hit, hit.char_start + i, hit.char_start + i + len(quote)))
                    break
    for c in g.cands:
        if c.hit.chunk_id not in ev.hits or id(c) in g.other_code:
            continue
        window = c.hit.text[c.start - c.hit.char_start:c.end - c.hit.char_start]
        if not dt.window_answers(q, c.hit.file, None if c.hit.address else c.hit.page, window):
            out.append(("wrong", c.hit, c.start, c.end))
    return out


def run(lib, qs: list[dict]) -> tuple[dict, list[dict]]:
    """({rule: figures}, one record per simulated claim)."""
    from pincite.answer.split import core_of, split_question

    rules = _rules()
    records = []
    for q in qs:
        parts = split_question(q["question"])
        for part in parts:
            g = rank.gather(lib, part, None, core_of(part) if len(parts) > 1 else None)
            if g.refusal is not None or g.scorer is None:
                continue
            best, bar = g.rel.score, g.rel.threshold
            for label, hit, start, end in spans(q, g):
                cand, f, p = g.scorer.judge(hit, start, end)
                ws, we = sentence_window(hit, start, end)
                wcand, wf, wp = g.scorer.judge(hit, ws, we) if (ws, we) != (start, end) else (cand, f, p)
                records.append({"id": q["id"], "lang": q["lang"], "kind": q.get("kind"), "label": label,
                                "p": round(p, 4), "best": best, "refusal_bar": bar,
                                "quote": hit.text[start - hit.char_start:end - hit.char_start][:160],
                                "window_p": round(wp, 4),
                                **{name: bool(rule(p, best, bar, cand, f, g)) for name, rule in rules.items()},
                                **{f"window {name}": bool(rule(wp, best, bar, wcand, wf, g))
                                   for name, rule in rules.items()},
                                **{f"max {name}": bool(rule(p, best, bar, cand, f, g) or rule(wp, best, bar, wcand, wf, g))
                                   for name, rule in rules.items()}})
    out = {}
    for name in [*rules, *(f"window {n}" for n in rules), *(f"max {n}" for n in rules)]:
        wrong = [r for r in records if r["label"] == "wrong"]
        true = [r for r in records if r["label"] == "true"]
        by_q = defaultdict(list)
        for r in true:
            by_q[r["id"]].append(r[name])
        out[name] = {"wrong claims": len(wrong), "wrong passing": sum(r[name] for r in wrong),
                     "questions with a wrong passing": len({r["id"] for r in wrong if r[name]}),
                     "true claims": len(true), "true failing": sum(not r[name] for r in true),
                     "questions losing every true claim": sum(not any(v) for v in by_q.values()),
                     "questions with a true claim": len(by_q)}
    return out, records


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--split", default="tune", choices=("heldout", "tune", "all"))
    ap.add_argument("--shared", action="store_true", help="the shared eval instead (report only)")
    ap.add_argument("--corpus", type=Path, default=dt.HERE.parent.parent / "shared" / "corpus")
    ap.add_argument("--work", type=Path, help="the folder of the libraries (default benchmarks/devset/work; "
                                              "a copy lets this run beside a bench that holds them open)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--out", type=Path, help="write one record per simulated claim (JSON lines)")
    args = ap.parse_args()
    if args.work:
        dt.WORK = args.work
    records = []
    totals: dict[str, dict] = {}
    if args.shared:
        qs = [json.loads(x) for x in (args.corpus.parent / "eval" / "questions.jsonl").read_text().splitlines()
              if x.strip()]
        with dt.shared_library(args.corpus, dt.WORK / "shared-corpus") as lib:
            totals, records = run(lib, qs)
    else:
        by_lib = defaultdict(list)
        for q in dt.questions(None if args.split == "all" else args.split):
            by_lib[q["library"]].append(q)
        parts = []
        for name, qs in sorted(by_lib.items()):
            with dt.open_library(name) as lib:
                fig, rec = run(lib, qs)
            parts.append(fig)
            records += rec
        for fig in parts:
            for rule, row in fig.items():
                acc = totals.setdefault(rule, defaultdict(int))
                for k, v in row.items():
                    acc[k] += v
    if args.out:
        args.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    if args.json:
        print(json.dumps(totals, indent=1, ensure_ascii=False))
        return 0
    print(f"claim rules on {'the shared eval' if args.shared else 'split ' + args.split}")
    keys = list(next(iter(totals.values())).keys())
    print(" | ".join(["rule"] + keys))
    for rule, row in totals.items():
        print(" | ".join([rule] + [str(row[k]) for k in keys]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
