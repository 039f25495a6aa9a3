"""PDF extraction with PDFium (pypdfium2): a PDF file -> DocumentModel.

This module owns opening a PDF, refusing the files that cannot be ingested (with the
matching :mod:`pincite.errors` exception), and reading per physical page: the text
exactly as PDFium returns it, the printed page label and the page size. The label comes
from /PageLabels; when the PDF defines none, from the header/footer folios of the page texts
(:mod:`pincite.extract.folio`). Sections come from the PDF outline (bookmarks, ``get_toc``):
each page gets ``sections`` spans naming the outline path its text belongs to
(:func:`pincite.extract.outline.outline_sections`); a PDF without an outline gets them from headings detected by font
size, weight and numbering (:mod:`pincite.extract.headings`). Ruled tables
are read by :mod:`pincite.extract.tables` into ``DocumentModel.tables``.

Reading order: a two-column page whose columns PDFium gives interleaved (rows of the left and
right column merged into one line) gets its text in reading order, left column first
(:mod:`pincite.extract.layout`); ``PageText.char_map`` then maps the text back to PDFium's.

Glyphs marked as no text: the chars of text objects inside a marked-content sequence
``/Span <</ActualText ()>> BDC ... EMC`` whose ActualText is empty are left out of the page
text (:func:`pincite.extract.marked.no_text_offsets`), as poppler's pdftotext leaves them out: ActualText replaces
the enclosed content's text (ISO 32000-1, 14.9.4), an empty one by nothing. The line numbers
of install-latex-guide-zh-cn's code listings are marked so. Glyphs of a composite (CID) font
that have no Unicode value, which PDFium gives as their glyph numbers (odd code points such
as U+20C6), are left out the same way (:func:`pincite.extract.marked.unmapped_offsets`). ``PageText.char_map`` then maps
the shorter text back to PDFium's (composed with the reading-order map on a page that has
both), so highlights, table char boxes, line boxes and heading styles still use the right
PDFium chars. A page without marked content pays one walk over its page objects.

Two kinds of page get their text elsewhere than the text layer:

* A garbled text layer (Cyrillic decoded as Latin-1, "Èñõîäíûå", see
  :func:`pincite.extract.quality.looks_like_cp1251_mojibake`) is re-decoded as cp1251 when
  that gives real words (:func:`pincite.extract.quality.repair_cp1251`); one character for
  one, so PDFium's char indexes still hold. Where it does not, the page is OCRed.
* A weak page (:func:`pincite.extract.quality.weak_page_reason`: fewer than 50 letters and
  images over half the page, or no text at all but an image or drawn ink) is OCRed with
  tesseract (:mod:`pincite.extract.ocr`): its ``text`` becomes the OCR text, ``ocr`` is True
  and ``spans`` hold the word boxes. At most ``max_ocr_pages`` pages of a document are OCRed.

Every page whose text is not the plain text layer is named in ``warnings``, one per page:
"page 2: text from OCR (no text layer)", "page 3: no text layer (OCR off)", "page 4: garbled
text layer (Cyrillic decoded as Latin-1) repaired by re-decoding as cp1251", and a blank page
"page 5: blank page (no text, image or drawing)". A page is never left empty without a warning saying why.

PDFium quirks a caller must know (pypdfium2 5.15.2):

* PDFium's text page replaces the glyphs of a marked-content sequence by its non-empty
  ActualText (as poppler does), but gives the glyphs of an EMPTY ActualText as text;
  ``FPDFPageObjMark_GetParamStringValue`` decodes the ActualText string as UTF-8, so a
  UTF-16BE value such as <FEFF95E8> ("门") reads as '': emptiness is judged on the raw bytes
  (``FPDFPageObjMark_GetParamBlobValue``).
* Text is ``get_text_range()`` unchanged: line breaks are ``\\r\\n``; a soft line-end
  hyphen arrives as U+FFFE (``FPDFText_GetUnicode`` reports 0x02 there); ligatures
  come expanded; unmapped glyphs may arrive as control or private-use characters.
* A Python index into ``PageText.text`` equals PDFium's char index on nearly every
  page, but not always: (1) a character outside the BMP (e.g. math italic U+1D45B)
  is one Python character but two PDFium chars (UTF-16 units); (2) chars PDFium
  excludes from its text (Unicode 0) are skipped, so the text is shorter than
  ``count_chars()``. To get a char index for boxes, convert the Python index to a
  UTF-16 offset, then apply ``FPDFText_GetCharIndexFromTextIndex``; on a page with a
  ``char_map`` (reading order, chars left out), map the index through it first
  (:func:`pincite.extract.layout.to_source`).
"""
from __future__ import annotations

