"""Tables of PDF pages: ruled ones found cheaply with PDFium and read with pdfplumber
(docs/decisions/0004-tables.md), unruled ones read from the white space between their columns.

Three steps, each cheap enough to run on every page of a large library:

1. **Ruled pages** (:mod:`pincite.extract.rulings`: :func:`page_rules`, :func:`ruled_pages`):
   every page's path objects are looked at through PDFium (bounds; the segments of a small stroked path) and the ruling
   lines kept: horizontal and vertical segments and thin filled rectangles (LaTeX draws
   ``\\hline`` and ``|`` as filled rectangles ``re f``; Word and LibreOffice stroke lines).
   Pieces on one level are joined (:mod:`pincite.extract.rulings`). Lines that stand at the same place on
   most pages of a document are page furniture (a GOST title block, crop marks, a frame)
   and are left out (:func:`drop_furniture`). A page is *ruled* when what remains forms a
   grid (:func:`is_grid`): at least GRID_MIN_V vertical lines each crossing at least
   GRID_MIN_H horizontal ones. Measured on ../shared/corpus/pdf (2,678 pages, 2026-12-01,
   2 shared cores): ~4 s in all, 233 pages ruled.
2. **Tables** (:func:`find_tables`, :func:`table_cells`): on ruled pages only, pdfplumber's
   table finder (snap, join, intersections, cells, tables) runs on those ruling lines, given
   to it as explicit edges of a blank page of the same size. pdfminer thus never parses the
   original: it fails on the page tree of mpman-ru.pdf ("Invalid octal") and costs 0.1-0.3 s
   per page (en-mil-std-882e.pdf); this way the 233 pages take ~4 s. pdfplumber gives the
   cells' geometry; each cell's text is read from the page's own PDFium text (chars whose
   box centre lies in the cell), so cells, rows and the page text agree. Any pdfplumber
   error is a warning naming the page ("page 7: tables not read (pdfplumber ValueError:
   ...)"); the page keeps its text and sentence chunks, and the ingest goes on.
   **Without rulings** (:func:`text_table_cells`): a page no ruling lines grid whose text
   has TEXT_TABLE_ROWS consecutive lines of two numbers or more (:func:`may_hold_text_table`,
   a test on the text alone) has its chars' boxes read; a run of such lines that fall in two
   or more columns (words farther apart than COLUMN_GAP char heights), right under a line
   naming each column in words (no digit), is a table whose columns lie between the vertical
   strips of white space no row crosses. A contents page (dot leaders), an index (digits in
   its "header") and program code (braces, backslashes) are none. Its cells are read as a
   ruled table's (:func:`_build_table`). Measured on the development set's and the shared
   corpus' PDFs (105 files, 6,417 pages, 2026-12-07): 1,041 pages tested by their chars, 107
   tables found (Debian's package lists, the Speex manual's bit-rate tables, siunitx's
   examples), ~18 s in all.
3. **Stitching** (:func:`stitch`): a table at the top of the next page whose first row
   repeats the header of a table ending at the bottom of the page before is that table
   continued; its rows are appended (each keeps its own physical page), the repeated header
   is dropped.

A table (one :class:`pincite.extract.model.Table` of ``DocumentModel.tables``; built here
as a dict of its stored shape, :meth:`Table.to_dict`, and typed once stitched):

    table_id: "p12-t1" (page where it starts, 1-based order on that page)
    page, page_end: 1-based physical pages where it starts and ends
    caption: the caption line(s) ("Table 3: Pump test results"), '' when none is found: a
        line just above the table (or, failing that, just below it) starting with "Table",
        "Tab.", "Таблица", "Табл." or "表" and a number; without one, the table's title row
        (a first row that is one cell across the table, never a column header)
    caption_start, caption_end: the caption's span in the start page's text (None when none)
    columns: header text per column, the header rows joined top-down with " / ", units
        included as written ("Pressure, MPa"; "Нормы, л/сут. / до 2030г"); '' per column for
        a key/value table, whose first row is a record ("Weight | 58 kg" over "Noise level |
        62 dB", pincite.extract.header_row)
    header_rows: number of rows above the data: a title row, if any, then 1-3 header rows (a
        header cell spanning several columns pulls the row below into the header; none in a
        key/value table)
    bbox: [left, bottom, right, top] on the start page, PDF points, origin bottom-left
    char_start, char_end: span of the page text holding the table on its start page (caption
        included when it touches it), None when the table's text is not one clean run
    rows: data rows in order, each {"page": int, "cells": [str per column], "bbox": [left,
        bottom, right, top] (PDF points, origin bottom-left, the row's own band), "char_start":
        int | None, "char_end": int | None} (span of the page text covering the row's
        characters, None when that span holds text from outside the row). A cell spanning
        several columns gives its text to each (one spanning the whole row, a note, only to
        the first); a cell spanning rows down gives its text to each row. A pdfplumber row
        holding several text lines in every non-empty cell (a table ruled without lines
        between its rows) is split into one row per line when each line runs cleanly in
        the page text.

Size: over 600 lines as the one place that finds and reads a PDF page's tables, ruled and
unruled, each step's rules beside the measurements that chose them.

Pages with OCR text and rotated pages get no tables. Char indexes go through
``PageText.char_map`` on a page put in reading order or with glyphs left out as no text; a page whose text
differs in length from PDFium's without such a map gets no tables. This module must not import chunking,
index or answer.
"""
from __future__ import annotations

