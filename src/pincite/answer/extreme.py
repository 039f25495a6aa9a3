"""The row with the least or greatest value of a table column, found by code when a
question asks for it by a superlative ("Which product has the shortest lead time?", "Какой
товар самый дешёвый?", "哪个产品交货期最短？").

Retrieval finds rows that share the question's words, and any of them may come first; the
row that holds the extreme value is found only by comparing every row. `extreme_of` does
that over rows given as (column header, value) pairs: those of the sheet the answer's first
verified spreadsheet citation stands in (`extreme_row`: the sheet's unit text, one
"'Sheet'!A2:E2 | Header: value; …" line per row, answer.table_verify.sheet_rows), or of the
table a cited DOCX or ruled PDF table row stands in (answer.claims.extreme_claims):

1. The question asks for an extreme (`superlative`): a superlative adjective or adverb of
   en/ru/zh grammar ("shortest", "most expensive", "самый дешёвый", "наименьший", "最短",
   "最贵"), each saying the least or the greatest ("min"/"max"), some also the kind of value
   (a price: "cheapest", "дороже всего", "最便宜").
2. The question names no row: no word of the question stands in the values of one row only
   (a product code, a name: "What is the maximum pressure of the PX-200?" asks an attribute
   of that row). Words that several rows hold narrow the rows compared to those ("the
   cheapest flow meter").
3. The asked column is the one numeric column (a number in at least MIN_ROWS rows and in
   every non-empty cell) whose header shares the most words with the question, the
   superlative's own words left out; else, when none shares a word, the one numeric column
   of the kind asked (a price for "cheapest"; asked_type.column_words); else the one whose
   header is the superlative's own adjective or a word derived from it ("самая
   продолжительная" compares "Продолжительность, ч": reasons.derived). A superlative of
   time ("earliest", "most recent", "самый ранний", "最早") compares a column of dates
   (`date_value`) or of times of day (`clock_value`: a timetable) instead, which no other
   superlative does. A tie compares
   nothing, and so does a header that writes the superlative itself ("Max. pressure"),
   unless the question asks which row ("which", "who", "哪": `SELECTS`). Every word of the
   question rarer than COMMON_ZIPF must stand in the table or its names (`extreme_of`).
4. Values are read as decimal.Decimal from the cell text (spaces between digit groups, a
   decimal comma). The row with the least (greatest) value is returned with how many rows
   were compared; a tie at the extreme returns every tied row.

Nothing is returned (the answer stays as retrieval ranked it) when any step does not hold.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Callable, Hashable, Iterable, Sequence

from pincite.text import analysis, codes, lazyre
from pincite.text.cjk import is_cjk

from . import asked_type, features
from .numbers import number_mentions
from .reasons import DERIVED_STEM, EN_AFTER_MODAL, derived
from .table_verify import SOFT_HEADER_COSINE, record_pairs, sheet_name, sheet_rows

if TYPE_CHECKING:
    from .soft import WordMatcher

#: A column counts as numeric when at least this many rows hold a number in it.
MIN_ROWS = 2
#: Zipf frequency (wordfreq's scale: log10 of uses per billion words) from which a question
#: word is common enough to name nothing of a table ("has", "имеет", the classifier "种" of
#: "哪种"): such words need not stand in it; rarer ones ("насос", "item") must.
COMMON_ZIPF = 5.0

#: Superlatives, a closed class of each language's grammar: (pattern, "min" or "max", the
#: kind of value it asks for, or None when any numeric column may be meant). Those of time
#: come first ("most recent" is not "most"): kind "time" compares a column of dates.
#: "самый" in every gender, number and case a superlative uses ("самая дешёвая", "самое
#: дорогое", "самую длинную"), then the adjective.
_SAMYJ = r"(?<!\w)(?:самы\w*|самая|самое|самого|самой|самому|самом|самую)\s+"
_SUPERLATIVES = (
    (lazyre.compile(r"\b(?:earliest|oldest)\b"
                    r"|" + _SAMYJ + r"(?:ранн|стар)\w*|(?<!\w)раньше\s+всех"
                    r"|(?<!\w)раньше\s+всего|(?<!\w)старейш\w*|(?<!\w)наиболее\s+ранн\w*|最早|最老", re.I),
     "min", "time"),
    (lazyre.compile(r"\b(?:latest|newest|youngest)\b|\bmost\s+recent(?:ly)?\b|" + _SAMYJ + r"(?:поздн|нов)\w*"
                    r"|(?<!\w)позже\s+всех|(?<!\w)позже\s+всего|(?<!\w)новейш\w*|(?<!\w)наиболее\s+поздн\w*"
                    r"|最晚|最新|最迟", re.I), "max", "time"),
    (lazyre.compile(r"\bcheapest\b|\bleast\s+expensive\b|" + _SAMYJ + r"(?:дешёв|дешев)\w*"
                    r"|(?<!\w)дешевле\s+всего|(?<!\w)дешевейш\w*|(?<!\w)наиболее\s+(?:дешёв|дешев)\w*"
                    r"|(?<!\w)наименее\s+дорог\w*|最便宜|最低价", re.I), "min", "money"),
    (lazyre.compile(r"\bmost\s+expensive\b|\bdearest\b|" + _SAMYJ + r"дорог\w*|(?<!\w)дороже\s+всего"
                    r"|(?<!\w)дорож[ea]йш\w*|(?<!\w)наиболее\s+дорог\w*|(?<!\w)наименее\s+(?:дешёв|дешев)\w*"
                    r"|最贵|最高价", re.I), "max", "money"),
    (lazyre.compile(r"\b(?:fastest|quickest)\b|" + _SAMYJ + r"быстр\w*|(?<!\w)быстрее\s+(?:всех|всего)"
                    r"|(?<!\w)быстрейш\w*|最快", re.I), "max", "speed"),
    (lazyre.compile(r"\bslowest\b|" + _SAMYJ + r"медленн\w*|(?<!\w)медленнее\s+(?:всех|всего)|最慢", re.I),
     "min", "speed"),
    # long and short say the extent compared, a length or a duration ("the longest session":
    # "Length (min)"; "самый короткий маршрут": "Длина, км")
    (lazyre.compile(r"\blongest\b|" + _SAMYJ + r"длинн\w*|(?<!\w)длиннейш\w*|最长",
                    re.I), "max", "extent"),
    (lazyre.compile(r"\bshortest\b|" + _SAMYJ + r"коротк\w*|(?<!\w)кратчайш\w*|最短", re.I), "min", "extent"),
    # heavy and light say a weight ("the heaviest rider": "Maximum rider weight 89 kg", never
    # the price per rider); "лёгкий" is as often "easy", so it stays with any column
    (lazyre.compile(r"\bheaviest\b|" + _SAMYJ + r"(?:тяжёл|тяжел)\w*|(?<!\w)тяжелейш\w*|最重(?!要)", re.I),
     "max", "mass"),
    (lazyre.compile(r"\blightest\b|最轻", re.I), "min", "mass"),
    (lazyre.compile(r"\b(?:lowest|smallest|least|fewest|minimum|minimal)\b"
                    r"|" + _SAMYJ + r"(?:низк|мал|коротк|лёгк|легк)\w*|(?<!\w)наименьш\w*"
                    r"|(?<!\w)минимальн\w*|(?<!\w)кратчайш\w*|(?<!\w)меньше\s+всего|(?<!\w)меньше\s+всех"
                    r"|(?<!\w)наиболее\s+(?:низк|мал|коротк|лёгк|легк)\w*"
                    r"|(?<!\w)наименее\s+(?!(?:низк|мал|коротк|лёгк|легк))[а-яё]{3,}"
                    r"|最(?:低|小|短|少)", re.I), "min", None),
    (lazyre.compile(r"\b(?:highest|largest|biggest|most|maximum|maximal|greatest)\b"
                    r"|" + _SAMYJ + r"(?:высок|больш|длинн)\w*|(?<!\w)наибольш\w*"
                    r"|(?<!\w)максимальн\w*|(?<!\w)больше\s+всего|(?<!\w)больше\s+всех"
                    r"|(?<!же\s)" + _SAMYJ + r"[а-яё]{3,}(?:ый|ий|ой|ая|яя|ое|ее|ые|ие|ого|его|ую|юю|ых|их)(?![а-яё])"
                    r"|(?<!\w)наиболее\s+[а-яё]{3,}|(?<!\w)наименее\s+(?:низк|мал|коротк|лёгк|легк)\w*"
                    r"|最(?:高|大|长|多)", re.I), "max", None),
)
#: Interrogatives that ask which of several things (a row), never what value: "which",
#: "who", "哪". With one, a column whose header writes the superlative ("每层最大承重") is
#: still the one compared ("哪种货架每层承重最大？").
SELECTS = lazyre.compile(r"\b(?:which|who|whose)\b|哪", re.I)
#: The noun naming the kind of row a question selects: after its interrogative ("Which
#: item …", "У какого товара …", "Какой товар …", "哪个产品", "哪款手表") or right after its
#: superlative ("the most expensive item", "самый дорогой товар").
_SELECTED_NOUN = lazyre.compile(
    r"\b(?:which|what)\s+([^\W\d_]+)|(?<![а-яё])(?:как|котор)(?:ой|ая|ое|ие|ого|ому|им|ом|ую|ых|ым|ыми|ый)\s+"
    r"([а-яё]+)|哪[个种款位支家台只件类]?([\u4e00-\u9fff]{2,4})", re.I)


@dataclass
class Superlative:
    """What a superlative question asks: `direction` "min" or "max"; `kind`: the kind of
    value (asked_type.COLUMN_KINDS) it names, or None; `words`: the superlative's own index
    forms, which name no column."""

    direction: str
    kind: str | None
    words: frozenset[str]


@dataclass
class Extreme:
    """The rows holding the extreme value of one column: `rows`, the keys of those rows (of
    a sheet: each row's text as the sheet's unit writes it, its "'Sheet'!range | " head
    included; see `extreme_of`); `header`: the column's
    header; `value`: the extreme value as its cells write it; `direction`: "min" or "max";
    `compared`: how many rows hold a number (a date, for `dates`) in the column; `dates`:
    the column's values are dates (the earliest is the least)."""

    rows: list[Hashable]
    header: str
    value: str
    direction: str
    compared: int
    dates: bool = False


