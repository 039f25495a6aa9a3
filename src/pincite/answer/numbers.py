"""Numbers and units in a claim, found and checked against its quote (server-side checks).

This module owns finding the numbers of a text - written in digits, in Russian or English words,
or in Chinese numerals - with their values, and the units written after them; and the two checks
built on that: every number of a claim stands in its quote (`unsupported_numbers`), every unit of
a claim stands in its quote or its chunk (`unsupported_units`). It must not look anywhere else:
it gets the texts to compare and knows nothing of chunks, pages or models. It never uses float.

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

import bisect
import functools
import re
import sys
import unicodedata
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from typing import Literal

from pincite.answer.normalize import Normalized, loose
from pincite.text.cjk import is_cjk

__all__ = [
    "CASED_UNIT_ALIASES",
    "NumberMention",
    "UNIT_ALIASES",
    "number_mentions",
    "units_in",
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


Kind = Literal["digit", "spelled", "mixed"]


@dataclass(frozen=True)
class _Found:
    """A number found in the loose-normalised text: span there, comparison data."""

    start: int
    end: int
    kind: Kind
    key: str  # as-written comparison form
    values: tuple[Decimal, ...]  # every reading of it (two for "1,500"), () when unknown
    value: Decimal | None  # the reading `lang` settles on, or the only one

    @property
    def spelled(self) -> bool:
        return self.kind != "digit"


# --- digits -----------------------------------------------------------------------------------

_SUPERSCRIPT_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
# verify._NUMBER on loose text (no-break/thin spaces are plain spaces, minus signs are "-"),
# with an optional superscript sign before the superscript digits ("10⁻³").
_DIGITS = re.compile(
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

@dataclass(frozen=True)
class _Word:
    """A number word. kind: zero, unit (1-9), teen (10-19), ten (20-90), hundreds (ru 100-900),
    hundred (en multiplier), scale (1000...), half (полтора). `alone`: may stand without a
    coefficient ("тысяча" yes, "тысячи" no)."""

    kind: str
    value: Decimal
    alone: bool = True


def _forms(spec: str, kind: str, value: int | str, alone: bool = True) -> dict[str, _Word]:
    return {form: _Word(kind, Decimal(value), alone) for form in spec.split()}


def _ru_teen(stem: str) -> str:
    """пятнадцать -> "пятнадцать пятнадцати пятнадцатью"."""
    return f"{stem}ь {stem}и {stem}ью"


_RU_WORDS: dict[str, _Word] = {
    **_forms("ноль нуль ноля нуля нолю нулю нолем нулем ноле нуле", "zero", 0),
    **_forms("один одна одно одного одной одному одну одним одном одною", "unit", 1),
    **_forms("два две двух двум двумя", "unit", 2),
    **_forms("три трех трем тремя", "unit", 3),
    **_forms("четыре четырех четырем четырьмя", "unit", 4),
    **_forms("пять пяти пятью", "unit", 5),
    **_forms("шесть шести шестью", "unit", 6),
    **_forms("семь семи семью", "unit", 7),
    **_forms("восемь восьми восемью восьмью", "unit", 8),
    **_forms("девять девяти девятью", "unit", 9),
    **_forms("двое двоих двоим двоими", "unit", 2),
    **_forms("трое троих троим троими", "unit", 3),
    **_forms("четверо четверых четверым четверыми", "unit", 4),
    **_forms("пятеро пятерых пятерым пятерыми", "unit", 5),
    **_forms("шестеро шестерых шестерым шестерыми", "unit", 6),
    **_forms("семеро семерых семерым семерыми", "unit", 7),
    **_forms(_ru_teen("десят"), "teen", 10),
    **{f: w for i, stem in enumerate(
        "одиннадцат двенадцат тринадцат четырнадцат пятнадцат шестнадцат семнадцат "
        "восемнадцат девятнадцат".split(), start=11)
       for f, w in _forms(_ru_teen(stem), "teen", i).items()},
    **_forms(_ru_teen("двадцат"), "ten", 20),
    **_forms(_ru_teen("тридцат"), "ten", 30),
    **_forms("сорок сорока", "ten", 40),
    **_forms("пятьдесят пятидесяти пятьюдесятью", "ten", 50),
    **_forms("шестьдесят шестидесяти шестьюдесятью", "ten", 60),
    **_forms("семьдесят семидесяти семьюдесятью", "ten", 70),
    **_forms("восемьдесят восьмидесяти восемьюдесятью восьмьюдесятью", "ten", 80),
    **_forms("девяносто девяноста", "ten", 90),
    **_forms("сто ста", "hundreds", 100),
    **_forms("полтораста полутораста", "hundreds", 150),
    **_forms("двести двухсот двумстам двумястами двухстах", "hundreds", 200),
    **_forms("триста трехсот тремстам тремястами трехстах", "hundreds", 300),
    **_forms("четыреста четырехсот четыремстам четырьмястами четырехстах", "hundreds", 400),
    **{f: w for i, (nom, obl, ins) in enumerate((
        ("пятьсот", "пят", "пятью"), ("шестьсот", "шест", "шестью"), ("семьсот", "сем", "семью"),
        ("восемьсот", "восьм", "восемью восьмью"), ("девятьсот", "девят", "девятью")), start=5)
       for f, w in _forms(
           f"{nom} {obl}исот {obl}истам {obl}истах "
           + " ".join(f"{x}стами" for x in ins.split()), "hundreds", i * 100).items()},
    **_forms("полтора полторы полутора", "half", "1.5"),
    **_forms("тысяча тысяче тысячу тысячей тысячею", "scale", 1000),
    **_forms("тысячи тысяч тысячам тысячами тысячах тыс", "scale", 1000, alone=False),
}
for _stem, _value in (("миллион", 10**6), ("миллиард", 10**9), ("триллион", 10**12)):
    _RU_WORDS.update(_forms(f"{_stem} {_stem}а {_stem}у {_stem}ом {_stem}е", "scale", _value))
    _RU_WORDS.update(_forms(f"{_stem}ы {_stem}ов {_stem}ам {_stem}ами {_stem}ах", "scale", _value,
                            alone=False))
_RU_WORDS.update(_forms("млн", "scale", 10**6, alone=False))
_RU_WORDS.update(_forms("млрд", "scale", 10**9, alone=False))
_RU_WORDS.update(_forms("трлн", "scale", 10**12, alone=False))

_EN_WORDS: dict[str, _Word] = {
    **_forms("zero nought", "zero", 0),
    **{w: _Word("unit", Decimal(i)) for i, w in enumerate(
        "one two three four five six seven eight nine".split(), start=1)},
    **{w: _Word("teen", Decimal(i)) for i, w in enumerate(
        "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split(),
        start=10)},
    **{w: _Word("ten", Decimal(i * 10)) for i, w in enumerate(
        "twenty thirty forty fifty sixty seventy eighty ninety".split(), start=2)},
    **_forms("hundred", "hundred", 100),
    **_forms("thousand", "scale", 1000),
    **_forms("million", "scale", 10**6),
    **_forms("billion", "scale", 10**9),
    **_forms("trillion", "scale", 10**12),
}
_NUMBER_WORDS: dict[str, _Word] = {**_RU_WORDS, **_EN_WORDS}
_EN_DIGIT_WORDS = {w: int(v.value) for w, v in _EN_WORDS.items()
                   if v.kind in ("zero", "unit") and w != "nought"}
_SCALE_AFTER_A = frozenset({"hundred", "thousand", "million", "billion", "trillion"})

_WORD = re.compile(r"[a-z\u00df-\u024f\u0400-\u052f]+")
_LETTER_CLASS = r"a-zA-Z\u00c0-\u024f\u0370-\u03ff\u0400-\u052f"  # Latin, Greek, Cyrillic
_LETTER = re.compile(f"[{_LETTER_CLASS}]")

# Pronoun "one" / "один" (module docstring, "Ambiguity rules").
_ONE_BEFORE = frozenset("the this that which each every any no some another a an such".split())
_ONE_AFTER = frozenset(
    "should must can cannot could may might would will shall needs ought another".split())
_ONE_HYPHEN_AFTER = frozenset("way off shot liner".split())
_RU_ONE_FORMS = frozenset(w for w, v in _RU_WORDS.items() if v.kind == "unit" and v.value == 1
                          and w.startswith(("один", "одн")))
_RU_ONE_SAME = re.compile(r"^ и (?:то|тот|та|те|того|той|тому|тем|том|ту|тех|теми)\b")
_RU_ONE_NOT_AFTER = re.compile(r"^ за (?:другим|другой|другою|другому|другого)\b|^ словом\b")
#: A Russian word in the instrumental case right after a lone "с": then "с" is the preposition
#: "with" ("5 с лишним", "2 с ним"), not the unit second. Used here and by answer.calc.
RU_INSTRUMENTAL = re.compile(
    r" (?:[а-я]+(?:ом|ем|ой|ей|ою|ею|ами|ями|им|ым|ью)|ним|ней|ними|нами|вами|мной|тобой|собой)\b")

_HALF_AFTER = re.compile(r" (?:and a half|с половиной)(?![\w])")
_SIGN_BEFORE = re.compile(r"(?<![\w-])(?:минус|minus) $|(?:负|零下)$")
_TOLERANCE_BEFORE = re.compile(r"(?:плюс|plus)(?:-| or | или |/)$|±$")


class _Group:
    """Accumulates number words left to right; says whether the next word continues the number."""

    def __init__(self) -> None:
        self.total = Decimal(0)
        self.hundreds: Decimal | None = None
        self.tens: Decimal | None = None
        self.units: Decimal | None = None
        self.teen = False
        self.last_scale: Decimal | None = None
        self.last_kind: str | None = None
        self.count = 0
        self.closed = False  # after zero
        self.only_scale = False  # after полтора

    def empty(self) -> bool:
        return self.hundreds is None and self.tens is None and self.units is None

    def small(self) -> Decimal:
        return sum((x for x in (self.hundreds, self.tens, self.units) if x is not None), Decimal(0))

    def value(self) -> Decimal:
        return self.total + self.small()

    def accepts(self, w: _Word) -> bool:
        if self.closed:
            return False
        if w.kind == "scale":
            smaller = self.last_scale is None or w.value < self.last_scale
            return smaller and (not self.empty() or (self.count == 0 and w.alone))
        if self.only_scale:
            return False
        if w.kind in ("zero", "half"):
            return self.count == 0
        if w.kind == "unit":
            return self.units is None
        if w.kind in ("teen", "ten"):
            return self.tens is None and self.units is None
        if w.kind == "hundreds":
            return self.empty()
        if w.kind == "hundred":  # English multiplier: "five hundred", "fifteen hundred"
            return self.hundreds is None and (self.tens is None or self.teen)
        return False

    def add(self, w: _Word) -> None:
        self.count += 1
        self.last_kind = w.kind
        if w.kind == "scale":
            self.total += (self.small() if not self.empty() else Decimal(1)) * w.value
            self.hundreds = self.tens = self.units = None
            self.teen = self.only_scale = False
            self.last_scale = w.value
        elif w.kind == "zero":
            self.units, self.closed = w.value, True
        elif w.kind == "half":
            self.units, self.only_scale = w.value, True
        elif w.kind == "unit":
            self.units = w.value
        elif w.kind == "teen":
            self.tens, self.units, self.teen = w.value, Decimal(0), True
        elif w.kind == "ten":
            self.tens = w.value
        elif w.kind == "hundreds":
            self.hundreds = w.value
        elif w.kind == "hundred":
            base = self.small() if not self.empty() else Decimal(1)
            self.hundreds, self.tens, self.units, self.teen = base * 100, None, None, False


def _word_numbers(text: str, taken: list[tuple[int, int]]) -> list[_Found]:
    """Russian and English number words in loose text, outside the spans already taken."""
    tokens = [m for m in _WORD.finditer(text) if not _inside(m.start(), taken)]
    found: list[_Found] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i].group()
        a_scale = tok == "a" and i + 1 < len(tokens) and _joined(text, tokens[i], tokens[i + 1]) \
            and tokens[i + 1].group() in _SCALE_AFTER_A
        if tok not in _NUMBER_WORDS and not a_scale:
            i += 1
            continue
        group, j = _Group(), i
        if a_scale:
            group.add(_Word("unit", Decimal(1)))
            j += 1
        j = _extend(text, tokens, j, group)
        if group.count == 0:  # "тысячи" alone: not a number
            i += 1
            continue
        start, end = tokens[i].start(), tokens[j - 1].end()
        value = group.value()
        end, value = _decimal_tail(text, tokens, j, end, value, group)
        half = _HALF_AFTER.match(text, end)
        if half and value == value.to_integral_value() and group.last_kind != "zero":
            end, value = half.end(), value + Decimal("0.5")
        j = max(j, _next_token_index(tokens, end, j))
        if j - i == 1 and _is_word_not_number(text, tokens[i]):
            i = j
            continue
        found.append(_spelled(text, start, end, value))
        i = j
    return found


def _extend(text: str, tokens: list[re.Match[str]], j: int, group: _Group) -> int:
    """Add the number words from tokens[j] on while they continue the number; the next index."""
    while j < len(tokens):
        if group.count and not _joined(text, tokens[j - 1], tokens[j]):
            break
        tok = tokens[j].group()
        if tok == "and" and group.last_kind in ("hundred", "scale") and j + 1 < len(tokens) \
                and _joined(text, tokens[j], tokens[j + 1]):
            nxt = _NUMBER_WORDS.get(tokens[j + 1].group())
            if nxt is not None and nxt.kind in ("unit", "teen", "ten") and group.accepts(nxt):
                group.add(nxt)
                j += 2
                continue
        w = _NUMBER_WORDS.get(tok)
        if w is None or not group.accepts(w):
            break
        group.add(w)
        j += 1
    return j


def _decimal_tail(text: str, tokens: list[re.Match[str]], j: int, end: int, value: Decimal,
                  group: _Group) -> tuple[int, Decimal]:
    """English "three point five": single digit words after "point" are decimals."""
    if j >= len(tokens) or tokens[j].group() != "point" or group.only_scale \
            or not _joined(text, tokens[j - 1], tokens[j]):
        return end, value
    digits = []
    k = j + 1
    while k < len(tokens) and tokens[k].group() in _EN_DIGIT_WORDS \
            and _joined(text, tokens[k - 1], tokens[k]):
        digits.append(str(_EN_DIGIT_WORDS[tokens[k].group()]))
        k += 1
    if not digits:
        return end, value
    return tokens[k - 1].end(), value + Decimal("0." + "".join(digits))


def _next_token_index(tokens: list[re.Match[str]], end: int, j: int) -> int:
    while j < len(tokens) and tokens[j].start() < end:
        j += 1
    return j


def _joined(text: str, left: re.Match[str], right: re.Match[str]) -> bool:
    """Two words belong to one number only when one space or one hyphen separates them."""
    return text[left.end():right.start()] in (" ", "-")


def _inside(pos: int, spans: list[tuple[int, int]]) -> bool:
    """Is pos inside one of the sorted, disjoint spans?"""
    k = bisect.bisect_right(spans, (pos, sys.maxsize)) - 1
    return k >= 0 and spans[k][0] <= pos < spans[k][1]


def _before(text: str, pos: int, width: int = 24) -> str:
    """The few characters before pos: context checks never look further (and stay linear)."""
    return text[max(0, pos - width):pos]


def _is_word_not_number(text: str, token: re.Match[str]) -> bool:
    """A lone number word used otherwise: "one"/"один" as a pronoun or "same", "свою семью"
    (family) - module docstring."""
    word, after = token.group(), text[token.end():token.end() + 40]
    if word == "семью":
        return bool(re.search(r"(?:свою|мою|твою|нашу|вашу|всю|его|ее|их) $",
                              _before(text, token.start())))
    if _unit_after_text(text, token.end()) is not None:
        return False
    if word == "one":
        before = re.search(r"([a-z]+) $", _before(text, token.start()))
        nxt = re.match(r" ([a-z]+)|-([a-z]+)", after)
        if before and before.group(1) in _ONE_BEFORE:
            return True
        if text.startswith(" by one", token.end()) or text.endswith("one by ", 0, token.start()):
            return True
        if nxt and nxt.group(1) in _ONE_AFTER:
            return True
        return bool(nxt and nxt.group(2) in _ONE_HYPHEN_AFTER)
    if word in _RU_ONE_FORMS:
        if re.search(r"(?<![а-я])ни $", _before(text, token.start())):
            return True
        return bool(_RU_ONE_SAME.match(after) or _RU_ONE_NOT_AFTER.match(after))
    return False


def _spelled(text: str, start: int, end: int, value: Decimal | None,
             kind: Kind = "spelled", values: tuple[Decimal, ...] | None = None) -> _Found:
    """A spelled (or mixed) number, with a sign word before it applied."""
    before = _before(text, start)
    sign = _SIGN_BEFORE.search(before)
    if sign and not _TOLERANCE_BEFORE.search(before[:sign.start()]):
        start -= len(before) - sign.start()
        value = -value if value is not None else None
        values = tuple(-v for v in values) if values is not None else None
    if value is not None:
        value = _plain(value)
    values = tuple(_plain(v) for v in values) if values is not None else \
        ((value,) if value is not None else ())
    return _Found(start, end, kind, _word_key(text[start:end]), values, value)


def _plain(value: Decimal) -> Decimal:
    """1500.0 -> 1500: a value computed from words carries no written precision."""
    return value.quantize(Decimal(1)) if value == value.to_integral_value() else value.normalize()


def _word_key(written: str) -> str:
    return re.sub(r"[ -]", "", written)


# --- digits followed by a scale word ("3万", "1,5 млн", "5 million") -------------------------

_SCALE_WORD_AFTER = re.compile(
    r" ?(?:(тыс|млн|млрд|трлн)(?![\w])\.?|(тысяч[аиуе]?|тысячей|тысячам[и]?|тысячах|"
    r"(?:миллион|миллиард|триллион)(?:а|у|ом|е|ы|ов|ам|ами|ах)?|"
    r"hundred|thousand|million|billion|trillion)(?![\w]))"
)
_CJK_SCALE_AFTER = re.compile(r"[百千万萬亿億]+")
_CJK_SCALES = {"十": 10, "百": 100, "千": 1000, "万": 10**4, "萬": 10**4, "亿": 10**8, "億": 10**8}


def _digit_numbers(n: Normalized, original: str, lang: str | None) -> list[_Found]:
    """Digit numbers; with a scale word, "с половиной"/"and a half" or a sign word they are
    "mixed" (compared by value, like spelled numbers)."""
    return [_digit_number(n, original, m, lang) for m in _DIGITS.finditer(n.text)
            if not (m.group() in ("2", "3") and _AREA_VOLUME_BEFORE.search(n.text, 0, m.start()))]


#: "m3", "мм2": a 2 or 3 glued to a length unit is its exponent (square, cubic), not a number.
_AREA_VOLUME_BEFORE = re.compile(r"(?:^|[^\w])(?:m|cm|mm|km|dm|м|см|мм|км|дм)$")


def _digit_number(n: Normalized, original: str, m: re.Match[str], lang: str | None) -> _Found:
    text, token = n.text, m.group()
    values = _digit_values(token)
    value = _pick_value(token, values, lang)
    end, factor, half = m.end(), None, _HALF_AFTER.match(text, m.end())
    scaled = _scale_after(n, original, m.end()) if values else None
    if scaled is not None:
        end, factor = scaled
        values = tuple(v * factor for v in values)
        value = value * factor if value is not None else None
    elif half and value is not None and value == value.to_integral_value():
        end, values, value = half.end(), (value + Decimal("0.5"),), value + Decimal("0.5")
    f = _spelled(text, m.start(), end, value, kind="mixed", values=values)
    if f.start == m.start() and end == m.end():
        return _Found(m.start(), m.end(), "digit", _digit_key(token), values, value)
    if factor is not None:  # "1,5 млн": key by the digits as written and the factor
        sign = "-" if f.start < m.start() else ""
        return _Found(f.start, f.end, "mixed", f"{sign}{_digit_key(token)}×{factor}",
                      f.values, f.value)
    return f


def _scale_after(n: Normalized, original: str, pos: int) -> tuple[int, Decimal] | None:
    """A scale word right after digits: (end, factor); a CJK unit such as 千瓦 wins over 千."""
    text = n.text
    m = _SCALE_WORD_AFTER.match(text, pos)
    if m:
        return m.end(), _NUMBER_WORDS[m.group(1) or m.group(2)].value
    m = _CJK_SCALE_AFTER.match(text, pos)
    if not m:
        return None
    end = m.end()
    if text[end - 1] == "千" and _unit_at(n, original, end - 1) is not None:
        end -= 1
    if end == pos:
        return None
    factor = Decimal(1)
    for ch in text[pos:end]:
        factor *= _CJK_SCALES[ch]
    return end, factor


# --- Chinese numerals -------------------------------------------------------------------------

_CJK_DIGITS = {"〇": 0, "零": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5,
               "六": 6, "七": 7, "八": 8, "九": 9}
_CJK_SMALL = {"十": 10, "百": 100, "千": 1000}
_CJK_BIG = {"万": 10**4, "萬": 10**4, "亿": 10**8, "億": 10**8}
_CJK_RUN = re.compile(
    "[〇零一二两兩三四五六七八九十百千万萬亿億]+(?:[点點][〇零一二三四五六七八九]+)?")
# Measure words that make a lone 一 a count (一次, 一台...); units (一年, 一个月) count too.
_MEASURE_WORDS = frozenset("次台件只套组根条张块名位人倍层对片颗枚节批项份辆把支道处种类")
# Words that begin with a numeral but name no count; 十分 is "very" (十分钟, 十分之 are numbers).
_CJK_WORDS = ("十分", "十字", "十足", "二极管", "三极管", "三角", "四周", "五金",
              "一氧化", "二氧化")


def _cjk_numbers(n: Normalized, original: str, taken: list[tuple[int, int]]) -> list[_Found]:
    text = n.text
    found: list[_Found] = []
    for m in _CJK_RUN.finditer(text):
        if _inside(m.start(), taken):
            continue
        start, run = m.start(), m.group()
        end = m.end()
        if run.endswith("千") and "点" not in run and _unit_at(n, original, end - 1):
            run, end = run[:-1], end - 1  # 五千瓦 is 5 kW
        if not run or _cjk_is_word(text, start, end, run):
            continue
        if len(run) == 2 and all(c in _CJK_DIGITS and _CJK_DIGITS[c] for c in run):
            # 三四天: "three or four days", two numbers
            found.append(_spelled(text, start, start + 1, Decimal(_CJK_DIGITS[run[0]])))
            found.append(_spelled(text, start + 1, end, Decimal(_CJK_DIGITS[run[1]])))
            continue
        if run == "一" and not _lone_one_counts(n, original, start, end):
            continue
        found.append(_spelled(text, start, end, _cjk_value(run)))
    return found


def _cjk_is_word(text: str, start: int, end: int, run: str) -> bool:
    """Numeral characters that here are a word or a marker (module docstring)."""
    after, before = text[end:end + 2], text[max(0, start - 1):start]
    if run[0] in "百千万萬亿億":
        return True  # 万一, 千万, 百货, and the 百 of 百分之
    if run == "零" and after.startswith("下"):
        return True  # 零下 is a sign
    if any(text.startswith(w, start) for w in _CJK_WORDS) and len(run) == 1 \
            and not after.startswith(("分钟", "分之")):
        return True
    if run == "三" and before == "第" and after.startswith("方"):
        return True  # 第三方: "third-party"
    return after.startswith("几") or before == "几"


def _lone_one_counts(n: Normalized, original: str, start: int, end: int) -> bool:
    text = n.text
    if start > 0 and text[start - 1] == "第":
        return True
    if end < len(text) and text[end] in _MEASURE_WORDS:
        return True
    return _unit_at(n, original, end) is not None


def _cjk_value(run: str) -> Decimal | None:
    """Value of a Chinese numeral run, or None when it is not a well-formed number."""
    run = run.replace("點", "点")
    whole, _, frac = run.partition("点")
    integer = _cjk_integer(whole)
    if integer is None:
        return None
    if not frac:
        return Decimal(integer)
    return Decimal(f"{integer}." + "".join(str(_CJK_DIGITS[c]) for c in frac))


def _cjk_integer(s: str) -> int | None:
    if not s:
        return None
    if all(c in _CJK_DIGITS for c in s):  # 二〇二〇, 五
        return int("".join(str(_CJK_DIGITS[c]) for c in s)) if "两" not in s[1:] else None
    for big_char in ("亿", "億", "万", "萬"):
        if big_char in s:
            k = s.rindex(big_char)
            left, right = s[:k], s[k + 1:]
            big = _CJK_BIG[big_char]
            left_value = _cjk_integer(left)
            if left_value is None:
                return None
            if not right:
                return left_value * big
            if len(right) == 1 and right in _CJK_DIGITS and _CJK_DIGITS[right]:
                return left_value * big + _CJK_DIGITS[right] * big // 10  # 一万五 = 15000
            right_value = _cjk_integer(right.lstrip("〇零")) if right.lstrip("〇零") else 0
            if right_value is None or right_value >= big:
                return None
            return left_value * big + right_value
    return _cjk_section(s)


def _cjk_section(s: str) -> int | None:
    """A number below 10000 written with 十百千 (or digits only), 零 gaps allowed."""
    if not s:
        return 0
    total, number, last_unit, gap = 0, None, None, False
    for ch in s:
        if ch in ("〇", "零"):
            if number is not None:
                return None
            gap = True
        elif ch in _CJK_DIGITS:
            if number is not None:
                return None  # 二三十: an approximation, no single value
            number = _CJK_DIGITS[ch]
        elif ch in _CJK_SMALL:
            unit = _CJK_SMALL[ch]
            if last_unit is not None and unit >= last_unit:
                return None
            if number is None:
                if unit != 10:
                    return None
                number = 1  # 十八, 一百十
            total += number * unit
            number, last_unit, gap = None, unit, False
        else:
            return None
    if number is not None:
        if last_unit is not None and last_unit > 10 and not gap:  # elided: 三百五 = 350
            total += number * (last_unit // 10)
        else:
            total += number
    return total


# --- all numbers ------------------------------------------------------------------------------

@lru_cache(maxsize=256)
def _loose(text: str) -> Normalized:
    return loose(text)


def _find(text: str, lang: str | None) -> list[_Found]:
    n = _loose(text)
    digits = _digit_numbers(n, text, lang)
    taken = [(f.start, f.end) for f in digits]
    words = _word_numbers(n.text, taken)
    taken = sorted(taken + [(f.start, f.end) for f in words])
    cjk = _cjk_numbers(n, text, taken)
    return sorted(digits + words + cjk, key=lambda f: f.start)


def number_mentions(text: str, lang: str | None = None) -> list[NumberMention]:
    """Every number written in `text`, in order (module docstring: forms and ambiguity rules).

    `lang` only settles the value of "1,500"-like digit groups (en/zh: 1500; ru: 1.5).
    """
    n = _loose(text)
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
    n = _loose(claim or "")
    missing: list[str] = []
    for f in _find(claim or "", lang):
        if any(_supports(q, f) for q in available):
            continue
        start, end = n.span_to_source(f.start, f.end)
        if claim[start:end] not in missing:
            missing.append(claim[start:end])
    return missing


def _supports(q: _Found, c: _Found) -> bool:
    if q.key == c.key:  # (a) as written
        return True
    if c.spelled or q.spelled:  # (b) equal values
        return any(a == b for a in c.values for b in q.values)
    # (c) digits: same digits, decimal mark in the same place, under some reading of separators
    return any(a.as_tuple() == b.as_tuple() for a in c.values for b in q.values)


# --- units ------------------------------------------------------------------------------------

def _ru(stem: str, endings: str) -> str:
    """_ru("метр", "- а ов") -> "метр метра метров" ("-" is the bare stem)."""
    return " ".join(stem + ("" if e == "-" else e) for e in endings.split())


_NOUN_M = "- а у ом е ы ов ам ами ах"  # метр, вольт, процент...
_UNIT_SPEC: dict[str, str] = {
    # key: space-separated written forms, lowercased (after loose(): ё -> е, "℃" -> "°c")
    "mm": "mm мм 毫米 millimetre millimetres millimeter millimeters " + _ru("миллиметр", _NOUN_M),
    "cm": "cm см 厘米 centimetre centimetres centimeter centimeters " + _ru("сантиметр", _NOUN_M),
    "m": "米 metre metres meter meters " + _ru("метр", _NOUN_M),
    "km": "km км 公里 千米 kilometre kilometres kilometer kilometers " + _ru("километр", _NOUN_M),
    "um": "μm мкм 微米 micrometre micrometres micron microns " + _ru("микрон", _NOUN_M),
    "nm": "纳米 nanometre nanometres nanometer nanometers " + _ru("нанометр", _NOUN_M),
    "mm2": "mm² mm2 мм² мм2 平方毫米",
    "m2": "m² м² m2 м2 平方米 кв.м",
    "m3": "m³ м³ m3 м3 立方米 куб.м",
    "L": "升 litre litres liter liters " + _ru("литр", _NOUN_M),
    "mL": "ml мл 毫升 millilitre millilitres milliliter milliliters " + _ru("миллилитр", _NOUN_M),
    "kg": "kg кг 公斤 千克 kilogram kilograms kilogramme kilogrammes " + _ru("килограмм", _NOUN_M),
    "g": "克 gram grams gramme grammes " + _ru("грамм", _NOUN_M),
    "t": "吨 tonne tonnes " + _ru("тонн", "а ы е у ой ам ами ах -"),
    "N": "newton newtons " + _ru("ньютон", _NOUN_M),
    "N·m": "n·m н·м n⋅m н⋅м n*m н*м n.m н.м newton-metre newton-metres 牛·米 牛米",
    "Pa": "帕 pascal pascals " + _ru("паскал", "ь я ей ю ем ям ях"),
    "kPa": "kpa кпа 千帕 kilopascal kilopascals " + _ru("килопаскал", "ь я ей ю ем ям ях"),
    "MPa": "mpa мпа 兆帕 megapascal megapascals " + _ru("мегапаскал", "ь я ей ю ем ям ях"),
    "bar": "bar bars бар бара баров барах барам барами 巴",
    "mbar": "mbar мбар 毫巴",
    "atm": "atm атм",
    "psi": "psi",
    "kgf/cm2": "кгс/см² кгс/см2 kgf/cm² kgf/cm2",
    "V": "伏 伏特 volt volts " + _ru("вольт", _NOUN_M),
    "kV": "千伏 kilovolt kilovolts " + _ru("киловольт", _NOUN_M),
    "mV": "毫伏",
    "A": "安 安培 amp amps ampere amperes " + _ru("ампер", _NOUN_M),
    "mA": "毫安",
    "mAh": "mah мач ма·ч",
    "W": "вт 瓦 瓦特 watt watts " + _ru("ватт", _NOUN_M),
    "kW": "kw квт 千瓦 kilowatt kilowatts " + _ru("киловатт", _NOUN_M),
    "kWh": "kwh kw·h kw*h квт·ч квт*ч квтч квт-ч 千瓦时",
    "hp": "hp л.с. лс 马力",
    "Hz": "hz гц 赫兹 赫 hertz " + _ru("герц", "- а ам ах ами"),
    "kHz": "khz кгц 千赫 千赫兹",
    "MHz": "mhz мгц 兆赫 兆赫兹",
    "dB": "db дб 分贝 decibel decibels " + _ru("децибел", _NOUN_M),
    "rpm": "rpm r/min rev/min об/мин об./мин min-1 min⁻¹ мин-1 мин⁻¹ 转/分 转/分钟",
    "ms": "ms мс 毫秒 millisecond milliseconds " + _ru("миллисекунд", "а ы у ой ам ами ах -"),
    "s": "сек sec secs second seconds 秒 " + _ru("секунд", "а ы у ой ам ами ах -"),
    "min": "min mins мин 分钟 minute minutes " + _ru("минут", "а ы у ой ам ами ах -"),
    "h": "hr hrs hour hours 小时 个小时 钟头 " + _ru("час", "- а у ом е ов ам ами ах"),
    "day": "day days 天 дн сут сутки суток суткам сутками сутках "
           "день дня дню днем дне дни дней дням днями днях",
    "week": "week weeks 周 星期 个星期 礼拜 нед " + _ru("недел", "я и ь ю ей е ям ями ях"),
    "month": "month months 个月 мес " + _ru("месяц", "- а у ем е ы ев ам ами ах"),
    "year": "year years yr yrs 年 лет " + _ru("год", "- а у ом е ы ам ами ах"),
    "%": "% percent проц " + _ru("процент", _NOUN_M),
    "‰": "‰ промилле",
    "deg": "° 度 degree degrees " + _ru("градус", _NOUN_M),
    "degC": "°c °с 摄氏度",
    "degF": "°f 华氏度",
    "km/h": "km/h км/ч 公里/小时 千米/小时",
    "m/s": "m/s м/с 米/秒",
    "L/min": "l/min л/мин 升/分钟",
    "pcs": "шт штук штуки штука pcs piece pieces",
    "RUB": "₽ руб " + _ru("рубл", "ь я ю ем е и ей ям ями ях"),
    "USD": "$ usd dollar dollars 美元 " + _ru("доллар", _NOUN_M),
    "EUR": "€ eur euro euros евро 欧元",
    "CNY": "cny rmb 元 人民币 yuan " + _ru("юан", "ь я ю ем е и ей ям ями ях"),
}
_UNIT_PHRASES: dict[str, str] = {
    # forms of more than one word (a space inside), lowercased
    "per cent": "%", "° c": "degC", "° с": "degC", "° f": "degF",
    "degree celsius": "degC", "degrees celsius": "degC", "degrees c": "degC",
    "degree fahrenheit": "degF", "degrees fahrenheit": "degF",
    "кв. м": "m2", "square metres": "m2", "square meters": "m2",
    "куб. м": "m3", "cubic metres": "m3", "cubic meters": "m3",
    "newton metres": "N·m", "оборотов в минуту": "rpm",
    **{f"{form} цельсия": "degC" for form in _ru("градус", _NOUN_M).split()},
}
UNIT_ALIASES: dict[str, str] = {
    **{form: key for key, spec in _UNIT_SPEC.items() for form in spec.split()},
    **_UNIT_PHRASES,
}
"""Written form (lowercased, as loose() leaves it: ё -> е, "℃" -> "°c") -> canonical unit key.
Forms that are an ordinary word in another case (single letters, nm/Nm, mW/MW) are in
CASED_UNIT_ALIASES only."""

CASED_UNIT_ALIASES: dict[str, str] = {
    # exact form (NFKC of the original text) -> key; each is a word or a letter in another case
    "A": "A", "А": "A", "V": "V", "В": "V", "W": "W", "N": "N", "Н": "N",
    "s": "s", "с": "s", "m": "m", "м": "m", "h": "h", "ч": "h", "g": "g",
    "l": "L", "L": "L", "л": "L", "Л": "L", "Pa": "Pa", "Па": "Pa",
    "nm": "nm", "нм": "nm", "Nm": "N·m", "Нм": "N·m",
    "mA": "mA", "мА": "mA", "mV": "mV", "мВ": "mV", "kV": "kV", "кВ": "kV", "KV": "kV", "КВ": "kV",
    "mW": "mW", "мВт": "mW", "MW": "MW", "МВт": "MW",
}


def _alias_pattern(alias: str) -> str:
    """The alias with a right boundary when it ends in a letter or digit of a non-CJK script."""
    pattern = re.escape(alias)
    last = alias[-1]
    if last.isdigit():
        pattern += r"(?!\d)"
    elif last.isalpha() and not is_cjk(last):
        pattern += rf"(?![{_LETTER_CLASS}])"
    return pattern


def _left_boundary(alias: str) -> str:
    first = alias[0]
    return rf"(?<![{_LETTER_CLASS}])" if first.isalpha() and not is_cjk(first) else ""


# (exact form, its loose() form), longest first
_CASED = sorted(((a, loose(a).text) for a in CASED_UNIT_ALIASES), key=lambda p: -len(p[1]))


def _is_lenient(alias: str) -> bool:
    """May this alias count in evidence text without a number before it?"""
    if len(alias) == 1:
        return not alias.isalpha()  # "%", "°", "$"; not 米, 年, 天
    return True


def _alternation(aliases: list[str], left_boundary: bool = False) -> re.Pattern[str]:
    """One regex for the aliases, longest first; the first-character class in front lets the
    engine skip most positions without trying every alternative."""
    aliases = sorted(aliases, key=len, reverse=True)
    first = "".join(sorted({re.escape(a[0]) for a in aliases}))
    body = "|".join(
        f"(?:{_left_boundary(a) if left_boundary else ''}{_alias_pattern(a)})" for a in aliases)
    return re.compile(f"(?=[{first}])(?:{body})")


@functools.lru_cache(maxsize=1)
def _unit_at_re() -> re.Pattern[str]:
    """Every unit alias at a position (compiled on first use: about 0.5 s, which importing
    this module must not cost)."""
    return _alternation(list(UNIT_ALIASES))


@functools.lru_cache(maxsize=1)
def _unit_anywhere_re() -> re.Pattern[str]:
    """The aliases that count without a number before them, at a word's start (first use)."""
    return _alternation([a for a in UNIT_ALIASES if _is_lenient(a)], left_boundary=True)
