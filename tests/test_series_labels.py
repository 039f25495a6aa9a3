"""A row named by a label of a table's numbered or lettered series that the table lacks
("Zone E" over zones A-D, "category 6" over "Категория 1" .. "Категория 5") is refused
naming the rows there are, whatever window ranks first and in whatever language the
question names the series; a label the table has is answered."""
from __future__ import annotations

import pytest

from docgen import make_sheet
from pincite.config import Settings
from pincite.library.facade import Library

CATEGORIES = [f"Категория {n}" for n in range(1, 6)]


@pytest.mark.parametrize("question, missing", [
    # the series' one-word prefix, asked in another language (text.bilingual)
    ("What is the price per metre of category 6 fabric?", ["category 6"]),
    ("What is the price per metre of category 3 fabric?", []),
    # a word that is no translation of the prefix names no label of it
    ("What is the price of the 6 metre roll?", []),
])
def test_a_series_prefix_is_read_in_the_questions_language(question, missing):
    from pincite.answer.clarify import unlisted_labels

    assert unlisted_labels(question, CATEGORIES)[0] == missing


def test_a_label_another_passage_writes_is_not_missing():
    from pincite.answer.clarify import unlisted_labels

    zones = ["Zone A", "Zone B", "Zone C", "Zone D"]
    question = "How much is a transfer from Zone E?"
    assert unlisted_labels(question, zones)[0] == ["Zone E"]
    assert unlisted_labels(question, zones, ["Zone E (over 80 miles) is quoted on request."])[0] == []


@pytest.fixture(scope="module")
def charter(tmp_path_factory):
    from pptx import Presentation
    from pptx.util import Inches

    tmp = tmp_path_factory.mktemp("charter")
    deck = Presentation()

    def slide(title: str, body: str | None = None, rows: list[tuple[str, ...]] | None = None) -> None:
        s = deck.slides.add_slide(deck.slide_layouts[5])
        s.shapes.title.text = title
        if body is not None:
            s.shapes.add_textbox(Inches(0.5), Inches(1.5), Inches(9), Inches(2)).text_frame.text = body
        if rows is not None:
            table = s.shapes.add_table(len(rows), len(rows[0]), Inches(0.5), Inches(1.5), Inches(9), Inches(3)).table
            for i, row in enumerate(rows):
                for j, value in enumerate(row):
                    table.cell(i, j).text = value

    slide("Vehicles", rows=[("Vehicle", "Seats", "Hourly rate (min. 3 h)", "Full day (up to 10 h)"),
                            ("Minibus Standard (Ford Transit)", "16", "£62", "£540"),
                            ("Minibus Luxury (Mercedes Sprinter)", "19", "£74", "£640"),
                            ("Coach Standard", "49", "£95", "£820")])
    slide("Airport transfers (one way, per vehicle)", rows=[
        ("Zone", "Area", "Minibus (16–19 seats)", "Coach (49 seats)"), ("Zone A", "Up to 10 miles", "£120", "£220"),
        ("Zone B", "10–25 miles", "£180", "£320"), ("Zone C", "25–50 miles", "£260", "£430"),
        ("Zone D", "50–80 miles", "£340", "£560")])
    # a sentence on airport transfers by minibus that ranks above the zone rows for a zone
    # the table lacks
    slide("Airport transfer waiting time", "An airport transfer by minibus or coach includes 60 minutes of "
          "free waiting from the actual landing time. After that, waiting time is charged at £30 per 30 "
          "minutes or part thereof for minibuses and £45 per 30 minutes for coaches.")
    slide("Deposits", "A deposit of 25% confirms a booking; the balance is due 14 days before travel.")
    slide("Cleaning", "A cleaning fee of £150 applies if a vehicle is left in an unusable state.")
    deck.save(str(tmp / "charter.pptx"))
    make_sheet(tmp / "fabric.xlsx", "Ткани", ("Категория", "Примеры тканей", "Цена, руб./пог. м"), [
        ("Категория 1", "Рогожка, велюр эконом", 890), ("Категория 2", "Шенилл, микровелюр", 1450),
        ("Категория 3", "Жаккард, флок", 2100), ("Категория 4", "Экокожа премиум", 3200),
        ("Категория 5", "Натуральная кожа", 6800)])
    lib = Library(Settings(data_dir=tmp / "data"))
    lib.ingest([tmp / "charter.pptx", tmp / "fabric.xlsx"])
    yield lib
    lib.close()


def test_a_zone_the_table_lacks_is_refused_though_a_sentence_ranks_first(charter):
    refused = charter.ask("How much is an airport transfer from Zone E by minibus?")
    assert refused.status == "refused", refused.answer
    assert any("Zone E" in w and "Zone D" in w for w in refused.warnings), refused.warnings
    answered = charter.ask("How much is an airport transfer from Zone C by minibus?")
    assert answered.status == "answered", (answered.answer, answered.warnings)
    assert "£260" in answered.claims[0].text


def test_a_category_asked_in_another_language_the_sheet_lacks_is_refused(charter):
    refused = charter.ask("What is the price per metre of category 6 fabric?")
    assert refused.status == "refused", refused.answer
    assert any("category 6" in w and "Категория 5" in w for w in refused.warnings), refused.warnings
    answered = charter.ask("What is the price per metre of category 3 fabric?")
    assert answered.status == "answered", (answered.answer, answered.warnings)
    assert "2100" in answered.claims[0].text.replace(" ", "")


def test_a_flat_size_asked_in_words_names_its_row_or_none(tmp_path):
    """A price list by flat size ("1-комнатная квартира" … "3-комнатная квартира"): asked in
    another case or with the number spelled ("двухкомнатной"), the 2-room row answers; a
    size it does not list ("пятикомнатной") is refused, naming the rows there are, though its
    index form is one digit off another row's."""
    make_sheet(tmp_path / "pests.xlsx", "Прайс", ("Объект", "Тараканы, руб.", "Клопы, руб."),
               [("1-комнатная квартира", "2 900", "3 800"), ("2-комнатная квартира", "3 400", "4 500"),
                ("3-комнатная квартира", "3 900", "5 300")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "pests.xlsx"])
        two = lib.ask("Сколько стоит обработка двухкомнатной квартиры от клопов?")
        typed = lib.ask("Сколько стоит обработка 2-комнатной квартиры от клопов?")
        five = lib.ask("Сколько стоит обработка пятикомнатной квартиры от тараканов?")
    for a in (two, typed):
        assert a.status == "answered" and a.claims[0].text.endswith("4 500"), a.answer
    assert five.status == "refused", five.answer


@pytest.mark.parametrize("question, missing", [
    # Chinese writes a lettered label with the letter first ("D 区" of "Zone D")
    ("D 区（30 英里以外）的上门费是多少？", ["D"]), ("C区的上门费是多少？", []),
    # the wording's word in any case
    ("What is the call-out charge for zone D?", ["zone D"]), ("And for ZONE B?", []),
])
def test_a_lettered_label_in_chinese_order_or_another_case(question, missing):
    from pincite.answer.clarify import unlisted_labels

    assert unlisted_labels(question, ["Zone A", "Zone B", "Zone C"])[0] == missing
