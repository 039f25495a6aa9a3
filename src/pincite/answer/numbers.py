"""Numbers and units in a claim, found and checked against its quote (server-side checks).

This module owns finding the numbers of a text - written in digits, in Russian or English words,
or in Chinese numerals - with their values, and the units written after them; and the two checks
built on that: every number of a claim stands in its quote (`unsupported_numbers`), every unit of
a claim stands in its quote or its chunk (`unsupported_units`). It must not look anywhere else:
it gets the texts to compare and knows nothing of chunks, pages or models. It never uses float.
The readers of spelled numbers (words, CJK numerals) live in `answer.spelled` and the unit
tables and recognisers in `answer.unitnames`; this module reads digits and owns the two checks.

Normalisation. Every text is read through `normalize.loose()`, the same on both sides of a
comparison: NFKC with superscript and subscript digits protected (so "10²" never becomes "102"),
full-width forms -> ASCII ("１８" -> "18", "℃" -> "°C", "％" -> "%"), whitespace runs -> one space,
spaces next to CJK dropped ("18 个月" -> "18个月"), casefold, ё -> е, dashes and minus signs -> "-".
Spans given back are spans of the ORIGINAL text (`Normalized.span_to_source`). A few unit
symbols are case-sensitive ("A" ampere but "a" article, "В" volt but "в" preposition, "Nm"
newton-metre but "nm" nanometre): those are compared on the NFKC form of the original characters.

Numbers found (`number_mentions`):

- Digits, in the shapes `verify.numbers_in` finds: integers, decimals with "." or ",", groups
  of three separated by a space ("1 000"; no-break and thin spaces count as spaces), a leading
  minus, trailing superscript digits kept as part of the number ("10²"; also "10⁻³": a
  superscript sign before them is kept too, which only makes the comparison stricter).
- Russian number words in every case and gender: ноль..девятнадцать, десятки, сотни
  ("двухсот", "пятьюстами"), тысяча/миллион/миллиард/триллион in all forms, collective
  двое..семеро, полтора/полторы/полутора (1.5), "с половиной" (+0.5), e.g. "двумя тысячами
  двадцатью" -> 2020. Ordinals are not numbers here (not needed by the check).
- English number words: zero..nineteen, tens, hundred, thousand..trillion, hyphens
  ("twenty-five"), "and" inside ("one hundred and five"), "a hundred"/"a thousand", "X and a
  half", "three point five". Ordinals, "dozen", "once", "twice", "half" alone are not numbers.
- Chinese numerals: 〇零一二两三四五六七八九十百千万亿 (and 兩萬億): 十八, 二十五, 一百零五, 两千,
  三百五 (= 350, the colloquial elision), 一万五 (= 15000), 三点五 (= 3.5), 二〇二〇 (digit by
  digit), 三四 (two adjacent digits = "three or four": two numbers). Financial numerals (壹贰...)
  are not read: 拾 and 陆 are common words.
- Digits with a scale word: "3万", "1.5亿", "1,5 млн", "3 тыс.", "2 тысячи", "5 million"; digits
  with a half: "2 с половиной", "2 and a half".
- A sign word before a number: "минус 5", "minus five", "负五", "零下十" are negative (not after
  "плюс"/"plus"/"±", which make a tolerance, not a sign).

Ambiguity rules (each accepts a small, documented error rather than missing a changed number):

- English "a" alone is never a number; "a hundred", "a thousand", "a million" are.
- English "one" alone is a number (1) unless it is clearly the pronoun: after the, this, that,
  which, each, every, any, no, some, another, a, an, such, or before a modal verb or "another"
  ("one should", "one another"), or in "one by one", "one-way", "one-off". A unit right after it
  ("one year", "the one-year warranty") always makes it a number.
- Russian один/одна/одно... alone is a number unless in "ни один", "один и тот же", "одно и то
  же", "один за другим", "одним словом". Plural одни/одних are never numbers ("одни и те же").
  "семью" is 7 except after a possessive ("свою семью", family).
- Chinese 一 alone is a number only after 第 or before a unit or a measure word (次, 台, 个月, 年,
  ...): 一般, 一定, 一些, 一致, 统一 are words. A lone numeral that begins one of a few words is
  no count: 十分 ("very"; 十分钟 is a number), 十字, 十足, 二极管, 三极管, 三角, 四周, 五金, 一氧化,
  二氧化, 第三方. A numeral run that starts with 百/千/万/亿 without a coefficient is a word
  (万一, 千万, 百货). A numeral next to 几 is an approximation (十几, 几十) and is skipped.
  百分之/千分之 mark a percentage, not the number 100/1000 ("百分之五十" = 50 %).
- A lone "тысячи" is "thousands" or "of a thousand": not a number; "тысяча", "тысячу", "миллион",
  "миллиона" alone are 1000 / 1 000 000. English "thousand"/"hundred" alone are numbers too.
- Ambiguous separators: "1,500" or "1.500" (one separator, three digits after it, at most three
  before) is read both as 1.5 and as 1500 when comparing; NumberMention.value picks one only when
  `lang` says which (en/zh: "," groups, "." is decimal; ru: "," is decimal), else it is None.
  Several equal separators in groups of three ("1,234,567") group; "1,234.5" / "1.234,5" group
  and then mark the decimal; any other shape ("1.2.3", "01.02.2020") has no value.
  "10²" has no value (a square or a footnote), and compares only as written.

Numbers compared (`unsupported_numbers`): a claim number is supported by a quote number when

  (a) both are written the same way under verify's rules (group spaces ignored; "10²" != "102");
      or
  (b) at least one of them is spelled (words, CJK numerals, or digits with a scale word) and
      their values are equal (18 == eighteen == восемнадцать == 十八; "1,5 млн" == 1 500 000); or
  (c) both are digits, and some reading of their separators gives the same digits with the
      decimal mark in the same place: "1,5" == "1.5" (a Russian quote, an English claim),
      "1,500" == "1500" == "1 500", "1 000,5" == "1,000.5"; but "18" != "18.0", "1.5" != "1.50"
      and "18" != "18,000". Precision as written is kept: a model that writes "18.0" for "18"
      changed what the document says. This relaxes verify's "1,5" != "1.5" on purpose: an answer
      in English cites Russian documents, and the digits, decimal place and value are the same.
      The price: "pages 1,5" (a list without a space) supports a claim "1.5", and "1.500" and
      "1,500" support each other (each can be 1500).

`lang` (the claim's language) only settles NumberMention.value of "1,500"-like numbers; the
comparison always tries every reading, since the quote may be in another language.

Units (`units_in`, `unsupported_units`): UNIT_ALIASES maps each written form (lowercased) to a
canonical key, e.g. "мм"/"mm"/"毫米" -> "mm", "месяцев"/"months"/"个月" -> "month", so a unit
translated from the quote's language still matches. CASED_UNIT_ALIASES holds the forms that are
ordinary words in another case (A/a, В/в, с, m/M, Nm/nm...) and match only as written. In a claim
a unit counts only right after a number (attached, after one space or one hyphen: "5mm", "220 В",
"18-month", "十八个月", "10 %", "10°C"), or as a prefix ("百分之五十", "$5"): "с ним", "в доме",
"a manual", "I am" hold no unit. Russian "с" after a number is seconds unless an
instrumental word follows ("5 с лишним", "2 с ним"). "г" (грамм or год) and "т" are not read.
In the evidence (quote and chunk) a unit also counts where it stands alone as a word, since a
table header ("Давление, МПа"; "Voltage (V)") holds the unit of the number in a cell; single
letters and single CJK characters count there only attached to a number, or a single letter in
a header form: "(V)", "[A]", ", В" at the end of a text or before ")", ",", ";", ":", ".".
A claim "deg" (plain degrees) is supported by "deg", "degC" or "degF" in the evidence; "degC"
needs "degC" ("10 градусов" does not say Celsius).

Known limits: Russian decimals in words ("три целых пять десятых"), fractions ("三分之一" reads as
3 and 1; "one half" as 1), ordinals, "dozen", "пара", 半 ("一个半小时"), "3万5千" (two numbers,
30000 and 5000), financial numerals, and unit conversions (5 kW != 5000 W; 18 months != 1.5
years) are not handled: a claim number written so is reported (a false rejection), never
accepted by mistake - except ordinals ("third", "третий"), "dozen" and "пара", which are not
numbers here and so are not checked at all (第三 is: 三 is a numeral). 度 is read as
degrees, also where it means kWh (10度电). "¥" is read as CNY. Units not in the tables are
ignored (neither checked nor reported).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from pincite.answer.normalize import Normalized
from pincite.answer.spelled import HALF_AFTER, NUMBER_WORDS, FoundNumber, cjk_numbers, spelled_number, word_numbers
from pincite.answer.unitnames import (
    CASED_ANYWHERE,
    CASED_UNIT_ALIASES,
    PREFIX_UNITS,
    UNIT_ALIASES,
    loose_cached,
    original_text,
    unit_after,
    unit_anywhere_re,
    unit_at,
)
from pincite.text import lazyre

__all__ = [
    "NumberMention",
    "number_mentions",
    "units_in",
    "units_written",
    "unsupported_numbers",
    "unsupported_units",
]


@dataclass(frozen=True)
class NumberMention:
    """A number as written in a text.

    `start`/`end` index the text given to `number_mentions` (end exclusive) and `text` is that
    slice. `value` is its value when unambiguous, else None ("10²", "1.2.3", "1,500" without a
    language, "二三十"). `spelled` is True for words, CJK numerals and digits with a scale word.
    """

    text: str
    start: int
    end: int
    value: Decimal | None
    spelled: bool


# --- digits -----------------------------------------------------------------------------------

_SUPERSCRIPT_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
# verify._NUMBER on loose text (no-break/thin spaces are plain spaces, minus signs are "-"),
# with an optional superscript sign before the superscript digits ("10⁻³").
_DIGITS = lazyre.compile(
    r"(?:(?<!\w)-)?"
    r"(?:(?:\d{1,3}(?: \d{3})+(?!\d)|\d+)(?:[.,]\d+)*"
    r"|(?<![\w.,])\.\d+(?![.,]\d))"  # a decimal without its leading zero: ".4mm" is 0.4 mm
    rf"(?:[⁺⁻]?[{_SUPERSCRIPT_DIGITS}]+)?"
)
_GROUP_LANGS = frozenset({"en", "zh", "ja", "ko"})  # "," groups thousands, "." is the decimal mark
_DECIMAL_COMMA_LANGS = frozenset({"ru", "uk", "be", "de", "fr"})


def _digit_values(token: str) -> tuple[Decimal, ...]:
    """Every reading of a digit token (module docstring, "Ambiguous separators")."""
    body = token.replace(" ", "")
    sign = ""
    if body.startswith("-"):
        sign, body = "-", body[1:]
    if any(c in _SUPERSCRIPT_DIGITS or c in "⁺⁻" for c in body):
        return ()
    seps = re.findall(r"[.,]", body)
    parts = re.split(r"[.,]", body)
    if not seps:
        return (Decimal(sign + body),)
    if len(seps) == 1:
        decimal = Decimal(f"{sign}{parts[0]}.{parts[1]}")
        if len(parts[1]) == 3 and len(parts[0]) <= 3 and parts[0].lstrip("0"):
            return (decimal, Decimal(sign + parts[0] + parts[1]))
        return (decimal,)
    groups_ok = len(parts[0]) <= 3 and all(len(p) == 3 for p in parts[1:-1])
    if len(set(seps)) == 1 and groups_ok and len(parts[-1]) == 3:
        return (Decimal(sign + "".join(parts)),)
    if len(set(seps[:-1])) == 1 and seps[-1] != seps[0] and groups_ok:
        return (Decimal(f"{sign}{''.join(parts[:-1])}.{parts[-1]}"),)
    return ()


def _pick_value(token: str, values: tuple[Decimal, ...], lang: str | None) -> Decimal | None:
    """The one value of a digit token; for "1,500"/"1.500" the one `lang` reads, else None."""
    if len(values) <= 1:
        return values[0] if values else None
    decimal, grouped = values
    mark = "," if "," in token else "."
    base = (lang or "").lower().split("-")[0]
    if base in _GROUP_LANGS:
        return grouped if mark == "," else decimal
    if base in _DECIMAL_COMMA_LANGS:
        return decimal if mark == "," else None
    return None


def _digit_key(token: str) -> str:
    """verify's as-written form: no group spaces (minus signs are already "-" in loose text)."""
    return token.replace(" ", "")


