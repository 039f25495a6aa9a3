"""Ruled tables: found on ruled pages with PDFium, read with
pdfplumber, stitched across a page break; a table chunk and row chunks whose verified text is
a slice of the page and whose search text carries caption and column headers; table claims
verified as (row header, column header, value) triples."""
from __future__ import annotations

import json
from pathlib import Path

import pdfplumber.page
import pytest

from pdfgen import make_pdf, make_ruled_table_pdf
from pincite.answer.table_verify import (
    REASON_COLUMN,
    REASON_ROW,
    REASON_VALUE,
    claim_for_span,
    table_row_claim,
    verify_table_triple,
)
from pincite.answer.verify import verify_quote
from pincite.chunk.pages import chunk_document
from pincite.chunk.tables import ROW_KIND, TABLE_KIND, rows_in_span
from pincite.config import Settings
from pincite.extract import tables as tables_mod
from pincite.extract.model import DocumentModel
from pincite.extract.pdf import extract_pdf
from pincite.library.facade import Library
from pincite.text import analysis

CAPTION = "Table 3: Pressure test of pump housings"
HEADER = ["Sample", "Part", "Pressure, MPa", "Temperature, °C"]
PARTS = ["pump housing", "inlet flange", "outlet flange", "impeller cover", "bearing cap"]
ROWS = [[f"S-{i}", PARTS[i % 5], f"{1 + i * 0.05:.2f}", str(20 + i)] for i in range(1, 31)]
INTRO = ("The pump housings were tested at the works before delivery. Each sample was held "
         "at the test pressure for ten minutes and checked for leaks.")
OUTRO = "All samples passed the leak check and were released for assembly."


def _table_pdf(path: Path, *, ruled: bool = True) -> Path:
    """30 rows over two pages (20 on page 1, 10 on page 2 under a repeated header)."""
    return make_ruled_table_pdf(path, HEADER, ROWS, caption=CAPTION, rows_per_page=20,
                                intro=INTRO, outro=OUTRO, ruled=ruled, title="Pump test report")


def _model(path: Path) -> DocumentModel:
    return extract_pdf(path, doc_id="d" * 16, sha256="0" * 64, ocr="off")


@pytest.fixture
def plumber_calls(monkeypatch):
    """Count the calls of pdfplumber's table finder (the real one still runs)."""
    calls = []
    real = pdfplumber.page.Page.find_tables

    def counting(self, *args, **kwargs):
        calls.append(1)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(pdfplumber.page.Page, "find_tables", counting)
    return calls


def test_table_over_two_pages_is_stitched_with_rows_on_their_own_page(tmp_path):
    doc = _model(_table_pdf(tmp_path / "pump.pdf"))
    assert doc.warnings == []
    (table,) = doc.tables
    assert table.caption == CAPTION
    assert list(table.columns) == HEADER
    assert (table.page, table.page_end) == (1, 2)
    assert [list(r.cells) for r in table.rows] == ROWS  # the repeated header is no row
    assert [r.page for r in table.rows] == [1] * 20 + [2] * 10
    row25 = table.rows[24]
    page2 = doc.page(2).text
    assert page2[row25.char_start:row25.char_end] == "S-25 pump housing 2.25 45"
    left, bottom, right, top = row25.bbox
    assert left < right and bottom < top and 0 < bottom < doc.page(2).height


