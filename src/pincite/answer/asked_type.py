"""Answer types: question words that ask for a kind of value rather than name a topic.

"Какой датой и номером принят кодекс?" asks for a date and a number; the evidence
("Кодекс Республики Казахстан от 9 апреля 2025 года № 178-VIII ЗРК") never repeats the
words "дата" or "номер", it states the values. So, for answer coverage
(pincite.answer.extractive), a question word listed here counts as present in a sentence
window that holds a value of its type, as well as where the word itself stands. The word
lists are short on purpose (the usual words a question uses to ask for a date, a year, a
number or a quantity, and their plain synonyms in en/ru/zh); the value patterns are the usual
written forms of dates, years and document numbers in those languages. Nothing here decides an answer by itself: it only
stops a type word from counting as missing evidence. Must not import cli/ or web/.

Size: just over 600 lines as the one table of what a question asks for beyond its words:
the type words, the value patterns, the who-, authorship- and edition-questions with the
title-block lines that answer them, read together by the candidates and the features.
"""
from __future__ import annotations

import functools
import re
from typing import Callable

from pincite.text import analysis, lazyre

from ..text.cjk import cjk_count

#: Phrases of paying, which ask an amount of money ("押金要交多少？", "要付多少", "Сколько я
#: заплачу…?", "Сколько я отдам…?": the first person's future asks what one will pay; "pay",
#: "платить" ask as often when or whether one pays), and of selling ("每斤卖多少？": what it
#: sells for): money's asking words here and in answer.apart's price questions.
PAYING = ("要交", "交多少", "要付", "付多少", "支付多少", "卖多少", "заплачу", "заплатим", "отдам")
#: Words that ask what something costs, as written: not the comparatives and superlatives of
#: price, which ask for a comparison (COLUMN_KINDS), nor the paying phrases, whose pieces
#: ("要", "交") name no price a passage could be searched by (`expansion`).
MONEY_WORDS = ("cost", "costs", "price", "priced", "fare", "fares", "стоит", "стоят", "стоить", "стоил", "стоила",
               "стоило", "стоили", "стоимость", "обойдётся", "обойдется", "обойдутся", "цена", "цену", "почём",
               "почем", "价格", "多少钱", "价钱", "单价", "售价")
#: Question words per answer type, as written; their analysed forms are matched
#: (`type_of`). "哪一号"/"一号": jieba cuts "哪一号" into "哪" (a stopword) and "一号".
TYPE_WORDS: dict[str, tuple[str, ...]] = {
    "date": ("date", "dated", "дата", "датой", "дату", "даты", "число", "日期", "哪一天", "哪天", "几号"),
    "year": ("year", "год", "году", "года", "哪一年", "哪年", "年份"),
    "number": ("number", "номер", "номером", "номера", "编号", "号码", "哪一号", "一号", "第几号"),
    # quantities: "at what pressure ...?" is answered by "6 bar"
    "pressure": ("pressure", "давление", "давлении", "давлением", "давления", "压力", "气压"),
    "temperature": ("temperature", "температура", "температуре", "температурой", "температуры", "温度"),
    "voltage": ("voltage", "напряжение", "напряжении", "напряжением", "напряжения", "电压"),
    "power": ("power", "мощность", "мощностью", "мощности", "功率"),
    # "多重": "how heavy" ("有多重？"), asked as "how big" is asked by "多大"
    # "весит": "Сколько весит …?" is the usual Russian way to ask for a mass; a comparison
    # asks it by the comparative ("How much heavier …?", "На сколько тяжелее …?", "A 比 B 重多少？",
    # where jieba cuts "重" alone: "重要", "重新" are words of their own)
    "mass": ("weight", "weigh", "weighs", "heavy", "heavier", "mass", "вес", "весит", "весят", "масса", "массой",
             "массы", "тяжелее", "重量", "质量", "多重", "重"),
    # "How much water does the tank hold?" asks its capacity ("Water tank capacity: 3.2 litres")
    "volume": ("volume", "capacity", "hold", "holds", "объем", "объём", "объемом", "вместимость", "вмещает",
               "容量", "体积", "容积", "容纳"),
    "length": ("length", "distance", "длина", "длиной", "длины", "расстояние", "长度", "距离"),
    # "Which vessel is the fastest?" is answered by "Speed (knots): 16"; not "faster", which
    # asks a ratio ("How much faster is the build with GCC?")
    "speed": ("speed", "fastest", "slowest", "скорость", "скоростью", "скорости", "быстрый", "медленный", "速度",
              "转速", "最快", "最慢"),
    # a sound level: "How loud is it?" is answered by "Noise level: below 32 dB(A)"
    "noise": ("noise", "noisy", "loud", "louder", "loudness", "шум", "шума", "шумом", "шумность", "громкость",
              "громко", "噪音", "噪声", "分贝"),
    # a span of time: "Как долго хранить журналы?" is answered by "хранятся 5 лет" ("how
    # long" and "多久" are question words the search drops, so only the nouns are here)
    "duration": ("duration", "долго", "срок", "срока", "сроком", "сроки", "продолжительность",
                 "продолжительности", "длительность", "длительности", "期限", "时长", "周期"),
    # an age: "How old do you have to be?" is answered by "Minimum age: 17", "с 18 лет", "年满16岁"
    "age": ("age", "aged", "old", "возраст", "возраста", "возрасте", "年龄", "岁数", "几岁"),
    # a time of day: "What time does the ferry leave?", "До которого часа открыта клиника?",
    # "В котором часу …?", "几点钟" are answered by "Departs: 06:45", "с 8:00 до 21:00"
    "clock": ("time", "o'clock", "часа", "часу", "点钟"),
    # what an abbreviation stands for: "What does the acronym CRAN stand for?" is answered by
    # "The “Comprehensive R Archive Network” (CRAN)", which never says "acronym"
    "expansion": ("abbreviation", "acronym", "stand", "stands", "аббревиатура", "аббревиатуры", "аббревиатуру",
                  "расшифровывается", "расшифровка", "расшифровку", "缩写", "全称"),
    # an amount of money: "Во что обойдётся шиномонтаж?" is answered by a row under
    # "Кроссовер, руб.", "What does a lesson cost?" by "£38", neither writing the asking
    # word (answer.rank leaves these words out of what a passage must hold)
    "money": MONEY_WORDS,
}
#: Ordinals ask for an item of a list: "What is the seventh task?" is answered by the list
#: item "7. Postflight ground or deck operation.", which never says "seventh". Type
#: "item<n>". Left out: "second" (also a unit of time: "10 seconds" would credit item 2).
ORDINAL_WORDS: dict[int, tuple[str, ...]] = {
    1: ("first", "первый", "первая", "первое", "第一"),
    2: ("второй", "вторая", "второе", "第二"),
    3: ("third", "третий", "третья", "третье", "第三"),
    4: ("fourth", "четвёртый", "четвертый", "четвёртая", "четвертая", "четвёртое", "第四"),
    5: ("fifth", "пятый", "пятая", "пятое", "第五"),
    6: ("sixth", "шестой", "шестая", "шестое", "第六"),
    7: ("seventh", "седьмой", "седьмая", "седьмое", "第七"),
    8: ("eighth", "восьмой", "восьмая", "восьмое", "第八"),
    9: ("ninth", "девятый", "девятая", "девятое", "第九"),
    10: ("tenth", "десятый", "десятая", "десятое", "第十"),
}
TYPE_WORDS.update({f"item{n}": words for n, words in ORDINAL_WORDS.items()})

