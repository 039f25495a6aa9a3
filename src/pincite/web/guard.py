"""Who may talk to `pincite serve`: the Host a request names, the page it comes from, and
the proof a server gives of being the one its data folder names.

Three rules, applied by `RequestGuard` in front of every route (REST API, web UI, /mcp):

- **Host** (DNS rebinding): a request must name this server. An IP address always does (a
  page cannot re-point an address at us), and so do "localhost", the address or name the
  server was bound to, this machine's host name and every name listed in
  PINCITE_ALLOWED_HOSTS (comma-separated). Any other name is answered 421.
- **Same origin** for every request that changes state (POST, PUT, PATCH, DELETE; on /mcp
  every method): `Sec-Fetch-Site` "cross-site" or "same-site", an `Origin` of another
  scheme, host or port, or `Origin: null` is answered 403. A browser's request (one with
  `Origin` or `Sec-Fetch-Site`) that changes state under /api must also carry the header
  `X-Pincite-Request` (the web UI sends it; a page of another origin cannot without a CORS
  preflight, which this server never grants). Clients that are not browsers (the CLI,
  curl, SDKs) send neither header and are judged by the token alone.
- **Identity**: a request with `X-Pincite-Challenge: <text>` gets `X-Pincite-Proof:
  HMAC-SHA256(key, text)` in hex, on any response (a 401 included), where the key is the
  random secret the server wrote to `<data>/server.json` (mode 0600). The CLI sends its
  token and files only to a loopback URL that proves it knows that key.

Importing this module loads nothing beyond the standard library.
"""
from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import os
import socket
import urllib.parse
from typing import Iterable

#: Environment variable: more host names the server answers to (comma-separated).
ALLOWED_HOSTS_ENV = "PINCITE_ALLOWED_HOSTS"
#: Header the web UI sends with its own requests (any non-empty value).
UI_HEADER = "x-pincite-request"
CHALLENGE_HEADER = "x-pincite-challenge"
PROOF_HEADER = "x-pincite-proof"
#: Methods that change state.
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
#: Longest challenge answered (bytes).
MAX_CHALLENGE = 256


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
        return True
    except ValueError:
        return False


def split_host(value: str) -> str:
    """The host part of a Host header value ("example.org:8000" -> "example.org",
    "[::1]:8000" -> "::1"), lower-case, without a trailing dot; "" when it cannot be read."""
    value = value.strip().lower()
    if value.startswith("["):
        end = value.find("]")
        return value[1:end] if end > 0 else ""
    if value.count(":") > 1:  # a bare IPv6 address
        return value
    return value.partition(":")[0].rstrip(".")


def allowed_names(bound_host: str, extra: Iterable[str] = ()) -> frozenset[str]:
    """The host names a server bound to `bound_host` answers to: "localhost", the bound
    name (when it is not an address), this machine's host name and fully qualified name
    when bound to every interface, `extra`, and the names in PINCITE_ALLOWED_HOSTS. IP
    addresses are always accepted and need not be listed."""
    names = {"localhost"}
    h = bound_host.strip("[]").lower()
    if h in ("", "0.0.0.0", "::"):
        for name in (socket.gethostname(), socket.getfqdn()):
            if name:
                names.add(name.lower().rstrip("."))
    elif not _is_ip(h):
        names.add(h.rstrip("."))
    names.update(n.strip().lower().rstrip(".") for n in extra if n.strip())
    names.update(n.strip().lower().rstrip(".") for n in os.environ.get(ALLOWED_HOSTS_ENV, "").split(",")
                 if n.strip())
    return frozenset(names)


def host_allowed(host_header: str, names: frozenset[str]) -> bool:
    """True when the Host header value names this server (an IP address, or one of `names`)."""
    host = split_host(host_header)
    return bool(host) and (_is_ip(host) or host in names)


