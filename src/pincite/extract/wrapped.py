"""Words a converted page breaks across lines without a hyphen, joined again.

LibreOffice lays a DOCX table out in cells as narrow as the document sets them, and a word
longer than its cell is broken where the cell ends, with no hyphen: "ультразвуко" / "м",
"Комплексна" / "я". The converted PDF's text then holds two words that are none of the
document's, so neither a search for "ультразвуком" nor the check that a row names it can
find the row. The DOCX itself holds the whole word. `join_wrapped_words` drops the line
break inside such a word from a page's text when the two parts joined are a word of the
source document and the source never writes them as two words in a row; the page's
``char_map`` keeps every remaining char tied to PDFium's own char (so highlights stay
exact), and its section spans move with the text. Must not import later stages.
"""
from __future__ import annotations

import bisect
from collections.abc import Iterable

from pincite.extract.layout import compose_maps, drop_chars
from pincite.extract.model import PageText, SectionSpan
from pincite.text import lazyre

#: A run of letters, and the whitespace after it when that holds a line break.
_RUN_RE = lazyre.compile(r"([^\W\d_]+)([ \t]*\r?\n[ \t]*)?")
_WORD_RE = lazyre.compile(r"[^\W\d_]+")
#: Most lines one word is broken over (a cell narrower than a third of a word is rare).
MAX_PIECES = 4


class SourceWords:
    """The words of a source document's texts (case-folded) and the pairs of words it
    writes one after the other, built from `texts` (its paragraphs and table rows)."""

    def __init__(self, texts: Iterable[str]):
        self.words: set[str] = set()
        self.pairs: set[tuple[str, str]] = set()
        for text in texts:
            words = [w.casefold() for w in _WORD_RE.findall(text)]
            self.words.update(words)
            self.pairs.update(zip(words, words[1:]))

    def broken(self, pieces: list[str]) -> bool:
        """Whether `pieces`, on consecutive lines of a page, are one word of the source
        broken where its lines ended: joined they are a source word, and the source never
        writes the first two as two words in a row."""
        folded = [p.casefold() for p in pieces]
        return "".join(folded) in self.words and (folded[0], folded[1]) not in self.pairs


def join_wrapped_words(page: PageText, source: SourceWords) -> int:
    """Drop from `page` (in place) the line breaks inside words `source` holds whole
    (`SourceWords.broken`): its text, char_map (composed with the one it had) and section
    spans change; an OCR page is left as it is (its word boxes address its text). Returns
    how many words were joined."""
    if page.ocr:
        return 0
    gone: list[int] = []
    joined = 0
    runs = list(_RUN_RE.finditer(page.text))
    i = 0
    while i < len(runs):
        # the longest chain of runs, each ending its line and starting the next, that the
        # source writes as one word
        chain = [i]
        while (len(chain) < MAX_PIECES and runs[chain[-1]].group(2) and chain[-1] + 1 < len(runs)
               and runs[chain[-1] + 1].start() == runs[chain[-1]].end()):
            chain.append(chain[-1] + 1)
        while len(chain) > 1 and not source.broken([runs[k].group(1) for k in chain]):
            chain.pop()
        if len(chain) > 1:
            for k in chain[:-1]:
                gone.extend(range(runs[k].start(2), runs[k].end(2)))
            joined += 1
        i = chain[-1] + 1
    if not gone:
        return 0
    text, local = drop_chars(page.text, gone)
    dropped = sorted(gone)

    def moved(offset: int) -> int:  # an offset of the old text in the new one
        return offset - bisect.bisect_left(dropped, offset)

    page.text = text
    page.char_map = compose_maps(local, page.char_map)
    page.sections = [SectionSpan(start=moved(s.start), end=moved(s.end), path=s.path, source=s.source)
                     for s in page.sections]
    return joined