# A cased form standing alone in evidence: a multi-letter one anywhere as a word ("кВт"), a
# single letter only in a header form: after "," "(" "[" "/", before the end or ) ] , ; : .
_HEADER_BEFORE = r"(?:(?<=[,(\[/])|(?<=[,(\[/] ))"
_HEADER_AFTER = r"(?=$|[)\],;:.])"
_CASED_ANYWHERE = [
    (alias, re.compile(
        (_HEADER_BEFORE if len(alias) == 1 else _left_boundary(folded))
        + _alias_pattern(folded) + (_HEADER_AFTER if len(alias) == 1 else "")))
    for alias, folded in _CASED]
_PREFIX_UNITS = {"百分之": "%", "千分之": "‰", "$": "USD", "€": "EUR", "₽": "RUB", "¥": "CNY",
                 "£": "GBP"}


def _unit_at(n: Normalized, original: str, p: int) -> tuple[str, int] | None:
    """The unit whose written form starts at loose position p: (key, end), longest form first."""
    text = n.text
    best: tuple[str, int] | None = None
    m = _unit_at_re().match(text, p)
    if m and m.end() > p:
        best = (UNIT_ALIASES[m.group()], m.end())
    for alias, folded in _CASED:
        end = p + len(folded)
        if best is not None and end <= best[1]:
            break
        if text.startswith(folded, p) and _right_ok(text, end, folded) \
                and _original(n, original, p, end) == alias:
            if alias == "с" and RU_INSTRUMENTAL.match(text, end):
                continue  # "5 с лишним", "2 с ним": the preposition
            best = (CASED_UNIT_ALIASES[alias], end)
            break
    return best


