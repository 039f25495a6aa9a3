"""The JSON shapes of the REST API: pydantic models of the request bodies the routes take
and of the responses they send (`response_model`), which FastAPI also publishes at
/openapi.json. Only shapes live here: no state, no library calls. The Answer a question
gets is pincite.contract.Answer, shared with the CLI and the MCP server. A model's
docstring and its fields' descriptions are published in /openapi.json as they stand.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from pincite.store.fields import TRUST_LEVELS


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
    """POST /api/ask: the question and how to answer it. A field not listed here is rejected
    (422) rather than ignored: the scope's keys (model, modification, revision, trust,
    include_uploaded) go inside `scope`, never beside the question."""

    model_config = ConfigDict(extra="forbid")
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

    @model_validator(mode="before")
    @classmethod
    def _known_fields(cls, data: object) -> object:
        """Reject unknown fields with a reason that names the known ones, and the scope for
        a scope key sent beside the question."""
        if isinstance(data, dict):
            unknown = sorted(k for k in data if k not in cls.model_fields)
            if unknown:
                scoped = [k for k in unknown if k in AskScope.model_fields]
                hint = (f"; {', '.join(scoped)} belongs inside \"scope\" "
                        f"(e.g. {{\"scope\": {{\"{scoped[0]}\": ...}}}})" if scoped else "")
                raise ValueError(f"unknown field(s) {', '.join(unknown)}; known: "
                                 f"{', '.join(cls.model_fields)}{hint}")
        return data


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
    unit: Literal["pdf", "sheet", "slide", "lines"] = Field(
        "pdf", description="what `pages` counts: PDF (or Word) pages, sheets, slides, or parts of "
                           "about 60 lines of a text file")
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
    revision_status: Literal["in_force", "superseded", "repealed", "not_yet_in_force"] | None = Field(
        None, description="the registry's status today of this revision (for its model and one of its "
                          "modifications); None when the revision is not registered")
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
    reason: str | None = Field(None, description="why the upload failed; once ready, the ingest's note "
                                                 "on it, if any (e.g. \"same content as a.pdf; fields updated\")")
    doc_id: str | None = None
    result: Literal["added", "replaced", "skipped"] | None = Field(
        None, description="what the ingest did: added, replaced, or skipped (already in the library)")
    pages: int | None = Field(None, description="pages (slides, sheets) the ingest indexed, once ready")
    chunks: int | None = Field(None, description="passages the ingest indexed, once ready")
    unit: Literal["pdf", "sheet", "slide", "lines"] | None = Field(
        None, description="what `pages` counts: PDF (or Word) pages, sheets, slides, or parts of "
                          "about 60 lines of a text file, once ready")


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
    """The text of one unit of a document: a PDF page, or a sheet, slide or part (about 60
    lines) of a text file (`page` = the unit number, the `p<n>` of its chunk ids)."""

    doc_id: str
    page: int
    page_label: str | None = None
    label_source: str | None = None
    pages: int = Field(description="units of the document (PDF pages, sheets, slides, parts of a "
                                   "text file)")
    kind: Literal["pdf", "sheet", "slide", "lines"] = Field(
        description="pdf: a PDF page (image and highlight available); else the unit's address "
                    "kind (lines: a part of a text file)")
    address: dict | None = Field(None, description="the unit's own address; null for a PDF page")
    ocr: bool = Field(False, description="the text was read by OCR (tesseract) from the page image")
    text: str
    hidden: list[HiddenTextOut] = Field(
        default_factory=list, description="text of the page's text layer a reader cannot see, "
        "left out of `text` (never quotable): a sign of tampering to show as 'hidden text on this page'")
    marks: list[list[int]] = Field(
        default_factory=list, description="where the `quote` (and `chunk_id`) asked for stands in `text`: "
        "[start, end) offsets in Unicode code points (not UTF-16 units), in text order; [] when none "
        "was asked for or it is not there")


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

