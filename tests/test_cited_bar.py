"""Citations after the first: a window far under the best one, in log-odds, is not cited
beside it (answer.evidence.cited_bar), while one near it still is."""
from __future__ import annotations

import math

import pytest

from pdfgen import make_pdf
from pincite.answer.evidence import FURTHER_LOGODDS_MARGIN, KEEP_RELATIVE, cited_bar, further_bar
from pincite.config import Settings
from pincite.library.facade import Library


def _logit(p: float) -> float:
    return math.log(p / (1 - p))


@pytest.mark.parametrize("best", [0.95, 0.8, 0.5, 0.2, 0.05])
def test_the_bar_is_a_margin_in_log_odds_under_the_best_and_never_under_the_share(best):
    bar = cited_bar(0.039, best)
    assert bar >= further_bar(0.039, best) >= KEEP_RELATIVE * best
    if bar > further_bar(0.039, best):
        assert _logit(bar) == pytest.approx(_logit(best) - FURTHER_LOGODDS_MARGIN)


def test_a_strong_best_window_holds_further_ones_to_more_than_a_share_of_it():
    # 0.1 of 0.9 would admit 0.09, whose odds are a 90th of the best's
    assert cited_bar(0.039, 0.9) > 0.3 > further_bar(0.039, 0.9)


MANUAL = ["Heron circulation pump. Service manual.",
          "Operating limits. The maximum operating pressure of the Heron circulation pump is 10 bar at 60 degrees."]
#: A log that names the pump and the asked words, about another pressure: it passes the
#: share of the best window (KEEP_RELATIVE) but lies far under it in log-odds.
LOG = ["Boiler room log book.",
       "The maximum operating pressure of the heating loop is noted in the log beside the Heron pump."]


def test_a_weak_passage_of_another_document_is_not_cited_beside_a_strong_answer(tmp_path):
    make_pdf(tmp_path / "heron.pdf", MANUAL, title="Heron circulation pump service manual")
    make_pdf(tmp_path / "log.pdf", LOG, title="Boiler room log book")
    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        lib.ingest([tmp_path / "heron.pdf", tmp_path / "log.pdf"])
        found = lib.search("What is the maximum operating pressure of the Heron circulation pump?")
        ans = lib.ask("What is the maximum operating pressure of the Heron circulation pump?")
    best, log = found.passages[0], next(p for p in found.passages if p.citation.file == "log.pdf")
    assert best.citation.file == "heron.pdf" and best.citation.page == 2
    # the log's passage passes the share of the best that further citations needed before
    assert further_bar(found.threshold, best.probability) <= log.probability < cited_bar(found.threshold,
                                                                                          best.probability)
    assert ans.status == "answered" and [(c.file, c.page) for c in ans.citations()] == [("heron.pdf", 2)]
    assert "10 bar" in ans.citations()[0].quote