import bisect
import ctypes
import io
import re
from dataclasses import dataclass

import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from pincite.extract.geometry import lstrip_span, rstrip_span, unchecked
from pincite.extract.header_row import is_key_value_record
from pincite.extract.model import PageText, Table
from pincite.extract.rulings import CROSS_TOL, JOIN_TOL, Rules, ruled_pages

#: A table needs at least MIN_COLUMNS columns, one data row, and text in at least
#: MIN_FILLED of its cells (a chart's grid or an empty form is not a table).
MIN_COLUMNS = 2
MIN_FILLED = 0.3
#: At most MAX_HEADER_ROWS header rows; the first must have text in MIN_HEADER_FILLED of
#: its columns.
MAX_HEADER_ROWS = 3
MIN_HEADER_FILLED = 0.5
#: Chars of one row belong to separate text lines where the vertical gap between their box
#: centres exceeds LINE_GAP times the median char height (glyph boxes of one line differ by
#: up to ~half a height: "о" against "л").
LINE_GAP = 0.6
#: The caption is looked for in the CAPTION_LINES text lines before the table (or the first
#: line after it), no further than CAPTION_GAP points from its edge.
CAPTION_LINES = 3
CAPTION_GAP = 40.0
CAPTION_RE = re.compile(
    r"^\s*(?:Table|TABLE|Tab\.|Таблица|ТАБЛИЦА|Табл\.|表)\s*"
    r"(?:[A-ZА-Я]?[-–.]?\d[\d.\-–]*|[IVXLC]+\b|[A-Z]\b|[一二三四五六七八九十]+)")
#: A table continues on the next page when at most CONTINUE_LINES text lines stand below it
#: on its page (a footer, a folio, "continued") and at most as many above the continuation
#: on the next page (a running header, "Продолжение таблицы 1").
CONTINUE_LINES = 3
#: A caption of its own stops a continuation, unless it says "continued".
CONTINUED_RE = re.compile(r"(?i)continued|\bcont\.|продолжение|окончание|续")

#: Characters PDFium gives for a line-end hyphen (see pincite.extract.pdf).
_HYPHEN_MARKS = "\ufffe\u0002"


# ---------------------------------------------------------------------------------------
# 1. Ruled pages


# ---------------------------------------------------------------------------------------
# 2. Tables on a ruled page


