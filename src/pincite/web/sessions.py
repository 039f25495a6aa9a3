"""Browser sessions and the LLM settings they hold, in server memory only.

An HttpOnly, SameSite=Strict cookie `pincite_session` (random, set on first need) names an
entry holding that session's LlmSettings (its API key included), whether its connection
check passed, and the response_format the check found. Nothing of it is written to disk,
logged or sent back (a response says `key_set` only); a restart forgets every session. A
session without settings of its own uses the server's (`Library.llm_settings(data_dir)`:
llm.json and the environment, PINCITE_API_KEY included, kept in memory). The routes that
read and change them are in pincite.web.routes.llm.
"""
from __future__ import annotations

import logging
import re
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from fastapi import Request, Response

from pincite.library.facade import Library

from ..answer.llm_settings import DEFAULT_MAX_TOKENS, DEFAULT_TIMEOUT_S, SETTINGS_FILE, LlmSettings
from ..errors import LlmError
from .schemas import LlmSettingsIn

log = logging.getLogger("uvicorn.error")

#: The browser session cookie (LLM settings), its value's shape (secrets.token_urlsafe(32)),
#: how many sessions are kept (least recently used dropped first) and for how long unused.
SESSION_COOKIE = "pincite_session"
SESSION_ID_RE = re.compile(r"[A-Za-z0-9_-]{43}")
MAX_SESSIONS = 1000
SESSION_IDLE_S = 24 * 3600.0
#: 400 detail of an LLM route or an ask in mode "llm" while no settings are in force, and
#: 409 detail of an ask in mode "llm" before their connection check passed.
LLM_NOT_CONFIGURED = ("LLM answers are not configured: set the URL and model in the web app's "
                      "settings panel, or run `pincite check-llm --llm-url URL --llm-model MODEL`, "
                      "which saves them for this server")
LLM_NOT_CHECKED = "check the LLM connection first"


@dataclass
class LlmSession:
    """One browser session's LLM state (server memory only). `settings`: the session's own,
    key included (None: it uses the server's). `checked_for`: the settings object whose
    connection check passed last (compared by identity: every change makes a new object, so
    any change, or a check that ran while the settings changed, leaves them unchecked);
    `response_format`: the mode that check found. `key_source`: where the session's key came
    from: "own" (given in this session), "cleared" (cleared with "": none, and the server's is
    not inherited), "server" (the server's, inherited while the URL is the server's) or None."""

    settings: LlmSettings | None = None
    key_source: str | None = None
    checked_for: LlmSettings | None = None
    response_format: str | None = None
    used: float = 0.0


