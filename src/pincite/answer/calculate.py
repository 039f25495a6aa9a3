"""Calculations in answers: every input bound to a verified quote, every step done by code.

Two ways a calculation enters an Answer:
- LLM path: the model may return `"calculation": {"formula", "inputs": [{"name",
  "chunk_id", "quote", "value"}], "unit"}` instead of doing arithmetic. `check_calculation`
  binds each input to its evidence chunk, checks the quote is verbatim there and states the
  value (quantities.find_quantity), then evaluates the formula with calc.evaluate (no literals:
  every number comes from a cited input). The model's own result, if it gives one, is never
  used.
- Offline: a plain unit conversion asked in the question ("… in bar?", "… в часах?",
  "…合多少兆帕？"): `conversion_for` converts the first quantity of the best verified quote
  whose unit converts to the asked one (calc.convert, exact factors from units.UNIT_FACTORS).

A failed calculation keeps its reason and gives no result: no number is shown that the code
did not compute or the document did not state.
"""
from __future__ import annotations

import re

from pincite.contract import CalcInput, Calculation, Claim
from pincite.text import lazyre

from ..errors import CalcError
from ..text import analysis
from ..text.cjk import cjk_count
from . import calc, quantities, units
from .cite import citation_for
from .messages import message
from .verify import verify_quote

#: The JSON the model may add to its reply (nullable; see generate.ANSWER_CALC_SCHEMA).
CALCULATION_SCHEMA = {
    "anyOf": [
        {"type": "null"},
        {
            "type": "object",
            "properties": {
                "formula": {"type": "string"},
                "inputs": {"type": "array", "items": {
                    "type": "object",
                    "properties": {"name": {"type": "string"}, "chunk_id": {"type": "string"},
                                   "quote": {"type": "string"}, "value": {"type": "string"}},
                    "required": ["name", "chunk_id", "quote", "value"],
                    "additionalProperties": False}},
                "unit": {"type": ["string", "null"]},
            },
            "required": ["formula", "inputs", "unit"],
            "additionalProperties": False,
        },
    ]
}
#: Inputs at most, and the longest formula accepted (characters).
MAX_INPUTS, MAX_FORMULA_CHARS = 8, 200


#: Words that ask for arithmetic on values a document states (a sum, a total, a difference,
#: an average, what lies between two values) rather than name a value of their own: "the
#: combined stock of A and B", "the price difference between A and B", "суммарный запас",
#: "разница в цене", "库存总和", "价格差". A table has no column for them: the values to compute
#: with stand in the columns the question's other words name.
_OPERATION_WORDS = lazyre.compile(
    r"combin\w*|totals?|totall?ing|totall?ed|sums?|summ\w*|altogether|together"
    r"|differ\w*|between|averag\w*"
    r"|сумм\w*|итог\w*|всего|вместе|общ(?:ий|ая|ее|ие|его|ей|ую|им|ем|их|ими)|совокупн\w*"
    r"|разниц\w*|разност\w*|между|средн\w*", re.I)
#: The same words in Chinese, as jieba cuts them (a trailing copula "是", "为" may stay on the
#: word: "价格差是多少" -> "价格", "差是").
_OPERATION_CJK = frozenset(
    "总和 之和 总计 合计 共计 总共 一共 加起来 合起来 一起 总数 总量 差 之差 差额 差值 相差 差距 之间 平均 平均值 均值"
    .split())


def operation_groups(question: str, groups: list[tuple[str, ...]]) -> set[tuple[str, ...]]:
    """The question's word groups (analysis.query_groups of `question`) that ask for arithmetic
    on stated values (`_OPERATION_WORDS`, `_OPERATION_CJK`: "combined", "total", "difference",
    "between", "сумма", "разница", "总和", "差"), not for a value of their own: what the
    question asks to compute, which no document need write and no table names a column for.
    A Chinese word counts with a copula jieba left on it ("差是")."""
    out: set[tuple[str, ...]] = set()
    for raw in question.split():
        word = raw.strip(".,;:!?«»\"'()？，。")
        if word and _OPERATION_WORDS.fullmatch(word):
            out.update(analysis.query_groups(word))
    for g in groups:
        form = g[0]
        if form and cjk_count(form) == len(form) and (
                form in _OPERATION_CJK or (form[-1] in "是为" and form[:-1] in _OPERATION_CJK)):
            out.add(g)
    return out & set(groups)


