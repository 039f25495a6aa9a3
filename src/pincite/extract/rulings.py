"""Ruling lines of PDF pages, found cheaply with PDFium: step 1 of reading ruled tables
(`extract.tables`' docstring gives the three steps; docs/decisions/0004-tables.md).

Every page's path objects are looked at through PDFium (bounds; the segments of a small
stroked path) and the ruling lines kept: horizontal and vertical segments and thin filled
rectangles (LaTeX draws ``\\hline`` and ``|`` as filled rectangles ``re f``; Word and
LibreOffice stroke lines). Pieces on one level are joined (`_merge`). Lines that stand at the
same place on most pages of a document are page furniture (a GOST title block, crop marks, a
frame) and are left out (`drop_furniture`). A page is *ruled* when what remains forms a grid
(`is_grid`). Coordinates are PDF points, origin bottom-left.

This module only finds lines: it reads no text and builds no table (`extract.tables` does),
opens no file and imports no later stage.
"""
from __future__ import annotations

import ctypes
from dataclasses import dataclass
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from pincite.extract.geometry import apply, compose, unchecked
from pincite.extract.model import PageText

#: A ruling line is at most RULE_MAX_THICK points thick (LaTeX's \hline is 0.4 pt, Word's
#: borders 0.5-1.5 pt) and at least RULE_MIN_LEN points long (a table row is ~12 pt high).
RULE_MAX_THICK = 2.0
RULE_MIN_LEN = 6.0
#: Segments of a path that is not itself a thin line are walked only up to this many (a
#: grid drawn as one path; a figure with more segments is not a table's rules).
MAX_PATH_SEGMENTS = 128
#: At most this many page objects are looked at per page, forms MAX_FORM_DEPTH deep.
MAX_OBJECTS = 20_000
MAX_FORM_DEPTH = 4
#: Pieces on one level (within JOIN_TOL points) with gaps of at most JOIN_GAP points are one
#: line (LaTeX draws a vertical rule as one piece per text line, Word one per cell, leaving
#: the crossing rule's width between them; JOIN_GAP is pdfplumber's join_tolerance); a line
#: crosses another when it comes within CROSS_TOL points of it.
JOIN_TOL = 1.5
JOIN_GAP = 3.0
CROSS_TOL = 2.0
#: A page is ruled when at least GRID_MIN_V vertical lines each cross at least GRID_MIN_H
#: horizontal lines: the left, middle and right rules through the top, header and bottom
#: rules of the smallest boxed table of two columns. A framed box (a code example, two
#: vertical lines) or a striped listing is not a grid.
GRID_MIN_H = 3
GRID_MIN_V = 3
#: Vertical lines closer than DOUBLE_RULE points count once (a double frame line of a
#: listing box, e.g. install-latex-guide-zh-cn.pdf).
DOUBLE_RULE = 4.0
#: A line (rounded to the point) standing on at least FURNITURE_SHARE of the pages of a
#: document of at least FURNITURE_MIN_PAGES pages is page furniture, not a table: eskdx.pdf's
#: GOST title block (34 of 35 pages), impatient-book.pdf's crop marks (all 393 pages).
FURNITURE_SHARE = 0.5
FURNITURE_MIN_PAGES = 4


@dataclass
class Rules:
    """Ruling lines of one page, PDF points, origin bottom-left: horizontal (y, x0, x1) and
    vertical (x, y0, y1), merged where pieces touch."""

    horizontal: list[tuple[float, float, float]]
    vertical: list[tuple[float, float, float]]


# ---------------------------------------------------------------------------------------
# 1. Ruled pages


# the PDFium calls made per page object, without ctypes' argument conversion (geometry.unchecked)
_COUNT_PAGE, _GET_PAGE = unchecked(pdfium_c.FPDFPage_CountObjects), unchecked(pdfium_c.FPDFPage_GetObject)
_COUNT_FORM, _GET_FORM = unchecked(pdfium_c.FPDFFormObj_CountObjects), unchecked(pdfium_c.FPDFFormObj_GetObject)
_GET_TYPE, _GET_BOUNDS = unchecked(pdfium_c.FPDFPageObj_GetType), unchecked(pdfium_c.FPDFPageObj_GetBounds)


