"""A superlative asked of a table ("Which product has the shortest lead time?") is answered
with the row holding the least or greatest value, found by comparing every row of the sheet
or of the DOCX table (answer.extreme), not with whichever row retrieval ranked first."""
from __future__ import annotations

from decimal import Decimal

import pytest

from docgen import (  # noqa: F401 (fixtures)
    make_sheet,
    make_table_deck,
    make_table_slide,
    model_rows_lib,
    no_pincite_env,
    product_sheet_lib,
)
from pincite.answer.extreme import extreme_row, number, superlative
from pincite.config import Settings
from pincite.library.facade import Library

HEADER = ("SKU", "Product", "Unit", "Price, EUR", "Lead time (days)")
ROWS = [("FL-100", "Flow meter FL-100", "pcs", 480, 10), ("FL-250", "Flow meter FL-250", "pcs", 715, 14),
        ("VK-12", "Valve kit VK-12", "set", 96.5, 5), ("SN-3", "Pressure sensor SN-3", "pcs", 129.9, 7),
        ("CB-20", "Signal cable CB-20", "roll", 58, 3)]


def _unit_text(rows=ROWS) -> str:
    """A sheet's unit text as the XLSX reader writes it: one "Sheet!range | Header: value"
    line per row."""
    lines = ["Prices!A1:E1 | " + "; ".join(HEADER)]
    for i, row in enumerate(rows, 2):
        lines.append(f"Prices!A{i}:E{i} | " + "; ".join(f"{h}: {v}" for h, v in zip(HEADER, row)))
    return "\n\n".join(lines)


@pytest.mark.parametrize("question, sku, header", [
    ("Which product has the shortest lead time?", "CB-20", "Lead time (days)"),
    ("Which product has the longest lead time?", "FL-250", "Lead time (days)"),
    ("What is the cheapest product?", "CB-20", "Price, EUR"),
    # words several rows hold narrow the rows compared
    ("What is the cheapest flow meter?", "FL-100", "Price, EUR"),
])
def test_the_extreme_row_of_the_asked_column(question, sku, header):
    found = extreme_row(question, _unit_text(), "Prices!")
    assert found is not None, question
    assert [r.split("SKU: ")[1].split(";")[0] for r in found.rows] == [sku]
    assert found.header == header


@pytest.mark.parametrize("question", [
    "What is the lead time of the FL-250?",  # no superlative
    "What is the maximum price of the FL-100?",  # names one row: an attribute of it
    "Which product is the most popular?",  # no numeric column asked
    # a word of the question no row, header or name of the table holds ("товар" of an
    # English list): comparing every row would answer of other things
    "Какой товар самый дорогой?",
    "Which hotel is the cheapest?",
])
def test_no_extreme_where_none_is_asked(question):
    assert extreme_row(question, _unit_text(), "Prices!") is None


def test_a_tie_gives_every_row_holding_the_value_and_numbers_read_exactly():
    rows = ROWS + [("CB-50", "Signal cable CB-50", "roll", 140, 3)]
    found = extreme_row("Which product has the shortest lead time?", _unit_text(rows), "Prices!")
    assert found is not None and len(found.rows) == 2 and found.compared == 6
    assert number("1 200") == Decimal("1200") and number("129,9") == Decimal("129.9")
    assert number("2019-04-01") is None and number("10-14") is None
    assert number("1,500") is None and number("5 kg") is None  # 1.5 or 1500 by the language; a quantity
    assert superlative("What is the price of the FL-100?") is None
    assert superlative("哪个产品交货期最短？").direction == "min"


def _answers_superlatives(path, sheet, header, rows, cases, warned=True) -> None:
    """Ingest a one-sheet workbook and check each (question, code of the row, value) of
    `cases`: answered, the first claim verified, its quote that row, its text the value, and
    (`warned`) a note saying how many rows were compared."""
    make_sheet(path / "sheet.xlsx", sheet, header, rows)
    with Library(Settings(data_dir=path / "data")) as lib:
        lib.ingest([path / "sheet.xlsx"])
        for question, code, value in cases:
            ans = lib.ask(question)
            assert ans.status == "answered", (question, ans.answer)
            first = ans.claims[0]
            assert first.verified and code in first.citations[0].quote, (question, first.text)
            assert first.text.endswith(f": {value}"), (question, first.text)
            assert not warned or any(f"{len(rows)}" in w and value in w for w in ans.warnings), ans.warnings


def test_a_sheet_answers_a_superlative_with_the_row_that_holds_it(tmp_path):
    _answers_superlatives(tmp_path, "Prices", HEADER, ROWS, [
        ("Which product has the shortest lead time?", "CB-20", "3"),
        ("What is the most expensive product?", "FL-250", "715"),
        ("What is the cheapest product?", "CB-20", "58")])