import ctypes
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from pincite.errors import Damaged, EmptyFile, Encrypted, GarbledText, NotAPdf, NoTextLayer, TooLarge
from pincite.extract import hidden as hidden_mod
from pincite.extract import layout, margins
from pincite.extract import ocr as ocr_mod
from pincite.extract.folio import infer_folio_labels
from pincite.extract.geometry import apply, compose
from pincite.extract.marked import MAX_FORM_DEPTH, MAX_MARKED_OBJECTS, no_text_offsets, unmapped_offsets
from pincite.extract.model import DocumentModel, PageText
from pincite.extract.outline import line_tops, read_outline, set_heading_sections, set_sections
from pincite.extract.pdfguard import MAX_INFLATE_RATIO, check_content_streams  # noqa: F401  (re-exported)
from pincite.extract.pdflimits import MIB, MIME_PDF, PdfLimits  # noqa: F401  (MIME_PDF re-exported)
from pincite.extract.quality import (
    WEAK_MAX_LETTERS,
    letter_count,
    looks_like_cp1251_mojibake,
    mojibake_example,
    mojibake_words,
    repair_cp1251,
    weak_page_reason,
)
from pincite.extract.rulings import Rules, page_rules
from pincite.extract.tables import find_tables
from pincite.extract.title import choose_title

#: PDF files may have junk before the header; PDFium (like Acrobat) looks in the first 1024 bytes.
HEADER_WINDOW = 1024


#: The note of a page with no text, no image and no ink (a blank left page of a book): not
#: "no text layer", which tells a user to look for a scan that needs OCR.
BLANK_PAGE = "blank page (no text, image or drawing)"


