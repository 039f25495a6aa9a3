"""Citations built from index records: the one place a Hit becomes a Citation.

Page, page_end, printed label, file, title and document fields come from the hit's index
record (never from a model or from text); the quote is the caller's.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from pincite.chunk.bridges import span_parts
from pincite.contract import Address, Citation, LinesAddress, PdfAddress, SheetAddress, SlideAddress

from ..extract.address import address_for_span
from ..extract.model import PageText
from ..index.base import Hit

if TYPE_CHECKING:
    from pincite.contract import Answer

    from .retrieve import LibraryLike

#: Joins the parts of a section path in Citation.section: "5 Tests › 5.3 Pressure check".
SECTION_SEP = " › "

#: Longest quote kept in a citation, in characters (a model may send more).
MAX_CITATION_QUOTE = 1000


_ADDRESS_TYPES = {"sheet": SheetAddress, "slide": SlideAddress, "lines": LinesAddress}


def address_of(hit: Hit) -> Address:
    """The typed address of a hit's chunk: its own address for a non-PDF unit (sheet range,
    slide, line range), else a PDF page range with its printed label."""
    if hit.address is not None and hit.address.kind in _ADDRESS_TYPES:
        return _ADDRESS_TYPES[hit.address.kind](**hit.address.to_dict())
    return _page_range(hit)


def _page_range(hit: Hit) -> PdfAddress:
    """The PDF pages of a hit, page..page_end, with the first page's printed label."""
    return PdfAddress(page=hit.page, page_end=hit.page_end, page_label=hit.page_label or None,
                      label_source=hit.label_source)


def bridge_address(hit: Hit, quote: str, span: tuple[int, int] | None = None) -> PdfAddress:
    """The pages of a bridge hit that a quote covers: `span` ([start, end) in the bridge
    text; looked up with verify_quote when None) through the hit's parts
    (pincite.chunk.bridges.span_parts). page = the first page covered, page_end = the last, label
    of the first page; the whole bridge (page..page_end) when the quote is not found."""
    from .verify import verify_quote

    if span is None:
        check = verify_quote(quote, hit.text)
        if check.verified and check.start is not None and check.end is not None:
            span = (check.start, check.end)
    covered = span_parts(hit.parts, *span) if span is not None else []
    if not covered:
        return _page_range(hit)
    first = covered[0]
    label = first.page_label or None
    return PdfAddress(page=first.page, page_end=covered[-1].page, page_label=label,
                      label_source=first.label_source if label else None)


def citation_for(hit: Hit, quote: str, *, page: PageText | None = None,
                 span: tuple[int, int] | None = None, **fields) -> Citation:
    """A Citation of `hit` with `quote` (cut to MAX_CITATION_QUOTE characters); `fields`
    set verified, reason, match or score.

    For a non-PDF unit, `page` (its PageText) and `span` (the quote's [start, end) in the
    unit text) narrow the address from the whole chunk to what the quote covers: the rows
    of a sheet range ("RevB!A5:F5", not the chunk's "A1:F40"), the lines of a text file.
    The document fields (model, modification: the document's modifications joined by ", ",
    revision, trust) come from the hit's index record, and so does `section` (the hit's
    section path joined by SECTION_SEP; None when it has none).

    For a "bridge" hit (a sentence across a page break: `hit.parts`, pincite.chunk.bridges),
    `span` indexes the bridge text (found with verify_quote when not given), and the
    citation names the page of the part the quote lies in, or both pages ("pp. 5–6") when
    it straddles the break (bridge_address).
    """
    address = address_of(hit)
    if hit.parts:
        address = bridge_address(hit, quote, span)
    elif hit.address and page is not None and span is not None:
        narrowed = address_for_span(page, *span)
        if narrowed is not None and narrowed.kind == hit.address.kind:
            address = address_of(dataclasses.replace(hit, address=narrowed))
    return Citation(chunk_id=hit.chunk_id, doc_id=hit.doc_id, file=hit.file, title=hit.title,
                    address=address, page=getattr(address, "page", None),
                    unit=address.page if isinstance(address, PdfAddress) else hit.page,
                    page_label=getattr(address, "page_label", None), quote=quote[:MAX_CITATION_QUOTE],
                    ocr=hit.ocr, model=hit.model, modification=", ".join(hit.modifications) or None,
                    revision=hit.revision, trust=hit.trust,
                    section=SECTION_SEP.join(hit.section_path) or None, **fields)


def row_headers_of(lib: "LibraryLike", c: Citation) -> list[str] | None:
    """The column headers of the table row that a verified citation's quote lies in
    (DocumentModel.row_headers of the quote's span on the cited unit, found with
    verify_quote), for Citation.row_headers; None for a quote that is not verified, lies in
    no such row or is not found whole on its unit (a quote across a page break), and when
    the document's model cannot be read."""
    from .verify import verify_quote

    if not c.verified or c.unit is None:
        return None
    try:
        model = lib.model(c.doc_id)
        text = model.page(c.unit).text
    except Exception:  # a model or page the library no longer has: nothing to add
        return None
    check = verify_quote(c.quote, text, records=model.record_spans(c.unit))
    if not check.verified or check.start is None or check.end is None:
        return None
    return list(model.row_headers(c.unit, check.start, check.end)) or None


def with_row_headers(lib: "LibraryLike", ans: "Answer") -> "Answer":
    """`ans` with `row_headers` set (row_headers_of) on every citation of its claims, its
    parts' and compared revisions' claims and its calculation's inputs, in place, and
    returned."""
    answers = [ans] + [i.answer for i in ans.compare]
    cites = [c for a in answers for c in a.citations() + [c for part in a.parts for c in part.citations()]]
    for a in answers + [p for a in answers for p in a.parts]:
        if a.calculation is not None:
            cites += [i.citation for i in a.calculation.inputs if i.citation is not None]
    for c in cites:
        c.row_headers = row_headers_of(lib, c)
    return ans