def test_a_question_naming_a_row_reads_that_row_with_no_comparison(tmp_path):
    make_sheet(tmp_path / "prices.xlsx", "Prices", HEADER, ROWS)
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "prices.xlsx"])
        plain = lib.ask("What is the lead time of the FL-250?")
    assert plain.claims[0].text.endswith("Lead time (days): 14") and not plain.warnings


def test_a_russian_sheet_answers_a_russian_superlative(tmp_path):
    rows = [("НД-40", "Насос НД-40", 48000, 12), ("НД-63", "Насос НД-63", 61500, 20),
            ("КЛ-2", "Клапан КЛ-2", 3200, 4), ("ФС-1", "Фильтр ФС-1", 950, 6)]
    _answers_superlatives(tmp_path, "Цены", ("Артикул", "Товар", "Цена, руб.", "Срок поставки, дней"), rows, [
        ("У какого товара самый короткий срок поставки?", "КЛ-2", "4"),
        ("Какой товар самый дешёвый?", "ФС-1", "950"),
        # "насос" is written in two rows: those two are compared
        ("Какой насос самый дорогой?", "НД-63", "61500")], warned=False)


@pytest.mark.parametrize("question, code, value", [
    ("У какой модели наибольшая мощность двигателя?", "ВК-37", "37"),
    # no passage writes "наименьшая": the gate's only objection, so the table computes it
    ("У какой модели наименьшая масса?", "ВК-15", "300"),
])
def test_a_docx_table_answers_a_superlative_from_its_rows(model_rows_lib, question, code, value):
    ans = model_rows_lib.ask(question)
    assert ans.status == "answered", (question, ans.answer)
    first = ans.claims[0]
    assert first.verified and code in first.citations[0].quote, (question, first.text)
    assert first.text.endswith(f": {value}"), (question, first.text)
    assert any("3" in w and value in w for w in ans.warnings), ans.warnings  # 3 rows compared


def test_a_superlative_asking_of_something_else_stays_refused(model_rows_lib):
    """Words besides the superlative that no passage holds keep the refusal: the catalogue's
    cheapest hotel is not its lightest compressor."""
    ans = model_rows_lib.ask("Какой отель самый дешёвый?")
    assert ans.status == "refused", (ans.answer, [c.quote for c in ans.citations()])


@pytest.mark.parametrize("question, code", [("哪个产品单价最高？", "P-105"), ("哪个产品库存最少？", "P-105"),
                                            ("哪个产品单价最低？", "P-103"), ("哪个产品最便宜？", "P-103")])
def test_a_chinese_sheet_answers_a_chinese_superlative(product_sheet_lib, question, code):
    ans = product_sheet_lib.ask(question)
    assert ans.status == "answered", (question, ans.answer)
    assert code in ans.claims[0].citations[0].quote and ans.claims[0].verified, (question, ans.claims[0].text)


def test_a_slide_table_answers_a_superlative_though_its_header_writes_the_word(tmp_path):
    """A slide's table (one "Header: value; …" line per row) is compared too; its column
    "每层最大承重" writes the superlative the question asks by, which a which-question ("哪种")
    still compares."""
    rows = [("货架类型", "每层最大承重（公斤）", "检查周期"), ("轻型货架", "150", "每半年"),
            ("中型货架", "500", "每季度"), ("重型货架", "2000", "每月"), ("悬臂货架", "800", "每季度")]
    make_table_slide(tmp_path / "huojia.pptx", "货架承重标准", rows)
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "huojia.pptx"])
        for question, kind in (("哪种货架每层承重最大？", "重型货架"), ("哪种货架每层承重最小？", "轻型货架")):
            ans = lib.ask(question)
            assert ans.status == "answered", (question, ans.answer)
            assert kind in ans.claims[0].citations[0].quote and ans.claims[0].verified, (question, ans.claims[0].text)
            assert any("4" in w for w in ans.warnings), ans.warnings
            # the rows compared are not claims beside the computed one
            assert len(ans.claims) == 1, [c.text for c in ans.claims]


def test_which_with_a_measure_word_names_nothing_the_table_must_hold(tmp_path):
    """"哪支" (which, with the measure word of teams) is an interrogative, however rare wordfreq
    finds it: it names nothing the table must write, so the table is compared."""
    rows = [("排名", "球队", "进球", "失球", "积分"), ("1", "江北雄鹰", "25", "9", "25"),
            ("2", "滨江联", "21", "10", "23"), ("3", "港口队", "6", "28", "2")]
    make_table_slide(tmp_path / "league.pptx", "联赛积分榜", rows)
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "league.pptx"])
        ans = lib.ask("失球最多的球队是哪支？")
        assert ans.status == "answered", ans.answer
        assert "港口队" in ans.claims[0].citations[0].quote and len(ans.claims) == 1, [c.text for c in ans.claims]
        assert any("3" in w for w in ans.warnings), ans.warnings


