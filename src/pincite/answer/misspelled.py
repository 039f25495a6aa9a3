"""Misspelled question words, read as the library's words one edit away.

People type fast: "абонимент", "ожыдания", "defualt", "waht is teh …". A misspelled word is
in no document, so it counts as a question word no passage holds and the question is
refused, though the words meant are there ("абонемент", "ожидания", "default"). A word is
taken as misspelled when the library's index holds none of its forms, it is written in
Latin or Cyrillic letters with no digit (a code is never corrected), and general language
hardly uses it (wordfreq, `text.zipf`): below TYPO_ZIPF, or below STOPWORD_TYPO_ZIPF when
it is one edit from a function word. Then:

- one edit from a function word ("waht", "teh", "сколко"): it is written as that function
  word in the question's text (`with_function_words`), which every later reading of the
  question then takes as it takes "what", "the", "сколько";
- else, at MIN_TYPO_LETTERS letters or more (`with_spelling_fixes`), the index forms of the same script and first
  letter one edit away (`one_edit`: a letter inserted, dropped, changed, or two neighbours
  swapped: Damerau's edits), when there is exactly one (MAX_FIXES), joins its group, so the
  search finds and the coverage counts the word meant; when none is, for a word in Latin
  letters, the index forms of its own one-edit spellings ("mailng" -> "mailing" -> "mail":
  a slip inside an ending the stemmer would have stripped).

A code typed with a capital inside ("ansiA") is never corrected, and a name (capitalised
after the question's first word) only when two neighbouring letters are swapped ("Junoir"
for "Junior"): another name of a series the library holds ("ansiC", "ansiD") is what a near
miss asks about, and such names differ by a letter, not by a swap.

A word general language uses (a real word the library lacks: "wheat", "тандема") is never
corrected: that is a near miss, whose refusal must stand. Nothing is compiled or read at
import; the index forms are grouped per catalog on first use.
"""
from __future__ import annotations

import re
import weakref
from typing import TYPE_CHECKING

from pincite.text import analysis, lazyre, translit
from pincite.text.zipf import zipf

if TYPE_CHECKING:
    from .retrieve import LibraryLike

#: Zipf frequency (wordfreq: log10 of uses per billion words) under which a word the library
#: lacks may be a misspelling of one it holds: about 3 uses per 10 million words, far under
#: any word a question names a thing by ("тандема" 2.42 is over it only barely; "абонимент",
#: "defualt" are 0).
TYPO_ZIPF = 2.0
#: The same for a word one edit from a function word: a misspelled function word is common
#: on the web ("teh" 3.04, "waht" 1.99), and dropping a rare real word that close to one
#: loses little a document is searched by; an abbreviation ("кпд" 3.49) is over it. A word
#: of three letters or fewer counts only with two neighbouring letters swapped ("teh"): a
#: letter changed makes too many short words ("кпд" / "куд").
STOPWORD_TYPO_ZIPF = 3.2
#: Fewest letters of a word corrected to a library word: a shorter one has too many
#: neighbours one edit away ("sise": size, site, sine).
MIN_TYPO_LETTERS = 5
#: Library words one edit away a misspelled word must have: one. With more ("ansia" beside
#: "ansic", "ansid", "ansie": a series of names) the word may be one more of the series that
#: the library lacks, a near miss.
MAX_FIXES = 1

#: Per catalog: (its chunk count when read, {(first letter, length): index forms}).
_FORMS: "weakref.WeakKeyDictionary[object, tuple[int, dict[tuple[str, int], list[str]]]]" = (
    weakref.WeakKeyDictionary())


def one_edit(a: str, b: str) -> bool:
    """Whether `b` is `a` with one letter inserted, dropped or changed, or two neighbouring
    letters swapped (Damerau-Levenshtein distance 1); False for equal words."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b)) == 1 or _swapped(a, b)
    if len(a) > len(b):
        a, b = b, a
    i = next((k for k, (x, y) in enumerate(zip(a, b)) if x != y), len(a))
    return a[i:] == b[i + 1:]  # one letter inserted into the shorter


#: The letters a one-edit spelling inserts or changes: spellings are made of words in Latin
#: letters only (`with_spelling_fixes`).
_LATIN_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _one_edit_spellings(word: str, swaps_only: bool = False) -> set[str]:
    """Every spelling one edit from lower-case `word`, a word of Latin letters (`one_edit`:
    a letter inserted, dropped or changed, two neighbours swapped; with `swaps_only`, the
    swaps only), `word` itself left out: about 55 per letter."""
    out = {word[:i] + word[i + 1] + word[i] + word[i + 2:] for i in range(len(word) - 1)}
    if not swaps_only:
        out |= {word[:i] + word[i + 1:] for i in range(len(word))}
        out |= {word[:i] + ch + word[i:] for i in range(len(word) + 1) for ch in _LATIN_LETTERS}
        out |= {word[:i] + ch + word[i + 1:] for i in range(len(word)) for ch in _LATIN_LETTERS}
    out.discard(word)
    return out


def _rarity(word: str) -> float:
    """wordfreq's Zipf frequency of a lower-case word in the language of its alphabet."""
    return zipf(word, "ru" if translit.script(word) == "cyrillic" else "en")


def _swapped(a: str, b: str) -> bool:
    """Whether `b` is `a` with two neighbouring letters swapped ("teh" / "the")."""
    diff = [k for k, (x, y) in enumerate(zip(a, b)) if x != y] if len(a) == len(b) else []
    return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]


