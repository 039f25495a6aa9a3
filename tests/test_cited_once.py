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
