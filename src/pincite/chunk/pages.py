"""Chunking: DocumentModel pages -> Chunks (passages) for the index.

A chunk never crosses a page, except a "bridge" chunk (pincite.chunk.bridges: a sentence cut by a
page break, tail of one page + head of the next, added after the page chunks, with `parts`
mapping its text to each page). Any other chunk is a run of whole sentences of one page,
with `char_start`/`char_end` into that page's PDFium text, so `page.text[char_start:char_end]
== chunk.text` always holds. The chunks of a page cover every non-blank character of its
body: the page text less its running header lines at the top and running footer lines at
the bottom (`pincite.chunk.bridges.page_bodies`, the detection bridges use, step 1 of its
docstring: up to 3 lines per edge that are a folio or a running head holding the page's
printed label, a line repeated at the same edge of nearby pages, or a page counter such as
"TEX for the Impatient No 190"). Only those lines are left out, because a running head
("218 Commands for composing math formulas \\ §8") repeats the same words on every page of
a chapter: in search text it matches a question on all of them, and a quote that starts
with it shows page furniture instead of the answer. They stay in the page text (quote
verification, highlights, the page view). A page made only of such lines (read from
either edge), or where header and footer would leave no body between them, keeps its whole
text, and so do pages of non-PDF units (slides, sheets, text lines). Chunks of one page
depend on its neighbours: `page_chunks` gives them without chunking the whole document.
This module must not import index/ or answer/.

Rules of `chunk_document`: sentences come from `analysis.split_sentences`; consecutive
sentences of a page are grouped while the chunk stays within `target_chars` (a chunk always
holds at least one sentence, so a sentence between target and 2*target makes a chunk alone);
a sentence longer than 2*target is cut at whitespace into pieces of at most `target_chars`
(hard cut where a piece has no whitespace, e.g. a long CJK run). A DOCX or PPTX table row,
and an entry of a reference list that fits in a chunk (a setting's name on its own line and
its description, `_entries`), is never cut between two chunks. Pages with only whitespace
give no chunk. A chunk is also cut where a section starts (PageText.sections: outline or detected headings),
unless a side of the cut would hold fewer than SECTION_MIN_CHARS non-space chars (a lone
heading line stays with the text it heads); a chunk belongs to the section holding most of
its characters. The document text is never altered: the title and section path prefix
lives in `search_text`.
"""
from __future__ import annotations

from pincite.chunk.bridges import bridge_chunks, page_bodies, running_lines
from pincite.chunk.model import Chunk, prefix_path, search_prefix, section_of
from pincite.chunk.tables import table_chunks
from pincite.extract.address import address_for_span
from pincite.extract.geometry import lstrip_span, rstrip_span
from pincite.extract.model import DocumentModel, PageText, SectionSpan
from pincite.text import lazyre
from pincite.text.analysis import opens_entry, split_sentences

#: Bump when chunk boundaries, the search-text prefix or the naming text change (part of
#: the index profile).
#: page-sentences-4: chunks cut at outline section starts, carry section_path/section_title,
#: search text prefixed with "title / section path".
#: page-sentences-5: bridge chunks across page breaks (pincite.chunk.bridges), table and table-row
#: chunks (pincite.chunk.tables), cuts at detected headings.
#: page-sentences-6: running header and footer lines (and bare folios) left out of page chunks
#: (pincite.chunk.bridges.page_bodies).
#: page-sentences-7: a spreadsheet's sheet gives no cover lines to the naming text.
#: page-sentences-8: a wrapped line that starts with a number after unfinished prose
#: continues its sentence (analysis.split_sentences), not a list item.
#: page-sentences-9: a first page's table rows give no cover lines to the naming text.
#: page-sentences-10: an overlong sentence is cut after a line that ends a sentence when one
#: is within the limit (analysis._cut_lines), not mid-sentence at the last line break.
#: page-sentences-11: a DOCX or PPTX table row is never cut between two chunks.
#: page-sentences-12: an entry of a reference list (a setting's or option's name on its own
#: line, its description after it) is never cut between two chunks when it fits one.
CHUNKER_VERSION = "page-sentences-12"
#: Lines of the first page (with COVER_MIN_LETTERS letters in all) that name a document:
#: its title block ("USNTPS-FTM-No. 103 / U.S. NAVAL TEST PILOT SCHOOL / FLIGHT TEST
#: MANUAL"; "城镇燃气管理条例 / (2010 年 ... 国务院令第 583 号"). Lines without two letters
#: (a folio "- 1 -") and lines that end like a sentence are skipped. Further lines hold facts a question may ask about
#: ("SUPERSEDING MIL-STD-882D"), which must keep counting as evidence.
COVER_LINES = 3
#: A line ending like a sentence is body text, not part of a title block ("The safety
#: valve of boiler B-12 opens at 6 bar." on a one-page notice).
SENTENCE_ENDS = (".", "!", "?", "。", "！", "？", ";", "；")
COVER_MIN_LETTERS = 20
#: A chunk is not cut at a section start when a side would keep fewer non-space chars.
SECTION_MIN_CHARS = 60
def naming_text(doc: DocumentModel) -> str:
    """The words a question uses to name `doc` rather than to ask about it: the title, the
    file name's stem and the title block of the first page (COVER_LINES), one per line.

    Question words found here do not count toward an answer's coverage when other words
    remain (answer.extractive), so "According to the Flight Test Manual USNTPS-FTM-103,
    which stalls ..." is answered by the page about stalls, not by the cover that repeats
    the manual's name.
    """
    parts = [doc.title or "", doc.file_name.rsplit(".", 1)[0] if doc.file_name else ""]
    parts.extend(cover_lines(doc)[:COVER_LINES])
    return "\n".join(p for p in parts if p)


