"""Section headings found from fonts and numbering, for PDFs without an outline.

Rule (docs/decisions/0003-pages-labels-layout.md): without an outline, section paths come from
headings found by font size, weight and numbering ("5.3 Title", "Глава 2", "第三章"), guarded
against false headings (table cells, folios, running headers, numbered list items in body
size). The
outline (:func:`pincite.extract.outline.read_outline`) always wins: this module is only used when
it gives nothing. It looks at the lines :func:`pincite.extract.layout.scan_lines` measured
(style sampled on each line's first visible char) and the page texts; it opens no file.

A line is a heading when it passes every guard and one of the rules:

* **Keyword numbering**, at any size: "Глава 2. Title", "РАЗДЕЛ 1. …", "Chapter 3 Title",
  "Part II", "Appendix A", "Статья 5. Title" (the dot after the number is required for
  Статья/Article: "Статья 5 настоящего Кодекса …" is a sentence), "第三章 总则", "第二节 …"
  (not 第…条, an article of body text).
* **Digit numbering** "5", "5.3", "5.3.1" (or roman "IV." / "IV.2") followed by a title, in a
  *distinct style*: bold where body text is not, or at least ``NUMBERED_MIN_RATIO`` times the
  body size. A numbered list item in body style ("3 bolts are needed.") is not a heading.
* **Unnumbered**, at least ``UNNUMBERED_MIN_RATIO`` times the body size, at most
  ``UNNUMBERED_MAX_WORDS`` words.

Guards (all rules): at most ``HEADING_MAX_CHARS`` chars and two letters; no sentence end or
trailing comma/colon; a title starting with a lower-case letter is not one; not a contents
line (dot leaders, or a trailing page number); not a running header or footer (a line repeated
near the edges of at least 3 pages, :func:`pincite.extract.folio._boilerplate`, or a folio);
not a table cell (a line of several pieces, :class:`pincite.extract.layout.Line.pieces`, or a
numbered line whose neighbour lines are); not a numbered field of a form ("2. ПРЕДСТАВЛЕН:
…"); not one of three or more headings of one level in a row with no text between them (a
contents list; a numbered line rejected as a title is no text between them, a numbered
sentence is: "1. 按下电源键开机。" under "三、使用方法"), nor on a page where they make up
TOC_PAGE_SHARE of the lines. Top-level digit headings must rise ("3." items of a preface
before "1. SCOPE" restarts the count are dropped) and, where deeper ones exist, at least one
of them must have "N.x" children.

Body size: the font size carrying most characters of the document (sizes rounded to 0.5 pt).
Levels: keyword headings by keyword (part 1, chapter 2, section 3, article 4, 编/章/节 1/2/3);
digit numbering by depth ("5.3" -> 2, shifted below a chapter keyword when the document has
both); unnumbered headings by size rank. The path of a heading is the titles of the open
headings of lower level plus its own, as the outline gives it (:func:`pincite.extract.pdf.
outline_sections` builds the spans).
"""
from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass

from pincite.extract.folio import WHOLE_FOLIO, ZH_FOLIO, boilerplate_lines, split_lines
from pincite.extract.layout import Line

#: Longest heading line in chars (a title that wraps is read from its first line; longer
#: lines are paragraph text).
HEADING_MAX_CHARS = 120
#: A digit-numbered line is a heading only in a distinct style: bold where the body is not,
#: or at least this many times the body size (1.1: 11 pt over 10 pt; real headings in the
#: corpus are 1.2-2x, while the same font at 10.5 vs 10 pt is noise).
NUMBERED_MIN_RATIO = 1.1
#: An unnumbered line is a heading only at least this many times the body size and with at
#: most UNNUMBERED_MAX_WORDS words (a bold run-in phrase or a large table caption is not).
#: 1.2: 12 pt headings over 10 pt body text are common where the font has no bold (Chinese
#: manuals set in one Song face, as the demo's kd5_manual_zh.pdf); at 1.25 they were missed
#: and every page's section was the cover's subtitle. The 9 corpus PDFs without an outline
#: get the same headings at 1.2 as at 1.25 (measured 2026-12-01).
UNNUMBERED_MIN_RATIO = 1.2
UNNUMBERED_MAX_WORDS = 12
#: Three or more headings of one level with nothing between them are a contents list.
TOC_RUN = 3
#: A page where at least TOC_PAGE_MIN lines, and TOC_PAGE_SHARE of its lines, pass as
#: headings is a contents page (SN RK 4.01-03-2011 lists its bold numbered sections without
#: page numbers or leaders); body pages of the corpus have at most 4 headings a page.
TOC_PAGE_MIN = 5
TOC_PAGE_SHARE = 0.3
#: With at least this many deeper digit headings in a document and no top-level digit
#: heading with an "N.x" child, the top-level ones are dropped (_in_sequence).
CHILDREN_MIN = 3
#: A heading's next line of the same style, right below it, continues its title (a wrapped
#: title, "Глава 2. АДАПТАЦИЯ ВОДНОГО СЕКТОРА … / КАЗАХСТАН К ИЗМЕНЕНИЮ КЛИМАТА"), at most
#: this many lines, only for a heading whose style differs from body text.
MAX_CONTINUATION_LINES = 2
#: A numbered title in body style is still a heading when all its letters (at least this
#: many) are capitals: "1. SCOPE", "2. APPLICABLE DOCUMENTS" (MIL-STD-882E).
CAPS_MIN_LETTERS = 4
#: A table row: pieces covering less than this share of the line's width.
TABLE_FILL = 0.6
#: A heading line may be two pieces when the first, its number, is at most this wide (points):
#: "1.<tab>ОБЛАСТЬ ПРИМЕНЕНИЯ".
NUMBER_PIECE_MAX_PT = 48.0
#: Sizes within this many points are one style (PDFium's sizes of one font vary by rounding).
SIZE_TOLERANCE = 0.3

