"""Every arithmetic step of an answer: quantities read from cited quotes, a formula evaluated by
code with `decimal.Decimal`, units tracked and converted, the result rounded by a stated rule
(docs/decisions/0008-questions.md).

This module owns the numbers an answer computes. It gets quantities (a value and a unit, as
written in a quote), a formula over named inputs and, optionally, the unit the result must be
in; it returns the result with its formula, its substitution, its unit and the precision rule
applied. It never uses float, `eval` or `exec`, and it knows nothing of chunks, pages or models:
the caller binds each input to a verified citation (`find_quantity` checks that the quote holds
the value and its unit) and compares the result with what a model claimed.

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

Units. A unit is a product of atoms with integer exponents, written canonically (`Quantity.unit`,
`Result.unit`): atoms with positive exponents joined by "·", then "/" and the others, in
parentheses when several: "m3/day", "kW·h", "CNY/m3", "CNY/(kW·h)", "1/day"; None is "no
unit". Atoms of the factor table `UNIT_FACTORS` convert (exact Decimal factors to SI, by the SI
definitions of the units; L = dm³, day = 86400 s, bar = 100000 Pa, % = 1/100):

  length mm cm m km um nm; mass g kg t; time ms s min h day week; volume mL L (and m3 = m·m·m);
  power mW W kW MW; energy J kJ MJ (kW·h = kW × h = 3 600 000 J); pressure Pa kPa MPa bar mbar;
  ratio % ‰.

Any other unit `numbers` knows (currencies CNY/RUB/USD/EUR, month, year, degC, V, A, Hz, rpm...)
is carried through the arithmetic as it is, equal only to itself and never converted: no
exchange rates, no month length, no affine temperature scales.

Evaluation (`evaluate`): the formula is parsed with `ast` (mode "eval") and walked; allowed are
names bound in `inputs`, number literals written in plain decimal digits ("24", "0.5": read as
Decimal from their text, exact constants), + - * / (binary), unary - and +, parentheses, and **
with a literal integer exponent from -4 to 4. Anything else - calls, attributes, subscripts,
comparisons, conditional expressions, lambdas, strings, "1e999", names not bound - is a
CalcError that names it. Units follow the operations:

- × and ÷ multiply units: m3/day × day = m3; kW × h = kW·h; CNY/m3 × m3 = CNY. Two atoms of the
  same kind (both time, both length...) are merged into the one met first, with the exact factor:
  1 m3/day × 12 h = 0.5 m3 (h converted to day), 2 m × 500 mm = 1 m2. % in a product with
  another unit is applied as the factor 1/100 (20 % × 100 CNY = 20 CNY); % × plain number
  stays % (2 × 10 % = 20 %).
- + and − need the same kind of unit: the right operand is converted to the left one's unit
  (1 m3 + 500 L = 1.5 m3); a plain number and % add as plain numbers (1 + 20 % = 1.2); other
  mixtures -> CalcError("unit mismatch: m3 + m3/day").
- `expected_unit`: the result is converted to it, or CalcError when it has another dimension.
- Division by zero -> CalcError. Arithmetic uses a Decimal context of 28 significant digits
  with ROUND_HALF_EVEN: sums and products of written numbers are exact (up to 28 digits); a
  division (or a conversion factor such as h -> day = 1/24) that does not terminate is rounded
  at 28 digits. `Result.value` is that value, never rounded for display.
- Literals are numbers no document stated: the caller that wants every number cited passes
  `allow_literals=False` (a ** exponent stays allowed: it is structure, not a quantity).

Precision rule (`Result.shown`, `Result.precision`): the conventional significant-figure rules
of measurement practice, applied to every operation, rounding only the shown value:

- × and ÷ (and **, and unit conversions): as many significant figures as the operand with the
  fewest; + and −: as many decimal places as the operand with the fewest. A sum's precision
  is turned into significant figures before it enters a product, and back, so the chain holds.
- Every digit written in a quote is significant, trailing zeros of integers too ("30 сут": 2
  figures; "1 000 л": 4); "5万" has 1 (the digits written), a spelled number has the digits of
  its value (二十: 2). Literals of the formula and conversion factors are exact and never limit.
- Rounding is half to even (the "even multiple" rule of ISO 80000-1, Annex B). Digits are never
  added: a result that is exact with fewer digits is shown as computed (120 min = 2 h, not
  2.00 h).
"""
from __future__ import annotations

import ast
import bisect
import re
import unicodedata
from dataclasses import dataclass
from decimal import (
    ROUND_HALF_EVEN,
    Context,
    Decimal,
    DivisionByZero,
    InvalidOperation,
    Overflow,
    localcontext,
)
from fractions import Fraction

from pincite.answer.normalize import Normalized, loose
from pincite.answer.numbers import (
    CASED_UNIT_ALIASES,
    RU_INSTRUMENTAL,
    UNIT_ALIASES,
    NumberMention,
    number_mentions,
)
from pincite.errors import CalcError
from pincite.text.cjk import is_cjk