def cover_lines(doc: DocumentModel) -> list[str]:
    """The title block of `doc`'s cover, in page order: the lines (with at least two
    letters, not ending like a sentence) of its first page with COVER_MIN_LETTERS letters;
    [] when no page has so many. naming_text takes the first COVER_LINES of them; a by-line
    (the authors) often stands further down (answer.asked_type.bylines). A workbook has no
    cover: the first lines of a sheet are its column headers and rows ("Name", "Code"), which
    ask about the data rather than name the file, so a sheet gives none; nor does a table row
    on a first page (`DocumentModel.record_spans`: a slide's table, a spec table on a DOCX's
    first page), whose words are values a question asks for, not the document's name."""
    number = _cover_number(doc)
    if not number:
        return []
    records = doc.record_spans(number)
    out, pos = [], 0
    for raw in doc.pages[number - 1].text.splitlines(keepends=True):
        start, pos = pos, pos + len(raw)
        ln = raw.rstrip("\r\n\v\f\x1c\x1d\x1e\x85\u2028\u2029")
        if any(a < start + len(ln) and start < b for a, b in records):
            continue  # a table row (a slide's or a cover page's table) is data, not a title
        if sum(ch.isalpha() for ch in ln) >= 2 and not ln.rstrip().endswith(SENTENCE_ENDS):
            out.append(ln)
    return out


def _cover_number(doc: DocumentModel) -> int:
    """The 1-based page of `doc`'s cover: its first page with COVER_MIN_LETTERS letters;
    0 for a workbook (a sheet first) or when no page has so many."""
    for number, page in enumerate(doc.pages, 1):
        if page.address is not None and page.address.kind == "sheet":
            return 0
        if sum(ch.isalpha() for ch in page.text) >= COVER_MIN_LETTERS:
            return number
    return 0


def cover_page_lines(doc: DocumentModel) -> list[str]:
    """Every line of the page `cover_lines` reads (a date or a number too, which a title
    block's lines are not), in page order; [] where cover_lines finds no cover. What stands
    right under a cover line (the date under an author's name) tells a by-line from a
    heading (answer.asked_type.bylines)."""
    number = _cover_number(doc)
    return doc.pages[number - 1].text.splitlines() if number else []


def chunk_document(doc: DocumentModel, *, target_chars: int = 700) -> list[Chunk]:
    """Chunks of every page of `doc`, in page order, then its bridge chunks (sentences that
    run across a page break, pincite.chunk.bridges), then its table and row chunks (extra passages
    of DocumentModel.tables, pincite.chunk.tables); see the module docstring for the rules."""
    if target_chars < 1:
        raise ValueError("target_chars must be positive")
    chunks: list[Chunk] = []
    running = running_lines(doc.pages)  # running heads and footers: found once for both uses
    for page, body in zip(doc.pages, page_bodies(doc.pages, running)):
        chunks.extend(_chunk_page(doc, page, body, target_chars))
    chunks.extend(bridge_chunks(doc, running))  # sentences cut by a page break, after the page chunks

    chunks.extend(table_chunks(doc))  # ruled tables: a table chunk and row chunks, last
    return chunks