def test_a_table_answers_a_superlative_before_prose_sharing_its_word(tmp_path):
    """Prose that shares a word with the superlative ("дорогое" of "самый дорогой") is no
    comparison of the table's rows: the row the table computes comes first."""
    from pdfgen import make_pdf

    make_sheet(tmp_path / "ceny.xlsx", "Цены", ("Артикул", "Товар", "Цена, руб.", "Срок поставки, дней"),
               [("НД-40", "Насос НД-40", 48000, 12), ("НД-63", "Насос НД-63", 61500, 20),
                ("КЛ-2", "Клапан КЛ-2", 3200, 4), ("ФС-1", "Фильтр ФС-1", 950, 6)])
    make_pdf(tmp_path / "zametki.pdf", ["Заметки склада. Хранение товара на складе — удовольствие дорогое: "
                                        "самый дорогой товар держат под замком, а дешёвый товар лежит у входа."],
             font="dejavu")
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "ceny.xlsx", tmp_path / "zametki.pdf"])
        ans = lib.ask("Какой товар самый дорогой?")
    assert ans.status == "answered", ans.answer
    assert "НД-63" in ans.claims[0].citations[0].quote and ans.claims[0].verified, ans.claims[0].text
    assert any("61500" in w for w in ans.warnings), ans.warnings


STAFF_HEADER = ("Name", "Department", "Start date", "Phone ext.")
STAFF = [("Alice Moreno", "Maintenance", "2019-03-11", 2214), ("Brian Okafor", "Purchasing", "2021-09-01", 2307),
         ("Erik Lindqvist", "Maintenance", "2012-06-04", 2201), ("Dana Kowalski", "Quality", "2023-05-22", 2219)]


def test_a_superlative_of_time_compares_the_date_column_and_nothing_else():
    from pincite.answer.extreme import date_value, extreme_of

    rows = [(name, list(zip(STAFF_HEADER, map(str, row)))) for name, *_ in STAFF for row in [
        next(r for r in STAFF if r[0] == name)]]
    for question, name in (("Who has the earliest start date?", "Erik Lindqvist"),
                           ("Who has the most recent start date?", "Dana Kowalski"),
                           ("Кто раньше всех начал работать?", "Erik Lindqvist"),
                           ("Whose start date is the newest?", "Dana Kowalski")):
        found = extreme_of(question, rows, ["staff"])
        assert found is not None and found.rows == [name] and found.dates, question
        assert found.header == "Start date"
    # "most" alone is no superlative of time: the highest extension, compared as a number
    found = extreme_of("Who has the highest phone ext.?", rows, ["staff"])
    assert found is not None and found.rows == ["Brian Okafor"] and not found.dates
    assert date_value("2012-06-04") == Decimal(20120604) == date_value("04.06.2012") == date_value("2012年6月4日")
    assert date_value("2012-06-04 00:00:00") == Decimal(20120604)
    assert date_value("2012") is None and date_value("2012-13-04") is None and date_value("4 June") is None


def test_a_timetable_is_compared_by_its_times_of_day():
    """"Earliest" and "latest" compare a column of times of day (a timetable's first and last
    departures) as they compare dates; times are read on the 24-hour clock, whole cells only."""
    from pincite.answer.extreme import clock_value, extreme_of

    header = ("Stop", "First bus", "Last bus", "Distance (km)")
    table = [("North Station", "6:00", "22:30", "0"), ("People's Square", "6:12", "22:42", "3.4"),
             ("Riverside Park", "6:45", "23:15", "13.6"), ("Museum", "6:20", "22:05", "5.1")]
    rows = [(r[0], list(zip(header, r))) for r in table]
    for question, stop, column in (("Which stop has the earliest first bus?", "North Station", "First bus"),
                                   ("Which stop has the latest last bus?", "Riverside Park", "Last bus"),
                                   ("Which stop has the earliest last bus?", "Museum", "Last bus")):
        found = extreme_of(question, rows, ["timetable"])
        assert found is not None and found.rows == [stop] and found.header == column, question
    assert clock_value("6:00") == Decimal(21600) and clock_value("23:15:30") == Decimal(83730)
    assert clock_value("24:00") is None and clock_value("6.00") is None and clock_value("at 6:00") is None


