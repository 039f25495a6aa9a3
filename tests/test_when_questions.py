"""A question asking when ("When does …?", "Когда …?", "什么时候…") asks for a date or a year,
as "what date" does (answer.features: the window holding one matches the asked type): of
two sentences holding the question's words alike, the one with the date is quoted."""
from __future__ import annotations

import pytest

from pincite.config import Settings
from pincite.library.facade import Library

TERM = ("Residential Tenancy Agreement\nProperty: Flat 4B, 27 Alder Crescent, Norwich NR2 3PL\n"
        "Landlord: Marlow Lettings Ltd, represented by Helen Carver. Tenant: Daniel Okafor.\n"
        "This agreement is made on 14 February 2026 between the Landlord and the Tenant named above.\n1. Term\n"
        "The tenancy is a fixed term of twelve months starting on 1 March 2026 and ending on 28 February 2027. "
        "After the fixed term the tenancy continues from month to month unless either party gives notice.\n"
        "The Tenant may end the tenancy after the fixed term by giving at least one month's written notice. "
        "The Landlord must give at least two months' written notice.")


@pytest.mark.parametrize("question", ["When does the fixed term of the tenancy end?"])
def test_a_when_question_quotes_the_sentence_with_the_date(tmp_path, question):
    from pdfgen import make_pdf

    make_pdf(tmp_path / "lease.pdf", [TERM])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "lease.pdf"])
        ans = lib.ask(question)
    assert ans.status == "answered", ans.warnings
    assert "28 February 2027" in ans.claims[0].citations[0].quote, ans.claims[0].citations[0].quote


def test_a_when_inside_a_question_is_a_condition():
    from pincite.answer.features import _ASKS_WHEN

    assert _ASKS_WHEN.search("When does the term end?") and _ASKS_WHEN.search("Когда заканчивается аренда?")
    assert _ASKS_WHEN.search("租期什么时候结束？")
    assert not _ASKS_WHEN.search("Which style does apa7 pass when the biblatex option is given?")
