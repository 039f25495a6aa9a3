"""The web server: one FastAPI app over one Library, the REST API and the static web UI.

A Qdrant Edge shard can be opened by one process, so the server owns one `Library` for
its lifetime and is the only process that touches the data folder while it runs (the CLI
finds it through `<data>/server.json`, see `pincite.web.client`). Every Library call (and
every PDFium call: PDFium is not thread-safe) runs on ONE dedicated library thread, a
single-worker executor: it serialises them as one lock would, and the SQLite catalog
connection, which may only be used by the thread that opened it, stays on that thread.
Requests await that thread without holding a server thread.

Uploads are saved while they stream in (`<data>/uploads/<id>.part`, refused with 413 past
Settings.max_bytes), then ingested by one background worker, one file at a time. The worker
reads each file (extraction, chunking, and embedding with a local embedder) in a child
process (pincite.extract.readahead); only storing and indexing it is a task on the library
thread, so a question asked meanwhile waits
for that write at most, not for the file's extraction and embedding. Upload status lives in memory (lost on
restart; the catalog keeps documents and failures). `GET /api/health` and `GET /api/documents` answer from a
snapshot and never wait for an ingest.

LLM settings are held per browser session: an HttpOnly, SameSite=Strict cookie
`pincite_session` (random, set on first need) names an entry in server memory holding that
session's LlmSettings (its API key included), whether its connection check passed, and the
response_format the check found. Nothing of it is written to disk, logged or sent back (a
response says `key_set` only); a restart forgets every session. A session without settings
of its own uses the server's (`load_settings(data_dir)`: llm.json and the environment,
PINCITE_API_KEY included, kept in memory). `POST /api/ask` with mode "llm" runs on the
library thread like any ask (retrieval needs it), so while the model answers other library
calls (page images, uploads) wait: acceptable for one user; to be split later.

Document fields (pincite.store.fields: model, modifications, revision, trust, language,
valid_from, valid_to, source_url) come with every document in `GET /api/documents`, are set
for every file of an upload by optional form fields (`trust`, `model`, `modification`
repeatable, `revision`, ...; a web upload's trust is "uploaded" unless the form names one)
and are changed by `PATCH /api/documents/{id}` (Library.set_fields, no re-parsing). `POST
/api/ask` takes an optional `scope` ({model, modification, revision, trust, include_uploaded})
that becomes the SearchFilter inside the search; without one, as in the CLI, uploaded
documents do not answer (the web UI's "Include uploaded documents" switch, on by default,
sends include_uploaded).

Documents of every kind the library takes (PDF, DOCX, PPTX, XLSX, TXT, Markdown; the type is
sniffed from the bytes, never from the upload's name or Content-Type) are uploaded the same
way. `GET /api/documents/{id}/pages/{n}/text` serves unit n of any of them (a PDF page, or the
n-th sheet, slide or block of lines: the `p<n>` of its chunk ids) with its `kind`, `address`
and `ocr` flag; the page image and highlight routes serve PDFs only (404 "not a PDF: cite by
sheet/slide/lines" otherwise); `/file` serves the original with its own MIME type (a PDF
inline, the others as a download). A PDF page read by OCR is highlighted with the OCR word
boxes kept in its PageText.spans.

Errors: pincite errors become `{"detail": message}` with 400 (QuestionError, ConfigError,
IngestError) or 409 (LockHeld, IndexBusy, ProfileMismatch); unknown or malformed ids 404;
an LLM server failure 502 `{"detail", "kind"}` (LlmError; its message never holds the key).
With a token (PINCITE_TOKEN) every /api request needs `Authorization: Bearer <token>`;
without one the server listens on loopback only.

The MCP server (pincite.mcp) is mounted at `/mcp` (streamable HTTP) under the same token
rule; its tools call the library on the library thread like every route.
"""
from __future__ import annotations

import asyncio
import hmac
import json
import logging
import os
import queue
import re
import secrets
import shutil
import socket
import threading
import time
import unicodedata
import urllib.parse
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Callable, Literal, cast

import anyio
import uvicorn
from fastapi import APIRouter, Depends, FastAPI, HTTPException, Request
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from python_multipart.exceptions import FormParserError
from python_multipart.multipart import MultipartParser, parse_options_header

from pincite.contract import Answer
from pincite.library import pages
from pincite.library.facade import Library
from pincite.library.reading import CHUNK_ID_RE
from pincite.store.catalog import DocumentRow
from pincite.store.fields import FIELD_NAMES, TRUST_LEVELS

from .. import __version__
from ..answer.llm import DEFAULT_MAX_TOKENS, DEFAULT_TIMEOUT_S, SETTINGS_FILE, LlmSettings, ResponseFormat
from ..config import Settings
from ..errors import (
    ConfigError,
    DiskFull,
    FieldError,
    IndexBusy,
    IngestError,
    LlmError,
    LockHeld,
    NotFound,
    PinciteError,
    ProfileMismatch,
    QuestionError,
    ReaderCrashed,
)
from ..extract.readahead import ReadAhead
from ..extract.sniff import KIND_OF_MIME
from ..index.base import SearchFilter
from ..urls import is_loopback_host
from . import client
from .guard import RequestGuard, allowed_names

if TYPE_CHECKING:
    from python_multipart.multipart import MultipartCallbacks

log = logging.getLogger("uvicorn.error")

STATIC_DIR = Path(__file__).resolve().parent / "static"

#: Strict id patterns: document ids in paths and URLs must match them. A doc_id is the
#: first 16 hex digits of the original's SHA-256 (library.facade.Library);
#: a chunk id is "<doc_id>-p<page>-c<n>" (pincite.chunk.model.Chunk).
DOC_ID_RE = re.compile(r"[0-9a-f]{16}")
#: A chunk id's grammar is CHUNK_ID_RE of pincite.library.reading.
PAGE_RE = re.compile(r"[1-9][0-9]{0,6}")
#: Longest quote accepted by the highlight routes (an Answer quote is a sentence window).
MAX_QUOTE_CHARS = 5000
#: Most files in one upload request, and most upload records kept in memory.
MAX_FILES_PER_REQUEST = 100
MAX_UPLOAD_RECORDS = 500
#: Form fields other than `file` and UPLOAD_FIELDS are skipped, up to this many bytes each.
MAX_FIELD_BYTES = 64 * 1024
#: Form fields of an upload that set document fields (store.fields) of every file in the
#: request; `modification` may be repeated (or list several separated by commas).
UPLOAD_FIELDS = ("trust", "model", "modification", "modifications", "revision", "language",
                 "valid_from", "valid_to", "source_url")
