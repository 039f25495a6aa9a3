"""How a question's words are read before they are matched: a Latin word glued to Chinese
characters is a word of its own ("SUV打蜡"), a number joined to a word by a hyphen describes
the thing rather than counting it ("a 7-seater"), a count falls in the row whose range holds
it ("25 players" in "20-29 players"), a price asked is read in a cell holding money, an
amount of data asked needs a value in bytes, and a question asking a maximum or minimum asks
a number."""
from __future__ import annotations

from decimal import Decimal

import pytest

from pincite.config import Settings
from pincite.library.facade import Library


@pytest.fixture(scope="module")
def wash(tmp_path_factory):
    """A car wash's price sheet in Chinese: each service priced for three body types, the
    third a seven-seater, with the time it takes."""
    from docgen import make_sheet

    tmp = tmp_path_factory.mktemp("wash")
    make_sheet(tmp / "wash.xlsx", "价目", ("项目", "轿车（元）", "SUV（元）", "MPV/7座车（元）", "施工时间"), [
        ("普通洗车", 35, 45, 55, "约20分钟"), ("打蜡", 150, 180, 220, "约1.5小时"),
        ("内饰深度清洁", 380, 460, 520, "约4小时"), ("镀晶", 880, 1080, 1280, "需留车6小时")])
    lib = Library(Settings(data_dir=tmp / "data"))
    lib.ingest([tmp / "wash.xlsx"])
    yield lib
    lib.close()


@pytest.mark.parametrize("question, value", [("SUV打蜡要多少钱？", "180"), ("MPV打蜡多少钱？", "220")])
def test_a_latin_word_glued_to_chinese_names_its_column(wash, question, value):
    ans = wash.ask(question)
    assert ans.status == "answered", (ans.status, ans.answer)
    assert ans.claims[0].text.endswith(value), ans.claims[0].text


def test_a_sum_asked_with_a_glued_latin_word_adds_its_cells(wash):
    ans = wash.ask("SUV做镀晶再加内饰深度清洁，一共多少钱？")
    assert ans.calculation is not None, ans.answer
    assert Decimal(ans.calculation.result) == 1080 + 460


@pytest.mark.parametrize("text, spaced", [
    ("SUV打蜡要多少钱？", "SUV 打蜡要多少钱？"), ("用Calibri字体时", "用 Calibri 字体时"),
    ("FS-40R落地扇", "FS-40R 落地扇"),
    # a number against a character is its unit, counter or a code's suffix
    ("2025年轿车", "2025年轿车"), ("MPV/7座车", "MPV/7座车"), ("DLG-37型空压机", "DLG-37型空压机"),
    ("How much is SUV wax?", "How much is SUV wax?"),
])
def test_spaced_scripts(text, spaced):
    from pincite.text.analysis import spaced_scripts

    assert spaced_scripts(text) == spaced


@pytest.mark.parametrize("question, counts", [
    ("How much is an interior clean for a 7-seater MPV?", []),
    ("How much are two 3-day passes?", [2]),
    ("Сколько стоит 4-местный номер на 2-х человек?", [2]),
])
def test_a_number_joined_to_a_word_counts_nothing(question, counts):
    from pincite.answer.counts import counts_in

    assert [int(v) for v, _, _ in counts_in(question)] == counts


@pytest.mark.parametrize("question, area", [
    ("2平米的仓位月租是多少？", "2平米"), ("3㎡的仓位多少钱？", "3㎡"),
    ("How much is a 20 sq m office?", "20 sq m"), ("租两个3平米的仓位一共多少钱？", "3平米"),
])
def test_an_area_is_a_quantity_not_a_count(question, area):
    """Square metres as Chinese writes them in speech ("平米") and as one sign ("㎡"), and
    the English "sq m", are an area: no count to multiply a monthly rent by ("2平米" is no two
    units); a count before them still counts ("两个3平米": two)."""
    from pincite.answer.counts import counts_in
    from pincite.answer.quantities import quantities_in

    assert [q.text for q in quantities_in(question) if q.unit == "m2"] == [area]
    assert [int(v) for v, _, _ in counts_in(question)] == ([2] if "两个" in question else [])


def test_a_seven_seater_is_no_count_of_the_price(wash):
    ans = wash.ask("How much is an interior deep clean for a 7-seater MPV at the car wash?")
    assert ans.status == "answered", (ans.status, ans.answer)
    assert ans.calculation is None, ans.answer  # not 7 × 520
    assert ans.claims[0].text.endswith("520"), ans.claims[0].text


@pytest.mark.parametrize("text, value, holds", [
    ("20-29 players", 25, True), ("20-29 players", 30, False), ("30 players or more", 30, True),
    ("30 players or more", 25, False), ("20+ guests", 21, True), ("30人以上", 40, True),
    ("от 5 до 9 человек", 7, True), ("Группа 10 человек и более", 12, True), ("v1.2-3 players", 2, False),
])
def test_a_count_range_written_in_a_cell(text, value, holds):
    from pincite.answer.tiers import count_range_holds

    assert count_range_holds(text, Decimal(value)) is holds


