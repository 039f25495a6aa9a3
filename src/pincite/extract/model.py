"""DocumentModel: what extraction produces, saved as JSON beside the original.

This is the primary material of the library; chunks and the index are derived from it,
so `pincite reindex` can rebuild them without parsing the original again. This module
only defines the shapes and their (de)serialisation; it must not import later stages.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, ClassVar, Literal, Mapping

#: Bump when the DocumentModel shape or the extraction rules change (part of the index profile).
#: pdfium-2: printed folios from headers/footers when a PDF has no /PageLabels (label_source "folio").
#: pdfium-3: weak pages OCRed with tesseract (ocr=True, word boxes in spans); garbled cp1251
#: text layers re-decoded (pincite.extract.quality.repair_cp1251).
#: pdfium-4: section spans per page from the PDF outline (PageText.sections).
#: pdfium-5: ruled tables (DocumentModel.tables, pincite.extract.tables); two-column pages in
#: reading order (PageText.char_map, pincite.extract.layout); section spans from detected
#: headings when there is no outline (pincite.extract.headings).
#: pdfium-6: glyphs inside a marked-content /Span with an empty /ActualText are left out of
#: the text, as poppler does (code-listing line numbers; PageText.char_map maps around them).
#: pdfium-7: an outline section whose destination's top holds no line with its title starts
#: at the line that begins with its title, when the page has one (extract.pdf._heading_line).
#: pdfium-8: a /Title the first page does not bear is replaced by the cover's heading or the
#: file stem (extract.title.choose_title).
#: pdfium-9: text a reader cannot see is left out of the page text and listed in
#: PageText.hidden (extract.hidden).
#: pdfium-10: glyphs of a composite font with no Unicode value (PDFium gives their glyph
#: numbers, e.g. U+20C6) are left out of the text (extract.marked.unmapped_offsets); a margin
#: note beside a row that PDFium runs on into the next row moves after its paragraph
#: (extract.margins: _Item.head, a tall line's note judged by its own height).
#: pdfium-11: a ruled table whose first row is a record of a key/value table has no header
#: row (Table.columns all '', extract.header_row).
#: pdfium-12: a numbered sentence between detected headings ("1. 按下电源键开机。") is text
#: between them, so three headings over numbered steps are not taken for a contents list
#: (extract.headings.find_headings).
#: pdfium-13: text is hidden by colour only when the colour seen is within a just noticeable
#: CIE76 delta E*ab (2.3) of its background (extract.hidden.JUST_NOTICEABLE_DE): a pale but
#: visible watermark stays in the page text.
#: pdfium-14: a text object crossing the visible page's edge loses the chars wholly beyond it
#: (extract.hidden.hidden_offsets, HIDDEN_PAST_EDGE): quotable only as far as the page shows.
#: pdfium-15: a garbled T2A Cyrillic layer keeps Ё ё № § and ligatures (quality._TEX_T2A).
#: pdfium-16: unruled tables (extract.tables.text_table_cells); a sheet's note rows (office_xlsx._is_note).
EXTRACTOR_VERSION = "pdfium-16"


#: Where a printed page label came from (PageText.label_source): the PDF's /PageLabels, or a
#: folio read from the page's header or footer (pincite.extract.folio).
LabelSource = Literal["pagelabels", "folio"]


#: A box on a page: (left, bottom, right, top) in PDF points, origin at the page's
#: bottom-left corner (PDFium's char boxes), y growing upwards.
BBox = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class TableRow:
    """One data row of a :class:`Table`.

    page: the 1-based physical page the row stands on (a continued table's rows keep their own).
    cells: the text per column, as many as the table's ``columns``. A cell spanning several
        columns gives its text to each (one spanning the whole row, a note, only to the
        first); a cell spanning rows down gives its text to each row.
    bbox: the row's own band, (left, bottom, right, top) in PDF points, origin bottom-left.
    char_start, char_end: the span of its page's text covering the row's characters (end
        exclusive), None when that span holds text from outside the row.
    Stored as {"page", "cells": [...], "bbox": [...], "char_start", "char_end"}.
    """

    page: int
    cells: tuple[str, ...]
    bbox: BBox
    char_start: int | None = None
    char_end: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"page": self.page, "cells": list(self.cells), "bbox": list(self.bbox),
                "char_start": self.char_start, "char_end": self.char_end}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> "TableRow":
        """A row as stored; a missing key reads as an empty value (page 0, no cells, no span),
        which the chunker and the table check skip rather than raise on."""
        return cls(page=raw.get("page", 0), cells=tuple(raw.get("cells") or ()),
                   bbox=_bbox(raw.get("bbox")), char_start=raw.get("char_start"),
                   char_end=raw.get("char_end"))


@dataclass(frozen=True, slots=True)
class Table:
    """A ruled table of a PDF (pincite.extract.tables), possibly continued over pages.

    table_id: "p12-t1" (page where it starts, 1-based order on that page).
    page, page_end: 1-based physical pages where it starts and ends.
    caption: the caption ("Table 3: Pump test results"), '' when none is found.
    caption_start, caption_end: the caption's span in the start page's text (end exclusive),
        None when none.
    columns: header text per column, the header rows joined top-down with " / ", units
        included as written ("Pressure, MPa").
    header_rows: number of rows above the data (a title row, then 1-3 header rows).
    bbox: (left, bottom, right, top) on the start page, PDF points, origin bottom-left.
    char_start, char_end: span of the start page's text holding the table (caption
        included when it touches it), None when the table's text is not one clean run.
    rows: the data rows in order (:class:`TableRow`).
    Stored as a dict of these keys, ``rows`` a list of :meth:`TableRow.to_dict` dicts.
    """

    table_id: str
    page: int
    page_end: int
    caption: str = ""
    caption_start: int | None = None
    caption_end: int | None = None
    columns: tuple[str, ...] = ()
    header_rows: int = 0
    bbox: BBox = (0.0, 0.0, 0.0, 0.0)
    char_start: int | None = None
    char_end: int | None = None
    rows: tuple[TableRow, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"table_id": self.table_id, "page": self.page, "page_end": self.page_end,
                "caption": self.caption, "caption_start": self.caption_start,
                "caption_end": self.caption_end, "columns": list(self.columns),
                "header_rows": self.header_rows, "bbox": list(self.bbox),
                "char_start": self.char_start, "char_end": self.char_end,
                "rows": [r.to_dict() for r in self.rows]}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> "Table":
        """A table as stored (``to_dict``'s shape); a missing key reads as an empty value."""
        return cls(table_id=raw.get("table_id", ""), page=raw.get("page", 0),
                   page_end=raw.get("page_end", raw.get("page", 0)),
                   caption=raw.get("caption") or "", caption_start=raw.get("caption_start"),
                   caption_end=raw.get("caption_end"), columns=tuple(raw.get("columns") or ()),
                   header_rows=raw.get("header_rows", 0), bbox=_bbox(raw.get("bbox")),
                   char_start=raw.get("char_start"), char_end=raw.get("char_end"),
                   rows=tuple(TableRow.from_dict(r) for r in raw.get("rows") or ()))


def _bbox(raw: Any) -> BBox:
    """A stored [left, bottom, right, top] as a BBox ((0, 0, 0, 0) when missing)."""
    if not raw:
        return (0.0, 0.0, 0.0, 0.0)
    left, bottom, right, top = raw
    return (left, bottom, right, top)


@dataclass(frozen=True, slots=True)
class SheetRange:
    """A spreadsheet unit or row: sheet name and A1 cell range ("B5", "A5:F5"; 1-based
    columns and rows). Stored as {"kind": "sheet", "sheet", "range"}."""

    kind: ClassVar[Literal["sheet"]] = "sheet"
    sheet: str
    range: str

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "sheet": self.sheet, "range": self.range}


