"""The unit algebra of `answer.calc`: the unit table, reading a unit written after a number,
the canonical form, exact conversion factors to SI and products of units.

This module never reads numbers and never evaluates formulas (`answer.quantities` and
`answer.calc` do); it holds only exact Decimal factors, never float.

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
"""
from __future__ import annotations

import unicodedata
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction

from pincite.answer.normalize import Normalized, loose
from pincite.answer.unitnames import CASED_UNIT_ALIASES, RU_INSTRUMENTAL, UNIT_ALIASES, UNIT_SYMBOLS
from pincite.errors import CalcError
from pincite.text import lazyre

_LENGTH, _MASS, _TIME = "length", "mass", "time"
Dims = tuple[tuple[str, int], ...]


def _dims(**exps: int) -> Dims:
    return tuple(sorted((k, v) for k, v in exps.items() if v))


POWER = _dims(mass=1, length=2, time=-3)
ENERGY = _dims(mass=1, length=2, time=-2)
PRESSURE = _dims(mass=1, length=-1, time=-2)

UNIT_FACTORS: dict[str, tuple[Decimal, Dims]] = {
    # atom: (exact factor to the coherent SI unit, SI dimension). SI definitions; L = dm³.
    "nm": (Decimal("0.000000001"), _dims(length=1)),
    "um": (Decimal("0.000001"), _dims(length=1)),
    "mm": (Decimal("0.001"), _dims(length=1)),
    "cm": (Decimal("0.01"), _dims(length=1)),
    "m": (Decimal(1), _dims(length=1)),
    "km": (Decimal(1000), _dims(length=1)),
    "inch": (Decimal("0.0254"), _dims(length=1)),
    "mile": (Decimal("1609.344"), _dims(length=1)),  # the international mile (1959)
    "ft": (Decimal("0.3048"), _dims(length=1)),  # the international foot (1959)
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
    "mW": (Decimal("0.001"), POWER),
    "W": (Decimal(1), POWER),
    "kW": (Decimal(1000), POWER),
    "MW": (Decimal(1000000), POWER),
    "J": (Decimal(1), ENERGY),
    "kJ": (Decimal(1000), ENERGY),
    "MJ": (Decimal(1000000), ENERGY),
    "Pa": (Decimal(1), PRESSURE),
    "kPa": (Decimal(1000), PRESSURE),
    "MPa": (Decimal(1000000), PRESSURE),
    "bar": (Decimal(100000), PRESSURE),
    "mbar": (Decimal(100), PRESSURE),
    "%": (Decimal("0.01"), ()),
    "‰": (Decimal("0.001"), ()),
}
"""The conversion table: atom -> (exact factor to SI, SI dimension). Module docstring."""

RATIOS = frozenset({"%", "‰"})

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
CURRENCY_PREFIX = {"$": "USD", "€": "EUR", "₽": "RUB", "¥": "CNY", "£": "GBP"}
#: The ISO 4217 codes of the currencies pincite reads (answer.calculate.CURRENCIES names
#: their written forms): a unit holding one is an amount of money or a price.
CURRENCY_CODES = frozenset({"EUR", "USD", "RUB", "CNY", "GBP", "JPY"})


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
UNIT_LETTER = lazyre.compile(r"[a-zA-Z\u00c0-\u024f\u0370-\u03ff\u0400-\u052f]")
_EXPONENT = lazyre.compile(r"(?:\^(-?[1-4])|([1-4]))(?!\d)|(⁻?)([¹²³⁴])")
_SUPERSCRIPT_VALUES = {"¹": 1, "²": 2, "³": 3, "⁴": 4}
_MUL_SEP = lazyre.compile(r" ?[·⋅*•] ?")
_DIV_SEP = lazyre.compile(r"\.? ?/ ?| per | в |每")

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
            if UNIT_LETTER.match(last) and UNIT_LETTER.match(nxt):
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
    if m and m.group(2) and not UNIT_LETTER.match(n.text[end - 1]):
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


