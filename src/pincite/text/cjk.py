"""Which characters are CJK: the one place that answers it for every stage.

Two questions are asked of a character, and they differ on purpose:

- `is_cjk` (with `cjk_count` and `CJK_CLASS`): is it written in a CJK script, so that no space is
  needed next to it? Ideographs, CJK symbols and punctuation (、。「」), kana, hangul, bopomofo,
  CJK compatibility forms and half-width/full-width forms. Quote normalisation drops a space next
  to such a character, OCR drops the spaces tesseract puts between them, and the extractive
  answer path does not widen a span across them.
- `is_cjk_letter` (with `CJK_LETTER_CLASS`): is it a CJK *word* character, a Han ideograph or
  kana, each of which stands for a word or syllable on its own? Punctuation, full-width forms and
  hangul (Korean separates words with spaces) are not. Sentence splitting, search tokens, page
  bridges and title matching count these.

The ranges are Unicode blocks (the Unicode Standard's Blocks.txt); a regular expression over them
tests a character or counts a text in C, which is several times faster than walking the ranges
in Python on the warm answer path.
"""
from __future__ import annotations

from pincite.text import lazyre

#: Code point ranges (inclusive) of the CJK scripts, punctuation and forms (`is_cjk`).
CJK_RANGES: tuple[tuple[int, int], ...] = (
    (0x1100, 0x11FF),  # Hangul Jamo
    (0x2E80, 0x2FDF),  # CJK radicals, Kangxi radicals
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x30FF),  # Hiragana, Katakana
    (0x3100, 0x31FF),  # Bopomofo, Hangul compatibility jamo, Kanbun, Katakana ext.
    (0x3200, 0x33FF),  # Enclosed CJK letters, CJK compatibility
    (0x3400, 0x4DBF),  # CJK unified ideographs extension A
    (0x4E00, 0x9FFF),  # CJK unified ideographs
    (0xA960, 0xA97F),  # Hangul Jamo extended A
    (0xAC00, 0xD7FF),  # Hangul syllables, Jamo extended B
    (0xF900, 0xFAFF),  # CJK compatibility ideographs
    (0xFE30, 0xFE4F),  # CJK compatibility forms
    (0xFF00, 0xFFEF),  # Half-width and full-width forms
    (0x20000, 0x3FFFF),  # CJK extensions B.. and supplementary ideographs
)

#: Code point ranges (inclusive) of Han ideographs and kana (`is_cjk_letter`).
CJK_LETTER_RANGES: tuple[tuple[int, int], ...] = (
    (0x3040, 0x30FF),  # Hiragana, Katakana
    (0x3400, 0x4DBF),  # CJK unified ideographs extension A
    (0x4E00, 0x9FFF),  # CJK unified ideographs
    (0xF900, 0xFAFF),  # CJK compatibility ideographs
    (0x20000, 0x3FFFF),  # CJK extensions B.. and supplementary ideographs
)


def _class(ranges: tuple[tuple[int, int], ...]) -> str:
    return "".join(f"{chr(lo)}-{chr(hi)}" for lo, hi in ranges)


#: The body of a regular-expression character class of CJK_RANGES (put it inside [...]).
CJK_CLASS = _class(CJK_RANGES)
#: The body of a regular-expression character class of CJK_LETTER_RANGES.
CJK_LETTER_CLASS = _class(CJK_LETTER_RANGES)

_CJK_RE = lazyre.compile(f"[{CJK_CLASS}]")
_LETTER_RE = lazyre.compile(f"[{CJK_LETTER_CLASS}]")


def is_cjk(ch: str) -> bool:
    """True when the one character `ch` is in a CJK script, punctuation or form (CJK_RANGES);
    False for any other character and for a string that is not exactly one character."""
    return _CJK_RE.fullmatch(ch) is not None


def has_cjk(text: str) -> bool:
    """True when any character of `text` satisfies `is_cjk` (one search, in C)."""
    return _CJK_RE.search(text) is not None


def cjk_count(text: str) -> int:
    """How many characters of `text` satisfy `is_cjk`, counted in one pass (0 for "")."""
    return len(_CJK_RE.findall(text))


def is_cjk_letter(ch: str) -> bool:
    """True when the one character `ch` is a Han ideograph or kana (CJK_LETTER_RANGES);
    False for CJK punctuation, full-width forms, hangul, any other character, and for a
    string that is not exactly one character."""
    return _LETTER_RE.fullmatch(ch) is not None


def cjk_letter_count(text: str) -> int:
    """How many characters of `text` satisfy `is_cjk_letter`, counted in one pass."""
    return len(_LETTER_RE.findall(text))