def test_row_25_answers_with_page_2_caption_verified_quote_and_triple(tmp_path):
    pdf = _table_pdf(tmp_path / "pump.pdf")
    doc = _model(pdf)
    chunks = chunk_document(doc)
    (row_chunk,) = [c for c in chunks if c.kind == ROW_KIND and "S-25" in c.text]
    assert row_chunk.page == row_chunk.page_end == 2  # the row's own physical page
    assert doc.page(2).text[row_chunk.char_start:row_chunk.char_end] == row_chunk.text
    assert CAPTION in row_chunk.search_text and CAPTION not in row_chunk.text
    assert "Pressure, MPa" in row_chunk.search_text
    assert verify_quote("S-25 pump housing 2.25 45", row_chunk.text).verified
    found = verify_quote("S-25 pump housing 2.25", doc.page(2).text)
    ((table, i),) = rows_in_span(doc, 2, found.start, found.end)
    assert i == 24

    check = verify_table_triple(table, "S-25", "Pressure, MPa", "2.25")
    assert check.verified and check.page == 2 and check.bbox == table.rows[24].bbox
    assert verify_table_triple(table, "S-25", "Pressure", "2.25 MPa").verified  # unit from the header
    wrong = verify_table_triple(table, "S-25", "Pressure, MPa", "2.30")
    assert not wrong.verified and wrong.reason.startswith(REASON_VALUE) and "2.25" in wrong.reason
    assert verify_table_triple(table, "S-25", "Pressure, MPa", "2.25 bar").verified is False
    assert verify_table_triple(table, "S-99", "Pressure, MPa", "2.25").reason.startswith(REASON_ROW)
    assert verify_table_triple(table, "S-2", "Pressure, MPa", "1.10").verified  # not S-25
    assert verify_table_triple(table, "S-25", "Flow", "2.25").reason.startswith(REASON_COLUMN)
    terms = analysis.tokens("What pressure was sample S-25 tested at?")
    claim = table_row_claim(table, 24, terms)
    assert claim is not None and claim.text == "S-25 / Pressure, MPa: 2.25" and claim.check.page == 2
    assert table_row_claim(table, 24, analysis.tokens("What about sample S-25?")) is None  # which column?
    group = [c for c in chunks if c.kind == ROW_KIND and c.page == 2]
    assert claim_for_span(doc, 2, row_chunk.char_start, row_chunk.char_end, terms).text == claim.text
    assert claim_for_span(doc, 2, group[0].char_start, group[-1].char_end, terms).text == claim.text

    lib = Library(Settings(data_dir=tmp_path / "data", embedder="none"))
    try:
        (res,) = lib.ingest([pdf])
        assert res.status == "added"
        ans = lib.ask("What pressure was sample S-25 of the pump housings tested at?")
        assert ans.status == "answered", ans
        top = ans.citations()[0]
        assert top.page == 2 and top.verified and "S-25" in top.quote and "2.25" in top.quote
        suffix = row_chunk.chunk_id.removeprefix(doc.doc_id)  # "-p2-t<n>": a table chunk of page 2
        assert suffix.startswith("-p2-t")
        row_hits = [c for c in ans.citations() if c.chunk_id == res.doc_id + suffix]
        assert row_hits and row_hits[0].page == 2 and row_hits[0].verified
        # the row's claim reads as its verified triple, the quote stays the row's own text
        row_claim = next(c for c in ans.claims if c.citations[0].chunk_id == res.doc_id + suffix)
        assert row_claim.text == "S-25 / Pressure, MPa: 2.25", ans.answer
        assert "S-25 / Pressure, MPa: 2.25" in ans.answer
    finally:
        lib.close()


def test_units_in_headers_travel_with_every_row(tmp_path):
    doc = _model(_table_pdf(tmp_path / "pump.pdf"))
    rows = [c for c in chunk_document(doc) if c.kind == ROW_KIND]
    assert rows and {c.page for c in rows} == {1, 2}
    covered = " ".join(c.text for c in rows)
    assert all(r[0] + " " in covered + " " for r in ROWS)  # every row is in a row chunk
    for c in rows:
        assert "Pressure, MPa" in c.search_text and "Temperature, °C" in c.search_text
        assert doc.page(c.page).text[c.char_start:c.char_end] == c.text
    (whole,) = [c for c in chunk_document(doc) if c.kind == TABLE_KIND]
    assert whole.page == 1 and whole.text.startswith(CAPTION)
    assert doc.page(1).text[whole.char_start:whole.char_end] == whole.text


