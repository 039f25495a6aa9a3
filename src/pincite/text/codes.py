"""Model codes as people type them: one key per code, whatever its script and separators.

A model code is a word that mixes letters and digits, its letters first ("AQ-150",
"ТК-7", "px200"), or digits, one to three letters and digits again ("16К20", "6Р82",
"2N2222": DIGIT_FIRST_CODE_RE; a number glued to a unit or suffix, "5kg", "10mm", "3D",
"64bit", "2nd", has no digits after its letters and is no code). People type one code many
ways: with a hyphen, a dot or nothing between its letter and digit runs ("AQ-150", "AQ150"),
and in Latin or Cyrillic letters that look alike ("TK-7" for a document's "ТК-7", "16K20" for
"16К20"), or in the letters the code sounds like in the other script ("VK-75" for "ВК-75").
`code_key` maps every look-alike spelling of a code to one key; `spellings` lists the index
forms a code may have in a document, the sounded ones too, so that a search can look each
up. Both the search (answer.rank: a question's code is searched in every spelling the
library holds) and the sibling-model check (answer.evidence: a passage names the asked code
or a sibling of it, one of its `family`) compare codes through `code_key`; a quote stays as
the page writes it.

Rules of `code_key` (on an index form, already case-folded by analysis.tokens):
- only a code (`is_code`: a letter first and a digit, or DIGIT_FIRST_CODE_RE) is mapped; any
  other word is its own key;
- Cyrillic letters that look like Latin capitals (А В Е К М Н О Р С Т У Х) become those
  Latin letters, when every Cyrillic letter of the word has such a look-alike ("тк-7" ->
  "tk7"; "нд-40" keeps its "д", so it stays Cyrillic);
- a "-", "." , "_", "/" or space between a letter and a digit is dropped ("aq-150" ->
  "aq150"); one between two digits or two letters stays ("iso-8859-1" -> "iso8859-1").

A code typed with a space between its letters and its digits ("zk 310") is two words, a
word and a number, as "page 12" is; `find_spaced` finds such pairs, `joined_forms` lists the
index forms the pair would have written as one code, and the answer layer
(answer.spellings.with_spaced_codes) joins a pair only when the library's index holds one of
those forms.

This module must not import index/ or answer/.
"""
from __future__ import annotations

import functools
import itertools
import re

from pincite.text import lazyre

#: Cyrillic capitals that look like Latin ones, and those Latin capitals (folded below).
_CYRILLIC = "АВЕКМНОРСТУХ"
_LATIN = "ABEKMHOPCTYX"
_TO_LATIN = str.maketrans(_CYRILLIC.lower(), _LATIN.lower())
_TO_CYRILLIC = str.maketrans(_LATIN.lower(), _CYRILLIC.lower())
_CYR_RE = lazyre.compile("[\u0400-\u04ff]")
#: Letters of a code read aloud in the other script (a "ВК-75" typed "VK-75", a "DL-37"
#: typed "ДЛ-37"): the usual one-letter romanisation of Russian (GOST 7.79 system B) and
#: back. Letters with no one-letter counterpart (ж, ц, ч, ш, щ, ъ, ы, ь, э, ю, я; q, w, x,
#: y, j, c) leave a code without such a spelling.
_PHONETIC_CYR = "абвгдезиклмнопрстуфх"
_PHONETIC_LAT = "abvgdeziklmnoprstufh"
_PHONETIC_TO_CYRILLIC = str.maketrans(_PHONETIC_LAT, _PHONETIC_CYR)
_PHONETIC_TO_LATIN = str.maketrans(_PHONETIC_CYR, _PHONETIC_LAT)
_LETTER_DIGIT_SEP = lazyre.compile(r"(?<=[^\W\d_])[-._/ ](?=\d)|(?<=\d)[-._/ ](?=[^\W\d_])")
_RUNS = lazyre.compile(r"[^\W\d_]+|\d+|[^\w]+|_")
#: Separators a document may write between a code's letter and digit runs ("aq-150",
#: "aq.150", "aq150"); a space makes two index words, so it is no spelling of one form.
SEPARATORS = ("", "-", ".")