def check_calculation(raw: object, hits: dict, allowed: set[str] | None, lang: str | None) -> Calculation:
    """Check and compute the model's calculation `raw` (a dict of CALCULATION_SCHEMA's object
    shape) against the evidence `hits` (chunk id -> index Hit). Returns a Calculation,
    `verified` with result, unit, shown value and precision rule when every input is bound to
    a verbatim quote stating its value and the formula evaluates; else with the reason."""
    raw = raw if isinstance(raw, dict) else {}
    formula = str(raw.get("formula") or "").strip()
    calc_ = Calculation(formula=formula[:MAX_FORMULA_CHARS])
    if not formula or len(formula) > MAX_FORMULA_CHARS:
        return _failed(calc_, "the formula is empty or longer than 200 characters")
    raw_inputs = raw.get("inputs") if isinstance(raw.get("inputs"), list) else []
    if not raw_inputs or len(raw_inputs) > MAX_INPUTS:
        return _failed(calc_, f"a calculation needs 1 to {MAX_INPUTS} inputs")
    inputs: list[calc.Input] = []
    for i, item in enumerate(raw_inputs):
        item = item if isinstance(item, dict) else {}
        name = str(item.get("name") or "").strip()
        cid, quote, value = (str(item.get(k) or "").strip() for k in ("chunk_id", "quote", "value"))
        ci = CalcInput(name=name, text=value)
        calc_.inputs.append(ci)
        hit = hits.get(cid)
        if hit is None:
            return _failed(calc_, f"input {name or i + 1}: unknown evidence id {cid[:80]!r}", ci)
        if allowed is not None and hit.doc_id not in allowed:
            return _failed(calc_, f"input {name}: the cited document is outside the allowed documents", ci)
        check = verify_quote(quote, hit.text, lang=lang)
        ci.citation = citation_for(hit, quote, verified=check.verified, reason=check.reason, match=check.level)
        if not check.verified:
            return _failed(calc_, f"input {name}: quote not in the cited passage ({check.reason})", ci)
        try:
            q = quantities.find_quantity(quote, value, lang)
        except CalcError as e:
            return _failed(calc_, f"input {name}: {e.reason}", ci)
        ci.value, ci.unit, ci.text, ci.verified = str(q.value), q.unit, q.text, True
        inputs.append(calc.Input(name=name, quantity=q, citation_index=i))
    unit = raw.get("unit") or None
    try:
        result = calc.evaluate(formula, inputs, expected_unit=unit, allow_literals=False, lang=lang or "en")
    except CalcError as e:
        return _failed(calc_, e.reason)
    return _with_result(calc_, result)


_TARGET = {
    "en": lazyre.compile(r"\b(?:in|into|to)\s+([^\s?,.;]+(?:\s*/\s*[^\s?,.;]+)?)\s*\??\s*$", re.I),
    "ru": lazyre.compile(r"(?:^|\s)(?:в|во)\s+([^\s?,.;]+(?:\s*/\s*[^\s?,.;]+)?)\s*\??\s*$", re.I),
    "zh": lazyre.compile(r"(?:合|折合|等于|换算成|换算为|是)多少\s*([^\s？?，,。]+?)\s*[？?]?\s*$"),
}


def target_unit(question: str, lang: str) -> str | None:
    """The unit a question asks its answer in ("What is the limit in bar?" -> "bar", "… в
    часах?" -> "h", "…合多少兆帕？" -> "MPa"), or None. Only the end of the question counts."""
    m = _TARGET.get(lang, _TARGET["en"]).search(question.strip())
    if not m:
        return None
    try:
        return units.parse_unit(m.group(1))
    except CalcError:
        return None


#: Units a question may ask its answer in that pincite does not convert (units.UNIT_FACTORS
#: holds SI and metric units only; customary units are left out on purpose, because "in"
#: and "ft" are also words of running text that a quote's numbers must not be read with).
#: Asked for, they are named in a warning and the answer keeps the document's unit.
UNCONVERTED_UNITS = frozenset(
    "psi lb lbs pound pounds oz ounce ounces gal gallon gallons inch inches ft foot feet yd yard "
    "yards mi mile miles mph hp horsepower btu fahrenheit °f "
    "дюйм дюймы дюймах дюймов фунт фунты фунтах фунтов галлон галлоны галлонах галлонов "
    "фут футы футах футов милях миль "
    "英寸 磅 加仑 英尺 英里 华氏度".split())


#: Currencies a question may ask its answer in, by ISO 4217 code, each with the ways en/ru/zh
#: texts write it (code, name, symbol). pincite never converts money: an exchange rate is a
#: fact of a day, not of the document. "pound" is left to UNCONVERTED_UNITS (also a mass).
CURRENCIES: dict[str, tuple[str, ...]] = {
    "EUR": ("eur", "euro", "euros", "€", "евро", "欧元"),
    "USD": ("usd", "us$", "$", "dollar", "dollars", "доллар", "доллары", "долларах", "долларов", "美元"),
    "RUB": ("rub", "₽", "rouble", "roubles", "ruble", "rubles", "руб", "рубль", "рубли", "рублях", "рублей",
            "卢布"),
    "CNY": ("cny", "rmb", "yuan", "¥", "юань", "юани", "юанях", "юаней", "人民币", "元"),
    "GBP": ("gbp", "£", "sterling", "стерлингов", "英镑"),
    "JPY": ("jpy", "yen", "иена", "иен", "иенах", "日元"),
}


