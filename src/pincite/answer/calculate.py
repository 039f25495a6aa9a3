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
from .messages import listed, message
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
#: (The words of a sum, `_SUM`, are among them.)
_SUM = (r"combin\w*|totals?|totall?ing|totall?ed|sums?|summ\w*|altogether|together"
        r"|сумм\w*|итог\w*|вместе|общ(?:ий|ая|ее|ие|его|ей|ую|им|ем|их|ими)|совокупн\w*")
_OPERATION_WORDS = lazyre.compile(
    _SUM + r"|differ\w*|between|averag\w*|всего|разниц\w*|разност\w*|между|средн\w*", re.I)
#: The same words in Chinese, as jieba cuts them (a trailing copula "是", "为" may stay on the
#: word: "价格差是多少" -> "价格", "差是").
_OPERATION_CJK = frozenset(
    "总和 之和 总计 合计 共计 总共 一共 加起来 合起来 一起 总数 总量 差 之差 差额 差值 相差 差距 之间 平均 平均值 均值"
    .split())


#: Operation words that ask for a sum of stated values: "combined", "total", "together",
#: "сумма", "вместе" (not a difference, an average or "between"); in Chinese `_SUM_CJK`.
_SUM_WORDS = lazyre.compile(_SUM, re.I)
#: The Chinese words of a sum ("总和", "一共", "加起来", "加上"), found anywhere in a question.
_SUM_CJK = ("总和", "之和", "总计", "合计", "共计", "总共", "一共", "加起来", "合起来", "加上")


def _question_words(question: str) -> list[str]:
    """The whitespace-separated words of `question` without the punctuation around them."""
    return [w for raw in question.split() if (w := raw.strip(".,;:!?«»\"'()？，。"))]


def sum_groups(question: str, groups: list[tuple[str, ...]]) -> set[tuple[str, ...]]:
    """The question's word groups (analysis.query_groups of `question`) that ask for a sum
    (`_SUM_WORDS`: "total", "combined", "вместе", "一共"), when it asks for one (`sum_asked`);
    the sum is computed, so no passage need write them."""
    if not sum_asked(question):
        return set()
    # jieba may cut a sum phrase apart ("加起来" as "加", "起来"): its pieces are the phrase's
    pieces = {g for g in groups for p in _SUM_CJK if p in question and g[0] and g[0] in p}
    # so are the words joining the things summed ("plus", "плюс"; "and" is no word searched)
    joining = {g for m in JOINED.finditer(question) for g in analysis.query_groups(m.group())}
    return _asking_groups(question, groups, _SUM_WORDS, frozenset(_SUM_CJK)) | pieces | (joining & set(groups))


def _asking_groups(question: str, groups: list[tuple[str, ...]], words: "re.Pattern[str]",
                   cjk: frozenset[str]) -> set[tuple[str, ...]]:
    """The groups of `groups` (analysis.query_groups of `question`) of the question's words
    that `words` matches whole (Latin or Cyrillic), and of its Chinese words in `cjk`, also
    with a copula jieba left on them ("差是")."""
    out: set[tuple[str, ...]] = set()
    for word in _question_words(question):
        if words.fullmatch(word):
            out.update(analysis.query_groups(word))
    for g in groups:
        form = g[0]
        if form and cjk_count(form) == len(form) and (form in cjk or (form[-1] in "是为" and form[:-1] in cjk)):
            out.add(g)
    return out & set(groups)


#: "Сколько всего …", "сколько я всего заплачу": Russian for "how much in all". "Всего" alone
#: is no sum word: it also means "only" ("всего 5 минут") and "of all" ("больше всего").
_RU_HOW_MUCH_IN_ALL = lazyre.compile(r"(?<![а-яё])сколько\s+(?:[а-яё]+\s+)?всего(?![а-яё])", re.I)
#: Words joining the things a sum adds: "A and B", "A и B", "A 和 B", "A、B"; "A together
#: with B", "A вместе с B"; a Chinese "and then also" ("A，再加一次 B", "再买一个 B", "外加 B")
#: and "A 配 B" (a frame fitted with lenses: "镜架配一副镜片").
JOINED = lazyre.compile(r"(?<!\w)(?:and|plus|и|плюс|(?:together|along)\s+with|вместе\s+со?)(?!\w)|&|和|与|及|跟|、"
                        r"|加上|外加|再(?:加|买|订|租|要|配)|配(?:一|上)", re.I)


