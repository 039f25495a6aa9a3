"""Calculations: quantities parsed from quotes, a safe Decimal evaluator with units,
unit conversions and the stated precision rule."""
from __future__ import annotations

import ast
import re
from decimal import Decimal

import pytest

from pincite.answer import calc, quantities, units
from pincite.answer.calc import CalcError, Input, convert, evaluate
from pincite.answer.quantities import Quantity, find_quantity, parse_quantity, quantities_in
from pincite.answer.units import UNIT_FACTORS, parse_unit


def q(text: str, lang: str | None = None) -> Quantity:
    return parse_quantity(text, lang)


def inputs(**quantities: Quantity) -> list[Input]:
    return [Input(name, quantity) for name, quantity in quantities.items()]


def reason(excinfo: pytest.ExceptionInfo[CalcError]) -> str:
    assert isinstance(excinfo.value, ValueError)
    assert str(excinfo.value) == excinfo.value.reason
    return excinfo.value.reason


# --- parse_quantity ---------------------------------------------------------------------------

@pytest.mark.parametrize("text, lang, value, unit", [
    ("1,5 м³/сут", None, "1.5", "m3/day"),
    ("1.5 m3/day", None, "1.5", "m3/day"),
    ("1,5 м3/сут", None, "1.5", "m3/day"),
    ("2 m³/day", None, "2", "m3/day"),
    ("3 m3/d", None, "3", "m3/day"),
    ("2 立方米/日", None, "2", "m3/day"),
    ("1,5 м³ в сутки", None, "1.5", "m3/day"),
    ("5 m³ per day", None, "5", "m3/day"),
    ("1 000 л", None, "1000", "L"),
    ("1\u00a0000 л", None, "1000", "L"),  # no-break space
    ("1\u2009000 л", None, "1000", "L"),  # thin space
    ("1\u202f000 л", None, "1000", "L"),  # narrow no-break space
    ("1.2 L", None, "1.2", "L"),
    ("１２ кг", None, "12", "kg"),  # full-width digits
    ("二十天", None, "20", "day"),
    ("一百二十", None, "120", None),
    ("1.5千瓦", None, "1.5", "kW"),
    ("5万元", None, "50000", "CNY"),
    ("1.5亿元", None, "150000000", "CNY"),
    ("3.07元/立方米", None, "3.07", "CNY/m3"),
    ("10 bar", None, "10", "bar"),
    ("2 бар", None, "2", "bar"),
    ("250 h", None, "250", "h"),
    ("2 ч", None, "2", "h"),
    ("4 小时", None, "4", "h"),
    ("30 сут", None, "30", "day"),
    ("3 days", None, "3", "day"),
    ("3 天", None, "3", "day"),
    ("3 日", None, "3", "day"),
    ("5 мин", None, "5", "min"),
    ("5 min", None, "5", "min"),
    ("5 分钟", None, "5", "min"),
    ("20 мм", None, "20", "mm"),
    ("20 mm", None, "20", "mm"),
    ("20 毫米", None, "20", "mm"),
    ("3 м", None, "3", "m"),
    ("3 m", None, "3", "m"),
    ("3米", None, "3", "m"),
    ("5 кВт", None, "5", "kW"),
    ("5 kW", None, "5", "kW"),
    ("5 кВт·ч", None, "5", "kW·h"),
    ("5 kWh", None, "5", "kW·h"),
    ("5 kW·h", None, "5", "kW·h"),
    ("5 千瓦时", None, "5", "kW·h"),
    ("10度电", None, "10", "kW·h"),
    ("10度", None, "10", "kW·h"),  # 度 after a number is the electricity unit (documented)
    ("0.6元/度", None, "0.6", "CNY/(kW·h)"),
    ("1,5 МПа", None, "1.5", "MPa"),
    ("1,5 MPa", None, "1.5", "MPa"),
    ("3 兆帕", None, "3", "MPa"),
    ("200 кПа", None, "200", "kPa"),
    ("200 kPa", None, "200", "kPa"),
    ("5 кг", None, "5", "kg"),
    ("5 kg", None, "5", "kg"),
    ("5 公斤", None, "5", "kg"),
    ("5 千克", None, "5", "kg"),
    ("5 т", None, "5", "t"),
    ("5 t", None, "5", "t"),
    ("5 吨", None, "5", "t"),
    ("20 %", None, "20", "%"),
    ("20%", None, "20", "%"),
    ("100 руб.", None, "100", "RUB"),
    ("100 ₽", None, "100", "RUB"),
    ("10 руб./м³", None, "10", "RUB/m3"),
    ("1,5 млн руб.", None, "1500000", "RUB"),
    ("5 USD", None, "5", "USD"),
    ("$5", None, "5", "USD"),
    ("$5/day", None, "5", "USD/day"),
    ("-5 °C", None, "-5", "degC"),
    ("18 месяцев", None, "18", "month"),
    ("Норма водоотведения 1,5 м³/сут", None, "1.5", "m3/day"),
    ("в течение тридцати суток", None, "30", "day"),
])
def test_parse_quantity(text, lang, value, unit):
    got = parse_quantity(text, lang)
    assert got.value == Decimal(value)
    assert isinstance(got.value, Decimal)
    assert got.unit == unit