@dataclass(frozen=True, slots=True)
class SlideNumber:
    """A presentation slide: its 1-based number (untitled slides counted). Stored as
    {"kind": "slide", "slide"}."""

    kind: ClassVar[Literal["slide"]] = "slide"
    slide: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "slide": self.slide}


@dataclass(frozen=True, slots=True)
class LineRange:
    """Lines of a text file, or blocks (paragraphs, table rows) of a DOCX read without its
    pages: 1-based, ``end`` inclusive. Stored as {"kind": "lines", "start", "end"}."""

    kind: ClassVar[Literal["lines"]] = "lines"
    start: int
    end: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "start": self.start, "end": self.end}


@dataclass(frozen=True, slots=True)
class BlockRange:
    """Blocks (paragraphs, table rows) of a DOCX, numbered as its LineRange counts them,
    marked on the pages of its converted PDF (PageText.spans; a chunk's citation stays a PDF
    page): 1-based, ``end`` inclusive. Stored as {"kind": "blocks", "start", "end"}."""

    kind: ClassVar[Literal["blocks"]] = "blocks"
    start: int
    end: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "start": self.start, "end": self.end}


#: The address of a non-PDF unit or of a stretch inside one (pincite.extract.address); a PDF
#: page has none (it is addressed by its physical page and printed label).
UnitAddress = SheetRange | SlideNumber | LineRange | BlockRange


