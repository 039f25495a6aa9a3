"""Spelled numbers: Russian and English number words and Chinese numerals read into values,
for `answer.numbers`.

This module owns the word tables (every case and gender of the Russian words, the English
words, the CJK numerals and measure words) and the readers that find spelled numbers in a
loose-normalised text, with the ambiguity rules of `answer.numbers`' docstring ("Numbers
found", "Ambiguity rules": the pronoun "one", 一 as a word, 几, 百分之...). It returns
numbers found (span, kind, comparison key, readings) and never compares a claim with a
quote; digits are read by `answer.numbers`.
"""
from __future__ import annotations

import bisect
import re
import sys
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from pincite.answer.normalize import Normalized
from pincite.answer.unitnames import (
    unit_after_text,
    unit_at,
)
from pincite.text import lazyre

Kind = Literal["digit", "spelled", "mixed"]


@dataclass(frozen=True)
class FoundNumber:
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
NUMBER_WORDS: dict[str, _Word] = {**_RU_WORDS, **_EN_WORDS}
_EN_DIGIT_WORDS = {w: int(v.value) for w, v in _EN_WORDS.items()
                   if v.kind in ("zero", "unit") and w != "nought"}
_SCALE_AFTER_A = frozenset({"hundred", "thousand", "million", "billion", "trillion"})

_WORD = lazyre.compile(r"[a-z\u00df-\u024f\u0400-\u052f]+")

# Pronoun "one" / "один" (answer.numbers' docstring, "Ambiguity rules").
_ONE_BEFORE = frozenset("the this that which each every any no some another a an such".split())
_ONE_AFTER = frozenset(
    "should must can cannot could may might would will shall needs ought another".split())
_ONE_HYPHEN_AFTER = frozenset("way off shot liner".split())
_RU_ONE_FORMS = frozenset(w for w, v in _RU_WORDS.items() if v.kind == "unit" and v.value == 1
                          and w.startswith(("один", "одн")))
_RU_ONE_SAME = lazyre.compile(r"^ и (?:то|тот|та|те|того|той|тому|тем|том|ту|тех|теми)\b")
_RU_ONE_NOT_AFTER = lazyre.compile(r"^ за (?:другим|другой|другою|другому|другого)\b|^ словом\b")

HALF_AFTER = lazyre.compile(r" (?:and a half|с половиной)(?![\w])")
_SIGN_BEFORE = lazyre.compile(r"(?<![\w-])(?:минус|minus) $|(?:负|零下)$")
_TOLERANCE_BEFORE = lazyre.compile(r"(?:плюс|plus)(?:-| or | или |/)$|±$")


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


def word_numbers(text: str, taken: list[tuple[int, int]]) -> list[FoundNumber]:
    """Russian and English number words in loose text, outside the spans already taken."""
    tokens = [m for m in _WORD.finditer(text) if not _inside(m.start(), taken)]
    found: list[FoundNumber] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i].group()
        a_scale = tok == "a" and i + 1 < len(tokens) and _joined(text, tokens[i], tokens[i + 1]) \
            and tokens[i + 1].group() in _SCALE_AFTER_A
        if tok not in NUMBER_WORDS and not a_scale:
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
        half = HALF_AFTER.match(text, end)
        if half and value == value.to_integral_value() and group.last_kind != "zero":
            end, value = half.end(), value + Decimal("0.5")
        j = max(j, _next_token_index(tokens, end, j))
        if j - i == 1 and _is_word_not_number(text, tokens[i]):
            i = j
            continue
        found.append(spelled_number(text, start, end, value))
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
            nxt = NUMBER_WORDS.get(tokens[j + 1].group())
            if nxt is not None and nxt.kind in ("unit", "teen", "ten") and group.accepts(nxt):
                group.add(nxt)
                j += 2
                continue
        w = NUMBER_WORDS.get(tok)
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
    (family) - answer.numbers' docstring."""
    word, after = token.group(), text[token.end():token.end() + 40]
    if word == "семью":
        return bool(re.search(r"(?:свою|мою|твою|нашу|вашу|всю|его|ее|их) $",
                              _before(text, token.start())))
    if unit_after_text(text, token.end()) is not None:
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


