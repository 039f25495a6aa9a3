"""A document that never writes a name the question asks about does not answer it.

"How much is the Legal department's budget?" over a budget sheet without a Legal row must be
refused, however well the Finance row matches "budget" and the quarter; the same question
about a department the sheet lists is answered. Files are generated here.
"""
from __future__ import annotations

import pytest

from pdfgen import make_pdf
from pincite.answer import apart, features
from pincite.config import Settings
from pincite.library.facade import Library
from pincite.text import analysis


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch):
    for name in ("PINCITE_DATA", "PINCITE_MIN_ANSWERABILITY", "PINCITE_EMBEDDER", "PINCITE_RETRIEVAL"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(scope="module")
def budget(tmp_path_factory):
    from openpyxl import Workbook

    root = tmp_path_factory.mktemp("budget")
    wb = Workbook()
    ws = wb.active
    ws.title = "Budget FY2025"
    ws.append(["Department", "Q1", "Q2", "Q3", "Q4"])
    for row in [("Finance", 182000, 176500, 179000, 201500), ("Operations", 412300, 398700, 421500, 437900),
                ("Engineering", 488000, 472400, 503600, 519800), ("Sales", 265000, 281300, 290200, 310400)]:
        ws.append(row)
    wb.save(root / "budget.xlsx")
    lib = Library(Settings(data_dir=root / "data"))
    lib.ingest([root / "budget.xlsx"])
    yield lib
    lib.close()


def test_a_department_the_sheet_lists_is_answered(budget):
    ans = budget.ask("How much is the Engineering department's budget for Q2 FY2025?")
    assert ans.status == "answered", ans.answer
    assert "472400" in ans.claims[0].text


def test_a_department_the_sheet_never_names_is_refused(budget):
    ans = budget.ask("How much is the Legal department's budget for Q2 FY2025?")
    assert ans.status == "refused", ans.answer
    assert not ans.claims


def test_a_name_written_with_a_dash_is_found_where_it_is_written_together(tmp_path):
    """"Thue–Morse" in a question is the "thuemorse" of a document that writes it as one word."""
    make_pdf(tmp_path / "series.pdf", [
        "Summing series in parallel.\nThe function thuemorse(n) returns (-1)^n times the Hamming weight "
        "of n. Summing thuemorse(n)/n up to two million takes 1.2 seconds of real time with parsum.",
    ])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "series.pdf"])
        ans = lib.ask("In the Thue–Morse summation example, what real time does parsum achieve?")
    assert ans.status == "answered", ans.answer
    assert "1.2 seconds" in ans.claims[0].citations[0].quote


def test_asked_names_are_names_of_the_question_not_its_common_words():
    q = "How much is the Legal department's budget for Q2 FY2025?"
    groups = analysis.query_groups(q)
    names = {g[0] for g in apart.asked_names(q, groups, features.general_weights(q, groups), "en")}
    assert names == {"legal", "q2", "fy2025"}
    # a possessive is the word itself: "workbook's" is a common word, not an unknown name
    q = "In the staff workbook's budget, what is the total?"
    groups = analysis.query_groups(q)
    assert apart.asked_names(q, groups, features.general_weights(q, groups), "en") == []


def test_a_name_without_digits_is_not_required_of_a_document_in_another_language():
    """A name may be transliterated across languages ("KMN" for "КМН"); a code is not."""
    q = "What kind of shaft seal does the KMN 100-65-200 pump have?"
    groups = analysis.query_groups(q)
    general = features.general_weights(q, groups)
    assert {g[0] for g in apart.asked_names(q, groups, general, "ru")} == {"100-65-200"}
    assert {g[0] for g in apart.asked_names(q, groups, general, "en")} == {"kmn", "100-65-200"}


def test_a_number_or_a_quantity_in_one_word_is_a_value_not_a_name():
    """"20" of "20 km" and "8-year-old" hold digits but name nothing a document must write as
    typed (a Russian price list writes "20 км", "ребёнка 6–12 лет"); "PX-200" does."""
    for q, names in (("What is the call-out fee for a visit 20 km outside the city?", set()),
                     ("How much is an extra bed for an 8-year-old child?", set()),
                     ("How much does the PX-200 weigh with a 3-day battery?", {"px-200"})):
        groups = analysis.query_groups(q)
        assert {g[0] for g in apart.asked_names(q, groups, features.general_weights(q, groups), "ru")} == names, q