# --- words: Russian and English ---------------------------------------------------------------


# --- digits followed by a scale word ("3万", "1,5 млн", "5 million") -------------------------

_SCALE_WORD_AFTER = lazyre.compile(
    r" ?(?:(тыс|млн|млрд|трлн)(?![\w])\.?|(тысяч[аиуе]?|тысячей|тысячам[и]?|тысячах|"
    r"(?:миллион|миллиард|триллион)(?:а|у|ом|е|ы|ов|ам|ами|ах)?|"
    r"hundred|thousand|million|billion|trillion)(?![\w]))"
)
_CJK_SCALE_AFTER = lazyre.compile(r"[百千万萬亿億]+")
_CJK_SCALES = {"十": 10, "百": 100, "千": 1000, "万": 10**4, "萬": 10**4, "亿": 10**8, "億": 10**8}


def _digit_numbers(n: Normalized, original: str, lang: str | None) -> list[FoundNumber]:
    """Digit numbers; with a scale word, "с половиной"/"and a half" or a sign word they are
    "mixed" (compared by value, like spelled numbers)."""
    return [_digit_number(n, original, m, lang) for m in _DIGITS.finditer(n.text)
            if not (m.group() in ("2", "3") and _AREA_VOLUME_BEFORE.search(n.text, 0, m.start()))]


