"""What the faces read from a library beyond an answer, each as one typed value: a page's
stored text with its label and address (PageSource) and where a cited quote stands in it
(quote_spans, which the highlight rectangles box too), a chunk as indexed, the highlight
rectangles and the image of a PDF page, a stored original (OriginalFile), the file a
citation opens (CitationFile), the listing of documents, failures and problems (Listing),
and the registry (RegistryView); the checks of the stores against each other (`check`);
page text as a person reads it (PageView), quote checks and page thumbnails; plus the
download-then-ingest of a URL.

The functions take the Library as their first argument and are called through its
methods (pincite.library.facade.Library), which are what the CLI, the web app and the MCP
server call. They never change the library, except `ingest_url`, which ingests through
Library.ingest_file. PDFium (library.pages) is not thread-safe: a caller running them on
several threads serialises them (the web server runs every Library call on one thread).

Errors: NotFound (a LibraryError) for an unknown or not-ready document, a page out of
range, a malformed or unknown chunk id, or a page that is no PDF page; LibraryError for a
stored file missing on disk.
"""
from __future__ import annotations

import re
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Mapping

from pincite.answer.normalize import readable_text
from pincite.contract import PageView, QuoteVerdict
from pincite.errors import DiskFull, FieldError, IndexBusy, IngestError, LibraryError, NotFound
from pincite.extract.model import WordBox
from pincite.extract.sniff import KIND_OF_MIME
from pincite.library import indexing
from pincite.library.inputs import IngestResult
from pincite.store.blobs import sha256_file

if TYPE_CHECKING:
    from pincite.chunk.model import Chunk
    from pincite.extract.model import DocumentModel, PageText
    from pincite.library.facade import Library
    from pincite.library.pages import PageRects
    from pincite.store.catalog import DocumentRow, FailureRow
    from pincite.store.registry import RegistryEntry

#: A chunk id (pincite.chunk.model.Chunk): "<doc_id>-p<page>-c<n>" for a text chunk, -b<n>
#: for a bridge across a page break (pincite.chunk.bridges), -t<n> for a table or table-row
#: chunk (pincite.chunk.tables); doc_id is the first 16 hex digits of the original's SHA-256.
CHUNK_ID_RE = re.compile(r"([0-9a-f]{16})-p([1-9][0-9]{0,6})-[cbt](0|[1-9][0-9]{0,6})")
#: NotFound message of the PDF-page reads (image, rectangles) for a unit without PDF pages:
#: a sheet, slide or block of lines is cited by its address instead.
NOT_A_PDF = "not a PDF: cite by sheet/slide/lines"
#: The unit kinds a PageSource names: a PDF page, or a sheet, slide or block of lines of a
#: document without pages (extract.address).
UNIT_KINDS = ("pdf", "sheet", "slide", "lines")


@dataclass(frozen=True)
class PageSource:
    """One unit of a document (1-based `page`: a PDF page, or the n-th sheet, slide or block
    of lines) as stored: `text` exactly as quotes are verified against (PDFium's "\\r\\n"
    and U+FFFE hyphen marks kept; Library.readable_text joins them), `page_label` the
    printed label or None and `label_source` how it was read (as stored, also when there is
    no label), `pages` the document's unit count, `kind` one of UNIT_KINDS, `address` the
    unit's address dict as stored (None when it has none), `ocr` whether its text was read
    by OCR, `hidden` the text left out as invisible ([{"text", "reason"}]), `marks` where a
    cited quote stands in `text` ([start, end) in Unicode code points; [] when none was asked
    for or it is not there: quote_spans)."""

    doc_id: str
    file: str
    title: str
    page: int
    pages: int
    page_label: str | None
    label_source: str | None
    kind: str
    address: dict | None
    ocr: bool
    text: str
    hidden: list[dict] = field(default_factory=list)
    marks: list[tuple[int, int]] = field(default_factory=list)


@dataclass(frozen=True)
class OriginalFile:
    """A stored original: `path` on disk, `mime` as sniffed at ingest, `file_name` it was
    added under, `is_pdf` whether it is a PDF (served inline, opened at "#page=N")."""

    doc_id: str
    file_name: str
    mime: str
    path: Path
    is_pdf: bool


@dataclass(frozen=True)
class CitationFile:
    """The file a citation of a document opens: `path`, and `paged` whether "#page=N"
    opens its page there (a PDF or a DOCX's stored conversion; not a sheet or deck)."""

    path: Path
    paged: bool


