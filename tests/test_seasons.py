"""Months and days of the week a question states, read into the column its document defines
by them (answer.seasons): "в июле" into "Высокий сезон" beside "Высокий сезон длится с 1
июня по 31 августа", "on Saturday" into "Peak" beside "Peak is Monday–Friday 17:00–21:00 and
all day at weekends"; a date no column covers, a clause that only mentions a column, and a
question asking no price are left as they are."""
from __future__ import annotations

import pytest

from docgen import make_table_deck, no_pincite_env  # noqa: F401 (fixtures)
from pincite.answer import seasons
from pincite.config import Settings
from pincite.library.facade import Library

CAMP = ["Низкий сезон длится с 1 по 31 мая и с 1 по 30 сентября. Высокий сезон длится с 1 июня по 31 "
        "августа. Минимальный срок проживания в высокий сезон в выходные дни — 2 ночи."]
CAMP_HEADERS = ["Тип размещения", "Низкий сезон", "Высокий сезон"]
POOL = ["Area; Peak; Off-peak\n\nArea: One lane; Peak: £48; Off-peak: £36\n\n"
        "Peak is Monday–Friday 17:00–21:00 and all day at weekends. Off-peak is all other times."]
POOL_HEADERS = ["Area", "Peak", "Off-peak"]


@pytest.mark.parametrize("text, months, days", [
    ("с 1 июня по 31 августа", {6, 7, 8}, set()),
    ("с 1 по 31 мая и с 1 по 30 сентября", {5, 9}, set()),
    ("6月至8月", {6, 7, 8}, set()),
    ("11月至次年2月", {11, 12, 1, 2}, set()),
    ("November to February", {11, 12, 1, 2}, set()),
    ("Monday–Friday and Sunday", set(), {0, 1, 2, 3, 4, 6}),
    ("Monday–Friday 17:00–21:00 and all day at weekends", set(), {5, 6}),
    ("周末和节假日", set(), {5, 6}),
    ("delivered within 10 working days", set(), set()),
    ("May I bring a dog? We may march.", set(), set()),
])
def test_months_and_days_a_text_states(text, months, days):
    t = seasons.times_in(text)
    assert (set(t.months), set(t.days)) == (months, days)


def test_a_column_is_defined_by_the_clauses_opening_with_it():
    assert set(seasons.definitions("Высокий сезон", CAMP, CAMP_HEADERS).months) == {6, 7, 8}
    # the minimum-stay clause mentions the high season and weekends but defines neither
    assert not seasons.definitions("Высокий сезон", CAMP, CAMP_HEADERS).days
    assert set(seasons.definitions("Peak", POOL, POOL_HEADERS).days) == {5, 6}
    assert not seasons.definitions("Off-peak", POOL, POOL_HEADERS)


@pytest.mark.parametrize("question, expected", [
    ("Сколько стоят сутки в шатре в июле?", "Сколько стоят сутки в шатре в Высокий сезон?"),
    ("Сколько стоит место для палатки в мае?", "Сколько стоит место для палатки в Низкий сезон?"),
    ("Сколько стоит место для палатки в октябре?", "Сколько стоит место для палатки в октябре?"),
    ("Можно ли заехать в июле с собакой?", "Можно ли заехать в июле с собакой?"),
    # the first person's "заплачу" asks an amount of money, as "стоит" does
    ("Сколько я заплачу за шатёр в июле?", "Сколько я заплачу за шатёр в Высокий сезон?"),
])
def test_a_month_asked_is_written_as_the_column_covering_it(question, expected):
    assert seasons.with_defined_periods(question, [(CAMP_HEADERS, CAMP)]) == expected


def test_a_day_asked_of_a_slide_reads_the_column_its_note_defines(tmp_path):
    """"How much is one lane on Saturday?" of a slide pricing lanes at "Peak" and
    "Off-peak", whose note says peak is all day at weekends: the Peak cell answers; a
    Tuesday, which is peak only in the evening, is not read into either."""
    make_table_deck(tmp_path / "pool.pptx", [
        ("Lane hire (per hour)", [("Area", "Peak", "Off-peak"), ("One lane of the main pool", "£48", "£36"),
                                  ("Teaching pool", "£95", "£70")])])
    from pptx import Presentation
    from pptx.util import Inches

    deck = Presentation(str(tmp_path / "pool.pptx"))
    box = deck.slides[0].shapes.add_textbox(Inches(0.5), Inches(5), Inches(9), Inches(1))
    box.text_frame.text = "Peak is Monday–Friday 17:00–21:00 and all day at weekends."
    deck.save(str(tmp_path / "pool.pptx"))
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "pool.pptx"])
        saturday = lib.ask("How much is one lane of the main pool on Saturday?")
        tuesday = lib.ask("How much is one lane of the main pool on a Tuesday?")
    assert saturday.status == "answered" and saturday.claims[0].text.endswith("Peak: £48"), saturday.answer
    assert not (tuesday.claims and tuesday.claims[0].text.endswith("Peak: £48")), tuesday.answer


