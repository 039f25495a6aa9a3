"""The LLM settings of a browser session (pincite.web.sessions): read them, set them, and
run the connection check that must pass before a question is answered in mode "llm".
Nothing of them is stored; a response shows the key only as `key_set`."""
from __future__ import annotations

import json

import anyio
from fastapi import APIRouter, HTTPException, Request, Response
from pydantic import ValidationError

from pincite.library.facade import Library

from ...errors import LlmError
from ..schemas import LlmCheckOut, LlmSettingsIn, LlmSettingsOut
from ..sessions import LLM_NOT_CONFIGURED, llm_view
from ..state import StateDep

router = APIRouter(prefix="/api")


@router.get("/settings/llm", response_model=LlmSettingsOut)
async def get_llm_settings(request: Request, state: StateDep) -> dict:
    """The LLM settings in force for this browser session (the key only as key_set)."""
    return llm_view(*state.llm.in_force(state.llm.of_request(request)))


@router.put("/settings/llm", response_model=LlmSettingsOut, responses={400: {}},
            openapi_extra={"requestBody": {"required": True, "content": {"application/json": {
                "schema": LlmSettingsIn.model_json_schema()}}}})
async def put_llm_settings(request: Request, response: Response, state: StateDep) -> dict:
    """Set this browser session's LLM settings (held in server memory only; never stored).
    Any change clears the checked state."""
    try:
        data = json.loads(await request.body())
    except ValueError:
        raise HTTPException(400, "send the settings as a JSON object") from None
    try:
        body = LlmSettingsIn.model_validate(data)
    except ValidationError as e:  # name the fields, never echo a value (it may be the key)
        fields = ", ".join(f"{'.'.join(map(str, err['loc'])) or 'body'} ({err['msg']})"
                           for err in e.errors(include_input=False, include_url=False))
        raise HTTPException(400, f"invalid LLM settings: {fields}") from None
    new, key_source = state.llm.build(state.llm.of_request(request), body, "key" in body.model_fields_set)
    sess = state.llm.for_request(request, response)  # only once the settings are valid
    state.llm.put(sess, new, key_source)
    return llm_view(*state.llm.in_force(sess))


@router.post("/settings/llm/check", response_model=LlmCheckOut, responses={400: {}})
async def check_llm_settings(request: Request, response: Response, state: StateDep) -> dict:
    """Run the connection check (answer.llm_check.check_llm: no document text is sent) on the
    settings in force for this session; when it passes they count as checked."""
    settings, _, _, _ = state.llm.in_force(state.llm.of_request(request))
    if settings is None:
        raise LlmError(LLM_NOT_CONFIGURED, kind="not_configured")
    sess = state.llm.for_request(request, response)
    result = await anyio.to_thread.run_sync(Library.check_llm, settings)
    state.llm.checked(sess, settings, result.ok, result.response_format)
    return {"ok": result.ok, "response_format": result.response_format,
            "models": result.models, "messages": result.messages}
