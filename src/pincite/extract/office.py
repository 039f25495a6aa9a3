"""Office files -> DocumentModel: DOCX (python-docx), PPTX (python-pptx), XLSX (openpyxl).

Call these only with a file that :func:`pincite.extract.sniff.sniff` accepted: its ZIP
container passed the size, ratio and overlap checks and no XML part declares a DTD or an
entity. A file a library cannot read raises :class:`~pincite.errors.DamagedDocument` with
the library's reason.

Each document becomes units (``PageText``; ``page`` is the 1-based unit number, used by the
index) whose ``text`` is built here and is what quotes are verified against. Pieces of a
unit (paragraphs, table rows, slide shapes, spreadsheet rows) are separated by a blank line,
so each piece starts a new sentence for chunking and quoting. Addresses (the Answer
contract's kinds, :mod:`pincite.extract.address`):

* Table rows (DOCX and PPTX): horizontally merged cells count once. When the first row
  names two or more columns it is the header ("a; b; c") and later rows read "header:
  value; ...", unless it is one more record of a key/value table (two columns whose
  first row holds a value where the other rows do: "Weight | 58 kg" over "Noise level |
  62 dB"; pincite.extract.header_row); otherwise a row is its non-empty cells joined by
  "; " ("Weight; 58 kg") and names no columns. In a table of two or
  more columns, a **section row** (its first cell holds text and every other cell is empty
  or repeats it, e.g. a merged month row "Январь" over a calendar) reads as its label and
  prefixes each following row until the next section row, so a row reads on its own:
  "Январь: 7; Рождество Христово" (with a header: "Январь: Date: 7; Event: ...").

The formats are read by `extract.office_docx` (the DOCX by blocks, and also
mapped onto the pages of its PDF conversion), `extract.office_pptx` and `extract.office_xlsx`;
this module holds what they share: the unit and model builders, table rows, the limits.

This module must not import later stages.
"""
from __future__ import annotations

from pathlib import Path

from pincite.errors import DamagedDocument, EmptyFile
from pincite.extract.address import merge_addresses
from pincite.extract.header_row import first_row_is_header
from pincite.extract.model import (
    AddressSpan,
    DocumentModel,
    PageText,
    Span,
    UnitAddress,
)
from pincite.extract.sniff import MIME, OFFICE_EXTRACTOR

#: A DOCX or XLSX unit ends once its text passes this many characters.
UNIT_CHARS = 8000
#: Pieces of a unit are separated by a blank line (a sentence boundary for chunking).
SEP = "\n\n"
#: A PPTX paragraph ending in one of these ends a sentence: the next one is not joined to it.
SENTENCE_END = ".!?:;。"
#: Merged ranges larger than this many rows or columns are not filled (a whole-column merge).
MAX_MERGE_FILL = 1000


def unit_addresses(spans: list[Span]) -> list[UnitAddress]:
    """The addresses of the address spans of ``spans``, in order."""
    return [s.address for s in spans if isinstance(s, AddressSpan)]


class OfficeUnit:
    """Text of one unit built from pieces, with a span per piece."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.length = 0
        self.count = 0  # pieces added
        self.spans: list[Span] = []

    def add(self, text: str, address: UnitAddress | None, row: bool = False) -> None:
        """Append a piece and, when it has an `address`, its span (`row`: the piece is a table
        row, AddressSpan.row)."""
        self.count += 1
        if self.parts:
            self.parts.append(SEP)
            self.length += len(SEP)
        start = self.length
        self.parts.append(text)
        self.length += len(text)
        if address is not None:
            self.spans.append(AddressSpan(start=start, end=self.length, address=address, row=row))

    @property
    def text(self) -> str:
        return "".join(self.parts)

    def page(self, n: int, address: UnitAddress | None = None) -> PageText:
        """The unit as page `n`; its address is `address`, else the union of its spans'."""
        address = address or merge_addresses(unit_addresses(self.spans))
        return PageText(page=n, text=self.text, address=address, spans=self.spans)


def office_model(path: Path, kind: str, doc_id: str, sha256: str, file_name: str | None,
           pages: list[PageText], title: str, warnings: list[str]) -> DocumentModel:
    if not any(p.text.strip() for p in pages):
        raise EmptyFile(path, f"the {kind.upper()} holds no text")
    return DocumentModel(doc_id=doc_id, file_name=file_name or Path(path).name, sha256=sha256,
                         mime=MIME[kind], pages=pages, path=str(path),
                         title=title or Path(file_name or path).stem,
                         extractor=OFFICE_EXTRACTOR, warnings=warnings)