def test_a_count_is_answered_by_the_row_whose_range_holds_it(tmp_path):
    from docgen import make_table_slide

    make_table_slide(tmp_path / "groups.pptx", "Group discounts", [
        ("Group size", "Discount on packages"), ("10-19 players", "10%"), ("20-29 players", "15%"),
        ("30 players or more", "20% + free lunch for the organiser")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "groups.pptx"])
        ans = lib.ask("What discount would a group of 25 players get?")
    assert ans.status == "answered", (ans.status, ans.answer)
    assert "15%" in ans.claims[0].text and "20-29" in ans.claims[0].citations[0].quote, ans.answer


def _install_notes(path, *, with_size: bool):
    from docx import Document

    doc = Document()
    doc.add_heading("Installing Kestrel", 1)
    doc.add_paragraph("Kestrel builds with any C99 compiler. Run the configure script, then make and make install.")
    doc.add_paragraph("A full installation linked statically may be slightly faster (about 5% gain) than "
                      "one linked dynamically, at the cost of more disk space.")
    if with_size:
        doc.add_paragraph("A full installation, with the documentation and the data packages, takes about "
                          "48 MB of disk space.")
    doc.add_paragraph("The test suite runs in a few minutes on a recent machine.")
    doc.save(path)


@pytest.mark.parametrize("with_size", [True, False])
def test_an_amount_of_data_asked_needs_a_value_in_bytes(tmp_path, with_size):
    _install_notes(tmp_path / "install.docx", with_size=with_size)
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "install.docx"])
        ans = lib.ask("How much disk space does a full Kestrel installation take?")
    if with_size:
        assert ans.status == "answered", (ans.status, ans.answer)
        assert "48 MB" in ans.claims[0].citations[0].quote, ans.answer
    else:  # "about 5% gain" is no amount of disk space
        assert ans.status == "refused", (ans.status, ans.answer)


@pytest.mark.parametrize("text", ["about 40 MB", "4 ГБ", "512 MiB", "нужно 2 Гб памяти", "100 Кбайт", "256兆字节"])
def test_an_amount_of_data_is_read_in_its_units(text):
    from pincite.answer.asked_type import MARK, value_marks

    assert MARK + "datasize" in value_marks(text)
    assert MARK + "datasize" not in value_marks("about 5% gain on 3 nodes")


def test_a_largest_value_asked_is_not_answered_by_a_sentence_without_a_number(tmp_path):
    from docx import Document

    doc = Document()
    doc.add_heading("Reelix video converter", 1)
    doc.add_paragraph("Reelix is a front end for FFmpeg. It will convert most any video file that FFmpeg will "
                      "convert, and it can convert several files at once.")
    doc.add_paragraph("Choose a preset, pick the output folder and press Convert. Large video files take "
                      "longer to convert; the size of the converted file depends on the preset.")
    doc.save(tmp_path / "reelix.docx")
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "reelix.docx"])
        ans = lib.ask("What is the maximum video file size Reelix can convert?")
    assert ans.status == "refused", (ans.status, ans.answer)


@pytest.mark.parametrize("question, asks", [
    ("What is the maximum video file size it can convert?", True),
    ("Какой минимальный объём памяти нужен?", True),
    ("What is the minimum of the function?", False),  # the minimum of: no value asked
    ("Is there a minimum of two nights?", False),
])
def test_a_maximum_or_minimum_asked_asks_a_number(question, asks):
    from pincite.answer.apart import asks_number

    assert asks_number(question) is asks


def test_every_measured_kind_has_a_name_in_every_language():
    from pincite.answer.measured import MEASURED_KINDS
    from pincite.answer.messages import QUANTITY_NAMES

    for kind in MEASURED_KINDS:
        assert set(QUANTITY_NAMES[kind]) == {"en", "ru", "zh"}, kind


@pytest.fixture(scope="module")
def karts(tmp_path_factory):
    """A karting centre's ride prices: the rental kart «Спорт» beside the sports kart «Про»,
    whose label shares the stem of "Спорт"."""
    from docgen import make_sheet

    tmp = tmp_path_factory.mktemp("karts")
    make_sheet(tmp / "karts.xlsx", "Заезды", (
        "Карт", "Длительность заезда", "Будни (пн–чт), руб.", "Пт, выходные и праздники, руб."), [
        ("Детский карт «Юниор»", "8 мин", 700, 850), ("Прокатный карт «Спорт»", "10 мин", 1500, 1800),
        ("Спортивный карт «Про»", "12 мин", 2400, 2900)])
    lib = Library(Settings(data_dir=tmp / "data"))
    lib.ingest([tmp / "karts.xlsx"])
    yield lib
    lib.close()


