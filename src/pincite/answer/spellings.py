"""The question's words as the library writes them: the other spellings, scripts and
languages of each word that the library's index holds, added to the word's group of index
forms (analysis.query_groups) so the search finds them and a window holding them covers the
word. Model codes ("TK-7" as "ТК-7", "zk 310" as "ZK-310"), names typed in the other alphabet
or in pinyin, values and units ("2,2 кВт" as "2.2 kW"), quarters in words ("the fourth
quarter" as "Q4"), misspelled words (answer.misspelled) and dictionary translations
(text.bilingual). Each reads the catalog's term frequencies, never the passages.
"""
from __future__ import annotations

import bisect
import dataclasses
import functools
import re
import weakref

from pincite.text import analysis, bilingual, codes, lazyre, periods, translit
from pincite.text.cjk import is_cjk

from .features import capitalised
from .retrieve import LibraryLike
from .unitnames import unit_spellings

#: Per catalog: (its chunk count when read, its `_TermIndex`), for `with_transliterations`
#: and `code_prefixed`.
_SOUNDS: "weakref.WeakKeyDictionary[object, tuple[int, _TermIndex]]" = weakref.WeakKeyDictionary()


@dataclasses.dataclass(frozen=True)
class _TermIndex:
    """The library's index forms as `_term_index` reads them: `sounds`, per script ("latin",
    "cyrillic"), (the sorted sound keys, {sound key: the forms}); `codes`, the sorted forms
    that hold a digit; `code_df`, their chunk frequencies."""

    sounds: dict[str, tuple[list[str], dict[str, list[str]]]]
    codes: list[str]
    code_df: dict[str, int]


def _term_index(lib: LibraryLike) -> _TermIndex:
    """The library's index forms by script and sound key (translit.sound_key), and those
    that hold a digit, read from the catalog's term table on first use and again when its
    chunk count changes."""
    n = lib.catalog.chunk_count()
    kept = _SOUNDS.get(lib.catalog)
    if kept is not None and kept[0] == n:
        return kept[1]
    by: dict[str, dict[str, list[str]]] = {"latin": {}, "cyrillic": {}}
    digits: dict[str, int] = {}
    for term, df in lib.catalog.all_term_df().items():
        sc = translit.script(term)
        if sc is not None:
            by[sc].setdefault(translit.sound_key(term), []).append(term)
        elif any(ch.isdigit() for ch in term):
            digits[term] = df
    out = _TermIndex({sc: (sorted(keys), keys) for sc, keys in by.items()}, sorted(digits), digits)
    _SOUNDS[lib.catalog] = (n, out)
    return out


#: Codes an acronym stands for at most (`code_prefixed`): the most frequent ones.
PREFIXED_CODES = 5


def code_prefixed(lib: LibraryLike, word: str) -> list[str]:
    """The library's index forms of codes whose letter part is `word` (an index form of
    letters alone), most frequent first, at most PREFIXED_CODES: "ipc" -> "ipc-6011",
    "ipc-2221". A document that names a standard or series only inside its codes ("IPC-6011")
    answers a question naming the series ("Which IPC standard …?")."""
    if not word.isalpha() or len(word) < 2:
        return []
    index = _term_index(lib)
    found = []
    i = bisect.bisect_left(index.codes, word)
    while i < len(index.codes) and index.codes[i].startswith(word):
        if re.match(r"[-–./]?\d", index.codes[i][len(word):]):
            found.append(index.codes[i])
        i += 1
    return sorted(found, key=lambda t: -index.code_df[t])[:PREFIXED_CODES]


#: Per catalog: (its chunk count when read, {sound key: the Chinese index forms of 2 to
#: MAX_HAN_NAME characters that sound so}), for `with_transliterations`.
_HAN_SOUNDS: "weakref.WeakKeyDictionary[object, tuple[int, tuple[list[str], dict[str, list[str]]]]]" = (
    weakref.WeakKeyDictionary())
#: Longest Chinese index form read as a name typed in pinyin or Palladius (a city, a person,
#: a product: two to four characters).
MAX_HAN_NAME = 4