__all__ = [
    "CalcError",
    "Input",
    "Quantity",
    "Result",
    "UNIT_FACTORS",
    "convert",
    "evaluate",
    "find_quantity",
    "format_unit",
    "parse_quantity",
    "parse_unit",
    "quantities_in",
]


@dataclass(frozen=True)
class Quantity:
    """One number with its unit: `value` exact, `unit` canonical ("m3/day"; None = no unit),
    `text` as written in the source ("1,5 м³/сут")."""

    value: Decimal
    unit: str | None
    text: str


@dataclass(frozen=True)
class Input:
    """A named input of a formula. `name` matches [A-Za-z_][A-Za-z0-9_]{0,31};
    `citation_index` is the caller's bookkeeping (which citation holds the quantity)."""

    name: str
    quantity: Quantity
    citation_index: int | None = None


@dataclass(frozen=True)
class Result:
    """A computed value. `formula` as given; `substitution` with the inputs' values and units
    ("1.5 m3/day × 30 day"); `value` exact (28-digit Decimal context); `unit` canonical or None;
    `shown` the value rounded by the precision rule; `precision` that rule, in words."""

    formula: str
    substitution: str
    value: Decimal
    unit: str | None
    shown: str
    precision: str


# --- the unit table -----------------------------------------------------------------------------

_LENGTH, _MASS, _TIME = "length", "mass", "time"
Dims = tuple[tuple[str, int], ...]


def _dims(**exps: int) -> Dims:
    return tuple(sorted((k, v) for k, v in exps.items() if v))


_POWER = _dims(mass=1, length=2, time=-3)
_ENERGY = _dims(mass=1, length=2, time=-2)
_PRESSURE = _dims(mass=1, length=-1, time=-2)

UNIT_FACTORS: dict[str, tuple[Decimal, Dims]] = {
    # atom: (exact factor to the coherent SI unit, SI dimension). SI definitions; L = dm³.
    "nm": (Decimal("0.000000001"), _dims(length=1)),
    "um": (Decimal("0.000001"), _dims(length=1)),
    "mm": (Decimal("0.001"), _dims(length=1)),
    "cm": (Decimal("0.01"), _dims(length=1)),
    "m": (Decimal(1), _dims(length=1)),
    "km": (Decimal(1000), _dims(length=1)),
    "g": (Decimal("0.001"), _dims(mass=1)),
    "kg": (Decimal(1), _dims(mass=1)),
    "t": (Decimal(1000), _dims(mass=1)),
    "ms": (Decimal("0.001"), _dims(time=1)),
    "s": (Decimal(1), _dims(time=1)),
    "min": (Decimal(60), _dims(time=1)),
    "h": (Decimal(3600), _dims(time=1)),
    "day": (Decimal(86400), _dims(time=1)),
    "week": (Decimal(604800), _dims(time=1)),
    "mL": (Decimal("0.000001"), _dims(length=3)),
    "L": (Decimal("0.001"), _dims(length=3)),
    "mW": (Decimal("0.001"), _POWER),
    "W": (Decimal(1), _POWER),
    "kW": (Decimal(1000), _POWER),
    "MW": (Decimal(1000000), _POWER),
    "J": (Decimal(1), _ENERGY),
    "kJ": (Decimal(1000), _ENERGY),
    "MJ": (Decimal(1000000), _ENERGY),
    "Pa": (Decimal(1), _PRESSURE),
    "kPa": (Decimal(1000), _PRESSURE),
    "MPa": (Decimal(1000000), _PRESSURE),
    "bar": (Decimal(100000), _PRESSURE),
    "mbar": (Decimal(100), _PRESSURE),
    "%": (Decimal("0.01"), ()),
    "‰": (Decimal("0.001"), ()),
}
"""The conversion table: atom -> (exact factor to SI, SI dimension). Module docstring."""

_RATIOS = frozenset({"%", "‰"})

# `numbers` keys that are products of atoms
_KEY_EXPR: dict[str, tuple[tuple[str, int], ...]] = {
    "m2": (("m", 2),), "m3": (("m", 3),), "mm2": (("mm", 2),),
    "kWh": (("kW", 1), ("h", 1)), "mAh": (("mA", 1), ("h", 1)),
    "km/h": (("km", 1), ("h", -1)), "m/s": (("m", 1), ("s", -1)),
    "L/min": (("L", 1), ("min", -1)), "kgf/cm2": (("kgf", 1), ("cm", -2)),
    "N·m": (("N", 1), ("m", 1)),
}

_EXTRA_FOLDED = {"度": "kWh", "度电": "kWh", "日": "day", "每日": "day", "kw.h": "kWh",
                 "квт.ч": "kWh"}
_EXTRA_CASED = {"d": "day", "т": "t", "t": "t", "J": "J", "kJ": "kJ", "MJ": "MJ", "Дж": "J",
                "кДж": "kJ", "МДж": "MJ", "kgf": "kgf", "кгс": "kgf"}
_CURRENCY_PREFIX = {"$": "USD", "€": "EUR", "₽": "RUB", "¥": "CNY", "£": "GBP"}


