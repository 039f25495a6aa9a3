"""Which citations after the first an extractive answer shows, under each bar a further
window may be held to, measured on the development set's labels.

    .venv/bin/python benchmarks/citation_bar.py [--split tune|heldout|all] --dump FILE
    .venv/bin/python benchmarks/citation_bar.py --load FILE [--json]

Every question is asked through the full answer path (answer.pipeline.ask_library, as
devset_eval.py asks it); each extractive answer (one per part of a compound question) is
recorded with the windows it could cite: the windows its kept list holds at the loosest
bar (answer.claims.kept with evidence.further_bar alone, twins added by claims.with_twins),
each with its answerability probability, its document, its claim (answer.claims.claim_of)
and whether it answers the question (devset_tools.window_answers). `--dump` writes those
records (JSON lines); `--load` reads them back without asking again.

Each rule (`RULES`) then keeps the first window of every part and those further windows
it admits (a twin that claims.with_twins added stays: it is the same answer in another
edition), the claims deduplicated and cut to claims.MAX_CLAIMS as claims._distinct_claims
does, and the parts' claims joined in part order as pipeline.answer_compound joins them.
Printed per rule and language: further citations shown (after each part's first), those
that answer and those that do not, and hit@5 (eval.hits.citation_hits over the first five,
as eval.run.score counts it) over answerable questions; near misses (kind "refusal") are
counted apart, every citation of theirs answering nothing. The rule "today" must reproduce
the answers' own hit@5 (a check of the simulation, printed as "answers hit@5"; a part that
pipeline.off_document_parts leaves not confirmed still counts its windows here).
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from collections import defaultdict
from pathlib import Path

import devset_tools as dt

from pincite.answer import claims, pipeline
from pincite.answer.evidence import KEEP_RELATIVE, cited_bar, further_bar, on_target
from pincite.answer.normalize import normalize
from pincite.answer.rank import threshold
from pincite.eval.hits import citation_hits


def _logit(p: float) -> float:
    p = min(max(p, 1e-6), 1 - 1e-6)
    return math.log(p / (1 - p))


def _ratio(k: float):
    return lambda w, best, bar, first: w["p"] >= max(bar, k * best)


def _margin(m: float):
    return lambda w, best, bar, first: w["p"] >= bar and _logit(w["p"]) >= _logit(best) - m


def _other_doc_ratio(k: float):
    def rule(w, best, bar, first):
        if w["doc"] == first["doc"]:
            return w["p"] >= max(bar, KEEP_RELATIVE * best)
        return w["p"] >= max(bar, k * best)
    return rule


#: {name: rule(window, best probability, refusal bar, first window) -> admitted}; every rule
#: also needs what evidence.further_bar needs (it only takes windows away). "today" is
#: evidence.cited_bar, the bar claims.kept holds further windows to.
RULES = {"today": lambda w, best, bar, first: w["p"] >= cited_bar(bar, best),
         f"share {KEEP_RELATIVE:g} (further_bar)": _ratio(KEEP_RELATIVE)}
RULES.update({f"share {k:g}": _ratio(k) for k in (0.15, 0.2, 0.25, 0.3, 0.4, 0.5)})
RULES.update({f"log-odds margin {m:g}": _margin(m) for m in (0.5, 1.0, 1.5, 2.0, 2.5, 3.0)})
RULES.update({f"other document, share {k:g}": _other_doc_ratio(k) for k in (0.2, 0.3, 0.4, 0.5)})


def loose_kept(lib, g) -> list:
    """claims.kept with the loosest bar of `RULES` (evidence.further_bar alone)."""
    best = g.cands[0]
    bar = further_bar(threshold(lib), g.probability.get(id(best), 0.0))
    return [best] + [c for c in g.cands[1:] if g.probability.get(id(c), 0.0) >= bar
                     and id(c) not in g.other_code and on_target(c, best, g.groups)]


def record_part(lib, g) -> dict:
    """One extractive answer's windows (see the module doc) as a JSON-able record."""
    keep = loose_kept(lib, g)
    full = claims.with_twins(lib, g, keep)
    kept_ids = {id(c) for c in keep}
    soft = g.scorer.soft if g.scorer is not None else None
    windows = []
    for c in full:
        claim = claims.claim_of(lib, c, g.terms, soft)
        cit = claim.citations[0]
        windows.append({
            "p": g.probability.get(id(c), 0.0), "doc": c.hit.doc_id, "file": c.hit.file,
            "page": None if c.hit.address else c.hit.page, "twin": id(c) not in kept_ids,
            "window": c.hit.text[c.start - c.hit.char_start:c.end - c.hit.char_start],
            "cit": {"doc_id": cit.doc_id, "file": cit.file, "page": cit.page, "quote": cit.quote,
                    "verified": cit.verified}})
    return {"question": g.question, "best": g.probability.get(id(g.cands[0]), 0.0), "bar": threshold(lib),
            "windows": windows}


