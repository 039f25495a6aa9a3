"""Unit names as texts write them: the written forms of each unit (UNIT_ALIASES,
CASED_UNIT_ALIASES) and where a unit stands in a loose-normalised text.

This module owns the unit tables and the recognisers that say which unit, if any, starts at a
position of a text (after a number, as a prefix, or alone as a header word), on the same
`normalize.loose()` form `answer.numbers` compares. It never reads numbers and never decides
whether a claim is supported: `answer.numbers` does (its docstring, "Units", gives the rules
these recognisers serve), and `answer.units` turns the canonical keys into the unit algebra.
"""
from __future__ import annotations

import functools
import re
import unicodedata
from functools import lru_cache

from pincite.answer.normalize import Normalized, loose
from pincite.text import lazyre
from pincite.text.cjk import is_cjk

_LETTER_CLASS = r"a-zA-Z\u00c0-\u024f\u0370-\u03ff\u0400-\u052f"  # Latin, Greek, Cyrillic
_LETTER = lazyre.compile(f"[{_LETTER_CLASS}]")


#: A Russian word in the instrumental case right after a lone "с": then "с" is the preposition
#: "with" ("5 с лишним", "2 с ним"), not the unit second. Used here and by answer.units.
RU_INSTRUMENTAL = lazyre.compile(
    r" (?:[а-я]+(?:ом|ем|ой|ей|ою|ею|ами|ями|им|ым|ью)|ним|ней|ними|нами|вами|мной|тобой|собой)\b")


@lru_cache(maxsize=256)
def loose_cached(text: str) -> Normalized:
    return loose(text)


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
    # the inch, as wheel, screen and pipe sizes are given ("24寸", "26-inch", "3/4 дюйма"):
    # in Chinese 寸 alone names it in such sizes (英寸), not the old Chinese unit
    "inch": "inch inches 英寸 寸 " + _ru("дюйм", _NOUN_M),
    # the international mile, as distances and mileage bands are given in the UK and the US
    # ("251–400 miles", "£1.40 per mile", "в 40 милях")
    "mile": "mile miles mi 英里 " + _ru("мил", "я и ь е ю ей ям ями ях"),
    # the international foot, as heights and lengths are given in the US and the UK ("15–30 ft",
    # "a 20-foot tree", "6 feet tall")
    "ft": "ft foot feet 英尺 " + _ru("фут", _NOUN_M),
    "um": "μm мкм 微米 micrometre micrometres micron microns " + _ru("микрон", _NOUN_M),
    "nm": "纳米 nanometre nanometres nanometer nanometers " + _ru("нанометр", _NOUN_M),
    "mm2": "mm² mm2 мм² мм2 平方毫米",
    # "平米" is how Chinese writes square metres in speech and price lists; "㎡" and "㎥" are
    # the one-character squared and cubed metre signs (Unicode's CJK compatibility block)
    "m2": "m² м² m2 м2 ㎡ 平方米 平米 кв.м sqm",
    # "кубометр" and, after a number, "куб" ("12 кубов", "8 кубометров") are how Russian
    # price lists and speech write cubic metres; "立方" alone is the Chinese short form
    "m3": "m³ м³ m3 м3 ㎥ 立方米 立方 куб.м " + _ru("кубометр", _NOUN_M) + " " + _ru("куб", _NOUN_M),
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
    "kWh": "kwh kw·h kw*h квт·ч квт*ч квтч квт-ч 千瓦时 度电",
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
    # a page counted, as printing, binding and translation prices are banded ("up to 100
    # pages", "101–250 pages", "до 50 страниц", "100页以内")
    "page": "page pages pp стр 页 " + _ru("страниц", "а ы е у ей ам ами ах -"),
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
    "кв. м": "m2", "square metres": "m2", "square meters": "m2", "sq m": "m2", "sq. m": "m2",
    "square metre": "m2", "square meter": "m2",
    "куб. м": "m3", "cubic metres": "m3", "cubic meters": "m3", "cubic metre": "m3", "cubic meter": "m3",
    # the Russian adjective and noun in the cases a quantity puts them in ("12 кубических
    # метров", "1 квадратный метр", "за 3 квадратных метра")
    **{f"{stem}{ending} {noun}": key for stem, i, key in (("кубическ", "и", "m3"), ("квадратн", "ы", "m2"))
       for ending, noun in ((i + "й", "метр"), ("ого", "метра"), (i + "х", "метров"), (i + "х", "метра"),
                            (i + "м", "метром"), ("ому", "метру"))},
    "newton metres": "N·m", "оборотов в минуту": "rpm",
    **{f"{form} цельсия": "degC" for form in _ru("градус", _NOUN_M).split()},
}
#: Units that count things (pieces, pages) rather than measure a quantity: a band of them
#: ("100–499 pages" in a cell under "Quantity") is a count's (answer.tiers.count_label),
#: which a count of those things falls in and multiplies a price per thing, and a question
#: asking how many of them counts things (answer.measured).
COUNTED = frozenset({"pcs", "page"})
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