#: "m3", "мм2": a 2 or 3 glued to a length unit is its exponent (square, cubic), not a number.
_AREA_VOLUME_BEFORE = lazyre.compile(r"(?:^|[^\w])(?:m|cm|mm|km|dm|м|см|мм|км|дм)$")


def _digit_number(n: Normalized, original: str, m: re.Match[str], lang: str | None) -> FoundNumber:
    text, token = n.text, m.group()
    values = _digit_values(token)
    value = _pick_value(token, values, lang)
    end, factor, half = m.end(), None, HALF_AFTER.match(text, m.end())
    scaled = _scale_after(n, original, m.end()) if values else None
    if scaled is not None:
        end, factor = scaled
        values = tuple(v * factor for v in values)
        value = value * factor if value is not None else None
    elif half and value is not None and value == value.to_integral_value():
        end, values, value = half.end(), (value + Decimal("0.5"),), value + Decimal("0.5")
    f = spelled_number(text, m.start(), end, value, kind="mixed", values=values)
    if f.start == m.start() and end == m.end():
        return FoundNumber(m.start(), m.end(), "digit", _digit_key(token), values, value)
    if factor is not None:  # "1,5 млн": key by the digits as written and the factor
        sign = "-" if f.start < m.start() else ""
        return FoundNumber(f.start, f.end, "mixed", f"{sign}{_digit_key(token)}×{factor}",
                      f.values, f.value)
    return f


