"""The app factory: one FastAPI app over one data folder, with its routes table.

`create_app` opens the library (pincite.web.state.WebState), puts the request guard in
front of everything (pincite.web.guard), turns pincite errors into JSON, includes the REST
routes (pincite.web.routes, ROUTERS below, each behind the token check), serves the
browser UI (`static/`, at `/`) and mounts the MCP server at `/mcp` (pincite.mcp.http),
whose tools call the library on the library thread like every route.

Errors: pincite errors become `{"detail": message}` with 400 (QuestionError, ConfigError,
IngestError), 404 (NotFound), 409 (LockHeld, IndexBusy, ProfileMismatch) or 507 (DiskFull);
unknown or malformed ids 404; an LLM server failure 502 `{"detail", "kind"}` (LlmError;
its message never holds the key), an LLM setting that is not valid 400. With a token
(PINCITE_TOKEN) every /api and /mcp request needs `Authorization: Bearer <token>`; without
one the server listens on loopback only (pincite.web.server.check_host).
"""
from __future__ import annotations

import secrets
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator

import anyio
from fastapi import Depends, FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from starlette.exceptions import HTTPException as StarletteHTTPException

from .. import __version__
from ..config import Settings
from ..errors import (
    ConfigError,
    DiskFull,
    IndexBusy,
    IngestError,
    LlmError,
    LockHeld,
    NotFound,
    PinciteError,
    ProfileMismatch,
    QuestionError,
)
from .guard import RequestGuard
from .routes import ask, documents, export, health, llm, pages, params
from .state import WebState

STATIC_DIR = Path(__file__).resolve().parent / "static"

#: The REST API, in the order its routes are matched and published (pincite.web.routes).
ROUTERS = (health.router, ask.router, export.router, llm.router, documents.router, pages.router)

#: HTTP status of each pincite error (the first class that matches); any other is 500.
_STATUS = [(NotFound, 404), (QuestionError, 400), (ConfigError, 400), (IngestError, 400),
           (LockHeld, 409), (IndexBusy, 409), (ProfileMismatch, 409), (DiskFull, 507)]


#: HTTP status of an LlmError by its kind: the client's to fix (settings not valid or not
#: set: 400; connection not checked yet: 409); any other kind is the model server's (502).
_LLM_STATUS = {"config": 400, "not_configured": 400, "not_checked": 409}


async def pincite_error(request: Request, exc: Exception) -> JSONResponse:
    """Exception handler: a PinciteError as `{"detail": message, "code": PinciteError.code}`
    with its _STATUS code."""
    status = next((code for cls, code in _STATUS if isinstance(exc, cls)), 500)
    code = exc.code if isinstance(exc, PinciteError) else PinciteError.code
    return JSONResponse({"detail": str(exc), "code": code}, status_code=status)


async def llm_error(request: Request, exc: Exception) -> JSONResponse:
    """Exception handler: an LlmError as `{"detail", "kind", "code"}` ("llm_" and the kind),
    with its _LLM_STATUS."""
    kind = exc.kind if isinstance(exc, LlmError) else "unavailable"
    return JSONResponse({"detail": str(exc), "kind": kind, "code": f"llm_{kind}"},
                        status_code=_LLM_STATUS.get(kind, 502))


#: The `code` of an HTTP error a route or the framework raises (HTTPException), by status,
#: beside the PinciteError codes: an unknown document, page or chunk is "not_found" as a
#: NotFound is; a status not listed is "http_<status>".
HTTP_CODES = {400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found",
              405: "method_not_allowed", 409: "conflict", 413: "too_large", 415: "unsupported_media_type"}


async def http_error(request: Request, exc: Exception) -> JSONResponse:
    """Exception handler: an HTTPException (a route's 400 for bad input or 404 for an unknown
    id, the framework's 404 or 405) as `{"detail", "code"}` like every other error, the code
    by status (HTTP_CODES), its headers kept (a 401's WWW-Authenticate)."""
    status = getattr(exc, "status_code", 500)
    detail = getattr(exc, "detail", None) or str(exc)
    return JSONResponse({"detail": detail, "code": HTTP_CODES.get(status, f"http_{status}")},
                        status_code=status, headers=getattr(exc, "headers", None))


async def validation_error(request: Request, exc: Exception) -> JSONResponse:
    """Exception handler: a request that does not fit its schema (an unknown field, a wrong
    type) as FastAPI gives it, 422 with `detail` the list of problems, plus `code`
    "invalid_request"."""
    errors = exc.errors() if isinstance(exc, RequestValidationError) else []
    return JSONResponse({"detail": jsonable_encoder(errors), "code": "invalid_request"}, status_code=422)


def create_app(settings: Settings | None = None, *, token: str | None = None,
               hosts: frozenset[str] | None = None) -> FastAPI:
    """The FastAPI app over the data folder of `settings` (opened now: IndexBusy when another
    process holds its index). `token`: require `Authorization: Bearer <token>` on /api and
    /mcp (the MCP endpoint, pincite.mcp.http). `hosts`: the host names the app answers to
    besides IP addresses (guard.allowed_names; Server passes them), None for no Host check
    (an app used in-process). Every request passes guard.RequestGuard (Host, same origin,
    identity proof); the identity secret is `app.state.identity_key` (random per app).
    The app's `state.pincite` (WebState) must be closed when done (the lifespan does it)."""
    state = WebState(settings or Settings(), token or None)
    mcp_sessions: Any = None  # set below, once the app exists (pincite.mcp.http.mount)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        try:
            async with mcp_sessions.run():
                yield
        finally:
            await anyio.to_thread.run_sync(state.close)

    # /docs (Swagger UI) from the assets fastapi-offline ships, not from a CDN, so it works
    # with no network; validatorUrl None: Swagger UI never calls its online validator. No
    # /redoc: ReDoc's bundle still loads its logo from cdn.redoc.ly.
    # separate_input_output_schemas False: the Answer POST /api/export takes is published as
    # the one "Answer" schema POST /api/ask returns, not as Answer-Input and Answer-Output.
    app = FastAPIOffline(title="pincite", version=__version__, lifespan=lifespan, redoc_url=None,
                         separate_input_output_schemas=False,
                         static_url="/static-docs", swagger_ui_parameters={"validatorUrl": None},
                         description="Answers over your documents (PDF, Word, PowerPoint, Excel, text) with "
                                     "verified pinpoint citations.")
    app.state.pincite = state
    app.state.identity_key = secrets.token_urlsafe(32)
    app.add_middleware(RequestGuard, names=hosts, key=app.state.identity_key)
    app.add_exception_handler(PinciteError, pincite_error)
    app.add_exception_handler(LlmError, llm_error)
    app.add_exception_handler(StarletteHTTPException, http_error)
    app.add_exception_handler(RequestValidationError, validation_error)
    for router in ROUTERS:
        app.include_router(router, dependencies=[Depends(params.require_token)])

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        page = STATIC_DIR / "index.html"
        if not page.is_file():
            raise params.not_found("the web UI is not installed")
        return FileResponse(page, media_type="text/html", headers={"Cache-Control": "no-cache"})

    app.mount("/static", StaticFiles(directory=STATIC_DIR, check_dir=False), name="static")

    from ..mcp.http import mount as mount_mcp

    mcp_sessions = mount_mcp(app, state.on_library, state.token, guarded=hosts is not None)
    return app
