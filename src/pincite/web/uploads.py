"""Uploads: receiving files streamed in a multipart request, their records, and the worker
that ingests them one at a time.

A request's files are saved while they stream in (`<data>/uploads/<id>.part`, refused with
413 past Settings.max_bytes, `UploadSink`), then queued (`UploadQueue`) and ingested by one
background thread, one file at a time. The worker reads each file (extraction, chunking,
and embedding with a local embedder) in a child process (pincite.extract.readahead); only
storing and indexing it is a task on the server's library thread (pincite.web.state), so a
question asked meanwhile waits for that write at most, not for the file's extraction and
embedding. Upload records live in memory (lost on restart; the catalog keeps documents and
failures).

The form may set document fields (pincite.store.fields) of every file of the request
(`trust`, `model`, `modification` repeatable, `revision`, ...); a web upload's trust is
"uploaded" unless the form names one. The type of a file is sniffed from its bytes by the
ingest, never taken from the upload's name or Content-Type.
"""
from __future__ import annotations

import logging
import os
import queue
import secrets
import shutil
import threading
import time
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Callable

from python_multipart.multipart import parse_options_header

from pincite.library import pages
from pincite.library.facade import Library
from pincite.store.fields import TRUST_LEVELS

from ..errors import DiskFull, FieldError, IngestError, LockHeld, ReaderCrashed
from ..extract.readahead import ReadAhead

if TYPE_CHECKING:
    from python_multipart.multipart import MultipartCallbacks

    from .state import WebState

log = logging.getLogger("uvicorn.error")

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
#: Pages per second an ingest runs at, by embedder (README figures, 2 cores): the basis of
#: the progress estimate of an upload being ingested.
INGEST_PAGES_PER_S = {"none": 150.0, "use-m3": 40.0, "e5-small-q4": 1.3}

