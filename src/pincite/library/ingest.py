"""Writing documents into a library: ingest (of paths, of one file), the two-phase write,
document fields, removal, and cleaning up what an interrupted ingest left.

Ingest is two-phase: store the original and the model, write points marked pending (never
searched), write the catalog row, then flip both to ready. Leftovers of an interrupted
ingest are cleaned by the next writing command (`writing`, `cleanup_orphans`).

Every write holds the writer lock (`.lock`, LockHeld when another process has it). In a
shared library (a PostgreSQL catalog, pincite.library.worker) each document is also written
under its own advisory lock (`doc_lock`), and cleaning up removes only rows nobody is
writing (`cleanup_shared`).

The functions take the Library whose stores they write; the Library's methods are the
public face of them (pincite.library.facade).
"""
from __future__ import annotations

import time
from collections import Counter
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, Mapping, NamedTuple, cast

from pincite.chunk import pages as chunking
from pincite.errors import FieldError, IngestError, LibraryError, shown
from pincite.extract.model import DocumentModel
from pincite.extract.readahead import ReadAhead
from pincite.extract.reader import ContentLimits, Extracted
from pincite.index.base import PayloadExtra
from pincite.index.edge import doc_payload
from pincite.library import reading
from pincite.library.cache import load_model
from pincite.library.files import fault
from pincite.library.inputs import IngestResult, checked_fields, document_unit, expand_paths, unit_kind
from pincite.store.blobs import atomic_write, sha256_file
from pincite.store.catalog import CHUNKS_KEY, DocumentRow, FailureRow, SharedCatalogStore
from pincite.store.fields import DocFields, resolve_fields
from pincite.store.lock import WriterLock
from pincite.store.space import INGEST_FACTOR, disk_full, require_free
from pincite.text import analysis
from pincite.text import embed as embeddings

if TYPE_CHECKING:
    import numpy as np

    from pincite.chunk.model import Chunk
    from pincite.config import Settings
    from pincite.library.facade import Library

#: What a file read ahead of its turn is handed over as: (path, sha256) -> the Extracted
#: (ReadAhead.take), or None when it was not read ahead.
Ahead = Callable[[Path, str], "Extracted | None"]


#: Files queued ahead of the one being stored, for the read-ahead process to read (so that a
#: file slow to read, after a few quick ones, is read while earlier ones are embedded; the
#: ingest holds at most this many documents read ahead).
READ_AHEAD_FILES = 3


def ingest(lib: Library, paths: Iterable[Path | str], *, password: str | None = None,
           on_result: Callable[[IngestResult], None] | None = None,
           on_start: Callable[[Path], None] | None = None,
           fields: Mapping | DocFields | None = None) -> list[IngestResult]:
    """Library.ingest: files and folders, each file with the fields of its manifest,
    sidecar and `fields`, read up to READ_AHEAD_FILES files ahead in a child process."""
    explicit = checked_fields(fields)
    paths = list(paths)
    roots = [Path(p) for p in paths if Path(p).is_dir()]
    files = list(expand_paths(paths, exclude=lib.root))
    results = []
    considered: set[Path] = set()  # files offered to the read-ahead once (each hashed once)
    with writing(lib), ReadAhead(lib._reader(), password) as ahead:
        for i, f in enumerate(files):
            if on_start:
                on_start(f)
            for nxt in files[i + 1:i + 1 + READ_AHEAD_FILES]:  # read while f is embedded
                if nxt not in considered:
                    considered.add(nxt)
                    read_ahead(lib, ahead, nxt)
            try:
                wanted = resolve_fields(f, explicit, roots)
            except (FieldError, OSError) as e:
                source = str(f.resolve())
                lib.catalog.record_failure(source, f.name, None, f"document fields: {e}")
                res = IngestResult(source, "failed", reason=f"{f}: {e}")
            else:
                res = ingest_one(lib, f, password, None, checked_fields(wanted),
                                 lambda path, sha: ahead.take(path, sha))
            results.append(res)
            if on_result:
                on_result(res)
        forget_gone_failures(lib, roots)
        if any(r.status in ("added", "replaced") for r in results):
            lib.optimize()
    return results