def extract_pdf(
    path: Path,
    *,
    doc_id: str,
    sha256: str,
    password: str | None = None,
    limits: PdfLimits = PdfLimits(),
    ocr: str = "auto",
    max_ocr_pages: int = ocr_mod.DEFAULT_MAX_OCR_PAGES,
) -> DocumentModel:
    """Extract every physical page of the PDF at ``path`` into a DocumentModel.

    Pages are 1-based physical page numbers (``pages[i].page == i + 1``); sizes are in PDF
    points; ``text`` is PDFium's text of the page, unaltered (except on repaired and OCRed
    pages, see below, interleaved two-column pages put in reading order, and pages whose
    glyphs marked as no text (empty ActualText) are left out; the last two with
    ``char_map``); ``sections`` come from the outline, else from detected headings;
    ``page_label`` comes from
    /PageLabels (``label_source="pagelabels"``); when no page has a /PageLabels label, from
    the printed folios that :func:`pincite.extract.folio.infer_folio_labels` accepts
    (``label_source="folio"``); else it is '' with ``label_source`` None. ``title`` is the
    /Title metadata when the first page with text holds most of its words, else that page's
    heading, else the file stem (:func:`pincite.extract.title.choose_title`). A page with no text is kept and noted in
    ``warnings`` ("page N: no text layer", with what OCR did when it was tried).
    ``password`` unlocks a PDF with a user password ('' counts as none); PDFs with only an
    owner password open without one.

    Garbled pages are repaired and weak pages OCRed as the module docstring says. ``ocr``:
    "auto" OCRs weak pages (and garbled ones re-decoding cannot repair) when tesseract with
    rus, chi_sim and eng is installed; "off" never OCRs (those pages stay empty or weak, and
    are named in ``warnings``). ``max_ocr_pages``: at most this many pages of the document are
    OCRed, in page order; the rest are named in ``warnings``.

    Raises (all :class:`pincite.errors.IngestError`, message naming the file):
        EmptyFile: the file has zero bytes.
        NotAPdf: no ``%PDF-`` header in the first 1024 bytes, whatever the extension.
        TooLarge: more than ``limits.max_bytes`` bytes or ``limits.max_pages`` pages, or a
            page whose content streams decode to more than ``limits.max_content_bytes``.
        Encrypted: a user password is needed, the given one is wrong, or the
            encryption scheme is not supported.
        Damaged: PDFium cannot load the file (truncated, broken), it has zero pages, or
            a page cannot be loaded.
        NoTextLayer: fewer than ``limits.min_doc_chars`` non-whitespace characters after
            OCR; the message says whether OCR was off, unavailable (and what to install), or
            found no text.
        GarbledText: as NoTextLayer, where the text layer was Cyrillic decoded as Latin-1
            that neither re-decoding nor OCR turned into text.
    ValueError: ``ocr`` is not "auto" or "off".
    OSError (e.g. FileNotFoundError) propagates when the file cannot be read at all.
    """
    if ocr not in ocr_mod.OCR_MODES:
        raise ValueError(f"ocr={ocr!r}: choose one of {', '.join(ocr_mod.OCR_MODES)}")
    path = Path(path)
    size = path.stat().st_size
    if size == 0:
        raise EmptyFile(path, "the file has 0 bytes")
    with path.open("rb") as fh:
        head = fh.read(HEADER_WINDOW)
    if b"%PDF-" not in head:
        raise NotAPdf(path, f"no %PDF- header in the first {HEADER_WINDOW} bytes")
    if size > limits.max_bytes:
        raise TooLarge(
            path,
            f"{size:,} bytes ({size / MIB:.1f} MiB); the limit is {limits.max_bytes:,} bytes "
            f"({limits.max_bytes / MIB:.1f} MiB)",
        )

    pdf = _open(path, password or None)
    try:
        n_pages = len(pdf)
        if n_pages == 0:
            raise Damaged(path, "the document has 0 pages")
        if n_pages > limits.max_pages:
            raise TooLarge(path, f"{n_pages:,} pages; the limit is {limits.max_pages:,} pages")
        check_content_streams(path, limits.max_content_bytes, password)
        metadata_title = pdf.get_metadata_value("Title").strip()
        outline = read_outline(pdf)
        placed = {e.page_index for e in outline if e.top is not None}  # pages whose line tops place a section
        pages: list[PageText] = []
        looks: list[_PageLook] = []
        for index in range(n_pages):
            page_text, look = _read_page(pdf, index, path, index in placed)
            pages.append(page_text)
            looks.append(look)
        notes: dict[int, str] = {}  # page -> its warning
        need_ocr: dict[int, str] = {}  # page -> why it needs OCR
        garbled_example = _repair_garbled(pages, notes, need_ocr)
        for page_text, look in zip(pages, looks):
            if page_text.page in notes or page_text.page in need_ocr:
                continue
            why = weak_page_reason(page_text.text, look.image_share, has_image=look.has_image, has_ink=look.has_ink)
            if why:
                need_ocr[page_text.page] = why
            elif not page_text.text.strip():
                notes[page_text.page] = BLANK_PAGE  # no text, image or ink
        ocr_state = _ocr_weak_pages(pdf, pages, need_ocr, notes, ocr, max_ocr_pages)
        set_sections(pdf, pages, outline, {i: look.tops for i, look in enumerate(looks) if look.tops is not None})
        if not any(p.sections for p in pages):  # no outline: headings from fonts and numbering
            set_heading_sections(pages, [look.lines for look in looks])
        tables = find_tables(pdf, pages, notes, [look.rules for look in looks])  # pdfplumber on ruled pages only
    finally:
        pdf.close()

    visible = sum(_count_visible(p.text) for p in pages)
    if visible < limits.min_doc_chars:
        detail = (f"{visible} non-whitespace characters in {n_pages} page(s); "
                  f"at least {limits.min_doc_chars} are needed{ocr_state}")
        if garbled_example is not None:
            example = garbled_example or "'Ýòî'"
            raise GarbledText(path, f"e.g. {example}; re-decoding as cp1251 gives no real words{ocr_state}")
        raise NoTextLayer(path, detail)
    if not any(p.page_label for p in pages):
        # No /PageLabels (get_page_label gives '' for every page): read the printed folios
        # from headers and footers instead (docs/decisions/0003-pages-labels-layout.md).
        for page_text, folio in zip(pages, infer_folio_labels([p.text for p in pages])):
            if folio:
                page_text.page_label, page_text.label_source = folio, "folio"

    return DocumentModel(
        doc_id=doc_id,
        file_name=path.name,
        sha256=sha256,
        mime=MIME_PDF,
        pages=pages,
        path=str(path),
        title=_title(metadata_title, pages, looks, path.stem),
        warnings=_page_warnings(notes),
        tables=tables,
    )


