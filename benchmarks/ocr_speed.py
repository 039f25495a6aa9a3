"""Seconds of OCR per full A4 page of text: pages of a PDF rendered at 300 dpi and read by
tesseract through pincite.extract.ocr, as an ingest of a page with no usable text layer does.

    .venv/bin/python benchmarks/ocr_speed.py [PDF] [--pages 21,22]

Default: pages 21-22 of the garbled-layer Russian lshort of the shared corpus
(../shared/corpus/pdf/special/lshortru-broken-textlayer.pdf), two pages so that the wall time
per page shows the OCR workers side by side. Prints tesseract's seconds per page, the wall time
per page, the number of workers and CPUs; exits 1 when tesseract is missing or a page fails.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import pypdfium2 as pdfium

from pincite.extract import ocr as ocr_mod

DEFAULT_PDF = Path(__file__).resolve().parents[2] / "shared/corpus/pdf/special/lshortru-broken-textlayer.pdf"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pdf", nargs="?", type=Path, default=DEFAULT_PDF)
    parser.add_argument("--pages", default="21,22", help="1-based physical pages, comma-separated")
    args = parser.parse_args()
    found = ocr_mod.availability()
    if not found.ok:
        print(f"OCR unavailable: {found.reason}; install {found.need}", file=sys.stderr)
        return 1
    indexes = [int(p) - 1 for p in args.pages.split(",")]
    pdf = pdfium.PdfDocument(args.pdf)
    try:
        t0 = time.perf_counter()
        results = ocr_mod.ocr_pages(pdf, indexes, found.executable)
        wall = time.perf_counter() - t0
    finally:
        pdf.close()
    failed = {i + 1: r.error for i, r in results.items() if r.error}
    seconds = [r.seconds for r in results.values()]
    print(f"OCR of {args.pdf.name} p. {args.pages} (300 dpi): {sum(seconds) / len(seconds):.2f} s/page in "
          f"tesseract; {wall / len(seconds):.2f} s/page wall with {ocr_mod.workers()} worker(s) on "
          f"{len(os.sched_getaffinity(0))} CPU(s)")
    for page, error in failed.items():
        print(f"p. {page}: {error}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
