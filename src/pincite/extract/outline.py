"""Sections of a PDF from its outline (bookmarks, ``get_toc``): each page gets ``sections``
spans naming the outline path its text belongs to (`outline_sections`), found where the
bookmark's heading stands on its page.

This module reads the outline and the page texts `extract.pdf` already holds; it opens no
file and never detects headings by font (a PDF without an outline gets its sections from
`extract.headings`, which `set_heading_sections` applies), and imports no later stage.
"""
from __future__ import annotations

import ctypes
import re
from bisect import bisect_left
from dataclasses import dataclass, replace

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from pincite.extract import headings as headings_mod
from pincite.extract import layout
from pincite.extract.geometry import unchecked
from pincite.extract.model import PageText, SectionSpan
from pincite.extract.pdflimits import MIB, MIME_PDF, PdfLimits  # noqa: F401  (MIME_PDF re-exported)

#: Outline entries deeper than this are ignored (pypdfium2's get_toc max_depth).
_TOC_MAX_DEPTH = 8
#: At most this many outline entries are read (a damaged outline may loop or be huge).
_TOC_MAX_ITEMS = 20_000
#: A heading's text is looked for from the line at the destination's top up to this many
#: lines below it (hyperref puts the anchor a little above the heading's baseline).
_HEADING_LINES_BELOW = 4
#: A destination's top is matched to the first line whose top is at most this many points
#: above it.
_Y_TOLERANCE = 4.0


@dataclass(frozen=True)
class OutlineEntry:
    """One outline (bookmark) entry: its path (titles of its ancestors and its own),
    0-based page index and the destination's top in PDF points (None when unknown)."""

    path: tuple[str, ...]
    page_index: int
    top: float | None


def read_outline(pdf: pdfium.PdfDocument) -> list[OutlineEntry]:
    """The outline entries of ``pdf`` that point at a page, in outline order.

    An entry whose destination is broken (no page, a page out of range) is skipped, but
    still names the path of its children. The destination comes from the bookmark's /Dest
    or, failing that, its GoTo action.
    """
    out: list[OutlineEntry] = []
    stack: list[str] = []
    n_pages = len(pdf)
    try:
        for n, bm in enumerate(pdf.get_toc(max_depth=_TOC_MAX_DEPTH)):
            if n >= _TOC_MAX_ITEMS:
                break
            title = " ".join((bm.get_title() or "").split())
            del stack[bm.level:]
            stack.extend([""] * (bm.level - len(stack)))
            stack.append(title)
            if not title:
                continue
            index, top = _bookmark_target(pdf, bm)
            if index is None or not 0 <= index < n_pages:
                continue
            out.append(OutlineEntry(tuple(t for t in stack if t), index, top))
    except Exception:  # a broken outline must not stop the extraction: keep what was read
        pass
    return out


def _bookmark_target(pdf: pdfium.PdfDocument, bm) -> tuple[int | None, float | None]:
    """(0-based page index, destination top in points) of a bookmark; (None, None) when
    it points nowhere."""
    dest = bm.get_dest()
    if dest is None:
        action = pdfium_c.FPDFBookmark_GetAction(bm.raw)
        if action and pdfium_c.FPDFAction_GetType(action) == pdfium_c.PDFACTION_GOTO:
            raw = pdfium_c.FPDFAction_GetDest(pdf.raw, action)
            dest = pdfium.PdfDest(raw, pdf) if raw else None
    if dest is None:
        return None, None
    index = dest.get_index()
    if index is None:
        return None, None
    mode, pos = dest.get_view()
    top = None
    if mode == pdfium_c.PDFDEST_VIEW_XYZ and len(pos) >= 2:
        top = pos[1]
    elif mode in (pdfium_c.PDFDEST_VIEW_FITH, pdfium_c.PDFDEST_VIEW_FITBH) and len(pos) >= 1:
        top = pos[0]
    elif mode == pdfium_c.PDFDEST_VIEW_FITR and len(pos) >= 4:
        top = pos[3]
    # PDFium reports an unset /XYZ top ("null") as 0; a top at the very bottom says nothing.
    return index, (float(top) if top else None)


