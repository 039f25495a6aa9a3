"""Every arithmetic step of an answer: quantities read from cited quotes, a formula evaluated by
code with `decimal.Decimal`, units tracked and converted, the result rounded by a stated rule
(docs/decisions/0008-questions.md).

This module owns the numbers an answer computes. It gets quantities (a value and a unit, as
written in a quote), a formula over named inputs and, optionally, the unit the result must be
in; it returns the result with its formula, its substitution, its unit and the precision rule
applied. It never uses float, `eval` or `exec`, and it knows nothing of chunks, pages or models:
the caller binds each input to a verified citation (`find_quantity` checks that the quote holds
the value and its unit) and compares the result with what a model claimed.

The quantities it reads live in `answer.quantities` (value and unit as a quote writes them)
and the unit algebra in `answer.units`; this module owns the evaluation and the precision
rule.

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
- Amounts of money and prices, and whole numbers with no unit (counts), are exact
  (`exact_input`): a document states them, it does not measure them.
- Every digit written in a quote is significant, trailing zeros of integers too ("30 сут": 2
  figures; "1 000 л": 4); "5万" has 1 (the digits written), a spelled number has the digits of
  its value (二十: 2). Literals of the formula and conversion factors are exact and never limit.
- Rounding is half to even (the "even multiple" rule of ISO 80000-1, Annex B). The shown value
  carries the figures the rule states: a result that is exact with fewer digits gets zeros
  after the decimal point (10 bar = 1.0 MPa, 120 min = 2.00 h), never before it (1.6 MPa = 1600
  kPa), so the precision words never claim figures the value does not show.
- The precision words and the unit-table note are written in the caller's language (`lang`:
  en, ru, zh; messages.MESSAGES); a CalcError's reason stays English.

Display: what a reader sees of a calculation - the shown value, the substitution (the inputs'
values and units) and the unit table - is written as the caller's language writes numbers and
units: its decimal separator (`number_shown`: "6,2" in Russian, "6.2" in en and zh) and its unit
symbols (units.format_unit_in: "кВт", "м³/сут" in Russian; the canonical symbols in en and zh).
Only the writing changes: the digits are the same, and `Result.value` (exact Decimal) and
`Result.unit` (canonical, "kW") are the same in every language, for code to read.
"""
from __future__ import annotations

import ast
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

from pincite.answer.messages import counted, message
from pincite.answer.numbers import number_mentions
from pincite.answer.quantities import Quantity, number_readings, same_unit
from pincite.answer.units import (
    CURRENCY_CODES,
    ENERGY,
    POWER,
    PRESSURE,
    RATIOS,
    UNIT_FACTORS,
    Dims,
    Unit,
    conversion_factor,
    format_unit,
    format_unit_in,
    multiply_units,
    si_factor,
    simplify,
    unit_atoms,
)
from pincite.errors import CalcError
from pincite.text import lazyre

