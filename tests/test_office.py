"""Office and text files through the Library: DOCX, PPTX, XLSX, TXT and Markdown ingest,
answer with verified quotes and cite their own addresses (lines, slide, sheet range); the
type comes from the bytes; unsafe ZIP containers and XML with a DTD are refused before
anything is stored, and earlier documents still answer.

Real files come from ../shared/corpus/office (fixture `corpus`); the rest are generated
here with python-docx, python-pptx and openpyxl. Nothing of pincite is mocked.
"""
from __future__ import annotations

import io
import json
import os
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import docx
import openpyxl
import pptx
import pytest
from pptx.util import Inches, Pt

from docgen import make_xlsx_revisions
from pdfgen import make_pdf
from pincite.config import Settings
from pincite.errors import DamagedDocument, NotAPdf, NotSupported, UnsafeArchive, UnsafeXml
from pincite.extract.address import merge_addresses
from pincite.extract.model import AddressSpan, BlockRange, LineRange, SheetRange, UnitAddress
from pincite.extract.sniff import OFFICE_EXTRACTOR, ZipLimits, sniff
from pincite.library.facade import Library, _load_model
from pincite.library.inputs import expand_paths
from pincite.library.profile import current_profile

MIME_DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch):
    for name in ("PINCITE_FAULT", "PINCITE_DATA", "PINCITE_MIN_ANSWERABILITY", "PINCITE_MAX_FILE_MB",
                 "PINCITE_ZIP_MAX_ENTRIES", "PINCITE_ZIP_MAX_MB", "PINCITE_ZIP_MAX_RATIO"):
        monkeypatch.delenv(name, raising=False)
    # DOCX by blocks, as without LibreOffice; tests/test_docx_pages.py covers its pages
    monkeypatch.setenv("PINCITE_SOFFICE", "off")


def settings(tmp_path: Path, **kw) -> Settings:
    return Settings(data_dir=tmp_path / "data", embedder="none", **kw)


@pytest.fixture
def lib(tmp_path):
    library = Library(settings(tmp_path))
    yield library
    library.close()


def top_citation(library: Library, question: str):
    ans = library.ask(question)
    assert ans.status == "answered", (question, ans.status, ans.answer, ans.warnings)
    cit = ans.citations()[0]
    assert cit.verified, cit
    return cit


def stored_files(data: Path) -> tuple[list[str], list[str]]:
    """Names of the stored originals and models."""
    return (sorted(p.name for p in (data / "originals").glob("*/*")),
            sorted(p.name for p in (data / "models").glob("*.json")))


# ---------------------------------------------------------------- generated files


def make_docx(path: Path) -> Path:
    d = docx.Document()
    d.add_heading("Pump PX-500 manual", level=1)
    d.add_paragraph("This manual covers installation and care of the PX-500 pump.")
    d.add_heading("Maintenance schedule", level=2)
    d.add_paragraph("Service the pump at the intervals in the table below.")
    t = d.add_table(rows=3, cols=2)
    for r, (a, b) in enumerate([("Component", "Interval"), ("Gearbox oil", "every 250 hours"),
                                ("Impeller seal", "every 1200 hours")]):
        t.cell(r, 0).text, t.cell(r, 1).text = a, b
    d.add_paragraph("Replace worn parts with original spares only.", style="List Bullet")
    d.save(str(path))
    return path


def make_pptx(path: Path) -> Path:
    """Three slides; the fact stands on slide 2, which has no title (blank layout)."""
    prs = pptx.Presentation()
    s1 = prs.slides.add_slide(prs.slide_layouts[0])
    s1.shapes.title.text = "Quarterly review of the cooling plant"
    s1.placeholders[1].text = "Operations team"
    s2 = prs.slides.add_slide(prs.slide_layouts[6])  # blank: no title placeholder
    box = s2.shapes.add_textbox(Inches(1), Inches(1), Inches(6), Inches(2))
    box.text_frame.text = "The chiller compressor was replaced on 14 March after 31000 running hours."
    box.text_frame.paragraphs[0].font.size = Pt(20)
    s2.notes_slide.notes_text_frame.text = "Mention the supplier warranty of 24 months."
    s3 = prs.slides.add_slide(prs.slide_layouts[1])
    s3.shapes.title.text = "Next steps"
    s3.placeholders[1].text = "Order spare filters for the cooling towers."
    prs.save(str(path))
    return path


def rewrite_zip(src: Path, dest: Path, replace: dict[str, bytes]) -> Path:
    """Copy the ZIP `src` to `dest` with the entries in `replace` swapped."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            zout.writestr(info.filename, replace.get(info.filename, zin.read(info.filename)))
    return dest


def make_zip_bomb(path: Path, zeros_mb: int = 4) -> Path:
    """A "DOCX" whose word/document.xml is megabytes of zeros (ratio ~1000)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", b'<?xml version="1.0"?><Types xmlns="http://schemas.'
                   b'openxmlformats.org/package/2006/content-types"/>')
        z.writestr("word/document.xml", b"\0" * (zeros_mb * 1024 * 1024))
    return path


