"""Bridge chunks: a sentence that runs from the bottom of one page to the top of the next.

Rule (docs/decisions/0003-pages-labels-layout.md): text that runs from the bottom of one page to
the top of the next keeps `page` and `page_end` and each quote its own page; running headers
and footers between the halves are not part of it. The per-page chunks of :mod:`pincite.chunk.pages` keep
``page.text[char_start:char_end] == chunk.text`` and leave out the same running lines
(:func:`page_bodies`); this module adds one chunk of kind "bridge" for each page break that
cuts a sentence, so the sentence can be found and quoted whole. It reads the DocumentModel
only (no PDF) and must not import index/ or answer/.

When page N (1-based physical) gets a bridge to page N + 1 (:func:`bridge_chunks`):

1. **Body edges** (:func:`page_bodies`, also what page chunks hold). Running headers and
   footers are left out: from each edge of a page, up to ``EDGE_LINES`` consecutive lines,
   each of them

   * a folio: a line holding the page's printed label as :mod:`pincite.extract.folio` reads
     one ("12", "- 12 -", "Page 3 of 9", 第12页, "218 Commands for composing math formulas
     \\ §8"), or a bare folio line giving its physical page number;
   * a repeated line: the same line stands near the edges of at least 3 pages (folio's
     boilerplate) and at the same edge of a page at most ``NEAR_PAGES`` away (in a document
     of two pages: at the same edge of both);
   * a page counter: the same line, digits aside, at the same edge of a page at most
     ``NEAR_PAGES`` away, where the numbers that differ differ by the page distance, stand at
     the line's start or end, and one of them is the page's number, physical or printed
     ("TEX for the Impatient No 190" on physical page 190, "Pump manual, page 2").

   Not: a line without a letter or digit ("}"), a heading whose numbers merely differ from
   a neighbour's ("Таблица 11.2" / "Таблица 11.3", "5. Условием ..." / "8. Условием ...",
   "Figure 4.13"), a line repeated on two pages only (a cover and a title page that share
   their title block). Measured on ../shared/corpus/pdf
   (2026-12-01): 4,903 lines left out on 2,417 of 2,678 pages, nearly all running heads,
   stamps and folios; what else repeats at page edges and is left out too: repeated
   table captions and column heads on continuation pages (mpman-ru, СН РК 4.01-03), a few
   code lines that start or end consecutive example pages ("\\begin{tikzpicture}",
   "\\bye"), "matrix to be used on this program." ending several MIL-STD-882E tasks.
   A page where that would leave no body (only such lines, read from either edge) keeps
   all its lines, and so does a page of a non-PDF unit.
2. **Mid-sentence.** Page N's body ends without a sentence end (``SENTENCE_ENDS``), and page
   N + 1's body starts as a continuation: a lower-case letter; or anything but a capital
   after a comma, hyphen or an open bracket; or, in Chinese, a CJK char after a CJK char
   (not a "第…章/条" heading). No section starts at the top of page N + 1 (a heading there
   is a new part, not a continuation). Neither page is a unit of a non-PDF document.
3. **Text.** The tail of page N (its last sentence fragment by
   :func:`pincite.text.analysis.split_sentences`, at most ``MAX_PART_CHARS``) + "\\n" + the head
   of page N + 1 (up to its first sentence end, at most ``MAX_PART_CHARS``): both verbatim
   slices of their page texts.

The chunk: ``chunk_id`` "<doc_id>-p<N>-b0", ``kind`` "bridge", ``page`` N, ``page_end``
N + 1, ``char_start`` 0 and ``char_end`` len(text) (offsets into the bridge's own text,
which is its source text for verification), ``search_text`` prefixed like a page chunk's
(:func:`pincite.chunk.model.prefix_path`; without the title a short bridge outranked page
chunks in BM25), ``parts``: one :class:`pincite.chunk.model.ChunkPart` per page: text[offset:offset +
char_end - char_start] == that page's text[char_start:char_end]. :func:`span_parts` turns a span of
the bridge text into the pages and page spans it covers (citation pages, highlights).
"""
from __future__ import annotations

import re
import unicodedata

