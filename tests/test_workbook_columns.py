"""Words of arithmetic are no columns, and a workbook's sheets answer together.

* "What is the combined stock of A and B?" asks to add two Quantity cells: "combined" (like
  "total", "difference", "between", "сумма", "разница", "总和", "差") names no column, so the
  rows are not refused for lacking one (calculate.operation_groups, reasons.missing_columns).
  A question asking to compute cites each row it asks about, two rows of one passage too.
* A stock sheet names an item and its SKU, a price sheet gives the SKU's unit price: "How
  much does a single solenoid valve cost?" is answered by the price row of the valve's SKU,
  cited before the stock row that names it (apart.joined_rows), never refused as if the
  workbook had no price column, nor answered by the stock row alone.
Files are generated here.
"""
from __future__ import annotations

import pytest

from docgen import make_sheet
from pincite.answer import calculate
from pincite.config import Settings
from pincite.library.facade import Library
from pincite.text import analysis

STOCK = [("SKU", "Item", "Warehouse", "Quantity", "Reorder level"),
         ("GP-1201", "Gear pump GP-12", "Leipzig", 48, 10),
         ("PG-6310", "Pressure gauge 63 mm", "Leipzig", 520, 100),
         ("SV-2404", "Solenoid valve 24 V", "Dresden", 95, 30),
         ("CP-4002", "Jaw coupling 40", "Dresden", 260, 60)]
PRICES = [("SKU", "Supplier", "Unit price (EUR)", "Minimum order"),
          ("GP-1201", "Hydromek AG", 412.0, 2),
          ("PG-6310", "Messtec GmbH", 8.75, 50),
          ("SV-2404", "Ventilbau KG", 61.4, 10),
          ("CP-4002", "Hydromek AG", 14.2, 20)]


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch):
    for name in ("PINCITE_DATA", "PINCITE_MIN_ANSWERABILITY", "PINCITE_EMBEDDER", "PINCITE_RETRIEVAL"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(scope="module")
def stores(tmp_path_factory):
    from openpyxl import Workbook

    root = tmp_path_factory.mktemp("stores")
    wb = Workbook()
    for i, (title, rows) in enumerate((("Stock", STOCK), ("Prices", PRICES))):
        ws = wb.active if i == 0 else wb.create_sheet()
        ws.title = title
        for row in rows:
            ws.append(list(row))
    wb.save(root / "stores.xlsx")
    lib = Library(Settings(data_dir=root / "data"))
    assert [r.status for r in lib.ingest([root / "stores.xlsx"])] == ["added"]
    yield lib
    lib.close()


@pytest.mark.parametrize("question", [
    "What is the combined stock of gear pumps and solenoid valves?",
    "What is the difference in stock between gear pumps and pressure gauges?",
])
def test_words_of_arithmetic_are_not_missing_columns(stores, question):
    ans = stores.ask(question)
    assert ans.status == "answered", (ans.answer, ans.warnings)
    assert "Stock!" in ans.citations()[0].quote


def test_a_sum_over_two_rows_of_one_passage_cites_both(stores):
    """A question asking to compute over stated values asks for several records: two rows
    of one sheet passage are each cited, not the likelier one alone."""
    ans = stores.ask("What is the combined stock of gear pumps and solenoid valves?")
    quotes = [c.quote for c in ans.citations()]
    assert any("Gear pump" in q for q in quotes) and any("Solenoid valve" in q for q in quotes), quotes


def test_a_price_is_read_from_the_price_sheet_row_of_the_items_sku(stores):
    ans = stores.ask("How much does a single solenoid valve cost?")
    assert ans.status == "answered", (ans.answer, ans.warnings)
    quotes = [c.quote for c in ans.citations()]
    assert "SV-2404" in quotes[0] and "61.4" in quotes[0], quotes
    assert any("Solenoid valve" in q for q in quotes[1:]), quotes


def test_a_unit_price_is_not_answered_by_the_stock_row(stores):
    ans = stores.ask("What is the unit price of the jaw coupling?")
    assert ans.status == "answered", (ans.answer, ans.warnings)
    first = ans.citations()[0].quote
    assert "CP-4002" in first and "14.2" in first, first


def test_a_column_no_sheet_has_is_still_refused(stores):
    ans = stores.ask("How heavy is the gear pump?")
    assert ans.status == "refused", ans.answer
    assert any("heavy" in w for w in ans.warnings), ans.warnings


@pytest.mark.parametrize("question, words", [
    ("What is the combined stock of A and B?", {"combined"}),
    ("What is the price difference between A and B?", {"difference", "between"}),
    ("What is the total and the average weight?", {"total", "average"}),
    ("Какова сумма запасов и разница в цене между A и B?", {"сумма", "разница", "между"}),
    ("Каков суммарный запас?", {"суммарный"}),
])
def test_operation_words_are_recognised(question, words):
    groups = analysis.query_groups(question)
    found = calculate.operation_groups(question, groups)
    assert found == {g for w in words for g in analysis.query_groups(w)}, found


def test_chinese_operation_words_are_recognised():
    question = "A 和 B 的库存总和是多少？价格差是多少？"
    groups = analysis.query_groups(question)
    found = {g[0] for g in calculate.operation_groups(question, groups)}
    assert "总和" in found and any(f.startswith("差") for f in found), (groups, found)
    assert not {"库存", "价格"} & found


def test_a_cell_whose_value_the_question_states_names_the_row_not_the_asked_column(tmp_path):
    """"特级西湖龙井100克一罐卖多少钱？" writes the 100 of "规格（克）: 100" (and its 克): that
    cell tells which row is asked, so the claim shows the price asked for, not the weight."""
    make_sheet(tmp_path / "tea.xlsx", "价目表", ("品种", "等级", "规格（克）", "价格（元）"), [
        ("西湖龙井", "特级", 50, 168), ("西湖龙井", "特级", 100, 318), ("铁观音", "一级", 100, 128)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "tea.xlsx"])
        tea = lib.ask("特级西湖龙井100克一罐卖多少钱？")
    assert tea.status == "answered" and tea.claims[0].text.endswith("价格（元）: 318"), tea.answer
