"""pymorphy3's Russian morphological analyzer, loaded once on first use and shared.

Its own module so that the modules that read Russian words (text.analysis for lemmas,
text.hyphens for whether a word is in the dictionary) share one analyzer without importing
each other. Nothing is loaded at import.
"""
from __future__ import annotations

import threading

_morph = None
_lock = threading.Lock()


def morph():
    """pymorphy3's Russian analyzer (its OpenCorpora dictionary, from the pymorphy3-dicts-ru
    package), loaded on first use (~0.15 s) and shared: parsing and inflecting are read-only,
    so one analyzer serves every thread."""
    global _morph
    if _morph is None:
        with _lock:
            if _morph is None:
                import pymorphy3

                _morph = pymorphy3.MorphAnalyzer(lang="ru")
    return _morph


#: pymorphy3's parts of speech of a verb form: finite verb, infinitive, full and short
#: participle, gerund.
VERB_POS = frozenset(("VERB", "INFN", "PRTF", "PRTS", "GRND"))


def cyrillic_word(word: str) -> bool:
    """Whether `word` is written in Cyrillic letters and hyphens only (and is not empty): a
    word pymorphy3's Russian dictionary may know."""
    return bool(word) and all("\u0400" <= ch <= "\u04ff" or ch == "-" for ch in word)


def _first_pos(word: str) -> str | None:
    """pymorphy3's part of speech of a Russian word's likeliest parse (any case); None for a
    word of other letters than Cyrillic ones and hyphens, or one it cannot parse."""
    if not cyrillic_word(word):
        return None
    parses = morph().parse(word.lower())
    return parses[0].tag.POS if parses else None


def is_verb_form(word: str) -> bool:
    """Whether a Russian word (any case) is read first as a form of a verb ("установлены",
    "работает", "утвердил"), by pymorphy3's likeliest parse; False for any other word."""
    return _first_pos(word) in VERB_POS


#: pymorphy3's parts of speech that never name a thing a table could have a column for:
#: verb forms, adverbs and predicatives ("можно", "положено"), pronouns, conjunctions,
#: particles, prepositions, interjections and comparatives.
NOT_NAMING_POS = VERB_POS | frozenset(("ADVB", "PRED", "NPRO", "CONJ", "PRCL", "PREP", "INTJ", "COMP"))


def names_nothing(word: str) -> bool:
    """Whether a Russian word is read first as a part of speech that names nothing a table
    column could hold (NOT_NAMING_POS: "дают", "положено", "будут", "почём", "кому"): a
    column is headed by a noun ("Цена", "Телефон") or an adjective; False for any other word."""
    return _first_pos(word) in NOT_NAMING_POS


def is_noun(word: str) -> bool:
    """Whether a Russian word (any case) is read first as a noun ("кролика"), by pymorphy3's
    likeliest parse; False for any other word ("привести", an infinitive)."""
    return _first_pos(word) == "NOUN"