def spelled_number(text: str, start: int, end: int, value: Decimal | None,
             kind: Kind = "spelled", values: tuple[Decimal, ...] | None = None) -> FoundNumber:
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
    return FoundNumber(start, end, kind, _word_key(text[start:end]), values, value)


def _plain(value: Decimal) -> Decimal:
    """1500.0 -> 1500: a value computed from words carries no written precision."""
    return value.quantize(Decimal(1)) if value == value.to_integral_value() else value.normalize()


def _word_key(written: str) -> str:
    return re.sub(r"[ -]", "", written)


_CJK_DIGITS = {"〇": 0, "零": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5,
               "六": 6, "七": 7, "八": 8, "九": 9}
_CJK_SMALL = {"十": 10, "百": 100, "千": 1000}
_CJK_BIG = {"万": 10**4, "萬": 10**4, "亿": 10**8, "億": 10**8}
_CJK_RUN = lazyre.compile(
    "[〇零一二两兩三四五六七八九十百千万萬亿億]+(?:[点點][〇零一二三四五六七八九]+)?")
# Measure words that make a lone 一 a count (一次, 一台...); units (一年, 一个月) count too.
_MEASURE_WORDS = frozenset("次台件只套组根条张块名位人倍层对片颗枚节批项份辆把支道处种类")
# Words that begin with a numeral but name no count; 十分 is "very" (十分钟, 十分之 are numbers).
_CJK_WORDS = ("十分", "十字", "十足", "二极管", "三极管", "三角", "四周", "五金",
              "一氧化", "二氧化")


def cjk_numbers(n: Normalized, original: str, taken: list[tuple[int, int]]) -> list[FoundNumber]:
    text = n.text
    found: list[FoundNumber] = []
    for m in _CJK_RUN.finditer(text):
        if _inside(m.start(), taken):
            continue
        start, run = m.start(), m.group()
        end = m.end()
        if run.endswith("千") and "点" not in run and unit_at(n, original, end - 1):
            run, end = run[:-1], end - 1  # 五千瓦 is 5 kW
        if not run or _cjk_is_word(text, start, end, run):
            continue
        if len(run) == 2 and all(c in _CJK_DIGITS and _CJK_DIGITS[c] for c in run):
            # 三四天: "three or four days", two numbers
            found.append(spelled_number(text, start, start + 1, Decimal(_CJK_DIGITS[run[0]])))
            found.append(spelled_number(text, start + 1, end, Decimal(_CJK_DIGITS[run[1]])))
            continue
        if run == "一" and not _lone_one_counts(n, original, start, end):
            continue
        found.append(spelled_number(text, start, end, _cjk_value(run)))
    return found


def _cjk_is_word(text: str, start: int, end: int, run: str) -> bool:
    """Numeral characters that here are a word or a marker (answer.numbers' docstring)."""
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
    return unit_at(n, original, end) is not None


def _cjk_value(run: str) -> Decimal | None:
    """Value of a Chinese numeral run, or None when it is not a well-formed number."""
    run = run.replace("點", "点")
    whole, _, frac = run.partition("点")
    integer = cjk_integer(whole)
    if integer is None:
        return None
    if not frac:
        return Decimal(integer)
    return Decimal(f"{integer}." + "".join(str(_CJK_DIGITS[c]) for c in frac))


def cjk_integer(s: str) -> int | None:
    """The integer a Chinese numeral writes ("四" 4, "十二" 12, "二〇二〇" 2020, "一万五" 15000),
    or None when `s` is no well-formed one."""
    if not s:
        return None
    if all(c in _CJK_DIGITS for c in s):  # 二〇二〇, 五
        return int("".join(str(_CJK_DIGITS[c]) for c in s)) if "两" not in s[1:] else None
    for big_char in ("亿", "億", "万", "萬"):
        if big_char in s:
            k = s.rindex(big_char)
            left, right = s[:k], s[k + 1:]
            big = _CJK_BIG[big_char]
            left_value = cjk_integer(left)
            if left_value is None:
                return None
            if not right:
                return left_value * big
            if len(right) == 1 and right in _CJK_DIGITS and _CJK_DIGITS[right]:
                return left_value * big + _CJK_DIGITS[right] * big // 10  # 一万五 = 15000
            right_value = cjk_integer(right.lstrip("〇零")) if right.lstrip("〇零") else 0
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
