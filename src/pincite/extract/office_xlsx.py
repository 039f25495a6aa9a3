"""XLSX -> DocumentModel (openpyxl). The rules shared by every Office format (units) are in
`extract.office`' docstring.

* XLSX: every sheet, every row with a value (cached values of formulas: data_only). One unit
  per XLSX_ROWS_PER_UNIT rows of a sheet, ``{"kind": "sheet", "sheet": name, "range":
  "A1:F100"}``, with a span per row ``{"kind": "sheet", "sheet": name, "range": "A5:F5"}``
  (first to last non-empty column), so a chunk over rows 5..9 cites "A5:F9". A header row
  (two or more distinct values, all text, or text with years) at the top of a table (the
  first such row of the sheet, one after a blank row, or one of three cells or more, or of
  two writing no digit, under a one-cell title row that follows a blank row) names the
  columns of the rows below it until the next table's header; that title row is written
  alone, not under the table above. A
  header row right under one that had fewer cells or a merged cell stacks on it ("SINGLE /
  1997"); a merged header cell names every column it spans (data cells are not repeated). A
  data row reads "RevB!A5:F5 | header: value; header: value" (its own reference first, as a
  formula writes it, so a quote carries its cells and a question may name the sheet; a value
  without a header stands alone, and so does a note under a table: one cell holding a
  sentence or opening with a note mark, `_is_note`). A formula
  cell without a cached value (a file saved by a program that does not compute) reads
  "=FORMULA (no cached value)" and is listed in ``warnings`` ("Sheet1!C7: formula without a
  cached value"). Numbers: integers as such, other floats to 15 significant digits,
  percent-formatted cells as percentages; dates as ISO dates, times of day as "06:45" (seconds
  only when the value or the cell's format has them). Chart sheets are reported in
  warnings.


This module must not read DOCX or PPTX files, nor import later stages.
"""
from __future__ import annotations

import datetime as dt
import re
import warnings as pywarnings
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree

from pincite.errors import IngestError
from pincite.extract.address import cell_range, merge_addresses
from pincite.extract.model import (
    DocumentModel,
    PageText,
    SheetRange,
    UnitAddress,
)
from pincite.extract.office import (
    MAX_MERGE_FILL,
    UNIT_CHARS,
    OfficeUnit,
    damaged,
    office_model,
    one_line,
    unit_addresses,
)

_S = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"


#: A sheet unit holds at most this many rows.
XLSX_ROWS_PER_UNIT = 100


#: At most this many "formula without a cached value" warnings are listed one by one.
MAX_FORMULA_WARNINGS = 20


@dataclass
class _SheetExtras:
    """What read-only openpyxl does not give: merged ranges and formulas without values."""

    merges: list[tuple[int, int, int, int]] = field(default_factory=list)  # c1, r1, c2, r2
    uncached: dict[str, str] = field(default_factory=dict)  # "C7" -> formula text ('' if shared)


def extract_xlsx(path: Path, *, doc_id: str, sha256: str, file_name: str | None = None) -> DocumentModel:
    """An XLSX -> DocumentModel: every sheet, blocks of rows (see the module docstring)."""
    import openpyxl

    path = Path(path)
    pages: list[PageText] = []
    warnings: list[str] = []
    uncached_all: list[str] = []
    try:
        with pywarnings.catch_warnings():
            pywarnings.simplefilter("ignore")  # "Unknown extension is not supported" and friends
            wb = openpyxl.load_workbook(str(path), read_only=True, data_only=True, keep_links=False)
            try:
                title = one_line(wb.properties.title or "")
                for chart in getattr(wb, "chartsheets", []):
                    warnings.append(f"sheet {chart.title}: a chart sheet, no cells to read")
                for ws in wb.worksheets:
                    extras = _sheet_extras(wb, ws)
                    n_before = len(pages)
                    for unit in _sheet_units(ws, extras):
                        pages.append(unit.page(len(pages) + 1, address=_sheet_address(ws.title, unit)))
                    if len(pages) == n_before:
                        warnings.append(f"sheet {ws.title}: empty")
                    uncached_all.extend(f"{ws.title}!{ref}" for ref in extras.uncached)
            finally:
                wb.close()
    except IngestError:
        raise
    except Exception as e:
        raise damaged(path, "xlsx", e) from None
    for ref in uncached_all[:MAX_FORMULA_WARNINGS]:
        warnings.append(f"{ref}: formula without a cached value")
    if len(uncached_all) > MAX_FORMULA_WARNINGS:
        warnings.append(f"and {len(uncached_all) - MAX_FORMULA_WARNINGS} more formula cells "
                        "without a cached value")
    return office_model(path, "xlsx", doc_id, sha256, file_name, pages, title, warnings)