class LlmSessions:
    """Browser sessions (cookie value -> LlmSession), least recently used dropped past
    MAX_SESSIONS or after SESSION_IDLE_S unused, and the server's own LLM settings (reloaded
    when <data>/llm.json changes, e.g. after `pincite check-llm`). Used from the event loop
    only; the lock guards against anything else."""

    def __init__(self, data_dir: Path):
        self.data_dir = data_dir
        self._sessions: OrderedDict[str, LlmSession] = OrderedDict()
        self._lock = threading.Lock()
        self._server: LlmSettings | None = None
        self._server_stamp: object = object()  # nothing loaded yet
        self.server_settings()

    def server_settings(self) -> LlmSettings | None:
        """The server's configuration (llm.json + environment), None when none or invalid."""
        try:
            st = (self.data_dir / SETTINGS_FILE).stat()
            stamp: object = (st.st_mtime_ns, st.st_size)
        except OSError:
            stamp = None
        if stamp != self._server_stamp:
            self._server_stamp = stamp
            try:
                self._server = Library.llm_settings(self.data_dir)
            except LlmError as e:  # the message names the setting, never the key
                log.warning("LLM settings of the server not used: %s", e)
                self._server = None
        return self._server

    def get(self, sid: str | None) -> LlmSession | None:
        """The live session named `sid` (marked used now), or None: malformed, unknown or
        idle past SESSION_IDLE_S (then forgotten)."""
        if not sid or not SESSION_ID_RE.fullmatch(sid):
            return None
        now = time.monotonic()
        with self._lock:
            sess = self._sessions.get(sid)
            if sess is None or now - sess.used > SESSION_IDLE_S:
                self._sessions.pop(sid, None)
                return None
            sess.used = now
            self._sessions.move_to_end(sid)
            return sess

    def of_request(self, request: Request) -> LlmSession | None:
        """The live session the request's cookie names, or None."""
        return self.get(request.cookies.get(SESSION_COOKIE))

    def for_request(self, request: Request, response: Response) -> LlmSession:
        """The request's session; a new one (its cookie set on `response`: HttpOnly,
        SameSite=Strict, Secure over https) when it has none."""
        sess = self.of_request(request)
        if sess is None:
            sid, sess = self.create()
            response.set_cookie(SESSION_COOKIE, sid, httponly=True, samesite="strict", path="/",
                                secure=request.url.scheme == "https")
        return sess

    def create(self) -> tuple[str, LlmSession]:
        """A new empty session and its id (the cookie's value); the idle ones and, past
        MAX_SESSIONS, the least recently used are dropped first."""
        sid, now = secrets.token_urlsafe(32), time.monotonic()
        with self._lock:
            for old in [k for k, v in self._sessions.items() if now - v.used > SESSION_IDLE_S]:
                del self._sessions[old]
            while len(self._sessions) >= MAX_SESSIONS:
                self._sessions.popitem(last=False)
            sess = self._sessions[sid] = LlmSession(used=now)
        return sid, sess

    def in_force(self, sess: LlmSession | None) -> tuple[LlmSettings | None, bool, str | None, str | None]:
        """(settings, checked, response_format, source) for a session (None: no session):
        its own settings, else the server's, which count as checked when the session checked
        them or the server's saved settings hold a response_format (`pincite check-llm`)."""
        if sess is not None and sess.settings is not None:
            mine = sess.checked_for is sess.settings
            return sess.settings, mine, sess.response_format if mine else None, "session"
        server = self.server_settings()
        if server is None:
            return None, False, None, None
        mine = sess is not None and sess.checked_for is server
        rf = (sess.response_format if sess is not None and mine else None) or server.response_format
        return server, mine or server.response_format is not None, rf, "server"

    def build(self, sess: LlmSession | None, body: LlmSettingsIn, key_given: bool) -> tuple[LlmSettings, str | None]:
        """The settings a PUT of `body` gives session `sess` (None: a new one), and where
        their key comes from (LlmSession.key_source); LlmError kind config when invalid.
        The server's key and headers go with the server's URL only: a session that points
        elsewhere never sends them there."""
        server = self.server_settings()
        same_url = server is not None and Library.llm_base_url(body.url) == server.base_url
        if key_given:
            key, source = (body.key, "own") if body.key else (None, "cleared")
        elif sess is not None and sess.key_source in ("own", "cleared"):
            key, source = sess.settings.api_key if sess.settings else None, sess.key_source
        elif server is not None and same_url and server.api_key:
            key, source = server.api_key, "server"
        else:
            key, source = None, None
        new = LlmSettings(base_url=body.url, model=body.model, query_model=body.query_model,
                          headers=dict(server.headers) if server is not None and same_url else {}, api_key=key,
                          timeout_s=server.timeout_s if server is not None else DEFAULT_TIMEOUT_S,
                          max_tokens=server.max_tokens if server is not None else DEFAULT_MAX_TOKENS)
        return new, source

    def put(self, sess: LlmSession, new: LlmSettings, source: str | None) -> None:
        """Replace the session's settings (from `build`); they are unchecked."""
        with self._lock:
            sess.settings, sess.key_source = new, source
            sess.checked_for, sess.response_format = None, None

    def checked(self, sess: LlmSession, settings: LlmSettings, ok: bool, response_format: str | None) -> None:
        """Record the outcome of a check of `settings` (a failed check unchecks them)."""
        with self._lock:
            if ok:
                sess.checked_for, sess.response_format = settings, response_format
            elif sess.checked_for is settings:
                sess.checked_for, sess.response_format = None, None


def llm_view(settings: LlmSettings | None, checked: bool, rf: str | None, source: str | None) -> dict:
    """The LlmSettingsOut of what `LlmSessions.in_force` returned: the key only as `key_set`."""
    return {"url": settings.base_url if settings else None, "model": settings.model if settings else None,
            "query_model": settings.query_model if settings else None,
            "key_set": bool(settings and settings.api_key), "checked": bool(settings) and checked,
            "response_format": rf if settings else None, "source": source}

