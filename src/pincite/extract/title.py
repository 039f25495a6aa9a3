"""The title a document is listed and cited under, chosen from what the PDF offers.

Owns only the choice between the /Title metadata, the cover's heading and the file name; it
reads page texts and line boxes handed to it and opens no file.

Metadata titles are often left over from a template or an earlier edition ("882D Rev 1 -
Draft" on MIL-STD-882E, "Test Document", "Microsoft Word - x.doc"), so the metadata is
trusted only when the cover says the same: most of its words stand on the first page with
text. Otherwise the cover's heading (its largest type, a wrapped title joined) names the
document, and failing that the file name's stem. A PDF without a /Title keeps its file
name's stem, as the file name is what its owner chose.
"""
from __future__ import annotations

import re
import statistics
import unicodedata
from typing import Sequence

from pincite.text.cjk import is_cjk_letter

#: Share of the metadata title's words that must stand on the first page for it to be used:
#: half tolerates a title that abbreviates or reorders the cover's wording ("Boiler B-12
#: manual" over a cover saying "Boiler B-12 ... This manual"), and rejects a leftover title
#: that shares one word with it by chance.
TITLE_WORDS_ON_COVER = 0.5
#: The cover's heading must be set at least this much larger than the page's median line
#: (a title page's title, not a bold body line); pdfgen and office exports give body text
#: one size, so a plain page has no heading.
HEADING_SIZE_RATIO = 1.2
#: A heading used as a title has at least this many words (or CJK characters, 4): a lone
#: word in huge type is usually a watermark ("DRAFT") or a logo.
HEADING_MIN_WORDS = 2
HEADING_MIN_CJK = 4
#: At most this many lines of the heading's size are joined (a title wrapped over lines).
HEADING_MAX_LINES = 3
HEADING_MAX_CHARS = 200

_WORD_RE = re.compile(r"\w+", re.UNICODE)
#: A section number opening a line: "5 ", "5.1 ", "A.2 ", "3) " (not "A Guide to ...").
_NUMBERED_RE = re.compile(r"(?:\d+(?:\.\d+)*|[A-Z](?:\.\d+)+)[.)]?\s+\S")


def words(text: str) -> list[str]:
    """Case-folded words of ``text`` (NFKC): runs of letters and digits, each CJK character
    its own word."""
    out: list[str] = []
    for w in _WORD_RE.findall(unicodedata.normalize("NFKC", text).casefold()):
        if any(is_cjk_letter(ch) for ch in w):
            out.extend(w)  # a Chinese title's characters stand in the page, not its words
        else:
            out.append(w)
    return out


def title_on_page(title: str, page_text: str) -> bool:
    """Whether at least TITLE_WORDS_ON_COVER of ``title``'s words stand in ``page_text``."""
    asked = words(title)
    if not asked:
        return False
    held = set(words(page_text))
    return sum(w in held for w in asked) >= TITLE_WORDS_ON_COVER * len(asked)


def cover_heading(text: str, lines: Sequence) -> str:
    """The heading of a cover page: its largest-type lines (``lines``: objects with
    ``start``, ``end`` offsets into ``text`` and ``size`` in points, in reading order), the
    first of them and up to HEADING_MAX_LINES - 1 that follow it directly, joined by a
    space, none of them opening with a section number; '' when the largest type is not HEADING_SIZE_RATIO
    times the median line size or the heading is too short (HEADING_MIN_WORDS) or too long (HEADING_MAX_CHARS)."""
    sized = [ln for ln in lines if ln.size > 0 and text[ln.start:ln.end].strip()]
    if not sized:
        return ""
    big = max(ln.size for ln in sized)
    if big < HEADING_SIZE_RATIO * statistics.median(ln.size for ln in sized):
        return ""
    first = next(i for i, ln in enumerate(sized) if ln.size == big)
    parts = []
    for ln in sized[first:first + HEADING_MAX_LINES]:
        line = " ".join(text[ln.start:ln.end].split())
        if abs(ln.size - big) > 0.5 or _NUMBERED_RE.match(line):
            break  # a numbered heading ("5 Tests", "2.1 Scope") opens a section, not a title page
        parts.append(line)
    heading = " ".join(parts)
    n_cjk = sum(is_cjk_letter(ch) for ch in heading)
    n_words = len(_WORD_RE.findall(heading))
    if len(heading) > HEADING_MAX_CHARS or (n_words < HEADING_MIN_WORDS and n_cjk < HEADING_MIN_CJK):
        return ""
    return heading


def choose_title(metadata_title: str, cover_text: str, cover_lines: Sequence, file_stem: str) -> str:
    """The title of a document: ``file_stem`` when ``metadata_title`` (the PDF's /Title,
    stripped) is empty; ``metadata_title`` when it stands on the cover
    (:func:`title_on_page`); else the cover's heading (:func:`cover_heading`), else
    ``file_stem``. ``cover_text`` and ``cover_lines`` are the text and lines of the first
    page with text ('' and () when none has any)."""
    if not metadata_title:
        return file_stem
    if title_on_page(metadata_title, cover_text):
        return metadata_title
    return cover_heading(cover_text, cover_lines) or file_stem