def _sheet_address(sheet: str, unit: OfficeUnit) -> UnitAddress:
    merged = merge_addresses(unit_addresses(unit.spans))
    return merged or SheetRange(sheet=sheet, range="A1")


def _sheet_extras(wb, ws) -> _SheetExtras:
    """Merged ranges and formula cells without a cached value, read from the sheet's XML
    (the part openpyxl reads; the pinned openpyxl keeps its name in `_worksheet_path`)."""
    from openpyxl.utils.cell import range_boundaries

    extras = _SheetExtras()
    part = getattr(ws, "_worksheet_path", None)
    archive = getattr(wb, "_archive", None)
    if part is None or archive is None:
        return extras
    with archive.open(part) as fh:
        for _, el in ElementTree.iterparse(fh, events=("end",)):
            if el.tag == f"{_S}c":
                f = el.find(f"{_S}f")
                v = el.find(f"{_S}v")
                if f is not None and (v is None or not (v.text or "")) and el.get("r"):
                    extras.uncached[el.get("r")] = f.text or ""
                el.clear()
            elif el.tag == f"{_S}row":
                el.clear()
            elif el.tag == f"{_S}mergeCell" and el.get("ref"):
                try:
                    extras.merges.append(tuple(range_boundaries(el.get("ref"))))
                except (ValueError, TypeError):
                    pass
    return extras


def _sheet_units(ws, extras: _SheetExtras):
    """Units of one sheet: blocks of at most XLSX_ROWS_PER_UNIT rows with values."""
    from openpyxl.utils.cell import column_index_from_string, coordinate_from_string

    uncached: dict[tuple[int, int], str] = {}  # (row, column) -> formula
    for ref, expression in extras.uncached.items():
        col, row = coordinate_from_string(ref)
        uncached[(row, column_index_from_string(col))] = expression
    merges_by_row: dict[int, list[tuple[int, int, int, int]]] = {}
    for c1, r1, c2, r2 in extras.merges:
        if r2 - r1 < MAX_MERGE_FILL and c2 - c1 < MAX_MERGE_FILL:
            for r in range(r1, r2 + 1):
                merges_by_row.setdefault(r, []).append((c1, r1, c2, r2))
    top_left: dict[tuple[int, int], str] = {}  # shown value of a merged range
    header: dict[int, str] | None = None
    header_row = last_row = title_row = -10
    header_count, header_widened = 0, False
    sheet_ref = _sheet_ref(ws.title)
    unit, rows_in_unit = OfficeUnit(), 0
    for cells in ws.iter_rows():
        raw: dict[int, object] = {}
        shown: dict[int, str] = {}
        row_no = None
        for cell in cells:
            if getattr(cell, "row", None) is None:
                continue
            row_no = cell.row
            value = cell.value
            formula = uncached.get((cell.row, cell.column))
            if value is None and formula is not None:
                shown[cell.column] = (f"={formula} (no cached value)" if formula
                                      else "(formula without a cached value)")
                raw[cell.column] = shown[cell.column]
            elif value is not None and (text := _cell_text(value, cell.number_format)):
                raw[cell.column], shown[cell.column] = value, text
        if row_no is None:
            continue
        names = dict(shown)  # merged cells filled, for header names only
        for c1, r1, c2, r2 in merges_by_row.get(row_no, []):
            if row_no == r1 and c1 in shown:
                top_left[(r1, c1)] = shown[c1]
            for c in range(c1, c2 + 1):
                if (r1, c1) in top_left:
                    names.setdefault(c, top_left[(r1, c1)])
        if not shown:
            continue
        cols = sorted(shown)
        address = SheetRange(sheet=ws.title, range=cell_range(cols[0], row_no, cols[-1], row_no))
        # a table starts at the sheet's first row, after a blank row, or under a title row
        # with three columns or more, or two naming no number ("Категория | Содержание"; two
        # with one, "Напряжение питания | 3~380 В", may be a key/value record:
        # extract.header_row)
        starts_table = header is None or row_no > last_row + 1 or (row_no == title_row + 1 and (
            len(shown) >= 3 or (len(shown) == 2 and not any(ch.isdigit() for v in shown.values() for ch in v))))
        stacks = (header is not None and header_row == last_row == row_no - 1
                  and (header_widened or len(shown) > header_count))
        if (starts_table or stacks) and _is_header(raw, names):
            if stacks and header is not None:
                header = {c: _stack(header.get(c), names.get(c)) for c in set(header) | set(names)}
            else:
                header = dict(names)
            header_row, header_count, header_widened = row_no, len(shown), len(names) > len(shown)
            text = "; ".join(shown[c] for c in cols)
        elif row_no > last_row + 1 and len(cols) == 1 and header is not None:
            # one cell after a blank row: the title of what follows ("Sessions sold, 2026"),
            # no value of the table above; the row under it may head a new table
            text, title_row = shown[cols[0]], row_no
        elif len(cols) == 1 and header is not None and len(header) >= 2 and _is_note(shown[cols[0]]):
            # one sentence under a table of several columns: a note on it ("注1：…",
            # "* Prices include VAT."), no value of the column it happens to start in
            text = shown[cols[0]]
        else:
            text = "; ".join(_pair(header.get(c) if header else None, shown[c]) for c in cols)
        text = f"{sheet_ref}!{address.range} | {text}"
        last_row = row_no
        if rows_in_unit >= XLSX_ROWS_PER_UNIT or unit.length > UNIT_CHARS:
            yield unit
            unit, rows_in_unit = OfficeUnit(), 0
        unit.add(text, address)
        rows_in_unit += 1
    if rows_in_unit:
        yield unit


