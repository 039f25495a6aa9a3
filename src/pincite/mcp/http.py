"""The streamable HTTP transport of the MCP server, mounted at `/mcp` in `pincite serve`.

`mount` adds the route to the web app and returns the session manager, whose `run()` the
app's lifespan must hold open while it serves. The token rule is the REST API's: with a
token (PINCITE_TOKEN) every request needs `Authorization: Bearer <token>` (401 otherwise);
without one the server listens on loopback only. Host and Origin are checked by the web
app's guard (pincite.web.guard), the same rule as the REST API's; an app built without
host names (in-process) keeps the SDK's DNS-rebinding protection (loopback only) instead.
"""
from __future__ import annotations

import hmac

from starlette.responses import JSONResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from .server import LibraryRun, build_server

#: Where the MCP endpoint is served.
MCP_PATH = "/mcp"


class BearerGuard:
    """ASGI wrapper: lets a request through only with `Authorization: Bearer <token>`
    (scheme case-insensitive, token compared in constant time), else answers 401 with
    `{"detail": ...}` and `WWW-Authenticate: Bearer`. With `token` None everything passes."""

    def __init__(self, app: ASGIApp, token: str | None):
        self.app, self.token = app, token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.token is not None and scope["type"] == "http":
            header = dict(scope.get("headers") or []).get(b"authorization", b"")
            scheme, _, given = header.partition(b" ")
            if scheme.lower() != b"bearer" or not hmac.compare_digest(given.strip(), self.token.encode("utf-8")):
                await JSONResponse({"detail": "a valid bearer token is needed"}, status_code=401,
                                   headers={"WWW-Authenticate": "Bearer"})(scope, receive, send)
                return
        await self.app(scope, receive, send)


def mount(app, run: LibraryRun, token: str | None, *, guarded: bool = False):
    """Add the MCP endpoint at MCP_PATH to the Starlette/FastAPI `app`, its tools calling
    the library through `run` (pincite.mcp.server.build_server) and guarded by `token`
    (BearerGuard). `guarded`: the app already checks Host and Origin for every route
    (pincite.web.guard.RequestGuard with host names), so the SDK's own check is left off and
    /mcp follows the same rule as the REST API; otherwise, without a token, the SDK accepts
    loopback Host and Origin headers only. Returns the SDK's StreamableHTTPSessionManager,
    whose `run()` context the app's lifespan must enter (it can be entered once)."""
    from mcp.server.streamable_http_manager import StreamableHTTPASGIApp
    from mcp.server.transport_security import TransportSecuritySettings

    server = build_server(run)
    if token is None and not guarded:  # loopback only (web.server.check_host): refuse other Host / Origin headers
        security = TransportSecuritySettings(
            enable_dns_rebinding_protection=True,
            allowed_hosts=["127.0.0.1", "127.0.0.1:*", "localhost", "localhost:*", "[::1]", "[::1]:*"],
            allowed_origins=["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"])
    else:  # any address may be served; the token guards every request
        security = TransportSecuritySettings(enable_dns_rebinding_protection=False)
    server.streamable_http_app(streamable_http_path=MCP_PATH, transport_security=security)
    manager = server.session_manager
    app.router.routes.append(Route(MCP_PATH, endpoint=BearerGuard(StreamableHTTPASGIApp(manager), token),
                                   methods=["GET", "POST", "DELETE"], include_in_schema=False))
    return manager
