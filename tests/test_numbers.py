"""Numbers and units in claims: parsing in ru/en/zh, the number check, the unit check."""
from __future__ import annotations

import re
from decimal import Decimal

import pytest

from pincite.answer.numbers import (
    NumberMention,
    number_mentions,
    units_in,
    unsupported_numbers,
    unsupported_units,
)
from pincite.answer.unitnames import CASED_UNIT_ALIASES, UNIT_ALIASES
from pincite.answer.verify import numbers_in


def values(text: str, lang: str | None = None) -> list[Decimal | None]:
    return [m.value for m in number_mentions(text, lang)]


def texts(text: str) -> list[str]:
    return [m.text for m in number_mentions(text)]


def only(text: str, lang: str | None = None) -> NumberMention:
    found = number_mentions(text, lang)
    assert len(found) == 1, found
    return found[0]


# --- digits -------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, written, value", [
    ("18", "18", Decimal(18)),
    ("0", "0", Decimal(0)),
    ("-5", "-5", Decimal(-5)),
    ("\u22125", "\u22125", Decimal(-5)),  # minus sign U+2212
    ("1 000", "1 000", Decimal(1000)),
    ("1\u00a0000", "1\u00a0000", Decimal(1000)),  # no-break space
    ("2\u202f500\u202f000", "2\u202f500\u202f000", Decimal(2500000)),  # narrow no-break space
    ("1,5", "1,5", Decimal("1.5")),
    ("1.5", "1.5", Decimal("1.5")),
    ("0,75", "0,75", Decimal("0.75")),
    ("1 000,5", "1 000,5", Decimal("1000.5")),
    ("1,234,567", "1,234,567", Decimal(1234567)),
    ("1.234.567", "1.234.567", Decimal(1234567)),
    ("1,234.5", "1,234.5", Decimal("1234.5")),
    ("1.234,5", "1.234,5", Decimal("1234.5")),
    ("１８", "１８", Decimal(18)),  # full-width digits
    ("10²", "10²", None),  # a square or a footnote: no value, compared as written
    ("10⁻³", "10⁻³", None),
    ("01.02.2020", "01.02.2020", None),  # a date, not a number with a value
    ("1.2.3", "1.2.3", None),
    ("1,500", "1,500", None),  # 1.5 or 1500: needs a language
])
def test_digit_numbers_and_values(text, written, value):
    m = only(text)
    assert (m.text, m.value, m.spelled) == (written, value, False)
    assert (m.start, m.end) == (0, len(text))


@pytest.mark.parametrize("text, lang, value", [
    ("1,500", "en", Decimal(1500)),
    ("1,500", "zh", Decimal(1500)),
    ("1.500", "en", Decimal("1.500")),
    ("1,500", "ru", Decimal("1.500")),
    ("1.500", "ru", None),
    ("1,500", None, None),
    ("0,500", None, Decimal("0.500")),  # "0,500" cannot be a thousands group
    ("1234,567", None, Decimal("1234.567")),
])
def test_ambiguous_separator_value_depends_on_language(text, lang, value):
    assert only(text, lang).value == value


def test_digits_are_found_like_verify_numbers_in():
    text = "Pump PX-200: 220 V, 50 Hz, 1 000 rpm, 1,5 bar, 10² Pa, range 5-12 mm, -18 °C."
    assert texts(text) == numbers_in(text)


def test_spans_point_into_the_original_text():
    text = "Гарантийный  срок —\u00a0восемнадцать месяцев, ток １８ А, 十八个月"
    found = number_mentions(text)
    assert [m.text for m in found] == ["восемнадцать", "１８", "十八"]
    for m in found:
        assert text[m.start:m.end] == m.text


# --- Russian words ------------------------------------------------------------------------------

