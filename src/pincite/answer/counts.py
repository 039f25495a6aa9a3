"""Counts a question states ("три пачки ибупрофена", "two adult tickets", "两张成人票"): the
numbers of things it asks to multiply a row's value by (`counts_in`), told apart from
quantities with a unit ("3 кг", "2小时"), codes and model numbers ("R17", "PX 200", "iPhone
13", "Stage 3"), numerals inside a Chinese word ("三轮车") or after the noun they number
("科目二"), and the words that only measure a count ("пачки" of "три пачки ибупрофена",
`counted_measures`). answer.comparison multiplies with them; answer.variants, answer.apart
and answer.clarify read them to know that a question counts several things.
"""
from __future__ import annotations

import functools
import re
from decimal import Decimal

from pincite.text import analysis, lazyre
from pincite.text.cjk import is_cjk

from .numbers import number_mentions
from .unitnames import COUNTED, unit_after_text

#: The largest count of things a question may state to be multiplied by a row's value ("три
#: пачки", "two tickets"); a larger number is more likely a code, a size or a year.
MAX_COUNT = 999


#: The plural of "один" before a noun counts one thing a plural-only noun names ("одни
#: джинсы", "одних брюк", "одни сутки"); not "одни и те же", "одни из", "одни только" (answer.
#: numbers reads одни as no number in quotes for that reason).
_ONE_PAIR = lazyre.compile(r"(?<![а-яё])(одни|одних|одними)\s+(?!(?:и|из|только|лишь|те|же)(?![а-яё]))(?=[а-яё])",
                           re.IGNORECASE)


#: A size written as two or three numbers joined by a multiplication sign or a letter x ("5×10",
#: "5 x 10", "10х20", "2*3"): the numbers measure one thing (a unit, a room, a sheet), they
#: count nothing. Read either side of the sign.
_SIZE_BEFORE = lazyre.compile(r"\d\s*[×xх*]\s*$", re.IGNORECASE)
_SIZE_AFTER = lazyre.compile(r"\s*[×xх*]\s*\d", re.IGNORECASE)


#: A count of people written as "N of us/them/you" ("Two of us want to …").
_OF_PEOPLE = lazyre.compile(r"\s+of\s+(?:us|them|you)\b", re.IGNORECASE)


@functools.lru_cache(maxsize=256)
def counts_in(question: str) -> tuple[tuple[Decimal, str, str], ...]:
    """The counts of things `question` states, in order: (count, the count as written, the
    text it governs: from after it to the next count or the question's end). A count is a
    whole number from 1 to MAX_COUNT, in digits or words (numbers.number_mentions: "три",
    "two", "两"; "одни" before a plural-only noun: `_ONE_PAIR`), with no unit of measure
    after it ("3 кг", "12 лет", "2小时" are quantities, not counts), not part of a code or
    a decimal ("R17", "1.3"). Remembered per question: coverage (`counted_measures`), the
    rows set apart (answer.apart), the question back (answer.clarify) and the arithmetic
    (answer.comparison) each read them."""
    found = []
    for m in number_mentions(question):
        if m.value is None or m.value != m.value.to_integral_value() or not 1 <= m.value <= MAX_COUNT:
            continue
        if not m.spelled:
            before = question[m.start - 1] if m.start else " "
            after = question[m.end:m.end + 2]
            if (before.isalnum() and not is_cjk(before)) or before in "-./#№:," \
                    or (after[:1].isalpha() and not is_cjk(after[:1])) \
                    or (after[:1] in "-–./:,×x" and after[1:2].isdigit()) \
                    or _after_a_name(question[:m.start].split(), question):
                # a code or a model number ("R17", "3D", "КМН 125-100-250", "PX 200", "iPhone
                # 13", "Stage 3"), not a count
                continue
            if after[:1] in "-–" and re.match(r"[-–][^\W\d_]{3,}", question[m.end:m.end + 5]):
                # a number joined to a word describes the thing, not how many ("a 7-seater",
                # "a 3-day pass", "4-местный номер"); "2-х заездов" (a numeral's case ending) counts
                continue
        if not m.spelled and (_SIZE_BEFORE.search(question, 0, m.start) or _SIZE_AFTER.match(question, m.end)):
            continue  # a side of a size ("5×5 小仓", "the 5 x 10 unit"), no count
        if not re.search(r"[^\W\d_]", question[m.end:m.end + 40]):
            continue  # nothing counted after it ("… КМН 65?")
        nxt = re.match(r"\s*([^\W\d_]+)", question[m.end:])
        if nxt and len(nxt.group(1)) <= 2 and not is_cjk(nxt.group(1)[0]) and not _OF_PEOPLE.match(question, m.end):
            # a unit's symbol ("380 V", "5 A", "220 В"), not a thing counted; "of us" is none
            # ("Two of us": two people)
            continue
        if unit_after_text(question, m.end) not in (None, *COUNTED):
            continue  # a quantity ("3 часа", "5 kg"); pages and pieces are counted things
        if m.spelled and is_cjk(m.text[0]) and _numeral_in_word(question, m.start, m.end):
            continue  # "三" of "三轮车" (a tricycle), "一" of "一整天": part of a word, no count
        if _numbers_a_noun(question, m.start, m.end):
            continue  # "二" of "科目二" (the second exam), "3" of "方案3": a label, no count
        found.append((m.value, m.text, m.start, m.end))
    for one in _ONE_PAIR.finditer(question):  # "одни джинсы": one of a plural-only noun
        if unit_after_text(question, one.end(1)) is None:  # "одни сутки" is a quantity
            found.append((Decimal(1), one.group(1), one.start(1), one.end(1)))
    found.sort(key=lambda f: f[2])
    return tuple((v, text, question[end:found[i + 1][2] if i + 1 < len(found) else len(question)])
                 for i, (v, text, _, end) in enumerate(found))