#: Most things a sum's question joins that `joined_pieces` reads apart.
MAX_JOINED = 4


def joined_pieces(question: str) -> list[str]:
    """The pieces of `question` between the words joining the things a sum adds (`JOINED`),
    each holding a letter: "What would a stove sweep plus a smoke test cost?" -> ["What would
    a stove sweep", "a smoke test cost?"]; each names one of the things (with the question's
    frame words beside the first and the last). [] when the question joins fewer than two
    or more than MAX_JOINED pieces."""
    pieces = [p.strip(" ,，、") for p in JOINED.split(question)]
    pieces = [p for p in pieces if any(ch.isalpha() for ch in p)]
    return pieces if 2 <= len(pieces) <= MAX_JOINED else []


def sum_asked(question: str) -> bool:
    """Whether `question` asks for the sum of values it names ("the combined stock of A and
    B", "Сколько стоят вместе A и B?", "A 和 B 一共多少"): a sum word (`_SUM_WORDS`, as a
    whole word in Latin or Cyrillic text), two things joined (`JOINED`: "the total memory"
    alone names one thing) and no comparison asked (comparison_asked)."""
    if comparison_asked(question) is not None or not JOINED.search(question):
        return False
    return (any(_SUM_WORDS.fullmatch(w) for w in _question_words(question))
            or any(w in question for w in _SUM_CJK) or bool(_RU_HOW_MUCH_IN_ALL.search(question)))


def operation_groups(question: str, groups: list[tuple[str, ...]]) -> set[tuple[str, ...]]:
    """The question's word groups (analysis.query_groups of `question`) that ask for arithmetic
    on stated values (`_OPERATION_WORDS`, `_OPERATION_CJK`: "combined", "total", "difference",
    "between", "сумма", "разница", "总和", "差"), not for a value of their own: what the
    question asks to compute, which no document need write and no table names a column for.
    A Chinese word counts with a copula jieba left on it ("差是")."""
    return _asking_groups(question, groups, _OPERATION_WORDS, _OPERATION_CJK)


#: Russian comparatives of amounts, as a difference question uses them after or before "на
#: сколько": the usual ones of size, mass, power, speed, price, time and sound ("уже",
#: narrower, is left out: it also means "already").
_RU_COMPARATIVES = ("больше|меньше|выше|ниже|дороже|дешевле|легче|тяжелее|короче|длиннее|шире|глубже|тоньше"
                    "|толще|дальше|ближе|раньше|позже|старше|моложе|чаще|реже|громче|тише|дольше|быстрее"
                    "|медленнее|мощнее|слабее|сильнее|теплее|холоднее|горячее|крупнее|мельче|более|менее")
