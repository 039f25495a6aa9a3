"""Whether a table's first row is a header over its other rows, from the cells alone.

A header row names its columns: its cells are labels. Where the rows under it hold values
(quantities: "58 kg", "3.2", "-5 °C", "$120") in a column, its cell in that column is a label
("Weight", "Pore size (micron)"), unlike them. A table of key/value records (a spec sheet:
"Weight | 58 kg", "Noise level | 62 dB") has no header: its first row is one more record
and holds a value where the rows under it do. A header may also hold numbers (years over
columns of figures: "Item | 2023 | 2024"), so a first row whose cells only agree with the
rows under it is a record only in a table of two named columns; with three or more it stays
the header (as an XLSX header row may hold years only with three or more cells,
pincite.extract.office_xlsx). Must not import later stages.
"""
from __future__ import annotations

import re

#: A quantity: a cell that starts with a digit, after any signs, currency, brackets or
#: spaces ("58 kg", "-5 °C", "$120", "(3)", "≤ 0.5"); "R-134a" or "CO2 level" is a label.
_QUANTITY = re.compile(r"^[^\w]*\d")


def is_quantity(cell: str) -> bool:
    """True when the cell text starts with a number (see _QUANTITY)."""
    return bool(_QUANTITY.match(cell))


def first_row_is_header(first: list[str], data: list[list[str]]) -> bool:
    """Whether `first` (a table's first row, cell texts by column) is a header over `data`
    (the rows under it, same columns; section and note rows left out by the caller): it
    names two or more columns and is not a key/value record (:func:`is_key_value_record`)."""
    return sum(1 for c in first if c) >= 2 and not is_key_value_record(first, data)


def is_key_value_record(first: list[str], data: list[list[str]]) -> bool:
    """Whether `first` (a table's first row) is one more record of a key/value table over
    `data` (the rows under it): it names exactly two columns, no column contrasts (a column
    whose data cells are mostly quantities under a first-row label) and some column agrees
    (mostly quantities under a first-row quantity)."""
    if sum(1 for c in first if c) != 2:
        return False
    contrast = agree = False
    for col, head in enumerate(first):
        cells = [r[col] for r in data if col < len(r) and r[col]]
        if not head or not cells or 2 * sum(map(is_quantity, cells)) <= len(cells):
            continue  # not a column of values
        if is_quantity(head):
            agree = True
        else:
            contrast = True
    return agree and not contrast
