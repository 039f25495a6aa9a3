"""POST /api/ask: a question answered from the library, extractive or by a model.

`scope` ({model, modification, revision, trust, include_uploaded}) becomes the SearchFilter
inside the search (Library.make_scope); without one, as in the CLI, uploaded documents do
not answer (the web UI's "Include uploaded documents" switch, on by default, sends
include_uploaded). Mode "llm" uses the session's LLM settings, else the server's
(pincite.web.sessions), once their connection check passed; it runs on the library thread
like any ask (retrieval needs it), so while the model answers other library calls (page
images, uploads) wait: acceptable for one user.
"""
from __future__ import annotations

from dataclasses import replace
from typing import cast

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse, Response

from pincite.contract import Answer
from pincite.library.facade import Library

from ...answer.llm_settings import LlmSettings, ResponseFormat
from ...errors import LlmError, ProfileMismatch
from ...index.base import SearchFilter
from ..schemas import AskRequest
from ..sessions import LLM_NOT_CHECKED, LLM_NOT_CONFIGURED
from ..state import StateDep
from . import params

router = APIRouter(prefix="/api")


@router.post("/ask", response_model=Answer, responses={400: {}, 404: {}, 409: {}, 502: {}})
async def ask(body: AskRequest, request: Request, state: StateDep) -> Response:
    """Answer a question. mode "llm": with the session's LLM settings (else the server's),
    once their connection check passed (409 before); a model server failure is 502.
    `scope` filters the search (model, modification, revision, trust, include_uploaded);
    the Answer's `scope` says what was used. Without one, uploaded documents do not
    answer (the web UI sends include_uploaded, on by default there)."""
    flt: SearchFilter | None = None
    if body.scope is not None:
        try:
            flt = Library.make_scope(body.scope.model_dump(exclude_none=True))
        except ValueError as e:
            raise HTTPException(400, str(e)) from None
    llm: LlmSettings | None = None
    if body.mode == "llm":
        llm, checked, rf, _ = state.llm.in_force(state.llm.of_request(request))
        if llm is None:
            raise LlmError(LLM_NOT_CONFIGURED, kind="not_configured")
        if not checked:
            raise LlmError(LLM_NOT_CHECKED, kind="not_checked")
        if rf and rf != llm.response_format:
            llm = replace(llm, response_format=cast(ResponseFormat, rf))
    if state.problem:
        raise ProfileMismatch(state.problem)
    if body.doc_ids is not None:
        if not body.doc_ids:
            raise HTTPException(400, "doc_ids is empty; send null to ask the whole library")
        for d in body.doc_ids:
            params.doc_id(d)

    def work() -> Answer:
        try:
            return state.lib.ask(body.question, doc_ids=body.doc_ids, llm=llm, scope=flt,
                                 serial=body.serial, mode=body.revision_mode, compare=body.compare)
        except ValueError as e:  # e.g. a serial number the registry does not know
            raise HTTPException(400, str(e)) from None

    ans = await state.run(work)
    return JSONResponse(ans.model_dump(mode="json"))