_MONTHS = ("january|february|march|april|may|june|july|august|september|october|november|december|"
           "jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|"
           "январ[ья]|феврал[ья]|марта?|апрел[ья]|ма[йя]|июн[ья]|июл[ья]|августа?|сентябр[ья]|"
           "октябр[ья]|ноябр[ья]|декабр[ья]")
_ZH_NUM = "〇零一二三四五六七八九十"
#: Written values per type (case-insensitive).
VALUE_PATTERNS: dict[str, re.Pattern] = {
    "year": lazyre.compile(r"(?<!\d)(?:1[5-9]\d\d|20\d\d)(?!\d)"),
    # an age: a number of years of one or two digits ("17 years old", "с 18 лет", "16岁",
    # "aged 12"), or a number under an age label ("Minimum age: 17", "Возраст: от 7 лет")
    "age": lazyre.compile(
        r"(?<![\d.,])\d{1,2}\s*(?:\+\s*)?(?:years?\s+old|yrs?\s+old|лет|года?\b|周岁|岁)"
        r"|\bage[ds]?\b[^.\n\d]{0,20}\d{1,2}(?!\d)|возраст\w*[^.\n\d]{0,20}\d{1,2}(?!\d)|年龄[^。\n\d]{0,10}\d{1,2}",
        re.IGNORECASE),
    # a time of day: "06:45", "21:00", "9:30 pm", "9 a.m.", "下午3点", "上午9点半"
    "clock": lazyre.compile(
        r"(?<![\d:.])(?:[01]?\d|2[0-3]):[0-5]\d(?![\d])"
        r"|(?<![\w.])(?:1[0-2]|0?[1-9])(?::[0-5]\d)?\s*(?:a\.?m\.?|p\.?m\.?)(?![^\W\d_])"
        rf"|[上下]午\s*[\d{_ZH_NUM}]+\s*[点點时]",
        re.IGNORECASE),
    "date": lazyre.compile(
        r"(?<!\d)\d{1,2}[./]\d{1,2}[./](?:\d{4}|\d{2})(?!\d)"          # 07.11.2019, 9/4/25
        r"|(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)"                              # 2019-11-07
        rf"|(?<!\d)\d{{1,2}}\s+(?:{_MONTHS})\b"                          # 9 апреля, 7 November
        rf"|\b(?:{_MONTHS})\.?\s+\d{{1,2}}(?!\d)"                        # November 7
        rf"|[\d{_ZH_NUM}]+\s*月\s*[\d{_ZH_NUM}]+\s*日",                  # 11 月 19 日, 十一月十九日
        re.IGNORECASE),
    "number": lazyre.compile(
        r"№\s*\d|\bno\.\s*\d|#\s*\d"
        rf"|第\s*[\d{_ZH_NUM}]+\s*号",
        re.IGNORECASE),
}
#: Units that state a quantity of each type, after a number ("6 bar", "1,5 МПа", "220 В",
#: "1450 об/мин", "20 ℃"): SI and customary symbols in en/ru/zh.
_QUANTITY_UNITS = {
    "pressure": r"bar|mbar|[kmgh]?pa|psi|atm|бар|[кмг]?па|атм|кгс/см2|кгс/см²|帕|千帕|兆帕|巴",
    "temperature": r"°\s*[cfк]|℃|℉|k|градус\w*|度",
    "voltage": r"[km]?v|[км]?в|伏|千伏",
    "power": r"[kmg]?w|hp|[кмг]?вт|л\.\s*с\.|瓦|千瓦",
    # no bare "г"/"т": "2023 г." is a year (год), "т." a volume (том)
    "mass": r"[mk]?g|t|lb|tonnes?|[мк]г|тонн\w*|克|千克|公斤|吨",
    "volume": r"[mµ]?l|m3|m³|cm3|cm³|gal|litres?|liters?|[м]?л|м3|м³|литр\w*|升|毫升|立方米",
    "length": r"[nµmck]?m|in|ft|[мск]?м|мкм|米|毫米|厘米|千米|公里",
    "speed": r"rpm|km/h|m/s|mph|об/мин|км/ч|м/с|转/分",
    "noise": r"db|dba|дб|дба|分贝",
    "datasize": r"[kmgtp]i?b|[kmgtp]?bytes?|kilobytes?|megabytes?|gigabytes?|terabytes?|[кмгт]и?б|[кмгт]?байт\w*"
                r"|килобайт\w*|мегабайт\w*|гигабайт\w*|字节|千字节|兆字节|[KMGT]B",
}
#: A list item numbered n, at the start of a sentence: "7. ", "7) ", "(7)", "（7）", "7、",
#: "七、", "(七)".
for _n in ORDINAL_WORDS:
    _zh = "一二三四五六七八九十"[_n - 1]
    VALUE_PATTERNS[f"item{_n}"] = lazyre.compile(
        rf"^\s*(?:{_n}[.)](?!\d)|[(（](?:{_n}|{_zh})[)）]|(?:{_n}|{_zh})、)")
_NUMBER = r"(?<![\w.])\d+(?:[.,\s]\d+)*\s*"
for _kind, _units in _QUANTITY_UNITS.items():
    VALUE_PATTERNS[_kind] = lazyre.compile(rf"{_NUMBER}(?:{_units})(?![^\W\d_])", re.IGNORECASE)
