"""Printed page labels from running headers and footers ("folios"), for PDFs without /PageLabels.

Rule (docs/decisions/0003-pages-labels-layout.md): /PageLabels first; when a
PDF defines none, read number-like tokens from the top and bottom two lines of each page and
accept one only when neighbouring pages agree. This module only looks at the page texts that
extraction already has (PDFium's ``get_text_range()``, one string per physical page); it parses
no PDF and imports no later stage.

How a label is found (all units are 1-based physical pages unless named ``page_index``):

1. **Lines.** Each page text is split into non-empty, whitespace-trimmed lines, NFKC-normalised
   (full-width "１０１２" becomes "1012") with PDFium's U+FFFE hyphen marks dropped, or made a
   space when only a number follows one on its line (a broken word's end, then the folio
   PDFium read into the same line: "…the encoding prob\ufffe45").
2. **Boilerplate is skipped.** A line whose exact text stands among the first or last
   ``BOILERPLATE_ZONE`` lines of at least ``BOILERPLATE_MIN_PAGES`` pages is a repeated running
   title, stamp or watermark ("FIXED WING STABILITY AND CONTROL", "3 Jan 2020 2:18 p.m.",
   "draft"). It cannot be a folio (a folio changes from page to page), so it does not use up one
   of the two edge lines. A line that is wholly a folio token ("2", "- 2 -") is never boilerplate,
   since numbering that restarts per chapter repeats it. Why: in the corpus the folio stands on the
   third line of text under such lines (en-usntps-ftm-103, impatient-book, tugboat-babelbib).
3. **Edge lines.** The first ``EDGE_LINES`` (2) and last 2 lines that are not boilerplate.
4. **Candidates** on an edge line (see :func:`line_candidates`):

   * a line that is only a folio token, possibly between dashes or after "Page"/"p."/"стр."/
     "с."/"лист", or "第12页", "12/120", "Page 12 of 120" (of a "page of total" pair the first
     number is taken). The token is arabic ("47"), roman ("iii", "II", validated), or
     chapter-page ("5-12", "2.1", "4.iii", "I.4", "A-3");
   * an arabic number, or a lower-case roman one, at the start or end of a running head with
     other text ("2 Using this book", "Descriptions of the commands 3", "vi Contents"), unless the
     word before it marks another kind of number ("No 23", "№ 5", "§ 1", "Table 4", "Vol. 2",
     "Рис. 3"; see ``_NOT_PAGE_WORDS``). Chapter-page tokens count only when they stand alone (or
     after "Page"), because "2.1 Scope" at the top of a page is a section heading.

5. **Neighbours must agree.** Every candidate has a key: its kind (arabic, roman lower/upper,
   chapter-page with its chapter part and separator) and its offset = number - physical page.
   Candidates with the same key whose pages are at most ``MAX_GAP`` (3) pages apart form a run;
   only runs of at least ``MIN_RUN`` (3) pages are accepted. So a constant offset shared by 3
   pages (or a page with a consistent neighbour on each side) is accepted; a chapter-page label
   "5-7" needs "5-x" neighbours whose page part steps by one per physical page. A number in a
   table's last line, a year, a TOC entry or a body cross-reference ("see page 5-3") does not
   keep a constant offset across pages, so it does not win.
6. **Conflicts.** When a page holds accepted candidates with different labels, the one from the
   longest run wins; a tie gives no label.

Pages where nothing agrees get '' — a label is only ever text printed on that very page, never
interpolated. Labels are the token as printed after NFKC (arabic as decimal digits without
leading zeros, roman in its printed case, chapter-page as "5-12"), without "Page"/"стр."/dashes.

Measured on the shared corpus (tests/test_folio.py): on the 4 PDFs with /PageLabels (367 pages),
the heuristic alone (ignoring /PageLabels) gives the same label on 339 pages (92.4%) and a wrong
one on none; the 28 others print no folio (cover, blank pages, chapter openers). The printed
page numbers read off pages of 14 corpus PDFs (/PageLabels, arabic offsets, chapter-page and
full-width folios) are all shown right. It costs about 50 microseconds per page (about 20,000
pages/s on one core), ~1.5% of PDFium extraction.
"""
from __future__ import annotations

