"""Whole-corpus comparison: pincite hybrid, BM25-only and dense-only, and the plain
BM25-per-page baseline, on the same library and the same questions.

    .venv/bin/python benchmarks/compare.py [--corpus ../shared/corpus] [--questions FILE]
                                           [--keep DIR] [--embedder SPEC] [--json]

What it does:

* ingests every PDF under CORPUS/pdf once into a fresh library in a temporary folder (removed
  afterwards), or with `--keep DIR` into DIR/<embedder> (built on the first run, reused after:
  unchanged files are skipped, so no ingest figure is measured then). A file that a question
  gives a `doc_password` for is ingested with it. Each embedder gets its own data folder
  (an index is built for one embedder; pincite.library.profile.current_profile);
* asks every question of the whole library three times, setting `lib.settings.retrieval` to
  "hybrid", "bm25" and "dense" (a query-time choice: same index, same chunks), and scores each
  run with pincite.eval.run (hit@1/hit@5 over answerable questions, refusal accuracy, false
  refusals, and the share of verified quotes that `pdftotext -layout` confirms on the cited
  page of the stored original: pincite.eval.crosscheck);
* runs benchmarks/baseline_pages.run_baseline (BM25Okapi over whole pypdfium2 pages) on the
  same corpus and questions. It returns pages, not answers: it never refuses and shows no
  quote, so those columns read "-" for it;
* prints one table (rows hybrid, bm25, dense, bm25-pages) and the environment, or with
  `--json` one JSON object {"environment", "ingest", "rows", "modes" (per mode: summary rows
  per language, crosscheck figures, answerable questions without a hit@5, verified quotes
  pdftotext did not confirm), "baseline" (run_baseline's figures, per-question part left
  out)}.

Timings are cold, with no warm-up anywhere: ingest pages/s covers the whole ingest, loading
the embedder included; query p50/p95 time `ask` alone (never the cross-check). The three
modes run one after the other in one process, so only the first mode's first question can
pay for loading models that the ingest did not load already (with `--keep` and nothing to
ingest, that is the embedder and jieba). The baseline's index time includes its own PDF text
extraction and jieba's dictionary load.
"""
from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))  # baseline_pages beside this file

from baseline_pages import corpus_arguments, run_baseline  # noqa: E402

from pincite.config import Settings  # noqa: E402
from pincite.eval import run as evaluate  # noqa: E402
from pincite.library.facade import Library  # noqa: E402

MODES = ("hybrid", "bm25", "dense")
#: Table columns: (key in a row, header).
COLUMNS = (("hit@1", "hit@1"), ("hit@5", "hit@5"), ("refusal_accuracy", "refusal acc."),
           ("false_refusals", "false refusals"), ("crosschecked_quotes", "crosschecked"),
           ("printed_labels", "printed labels"),
           ("query_p50_ms", "p50 ms"), ("query_p95_ms", "p95 ms"),
           ("ingest_pages_per_s", "ingest pages/s"))