def _title(metadata_title: str, pages: list[PageText], looks: list[_PageLook], stem: str) -> str:
    """The document's title (:func:`pincite.extract.title.choose_title`), judged on the first
    page with letters (after cp1251 repair or OCR); its line boxes are used only when they
    still index that text (an OCRed page's do not)."""
    cover = next(((p, look) for p, look in zip(pages, looks) if letter_count(p.text)), None)
    if cover is None:
        return choose_title(metadata_title, "", (), stem)
    page, look = cover
    lines = () if page.ocr or any(ln.end > len(page.text) for ln in look.lines) else look.lines
    return choose_title(metadata_title, page.text, lines, stem)


def _open(path: Path, password: str | None) -> pdfium.PdfDocument:
    """Load the document, mapping PDFium's load errors to IngestError subclasses.

    Loads through the raw API rather than ``PdfDocument(path)`` so a document that loads
    with zero pages is still closed (pypdfium2 raises without closing it).
    """
    enc_path = (str(path) + "\x00").encode("utf-8", errors="strict" if sys.platform == "win32" else "surrogateescape")
    enc_pw = None if password is None else (password + "\x00").encode("utf-8")
    raw = pdfium_c.FPDF_LoadDocument(enc_path, enc_pw)
    if not raw:
        code = pdfium_c.FPDF_GetLastError()
        if code == pdfium_c.FPDF_ERR_PASSWORD:
            raise Encrypted(path, "wrong password" if password else "no password given: use --password")
        if code == pdfium_c.FPDF_ERR_SECURITY:
            raise Encrypted(path, "unsupported encryption scheme")
        raise Damaged(path, f"PDFium cannot load it: {_ERRORS.get(code, f'error {code}')}")
    return pdfium.PdfDocument(raw)


_ERRORS = {
    pdfium_c.FPDF_ERR_UNKNOWN: "unknown error",
    pdfium_c.FPDF_ERR_FILE: "file not found or could not be opened",
    pdfium_c.FPDF_ERR_FORMAT: "not in PDF format or corrupted (truncated?)",
    pdfium_c.FPDF_ERR_PAGE: "page not found or content error",
}


@dataclass(frozen=True)
class _PageLook:
    """What a page shows besides its text, measured only on pages with fewer than
    WEAK_MAX_LETTERS letters: image_share (0..1 of the crop box covered by image objects),
    has_image, has_ink (dark pixels in a coarse rendering; measured only on a page with no
    text and no image); and, on every page, the line boxes of its text and its ruling lines,
    and on a page an outline entry points into, the tops of its lines (read while the page
    is loaded, so finding tables and sections loads no page again)."""

    image_share: float = 0.0
    has_image: bool = False
    has_ink: bool = False
    lines: tuple = ()  # pincite.extract.layout.Line of the page text, for heading detection
    rules: Rules | None = None  # the page's ruling lines (rulings.page_rules), for find_tables
    tops: tuple | None = None  # (text, char_map, outline.line_tops of them), for set_sections


def _read_page(pdf: pdfium.PdfDocument, index: int, path: Path, want_tops: bool = False
               ) -> tuple[PageText, _PageLook]:
    """Read physical page ``index + 1``: text (glyphs marked as no text left out, then in
    reading order, or with margin notes moved out of the paragraph they interrupt;
    ``char_map`` back to PDFium's text when any of these changed it), /PageLabels
    label, size in points, its ruling lines (:func:`pincite.extract.rulings.page_rules`),
    with ``want_tops`` its line tops (:func:`pincite.extract.outline.line_tops`) and, for a
    page with few letters, its images and ink."""
    try:
        page = pdf[index]
    except pdfium.PdfiumError as exc:
        raise Damaged(path, f"page {index + 1} cannot be loaded: {exc}") from exc
    try:
        width, height = page.get_size()
        try:
            textpage = page.get_textpage()
        except pdfium.PdfiumError as exc:
            raise Damaged(path, f"the text of page {index + 1} cannot be loaded: {exc}") from exc
        try:
            source = textpage.get_text_range()
            # glyphs marked as no text (a Span with an empty ActualText) and text a reader
            # cannot see (pincite.extract.hidden) are left out
            hidden_at = hidden_mod.hidden_offsets(page, textpage, source)
            hidden = hidden_mod.hidden_runs(source, hidden_at)
            # and glyphs of a composite font with no Unicode value (their glyph numbers)
            gone = set(hidden_at) | unmapped_offsets(textpage, source)
            text, char_map = layout.drop_chars(source, no_text_offsets(page, textpage, source, gone))
            lines = layout.scan_lines(textpage, text, char_map, source)
            ordered = layout.reading_order(textpage, text, lines, float(width), char_map, source)
            if ordered is None:  # margin notes PDFium puts inside a paragraph: after it
                ordered = margins.margin_notes(textpage, text, lines, float(width), char_map, source)
            if ordered is not None:  # left column first, or notes out of the paragraph
                text, char_map, lines = ordered
            tops = (text, char_map, line_tops(textpage, text, char_map)) if want_tops else None
        finally:
            textpage.close()
        try:
            rules = page_rules(page)
        except Exception:  # a page's odd content must not stop the ingest: not ruled
            rules = Rules([], [])
        look = _PageLook(lines=tuple(lines), rules=rules, tops=tops)
        if letter_count(text) < WEAK_MAX_LETTERS:
            share, has_image = _image_coverage(page)
            ink = not has_image and not text.strip() and _has_ink(page)
            look = _PageLook(share, has_image, ink, tuple(lines), rules, tops)
    finally:
        page.close()
    label = pdf.get_page_label(index)
    return PageText(
        page=index + 1,
        text=text,
        page_label=label,
        label_source="pagelabels" if label else None,
        width=float(width),
        height=float(height),
        char_map=char_map,
        hidden=hidden,
    ), look