def patch_central(data: bytes, name: str, *, flag: int | None = None, offset_of: str | None = None) -> bytes:
    """Patch the central-directory record of entry `name`: set its flag bits, or point its
    local header offset at the one of entry `offset_of`."""
    records, pos = {}, 0
    while (pos := data.find(b"PK\x01\x02", pos)) != -1:
        n_len = struct.unpack_from("<H", data, pos + 28)[0]
        records[data[pos + 46: pos + 46 + n_len].decode()] = pos
        pos += 4
    out = bytearray(data)
    rec = records[name]
    if flag is not None:
        struct.pack_into("<H", out, rec + 8, flag)
    if offset_of is not None:
        other = struct.unpack_from("<L", data, records[offset_of] + 42)[0]
        struct.pack_into("<L", out, rec + 42, other)
    return bytes(out)


# ---------------------------------------------------------------- real files of the corpus

CORPUS_QUESTIONS = [
    ("SampleDoc.docx", "What is the size of the Calibri (Body) font?", "font size 11", "lines"),
    ("IllustrativeCases.docx", "How much an hour is Patrick earning as a waiter?", "€8.65 an hour", "lines"),
    ("bib-chernigovka.netdo.ru_download_docs_17459.docx", "Сколько лет со дня рождения Толкина?",
     "125 лет", "lines"),
    ("python-docx-blk-paras-and-tables.docx", "What text is before and after the table?",
     "Text before", "lines"),
    ("DataTableCities.xlsx", "What is the population of Karachi, Pakistan?", "23500000", "sheet"),
    ("AverageTaxRates.xlsx", "What are the average tax rates on annual earnings in % terms?",
     "AVERAGE TAX RATES ON ANNUAL EARNINGS", "sheet"),
    ("simple-monthly-budget.xlsx", "How much is the rent/mortgage in the monthly budget?", "800", "sheet"),
    ("SampleShow.pptx", "What is in the notes of the 2nd slide?", "notes of the 2nd slide", "slide"),
    ("HowWeRefactor.pptx", "What percentage of commits were floss refactoring?", "65%", "slide"),
    ("python-pptx-test_slides.pptx", "What is the cell text under Col head 1?", "Cell text 1", "slide"),
]


@pytest.fixture(scope="module")
def office_lib(corpus, tmp_path_factory):
    data = tmp_path_factory.mktemp("office")
    library = Library(Settings(data_dir=data / "data", embedder="none"))
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("PINCITE_SOFFICE", "off")  # DOCX by blocks (see _clean_env)
        results = library.ingest([corpus / "office"])
    yield library, results
    library.close()


def test_every_corpus_office_file_ingests(office_lib, corpus):
    library, results = office_lib
    names = sorted(p.name for p in (corpus / "office").iterdir())
    assert sorted(Path(r.path).name for r in results) == names  # folders pick up office files
    assert {Path(r.path).name: r.status for r in results} == {n: "added" for n in names}
    for r in results:
        assert r.chunks > 0, r
    pptx_row = next(r for r in results if Path(r.path).name == "HowWeRefactor.pptx")
    assert pptx_row.pages == 28  # one unit per slide, untitled slides counted


@pytest.mark.parametrize("file_name,question,fragment,kind", CORPUS_QUESTIONS,
                         ids=[q[0] for q in CORPUS_QUESTIONS])
def test_corpus_office_file_answers_with_its_own_address(office_lib, file_name, question, fragment, kind):
    library, _ = office_lib
    cit = top_citation(library, question)
    assert cit.file == file_name, cit
    assert fragment in cit.quote, cit.quote
    assert cit.address.kind == kind and cit.page is None, cit.address
    # the quote stands in the unit text it is verified against
    doc = library.model(cit.doc_id)
    unit = next(p for p in doc.pages if f"{cit.doc_id}-p{p.page}-" in cit.chunk_id)
    assert " ".join(cit.quote.split()) in " ".join(unit.text.split())


def test_slide_of_a_real_deck_is_its_position(office_lib):
    library, _ = office_lib
    cit = top_citation(library, "What percentage of commits were floss refactoring?")
    assert cit.address.slide == 10  # "65% of Commits were Floss Refactoring" is on slide 10


# ---------------------------------------------------------------- generated files


def test_pptx_fact_on_untitled_slide_two_cites_slide_two(lib, tmp_path):
    deck = make_pptx(tmp_path / "review.pptx")
    res = lib.ingest_file(deck)
    assert res.status == "added" and res.pages == 3
    cit = top_citation(lib, "When was the chiller compressor replaced?")
    assert cit.file == "review.pptx" and "14 March" in cit.quote
    assert cit.address.model_dump() == {"kind": "slide", "slide": 2}
    notes = top_citation(lib, "How long is the supplier warranty?")
    assert notes.address.slide == 2 and "24 months" in notes.quote
    assert lib.page_text(res.doc_id, 2).endswith("Notes: Mention the supplier warranty of 24 months.")