def test_the_first_document_defining_the_kind_of_time_asked_is_read():
    """A day asked is read in the first document (in search order) that defines a column by
    days: past a price list defining its seasons by months, not past a slide defining
    "Peak" by days into another document's weekday column."""
    weekdays = (["套餐", "平日价", "周末价"], ["平日价：周一至周五；周末价：周六、周日"])
    assert seasons.with_defined_periods("Сколько стоит дорожка в субботу?", [(CAMP_HEADERS, CAMP), (
        POOL_HEADERS, POOL)]) == "Сколько стоит дорожка в Peak?"
    # Tuesday: the pool's slide defines Peak by days but Tuesday is in none of its columns
    assert seasons.with_defined_periods("How much is a lane on Tuesday?", [(POOL_HEADERS, POOL), weekdays]) \
        == "How much is a lane on Tuesday?"
    assert seasons.with_defined_periods("How much is a lane on Tuesday?", [weekdays]) == "How much is a lane on 平日价?"


def test_a_day_asked_is_read_into_a_header_of_abbreviated_days(tmp_path):
    """Headers that name their days in short ("Mon–Thu", "Friday", "Sat, Sun & bank
    holidays") define their columns themselves: "on a Saturday" reads the weekend column,
    "on a Tuesday" the Mon–Thu one."""
    make_table_deck(tmp_path / "rooms.pptx", [
        ("Escape rooms", [("Group size", "Mon–Thu", "Friday", "Sat, Sun & bank holidays"),
                          ("2 players", "£58", "£64", "£70"), ("4 players", "£92", "£100", "£112")])])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "rooms.pptx"])
        saturday = lib.ask("What does an escape room cost for 4 players on a Saturday?")
        tuesday = lib.ask("What does an escape room cost for 4 players on a Tuesday?")
    assert saturday.status == "answered" and saturday.claims[0].text.endswith("£112"), saturday.answer
    assert tuesday.status == "answered" and tuesday.claims[0].text.endswith("£92"), tuesday.answer


def test_a_day_asked_reads_the_column_though_a_row_label_names_days_too(tmp_path):
    """A row's label may name days of its own ("Late night (23:00–01:00, Fri–Sat only)"):
    it qualifies that row, which the question's other words choose ("evening"), while the
    day picks the column ("Fri–Sun & public holidays"), so the question is answered from
    that cell, not asked back between the columns."""
    make_table_deck(tmp_path / "lanes.pptx", [
        ("Lane rental", [("Lane rental (per lane, per hour)", "Mon–Thu", "Fri–Sun & public holidays"),
                         ("Daytime (10:00–17:00)", "$32", "$40"), ("Evening (17:00–23:00)", "$42", "$52"),
                         ("Late night (23:00–01:00, Fri–Sat only)", "—", "$36")])])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "lanes.pptx"])
        saturday = lib.ask("What is the hourly lane price on a Saturday evening?")
        tuesday = lib.ask("What is the hourly lane price on a Tuesday evening?")
    assert saturday.status == "answered" and saturday.claims[0].text.endswith("$52"), saturday.answer
    assert tuesday.status == "answered" and tuesday.claims[0].text.endswith("$42"), tuesday.answer


def test_a_day_asked_of_what_one_pays_reads_its_column_and_counts_people_per_person(tmp_path):
    """A price list by session length and by days ("Mon–Thu (per person)", "Fri–Sun (per
    person)"), beside a table whose cell relates another header to days ("Included: unlimited
    weekday climbing"): "What do I pay … on a Saturday?" and "What is the total?" ask a price
    as "How much is …?" does, so the day reads the column that names it in its own words; a
    "120-minute session" is the row "120 minutes" (a number and its unit written apart), which
    four people pay four times; a length the table has no row for is still refused."""
    make_table_deck(tmp_path / "wall.pptx", [
        ("Wall sessions", [("Session", "Mon–Thu (per person)", "Fri–Sun (per person)"),
                           ("60 minutes", "$18", "$24"), ("120 minutes", "$30", "$39")]),
        ("Memberships", [("Membership", "Monthly fee", "Included"),
                         ("Boulder", "$45", "4 sessions"), ("Summit", "$89", "unlimited weekday climbing")])])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "wall.pptx"])
        saturday = lib.ask("What do I pay per person for a 120-minute session on a Saturday?")
        total = lib.ask("Four of us want a 120-minute session on a Friday. What is the total?")
        absent = lib.ask("How much is a 150-minute session on a Saturday?")
    assert saturday.status == "answered" and saturday.claims[0].text.endswith("$39"), saturday.answer
    assert total.status == "answered" and total.calculation is not None, total.answer
    assert (total.calculation.result, total.calculation.unit) == ("156", "USD"), total.calculation
    assert absent.status == "refused", absent.answer


def test_a_count_that_labels_another_row_of_the_table_multiplies_nothing(tmp_path):
    """Rooms priced per group by its size ("2 players", "4 players"): "for four people on a
    Saturday" names the row of four (whatever it is cited with), so no price of another
    group size is multiplied by four; a price per person is ("Four of us … What is the
    total?" over "Fri–Sun (per person)" is four times it, the test above)."""
    make_table_deck(tmp_path / "rooms.pptx", [
        ("Escape rooms", [("Group size", "Mon–Thu", "Fri–Sun"),
                          ("2 players", "£58", "£70"), ("3 players", "£75", "£90"), ("4 players", "£92", "£112")])])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "rooms.pptx"])
        four = lib.ask("What does an escape room cost for four people on a Saturday?")
    assert four.calculation is None or four.calculation.result == "112", four.answer
    assert "280" not in four.answer and "232" not in four.answer, four.answer
