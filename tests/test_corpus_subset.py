"""A fixed subset of ../shared/corpus ingested once per session, asked the shared questions.

The whole-corpus run is a benchmark (benchmarks/compare.py), not part of `make test`.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pincite.app import Library
from pincite.config import Settings
from pincite.evaluate import load_questions, score, summarise
from pincite.extract import ocr as ocr_mod

#: About 10 PDFs across ru/zh/en (~650 pages) plus the three special files.
SUBSET = [
    "pdf/en/lshort.pdf", "pdf/en/siunitx.pdf", "pdf/en/tugboat-babelbib.pdf",
    "pdf/en/auguide4-1.pdf", "pdf/en/auguide4-2.pdf",
    "pdf/ru/mpman-ru.pdf", "pdf/ru/texlive-ru.pdf", "pdf/ru/eskdx.pdf", "pdf/ru/ugost2008.pdf",
    "pdf/zh/ctex-faq.pdf", "pdf/zh/zhnumber.pdf", "pdf/zh/install-latex-guide-zh-cn.pdf",
    "pdf/zh/lshort-zh-cn.pdf", "pdf/domain/zh-chengzhen-ranqi-guanli-tiaoli.pdf",
]
#: The special files: the scanned page answers through OCR (tesseract; without it it fails
#: with "no text layer", and CI installs it), the garbled Russian lshort through cp1251
#: re-decoding; the encrypted one fails without its password.
SPECIAL = {
    "pdf/special/c02-22-scanned.pdf": None if ocr_mod.availability().ok else "no text layer",
    "pdf/special/lshortru-broken-textlayer.pdf": None,
    "pdf/special/libreoffice-writer-password.pdf": "encrypted",
}
#: A question each special file that is ingested answers, with a phrase of the cited quote.
SPECIAL_QUESTIONS = {
    "pdf/special/c02-22-scanned.pdf": ("What did the narrator fall over when passing by the kitchen?", "fell over a root", 1),
    "pdf/special/lshortru-broken-textlayer.pdf": (
        "Важно ли, вставляете вы один или несколько пробелов между словами?", "пробелов между словами", 21),
}
#: Regression floor for hit@5 on the subset (measured 0.97 with BM25 and refusal at 0.45,
#: 0.897 with hybrid retrieval and the calibrated 0.37 on 2026-11-30: see issue #3 note).
HIT5_FLOOR = 0.85


@pytest.fixture(scope="session")
def subset_library(corpus: Path, tmp_path_factory):
    """A library holding the subset, ingested from a copied folder, with ingest results."""
    src = tmp_path_factory.mktemp("subset")
    for rel in SUBSET + list(SPECIAL):
        dest = src / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(corpus / rel, dest)
    lib = Library(Settings(data_dir=tmp_path_factory.mktemp("data")))
    results = lib.ingest([src])
    yield lib, {Path(r.path).name: r for r in results}, src
    lib.close()


def test_subset_ingests_and_special_files_answer_or_fail_with_reasons(subset_library):
    lib, results, _ = subset_library
    for rel in SUBSET:
        r = results[Path(rel).name]
        assert r.status == "added", (rel, r.reason)
        assert r.pages > 0 and r.chunks > 0
    for rel, reason in SPECIAL.items():
        r = results[Path(rel).name]
        if reason is None:
            assert r.status == "added", (rel, r.reason)
            question, phrase, page = SPECIAL_QUESTIONS[rel]
            ans = lib.ask(question)
            top = ans.claims[0].citations[0] if ans.claims else None
            assert top is not None and top.verified, (rel, ans.status)
            assert (top.file, top.page) == (Path(rel).name, page) and phrase in " ".join(top.quote.split())
        else:
            assert r.status == "failed"
            assert reason in r.reason.lower() and Path(rel).name in r.reason
    ingested = SUBSET + [rel for rel, reason in SPECIAL.items() if reason is None]
    assert {d.file_name for d in lib.documents()} == {Path(p).name for p in ingested}
    assert {f.file_name for f in lib.catalog.failures()} == {Path(p).name for p, reason in SPECIAL.items() if reason}


def test_encrypted_pdf_opens_with_its_password(subset_library):
    lib, _, src = subset_library
    path = src / "pdf/special/libreoffice-writer-password.pdf"
    [bad] = lib.ingest([path], password="wrong")
    assert bad.status == "failed" and "wrong password" in bad.reason
    [ok] = lib.ingest([path], password="openpassword")
    assert ok.status == "added" and ok.pages == 1
    assert "libreoffice-writer-password.pdf" not in {f.file_name for f in lib.catalog.failures()}
    lib.remove(ok.doc_id)
    assert ok.doc_id not in {d.doc_id for d in lib.documents()}


def test_shared_questions_on_subset(subset_library, corpus: Path):
    lib, _, _ = subset_library
    names = {Path(p).name for p in SUBSET}
    qs = [q for q in load_questions(corpus.parent / "eval" / "questions.jsonl")
          if Path(q["doc"]).name in names]
    answerable = [q for q in qs if q["kind"] != "refusal"]
    assert len(answerable) >= 20
    records = [score(q, lib.ask(q["question"]), 0.0) for q in answerable]
    figures = summarise(records).rows["all"]
    print(json.dumps(figures))
    assert figures["hit@5"] >= HIT5_FLOOR, [r.id for r in records if not r.hit5]
    # every quote shown as verified is on the cited page of the stored text
    for r in records:
        for c in r.citations:
            assert c["verified"], (r.id, c)


def test_citations_carry_page_labels_from_the_record(subset_library):
    lib, _, _ = subset_library
    ans = lib.ask("In which year did Knuth start writing the TeX typesetting engine?")
    assert ans.status == "answered"
    top = ans.claims[0].citations[0]
    assert (top.file, top.page, top.page_label) == ("lshort.pdf", 15, "1")
    assert top.address.label_source == "pagelabels"
    # the label is what /PageLabels says for that physical page, whatever the text says
    assert lib.model(top.doc_id).page(15).page_label == "1"
