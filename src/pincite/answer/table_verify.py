"""Table claims verified as (row header, column header, value) triples.

Rule (docs/decisions/0004-tables.md): a table claim verifies as a (row header, column header,
value) triple against the stored table. A claim read
from a table ("Remote (D) / Catastrophic (1): Serious") is checked against the table as
extraction stored it (``DocumentModel.tables``, :mod:`pincite.extract.tables`), never against a
chunk's search text:

1. **Row.** The row header is the row's first cell. Texts compare after
   ``normalize.loose`` (case, ё/е, dashes, quote marks, whitespace). A row whose header equals
   the asked one wins; failing that, the one row whose header holds it as whole words
   ("Remote" in "Remote (D)"; "S-2" is not in "S-25"). None: "row not found"; several:
   "row header matches N rows" (unless every match holds the same value).
2. **Column.** The same against the column headers (all header rows joined by " / "), or
   their last level ("до 2030г" in "Нормы, л/сут. / до 2030г").
3. **Value.** The cell equals the value (loose), or both hold numbers and every number of
   each stands in the other (:func:`pincite.answer.numbers.unsupported_numbers`: "1,5" ==
   "1.5", "18" != "18.0") with every unit of the value in the cell or its column header
   ("1.25 MPa" for a cell "1.25" under "Pressure, MPa"). Else "value differs".

The result names the row's physical page (1-based) and its bbox ([left, bottom, right, top],
PDF points, origin bottom-left) so the cell can be cited and highlighted.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Callable, Protocol

from pincite.answer.normalize import loose
from pincite.answer.numbers import number_mentions, unsupported_numbers, unsupported_units
from pincite.chunk.tables import rows_in_span
from pincite.extract.model import BBox, DocumentModel, Table, TableRow
from pincite.text import analysis, lazyre
from pincite.text.codes import code_key

REASON_ROW = "row not found"
REASON_COLUMN = "column not found"
REASON_VALUE = "value differs"
#: Joins the levels of a column header (pincite.extract.tables).
LEVEL_SEP = " / "


@dataclass(frozen=True)
class TripleCheck:
    """Outcome of one triple check.

    verified: row, column and value all agree with the stored table. reason: why not (one
    of the REASON_* texts, with detail), None when verified. page: 1-based physical page of
    the row; bbox: the row's (left, bottom, right, top) in PDF points, origin bottom-left;
    row: index into table.rows; column: index into table.columns; cell: the stored
    cell text. Each is None where the check stopped before finding it.
    """

    verified: bool
    reason: str | None = None
    page: int | None = None
    bbox: BBox | None = None
    row: int | None = None
    column: int | None = None
    cell: str | None = None


def _key(text: str) -> str:
    return " ".join(loose(text or "").text.split())


def _holds(hay: str, needle: str) -> bool:
    """Does ``hay`` hold ``needle`` as whole words (both already keyed)?"""
    return bool(needle) and re.search(rf"(?<!\w){re.escape(needle)}(?!\w)", hay) is not None


def _match(names: list[list[str]], asked: str) -> list[int]:
    """Indexes whose name (any of its forms) equals ``asked``; failing that, those holding
    it as whole words."""
    want = _key(asked)
    if not want:
        return []
    keyed = [[_key(n) for n in forms] for forms in names]
    exact = [i for i, forms in enumerate(keyed) if want in forms]
    return exact or [i for i, forms in enumerate(keyed) if any(_holds(f, want) for f in forms)]


def value_matches(value: str, cell: str, column_header: str = "", lang: str | None = None) -> bool:
    """Does ``value`` say what ``cell`` holds (module docstring, step 3)?"""
    if _key(value) == _key(cell):
        return bool(_key(value))
    if not number_mentions(value, lang) or not number_mentions(cell):
        return False
    return (not unsupported_numbers(value, cell, lang) and not unsupported_numbers(cell, value)
            and not unsupported_units(value, [cell, column_header], lang))


def verify_table_triple(table: Table, row_header: str, column_header: str, value: str,
                        *, lang: str | None = None) -> TripleCheck:
    """Check that ``table`` (of DocumentModel.tables) holds ``value`` in the row headed
    ``row_header`` and the column headed ``column_header`` (module docstring for the rules).

    ``lang`` (the claim's language) only settles how "1,500"-like numbers of the value read.
    Returns a TripleCheck; never raises on a malformed table (it just does not verify).
    """
    rows = table.rows
    columns = table.columns
    found_rows = _match([[r.cells[0]] if r.cells else [""] for r in rows], row_header)
    if not found_rows:
        return TripleCheck(False, f"{REASON_ROW}: no row headed {row_header!r}")
    forms = [[c, c.split(LEVEL_SEP)[-1]] for c in columns]
    found_cols = _match(forms, column_header)
    if not found_cols:
        return TripleCheck(False, f"{REASON_COLUMN}: no column headed {column_header!r}")
    if len(found_cols) > 1:
        return TripleCheck(False, f"{REASON_COLUMN}: {column_header!r} matches {len(found_cols)} columns")
    col = found_cols[0]
    cells = [_cell(rows[i], col) for i in found_rows]
    if len(found_rows) > 1 and len({_key(c) for c in cells}) > 1:
        return TripleCheck(False, f"{REASON_ROW}: {row_header!r} matches {len(found_rows)} rows", column=col)
    i = found_rows[0]
    row = rows[i]
    verified = value_matches(value, cells[0], columns[col], lang)
    return TripleCheck(verified, None if verified else f"{REASON_VALUE}: the cell holds {cells[0]!r}",
                       page=row.page, bbox=row.bbox, row=i, column=col, cell=cells[0])


def _cell(row: TableRow, col: int) -> str:
    return row.cells[col] if col < len(row.cells) else ""


@dataclass(frozen=True)
class TableClaim:
    """A claim read from one table row: ``text`` "row header / column header: value", the
    triple it states and its verified ``check``."""

    text: str
    row_header: str
    column_header: str
    value: str
    check: TripleCheck


def table_row_claim(table: Table, row: int, terms: Iterable[str]) -> TableClaim | None:
    """The claim a table row gives for a question whose analysed words are ``terms``
    (pincite.text.analysis.tokens of the question): the column whose header shares the most of
    them (a model code compared whatever its separators and look-alike letters,
    text.codes.code_key: "СКД-12М" of a column for "скд12м"; the row-header column left
    out; a tie, or no shared word, gives None: no guessing), its value in row ``row``
    (index into table.rows), stated as "row header / column header: value" and given only
    when the triple verifies (None otherwise, and for an empty row header or value)."""
    rows, columns = table.rows, table.columns
    if not 0 <= row < len(rows) or len(columns) < 2:
        return None
    asked = {code_key(t) for t in terms}
    scores = [len(asked & {code_key(t) for t in analysis.tokens(c)}) for c in columns]
    scores[0] = 0
    best = max(scores)
    if best == 0 or scores.count(best) > 1:
        return None
    col = scores.index(best)
    header, value = _cell(rows[row], 0), _cell(rows[row], col)
    if not header.strip() or not value.strip():
        return None
    check = verify_table_triple(table, header, columns[col], value)
    if not check.verified or check.row != row:
        return None
    return TableClaim(f"{header} / {columns[col]}: {value}", header, columns[col], value, check)


def claim_for_span(doc: DocumentModel, page: int, start: int, end: int,
                   terms: Iterable[str]) -> TableClaim | None:
    """The table claim of a quote: the rows of ``doc``'s tables whose text overlaps [start,
    end) of physical ``page``'s text (pincite.chunk.tables.rows_in_span); of several, the
    one row whose cells share the most of ``terms`` (a tie gives None); then
    :func:`table_row_claim`. This is what an extractive answer quoting a "table-row" chunk
    shows as its claim text instead of the bare quote (never when the triple fails)."""
    found = rows_in_span(doc, page, start, end)
    if not found:
        return None
    terms = list(terms)
    if len(found) > 1:
        asked = set(terms)
        scores = [len(asked & set(analysis.tokens(" ".join(t.rows[i].cells))))
                  for t, i in found]
        best = max(scores)
        if best == 0 or scores.count(best) > 1:
            return None
        found = [found[scores.index(best)]]
    table, row = found[0]
    return table_row_claim(table, row, terms)


def cells_claim(cells: Sequence[tuple[str, str]], terms: Iterable[str],
                asked_kind: Callable[[str], bool] | None = None) -> TableClaim | None:
    """The table claim of one table row given as its (column header, value) pairs in column
    order (DocumentModel.row_cells: a DOCX table row read on its converted PDF's pages,
    whose page text "Объём загрузки, м³ 12 18" does not say which value is which column):
    :func:`table_row_claim` of that row, the first cell its row header, so a question
    naming a column ("… у СКД-12М?" under "Параметр | СКД-12 | СКД-12М") reads
    "Объём загрузки, м³ / СКД-12М: 18". None for fewer than two cells, or where
    table_row_claim gives none (no column header shares a question word, or two do as
    much). With `asked_kind` (whether a column header is of the kind of value the question
    asks by its own words: a price column, "Цена, руб.", for "Сколько стоит …"), a column
    the question names by another word ("в тот же день" and "Срок, рабочих дней") is read
    only when the row has no column of that kind; with one, that column is read; with
    several ("Обычная ткань, руб." and "Сложная ткань, руб."), none (the row is shown whole:
    which one is asked, the question does not say)."""
    if len(cells) < 2:
        return None
    table = Table(table_id="", page=0, page_end=0, columns=tuple(h for h, _ in cells), header_rows=1,
                  rows=(TableRow(page=0, cells=tuple(v for _, v in cells), bbox=(0.0, 0.0, 0.0, 0.0)),))
    claim = table_row_claim(table, 0, terms)
    of_kind = [h for h, _ in cells[1:] if asked_kind is not None and asked_kind(h)]
    if claim is None or not of_kind or claim.column_header in of_kind:
        return claim
    return table_row_claim(table, 0, analysis.tokens(of_kind[0])) if len(of_kind) == 1 else None


#: The head of a spreadsheet row as the office extractor writes it ("'Staff'!A3:D3 | ",
#: "Models!A2:F2 | "), where a quote of several rows starts each of them.
_SHEET_ROW_HEAD = lazyre.compile(r"(?:^|(?<=\s))(?P<sheet>(?:'(?:[^']|'')+'|[^\s!|']+)!)[A-Z]+\d+(?::[A-Z]+\d+)? \| ")
#: Joins the claims of the rows of one quote ("AQ-100 / Weight (kg): 41 | AQ-150 / ...").
ROW_SEP = " | "
#: Word-vector cosine (answer.soft: the library's embedder, each word alone) from which a
#: column header that shares no word with the question names what it asks: a question in
#: another language than the headers. Measured with use-m3 on a generated catalog and staff
#: list (2026-12-04): a header translating a question word scores 0.78-0.88 ("мощность" /
#: "Power, kW" 0.84, "отделе" / "Department" 0.87, "重量" / "Weight, kg" 0.88, "weight" /
#: "Масса, кг" 0.78); every other header, and the names and codes of the row, at most 0.57
#: ("расход" / "Price"), a related but other column ("весит" / "Power, kW") about 0.5.
SOFT_HEADER_COSINE = 0.7


class HeaderMatcher(Protocol):
    """What `sheet_cell_claim` reads of a word matcher (answer.soft.WordMatcher): per
    question word group, its best cosine (-1..1) against the words of a text."""

    def best(self, text: str) -> dict[tuple[str, ...], float]: ...


def sheet_cell_claim(quote: str, terms: Iterable[str], soft: HeaderMatcher | None = None,
                     kinds: Iterable[str] = (), kind_header: Callable[[str], bool] | None = None) -> str | None:
    """The claim text of a spreadsheet row quoted as "'Sheet'!A9:G9 | Header: value; ...":
    the row's name (the value sharing the most of ``terms``, else its first value) and the
    cells whose header shares a word with ``terms`` ("Nadia Haddad / Phone ext.: 4702"), as
    the quote writes them; None when no header shares a word (the row is shown whole) or
    the quote is not a row of header-value pairs.

    When no header shares a word and ``soft`` is given (the question's
    answer.soft.WordMatcher), the cells whose header comes within SOFT_HEADER_COSINE of a
    question word that names no value of the row (not the row's name or code) are the asked
    ones: "Какова мощность TR-45?" over English headers gives "TR-45 / Power, kW: 0.75".
    Without it, such a row is shown whole, as before. A header found so that is not of the
    kind `kinds` names, in a row that has a column of that kind, is not the asked one (a
    price is asked by "多少钱" however near "同时" comes to "预计时长").

    When neither finds a header, the cells whose header shares a word with ``kinds`` are the
    asked ones: the index forms of the column words of a kind of value the question asks for
    by its own words (asked_type.kind_column_words: "How much does the FL-250 cost?" asks the
    "Price, EUR" column), or whose header `kind_header` says is of that kind (a price column
    named by a currency: "学期费（元）"). With `kind_header`, a header a question word names
    that is not of the kind, in a row that has a column of the kind, is not the asked one
    either: "每学期课时" (lessons a term), named by the "课" of "英语启蒙课多少钱？", does not
    answer what the course costs.

    A quote of several rows (each after its own "'Sheet'!range | " head) gives each row's
    claim, joined by ROW_SEP, so every value stands beside its own row's name, never under
    another row's ("AQ-100 / Weight (kg): 41 | AQ-150 / Weight (kg): 58"); None when one
    of the rows gives none."""
    heads = list(_SHEET_ROW_HEAD.finditer(quote))
    if len(heads) > 1:
        bodies = [quote[m.end():(heads[i + 1].start() if i + 1 < len(heads) else len(quote))].strip()
                  for i, m in enumerate(heads)]
        rows = [_row_claim(b, terms, soft, kinds, kind_header) for b in bodies]
        return ROW_SEP.join(r for r in rows if r) if all(rows) else None
    return _row_claim(quote.split(" | ", 1)[-1], terms, soft, kinds, kind_header)


def without_row_heads(text: str) -> str:
    """`text` less the heads of the spreadsheet rows it holds ("'Sheet'!A2:F2 | "): what
    the rows' cells write, their addresses' letters and digits aside."""
    return _SHEET_ROW_HEAD.sub("", text)


def sheet_head(quote: str) -> str | None:
    """The sheet part of the head of the spreadsheet row a quote starts with, as the rows of
    that sheet write it ("Prices!", "'Budget FY2024'!"); None for a quote that starts with
    no row head."""
    m = _SHEET_ROW_HEAD.match(quote)
    return m.group("sheet") if m else None


def sheet_name(head: str) -> str:
    """The name of a sheet as its rows' heads write it (`sheet_head`: "'Staff list'!" ->
    "Staff list", "Prices!" -> "Prices")."""
    return head.rstrip("!").strip("'")


def sheet_names(text: str) -> list[str]:
    """The sheet names (`sheet_name`) of the spreadsheet row heads ("'Sheet'!A2:C2 | ") in
    `text`, in order, one per row."""
    return [sheet_name(m.group("sheet")) for m in _SHEET_ROW_HEAD.finditer(text)]


def sheet_rows(quote: str, sheet: str | None = None) -> list[tuple[str, list[tuple[str, str]]]]:
    """The spreadsheet rows a quote holds ("'Sheet'!A4:C4 | Header: value; ...", one or
    several, each after its own head), each as (its text in the quote, head included; its
    (header, value) pairs in column order); a row whose text is not two header-value pairs or
    more is left out; with `sheet` (a head's sheet part, `sheet_head`: "Prices!"), only that
    sheet's rows (a unit's text may hold several sheets). [] for a quote that is no
    spreadsheet row."""
    heads = list(_SHEET_ROW_HEAD.finditer(quote))
    out = []
    for i, m in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(quote)
        pairs = record_pairs(quote[m.end():end])
        if pairs is not None and (sheet is None or m.group("sheet") == sheet):
            out.append((quote[m.start():end].strip(), pairs))
    return out


def record_pairs(body: str) -> list[tuple[str, str]] | None:
    """The (header, value) pairs, stripped, of one record's "Header: value; Header: value"
    text (a spreadsheet row after its head, a slide table's row); None when it is not two
    such pairs or more."""
    pairs = [p.partition(": ") for p in body.strip().split("; ")]
    if len(pairs) < 2 or not all(sep and h.strip() and v.strip() for h, sep, v in pairs):
        return None
    return [(h.strip(), v.strip()) for h, _, v in pairs]


def _row_claim(body: str, terms: Iterable[str], soft: HeaderMatcher | None = None,
               kinds: Iterable[str] = (), kind_header: Callable[[str], bool] | None = None) -> str | None:
    """sheet_cell_claim of one row's "Header: value; ..." text."""
    pairs = record_pairs(body)
    if pairs is None:
        return None
    return pairs_claim(pairs, terms, soft, kinds, kind_header)


def pairs_claim(pairs: Sequence[tuple[str, str]], terms: Iterable[str], soft: HeaderMatcher | None = None,
                kinds: Iterable[str] = (), kind_header: Callable[[str], bool] | None = None) -> str | None:
    """The claim text of one table row given as its (column header, value) pairs, read as
    `sheet_cell_claim` reads a spreadsheet row: "row name / asked header: value", the asked
    columns found by shared words, else by word vectors (`soft`), else by the kind of value
    asked (`kinds`, `kind_header`); None when no column, or every one, is found so."""
    pairs = list(pairs)
    asked = set(terms)
    # the words beside a number the question states, in a value holding it, name the row
    # ("8 часов" of the package "商务包时 8小时"), not a column ("超时费（元/小时）"); the
    # number itself may still name one ("2 persons"); and a cell whose value the question
    # states itself ("100克" of "规格（克）: 100") tells which row is asked, not what is
    # asked of it, however its header matches
    numbers = {n for t in asked for n in re.findall(r"\d+", t)}
    naming = asked - {t for _, v in pairs if _holds_number(v, numbers)
                      for t in analysis.tokens(v) if not t.isdigit()}
    cells = [(h, v) for h, v in pairs if naming & set(analysis.tokens(h)) and not _stated(v, asked)]
    cells = _most_named(cells, asked)
    kind_words = set(kinds)
    of_kind = [(h, v) for h, v in pairs
               if kind_words & set(analysis.tokens(h)) or (kind_header is not None and kind_header(h))]
    if cells and kind_header is not None and of_kind and not set(cells) & set(of_kind):
        cells = []  # a column named by a word but not of the kind asked (docstring)
    if not cells and soft is not None:
        cells = _soft_cells(pairs, soft, numbers)
        if of_kind and not set(cells) & set(of_kind):
            # a header only near a question word by meaning ("预计时长" near "同时") does not
            # outweigh the kind of value the question asks for by its own words (a price
            # for "多少钱"), when the row has a column of that kind
            cells = []
    if not cells and (kind_words or kind_header is not None):
        cells = of_kind
    if not cells or len(cells) == len(pairs):
        return None
    named = max(pairs, key=lambda p: len(asked & set(analysis.tokens(p[1]))))
    if not asked & set(analysis.tokens(named[1])):
        named = pairs[0]
    shown = [f"{h}: {v}" for h, v in cells if (h, v) != named]
    return f"{named[1]} / {'; '.join(shown)}" if shown else None


#: A table cell that states no value: a dash, a slash, "n/a", "н/д", "нет", "无" standing
#: alone (the usual marks of a price list or a specification for "not offered", "not
#: applicable").
_NO_VALUE = lazyre.compile(r"\s*(?:[-‐‑‒–—―−/×]+|n/?a|н/?д|нет|无|不适用)\s*", re.IGNORECASE)


def no_value(claim_text: str) -> tuple[str, str, str] | None:
    """(row, column, the cell as written) when `claim_text` reads a table row's asked cells
    ("R19 / Микроавтобус, руб.: —": `cells_claim`, `sheet_cell_claim`) and every one is a
    mark of no value (_NO_VALUE); None for any other text."""
    if " / " not in claim_text:
        return None
    row, _, cells = claim_text.partition(" / ")
    pairs = [c.rpartition(": ") for c in cells.split("; ")]
    if not all(sep and _NO_VALUE.fullmatch(v) for _, sep, v in pairs):
        return None
    return row.strip(), "; ".join(h.strip() for h, _, _ in pairs), pairs[0][2].strip()


def _stated(value: str, asked: set[str]) -> bool:
    """Whether the question (`asked`: its index forms) states the whole cell `value`: every
    index form of it, a number among them."""
    forms = set(analysis.tokens(value))
    return bool(forms) and any(ch.isdigit() for ch in value) and forms <= asked


def _most_named(cells: list[tuple[str, str]], asked: set[str]) -> list[tuple[str, str]]:
    """`cells` (header, value) less those whose header shares with the question (`asked`:
    index forms) only words that another cell's header shares too, and fewer: of "Животные
    до 10 кг", "Животные 10–20 кг" and "Животные свыше 20 кг", "… свыше 20 кг" asked, the
    last; "Weight (kg)" and "Flow rate" both stay for "the weight and the flow rate". Of
    headers sharing the same asked words, those adding the fewest other words stay ("Peak"
    of "Peak" and "Off-peak")."""
    shared = [asked & set(analysis.tokens(h)) for h, _ in cells]
    kept = [(c, mine) for c, mine in zip(cells, shared) if not any(mine < other for other in shared)]
    # of headers sharing the same words, the one adding the fewest others: "Peak" asked of
    # "Peak" and "Off-peak"
    extra = {c: len(set(analysis.tokens(c[0])) - asked) for c, _ in kept}
    return [c for c, mine in kept
            if not any(o == mine and extra[d] < extra[c] for d, o in kept)]


def _holds_number(value: str, numbers: AbstractSet[str]) -> bool:
    """Whether a cell `value` writes one of `numbers` (digit strings) as a number of its own."""
    return any(n in numbers for n in re.findall(r"\d+", value))


def _soft_cells(pairs: list[tuple[str, str]], soft: HeaderMatcher, numbers: AbstractSet[str]) -> list[tuple[str, str]]:
    """The (header, value) pairs whose header comes within SOFT_HEADER_COSINE of a question
    word (`soft.best`) that has no form among the row's values, nor comes within that cosine
    of a value holding a number the question states (`numbers`, digit strings): those words
    name the row (its code, a person's name, "8-hour" of "商务包时 8小时"), not the column
    asked for."""
    values = {t for _, v in pairs for t in analysis.tokens(v)}
    stated = " ".join(v for _, v in pairs if _holds_number(v, numbers))
    by_value = soft.best(stated) if stated else {}
    out = []
    for h, v in pairs:
        near = [c for g, c in soft.best(h).items()
                if not values.intersection(g) and by_value.get(g, -1.0) < SOFT_HEADER_COSINE]
        if near and max(near) >= SOFT_HEADER_COSINE:
            out.append((h, v))
    return out
