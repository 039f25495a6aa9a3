"""Quantities as quotes write them: a value and its unit read from text, for the arithmetic
of `answer.calc`.

This module owns finding the one number of a text and the unit written with it, and checking
that a quote holds a claimed value and unit (`find_quantity`). It never does arithmetic
beyond comparing values, and knows nothing of chunks, pages or models; units are read and
written by `answer.units`.

Quantities (`parse_quantity`, `find_quantity`, `quantities_in`). Numbers are found by
`numbers.number_mentions` (digits with "." or "," as decimal mark, "1 000" with a space, no-break
space U+00A0 or thin spaces U+2009/U+202F, full-width digits "１２", Russian and English number
words, Chinese numerals 二十 / 一百二十, digits with a scale word "5万", "1,5 млн"). Rules:

- Decimal comma: "1,5" = 1.5. "1,500" (one separator, three digits after it, at most three
  before) is ambiguous: `lang` decides as in `numbers`: ru reads "," as the decimal mark
  (1.5), en and zh read it as a thousands group (1500); "1.500" is 1.5 in en/zh and undecided in
  ru. Undecided (no `lang`, or ru "1.500") -> CalcError asking for the language.
  `find_quantity` compares values, so a Russian quote "1,5" supports "1.5"; a "1,500"-like
  number of a quote is read in the quote's language (given, or shown by its script: Cyrillic
  ru, CJK zh, Latin en), never in both ways.
- 万/亿 are number scales, never units: "5万元" = 50000 CNY, "1.5亿元" = 150000000 CNY.
- A unit counts when written right after the number (attached, or after one space or a hyphen),
  or a currency sign before it ("$5", "€ 5", "₽5", "¥5" = CNY). Compound units are read with "/"
  (also " / ", " per ", Russian " в " and Chinese 每), and "·" "⋅" "*" for products: "м³/сут",
  "m3/d", "m³ per day", "元/立方米", "руб./м³", "kW·h", "CNY/(kW·h)". Everything after the first
  "/" is in the denominator ("W/m2·K" = W/(m2·K)). An exponent is attached to its unit: "m3",
  "m³", "m^3", "min⁻¹".
- Unit forms are those of `numbers.UNIT_ALIASES` / `CASED_UNIT_ALIASES` (every case form of the
  Russian words: "суток", "метров"...) plus: "d" and 日 (day), "т" and "t" (tonne), 度 and 度电
  (kW·h: after a number 度 is read as the electricity unit, as in tariffs "元/度" and readings
  "10度电"; "30度" meaning degrees is therefore read as 30 kW·h - a temperature or an angle in a
  calculation then fails on its unit, it never passes silently; 摄氏度 stays degC).
- Exactly one number per text for `parse_quantity`; numbers inside a unit ("3" of "m3") are part
  of the unit, and digits glued to a preceding letter ("DN50", "PX200") are part of a word.
  No number, several numbers, a number without a single value ("10²", "1.2.3") -> CalcError.
"""
from __future__ import annotations

import bisect
import unicodedata
from dataclasses import dataclass
from decimal import Decimal

from pincite.answer.normalize import Normalized, loose
from pincite.answer.numbers import (
    NumberMention,
    number_mentions,
)
from pincite.answer.units import (
    CURRENCY_PREFIX,
    UNIT_LETTER,
    Unit,
    format_unit,
    unit_expr_at,
)
from pincite.errors import CalcError
from pincite.text import lazyre
from pincite.text.cjk import is_cjk


@dataclass(frozen=True)
class Quantity:
    """One number with its unit: `value` exact, `unit` canonical ("m3/day"; None = no unit),
    `text` as written in the source ("1,5 м³/сут")."""

    value: Decimal
    unit: str | None
    text: str


@dataclass(frozen=True)
class _Found:
    """A quantity in a text: readings of its number, spans in the original text."""

    mention: NumberMention
    readings: tuple[Decimal, ...]
    unit: Unit
    start: int
    end: int


_AMBIGUOUS = lazyre.compile(r"(-?)(\d{1,3})([.,])(\d{3})")


def number_readings(m: NumberMention) -> tuple[Decimal, ...]:
    """Every value the mention can have: two for "1,500"/"1.500" (1.5 and 1500), else its value."""
    digits = unicodedata.normalize("NFKC", m.text).replace("\u2212", "-")
    a = _AMBIGUOUS.fullmatch(digits)
    if a and a.group(2).lstrip("0"):
        sign = a.group(1)
        return (Decimal(f"{sign}{a.group(2)}.{a.group(4)}"),
                Decimal(f"{sign}{a.group(2)}{a.group(4)}"))
    return (m.value,) if m.value is not None else ()


def _loose_pos(n: Normalized, source_pos: int) -> int:
    """The first loose position whose source character is at or after source_pos."""
    return bisect.bisect_left(n.offsets, source_pos)


