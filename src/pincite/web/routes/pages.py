"""What a citation opens: the text of a page (or of a sheet, slide or block of lines), the
image of a PDF page with a quote or chunk tinted, the rectangles to highlight, the stored
original, and a chunk as indexed.

`GET /api/documents/{id}/pages/{n}/text` serves unit n of any document (a PDF page, or the
n-th sheet, slide or block of lines: the `p<n>` of its chunk ids, a citation's `unit`) with
its `kind`, `address` and `ocr` flag, and with a citation's quote and chunk the `marks` of
where the quote stands in that text (code point offsets); the page image and highlight
routes serve PDF pages only (404 "not a PDF: cite by sheet/slide/lines" otherwise,
NOT_A_PDF of pincite.library.reading); `/file` serves the original with its own MIME type
(a PDF inline, the others as a download). A PDF page read by OCR is highlighted with the
OCR word boxes kept in its PageText.spans.
"""
from __future__ import annotations

import urllib.parse

from fastapi import APIRouter
from fastapi.responses import FileResponse, Response

from ...extract.sniff import KIND_OF_MIME
from ..schemas import ChunkOut, HighlightOut, PageTextOut
from ..state import StateDep
from . import params

router = APIRouter(prefix="/api")

#: Cache-Control of page images and originals (their URLs name content by hash).
CACHE_CONTROL = "private, max-age=3600"
#: The MIME types an original is served with (catalog `mime`, from pincite.extract.sniff).
MIME_TYPES = tuple(KIND_OF_MIME)


def content_disposition(file_name: str, inline: bool = True) -> str:
    """`inline; filename="<name>"` (`attachment; ...` when not `inline`), with an ASCII
    fallback name and, when the name is not plain ASCII, `filename*=UTF-8''<percent-encoded
    name>` (RFC 6266)."""
    fallback = "".join(ch if 32 <= ord(ch) < 127 and ch not in '"\\' else "_" for ch in file_name)
    value = f'{"inline" if inline else "attachment"}; filename="{fallback}"'
    if fallback != file_name:
        value += f"; filename*=UTF-8''{urllib.parse.quote(file_name, safe='')}"
    return value


@router.get("/documents/{doc_id}/pages/{n}.png", response_class=Response,
            responses={200: {"content": {"image/png": {}}, "description": "the page image"}, 404: {}})
async def page_png(doc_id: str, n: str, state: StateDep, chunk_id: str | None = None,
                   quote: str | None = None) -> Response:
    doc_id, page_no, quote = params.doc_id(doc_id), params.page_no(n), params.quote(quote)
    png = await state.run(state.lib.page_image, doc_id, page_no, chunk_id=params.chunk_id(chunk_id), quote=quote)
    return Response(png, media_type="image/png", headers={"Cache-Control": CACHE_CONTROL})


@router.get("/documents/{doc_id}/pages/{n}/highlight", response_model=HighlightOut, responses={404: {}})
async def highlight(doc_id: str, n: str, state: StateDep, chunk_id: str | None = None,
                    quote: str | None = None) -> dict:
    doc_id, page_no, quote = params.doc_id(doc_id), params.page_no(n), params.quote(quote)
    r = await state.run(state.lib.highlight, doc_id, page_no, chunk_id=params.chunk_id(chunk_id), quote=quote)
    return {"page": r.page, "width": round(r.width, 2), "height": round(r.height, 2), "rects": r.rects}


@router.get("/documents/{doc_id}/pages/{n}/text", response_model=PageTextOut, responses={404: {}})
async def page_text(doc_id: str, n: str, state: StateDep, chunk_id: str | None = None,
                    quote: str | None = None) -> dict:
    """The text of unit `n` of any document: a PDF page, or the n-th sheet, slide or block
    of lines of another kind (n as in the `p<n>` of its chunk ids), with its address. Given
    a citation's `quote` (and `chunk_id`), `marks` says where it stands in `text`, found as
    the highlight rectangles are."""
    doc_id, page_no, quote = params.doc_id(doc_id), params.page_no(n), params.quote(quote)
    src = await state.run(state.lib.page_source, doc_id, page_no, chunk_id=params.chunk_id(chunk_id), quote=quote)
    return {"doc_id": doc_id, "page": page_no, "page_label": src.page_label,
            "label_source": src.label_source, "pages": src.pages, "kind": src.kind,
            "address": src.address, "ocr": src.ocr, "text": src.text, "hidden": src.hidden,
            "marks": [list(m) for m in src.marks]}


@router.get("/documents/{doc_id}/file", response_class=FileResponse,
            responses={200: {"content": {m: {} for m in MIME_TYPES},
                             "description": "the original, with its MIME type and file name"}, 404: {}})
async def original(doc_id: str, state: StateDep) -> FileResponse:
    """The stored original: a PDF inline (a browser opens it at `#page=n`), any other
    kind as a download, each with its own MIME type and the file name it was added under."""
    doc_id = params.doc_id(doc_id)
    f = await state.run(state.lib.original, doc_id)
    media_type = f.mime if f.mime in MIME_TYPES else "application/octet-stream"
    return FileResponse(f.path, media_type=media_type, headers={
        "Cache-Control": CACHE_CONTROL, "X-Content-Type-Options": "nosniff",
        "Content-Disposition": content_disposition(f.file_name, inline=f.is_pdf)})


@router.get("/chunks/{chunk_id}", response_model=ChunkOut, responses={404: {}})
async def chunk(chunk_id: str, state: StateDep) -> dict:
    c = await state.run(state.lib.chunk, params.chunk_id(chunk_id))
    return {"chunk_id": c.chunk_id, "doc_id": c.doc_id, "page": c.page, "page_end": c.page_end,
            "page_label": c.page_label or None, "label_source": c.label_source,
            "char_start": c.char_start, "char_end": c.char_end, "kind": c.kind, "text": c.text}
