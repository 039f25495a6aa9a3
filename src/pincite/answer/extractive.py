"""Extractive answering (offline default): the best sentences of the evidence become the
answer, each one a verbatim quote of its page.

A candidate is a window of one or two consecutive sentences of a retrieved chunk (of one
table row at most where the chunk holds table rows, one row of a spreadsheet). Its
`coverage` is the share of the question's IDF-weighted content terms it contains
(0..1); the best coverage decides refusal (answer.rank). Must not import cli/ or web/.

Size: just over 600 lines, as the one place where a passage becomes windows and a window
becomes the quote shown: sentence windows, table-row records, list runs, their lexical
scores and the quote cut and cleaned from them share the same spans and offsets.
"""
from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass
from typing import AbstractSet, Callable, Sequence

from pincite.text import analysis, lazyre

from ..index.base import Hit
from ..text.cjk import CJK_CLASS, is_cjk
from . import asked_type
from .normalize import CONTROL_CHARS, compose_spacing_accents, join_line_end_hyphens, line_end_mark
from .verify import min_quote_chars, record_quote

#: Longest quote shown, in characters; longer windows are cut around the matched terms.
MAX_QUOTE_CHARS = 400
#: Windows of up to this many consecutive sentences are scored (compound facts often span two).
MAX_WINDOW_SENTENCES = 2
#: Hits whose sentences are scored (retrieval rank order; by-line searches put their hits
#: in front of the search's, see answer.retrieve).
SCORED_HITS = 24
#: Tie-breaker weight of the BM25 rank, small against coverage (one term of five = 0.2).
RANK_WEIGHT = 0.02
#: Weight of the all-words coverage of the whole chunk, a tie-breaker under the asked-words
#: coverage of the window: between windows that cover the asked words equally, the one whose
#: chunk holds more of the question's other words wins. 0.5 measured on the corpus on
#: 2026-11-30 (hybrid, benchmarks/calibrate_refusal.py): more first-rank hits than 0.2, the
#: same top-5 hits; 0.8 and 1.0 changed nothing further.
TIE_WEIGHT = 0.5
#: Taken from a spreadsheet header row's window score (extractive.header_row): a data row
#: under it that covers the question's words as well wins, as it also states a value; a
#: tie-breaker, smaller than one question word of coverage.
HEADER_TIE = 0.01
#: Added to a spreadsheet row's window score times the coverage of the question's words by
#: its values alone, the headers each row repeats left out: between rows that cover the
#: question equally, the one whose cells name what is asked wins. A tie-breaker like
#: HEADER_TIE.
VALUE_TIE = 0.01


@dataclass
class Candidate:
    """A quotable span of one hit's page: `start`/`end` index the page text.

    `columns`: the column headers of the table the window lies in when its page text does
    not write them (a DOCX table on its converted PDF's pages, a ruled PDF table:
    DocumentModel.table_columns), set by answer.rank.window_columns; () for any other
    window. A name in a
    column header belongs to every row of its table ("Параметр | СКД-12 | СКД-12М" over
    "Объём загрузки, м³ 12 18"), so the evidence checks read them as words of the window
    (answer.evidence.window_tokens).

    `record`: the window is one table row (a row of a DOCX table read on a text page,
    `record_spans`), a table's record as a spreadsheet row is, though its chunk is text."""

    hit: Hit
    start: int
    end: int
    coverage: float
    score: float
    key_missing: float = 0.0
    columns: tuple[str, ...] = ()
    record: bool = False


Group = tuple[str, ...]


def group_weights(groups: list[Group], df: dict[str, int], n_chunks: int) -> dict[Group, float]:
    """IDF weight per question word (group of index forms): BM25's IDF
    ln(1 + (N - df + 0.5) / (df + 0.5)) (Robertson & Zaragoza 2009), taken for the most
    common form that occurs in the library (a form found nowhere gets the highest weight
    only when no form of the word occurs)."""
    n = max(n_chunks, 1)

    def idf(t: str) -> float:
        return math.log(1 + (n - df.get(t, 0) + 0.5) / (df.get(t, 0) + 0.5))

    out = {}
    for g in groups:
        seen = [t for t in g if df.get(t, 0) > 0]
        out[g] = min(map(idf, seen)) if seen else idf(g[0])
    return out


#: The table rows of a hit's page that its span overlaps, as (start, end) offsets of the page
#: text (end exclusive): what `candidates` keeps each window inside of.
RowsOf = Callable[[Hit], Sequence[tuple[int, int]]]
#: For a hit, how near in meaning a window's text comes to the question (0..1), by which its
#: windows are chosen instead of their lexical coverage; None to keep the lexical choice.
MeaningOf = Callable[[Hit], "Callable[[str], float] | None"]


