"""The Library facade: one data folder, its four stores kept in agreement, and every
feature the faces offer (the CLI, the web app and its REST API, the MCP server): ingest of
files and URLs with document fields and passwords, ask with every scope and registry
option, search, the listing of documents, page text, page images and highlight
rectangles, chunk lookup, the stored originals, fields, the registry, remove, reindex,
migration and the queue of a shared library. A face parses its input, makes one Library
call and renders the result; it never reaches into the stages below (a test,
tests/test_faces_use_library.py, holds every command and route to that). The reads that
are not the stores' own live in library.reading, typed (PageSource, Listing, ...).

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

Ingest is two-phase: store the original and the model,
write points marked pending (never searched), write the catalog row, then flip both to
ready. Leftovers of an interrupted ingest are cleaned by the next writing command.

A rebuild (`reindex`) writes a new shard and any re-extracted models under rebuild/ while
the live ones stay as they were, then records the new term statistics, chunk counts and
profile together with meta `rebuild` = "switching" in one catalog transaction, and only
then moves the new files into place. Whoever next opens the index (holding the index lock)
finishes a switch that was recorded, or throws away a rebuild that was not
(`_settle_rebuild`): a killed rebuild leaves either the old library or the new one.

Shared form. With `Settings.catalog_url` the catalog is a PostgreSQL database
(store.pgcatalog) and `Settings.blobs_dir` a folder every machine mounts (originals/ and
models/ move there); ingest jobs queued there are run by `pincite worker` processes
(pincite.library.worker), any number, each writing one document at a time under that document's
advisory lock. The index stays behind one seam (`_index_session`): an Edge shard is opened
by one process at a time, so a worker opens it under the index lock (waiting its turn) for
the short write of one document and closes it again; its reading, chunking and embedding
run outside any lock.
"""
from __future__ import annotations

import dataclasses
import json
import os
import time
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Literal, Mapping, cast

from pincite.answer.normalize import readable_text
from pincite.chunk import pages as chunking
from pincite.config import Settings
from pincite.contract import Answer, PageView, QuoteVerdict, SearchResult
from pincite.errors import (
    ConversionError,
    DiskFull,
    FieldError,
    IndexBusy,
    IngestError,
    LibraryError,
    ProfileMismatch,
    shown,
)
from pincite.extract.model import EXTRACTOR_VERSION, DocumentModel
from pincite.extract.pdflimits import PdfLimits
from pincite.extract.readahead import ReadAhead
from pincite.extract.reader import ContentLimits, Extracted, FileReader
from pincite.extract.sniff import KIND_OF_MIME, OFFICE_EXTRACTOR, ZipLimits
from pincite.index.base import Index, SearchFilter
from pincite.index.edge import doc_payload
from pincite.index.select import drop_collection, new_collection, open_index, switch_collection
from pincite.library import reading
from pincite.library.inputs import IngestResult, checked_fields, expand_paths
from pincite.library.profile import current_profile, record_profile
from pincite.store.blobs import BlobStore, atomic_write, sha256_file
from pincite.store.catalog import CHUNKS_KEY, CatalogStore, DocumentRow, SharedCatalogStore
from pincite.store.fields import DocFields, resolve_fields
from pincite.store.lock import IndexLock, WriterLock
from pincite.store.pgcatalog import JOB_STATES
from pincite.store.select import open_catalog
from pincite.store.space import INGEST_FACTOR, disk_full, require_free
from pincite.text import analysis
from pincite.text import embed as embeddings

if TYPE_CHECKING:
    import numpy as np

    from pincite.answer.llm import CheckResult, LlmSettings
    from pincite.answer.pipeline import LibraryLike
    from pincite.chunk.model import Chunk
    from pincite.library.migrate import MigrationReport
    from pincite.library.pages import PageRects
    from pincite.store.registry import RegistryEntry

#: Seconds a process of a shared library (a PostgreSQL catalog) waits for the index lock
#: before IndexBusy: ingest workers hold an Edge index for one document's write at a time
#: (about a second a document here: benchmarks/workers_bench.py), so a reader waits its
#: turn instead of failing; a library of one process never waits (its holder is a server
#: or an ingest that runs for long).
SHARED_INDEX_WAIT_S = 60.0
#: Folder of a rebuild in progress (its new index/ and models/), inside the data folder.
REBUILD_DIR = "rebuild"
#: Embedders that run in-process (an upload's read-ahead child embeds with its own copy).
LOCAL_EMBEDDERS = ("use-m3", "e5-small-q4")


