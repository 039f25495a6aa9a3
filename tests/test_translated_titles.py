"""A question in another language than its document names the document's subject in
translation ("осушитель" for the title's "Dehumidifier"): that word, like a word the title
writes, does not choose which sentence of a passage answers (answer.rank._by_meaning), so
the specification row holding the asked value is cited, not the title line that merely
names the product again.
"""
from __future__ import annotations

import docx
import pytest

from pincite.config import Settings
from pincite.library.facade import Library

SPEC = [("Extraction rate", "48 litres per day"), ("Tank capacity", "8 litres"), ("Airflow", "520 m³/h"),
        ("Net weight", "41 kg"), ("Noise level", "54 dB(A) at 1 m"), ("Power supply", "230 V, 50 Hz")]


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    root = tmp_path_factory.mktemp("titles")
    d = docx.Document()
    d.add_heading("Heliotrope HX-7 Industrial Dehumidifier — Specification Sheet", 0)
    d.add_paragraph("The HX-7 is a refrigerant dehumidifier for warehouses, basements and construction drying.")
    table = d.add_table(rows=0, cols=2)
    for key, value in SPEC:
        cells = table.add_row().cells
        cells[0].text, cells[1].text = key, value
    d.add_heading("Maintenance", 1)
    d.add_paragraph("Clean the air filter every two weeks. Empty the tank when the indicator lights up.")
    d.save(root / "hx7-spec.docx")
    library = Library(Settings(data_dir=root / "data"))
    assert [r.status for r in library.ingest([root / "hx7-spec.docx"])] == ["added"]
    yield library
    library.close()


def test_a_translated_question_cites_the_row_not_the_title(lib):
    ans = lib.ask("Сколько весит осушитель HX-7?")
    assert ans.status == "answered", ans.answer
    assert "41 kg" in ans.citations()[0].quote, ans.citations()[0].quote


def test_a_translated_near_miss_is_not_answered_with_the_title(lib):
    ans = lib.ask("Какой гарантийный срок у осушителя HX-7?")
    quotes = [c.quote for c in ans.citations()]
    assert not any("Specification" in q for q in quotes[:1]), (ans.status, quotes)
