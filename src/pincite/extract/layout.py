"""Page layout from PDFium: the lines of a page with their boxes and first-char style, the
reading order of a two-column page whose columns PDFium gives interleaved, and the maps from
a rewritten page text back to PDFium's.

Rule (docs/decisions/0003-pages-labels-layout.md): a two-column page gives the left column
before the right, whatever order PDFium stored the text in. This module reads
a PDFium text page that extraction already holds open (:mod:`pincite.extract.pdf`); it opens
no file and imports no later stage.

Units: offsets are Python indexes into the page text; coordinates are PDF points in page
space, origin bottom-left (as PDFium's char boxes and text rectangles).

**Lines** (:func:`scan_lines`, run on every text page, so it stays cheap: about 6 PDFium calls
per line plus one per text rectangle). A line is a run of the page text between line breaks
with a visible char; its box is the union of PDFium's text rectangles over its chars
(``FPDFText_CountRects``: one rectangle per run of one text object), split into *pieces*
where two rectangles of the line lie at least ``GAP_MIN_PT`` apart. The style is sampled on
the line's first visible char only: effective font size (``FPDFText_GetFontSize`` times the
scale of the char's matrix, so a PDF that sets ``Tf 1`` and scales with ``Tm`` still gives
its real size) and boldness (``FPDFText_GetFontWeight`` >= 600 or a bold-like font name).

**Reading order** (:func:`reading_order`). PDFium's text follows the content stream, which
is the reading order on nearly every page (LaTeX and Word write a column at a time). A
generator that draws a page row by row across both columns makes PDFium merge a row of the
left column and the row beside it into one text line ("left 1 right 1", the two halves as
separate pieces). Such a page is recognised and only then rewritten:

1. A *gutter*: an x in the middle half of the page that few pieces cross, with at least
   ``MIN_COLUMN_LINES`` pieces wholly on each side (pre-check: without that many pieces
   ending left of 60% and starting right of 40% of the width, nothing more is computed).
2. Each piece is labelled L (left of the gutter), R (right of it) or F (across it: a title,
   a full-width paragraph); a top or bottom row separated from the rest by at least a line
   height (running header, folio) counts as F too.
3. Bands are the runs of L/R pieces between F pieces, in text order. A band is interleaved
   when an R piece is followed by a lower L piece at least ``MIN_SWITCHES`` times; only then
   is its text given as its L pieces, then its R pieces (each group in PDFium's order).

The rewritten text joins the pieces with "\\r\\n" (as PDFium ends lines); ``char_map`` maps it
back: [text_start, source_start, length] runs, where source_start is an offset into PDFium's
own text of the page (``get_text_range()``); the "\\r\\n" between pieces map to nothing. An
empty map means the page text *is* PDFium's text (identity). :func:`to_source` applies it.

**Margin notes** (:func:`pincite.extract.margins.margin_notes`, run on a page
:func:`reading_order` leaves as it is) are found and moved by `extract.margins`, with the
lines and maps of this module.

**Chars left out.** The same kind of map serves a page text from which extraction left out
chars of PDFium's text (glyphs the PDF marks as no text, see :mod:`pincite.extract.pdf`):
:func:`drop_chars` gives the shorter text and its map; :func:`scan_lines` and
:func:`reading_order` take that map (and PDFium's text) to find the char indexes, and
:func:`reading_order` gives back a map composed with it (:func:`compose_maps`), so a
reordered page with chars left out still maps straight back to PDFium's text.
"""
from __future__ import annotations

import ctypes
import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass

import pypdfium2.raw as pdfium_c

from pincite.extract.geometry import unchecked