def _origin_tuple(scheme: str, netloc: str) -> tuple[str, str, int] | None:
    parsed = urllib.parse.urlsplit(f"{scheme}://{netloc}")
    try:
        port = parsed.port
    except ValueError:
        return None
    if parsed.hostname is None:
        return None
    return (scheme.lower(), parsed.hostname.lower().rstrip("."), port or (443 if scheme == "https" else 80))


def same_origin(origin: str, scheme: str, host_header: str) -> bool:
    """True when the `Origin` header value is the origin the request was sent to
    (`scheme` of the connection, `host_header`); "null" and unreadable values are not."""
    parsed = urllib.parse.urlsplit(origin.strip())
    if parsed.scheme not in ("http", "https") or not parsed.netloc:
        return False
    mine = _origin_tuple(scheme, host_header)
    return mine is not None and _origin_tuple(parsed.scheme, parsed.netloc) == mine


def proof(key: str, challenge: str) -> str:
    """HMAC-SHA256 of `challenge` under `key`, in hex: what a server answers a challenge with."""
    return hmac.new(key.encode("utf-8"), challenge.encode("utf-8"), hashlib.sha256).hexdigest()


#: The `code` of a refusal by its status (the guard refuses before any route runs).
REFUSAL_CODES = {421: "wrong_host", 403: "forbidden"}


class RequestGuard:
    """ASGI middleware enforcing the module's rules on HTTP requests.

    `app`: the wrapped ASGI app. `names`: host names accepted besides IP addresses
    (allowed_names); None turns the Host check off (an app used in-process, such as under a
    test client, where no socket is bound). `key`: the identity secret challenges are
    answered with (None: no proof header). Refusals are JSON `{"detail", "code"}` with 421
    ("wrong_host") or 403 ("forbidden"), the shape of every other error.
    """

    def __init__(self, app, names: frozenset[str] | None, key: str | None):
        self.app, self.names, self.key = app, names, key

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers") or []}
        host = headers.get("host", "")
        refusal = self._refusal(scope, headers, host)
        send = self._with_proof(send, headers.get(CHALLENGE_HEADER))
        if refusal is not None:
            status, detail = refusal
            body = json.dumps({"detail": detail, "code": REFUSAL_CODES.get(status, f"http_{status}")}).encode("utf-8")
            await send({"type": "http.response.start", "status": status,
                        "headers": [(b"content-type", b"application/json"),
                                    (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body})
            return
        await self.app(scope, receive, send)

    def _refusal(self, scope, headers: dict[str, str], host: str) -> tuple[int, str] | None:
        if self.names is not None and not host_allowed(host, self.names):
            shown = split_host(host)[:100].encode("unicode_escape").decode("ascii") or "(none)"
            return 421, (f"host {shown} is not a name of this pincite server (a page of another site "
                         f"may be posing as it); to serve it under that name, add it to {ALLOWED_HOSTS_ENV}")
        path, method = scope.get("path", ""), scope.get("method", "GET").upper()
        mcp = path == "/mcp" or path.startswith("/mcp/")
        if method not in UNSAFE_METHODS and not mcp:
            return None
        site = headers.get("sec-fetch-site", "").lower()
        origin = headers.get("origin")
        if site in ("cross-site", "same-site"):
            return 403, f"refused: a {site} request may not change this library (another page sent it)"
        if origin is not None and not same_origin(origin, scope.get("scheme", "http"), host):
            return 403, "refused: the request comes from another origin than this server's own page"
        if (method in UNSAFE_METHODS and path.startswith("/api/") and (origin is not None or site)
                and not headers.get(UI_HEADER)):
            return 403, f"refused: a browser request that changes the library needs the {UI_HEADER} header"
        return None

    def _with_proof(self, send, challenge: str | None):
        if self.key is None or not challenge or len(challenge) > MAX_CHALLENGE:
            return send
        value = proof(self.key, challenge).encode("ascii")

        async def sender(message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), (PROOF_HEADER.encode(), value)]}
            await send(message)

        return sender