__all__ = [
    "CalcError",
    "Input",
    "Result",
    "convert",
    "evaluate",
    "number_shown",
]


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
    `shown` the value rounded by the precision rule; `precision` that rule, in words;
    `unit_shown` the unit as the caller's language writes it ("кВт" in Russian; None without
    a unit). `substitution`, `shown` and `unit_shown` are written in the caller's language
    (`number_shown`, units.format_unit_in: "12,4 кВт − 6,2 кВт", "6,2" in Russian); `value`
    and `unit` are the same in every language."""

    formula: str
    substitution: str
    value: Decimal
    unit: str | None
    shown: str
    precision: str
    unit_shown: str | None = None


# --- the unit table -----------------------------------------------------------------------------


# --- quantities ---------------------------------------------------------------------------------


# --- evaluation ---------------------------------------------------------------------------------

_NAME = lazyre.compile(r"[A-Za-z_][A-Za-z0-9_]{0,31}")
_LITERAL = lazyre.compile(r"\d+(?:\.\d+)?")
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


def exact_input(value: Decimal, unit: Unit) -> bool:
    """Whether an input is exact, not measured ("Precision rule"): money or a price ("200.5 CNY",
    "0.5483 CNY/kWh") and a count, a whole number with no unit ("8 lessons"): 200.5 CNY + 171.97
    CNY is 372.47 CNY, not 372.5; 8 × 350 RUB is 2800 RUB, not 3000."""
    if not unit:
        return _exponent(value) >= 0  # written with no decimal places ("8", not "8.0")
    return any(atom in CURRENCY_CODES and power > 0 for atom, power in unit)


def _input_precision(q: Quantity) -> _Precision:
    """Significant figures of an input as written (module docstring, "Precision rule")."""
    digits = None
    for m in number_mentions(q.text):
        if q.value in number_readings(m):
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


#: Languages whose texts write a decimal comma ("6,2"); the others write a point.
DECIMAL_COMMA = frozenset({"ru"})


def number_shown(text: str, lang: str) -> str:
    """A number as written in plain decimal digits ("6.2", "1/60", "0.001") with the decimal
    separator of `lang` (`DECIMAL_COMMA`: "6,2" in Russian; a point in en and zh). The digits
    are kept as they are: no grouping, no rounding."""
    return text.replace(".", ",") if lang in DECIMAL_COMMA else text


class _Evaluator:
    def __init__(self, formula: str, inputs: dict[str, Input], allow_literals: bool, lang: str = "en") -> None:
        self.formula = formula
        self.inputs = inputs
        self.allow_literals = allow_literals
        self.lang = lang
        self.units: dict[str, Unit] = {}
        for name, inp in inputs.items():
            try:
                self.units[name] = unit_atoms(inp.quantity.unit)
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
        shown = number_shown(_value_text(q.value), self.lang)
        if unit:
            shown += f" {format_unit_in(unit, self.lang)}"
        prec = 1 if q.value < 0 else 2 if unit else 3  # "(2 m)^2", "x × (−5 degC)"
        return _Val(q.value, unit, None if exact_input(q.value, unit) else _input_precision(q)), shown, prec

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
        return _Val(Decimal(written), (), None), number_shown(written, self.lang), 3

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
        if not same_unit(a.unit, b.unit):
            ratio_a = set(dict(a.unit)) <= RATIOS
            ratio_b = set(dict(b.unit)) <= RATIOS
            if ratio_a and ratio_b and (not a.unit or not b.unit):  # 1 + 20 %: plain numbers
                a = _scale(a, si_factor(a.unit)[0], ())
                b = _scale(b, si_factor(b.unit)[0], ())
            else:
                factor = conversion_factor(b.unit, a.unit)
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
        unit, factor = multiply_units(a.unit, right)
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
        unit, factor = multiply_units((), tuple((u, e * k) for u, e in v.unit))
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
    """The value with the figures its precision states (module docstring): rounded half to
    even when it has more, zeros added after the decimal point when the exact value has fewer
    (1 -> "1.0" for 2 significant figures); (text, whether digits were dropped). A zero, and a
    value whose stated figures exceed the 28-digit context, are shown as computed."""
    p = v.precision
    if p is None:
        return _value_text(v.value), False
    exponent = -p.n if p.kind == "dp" else v.value.adjusted() - p.n + 1
    if v.value == 0 or v.value.adjusted() - exponent + 1 > _context().prec:
        return _value_text(v.value), False
    shown = v.value.quantize(Decimal(1).scaleb(exponent), rounding=ROUND_HALF_EVEN)
    return _value_text(shown), shown != v.value


def _precision_words(v: _Val, rounded: bool, lang: str, rule: str = "calc_rule_product") -> str:
    """The precision rule applied to `v`, in `lang` (messages.MESSAGES): to how many figures
    or places it was rounded, by which rule (`rule`, a message key, for significant figures)
    and its least precise input, and whether no digit was dropped."""
    p = v.precision
    if p is None:
        return message("calc_exact", lang)
    if p.kind == "sf":
        to = counted(p.n, "significant figure", lang, case="gent")
    elif p.n >= 0:
        to, rule = counted(p.n, "decimal place", lang, case="gent"), "calc_rule_sum"
    else:
        to, rule = message("calc_nearest", lang).format(step=10 ** -p.n), "calc_rule_sum"
    words = message("calc_rounded", lang).format(to=to, rule=message(rule, lang), source=p.source)
    return words + ("" if rounded else message("calc_nothing_dropped", lang))


def evaluate(formula: str, inputs: list[Input], *, expected_unit: str | None = None,
             allow_literals: bool = True, lang: str = "en") -> Result:
    """Evaluate `formula` over `inputs` (module docstring, "Evaluation" and "Precision rule");
    the precision words in `lang`.

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
    ev = _Evaluator(formula.strip(), bound, allow_literals, lang)
    try:
        with localcontext(_context()):
            val, substitution, _ = ev.visit(tree)
            if expected_unit is not None:
                target = unit_atoms(expected_unit)
                factor = conversion_factor(val.unit, target)
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
    return Result(formula, substitution, val.value, format_unit(val.unit), number_shown(shown, lang),
                  _precision_words(val, rounded, lang), format_unit_in(val.unit, lang))


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


