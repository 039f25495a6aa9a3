"""The Library facade: one data folder, its four stores kept in agreement, and every
feature the faces offer (the CLI, the web app and its REST API, the MCP server): ingest of
files and URLs with document fields and passwords, ask with every scope and registry
option, search, the evidence export of an answer, the listing of documents, page text
with where a quote stands in it, page images and highlight rectangles, chunk lookup, the
stored originals, fields, the registry, remove, reindex, migration and the queue of a
shared library. A face parses its input, makes one Library
call and renders the result; it never reaches into the stages below (a test,
tests/test_faces_use_library.py, holds every command and route to that).

`Library` holds the stores and is the one class users import. The work of its methods
lives in modules by feature, as functions taking the Library first: reading (what the
faces read, and `check`), export (the evidence export of an answer, Markdown or CSV),
ingest (writing documents, two-phase), indexing (opening the index, its profile, settling
a rebuild), rebuild (reindex, copying a library), worker (the
queue of a shared library), migrate (an index into another engine); configure (registry,
LLM settings, input checks) is a mixin; cache keeps loaded models.

Data folder layout:
    originals/<sha[:2]>/<sha>.<ext> the files as ingested, with their type's suffix (.pdf,
                                    .docx, ...; libraries written before: all .pdf), and
                                    <sha>.converted.pdf, the PDF LibreOffice made of a DOCX
                                    (store.blobs)
    catalog.sqlite                  documents, failures, term statistics, index profile
                                    (or a PostgreSQL database: PINCITE_CATALOG_URL, below)
    models/<doc_id>.json            DocumentModel (primary material; the index is derived)
    index/                          Qdrant Edge shard (BM25 sparse + dense vectors, payload);
                                    or, with Settings.index naming one (index.select), a
                                    collection of a Qdrant server instead (qdrant/ for
                                    qdrant-client's in-process engine)
    rebuild/                        a rebuild in progress: index/ and models/ beside the live ones
    .lock                           writer lock
    .index.lock                     index lock: held by the one process that has index/ open

Shared form: with `Settings.catalog_url` the catalog is a PostgreSQL database and
`Settings.blobs_dir` a folder every machine mounts (originals/ and models/ move there);
`pincite worker` processes run the ingest jobs queued there (pincite.library.worker).

Size: over 600 lines as the one facade: each public method is a documented entry point that
delegates to a feature module (reading, indexing, ingest, configure, export...), so the whole
public surface of pincite reads in one class; the work itself is not here.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Literal, Mapping, cast

from pincite.answer.normalize import readable_text
from pincite.config import Settings
from pincite.contract import Answer, Citation, PageView, QuoteVerdict, SearchResult
from pincite.errors import DiskFull, ProfileMismatch
from pincite.extract.model import DocumentModel, HiddenText
from pincite.extract.pdflimits import PdfLimits
from pincite.extract.readahead import ReadAhead
from pincite.extract.reader import Extracted, FileReader
from pincite.extract.sniff import ZipLimits
from pincite.index.base import Index, SearchFilter
from pincite.index.select import open_index
from pincite.library import indexing, ingest, reading, rebuild
from pincite.library.cache import load_model as _load_model
from pincite.library.configure import ConfigureMixin
from pincite.library.inputs import IngestResult, checked_fields
from pincite.store.blobs import BlobStore, sha256_file
from pincite.store.catalog import DocumentRow, FailureRow
from pincite.store.fields import DocFields
from pincite.store.pgcatalog import JOB_STATES
from pincite.store.select import open_catalog
from pincite.store.space import INGEST_FACTOR, disk_full, require_free
from pincite.text import embed as embeddings

if TYPE_CHECKING:
    import numpy as np

    from pincite.answer.pipeline import LibraryLike
    from pincite.chunk.model import Chunk
    from pincite.library.export import EvidenceFile
    from pincite.library.migrate import MigrationReport
    from pincite.library.pages import PageRects

#: Embedders that run in-process (an upload's read-ahead child embeds with its own copy).
LOCAL_EMBEDDERS = ("use-m3", "e5-small-q4")


class Library(ConfigureMixin):
    """A pincite data folder. Use as a context manager or call close().

    Raises ProfileMismatch when the stored index profile differs from this build's and
    settings, unless `for_reindex` (reindex rebuilds it; `docs` and `remove` need no search
    and show or ignore the mismatch); IndexBusy when another process holds the index.
    """

    #: The states of a queued ingest job, as `jobs(state=...)` takes them.
    JOB_STATES = JOB_STATES

    def __init__(self, settings: Settings | None = None, *, for_reindex: bool = False):
        """Open the data folder of `settings` (default: Settings() from the environment),
        creating it when missing; the index itself opens on first use (`index`). Raises
        ProfileMismatch as the class says (unless `for_reindex`)."""
        self.settings = settings or Settings()
        self.root = Path(self.settings.data_dir)
        self.root.mkdir(parents=True, exist_ok=True)
        self.catalog = open_catalog(self.root, self.settings.catalog_url)
        shared_files = Path(self.settings.blobs_dir) if self.settings.blobs_dir else self.root
        self.blobs = BlobStore(shared_files / "originals")
        self.models_dir = shared_files / "models"
        self.models_dir.mkdir(parents=True, exist_ok=True)
        remembered = None if self.settings.index else self.catalog.get_meta("index")
        if remembered:  # no engine chosen: the one this library's index is in
            self.settings = dataclasses.replace(self.settings, index=remembered)
        self.index_spec = self.settings.index_spec()
        self._index: Index | None = None
        self._embedder: embeddings.Embedder | None | Literal[False] = False  # False = not loaded yet
        self._writer_depth = 0  # > 0 while this Library holds the writer lock (ingest.writing)
        self.index_lock_wait_s = 0.0  # seconds the last opening of the index waited for its lock
        try:
            indexing.check_profile(self, for_reindex)
        except ProfileMismatch:
            self.catalog.close()
            raise

    def __enter__(self) -> "Library":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the index (giving back its lock) and the catalog."""
        if self._index is not None:
            self._index.close()
            self._index = None
        self.catalog.close()

    @property
    def index(self) -> Index:
        """The library's index (index.base.Index), opened on first use and kept until
        close(). For the embedded Edge shard the index lock is taken first (IndexBusy when
        another process holds it, before any index file is touched) and a rebuild that was
        interrupted is finished or rolled back then. A Qdrant collection (index.select) is
        shared: no folder lock; LibraryError when its engine cannot be reached."""
        if self._index is None and self.index_spec.kind != "edge":
            indexing.settle_collection_rebuild(self, finish_only=True)
            self._index = open_index(self.index_spec, self.root, indexing.dense_dim(self))
            indexing.migrate_payload(self)
        if self._index is None:
            return indexing.open_edge(self, self.settings.index_wait_s if self.catalog.shared else 0.0)
        return self._index

    @property
    def embedder(self) -> "embeddings.Embedder | None":
        """The configured dense embedder (loaded on first use), or None for BM25 only."""
        emb = self._embedder
        if emb is False:
            emb = self._embedder = embeddings.get_embedder(self.settings.embedder,
                                                           num_threads=self.settings.embed_threads,
                                                           workers=self.settings.embed_workers)
        return emb

    def embed_passages(self, chunks: list) -> "np.ndarray | None":
        """Dense vectors of chunks' search text, shape (len(chunks), dim); None without embedder."""
        if self.embedder is None:
            return None
        return self.embedder.embed_passages([c.search_text for c in chunks])

    def embed_query(self, question: str) -> "np.ndarray | None":
        """Dense vector of a question, shape (dim,); None without embedder or in BM25 mode."""
        if self.embedder is None or self.settings.retrieval == "bm25":
            return None
        return self.embedder.embed_query(question)

    def profile_problem(self) -> str | None:
        """Why the stored index profile does not fit these settings, or None when it does."""
        return indexing.profile_problem(self)

    def _min_free(self) -> int:
        """Bytes the data folder's file system must keep free (Settings.min_free_mb)."""
        return int(self.settings.min_free_mb * 1024 * 1024)

    def _reader(self) -> "_IngestReader":
        """The FileReader of this library's Settings (limits, OCR), one that also chunks and
        analyses what it read (_IngestReader)."""
        s = self.settings
        return _IngestReader(
            pdf_limits=PdfLimits(max_bytes=s.max_bytes, max_pages=s.max_pages,
                                 max_content_bytes=int(s.max_content_mb * 1024 * 1024)),
            zip_limits=ZipLimits(max_entries=s.zip_max_entries, max_total_bytes=int(s.zip_max_mb * 1024 * 1024),
                                 max_ratio=s.zip_max_ratio, max_xml_part_bytes=int(s.max_xml_mb * 1024 * 1024),
                                 max_text_chars=s.max_text_chars),
            max_bytes=s.max_bytes, ocr=s.ocr, max_ocr_pages=s.max_ocr_pages,
            content=ingest.content_limits(s))

    @staticmethod
    def _analyse(doc: DocumentModel) -> "ingest.Analysed":
        """A document's chunks, their analysed words and the term counts (ingest.analyse)."""
        return ingest.analyse(doc)

    # -- reading (pincite.library.reading) ---------------------------------------------
    def documents(self) -> list[DocumentRow]:
        """Ready documents, by file name."""
        return self.catalog.documents(state="ready")

    def document_id(self, ref: str) -> str:
        """The id of the ready document `ref` names: its id, file name or source path
        (reading.named_document); NotFound when none or several match."""
        return reading.named_document([(r.doc_id, r.file_name, r.source_path) for r in self.documents()], ref)

    @staticmethod
    def named_document(refs: list[tuple[str, str, str]], ref: str) -> str:
        """`document_id` over a listing a running server gave ((doc_id, file_name,
        source_path) per ready document); NotFound when none or several match."""
        return reading.named_document(refs, ref)

    def model(self, doc_id: str) -> DocumentModel:
        """The stored DocumentModel of `doc_id` (cached); LibraryError if missing."""
        return _load_model(self.models_dir / f"{doc_id}.json")

    def page_text(self, doc_id: str, page: int) -> str:
        """Source text of 1-based physical `page` of `doc_id` (what quotes are checked against)."""
        return self.model(doc_id).page(page).text

    def page_hidden(self, doc_id: str, page: int) -> list[HiddenText]:
        """Text of 1-based physical `page` of `doc_id` that a reader cannot see and that is
        therefore left out of its page text (PageText.hidden; [] on
        nearly every page and for documents extracted before it was looked for).
        LibraryError / IndexError as :meth:`page_text`."""
        return list(self.model(doc_id).page(page).hidden)

    def page_pdf(self, row: DocumentRow) -> Path | None:
        """The PDF whose physical pages `row`'s page numbers count (for page images and
        highlights): the stored original of a PDF, the stored conversion of a DOCX read
        through one (extract.office_docx.has_pdf_pages); None for a document without pages (a
        sheet, slide or block address). The path may be missing on disk (check() says so)."""
        return reading.page_pdf(self, row)

    def page_thumbnail(self, doc_id: str, page: int, width_px: int = 480) -> bytes | None:
        """A small grayscale PNG of 1-based physical `page` of `doc_id`, `width_px` pixels wide
        (height in the page's proportion): for reports that must open without a server.

        None when the document is unknown or has no PDF pages (a sheet, slide or text block),
        its PDF is missing on disk, or it has no such page; LibraryError never escapes.
        """
        return reading.page_thumbnail(self, doc_id, page, width_px)

    def check(self) -> list[str]:
        """Compare the catalog with the originals, models and index; return problems, one
        line each with the command that repairs it (never deletes or repairs anything,
        except that opening the index settles a rebuild that was interrupted)."""
        return reading.check(self)

    # -- asking ---------------------------------------------------------------------
    def ask(self, question: str, *, doc_ids: list[str] | None = None, llm=None,
            scope: "SearchFilter | Mapping | None" = None, serial: str | None = None,
            mode: str | None = None, compare: list[str] | None = None) -> Answer:
        """Answer `question` from the library. See answer.pipeline.

        Extractive and offline by default; with `llm` (pincite.answer.llm_settings.LlmSettings) a model
        behind an OpenAI-compatible API writes the claims and the server verifies each one
        (answer.generate). `scope`: a SearchFilter or a scope object ({"model": "PX-200",
        "modification": "B", "revision": ..., "trust": [...], "include_uploaded": true})
        applied inside the search; `doc_ids` narrows it to those documents (each must be a
        ready document: NotFound otherwise). Without a scope, normative and reference
        documents answer (uploads only when asked). `serial` and `mode` ("current" or
        "as-shipped") choose the revision through the registry; `compare`: two revisions
        answered separately, side by side (`pincite ask --serial/--mode/--compare`). Raises
        QuestionError (ValueError for a bad scope object, mode or compare); LlmError when
        the model server fails. Each citation comes with its source line in the answer's
        language (`source`, as the CLI and the evidence export write it), and the answer says
        whether its export has a row (`exportable`): library.export.for_display.
        """
        from pincite.answer.pipeline import ask_library
        from pincite.library.export import for_display

        if mode is not None and mode not in ("current", "as-shipped"):
            raise ValueError(f"mode {mode!r}: choose current or as-shipped")
        for d in doc_ids or ():
            reading.ready_row(self, d)
        return for_display(ask_library(cast("LibraryLike", self), question, _scope_arg(scope), doc_ids=doc_ids,
                                       llm=llm, serial=serial, mode=mode,
                                       compare=list(compare) if compare else None))

    # -- the evidence export (pincite.library.export) ---------------------------------
    def evidence_cards(self, answer: Answer, fmt: str, *, base_url: str | None = None) -> str:
        """The verified claims of `answer` (and of its parts) as `fmt` text, "md" (a table:
        claim, quote, linked source) or "csv" (columns library.export.COLUMNS: claim, quote,
        source line, link, file, title, 1-based physical page ("" off a PDF), printed label,
        cited place, then status, message and reasons), one row per verified citation of a
        verified claim, then one row "calculation" per calculation done, then for an answer
        not "answered" one row of its status, text and reasons (export.status_row); what
        `pincite ask --export` prints. Each link
        opens the cited page: with `base_url` (a pincite server's, e.g.
        "http://127.0.0.1:8000") its original "<base_url>/api/documents/<doc_id>/file#page=<n>"
        (no #page off a PDF), else the file URI of the stored file on this machine
        (citation_file). CSV cells a spreadsheet would run as formulas start with "'".
        Raises ValueError for another format."""
        from pincite.library import export

        return export.evidence_cards(answer, fmt, self._evidence_link(base_url))

    def evidence_file(self, answer: Answer, fmt: str, *, base_url: str | None = None) -> "EvidenceFile":
        """`evidence_cards` as a file to download (library.export.EvidenceFile: `data` UTF-8
        bytes, a CSV with a byte-order mark first; `file_name` "pincite-evidence.md" or
        "pincite-evidence.csv"; `media_type`): what POST /api/export sends. Raises
        ValueError for another format."""
        from pincite.library import export

        return export.evidence_file(answer, fmt, self._evidence_link(base_url))

    def _evidence_link(self, base_url: str | None) -> "Callable[[Citation], str]":
        from pincite.library import export

        return export.served_link(base_url) if base_url else export.local_link(self.citation_file)

    def search(self, question: str, *, scope: "SearchFilter | Mapping | None" = None,
               doc_ids: list[str] | None = None, limit: int = 8) -> SearchResult:
        """The passages that may answer `question`, best first, each with its whole text and
        a citation whose quote is checked against its page; no answer is written (for a
        caller that writes its own). `scope` and `doc_ids` as in `ask`; `limit`: 1 to 30
        passages. Raises QuestionError, ValueError for a bad scope or limit. See
        answer.pipeline.search_passages. Each citation comes with its source line (`source`,
        library.export.search_for_display)."""
        from pincite.answer.pipeline import search_passages
        from pincite.library.export import search_for_display

        return search_for_display(search_passages(cast("LibraryLike", self), question, _scope_arg(scope),
                                                  doc_ids=doc_ids, limit=limit))

    def page(self, doc_id: str, page: int) -> PageView:
        """The text of 1-based physical `page` of `doc_id` (of a document without pages: its
        n-th sheet, slide or block of lines) with its printed label, as quotes are checked
        against it (line ends as "\\n", words hyphenated at a line end joined). NotFound (a
        LibraryError) for an unknown document or a page out of range."""
        return reading.page_view(self, doc_id, page)

    def page_source(self, doc_id: str, page: int, *, chunk_id: str | None = None,
                    quote: str | None = None) -> "reading.PageSource":
        """Unit `page` (1-based: a PDF's physical page, or the n-th sheet, slide or block of
        lines) of `doc_id` exactly as stored, with its label, kind, address, OCR flag and
        hidden text (library.reading.PageSource): what `pincite page` and GET
        /api/documents/{id}/pages/{n}/text show. Given a citation's `quote` and/or
        `chunk_id`, `marks` holds where it stands in `text`: [start, end) offsets in Unicode
        code points, found as the highlight rectangles are (library.reading.quote_spans: the
        verifier's normalisation, inside the chunk first); [] when not there. NotFound for
        an unknown or not-ready document, a page out of range, or a malformed or unknown
        chunk id or one of another document."""
        return reading.page_source(self, doc_id, page, chunk_id, quote)

    @staticmethod
    def readable_text(text: str) -> str:
        """Stored page text as a person reads it (answer.normalize.readable_text: "\\r\\n"
        as "\\n", words hyphenated at a line end joined); quotes taken from it verify."""
        return readable_text(text)

    def verify_quote(self, doc_id: str, page: int, quote: str) -> QuoteVerdict:
        """Whether `quote` stands verbatim on 1-based physical `page` of `doc_id` (of a
        document without pages: its n-th sheet, slide or block of lines): the check every
        citation's quote passes (answer.verify.verify_quote, after the documented
        normalisation; a changed number, word or negation does not verify). NotFound (a
        LibraryError) for an unknown document or a page out of range."""
        return reading.verify_quote(self, doc_id, page, quote)

    def document(self, doc_id: str) -> DocumentRow:
        """The catalog row of ready document `doc_id`; NotFound when unknown or not ready."""
        return reading.ready_row(self, doc_id)

    def listing(self, *, ready_only: bool = False, problems: bool = True) -> "reading.Listing":
        """The library as `pincite docs` shows it (library.reading.Listing): catalog rows
        (every state, or ready ones only), failed files, the registry status of each
        registered revision, and with `problems` what `check` finds (it hashes every
        original: slow on a large library)."""
        rows = self.catalog.documents(state="ready" if ready_only else None)
        return reading.Listing(documents=rows, failures=self.catalog.failures(),
                               problems=self.check() if problems else [],
                               revision_status=reading.revision_statuses(self, rows))

    def chunk(self, chunk_id: str) -> "Chunk":
        """The chunk `chunk_id` ("<doc_id>-p<page>-c|b|t<n>") as indexed, rebuilt from the
        stored model (library.reading.chunk); NotFound when malformed or unknown."""
        return reading.chunk(self, chunk_id)

    def highlight(self, doc_id: str, page: int, *, chunk_id: str | None = None,
                  quote: str | None = None) -> "PageRects":
        """Rectangles (PDF points, origin top-left of the page as shown) of `quote` or of
        chunk `chunk_id` on PDF page `page` (library.reading.highlight). NotFound for a
        document without PDF pages (library.reading.NOT_A_PDF), a page out of range or a
        chunk of another document; LibraryError when the stored PDF is missing."""
        return reading.highlight(self, doc_id, page, chunk_id, quote)

    def page_image(self, doc_id: str, page: int, *, chunk_id: str | None = None,
                   quote: str | None = None) -> bytes:
        """PNG bytes of PDF page `page`, with `quote` or chunk `chunk_id` tinted when given
        (library.reading.page_image). Errors as `highlight`."""
        return reading.page_image(self, doc_id, page, chunk_id, quote)

    def original(self, doc_id: str) -> "reading.OriginalFile":
        """The stored original of a ready document: path, MIME type, file name, whether a
        PDF. NotFound when unknown; LibraryError when missing on disk."""
        return reading.original(self, doc_id)

    def citation_file(self, doc_id: str) -> "reading.CitationFile | None":
        """The file a citation of `doc_id` opens and whether "#page=N" opens its page
        there (library.reading.citation_file); None for an unknown document."""
        return reading.citation_file(self, doc_id)

    # -- writing (pincite.library.ingest) ------------------------------------------------
    def ingest(self, paths: Iterable[Path | str], *, password: str | None = None,
               on_result: Callable[[IngestResult], None] | None = None,
               on_start: Callable[[Path], None] | None = None,
               fields: "Mapping | DocFields | None" = None) -> list[IngestResult]:
        """Ingest files and folders (folders recurse; only PDF, DOCX, PPTX, XLSX, TXT and
        Markdown files are taken from folders (DOCUMENT_SUFFIXES); anything under the data
        folder is left out). Each file goes through `ingest_file` with its resolved path as
        its source.

        Document fields (store.fields) of each file: a manifest `pincite-manifest.csv`
        (in the file's folder or one above it, up to a folder given), then a sidecar YAML
        (`manual.pdf.yaml` or `manual.yaml`), then `fields` (the CLI's options), each winning
        over the one before; a sidecar or manifest that cannot be read fails that file.

        Holds the writer lock for the whole run (LockHeld if taken). One file's failure is
        recorded and reported; it never stops the others or touches earlier documents.
        """
        return ingest.ingest(self, paths, password=password, on_result=on_result, on_start=on_start,
                             fields=fields)

    def optimize(self) -> bool:
        """Let the index build its search structures after a batch of writes
        (EdgeIndex.optimize: merged segments, an HNSW graph past EXACT_CHUNKS chunks); True
        when something was rebuilt. `ingest` and `reindex` call it; a server after its
        upload queue empties."""
        return self.index.optimize()

    def ingest_file(self, path: Path | str, *, source: str | None = None,
                    password: str | None = None,
                    fields: "Mapping | DocFields | None" = None,
                    ahead: "Callable[[Path, str], Extracted | None] | None" = None) -> IngestResult:
        """Ingest one file, wherever it lies (a file under the data folder too, such as an
        upload the web server saved there), under the writer lock, two-phase like `ingest`.

        `source` is the document's source in the catalog (`DocumentRow.source_path`), by
        default the file's resolved path; the web server passes "upload:<file name>".
        `fields`: the document fields (a DocFields, or a dict of some of them, checked by
        store.fields.parse_fields; FieldError, a ValueError, when one is bad), e.g.
        {"trust": "uploaded"} for a web upload; unset fields keep their defaults (trust
        "reference"). No sidecar or manifest is read here (Library.ingest does that). The
        same bytes again with fields that differ update the stored fields ("fields updated"). A
        document already ingested from the same `source` with other bytes is replaced once the
        new one is ready (status "replaced"; the old doc_id is gone); the same bytes again are
        "skipped" (a copy of another document's bytes under a new source too). On success the
        failure rows of `source` are cleared; on failure one is recorded (file name = the
        file's own name) and nothing stored before is touched.

        Returns an IngestResult: `path` is `source`; `status` added | replaced | skipped |
        failed; `doc_id`, `pages`, `chunks` of the document (None, 0, 0 when failed);
        `reason` for a failure is "<file path>: <why>" (an IngestError's message, or "cannot
        read or write"); `warnings` of the extraction; `seconds` taken. A file that cannot be
        ingested is reported this way, never raised. Raises LockHeld when another process
        holds the writer lock (unless called inside `ingest`, which holds it).

        `ahead`: (path, sha256) -> the file as read beforehand (an Extracted, its chunks
        analysed and possibly embedded: :meth:`read_for_ingest`), or None; it may raise the
        IngestError reading raised. A file changed since is read again here.
        """
        wanted = checked_fields(fields)
        with ingest.writing(self):
            return ingest.ingest_one(self, Path(path), password, source, wanted, ahead)

    # -- distributed ingest (a shared catalog: pincite.library.worker) -----------------------
    def enqueue(self, paths: Iterable[Path | str], *, fields: "Mapping | DocFields | None" = None) -> list:
        """Queue files and folders as ingest jobs for `pincite worker` processes (see
        pincite.library.worker.enqueue): a list of worker.Enqueued. LibraryError without a shared
        (PostgreSQL) catalog; FieldError for a bad field in `fields`."""
        from pincite.library import worker

        return worker.enqueue(self, paths, checked_fields(fields))

    def jobs(self, state: str | None = None, limit: int = 1000) -> list:
        """Ingest jobs of the shared catalog, newest first (pgcatalog.JobRow); LibraryError
        without one."""
        from pincite.library import worker

        return worker._shared(self).jobs(state, limit)

    @staticmethod
    def unit_of_path(path: Path | str) -> str:
        """The kind of unit a file of this name is counted in ("pdf" pages, "sheet", "slide",
        "lines": parts of a text file), by its suffix: what a queued job's `pages` count
        (library.inputs.unit_of_path)."""
        from pincite.library.inputs import unit_of_path

        return unit_of_path(path)

    def job_counts(self) -> dict[str, int]:
        """{state: number of jobs} for queued, running, done, failed; LibraryError without a
        shared catalog."""
        from pincite.library import worker

        return worker._shared(self).job_counts()

    def work(self, **kw) -> list:
        """Run queued ingest jobs in this process (pincite.library.worker.work, its keywords: lease_s,
        poll_s, drain, max_jobs, stop, on_outcome); a list of worker.JobOutcome.
        LibraryError without a shared catalog."""
        from pincite.library import worker

        return worker.work(self, **kw)

    def read_for_ingest(self, path: Path | str, ahead: "ReadAhead") -> "tuple[str, Extracted | None]":
        """Read `path` for a later :meth:`ingest_file` without touching the library: its
        sha256 and the Extracted (chunked, analysed, embedded when `ahead`'s reader is
        :meth:`file_reader` with embed=True) that `ahead`'s child process read. Safe on a
        thread other than the one using the Library: nothing here touches the catalog, the
        index, PDFium or the embedder in this process, and it holds the GIL only to hash
        and unpickle. Raises IngestError / ReaderCrashed as reading does, OSError."""
        path = Path(path)
        sha = sha256_file(path)
        ahead.submit(path, sha)
        return sha, ahead.take(path, sha)

    def file_reader(self, *, embed: bool = False) -> FileReader:
        """The FileReader of this library's Settings (limits, OCR), for a ReadAhead; with
        `embed`, one that also embeds the chunks in its process when the embedder is a local
        model (use-m3, e5-small-q4; a remote one embeds on the ingest's thread)."""
        reader = self._reader()
        s = self.settings
        if embed and (s.embedder or "").lower() in LOCAL_EMBEDDERS:
            reader = dataclasses.replace(reader, embed=((s.embedder or "").lower(), s.embed_threads, s.embed_workers))
        return reader

    def set_fields(self, doc_id: str, changes: "Mapping | DocFields") -> DocumentRow:
        """Change the document fields of `doc_id` without re-parsing: `changes` (a dict of
        some fields, checked by parse_fields; an empty value clears one) are laid over the
        stored ones, written to the catalog and, in one Edge set_payload_by_filter, to the
        payload of every chunk of the document, so the next search filters and cites by the
        new values. Returns the updated row. LibraryError for an unknown document,
        FieldError (a ValueError) for a bad value; LockHeld while another process writes."""
        return ingest.set_fields(self, doc_id, changes)

    def remove(self, doc_id: str) -> None:
        """Remove one document (LibraryError if unknown)."""
        ingest.remove(self, doc_id)

    def remove_failed(self, name: str) -> list[FailureRow]:
        """Forget failed entries (files that could not be ingested, listed by `listing` with
        no document id): those whose source is `name` (a path, or "upload:<file name>") or
        whose file name is `name`, in any folder. Returns the entries removed; none when
        nothing matched. LockHeld while another process writes. (Ingesting a folder again
        also drops the failed entries of its files deleted since.)"""
        return ingest.remove_failed(self, name)

    def ingest_url(self, url: str, *, password: str | None = None,
                   fields: "Mapping | None" = None) -> IngestResult:
        """Download `url` (https, or http on loopback; store.fetch's policy and the size cap
        of a file) and ingest it with the URL as its source and `source_url` unless `fields`
        name another; the download is removed after. A refused or failed download is a
        failed IngestResult naming the URL (library.reading.ingest_url), never raised."""
        return reading.ingest_url(self, url, password=password, fields=fields)

    def read_ahead(self) -> ReadAhead:
        """A ReadAhead whose child process reads files for ingest (extraction, chunking and,
        with a local embedder, embedding: `file_reader(embed=True)`), so the thread that
        stores them is not held by the reading; close it when done."""
        return ReadAhead(self.file_reader(embed=True))

    def known_document(self, path: Path | str) -> DocumentRow | None:
        """The ready document holding the same bytes as the file at `path` (by SHA-256), or
        None. OSError when the file cannot be read."""
        row = self.catalog.get(sha256_file(Path(path))[:16])
        return row if row is not None and row.state == "ready" else None

    def require_room(self, folder: Path, incoming_bytes: int, doing: str) -> None:
        """DiskFull unless `folder`'s file system has room for `incoming_bytes` arriving
        (INGEST_FACTOR times them, for the original, its model and index) above
        Settings.min_free_mb; `doing` names the work in the message."""
        require_free(folder, self._min_free() + INGEST_FACTOR * max(0, incoming_bytes), doing)

    @staticmethod
    def disk_full(exc: OSError, folder: Path | str) -> DiskFull | None:
        """The DiskFull error (message naming `folder`) for an OSError that is ENOSPC or
        EDQUOT, else None (store.space.disk_full)."""
        return disk_full(exc, Path(folder))

    # -- copies and rebuilds (pincite.library.rebuild, pincite.library.migrate) ---------
    def copy_to(self, target: Settings) -> dict[str, int]:
        """Copy this library into the empty library `target` describes, in either direction
        between the one-folder form and the shared one (a PostgreSQL catalog, a blobs
        folder): the stored originals (checked by SHA-256 after copying), the extracted
        documents, the Edge index shard (copied as files under both index locks; an index
        in a server is for the index's own migration), then the catalog rows last, so the
        target never lists a document whose files are missing (store.catalog.copy_catalog,
        which checks the rows, statistics and meta it wrote). Returns its counts plus
        "originals" and "models" copied.

        Holds this library's writer lock; a shared source must have no job queued or running
        (its workers would write meanwhile). LibraryError when the target holds documents,
        a job is pending, a copied original does not match its hash, or the copy differs."""
        return rebuild.copy_to(self, target)

    def migrate_index(self, target: str, *, sample: int | None = None, overwrite: bool = False,
                      accept_differences: bool = False,
                      progress: Callable[[int, int], None] | None = None) -> "MigrationReport":
        """Copy this library's index into the engine `target` names (an index spec:
        index.select, e.g. "qdrant://host:6333", "qdrant-local", "edge"; the collection,
        shards, replicas and quantization come from these settings), check the copy (counts
        per document, and identical answers to `sample` questions, default
        migrate.DEFAULT_SAMPLE) and only then record the target in the index profile, so
        that the library opens there from now on. See pincite.library.migrate. Returns its
        MigrationReport; ConfigError for a bad spec, LibraryError when the target cannot
        be used or the copy is incomplete, LockHeld while another process writes.
        Close this Library afterwards (it still has the old index open)."""
        from pincite.library.migrate import DEFAULT_SAMPLE, migrate_index

        spec = dataclasses.replace(self.settings, index=target).index_spec()
        return migrate_index(self, spec, target, sample=DEFAULT_SAMPLE if sample is None else sample,
                             overwrite=overwrite, accept_differences=accept_differences,
                             progress=progress)

    def reindex(self, on_doc: Callable[[DocumentRow], None] | None = None) -> int:
        """Rebuild chunks, term statistics and the index from the stored models.

        Does not parse originals again, except where a stored model was made by another
        extractor version (EXTRACTOR_VERSION, e.g. before printed folios were read): that
        document is extracted again from its stored original. An encrypted original (no
        password is ever stored) or one that now fails keeps its old model. A DOCX read
        through its converted PDF is read again from the stored DOCX and the stored PDF:
        LibreOffice is never needed. Returns the number of documents re-indexed.

        The new index and models are built under `rebuild/` and switched in at the end (see
        pincite.library.rebuild): until then the library answers from the old ones, and a
        rebuild killed at any point leaves the old library or the new one, never a mix.
        Holds the writer lock and the index lock throughout (LockHeld, IndexBusy). In a
        Qdrant collection (index.select) the new index is a new collection, switched in by
        pointing the library's collection alias at it (one atomic alias request), so
        readers on other machines go on answering from the old one until then.
        ProfileMismatch when the library's index is in another engine than these settings
        open (rebuilding there would leave the library's index behind; `pincite migrate`
        moves it).
        """
        return rebuild.reindex(self, on_doc)