def test_parse_quantity_keeps_the_text_as_written():
    assert q("1,5 м³/сут").text == "1,5 м³/сут"
    assert q("Норма водоотведения 1,5 м³/сут").text == "1,5 м³/сут"
    assert q("1\u00a0000 л").text == "1\u00a0000 л"
    assert q("5万元").text == "5万元"
    assert q("$5").text == "$5"


@pytest.mark.parametrize("lang, value", [("ru", "1.5"), ("en", "1500"), ("zh", "1500")])
def test_ambiguous_thousands_decided_by_language(lang, value):
    assert q("1,500", lang).value == Decimal(value)
    assert q("1,500 кг", lang).value == Decimal(value)


def test_ambiguous_thousands_without_language_is_an_error():
    with pytest.raises(CalcError) as e:
        q("1,500")
    assert "ambiguous" in reason(e) and "language" in reason(e)
    with pytest.raises(CalcError):
        q("1.500", "ru")  # "." after ru digits: 1.5 or 1500, undecided


def test_unambiguous_separators_need_no_language():
    assert q("1,5").value == Decimal("1.5")
    assert q("1,25").value == Decimal("1.25")
    assert q("1 500,5").value == Decimal("1500.5")
    assert q("1,234,567").value == Decimal(1234567)


@pytest.mark.parametrize("text", ["", "литров", "m3/day", "no number here"])
def test_parse_quantity_without_number(text):
    with pytest.raises(CalcError) as e:
        q(text)
    assert "no number" in reason(e)


@pytest.mark.parametrize("text", ["1,5 и 2", "30 сут и 1,5 м³", "10 bar, 250 h"])
def test_parse_quantity_with_several_numbers(text):
    with pytest.raises(CalcError) as e:
        q(text)
    assert "more than one number" in reason(e)


def test_digits_of_a_unit_are_not_numbers():
    assert q("1.5 m3/day").value == Decimal("1.5")  # the 3 of m3 is the unit's
    assert q("4 mm2").unit == "mm2"
    assert q("10 m^2").unit == "m2"


def test_number_without_a_single_value():
    with pytest.raises(CalcError):
        q("10²")


def test_quantities_in_a_quote():
    found = quantities_in("Давление 10 bar в течение 250 h, расход 1,5 м³/сут")
    assert [(x.value, x.unit) for x in found] == [
        (Decimal(10), "bar"), (Decimal(250), "h"), (Decimal("1.5"), "m3/day")]


