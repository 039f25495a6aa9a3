"""One SHA-256 over what extraction makes of a set of files: a check that a change to the
extract stage changed nothing it outputs.

    .venv/bin/python benchmarks/extract_digest.py [--per-file] [--chunks] [--times] [DIR ...]

Reads every file under each DIR (default: the shared corpus, ../shared/corpus, and the
development set's documents, benchmarks/devset/docs of the main checkout or this one, where
present; MANIFEST.md and README files are skipped) in sorted path order, as an ingest reads
it: pincite.extract.reader.FileReader with the limits and OCR setting of the default Settings
(environment variables apply, as in an ingest). Each file adds to the digest its path (as
given), then either the document model's JSON (DocumentModel.to_json, keys sorted: text,
pages, labels, sections, spans, char maps, hidden-text marks, tables, warnings, title) or, for
a file that fails to extract, the exception's class name and message. With --chunks, the
chunks the ingest makes of each model (pincite.library.ingest.analyse: every chunk's dict and
its analysed words) are digested too. The temporary folder of a DOCX converted by LibreOffice
is removed after reading and is not part of the model.

--per-file prints each file's own digest (to find which file changed); --times prints each
file's CPU-seconds (user + system of this process, PDFium, LibreOffice's subprocess not
included) and the total per kind. Prints "digest <hex>" last.
"""
from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SKIP = {"MANIFEST.md", "README.md"}


def default_dirs() -> list[Path]:
    """The shared corpus and the development set's documents, those that exist."""
    out = [ROOT.parent / "shared" / "corpus"]
    for base in (ROOT, ROOT.parent / "main"):
        docs = base / "benchmarks" / "devset" / "docs"
        if docs.is_dir():
            out.append(docs)
            break
    return [d for d in out if d.is_dir()]


def files_of(dirs: list[Path]) -> list[Path]:
    return [p for d in dirs for p in sorted(d.rglob("*")) if p.is_file() and p.name not in SKIP]


def reader():
    """The FileReader an ingest of the default Settings uses (Library._reader, without the
    chunking the ingest adds)."""
    from pincite.config import Settings
    from pincite.extract.pdflimits import PdfLimits
    from pincite.extract.reader import FileReader
    from pincite.extract.sniff import ZipLimits
    from pincite.library import ingest

    s = Settings()
    return FileReader(
        pdf_limits=PdfLimits(max_bytes=s.max_bytes, max_pages=s.max_pages,
                             max_content_bytes=int(s.max_content_mb * 1024 * 1024)),
        zip_limits=ZipLimits(max_entries=s.zip_max_entries, max_total_bytes=int(s.zip_max_mb * 1024 * 1024),
                             max_ratio=s.zip_max_ratio, max_xml_part_bytes=int(s.max_xml_mb * 1024 * 1024),
                             max_text_chars=s.max_text_chars),
        max_bytes=s.max_bytes, ocr=s.ocr, max_ocr_pages=s.max_ocr_pages,
        content=ingest.content_limits(s))


def cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def file_record(rd, path: Path, chunks: bool) -> bytes:
    """What one file adds to the digest (see the module docstring)."""
    from pincite.library.ingest import analyse

    sha = hashlib.sha256(path.read_bytes()).hexdigest()
    try:
        got = rd.read(path, sha)
    except Exception as exc:  # noqa: BLE001  (the error is part of the output)
        return json.dumps({"error": type(exc).__name__, "message": str(exc)}, ensure_ascii=False).encode()
    try:
        rec = {"model": json.loads(got.doc.to_json())}
        if chunks:
            a = analyse(got.doc)
            rec["chunks"] = [dataclasses.asdict(c) for c in a.chunks]
            rec["tokens"] = a.token_lists
        return json.dumps(rec, ensure_ascii=False, sort_keys=True, default=repr).encode()
    finally:
        got.cleanup()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dirs", nargs="*", type=Path)
    ap.add_argument("--per-file", action="store_true", help="print each file's digest")
    ap.add_argument("--chunks", action="store_true", help="digest the chunks of each model too")
    ap.add_argument("--times", action="store_true", help="print each file's CPU-seconds")
    args = ap.parse_args()
    rd = reader()
    total = hashlib.sha256()
    kinds: dict[str, float] = {}
    t_all, w_all = cpu(), time.perf_counter()
    for path in files_of(args.dirs or default_dirs()):
        c0 = cpu()
        rec = file_record(rd, path, args.chunks)
        took = cpu() - c0
        kind = path.suffix.lower().lstrip(".")
        kinds[kind] = kinds.get(kind, 0.0) + took
        total.update(str(path).encode() + b"\0" + rec + b"\0")
        if args.per_file or args.times:
            parts = [str(path)]
            if args.per_file:
                parts.append(hashlib.sha256(rec).hexdigest()[:16])
            if args.times:
                parts.append(f"{took:.2f} CPU-s")
            print("  ".join(parts), flush=True)
    if args.times:
        print("CPU-s by kind: " + ", ".join(f"{k} {v:.1f}" for k, v in sorted(kinds.items()))
              + f"; all {cpu() - t_all:.1f} (wall {time.perf_counter() - w_all:.1f} s)", file=sys.stderr)
    print(f"digest {total.hexdigest()}")


if __name__ == "__main__":
    main()