def address_from_dict(raw: Mapping[str, Any] | None) -> UnitAddress | None:
    """A stored address (its ``to_dict`` shape) typed; None for None or {}. ValueError for
    an unknown kind."""
    if not raw:
        return None
    kind = raw.get("kind")
    if kind == "sheet":
        return SheetRange(sheet=raw["sheet"], range=raw["range"])
    if kind == "slide":
        return SlideNumber(slide=raw["slide"])
    if kind == "lines":
        return LineRange(start=raw["start"], end=raw["end"])
    if kind == "blocks":
        return BlockRange(start=raw["start"], end=raw["end"])
    raise ValueError(f"unknown address kind {kind!r}")


@dataclass(frozen=True, slots=True)
class SectionSpan:
    """The section a stretch of a page's text belongs to (PageText.sections).

    start, end: char offsets into the page's ``text`` (end exclusive).
    path: the section's titles from the top level down ("5 Tests", "5.3 Pressure check"),
        never empty.
    source: None for a path from the PDF's outline (or a DOCX's heading styles); "headings"
        for one from headings detected by font size, weight and numbering
        (pincite.extract.headings).
    Stored as {"start", "end", "path": [...]}, plus "source" only when it is set.
    """

    start: int
    end: int
    path: tuple[str, ...]
    source: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"start": self.start, "end": self.end, "path": list(self.path)}
        if self.source is not None:
            out["source"] = self.source
        return out

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> "SectionSpan":
        return cls(start=raw["start"], end=raw["end"], path=tuple(raw["path"]), source=raw.get("source"))


@dataclass(frozen=True, slots=True)
class AddressSpan:
    """A finer address inside a unit's text (PageText.spans of a non-PDF unit): e.g. one per
    spreadsheet row or text line, so a chunk's address narrows to what it covers.

    start, end: char offsets into the page's ``text`` (end exclusive).
    address: the address of that stretch (SheetRange "RevB"!A5:F5, LineRange 10-10,
        BlockRange 5-5; pincite.extract.address).
    row: the stretch is one row of a table (a DOCX or PPTX table's row, its header and
        section rows included): one record, which an answer window does not join to the text around it
        (:meth:`DocumentModel.row_spans`). False for other stretches and for spans stored
        before rows were marked.
    headers: for a data row whose text does not name its columns (a DOCX table row on the
        pages of its converted PDF reads "CB-10 carbon block 10 6"), the non-empty header
        cells of its table in column order ("Cartridge", "Filtration (micron)", ...);
        () for other stretches, header and section rows, and rows stored before headers
        were kept (:meth:`DocumentModel.row_headers`).
    cells: for such a data row, each of its cells with its column's header, in column order
        ((header, value) pairs, the header "" where the header cell is empty): which value
        stands under which header, which the page text ("Объём загрузки, м³ 12 18") does
        not tell (:meth:`DocumentModel.row_cells`); () when the row's cells do not line up
        with its header row's (a merged cell), for other stretches, and for rows stored
        before cells were kept.
    Stored as {"start", "end", "address": {...}}, plus "row": true, "headers": [...] and
    "cells": [[header, value], ...] only when they are set.
    """

    start: int
    end: int
    address: UnitAddress
    row: bool = False
    headers: tuple[str, ...] = ()
    cells: tuple[tuple[str, str], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"start": self.start, "end": self.end, "address": self.address.to_dict()}
        if self.row:
            out["row"] = True
        if self.headers:
            out["headers"] = list(self.headers)
        if self.cells:
            out["cells"] = [list(c) for c in self.cells]
        return out


