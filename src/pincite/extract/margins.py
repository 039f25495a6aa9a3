"""Margin notes of a PDF page: short notes PDFium puts inside a paragraph, found by geometry
and moved after the paragraph they stand in, and the same geometry for another extractor's
words (the cross-check).

This module reads a PDFium text page that extraction already holds open, with the lines
`extract.layout` scanned (`Line`, `find_gutter`, `compose_maps`); it opens no file, never
reorders columns (`extract.layout.reading_order` does) and imports no later stage. Units as
in `extract.layout`: offsets index the page text, coordinates are PDF points, origin
bottom-left.

Size: over 600 lines as one algorithm: finding the body column and finding the notes share
their tests of a note (in a margin, short, no list label, beside body text) in both
directions, so the body column, the notes, their stacks and the rewrite stay together.

**Margin notes** (:func:`margin_notes`, run on a page :func:`reading_order` leaves as it
is). A manual may set short notes in a narrow column beside its body text (siunitx puts
each option's name in the left margin); PDFium gives them where the content stream has
them, which can be inside a paragraph: "The standard\r\ndisplay-per-mode\r\n...\r\nsetting
is power", so no sentence of it reads whole. Such a page is recognised by geometry and only
then rewritten:

1. A *body column* (:func:`margin_body`): no gutter (:func:`find_gutter`); at least
   MIN_BODY_LINES pieces start at one left edge and the column is at least
   MIN_BODY_WIDTH_SHARE of the page wide; something starts NOTE_GAP_MIN_PT left of it (or
   ends right of a justified right edge), and no line in a margin is wider than a note.
2. *Notes*: lines that lie in a margin, or the first (last) part of a line that goes on in
   the column, cut by char boxes where whitespace and a gap of NOTE_SEP_MIN_PT separate
   them (:func:`_split`); at most NOTE_MAX_WORDS words, with letters, no list label or line
   number, no taller than NOTE_MAX_HEIGHT lines, beside body text. A margin holding a
   longer line (a sidebar of running text), or more than MAX_CROSSING_LINES lines running
   from the margin into the column other than so (the "column" is a paragraph indent):
   nothing is changed.
3. *Stacks*: notes one above the other; a stack whose notes mostly share their lines with
   body text that is not justified prose is a table's first column, not notes.
4. A stack *moves* only when one of its notes stands, in PDFium's order, between two body
   lines of one paragraph (the first full, the next at the column's left edge just below
   it) or between two parts of one row. It goes, in PDFium's order, after the last line of
   that paragraph, as a paragraph of its own (a blank line before and after it): sentences
   stay whole, and the notes stay next to the text they annotate (not at the page's end,
   where they would also cut a sentence running on to the next page). Notes that sit
   between blocks (l3doc's "Updated:" notes after a description, zhnumber) stay where
   PDFium put them.

The rewritten text keeps PDFium's text as it was around the notes (only the notes and the
whitespace and line break that went with each are cut out); ``char_map`` maps it back as
for a reordered page, the inserted line breaks map to nothing.
:func:`margin_words` gives the same geometry to a second extractor's words (the
cross-check, :mod:`pincite.eval.crosscheck`).
"""
from __future__ import annotations

import ctypes
import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass

import pypdfium2.raw as pdfium_c

from pincite.extract.layout import (
    FONT_NAME_BYTES,
    GAP_MIN_PT,
    STYLE_MAX_CHARS,
    Line,
    LineIndex,
    compose_maps,
    find_gutter,
    line_style,
)