def _after_a_name(words_before: list[str], question: str) -> bool:
    """Whether the word before a number (last of `words_before`) makes the number part of a
    name: in capitals ("PX 200"), with a capital inside ("iPhone 13"), capitalised inside a
    sentence ("Stage 3") or Latin in a question of another script ("Lockdown 47 的…"); not
    a sentence's capitalised first word ("Нужно 3 …")."""
    word = words_before[-1] if words_before else ""
    if len(word) < 2 or word.islower():
        return False
    inside = len(words_before) > 1 and not words_before[-2].endswith((".", "!", "?"))
    return (word.isupper() or any(ch.isupper() for ch in word[1:]) or inside
            or (word.isascii() and not question.isascii()))


def _numeral_in_word(text: str, start: int, end: int) -> bool:
    """Whether the Chinese numeral at text[start:end] stands inside a word of the run of
    Chinese around it (analysis.cjk_words): the word begins before it or runs on past one
    character after it (a measure word: "两张", "一辆" are counts; "三轮车" is a word)."""
    a, b = start, end
    while a > 0 and is_cjk(text[a - 1]):
        a -= 1
    while b < len(text) and is_cjk(text[b]):
        b += 1
    pos = a
    for word in analysis.cjk_words(text[a:b]):
        if pos <= start < pos + len(word):
            return pos < start or pos + len(word) > end + 1
        pos += len(word)
    return False


def _numbers_a_noun(text: str, start: int, end: int) -> bool:
    """Whether the numeral at text[start:end] follows a Chinese noun it numbers: jieba reads
    the numeral as a word of its own right after a word it tags as a noun, and neither a
    measure word or numeral (tagged as numerals too: "个", "卷") nor a noun follows it
    ("科目二补考", "方案3的价格"; "科目三小车" may count three small cars, and stays a
    count). Chinese states a count before what it counts, with a measure word
    ("两个纸箱", "3卷气泡膜", "纸箱两个"); a numeral after its noun names which one ("科目二
    补考" is the second exam's retake, not two retakes). False for any numeral not after
    Chinese text."""
    a = start
    while a > 0 and text[a - 1] == " ":
        a -= 1
    if a == 0 or not is_cjk(text[a - 1]):
        return False
    b = a
    while b > 0 and is_cjk(text[b - 1]):
        b -= 1
    c = end
    while c < len(text) and (is_cjk(text[c]) or text[c] == " "):
        c += 1
    import jieba.posseg  # the tagger's tables load on first use

    tagged = jieba.posseg.lcut(text[b:a] + text[start:c].replace(" ", ""))
    pos, cut = 0, a - b  # the numeral's offset in the text tagged
    for i, w in enumerate(tagged):
        if pos == cut:
            after = tagged[i + 1].flag if i + 1 < len(tagged) else ""
            return (w.word == text[start:end] and i > 0 and tagged[i - 1].flag.startswith("n")
                    and after not in ("m", "q") and not after.startswith("n"))
        pos += len(w.word)
    return False


def counted_measures(question: str, groups: list[tuple[str, ...]], df: dict[str, int]) -> set[tuple[str, ...]]:
    """The word groups of `question` (analysis.query_groups) that measure a count it states
    (`counts_in`) rather than name a thing: the first word after a count when no chunk of
    the library writes it in any form (`df`: Catalog.term_df of its forms) and a later word
    the count governs is written ("три пачки ибупрофена", "3 упаковки клея": a price list
    writes the product, not "пачки"). A count followed by one word the library lacks
    ("3 велосипеда") keeps it: it is the thing asked about. Chinese measures a count by a
    classifier of one character written on the numeral ("一名搬运工", "三盒布洛芬"), which
    names nothing: the word after it is the thing counted, written in the library or not."""
    out = set()
    for _, _, span in counts_in(question):
        if span[:1] and is_cjk(span[0]):
            continue
        own = [g for g in analysis.query_groups(span) if g in groups]
        if len(own) >= 2 and not any(df.get(t, 0) for t in own[0]) \
                and any(df.get(t, 0) for g in own[1:] for t in g):
            out.add(own[0])
    return out