#: Two text rectangles of one PDFium line at least this far apart (points) are separate
#: pieces. A word space at 9-12 pt is 2-4 pt, a justified line stretches it to ~6 pt; a
#: column gutter is 10 pt (LaTeX \columnsep) to 36 pt (Word's default is 0.5 in).
GAP_MIN_PT = 7.0
#: A column needs at least this many pieces wholly on its side of the gutter (fewer is a
#: caption or a margin note beside a single column).
MIN_COLUMN_LINES = 3
#: A page is read as interleaved when PDFium's order goes from a right-column piece to a lower
#: left-column piece at least this often in one band: 1 can be a stray header or folio.
MIN_SWITCHES = 2
#: At most this share of the pieces may cross the gutter (full-width titles, rules of text).
MAX_CROSSING_SHARE = 0.15
#: A line with this many pieces or more is a table row; a page with more than
#: TABLE_LINE_SHARE of its lines so is a table, not two columns of prose.
TABLE_PIECES = 3
TABLE_LINE_SHARE = 0.3
#: The gutter is looked for between these shares of the page width (two columns of any
#: usual proportion put it there; a wide margin note does not).
GUTTER_BAND = (0.25, 0.75)
#: A column of running text is at least this share of the page wide (a column of page
#: numbers or units is not), its median line starts within COLUMN_INDENT_SHARE of its width
#: from its left edge and fills at least COLUMN_FILL_SHARE of it (justified or ragged-right
#: prose: most lines run to the margin; a table column of labels or a code listing beside its
#: output does not). Measured on ../shared/corpus/pdf: without the fill rule, 160 pages of
#: two-column tables, contents and lshort's code/output examples looked like columns.
MIN_COLUMN_SHARE = 0.25
COLUMN_INDENT_SHARE = 0.1
COLUMN_FILL_SHARE = 0.75
#: Boldness is looked up only on lines of at most this many chars: longer lines are body
#: text, never a heading (pincite.extract.headings.HEADING_MAX_CHARS is smaller).
STYLE_MAX_CHARS = 160
#: A font weight from this value up is bold (CSS / OpenType: 600 is semi-bold).
BOLD_WEIGHT = 600
_BOLD_NAME = re.compile(r"bold|black|heavy|semibold|demi|,b\b|-b\b|bd\b", re.IGNORECASE)
FONT_NAME_BYTES = 128

# the PDFium calls made per line, without ctypes' argument conversion (geometry.unchecked)
_FONT_SIZE, _MATRIX = unchecked(pdfium_c.FPDFText_GetFontSize), unchecked(pdfium_c.FPDFText_GetMatrix)
_FONT_WEIGHT, _FONT_INFO = unchecked(pdfium_c.FPDFText_GetFontWeight), unchecked(pdfium_c.FPDFText_GetFontInfo)
_COUNT_RECTS, _GET_RECT = unchecked(pdfium_c.FPDFText_CountRects), unchecked(pdfium_c.FPDFText_GetRect)


@dataclass(slots=True)
class Line:
    """One line of a page text with a visible char.

    start, end: [start, end) in the page text: its first to last visible char (no line break).
    left, bottom, right, top: the union of its text rectangles, in points, origin bottom-left
        (0s when PDFium gives no rectangle).
    pieces: (left, right) x extents of its runs separated by gaps >= GAP_MIN_PT, in text order.
    size: effective font size of its first visible char, in points (0 when unknown).
    bold: that char's font is bold (weight >= BOLD_WEIGHT or a bold-like font name).
    """

    start: int
    end: int
    left: float = 0.0
    bottom: float = 0.0
    right: float = 0.0
    top: float = 0.0
    pieces: tuple[tuple[float, float], ...] = ()
    size: float = 0.0
    bold: bool = False

    @property
    def height(self) -> float:
        return self.top - self.bottom


class LineIndex:
    """Python offsets of a page text -> PDFium char indexes (identity on nearly every page;
    see :mod:`pincite.extract.pdf`, "PDFium quirks").

    ``char_map`` (PageText.char_map runs [text_start, source_start, length]) maps ``text``
    back to ``source``, PDFium's own text of the page, when ``text`` is not it (chars left
    out, see :func:`drop_chars`); empty or None: ``text`` is PDFium's text. ValueError when
    a map comes without ``source``."""

    def __init__(self, textpage, text: str, char_map=None, source: str | None = None):
        self.raw = textpage.raw if hasattr(textpage, "raw") else textpage
        self.runs = [tuple(r) for r in char_map or []]
        if self.runs and source is None:
            raise ValueError("a char_map needs the text it maps back to (source)")
        self._starts = [r[0] for r in self.runs]
        self.text = source if self.runs and source is not None else text  # PDFium's own text of the page
        self.count = pdfium_c.FPDFText_CountChars(self.raw)
        self.identity = len(self.text.encode("utf-16-le")) // 2 == len(self.text) == self.count
        self._pos = 0
        self._units = 0

    def __call__(self, i: int) -> int:
        """PDFium char index of offset ``i`` (-1 when it has none)."""
        if self.runs:
            k = bisect_right(self._starts, i) - 1
            if k < 0 or i >= self.runs[k][0] + self.runs[k][2]:
                return -1  # a char of no run (a line break put between reordered pieces)
            i = self.runs[k][1] + i - self.runs[k][0]
        if self.identity:
            return i if 0 <= i < self.count else -1
        if i < self._pos:  # offsets are asked in increasing order; restart otherwise
            self._pos, self._units = 0, 0
        self._units += len(self.text[self._pos:i].encode("utf-16-le")) // 2
        self._pos = i
        return pdfium_c.FPDFText_GetCharIndexFromTextIndex(self.raw, self._units)