# -- margin notes ------------------------------------------------------------------------
#: A margin note ends at least this far (points) left of the body column's left edge (or
#: starts this far right of its right edge); siunitx and l3doc leave 5-6 pt.
NOTE_GAP_MIN_PT = 2.0
#: Left (or right) edges within twice this many points are one edge.
COLUMN_EDGE_PT = 1.5
#: The body column: at least MIN_BODY_LINES pieces start at one left edge, together as wide
#: as MIN_BODY_SHARE of all pieces (a share of the text, not of the lines, so a table that one
#: extractor gives cell by cell and another row by row counts alike), and the column they
#: span is at least MIN_BODY_WIDTH_SHARE of the page wide (a column of a two-column page is
#: under half of it).
MIN_BODY_LINES = 6
MIN_BODY_SHARE = 0.3
MIN_BODY_WIDTH_SHARE = 0.5
#: The body's right edge is justified (right margin notes are only looked for then) when at
#: least this many of its pieces end at one right edge, its upper decile or further right.
MIN_JUSTIFIED_LINES = 4
#: A margin note line has at most NOTE_MAX_CHARS chars in at most NOTE_MAX_WORDS words (a
#: term, an option's name, "Updated: 2022-07-10"; a line of a sidebar's running text has
#: more, and a margin holding such a line holds no notes), at least NOTE_MIN_LETTERS letters
#: and is no list label (so a line number, folio, "(iv)", "a)", "2.3" is none), is at most
#: NOTE_MAX_SHARE of the page wide and at most NOTE_MAX_HEIGHT median line heights tall (a
#: rotated arXiv or draft stamp is taller).
NOTE_MAX_CHARS = 60
NOTE_MAX_WORDS = 3
NOTE_MIN_LETTERS = 3
NOTE_MAX_SHARE = 0.3
NOTE_MAX_HEIGHT = 2.0
#: An overfull note may run into the body column by this share of the column's width (on
#: siunitx's pages "uncertainty-descriptor-separator" does, beside a line's first word).
NOTE_OVERRUN_SHARE = 0.1
#: A note and the body text on its line lie at least this far apart (points): a margin note
#: is set off by \marginparsep (siunitx: 5.4 pt), a word space at 10 pt is about 3.3 pt.
NOTE_SEP_MIN_PT = 4.0
#: At most this many lines may run from a margin into the body column other than as a note
#: beside body text (a heading or running head set wider than the body): more, and the
#: "body column" is a paragraph indent with the real left edge further left.
MAX_CROSSING_LINES = 2
#: Notes at most this many line heights apart (vertically) form one stack.
STACK_GAP = 1.5
#: Body line b continues the paragraph of body line a (the line before it, notes aside)
#: when a is full (ends within LINE_FULL_SHARE of the column's width from its right edge)
#: and starts within that share from its left edge (a paragraph's first line is indented),
#: b starts at the column's left edge, and b lies below a, the gap between their boxes from
#: -PARAGRAPH_OVERLAP to PARAGRAPH_GAP line heights. (So a note inside an indented list item
#: or an example box stays where PDFium put it.)
LINE_FULL_SHARE = 0.1
PARAGRAPH_GAP = 0.6
PARAGRAPH_OVERLAP = 0.3
#: Or b goes on with a's row: it starts right of a at most ROW_GAP line heights after it.
#: Lines taller than LINE_MAX_HEIGHT line heights (rotated labels, figures; a line with
#: a tall formula or bracket can be twice as tall as most) continue nothing.
ROW_GAP = 1.0
LINE_MAX_HEIGHT = 3.0
_LIST_LABEL = re.compile(r"[(\[]?(?:\d+|[ivxlcdm]+|[IVXLCDM]+|[A-Za-z])(?:[.)\]:]|\.\d+)*")
#: Separator put before a stack of moved notes (a blank line: the notes make a paragraph of
#: their own, so no sentence runs into them) and after it (before the line break that
#: followed the paragraph); both map to no PDFium char.
_NOTES_BEFORE, _NOTES_AFTER, _NOTE_SEP = "\r\n\r\n", "\r\n", "\r\n"


@dataclass(slots=True)
class _Item:
    """A line, or one part of a line that holds a margin note and body text: [start, end)
    of its visible chars in the old text, its x extent, whether it is a note and its stack."""

    line: Line
    start: int
    end: int
    left: float
    right: float
    note: bool = False
    part: int = 0  # 0: a whole line or its first part; 1: its second part
    stack: int = -1
    #: x (points) where its first char starts, when that is not ``left``: the second part
    #: of a line that PDFium runs on from one row into the next ("против часовой стрел-" at
    #: the end of a row, then the whole next row) starts where the row goes on, right of
    #: its first part, while ``left`` is the next row's left edge
    head: float | None = None


def margin_body(lines: list[Line], width: float) -> tuple[float, float, bool] | None:
    """The body column (:func:`find_body_column`) of a page that may have margin notes
    beside it, or None: a page of two columns (:func:`find_gutter`), without a clearly
    defined body column, with nothing that starts (or ends) NOTE_GAP_MIN_PT beyond its
    edges, or with a line in a margin (:func:`_in_margin`) wider than NOTE_MAX_SHARE of the
    page (a column of text, not a margin). Geometry only: :func:`margin_notes` applies it
    to PDFium's lines, :func:`margin_words` to a second extractor's."""
    if len(lines) < MIN_BODY_LINES or find_gutter(lines, width) is not None:
        return None
    body = find_body_column(lines, width)
    if body is None:
        return None
    left, right, justified = body
    if not any(ln.pieces and (ln.left <= left - NOTE_GAP_MIN_PT or (justified and ln.right >= right + NOTE_GAP_MIN_PT))
               for ln in lines):
        return None  # nothing in a margin: the usual page costs no more than this
    if any(ln.right - ln.left > NOTE_MAX_SHARE * width and _in_margin(ln, body) for ln in lines if ln.pieces):
        return None
    return body