@pytest.mark.parametrize("question, name", [
    ("Сколько стоит один заезд на карте «Спорт»?", "«Спорт»"),
    ("Сколько минут длится заезд на карте «Спорт»?", "«Спорт»"),
    # "про" is a function word ("about"), but in quotes it is the kart's name
    ("Сколько стоит заезд на карте «Про» в будни?", "«Про»"),
])
def test_a_name_in_quotes_names_the_row_writing_it_in_quotes(karts, question, name):
    ans = karts.ask(question)
    assert ans.status == "answered", (ans.status, ans.answer)
    assert name in ans.claims[0].citations[0].quote, ans.answer


def test_a_price_asked_is_read_in_a_money_cell_not_the_column_the_counted_thing_names(karts):
    # "заезда" (the rides counted) names the column "Длительность заезда"; the price asked
    # stands in the weekend column, which "в субботу" names
    ans = karts.ask("Сколько я заплачу за два заезда на карте «Спорт» в субботу?")
    assert ans.calculation is not None, ans.answer
    assert Decimal(ans.calculation.result) == 2 * 1800, ans.answer


@pytest.mark.parametrize("question, kinds", [
    ("How much disk space does a full installation take?", {"datasize"}),
    ("用 pbuilder 建立 chroot 环境大概需要多少磁盘空间？", {"datasize"}),  # 磁盘空间 is no thing counted
    ("Сколько памяти нужно серверу?", {"datasize"}),
    ("What does the memory card slot hold?", set()),  # no amount asked
    ("这篇文章有多少字？", set()),  # a count of characters
])
def test_an_amount_of_data_asked(question, kinds):
    from pincite.answer.measured import measured_kinds
    from pincite.text import analysis

    assert measured_kinds(question, analysis.query_groups(question)) == kinds


@pytest.mark.parametrize("question, kept", [
    ("Сколько стоит заезд на карте «Про»?", True),
    ("Сколько стоит заезд про карт?", False),  # unquoted, the preposition "about"
])
def test_a_function_word_in_quotes_is_a_name(question, kept):
    from pincite.text.analysis import query_groups

    assert (("про",) in query_groups(question)) is kept


@pytest.mark.parametrize("question", ["Сколько стоит профилактика резиной 3 мм на ботинки 43-го размера?",
                                      "Сколько стоит профилактика резиной 3 мм на ботинки 43 размера?"])
def test_a_number_with_its_case_ending_falls_in_its_band_row(tmp_path, question):
    from docgen import make_sheet

    make_sheet(tmp_path / "soles.xlsx", "Профилактика", (
        "Размер обуви", "Резина 1,5 мм, руб.", "Резина 3 мм, руб."), [
        ("до 35", 900, 1100), ("36–41", 1200, 1400), ("42–45", 1400, 1600), ("46 и более", 1600, 1900)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "soles.xlsx"])
        ans = lib.ask(question)
    assert ans.status == "answered", (ans.status, ans.answer)
    assert "42–45" in ans.claims[0].citations[0].quote and ans.claims[0].text.endswith("1600"), ans.answer


@pytest.mark.parametrize("question, kept, dropped", [
    ("中仓租一整年要多少钱？", ("整年",), [("一",), ("要",)]),
    ("一楼的会议室要多少钱？", ("一楼",), [("要",)]),
])
def test_chinese_question_grammar_is_no_word_to_find(question, kept, dropped):
    """"要" (will, need to) and a "一" jieba leaves alone (the numeral of the next word) are
    no words a passage must hold: in a small library their weight outscored the row the
    question names ("中仓" of "中仓租"); a word "一" is part of ("一楼") stays."""
    from pincite.text.analysis import query_groups

    groups = query_groups(question)
    assert kept in groups and not any(d in groups for d in dropped), groups


@pytest.mark.parametrize("question, read", [
    ("How much do mixing and mastering of a single come to together?",
     "How much do mixing and mastering of a single cost together?"),
    ("How much does it all add up to?", "How much does it all cost?"),
    ("How much will two nights amount to?", "How much will two nights cost?"),
    ("How much time does it come to?", "How much time does it come to?"),  # no price asked
    ("When do I come to the studio?", "When do I come to the studio?"),
])
def test_an_idiom_of_a_total_price_asks_the_cost(question, read):
    from pincite.answer.calculate import cost_idioms

    assert cost_idioms(question) == read


def test_a_sum_asked_by_come_to_is_computed(tmp_path):
    """"How much do A and B come to together?" asks the total price of the two rows: it is
    computed from their prices, as "How much do A and B cost together?" is."""
    from docgen import make_table_slide

    make_table_slide(tmp_path / "studio.pptx", "Mixing and mastering", [
        ("Service", "Unit", "Price"), ("Mixing (up to 24 tracks)", "per song", "£120"),
        ("Mastering — single", "per track", "£35"), ("Mastering — EP (up to 5 tracks)", "per EP", "£150")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "studio.pptx"])
        ans = lib.ask("How much do mixing up to 24 tracks and mastering a single come to together?")
    assert ans.calculation is not None, ans.answer
    assert Decimal(ans.calculation.result) == 120 + 35, ans.answer