class Library:
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
        self.catalog: CatalogStore = open_catalog(self.root, self.settings.catalog_url)
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
        self._writer_depth = 0  # > 0 while this Library holds the writer lock (_writing)
        self.index_lock_wait_s = 0.0  # seconds the last opening of the index waited for its lock
        try:
            self._check_profile(for_reindex)
        except ProfileMismatch:
            self.catalog.close()
            raise

    # -- lifecycle ----------------------------------------------------------------
    def __enter__(self) -> "Library":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
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
            self._settle_collection_rebuild(finish_only=True)
            self._index = open_index(self.index_spec, self.root, self._dense_dim())
            self._migrate_payload()
        if self._index is None:
            self._open_index(SHARED_INDEX_WAIT_S if self.catalog.shared else 0.0)
        assert self._index is not None  # _open_index set it, or raised
        return self._index

    def _open_index(self, wait_s: float = 0.0) -> None:
        """Open the embedded Edge index into `self._index`: take the index lock (waiting up to `wait_s`
        seconds for another process to close it, else IndexBusy; the seconds waited are kept
        in `index_lock_wait_s`), settle a rebuild, open."""
        require_free(self.root, self._min_free(), "to open the index")
        t0 = time.perf_counter()
        lock = IndexLock(self.root / "index").acquire(wait_s)
        self.index_lock_wait_s = time.perf_counter() - t0
        try:
            self._settle_rebuild()
            self._index = open_index(self.index_spec, self.root, self._dense_dim(), lock=lock)
        except BaseException:
            lock.release()
            raise
        try:
            self._migrate_payload()
        except BaseException:
            self._index.close()
            self._index = None
            raise

    @contextmanager
    def _index_session(self, wait_s: float = float("inf")):
        """The index, open for the block and closed after it (the lock given back), for a
        process that shares the index with others and writes to it now and then (an ingest
        worker): waits up to `wait_s` seconds for its turn (IndexBusy after). An index this
        Library holds open already, or a Qdrant collection (shared, no folder lock), is used
        as it is and stays open."""
        if self._index is not None or self.index_spec.kind != "edge":
            yield self.index
            return
        self._open_index(wait_s)
        try:
            yield self._index
        finally:
            if self._index is not None:
                self._index.close()
                self._index = None

    def _min_free(self) -> int:
        """Bytes the data folder's file system must keep free (Settings.min_free_mb)."""
        return int(self.settings.min_free_mb * 1024 * 1024)

    def _migrate_payload(self) -> None:
        """Once per library: give the points of documents ingested before document fields
        existed their fields (trust "reference", no model) from the catalog, so a trust
        filter does not hide them. Recorded in meta `doc_fields`."""
        if self.catalog.get_meta("doc_fields") is not None:
            return
        index = self._index
        assert index is not None  # called as the index is opened
        for row in self.catalog.documents(state="ready"):
            index.set_doc_fields(row.doc_id, doc_payload(row.fields()))
        self.catalog.set_meta("doc_fields", "1")

    @property
    def embedder(self) -> "embeddings.Embedder | None":
        """The configured dense embedder (loaded on first use), or None for BM25 only."""
        emb = self._embedder
        if emb is False:
            emb = self._embedder = embeddings.get_embedder(self.settings.embedder,
                                                           num_threads=self.settings.embed_threads,
                                                           workers=self.settings.embed_workers)
        return emb

    def _dense_dim(self) -> int | None:
        """Dense dimension of the index: stored with it, else learned from the embedder."""
        stored = self.catalog.get_meta("dense_dim")
        if stored is not None:
            return int(stored) or None
        dim = self.embedder.dim_or_probe() if self.embedder is not None else None
        self.catalog.set_meta("dense_dim", str(dim or 0))
        return dim

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

    def _check_profile(self, for_reindex: bool) -> None:
        if self.catalog.get_meta("profile") is None:
            record_profile(self.catalog, self.settings)
            return
        problem = self.profile_problem()
        if problem and not for_reindex:
            raise ProfileMismatch(problem)

    def profile_problem(self) -> str | None:
        """Why the stored index profile does not fit these settings, or None when it does."""
        stored = self.catalog.get_meta("profile")
        if stored is None:
            return None
        old, current = json.loads(stored), current_profile(self.settings)
        if old == current:
            return None
        diff = ", ".join(f"{k}: {_shown(old.get(k))} -> {_shown(v)}"
                         for k, v in current.items() if old.get(k) != v)
        if old.get("index") != current.get("index"):
            remembered = self.catalog.get_meta("index")
            if old.get("index"):
                where = (f"a Qdrant collection ({remembered}): choose no engine (no --index, "
                         f"PINCITE_INDEX or PINCITE_QDRANT_URL) or pass --index {remembered} to open it"
                         if remembered and remembered != "edge" else
                         "a Qdrant collection: set PINCITE_QDRANT_URL or pass --index qdrant://HOST:PORT "
                         "(or qdrant-local[:PATH]) to open it")
            else:
                where = ("the embedded index: choose no engine (no --index, PINCITE_INDEX or "
                         "PINCITE_QDRANT_URL) to open it, or run `pincite migrate --to INDEX` to copy it "
                         "into the chosen one")
            return f"{self.root}: this library's index is in {where}"
        hint = ""
        if old.get("embedder") != current["embedder"]:
            built = (old.get("embedder") or "none").split()[0]
            hint = f" (or set PINCITE_EMBEDDER={built} to use the index as built)"
        return (f"{self.root}: the index was built with other settings ({diff}); run "
                f"`pincite reindex` to rebuild it from the stored documents{hint}")

    def _engine_problem(self) -> str | None:
        """profile_problem when the stored index is in another engine than these settings
        open (a Qdrant collection against the embedded index, or the reverse), else None:
        then nothing of the index can be compared, and a rebuild here would quietly move
        the library to the other engine."""
        stored = self.catalog.get_meta("profile")
        if stored is None or json.loads(stored).get("index") == current_profile(self.settings).get("index"):
            return None
        return self.profile_problem()

    # -- reading ------------------------------------------------------------------
    def documents(self) -> list[DocumentRow]:
        """Ready documents, by file name."""
        return self.catalog.documents(state="ready")

    def model(self, doc_id: str) -> DocumentModel:
        """The stored DocumentModel of `doc_id` (cached); LibraryError if missing."""
        return _load_model(self.models_dir / f"{doc_id}.json")

    def page_text(self, doc_id: str, page: int) -> str:
        """Source text of 1-based physical `page` of `doc_id` (what quotes are checked against)."""
        return self.model(doc_id).page(page).text

    def page_hidden(self, doc_id: str, page: int) -> list[dict]:
        """Text of 1-based physical `page` of `doc_id` that a reader cannot see and that is
        therefore left out of its page text: [{"text", "reason"}] (PageText.hidden; [] on
        nearly every page and for documents extracted before it was looked for).
        LibraryError / IndexError as :meth:`page_text`."""
        return list(self.model(doc_id).page(page).hidden)

    def page_pdf(self, row: DocumentRow) -> Path | None:
        """The PDF whose physical pages `row`'s page numbers count (for page images and
        highlights): the stored original of a PDF, the stored conversion of a DOCX read
        through one (extract.office.has_pdf_pages); None for a document without pages (a
        sheet, slide or block address). The path may be missing on disk (check() says so)."""
        from pincite.extract.office import has_pdf_pages

        if KIND_OF_MIME.get(row.mime, "pdf") == "pdf":
            return self.blobs.path_for(row.sha256)
        try:
            paged = has_pdf_pages(self.model(row.doc_id))
        except LibraryError:
            return None
        return self.blobs.derived_path(row.sha256, ".pdf") if paged else None

    def page_thumbnail(self, doc_id: str, page: int, width_px: int = 480) -> bytes | None:
        """A small grayscale PNG of 1-based physical `page` of `doc_id`, `width_px` pixels wide
        (height in the page's proportion): for reports that must open without a server.

        None when the document is unknown or has no PDF pages (a sheet, slide or text block),
        its PDF is missing on disk, or it has no such page; LibraryError never escapes.
        """
        import pypdfium2 as pdfium

        row = self.catalog.get(doc_id)
        pdf_path = None if row is None else self.page_pdf(row)
        if pdf_path is None or not pdf_path.is_file() or page < 1 or width_px < 1:
            return None
        pdf = pdfium.PdfDocument(str(pdf_path))
        try:
            if page > len(pdf):
                return None
            pdf_page = pdf[page - 1]
            try:
                bitmap = pdf_page.render(scale=width_px / pdf_page.get_width(), grayscale=True)
                image = bitmap.to_pil()
            finally:
                pdf_page.close()
        finally:
            pdf.close()
        import io

        buf = io.BytesIO()
        image.save(buf, format="PNG", optimize=True)
        return buf.getvalue()

    def check(self) -> list[str]:
        """Compare the catalog with the originals, models and index; return problems, one
        line each with the command that repairs it (never deletes or repairs anything,
        except that opening the index settles a rebuild that was interrupted)."""
        problems = [p for p in [self.profile_problem()] if p]
        problems += self._index_problems()
        for row in self.catalog.documents():
            blob = self.blobs.path_for(row.sha256)
            pages = self.page_pdf(row) if row.state == "ready" and KIND_OF_MIME.get(row.mime) == "docx" else None
            if row.state != "ready" and self.catalog.shared:
                problems.append(f"{row.file_name}: {row.state}: being ingested by a worker, or left by "
                                "one that stopped (its job is taken again when its lease ends)")
            elif row.state != "ready":
                problems.append(f"{row.file_name}: left {row.state} by an interrupted ingest; "
                                "the next `pincite ingest` cleans it up")
            elif not blob.exists():
                problems.append(f"{row.file_name}: stored original missing ({blob}); run "
                                f"`pincite remove {row.doc_id}` and ingest the file again")
            elif blob.stat().st_size != row.size or sha256_file(blob) != row.sha256:
                problems.append(f"{row.file_name}: stored original changed on disk ({blob}); run "
                                f"`pincite remove {row.doc_id}` and ingest the file again")
            elif not (self.models_dir / f"{row.doc_id}.json").exists():
                problems.append(f"{row.file_name}: extracted text missing; run `pincite reindex`")
            elif pages is not None and not pages.is_file():
                problems.append(f"{row.file_name}: stored PDF of its pages missing ({pages}): answers "
                                "still cite its pages, but no page image can be shown; run `pincite "
                                f"remove {row.doc_id}` and ingest the file again")
        return problems

    def _index_problems(self) -> list[str]:
        """Ready documents whose chunks the index does not hold in full (as a rebuild
        interrupted by an earlier version left them: the catalog says ready, searches miss
        them), each with the count missing; one line when the index cannot be opened now
        (another process has it, or the disk is too full to open it safely)."""
        if self._engine_problem():
            return []  # the index is in another engine: profile_problem says where
        rows = [r for r in self.catalog.documents(state="ready") if r.chunks > 0]
        if self._index is None and self.index_spec.kind == "edge" and not (self.root / "index").exists() \
                and self.catalog.get_meta("rebuild") is None:
            if not rows:
                return []
            return [f"{self.root / 'index'}: the index is missing, so {len(rows)} document(s) cannot "
                    "answer; run `pincite reindex`"]
        try:
            held = self.index.ready_counts()
        except (IndexBusy, DiskFull) as e:  # docs still lists what the catalog holds
            return [f"index not compared with the catalog: {e}"]
        except LibraryError as e:
            if self.index_spec.kind == "edge":
                raise
            return [f"index not compared with the catalog: {e}"]  # the Qdrant server is unreachable
        out = []
        for row in rows:
            missing = row.chunks - min(held.get(row.doc_id, 0), row.chunks)
            if missing:
                out.append(f"{row.file_name}: {missing} of {row.chunks} passages missing from the index, "
                           f"so answers miss them; run `pincite reindex` (id {row.doc_id})")
        return out

    # -- asking -------------------------------------------------------------------
    def ask(self, question: str, *, doc_ids: list[str] | None = None, llm=None,
            scope: "SearchFilter | Mapping | None" = None, serial: str | None = None,
            mode: str | None = None, compare: list[str] | None = None) -> Answer:
        """Answer `question` from the library. See answer.pipeline.

        Extractive and offline by default; with `llm` (pincite.answer.llm.LlmSettings) a model
        behind an OpenAI-compatible API writes the claims and the server verifies each one
        (answer.generate). `scope`: a SearchFilter or a scope object ({"model": "PX-200",
        "modification": "B", "revision": ..., "trust": [...], "include_uploaded": true})
        applied inside the search; `doc_ids` narrows it to those documents (each must be a
        ready document: NotFound otherwise). Without a scope, normative and reference
        documents answer (uploads only when asked). `serial` and `mode` ("current" or
        "as-shipped") choose the revision through the registry; `compare`: two revisions
        answered separately, side by side (`pincite ask --serial/--mode/--compare`). Raises
        QuestionError (ValueError for a bad scope object, mode or compare); LlmError when
        the model server fails.
        """
        from pincite.answer.pipeline import ask_library

        if mode is not None and mode not in ("current", "as-shipped"):
            raise ValueError(f"mode {mode!r}: choose current or as-shipped")
        for d in doc_ids or ():
            reading.ready_row(self, d)
        return ask_library(cast("LibraryLike", self), question, _scope_arg(scope), doc_ids=doc_ids, llm=llm,
                           serial=serial, mode=mode, compare=list(compare) if compare else None)

    @staticmethod
    def make_scope(scope: "Mapping | None" = None, *, where: str | None = "scope") -> SearchFilter:
        """The SearchFilter of a scope object ({"model", "modification", "revision", "trust":
        a list of store.fields.TRUST_LEVELS, "include_uploaded"}; keys given as None left
        out), as `ask` and `search` take it: the one place where a face's scope becomes a
        filter. ValueError for an unknown key or value, its message prefixed with `where`
        (none when None)."""
        given = {k: v for k, v in dict(scope or {}).items() if v is not None}
        if where is not None:
            return SearchFilter.from_scope(given, where)
        try:
            return SearchFilter.from_scope(given, "")
        except ValueError as e:
            raise ValueError(str(e).removeprefix(": ")) from None

    def search(self, question: str, *, scope: "SearchFilter | Mapping | None" = None,
               doc_ids: list[str] | None = None, limit: int = 8) -> SearchResult:
        """The passages that may answer `question`, best first, each with its whole text and
        a citation whose quote is checked against its page; no answer is written (for a
        caller that writes its own). `scope` and `doc_ids` as in `ask`; `limit`: 1 to 30
        passages. Raises QuestionError, ValueError for a bad scope or limit. See
        answer.pipeline.search_passages."""
        from pincite.answer.pipeline import search_passages

        return search_passages(cast("LibraryLike", self), question, _scope_arg(scope), doc_ids=doc_ids,
                               limit=limit)

    def page(self, doc_id: str, page: int) -> PageView:
        """The text of 1-based physical `page` of `doc_id` (of a document without pages: its
        n-th sheet, slide or block of lines) with its printed label, as quotes are checked
        against it (line ends as "\\n", words hyphenated at a line end joined). NotFound (a
        LibraryError) for an unknown document or a page out of range."""
        src = self.page_source(doc_id, page)
        return PageView.model_validate({
            "doc_id": doc_id, "file": src.file, "title": src.title, "page": page, "pages": src.pages,
            "page_label": src.page_label, "label_source": src.label_source if src.page_label else None,
            "kind": src.kind, "address": src.address if src.kind != "pdf" else None,
            "ocr": src.ocr, "text": readable_text(src.text)})

    def page_source(self, doc_id: str, page: int) -> "reading.PageSource":
        """Unit `page` (1-based) of `doc_id` exactly as stored, with its label, kind,
        address, OCR flag and hidden text (library.reading.PageSource): what `pincite page`
        and GET /api/documents/{id}/pages/{n}/text show. NotFound for an unknown or
        not-ready document or a page out of range."""
        return reading.page_source(self, doc_id, page)

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
        from pincite.answer.verify import verify_quote

        row, _, unit = reading.unit(self, doc_id, page)
        check = verify_quote(quote, unit.text, lang=row.language)
        return QuoteVerdict(doc_id=doc_id, file=row.file_name, page=page, page_label=unit.page_label or None,
                            quote=quote, verified=check.verified, match=check.level, reason=check.reason)

    def document(self, doc_id: str) -> DocumentRow:
        """The catalog row of ready document `doc_id`; NotFound when unknown or not ready."""
        return reading.ready_row(self, doc_id)

    def listing(self, *, ready_only: bool = False, problems: bool = True) -> "reading.Listing":
        """The library as `pincite docs` shows it (library.reading.Listing): catalog rows
        (every state, or ready ones only), failed files, and with `problems` what `check`
        finds (it hashes every original: slow on a large library)."""
        return reading.Listing(documents=self.catalog.documents(state="ready" if ready_only else None),
                               failures=self.catalog.failures(),
                               problems=self.check() if problems else [])

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

    # -- writing ------------------------------------------------------------------
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
        explicit = checked_fields(fields)
        paths = list(paths)
        roots = [Path(p) for p in paths if Path(p).is_dir()]
        files = list(expand_paths(paths, exclude=self.root))
        results = []
        with self._writing(), ReadAhead(self._reader(), password) as ahead:
            for i, f in enumerate(files):
                if on_start:
                    on_start(f)
                if i + 1 < len(files):
                    self._read_ahead(ahead, files[i + 1])  # read while f is embedded
                try:
                    wanted = resolve_fields(f, explicit, roots)
                except (FieldError, OSError) as e:
                    source = str(f.resolve())
                    self.catalog.record_failure(source, f.name, None, f"document fields: {e}")
                    res = IngestResult(source, "failed", reason=f"{f}: {e}")
                else:
                    res = self._ingest_one(f, password, None, checked_fields(wanted),
                                           lambda path, sha: ahead.take(path, sha))
                results.append(res)
                if on_result:
                    on_result(res)
            if any(r.status in ("added", "replaced") for r in results):
                self.optimize()
        return results

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
        with self._writing():
            return self._ingest_one(Path(path), password, source, wanted, ahead)

    # -- distributed ingest (a shared catalog: pincite.library.worker) ----------------------------
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

    @contextmanager
    def _writing(self):
        """Hold the writer lock (LockHeld if taken) and clean up what an interrupted ingest
        left, once per outermost use: nested uses (ingest -> ingest_file) share the lock,
        since a second flock of the same file by this process would be refused."""
        if self._writer_depth:
            self._writer_depth += 1
            try:
                yield
            finally:
                self._writer_depth -= 1
            return
        with WriterLock(self.root):
            self._writer_depth = 1
            try:
                self._cleanup_orphans()
                yield
            finally:
                self._writer_depth = 0

    def _ingest_one(self, path: Path, password: str | None, source: str | None = None,
                    fields: dict | None = None,
                    ahead: "Callable[[Path, str], Extracted | None] | None" = None) -> IngestResult:
        """`ahead`: (path, sha256) -> the file as read ahead (ReadAhead.take), or None when it
        was not; such a file is read here (FileReader.read)."""
        t0 = time.perf_counter()
        source = source if source is not None else str(path.resolve())
        try:
            size = path.stat().st_size
        except OSError:
            size = 0
        require_free(self.root, self._min_free() + INGEST_FACTOR * size, f"to store {shown(path.name)}")
        try:
            res = self._ingest_checked(path, source, password, fields or {}, ahead)
        except IngestError as e:
            self.catalog.record_failure(source, path.name, None, e.reason + (f" ({e.detail})" if e.detail else ""))
            res = IngestResult(source, "failed", reason=str(e))
        except OSError as e:
            full = disk_full(e, self.root)
            if full is not None:  # stop here: the next file would fail the same way
                raise full from None
            self.catalog.record_failure(source, path.name, None, f"cannot read or write: {e.strerror or e}")
            res = IngestResult(source, "failed", reason=f"{path}: cannot read or write ({e.strerror or e})")
        else:
            # An earlier failure of this source is over (put() clears it for a new document;
            # a skipped file writes no row, so clear it here too).
            self.catalog.clear_failure(source)
        res.seconds = time.perf_counter() - t0
        return res

    def _ingest_checked(self, path: Path, source: str, password: str | None,
                        fields: dict, ahead: "Callable[[Path, str], Extracted | None] | None" = None
                        ) -> IngestResult:
        if not path.is_file():
            raise IngestError(path, "not a file")
        sha = sha256_file(path)
        if self.catalog.shared:
            self.index  # noqa: B018 - the index before the document lock, in every process
        with self._doc_lock(sha[:16]):
            return self._ingest_hashed(path, sha, source, password, fields, ahead)

    def _ingest_hashed(self, path: Path, sha: str, source: str, password: str | None,
                       fields: dict, ahead: "Callable[[Path, str], Extracted | None] | None" = None
                       ) -> IngestResult:
        """`_ingest_checked` once the file's sha256 is known (under its document lock)."""
        doc_id = sha[:16]
        old = [r for r in self.catalog.by_source(source) if r.doc_id != doc_id and r.state == "ready"]
        same = self.catalog.get(doc_id)
        if same and same.state == "ready":
            # The bytes are stored already; older versions of this path must not answer.
            for row in old:
                self._remove(row)
            note = "unchanged" if same.source_path == source else f"same content as {same.file_name}"
            held = self.index.count(doc_id=same.doc_id, state="ready")
            if held < same.chunks:
                note += (f"; {same.chunks - held} of {same.chunks} passages missing from the index: "
                         "run `pincite reindex`")
            if fields:
                new = same.fields().updated(fields)
                if new != same.fields():
                    self._store_fields(same.doc_id, new)
                    note += "; fields updated"
            return IngestResult(source, "replaced" if old else "skipped", doc_id, same.pages,
                                same.chunks, reason=note)
        docfields = DocFields().updated(fields)
        extracted = ahead(path, sha) if ahead is not None else None
        if extracted is None or extracted.sha256 != sha:  # not read ahead, or changed since
            if extracted is not None:
                extracted.cleanup()
            extracted = self._reader().read(path, sha, password)
        try:
            return self._add_extracted(path, source, extracted.doc, old, docfields, extracted.suffix,
                                       extracted.pages_pdf, extracted.analysed, extracted.dense)
        finally:
            extracted.cleanup()

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
            content=self._content_limits())

    def _content_limits(self) -> ContentLimits:
        s = self.settings
        return ContentLimits(max_text_chars=s.max_text_chars, max_blocks=s.max_blocks, max_chunks=s.max_chunks)

    def _read_ahead(self, ahead: ReadAhead, path: Path) -> None:
        """Queue `path` on `ahead` unless queued already, unreadable now (its turn reports
        it) or stored already (its sha256 is in the catalog: nothing to read)."""
        if ahead.queued(path):
            return
        try:
            if not path.is_file():
                return
            sha = sha256_file(path)
        except OSError:
            return
        row = self.catalog.get(sha[:16])
        if row is None or row.state != "ready":
            ahead.submit(path, sha)

    def _add_extracted(self, path: Path, source: str, doc: DocumentModel,
                       old: list[DocumentRow], fields: DocFields | None = None,
                       suffix: str = ".pdf", pages_pdf: Path | None = None,
                       analysed: tuple | None = None, dense=None) -> IngestResult:
        """Store an extracted document two-phase, then remove the `old` versions of its source.
        A language among `fields` replaces the detected one. The original is stored with
        `suffix`; `pages_pdf` (the PDF a DOCX was converted to) beside it. `analysed`: the
        document's `_analyse` when the reader computed it already."""
        doc_id = doc.doc_id
        doc.path = source
        fields = fields or DocFields()
        doc.language = fields.language or doc.language or analysis.document_language(
            " ".join(p.text for p in doc.pages[:20])[:20000])
        try:
            chunks, df = self._write_pending(path, doc, fields, suffix, pages_pdf, analysed, dense)
            _fault("after-points")
            self._mark_ready(doc_id, df)
        except Exception:
            self._discard_pending(doc_id, doc.sha256)
            raise
        for row in old:
            self._remove(row)
        status = "replaced" if old else "added"
        return IngestResult(source, status, doc_id, doc.page_count, len(chunks), warnings=doc.warnings)

    def _write_pending(self, path: Path, doc: DocumentModel, fields: DocFields | None = None,
                       suffix: str = ".pdf", pages_pdf: Path | None = None,
                       analysed: tuple | None = None, dense=None) -> tuple[list, Counter]:
        """Phase one: original (and the PDF of its pages), model JSON, pending points,
        pending catalog row. `analysed`: `_analyse(doc)` if computed already."""
        fields = fields or DocFields()
        chunks, token_lists, df = analysed if analysed is not None else self._analyse(doc)
        self._content_limits().check_chunks(path, len(chunks))  # before anything is stored or embedded
        self.blobs.put(path, doc.sha256, suffix)
        if pages_pdf is not None:
            self.blobs.put_derived(pages_pdf, doc.sha256, ".pdf")
        atomic_write(self.models_dir / f"{doc.doc_id}.json", doc.to_json().encode("utf-8"))
        if dense is None or len(dense) != len(chunks):
            dense = self.embed_passages(chunks)
        self.index.delete_doc(doc.doc_id)  # leftovers of an earlier try with these bytes
        self.index.upsert(chunks, token_lists, _payload_extra(doc, fields), dense=dense)
        self.index.flush()
        self.catalog.put(DocumentRow(
            doc_id=doc.doc_id, sha256=doc.sha256, file_name=doc.file_name, source_path=doc.path,
            mime=doc.mime, size=path.stat().st_size, pages=doc.page_count, chunks=len(chunks),
            title=doc.title, language=doc.language, state="pending", warnings=doc.warnings,
            model=fields.model, modifications=list(fields.modifications), revision=fields.revision,
            trust=fields.trust, valid_from=fields.valid_from, valid_to=fields.valid_to,
            source_url=fields.source_url))
        return chunks, df

    @staticmethod
    def _analyse(doc: DocumentModel) -> tuple[list, list[list[str]], Counter]:
        chunks = chunking.chunk_document(doc)
        token_lists = [analysis.tokens(c.search_text) for c in chunks]
        df: Counter = Counter()
        for toks in token_lists:
            df.update(set(toks))
        df[CHUNKS_KEY] = len(chunks)
        return chunks, token_lists, df

    def _mark_ready(self, doc_id: str, df: Counter) -> None:
        """Phase two: points and catalog row become searchable; term statistics counted."""
        self.index.set_state(doc_id, "ready")
        with self.catalog.transaction():
            self.catalog.add_term_df(df)
            self.catalog.set_state(doc_id, "ready")

    def _remove(self, row: DocumentRow) -> None:
        """Remove a document from index, statistics, catalog, models and originals."""
        self.index.delete_doc(row.doc_id)
        model_path = self.models_dir / f"{row.doc_id}.json"
        with self.catalog.transaction():
            if row.state == "ready" and model_path.exists():
                self.catalog.add_term_df(self._analyse(self.model(row.doc_id))[2], sign=-1)
            self.catalog.delete(row.doc_id)
        self._delete_files(row.doc_id, row.sha256)

    def _delete_files(self, doc_id: str, sha256: str) -> None:
        """Delete a document's model JSON, and its original unless a catalog row uses it."""
        (self.models_dir / f"{doc_id}.json").unlink(missing_ok=True)
        _load_model.cache_clear()
        if not any(r.sha256 == sha256 for r in self.catalog.documents()):
            self.blobs.remove(sha256)

    def _discard_pending(self, doc_id: str, sha256: str) -> None:
        """Undo phase one of a failed ingest (best effort; the next start retries)."""
        try:
            row = self.catalog.get(doc_id)
            if row is not None and row.state == "pending":
                self._remove(row)
                return
            if row is None:
                self.index.delete_doc(doc_id)
                self._delete_files(doc_id, sha256)
        except Exception:
            pass

    def set_fields(self, doc_id: str, changes: "Mapping | DocFields") -> DocumentRow:
        """Change the document fields of `doc_id` without re-parsing: `changes` (a dict of
        some fields, checked by parse_fields; an empty value clears one) are laid over the
        stored ones, written to the catalog and, in one Edge set_payload_by_filter, to the
        payload of every chunk of the document, so the next search filters and cites by the
        new values. Returns the updated row. LibraryError for an unknown document,
        FieldError (a ValueError) for a bad value; LockHeld while another process writes."""
        row = reading.ready_row(self, doc_id)
        new = row.fields().updated(checked_fields(changes, "docs set"))
        with self._writing():
            self._store_fields(doc_id, new)
        return reading.ready_row(self, doc_id)

    def _store_fields(self, doc_id: str, fields: DocFields) -> None:
        """Index payload first, then the catalog row (under the writer lock)."""
        extra = doc_payload(fields)
        if fields.language:
            extra["lang"] = fields.language
        self.index.set_doc_fields(doc_id, extra)
        with self.catalog.transaction():
            self.catalog.set_fields(doc_id, fields)

    def remove(self, doc_id: str) -> None:
        """Remove one document (LibraryError if unknown)."""
        row = self.catalog.get(doc_id)
        if row is None:
            raise LibraryError(f"no document with id {doc_id}")
        with WriterLock(self.root), self._doc_lock(doc_id):
            self._remove(row)

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

    @staticmethod
    def check_fields(given: Mapping, where: str = "fields") -> dict:
        """Document fields as a face received them (a dict of some of store.fields.FIELD_NAMES
        or their aliases; None values left out), checked and normalised
        (store.fields.parse_fields). FieldError naming `where` and the field refused."""
        from pincite.store.fields import parse_fields

        return parse_fields(given, where)

    # -- the registry -----------------------------------------------------------------
    @staticmethod
    def read_registry(path: Path | str) -> "list[RegistryEntry]":
        """The rows of a registry CSV (store.registry.read_csv: model, modification, revision,
        status, current, serial_from, serial_to, valid_from, checked_at, checked_source),
        every one checked; RegistryError naming the row refused. Changes nothing."""
        from pincite.store.registry import read_csv

        return read_csv(Path(path))

    def import_registry(self, entries: "list[RegistryEntry]", source: str) -> int:
        """Replace the library's registry with `entries` (from `read_registry`) in one
        transaction, recording `source` (the file's name) as where it came from; the number
        of rows stored."""
        from pincite.store.registry import Registry

        Registry.store(self.catalog, entries, source)
        return len(entries)

    def registry(self) -> "reading.RegistryView":
        """The library's registry: its rows and the file it was imported from."""
        from pincite.store.registry import Registry

        return reading.RegistryView(source=self.catalog.get_meta("registry_source"),
                                    entries=Registry.load(self.catalog).entries)

    # -- model servers ------------------------------------------------------------------
    @staticmethod
    def llm_settings(data_dir: Path | str, **overrides) -> "LlmSettings | None":
        """The LLM settings in force for the library in `data_dir`: its llm.json, then the
        environment (PINCITE_LLM_URL, PINCITE_LLM_MODEL, PINCITE_API_KEY...), then
        `overrides` (base_url, model, query_model), each winning over the one before
        (answer.llm.load_settings); None when none is configured. LlmError for a bad value."""
        from pincite.answer.llm import load_settings

        return load_settings(Path(data_dir), **overrides)

    @staticmethod
    def save_llm_settings(data_dir: Path | str, settings: "LlmSettings") -> Path:
        """Write `settings` to `data_dir`/llm.json without the API key (answer.llm.save_settings);
        the file's path. OSError when it cannot be written."""
        from pincite.answer.llm import save_settings

        return save_settings(Path(data_dir), settings)

    @staticmethod
    def check_llm(settings: "LlmSettings") -> "CheckResult":
        """Prove a model server works before any document text is sent to it
        (answer.llm.check_llm: a plain completion to each model, then a structured-output
        request); the CheckResult says whether, which models and the response format found."""
        from pincite.answer.llm import check_llm

        return check_llm(settings)

    @staticmethod
    def llm_base_url(url: str) -> str:
        """`url` checked as an OpenAI-compatible base URL (answer.llm.check_url: https, or
        http on loopback) without its trailing slash; LlmError (kind config) otherwise."""
        from pincite.answer.llm import check_url

        return check_url(url)

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
        import shutil

        from pincite.store.catalog import copy_catalog

        if self.catalog.shared:
            counts = self.job_counts()
            if counts["queued"] or counts["running"]:
                raise LibraryError(f"catalog {self.catalog.location}: {counts['queued']} job(s) queued and "
                                   f"{counts['running']} running; let the workers finish (pincite jobs) first")
        dst_root = Path(target.data_dir)
        dst_files = Path(target.blobs_dir) if target.blobs_dir else dst_root
        dst_root.mkdir(parents=True, exist_ok=True)
        dst = open_catalog(dst_root, target.catalog_url)
        try:
            if dst.documents():
                raise LibraryError(f"catalog {dst.location}: holds documents already; copy into an empty library")
            with WriterLock(self.root):
                if self._index is not None:
                    self._index.close()
                    self._index = None
                rows = self.catalog.documents(state="ready")
                dst_blobs = BlobStore(dst_files / "originals")
                originals = 0
                for blob in sorted(self.blobs.root.glob("*/*")):
                    if blob.is_file():
                        to = dst_blobs.root / blob.parent.name / blob.name
                        to.parent.mkdir(parents=True, exist_ok=True)
                        shutil.copy2(blob, to)
                        originals += 1
                for row in rows:
                    copied = dst_blobs.path_for(row.sha256)
                    if not copied.is_file() or sha256_file(copied) != row.sha256:
                        raise LibraryError(f"{row.file_name}: its copied original {copied} does not match its "
                                           "SHA-256; nothing was recorded in the target catalog")
                models = 0
                (dst_files / "models").mkdir(parents=True, exist_ok=True)
                for row in rows:
                    src_model = self.models_dir / f"{row.doc_id}.json"
                    if src_model.is_file():
                        shutil.copy2(src_model, dst_files / "models" / src_model.name)
                        models += 1
                if (self.root / "index").is_dir() and dst_root.resolve() != self.root.resolve():
                    src_lock = IndexLock(self.root / "index").acquire(SHARED_INDEX_WAIT_S)
                    try:
                        with IndexLock(dst_root / "index"):
                            self._settle_rebuild()
                            _remove_tree(dst_root / "index")
                            shutil.copytree(self.root / "index", dst_root / "index")
                    finally:
                        src_lock.release()
                counts = copy_catalog(self.catalog, dst)
        finally:
            dst.close()
        return {**counts, "originals": originals, "models": models}

    @contextmanager
    def _doc_lock(self, doc_id: str):
        """Hold document `doc_id`'s lock in a shared catalog (other processes writing the
        same document wait); nothing for a catalog one process writes (the writer lock
        covers it)."""
        if not self.catalog.shared:
            yield
            return
        with cast("SharedCatalogStore", self.catalog).doc_lock(doc_id):
            yield

    def _cleanup_shared(self) -> int:
        """`_cleanup_orphans` for a shared catalog, where other processes ingest meanwhile:
        only pending rows that nobody is writing (no job with a live lease, and their
        document lock free, so the process that wrote them is gone) are removed, with their
        points, model and original. Points of documents without a catalog row are left:
        they are pending, so never searched, and the next ingest of those bytes replaces
        them. Returns the number of rows removed."""
        catalog = cast("SharedCatalogStore", self.catalog)  # called for a shared catalog only
        live = catalog.live_doc_ids()
        removed = 0
        for row in catalog.documents(state="pending"):
            if row.doc_id in live or not catalog.try_doc_lock(row.doc_id):
                continue
            try:
                fresh = self.catalog.get(row.doc_id)
                if fresh is not None and fresh.state == "pending":
                    self._remove(fresh)
                    removed += 1
            finally:
                catalog.release_doc_lock(row.doc_id)
        return removed

    def _cleanup_orphans(self) -> None:
        """Delete what an interrupted ingest left: pending rows and points of unknown docs."""
        if self.catalog.shared:
            self._cleanup_shared()
            return
        for row in self.catalog.documents(state="pending"):
            self._remove(row)
        rows = self.catalog.documents()
        known = {r.doc_id for r in rows}
        for doc_id in self.index.doc_ids() - known:
            self.index.delete_doc(doc_id)
        self.index.delete_pending()
        for model in self.models_dir.glob("*.json"):
            if model.stem not in known:
                model.unlink(missing_ok=True)
        shas = {r.sha256 for r in rows}
        for blob in self.blobs.root.glob("*/*"):
            if blob.is_file() and self.blobs.sha_of(blob) not in shas:
                blob.unlink(missing_ok=True)

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
        the module docstring): until then the library answers from the old ones, and a
        rebuild killed at any point leaves the old library or the new one, never a mix.
        Holds the writer lock and the index lock throughout (LockHeld, IndexBusy). In a
        Qdrant collection (index.select) the new index is a new collection, switched in by
        pointing the library's collection alias at it (one atomic alias request), so
        readers on other machines go on answering from the old one until then.
        ProfileMismatch when the library's index is in another engine than these settings
        open (rebuilding there would leave the library's index behind; `pincite migrate`
        moves it).
        """
        problem = self._engine_problem()
        if problem:
            raise ProfileMismatch(problem)
        with WriterLock(self.root):
            if self._index is not None:
                self._index.close()
                self._index = None
            if self.index_spec.kind != "edge":
                self._settle_collection_rebuild()
                return self._rebuild(on_doc)
            with IndexLock(self.root / "index"):
                self._settle_rebuild()  # an earlier rebuild killed half-way
                return self._rebuild(on_doc)

    def _rebuild(self, on_doc: Callable[[DocumentRow], None] | None) -> int:
        """reindex's work, under both locks with no index open: build, record, switch."""
        require_free(self.root, self._min_free(), "to rebuild the index")
        stage = self.root / REBUILD_DIR
        _remove_tree(stage)
        self.catalog.set_meta("rebuild", "building")
        (stage / "models").mkdir(parents=True)
        dim = self.embedder.dim_or_probe() if self.embedder is not None else None
        if self.index_spec.kind == "edge":
            new: Index = open_index(self.index_spec, stage, dim)  # the shard stage/index
        else:
            new = new_collection(self.index_spec, self.root, dim)
            self.catalog.set_meta("rebuild_collection", new.collection)
        rows = self.catalog.documents(state="ready")
        total: Counter = Counter()
        counts: dict[str, int] = {}
        try:
            for row in rows:
                doc = self.model(row.doc_id)
                if doc.extractor != _extractor_of(doc):
                    doc = self._extract_again(row, doc, stage / "models")
                chunks, token_lists, df = self._analyse(doc)
                new.upsert(chunks, token_lists, _payload_extra(doc, row.fields()), state="ready",
                           dense=self.embed_passages(chunks))
                total.update(df)
                counts[row.doc_id] = len(chunks)
                _fault("reindex-doc")
                if on_doc:
                    on_doc(row)
            new.optimize()
        finally:
            new.close()
        with self.catalog.transaction():  # the switch is decided here, in one transaction
            self.catalog.replace_term_df(total)
            for doc_id, n in counts.items():
                self.catalog.set_chunks(doc_id, n)
            self.catalog.set_meta("dense_dim", str(dim or 0))
            record_profile(self.catalog, self.settings)
            self.catalog.set_meta("rebuild", "switching")
        _fault("reindex-switch")
        if self.index_spec.kind == "edge":
            self._settle_rebuild()
        else:
            self._settle_collection_rebuild()
        return len(rows)

    def _settle_collection_rebuild(self, finish_only: bool = False) -> None:
        """`_settle_rebuild` for a library in a Qdrant collection (no index open): meta
        `rebuild` "switching": the rebuild's models are moved into place and the collection
        alias pointed at the new collection (meta `rebuild_collection`), the old collection
        deleted; "building": the new collection is dropped. Each step can be repeated.
        finish_only (a reader opening the index, without the writer lock): only a recorded
        switch is finished; a rebuild still "building" may be running on another machine."""
        state = self.catalog.get_meta("rebuild")
        if finish_only and state != "switching":
            return
        stage = self.root / REBUILD_DIR
        new = self.catalog.get_meta("rebuild_collection")
        if state is None and new is None and not stage.exists():
            return
        if state == "switching":
            self._move_rebuilt_models(stage)
            if new:
                switch_collection(self.index_spec, self.root, new)
        elif new:
            drop_collection(self.index_spec, self.root, new)
        _remove_tree(stage)
        self.catalog.delete_meta("rebuild_collection")
        self.catalog.delete_meta("rebuild")

    def _move_rebuilt_models(self, stage: Path) -> None:
        """Move the models a recorded rebuild re-extracted (`stage`/models) over the live
        ones, one atomic rename each (repeatable after a crash), and forget cached ones."""
        for model in sorted((stage / "models").glob("*.json")):
            os.replace(model, self.models_dir / model.name)
        _load_model.cache_clear()

    def _settle_rebuild(self) -> None:
        """Finish or undo a rebuild another run left (call with the index lock held and no
        index open). Meta `rebuild` "switching": the catalog holds the new state already, so
        the new models and shard under rebuild/ are moved into place (each step can be
        repeated after a crash). "building" (or a rebuild/ folder without a record): the
        rebuild never reached its switch, so rebuild/ is deleted and the live index and
        models, which it never touched, stay."""
        state = self.catalog.get_meta("rebuild")
        stage = self.root / REBUILD_DIR
        live, aside = self.root / "index", self.root / "index.old"
        if state == "switching":
            self._move_rebuilt_models(stage)
            _fault("reindex-models-moved")
            if (stage / "index").is_dir():
                _remove_tree(aside)
                if live.exists():
                    os.rename(live, aside)
                    _fault("reindex-index-aside")
                os.rename(stage / "index", live)
                _fsync_dir(self.root)
        elif state is None and not stage.exists() and not aside.exists():
            return
        _remove_tree(aside)
        _remove_tree(stage)
        self.catalog.delete_meta("rebuild")

    def _extract_again(self, row: DocumentRow, old: DocumentModel, models_dir: Path) -> DocumentModel:
        """A new model of `row` from its stored original with this extractor, written to
        `models_dir` (a rebuild's, moved into place when it ends); `old` when the original
        is missing or cannot be extracted without what was given at ingest."""
        blob = self.blobs.path_for(row.sha256)
        if KIND_OF_MIME.get(old.mime, "pdf") != "pdf":
            return self._extract_other_again(row, old, blob, models_dir)
        try:
            from pincite.extract.pdf import extract_pdf

            doc = extract_pdf(blob, doc_id=row.doc_id, sha256=row.sha256, limits=self._reader().pdf_limits,
                              ocr=self.settings.ocr, max_ocr_pages=self.settings.max_ocr_pages)
        except (IngestError, OSError):
            return old
        # The stored original is named by its hash: keep the names it was ingested under.
        doc.path, doc.file_name, doc.language = old.path, old.file_name, old.language
        if doc.title == blob.stem:
            doc.title = old.title
        atomic_write(models_dir / f"{row.doc_id}.json", doc.to_json().encode("utf-8"))
        return doc

    def _extract_other_again(self, row: DocumentRow, old: DocumentModel, blob: Path,
                             models_dir: Path) -> DocumentModel:
        """`_extract_again` for a DOCX, PPTX, XLSX or text document: its type and safety
        checked again (under the name it was ingested as), `old` when that fails. A DOCX
        whose model has pages is read again through its stored PDF (no conversion); `old`
        when that PDF is missing or no longer fits, so its pages are never lost."""
        from pincite.extract import office

        reader = self._reader()
        try:
            ftype = reader.file_type(blob, name=old.file_name)
            if ftype.kind == "docx" and office.has_pdf_pages(old):
                doc = office.extract_docx_pages(
                    blob, self.blobs.derived_path(row.sha256, ".pdf"), doc_id=row.doc_id,
                    sha256=row.sha256, file_name=old.file_name, limits=reader.pdf_limits,
                    ocr=self.settings.ocr, max_ocr_pages=self.settings.max_ocr_pages)
            else:
                doc = reader.extract_other(blob, ftype, row.doc_id, row.sha256, file_name=old.file_name)
        except (IngestError, OSError, ConversionError):
            return old
        doc.path, doc.language = old.path, old.language
        atomic_write(models_dir / f"{row.doc_id}.json", doc.to_json().encode("utf-8"))
        return doc


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

    def read(self, path: Path, sha: str, password: str | None = None) -> Extracted:
        got = super().read(path, sha, password)
        got.analysed = Library._analyse(got.doc)
        try:
            self.content.check_chunks(path, len(got.analysed[0]))
            if self.embed is not None:
                got.dense = _reader_embedder(self.embed).embed_passages(
                    [c.search_text for c in got.analysed[0]])
        except BaseException:
            got.cleanup()
            raise
        return got