@dataclass(frozen=True, slots=True)
class WordBox:
    """One OCR word (PageText.spans of an OCR page, pincite.extract.ocr).

    start, end: char offsets of the word in the page's ``text`` (end exclusive).
    bbox: (left, bottom, right, top) in PDF points, origin bottom-left like PDFium's char boxes.
    Stored as {"start", "end", "bbox": [...]}.
    """

    start: int
    end: int
    bbox: BBox

    def to_dict(self) -> dict[str, Any]:
        return {"start": self.start, "end": self.end, "bbox": list(self.bbox)}


#: A span of PageText.spans: an address (non-PDF units) or an OCR word box (OCR pages).
Span = AddressSpan | WordBox


def span_from_dict(raw: Mapping[str, Any]) -> Span | None:
    """A stored span: a WordBox when it has a "bbox", else an AddressSpan; None for a span
    with neither (which addresses nothing)."""
    if raw.get("bbox") is not None:
        return WordBox(start=raw["start"], end=raw["end"], bbox=_bbox(raw["bbox"]))
    address = address_from_dict(raw.get("address"))
    return None if address is None else AddressSpan(start=raw["start"], end=raw["end"], address=address,
                                                    row=bool(raw.get("row")),
                                                    headers=tuple(raw.get("headers") or ()),
                                                    cells=tuple((str(h), str(v)) for h, v in raw.get("cells") or ()))


#: Why text is hidden (HiddenText.reason), as stored and shown in English; the answer layer
#: shows them in the answer's language (pincite.answer.messages).
HIDDEN_INVISIBLE_MODE = "drawn in the invisible text mode"
HIDDEN_TINY = "under {pt:g} pt"
HIDDEN_OUTSIDE = "outside the visible page area"
HIDDEN_PAST_EDGE = "runs past the edge of the visible page area"
HIDDEN_SAME_COLOUR = "same colour as the background"
HIDDEN_TRANSPARENT = "fully transparent"


@dataclass(frozen=True, slots=True)
class HiddenText:
    """Text of a page's text layer a reader cannot see (PageText.hidden, pincite.extract.hidden).

    text: the text, whitespace collapsed; reason: why it is hidden (one of the HIDDEN_*
    reasons above, e.g. "same colour as the background").
    Stored as {"text", "reason"}.
    """

    text: str
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "reason": self.reason}