#: Form field naming the trust a *new* document gets when `trust` is not given (default
#: UPLOAD_TRUST; the CLI going through a running server sends "reference", its default).
DEFAULT_TRUST_FIELD = "default_trust"
#: Trust of a web upload when the form gives none: a user's upload is not a normative
#: source; it answers only when a question includes uploaded documents
#: (docs/decisions/0007-model-servers-and-downloads.md).
UPLOAD_TRUST = "uploaded"
#: GET /api/documents refreshes its snapshot (catalog rows, failures) when it is older than
#: this and the library thread is idle; the problems list (which hashes every original) is
#: recomputed after deletions and at most every PROBLEMS_TTL seconds otherwise.
SNAPSHOT_TTL = 15.0
PROBLEMS_TTL = 300.0
#: Pages per second an ingest runs at, by embedder (README figures, 2 cores): the basis of
#: the progress estimate of an upload being ingested.
INGEST_PAGES_PER_S = {"none": 150.0, "use-m3": 40.0, "e5-small-q4": 1.3}
#: Cache-Control of page images and originals (their URLs name content by hash).
CACHE_CONTROL = "private, max-age=3600"
#: The MIME types an original is served with (catalog `mime`, from pincite.extract.sniff).
MIME_TYPES = tuple(KIND_OF_MIME)
#: 404 detail of the page image and highlight routes for a document that is not a PDF is
#: NOT_A_PDF of pincite.library.reading.

#: The browser session cookie (LLM settings), its value's shape (secrets.token_urlsafe(32)),
#: how many sessions are kept (least recently used dropped first) and for how long unused.
SESSION_COOKIE = "pincite_session"
SESSION_ID_RE = re.compile(r"[A-Za-z0-9_-]{43}")
MAX_SESSIONS = 1000
SESSION_IDLE_S = 24 * 3600.0
LLM_NOT_CONFIGURED = ("LLM answers are not configured: set the URL and model in the web app's "
                      "settings panel, or run `pincite check-llm --llm-url URL --llm-model MODEL`, "
                      "which saves them for this server")
LLM_NOT_CHECKED = "check the LLM connection first"

_STATUS = [(NotFound, 404), (QuestionError, 400), (ConfigError, 400), (IngestError, 400),
           (LockHeld, 409), (IndexBusy, 409), (ProfileMismatch, 409), (DiskFull, 507)]


# ==================================================================== response models
class Health(BaseModel):
    status: Literal["ok"] = "ok"
    version: str
    documents: int = Field(description="documents ready to answer")


class AskScope(BaseModel):
    """The scope of a question: a filter applied inside the search (index.base.SearchFilter).
    A document without the asked model, modification or revision does not match; nothing in
    scope gives a refusal naming the missing document, never an answer from outside it."""

    model_config = ConfigDict(extra="forbid")
    model: str | None = Field(None, description="only documents for this equipment model (e.g. PX-200)")
    modification: str | None = Field(None, description="only documents covering this modification")
    revision: str | None = Field(None, description="only documents of this revision")
    trust: list[str] | str | None = Field(None, description="trust levels allowed (normative, reference, uploaded); "
                                                      "null = normative and reference, plus uploaded "
                                                      "with include_uploaded")
    include_uploaded: bool = Field(False, description="let uploaded documents answer too (their citations "
                                                      "say \"uploaded, not normative\")")


class AskRequest(BaseModel):
    question: str
    doc_ids: list[str] | None = Field(None, description="answer only from these documents; null = all")
    mode: Literal["extractive", "llm"] = "extractive"
    scope: AskScope | None = Field(None, description="filter of the search; null = normative and "
                                                     "reference documents, no uploads")
    serial: str | None = Field(None, description="serial number of the unit; the registry maps it to "
                                                 "its modification (and shipped revision)")
    revision_mode: Literal["current", "as-shipped"] | None = Field(
        None, description="revision to answer from: the one current for the modification (default "
                          "with a registry) or the one the serial number shipped with")
    compare: list[str] | None = Field(None, min_length=2, max_length=2,
                                      description="two revisions, answered separately side by side")


class DocumentFieldsIn(BaseModel):
    """PATCH /api/documents/{id}: the document fields to change (store.fields); a field left
    out or null is kept, "" (or [] for modifications) clears it (trust goes back to reference)."""

    model_config = ConfigDict(extra="forbid")
    model: str | None = None
    modifications: list[str] | str | None = Field(None, description="a list, or one string listing "
                                                                     "several separated by commas")
    revision: str | None = None
    trust: str | None = Field(None, description=" | ".join(TRUST_LEVELS))
    language: str | None = Field(None, description="language code (en, ru, zh)")
    valid_from: str | None = Field(None, description="YYYY-MM-DD")
    valid_to: str | None = Field(None, description="YYYY-MM-DD")
    source_url: str | None = Field(None, description="http(s) URL where the document was published")


class LlmSettingsIn(BaseModel):
    """PUT /api/settings/llm: the session's LLM settings. Omitting `key` keeps the session's
    key (the server's only while the URL is the server's); "" clears it."""

    model_config = ConfigDict(extra="forbid")
    url: str = Field(description="base URL ending in /v1 (https, or http on localhost)")
    model: str = Field(description="answer model")
    query_model: str | None = Field(None, description="model for sub-questions; null = the answer model")
    key: str | None = Field(None, description="API key, held in server memory for this session only")


class LlmSettingsOut(BaseModel):
    url: str | None
    model: str | None
    query_model: str | None
    key_set: bool = Field(description="whether a key is held (the key itself is never shown)")
    checked: bool = Field(description="the connection check passed for these settings")
    response_format: Literal["json_schema", "json_object_schema", "json_object", "prompt"] | None
    source: Literal["session", "server"] | None = Field(
        description="session: set in this browser session; server: the server's configuration; null: none")


class LlmCheckOut(BaseModel):
    ok: bool
    response_format: Literal["json_schema", "json_object_schema", "json_object", "prompt"] | None
    models: list[str]
    messages: list[str]


class DocumentOut(BaseModel):
    """A ready document: the catalog row plus `file` (= file_name) and `status` ("ready")."""

    doc_id: str
    file: str
    title: str
    pages: int
    status: Literal["ready"] = "ready"
    sha256: str
    size: int
    ingested_at: float
    file_name: str
    source_path: str
    mime: str
    chunks: int
    language: str
    state: str
    warnings: list[str] = Field(default_factory=list)
    model: str | None = Field(None, description="equipment model the document is for")
    modifications: list[str] = Field(default_factory=list, description="modifications it covers")
    revision: str | None = None
    trust: Literal["normative", "reference", "uploaded"] = Field(
        "reference", description="uploaded documents answer only when a question includes them")
    valid_from: str | None = None
    valid_to: str | None = None
    source_url: str | None = None