def test_a_sheet_answers_who_started_first_with_the_earliest_date(tmp_path):
    from docgen import make_sheet as sheet

    sheet(tmp_path / "staff.xlsx", "Staff", STAFF_HEADER, STAFF)
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "staff.xlsx"])
        # "employee", a word the sheet does not write, means its name "Staff" (a word vector's
        # cosine, as a column's header is matched): it names what the rows are, not another thing
        for question, name, note in (("Who has the earliest start date?", "Erik Lindqvist", "Earliest"),
                                     ("Who has the latest start date?", "Dana Kowalski", "Latest"),
                                     ("Which employee has the earliest start date?", "Erik Lindqvist", "Earliest")):
            ans = lib.ask(question)
            assert ans.status == "answered", (question, ans.answer)
            first = ans.claims[0]
            assert first.verified and name in first.citations[0].quote, (question, first.text)
            assert any(w.startswith(note) and "4 rows" in w for w in ans.warnings), ans.warnings
            assert len(ans.claims) == 1, [c.text for c in ans.claims]  # the rows compared are no claims


def test_a_price_list_is_compared_when_prose_elsewhere_writes_the_superlatives_word(tmp_path):
    """In a library of a manual and a price list, the manual's prose writes "expensive" and the
    list never does, so retrieval ranks the prose first; the list's rows are still found (one
    search for the asked column) and compared, its dearest row cited first."""
    from pdfgen import make_pdf

    docs = tmp_path / "docs"
    docs.mkdir()
    make_pdf(docs / "guide.pdf", [
        "Ball screws have very low friction and backlash, but are usually quite expensive parts.",
        "Stepper motors are the cheapest drive parts; servo motors are the expensive choice.",
        "The most expensive part of a small mill is often its spindle, the cheapest part its fixtures.",
        "Linear guides are expensive parts to replace; keep them clean and oiled.",
        "An expensive part deserves a spare on the shelf; a cheap part can be ordered when needed.",
        "Cheap parts from unknown suppliers are the most expensive in the end, when a machine stops.",
        "Expensive parts such as encoders are packed in antistatic bags until they are fitted."])
    make_sheet(docs / "parts.xlsx", "Parts", ("Part number", "Description", "Unit price, USD", "Lead time, days"),
               [("HX-1001", "Hydraulic hose", 38.5, 7), ("BR-2040", "Ball bearing", 6.2, 3),
                ("MT-7700", "Servo motor 750 W", 615, 42), ("SN-0120", "Proximity sensor", 19.75, 2)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([docs])
        for question, code in (("Which is the most expensive part?", "MT-7700"),
                               ("What is the cheapest part?", "BR-2040")):
            ans = lib.ask(question)
            assert ans.status == "answered", (question, ans.answer)
            first = ans.claims[0]
            assert first.verified and code in first.citations[0].quote, (question, [c.text for c in ans.claims])
            assert any("4 rows" in w for w in ans.warnings), ans.warnings


def test_russian_superlatives_in_every_gender_and_the_analytic_form():
    """"самая"/"самое"/"самую" as well as "самый"; "наиболее"/"наименее" + adjective (the
    analytic superlative); "те же самые" (the same) is none."""
    cases = {"Какая модель самая лёгкая?": ("min", None), "Какое оборудование самое дорогое?": ("max", "money"),
             "Какую услугу самую дешёвую можно заказать?": ("min", "money"),
             "Какой насос наиболее мощный?": ("max", None), "Какой насос наименее мощный?": ("min", None),
             "Какой товар наименее дорогой?": ("min", "money"), "Какая работа самая продолжительная?": ("max", None)}
    for question, (direction, kind) in cases.items():
        found = superlative(question)
        assert found is not None and (found.direction, found.kind) == (direction, kind), question
    assert superlative("Те же самые данные есть в отчёте?") is None


def test_the_superlatives_adjective_names_the_column_and_the_documents_subject_names_no_row():
    """"самая продолжительная" compares "Продолжительность, ч" (the adjective's noun), even
    where a converted DOCX splits the header's word ("Продолжительн ость"); "котельной", which
    names the regulation (its title) and stands in one row's cell, picks no row."""
    from pincite.answer.extreme import extreme_of
    from pincite.text import analysis

    for header in ("Продолжительность, ч", "Продолжительн ость, ч"):
        rows = [(job, [("Вид работ", job), ("Исполнитель", who), (header, hours)]) for job, who, hours in (
            ("Промывка теплообменника", "Слесарь", "8"), ("Проверка клапанов", "Оператор котельной", "2"),
            ("Анализ воды", "Лаборант", "1,5"))]
        found = extreme_of("Какая работа по обслуживанию котельной самая продолжительная?", rows,
                           analysis.tokens("Регламент обслуживания котельной"))
        assert found is not None and found.rows == ["Промывка теплообменника"] and found.header == header
    rows = [(m, [("Модель", m), ("Мощность, кВт", p)]) for m, p in (("Н-1", "5,5"), ("Н-2", "7,5"), ("Н-3", "3"))]
    found = extreme_of("Какой насос наиболее мощный?", rows, analysis.tokens("Насосы серии Н"))
    assert found is not None and found.rows == ["Н-2"]
    found = extreme_of("Какой насос наименее мощный?", rows, analysis.tokens("Насосы серии Н"))
    assert found is not None and found.rows == ["Н-3"]


STOCK_HEADER = ("Артикул", "Наименование", "Остаток", "Цена закупки, руб.")
STOCK_ROWS = [("СК-1042", "Саморез по дереву 4,2×75", 312, 285), ("ДБ-0810", "Дюбель 8×100", 46, 190),
              ("ЛК-0300", "Лак паркетный", 64, 2350), ("ПН-0750", "Пена монтажная", 18, 465)]


def test_the_noun_naming_the_selected_rows_need_not_stand_in_the_table(tmp_path):
    """"У какого товара …", "Какой товар …": the noun naming what kind of row is selected is
    the table's subject, which a stock sheet never writes: the rows are compared when the
    question names the compared column by its header's words ("цена закупки"); a function
    word ("по" of "по цене") names no row ("Саморез по дереву")."""
    _answers_superlatives(tmp_path, "Остатки", STOCK_HEADER, STOCK_ROWS, [
        ("У какого товара максимальная цена закупки?", "ЛК-0300", "2350"),
        ("Какой товар самый дорогой по цене закупки?", "ЛК-0300", "2350"),
        ("У какого товара самый маленький остаток?", "ПН-0750", "18")])


def test_rows_not_compared_are_said_to_be_unranked(tmp_path):
    """A superlative naming two columns ("наибольший запас и остаток") compares nothing (no
    single column): the rows found are listed with a note that they were not compared, not
    as if the first held the greatest value."""
    header = STOCK_HEADER[:3] + ("Мин. запас",) + STOCK_HEADER[3:]
    rows = [r[:3] + (m,) + r[3:] for r, m in zip(STOCK_ROWS, (100, 50, 20, 30))]
    make_sheet(tmp_path / "stock.xlsx", "Остатки", header, rows)
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "stock.xlsx"])
        ans = lib.ask("У какого товара наибольший запас и остаток?")
        plain = lib.ask("Какой остаток у ЛК-0300?")
    assert ans.status == "answered" and len(ans.claims) >= 2, ans.answer
    assert any("не сравнивались" in w for w in ans.warnings), ans.warnings
    assert not any("не сравнивались" in w for w in plain.warnings), plain.warnings