def candidates(hits: list[Hit], weights: dict[Group, float],
               marks: Callable[[str], set[str]] = asked_type.value_marks,
               per_hit: int = 1, rows: RowsOf | None = None,
               meaning: MeaningOf | None = None) -> list[Candidate]:
    """The `per_hit` best windows of each hit, scored; sorted best first.

    `meaning(hit)`: a function giving how near a window's text comes to the question in
    meaning, or None (:data:`MeaningOf`; none when not given). A hit with one has its
    `per_hit` windows chosen by it (the lexical score breaks ties): a passage in another
    language than the question shares no word with it, so every one of its windows covers
    nothing and lexical choice would keep its first sentences whatever they say. The
    windows' coverage and score stay lexical.

    `marks(text)`: the answer-type pseudo forms a sentence's text holds (asked_type.value_marks,
    or with the by-line marks of an authorship question, asked_type.byline_marks).

    `rows(hit)`: the table rows its span of the page overlaps (:data:`RowsOf`; none when not
    given). A table row is one record: a window lies inside one row or outside every row,
    never across a row's bounds (`record_spans`), as a spreadsheet's window is one row.

    Question words that name the hit's document (its title, file name or cover page:
    `Hit.name_terms`, which every index hit carries) do not count toward coverage when other
    words remain: the evidence must cover what is asked about that document, not only its
    name, which a cover page or running header repeats.
    """
    out = []
    weights = {asked_type.typed_group(g): w for g, w in weights.items()}
    for hit in hits[:SCORED_HITS]:
        names = naming_terms(hit)
        out += _best_windows(hit, _asked_of(weights, names), weights, names, marks, per_hit,
                             rows(hit) if rows is not None else (), meaning(hit) if meaning is not None else None)
    out.sort(key=lambda c: (-c.score, c.hit.rank))
    return out


def span_candidate(hit: Hit, start: int, end: int, weights: dict[Group, float],
                   marks: Callable[[str], set[str]] = asked_type.value_marks) -> Candidate:
    """A given span of a hit's page (`start`/`end` index the page text, as Candidate's do)
    scored as `candidates` scores its windows: coverage of the question's words less those
    naming the hit's document, and whether the key word (and, for a who-question, a name)
    is missing. Its `score` is 0: it is not ranked among the lexical candidates."""
    asked = _asked_of({asked_type.typed_group(g): w for g, w in weights.items()}, naming_terms(hit))
    text = hit.text[start - hit.char_start:end - hit.char_start]
    toks = text_tokens(text) | marks(text)
    return Candidate(hit, start, end, coverage(toks, asked) if asked else 0.0, 0.0,
                     _missing(asked, key_word(asked), toks))


def texts_coverage(hit: Hit, texts: Sequence[str], weights: dict[Group, float],
                   marks: Callable[[str], set[str]] = asked_type.value_marks) -> float:
    """Coverage (0..1) of the question's words by the words and value marks of `texts`
    taken together, counted as `span_candidate` counts a window of `hit` (less the words
    naming its document): how much of what is asked a part of a window states. 0 for no
    texts."""
    asked = _asked_of({asked_type.typed_group(g): w for g, w in weights.items()}, naming_terms(hit))
    toks: set[str] = set()
    for text in texts:
        toks |= text_tokens(text) | marks(text)
    return coverage(toks, asked) if asked and texts else 0.0


def _asked_of(typed: dict[Group, float], names: set[str]) -> dict[Group, float]:
    """The question words (answer-typed groups and weights) a window of a document named by
    `names` must hold: those that do not name the document, unless only pseudo words remain."""
    asked = {g: w for g, w in typed.items() if not names_document(g, names)}
    return typed if all(g[0].startswith(asked_type.MARK) for g in asked) else asked


def _missing(asked: dict[Group, float], key: Group | None, toks: AbstractSet[str]) -> float:
    """How much of the key word (and, for a who-question, of a name) a window's words lack
    (0..1): 1 less its credit."""
    missing = 1.0 - credit(key, toks) if key else 0.0
    if asked_type.PERSON_GROUP in asked:  # a who-question: a window naming nobody
        missing = max(missing, 1.0 - credit(asked_type.PERSON_GROUP, toks))
    return missing


def is_sheet(hit: Hit) -> bool:
    """Whether a hit is a range of a spreadsheet (its address kind is "sheet")."""
    return hit.address is not None and hit.address.kind == "sheet"


def is_slide(hit: Hit) -> bool:
    """Whether a hit is a slide's text (its address kind is "slide"; its first line is the
    slide's title: `slide_title`)."""
    return hit.address is not None and hit.address.kind == "slide"


def slide_title(text: str) -> str:
    """The title of a slide: the first line of its text (the slide's page text, or a chunk
    that starts it), stripped."""
    return text.strip().split("\n", 1)[0].strip()