def compare(corpus: Path, questions: list[dict], data: Path, embedder: str) -> dict:
    """Ingest, ask in every mode, run the baseline; return the JSON report (module docstring).

    corpus: folder holding pdf/. data: the data folder (created when missing; an existing
    library must have been built with `embedder`, else ProfileMismatch). embedder: a spec of
    pincite.text.embed.EMBEDDERS.
    """
    passwords = evaluate.passwords_by_name(questions)
    rows: dict[str, dict] = {}
    modes: dict[str, dict] = {}
    with Library(Settings(data_dir=data, embedder=embedder)) as lib:
        results, ingest = evaluate.ingest_timed(lib, [corpus / "pdf"], passwords)
        checker = evaluate.QuoteCrosschecker.for_library(lib, passwords)
        for mode in MODES:
            lib.settings.retrieval = mode
            records = evaluate.run_eval(questions, lib.ask, crosscheck=checker)
            s = evaluate.summarise(records, checker)
            row = s.rows["all"]
            rows[mode] = {k: row[k] for k in ("hit@1", "hit@5", "refusal_accuracy", "false_refusals",
                                              "verified_quotes", "crosschecked_quotes",
                                              "printed_labels")}
            rows[mode].update(query_p50_ms=round(s.query_p50 * 1000, 1),
                              query_p95_ms=round(s.query_p95 * 1000, 1),
                              ingest_pages_per_s=ingest.pages_per_s)
            modes[mode] = {
                "summary": s.rows, "crosscheck": s.crosscheck,
                "no_hit5": [r.id for r in records if r.expected_answer is not None
                            and r.kind != "refusal" and not r.hit5],
                "not_confirmed": [{"id": r.id, "file": c["file"], "page": c["page"], "quote": c["quote"]}
                                  for r in records for c in r.citations if c["crosscheck"] is False],
            }
        env = evaluate.environment(lib)
    env["retrieval"] = list(MODES)
    base = run_baseline(corpus, questions)
    rows[base["name"]] = {"hit@1": base["hit@1"], "hit@5": base["hit@5"], "refusal_accuracy": None,
                          "false_refusals": None, "verified_quotes": None, "crosschecked_quotes": None,
                          "printed_labels": None,
                          "query_p50_ms": base["query_p50_ms"], "query_p95_ms": base["query_p95_ms"],
                          "ingest_pages_per_s": base["pages_per_s"]}
    return {"environment": env,
            "ingest": {**ingest.__dict__, "results": {s: sum(r.status == s for r in results)
                                                      for s in ("added", "replaced", "skipped", "failed")}},
            "rows": rows, "modes": modes,
            "baseline": {k: v for k, v in base.items() if k != "per_question"}}


def table(report: dict) -> str:
    """The side-by-side table, the ingest line, the cross-check line and the environment."""
    head = ["", *(h for _, h in COLUMNS)]
    body = [[name, *("-" if row[k] is None else str(row[k]) for k, _ in COLUMNS)]
            for name, row in report["rows"].items()]
    widths = [max(len(r[i]) for r in [head, *body]) for i in range(len(head))]
    fmt = lambda r: "  ".join(c.ljust(w) if i == 0 else c.rjust(w)  # noqa: E731
                              for i, (c, w) in enumerate(zip(r, widths)))
    lines = [fmt(head), fmt(["-" * w for w in widths]), *map(fmt, body), ""]
    ing, env, base = report["ingest"], report["environment"], report["baseline"]
    if ing["pages"]:
        lines.append(f"ingest (cold): {ing['pages']} pages of {ing['files']} files in {ing['seconds']} s "
                     f"= {ing['pages_per_s']} pages/s; failed: {', '.join(ing['failed']) or 'none'}")
    else:
        lines.append(f"ingest: library reused ({ing['results']['skipped']} files unchanged), "
                     "no ingest figure measured")
    lines.append(f"bm25-pages: {base['pages']} pages indexed in {base['index_s']} s (cold); "
                 f"skipped: {'; '.join(base['skipped']) or 'none'}; it returns pages, so no "
                 "refusals or quotes")
    cc = report["modes"][MODES[0]]["crosscheck"]
    if cc["available"]:
        lines.append("crosschecked = verified quotes that pdftotext (-layout, reading order or -raw) confirms on the "
                     "cited page; " + "; ".join(f"{m}: {report['modes'][m]['crosscheck']['confirmed']}/"
                                          f"{report['modes'][m]['crosscheck']['verified']}" for m in MODES))
    else:
        lines.append(f"crosscheck: {cc['note']}")
    lines.append("environment: " + evaluate.environment_line(env))
    return "\n".join(lines)


def main() -> None:
    ap = corpus_arguments(__doc__.splitlines()[0])
    ap.add_argument("--keep", type=Path,
                    help="keep the library in DIR/<embedder> and reuse it next time (default: a temp folder)")
    ap.add_argument("--embedder", default=Settings().embedder,
                    help="embedder to build the library with (default: settings, PINCITE_EMBEDDER or use-m3)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()
    questions = evaluate.load_questions(args.questions or args.corpus.parent / "eval" / "questions.jsonl")
    tmp = None if args.keep else Path(tempfile.mkdtemp(prefix="pincite-compare-"))
    data = (args.keep if args.keep else tmp) / args.embedder
    try:
        report = compare(args.corpus, questions, data, args.embedder)
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        print(table(report))


if __name__ == "__main__":
    main()