@dataclass(frozen=True)
class Listing:
    """The library as `pincite docs` and GET /api/documents show it: catalog rows (every
    state, or ready only, as asked), failed files, and the problems Library.check found."""

    documents: list["DocumentRow"]
    failures: list["FailureRow"]
    problems: list[str]
    #: doc_id -> the registry's status today of the document's revision ("in_force",
    #: "superseded", "repealed", "not_yet_in_force"; store.registry.STATUSES), for the
    #: documents whose model, one of its modifications and revision are registered.
    revision_status: Mapping[str, str] = field(default_factory=dict)


def revision_statuses(lib: "Library", rows: "list[DocumentRow]") -> dict[str, str]:
    """doc_id -> the registry status today (RegistryEntry.effective_status) of each row's
    revision: the entry of its model, revision and the first of its modifications that is
    registered; rows without such an entry are left out (an empty registry: {})."""
    from pincite.store.registry import Registry

    registry = Registry.load(lib.catalog)
    if not registry.entries:
        return {}
    out: dict[str, str] = {}
    for row in rows:
        for mod in row.modifications:
            entry = registry.entry(row.model, mod, row.revision)
            if entry is not None:
                out[row.doc_id] = entry.effective_status()
                break
    return out


@dataclass(frozen=True)
class RegistryView:
    """The registry of a library: its rows and the file it was imported from (None when
    never imported)."""

    source: str | None
    entries: list["RegistryEntry"]


# -- documents and pages --------------------------------------------------------------------
#: A document id as the catalog writes it (16 hex digits).
_DOC_ID_RE = re.compile(r"[0-9a-f]{16}")


def named_document(refs: "list[tuple[str, str, str]]", ref: str) -> str:
    """The id of the one document that `ref` names among `refs` ((doc_id, file_name,
    source_path) of the ready documents): `ref` is its id, its file name, or its source path
    (as given at ingest, or absolute); NotFound when none or several match (a file name held
    twice, in two folders: its path or id tells them apart)."""
    ref = ref.strip()
    if _DOC_ID_RE.fullmatch(ref) and any(d == ref for d, _, _ in refs):
        return ref
    absolute = str(Path(ref).expanduser().resolve()) if ref else ""
    hits = [d for d, name, src in refs
            if ref in (name, src) or (src and str(Path(src).expanduser().resolve()) == absolute)]
    if len(set(hits)) == 1:
        return hits[0]
    if not hits:
        raise NotFound(f"no document with id or file name {ref!r} in the library (`pincite docs` lists them)")
    raise NotFound(f"{ref!r} names {len(set(hits))} documents of the library; give its path or id "
                   f"({', '.join(sorted(set(hits)))})")


def ready_row(lib: "Library", doc_id: str) -> "DocumentRow":
    """The catalog row of a ready document; NotFound otherwise."""
    row = lib.catalog.get(doc_id)
    if row is None or row.state != "ready":
        raise NotFound(f"no document with id {doc_id!r} in the library")
    return row


def unit(lib: "Library", doc_id: str, page: int) -> "tuple[DocumentRow, DocumentModel, PageText]":
    """(row, model, PageText) of 1-based unit `page` of a ready document; NotFound for an
    unknown document or a page out of range."""
    row = ready_row(lib, doc_id)
    doc = lib.model(doc_id)
    if not 1 <= page <= doc.page_count:
        raise NotFound(f"{row.file_name}: page {page} is out of range 1..{doc.page_count}")
    return row, doc, doc.page(page)


def page_source(lib: "Library", doc_id: str, page: int, chunk_id: str | None = None,
                quote: str | None = None) -> PageSource:
    """PageSource of unit `page` of `doc_id` (see the class), its `marks` the spans
    `quote_spans` finds of `quote` / chunk `chunk_id` when given; NotFound as `unit` and
    `quote_spans`."""
    row, doc, p = unit(lib, doc_id, page)
    marks = quote_spans(lib, doc_id, page, chunk_id, quote) if (chunk_id or quote) else []
    address = p.address.to_dict() if p.address is not None else None
    kind = (address or {}).get("kind") or "pdf"
    return PageSource(doc_id=doc_id, file=row.file_name, title=row.title or "", page=page,
                      pages=doc.page_count, page_label=p.page_label or None, label_source=p.label_source,
                      kind=kind if kind in UNIT_KINDS else "pdf", address=address, ocr=bool(p.ocr),
                      text=p.text, hidden=[h.to_dict() for h in p.hidden], marks=[(a, b) for a, b in marks])