def forget_gone_failures(lib: Library, roots: list[Path]) -> list[FailureRow]:
    """Drop the failed entries of files under the folders `roots` that are no longer on
    disk (a broken file deleted since its folder was last ingested): a failure holds no
    content, and nothing could retry it. The writer lock held. Returns the rows dropped."""
    if not roots:
        return []
    folders = [r.resolve() for r in roots]
    gone = []
    for f in lib.catalog.failures():
        path = Path(f.source_path)
        if path.is_absolute() and any(path.is_relative_to(r) for r in folders) and not path.exists():
            lib.catalog.clear_failure(f.source_path)
            gone.append(f)
    return gone


def remove_failed(lib: Library, name: str) -> list[FailureRow]:
    """Library.remove_failed: forget the failed entries whose source is `name` (a path, as
    given or resolved, or an upload's "upload:<file name>") or whose file name is `name`
    (every folder's), under the writer lock. Returns the rows removed (none: nothing matched)."""
    sources = {name}
    if name and not name.startswith("upload:"):
        try:
            sources.add(str(Path(name).expanduser().resolve()))
        except (OSError, RuntimeError):
            pass
    with writing(lib):
        matched = [f for f in lib.catalog.failures() if f.source_path in sources or f.file_name == name]
        for f in matched:
            lib.catalog.clear_failure(f.source_path)
    return matched


@contextmanager
def writing(lib: Library) -> Iterator[None]:
    """Hold the writer lock (LockHeld if taken) and clean up what an interrupted ingest
    left, once per outermost use: nested uses (ingest -> ingest_file) share the lock,
    since a second flock of the same file by this process would be refused."""
    if lib._writer_depth:
        lib._writer_depth += 1
        try:
            yield
        finally:
            lib._writer_depth -= 1
        return
    with WriterLock(lib.root):
        lib._writer_depth = 1
        try:
            cleanup_orphans(lib)
            yield
        finally:
            lib._writer_depth = 0


@contextmanager
def doc_lock(lib: Library, doc_id: str) -> Iterator[None]:
    """Hold document `doc_id`'s lock in a shared catalog (other processes writing the
    same document wait); nothing for a catalog one process writes (the writer lock
    covers it)."""
    if not lib.catalog.shared:
        yield
        return
    with cast(SharedCatalogStore, lib.catalog).doc_lock(doc_id):
        yield


def ingest_one(lib: Library, path: Path, password: str | None, source: str | None = None,
               fields: dict | None = None, ahead: Ahead | None = None) -> IngestResult:
    """Ingest one file (the writer lock held): its IngestResult, a failure recorded in the
    catalog rather than raised, except DiskFull. `ahead`: (path, sha256) -> the file as
    read ahead (ReadAhead.take), or None when it was not; such a file is read here
    (FileReader.read)."""
    t0 = time.perf_counter()
    source = source if source is not None else str(path.resolve())
    try:
        size = path.stat().st_size
    except OSError:
        size = 0
    require_free(lib.root, lib._min_free() + INGEST_FACTOR * size, f"to store {shown(path.name)}")
    try:
        res = _ingest_checked(lib, path, source, password, fields or {}, ahead)
    except IngestError as e:
        lib.catalog.record_failure(source, path.name, None, e.reason + (f" ({e.detail})" if e.detail else ""))
        res = IngestResult(source, "failed", reason=str(e))
    except OSError as e:
        full = disk_full(e, lib.root)
        if full is not None:  # stop here: the next file would fail the same way
            raise full from None
        lib.catalog.record_failure(source, path.name, None, f"cannot read or write: {e.strerror or e}")
        res = IngestResult(source, "failed", reason=f"{path}: cannot read or write ({e.strerror or e})")
    else:
        # An earlier failure of this source is over (put() clears it for a new document;
        # a skipped file writes no row, so clear it here too).
        lib.catalog.clear_failure(source)
    res.seconds = time.perf_counter() - t0
    return res


def _ingest_checked(lib: Library, path: Path, source: str, password: str | None,
                    fields: dict, ahead: Ahead | None = None) -> IngestResult:
    if not path.is_file():
        raise IngestError(path, "not a file")
    sha = sha256_file(path)
    if lib.catalog.shared:
        lib.index  # noqa: B018 - the index before the document lock, in every process
    with doc_lock(lib, sha[:16]):
        return _ingest_hashed(lib, path, sha, source, password, fields, ahead)


