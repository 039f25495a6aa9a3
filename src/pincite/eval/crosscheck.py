"""An independent check of a quote against a second text extractor: poppler's `pdftotext`.

pincite verifies every quote against PDFium's text of the cited page (`answer/verify.py`). This
module asks a different extractor, `pdftotext -layout` from poppler (Debian package
`poppler-utils`), whether the same quote is on the same physical page. It is a common reference
extractor for PDF text, so a quote confirmed here is one a reader would also find with poppler; a quote
PDFium shows but poppler does not is worth a look (stored text order, a broken ToUnicode map, an extraction
quirk of one side).

What a confirmation means, and the two levels it is found at:

* Both the quote and the page text go through `pincite.answer.normalize.normalize()`, the one
  documented minimal normalisation (line-end hyphenation joined, so pdftotext's "conse-\\nquence"
  becomes "consequence"; NFKC with super/subscript digits kept; every whitespace run -> one
  space; spaces next to CJK characters dropped).
* Level "normalized": the normalised quote occurs in the normalised page text, and the match
  neither starts nor ends inside a word or number (letters/digits on both sides of an edge,
  neither of them CJK), so "22" is not confirmed by "220". Case, quote marks and dashes must
  agree (no loose folding here).
* Level "no-whitespace": only tried when the first level fails. Every whitespace character is
  removed from both normalised sides, then the same edge rule is applied at the match's ends in
  the normalised page text. It exists because `-layout` pads columns with runs of spaces and
  breaks lines elsewhere than PDFium, so a table row or a word split across columns can differ
  from the quote only in where spaces fall. It never lets different characters match.

Each level is tried on three pdftotext outputs of the page, in this order (`MODES`):
`-layout` (physical layout, the form PDF-to-text references usually use), the default reading
order, and `-raw` (content-stream order). `-layout` interleaves the lines of two columns and puts a margin
note on the line beside it, so a sentence that runs down one column is only found in
reading or raw order; each is still poppler's own text, independent of PDFium.

A quote from a bridge chunk (`pincite.chunk.bridges`: a sentence running from the bottom of one page
to the top of the next) is cited with `page` and `page_end`; when it is not whole on `page`, it
is confirmed only when a split of it has its head on `page` and its tail on `page_end`, each on
its own page in pdftotext's text (`split_across`), so the running footer and header between
them never have to match.

A page whose text layer pincite repaired by re-decoding (`pincite.extract.quality.repair_cp1251`:
Cyrillic in cp1251 that the PDF's fonts map as Latin-1, "Ìèð" for "Мир") has the same broken
layer for poppler, so pdftotext gives the same mojibake and could confirm no Cyrillic quote.
For such a page the caller names it in `redecode`: when the quote is not found in pdftotext's
text of it as is (every mode, both levels), pdftotext's text goes through the very function
that repaired PDFium's text (`repair_cp1251(...).text`: the fixed per-byte table Latin-1 ->
cp1251 plus TeX's Cyrillic punctuation, then the Latin/Cyrillic look-alike fix, one character
for one) and is matched again, every mode and both levels as above. The check stays
independent: the characters are poppler's, only mapped by that deterministic table, never
taken from PDFium; a confirmation found so says `redecoded=True`, so it is reported apart.

**Margin notes.** Extraction moves margin notes that PDFium puts inside a paragraph (siunitx's
option names in the left margin) after that paragraph (`pincite.extract.margins.margin_notes`),
so a quote may run "The standard setting is power, ..." where every pdftotext mode has a
note between "The standard" and "setting" (`-layout` and reading order put each note at the
start of the body line beside it, `-raw` puts them all after "The standard"). Only when the
quote is found in no mode above is one more form of the page tried (`MARGIN_MODE`): the words
of `pdftotext -bbox-layout` (reading order, with each word's box), one line of words per
line, less the words that `pincite.extract.margins.margin_words` finds by poppler's own
geometry to be margin notes standing inside a paragraph of poppler's reading order (the rule
extraction applies to PDFium's text: a clearly defined body column, short note-like runs of
words beyond its edge, stacked beside body lines, between two lines of one paragraph; nothing
on a page without such notes, e.g. a two-column page, a table, line numbers, hanging list
labels). The characters are poppler's, none
taken from PDFium, and words are only left out, never changed, so different characters never
match; what it can confirm that the modes above cannot is a quote with a margin note's words
left out of its middle. A confirmation found so has `mode == MARGIN_MODE`.

Where the two extractors still disagree, the quote is not confirmed, and rightly so (the fix
belongs to extraction or to the choice of quote, not here).

Neither level checks the minimum quote length or the claim's numbers: `answer/verify.py` does
that on PDFium's text; this module only says whether the second extractor sees the same text.

Page texts are cached per (file, page, password, mtime, size), 512 pages at most
(functools.lru_cache), so checking several quotes of one page runs pdftotext once.
"""
from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Collection, Literal