def test_xlsx_revision_sheets_cite_the_sheet_and_row(lib, tmp_path):
    book = make_xlsx_revisions(tmp_path / "pump-data.xlsx")
    res = lib.ingest_file(book)
    assert res.status == "added" and res.pages == 2
    cit = top_citation(lib, "What is the maximum inlet pressure in RevB?")
    assert "RevB!A5:B5 | Parameter: Maximum inlet pressure; Value: 9 bar" in cit.quote and "6 bar" not in cit.quote
    assert cit.address.kind == "sheet" and cit.address.sheet == "RevB"
    assert cit.address.range == "A5:B5", cit.address  # narrowed from the chunk's rows to the quote's
    # each row is addressed on its own: row 5 of RevB is A5:B5 and reads with its header
    unit = lib.model(res.doc_id).page(2)
    row5 = [s for s in unit.spans if s.address.range == "A5:B5"]
    assert [unit.text[s.start:s.end] for s in row5] == [
        "RevB!A5:B5 | Parameter: Maximum inlet pressure; Value: 9 bar"]
    assert unit.address == SheetRange(sheet="RevB", range="A1:B6")


def make_catalog_xlsx(path: Path, headers: list[str]) -> Path:
    """A product sheet and a staff sheet under `headers` (code, name, power, weight; then
    employee id, name, department), in whatever language they are given."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Products"
    ws.append(headers[:4])
    for row in (("ZK-300", "Zephyr circulation pump", 2.2, 41), ("TR-45", "Tarn booster pump", 0.75, 12.5),
                ("QL-8", "Quill dosing pump", 0.18, 4.2)):
        ws.append(row)
    staff = wb.create_sheet("Staff")
    staff.append(headers[4:])
    for row in (("E-1041", "Irina Volkova", "Procurement"), ("E-1187", "Chen Wei", "Quality assurance")):
        staff.append(row)
    wb.save(str(path))
    return path


@pytest.mark.parametrize("headers, asked", [
    (["Code", "Name", "Power, kW", "Weight, kg", "Employee ID", "Full name", "Department"],
     {"Какова мощность TR-45?": "TR-45 / Power, kW: 0.75",
      "В каком отделе работает Irina Volkova?": "Irina Volkova / Department: Procurement",
      "ZK-300的重量是多少？": "ZK-300 / Weight, kg: 41"}),
    (["Код", "Наименование", "Мощность, кВт", "Масса, кг", "Табельный номер", "ФИО", "Отдел"],
     {"What is the power of the TR-45?": "TR-45 / Мощность, кВт: 0.75",
      "Which department does Chen Wei work in?": "Chen Wei / Отдел: Quality assurance"}),
])
def test_sheet_cell_headline_finds_the_asked_column_across_languages(tmp_path, headers, asked):
    """The headers share no word with a question in another language; the embedder's word
    vectors still name the asked column, so the claim is the row's name and that cell."""
    with Library(Settings(data_dir=tmp_path / "data", embedder="use-m3")) as library:
        library.ingest_file(make_catalog_xlsx(tmp_path / "catalog.xlsx", headers))
        for question, headline in asked.items():
            ans = library.ask(question)
            assert ans.status == "answered", (question, ans.answer)
            assert ans.claims[0].text == headline, (question, ans.claims[0].text)
            assert ans.claims[0].verified and ans.claims[0].citations[0].address.kind == "sheet"
        # a column the sheet lacks is named by no header: the row is shown whole
        price = library.ask("Сколько стоит ZK-300?" if headers[0] == "Code" else "What is the price of the ZK-300?")
        if price.status == "answered":
            assert price.claims[0].text == price.claims[0].citations[0].quote, price.claims[0].text