def _right_ok(text: str, end: int, folded: str) -> bool:
    """A form ending in a letter must not run on into another letter ("m" in "mono")."""
    return end >= len(text) or not (_LETTER.match(folded[-1]) and _LETTER.match(text[end]))


def _original(n: Normalized, original: str, start: int, end: int) -> str:
    a, b = n.span_to_source(start, end)
    return unicodedata.normalize("NFKC", original[a:b])


def _unit_after(n: Normalized, original: str, end: int) -> str | None:
    """The unit written right after a number ending at loose position `end`, if any."""
    text = n.text
    found = _unit_at(n, original, end)
    if found is None and end < len(text) and text[end] in " -" \
            and not (end + 1 < len(text) and text[end + 1].isdigit()):
        found = _unit_at(n, original, end + 1)
    return found[0] if found else None


def _unit_after_text(text: str, end: int) -> str | None:
    """_unit_after for loose text alone (the cased forms cannot be checked there: skipped)."""
    m = _unit_at_re().match(text, end)
    if not m and text[end:end + 1] in (" ", "-"):
        m = _unit_at_re().match(text, end + 1)
    return UNIT_ALIASES[m.group()] if m else None


def _units_after_numbers(text: str) -> list[tuple[int, str]]:
    n = _loose(text)
    units = []
    for f in _find(text, None):
        key = _unit_after(n, text, f.end)
        for prefix, prefix_key in _PREFIX_UNITS.items():
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
    n = _loose(text)
    keys = {key for _, key in _units_after_numbers(text)}
    keys.update(UNIT_ALIASES[m.group()] for m in _unit_anywhere_re().finditer(n.text))
    for alias, pattern in _CASED_ANYWHERE:
        key = CASED_UNIT_ALIASES[alias]
        if key not in keys and any(_original(n, text, m.start(), m.end()) == alias
                                   for m in pattern.finditer(n.text)):
            keys.add(key)
    return keys


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