def page_rules(page: pdfium.PdfPage) -> Rules:
    """The ruling lines of ``page`` (see the module docstring), merged. Cost: one PDFium
    call per page object, three more per path (the page's ~500 text objects dominate)."""
    hs: list[tuple[float, float, float]] = []
    vs: list[tuple[float, float, float]] = []
    left, bottom, right, top = (ctypes.c_float() for _ in range(4))
    box_refs = (ctypes.byref(left), ctypes.byref(bottom), ctypes.byref(right), ctypes.byref(top))
    get_type, get_bounds = _GET_TYPE, _GET_BOUNDS
    path_kind, form_kind = pdfium_c.FPDF_PAGEOBJ_PATH, pdfium_c.FPDF_PAGEOBJ_FORM
    identity = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    stack: list[tuple[Any, tuple[float, ...], int]] = [(None, identity, 0)]  # (form or None, matrix, depth)
    seen = 0
    while stack:
        form, outer, depth = stack.pop()
        if form is None:
            count, get = _COUNT_PAGE(page.raw), _GET_PAGE
            owner = page.raw
        else:
            count, get = _COUNT_FORM(form), _GET_FORM
            owner = form
        count = min(max(0, count), MAX_OBJECTS - seen)
        seen += count
        for i in range(count):
            obj = get(owner, i)
            if not obj:
                continue
            kind = get_type(obj)
            if kind == form_kind:
                if depth < MAX_FORM_DEPTH:
                    m = pdfium_c.FS_MATRIX()
                    if pdfium_c.FPDFPageObj_GetMatrix(obj, ctypes.byref(m)):
                        stack.append((obj, compose(outer, (m.a, m.b, m.c, m.d, m.e, m.f)), depth + 1))
                continue
            if kind != path_kind or not get_bounds(obj, *box_refs):
                continue
            if form is None:
                x0, y0, x1, y1 = left.value, bottom.value, right.value, top.value
            else:
                x0, y0 = apply(outer, left.value, bottom.value)
                x1, y1 = apply(outer, right.value, top.value)
                x0, x1, y0, y1 = min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1)
            w, h = x1 - x0, y1 - y0
            if h <= RULE_MAX_THICK and w >= RULE_MIN_LEN:
                hs.append(((y0 + y1) / 2, x0, x1))
            elif w <= RULE_MAX_THICK and h >= RULE_MIN_LEN:
                vs.append(((x0 + x1) / 2, y0, y1))
            elif w >= RULE_MIN_LEN or h >= RULE_MIN_LEN:
                _path_lines(obj, outer, hs, vs)
    return Rules(_merge(hs), _merge(vs))


def _path_lines(obj, outer: tuple[float, ...], hs: list, vs: list) -> None:
    """Axis-parallel straight segments of a stroked path object (a box, a grid drawn as one
    path). A path that is only filled is a shaded area (a coloured cell), not a rule: its
    edges would split every cell of a Word table that pads its cells with shading."""
    n = pdfium_c.FPDFPath_CountSegments(obj)
    if n < 2 or n > MAX_PATH_SEGMENTS:
        return
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    if not pdfium_c.FPDFPath_GetDrawMode(obj, fill, stroke) or not stroke.value:
        return
    m = pdfium_c.FS_MATRIX()
    if not pdfium_c.FPDFPageObj_GetMatrix(obj, ctypes.byref(m)):
        return
    matrix = compose(outer, (m.a, m.b, m.c, m.d, m.e, m.f))
    x, y = ctypes.c_float(), ctypes.c_float()
    start = prev = None
    for i in range(n):
        seg = pdfium_c.FPDFPath_GetPathSegment(obj, i)
        if not seg or not pdfium_c.FPDFPathSegment_GetPoint(seg, x, y):
            continue
        point = apply(matrix, x.value, y.value)
        kind = pdfium_c.FPDFPathSegment_GetType(seg)
        if kind == pdfium_c.FPDF_SEGMENT_MOVETO:
            start = prev = point
            continue
        if kind == pdfium_c.FPDF_SEGMENT_LINETO and prev is not None:
            _add_segment(prev, point, hs, vs)
        prev = point
        if pdfium_c.FPDFPathSegment_GetClose(seg) and start is not None:
            _add_segment(point, start, hs, vs)
            prev = start


def _add_segment(a: tuple[float, float], b: tuple[float, float], hs: list, vs: list) -> None:
    (ax, ay), (bx, by) = a, b
    if abs(ay - by) <= 0.5 and abs(ax - bx) >= RULE_MIN_LEN:
        hs.append(((ay + by) / 2, min(ax, bx), max(ax, bx)))
    elif abs(ax - bx) <= 0.5 and abs(ay - by) >= RULE_MIN_LEN:
        vs.append(((ax + bx) / 2, min(ay, by), max(ay, by)))