#: The multipart body of POST /api/documents as published in /openapi.json (the route reads
#: the stream itself, so FastAPI cannot derive it).
UPLOAD_BODY = {"requestBody": {"required": True, "content": {"multipart/form-data": {"schema": {
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


@dataclass
class Upload:
    """One uploaded file's record: where its bytes are (`part`, then a folder of its own),
    its status (queued, processing, ready, failed) and, once done, its outcome."""

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
    unit: str | None = None  # what `pages` counts (library.inputs.unit_kind), once ready
    started: float | None = None
    estimate: float | None = None  # seconds the ingest is expected to take
    fields: dict | None = None  # document fields (parse_fields) given with the upload
    default_trust: str | None = UPLOAD_TRUST  # a new document's trust when `fields` has none

    def public(self) -> dict:
        """The record as UploadOut: `progress` 0..1, an estimate from the elapsed time while
        processing (0.05 to 0.95), 1 once ready or failed."""
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
                "chunks": self.chunks, "unit": self.unit}


@dataclass
class ReceivedFile:
    """A file of an upload request as saved: its id, sanitised name, part file and bytes."""

    upload_id: str
    name: str
    part: Path
    size: int


class UploadSink:
    """Callbacks of python-multipart's streaming parser: each part of field `file` is
    written to `<upload_dir>/<upload_id>.part` as it arrives; past `max_bytes` the request
    is refused (413) without reading further."""

    def __init__(self, upload_dir: Path, max_bytes: int):
        self.upload_dir = upload_dir
        self.max_bytes = max_bytes
        self.files: list[ReceivedFile] = []
        self.error: tuple[int, str] | None = None
        self._headers: dict[bytes, bytes] = {}
        self._field = self._value = b""
        self._fh: BinaryIO | None = None
        self._current: ReceivedFile | None = None
        self._skipped = 0
        self._opened: list[Path] = []  # every part file written, for discard()
        self._form_name: str | None = None  # the UPLOAD_FIELDS part being read
        self._form_value = bytearray()
        #: UPLOAD_FIELDS given in the form: {name: [values]} (UTF-8 text, in order).
        self.form: dict[str, list[str]] = {}

    def callbacks(self) -> "MultipartCallbacks":
        """The callbacks to give python_multipart's MultipartParser."""
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
        self._current = ReceivedFile(upload_id, safe_file_name(raw), part, 0)
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
        """Close and delete every part file written (a refused or broken request)."""
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



class UploadQueue:
    """The uploads of one server: their records (in memory; past MAX_UPLOAD_RECORDS the
    oldest finished ones are dropped), the folder their bytes are saved in (`dir`, emptied
    when the queue starts: leftovers of a killed server) and one worker thread that ingests
    them in the order queued. `close()` stops the worker: files still queued fail with "the
    server stopped before this file was ingested".

    `state`: the server's WebState, whose Library the worker uses: reading ahead on the
    worker thread (Library.read_for_ingest), storing on the library thread (state.call),
    with the documents snapshot refreshed before an upload shows its outcome."""

    def __init__(self, state: "WebState"):
        self.state = state
        self.dir = state.root / "uploads"
        shutil.rmtree(self.dir, ignore_errors=True)
        self._records: OrderedDict[str, Upload] = OrderedDict()
        self._lock = threading.Lock()
        self._closed = False
        self._queue: queue.Queue[Upload | None] = queue.Queue()
        self._worker = threading.Thread(target=self._work, name="pincite-uploads", daemon=True)
        self._worker.start()

    def enqueue(self, files: list[ReceivedFile], fields: dict | None = None,
                default_trust: str | None = UPLOAD_TRUST) -> list[Upload]:
        """Queue the files of one request with the document fields of its form and the trust
        a new document gets when they name none; their records, status "queued"."""
        ups = [Upload(f.upload_id, f.name, f.part, f.size, fields=dict(fields or {}),
                      default_trust=default_trust) for f in files]
        with self._lock:
            for up in ups:
                self._records[up.upload_id] = up
            finished = [k for k, u in self._records.items() if u.status in ("ready", "failed")]
            for k in finished[:max(0, len(self._records) - MAX_UPLOAD_RECORDS)]:
                del self._records[k]
        for up in ups:
            self._queue.put(up)
        return ups

    def listing(self) -> list[dict]:
        """Every upload record kept, oldest first, as UploadOut dicts."""
        with self._lock:
            return [u.public() for u in self._records.values()]

    def close(self) -> None:
        """Stop the worker once the file it is ingesting is done (the library thread must
        still run); idempotent."""
        if self._closed:
            return
        self._closed = True
        self._queue.put(None)
        self._worker.join()

    def _work(self) -> None:
        ahead: ReadAhead | None = None
        lib = self.state.lib
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
                        ahead = lib.read_ahead()
                    read = self._read_upload(up, ahead)
                    self.state.call(self._ingest_upload, up, read)
                    if self._queue.empty():  # a batch is in: let the index build its structures
                        self.state.call(lib.optimize)
                except Exception as e:  # never let one file stop the worker
                    log.exception("ingest of upload %s failed", up.upload_id)
                    self._finish(up, "failed", reason=f"internal error ({type(e).__name__}: {e})")
        finally:
            if ahead is not None:
                ahead.close()

    def _place(self, up: Upload) -> Path:
        """Move an upload's saved bytes into a folder of its own under its file name and mark
        it processing; the file's path. Idempotent."""
        target = self.dir / up.upload_id / up.file
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(up.part, target)
            with self._lock:
                up.status, up.started = "processing", time.monotonic()
        return target

    def _read_upload(self, up: Upload, ahead: ReadAhead) -> Callable | None:
        """Worker thread, not the library thread: read (extract, chunk, analyse, embed with a
        local embedder) the upload in `ahead`'s child process (Library.read_for_ingest), so
        the library thread only stores and indexes it and questions asked meanwhile wait for
        that alone. (Embedding on this thread instead starved questions of the GIL: an ask
        took 4.4 s instead of 0.1 s beside it.) The `ahead` callable for Library.ingest_file
        (it raises what reading raised), or None when the upload could not be read here (the
        library thread reads it)."""
        try:
            target = self._place(up)
            _, got = self.state.lib.read_for_ingest(target, ahead)
        except (IngestError, ReaderCrashed) as e:
            def failed(path: Path, sha: str, e: Exception = e) -> Any:
                raise e
            return failed
        except Exception:  # e.g. the child cannot start: read on the library thread instead
            log.exception("reading upload %s ahead failed", up.upload_id)
            return None
        return lambda path, sha: got

    def _finish(self, up: Upload, status: str, **fields: Any) -> None:
        with self._lock:
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
        state, lib = self.state, self.state.lib
        workdir = self.dir / up.upload_id
        outcome: tuple[str, dict] = ("failed", {"reason": "internal error"})
        try:
            target = self._place(up)
            up.estimate = self._estimate(target)
            if state.problem:
                outcome = ("failed", {"reason": state.problem})
                return
            try:
                res = lib.ingest_file(target, source=upload_source(up.file),
                                      fields=self._upload_fields(up, target), ahead=ahead)
            except (LockHeld, DiskFull) as e:
                outcome = ("failed", {"reason": str(e)})
                return
            if res.status == "failed":
                prefix = f"{target}: "
                reason = res.reason[len(prefix):] if res.reason.startswith(prefix) else res.reason
                outcome = ("failed", {"reason": reason})
            else:
                # the note of a stored document ("same content as …; fields updated") too
                outcome = ("ready", {"doc_id": res.doc_id, "result": res.status, "pages": res.pages,
                                     "chunks": res.chunks, "reason": res.reason or None, "unit": res.unit})
        except Exception as e:
            log.exception("ingest of upload %s failed", up.upload_id)
            outcome = ("failed", {"reason": f"internal error ({type(e).__name__}: {e})"})
        finally:
            shutil.rmtree(workdir, ignore_errors=True)
            up.part.unlink(missing_ok=True)
            try:
                state.refresh(False)
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
            if self.state.lib.known_document(target) is None:
                fields["trust"] = up.default_trust
        return fields

    def _estimate(self, path: Path) -> float | None:
        """Seconds the ingest of `path` should take (its pages at INGEST_PAGES_PER_S of the
        embedder), None when its pages cannot be counted."""
        try:
            n = pages.page_count(path)
        except Exception:  # encrypted, damaged, not a PDF: the ingest says why
            return None
        rate = INGEST_PAGES_PER_S.get((self.state.settings.embedder or "").lower(), 10.0)
        return max(0.5, n / rate)
