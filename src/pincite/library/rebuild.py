"""Rebuilding a library's index from its stored documents (`reindex`) and copying a whole
library into another (`copy_to`).

A rebuild writes a new shard and any re-extracted models under rebuild/ while the live ones
stay as they were, then records the new term statistics, chunk counts and profile together
with meta `rebuild` = "switching" in one catalog transaction, and only then moves the new
files into place (pincite.library.indexing.settle_rebuild, which also finishes or throws
away a rebuild that was killed). In a Qdrant collection the new index is a new collection,
switched in by pointing the library's alias at it.

The functions take the Library they work on; its methods are their public face
(pincite.library.facade).
"""
from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from pincite.config import Settings
from pincite.errors import ConversionError, IngestError, LibraryError, ProfileMismatch
from pincite.extract.model import EXTRACTOR_VERSION, DocumentModel
from pincite.extract.sniff import KIND_OF_MIME, OFFICE_EXTRACTOR
from pincite.index.base import Index
from pincite.index.select import new_collection, open_index
from pincite.library import indexing
from pincite.library.files import fault, remove_tree
from pincite.library.ingest import payload_extra
from pincite.library.profile import record_profile
from pincite.store.blobs import BlobStore, atomic_write, sha256_file
from pincite.store.catalog import DocumentRow
from pincite.store.lock import IndexLock, WriterLock
from pincite.store.select import open_catalog
from pincite.store.space import require_free

if TYPE_CHECKING:
    from pincite.library.facade import Library


def reindex(lib: Library, on_doc: Callable[[DocumentRow], None] | None = None) -> int:
    """Library.reindex: under the writer lock (and the index lock of an Edge shard), with
    the index closed, settle an earlier rebuild and rebuild; the number of documents."""
    problem = indexing.engine_problem(lib)
    if problem:
        raise ProfileMismatch(problem)
    with WriterLock(lib.root):
        if lib._index is not None:
            lib._index.close()
            lib._index = None
        if lib.index_spec.kind != "edge":
            indexing.settle_collection_rebuild(lib)
            return _rebuild(lib, on_doc)
        with IndexLock(lib.root / "index"):
            indexing.settle_rebuild(lib)  # an earlier rebuild killed half-way
            return _rebuild(lib, on_doc)


def _rebuild(lib: Library, on_doc: Callable[[DocumentRow], None] | None) -> int:
    """reindex's work, under both locks with no index open: build, record, switch."""
    require_free(lib.root, lib._min_free(), "to rebuild the index")
    stage = lib.root / indexing.REBUILD_DIR
    remove_tree(stage)
    lib.catalog.set_meta("rebuild", "building")
    (stage / "models").mkdir(parents=True)
    dim = lib.embedder.dim_or_probe() if lib.embedder is not None else None
    new: Index
    if lib.index_spec.kind == "edge":
        new = open_index(lib.index_spec, stage, dim)  # the shard stage/index
    else:
        from pincite.index.qdrant_server import QdrantServerIndex

        new = new_collection(lib.index_spec, lib.root, dim)
        assert isinstance(new, QdrantServerIndex)  # a collection of a Qdrant engine
        lib.catalog.set_meta("rebuild_collection", new.collection)
    rows = lib.catalog.documents(state="ready")
    total: Counter = Counter()
    counts: dict[str, int] = {}
    try:
        for row in rows:
            doc = lib.model(row.doc_id)
            if doc.extractor != extractor_of(doc):
                doc = extract_again(lib, row, doc, stage / "models")
            chunks, token_lists, df = lib._analyse(doc)
            new.upsert(chunks, token_lists, payload_extra(doc, row.fields()), state="ready",
                       dense=lib.embed_passages(chunks))
            total.update(df)
            counts[row.doc_id] = len(chunks)
            fault("reindex-doc")
            if on_doc:
                on_doc(row)
        new.optimize()
    finally:
        new.close()
    with lib.catalog.transaction():  # the switch is decided here, in one transaction
        lib.catalog.replace_term_df(total)
        for doc_id, n in counts.items():
            lib.catalog.set_chunks(doc_id, n)
        lib.catalog.set_meta("dense_dim", str(dim or 0))
        record_profile(lib.catalog, lib.settings)
        lib.catalog.set_meta("rebuild", "switching")
    fault("reindex-switch")
    if lib.index_spec.kind == "edge":
        indexing.settle_rebuild(lib)
    else:
        indexing.settle_collection_rebuild(lib)
    return len(rows)


def extractor_of(doc: DocumentModel) -> str:
    """The extractor version this build gives a document of `doc`'s type (a DOCX read through
    its converted PDF: both versions, extract.office_docx.paged_extractor)."""
    from pincite.extract.office_docx import has_pdf_pages, paged_extractor

    if KIND_OF_MIME.get(doc.mime, "pdf") == "pdf":
        return EXTRACTOR_VERSION
    return paged_extractor() if has_pdf_pages(doc) else OFFICE_EXTRACTOR