#: A span of time: a number of seconds, minutes or hours; a number of at most three digits
#: of days (working or calendar ones too), weeks, months or years (a four-digit number before
#: "год"/"年" is a year, "2023 г." is not a span); a Chinese numeral with its unit ("两年",
#: "十分钟").
VALUE_PATTERNS["duration"] = lazyre.compile(
    rf"{_NUMBER}(?:s|sec|secs|seconds?|min|mins|minutes?|h|hrs?|hours?|с|сек\w*|мин\w*|ч|час\w*"
    r"|秒|秒钟|分钟|小时|个小时)(?![^\W\d_])"
    r"|(?<![\w.])\d{1,3}(?:[.,]\d+)?\s*(?:(?:рабоч|календарн)\w*\s+|(?:working|business|calendar)\s+|个?工作)?"
    r"(?:days?|weeks?|months?|years?|yrs?|дн\w*|день|сут\w*|недел\w*|месяц\w*"
    r"|мес|год|года|лет|天|日|周|星期|个星期|个月|年)(?![^\W\d_])"
    r"|[一二两三四五六七八九十百半]+\s*(?:秒钟|分钟|小时|个小时|天|周|个星期|个月|年)",
    re.IGNORECASE)

#: Question words that ask for a person (or a body of people): stopwords, so they are never
#: a question word of their own; `asks_person` adds the type instead. "whose" asks for an
#: owner and is left out.
PERSON_WORDS = frozenset(("who", "whom", "кто", "кем", "кого", "кому", "谁"))
#: Words that a single capital letter follows as a label, not initials ("Appendix A.",
#: "Таблица Б."), so "Appendix A. Rev. 2.1" names nobody.
_LABELS = ("(?:Appendix|Annex|Table|Figure|Fig|Section|Part|Chapter|Item|Type|Class|Grade|Note|Form"
           "|Rev|Step|Option|Mode|Приложение|Приложения|Таблица|Таблицы|Рисунок|Рис|Раздел|Часть|Глава"
           "|Тип|Класс|Группа|Форма|Схема)")
#: How a person is written in en/ru text: initials and a surname of at least four letters
#: ("В. Лидовский", "Kathryn A. Hargreaves", "Knuth D. E."; not "A. Rev."), or two
#: capitalised Cyrillic words the second of which has a surname suffix (-ов, -ин, -ский, -ко, -ич …, in any
#: case: "Владимир Лидовский", "Ольги Гагаркиной"; not "Республики Казахстан"). English capitalised pairs
#: alone are left out: titles and headings capitalise every word.
_NAME = (r"(?:\b[A-ZА-ЯЁ]\.\s?(?:[A-ZА-ЯЁ]\.\s?)?[A-ZА-ЯЁ][a-zа-яё]{3,}"
         rf"|\b(?!{_LABELS}\b)[A-ZА-ЯЁ][a-zа-яё]{{2,}},?\s[A-ZА-ЯЁ]\.\s?(?:[A-ZА-ЯЁ]\.)?(?!\w)"
         r"|\b[А-ЯЁ][а-яё]{2,}\s+[А-ЯЁ][а-яё]*(?:ов|ев|ёв|ин|ын|ск|цк|ко|ук|юк|ич|ян|дзе|швили)[а-яё]{0,3}\b)")
_EMAIL = r"[\w.+-]+@[\w-]+\.[\w.-]*\w"
#: A person named as the one who did it: a signature line (a line holding only a name, or a
#: name and an e-mail address: "Владимир Лидовский, litwr@yandex.ru"; in English the name
#: needs an initial or the address, "Karl Berry, karl@tug.org") or an English by-line
#: ("translated by Karl Berry"). Full credit for a who-question (extractive.credit).
VALUE_PATTERNS["person"] = lazyre.compile(
    rf"^[ \t]*(?:{_NAME}|[A-Z][a-z]+(?:\s[A-Z]\.)?\s[A-Z][a-z]+(?=,?\s*{_EMAIL}))"
    rf"(?:,?[ \t]*{_EMAIL})?[ \t.]*$"
    r"|\bby\s+[A-Z][a-z]+\s+(?:[A-Z]\.\s+)?[A-Z][a-z]+",
    re.MULTILINE)
#: People named by their role rather than their name ("Only trained personnel may operate the
#: press", "изготовитель", "操作人员"): a who-question is often answered so.
_ROLE = (r"\b(?:personnel|staff|operators?|technicians?|engineers?|manufacturers?|suppliers?"
         r"|authors?|translators?|editors?|персонал\w*|оператор\w*|изготовител\w*|специалист\w*"
         r"|поставщик\w*|автор\w*|переводчик\w*|редактор\w*)\b|人员|厂家|制造商|作者|译者|编者")
#: A person merely mentioned: a name anywhere in a sentence ("без Ольги Гагаркиной"), an
#: e-mail address, or a role (_ROLE). It may be anyone the text speaks of, so it earns a
#: who-question only PERSON_MENTION of the word's weight.
VALUE_PATTERNS["person-mention"] = lazyre.compile(rf"{_NAME}|{_EMAIL}|(?i:{_ROLE})")  # names keep their case
PERSON_MENTION = 0.5
_WORD_RE = lazyre.compile(r"[^\W\d_]+")


#: The kinds of value a where-, when-, who- or which-is-fastest question asks for, each as (the question words
#: that ask for it, the words that head a table column holding it), in en/ru/zh. Such a
#: question names no attribute of its own ("Where do we keep the thermal camera?": "keep" is
#: no column), so a table answers it when a column of the kind is there ("Location"). A
#: question about money ("How much does it cost?") is answered by a price column however it
#: is worded ("Unit price, RUB").
COLUMN_KINDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "place": (("where", "где", "куда", "哪里", "哪儿", "在哪"),
              ("location", "place", "room", "site", "address", "место", "местонахождение", "расположение",
               "адрес", "помещение", "位置", "地点", "地址")),
    "time": (("when", "когда", "何时", "什么时候"),
             ("date", "time", "year", "month", "day", "дата", "срок", "время", "год", "日期", "时间", "年份")),
    "money": ((*MONEY_WORDS, *PAYING, "cheaper", "cheapest", "expensive", "дороже", "дешевле", "дешёвый", "дешевый",
               "дешёвая", "дешевая", "дешёвое", "дешевое", "дешёвые", "дешевые", "дорогой", "дорогая", "дорогое",
               "дорогие", "贵", "便宜",
               # a saving is an amount of money ("How much do I save with A compared to B?")
               "save", "saves", "saving", "savings", "сэкономлю", "сэкономить", "сэкономит"),
              ("price", "cost", "tariff", "fee", "fare", "цена", "стоимость", "тариф", "价格", "单价", "价钱", "费用",
               "收费")),
    # the superlatives only: "faster" of "How much faster is the build with GCC?" asks a
    # ratio of times, not a speed column
    "speed": (("fastest", "slowest", "быстрый", "быстрая", "быстрое", "быстрые", "медленный", "медленная",
               "медленное", "медленные", "最快", "最慢"),
              ("speed", "velocity", "скорость", "速度", "航速", "车速")),
    # the superlatives of extent only: "the longest session" compares its length or duration
    "extent": (("longest", "shortest", "длинный", "длинная", "длинное", "короткий", "короткая", "короткое",
                "最长", "最短"),
               ("length", "duration", "distance", "long", "длина", "длительность", "продолжительность",
                "расстояние", "长度", "时长", "距离")),
    # the superlatives of weight only ("the heaviest rider": a weight, never a price per
    # rider); not "лёгкий", which is as often "easy"
    "mass": (("heaviest", "lightest", "тяжёлый", "тяжелый", "тяжёлая", "тяжелая", "тяжёлое", "тяжелое", "最重", "最轻"),
             ("weight", "mass", "вес", "масса", "重量", "质量")),
    "person": (tuple(PERSON_WORDS) + ("whose", "чей", "чья", "чьё", "чьи"),
               ("name", "person", "owner", "assigned", "responsible", "contact", "имя", "фио", "ответственный",
                "владелец", "姓名", "负责人")),
}