def _scan(text: str, lang: str | None) -> list[_Found]:
    """Every number of `text` with the unit written after it (or a currency sign before it)."""
    n = loose(text)
    found: list[_Found] = []
    skip_until = -1
    for m in number_mentions(text, lang):
        if m.start < skip_until:
            continue  # the "3" of "1,5 m3"
        ls, le = _loose_pos(n, m.start), _loose_pos(n, m.end)
        if ls and UNIT_LETTER.match(n.text[ls - 1]):
            continue  # glued to a word: "m3", "DN50", "PX200" are not quantities
        prefix: Unit = ()
        start = m.start
        before = n.text[:ls].rstrip(" ")
        if before and before[-1] in CURRENCY_PREFIX:
            prefix = ((CURRENCY_PREFIX[before[-1]], 1),)
            start = n.offsets[len(before) - 1]
        unit, end = prefix, m.end
        for gap in ("", " ", "-"):
            if gap and not n.text.startswith(gap, le):
                continue
            if gap == "-" and not (le + 1 < len(n.text) and not n.text[le + 1].isdigit()):
                continue
            got = unit_expr_at(n, text, le + len(gap), initial=prefix)
            if got is not None:
                unit = got[0]
                end = n.span_to_source(le, got[1])[1]
                break
        found.append(_Found(m, number_readings(m), unit, start, end))
        skip_until = end
    return found


def _value_for(f: _Found, lang: str | None) -> Decimal:
    """The one value of a quantity's number (module docstring: "1,500" needs `lang`)."""
    if f.mention.value is not None:
        return f.mention.value
    if len(f.readings) == 2:
        raise CalcError(
            f"{f.mention.text} is ambiguous ({f.readings[0]} or {f.readings[1]}): give the "
            "language (ru: decimal comma, 1,500 = 1.5; en/zh: thousands group, 1,500 = 1500)")
    raise CalcError(f"{f.mention.text} has no single value")


def quantities_in(text: str, lang: str | None = None) -> list[Quantity]:
    """Every quantity of `text` (a number with the unit written next to it, if any), in order.
    Numbers without a single value under `lang` ("1,500" without a language, "10²") are left
    out."""
    out = []
    for f in _scan(text, lang):
        try:
            value = _value_for(f, lang)
        except CalcError:
            continue
        out.append(Quantity(value, format_unit(f.unit), text[f.start:f.end]))
    return out


def parse_quantity(text: str, lang: str | None = None) -> Quantity:
    """The one quantity written in a short text: "1,5 м³/сут" -> 1.5 m3/day, "5万元" -> 50000
    CNY, "1.5千瓦" -> 1.5 kW, "二十天" -> 20 day.

    `lang` settles "1,500"-like numbers (ru 1.5; en/zh 1500). `text` of the result is the span
    of the number and its unit. CalcError when the text holds no number, more than one, or a
    number without a single value.
    """
    f = _one_number(text, lang)
    return Quantity(_value_for(f, lang), format_unit(f.unit), text[f.start:f.end])


def _one_number(text: str, lang: str | None):
    """The one number (with its unit) found in `text`; CalcError when none or several."""
    found = _scan(text or "", lang)
    if not found:
        raise CalcError(f"no number in {text!r}")
    if len(found) > 1:
        listed = ", ".join(f.mention.text for f in found)
        raise CalcError(f"more than one number in {text!r}: {listed}")
    return found[0]


def same_unit(a: Unit, b: Unit) -> bool:
    return dict(a) == dict(b)


def _script_lang(text: str) -> str | None:
    """"ru", "zh" or "en" by the script of most letters of `text`; None without letters."""
    counts = {"ru": 0, "zh": 0, "en": 0}
    for ch in text:
        if "\u0400" <= ch <= "\u04ff":
            counts["ru"] += 1
        elif is_cjk(ch) and ch.isalpha():
            counts["zh"] += 1
        elif ch.isalpha():
            counts["en"] += 1
    best = max(counts, key=lambda k: counts[k])
    return best if counts[best] else None


def _decide(written: str, readings: tuple[Decimal, ...], lang: str | None) -> Decimal | None:
    """The reading of a "1,500"-like number in `lang` (en/zh: "," groups, "." is decimal; ru:
    "," is decimal, "." undecided), None when undecided."""
    decimal, grouped = readings
    comma = "," in written
    base = (lang or "").lower().split("-")[0]
    if base in ("en", "zh", "ja", "ko"):
        return grouped if comma else decimal
    if base in ("ru", "uk", "be", "de", "fr"):
        return decimal if comma else None
    return None