def test_sentence_chunks_still_cover_the_pages(tmp_path):
    doc = _model(_table_pdf(tmp_path / "pump.pdf"))
    chunks = chunk_document(doc)
    for page in doc.pages:
        text = [c for c in chunks if c.kind not in (TABLE_KIND, ROW_KIND) and c.page == page.page]
        covered = set()
        for c in text:
            covered.update(range(c.char_start, c.char_end))
        assert all(i in covered for i, ch in enumerate(page.text) if not ch.isspace())


def test_pdfplumber_failure_is_a_warning_and_the_text_stays(tmp_path, monkeypatch):
    def boom(self, *args, **kwargs):
        raise RuntimeError("simulated pdfplumber crash")

    monkeypatch.setattr(pdfplumber.page.Page, "find_tables", boom)
    doc = _model(_table_pdf(tmp_path / "pump.pdf"))
    assert doc.tables == []
    assert doc.warnings == [
        "page 1: tables not read (pdfplumber RuntimeError: simulated pdfplumber crash)",
        "page 2: tables not read (pdfplumber RuntimeError: simulated pdfplumber crash)",
    ]
    chunks = chunk_document(doc)
    assert chunks and all(c.kind not in (TABLE_KIND, ROW_KIND) for c in chunks)
    assert any("S-25 pump housing 2.25 45" in c.text for c in chunks)


def test_pages_without_ruling_lines_never_call_pdfplumber(tmp_path, plumber_calls):
    doc = _model(_table_pdf(tmp_path / "plain.pdf", ruled=False))
    assert plumber_calls == []
    _model(make_pdf(tmp_path / "prose.pdf", [INTRO, OUTRO]))
    assert plumber_calls == []
    _model(_table_pdf(tmp_path / "ruled.pdf"))
    assert len(plumber_calls) == 2  # one call per ruled page
    # the same table drawn without lines is read by its columns of white space, as one
    # table continued over both pages, row for row as the ruled one is
    ruled = _model(tmp_path / "ruled.pdf").tables
    assert [(t.columns, t.caption, t.page, t.page_end) for t in doc.tables] == \
        [(t.columns, t.caption, t.page, t.page_end) for t in ruled]
    assert [r.cells for r in doc.tables[0].rows] == [r.cells for r in ruled[0].rows] == [tuple(r) for r in ROWS]
    for row in doc.tables[0].rows:
        text = doc.pages[row.page - 1].text
        assert row.char_start is not None and " ".join(row.cells) in " ".join(text[row.char_start:row.char_end].split())


def test_lines_without_a_header_of_columns_are_no_table(tmp_path):
    """Lines that write numbers in columns of white space are a table only under a header
    naming its columns, and not when they are a contents page's dotted lines, program code
    or an index's entries: each drawn here as the unruled table above is."""
    contents = make_ruled_table_pdf(tmp_path / "contents.pdf", ["Section", "Title", "Page"],
                                    [[f"{i}.1", "Pumps . . . . . . . .", str(10 * i)] for i in range(1, 6)],
                                    ruled=False)
    code = make_ruled_table_pdf(tmp_path / "code.pdf", ["Line", "Source"],
                                [[str(10 + i), f"\\def\\x{{{i}}} % {20 + i}"] for i in range(5)], ruled=False)
    index = make_ruled_table_pdf(tmp_path / "index.pdf", ["alpha, 12", "beta, 14"],
                                 [[f"gamma, {20 + i}", f"delta, {30 + i}"] for i in range(5)], ruled=False)
    plain = make_ruled_table_pdf(tmp_path / "plain.pdf", ["Section", "Part", "Page"],
                                 [[f"{i}.1", "Pumps", str(10 * i)] for i in range(1, 6)], ruled=False)
    for path in (contents, code, index):
        assert _model(path).tables == [], path.name
    assert [t.columns for t in _model(plain).tables] == [("Section", "Part", "Page")]