RU = [
    ("ноль", 0), ("нулю", 0), ("один", 1), ("одна", 1), ("одного", 1), ("два", 2), ("две", 2),
    ("двух", 2), ("трёх", 3), ("трех", 3), ("четырьмя", 4), ("пяти", 5), ("семи", 7),
    ("восемнадцать", 18), ("восемнадцати", 18), ("девятнадцатью", 19), ("двадцать", 20),
    ("двадцатью", 20), ("двадцать пять", 25), ("двадцати пяти", 25), ("сорока", 40),
    ("пятьдесят", 50), ("пятидесяти", 50), ("девяноста", 90), ("сто", 100), ("ста", 100),
    ("сто пять", 105), ("двести", 200), ("двухсот", 200), ("двумястами", 200),
    ("триста тридцать три", 333), ("пятьсот", 500), ("пятисот", 500), ("восьмистах", 800),
    ("тысяча", 1000), ("тысячу", 1000), ("две тысячи", 2000), ("двух тысяч", 2000),
    ("пять тысяч", 5000), ("две тысячи двадцать четыре", 2024),
    ("тысяча девятьсот восемьдесят пять", 1985), ("двумя тысячами двадцатью", 2020),
    ("сто тысяч", 100000), ("миллион", 10**6), ("два миллиона", 2 * 10**6),
    ("три миллиона двести тысяч", 3200000), ("полтора", Decimal("1.5")),
    ("полторы", Decimal("1.5")), ("полутора", Decimal("1.5")), ("полторы тысячи", 1500),
    ("два с половиной", Decimal("2.5")), ("двое", 2), ("трое", 3), ("Восемнадцать", 18),
    ("ВОСЕМНАДЦАТЬ", 18),
]


@pytest.mark.parametrize("text, value", RU)
def test_russian_number_words(text, value):
    m = only(text)
    assert (m.text, m.value, m.spelled) == (text, Decimal(value), True)


# --- English words ------------------------------------------------------------------------------

EN = [
    ("zero", 0), ("one", 1), ("two", 2), ("eleven", 11), ("eighteen", 18), ("nineteen", 19),
    ("twenty", 20), ("twenty-five", 25), ("twenty five", 25), ("forty-two", 42),
    ("ninety-nine", 99), ("a hundred", 100), ("one hundred", 100), ("hundred", 100),
    ("one hundred and five", 105), ("two hundred fifty", 250), ("fifteen hundred", 1500),
    ("one thousand", 1000), ("a thousand", 1000), ("two thousand and twenty-four", 2024),
    ("ten thousand", 10000), ("one hundred thousand", 100000), ("a million", 10**6),
    ("three million", 3 * 10**6), ("one and a half", Decimal("1.5")),
    ("two and a half", Decimal("2.5")), ("three point five", Decimal("3.5")),
    ("zero point seven five", Decimal("0.75")),
    ("nine hundred ninety-nine thousand nine hundred ninety-nine", 999999),
    ("Eighteen", 18), ("TWENTY-FIVE", 25),
]


@pytest.mark.parametrize("text, value", EN)
def test_english_number_words(text, value):
    m = only(text)
    assert (m.text, m.value, m.spelled) == (text, Decimal(value), True)


# --- Chinese numerals ---------------------------------------------------------------------------

ZH = [
    ("零", 0), ("〇", 0), ("二", 2), ("两", 2), ("三", 3), ("十", 10), ("十一", 11), ("十八", 18),
    ("二十", 20), ("二十五", 25), ("九十九", 99), ("一百", 100), ("一百零五", 105),
    ("一百一十", 110), ("一百十", 110), ("两百", 200), ("二百", 200), ("三百五", 350),
    ("一千", 1000), ("两千", 2000), ("一千零一", 1001), ("一千零五十", 1050),
    ("两千零二十四", 2024), ("一万", 10000), ("一万五", 15000), ("三万二千", 32000),
    ("十万", 100000), ("一百万", 10**6), ("一亿", 10**8), ("三亿五千万", 350000000),
    ("一万零五", 10005), ("三点五", Decimal("3.5")), ("零点五", Decimal("0.5")),
    ("二〇二四", 2024), ("兩千", 2000),
]


@pytest.mark.parametrize("text, value", ZH)
def test_chinese_numerals(text, value):
    m = only(text)
    assert (m.text, m.value, m.spelled) == (text, Decimal(value), True)


@pytest.mark.parametrize("text, written, value", [
    ("保修期十八个月", "十八", 18),
    ("额定电压为二百二十伏", "二百二十", 220),
    ("百分之五十", "五十", 50),  # 百分之 marks a percentage, it is not the number 100
    ("第一步", "一", 1),
    ("一台水泵", "一", 1),
    ("一年", "一", 1),
    ("一个月", "一", 1),
    ("十分钟", "十", 10),
    ("五千瓦", "五", 5),  # 千瓦 is kW, not 5000 W
])
def test_chinese_numerals_in_context(text, written, value):
    m = only(text)
    assert (m.text, m.value) == (written, Decimal(value))