_L = "A-Za-zА-Яа-яЁё"
#: A word as a question or a document writes a code: a Latin or Cyrillic letter or a digit
#: first, letters and digits joined by "-", ".", "/" or "_" (no Chinese character, which a
#: Chinese sentence writes right beside a code: "AQ-100和AQ-220"); `is_code` tells which
#: such words are codes.
CODE_WORD_RE = lazyre.compile(
    rf"(?<![{_L}0-9.\-/_])[{_L}0-9][{_L}0-9]*(?:[-./_][{_L}0-9]+)*(?![{_L}0-9]|[-./_][{_L}0-9])")
#: A code that opens with digits: digits, one to three Latin or Cyrillic letters, digits
#: again, a "-" or "." allowed before and after the letters ("16К20", "6Р82", "2N2222",
#: "1N4148", "16К20Ф3"). The digits after the letters are what sets a model apart from a
#: number glued to a unit or a suffix ("5kg", "10mm", "3D", "64bit", "2nd", "1990s"); at
#: most three letters, as such codes write a series letter or two, not a word.
DIGIT_FIRST_CODE_RE = lazyre.compile(rf"\d+[-.]?[{_L}]{{1,3}}[-.]?\d")
#: The family of a code: its letters before its first digit, or for a digit-first code its
#: digits and letters before the next digit ("px" of "px-200", "16к" of "16к20"; `family`
#: keeps the letters of the latter).
_LEADING_DIGITS = lazyre.compile(r"\d+[-.]?")
_FAMILY_RE = lazyre.compile(rf"(\d+[-.]?[{_L}]{{1,3}}|[^\W\d_]+)[-.]?\d")


def find_codes(text: str) -> list[re.Match]:
    """The codes `text` names (CODE_WORD_RE words that `is_code`), in text order, every
    occurrence."""
    return [m for m in CODE_WORD_RE.finditer(text) if is_code(m.group())]


def is_code(word: str) -> bool:
    """Whether `word` mixes letters and digits, a letter first ("AQ-150", "ТК-7", "v2"), or
    opens as DIGIT_FIRST_CODE_RE does ("16К20", "2N2222"; not "5kg", "3D", "2nd")."""
    if re.match(r"[^\W\d_]", word):
        return any(c.isdigit() for c in word)
    return bool(DIGIT_FIRST_CODE_RE.match(word))


def family(word: str) -> str | None:
    """The family of the code `word` (_FAMILY_RE), as written: its letters before its first
    digit ("px" of "px-200"); for a code opening with digits, "#" and its series letters
    ("#k" of "16k20" and of "1k62": the digits before the letters give a size or generation
    within a series, as machine-tool and semiconductor codes write them, so "16К20" and
    "1К62" are siblings and "6Р82" is not). None when `word` is no code or has no digit
    after its family's letters."""
    m = _FAMILY_RE.match(word) if is_code(word) else None
    if m is None:
        return None
    lead = _LEADING_DIGITS.match(m.group(1))
    return "#" + m.group(1)[lead.end():] if lead else m.group(1)


def _latin(word: str) -> str:
    """`word` with its Cyrillic look-alike letters in Latin, when all its Cyrillic letters
    have one; else `word`."""
    if not _CYR_RE.search(word):
        return word
    latin = word.translate(_TO_LATIN)
    return word if _CYR_RE.search(latin) else latin


@functools.lru_cache(maxsize=65536)
def code_key(word: str) -> str:
    """The key every spelling of a code shares (module doc): case-folded, Cyrillic
    look-alikes in Latin, no separator between a letter and a digit run; a word that is
    no code (`is_code`) is only case-folded."""
    w = word.casefold().replace("ё", "е")
    if not is_code(w):
        return w
    return _LETTER_DIGIT_SEP.sub("", _latin(w))