def set_sections(pdf: pdfium.PdfDocument, pages: list[PageText], entries: list[OutlineEntry] | None = None,
                 tops: dict[int, tuple] | None = None) -> None:
    """Set ``sections`` of every page from the outline (nothing when there is none).

    ``entries``: :func:`read_outline` of ``pdf`` when the caller read it already. ``tops``:
    0-based page index -> (text, char_map, :func:`line_tops` of that text) measured while
    the caller held the page loaded; used while the page still holds that very text and map
    (else the page is loaded again to measure them)."""
    if entries is None:
        entries = read_outline(pdf)
    if not entries:
        return
    by_page: dict[int, list[OutlineEntry]] = {}
    for e in entries:
        by_page.setdefault(e.page_index, []).append(e)
    current: tuple[str, ...] = ()
    for index, page in enumerate(pages):
        starts: list[tuple[int, int, tuple[str, ...]]] = []  # (offset, outline order, path)
        found = by_page.get(index, [])
        if found and not page.ocr:
            known = (tops or {}).get(index)
            if not any(e.top is not None for e in found):
                lines = []
            elif known is not None and known[0] is page.text and known[1] is page.char_map:
                lines = known[2]
            else:
                lines = _line_tops(pdf, index, page.text, page.char_map)
            floor = 0
            normed = _norm_map(page.text)
            for order, e in enumerate(found):
                offset = _heading_offset(page.text, e.path[-1], e.top, lines, floor, normed)
                if not starts and _is_page_head(page.text[:offset]):
                    offset = 0  # a running header or "Chapter 1" above the first heading
                floor = offset
                starts.append((offset, order, e.path))
        elif found:  # OCR text: positions unknown, the sections start at the page's top
            starts = [(0, order, e.path) for order, e in enumerate(found)]
        page.sections = outline_sections(len(page.text), current, sorted(starts))
        if starts:
            current = sorted(starts)[-1][2]


def set_heading_sections(pages: list[PageText], lines: list[tuple]) -> None:
    """Set ``sections`` of every page from headings found by font size, weight and
    numbering (:func:`pincite.extract.headings.find_headings`; ``lines``: each page's
    :class:`pincite.extract.layout.Line` tuple, unused on OCR pages). Same span shape as the
    outline gives, plus "source": "headings": text above a page's first heading belongs to the
    section the previous page ended in, unless it is only the page's head (running header),
    which joins the new one."""
    found = headings_mod.find_headings([p.text for p in pages],
                                       [None if p.ocr else list(ln) for p, ln in zip(pages, lines)])
    by_page: dict[int, list[tuple[int, int, tuple[str, ...]]]] = {}
    for order, (h, path) in enumerate(headings_mod.heading_paths(found)):
        by_page.setdefault(h.page, []).append((h.start, order, path))
    current: tuple[str, ...] = ()
    for page in pages:
        starts = by_page.get(page.page, [])
        if starts and _is_page_head(page.text[:starts[0][0]]):
            starts[0] = (0,) + starts[0][1:]
        page.sections = [replace(s, source="headings") for s in outline_sections(len(page.text), current, starts)]
        if starts:
            current = starts[-1][2]


#: Text above a page's first heading is the page's head (a running header, "Chapter 1")
#: when it has at most this many non-blank lines and non-space chars.
_HEAD_MAX_LINES, _HEAD_MAX_CHARS = 2, 60


def _is_page_head(text: str) -> bool:
    lines = [ln for ln in text.splitlines() if ln.strip()]
    return len(lines) <= _HEAD_MAX_LINES and len("".join(text.split())) <= _HEAD_MAX_CHARS


def outline_sections(length: int, current: tuple[str, ...],
                     starts: list[tuple[int, int, tuple[str, ...]]]) -> list[SectionSpan]:
    """Section spans of a page of ``length`` chars: the text before the first start belongs
    to ``current`` (the section the previous page ended in); each start (offset, order,
    path), sorted, runs to the next one. Empty spans and spans without a path are left out."""
    spans: list[SectionSpan] = []
    bounds = [(0, current)] + [(off, path) for off, _, path in starts]
    for i, (start, path) in enumerate(bounds):
        end = bounds[i + 1][0] if i + 1 < len(bounds) else length
        start, end = min(start, length), min(end, length)
        if end > start and path:
            spans.append(SectionSpan(start=start, end=end, path=tuple(path)))
    return spans


#: A run of the chars _norm_map keeps (``\s`` is str.isspace's whitespace).
_KEPT_RUN = re.compile(r"[^\s\ufffe\u00ad\x02]+")


def _norm_map(text: str) -> tuple[str, list[int]]:
    """``text`` casefolded without whitespace and soft hyphens, with each kept char's index
    (once per char its casefolding gives)."""
    kept: list[str] = []
    where: list[int] = []
    for m in _KEPT_RUN.finditer(text):
        kept.append(m.group())
        where.extend(range(m.start(), m.end()))
    joined = "".join(kept)
    norm = joined.casefold()  # char by char: casefolding looks at no context
    if len(norm) == len(joined):  # every char folds to one: its index once
        return norm, where
    chars: list[str] = []
    where = []
    for i, ch in enumerate(text):
        if ch.isspace() or ch in "\ufffe\u00ad\x02":
            continue
        folded = ch.casefold()
        chars.append(folded)
        where.extend([i] * len(folded))
    return "".join(chars), where