def naming_terms(hit: Hit) -> set[str]:
    """The analysed words that name a hit's document: its index naming terms (title, file
    name, cover lines: chunking.naming_text), except for a spreadsheet, which has no cover
    (its first rows are data: in a small sheet they would name every word of it), so only
    its title and file name name it."""
    if is_sheet(hit):
        stem = hit.file.rsplit(".", 1)[0] if hit.file else ""
        return set(analysis.tokens(f"{hit.title or ''} {stem}"))
    return set(hit.name_terms)


#: Connectors inside a code: "usntps-ftm-103" names a document whose name holds
#: "en-usntps-ftm-103" (its file name) as well as one holding the code itself.
_CODE_PARTS_RE = lazyre.compile(r"[-./_]+")


def names_document(group: Group, names: set[str]) -> bool:
    """Whether a question word names the document whose naming terms are `names`: one of
    its forms is a naming term, or it is a code whose every part ("usntps", "ftm", "103")
    is a part of a naming term."""
    if names.intersection(group):
        return True
    parts = [p for p in _CODE_PARTS_RE.split(group[0]) if p]
    if len(parts) < 2:
        return False
    named = {p for n in names for p in _CODE_PARTS_RE.split(n) if p}
    return all(p in named for p in parts)




#: Credit for a Chinese word matched only through one of its character bigrams
#: ("保修" in "保修说明" for the question word "保修期"): half, so the whole word wins.
CJK_PARTIAL = 0.5


def coverage(toks: AbstractSet[str], weights: dict[Group, float]) -> float:
    """Share (0..1) of the weighted question words with a form in `toks`."""
    total = sum(weights.values()) or 1.0
    return sum(w * credit(g, toks) for g, w in weights.items()) / total


def credit(g: Group, toks: AbstractSet[str]) -> float:
    """Credit (0..1) of question word `g` (its index forms) in a window's analysed words
    `toks`: 1 for its first form or its asked-type mark; for a who-question's person group,
    1 for a name and PERSON_MENTION for a role; for other forms 1, or CJK_PARTIAL for a
    Chinese word matched only through one of its character bigrams; for the parts of an
    identifier or path (analysis.compound_parts: "glp_read_cnfsat" written as "read" and
    "cnfsat"), the share of its parts held, as "glp_write_cnfsat" shares two of three and
    names another thing (measured on the development set against full credit for any part:
    held-out hit@5 +1, trials +1 and -1, the lost one "debian/changelog" written as
    "changelog"); else 0."""
    if g == asked_type.PERSON_GROUP:
        return 1.0 if g[0] in toks else asked_type.PERSON_MENTION if g[1] in toks else 0.0
    if g[0] in toks or (g[-1].startswith(asked_type.MARK) and g[-1] in toks):
        return 1.0
    if not any(t in toks for t in g[1:]):
        return 0.0
    parts = analysis.compound_parts(g[0])
    if parts and not any(t in toks for t in g[1:] if t not in parts):
        return len(parts & toks) / len(parts)
    return CJK_PARTIAL if is_cjk(g[0][0]) else 1.0


