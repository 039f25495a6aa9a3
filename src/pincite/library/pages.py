"""Page images and text rectangles from a stored original, with pypdfium2 (PDFium).

Rectangles are computed at request time from the stored original, where PDFium's text index
is its char index (docs/decisions/0001-answer-contract.md):
a span of the stored page text (a chunk's char_start..char_end, or the span where
`answer.verify.locate_quote` found a quote) -> PDFium char indexes -> PDFium's text
rectangles -> rectangles per line, in PDF points with the origin at the TOP-LEFT of the
page as displayed (y grows downward), so a client overlays them as shares of the image.
A page whose text was read by OCR has no PDFium text to point into: its rectangles come from
the OCR word boxes the extraction kept (`box_rects`), converted the same way.

PDFium is not thread-safe: the caller must make every call of this module from one thread
at a time (the web server runs them on its single library thread).
"""
from __future__ import annotations

import ctypes
import math
import struct
import zlib
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from pincite.extract.layout import to_source

if TYPE_CHECKING:
    from pincite.chunk.model import ChunkPart

#: Render scale: at most 2 pixels per point, and the long side at most LONG_SIDE_PX pixels
#: (about 0.07 s a page at 1600 px: docs/decisions/0006-search-and-embeddings.md).
MAX_SCALE = 2.0
LONG_SIDE_PX = 1600
#: Highlight colour (RGB) and strength: pixels are multiplied towards this colour, so
#: text under a highlight stays dark.
HIGHLIGHT_RGB = (255, 214, 0)
HIGHLIGHT_ALPHA = 0.55
#: Device units per point when converting page coordinates with FPDF_PageToDevice (its
#: output is integer): 1/100 pt precision.
_DEVICE_UNITS = 100
#: Padding (points) added around each line rectangle so glyph edges are covered.
PAD_PT = 0.75


class PageOutOfRange(LookupError):
    """The page number is not a physical page of the document."""


@dataclass
class PageRects:
    """Rectangles on one page: width/height of the page in points (as displayed, i.e.
    after /Rotate), rects as [left, top, right, bottom] in points, origin top-left."""

    page: int
    width: float
    height: float
    rects: list[list[float]] = field(default_factory=list)


def render_scale(width: float, height: float) -> float:
    """min(2.0, 1600 / long side in points): the scale a page is rendered at."""
    long_side = max(width, height)
    return min(MAX_SCALE, LONG_SIDE_PX / long_side) if long_side > 0 else MAX_SCALE


def page_count(pdf_path: Path) -> int:
    pdf = pdfium.PdfDocument(str(pdf_path))
    try:
        return len(pdf)
    finally:
        pdf.close()


def span_rects(pdf_path: Path, page_no: int, page_text: str,
               spans: list[tuple[int, int]], char_map: list[list[int]] | None = None) -> PageRects:
    """Line rectangles of the character spans [start, end) of `page_text` (the stored
    source text of 1-based physical page `page_no`, i.e. PDFium's text of that page).

    `char_map` is the page's PageText.char_map: on a two-column page put in reading order,
    or a page with glyphs left out as no text (an empty /ActualText), it maps `page_text` back to PDFium's
    own text (pincite.extract.layout.to_source), which is then read from the page itself; empty or None:
    `page_text` is PDFium's text. A span across the two columns gives rectangles in both.

    Python indexes are turned into PDFium char indexes through UTF-16 offsets and
    FPDFText_GetCharIndexFromTextIndex (characters outside the BMP take two UTF-16 units;
    chars PDFium leaves out of its text have no text index); PageOutOfRange when the page
    does not exist.
    """
    with _open_page(pdf_path, page_no) as page:
        width, height = page.get_size()
        out = PageRects(page_no, float(width), float(height))
        spans = [(max(0, s), min(len(page_text), e)) for s, e in spans]
        spans = [(s, e) for s, e in spans if e > s]
        if not spans:
            return out
        textpage = page.get_textpage()
        try:
            source = page_text
            if char_map:
                source = textpage.get_text_range()
                spans = [s for start, end in spans for s in to_source(char_map, start, end)]
            boxes: list[tuple[float, float, float, float]] = []
            for start, end in spans:
                boxes.extend(_pdfium_rects(textpage, source, start, end))
        finally:
            textpage.close()
        to_tl = _TopLeft(page, width, height)
        lines = _merge_lines([to_tl.rect(b) for b in boxes])
        out.rects = [[round(max(0.0, left - PAD_PT), 2), round(max(0.0, t - PAD_PT), 2),
                      round(min(out.width, r + PAD_PT), 2), round(min(out.height, b + PAD_PT), 2)]
                     for left, t, r, b in lines]
        return out