def spellings(word: str) -> list[str]:
    """Index forms that spell the code `word` as a document may write it, `word` first:
    each letter-digit boundary with each of SEPARATORS, in Latin letters and, when every
    letter of the code has a Cyrillic look-alike, in Cyrillic ones; all those share its
    `code_key`. Then the code as it sounds in the other script, when every letter has a
    one-letter counterpart (`_PHONETIC_LAT`: "vk-75" -> "вк-75", "дл-37" -> "dl-37"): another
    key, which a search looks up as one more spelling. A word that is no code has only itself."""
    w = word.casefold()
    if not is_code(w):
        return [w]
    forms = _separated(code_key(w))
    out = [w] + forms
    cyrillic = [f.translate(_TO_CYRILLIC) for f in forms]
    if all(not re.search("[a-z]", f) for f in cyrillic):
        out += cyrillic
    # the code read aloud in the other script: another key, a spelling all the same
    own = _separated(_LETTER_DIGIT_SEP.sub("", w.replace("ё", "е")))
    if not _CYR_RE.search(w):
        sounded = [f.translate(_PHONETIC_TO_CYRILLIC) for f in own]
        if all(not re.search("[a-z]", f) for f in sounded):
            out += sounded
    elif not re.search("[a-z]", w):
        sounded = [f.translate(_PHONETIC_TO_LATIN) for f in own]
        if all(not _CYR_RE.search(f) for f in sounded):
            out += sounded
    return list(dict.fromkeys(out))


def _separated(joined: str) -> list[str]:
    """`joined` (a code without separators between its letter and digit runs) with each of
    SEPARATORS at each such boundary."""
    runs = _RUNS.findall(joined)
    slots: list[tuple[str, ...]] = []
    for prev, nxt in zip(runs, runs[1:]):
        mixed = (prev[0].isdigit() and nxt[0].isalpha()) or (prev[0].isalpha() and nxt[0].isdigit())
        slots.append(SEPARATORS if mixed else ("",))
    return [runs[0] + "".join(s + r for s, r in zip(seps, runs[1:])) for seps in itertools.product(*slots)]


#: Letters a spaced pair's word holds at least to be read as a code's letters: one letter
#: and a number ("a 4", "п 3", "v 2") names a paper size, a list item or a version as often
#: as a model.
SPACED_CODE_LETTERS = 2
#: A word of Latin or Cyrillic letters, spaces, then a number that may go on as a code does
#: ("zk 310", "aq 150b", "тк 7"); neither side may be part of a longer word or code.
SPACED_CODE_RE = lazyre.compile(
    rf"(?<![{_L}0-9.\-/_])([{_L}]{{{SPACED_CODE_LETTERS},}})[ \t]+([0-9]+(?:[-./_]?[{_L}0-9]+)*)"
    rf"(?![{_L}0-9]|[-./_][{_L}0-9])")
#: Separators between a spaced pair's letters and digits in the forms that prove it a code
#: (`joined_forms`): none or a hyphen. A dot is left out: "Fig.5", "No.3", "рис.5" are
#: abbreviated words before a number, which a question types "fig 5" too.
JOINED_SEPARATORS = ("-", "")


def find_spaced(text: str) -> list[re.Match]:
    """Letters-space-number pairs of `text` that may be a code typed with a space
    (SPACED_CODE_RE: group 1 the letters, group 2 the number), in text order."""
    return list(SPACED_CODE_RE.finditer(text))


def joined_forms(letters: str, number: str) -> list[str]:
    """The index forms (case-folded, as analysis.tokens writes them) of the code that
    `letters` and `number` spell as one word with each of JOINED_SEPARATORS between them,
    in those separators' order, and their Cyrillic or Latin look-alike forms (`spellings`)
    with the same separators. All share one `code_key`."""
    out: list[str] = []
    for sep in JOINED_SEPARATORS:
        word = f"{letters}{sep}{number}".casefold()
        out += [f for f in spellings(word) if separator_after_letters(f) == sep]
    return list(dict.fromkeys(out))


def separator_after_letters(form: str) -> str:
    """The separator `form` writes after its first letter run ("-" of "zk-310")."""
    m = re.match(r"[^\W\d_]+([-._/]?)", form)
    return m.group(1) if m else ""
