"""Reading one file into a DocumentModel by its type: the extraction step of an ingest.

`FileReader.read` sniffs the file's type from its bytes (pincite.extract.sniff) and runs the
extractor of that type: PDFium for a PDF (pincite.extract.pdf), LibreOffice then PDFium for
a DOCX with pages (pincite.extract.office_docx.extract_docx_with_pages), python-docx/-pptx and
openpyxl for the other Office files, plain reading for TXT and Markdown. It touches no store
(catalog, index, originals), so it runs in the read-ahead process of an ingest
(pincite.extract.readahead) as well as in the Library's own. A FileReader holds only limits
and settings and pickles as such.
"""
from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from pincite.errors import TooLarge
from pincite.extract.model import DocumentModel
from pincite.extract.pdflimits import MIME_PDF, PdfLimits
from pincite.extract.sniff import FileType, ZipLimits, sniff

if TYPE_CHECKING:
    import numpy as np

#: Suffix each kind of original is stored under (store.blobs).
STORED_SUFFIX = {"pdf": ".pdf", "docx": ".docx", "pptx": ".pptx", "xlsx": ".xlsx", "txt": ".txt", "md": ".md"}


#: What a FileReader subclass computes from a document besides reading it (Extracted.analysed).
A = TypeVar("A")


@dataclass
class Extracted(Generic[A]):
    """A file read by FileReader.read; ``A``: the type of ``analysed``.

    sha256: of the bytes that were read (the caller compares it with the file's bytes at the
        time it stores them). doc: the model. suffix: the stored original's (STORED_SUFFIX).
    pages_pdf: the PDF LibreOffice made of a DOCX (inside `tmp`), else None.
    tmp: a temporary folder to remove with cleanup() once pages_pdf is stored, or None.
    analysed: what a FileReader subclass computed from `doc` besides (the Library's chunks
        and index terms, pincite.library.ingest.Analysed, so a read-ahead process does that
        work too), else None.
    dense: the passage vectors of `analysed`'s chunks when a caller embedded them already
        (the web server does, off its library thread): shape (chunks, embedder dimension),
        one row per chunk in order; else None.
    """

    sha256: str
    doc: DocumentModel
    suffix: str
    pages_pdf: Path | None = None
    tmp: Path | None = None
    analysed: A | None = None
    dense: np.ndarray | None = None

    def cleanup(self) -> None:
        """Remove `tmp` (and the converted PDF in it); safe to call twice."""
        if self.tmp is not None:
            shutil.rmtree(self.tmp, ignore_errors=True)
            self.tmp = None


@dataclass(frozen=True)
class ContentLimits:
    """Limits on what one document may hold once read, for every type (Settings.max_*).

    max_text_chars: most non-whitespace characters of its text (default 10 million).
    max_blocks: most blocks of a non-PDF document: DOCX paragraphs and table rows, sheet
        rows, slides, text units (the spans of its units, else its units; default 100,000).
        A PDF's pages are bounded by PdfLimits.max_pages instead.
    max_chunks: most chunks (checked by the Library before embedding; default 20,000).
    """

    max_text_chars: int = 10_000_000
    max_blocks: int = 100_000
    max_chunks: int = 20_000

    def check(self, path: Path, doc: DocumentModel) -> None:
        """TooLarge naming `path` and the limit when `doc` holds more text or blocks."""
        chars = sum(len("".join(p.text.split())) for p in doc.pages)
        if chars > self.max_text_chars:
            raise TooLarge(path, f"its text has {chars:,} characters; the limit is "
                                 f"{self.max_text_chars:,} characters (PINCITE_MAX_TEXT_CHARS)")
        if doc.mime != MIME_PDF:
            blocks = sum(max(1, len(p.spans)) for p in doc.pages)
            if blocks > self.max_blocks:
                raise TooLarge(path, f"it has {blocks:,} blocks (paragraphs, rows, slides); the "
                                     f"limit is {self.max_blocks:,} blocks (PINCITE_MAX_BLOCKS)")

    def check_chunks(self, path: Path | str, count: int) -> None:
        """TooLarge naming `path` and the limit when a document makes `count` chunks."""
        if count > self.max_chunks:
            raise TooLarge(path, f"it makes {count:,} chunks; the limit is {self.max_chunks:,} "
                                 f"chunks (PINCITE_MAX_CHUNKS)")