def test_a_selected_noun_is_forgiven_only_where_the_column_is_named():
    """"Какой насос самый дорогой?" names no column by its header's words (only a kind of
    value, a price): a stock sheet that never writes "насос" compares nothing."""
    rows = [(r[0], list(zip(STOCK_HEADER, map(str, r)))) for r in STOCK_ROWS]
    from pincite.answer.extreme import extreme_of

    assert extreme_of("Какой насос самый дорогой?", rows) is None
    found = extreme_of("У какого товара максимальная цена закупки?", rows)
    assert found is not None and found.rows == ["ЛК-0300"]


def test_a_verb_of_the_question_need_not_stand_in_the_table():
    """"Для какого направления установлены самые высокие суточные?": a table names things
    and their values, never what is done to them, so the participle "установлены" does not
    stop the comparison; "направления" is the selected noun."""
    from pincite.answer.extreme import extreme_of, verb_forms

    header = ("Направление", "Суточные, руб.")
    rows = [(r[0], list(zip(header, r))) for r in [("Китай", "2 500"), ("Норвегия", "2 900"), ("Турция", "1 800")]]
    assert verb_forms("Для какого направления установлены самые высокие суточные?")
    found = extreme_of("Для какого направления установлены самые высокие суточные?", rows)
    assert found is not None and found.rows == ["Норвегия"]
    assert not verb_forms("Какой насос самый дорогой?")


LIFTS_HEADER = ("Lift", "Type", "Routine visit interval", "Rated load")
LIFTS = [("Lift A", "Passenger, traction", "Every 4 weeks", "630 kg (8 persons)"),
         ("Lift C", "Passenger, machine-room-less", "Every 6 weeks", "450 kg (6 persons)"),
         ("Lift D", "Goods, hydraulic", "Every 8 weeks", "1600 kg")]


@pytest.mark.parametrize("question, row", [
    ("Which lift has the highest rated load?", "Lift D"), ("Which lift has the lowest rated load?", "Lift C"),
    ("Which lift has the longest routine visit interval?", "Lift D"),
])
def test_cells_with_a_number_among_words_are_compared_by_it(question, row):
    """"630 kg (8 persons)", "Every 4 weeks": a column whose cells each write a number among
    words, the same word after it in every cell, is compared by that number
    (extreme.leading_quantity); a code ("A-101") is no such number."""
    from pincite.answer.extreme import extreme_of, leading_quantity

    rows = [(r[0], list(zip(LIFTS_HEADER, r))) for r in LIFTS]
    found = extreme_of(question, rows)
    assert found is not None and found.rows == [row], found
    assert leading_quantity("A-101") is None and leading_quantity("Every 4 weeks") == (Decimal("4"), "weeks")