def _best_windows(hit: Hit, weights: dict[Group, float], all_weights: dict[Group, float],
                  names: set[str], marks: Callable[[str], set[str]] = asked_type.value_marks,
                  k: int = 1, rows: Sequence[tuple[int, int]] = (),
                  meaning: Callable[[str], float] | None = None) -> list[Candidate]:
    """The `k` best windows of one hit by coverage of `weights`, best first (equal ones in
    text order); a window never joins sentences of two table rows, or of a row and the text
    outside it (`rows`: page offsets, `record_spans`). Between hits, the coverage of all
    the question's words (`all_weights`) by the whole chunk and its document's naming terms
    breaks ties, so "PX-200" or "СН РК 4.01-03-2013" still decides between two passages
    that both answer "oil change" in near-twin documents; within a hit it does not, so a
    running header is not pulled in."""
    sheet = is_sheet(hit)
    spans, records = sheet_spans(hit.text) if sheet else record_spans(hit.text, hit.char_start, rows)
    toks = [text_tokens(hit.text[s:e]) | marks(hit.text[s:e]) for s, e in spans]
    named = {g[0] for g in all_weights if names_document(g, names)}  # "4.01-03-2013" in its file name
    full = coverage(set().union(names, named, *toks), all_weights) if toks else 0.0
    key = key_word(weights)
    found: list[Candidate] = []
    emitted: set[tuple[int, int]] = set()
    opens = [False] * len(spans) if sheet else [analysis.opens_entry(hit.text[s:e]) for s, e in spans]
    entries = _entry_ends(spans, records, opens)
    inside = {k for i, last in entries.items() for k in range(i + 1, last + 1)}
    for i in range(len(spans)):
        row = records[i]
        if row is not None and i > 0 and records[i - 1] == row:
            continue  # a table row is one record: its window starts where the row does
        if i in inside:
            continue  # so is an entry of a reference list (`_entry_ends`)
        if row is not None:
            # ... and is the whole row (its label and its values, which the sentence
            # splitter may have cut apart): one window per row, never a part of it
            last = i
            while last + 1 < len(spans) and records[last + 1] == row:
                last += 1
            ends: Sequence[int] = [last]
        else:
            # a sheet's row is one record, each value under its header: a window of two
            # rows answers about two records
            ends = range(i, min(i + (1 if sheet else MAX_WINDOW_SENTENCES), len(spans)))
            if i in entries:
                ends = [entries[i]]
        seen: set[str] = set()
        first = coverage(toks[i], weights)
        done = i
        quoted = False  # a window starting at sentence i is long enough to quote
        for j in ends:
            if row is None and records[j] is not None:
                break  # nor is a table row joined to the text before it
            if j > i and opens[j]:
                break  # nor an entry of a reference list ("hover_timeout\n Time in …"): the
                # sentence before it ends the entry before ("… Default value is '0'.")
            while done <= j:
                seen |= toks[done]
                done += 1
            cov = coverage(seen, weights)
            opening = hit.text[spans[i][0]:spans[i][1]]
            if row is None and j > i and cov <= first and (
                    (quoted and j > i + 1) or (states_nothing(opening, hit) and not (
                        j == i + 1 and question_heading(opening, hit)))):
                break  # the next sentences add no question word. A sentence still runs on
                # into the next one: the question's words are often restated in one sentence
                # and the value given in the next ("The compat file defines the debhelper
                # compatibility level." / "Use v10."), and a sentence too short to quote
                # alone (a name under a title, a date line) is quoted with the next one. A
                # section's title does not: it states nothing of its own; but a question (a
                # FAQ's entry) runs on into the one sentence after it, which answers it.
            if not _quotable(hit.text[spans[i][0]:spans[j][1]], record=row is not None):
                continue  # too short to verify as a quote ("Frequent", a lone table cell)
            quoted = True
            end, held = spans[j][1], seen
            if row is None and not sheet:
                # a window that introduces a list ("… the following items:") runs on through
                # the list's items, as far as a quote may (list_end)
                end = list_end(hit.text, spans[i][0], end, bounds=rows_after(records, spans, j))
                if end > spans[j][1]:
                    held = seen | text_tokens(hit.text[spans[j][1]:end]) | marks(hit.text[spans[j][1]:end])
                    cov = coverage(held, weights)
            if (spans[i][0], end) in emitted:
                continue  # a shorter window already ran on through the same list
            emitted.add((spans[i][0], end))
            missing = _missing(weights, key, held)
            score = (cov + TIE_WEIGHT * full - RANK_WEIGHT * (hit.rank - 1)
                     - 0.001 * (j - i))
            if sheet and j == i and header_row(hit.text[spans[i][0]:spans[i][1]], hit.text):
                score -= HEADER_TIE  # the rows under a header hold its words and a value
            elif sheet and j == i:
                # every row of a sheet repeats its headers' words ("Total: 739000"): the row
                # whose own values hold a question word ("Department: Total") is about it
                score += VALUE_TIE * coverage(_sheet_value_tokens(hit.text[spans[i][0]:spans[i][1]]), weights)
            found.append(Candidate(hit, hit.char_start + spans[i][0], hit.char_start + end,
                                   cov, score, missing, record=row is not None))
    found.sort(key=lambda c: -c.score)  # stable: the first of equal windows stays first
    if meaning is not None:  # chosen by meaning (`candidates`), the lexical order breaking ties
        found.sort(key=lambda c: -meaning(hit.text[c.start - hit.char_start:c.end - hit.char_start]))
    return found[:k]


def _entry_ends(spans: Sequence[tuple[int, int]], records: Sequence[int | None],
                opens: Sequence[bool]) -> dict[int, int]:
    """{index of the span opening an entry of a reference list (`opens`: analysis.opens_entry
    of each span): index of its last span} for each entry that ends within the text (at the
    next entry, a table row or the text's end) and that a quote may hold whole
    (MAX_QUOTE_CHARS). Such an entry
    is a record, as a table row is: its one window is the whole entry ("cache_max_mem_usage
    / The maximum amount … / Default value is '4096'."), so a value is never quoted apart
    from the name it is the value of; a longer entry is read as prose."""
    out: dict[int, int] = {}
    for i, opening in enumerate(opens):
        if not opening or records[i] is not None:
            continue
        last = i + 1
        while last < len(spans) and records[last] is None and not opens[last] \
                and spans[last][1] - spans[i][0] <= MAX_QUOTE_CHARS:
            last += 1
        if last == len(spans) or records[last] is not None or opens[last]:
            out[i] = last - 1
    return out


def _sheet_value_tokens(row: str) -> set[str]:
    """Index forms of the values of a spreadsheet row's "'Sheet'!A4:F4 | Header: value;
    Header: value" text, its headers and address left out (the whole text after the
    address when it is not written as header-value pairs)."""
    body = row.split(" | ", 1)[-1]
    return set(analysis.tokens(" ".join(p.partition(": ")[2] or p for p in body.split("; "))))