def page_chunks(doc: DocumentModel, page: int, *, target_chars: int = 700) -> list[Chunk]:
    """The page chunks of 1-based physical `page` of `doc`, exactly as `chunk_document`
    makes them (its running header and footer lines are found with the whole document:
    they depend on the neighbouring pages, so chunking a one-page copy of the document
    can give other spans). [] for a page number out of range."""
    if target_chars < 1:
        raise ValueError("target_chars must be positive")
    if not 1 <= page <= len(doc.pages):
        return []
    body = page_bodies(doc.pages)[page - 1]  # reads only each page's edge lines
    return _chunk_page(doc, doc.pages[page - 1], body, target_chars)


def _chunk_page(doc: DocumentModel, page: PageText, body: tuple[int, int], target_chars: int) -> list[Chunk]:
    """Chunks of `page`, within its `body` span (page_bodies)."""
    lo, hi = body
    rows = [(a - lo, b - lo) for a, b in doc.row_spans(page.page)]
    spans = [(lo + s, lo + e) for s, e in _page_spans(page.text[lo:hi], target_chars, rows)]
    spans = _cut_at_sections(page.text, spans, page.sections)
    return [_make_chunk(doc, page, n, start, end) for n, (start, end) in enumerate(spans)]


def _cut_at_sections(text: str, spans: list[tuple[int, int]],
                     sections: list[SectionSpan]) -> list[tuple[int, int]]:
    """Cut chunk spans where a section starts inside them (see the module docstring)."""
    cuts = sorted({s.start for s in sections})
    if not cuts:
        return spans
    out: list[tuple[int, int]] = []
    for start, end in spans:
        for cut in cuts:
            if not start < cut < end:
                continue
            left_end, right_start = rstrip_span(text, start, cut), lstrip_span(text, cut, end)
            if (_visible(text, start, left_end) >= SECTION_MIN_CHARS
                    and _visible(text, right_start, end) >= SECTION_MIN_CHARS):
                out.append((start, left_end))
                start = right_start
        out.append((start, end))
    return out


def _visible(text: str, start: int, end: int) -> int:
    return sum(not ch.isspace() for ch in text[start:end])


def _make_chunk(doc: DocumentModel, page: PageText, n: int, start: int, end: int) -> Chunk:
    text = page.text[start:end]
    path = section_of(page.sections, start, end)
    prefix = search_prefix(doc.title, prefix_path(page.sections, path))
    return Chunk(
        chunk_id=f"{doc.doc_id}-p{page.page}-c{n}",
        doc_id=doc.doc_id,
        page=page.page,
        page_end=page.page,
        char_start=start,
        char_end=end,
        text=text,
        search_text=f"{prefix}\n{text}" if prefix else text,
        page_label=page.page_label,
        label_source=page.label_source,
        kind=navigation_kind(text),
        ocr=page.ocr,
        address=address_for_span(page, start, end),
        section_path=path,
        section_title=path[-1] if path else "",
    )


#: A contents line ends in a dot leader and a page number ("1.1 The Name . . . . 1", roman
#: too); an index line ends in comma-separated page numbers or ranges ("bp (长度单位), 67",
#: "\\hfil, 71, 289-290"; a comma then a space, so a decimal comma "1,54" is no entry).
#: Measured on ../shared/corpus/pdf (2026-11-30): they mark the contents and index pages of
#: lshort, lshort-zh-cn, impatient-book, mpman-ru, ctex-faq, siunitx and others, and no
#: chunk of the regulations' numeric tables.
_LEADER_LINE = lazyre.compile(r"(?:\.\s*){3,}\s*(?:\d{1,4}|[ivxlc]{1,6})\s*$")
_INDEX_LINE = lazyre.compile(r"(?:,\s+|，\s*)\d{1,4}(?:\s*[–-]\s*\d{1,4})?"
                         r"(?:(?:,\s+|，\s*)\d{1,4}(?:\s*[–-]\s*\d{1,4})?)*\s*$")
#: A chunk is navigation when it has at least NAV_MIN_LINES lines and at least NAV_SHARE of
#: them are contents (or index) lines (0.4: an index entry often takes two lines, the term
#: and ", 67", as in lshort-zh-cn). Judged per chunk, not per page: a cover page that
#: states "89 questions" and then starts the contents keeps its prose chunk as text.
NAV_MIN_LINES, NAV_SHARE = 3, 0.4