def page_view(lib: "Library", doc_id: str, page: int) -> PageView:
    """Library.page: PageSource of unit `page` as the contract's PageView, its text as a
    person reads it (readable_text). NotFound as `unit`."""
    src = page_source(lib, doc_id, page)
    return PageView.model_validate({
        "doc_id": doc_id, "file": src.file, "title": src.title, "page": page, "pages": src.pages,
        "page_label": src.page_label, "label_source": src.label_source if src.page_label else None,
        "kind": src.kind, "address": src.address if src.kind != "pdf" else None,
        "ocr": src.ocr, "text": readable_text(src.text)})


def verify_quote(lib: "Library", doc_id: str, page: int, quote: str) -> QuoteVerdict:
    """Library.verify_quote: `quote` checked against unit `page` of `doc_id` by
    answer.verify.verify_quote in the document's language. NotFound as `unit`."""
    from pincite.answer.verify import verify_quote as check_quote

    row, model, p = unit(lib, doc_id, page)
    check = check_quote(quote, p.text, lang=row.language, records=model.record_spans(page))
    return QuoteVerdict(doc_id=doc_id, file=row.file_name, page=page, page_label=p.page_label or None,
                        quote=quote, verified=check.verified, match=check.level, reason=check.reason)


def page_pdf(lib: "Library", row: "DocumentRow") -> Path | None:
    """Library.page_pdf: the stored original of a PDF, the stored conversion of a DOCX
    read through one (extract.office_docx.has_pdf_pages), None for a document without pages."""
    from pincite.extract.office_docx import has_pdf_pages

    if KIND_OF_MIME.get(row.mime, "pdf") == "pdf":
        return lib.blobs.path_for(row.sha256)
    try:
        paged = has_pdf_pages(lib.model(row.doc_id))
    except LibraryError:
        return None
    return lib.blobs.derived_path(row.sha256, ".pdf") if paged else None


def page_thumbnail(lib: "Library", doc_id: str, page: int, width_px: int = 480) -> bytes | None:
    """Library.page_thumbnail: a grayscale PNG `width_px` wide of PDF page `page`, or None
    (unknown document, no PDF pages, PDF missing, no such page)."""
    import io

    import pypdfium2 as pdfium

    row = lib.catalog.get(doc_id)
    pdf_path = None if row is None else lib.page_pdf(row)
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
    buf = io.BytesIO()
    image.save(buf, format="PNG", optimize=True)
    return buf.getvalue()


def parse_chunk_id(chunk_id: str) -> tuple[str, int, str, int]:
    """(doc_id, page, kind letter c|b|t, n) of a chunk id (CHUNK_ID_RE); NotFound when
    malformed."""
    m = CHUNK_ID_RE.fullmatch(chunk_id)
    if not m:
        raise NotFound("no chunk with this id")
    return m.group(1), int(m.group(2)), chunk_id.rsplit("-", 1)[1][0], int(m.group(3))


def chunk(lib: "Library", chunk_id: str) -> "Chunk":
    """The chunk `chunk_id` as the index holds it, rebuilt from the stored model (text
    chunks with their page's neighbours, as the chunker made them; bridges and table
    chunks from the whole document); NotFound when malformed or unknown."""
    from pincite.chunk import pages as chunking
    from pincite.chunk.bridges import bridge_chunks
    from pincite.chunk.tables import table_chunks

    doc_id, page_no, kind, n = parse_chunk_id(chunk_id)
    _, doc, _ = unit(lib, doc_id, page_no)
    if kind in "bt":
        made = bridge_chunks(doc) if kind == "b" else table_chunks(doc)
        found = [c for c in made if c.chunk_id == chunk_id]
        if not found:
            raise NotFound(f"no chunk with id {chunk_id}")
        return found[0]
    chunks = chunking.page_chunks(doc, page_no)
    if n >= len(chunks):
        raise NotFound(f"no chunk with id {chunk_id}")
    return chunks[n]


def pdf_unit(lib: "Library", doc_id: str, page: int) -> "tuple[DocumentRow, DocumentModel, PageText, Path]":
    """`unit` for the reads that need a PDF page, with the PDF its pages count
    (Library.page_pdf: the original, or a DOCX's stored conversion). NotFound(NOT_A_PDF) for
    a document without PDF pages; LibraryError when that PDF is missing on disk."""
    row = ready_row(lib, doc_id)
    pdf = lib.page_pdf(row)
    if pdf is None:
        raise NotFound(NOT_A_PDF)
    row, doc, p = unit(lib, doc_id, page)
    if not pdf.is_file():
        raise LibraryError(f"{row.file_name}: stored PDF of its pages missing; run `pincite remove "
                           f"{row.doc_id}` and ingest the file again")
    return row, doc, p, pdf