def _han_index(lib: LibraryLike) -> tuple[list[str], dict[str, list[str]]]:
    """(sorted sound keys, {sound key: forms}) of the library's Chinese index forms of 2 to
    MAX_HAN_NAME characters (translit.han_sound_keys: pinyin and Palladius), read on first
    use and again when the chunk count changes."""
    n = lib.catalog.chunk_count()
    kept = _HAN_SOUNDS.get(lib.catalog)
    if kept is not None and kept[0] == n:
        return kept[1]
    by: dict[str, list[str]] = {}
    for term in lib.catalog.all_term_df():
        if 2 <= len(term) <= MAX_HAN_NAME and all(map(is_cjk, term)):
            for key in translit.han_sound_keys(term):
                by.setdefault(key, []).append(term)
    out = (sorted(by), by)
    _HAN_SOUNDS[lib.catalog] = (n, out)
    return out


def _alike_forms(key: str, keys: list[str], terms: dict[str, list[str]]) -> list[str]:
    """The forms of `terms` whose sound key sounds as `key` (translit.sound_alike): keys
    `key` starts with, then keys that start with it (`keys` sorted)."""
    near = [key[:n] for n in range(translit.MIN_KEY, len(key) + 1)]
    i = bisect.bisect_left(keys, key)
    while i < len(keys) and keys[i].startswith(key):
        near.append(keys[i])
        i += 1
    return [t for k in near if k in terms and translit.sound_alike(key, k) for t in terms[k]]


def with_transliterations(lib: LibraryLike, groups: list[tuple[str, ...]],
                          names: set[tuple[str, ...]] | None = None) -> list[tuple[str, ...]]:
    """`groups` (query_groups) with, in each group written in Latin or Cyrillic letters none
    of whose forms the library's index holds, the codes it is the letter part of
    (`code_prefixed`) or else the index forms of the other script that sound
    alike (translit.sound_alike of their sound keys): a Russian name typed in Latin letters
    ("Severny" for "Северный") or a Latin one in Cyrillic ("Линдквист" for "Lindqvist") is
    then searched and covered as the document writes it. A name (in `names`: capitalised in
    the question) that sounds as none of those also gets the Chinese index forms read so in
    pinyin or Palladius (`_han_index`: "Shenzhen", "Шэньчжэнь" as 深圳, "Синхуань" as 星环).
    A word the library holds as typed is left alone, so a question in the library's own
    script costs one term lookup."""
    wanted = [g for g in groups if all(translit.script(t) for t in g)]
    if not wanted:
        return groups
    df = lib.catalog.term_df([t for g in wanted for t in g])
    absent = {g for g in wanted if not any(df.get(t, 0) for t in g)}
    if not absent:
        return groups
    index = _term_index(lib).sounds
    out = []
    for g in groups:
        if g not in absent:
            out.append(g)
            continue
        coded = code_prefixed(lib, g[0])
        if coded:  # an acronym the library writes only inside its codes
            out.append(g + tuple(coded))
            continue
        other = "cyrillic" if translit.script(g[0]) == "latin" else "latin"
        keys, terms = index[other]
        more: list[str] = []
        for key in dict.fromkeys(k for t in g for k in translit.sound_keys(t)):
            more += _alike_forms(key, keys, terms)
        if not more and names and g in names:
            # a Chinese name typed in pinyin or Palladius
            han_keys, han_terms = _han_index(lib)
            for key in dict.fromkeys(translit.sound_key(t) for t in g):
                more += _alike_forms(key, han_keys, han_terms)
        out.append(g + tuple(t for t in dict.fromkeys(more) if t not in g))
    return out


#: A number or a how-many word, then the word written right after it: the unit a
#: question's value is in ("2,2 кВт", "5 kg", "20 千克", "how many kilograms", "сколько
#: киловатт"; a Chinese unit may follow with no space, and a Chinese word may stand right
#: before the number: "高于500伏").
NUMBER_UNIT = lazyre.compile(r"(?:(?<![0-9A-Za-z\u00c0-\u024f\u0400-\u04ff_.,])\d+(?:[.,]\d+)?"
                              r"|\bhow (?:many|much)|сколько|多少|几)\s?([^\W\d_]+[²³]?)",
                              re.IGNORECASE)