def _ingest_hashed(lib: Library, path: Path, sha: str, source: str, password: str | None,
                   fields: dict, ahead: Ahead | None = None) -> IngestResult:
    """`_ingest_checked` once the file's sha256 is known (under its document lock)."""
    doc_id = sha[:16]
    old = [r for r in lib.catalog.by_source(source) if r.doc_id != doc_id and r.state == "ready"]
    same = lib.catalog.get(doc_id)
    if same and same.state == "ready":
        # The bytes are stored already; older versions of this path must not answer.
        for row in old:
            remove_row(lib, row)
        note = "unchanged" if same.source_path == source else f"same content as {same.file_name}"
        held = lib.index.count(doc_id=same.doc_id, state="ready")
        if held < same.chunks:
            note += (f"; {same.chunks - held} of {same.chunks} passages missing from the index: "
                     "run `pincite reindex`")
        if fields:
            new = same.fields().updated(fields)
            if new != same.fields():
                store_fields(lib, same.doc_id, new)
                note += "; fields updated"
        return IngestResult(source, "replaced" if old else "skipped", doc_id, same.pages,
                            same.chunks, reason=note, unit=unit_kind(same.mime))
    docfields = DocFields().updated(fields)
    extracted = ahead(path, sha) if ahead is not None else None
    if extracted is None or extracted.sha256 != sha:  # not read ahead, or changed since
        if extracted is not None:
            extracted.cleanup()
        extracted = lib._reader().read(path, sha, password)
    analysed: Analysed | None = extracted.analysed  # what lib._reader() computed besides: analyse(doc)
    try:
        return add_extracted(lib, path, source, extracted.doc, old, docfields, extracted.suffix,
                             extracted.pages_pdf, analysed, extracted.dense)
    finally:
        extracted.cleanup()


def content_limits(settings: Settings) -> ContentLimits:
    """The limits of a document's content (text, blocks, chunks) of `settings`."""
    s = settings
    return ContentLimits(max_text_chars=s.max_text_chars, max_blocks=s.max_blocks, max_chunks=s.max_chunks)


def read_ahead(lib: Library, ahead: ReadAhead, path: Path) -> None:
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
    row = lib.catalog.get(sha[:16])
    if row is None or row.state != "ready":
        ahead.submit(path, sha)


def add_extracted(lib: Library, path: Path, source: str, doc: DocumentModel,
                  old: list[DocumentRow], fields: DocFields | None = None,
                  suffix: str = ".pdf", pages_pdf: Path | None = None,
                  analysed: Analysed | None = None, dense: np.ndarray | None = None) -> IngestResult:
    """Store an extracted document two-phase, then remove the `old` versions of its source.
    A language among `fields` replaces the detected one. The original is stored with
    `suffix`; `pages_pdf` (the PDF a DOCX was converted to) beside it. `analysed`: the
    document's `analyse` when the reader computed it already."""
    doc_id = doc.doc_id
    doc.path = source
    fields = fields or DocFields()
    doc.language = fields.language or doc.language or analysis.document_language(
        " ".join(p.text for p in doc.pages[:20])[:20000])
    try:
        chunks, df = write_pending(lib, path, doc, fields, suffix, pages_pdf, analysed, dense)
        fault("after-points")
        mark_ready(lib, doc_id, df)
    except Exception:
        discard_pending(lib, doc_id, doc.sha256)
        raise
    for row in old:
        remove_row(lib, row)
    status = "replaced" if old else "added"
    return IngestResult(source, status, doc_id, doc.page_count, len(chunks), warnings=doc.warnings,
                        unit=document_unit(doc))