def test_xlsx_merged_headers_and_formulas_without_cached_values(lib, tmp_path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Limits"
    ws["A1"], ws["B1"] = "Valve", "Pressure"
    ws.merge_cells("B1:C1")
    ws["B2"], ws["C2"] = "min", "max"
    ws["A3"], ws["B3"], ws["C3"] = "Relief valve RV-7", 5, 12
    ws["D3"] = "=C3*2"  # openpyxl writes no cached value
    path = tmp_path / "limits.xlsx"
    wb.save(str(path))
    res = lib.ingest_file(path)
    assert res.status == "added"
    assert "Limits!D3: formula without a cached value" in res.warnings
    text = lib.page_text(res.doc_id, 1)
    assert ("Limits!A3:D3 | Valve: Relief valve RV-7; Pressure / min: 5; Pressure / max: 12; "
            "=C3*2 (no cached value)") in text
    cit = top_citation(lib, "What is the max pressure of relief valve RV-7?")
    assert "Pressure / max: 12" in cit.quote and cit.address.sheet == "Limits"


def test_docx_heading_and_table_fact_answers(lib, tmp_path):
    res = lib.ingest_file(make_docx(tmp_path / "px500.docx"))
    assert res.status == "added"
    doc = lib.model(res.doc_id)
    assert doc.mime == MIME_DOCX and doc.title == "Pump PX-500 manual"
    # a new unit starts at each Heading 1/2; units are addressed by block numbers
    # every table row is a block of its own: header row 5, rows 6 and 7, the list item 8
    assert [p.address for p in doc.pages] == [LineRange(start=1, end=2), LineRange(start=3, end=8)]
    assert "• Replace worn parts" in doc.pages[1].text
    unit = doc.pages[1]
    assert [(s.address.start, unit.text[s.start:s.end]) for s in unit.spans[2:5]] == [
        (5, "Component; Interval"), (6, "Component: Gearbox oil; Interval: every 250 hours"),
        (7, "Component: Impeller seal; Interval: every 1200 hours")]
    cit = top_citation(lib, "How often is the gearbox oil serviced?")
    assert "Component: Gearbox oil; Interval: every 250 hours" in cit.quote
    assert cit.address.kind == "lines" and cit.address.start <= 6 <= cit.address.end  # block 6: its row


def test_docx_table_rows_are_blocks_and_section_rows_label_them(lib, tmp_path):
    d = docx.Document()
    d.add_paragraph("Duty roster of the pumping station.")
    t = d.add_table(rows=7, cols=2)
    rows = [("Day", "Duty"), ("North hall", ""), ("Monday", "check the filters of pump P-1"),
            ("Tuesday", "grease the bearings of pump P-2"), ("South", "hall"),
            ("Monday", "read the flow meters of line L-4"), ("", "")]
    for r, (a, b) in enumerate(rows):
        t.cell(r, 0).text, t.cell(r, 1).text = a, b
    t.cell(4, 0).merge(t.cell(4, 1)).text = "South hall"  # a merged section row
    d.add_paragraph("Report faults to the shift engineer.")
    path = tmp_path / "roster.docx"
    d.save(str(path))
    res = lib.ingest_file(path)
    assert res.status == "added"
    unit = lib.model(res.doc_id).page(1)
    blocks = [(s.address.start, s.address.end, unit.text[s.start:s.end])
              for s in unit.spans]
    assert blocks == [
        (1, 1, "Duty roster of the pumping station."),
        (2, 2, "Day; Duty"),
        (3, 3, "North hall"),
        (4, 4, "North hall: Day: Monday; Duty: check the filters of pump P-1"),
        (5, 5, "North hall: Day: Tuesday; Duty: grease the bearings of pump P-2"),
        (6, 6, "South hall"),
        (7, 7, "South hall: Day: Monday; Duty: read the flow meters of line L-4"),
        (8, 8, "Report faults to the shift engineer."),
    ]  # the empty row is not a block


def test_calendar_table_row_answers_on_its_own(office_lib):
    library, _ = office_lib
    cit = top_citation(library, "Какой праздник 7 января?")
    assert cit.file == "bib-chernigovka.netdo.ru_download_docs_17459.docx", cit
    assert "Рождество" in cit.quote, cit.quote
    assert cit.address.kind == "lines" and cit.address.start == cit.address.end, cit.address
    doc = library.model(cit.doc_id)
    unit = next(p for p in doc.pages if f"{cit.doc_id}-p{p.page}-" in cit.chunk_id)
    (span,) = [s for s in unit.spans if s.address.start == cit.address.start]
    assert unit.text[span.start:span.end] == "Январь: 7; Рождество Христово"


#: A generated calendar: its rows as the office extractor writes them (header: value).
CALENDAR_ROWS = ["Date: 7 January; Event: Christmas", "Date: 14 January; Event: Old New Year holiday",
                 "Date: 8 March; Event: Women's Day"]


def make_calendar_docx(path: Path) -> Path:
    """A DOCX whose table rows each answer a part of "Which holiday is on 7 January?": one
    row has the date, the next the word "holiday"; only the two together cover the question."""
    d = docx.Document()
    d.add_heading("Office calendar", level=1)
    d.add_paragraph("The office is closed on the days in the table below.")
    t = d.add_table(rows=4, cols=2)
    for r, (a, b) in enumerate([("Date", "Event"), ("7 January", "Christmas"),
                                ("14 January", "Old New Year holiday"), ("8 March", "Women's Day")]):
        t.cell(r, 0).text, t.cell(r, 1).text = a, b
    d.add_paragraph("Staff on duty receive a day off in lieu.")
    d.save(str(path))
    return path


def test_docx_table_row_is_a_record_its_window_keeps_to(lib, tmp_path):
    res = lib.ingest_file(make_calendar_docx(tmp_path / "calendar.docx"))
    assert res.status == "added", res.reason
    cit = top_citation(lib, "Which holiday is on 7 January?")
    # two rows together cover the question best, but they are two records: a row alone is quoted
    assert cit.quote in CALENDAR_ROWS, cit.quote
    assert cit.address.kind == "lines" and cit.address.start == cit.address.end, cit.address
    (unit,) = lib.model(res.doc_id).pages  # as stored: the table rows' spans are marked
    rows = [unit.text[s.start:s.end] for s in unit.spans if s.row]
    assert rows == ["Date; Event", *CALENDAR_ROWS]
    assert [unit.text[a:b] for a, b in lib.model(res.doc_id).row_spans(1)] == rows


def test_pptx_text_box_paragraphs_that_continue_a_sentence_are_one_line(office_lib):
    library, _ = office_lib
    cit = top_citation(library, "What percentage of refactorings were done without a tool?")
    assert cit.file == "HowWeRefactor.pptx" and "89%" in cit.quote, cit.quote
    assert "were done without a tool" in cit.quote
    assert "89% of refactorings were done without a tool" in library.page_text(cit.doc_id, 24)


def test_pptx_bullet_lists_stay_separate_lines(lib, tmp_path):
    prs = pptx.Presentation()
    s1 = prs.slides.add_slide(prs.slide_layouts[1])  # title and content: bulleted body
    s1.shapes.title.text = "Daily checks"
    body = s1.placeholders[1].text_frame
    body.text = "check the oil level"
    for line in ("inspect the drive belt", "clean the intake screen"):
        body.add_paragraph().text = line
    s2 = prs.slides.add_slide(prs.slide_layouts[6])
    box = s2.shapes.add_textbox(Inches(1), Inches(1), Inches(6), Inches(2)).text_frame
    box.text = "Weekly checks"
    for text, level in (("test the alarm horn", 1), ("log the hours", 1)):
        p = box.add_paragraph()
        p.text, p.level = text, level  # indented items are list items too
    box.add_paragraph().text = "Monthly the boiler is drained and"
    box.add_paragraph().text = "refilled with treated water."
    path = tmp_path / "checks.pptx"
    prs.save(str(path))
    res = lib.ingest_file(path)
    assert res.status == "added"
    assert lib.page_text(res.doc_id, 1) == ("Daily checks\n\ncheck the oil level\n\n"
                                            "inspect the drive belt\n\nclean the intake screen")
    assert lib.page_text(res.doc_id, 2) == ("Weekly checks\n\ntest the alarm horn\n\nlog the hours"
                                            "\n\nMonthly the boiler is drained and refilled with "
                                            "treated water.")


def test_pdf_named_docx_is_ingested_as_docx(lib, tmp_path):
    fake = make_docx(tmp_path / "x.docx").rename(tmp_path / "manual.pdf")
    res = lib.ingest_file(fake)
    assert res.status == "added", res.reason
    assert lib.model(res.doc_id).mime == MIME_DOCX
    cit = top_citation(lib, "How often is the impeller seal serviced?")
    assert cit.file == "manual.pdf" and "every 1200 hours" in cit.quote and cit.address.kind == "lines"


def test_txt_cites_line_numbers(lib, tmp_path):
    lines = [f"Log entry {i}: routine inspection, nothing to report." for i in range(1, 150)]
    lines[72] = "The backup generator fuel tank holds 480 litres of diesel."
    (tmp_path / "log.txt").write_text("\r\n".join(lines) + "\r\n", encoding="utf-8")
    res = lib.ingest_file(tmp_path / "log.txt")
    assert res.status == "added" and res.pages > 1
    cit = top_citation(lib, "How many litres does the backup generator fuel tank hold?")
    assert "480 litres" in cit.quote and cit.address.kind == "lines"
    assert cit.address.start <= 73 <= cit.address.end and cit.address.end - cit.address.start < 20
    doc = lib.model(res.doc_id)
    unit = next(p for p in doc.pages if p.address.start <= 73 <= p.address.end)
    (span,) = [s for s in unit.spans if s.address.start == 73]
    assert unit.text[span.start:span.end] == lines[72]


def test_utf16_markdown_is_text(lib, tmp_path):
    md = "# Boiler B-12\n\nThe safety valve of boiler B-12 opens at 6 bar.\n"
    (tmp_path / "boiler.md").write_bytes(md.encode("utf-16"))
    res = lib.ingest_file(tmp_path / "boiler.md")
    assert res.status == "added"
    doc = lib.model(res.doc_id)
    assert doc.mime == "text/markdown" and doc.title == "Boiler B-12"
    cit = top_citation(lib, "At what pressure does the safety valve of boiler B-12 open?")
    assert cit.address.kind == "lines" and cit.address.start <= 3 <= cit.address.end
    assert lib.model(res.doc_id).page(1).spans[1] == AddressSpan(
        start=len("# Boiler B-12\n\n"), end=len(md.rstrip()),
        address=LineRange(start=3, end=3))


def test_zip_bomb_posing_as_docx_is_refused_and_earlier_documents_answer(tmp_path):
    good = make_pdf(tmp_path / "good.pdf", ["The gearbox oil change interval is 250 hours."])
    bomb = make_zip_bomb(tmp_path / "report.docx")
    data = tmp_path / "data"
    with Library(settings(tmp_path, zip_max_mb=1)) as library:
        kept = library.ingest_file(good)
        before = stored_files(data)
        res = library.ingest_file(bomb)
        assert res.status == "failed" and res.doc_id is None
        assert "report.docx" in res.reason and "unsafe archive" in res.reason
        assert "expand to 4,194," in res.reason and "limit is 1,048,576" in res.reason
        assert stored_files(data) == before  # nothing stored
        assert [r.doc_id for r in library.documents()] == [kept.doc_id]
        assert [f.file_name for f in library.catalog.failures()] == ["report.docx"]
        cit = top_citation(library, "What is the gearbox oil change interval?")
        assert cit.doc_id == kept.doc_id and "250 hours" in cit.quote
    # with the default limits, the ratio of the zeros refuses it too
    with pytest.raises(UnsafeArchive, match=r"word/document.xml' expands [\d,]+ times"):
        sniff(bomb)


def test_zip_limits_come_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("PINCITE_ZIP_MAX_ENTRIES", "3")
    monkeypatch.setenv("PINCITE_ZIP_MAX_RATIO", "50")
    s = settings(tmp_path)
    assert (s.zip_max_entries, s.zip_max_ratio, s.zip_max_mb) == (3, 50, 1024)
    deck = make_pptx(tmp_path / "deck.pptx")  # dozens of entries
    with Library(s) as library:
        res = library.ingest_file(deck)
    assert res.status == "failed" and "entries; the limit is 3" in res.reason


def test_xlsx_with_external_entity_is_refused(lib, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-TOKEN")
    base = make_xlsx_revisions(tmp_path / "base.xlsx")
    sheet = (f'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE worksheet [<!ENTITY xxe SYSTEM '
             f'"file://{secret}">]>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/'
             f'2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&xxe;</t></is></c></row>'
             f'</sheetData></worksheet>').encode()
    evil = rewrite_zip(base, tmp_path / "evil.xlsx", {"xl/worksheets/sheet1.xml": sheet})
    res = lib.ingest_file(evil)
    assert res.status == "failed"
    assert "unsafe XML" in res.reason and "xl/worksheets/sheet1.xml holds <!DOCTYPE" in res.reason
    assert lib.documents() == [] and stored_files(lib.root) == ([], [])
    # the same declaration in a UTF-16 part is found too
    utf16 = rewrite_zip(base, tmp_path / "evil16.xlsx", {
        "xl/worksheets/sheet2.xml": sheet.decode().replace("UTF-8", "UTF-16").encode("utf-16")})
    with pytest.raises(UnsafeXml):
        sniff(utf16)


def test_unsafe_zip_structures_are_refused(tmp_path):
    base = make_docx(tmp_path / "base.docx").read_bytes()
    names = zipfile.ZipFile(io.BytesIO(base)).namelist()
    other = next(n for n in names if n.startswith("word/") and n != "word/document.xml")

    encrypted = tmp_path / "enc.docx"
    encrypted.write_bytes(patch_central(base, "word/document.xml", flag=0x1))
    with pytest.raises(UnsafeArchive, match="'word/document.xml' is encrypted"):
        sniff(encrypted)

    overlapping = tmp_path / "overlap.docx"
    overlapping.write_bytes(patch_central(base, other, offset_of="word/document.xml"))
    with pytest.raises(UnsafeArchive, match="overlap"):
        sniff(overlapping)

    duplicate = tmp_path / "dup.docx"
    with zipfile.ZipFile(io.BytesIO(base)) as zin, zipfile.ZipFile(duplicate, "w") as zout:
        for n in names:
            zout.writestr(n, zin.read(n))
        with pytest.warns(UserWarning):
            zout.writestr("word/document.xml", zin.read("word/document.xml"))
    with pytest.raises(UnsafeArchive, match="occurs twice"):
        sniff(duplicate)

    with pytest.raises(UnsafeArchive, match="entries; the limit is 5"):
        sniff(tmp_path / "base.docx", zip_limits=ZipLimits(max_entries=5))


def test_broken_and_unknown_files_fail_clearly(lib, tmp_path):
    truncated = tmp_path / "cut.docx"
    truncated.write_bytes(make_docx(tmp_path / "whole.docx").read_bytes()[:3000])
    res = lib.ingest_file(truncated)
    assert res.status == "failed" and "cut.docx: damaged or truncated document" in res.reason
    with pytest.raises(DamagedDocument, match="not a readable ZIP container"):
        sniff(truncated)

    no_body = tmp_path / "nobody.docx"
    with zipfile.ZipFile(tmp_path / "whole.docx") as zin, zipfile.ZipFile(no_body, "w") as zout:
        for n in zin.namelist():
            if n != "word/document.xml":
                zout.writestr(n, zin.read(n))
    res = lib.ingest_file(no_body)
    assert res.status == "failed" and "damaged or truncated document" in res.reason, res.reason

    png = tmp_path / "photo.docx"
    png.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8)
    with pytest.raises(NotSupported, match="photo.docx: not a supported document: PDF, DOCX, PPTX, XLSX, TXT, MD"):
        sniff(png)
    plain_zip = tmp_path / "bundle.zip"
    with zipfile.ZipFile(plain_zip, "w") as z:
        z.writestr("readme.txt", "hello")
    with pytest.raises(NotSupported, match="no DOCX, PPTX or XLSX"):
        sniff(plain_zip)
    legacy = tmp_path / "old.doc"
    legacy.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 600)
    with pytest.raises(NotSupported, match="legacy binary Office file"):
        sniff(legacy)
    # text has no signature: it is text only under a text name, never as a fake PDF
    notes = tmp_path / "notes.pdf"
    notes.write_text("plain text wearing a .pdf name\n")
    with pytest.raises(NotAPdf, match="plain text"):
        sniff(notes)
    assert lib.documents() == [] and stored_files(lib.root) == ([], [])