def _scale_after(n: Normalized, original: str, pos: int) -> tuple[int, Decimal] | None:
    """A scale word right after digits: (end, factor); a CJK unit such as 千瓦 wins over 千."""
    text = n.text
    m = _SCALE_WORD_AFTER.match(text, pos)
    if m:
        return m.end(), NUMBER_WORDS[m.group(1) or m.group(2)].value
    m = _CJK_SCALE_AFTER.match(text, pos)
    if not m:
        return None
    end = m.end()
    if text[end - 1] == "千" and unit_at(n, original, end - 1) is not None:
        end -= 1
    if end == pos:
        return None
    factor = Decimal(1)
    for ch in text[pos:end]:
        factor *= _CJK_SCALES[ch]
    return end, factor


# --- Chinese numerals -------------------------------------------------------------------------


# --- all numbers ------------------------------------------------------------------------------


def _find(text: str, lang: str | None) -> list[FoundNumber]:
    n = loose_cached(text)
    digits = _digit_numbers(n, text, lang)
    taken = [(f.start, f.end) for f in digits]
    words = word_numbers(n.text, taken)
    taken = sorted(taken + [(f.start, f.end) for f in words])
    cjk = cjk_numbers(n, text, taken)
    return sorted(digits + words + cjk, key=lambda f: f.start)


