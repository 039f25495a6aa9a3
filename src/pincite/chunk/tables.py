"""Table chunks: one passage per ruled table and one per row (or small row group).

Rule (docs/decisions/0004-tables.md): one chunk for the whole table (caption and column
headers) and one per row or small row group with caption and headers prefixed, each with the
physical page where the row stands; units in headers travel with their rows. The tables come from
``DocumentModel.tables`` (:mod:`pincite.extract.tables`), so `pincite reindex` rebuilds these
chunks from the stored JSON without parsing the PDF again. They are added to the sentence
chunks of :mod:`pincite.chunk.pages`, which still cover every page: nothing is dropped, a table's
text is simply findable twice more, with its caption and headers.

The verified text of every chunk stays an exact slice of its page's text
(``page.text[char_start:char_end] == text``); caption and column headers, which may stand on
another page (a continued table) or away from the row, go only into ``search_text``:

* kind "table", on the page where the table starts: text = the table's span of that page
  (caption included when it touches the table), cut after the last row that keeps it within
  MAX_TABLE_CHARS; none when the table has no clean span there. search_text = "title /
  section path", the caption, the column headers (:func:`table_context`), then the text,
  one per line (empty parts left out).
* kind "table-row", on the row's own physical page: text = the span of the row, or of a
  group of consecutive rows on one page while the group has fewer than ROW_GROUP_MIN_CHARS
  non-space chars (at most ROW_GROUP_MAX rows; a short last group joins the one before it on
  the same page). search_text as for the table, with the rows' text last. A table any of whose
  rows has no clean span (``char_start`` None) gets no row chunks: its sentence chunks and
  table chunk still hold the text.

chunk_id: "<doc_id>-p<page>-t<n>", n counting (from 0) the table and row chunks of physical
page <page> in the order made (tables in document order, each table's chunk before its rows'),
the shape of the page's sentence chunks ("-c<n>") and bridges ("-b0"), so the page in the id
is the chunk's own page. Which table rows a chunk covers: :func:`rows_in_span`.

This module must not import index/ or answer/.
"""
from __future__ import annotations

from pincite.chunk.model import Chunk, search_prefix, section_of
from pincite.extract.address import address_for_span
from pincite.extract.model import DocumentModel, PageText, Table, TableRow

TABLE_KIND = "table"
ROW_KIND = "table-row"
#: Rows are grouped until a group holds ROW_GROUP_MIN_CHARS non-space chars, at most
#: ROW_GROUP_MAX rows. Well above the 12 a quote needs to verify
#: (pincite.answer.verify.MIN_QUOTE_CHARS), so a row like "7 cmyk" is quoted with its
#: neighbours, and a cost measure: every chunk costs ~10 ms of ingest (embedding, BM25, the
#: index), and on ../shared/corpus/pdf (2026-12-01) 16/4 gave 1,018 row chunks, 40/4 792,
#: 60/6 610. A row of 60 non-space chars or more (a norm's row with its remark) stands alone.
ROW_GROUP_MIN_CHARS = 60
ROW_GROUP_MAX = 6
#: Longest table chunk text, in characters: the caption, the header and the first rows (the
#: sentence chunker's target is 700; the embedder reads at most 2,000, including the search
#: prefix; every row is in a row chunk anyway).
MAX_TABLE_CHARS = 1500
#: Joins the column headers in search_text: "Sample | Pressure, MPa | Temperature, °C".
HEADER_SEP = " | "
#: Joins the levels of a column header (pincite.extract.tables).
LEVEL_SEP = " / "


def table_context(table: Table) -> str:
    """The caption and the column headers of ``table`` (of DocumentModel.tables), one per
    line, '' when it has neither: what row and table chunks carry in their search text.

    The headers are joined by HEADER_SEP, each header level once ("Opening pressure / min,
    MPa" and "Opening pressure / max, MPa" give "Opening pressure | min, MPa | max, MPa"):
    a long group header over many columns is not repeated in every row chunk."""
    levels: list[str] = []
    for column in table.columns:
        for level in column.split(LEVEL_SEP):
            if level.strip() and level not in levels:
                levels.append(level)
    headers = HEADER_SEP.join(levels)
    return "\n".join(p for p in (table.caption, headers) if p)