def test_a_column_of_mixed_units_is_not_compared():
    from pincite.answer.extreme import extreme_of

    header = ("Item", "Limit")
    rows = [(r[0], list(zip(header, r))) for r in [("A", "Every 4 weeks"), ("B", "12 kg"), ("C", "6 months")]]
    assert extreme_of("Which item has the highest limit?", rows) is None


def test_an_english_verb_after_a_modal_need_not_stand_in_the_table():
    """"Which lift can carry the most weight?": "carry" follows a modal, so it is a verb,
    which no table writes; the quantity asked by its kind (mass) picks the rated-load column."""
    from pincite.answer.extreme import extreme_of, verb_forms

    rows = [(r[0], list(zip(LIFTS_HEADER, r))) for r in LIFTS]
    assert "carri" in verb_forms("Which lift can carry the most weight?")
    found = extreme_of("Which lift can carry the most weight?", rows)
    assert found is not None and found.rows == ["Lift D"], found


def test_a_header_word_a_cell_also_writes_names_no_row():
    """"Which loan is the most days overdue?": "days" is a word of the header "Days overdue",
    asked of every row, though one title cell writes "Day" ("The Remains of the Day")."""
    from pincite.answer.extreme import extreme_of

    header = ("Loan ID", "Title", "Days overdue")
    rows = [(r[0], list(zip(header, r))) for r in [
        ("L-1041", "The Remains of the Day", "0"), ("L-1043", "Wolf Hall", "17"), ("L-1046", "Sapiens", "25")]]
    found = extreme_of("Which loan is the most days overdue?", rows)
    assert found is not None and found.rows == ["L-1046"], found


def test_a_column_of_time_ranges_is_not_compared_by_its_first_number():
    """"13:30-17:30" is a span of time, not a quantity: "the longest" is not read off the
    hour it starts at."""
    from pincite.answer.extreme import extreme_of, leading_quantity

    header = ("楼栋", "停水时段")
    rows = [(r[0], list(zip(header, r))) for r in [("1号楼", "09:00-13:00"), ("3号楼", "13:30-17:30")]]
    assert leading_quantity("13:30-17:30") is None and leading_quantity("5–7 days") is None
    assert extreme_of("停水时间最长的是哪栋楼？", rows) is None


@pytest.mark.parametrize("question, vessel, value", [
    ("Which vessel is the fastest?", "MV Puffin", "16"),
    ("Which vessel is the slowest?", "MV Shearwater", "11.5"),
    ("Какое судно самое быстрое?", "MV Puffin", "16"),
    ("哪艘船最快？", "MV Puffin", "16"),
])
def test_fastest_and_slowest_compare_the_speed_column(tmp_path, question, vessel, value):
    """"fastest", "самое быстрое", "最快" ask for the greatest value of a speed column, which
    the question names by no header word ("Speed (knots)")."""
    make_sheet(tmp_path / "fleet.xlsx", "Vessels", ("Vessel", "Built", "Passengers", "Speed (knots)"),
               [("MV Gannet", 2011, 250, 12), ("MV Kittiwake", 2004, 420, 14.5), ("MV Puffin", 2019, 120, 16),
                ("MV Shearwater", 1998, 300, 11.5)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "fleet.xlsx"])
        ans = lib.ask(question)
    assert ans.status == "answered", (ans.answer, ans.warnings)
    assert ans.claims[0].text == f"{vessel} / Speed (knots): {value}", [c.text for c in ans.claims]


@pytest.mark.parametrize("label", ["Total", "Итого", "合计", "Σ"])
def test_a_totals_row_is_not_a_row_compared_whatever_its_label(label):
    """A sheet's last row holding the sum of the rows above is no month with the highest
    bill; it is told by its sum, so its label's language does not matter."""
    header = ("Month", "kWh", "Bill")
    months = [("Jan", 410, "200.50"), ("Feb", 350, "171.97"), ("Mar", 330, "160.10"), ("Apr", 300, "146.27")]
    total = (label, sum(r[1] for r in months), str(sum(Decimal(r[2]) for r in months)))
    lines = ["Bills!A1:C1 | " + "; ".join(header)]
    for i, row in enumerate(months + [total], 2):
        lines.append(f"Bills!A{i}:C{i} | " + "; ".join(f"{h}: {v}" for h, v in zip(header, row)))
    found = extreme_row("Which month had the highest bill?", "\n\n".join(lines), "Bills!")
    assert found is not None and found.value == "200.50" and found.compared == 4
    least = extreme_row("Which month had the lowest bill?", "\n\n".join(lines), "Bills!")
    assert least is not None and least.value == "146.27"