_KEYWORDS = {
    # keyword (lower case) -> level
    "part": 1, "часть": 1, "раздел": 1,
    "chapter": 2, "глава": 2, "appendix": 2, "annex": 2, "приложение": 2,
    "section": 3, "§": 3, "параграф": 3,
    "article": 4, "статья": 4,
}
#: Keywords whose number must be followed by a dot or a line end to be a heading ("Статья 5.
#: Title"; "Статья 5 настоящего Кодекса" is a sentence).
_DOT_KEYWORDS = frozenset({"article", "статья", "section", "§"})
_KEYWORD_RE = re.compile(
    r"^(?P<kw>part|chapter|section|article|appendix|annex|часть|раздел|глава|статья|приложение|параграф|§)"
    r"\s*(?P<num>\d{1,4}(?:[.\-]\d{1,3})*|[IVXLC]{1,6}|[A-ZА-Я])(?P<dot>\.?)(?:\s+|$)",
    re.IGNORECASE)
_ZH_RE = re.compile(r"^第\s*[一二三四五六七八九十百零〇两\d]{1,6}\s*(?P<unit>[编章节])(?:\s|$|[^\w])")
_ZH_LEVELS = {"编": 1, "章": 2, "节": 3}
_DIGIT_RE = re.compile(r"^(?P<num>\d{1,2}(?:\.\d{1,3}){0,4})\.?\s+(?=\S)")
_ROMAN_RE = re.compile(r"^(?P<num>[IVX]{1,5})\.(?:(?P<sub>\d{1,2})\.?)?\s+(?=\S)")
_LABEL = re.compile(r"^[^\W\d_]+(?:\s\([^)]*\))?:(?:\s|$)")
_LEADERS = re.compile(r"(?:[.·…_]\s*){3,}\s*\S{0,8}$")
_TRAILING_PAGE = re.compile(r"\s(?:\d{1,4}|[ivxlc]{1,6}|\d{1,3}[.\-\u2013]\d{1,4})$")
_ENDS = (".", ",", ";", ":", "。", "，", "；", "：", "、")


@dataclass
class Heading:
    """One detected heading: 1-based physical ``page``, ``start`` offset of its line in the
    page text, ``level`` (1 = outermost), ``title`` (the line's text, whitespace collapsed)."""

    page: int
    start: int
    level: int
    title: str


def _clean(text: str) -> str:
    text = unicodedata.normalize("NFKC", text.replace("\ufffe", "").replace("\u00ad", ""))
    return " ".join(text.split())


def body_size(lines: list[list[Line] | None], texts: list[str]) -> tuple[float, bool]:
    """(size in points, bold) of the style carrying the most characters: body text."""
    sizes: Counter[float] = Counter()
    bold: Counter[bool] = Counter()
    for page_lines, text in zip(lines, texts):
        for ln in page_lines or []:
            if ln.size > 0:
                sizes[round(ln.size * 2) / 2] += ln.end - ln.start
                if ln.end - ln.start > HEADING_MAX_CHARS:
                    continue
                bold[ln.bold] += ln.end - ln.start
    if not sizes:
        return 0.0, False
    return sizes.most_common(1)[0][0], bold.most_common(1)[0][0] if bold else False