#: Phrasings that ask by how much one thing exceeds another, in en/ru/zh: "how much heavier is
#: A than B", "how many kW more ... than", "by how much does A exceed B", "the difference in
#: weight between A and B", "the weight difference between", "на сколько киловатт мощность A
#: больше, чем у B", "на сколько отличается", "разница в массе", "A比B重多少", "相差多少",
#: "差多少". A bare "what is the difference between A and B" is left out: it mostly asks how
#: two things differ in kind, not by an amount (answer.comparison computes the amount).
_DIFFERENCE_ASKED = lazyre.compile(
    r"\bhow\s+(?:much|many)\b[^?.!]*?\b(?:more|less|fewer|[a-z]{3,}er)\b[^?.!]*?\b(?:than|compared\s+(?:to|with))\b"
    # a saving is a difference: "How much do I save with A compared to B?", "Сколько я
    # сэкономлю…?", "能省多少"
    r"|\bhow\s+much\b[^?.!]*?\bsav(?:e|es|ed|ing)\b[^?.!]*?\b(?:than|compared|over|instead|versus|vs)\b"
    r"|(?<![а-яё])сколько\s[^?.!]*?(?<![а-яё])сэконом\w*|省(?:了|下)?(?:多少|几)"
    r"|\bby\s+how\s+(?:much|many)\b[^?.!]*?\b(?:than|exceed\w*|outweigh\w*|differ\w*)"
    r"|\bhow\s+(?:much|many)\b[^?.!]*?\b(?:exceed|differ)\w*"
    r"|\bhow\s+(?:big|large|much)\s+is\s+the\s+difference\b"
    r"|\bdifference\s+(?:in|of)\b[^?.!]*?\bbetween\b"
    r"|\b(?!(?:the|a|an|any|main|key|real|big|major|only|what|this|that)\b)[a-z]+\s+difference\s+between\b"
    rf"|(?<![а-яё])на\s*сколько\s[^?.!]*?(?<![а-яё])(?:(?:{_RU_COMPARATIVES})"
    r"(?![а-яё])|отлича|различа|превыша|[а-яё]{3,}ее(?![а-яё])[^?.!]*?(?<![а-яё])чем(?![а-яё]))"
    # the comparative first: "КЭ-15 тяжелее КЭ-6 на сколько?"
    rf"|(?<![а-яё])(?:{_RU_COMPARATIVES})(?![а-яё])[^?.!]*?(?<![а-яё])на\s*сколько(?![а-яё])"
    r"|(?<![а-яё])(?:разниц|разност)[а-яё]*\s+(?:в|по)\s+(?!(?:том|чём|чем)(?![а-яё]))"
    r"|相差多少|相差几|(?<![误偏])差多少|(?<![误偏])差了多少|差距(?:是|有|为)?多[少大]|差值(?:是|为)?多少|差额(?:是|为)?多少"
    r"|比(?![例较如赛率重])[^？?。]*?(?:多|高|大|重|长|宽|贵|快|少|低|小|轻|短|窄|便宜|慢)了?(?:多少|几)(?!倍)"
    # a verb between the comparative and the amount: "多交几份", "少付多少"
    r"|比(?![例较如赛率重])[^？?。]*?(?:多|少)[\u4e00-\u9fff](?:了)?(?:多少|几)(?!倍)",
    re.I)
#: Phrasings that ask how many times one thing is another: "how many times heavier/more",
#: "во сколько раз больше", "A比B大几倍" / "A是B的多少倍" after 比.
_RATIO_ASKED = lazyre.compile(
    r"\bhow\s+many\s+times\b|(?<![а-яё])во\s+сколько\s+раз(?![а-яё])|比(?![例较如赛率重])[^？?。]*?(?:几|多少)倍",
    re.I)
#: A yes-or-no question about a difference ("is there a difference between", "есть ли
#: разница", "有没有差别") asks whether things differ, not by how much.
_YES_NO_DIFFERENCE = lazyre.compile(
    r"^\s*(?:is|are)\s+there\b|(?<![а-яё])есть\s+ли\b|有没有|是否有", re.I)
#: Comparatives that name the kind of value compared (an answer type of
#: asked_type.TYPE_WORDS), where the question names neither a unit nor the attribute: "how
#: much heavier", "на сколько тяжелее", "比…重多少" compare masses; "мощнее" powers.
COMPARATIVE_KINDS: dict[str, str] = {
    **dict.fromkeys(("heavier", "lighter", "тяжелее", "легче", "重", "轻"), "mass"),
    **dict.fromkeys(("мощнее", "powerful"), "power"),
}
#: A unit of each answer type (asked_type.TYPE_WORDS) whose SI dimension stands for the type:
#: a value "of the kind asked" has a unit of that dimension (units.si_factor).
KIND_UNITS: dict[str, str] = {"mass": "kg", "power": "W", "pressure": "Pa", "voltage": "V",
                              "temperature": "degC", "volume": "m3", "length": "m", "speed": "m/s",
                              "duration": "s"}