from pincite.answer.normalize import normalize
from pincite.errors import CrosscheckUnavailable, PinciteError
from pincite.extract.margins import margin_words
from pincite.extract.quality import repair_cp1251
from pincite.text.cjk import is_cjk

PDFTOTEXT = "pdftotext"
"""Program name looked up on PATH; poppler-utils 22.12 (Debian bookworm) is what was tested."""

DEFAULT_TIMEOUT_S = 30
"""Seconds one pdftotext call may take; one page of the 393-page corpus book takes ~0.01 s."""

PAGE_CACHE_SIZE = 512
"""Page texts kept by the lru_cache (a few KiB each)."""

Level = Literal["normalized", "no-whitespace"]


@dataclass(frozen=True)
class Crosscheck:
    """Outcome of one cross-check.

    confirmed: the quote occurs on the page in pdftotext's text.
    level: "normalized" or "no-whitespace" (module docstring) when confirmed, else "none".
    redecoded: it was confirmed only in pdftotext's text re-decoded as cp1251 (a page given
        in crosscheck_quote's `redecode`, module docstring); False otherwise.
    """

    confirmed: bool
    level: Literal["normalized", "no-whitespace", "none"]
    mode: str = ""  # the pdftotext mode (MODES) that confirmed it; "" when not confirmed
    redecoded: bool = False


#: pdftotext modes tried in order, with their flags (module docstring).
MODES = {"layout": ("-layout",), "reading": (), "raw": ("-raw",)}
#: The form tried after MODES: pdftotext's words in reading order less those in a margin
#: column (module docstring, "Margin notes"; `pdftotext_without_margins`).
MARGIN_MODE = "reading-without-margins"
_BBOX_FLAGS = ("-bbox-layout",)


def pdftotext_page(pdf: Path, page: int, *, timeout: float = DEFAULT_TIMEOUT_S,
                   password: str | None = None, mode: str = "layout") -> str:
    """Text of one physical page (1-based) as `pdftotext <mode flags> -enc UTF-8 -f N -l N FILE -`
    (mode: a key of MODES; "layout" = `-layout`).

    The text is pdftotext's stdout, unaltered (line breaks "\\n", column padding spaces, a final
    form feed). `password` is the user password (passed as `-upw`; note that it is then visible
    to other local users in the process list). Results are cached (module docstring).

    Raises:
        ValueError: page < 1.
        CrosscheckUnavailable: pdftotext is not on PATH (install Debian package poppler-utils).
        PinciteError: pdftotext fails or times out on this file (message names the file, the page
            and pdftotext's own message), e.g. a missing file, a damaged PDF, a wrong or missing
            password, a page beyond the last.
    """
    return _pdftotext(pdf, page, timeout, password, MODES[mode])


def _pdftotext(pdf: Path, page: int, timeout: float, password: str | None, flags: tuple[str, ...]) -> str:
    """pdftotext's stdout for one page with these flags (checks and raises as pdftotext_page)."""
    if page < 1:
        raise ValueError(f"page must be >= 1 (1-based physical page), got {page}")
    exe = shutil.which(PDFTOTEXT)
    if exe is None:
        raise CrosscheckUnavailable(
            "pdftotext not found on PATH: install it with `apt-get install poppler-utils` "
            "(Debian package poppler-utils) to cross-check quotes")
    path = Path(pdf).resolve()
    try:
        st = path.stat()
    except OSError as e:
        raise PinciteError(f"{pdf}: cannot cross-check page {page}: {e.strerror or e}") from e
    return _cached_page(exe, str(path), page, password or None, st.st_mtime_ns, st.st_size,
                        timeout, flags)


@lru_cache(maxsize=PAGE_CACHE_SIZE)
def _cached_page(exe: str, path: str, page: int, password: str | None,
                 mtime_ns: int, size: int, timeout: float, flags: tuple[str, ...]) -> str:
    """Run pdftotext for one page; mtime_ns and size only make a changed file miss the cache."""
    cmd = [exe, *flags, "-enc", "UTF-8", "-f", str(page), "-l", str(page)]
    if password:
        cmd += ["-upw", password]
    cmd += [path, "-"]
    try:
        done = subprocess.run(cmd, capture_output=True, timeout=timeout, check=False,
                              env={**os.environ, "LC_ALL": "C.UTF-8"})
    except subprocess.TimeoutExpired as e:
        raise PinciteError(f"{path}: pdftotext took over {timeout:g} s on page {page}") from e
    stderr = done.stderr.decode("utf-8", "replace").strip()
    if done.returncode != 0:
        detail = stderr.splitlines()[-1] if stderr else f"exit status {done.returncode}"
        raise PinciteError(f"{path}: pdftotext failed on page {page} ({detail})")
    return done.stdout.decode("utf-8", "replace")