def test_reindex_extracts_office_documents_again(tmp_path):
    deck = make_pptx(tmp_path / "review.pptx")
    with Library(settings(tmp_path)) as library:
        res = library.ingest_file(deck)
        model_path = library.models_dir / f"{res.doc_id}.json"
        old = json.loads(model_path.read_text())
        old["extractor"] = "office-0"
        old["pages"][1]["text"] = "stale text"
        model_path.write_text(json.dumps(old))
        _load_model.cache_clear()
        assert library.reindex() == 1
        doc = library.model(res.doc_id)
        assert doc.extractor == OFFICE_EXTRACTOR and doc.file_name == "review.pptx"
        assert "chiller compressor" in doc.pages[1].text
        cit = top_citation(library, "When was the chiller compressor replaced?")
        assert cit.address.model_dump() == {"kind": "slide", "slide": 2}


def test_profile_and_folder_expansion(tmp_path):
    assert current_profile(settings(tmp_path))["office"] == OFFICE_EXTRACTOR
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("a.docx", "b.pptx", "c.xlsx", "d.txt", "e.md", "f.pdf", "g.png", "h.zip"):
        (folder / name).write_bytes(b"x")
    assert [p.name for p in expand_paths([folder])] == ["a.docx", "b.pptx", "c.xlsx", "d.txt",
                                                        "e.md", "f.pdf"]


