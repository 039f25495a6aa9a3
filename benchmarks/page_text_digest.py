"""One SHA-256 over the extracted page texts of every PDF, and the CPU time extraction took.

    .venv/bin/python benchmarks/page_text_digest.py [FOLDER ...] [--json OUT.json]
    .venv/bin/python benchmarks/page_text_digest.py --diff BEFORE.json AFTER.json

Default folders: ../shared/corpus and benchmarks/devset/docs (of the main checkout when this
one has no docs). Every ``*.pdf`` below them (recursive, sorted by path) is extracted with
:func:`pincite.extract.pdf.extract_pdf` (``ocr="off"``, so no tesseract run enters the
figures; the corpus's encrypted sample opens with its known user password). The digest is
SHA-256 over, per document in path order, its path relative to its folder, NUL, and per page
its text, NUL. CPU time is ``time.process_time()`` around each extraction (this process only,
all threads), summed; the first document also pays the imports PDFium loads lazily.

``--json`` writes per document its digest, CPU seconds, and per page a digest of its text and
its hidden text (``PageText.hidden``); ``--diff`` lists the documents and pages whose text
differs between two such files, with the hidden text each page gained or lost, which says why.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Known user passwords of the test corpus (shared/corpus/MANIFEST.md).
PASSWORDS = {"libreoffice-writer-password.pdf": "openpassword"}


def default_folders() -> list[Path]:
    docs = ROOT / "benchmarks" / "devset" / "docs"
    if not docs.is_dir():
        docs = ROOT.parent / "main" / "benchmarks" / "devset" / "docs"
    return [ROOT.parent / "shared" / "corpus", docs]


def digest(folders: list[Path]) -> dict:
    from pincite.extract.pdf import extract_pdf

    total = hashlib.sha256()
    docs: dict[str, dict] = {}
    cpu_all = 0.0
    for folder in folders:
        for path in sorted(folder.rglob("*.pdf")):
            name = f"{folder.name}/{path.relative_to(folder).as_posix()}"
            start = time.process_time()
            try:
                model = extract_pdf(path, doc_id="d", sha256="s", ocr="off", password=PASSWORDS.get(path.name))
            except Exception as exc:  # a refused file: its refusal is its "text"
                cpu = time.process_time() - start
                texts, hidden = [f"!{type(exc).__name__}"], [[]]
            else:
                cpu = time.process_time() - start
                texts = [p.text for p in model.pages]
                hidden = [[f"{h.reason}: {h.text}" for h in p.hidden] for p in model.pages]
            cpu_all += cpu
            one = hashlib.sha256()
            for part in (name, *texts):
                for h in (total, one):
                    h.update(part.encode("utf-8", "surrogatepass") + b"\0")
            docs[name] = {"sha256": one.hexdigest(), "cpu_s": round(cpu, 3),
                          "pages": [hashlib.sha256(t.encode("utf-8", "surrogatepass")).hexdigest()[:16] for t in texts],
                          "hidden": hidden}
    return {"sha256": total.hexdigest(), "documents": len(docs), "cpu_s": round(cpu_all, 2), "docs": docs}


def diff(before: dict, after: dict) -> list[str]:
    out = []
    for name in sorted(set(before["docs"]) | set(after["docs"])):
        a, b = before["docs"].get(name), after["docs"].get(name)
        if a is None or b is None:
            out.append(f"{name}: only in {'after' if a is None else 'before'}")
            continue
        if a["sha256"] == b["sha256"]:
            continue
        pages = [i for i, (x, y) in enumerate(zip(a["pages"], b["pages"])) if x != y]
        out.append(f"{name}: {len(pages)} page(s) changed of {len(b['pages'])}")
        for i in pages:
            gained = [h for h in b["hidden"][i] if h not in a["hidden"][i]]
            lost = [h for h in a["hidden"][i] if h not in b["hidden"][i]]
            out.append(f"  page {i + 1}: hidden gained {gained!r} lost {lost!r}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folders", nargs="*", type=Path)
    ap.add_argument("--json", type=Path, help="write per-document and per-page digests here")
    ap.add_argument("--diff", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = ap.parse_args(argv)
    if args.diff:
        before, after = (json.loads(p.read_text()) for p in args.diff)
        print(f"before {before['sha256']}  cpu {before['cpu_s']} s\nafter  {after['sha256']}  cpu {after['cpu_s']} s")
        for line in diff(before, after):
            print(line)
        return 0
    result = digest(args.folders or default_folders())
    if args.json:
        args.json.write_text(json.dumps(result, ensure_ascii=False, indent=1))
    print(f"{result['sha256']}  {result['documents']} PDFs  extraction cpu {result['cpu_s']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