def verb_forms(question: str) -> set[str]:
    """Index forms of the verbs of `question`: Russian verb forms ("установлены", "работает":
    text.morph.is_verb_form) and an English word right after a modal or auxiliary ("can
    carry": reasons.EN_AFTER_MODAL). A table names things and their values, never what is
    done to them, so such a word need not stand in it."""
    from pincite.text.morph import is_verb_form

    out = {t for w in question.split() if is_verb_form(w.strip(analysis.WORD_EDGE_PUNCT))
           for t in analysis.tokens(w)}
    out.update(t for m in EN_AFTER_MODAL.finditer(question) for t in analysis.tokens(m.group(1)))
    return out


def selected_nouns(question: str, sup: Superlative) -> set[str]:
    """Index forms of the nouns naming the kind of row `question` selects (_SELECTED_NOUN,
    and the word right after its superlative `sup`'s own words)."""
    out: set[str] = set()
    for m in _SELECTED_NOUN.finditer(question):
        out.update(analysis.tokens(next(g for g in m.groups() if g)))
    words = question.split()
    for i, w in enumerate(words[:-1]):
        if set(analysis.tokens(w)) & sup.words:
            out.update(analysis.tokens(words[i + 1]))
    return out


def superlative(question: str) -> Superlative | None:
    """The superlative `question` asks by (see the module doc), or None."""
    for pattern, direction, kind in _SUPERLATIVES:
        m = pattern.search(question)
        if m:
            return Superlative(direction, kind, frozenset(analysis.tokens(m.group())))
    return None