from pincite.chunk.model import Chunk, ChunkPart, prefix_path, search_prefix, section_of
from pincite.extract.folio import BOILERPLATE_ZONE, WHOLE_FOLIO, ZH_FOLIO, boilerplate_lines, line_candidates
from pincite.extract.model import DocumentModel, PageText
from pincite.text import lazyre
from pincite.text.analysis import split_sentences
from pincite.text.cjk import is_cjk_letter

BRIDGE_KIND = "bridge"
#: Lines looked at from each edge for running headers and footers (a folio line and a
#: running title, or a two-line footer plus its folio).
EDGE_LINES = 3
#: Pages on each side whose edges a running line is compared with: 2, since books alternate
#: the running heads of left and right pages ("218 Commands for composing math formulas \\ §8"
#: on even pages, "§8 Commands ... 219" on odd ones).
NEAR_PAGES = 2
#: Longest part of a bridge, in chars: a bridge shows a sentence, not a page (chunking's
#: target chunk is 700 chars; two parts of 600 stay within 2 x target).
MAX_PART_CHARS = 600
#: A tail with fewer letters is no sentence (a stray table cell or number).
MIN_TAIL_LETTERS = 2
#: A page whose body ends with one of these (optionally before closing quotes or
#: brackets) ends its sentence.
SENTENCE_ENDS = ".!?…;:。！？；："
_CLOSERS = "\"'»”’)]）」』"
#: After one of these the next page continues the sentence even with a capital or digit
#: (a list of names, a hyphenated word, an open bracket).
_CONTINUERS = ",，、-‐–—(\ufffe\u00ad"
#: The last line above the break is a caption or heading (not running text) when at least
#: TITLE_SHARE of its words of TITLE_WORD_LETTERS letters or more are capitalised; the
#: lines on both sides of the break need MIN_WORDS words or MIN_CJK CJK chars (a formula
#: such as "Chδ e / αt" is not a sentence). Source: false bridges seen on
#: ../shared/corpus/pdf (figure captions and formulas at page ends of en-usntps-ftm-103).
TITLE_SHARE = 0.7
TITLE_WORD_LETTERS = 4
MIN_WORDS = 2
MIN_CJK = 4
_ZH_HEAD = lazyre.compile(r"^第\s*[一二三四五六七八九十百零〇两\d]{1,6}\s*[编章节条款]")
_DIGITS = lazyre.compile(r"\d+")


def bridge_chunks(doc: DocumentModel, running: Running | None = None) -> list:
    """The bridge chunks of ``doc`` (pincite.chunk.model.Chunk, kind "bridge"), in page order;
    see the module docstring. [] for a document of fewer than two pages or of non-PDF units.
    ``running``: :func:`running_lines` of ``doc.pages`` when the caller has it already.
    Never raises on any page text."""

    pages = doc.pages
    if len(pages) < 2 or any(p.address is not None for p in pages):
        return []
    lines, edges = running or running_lines(pages)
    out = []
    for i in range(len(pages) - 1):
        found = _bridge(pages, lines, edges, i)
        if found is None:
            continue
        tail, head = found
        a, b = pages[i], pages[i + 1]
        text = a.text[tail[0]:tail[1]] + "\n" + b.text[head[0]:head[1]]
        parts = [
            ChunkPart(page=a.page, char_start=tail[0], char_end=tail[1], offset=0,
                      page_label=a.page_label, label_source=a.label_source),
            ChunkPart(page=b.page, char_start=head[0], char_end=head[1], offset=tail[1] - tail[0] + 1,
                      page_label=b.page_label, label_source=b.label_source),
        ]
        path = section_of(a.sections, *tail) or section_of(b.sections, *head)
        prefix = search_prefix(doc.title, prefix_path(a.sections or b.sections, path))
        out.append(Chunk(
            chunk_id=f"{doc.doc_id}-p{a.page}-b0", doc_id=doc.doc_id, page=a.page, page_end=b.page,
            char_start=0, char_end=len(text), text=text,
            search_text=f"{prefix}\n{text}" if prefix else text,
            page_label=a.page_label, label_source=a.label_source, kind=BRIDGE_KIND,
            ocr=a.ocr or b.ocr, section_path=path, section_title=path[-1] if path else "",
            parts=parts))
    return out