def rows_after(records: Sequence[int | None], spans: Sequence[tuple[int, int]], j: int) -> int | None:
    """Where the first table-row span after span `j` starts (an offset into the hit's text,
    as `spans`' are), None when no row follows: a list a window runs on through ends there."""
    return next((spans[k][0] for k in range(j + 1, len(spans)) if records[k] is not None), None)


#: A list item's marker at the start of its line: a bullet sign, or a number or letter
#: ("3.", "3)", "(3)", "3、", "（3）", "c)", "в)", "③", "三、") before the item's text; the
#: private-use signs are the Symbol and Wingdings bullets as PDF text extraction gives them.
_MARKER_RE = lazyre.compile(
    r"[ \t]*(?:(?P<bullet>[•▪●◦‣∙·*■□►▸➢✓\-–—\uf0a7\uf0b7\uf076\uf0d8])(?=\s)"
    r"|(?P<open>[(（])?(?P<num>\d{1,3}|[a-zа-я])(?P<close>[.)）、])(?=\s|(?<=[、）])[^\W\d_])"
    r"|(?P<circled>[\u2460-\u2473])|(?P<han>[一二三四五六七八九十]{1,3})、)")
_HAN_DIGITS = "一二三四五六七八九"


def list_marker(line: str) -> tuple[str, int | None] | None:
    """The list marker that starts `line`: (its kind, its ordinal), the kind the same for
    every item of one list ("•", "1.", "(1)", "a)", "①", "一、") and the ordinal its number
    (3 for "3.", "c)", "③" and "三、"; None for a bullet); None when the line starts no item.
    A number must be followed by its closing sign and a space ("3. ", not "3.1" or "3 kg")."""
    m = _MARKER_RE.match(line)
    if m is None:
        return None
    if m["bullet"]:
        return m["bullet"], None
    if m["circled"]:
        return "①", ord(m["circled"]) - 0x2460 + 1
    if m["han"]:
        value = _han_number(m["han"])
        return ("一、", value) if value else None
    num = m["num"]
    if m["open"] and m["close"] not in ")）":
        return None
    kind = ("(" if m["open"] else "") + ("1" if num.isdigit() else "a") + m["close"].replace("）", ")")
    if num.isdigit():
        return kind, int(num)
    return kind, ord(num) - (ord("a") if num <= "z" else ord("а")) + 1


def _han_number(text: str) -> int | None:
    """The value of a Chinese numeral from 1 to 99 ("三" 3, "十二" 12, "二十" 20), else None."""
    tens, sep, units = text.partition("十")
    if not sep:
        return _HAN_DIGITS.index(text) + 1 if len(text) == 1 else None
    if len(tens) > 1 or len(units) > 1:
        return None
    return (_HAN_DIGITS.index(tens) + 1 if tens else 1) * 10 + (_HAN_DIGITS.index(units) + 1 if units else 0)


#: Signs that end a list's lead-in line: the line announces the items that follow it.
_LEAD_IN = (":", "：")
#: Signs that end a sentence: a line ending with one does not run on into the next line.
_LINE_ENDS = (".", "!", "?", ";", "。", "！", "？", "；")