#: A date as a cell writes it: ISO "2012-03-05" (or with "/" or "."), "05.03.2012", or
#: "2012年3月5日".
_DATE_CELL = (
    (lazyre.compile(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})"), (1, 2, 3)),
    (lazyre.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})"), (3, 2, 1)),
    (lazyre.compile(r"(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日"), (1, 2, 3)),
)


def date_value(cell: str) -> Decimal | None:
    """The cell as a Decimal that orders dates (year * 10000 + month * 100 + day) when it is
    one date and nothing else (`_DATE_CELL`; a time of day after it is allowed: "2012-03-05
    00:00:00", as a spreadsheet's date cell reads), else None."""
    text = cell.strip()
    for rx, (y, m, d) in _DATE_CELL:
        hit = rx.fullmatch(text) or rx.fullmatch(text.split(" ")[0])
        if hit:
            year, month, day = int(hit.group(y)), int(hit.group(m)), int(hit.group(d))
            if 1 <= month <= 12 and 1 <= day <= 31:
                return Decimal(year * 10000 + month * 100 + day)
    return None


#: A time of day as a cell writes it: "6:00", "22:30", "07:05:30" (24-hour clock).
_CLOCK_CELL = lazyre.compile(r"([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?")


def clock_value(cell: str) -> Decimal | None:
    """The cell as seconds since midnight (a Decimal) when it is one time of day on the
    24-hour clock and nothing else ("6:00", "22:30", "07:05:30"), else None: a timetable's
    first and last departures are compared by "earliest" and "latest" as dates are."""
    hit = _CLOCK_CELL.fullmatch(cell.strip())
    if hit is None:
        return None
    return Decimal(int(hit.group(1)) * 3600 + int(hit.group(2)) * 60 + int(hit.group(3) or 0))