import re
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Sequence

from pincite.text import lazyre

#: Non-empty, non-boilerplate lines read from the top and from the bottom of each page
#: (docs/decisions/0003-pages-labels-layout.md).
EDGE_LINES = 2
#: Lines at each end of a page considered when counting repeated lines (step 2 above).
BOILERPLATE_ZONE = 6
#: A line repeated verbatim in the zones of this many pages is boilerplate. 3 = the smallest
#: count that is a pattern rather than a coincidence of two pages (same threshold as MIN_RUN).
BOILERPLATE_MIN_PAGES = 3
#: Neighbour agreement: at least 3 pages in the run, or the neighbours on both sides
#: consistent, which is also a run of 3.
MIN_RUN = 3
#: Largest step in physical pages between two members of one run: up to 2 pages in between may
#: lack a readable folio (figure pages, chapter openers) without breaking the run.
MAX_GAP = 3
#: Most digits in an arabic folio (the corpus' largest is 1019; 5 digits leave room for long
#: books and gazettes); longer runs of digits are codes or phone numbers.
_MAX_DIGITS = 5

_DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2015\u2212~\u00b7\u2022"
_ROMAN = lazyre.compile(r"M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})\Z")
# A page token: chapter-page ("5-12", "2.1", "4.iii", "I.4", "A-3"), arabic, or roman.
_TOKEN = (
    r"(?:(?P<chap>\d{1,3}|[A-Z]|[IVXL]{1,5})(?P<sep>[.\-\u2013])(?P<cpage>\d{1,4}|[ivxlcdm]{1,8})"
    r"|(?P<arabic>\d{1,%d})|(?P<roman>[ivxlcdm]{1,8}|[IVXLCDM]{1,8}))" % _MAX_DIGITS
)
_PAGE_WORD = r"(?i:page|pg\.?|p\.|стр\.?|страница|с\.|лист)"
_OF_TOTAL = r"(?:\s*(?:/|(?i:of|из))\s*(?P<total>\d{1,%d}))?" % _MAX_DIGITS
_DASH_CLASS = "[" + re.escape(_DASHES) + r"\s]*"
# A whole line that is one folio: "47", "- 12 -", "— 1012 —", "Page 12", "стр. 12", "12/120",
# "Page 3 of 10", "5-12", "iii".
WHOLE_FOLIO = lazyre.compile(
    r"^" + _DASH_CLASS + r"(?:" + _PAGE_WORD + r"\s*)?" + _TOKEN + _OF_TOTAL + _DASH_CLASS + r"$"
)
# Chinese "第12页" (optionally "，共120页").
ZH_FOLIO = lazyre.compile(r"^" + _DASH_CLASS + r"第\s*(?P<arabic>\d{1,%d})\s*页(?:\s*[,，]?\s*共\s*\d+\s*页)?"
                 % _MAX_DIGITS + _DASH_CLASS + r"$")
# A folio at the start or end of a running head with other text (lower-case roman only: an
# upper-case "I" or "C" opening or closing a line is far more often a word or a grade).
_HEAD_START = lazyre.compile(r"^(?P<num>\d{1,%d}|[ivxlcdm]{1,8})\s+\S" % _MAX_DIGITS)
_HEAD_END = lazyre.compile(r"\s(?P<num>\d{1,%d}|[ivxlcdm]{1,8})" % _MAX_DIGITS + _OF_TOTAL + r"$")
_ENDS_WITH_PAGE_WORD = lazyre.compile(r"(?:^|\s)" + _PAGE_WORD + r"$")
#: Words after which a number is not a page number (compared lower-cased, without a trailing
#: dot or colon). Source: the corpus decoys "TEX for the Impatient No 23" (a physical-page stamp
#: on every page), "TUGboat ... No. 0", "USNTPS-FTM-No. 103", and the usual caption words.
_NOT_PAGE_WORDS = frozenset({
    "no", "nr", "nos", "№", "#", "§", "vol", "volume", "issue", "table", "tab", "fig", "figure",
    "eq", "equation", "chapter", "ch", "section", "sec", "part", "art", "article", "item",
    "рис", "рисунок", "таблица", "табл", "том", "выпуск", "вып", "глава", "раздел", "пункт",
    "п", "ст", "статья", "приложение", "форма", "изм", "листов",
    "图", "表", "式",
})