def _build_aliases() -> dict[str, list[tuple[str, str, str | None]]]:
    """First loose character -> [(loose form, key, exact NFKC form or None)], longest first."""
    entries: dict[tuple[str, str | None], str] = {}
    for form, key in {**UNIT_ALIASES, **_EXTRA_FOLDED}.items():
        entries[(form, None)] = key
    keys = set(UNIT_ALIASES.values()) | set(CASED_UNIT_ALIASES.values()) | set(UNIT_FACTORS) \
        | set(_EXTRA_CASED.values()) | {"GBP"}
    for form, key in {**CASED_UNIT_ALIASES, **_EXTRA_CASED, **{k: k for k in keys}}.items():
        folded = loose(form).text
        if (folded, None) not in entries:
            entries[(folded, form)] = key
    table: dict[str, list[tuple[str, str, str | None]]] = {}
    for (folded, exact), key in entries.items():
        if folded:
            table.setdefault(folded[0], []).append((folded, key, exact))
    for forms in table.values():
        forms.sort(key=lambda e: -len(e[0]))
    return table


_ALIASES = _build_aliases()
_LETTER = re.compile(r"[a-zA-Z\u00c0-\u024f\u0370-\u03ff\u0400-\u052f]")
_EXPONENT = re.compile(r"(?:\^(-?[1-4])|([1-4]))(?!\d)|(⁻?)([¹²³⁴])")
_SUPERSCRIPT_VALUES = {"¹": 1, "²": 2, "³": 3, "⁴": 4}
_MUL_SEP = re.compile(r" ?[·⋅*•] ?")
_DIV_SEP = re.compile(r"\.? ?/ ?| per | в |每")

Unit = tuple[tuple[str, int], ...]


def _atom_expr(key: str) -> Unit:
    return _KEY_EXPR.get(key, ((key, 1),))


def _atom_at(n: Normalized, original: str, p: int) -> tuple[Unit, int] | None:
    """The unit atom whose written form starts at loose position p: (atoms, end), longest first."""
    text = n.text
    if p >= len(text):
        return None
    for folded, key, exact in _ALIASES.get(text[p], ()):
        end = p + len(folded)
        if not text.startswith(folded, p):
            continue
        last = folded[-1]
        if end < len(text):
            nxt = text[end]
            if _LETTER.match(last) and _LETTER.match(nxt):
                continue  # "m" of "mono"
            if last.isdigit() and nxt.isdigit():
                continue
        if exact is not None:
            a, b = n.span_to_source(p, end)
            if unicodedata.normalize("NFKC", original[a:b]) != exact:
                continue
            if exact == "с" and RU_INSTRUMENTAL.match(text, end):
                continue  # "5 с лишним", "2 с ним": the preposition, as in `numbers`
        return _atom_expr(key), end
    return None


def _term_at(n: Normalized, original: str, p: int) -> tuple[Unit, int] | None:
    """An atom with its exponent ("m3", "m³", "min⁻¹")."""
    found = _atom_at(n, original, p)
    if found is None:
        return None
    atoms, end = found
    m = _EXPONENT.match(n.text, end)
    if m and m.group(2) and not _LETTER.match(n.text[end - 1]):
        m = None  # a bare digit is an exponent only after a letter ("m3"), not after 米 or "%"
    if m:
        if m.group(1) or m.group(2):
            power = int(m.group(1) or m.group(2))
        else:
            power = _SUPERSCRIPT_VALUES[m.group(4)] * (-1 if m.group(3) else 1)
        atoms, end = tuple((a, e * power) for a, e in atoms), m.end()
    return atoms, end


def _group_at(n: Normalized, original: str, p: int) -> tuple[Unit, int] | None:
    """A product in parentheses, "(kW·h)", or a single term."""
    if not n.text.startswith("(", p):
        return _term_at(n, original, p)
    found = _term_at(n, original, p + 1)
    if found is None:
        return None
    atoms, end = found
    while True:
        m = _MUL_SEP.match(n.text, end)
        nxt = _term_at(n, original, m.end()) if m else None
        if nxt is None:
            break
        atoms, end = atoms + nxt[0], nxt[1]
    if not n.text.startswith(")", end):
        return None
    return atoms, end + 1


def _unit_expr_at(n: Normalized, original: str, p: int, initial: Unit = ()
                  ) -> tuple[Unit, int] | None:
    """A unit expression starting at loose position p (module docstring, "Quantities"); with
    `initial` (a currency sign before the number) it may start with a separator: "$5/day"."""
    atoms: list[tuple[str, int]] = list(initial)
    end = p
    if not initial:
        first = _term_at(n, original, p)
        if first is None:
            return None
        atoms.extend(first[0])
        end = first[1]
    denominator = False
    while True:
        m = _MUL_SEP.match(n.text, end)
        if m:
            nxt = _term_at(n, original, m.end())
            if nxt is not None:
                sign = -1 if denominator else 1
                atoms.extend((a, e * sign) for a, e in nxt[0])
                end = nxt[1]
                continue
        m = _DIV_SEP.match(n.text, end)
        if m:
            nxt = _group_at(n, original, m.end())
            if nxt is not None:
                atoms.extend((a, -e) for a, e in nxt[0])
                end, denominator = nxt[1], True
                continue
        break
    if end == p:
        return None
    return _simplify(atoms), end