def _table_text(unit: Unit, lang: str = "en") -> list[str]:
    """The UNIT_FACTORS lines of the atoms of `unit`, written in `lang` (`number_shown`,
    units.format_unit_in): "1 MPa = 1000000 Pa", "1 мм = 0,001 м"."""
    lines = []
    for a, _ in unit:
        if a in UNIT_FACTORS:
            f, dims = UNIT_FACTORS[a]
            si = _si_name(dims)
            if not (f == 1 and si == a):
                si_shown = format_unit_in(unit_atoms(si), lang) if si else ""
                lines.append(f"1 {format_unit_in(((a, 1),), lang)} = {number_shown(_value_text(f), lang)} "
                             f"{si_shown}".rstrip())
    return lines


def _si_name(dims: Dims) -> str:
    named = {POWER: "W", ENERGY: "J", PRESSURE: "Pa"}
    if dims in named:
        return named[dims]
    names = {"length": "m", "mass": "kg", "time": "s"}
    return format_unit(tuple((names[k], v) for k, v in dims)) or ""


def convert(q: Quantity, to_unit: str, lang: str = "en") -> Result:
    """`q` in `to_unit` (the offline rule for plain unit conversions): 1,5 MPa -> bar = 15 bar,
    120 min -> h = 2 h, 1500 mm -> m = 1.5 m, 2 kW·h -> MJ = 7.2 MJ.

    The factor is exact, from UNIT_FACTORS (SI definitions); the formula is "x * factor" (or "x /
    divisor"), and the substitution names the factor's source in the table. Precision: the
    significant figures of `q` as written. The substitution, its unit-table note, the shown value
    and the precision words are in `lang` (as `evaluate`'s); the formula and `Result.value` and
    `unit` are the same in every language. CalcError when `to_unit` is unknown or of another dimension (currencies never
    convert: no exchange rates).
    """
    src = unit_atoms(q.unit)
    dst = unit_atoms(to_unit)
    factor = conversion_factor(src, dst)
    if factor is None:
        raise CalcError(f"{format_unit(src) or 'no unit'} cannot be converted to "
                        f"{format_unit(dst) or 'no unit'}")
    formula, shown_factor = _factor_text(factor)
    shown_factor = number_shown(shown_factor, lang)
    src_text, dst_text = format_unit_in(src, lang), format_unit_in(dst, lang)
    if dst_text is None:
        per = ""
    elif src_text is None:
        per = f" {dst_text}"
    else:
        per = f" {_wrapped(dst_text, '/')}/{_wrapped(src_text, '/·')}"
    sources = _table_text(simplify(list(src) + list(dst)), lang)
    substitution = (f"{number_shown(_value_text(q.value), lang)} {src_text or ''}".rstrip()
                    + f" × {shown_factor}{per}"
                    + (f" ({message('calc_unit_table', lang).format(lines='; '.join(sources))})"
                       if sources else ""))
    with localcontext(_context()):
        v = _Val(q.value, src, _input_precision(q))
        v = _scale(v, factor, dst)
        if v.precision is not None and factor == 1:
            v = _Val(v.value, dst, _sf(v))
        shown, rounded = _shown(v)
    return Result(formula, substitution, v.value, format_unit(dst), number_shown(shown, lang),
                  _precision_words(v, rounded, lang, "calc_rule_conversion"), format_unit_in(dst, lang))
