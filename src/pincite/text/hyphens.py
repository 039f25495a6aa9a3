"""Whether a hyphen at a line end is printed in the word or only breaks it.

A hyphen that ends a line is either part of the word ("Санкт-Петербург", "two-column",
"MetaPost-интерпретатор") or a break that hyphenation put into one word ("main-tenance",
"ис-пользовать"). PDFium marks both alike (U+FFFE or U+0002 instead of the hyphen), and a
printed hyphen followed by a line break is just as ambiguous. Joining every one turned each
compound split at a line end into a word no one writes ("СанктПетербурге", "twocolumn"):
wrong in a shown quote, and a search term that no question holds.

`printed_hyphen(left, right)` decides from the word halves around it, by the general rules of
hyphenation and a dictionary:
1. a digit on either side, or halves of capitals and digits with a digit in one of them:
   printed (hyphenation breaks words of letters, never a number or a code: "КБ-5", "2-way",
   "CN-HG71"; a lower-case half ending in a digit is a word with its footnote mark,
   "взаимодей-ствие2", and is hyphenated as words are);
2. a first half that starts with a backslash is a TeX control word, letters only: a break
   ("\\font-size" is "\\fontsize");
3. halves in different alphabets (Latin and Cyrillic): printed (one word is not written in
   two alphabets: "PostScript-просмотрщике");
4. Russian halves: pymorphy3's dictionary (OpenCorpora, every inflected form) knows the
   joined word: a break; it knows the hyphenated word ("санкт-петербурге"): printed;
5. the general language knows the joined word (wordfreq, `text.zipf`, Zipf above 0): a break;
6. it knows both halves as words of their own but not the joined word: printed
   ("административно" + "хозяйственный", "two" + "column");
7. otherwise a break: a word the dictionaries do not know is far more often a hyphenated
   technical term ("multicol-umn") than a compound of two unknown words.
Measured on the 4,204 line-end marks of the development and shared libraries (2026-12-04):
361 read as printed, of which a sample of 70 held 64 real compounds; the rest were names or
identifiers whose halves are words ("MiK-TeX", "Math-Prog"). Every mark was joined before.

Decisions are remembered across processes (text.lemmas.LemmaMemo), so a process whose marks
were all seen before loads neither pymorphy3 nor a word list. Nothing is loaded at import.
"""
from __future__ import annotations

import functools
import threading
from typing import TYPE_CHECKING

from pincite.text import lazyre

if TYPE_CHECKING:
    from pincite.text.lemmas import LemmaMemo

#: The letters each dictionary is asked about; a half with other letters is looked up nowhere.
_LATIN = lazyre.compile("[a-z]+")
_CYRILLIC = lazyre.compile("[а-яё]+")

_memo: "LemmaMemo | None" = None
_memo_tried = False
_memo_lock = threading.Lock()


def _script(ch: str) -> str:
    """"lat", "cyr" or "" for a letter of another alphabet."""
    if "a" <= ch.lower() <= "z" or "\u00c0" <= ch <= "\u024f":
        return "lat"
    if "\u0400" <= ch <= "\u04ff":
        return "cyr"
    return ""


def printed_hyphen(left: str, right: str) -> bool:
    """Whether the hyphen at a line end between `left` (the letters or digits before it,
    the end of the word's first half, with the backslash before them if there is one) and
    `right` (those after it) is printed in the word rather than a hyphenation break; rules
    in the module docstring. Empty halves: False."""
    if not left.lstrip("\\") or not right:
        return False
    if left[-1].isdigit() or right[0].isdigit():
        return True
    if any(ch.isdigit() for ch in left + right) and not any(ch.islower() for ch in left + right):
        return True  # a code in capitals and digits ("CN-HG71")
    if left.startswith("\\"):
        return False
    a, b = _script(left[-1]), _script(right[0])
    if not a or not b:
        return False
    if a != b:
        return True
    return _decide(left.lower().replace("ё", "е"), right.lower().replace("ё", "е"), a)


def _decide(left: str, right: str, script: str) -> bool:
    """Rules 4-7 for two folded halves of one alphabet, remembered across processes."""
    memo = _decision_memo()
    key = f"{script}:{left}-{right}"
    if memo is None:
        return _compute(key) == "-"
    return memo.lemma(key) == "-"


@functools.lru_cache(maxsize=8192)
def _compute(key: str) -> str:
    """"-" when the hyphen in `key` ("script:left-right") is printed, else ""."""
    from pincite.text.zipf import zipf

    script, _, pair = key.partition(":")
    left, _, right = pair.partition("-")
    letters = _CYRILLIC if script == "cyr" else _LATIN
    if not (letters.fullmatch(left) and letters.fullmatch(right)):
        return ""
    lang = "ru" if script == "cyr" else "en"
    if lang == "ru":
        from pincite.text.morph import morph

        m = morph()
        if m.word_is_known(left + right):
            return ""
        if m.word_is_known(f"{left}-{right}"):
            return "-"
    if zipf(left + right, lang) > 0:
        return ""
    return "-" if zipf(left, lang) > 0 and zipf(right, lang) > 0 else ""


def _decision_memo() -> "LemmaMemo | None":
    """The cross-process memo of decisions (text.lemmas.LemmaMemo), or None when a source
    file is missing (then decisions are computed, and cached in this process only)."""
    global _memo, _memo_tried
    if not _memo_tried:
        with _memo_lock:
            if not _memo_tried:
                from pincite.text.lemmas import LemmaMemo
                from pincite.text.textmemo import module_sources

                try:
                    sources = [__file__] + module_sources("pymorphy3", "pymorphy3_dicts_ru", "wordfreq")
                    _memo = LemmaMemo(_compute, sources, name="hyphens")
                except (ImportError, AttributeError):
                    _memo = None
                _memo_tried = True
    return _memo