#: The symbol each canonical unit atom (answer.units) is written with in a language whose
#: texts do not write the international one: Russian technical text writes the Russian
#: designations of GOST 8.417 ("кВт", "МПа", "м", "ч", "сут"). An atom missing from a
#: language's table, and every atom in a language without a table (en; zh, whose technical
#: texts write the international symbols, "kW", "MPa"), is written as its canonical atom.
#: Each symbol is one of the written forms the recognisers above read as that atom
#: (tests/test_calc_display.py checks it), so a shown unit reads back as the same unit; but
#: "г" (gram), which they leave unread after a number because "г." also abbreviates "год".
UNIT_SYMBOLS: dict[str, dict[str, str]] = {
    "ru": {
        "nm": "нм", "um": "мкм", "mm": "мм", "cm": "см", "m": "м", "km": "км",
        "g": "г", "kg": "кг", "t": "т",
        "ms": "мс", "s": "с", "min": "мин", "h": "ч", "day": "сут", "week": "нед", "month": "мес",
        "year": "год",
        "mL": "мл", "L": "л",
        "mW": "мВт", "W": "Вт", "kW": "кВт", "MW": "МВт",
        "J": "Дж", "kJ": "кДж", "MJ": "МДж",
        "Pa": "Па", "kPa": "кПа", "MPa": "МПа", "bar": "бар", "mbar": "мбар", "atm": "атм",
        "kgf": "кгс",
        "N": "Н",
        "V": "В", "kV": "кВ", "mV": "мВ", "A": "А", "mA": "мА",
        "Hz": "Гц", "kHz": "кГц", "MHz": "МГц", "dB": "дБ", "rpm": "об/мин",
        "degC": "°C", "deg": "°", "pcs": "шт",
    },
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


class _FormLookup:
    """The written forms of `UNIT_ALIASES` found at a position by lookup, longest first, each
    with the right boundary `_alias_pattern` gives it: what one alternation of all forms
    would match, without compiling one (a regex of some 700 forms, each with its own
    lookahead class, takes ~80 ms to compile, a tenth of a cold `pincite ask`)."""

    def __init__(self, aliases: list[str]) -> None:
        self.forms = frozenset(aliases)
        self.lengths = sorted({len(a) for a in aliases}, reverse=True)
        self.first = frozenset(a[0] for a in aliases)

    def match(self, text: str, p: int) -> tuple[str, int] | None:
        """(form, end) of the longest form starting at `p` whose right boundary holds, else None."""
        if p >= len(text) or text[p] not in self.first:
            return None
        for n in self.lengths:
            end = p + n
            if end > len(text):
                continue
            form = text[p:end]
            if form in self.forms and _right_boundary(form, text, end):
                return form, end
        return None


def _right_boundary(form: str, text: str, end: int) -> bool:
    """`_alias_pattern`'s right boundary: a form ending in a digit is not followed by a
    decimal digit, one ending in a non-CJK letter not by a letter (`_LETTER_CLASS`)."""
    if end >= len(text):
        return True
    last = form[-1]
    if last.isdigit():
        return not text[end].isdecimal()
    if last.isalpha() and not is_cjk(last):
        return not _LETTER.match(text[end])
    return True


@functools.lru_cache(maxsize=1)
def _unit_at() -> _FormLookup:
    """Every unit alias at a position (built on first use)."""
    return _FormLookup(list(UNIT_ALIASES))


@functools.lru_cache(maxsize=1)
def unit_anywhere_re() -> re.Pattern[str]:
    """The aliases that count without a number before them, at a word's start (first use)."""
    return _alternation([a for a in UNIT_ALIASES if _is_lenient(a)], left_boundary=True)
# A cased form standing alone in evidence: a multi-letter one anywhere as a word ("кВт"), a
# single letter only in a header form: after "," "(" "[" "/", before the end or ) ] , ; : .
_HEADER_BEFORE = r"(?:(?<=[,(\[/])|(?<=[,(\[/] ))"
_HEADER_AFTER = r"(?=$|[)\],;:.])"
CASED_ANYWHERE = [
    (alias, lazyre.compile(
        (_HEADER_BEFORE if len(alias) == 1 else _left_boundary(folded))
        + _alias_pattern(folded) + (_HEADER_AFTER if len(alias) == 1 else "")))
    for alias, folded in _CASED]
PREFIX_UNITS = {"百分之": "%", "千分之": "‰", "$": "USD", "€": "EUR", "₽": "RUB", "¥": "CNY",
                 "£": "GBP"}


def unit_at(n: Normalized, original: str, p: int) -> tuple[str, int] | None:
    """The unit whose written form starts at loose position p: (key, end), longest form first."""
    text = n.text
    best: tuple[str, int] | None = None
    m = _unit_at().match(text, p)
    if m:
        best = (UNIT_ALIASES[m[0]], m[1])
    for alias, folded in _CASED:
        end = p + len(folded)
        if best is not None and end <= best[1]:
            break
        if text.startswith(folded, p) and _right_ok(text, end, folded) \
                and original_text(n, original, p, end) == alias:
            if alias == "с" and RU_INSTRUMENTAL.match(text, end):
                continue  # "5 с лишним", "2 с ним": the preposition
            best = (CASED_UNIT_ALIASES[alias], end)
            break
    return best


def _right_ok(text: str, end: int, folded: str) -> bool:
    """A form ending in a letter must not run on into another letter ("m" in "mono")."""
    return end >= len(text) or not (_LETTER.match(folded[-1]) and _LETTER.match(text[end]))


def original_text(n: Normalized, original: str, start: int, end: int) -> str:
    a, b = n.span_to_source(start, end)
    return unicodedata.normalize("NFKC", original[a:b])


def unit_after(n: Normalized, original: str, end: int) -> str | None:
    """The unit written right after a number ending at loose position `end`, if any."""
    text = n.text
    found = unit_at(n, original, end)
    if found is None and end < len(text) and text[end] in " -" \
            and not (end + 1 < len(text) and text[end + 1].isdigit()):
        found = unit_at(n, original, end + 1)
    return found[0] if found else None


def unit_after_text(text: str, end: int) -> str | None:
    """unit_after for loose text alone (the cased forms cannot be checked there: skipped)."""
    found = unit_span_after_text(text, end)
    return found[0] if found else None


def unit_span_after_text(text: str, end: int) -> tuple[str, int] | None:
    """(key, where its written form ends) of `unit_after_text`'s unit, else None."""
    m = _unit_at().match(text, end)
    if not m and text[end:end + 1] in (" ", "-"):
        m = _unit_at().match(text, end + 1)
    return (UNIT_ALIASES[m[0]], m[1]) if m else None


@functools.lru_cache(maxsize=1)
def _aliases_by_start() -> dict[str, list[str]]:
    """UNIT_ALIASES' written forms by their first two characters (built on first use, no
    analysis: a cold question reads the few forms its words could be)."""
    out: dict[str, list[str]] = {}
    for alias in UNIT_ALIASES:
        out.setdefault(alias[:2], []).append(alias)
    return out


@functools.lru_cache(maxsize=4096)
def _alias_forms(alias: str) -> tuple[str, ...]:
    """The index forms (text.analysis.tokens) of a unit's written form: its one form, or a
    phrase's in order ("cubic metres" -> ("cubic", "metr")); a Chinese word's own first
    form alone ("立方米" -> ("立方米",)). () for a form holding a number."""
    from pincite.text import analysis

    tokens = tuple(analysis.tokens(alias))
    if not tokens or any(t.isdecimal() for t in tokens):
        return ()
    return tokens[:1] if tokens[0] == alias and is_cjk(alias[0]) else tokens


@functools.lru_cache(maxsize=64)
def _unit_forms(key: str) -> frozenset[str]:
    """The index forms of every one-word written form of the unit `key` ("m3": "m³",
    "м³", "立方米", "кубометр", …)."""
    return frozenset(f[0] for alias, k in UNIT_ALIASES.items() if k == key and len(f := _alias_forms(alias)) == 1)


def unit_spellings(words: tuple[str, ...]) -> frozenset[str]:
    """The index forms of every written form of the unit that the index forms `words` (one
    word's, "кубометр", or a phrase's, ("cubic", "metr")) write, in any language and as a
    symbol ("м³", "m³", "立方米"), less `words` themselves; empty when they write no unit.
    A unit is one quantity in every language: a question asking of "20 cubic metres" is
    about a row writing "20 м³"."""
    if not words or not words[0]:
        return frozenset()
    key = next((UNIT_ALIASES[a] for a in _aliases_by_start().get(words[0][:2], ()) if _alias_forms(a) == words), None)
    return _unit_forms(key) - set(words) if key is not None else frozenset()
