"""DocumentModel: what extraction produces, saved as JSON beside the original.

This is the primary material of the library; chunks and the index are derived from it,
so `pincite reindex` can rebuild them without parsing the original again. This module
only defines the shapes and their (de)serialisation; it must not import later stages.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

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
EXTRACTOR_VERSION = "pdfium-9"


#: Where a printed page label came from (PageText.label_source): the PDF's /PageLabels, or a
#: folio read from the page's header or footer (pincite.extract.folio).
LabelSource = Literal["pagelabels", "folio"]


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
    address: for a unit of a non-PDF document, its own address ({"kind": "slide", "slide": 2},
        {"kind": "sheet", "sheet": "RevB", "range": "A1:F40"}, {"kind": "lines", "start": 1,
        "end": 80}); None for a PDF page (addressed by `page` and `page_label`).
    spans: finer addresses inside `text`: [{"start": int, "end": int, "address": {...}}]
        (char offsets into `text`, end exclusive), e.g. one per spreadsheet row, so a chunk's
        address can be narrowed to what it covers (pincite.extract.address.address_for_span).
        On an OCR page, one span per word: {"start", "end", "bbox": [left, bottom, right,
        top]} in PDF points, origin bottom-left like PDFium's char boxes
        (pincite.extract.ocr), for highlighting.
    sections: the section path of each part of ``text``: [{"start", "end", "path": [...]}]
        (char offsets, end exclusive), from the PDF outline or, without one, from detected
        headings (pincite.extract.headings; those spans also carry "source": "headings").
    char_map: empty when ``text`` is PDFium's own text (the usual case). On a two-column page
        whose columns PDFium interleaves, ``text`` is put in reading order
        (pincite.extract.layout.reading_order), and on a page with glyphs marked as no text
        (a /Span with an empty /ActualText, ISO 32000-1 §14.9.4) those are left out
        (pincite.extract.pdf.no_text_offsets), and margin notes PDFium puts inside a
        paragraph are moved after it (pincite.extract.layout.margin_notes); this maps such a
        text back: [text_start,
        pdfium_start, length] runs, where text[text_start:text_start + length] ==
        PDFium's text[pdfium_start:pdfium_start + length] (PDFium's text: ``get_text_range()``,
        whose offsets become char indexes as described above). Chars of no run (the line
        breaks put between reordered pieces) have no PDFium char.
        pincite.extract.layout.to_source applies it.
    hidden: text of the page's text layer a reader cannot see (white on white, under 2 pt,
        the invisible text mode without an image beneath, outside the crop box; rules in
        pincite.extract.hidden), left out of ``text`` (so never quotable; ``char_map`` maps
        around it): [{"text": str, "reason": str}] in page order; [] on nearly every page.
    """

    page: int
    text: str
    page_label: str = ""
    label_source: LabelSource | None = None
    width: float = 0.0
    height: float = 0.0
    ocr: bool = False
    address: dict | None = None
    spans: list[dict] = field(default_factory=list)
    sections: list[dict] = field(default_factory=list)
    char_map: list[list[int]] = field(default_factory=list)
    hidden: list[dict] = field(default_factory=list)


@dataclass
class DocumentModel:
    """An extracted document.

    doc_id: library id (first 16 hex digits of the original's SHA-256).
    file_name: the file name as ingested; path: the path it was ingested from.
    pages: one PageText per physical page, in order (pages[i].page == i + 1).
    warnings: human-readable notes such as "page 3: no text".
    tables: the ruled tables of a PDF, in document order (pincite.extract.tables; [] for
        other documents and for JSON written before tables were read), each a dict:
        {"table_id": "p12-t1", "page": 12, "page_end": 13 (1-based physical pages where it
        starts and ends), "caption": "Table 3: ..." ('' when none), "caption_start",
        "caption_end" (span in the start page's text, or None), "columns": [header text per
        column, units as written, header rows joined with " / "], "header_rows": int,
        "bbox": [left, bottom, right, top] (start page, PDF points, origin bottom-left),
        "char_start", "char_end" (the table's span of its start page's text, or None),
        "rows": [{"page": int, "cells": [str per column], "bbox": [left, bottom, right, top],
        "char_start": int | None, "char_end": int | None}]} (a row's span of its page's
        text, None when that span is not clean). `pincite reindex` builds table chunks from
        this field without parsing the PDF again (pincite.chunk.tables).
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
    tables: list[dict] = field(default_factory=list)

    @property
    def page_count(self) -> int:
        return len(self.pages)

    def page(self, page: int) -> PageText:
        """Return the PageText of 1-based physical ``page``; IndexError when out of range."""
        if page < 1 or page > len(self.pages):
            raise IndexError(f"{self.file_name}: page {page} out of range 1..{len(self.pages)}")
        return self.pages[page - 1]

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False)

    @classmethod
    def from_json(cls, data: str | bytes) -> "DocumentModel":
        raw: dict[str, Any] = json.loads(data)
        raw["pages"] = [PageText(**p) for p in raw.get("pages", [])]
        return cls(**raw)