def span_parts(parts: list[ChunkPart], start: int, end: int) -> list[ChunkPart]:
    """The parts of a bridge that [start, end) of its text overlaps, each narrowed to the
    overlap (char_start / char_end in that page's text, offset in the bridge text). [] when
    the span lies only on the "\\n" between the parts, or ``parts`` is empty."""
    out = []
    for p in parts:
        lo = p.offset
        hi = lo + p.char_end - p.char_start
        a, b = max(start, lo), min(end, hi)
        if a < b:
            out.append(ChunkPart(page=p.page, char_start=p.char_start + a - lo,
                                 char_end=p.char_start + b - lo, offset=a,
                                 page_label=p.page_label, label_source=p.label_source))
    return out


def page_spans(parts: list[ChunkPart], start: int, end: int, page: int) -> list[tuple[int, int]]:
    """[(start, end)] in the text of 1-based physical ``page`` that [start, end) of a bridge
    text covers there ([] when none)."""
    return [(p.char_start, p.char_end) for p in span_parts(parts, start, end) if p.page == page]


# -- helpers ------------------------------------------------------------------------
def _norm(line: str) -> str:
    text = unicodedata.normalize("NFKC", line.replace("\ufffe", "").replace("\u00ad", ""))
    return " ".join(text.split())


Zone = tuple[list[tuple[int, int, str]], list[tuple[int, int, str]]]


def _zone_lines(text: str) -> Zone:
    """The first and the last BOILERPLATE_ZONE non-blank lines of a page text, in page
    order, as (start, end, normalised text) (lines in both lists when the page is short);
    only the edges are read, so a long page costs no more than a short one."""
    top: list[tuple[int, int, str]] = []
    pos = 0
    while pos < len(text) and len(top) < BOILERPLATE_ZONE:
        end = _line_end(text, pos)
        _add(text, pos, end, top)
        pos = _next_line(text, end)
    bottom: list[tuple[int, int, str]] = []
    end = len(text)
    while end > 0 and len(bottom) < BOILERPLATE_ZONE:
        start = max(text.rfind("\n", 0, end), text.rfind("\r", 0, end)) + 1
        _add(text, start, end, bottom)
        end = start - 1 if start > 0 else 0
        if end > 0 and text[end] == "\n" and text[end - 1] == "\r":
            end -= 1
    bottom.reverse()
    return top, bottom


def _line_end(text: str, pos: int) -> int:
    ends = [i for i in (text.find("\r", pos), text.find("\n", pos)) if i >= 0]
    return min(ends) if ends else len(text)


def _next_line(text: str, end: int) -> int:
    if text.startswith("\r\n", end):
        return end + 2
    return end + 1


def _add(text: str, start: int, end: int, out: list) -> None:
    body = text[start:end]
    norm = _norm(body)
    if norm:
        out.append((start + len(body) - len(body.lstrip()), start + len(body.rstrip()), norm))


def _masked(norm: str) -> str:
    return _DIGITS.sub("#", norm)


def _edge_count(page: PageText, page_lines: list, neighbours: list[tuple[int, list]], boiler: set[str],
                top: bool, pair: bool = False) -> int:
    """How many lines at the top (or bottom) of a page are running header (footer) lines
    (``page_lines``: its top (or bottom) zone lines; ``neighbours``: (distance in pages,
    their zone lines at the same edge) for the pages at most NEAR_PAGES away; ``pair``: the
    document has two pages): module docstring, step 1."""
    seq = page_lines if top else page_lines[::-1]
    near: list[tuple[int, str]] = []  # (distance, line) at the same edge of a nearby page
    for distance, other in neighbours:
        edge = other[:EDGE_LINES] if top else other[-EDGE_LINES:]
        near.extend((distance, n) for _, _, n in edge)
    count = 0
    for _, _, norm in seq[:EDGE_LINES]:
        if _running(page, norm, near, boiler, pair):
            count += 1
        else:
            break
    return count


def _running(page: PageText, norm: str, near: list[tuple[int, str]], boiler: set[str], pair: bool) -> bool:
    """Is edge line ``norm`` of ``page`` a folio or a running line (module docstring, step 1)?"""
    if not any(ch.isalnum() for ch in norm):
        return False  # "}", "-", ";": a code or formula line, not a running line
    bare = bool(WHOLE_FOLIO.match(norm) or ZH_FOLIO.match(norm))
    labels = {c.label for c in line_candidates(norm, page.page)}
    if (page.page_label and page.page_label in labels) or (bare and str(page.page) in labels):
        return True  # a folio, or a running head holding the page's printed label
    if (norm in boiler or pair) and any(n == norm for _, n in near):
        return True  # repeated on >= 3 pages and on one nearby (on both of a two-page document)
    masked = _masked(norm)
    pages = {str(page.page), page.page_label}
    return any(_masked(n) == masked and _steps(norm, n, d, bare, pages) for d, n in near if n != norm)


