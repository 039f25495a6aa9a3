"""The documents of the library: list them (with the uploads in progress and the failed
files), upload files, change a document's fields, remove one, forget failed files.

Document fields (pincite.store.fields: model, modifications, revision, trust, language,
valid_from, valid_to, source_url) come with every document in GET /api/documents, are set
for every file of an upload by optional form fields (pincite.web.uploads) and are changed
by PATCH /api/documents/{id} (Library.set_fields, no re-parsing).
"""
from __future__ import annotations

from dataclasses import asdict

import anyio
from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse, Response
from python_multipart.exceptions import FormParserError
from python_multipart.multipart import MultipartParser, parse_options_header

from pincite.library.facade import Library
from pincite.store.fields import FIELD_NAMES

from ...errors import FieldError, ProfileMismatch
from ..schemas import DocumentFieldsIn, DocumentOut, DocumentsOut, FailureOut, UploadsOut
from ..state import StateDep
from ..uploads import UPLOAD_BODY, UploadSink
from . import params

router = APIRouter(prefix="/api")


# From the snapshot (pincite.web.state), taken again when stale and the library is idle.
@router.get("/documents", response_model=DocumentsOut)
async def documents(state: StateDep) -> dict:
    snap = await state.current_snapshot()
    return {"documents": snap.documents, "uploads": state.uploads.listing(),
            "failures": snap.failures, "problems": snap.problems}


# The body is read as it streams in (UploadSink), so its files never sit in memory whole;
# 202 with the uploads queued (pincite.web.uploads.UploadQueue ingests them).
@router.post("/documents", status_code=202, response_model=UploadsOut, openapi_extra=UPLOAD_BODY,
             responses={400: {}, 409: {}, 413: {}})
async def upload(request: Request, state: StateDep) -> JSONResponse:
    ctype, opts = parse_options_header(request.headers.get("content-type", ""))
    if ctype != b"multipart/form-data" or not opts.get(b"boundary"):
        raise HTTPException(400, "send the files as multipart/form-data in the field 'file'")
    if state.problem:
        raise ProfileMismatch(state.problem)
    size = request.headers.get("content-length", "")
    folder = state.uploads.dir
    state.lib.require_room(folder, int(size) if size.isdigit() else 0, "to receive this upload")
    sink = UploadSink(folder, state.settings.max_bytes)
    try:
        parser = MultipartParser(opts[b"boundary"], sink.callbacks())
        async for data in request.stream():
            if data:
                await anyio.to_thread.run_sync(parser.write, data)
            if sink.error:
                break
        if not sink.error:
            parser.finalize()
    except FormParserError:
        sink.discard()
        raise HTTPException(400, "malformed multipart body") from None
    except OSError as e:
        sink.discard()
        full = Library.disk_full(e, folder)
        if full is None:
            raise
        raise full from None
    except BaseException:
        sink.discard()
        raise
    if sink.error:
        sink.discard()
        raise HTTPException(*sink.error)
    if not sink.files:
        raise HTTPException(400, "no file in the field 'file'")
    try:
        fields, default_trust = sink.fields()
    except FieldError as e:
        sink.discard()
        raise HTTPException(400, str(e)) from None
    ups = state.uploads.enqueue(sink.files, fields, default_trust)
    return JSONResponse({"uploads": [u.public() for u in ups]}, status_code=202)


@router.patch("/documents/{doc_id}", response_model=DocumentOut, responses={400: {}, 404: {}, 409: {}})
async def patch_document(doc_id: str, body: DocumentFieldsIn, state: StateDep) -> dict:
    """Change a document's fields (model, modifications, revision, trust, language,
    valid_from, valid_to, source_url) without re-parsing it; the index follows at once,
    so the next question filters and cites by the new values. 400 with the reason for a
    value that cannot be accepted."""
    doc_id = params.doc_id(doc_id)
    changes = {k: v for k, v in body.model_dump(exclude_unset=True).items() if v is not None}
    if not changes:
        raise HTTPException(400, f"nothing to change: send one or more of {', '.join(FIELD_NAMES)}")
    try:
        changes = Library.check_fields(changes, "fields")
    except FieldError as e:
        raise HTTPException(400, str(e)) from None
    if state.problem:
        raise ProfileMismatch(state.problem)

    def work() -> dict:
        try:
            return state.set_fields(doc_id, changes)
        except FieldError as e:  # e.g. valid_from after the stored valid_to
            raise HTTPException(400, str(e)) from None

    return await state.run(work)


# 204 once the document, its index points, model and original are gone (WebState.delete).
@router.delete("/documents/{doc_id}", status_code=204, response_class=Response, responses={404: {}})
async def delete(doc_id: str, state: StateDep) -> Response:
    await state.run(state.delete, params.doc_id(doc_id))
    return Response(status_code=204)


@router.delete("/failures", response_model=list[FailureOut], responses={404: {}})
async def forget_failures(name: str, state: StateDep) -> list[dict]:
    """Forget the failed entries whose file name or source (a path, "upload:<file name>") is
    `name` (Library.remove_failed): the entries forgotten; 404 when none matched."""

    def work() -> list[dict]:
        gone = state.lib.remove_failed(name)
        if not gone:
            raise HTTPException(404, f"no failed entry with the file name or path {name!r}")
        state.refresh(False)
        return [{"file": f.file_name, **asdict(f)} for f in gone]

    return await state.run(work)
