"""Baseline: plain BM25 over whole PDF pages, the search a user would build in an afternoon.

    .venv/bin/python benchmarks/baseline_pages.py [--corpus ../shared/corpus]

It sets the bar pincite's page hit rates must beat, so it stays exactly this simple recipe and
is never tuned to the eval questions:

* documents: every physical page of every PDF under CORPUS/pdf (recursive, sorted by path); the
  page text is pypdfium2's `PdfPage.get_textpage().get_text_range()`, unaltered. A PDF that
  pypdfium2 cannot open is skipped and listed under "skipped", except that a PDF needing a
  password is opened with the `doc_password` a question gives for it;
* tokens: the lower-cased text split by the regex `\\w+`; a word that holds a Han character is
  segmented with `jieba.lcut` (default dictionary, precise mode). No stemming, no stopwords, no
  bigrams, no hyphenation repair (PDFium's U+FFFE line-end hyphen splits a word in two);
* ranking: `rank_bm25.BM25Okapi` with its defaults k1=1.5, b=0.75, epsilon=0.25 (rank-bm25
  0.2.2 from PyPI); ties keep the lower page index (stable sort);
* score: over the answerable questions (kind != "refusal"), a hit is a result with the question's
  file name (`Path(doc).name`) and one of its expected physical `pages`; hit@1 looks at the first
  result, hit@5 at the first five. Refusal questions are asked too (they count in the query
  timings) but not scored.

Timings: index_s covers opening, text extraction, tokenisation (jieba's dictionary load,
~0.5-1 s, included) and building the BM25 model; a query covers tokenising the question,
scoring every page and sorting. Query percentiles are computed as in `pincite.eval.run`
(median; the 95th by nearest rank).
"""
from __future__ import annotations

import argparse
import json
import logging
import re
import statistics
import time
from pathlib import Path

import jieba
import numpy as np
import pypdfium2 as pdfium
from rank_bm25 import BM25Okapi

ROOT = Path(__file__).resolve().parents[1]
NAME = "bm25-pages"
TOP_K = 5

_WORD = re.compile(r"\w+")
#: Han characters: CJK unified ideographs, extension A, compatibility ideographs, extensions B+.
_HAN = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003ffff]")

jieba.setLogLevel(logging.WARNING)  # no "Building prefix dict..." lines in the JSON output


def tokenize(text: str) -> list[str]:
    """Lower-cased `\\w+` words; a word holding a Han character is split with jieba.lcut."""
    tokens: list[str] = []
    for word in _WORD.findall(text.lower()):
        if _HAN.search(word):
            tokens.extend(t for t in jieba.lcut(word) if t.strip())
        else:
            tokens.append(word)
    return tokens


def load_questions(path: Path) -> list[dict]:
    """The questions of a questions.jsonl (format: ../shared/eval/README.md), one dict per line."""
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def read_pages(corpus: Path, passwords: dict[str, str]) -> tuple[list[tuple[str, int, str]], list[str]]:
    """Every page of every PDF under corpus/pdf as (file name, 1-based page, text).

    passwords maps a path relative to `corpus` (as in a question's `doc`) to its user password.
    Returns the pages and the relative paths of the PDFs pypdfium2 could not open (with why).
    """
    pages: list[tuple[str, int, str]] = []
    skipped: list[str] = []
    for path in sorted((corpus / "pdf").rglob("*.pdf")):
        rel = path.relative_to(corpus).as_posix()
        try:
            pdf = pdfium.PdfDocument(path, password=passwords.get(rel))
        except pdfium.PdfiumError as e:
            skipped.append(f"{rel} ({e})")
            continue
        try:
            for i in range(len(pdf)):
                page = pdf[i]
                textpage = page.get_textpage()
                pages.append((path.name, i + 1, textpage.get_text_range()))
                textpage.close()
                page.close()
        finally:
            pdf.close()
    return pages, skipped


def run_baseline(corpus: Path, questions: list[dict]) -> dict:
    """Index every page of corpus/pdf with plain BM25 and ask each question against all pages.

    corpus: the folder holding pdf/ (e.g. ../shared/corpus). questions: dicts with at least
    id, doc, question, kind, pages (and doc_password for an encrypted PDF).
    Returns {"name", "pages", "index_s", "pages_per_s", "query_p50_ms", "query_p95_ms",
    "hit@1", "hit@5", "answerable", "skipped", "per_question"}; per_question holds, for every
    question in order, {"id", "hit1", "hit5", "top": [(file name, page), ... up to 5]}, with
    hit1/hit5 None for refusal questions. Hit rates are None when no question is answerable.

    Raises ValueError when the corpus holds no page at all.
    """
    passwords = {q["doc"]: q["doc_password"] for q in questions if q.get("doc_password")}
    t0 = time.perf_counter()
    jieba.initialize()
    pages, skipped = read_pages(corpus, passwords)
    if not pages:
        raise ValueError(f"{corpus / 'pdf'}: no PDF page to index")
    bm25 = BM25Okapi([tokenize(text) for _, _, text in pages])
    index_s = time.perf_counter() - t0

    per_question = []
    query_s = []
    for q in questions:
        t = time.perf_counter()
        scores = bm25.get_scores(tokenize(q["question"]))
        order = np.argsort(-scores, kind="stable")[:TOP_K]
        query_s.append(time.perf_counter() - t)
        top = [(pages[i][0], pages[i][1]) for i in order]
        if q.get("kind") == "refusal":
            hit1 = hit5 = None
        else:
            wanted = {(Path(q["doc"]).name, p) for p in q["pages"]}
            hit1, hit5 = top[0] in wanted, any(r in wanted for r in top)
        per_question.append({"id": q["id"], "hit1": hit1, "hit5": hit5, "top": top})

    scored = [r for r in per_question if r["hit1"] is not None]
    query_s.sort()
    return {
        "name": NAME,
        "pages": len(pages),
        "index_s": round(index_s, 4),
        "pages_per_s": round(len(pages) / index_s, 1),
        "query_p50_ms": round(statistics.median(query_s) * 1000, 2) if query_s else None,
        "query_p95_ms": (round(query_s[min(len(query_s) - 1, int(round(0.95 * (len(query_s) - 1))))]
                               * 1000, 2) if query_s else None),
        "hit@1": round(sum(r["hit1"] for r in scored) / len(scored), 3) if scored else None,
        "hit@5": round(sum(r["hit5"] for r in scored) / len(scored), 3) if scored else None,
        "answerable": len(scored),
        "skipped": skipped,
        "per_question": per_question,
    }


def corpus_arguments(description: str) -> argparse.ArgumentParser:
    """An argument parser with the benchmarks' --corpus and --questions options."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus",
                    help="folder holding pdf/ (default: ../shared/corpus)")
    ap.add_argument("--questions", type=Path,
                    help="questions.jsonl (default: CORPUS/../eval/questions.jsonl)")
    return ap


def main() -> None:
    args = corpus_arguments(__doc__.splitlines()[0]).parse_args()
    questions = load_questions(args.questions or args.corpus.parent / "eval" / "questions.jsonl")
    print(json.dumps(run_baseline(args.corpus, questions), indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