def test_merged_header_cells_spanning_columns(tmp_path):
    pdf = make_ruled_table_pdf(
        tmp_path / "groups.pdf", ["Valve", "min, MPa", "max, MPa"],
        [["V-1", "0.5", "1.5"], ["V-2", "0.7", "2.1"], ["V-3", "0.9", "2.6"]],
        group_header=[("", 1), ("Opening pressure", 2)], caption="Table 1: Relief valves",
        intro="Relief valves of the test bench.")
    doc = _model(pdf)
    (table,) = doc.tables
    assert table.header_rows == 2
    (rows,) = [c for c in chunk_document(doc) if c.kind == ROW_KIND]  # three short rows: one group
    assert "Table 1: Relief valves\nValve | Opening pressure | min, MPa | max, MPa\n" in rows.search_text
    assert list(table.columns) == ["Valve", "Opening pressure / min, MPa", "Opening pressure / max, MPa"]
    assert verify_table_triple(table, "V-2", "max, MPa", "2.1").verified
    assert verify_table_triple(table, "V-2", "Opening pressure / min, MPa", "0.7").verified
    assert not verify_table_triple(table, "V-2", "Opening pressure", "0.7").verified  # two columns


def test_reindex_from_json_keeps_tables(tmp_path):
    pdf = _table_pdf(tmp_path / "pump.pdf")
    doc = _model(pdf)
    again = DocumentModel.from_json(doc.to_json())
    assert again.tables == doc.tables
    assert [c for c in chunk_document(again) if c.kind in (TABLE_KIND, ROW_KIND)] == \
        [c for c in chunk_document(doc) if c.kind in (TABLE_KIND, ROW_KIND)]
    old = json.loads(doc.to_json())
    del old["tables"]  # a model written before tables were read still loads
    assert DocumentModel.from_json(json.dumps(old)).tables == []

    lib = Library(Settings(data_dir=tmp_path / "data", embedder="none"))
    try:
        (res,) = lib.ingest([pdf])
        before = lib.catalog.chunk_count()
        stored = lib.model(res.doc_id).tables
        assert stored and stored[0].rows[24].page == 2
        assert lib.reindex() == 1
        assert lib.catalog.chunk_count() == before
        assert lib.model(res.doc_id).tables == stored
    finally:
        lib.close()


def test_caption_forms():
    for caption in ("Table 3: Pump tests", "TABLE III. Risk assessment matrix", "Таблица 5.14 - Нормы",
                    "表 3.2: 各种编译方式支持的主流图片格式", "Table A-1 Limits", "Tab. 2 Results"):
        assert tables_mod.CAPTION_RE.match(caption), caption
    for text in ("Tables are useful.", "Table of contents", "The table below"):
        assert not tables_mod.CAPTION_RE.match(text), text


def test_real_ruled_tables_are_found(corpus):
    """MIL-STD-882E Table III (the risk matrix on page 18: probability rows by severity
    columns, which pdfium reads in a different order than printed) and mpman-ru.pdf, whose
    page tree pdfminer cannot even read ("Invalid octal"), so its tables
    come only through the PDFium lines."""
    doc = extract_pdf(corpus / "pdf/domain/en-mil-std-882e.pdf", doc_id="m" * 16, sha256="0" * 64, ocr="off")
    (matrix,) = [t for t in doc.tables if t.caption == "TABLE III. Risk assessment matrix"]
    assert matrix.page == 18
    assert [r.cells[0] for r in matrix.rows] == [
        "Frequent (A)", "Probable (B)", "Occasional (C)", "Remote (D)", "Improbable (E)", "Eliminated (F)"]
    check = verify_table_triple(matrix, "Occasional (C)", "Critical (2)", "Serious")
    assert check.verified and check.page == 18
    assert not verify_table_triple(matrix, "Occasional (C)", "Critical (2)", "High").verified
    assert verify_table_triple(matrix, "Improbable (E)", "Negligible (4)", "Low").verified
    assert {t.caption for t in doc.tables} >= {"TABLE I. Severity categories", "TABLE II. Probability levels"}

    mp = extract_pdf(corpus / "pdf/ru/mpman-ru.pdf", doc_id="r" * 16, sha256="0" * 64, ocr="off")
    assert not any("tables not read" in w for w in mp.warnings)
    (consts,) = [t for t in mp.tables if t.caption.startswith("Таблица 7")]
    assert consts.page == 82 and list(consts.columns) == ["Имя", "Тип", "Стр.", "Объяснение"]
    assert verify_table_triple(consts, "†dd", "Объяснение", "Один дидот в bp-единицах [1.06601]").verified
    assert not verify_table_triple(consts, "†dd", "Объяснение", "Один дидот в bp-единицах [1.06602]").verified
    (models,) = [t for t in mp.tables if t.caption.startswith("Таблица 3")]
    assert [list(r.cells) for r in models.rows] == [  # one row per text line
        ["1", "нет модели"], ["3", "оттенки серого"], ["5", "rgb (по-умолчанию)"], ["7", "cmyk"]]
    for table in mp.tables + doc.tables:
        for r in table.rows:
            if r.char_start is not None and r.char_end is not None:
                page = (mp if table in mp.tables else doc).page(r.page)
                assert 0 <= r.char_start < r.char_end <= len(page.text)