def _merge(lines: list[tuple[float, float, float]]) -> list[tuple[float, float, float]]:
    """Join pieces on one level (positions chained within JOIN_TOL) whose extents touch or
    overlap (gaps up to JOIN_GAP); the level of a joined line is the mean of its pieces'."""
    out: list[tuple[float, float, float]] = []
    ordered = sorted(lines)
    i = 0
    while i < len(ordered):
        j = i + 1
        while j < len(ordered) and ordered[j][0] - ordered[j - 1][0] <= JOIN_TOL:
            j += 1
        level = ordered[i:j]
        pos = sum(p for p, _, _ in level) / len(level)
        cur: list[float] | None = None
        for _, lo, hi in sorted(level, key=lambda t: t[1]):
            if cur is not None and lo <= cur[1] + JOIN_GAP:
                cur[1] = max(cur[1], hi)
            else:
                if cur is not None:
                    out.append((pos, cur[0], cur[1]))
                cur = [lo, hi]
        if cur is not None:
            out.append((pos, cur[0], cur[1]))
        i = j
    return out


def _key(kind: str, line: tuple[float, float, float]) -> tuple:
    return (kind, round(line[0]), round(line[1]), round(line[2]))


def drop_furniture(rules: list[Rules]) -> list[Rules]:
    """``rules`` without the lines that stand at the same place (rounded to the point) on at
    least FURNITURE_SHARE of the pages, when there are at least FURNITURE_MIN_PAGES pages."""
    if len(rules) < FURNITURE_MIN_PAGES:
        return rules
    counts: dict[tuple, int] = {}
    for r in rules:
        for key in {_key("h", h) for h in r.horizontal} | {_key("v", v) for v in r.vertical}:
            counts[key] = counts.get(key, 0) + 1
    limit = FURNITURE_SHARE * len(rules)
    furniture = {k for k, n in counts.items() if n >= limit}
    if not furniture:
        return rules
    return [Rules([h for h in r.horizontal if _key("h", h) not in furniture],
                  [v for v in r.vertical if _key("v", v) not in furniture]) for r in rules]


def is_grid(rules: Rules) -> bool:
    """Do the lines form a table grid: at least GRID_MIN_V vertical lines each crossing at
    least GRID_MIN_H horizontal lines?"""
    if len(rules.horizontal) < GRID_MIN_H or len(rules.vertical) < GRID_MIN_V:
        return False
    xs = []
    for x, y0, y1 in rules.vertical:
        n = sum(1 for y, x0, x1 in rules.horizontal
                if x0 - CROSS_TOL <= x <= x1 + CROSS_TOL and y0 - CROSS_TOL <= y <= y1 + CROSS_TOL)
        if n >= GRID_MIN_H:
            xs.append(x)
    xs.sort()
    distinct = [x for i, x in enumerate(xs) if i == 0 or x - xs[i - 1] > DOUBLE_RULE]
    return len(distinct) >= GRID_MIN_V


def ruled_pages(pdf: pdfium.PdfDocument, pages: list[PageText],
                read: list[Rules | None] | None = None) -> dict[int, Rules]:
    """{1-based physical page: its ruling lines, furniture left out} for the pages of
    ``pdf`` whose lines form a grid (:func:`is_grid`), in page order.

    Pages with OCR text or no text are not looked at. A page PDFium cannot load or read
    counts as not ruled. ``read``: per page (``read[i]`` for ``pages[i]``), its
    :func:`page_rules` when the caller read them while it held the page loaded (Rules([], [])
    when that raised), else None; those pages are not loaded again.
    """
    rules: list[Rules] = []
    for index, p in enumerate(pages):
        if p.ocr or not p.text.strip():
            rules.append(Rules([], []))
            continue
        known = read[index] if read is not None and index < len(read) else None
        if known is not None:
            rules.append(known)
            continue
        try:
            page = pdf[index]
        except pdfium.PdfiumError:
            rules.append(Rules([], []))
            continue
        try:
            rules.append(page_rules(page))
        except Exception:  # a page's odd content must not stop the ingest: not ruled
            rules.append(Rules([], []))
        finally:
            page.close()
    return {i + 1: r for i, r in enumerate(drop_furniture(rules)) if is_grid(r)}
