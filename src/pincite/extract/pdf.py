"""PDF extraction with PDFium (pypdfium2): a PDF file -> DocumentModel.

This module owns opening a PDF, refusing the files that cannot be ingested (with the
matching :mod:`pincite.errors` exception), and reading per physical page: the text
exactly as PDFium returns it, the printed page label and the page size. The label comes
from /PageLabels; when the PDF defines none, from the header/footer folios of the page texts
(:mod:`pincite.extract.folio`). It does not OCR, find sections or tables: later modules do
that on top.

PDFium quirks a caller must know (pypdfium2 5.15.2):

* Text is ``get_text_range()`` unchanged: line breaks are ``\\r\\n``; a soft line-end
  hyphen arrives as U+FFFE (``FPDFText_GetUnicode`` reports 0x02 there); ligatures
  come expanded; unmapped glyphs may arrive as control or private-use characters.
* A Python index into ``PageText.text`` equals PDFium's char index on nearly every
  page, but not always: (1) a character outside the BMP (e.g. math italic U+1D45B)
  is one Python character but two PDFium chars (UTF-16 units); (2) chars PDFium
  excludes from its text (Unicode 0) are skipped, so the text is shorter than
  ``count_chars()``. To get a char index for boxes, convert the Python index to a
  UTF-16 offset, then apply ``FPDFText_GetCharIndexFromTextIndex``.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from pincite.errors import Damaged, EmptyFile, Encrypted, GarbledText, NoTextLayer, NotAPdf, TooLarge
from pincite.extract.folio import infer_folio_labels
from pincite.extract.model import DocumentModel, PageText
from pincite.extract.quality import looks_like_cp1251_mojibake, mojibake_example

MIME_PDF = "application/pdf"

#: PDF files may have junk before the header; PDFium (like Acrobat) looks in the first 1024 bytes.
HEADER_WINDOW = 1024

_MIB = 1024 * 1024


@dataclass(frozen=True)
class PdfLimits:
    """Limits a PDF must stay within to be ingested.

    max_bytes: largest file size in bytes (default 200 MiB).
    max_pages: most physical pages (default 5000).
    min_doc_chars: fewest non-whitespace characters in the whole text layer (default 20);
        below it the document is treated as having no text layer.
    """

    max_bytes: int = 200 * _MIB
    max_pages: int = 5000
    min_doc_chars: int = 20


def extract_pdf(
    path: Path,
    *,
    doc_id: str,
    sha256: str,
    password: str | None = None,
    limits: PdfLimits = PdfLimits(),
) -> DocumentModel:
    """Extract every physical page of the PDF at ``path`` into a DocumentModel.

    Pages are 1-based physical page numbers (``pages[i].page == i + 1``); sizes are in PDF
    points; ``text`` is PDFium's text of the page, unaltered; ``page_label`` comes from
    /PageLabels (``label_source="pagelabels"``); when no page has a /PageLabels label, from
    the printed folios that :func:`pincite.extract.folio.infer_folio_labels` accepts
    (``label_source="folio"``); else it is '' with ``label_source`` None. ``title`` is the
    /Title metadata, else the file stem. A page with no text is kept and noted in ``warnings`` ("page N: no text layer").
    ``password`` unlocks a PDF with a user password ('' counts as none); PDFs with only an
    owner password open without one.

    Raises (all :class:`pincite.errors.IngestError`, message naming the file):
        EmptyFile: the file has zero bytes.
        NotAPdf: no ``%PDF-`` header in the first 1024 bytes, whatever the extension.
        TooLarge: more than ``limits.max_bytes`` bytes or ``limits.max_pages`` pages.
        Encrypted: a user password is needed, the given one is wrong, or the
            encryption scheme is not supported.
        Damaged: PDFium cannot load the file (truncated, broken), it has zero pages, or
            a page cannot be loaded.
        NoTextLayer: fewer than ``limits.min_doc_chars`` non-whitespace characters.
        GarbledText: the text layer is Cyrillic decoded as Latin-1
            (see :func:`pincite.extract.quality.looks_like_cp1251_mojibake`).
    OSError (e.g. FileNotFoundError) propagates when the file cannot be read at all.
    """
    path = Path(path)
    size = path.stat().st_size
    if size == 0:
        raise EmptyFile(path, "the file has 0 bytes")
    with path.open("rb") as fh:
        head = fh.read(HEADER_WINDOW)
    if b"%PDF-" not in head:
        raise NotAPdf(path, f"no %PDF- header in the first {HEADER_WINDOW} bytes")
    if size > limits.max_bytes:
        raise TooLarge(
            path,
            f"{size:,} bytes ({size / _MIB:.1f} MiB); the limit is {limits.max_bytes:,} bytes "
            f"({limits.max_bytes / _MIB:.1f} MiB)",
        )

    pdf = _open(path, password or None)
    try:
        n_pages = len(pdf)
        if n_pages == 0:
            raise Damaged(path, "the document has 0 pages")
        if n_pages > limits.max_pages:
            raise TooLarge(path, f"{n_pages:,} pages; the limit is {limits.max_pages:,} pages")
        title = pdf.get_metadata_value("Title").strip()
        pages: list[PageText] = []
        warnings: list[str] = []
        for index in range(n_pages):
            page_text = _read_page(pdf, index, path)
            if not page_text.text.strip():
                warnings.append(f"page {page_text.page}: no text layer")
            pages.append(page_text)
    finally:
        pdf.close()

    visible = sum(_count_visible(p.text) for p in pages)
    if visible < limits.min_doc_chars:
        raise NoTextLayer(
            path,
            f"{visible} non-whitespace characters in {n_pages} page(s); "
            f"at least {limits.min_doc_chars} are needed",
        )
    all_text = "\n".join(p.text for p in pages)
    if looks_like_cp1251_mojibake(all_text):
        example = mojibake_example(all_text)
        raise GarbledText(path, f"e.g. {example}" if example else "mostly Latin-1 letters such as 'Ýòî'")
    if not any(p.page_label for p in pages):
        # No /PageLabels (get_page_label gives '' for every page): read the printed folios
        # from headers and footers instead (ARCHITECTURE.md, "Printed page labels").
        for page_text, folio in zip(pages, infer_folio_labels([p.text for p in pages])):
            if folio:
                page_text.page_label, page_text.label_source = folio, "folio"

    return DocumentModel(
        doc_id=doc_id,
        file_name=path.name,
        sha256=sha256,
        mime=MIME_PDF,
        pages=pages,
        path=str(path),
        title=title or path.stem,
        warnings=warnings,
    )


def _open(path: Path, password: str | None) -> pdfium.PdfDocument:
    """Load the document, mapping PDFium's load errors to IngestError subclasses.

    Loads through the raw API rather than ``PdfDocument(path)`` so a document that loads
    with zero pages is still closed (pypdfium2 raises without closing it).
    """
    enc_path = (str(path) + "\x00").encode("utf-8", errors="strict" if sys.platform == "win32" else "surrogateescape")
    enc_pw = None if password is None else (password + "\x00").encode("utf-8")
    raw = pdfium_c.FPDF_LoadDocument(enc_path, enc_pw)
    if not raw:
        code = pdfium_c.FPDF_GetLastError()
        if code == pdfium_c.FPDF_ERR_PASSWORD:
            raise Encrypted(path, "wrong password" if password else "no password given")
        if code == pdfium_c.FPDF_ERR_SECURITY:
            raise Encrypted(path, "unsupported encryption scheme")
        raise Damaged(path, f"PDFium cannot load it: {_ERRORS.get(code, f'error {code}')}")
    return pdfium.PdfDocument(raw)


_ERRORS = {
    pdfium_c.FPDF_ERR_UNKNOWN: "unknown error",
    pdfium_c.FPDF_ERR_FILE: "file not found or could not be opened",
    pdfium_c.FPDF_ERR_FORMAT: "not in PDF format or corrupted (truncated?)",
    pdfium_c.FPDF_ERR_PAGE: "page not found or content error",
}


def _read_page(pdf: pdfium.PdfDocument, index: int, path: Path) -> PageText:
    """Read physical page ``index + 1``: text, /PageLabels label, size in points."""
    try:
        page = pdf[index]
    except pdfium.PdfiumError as exc:
        raise Damaged(path, f"page {index + 1} cannot be loaded: {exc}") from exc
    try:
        width, height = page.get_size()
        try:
            textpage = page.get_textpage()
        except pdfium.PdfiumError as exc:
            raise Damaged(path, f"the text of page {index + 1} cannot be loaded: {exc}") from exc
        try:
            text = textpage.get_text_range()
        finally:
            textpage.close()
    finally:
        page.close()
    label = pdf.get_page_label(index)
    return PageText(
        page=index + 1,
        text=text,
        page_label=label,
        label_source="pagelabels" if label else None,
        width=float(width),
        height=float(height),
    )


def _count_visible(text: str) -> int:
    """Number of non-whitespace characters."""
    return len("".join(text.split()))
