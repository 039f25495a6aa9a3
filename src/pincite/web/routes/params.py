"""What every route shares: the bearer-token dependency, and the checks of the ids, page
numbers and quotes a path or query names. A malformed id is answered as an unknown one
(404), so nothing malformed reaches the Library.
"""
from __future__ import annotations

import hmac
import re

from fastapi import Depends, HTTPException
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from pincite.library.reading import CHUNK_ID_RE

from ..state import StateDep

#: Strict id patterns: document ids in paths and URLs must match them. A doc_id is the
#: first 16 hex digits of the original's SHA-256 (pincite.library.facade.Library); a chunk
#: id's grammar is CHUNK_ID_RE of pincite.library.reading; a page is a 1-based number.
DOC_ID_RE = re.compile(r"[0-9a-f]{16}")
PAGE_RE = re.compile(r"[1-9][0-9]{0,6}")
#: Longest quote accepted by the highlight routes (an Answer quote is a sentence window).
MAX_QUOTE_CHARS = 5000

#: The Authorization scheme of /api (published in /openapi.json).
bearer = HTTPBearer(auto_error=False, description="PINCITE_TOKEN, when the server has one")


def require_token(state: StateDep, creds: HTTPAuthorizationCredentials | None = Depends(bearer)) -> None:
    """FastAPI dependency of every /api route: with a server token, 401 (`WWW-Authenticate:
    Bearer`) unless the request carries `Authorization: Bearer <token>` (compared in
    constant time); without one, nothing to check."""
    if state.token is None:
        return
    given = creds.credentials.encode("utf-8") if creds is not None else b""
    if not hmac.compare_digest(given, state.token.encode("utf-8")):
        raise HTTPException(401, "a valid bearer token is needed", headers={"WWW-Authenticate": "Bearer"})


def not_found(detail: str) -> HTTPException:
    """A 404 with `detail`."""
    return HTTPException(status_code=404, detail=detail)


def doc_id(value: str) -> str:
    """`value` when it is a well-formed document id; 404 otherwise."""
    if not DOC_ID_RE.fullmatch(value):
        raise not_found("no document with this id")
    return value


def page_no(value: str) -> int:
    """The page number `value` names (1 to 9,999,999); 404 otherwise."""
    if not PAGE_RE.fullmatch(value):
        raise not_found("no such page")
    return int(value)


def chunk_id(value: str | None) -> str | None:
    """`value` when None or a well-formed chunk id; 404 otherwise."""
    if value is not None and not CHUNK_ID_RE.fullmatch(value):
        raise not_found("no chunk with this id")
    return value


def quote(value: str | None) -> str | None:
    """`value` when None or at most MAX_QUOTE_CHARS long; 400 otherwise."""
    if value is not None and len(value) > MAX_QUOTE_CHARS:
        raise HTTPException(400, f"the quote has {len(value)} characters; the limit is {MAX_QUOTE_CHARS}")
    return value