def number_mentions(text: str, lang: str | None = None) -> list[NumberMention]:
    """Every number written in `text`, in order (module docstring: forms and ambiguity rules).

    `lang` only settles the value of "1,500"-like digit groups (en/zh: 1500; ru: 1.5).
    """
    n = loose_cached(text)
    mentions = []
    for f in _find(text, lang):
        start, end = n.span_to_source(f.start, f.end)
        mentions.append(NumberMention(text[start:end], start, end, f.value, f.spelled))
    return mentions


def unsupported_numbers(claim: str, quote: str, lang: str | None = None) -> list[str]:
    """The claim's numbers, as written in the claim, that no number of the quote supports.

    Supported means rule (a), (b) or (c) of the module docstring. Each text is listed once, in
    the order of the claim. `lang` is the claim's language; it does not change the outcome.
    """
    available = _find(quote or "", None)
    n = loose_cached(claim or "")
    missing: list[str] = []
    for f in _find(claim or "", lang):
        if any(_supports(q, f) for q in available):
            continue
        start, end = n.span_to_source(f.start, f.end)
        if claim[start:end] not in missing:
            missing.append(claim[start:end])
    return missing


def _supports(q: FoundNumber, c: FoundNumber) -> bool:
    if q.key == c.key:  # (a) as written
        return True
    if c.spelled or q.spelled:  # (b) equal values
        return any(a == b for a in c.values for b in q.values)
    # (c) digits: same digits, decimal mark in the same place, under some reading of separators
    return any(a.as_tuple() == b.as_tuple() for a in c.values for b in q.values)


# --- units ------------------------------------------------------------------------------------


def _units_after_numbers(text: str) -> list[tuple[int, str]]:
    n = loose_cached(text)
    units = []
    for f in _find(text, None):
        key = unit_after(n, text, f.end)
        for prefix, prefix_key in PREFIX_UNITS.items():
            if n.text.endswith(prefix, 0, f.start) or n.text.endswith(prefix + " ", 0, f.start):
                units.append((f.start, prefix_key))
        if key is not None:
            units.append((f.end, key))
    return sorted(units)


def units_in(text: str, lang: str | None = None) -> list[str]:
    """Canonical keys of the units written right after (or, for 百分之 and currency signs,
    right before) a number of `text`, one per occurrence, in order. `lang` is not needed:
    every language's forms are read."""
    return [key for _, key in _units_after_numbers(text)]


def _evidence_units(text: str) -> set[str]:
    """Units in an evidence text: after a number, or standing alone as a word (module docstring)."""
    n = loose_cached(text)
    keys = {key for _, key in _units_after_numbers(text)}
    keys.update(UNIT_ALIASES[m.group()] for m in unit_anywhere_re().finditer(n.text))
    for alias, pattern in CASED_ANYWHERE:
        key = CASED_UNIT_ALIASES[alias]
        if key not in keys and any(original_text(n, text, m.start(), m.end()) == alias
                                   for m in pattern.finditer(n.text)):
            keys.add(key)
    return keys


def units_written(text: str) -> set[str]:
    """Canonical keys (UNIT_ALIASES' values) of every unit `text` writes, after a number or
    standing alone as a word, by the evidence rule of the module docstring ("Units"): "На
    сколько киловатт …" -> {"kW"}, "…重多少公斤？" -> {"kg"}."""
    return set(_evidence_units(text))


def unsupported_units(claim: str, evidence: str | list[str], lang: str | None = None
                      ) -> list[str]:
    """Canonical units of the claim (`units_in`) that no evidence text (quote, chunk) holds.

    Each key is listed once, in the claim's order. A claim's plain "deg" is supported by deg,
    degC or degF in the evidence.
    """
    texts = [evidence] if isinstance(evidence, str) else list(evidence)
    available: set[str] = set()
    for t in texts:
        available |= _evidence_units(t or "")
    if available & {"degC", "degF"}:
        available.add("deg")
    missing: list[str] = []
    for key in units_in(claim, lang):
        if key not in available and key not in missing:
            missing.append(key)
    return missing