#: A currency as documents write it, by code, symbol or word, in en/ru/zh: "EUR", "руб.",
#: "元", "£". Bounded by the caller (a number before or after it, or no letter around it).
CURRENCY = (r"eur|euros?|€|usd|us\$|\$|dollars?|rub|руб\w*|р\.|₽|rubles?|roubles?|cny|rmb|yuan|元|美元|欧元|人民币"
            r"|卢布|евро|доллар\w*|юан\w*|gbp|£|pounds?|英镑|jpy|yen|日元|¥")
#: A heading (a column header, a sheet, slide or section title) saying its numbers are
#: amounts of money: a price word ("Price list", "Fee (£)", "Стоимость, руб.", "Тарифы",
#: "价格表", "收费标准", "单价(元)") or a currency standing as a word of its own.
MONEY_HEADING = lazyre.compile(r"\b(?:prices?|pricing|costs?|fees?|fares?|tariffs?|rates?)\b"
                               r"|(?<![а-яё])(?:цен[аыуе]?|стоимост\w*|тариф\w*|расценк\w*|прейскурант\w*)(?![а-яё])"
                               r"|价|费"
                               rf"|(?<![^\W\d_])(?:{CURRENCY})(?![^\W\d_])", re.IGNORECASE)
#: An amount of money as passages write it: a number with a currency after it ("45 EUR",
#: "1 200 руб.", "300元") or before it ("$45", "EUR 45", "¥300"), or a number under a price
#: heading or a currency label ("Unit price, EUR: 17.9", "批发价(元): 320", "华北(元/公斤): 3.9",
#: "Стоимость, руб.: 4500"): the values of the money type.
MONEY_VALUE = lazyre.compile(
    # (a Chinese word may follow the currency unspaced: "每次200元收取"; a letter may not: "5 руб" of "5 рубрик")
    rf"\d[\d\s.,]*\s?(?:{CURRENCY})(?![^\W\d_\u4e00-\u9fff])"
    r"|(?:[$€£¥₽]|us\$|eur|usd|rub|cny|rmb|gbp|jpy)\s?\d"
    rf"|(?:price|cost|fee|charge|цен\w*|стоимост\w*|тариф\w*|价|费|(?<![^\W\d_])(?:{CURRENCY})(?![^\W\d_]))"
    r"[^\n;:：]{0,24}[:：]\s*\d",
    re.IGNORECASE)
VALUE_PATTERNS["money"] = MONEY_VALUE


def column_words(question: str, cjk: bool = True) -> set[str]:
    """Index forms (analysis.tokens) of the words that head a column of the kind of value the
    question asks for by its interrogative (COLUMN_KINDS); empty for a question asking what,
    which or how much, whose attribute is a word of its own. Without `cjk` the Chinese header
    words are left out (analysing them loads jieba: pass it only for Chinese headers)."""
    out: set[str] = set()
    for kind in asked_kinds(question):
        out.update(_column_forms(kind, cjk))
    return out


def asked_kinds(question: str) -> set[str]:
    """The kinds of value (keys of COLUMN_KINDS) `question` asks for by its own words."""
    low = question.lower()
    words = set(_WORD_RE.findall(low))
    return {kind for kind, (asking, _) in COLUMN_KINDS.items()
            if any(w in words if not cjk_count(w) else w in low for w in asking)}


def kind_column_words(kind: str, cjk: bool = True) -> frozenset[str]:
    """Index forms of the words that head a column of `kind` (a key of COLUMN_KINDS: "money"
    -> "price", "cost", "цена", …); without `cjk` the Chinese ones are left out (analysing
    them loads jieba)."""
    return _column_forms(kind, cjk)


@functools.lru_cache(maxsize=None)
def _column_forms(kind: str, cjk: bool) -> frozenset[str]:
    return frozenset(t for h in COLUMN_KINDS[kind][1] if cjk or not cjk_count(h) for t in analysis.tokens(h))


@functools.lru_cache(maxsize=None)
def asking_groups(kind: str, cjk: bool = True) -> frozenset[tuple[str, ...]]:
    """The question word groups (analysis.query_groups) of the words that ask for a value of
    `kind` (a key of COLUMN_KINDS: "money" -> ("cost",), ("сто", "стоит"), ("钱",) of
    "多少钱"), as a question's own words are grouped; without `cjk` the Chinese ones are left
    out (analysing them loads jieba)."""
    return frozenset(g for w in COLUMN_KINDS[kind][0] if cjk or not cjk_count(w) for g in analysis.query_groups(w))


def asks_person(question: str) -> bool:
    """Whether a question asks who (PERSON_WORDS): "Кто перевёл …?", "Who wrote …?", "谁…"."""
    return "谁" in question or any(w in PERSON_WORDS for w in _WORD_RE.findall(question.lower()))


#: Words of a question that asks who wrote a document ("Who is the author of …?", "Кто
#: автор …?", "…的作者是谁？", "Who wrote …?").
_AUTHOR_RE = lazyre.compile(r"\b(?:authors?|authored|wrote|written|writers?)\b|\bавтор\w*|\bнаписал\w*"
                        r"|\bсоставил\w*|作者|编写|撰写|编著|谁写", re.IGNORECASE)


