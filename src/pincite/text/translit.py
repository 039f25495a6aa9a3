"""Names written in the other script: a Russian name typed in Latin letters ("Severny
Terminal" for "Северный Терминал") or a Latin one typed in Cyrillic ("Линдквист" for
"Lindqvist").

`sound_key` maps an index form (analysis.tokens: lower case, stemmed) of either script to
one loose Latin key: Cyrillic letters are romanised one by one (GOST 7.79 letters, with
the soft and hard signs dropped), then both scripts lose the differences romanisations
disagree on (y, j and i are one letter; q is k, w is v, x is ks; "kh" is h, "ts" and "tz"
are c; "sh", "sch", "ch" are s or c; ж and "zh" are one letter, ž; doubled letters
count once; then an s between two vowels is z, on both sides, as English voices it there
and Russian writes it з: "Geyser" / "Гейзер", "Rosen" / "Розен", while "same" is not
"замер"). Two forms sound alike
when one key starts with the other (`sound_alike`): the stems of two scripts end in
different places ("severni" / "северн"). Model codes have their own spellings
(text.codes); this module is for words.

A Chinese name is typed in pinyin by an English question ("Shenzhen" for 深圳) and by the
Palladius system in a Russian one ("Синхуань" for 星环, "Шэньчжэнь" for 深圳):
`han_sound_keys` reads a word of Chinese characters as both, through the same `sound_key`,
so a Latin or Cyrillic word that sounds as a Chinese one is found by its key. Pinyin comes
from pypinyin (its dictionaries ship in the wheel; imported on first use); Palladius is
spelled from each pinyin syllable by the system's table of initials and finals.

This module must not import index/ or answer/.
"""
from __future__ import annotations

import re

from pincite.text import lazyre

_CYR = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
_LAT = ("a", "b", "v", "g", "d", "e", "e", "ž", "z", "i", "i", "k", "l", "m", "n", "o", "p", "r", "s",
        "t", "u", "f", "h", "c", "c", "s", "s", "", "i", "", "e", "iu", "ia")
_ROMAN = {c: r for c, r in zip(_CYR, _LAT)}
#: Latin spellings romanisations disagree on, longest first, and the one each becomes.
_LOOSE = (("shch", "s"), ("sch", "s"), ("sh", "s"), ("ch", "c"), ("zh", "ž"), ("kh", "h"),
          ("tz", "c"), ("ts", "c"), ("q", "k"), ("w", "v"), ("x", "ks"), ("y", "i"), ("j", "i"))
_LOOSE_RE = lazyre.compile("|".join(a for a, _ in _LOOSE))
_LOOSE_MAP = dict(_LOOSE)
_CYR_RE = lazyre.compile("[а-яё]")
#: An s between two vowels of a key (after the loose spellings), voiced as z.
_VOICED_S = lazyre.compile("(?<=[aeiou])s(?=[aeiou])")
_LATIN_WORD = lazyre.compile("[a-z]+")
_CYRILLIC_WORD = lazyre.compile("[а-яё]+")
#: Keys shorter than this match too many words of the other script to name anything.
MIN_KEY = 4
#: The most letters one key may have beyond the other it starts with (a stem's ending).
MAX_TAIL = 3


def script(form: str) -> str | None:
    """"latin" or "cyrillic" for an index form written in that script's letters only, else
    None (digits, signs, CJK or mixed scripts: no transliteration applies)."""
    if _LATIN_WORD.fullmatch(form):
        return "latin"
    if _CYRILLIC_WORD.fullmatch(form):
        return "cyrillic"
    return None


def sound_key(form: str) -> str:
    """The loose Latin key of a lower-case word of Latin or Cyrillic letters ("северн" ->
    "severn", "lindqvist" -> "lindkvist"; "" for any other word)."""
    if script(form) is None:
        return ""
    return _VOICED_S.sub("z", _unvoiced_key(form))


def _unvoiced_key(form: str) -> str:
    """`sound_key` of a word of one alphabet before an s between vowels is voiced: romanised,
    loose spellings folded, doubled letters once."""
    latin = "".join(_ROMAN.get(ch, ch) for ch in form) if _CYR_RE.search(form) else form
    loose = _LOOSE_RE.sub(lambda m: _LOOSE_MAP[m.group()], latin)
    return re.sub(r"(.)\1+", r"\1", loose)


def sound_keys(form: str) -> tuple[str, ...]:
    """`sound_key` of `form`, and the key without the voicing of an s between vowels when
    that differs: a stem cut right after the s ("ломонос" of "Ломоносова") has no vowel after
    it to voice it, so "Lomonosova" must be looked up unvoiced too ("lomonos…")."""
    voiced = sound_key(form)
    if script(form) is None:
        return (voiced,)
    return tuple(dict.fromkeys((voiced, _unvoiced_key(form))))


