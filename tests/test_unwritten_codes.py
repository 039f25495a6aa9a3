"""A refusal for a model code the library never writes ("A6L" of a car-rental sheet that
lists other cars) says so, in the question's language, and reads no spreadsheet cell
address ("'车型价格'!A14:D14") as a sibling model of that code."""
from __future__ import annotations

import openpyxl
import pytest

from pincite.config import Settings
from pincite.library.facade import Library

ROWS = [("经济型", "丰田卡罗拉", 158, 2000), ("舒适型", "丰田凯美瑞", 268, 3000),
        ("SUV", "本田CR-V", 328, 5000), ("商务型", "别克GL8", 398, 5000)]


@pytest.fixture(scope="module")
def rental(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("rental")
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "车型价格"
    ws.append(["车型类别", "车型", "日租金（元）", "押金（元）"])
    for _ in range(3):  # enough rows that their addresses run past A10
        for row in ROWS:
            ws.append(list(row))
    wb.save(tmp / "zuche.xlsx")
    lib = Library(Settings(data_dir=tmp / "data"))
    lib.ingest([tmp / "zuche.xlsx"])
    yield lib
    lib.close()


@pytest.mark.parametrize("question, said", [
    ("租一辆奥迪A6L一天多少钱？", "没有任何地方提到 A6L"),
    ("How much does it cost to rent an Audi A6L for a day?", "never mentions A6L"),
])
def test_a_code_the_library_never_writes_is_named_as_the_reason(rental, question, said):
    a = rental.ask(question)
    assert a.status == "refused"
    assert any(said in w for w in a.warnings), a.warnings
    assert not any("!A" in w for w in a.warnings), a.warnings


def test_a_listed_code_is_still_answered(rental):
    a = rental.ask("租一辆本田CR-V一天多少钱？")
    assert a.status == "answered"
    assert "328" in a.claims[0].citations[0].quote