def test_web_api_opens_and_highlights_a_table_row_chunk(tmp_path):
    """The citation of a table row links to its chunk: /api/chunks and the highlight route
    accept "-t<n>" ids and draw the row on its own page."""
    from fastapi.testclient import TestClient

    from pincite.web.server import create_app

    pdf = _table_pdf(tmp_path / "pump.pdf")
    settings = Settings(data_dir=tmp_path / "data", embedder="none")
    with Library(settings) as lib:
        assert lib.ingest([pdf])[0].status == "added"
    app = create_app(settings)
    try:
        c = TestClient(app)
        ans = c.post("/api/ask",
                     json={"question": "What pressure was sample S-25 of the pump housings tested at?"}).json()
        cit = next(cc for cl in ans["claims"] for cc in cl["citations"] if "-t" in cc["chunk_id"])
        ch = c.get(f"/api/chunks/{cit['chunk_id']}").json()
        assert ch["chunk_id"] == cit["chunk_id"] and ch["kind"] == ROW_KIND and ch["page"] == 2
        h = c.get(f"/api/documents/{cit['doc_id']}/pages/2/highlight",
                  params={"chunk_id": cit["chunk_id"]}).json()
        assert h["rects"], h
        assert c.get(f"/api/chunks/{cit['doc_id']}-p2-t999").status_code == 404
    finally:
        app.state.pincite.close()


def test_cli_text_shows_the_rows_triple_above_its_quote(tmp_path):
    """The terminal answer shows a table row's claim ("S-25 / Pressure, MPa: 2.25") above
    the verbatim row it quotes, so the value asked for is read, not searched for."""
    import io

    from rich.console import Console

    from pincite.cli.render import print_answer

    pdf = _table_pdf(tmp_path / "pump.pdf")
    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        lib.ingest([pdf])
        ans = lib.ask("What pressure was sample S-25 of the pump housings tested at?")
    out = io.StringIO()
    print_answer(Console(file=out, width=200, no_color=True), ans)
    text = out.getvalue()
    assert "S-25 / Pressure, MPa: 2.25" in text, text
    claim_line = next(i for i, ln in enumerate(text.splitlines()) if "S-25 / Pressure, MPa: 2.25" in ln)
    assert "«" in text.splitlines()[claim_line + 1] and "S-25" in text.splitlines()[claim_line + 1]


def test_triple_claim_only_when_the_quote_shows_the_row_and_value():
    """A quote cut from the end of row A and the start of row B must not be presented as
    row B's triple: the claim text needs the row header and the value inside the quote."""
    from pincite.answer.claims import _shows

    cut = "(A) High High Serious Medium Probable"
    assert not _shows(cut, "Probable (B)")
    assert _shows("Probable (B) High High Serious Medium", "Probable (B)")
    assert _shows("S-25 pump housing 2.25 45", "2.25") and not _shows("S-25 pump housing 2.25 45", "2.30")

