"""CPU-seconds of PDF extraction by part, over every PDF of a folder (default: the shared
corpus, ../shared/corpus).

    .venv/bin/python benchmarks/extract_parts.py [--rounds N] [DIR ...]

Each PDF is read as an ingest reads it (benchmarks/extract_digest.py's FileReader); the parts
of pincite.extract.pdf and the PDFium calls they share are wrapped with a timer of this
process's CPU time (user + system, time.process_time: PDFium's C code included, tesseract's
subprocesses not). A part's time includes the parts it calls (page loads happen inside
several: "pdfium: load page" counts them all). With --rounds N the whole set is read N times
and each part's median over the rounds is printed (the machine is shared: compare
CPU-seconds, not wall time).
"""
from __future__ import annotations

import argparse
import functools
import hashlib
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import extract_digest  # noqa: E402

_spent: dict[str, float] = {}
_calls: dict[str, int] = {}
_depth: dict[str, int] = {}


def _timed(name: str, fn):
    @functools.wraps(fn)
    def wrapper(*a, **kw):
        if _depth.get(name):  # recursive: count the outer call only
            return fn(*a, **kw)
        _depth[name] = 1
        t0 = time.process_time()
        try:
            return fn(*a, **kw)
        finally:
            _spent[name] = _spent.get(name, 0.0) + time.process_time() - t0
            _calls[name] = _calls.get(name, 0) + 1
            _depth[name] = 0
    return wrapper


def _wrap(owner, attr: str, name: str) -> None:
    if hasattr(owner, attr):
        setattr(owner, attr, _timed(name, getattr(owner, attr)))


def install() -> None:
    """Wrap the parts (by the names the callers look them up under)."""
    import pypdfium2 as pdfium

    from pincite.extract import hidden, layout, margins, outline, pdf, rulings, tables

    _wrap(pdf, "extract_pdf", "extract_pdf (all)")
    _wrap(pdf, "check_content_streams", "check_content_streams")
    _wrap(pdf, "_read_page", "_read_page (all)")
    _wrap(hidden, "hidden_text_objects", "hidden_text_objects")
    _wrap(pdf, "object_offsets", "marked.object_offsets")
    _wrap(pdf, "unmapped_offsets", "marked.unmapped_offsets")
    _wrap(pdf, "no_text_offsets", "marked.no_text_offsets")
    _wrap(layout, "drop_chars", "layout.drop_chars")
    _wrap(layout, "scan_lines", "layout.scan_lines")
    _wrap(layout, "reading_order", "layout.reading_order")
    _wrap(margins, "margin_notes", "margins.margin_notes")
    _wrap(pdf, "_image_coverage", "_image_coverage")
    _wrap(pdf, "_has_ink", "_has_ink")
    _wrap(pdf, "_repair_garbled", "_repair_garbled")
    _wrap(pdf, "_ocr_weak_pages", "_ocr_weak_pages")
    _wrap(pdf, "set_sections", "outline.set_sections")
    _wrap(outline, "_line_tops", "outline._line_tops")
    _wrap(pdf, "set_heading_sections", "outline.set_heading_sections")
    _wrap(pdf, "find_tables", "tables.find_tables")
    _wrap(tables, "ruled_pages", "rulings.ruled_pages")
    _wrap(rulings, "page_rules", "rulings.page_rules")
    _wrap(pdf, "page_rules", "rulings.page_rules")
    _wrap(tables, "_page_tables", "tables._page_tables")
    _wrap(pdf, "infer_folio_labels", "folio.infer_folio_labels")
    _wrap(pdf, "_title", "_title")
    _wrap(pdfium.PdfDocument, "get_page", "pdfium: load page")
    _wrap(pdfium.PdfPage, "get_textpage", "pdfium: load text page")
    _wrap(pdfium.PdfTextPage, "get_text_range", "pdfium: get_text_range")


def one_round(rd, files: list[Path]) -> dict[str, float]:
    _spent.clear()
    _calls.clear()
    t0 = time.process_time()
    for path in files:
        try:
            rd.read(path, hashlib.sha256(path.read_bytes()).hexdigest())
        except Exception:  # noqa: BLE001  (an encrypted PDF of the corpus)
            pass
    out = dict(_spent)
    out["(process, all files)"] = time.process_time() - t0
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dirs", nargs="*", type=Path)
    ap.add_argument("--rounds", type=int, default=1)
    args = ap.parse_args()
    files = [p for p in extract_digest.files_of(args.dirs or [extract_digest.ROOT.parent / "shared" / "corpus"])
             if p.suffix.lower() == ".pdf"]
    rd = extract_digest.reader()
    install()
    rounds = [one_round(rd, files) for _ in range(args.rounds)]
    calls = dict(_calls)
    names = sorted({k for r in rounds for k in r}, key=lambda k: -statistics.median(r.get(k, 0.0) for r in rounds))
    print(f"{len(files)} PDFs, {args.rounds} round(s); CPU-s (median of rounds; each round's in brackets)")
    for k in names:
        vals = [r.get(k, 0.0) for r in rounds]
        each = " ".join(f"{v:.2f}" for v in vals) if len(vals) > 1 else ""
        print(f"  {k:<32} {statistics.median(vals):7.2f}  {calls.get(k, ''):>6}  {each}")


if __name__ == "__main__":
    main()