#: The parts of a Chinese comparison "A比B贵多少" that jieba may fuse with the words beside
#: them ("月卡比" and "卡贵" of "成人月卡比学生月卡贵多少钱"): 比 between two things (not
#: 比例, 比较, 比如, 比赛, 比率, 比重, 对比, 相比, 无比, 好比) and the comparative right before
#: 多少 or 几.
_ZH_THAN = lazyre.compile(r"(?<=[\u4e00-\u9fff])(?<![对相无好])比(?![例较如赛率重])"
                          r"(?=[\u4e00-\u9fffA-Za-z0-9])")
_ZH_COMPARATIVE = lazyre.compile(r"(?<=[\u4e00-\u9fffA-Za-z0-9])(便宜|贵|多[\u4e00-\u9fff]?|高|大|重|长|宽|快"
                                 r"|少[\u4e00-\u9fff]?|低|小|轻|短|窄|慢)(了?)(多少|几)")


def spaced_comparison(question: str) -> str:
    """`question` with spaces around the 比 and the comparative of a Chinese comparison it
    asks (`comparison_asked`), so that each thing compared is read as its own words:
    "成人月卡比学生月卡贵多少钱" -> "成人月卡 比 学生月卡 贵多少钱"; any other question as it is."""
    if not _ZH_THAN.search(question) or comparison_asked(question) is None:
        return question
    return _ZH_COMPARATIVE.sub(r" \1\2\3", _ZH_THAN.sub(" 比 ", question))


#: "How much do/does/will … come to / amount to / add up to" (English idioms of a total price;
#: "how much" before the verb, not "how much time"): the verb phrase asks what the things
#: cost, with no word a passage would write.
_COMES_TO = lazyre.compile(
    r"(\bhow\s+much\s+(?:do|does|did|will|would|should|could|might|is|are|was|were)\b[^?]*?)"
    r"\b(?:come|comes|came|amount|amounts|add(?:s|ed)?\s+up)\s+to\b", re.IGNORECASE)


def cost_idioms(question: str) -> str:
    """`question` with an English idiom of a total price read as "cost": "How much do A and
    B come to together?" -> "How much do A and B cost together?" (also "amount to", "add up
    to"), so the price is asked and the idiom's verb is no word to find; any other question as
    it is."""
    return _COMES_TO.sub(lambda m: m.group(1) + "cost", question)


def comparison_asked(question: str) -> str | None:
    """"difference" when `question` asks by how much one thing exceeds another
    (`_DIFFERENCE_ASKED`: "how much heavier is A than B", "на сколько больше", "A比B重多少"),
    "ratio" when it asks how many times one is the other (`_RATIO_ASKED`: "во сколько раз",
    "how many times", "比…几倍"), else None; a yes-or-no question ("есть ли разница",
    `_YES_NO_DIFFERENCE`) asks neither. Every language's phrasings are tried."""
    q = " ".join(question.split())
    if _YES_NO_DIFFERENCE.search(q):
        return None
    if _RATIO_ASKED.search(q):
        return "ratio"
    return "difference" if _DIFFERENCE_ASKED.search(q) else None


#: The words that carry a comparison (comparison_asked) rather than name what is compared:
#: comparatives, "than", "times", "exceed", "больше", "тяжелее", "чем", "раз", "превышает",
#: "отличается", a saving's "save … compared to", "сэкономлю", "省", and what sets one
#: of the things apart from the other, "A alone", "A отдельно". A table has no
#: column for them ("На сколько подача A больше, чем у B?" asks the "Подача" row, not a
#: "больше" column).
_COMPARISON_WORDS = lazyre.compile(
    r"more|less|fewer|than|times|exceed\w*|outweigh\w*|differ\w*|compared|versus|vs|sav(?:e|es|ed|ing)|alone"
    r"|(?:heav|light|high|low|bigg|larg|long|short|wid|fast|slow|great|small|cheap|costli|dear|thick|thinn"
    r"|tall|deep|strong|weak|loud|quiet|warm|cold|hott|old|new)er"
    r"|больше|меньше|выше|ниже|дороже|дешевле|легче|короче|шире|глубже|тоньше|толще|дальше|раньше|позже"
    r"|старше|моложе|чаще|реже|громче|тише|дольше|более|менее|[а-яё]{3,}ее|чем|раз|насколько"
    r"|превыша\w*|отлича\w*|различа\w*|разниц\w*|разност\w*|сэконом\w*|отдельно", re.I)
