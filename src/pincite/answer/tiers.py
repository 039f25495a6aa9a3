"""Tiers: a quantity the question states, read into the column whose header's range holds it.

Tariffs and price lists split their columns by ranges of a quantity: "Собаки до 20 кг",
"Собаки свыше 20 кг"; "Parcels up to 2 kg", "2-5 kg", "over 5 kg"; "Дети до 12 лет";
"10公斤以上". A person states the quantity instead ("кастрация собаки весом 30 кг", "a 3 kg
parcel"): no word of the question is the header's, so the column is not found and the
number counts as a word no passage holds. `with_tiers` writes, in the question's place of the
quantity, the header whose range holds it, when exactly one header of the tables found
does (and its unit is the question's); answer.rank.gather then covers and cites that column.

A header's range (`header_tier`): a bound after a word of en/ru/zh saying which side it
bounds ("up to", "under", "до", "не более", "以下"; "over", "from", "свыше", "от", "以上"),
or two numbers joined by a dash, "to", "до" or "至", the unit after the last number
(answer.unitnames). Whether a bound itself belongs to the tier follows the word ("under 5"
leaves 5 out, "up to 5" and "до 5" keep it); a header naming no unit is no tier.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Iterable

from pincite.text import analysis, lazyre

from . import asked_type, units
from .quantities import quantities_in
from .unitnames import COUNTED, unit_span_after_text

_NUM = r"(\d+(?:[.,]\d+)?)"
#: Words before a number that make it the tier's upper bound: (pattern, the bound included).
_UPPER = (
    (r"up\s+to|not\s+more\s+than|no\s+more\s+than|до|не\s+более|не\s+больше|不超过|至多|最多", True),
    (r"under|below|less\s+than|менее|меньше|ниже|<", False),
    (r"≤|<=", True),
)
#: Words before a number that make it the tier's lower bound: (pattern, the bound included).
_LOWER = (
    (r"from|at\s+least|not\s+less\s+than|от|не\s+менее|≥|>=|满", True),
    (r"over|above|more\s+than|свыше|более|больше|выше|超过|>", False),
)
#: Words after a number that bound it: "5 kg and over", "20 кг и более", "10公斤以上", "5以下".
_AFTER = (
    (r"(?:and|or)\s+(?:over|above|more)|и\s+(?:более|больше|выше|старше)|以上|及以上", "lower", True),
    (r"(?:and|or)\s+(?:under|below|less)|и\s+(?:менее|меньше|младше)|以下|及以下", "upper", True),
)
#: A unit in a header: in the last brackets ("Weight (kg)", "重量（kg）", "[мм]") or after
#: the last comma ("Мощность калорифера, кВт", "Flow rate, m3/h").
HEADER_UNIT = lazyre.compile(r"[(\[（【]\s*([^()\[\]（）【】]+?)\s*[)\]）】]\s*$|,\s*([^,]+?)\s*$")
_NUM_RE = lazyre.compile(_NUM)
#: A range of two numbers; the unit may follow each ("1.2 m – 1.5 m", "1,2 м до 1,5 м",
#: "1.2米至1.5米"), the letters after the first number captured to be read as a unit.
_RANGE_RE = lazyre.compile(rf"(?:от\s+)?{_NUM}\s*([^\W\d_]{{1,8}}\.?)?\s*(?:[-–—~～]|to|до|至|到)\s*{_NUM}",
                           re.IGNORECASE)


@dataclass(frozen=True)
class Tier:
    """A range of one quantity: bounds (None: open), whether each is included, the unit
    (answer.unitnames' canonical key: "kg", "year")."""

    low: Decimal | None
    high: Decimal | None
    low_in: bool
    high_in: bool
    unit: str

    def holds(self, value: Decimal) -> bool:
        """Whether `value` lies in the range."""
        if self.low is not None and (value < self.low or (value == self.low and not self.low_in)):
            return False
        return not (self.high is not None and (value > self.high or (value == self.high and not self.high_in)))


def _number(text: str) -> Decimal | None:
    try:
        return Decimal(text.replace(",", "."))
    except InvalidOperation:
        return None


def _unit_span(text: str, end: int) -> tuple[str, int] | None:
    """(key, where its written form ends, counted from `end`) of the unit after the number
    ending at `end`: right after it, or after one character between (a space, a hyphen, a
    no-break space). Only the text after the number is case-folded, so offsets before it
    hold whatever folding does to a letter's length."""
    tail = text[end:].casefold()
    return unit_span_after_text(tail, 0) or (unit_span_after_text(tail, 1) if len(tail) > 1 else None)


def _unit_after(text: str, end: int) -> str | None:
    """The unit key of `_unit_span`, else of a one-letter unit symbol the number ending at
    `end` is read with as a quantity ("до 7 м", "over 7 m": answer.quantities), or None."""
    found = _unit_span(text, end)
    if found:
        return found[0]
    number = re.search(r"\d[\d.,]*$", text[:end])
    if number is None:
        return None
    read = quantities_in(text[number.start():end + 3])
    return read[0].unit if len(read) == 1 and read[0].text.startswith(number.group()) else None


#: A word naming an age before its numbers ("ages 3-6", "Ages 7 and over", "возраст 3–6",
#: "年龄3-6"): the numbers are years though no unit follows them.
_AGE_WORD = lazyre.compile(r"\bages?\b|(?<![а-яё])возраст\w*|年龄", re.IGNORECASE)
#: A whole number with no unit of age after it.
_BARE_NUMBER = lazyre.compile(r"(?<![\d.,])(\d+)(?![\d.,]|\s*(?:years?|yrs?|лет|года?|岁|周岁))")


def header_tier(header: str) -> Tier | None:
    """The range a column header states ("Собаки свыше 20 кг" -> over 20 kg, "2–5 kg",
    "до 12 лет", "10公斤以上"), None when it states none or names no unit; numbers after a
    word naming an age are years ("Little Jumpers (ages 3-6)", "Ages 7 and over")."""
    tier = _header_tier(header)
    if tier is None and (age := _AGE_WORD.search(header)):
        tier = _header_tier(header[:age.end()] + _BARE_NUMBER.sub(r"\1 years", header[age.end():]))
    return tier


def _header_tier(header: str) -> Tier | None:
    """`header_tier` of the header as written."""
    m = _RANGE_RE.search(header)
    if m:
        low, high = _number(m.group(1)), _number(m.group(3))
        unit = _unit_after(header, m.end(3))
        # a unit after the first number too must be the second's ("1.2 m – 1.5 m")
        first = _unit_after(header, m.end(1)) if m.group(2) else unit
        if low is not None and high is not None and unit and first == unit and low < high:
            return Tier(low, high, True, True, unit)
    for words, side, included in _AFTER:
        m = re.search(rf"{_NUM}\s*([^\W\d_]*)\s*(?:{words})", header, re.IGNORECASE)
        if m and (value := _number(m.group(1))) is not None and (unit := _unit_after(header, m.end(1))):
            return Tier(value, None, included, False, unit) if side == "lower" else Tier(None, value, False, included,
                                                                                        unit)
    for bounds, upper in ((_UPPER, True), (_LOWER, False)):
        for words, included in bounds:
            m = re.search(rf"(?<![\w])(?:{words})\s*{_NUM}", header, re.IGNORECASE)
            if m and (value := _number(m.group(1))) is not None and (unit := _unit_after(header, m.end(1))):
                return Tier(None, value, False, included, unit) if upper else Tier(value, None, included, False, unit)
    return None


def cell_tier(header: str, value: str) -> str | None:
    """A table cell stating a range of the quantity its column's header gives the unit of
    ("年用电量区间（千瓦时）" over "2761–4800" or "4801及以上", "Weight, kg" over "50-100"),
    written after its header with that unit after its last number ("年用电量区间（千瓦时）:
    2761–4800 千瓦时", "…: 4801 千瓦时及以上") so that `header_tier` reads its range and
    `with_tiers` the words naming it; the cell itself when it writes its own unit ("4–5
    лет"). None when it states no range."""
    if (tier := header_tier(value)) is not None:
        # a band of things counted ("100–499 pages") is a count's: count_label
        return value if tier.unit not in COUNTED else None
    if header_tier(header) is not None:
        return None  # a header stating a range of its own ("(ages 3-6)") heads values, not ranges
    m = HEADER_UNIT.search(header.strip())
    numbers = list(_NUM_RE.finditer(value))
    if m is None or not numbers:
        return None
    unit = next(g for g in m.groups() if g)
    end = numbers[-1].end()
    written = f"{value[:end]} {unit}{value[end:]}"
    return f"{header}: {written}" if header_tier(written) is not None else None


#: A cell that is a bare range of a count: "10-19", "20–40", "20+"; the thing counted may
#: follow it ("100–499 pages", "500+ pages", "10–19 занятий").
_COUNT_RANGE = lazyre.compile(r"\s*(\d+)\s*(?:[-–—]\s*(\d+)|(\+))\s*([^\W\d_]+(?:\s+[^\W\d_]+){0,2})?\s*")


def count_label(header: str, value: str) -> str | None:
    """A cell that is a bare range ("10-19", "20+") under a header naming what it counts
    and no unit ("Sessions bought"), or a range with the thing it counts written after it
    ("100–499 pages" under "Quantity"), written after its header ("Sessions bought:
    10-19"): a count of those things the question states ("12 sessions", "200 pages") falls
    in it (`with_tiers`). None for any other cell (a unit after the range makes it a tier
    of that quantity: `cell_tier`)."""
    if HEADER_UNIT.search(header.strip()) or not _COUNT_RANGE.fullmatch(value) or (
            (tier := header_tier(value)) is not None and tier.unit not in COUNTED):
        return None
    return f"{header}: {value.strip()}"


def _count_tier(label: str) -> tuple[Tier, set[str]] | None:
    """The range of a `count_label` and the index forms of its header and of the thing its
    range counts ("pages" of "100–499 pages"), else None."""
    header, sep, value = label.rpartition(": ")
    m = _COUNT_RANGE.fullmatch(value) if sep else None
    if m is None:
        return None
    low = Decimal(m.group(1))
    high = None if m.group(3) else Decimal(m.group(2))
    if high is not None and high < low:
        return None
    return Tier(low, high, True, high is not None, ""), set(analysis.tokens(f"{header} {m.group(4) or ''}"))


#: A range of a count written in a cell with the thing counted after it: "20-29 players",
#: "10–19 занятий", "30 players or more", "20+ guests", "30人以上" (its two bounds, the upper None
#: when open).
_WRITTEN_RANGE = lazyre.compile(
    r"(?<![\d.,])(\d+)\s*(?:(?:[-–—~～]|to|до|至|到)\s*(\d+)(?![\d.,])|(\+)"
    r"|(?=\s*(?:[^\W\d_]+\s+){0,2}(?:or|and|и|или)\s+(?:more|over|above|более|больше|старше)(?![^\W\d_]))"
    r"|(?=\s*[^\W\d_]{0,4}(?:以上|及以上)))",
    re.IGNORECASE)


def count_range_holds(text: str, value: Decimal) -> bool:
    """Whether `text` (a table cell) writes a range of a count that holds `value`: "20-29
    players" holds 25, "30 players or more" and "20+" hold 30, "30人以上" holds 40. A
    question stating a count ("a group of 25 players") asks the row whose range holds it,
    not a row writing that very number."""
    for m in _WRITTEN_RANGE.finditer(text):
        low = Decimal(m.group(1))
        high = Decimal(m.group(2)) if m.group(2) else None
        if m.group(2) and high is not None and high < low:
            continue
        if value >= low and (high is None or value <= high):
            return True
    return False


#: A number standing alone (not inside a code or another number; a Chinese character may
#: touch it: "一个60公斤").
_QUANTITY_RE = lazyre.compile(rf"(?<![0-9A-Za-zА-Яа-яЁё.,_-]){_NUM}(?![\d])")


def _stated_quantities(question: str) -> list[tuple[re.Match, Decimal, str]]:
    """The quantities `question` states: (the number's match, its value, its unit:
    answer.unitnames' canonical key), in text order; a number without a unit is none."""
    out = []
    for m in _QUANTITY_RE.finditer(question):
        value, unit = _number(m.group(1)), _unit_after(question, m.end())
        if value is not None and unit is not None:
            out.append((m, value, unit))
    return out


#: A word after a number, spaces before it (what a count counts: "sessions" of "12 sessions";
#: a code among the words, "A4", is a word too).
_WORD_AFTER_RE = lazyre.compile(r" *([^\W\d_][^\W_]*)")
#: A Russian numeral's case ending written after its digits ("43-го размера", "на 2-х
#: человек"): the number is read as written without it.
_CASE_ENDING_RE = lazyre.compile(r"[-–](?:го|му|м|х|ти|ми|ю|я|й|е|ое|ой|ый|ий|ая|ую|ые|ых)(?![а-яё])")


def _stated_counts(question: str, taken: set[int]) -> list[tuple[re.Match, Decimal, list[re.Match]]]:
    """The counts `question` states: a whole number with no unit and the words right after
    it, up to COUNT_WORDS of them, one of which names what is counted ("12 sessions", "12
    personal training sessions", "43-го размера": a case ending after the digits is
    skipped): (the number's match, its value, the words' matches);
    numbers at `taken` (quantities with a unit) left out."""
    out = []
    for m in _QUANTITY_RE.finditer(question):
        if m.start() in taken or not m.group(1).isdigit():
            continue
        words: list[re.Match] = []
        ending = _CASE_ENDING_RE.match(question, m.end())
        first = ending.end() if ending else m.end()
        while len(words) < COUNT_WORDS and (w := _WORD_AFTER_RE.match(question, words[-1].end() if words
                                                                     else first)):
            words.append(w)
        if words:
            out.append((m, Decimal(m.group(1)), words))
    return out


#: Words after a number looked at for the thing it counts ("personal training sessions",
#: "black and white A4 pages").
COUNT_WORDS = 5


def with_tiers(question: str, headers: Iterable[str]) -> str:
    """`question` with each quantity it states ("30 кг", "a 3 kg parcel", "12 лет") written
    as the one header of `headers` whose range holds it in the same unit (`header_tier`; of
    several, the one sharing the most words with the question, then the one written in the
    question's scripts):
    "кастрация собаки весом 30 кг" -> "кастрация собаки Собаки свыше 20 кг" (a word naming
    the quantity's kind right before it, "весом", goes with it: `_kind_start`). A quantity
    that no header's range holds, or several do, stays; so does a number without a unit.
    `question` itself when nothing is replaced; `headers` is not iterated when the question
    states no quantity."""
    quantities = _stated_quantities(question)
    counts = _stated_counts(question, {m.start() for m, _, _ in quantities})
    spelled = [q for q in quantities_in(question) if q.unit and not any(ch.isdigit() for ch in q.text)]
    labels = list(dict.fromkeys(headers)) if quantities or counts or spelled else []
    tiers = {h: t for h in labels if (t := header_tier(h)) is not None}
    counted = {h: c for h in labels if (c := _count_tier(h)) is not None}
    points = point_headers(labels)  # read once: for the ranges' quantities and after them
    if not tiers and not counted:
        return _with_points(question, points)
    # the headers in the question's scripts (`with_equal_headers`)
    written = [p for p in points if _scripts(p[0]) <= _scripts(question)]
    asked = set(analysis.tokens(question))
    out, last = [], 0
    stated: list[tuple[re.Match, Decimal, str, list[re.Match] | None]] = (
        [(m, v, u, None) for m, v, u in quantities] + [(m, v, "", n) for m, v, n in counts])
    for m, value, unit, noun in sorted(stated, key=lambda s: s[0].start()):
        if noun is not None:  # "12 sessions": the band of a column counting sessions
            holding, end = [], m.end()
            for w in noun:
                forms = set(analysis.tokens(w.group(1)))
                holding = [h for h, (t, words) in counted.items() if forms & words and t.holds(value)]
                if holding:
                    end = w.end()  # the number and the words up to the thing counted
                    break
        else:
            end = _unit_end(question, m.end())
            bound = _stated_bound(question, m.start(), end)
            if bound is not None:
                # a bound the question states ("ниже 15 футов", "under 5 kg") is a range of its
                # own: the header stating that range, not one holding its number
                holding = [h for h, t in tiers.items() if t == bound]
            else:
                # a header stating the very quantity ("3天（元）" for "на 3 дня") before a range
                # holding it ("baby up to 14 days old")
                holding = _equal_points(written, value, unit) or [
                    h for h, t in tiers.items() if t.unit == unit and t.holds(value)]
        if len(holding) > 1:  # named by the question's other words than the quantity's own
            holding = _most_named(holding, asked - set(analysis.tokens(question[m.start():end])))
        if len(holding) > 1:  # else the one written in the question's scripts ("3–5公斤" beside "до 10 кг")
            holding = [h for h in holding if _scripts(h) <= _scripts(question)] or holding
        if len(holding) != 1:
            continue
        out += [question[last:_kind_start(question, m.start())], holding[0]]
        last = end
    return _with_points("".join(out) + question[last:] if out else question, points)


#: Up to three words before a number, where a bound's words stand ("not more than", "ниже").
_BOUND_BEFORE_RE = lazyre.compile(r"(?:[^\W\d_]+\s+){1,3}$|[<>≤≥]=?\s*$")


def _stated_bound(question: str, start: int, end: int) -> Tier | None:
    """The range a quantity of the question (`start`..`end`, its number and unit) states
    with a bound word before or after it ("ниже 15 футов", "under 5 kg", "10公斤以上"),
    read as a header's (`header_tier`); None for a plain quantity ("a 20-foot tree")."""
    before = _BOUND_BEFORE_RE.search(question, max(0, start - 40), start)
    if before and re.search(r"(?<![^\W\d_])(?:from|от)\s*$", before.group(), re.IGNORECASE):
        return None  # in a question, "from 30 km" says where from ("a sofa from 30 km outside"), no band
    text = (before.group() if before else "") + question[start:end] + question[end:end + 12]
    tier = header_tier(text)
    return tier if tier is not None and (tier.low is None or tier.high is None) else None


def states_bound(question: str, quantity: str) -> bool:
    """Whether `question` writes the quantity `quantity` (its text as written: "15 футов")
    as a bound ("ниже 15 футов", "under 5 kg", `_stated_bound`): a range, not one size."""
    start = question.find(quantity)
    return start >= 0 and _stated_bound(question, start, start + len(quantity)) is not None


def with_equal_headers(question: str, headers: Iterable[str]) -> str:
    """`question` with each quantity it states in digits or words ("一天", "三天", "2 часа")
    written as the one header of `headers` that states the same quantity in another unit or
    words (answer.units' conversion: "全天24小时（元）" for "一天", "3天（元）" for "三天",
    "120 мин" for "2 часа"): such a header names the column the question asks of, though
    no word of theirs is shared. A header counts when it states exactly one quantity with a unit and no range
    (`header_tier`) and writes in no script the question does not ("60 min" names nothing
    of a question written in Chinese alone: it heads another library's table, found for
    its numbers); money is no such quantity. `question` itself when no quantity has exactly
    one such header; `headers` is not read when the question states no quantity with a unit."""
    if not any(q.unit for q in quantities_in(question)):
        return question
    return _with_points(question, point_headers(headers))


def _with_points(question: str, points: list[tuple[str, Fraction, tuple]]) -> str:
    """`with_equal_headers` over the headers `point_headers` read, those in a script the
    question does not write left out."""
    points = [p for p in points if _scripts(p[0]) <= _scripts(question)]
    if not points:
        return question
    for q in quantities_in(question):
        equal = _equal_points(points, q.value, q.unit) if q.unit else []
        if len(equal) == 1 and q.text in question and q.text not in equal[0]:
            question = question.replace(q.text, equal[0], 1)
    return question


def _scripts(text: str) -> set[str]:
    """The scripts of `text`'s letters: "latin", "cyrillic", "cjk"."""
    out = set()
    for ch in text:
        if "\u4e00" <= ch <= "\u9fff":
            out.add("cjk")
        elif ch.isalpha():
            out.add("cyrillic" if "\u0400" <= ch <= "\u04ff" else "latin")
    return out


def point_headers(headers: Iterable[str]) -> list[tuple[str, Fraction, tuple]]:
    """(header, its quantity in SI units, its dimension) of each header stating exactly one
    quantity with a unit and no range, money left out (`with_equal_headers`). A rate per
    one unit ("Per week", "日租价(元/天)") is no such point: as one, it named "7天" of any
    question "Per week", whatever table it headed."""
    points = []
    for h in dict.fromkeys(headers):
        stated = [q for q in quantities_in(h) if q.unit]
        if len(stated) == 1 and stated[0].unit not in units.CURRENCY_CODES and header_tier(h) is None:
            factor, dims = units.si_factor(units.unit_atoms(stated[0].unit))
            points.append((h, Fraction(stated[0].value) * factor, dims))
    return points


#: A rate per one unit as a header or a cell writes it: after a slash ("元/天", "руб./сут",
#: "€/h"), after "per", "a", "an", "each", "every" or "每" ("$120 an hour"), or "в"/"за" before a
#: Russian unit ("в сутки", "за час"), a "1" between or not ("per 1 hour"); the unit a word of
#: letters.
_PER_UNIT = lazyre.compile(r"(?:/\s*|\b(?:per|an?|each|every)\s+|每|(?<![а-яё])(?:в|за)\s+)(?:1\s*)?([^\W\d_]+)",
                           re.IGNORECASE)


def per_units(text: str) -> list[str]:
    """The units (answer.quantities' keys: "h", "day", "m2") `text` writes a rate per one of
    (`_PER_UNIT`: "Unit: per hour", "Цена, руб./час", "元/天"), in text order; money is no
    such unit ("руб./€" is none)."""
    out = []
    for m in _PER_UNIT.finditer(text):
        found = [q.unit for q in quantities_in("1 " + m.group(1)) if q.unit and q.unit not in units.CURRENCY_CODES]
        if len(found) == 1:
            out.append(found[0])
    return out


def per_unit_dims(header: str) -> tuple | None:
    """The dimension (units.si_factor) of the first unit a header prices per one of
    (`per_units`: "Daily rate, €/day", "日租价(元/天)", "Цена, руб./сут"), None when it states
    no such rate: a column of a rate per day holds a price for any number of days, as a range
    holds any value within it."""
    found = per_units(header)
    return units.si_factor(units.unit_atoms(found[0]))[1] if found else None


def _equal_points(points: list[tuple[str, Fraction, tuple]], value: Decimal, unit: str) -> list[str]:
    """The one header of `points` stating `value` `unit` (converted), in a list; [] when
    none or several do, or the unit is money. Of several, the one header stating it in the
    question's own unit is that one: "a 120-minute session" is the row "120 minutes" of a
    series of lengths, not a package's "2 hours" named beside it."""
    if unit in units.CURRENCY_CODES:
        return []
    factor, dims = units.si_factor(units.unit_atoms(unit))
    equal = [h for h, v, d in points if d == dims and v == Fraction(value) * factor]
    if len(equal) > 1:
        equal = [h for h in equal if [q.unit for q in quantities_in(h) if q.unit] == [unit]]
    return equal if len(equal) == 1 else []


def _most_named(labels: list[str], asked: set[str]) -> list[str]:
    """Of several labels whose ranges hold a quantity, those sharing the most of the
    question's words, when that is at least one ("年用电量3500千瓦时" is the annual band
    "年用电量区间（千瓦时）: 2761–4800", not the monthly "月均用电量（千瓦时）: 401及以上");
    all of them otherwise."""
    shared = [len(asked & set(analysis.tokens(label))) for label in labels]
    best = max(shared)
    return [label for label, n in zip(labels, shared) if n == best] if best else labels


_WORD_BEFORE_RE = lazyre.compile(r"([^\W\d_]+)\s+$")


def _kind_start(text: str, start: int) -> int:
    """Where the quantity starting at `start` begins with the word before it when that word
    names the kind of value (asked_type.type_of: "весом 30 кг", "weighing 3 kg"): the
    header written in its place names the kind by its unit."""
    m = _WORD_BEFORE_RE.search(text, 0, start)
    if m and any(asked_type.type_of(g) for g in analysis.query_groups(m.group(1))):
        return m.start()
    return start


#: The unit written after a number: the next word (and its abbreviation dot) or sign.
_UNIT_WORD_RE = lazyre.compile(r"\s?[^\W\d_]+\.?|\s?[^\s\w]")


def _unit_end(text: str, end: int) -> int:
    """Where the unit written after the number ending at `end` ends: its written form's end
    (a Chinese unit runs on into the next word: "3500千瓦时的电价"), else the next word's."""
    found = _unit_span(text, end)
    if found is not None and len(text[end:].casefold()) == len(text) - end:
        return end + found[1]
    m = _UNIT_WORD_RE.match(text, end)
    return m.end() if m else end