def test_a_code_counts_as_written_when_its_parts_stand_apart_in_the_document(tmp_path):
    """A code with separators ("FTM-103") is found in a document that writes its parts with
    other separators or words between ("FTM No. 103")."""
    make_pdf(tmp_path / "manual.pdf", [
        "Flight test manual\nFTM No. 103\nTest pilot school",
        "1 Stalls\nStalls are investigated for two reasons: to find the stall speed and to show that "
        "the stall warning comes early enough. The stall speed is measured with the flaps up.",
    ])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "manual.pdf"])
        ans = lib.ask("According to manual FTM-103, what are the two reasons stalls are investigated?")
    assert ans.status == "answered", ans.answer
    assert "stall speed" in ans.claims[0].citations[0].quote


def test_single_letters_and_lower_case_russian_words_are_not_names():
    q = "What risk level does Table III give a Remote (D) probability?"
    groups = analysis.query_groups(q)
    names = {g[0] for g in apart.asked_names(q, groups, features.general_weights(q, groups), "en")}
    assert "d" not in names and {"iii", "remot"} <= names
    q = "Какая норма среднесуточного водоотведения установлена для посёлка Заречный?"
    groups = analysis.query_groups(q)
    names = {g[0] for g in apart.asked_names(q, groups, features.general_weights(q, groups), "ru")}
    assert names == {g[0] for g in analysis.query_groups("Заречный")}


def test_names_written_fused_into_one_word_count_as_written():
    """"TeX Live 2022" stands in "texlive2022.iso"; a name a text writes nowhere does not."""
    fused = apart.fused_names("What is the MD5 checksum of the TeX Live 2022 image?",
                             ["Check the MD5 checksum of texlive2022.iso after the download."])
    assert fused == {("tex",), ("live",), ("2022",)}
    assert apart.fused_names("How much is the Legal department's budget?", ["Department: Finance; Q1: 182000"]) == set()
    # a number fused to letters, as a sheet or file name writes it, counts as written
    assert apart.fused_names("What is the total 2026 budget?", ["Budget2026!A2:E2 | Item: Laptops"]) == {("2026",)}
    assert apart.fused_names("What is the total 2027 budget?", ["Budget2026!A2:E2 | Item: Laptops"]) == set()


def test_a_name_is_checked_in_a_document_that_writes_the_questions_language(tmp_path):
    """A Chinese guide whose command lines and appendix are English would write "Jonas
    Berger" as the question does: a guide that never names him is set apart for his e-mail
    address (apart.docs_lacking_names reads a document as English where some of its passages
    found are), though its first passage found, the DEBEMAIL lines amid Chinese text, is
    Chinese. A name it writes ("Debian") leaves it be."""
    from pincite.answer import rank

    make_pdf(tmp_path / "guide.pdf", [
        "2.7 设置 dh_make\n首先设置两个环境变量，$DEBEMAIL 和 $DEBFULLNAME，这样大多数 Debian 维护工具就能够正确识别"
        "你用于维护软件包的姓名和电子邮件地址。\n$ cat >>~/.bashrc <<EOF\n"
        "DEBEMAIL=\"your.email.address@example.org\"\nDEBFULLNAME=\"Firstname Lastname\"\nEOF",
        "Appendix: release notes\nThis guide was translated from the English original. Report mistakes in the "
        "translation to the translation team through the bug tracker of the package.",
    ], font="cid-chinese")
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "guide.pdf"])
        for question, lacking in (("What is Jonas Berger's e-mail address?", True),
                                  ("Which variable holds the Debian maintainer's e-mail address?", False)):
            g = rank.gather(lib, question)
            assert analysis.detect_language(g.scored[0].hit.text) == "zh"
            general = features.general_weights(question, g.groups)
            found = apart.docs_lacking_names(lib, g.scored, g.groups, general, question)
            assert bool(found) is lacking, (question, found)