_DECIMAL = lazyre.compile(r"\d+[.,]\d+")
#: A product of numbers typed with a letter x or a star ("3x3", "10х20", "2*4"): documents
#: print it with a multiplication sign and spaces ("3 × 3"), which the index holds as its
#: numbers alone.
_DIMENSION = lazyre.compile(r"\d+(?:[.,]\d+)?(?:[xх*]\d+(?:[.,]\d+)?)+", re.IGNORECASE)


@functools.lru_cache(maxsize=1)
def _unit_forms() -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    """({index form: unit key}, {unit key: its index forms}) of every one-word written form
    of a unit (unitnames.UNIT_ALIASES), built on first use. A Chinese form is its own index
    form (no jieba: a question without Chinese never loads it)."""
    from .unitnames import UNIT_ALIASES

    of: dict[str, str] = {}
    forms: dict[str, list[str]] = {}
    for alias, key in UNIT_ALIASES.items():
        if " " in alias:
            continue
        toks = [alias] if any(map(is_cjk, alias)) else analysis.tokens(alias)
        if len(toks) != 1:
            continue
        of.setdefault(toks[0], key)
        forms.setdefault(key, []).append(toks[0])
    return of, {k: tuple(dict.fromkeys(v)) for k, v in forms.items()}


@functools.lru_cache(maxsize=None)
def _latin_unit_spellings(key: str) -> tuple[str, ...]:
    """The one-word Latin spellings of a unit (unitnames.UNIT_ALIASES and CASED_UNIT_ALIASES
    of `key`), lower-cased: "volt", "volts", "v" for "V"."""
    from .unitnames import CASED_UNIT_ALIASES, UNIT_ALIASES

    return tuple(dict.fromkeys(a.lower() for a, k in (*UNIT_ALIASES.items(), *CASED_UNIT_ALIASES.items())
                               if k == key and a.isascii() and a.isalpha()))


def with_value_spellings(lib: LibraryLike, groups: list[tuple[str, ...]], question: str) -> list[tuple[str, ...]]:
    """`groups` (query_groups of `question`) with, for a decimal number, its spelling with the
    other decimal sign ("2,2" / "2.2"), and for the unit written right after a number in
    `question`, the unit's other written forms in every language (unitnames.UNIT_ALIASES:
    "кВт" / "kW" / "千瓦" / "kilowatt", "how many kilograms" / "kg"): each only when the library's index
    holds it. "Сколько стоит электродвигатель 2,2 кВт?" then finds and covers an English
    sheet's "Electric motor 2.2 kW"; a document writes a value one way, a question another.
    A number with a unit after it is also searched fused with the unit's Latin forms ("500伏"
    as "500v", one index form of "500V"), and a product of numbers typed with a letter x
    ("3x3") that the library does not hold as typed is searched and covered by its numbers
    (the index form of "3 × 3").
    A unit word after neither is left alone: such a word is often one in another sense
    ("year" of "fiscal year", "年" of every Chinese date)."""
    units_after: dict[str, list[str]] = {}  # a number's index form -> the unit typed after it
    for m in NUMBER_UNIT.finditer(question):
        number = m.group(0)[:m.start(1) - m.start(0)].strip()
        units = [t for g in analysis.query_groups(m.group(1)) for t in g]
        units_after.setdefault(number.lower(), []).extend(units)
    # the unit table is read only for a question that types a unit after a number (its
    # ~560 written forms are analysed on first use)
    unit_of, unit_forms = _unit_forms() if units_after else ({}, {})
    after_number = {t for units in units_after.values() for t in units}
    wanted: dict[tuple[str, ...], list[str]] = {}
    dimensions: set[tuple[str, ...]] = set()
    for g in groups:
        more: list[str] = []
        for t in g:
            if _DIMENSION.fullmatch(t):
                dimensions.add(g)
                sides = [n for n in re.split(r"[xх*]", t, flags=re.IGNORECASE) if n]
                # (query_groups gives each side a group of its own, the product beside it:
                # that group's side stands for the product, not the other sides)
                more += [] if set(sides) & set(g) else sides
            elif _DECIMAL.fullmatch(t):
                more.append(t.replace(",", ".") if "," in t else t.replace(".", ","))
            elif t in after_number and t in unit_of:
                more += unit_forms[unit_of[t]]
            # "500伏" is searched as "500v" too: a value fused with its unit is one index form
            for unit in units_after.get(t, ()):
                more += [t + u for u in _latin_unit_spellings(unit_of.get(unit, ""))]
        more = [t for t in dict.fromkeys(more) if t not in g]
        if more:
            wanted[g] = more
    if not wanted:
        return groups
    df = lib.catalog.term_df([t for g in dimensions for t in g] + [t for more in wanted.values() for t in more])
    # a product of numbers the library writes as typed keeps that spelling alone
    wanted.update({g: [] for g in dimensions if any(df.get(t, 0) for t in g)})
    return [g + tuple(t for t in wanted.get(g, ()) if df.get(t, 0) > 0) for g in groups]