def find_headings(texts: list[str], lines: list[list[Line] | None]) -> list[Heading]:
    """The headings of a document, in page and text order.

    texts: the page texts (``texts[i]`` is physical page i + 1); lines: the
    :func:`pincite.extract.layout.scan_lines` lines of each page, offsets into its text
    (None for a page without them, e.g. an OCR page: it gets no heading). Never raises.
    """
    size, body_bold = body_size(lines, texts)
    if size <= 0:
        return []
    boiler = boilerplate_lines([split_lines(t) for t in texts])
    found: list[tuple[Heading, str, float, bool]] = []  # heading, kind, size, bold
    for n, (text, page_lines) in enumerate(zip(texts, lines), 1):
        if not page_lines:
            continue
        run: list[tuple[Heading, str, float, bool]] = []
        on_page: list[tuple[Heading, str, float, bool]] = []
        seen = skip = 0
        for i, ln in enumerate(page_lines):
            if skip:
                skip -= 1
                continue
            got = _classify(text, page_lines, i, size, body_bold, boiler)
            if got is None:
                line = _clean(text[ln.start:ln.end])
                if _numbering(line) is None or line.endswith(_ENDS):
                    # body text ends a run, and so does a numbered sentence ("1. 按下电源键开机。",
                    # a step under its heading); a rejected numbered title does not (a contents
                    # entry: "2.1 Pressure 5")
                    _flush(run, on_page)
                    run = []
                continue
            kind, level, title = got
            styled = ln.bold != body_bold or abs(ln.size - size) > SIZE_TOLERANCE
            if styled:  # a wrapped title: following lines of the same style
                prev = ln
                for nxt in page_lines[i + 1:i + 1 + MAX_CONTINUATION_LINES]:
                    more = _clean(text[nxt.start:nxt.end])
                    if (nxt.bold != ln.bold or abs(nxt.size - ln.size) > SIZE_TOLERANCE
                            or not _adjacent(prev, nxt) or len(title) + len(more) > 2 * HEADING_MAX_CHARS
                            or _numbering(more) is not None or more.endswith(_ENDS)):
                        break
                    title, prev = f"{title} {more}", nxt
                    skip += 1
            run.append((Heading(n, ln.start, level, title), kind, ln.size, ln.bold))
            seen += 1
        _flush(run, on_page)
        if seen < TOC_PAGE_MIN or seen < TOC_PAGE_SHARE * len(page_lines):
            found.extend(on_page)  # else a contents page: its entries look like headings
    return _levels(_in_sequence(found), size)


def _flush(run: list, found: list) -> None:
    """Keep a run of consecutive headings (no body line between them), except the ones of
    a level and style that TOC_RUN or more of them share: a contents list."""
    if not run:
        return
    def key(item):
        h, kind, size, bold = item
        return kind, h.level, round(size * 2) / 2, bold

    counts = Counter(key(item) for item in run)
    found.extend(item for item in run if counts[key(item)] < TOC_RUN)


def _adjacent(a: Line, b: Line) -> bool:
    """b lies right below a (gap at most one line height), or positions are unknown."""
    if a.top == a.bottom == 0 or b.top == b.bottom == 0:
        return False
    return 0 <= a.bottom - b.top <= max(a.height, b.height)


def _numbering(title: str) -> tuple[str, int, str] | None:
    """(kind, level, rest of the title) for a numbered title, else None. kind: "keyword",
    "zh", "digit" or "roman"; level as in the module docstring (digit: its depth)."""
    m = _KEYWORD_RE.match(title)
    if m:
        kw = m.group("kw").lower()
        rest = title[m.end():]
        if kw in _DOT_KEYWORDS and not m.group("dot") and rest:
            return None
        return "keyword", _KEYWORDS[kw], rest
    m = _ZH_RE.match(title)
    if m:
        return "zh", _ZH_LEVELS[m.group("unit")], title[m.end():]
    m = _DIGIT_RE.match(title)
    if m:
        num = m.group("num")
        if int(num.split(".")[0]) > 0 or "." in num:
            return "digit", num.count(".") + 1, title[m.end():]
    m = _ROMAN_RE.match(title)
    if m:
        return "roman", 2 if m.group("sub") else 1, title[m.end():]
    return None