_READER_EMBEDDERS: dict[tuple, "embeddings.Embedder"] = {}


def _reader_embedder(spec: tuple) -> "embeddings.Embedder":
    """The local embedder (name, threads, workers) of this process, loaded on first use."""
    if spec not in _READER_EMBEDDERS:
        name, threads, workers = spec
        emb = embeddings.get_embedder(name, num_threads=threads, workers=workers)
        if emb is None:  # spec names one of LOCAL_EMBEDDERS, never "none"
            raise ValueError(f"embedder {name!r}: not a local embedder")
        _READER_EMBEDDERS[spec] = emb
    return _READER_EMBEDDERS[spec]


def _scope_arg(scope: "SearchFilter | Mapping | None") -> "SearchFilter | dict | None":
    """A scope as the answer stage takes it: a SearchFilter, a plain dict or None."""
    return scope if scope is None or isinstance(scope, SearchFilter) else dict(scope)


def _extractor_of(doc: DocumentModel) -> str:
    """The extractor version this build gives a document of `doc`'s type (a DOCX read through
    its converted PDF: both versions, extract.office.paged_extractor)."""
    from pincite.extract.office import has_pdf_pages, paged_extractor

    if KIND_OF_MIME.get(doc.mime, "pdf") == "pdf":
        return EXTRACTOR_VERSION
    return paged_extractor() if has_pdf_pages(doc) else OFFICE_EXTRACTOR


