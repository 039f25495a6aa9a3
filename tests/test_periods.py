"""Quarters and half-years asked in words over tables headed by their codes (text.periods,
answer.spellings.with_period_codes): "the fourth quarter", "третий квартал", "第二季度" find
the "Q4", "Q3", "Q2" column of a generated budget sheet; a library that writes no such code
keeps the words as typed."""
from __future__ import annotations

import pytest

from docgen import make_sheet
from pdfgen import make_pdf
from pincite.config import Settings
from pincite.library.facade import Library
from pincite.text.periods import month_phrases, period_phrases


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
    from pincite.answer.spellings import with_period_codes

    assert with_period_codes(budget, "Logistics in the fourth quarter?") == "Logistics in the Q4?"
    assert with_period_codes(budget, "Finance第三季度的预算") == "Finance Q3 的预算"
    assert with_period_codes(budget, "Finance 第三季度的预算") == "Finance Q3 的预算"
    # no sheet heads a column "H2": the half-year stays in words, and so does a text
    # naming no period
    for text in ("spending in the second half-year", "What opened in the north?"):
        assert with_period_codes(budget, text) == text


@pytest.mark.parametrize("text, codes", [
    ("一月和二月电费加起来", ["1月", "2月"]),
    ("十二月的电费", ["12月"]),
    ("十一月份", ["11月"]),
    ("三月份", ["3月"]),
])
def test_chinese_months_in_numerals_are_read_as_digits(text, codes):
    assert [p.code for p in month_phrases(text)] == codes


@pytest.mark.parametrize("text", ["一个月", "12月", "二十一月", "每月"])
def test_words_naming_no_month_by_numeral_are_left_alone(text):
    assert month_phrases(text) == []


@pytest.fixture(scope="module")
def bills(tmp_path_factory):
    """A library of one sheet of monthly bills, its months written in digits ("1月"), and a
    totals row under them."""
    tmp = tmp_path_factory.mktemp("months")
    rows = [("1月", 410, "200.50"), ("2月", 352, "171.97"), ("3月", 290, "140.48"), ("4月", 301, "146.27")]
    make_sheet(tmp / "bills.xlsx", "账单", ("月份", "用电量（千瓦时）", "电费（元）"),
               rows + [("合计", 1353, "659.22")])
    lib = Library(Settings(data_dir=tmp / "data"))
    lib.ingest([tmp / "bills.xlsx"])
    yield lib
    lib.close()


def test_a_month_in_numerals_finds_the_row_written_in_digits(bills):
    from pincite.answer.spellings import with_period_codes

    assert with_period_codes(bills, "三月的电费").replace(" ", "") == "3月的电费"
    ans = bills.ask("三月的电费是多少？")
    assert ans.status == "answered" and ans.claims[0].text == "3月 / 电费（元）: 140.48", ans.answer
    both = bills.ask("一月和二月电费加起来一共多少钱？")
    assert both.status == "answered", both.answer
    assert both.calculation is not None and both.calculation.shown == "372.47", both.calculation


def test_a_month_the_sheet_lacks_is_refused_naming_the_months_it_has(bills):
    ans = bills.ask("七月的电费是多少？")
    assert ans.status == "refused", ans.answer
    assert any("7月" in w and "4月" in w and "合计" not in w for w in ans.warnings), ans.warnings
    assert bills.ask("4月份交了多少电费？").status == "answered"


def test_the_highest_month_is_compared_without_the_totals_row(bills):
    ans = bills.ask("哪个月的电费最高？")
    assert ans.status == "answered" and ans.claims[0].text == "1月 / 电费（元）: 200.50", ans.answer


@pytest.mark.parametrize("question, values, missing", [
    ("7月份交了多少电费？", ["1月", "2月", "3月", "合计"], ["7月"]),
    ("What time does Wave D start?", ["Wave A", "Wave B", "Wave C"], ["Wave D"]),
    ("What time does Wave B start?", ["Wave A", "Wave B", "Wave C"], []),
    ("在第4组的人是谁？", ["第1组", "第2组", "第3组"], ["第4组"]),
    # Chinese numerals and digits name the same row
    ("第四档电价是多少？", ["第一档", "第二档", "第三档"], ["第四档"]),
    ("第2档电价是多少？", ["第一档", "第二档", "第三档"], []),
    ("十二月份交了多少电费？", ["1月", "2月", "3月"], ["十二月"]),
    ("P-107的单价是多少？", ["P-101", "P-103", "P-104", "P-105"], ["P-107"]),
    # a label the table has, followed by a Chinese word; a year is no month
    ("P-105的单价比P-103大几倍？", ["P-101", "P-103", "P-104", "P-105"], []),
    ("In 2026 what was sold?", ["1月", "2月", "3月"], []),
    # quantities are no labels: a question's 7 kg may fall in a band
    ("How much is a 7 kg parcel?", ["2 kg", "5 kg", "10 kg"], []),
])
def test_a_label_of_a_tables_series_that_no_row_has(question, values, missing):
    from pincite.answer.clarify import unlisted_labels

    assert unlisted_labels(question, values)[0] == missing