def write_pending(lib: Library, path: Path, doc: DocumentModel, fields: DocFields | None = None,
                  suffix: str = ".pdf", pages_pdf: Path | None = None,
                  analysed: Analysed | None = None, dense: np.ndarray | None = None) -> tuple[list, Counter]:
    """Phase one: original (and the PDF of its pages), model JSON, pending points,
    pending catalog row. `analysed`: `analyse(doc)` if computed already."""
    fields = fields or DocFields()
    chunks, token_lists, df = analysed if analysed is not None else lib._analyse(doc)
    content_limits(lib.settings).check_chunks(path, len(chunks))  # before anything is stored or embedded
    lib.blobs.put(path, doc.sha256, suffix)
    if pages_pdf is not None:
        lib.blobs.put_derived(pages_pdf, doc.sha256, ".pdf")
    atomic_write(lib.models_dir / f"{doc.doc_id}.json", doc.to_json().encode("utf-8"))
    if dense is None or len(dense) != len(chunks):
        dense = lib.embed_passages(chunks)
    lib.index.delete_doc(doc.doc_id)  # leftovers of an earlier try with these bytes
    lib.index.upsert(chunks, token_lists, payload_extra(doc, fields), dense=dense)
    lib.index.flush()
    lib.catalog.put(DocumentRow(
        doc_id=doc.doc_id, sha256=doc.sha256, file_name=doc.file_name, source_path=doc.path,
        mime=doc.mime, size=path.stat().st_size, pages=doc.page_count, chunks=len(chunks),
        title=doc.title, language=doc.language, state="pending", warnings=doc.warnings,
        model=fields.model, modifications=list(fields.modifications), revision=fields.revision,
        trust=fields.trust, valid_from=fields.valid_from, valid_to=fields.valid_to,
        source_url=fields.source_url))
    return chunks, df


class Analysed(NamedTuple):
    """What `analyse` makes of a document: its chunks (chunk.pages.chunk_document), the
    analysed words of each chunk's search text (one list per chunk, in order), and in how
    many chunks each word occurs, with the number of chunks under CHUNKS_KEY (the catalog's
    term statistics)."""

    chunks: list[Chunk]
    token_lists: list[list[str]]
    term_counts: Counter[str]


def analyse(doc: DocumentModel) -> Analysed:
    """A document's chunks (chunk.pages.chunk_document), the analysed words of each
    chunk's search text, and in how many chunks each word occurs, with the number of
    chunks under CHUNKS_KEY (the catalog's term statistics)."""
    chunks = chunking.chunk_document(doc)
    token_lists = [analysis.tokens(c.search_text) for c in chunks]
    df: Counter = Counter()
    for toks in token_lists:
        df.update(set(toks))
    df[CHUNKS_KEY] = len(chunks)
    return Analysed(chunks, token_lists, df)


def mark_ready(lib: Library, doc_id: str, df: Counter) -> None:
    """Phase two: points and catalog row become searchable; term statistics counted."""
    lib.index.set_state(doc_id, "ready")
    with lib.catalog.transaction():
        lib.catalog.add_term_df(df)
        lib.catalog.set_state(doc_id, "ready")


def remove_row(lib: Library, row: DocumentRow) -> None:
    """Remove a document from index, statistics, catalog, models and originals."""
    lib.index.delete_doc(row.doc_id)
    model_path = lib.models_dir / f"{row.doc_id}.json"
    with lib.catalog.transaction():
        if row.state == "ready" and model_path.exists():
            lib.catalog.add_term_df(lib._analyse(lib.model(row.doc_id))[2], sign=-1)
        lib.catalog.delete(row.doc_id)
    delete_files(lib, row.doc_id, row.sha256)


def delete_files(lib: Library, doc_id: str, sha256: str) -> None:
    """Delete a document's model JSON, and its original unless a catalog row uses it."""
    (lib.models_dir / f"{doc_id}.json").unlink(missing_ok=True)
    load_model.cache_clear()
    if not any(r.sha256 == sha256 for r in lib.catalog.documents()):
        lib.blobs.remove(sha256)


def discard_pending(lib: Library, doc_id: str, sha256: str) -> None:
    """Undo phase one of a failed ingest (best effort; the next start retries)."""
    try:
        row = lib.catalog.get(doc_id)
        if row is not None and row.state == "pending":
            remove_row(lib, row)
            return
        if row is None:
            lib.index.delete_doc(doc_id)
            delete_files(lib, doc_id, sha256)
    except Exception:
        pass