def table_chunks(doc: DocumentModel) -> list:
    """The table and row chunks (pincite.chunk.model.Chunk) of every table of ``doc``, table by
    table, each table's chunk before its rows'. [] when ``doc.tables`` is empty. Tables or
    rows that point outside their page's text are skipped, never raised on."""

    out = []
    counters: dict[int, int] = {}  # page -> table chunks made on it

    def make(kind: str, page: PageText, start: int, end: int, context: str):
        n = counters.get(page.page, 0)
        counters[page.page] = n + 1
        text = page.text[start:end]
        path = section_of(page.sections, start, end)
        head = "\n".join(p for p in (search_prefix(doc.title, path), context) if p)
        return Chunk(
            chunk_id=f"{doc.doc_id}-p{page.page}-t{n}", doc_id=doc.doc_id, page=page.page, page_end=page.page,
            char_start=start, char_end=end, text=text,
            search_text=f"{head}\n{text}" if head else text,
            page_label=page.page_label, label_source=page.label_source, kind=kind, ocr=page.ocr,
            address=address_for_span(page, start, end), section_path=path,
            section_title=path[-1] if path else "")

    for table in doc.tables:
        context = table_context(table)
        span = _table_span(doc, table)
        if span is not None:
            out.append(make(TABLE_KIND, doc.page(table.page), *span, context))
        for _, page, start, end in _row_groups(doc, table):
            out.append(make(ROW_KIND, page, start, end, context))
    return out


def _valid_span(doc: DocumentModel, page: int, start: object, end: object) -> tuple[int, int] | None:
    """(start, end) when both are char offsets of a non-empty span of page `page`'s text (a
    table's or row's span as the extract stage recorded it), else None."""
    if (isinstance(start, int) and isinstance(end, int) and 1 <= page <= doc.page_count
            and 0 <= start < end <= len(doc.page(page).text)):
        return start, end
    return None


def _table_span(doc: DocumentModel, table: Table) -> tuple[int, int] | None:
    """The table chunk's span of its start page (MAX_TABLE_CHARS: cut after a row)."""
    page = table.page
    span = _valid_span(doc, page, table.char_start, table.char_end)
    if span is None:
        return None
    start, end = span
    if end - start > MAX_TABLE_CHARS:
        ends = [r.char_end for r in table.rows
                if r.page == page and isinstance(r.char_end, int)
                and start < r.char_end <= start + MAX_TABLE_CHARS]
        if not ends:
            return None
        end = max(ends)
    return start, end


def _row_groups(doc: DocumentModel, table: Table) -> list[tuple[int, PageText, int, int]]:
    """(index of the first row, page, start, end) of each row chunk of ``table``; [] when a
    row has no clean span (module docstring)."""
    rows = table.rows
    spans = [_valid_span(doc, r.page, r.char_start, r.char_end) for r in rows]
    if not rows or any(span is None for span in spans):
        return []
    clean = [span for span in spans if span is not None]
    groups: list[list[int]] = []
    for i, r in enumerate(rows):
        last = groups[-1] if groups else None
        if (last is not None and rows[last[0]].page == r.page and len(last) < ROW_GROUP_MAX
                and _visible(doc, rows, clean, last) < ROW_GROUP_MIN_CHARS):
            last.append(i)
        else:
            groups.append([i])
    if (len(groups) > 1 and _visible(doc, rows, clean, groups[-1]) < ROW_GROUP_MIN_CHARS
            and rows[groups[-2][0]].page == rows[groups[-1][0]].page):
        groups[-2].extend(groups.pop())
    out = []
    for g in groups:
        page = doc.page(rows[g[0]].page)
        start = min(clean[i][0] for i in g)
        end = max(clean[i][1] for i in g)
        out.append((g[0], page, start, end))
    return out


def _visible(doc: DocumentModel, rows: tuple[TableRow, ...], spans: list[tuple[int, int]],
             group: list[int]) -> int:
    """Non-space chars of the rows of ``group`` (indexes into ``rows`` and their ``spans``)."""
    page = doc.page(rows[group[0]].page).text
    return sum(sum(not ch.isspace() for ch in page[spans[i][0]:spans[i][1]]) for i in group)


def rows_in_span(doc: DocumentModel, page: int, start: int, end: int) -> list[tuple[Table, int]]:
    """(table, row index) of every table row on physical ``page`` whose text span overlaps
    [start, end) of that page's text, in document order: the rows a table-row chunk or a
    quote of it covers."""
    out = []
    for table in doc.tables:
        for i, r in enumerate(table.rows):
            a, b = r.char_start, r.char_end
            if r.page == page and isinstance(a, int) and isinstance(b, int) and a < end and start < b:
                out.append((table, i))
    return out