def _simplify(atoms: list[tuple[str, int]] | Unit) -> Unit:
    """Same atoms added up, zero exponents dropped, order of first appearance kept."""
    total: dict[str, int] = {}
    for a, e in atoms:
        total[a] = total.get(a, 0) + e
    return tuple((a, e) for a, e in total.items() if e)


def format_unit(unit: Unit) -> str | None:
    """Canonical text of a unit: "m3/day", "kW·h", "CNY/(kW·h)", "1/day"; None for no unit."""
    if not unit:
        return None

    def atom(a: str, e: int) -> str:
        return a if e == 1 else f"{a}{e}"

    top = "·".join(atom(a, e) for a, e in unit if e > 0) or "1"
    bottom = [atom(a, -e) for a, e in unit if e < 0]
    if not bottom:
        return top
    if len(bottom) == 1:
        return f"{top}/{bottom[0]}"
    return f"{top}/({'·'.join(bottom)})"


def _unit_of(text: str | None) -> Unit:
    """parse_unit, as atoms ("1/day" too)."""
    if text is None or not text.strip():
        return ()
    n = loose(text)
    if n.text.startswith("1/"):  # a bare denominator: start from a placeholder atom "1"
        found = _unit_expr_at(n, text, 1, initial=(("1", 1),))
        if found is not None:
            found = (tuple(x for x in found[0] if x[0] != "1"), found[1])
    else:
        found = _unit_expr_at(n, text, 0)
    if found is None or found[1] != len(n.text):
        raise CalcError(f"unit {text!r} is not a unit pincite knows")
    return found[0]


def parse_unit(text: str | None) -> str | None:
    """The canonical form of a unit written in any supported language: "м³/сут" -> "m3/day",
    "元/度" -> "CNY/(kW·h)", "" or None -> None. CalcError when it is not a known unit."""
    return format_unit(_unit_of(text))


def _si(unit: Unit) -> tuple[Fraction, Dims]:
    """Exact factor to SI and SI dimension of a unit; atoms outside the table are their own
    dimension with factor 1."""
    factor = Fraction(1)
    dims: dict[str, int] = {}
    for a, e in unit:
        if a in UNIT_FACTORS:
            f, d = UNIT_FACTORS[a]
            factor *= Fraction(f) ** e
            for k, v in d:
                dims[k] = dims.get(k, 0) + v * e
        else:
            dims[a] = dims.get(a, 0) + e
    return factor, tuple(sorted((k, v) for k, v in dims.items() if v))


def _same_kind(a: str, b: str) -> bool:
    """Atoms that merge in a product: both in the table with the same SI dimension."""
    return a in UNIT_FACTORS and b in UNIT_FACTORS and UNIT_FACTORS[a][1] == UNIT_FACTORS[b][1]


def _multiply_units(left: Unit, right: Unit) -> tuple[Unit, Fraction]:
    """left × right, merging atoms of the same kind into the one met first: (unit, factor to
    apply to the value)."""
    atoms: dict[str, int] = dict(left)
    factor = Fraction(1)
    for a, e in right:
        if a not in atoms:
            same = next((b for b, n in atoms.items() if n and _same_kind(a, b)), None)
            if same is not None:
                factor *= (Fraction(UNIT_FACTORS[a][0]) / Fraction(UNIT_FACTORS[same][0])) ** e
                a = same
        atoms[a] = atoms.get(a, 0) + e
    unit = tuple((a, e) for a, e in atoms.items() if e)
    ratios = [(a, e) for a, e in unit if a in _RATIOS]
    if ratios and (len(unit) > 1 or ratios[0][1] != 1):  # % applied as 1/100
        for a, e in ratios:
            factor *= Fraction(UNIT_FACTORS[a][0]) ** e
        unit = tuple((a, e) for a, e in unit if a not in _RATIOS)
    return unit, factor


def _conversion(src: Unit, dst: Unit) -> Fraction | None:
    """The exact factor from src to dst, or None when their dimensions differ."""
    fs, ds = _si(src)
    fd, dd = _si(dst)
    return fs / fd if ds == dd else None


# --- quantities ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Found:
    """A quantity in a text: readings of its number, spans in the original text."""

    mention: NumberMention
    readings: tuple[Decimal, ...]
    unit: Unit
    start: int
    end: int


_AMBIGUOUS = re.compile(r"(-?)(\d{1,3})([.,])(\d{3})")


def _readings(m: NumberMention) -> tuple[Decimal, ...]:
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
        if ls and _LETTER.match(n.text[ls - 1]):
            continue  # glued to a word: "m3", "DN50", "PX200" are not quantities
        prefix: Unit = ()
        start = m.start
        before = n.text[:ls].rstrip(" ")
        if before and before[-1] in _CURRENCY_PREFIX:
            prefix = ((_CURRENCY_PREFIX[before[-1]], 1),)
            start = n.offsets[len(before) - 1]
        unit, end = prefix, m.end
        for gap in ("", " ", "-"):
            if gap and not n.text.startswith(gap, le):
                continue
            if gap == "-" and not (le + 1 < len(n.text) and not n.text[le + 1].isdigit()):
                continue
            got = _unit_expr_at(n, text, le + len(gap), initial=prefix)
            if got is not None:
                unit = got[0]
                end = n.span_to_source(le, got[1])[1]
                break
        found.append(_Found(m, _readings(m), unit, start, end))
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