def navigation_kind(text: str) -> str:
    """"contents", "index" or "text": what a chunk is, from its lines (see _LEADER_LINE).

    Contents and index entries repeat the words of every section title and term with a
    page number, so they match many questions without answering any; answer ranking puts
    such chunks after body text.
    """
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if len(lines) < NAV_MIN_LINES:
        return "text"
    if sum(bool(_LEADER_LINE.search(ln)) for ln in lines) >= NAV_SHARE * len(lines):
        return "contents"
    if sum(bool(_INDEX_LINE.search(ln)) for ln in lines) >= NAV_SHARE * len(lines):
        return "index"
    return "text"


def _entries(text: str, target: int) -> list[tuple[int, int]]:
    """(start, end) offsets into `text` of the entries of a reference list that fit in
    `target` chars: from a sentence that opens an entry (analysis.opens_entry: a setting's
    or option's name on its own line, as answers split sentences) to the next one that does
    ("hover_timeout / Time in milliseconds … / Default value is '500'."). The last one on
    the page runs to the page's end when that fits, else ends with the sentence after its
    name's."""
    spans = split_sentences(text, lowercase_lines=True)
    opens = [k for k, (s, e) in enumerate(spans) if opens_entry(text[s:e])]
    out = []
    for k, nxt in zip(opens, opens[1:] + [None]):
        if nxt is not None:
            end = spans[nxt - 1][1]
        else:
            end = spans[-1][1] if spans[-1][1] - spans[k][0] <= target else spans[min(k + 1, len(spans) - 1)][1]
        if end - spans[k][0] <= target:
            out.append((spans[k][0], end))
    return out


def _cut_at(pieces: list[tuple[int, int]], text: str, cuts: list[int]) -> list[tuple[int, int]]:
    """`pieces` cut at each offset of `cuts` that falls inside one (outer whitespace trimmed)."""
    out: list[tuple[int, int]] = []
    for start, end in pieces:
        for cut in (c for c in cuts if start < c < end):
            if (left := rstrip_span(text, start, cut)) > start:
                out.append((start, left))
            start = lstrip_span(text, cut, end)
        if start < end:
            out.append((start, end))
    return out


def _page_spans(text: str, target: int, rows: list[tuple[int, int]] | None = None) -> list[tuple[int, int]]:
    """Group consecutive sentence pieces while the span stays within `target` chars. The
    pieces of one table row (`rows`: (start, end) offsets into `text` of the rows a DOCX or
    PPTX table marks, DocumentModel.row_spans) stay in one span: a chunk cut inside a row
    ("Кастрация самца" | "2 800 4 500 …") leaves its label without its values. So do those
    of an entry of a reference list that fits in `target` (`_entries`), which starts a
    piece of its own: a setting's name cut from its default answers nothing."""
    entries = _entries(text, target)
    pieces = _cut_at(_pieces(text, target), text, [s for s, _ in entries]) if entries else _pieces(text, target)
    spans: list[tuple[int, int]] = []
    for start, end in _within_rows(pieces, (rows or []) + entries):
        if spans and end - spans[-1][0] <= target:
            spans[-1] = (spans[-1][0], end)
        else:
            spans.append((start, end))
    return spans


def _within_rows(pieces: list[tuple[int, int]], rows: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """`pieces` with each two neighbours that one of `rows` spans across joined into one."""
    out: list[tuple[int, int]] = []
    for start, end in pieces:
        if out and any(a < out[-1][1] and start < b for a, b in rows):
            out[-1] = (out[-1][0], end)
        else:
            out.append((start, end))
    return out


def _pieces(text: str, target: int) -> list[tuple[int, int]]:
    """Sentence spans, with sentences over 2*target cut at whitespace."""
    out: list[tuple[int, int]] = []
    for start, end in split_sentences(text):
        if end - start > 2 * target:
            out.extend(_cut_at_whitespace(text, start, end, target))
        else:
            out.append((start, end))
    return out


def _cut_at_whitespace(text: str, start: int, end: int, size: int) -> list[tuple[int, int]]:
    """Cut text[start:end] (no outer whitespace) into pieces of at most `size` chars."""
    out: list[tuple[int, int]] = []
    while end - start > size:
        cut = max(text.rfind(ws, start + 1, start + size + 1) for ws in (" ", "\n", "\t", "\u3000"))
        cut = cut if cut > start else start + size
        out.append((start, rstrip_span(text, start, cut)))
        start = lstrip_span(text, cut, end)
    if start < end:
        out.append((start, end))
    return out