def damaged(path: Path, kind: str, e: Exception) -> DamagedDocument:
    return DamagedDocument(path, f"{kind.upper()} cannot be read: {type(e).__name__}: {e}")


def one_line(text: str) -> str:
    """Whitespace runs (line breaks, tabs, vertical tabs) -> one space."""
    return " ".join(text.split())


def table_rows(rows: list[list[str]]) -> list[str]:
    """Rows of cell texts -> one text per row (empty rows dropped): the first row as a header
    ("a; b; c") when it is one (:func:`_has_header`: it names two or more columns and is not
    a record of a key/value table), later rows then as "header: value; ...";
    without such a header a row is its cells joined by "; ". In a table of two or more
    columns a section row (see :func:`_section_label`) reads as its label and prefixes the
    rows after it until the next section row: "Январь: 7; Рождество Христово"."""
    rows = [r for r in rows if any(r)]
    if not rows:
        return []
    header = rows[0]
    has_header = _has_header(rows)
    wide = max(len(r) for r in rows) >= 2
    out = []
    section = None
    for n, row in enumerate(rows):
        if n == 0 and has_header:
            out.append("; ".join(h for h in header if h))
            continue
        label = _section_label(row) if wide else None
        if label is not None:
            section = label
            out.append(label)
            continue
        if has_header:
            cells = [f"{header[i]}: {v}" if i < len(header) and header[i] and header[i] != v else v
                     for i, v in enumerate(row) if v]
        else:
            cells = [c for c in row if c]
        text = "; ".join(cells)
        out.append(f"{section}: {text}" if section and section != text else text)
    return out


def table_row_headers(rows: list[list[str]]) -> list[tuple[str, ...]]:
    """For each row that :func:`table_rows` gives (empty rows dropped), in the same order,
    the column headers of its values: the header row's non-empty cells for a data row of a
    table with a header (as :func:`table_rows` decides), () for the header row itself, for
    a section row and for every row of a table without a header."""
    rows = [r for r in rows if any(r)]
    if not rows:
        return []
    header = rows[0]
    if not _has_header(rows):
        return [()] * len(rows)
    names = tuple(h for h in header if h)
    wide = max(len(r) for r in rows) >= 2
    return [()] + [() if wide and _section_label(row) is not None else names for row in rows[1:]]


def table_row_cells(rows: list[list[str]]) -> list[tuple[tuple[str, str], ...]]:
    """For each row that :func:`table_rows` gives (empty rows dropped), in the same order,
    its cells each with its column's header ((header, value) pairs in column order, "" for
    an empty header cell): for a data row of a table with a header (as
    :func:`table_row_headers` gives headers for) that has as many cells as the header row;
    () for the header row, a section row, a row whose merged cells leave it shorter or
    longer than the header row, and every row of a table without a header."""
    rows = [r for r in rows if any(r)]
    headers = table_row_headers(rows)
    return [tuple(zip(rows[0], row)) if names and len(row) == len(rows[0]) else ()
            for row, names in zip(rows, headers)]


def _has_header(rows: list[list[str]]) -> bool:
    """Whether the first of `rows` (empty rows dropped) is the table's header: it names two
    or more columns and is not one more record of a key/value table
    (:func:`pincite.extract.header_row.first_row_is_header`; section rows are not data)."""
    if len(rows) < 2:
        return False
    wide = max(len(r) for r in rows) >= 2
    data = [r for r in rows[1:] if not (wide and _section_label(r) is not None)]
    return first_row_is_header(rows[0], data)


def _section_label(row: list[str]) -> str | None:
    """The label of a section row (a month name over the rows of that month): a row whose
    first cell holds text and whose other cells are empty or repeat it (a merged row); else
    None."""
    if not row or not row[0]:
        return None
    if all(not c or c == row[0] for c in row[1:]):
        return row[0]
    return None


# -- DOCX -------------------------------------------------------------------------------


# -- DOCX with PDF pages (LibreOffice) ----------------------------------------------------


# -- PPTX -------------------------------------------------------------------------------


# -- XLSX -------------------------------------------------------------------------------