def _classify(text: str, lines: list[Line], i: int, body: float, body_bold: bool,
              boiler: set[str]) -> tuple[str, int, str] | None:
    """(kind, level, title) when line ``i`` is a heading (module docstring), else None."""
    ln = lines[i]
    if ln.end - ln.start > HEADING_MAX_CHARS:
        return None
    title = _clean(text[ln.start:ln.end])
    if sum(ch.isalpha() for ch in title) < 2 or title.endswith(_ENDS):
        return None
    if title in boiler or WHOLE_FOLIO.match(title) or ZH_FOLIO.match(title) or _LEADERS.search(title):
        return None
    ratio = ln.size / body if body else 1.0
    styled = (ln.bold and not body_bold) or ratio >= NUMBERED_MIN_RATIO
    if _runs_on(text, lines, i):
        return None  # the line's text goes on as a sentence on the next line
    numbered = _numbering(title)
    if numbered is not None:
        kind, level, rest = numbered
        letters = [ch for ch in rest if ch.isalpha()]
        if letters and letters[0].islower():
            return None  # "3 bolts are needed", "Article 5 of the Code"
        if rest and _TRAILING_PAGE.search(rest) and ratio < UNNUMBERED_MIN_RATIO:
            return None  # a contents line without leaders: "2.1 Pressure 5"
        caps = len(letters) >= CAPS_MIN_LETTERS and all(ch.isupper() for ch in letters)
        if kind in ("digit", "roman"):
            if len(letters) < 2 or not _one_block(ln) or _table_context(lines, i):
                return None
            if _LABEL.match(rest):
                return None  # "2. ПРЕДСТАВЛЕН: Департаментом ...": a numbered field of a form
            if not (styled or caps):
                return None  # a numbered list item in body style
        elif kind == "keyword" and _numbering_is_latin(title) and not (styled or caps):
            return None  # "Section 6. Pig and Pepper" inside an example
        return kind, level, title
    if not _one_block(ln) or ratio < UNNUMBERED_MIN_RATIO:
        return None
    if len(title.split()) > UNNUMBERED_MAX_WORDS:
        return None
    first = next((ch for ch in title if ch.isalpha()), "")
    if first.islower():
        return None
    return "plain", 0, title


def _table_context(lines: list[Line], i: int) -> bool:
    """The line or a neighbour line (previous or next) is a table row (:func:`_tabular`)."""
    return any(0 <= j < len(lines) and _tabular(lines[j]) for j in (i - 1, i, i + 1))


def _tabular(ln: Line) -> bool:
    """Several pieces that leave much of the line empty: cells of a table row. (A justified
    line of a word processor is also many pieces, one per word, but they fill the line.)"""
    if len(ln.pieces) < 2 or ln.right <= ln.left:
        return False
    filled = sum(b - a for a, b in ln.pieces) / (ln.right - ln.left)
    return filled < TABLE_FILL


def _one_block(ln: Line) -> bool:
    """One piece, or a number piece and a title piece ("1.<tab>SCOPE")."""
    return len(ln.pieces) <= 1 or (len(ln.pieces) == 2 and ln.pieces[0][1] - ln.pieces[0][0] <= NUMBER_PIECE_MAX_PT)


def _runs_on(text: str, lines: list[Line], i: int) -> bool:
    """The next line starts with a lower-case letter: line ``i`` is the start of a
    paragraph ("9.1.1 Степень очистки ... в зависимости от / состава ..."), not a title."""
    if i + 1 >= len(lines):
        return False
    nxt = text[lines[i + 1].start:lines[i + 1].end]
    first = next((ch for ch in nxt if ch.isalpha()), "")
    return first.islower() and not nxt[:1].isdigit()


def _numbering_is_latin(title: str) -> bool:
    m = _KEYWORD_RE.match(title)
    return m is not None and m.group("kw").isascii()


def _digit_number(title: str) -> str:
    """The number of a title that `_DIGIT_RE` matches ("4.12" of "4.12 Scope"); ValueError for
    any other title (callers pass only headings of kind "digit")."""
    m = _DIGIT_RE.match(title)
    if m is None:
        raise ValueError(f"not a numbered heading: {title!r}")
    return m.group("num")


def _in_sequence(found: list[tuple[Heading, str, float, bool]]) -> list[tuple[Heading, str, float, bool]]:
    """Drop top-level digit headings ("3. …") that are not part of the document's rising
    sequence of chapter numbers (the longest strictly increasing run of them, in document
    order, among the headings of one style): numbered items of a preface or a form before "1. SCOPE" restarts
    the count. Where the document has at least CHILDREN_MIN deeper digit headings ("4.12", "4.12.4") but none
    of its top-level ones has a child, those are not chapters ("25 LFTDEG", a label in a chart
    of en-usntps-ftm-103, whose chapters are numbered "1.1", "1.2", ...)."""
    tops = [(k, int(_digit_number(h.title))) for k, (h, kind, _, _) in enumerate(found)
            if kind == "digit" and h.level == 1]
    deeper = {_digit_number(h.title).split(".")[0]
              for h, kind, _, _ in found if kind == "digit" and h.level >= 2}
    if (sum(kind == "digit" and h.level >= 2 for h, kind, _, _ in found) >= CHILDREN_MIN
            and not any(str(n) in deeper for _, n in tops)):
        orphans = {k for k, _ in tops}
        found = [item for k, item in enumerate(found) if k not in orphans]
        tops = [(k, int(_digit_number(h.title))) for k, (h, kind, _, _) in enumerate(found)
                if kind == "digit" and h.level == 1]
    drop: set[int] = set()
    styles: dict[tuple[float, bool], list[tuple[int, int]]] = {}
    for k, n in tops:  # one count per style: a book's chapters and its appendix's licence items
        _, _, size, bold = found[k]
        styles.setdefault((round(size * 2) / 2, bold), []).append((k, n))
    for seq in styles.values():
        drop |= {k for k, _ in seq} - _rising(seq)
    return [item for k, item in enumerate(found) if k not in drop]