def number(cell: str) -> Decimal | None:
    """The cell as a Decimal when it is one number written in digits and nothing else ("1 200",
    "96.5", "129,9"), read as answer.numbers reads numbers; None otherwise (a date, a range, a
    number with words, and "1,500", which is 1.5 or 1500 by the language)."""
    text = cell.strip()
    found = number_mentions(text)
    if len(found) != 1 or found[0].spelled or (found[0].start, found[0].end) != (0, len(text)):
        return None
    return found[0].value


#: The word a cell writes right after its first number: its unit ("630 kg (8 persons)" ->
#: "kg", "Every 4 weeks" -> "weeks").
_UNIT_AFTER = lazyre.compile(r"\s*([^\W\d_]+\.?|[%°℃]|м²|m²)?")


#: A time of day or a range of numbers inside a cell ("13:30", "5–7", "10~20").
_SPAN_CELL = lazyre.compile(r"\d\s*[:：]\s*\d|\d\s*[-–—~～]\s*\d")


def leading_quantity(cell: str) -> tuple[Decimal, str] | None:
    """(the cell's first number, the word written right after it) when the cell holds a number
    in digits among words ("630 kg (8 persons)", "Every 4 weeks", "approx. 12 kg"), else
    None. A column of such cells is compared only when every cell writes the same word after
    its number (`extreme_of`): the same quantity in the same unit, whatever else the cell
    adds."""
    text = cell.strip()
    if _SPAN_CELL.search(text):
        return None  # a time or a range ("13:30-17:30", "5–7 days") is no one quantity
    found = [m for m in number_mentions(text) if not m.spelled]
    if not found or (found[0].start and not text[found[0].start - 1].isspace()):
        return None  # a code ("A-101", "PX-300") is no quantity
    first = found[0]
    if first.value is None:
        return None
    after = _UNIT_AFTER.match(text, first.end)
    unit = (after.group(1) or "") if after else ""
    return first.value, unit.lower().rstrip(".")


#: A cell that is an amount of money and nothing else, its currency before or after its
#: number: "€32", "£14.50", "$ 12", "300 руб.", "EUR 715" (asked_type.CURRENCY).
_MONEY_CELL = lazyre.compile(rf"(?i:(?P<pre>{asked_type.CURRENCY}))?\s*(?P<num>\d[\d\s.,]*?)\s*"
                             rf"(?i:(?P<post>{asked_type.CURRENCY}))?\.?")


def money_amount(cell: str) -> tuple[Decimal, str] | None:
    """(the amount, its currency as written, lower case) when the cell is one amount of
    money written with its currency ("€32", "14.50 GBP"), else None."""
    m = _MONEY_CELL.fullmatch(cell.strip())
    if m is None or bool(m.group("pre")) == bool(m.group("post")):
        return None
    value = number(m.group("num"))
    return (value, (m.group("pre") or m.group("post")).lower()) if value is not None else None


