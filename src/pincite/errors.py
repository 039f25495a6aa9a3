"""Exceptions raised by pincite, in one hierarchy so callers know what they can catch.

Every message names the file or setting concerned and the reason. No message ever
contains a secret (API key, token).

    PinciteError
    ├── ConfigError            a setting is invalid
    ├── QuestionError          a question is blank or too long
    ├── FieldError             a document field value is refused (also a ValueError)
    ├── RegistryError          a registry file or row is refused (also a ValueError)
    ├── CalcError              a calculation cannot be done or trusted (also a ValueError)
    ├── EmbedderError          an embedding could not be computed
    ├── ConversionError        LibreOffice gave no PDF for an Office file (ingest goes on without pages)
    ├── CrosscheckUnavailable  the second PDF extractor (pdftotext) is not installed
    ├── ServerError            a running pincite server refused a request (`status`)
    ├── UntrustedServer        server.json names a server the CLI will not send its token or files to
    ├── LlmError               the language-model server cannot be used (`kind` says why)
    ├── LibraryError           the data folder cannot be used as asked
    │   ├── LockHeld           another process is writing to the data folder
    │   ├── ProfileMismatch    the index was built with other settings: run `pincite reindex`
    │   ├── IndexBusy          the index shard is opened by another process
    │   ├── NotFound           no such document, page or chunk in the library
    │   └── DiskFull           too little free space to write safely
    └── IngestError            one file cannot be ingested; nothing is stored for it
        ├── NotAPdf            the bytes are not a PDF (whatever the file name says)
        ├── NotSupported       the bytes are no supported type (PDF, DOCX, PPTX, XLSX, TXT, MD)
        ├── UnsafeArchive      an Office file's ZIP exceeds the limits, overlaps or is encrypted
        │   └── UnsafeXml      an XML part declares a DTD or entity (external entities, bombs)
        ├── FetchError         a URL cannot be downloaded (refused by the URL policy, HTTP error...)
        ├── ReaderCrashed      the process reading the file died twice on it
        ├── EmptyFile          zero bytes
        ├── Damaged            truncated or broken file, or zero pages
        │   └── DamagedDocument  a broken DOCX, PPTX, XLSX or text file
        ├── Encrypted          a user password is needed (or the one given is wrong)
        ├── TooLarge           over the size or page limit
        ├── NoTextLayer        too little text to index, even after OCR (off, unavailable, found none)
        └── GarbledText        the text layer is mojibake (Latin-1 instead of Cyrillic) that neither
                               re-decoding nor OCR repaired
"""
from __future__ import annotations

import unicodedata
from pathlib import Path


class PinciteError(Exception):
    """Base of every error pincite raises on purpose.

    `code` names the error's kind for a program, stable across versions and languages (the
    REST API sends it next to the message: `{"detail": message, "code": code}`): each class
    below sets its own, a subclass without one has its parent's; a caller switches on it,
    never on the message's words.
    """

    code: str = "error"


class ConfigError(PinciteError):
    """A setting (option, environment variable, config file) is invalid."""

    code = "config"


class QuestionError(PinciteError):
    """A question is blank or longer than the limit (1 to 2,000 characters)."""

    code = "question"


class FieldError(PinciteError, ValueError):
    """A field value that cannot be accepted; the message names the field and the source.
    Also a ValueError, so a caller validating plain values may catch that."""

    code = "field"


class RegistryError(PinciteError, ValueError):
    """A registry file or row that cannot be accepted; the message names the file and row."""

    code = "registry"


class CalcError(PinciteError, ValueError):
    """A calculation that cannot be done or cannot be trusted; `reason` says why, in words."""

    code = "calc"

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class EmbedderError(PinciteError):
    """An embedding could not be computed (remote server refused, failed or answered
    nonsense). The message says what to change; it never contains the API key."""

    code = "embedder"


class LlmError(PinciteError):
    """The configured OpenAI-compatible server cannot be used for this request.

    ``kind`` is one of: ``config`` (URL, model or settings file invalid), ``auth`` (key rejected,
    HTTP 401/403), ``rate_limited`` (HTTP 429), ``unsupported`` (HTTP 400/404/405/422: model or
    request not supported), ``unavailable`` (HTTP 408/5xx, timeout, connection error),
    ``redirect`` (HTTP 3xx; the message names the target), ``bad_response`` (not a chat
    completion, or larger than the response cap), and before any request: ``not_configured`` (no
    URL and model set), ``not_checked`` (the connection check has not passed). ``status`` is the
    HTTP status when there was one; ``code`` is ``llm_`` and the kind. The message is short,
    written by pincite (never the provider's text) and never holds the API key.
    """

    def __init__(self, message: str, *, kind: str, status: int | None = None):
        super().__init__(message)
        self.kind = kind
        self.status = status
        self.code = f"llm_{kind}"


class LibraryError(PinciteError):
    """The data folder cannot be used for the requested operation."""

    code = "library"


class LockHeld(LibraryError):
    """Another process holds the writer lock on the data folder."""

    code = "lock_held"


class ProfileMismatch(LibraryError):
    """The stored index profile differs from the running one; `pincite reindex` fixes it."""

    code = "profile_mismatch"


class NotFound(LibraryError):
    """The library holds no such document (or it is not ready), page or chunk; the web
    app answers it with 404."""

    code = "not_found"