#: A note under a table: a note mark opening it ("*", "¹", "注1：", "Note:", "Примечание"),
#: or a sentence (a full stop, "!" or "?" ending one, in any script) of NOTE_CHARS or more.
_NOTE_MARK = re.compile(r"^\s*(?:[*†‡¹²³⁴⁵⁶⁷⁸⁹]|注\s*\d*\s*[：:]|(?:note|примечани[ея])\b)", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.!?。！？](?:\s|$)|[。！？]")
NOTE_CHARS = 20


def _is_note(value: str) -> bool:
    """Whether a row's one cell under a table of several columns is a note on the table
    (`_NOTE_MARK`, or a sentence of NOTE_CHARS characters or more) rather than the value of
    its column: such a row is written without its column's header."""
    return bool(_NOTE_MARK.match(value)) or (len(value) >= NOTE_CHARS and bool(_SENTENCE_END.search(value)))


def _sheet_ref(sheet: str) -> str:
    """The sheet's name as a formula writes it: RevB, 'Simple Monthly Budget'."""
    if re.fullmatch(r"\w+", sheet) and not sheet[0].isdigit():
        return sheet
    return "'" + sheet.replace("'", "''") + "'"


def _pair(name: str | None, value: str) -> str:
    return f"{name}: {value}" if name and name != value else value


def _stack(upper: str | None, lower: str | None) -> str:
    if upper and lower and upper != lower:
        return f"{upper} / {lower}"
    return lower or upper or ""


def _is_header(raw: dict[int, object], names: dict[int, str]) -> bool:
    """Two or more distinct values, all text; or text with years (1800-2200) and three or
    more cells ("€ | £ | 1997 | 1998 ...")."""
    if len(set(names.values())) < 2:
        return False
    values = list(raw.values())
    texts = [v for v in values if isinstance(v, str)]
    if not texts:
        return False
    years = [v for v in values if isinstance(v, int) and not isinstance(v, bool) and 1800 <= v <= 2200]
    if len(texts) + len(years) != len(values):
        return False
    return not years or len(values) >= 3


def _cell_text(value, number_format: str | None) -> str:
    """A cell value as shown text (see the module docstring for numbers and dates)."""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        fmt = number_format or ""
        if "%" in fmt:
            decimals = len(fmt.split("%")[0].split(".")[1]) if "." in fmt.split("%")[0] else 0
            return f"{value * 100:.{min(decimals, 10)}f}%"
        if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
        return f"{value:.15g}"
    if isinstance(value, dt.datetime) and value.time() == dt.time(0):
        return value.date().isoformat()
    if isinstance(value, (dt.datetime, dt.time)):
        # a time of day shows its seconds only when it has some or its format shows them
        # ("06:45" of a cell formatted hh:mm, not "06:45:00")
        shown = value.second or value.microsecond or "ss" in (number_format or "").lower()
        spec = "seconds" if shown else "minutes"
        return value.isoformat(sep=" ", timespec=spec) if isinstance(value, dt.datetime) else value.isoformat(spec)
    if isinstance(value, (dt.date, dt.timedelta)):
        return str(value)
    return one_line(str(value))