def _steps(line: str, other: str, distance: int, bare: bool, pages: set[str]) -> bool:
    """``line`` is ``other`` (on a page ``distance`` pages before it; same text digits aside)
    with a page counter moved on: every number that differs differs by ``distance`` and
    stands at the start or end of the line (or the line is a bare folio), and one of them is
    the page's number (physical or printed, in ``pages``): "TEX for the Impatient No 190" on
    physical page 190, not "Figure 4.13" under a figure of page 146."""
    mine, theirs = list(_DIGITS.finditer(line)), _DIGITS.findall(other)
    changed = [(m, int(m.group()) - int(t)) for m, t in zip(mine, theirs) if m.group() != t]
    return (bool(changed) and any(str(int(m.group())) in pages for m, _ in changed)
            and all(step == distance and (bare or m.start() == 0 or m.end() == len(line))
                    for m, step in changed))


#: What :func:`running_lines` finds: each page's zone lines and (header, footer) line counts.
Running = tuple[list[Zone], list[tuple[int, int]]]


def running_lines(pages: list[PageText]) -> Running:
    """Each page's zone lines (:func:`_zone_lines`) and its (header, footer) line counts by
    :func:`_edge_count` (compared with the pages at most NEAR_PAGES away). (0, 0) for a page
    of a non-PDF unit (slide, sheet, text lines: no running heads) and for a page where they
    would leave no body: all its lines are running lines read from one edge, or header and
    footer meet."""
    lines = [_zone_lines(p.text) for p in pages]
    if any(p.address is not None for p in pages):
        return lines, [(0, 0)] * len(pages)
    boiler = boilerplate_lines([[n for _, _, n in top + bottom] for top, bottom in lines])
    edges = []
    for i, page in enumerate(pages):
        top, bottom = lines[i]
        around = [j for j in range(i - NEAR_PAGES, i + NEAR_PAGES + 1) if j != i and 0 <= j < len(pages)]
        pair = len(pages) == 2
        head = _edge_count(page, top, [(i - j, lines[j][0]) for j in around], boiler, True, pair) if top else 0
        foot = _edge_count(page, bottom, [(i - j, lines[j][1]) for j in around], boiler, False, pair) if bottom else 0
        if (head or foot) and (head == len(top) or foot == len(bottom)
                               or top[head][0] >= bottom[len(bottom) - 1 - foot][1]):
            head = foot = 0  # a page of nothing but such lines (read from either edge) is kept whole
        edges.append((head, foot))
    return lines, edges


def page_bodies(pages: list[PageText], running: Running | None = None) -> list[tuple[int, int]]:
    """(start, end) of each page's body in its text: from the start of its first line after
    the running header lines to the end of its last line before the running footer lines
    (module docstring, step 1: folios, running heads holding the page's label, lines
    repeated at the same edge of nearby pages, page counters). (0, len(text)) where a page
    has none at an edge, is of a non-PDF unit, or would have no body left (a page's only
    text is never left out). ``pages``: a document's pages in order (neighbours and
    repeated lines come from them, so pass them all). Used by page chunks
    (pincite.chunk.pages) and bridges alike. ``running``: :func:`running_lines` of ``pages``
    when the caller has it already."""
    lines, edges = running or running_lines(pages)
    out = []
    for page, (top, bottom), (head, foot) in zip(pages, lines, edges):
        start = top[head][0] if head else 0
        end = bottom[len(bottom) - 1 - foot][1] if foot else len(page.text)
        out.append((start, end))
    return out


def _ends_sentence(text: str) -> bool:
    s = text.rstrip()
    while s and s[-1] in _CLOSERS:
        s = s[:-1]
    return not s or s[-1] in SENTENCE_ENDS


