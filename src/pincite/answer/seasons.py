"""Months and days of the week a question states, read into the column a document defines
by them: "в мае" into "Низкий сезон" where the price list says "Низкий сезон длится с 1 по
31 мая и с 1 по 30 сентября", "в субботу" into "Peak" where a slide says "Peak is
Monday–Friday 17:00–21:00 and all day at weekends", "七月" into "旺季" beside "旺季：6月至8月".

A table prices its rows by season, by peak and off-peak, by weekday and weekend; a person
asks for a date. The column the date falls in is stated elsewhere in the document, in a
clause that names the column and the months or days it covers. `with_defined_periods`
writes the column's header in the question in place of the date when exactly one of the
tables' headers covers it, as answer.tiers writes a quantity's band, so the search, the
coverage and the cell read all see the column asked. Months and days are read in en, ru
and zh; a range ("с 1 июня по 31 августа", "Monday–Friday", "6月至8月") covers every month
or day between its ends.

Nothing is compiled at import time (text.lazyre).
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Iterable

from pincite.text import analysis, lazyre
from pincite.text.cjk import is_cjk

from . import asked_type

#: Month stems: Russian (any case ending), English (names, capitalised but not opening the
#: text, "May I …?", or after a preposition, as "may" and "march" are verbs too), Chinese
#: (digits or numerals before 月, not 月卡, 月费).
_RU_MONTHS = ("январ", "феврал", "март", "апрел", "ма", "июн", "июл", "август", "сентябр", "октябр", "ноябр",
              "декабр")
_EN_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
              "november", "december")
_ZH_NUMERALS = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10,
                "十一": 11, "十二": 12}
_MONTH_RE = lazyre.compile(
    r"(?<![а-яё])(?P<ru>январ[ьяеюё]\w*|феврал[ьяеюё]\w*|март[аеу]?(?![а-яё])|апрел[ьяеюё]\w*|ма[йяею](?![а-яё])"
    r"|июн[ьяеюё]\w*|июл[ьяеюё]\w*|август[аеу]?(?![а-яё])|сентябр[ьяеюё]\w*|октябр[ьяеюё]\w*|ноябр[ьяеюё]\w*"
    r"|декабр[ьяеюё]\w*)"
    r"|(?-i:\b(?P<en>January|February|April|June|July|August|September|October|November|December"
    r"|(?<!^)(?:May|March))\b)"
    r"|\b(?:in|during|of|from|to|until|till|through|by|early|late|mid|and)\s+"
    r"(?P<enl>january|february|march|april|may|june|july|august|september|october|november|december)\b"
    r"|(?P<zh>(?<![\d一二三四五六七八九十])(?:1[0-2]|[1-9]|十[一二]?|[一二三四五六七八九])(?=\s*月(?![卡费租票])))",
    re.IGNORECASE)
#: Days of the week (Monday = 0): their stems, and the words naming several days.
_RU_DAYS = ("понедельник", "вторник", "сред", "четверг", "пятниц", "суббот", "воскресен")
_EN_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_ZH_DAYS = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}
_WEEKEND = frozenset({5, 6})
_WORKDAYS = frozenset(range(5))
_DAY_RE = lazyre.compile(
    r"(?<![а-яё])(?P<ru>понедельник\w*|вторник\w*|сред[аеуы](?![а-яё])|четверг\w*|пятниц\w*|суббот\w*|воскресень?\w*)"
    r"|(?<![а-яё])(?P<ru_weekend>выходн\w*)|(?<![а-яё])(?P<ru_work>будн\w*|рабоч\w*\s+дн\w*)"
    r"|\b(?P<en>monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b"
    r"|\b(?P<en_weekend>weekends?)\b|\b(?P<en_work>weekdays?|working\s+days?)\b"
    r"|(?:周|星期|礼拜)(?P<zh>[一二三四五六日天])|(?P<zh_weekend>周末|双休日)|(?P<zh_work>工作日|平日)"
    # the abbreviations a table's headers write ("Mon–Thu", "Sat, Sun", "Пн–Чт", "Сб"), as
    # capitalised there: "sun" and "sat" in lower case are other words
    r"|(?-i:\b(?P<en_abbr>Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)\b\.?)"
    r"|(?-i:(?<![А-Яа-яЁё])(?P<ru_abbr>Пн|Вт|Ср|Чт|Пт|Сб|Вс)(?![А-Яа-яЁё])\.?)",
    re.IGNORECASE)
#: The day (0 = Monday) of each abbreviation `_DAY_RE` reads.
_DAY_ABBR = {"mon": 0, "tue": 1, "tues": 1, "wed": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4, "sat": 5,
             "sun": 6, "пн": 0, "вт": 1, "ср": 2, "чт": 3, "пт": 4, "сб": 5, "вс": 6}
#: "How much is …?" asks a price in English as "сколько стоит" does, though "how much" alone
#: may ask any amount (asked_type reads it as no money question); so do "What do I pay …?",
#: "How much would we pay …?" (what one pays, not when: "When do I pay?") and "What is the
#: total?" (a sum of the prices asked).
_HOW_MUCH_IS = lazyre.compile(
    r"\bhow\s+much\s+(?:is|are|was|will|would)\b"
    r"|\b(?:what|how\s+much)\s+(?:do|does|did|will|would|should|shall|must)\s+(?:\w+\s+){1,3}?pay\b"
    r"|\bwhat\s+(?:is|will\s+be|would\s+be)\s+the\s+total\b", re.IGNORECASE)
#: What joins the two ends of a range: a dash, "по", "до", "to", "through", "至", "到", with
#: a day of the month beside it ("с 1 июня по 31 августа", "June 1 to August 31").
_RANGE_JOIN = lazyre.compile(r"\s*(?:月份?|日|号)?\s*(?:\d{1,2}\s*)?(?:[-–—~]|по|до|to|through|thru|until|till|至|到)"
                             r"\s*(?:次年|翌年)?\s*(?:\d{1,2}\s*)?", re.IGNORECASE)
#: A time of day after a day or days ("Monday–Friday 17:00–21:00"): only part of those days.
_TIME_OF_DAY = lazyre.compile(r"\s*(?:from\s+|с\s+|from|)\d{1,2}[:.]\d{2}")
#: Clause ends: a sentence's end, a semicolon, a comma before a word (a definition is one
#: clause: "…; high season: June–August"); a blank line ends one too, a line break alone
#: does not (a page breaks lines inside sentences).
_CLAUSE_RE = lazyre.compile(r"[;；。]|(?<=[.!?])\s+|,\s+(?=[^\W\d_])")


@dataclass(frozen=True)
class Times:
    """Months (1-12) and days of the week (0 = Monday) a text states."""

    months: frozenset[int] = frozenset()
    days: frozenset[int] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.months or self.days)


@dataclass(frozen=True)
class _Mention:
    kind: str  # "month" or "day"
    values: frozenset[int]
    start: int
    end: int


def _month(m: re.Match[str]) -> int:
    if m.group("ru"):
        word = m.group("ru").casefold()
        return next(i for i, stem in enumerate(_RU_MONTHS, 1) if word.startswith(stem))
    if m.group("en") or m.group("enl"):
        return _EN_MONTHS.index((m.group("en") or m.group("enl")).casefold()) + 1
    zh = m.group("zh")
    return int(zh) if zh.isdigit() else _ZH_NUMERALS[zh]


def _mentions(text: str) -> list[_Mention]:
    """The months and days `text` writes, in order."""
    out = []
    for m in _MONTH_RE.finditer(text):
        end = m.end()
        if m.group("zh"):  # the span takes the 月 (份) after the numeral
            end += len(re.match(r"\s*月份?", text[end:]).group())  # type: ignore[union-attr]
        out.append(_Mention("month", frozenset({_month(m)}), m.start(m.lastgroup or 0), end))
    for m in _DAY_RE.finditer(text):
        kind = m.lastgroup or ""
        word = m.group().casefold()
        if kind == "ru":
            days = frozenset({next(i for i, s in enumerate(_RU_DAYS) if word.startswith(s))})
        elif kind == "en":
            days = frozenset({_EN_DAYS.index(word.rstrip("s") if word.rstrip("s") in _EN_DAYS else word)})
        elif kind == "zh":
            days = frozenset({_ZH_DAYS[m.group("zh")]})
        elif kind in ("en_abbr", "ru_abbr"):
            days = frozenset({_DAY_ABBR[word.rstrip(".")]})
        elif re.search(r"\d\s*(?:个)?$", text[:m.start()]):
            continue  # "10 working days", "5个工作日": a duration, not which days
        else:
            days = _WEEKEND if kind.endswith("weekend") else _WORKDAYS
        out.append(_Mention("day", days, m.start(), m.end()))
    return sorted(out, key=lambda x: x.start)


def _between(kind: str, a: int, b: int) -> set[int]:
    """The months (1-12) or days (0-6) from `a` to `b`, both in, wrapping past the last."""
    size, first = (12, 1) if kind == "month" else (7, 0)
    out, k = {a}, a
    while k != b:
        k = (k - first + 1) % size + first
        out.add(k)
    return out


def _ranges(text: str, found: list[_Mention]) -> list[tuple[int, int, Times]]:
    """`found` (the mentions of `text`, in order) joined into spans: mentions of one kind
    joined by a range (`_RANGE_JOIN`) make one span covering every value between the ends."""
    out: list[tuple[int, int, Times]] = []
    i = 0
    while i < len(found):
        j = i
        values = set(found[i].values)
        while j + 1 < len(found) and found[j + 1].kind == found[i].kind \
                and _RANGE_JOIN.fullmatch(text[found[j].end:found[j + 1].start]):
            a, b = found[j].values, found[j + 1].values
            values |= _between(found[i].kind, max(a) if len(a) > 1 else next(iter(a)), min(b)) | b
            j += 1
        t = Times(months=frozenset(values)) if found[i].kind == "month" else Times(days=frozenset(values))
        out.append((found[i].start, found[j].end, t))
        i = j + 1
    return out


def times_in(text: str) -> Times:
    """The months and days of the week `text` states, a range ("с 1 июня по 31 августа",
    "Monday–Friday", "6月至8月", wrapping past December or Sunday) counting every one
    between its ends. Days followed by a time of day ("Monday–Friday 17:00–21:00") are
    only partly stated and do not count."""
    months: set[int] = set()
    days: set[int] = set()
    for _, end, t in _ranges(text, _mentions(text)):
        if t.days and _TIME_OF_DAY.match(text, end):
            continue
        months |= t.months
        days |= t.days
    # "6—8月": a Chinese range writes 月 once, after its second end
    for m in re.finditer(r"(1[0-2]|[1-9])\s*[-–—~至到]\s*(1[0-2]|[1-9])\s*月", text):
        months |= _between("month", int(m.group(1)), int(m.group(2)))
    return Times(frozenset(months), frozenset(days))


def asked_times(question: str) -> list[tuple[int, int, Times]]:
    """The spans of `question` that state a month or a day of the week, with what each
    states: (start, end, times); a range is one span."""
    return _ranges(question, _mentions(question))


def definitions(header: str, texts: Iterable[str], headers: Iterable[str]) -> Times:
    """What `header` covers by its document's words: the months and days of the clauses of
    `texts` (the documents' pages) that open with the header, plus those the header itself
    states ("Высокий сезон (июнь–август)"). A clause opens with the header when its first
    analysed words (function words aside, any word form: "В высокий сезон …") are the
    header's, but for those it shares with another header of `headers` ("сезон" of "Низкий
    сезон", "价" of "旺季价" and "淡季价"), unless it shares them all; a Chinese clause, when its
    first word is one of those. A clause that merely mentions the header ("Минимальный срок
    проживания в высокий сезон в выходные дни — 2 ночи") defines nothing. A clause naming a
    longer header as well ("Off-peak is …" names "Peak" too) is that header's."""
    others = [set(_words(h)) for h in dict.fromkeys(headers) if h != header]
    own = set(_words(header))
    if not own:
        return Times()
    shared = {w for w in own if any(w in o for o in others)}
    distinct = own - shared or own
    longer = [o for o in others if own < o]
    cjk = any(is_cjk(ch) for ch in header)
    stated = times_in(header)
    months: set[int] = set(stated.months)
    days: set[int] = set(stated.days)
    for text in texts:
        for clause, words in _clauses(text):
            # the clause opens with the header: it says what the header is
            opening = words[:len(own)]
            if not (distinct & set(opening[:1]) if cjk else distinct <= set(opening)) \
                    or any(o <= set(words) for o in longer):
                continue
            t = times_in(clause)
            months |= t.months
            days |= t.days
    return Times(frozenset(months), frozenset(days))


@functools.lru_cache(maxsize=256)
def _clauses(text: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The clauses of a page's `text` (`_CLAUSE_RE`) with their analysed words (`_words`),
    split and analysed once per page, however many headers are looked up in them. A page's
    lines break sentences anywhere: clauses end at punctuation and blank lines."""
    paragraphs = re.split(r"\n\s*\n", text)
    return tuple((c, tuple(_words(c))) for p in paragraphs for c in _CLAUSE_RE.split(" ".join(p.split())))


def _words(text: str) -> list[str]:
    """The analysed content words of `text` (analysis.query_terms)."""
    return [t for t in analysis.query_terms(text) if not t.isdigit()]


def _covers(have: Times, asked: Times) -> bool:
    """Whether `have` holds every month or every day of the week `asked` states."""
    return bool((asked.months and asked.months <= have.months) or (asked.days and asked.days <= have.days))


def with_defined_periods(question: str, documents: Iterable[tuple[Iterable[str], Iterable[str]]]) -> str:
    """`question` with each month or day it states (`asked_times`) written as the one
    column header whose document clauses cover it (`definitions`): "Сколько стоят сутки в
    шатре в июле?" -> "… в Высокий сезон?" beside "Высокий сезон длится с 1 июня по 31
    августа". `documents`: per document, in the order the search ranked them, its tables'
    headers and its page texts (read only when the question states a month or a day); the
    first document that defines a header by the kind of time asked (months, or days of the
    week) is the one read, so a weekday asked of a pool's slide defining "Peak" by days is
    never read into another document's weekday column. Only a question asking what
    something costs is read so: the columns a document defines by dates are its tariffs
    ("Peak", "Высокий сезон"), and a question about opening hours at weekends asks none of
    them. A date no header covers, or several do, stays; so does the question when no
    document defines a header by the kind of time asked."""
    asked = asked_times(question)
    if not asked or not (_HOW_MUCH_IS.search(question) or "money" in asked_type.asked_kinds(question)):
        return question
    months = any(t.months for _, _, t in asked)
    days = any(t.days for _, _, t in asked)
    for headers, texts in documents:
        labels = [h for h in dict.fromkeys(headers) if h and len(h) <= 40]
        pages = list(texts) if labels else []
        defined = {h: d for h in labels if (d := definitions(h, pages, labels))}
        if not any((months and d.months) or (days and d.days) for d in defined.values()):
            continue
        out, last = [], 0
        for start, end, t in asked:
            holding = [h for h, d in defined.items() if _covers(d, t)]
            if len(holding) > 1:
                # a header that names the date in its own words ("Fri–Sun (per person)") is
                # that date's column before one a clause relates to it ("Included: unlimited
                # weekday throwing", a cell under another header of the same document)
                holding = [h for h in holding if _covers(times_in(h), t)] or holding
            if len(holding) == 1:
                out += [question[last:start], holding[0]]
                last = end
        return "".join(out) + question[last:] if out else question
    return question