def _rising(seq: list[tuple[int, int]]) -> set[int]:
    """Keys of the longest strictly increasing subsequence of the numbers of ``seq``
    ((key, number) pairs in document order; O(n^2), a few dozen chapters)."""
    if len(seq) < 2:
        return {k for k, _ in seq}
    best = [1] * len(seq)
    prev = [-1] * len(seq)
    for j in range(len(seq)):
        for i in range(j):
            if seq[i][1] < seq[j][1] and best[i] + 1 > best[j]:
                best[j], prev[j] = best[i] + 1, i
    j = max(range(len(seq)), key=lambda x: (best[x], -x))
    keep = set()
    while j >= 0:
        keep.add(seq[j][0])
        j = prev[j]
    return keep


def _levels(found: list[tuple[Heading, str, float, bool]], body: float = 0.0) -> list[Heading]:
    """Final headings and levels. Keyword and zh levels as found; digit depth below the
    chapter-like keyword level when the document has both (so "2.1" sits under "Chapter 2");
    roman as digit. Unnumbered headings: as deep as the numbered headings of their size or
    larger (numbered ones in body size, "5. COMBINING DOCUMENTS" in capitals, do not count:
    ``body`` is the body size), or by size rank when there are none. Cover text is dropped:
    unnumbered headings
    larger than every numbered one or before the first one, and, without numbered ones,
    those of a size that only
    the first page with headings uses (a title page read as headings would put every
    section under the document's title)."""
    numbered = [(h, kind, size) for h, kind, size, _ in found if kind != "plain"]
    kw_levels = [h.level for h, kind, _ in numbered if kind in ("keyword", "zh") and h.level <= 2]
    shift = max(kw_levels) if kw_levels and any(k in ("digit", "roman") for _, k, _ in numbered) else 0
    top_numbered = max((size for _, _, size in numbered), default=0.0)
    plain = [(h, size) for h, kind, size, _ in found if kind == "plain"]
    if plain and not numbered:
        first = min(h.page for h, _ in plain)
        later = max((size for h, size in plain if h.page != first), default=0.0)
        cover = {id(h) for h, size in plain if h.page == first and size > later + SIZE_TOLERANCE}
        if len(cover) < len(plain):
            plain = [(h, size) for h, size in plain if id(h) not in cover]
    elif plain:
        first_at = min((h.page, h.start) for h, _, _ in numbered)
        plain = [(h, size) for h, size in plain
                 if size <= top_numbered + SIZE_TOLERANCE and (h.page, h.start) > first_at]
    keep = {id(h) for h, _ in plain}
    sizes = sorted({round(size * 2) / 2 for _, size in plain}, reverse=True)
    out: list[Heading] = []
    for h, kind, size, _ in found:
        if kind in ("digit", "roman"):
            h.level += shift
        elif kind == "plain":
            if id(h) not in keep:
                continue
            if numbered:
                same = [hh.level for hh, _, s in numbered
                        if s <= size + SIZE_TOLERANCE and abs(s - body) > SIZE_TOLERANCE]
                h.level = min(same) if same else max(hh.level for hh, _, _ in numbered) + 1
            else:
                h.level = sizes.index(round(size * 2) / 2) + 1
        out.append(h)
    return out


def heading_paths(headings: list[Heading]) -> list[tuple[Heading, tuple[str, ...]]]:
    """Each heading with its path: the titles of the open headings of lower level, then
    its own (a heading closes every open heading of its level or deeper)."""
    stack: list[tuple[int, str]] = []
    out = []
    for h in headings:
        while stack and stack[-1][0] >= h.level:
            stack.pop()
        stack.append((h.level, h.title))
        out.append((h, tuple(t for _, t in stack)))
    return out
