"""Index shapes shared by every engine: the search filter and the Hit.

Must not import answer/.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class SearchFilter:
    """Hard filter applied inside the search (never after it).

    doc_ids: only these documents (None = all). Points of documents still being ingested
    (state "pending") are always excluded.
    """

    doc_ids: list[str] | None = None


@dataclass
class Hit:
    """One retrieved chunk, in rank order (rank 1 first), with its index record.

    page / page_end are 1-based physical pages; char_start / char_end index the page's
    PDFium text; `text` is the chunk's source text (exact slice of the page text).
    ocr: the text came from OCR; address: the chunk's own address for a non-PDF unit (slide,
    sheet range, line range), None for a PDF page.
    extra: "name_terms" (analysed words naming the hit's document, chunking.naming_text)
    and, for a dense search, "dense" (cosine similarity to the question).
    """

    chunk_id: str
    doc_id: str
    score: float
    rank: int
    page: int
    page_end: int
    char_start: int
    char_end: int
    text: str
    file: str = ""
    title: str = ""
    page_label: str = ""
    label_source: str | None = None
    kind: str = "text"
    ocr: bool = False
    address: dict | None = None
    extra: dict = field(default_factory=dict)
