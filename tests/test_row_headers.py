"""Column headers beside a quote of a table row (Citation.row_headers): a DOCX table read on
the pages of its LibreOffice conversion has page text like "CB-10 carbon block 10 6", which
does not say which number is which column; the citation keeps the quote verbatim and names
the columns of the row's table, in the answer JSON, on the CLI and in the md/csv export.
Ruled PDF tables (DocumentModel.tables) give their columns the same way.

The end-to-end test needs LibreOffice (skips without it, unless
PINCITE_REQUIRE_LIBREOFFICE=1); the rest runs on any machine.
"""
from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pincite.config import Settings
from pincite.extract.model import AddressSpan, BlockRange, DocumentModel, PageText, Table, TableRow
from pincite.extract.office import table_row_headers, table_rows
from pincite.library.facade import Library

HEADERS = ["Filter", "Pore size (micron)", "Service life (weeks)"]
ROWS = [["AX-3 pleated", "3", "8"], ["KZ-40 resin bed", "40", "26"], ["MN-7 membrane", "0.1", "52"]]


def test_table_row_headers_follow_table_rows():
    cells = [HEADERS, ["Spring", "", ""], *ROWS]
    texts, headers = table_rows(cells), table_row_headers(cells)
    assert len(texts) == len(headers) == 5
    assert headers[0] == () and headers[1] == ()  # the header row and a section row
    assert all(h == tuple(HEADERS) for h in headers[2:])
    # a table without a header row (one named column) gives none
    assert table_row_headers([["a", ""], ["b", "c"]]) == [(), ()]


def _model(spans=(), tables=()) -> DocumentModel:
    text = "Intro line\nKZ-40 resin bed 40 26\nafter"
    return DocumentModel(doc_id="a" * 16, file_name="t.pdf", sha256="0" * 64, mime="application/pdf",
                         pages=[PageText(page=1, text=text, spans=list(spans))], tables=list(tables))


def test_row_headers_of_a_marked_row_and_of_a_ruled_pdf_table():
    start = len("Intro line\n")
    end = start + len("KZ-40 resin bed 40 26")
    span = AddressSpan(start=start, end=end, address=BlockRange(start=2, end=2), row=True, headers=tuple(HEADERS))
    doc = _model([span])
    assert doc.row_headers(1, start, end) == tuple(HEADERS)
    assert doc.row_headers(1, start + 6, end - 3) == tuple(HEADERS)  # a part of the row
    assert doc.row_headers(1, 0, end) == ()  # runs out of the row
    assert doc.row_headers(2, start, end) == ()  # no such page
    # stored and read back
    again = DocumentModel.from_json(doc.to_json())
    assert again.row_headers(1, start, end) == tuple(HEADERS)
    table = Table(table_id="p1-t1", page=1, page_end=1, columns=("Filter", "", "Life"),
                  rows=(TableRow(page=1, cells=("KZ-40", "40", "26"), bbox=(0, 0, 1, 1),
                                 char_start=start, char_end=end),))
    assert _model(tables=[table]).row_headers(1, start, end) == ("Filter", "Life")
    assert _model().row_headers(1, start, end) == ()



def make_filter_docx(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.add_heading("Servicing the KL-7 softener", level=1)
    d.add_paragraph("Close the inlet valve before opening the filter housing of the softener.")
    d.add_paragraph("Filter types for the KL-7:")
    t = d.add_table(rows=1, cols=3)
    for c, h in zip(t.rows[0].cells, HEADERS):
        c.text = h
    for row in ROWS:
        for c, v in zip(t.add_row().cells, row):
            c.text = v
    d.save(str(path))
    return path


@pytest.fixture(scope="module")
def filter_lib(soffice, tmp_path_factory):
    root = tmp_path_factory.mktemp("rowheaders")
    docx_path = make_filter_docx(root / "kl7_filters.docx")
    data = root / "data"
    with Library(Settings(data_dir=data, embedder="none")) as lib:
        results = lib.ingest([docx_path])
        assert [r.status for r in results] == ["added"], results
        assert lib.model(results[0].doc_id).pages[0].address is None  # read on its PDF's pages
    return data


QUESTION = "What is the service life of the KZ-40 resin bed filter?"


def test_answer_names_the_columns_of_the_quoted_row(filter_lib):
    with Library(Settings(data_dir=filter_lib, embedder="none")) as lib:
        ans = lib.ask(QUESTION)
    assert ans.status == "answered", ans
    cit = ans.claims[0].citations[0]
    assert cit.verified and "KZ-40" in cit.quote and "Service life" not in cit.quote
    assert cit.row_headers == HEADERS
    # a quote outside any table gets none
    with Library(Settings(data_dir=filter_lib, embedder="none")) as lib:
        other = lib.ask("What must be closed before opening the filter housing of the KL-7?")
    assert other.status == "answered" and all(c.row_headers is None for c in other.citations())
    # the export names them too
    with Library(Settings(data_dir=filter_lib, embedder="none")) as lib:
        rows = list(csv.DictReader(io.StringIO(lib.evidence_cards(ans, "csv"))))
        md = lib.evidence_cards(ans, "md")
    assert rows[0]["row_headers"] == " | ".join(HEADERS)
    assert "columns: Filter \\| Pore size (micron) \\| Service life (weeks)" in md


def test_cli_shows_the_columns_under_the_quote(filter_lib):
    cmd = [sys.executable, "-c", "from pincite.cli.main import main; main()", "--data", str(filter_lib),
           "ask", QUESTION]
    env = {**os.environ, "COLUMNS": "200", "PINCITE_EMBEDDER": "none"}
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    quote = next(i for i, ln in enumerate(lines) if "KZ-40" in ln and "«" in ln)
    assert lines[quote + 1].strip() == "columns: " + " | ".join(HEADERS)