def scan_lines(textpage, text: str, char_map=None, source: str | None = None) -> list[Line]:
    """The lines of ``text`` (PDFium's text of ``textpage``, or a same-length repair of it,
    or PDFium's text ``source`` with chars left out, mapped back to it by ``char_map``,
    see :func:`drop_chars`) with boxes, pieces and first-char style; see the module
    docstring. A line's box covers its chars from its first to its last kept one.
    ``bold`` is only looked up on lines of at most STYLE_MAX_CHARS chars (longer ones are
    body text, never a heading). Never raises on a PDFium failure: a value PDFium does not
    give stays 0 / empty."""
    index = LineIndex(textpage, text, char_map, source)
    raw = index.raw
    out: list[Line] = []
    box = (ctypes.c_double(), ctypes.c_double(), ctypes.c_double(), ctypes.c_double())  # left, top, right, bottom
    box_refs = tuple(ctypes.byref(x) for x in box)
    matrix = pdfium_c.FS_MATRIX()
    name = ctypes.create_string_buffer(FONT_NAME_BYTES)
    flags = ctypes.c_int()
    pos = 0
    for chunk in text.splitlines(keepends=True):
        body = chunk.rstrip("\r\n")
        stripped = body.strip()
        if stripped and stripped.strip("\ufffe"):
            start = pos + (len(body) - len(body.lstrip()))
            end = pos + len(body.rstrip())
            line = Line(start, end)
            k0, k1 = index(start), index(end - 1)
            if k0 >= 0:
                line.size, line.bold = line_style(raw, k0, matrix, name, flags, end - start <= STYLE_MAX_CHARS)
                if k1 >= k0:
                    _geometry(raw, k0, k1 - k0 + 1, line, box, box_refs)
            out.append(line)
        pos += len(chunk)
    return out


def line_style(raw, k: int, matrix, name, flags, want_bold: bool = True) -> tuple[float, bool]:
    """(effective font size, bold) of char ``k`` of the text page ``raw`` (module docstring,
    **Lines**): ``matrix`` (FS_MATRIX), ``name`` (a buffer of FONT_NAME_BYTES) and ``flags``
    (c_int) are scratch space the caller may reuse; bold is False unless ``want_bold``."""
    size = _FONT_SIZE(raw, k)
    if _MATRIX(raw, k, ctypes.byref(matrix)):
        scale = abs(matrix.a * matrix.d - matrix.b * matrix.c) ** 0.5
        if scale > 0:
            size *= scale
    if not want_bold:
        return round(float(size), 2), False
    bold = _FONT_WEIGHT(raw, k) >= BOLD_WEIGHT
    if not bold:
        n = _FONT_INFO(raw, k, name, FONT_NAME_BYTES, ctypes.byref(flags))
        bold = bool(n) and bool(_BOLD_NAME.search(name.value.decode("latin-1", "replace")))
    return round(float(size), 2), bold


def _geometry(raw, k: int, count: int, line: Line, box, box_refs) -> None:
    """Box and pieces of ``line`` from the text rectangles of its ``count`` chars from
    char ``k``; ``box``: four c_double (left, top, right, bottom) and ``box_refs`` their
    references, scratch space."""
    n = _COUNT_RECTS(raw, k, count)
    get = _GET_RECT
    left, t, r, b = box
    pieces: list[list[float]] = []
    x0 = y0 = float("inf")
    x1 = y1 = float("-inf")
    for j in range(max(0, n)):
        if not get(raw, j, *box_refs):
            continue
        a, c, lo, hi = left.value, r.value, b.value, t.value
        x0, x1 = min(x0, a), max(x1, c)
        y0, y1 = min(y0, lo), max(y1, hi)
        if pieces and a - pieces[-1][1] < GAP_MIN_PT and pieces[-1][0] - c < GAP_MIN_PT:
            last = pieces[-1]
            last[0], last[1] = min(last[0], a), max(last[1], c)
        else:
            pieces.append([a, c])
    if pieces:
        line.left, line.bottom, line.right, line.top = x0, y0, x1, y1
        line.pieces = tuple((p[0], p[1]) for p in pieces)


