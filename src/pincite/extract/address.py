"""Addresses of non-PDF units: what a chunk of a slide, a sheet or a text file cites.

A PDF chunk is addressed by its physical page and printed label. Other documents give each
unit (PageText) an `address` (pincite.extract.model.UnitAddress) and, optionally, finer
`spans`; this module narrows a unit's address to the span of text a chunk covers. Must not
import later stages.

Address kinds (docs/decisions/0001-answer-contract.md), stored as dicts: SheetRange
{"kind": "sheet", "sheet": "RevB", "range": "B5"}, SlideNumber {"kind": "slide", "slide": 2},
LineRange {"kind": "lines", "start": 10, "end": 14}. Inside the pages of a DOCX read through
its converted PDF, spans carry a BlockRange {"kind": "blocks", "start": 5, "end": 7} (its
paragraphs and table rows, numbered as its "lines" address counts them;
pincite.extract.office); the chunk's citation stays a PDF page.
"""
from __future__ import annotations

import re

from .model import AddressSpan, BlockRange, LineRange, PageText, SheetRange, UnitAddress


def address_for_span(page: PageText, start: int, end: int) -> UnitAddress | None:
    """The address of `page.text[start:end]`: the unit's address (None for a PDF page),
    narrowed by the spans it overlaps when the unit has spans of its kind (spans without an
    address, such as OCR word boxes, are not addresses)."""
    covered = [s.address for s in page.spans
               if isinstance(s, AddressSpan) and s.start < end and s.end > start]
    if not covered:
        return page.address
    return merge_addresses(covered) or page.address


def merge_addresses(addresses: list[UnitAddress]) -> UnitAddress | None:
    """One address covering all of `addresses` (same kind as the first; others are left
    out): lines and blocks -> min start..max end; slide -> the first; sheet -> the bounding range of
    the ranges on the first one's sheet ("A5:F5" + "A9:D9" -> "A5:F9"; one cell stays "B5").
    None for an empty list."""
    if not addresses:
        return None
    first = addresses[0]
    if isinstance(first, (LineRange, BlockRange)):
        same = [a for a in addresses if isinstance(a, (LineRange, BlockRange)) and a.kind == first.kind]
        return type(first)(start=min(a.start for a in same), end=max(a.end for a in same))
    if isinstance(first, SheetRange):
        found = [_box(a.range) for a in addresses if isinstance(a, SheetRange) and a.sheet == first.sheet]
        boxes = [b for b in found if b is not None]
        if len(boxes) == len(found):
            c1, r1 = min(b[0] for b in boxes), min(b[1] for b in boxes)
            c2, r2 = max(b[2] for b in boxes), max(b[3] for b in boxes)
            return SheetRange(sheet=first.sheet, range=cell_range(c1, r1, c2, r2))
    return first


def column_letter(col: int) -> str:
    """1 -> "A", 26 -> "Z", 27 -> "AA"."""
    out = ""
    while col > 0:
        col, rem = divmod(col - 1, 26)
        out = chr(65 + rem) + out
    return out


def column_number(letters: str) -> int:
    """"A" -> 1, "AA" -> 27."""
    n = 0
    for ch in letters.upper():
        n = n * 26 + ord(ch) - 64
    return n


def cell_range(c1: int, r1: int, c2: int, r2: int) -> str:
    """"B5" for one cell, else "A5:F9" (1-based columns and rows)."""
    a, b = f"{column_letter(c1)}{r1}", f"{column_letter(c2)}{r2}"
    return a if a == b else f"{a}:{b}"


_CELL = re.compile(r"^\$?([A-Za-z]{1,3})\$?(\d+)$")


def _box(ref: str) -> tuple[int, int, int, int] | None:
    """(first col, first row, last col, last row) of "B5" or "A5:F9"; None if not a range."""
    parts = ref.split(":")
    if len(parts) > 2:
        return None
    matched = [_CELL.match(p) for p in parts]
    cells = [m for m in matched if m is not None]
    if len(cells) < len(matched):
        return None
    cols = [column_number(m.group(1)) for m in cells]
    rows = [int(m.group(2)) for m in cells]
    return min(cols), min(rows), max(cols), max(rows)
