"""Report pincite on the development set: hit@1, hit@5, refusal accuracy, false refusals
and the verified/cross-checked quote rates per language (and in row "cross", over the
questions asked in another language than their document's), with plain BM25 per page (the
baseline of baseline_pages.py: same tokenizer and ranking) on the same library.

    .venv/bin/python benchmarks/devset_eval.py [--split heldout|tune|all|trialNN] [--json]

Questions are asked through the full answer path (answer.pipeline.ask_library) of the
library their `library` field names (devset_tools.open_library). The baseline ranks the
physical pages of the library's PDFs (Office files are not pages to it; questions about them
count as misses for it). The held-out split is the one to quote: the model and every
setting were chosen on the tune split (train_answerability.py).
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

import devset_tools as dt
import numpy as np
from baseline_pages import tokenize


def baseline(lib_docs: list[str], qs: list[dict]) -> dict[str, tuple[bool, bool]]:
    """{question id: (hit@1, hit@5)} of plain BM25 over the library's PDF pages."""
    import jieba
    import pypdfium2 as pdfium
    from rank_bm25 import BM25Okapi

    jieba.initialize()
    pages = []
    for name in lib_docs:
        if not name.endswith(".pdf"):
            continue
        pdf = pdfium.PdfDocument(dt.DOCS / name)
        for i in range(len(pdf)):
            tp = pdf[i].get_textpage()
            pages.append((Path(name).name, i + 1, tp.get_text_range()))
        pdf.close()
    if not pages:
        return {q["id"]: (False, False) for q in qs}
    bm25 = BM25Okapi([tokenize(t) for _, _, t in pages])
    out = {}
    for q in qs:
        order = np.argsort(-bm25.get_scores(tokenize(q["question"])), kind="stable")[:5]
        top = [(pages[i][0], pages[i][1]) for i in order]
        wanted = {(Path(q["doc"]).name, p) for p in q.get("pages") or []}
        out[q["id"]] = (top[0] in wanted, any(t in wanted for t in top))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--split", default="heldout",
                    help="heldout, tune, all (both), or a trial's split (documents.jsonl), e.g. trial44")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--out", type=Path, help="write one record per question (JSON lines)")
    args = ap.parse_args()
    from pincite.answer.pipeline import ask_library
    from pincite.eval import run as evaluate

    qs = [q for q in dt.questions(None if args.split == "all" else args.split)
          if args.split != "all" or q["split"] in dt.DEV_SPLITS]
    by_lib = defaultdict(list)
    for q in qs:
        by_lib[q["library"]].append(q)
    libs = dt.libraries()
    records, base = [], {}
    for name, group in sorted(by_lib.items()):
        with dt.open_library(name) as lib:
            checker = evaluate.QuoteCrosschecker.for_library(lib)
            recs = evaluate.run_eval(group, lambda q, **kw: ask_library(lib, q, **kw), crosscheck=checker,
                                     page_text=lib.page_text)
            records += recs
        base.update(baseline(libs[name], group))
    summary = evaluate.summarise(records)
    verified = [c for r in records for c in r.citations if c["verified"] and c["crosscheck"] is not None]
    confirmed, checked = sum(c["crosscheck"] is True for c in verified), len(verified)
    rows = {}
    # "cross": the questions asked in another language than their document's (a question's
    # `lang` against documents.jsonl's), where words cannot match and meaning must
    docs = dt.documents()
    cross = {q["id"] for q in qs if q["lang"] != docs[q["doc"]]["lang"]}
    cross_rows = evaluate.summarise([r for r in records if r.id in cross]).rows.get("all", {})
    for lang in ("all", "en", "ru", "zh", "cross"):
        sel = [q for q in qs if lang == "all" or q["lang"] == lang or (lang == "cross" and q["id"] in cross)]
        ans = [q for q in sel if q.get("kind") != "refusal"]
        row = dict(cross_rows if lang == "cross" else summary.rows.get(lang, {}))
        if ans:
            row["baseline hit@1"] = round(sum(base[q["id"]][0] for q in ans) / len(ans), 3)
            row["baseline hit@5"] = round(sum(base[q["id"]][1] for q in ans) / len(ans), 3)
        rows[lang] = row
    report = {"split": args.split, "questions": len(qs), "libraries": sorted(by_lib), "rows": rows,
              "crosscheck": {"confirmed": confirmed, "checked": checked}}
    if args.out:
        evaluate.write_records(args.out, records)
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=1))
        return 0
    print(f"devset split {args.split}: {len(qs)} questions over libraries {', '.join(sorted(by_lib))}")
    keys = ["questions", "answerable", "refusals", "hit@1", "hit@5", "quote@1", "baseline hit@1", "baseline hit@5",
            "refusal_accuracy", "false_refusals", "verified_quotes"]
    print(" | ".join(["lang"] + keys))
    for lang, row in rows.items():
        print(" | ".join([lang] + [str(row.get(k, "-")) for k in keys]))
    print(f"cross-checked verified quotes: {confirmed}/{checked}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