# -- reading order -----------------------------------------------------------------------
@dataclass(slots=True)
class _Piece:
    line: Line
    side: str  # "L", "R" or "F"
    part: int  # 0: the whole line or its left part; 1: its right part
    left: float
    right: float


def find_gutter(lines: list[Line], width: float) -> float | None:
    """x (points) of the gutter between two columns, or None when the page is not two
    columns of text (module docstring, step 1). ``width``: the page width in points."""
    if width <= 0 or len(lines) < 2 * MIN_COLUMN_LINES:
        return None
    pieces = [p for ln in lines for p in ln.pieces]
    least = COLUMN_FILL_SHARE * MIN_COLUMN_SHARE * width  # shortest piece a column needs
    if sum(p[1] < 0.6 * width and p[1] - p[0] >= least for p in pieces) < MIN_COLUMN_LINES \
            or sum(p[0] > 0.4 * width and p[1] - p[0] >= least for p in pieces) < MIN_COLUMN_LINES:
        return None  # single column: nearly every piece spans the middle
    if sum(len(ln.pieces) >= TABLE_PIECES for ln in lines) > TABLE_LINE_SHARE * len(lines):
        return None
    lo, hi = GUTTER_BAND[0] * width, GUTTER_BAND[1] * width
    starts = sorted(p[0] for p in pieces)
    ends = sorted(p[1] for p in pieces)
    best: tuple[int, float] | None = None
    for x in sorted({x for p in pieces for x in (p[0] - 0.5, p[1] + 0.5) if lo <= x <= hi}):
        crossing = bisect_left(starts, x) - bisect_right(ends, x)  # pieces with start < x < end
        if best is None or crossing < best[0]:
            best = (crossing, x)
    if best is None:
        return None
    crossing, x = best
    if crossing > MAX_CROSSING_SHARE * len(pieces):
        return None
    lefts = [p for p in pieces if p[1] <= x]
    rights = [p for p in pieces if p[0] >= x]
    if not (_prose_column(lefts, width) and _prose_column(rights, width)):
        return None
    return x