def test_two_adjacent_chinese_digits_are_two_numbers():
    assert values("三四天") == [Decimal(3), Decimal(4)]


def test_malformed_chinese_numeral_has_no_value():
    m = only("二三十")  # "twenty or thirty"
    assert m.value is None and m.spelled


# --- digits with a scale word, signs ------------------------------------------------------------

@pytest.mark.parametrize("text, value", [
    ("3万", 30000), ("1.5亿", 150000000), ("3千万", 30000000), ("2 тысячи", 2000),
    ("1,5 млн", 1500000), ("3 тыс", 3000), ("3 тыс.", 3000), ("5 million", 5000000),
    ("2.5 thousand", 2500), ("2 с половиной", Decimal("2.5")), ("2 and a half", Decimal("2.5")),
])
def test_digits_with_a_scale_word(text, value):
    m = only(text)
    assert (m.text, m.value, m.spelled) == (text, Decimal(value), True)


@pytest.mark.parametrize("text, written, value", [
    ("минус пять", "минус пять", -5),
    ("minus five", "minus five", -5),
    ("минус 5", "минус 5", -5),
    ("负五", "负五", -5),
    ("零下十度", "零下十", -10),
    ("плюс-минус 5", "5", 5),  # a tolerance, not a sign
    ("±5", "5", 5),
])
def test_sign_words(text, written, value):
    m = only(text)
    assert (m.text, m.value) == (written, Decimal(value))


# --- what is not a number -----------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "a manual", "I am here", "the one on the left", "one should check the seal", "no one",
    "each one", "one another", "one by one", "a one-way valve", "someone", "anyone",
    "hundreds of parts", "first", "ни один клапан", "одно и то же", "один и тот же насос",
    "один за другим", "одни и те же", "тысячи деталей", "одним словом",
    "一般", "一定", "统一", "一些", "一致", "十分重要", "万一", "千万不要", "百分比",
    "十几个", "几十个", "十字螺丝刀", "第三方软件", "二极管", "三角形", "四周", "свою семью",
])
def test_words_that_are_not_numbers(text):
    assert number_mentions(text) == []


@pytest.mark.parametrize("text, written", [
    ("one year", "one"),
    ("One of the valves", "One"),
    ("the one-year warranty", "one"),
    ("only one bolt", "one"),
    ("один из клапанов", "один"),
    ("по одному", "одному"),
    ("в одной плоскости", "одной"),
    ("семью болтами", "семью"),
])
def test_one_counts_where_it_is_a_count(text, written):
    assert texts(text) == [written]


def test_separate_numbers_stay_separate():
    assert values("five six") == [Decimal(5), Decimal(6)]
    assert values("двадцать тридцать") == [Decimal(20), Decimal(30)]
    assert values("five and six") == [Decimal(5), Decimal(6)]
    assert values("пять, шесть") == [Decimal(5), Decimal(6)]
    assert values("twenty twenty") == [Decimal(20), Decimal(20)]


def test_mixed_text_in_three_languages():
    text = "Гарантия восемнадцать месяцев (eighteen months, 十八个月), 2 года, 3.5 升."
    assert [(m.text, m.value, m.spelled) for m in number_mentions(text)] == [
        ("восемнадцать", Decimal(18), True),
        ("eighteen", Decimal(18), True),
        ("十八", Decimal(18), True),
        ("2", Decimal(2), False),
        ("3.5", Decimal("3.5"), False),
    ]


# --- property-style: independent number -> words writers, parsed back ----------------------------

_EN_ONES = "zero one two three four five six seven eight nine ten eleven twelve thirteen " \
           "fourteen fifteen sixteen seventeen eighteen nineteen".split()
