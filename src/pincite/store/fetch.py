"""Download one document for `pincite ingest URL`, under pincite's one URL policy
(pincite.urls: https, or plain http only to the local host).

Rules, all tested (tests/test_fetch.py):
- https only; plain http only for localhost, 127.0.0.1 and ::1; no user name or password in
  the URL, no whitespace or control characters; the fragment is dropped.
- Every hop, the first one included, is resolved before any request and refused when an
  address of its host is private, link-local, reserved, multicast, unspecified or otherwise not
  public, or loopback (allowed only when the URL given was itself loopback). The connection goes
  to the address that was checked (the host name is kept for the Host header and TLS), so a
  name that resolves differently a moment later cannot slip through.
- Redirects (301, 302, 303, 307, 308) are followed by hand, at most MAX_REDIRECTS, each
  target checked by the same rules; https -> http is refused.
- The body is streamed into ``dest_dir`` with a size cap (Settings.max_bytes); past it the
  download stops, the partial file is removed and TooLarge names the URL and the limit.
- Errors are FetchError (an IngestError) or TooLarge with a short reason written here, never
  the server's response body; messages never show userinfo or the query string.
"""
from __future__ import annotations

import hashlib
import ipaddress
import os
import re
import socket
import time
from dataclasses import dataclass
from email.message import Message
from pathlib import Path
from urllib.parse import unquote

import httpx

from pincite.errors import FetchError, TooLarge
from pincite.urls import LOCAL_HOSTS_SHOWN, UrlRefused, is_local_url, web_url

#: Redirects followed before giving up.
MAX_REDIRECTS = 5
#: The whole download may take at most this many times `timeout_s` (a server trickling bytes
#: just inside the read timeout cannot hold the ingest forever).
TOTAL_TIMEOUT_FACTOR = 10
_REDIRECTS = (301, 302, 303, 307, 308)
_BAD_NAME_CHARS = re.compile(r'[\x00-\x1f\x7f-\x9f<>:"/\\|?*]')
_MAX_NAME = 120
_SUFFIX_OF_MIME = {
    "application/pdf": ".pdf",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ".docx",
    "application/vnd.openxmlformats-officedocument.presentationml.presentation": ".pptx",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ".xlsx",
    "text/plain": ".txt",
    "text/markdown": ".md",
}


@dataclass(frozen=True)
class Downloaded:
    """A downloaded original: `path` in the folder given, `url` as given (fragment dropped),
    `final_url` after redirects, `mime` the server's Content-Type (no parameters; None when
    absent), `size` in bytes, `sha256` hex of the bytes, `file_name` the sanitised name."""

    path: Path
    url: str
    final_url: str
    mime: str | None
    size: int
    sha256: str
    file_name: str


def shown_url(url: str | httpx.URL) -> str:
    """scheme://host[:port]/path of a URL, for messages: no userinfo, query or fragment."""
    try:
        u = url if isinstance(url, httpx.URL) else httpx.URL(url)
        host = u.host
    except Exception:
        return "the URL"
    if ":" in host:
        host = f"[{host}]"
    port = f":{u.port}" if u.port is not None else ""
    path = u.raw_path.decode("ascii", "replace").split("?", 1)[0]
    return f"{u.scheme}://{host}{port}{path}"


def check_url(url: str) -> httpx.URL:
    """The URL parsed, without its fragment, once it passes the rules (https, or http only for
    localhost, 127.0.0.1, ::1; no userinfo, whitespace or control characters). FetchError
    otherwise. No address is resolved here (see `download`)."""
    try:
        parsed = web_url(url)
    except UrlRefused as e:
        if e.rule == "empty":
            raise FetchError("the URL", "it is empty") from None
        if e.rule == "control":
            raise FetchError(shown_url(url.strip()), "the URL contains whitespace or control characters") from None
        if e.rule == "unparsable" or e.parsed is None:
            raise FetchError("the URL", "it cannot be parsed") from None
        shown = shown_url(e.parsed)
        if e.rule == "userinfo":
            raise FetchError(shown, "the URL must not contain a user name or password") from None
        if e.rule == "scheme":
            raise FetchError(shown, f"only https:// URLs can be downloaded (got {e.parsed.scheme or 'no'} scheme)"
                             ) from None
        raise FetchError(shown, f"plain http is allowed only for {LOCAL_HOSTS_SHOWN}; use https") from None
    return parsed.copy_with(fragment=None)


def _forbidden(ip: ipaddress.IPv4Address | ipaddress.IPv6Address, allow_loopback: bool) -> str | None:
    """Why a connection to `ip` is refused, or None when it is allowed."""
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if ip.is_loopback:
        return None if allow_loopback else "a loopback address"
    if ip.is_unspecified or ip.is_multicast or ip.is_reserved:
        return "a reserved address"
    if ip.is_link_local:
        return "a link-local address"
    if ip.is_private:
        return "a private address"
    if not ip.is_global:
        return "a non-public address"
    return None


def _resolve(url: httpx.URL, allow_loopback: bool, shown: str) -> str:
    """The address to connect to for `url`, after checking every address its host has."""
    host = url.host
    port = url.port or (443 if url.scheme == "https" else 80)
    try:
        addrs = [ipaddress.ip_address(host)]
    except ValueError:
        try:
            infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except (socket.gaierror, UnicodeError, OSError):
            raise FetchError(shown, f"the host {host} cannot be resolved") from None
        addrs = []
        for info in infos:
            ip = ipaddress.ip_address(str(info[4][0]).split("%", 1)[0])
            if ip not in addrs:
                addrs.append(ip)
    if not addrs:
        raise FetchError(shown, f"the host {host} has no address")
    for ip in addrs:
        why = _forbidden(ip, allow_loopback)
        if why:
            raise FetchError(shown, f"the host {host} resolves to {why} ({ip}); refused")
    return str(addrs[0])


