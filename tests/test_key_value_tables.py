"""Key/value tables and PPTX table rows.

A spec sheet's two-column table ("Weight | 58 kg", "Noise level | 62 dB") has no header row:
its first row is a record like the others, so no row names "Weight | 58 kg" as its columns
and a row reads "Drum volume; 120 litres", not "Weight: Drum volume; 58 kg: 120 litres"
(pincite.extract.header_row). A header row over such rows ("Parameter | Value") and a header
of years over figures stay headers. A PPTX table's rows are marked as rows, so a short one
verifies as a whole record like a DOCX or PDF row.

The DOCX test needs LibreOffice (skips without it, unless PINCITE_REQUIRE_LIBREOFFICE=1);
the rest runs on any machine.
"""
from __future__ import annotations

from pathlib import Path

from pincite.config import Settings
from pincite.extract.header_row import first_row_is_header
from pincite.extract.office import table_row_headers, table_rows
from pincite.library.facade import Library

SPEC = [["Weight", "58 kg"], ["Drum volume", "120 litres"], ["Noise level", "62 dB"],
        ["Refrigerant", "R-134a"]]


def test_a_key_value_table_has_no_header_row():
    assert table_rows(SPEC) == ["Weight; 58 kg", "Drum volume; 120 litres", "Noise level; 62 dB",
                                "Refrigerant; R-134a"]
    assert table_row_headers(SPEC) == [()] * 4
    # a header row of labels over the same records stays the header
    headed = [["Parameter", "Value"], *SPEC]
    assert table_rows(headed)[1] == "Parameter: Weight; Value: 58 kg"
    assert table_row_headers(headed)[1:] == [("Parameter", "Value")] * 4
    # a header of years over figures (three or more columns) stays the header
    years = [["Item", "2023", "2024"], ["Revenue", "1.2", "1.5"], ["Cost", "0.8", "0.9"]]
    assert table_row_headers(years)[1:] == [("Item", "2023", "2024")] * 2
    # two text columns: nothing says the first row is a record; it stays the header
    assert first_row_is_header(["Term", "Meaning"], [["Drum", "The rotating part"]])
    # a year column under a label contrasts: a header
    assert first_row_is_header(["Year", "Output"], [["2021", "3.1 t"], ["2022", "3.4 t"]])
    assert not first_row_is_header(["2020", "2.9 t"], [["2021", "3.1 t"], ["2022", "3.4 t"]])


def make_spec_pptx(path: Path, rows: list[list[str]]) -> Path:
    import pptx
    from pptx.util import Inches

    prs = pptx.Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[5])
    slide.shapes.title.text = "AX-40 tumble dryer: technical data"
    shape = slide.shapes.add_table(len(rows), 2, Inches(1), Inches(2), Inches(6), Inches(3))
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            shape.table.cell(r, c).text = value
    box = slide.shapes.add_textbox(Inches(1), Inches(5.5), Inches(6), Inches(1))
    box.text_frame.text = "Clean the lint filter after every cycle so that the air flows freely."
    prs.save(str(path))
    return path


def test_a_short_pptx_row_verifies_as_a_record(tmp_path):
    deck = make_spec_pptx(tmp_path / "ax40.pptx", SPEC)
    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        [added] = lib.ingest([deck])
        model = lib.model(added.doc_id)
        assert len(model.row_spans(1)) == 4, "each table row is marked"
        text = model.pages[0].text
        assert [text[a:b] for a, b in model.row_spans(1)][0] == "Weight; 58 kg"
        assert lib.verify_quote(added.doc_id, 1, "Weight; 58 kg").verified
        assert not lib.verify_quote(added.doc_id, 1, "Weight; 58").verified  # a part of a row
        ans = lib.ask("What is the weight of the AX-40 dryer?")
        assert ans.status == "answered", ans
        cit = ans.claims[0].citations[0]
        assert cit.verified and cit.quote == "Weight; 58 kg" and cit.row_headers is None



def make_spec_docx(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.add_heading("AX-40 tumble dryer: product sheet", level=1)
    d.add_paragraph("The AX-40 is a condenser tumble dryer for laundries and hotels.")
    d.add_paragraph("Technical data of the AX-40:")
    t = d.add_table(rows=0, cols=2)
    for label, value in SPEC:
        cells = t.add_row().cells
        cells[0].text, cells[1].text = label, value
    d.add_paragraph("Clean the lint filter after every cycle so that the air flows freely through the drum.")
    d.save(str(path))
    return path


def test_a_docx_spec_row_names_no_columns(soffice, tmp_path):
    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        [added] = lib.ingest([make_spec_docx(tmp_path / "ax40.docx")])
        ans = lib.ask("What is the noise level of the AX-40 dryer?")
        assert ans.status == "answered", ans
        cit = ans.claims[0].citations[0]
        assert cit.verified and "62 dB" in cit.quote
        assert cit.row_headers is None  # not "Weight | 58 kg"
        model = lib.model(added.doc_id)
        assert all(not s.headers for p in model.pages for s in p.spans if hasattr(s, "headers"))


def test_a_ruled_pdf_key_value_table_keeps_its_first_row(tmp_path):
    from pdfgen import make_ruled_table_pdf

    pdf = make_ruled_table_pdf(tmp_path / "bx70.pdf", ["Weight", "74 kg"],
                               [["Capacity", "9 kg"], ["Spin speed", "1400 rpm"], ["Noise level", "52 dB"]],
                               intro="The BX-70 washing machine is built for small laundries.",
                               title="BX-70 washer")
    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        [added] = lib.ingest([pdf])
        model = lib.model(added.doc_id)
        [table] = model.tables
        assert not any(table.columns) and table.header_rows == 0
        assert [r.cells[0] for r in table.rows] == ["Weight", "Capacity", "Spin speed", "Noise level"]
        row = table.rows[1]
        assert model.row_headers(1, row.char_start, row.char_end) == ()  # not "Weight | 74 kg"
        assert lib.verify_quote(added.doc_id, 1, "Weight 74 kg").verified  # a record, not a header


def test_a_first_slide_table_row_is_data_not_the_decks_title(tmp_path):
    """A table on the first slide is no title block: its first row's words ("Design
    review") are values a question asks for, so they must count as evidence, not be left
    out as words naming the document."""
    from pptx import Presentation
    from pptx.util import Inches

    from pincite.chunk.pages import cover_lines

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[5])
    slide.shapes.title.text = "Project Aurora: milestones"
    rows = [("Milestone", "Owner", "Due"), ("Design review", "Olga Petrova", "10 March 2026"),
            ("Prototype ready", "Chen Wei", "15 May 2026"), ("Pilot production", "Maria Lopez", "1 September 2026")]
    table = slide.shapes.add_table(len(rows), 3, Inches(0.5), Inches(1.5), Inches(9), Inches(2)).table
    for i, row in enumerate(rows):
        for j, value in enumerate(row):
            table.cell(i, j).text = value
    risks = prs.slides.add_slide(prs.slide_layouts[1])
    risks.shapes.title.text = "Risks"
    risks.placeholders[1].text = "Supplier delays for the sensor board could move the pilot production date."
    prs.save(tmp_path / "aurora.pptx")
    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        lib.ingest([tmp_path / "aurora.pptx"])
        doc_id = lib.documents()[0].doc_id
        assert not any("Design review" in line for line in cover_lines(lib.model(doc_id)))
        ans = lib.ask("Who owns the design review milestone?")
    assert ans.status == "answered", ans.answer
    assert "Olga Petrova" in ans.claims[0].citations[0].quote
