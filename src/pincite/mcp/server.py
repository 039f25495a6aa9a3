"""The MCP server definition: pincite's tools and resources over one Library.

Every tool and resource calls the `Library` facade, through the caller's `run` (a coroutine
function that runs `fn(library)` on the thread that owns the library and returns its result:
a Library and its SQLite catalog belong to one thread, and the index to one process). The
transports (pincite.mcp.stdio, pincite.mcp.http) supply it.

Inputs are typed (JSON schema from the function signatures); outputs are the pydantic shapes
of pincite.contract (Answer, SearchResult, QuoteVerdict, PageView) and DocumentList here,
returned as structured content with their JSON schema. A pincite error or a bad argument
becomes a tool error whose text says what and why; any other failure is reported without
its details.
"""
from __future__ import annotations

import inspect
import re
from typing import Annotated, Awaitable, Callable, Literal, TypeVar, cast

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from pincite.contract import Answer, PageView, QuoteVerdict, SearchResult
from pincite.library.facade import Library
from pincite.library.inputs import unit_kind
from pincite.store.catalog import DocumentRow
from pincite.store.fields import TrustLevel

from .. import __version__
from ..errors import PinciteError

T = TypeVar("T")

#: Runs `fn(library)` where the library lives and returns its result.
LibraryRun = Callable[[Callable[[Library], T]], Awaitable[T]]

#: A document id: the first 16 hex digits of the original's SHA-256 (library.facade.Library).
DOC_ID_PATTERN = r"^[0-9a-f]{16}$"
_DOC_ID_RE = re.compile(DOC_ID_PATTERN)
_PAGE_RE = re.compile(r"[1-9][0-9]{0,6}")

#: What the calling model is told once, at initialisation (the tools repeat the rules).
INSTRUCTIONS = """\
pincite answers questions from a library of documents (PDF, Word, Excel, PowerPoint, text) \
with pinpoint citations: file, 1-based physical page, printed page label and a quote that \
the server has checked on that page.

Rules for citing:
1. Quote only text that `search` returned (a passage's `text` or its citation's `quote`), \
or that `ask` or `get_page` returned, character for character. Never quote from memory \
and never reword inside quotation marks.
2. Before you present any quote as verbatim, call `verify_quote` with its doc_id and page. \
If `verified` is false, do not present it as a quote.
3. Take page numbers and printed labels from the citation as given ("p. 5-12 (PDF 47)" is \
printed label 5-12 on physical page 47); never compute or guess them.
4. When `ask` refuses or `search` says the passages do not answer, say the library does \
not answer the question rather than answering from general knowledge.
"""


class DocumentInfo(BaseModel):
    """One document of the library: its id (for the other tools), file name, title, number
    of units (`pages`: PDF pages, or sheets, slides or parts of a text file, as `unit`
    says), language and document fields."""

    doc_id: str
    file: str
    title: str = ""
    pages: int = Field(description="number of units of the document, each of kind `unit`")
    unit: Literal["pdf", "sheet", "slide", "lines"] = Field(
        "pdf", description="what `pages` counts: pdf: PDF pages (a DOCX: its PDF's); sheet, slide; lines: "
                           "parts (about 60 lines) of a text file; get_page takes their numbers and "
                           "returns this as its `kind`")
    language: str | None = None
    kind: str = Field(description="MIME type of the original")
    model: str | None = None
    modifications: list[str] = Field(default_factory=list)
    revision: str | None = None
    trust: str
    valid_from: str | None = None
    valid_to: str | None = None
    source_url: str | None = None

    @classmethod
    def of(cls, row: DocumentRow) -> "DocumentInfo":
        """The tool's view of a catalog row."""
        unit = cast(Literal["pdf", "sheet", "slide", "lines"], unit_kind(row.mime))
        return cls(doc_id=row.doc_id, file=row.file_name, title=row.title or "", pages=row.pages, unit=unit,
                   language=row.language or None, kind=row.mime, model=row.model,
                   modifications=list(row.modifications), revision=row.revision, trust=row.trust,
                   valid_from=row.valid_from, valid_to=row.valid_to, source_url=row.source_url)


class DocumentList(BaseModel):
    """The ready documents of the library, by file name."""

    documents: list[DocumentInfo] = Field(default_factory=list)


