"""Things labelled by a capital letter after their name ("Wave D", "Lift B", "Корпус Б"):
a question about one the passages do not name, where they name its siblings ("Wave A",
"Wave B", "Wave C"), is refused naming what was found; a sibling named is answered."""
from __future__ import annotations

import pytest

from pdfgen import make_pdf
from pincite.config import Settings
from pincite.library.facade import Library
from pincite.text.analysis import editions, text_editions


def test_a_letter_after_a_name_labels_a_thing():
    assert {(e.name, e.version) for e in editions("What time does Wave D start?")} == {("wave", "d")}
    assert {(e.name, e.version) for e in text_editions("Корпус Б закрыт на ремонт")} == {("корпус", "б")}
    # an initial, the pronoun "I", a function word or a place in a document labels nothing
    for text in ("John F. Kennedy was born", "Do I need a permit?", "May I ask?", "See Appendix B"):
        assert editions(text) == set(), text


@pytest.fixture(scope="module")
def race(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("race")
    make_pdf(tmp / "race.pdf", [
        "Riverside Half Marathon. Race day guide.",
        "Start times. Wave A (sub-1:40 runners) starts 07:30; Wave B starts 07:40; Wave C starts 07:50. "
        "The course closes 3 hours 15 minutes after the last wave starts.",
    ], title="Race day guide")
    lib = Library(Settings(data_dir=tmp / "data"))
    lib.ingest([tmp / "race.pdf"])
    yield lib
    lib.close()


def test_a_sibling_label_answers_nothing_of_the_asked_one(race):
    refused = race.ask("What time does Wave D start?")
    assert refused.status == "refused", refused.answer
    assert any("Wave D" in w and "Wave A" in w for w in refused.warnings), refused.warnings
    answered = race.ask("What time does Wave B start?")
    assert answered.status == "answered", (answered.answer, answered.warnings)
    assert "Wave B starts 07:40" in answered.claims[0].citations[0].quote