def _prose_column(pieces: list[tuple[float, float]], width: float) -> bool:
    """Do these pieces fill a column of running text (not a table's column of labels,
    numbers or page references)? At least MIN_COLUMN_LINES pieces, a column (lower quartile
    of the pieces' left edges to upper quartile of their right edges, so a stray folio or
    caption does not widen it) at least MIN_COLUMN_SHARE of the page wide, the median piece
    starting within COLUMN_INDENT_SHARE of the column's left edge and at least
    COLUMN_FILL_SHARE of its width long."""
    if len(pieces) < MIN_COLUMN_LINES:
        return False
    lefts = sorted(p[0] for p in pieces)
    rights = sorted(p[1] for p in pieces)
    left, right = lefts[len(lefts) // 4], rights[(3 * len(rights)) // 4]
    span = right - left
    if span < MIN_COLUMN_SHARE * width:
        return False
    indents = sorted(abs(p[0] - left) for p in pieces)
    lengths = sorted(p[1] - p[0] for p in pieces)
    mid = len(pieces) // 2
    return indents[mid] <= COLUMN_INDENT_SHARE * span and lengths[mid] >= COLUMN_FILL_SHARE * span


def _label(lines: list[Line], gutter: float) -> list[_Piece]:
    """Pieces in text order with their side of the gutter (a line with pieces on both sides
    gives an L and an R piece)."""
    out: list[_Piece] = []
    for ln in lines:
        if not ln.pieces:
            out.append(_Piece(ln, "F", 0, ln.left, ln.right))
            continue
        lefts = [p for p in ln.pieces if p[1] <= gutter]
        rights = [p for p in ln.pieces if p[0] >= gutter]
        if len(lefts) + len(rights) < len(ln.pieces) or (not lefts and not rights):
            out.append(_Piece(ln, "F", 0, ln.left, ln.right))
        elif lefts and rights:
            if ln.pieces.index(rights[0]) < ln.pieces.index(lefts[-1]):
                out.append(_Piece(ln, "F", 0, ln.left, ln.right))  # right part before left: leave it
                continue
            out.append(_Piece(ln, "L", 0, lefts[0][0], lefts[-1][1]))
            out.append(_Piece(ln, "R", 1, rights[0][0], rights[-1][1]))
        else:
            out.append(_Piece(ln, "L" if lefts else "R", 0, ln.left, ln.right))
    _mark_edges(out)
    return out


def _mark_edges(pieces: list[_Piece], rows: int = 2) -> None:
    """Mark as F the top and bottom rows (up to ``rows`` each) that stand apart from the rest
    by at least a median line height: running headers and folios stay where PDFium put them."""
    heights = sorted(p.line.height for p in pieces if p.line.height > 0)
    if not heights:
        return
    h = heights[len(heights) // 2]
    for top_first in (True, False):
        for _ in range(rows):
            rest = [p for p in pieces if p.side != "F"]
            if len(rest) < 2:
                return
            key = (lambda p: p.line.top) if top_first else (lambda p: -p.line.bottom)
            edge = max(key(p) for p in rest)
            row = [p for p in rest if key(p) >= edge - 0.5 * h]
            others = [p for p in rest if key(p) < edge - 0.5 * h]
            if not others:
                break
            if top_first:
                gap = min(p.line.bottom for p in row) - max(p.line.top for p in others)
            else:
                gap = min(p.line.bottom for p in others) - max(p.line.top for p in row)
            if gap < h:
                break
            for p in row:
                p.side = "F"


def _bands(pieces: list[_Piece]) -> list[list[_Piece]]:
    """Runs of pieces between F pieces; each F piece is a band of its own."""
    bands: list[list[_Piece]] = []
    for p in pieces:
        if p.side == "F":
            bands.append([p])
            bands.append([])
        elif bands:
            bands[-1].append(p)
        else:
            bands.append([p])
    return [b for b in bands if b]


def _interleaved(band: list[_Piece]) -> bool:
    switches = sum(1 for a, b in zip(band, band[1:])
                   if a.side == "R" and b.side == "L" and b.line.top < a.line.top)
    return switches >= MIN_SWITCHES


def is_interleaved(lines: list[Line], width: float) -> bool:
    """True when the page is two columns whose lines PDFium interleaves (module docstring)."""
    gutter = find_gutter(lines, width)
    if gutter is None:
        return False
    return any(_interleaved(b) for b in _bands(_label(lines, gutter)))


def reading_order(textpage, text: str, lines: list[Line], width: float,
                  char_map=None, source: str | None = None
                  ) -> tuple[str, list[list[int]], list[Line]] | None:
    """The page text in reading order when the page is an interleaved two-column page, else
    None (nothing to change).

    textpage: the PDFium text page ``text`` and ``lines`` were read from (char boxes find
    where a merged line passes from the left column to the right). ``char_map`` and
    ``source``: as in :func:`scan_lines`, when ``text`` is PDFium's text with chars left
    out. Returns (text, char_map, lines): the new text, its map back to PDFium's own text of
    the page (``source`` when given, else ``text``; [text_start, source_start, length] runs,
    module docstring; composed with the given ``char_map``) and its lines (offsets into the
    new text; a merged line becomes two).
    """
    gutter = find_gutter(lines, width)
    if gutter is None:
        return None
    pieces = _label(lines, gutter)
    bands = _bands(pieces)
    if not any(_interleaved(b) for b in bands):
        return None
    index = LineIndex(textpage, text, char_map, source)
    spans = _piece_spans(index, text, pieces, gutter)
    order: list[_Piece] = []
    for band in bands:
        if _interleaved(band):
            order.extend(p for p in band if p.side == "L")
            order.extend(p for p in band if p.side == "R")
        else:
            order.extend(band)
    parts: list[str] = []
    new_map: list[list[int]] = []
    new_lines: list[Line] = []
    pos = 0
    for p in order:
        s, e = spans[id(p)]
        if e <= s:
            continue
        if parts:
            parts.append("\r\n")
            pos += 2
        parts.append(text[s:e])
        new_map.append([pos, s, e - s])
        new_lines.append(_piece_line(index, p, pos, pos + e - s, s))
        pos += e - s
    return "".join(parts), compose_maps(new_map, char_map or []), new_lines


def _piece_spans(index: LineIndex, text: str, pieces: list[_Piece], gutter: float) -> dict[int, tuple[int, int]]:
    """[start, end) of each piece in the old text; a merged line is cut at its first char
    whose box starts right of the gutter (whitespace at the cut left out)."""
    out: dict[int, tuple[int, int]] = {}
    left, r, b, t = (ctypes.c_double() for _ in range(4))
    i = 0
    while i < len(pieces):
        p = pieces[i]
        nxt = pieces[i + 1] if i + 1 < len(pieces) else None
        if nxt is not None and nxt.line is p.line:
            cut = p.line.end
            for off in range(p.line.start, p.line.end):
                if text[off].isspace():
                    continue
                k = index(off)
                if k >= 0 and pdfium_c.FPDFText_GetCharBox(index.raw, k, left, r, b, t) and left.value >= gutter:
                    cut = off
                    break
            left_end = cut
            while left_end > p.line.start and text[left_end - 1].isspace():
                left_end -= 1
            out[id(p)] = (p.line.start, left_end)
            out[id(nxt)] = (cut, p.line.end)
            i += 2
            continue
        out[id(p)] = (p.line.start, p.line.end)
        i += 1
    return out


def _piece_line(index: LineIndex, p: _Piece, start: int, end: int, old_start: int) -> Line:
    """The Line of a piece at [start, end) of the new text (style re-read for a right part)."""
    ln = p.line
    line = Line(start, end, p.left, ln.bottom, p.right, ln.top,
                tuple(x for x in ln.pieces if (x[1] <= p.right and x[0] >= p.left)) or ((p.left, p.right),),
                ln.size, ln.bold)
    if p.part == 1:
        k = index(old_start)
        if k >= 0:
            line.size, line.bold = line_style(index.raw, k, pdfium_c.FS_MATRIX(),
                                          ctypes.create_string_buffer(FONT_NAME_BYTES), ctypes.c_int())
    return line


def to_source(char_map: list[list[int]] | list[tuple[int, int, int]], start: int, end: int
              ) -> list[tuple[int, int]]:
    """Spans of PDFium's own page text that text[start:end] was copied from, in text order
    ([(start, end)] itself when ``char_map`` is empty; chars of no run, the line breaks
    between reordered pieces, are left out)."""
    if end <= start:
        return []
    if not char_map:
        return [(start, end)]
    out: list[tuple[int, int]] = []
    for t, s, n in char_map:
        a, b = max(start, t), min(end, t + n)
        if a < b:
            out.append((s + a - t, s + b - t))
    return out


def source_offset(char_map: list[list[int]] | list[tuple[int, int, int]], i: int) -> int:
    """Offset in PDFium's own text of offset ``i`` of the page text; for a char of no run,
    the start of the next run (the end of the last one past the end)."""
    if not char_map:
        return i
    for t, s, n in char_map:
        if i < t + n:
            return s + max(0, i - t)
    t, s, n = char_map[-1]
    return s + n


def drop_chars(text: str, offsets) -> tuple[str, list[list[int]]]:
    """``text`` without the chars at ``offsets`` (Python offsets into it; out-of-range ones
    are ignored), and the char_map of the result back to ``text``: [text_start,
    source_start, length] runs, one per kept stretch (module docstring). No offset: (text,
    []), the identity map."""
    gone = sorted({i for i in offsets if 0 <= i < len(text)})
    if not gone:
        return text, []
    parts: list[str] = []
    runs: list[list[int]] = []
    pos = start = 0
    for i in gone + [len(text)]:
        if i > start:
            parts.append(text[start:i])
            runs.append([pos, start, i - start])
            pos += i - start
        start = i + 1
    return "".join(parts), runs


def compose_maps(outer: list[list[int]] | list[tuple[int, int, int]],
                 inner: list[list[int]] | list[tuple[int, int, int]]) -> list[list[int]]:
    """The char_map of a text A back to a text C, from ``outer`` (A back to B) and
    ``inner`` (B back to C), both [text_start, source_start, length] runs (module
    docstring); an empty map is the identity. A char of A maps to C when its char of B
    does; runs that continue each other in both texts are merged."""
    if not inner:
        return [list(r) for r in outer]
    if not outer:
        return [list(r) for r in inner]
    ordered = sorted(tuple(r) for r in inner)
    starts = [r[0] for r in ordered]
    out: list[list[int]] = []
    for t, s, n in outer:
        k = max(0, bisect_right(starts, s) - 1)
        while k < len(ordered) and ordered[k][0] < s + n:
            b, c, m = ordered[k]
            lo, hi = max(s, b), min(s + n, b + m)
            if lo < hi:
                a0, c0, length = t + lo - s, c + lo - b, hi - lo
                last = out[-1] if out else None
                if last and last[0] + last[2] == a0 and last[1] + last[2] == c0:
                    last[2] += length
                else:
                    out.append([a0, c0, length])
            k += 1
    return out
