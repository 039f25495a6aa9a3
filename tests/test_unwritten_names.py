"""A name the question writes in capitals ("IMAX", "ATEX") that no passage of the library
writes in any spelling is a thing the library does not describe: the question is refused
saying so (answer.rank.unwritten_acronyms), however much else a passage shares with it."""
from __future__ import annotations

import pytest

from docgen import make_table_slide, no_pincite_env  # noqa: F401 (fixtures)
from pincite.answer.rank import unwritten_acronyms
from pincite.config import Settings
from pincite.library.facade import Library


@pytest.fixture(scope="module")
def cinema(tmp_path_factory):
    root = tmp_path_factory.mktemp("cinema")
    make_table_slide(root / "cinema.pptx", "Ticket prices", [
        ("Ticket", "Price (USD)", "Valid"), ("Standard adult", "12.50", "any session"),
        ("VIP recliner", "24.00", "any session"), ("3D supplement", "3.00", "3D films only")])
    with Library(Settings(data_dir=root / "data")) as lib:
        lib.ingest([root / "cinema.pptx"])
        yield lib


def test_a_name_the_library_never_writes_is_refused_naming_it(cinema):
    for question, lang in (("How much is a ticket for an IMAX session?", "en"),
                           ("Сколько стоит билет на сеанс IMAX?", "ru")):
        ans = cinema.ask(question)
        assert ans.status == "refused", ans.answer
        assert any("IMAX" in w for w in ans.warnings), ans.warnings
        assert ans.language == lang


def test_a_name_the_library_writes_is_answered(cinema):
    ans = cinema.ask("How much is a VIP ticket?")
    assert ans.status == "answered", ans.answer
    assert "24.00" in ans.claims[0].citations[0].quote


def test_units_series_and_questions_in_capitals_name_nothing():
    unknown = {("gb",), ("kmn",), ("imax",), ("much",)}
    assert unwritten_acronyms("How many GB does it take?", unknown) == []
    assert unwritten_acronyms("What current does the KMN 80-50-200 draw?", unknown) == []
    assert unwritten_acronyms("HOW MUCH IS IMAX", unknown) == []  # all capitals: no acronym
    assert unwritten_acronyms("Is IMAX shown?", unknown) == ["IMAX"]
    assert unwritten_acronyms("Is IMAX shown?", set()) == []