@pytest.mark.parametrize("written, canonical", [
    ("m3/day", "m3/day"), ("м³/сут", "m3/day"), ("立方米/日", "m3/day"), ("m³/d", "m3/day"),
    ("kW·h", "kW·h"), ("kWh", "kW·h"), ("кВт·ч", "kW·h"), ("元/度", "CNY/(kW·h)"),
    ("CNY/(kW·h)", "CNY/(kW·h)"), ("1/day", "1/day"), ("бар", "bar"), ("兆帕", "MPa"),
    ("%", "%"), ("", None), (None, None), ("degC", "degC"),
])
def test_parse_unit(written, canonical):
    assert parse_unit(written) == canonical


@pytest.mark.parametrize("written", ["万元", "furlongs", "m3/"])
def test_parse_unit_unknown(written):
    with pytest.raises(CalcError):
        parse_unit(written)


# --- find_quantity ----------------------------------------------------------------------------

RATE_QUOTE = "Норма водоотведения 1,5 м³/сут"
PERIOD_QUOTE = "Сброс производится в течение 30 сут"


def test_find_quantity_in_its_quote():
    rate = find_quantity(RATE_QUOTE, "1,5 м³/сут")
    assert rate == Quantity(Decimal("1.5"), "m3/day", "1,5 м³/сут")
    assert find_quantity(RATE_QUOTE, "1.5 m3/day", "en") == rate  # values compared
    assert find_quantity(RATE_QUOTE, "1.5", "en") == rate  # unit taken from the quote
    days = find_quantity(PERIOD_QUOTE, "30 days", "en")
    assert days == Quantity(Decimal(30), "day", "30 сут")


def test_find_quantity_value_not_in_quote():
    with pytest.raises(CalcError) as e:
        find_quantity(RATE_QUOTE, "1,6 м³/сут")
    assert reason(e) == "value 1,6 is not in its quote"
    with pytest.raises(CalcError) as e:
        find_quantity(RATE_QUOTE, "15")
    assert reason(e) == "value 15 is not in its quote"


def test_find_quantity_unit_differs_from_the_quote():
    with pytest.raises(CalcError) as e:
        find_quantity(RATE_QUOTE, "1,5 м³")
    assert "unit m3 of 1,5 differs" in reason(e) and "m3/day" in reason(e)
    with pytest.raises(CalcError):
        find_quantity(RATE_QUOTE, "1,5 л/сут")


def test_find_quantity_unit_in_a_header():
    got = find_quantity("Расход, м³/сут: 1,5", "1,5 m3/day")
    assert (got.value, got.unit, got.text) == (Decimal("1.5"), "m3/day", "1,5")
    with pytest.raises(CalcError) as e:
        find_quantity("Расход: 1,5", "1,5 m3/day")
    assert "not written in its quote" in reason(e)


def test_find_quantity_other_languages_and_forms():
    assert find_quantity("总投资5万元", "50000 CNY", "en").value == Decimal(50000)
    assert find_quantity("总投资5万元", "50 000").unit == "CNY"
    assert find_quantity("周期为二十天", "20 days").value == Decimal(20)
    assert find_quantity("额定功率为1.5千瓦", "1,5 кВт", "ru").unit == "kW"
    assert find_quantity("Pressure 10 bar for 250 h", "250").unit == "h"


def test_find_quantity_reads_ambiguous_quote_numbers_in_the_quote_language():
    assert find_quantity("Tank volume 1,500 L", "1500 L", "en").value == Decimal(1500)
    with pytest.raises(CalcError) as e:
        find_quantity("Tank volume 1,500 L", "1.5 L", "en")
    assert "not in its quote" in reason(e)
    assert find_quantity("Объём бака 1,500 л", "1.5 л", "en").value == Decimal("1.5")
    with pytest.raises(CalcError):
        find_quantity("Объём бака 1,500 л", "1500 л", "en")
    assert find_quantity("1,500", "1500", "en", quote_lang="en").value == Decimal(1500)
    with pytest.raises(CalcError) as e:
        find_quantity("1,500", "1500", "en")  # no letters: the quote's language is unknown
    assert "ambiguous" in reason(e)