def _line_start(text: str, offset: int) -> int:
    return max(text.rfind("\n", 0, offset), text.rfind("\r", 0, offset)) + 1


def _heading_offset(text: str, title: str, top: float | None,
                    lines: list[tuple[int, float]], floor: int,
                    normed: tuple[str, list[int]] | None = None) -> int:
    """Where a section titled ``title`` starts in a page's ``text``: the start of the line
    holding the title, looked for from the line at ``top`` (``lines``: (line start, line
    top)) and never before ``floor`` (the previous section's start); the line at ``top``
    when the title is not found there; else the first line holding the title after
    ``floor``; else ``floor`` (the page start for the first section). ``normed``:
    ``_norm_map(text)`` when the caller made it already."""
    norm, where = normed if normed is not None else _norm_map(text)
    needle, _ = _norm_map(title)
    at_top = None
    if top is not None and lines:
        k = next((k for k, (_, y) in enumerate(lines) if y <= top + _Y_TOLERANCE and lines[k][0] >= floor), None)
        if k is not None:
            at_top = lines[k][0]
            end = lines[k + _HEADING_LINES_BELOW][0] if k + _HEADING_LINES_BELOW < len(lines) else len(text)
            hit = _find_norm(norm, where, needle, at_top, end)
            if hit is not None:
                return max(floor, _line_start(text, hit))
            # the destination's top points elsewhere (eskdx.pdf p. 29: "3.9 Поддрежка ДСТУ"
            # at the foot of the page, its destination at the top): a line that starts with
            # the title, after its numbering at most, says better where the section starts
            heading = _heading_line(text, norm, where, needle, floor)
            return heading if heading is not None else at_top
    if needle:
        hit = _find_norm(norm, where, needle, floor, len(text))
        if hit is not None:
            return max(floor, _line_start(text, hit))
    return floor


_NUMBERING_ONLY = re.compile(r"^[\s\d.()§]*$")


def _heading_line(text: str, norm: str, where: list[int], needle: str, floor: int) -> int | None:
    """Start of the first line at or after ``floor`` that begins with the title ``needle``
    (normalised as by _norm_map), after section numbering at most ("3.9 "); None when
    no line does."""
    start = floor
    while needle:
        hit = _find_norm(norm, where, needle, start, len(text))
        if hit is None:
            return None
        line = _line_start(text, hit)
        if _NUMBERING_ONLY.match(text[line:hit]):
            return max(floor, line)
        start = hit + 1
    return None


def _find_norm(norm: str, where: list[int], needle: str, start: int, end: int) -> int | None:
    """Offset in the original text of the first occurrence of ``needle`` (normalised)
    starting within [start, end) of the original text."""
    if not needle:
        return None
    lo = bisect_left(where, start)  # `where` ascends: the first kept char at or after start
    pos = norm.find(needle, lo)
    if pos < 0 or where[pos] >= end:
        return None
    return where[pos]


def _line_tops(pdf: pdfium.PdfDocument, index: int, text: str,
               char_map: list[list[int]] | None = None) -> list[tuple[int, float]]:
    """:func:`line_tops` of 0-based page ``index`` of ``pdf``, loaded for it; empty when the
    page cannot be read."""
    try:
        page = pdf[index]
        textpage = page.get_textpage()
    except pdfium.PdfiumError:
        return []
    try:
        return line_tops(textpage, text, char_map)
    finally:
        textpage.close()
        page.close()


_CHAR_BOX = unchecked(pdfium_c.FPDFText_GetCharBox)


def line_tops(textpage: pdfium.PdfTextPage, text: str,
              char_map: list[list[int]] | None = None) -> list[tuple[int, float]]:
    """(start offset, top in points) of each non-blank line of ``text`` (the page text of
    ``textpage``'s page), from the box of its first char (the Python offset, through
    ``char_map`` on a reordered page or one with chars left out, is taken as PDFium's char
    index, clamped: close enough to place a line)."""
    out: list[tuple[int, float]] = []
    n = textpage.count_chars()
    offset = 0
    box = (ctypes.c_double(), ctypes.c_double(), ctypes.c_double(), ctypes.c_double())  # left, right, bottom, top
    refs = tuple(ctypes.byref(x) for x in box)
    for line in text.splitlines(keepends=True):
        stripped = len(line) - len(line.lstrip())
        if line.strip() and n > 0:
            i = min(layout.source_offset(char_map or [], offset + stripped), n - 1)
            if _CHAR_BOX(textpage.raw, i, *refs):
                out.append((offset, box[3].value))
        offset += len(line)
    return out
