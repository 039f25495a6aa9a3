"""Text-layer quality checks: decide whether an extracted text layer is usable.

This module owns the heuristics that look at extracted text only (no PDF objects), so
every extractor can call them. It must not import later stages.
"""
from __future__ import annotations

import re

#: cp1251 puts А..я at 0xC0..0xFF and Ё/ё at 0xA8/0xB8; read as Latin-1 they become
#: À..ÿ and ¨/¸. × (U+00D7) and ÷ (U+00F7) are not letters in Latin-1 but are Ч/ч in
#: cp1251, so they count as mojibake letters too.
_MOJIBAKE_CHARS = "".join(chr(c) for c in range(0xC0, 0x100)) + "\u00a8\u00b8"
_HIGH = re.compile("[\u00a8\u00b8\u00c0-\u00ff]")
_WORD = re.compile(r"(?:[^\W\d_]|[\u00a8\u00b8\u00d7\u00f7])+")

#: Thresholds of :func:`looks_like_cp1251_mojibake` (see its docstring).
MIN_HIGH_LATIN = 20
MIN_HIGH_LATIN_SHARE = 0.25
MIN_WORD_LEN = 3
MIN_MOJIBAKE_WORDS = 3
MIN_MOJIBAKE_WORD_SHARE = 0.20


def looks_like_cp1251_mojibake(text: str) -> bool:
    r"""Return True when ``text`` looks like Cyrillic (cp1251) decoded as Latin-1.

    Such a layer ("Ýòî íóæíî çíàòü" for "Это нужно знать") comes from fonts without a
    ToUnicode map; its text cannot be searched or quoted, so the document must not be
    indexed as is.

    Rule (all must hold):

    * "high-Latin letters" are the characters U+00C0..U+00FF plus ¨ (U+00A8) and
      ¸ (U+00B8): exactly the images of cp1251 А..я, Ё, ё when read as Latin-1;
    * a "word" is a run of letters (``\w`` without digits and ``_``, plus ¨ ¸ × ÷), and
      the letter count is the total length of all words;
    * there are at least ``MIN_HIGH_LATIN`` (20) high-Latin letters, and they make up at
      least ``MIN_HIGH_LATIN_SHARE`` (25%) of the letters. Real French, German, Spanish
      or Icelandic text stays well below that (about 2-12%);
    * among the words of at least ``MIN_WORD_LEN`` (3) letters, at least
      ``MIN_MOJIBAKE_WORDS`` (3) and at least ``MIN_MOJIBAKE_WORD_SHARE`` (20%) consist
      *only* of high-Latin letters ("Íàñòðàèâàåìûå"). Real Latin-script words of three
      or more letters nearly always contain an ASCII letter ("Größe", "été"), so
      accented real text has few or none of them.

    Real Cyrillic (U+0400..U+04FF), Chinese, and Cyrillic with combining marks
    (Church Slavonic titlos) contain no high-Latin letters and are never flagged.
    Measured on the test corpus: the broken lshortru text layer has a 76% high-Latin
    share and 74% such words; every real document there has under 0.1% and none.
    """
    high = len(_HIGH.findall(text))
    if high < MIN_HIGH_LATIN:  # fast exit: almost every real document ends here
        return False
    all_words = _WORD.findall(text)
    letters = sum(map(len, all_words))
    if high < MIN_HIGH_LATIN_SHARE * letters:
        return False
    words = [w for w in all_words if len(w) >= MIN_WORD_LEN]
    mojibake_words = sum(1 for w in words if not w.strip(_MOJIBAKE_CHARS))
    return mojibake_words >= MIN_MOJIBAKE_WORDS and mojibake_words >= MIN_MOJIBAKE_WORD_SHARE * len(words)


def mojibake_example(text: str, min_len: int = 5) -> str:
    """Return the first mojibake word of ``text`` with its cp1251 reading, for messages.

    For example ``'Íàñòðàèâàåìûå' (= 'Настраиваемые')``; '' when there is none.
    """
    for match in _WORD.finditer(text):
        word = match.group()
        if len(word) >= min_len and not word.strip(_MOJIBAKE_CHARS):
            try:
                return f"'{word}' (= '{word.encode('latin-1').decode('cp1251')}')"
            except (UnicodeEncodeError, UnicodeDecodeError):  # pragma: no cover - all are Latin-1
                return f"'{word}'"
    return ""