def _money(cell: str) -> Decimal | None:
    """`money_amount`'s number alone (a reader of `extreme_of`)."""
    found = money_amount(cell)
    return found[0] if found is not None else None


def _leading(cell: str) -> Decimal | None:
    """`leading_quantity`'s number alone (a reader of `extreme_of`)."""
    found = leading_quantity(cell)
    return found[0] if found is not None else None


#: The readers of `extreme_of` that read a cell's number with its unit or currency, each with
#: the reader of both: a column is compared only in one unit (one currency).
_WITH_UNIT: dict[Callable[[str], Decimal | None], Callable[[str], tuple[Decimal, str] | None]] = {
    _leading: leading_quantity, _money: money_amount}


def extreme_row(question: str, unit_text: str, sheet_head: str, soft: "WordMatcher | None" = None) -> Extreme | None:
    """The rows of the sheet whose rows in `unit_text` start with `sheet_head` ("Prices!")
    that hold the least or greatest value of the column `question` asks for by a
    superlative, as the module doc says (`extreme_of`, the rows' texts as their keys, the
    sheet's name naming the table); None when the question asks no such thing or the column
    or its values are not certain."""
    rows = sheet_rows(unit_text, sheet_head)
    sheet = sheet_name(sheet_head)
    return extreme_of(question, rows, analysis.tokens(sheet), soft, sheet)


def record_lines(text: str) -> list[tuple[int, int, list[tuple[str, str]]]]:
    """The lines of a unit's text that are one table record each, "Header: value; Header:
    value" (a slide's table row as the PPTX reader writes it), as (start, end, the pairs);
    a line of fewer than two pairs is none."""
    out = []
    for m in re.finditer(r"[^\n]+", text):
        pairs = record_pairs(m.group())
        if pairs is not None:
            out.append((m.start(), m.end(), pairs))
    return out


#: Rows besides a totals row from which its value is taken as their sum: with fewer, a sum
#: is a common coincidence (100 = 50 + 50), with three or more one that real tables rarely hold.
TOTAL_OF_ROWS = 3


def without_total(read: list[tuple[Decimal, Hashable, str]]) -> list[tuple[Decimal, Hashable, str]]:
    """`read` (a column's values with their row keys and cells, in table order) without its
    totals row: the first or last row whose value is the sum of all the others', when there
    are at least TOTAL_OF_ROWS others. A sheet's "Total" / "Итого" / "合计" row holds the
    greatest value of its column and is no row to compare ("Which month's bill was the
    highest?"); it is told by the sum it holds, in any language, not by its label."""
    if len(read) <= TOTAL_OF_ROWS:
        return read
    whole = sum(v for v, _, _ in read)
    for i in (len(read) - 1, 0):
        if read[i][0] * 2 == whole:  # its value is the sum of the others'
            return read[:i] + read[i + 1:]
    return read


def totals_row(rows: Sequence[Sequence[tuple[str, str]]]) -> int | None:
    """The index of the totals row of a table's `rows` (each its (column header, value)
    pairs): the first or last row that `without_total` leaves out of a numeric column (a
    number in every row), in every such column where one is left out; None when none is.
    A question asked back which row it means is not offered "Итого" as one."""
    headers = list(dict.fromkeys(h for pairs in rows for h, _ in pairs))
    found: set[Hashable] = set()
    for header in headers:
        values = [number(dict(pairs).get(header, "")) for pairs in rows]
        if any(v is None for v in values):
            continue
        read: list[tuple[Decimal, Hashable, str]] = [(v, i, "") for i, v in enumerate(values) if v is not None]
        kept = {i for _, i, _ in without_total(read)}
        found |= {i for _, i, _ in read} - kept
    total = next(iter(found)) if len(found) == 1 else None
    return total if isinstance(total, int) else None