def find_quantity(quote: str, value_text: str, lang: str | None = None, *,
                  quote_lang: str | None = None) -> Quantity:
    """The quantity `value_text` ("1,5 м³/сут", "1.5") as it stands in `quote`.

    Values are compared, not spellings: "1.5" finds "1,5", "1500" finds "1 500" or "1,500",
    "二十" finds "20", "50000 CNY" finds "5万元". `lang` reads `value_text` (it settles "1,500"
    there; without it both readings are tried). A "1,500"-like number of the quote is read in
    `quote_lang`, or else in the language its script shows (Cyrillic: ru, CJK: zh, Latin: en),
    so an English quote "1,500 L" never supports "1.5 L"; undecided there -> CalcError. The
    returned Quantity is the quote's: its value, the unit written next to it, its text.

    Unit: when `value_text` has a unit it must equal the unit written next to the number in the
    quote; when nothing is written next to it there, the unit must stand elsewhere in the quote
    (a header "Расход, м³/сут: 1,5"). When `value_text` has no unit, the quote's unit is taken
    (and the value must not stand there twice with different units).

    CalcError: "value 1,6 is not in its quote"; "unit m3 of 1,5 differs from its unit in the
    quote (m3/day)"; "unit m3/day of 1,5 is not written in its quote"; the parse errors of
    `parse_quantity` for `value_text` (no number, several, no single value).
    """
    c = _one_number(value_text, lang)
    wanted = (c.mention.value,) if c.mention.value is not None else c.readings
    if not wanted:
        raise CalcError(f"{c.mention.text} has no single value")
    qlang = quote_lang or _script_lang(quote or "")
    hits: list[tuple[_Found, Decimal]] = []
    other_reading: list[tuple[_Found, Decimal]] = []
    for f in _scan(quote or "", None):
        readings = f.readings
        if len(readings) == 2:
            decided = _decide(f.mention.text, readings, qlang)
            if decided is None:
                if any(r in wanted for r in readings):
                    raise CalcError(f"{f.mention.text} in the quote is ambiguous ({readings[0]} "
                                    f"or {readings[1]}): give the quote's language")
                continue
            if decided not in wanted:
                if any(r in wanted for r in readings):
                    other_reading.append((f, decided))
                continue
            readings = (decided,)
        match = next((r for r in readings if r in wanted), None)
        if match is not None:
            hits.append((f, match))
    if not hits:
        if other_reading:
            f, decided = other_reading[0]
            raise CalcError(f"value {c.mention.text} is not in its quote ({f.mention.text} "
                            f"reads as {decided} there)")
        raise CalcError(f"value {c.mention.text} is not in its quote")
    if len({v for _, v in hits}) > 1:
        raise CalcError(f"{c.mention.text} is ambiguous: give the language")
    value = hits[0][1]
    if c.unit:
        for f, _ in hits:
            if same_unit(f.unit, c.unit):
                return Quantity(value, format_unit(f.unit), quote[f.start:f.end])
        bare = [f for f, _ in hits if not f.unit]
        if bare and _unit_written(quote, c.unit):
            f = bare[0]
            return Quantity(value, format_unit(c.unit), quote[f.start:f.end])
        written = [u for f, _ in hits if (u := format_unit(f.unit)) is not None]  # None: no unit
        if not written:
            raise CalcError(f"unit {format_unit(c.unit)} of {c.mention.text} is not written in "
                            "its quote")
        raise CalcError(f"unit {format_unit(c.unit)} of {c.mention.text} differs from its unit "
                        f"in the quote ({', '.join(dict.fromkeys(written))})")
    units = {format_unit(f.unit) for f, _ in hits}
    if len(units) > 1:
        listed = ", ".join(sorted(u or "no unit" for u in units))
        raise CalcError(f"value {c.mention.text} stands in its quote with several units "
                        f"({listed}): give its unit")
    f = hits[0][0]
    return Quantity(value, format_unit(f.unit), quote[f.start:f.end])


def _unit_written(text: str, unit: Unit) -> bool:
    """Does the unit stand somewhere in `text` as a word (a table header "Расход, м³/сут")?
    A single letter counts only in a header form: after "," "(" "[" "/", before the end or
    ")" "]" "," ";" ":" "."; a single CJK character does not count (米 of 玉米)."""
    n = loose(text)
    t = n.text
    for p in range(len(t)):
        if p and (UNIT_LETTER.match(t[p - 1]) or t[p - 1].isdigit()):
            continue
        got = unit_expr_at(n, text, p)
        if got is None or not same_unit(got[0], unit):
            continue
        written = t[p:got[1]]
        if len(written) == 1 and (is_cjk(written) or UNIT_LETTER.match(written)):
            before = t[:p].rstrip(" ")
            after = t[got[1]:got[1] + 1]
            if is_cjk(written) or not (before.endswith((",", "(", "[", "/"))
                                       and (after == "" or after in ")],;:.")):
                continue
        return True
    return False
