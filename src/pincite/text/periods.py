"""Quarters, half-years and Chinese months written in words, read as the short codes tables write.

A budget, sales or plan spreadsheet heads its columns "Q1 … Q4" or "H1, H2", while a person
asks for "the fourth quarter", "третий квартал", "2-й квартал" or "第二季度". The words and
the code share no token, so a search for the words finds the row but not its column, and
the words count as missing from every cell. `period_phrases` finds such phrases in a
question and names the code each stands for; answer.spellings.with_period_codes writes the
code in their place when the library's index holds it. Ordinal words of en/ru/zh, digits
and Roman numerals 1-4 count; a quarter or half-year numbered otherwise is left as typed.
A Chinese month in numerals ("一月", "十二月") is read as the digits a sheet writes ("1月",
"12月"), where the library never writes the numeral form as one word.

Nothing is compiled at import time (text.lazyre).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from pincite.text import lazyre

#: Ordinal stems and numerals of 1-4 per language, read into the period's number.
_EN_ORD = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4}
_RU_ORD = {"перв": 1, "втор": 2, "трет": 3, "четверт": 4, "четвёрт": 4}
_ZH_NUM = {"一": 1, "二": 2, "三": 3, "四": 4, "1": 1, "2": 2, "3": 3, "4": 4}
_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "1": 1, "2": 2, "3": 3, "4": 4}

_PERIOD_RE = lazyre.compile(
    r"\b(?P<en>first|second|third|fourth|1st|2nd|3rd|4th)[\s-]+(?P<en_kind>quarter\b|half"
    r"(?:[\s-]+year\b|(?=\s+of\s+(?:the\s+)?(?:year|fiscal|fy|financial|\d{4}))))"
    r"|\b(?P<ru>перв|втор|трет|четв[её]рт)\w*\s+(?P<ru_kind>квартал|полугоди)\w*"
    r"|(?<![\w.])(?P<rn>iv|iii|ii|i|[1-4])(?:\s*-?\s*(?:й|ий|ого|ом|ому|м))?\s+(?P<rn_kind>квартал|полугоди)\w*"
    r"|第?(?P<zh>[一二三四1-4])(?P<zh_kind>季度|季)"
    r"|(?P<zh_half>上|下)半年",
    re.IGNORECASE)


#: Chinese numerals of the months: 一 .. 十, 十一, 十二.
_ZH_MONTH_NUM = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10,
                 "十一": 11, "十二": 12}
#: A month named by a Chinese numeral: not the tail of a longer number ("十二月" is no "二月"),
#: nor a count of months ("一个月" has a measure word between).
_ZH_MONTH_RE = lazyre.compile(r"(?<![一二三四五六七八九十百千零〇两几\d])(十[一二]?|[一二三四五六七八九])月")


@dataclass(frozen=True)
class PeriodPhrase:
    """A quarter, half-year or month written in words: `start`, `end` (its span in the
    text, in characters) and `code`, the short form tables write ("Q4", "H1", "12月")."""

    start: int
    end: int
    code: str


def month_phrases(text: str) -> list[PeriodPhrase]:
    """The Chinese months `text` names by a numeral, in text order: "一月和二月" -> 1月, 2月;
    "十二月" -> 12月. A month in digits, and "一个月" (one month's time), name none."""
    return [PeriodPhrase(m.start(), m.end(), f"{_ZH_MONTH_NUM[m.group(1)]}月") for m in _ZH_MONTH_RE.finditer(text)]


def period_phrases(text: str) -> list[PeriodPhrase]:
    """The quarters and half-years `text` writes in words, in text order: "the fourth
    quarter" -> Q4, "второе полугодие" -> H2, "3-й квартал" and "III квартал" -> Q3,
    "第二季度" -> Q2, "下半年" -> H2. An English half counts when a year follows ("the first
    half-year", "the second half of 2025"), not "the first half of the page"; a half
    numbered above 2 is no half-year."""
    out = []
    for m in _PERIOD_RE.finditer(text):
        if m.group("zh_half"):
            out.append(PeriodPhrase(m.start(), m.end(), "H1" if m.group("zh_half") == "上" else "H2"))
            continue
        if m.group("en"):
            n, kind = _EN_ORD[m.group("en").lower()], m.group("en_kind").lower()
        elif m.group("ru"):
            n, kind = _RU_ORD[m.group("ru").lower()], m.group("ru_kind").lower()
        elif m.group("rn"):
            n, kind = _ROMAN[m.group("rn").lower()], m.group("rn_kind").lower()
        else:
            n, kind = _ZH_NUM[m.group("zh")], "quarter"
        half = kind.startswith(("half", "полугоди"))
        if half and n > 2:
            continue
        out.append(PeriodPhrase(m.start(), m.end(), f"{'H' if half else 'Q'}{n}"))
    return out