_BBOX_TAG = re.compile(r'<page width="([^"]+)" height="([^"]+)"|<line\b|<word xMin="([^"]+)" yMin="([^"]+)" '
                       r'xMax="([^"]+)" yMax="([^"]+)">([^<]*)</word>')


def pdftotext_words(pdf: Path, page: int, *, timeout: float = DEFAULT_TIMEOUT_S,
                    password: str | None = None
                    ) -> tuple[float, list[list[tuple[float, float, float, float, str]]]]:
    """(page width, lines) of one physical page from `pdftotext -bbox-layout`: its lines in
    reading order (flows, blocks, lines as poppler groups them), each a list of words (left,
    bottom, right, top, text) in points, origin bottom-left (poppler's top-left y flipped by
    the page height it gives). Runs and raises as `pdftotext_page` (cached the same way)."""
    out = _pdftotext(pdf, page, timeout, password, _BBOX_FLAGS)
    width = height = 0.0
    lines: list[list[tuple[float, float, float, float, str]]] = []
    for m in _BBOX_TAG.finditer(out):
        if m.group(1) is not None:
            width, height = float(m.group(1)), float(m.group(2))
        elif m.group(3) is None:
            lines.append([])
        elif lines:
            x0, y0, x1, y1 = (float(m.group(k)) for k in (3, 4, 5, 6))
            lines[-1].append((x0, height - y1, x1, height - y0, html.unescape(m.group(7))))
    return width, lines


def pdftotext_without_margins(pdf: Path, page: int, *, timeout: float = DEFAULT_TIMEOUT_S,
                              password: str | None = None) -> str | None:
    """pdftotext's text of one page (`pdftotext_words`: one line of words per line, words
    joined by a space) less its words in a margin column
    (`pincite.extract.margins.margin_words`, poppler's geometry only); None when that rule
    finds none (the page has no such column: nothing to try beyond MODES)."""
    width, lines = pdftotext_words(pdf, page, timeout=timeout, password=password)
    gone = margin_words(lines, width)
    if not gone:
        return None
    kept = (" ".join(w[4] for j, w in enumerate(words) if (i, j) not in gone) for i, words in enumerate(lines))
    return "\n".join(line for line in kept if line)


def crosscheck_quote(pdf: Path, page: int, quote: str, *, password: str | None = None,
                     timeout: float = DEFAULT_TIMEOUT_S, page_end: int | None = None,
                     redecode: Collection[int] = ()) -> Crosscheck:
    """Check that `quote` occurs on physical page `page` (1-based) of `pdf` in pdftotext's text.

    Tries level "normalized", then "no-whitespace", on each pdftotext mode in MODES order,
    then on MARGIN_MODE (pdftotext's words less those in a margin column, only on a page
    that has one; module docstring) and returns the first that matches, else
    Crosscheck(False, "none").
    An empty or whitespace-only quote is never confirmed.

    `page_end` (> page) is given for a quote that runs across a page break (a bridge chunk,
    pincite.chunk.bridges): when the whole quote is not on `page`, it is confirmed when it splits
    into a head found on `page` and a tail found on `page_end`, each part on its own page
    (split_across); the level is the weaker of the two parts' levels.

    `redecode`: the pages (1-based) whose text pincite repaired by re-decoding as cp1251.
    Only when all of the above fails is it all tried again with pdftotext's text of those
    pages re-decoded the same way (`redecode_page_text`, module docstring); a confirmation
    found then has `redecoded=True`.

    Raises: as `pdftotext_page` (CrosscheckUnavailable when pdftotext is missing; PinciteError
    naming the file when it fails).
    """
    needle = normalize(quote or "").text
    if not needle:
        return Crosscheck(False, "none")
    redecode = frozenset(redecode) & {page, page_end}
    passes = [frozenset(), redecode] if redecode else [frozenset()]
    for decoded in passes:
        def forms(n: int, mode: str) -> tuple[str, str, list[int]] | None:
            if mode == MARGIN_MODE:
                text = pdftotext_without_margins(pdf, n, timeout=timeout, password=password)
                if text is None:
                    return None
            else:
                text = pdftotext_page(pdf, n, timeout=timeout, password=password, mode=mode)
            return _page_forms(redecode_page_text(text) if n in decoded else text)

        for mode in (*MODES, MARGIN_MODE):
            form = forms(page, mode)
            found = _match(needle, form) if form is not None else Crosscheck(False, "none")
            if found.confirmed:
                return Crosscheck(True, found.level, mode, bool(decoded))
        if page_end is not None and page_end > page:
            for mode in (*MODES, MARGIN_MODE):
                first, second = forms(page, mode), forms(page_end, mode)
                if first is None and second is None:
                    continue
                if mode == MARGIN_MODE:  # a page without margin words: its reading order
                    first = first or forms(page, "reading")
                    second = second or forms(page_end, "reading")
                if first is None or second is None:  # not reached: "reading" always gives forms
                    continue
                found = split_across(needle, first, second)
                if found.confirmed:
                    return Crosscheck(True, found.level, mode, bool(decoded))
    return Crosscheck(False, "none")