def test_merge_addresses_of_sheet_rows():
    rows: list[UnitAddress] = [SheetRange(sheet="RevB", range=f"A{r}:F{r}") for r in range(5, 10)]
    assert merge_addresses(rows) == SheetRange(sheet="RevB", range="A5:F9")
    assert merge_addresses([SheetRange(sheet="S", range="B5")]) == SheetRange(sheet="S", range="B5")
    assert merge_addresses([SheetRange(sheet="S", range="C5:D5"),
                            SheetRange(sheet="S", range="AA7")]) == SheetRange(sheet="S", range="C5:AA7")
    assert merge_addresses([LineRange(3, 4), BlockRange(1, 9), LineRange(1, 2)]) == LineRange(1, 4)


# ---------------------------------------------------------------- the command line

def run_cli(*args: str, data: Path) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-c", "from pincite.cli.main import main; main()", "--data", str(data), *args]
    env = {**os.environ, "COLUMNS": "200", "PINCITE_EMBEDDER": "none"}
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, env=env)


def test_cli_ask_json_shows_the_address(tmp_path):
    data = tmp_path / "data"
    deck = make_pptx(tmp_path / "review.pptx")
    book = make_xlsx_revisions(tmp_path / "pump-data.xlsx")
    p = run_cli("ingest", str(deck), str(book), data=data)
    assert p.returncode == 0, p.stderr + p.stdout
    p = run_cli("ask", "When was the chiller compressor replaced?", "--json", data=data)
    assert p.returncode == 0, p.stderr
    cit = json.loads(p.stdout)["claims"][0]["citations"][0]
    assert cit["file"] == "review.pptx" and cit["verified"] is True
    assert cit["address"] == {"kind": "slide", "slide": 2} and cit["page"] is None
    p = run_cli("ask", "What is the maximum inlet pressure in RevB?", "--json", data=data)
    cit = json.loads(p.stdout)["claims"][0]["citations"][0]
    assert cit["address"]["kind"] == "sheet" and cit["address"]["sheet"] == "RevB" and "9 bar" in cit["quote"]
    p = run_cli("ask", "When was the chiller compressor replaced?", data=data)
    assert p.returncode == 0 and "review.pptx, slide 2" in p.stdout, p.stdout