#: Image coverage is measured on a GRID x GRID raster of the crop box (so overlapping images
#: count once); at most MAX_OBJECTS page objects are looked at, MAX_FORM_DEPTH forms deep.
_GRID = 64
#: Ink: a rendering at INK_DPI in grey has at least INK_MIN_SHARE of its pixels darker than
#: INK_LEVEL (0..255). A blank page has none; a line of 11 pt text about 0.3%.
_INK_DPI = 36
_INK_LEVEL = 192
_INK_MIN_SHARE = 0.001


def _image_coverage(page: pdfium.PdfPage) -> tuple[float, bool]:
    """Share of the crop box covered by image objects (forms included), and whether any."""
    left, bottom, right, top = page.get_cropbox()
    if right <= left or top <= bottom:
        return 0.0, False
    grid = np.zeros((_GRID, _GRID), dtype=bool)
    found = False
    seen = 0
    identity = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    # (form object or None for the page, matrix to page, depth)
    stack: list[tuple[Any, tuple[float, ...], int]] = [(None, identity, 0)]
    while stack:
        form, outer, depth = stack.pop()
        count = (pdfium_c.FPDFFormObj_CountObjects(form) if form is not None
                 else pdfium_c.FPDFPage_CountObjects(page.raw))
        for i in range(max(0, count)):
            seen += 1
            if seen > MAX_MARKED_OBJECTS:
                return float(grid.mean()), found
            obj = (pdfium_c.FPDFFormObj_GetObject(form, i) if form is not None
                   else pdfium_c.FPDFPage_GetObject(page.raw, i))
            if not obj:
                continue
            kind = pdfium_c.FPDFPageObj_GetType(obj)
            if kind not in (pdfium_c.FPDF_PAGEOBJ_IMAGE, pdfium_c.FPDF_PAGEOBJ_FORM):
                continue
            m = pdfium_c.FS_MATRIX()
            if not pdfium_c.FPDFPageObj_GetMatrix(obj, ctypes.byref(m)):
                continue
            matrix = compose(outer, (m.a, m.b, m.c, m.d, m.e, m.f))
            if kind == pdfium_c.FPDF_PAGEOBJ_FORM:
                if depth < MAX_FORM_DEPTH:
                    stack.append((obj, matrix, depth + 1))
                continue
            found = True
            xs, ys = zip(*(apply(matrix, x, y) for x, y in ((0, 0), (1, 0), (0, 1), (1, 1))))
            c0 = int(np.clip((min(xs) - left) / (right - left) * _GRID, 0, _GRID))
            c1 = int(np.clip(np.ceil((max(xs) - left) / (right - left) * _GRID), 0, _GRID))
            r0 = int(np.clip((min(ys) - bottom) / (top - bottom) * _GRID, 0, _GRID))
            r1 = int(np.clip(np.ceil((max(ys) - bottom) / (top - bottom) * _GRID), 0, _GRID))
            grid[r0:r1, c0:c1] = True
    return float(grid.mean()), found


