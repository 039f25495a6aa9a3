"""Short table rows as answers: a spec sheet's row "Weight | 58 kg" reads "Weight 58 kg" on its
page, 10 non-space characters, under the 12 a free-text quote needs (verify.MIN_QUOTE_CHARS).
A whole row is verified as one record of its page, pinned to the row's own bounds
(verify.verify_quote's `records`, DocumentModel.record_spans), so it can be an answer window
and a verified quote, while a short piece of free text (or of a row) still cannot.

The DOCX tests need LibreOffice (a DOCX's rows are marked on the pages of its converted PDF);
they skip without it, unless PINCITE_REQUIRE_LIBREOFFICE=1. The PDF test runs anywhere.
"""
from __future__ import annotations

from pathlib import Path

from pdfgen import make_ruled_table_pdf
from pincite.answer.extractive import _quotable
from pincite.answer.verify import REASON_TOO_SHORT, verify_quote
from pincite.config import Settings
from pincite.library.facade import Library

PAGE = "Technical data of the AX-40:\nWeight 58 kg\nDrum volume 120 litres\nIt weighs 58 kg empty."
ROW = (PAGE.index("Weight"), PAGE.index("Weight") + len("Weight 58 kg"))


def test_a_short_quote_verifies_only_as_a_whole_record():
    # below the minimum: refused as free text ...
    assert verify_quote("Weight 58 kg", PAGE).reason == REASON_TOO_SHORT
    # ... verified as the whole row, at the row's own span
    check = verify_quote("Weight 58 kg", PAGE, records=[ROW])
    assert check.verified and (check.start, check.end) == ROW and check.level == "exact"
    assert verify_quote("weight  58 KG", PAGE, records=[ROW]).level == "loose"
    # a part of the row, the same words elsewhere, a lone cell: still too short
    assert not verify_quote("Weight 58", PAGE, records=[ROW]).verified
    assert not verify_quote("weighs 58 kg", PAGE, records=[ROW]).verified
    cell = (PAGE.index("Weight"), PAGE.index("Weight") + len("Weight"))
    assert not verify_quote("Weight", PAGE, records=[cell]).verified
    # a record out of the page's bounds is ignored, never raised on
    assert not verify_quote("Weight 58 kg", PAGE, records=[(5, 10_000)]).verified
    # long quotes are checked as before, records or not
    assert verify_quote("Drum volume 120 litres", PAGE, records=[ROW]).verified


def test_only_a_whole_row_window_is_quotable_below_the_minimum():
    assert not _quotable("Weight 58 kg")
    assert _quotable("Weight 58 kg", record=True)
    assert not _quotable("Frequent", record=True)  # a lone cell states no value


def test_a_short_row_of_a_ruled_pdf_table_verifies_as_a_record(tmp_path):
    pdf = make_ruled_table_pdf(tmp_path / "bx70.pdf", ["Parameter", "Value"],
                               [["Weight", "74 kg"], ["Capacity", "9 kg"], ["Speed", "1400 rpm"]],
                               intro="The BX-70 washing machine is built for small laundries.",
                               caption="Table 1. BX-70 specifications", title="BX-70 washer")
    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        [added] = lib.ingest([pdf])
        assert lib.model(added.doc_id).record_spans(1), "the ruled table's rows have spans"
        assert lib.verify_quote(added.doc_id, 1, "Weight 74 kg").verified
        assert lib.verify_quote(added.doc_id, 1, "Capacity 9 kg").verified
        assert not lib.verify_quote(added.doc_id, 1, "Weight 74").verified  # a part of a row
        assert not lib.verify_quote(added.doc_id, 1, "The BX-70").verified  # short free text



SPEC = [("Weight", "58 kg"), ("Drum volume", "120 litres"), ("Rated power", "3.2 kW"), ("Noise level", "62 dB")]


def make_spec_docx(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.add_heading("AX-40 tumble dryer: product sheet", level=1)
    d.add_paragraph("The AX-40 is a condenser tumble dryer for laundries and hotels. "
                    "It dries up to ten kilograms of cotton per cycle.")
    d.add_paragraph("Technical data of the AX-40:")
    t = d.add_table(rows=0, cols=2)
    for label, value in SPEC:
        cells = t.add_row().cells
        cells[0].text, cells[1].text = label, value
    d.add_paragraph("Clean the lint filter after every cycle so that the air flows freely through the drum.")
    d.save(str(path))
    return path


def test_a_short_docx_row_answers_with_its_whole_row(soffice, tmp_path):
    docx_path = make_spec_docx(tmp_path / "ax40.docx")
    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        [added] = lib.ingest([docx_path])
        assert lib.model(added.doc_id).row_spans(1), "the DOCX table's rows are marked"
        ans = lib.ask("What is the weight of the AX-40 dryer?")
        assert ans.status == "answered", ans
        cit = ans.claims[0].citations[0]
        assert cit.verified and cit.quote == "Weight 58 kg"
        # the quote a user is given verifies again through the library (the MCP tool)
        assert lib.verify_quote(added.doc_id, cit.unit, cit.quote).verified
