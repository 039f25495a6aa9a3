"""The development set (benchmarks/devset) as Python: its documents, questions, libraries,
and the candidate windows pincite finds for each question with their answerability features
and labels. Used by train_answerability.py and devset_eval.py.

A library is built once per name under benchmarks/devset/work/NAME (ingest skips unchanged
files). Questions whose `library` is "all" are asked of every document; the others of the
documents that libraries.json lists for their library.
"""
from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEVSET = HERE / "devset"
DOCS = DEVSET / "docs"
WORK = DEVSET / "work"
sys.path.insert(0, str(HERE.parent / "src"))

from pincite.answer import rank  # noqa: E402
from pincite.answer.normalize import normalize  # noqa: E402
from pincite.config import Settings  # noqa: E402
from pincite.library.facade import Library  # noqa: E402
from pincite.text import analysis  # noqa: E402


def documents() -> dict[str, dict]:
    """{name: record} of documents.jsonl (name relative to devset/docs)."""
    out = {}
    for line in (DEVSET / "documents.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip():
            d = json.loads(line)
            out[d["name"]] = d
    return out


#: The splits of the development set proper; documents of any other split (a fresh-user
#: trial's, "trial44") form a library of their own, named by their split.
DEV_SPLITS = ("tune", "heldout")


def libraries() -> dict[str, list[str]]:
    """{library name: document names}; "all" holds every document of the tune and held-out
    splits, and each other split is a library of its documents."""
    libs = json.loads((DEVSET / "libraries.json").read_text(encoding="utf-8")) \
        if (DEVSET / "libraries.json").exists() else {}
    docs = documents()
    libs["all"] = sorted(n for n, d in docs.items() if d["split"] in DEV_SPLITS)
    for name, d in sorted(docs.items()):
        if d["split"] not in DEV_SPLITS:
            libs.setdefault(d["split"], []).append(name)
    return libs


def questions(split: str | None = None) -> list[dict]:
    """Every question of questions/*.jsonl (sorted by file), with `split` set from its
    document's; only those of `split` ("tune", "heldout" or a trial's) when given. A question
    names no `library` when it is asked of "all" (of a trial's documents: of its library)."""
    docs = documents()
    out = []
    for path in sorted((DEVSET / "questions").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                q = json.loads(line)
                if q["doc"] not in docs:
                    print(f"{path.name}: {q['id']}: {q['doc']} is not in documents.jsonl; left out",
                          file=sys.stderr)
                    continue
                q["split"] = docs[q["doc"]]["split"]
                q.setdefault("library", "all" if q["split"] in DEV_SPLITS else q["split"])
                out.append(q)
    return [q for q in out if split is None or q["split"] == split]


def open_library(name: str, settings: Settings | None = None) -> Library:
    """The library `name`, ingesting its documents first when they changed."""
    data = WORK / name
    lib = Library(settings or Settings(data_dir=data))
    lib.ingest([DOCS / d for d in libraries()[name]])
    return lib


def shared_library(corpus: Path, data: Path, settings: Settings | None = None) -> Library:
    """A library of the whole shared corpus at `data` (ingested when changed)."""
    lib = Library(settings or Settings(data_dir=data))
    lib.ingest([corpus])
    return lib


_WORD_RE = re.compile(r"\w+")


def _words(text: str) -> set[str]:
    return set(analysis.tokens(text))


def window_answers(q: dict, file: str, page: int | None, window: str) -> bool:
    """Whether a window (of `file`, physical page `page`, None for a sheet or slide) states the question's
    answer: it stands on an expected page of the expected document (any page when the
    question gives none) and holds at least half the words of the expected quote, or of
    one of its parts."""
    if q.get("kind") == "refusal" or not q.get("quote"):
        return False
    if file != Path(q["doc"]).name:
        return False
    if q.get("pages") and page is not None and page not in q["pages"]:
        return False
    have = _words(window)
    flat = normalize(window).text
    for quote in q.get("quote_parts") or [q["quote"]]:
        want = _words(quote)
        if not want:
            continue
        if normalize(quote).text in flat or len(want & have) >= 0.5 * len(want):
            return True
    return False


@dataclass
class Row:
    """One candidate window of one question: its features, whether it answers, whether it
    is evidence about another model, edition or document."""

    qid: str
    doc: str
    lang: str
    features: list[float]
    label: int
    other: bool
    cand_file: str
    cand_page: int


def candidate_rows(lib: Library, q: dict, leave_out: bool = False, negative: str = "") -> list[Row]:
    """The candidate windows pincite scores for question `q` (each part of a compound
    question, as answer_question splits it), labelled by `window_answers`. With
    `leave_out`, the question is asked of the library less its own document (a search
    filter), which makes it a question the library cannot answer: every window is labelled
    0 and the rows' qid gets the suffix "/left-out"; [] when no other document is there.
    With `negative` (a name), `lib` is a library that does not hold the question's document:
    every window is labelled 0 and the qid gets "/" + `negative`."""
    from pincite.answer.split import core_of, split_question
    from pincite.index.base import SearchFilter

    flt = None
    if leave_out:
        own = Path(q["doc"]).name
        others = [d.doc_id for d in lib.documents() if d.file_name != own]
        if not others:
            return []
        flt = SearchFilter(doc_ids=others)
    parts = split_question(q["question"])
    rows = []
    for p in parts:
        g = rank.gather(lib, p, flt, core_of(p) if len(parts) > 1 else None)
        for c in (g.scored or g.cands):
            f = g.features.get(id(c))
            if f is None:
                continue
            window = c.hit.text[c.start - c.hit.char_start:c.end - c.hit.char_start]
            suffix = "/left-out" if leave_out else f"/{negative}" if negative else ""
            rows.append(Row(q["id"] + suffix, q["doc"], q["lang"], f.vector(),
                            0 if leave_out or negative else
                            int(window_answers(q, c.hit.file, None if c.hit.address else c.hit.page, window)),
                            id(c) in g.other_code, c.hit.file, c.hit.page))
    return rows