def test_a_row_equal_to_the_sum_of_few_others_is_still_compared():
    """With three rows, 100 = 50 + 50 is a coincidence, not a totals row: the 100 is the highest."""
    header = ("Month", "Bill")
    lines = ["Bills!A1:B1 | " + "; ".join(header)]
    for i, row in enumerate([("Jan", "50"), ("Feb", "50"), ("Mar", "100")], 2):
        lines.append(f"Bills!A{i}:B{i} | " + "; ".join(f"{h}: {v}" for h, v in zip(header, row)))
    found = extreme_row("Which month had the highest bill?", "\n\n".join(lines), "Bills!")
    assert found is not None and found.value == "100" and found.compared == 3


def test_longest_and_shortest_compare_the_length_or_duration_column():
    """A programme's "Length (min)" shares no word with "Which session is the longest?": the
    superlative of extent names a length or duration column ("最短" a "时长（分钟）" one)."""
    from pincite.answer.extreme import extreme_of

    rows = [(s, [("Time", t), ("Session", s), ("Room", r), ("Length (min)", n)]) for t, s, r, n in (
        ("09:00", "Welcome", "Main Hall", "20"), ("09:30", "Keynote", "Main Hall", "60"),
        ("11:00", "Workshop", "Room B", "90"), ("16:30", "Closing", "Main Hall", "15"))]
    longest = extreme_of("Which session on the first day is the longest?", rows, ["programme"])
    assert longest is not None and longest.rows == ["Workshop"] and longest.header == "Length (min)"
    shortest = extreme_of("Which session is the shortest?", rows, ["programme"])
    assert shortest is not None and shortest.rows == ["Closing"]
    zh = [(s, [("课程", s), ("时长（分钟）", n)]) for s, n in (("开幕", "20"), ("讲座", "60"), ("研讨", "90"))]
    found = extreme_of("哪个课程最短？", zh, ["日程"])
    assert found is not None and found.rows == ["开幕"]


def test_a_totals_row_is_found_by_its_sums_and_not_offered_as_a_row_to_choose(tmp_path):
    from pincite.answer.extreme import totals_row

    rows = [(("Станция", s), ("Велосипедов, шт.", b), ("Часы работы", h)) for s, b, h in (
        ("Набережная", "24", "06:00–23:00"), ("Вокзал", "18", "круглосуточно"), ("Университет", "20", "07:00–22:00"),
        ("Стадион", "16", "08:00–22:00"))]
    assert totals_row(rows + [(("Станция", "Итого"), ("Велосипедов, шт.", "78"), ("Часы работы", ""))]) == 4
    assert totals_row(rows) is None
    make_sheet(tmp_path / "stations.xlsx", "Станции", ("Станция", "Велосипедов, шт.", "Часы работы"),
               [tuple(v for _, v in r) for r in rows] + [("Итого", 78, "")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "stations.xlsx"])
        ans = lib.ask("Сколько велосипедов на станции?")
    assert ans.status == "needs_clarification", (ans.status, ans.answer)
    assert "Вокзал" in ans.clarification.options and "Итого" not in ans.clarification.options


def test_a_superlative_of_price_compares_the_price_column_over_one_sharing_a_word():
    """"Какое обучение стоит дороже всего?": "обучения" of "Срок обучения, недель" is a word
    of the question, but "дороже всего" asks a price, and "Стоимость, руб." is one."""
    from pincite.answer.extreme import extreme_of

    header = ("Категория", "Срок обучения, недель", "Стоимость, руб.")
    rows = [(r[0], list(zip(header, r))) for r in (
        ("A (мотоцикл)", "8", "32 000"), ("B (механика)", "12", "58 500"), ("C (грузовой)", "16", "79 900"),
        ("BE (прицеп)", "4", "27 000"))]
    found = extreme_of("Какое обучение стоит дороже всего?", rows, ["автошкола"])
    assert found is not None and found.header == "Стоимость, руб." and found.rows == ["C (грузовой)"]
    cheapest = extreme_of("Какое обучение самое дешёвое?", rows, ["автошкола"])
    assert cheapest is not None and cheapest.rows == ["BE (прицеп)"]


def test_the_superlatives_own_character_in_one_cell_names_no_row():
    """"最便宜" over a sheet where one row's notes write "最多2名学员": the superlative's "最"
    is the question's operation, not a word naming that row, so every row is compared."""
    from pincite.answer.extreme import extreme_of

    rows = [(i, [("项目", name), ("价格（元）", str(price)), ("备注", note)]) for i, (name, price, note) in enumerate([
        ("成人票", 380, "含缆车"), ("私人教练", 600, "最多2名学员"), ("头盔租赁", 30, "无押金")])]
    found = extreme_of("票价表里最便宜的是哪一项？", rows, names=["票价"])
    assert found is not None and found.rows == [2] and found.value == "30"


