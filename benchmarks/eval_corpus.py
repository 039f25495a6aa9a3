"""Whole-corpus benchmark: ingest all of ../shared/corpus/pdf into a fresh library, then
ask every shared question. Prints ingest pages/s, query p50/p95 and the eval figures.

    .venv/bin/python benchmarks/eval_corpus.py [--corpus ../shared/corpus] [--keep DIR]

Timings are cold (no warm-up): the first question also pays for loading jieba.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import tempfile
import time
from pathlib import Path

from pincite.app import Library, current_profile
from pincite.config import Settings
from pincite.evaluate import load_questions, run_eval, summarise

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    ap.add_argument("--keep", type=Path, help="data folder to keep (default: a temp folder)")
    args = ap.parse_args()
    data = args.keep or Path(tempfile.mkdtemp(prefix="pincite-bench-"))
    with Library(Settings(data_dir=data)) as lib:
        t0 = time.perf_counter()
        results = lib.ingest([args.corpus / "pdf"])
        ingest_s = time.perf_counter() - t0
        pages = sum(r.pages for r in results if r.status == "added")
        records = run_eval(load_questions(args.corpus.parent / "eval" / "questions.jsonl"), lib.ask)
    s = summarise(records)
    print(json.dumps({
        "date": time.strftime("%Y-%m-%d"), "cpus": os.cpu_count(), "python": platform.python_version(),
        "profile": current_profile(),
        "files": len(results), "failed": [Path(r.path).name for r in results if r.status == "failed"],
        "pages": pages, "ingest_s": round(ingest_s, 2), "ingest_pages_per_s": round(pages / ingest_s, 1),
        "query_p50_ms": round(s.query_p50 * 1000, 1), "query_p95_ms": round(s.query_p95 * 1000, 1),
        "figures": s.rows,
    }, indent=2, ensure_ascii=False))
    if not args.keep:
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    main()