def extreme_of(question: str, rows: Sequence[tuple[Hashable, Sequence[tuple[str, str]]]],
               names: Iterable[str] = (), soft: "WordMatcher | None" = None, title: str = "") -> Extreme | None:
    """Of `rows`, each (a key naming the row, its (column header, value) pairs), the keys of
    those holding the least or greatest value of the column `question` asks for by a
    superlative (steps 1-4 of the module doc), in `Extreme.rows`; None when the question
    asks no such thing, the column or its values are not certain, or a word of the question
    rarer than COMMON_ZIPF is nowhere in the table: not in a header or value (a code's family
    counts: "ВК" of "ВК-37"), nor among `names` (index forms naming the table: its
    document's title and file name, the sheet's name). "Какой насос самый дорогой?" over a list whose rows never say
    "насос" would otherwise compare every row and name a compressor."""
    sup = superlative(question)
    if sup is None or len(rows) < MIN_ROWS:
        return None
    named_doc = set(names)
    held = named_doc | sup.words
    for _, pairs in rows:
        for header_text, cell_text in pairs:
            toks = analysis.tokens(f"{header_text} {cell_text}")
            held.update(toks)
            held.update(f for t in toks if (f := codes.family(t)) is not None)
    groups = analysis.query_groups(question)
    weights = features.general_weights(question, groups)
    # an interrogative naming what is selected ("哪支", "哪位": which + a measure word) names
    # nothing of the table, however rare wordfreq finds it
    lacking = [g for g in groups if weights.get(g, 0.0) > features.ZIPF_CEILING - COMMON_ZIPF
               and not held.intersection(g) and not SELECTS.match(g[0])]
    if lacking and soft is not None:
        # a word the table writes otherwise ("employee" of a sheet "Staff", "сотрудник" of
        # "Персонал") is held when a header or name of the table means it
        # (table_verify.SOFT_HEADER_COSINE, as a column's header is matched)
        headers_text = " ".join(dict.fromkeys(h for _, pairs in rows for h, _ in pairs if h))
        near = [k for k, v in soft.best(f"{title} {headers_text}").items() if v >= SOFT_HEADER_COSINE]
        lacking = [g for g in lacking if not any(set(g) & set(k) for k in near)]
    # the noun naming what kind of row is selected ("У какого товара …", "the most expensive
    # item") may be the table's unwritten subject: it is forgiven when the question names
    # the compared column by its header's own words (checked below), not by a kind of value
    verbs = verb_forms(question) if lacking else set()
    lacking = [g for g in lacking if not set(g) & verbs]  # a verb names no row
    selected = selected_nouns(question, sup)
    forgiven = bool(lacking) and all(set(g) & selected for g in lacking)
    if lacking and not forgiven:
        return None
    # the question's words, function words left out ("по" of "по цене" names no row that
    # writes "Саморез по дереву")
    asked = set(analysis.tokens(question)) - analysis.stopwords()
    # a superlative of time compares dates or times of day, any other numbers
    readers = (date_value, clock_value) if sup.kind == "time" else (number, _money, _leading)
    value_words = [{t for _, v in pairs if all(read(v) is None for read in readers) for t in analysis.tokens(v)}
                   for _, pairs in rows]
    # a word naming the table's document ("котельной" of a boiler room's regulation) is its
    # subject, not a row's name, though one row's cell writes it too ("Оператор котельной")
    # (a word of a header is asked of the rows, though a cell writes it: "days" of "Days
    # overdue" beside a title "The Remains of the Day")
    header_words = {t for _, pairs in rows for h, _ in pairs for t in analysis.tokens(h)}
    # nor does the superlative's own word ("最" of "最便宜" in a cell "最多2名学员")
    named = {w for w in asked if any(w in vw for vw in value_words)} - named_doc - header_words - sup.words
    if any(sum(w in vw for vw in value_words) == 1 for w in named):
        return None  # the question names one row (its code, a name): an attribute of that row
    # words several rows hold narrow the rows compared ("the cheapest flow meter")
    rows = [row for row, vw in zip(rows, value_words) if named <= vw]
    if len(rows) < MIN_ROWS:
        return None
    headers = list(dict.fromkeys(h for _, pairs in rows for h, _ in pairs if h))
    columns = {}
    read_by = {}  # per column: the one reader all its values are read by
    for header in headers:
        cells = [dict(pairs).get(header, "") for _, pairs in rows]
        for reader in readers:
            quantity = _WITH_UNIT.get(reader)
            if quantity is not None:
                leading = [quantity(c) for c in cells if c.strip()]
                if len({q[1] for q in leading if q is not None}) > 1:
                    continue  # numbers in other units or currencies: nothing to compare
                values = [q[0] if q is not None else None for q in leading]
            else:
                values = [reader(c) for c in cells if c.strip()]
            if len(values) >= MIN_ROWS and all(v is not None for v in values):
                columns[header], read_by[header] = cells, reader
                break
    if not columns:
        return None
    if sup.kind in ("money", "speed", "extent", "mass"):
        # a superlative of a kind ("дороже всего": a price) compares a column of that kind
        # when the table has one, though another header shares a word of the question
        # ("Срок обучения, недель" beside "Стоимость, руб." for "Какое обучение стоит дороже всего?")
        of_kind = asked_type.kind_column_words(sup.kind, cjk=any(map(is_cjk, question)))
        kind_columns = {h: c for h, c in columns.items() if of_kind & set(analysis.tokens(h)) or (
            sup.kind == "mass" and all(asked_type.VALUE_PATTERNS["mass"].search(v) for v in c if v.strip()))}
        if sup.kind == "mass" and not kind_columns:
            return None  # a weight asked of a table weighing nothing: its prices are no weights
        columns = kind_columns or columns
    words = asked - sup.words
    by_adjective = False
    shared = {h: len(words & set(analysis.tokens(h))) for h in columns}
    best = max(shared.values())
    if best:
        chosen = [h for h, n in shared.items() if n == best]
    elif forgiven:
        return None  # a selected noun the table lacks, and no column named by its header
    else:
        kinds = asked_type.column_words(question)
        if sup.kind is not None:
            kinds |= asked_type.kind_column_words(sup.kind, cjk=any(map(is_cjk, question)))
        chosen = [h for h in columns if kinds & set(analysis.tokens(h))]
        if not chosen:
            # a quantity asked by its kind ("the most weight", "самый тяжёлый": mass) is
            # compared in the one column whose every cell writes a value of that kind ("630 kg")
            typed = {t for g in groups if (t := asked_type.type_of(g)) in asked_type.LABELLED_KINDS}
            chosen = [h for h in columns if typed and all(
                any(asked_type.VALUE_PATTERNS[t].search(c) for t in typed) for c in columns[h] if c.strip())]
        if not chosen:
            # the superlative's adjective names the column it compares ("самая продолжительная"
            # the "Продолжительность, ч", "наиболее мощный" the "Мощность, кВт"): the header
            # writes the attribute compared, not an extreme of its own ("Max. pressure")
            chosen = [h for h in columns if any(
                t == f or derived(t, f) for t in analysis.tokens(h) for f in sup.words if len(f) >= DERIVED_STEM)]
            by_adjective = True
    if len(chosen) > 1:
        # headers alike but for their numbers ("1 day", "3 days", "6 days"): the one stating
        # the number the question states ("for one day") is the column asked
        stated = {m.value for m in number_mentions(question) if m.value is not None}
        numbered = [h for h in chosen if stated & {m.value for m in number_mentions(h) if m.value is not None}]
        chosen = numbered if len(numbered) == 1 else chosen
    if len(chosen) != 1 or (sup.words & set(analysis.tokens(chosen[0])) and not SELECTS.search(question)
                            and not by_adjective):
        return None
    header = chosen[0]
    read: list[tuple[Decimal, Hashable, str]] = []
    read_cell = read_by[header]
    for cell, (key, _) in zip(columns[header], rows):
        v = read_cell(cell)
        if v is not None:
            read.append((v, key, cell))
    read = without_total(read)
    numbers = [v for v, _, _ in read]
    value = min(numbers) if sup.direction == "min" else max(numbers)
    tied = [(key, c) for v, key, c in read if v == value]
    return Extreme(rows=[k for k, _ in tied], header=header, value=tied[0][1], direction=sup.direction,
                   compared=len(read), dates=sup.kind == "time")