_EN_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def en_words(n: int) -> str:
    if n < 20:
        return _EN_ONES[n]
    if n < 100:
        return _EN_TENS[n // 10] + ("-" + _EN_ONES[n % 10] if n % 10 else "")
    if n < 1000:
        rest = n % 100
        return _EN_ONES[n // 100] + " hundred" + (" and " + en_words(rest) if rest else "")
    for scale, name in ((10**9, "billion"), (10**6, "million"), (1000, "thousand")):
        if n >= scale:
            rest = n % scale
            return en_words(n // scale) + " " + name + (" " + en_words(rest) if rest else "")
    raise AssertionError(n)


_RU_ONES = "ноль один два три четыре пять шесть семь восемь девять десять одиннадцать " \
           "двенадцать тринадцать четырнадцать пятнадцать шестнадцать семнадцать " \
           "восемнадцать девятнадцать".split()
_RU_TENS = "_ _ двадцать тридцать сорок пятьдесят шестьдесят семьдесят восемьдесят " \
           "девяносто".split()
_RU_HUNDREDS = "_ сто двести триста четыреста пятьсот шестьсот семьсот восемьсот " \
               "девятьсот".split()


def ru_words(n: int, feminine: bool = False) -> str:
    if n == 0:
        return "ноль"
    parts = []
    if n >= 10**6:
        m = n // 10**6
        parts.append(ru_words(m) + " " + _ru_plural(m, "миллион", "миллиона", "миллионов"))
        n %= 10**6
    if n >= 1000:
        t = n // 1000
        parts.append(ru_words(t, feminine=True) + " " + _ru_plural(t, "тысяча", "тысячи", "тысяч"))
        n %= 1000
    if n >= 100:
        parts.append(_RU_HUNDREDS[n // 100])
        n %= 100
    if n >= 20:
        parts.append(_RU_TENS[n // 10])
        n %= 10
    if n:
        word = _RU_ONES[n]
        if feminine and n in (1, 2):
            word = "одна" if n == 1 else "две"
        parts.append(word)
    return " ".join(parts)


def _ru_plural(n: int, one: str, few: str, many: str) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


_ZH_DIGITS = "零一二三四五六七八九"


def zh_words(n: int) -> str:
    if n == 0:
        return "零"
    if n >= 10**4:
        high, low = divmod(n, 10**4)
        text = zh_words(high) + "万"
        if low:
            text += ("零" if low < 1000 else "") + _zh_section(low)
        return text
    return _zh_section(n, leading=True)


def _zh_section(n: int, leading: bool = False) -> str:
    out, zero = "", False
    for unit, name in ((1000, "千"), (100, "百"), (10, "十"), (1, "")):
        d = n // unit % 10
        if d == 0:
            zero = bool(out)
            continue
        if zero:
            out += "零"
            zero = False
        if unit == 10 and d == 1 and leading and not out:
            out += "十"
        else:
            out += _ZH_DIGITS[d] + name
    return out


SAMPLE = sorted(set(range(0, 2001, 7)) | set(range(0, 120)) | {
    2024, 9999, 10000, 10001, 10005, 10010, 10100, 11000, 12345, 20000, 99999, 100000, 100001,
    123456, 1000000, 1000001, 2500000, 7654321, 10000000, 12000000, 99999999})


@pytest.mark.parametrize("writer", [en_words, ru_words, zh_words])
def test_spelled_numbers_read_back_to_their_value(writer):
    wrong = {}
    for n in SAMPLE:
        written = writer(n)
        if n == 1 and writer is zh_words:
            written = "一台"  # a lone 一 is a number only before a measure word or a unit
        found = number_mentions(written)
        if [m.value for m in found] != [Decimal(n)]:
            wrong[n] = (written, [(m.text, m.value) for m in found])
    assert wrong == {}


def test_the_writers_in_this_test_are_right():
    assert en_words(2024) == "two thousand twenty-four"
    assert en_words(105) == "one hundred and five"
    assert ru_words(2021) == "две тысячи двадцать один"
    assert ru_words(1001000) == "один миллион одна тысяча"
    assert zh_words(105) == "一百零五"
    assert zh_words(10005) == "一万零五"
    assert zh_words(15) == "十五"
    assert zh_words(115) == "一百一十五"


@pytest.mark.parametrize("writer, noun", [(en_words, " pumps"), (ru_words, " насосов"),
                                          (zh_words, "台水泵")])
def test_spelled_number_changed_by_one_is_unsupported(writer, noun):
    for n in range(1, 2001, 37):
        quote = writer(n) + noun
        for changed in (n - 1, n + 1):
            claim = writer(changed) + noun
            assert unsupported_numbers(claim, quote) == [writer(changed)], (claim, quote)
        assert unsupported_numbers(quote, f"{n}{noun}") == []
        assert unsupported_numbers(f"{n}{noun}", quote) == []


@pytest.mark.parametrize("n", sorted(set(range(0, 2001, 13)) | {10**4, 10**6 + 1, 123456789}))
def test_digit_number_changed_by_one_is_unsupported(n):
    quote = f"Value: {n} units."
    assert unsupported_numbers(f"It is {n}.", quote) == []
    for changed in (n - 1, n + 1):
        assert unsupported_numbers(f"It is {changed}.", quote) == [str(changed)]


# --- unsupported_numbers ------------------------------------------------------------------------

EIGHTEEN = ["18", "eighteen", "восемнадцать", "восемнадцати", "十八", "１８"]


@pytest.mark.parametrize("claim_form", EIGHTEEN)
@pytest.mark.parametrize("quote_form", EIGHTEEN)
def test_equal_numbers_written_differently_are_supported(claim_form, quote_form):
    assert unsupported_numbers(f"Срок: {claim_form} месяцев", f"Term {quote_form} months") == []


@pytest.mark.parametrize("claim, quote", [
    ("The warranty lasts eighteen months.", "Гарантийный срок — 18 месяцев"),
    ("保修期为十八个月", "Гарантийный срок — 18 месяцев"),
    ("Давление 1,5 бар", "Давление 1,5 бар"),  # identical as written
    ("Pressure 1.5 bar", "Давление 1,5 бар"),  # decimal comma in the quote, point in the claim
    ("1 000 rpm", "1000 rpm"),  # group spaces ignored (verify's rule)
    ("1500 rpm", "1,500 rpm"),  # an English thousands group
    ("1 500 rpm", "1,500 rpm"),
    ("1 000,5 mm", "1,000.5 mm"),
    ("10² Pa", "10² Pa"),
    ("v1.2.3", "version 1.2.3"),
    ("полторы тысячи оборотов", "1500 rpm"),
    ("one and a half hours", "1,5 ч"),
    ("1,5 млн", "1 500 000 units"),
    ("3万台", "30 000 pumps"),
    ("два с половиной часа", "2.5 h"),
    ("minus five degrees", "-5 °C"),
    ("-5 °C", "минус пять градусов"),
    ("двести двадцать вольт", "220 V"),
    ("二百二十伏", "220 V"),
    ("two hundred and twenty volts", "二百二十伏"),
    ("one year", "1 год"),
    ("The claim has no number", "The quote has 5"),
    ("", ""),
])
def test_supported_claims(claim, quote):
    assert unsupported_numbers(claim, quote) == []


@pytest.mark.parametrize("claim, quote, missing", [
    ("Срок восемнадцать месяцев", "Срок девятнадцать месяцев", ["восемнадцать"]),
    ("Срок девятнадцать месяцев", "Срок 18 месяцев", ["девятнадцать"]),
    ("nineteen months", "eighteen months", ["nineteen"]),
    ("nineteen months", "18 месяцев", ["nineteen"]),
    ("十九个月", "十八个月", ["十九"]),
    ("十九个月", "18 months", ["十九"]),
    ("двадцать шесть", "двадцать пять", ["двадцать шесть"]),
    ("twenty-six", "twenty-five", ["twenty-six"]),
    ("一百零六", "一百零五", ["一百零六"]),
    ("18.0 months", "18 months", ["18.0"]),  # precision as written is kept
    ("1.50 bar", "1,5 бар", ["1.50"]),
    ("18 months", "18,000 hours", ["18"]),
    ("102 Pa", "10² Pa", ["102"]),
    ("10² Pa", "102 Pa", ["10²"]),
    ("10⁻⁶", "10⁻³", ["10⁻⁶"]),
    ("1,600 rpm", "1,500 rpm", ["1,600"]),
    ("1,6 бар", "1,5 бар", ["1,6"]),
    ("2,5 бар", "1,5 бар", ["2,5"]),
    ("5 °C", "-5 °C", ["5"]),  # a dropped minus
    ("минус пять", "5 °C", ["минус пять"]),
    ("1,5 млн", "1,5 тыс", ["1,5 млн"]),
    ("3万", "3千", ["3万"]),
    ("18 months, two visits", "18 months", ["two"]),  # an added number
    ("18 months and 2 years", "18 months", ["2"]),
    ("两年", "一年", ["两"]),
    ("220 V and 220 V at 60 Hz", "220 V at 50 Hz", ["60"]),
    ("60 Hz, 60 Hz", "50 Hz", ["60"]),  # listed once
])
def test_unsupported_claims(claim, quote, missing):
    assert unsupported_numbers(claim, quote) == missing


QUOTES = [
    "Гарантийный срок — 18 месяцев со дня продажи.",
    "The rated supply voltage is 220 V at 50 Hz for the PX-200 pump.",
    "额定电压为220伏，频率50赫兹。",
    "Момент затяжки 25 Н·м, давление 1,5 бар, температура от -20 до 40 °C.",
    "Maximum speed 1 500 rpm; weight 12.5 kg; 3 filters.",
]


@pytest.mark.parametrize("quote", QUOTES)
def test_each_digit_number_of_a_quote_changed_by_one_is_caught(quote):
    """The mechanical mutation: each number +-1, the rest of the claim unchanged."""
    assert unsupported_numbers(quote, quote) == []
    for m in re.finditer(r"(?:(?<!\w)-)?\d+(?: \d{3})*(?:[.,]\d+)?", quote):
        token = m.group()
        for delta in (-1, 1):
            changed = _bump(token, delta)
            claim = quote[:m.start()] + changed + quote[m.end():]
            assert unsupported_numbers(claim, quote) == [changed], claim


def _bump(token: str, delta: int) -> str:
    """Add delta to the integer part, keeping the fraction and its separator as written."""
    match = re.fullmatch(r"(-?[\d ]+)([.,]\d+)?", token)
    integer = int(match.group(1).replace(" ", "")) + delta
    return f"{integer}{match.group(2) or ''}"


# --- units --------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, units", [
    ("18 месяцев", ["month"]),
    ("восемнадцати месяцев", ["month"]),
    ("18-month warranty", ["month"]),
    ("eighteen months", ["month"]),
    ("十八个月", ["month"]),
    ("220 В", ["V"]),
    ("220 V", ["V"]),
    ("220伏", ["V"]),
    ("5 mm", ["mm"]),
    ("5mm", ["mm"]),
    ("5 мм", ["mm"]),
    ("5毫米", ["mm"]),
    ("10 °C", ["degC"]),
    ("10°C", ["degC"]),
    ("10 ℃", ["degC"]),
    ("10 °С", ["degC"]),  # Cyrillic С
    ("10 градусов Цельсия", ["degC"]),
    ("10摄氏度", ["degC"]),
    ("10°", ["deg"]),
    ("3.5 升", ["L"]),
    ("3,5 л", ["L"]),
    ("3.5 l", ["L"]),
    ("50%", ["%"]),
    ("50 %", ["%"]),
    ("50 процентов", ["%"]),
    ("fifty percent", ["%"]),
    ("百分之五十", ["%"]),
    ("1,5 бар", ["bar"]),
    ("1.5 bar", ["bar"]),
    ("1.6 МПа", ["MPa"]),
    ("1.6兆帕", ["MPa"]),
    ("25 Н·м", ["N·m"]),
    ("25 N·m", ["N·m"]),
    ("25 Nm", ["N·m"]),
    ("25 nm", ["nm"]),
    ("5 кВт", ["kW"]),
    ("5 kW", ["kW"]),
    ("五千瓦", ["kW"]),
    ("50 Гц", ["Hz"]),
    ("50赫兹", ["Hz"]),
    ("5 А", ["A"]),
    ("5 A", ["A"]),
    ("5安", ["A"]),
    ("1500 об/мин", ["rpm"]),
    ("1500 rpm", ["rpm"]),
    ("1500 min⁻¹", ["rpm"]),
    ("1500转/分", ["rpm"]),
    ("5 мин", ["min"]),
    ("5 minutes", ["min"]),
    ("5分钟", ["min"]),
    ("24 ч", ["h"]),
    ("24 часа", ["h"]),
    ("24 hours", ["h"]),
    ("24小时", ["h"]),
    ("3 дня", ["day"]),
    ("3 days", ["day"]),
    ("3天", ["day"]),
    ("2 года", ["year"]),
    ("5 лет", ["year"]),
    ("one year", ["year"]),
    ("2年", ["year"]),
    ("5 с", ["s"]),
    ("5 s", ["s"]),
    ("5秒", ["s"]),
    ("100 Вт", ["W"]),
    ("100 W", ["W"]),
    ("12 м", ["m"]),
    ("12 m", ["m"]),
    ("12米", ["m"]),
    ("12 см", ["cm"]),
    ("12 km", ["km"]),
    ("12公里", ["km"]),
    ("20 кг", ["kg"]),
    ("20公斤", ["kg"]),
    ("20千克", ["kg"]),
    ("2,5 мм²", ["mm2"]),
    ("5 л.с.", ["hp"]),
    ("3 тыс. км", ["km"]),
    ("2 с половиной часа", ["h"]),
    ("5–12 мм", ["mm"]),
    ("220/380 В", ["V"]),
    ("$5", ["USD"]),
    ("18 месяцев и 2 года", ["month", "year"]),
])
def test_units_after_numbers(text, units):
    assert units_in(text) == units


@pytest.mark.parametrize("text", [
    "с ним", "в доме", "a manual", "I am here", "Он пришёл с ним в дом", "the mmol buffer",
    "5 с лишним", "2 с ним", "5 в ряд", "В доме 3 комнаты", "5 a day", "room 5 am",
    "5 mmol", "5 mono", "years of use", "месяц назад", "米饭", "今天", "5 г", "10 M",
])
def test_no_units_from_ordinary_words(text):
    assert units_in(text) == []


def test_unit_aliases_are_documented_and_consistent():
    assert UNIT_ALIASES["мм"] == UNIT_ALIASES["mm"] == UNIT_ALIASES["毫米"] == "mm"
    assert UNIT_ALIASES["месяцев"] == UNIT_ALIASES["months"] == UNIT_ALIASES["个月"] == "month"
    assert UNIT_ALIASES["°c"] == UNIT_ALIASES["градусов цельсия"] == "degC"
    assert UNIT_ALIASES["лет"] == UNIT_ALIASES["года"] == UNIT_ALIASES["年"] == "year"
    assert CASED_UNIT_ALIASES["В"] == CASED_UNIT_ALIASES["V"] == UNIT_ALIASES["伏"] == "V"
    assert CASED_UNIT_ALIASES["A"] == CASED_UNIT_ALIASES["А"] == "A"
    for form in UNIT_ALIASES:
        assert form == form.lower(), form
    for form in ("a", "в", "с", "m", "м", "s", "nm"):
        assert form not in UNIT_ALIASES  # words or letters in another case: matched as written


@pytest.mark.parametrize("claim, evidence", [
    ("The warranty lasts eighteen months", "Гарантийный срок — 18 месяцев"),
    ("保修期为十八个月", "Гарантийный срок — 18 месяцев"),
    ("Срок 18 месяцев", "The warranty is 18 months"),
    ("220 V", "额定电压为220伏"),
    ("1.5 bar", ["давление 1,5", "Таблица 3. Давление, бар"]),  # the unit in a header
    ("220 V", ["220", "Напряжение, В"]),
    ("220 V", "Voltage (V): 220"),
    ("10 °C", "10 ℃"),
    ("10 degrees", "10 ℃"),
    ("5 A", "ток 5 А"),
    ("3,5 л", "3.5升"),
    ("五千瓦", "5 kW"),
    ("百分之五十", "50%"),
    ("50 процентов", "50 %"),
    ("5 с", "через 5 секунд"),
    ("5 мм", "5 mm"),
    ("25 N·m", "Момент затяжки 25 Н·м"),
    ("no units here", "anything"),
])
def test_supported_units(claim, evidence):
    assert unsupported_units(claim, evidence) == []


@pytest.mark.parametrize("claim, evidence, missing", [
    ("eighteen years", "Гарантийный срок — 18 месяцев", ["year"]),
    ("十八年", "Гарантийный срок — 18 месяцев", ["year"]),
    ("Срок 18 лет", "The warranty is 18 months", ["year"]),
    ("220 V", "в доме 220", ["V"]),  # lowercase в is a preposition
    ("5 A", "а также 5 а", ["A"]),
    ("5 мм", "5 m", ["mm"]),
    ("5 mm", ["5 cm", "Длина 5 см"], ["mm"]),
    ("10 °C", "10 градусов", ["degC"]),  # Celsius is not said
    ("1.5 MPa", "1,5 бар", ["MPa"]),
    ("1,5 бар и 5 кВт", "1,5 bar, 5 W", ["kW"]),
    ("5 s", "с ним и с ней", ["s"]),  # preposition с is no unit in the evidence
    ("3 m", "I am, a manual", ["m"]),
    ("十八个月", "18天", ["month"]),
    ("5 kW, 50 Hz", "5 kW", ["Hz"]),
])
def test_unsupported_units(claim, evidence, missing):
    assert unsupported_units(claim, evidence) == missing


def test_unsupported_units_lists_each_key_once_in_claim_order():
    claim = "50 Hz, 5 kW, 60 Hz, 6 kW, 1 bar"
    assert unsupported_units(claim, "1 bar") == ["Hz", "kW"]