def quote_spans(lib: "Library", doc_id: str, page: int, chunk_id: str | None = None,
                quote: str | None = None) -> list[tuple[int, int]]:
    """Where a citation stands in the stored text of unit `page` of `doc_id` (PageText.text,
    as PageSource.text gives it): [start, end) offsets in Unicode code points (Python str
    indexes), in text order. `quote` is found with answer.verify.locate_quote (the verifier's
    normalisation: line-end hyphenation, spaces, case, ё/е, quote marks and dashes; no
    minimum length) inside chunk `chunk_id` first, then anywhere in the unit; for a bridge
    chunk (a sentence across a page break) the part on this page; with a chunk and no quote,
    the chunk's own span. [] when neither is given or the quote is not there. NotFound as
    `unit`, for a malformed or unknown chunk id, or for a chunk of another document."""
    from pincite.answer.verify import locate_quote
    from pincite.library import pages

    _, doc, p = unit(lib, doc_id, page)
    text = p.text
    span: tuple[int, int] | None = None
    if chunk_id is not None:
        if parse_chunk_id(chunk_id)[0] != doc_id:
            raise NotFound(f"chunk {chunk_id} is not in document {doc_id}")
        c = chunk(lib, chunk_id)
        if c.parts:  # a bridge chunk: the quote's (or the bridge's) part on this page
            return pages.bridge_spans(c.text, c.parts, quote, page, doc.language)
        if c.page == page:
            span = (c.char_start, c.char_end)
    if quote is None:
        return [span] if span is not None else []
    if span is not None:
        inside = locate_quote(quote, text[span[0]:span[1]])
        if inside is not None:
            return [(span[0] + inside[0], span[0] + inside[1])]
    found = locate_quote(quote, text)
    return [found] if found else []


def highlight(lib: "Library", doc_id: str, page: int, chunk_id: str | None = None,
              quote: str | None = None) -> "PageRects":
    """Rectangles on PDF page `page` of the spans `quote_spans` finds (a quote, inside its
    chunk first; or a chunk): from PDFium's char boxes, or on a page read by OCR from the
    OCR word boxes (PageText.spans) the spans overlap. No rectangle when neither is given or
    the quote is not found. NotFound as `pdf_unit` and `quote_spans`."""
    from pincite.library import pages

    _, _, p, pdf = pdf_unit(lib, doc_id, page)
    spans = quote_spans(lib, doc_id, page, chunk_id, quote)
    if p.ocr:
        boxes = [w.bbox for w in p.spans if isinstance(w, WordBox)
                 and any(w.start < e and w.end > s for s, e in spans)]
        return pages.box_rects(pdf, page, boxes)
    return pages.span_rects(pdf, page, p.text, spans, p.char_map)


def page_image(lib: "Library", doc_id: str, page: int, chunk_id: str | None = None,
               quote: str | None = None) -> bytes:
    """PNG of PDF page `page` (library.pages.render_png: at most LONG_SIDE_PX on its long
    side), with the rectangles of `highlight` tinted when a chunk or quote is given.
    NotFound / LibraryError as `highlight`."""
    from pincite.library import pages

    _, _, _, pdf = pdf_unit(lib, doc_id, page)
    rects = highlight(lib, doc_id, page, chunk_id, quote).rects if (chunk_id or quote) else []
    return pages.render_png(pdf, page, rects)


def original(lib: "Library", doc_id: str) -> OriginalFile:
    """The stored original of a ready document; NotFound when unknown, LibraryError when
    missing on disk."""
    row = ready_row(lib, doc_id)
    blob = lib.blobs.path_for(row.sha256)
    if not blob.is_file():
        raise LibraryError(f"{row.file_name}: stored original missing; run `pincite remove "
                           f"{row.doc_id}` and ingest the file again")
    return OriginalFile(doc_id=doc_id, file_name=row.file_name, mime=row.mime, path=blob,
                        is_pdf=KIND_OF_MIME.get(row.mime, "pdf") == "pdf")


def citation_file(lib: "Library", doc_id: str) -> CitationFile | None:
    """The file a citation of `doc_id` opens: the PDF its page numbers count when it is on
    disk (paged), else the stored original (a sheet, a slide deck); None for an unknown
    document."""
    row = lib.catalog.get(doc_id)
    if row is None:
        return None
    pdf = lib.page_pdf(row)
    if pdf is not None and pdf.exists():
        return CitationFile(pdf, True)
    return CitationFile(lib.blobs.path_for(row.sha256), False)