DocId = Annotated[str, Field(pattern=DOC_ID_PATTERN,
                             description="document id, as list_documents and citations give it")]
Page = Annotated[int, Field(ge=1, description="1-based physical page, as in a citation's `page` (of a sheet, "
                                            "slide or part of a text file: its number)")]
Question = Annotated[str, Field(min_length=1, max_length=2000,
                                description="the question, in Russian, Chinese or English")]
ScopeModel = Annotated[str | None, Field(description="only documents for this equipment model (e.g. PX-200)")]
ScopeModification = Annotated[str | None, Field(description="only documents covering this modification")]
ScopeRevision = Annotated[str | None, Field(description="only documents of this revision or edition")]
ScopeTrust = Annotated[list[TrustLevel] | None,
                       Field(description="trust levels allowed; default normative and reference")]
IncludeUploaded = Annotated[bool, Field(description="let uploaded (not normative) documents answer too")]
DocIds = Annotated[list[Annotated[str, Field(pattern=DOC_ID_PATTERN)]] | None,
                   Field(min_length=1, description="only these documents")]

_READ_ONLY = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True,
                             open_world_hint=False)


def build_server(run: LibraryRun) -> MCPServer:
    """The MCP server of one library: tools ask, search, verify_quote, get_page and
    list_documents; resources pincite://doc/{doc_id} (JSON) and
    pincite://doc/{doc_id}/page/{n} (text). `run` executes a function of the Library where
    the library lives (see the module docstring)."""
    server = MCPServer("pincite", version=__version__, instructions=INSTRUCTIONS,
                       log_level="WARNING")

    def tool(title: str):
        """Register a read-only tool; its description is its docstring, dedented."""
        def register(fn):
            server.add_tool(fn, title=title, description=inspect.cleandoc(fn.__doc__ or ""),
                            annotations=_READ_ONLY)
            return fn
        return register

    async def call(fn: Callable[[Library], T]) -> T:
        try:
            return await run(fn)
        except (PinciteError, ValueError) as e:
            raise ToolError(str(e)) from None

    @tool("Answer a question with verified citations")
    async def ask(question: Question, model: ScopeModel = None, modification: ScopeModification = None,
                  revision: ScopeRevision = None, trust: ScopeTrust = None,
                  include_uploaded: IncludeUploaded = False,
                  serial: Annotated[str | None, Field(
                      description="serial number of the unit; the registry maps it to its modification "
                                  "and shipped revision")] = None,
                  mode: Annotated[Literal["current", "as-shipped"] | None,
                                  Field(description="revision to answer from: the one in force for the "
                                                    "modification, or the one the serial number shipped with")] = None,
                  doc_ids: DocIds = None) -> Answer:
        """Answer a question from the library's documents, offline and extractive: every claim
        is a sentence of a document with a citation (file, 1-based physical `page`,
        printed `page_label`, `quote`) whose quote the server found verbatim on that page
        (`verified`). `status` is answered, partial, refused (the library does not answer:
        say so, do not answer from general knowledge), needs_clarification (ask the user
        `clarification.question`, offering its options) or not_confirmed. Quote only a
        citation's `quote` as it stands; before presenting any other text as a quote, call
        verify_quote."""
        scope = Library.make_scope({"model": model, "modification": modification, "revision": revision,
                                    "trust": list(trust) if trust else None,
                                    "include_uploaded": include_uploaded}, where=None)
        return await call(lambda lib: lib.ask(question, scope=scope, doc_ids=_known(lib, doc_ids),
                                              serial=serial, mode=mode))

    @tool("Find passages that may answer a question")
    async def search(question: Question,
                     limit: Annotated[int, Field(ge=1, le=30, description="passages to return")] = 8,
                     model: ScopeModel = None, modification: ScopeModification = None,
                     revision: ScopeRevision = None, trust: ScopeTrust = None,
                     include_uploaded: IncludeUploaded = False, doc_ids: DocIds = None) -> SearchResult:
        """Search the library for passages that may answer a question, for writing your own
        answer. Passages come best first, each with its verbatim `text`, the model's
        `probability` that it answers, and a `citation` (doc_id, file, 1-based physical
        `page`, printed `page_label`, its best sentences as `quote`, `verified`).
        `answerable` is false (with a `note`) when even the best passage is unlikely to
        answer. Rules: quote only text that this tool returned, character for character,
        and call verify_quote with the passage's doc_id and page before presenting a quote
        as verbatim; cite page and label exactly as the citation gives them."""
        scope = Library.make_scope({"model": model, "modification": modification, "revision": revision,
                                    "trust": list(trust) if trust else None,
                                    "include_uploaded": include_uploaded}, where=None)
        return await call(lambda lib: lib.search(question, scope=scope, doc_ids=_known(lib, doc_ids),
                                                 limit=limit))

    @tool("Check that a quote stands verbatim on a page")
    async def verify_quote(doc_id: DocId, page: Page,
                           quote: Annotated[str, Field(min_length=1, max_length=5000,
                                                       description="the text to check, as you mean to quote it")]
                           ) -> QuoteVerdict:
        """Check whether a text stands verbatim on one page of one document, the check every
        citation of pincite passes: after a minimal normalisation (line breaks, soft hyphens
        and hyphenation at a line end, Unicode compatibility forms, whitespace) the whole
        quote must occur on that page; a changed number, word or negation does not verify.
        `match` "loose" means it was found only when also ignoring case, ё/е, quote marks
        and dashes. Call it before presenting any quote as verbatim; if `verified` is false,
        do not present the text as a quote. Quotes need at least 12 characters (4 in
        Chinese)."""
        return await call(lambda lib: lib.verify_quote(doc_id, page, quote))

    @tool("Read one page as quotes are checked against it")
    async def get_page(doc_id: DocId, page: Page) -> PageView:
        """The text of one page of a document, the text quotes on that page are checked
        against, with its printed page label (`page_label`, null when the page prints none)
        and the document's page count. Use it to read around a passage; quote only what it
        or search returned, and verify_quote before presenting a quote as verbatim."""
        return await call(lambda lib: lib.page(doc_id, page))

    @tool("List the documents of the library")
    async def list_documents() -> DocumentList:
        """The documents in the library: doc_id (for the other tools and doc_ids filters),
        file name, title, page count, language and document fields (model,
        modifications, revision, trust)."""
        return await call(lambda lib: DocumentList(documents=[DocumentInfo.of(r) for r in lib.documents()]))

    @server.resource("pincite://doc/{doc_id}", name="document", mime_type="application/json",
                     description="A document of the library: file, title, pages, language and fields.")
    async def document(doc_id: str) -> str:
        doc_id = _resource_doc_id(doc_id)

        def info(lib: Library) -> DocumentInfo:
            row = next((r for r in lib.documents() if r.doc_id == doc_id), None)
            if row is None:
                raise ResourceError(f"no document with id {doc_id!r} in the library")
            return DocumentInfo.of(row)

        return (await _read(run, info)).model_dump_json(indent=2)

    @server.resource("pincite://doc/{doc_id}/page/{n}", name="page", mime_type="text/plain",
                     description="The text of 1-based physical page n of a document, as quotes are "
                                 "checked against it.")
    async def page_text(doc_id: str, n: str) -> str:
        doc_id = _resource_doc_id(doc_id)
        if not _PAGE_RE.fullmatch(n):
            raise ResourceError(f"page {n!r}: a page is a whole number from 1")
        return (await _read(run, lambda lib: lib.page(doc_id, int(n)))).text

    return server


def _known(lib: Library, doc_ids: list[str] | None) -> list[str] | None:
    """`doc_ids` when every one is a document of the library; ValueError naming the first
    that is not."""
    if doc_ids is None:
        return None
    known = {r.doc_id for r in lib.documents()}
    for d in doc_ids:
        if d not in known:
            raise ValueError(f"doc_ids: no document with id {d!r} in the library (see list_documents)")
    return list(doc_ids)


def _resource_doc_id(value: str) -> str:
    if not _DOC_ID_RE.fullmatch(value):
        raise ResourceError(f"document id {value!r}: expected 16 hexadecimal digits")
    return value


async def _read(run: LibraryRun, fn: Callable[[Library], T]) -> T:
    try:
        return await run(fn)
    except (PinciteError, ValueError) as e:
        raise ResourceError(str(e)) from None