def asks_author(question: str) -> bool:
    """Whether a who-question (`asks_person`) asks who wrote something (_AUTHOR_RE)."""
    return asks_person(question) and bool(_AUTHOR_RE.search(question))


def author_words(question: str) -> set[str]:
    """The analysed forms of the question's authorship words (_AUTHOR_RE): a by-line stands
    for them ("author" is answered by "Harald Harders" under a title)."""
    return {f for m in _AUTHOR_RE.finditer(question) for f in analysis.tokens(m.group(0))}


#: One person in a by-line: two or three capitalised words, initials allowed ("Harald
#: Harders", "Константин Кориков", "Kathryn A. Hargreaves"), the last one in capitals as many
#: European title pages write the surname ("Pierre DUPONT", "Anna ROSSI-BIANCHI"), a
#: generational suffix ("Donald P. Goodman III", "Jr.") and a footnote mark after it at most
#: ("Joseph Wright†", "American Physical Society∗").
_BY_NAME = (r"(?:[A-ZА-ЯЁ]\.\s?){0,2}[A-ZА-ЯЁ][a-zа-яё'’-]+"
            r"(?:\s(?:[A-ZА-ЯЁ]\.\s?)*[A-ZА-ЯЁ][a-zа-яё'’-]+){0,1}"
            r"\s(?:[A-ZА-ЯЁ]\.\s?)*(?:[A-ZА-ЯЁ][a-zа-яё'’-]+|[A-ZА-ЯЁ]{2,}(?:-[A-ZА-ЯЁ]{2,})?(?![a-zа-яё]))"
            r"(?:,?\s(?:Jr\.|Sr\.|II|III|IV))?[∗*†‡§]?")
_MARKS = r"[∗*†‡§]?\d?"
#: A by-line of a title block: names joined by ",", "and", "и", "&", after a copyright mark
#: and year, "by" or "Author:" at most ("c 2006 Константин Кориков", "by Tobias Oetiker"),
#: before an e-mail address at most.
_BYLINE_RE = lazyre.compile(
    rf"^\s*(?:(?:©|\(c\)|c|Copyright)\s*(?:\d{{4}}(?:[-–]\d{{4}})?)?\s*,?\s*|by\s+"
    rf"|(?i:authors?|автор[ыа]?)\s*[:：]\s*)?"
    rf"{_BY_NAME}(?:\s*(?:,|and|и|&)\s*{_BY_NAME})*\s*(?:,?\s*\(?{_EMAIL}\)?)?\s*$")
#: A pinyin syllable in capitals: an initial, then a final ("WANG", "ZHANG", "LI", "OU").
_PINYIN = (r"(?:ZH|CH|SH|[BPMFDTNLGKHJQXRZCSYW])?"
           r"(?:IANG|IONG|UANG|ANG|ENG|ING|ONG|IAN|IAO|UAI|UAN|AI|AN|AO|EI|EN|ER|IA|IE|IN|IU|OU|UA|UE|UI|UN|UO"
           r"|A|E|I|O|U|V)")
#: A Chinese name written in Latin letters with its surname in capitals, one or two pinyin
#: syllables, before or after the given name ("WANG Xu", "LI Qing-Hua", "Xu WANG", "OUYANG
#: Lin"), as Chinese authors sign; "PDF Reference" is no name ("PDF" is no syllable).
_CAPS_SURNAME = rf"(?:{_PINYIN}){{1,2}}(?![A-Za-z])"
_CAPS_NAME = (rf"{_CAPS_SURNAME}\s+[A-Z][a-z]+(?:-[A-Za-z][a-z]+)?"
              rf"|[A-Z][a-z]+(?:-[A-Za-z][a-z]+)?\s+{_CAPS_SURNAME}")
#: A by-line of a Chinese title block: names of two to four Han characters (or Latin names; one
#: capitalised word, a pen name, needs the label, an address or "编写") alone on their line,
#: joined by commas, with a footnote mark, an e-mail address or "编写" ("compiled by") at
#: most, after "作者：" ("英文作者： Tobias Oetiker") at most ("吴凌云 (aloft@ctex.org)",
#: "Karl Berry 编写", "雾月, Longaster (longaster@163.com)"). Without the label, the address
#: or "编写", an e-mail address or a date line (a title block's author then date: "张三" /
#: "2022/10/27") must stand within
#: BYLINE_EMAIL_LINES lines below ("王然2" … "ranwang.osbert@outlook.com"): a short line
#: alone is as often a heading ("简介"); so must it for a name in capitals (_CAPS_NAME).
_ZH_BYLINE_RE = lazyre.compile(
    rf"^\s*(?P<label>[^\s:：]{{0,4}}(?:作者|编者|著者)\s*[:：]?\s*)?"
    rf"(?:[\u4e00-\u9fff]{{2,4}}|(?P<caps>{_CAPS_NAME})|(?P<latin>{_BY_NAME}|[A-Z][a-z]+)){_MARKS}"
    rf"(?:\s*[,，、]\s*(?:[\u4e00-\u9fff]{{2,4}}|{_BY_NAME}|[A-Z][a-z]+){_MARKS})*\s*"
    rf"(?P<email>\(?{_EMAIL}\)?)?\s*(?P<by>编写|编著|著)?\s*$")
_EMAIL_LINE_RE = lazyre.compile(rf"^\s*{_EMAIL}\s*$")
#: A title block's date line: one that starts with a date, "2022/10/27" (a version may follow
#: on the line: "2022/10/27 Version 1.4b"), "2020-12-01", "2022年10月27日", "27.10.2022".
_DATE_LINE_RE = lazyre.compile(r"^\s*(?:\d{4}\s*[-/.年]\s*\d{1,2}\s*[-/.月]\s*\d{1,2}\s*日?"
                               r"|\d{1,2}[./]\d{1,2}[./]\d{4})(?!\d)")
BYLINE_EMAIL_LINES = 3
#: Title-block lines looked at for a by-line (the cover's first lines; a journal's running
#: head and a draft mark may stand before the title: tugboat-babelbib.pdf, line 6).
BYLINE_LINES = 12