class UploadOut(BaseModel):
    upload_id: str
    file: str
    status: Literal["queued", "processing", "ready", "failed"]
    progress: float = Field(ge=0, le=1, description="0..1; an estimate while processing")
    reason: str | None = None
    doc_id: str | None = None
    result: Literal["added", "replaced", "skipped"] | None = Field(
        None, description="what the ingest did: added, replaced, or skipped (already in the library)")
    pages: int | None = Field(None, description="pages (slides, sheets) the ingest indexed, once ready")
    chunks: int | None = Field(None, description="passages the ingest indexed, once ready")


class FailureOut(BaseModel):
    file: str
    file_name: str
    source_path: str
    sha256: str | None = None
    reason: str
    at: float


class DocumentsOut(BaseModel):
    documents: list[DocumentOut]
    uploads: list[UploadOut]
    failures: list[FailureOut]
    problems: list[str]


class UploadsOut(BaseModel):
    uploads: list[UploadOut]


class HighlightOut(BaseModel):
    page: int
    width: float = Field(description="page width in PDF points (as displayed)")
    height: float = Field(description="page height in PDF points (as displayed)")
    rects: list[list[float]] = Field(description="[left, top, right, bottom] in points, origin top-left")


class HiddenTextOut(BaseModel):
    """Text on a PDF page that a reader cannot see (pincite.extract.hidden)."""

    text: str
    reason: str = Field(description="why it cannot be seen, e.g. 'under 2 pt', 'same colour as the background'")


class PageTextOut(BaseModel):
    """The text of one unit of a document: a PDF page, or a sheet, slide or block of lines of
    another document (`page` = the unit number, the `p<n>` of its chunk ids)."""

    doc_id: str
    page: int
    page_label: str | None = None
    label_source: str | None = None
    pages: int = Field(description="units of the document (PDF pages, sheets, slides, blocks of lines)")
    kind: Literal["pdf", "sheet", "slide", "lines"] = Field(
        description="pdf: a PDF page (image and highlight available); else the unit's address kind")
    address: dict | None = Field(None, description="the unit's own address; null for a PDF page")
    ocr: bool = Field(False, description="the text was read by OCR (tesseract) from the page image")
    text: str
    hidden: list[HiddenTextOut] = Field(
        default_factory=list, description="text of the page's text layer a reader cannot see, "
        "left out of `text` (never quotable): a sign of tampering to show as 'hidden text on this page'")


class ChunkOut(BaseModel):
    chunk_id: str
    doc_id: str
    page: int
    page_end: int
    page_label: str | None = None
    label_source: str | None = None
    char_start: int
    char_end: int
    kind: str
    text: str


# ==================================================================== state
@dataclass
class Upload:
    upload_id: str
    file: str
    part: Path
    size: int
    status: str = "queued"
    reason: str | None = None
    doc_id: str | None = None
    result: str | None = None
    pages: int | None = None
    chunks: int | None = None
    started: float | None = None
    estimate: float | None = None  # seconds the ingest is expected to take
    fields: dict | None = None  # document fields (parse_fields) given with the upload
    default_trust: str | None = UPLOAD_TRUST  # a new document's trust when `fields` has none

    def public(self) -> dict:
        if self.status in ("ready", "failed"):
            progress = 1.0
        elif self.status == "processing":
            progress = 0.05
            if self.estimate and self.started is not None:
                progress += 0.9 * min(1.0, (time.monotonic() - self.started) / self.estimate)
            progress = min(progress, 0.95)
        else:
            progress = 0.0
        return {"upload_id": self.upload_id, "file": self.file, "status": self.status,
                "progress": round(progress, 3), "reason": self.reason, "doc_id": self.doc_id,
                "result": self.result, "pages": self.pages,
                "chunks": self.chunks}


@dataclass
class Snapshot:
    documents: list[dict]
    failures: list[dict]
    problems: list[str]
    at: float
    problems_at: float


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

    def create(self) -> tuple[str, LlmSession]:
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


def _llm_view(settings: LlmSettings | None, checked: bool, rf: str | None, source: str | None) -> dict:
    return {"url": settings.base_url if settings else None, "model": settings.model if settings else None,
            "query_model": settings.query_model if settings else None,
            "key_set": bool(settings and settings.api_key), "checked": bool(settings) and checked,
            "response_format": rf if settings else None, "source": source}


