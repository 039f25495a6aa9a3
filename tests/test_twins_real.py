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


@pytest.fixture(scope="module")
def one_edition(corpus: Path, tmp_path_factory):
    """A library holding the REVTeX 4.2 guide only: its 4.1 twin is not there."""
    src = tmp_path_factory.mktemp("one-edition")
    shutil.copy(corpus / "pdf/en/auguide4-2.pdf", src / "auguide4-2.pdf")
    lib = Library(Settings(data_dir=tmp_path_factory.mktemp("data")))
    assert [r.status for r in lib.ingest([src])] == ["added"]
    yield lib
    lib.close()


URL_QUESTION = ("According to the REVTeX {v} Author's Guide, at what URL is the REVTeX homepage "
                "with updated documentation located?")


def test_a_question_about_a_missing_edition_is_refused_not_answered_from_its_twin(one_edition):
    # every word of the question is on the 4.2 guide's p. 2 ("… maintained at the REVTEX 4.2
    # homepage located at http://journals.aps.org/revtex/"), and "4.1" stands in its text too
    # ("Changes in REVTeX 4.1"): only the version beside the name tells the editions apart
    ans = one_edition.ask(URL_QUESTION.format(v="4.1"))
    assert ans.status == "refused", (ans.answer, [c.quote for c in ans.citations()])
    assert not ans.citations()
    assert any("REVTEX 4.2" in w and "REVTeX 4.1" in w for w in ans.warnings), ans.warnings


def test_the_edition_the_library_holds_is_still_answered(one_edition):
    ans = one_edition.ask(URL_QUESTION.format(v="4.2"))
    assert ans.status == "answered", ans.warnings
    top = ans.citations()[0]
    assert top.page == 2 and "journals.aps.org/revtex" in top.quote and top.verified


def test_with_both_editions_each_question_cites_its_own(twins):
    lib, _ = twins
    for v, url in (("4.1", "authors.aps.org/revtex4"), ("4.2", "journals.aps.org/revtex")):
        ans = lib.ask(URL_QUESTION.format(v=v))
        assert ans.status == "answered", (v, ans.status, ans.warnings)
        top = ans.citations()[0]
        assert top.file == f"auguide{v.replace('.', '-')}.pdf" and url in top.quote, (v, top)