# -- checks --------------------------------------------------------------------------------
def check(lib: "Library") -> list[str]:
    """Library.check: the problems of the catalog against the originals, models and index,
    one line each with the command that repairs it; changes nothing (opening the index may
    settle a rebuild that was interrupted)."""
    problems = [p for p in [indexing.profile_problem(lib)] if p]
    problems += _index_problems(lib)
    for row in lib.catalog.documents():
        blob = lib.blobs.path_for(row.sha256)
        pages = lib.page_pdf(row) if row.state == "ready" and KIND_OF_MIME.get(row.mime) == "docx" else None
        if row.state != "ready" and lib.catalog.shared:
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
        elif not (lib.models_dir / f"{row.doc_id}.json").exists():
            problems.append(f"{row.file_name}: extracted text missing; run `pincite reindex`")
        elif pages is not None and not pages.is_file():
            problems.append(f"{row.file_name}: stored PDF of its pages missing ({pages}): answers "
                            "still cite its pages, but no page image can be shown; run `pincite "
                            f"remove {row.doc_id}` and ingest the file again")
    return problems


def _index_problems(lib: "Library") -> list[str]:
    """Ready documents whose chunks the index does not hold in full (as a rebuild
    interrupted by an earlier version left them: the catalog says ready, searches miss
    them), each with the count missing; one line when the index cannot be opened now
    (another process has it, or the disk is too full to open it safely)."""
    if indexing.engine_problem(lib):
        return []  # the index is in another engine: profile_problem says where
    rows = [r for r in lib.catalog.documents(state="ready") if r.chunks > 0]
    if lib._index is None and lib.index_spec.kind == "edge" and not (lib.root / "index").exists() \
            and lib.catalog.get_meta("rebuild") is None:
        if not rows:
            return []
        return [f"{lib.root / 'index'}: the index is missing, so {len(rows)} document(s) cannot "
                "answer; run `pincite reindex`"]
    try:
        held = lib.index.ready_counts()
    except (IndexBusy, DiskFull) as e:  # docs still lists what the catalog holds
        return [f"index not compared with the catalog: {e}"]
    except LibraryError as e:
        if lib.index_spec.kind == "edge":
            raise
        return [f"index not compared with the catalog: {e}"]  # the Qdrant server is unreachable
    out = []
    for row in rows:
        missing = row.chunks - min(held.get(row.doc_id, 0), row.chunks)
        if missing:
            out.append(f"{row.file_name}: {missing} of {row.chunks} passages missing from the index, "
                       f"so answers miss them; run `pincite reindex` (id {row.doc_id})")
    return out


# -- ingest of a URL --------------------------------------------------------------------------
def ingest_url(lib: "Library", url: str, *, password: str | None = None,
               fields: Mapping | None = None) -> IngestResult:
    """Download `url` (store.fetch: the URL policy, no redirect to a private address or to
    http, the size cap of a file) into a temporary folder under the data folder, ingest it
    with the URL as its source (catalog source_path) and as `source_url` unless `fields`
    name another, then remove the download. A refused or failed download, or a bad field,
    is a failed IngestResult naming the URL (as store.fetch.shown_url shows it), never
    raised; LockHeld as Library.ingest_file."""
    from pincite.store.fetch import check_url, download, shown_url
    from pincite.store.fields import parse_fields

    t0 = time.perf_counter()
    fields = dict(fields or {})
    try:
        source = str(check_url(url))
        wanted = {**fields, "source_url": fields.get("source_url") or source}
        parse_fields({"source_url": wanted["source_url"]}, source)
    except IngestError as e:
        return IngestResult(shown_url(url), "failed", reason=str(e))
    except FieldError as e:
        return IngestResult(shown_url(url), "failed", reason=f"{shown_url(url)}: {e}")
    tmp_root = lib.root / "downloads"
    tmp_root.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=tmp_root))
    try:
        try:
            got = download(source, tmp, max_bytes=lib.settings.max_bytes)
        except IngestError as e:
            res = IngestResult(shown_url(url), "failed", reason=str(e))
            res.seconds = time.perf_counter() - t0
            return res
        res = lib.ingest_file(got.path, source=source, password=password, fields=wanted)
        if res.status == "failed":  # name the URL, not the temporary download
            res.reason = res.reason.replace(str(got.path), shown_url(url))
        return res
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