def as_library_writes(lib: LibraryLike, groups: list[tuple[str, ...]], question: str) -> list[tuple[str, ...]]:
    """`groups` (query_groups of `question`) with the other spellings the library's index
    holds: of model codes (`with_code_spellings`: "TK-7" as "ТК-7"), of names typed in the
    other alphabet (`with_transliterations`: "Severny" as "Северный"), of misspelled words
    (misspelled.with_spelling_fixes: "абонимент" as "абонемент") and of values
    (`with_value_spellings`: "2,2 кВт" as "2.2 kW")."""
    from .misspelled import with_spelling_fixes

    groups = with_transliterations(lib, with_code_spellings(lib, groups), capitalised(question))
    return with_value_spellings(lib, with_spelling_fixes(lib, groups, question), question)


def with_translations(lib: LibraryLike, groups: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """`groups` (query_groups) with, in each word's group, the index forms of its dictionary
    translations into the other two languages (text.bilingual.translations) that the
    library's index holds: a question in one language then searches and covers a document
    written in another ("bronze hall" as "青铜" and "зал"), and two words standing side by
    side get the translation of the phrase they make ("exhibition hall" as "展厅",
    text.bilingual.phrase_translations). Words holding a digit (codes, values) are left as
    they are. The translations are searched on their own (`retrieve`'s
    `translated`) and count as the word in answer.soft.WordMatcher, not in the lexical
    coverage the model also reads. Measured on the development set (2026-12-05, the model
    not retrained): tune hit@1 0.820 -> 0.823, hit@5 0.902 -> 0.917, false refusals 0.045 ->
    0.034, refused near misses 0.510 -> 0.503; held-out hit@1 0.770 -> 0.779, hit@5 0.836 ->
    0.852, false refusals 0.049 -> 0.025, refused near misses 0.540 -> 0.556 (its 53
    cross-language questions: hit@1 0.667 -> 0.694, false refusals 0.139 -> 0.056).
    Translations among the question's words everywhere (search and lexical coverage) did
    worse on held-out near misses (0.508, retrained 0.524); a translation counting 0.8 or
    0.9 of the word did worse on the tune split."""
    wanted = {g: bilingual.translations(g) for g in groups if not any(ch.isdigit() for ch in g[0])}
    # a unit's name, one word or two ("кубометров", "cubic metres"), is written as the
    # unit's symbol or name in any language ("м³", "立方米"): those are its translations too
    for g in groups:
        wanted[g] = wanted.get(g, ()) + tuple(sorted(unit_spellings(g[:1])))
    for first, second in zip(groups, groups[1:]):
        # two words a dictionary translates as one phrase ("exhibition hall" as "展厅"), or a
        # unit's two-word name: its translation is each word's, before the word's own
        phrase = (tuple(sorted(unit_spellings((first[0], second[0]))))
                  + bilingual.phrase_translations(first, second))
        for g in (first, second) if phrase else ():
            wanted[g] = phrase + wanted.get(g, ())
    wanted = {g: v for g, v in wanted.items() if v}
    if not wanted:
        return groups
    df = lib.catalog.term_df([t for v in wanted.values() for t in v])
    return [g + tuple(t for t in wanted.get(g, ()) if df.get(t, 0) > 0 and t not in g) for g in groups]


def with_code_spellings(lib: LibraryLike, groups: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """`groups` (query_groups) with, in each group that holds a model code, the other
    spellings of that code (text.codes.spellings: "ТК-7" for "TK-7", "aq-150" for "AQ150")
    that the library's index holds (a chunk frequency above 0): the search then finds the
    code as the documents write it, and a window holding that spelling covers the word."""
    wanted = {t: codes.spellings(t)[1:] for g in groups for t in g if codes.is_code(t)}
    if not any(wanted.values()):
        return groups
    df = lib.catalog.term_df([s for forms in wanted.values() for s in forms])
    out = []
    for g in groups:
        more = [s for t in g for s in wanted.get(t, ()) if df.get(s, 0) > 0 and s not in g]
        out.append(g + tuple(dict.fromkeys(more)))
    return out


def with_spaced_codes(lib: LibraryLike, text: str) -> str:
    """`text` with each letters-space-number pair (text.codes.find_spaced: "zk 310") that
    spells a code the library's index holds written as that code: letters, the hyphen or
    nothing the index writes between them (text.codes.joined_forms, the first held), the
    number ("zk-310"); the letters keep their typed case. A pair whose joined forms no
    chunk holds stays two words ("page 12", "table 5", "глава 3"), so an ordinary word and
    a number become a code only in a library that writes them as one. `text` itself when it
    has no such pair; one term_df lookup otherwise."""
    pairs = codes.find_spaced(text)
    if not pairs:
        return text
    forms = {m.span(): codes.joined_forms(m.group(1), m.group(2)) for m in pairs}
    df = lib.catalog.term_df([f for fs in forms.values() for f in fs])
    out, last = [], 0
    for m in pairs:
        held = next((f for f in forms[m.span()] if df.get(f, 0) > 0), None)
        if held is None:
            continue
        out += [text[last:m.start()], m.group(1), codes.separator_after_letters(held), m.group(2)]
        last = m.end()
    return "".join(out) + text[last:]


def with_period_codes(lib: LibraryLike, text: str) -> str:
    """`text` with each quarter or half-year written in words (text.periods: "the fourth
    quarter", "третий квартал", "第二季度") written as the short code ("Q4", "H1") when the
    library's index holds that code, as a budget or sales table heads its columns, and each
    Chinese month in numerals ("一月") in digits ("1月") where the library writes months
    but never that numeral form (text.periods.month_phrases). A
    period whose code no chunk holds stays as typed (a report that writes "the fourth
    quarter" in prose is searched by its words). A code is spaced from a letter or digit
    beside it ("Finance第三季度" -> "Finance Q3 "). `text` itself when it names no period;
    one term_df lookup otherwise."""
    found = periods.period_phrases(text)
    months = periods.month_phrases(text)
    if not found and not months:
        return text
    df = lib.catalog.term_df([p.code.casefold() for p in found] + [text[p.start:p.end] for p in months] + ["月"])
    # a month's digits are no index word of their own ("1月" is "1", "月"): it is written
    # so where the library writes months and never the numeral form as one word ("一月")
    held = [p for p in found if df.get(p.code.casefold(), 0) > 0]
    held += [p for p in months if df.get("月", 0) > 0 and df.get(text[p.start:p.end], 0) <= 0]
    out, last = [], 0
    for p in sorted(held, key=lambda p: p.start):
        # spaced from a letter or digit beside it, unless both are Chinese ("3月份" stays one)
        before = " " if p.start and _apart(text[p.start - 1], p.code[0]) else ""
        after = " " if p.end < len(text) and _apart(p.code[-1], text[p.end]) else ""
        out += [text[last:p.start], before, p.code, after]
        last = p.end
    return "".join(out) + text[last:]


def _apart(left: str, right: str) -> bool:
    """Whether a space must part two characters written side by side so that each word
    stays whole: both letters or digits, not both Chinese."""
    return left.isalnum() and right.isalnum() and not (is_cjk(left) and is_cjk(right))
