"""An amendment is read before the clause it changes (answer.supersede): a handbook's
amendment table ("No. | Section | Old value | New value | Effective from") and a change
notice's prose ("Пункт 3.2 изложить в новой редакции: …") are cited first, and the amended
clause, which matches the question's words better, after them; a sentence that merely
refers to a clause moves nothing."""
from __future__ import annotations

import pytest

from docgen import docx_table
from pincite.answer import supersede
from pincite.config import Settings
from pincite.library.facade import Library


def test_an_amendment_table_row_is_cited_before_the_clause_it_changes(soffice, tmp_path):
    import docx

    d = docx.Document()
    d.add_heading("Northgate Logistics — Travel and Expenses Policy", 0)
    d.add_heading("4. Travel", 1)
    d.add_paragraph("4.1 Rail travel is booked in standard class through the travel desk.")
    d.add_paragraph("4.2 Business mileage in a private car is reimbursed at £0.40 per mile for the first "
                    "8,000 miles in a tax year.")
    d.add_paragraph("4.3 Hotel stays are booked through the travel desk at the agreed corporate rates.")
    d.add_heading("5. Equipment", 1)
    d.add_paragraph("5.1 Company laptops must be returned to the IT team within five days of leaving.")
    d.add_heading("6. Amendments", 1)
    d.add_paragraph("The amendments below supersede the corresponding text of this policy from the date shown.")
    docx_table(d, [("No.", "Section", "Old value", "New value", "Effective from"),
                   ("AM-1", "4.2 Mileage rate", "£0.40 per mile", "£0.48 per mile", "1 June 2025"),
                   ("AM-2", "5.1 Laptop return", "Within five days", "Within ten days", "1 July 2025")])
    d.save(tmp_path / "policy.docx")
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        assert [r.status for r in lib.ingest([tmp_path / "policy.docx"])] == ["added"]
        ans = lib.ask("What mileage rate does Northgate Logistics pay for business trips in a private car?")
        assert ans.status == "answered", ans.warnings
        quotes = [c.quote for c in ans.citations()]
        assert "£0.48" in quotes[0], quotes
        assert ans.claims[0].text == "AM-1 / New value: £0.48 per mile", ans.claims[0].text
        assert any("4.2 Business mileage" in q for q in quotes[1:]), quotes
        amended = next(i for i, q in enumerate(quotes, 1) if "4.2 Business mileage" in q)
        assert f"[{amended}] is changed by an amendment: see [1]" in ans.warnings, ans.warnings
        rail = lib.ask("In which class is rail travel booked at Northgate Logistics?")
        assert rail.status == "answered" and "standard class" in rail.citations()[0].quote, rail.answer


def test_a_change_notice_in_prose_is_cited_before_the_clause(tmp_path):
    from pdfgen import make_pdf

    make_pdf(tmp_path / "reglament.pdf", [
        "Регламент обслуживания насосной станции.\n"
        "3.1 Осмотр насосов проводится ежедневно дежурным машинистом.\n"
        "3.2 Замена масла в подшипниках насосов проводится каждые 2000 часов работы.\n"
        "3.3 Результаты осмотра заносятся в журнал.",
        "Изменение № 1 к регламенту.\nПункт 3.2 изложить в новой редакции: замена масла в подшипниках "
        "проводится каждые 3000 часов работы."], font="dejavu")
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        assert [r.status for r in lib.ingest([tmp_path / "reglament.pdf"])] == ["added"]
        ans = lib.ask("Как часто проводится замена масла в подшипниках насосов?")
        assert ans.status == "answered", ans.warnings
        quotes = [c.quote for c in ans.citations()]
        assert "3000" in quotes[0], quotes


@pytest.mark.parametrize("text, amends", [
    ("Пункт 3.2 изложить в новой редакции: …", True), ("Clause 4.2 is amended to read: …", True),
    ("第5.2条修改为：每年检查一次。", True), ("Clause 7.1 is replaced by the following: …", True),
    ("Replace the filter as described in 5.2.", False), ("See 4.2 for the mileage rate.", False),
])
def test_the_wording_of_a_change_notice(text, amends):
    assert bool(supersede._AMENDS.search(text)) == amends


@pytest.mark.parametrize("headers, words", [
    (["No.", "Section", "Old value", "New value", "Effective from"], ["new"]),
    (["Пункт", "Было", "Стало"], ["стат"]), (["Item", "Price", "Stock"], []),
])
def test_the_new_value_column_is_named_by_its_own_words(headers, words):
    assert supersede.new_value_terms(headers) == words