def test_page_command_calls_a_slide_a_slide(tmp_path):
    """`pincite page DOC_ID N` on a presentation prints slide N's text and calls it a slide,
    not a PDF page (it has none)."""
    from cli_runner import invoke

    data = str(tmp_path / "data")
    invoke("--data", data, "ingest", str(make_pptx(tmp_path / "review.pptx")))
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        (doc,) = lib.documents()
    out = invoke("--data", data, "page", doc.doc_id, "2")
    assert "chiller compressor was replaced on 14 March" in out.stdout
    assert out.stderr.startswith("review.pptx: slide 2 of 3")


def test_a_sheets_column_headers_do_not_name_its_workbook(lib, tmp_path):
    """A workbook has no cover: the words of its column headers ("Name", "Code") ask about
    its rows and must not name the file (they did, and a question using them about another
    document was refused as naming the workbook). Its title and file name still name it."""
    from pincite.chunk.pages import naming_text

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Specs"
    ws.append(["Code", "Name", "Flow, m3/h", "Power, kW"])
    ws.append(["GF-110", "Garden pump", 3.2, 0.55])
    ws.append(["GF-220", "Well pump", 5.1, 1.1])
    wb.save(tmp_path / "gf_pumps.xlsx")
    res = lib.ingest_file(tmp_path / "gf_pumps.xlsx")
    assert res.status == "added"
    named = naming_text(lib.model(res.doc_id))
    assert "gf_pumps" in named
    assert "Code" not in named and "Garden pump" not in named, named


