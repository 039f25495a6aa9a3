"""What a PDF is and the limits it must stay within: plain data, importable without PDFium.

Kept apart from extract.pdf so that the modules that only carry these values (the file
reader, the Library) do not load PDFium and the layout analysis until a PDF is read.
"""
from __future__ import annotations

from dataclasses import dataclass

MIME_PDF = "application/pdf"

MIB = 1024 * 1024


@dataclass(frozen=True)
class PdfLimits:
    """Limits a PDF must stay within to be ingested.

    max_bytes: largest file size in bytes (default 200 MiB).
    max_pages: most physical pages (default 5000).
    min_doc_chars: fewest non-whitespace characters in the whole text (default 20), counted
        after repair and OCR; below it the document is treated as having no text layer.
    max_content_bytes: most bytes the decoded content streams of one page may take (its
        /Contents and the form XObjects of its resources; default 32 MiB), checked before
        PDFium loads any page (extract.pdfguard.check_content_streams).
    """

    max_bytes: int = 200 * MIB
    max_pages: int = 5000
    min_doc_chars: int = 20
    max_content_bytes: int = 32 * MIB