def test_find_quantity_same_value_with_different_units_needs_the_unit():
    with pytest.raises(CalcError) as e:
        find_quantity("5 m and 5 kg", "5")
    assert "several units" in reason(e)
    assert find_quantity("5 m and 5 kg", "5 kg").unit == "kg"


# --- evaluate: the case ---------------------------------------------------------------

def test_daily_rate_times_days_on_two_quotes():
    rate = find_quantity(RATE_QUOTE, "1,5 м³/сут")
    days = find_quantity(PERIOD_QUOTE, "30 сут")
    r = evaluate("rate * days", [Input("rate", rate, 0), Input("days", days, 1)])
    assert r.value == Decimal(45) and isinstance(r.value, Decimal)
    assert r.unit == "m3"
    assert r.formula == "rate * days"
    assert r.substitution == "1.5 m3/day × 30 day"
    assert r.shown == "45"
    assert "2 significant figures" in r.precision and "1,5 м³/сут" in r.precision
    assert evaluate("rate * days", inputs(rate=rate, days=days), expected_unit="m3").value == 45
    liters = evaluate("rate * days", inputs(rate=rate, days=days), expected_unit="л")
    assert (liters.value, liters.unit) == (Decimal(45000), "L")


def test_decimal_is_exact():
    r = evaluate("0.1 + 0.2", [])
    assert r.value == Decimal("0.3") and r.shown == "0.3"
    r = evaluate("a + b", inputs(a=q("0,1"), b=q("0,2")))
    assert r.value == Decimal("0.3")
    r = evaluate("a * b", inputs(a=q("1.1"), b=q("1.1")))
    assert r.value == Decimal("1.21")


def test_literals_are_read_from_their_text_never_float():
    r = evaluate("x * 0.1", inputs(x=q("3")))
    assert r.value == Decimal("0.3")  # float would give 0.30000000000000004
    with pytest.raises(CalcError) as e:
        evaluate("x * 30", inputs(x=q("3")), allow_literals=False)
    assert "literal 30" in reason(e)


# --- evaluate: units --------------------------------------------------------------------------

@pytest.mark.parametrize("formula, quantities, value, unit", [
    ("p * t", {"p": "1.5千瓦", "t": "250 h"}, "375", "kW·h"),
    ("price * vol", {"price": "3.07元/立方米", "vol": "45 m3"}, "138.15", "CNY"),
    ("tariff * e", {"tariff": "0.6元/度", "e": "10 kWh"}, "6", "CNY"),
    ("e / t", {"e": "10度电", "t": "2 h"}, "5", "kW"),
    ("rate * t", {"rate": "1,5 м³/сут", "t": "12 ч"}, "0.75", "m3"),  # h merged into day
    ("v + w", {"v": "1 м³", "w": "500 л"}, "1.5", "m3"),  # L converted to m3
    ("a + b", {"a": "1 m", "b": "250 mm"}, "1.25", "m"),
    ("a - b", {"a": "2 h", "b": "30 min"}, "1.5", "h"),
    ("a * b", {"a": "2 m", "b": "500 mm"}, "1", "m2"),
    ("a ** 2", {"a": "3 m"}, "9", "m2"),
    ("a ** -1", {"a": "4 h"}, "0.25", "1/h"),
    ("d / t", {"d": "10 m", "t": "4 s"}, "2.5", "m/s"),
    ("vat * a", {"a": "100 руб.", "vat": "20 %"}, "20", "RUB"),  # % applied as 1/100
    ("a * (1 + vat)", {"a": "100 руб.", "vat": "20 %"}, "120", "RUB"),
    ("2 * vat", {"vat": "20 %"}, "40", "%"),
    ("a / b", {"a": "10 MPa", "b": "2 bar"}, "50", None),  # bar merged into MPa
    ("-a + b", {"a": "2 kg", "b": "5 kg"}, "3", "kg"),
])
def test_units_follow_the_operations(formula, quantities, value, unit):
    r = evaluate(formula, inputs(**{k: q(v, "ru") for k, v in quantities.items()}))
    assert r.value == Decimal(value)
    assert r.unit == unit