def bridge_spans(text: str, parts: "list[ChunkPart]", quote: str | None, page_no: int,
                 lang: str | None = None) -> list[tuple[int, int]]:
    """Spans of page `page_no`'s text to highlight for a bridge chunk (pincite.chunk.bridges: a
    sentence across a page break; `text` its text, `parts` its parts): where `quote` stands in
    the bridge text (answer.verify.locate_quote: no minimum length), or the whole bridge when
    `quote` is None, mapped through the parts to that page. [] when the quote is not in the
    bridge or has no part on that page. `lang` is accepted for callers and not needed."""
    from pincite.answer.verify import locate_quote
    from pincite.chunk.bridges import page_spans

    if quote is None:
        return page_spans(parts, 0, len(text), page_no)
    found = locate_quote(quote, text)
    return page_spans(parts, found[0], found[1], page_no) if found else []


def box_rects(pdf_path: Path, page_no: int, boxes: Sequence[Sequence[float]]) -> PageRects:
    """Line rectangles of word boxes given in page space ((left, bottom, right, top) in PDF
    points, origin bottom-left, as PDFium's char boxes: the OCR word boxes of
    pincite.extract.ocr kept in PageText.spans), converted like span_rects: to the page as
    displayed, origin top-left, merged per line and padded. PageOutOfRange when absent."""
    with _open_page(pdf_path, page_no) as page:
        width, height = page.get_size()
        out = PageRects(page_no, float(width), float(height))
        to_tl = _TopLeft(page, width, height)
        rects = [to_tl.rect((float(b[0]), float(b[1]), float(b[2]), float(b[3]))) for b in boxes]
    lines = _merge_lines(rects)  # the boxes come in reading order (OCR text order)
    out.rects = [[round(max(0.0, left - PAD_PT), 2), round(max(0.0, t - PAD_PT), 2),
                  round(min(out.width, r + PAD_PT), 2), round(min(out.height, b + PAD_PT), 2)]
                 for left, t, r, b in lines]
    return out


def render_png(pdf_path: Path, page_no: int, rects: list[list[float]] | None = None) -> bytes:
    """PNG of 1-based physical page `page_no` at render_scale, with `rects` (points,
    top-left origin, as span_rects gives them) highlighted; PageOutOfRange when absent."""
    with _open_page(pdf_path, page_no) as page:
        width, height = page.get_size()
        scale = render_scale(width, height)
        bitmap = page.render(scale=scale, rev_byteorder=True)
        try:
            rgb = np.array(bitmap.to_numpy(), dtype=np.uint8, copy=True)
        finally:
            bitmap.close()
    if rgb.ndim == 2:  # grayscale bitmap
        rgb = np.repeat(rgb[:, :, None], 3, axis=2)
    rgb = rgb[:, :, :3]
    for rect in rects or []:
        _highlight(rgb, rect, scale)
    return encode_png(rgb)


@contextmanager
def _open_page(pdf_path: Path, page_no: int):
    """The PdfPage of 1-based physical `page_no`, closed (with its document) afterwards;
    PageOutOfRange when the PDF has no such page."""
    pdf = pdfium.PdfDocument(str(pdf_path))
    try:
        if page_no < 1 or page_no > len(pdf):
            raise PageOutOfRange(f"page {page_no} out of range 1..{len(pdf)}")
        page = pdf[page_no - 1]
        try:
            yield page
        finally:
            page.close()
    finally:
        pdf.close()


