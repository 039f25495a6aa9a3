"""A FAQ's entry is a numbered heading that asks a question, and the sentence after it
answers (answer.extractive.question_heading): the quote runs on from the heading into that
sentence, so a person reads the answer, not the question restated."""
from __future__ import annotations

from types import SimpleNamespace

from pdfgen import make_pdf
from pincite.answer.extractive import question_heading
from pincite.config import Settings
from pincite.library.facade import Library

FAQ = ("Pump FAQ\n3 Operation\n3.1 Can two pumps run in parallel on one manifold?\n"
       "No. Each pump needs its own suction line and manifold.\n"
       "3.2 Where does the release name come from?\n"
       "From characters of an old cartoon series chosen by the team.")


def test_a_question_heading_is_quoted_with_the_sentence_that_answers_it(tmp_path):
    make_pdf(tmp_path / "faq.pdf", [FAQ], title="Pump FAQ")
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "faq.pdf"])
        for question, answer in (("Can two pumps run in parallel on one manifold?", "No. Each pump needs"),
                                 ("Where does the release name come from?", "From characters of an old cartoon")):
            ans = lib.ask(question)
            assert ans.status == "answered", (question, ans.answer)
            quote = " ".join(ans.claims[0].citations[0].quote.split())
            assert answer in quote and ans.claims[0].citations[0].verified, (question, quote)


def test_only_a_numbered_or_titled_question_is_a_heading():
    hit = SimpleNamespace(section_title="6.2.2 Where do the names come from?")  # only the title is read
    assert question_heading("6.2.2 Where do the names come from?", hit)
    assert question_heading("38 如何注释掉一大段内容，不做编译？", hit)
    assert question_heading("Where do the names come from?", hit)  # the hit's section title
    assert not question_heading("1942? [1942?]", hit)  # a table cell ending in "?"
    assert not question_heading("Is it safe? ", SimpleNamespace(section_title=None))
    assert not question_heading("6.2.2 Where the names come from.", hit)