@pytest.mark.parametrize("formula, quantities, message", [
    ("a + b", {"a": "1 м³", "b": "1 м³/сут"}, "unit mismatch: m3 + m3/day"),
    ("a - b", {"a": "1 m3", "b": "2 kg"}, "unit mismatch: m3 - kg"),
    ("a + 1", {"a": "1 m3"}, "unit mismatch: m3 + no unit"),
    ("a + b", {"a": "5 CNY", "b": "5 USD"}, "unit mismatch: CNY + USD"),
    ("a + b", {"a": "5 kW", "b": "5 kW·h"}, "unit mismatch: kW + kW·h"),
])
def test_unit_mismatch(formula, quantities, message):
    with pytest.raises(CalcError) as e:
        evaluate(formula, inputs(**{k: q(v, "ru") for k, v in quantities.items()}))
    assert reason(e) == message


def test_expected_unit_that_does_not_fit():
    with pytest.raises(CalcError) as e:
        evaluate("rate * days", inputs(rate=q("1,5 м³/сут"), days=q("30 сут")),
                 expected_unit="kW")
    assert reason(e) == "the result in m3 cannot be expressed in kW"
    with pytest.raises(CalcError):
        evaluate("a", inputs(a=q("5 m")), expected_unit="万元")


# --- evaluate: what is not allowed -------------------------------------------------------------

def test_unbound_name():
    with pytest.raises(CalcError) as e:
        evaluate("rate * days", inputs(rate=q("1,5 м³/сут")))
    assert reason(e) == "name days is not bound to an input"


@pytest.mark.parametrize("formula, words", [
    ("__import__('os')", "function call"),
    ("f(x)", "function call"),
    ("a.b", "attribute access"),
    ("x.__class__", "attribute access"),
    ("a[0]", "subscript"),
    ("x if y else z", "conditional expression"),
    ('"s"', "string literal"),
    ("x + 's'", "string literal"),
    ("1e999", "number literal 1e999"),
    ("1E5", "number literal 1E5"),
    ("0x10", "number literal 0x10"),
    ("1_000", "number literal 1_000"),
    ("2j", "number literal 2j"),
    ("True", "True is not allowed"),
    ("a < b", "comparison"),
    ("a and b", "boolean operator"),
    ("not x", "operator not"),
    ("lambda: 1", "lambda"),
    ("x // 2", "operator //"),
    ("x % 2", "operator %"),
    ("x ^ y", "operator ^"),
    ("(x := 1)", "assignment expression"),
    ("[x]", "list"),
    ("x, y", "tuple"),
    ("2 ** x", "exponent x"),
    ("x ** 5", "exponent 5"),
    ("x ** 2 ** 2", "exponent 2 ** 2"),
    ("x ** 0.5", "exponent 0.5"),
    ("1 +", "not a valid expression"),
    ("import os", "not a valid expression"),
    ("x; y", "not a valid expression"),
    ("", "empty"),
])
def test_forbidden_syntax(formula, words):
    bound = inputs(x=q("2"), y=q("3"), a=q("4"), b=q("5"))
    with pytest.raises(CalcError) as e:
        evaluate(formula, bound)
    assert words in reason(e)