@dataclass(frozen=True)
class _IngestReader(FileReader):
    """A FileReader that also chunks the document and analyses the chunks' words
    (Library._analyse), so that a read-ahead process (pincite.extract.readahead) does that
    work too (2026-12-01, whole corpus: 7 CPU-seconds, of the 18 s the ingesting process
    spent beside embedding). Neither depends on what the Library sets after reading (the
    document's source path and language).

    embed: (embedder name, threads, workers) of a local embedder to embed the chunks with in
    the reading process too (``Extracted.dense``; the web server's uploads), else None. The
    embedder is loaded once per process."""

    embed: tuple | None = None

    def read(self, path: Path, sha: str, password: str | None = None) -> "Extracted[ingest.Analysed]":
        got: Extracted[ingest.Analysed] = super().read(path, sha, password)
        got.analysed = analysed = Library._analyse(got.doc)
        try:
            self.content.check_chunks(path, len(analysed.chunks))
            if self.embed is not None:
                got.dense = ingest.reader_embedder(self.embed).embed_passages(
                    [c.search_text for c in analysed.chunks])
        except BaseException:
            got.cleanup()
            raise
        return got


def _scope_arg(scope: "SearchFilter | Mapping | None") -> "SearchFilter | dict | None":
    """A scope as the answer stage takes it: a SearchFilter, a plain dict or None."""
    return scope if scope is None or isinstance(scope, SearchFilter) else dict(scope)