def _forms(lib: "LibraryLike") -> dict[tuple[str, int], list[str]]:
    """The library's index forms of Latin or Cyrillic letters, by (first letter, length),
    read on first use and again when the catalog's chunk count changes."""
    n = lib.catalog.chunk_count()
    kept = _FORMS.get(lib.catalog)
    if kept is not None and kept[0] == n:
        return kept[1]
    by: dict[tuple[str, int], list[str]] = {}
    for term in lib.catalog.all_term_df():
        if term.isalpha() and translit.script(term):
            by.setdefault((term[0], len(term)), []).append(term)
    _FORMS[lib.catalog] = (n, by)
    return by


#: A word of letters.
_WORD_RE = lazyre.compile(r"[^\W\d_]+")


def with_function_words(lib: "LibraryLike", text: str) -> str:
    """`text` with each misspelled function word (module docstring) written as the function
    word it misspells ("waht is teh …" -> "what is the …", "сколко стоит" -> "сколько
    стоит"); `text` itself when it has none (one term lookup for its rare words)."""
    # a capital anywhere but at the start of the text marks a name ("Thue–Morse"), not a slip
    words = [m for m in _WORD_RE.finditer(text)
             if not any(ch.isupper() for ch in m.group()[1:]) and (m.start() == 0 or m.group().islower())]
    typos: dict[str, str] = {}
    stop = analysis.stopword_words()
    for m in words:
        w = m.group().lower()
        if w in stop or w in typos or not translit.script(w):
            continue
        near = [s for s in stop if one_edit(w, s) and (len(w) > 3 or _swapped(w, s))]
        if near and _rarity(w) < STOPWORD_TYPO_ZIPF:
            typos[w] = min(near, key=lambda s: (len(s) != len(w), s))
    if not typos:
        return text
    df = lib.catalog.term_df([t for w in typos for t in analysis.tokens(w)])
    typos = {w: s for w, s in typos.items() if not any(df.get(t, 0) for t in analysis.tokens(w))}
    if not typos:
        return text

    def fixed(m: re.Match[str]) -> str:
        word = typos.get(m.group().lower())
        if word is None:
            return m.group()
        return word.capitalize() if m.group()[0].isupper() else word

    return _WORD_RE.sub(fixed, text)


def with_spelling_fixes(lib: "LibraryLike", groups: list[tuple[str, ...]], question: str
                        ) -> list[tuple[str, ...]]:
    """`groups` (query_groups of `question`, other spellings already added) with each
    misspelled word (module docstring) read as the library's word one edit away. `groups`
    itself when every word's forms are in the index (one term lookup) or none is
    misspelled."""
    from .features import capitalised
    from .reasons import written

    # a name or a code typed with capitals ("Brandt", "ansiA") is what a near miss asks of
    # something else; it is never corrected
    cased = {t.lower() for t in re.findall(r"\w+", question) if any(ch.isupper() for ch in t[1:])}
    names = capitalised(question)
    typed = {g: [w.lower() for w in written(question, [g])] for g in groups
             if all(t.isalpha() and translit.script(t) for t in g)}
    # a capitalised word is corrected only by two neighbouring letters swapped ("Junoir"):
    # a name of a series differs by a letter changed ("ansiA", "ansiC"), never by a swap
    wanted = [g for g, words in typed.items() if not cased & set(words)]
    if not wanted:
        return groups
    df = lib.catalog.term_df([t for g in wanted for t in g])
    absent = [g for g in wanted if not any(df.get(t, 0) for t in g)]
    if not absent:
        return groups
    fixed: dict[tuple[str, ...], tuple[str, ...]] = {}
    by: dict[tuple[str, int], list[str]] | None = None  # the library's forms, read once if needed
    for g in absent:
        if _rarity(next(iter(typed[g]), g[0])) >= TYPO_ZIPF or max(map(len, g)) < MIN_TYPO_LETTERS:
            continue
        by = by if by is not None else _forms(lib)
        near = [t for f in g if len(f) >= MIN_TYPO_LETTERS for n in (len(f) - 1, len(f), len(f) + 1)
                for t in by.get((f[0], n), ()) if one_edit(f, t) and (g not in names or _swapped(f, t))]
        if not near:
            # a slip in an ending the stemmer keeps ("mailng": the index holds "mailing" as
            # "mail", two edits from "mailng"): the word's one-edit spellings, analysed; a
            # form of fewer than MIN_TYPO_LETTERS - 1 letters ("maing" -> "ma") is a stem
            # cut too short to tell one word. Latin letters only: English words are
            # stemmed (Snowball strips an ending it recognises, and a slip inside one
            # leaves it on), Russian ones lemmatised (pymorphy3 guesses an unknown word's
            # ending by analogy, so the forms compared above already differ by the slip),
            # and lemmatising some 600 spellings would cost ~0.1 s
            near = [t for w in typed[g] if len(w) >= MIN_TYPO_LETTERS and translit.script(w) == "latin"
                    for v in _one_edit_spellings(w, swaps_only=g in names)
                    for t in analysis.tokens(v) if len(t) >= MIN_TYPO_LETTERS - 1 and t not in g
                    and t in by.get((t[0], len(t)), ())]
        near = list(dict.fromkeys(near))
        if 0 < len(near) <= MAX_FIXES:
            fixed[g] = g + tuple(near)
    return [fixed.get(g, g) for g in groups] if fixed else groups
