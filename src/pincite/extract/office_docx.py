"""DOCX -> DocumentModel (python-docx), by blocks, or mapped onto the pages of its PDF
conversion. The rules shared by every Office format (units, table rows) are in
`extract.office`' docstring.

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

This module must not read PPTX or XLSX files, nor import later stages.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from pincite.errors import ConversionError, EmptyFile, IngestError
from pincite.extract import convert
from pincite.extract.model import (
    EXTRACTOR_VERSION,
    AddressSpan,
    BlockRange,
    DocumentModel,
    LineRange,
    PageText,
    SectionSpan,
)
from pincite.extract.ocr import DEFAULT_MAX_OCR_PAGES
from pincite.extract.office import (
    SEP,
    UNIT_CHARS,
    OfficeUnit,
    damaged,
    office_model,
    one_line,
    table_row_cells,
    table_row_headers,
    table_rows,
)
from pincite.extract.pdf import PdfLimits, extract_pdf
from pincite.extract.sniff import MIME, OFFICE_EXTRACTOR
from pincite.extract.wrapped import SourceWords, join_wrapped_words

#: A DOCX unit ends after this many blocks (paragraphs/tables) when no heading ends it first.
DOCX_BLOCKS_PER_UNIT = 40
#: A DOCX table of more rows than this starts a unit of its own.
DOCX_TABLE_OWN_UNIT_ROWS = 20


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
_HEADING = re.compile(r"^heading\s*(\d)$")


def extract_docx(path: Path, *, doc_id: str, sha256: str, file_name: str | None = None) -> DocumentModel:
    """A DOCX -> DocumentModel (see the module docstring for units and addresses)."""
    path = Path(path)
    blocks, title = _read_docx(path)
    pages: list[PageText] = []
    unit = OfficeUnit()
    count = 0
    for block in blocks:
        count += 1
        starts_section = (block.level is not None and block.level <= 2) or block.long_table
        if unit.parts and (starts_section or unit.count >= DOCX_BLOCKS_PER_UNIT
                           or unit.length > UNIT_CHARS):
            pages.append(unit.page(len(pages) + 1))
            unit = OfficeUnit()
        unit.add(block.text, LineRange(start=count, end=count), row=block.row)
    if unit.parts:
        pages.append(unit.page(len(pages) + 1))
    return office_model(path, "docx", doc_id, sha256, file_name, pages, _docx_title(blocks, title), [])


def _docx_title(blocks: list[_Block], title: str) -> str:
    """The core-properties title, else the first Title or Heading 1 ('' when none)."""
    if title:
        return title
    return next((one_line(b.text) for b in blocks if b.level is not None and b.level <= 1), "")


def _read_docx(path: Path) -> tuple[list[_Block], str]:
    """The blocks of a DOCX (:func:`_docx_blocks`) and its title (core properties; '' when
    none). DamagedDocument when python-docx cannot read it."""
    import docx

    try:
        document = docx.Document(str(path))
        blocks = list(_docx_blocks(document))
        title = one_line(document.core_properties.title or "")
    except IngestError:
        raise
    except Exception as e:
        raise damaged(path, "docx", e) from None
    return blocks, title


class _Block(NamedTuple):
    """One non-empty paragraph or table row of a DOCX body (:func:`_docx_blocks`).

    level: its heading level (0 Title, n Heading n) or None; text: as the unit shows it;
    long_table: it starts a table of more than DOCX_TABLE_OWN_UNIT_ROWS rows; pieces: the
    texts it shows on a page, for finding it in a converted PDF (a paragraph's text without
    the "• " added to a list item, a table row's non-empty cells); row: it is a table row;
    headers: a data row's column headers (office.table_row_headers), which its text names
    ("Type: carbon block") but its converted PDF's page text does not; cells: its cells each
    with its header (office.table_row_cells), () when they do not line up.
    """

    level: int | None
    text: str
    long_table: bool
    pieces: list[str]
    row: bool
    headers: tuple[str, ...] = ()
    cells: tuple[tuple[str, str], ...] = ()


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
                rows = table_rows(cells)
                headers = table_row_headers(cells)  # one per row of `rows`
                paired = table_row_cells(cells)  # one per row of `rows`
                shown = [[c for c in r if c] for r in cells if any(r)]  # one per row of `rows`
                for n, row in enumerate(rows):
                    yield _Block(None, row, n == 0 and len(rows) > DOCX_TABLE_OWN_UNIT_ROWS, shown[n], True,
                                 headers[n], paired[n])
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
            parts += [SEP.join(table_rows(_docx_table(t))) for t in cell.tables]
            cells.append(one_line(" ".join(parts)))
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
    :func:`extract_docx`) found in the page text gets a span there (after the words the
    layout broke across a narrow cell's lines are joined where the DOCX writes them whole:
    :mod:`pincite.extract.wrapped`), ``{"start", "end",
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
    # a word the layout broke across a narrow cell's lines ("ультразвуко" / "м") is joined
    # where the DOCX writes it whole (extract.wrapped)
    source = SourceWords(piece for b in blocks for piece in b.pieces)
    for page in pages:
        join_wrapped_words(page, source)
    found = locate_blocks([b.pieces for b in blocks], [p.text for p in pages])
    total = sum(len(_norm_text("".join(b.pieces))) for b in blocks)
    located = sum(len(_norm_text("".join(b.pieces))) for b, f in zip(blocks, found) if f and f.exact)
    if total and located < DOCX_MIN_LOCATED * total:
        raise ConversionError(path, f"the converted PDF holds only {located / total:.0%} of "
                                      f"the document's text (at least {DOCX_MIN_LOCATED:.0%} needed)")
    for number, (block, where) in enumerate(zip(blocks, found), 1):
        for page_index, start, end in (where.spans if where else []):
            pages[page_index].spans.append(AddressSpan(start=start, end=end, row=block.row,
                                                       address=BlockRange(start=number, end=number),
                                                       headers=block.headers, cells=block.cells))
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
    soft hyphens, PDFium's hyphen marks and hyphens dropped), pages joined. Pass 1 walks the
    blocks whose text normalises to at least DOCX_SHORT_NEEDLE chars, each looked for after the
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
    whitespace, soft hyphens (U+00AD), PDFium's line-end hyphen marks (U+FFFE, U+0002) and
    hyphens (-, U+2010, U+2011). PDFium gives a hyphen at a line end as a mark, which a
    quote's normalisation reads as "-" or as nothing depending on what follows
    (answer.normalize.line_end_mark): a block's "КБ-5" wrapped in its cell after the hyphen
    is "КБ\ufffe5" on the page, and "maintenance" hyphenated by LibreOffice "main\ufffetenance";
    without hyphens on either side both are found."""
    return "".join(_norm_char(ch) for ch in text)


def _norm_char(ch: str) -> str:
    if ch.isspace() or ch in "\u00ad\ufffe\x02\u200b\u2010\u2011":
        return ""
    return unicodedata.normalize("NFKC", ch).casefold().replace("-", "")


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