class WebState:
    """The server's Library (opened and used on one library thread), upload queue and
    worker, and the documents snapshot. `close()` stops the worker and closes the Library."""

    def __init__(self, settings: Settings, token: str | None):
        self.settings = settings
        self.token = token
        self.problem: str | None = None  # index profile mismatch: asks and uploads refused
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pincite-library")
        self._busy = 0
        self._busy_lock = threading.Lock()
        self._closed = False
        try:
            self.lib: Library = self.call(self._open)
        except BaseException:
            self._executor.shutdown(wait=True)
            raise
        self.root = Path(self.lib.root)
        self.upload_dir = self.root / "uploads"
        shutil.rmtree(self.upload_dir, ignore_errors=True)  # leftovers of a killed server
        self.uploads: OrderedDict[str, Upload] = OrderedDict()
        self.uploads_lock = threading.Lock()
        self.snapshot: Snapshot = self.call(self._refresh, True)
        self.llm = LlmSessions(self.root)
        self._queue: queue.Queue[Upload | None] = queue.Queue()
        self._worker = threading.Thread(target=self._work, name="pincite-uploads", daemon=True)
        self._worker.start()

    # -- library thread ---------------------------------------------------------------
    def _open(self) -> Library:
        try:
            lib = Library(self.settings)
        except ProfileMismatch as e:
            lib = Library(self.settings, for_reindex=True)
            self.problem = str(e)
        try:
            lib.index  # own the shard from now on (IndexBusy if another process has it)
        except BaseException:
            lib.close()
            raise
        return lib

    def submit(self, fn: Callable, *args, **kw) -> Future:
        with self._busy_lock:
            self._busy += 1

        def task():
            try:
                return fn(*args, **kw)
            finally:
                with self._busy_lock:
                    self._busy -= 1

        return self._executor.submit(task)

    def call(self, fn: Callable, *args, **kw) -> Any:
        """Run fn on the library thread and wait (from a non-async thread)."""
        return self.submit(fn, *args, **kw).result()

    async def run(self, fn: Callable, *args, **kw) -> Any:
        """Run fn on the library thread; await it without holding a server thread."""
        return await asyncio.wrap_future(self.submit(fn, *args, **kw))

    def warm(self) -> None:
        """Load the embedder now (library thread) so the first question does not wait for it."""
        try:
            self.lib.embedder
        except Exception as e:  # a bad embedder setting: asks and uploads report it
            log.warning("cannot load the embedder: %s", e)

    @property
    def idle(self) -> bool:
        return self._busy == 0

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._queue.put(None)
        self._worker.join()
        self.call(self.lib.close)
        self._executor.shutdown(wait=True)
        shutil.rmtree(self.upload_dir, ignore_errors=True)

    # -- snapshot of the library (library thread) -----------------------------------------
    def _refresh(self, problems: bool) -> Snapshot:
        old = getattr(self, "snapshot", None)
        now = time.monotonic()
        fresh = problems or old is None or now - old.problems_at > PROBLEMS_TTL
        listing = self.lib.listing(ready_only=True, problems=fresh)
        docs = [_document_json(r) for r in listing.documents]
        fails = [{"file": f.file_name, **asdict(f)} for f in listing.failures]
        if fresh or old is None:
            probs, probs_at = listing.problems, now
        else:
            probs, probs_at = old.problems, old.problems_at
        self.snapshot = Snapshot(docs, fails, probs, now, probs_at)
        return self.snapshot

    async def current_snapshot(self) -> Snapshot:
        snap = self.snapshot
        if time.monotonic() - snap.at > SNAPSHOT_TTL and self.idle:
            snap = await self.run(self._refresh, False)
        return snap

    # -- documents (library thread) --------------------------------------------------------
    def delete(self, doc_id: str) -> None:
        self.lib.document(doc_id)  # a document being ingested is not the API's to delete
        self.lib.remove(doc_id)
        self._refresh(True)

    def set_fields(self, doc_id: str, changes: dict) -> dict:
        """Change a document's fields (Library.set_fields: catalog and index payload, no
        re-parsing); the snapshot is refreshed so GET /api/documents shows them at once."""
        self.lib.document(doc_id)
        row = self.lib.set_fields(doc_id, changes)
        self._refresh(False)
        return _document_json(row)

    # -- uploads ----------------------------------------------------------------------------
    def enqueue(self, files: list["_ReceivedFile"], fields: dict | None = None,
                default_trust: str | None = UPLOAD_TRUST) -> list[Upload]:
        ups = [Upload(f.upload_id, f.name, f.part, f.size, fields=dict(fields or {}),
                      default_trust=default_trust) for f in files]
        with self.uploads_lock:
            for up in ups:
                self.uploads[up.upload_id] = up
            finished = [k for k, u in self.uploads.items() if u.status in ("ready", "failed")]
            for k in finished[:max(0, len(self.uploads) - MAX_UPLOAD_RECORDS)]:
                del self.uploads[k]
        for up in ups:
            self._queue.put(up)
        return ups

    def upload_list(self) -> list[dict]:
        with self.uploads_lock:
            return [u.public() for u in self.uploads.values()]

    def _work(self) -> None:
        ahead: ReadAhead | None = None
        try:
            while True:
                up = self._queue.get()
                if up is None:
                    return
                if self._closed:
                    self._finish(up, "failed", reason="the server stopped before this file was ingested")
                    up.part.unlink(missing_ok=True)
                    continue
                try:
                    if ahead is None:
                        ahead = self.lib.read_ahead()
                    read = self._read_upload(up, ahead)
                    self.call(self._ingest_upload, up, read)
                    if self._queue.empty():  # a batch is in: let the index build its structures
                        self.call(self.lib.optimize)
                except Exception as e:  # never let one file stop the worker
                    log.exception("ingest of upload %s failed", up.upload_id)
                    self._finish(up, "failed", reason=f"internal error ({type(e).__name__}: {e})")
        finally:
            if ahead is not None:
                ahead.close()

    def _place(self, up: Upload) -> Path:
        """Move an upload's saved bytes into a folder of its own under its file name and mark
        it processing; the file's path. Idempotent."""
        target = self.upload_dir / up.upload_id / up.file
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(up.part, target)
            with self.uploads_lock:
                up.status, up.started = "processing", time.monotonic()
        return target

    def _read_upload(self, up: Upload, ahead: ReadAhead) -> Callable | None:
        """Worker thread, not the library thread: read (extract, chunk, analyse, embed with a
        local embedder) the upload in `ahead`'s child process (Library.read_for_ingest), so
        the library thread only stores and indexes it and questions asked meanwhile wait for
        that alone. (Embedding on this thread instead starved questions of the GIL: an ask
        took 4.4 s instead of 0.1 s beside it.) The `ahead` callable for Library.ingest_file (it raises what
        reading raised), or None when the upload could not be read here (the library thread reads it)."""
        try:
            target = self._place(up)
            _, got = self.lib.read_for_ingest(target, ahead)
        except (IngestError, ReaderCrashed) as e:
            def failed(path: Path, sha: str, e=e):
                raise e
            return failed
        except Exception:  # e.g. the child cannot start: read on the library thread instead
            log.exception("reading upload %s ahead failed", up.upload_id)
            return None
        return lambda path, sha: got

    def _finish(self, up: Upload, status: str, **fields) -> None:
        with self.uploads_lock:
            up.status = status
            for k, v in fields.items():
                setattr(up, k, v)

    def _ingest_upload(self, up: Upload, ahead: Callable | None = None) -> None:
        """Ingest one uploaded file (library thread): from a folder of its own where it has
        its original (sanitised) name, which the catalog records as the file name, with the
        source "upload:<name>", so a changed file uploaded again under the same name replaces
        the old document (and the same bytes again are skipped); the folder is removed after.
        The documents snapshot is refreshed before the upload shows its outcome, so a client
        that sees "ready" finds the document in GET /api/documents."""
        workdir = self.upload_dir / up.upload_id
        outcome: tuple[str, dict] = ("failed", {"reason": "internal error"})
        try:
            target = self._place(up)
            up.estimate = self._estimate(target)
            if self.problem:
                outcome = ("failed", {"reason": self.problem})
                return
            try:
                res = self.lib.ingest_file(target, source=upload_source(up.file),
                                           fields=self._upload_fields(up, target), ahead=ahead)
            except (LockHeld, DiskFull) as e:
                outcome = ("failed", {"reason": str(e)})
                return
            if res.status == "failed":
                prefix = f"{target}: "
                reason = res.reason[len(prefix):] if res.reason.startswith(prefix) else res.reason
                outcome = ("failed", {"reason": reason})
            else:
                outcome = ("ready", {"doc_id": res.doc_id, "result": res.status, "pages": res.pages,
                                     "chunks": res.chunks})
        except Exception as e:
            log.exception("ingest of upload %s failed", up.upload_id)
            outcome = ("failed", {"reason": f"internal error ({type(e).__name__}: {e})"})
        finally:
            shutil.rmtree(workdir, ignore_errors=True)
            up.part.unlink(missing_ok=True)
            try:
                self._refresh(False)
            except Exception:  # the upload's own outcome stands; the next refresh retries
                log.exception("cannot refresh the documents snapshot")
            self._finish(up, outcome[0], **outcome[1])

    def _upload_fields(self, up: Upload, target: Path) -> dict:
        """The fields an upload is ingested with: those of its form, and its default trust
        (UPLOAD_TRUST unless the form said otherwise) when the form named none, except for
        bytes already in the library (uploaded again, or added by the CLI), which keep the
        trust they have: a document a person marked reference or normative does not fall back
        to "uploaded" when uploaded again."""
        fields = dict(up.fields or {})
        if "trust" not in fields and up.default_trust:
            if self.lib.known_document(target) is None:
                fields["trust"] = up.default_trust
        return fields

    def _estimate(self, path: Path) -> float | None:
        try:
            n = pages.page_count(path)
        except Exception:  # encrypted, damaged, not a PDF: the ingest says why
            return None
        rate = INGEST_PAGES_PER_S.get((self.settings.embedder or "").lower(), 10.0)
        return max(0.5, n / rate)