@dataclass
class _Chars:
    """The non-space characters of a page with their boxes: ``idx`` (Python index into the
    page text), ``x`` and ``y`` (box centre), ``h`` (box height), PDF points bottom-left."""

    idx: np.ndarray
    x: np.ndarray
    y: np.ndarray
    h: np.ndarray

    def inside(self, x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
        """Boolean mask of the chars whose centre lies in the box."""
        return (self.x >= x0) & (self.x <= x1) & (self.y >= y0) & (self.y <= y1)


# the PDFium calls made per char, without ctypes' argument conversion (geometry.unchecked)
_TEXT_INDEX = unchecked(pdfium_c.FPDFText_GetTextIndexFromCharIndex)
_CHAR_BOX = unchecked(pdfium_c.FPDFText_GetCharBox)


def _page_chars(textpage: pdfium.PdfTextPage, source: str, text: str,
                char_map: list[list[int]]) -> _Chars:
    """Every non-space char of the page with its box, indexed into ``text`` (the page's
    PageText.text). ``source`` is PDFium's text of the page (``get_text_range()``):
    PDFium's char index becomes an offset into it (``FPDFText_GetTextIndexFromCharIndex``
    counts UTF-16 units and skips chars PDFium leaves out of its text), then an index into
    ``text`` through ``char_map`` (PageText.char_map: [text_start, source_start, length]
    runs of a page put in reading order; empty: ``text`` is ``source``). Chars that map to
    nothing are left out."""
    n = textpage.count_chars()
    utf16_to_src: list[int] | None = None
    if any(ord(ch) > 0xFFFF for ch in source):
        utf16_to_src = []
        for i, ch in enumerate(source):
            utf16_to_src.extend([i] * (2 if ord(ch) > 0xFFFF else 1))
    src_to_text: list[int] | None = None
    if char_map:
        src_to_text = [-1] * len(source)
        for text_start, src_start, length in char_map:
            for k in range(max(0, length)):
                if 0 <= src_start + k < len(source) and text_start + k < len(text):
                    src_to_text[src_start + k] = text_start + k
    # PDFium's char index is the text offset when no char was left out of the text and
    # none is outside the BMP: then the index call is skipped (half the calls)
    same = utf16_to_src is None and n == len(source)
    to_text_index = _TEXT_INDEX
    get_box, raw = _CHAR_BOX, textpage.raw
    idx, xs, ys, hs = [], [], [], []
    left, right, bottom, top = (ctypes.c_double() for _ in range(4))
    box_refs = (ctypes.byref(left), ctypes.byref(right), ctypes.byref(bottom), ctypes.byref(top))
    for j in range(n):
        t = j if same else to_text_index(raw, j)
        if t < 0:
            continue
        if utf16_to_src is not None:
            if t >= len(utf16_to_src):
                continue
            t = utf16_to_src[t]
        if src_to_text is not None:
            if t >= len(src_to_text) or src_to_text[t] < 0:
                continue
            t = src_to_text[t]
        if t >= len(text) or text[t].isspace() or text[t] in _HYPHEN_MARKS:
            continue
        if not get_box(raw, j, *box_refs):
            continue
        idx.append(t)
        xs.append((left.value + right.value) / 2)
        ys.append((bottom.value + top.value) / 2)
        hs.append(top.value - bottom.value)
    return _Chars(np.array(idx, dtype=np.int64), np.array(xs), np.array(ys), np.array(hs))


def table_cells(rules: Rules, mediabox: tuple[float, float, float, float]
                ) -> list[list[tuple[float, float, float, float]]]:
    """Cell boxes of each table pdfplumber finds among ``rules`` on a page with
    ``mediabox`` (left, bottom, right, top): [[(x0, y0, x1, y1), ...] per table], PDF points,
    origin bottom-left.

    pdfplumber's table finder (snapping, joining, intersections, cells, tables; default
    tolerances) runs on the ruling lines PDFium found, given as explicit edges of a blank
    page of the same size: pdfminer never parses the original (it fails on mpman-ru.pdf's
    page tree, "Invalid octal", and parsing the page content costs 0.1-0.3 s per page,
    measured on en-mil-std-882e.pdf). Raises whatever pdfplumber raises.
    """
    import pdfplumber  # slow to import; only pages with ruling lines need it

    mx0, my0, mx1, my1 = mediabox
    width, height = mx1 - mx0, my1 - my0
    v_edges = [{"object_type": "v_edge", "orientation": "v", "x0": x - mx0, "x1": x - mx0,
                "top": my1 - y1, "bottom": my1 - y0, "height": y1 - y0}
               for x, y0, y1 in rules.vertical]
    h_edges = [{"object_type": "h_edge", "orientation": "h", "x0": x0 - mx0, "x1": x1 - mx0,
                "top": my1 - y, "bottom": my1 - y, "width": x1 - x0}
               for y, x0, x1 in rules.horizontal]
    if len(v_edges) < 2 or len(h_edges) < 2:
        return []
    blank = pdfium.PdfDocument.new()
    try:
        blank.new_page(width, height).close()
        buf = io.BytesIO()
        blank.save(buf)
    finally:
        blank.close()
    settings = {"vertical_strategy": "explicit", "horizontal_strategy": "explicit",
                "explicit_vertical_lines": v_edges, "explicit_horizontal_lines": h_edges}
    out = []
    with pdfplumber.open(io.BytesIO(buf.getvalue())) as plumber:
        for table in plumber.pages[0].find_tables(table_settings=settings):
            out.append([(mx0 + x0, my1 - bottom, mx0 + x1, my1 - top)
                        for x0, top, x1, bottom in table.cells])
    return out


def find_tables(pdf: pdfium.PdfDocument, pages: list[PageText], notes: dict[int, str],
                read_rules: list[Rules | None] | None = None) -> list[Table]:
    """The ruled tables of an open PDF, stitched across pages (module docstring: shape).

    ``pages``: the document's PageText list (``pages[i].page == i + 1``), whose ``text`` the
    char spans index. ``notes``: page -> warning (as in pincite.extract.pdf); a page where
    pdfplumber (or the reading of its cells) fails gets "tables not read (pdfplumber
    ExcType: message)" appended to its note, and no table. ``read_rules``: the ruling lines
    already read per page, None for a page whose were not (:func:`ruled_pages`'s
    ``read``). Never raises for a page's content; pdfplumber runs only on the pages
    :func:`ruled_pages` returns.
    """
    found: list[dict] = []
    ruled = ruled_pages(pdf, pages, read_rules)
    for number, rules in ruled.items():
        try:
            found.extend(_page_tables(pdf, number, pages[number - 1], rules))
        except Exception as exc:  # pdfplumber fails on some real files: keep the text
            msg = " ".join(str(exc).split())[:120]
            note = f"tables not read (pdfplumber {type(exc).__name__}: {msg})"
            notes[number] = f"{notes[number]}; {note}" if number in notes else note
    for p in pages:
        if p.page in ruled or p.ocr or not may_hold_text_table(p.text):
            continue
        try:
            found.extend(_unruled_tables(pdf, p))
        except Exception:  # a page's odd content must not stop the ingest: its text stays
            continue
    found.sort(key=lambda t: (t["page"], t["table_id"]))
    return [Table.from_dict(t) for t in stitch(found)]


def _page_tables(pdf: pdfium.PdfDocument, number: int, p: PageText, rules: Rules) -> list[dict]:
    """The tables of ruled page ``number`` (1-based), ``table_id`` set, top first."""
    page = pdf[number - 1]
    try:
        if page.get_rotation() % 360:
            return []
        found = [cells for cells in table_cells(rules, page.get_mediabox())
                 if len({round(c[0]) for c in cells}) >= MIN_COLUMNS]
        if not found:
            return []  # the chars' boxes (the costly part) are read only for a table
        chars = _loaded_chars(page, p)
    finally:
        page.close()
    return _numbered_tables(found, chars, p, "t") if chars is not None else []


def _loaded_chars(page: pdfium.PdfPage, p: PageText) -> _Chars | None:
    """The chars of loaded `page` with their boxes (`_page_chars`), indexed into `p`'s text;
    None when that text is not PDFium's and has no map back to it (PageText.char_map)."""
    textpage = page.get_textpage()
    try:
        source = textpage.get_text_range()
        if not p.char_map and len(source) != len(p.text):
            return None
        return _page_chars(textpage, source, p.text, p.char_map)
    finally:
        textpage.close()


def _numbered_tables(found: list[list[tuple[float, float, float, float]]], chars: _Chars, p: PageText,
                     kind: str) -> list[dict]:
    """The tables built from the cell boxes of each table `found` on page `p`
    (`_build_table`), top first, their table_id "p{page}-{kind}{k}" (kind "t": ruled, "u":
    unruled)."""
    tables = [t for cells in found if (t := _build_table(cells, chars, p)) is not None]
    tables.sort(key=lambda t: -t["bbox"][3])
    for k, t in enumerate(tables, start=1):
        t["table_id"] = f"p{p.page}-{kind}{k}"
    return tables


# ---------------------------------------------------------------------------------------
# 2b. Tables without rulings: columns set apart by white space

#: A page may hold a table without rulings where TEXT_TABLE_ROWS consecutive lines of its
#: text each write two numbers or more (a table of values: "9 34,200 Hard to tell …");
#: only such pages have their chars' boxes read.
TEXT_TABLE_ROWS = 3
_NUMBER_TOKEN = re.compile(r"(?<![\w.,])\d[\d.,]*(?![\w])")
#: Two words of one line are in different columns where the distance between the centres
#: of the chars either side of the gap exceeds COLUMN_GAP char heights: a word space is
#: about one height between centres, the white space between columns two or more (measured
#: on LaTeX, DocBook and Word tables without rulings).
COLUMN_GAP = 2.5
#: Chars of one text line: box centres within LINE_TOL char heights (punctuation sits low).
LINE_TOL = 0.75


def may_hold_text_table(text: str) -> bool:
    """Whether `text` (a page's) has TEXT_TABLE_ROWS consecutive lines that each write two
    numbers or more: the cheap test before a page's char boxes are read."""
    run = 0
    for line in text.splitlines():
        run = run + 1 if len(_NUMBER_TOKEN.findall(line)) >= 2 else 0
        if run >= TEXT_TABLE_ROWS:
            return True
    return False


def _unruled_tables(pdf: pdfium.PdfDocument, p: PageText) -> list[dict]:
    """The tables without rulings of page `p` (`text_table_cells`), built as a ruled table's
    cells are (`_build_table`), table_id "p{page}-u{k}", top first."""
    page = pdf[p.page - 1]
    try:
        if page.get_rotation() % 360:
            return []
        chars = _loaded_chars(page, p)
    finally:
        page.close()
    return _numbered_tables(text_table_cells(chars, p.text), chars, p, "u") if chars is not None else []


def text_table_cells(chars: _Chars, text: str) -> list[list[tuple[float, float, float, float]]]:
    """Cell boxes (x0, y0, x1, y1; PDF points, origin bottom-left) of each table drawn
    without rulings on a page: a run of TEXT_TABLE_ROWS or more consecutive text lines that
    each write a digit and fall in two or more columns (words apart by more than COLUMN_GAP
    char heights), under a header line of two columns or more; the columns are the x ranges
    between vertical strips no word of the rows crosses. `text` is the page text the chars
    index. Prose lines, a list with one column or a run without a header give none."""
    if not len(chars.idx):
        return []
    h = float(np.median(chars.h)) or 1.0
    order = np.lexsort((chars.x, -chars.y))
    lines: list[list[int]] = []
    line_y: list[float] = []
    small = []  # punctuation ("," "." "-"): its box sits low, it joins the nearest line
    for i in order:
        if chars.h[i] < 0.6 * h:
            small.append(int(i))
        elif lines and abs(chars.y[i] - line_y[-1]) <= LINE_TOL * h:
            lines[-1].append(int(i))
        else:
            lines.append([int(i)])
            line_y.append(float(chars.y[i]))
    if not lines:
        return []
    centres = np.array(line_y)
    for i in small:
        k = int(np.argmin(np.abs(centres - chars.y[i])))
        if abs(centres[k] - chars.y[i]) <= 1.2 * h:
            lines[k].append(i)
    segs: list[list[tuple[float, float]]] = []
    words: list[list[str]] = []
    for line in lines:
        line.sort(key=lambda i: chars.x[i])
        xs = chars.x[line]
        cuts = [0] + [k + 1 for k in range(len(xs) - 1) if xs[k + 1] - xs[k] > COLUMN_GAP * h] + [len(xs)]
        segs.append([(float(xs[a]) - 0.5 * h, float(xs[b - 1]) + 0.5 * h) for a, b in zip(cuts, cuts[1:])])
        words.append(["".join(text[chars.idx[i]] for i in line[a:b]) for a, b in zip(cuts, cuts[1:])])
    row_like = [len(seg) >= 2 and any(ch.isdigit() for w in ws for ch in w) for seg, ws in zip(segs, words)]
    out = []
    k = 0
    while k < len(lines):
        end = k
        while end < len(lines) and row_like[end]:
            end += 1
        if end - k >= TEXT_TABLE_ROWS and k > 0 and _heads_columns(words[k - 1]) \
                and not _listing(words[k:end]):
            cells = _text_grid(segs[k - 1:end], line_y[k - 1:end], h)
            if cells:
                out.append(cells)
        k = max(end, k + 1)
    return out


#: Dot leaders of a contents or index page ("Introduction . . . . 9").
_LEADERS = re.compile(r"(?:\.\s?){3,}|…")


def _heads_columns(cells: list[str]) -> bool:
    """Whether a line's word runs (`cells`, no spaces) can head a table's columns: two or
    more, each naming something in two letters or more, and no digit among them (a line of
    values, an index's "entry, 44" or a listing's numbered line heads nothing)."""
    return len(cells) >= 2 and all(sum(ch.isalpha() for ch in c) >= 2 for c in cells) \
        and not any(ch.isdigit() for c in cells for ch in c)


def _listing(rows: list[list[str]]) -> bool:
    """Whether lines (their word runs) are a contents page, an index or program code rather
    than a table's rows: dot leaders, or braces and backslashes in half of them."""
    if any(_LEADERS.search("".join(r)) for r in rows):
        return True
    return sum(any(ch in "{}\\" for c in r for ch in c) for r in rows) * 2 >= len(rows)


def _text_grid(segs: list[list[tuple[float, float]]], ys: list[float], h: float
               ) -> list[tuple[float, float, float, float]]:
    """The cell boxes of a header line and its rows (`segs`: each line's word runs, x
    ranges; `ys`: line centres, top first): columns between the strips no row's run
    crosses (the header may), rows between the midpoints of their lines; [] when the rows
    leave no such strip."""
    rows = segs[1:]
    left = min(a for line in segs for a, _ in line)
    right = max(b for line in segs for _, b in line)
    covered = sorted((a, b) for line in rows for a, b in line)
    gaps: list[tuple[float, float]] = []
    reach = covered[0][1]
    for a, b in covered[1:]:
        if a - reach >= h:
            gaps.append((reach, a))
        reach = max(reach, b)
    if not gaps:
        return []
    xe = [left] + [(a + b) / 2 for a, b in gaps] + [right]
    for line in rows:  # every row fills two columns or more
        if len({bisect.bisect(xe, (a + b) / 2) for a, b in line}) < 2:
            return []
    for a, b in segs[0]:  # a header's word runs each stand in one column
        if any(a + h < x < b - h for x in xe[1:-1]):
            return []
    pitch = [ys[i] - ys[i + 1] for i in range(len(ys) - 1)]
    step = float(np.median(pitch)) if pitch else 2 * h
    ye = [ys[0] + step / 2] + [(ys[i] + ys[i + 1]) / 2 for i in range(len(ys) - 1)] + [ys[-1] - step / 2]
    return [(xe[j], ye[i + 1], xe[j + 1], ye[i]) for i in range(len(ys)) for j in range(len(xe) - 1)]


def _edges(values: list[float]) -> list[float]:
    out: list[float] = []
    for v in sorted(values):
        if not out or v - out[-1] > JOIN_TOL * 2:
            out.append(v)
    return out


def _nearest(edges: list[float], v: float) -> int:
    """Index of the edge nearest ``v`` in ``edges`` (sorted ascending or descending)."""
    if len(edges) > 1 and edges[0] > edges[-1]:
        return len(edges) - 1 - _nearest(edges[::-1], v)
    i = bisect.bisect_left(edges, v)
    if i == 0:
        return 0
    if i == len(edges):
        return len(edges) - 1
    return i if edges[i] - v < v - edges[i - 1] else i - 1


def _cell_text(text: str, chars: _Chars, mask: np.ndarray) -> str:
    """The text of the chars in ``mask``, in text order, whitespace collapsed: a gap in the
    text between two of them becomes a space, except a PDFium line-end hyphen mark, which
    joins the two parts of the word."""
    idx = np.sort(chars.idx[mask])
    if not len(idx):
        return ""
    parts = [text[idx[0]]]
    for a, b in zip(idx[:-1].tolist(), idx[1:].tolist()):
        gap = text[a + 1:b]
        if gap and not (any(ch in _HYPHEN_MARKS for ch in gap) and not gap.strip(_HYPHEN_MARKS + " \r\n")):
            parts.append(" ")
        parts.append(text[b])
    return " ".join("".join(parts).split())


def _span(chars: _Chars, mask: np.ndarray, allowed: np.ndarray) -> tuple[int, int] | None:
    """(start, end) of the page text covering the chars of ``mask``, or None when that span
    holds a char outside ``allowed`` (the text does not run cleanly)."""
    idx = chars.idx[mask]
    if not len(idx):
        return None
    start, end = int(idx.min()), int(idx.max()) + 1
    inside = (chars.idx >= start) & (chars.idx < end)
    if np.any(inside & ~allowed):
        return None
    return start, end


def _build_table(cells: list[tuple[float, float, float, float]], chars: _Chars, p: PageText) -> dict | None:
    """A table dict (without table_id) from pdfplumber's cell boxes, or None when it is not
    a table worth keeping (MIN_COLUMNS, MIN_FILLED, a data row)."""
    if not cells:
        return None
    xe = _edges([c[0] for c in cells] + [c[2] for c in cells])
    ye = _edges([c[1] for c in cells] + [c[3] for c in cells])[::-1]  # top first
    ncols, nrows = len(xe) - 1, len(ye) - 1
    if ncols < MIN_COLUMNS or nrows < 2:
        return None
    grid: list[list[str | None]] = [[None] * ncols for _ in range(nrows)]
    spans_cols: list[bool] = [False] * nrows  # a row holding a cell spanning columns
    merged: set[int] = set()  # rows touched by a cell spanning rows or columns
    any_cell = False
    for x0, y0, x1, y1 in cells:
        c0, c1 = _nearest(xe, x0), _nearest(xe, x1)
        r0, r1 = _nearest(ye, y1), _nearest(ye, y0)
        if c1 <= c0 or r1 <= r0:
            continue
        text = _cell_text(p.text, chars, chars.inside(x0, y0, x1, y1))
        any_cell = True
        if c1 - c0 > 1:
            spans_cols[r0] = True
        if c1 - c0 > 1 or r1 - r0 > 1:
            merged.update(range(r0, r1))
        for r in range(r0, r1):
            for c in range(c0, c1):
                grid[r][c] = text
    if not any_cell:
        return None
    # a first row that is one cell across the whole table is its title, not a header
    title = grid[0][0] if (nrows > 2 and 0 in merged and grid[0][0]
                           and all(v == grid[0][0] for v in grid[0])) else ""
    first = 1 if title else 0
    header_rows = first + 1
    while (header_rows < first + MAX_HEADER_ROWS and header_rows < nrows - 1
           and spans_cols[header_rows - 1]):
        header_rows += 1
    filled = sum(1 for row in grid for v in row if v)
    if filled < MIN_FILLED * nrows * ncols:
        return None
    if sum(1 for v in grid[first] if v) < MIN_HEADER_FILLED * ncols:
        return None  # no header: a grid of boxes (code and its output), not a table
    if header_rows == first + 1 and is_key_value_record(
            [v or "" for v in grid[first]], [[v or "" for v in row] for row in grid[first + 1:]]):
        header_rows = first  # a key/value table: its first row is a record, no column names
    columns = []
    for c in range(ncols):
        parts: list[str] = []
        for r in range(first, header_rows):
            v = grid[r][c] or ""
            if v and v not in parts:
                parts.append(v)
        columns.append(" / ".join(parts))
    left, right = xe[0], xe[-1]
    table_mask = chars.inside(left, ye[-1], right, ye[0])
    rows = []
    for r in range(header_rows, nrows):
        band_top, band_bottom = ye[r], ye[r + 1]
        values = [v or "" for v in grid[r]]
        if not any(values):
            continue
        if r in merged and len(set(values)) == 1:
            values = [values[0]] + [""] * (ncols - 1)  # one cell across the table: a note
        lines = [(top, bottom, vals, _span(chars, mask, mask))
                 for top, bottom, vals in _split_lines(chars, p.text, xe, band_top, band_bottom,
                                                       values, r in merged)
                 for mask in [chars.inside(left, bottom, right, top)]]
        if len(lines) > 1 and any(span is None for *_, span in lines):
            # the text runs column by column (one cell lists two names, the other wraps its
            # text): one row after all
            mask = chars.inside(left, band_bottom, right, band_top)
            lines = [(band_top, band_bottom, values, _span(chars, mask, mask))]
        for top, bottom, vals, span in lines:
            rows.append({"page": p.page, "cells": vals,
                         "bbox": [round(left, 2), round(bottom, 2), round(right, 2), round(top, 2)],
                         "char_start": span[0] if span else None,
                         "char_end": span[1] if span else None})
    if not rows:
        return None
    caption, cap_span = _caption(p.text, chars, table_mask, ye[0], ye[-1])
    caption = caption or title
    allowed = table_mask.copy()
    if cap_span:
        allowed |= (chars.idx >= cap_span[0]) & (chars.idx < cap_span[1])
    whole = _span(chars, allowed, allowed)
    return {
        "_above": _line_count(chars, chars.y > ye[0] + CROSS_TOL),
        "_below": _line_count(chars, chars.y < ye[-1] - CROSS_TOL),
        "table_id": "", "page": p.page, "page_end": p.page, "caption": caption,
        "caption_start": cap_span[0] if cap_span else None,
        "caption_end": cap_span[1] if cap_span else None,
        "columns": columns, "header_rows": header_rows,
        "bbox": [round(left, 2), round(ye[-1], 2), round(right, 2), round(ye[0], 2)],
        "char_start": whole[0] if whole else None, "char_end": whole[1] if whole else None,
        "rows": rows,
    }


def _line_count(chars: _Chars, mask: np.ndarray) -> int:
    """How many text lines the chars of ``mask`` make (LINE_GAP between box centres)."""
    if not mask.any():
        return 0
    ys = np.sort(chars.y[mask])
    tol = max(float(np.median(chars.h[mask])) * LINE_GAP, 1.0)
    return 1 + int(np.count_nonzero(np.diff(ys) > tol))


def _split_lines(chars: _Chars, text: str, xe: list[float], top: float, bottom: float,
                 values: list[str], merged: bool) -> list[tuple[float, float, list[str]]]:
    """One pdfplumber row as [(top, bottom, cells)]: itself, or one row per text line when
    it holds k >= 2 lines and every non-empty cell has text on each of them (a table without
    rules between its rows). A row with merged cells is never split."""
    whole = [(top, bottom, values)]
    if merged:
        return whole
    mask = chars.inside(xe[0], bottom, xe[-1], top)
    if mask.sum() < 2:
        return whole
    ys = sorted(chars.y[mask].tolist(), reverse=True)
    tol = max(float(np.median(chars.h[mask])) * LINE_GAP, 1.0)
    groups: list[list[float]] = [[ys[0]]]
    for prev, y in zip(ys[:-1], ys[1:]):
        if prev - y > tol:
            groups.append([])
        groups[-1].append(y)
    if len(groups) < 2:
        return whole
    lines = []
    for i, g in enumerate(groups):
        hi = top if i == 0 else (groups[i - 1][-1] + g[0]) / 2
        lo = bottom if i == len(groups) - 1 else (g[-1] + groups[i + 1][0]) / 2
        cells = []
        for c in range(len(xe) - 1):
            cells.append(_cell_text(text, chars, chars.inside(xe[c], lo, xe[c + 1], hi)))
        lines.append((hi, lo, cells))
    for c, v in enumerate(values):
        if v and not all(cells[c] for _, _, cells in lines):
            return whole
    return lines


def _caption(text: str, chars: _Chars, table_mask: np.ndarray, top: float,
             bottom: float) -> tuple[str, tuple[int, int] | None]:
    """The table's caption and its span in ``text``: the text lines just before the table
    in text order (up to CAPTION_LINES non-blank lines, all above the table, the nearest
    within CAPTION_GAP points of its top) from the first that matches CAPTION_RE; else the
    line just after the table when it matches and lies within CAPTION_GAP below it."""
    idx = chars.idx[table_mask]
    if not len(idx):
        return "", None
    first, last = int(idx.min()), int(idx.max()) + 1
    y_of = dict(zip(chars.idx.tolist(), chars.y.tolist()))
    table_line = _line_start(text, first)
    pos, seen = table_line, 0
    while seen < CAPTION_LINES and pos > 0:
        end = _skip_back_break(text, pos)
        start = _line_start(text, end)
        pos = start
        if not text[start:end].strip():
            continue
        ys = [y_of[i] for i in range(start, end) if i in y_of]
        if not ys or min(ys) < top - CROSS_TOL:
            break  # not above the table
        seen += 1
        if CAPTION_RE.match(text[start:end]):
            near = [y_of[i] for i in range(start, table_line) if i in y_of]
            if min(near) <= top + CAPTION_GAP:
                stop = rstrip_span(text, start, table_line)
                return " ".join(text[start:stop].split()), (start, stop)
            break
    after = lstrip_span(text, last, len(text))
    end = _line_end(text, after)
    ys = [y_of[i] for i in range(after, end) if i in y_of]
    if (CAPTION_RE.match(text[after:end]) and ys
            and bottom - CAPTION_GAP <= min(ys) and max(ys) <= bottom + CROSS_TOL):
        stop = rstrip_span(text, after, end)
        return " ".join(text[after:stop].split()), (after, stop)
    return "", None


def _line_start(text: str, offset: int) -> int:
    return max(text.rfind("\n", 0, offset), text.rfind("\r", 0, offset)) + 1


def _skip_back_break(text: str, offset: int) -> int:
    """The offset before the line break that ends at ``offset`` (so the previous line)."""
    while offset > 0 and text[offset - 1] in "\r\n":
        offset -= 1
    return offset


def _line_end(text: str, offset: int) -> int:
    ends = [i for i in (text.find("\r", offset), text.find("\n", offset)) if i >= 0]
    return min(ends) if ends else len(text)


# ---------------------------------------------------------------------------------------
# 3. Stitching


def _norm(s: str) -> str:
    return "".join(s.split()).casefold()


def stitch(tables: list[dict]) -> list[dict]:
    """Join each table to the one before it when it continues it (module docstring, step 3):
    the first table of the next page, with at most CONTINUE_LINES text lines above it there,
    whose header (its first row) repeats the column headers of the table before it, the last
    table of its page with at most CONTINUE_LINES lines below it, and which has no caption of
    its own (the same caption again, or one saying "continued" (CONTINUED_RE), is fine).
    The repeated header is dropped; the rows keep their own page. ``tables`` come in
    document order, as :func:`_page_tables` makes them; the private "_above"/"_below" keys
    are removed."""
    out: list[dict] = []
    for t in tables:
        prev = out[-1] if out else None
        if prev is not None and _continues(prev, t):
            prev["rows"].extend(t["rows"])
            prev["page_end"] = t["page"]
            prev["_below"] = t["_below"]
            continue
        out.append(t)
    for t in out:
        t.pop("_above", None)
        t.pop("_below", None)
    return out


def _continues(prev: dict, t: dict) -> bool:
    if t["page"] != prev["page_end"] + 1 or len(t["columns"]) != len(prev["columns"]):
        return False
    if t["table_id"] not in (f"p{t['page']}-t1", f"p{t['page']}-u1"):
        return False  # not the first table of its page (a page's tables are ruled or not)
    if prev["_below"] > CONTINUE_LINES or t["_above"] > CONTINUE_LINES:
        return False
    if (t["caption"] and _norm(t["caption"]) != _norm(prev["caption"])
            and not CONTINUED_RE.search(t["caption"])):
        return False  # a table of its own ("Table 7" after "Table 6" with the same columns)
    return [_norm(c) for c in t["columns"]] == [_norm(c) for c in prev["columns"]]