def unit_expr_at(n: Normalized, original: str, p: int, initial: Unit = ()
                  ) -> tuple[Unit, int] | None:
    """A unit expression starting at loose position p (answer.quantities' docstring); with
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
    return simplify(atoms), end


def simplify(atoms: list[tuple[str, int]] | Unit) -> Unit:
    """Same atoms added up, zero exponents dropped, order of first appearance kept."""
    total: dict[str, int] = {}
    for a, e in atoms:
        total[a] = total.get(a, 0) + e
    return tuple((a, e) for a, e in total.items() if e)


def format_unit(unit: Unit) -> str | None:
    """Canonical text of a unit: "m3/day", "kW·h", "CNY/(kW·h)", "1/day"; None for no unit."""
    if not unit:
        return None

    return _written(unit, lambda a, e: a if e == 1 else f"{a}{e}")


def _written(unit: Unit, atom: Callable[[str, int], str]) -> str:
    """A non-empty unit written with `atom(name, positive exponent)` for each atom: the
    numerator's atoms joined by "·" ("1" when it has none), then "/" and the denominator's,
    in parentheses when they are several ("CNY/(kW·h)")."""
    top = "·".join(atom(a, e) for a, e in unit if e > 0) or "1"
    bottom = [atom(a, -e) for a, e in unit if e < 0]
    if not bottom:
        return top
    if len(bottom) == 1:
        return f"{top}/{bottom[0]}"
    return f"{top}/({'·'.join(bottom)})"


_SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def format_unit_in(unit: Unit, lang: str) -> str | None:
    """A unit as an answer in `lang` writes it: `format_unit`'s form with each atom written by
    the symbol the language's texts use (unitnames.UNIT_SYMBOLS) and, where the language has
    such a table, exponents as superscripts ("m3/day" -> "м³/сут", "kW·h" -> "кВт·ч"); the
    canonical form itself in a language without one (en, zh: "m3/day"). None for no unit."""
    symbols = UNIT_SYMBOLS.get(lang)
    if symbols is None:
        return format_unit(unit)
    if not unit:
        return None

    def atom(a: str, e: int) -> str:
        shown = symbols.get(a, a)
        return shown if e == 1 else shown + str(e).translate(_SUPERSCRIPTS)

    def wrapped(a: str, e: int) -> str:  # "об/мин" inside a product or under a bar
        text = atom(a, e)
        return f"({text})" if "/" in text and len(unit) > 1 else text

    return _written(unit, wrapped)


def unit_shown(text: str | None, lang: str) -> str | None:
    """A canonical unit (`Quantity.unit`, `Result.unit`, `Calculation.unit`: "kW", "m3/day")
    as an answer in `lang` writes it (`format_unit_in`: "кВт", "м³/сут" in Russian); a text
    that is no unit pincite knows is returned as it is; None for None."""
    if text is None:
        return None
    try:
        return format_unit_in(unit_atoms(text), lang)
    except CalcError:
        return text


def unit_atoms(text: str | None) -> Unit:
    """parse_unit, as atoms ("1/day" too)."""
    if text is None or not text.strip():
        return ()
    n = loose(text)
    if n.text.startswith("1/"):  # a bare denominator: start from a placeholder atom "1"
        found = unit_expr_at(n, text, 1, initial=(("1", 1),))
        if found is not None:
            found = (tuple(x for x in found[0] if x[0] != "1"), found[1])
    else:
        found = unit_expr_at(n, text, 0)
    if found is None or found[1] != len(n.text):
        raise CalcError(f"unit {text!r} is not a unit pincite knows")
    return found[0]


def parse_unit(text: str | None) -> str | None:
    """The canonical form of a unit written in any supported language: "м³/сут" -> "m3/day",
    "元/度" -> "CNY/(kW·h)", "" or None -> None. CalcError when it is not a known unit."""
    return format_unit(unit_atoms(text))


def si_factor(unit: Unit) -> tuple[Fraction, Dims]:
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


def si_value(value: Decimal | Fraction | int, unit: str) -> tuple[Fraction, Dims]:
    """`value` of `unit` (a unit as written: "h", "мин", "m3/day") in SI units, exactly,
    with the unit's SI dimension (`si_factor`): (3600, time) of 1 "h"."""
    factor, dims = si_factor(unit_atoms(unit))
    return Fraction(value) * factor, dims


def is_duration(unit: str) -> bool:
    """Whether `unit` (as written) measures time ("h", "мин", "天")."""
    return si_factor(unit_atoms(unit))[1] == si_factor(unit_atoms("h"))[1]


def _same_kind(a: str, b: str) -> bool:
    """Atoms that merge in a product: both in the table with the same SI dimension."""
    return a in UNIT_FACTORS and b in UNIT_FACTORS and UNIT_FACTORS[a][1] == UNIT_FACTORS[b][1]


def multiply_units(left: Unit, right: Unit) -> tuple[Unit, Fraction]:
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
    ratios = [(a, e) for a, e in unit if a in RATIOS]
    if ratios and (len(unit) > 1 or ratios[0][1] != 1):  # % applied as 1/100
        for a, e in ratios:
            factor *= Fraction(UNIT_FACTORS[a][0]) ** e
        unit = tuple((a, e) for a, e in unit if a not in RATIOS)
    return unit, factor


def conversion_factor(src: Unit, dst: Unit) -> Fraction | None:
    """The exact factor from src to dst, or None when their dimensions differ."""
    fs, ds = si_factor(src)
    fd, dd = si_factor(dst)
    return fs / fd if ds == dd else None
