"""Words of arithmetic are no columns: "What is the combined stock of A and B?" asks to add
two Quantity cells, and "combined" (like "total", "difference", "between", "сумма",
"разница", "总和", "差") names no column, so the rows are not refused for lacking one
(calculate.operation_groups, reasons.missing_columns). Files are generated here.
"""
from __future__ import annotations

import pytest

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