def list_end(text: str, start: int, end: int, *, bounds: int | None = None,
             limit: int = MAX_QUOTE_CHARS) -> int:
    """Where a window [start, end) of `text` ends once it holds the list it introduces.

    A window whose last line is a lead-in (ends with ":", or a heading-like line without a
    sentence end: `_leads_in`), or whose lines after its last lead-in are the first items of
    a list, runs on through the lines after it while they
    continue the list: items of the same marker kind (`list_marker`) whose numbers count up
    by one from 1, and lines without a marker that continue an item (the line before ends no
    sentence and wrapped: `_wraps`). It ends after a whole item, while [start, new end)
    stays within `limit` characters, never past `bounds` (an offset of `text`: where a table row starts), and
    only when the list has two or more items; else `end` itself. Structure only: the lines
    and their markers, never the question's words."""
    lines = text[start:end].split("\n")
    lead = max((n for n, ln in enumerate(lines) if _leads_in(lines, n)), default=None)
    if lead is None or text[end:].split("\n", 1)[0].strip():
        return end  # no lead-in, or the window ends inside a line
    widths = sorted(len(t) for t in (ln.strip() for ln in text.split("\n")) if len(t) >= 8)
    full = analysis.SHORT_LINE_SHARE * widths[len(widths) // 2] if widths else 0.0
    kind: str | None = None
    last: int | None = None
    count = 0
    prev = lines[lead]
    for line in lines[lead + 1:]:
        m = list_marker(line)
        if m is not None:
            if not _continues(kind, last, m):
                return end
            kind, last = m
            count += 1
        elif kind is None or not _wraps(prev, line, full):
            return end  # the window's lines after its lead-in are no list
        prev = line
    stop = len(text) if bounds is None else min(bounds, len(text))
    pos, new_end = end, end
    while pos < stop:
        nl = text.find("\n", pos)
        if nl == -1 or nl >= stop:
            break
        line_end = text.find("\n", nl + 1)
        line_end = stop if line_end == -1 or line_end > stop else line_end
        line = text[nl + 1:line_end]
        m = list_marker(line)
        if m is not None:
            if not _continues(kind, last, m):
                break
            kind, last = m
            count += 1
        elif kind is None or not _wraps(prev, line, full):
            break  # a new paragraph after the list's last item
        taken = nl + 1 + len(line.rstrip())
        if taken - start > limit:
            break
        pos, prev = line_end, line
        following = text[line_end + 1:stop].split("\n", 1)[0] if line_end < stop else ""
        whole = list_marker(following) is not None or not _wraps(line, following, full)
        if whole and count >= 2:
            new_end = taken
    return new_end


def _leads_in(lines: Sequence[str], n: int) -> bool:
    """Whether line `n` of a window's `lines` may introduce a list that follows it: it ends
    with ":", or it is a heading-like line (no list marker, no sentence end) that either
    ends the window or has the list's first item after it, with no item above it in the
    window (a wrapped item's last line inside a list introduces nothing)."""
    line = lines[n].rstrip()
    if line.endswith(_LEAD_IN):
        return True
    if not line.strip() or line.endswith(_LINE_ENDS) or list_marker(line) is not None:
        return False
    if any(list_marker(ln) is not None for ln in lines[:n]):
        return False
    return n == len(lines) - 1 or list_marker(lines[n + 1]) is not None


def _wraps(prev: str, line: str, full: float) -> bool:
    """Whether `line`, which has no list marker, continues the item on the line before it
    (`prev`): it is not blank, `prev` ends no sentence and no lead-in, and `line` starts in
    lower case, or, in a script without case (Chinese) or with a digit or sign, `prev` is a
    full line that wrapped (at least `full` characters: the share analysis.SHORT_LINE_SHARE
    of the text's median line length, by which the sentence splitter takes a line as short).
    A line that starts in upper case starts a new paragraph."""
    first, before = line.strip()[:1], prev.strip()
    if not first or before.endswith(_LINE_ENDS + _LEAD_IN) or first.isupper():
        return False
    return first.islower() or len(before) >= full


def _continues(kind: str | None, last: int | None, marker: tuple[str, int | None]) -> bool:
    """Whether an item with `marker` (list_marker) continues a list whose items so far have
    the marker kind `kind` and last ordinal `last` (None, None: the list's first item, which
    is a bullet or number 1)."""
    if kind is None:
        return marker[1] in (None, 1)
    return marker[0] == kind and (last is None or marker[1] == last + 1)


def record_spans(text: str, offset: int, rows: Sequence[tuple[int, int]]
                 ) -> tuple[list[tuple[int, int]], list[int | None]]:
    """The sentence spans of `text` (`sentence_spans`: offsets into `text`), each cut at the
    bounds of the table rows `rows` that fall inside it, and for each span the index into
    `rows` of the row it lies in (None outside every row). `offset`: where `text` starts in
    the page text the rows' (start, end) offsets count. On the pages of a converted DOCX a
    row's cells are lines the sentence splitter may run together with the next row's, so the
    rows' own bounds cut them; with no rows, the sentence spans, every one None."""
    spans = list(sentence_spans(text))
    if not rows:
        return spans, [None] * len(spans)
    local = [(a - offset, b - offset) for a, b in rows]
    bounds = sorted({x for r in local for x in r if 0 < x < len(text)})
    out: list[tuple[int, int]] = []
    for s, e in spans:
        cuts = [s, *(x for x in bounds if s < x < e), e]
        out += [t for a, b in zip(cuts, cuts[1:]) if (t := analysis.trimmed_span(text, a, b)) is not None]
    records = [next((n for n, (ra, rb) in enumerate(local) if ra < b and a < rb), None) for a, b in out]
    return out, records


#: A sheet row as the office extractor writes it: "<sheet>!<range> | <cells joined by '; '>",
#: the sheet's name bare or in single quotes as a formula writes it.
_SHEET_ROW_RE = lazyre.compile(r"^\s*(?:'(?:[^']|'')+'|[^\s!|]+)![A-Z]+\d+(?::[A-Z]+\d+)? \| (.+?)\s*$", re.DOTALL)


#: Where a sheet row starts in a sheet range's text: its address at the start of a line.
_SHEET_ROW_START_RE = lazyre.compile(r"^[ \t]*(?:'(?:[^'\n]|'')+'|[^\s!|]+)![A-Z]+\d+(?::[A-Z]+\d+)? \| ", re.MULTILINE)


def sheet_spans(text: str) -> tuple[list[tuple[int, int]], list[int | None]]:
    """The spans of a spreadsheet range's `text` as `record_spans` gives them: one per sheet
    row ("'Sheet'!A3:H3 | …", from its address to the next row's), whatever full stops its
    cells hold ("Capt. Rhys Pennant", "Dr. Lee", "ул. Ленина"), which a sentence splitter
    would cut at; text before the first row is split into sentences. Every span None (a
    sheet's row is one window by itself in `_best_windows`)."""
    starts = [m.start() for m in _SHEET_ROW_START_RE.finditer(text)]
    if not starts:
        spans = list(sentence_spans(text))
        return spans, [None] * len(spans)
    spans = list(sentence_spans(text[:starts[0]]))
    bounds = zip(starts, starts[1:] + [len(text)])
    spans += [t for a, b in bounds if (t := analysis.trimmed_span(text, a, b)) is not None]
    return spans, [None] * len(spans)


def header_row(window: str, text: str) -> bool:
    """Whether `window` is one sheet row (or one line of a slide's table, written the same
    way without an address) that is the header of the rows under it in `text` (the chunk's
    text): it has two or more cells, none a "name: value" pair, and two or more
    of its cells name a value of another row ("Department; Q1; Q2" above "Department: IT;
    Q1: 312800; ..."). The office extractor writes every data row of a table with a header
    that way (pincite.extract.office), so the check needs no extraction flag."""
    m = _SHEET_ROW_RE.match(window)
    line = m.group(1) if m else window.strip()
    if "\n" in line:
        return False
    cells = [c.strip() for c in line.split("; ") if c.strip()]
    if len(cells) < 2 or any(": " in c for c in cells):
        return False
    rest = text.replace(window, "", 1)
    named = sum(1 for c in set(cells) if f"{c}: " in rest)
    return named >= 2


_LEADERS_RE = lazyre.compile(r"(?:\.\s?){4,}")
_NUMBERING_RE = lazyre.compile(r"^[\s\d.()§]*")


#: A section number opening a heading: "6.2.2 ", "38 ", "§ 4.1. " (then a word, not a digit).
_SECTION_NUMBER_RE = lazyre.compile(r"^\s*§?\s*\d+(?:\.\d+)*\.?\s+(?=[^\W\d])")


def question_heading(sentence: str, hit: Hit) -> bool:
    """Whether a sentence is a heading that asks a question (a FAQ's entry: "6.2.2 Откуда
    берутся эти кодовые имена?"): it ends with a question mark and is numbered as a section
    is or is its hit's section title (numbering, case and line breaks aside). The answer is
    the sentence after it; a table cell ending in "?" ("1942?") is no such heading."""
    if not sentence.rstrip().endswith(("?", "？")):
        return False
    if _SECTION_NUMBER_RE.match(sentence):
        return True
    title = " ".join(_NUMBERING_RE.sub("", hit.section_title or "").split()).casefold()
    return bool(title) and title == " ".join(_NUMBERING_RE.sub("", sentence).split()).casefold()


def is_header_row(hit: Hit, window: str) -> bool:
    """Whether `window` of `hit` is the header row of a sheet's or a slide's table
    (`header_row`)."""
    return (is_sheet(hit) or is_slide(hit)) and header_row(window, hit.text)


def states_nothing(window: str, hit: Hit) -> bool:
    """Whether a window is its hit's section title (a slide's title: its first line) or its
    document's title (numbering, case and line breaks aside), holds a
    contents line's dot leaders, is a question (a FAQ's entry: "38 如何注释掉一大段内容，
    不做编译？" asks, the answer follows it), or is a spreadsheet's or a slide table's header
    row (it names the columns and states no value: `header_row`)."""
    if _LEADERS_RE.search(window) or window.rstrip().endswith(("?", "？")):
        return True
    if is_header_row(hit, window):
        return True
    title = hit.section_title or ""
    if not title and is_slide(hit):
        title = slide_title(hit.text)
    flat = " ".join(_NUMBERING_RE.sub("", window).split()).casefold()
    return any(t and flat == " ".join(_NUMBERING_RE.sub("", t).split()).casefold() for t in (title, hit.title))


#: Texts whose analysed words (text_tokens) and sentence spans (sentence_spans) are kept: the
#: hits' sentences and windows of the last questions. A server is asked about the same
#: passages again and again; analysing a sentence (stemming, Chinese segmentation) costs far
#: more than looking it up.
TOKEN_CACHE = 16384


@functools.lru_cache(maxsize=TOKEN_CACHE)
def text_tokens(text: str) -> frozenset[str]:
    """The set of analysed words of `text` (analysis.tokens), cached (TOKEN_CACHE) and
    remembered across processes (analysis.distinct_tokens)."""
    return frozenset(analysis.distinct_tokens(text))


@functools.lru_cache(maxsize=TOKEN_CACHE)
def sentence_spans(text: str) -> tuple[tuple[int, int], ...]:
    """analysis.split_sentences(text, lowercase_lines=True), cached (TOKEN_CACHE)."""
    return tuple(analysis.split_sentences(text, lowercase_lines=True))


def _quotable(text: str, record: bool = False) -> bool:
    """Whether a window is long enough to be verified as a quote (verify.min_quote_chars),
    or, when it is one whole table row (`record`), whether the row verifies as a record
    below that length (verify.record_quote: its label and value, "Weight 58 kg")."""
    visible = "".join(text.split())
    return len(visible) >= min_quote_chars(visible) or (record and record_quote(text))


def key_word(weights: dict[Group, float]) -> Group | None:
    """The question's key word: the asked word with the highest IDF weight (the most
    specific: "gallon" in "siunitx macro for the US gallon", "tlcockpit" in "tlcockpit
    需要什么运行环境"), or None when fewer than two words are asked (then coverage alone
    already says whether it is there). Ties go to the earlier word."""
    if len(weights) < 2:
        return None
    return max(weights, key=lambda g: weights[g])


def quote_span(page_text: str, start: int, end: int, terms: list[str]) -> tuple[int, int]:
    """Cut [start, end) of `page_text` to at most MAX_QUOTE_CHARS around the matched terms:
    to the run of whole sentences that fits and holds the most distinct ones (a quote then never
    starts inside a sentence, "— это имя …" for "• sid — это имя …"), else, when the
    sentence of the median matched term alone is longer, inside it around that term at
    whitespace (or any char for CJK). Returns the new span."""
    if end - start <= MAX_QUOTE_CHARS:
        return start, end
    text = page_text[start:end]
    low = text.lower()
    found = [(m.start(), t) for t in terms for m in re.finditer(re.escape(t), low)]
    hits = [h for h, _ in found]
    centre = sorted(hits)[len(hits) // 2] if hits else 0
    spans = sentence_spans(text)
    at = next((i for i, (a, b) in enumerate(spans) if a <= centre < b), None)
    if at is not None and spans[at][1] - spans[at][0] <= MAX_QUOTE_CHARS:
        # the run of whole sentences that fits and holds the most distinct matched terms;
        # of equals, the one holding the median term, then the longest
        runs = [(lo, hi) for lo in range(len(spans)) for hi in range(lo, len(spans))
                if spans[hi][1] - spans[lo][0] <= MAX_QUOTE_CHARS]
        lo, hi = max(runs, key=lambda r: (len({t for h, t in found if spans[r[0]][0] <= h < spans[r[1]][1]}),
                                          r[0] <= at <= r[1], spans[r[1]][1] - spans[r[0]][0]))
        return start + spans[lo][0], start + spans[hi][1]
    a = max(0, centre - MAX_QUOTE_CHARS // 2)
    b = min(len(text), a + MAX_QUOTE_CHARS)
    a = max(0, b - MAX_QUOTE_CHARS)
    while a > 0 and not text[a - 1].isspace() and not is_cjk(text[a]):
        a += 1
    while b < len(text) and not text[b].isspace() and not is_cjk(text[b - 1]):
        b -= 1
    return start + a, start + max(b, a + 1)


def clean_quote(raw: str) -> str:
    """Display form of a page-text slice: PDFium hyphen marks (U+FFFE, U+0002) with their
    line break joined; soft hyphens and C0 and C1 control characters (PDFium maps some
    glyphs to them: a symbol-font bullet to U+0088) dropped; a word hyphenated at a line end
    joined as normalize's rule 2 joins it ("main-\\ntenance" -> "maintenance",
    "PX-\\n200" -> "PX-200"); a spacing accent before a letter composed with it
    ("Gr¨obner" reads "Gröbner"); a line break between two CJK characters dropped (a
    wrapped Chinese line: "宏\\n包" reads "宏包", not "宏 包"); other whitespace runs
    collapsed to one space.
    Every change is one that pincite.answer.normalize also makes, so it still verifies."""
    s = re.sub("[\ufffe\u0002]\\s*", lambda m: line_end_mark(raw, m.start(), m.end()), raw)
    s = re.sub(f"[\u00ad{CONTROL_CHARS}]", "", s)  # soft hyphens, C0/C1 controls (normalize's rule 1)
    s = join_line_end_hyphens(s)
    s = compose_spacing_accents(s)
    s = _CJK_WRAP_RE.sub("", s)
    return " ".join(s.split())


#: A line break (with the spaces around it) between two CJK characters (normalize's rule 6
#: drops such spaces too).
_CJK_WRAP_RE = lazyre.compile(f"(?<=[{CJK_CLASS}])[ \t]*[\r\n]+[ \t]*(?=[{CJK_CLASS}])")