def bylines(cover: list[str], title: str = "", page: list[str] | None = None) -> list[str]:
    """The by-lines among the first BYLINE_LINES lines of a title block (chunking.
    cover_lines), stripped, in order: lines that are only names (_BYLINE_RE, _ZH_BYLINE_RE).
    A line sharing a word with `title` (the document's title) is a title line in title case
    ("Flight Test Manual"), not a by-line. `page`: every line of the cover page
    (chunk.pages.cover_page_lines), where the lines under a name are looked at (an e-mail
    address or a date under it); without it, the cover lines after it."""
    title_words = {w.casefold() for w in _WORD_RE.findall(title or "")}
    out = []
    lines = cover[:BYLINE_LINES]
    for i, line in enumerate(lines):
        words = {w.casefold() for w in _WORD_RE.findall(line)}
        if _BYLINE_RE.match(line) and not words & title_words:
            out.append(line.strip())
            continue
        m = _ZH_BYLINE_RE.match(line)
        if m and (m.group("label") or m.group("email") or m.group("by")
                  or (not m.group("latin")
                      and any(_EMAIL_LINE_RE.match(ln) or _DATE_LINE_RE.match(ln)
                              for ln in _below(line, lines[i + 1:], page)))):
            out.append(line.strip())
    return out


def _below(line: str, cover_after: list[str], page: list[str] | None) -> list[str]:
    """The BYLINE_EMAIL_LINES lines under a cover line: from the cover page's own lines
    (`page`, where dates and numbers stand too) when it is there, else from the cover lines
    after it."""
    if page is not None:
        for j, ln in enumerate(page):
            if ln.strip() == line.strip():
                return [x for x in page[j + 1:] if x.strip()][:BYLINE_EMAIL_LINES]
    return cover_after[:BYLINE_EMAIL_LINES]


def byline_marks(marks: Callable[[str], set[str]], lines: list[str], words: set[str]
                 ) -> Callable[[str], set[str]]:
    """`marks`, plus for a sentence window holding one of the by-lines `lines` (whitespace
    runs compared as one space): the person mark and the authorship `words` it stands for
    (author_words), so that "Who is the author of the babelbib package?" is answered by its
    cover's "Harald Harders"."""
    return line_marks(marks, lines, {PERSON_GROUP[0]} | words)


def line_marks(marks: Callable[[str], set[str]], lines: list[str], stands_for: set[str]
               ) -> Callable[[str], set[str]]:
    """`marks`, plus `stands_for` (question words, pseudo words) for a sentence window
    holding one of the title-block `lines` (whitespace runs compared as one space): the
    line answers those words though it does not write them (a by-line for "author", an
    edition line for "version")."""
    wanted = [" ".join(b.split()) for b in lines if b.strip()]

    def with_lines(text: str) -> set[str]:
        found = marks(text)
        flat = " ".join(text.split())
        if any(b in flat for b in wanted):
            found = found | stands_for
        return found

    return with_lines


#: Words of a question that asks which version or date a document is ("Which elsarticle
#: version is documented and what is its date?", "Какая версия у руководства …?",
#: "xpinyin 手册是哪个版本、哪天的？"): its title block's edition line answers them.
_EDITION_RE = lazyre.compile(r"\b(?:versions?|editions?|revisions?|dated?|released?)\b|\bверси\w*|\bредакци\w*"
                             r"|\bдат[аеуы]\b|版本|日期|哪天|哪一天", re.IGNORECASE)


#: The edition asked for: an interrogative and, at most two words on, an edition word
#: ("Which GLPK release …", "What is the version of …", "Какая версия …", "哪个版本", "哪天"),
#: or "when … released/dated/published" ("Когда … выпущен/издан", "什么时候发布"). Where an
#: edition word stands elsewhere it names a topic ("ctex 的中文日期 … 靠哪个宏包实现的？").
_ASKED_EDITION_RE = lazyre.compile(
    r"\b(?:which|what)\s+(?:[\w-]+\s+){0,2}?(?:versions?|editions?|release|revisions?|date)\b"
    r"|\bwhen\b.*\b(?:released|dated|published)\b"
    r"|\b(?:как\w+|котор\w+)\s+(?:[\w-]+\s+){0,2}?(?:верси|редакци|дат[аеуы]\b)"
    r"|\bкогда\b.*\b(?:выпущ|издан|вышл|вышел|датирова)"
    r"|(?:哪|什么|几)(?:个|一)?(?:版本|版|日期|天)|什么时候(?:发布|出版|发行)", re.IGNORECASE)
#: Words of a question that asks which version of something else the document requires
#: ("Which minimum Asymptote version does the asymptote package require?"): its title
#: block dates the document itself, not what it needs.
_REQUIRES_RE = lazyre.compile(r"\b(?:minimum|min|required?|requires|needs?|needed|at\s+least|newer|older)\b"
                              r"|\bминимальн\w*|\bтребу\w*|\bнужн\w*|\bне\s+ниже\b|最低|至少|需要|要求",
                              re.IGNORECASE)


def asks_edition(question: str) -> bool:
    """Whether a question asks which version or date a document is (_ASKED_EDITION_RE)
    without naming a version or date itself (_NAMED_EDITION_RE: "When was version 2.01
    released?" asks about that version, which the title block of the current one does not
    date) or asking what it requires (_REQUIRES_RE)."""
    return (bool(_ASKED_EDITION_RE.search(question)) and not _NAMED_EDITION_RE.search(question)
            and not _REQUIRES_RE.search(question))


#: A version or date a question names: a dotted number ("2.01"), a year, or a number after a
#: version word ("version 2"); a name with a digit ("apa7", "PX-200") is not one.
_NAMED_EDITION_RE = lazyre.compile(r"(?<![\w.])\d+(?:\.\d+)+(?![\w.])|(?<!\d)(?:19|20)\d\d(?!\d)"
                                   r"|\b(?:versions?|v|editions?|releases?|верси\w*|版本)\s*\d", re.IGNORECASE)


def edition_words(question: str) -> set[str]:
    """The analysed forms of the question's edition words (_EDITION_RE), which a title
    block's edition line stands for."""
    return {f for m in _EDITION_RE.finditer(question) for f in analysis.tokens(m.group(0))}


#: Month names as a title block's date line writes them (English, full or short; Russian in
#: the genitive a date takes): a group, unlike the value patterns' bare `_MONTHS` list.
_DATE_LINE_MONTHS = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
                     r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|января|февраля|марта|апреля"
                     r"|мая|июня|июля|августа|сентября|октября|ноября|декабря)")
#: A title-block line stating an edition: a version number after its word ("Version 3.3",
#: "Version: 3.3", "ver. 2.03y", "v2.38", "версия 1.2", "版本 2.5.10"; "Rev. B" is not one), or
#: a date ("November 23, 2020", "August 31st, 2020", "23 November 2020", "2022/07/14",
#: "2022年7月14日", "14 июля 2022 г.").
_EDITION_LINE_RE = lazyre.compile(
    rf"(?:\bv(?:er(?:sion)?)?[.:]?\s?|\bверсия:?\s|版本[:：]?\s*)\d+(?:\.\d+)+[a-z]?\b"
    rf"|\b{_DATE_LINE_MONTHS}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}\b"
    rf"|\b\d{{1,2}}\s+{_DATE_LINE_MONTHS}\.?\s+\d{{4}}\b"
    rf"|(?<!\d)\d{{4}}\s*[-/.年]\s*\d{{1,2}}\s*[-/.月]\s*\d{{1,2}}(?!\d)", re.IGNORECASE)
