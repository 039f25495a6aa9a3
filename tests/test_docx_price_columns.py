"""A question about money over a DOCX price list (a table read from the DOCX's PDF pages)
reads a price column of the row, not a column it names by another word: "same day" beside
the column "Turnaround, working days" is a condition, "How much" asks the price. With two
price columns (plain and delicate fabric) and nothing saying which, the row is shown whole;
a question asking the days still reads the days."""
from __future__ import annotations

import pytest

from docgen import spec_library

ROWS = [("Service", "Item", "Plain fabric, GBP", "Delicate fabric, GBP", "Turnaround, working days"),
        ("Hem straight trousers", "Trousers", "14", "21", "2"),
        ("Replace a coat zip", "Coat", "32", "45", "4"),
        ("Take in a shirt at the sides", "Shirt", "18", "26", "3")]
ONE_PRICE = [("Service", "Price, GBP", "Turnaround, working days"),
             ("Resole leather boots", "65", "5"), ("Replace heel tips", "12", "1")]


def _table(d, rows):
    t = d.add_table(rows=len(rows), cols=len(rows[0]))
    t.style = "Table Grid"
    for i, row in enumerate(rows):
        for j, v in enumerate(row):
            t.cell(i, j).text = v


def _make(path):
    import docx

    d = docx.Document()
    d.add_heading("Alterations price list", 0)
    d.add_paragraph("Prices of our alteration services. Urgent same-day work costs 50% more.")
    _table(d, ROWS)
    d.add_heading("Shoe repairs", 1)
    _table(d, ONE_PRICE)
    d.save(str(path))
    return path


@pytest.fixture(scope="module")
def prices_lib(soffice, tmp_path_factory):
    lib = spec_library(tmp_path_factory, "docxprices", lambda d: _make(d / "alterations.docx"))
    yield lib
    lib.close()


def test_a_money_question_does_not_read_a_column_named_by_its_condition(prices_lib):
    ans = prices_lib.ask("How much does it cost to hem straight trousers if I need it the same working day?")
    assert ans.status in ("answered", "needs_clarification"), ans.answer
    if ans.status == "answered":
        assert "Turnaround" not in ans.claims[0].text, ans.claims[0].text
        assert "14" in ans.claims[0].citations[0].quote, ans.claims[0].citations[0].quote


def test_the_one_price_column_is_read_for_a_money_question(prices_lib):
    ans = prices_lib.ask("How much does it cost to resole leather boots if I need them in a working day?")
    assert ans.status == "answered", ans.answer
    assert ans.claims[0].text.endswith("Price, GBP: 65"), ans.claims[0].text


def test_a_days_question_still_reads_the_days(prices_lib):
    ans = prices_lib.ask("How many working days does it take to hem straight trousers?")
    assert ans.status == "answered", ans.answer
    assert ans.claims[0].text.endswith("Turnaround, working days: 2"), ans.claims[0].text


@pytest.mark.parametrize("question,cell", [
    # no header shares a word of the question: the price column is read for a money question
    ("What does it cost to replace heel tips?", "Price, GBP: 12"),
    # nor in another language: the header nearest the asked word by meaning is read
    ("Сколько рабочих дней займёт замена набоек?", "Turnaround, working days: 1"),
])
def test_a_row_whose_headers_share_no_question_word_reads_its_asked_cell(prices_lib, question, cell):
    ans = prices_lib.ask(question)
    assert ans.status == "answered", ans.answer
    assert ans.claims[0].text.startswith("Replace heel tips / ") and ans.claims[0].text.endswith(cell), \
        ans.claims[0].text
