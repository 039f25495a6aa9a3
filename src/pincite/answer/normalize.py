"""The documented minimal text normalisation used to check quotes, with a map back to the original.

This module owns the one normalisation pincite applies, identically, to a quoted passage and to
the page text it claims to come from, before looking for one inside the other
(docs/decisions/0002-quote-verification.md). Every normalised character remembers which
original character(s) it came from, so a match maps back to an exact span of the original page
text (and from there to rectangles on the page, since PDFium's text index is its char index).

`normalize()` applies these rules, in this order, and nothing else:

1. Invisible characters are dropped: U+00AD soft hyphen; zero-width characters U+200B, U+200C,
   U+200D, U+2060, U+FEFF; U+FFFE and U+0002 (PDFium emits these two for a line-end hyphen);
   the other C0 control characters but tab and line breaks, U+007F, and the C1 control
   characters but U+0085 (a line break) (PDFium maps some glyphs without a Unicode value to
   them, e.g. U+0012, or a symbol-font bullet to U+0088).
   When a soft hyphen, U+FFFE or U+0002 stands at a line end, the line break after it (with any
   spaces or tabs around it) goes too: "main\\uFFFE\\r\\ntenance" -> "maintenance". PDFium
   marks every hyphen at a line end so, a printed one as well as a word break, and mostly
   joins the two lines without a break ("main\\uFFFEtenance"). U+FFFE or U+0002 between two
   letters or digits reads "-" when the word halves around it make a compound
   (`text.hyphens.printed_hyphen`: a digit on either side, two alphabets, or a dictionary
   that knows the halves and not the joined word): "Санкт\\uFFFEПетербурге" ->
   "Санкт-Петербурге", "КБ\\uFFFE5" -> "КБ-5", "ГО\\uFFFEСТа" -> "ГОСТа" (`line_end_mark`).
   One with a line break after it and then a character that is neither a letter, a digit
   nor a space reads "-" too.
2. Line-end hyphenation with a printed hyphen (-, U+2010, U+2011) is joined: a hyphen right after
   a letter, then a line break, then a letter loses hyphen and break unless the halves make
   a compound (the same decision as rule 1): "main-\\ntenance" -> "maintenance",
   "two-\\ncolumn" -> "two-column". When the hyphen follows a letter or digit but the next
   line starts otherwise (a digit), the hyphen stays and only the break goes:
   "PX-\\n200" -> "PX-200".
3. Superscript and subscript digits and signs are protected from NFKC and kept as they are:
   ⁰¹²³⁴⁵⁶⁷⁸⁹ ⁺⁻⁼⁽⁾ and ₀₁₂₃₄₅₆₇₈₉ ₊₋₌₍₎. NFKC would turn 10² into 102 and m³ into m3, so a
   changed number could verify.
4. Everything else is NFKC-normalised: ligatures (ﬁ -> fi), full-width forms (２２０ -> 220,
   Ａ -> A), compatibility spaces (no-break space, thin space -> space). Before that, a spacing
   accent (´ ¨ ˆ ˜ ˇ ˘ ˙ ˚ ˝ ¯) written right before a letter becomes that letter's combining
   accent, so NFKC composes them: TeX sets an accent as its own glyph ahead of the letter, and
   one extractor reports "E´en" where another reports "Eén" (NFKC alone would give "E ́en").
5. Each run of whitespace (spaces, tabs, \\r\\n, no-break space, thin space, ideographic space...)
   becomes one space.
6. A space is dropped when the character on either side of it is CJK: CJK unified ideographs,
   CJK symbols and punctuation (、。「」...), kana, hangul, bopomofo, CJK compatibility forms and
   full-width punctuation (judged on the original character, so a full-width "，" still counts
   after NFKC made it ","; full-width letters and digits count as the ASCII they become, so
   "of ２２０" -> "of 220"). "额定电压 为220伏" -> "额定电压为220伏".
7. Leading and trailing spaces are stripped.

Case, ё, quote marks and dashes are left alone by `normalize()`. `loose()` applies `normalize()`
and then folds exactly those: casefold, ё -> е (Ё -> е after casefold), every quote mark
(“”„‟«»‘’‚‛‹›〝〞〟"'`´) -> '"', every dash (‐‑‒–—―−﹘﹣) -> '-'. Superscript signs stay.
A quote found only at the loose level is reported as such by the verifier.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from pincite.text import lazyre
from pincite.text.cjk import has_cjk, is_cjk
from pincite.text.hyphens import printed_hyphen

SCRIPT_CHARS = frozenset("⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎")
"""Superscript/subscript digits and signs that NFKC must not fold (rule 3)."""

#: The control characters rule 1 drops (a character class body): C0 but U+0002 (a line-end
#: hyphen, handled apart), tab and line breaks; U+007F; C1 but U+0085 (a line break).
CONTROL_CHARS = "\x00\x01\x03-\x08\x0e-\x1f\x7f\x80-\x84\x86-\x9f"
_INVISIBLE = lazyre.compile(
    "[\u00ad\ufffe\u0002][ \t\u00a0]*(?:\r\n|[\r\n\u2028\u2029])[ \t\u00a0]*"
    f"|[\u00ad\u200b-\u200d\u2060\ufeff\ufffe\u0002{CONTROL_CHARS}]"
)
_WORD_END = lazyre.compile(r"\\?[^\W_]+$")
_WORD_START = lazyre.compile(r"[^\W_]+")
_LINE_END_HYPHEN = lazyre.compile(
    r"(?<=[^\W_])[-\u2010\u2011]([ \t\u00a0]*(?:\r\n|[\r\n\u2028\u2029])\s*)(?=\S)"
)
#: A run of whitespace that is not already one plain space (rule 5): two or more whitespace
#: characters, or one other than " ".
_WHITESPACE = lazyre.compile(r"\s{2,}|[^\S ]")
_SPACE = lazyre.compile(" ")
_NON_ASCII = lazyre.compile(r"[^\x00-\x7f]+")
#: Spacing accents and the combining marks they stand for (Unicode's own decompositions of
#: the spacing forms: U+00B4 = space + U+0301, ...).
_COMBINING = {"´": "\u0301", "¨": "\u0308", "ˆ": "\u0302", "˜": "\u0303", "ˇ": "\u030c",
              "˘": "\u0306", "˙": "\u0307", "˚": "\u030a", "˝": "\u030b", "¯": "\u0304"}
_SPACING_ACCENT = lazyre.compile(f"([{''.join(_COMBINING)}])([^\\W\\d_])")

_QUOTES = "“”„‟«»‘’‚‛‹›〝〞〟\"'`´"
_DASHES = "‐‑‒–—―−﹘﹣"
_LOOSE_MAP = str.maketrans({**{c: '"' for c in _QUOTES}, **{c: "-" for c in _DASHES}, "ё": "е"})


@dataclass(frozen=True)
class Normalized:
    """Normalised text with, per character, the span of the original string it came from.

    `offsets[i]` is the index in the original string of the (first) source character of
    normalised character i; `ends[i]` is the exclusive end of its source span (several
    normalised characters share one source character when NFKC expands it, e.g. ﬁ -> fi).
    """

    text: str
    offsets: list[int]
    ends: list[int]

    def span_to_source(self, start: int, end: int) -> tuple[int, int]:
        """Map the normalised span [start, end) to the original span it came from (end exclusive)."""
        if not 0 <= start < end <= len(self.text):
            raise ValueError(f"span [{start}, {end}) is empty or outside 0..{len(self.text)}")
        return self.offsets[start], self.ends[end - 1]


@dataclass
class _Trace:
    text: str
    starts: list[int]
    ends: list[int]


def line_end_mark(text: str, start: int, end: int) -> str:
    """What an invisible mark text[start:end] (an `_INVISIBLE` match) stands for: "" for all
    but PDFium's line-end hyphen mark (U+FFFE or U+0002) after a letter or digit that is a
    printed hyphen, which reads "-". PDFium marks every hyphen at a line end so, a real one
    as well as a word break; between two letters or digits the word halves decide
    (text.hyphens.printed_hyphen: "Санкт\uFFFEПетербурге" is "Санкт-Петербурге",
    "main\uFFFE\r\ntenance" is "maintenance", "КБ\uFFFE5" is "КБ-5"); before other
    characters, a mark with a line break after it is printed ("SK\uFFFE\n(A)"), one with
    none is dropped."""
    if text[start] not in "\ufffe\u0002" or not text[start - 1:start].isalnum():
        return ""
    after = text[end:end + 1]
    if after.isalnum():
        return "-" if printed_hyphen(_word_before(text, start), _word_after(text, end)) else ""
    if end - start < 2:
        return ""
    return "-" if after and not after.isspace() else ""


def _word_before(text: str, pos: int) -> str:
    """The run of letters and digits that ends at `pos` (at most 64 characters), with the
    backslash before it if there is one (a TeX control word)."""
    m = _WORD_END.search(text, max(0, pos - 64), pos)
    return m.group() if m else ""


def _word_after(text: str, pos: int) -> str:
    """The run of letters and digits that starts at `pos` (at most 64 characters)."""
    m = _WORD_START.match(text, pos, pos + 64)
    return m.group() if m else ""


def compose_spacing_accents(text: str) -> str:
    """`text` with each spacing accent that stands before a letter composed with it, as rule
    4 does ("Gr¨obner" -> "Gröbner", "E´en" -> "Eén"): TeX sets an accent as a glyph of its
    own ahead of the letter, and a reader shows the composed letter."""
    return _SPACING_ACCENT.sub(lambda m: unicodedata.normalize("NFC", m.group(2) + _COMBINING[m.group(1)]), text)


def normalize(text: str) -> Normalized:
    """Apply the documented minimal normalisation (module docstring, rules 1-7) keeping offsets."""
    t = _Trace(text, list(range(len(text))), list(range(1, len(text) + 1)))
    t = _rewrite(t, [(m.start(), m.end(), line_end_mark(t.text, m.start(), m.end()))
                     for m in _INVISIBLE.finditer(t.text)])
    t = _rewrite(t, _hyphenation_edits(t.text))
    t = _rewrite(t, [(m.start(), m.end(), m.group(2) + _COMBINING[m.group(1)])
                     for m in _SPACING_ACCENT.finditer(t.text)])
    t = _rewrite(t, _nfkc_edits(t.text))
    t = _rewrite(t, [(m.start(), m.end(), " ") for m in _WHITESPACE.finditer(t.text)])
    t = _rewrite(t, _cjk_space_edits(t, text))
    t = _rewrite(t, _strip_edits(t.text))
    return Normalized(t.text, t.starts, t.ends)


def loose(text: str) -> Normalized:
    """normalize(), then casefold, ё -> е, quote marks -> '"', dashes -> '-' (offsets kept)."""
    n = normalize(text)
    folded = n.text.casefold().translate(_LOOSE_MAP)
    if len(folded) == len(n.text):
        # no character folded to more than one (casefold and the map never give less than
        # one): the offsets stay as they are
        return Normalized(folded, n.offsets, n.ends)
    chars: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    for ch, start, end in zip(n.text, n.offsets, n.ends):
        out = ch.casefold().translate(_LOOSE_MAP)
        chars.append(out)
        starts.extend([start] * len(out))
        ends.extend([end] * len(out))
    return Normalized("".join(chars), starts, ends)


def _rewrite(t: _Trace, edits: list[tuple[int, int, str]]) -> _Trace:
    """Replace the sorted, disjoint spans [a, b) of t by new strings, carrying source spans along.

    A replacement as long as its span maps one to one; otherwise each new character gets the
    source span of the whole replaced span.
    """
    if not edits:
        return t
    chars: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    pos = 0
    for a, b, repl in edits:
        chars.append(t.text[pos:a])
        starts.extend(t.starts[pos:a])
        ends.extend(t.ends[pos:a])
        chars.append(repl)
        if len(repl) == b - a:
            starts.extend(t.starts[a:b])
            ends.extend(t.ends[a:b])
        else:
            starts.extend([t.starts[a]] * len(repl))
            ends.extend([t.ends[b - 1]] * len(repl))
        pos = b
    chars.append(t.text[pos:])
    starts.extend(t.starts[pos:])
    ends.extend(t.ends[pos:])
    return _Trace("".join(chars), starts, ends)


def join_line_end_hyphens(text: str) -> str:
    """`text` with rule 2 applied and nothing else: "main-\\ntenance" -> "maintenance",
    "PX-\\n200" -> "PX-200". A quote shown from page text is joined so, so that collapsing
    its line breaks to spaces afterwards cannot leave "main- tenance", which no page holds."""
    out, pos = [], 0
    for a, b, new in sorted(_hyphenation_edits(text)):
        out += [text[pos:a], new]
        pos = b
    out.append(text[pos:])
    return "".join(out)


def _hyphenation_edits(text: str) -> list[tuple[int, int, str]]:
    """Rule 2: join "word-\\nword" when the hyphen only breaks the word; keep the hyphen
    but drop the break in "PX-\\n200" and in a compound (text.hyphens.printed_hyphen)."""
    edits = []
    for m in _LINE_END_HYPHEN.finditer(text):
        before, after = text[m.start() - 1], text[m.end()]
        if before.isalpha() and after.isalpha() \
                and not printed_hyphen(_word_before(text, m.start()), _word_after(text, m.end())):
            edits.append((m.start(), m.end(), ""))
        else:
            edits.append((m.start(1), m.end(1), ""))
    return edits


def _nfkc_edits(text: str) -> list[tuple[int, int, str]]:
    """Rules 3-4: NFKC per cluster (a character and its combining marks), script digits kept.

    Only clusters holding a non-ASCII character can change, so each run of non-ASCII
    characters is looked at, from the ASCII base before it (a cluster starts there when the
    run opens with a combining mark) to its end (an ASCII character starts a new cluster);
    a run that NFKC leaves as it is, holds no protected character and does not join the
    character before it is skipped whole."""
    edits: list[tuple[int, int, str]] = []
    for m in _NON_ASCII.finditer(text):
        run = m.group()
        i, end = m.start(), m.end()
        joins_base = i > 0 and _cluster_end(text, i - 1) > i
        if not joins_base and SCRIPT_CHARS.isdisjoint(run) and unicodedata.is_normalized("NFKC", run):
            continue
        edits += _cluster_edits(text, i - 1 if joins_base else i, end)
    return edits


def _cluster_edits(text: str, i: int, end: int) -> list[tuple[int, int, str]]:
    """Rules 3-4 cluster by cluster over text[i:end], `i` the start of a cluster and `end`
    the end of one."""
    edits = []
    while i < end:
        j = _cluster_end(text, i)
        group = text[i:j]
        if not group.isascii() and text[i] not in SCRIPT_CHARS:
            out = unicodedata.normalize("NFKC", group)
            if out != group:
                edits.append((i, j, out))
        i = j
    return edits


def _cluster_end(text: str, i: int) -> int:
    """End of the cluster starting at i: combining marks and conjoining jamo stay with their base."""
    j = i + 1
    while j < len(text) and (unicodedata.combining(text[j]) or 0x1160 <= ord(text[j]) <= 0x11FF):
        j += 1
    return j


def _cjk_space_edits(t: _Trace, original: str) -> list[tuple[int, int, str]]:
    """Rule 6: drop each space that has a CJK character (now or in the original) on either side."""
    def cjk_at(k: int) -> bool:
        if not 0 <= k < len(t.text):
            return False
        source_char = original[t.starts[k]]
        return is_cjk(t.text[k]) or (is_cjk(source_char) and not source_char.isalnum())

    if not (has_cjk(original) or has_cjk(t.text)):
        return []  # no CJK character on either side of any space
    return [(k, k + 1, "") for k in (m.start() for m in _SPACE.finditer(t.text))
            if cjk_at(k - 1) or cjk_at(k + 1)]


def _strip_edits(text: str) -> list[tuple[int, int, str]]:
    """Rule 7: remove the leading and trailing space (runs are already collapsed to one)."""
    if text == " ":
        return [(0, 1, "")]
    edits = []
    if text.startswith(" "):
        edits.append((0, 1, ""))
    if text.endswith(" "):
        edits.append((len(text) - 1, len(text), ""))
    return edits


def readable_text(text: str) -> str:
    """Page text as a person reads it: PDFium's "\\r\\n" line ends as "\\n", and a word
    hyphenated at a line end (U+FFFE, then the line end) joined. Quotes taken from it verify
    against the stored text (`normalize` joins and drops the same on both sides)."""
    return re.sub("\ufffe(\r?\n?)", lambda m: line_end_mark(text, m.start(), m.end()), text).replace("\r\n", "\n")