def set_fields(lib: Library, doc_id: str, changes: Mapping | DocFields) -> DocumentRow:
    """Library.set_fields: `changes` laid over the stored fields, written to the index
    payload and the catalog under the writer lock; the updated row."""
    row = reading.ready_row(lib, doc_id)
    new = row.fields().updated(checked_fields(changes, "docs set"))
    with writing(lib):
        store_fields(lib, doc_id, new)
    return reading.ready_row(lib, doc_id)


def store_fields(lib: Library, doc_id: str, fields: DocFields) -> None:
    """Index payload first, then the catalog row (under the writer lock)."""
    extra = doc_payload(fields)
    if fields.language:
        extra["lang"] = fields.language
    lib.index.set_doc_fields(doc_id, extra)
    with lib.catalog.transaction():
        lib.catalog.set_fields(doc_id, fields)


def remove(lib: Library, doc_id: str) -> None:
    """Library.remove: one document, under the writer lock and its document lock
    (LibraryError if unknown)."""
    row = lib.catalog.get(doc_id)
    if row is None:
        raise LibraryError(f"no document with id {doc_id}")
    with WriterLock(lib.root), doc_lock(lib, doc_id):
        remove_row(lib, row)


def cleanup_shared(lib: Library) -> int:
    """`cleanup_orphans` for a shared catalog, where other processes ingest meanwhile:
    only pending rows that nobody is writing (no job with a live lease, and their
    document lock free, so the process that wrote them is gone) are removed, with their
    points, model and original. Points of documents without a catalog row are left:
    they are pending, so never searched, and the next ingest of those bytes replaces
    them. Returns the number of rows removed."""
    catalog = cast(SharedCatalogStore, lib.catalog)  # called for a shared catalog only
    live = catalog.live_doc_ids()
    removed = 0
    for row in catalog.documents(state="pending"):
        if row.doc_id in live or not catalog.try_doc_lock(row.doc_id):
            continue
        try:
            fresh = lib.catalog.get(row.doc_id)
            if fresh is not None and fresh.state == "pending":
                remove_row(lib, fresh)
                removed += 1
        finally:
            catalog.release_doc_lock(row.doc_id)
    return removed


def cleanup_orphans(lib: Library) -> None:
    """Delete what an interrupted ingest left: pending rows and points of unknown docs."""
    if lib.catalog.shared:
        cleanup_shared(lib)
        return
    for row in lib.catalog.documents(state="pending"):
        remove_row(lib, row)
    rows = lib.catalog.documents()
    known = {r.doc_id for r in rows}
    for doc_id in lib.index.doc_ids() - known:
        lib.index.delete_doc(doc_id)
    lib.index.delete_pending()
    for model in lib.models_dir.glob("*.json"):
        if model.stem not in known:
            model.unlink(missing_ok=True)
    shas = {r.sha256 for r in rows}
    for blob in lib.blobs.root.glob("*/*"):
        if blob.is_file() and lib.blobs.sha_of(blob) not in shas:
            blob.unlink(missing_ok=True)


def payload_extra(doc: DocumentModel, fields: DocFields | None = None) -> PayloadExtra:
    """Document fields stored with every chunk: file, title, language, the analysed
    naming terms (chunking.naming_text) that answer ranking discounts, and the document
    fields the search filters on (index.edge.doc_payload: model, modifications, revision,
    trust, valid_from, valid_to and their match keys)."""
    return {"file": doc.file_name, "title": doc.title, "lang": doc.language,
            "name_terms": sorted(set(analysis.tokens(chunking.naming_text(doc)))),
            **doc_payload(fields)}


_READER_EMBEDDERS: dict[tuple, "embeddings.Embedder"] = {}


def reader_embedder(spec: tuple) -> "embeddings.Embedder":
    """The local embedder (name, threads, workers) of this process, loaded on first use: the
    one a reading process (Library.file_reader with embed) embeds chunks with. ValueError
    for an embedder that is not local."""
    if spec not in _READER_EMBEDDERS:
        name, threads, workers = spec
        emb = embeddings.get_embedder(name, num_threads=threads, workers=workers)
        if emb is None:  # spec names one of LOCAL_EMBEDDERS, never "none"
            raise ValueError(f"embedder {name!r}: not a local embedder")
        _READER_EMBEDDERS[spec] = emb
    return _READER_EMBEDDERS[spec]
