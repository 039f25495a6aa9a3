"""The real twin editions of the corpus (issue #7): the REVTeX 4.1 / 4.2 author guides and two
editions of the Kazakhstan norm СН РК 4.01-03, given the fields a person would set. Scoped to
its edition, each shared question about them cites its own document and expected page;
unscoped, a question whose evidence comes from both editions is asked back, never answered
from the wrong one. (Whole-corpus figures: benchmarks/twins.py.)"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pincite.app import Library
from pincite.config import Settings

TWINS = {
    "pdf/en/auguide4-1.pdf": {"model": "REVTeX", "revision": "4.1"},
    "pdf/en/auguide4-2.pdf": {"model": "REVTeX", "revision": "4.2"},
    "pdf/domain/ru-kz-sn-rk-4-01-03-2013.pdf": {"model": "СН РК 4.01-03", "revision": "2013"},
    "pdf/domain/ru-kz-sn-rk-4-01-03-2011-izm2021.pdf": {"model": "СН РК 4.01-03", "revision": "2011-izm2021"},
}


@pytest.fixture(scope="module")
def twins(corpus: Path, tmp_path_factory):
    src = tmp_path_factory.mktemp("twins")
    for rel in TWINS:
        shutil.copy(corpus / rel, src / Path(rel).name)
    lib = Library(Settings(data_dir=tmp_path_factory.mktemp("data")))
    assert all(r.status == "added" for r in lib.ingest([src]))
    by_name = {d.file_name: d for d in lib.documents()}
    for rel, fields in TWINS.items():
        lib.set_fields(by_name[Path(rel).name].doc_id, fields)
    qs = [json.loads(line) for line in (corpus.parent / "eval" / "questions.jsonl").read_text(
        encoding="utf-8").splitlines() if line.strip()]
    yield lib, [q for q in qs if q["doc"] in TWINS and q.get("pages")]
    lib.close()


def test_scoped_questions_cite_their_own_edition(twins):
    lib, qs = twins
    assert len(qs) >= 5
    hits = 0
    for q in qs:
        fields = TWINS[q["doc"]]
        ans = lib.ask(q["question"], scope={"model": fields["model"], "revision": fields["revision"]})
        cits = ans.citations()
        assert {c.file for c in cits} <= {Path(q["doc"]).name}, q["id"]  # never the other edition
        assert all(c.revision == fields["revision"] for c in cits)
        hits += bool(cits) and cits[0].page in q["pages"]
    # ru-23 is refused in this four-document library (its words are too common here: the
    # whole-corpus run in benchmarks/twins.py answers all six)
    assert hits >= len(qs) - 1, hits


def test_unscoped_questions_are_asked_back_or_answered_from_the_right_edition(twins):
    lib, qs = twins
    asked_back = 0
    for q in qs:
        ans = lib.ask(q["question"])
        if ans.status == "needs_clarification":
            asked_back += 1
            assert ans.clarification.options and not ans.claims
            text = ans.clarification.question + " " + ans.answer
            for name in ans.clarification.options + ["4.01-03"]:  # edition names may hold digits
                text = text.replace(name, "")
            assert not any(ch.isdigit() for ch in text), text  # no value from either edition
        elif ans.citations():
            assert ans.citations()[0].file == Path(q["doc"]).name, q["id"]
    assert asked_back >= 1
