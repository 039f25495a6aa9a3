"""POST /api/export: the evidence export of an answer as the file a browser downloads.

The body is the Answer the question got (pincite.contract.Answer, as POST /api/ask sent
it); `format` is "md" or "csv". The file is Library.evidence_file's (pincite.library.export,
the one implementation `pincite ask --export` prints too): verified claims only, each link
opening the cited original on this server. It comes as an attachment
("pincite-evidence.md" / ".csv") with its MIME type; nothing is kept.
"""
from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from pincite.contract import Answer

from ..state import StateDep
from .pages import content_disposition

router = APIRouter(prefix="/api")


@router.post("/export", response_class=Response, responses={
    200: {"content": {"text/markdown": {}, "text/csv": {}},
          "description": "the evidence file, as an attachment"}, 422: {}})
async def export(answer: Answer, request: Request, state: StateDep,
                 fmt: Literal["md", "csv"] = Query("md", alias="format")) -> Response:
    """The verified claims of `answer` (and of its parts, and the calculations done) as
    Markdown or CSV, one row per verified citation with its quote, source line and a link
    to the cited page of the original on this server; a CSV starts with a byte-order mark."""
    f = await state.run(state.lib.evidence_file, answer, fmt, base_url=str(request.base_url))
    return Response(f.data, media_type=f.media_type, headers={
        "Content-Disposition": content_disposition(f.file_name, inline=False),
        "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"})