# ==================================================================== upload parsing
@dataclass
class _ReceivedFile:
    upload_id: str
    name: str
    part: Path
    size: int


class _UploadSink:
    """Callbacks of python-multipart's streaming parser: each part of field `file` is
    written to `<upload_dir>/<upload_id>.part` as it arrives; past `max_bytes` the request
    is refused (413) without reading further."""

    def __init__(self, upload_dir: Path, max_bytes: int):
        self.upload_dir = upload_dir
        self.max_bytes = max_bytes
        self.files: list[_ReceivedFile] = []
        self.error: tuple[int, str] | None = None
        self._headers: dict[bytes, bytes] = {}
        self._field = self._value = b""
        self._fh: BinaryIO | None = None
        self._current: _ReceivedFile | None = None
        self._skipped = 0
        self._opened: list[Path] = []  # every part file written, for discard()
        self._form_name: str | None = None  # the UPLOAD_FIELDS part being read
        self._form_value = bytearray()
        #: UPLOAD_FIELDS given in the form: {name: [values]} (UTF-8 text, in order).
        self.form: dict[str, list[str]] = {}

    def callbacks(self) -> "MultipartCallbacks":
        return {"on_part_begin": self._begin, "on_header_field": self._hfield,
                "on_header_value": self._hvalue, "on_header_end": self._hend,
                "on_headers_finished": self._headers_done, "on_part_data": self._data,
                "on_part_end": self._end}

    def _begin(self) -> None:
        self._headers, self._field, self._value = {}, b"", b""
        self._current, self._skipped = None, 0
        self._form_name, self._form_value = None, bytearray()

    def _hfield(self, data: bytes, start: int, end: int) -> None:
        self._field += data[start:end]

    def _hvalue(self, data: bytes, start: int, end: int) -> None:
        self._value += data[start:end]

    def _hend(self) -> None:
        self._headers[self._field.lower()] = self._value
        self._field = self._value = b""

    def _headers_done(self) -> None:
        if self.error:
            return
        _, opts = parse_options_header(self._headers.get(b"content-disposition", b""))
        if opts.get(b"name") != b"file":
            name = opts.get(b"name", b"").decode("utf-8", errors="replace")
            if (name in UPLOAD_FIELDS or name == DEFAULT_TRUST_FIELD) and b"filename" not in opts:
                self._form_name = name
            return
        if len(self.files) >= MAX_FILES_PER_REQUEST:
            self.error = (413, f"too many files in one request (the limit is {MAX_FILES_PER_REQUEST})")
            return
        raw = opts.get(b"filename", b"").decode("utf-8", errors="replace")
        upload_id = secrets.token_hex(8)
        self.upload_dir.mkdir(parents=True, exist_ok=True)
        part = self.upload_dir / f"{upload_id}.part"
        self._current = _ReceivedFile(upload_id, safe_file_name(raw), part, 0)
        self._opened.append(part)
        self._fh = open(part, "wb")

    def _data(self, data: bytes, start: int, end: int) -> None:
        if self.error:
            return
        n = end - start
        if self._current is None:
            self._skipped += n
            if self._skipped > MAX_FIELD_BYTES:
                self.error = (413, f"a form field is over {MAX_FIELD_BYTES:,} bytes")
                return
            if self._form_name is not None:
                self._form_value += data[start:end]
            return
        self._current.size += n
        if self._current.size > self.max_bytes:
            mib = self.max_bytes / (1024 * 1024)
            self.error = (413, f"{self._current.name}: too large (over {self.max_bytes:,} bytes, "
                               f"{mib:.1f} MiB, the limit)")
            self._close_file()
            return
        if self._fh is not None:
            self._fh.write(data[start:end])

    def _end(self) -> None:
        if self._current is not None and not self.error:
            self._close_file()
            self.files.append(self._current)
        elif self._form_name is not None and not self.error:
            try:
                value = bytes(self._form_value).decode("utf-8")
            except UnicodeDecodeError:
                self.error = (400, f"form field {self._form_name!r} is not UTF-8 text")
            else:
                self.form.setdefault(self._form_name, []).append(value)
        self._current, self._form_name = None, None

    def fields(self) -> tuple[dict, str | None]:
        """(document fields of the form, checked by parse_fields; the trust a new document
        gets when the form names none: its `default_trust`, else UPLOAD_TRUST; None when it
        names one). Empty values say nothing; `modification` and `modifications` may be
        repeated. FieldError for a bad value or a single field given twice."""
        raw: dict = {}
        mods: list[str] = []
        for name, values in self.form.items():
            values = [v for v in values if v.strip()]
            if not values:
                continue
            if name in ("modification", "modifications"):
                mods.extend(values)
            elif len(values) > 1:
                raise FieldError(f"upload: {name} given {len(values)} times")
            else:
                raw[name] = values[0]
        if mods:
            raw["modifications"] = ",".join(mods)
        default = raw.pop(DEFAULT_TRUST_FIELD, UPLOAD_TRUST)
        fields = Library.check_fields(raw, "upload")
        if "trust" in fields:
            return fields, None
        return fields, Library.check_fields({"trust": default}, f"upload: {DEFAULT_TRUST_FIELD}")["trust"]

    def _close_file(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None

    def discard(self) -> None:
        self._close_file()
        for part in self._opened:
            part.unlink(missing_ok=True)
        self.files = []


def upload_source(file_name: str) -> str:
    """The catalog source of an uploaded file: "upload:<sanitised file name>" (see
    Library.ingest_file): one document per uploaded name."""
    return f"upload:{file_name}"


def safe_file_name(raw: str) -> str:
    """The base name of an uploaded file, safe as one path component: no folders, no
    control characters or characters file systems refuse, no leading dot, at most 200
    bytes in UTF-8 (the extension kept); "upload.pdf" when nothing is left."""
    name = unicodedata.normalize("NFC", raw.replace("\\", "/").rsplit("/", 1)[-1])
    name = "".join(ch for ch in name if ch.isprintable() and ch not in '<>:"|?*')
    name = name.strip().lstrip(".").strip()
    if len(name.encode("utf-8")) > 200:
        stem, dot, ext = name.rpartition(".")
        if not dot or len(ext) > 10:
            stem, ext = name, ""
        ext = f".{ext}" if ext else ""
        while len((stem + ext).encode("utf-8")) > 200:
            stem = stem[:-1]
        name = stem.rstrip() + ext
    return name or "upload.pdf"


# ==================================================================== app
def _not_found(detail: str) -> HTTPException:
    return HTTPException(status_code=404, detail=detail)


def _doc_id(value: str) -> str:
    if not DOC_ID_RE.fullmatch(value):
        raise _not_found("no document with this id")
    return value


def _page_no(value: str) -> int:
    if not PAGE_RE.fullmatch(value):
        raise _not_found("no such page")
    return int(value)


def _chunk_id(value: str | None) -> str | None:
    if value is not None and not CHUNK_ID_RE.fullmatch(value):
        raise _not_found("no chunk with this id")
    return value


def _quote(value: str | None) -> str | None:
    if value is not None and len(value) > MAX_QUOTE_CHARS:
        raise HTTPException(400, f"the quote has {len(value)} characters; the limit is {MAX_QUOTE_CHARS}")
    return value


def content_disposition(file_name: str, inline: bool = True) -> str:
    """`inline; filename="<name>"` (`attachment; ...` when not `inline`), with an ASCII
    fallback name and, when the name is not plain ASCII, `filename*=UTF-8''<percent-encoded
    name>` (RFC 6266)."""
    fallback = "".join(ch if 32 <= ord(ch) < 127 and ch not in '"\\' else "_" for ch in file_name)
    value = f'{"inline" if inline else "attachment"}; filename="{fallback}"'
    if fallback != file_name:
        value += f"; filename*=UTF-8''{urllib.parse.quote(file_name, safe='')}"
    return value


def _document_json(row: DocumentRow) -> dict:
    return {"doc_id": row.doc_id, "file": row.file_name, "title": row.title, "pages": row.pages,
            "status": "ready", **asdict(row)}


_UPLOAD_BODY = {"requestBody": {"required": True, "content": {"multipart/form-data": {"schema": {
    "type": "object", "required": ["file"],
    "properties": {"file": {"type": "array", "items": {"type": "string", "format": "binary"},
                            "description": "one or more files: PDF, DOCX, PPTX, XLSX, TXT or "
                                           "Markdown (the type is read from the bytes)"},
                   "default_trust": {"type": "string", "enum": list(TRUST_LEVELS),
                                     "description": "trust of a new document when `trust` is not "
                                                    "given (default \"uploaded\")"},
                   "trust": {"type": "string", "enum": list(TRUST_LEVELS),
                             "description": "trust of every file; default \"uploaded\" (answers only "
                                            "when a question includes uploaded documents); bytes "
                                            "already in the library keep theirs"},
                   "model": {"type": "string", "description": "equipment model (e.g. PX-200)"},
                   "modification": {"type": "array", "items": {"type": "string"},
                                    "description": "modifications covered (repeat the field)"},
                   "revision": {"type": "string", "description": "revision or edition (e.g. 3.0)"},
                   "language": {"type": "string", "description": "language code instead of the detected one"},
                   "valid_from": {"type": "string", "format": "date"},
                   "valid_to": {"type": "string", "format": "date"},
                   "source_url": {"type": "string", "description": "where the document was published"}}}}}}}


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
    async def lifespan(app: FastAPI):
        try:
            async with mcp_sessions.run():
                yield
        finally:
            await anyio.to_thread.run_sync(state.close)

    # /docs (Swagger UI) from the assets fastapi-offline ships, not from a CDN, so it works
    # with no network; validatorUrl None: Swagger UI never calls its online validator. No
    # /redoc: ReDoc's bundle still loads its logo from cdn.redoc.ly.
    app = FastAPIOffline(title="pincite", version=__version__, lifespan=lifespan, redoc_url=None,
                         static_url="/static-docs", swagger_ui_parameters={"validatorUrl": None},
                         description="Answers over your documents (PDF, Word, PowerPoint, Excel, text) with "
                                     "verified pinpoint citations.")
    app.state.pincite = state
    app.state.identity_key = secrets.token_urlsafe(32)
    app.add_middleware(RequestGuard, names=hosts, key=app.state.identity_key)
    bearer = HTTPBearer(auto_error=False, description="PINCITE_TOKEN, when the server has one")

    def require_token(creds: HTTPAuthorizationCredentials | None = Depends(bearer)) -> None:
        if state.token is None:
            return
        given = creds.credentials.encode("utf-8") if creds is not None else b""
        if not hmac.compare_digest(given, state.token.encode("utf-8")):
            raise HTTPException(401, "a valid bearer token is needed", headers={"WWW-Authenticate": "Bearer"})

    @app.exception_handler(PinciteError)
    async def pincite_error(request: Request, exc: PinciteError) -> JSONResponse:
        status = next((code for cls, code in _STATUS if isinstance(exc, cls)), 500)
        return JSONResponse({"detail": str(exc)}, status_code=status)

    @app.exception_handler(LlmError)
    async def llm_error(request: Request, exc: LlmError) -> JSONResponse:
        # A setting that is not valid is the client's to fix; anything else is the model server.
        return JSONResponse({"detail": str(exc), "kind": exc.kind}, status_code=400 if exc.kind == "config" else 502)

    def session_of(request: Request) -> LlmSession | None:
        return state.llm.get(request.cookies.get(SESSION_COOKIE))

    def session_for(request: Request, response: Response) -> LlmSession:
        """The request's session; a new one (cookie set on `response`) when it has none."""
        sess = session_of(request)
        if sess is None:
            sid, sess = state.llm.create()
            response.set_cookie(SESSION_COOKIE, sid, httponly=True, samesite="strict", path="/",
                                secure=request.url.scheme == "https")
        return sess

    api = APIRouter(prefix="/api", dependencies=[Depends(require_token)])

    @api.get("/health", response_model=Health)
    async def health() -> dict:
        return {"status": "ok", "version": __version__, "documents": len(state.snapshot.documents)}

    @api.post("/ask", response_model=Answer, responses={400: {}, 404: {}, 409: {}, 502: {}})
    async def ask(body: AskRequest, request: Request) -> Response:
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
            llm, checked, rf, _ = state.llm.in_force(session_of(request))
            if llm is None:
                raise HTTPException(400, LLM_NOT_CONFIGURED)
            if not checked:
                raise HTTPException(409, LLM_NOT_CHECKED)
            if rf and rf != llm.response_format:
                llm = replace(llm, response_format=cast(ResponseFormat, rf))
        if state.problem:
            raise ProfileMismatch(state.problem)
        if body.doc_ids is not None:
            if not body.doc_ids:
                raise HTTPException(400, "doc_ids is empty; send null to ask the whole library")
            for d in body.doc_ids:
                _doc_id(d)

        def work() -> Answer:
            try:
                return state.lib.ask(body.question, doc_ids=body.doc_ids, llm=llm, scope=flt,
                                     serial=body.serial, mode=body.revision_mode, compare=body.compare)
            except ValueError as e:  # e.g. a serial number the registry does not know
                raise HTTPException(400, str(e)) from None

        ans = await state.run(work)
        return JSONResponse(ans.model_dump(mode="json"))

    @api.get("/settings/llm", response_model=LlmSettingsOut)
    async def get_llm_settings(request: Request) -> dict:
        """The LLM settings in force for this browser session (the key only as key_set)."""
        return _llm_view(*state.llm.in_force(session_of(request)))

    @api.put("/settings/llm", response_model=LlmSettingsOut, responses={400: {}},
             openapi_extra={"requestBody": {"required": True, "content": {"application/json": {
                 "schema": LlmSettingsIn.model_json_schema()}}}})
    async def put_llm_settings(request: Request, response: Response) -> dict:
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
        new, key_source = state.llm.build(session_of(request), body, "key" in body.model_fields_set)
        sess = session_for(request, response)  # only once the settings are valid
        state.llm.put(sess, new, key_source)
        return _llm_view(*state.llm.in_force(sess))

    @api.post("/settings/llm/check", response_model=LlmCheckOut, responses={400: {}})
    async def check_llm_settings(request: Request, response: Response) -> dict:
        """Run the connection check (answer.llm.check_llm: no document text is sent) on the
        settings in force for this session; when it passes they count as checked."""
        settings, _, _, _ = state.llm.in_force(session_of(request))
        if settings is None:
            raise HTTPException(400, LLM_NOT_CONFIGURED)
        sess = session_for(request, response)
        result = await anyio.to_thread.run_sync(Library.check_llm, settings)
        state.llm.checked(sess, settings, result.ok, result.response_format)
        return {"ok": result.ok, "response_format": result.response_format,
                "models": result.models, "messages": result.messages}

    @api.get("/documents", response_model=DocumentsOut)
    async def documents() -> dict:
        snap = await state.current_snapshot()
        return {"documents": snap.documents, "uploads": state.upload_list(),
                "failures": snap.failures, "problems": snap.problems}

    @api.post("/documents", status_code=202, response_model=UploadsOut, openapi_extra=_UPLOAD_BODY,
              responses={400: {}, 409: {}, 413: {}})
    async def upload(request: Request) -> JSONResponse:
        ctype, opts = parse_options_header(request.headers.get("content-type", ""))
        if ctype != b"multipart/form-data" or not opts.get(b"boundary"):
            raise HTTPException(400, "send the files as multipart/form-data in the field 'file'")
        if state.problem:
            raise ProfileMismatch(state.problem)
        size = request.headers.get("content-length", "")
        state.lib.require_room(state.upload_dir, int(size) if size.isdigit() else 0, "to receive this upload")
        sink = _UploadSink(state.upload_dir, state.settings.max_bytes)
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
            full = Library.disk_full(e, state.upload_dir)
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
        ups = state.enqueue(sink.files, fields, default_trust)
        return JSONResponse({"uploads": [u.public() for u in ups]}, status_code=202)

    @api.patch("/documents/{doc_id}", response_model=DocumentOut, responses={400: {}, 404: {}, 409: {}})
    async def patch_document(doc_id: str, body: DocumentFieldsIn) -> dict:
        """Change a document's fields (model, modifications, revision, trust, language,
        valid_from, valid_to, source_url) without re-parsing it; the index follows at once,
        so the next question filters and cites by the new values. 400 with the reason for a
        value that cannot be accepted."""
        doc_id = _doc_id(doc_id)
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

    @api.delete("/documents/{doc_id}", status_code=204, response_class=Response, responses={404: {}})
    async def delete(doc_id: str) -> Response:
        await state.run(state.delete, _doc_id(doc_id))
        return Response(status_code=204)

    @api.get("/documents/{doc_id}/pages/{n}.png", response_class=Response,
             responses={200: {"content": {"image/png": {}}, "description": "the page image"}, 404: {}})
    async def page_png(doc_id: str, n: str, chunk_id: str | None = None, quote: str | None = None) -> Response:
        doc_id, page_no, quote = _doc_id(doc_id), _page_no(n), _quote(quote)

        png = await state.run(state.lib.page_image, doc_id, page_no, chunk_id=_chunk_id(chunk_id), quote=quote)
        return Response(png, media_type="image/png", headers={"Cache-Control": CACHE_CONTROL})

    @api.get("/documents/{doc_id}/pages/{n}/highlight", response_model=HighlightOut, responses={404: {}})
    async def highlight(doc_id: str, n: str, chunk_id: str | None = None, quote: str | None = None) -> dict:
        doc_id, page_no, quote = _doc_id(doc_id), _page_no(n), _quote(quote)
        r = await state.run(state.lib.highlight, doc_id, page_no, chunk_id=_chunk_id(chunk_id), quote=quote)
        return {"page": r.page, "width": round(r.width, 2), "height": round(r.height, 2), "rects": r.rects}

    @api.get("/documents/{doc_id}/pages/{n}/text", response_model=PageTextOut, responses={404: {}})
    async def page_text(doc_id: str, n: str) -> dict:
        """The text of unit `n` of any document: a PDF page, or the n-th sheet, slide or block
        of lines of another kind (n as in the `p<n>` of its chunk ids), with its address."""
        doc_id, page_no = _doc_id(doc_id), _page_no(n)
        src = await state.run(state.lib.page_source, doc_id, page_no)
        return {"doc_id": doc_id, "page": page_no, "page_label": src.page_label,
                "label_source": src.label_source, "pages": src.pages, "kind": src.kind,
                "address": src.address, "ocr": src.ocr, "text": src.text, "hidden": src.hidden}

    @api.get("/documents/{doc_id}/file", response_class=FileResponse,
             responses={200: {"content": {m: {} for m in MIME_TYPES},
                              "description": "the original, with its MIME type and file name"}, 404: {}})
    async def original(doc_id: str) -> FileResponse:
        """The stored original: a PDF inline (a browser opens it at `#page=n`), any other
        kind as a download, each with its own MIME type and the file name it was added under."""
        doc_id = _doc_id(doc_id)

        f = await state.run(state.lib.original, doc_id)
        media_type = f.mime if f.mime in MIME_TYPES else "application/octet-stream"
        return FileResponse(f.path, media_type=media_type, headers={
            "Cache-Control": CACHE_CONTROL, "X-Content-Type-Options": "nosniff",
            "Content-Disposition": content_disposition(f.file_name, inline=f.is_pdf)})

    @api.get("/chunks/{chunk_id}", response_model=ChunkOut, responses={404: {}})
    async def chunk(chunk_id: str) -> dict:
        c = await state.run(state.lib.chunk, _chunk_id(chunk_id))
        return {"chunk_id": c.chunk_id, "doc_id": c.doc_id, "page": c.page, "page_end": c.page_end,
                "page_label": c.page_label or None, "label_source": c.label_source,
                "char_start": c.char_start, "char_end": c.char_end, "kind": c.kind, "text": c.text}

    app.include_router(api)

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        page = STATIC_DIR / "index.html"
        if not page.is_file():
            raise _not_found("the web UI is not installed")
        return FileResponse(page, media_type="text/html", headers={"Cache-Control": "no-cache"})

    app.mount("/static", StaticFiles(directory=STATIC_DIR, check_dir=False), name="static")

    async def on_library(fn: Callable[[Library], Any]) -> Any:
        if state.problem:
            raise ProfileMismatch(state.problem)
        return await state.run(fn, state.lib)

    from ..mcp.http import mount as mount_mcp

    mcp_sessions = mount_mcp(app, on_library, state.token, guarded=hosts is not None)
    return app


# ==================================================================== serving
def check_host(host: str, token: str | None) -> None:
    """ConfigError when `host` is not loopback and there is no token."""
    if not token and not is_loopback_host(host):
        raise ConfigError(
            f"refusing to listen on {host} without a token: set PINCITE_TOKEN to serve other "
            "machines, or use --host 127.0.0.1")


def _url(host: str, port: int) -> str:
    h = host.strip("[]")
    if h in ("", "0.0.0.0"):
        h = "127.0.0.1"
    elif h == "::":
        h = "::1"
    return f"http://[{h}]:{port}" if ":" in h else f"http://{h}:{port}"


def _bind(host: str, port: int) -> socket.socket:
    try:
        family, kind, proto, _, addr = socket.getaddrinfo(
            host.strip("[]"), port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
        sock = socket.socket(family, kind, proto)
    except OSError as e:
        raise ConfigError(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(addr)
    except OSError as e:
        sock.close()
        raise ConfigError(f"cannot listen on {host}:{port}: {e.strerror or e} "
                          "(another server there? choose another --port)") from None
    return sock


class _Uvicorn(uvicorn.Server):
    """uvicorn.Server that writes <data>/server.json once it listens and removes it when it
    stops."""

    def __init__(self, config: uvicorn.Config, data_dir: Path, url: str, key: str):
        super().__init__(config)
        self.data_dir, self.url, self.key = data_dir, url, key

    async def startup(self, sockets=None) -> None:
        await super().startup(sockets=sockets)
        if self.started:
            client.write_server_file(self.data_dir, self.url, key=self.key)
            log.info("pincite serving %s at %s", self.data_dir, self.url)

    async def shutdown(self, sockets=None) -> None:
        client.remove_server_file(self.data_dir)
        await super().shutdown(sockets=sockets)


class Server:
    """A bound (not yet running) pincite server: checks the host, listens on host:port
    (port 0 = any free one), opens the library. `run()` serves until stopped; `stop()` asks
    it to stop (from another thread). `url` is where it is reached."""

    def __init__(self, host: str = "127.0.0.1", port: int = 8000, settings: Settings | None = None,
                 token: str | None = None, *, log_level: str = "info"):
        check_host(host, token)
        self.settings = settings or Settings()
        self.sock = _bind(host, port)
        try:
            self.app = create_app(self.settings, token=token, hosts=allowed_names(host))
        except BaseException:
            self.sock.close()
            raise
        self.url = _url(host, self.sock.getsockname()[1])
        config = uvicorn.Config(self.app, workers=1, log_level=log_level, lifespan="on",
                                timeout_graceful_shutdown=10)
        self._server = _Uvicorn(config, Path(self.settings.data_dir), self.url, self.app.state.identity_key)

    @property
    def started(self) -> bool:
        return self._server.started

    def run(self) -> None:
        try:
            self.app.state.pincite.submit(self.app.state.pincite.warm)
            self._server.run(sockets=[self.sock])
        finally:
            client.remove_server_file(self.settings.data_dir)
            self.app.state.pincite.close()
            self.sock.close()

    def stop(self) -> None:
        self._server.should_exit = True


def serve(host: str = "127.0.0.1", port: int = 8000, settings: Settings | None = None,
          token: str | None = None) -> None:
    """Run the server until interrupted (uvicorn, one worker). ConfigError for a
    non-loopback host without a token or an address that cannot be bound; IndexBusy when
    another process holds the library's index."""
    Server(host, port, settings, token).run()