def currency_of(word: str) -> str | None:
    """The ISO 4217 code of a currency written `word` (CURRENCIES: "EUR", "euros", "евро",
    "€"), else None."""
    w = word.strip().lower()
    return next((code for code, forms in CURRENCIES.items() if w in forms), None)


def currencies_in(text: str) -> list[str]:
    """ISO codes of the currencies `text` writes (CURRENCIES; a code or name as a whole word,
    a symbol or a Chinese name anywhere), in CURRENCIES order."""
    low = text.lower()
    words = set(re.findall(r"[^\W\d_]+", low))
    return [code for code, forms in CURRENCIES.items()
            if any(f in words if f.isalpha() and not cjk_count(f) else f in low for f in forms)]


def unconverted_target(question: str, lang: str) -> str | None:
    """The unit a question asks its answer in when it is one pincite does not convert
    (UNCONVERTED_UNITS: "… in psi?" -> "psi", "… в дюймах?" -> "дюймах"; a currency,
    `currency_of`: "… in EUR?" -> "EUR"), else None."""
    m = _TARGET.get(lang, _TARGET["en"]).search(question.strip())
    if not m:
        return None
    word = m.group(1).strip()
    return word if word.lower() in UNCONVERTED_UNITS or currency_of(word) else None


def unit_warning(question: str, lang: str, quotes: list[str]) -> str | None:
    """The warning an answer carries when its question asks for a unit pincite does not
    convert (`unconverted_target`), in the question's language; None when it asks for none.
    For a currency: None when a quote already writes the asked currency, else the warning
    names the currency the quotes write ("not converted to EUR: the quotes give amounts in
    USD"), so a price in dollars is never read as one in euros."""
    unit = unconverted_target(question, lang)
    if unit is None:
        return None
    asked = currency_of(unit)
    if asked is None:
        return message("not_converted", lang).format(unit=unit)
    written = [c for q in quotes for c in currencies_in(q)]
    if asked in written:
        return None
    found = ", ".join(dict.fromkeys(written))
    if found:
        return message("currency_other", lang).format(unit=unit, found=found)
    return message("currency_unstated", lang).format(unit=unit)


def without_target_unit(question: str, lang: str) -> str | None:
    """The question without the unit it asks its answer in ("… pressure in kPa?" -> "…
    pressure?"), or None when it asks for none: the asked unit is pincite's to compute (or,
    one of UNCONVERTED_UNITS, to name as not converted), so the evidence need not contain the
    word (it decides refusal by the words it does contain)."""
    q = question.strip()
    m = _TARGET.get(lang, _TARGET["en"]).search(q)
    if not m or (target_unit(q, lang) is None and unconverted_target(q, lang) is None):
        return None
    end = "？" if lang == "zh" else "?"
    return q[:m.start()].rstrip(" ,，") + end


def conversion_for(question: str, lang: str, claims: list[Claim]) -> Calculation | None:
    """Offline rule: when the question asks for a unit and the best verified quote states a
    quantity in another unit of the same kind, convert it (calc.convert) with the input bound
    to that citation. None when no conversion is asked or possible; a quote already in the
    asked unit needs none."""
    unit = target_unit(question, lang)
    if unit is None:
        return None
    for claim in claims:
        for cit in claim.citations:
            if not cit.verified:
                continue
            try:
                found = quantities.quantities_in(cit.quote, lang)
            except CalcError:
                continue
            for q in found:
                if q.unit is None:
                    continue
                if q.unit == unit:
                    return None
                try:
                    result = calc.convert(q, unit, lang)
                except CalcError:
                    continue
                ci = CalcInput(name="x", value=str(q.value), unit=q.unit, text=q.text, citation=cit, verified=True)
                return _with_result(Calculation(formula=result.formula, inputs=[ci]), result)
    return None


def calculation_line(c: Calculation, lang: str = "en") -> str:
    """One line for the answer text, its fixed words in the question's language `lang`
    (messages.MESSAGES): "= 45 m3 (1.5 m3/day × 30 day; computed by pincite)", "= 45 m3
    (1.5 m3/day × 30 day; вычислено pincite)". The reason of a calculation not done is
    calc's own text (English)."""
    if not c.verified:
        return message("calc_not_done", lang).format(reason=c.reason)
    return f"= {c.shown} {c.unit or ''}".rstrip() + f" ({c.substitution}; {message('computed', lang)})"


def _with_result(c: Calculation, result: calc.Result) -> Calculation:
    c.substitution, c.result, c.unit = result.substitution, str(result.value), result.unit
    c.shown, c.precision, c.verified, c.reason = result.shown, result.precision, True, None
    return c


def _failed(c: Calculation, reason: str, ci: CalcInput | None = None) -> Calculation:
    if ci is not None:
        ci.reason = reason
    c.verified, c.reason = False, reason
    return c
