"""Scope on the real twin editions of the corpus: the shared questions about them, asked of the
whole corpus with and without a scope filter.

The twin pairs (../shared/corpus/MANIFEST.md): the REVTeX 4.1 and 4.2 author guides
(pdf/en/auguide4-1.pdf, auguide4-2.pdf) and two editions of the Kazakhstan water-disposal
construction norm СН РК 4.01-03 (pdf/domain/ru-kz-sn-rk-4-01-03-2013.pdf and
-2011-izm2021.pdf). Each gets the fields a person would set (model = the document family,
revision = the edition); each shared question about one of them is asked twice: with no
scope, and scoped to its own document's model and revision (a filter inside the search).

    .venv/bin/python benchmarks/twins.py [--data DIR] [--keep]

Prints hit@1 / hit@5 per question and overall, and whether the top citation came from the
other twin.
"""
from __future__ import annotations

import argparse
import json
import shutil
import tempfile
from pathlib import Path

from pincite.answer.pipeline import ask_library
from pincite.config import Settings
from pincite.eval.run import load_questions, score
from pincite.library.facade import Library

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
#: File -> the fields a librarian would give it (family and edition).
TWINS = {
    "auguide4-1.pdf": {"model": "REVTeX", "revision": "4.1"},
    "auguide4-2.pdf": {"model": "REVTeX", "revision": "4.2"},
    "ru-kz-sn-rk-4-01-03-2013.pdf": {"model": "СН РК 4.01-03", "revision": "2013"},
    "ru-kz-sn-rk-4-01-03-2011-izm2021.pdf": {"model": "СН РК 4.01-03", "revision": "2011-izm2021"},
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, help="data folder (default: a temporary one)")
    ap.add_argument("--keep", action="store_true", help="keep the data folder")
    args = ap.parse_args()
    data = args.data or Path(tempfile.mkdtemp(prefix="pincite-twins-"))
    qs = [q for q in load_questions(SHARED / "eval" / "questions.jsonl")
          if Path(q["doc"]).name in TWINS and q.get("pages")]
    try:
        with Library(Settings(data_dir=data)) as lib:
            lib.ingest([SHARED / "corpus" / "pdf"])
            by_name = {d.file_name: d for d in lib.documents()}
            for name, fields in TWINS.items():
                lib.set_fields(by_name[name].doc_id, fields)
            rows = []
            for q in qs:
                scope = TWINS[Path(q["doc"]).name]
                for label, sc in (("no scope", None), ("scoped", {"model": scope["model"],
                                                                  "revision": scope["revision"]})):
                    ans = ask_library(lib, q["question"], sc)
                    rec = score(q, ans, 0.0)
                    top = ans.citations()[0].file if ans.citations() else "-"
                    rows.append({"id": q["id"], "scope": label, "status": ans.status, "hit1": rec.hit1,
                                 "hit5": rec.hit5, "top": top,
                                 "twin_on_top": top in TWINS and top != Path(q["doc"]).name})
    finally:
        if not args.keep and args.data is None:
            shutil.rmtree(data, ignore_errors=True)
    for r in rows:
        print(json.dumps(r, ensure_ascii=False))
    for label in ("no scope", "scoped"):
        rs = [r for r in rows if r["scope"] == label]
        print(f"{label:9} hit@1 {sum(r['hit1'] for r in rs)}/{len(rs)}  hit@5 {sum(r['hit5'] for r in rs)}/{len(rs)}"
              f"  other twin cited first {sum(r['twin_on_top'] for r in rs)}/{len(rs)}")


if __name__ == "__main__":
    main()