def _same_unit(a: Unit, b: Unit) -> bool:
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
            if _same_unit(f.unit, c.unit):
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
        if p and (_LETTER.match(t[p - 1]) or t[p - 1].isdigit()):
            continue
        got = _unit_expr_at(n, text, p)
        if got is None or not _same_unit(got[0], unit):
            continue
        written = t[p:got[1]]
        if len(written) == 1 and (is_cjk(written) or _LETTER.match(written)):
            before = t[:p].rstrip(" ")
            after = t[got[1]:got[1] + 1]
            if is_cjk(written) or not (before.endswith((",", "(", "[", "/"))
                                       and (after == "" or after in ")],;:.")):
                continue
        return True
    return False


# --- evaluation ---------------------------------------------------------------------------------

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,31}")
_LITERAL = re.compile(r"\d+(?:\.\d+)?")
_MAX_FORMULA = 500
_MAX_POWER = 4


def _context() -> Context:
    return Context(prec=28, rounding=ROUND_HALF_EVEN,
                   traps=[InvalidOperation, DivisionByZero, Overflow])


@dataclass(frozen=True)
class _Precision:
    """"sf" n significant figures or "dp" n decimal places, set by the input `source`."""

    kind: str
    n: int
    source: str


@dataclass(frozen=True)
class _Val:
    value: Decimal
    unit: Unit
    precision: _Precision | None  # None: exact constant


def _sf(v: _Val) -> _Precision | None:
    p = v.precision
    if p is None or p.kind == "sf":
        return p
    n = 1 if v.value == 0 else max(1, v.value.adjusted() + 1 + p.n)
    return _Precision("sf", n, p.source)


def _dp(v: _Val) -> _Precision | None:
    p = v.precision
    if p is None or p.kind == "dp":
        return p
    return _Precision("dp", p.n - 1 - v.value.adjusted(), p.source)


def _fewest(a: _Precision | None, b: _Precision | None) -> _Precision | None:
    if a is None or b is None:
        return a or b
    return b if b.n < a.n else a


def _scale(v: _Val, factor: Fraction, unit: Unit) -> _Val:
    """The value times an exact factor, in `unit`; precision carried as significant figures."""
    if factor == 1:
        return _Val(v.value, unit, v.precision)
    value = v.value * Decimal(factor.numerator) / Decimal(factor.denominator)
    return _Val(value, unit, _sf(v))


def _input_precision(q: Quantity) -> _Precision:
    """Significant figures of an input as written (module docstring, "Precision rule")."""
    digits = None
    for m in number_mentions(q.text):
        if q.value in _readings(m):
            written = [c for c in unicodedata.normalize("NFKC", m.text) if c.isdigit()]
            digits = "".join(written) if written else None
            if digits is None:  # spelled: the digits of its value
                digits = "".join(str(d) for d in q.value.as_tuple().digits)
            break
    if digits is None:
        digits = "".join(str(d) for d in q.value.as_tuple().digits)
    significant = digits.lstrip("0")
    if not significant:  # a zero: its decimal places
        return _Precision("dp", max(0, -_exponent(q.value)), q.text)
    return _Precision("sf", len(significant), q.text)


def _exponent(value: Decimal) -> int:
    """The exponent of a finite Decimal (``as_tuple().exponent``, the power of ten of its last
    digit). CalcError for NaN or an infinity, which neither a number read from a quote nor
    arithmetic under `_context()` (it traps overflow and division by zero) yields."""
    exponent = value.as_tuple().exponent
    if not isinstance(exponent, int):
        raise CalcError(f"{value} is not a finite number")
    return exponent


def _value_text(value: Decimal) -> str:
    return format(value, "f")