def extract_again(lib: Library, row: DocumentRow, old: DocumentModel, models_dir: Path) -> DocumentModel:
    """A new model of `row` from its stored original with this extractor, written to
    `models_dir` (a rebuild's, moved into place when it ends); `old` when the original
    is missing or cannot be extracted without what was given at ingest."""
    blob = lib.blobs.path_for(row.sha256)
    if KIND_OF_MIME.get(old.mime, "pdf") != "pdf":
        return _extract_other_again(lib, row, old, blob, models_dir)
    try:
        from pincite.extract.pdf import extract_pdf

        doc = extract_pdf(blob, doc_id=row.doc_id, sha256=row.sha256, limits=lib._reader().pdf_limits,
                          ocr=lib.settings.ocr, max_ocr_pages=lib.settings.max_ocr_pages)
    except (IngestError, OSError):
        return old
    # The stored original is named by its hash: keep the names it was ingested under.
    doc.path, doc.file_name, doc.language = old.path, old.file_name, old.language
    if doc.title == blob.stem:
        doc.title = old.title
    atomic_write(models_dir / f"{row.doc_id}.json", doc.to_json().encode("utf-8"))
    return doc


def _extract_other_again(lib: Library, row: DocumentRow, old: DocumentModel, blob: Path,
                         models_dir: Path) -> DocumentModel:
    """`extract_again` for a DOCX, PPTX, XLSX or text document: its type and safety
    checked again (under the name it was ingested as), `old` when that fails. A DOCX
    whose model has pages is read again through its stored PDF (no conversion); `old`
    when that PDF is missing or no longer fits, so its pages are never lost."""
    from pincite.extract import office_docx

    reader = lib._reader()
    try:
        ftype = reader.file_type(blob, name=old.file_name)
        if ftype.kind == "docx" and office_docx.has_pdf_pages(old):
            doc = office_docx.extract_docx_pages(
                blob, lib.blobs.derived_path(row.sha256, ".pdf"), doc_id=row.doc_id,
                sha256=row.sha256, file_name=old.file_name, limits=reader.pdf_limits,
                ocr=lib.settings.ocr, max_ocr_pages=lib.settings.max_ocr_pages)
        else:
            doc = reader.extract_other(blob, ftype, row.doc_id, row.sha256, file_name=old.file_name)
    except (IngestError, OSError, ConversionError):
        return old
    doc.path, doc.language = old.path, old.language
    atomic_write(models_dir / f"{row.doc_id}.json", doc.to_json().encode("utf-8"))
    return doc


def copy_to(lib: Library, target: Settings) -> dict[str, int]:
    """Library.copy_to: originals (checked by SHA-256), models, the Edge shard, then the
    catalog rows last, under the writer lock; the counts copied."""
    from pincite.store.catalog import copy_catalog

    if lib.catalog.shared:
        counts = lib.job_counts()
        if counts["queued"] or counts["running"]:
            raise LibraryError(f"catalog {lib.catalog.location}: {counts['queued']} job(s) queued and "
                               f"{counts['running']} running; let the workers finish (pincite jobs) first")
    dst_root = Path(target.data_dir)
    dst_files = Path(target.blobs_dir) if target.blobs_dir else dst_root
    dst_root.mkdir(parents=True, exist_ok=True)
    dst = open_catalog(dst_root, target.catalog_url)
    try:
        if dst.documents():
            raise LibraryError(f"catalog {dst.location}: holds documents already; copy into an empty library")
        with WriterLock(lib.root):
            if lib._index is not None:
                lib._index.close()
                lib._index = None
            rows = lib.catalog.documents(state="ready")
            dst_blobs = BlobStore(dst_files / "originals")
            originals = 0
            for blob in sorted(lib.blobs.root.glob("*/*")):
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
                src_model = lib.models_dir / f"{row.doc_id}.json"
                if src_model.is_file():
                    shutil.copy2(src_model, dst_files / "models" / src_model.name)
                    models += 1
            if (lib.root / "index").is_dir() and dst_root.resolve() != lib.root.resolve():
                src_lock = IndexLock(lib.root / "index").acquire(lib.settings.index_wait_s)
                try:
                    with IndexLock(dst_root / "index"):
                        indexing.settle_rebuild(lib)
                        remove_tree(dst_root / "index")
                        shutil.copytree(lib.root / "index", dst_root / "index")
                finally:
                    src_lock.release()
            counts = copy_catalog(lib.catalog, dst)
    finally:
        dst.close()
    return {**counts, "originals": originals, "models": models}