#: Cover-page lines looked at for an edition line: the title block, which a reference card
#: or a one-page note may end with (its version under the last column).
EDITION_LINES = 40


def edition_lines(page: list[str]) -> list[str]:
    """The lines among the first EDITION_LINES non-empty lines of a cover page
    (chunk.pages.cover_page_lines) that state the document's version or date
    (_EDITION_LINE_RE), stripped, in order."""
    lines = [ln.strip() for ln in page if ln.strip()][:EDITION_LINES]
    return [ln for ln in lines if _EDITION_LINE_RE.search(ln) and not _CONTENTS_LINE_RE.match(ln)]


#: A contents entry: a section number, its title, its page number ("3 apa7 Version 2.01
#: Changes to Authors and Affiliations 2"), which names a version the section is about.
_CONTENTS_LINE_RE = lazyre.compile(r"^\d+(?:\.\d+)*\s+\S.*\D\s+\d{1,4}$")


#: The pseudo question word of a who-question (`asks_person`), weighed like the question's
#: rarest word (pincite.answer.rank): full credit for a window with a signature or
#: by-line, PERSON_MENTION for one that only mentions a name or role (extractive.credit).
PERSON_GROUP = ("\x00type:person", "\x00type:person-mention")


#: The pseudo question word of an edition question (`asks_edition`), weighed like the
#: question's rarest word (pincite.answer.rank): only a title block's edition line holds
#: it, so a later page saying "in an earlier version …" does not cover the question as well.
EDITION_GROUP = ("\x00type:edition",)


#: Pseudo index form marking a sentence window that holds a value of a type; it cannot
#: collide with a real form (analysis.tokens never yields a control character).
MARK = "\x00type:"


@functools.lru_cache(maxsize=2)
def _forms(cjk: bool = True) -> dict[str, str]:
    """Analysed form -> answer type of every TYPE_WORDS word, built on first use (analysing
    the Chinese words loads jieba's dictionary, which importing this module must not).
    Without `cjk`, the words written in CJK characters are left out: their forms are all
    CJK, so the table gives the same type for every other form, and a question with no
    Chinese word never loads jieba (~2 s of a cold `pincite ask`)."""
    out: dict[str, str] = {}
    for kind, words in TYPE_WORDS.items():
        for w in words:
            if not cjk and cjk_count(w):
                continue
            for form in analysis.tokens(w):
                out.setdefault(form, kind)
            out.setdefault(w.lower(), kind)
    return out



def _computed_type_forms() -> dict[str, list[str]]:
    """{answer type: the analysed form of each of its TYPE_WORDS words, in order, once}."""
    return {kind: list(dict.fromkeys(g[0] for w in words for g in analysis.query_groups(w)))
            for kind, words in TYPE_WORDS.items()}


@functools.cache
def _all_type_forms() -> dict[str, list[str]]:
    """_computed_type_forms, kept in a derived cache (text.derived) keyed by this file, the
    text stage's files and the analysers' installed files: the Chinese type words need
    jieba and its dictionary (~0.07 CPU-s to load), which a question with no Chinese word
    then never loads."""
    import importlib.util
    import json
    from pathlib import Path

    from pincite.text import derived

    def build(tmp) -> None:
        tmp.write_text(json.dumps(_computed_type_forms(), ensure_ascii=False), encoding="utf-8")

    def open_(path) -> dict[str, list[str]]:
        table = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(table, dict) or set(table) != set(TYPE_WORDS) or not all(
                isinstance(v, list) and all(isinstance(f, str) for f in v) for v in table.values()):
            raise ValueError(f"{path}: not a table of the answer types' forms")
        return table

    try:
        specs = [importlib.util.find_spec(m) for m in ("jieba", "pymorphy3", "pymorphy3_dicts_ru", "Stemmer")]
        origins = [str(s.origin) if s is not None and s.origin else "" for s in specs]
        if "" in origins:
            raise ImportError("a module of the analysis is not on disk")
        jieba_dict = str(Path(origins[0]).parent / "dict.txt")
        text_files = sorted(str(f) for f in Path(analysis.__file__).parent.glob("*.py"))
        key = derived.source_key([__file__, jieba_dict, *origins, *text_files], analysis.ANALYZER_VERSION)
    except (OSError, TypeError, AttributeError, ImportError):  # a module not found or not on disk
        table = None
    else:
        table = derived.derived(f"typeforms-{key}.json", build, open_)
    return table if table is not None else _computed_type_forms()


def _type_forms(kind: str) -> tuple[str, ...]:
    """The analysed form of every TYPE_WORDS word of one answer type, in all three
    languages (a word's own form: not the character pieces a Chinese word is also indexed
    by, "一年" of "哪一年"), built on first use (_all_type_forms)."""
    return tuple(_all_type_forms().get(kind, ()))


def expansion(groups: list[tuple[str, ...]]) -> list[str]:
    """Index forms to add to a question's search: for each question word that asks for a
    kind of value (`type_of`), the other words that name that kind, in en/ru/zh. A document
    labels a value by its kind's usual word ("Net weight 6.8 kg"), which the question may
    not use ("How heavy is …?", or "масса" asked of an English manual); searched with the
    question's own words alone, such a passage ranks too low to be read at all. Ordinal
    and abbreviation types are left out: their words name no passage.""" 
    own = {t for g in groups for t in g}
    out: list[str] = []
    for g in groups:
        kind = type_of(g)
        if kind is None or kind.startswith("item") or kind == "expansion":
            continue
        out += [f for f in _type_forms(kind) if f not in own and f not in out]
    return out


def type_of(group: tuple[str, ...]) -> str | None:
    """The answer type a question word (a group of index forms, its first form the word's
    own) asks for, or None: that of its first form with one ("第七项" is asked as 第七项,
    第七 and 七项: an ordinal)."""
    forms = _forms(any(cjk_count(f) for f in group))
    return next((forms[f] for f in group if f in forms), None)


def untyped(group: tuple[str, ...]) -> tuple[str, ...]:
    """`group` without the pseudo form `typed_group` appended (unchanged when it has none)."""
    return group[:-1] if group and group[-1].startswith(MARK) else group