#: The same in Chinese, as jieba cuts them ("比", "重", "多少", "相差", "几倍").
_COMPARISON_CJK = frozenset(
    "比 多 少 高 低 大 小 重 轻 长 短 宽 窄 贵 便宜 快 慢 倍 几倍 多少倍 相差 差 差距 多少 几 省 单独".split())


def comparison_groups(question: str, groups: list[tuple[str, ...]]) -> set[tuple[str, ...]]:
    """The question's word groups (analysis.query_groups of `question`) that carry the
    comparison it asks for (`_COMPARISON_WORDS`, `_COMPARISON_CJK`: "больше", "heavier",
    "than", "раз", "重"), none when it asks for none (comparison_asked): like
    operation_groups, words no table names a column for."""
    if comparison_asked(question) is None:
        return set()
    return _asking_groups(question, groups, _COMPARISON_WORDS, frozenset(_COMPARISON_CJK))


def comparative_kind(question: str) -> str | None:
    """The answer type (asked_type.TYPE_WORDS' keys) a comparative of `question` names
    (COMPARATIVE_KINDS: "heavier" -> "mass"; a Chinese one before 多少 or 几: "重多少"), None
    when none or two kinds."""
    words = {w.strip(".,;:!?«»\"'()？，。").lower() for w in question.split()}
    kinds = {k for w, k in COMPARATIVE_KINDS.items()
             if (w in words if not cjk_count(w) else re.search(w + "了?(?:多少|几)", question))}
    return kinds.pop() if len(kinds) == 1 else None


def check_calculation(raw: object, hits: dict, allowed: set[str] | None, lang: str | None) -> Calculation:
    """Check and compute the model's calculation `raw` (a dict of CALCULATION_SCHEMA's object
    shape) against the evidence `hits` (chunk id -> index Hit). Returns a Calculation,
    `verified` with result, unit, shown value and precision rule when every input is bound to
    a verbatim quote stating its value and the formula evaluates; else with the reason. The
    substitution and shown value are written as `lang` writes numbers and units (calc,
    "Display"), as the offline calculations' are."""
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
    found = listed(dict.fromkeys(written), lang)
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
    (messages.MESSAGES) and its unit by the symbol that language writes (units.unit_shown):
    "= 45 m3 (1.5 m3/day × 30 day; computed by pincite)", "= 45 м³ (1,5 м³/сут × 30 сут;
    вычислено pincite)". The shown value and the substitution are already in the language
    they were computed for (calc.evaluate's `lang`). The reason of a calculation not done is
    calc's own text (English)."""
    if not c.verified:
        return message("calc_not_done", lang).format(reason=c.reason)
    unit = units.unit_shown(c.unit, lang) or ""
    return f"= {c.shown} {unit}".rstrip() + f" ({c.substitution}; {message('computed', lang)})"


def _with_result(c: Calculation, result: calc.Result) -> Calculation:
    c.substitution, c.result, c.unit = result.substitution, str(result.value), result.unit
    c.shown, c.precision, c.verified, c.reason = result.shown, result.precision, True, None
    c.unit_shown = result.unit_shown
    return c


def _failed(c: Calculation, reason: str, ci: CalcInput | None = None) -> Calculation:
    if ci is not None:
        ci.reason = reason
    c.verified, c.reason = False, reason
    return c