@dataclass
class PageText:
    """One physical page.

    page: 1-based physical page number.
    page_label: printed page label ("iii", "47", "5-12"); '' when none is known (never invented).
    label_source: where page_label came from: "pagelabels" (the PDF's /PageLabels), "folio"
        (a folio printed in the page's header or footer and confirmed by neighbouring pages,
        see :mod:`pincite.extract.folio`; used only when the PDF defines no /PageLabels), or
        None when page_label is ''.
    text: the page text exactly as PDFium gives it (``get_text_range``); an index into this
        string is a PDFium char index, so rectangles can be computed later from the original.
        Three exceptions: a garbled text layer (Cyrillic decoded as Latin-1) re-decoded as cp1251,
        one character for one, so the indexes still hold; OCR text (``ocr``); and a two-column
        page put in reading order (``char_map``).
    width, height: page size in PDF points.
    ocr: the text came from OCR (tesseract), not from the file's text layer; PDFium's char
        indexes do not apply, the word boxes in ``spans`` do.
    address: for a unit of a non-PDF document, its own address (:data:`UnitAddress`:
        SlideNumber 2, SheetRange "RevB"!A1:F40, LineRange 1-80); None for a PDF page
        (addressed by `page` and `page_label`).
    spans: finer addresses inside `text` (:class:`AddressSpan`: char offsets, end exclusive,
        and an address), e.g. one per spreadsheet row, so a chunk's address can be narrowed
        to what it covers (pincite.extract.address.address_for_span). On an OCR page, one
        :class:`WordBox` per word (PDF points, origin bottom-left; pincite.extract.ocr), for
        highlighting.
    sections: the section path of each part of ``text`` (:class:`SectionSpan`), from the PDF
        outline or, without one, from detected headings (pincite.extract.headings; their
        spans' ``source`` is "headings").
    char_map: empty when ``text`` is PDFium's own text (the usual case). On a two-column page
        whose columns PDFium interleaves, ``text`` is put in reading order
        (pincite.extract.layout.reading_order), and on a page with glyphs marked as no text
        (a /Span with an empty /ActualText, ISO 32000-1 §14.9.4) those are left out
        (pincite.extract.marked.no_text_offsets), and margin notes PDFium puts inside a
        paragraph are moved after it (pincite.extract.margins.margin_notes); this maps such a
        text back: [text_start,
        pdfium_start, length] runs, where text[text_start:text_start + length] ==
        PDFium's text[pdfium_start:pdfium_start + length] (PDFium's text: ``get_text_range()``,
        whose offsets become char indexes as described above). Chars of no run (the line
        breaks put between reordered pieces) have no PDFium char.
        pincite.extract.layout.to_source applies it.
    hidden: text of the page's text layer a reader cannot see (white on white, under 2 pt,
        the invisible text mode without an image beneath, outside the visible page area, or
        the chars of a line beyond its edge; rules in pincite.extract.hidden), left out of
        ``text`` (so never quotable; ``char_map`` maps around it): :class:`HiddenText` in
        page order; [] on nearly every page.
    Stored by :meth:`to_dict` as a dict of these fields, the nested shapes as their
    ``to_dict`` dicts.
    """

    page: int
    text: str
    page_label: str = ""
    label_source: LabelSource | None = None
    width: float = 0.0
    height: float = 0.0
    ocr: bool = False
    address: UnitAddress | None = None
    spans: list[Span] = field(default_factory=list)
    sections: list[SectionSpan] = field(default_factory=list)
    char_map: list[list[int]] = field(default_factory=list)
    hidden: list[HiddenText] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"page": self.page, "text": self.text, "page_label": self.page_label,
                "label_source": self.label_source, "width": self.width, "height": self.height,
                "ocr": self.ocr, "address": self.address.to_dict() if self.address is not None else None,
                "spans": [s.to_dict() for s in self.spans],
                "sections": [s.to_dict() for s in self.sections],
                "char_map": self.char_map, "hidden": [h.to_dict() for h in self.hidden]}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> "PageText":
        """A page as stored (:meth:`to_dict`, or an earlier version without some fields)."""
        known = {k: v for k, v in raw.items() if k not in ("address", "spans", "sections", "hidden")}
        spans = [span_from_dict(s) for s in raw.get("spans") or ()]
        return cls(**known, address=address_from_dict(raw.get("address")),
                   spans=[s for s in spans if s is not None],
                   sections=[SectionSpan.from_dict(s) for s in raw.get("sections") or ()],
                   hidden=[HiddenText(text=h["text"], reason=h["reason"]) for h in raw.get("hidden") or ()])