@pytest.mark.parametrize("module", [calc, quantities, units])
def test_no_eval_or_exec_in_the_module(module):
    tree = ast.parse(open(module.__file__, encoding="utf-8").read())
    called = {n.func.id for n in ast.walk(tree)
              if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    assert not called & {"eval", "exec", "compile", "float", "__import__"}


@pytest.mark.parametrize("name", ["1x", "a-b", "", "x" * 33, "ставка"])
def test_invalid_input_names(name):
    with pytest.raises(CalcError) as e:
        evaluate("1", [Input(name, q("1"))])
    assert "not an identifier" in reason(e)


def test_duplicate_and_non_decimal_inputs():
    with pytest.raises(CalcError) as e:
        evaluate("a", [Input("a", q("1")), Input("a", q("2"))])
    assert "bound twice" in reason(e)
    with pytest.raises(CalcError):
        evaluate("a", [Input("a", Quantity(1.5, None, "1.5"))])  # a float is refused
    with pytest.raises(CalcError) as e:
        evaluate("a", [Input("a", Quantity(Decimal(1), "furlong", "1 furlong"))])
    assert "input a" in reason(e)


@pytest.mark.parametrize("formula", ["a / b", "a / (b - b)", "a / 0", "b ** -1", "a / (c * b)"])
def test_division_by_zero(formula):
    with pytest.raises(CalcError) as e:
        evaluate(formula, inputs(a=q("5 kW"), b=q("0 h"), c=q("2")))
    assert "division by zero" in reason(e)


def test_long_formula_refused():
    with pytest.raises(CalcError):
        evaluate(" + ".join(["x"] * 200), inputs(x=q("1")))


# --- precision rule ---------------------------------------------------------------------------

@pytest.mark.parametrize("formula, quantities, value, shown, rule", [
    # × ÷: the fewest significant figures
    ("a * b", {"a": "4.56", "b": "1.4"}, "6.384", "6.4", "2 significant figures"),
    ("a / b", {"a": "4.56", "b": "1.4"}, None, "3.3", "2 significant figures"),
    ("a / b", {"a": "10 m", "b": "3 s"}, None, "3", "1 significant figure"),
    ("p * t", {"p": "1.5 kW", "t": "250 h"}, "375.0", "380", "2 significant figures"),
    ("a * b", {"a": "2.5", "b": "3.95"}, "9.875", "9.9", "2 significant figures"),
    # + −: the fewest decimal places
    ("a + b + c", {"a": "12.11", "b": "18.0", "c": "1.013"}, "31.123", "31.1",
     "1 decimal place"),
    ("a - b - c", {"a": "18.0", "b": "12.11", "c": "1.013"}, "4.877", "4.9", "1 decimal place"),
    ("a - b", {"a": "12.11", "b": "1.013"}, "11.097", "11.10", "2 decimal places"),
    ("a + b", {"a": "2.5", "b": "3.95"}, "6.45", "6.4", "1 decimal place"),  # half to even
    ("a + b", {"a": "1500 m", "b": "20.5 m"}, "1520.5", "1520", "0 decimal places"),
    # chains: a product's figures turn into decimal places for the sum
    ("a * b + c", {"a": "1.5", "b": "30", "c": "2.25"}, "47.25", "47", "0 decimal places"),
    # exact with fewer digits: zeros after the point up to the figures stated
    ("a * b", {"a": "1.5", "b": "30"}, "45", "45", "nothing dropped"),
    ("a * b", {"a": "2.0", "b": "1.50"}, "3", "3.0", "2 significant figures"),
    ("a * b", {"a": "2.0", "b": "0.50"}, "1", "1.0", "2 significant figures"),
    ("a + b", {"a": "1.25", "b": "0.75"}, "2", "2.00", "2 decimal places"),
])
def test_precision_rule(formula, quantities, value, shown, rule):
    r = evaluate(formula, inputs(**{k: q(v, "en") for k, v in quantities.items()}))
    if value is not None:
        assert r.value == Decimal(value)
    assert r.shown == shown
    assert rule in r.precision


def test_precision_names_the_least_precise_input():
    r = evaluate("a + b + c", inputs(a=q("12.11", "en"), b=q("18.0", "en"), c=q("1.013", "en")))
    assert "18.0" in r.precision and "+ and −" in r.precision
    r = evaluate("a * b", inputs(a=q("4.56", "en"), b=q("1.4", "en")))
    assert "1.4" in r.precision and "× and ÷" in r.precision


def test_constants_only_are_exact():
    r = evaluate("2 / 3", [])
    assert r.value == Decimal(2) / Decimal(3)
    assert r.precision.startswith("exact")
    r = evaluate("10 / 4", [])
    assert (r.value, r.shown) == (Decimal("2.5"), "2.5")


def test_division_rounds_half_even_at_28_digits():
    r = evaluate("a / b", inputs(a=q("2"), b=q("3")))
    assert r.value == Decimal("0.6666666666666666666666666667")
    assert len(r.value.as_tuple().digits) == 28


def test_spelled_and_scaled_inputs_count_their_written_digits():
    r = evaluate("a * b", inputs(a=q("1.53 m3/day", "en"), b=q("二十天")))
    assert r.value == Decimal("30.6") and r.shown == "31"  # 二十: 2 figures
    r = evaluate("a * b", inputs(a=q("5万 m"), b=q("1.25")))
    assert r.value == Decimal("62500") and r.shown == "60000"  # 5万: 1 figure


@pytest.mark.parametrize("formula, quantities, shown", [
    # money is stated, not measured: a sum keeps every cent of its inputs
    ("a + b", {"a": "200.5 CNY", "b": "171.97 CNY"}, "372.47"),
    ("a - b", {"a": "£140", "b": "£95"}, "45"),
    ("a * b", {"a": "5万元", "b": "1.25"}, "62500"),  # 1.25 limits: 3 figures
    # a whole number with no unit is a count: 8 lessons at 350 RUB are 2800 RUB, not 3000
    ("n * p", {"n": "8", "p": "350 руб"}, "2800"),
    ("p * e", {"p": "0.5483 CNY/kWh", "e": "3500 kWh"}, "1919"),  # the energy is measured: 4 figures
])
def test_money_and_counts_are_exact_inputs(formula, quantities, shown):
    r = evaluate(formula, inputs(**{k: q(v) for k, v in quantities.items()}))
    assert r.shown == shown, r


# --- convert ----------------------------------------------------------------------------------

@pytest.mark.parametrize("quantity, to_unit, value, unit, shown, formula", [
    ("1,5 MPa", "bar", "15", "bar", "15", "x * 10"),
    ("1,5 МПа", "бар", "15", "bar", "15", "x * 10"),
    ("120 min", "h", "2", "h", "2.00", "x / 60"),  # 3 figures: zeros after the point
    ("10 bar", "MPa", "1", "MPa", "1.0", "x / 10"),
    ("90 мин", "ч", "1.5", "h", "1.5", "x / 60"),
    ("1500 mm", "m", "1.5", "m", "1.500", "x / 1000"),  # an integer's trailing zeros count
    ("20 毫米", "米", "0.02", "m", "0.020", "x / 1000"),
    ("2 kW·h", "MJ", "7.2", "MJ", "7", "x * 3.6"),
    ("5 кВт·ч", "kWh", "5", "kW·h", "5", "x * 1"),
    ("1,5 кВт", "W", "1500", "W", "1500", "x * 1000"),
    ("200 kPa", "bar", "2", "bar", "2.00", "x / 100"),
    ("1 000 л", "m3", "1", "m3", "1.000", "x / 1000"),
    ("1,5 м³/сут", "L/h", "62.5", "L/h", "62", "x * 125 / 3"),
    ("2 t", "kg", "2000", "kg", "2000", "x * 1000"),
    ("20 %", "", "0.2", None, "0.20", "x / 100"),
])
def test_convert(quantity, to_unit, value, unit, shown, formula):
    r = convert(q(quantity, "ru"), to_unit)
    assert r.value == Decimal(value)
    assert r.unit == unit
    assert r.shown == shown
    assert r.formula == formula
    assert "significant figure" in r.precision
    # the figures stated are the figures shown (a decimal shows every one; an integer's
    # trailing zeros stand before the point and are not added)
    stated = int(re.search(r"rounded to (\d+) significant", r.precision).group(1))
    digits = shown.replace(".", "").lstrip("0")
    assert len(digits) == stated if "." in shown else len(digits.rstrip("0")) <= stated, (shown, r.precision)


@pytest.mark.parametrize("lang, table, figures", [
    ("en", "1.5 MPa × 10 bar/MPa (unit table: 1 MPa = 1000000 Pa; 1 bar = 100000 Pa)",
     "rounded to 2 significant figures: "),
    ("ru", "1,5 МПа × 10 бар/МПа (таблица единиц: 1 МПа = 1000000 Па; 1 бар = 100000 Па)",
     "округлено до 2 значащих цифр: "),
    ("zh", "1.5 MPa × 10 bar/MPa (单位表：1 MPa = 1000000 Pa; 1 bar = 100000 Pa)", "修约到 2 位有效数字："),
])
def test_a_conversion_speaks_the_callers_language(lang, table, figures):
    """The substitution (numbers and units as the language writes them), the unit-table note
    and the precision words are in the question's language; an exact constant and a sum's
    decimal places too."""
    r = convert(q("1,5 МПа", "ru"), "bar", lang)
    assert r.substitution == table
    assert r.shown == {"ru": "15"}.get(lang, "15") and r.value == 15
    assert r.precision.startswith(figures), r.precision
    assert "1,5 МПа" in r.precision
    assert evaluate("2 / 3", [], lang=lang).precision == {
        "en": "exact: only exact constants, nothing to round", "ru": "точно: только точные константы, округлять нечего",
        "zh": "精确值：只有精确常数，无需修约"}[lang]
    places = evaluate("a + b", inputs(a=q("12.11", "en"), b=q("18.0", "en")), lang=lang).precision
    assert places.startswith({"en": "rounded to 1 decimal place: ", "ru": "округлено до 1 знака после запятой: ",
                              "zh": "修约到 1 位小数："}[lang]), places


def test_convert_names_the_factor_and_its_source():
    r = convert(q("1,5 MPa", "ru"), "bar")
    assert r.substitution == \
        "1.5 MPa × 10 bar/MPa (unit table: 1 MPa = 1000000 Pa; 1 bar = 100000 Pa)"
    r = convert(q("120 min"), "h")
    assert r.substitution == "120 min × 1/60 h/min (unit table: 1 min = 60 s; 1 h = 3600 s)"
    r = convert(q("2 kWh"), "MJ")
    assert "3.6 MJ/(kW·h)" in r.substitution and "1 kW = 1000 W" in r.substitution


@pytest.mark.parametrize("quantity, to_unit", [
    ("5 CNY", "USD"),  # no exchange rates
    ("10 mm", "bar"),
    ("18 месяцев", "day"),  # a month has no fixed length
    ("5 °C", "°F"),  # affine scales are not converted
    ("5 kW", "kWh"),
])
def test_convert_refuses_other_dimensions(quantity, to_unit):
    with pytest.raises(CalcError) as e:
        convert(q(quantity), to_unit)
    assert "cannot be converted" in reason(e)


def test_unit_table_is_exact_decimal():
    for atom, (factor, _) in UNIT_FACTORS.items():
        assert isinstance(factor, Decimal), atom
    assert UNIT_FACTORS["bar"][0] == Decimal(100000)
    assert UNIT_FACTORS["L"][0] == Decimal("0.001")
    assert UNIT_FACTORS["day"][0] == Decimal(86400)


def test_digits_after_a_cjk_unit_are_a_new_number():
    found = quantities_in("价格3.07元/立方米2019年起执行")
    assert [(x.value, x.unit) for x in found] == [(Decimal("3.07"), "CNY/m3"),
                                                  (Decimal(2019), "year")]


def test_words_that_are_not_units():
    assert q("5 с лишним").unit is None  # Russian preposition, not seconds
    assert quantities_in("фланец DN50") == []  # digits glued to a word
    assert q("10 л в час").unit == "L/h"


def test_the_currencies_calculations_hold_exact_are_those_questions_name():
    from pincite.answer.calculate import CURRENCIES
    from pincite.answer.units import CURRENCY_CODES

    assert set(CURRENCIES) == CURRENCY_CODES
