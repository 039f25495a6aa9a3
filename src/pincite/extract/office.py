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

* DOCX: ``{"kind": "lines", "start": i, "end": j}`` where i..j are **block numbers**: the
  1-based position of a paragraph or table row among the body's non-empty paragraphs and
  table rows in document order (empty paragraphs and empty rows are not counted; **every
  table row is its own block**, with its own span, so a quote from one row of a long table
  cites that row alone; a table row's span is marked as one, ``AddressSpan.row``, so an
  answer window keeps the row to itself). The Answer contract has no "paragraph" kind, so a DOCX citation
  reads "lines 12-14" meaning blocks 12 to 14. One unit per section: a new unit starts at
  each Title, Heading 1 or Heading 2 (style name, or outline level 0-1 of the paragraph or
  its style), and after DOCX_BLOCKS_PER_UNIT blocks or UNIT_CHARS characters (a long table
  runs on over several units). Headings, paragraphs, list items ("• " before the text) and
  table rows in body order; content controls are opened; a table nested in a cell is read
  into that cell. Headers, footers, footnotes, comments and text boxes are not read.
* DOCX with pages (:func:`extract_docx_with_pages`, when LibreOffice is installed): the DOCX
  converted to PDF (:mod:`pincite.extract.convert`) and read as a PDF, one unit per physical
  page (PDFium text, printed labels, outline sections; ``address`` None, so a citation is a
  PDF page), each block found on the pages marked by a span ``{"kind": "blocks", "start":
  n, "end": n}`` numbered as above (:func:`locate_blocks`), a table row's marked as a row.
  A conversion that fails leaves the units above, with the reason in ``warnings``.
* Table rows (DOCX and PPTX): horizontally merged cells count once. When the first row
  names two or more columns it is the header ("a; b; c") and later rows read "header:
  value; ..."; otherwise a row is its non-empty cells joined by "; ". In a table of two or
  more columns, a **section row** (its first cell holds text and every other cell is empty
  or repeats it, e.g. a merged month row "Январь" over a calendar) reads as its label and
  prefixes each following row until the next section row, so a row reads on its own:
  "Январь: 7; Рождество Христово" (with a header: "Январь: Date: 7; Event: ...").
* PPTX: one unit per slide (1-based; slides without a title, hidden slides and slides
  without text are counted), ``{"kind": "slide", "slide": n}``: the title, then the text of
  each shape in z-order (groups opened; slide-number and date placeholders left out: decks
  put the slide number there too; a line that repeats one of an earlier shape of the slide,
  such as the same label over many diagram boxes, is left out), tables row by row, and
  the speaker notes as "Notes: ...". Each paragraph of a text frame is a line, except that a paragraph starting in lower
  case is joined by a space to the one before it when that one does not end a sentence
  (no final ".", "!", "?", ":", ";" or "。"), so a fact wrapped by hand over paragraphs
  ("89% of refactorings" / "were done without a tool") stays one line. List items are
  never joined: a paragraph with a level above 0 or its own bullet, and in body/object
  placeholders (bulleted by their layout) every paragraph that does not turn bullets off.
  Charts, SmartArt and pictures give no text.
