"""Text-layer quality checks: decide whether an extracted text layer is usable.

This module owns the heuristics that look at extracted text only (no PDF objects), so
every extractor can call them. It must not import later stages.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

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


# --- repairing a cp1251 text layer that was decoded as Latin-1 ---------------------------

#: Latin-1 character -> the cp1251 character of the same byte (0x80..0xFF; 0x98 has none):
#: re-decoding ``text.encode("latin-1").decode("cp1251")`` one character at a time.
_CP1251_FROM_LATIN1 = {}
for _byte in range(0x80, 0x100):
    try:
        _CP1251_FROM_LATIN1[_byte] = bytes([_byte]).decode("cp1251")
    except UnicodeDecodeError:
        pass
#: C0 control characters that TeX's Cyrillic font encodings (T2A and its kin, e.g. lshortru)
#: use for punctuation: 0x7F the hyphenation character (mapped to U+FFFE, which PDFium gives for
#: a line-end hyphen, so quote normalisation joins the word halves), 0x15/0x16 en and em dash,
#: 0x10/0x11 the double quotes, 0x1B..0x1F the ligatures ff fi fl ffi ffl (as their one-char
#: Unicode ligatures, which normalisation spells out: "./con\x1cgure" is "./configure").
#: cp1251 leaves them control characters.
_TEX_CONTROLS = {0x7F: "\ufffe", 0x15: "\u2013", 0x16: "\u2014", 0x10: "\u201c", 0x11: "\u201d",
                 0x1B: "\ufb00", 0x1C: "\ufb01", 0x1D: "\ufb02", 0x1E: "\ufb03", 0x1F: "\ufb04"}
#: In those TeX encodings 0xBE/0xBF are the guillemets « »; cp1251 has Ukrainian/Macedonian
#: letters there (ѕ ї). Used only on pages without other Ukrainian letters (see repair_cp1251).
_TEX_GUILLEMETS = {0xBE: "\u00ab", 0xBF: "\u00bb"}
#: Latin-1 images of cp1251's Ukrainian/Belarusian letters і І є Є ґ Ґ ї Ї ў Ў.
_UKRAINIAN_IMAGES = frozenset("\u00b3\u00b2\u00ba\u00aa\u00b4\u00a5\u00bf\u00af\u00a2\u00a1")
#: In T2A (pdfLaTeX's Cyrillic encoding) 0x9C/0xBC are Ё/ё, 0x9D № and 0x9F §, where cp1251
#: has Serbian/Macedonian letters (њ ј ќ џ: "всј" for "всё"). Used only on texts without
#: cp1251's other Serbian/Macedonian letters, Ђ Ѓ ѓ Љ Њ Ќ Ћ Џ ђ љ ћ Ј (their Latin-1 images):
_TEX_T2A = {0x9C: "\u0401", 0xBC: "\u0451", 0x9D: "\u2116", 0x9F: "\u00a7"}
_SERBIAN_IMAGES = frozenset("\u0080\u0081\u0083\u008a\u008c\u008d\u008e\u008f\u0090\u009a\u009e\u00a3")

_RUSSIAN = frozenset("абвгдеёжзийклмнопрстуфхцчшщъыьэюя")
_RU_VOWELS = frozenset("аеёиоуыэюя")
_CYRILLIC_WORD = re.compile("[\u0400-\u04ff]")
#: Letter pairs a Russian word never contains (soft/hard sign doubled or after a vowel,
#: ы after ж ш щ ч or a sign).
_RU_BAD_PAIRS = re.compile("[ьъ][ьъы]|[аеёиоуыэюя][ьъ]|[жшщч]ы|йй|ыы")
#: Thresholds of :func:`repair_cp1251` (see its docstring).
MIN_PLAUSIBLE_WORD_SHARE = 0.9
MIN_CYRILLIC_SHARE = 0.8
MAX_RU_CONSONANT_RUN = 4
MAX_ABBREVIATION = 5


def is_mojibake_word(word: str) -> bool:
    """A word of ``MIN_WORD_LEN`` or more letters made only of high-Latin letters ("Ýòî")."""
    return len(word) >= MIN_WORD_LEN and not word.strip(_MOJIBAKE_CHARS)


def mojibake_words(text: str) -> list[str]:
    """The words of ``text`` that :func:`is_mojibake_word` accepts, in order."""
    return [w for w in _WORD.findall(text) if is_mojibake_word(w)]


def plausible_russian_word(word: str) -> bool:
    """The simple check that a re-decoded word is a real Russian word.

    Russian letters only; lower case, upper case or capitalised (no "пРИвет"); not starting
    with ъ ь ы; none of the letter pairs Russian spelling excludes ("ьь", "аь", "жы", ...); no
    run of more than ``MAX_RU_CONSONANT_RUN`` (4) consonants; and at least one vowel, unless
    it is an upper-case abbreviation of at most ``MAX_ABBREVIATION`` (5) letters ("СССР"). Text in another
    8-bit encoding (KOI8-R, cp866) read through cp1251 fails it: its case and letters come out scrambled.
    """
    low = word.lower()
    if not word or not set(low) <= _RUSSIAN or low[0] in "ъьы":
        return False
    if not (word.islower() or word.isupper() or (word[0].isupper() and word[1:].islower())):
        return False
    if _RU_BAD_PAIRS.search(low):
        return False
    if not set(low) & _RU_VOWELS and not (word.isupper() and len(word) <= MAX_ABBREVIATION):
        return False
    run = 0
    for ch in low:
        run = 0 if ch in _RU_VOWELS or ch in "йьъ" else run + 1
        if run > MAX_RU_CONSONANT_RUN:
            return False
    return True


def redecode_cp1251(text: str) -> str:
    """Re-read Latin-1 mojibake as cp1251, one character for one character.

    Every character U+0080..U+00FF becomes the cp1251 character of the same byte ("Ý" ->
    "Э"); TeX's Cyrillic font encodings add the C0 punctuation in ``_TEX_CONTROLS``, on a
    text without Ukrainian letters « » at 0xBE/0xBF, and on one without Serbian or
    Macedonian letters T2A's Ё ё № § (``_TEX_T2A``). Everything else (ASCII, CJK, math,
    line breaks) is kept. The result has the same length, so an index into it is still the
    PDFium char index of the original text.
    """
    table = dict(_CP1251_FROM_LATIN1)
    table.update(_TEX_CONTROLS)
    if not _UKRAINIAN_IMAGES.intersection(text.translate({0xBE: None, 0xBF: None})):
        table.update(_TEX_GUILLEMETS)
    if not _SERBIAN_IMAGES.intersection(text):
        table.update(_TEX_T2A)
    return text.translate(table)


@dataclass(frozen=True)
class Repair:
    """Outcome of :func:`repair_cp1251`: the re-decoded text, whether it is accepted, and the
    measures it was judged by."""

    text: str
    ok: bool
    words: int  # Cyrillic words of MIN_WORD_LEN+ letters after re-decoding
    plausible_share: float  # share of them passing plausible_russian_word
    cyrillic_share: float  # share of Cyrillic letters among the non-ASCII letters after re-decoding


def repair_cp1251(text: str) -> Repair:
    """Re-decode a Latin-1-mojibake text layer as cp1251 and judge whether that gave real words.

    Accepted when, after :func:`redecode_cp1251` (then :func:`fix_mixed_script` for the Latin
    look-alikes the text's authors typed inside Russian words, e.g. "пpи"):

    * there is at least one Cyrillic word of ``MIN_WORD_LEN`` (3) or more letters;
    * at least ``MIN_CYRILLIC_SHARE`` (80%) of the non-ASCII letters are Cyrillic (the rest
      is Greek from formulas, accented names);
    * at least ``MIN_PLAUSIBLE_WORD_SHARE`` (90%) of those Cyrillic words pass
      :func:`plausible_russian_word`.

    Measured on the broken lshortru text layer (153 pages, 147 with mojibake words): every
    one of the 147 re-decodes with 97-100% plausible words (the lowest on formula pages) and
    over 99% Cyrillic letters; a page of it in KOI8-R read the same way scores 68%, in cp866
    12%, so those go to OCR. The length never changes (see redecode_cp1251).
    """
    fixed = fix_mixed_script(redecode_cp1251(text))
    letters = "".join(_WORD.findall(fixed))
    non_ascii = [ch for ch in letters if ord(ch) > 0x7F]
    cyrillic = sum(1 for ch in non_ascii if "\u0400" <= ch <= "\u04ff")
    words = [w for w in _WORD.findall(fixed) if len(w) >= MIN_WORD_LEN and _CYRILLIC_WORD.search(w)]
    plausible = sum(1 for w in words if plausible_russian_word(w))
    plausible_share = plausible / len(words) if words else 0.0
    cyrillic_share = cyrillic / len(non_ascii) if non_ascii else 0.0
    ok = bool(words) and cyrillic_share >= MIN_CYRILLIC_SHARE and plausible_share >= MIN_PLAUSIBLE_WORD_SHARE
    return Repair(fixed, ok, len(words), plausible_share, cyrillic_share)


# --- Latin/Cyrillic look-alikes ---------------------------------------------------------

_LAT_TO_CYR = dict(zip("aceopxyACEHKMOPTXB", "асеорхуАСЕНКМОРТХВ"))
_CYR_TO_LAT = {**{v: k for k, v in _LAT_TO_CYR.items()}, "і": "i", "ј": "j", "ѕ": "s", "І": "I", "Ј": "J", "Ѕ": "S"}
_LETTERS = re.compile(r"[^\W\d_]+")


def _script(ch: str) -> str:
    if "a" <= ch.lower() <= "z":
        return "lat"
    if "\u0400" <= ch <= "\u04ff":
        return "cyr"
    return ""


def fix_mixed_script(text: str, *, whole_words: bool = False) -> str:
    """Replace Latin/Cyrillic look-alike letters that stand in the other script's words.

    * A word mixing Latin and Cyrillic letters ("пpи", "cтрока") takes the script of most of
      its letters (ties: the line's script), where every letter of the other script has a
      look-alike (a c e o p x y A B C E H K M O P T X <-> а с е о р х у А В С Е Н К М О Р Т Х,
      and і ј ѕ -> i j s).
    * With ``whole_words`` (OCR text, where tesseract with rus+eng mixes the scripts), a word
      made only of look-alikes ("а" in "made а noise", "c" in a Russian line) takes the
      line's script when the line has at least 3 letters outside the look-alikes and at
      least twice as many of one script as of the other.

    One character for one character: offsets into the text stay valid.
    """
    out: list[str] = []
    for line in text.splitlines(keepends=True):
        out.append(_fix_line(line, whole_words))
    return "".join(out)


def _line_script(line: str) -> str:
    counts = {"lat": 0, "cyr": 0}
    for ch in line:
        s = _script(ch)
        if s == "lat" and ch not in _LAT_TO_CYR or s == "cyr" and ch not in _CYR_TO_LAT:
            counts[s] += 1
    lat, cyr = counts["lat"], counts["cyr"]
    if lat + cyr >= 3 and lat >= 2 * cyr:
        return "lat"
    if lat + cyr >= 3 and cyr >= 2 * lat:
        return "cyr"
    return ""


def _fix_line(line: str, whole_words: bool) -> str:
    if not any("\u0400" <= ch <= "\u04ff" for ch in line):
        return line  # no Cyrillic: nothing mixed, and the line's script cannot be Cyrillic
    dominant: str | None = None

    def convert(word: str, target: str) -> str:
        table = _CYR_TO_LAT if target == "lat" else _LAT_TO_CYR
        other = "cyr" if target == "lat" else "lat"
        if all(_script(ch) != other or ch in table for ch in word):
            return "".join(table.get(ch, ch) if _script(ch) == other else ch for ch in word)
        return word

    def fix(match: re.Match) -> str:
        nonlocal dominant
        word = match.group()
        lat = sum(1 for ch in word if _script(ch) == "lat")
        cyr = sum(1 for ch in word if _script(ch) == "cyr")
        if lat and cyr:
            if lat != cyr:
                return convert(word, "lat" if lat > cyr else "cyr")
            if dominant is None:
                dominant = _line_script(line)
            return convert(word, dominant) if dominant else word
        if not whole_words or not (lat or cyr):
            return word
        own = "lat" if lat else "cyr"
        table = _LAT_TO_CYR if own == "lat" else _CYR_TO_LAT
        if not all(ch in table for ch in word):
            return word
        if dominant is None:
            dominant = _line_script(line)
        return convert(word, dominant) if dominant and dominant != own else word

    return _LETTERS.sub(fix, line)


# --- weak pages: which pages need OCR ----------------------------------------------------

#: A page with fewer letters than this (letters as counted by :func:`letter_count`) has a
#: "weak" text layer: a running head, a folio or a caption at most. A page of body text has
#: hundreds (lshort: about 2,000 per page), a scanned page's text layer none.
WEAK_MAX_LETTERS = 50
#: A weak page whose images cover at least this share of the page is a scan.
WEAK_MIN_IMAGE_SHARE = 0.5


def letter_count(text: str) -> int:
    """Number of letters in ``text`` (the total length of its words, as the mojibake rule counts)."""
    return sum(map(len, _WORD.findall(text)))


def weak_page_reason(text: str, image_share: float, *, has_image: bool, has_ink: bool) -> str:
    """Why a page needs OCR, or '' when its text layer is good enough (or the page is blank).

    A page needs OCR when it has fewer than ``WEAK_MAX_LETTERS`` (50) letters and either
    its images cover at least ``WEAK_MIN_IMAGE_SHARE`` (half) of it, or it has no text at all
    but shows something: an image of any size, or ink drawn as paths (text turned into
    outlines). ``image_share`` is the share of the page (0..1) covered by image objects,
    ``has_image`` whether it has any, ``has_ink`` whether its rendering has any dark pixels.
    A page with no text, no image and no ink is blank: nothing to OCR.
    """
    letters = letter_count(text)
    if letters >= WEAK_MAX_LETTERS:
        return ""
    if not "".join(text.split()):
        return "no text layer" if has_image or has_ink else ""
    if image_share >= WEAK_MIN_IMAGE_SHARE:
        return f"weak text layer ({letters} letters; images cover {image_share:.0%} of the page)"
    return ""