class _Evaluator:
    def __init__(self, formula: str, inputs: dict[str, Input], allow_literals: bool) -> None:
        self.formula = formula
        self.inputs = inputs
        self.allow_literals = allow_literals
        self.units: dict[str, Unit] = {}
        for name, inp in inputs.items():
            try:
                self.units[name] = _unit_of(inp.quantity.unit)
            except CalcError as e:
                raise CalcError(f"input {name}: {e.reason}") from None

    # each visit returns (value, rendered substitution, precedence of the rendering)
    def visit(self, node: ast.AST) -> tuple[_Val, str, int]:
        if isinstance(node, ast.Expression):
            return self.visit(node.body)
        if isinstance(node, ast.BinOp):
            return self.binop(node)
        if isinstance(node, ast.UnaryOp):
            return self.unary(node)
        if isinstance(node, ast.Name):
            return self.name(node)
        if isinstance(node, ast.Constant):
            return self.constant(node)
        raise CalcError(f"{_describe(node)} is not allowed in a formula")

    def name(self, node: ast.Name) -> tuple[_Val, str, int]:
        inp = self.inputs.get(node.id)
        if inp is None:
            raise CalcError(f"name {node.id} is not bound to an input")
        q = inp.quantity
        unit = self.units[node.id]
        shown = _value_text(q.value) + (f" {format_unit(unit)}" if unit else "")
        prec = 1 if q.value < 0 else 2 if unit else 3  # "(2 m)^2", "x × (−5 degC)"
        return _Val(q.value, unit, _input_precision(q)), shown, prec

    def constant(self, node: ast.Constant) -> tuple[_Val, str, int]:
        written = ast.get_source_segment(self.formula, node) or repr(node.value)
        if isinstance(node.value, str):
            raise CalcError(f"string literal {written} is not allowed in a formula")
        if isinstance(node.value, bool) or node.value is None or node.value is Ellipsis:
            raise CalcError(f"{written} is not allowed in a formula")
        if not _LITERAL.fullmatch(written):
            raise CalcError(f"number literal {written} is not allowed: write plain decimal "
                            "digits (no exponent, underscores, hex or complex)")
        if not self.allow_literals:
            raise CalcError(f"number literal {written} is not allowed: every number must come "
                            "from a cited input")
        return _Val(Decimal(written), (), None), written, 3

    def unary(self, node: ast.UnaryOp) -> tuple[_Val, str, int]:
        v, s, p = self.visit(node.operand)
        if isinstance(node.op, ast.USub):
            return _Val(-v.value, v.unit, v.precision), f"−{_paren(s, p, 2)}", 1
        if isinstance(node.op, ast.UAdd):
            return v, s, p
        raise CalcError(f"operator {_OPERATORS.get(type(node.op), type(node.op).__name__)} "
                        "is not allowed in a formula")

    def binop(self, node: ast.BinOp) -> tuple[_Val, str, int]:
        op = type(node.op)
        if op is ast.Pow:
            return self.power(node)
        if op not in (ast.Add, ast.Sub, ast.Mult, ast.Div):
            raise CalcError(f"operator {_OPERATORS.get(op, op.__name__)} is not allowed in a "
                            "formula (only + - * / and ** with a small integer exponent)")
        a, sa, pa = self.visit(node.left)
        b, sb, pb = self.visit(node.right)
        if op in (ast.Add, ast.Sub):
            symbol = "+" if op is ast.Add else "−"
            text = f"{_paren(sa, pa, 0)} {symbol} {_paren(sb, pb, 1)}"
            return self.add(a, b, op is ast.Sub), text, 0
        symbol = "×" if op is ast.Mult else "÷"
        text = f"{_paren(sa, pa, 1)} {symbol} {_paren(sb, pb, 2)}"
        return self.multiply(a, b, op is ast.Div, sa, sb), text, 1

    def add(self, a: _Val, b: _Val, subtract: bool) -> _Val:
        if not _same_unit(a.unit, b.unit):
            ratio_a = set(dict(a.unit)) <= _RATIOS
            ratio_b = set(dict(b.unit)) <= _RATIOS
            if ratio_a and ratio_b and (not a.unit or not b.unit):  # 1 + 20 %: plain numbers
                a = _scale(a, _si(a.unit)[0], ())
                b = _scale(b, _si(b.unit)[0], ())
            else:
                factor = _conversion(b.unit, a.unit)
                if factor is None:
                    symbol = "-" if subtract else "+"
                    raise CalcError(f"unit mismatch: {format_unit(a.unit) or 'no unit'} "
                                    f"{symbol} {format_unit(b.unit) or 'no unit'}")
                b = _scale(b, factor, a.unit)
        value = a.value - b.value if subtract else a.value + b.value
        return _Val(value, a.unit, _fewest(_dp(a), _dp(b)))

    def multiply(self, a: _Val, b: _Val, divide: bool, sa: str, sb: str) -> _Val:
        if divide and b.value == 0:
            raise CalcError(f"division by zero: {sa} ÷ {sb}")
        right = tuple((u, -e) for u, e in b.unit) if divide else b.unit
        unit, factor = _multiply_units(a.unit, right)
        value = a.value / b.value if divide else a.value * b.value
        if factor != 1:
            value = value * Decimal(factor.numerator) / Decimal(factor.denominator)
        return _Val(value, unit, _fewest(_sf(a), _sf(b)))

    def power(self, node: ast.BinOp) -> tuple[_Val, str, int]:
        exponent = node.right
        if isinstance(exponent, ast.UnaryOp) and isinstance(exponent.op, ast.USub):
            negative, literal = True, exponent.operand
        else:
            negative, literal = False, exponent
        if not (isinstance(literal, ast.Constant) and type(literal.value) is int
                and _LITERAL.fullmatch(ast.get_source_segment(self.formula, literal) or "")
                and literal.value <= _MAX_POWER):
            raise CalcError(f"exponent {ast.get_source_segment(self.formula, exponent)} is not "
                            f"allowed: only an integer from -{_MAX_POWER} to {_MAX_POWER}")
        k = -literal.value if negative else literal.value
        v, s, p = self.visit(node.left)
        if v.value == 0 and k < 0:
            raise CalcError(f"division by zero: {s} ^ {k}")
        unit, factor = _multiply_units((), tuple((u, e * k) for u, e in v.unit))
        value = v.value ** k
        if factor != 1:
            value = value * Decimal(factor.numerator) / Decimal(factor.denominator)
        return _Val(value, unit, _sf(v)), f"{_paren(s, p, 3)}^{k}", 2