def _has_ink(page: pdfium.PdfPage) -> bool:
    """Does a coarse grey rendering of the page show anything (paths, text as outlines)?"""
    try:
        bitmap = page.render(scale=_INK_DPI / 72, grayscale=True)
    except pdfium.PdfiumError:
        return False
    try:
        pixels = bitmap.to_numpy()
        return bool(pixels.size) and float((pixels < _INK_LEVEL).mean()) >= _INK_MIN_SHARE
    finally:
        bitmap.close()


_GARBLED = "garbled text layer (Cyrillic decoded as Latin-1)"


def _repair_garbled(pages: list[PageText], notes: dict[int, str], need_ocr: dict[int, str]) -> str | None:
    """Re-decode the garbled pages that re-decoding repairs; the others need OCR.

    A page is garbled when it looks like cp1251 mojibake on its own, or the whole document
    does and the page has a mojibake word. A repaired page gets its re-decoded text (same
    length) and a note; the others go to ``need_ocr``. Returns None when no page stays
    garbled, else an example mojibake word of one that does ('' when none is found).
    """
    doc_garbled = looks_like_cp1251_mojibake("\n".join(p.text for p in pages))
    example: str | None = None
    for page in pages:
        if not (looks_like_cp1251_mojibake(page.text) or (doc_garbled and mojibake_words(page.text))):
            continue
        repair = repair_cp1251(page.text)
        if repair.ok:
            page.text = repair.text
            notes[page.page] = f"{_GARBLED} repaired by re-decoding as cp1251"
        else:
            need_ocr[page.page] = f"{_GARBLED} that re-decoding as cp1251 does not repair"
            if example is None:
                example = mojibake_example(page.text)
    return example


def _ocr_weak_pages(pdf: pdfium.PdfDocument, pages: list[PageText], need_ocr: dict[int, str],
                    notes: dict[int, str], mode: str, cap: int) -> str:
    """OCR the pages of ``need_ocr`` (weak pages, unrepaired garbled ones), at most ``cap``,
    in page order; set their text and notes. A garbled page that OCR does not give text is
    left empty (its text is mojibake); a weak page keeps its few letters.

    Returns what a document-level error should add ('' when no page needed OCR):
    "; OCR is off ...", "; OCR unavailable: ...", "; OCR found no text on 2 page(s)".
    """
    wanted = [p for p in pages if p.page in need_ocr]
    if not wanted:
        return ""

    def not_ocred(page: PageText, tail: str) -> None:
        note = need_ocr[page.page] + tail
        if need_ocr[page.page].startswith(_GARBLED):
            page.text = ""
            note += "; page left empty"
        notes[page.page] = note

    if mode == "off":
        for p in wanted:
            not_ocred(p, " (OCR off)")
        return "; OCR is off (PINCITE_OCR=off or --ocr off)"
    found = ocr_mod.availability()
    if not found.ok:
        for p in wanted:
            not_ocred(p, f"; OCR needs {found.need}")
        return f"; OCR unavailable: {found.reason}; install {found.need}"
    cap = max(0, cap)
    todo, over = wanted[:cap], wanted[cap:]
    for p in over:
        not_ocred(p, f"; not OCRed: over the limit of {cap} OCR pages per document (PINCITE_MAX_OCR_PAGES)")
    results = ocr_mod.ocr_pages(pdf, [p.page - 1 for p in todo], found.executable)
    empty = failed = 0
    for p in todo:
        result = results.get(p.page - 1) or ocr_mod.OcrResult(error="not run")
        garbled = need_ocr[p.page].startswith(_GARBLED)
        if result.error:
            failed += 1
            not_ocred(p, f"; OCR failed: {result.error}")
        elif _count_visible(result.text) > (0 if garbled else _count_visible(p.text)):
            p.text, p.ocr, p.spans, p.char_map = result.text, True, list(result.spans), []
            notes[p.page] = f"text from OCR ({need_ocr[p.page]})"
        else:
            empty += 1
            not_ocred(p, "; OCR found no text")
    parts = []
    if empty:
        parts.append(f"OCR found no text on {empty} page(s)")
    if failed:
        parts.append(f"OCR failed on {failed} page(s)")
    if over:
        parts.append(f"{len(over)} page(s) over the limit of {cap} OCR pages per document")
    return "; " + "; ".join(parts) if parts else ""


def _page_warnings(notes: dict[int, str]) -> list[str]:
    """"page N: note" for every page with a note, in page order."""
    return [f"page {page}: {notes[page]}" for page in sorted(notes)]


def _count_visible(text: str) -> int:
    """Number of non-whitespace characters."""
    return len("".join(text.split()))