class IndexBusy(LibraryError):
    """The index shard is already open in another process (Qdrant Edge allows one)."""

    code = "index_busy"


class DiskFull(LibraryError):
    """Too little free space on the data folder's file system to open the index or store a
    file safely (checked before writing, since the index's memory-mapped files would
    otherwise die with SIGBUS), or a write that failed with ENOSPC. What was stored before
    is intact."""

    code = "disk_full"


class IngestError(PinciteError):
    """A file cannot be ingested. `path` names the file, `reason` says why in a few words.

    Raised before anything is indexed for that file, so earlier documents stay answerable.
    """

    code = "ingest"
    reason = "cannot be ingested"

    def __init__(self, path: str | Path, detail: str | None = None):
        self.path = str(path)
        self.detail = detail
        msg = f"{self.path}: {self.reason}"
        if detail:
            msg += f" ({detail})"
        super().__init__(msg)

    def __reduce__(self):
        # Rebuilt from (path, detail), not from the message: an ingest reads files in a
        # second process (pincite.extract.readahead) and its errors come back pickled.
        return type(self), (self.path, self.detail)


class ReaderCrashed(IngestError):
    """The process reading the file died twice on it (a crash in a native library)."""

    code = "reader_crashed"
    reason = "the reader crashed on this file"


class NotAPdf(IngestError):
    code = "not_a_pdf"
    reason = "not a PDF"


class EmptyFile(IngestError):
    code = "empty_file"
    reason = "empty file"


class Damaged(IngestError):
    code = "damaged"
    reason = "damaged or truncated PDF"


class DamagedDocument(Damaged):
    """A DOCX, PPTX, XLSX or text file that cannot be read (a broken ZIP, a missing part,
    invalid XML); the detail says what."""

    code = "damaged_document"
    reason = "damaged or truncated document"


class NotSupported(IngestError):
    """The bytes are none of the supported types, whatever the file name says (the type is
    read from the bytes: pincite.extract.sniff)."""

    code = "not_supported"
    reason = "not a supported document: PDF, DOCX, PPTX, XLSX, TXT, MD"


class UnsafeArchive(IngestError):
    """An Office file (a ZIP container) refused before anything in it is expanded: too many
    entries, too large when expanded, an entry compressed beyond the ratio limit, entries
    that overlap or repeat, or encrypted entries. The limits are Settings.zip_*."""

    code = "unsafe_archive"
    reason = "unsafe archive, refused before expanding it"


class UnsafeXml(UnsafeArchive):
    """An XML part of an Office file declares a DTD or an entity (<!DOCTYPE, <!ENTITY): the
    way to external-entity reads and entity-expansion bombs; such files are refused."""

    code = "unsafe_xml"
    reason = "unsafe XML refused (a DTD or entity declaration)"


class Encrypted(IngestError):
    code = "encrypted"
    reason = "encrypted: a user password is needed"  # the detail: none given (use --password), or a wrong one


class TooLarge(IngestError):
    code = "too_large"
    reason = "too large"


class NoTextLayer(IngestError):
    code = "no_text_layer"
    reason = "no text layer"  # the detail says what OCR did: off, unavailable (why), found no text


class GarbledText(IngestError):
    code = "garbled_text"
    reason = "text layer is garbled (Cyrillic decoded as Latin-1) and could not be repaired"


class ConversionError(PinciteError):
    """A conversion to PDF did not give a PDF. ``path`` is the file, ``reason`` says why in a
    few words (not found, timed out after N s, exit status N, no output); the message is
    "<path>: no PDF pages: <reason>". Ingest never fails for it: the DOCX is read without
    pages and the reason goes into the document's warnings."""

    code = "conversion"
    def __init__(self, path: Path | str, reason: str):
        self.path = Path(path)
        self.reason = reason
        super().__init__(f"{self.path}: no PDF pages: {reason}")


class CrosscheckUnavailable(PinciteError):
    """The second extractor (pdftotext) is not installed, so nothing can be cross-checked."""

    code = "crosscheck_unavailable"


class ServerError(PinciteError):
    """The server refused a request: `status` is the HTTP status, the message its detail."""

    code = "server"
    def __init__(self, status: int, detail: str):
        self.status = status
        self.detail = detail
        super().__init__(detail)


class UntrustedServer(PinciteError):
    """server.json names a server the CLI will not send its token or files to: not on
    loopback, a file other users may read or another user owns, or a server that cannot
    prove it knows the file's key."""

    code = "untrusted_server"


class FetchError(IngestError):
    """A URL that cannot be downloaded: refused by the URL rules, a redirect refused, an HTTP
    error status, a connection failure. `path` is the URL (without userinfo or query)."""

    code = "fetch"
    reason = "cannot be downloaded"


def shown(text: object) -> str:
    """`text` safe to print on one line of a terminal or log: every control, format or
    line/paragraph separator character (category Cc, Cf, Zl, Zp: newlines, escape sequences,
    bidirectional overrides) written as a Python escape ("\\n", "\\x1b", "\\u202e"), so a
    file name cannot forge a log line or recolour a terminal. Other text is unchanged."""
    text = str(text)
    if all(ch.isprintable() or ch == " " for ch in text):
        return text
    return "".join(ch if unicodedata.category(ch) not in ("Cc", "Cf", "Zl", "Zp")
                   else ch.encode("unicode_escape").decode("ascii") for ch in text)