def _file_name(response: httpx.Response, final: httpx.URL, mime: str | None) -> str:
    """The file's name from Content-Disposition, else the URL's last path segment; sanitised
    (no folders, control or reserved characters, at most _MAX_NAME characters)."""
    name = None
    cd = response.headers.get("content-disposition")
    if cd:
        msg = Message()
        msg["content-disposition"] = cd
        try:
            name = msg.get_filename()
        except Exception:
            name = None
    if not name:
        name = unquote(final.path.rsplit("/", 1)[-1])
    name = re.split(r"[/\\]", str(name))[-1]
    name = _BAD_NAME_CHARS.sub("_", name).strip(" .")
    if not name:
        name = "download"
    _, dot, suffix = name.rpartition(".")
    if not dot:
        suffix = ""
        wanted = _SUFFIX_OF_MIME.get(mime or "")
        if wanted:
            name, suffix = name + wanted, wanted[1:]
    if len(name) > _MAX_NAME:
        keep = ("." + suffix) if suffix and len(suffix) <= 10 else ""
        name = name[: _MAX_NAME - len(keep)] + keep
    return name


def download(url: str, dest_dir: Path | str, *, max_bytes: int, timeout_s: float = 60) -> Downloaded:
    """Download `url` into `dest_dir` (which must exist) under the module's rules and return a
    Downloaded. Raises FetchError (URL refused, redirect refused, too many redirects, HTTP
    error, connection failure, timeout) or TooLarge (over `max_bytes`); nothing is left in
    `dest_dir` then."""
    first = check_url(url)
    given = str(first)
    allow_loopback = is_local_url(first)
    dest_dir = Path(dest_dir)
    deadline = time.monotonic() + timeout_s * TOTAL_TIMEOUT_FACTOR
    current = first
    mib = max_bytes / 2**20
    with httpx.Client(timeout=httpx.Timeout(timeout_s), follow_redirects=False, trust_env=False) as client:
        for hop in range(MAX_REDIRECTS + 1):
            shown = shown_url(current)
            address = _resolve(current, allow_loopback, shown_url(first) if hop == 0 else
                               f"{shown_url(first)} (redirected to {shown})")
            target = current.copy_with(host=address)
            headers = {"Host": current.netloc.decode("ascii"), "Accept": "*/*",
                       "Accept-Encoding": "identity", "User-Agent": "pincite"}
            ext = {"sni_hostname": current.host} if current.scheme == "https" else {}
            try:
                request = client.build_request("GET", target, headers=headers, extensions=ext)
                response = client.send(request, stream=True)
            except httpx.TimeoutException:
                raise FetchError(shown, f"no answer within {timeout_s:g} s") from None
            except httpx.HTTPError as e:
                raise FetchError(shown, f"connection failed: {type(e).__name__}") from None
            try:
                if response.status_code in _REDIRECTS:
                    location = response.headers.get("location")
                    if not location:
                        raise FetchError(shown, f"HTTP {response.status_code} without a Location")
                    try:
                        nxt = current.join(location)
                    except Exception:
                        raise FetchError(shown, "the redirect target cannot be parsed") from None
                    where = f"{shown_url(first)} (redirected to {shown_url(nxt)})"
                    if current.scheme == "https" and nxt.scheme == "http":
                        raise FetchError(where, "a redirect from https to http is refused")
                    try:
                        nxt = check_url(str(nxt))
                    except FetchError as e:
                        raise FetchError(where, e.detail) from None
                    current = nxt
                    continue
                if response.status_code != 200:
                    raise FetchError(shown, f"HTTP {response.status_code}")
                return _save(response, given, current, dest_dir, max_bytes, mib, deadline, timeout_s)
            finally:
                response.close()
    raise FetchError(shown_url(first), f"more than {MAX_REDIRECTS} redirects")


def _save(response: httpx.Response, given: str, final: httpx.URL, dest_dir: Path, max_bytes: int,
          mib: float, deadline: float, timeout_s: float) -> Downloaded:
    shown = shown_url(given)
    limit = f"the limit is {max_bytes:,} bytes ({mib:.1f} MiB; PINCITE_MAX_FILE_MB)"
    declared = response.headers.get("content-length")
    if declared and declared.strip().isdigit() and int(declared) > max_bytes:
        raise TooLarge(shown, f"{int(declared):,} bytes announced; {limit}")
    mime = (response.headers.get("content-type") or "").split(";", 1)[0].strip().lower() or None
    name = _file_name(response, final, mime)
    part = dest_dir / f".{os.getpid()}-{time.monotonic_ns()}.part"
    digest = hashlib.sha256()
    size = 0
    try:
        with open(part, "wb") as out:
            for chunk in response.iter_bytes():
                size += len(chunk)
                if size > max_bytes:
                    raise TooLarge(shown, f"more than {max_bytes:,} bytes sent; {limit}")
                if time.monotonic() > deadline:
                    raise FetchError(shown, f"not finished within {timeout_s * TOTAL_TIMEOUT_FACTOR:g} s")
                digest.update(chunk)
                out.write(chunk)
        path = dest_dir / name
        os.replace(part, path)
    except httpx.TimeoutException:
        part.unlink(missing_ok=True)
        raise FetchError(shown, f"no data within {timeout_s:g} s") from None
    except httpx.HTTPError as e:
        part.unlink(missing_ok=True)
        raise FetchError(shown, f"download interrupted: {type(e).__name__}") from None
    except BaseException:
        part.unlink(missing_ok=True)
        raise
    return Downloaded(path=path, url=given, final_url=str(final), mime=mime, size=size,
                      sha256=digest.hexdigest(), file_name=name)