def test_sheet_times_show_as_the_cell_shows_them(tmp_path):
    """A time of day formatted "hh:mm" is written "06:45", not "06:45:00"; its seconds show
    when it has some or its cell's format shows them (openpyxl's default time format does);
    a date-time formatted without seconds drops them too."""
    import datetime as dt

    from openpyxl import Workbook

    from pincite.extract.office_xlsx import extract_xlsx

    wb = Workbook()
    ws = wb.active
    ws.title = "Timetable"
    ws.append(["Sailing", "Departs", "Arrives", "Checked"])
    ws.append(["S101", dt.time(6, 45), dt.time(7, 40, 30), dt.datetime(2026, 6, 1, 6, 30)])
    ws.append(["S102", dt.time(9, 15), dt.time(10, 5), dt.datetime(2026, 6, 1, 9, 0, 0)])
    for cell in ("B2", "B3", "C2"):
        ws[cell].number_format = "hh:mm"
    ws["C3"].number_format = "hh:mm:ss"
    ws["D2"].number_format = "yyyy-mm-dd hh:mm"
    wb.save(tmp_path / "ferry.xlsx")
    model = extract_xlsx(tmp_path / "ferry.xlsx", doc_id="d1", sha256="0" * 64)
    text = "\n".join(p.text for p in model.pages)
    assert "Departs: 06:45; Arrives: 07:40:30; Checked: 2026-06-01 06:30\n" in text + "\n", text
    assert "Departs: 09:15; Arrives: 10:05:00; Checked: 2026-06-01 09:00:00" in text, text


def test_a_second_table_under_a_title_row_is_read_under_its_own_headers(tmp_path):
    """A price table, a blank row, a one-cell title, then a sales table with headers of its
    own: the sales rows pair with the sales headers, and the title stands alone (it used to
    read "Sessions bought: Monthly sales" and "Price per session (GBP): 640")."""
    from openpyxl import Workbook

    from pincite.extract.office_xlsx import extract_xlsx

    wb = Workbook()
    ws = wb.active
    ws.title = "PT"
    for row in (["Sessions bought", "Price per session (GBP)"], ["1", 45], ["2-4", 42], ["5-9", 39], [],
                ["Monthly sales, Jan-Mar 2026"], ["Month", "Sessions sold", "Revenue (GBP)"],
                ["January", 212, 7844], ["February", 187, 6919], ["Total", 399, 14763]):
        ws.append(row)
    gap = wb.create_sheet("Gap")
    for row in (["Item", "Price"], ["Tea", 2], [], ["Coffee", 3]):
        gap.append(row)
    wb.save(tmp_path / "pt.xlsx")
    text = "\n".join(p.text for p in extract_xlsx(tmp_path / "pt.xlsx", doc_id="d1", sha256="0" * 64).pages)
    assert "Gap!A4:B4 | Item: Coffee; Price: 3" in text, text  # rows going on after a blank row
    assert "PT!A6 | Monthly sales, Jan-Mar 2026\n" in text, text
    assert "PT!A9:C9 | Month: February; Sessions sold: 187; Revenue (GBP): 6919" in text, text
    assert "Price per session (GBP): 399" not in text and "Sessions bought: Total" not in text, text
    assert "PT!A4:B4 | Sessions bought: 5-9; Price per session (GBP): 39" in text, text


def test_two_cells_naming_no_number_under_a_title_row_head_a_new_table(tmp_path):
    """A schedule table, a blank row, a one-cell title ("规则"), then a two-column rules table
    headed "类别 | 内容": the rules are read under their own headers, not under the
    schedule's "班级" and "上课时间"; two cells under a title that write a number
    ("Напряжение питания | 3~380 В") are a record, and stay under the table above."""
    from openpyxl import Workbook

    from pincite.extract.office_xlsx import extract_xlsx

    wb = Workbook()
    ws = wb.active
    ws.title = "Rules"
    for row in (["班级", "上课时间", "教室"], ["数学小班", "周六 08:30–10:30", "201室"], [], ["规则"],
                ["类别", "内容"], ["退费规则", "第3次课之后不予退费。"], [], ["Исполнение"],
                ["Напряжение питания", "3~380 В"]):
        ws.append(row)
    wb.save(tmp_path / "rules.xlsx")
    text = "\n".join(p.text for p in extract_xlsx(tmp_path / "rules.xlsx", doc_id="d1", sha256="0" * 64).pages)
    assert "Rules!A6:B6 | 类别: 退费规则; 内容: 第3次课之后不予退费。" in text, text
    assert "班级: 退费规则" not in text, text
    assert "Rules!A9:B9 | 类别: Напряжение питания; 内容: 3~380 В" in text, text


def test_a_note_under_a_sheets_table_is_no_value_of_its_first_column(tmp_path):
    """A sentence in one cell right under a table of several columns ("注3：超时按每小时15元
    补票。", "* Prices include VAT.") is a note on the table: its row is written without the
    first column's header; a short one-cell row of the table (a label whose other cells are
    empty) keeps it."""
    from openpyxl import Workbook

    from pincite.extract.office_xlsx import extract_xlsx

    wb = Workbook()
    ws = wb.active
    ws.title = "门票"
    for row in (["票种", "平日价（元）", "周末价（元）"], ["散钓票", 60, 80], ["夜钓票", 120, 150], ["儿童票"],
                ["注3：超时按每小时15元补票，不足半小时不计。"], ["* Prices include VAT and bait."]):
        ws.append(row)
    wb.save(tmp_path / "fish.xlsx")
    text = "\n".join(p.text for p in extract_xlsx(tmp_path / "fish.xlsx", doc_id="d1", sha256="0" * 64).pages)
    assert "门票!A5 | 注3：超时按每小时15元补票，不足半小时不计。" in text, text
    assert "门票!A6 | * Prices include VAT and bait." in text, text
    assert "门票!A4 | 票种: 儿童票" in text, text
