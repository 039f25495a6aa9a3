"""A sentence a document repeats on several pages (a note under each reference entry) is
cited once (answer.claims.kept): the answer's five citations then reach the page that
answers instead of repeating one sentence."""
from __future__ import annotations

from pdfgen import make_pdf
from pincite.config import Settings
from pincite.library.facade import Library

NOTE = ("Note: the samples of a function plot are taken at evenly spaced points of the range, "
        "and more samples give a smoother curve of the function.")


def test_a_repeated_sentence_is_cited_once_per_document(tmp_path):
    pages = [f"{i} Terminal {name}\nThe {name} terminal writes plots for {name} documents. {NOTE}"
             for i, name in enumerate(("epslatex", "pslatex", "cairolatex", "tikz"), 1)]
    pages.append("5 Samples\nThe default number of samples of a function plot is 100. Change it with "
                 "the samples command.")
    pdf = make_pdf(tmp_path / "plotman.pdf", pages, title="Plot manual")
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([pdf])
        ans = lib.ask("How are the samples of a function plot spaced?")
        quotes = [" ".join(c.quote.split()) for c in ans.citations()]
        assert ans.status == "answered" and "evenly spaced" in quotes[0], ans.answer
        assert len(quotes) == len(set(quotes)), quotes


def test_a_second_copy_of_a_document_adds_a_citation_not_a_claim(tmp_path):
    """Two files holding the same text (a document and its re-saved copy: other bytes, so
    both are ingested) state each sentence twice; each claim is shown once, citing both."""
    pages = ["1 Pump P-7\nThe pump P-7 delivers forty litres per minute at a head of 12 metres.",
             "2 Service\nReplace the shaft seal of the pump every 2000 operating hours."]
    first = make_pdf(tmp_path / "pump.pdf", pages, title="Pump manual")
    copy = make_pdf(tmp_path / "pump-copy.pdf", pages, title="Pump manual (copy)")
    assert first.read_bytes() != copy.read_bytes()
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([first, copy])
        ans = lib.ask("How often should the shaft seal of the pump be replaced?")
        assert ans.status == "answered", ans.answer
        top = ans.claims[0]
        assert "2000 operating hours" in top.citations[0].quote
        assert sorted(c.file for c in top.citations) == ["pump-copy.pdf", "pump.pdf"]
        assert all(c.verified for c in top.citations)
        texts = [c.text for c in ans.claims]
        assert len(texts) == len(set(texts)), texts