def _shown(value) -> str:
    return "none" if value is None else str(value)


def _payload_extra(doc: DocumentModel, fields: DocFields | None = None) -> dict:
    """Document fields stored with every chunk: file, title, language, the analysed
    naming terms (chunking.naming_text) that answer ranking discounts, and the document
    fields the search filters on (index.edge.doc_payload: model, modifications, revision,
    trust, valid_from, valid_to and their match keys)."""
    return {"file": doc.file_name, "title": doc.title, "lang": doc.language,
            "name_terms": sorted(set(analysis.tokens(chunking.naming_text(doc)))),
            **doc_payload(fields)}


#: Bytes of DocumentModel JSON whose models stay loaded (_ModelCache). A question reads the
#: pages of the documents its hits come from; a count of documents bounded the cache before,
#: and past 64 documents each question re-read ~7 whole-document JSON files. The shared
#: corpus's 37 documents (2,700 pages) are 8.5 MB of JSON: 64 MiB keeps ~7 such libraries
#: (~75k chunks) loaded (in memory ~3x their JSON).
MODEL_CACHE_BYTES = 64 * 2**20


class _ModelCache:
    """Loaded DocumentModels by JSON path, least recently used dropped first once their
    files add up to over `max_bytes`; thread-safe. `cache_clear()` forgets them all (a
    document removed or rebuilt). LibraryError for a missing file."""

    def __init__(self, max_bytes: int):
        import threading
        from collections import OrderedDict

        self.max_bytes = max_bytes
        self._models: "OrderedDict[Path, tuple[DocumentModel, int]]" = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def __call__(self, path: Path) -> DocumentModel:
        with self._lock:
            got = self._models.get(path)
            if got is not None:
                self._models.move_to_end(path)
                return got[0]
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            raise LibraryError(f"{path}: extracted text missing; run `pincite reindex`") from None
        model = DocumentModel.from_json(data)
        with self._lock:
            if path not in self._models:
                self._models[path] = (model, len(data))
                self._bytes += len(data)
            while self._bytes > self.max_bytes and len(self._models) > 1:
                _, (_, size) = self._models.popitem(last=False)
                self._bytes -= size
        return model

    def cache_clear(self) -> None:
        with self._lock:
            self._models.clear()
            self._bytes = 0


_load_model = _ModelCache(MODEL_CACHE_BYTES)


def _remove_tree(path: Path) -> None:
    import shutil

    shutil.rmtree(path, ignore_errors=True)


def _fsync_dir(path: Path) -> None:
    """Make the renames inside folder `path` durable."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _fault(point: str) -> None:
    """Test hook at a named point of ingest (env PINCITE_FAULT=<action>:<point>).

    `error:<point>` raises OSError (an injected write error); `hang:<point>` sleeps so a
    test can kill the process there. Unset in normal use.
    """
    spec = os.environ.get("PINCITE_FAULT", "")
    action, _, where = spec.partition(":")
    if where != point:
        return
    if action == "error":
        raise OSError(5, "injected write error")
    if action == "hang":
        import sys

        print(f"fault: hang at {point}", file=sys.stderr, flush=True)
        time.sleep(3600)
