"""benchmarks/baseline_pages.py: plain BM25 over whole pages, on a tiny generated corpus.

The whole-corpus run is a benchmark (`.venv/bin/python benchmarks/baseline_pages.py`), not a test.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from pdfgen import make_pdf

pytest.importorskip("rank_bm25", reason="rank-bm25 (the benchmark's BM25Okapi) is not installed")

BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "baseline_pages.py"


@pytest.fixture(scope="module")
def baseline():
    spec = importlib.util.spec_from_file_location("baseline_pages", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def tiny_corpus(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("corpus")
    (root / "pdf" / "en").mkdir(parents=True)
    (root / "pdf" / "zh").mkdir()
    (root / "pdf" / "special").mkdir()
    make_pdf(root / "pdf/en/pump.pdf", [
        "Contents. Introduction to the pump manual.",
        "Safety notes for the operator: wear gloves and glasses at all times.",
        "Close the relief valve before any maintenance of the centrifugal pump.",
        "The warranty of the pump lasts 24 months from the date of sale.",
    ])
    make_pdf(root / "pdf/en/boiler.pdf", [
        "The boiler burner ignites with a spark electrode.",
        "Descale the heat exchanger every year with citric acid.",
    ])
    make_pdf(root / "pdf/zh/ranqi.pdf", [
        "燃气经营者应当向燃气用户持续、稳定、安全供应符合国家质量标准的燃气。",
        "禁止在燃气设施保护范围内进行爆破、取土等作业。",
    ], font="cid-chinese")
    make_pdf(root / "pdf/special/locked.pdf", ["Secret calibration table of the flow meter."],
             user_password="pw1")
    make_pdf(root / "pdf/special/other-locked.pdf", ["Nobody gives this password."],
             user_password="pw2")
    return root


QUESTIONS = [
    {"id": "en-1", "doc": "pdf/en/pump.pdf", "question": "What must I close before maintenance of the pump?",
     "kind": "fact", "pages": [3]},
    {"id": "en-2", "doc": "pdf/en/boiler.pdf", "question": "How often to descale the heat exchanger?",
     "kind": "fact", "pages": [2]},
    {"id": "zh-1", "doc": "pdf/zh/ranqi.pdf", "question": "燃气设施保护范围内禁止哪些作业？",
     "kind": "fact", "pages": [2]},
    {"id": "lock-1", "doc": "pdf/special/locked.pdf", "question": "Where is the calibration table of the flow meter?",
     "kind": "fact", "pages": [1], "doc_password": "pw1"},
    {"id": "ref-1", "doc": "pdf/en/pump.pdf", "question": "What colour is the pump?", "kind": "refusal",
     "pages": []},
]


def test_tokenize_is_lowercased_words_and_jieba_for_han(baseline):
    assert baseline.tokenize("The PX-200 Pump, PUMP!") == ["the", "px", "200", "pump", "pump"]
    assert baseline.tokenize("Срок ГАРАНТИИ") == ["срок", "гарантии"]
    zh = baseline.tokenize("燃气经营者应当向燃气用户供应燃气")
    assert "燃气" in zh and "用户" in zh and all(len(t) < 8 for t in zh)
    assert baseline.tokenize("用LaTeX排版")[1] == "latex"


def test_baseline_ranks_the_right_pages_first(baseline, tiny_corpus):
    result = baseline.run_baseline(tiny_corpus, QUESTIONS)
    assert result["name"] == "bm25-pages"
    assert result["pages"] == 4 + 2 + 2 + 1  # other-locked.pdf needs a password nobody gives
    assert len(result["skipped"]) == 1 and "other-locked.pdf" in result["skipped"][0]
    rows = {r["id"]: r for r in result["per_question"]}
    assert rows["en-1"]["top"][0] == ("pump.pdf", 3)
    assert rows["en-2"]["top"][0] == ("boiler.pdf", 2)
    assert rows["zh-1"]["top"][0] == ("ranqi.pdf", 2)  # a Chinese question finds the Chinese page
    assert rows["lock-1"]["top"][0] == ("locked.pdf", 1)
    assert rows["ref-1"]["hit1"] is None and rows["ref-1"]["hit5"] is None
    assert len(rows["en-1"]["top"]) == 5
    assert result["hit@1"] == result["hit@5"] == 1.0 and result["answerable"] == 4
    for key in ("index_s", "pages_per_s", "query_p50_ms", "query_p95_ms"):
        assert result[key] > 0
