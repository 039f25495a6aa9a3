"""Addresses of non-PDF units: what a chunk of a slide, a sheet or a text file cites.

A PDF chunk is addressed by its physical page and printed label. Other documents give each
unit (PageText) an `address` dict and, optionally, finer `spans`; this module narrows a
unit's address to the span of text a chunk covers. Must not import later stages.

Address kinds (ARCHITECTURE.md, "One Answer shape"): {"kind": "sheet", "sheet": "RevB",
"range": "B5"}, {"kind": "slide", "slide": 2}, {"kind": "lines", "start": 10, "end": 14}.
"""
from __future__ import annotations

from .model import PageText


def address_for_span(page: PageText, start: int, end: int) -> dict | None:
    """The address of `page.text[start:end]`: the unit's address (None for a PDF page),
    narrowed by the spans it overlaps when the unit has spans of its kind."""
    covered = [s["address"] for s in page.spans if s["start"] < end and s["end"] > start]
    if not covered:
        return page.address
    return merge_addresses(covered) or page.address


def merge_addresses(addresses: list[dict]) -> dict | None:
    """One address covering all of `addresses` (same kind): lines -> min start..max end;
    slide -> the first; sheet -> the first (a cell-range union is the office extractor's
    to define). None for an empty list."""
    if not addresses:
        return None
    first = addresses[0]
    if first.get("kind") == "lines":
        return {"kind": "lines", "start": min(a["start"] for a in addresses),
                "end": max(a["end"] for a in addresses)}
    return dict(first)