def margin_words(lines: list[list[tuple[float, float, float, float, str]]], width: float
                 ) -> set[tuple[int, int]]:
    """The words of a second extractor's page text that are margin notes standing inside a
    paragraph, by the rule :func:`margin_notes` applies to PDFium's text (for
    pincite.eval.crosscheck: pdftotext's words, which it may leave out before matching a quote
    that PDFium's text gave with those notes moved).

    lines: the page's lines in that extractor's text order, each a list of words (left,
    bottom, right, top, text) in points, origin bottom-left, left to right. A line's pieces
    are its runs of words less than GAP_MIN_PT apart; a line that starts in the left margin
    and goes on in the body column is cut between words as :func:`_split` cuts PDFium's
    chars (leading words that end NOTE_GAP_MIN_PT before the column's edge, or else leading
    pieces mostly in the margin; mirrored for the right margin). Returns the (line, word)
    indexes of the notes of the stacks :func:`margin_notes` would move (empty on nearly
    every page). It only says which words those are; it never changes one."""
    boxes: list[Line] = []
    for words in lines:
        pieces: list[list[float]] = []
        for w in words:
            if pieces and w[0] - pieces[-1][1] < GAP_MIN_PT and pieces[-1][0] - w[2] < GAP_MIN_PT:
                pieces[-1] = [min(pieces[-1][0], w[0]), max(pieces[-1][1], w[2])]
            else:
                pieces.append([w[0], w[2]])
        if not words:
            boxes.append(Line(0, 0))
            continue
        boxes.append(Line(0, len(words), min(w[0] for w in words), min(w[1] for w in words),
                          max(w[2] for w in words), max(w[3] for w in words),
                          tuple((x0, x1) for x0, x1 in pieces)))
    body = margin_body([b for b in boxes if b.pieces], width)
    if body is None:
        return set()
    heights = sorted(b.height for b in boxes if b.height > 0)
    h = heights[len(heights) // 2]
    items = _word_items(lines, boxes, body, width, h)
    if items is None:
        return set()
    moving = _moving(items, body, h)
    if not moving:
        return set()
    row = {id(b): i for i, b in enumerate(boxes)}
    return {(row[id(it.line)], j) for it in items if it.note and it.stack in moving
            for j in range(it.start, it.end)}


def _word_items(lines: list[list[tuple[float, float, float, float, str]]], boxes: list[Line],
                body: tuple[float, float, bool], width: float, h: float) -> list[_Item] | None:
    """:func:`_items` for a second extractor's lines of words (:func:`margin_words`): an
    item's [start, end) are word indexes in its line, a note part is cut between words."""
    left, right, justified = body
    out: list[_Item] = []
    crossing = 0
    for words, ln in zip(lines, boxes):
        if not words:
            continue
        whole = _Item(ln, 0, len(words), ln.left, ln.right)
        out.append(whole)
        if _in_margin(ln, body):
            text = " ".join(w[4] for w in words)
            if _too_long(text):
                return None
            whole.note = ln.height <= NOTE_MAX_HEIGHT * h and _note_text(text)
            continue
        if ln.height > NOTE_MAX_HEIGHT * h:
            continue
        # as _items: leading words that end NOTE_GAP_MIN_PT before the column's edge, or else
        # leading pieces mostly in the margin (trailing ones for the right margin)
        first_of = [0]  # index of the first word of each piece
        for j in range(1, len(words)):
            if words[j][0] - words[j - 1][2] >= GAP_MIN_PT:
                first_of.append(j)
        pieces = ln.pieces if len(ln.pieces) == len(first_of) else ()
        cut, left_note = -1, True
        if ln.left < left - NOTE_GAP_MIN_PT:
            k = 0
            while k < len(words) and words[k][2] <= left - NOTE_GAP_MIN_PT:
                k += 1
            if 0 < k < len(words) and all(w[0] >= left - COLUMN_EDGE_PT for w in words[k:]):
                cut = k
            else:
                k = _margin_pieces(pieces, body, True)
                if 0 < k < len(pieces) and pieces[k][0] >= left - COLUMN_EDGE_PT:
                    cut = first_of[k]
        elif justified and ln.right > right + NOTE_GAP_MIN_PT:
            left_note = False
            m = len(words)
            while m > 0 and words[m - 1][0] >= right + NOTE_GAP_MIN_PT:
                m -= 1
            if 0 < m < len(words) and all(w[2] <= right + COLUMN_EDGE_PT for w in words[:m]):
                cut = m
            else:
                m = len(pieces) - _margin_pieces(pieces, body, False)
                if 0 < m < len(pieces) and pieces[m - 1][1] <= right + COLUMN_EDGE_PT:
                    cut = first_of[m]
        else:
            continue
        if cut >= 0 and min(w[0] for w in words[cut:]) - max(w[2] for w in words[:cut]) < NOTE_SEP_MIN_PT:
            cut = -1  # as _split: a word space of a line that crosses the edge
        if cut < 0:
            crossing += 1
            if crossing > MAX_CROSSING_LINES:
                return None
            continue
        first = _Item(ln, 0, cut, words[0][0], max(w[2] for w in words[:cut]), note=left_note, part=0)
        second = _Item(ln, cut, len(words), min(w[0] for w in words[cut:]), words[-1][2],
                       note=not left_note, part=1)
        note = first if left_note else second
        if note.right - note.left <= NOTE_MAX_SHARE * width \
                and _note_text(" ".join(w[4] for w in words[note.start:note.end])):
            out[-1:] = [first, second]
    return out


def find_body_column(lines: list[Line], width: float) -> tuple[float, float, bool] | None:
    """(left, right, justified) of the page's body column (points), or None when it has no
    clearly defined one (constants above). ``right``: the upper decile of the right edges of
    the lines with a piece that starts at ``left``; ``justified`` when at least
    MIN_JUSTIFIED_LINES of them end within 2 * COLUMN_EDGE_PT of it (``right`` is then
    their median)."""
    pieces = [p for ln in lines for p in ln.pieces]
    edges = sorted(p[0] for p in pieces)
    if width <= 0 or len(edges) < MIN_BODY_LINES:
        return None
    count, left = _densest(edges)
    if count < MIN_BODY_LINES:
        return None
    at_edge = [p for p in pieces if abs(p[0] - left) <= 2 * COLUMN_EDGE_PT]
    if sum(p[1] - p[0] for p in at_edge) < MIN_BODY_SHARE * sum(p[1] - p[0] for p in pieces):
        return None
    # where the lines that start there end (a justified line's wide word spaces may cut it
    # into pieces, so not where those pieces end)
    rights = sorted(ln.right for ln in lines if any(abs(p[0] - left) <= 2 * COLUMN_EDGE_PT for p in ln.pieces))
    right = rights[(9 * len(rights)) // 10]
    edge = [x for x in rights if abs(x - right) <= 2 * COLUMN_EDGE_PT]
    justified = len(edge) >= MIN_JUSTIFIED_LINES
    if justified:
        right = edge[len(edge) // 2]
    if right - left < MIN_BODY_WIDTH_SHARE * width:
        return None
    return left, right, justified


def _densest(xs: list[float]) -> tuple[int, float]:
    """(count, median) of the largest run of the sorted ``xs`` within 2 * COLUMN_EDGE_PT."""
    best, at = 0, 0
    for i, x in enumerate(xs):
        n = bisect_right(xs, x + 2 * COLUMN_EDGE_PT) - i
        if n > best:
            best, at = n, i
    return best, (xs[at + best // 2] if best else 0.0)


def _note_text(s: str) -> bool:
    s = s.strip()
    return (len(s) <= NOTE_MAX_CHARS and len(s.split()) <= NOTE_MAX_WORDS
            and sum(ch.isalpha() for ch in s) >= NOTE_MIN_LETTERS and not _LIST_LABEL.fullmatch(s))


def _too_long(s: str) -> bool:
    """A line in a margin that no note could be: the margin holds running text (a sidebar,
    a narrow column), not notes."""
    s = s.strip()
    return len(s) > NOTE_MAX_CHARS or len(s.split()) > NOTE_MAX_WORDS


def _items(index: LineIndex, text: str, lines: list[Line], body: tuple[float, float, bool],
           width: float, h: float) -> list[_Item] | None:
    """The page's lines as items in text order, notes marked by geometry and text
    (constants above; not yet stacked). A line that starts in the left margin and goes on
    in the body column (or ends in the right margin after body text) gives two items, cut
    where its chars cross the margin's edge (:func:`_split`). None when the margin holds a
    line too long for a note (:func:`_too_long`), or more than MAX_CROSSING_LINES lines run from it into the
    body column without dividing so (the column's edge is an indent, not a margin's edge)."""
    left, right, justified = body
    out: list[_Item] = []
    crossing = 0
    for ln in lines:
        whole = _Item(ln, ln.start, ln.end, ln.left, ln.right)
        out.append(whole)
        if not ln.pieces:
            continue
        if _in_margin(ln, body):
            if _too_long(text[ln.start:ln.end]):
                return None
            whole.note = ln.height <= NOTE_MAX_HEIGHT * h and _note_text(text[ln.start:ln.end])
            continue
        # a line taller than a note holds none, unless its note part alone is no taller (a
        # note beside a row that PDFium runs on into the next row: checked once it is cut)
        tall = ln.height > NOTE_MAX_HEIGHT * h
        pieces = ln.pieces
        if ln.left < left - NOTE_GAP_MIN_PT:  # a note, then body text?
            # the note's chars end before the column's edge; else (an overfull note) its
            # leading pieces lie mostly in the margin and the next starts in the column
            parts = _split(index, text, ln, left - NOTE_GAP_MIN_PT, left - COLUMN_EDGE_PT, True)
            k = _margin_pieces(pieces, body, True)
            if parts is None and 0 < k < len(pieces) and pieces[k][0] >= left - COLUMN_EDGE_PT:
                parts = _split(index, text, ln, pieces[k - 1][1] + 0.5, pieces[k][0] - 0.5, True)
        elif justified and ln.right > right + NOTE_GAP_MIN_PT:  # body text, then a note?
            parts = _split(index, text, ln, right + COLUMN_EDGE_PT, right + NOTE_GAP_MIN_PT, False)
            m = len(pieces) - _margin_pieces(pieces, body, False)
            if parts is None and 0 < m < len(pieces) and pieces[m - 1][1] <= right + COLUMN_EDGE_PT:
                parts = _split(index, text, ln, pieces[m - 1][1] + 0.5, pieces[m][0] - 0.5, False)
        else:
            continue
        if parts is None:
            if tall:
                continue
            crossing += 1
            if crossing > MAX_CROSSING_LINES:
                return None
            continue
        first, second = parts
        note = first if first.note else second
        if tall and _height(index, text, note.start, note.end) > NOTE_MAX_HEIGHT * h:
            continue
        if note.right - note.left <= NOTE_MAX_SHARE * width and _note_text(text[note.start:note.end]):
            out[-1:] = [first, second]
    return out


def _height(index: LineIndex, text: str, start: int, end: int) -> float:
    """Height (points) of the char boxes of text[start:end] together (whitespace aside);
    infinite when a char has no box."""
    left, r, b, t = (ctypes.c_double() for _ in range(4))
    low, high = float("inf"), float("-inf")
    for off in range(start, end):
        if text[off].isspace():
            continue
        k = index(off)
        if k < 0 or not pdfium_c.FPDFText_GetCharBox(index.raw, k, left, r, b, t):
            return float("inf")
        low, high = min(low, b.value), max(high, t.value)
    return high - low if high >= low else float("inf")


def _margin_pieces(pieces: tuple[tuple[float, float], ...], body: tuple[float, float, bool],
                   leading: bool) -> int:
    """How many of a line's leading (``leading``) or trailing pieces start (end) at least
    NOTE_GAP_MIN_PT beyond the body column's left (right) edge and lie mostly beyond it."""
    left, right, _ = body
    n = 0
    for a, b in (pieces if leading else reversed(pieces)):
        beyond = (a <= left - NOTE_GAP_MIN_PT and left - a >= (b - a) / 2) if leading \
            else (b >= right + NOTE_GAP_MIN_PT and b - right >= (b - a) / 2)
        if not beyond:
            break
        n += 1
    return n


def _in_margin(ln: Line, body: tuple[float, float, bool]) -> bool:
    """Does the line lie in the left margin (or in the right one, beside a justified
    column)? Each of its pieces starts (ends) at least NOTE_GAP_MIN_PT beyond the column's
    edge and lies mostly beyond it, and the line overruns into the column by at most
    NOTE_OVERRUN_SHARE of its width (an overfull note)."""
    left, right, justified = body
    over = NOTE_OVERRUN_SHARE * (right - left)
    if ln.left <= left - NOTE_GAP_MIN_PT and ln.right <= left + over:
        return all(left - a >= (b - a) / 2 for a, b in ln.pieces)
    if justified and ln.right >= right + NOTE_GAP_MIN_PT and ln.left >= right - over:
        return all(b - right >= (b - a) / 2 for a, b in ln.pieces)
    return False


def _split(index: LineIndex, text: str, ln: Line, a_to: float, b_from: float, left_note: bool
           ) -> tuple[_Item, _Item] | None:
    """A line as two parts from its char boxes: the first part's chars end at ``a_to`` or
    left of it, the second part starts with the first char whose box starts at ``b_from``
    or right of it, and none of its chars starts left of ``b_from - COLUMN_EDGE_PT``; the
    first part is the note when ``left_note`` (a note in the left margin before body text),
    else the second (body text before a note in the right margin). None when the line does
    not divide so, when no whitespace separates the parts (one word across the edge) or
    they lie less than NOTE_SEP_MIN_PT apart (a word space of an overfull line that crosses
    the edge); whitespace at the cut belongs to neither part."""
    left, r, b, t = (ctypes.c_double() for _ in range(4))
    first_end = cut = -1
    first_x = second_x = None  # (left, right) of the first and second part's chars
    head = 0.0  # where the second part's first char starts
    for off in range(ln.start, ln.end):
        if text[off].isspace():
            continue
        k = index(off)
        if k < 0 or not pdfium_c.FPDFText_GetCharBox(index.raw, k, left, r, b, t):
            return None
        x0, x1 = left.value, r.value
        if cut < 0:
            if x1 <= a_to:
                first_end = off + 1
                first_x = (x0, x1) if first_x is None else (min(first_x[0], x0), max(first_x[1], x1))
                continue
            if x0 < b_from or first_end < 0:
                return None
            cut, head = off, x0
        elif x0 < b_from - COLUMN_EDGE_PT:
            return None  # back across the edge: not one note beside body text
        second_x = (x0, x1) if second_x is None else (min(second_x[0], x0), max(second_x[1], x1))
    if cut < 0 or first_x is None or second_x is None or not text[first_end:cut] \
            or second_x[0] - first_x[1] < NOTE_SEP_MIN_PT:
        return None
    first = _Item(ln, ln.start, first_end, first_x[0], first_x[1], note=left_note, part=0)
    second = _Item(ln, cut, ln.end, second_x[0], second_x[1], note=not left_note, part=1,
                   head=head if head > second_x[0] else None)
    return first, second


def _stacks(items: list[_Item], body_items: list[_Item], body: tuple[float, float, bool], h: float) -> int:
    """Number the stacks of notes (``stack``): notes on one side at most STACK_GAP line
    heights apart, top to bottom. A note that lies wholly above or below the body text is no
    note (``note`` cleared), nor are the notes of a stack with none beside a body line, or
    that looks like a table's column (:func:`_table_free`). Returns the number of stacks."""
    if not body_items:
        for it in items:
            it.note = False
        return 0
    top = max(it.line.top for it in body_items)
    bottom = min(it.line.bottom for it in body_items)
    notes = [it for it in items if it.note]
    for it in notes:
        if it.line.bottom > top or it.line.top < bottom:
            it.note = False
    n = 0
    for side in (True, False):  # left margin, right margin
        col = sorted((it for it in notes if it.note and (it.left < body[0]) == side),
                     key=lambda it: -it.line.top)
        stack: list[_Item] = []
        for nxt in [*col, None]:
            if nxt is not None and stack and stack[-1].line.bottom - nxt.line.top <= STACK_GAP * h:
                stack.append(nxt)
                continue
            if stack:
                beside = _table_free(stack, items, body) and any(
                    min(s.line.top, b.line.top) > max(s.line.bottom, b.line.bottom)
                    for s in stack for b in body_items)
                for s in stack:
                    s.note, s.stack = beside, (n if beside else -1)
                n += beside
            stack = [nxt] if nxt is not None else []
    return n


def _table_free(stack: list[_Item], items: list[_Item], body: tuple[float, float, bool]) -> bool:
    """False when a stack of notes is rather a table's first column beside its others: most
    of its notes (two or more) share their line with body text, and the page is not
    justified or fewer than half of those lines end at its right edge (a margin note mostly
    stands on lines of its own, or beside lines of justified prose; a table's rows end
    ragged)."""
    shared = [s for s in stack if s.start != s.line.start or s.end != s.line.end]
    if len(stack) < 2 or 2 * len(shared) <= len(stack):
        return True
    left, right, justified = body
    if not justified:
        return False
    ends = {id(it.line): it.right for it in items if not it.note and (it.start, it.end) != (it.line.start, it.line.end)}
    full = sum(abs(ends.get(id(s.line), 0.0) - right) <= 2 * COLUMN_EDGE_PT for s in shared)
    return 2 * full >= len(shared)


def _continues(a: _Item, b: _Item, body: tuple[float, float, bool], h: float) -> bool:
    """Does body item ``b`` continue the paragraph of body item ``a``, or the row of ``a``
    right of it (constants above; ``h``: the page's median line height)? For the row, b's
    text must start right of a (its first char, ``_Item.head``, when b runs on into the next
    row)."""
    left, right, _ = body
    if max(a.line.height, b.line.height) > LINE_MAX_HEIGHT * h:
        return False  # a rotated label, a figure: no line of a paragraph
    overlap = min(a.line.top, b.line.top) - max(a.line.bottom, b.line.bottom)
    start = b.left if b.head is None else b.head  # where b's text starts
    if a.right - COLUMN_EDGE_PT <= start <= a.right + ROW_GAP * h \
            and overlap >= min(a.line.height, b.line.height) / 2:
        return True  # the rest of the same row (PDFium gave a row in parts, a note between)
    gap = a.line.bottom - b.line.top
    return (a.right >= right - LINE_FULL_SHARE * (right - left)
            and a.left - left <= LINE_FULL_SHARE * (right - left) and abs(b.left - left) <= COLUMN_EDGE_PT
            and b.line.top < a.line.top and -PARAGRAPH_OVERLAP * h <= gap <= PARAGRAPH_GAP * h)


def margin_notes(textpage, text: str, lines: list[Line], width: float,
                 char_map=None, source: str | None = None
                 ) -> tuple[str, list[list[int]], list[Line]] | None:
    """The page text with the margin notes that PDFium puts inside a paragraph moved after
    that paragraph, or None (nothing to change). Module docstring, "Margin notes";
    arguments and result as :func:`reading_order` (a line holding a note and body text
    becomes two)."""
    body = margin_body(lines, width)
    if body is None:
        return None
    heights = sorted(ln.height for ln in lines if ln.height > 0)
    if not heights:
        return None
    h = heights[len(heights) // 2]
    index = LineIndex(textpage, text, char_map, source)
    items = _items(index, text, lines, body, width, h)
    if items is None:
        return None
    moving = _moving(items, body, h)
    if not moving:
        return None
    return _rebuild(index, text, items, moving, char_map)


def _moving(items: list[_Item], body: tuple[float, float, bool], h: float) -> dict[int, int] | None:
    """Which stacks of notes move, and where: {stack: index in ``items`` of the last line of
    the paragraph they go after}, or None (module docstring, "Margin notes", steps 3-4)."""
    left, right, _ = body
    # body text: what starts in the column (an overfull line may run on into the margin)
    in_body = [it for it in items if not it.note and left - COLUMN_EDGE_PT <= it.left < right]
    if not _stacks(items, in_body, body, h):
        return None
    if sum(it.note for it in items) > len(in_body):
        return None  # more notes than body lines: not a body column with notes beside it
    is_body = {id(it) for it in in_body}
    # notes between two body lines of one paragraph: their stack moves after the paragraph
    moving: dict[int, int] = {}  # stack -> index of the paragraph's last item
    for i, it in enumerate(items):
        if not it.note:
            continue
        j = i - 1
        while j >= 0 and items[j].note:
            j -= 1
        k = i + 1
        while k < len(items) and items[k].note:
            k += 1
        if j < 0 or k >= len(items) or id(items[j]) not in is_body or id(items[k]) not in is_body \
                or not _continues(items[j], items[k], body, h):
            continue
        moving[it.stack] = max(moving.get(it.stack, -1), k)
    if not moving:
        return None
    for s, k in moving.items():  # follow the paragraph to its end
        while True:
            n = k + 1
            while n < len(items) and items[n].note and items[n].stack in moving:
                n += 1
            if n >= len(items) or id(items[n]) not in is_body or not _continues(items[k], items[n], body, h):
                break
            k = n
        moving[s] = k
    return moving


def _rebuild(index: LineIndex, text: str, items: list[_Item], moving: dict[int, int], char_map
             ) -> tuple[str, list[list[int]], list[Line]] | None:
    """The text with the notes of the ``moving`` stacks cut out and put after item
    ``moving[stack]``, its map (composed with ``char_map``) and its lines."""
    bounds: list[int] = []  # start of each text line (as scan_lines splits it), then the end
    pos = 0
    for chunk in text.splitlines(keepends=True):
        bounds.append(pos)
        pos += len(chunk)
    bounds.append(len(text))
    cuts: list[tuple[int, int]] = []
    after: dict[int, list[_Item]] = {}  # old offset -> notes put there
    for i, it in enumerate(items):
        if not (it.note and it.stack in moving):
            continue
        after.setdefault(items[moving[it.stack]].end, []).append(it)
        if it.start == it.line.start and it.end == it.line.end:  # a whole line, with its break
            k = bisect_right(bounds, it.start) - 1
            a, b = bounds[k], bounds[k + 1]
            if b == len(text) and not text[a:b].endswith(("\n", "\r")) and a > 0:
                a = bounds[k - 1] + len(text[bounds[k - 1]:a].rstrip("\r\n"))  # the break before it
            cuts.append((a, b))
        elif it.part == 0:  # a note before body text: up to the body's first char
            cuts.append((it.start, items[i + 1].start))
        else:  # a note after body text: from the body's last char
            cuts.append((items[i - 1].end, it.end))
    # kept stretches of the old text, split where notes are put
    keep: list[tuple[int, int]] = []
    pos = 0
    for a, b in sorted(cuts):
        if a > pos:
            keep.append((pos, a))
        pos = max(pos, b)
    if pos < len(text):
        keep.append((pos, len(text)))
    points = sorted(after)
    pieces: list[tuple[int, int]] = []
    for a, b in keep:
        for p in points:
            if a < p < b:
                pieces.append((a, p))
                a = p
        pieces.append((a, b))
    parts: list[str] = []
    runs: list[list[int]] = []
    where: dict[int, int] = {}  # id(item) -> its start in the new text
    out = 0

    def put(a: int, b: int) -> None:
        nonlocal out
        parts.append(text[a:b])
        runs.append([out, a, b - a])
        out += b - a

    def sep(s: str) -> None:
        nonlocal out
        parts.append(s)
        out += len(s)

    moved = {id(it) for group in after.values() for it in group}
    starts = sorted((it.start, id(it)) for it in items if id(it) not in moved)
    for a, b in pieces:
        lo = bisect_left(starts, (a, -1))
        for s, key in starts[lo:bisect_left(starts, (b, -1))]:
            where[key] = out + s - a
        put(a, b)
        group = after.get(b)
        if group:
            sep(_NOTES_BEFORE)
            for n, it in enumerate(group):
                if n:
                    sep(_NOTE_SEP)
                where[id(it)] = out
                put(it.start, it.end)
            if b < len(text):
                sep(_NOTES_AFTER)
    if len(where) != len(items):
        return None  # a note not placed (cannot happen by construction): change nothing
    new_lines = sorted((_item_line(index, it, where[id(it)]) for it in items), key=lambda ln: ln.start)
    return "".join(parts), compose_maps(runs, char_map or []), new_lines


def _item_line(index: LineIndex, it: _Item, start: int) -> Line:
    """The Line of an item at ``start`` of the new text (style re-read for a second part)."""
    ln = it.line
    if it.start == ln.start and it.end == ln.end:
        return Line(start, start + ln.end - ln.start, ln.left, ln.bottom, ln.right, ln.top,
                    ln.pieces, ln.size, ln.bold)
    pieces = tuple((max(a, it.left), min(b, it.right)) for a, b in ln.pieces
                   if min(b, it.right) > max(a, it.left))
    line = Line(start, start + it.end - it.start, it.left, ln.bottom, it.right, ln.top,
                pieces or ((it.left, it.right),), ln.size, ln.bold)
    if it.part == 1:
        k = index(it.start)
        if k >= 0:
            line.size, line.bold = line_style(index.raw, k, pdfium_c.FS_MATRIX(),
                                          ctypes.create_string_buffer(FONT_NAME_BYTES), ctypes.c_int(),
                                          it.end - it.start <= STYLE_MAX_CHARS)
    return line