def encode_png(rgb: np.ndarray) -> bytes:
    """An 8-bit RGB PNG of an (h, w, 3) uint8 array (rows filtered with "Up")."""
    h, w, c = rgb.shape
    if c != 3:
        raise ValueError("RGB array expected")
    rows = np.ascontiguousarray(rgb, dtype=np.uint8).reshape(h, w * 3)
    up = rows.copy()
    up[1:] -= rows[:-1]  # uint8 arithmetic wraps modulo 256, as the PNG Up filter wants
    raw = np.hstack([np.full((h, 1), 2, dtype=np.uint8), up]).tobytes()

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


# -- helpers ------------------------------------------------------------------------
def _char_index(textpage: pdfium.PdfTextPage, text: str, i: int) -> int:
    """PDFium char index of Python index `i` of the page text (-1 when it has none)."""
    utf16 = len(text[:i].encode("utf-16-le")) // 2
    return pdfium_c.FPDFText_GetCharIndexFromTextIndex(textpage, utf16)


def _pdfium_rects(textpage: pdfium.PdfTextPage, text: str, start: int, end: int):
    """PDFium's rectangles (left, bottom, right, top; page space) of text[start:end]."""
    first = next((c for i in range(start, end) if (c := _char_index(textpage, text, i)) >= 0), -1)
    last = next((c for i in range(end - 1, start - 1, -1) if (c := _char_index(textpage, text, i)) >= 0), -1)
    if first < 0 or last < first:
        return []
    n = textpage.count_rects(first, last - first + 1)
    return [textpage.get_rect(k) for k in range(n)]


class _TopLeft:
    """Page space (PDF points, bottom-left origin, before /Rotate and CropBox offset) ->
    displayed page in points with a top-left origin, through FPDF_PageToDevice (which
    applies the page's rotation and crop box exactly as rendering does)."""

    def __init__(self, page: pdfium.PdfPage, width: float, height: float):
        self.page = page
        self.size = (max(1, round(width * _DEVICE_UNITS)), max(1, round(height * _DEVICE_UNITS)))

    def point(self, x: float, y: float) -> tuple[float, float]:
        dx, dy = ctypes.c_int(), ctypes.c_int()
        ok = pdfium_c.FPDF_PageToDevice(self.page, 0, 0, self.size[0], self.size[1], 0,
                                        x, y, dx, dy)
        if not ok:
            raise pdfium.PdfiumError("cannot convert page coordinates")
        return dx.value / _DEVICE_UNITS, dy.value / _DEVICE_UNITS

    def rect(self, box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        left, b, r, t = box
        x1, y1 = self.point(left, t)
        x2, y2 = self.point(r, b)
        return min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2)


def _merge_lines(rects: list[tuple[float, float, float, float]]) -> list[tuple[float, float, float, float]]:
    """Merge rectangles (left, top, right, bottom; in reading order) that lie on one line
    and touch or nearly touch (gap at most 1.5 line heights) into one per line."""
    out: list[list[float]] = []
    for left, t, r, b in rects:
        if r <= left or b <= t:
            continue
        if out:
            ml, mt, mr, mb = out[-1]
            overlap = min(b, mb) - max(t, mt)
            height = min(b - t, mb - mt)
            gap = max(left - mr, ml - r, 0.0)
            if height > 0 and overlap >= 0.5 * height and gap <= 1.5 * max(b - t, mb - mt):
                out[-1] = [min(left, ml), min(t, mt), max(r, mr), max(b, mb)]
                continue
        out.append([left, t, r, b])
    return [(r[0], r[1], r[2], r[3]) for r in out]


def _highlight(rgb: np.ndarray, rect: list[float], scale: float) -> None:
    """Tint the pixels under `rect` (points, top-left origin) towards HIGHLIGHT_RGB."""
    h, w, _ = rgb.shape
    x0, y0 = max(0, math.floor(rect[0] * scale)), max(0, math.floor(rect[1] * scale))
    x1, y1 = min(w, math.ceil(rect[2] * scale)), min(h, math.ceil(rect[3] * scale))
    if x1 <= x0 or y1 <= y0:
        return
    factor = 1.0 - HIGHLIGHT_ALPHA + HIGHLIGHT_ALPHA * np.array(HIGHLIGHT_RGB, dtype=np.float32) / 255.0
    region = rgb[y0:y1, x0:x1].astype(np.float32) * factor
    rgb[y0:y1, x0:x1] = np.clip(region, 0, 255).astype(np.uint8)