def typed_group(group: tuple[str, ...]) -> tuple[str, ...]:
    """`group` with the pseudo form of its answer type appended (unchanged when none)."""
    kind = type_of(group)
    return group + (MARK + kind,) if kind else group


def value_marks(text: str) -> set[str]:
    """Pseudo forms (MARK + type) for every answer type whose value is written in `text`."""
    return set(_value_marks(text))


#: Texts whose value marks are kept (the sentences and windows of the last questions' hits:
#: a server scores the same passages for question after question).
MARKS_CACHE = 8192


#: Kinds of quantity whose value a text may state under the kind's name instead of with a
#: unit beside the number: a table row "Масса камеры без загрузки, кг | 3 200", a label
#: "Weight (kg): 58", "额定功率（千瓦）：45". A word of the kind (TYPE_WORDS, as written, any
#: language) followed within LABEL_GAP characters by a number is a value of the kind; a number
#: before the word ("3) Проверить давление.") is not.
LABELLED_KINDS = ("pressure", "temperature", "voltage", "power", "mass", "volume", "length", "speed", "duration")
LABEL_GAP = 40


@functools.cache
def _label_re(kind: str) -> re.Pattern:
    """The pattern of a LABELLED_KINDS label and its value, compiled on first use."""
    return re.compile(rf"(?:{_kind_word_re(kind).pattern})\D{{0,{LABEL_GAP}}}?\d", re.IGNORECASE)


def header_marks(header: str) -> set[str]:
    """Pseudo forms (MARK + kind) of the LABELLED_KINDS a table's column header names ("Масса,
    кг", "Weight (kg)", "额定功率（千瓦）"), and money's when it is a MONEY_HEADING ("Цена,
    руб.", "Peak (GBP)"): a data row under it states a value of that kind in its cell, as
    "Масса, кг: 395" does beside its label."""
    marks = {MARK + kind for kind in LABELLED_KINDS if _kind_word_re(kind).search(header)}
    return marks | {MARK + "money"} if MONEY_HEADING.search(header) else marks


@functools.cache
def _kind_word_re(kind: str) -> re.Pattern:
    """A LABELLED_KINDS kind's words (TYPE_WORDS, as written) standing as words, compiled on
    first use."""
    words = sorted(TYPE_WORDS[kind], key=len, reverse=True)
    latin = "|".join(re.escape(w) for w in words if not cjk_count(w))
    han = "|".join(re.escape(w) for w in words if cjk_count(w))
    return re.compile(rf"(?<![^\W\d_])(?:{latin})(?![^\W\d_])|{han}", re.IGNORECASE)


#: An abbreviation: two to six capitals (Latin or Cyrillic) standing as a word.
_ACRONYM_RE = lazyre.compile(r"(?<![^\W\d_])[A-ZА-ЯЁ]{2,6}(?![^\W\d_])")
_EXPANSION_WORD_RE = lazyre.compile(r"[^\W\d_][\w'’-]*")
#: Short words an expansion may hold that its abbreviation leaves out ("Department of
#: Defense", "Система управления базами данных" keeps them all).
_SKIPPED = frozenset(("of", "and", "for", "the", "in", "on", "to", "a", "an", "и", "в", "по", "для", "на"))
#: Characters on either side of an abbreviation that its expansion is looked for in.
EXPANSION_REACH = 80


def defines_abbreviation(text: str) -> bool:
    """Whether `text` spells out an abbreviation it uses: right before or right after a word
    of two to six capitals stand consecutive words whose initials are its letters, in
    order (punctuation between them and the abbreviation aside, short function words
    (_SKIPPED) with or without their letter; looked for within EXPANSION_REACH characters): "ESS (“Emacs Speaks
    Statistics”)", "the Comprehensive R Archive Network (CRAN)". The usual way a document
    defines an abbreviation, which answers what it stands for."""
    for m in _ACRONYM_RE.finditer(text):
        letters = m.group(0).casefold()
        before = _initials(text[max(0, m.start() - EXPANSION_REACH):m.start()])
        after = _initials(text[m.end():m.end() + EXPANSION_REACH])
        if any(b.endswith(letters) for b in before) or any(a.startswith(letters) for a in after):
            return True
    return False


def _initials(side: str) -> tuple[str, str]:
    """The first letters (lower case) of the words of `side`: of every word, and of the
    words other than short function words (_SKIPPED), which an abbreviation may or may not
    take a letter of ("DoD", "СУБД")."""
    words = _EXPANSION_WORD_RE.findall(side)
    return ("".join(w[0].casefold() for w in words),
            "".join(w[0].casefold() for w in words if w.casefold() not in _SKIPPED))


@functools.lru_cache(maxsize=MARKS_CACHE)
def _value_marks(text: str) -> frozenset[str]:
    """The value marks of `text`, remembered across processes (text.textmemo, keyed by this
    file and the text package it reads): a cold process scores the sentences of a library's
    passages that earlier processes scored."""
    from pincite.text import textmemo

    return frozenset(textmemo.remembered("value-marks", _computed_marks, __file__).get(text))


def _computed_marks(text: str) -> list[str]:
    """The value marks of `text` (value_marks), computed."""
    found = {MARK + kind for kind, rx in VALUE_PATTERNS.items() if rx.search(text)}
    if defines_abbreviation(text):
        found.add(MARK + "expansion")
    found.update(MARK + kind for kind in LABELLED_KINDS if MARK + kind not in found and _label_re(kind).search(text))
    return sorted(found)


#: "How much" not followed by a word of time, size or amount of stuff: in English it asks an
#: amount, most often a price ("How much is a term of Stage 3 lessons?", "How much per
#: player are three missions?"); `asks_how_much`.
_HOW_MUCH = lazyre.compile(r"\bhow\s+much\b(?!\s+(?:time|longer|later|earlier|space|memory|data|weight|power"
                           r"|fuel|water|more\s+time))", re.IGNORECASE)


def asks_how_much(question: str) -> bool:
    """Whether `question` asks "how much" of something (`_HOW_MUCH`): where a row offers a
    price beside other values (a lesson's length, a departure time), the price is meant."""
    return bool(_HOW_MUCH.search(question))


def is_year(word: str) -> bool:
    """Whether `word` (an index form) is a year as VALUE_PATTERNS["year"] writes one: four
    digits from 1500 to 2099 and nothing else ("2025", not "20250" nor "2025-01")."""
    return bool(VALUE_PATTERNS["year"].fullmatch(word))
