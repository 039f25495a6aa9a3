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


def _ask_sheet(tmp_path, title: str, header: tuple, rows: list[tuple], question: str):
    """The answer to `question` of a library holding one generated sheet (`title`, `header`,
    `rows`: docgen.make_sheet)."""
    sheet = make_sheet(tmp_path / "sheet.xlsx", title, header, rows)
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([sheet])
        return lib.ask(question)


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


def test_a_size_names_its_row_and_counts_nothing(tmp_path):
    """A size asked as "5×10" or "5x10" is the row whose size cell holds both its sides
    ("5 × 10"), not one holding one of them ("10 × 10"); its sides count nothing: "the
    5×5 unit's weekly price" is the row's price, not five times it; and a size no row
    states is refused, naming the sizes there are."""
    header = ("Unit", "Size (ft)", "Weekly price", "Monthly price")
    sheet = make_sheet(tmp_path / "units.xlsx", "Storage units", header, [
        ("Small A", "3 × 3", "£7", "£28"), ("Small B", "5 × 5", "£12", "£49"), ("Medium C", "5 × 10", "£21", "£85"),
        ("Large D", "10 × 10", "£35", "£140"), ("Large E", "10 × 15", "£45", "£180"),
        ("Extra large F", "10 × 20", "£60", "£240"),
    ])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([sheet])
        for q in ("How much is the 5×10 unit per month?", "What is the monthly price of a 5x10 unit?"):
            answer = lib.ask(q)
            assert answer.status == "answered", (q, answer)
            assert "£85" in answer.claims[0].citations[0].quote, (q, answer.claims[0])
        weekly = lib.ask("What is the weekly price of the 5×5 unit?")
        # (each side stands in some row: only the size tells that no row is of it)
        absent = [lib.ask("What is the monthly price of the 15×20 unit?"),
                  lib.ask("How much is a 15 by 20 unit per month?")]
    assert weekly.status == "answered" and "£12" in weekly.claims[0].citations[0].quote, weekly
    assert weekly.calculation is None, weekly.calculation
    # a size no row states, of a table whose rows are told apart by size, is another unit
    for answer in absent:
        assert answer.status == "refused", answer
        assert "10 × 15; 10 × 20" in " ".join(answer.warnings), answer.warnings


def test_a_chinese_verb_cut_as_one_word_names_no_row():
    """jieba cuts "要学" (must learn) as one word it does not know and tags it a noun; read by
    the words its dictionary knows it begins with a verb, so it names no row of a table
    (answer.clarify's "no such row" refusal); a noun the dictionary holds ("普通班") or an
    unknown one of noun pieces ("储物间") still may."""
    from pincite.answer.clarify import _verb_first

    assert _verb_first("要学") and _verb_first("办金卡")
    assert not _verb_first("普通班") and not _verb_first("储物间") and not _verb_first("学时")


def test_what_an_amount_comes_to_asks_its_cost():
    """"Сколько выйдет …?" and "How much will it come to?" ask a cost, as "сколько стоит"
    does; "Сколько страниц выйдет?" counts pages."""
    from pincite.answer.apart import asks_money

    assert asks_money("Сколько выйдет 5 часов дополнительного вождения?")
    assert asks_money("Сколько мне всё это выйдет?") and asks_money("How much will 5 hours come to?")
    assert not asks_money("Сколько страниц выйдет?") and not asks_money("How much rain comes to the valley?")


def test_a_sheet_title_row_is_no_priced_row(tmp_path):
    """A price list's one-cell title row ("Ветеринарная клиника — прейскурант (действует с 1
    октября 2026 г.)") shares the question's words ("vet clinic") and writes a number, but
    no price: a price question is answered by the row of the thing asked."""
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Услуги"
    ws.append(["Ветеринарная клиника «Айболит» — прейскурант на услуги (действует с 1 октября 2026 г.)"])
    ws.append([])
    for row in (("Код", "Услуга", "Цена, руб.", "Длительность, мин"), ("У-01", "Первичный приём терапевта", 1200, 30),
                ("У-05", "УЗИ брюшной полости", 2400, 40), ("У-06", "УЗИ сердца (эхокардиография)", 3100, 45)):
        ws.append(list(row))
    wb.save(tmp_path / "vet.xlsx")
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "vet.xlsx"])
        answer = lib.ask("Сколько стоит УЗИ сердца в ветеринарной клинике?")
    assert answer.status == "answered", answer
    assert "3100" in answer.claims[0].citations[0].quote, answer.claims[0]


def test_a_verb_asks_for_the_row_its_action_noun_names(tmp_path):
    """"кастрировать" asks for the row "Кастрация" (a -ировать verb's action noun in -ация,
    -ирование, -ировка), not a row sharing only the animal's word."""
    from pincite.text import analysis

    groups = analysis.query_groups("стерилизовать кошку и чипировать")
    assert {"стерилизац", "чипирован"} <= {t for g in groups for t in g}
    answer = _ask_sheet(tmp_path, "Услуги", ("Позиция", "Кошки, руб.", "Собаки, руб."), [
        ("Вакцинация от бешенства", "700", "800"), ("Кастрация", "3500", "8500"),
        ("Стерилизация", "5500", "12000"), ("Стационар, сутки", "1700", "2400"),
    ], "Сколько стоит кастрировать кошку?")
    assert answer.status == "answered", answer
    assert "Кастрация" in answer.claims[0].citations[0].quote, answer.claims[0]


def test_the_verb_of_how_long_names_no_column(tmp_path):
    """"How long does a full tune-up take?" asks the row's time: "take" is the verb of the
    duration asked, not a column the price list lacks."""
    answer = _ask_sheet(tmp_path, "Price list", ("Service", "Price, USD", "Time"), [
        ("Puncture repair", "12", "15 min"), ("Chain replacement", "45", "30 min"),
        ("Full tune-up", "85", "2 h"), ("Brake bleed", "40", "45 min"),
    ], "How long does a full tune-up take?")
    assert answer.status == "answered", answer
    assert "2 h" in answer.claims[0].citations[0].quote, answer.claims[0]


def test_rows_of_one_label_told_apart_by_size_are_asked_back(tmp_path):
    """Two rows of one service that differ by their size cell ("26 × 2.1", "700 × 25c") and
    price: a question naming no size is asked back, the sizes telling the options apart."""
    answer = _ask_sheet(tmp_path, "Price list", ("Service", "Size", "Price, USD"), [
        ("Tyre replacement", "26 × 2.1", "32"), ("Tyre replacement", "700 × 25c", "38"),
        ("Chain replacement", "11-speed", "45"),
    ], "How much is a tyre replacement?")
    assert answer.status == "needs_clarification", answer
    assert any("26 × 2.1" in o for o in answer.clarification.options), answer.clarification