def test_a_superlative_no_passage_writes_is_compared_not_refused(tmp_path):
    """"Какой товар в прайсе самый дорогой и сколько он стоит?" over a pharmacy's rules and
    price table (a DOCX) that never write "самый" or "дорогой", beside an English slide:
    the superlative is computed by comparing rows, so its words are no missing words (a
    refusal), and the dearest row comes first."""
    import docx

    from docgen import docx_table

    d = docx.Document()
    d.add_heading("Аптека «Зелёный крест»: правила и цены", 1)
    d.add_paragraph("Рецептурные препараты отпускаются только по рецепту. Доставка курьером по городу "
                    "стоит 250 рублей; при заказе от 3000 рублей доставка бесплатная.")
    d.add_heading("Прайс-лист на популярные товары", 2)
    docx_table(d, [("Товар", "Упаковка", "Цена, руб.", "Срок годности, мес."),
                   ("Парацетамол 500 мг", "20 таблеток", "45", "36"), ("Ибупрофен 200 мг", "50 таблеток", "120", "36"),
                   ("Тонометр автоматический", "1 шт.", "2490", "60"), ("Пластырь", "10 шт.", "89", "48")])
    d.save(tmp_path / "apteka.docx")
    make_table_slide(tmp_path / "cinema.pptx", "Ticket prices", [
        ("Ticket", "Price (USD)"), ("Standard adult", "12.50"), ("Senior (65+)", "8.00")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "apteka.docx", tmp_path / "cinema.pptx"])
        ans = lib.ask("Какой товар в прайсе самый дорогой и сколько он стоит?")
    assert ans.status == "answered", ans.answer
    assert "Тонометр" in ans.claims[0].citations[0].quote, [c.text for c in ans.claims]


def test_amounts_with_their_currency_are_compared_in_the_column_the_question_numbers(tmp_path):
    """A slide's price table writes each amount with its currency ("€6") under headers alike
    but for their numbers ("1 day", "3 days"): the cells are read as amounts of one currency
    (extreme.money_amount), and "for one day" picks the "1 day" column, the one header
    stating the question's number."""
    make_table_deck(tmp_path / "hire.pptx", [("Equipment hire", [
        ("Item", "1 day", "3 days", "Each extra day"), ("Ski set", "€32", "€90", "€25"), ("Helmet", "€6", "€16", "€5"),
        ("Snowboard", "€35", "€98", "€28"), ("Goggles", "€8", "€21", "€4")])])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "hire.pptx"])
        cheap = lib.ask("What is the cheapest item to hire for one day?")
        dear = lib.ask("Which item is the most expensive to hire for 3 days?")
    assert cheap.status == "answered" and "Helmet" in cheap.claims[0].citations[0].quote, cheap.answer
    assert dear.status == "answered" and "Snowboard" in dear.claims[0].citations[0].quote, dear.answer


def test_a_superlative_of_weight_compares_weights_only():
    """"Heaviest", "самый тяжёлый", "最重" ask a weight: the column of weights is compared,
    whatever other header shares a word of the question ("Price per rider"); a table that
    weighs nothing compares nothing (its prices are no weights); "最重要" is no weight."""
    from pincite.answer.extreme import extreme_of, superlative

    header = ("Route", "Duration", "Price per rider", "Pack weight")
    table = [("Meadow Loop", "1 hour", "£40", "6 kg"), ("Ridgeway View", "2 hours", "£70", "9 kg"),
             ("Valley Trek", "6 hours", "£165", "7.5 kg")]
    rows = [(r[0], list(zip(header, r))) for r in table]
    found = extreme_of("Which route has the heaviest pack per rider?", rows, ["routes"])
    assert found is not None and found.rows == ["Ridgeway View"] and found.header == "Pack weight"
    ru = [(r[0], [("Маршрут", r[0]), ("Цена", r[1]), ("Вес рюкзака", r[2])])
          for r in (("Луг", "4 000 руб.", "6 кг"), ("Хребет", "7 000 руб.", "9 кг"),
                    ("Долина", "16 500 руб.", "7,5 кг"))]
    found = extreme_of("На каком маршруте самый тяжёлый рюкзак?", ru, ["маршруты"])
    assert found is not None and found.rows == ["Хребет"] and found.header == "Вес рюкзака"
    assert superlative("哪条路线的背包最重？").kind == "mass"
    found = extreme_of("Which route has the lightest pack?", rows, ["routes"])
    assert found is not None and found.rows == ["Meadow Loop"]
    priced = [(r[0], list(zip(header[:3], r[:3]))) for r in table]
    assert extreme_of("What's the heaviest rider you take out on a route?", priced, ["routes"]) is None
    assert extreme_of("Which route is the most expensive per rider?", priced, ["routes"]).rows == ["Valley Trek"]
    assert superlative("哪一条最重要？") is None  # most important: no value compared
