"""Which table row an answer or a calculation reads, on generated sheets: a row set apart
for another duration of the same thing (answer.variants), the counted row that the
question's words name among rows of one thing (answer.comparison.counted_for), and a sum
asked in another language than the table, whose row labels and column headers the
dictionary translates one way only (answer.comparison.sum_for)."""
from __future__ import annotations

import pytest

from docgen import make_sheet
from pincite.config import Settings
from pincite.library.facade import Library
from pincite.text import bilingual

needs_mueller = pytest.mark.skipif(not bilingual.MUELLER_PATH.exists(),
                                   reason="Debian package mueller7-dict is not installed")


@pytest.fixture(scope="module")
def parties(tmp_path_factory):
    folder = tmp_path_factory.mktemp("parties")
    sheet = make_sheet(folder / "parties.xlsx", "Party programmes", ("Programme", "Duration", "Price"), [
        ("Pirate party", "1 hour", "£75"), ("Pirate party", "2 hours", "£120"),
        ("Science show", "1.5 hours", "£160"), ("Fairy party", "1 hour", "£68"),
        ("Magic show", "45 minutes", "£90"),
    ])
    with Library(Settings(data_dir=folder / "data")) as lib:
        lib.ingest([sheet])
        yield lib


def test_a_row_of_the_same_thing_for_another_duration_is_not_the_answer(parties):
    """"one-hour pirate party" is the 1-hour row, not its 2-hour sibling, and is not asked
    back (the duration names the row); a duration no row of that thing states is refused,
    not answered by a sibling; without a duration the two rows are asked back."""
    one = parties.ask("How much is the one-hour pirate party?")
    two = parties.ask("What does a 2 hour pirate party cost?")
    three = parties.ask("How much is a three-hour pirate party?")
    assert one.status == "answered" and "£75" in one.claims[0].citations[0].quote, one
    assert two.status == "answered" and "£120" in two.claims[0].citations[0].quote, two
    assert three.status == "refused", three
    assert parties.ask("How much is the pirate party?").status == "needs_clarification"


def test_a_duration_of_a_thing_the_table_lists_for_another_only_is_refused(parties):
    """The table tells the pirate party's variants apart by their durations, so a two-hour
    fairy party, listed for one hour only, is not the one-hour row's price; the fairy party
    asked without a duration is."""
    two = parties.ask("How much is a two-hour fairy party?")
    plain = parties.ask("How much is the fairy party?")
    assert two.status == "refused" and not two.claims, two
    assert plain.status == "answered" and "£68" in plain.claims[0].citations[0].quote, plain


@pytest.fixture(scope="module")
def laundry(tmp_path_factory):
    folder = tmp_path_factory.mktemp("laundry")
    header = ("品类", "规格", "水洗（元）", "干洗（元）", "仅熨烫（元）")
    sheet = make_sheet(folder / "laundry.xlsx", "衣物洗护", header, [
        ("衬衫", "短袖", 12, 18, 8), ("衬衫", "长袖", 15, 22, 10), ("西装上衣", "—", "—", 45, 20),
        ("西裤", "—", 18, 28, 12), ("羽绒服", "短款", 45, 60, "—"), ("羊绒大衣", "—", "—", 98, 30),
    ])
    with Library(Settings(data_dir=folder / "data")) as lib:
        lib.ingest([sheet])
        yield lib


def test_a_count_multiplies_the_row_its_words_name_among_rows_of_one_thing(laundry):
    """"三件长袖衬衫" counts the long-sleeve shirt row, whichever shirt row is cited first."""
    answer = laundry.ask("三件长袖衬衫水洗一共多少钱？")
    assert answer.calculation is not None, answer
    assert answer.calculation.result == "45", answer.calculation


@needs_mueller
def test_a_sum_asked_in_english_reads_rows_and_a_column_named_in_chinese(laundry):
    """"suit trousers" names the row "西裤" by that word's own translation (the English words'
    translations do not hold it), and "dry-clean" the column "干洗（元）" by the phrase's."""
    answer = laundry.ask("How much would it cost to dry-clean a suit jacket and a pair of suit trousers together?")
    assert answer.calculation is not None, answer
    assert answer.calculation.result == "73", answer.calculation


def test_hours_times_a_rate_whose_unit_only_the_column_header_states(soffice, tmp_path):
    """A Word table's row quotes only its cells ("Фронтальный погрузчик SDLG L956 4 700"); its
    column header says the price is per hour ("Цена за час, руб."): five hours asked, in the
    table's language or another, are five times that rate."""
    import docx

    d = docx.Document()
    d.add_heading("Аренда спецтехники", level=1)
    t = d.add_table(rows=1, cols=3)
    for cell, text in zip(t.rows[0].cells, ("Техника", "Цена за час, руб.", "Минимальный заказ")):
        cell.text = text
    for row in (("Мини-погрузчик Bobcat S530", "2 900", "3 часа"),
                ("Фронтальный погрузчик SDLG L956", "4 700", "4 часа"), ("Самосвал КамАЗ 65115", "3 300", "4 часа")):
        for cell, text in zip(t.add_row().cells, row):
            cell.text = text
    d.save(str(tmp_path / "rent.docx"))
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "rent.docx"])
        answers = [lib.ask("How much would 5 hours of the SDLG front loader cost?"),
                   lib.ask("Сколько стоят 5 часов работы фронтального погрузчика SDLG L956?")]
    for answer in answers:
        assert answer.calculation is not None, answer
        assert answer.calculation.result == "23500", answer.calculation