def redecode_page_text(text: str) -> str:
    """pdftotext's text of a page whose broken cp1251 layer pincite repaired, re-decoded by the
    same function that repaired PDFium's text of it: `repair_cp1251(text).text`
    (pincite.extract.quality; Latin-1 images of cp1251 bytes -> the cp1251 characters, TeX's
    Cyrillic punctuation, Latin look-alikes inside Cyrillic words), one character for one.
    Whether that function would accept the result is not asked: the mapping is applied as it
    is, and what it gives must still match the quote character for character."""
    return repair_cp1251(text).text


#: Each part of a quote split across a page break must have at least this many non-space
#: characters (2 for CJK), so a lone article or digit found anywhere confirms nothing.
MIN_SPLIT_PART = 4
MIN_SPLIT_PART_CJK = 2


def split_across(needle: str, first: tuple[str, str, list[int]],
                 second: tuple[str, str, list[int]]) -> Crosscheck:
    """Confirm a normalised quote that starts on one page and ends on the next: some split
    of it (at a space, or between two CJK characters) has its head in `first` and its tail in
    `second` (page forms as _page_forms gives them), each at level "normalized" or
    "no-whitespace" and at least MIN_SPLIT_PART non-space chars. Level: the weaker part's."""
    cuts = [i for i in range(1, len(needle))
            if needle[i] == " " or (is_cjk(needle[i - 1]) and is_cjk(needle[i]))]
    for i in cuts:
        head, tail = needle[:i].strip(), needle[i:].strip()
        least = MIN_SPLIT_PART_CJK if is_cjk(head[-1:] or " ") or is_cjk(tail[:1] or " ") else MIN_SPLIT_PART
        if min(len(head.replace(" ", "")), len(tail.replace(" ", ""))) < least:
            continue
        a = _match(head, first)
        if not a.confirmed:
            continue
        b = _match(tail, second)
        if b.confirmed:
            level: Level = "normalized" if a.level == b.level == "normalized" else "no-whitespace"
            return Crosscheck(True, level)
    return Crosscheck(False, "none")


def confirm_quote(pdf: Path, page: int, quote: str, *, password: str | None = None,
                  timeout: float = DEFAULT_TIMEOUT_S, page_end: int | None = None,
                  redecode: Collection[int] = ()) -> bool:
    """True when `crosscheck_quote` confirms the quote at either level (same arguments, raises)."""
    return crosscheck_quote(pdf, page, quote, password=password, timeout=timeout,
                            page_end=page_end, redecode=redecode).confirmed


@lru_cache(maxsize=PAGE_CACHE_SIZE)
def _page_forms(text: str) -> tuple[str, str, list[int]]:
    """Normalised page text, the same without whitespace, and for each character of the latter
    its index in the normalised text."""
    norm = normalize(text).text
    index = [i for i, ch in enumerate(norm) if not ch.isspace()]
    return norm, "".join(norm[i] for i in index), index


def _match(needle: str, forms: tuple[str, str, list[int]]) -> Crosscheck:
    """Look for the normalised quote at level "normalized", then "no-whitespace"."""
    norm, squeezed, index = forms
    i = norm.find(needle)
    while i >= 0:
        if not _cuts(norm, i) and not _cuts(norm, i + len(needle)):
            return Crosscheck(True, "normalized")
        i = norm.find(needle, i + 1)
    tight = "".join(ch for ch in needle if not ch.isspace())
    j = squeezed.find(tight)
    while j >= 0:
        start, end = index[j], index[j + len(tight) - 1] + 1
        if not _cuts(norm, start) and not _cuts(norm, end):
            return Crosscheck(True, "no-whitespace")
        j = squeezed.find(tight, j + 1)
    return Crosscheck(False, "none")


def _cuts(text: str, i: int) -> bool:
    """True when position i of text falls between two letters/digits, neither of them CJK."""
    if i <= 0 or i >= len(text):
        return False
    a, b = text[i - 1], text[i]
    return a.isalnum() and b.isalnum() and not (is_cjk(a) or is_cjk(b))