_OPERATORS = {ast.FloorDiv: "//", ast.Mod: "%", ast.MatMult: "@", ast.LShift: "<<",
              ast.RShift: ">>", ast.BitOr: "|", ast.BitXor: "^", ast.BitAnd: "&",
              ast.Invert: "~", ast.Not: "not"}
_DESCRIPTIONS = {
    ast.Call: "a function call (f(x))",
    ast.Attribute: "attribute access (a.b)",
    ast.Subscript: "a subscript (a[i])",
    ast.Compare: "a comparison",
    ast.BoolOp: "a boolean operator (and/or)",
    ast.IfExp: "a conditional expression (x if y else z)",
    ast.Lambda: "a lambda",
    ast.NamedExpr: "an assignment expression (:=)",
    ast.Tuple: "a tuple",
    ast.List: "a list",
    ast.Set: "a set",
    ast.Dict: "a dict",
    ast.JoinedStr: "an f-string",
    ast.ListComp: "a comprehension",
    ast.SetComp: "a comprehension",
    ast.DictComp: "a comprehension",
    ast.GeneratorExp: "a generator expression",
    ast.Starred: "a starred expression",
    ast.Await: "await",
    ast.Yield: "yield",
    ast.YieldFrom: "yield",
    ast.Slice: "a slice",
}


def _describe(node: ast.AST) -> str:
    return _DESCRIPTIONS.get(type(node), type(node).__name__)


def _paren(text: str, prec: int, needed: int) -> str:
    """Parenthesise a rendering whose precedence (0 sum, 1 product, 2 power/unary, 3 atom) is
    below what its position needs."""
    return f"({text})" if prec < needed else text


def _bind(inputs: list[Input]) -> dict[str, Input]:
    bound: dict[str, Input] = {}
    for inp in inputs:
        if not isinstance(inp.name, str) or not _NAME.fullmatch(inp.name):
            raise CalcError(f"input name {inp.name!r} is not an identifier "
                            "([A-Za-z_][A-Za-z0-9_]{0,31})")
        if inp.name in bound:
            raise CalcError(f"input name {inp.name} is bound twice")
        if not isinstance(inp.quantity.value, Decimal) or not inp.quantity.value.is_finite():
            raise CalcError(f"input {inp.name} has no finite Decimal value")
        bound[inp.name] = inp
    return bound


def _shown(v: _Val) -> tuple[str, bool]:
    """The value rounded by its precision (module docstring): (text, whether digits dropped)."""
    p = v.precision
    if p is None:
        return _value_text(v.value), False
    exponent = -p.n if p.kind == "dp" else v.value.adjusted() - p.n + 1
    if v.value == 0 or _exponent(v.value) >= exponent:
        return _value_text(v.value), False
    rounded = v.value.quantize(Decimal(1).scaleb(exponent), rounding=ROUND_HALF_EVEN)
    return _value_text(rounded), rounded != v.value


def _precision_words(v: _Val, rounded: bool, rule: str | None = None) -> str:
    p = v.precision
    if p is None:
        return "exact: only exact constants, nothing to round"
    if p.kind == "sf":
        figures = "figure" if p.n == 1 else "figures"
        words = (f"rounded to {p.n} significant {figures}: "
                 + (rule or "× and ÷ keep the fewest significant figures of their operands")
                 + f" (least precise input: {p.source})")
    elif p.n >= 0:
        places = "place" if p.n == 1 else "places"
        words = (f"rounded to {p.n} decimal {places}: + and − keep the fewest decimal places "
                 f"of their operands (least precise input: {p.source})")
    else:
        words = (f"rounded to the nearest {10 ** -p.n}: + and − keep the fewest decimal places "
                 f"of their operands (least precise input: {p.source})")
    return words + ("" if rounded else "; nothing dropped: the exact result has no more digits")