def sound_alike(a: str, b: str) -> bool:
    """Whether two keys (`sound_key`) name one word: both at least MIN_KEY letters, one
    starting with the other, the longer at most MAX_TAIL letters longer."""
    short, long = sorted((a, b), key=len)
    return len(short) >= MIN_KEY and long.startswith(short) and len(long) - len(short) <= MAX_TAIL


#: Palladius spellings of the pinyin initials.
_PALLADIUS_INITIALS = {
    "zh": "чж", "ch": "ч", "sh": "ш", "b": "б", "p": "п", "m": "м", "f": "ф", "d": "д", "t": "т", "n": "н",
    "l": "л", "g": "г", "k": "к", "h": "х", "j": "цз", "q": "ц", "x": "с", "r": "ж", "z": "цз", "c": "ц",
    "s": "с",
}
#: Palladius spellings of the pinyin finals after an initial ("v" is ü).
_PALLADIUS_FINALS = {
    "a": "а", "o": "о", "e": "э", "i": "и", "u": "у", "v": "юй", "ai": "ай", "ei": "эй", "ao": "ао", "ou": "оу",
    "an": "ань", "en": "энь", "ang": "ан", "eng": "эн", "ong": "ун", "er": "эр", "ia": "я", "ie": "е",
    "iao": "яо", "iu": "ю", "ian": "янь", "in": "инь", "iang": "ян", "ing": "ин", "iong": "юн", "ua": "уа",
    "uo": "о", "uai": "уай", "ui": "уй", "uan": "уань", "un": "унь", "uang": "уан", "ve": "юэ", "van": "юань",
    "vn": "юнь",
}
#: Whole syllables without an initial (pinyin writes y- and w- for them).
_PALLADIUS_SYLLABLES = {
    "yi": "и", "ya": "я", "ye": "е", "yao": "яо", "you": "ю", "yan": "янь", "yin": "инь", "yang": "ян",
    "ying": "ин", "yong": "юн", "yu": "юй", "yue": "юэ", "yuan": "юань", "yun": "юнь", "wu": "у", "wa": "ва",
    "wo": "во", "wai": "вай", "wei": "вэй", "wan": "вань", "wen": "вэнь", "wang": "ван", "weng": "вэн",
    "a": "а", "o": "о", "e": "э", "ai": "ай", "ei": "эй", "ao": "ао", "ou": "оу", "an": "ань", "en": "энь",
    "ang": "ан", "eng": "эн", "er": "эр",
}


def palladius(syllable: str) -> str:
    """The Palladius (Russian) spelling of one toneless pinyin syllable ("shen" -> "шэнь",
    "xing" -> "син", "zhi" -> "чжи", "si" -> "сы"); "" for one the table cannot read."""
    s = syllable.lower().replace("ü", "v")
    if s in _PALLADIUS_SYLLABLES:
        return _PALLADIUS_SYLLABLES[s]
    for n in (2, 1):
        ini, fin = s[:n], s[n:]
        if ini not in _PALLADIUS_INITIALS:
            continue
        if ini in ("j", "q", "x") and fin.startswith("u"):
            fin = "v" + fin[1:]  # ju, quan, xun: written u, read ü
        if fin == "i" and ini in ("zh", "ch", "sh", "r", "z", "c", "s"):
            return _PALLADIUS_INITIALS[ini] + ("ы" if ini in ("z", "c", "s") else "и")
        final = _PALLADIUS_FINALS.get(fin)
        return _PALLADIUS_INITIALS[ini] + final if final else ""
    return ""


def han_sound_keys(word: str) -> tuple[str, ...]:
    """The `sound_key`s of a word of Chinese characters read as pinyin and as Palladius
    ("深圳": those of "shenzhen" and "шэньчжэнь"), as a Latin or a Cyrillic word typed for it
    has them; () for a word pypinyin cannot read whole."""
    from pypinyin import Style, lazy_pinyin

    syllables = lazy_pinyin(word, style=Style.NORMAL, errors="ignore")
    if len(syllables) != len(word) or not all(s.isascii() and s.isalpha() for s in syllables):
        return ()
    cyr = [palladius(s) for s in syllables]
    keys = [sound_key("".join(syllables).lower())]
    if all(cyr):
        keys.append(sound_key("".join(cyr)))
    return tuple(dict.fromkeys(k for k in keys if k))
