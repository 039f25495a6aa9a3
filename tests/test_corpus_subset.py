"""A fixed subset of ../shared/corpus ingested once per session, asked questions about facts on
known pages of its files.

The whole-corpus run is a benchmark (benchmarks/compare.py), not part of `make test`.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pincite.config import Settings
from pincite.eval.run import score, summarise
from pincite.extract import ocr as ocr_mod
from pincite.library.facade import Library

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
    "pdf/special/c02-22-scanned.pdf": (
        "What did the narrator fall over when passing by the kitchen?", "fell over a root", 1),
    "pdf/special/lshortru-broken-textlayer.pdf": (
        "Важно ли, вставляете вы один или несколько пробелов между словами?", "пробелов между словами", 21),
}
#: Questions about the subset's files: (file, question, physical page that states the answer,
#: words of the answer on that page).
SUBSET_QUESTIONS = [
    ("pdf/en/lshort.pdf", "Who originally wrote LaTeX?", 16, "Leslie Lamport"),
    ("pdf/en/lshort.pdf", "How is LaTeX2e pronounced?", 16, "Lay-tech two e"),
    ("pdf/en/siunitx.pdf", "Which two siunitx macros for units take an argument?", 10, "\\tothe and \\raiseto"),
    ("pdf/en/siunitx.pdf", "Within the scope of which functions does siunitx create its unit abbreviations by default?",
     10, "\\unit and \\qty"),
    ("pdf/en/tugboat-babelbib.pdf", "Which two packages avoid the restriction to one bibliography language?", 1,
     "bibgerm and babelbib"),
    ("pdf/en/auguide4-1.pdf", "According to the REVTeX 4.1 Author's Guide, documents can have more than how many "
     "\\cite commands now?", 3, "256"),
    ("pdf/en/auguide4-2.pdf", "Which new options does REVTeX 4.2 add for the additional AIP journals?", 2,
     "adv, apm, sd, and cp"),
    ("pdf/ru/mpman-ru.pdf", "На какой адрес сообщать об ошибках и требуемых улучшениях MetaPost?", 5, "metapost@tug"),
    ("pdf/ru/mpman-ru.pdf", "Какая команда MetaPost печатает одну точку?", 5, "drawdot"),
    ("pdf/ru/texlive-ru.pdf", "Какая страница может послужить для начала новичку в TeX?", 4,
     "https://tug.org/begin.html"),
    ("pdf/ru/eskdx.pdf", "Какой класс коллекции eskdx используют для чертежей и схем?", 5, "eskdgraph"),
    ("pdf/ru/ugost2008.pdf", "Кто составил сборник «Стихи о музыке»?", 3, "Бирюкова"),
    ("pdf/zh/ctex-faq.pdf", "CTeX 的服务器和网络接入得到了哪个单位的支持？", 5, "数学与系统科学研究院"),
    ("pdf/zh/ctex-faq.pdf", "CTeX 论坛的网址是什么？", 5, "http://bbs.ctex.org"),
    ("pdf/zh/zhnumber.pdf", "缺省状态下 \\zhnumber 能正确中文格式化的最大整数是多少？", 3,
     "能正确中文格式化的最大整数"),
    ("pdf/zh/install-latex-guide-zh-cn.pdf", "用中文作为用户名时，更改哪两个环境变量可以避免 TeX Live 2022 安装失败？",
     10, "TEMP 和 TMP"),
    ("pdf/zh/lshort-zh-cn.pdf", "加载 syntonly 宏包后，用什么命令可令 LaTeX 编译后不生成 DVI 或者 PDF 文档？", 20,
     "\\syntaxonly"),
    ("pdf/domain/zh-chengzhen-ranqi-guanli-tiaoli.pdf", "燃气发展规划的内容应当包括哪些？", 3, "燃气气源"),
    ("pdf/domain/zh-chengzhen-ranqi-guanli-tiaoli.pdf", "县级以上地方人民政府应当鼓励什么资金投资建设燃气设施？", 3,
     "社会资金"),
    ("pdf/ru/texlive-ru.pdf", "По какому адресу в Интернете доступна английская версия TeX FAQ?", 4,
     "https://texfaq.org"),
]
#: Regression floor for hit@5 on SUBSET_QUESTIONS (the expected page among the first five
#: citations): measured 0.95 (hit@1 0.75) with hybrid retrieval on 2026-12-02; the floor
#: leaves room for two more misses.
HIT5_FLOOR = 0.85


@pytest.fixture(scope="session")
def subset_library(corpus: Path, tmp_path_factory, shared_ingest):
    """A library holding the subset, ingested from a copied folder, with ingest results."""
    src = tmp_path_factory.mktemp("subset")
    for rel in SUBSET + list(SPECIAL):
        dest = src / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(corpus / rel, dest)
    lib = Library(Settings(data_dir=tmp_path_factory.mktemp("data")))
    with shared_ingest(lib):
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


def test_subset_questions_cite_the_page_that_states_the_answer(subset_library):
    lib, _, _ = subset_library
    by_name = {d.file_name: d.doc_id for d in lib.documents()}
    records = []
    for n, (rel, question, page, words) in enumerate(SUBSET_QUESTIONS, 1):
        name = Path(rel).name
        # the expected page does state the answer (spacing aside: CJK lines break anywhere)
        assert "".join(words.split()) in "".join(lib.page_text(by_name[name], page).split()), (rel, page)
        q = {"id": f"s-{n:02d}", "lang": "zh" if rel.startswith(("pdf/zh/", "pdf/domain/zh-")) else
             "ru" if rel.startswith("pdf/ru/") else "en", "kind": "fact", "doc": name,
             "pages": [page], "question": question, "answer": words, "quote": words}
        records.append(score(q, lib.ask(question), 0.0))
    assert len(records) >= 20 and {r.lang for r in records} == {"en", "ru", "zh"}
    figures = summarise(records).rows["all"]
    print(json.dumps(figures))
    assert figures["hit@5"] >= HIT5_FLOOR, [(r.id, r.question) for r in records if not r.hit5]
    # every quote shown as verified is on the cited page of the stored text
    for r in records:
        for c in r.citations:
            assert c["verified"], (r.id, c)


def test_citations_carry_page_labels_from_the_record(subset_library):
    lib, _, _ = subset_library
    ans = lib.ask("What number is the version number of TeX converging to?")
    assert ans.status == "answered"
    top = ans.claims[0].citations[0]
    assert (top.file, top.page, top.page_label) == ("lshort.pdf", 15, "1")
    assert top.address.label_source == "pagelabels"
    # the label is what /PageLabels says for that physical page, whatever the text says
    assert lib.model(top.doc_id).page(15).page_label == "1"