@dataclass(frozen=True)
class FileReader:
    """Limits and settings of reading (pincite.config.Settings has the defaults and the
    environment variables): pdf_limits (bytes and pages of a PDF), zip_limits (of an Office
    file's ZIP), max_bytes (of any file), ocr ("auto"/"off"), max_ocr_pages and content
    (text and blocks of the document read, ContentLimits)."""

    pdf_limits: PdfLimits
    zip_limits: ZipLimits
    max_bytes: int
    ocr: str = "auto"
    max_ocr_pages: int = 50
    content: ContentLimits = ContentLimits()

    def file_type(self, path: Path, name: str | None = None) -> FileType:
        """The type of the file from its bytes (pincite.extract.sniff): for an Office file only
        once its ZIP passed the zip limits and no XML part declares a DTD. Raises IngestError."""
        return sniff(path, name=name, zip_limits=self.zip_limits, max_bytes=self.max_bytes)

    def read(self, path: Path, sha: str, password: str | None = None) -> Extracted[Any]:
        """`path` (whose sha256 is `sha`; doc_id is its first 16 hex digits) read by the
        extractor of its type. A DOCX is converted to PDF by LibreOffice into a new temporary
        folder that the result's cleanup() removes. Raises IngestError (not a supported type,
        damaged, encrypted, too large (TooLarge also past `content`'s text and block limits;
        a text file of over 4 bytes per allowed character before it is read), ...) or
        OSError."""
        got = self._read(path, sha, password)
        try:
            self.content.check(path, got.doc)
        except BaseException:
            got.cleanup()
            raise
        return got

    def _read(self, path: Path, sha: str, password: str | None) -> Extracted:
        doc_id = sha[:16]
        ftype = self.file_type(path)
        suffix = STORED_SUFFIX[ftype.kind]
        if ftype.kind in ("txt", "md"):
            size = Path(path).stat().st_size
            if size > 4 * self.content.max_text_chars:  # UTF-8: at most 4 bytes a character
                raise TooLarge(path, f"{size:,} bytes of text; the limit is {self.content.max_text_chars:,} "
                                     f"characters (PINCITE_MAX_TEXT_CHARS)")
        if ftype.kind == "docx":
            tmp = Path(tempfile.mkdtemp(prefix="pincite-docx-"))
            try:
                doc, pdf = self.extract_docx(path, doc_id, sha, tmp / "converted.pdf")
            except BaseException:
                shutil.rmtree(tmp, ignore_errors=True)
                raise
            return Extracted(sha, doc, suffix, pdf, tmp)
        if ftype.kind != "pdf":
            return Extracted(sha, self.extract_other(path, ftype, doc_id, sha), suffix)
        from pincite.extract.pdf import extract_pdf  # PDFium loads with the first PDF read

        doc = extract_pdf(path, doc_id=doc_id, sha256=sha, password=password, limits=self.pdf_limits,
                          ocr=self.ocr, max_ocr_pages=self.max_ocr_pages)
        return Extracted(sha, doc, suffix)

    def extract_docx(self, path: Path, doc_id: str, sha: str, pdf_dest: Path,
                     file_name: str | None = None) -> tuple[DocumentModel, Path | None]:
        """A DOCX -> (DocumentModel, its converted PDF at `pdf_dest` or None): with pages when
        LibreOffice converts it (extract.office_docx.extract_docx_with_pages), else by blocks."""
        from pincite.extract import office_docx

        return office_docx.extract_docx_with_pages(
            path, pdf_dest, doc_id=doc_id, sha256=sha, file_name=file_name, limits=self.pdf_limits,
            ocr=self.ocr, max_ocr_pages=self.max_ocr_pages)

    @staticmethod
    def extract_other(path: Path, ftype: FileType, doc_id: str, sha: str,
                      file_name: str | None = None) -> DocumentModel:
        """A DOCX (by blocks), PPTX, XLSX, TXT or Markdown file (checked by `file_type`)."""
        from pincite.extract import office_docx, office_pptx, office_xlsx, text

        if ftype.kind == "docx":
            return office_docx.extract_docx(path, doc_id=doc_id, sha256=sha, file_name=file_name)
        if ftype.kind == "pptx":
            return office_pptx.extract_pptx(path, doc_id=doc_id, sha256=sha, file_name=file_name)
        if ftype.kind == "xlsx":
            return office_xlsx.extract_xlsx(path, doc_id=doc_id, sha256=sha, file_name=file_name)
        return text.extract_text(path, kind=ftype.kind, encoding=ftype.encoding or "utf-8",
                                 doc_id=doc_id, sha256=sha, file_name=file_name)
