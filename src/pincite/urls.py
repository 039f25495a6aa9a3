"""The one URL policy of pincite, for every URL a key, a question or a document travels to.

A URL that pincite sends to (a model server, an embedding endpoint, a document to download)
must use https, or plain http only when its host is written as one of LOCAL_HOSTS
(localhost, 127.0.0.1, ::1: the machine itself, so nothing crosses a network in clear text;
other spellings of a loopback address, such as 127.0.0.2, are refused so the rule reads the
same in every message). It must not carry a user name or password (a
secret in a URL ends up in logs and messages; keys are passed apart from the URL), nor
whitespace or control characters. `web_url` applies these rules; each caller turns a
refusal into its own error and wording, and adds its own rules (a /v1 path, no query).

Two tests, for two questions: `is_local_url` (is this URL's host one of LOCAL_HOSTS, where
plain http and a missing key are fine) and `is_loopback_host` (is this host name or address
one the operating system routes to the machine itself: "localhost" and all of 127.0.0.0/8 and
::1; what a server may listen on without a token, and where the CLI may send one). Nothing
here resolves a name or opens a connection.
"""
from __future__ import annotations

import ipaddress
import re
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:  # httpx (~0.05 s to import) loads when a URL is first parsed
    import httpx

#: Hosts plain http may go to, as httpx gives a URL's host (lowercase, IPv6 without brackets).
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})
#: LOCAL_HOSTS as a message names them.
LOCAL_HOSTS_SHOWN = "localhost, 127.0.0.1 and [::1]"
#: Control characters and whitespace (space included), refused anywhere in a URL.
UNSAFE_CHARS = re.compile(r"[\x00-\x20\x7f-\x9f]")

Rule = Literal["empty", "control", "unparsable", "userinfo", "scheme", "plain_http"]


class UrlRefused(ValueError):
    """`web_url` refused a URL. `rule` names the rule broken (one of Rule, in the order they
    are checked); `parsed` is the parsed URL once parsing succeeded (None before). The message
    is the rule's name only: callers word their own, and never repeat the URL's userinfo."""

    def __init__(self, rule: Rule, parsed: httpx.URL | None = None) -> None:
        super().__init__(rule)
        self.rule: Rule = rule
        self.parsed = parsed


#: A URL as a user gives one among file paths: a scheme (RFC 3986 section 3.1), then "://".
URL_RE = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*://")


def is_url(text: str) -> bool:
    """True when `text` looks like a URL (``scheme://...``) rather than a file path."""
    return bool(URL_RE.match(str(text)))


def is_loopback_host(host: str) -> bool:
    """True for "localhost" (any case, trailing dot allowed) and loopback addresses
    (127.0.0.0/8, ::1; "[::1]" allowed); False for any other host and for ''."""
    if host.lower().rstrip(".") == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def is_local_url(url: str | httpx.URL) -> bool:
    """True when the URL's host is one of LOCAL_HOSTS (any case); False for any other host and
    for a URL that cannot be parsed. Never raises."""
    import httpx

    try:
        u = url if isinstance(url, httpx.URL) else httpx.URL(url)
        return u.host.lower() in LOCAL_HOSTS
    except Exception:
        return False


def web_url(url: str) -> httpx.URL:
    """`url` parsed, once it passes the policy (module docstring). Raises UrlRefused naming
    the first rule broken, checked in this order: empty (or not a str), control (whitespace
    or control characters), unparsable (a port outside 1..65535 too), userinfo, scheme (not
    http/https, or no host), plain_http (http to a host not in LOCAL_HOSTS)."""
    if not isinstance(url, str) or not url:
        raise UrlRefused("empty")
    if UNSAFE_CHARS.search(url):
        raise UrlRefused("control")
    import httpx

    try:
        parsed = httpx.URL(url)
        port = parsed.port
    except Exception:
        raise UrlRefused("unparsable") from None
    if port is not None and not 0 < port < 65536:  # httpx parses any number of digits
        raise UrlRefused("unparsable")
    if parsed.userinfo:
        raise UrlRefused("userinfo", parsed)
    if parsed.scheme not in ("http", "https") or not parsed.host:
        raise UrlRefused("scheme", parsed)
    if parsed.scheme == "http" and parsed.host.lower() not in LOCAL_HOSTS:
        raise UrlRefused("plain_http", parsed)
    return parsed