@dataclass
class DocumentModel:
    """An extracted document.

    doc_id: library id (first 16 hex digits of the original's SHA-256).
    file_name: the file name as ingested; path: the path it was ingested from.
    pages: one PageText per physical page, in order (pages[i].page == i + 1).
    warnings: human-readable notes such as "page 3: no text".
    tables: the ruled tables of a PDF, in document order (:class:`Table`, read by
        pincite.extract.tables; [] for other documents and for JSON written before tables were
        read). `pincite reindex` builds table chunks from this field without parsing the PDF
        again (pincite.chunk.tables).
    """

    doc_id: str
    file_name: str
    sha256: str
    mime: str
    pages: list[PageText]
    path: str = ""
    title: str = ""
    language: str = ""
    extractor: str = EXTRACTOR_VERSION
    warnings: list[str] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)

    @property
    def page_count(self) -> int:
        return len(self.pages)

    def page(self, page: int) -> PageText:
        """Return the PageText of 1-based physical ``page``; IndexError when out of range."""
        if page < 1 or page > len(self.pages):
            raise IndexError(f"{self.file_name}: page {page} out of range 1..{len(self.pages)}")
        return self.pages[page - 1]

    def row_spans(self, page: int) -> list[tuple[int, int]]:
        """The stretches of 1-based physical ``page``'s text that are each one table row, as
        (start, end) char offsets (end exclusive), sorted: the spans marked as a row
        (``AddressSpan.row``: a DOCX table's rows, read by blocks or on the pages of its
        converted PDF, and a PPTX table's rows). [] for a page without them, a page out of range, and a model stored
        before they were marked. The rows of :attr:`tables` (ruled PDF tables) are not
        given: as answer-window bounds they made near misses likelier to be answered
        (docs/decisions/0010-answer-windows.md)."""
        if page < 1 or page > len(self.pages):
            return []
        return sorted({(s.start, s.end) for s in self.pages[page - 1].spans
                       if isinstance(s, AddressSpan) and s.row and s.start < s.end})

    def record_spans(self, page: int) -> list[tuple[int, int]]:
        """The stretches of 1-based physical ``page``'s text that are each one whole table
        row, as sorted (start, end) char offsets (end exclusive): the marked rows
        (:meth:`row_spans`) and the rows of the ruled tables (:attr:`tables`) that stand on
        that page with a clean span. What a quote may be verified as one whole record
        (pincite.answer.verify.verify_quote); [] for a page out of range."""
        if page < 1 or page > len(self.pages):
            return []
        ruled = {(r.char_start, r.char_end) for t in self.tables for r in t.rows
                 if r.page == page and isinstance(r.char_start, int) and isinstance(r.char_end, int)
                 and 0 <= r.char_start < r.char_end <= len(self.pages[page - 1].text)}
        return sorted(set(self.row_spans(page)) | ruled)

    def row_headers(self, page: int, start: int, end: int) -> tuple[str, ...]:
        """The column headers of the table row that holds the whole stretch [start, end) of
        1-based physical ``page``'s text: a row span's ``AddressSpan.headers`` (a DOCX table
        read on its converted PDF's pages), else the ``columns`` of a ruled PDF table
        (:attr:`tables`) one of whose rows on that page spans it; the non-empty headers in
        column order. () when the stretch lies in no such row (or spans more than one), the
        table has no header, or the page is out of range."""
        if page < 1 or page > len(self.pages) or start >= end:
            return ()
        for s in self.pages[page - 1].spans:
            if isinstance(s, AddressSpan) and s.row and s.headers and s.start <= start and end <= s.end:
                return s.headers
        for table in self.tables:
            columns = tuple(c for c in table.columns if c.strip())
            if not columns:
                continue
            for r in table.rows:
                if (r.page == page and r.char_start is not None and r.char_end is not None
                        and r.char_start <= start and end <= r.char_end):
                    return columns
        return ()

    def row_cells(self, page: int, start: int, end: int) -> tuple[tuple[str, str], ...]:
        """The (column header, value) pairs, in column order, of the table row that holds the
        whole stretch [start, end) of 1-based physical ``page``'s text: a row span's
        ``AddressSpan.cells`` (a DOCX table read on its converted PDF's pages), else the
        cells of a ruled PDF table's row (:attr:`tables`) under its ``columns``. () when the
        stretch lies in no such row (or spans more than one), the row's cells were not kept,
        or the page is out of range."""
        if page < 1 or page > len(self.pages) or start >= end:
            return ()
        for s in self.pages[page - 1].spans:
            if isinstance(s, AddressSpan) and s.row and s.start <= start and end <= s.end:
                return s.cells
        for table in self.tables:
            for r in table.rows:
                if (r.page == page and r.char_start is not None and r.char_end is not None
                        and r.char_start <= start and end <= r.char_end and len(r.cells) == len(table.columns)):
                    return tuple(zip(table.columns, r.cells))
        return ()

    def rows_within(self, page: int, start: int, end: int
                    ) -> list[tuple[int, int, tuple[tuple[str, str], ...]]]:
        """Every table row of 1-based physical ``page`` lying whole in [start, end) of its text,
        as (row start, row end, its (column header, value) pairs), sorted: marked rows with
        cells (``AddressSpan.cells``) and ruled PDF table rows with a clean span and a cell per
        column; a stretch inside one row gives that row (:meth:`row_cells`) with the stretch's
        bounds. [] when there is none, or the page is out of range."""
        if page < 1 or page > len(self.pages) or start >= end:
            return []
        inside = self.row_cells(page, start, end)
        if inside:
            return [(start, end, inside)]
        found = {(s.start, s.end): s.cells for s in self.pages[page - 1].spans
                 if isinstance(s, AddressSpan) and s.row and s.cells and start <= s.start and s.end <= end}
        for t in self.tables:
            for a, b, r in ((r.char_start, r.char_end, r) for r in t.rows if len(r.cells) == len(t.columns)):
                if r.page == page and isinstance(a, int) and isinstance(b, int) and start <= a < b <= end:
                    found.setdefault((a, b), tuple(zip(t.columns, r.cells)))
        return [(a, b, cells) for (a, b), cells in sorted(found.items())]

    def table_columns(self, page: int, start: int, end: int) -> tuple[str, ...]:
        """The column headers of the table that the stretch [start, end) of 1-based physical
        ``page``'s text lies in: :meth:`row_headers` for a stretch inside one row, else the
        ``columns`` of a ruled PDF table (:attr:`tables`) whose data rows on that page, from
        the first to the last, hold it (a window over several of its rows); the non-empty
        headers in column order. () when the stretch reaches outside every such table, the
        table has no header, or the page is out of range."""
        found = self.row_headers(page, start, end)
        if found or page < 1 or page > len(self.pages) or start >= end:
            return found
        for table in self.tables:
            spans = [(r.char_start, r.char_end) for r in table.rows
                     if r.page == page and r.char_start is not None and r.char_end is not None]
            if spans and min(a for a, _ in spans) <= start and end <= max(b for _, b in spans):
                return tuple(c for c in table.columns if c.strip())
        return ()

    def to_json(self) -> str:
        """The JSON stored beside the original: every field by name, the nested shapes as the
        dicts their ``to_dict`` gives (the shape libraries have always stored)."""
        raw = asdict(replace(self, pages=[], tables=[]))
        raw["pages"] = [p.to_dict() for p in self.pages]
        raw["tables"] = [t.to_dict() for t in self.tables]
        # keep the stored key order: pages before the fields that follow them
        return json.dumps({k: raw[k] for k in _field_names(DocumentModel)}, ensure_ascii=False)

    @classmethod
    def from_json(cls, data: str | bytes) -> "DocumentModel":
        """Load :meth:`to_json`'s JSON, or that of an earlier version (fields added since
        take their defaults)."""
        raw: dict[str, Any] = json.loads(data)
        raw["pages"] = [PageText.from_dict(p) for p in raw.get("pages", [])]
        raw["tables"] = [Table.from_dict(t) for t in raw.get("tables", [])]
        return cls(**raw)


def _field_names(cls: type) -> list[str]:
    return [f.name for f in fields(cls)]