def ask_all(split: str, limit: int | None = None) -> list[dict]:
    """{"q": question, "parts": [record_part of each extractive answer], "hit5": the answer's
    own} per question of `split`."""
    from pincite.eval import run as evaluate

    qs = dt.questions(None if split == "all" else split)[:limit]
    by_lib = defaultdict(list)
    for q in qs:
        by_lib[q["library"]].append(q)
    out: list[dict] = []
    parts: list[dict] = []
    original = pipeline.extractive_answer

    def recording(lib, g):
        parts.append(record_part(lib, g))
        return original(lib, g)

    pipeline.extractive_answer = recording
    try:
        for name, group in sorted(by_lib.items()):
            with dt.open_library(name) as lib:
                def ask(question, **kw):
                    parts.clear()
                    return pipeline.ask_library(lib, question, **kw)

                def on_record(rec, group=group, lib=lib):
                    q = next(x for x in group if x["id"] == rec.id)
                    doc, pages = Path(q["doc"]).name, set(q.get("pages") or [])
                    for part in parts:
                        for w in part["windows"]:
                            w["hit"] = citation_hits(q, doc, pages, w["cit"], lib.page_text)
                            w["answers"] = dt.window_answers(q, w["file"], w["page"], w["window"])
                    out.append({"q": q, "parts": list(parts), "hit5": rec.hit5, "status": rec.status})
                    print(f"{len(out)} {rec.id}", file=sys.stderr, flush=True)

                evaluate.run_eval(group, ask, on_record=on_record, page_text=lib.page_text)
    finally:
        pipeline.extractive_answer = original
    return out


def cited(part: dict, rule) -> list[dict]:
    """The windows of one part a rule cites, as claims._distinct_claims keeps them."""
    ws = part["windows"]
    if not ws:
        return []
    first = ws[0]
    admitted = [first] + [w for w in ws[1:] if w["twin"] or rule(w, part["best"], part["bar"], first)]
    out, seen = [], []
    for w in admitted:
        if len(out) == claims.MAX_CLAIMS:
            break
        c = w["cit"]
        if c["verified"]:
            key = (c["doc_id"], c["page"], normalize(c["quote"]).text)
            if any(d == key[0] and p == key[1] and (key[2] in q or q in key[2]) for d, p, q in seen):
                continue
            seen.append(key)
        out.append(w)
    return out


def figures(records: list[dict]) -> dict:
    """{rule: {lang: counts}} (see the module doc)."""
    out: dict[str, dict] = {}
    for name, rule in RULES.items():
        rows: dict[str, dict] = {}
        for r in records:
            q = r["q"]
            near = q.get("kind") == "refusal" or q.get("answer") is None
            for lang in ("all", q["lang"]):
                row = rows.setdefault(lang, defaultdict(int))
                shown = [cited(p, rule) for p in r["parts"]]
                further = [w for ws in shown for w in ws[1:]]
                if near:
                    row["near-miss further"] += len(further)
                    continue
                row["answerable"] += 1
                row["further"] += len(further)
                row["further answering"] += sum(w["answers"] for w in further)
                row["further not answering"] += sum(not w["answers"] for w in further)
                row["further not answering, other document"] += sum(
                    not w["answers"] and w["doc"] != ws[0]["doc"] for ws in shown for w in ws[1:])
                row["hit@5"] += any(w["hit"] for w in [w for ws in shown for w in ws][:5])
                row["answers hit@5"] += bool(r["hit5"])
        out[name] = {lang: dict(v) for lang, v in rows.items()}
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--split", default="tune", choices=("heldout", "tune", "all"))
    ap.add_argument("--dump", type=Path, help="ask the questions and write their records here")
    ap.add_argument("--load", type=Path, help="read records written by --dump")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--limit", type=int, help="ask only the first LIMIT questions (a trial run)")
    args = ap.parse_args()
    if args.load:
        records = [json.loads(line) for line in args.load.read_text(encoding="utf-8").splitlines() if line]
    else:
        records = ask_all(args.split, args.limit)
        if args.dump:
            args.dump.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records),
                                 encoding="utf-8")
    figs = figures(records)
    if args.json:
        print(json.dumps(figs, ensure_ascii=False, indent=1))
        return 0
    keys = ["answerable", "hit@5", "answers hit@5", "further", "further answering", "further not answering",
            "further not answering, other document", "near-miss further"]
    print(" | ".join(["rule", "lang"] + keys))
    for name, rows in figs.items():
        for lang in ("all", "en", "ru", "zh"):
            row = rows.get(lang, {})
            print(" | ".join([name, lang] + [str(row.get(k, 0)) for k in keys]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
