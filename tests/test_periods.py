"""Quarters and half-years asked in words over tables headed by their codes (text.periods,
answer.retrieve.with_period_codes): "the fourth quarter", "третий квартал", "第二季度" find
the "Q4", "Q3", "Q2" column of a generated budget sheet; a library that writes no such code
keeps the words as typed."""
from __future__ import annotations

import pytest

from docgen import make_sheet
from pdfgen import make_pdf
from pincite.config import Settings
from pincite.library.facade import Library
from pincite.text.periods import period_phrases


@pytest.mark.parametrize("text, codes", [
    ("What was spent in the fourth quarter?", ["Q4"]),
    ("budget for the 2nd quarter and the first half-year", ["Q2", "H1"]),
    ("sales in the second half of 2025", ["H2"]),
    ("in the third-quarter report", ["Q3"]),
    ("Какой бюджет на третий квартал?", ["Q3"]),
    ("Во втором полугодии и в 4-м квартале", ["H2", "Q4"]),
    ("III квартал 2024 года", ["Q3"]),
    ("第二季度的预算", ["Q2"]),
    ("下半年和第4季度", ["H2", "Q4"]),
])
def test_periods_in_words_are_read_as_their_codes(text, codes):
    assert [p.code for p in period_phrases(text)] == codes


@pytest.mark.parametrize("text", [
    "a quarter of the staff", "the first half of the page", "the second part", "5 квартал",
    "третий пункт", "季节", "a fifth quarter",
])
def test_words_naming_no_quarter_are_left_alone(text):
    assert period_phrases(text) == []


@pytest.fixture(scope="module")
def budget(tmp_path_factory):
    """A library of one budget sheet with quarter columns and a note written in prose."""
    tmp = tmp_path_factory.mktemp("periods")
    make_sheet(tmp / "budget.xlsx", "Budget 2025", ("Department", "Q1", "Q2", "Q3", "Q4", "Total"), [
        ("Finance", 120400, 118900, 121700, 130300, 491300),
        ("Logistics", 88200, 91500, 97100, 102600, 379400),
        ("Research", 205000, 214800, 199300, 226100, 845200),
    ])
    make_pdf(tmp / "report.pdf", [
        "Annual report. Revenue grew in every quarter of the year.",
        "In the fourth quarter the company opened two new depots in the north.",
    ], title="Annual report")
    lib = Library(Settings(data_dir=tmp / "data"))
    lib.ingest([tmp / "budget.xlsx", tmp / "report.pdf"])
    yield lib
    lib.close()


@pytest.mark.parametrize("question, cell", [
    ("How much is budgeted for Logistics in the fourth quarter?", "Logistics / Q4: 102600"),
    ("Какой бюджет у Research на второй квартал?", "Research / Q2: 214800"),
    ("Finance 第三季度的预算是多少？", "Finance / Q3: 121700"),
])
def test_a_quarter_in_words_finds_its_column(budget, question, cell):
    ans = budget.ask(question)
    assert ans.status == "answered", (ans.answer, ans.warnings)
    assert ans.claims[0].text == cell


def test_a_period_is_written_as_a_code_only_where_the_library_holds_it(budget):
    from pincite.answer.retrieve import with_period_codes

    assert with_period_codes(budget, "Logistics in the fourth quarter?") == "Logistics in the Q4?"
    assert with_period_codes(budget, "Finance第三季度的预算") == "Finance Q3 的预算"
    assert with_period_codes(budget, "Finance 第三季度的预算") == "Finance Q3 的预算"
    # no sheet heads a column "H2": the half-year stays in words, and so does a text
    # naming no period
    for text in ("spending in the second half-year", "What opened in the north?"):
        assert with_period_codes(budget, text) == text
