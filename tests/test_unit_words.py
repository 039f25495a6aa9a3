"""A word of a question that names the unit a table's rows are priced per ("多少钱一平":
per square metre, "平米", "m²") or a word of general language ("做") names no row: a
question naming a kind of work that several rows price in different grades is asked back
which grade is meant; naming the grade answers with its row."""
from __future__ import annotations

import pytest

from pincite.config import Settings
from pincite.library.facade import Library


@pytest.fixture(scope="module")
def renovation(tmp_path_factory):
    """A renovation price sheet: each kind of work in three or two material grades, the
    unit of every row in a column of its own ("㎡", "米")."""
    from docgen import make_sheet

    tmp = tmp_path_factory.mktemp("renovation")
    make_sheet(tmp / "prices.xlsx", "施工报价", ("类别", "施工项目", "材料等级", "单位", "单价（元）"), [
        ("瓷砖", "地面瓷砖铺贴", "经济型", "㎡", 48), ("瓷砖", "地面瓷砖铺贴", "标准型", "㎡", 68),
        ("瓷砖", "地面瓷砖铺贴", "高档型", "㎡", 98), ("防水", "卫生间防水", "标准型", "㎡", 82),
        ("防水", "卫生间防水", "高档型", "㎡", 118), ("吊顶", "石膏线安装", "标准型", "米", 16)])
    lib = Library(Settings(data_dir=tmp / "data"))
    lib.ingest([tmp / "prices.xlsx"])
    yield lib
    lib.close()


@pytest.mark.parametrize("question, options", [
    # "一平" (spoken: per square metre) and "平米" name the unit the rows write, not a row
    ("地面瓷砖铺贴多少钱一平？", 3),
    # "做" (do) is a word of general language that names no row
    ("卫生间做防水多少钱一平米？", 2),
])
def test_a_unit_the_rows_are_priced_per_names_no_row(renovation, question, options):
    vague = renovation.ask(question)
    assert vague.status == "needs_clarification", (vague.status, vague.answer)
    assert vague.clarification is not None and len(vague.clarification.options) == options, vague.clarification


def test_a_grade_named_with_the_unit_is_answered_by_its_row(renovation):
    ans = renovation.ask("地面瓷砖铺贴经济型多少钱一平？")
    assert ans.status == "answered", (ans.status, ans.answer)
    assert ans.claims[0].text.endswith("48"), ans.claims[0].text


@pytest.mark.parametrize("word, unit", [("一平", "m2"), ("平米", "m2"), ("每平方米", "m2"), ("㎡", "m2"),
                                        ("做", None), ("一次", None), ("平", None)])
def test_a_question_word_naming_a_unit(word, unit):
    from pincite.answer.clarify import _per_unit

    assert _per_unit(word) == unit


@pytest.mark.parametrize("text, unit", [
    ("на 12 кубометров", "m3"), ("12 кубов", "m3"), ("the 20 cubic metre skip", "m3"), ("8立方", "m3"),
    ("3 кубических метра", "m3"), ("60 квадратных метров", "m2"), ("1 квадратный метр", "m2"),
])
def test_volume_and_area_words_of_everyday_speech_are_units(text, unit):
    """"кубометр", "куб" after a number, "cubic metre" and the Russian adjective phrases are
    how price lists and people write cubic and square metres."""
    from pincite.answer.quantities import quantities_in

    assert [q.unit for q in quantities_in(text)] == [unit]


def test_a_volume_asked_in_words_is_no_row_of_another_volume(tmp_path):
    """"на 12 кубометров" over skips of 8, 20 and 27 m³ whose weight limit column writes
    "до 12 т": the 12 is a volume no row has (refused, naming the rows there are), not
    the row writing 12 tonnes; "на 20 кубов" is the 20 m³ row."""
    from docgen import make_sheet

    make_sheet(tmp_path / "skips.xlsx", "Контейнеры", ("Объём контейнера", "Срок аренды", "Цена, руб.",
                                                      "Допустимая масса"), [
        ("8 м³", "до 3 суток", "9 500", "до 5 т"), ("20 м³", "до 3 суток", "13 900", "до 8 т"),
        ("27 м³", "до 3 суток", "17 900", "до 12 т")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "skips.xlsx"])
        missing = lib.ask("Сколько стоит аренда контейнера на 12 кубометров?")
        there = lib.ask("Сколько стоит аренда контейнера на 20 кубов?")
    assert missing.status == "refused", missing.answer
    assert there.status == "answered" and "13 900" in there.claims[0].citations[0].quote, there.answer