@dataclass(frozen=True)
class Candidate:
    """One number-like token read on an edge line of a page.

    page: 1-based physical page it stands on.
    label: the label it would give, as printed ("47", "iii", "5-12").
    key: what neighbours must share: (kind, chapter part + separator, offset), where offset is
        the token's number minus ``page``.
    """

    page: int
    label: str
    key: tuple[str, str, int]


def infer_folio_labels(texts: Sequence[str]) -> list[str]:
    """Return the printed folio of every page, '' where none is accepted.

    texts: one PDFium page text per physical page, in order (``texts[page_index]`` is physical
        page ``page_index + 1``).
    Returns a list as long as ``texts``; an entry is a label printed on that page that
    neighbouring pages confirm (module docstring, steps 1-6), else ''. Never raises on any
    text; a document of fewer than ``MIN_RUN`` pages gets no labels.
    """
    labels = [""] * len(texts)
    if len(texts) < MIN_RUN:
        return labels
    lines = [split_lines(t) for t in texts]
    boiler = boilerplate_lines(lines)
    candidates: list[Candidate] = []
    for page_index, page_lines in enumerate(lines):
        for line in edge_lines(page_lines, boiler):
            candidates.extend(line_candidates(line, page_index + 1))

    by_key: dict[tuple[str, str, int], list[Candidate]] = defaultdict(list)
    for cand in candidates:
        by_key[cand.key].append(cand)
    # page -> {label: longest run length supporting it}
    best: dict[int, dict[str, int]] = defaultdict(dict)
    for members in by_key.values():
        pages = sorted({c.page for c in members})
        label_of = {c.page: c.label for c in members}
        for run in _runs(pages):
            if len(run) < MIN_RUN:
                continue
            for page in run:
                label = label_of[page]
                best[page][label] = max(best[page].get(label, 0), len(run))
    for page, options in best.items():
        ranked = sorted(options.items(), key=lambda kv: -kv[1])
        if len(ranked) == 1 or ranked[0][1] > ranked[1][1]:
            labels[page - 1] = ranked[0][0]
    return labels


def edge_lines(
    page_lines: Sequence[str], boilerplate: set[str] | frozenset[str] = frozenset()
) -> list[str]:
    """The first and last ``EDGE_LINES`` lines of a page that are not in ``boilerplate``.

    page_lines: the page's non-empty lines, top-down (as from :func:`split_lines`). A line is given
    once even when the page is so short that the top and bottom lines overlap.
    """
    kept = [(i, line) for i, line in enumerate(page_lines) if line not in boilerplate]
    chosen = dict(kept[:EDGE_LINES] + kept[-EDGE_LINES:])
    return [chosen[i] for i in sorted(chosen)]


def line_candidates(line: str, page: int) -> list[Candidate]:
    """Folio candidates on one (normalised) edge line of 1-based physical ``page``.

    Returns [] for a line with no page-like token; see the module docstring, step 4.
    """
    m = WHOLE_FOLIO.match(line) or ZH_FOLIO.match(line)
    if m:
        if _total_below(m):
            return []
        cand = _from_token(m.groupdict(), page)
        return [cand] if cand else []
    found: list[Candidate] = []
    start = _HEAD_START.match(line)
    if start:
        cand = _from_simple(start.group("num"), page)
        if cand:
            found.append(cand)
    end = _HEAD_END.search(line)
    if end and end.start("num") > (start.end("num") if start else 0):
        before = line[: end.start()].rstrip()
        words = re.split(r"[\s\-/]+", before)
        word = words[-1].rstrip(".:").lower() if words else ""
        if _ENDS_WITH_PAGE_WORD.search(before) or word not in _NOT_PAGE_WORDS:
            cand = None if _total_below(end) else _from_simple(end.group("num"), page)
            if cand:
                found.append(cand)
    return found