def evaluate(formula: str, inputs: list[Input], *, expected_unit: str | None = None,
             allow_literals: bool = True) -> Result:
    """Evaluate `formula` over `inputs` (module docstring, "Evaluation" and "Precision rule").

    `expected_unit` (any written form, "m3", "м³"): the result is converted to it. Literals in
    the formula are exact constants; `allow_literals=False` forbids them, so that every number
    comes from a cited input. CalcError for a syntax outside the allowed set (naming it), a name
    not bound, an invalid or duplicate input name, a unit mismatch, a result that cannot be in
    `expected_unit`, a division by zero.
    """
    if not isinstance(formula, str) or not formula.strip():
        raise CalcError("the formula is empty")
    if len(formula) > _MAX_FORMULA:
        raise CalcError(f"the formula is longer than {_MAX_FORMULA} characters")
    bound = _bind(inputs)
    try:
        tree = ast.parse(formula.strip(), mode="eval")
    except SyntaxError as e:
        raise CalcError(f"the formula is not a valid expression: {e.msg}") from None
    except (ValueError, RecursionError, MemoryError):
        raise CalcError("the formula is not a valid expression") from None
    ev = _Evaluator(formula.strip(), bound, allow_literals)
    try:
        with localcontext(_context()):
            val, substitution, _ = ev.visit(tree)
            if expected_unit is not None:
                target = _unit_of(expected_unit)
                factor = _conversion(val.unit, target)
                if factor is None:
                    raise CalcError(f"the result in {format_unit(val.unit) or 'no unit'} cannot "
                                    f"be expressed in {format_unit(target) or 'no unit'}")
                val = _scale(val, factor, target)
            shown, rounded = _shown(val)
    except (DivisionByZero, ZeroDivisionError):
        raise CalcError("division by zero") from None
    except (InvalidOperation, Overflow) as e:
        raise CalcError(f"the arithmetic failed ({type(e).__name__})") from None
    except RecursionError:
        raise CalcError("the formula is nested too deeply") from None
    return Result(formula, substitution, val.value, format_unit(val.unit), shown,
                  _precision_words(val, rounded))


def _factor_text(f: Fraction) -> tuple[str, str]:
    """(formula form, shown form) of an exact factor: "* 10"/"10", "/ 60"/"1/60", "* 0.001"."""
    if f.denominator == 1:
        return f"x * {f.numerator}", str(f.numerator)
    if f.numerator == 1:
        return f"x / {f.denominator}", f"1/{f.denominator}"
    d = f.denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    if d == 1:  # terminating decimal
        with localcontext(_context()):
            text = _value_text(Decimal(f.numerator) / Decimal(f.denominator))
        return f"x * {text}", text
    return f"x * {f.numerator} / {f.denominator}", f"{f.numerator}/{f.denominator}"


def _wrapped(unit_text: str, operators: str) -> str:
    """The unit text in parentheses when it holds one of `operators`: "(kW·h)", "(L/h)"."""
    inner = unit_text[2:-1] if unit_text.startswith("1/(") else unit_text
    return f"({unit_text})" if any(o in inner for o in operators) else unit_text


def _table_text(unit: Unit) -> list[str]:
    """The UNIT_FACTORS lines of the atoms of `unit`: "1 MPa = 1000000 Pa"."""
    lines = []
    for a, _ in unit:
        if a in UNIT_FACTORS:
            f, dims = UNIT_FACTORS[a]
            si = _si_name(dims)
            if not (f == 1 and si == a):
                lines.append(f"1 {a} = {_value_text(f)} {si}".rstrip())
    return lines


def _si_name(dims: Dims) -> str:
    named = {_POWER: "W", _ENERGY: "J", _PRESSURE: "Pa"}
    if dims in named:
        return named[dims]
    names = {"length": "m", "mass": "kg", "time": "s"}
    return format_unit(tuple((names[k], v) for k, v in dims)) or ""


def convert(q: Quantity, to_unit: str) -> Result:
    """`q` in `to_unit` (the offline rule for plain unit conversions): 1,5 MPa -> bar = 15 bar,
    120 min -> h = 2 h, 1500 mm -> m = 1.5 m, 2 kW·h -> MJ = 7.2 MJ.

    The factor is exact, from UNIT_FACTORS (SI definitions); the formula is "x * factor" (or "x /
    divisor"), and the substitution names the factor's source in the table. Precision: the
    significant figures of `q` as written. CalcError when `to_unit` is unknown or of another
    dimension (currencies never convert: no exchange rates).
    """
    src = _unit_of(q.unit)
    dst = _unit_of(to_unit)
    factor = _conversion(src, dst)
    if factor is None:
        raise CalcError(f"{format_unit(src) or 'no unit'} cannot be converted to "
                        f"{format_unit(dst) or 'no unit'}")
    formula, shown_factor = _factor_text(factor)
    src_text, dst_text = format_unit(src), format_unit(dst)
    if dst_text is None:
        per = ""
    elif src_text is None:
        per = f" {dst_text}"
    else:
        per = f" {_wrapped(dst_text, '/')}/{_wrapped(src_text, '/·')}"
    sources = _table_text(_simplify(list(src) + list(dst)))
    substitution = (f"{_value_text(q.value)} {src_text or ''}".rstrip()
                    + f" × {shown_factor}{per}"
                    + (f" (unit table: {'; '.join(sources)})" if sources else ""))
    with localcontext(_context()):
        v = _Val(q.value, src, _input_precision(q))
        v = _scale(v, factor, dst)
        if v.precision is not None and factor == 1:
            v = _Val(v.value, dst, _sf(v))
        shown, rounded = _shown(v)
    rule = "a conversion by an exact factor keeps the significant figures of its input"
    return Result(formula, substitution, v.value, format_unit(dst), shown,
                  _precision_words(v, rounded, rule))