def _continues(tail: str, head: str) -> bool:
    """Does ``head`` (the top of the next page's body) continue the sentence ``tail`` leaves
    open (module docstring, step 2)?"""
    last, first = tail.rstrip()[-1:], head.lstrip()[:1]
    if not last or not first:
        return False
    if first.islower():
        return True
    if is_cjk_letter(first):
        return (is_cjk_letter(last) or last in "，、") and not _ZH_HEAD.match(head.lstrip())
    return last in _CONTINUERS and (first.isalnum() or first in "(\"'«“") and not first.isupper()


def _bridge(pages: list[PageText], lines: list[Zone], edges: list[tuple[int, int]], i: int
            ) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """(tail span on page i, head span on page i + 1) of a bridge, or None (0-based i)."""
    a, b = pages[i], pages[i + 1]
    la, lb = lines[i][1], lines[i + 1][0]  # bottom zone of page a, top zone of page b
    if not la or not lb:
        return None
    foot, head = edges[i][1], edges[i + 1][0]
    body_end = la[len(la) - 1 - foot][1]
    body_start = lb[head][0]
    b_end = lines[i + 1][1][-1][1]
    if _ends_sentence(a.text[:body_end]) or not _continues(a.text[max(0, body_end - 40):body_end],
                                                          b.text[body_start:body_start + 40]):
        return None
    if _section_starts_at_top(a, b, body_start):
        return None
    last_line = la[len(la) - 1 - foot][2]
    if _title_like(last_line) or not _wordy(last_line) or not _wordy(lb[head][2]):
        return None  # a caption, heading or formula above the break, not running text
    # the tail: the last sentence fragment of page i's body, within a window at a line start
    window = max(0, body_end - 2 * MAX_PART_CHARS)
    if window:  # from the next line start on
        window = min(body_end, _next_line(a.text, _line_end(a.text, window)))
    spans = split_sentences(a.text[window:body_end])
    if not spans:
        return None
    ts, te = window + spans[-1][0], window + spans[-1][1]
    if te - ts > MAX_PART_CHARS:
        ts = _cut_start(a.text, ts, te)
    if sum(ch.isalpha() or is_cjk_letter(ch) for ch in a.text[ts:te]) < MIN_TAIL_LETTERS:
        return None
    # the head: page i + 1's body up to its first sentence end
    limit = min(b_end, body_start + 2 * MAX_PART_CHARS)
    spans = split_sentences(b.text[body_start:limit])
    if not spans or spans[0][0] != 0:
        return None
    hs, he = body_start, body_start + spans[0][1]
    if he - hs > MAX_PART_CHARS:
        he = _cut_end(b.text, hs, he)
    return (ts, te), (hs, he)


def _words(line: str) -> list[str]:
    return [w for w in re.findall(r"[^\W\d_]{2,}", line) if not any(is_cjk_letter(ch) for ch in w)]


def _title_like(line: str) -> bool:
    """Most longer words capitalised ("Influence of Pre-Loaded Spring Tab on Control
    Forces"): a caption or heading, not a sentence running on."""
    long = [w for w in _words(line) if len(w) >= TITLE_WORD_LETTERS]
    return len(long) >= 2 and sum(w[0].isupper() for w in long) >= TITLE_SHARE * len(long)


def _wordy(line: str) -> bool:
    """At least MIN_WORDS words of two letters, or MIN_CJK CJK chars: text, not a formula."""
    return len(_words(line)) >= MIN_WORDS or sum(is_cjk_letter(ch) for ch in line) >= MIN_CJK


def _section_starts_at_top(a: PageText, b: PageText, body_start: int) -> bool:
    """The section holding the top of page b's body is not the one page a ends in: a heading
    starts there (at the body's start, or at offset 0 when a running header stands above it)."""
    ending = a.sections[-1].path if a.sections else ()
    for s in b.sections:
        if s.start <= body_start < s.end:
            return s.path != ending
    return False


def _cut_start(text: str, start: int, end: int) -> int:
    """A start within [end - MAX_PART_CHARS, end) after whitespace (or a hard cut)."""
    lo = end - MAX_PART_CHARS
    for j in range(lo, end):
        if text[j - 1].isspace() and not text[j].isspace():
            return j
    return lo


def _cut_end(text: str, start: int, end: int) -> int:
    """An end within (start, start + MAX_PART_CHARS] before whitespace (or a hard cut)."""
    hi = start + MAX_PART_CHARS
    for j in range(hi, start, -1):
        if text[j].isspace() and not text[j - 1].isspace():
            return j
    return hi