def _total_below(m: re.Match[str]) -> bool:
    """True when a "N/T" or "N of T" pair has T < N: a ratio or a date, not page of total."""
    total = m.groupdict().get("total")
    number = m.groupdict().get("arabic") or m.groupdict().get("num")
    return bool(total and number and number.isdigit() and int(total) < int(number))


def roman_value(token: str) -> int | None:
    """Value of a roman numeral written all in upper or all in lower case, else None."""
    if not token or not (token.isupper() or token.islower()):
        return None
    upper = token.upper()
    if not _ROMAN.match(upper):
        return None
    values = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
    total = 0
    for a, b in zip(upper, upper[1:] + " "):
        va = values[a]
        total += -va if b != " " and values[b] > va else va
    return total


def _from_simple(num: str, page: int) -> Candidate | None:
    """Candidate for a bare arabic or lower-case roman token taken from a running head."""
    if num.isdigit():
        return Candidate(page, str(int(num)), ("arabic", "", int(num) - page))
    value = roman_value(num)
    if value is None:
        return None
    return Candidate(page, num, ("roman-lower", "", value - page))


def _from_token(groups: dict[str, str | None], page: int) -> Candidate | None:
    """Candidate for a whole-line token matched by ``_TOKEN`` (or ``ZH_FOLIO``)."""
    if arabic := groups.get("arabic"):
        n = int(arabic)
        return Candidate(page, str(n), ("arabic", "", n - page))
    if token := groups.get("roman"):
        value = roman_value(token)
        if value is None:
            return None
        kind = "roman-lower" if token.islower() else "roman-upper"
        return Candidate(page, token, (kind, "", value - page))
    chap, sep, cpage = groups.get("chap"), groups.get("sep"), groups.get("cpage")
    if chap and sep and cpage:
        if chap.isalpha() and len(chap) > 1 and roman_value(chap) is None:
            return None
        if cpage.isdigit():
            n, kind = int(cpage), "chapter-arabic"
        else:
            value = roman_value(cpage)
            if value is None:
                return None
            n, kind = value, "chapter-roman"
        sep = "-" if sep == "\u2013" else sep
        return Candidate(page, f"{chap}{sep}{cpage}", (kind, chap + sep, n - page))
    return None


#: A hyphen mark (PDFium's U+FFFE, a soft hyphen) with only digits after it on its line: a
#: word broken at the line's end, then the page's folio that PDFium read into the same line
#: (a chapter opener's bottom folio beside the last text line: "…the encoding prob\ufffe45").
_BREAK_BEFORE_FOLIO = lazyre.compile(r"[\ufffe\u00ad](?=\d{1,%d}[ \t\r]*$)" % _MAX_DIGITS, re.M)


def split_lines(text: str) -> list[str]:
    """Non-empty lines of a page text, trimmed, NFKC-normalised, U+FFFE/U+00AD dropped (a
    space where only a number follows one on its line: `_BREAK_BEFORE_FOLIO`)."""
    text = _BREAK_BEFORE_FOLIO.sub(" ", text)
    text = unicodedata.normalize("NFKC", text.replace("\ufffe", "").replace("\u00ad", ""))
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


def boilerplate_lines(pages: Sequence[Sequence[str]]) -> set[str]:
    """Lines repeated verbatim near the edges of at least ``BOILERPLATE_MIN_PAGES`` pages."""
    counts: Counter[str] = Counter()
    for page_lines in pages:
        zone = set(page_lines[:BOILERPLATE_ZONE]) | set(page_lines[-BOILERPLATE_ZONE:])
        counts.update(zone)
    return {
        line for line, n in counts.items()
        if n >= BOILERPLATE_MIN_PAGES and not (WHOLE_FOLIO.match(line) or ZH_FOLIO.match(line))
    }


def _runs(pages: Sequence[int]) -> list[list[int]]:
    """Split sorted page numbers into runs whose consecutive members are <= MAX_GAP apart."""
    runs: list[list[int]] = []
    for page in pages:
        if runs and page - runs[-1][-1] <= MAX_GAP:
            runs[-1].append(page)
        else:
            runs.append([page])
    return runs
