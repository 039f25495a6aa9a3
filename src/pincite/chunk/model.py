"""The chunk shape every later stage reads (`Chunk`, with the `ChunkPart`s of a bridge), and
the naming of a chunk's section and search-text prefix shared by page, bridge and table
chunks. Imports of pincite only the extract stage's shapes (extract.model): the chunk builders
(pages, bridges, tables) import it, never the other way round."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from pincite.extract.model import LabelSource, SectionSpan, UnitAddress

#: Joins the parts of the search-text prefix: "Pump manual / 5 Tests / 5.3 Pressure check".
PREFIX_SEP = " / "
#: What a path from detected headings puts in a search text (prefix_path): "path" (all of
#: it, as an outline's) or "last" (its last title, at most HEADING_PREFIX_CHARS). Measured on
#: the PDF corpus (2026-12-01): "path" keeps retrieval as it was before heading detection and
#: embeds 11.7% more characters (ingest time is about linear in them, USE ~15 us/char);
#: "last" embeds 5% more, but the shorter prefix loses the parent headings that tell two
#: editions of one standard apart, and their near-tied pages (0.497 vs 0.492) swapped ranks.
DETECTED_PREFIX = "path"
HEADING_PREFIX_CHARS = 60


@dataclass(frozen=True, slots=True)
class ChunkPart:
    """One page's piece of a "bridge" chunk (a sentence running over a page break,
    pincite.chunk.bridges), or of a span of its text (pincite.chunk.bridges.span_parts).

    page: the 1-based physical page the piece stands on; page_label / label_source: that
        page's printed label and where it came from (PageText).
    char_start, char_end: the piece's span in that page's text (end exclusive).
    offset: where the piece starts in the bridge's own text:
        bridge.text[offset:offset + char_end - char_start] == page.text[char_start:char_end].
    Stored in an index payload as {"page", "char_start", "char_end", "offset", "page_label",
    "label_source"} (:meth:`to_dict`).
    """

    page: int
    char_start: int
    char_end: int
    offset: int
    page_label: str = ""
    label_source: LabelSource | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"page": self.page, "char_start": self.char_start, "char_end": self.char_end,
                "offset": self.offset, "page_label": self.page_label, "label_source": self.label_source}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> "ChunkPart":
        """A part as an index payload holds it (:meth:`to_dict`'s shape)."""
        return cls(page=raw["page"], char_start=raw["char_start"], char_end=raw["char_end"],
                   offset=raw["offset"], page_label=raw.get("page_label") or "",
                   label_source=raw.get("label_source"))


@dataclass
class ChunkFields:
    """What a passage of a document is, as the chunker makes it (`Chunk`) and as a search
    returns it from the index (pincite.index.base.Hit, which adds its rank and its
    document's fields).

    chunk_id: "<doc_id>-p<page>-c<n>" (n is 0-based within the page); stable for the same
        document and chunker version ("-b0" for a bridge, "-t<n>" for a table chunk).
    page, page_end: 1-based physical pages (equal, except for a bridge chunk).
    page_label / label_source: copied from the page record.
    char_start, char_end: span in the page's PDFium text (end exclusive).
    text: the source text (exact slice of the page text): what quotes are verified against.
    kind: "text" (sentences of one page), "bridge" (pincite.chunk.bridges), "table" or
        "table-row" (pincite.chunk.tables).
    ocr: the page's text came from OCR; address: the chunk's own address for a non-PDF unit
        (pincite.extract.model.UnitAddress: slide, sheet range, line range, narrowed by
        pincite.extract.address), None for a PDF page.
    section_path: the outline path of the chunk's section (["5 Tests", "5.3 Pressure
        check"]), [] when none; section_title: its last element ('' when none).
    parts: [] for a chunk of one page. A "bridge" chunk (pincite.chunk.bridges: a sentence running
        from the bottom of page `page` to the top of `page_end`) has chunk_id
        "<doc_id>-p<page>-b0", char_start 0 and char_end len(text) (its text is its own
        source), and one :class:`ChunkPart` per page, text[offset:offset + char_end -
        char_start] == that page's text[char_start:char_end].
    """

    chunk_id: str
    doc_id: str
    page: int
    page_end: int
    char_start: int
    char_end: int
    text: str
    page_label: str = ""
    label_source: LabelSource | None = None
    kind: str = "text"
    ocr: bool = False
    address: UnitAddress | None = None
    section_path: list[str] = field(default_factory=list)
    section_title: str = ""
    parts: list[ChunkPart] = field(default_factory=list)


@dataclass
class Chunk(ChunkFields):
    """One passage of a document, as the chunker makes it: :class:`ChunkFields` and

    search_text: text used for BM25/embeddings: the title and the section path joined by
        " / ", a line break, then `text` ("Pump manual / 5 Tests / 5.3 Pressure check\n...";
        just `text` when the document has neither; of a path from detected headings only its
        last title, prefix_path; a bridge chunk's is its text alone). Never used to verify.
        Keyword-only.
    """

    search_text: str = field(kw_only=True)


def search_prefix(title: str, section_path: list[str]) -> str:
    """"title / part / sub-part": what `search_text` puts before a chunk's text ('' when
    there is neither a title nor a section)."""
    return PREFIX_SEP.join(p for p in [title or "", *section_path] if p)


def prefix_path(sections: list[SectionSpan], path: list[str]) -> list[str]:
    """The part of a chunk's section path that goes into its search text: the whole path
    from a PDF outline; from detected headings (spans with "source": "headings",
    pincite.extract.headings) as DETECTED_PREFIX says: the whole path ("path"), or only its
    last title cut at a space to at most HEADING_PREFIX_CHARS ("last")."""
    if not path or DETECTED_PREFIX == "path" or not any(s.source == "headings" for s in sections):
        return path
    title = path[-1]
    if len(title) > HEADING_PREFIX_CHARS:
        title = title[:HEADING_PREFIX_CHARS].rsplit(" ", 1)[0] or title[:HEADING_PREFIX_CHARS]
    return [title]


def section_of(sections: list[SectionSpan], start: int, end: int) -> list[str]:
    """The path of the section span holding most of text[start:end] ([] when none)."""
    best, path = 0, []
    for s in sections:
        overlap = min(end, s.end) - max(start, s.start)
        if overlap > best:
            best, path = overlap, list(s.path)
    return path