* XLSX: every sheet, every row with a value (cached values of formulas: data_only). One unit
  per XLSX_ROWS_PER_UNIT rows of a sheet, ``{"kind": "sheet", "sheet": name, "range":
  "A1:F100"}``, with a span per row ``{"kind": "sheet", "sheet": name, "range": "A5:F5"}``
  (first to last non-empty column), so a chunk over rows 5..9 cites "A5:F9". A header row
  (two or more distinct values, all text, or text with years) at the top of a table (the
  first such row of the sheet, or one after a blank row) names the columns of the rows below
  it until the next table's header. A header row right under one that had fewer cells or a
  merged cell stacks on it ("SINGLE / 1997"); a merged header cell names every column it
  spans (data cells are not repeated). A data row reads "RevB!A5:F5 | header: value; header:
  value" (its own reference first, as a formula writes it, so a quote carries its cells and
  a question may name the sheet; a value without a header stands alone). A formula
  cell without a cached value (a file saved by a program that does not compute) reads
  "=FORMULA (no cached value)" and is listed in ``warnings`` ("Sheet1!C7: formula without a
  cached value"). Numbers: integers as such, other floats to 15 significant digits,
  percent-formatted cells as percentages; dates as ISO dates. Chart sheets are reported in
  warnings.

This module must not import later stages.
"""
from __future__ import annotations

import datetime as dt
import re
import unicodedata
import warnings as pywarnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple
from xml.etree import ElementTree

from pincite.errors import ConversionError, DamagedDocument, EmptyFile, IngestError
from pincite.extract import convert
from pincite.extract.address import cell_range, merge_addresses
from pincite.extract.model import (
    EXTRACTOR_VERSION,
    AddressSpan,
    BlockRange,
    DocumentModel,
    LineRange,
    PageText,
    SectionSpan,
    SheetRange,
    SlideNumber,
    Span,
    UnitAddress,
)
from pincite.extract.ocr import DEFAULT_MAX_OCR_PAGES
from pincite.extract.pdf import PdfLimits, extract_pdf
from pincite.extract.sniff import MIME, OFFICE_EXTRACTOR

#: A DOCX unit ends after this many blocks (paragraphs/tables) when no heading ends it first.
DOCX_BLOCKS_PER_UNIT = 40
#: A DOCX table of more rows than this starts a unit of its own.
DOCX_TABLE_OWN_UNIT_ROWS = 20
#: A sheet unit holds at most this many rows.
XLSX_ROWS_PER_UNIT = 100
#: A DOCX or XLSX unit ends once its text passes this many characters.
UNIT_CHARS = 8000
#: Pieces of a unit are separated by a blank line (a sentence boundary for chunking).
SEP = "\n\n"
#: A PPTX paragraph ending in one of these ends a sentence: the next one is not joined to it.
SENTENCE_END = ".!?:;。"
#: At most this many "formula without a cached value" warnings are listed one by one.
MAX_FORMULA_WARNINGS = 20
#: Merged ranges larger than this many rows or columns are not filled (a whole-column merge).
MAX_MERGE_FILL = 1000
#: A DOCX read without pages says why, first in its warnings, after this.
NO_PAGES = "no PDF pages, cited by paragraph and table: "
#: Locating DOCX blocks on the pages of their converted PDF (locate_blocks; lengths in
#: normalised chars). A block shorter than DOCX_SHORT_NEEDLE ("Yes", "Scope", "12 bar") is
#: looked for only between the blocks found around it, where it cannot match the wrong
#: place far ahead.
DOCX_SHORT_NEEDLE = 12
#: How far past the previous block found a block is looked for: running headers, footers,
#: footnotes and numbering lie between blocks on the pages (a page of footnotes is ~3,000
#: chars); past this a match is more likely a repeat of the text elsewhere.
DOCX_SEARCH_WINDOW = 20_000
#: Cells of one table row may lie this far apart on the page (other columns' wrapped text).
DOCX_CELL_GAP = 2_000
#: A paragraph whose whole text is not found (a footnote mark or a field result inside it)
#: is found by its first and last this many chars.
DOCX_ANCHOR_CHARS = 16
#: The converted PDF is used only when at least this share of the DOCX's text (normalised
#: chars of the blocks found) is on its pages; else it is not the same text and the DOCX is
#: read without pages. Measured on ../shared/corpus/office (LibreOffice 7.4): 3 DOCX files
#: locate 99-100%; python-docx-blk-paras-and-tables.docx 75% (one of its 3 blocks is a
#: paragraph around a table whose pieces python-docx reads in another order than shown).
DOCX_MIN_LOCATED = 0.5

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_S = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_HEADING = re.compile(r"^heading\s*(\d)$")


def _addresses(spans: list[Span]) -> list[UnitAddress]:
    """The addresses of the address spans of ``spans``, in order."""
    return [s.address for s in spans if isinstance(s, AddressSpan)]


class _Unit:
    """Text of one unit built from pieces, with a span per piece."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.length = 0
        self.count = 0  # pieces added
        self.spans: list[Span] = []

    def add(self, text: str, address: UnitAddress | None, row: bool = False) -> None:
        """Append a piece and its span (`row`: the piece is a table row, AddressSpan.row)."""
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
        address = address or merge_addresses(_addresses(self.spans))
        return PageText(page=n, text=self.text, address=address, spans=self.spans)


def _model(path: Path, kind: str, doc_id: str, sha256: str, file_name: str | None,
           pages: list[PageText], title: str, warnings: list[str]) -> DocumentModel:
    if not any(p.text.strip() for p in pages):
        raise EmptyFile(path, f"the {kind.upper()} holds no text")
    return DocumentModel(doc_id=doc_id, file_name=file_name or Path(path).name, sha256=sha256,
                         mime=MIME[kind], pages=pages, path=str(path),
                         title=title or Path(file_name or path).stem,
                         extractor=OFFICE_EXTRACTOR, warnings=warnings)


def _damaged(path: Path, kind: str, e: Exception) -> DamagedDocument:
    return DamagedDocument(path, f"{kind.upper()} cannot be read: {type(e).__name__}: {e}")


def _one_line(text: str) -> str:
    """Whitespace runs (line breaks, tabs, vertical tabs) -> one space."""
    return " ".join(text.split())


def _table_rows(rows: list[list[str]]) -> list[str]:
    """Rows of cell texts -> one text per row (empty rows dropped): the first row as a header
    ("a; b; c") when it names two or more columns, later rows then as "header: value; ...";
    without such a header a row is its cells joined by "; ". In a table of two or more
    columns a section row (see :func:`_section_label`) reads as its label and prefixes the
    rows after it until the next section row: "Январь: 7; Рождество Христово"."""
    rows = [r for r in rows if any(r)]
    if not rows:
        return []
    header = rows[0]
    has_header = len(rows) >= 2 and sum(1 for h in header if h) >= 2
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

def extract_docx(path: Path, *, doc_id: str, sha256: str, file_name: str | None = None) -> DocumentModel:
    """A DOCX -> DocumentModel (see the module docstring for units and addresses)."""
    path = Path(path)
    blocks, title = _read_docx(path)
    pages: list[PageText] = []
    unit = _Unit()
    count = 0
    for block in blocks:
        count += 1
        starts_section = (block.level is not None and block.level <= 2) or block.long_table
        if unit.parts and (starts_section or unit.count >= DOCX_BLOCKS_PER_UNIT
                           or unit.length > UNIT_CHARS):
            pages.append(unit.page(len(pages) + 1))
            unit = _Unit()
        unit.add(block.text, LineRange(start=count, end=count), row=block.row)
    if unit.parts:
        pages.append(unit.page(len(pages) + 1))
    return _model(path, "docx", doc_id, sha256, file_name, pages, _docx_title(blocks, title), [])


def _docx_title(blocks: list[_Block], title: str) -> str:
    """The core-properties title, else the first Title or Heading 1 ('' when none)."""
    if title:
        return title
    return next((_one_line(b.text) for b in blocks if b.level is not None and b.level <= 1), "")


def _read_docx(path: Path) -> tuple[list[_Block], str]:
    """The blocks of a DOCX (:func:`_docx_blocks`) and its title (core properties; '' when
    none). DamagedDocument when python-docx cannot read it."""
    import docx

    try:
        document = docx.Document(str(path))
        blocks = list(_docx_blocks(document))
        title = _one_line(document.core_properties.title or "")
    except IngestError:
        raise
    except Exception as e:
        raise _damaged(path, "docx", e) from None
    return blocks, title


class _Block(NamedTuple):
    """One non-empty paragraph or table row of a DOCX body (:func:`_docx_blocks`).

    level: its heading level (0 Title, n Heading n) or None; text: as the unit shows it;
    long_table: it starts a table of more than DOCX_TABLE_OWN_UNIT_ROWS rows; pieces: the
    texts it shows on a page, for finding it in a converted PDF (a paragraph's text without
    the "• " added to a list item, a table row's non-empty cells); row: it is a table row.
    """

    level: int | None
    text: str
    long_table: bool
    pieces: list[str]
    row: bool


def _docx_blocks(document):
    """The :class:`_Block` of each non-empty paragraph and table row of the body, in order."""
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    styles = _StyleFacts()

    def walk(parent_el, parent):
        for el in parent_el.iterchildren():
            if el.tag == f"{_W}p":
                p = Paragraph(el, parent)
                text = p.text.strip()
                if text:
                    level = _heading_level(p, styles)
                    prefix = "• " if level is None and _is_list_item(p, styles) else ""
                    yield _Block(level, prefix + text, False, [text], False)
            elif el.tag == f"{_W}tbl":
                cells = _docx_table(Table(el, parent))
                rows = _table_rows(cells)
                shown = [[c for c in r if c] for r in cells if any(r)]  # one per row of `rows`
                for n, row in enumerate(rows):
                    yield _Block(None, row, n == 0 and len(rows) > DOCX_TABLE_OWN_UNIT_ROWS, shown[n], True)
            elif el.tag == f"{_W}sdt":
                content = el.find(f"{_W}sdtContent")
                if content is not None:
                    yield from walk(content, parent)

    yield from walk(document.element.body, document._body)


def _docx_table(table) -> list[list[str]]:
    rows = []
    for row in table.rows:
        cells, seen = [], set()
        for cell in row.cells:
            if id(cell._tc) in seen:  # a horizontally merged cell repeats
                continue
            seen.add(id(cell._tc))
            parts = [p.text for p in cell.paragraphs]
            parts += [SEP.join(_table_rows(_docx_table(t))) for t in cell.tables]
            cells.append(_one_line(" ".join(parts)))
        rows.append(cells)
    return rows


class _StyleFacts:
    """What a DOCX's paragraph styles say, worked out once per style id: python-docx finds a
    paragraph's style by scanning every style of the document (and the default style, for a
    paragraph naming none, by scanning them all again), which made a DOCX of 40,000
    paragraphs take 250 s; with this, a few seconds."""

    def __init__(self) -> None:
        self._facts: dict[str | None, tuple] = {}

    def of(self, p) -> tuple[int | None, int | None, bool]:
        """(level by style name, level by the styles' outline level, list style) of `p`'s style."""
        sid = p._p.style
        if sid not in self._facts:
            style = p.style
            chain: list[Any] = []  # python-docx styles, the paragraph's own first
            while style is not None and len(chain) < 10:
                chain.append(style)
                style = style.base_style
            by_name = None
            for s in chain:
                name = (s.name or "").strip().lower()
                if name == "title":
                    by_name = 0
                    break
                m = _HEADING.match(name)
                if m:
                    by_name = int(m.group(1))
                    break
            by_outline = next((lvl for lvl in (_outline_level(s.element) for s in chain) if lvl is not None), None)
            listed = bool(chain and chain[0].element.xpath("./w:pPr/w:numPr"))
            self._facts[sid] = (by_name, by_outline, listed)
        return self._facts[sid]


def _outline_level(el) -> int | None:
    vals = el.xpath("./w:pPr/w:outlineLvl/@w:val")
    return int(vals[0]) + 1 if vals and vals[0].isdigit() and int(vals[0]) < 9 else None


def _heading_level(p, styles: _StyleFacts | None = None) -> int | None:
    """0 for Title, n for "Heading n" (by style name or outline level: the style chain's
    names first, then the paragraph's own outline level, then its styles'), else None."""
    by_name, by_outline, _ = (styles or _StyleFacts()).of(p)
    if by_name is not None:
        return by_name
    own = _outline_level(p._p)
    return own if own is not None else by_outline


def _is_list_item(p, styles: _StyleFacts | None = None) -> bool:
    if p._p.xpath("./w:pPr/w:numPr"):
        return True
    return (styles or _StyleFacts()).of(p)[2]



# -- DOCX with PDF pages (LibreOffice) ----------------------------------------------------

def paged_extractor() -> str:
    """DocumentModel.extractor of a DOCX read through its converted PDF: the Office and the
    PDF extractor versions ("office-2+pdfium-4"), so a change of either re-reads it from the
    stored DOCX and stored PDF at `pincite reindex` (no LibreOffice needed)."""
    return f"{OFFICE_EXTRACTOR}+{EXTRACTOR_VERSION}"


def has_pdf_pages(doc: DocumentModel) -> bool:
    """True when ``doc`` is a DOCX whose pages are the pages of its converted PDF."""
    return doc.mime == MIME["docx"] and "+" in (doc.extractor or "")


def extract_docx_with_pages(path: Path, pdf_dest: Path, *, doc_id: str, sha256: str,
                            file_name: str | None = None, limits: PdfLimits = PdfLimits(),
                            ocr: str = "auto", max_ocr_pages: int = DEFAULT_MAX_OCR_PAGES
                            ) -> tuple[DocumentModel, Path | None]:
    """A DOCX -> (DocumentModel, the converted PDF or None).

    When LibreOffice is found (:func:`pincite.extract.convert.find_soffice`) the DOCX is
    converted to a PDF written at ``pdf_dest`` and read with :func:`extract_docx_pages`, so
    its citations carry physical pages and printed labels. Otherwise, or when the conversion
    or the PDF fails, the DOCX is read by :func:`extract_docx` (block addresses, no pages)
    and ``warnings`` starts with "no PDF pages, cited by paragraph and table: <reason>"
    (nothing is said when ``PINCITE_SOFFICE=off``); ``pdf_dest`` is then removed.

    Raises what :func:`extract_docx` raises for a DOCX that cannot be read at all; a
    conversion never makes the ingest fail.
    """
    path, pdf_dest = Path(path), Path(pdf_dest)
    structural = extract_docx(path, doc_id=doc_id, sha256=sha256, file_name=file_name)
    try:
        soffice = convert.find_soffice()
        if soffice is None:
            if not convert.conversion_off():
                structural.warnings.insert(0, NO_PAGES + "LibreOffice (soffice) is not installed")
            return structural, None
        convert.convert_to_pdf(path, pdf_dest, soffice=soffice)
        doc = extract_docx_pages(path, pdf_dest, doc_id=doc_id, sha256=sha256, file_name=file_name,
                                 limits=limits, ocr=ocr, max_ocr_pages=max_ocr_pages)
    except ConversionError as e:
        reason = e.reason
    except Exception as e:  # whatever else goes wrong with the PDF must not lose the DOCX
        reason = f"the converted PDF cannot be read: {type(e).__name__}: {e}"
    else:
        return doc, pdf_dest
    pdf_dest.unlink(missing_ok=True)
    structural.warnings.insert(0, NO_PAGES + reason)
    return structural, None


def extract_docx_pages(path: Path, pdf_path: Path, *, doc_id: str, sha256: str,
                       file_name: str | None = None, limits: PdfLimits = PdfLimits(),
                       ocr: str = "auto", max_ocr_pages: int = DEFAULT_MAX_OCR_PAGES) -> DocumentModel:
    """The DOCX at ``path`` read through ``pdf_path``, its conversion to PDF.

    Pages are the PDF's, as :func:`pincite.extract.pdf.extract_pdf` reads them (PDFium text,
    so quotes are verified and highlighted exactly as in a PDF; printed labels from
    /PageLabels or footer folios; sizes in points); ``address`` is None on every page (a
    citation is a PDF page). Each DOCX block (paragraph or table row, numbered as in
    :func:`extract_docx`) found in the page text gets a span there, ``{"start", "end",
    "address": {"kind": "blocks", "start": n, "end": n}}`` (one per page it covers), so a
    chunk's index record carries the blocks it covers (:func:`locate_blocks` says how they
    are found). ``sections`` come from the PDF's outline (LibreOffice exports the headings
    as bookmarks); when it has none, from the DOCX headings (Heading 1-9, by level; Title
    left out), and only without those from what extract_pdf found. File name, title and MIME type are the
    DOCX's; ``extractor`` is :func:`paged_extractor`. ``warnings``: the PDF's page warnings, and how many blocks were
    not found, when any.

    Raises ConversionError (the DOCX is then to be read without pages) when the PDF cannot
    be read (its IngestError's reason) or holds less than DOCX_MIN_LOCATED of the DOCX's
    text; DamagedDocument / EmptyFile as :func:`extract_docx` for the DOCX itself.
    """
    path, pdf_path = Path(path), Path(pdf_path)
    blocks, title = _read_docx(path)
    if not blocks:
        raise EmptyFile(path, "the DOCX holds no text")
    try:
        pdf = extract_pdf(pdf_path, doc_id=doc_id, sha256=sha256, limits=limits, ocr=ocr,
                          max_ocr_pages=max_ocr_pages)
    except IngestError as e:
        raise ConversionError(path, f"the converted PDF cannot be read: {e.reason}"
                                      + (f" ({e.detail})" if getattr(e, "detail", "") else "")) from None
    pages = pdf.pages
    found = locate_blocks([b.pieces for b in blocks], [p.text for p in pages])
    total = sum(len(_norm_text("".join(b.pieces))) for b in blocks)
    located = sum(len(_norm_text("".join(b.pieces))) for b, f in zip(blocks, found) if f and f.exact)
    if total and located < DOCX_MIN_LOCATED * total:
        raise ConversionError(path, f"the converted PDF holds only {located / total:.0%} of "
                                      f"the document's text (at least {DOCX_MIN_LOCATED:.0%} needed)")
    for number, (block, where) in enumerate(zip(blocks, found), 1):
        for page_index, start, end in (where.spans if where else []):
            pages[page_index].spans.append(AddressSpan(start=start, end=end, row=block.row,
                                                       address=BlockRange(start=number, end=number)))
    for page in pages:
        page.address = None
        page.spans.sort(key=lambda s: (s.start, s.end))
    if not _has_outline(pdf_path):  # DOCX headings rather than headings guessed from fonts
        _heading_sections(pages, [(b.level, b.text) for b in blocks], found)
    warnings = list(pdf.warnings)
    missing = sum(1 for f in found if not (f and f.exact))
    if missing:
        warnings.append(f"{missing} of {len(blocks)} paragraphs and table rows not found on the "
                        "PDF pages (addressed by their neighbours)")
    return DocumentModel(doc_id=doc_id, file_name=file_name or path.name, sha256=sha256,
                         mime=MIME["docx"], pages=pages, path=str(path),
                         title=_docx_title(blocks, title) or Path(file_name or path).stem,
                         extractor=paged_extractor(), warnings=warnings)


@dataclass
class BlockPlace:
    """Where a DOCX block lies on the PDF pages: ``spans`` [(page_index, start, end)] in the
    page texts (0-based page index, char offsets, end exclusive; several when it runs over a
    page break); ``exact`` False when its text was not found and it was given the gap
    between the blocks found before and after it."""

    spans: list[tuple[int, int, int]]
    exact: bool = True


def locate_blocks(pieces: list[list[str]], page_texts: list[str]) -> list[BlockPlace | None]:
    """Place each DOCX block (its ``pieces``: a paragraph's text, a table row's cells) in the
    ``page_texts`` of its converted PDF, in document order.

    Both sides are compared normalised (:func:`_norm_text`: NFKC, case folded, whitespace,
    soft hyphens and PDFium's hyphen marks dropped), pages joined. Pass 1 walks the blocks
    whose text normalises to at least DOCX_SHORT_NEEDLE chars, each looked for after the
    previous one found and within DOCX_SEARCH_WINDOW chars: the whole text, then (a table
    row) the cells one after another, then its first and last DOCX_ANCHOR_CHARS chars (a
    footnote mark or a field inside a paragraph). Pass 2 looks for the other blocks only
    between the blocks found around them. A block still not found gets the gap between its
    found neighbours (``exact`` False) when that gap holds text, else None.
    """
    norm, owner = _norm_pages(page_texts)
    needles = [[_norm_text(p) for p in piece] for piece in pieces]
    places: list[tuple[int, int] | None] = [None] * len(pieces)
    cursor = 0
    for i, parts in enumerate(needles):
        if len("".join(parts)) >= DOCX_SHORT_NEEDLE:
            hit = _find_block(norm, parts, cursor, cursor + DOCX_SEARCH_WINDOW, len(norm), anchors=True)
            if hit:
                places[i], cursor = hit, hit[1]
    i = 0
    while i < len(pieces):  # pass 2: runs of blocks not found, between found neighbours
        if places[i] is not None:
            i += 1
            continue
        j = i
        while j < len(pieces) and places[j] is None:
            j += 1
        before = places[i - 1] if i > 0 else None  # found (pass 1 or the run before)
        after = places[j] if j < len(pieces) else None
        lo = before[1] if before is not None else 0
        hi = after[0] if after is not None else len(norm)
        for k in range(i, j):
            hit = _find_block(norm, needles[k], lo, hi, hi, anchors=False)
            if hit:
                places[k], lo = hit, hit[1]
        i = j
    out: list[BlockPlace | None] = []
    for i, place in enumerate(places):
        exact = place is not None
        if place is None:  # the gap between the found neighbours
            lo = next((p[1] for p in reversed(places[:i]) if p is not None), 0)
            hi = next((p[0] for p in places[i + 1:] if p is not None), len(norm))
            place = (lo, hi) if hi > lo else None
        out.append(BlockPlace(_page_spans(owner, place, page_texts), exact) if place else None)
    return out


def _find_block(norm: str, parts: list[str], lo: int, start_hi: int, end_hi: int, *,
                anchors: bool) -> tuple[int, int] | None:
    """[start, end) in ``norm`` of a block's normalised ``parts``, starting in [lo, start_hi)
    and ending by ``end_hi``: the parts joined; else each part in turn, at most DOCX_CELL_GAP
    apart (a table row whose cells come apart); else, with ``anchors``, its first and last
    DOCX_ANCHOR_CHARS chars at most its own length (plus DOCX_CELL_GAP) apart (a mark or
    a running header and footer between them)."""
    whole = "".join(parts)
    if not whole:
        return None
    at = norm.find(whole, lo, min(end_hi, start_hi + len(whole)))
    if at >= 0:
        return at, at + len(whole)
    parts = [part for part in parts if part]
    if len(parts) > 1:
        first = norm.find(parts[0], lo, min(end_hi, start_hi + len(parts[0])))
        pos = first + len(parts[0])
        for part in parts[1:] if first >= 0 else []:
            at = norm.find(part, pos, min(end_hi, pos + DOCX_CELL_GAP + len(part)))
            if at < 0:
                break
            pos = at + len(part)
        else:
            if first >= 0:
                return first, pos
    if anchors and len(whole) >= 2 * DOCX_ANCHOR_CHARS:
        head, tail = whole[:DOCX_ANCHOR_CHARS], whole[-DOCX_ANCHOR_CHARS:]
        at = norm.find(head, lo, min(end_hi, start_hi + DOCX_ANCHOR_CHARS))
        if at >= 0:
            end = norm.find(tail, at + DOCX_ANCHOR_CHARS,
                            min(end_hi, at + 2 * len(whole) + DOCX_CELL_GAP))
            if end >= 0:
                return at, end + DOCX_ANCHOR_CHARS
    return None


def _norm_text(text: str) -> str:
    """``text`` as block texts and page texts are compared: NFKC, case folded, without
    whitespace, soft hyphens (U+00AD) and PDFium's line-end hyphen marks (U+FFFE, U+0002)."""
    return "".join(_norm_char(ch) for ch in text)


def _norm_char(ch: str) -> str:
    if ch.isspace() or ch in "\u00ad\ufffe\x02\u200b":
        return ""
    return unicodedata.normalize("NFKC", ch).casefold()


def _norm_pages(page_texts: list[str]) -> tuple[str, list[tuple[int, int]]]:
    """The pages' texts normalised and joined, and for each normalised char the (page index,
    char offset) it comes from."""
    chars: list[str] = []
    owner: list[tuple[int, int]] = []
    for index, text in enumerate(page_texts):
        for offset, ch in enumerate(text):
            folded = _norm_char(ch)
            if folded:
                chars.append(folded)
                owner.extend([(index, offset)] * len(folded))
    return "".join(chars), owner


def _page_spans(owner: list[tuple[int, int]], place: tuple[int, int],
                page_texts: list[str]) -> list[tuple[int, int, int]]:
    """[start, end) of the normalised text -> (page index, start, end) per page it covers."""
    (first, start), (last, end) = owner[place[0]], owner[place[1] - 1]
    end += 1
    if first == last:
        return [(first, start, end)]
    spans = [(first, start, len(page_texts[first]))]
    spans += [(k, 0, len(page_texts[k])) for k in range(first + 1, last)]
    return spans + [(last, 0, end)]


def _has_outline(pdf_path: Path) -> bool:
    """True when the PDF has an outline (bookmarks), which extract_pdf's sections follow."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(pdf_path))
    try:
        return next(iter(pdf.get_toc()), None) is not None
    finally:
        pdf.close()


def _heading_sections(pages: list[PageText], headings: list[tuple[int | None, str]],
                      found: list[BlockPlace | None]) -> None:
    """Set ``sections`` of every page from the DOCX headings found on the pages (``headings``:
    (level or None, text) of every block): a heading of level n (1-9; the Title, level 0, is
    left out) starts the section whose path is the headings above it and itself; a section
    runs to the next heading, over page breaks. Pages are left as they are when no heading
    was found."""
    starts: list[tuple[int, int, list[str]]] = []  # (page index, offset, path)
    stack: list[tuple[int, str]] = []
    for (level, text), place in zip(headings, found):
        if level is None or level < 1 or place is None or not place.exact:
            continue
        while stack and stack[-1][0] >= level:
            stack.pop()
        stack.append((level, text))
        page_index, start, _ = place.spans[0]
        starts.append((page_index, start, [t for _, t in stack]))
    if not starts:
        return  # no heading: the sections extract_pdf found, if any, stay
    current: list[str] = []
    k = 0
    for index, page in enumerate(pages):
        bounds = [(0, current)]
        while k < len(starts) and starts[k][0] == index:
            bounds.append(starts[k][1:])
            k += 1
        page.sections = [SectionSpan(start=start, end=end, path=tuple(path))
                         for (start, path), end in zip(bounds, [b[0] for b in bounds[1:]] + [len(page.text)])
                         if end > start and path]
        current = bounds[-1][1]


# -- PPTX -------------------------------------------------------------------------------

def extract_pptx(path: Path, *, doc_id: str, sha256: str, file_name: str | None = None) -> DocumentModel:
    """A PPTX -> DocumentModel: one unit per slide (see the module docstring)."""
    import pptx

    path = Path(path)
    pages: list[PageText] = []
    warnings: list[str] = []
    try:
        prs = pptx.Presentation(str(path))
        title = _one_line(prs.core_properties.title or "")
        for n, slide in enumerate(prs.slides, 1):
            unit = _Unit()
            for piece in _slide_pieces(slide):
                unit.add(piece, None)
            if not unit.parts:
                warnings.append(f"slide {n}: no text")
            pages.append(PageText(page=n, text=unit.text, address=SlideNumber(slide=n)))
            if not title and slide.shapes.title is not None and n == 1:
                title = _one_line(slide.shapes.title.text_frame.text)
    except IngestError:
        raise
    except Exception as e:
        raise _damaged(path, "pptx", e) from None
    return _model(path, "pptx", doc_id, sha256, file_name, pages, title, warnings)


def _slide_pieces(slide) -> list[str]:
    """Title, the text of the other shapes (z-order), tables by row, then "Notes: ..."."""
    from pptx.enum.shapes import MSO_SHAPE_TYPE, PP_PLACEHOLDER

    skipped = {PP_PLACEHOLDER.SLIDE_NUMBER, PP_PLACEHOLDER.DATE}
    pieces: list[str] = []
    title = slide.shapes.title
    if title is not None:
        pieces.extend(_frame_paragraphs(title.text_frame))
    title_id = title.shape_id if title is not None else None
    shape_lines: set[str] = set()

    def walk(shapes):
        for shape in shapes:
            if title_id is not None and shape.shape_id == title_id:
                continue
            if shape.is_placeholder and shape.placeholder_format.type in skipped:
                continue
            if shape.shape_type == MSO_SHAPE_TYPE.GROUP:
                walk(shape.shapes)
            elif getattr(shape, "has_table", False) and shape.has_table:
                rows = [[_one_line(cell.text) for cell in row.cells] for row in shape.table.rows]
                pieces.extend(_table_rows(rows))
            elif getattr(shape, "has_text_frame", False) and shape.has_text_frame:
                bulleted = (shape.is_placeholder
                            and shape.placeholder_format.type in (PP_PLACEHOLDER.BODY,
                                                                  PP_PLACEHOLDER.OBJECT))
                for line in _frame_paragraphs(shape.text_frame, bulleted):
                    if line not in shape_lines:  # a label repeated over a diagram: once
                        shape_lines.add(line)
                        pieces.append(line)

    walk(slide.shapes)
    if slide.has_notes_slide:
        frame = slide.notes_slide.notes_text_frame
        notes = _frame_paragraphs(frame) if frame is not None else []
        if notes:
            pieces.append("Notes: " + "\n".join(notes))
    return pieces


def _frame_paragraphs(frame, bulleted: bool = False) -> list[str]:
    """Lines of a text frame: its non-empty paragraphs (line breaks kept as line feeds), a
    paragraph joined to the one before it by a space when that one does not end a sentence
    (see SENTENCE_END) and this one starts in lower case, so a fact wrapped by hand over two
    paragraphs ("89% of refactorings" / "were done without a tool") stays one line. A list
    item is never joined: a paragraph with a level above 0 or a bullet of its own (buChar,
    buAutoNum, buBlip), or, where `bulleted` (a body or object placeholder, whose layout
    gives bullets), any paragraph that does not turn bullets off (buNone)."""
    out: list[str] = []
    joinable_prev = False
    for p in frame.paragraphs:
        text = p.text.replace("\v", "\n").strip()
        if not text:
            joinable_prev = False
            continue
        item = _is_bullet(p, bulleted)
        if (out and joinable_prev and not item and text[0].islower()
                and out[-1][-1] not in SENTENCE_END):
            out[-1] = f"{out[-1]} {text}"
        else:
            out.append(text)
        joinable_prev = not item
    return out


def _is_bullet(p, bulleted: bool) -> bool:
    """True when paragraph `p` is a list item (see :func:`_frame_paragraphs`)."""
    if p.level > 0:
        return True
    ppr = p._p.pPr
    tags = {el.tag.rsplit("}", 1)[-1] for el in ppr} if ppr is not None else set()
    if tags & {"buChar", "buAutoNum", "buBlip"}:
        return True
    return bulleted and "buNone" not in tags


# -- XLSX -------------------------------------------------------------------------------

@dataclass
class _SheetExtras:
    """What read-only openpyxl does not give: merged ranges and formulas without values."""

    merges: list[tuple[int, int, int, int]] = field(default_factory=list)  # c1, r1, c2, r2
    uncached: dict[str, str] = field(default_factory=dict)  # "C7" -> formula text ('' if shared)


def extract_xlsx(path: Path, *, doc_id: str, sha256: str, file_name: str | None = None) -> DocumentModel:
    """An XLSX -> DocumentModel: every sheet, blocks of rows (see the module docstring)."""
    import openpyxl

    path = Path(path)
    pages: list[PageText] = []
    warnings: list[str] = []
    uncached_all: list[str] = []
    try:
        with pywarnings.catch_warnings():
            pywarnings.simplefilter("ignore")  # "Unknown extension is not supported" and friends
            wb = openpyxl.load_workbook(str(path), read_only=True, data_only=True, keep_links=False)
            try:
                title = _one_line(wb.properties.title or "")
                for chart in getattr(wb, "chartsheets", []):
                    warnings.append(f"sheet {chart.title}: a chart sheet, no cells to read")
                for ws in wb.worksheets:
                    extras = _sheet_extras(wb, ws)
                    n_before = len(pages)
                    for unit in _sheet_units(ws, extras):
                        pages.append(unit.page(len(pages) + 1, address=_sheet_address(ws.title, unit)))
                    if len(pages) == n_before:
                        warnings.append(f"sheet {ws.title}: empty")
                    uncached_all.extend(f"{ws.title}!{ref}" for ref in extras.uncached)
            finally:
                wb.close()
    except IngestError:
        raise
    except Exception as e:
        raise _damaged(path, "xlsx", e) from None
    for ref in uncached_all[:MAX_FORMULA_WARNINGS]:
        warnings.append(f"{ref}: formula without a cached value")
    if len(uncached_all) > MAX_FORMULA_WARNINGS:
        warnings.append(f"and {len(uncached_all) - MAX_FORMULA_WARNINGS} more formula cells "
                        "without a cached value")
    return _model(path, "xlsx", doc_id, sha256, file_name, pages, title, warnings)


def _sheet_address(sheet: str, unit: _Unit) -> UnitAddress:
    merged = merge_addresses(_addresses(unit.spans))
    return merged or SheetRange(sheet=sheet, range="A1")


def _sheet_extras(wb, ws) -> _SheetExtras:
    """Merged ranges and formula cells without a cached value, read from the sheet's XML
    (the part openpyxl reads; the pinned openpyxl keeps its name in `_worksheet_path`)."""
    from openpyxl.utils.cell import range_boundaries

    extras = _SheetExtras()
    part = getattr(ws, "_worksheet_path", None)
    archive = getattr(wb, "_archive", None)
    if part is None or archive is None:
        return extras
    with archive.open(part) as fh:
        for _, el in ElementTree.iterparse(fh, events=("end",)):
            if el.tag == f"{_S}c":
                f = el.find(f"{_S}f")
                v = el.find(f"{_S}v")
                if f is not None and (v is None or not (v.text or "")) and el.get("r"):
                    extras.uncached[el.get("r")] = f.text or ""
                el.clear()
            elif el.tag == f"{_S}row":
                el.clear()
            elif el.tag == f"{_S}mergeCell" and el.get("ref"):
                try:
                    extras.merges.append(tuple(range_boundaries(el.get("ref"))))
                except (ValueError, TypeError):
                    pass
    return extras


def _sheet_units(ws, extras: _SheetExtras):
    """Units of one sheet: blocks of at most XLSX_ROWS_PER_UNIT rows with values."""
    from openpyxl.utils.cell import column_index_from_string, coordinate_from_string

    uncached: dict[tuple[int, int], str] = {}  # (row, column) -> formula
    for ref, expression in extras.uncached.items():
        col, row = coordinate_from_string(ref)
        uncached[(row, column_index_from_string(col))] = expression
    merges_by_row: dict[int, list[tuple[int, int, int, int]]] = {}
    for c1, r1, c2, r2 in extras.merges:
        if r2 - r1 < MAX_MERGE_FILL and c2 - c1 < MAX_MERGE_FILL:
            for r in range(r1, r2 + 1):
                merges_by_row.setdefault(r, []).append((c1, r1, c2, r2))
    top_left: dict[tuple[int, int], str] = {}  # shown value of a merged range
    header: dict[int, str] | None = None
    header_row = last_row = -10
    header_count, header_widened = 0, False
    sheet_ref = _sheet_ref(ws.title)
    unit, rows_in_unit = _Unit(), 0
    for cells in ws.iter_rows():
        raw: dict[int, object] = {}
        shown: dict[int, str] = {}
        row_no = None
        for cell in cells:
            if getattr(cell, "row", None) is None:
                continue
            row_no = cell.row
            value = cell.value
            formula = uncached.get((cell.row, cell.column))
            if value is None and formula is not None:
                shown[cell.column] = (f"={formula} (no cached value)" if formula
                                      else "(formula without a cached value)")
                raw[cell.column] = shown[cell.column]
            elif value is not None and (text := _cell_text(value, cell.number_format)):
                raw[cell.column], shown[cell.column] = value, text
        if row_no is None:
            continue
        names = dict(shown)  # merged cells filled, for header names only
        for c1, r1, c2, r2 in merges_by_row.get(row_no, []):
            if row_no == r1 and c1 in shown:
                top_left[(r1, c1)] = shown[c1]
            for c in range(c1, c2 + 1):
                if (r1, c1) in top_left:
                    names.setdefault(c, top_left[(r1, c1)])
        if not shown:
            continue
        cols = sorted(shown)
        address = SheetRange(sheet=ws.title, range=cell_range(cols[0], row_no, cols[-1], row_no))
        starts_table = header is None or row_no > last_row + 1
        stacks = (header is not None and header_row == last_row == row_no - 1
                  and (header_widened or len(shown) > header_count))
        if (starts_table or stacks) and _is_header(raw, names):
            if stacks and header is not None:
                header = {c: _stack(header.get(c), names.get(c)) for c in set(header) | set(names)}
            else:
                header = dict(names)
            header_row, header_count, header_widened = row_no, len(shown), len(names) > len(shown)
            text = "; ".join(shown[c] for c in cols)
        else:
            text = "; ".join(_pair(header.get(c) if header else None, shown[c]) for c in cols)
        text = f"{sheet_ref}!{address.range} | {text}"
        last_row = row_no
        if rows_in_unit >= XLSX_ROWS_PER_UNIT or unit.length > UNIT_CHARS:
            yield unit
            unit, rows_in_unit = _Unit(), 0
        unit.add(text, address)
        rows_in_unit += 1
    if rows_in_unit:
        yield unit


def _sheet_ref(sheet: str) -> str:
    """The sheet's name as a formula writes it: RevB, 'Simple Monthly Budget'."""
    if re.fullmatch(r"\w+", sheet) and not sheet[0].isdigit():
        return sheet
    return "'" + sheet.replace("'", "''") + "'"


def _pair(name: str | None, value: str) -> str:
    return f"{name}: {value}" if name and name != value else value


def _stack(upper: str | None, lower: str | None) -> str:
    if upper and lower and upper != lower:
        return f"{upper} / {lower}"
    return lower or upper or ""


def _is_header(raw: dict[int, object], names: dict[int, str]) -> bool:
    """Two or more distinct values, all text; or text with years (1800-2200) and three or
    more cells ("€ | £ | 1997 | 1998 ...")."""
    if len(set(names.values())) < 2:
        return False
    values = list(raw.values())
    texts = [v for v in values if isinstance(v, str)]
    if not texts:
        return False
    years = [v for v in values if isinstance(v, int) and not isinstance(v, bool) and 1800 <= v <= 2200]
    if len(texts) + len(years) != len(values):
        return False
    return not years or len(values) >= 3


def _cell_text(value, number_format: str | None) -> str:
    """A cell value as shown text (see the module docstring for numbers and dates)."""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        fmt = number_format or ""
        if "%" in fmt:
            decimals = len(fmt.split("%")[0].split(".")[1]) if "." in fmt.split("%")[0] else 0
            return f"{value * 100:.{min(decimals, 10)}f}%"
        if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
        return f"{value:.15g}"
    if isinstance(value, dt.datetime):
        if value.time() == dt.time(0):
            return value.date().isoformat()
        return value.isoformat(sep=" ", timespec="seconds")
    if isinstance(value, (dt.date, dt.time, dt.timedelta)):
        return str(value)
    return _one_line(str(value))
