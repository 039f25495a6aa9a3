"""Columns split by ranges of a quantity ("Собаки до 20 кг", "Собаки свыше 20 кг"; "Up to
2 kg", "2–5 kg", "Over 5 kg"): a question stating the quantity ("собаки весом 30 кг", "a 3 kg
parcel") is answered from the column whose range holds it (answer.tiers), in generated
libraries; a quantity that no range, or two ranges, hold names no column."""
from __future__ import annotations

from decimal import Decimal

import pytest

from pincite.answer.tiers import cell_tier, count_label, header_tier, states_bound, with_equal_headers, with_tiers
from pincite.config import Settings
from pincite.library.facade import Library


@pytest.mark.parametrize("header, inside, outside", [
    ("Собаки до 20 кг", ["20", "3.5"], ["20.5"]),
    ("Собаки свыше 20 кг", ["20.5", "40"], ["20", "7"]),
    ("2–5 kg", ["2", "5", "3"], ["1.9", "5.1"]),
    ("Under 3 years", ["2"], ["3"]),
    ("Adults 18 years and over", ["18", "40"], ["17"]),
    ("от 5 до 10 кг", ["5", "10"], ["11"]),
    ("10公斤以上", ["10", "12"], ["9"]),
    # the unit after each number
    ("身高1.2米至1.5米", ["1.2", "1.3"], ["1.1", "1.6"]),
    ("5 kg to 10 kg", ["5", "7"], ["11"]),
    # miles, as mileage bands are given
    ("251–400 miles", ["251", "300", "400"], ["250", "401"]), ("Over 400 miles", ["401"], ["400"]),
    # feet, as heights of trees and lengths are given in the US and the UK
    ("Medium, 15–30 ft", ["15", "20", "30"], ["14", "31"]), ("Extra large, over 60 ft", ["61"], ["60"]),
])
def test_a_header_states_the_range_it_holds(header, inside, outside):
    tier = header_tier(header)
    assert tier is not None, header
    assert all(tier.holds(Decimal(v)) for v in inside) and not any(tier.holds(Decimal(v)) for v in outside)


@pytest.mark.parametrize("header", ["Кошки", "Price, EUR", "Q2 2025", "Model 20", "Rooms 1-3", "1 кг – 5 м",
                                    "R17–R18"])
def test_a_header_without_a_range_of_a_unit_is_no_tier(header):
    assert header_tier(header) is None


def test_a_distance_in_miles_is_written_as_the_mileage_band_that_holds_it():
    bands = ["First 100 miles", "101–250 miles", "251–400 miles", "Over 400 miles"]
    assert with_tiers("A trip of about 300 miles: what is the charge per mile?", bands) == (
        "A trip of about 251–400 miles: what is the charge per mile?")
    assert with_tiers("Поездка на 500 миль: сколько за милю?", bands) == "Поездка на Over 400 miles: сколько за милю?"


def test_a_height_in_feet_written_any_way_is_read_into_the_band_that_holds_it():
    """"a 20-foot tree", "20 feet tall", "40 ft", "40 футов": the foot in its written forms is
    a unit, so the band of tree heights that holds the number is the row asked."""
    bands = ["Tree height: Small, under 15 ft", "Tree height: Medium, 15–30 ft", "Tree height: Large, 30–60 ft"]
    assert with_tiers("Take down a 20-foot tree?", bands) == "Take down a Tree height: Medium, 15–30 ft tree?"
    assert with_tiers("A tree 20 feet tall?", bands) == "A tree Tree height: Medium, 15–30 ft tall?"
    assert with_tiers("Remove a 40 ft tree", bands) == "Remove a Tree height: Large, 30–60 ft tree"
    assert with_tiers("Спилить дерево в 40 футов", bands) == "Спилить дерево в Tree height: Large, 30–60 ft"
    # a bound the question states is the range of its own, not a point the next range holds
    assert with_tiers("Дерево ниже 15 футов?", bands) == "Дерево ниже Tree height: Small, under 15 ft?"
    assert with_tiers("A tree of 15 ft?", bands) == "A tree of Tree height: Medium, 15–30 ft?"
    assert states_bound("Дерево ниже 15 футов?", "15 футов") and not states_bound("A tree of 15 ft?", "15 ft")
    assert not states_bound("Bring back a sofa from 30 km outside the city?", "30 km")


def test_a_stated_quantity_is_written_as_the_header_that_holds_it():
    fares = ["Parcel", "Up to 2 kg", "2–5 kg", "Over 5 kg"]
    assert with_tiers("How much is a parcel weighing 3 kg?", fares) == "How much is a parcel 2–5 kg?"
    assert with_tiers("How much is a 7.5 kg parcel?", fares) == "How much is a Over 5 kg parcel?"
    # held by two ranges (2 kg ends one and starts the next), by none in its unit, or no unit
    for question in ("How much is a 2 kg parcel?", "How much is a 3 lb parcel?", "How much are 3 parcels?"):
        assert with_tiers(question, fares) == question
    # held by ranges of two tables in two languages: the one in the question's language
    labels = ["0.5–1公斤", "3–5公斤", "5–10公斤", "Собака мелкой породы (до 10 кг)"]
    assert with_tiers("寄4公斤到新疆运费多少？", labels) == "寄3–5公斤到新疆运费多少？"
    assert with_tiers("Сколько стоит собака 4 кг?", labels) == "Сколько стоит собака Собака мелкой породы (до 10 кг)?"


def test_a_question_stating_a_weight_is_answered_from_the_tier_column(tmp_path):
    from docgen import make_sheet

    make_sheet(tmp_path / "doses.xlsx", "Дозировка, мл", ("Препарат", "Животные до 10 кг", "Животные 10–20 кг",
                                                          "Животные свыше 20 кг"),
               [("Вермикс", 1, 2, 4), ("Дронтал", 0.5, 1, 2), ("Празицид", 2, 3.5, 5)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "doses.xlsx"])
        heavy = lib.ask("Какая доза Дронтала для собаки весом 30 кг?")
        middle = lib.ask("Сколько Празицида дать коту 15 кг?")
    assert heavy.status == "answered", (heavy.answer, heavy.warnings)
    assert heavy.claims[0].text == "Дронтал / Животные свыше 20 кг: 2", heavy.claims[0].text
    assert middle.status == "answered", (middle.answer, middle.warnings)
    assert middle.claims[0].text == "Празицид / Животные 10–20 кг: 3.5", middle.claims[0].text


def test_a_band_written_as_a_row_label_is_the_row_a_weight_names(tmp_path):
    """Weight bands as row labels ("50–100 公斤") under zone columns: "80公斤" names the band's
    row; a zone the table writes by its head ("西南" of "西南地区") and verbs of the question
    ("寄往", "寄到") name no row it lacks."""
    from docgen import make_sheet

    make_sheet(tmp_path / "tariff.xlsx", "大件分段价", ("重量段", "华东(元/公斤)", "华北(元/公斤)", "西南(元/公斤)"),
               [("20–50 公斤", 2.8, 4.5, 6), ("50–100 公斤", 2.4, 3.9, 5.2), ("100–300 公斤", 2, 3.3, 4.6)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "tariff.xlsx"])
        band = lib.ask("80公斤的大件发到华北每公斤多少钱？")
        zone = lib.ask("一个60公斤的包裹寄往西南地区每公斤多少钱？")
        lacking = lib.ask("南京仓的大件每公斤多少钱？")
    assert band.status == "answered", (band.answer, band.warnings)
    assert band.claims[0].text == "50–100 公斤 / 华北(元/公斤): 3.9", band.claims[0].text
    assert zone.status == "answered", (zone.answer, zone.warnings)
    assert zone.claims[0].text == "50–100 公斤 / 西南(元/公斤): 5.2", zone.claims[0].text
    assert lacking.status == "refused" and any("南京" in w for w in lacking.warnings), lacking.warnings


@pytest.mark.parametrize("header, value, written", [
    ("年用电量区间（千瓦时）", "2761–4800", "年用电量区间（千瓦时）: 2761–4800 千瓦时"),
    ("年用电量区间（千瓦时）", "4801及以上", "年用电量区间（千瓦时）: 4801 千瓦时及以上"),
    ("Weight, kg", "50-100", "Weight, kg: 50-100 kg"),
    ("Возраст", "4–5 лет", "4–5 лет"),  # the cell writes its own unit
    ("Price, EUR", "480", None),  # a value, no range
    ("Note", "see 1-2", None),  # no unit in the header
])
def test_a_cell_states_a_range_in_its_headers_unit(header, value, written):
    assert cell_tier(header, value) == written


def test_a_quantity_two_ranges_hold_is_read_into_the_one_the_question_names():
    """An annual band and a monthly band both hold 3500 kWh; the question's "年用电量" names
    the annual one. Words of the quantity itself ("2", "kg") name neither."""
    labels = [cell_tier("年用电量区间（千瓦时）", "2761–4800"), cell_tier("月均用电量（千瓦时）", "401及以上")]
    assert with_tiers("年用电量3500千瓦时的电价是多少？", labels) == \
        "年用电量年用电量区间（千瓦时）: 2761–4800 千瓦时的电价是多少？"
    assert with_tiers("用了3500千瓦时的电价是多少？", labels) == "用了3500千瓦时的电价是多少？"


def test_a_chinese_unit_ends_where_its_written_form_ends():
    """The words after a Chinese unit stay in the question: "80公斤的大件" is "<band>的大件"."""
    assert with_tiers("80公斤的大件发到华北每公斤多少钱？", ["50–100 公斤"]) == \
        "50–100 公斤的大件发到华北每公斤多少钱？"
    assert with_tiers("我家一年用了3500度电，每度多少钱？", ["2761–4800 千瓦时"]) == \
        "我家一年用了2761–4800 千瓦时，每度多少钱？"


def test_a_band_column_of_a_sheet_is_the_row_a_stated_quantity_names(tmp_path):
    """A tariff whose rows are bands of annual use, the unit in the band column's header:
    "年用电量3500千瓦时" names the second band's row."""
    from docgen import make_sheet

    make_sheet(tmp_path / "tariff.xlsx", "阶梯电价", ("档位", "年用电量区间（千瓦时）", "电价（元/千瓦时）"),
               [("第一档", "0–2760", 0.4983), ("第二档", "2761–4800", 0.5483), ("第三档", "4801及以上", 0.7983)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "tariff.xlsx"])
        ans = lib.ask("年用电量3500千瓦时的电价是多少？")
    assert ans.status == "answered", (ans.answer, ans.warnings)
    first = ans.claims[0]
    assert first.text.endswith("电价（元/千瓦时）: 0.5483") and "第二档" in first.citations[0].quote, first


def test_a_band_in_a_notes_cell_is_the_row_a_stated_quantity_names(tmp_path):
    """A ticket list whose notes column bounds who may buy a row's ticket ("身高1.2米至1.5米",
    the unit after each number): "孩子身高1.3米" names that row, not the adult one."""
    from docgen import make_sheet

    make_sheet(tmp_path / "tickets.xlsx", "票价", ("项目", "价格（元）", "时长", "备注"), [
        ("成人全天滑雪票", 380, "8小时", "含缆车"), ("儿童全天滑雪票", 260, "8小时", "身高1.2米至1.5米"),
        ("夜场滑雪票", 180, "18:00-21:30", "周五至周日开放")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "tickets.xlsx"])
        ans = lib.ask("孩子身高1.3米，全天票多少钱？")
    assert ans.status == "answered", (ans.answer, ans.warnings)
    assert "儿童全天滑雪票" in ans.claims[0].citations[0].quote, [c.text for c in ans.claims]


def test_a_tier_or_a_customer_class_the_tariff_lacks_is_refused(tmp_path):
    """A residential tariff of three tiers: "第四档" (a fourth tier, in numerals) and "工商业用户"
    (business customers, an abbreviation jieba tags "j") name rows it does not have; the
    second tier, in digits or numerals, is answered."""
    from docgen import make_sheet

    make_sheet(tmp_path / "tariff.xlsx", "阶梯电价", ("档位", "年用电量区间（千瓦时）", "电价（元/千瓦时）", "说明"),
               [("第一档", "0–2760", 0.4983, "覆盖约80%居民户"), ("第二档", "2761–4800", 0.5483, "每度加价0.05元"),
                ("第三档", "4801及以上", 0.7983, "每度加价0.30元")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "tariff.xlsx"])
        fourth = lib.ask("第四档电价是多少？")
        business = lib.ask("工商业用户用电每度多少钱？")
        second = lib.ask("第2档电价是多少？")
    assert fourth.status == "refused" and any("第四档" in w and "第三档" in w for w in fourth.warnings), fourth
    assert business.status == "refused" and any("工商业" in w for w in business.warnings), business.warnings
    assert second.status == "answered" and second.claims[0].text.endswith(": 0.5483"), second.answer


def test_a_band_in_the_first_column_with_its_unit_in_the_header_is_the_row_named(tmp_path):
    """Ride prices by duration: the first column "Длительность поездки, мин" writes bands
    without a unit ("до 30", "31–60"); "45 минут" names the "31–60" row."""
    from docgen import make_sheet

    make_sheet(tmp_path / "rides.xlsx", "Поездки",
               ("Длительность поездки, мин", "Обычный велосипед, руб.", "Электровелосипед, руб."),
               [("до 30", 60, 120), ("31–60", 110, 210), ("61–120", 190, 350), ("121–240", 320, 590)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "rides.xlsx"])
        ans = lib.ask("Сколько стоит покататься на электровелосипеде 45 минут?")
    assert ans.status == "answered", (ans.answer, ans.warnings)
    assert ans.claims[0].text.endswith("Электровелосипед, руб.: 210"), ans.claims[0].text


def test_a_count_the_question_states_names_the_band_of_the_column_counting_it(tmp_path):
    """Bare ranges under a header naming what they count ("Sessions bought": "10-19",
    "20+"): "12 personal training sessions" names the 10-19 row; a count of something the
    header does not count ("12 nights") names none."""
    labels = [c for v in ("1", "2-4", "10-19", "20+") if (c := count_label("Sessions bought", v))]
    assert labels == ["Sessions bought: 2-4", "Sessions bought: 10-19", "Sessions bought: 20+"]
    assert with_tiers("If I buy 12 personal training sessions, what do I pay?", labels) == \
        "If I buy Sessions bought: 10-19, what do I pay?"
    assert with_tiers("I buy 25 sessions.", labels) == "I buy Sessions bought: 20+."
    assert with_tiers("I stayed 12 nights.", labels) == "I stayed 12 nights."
    assert count_label("Price, EUR", "10-19") is None  # a header with a unit: cell_tier's
    from docgen import make_sheet

    make_sheet(tmp_path / "pt.xlsx", "Personal Training", ("Sessions bought", "Price per session (GBP)"),
               [("1", 45), ("2-4", 42), ("5-9", 39), ("10-19", 36), ("20-40", 32)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "pt.xlsx"])
        ans = lib.ask("If I buy 12 personal training sessions, what do I pay for each one?")
    assert ans.status == "answered", (ans.answer, ans.warnings)
    assert "10-19" in ans.claims[0].citations[0].quote and "36" in ans.claims[0].text, ans.claims[0]


def test_a_count_names_the_band_row_of_a_word_table(soffice, tmp_path):
    """The same for a DOCX table read on its converted PDF's pages: its rows' cells under
    "Оплачено занятий" are count bands, and "оплачено 15 занятий" names the 12–23 row, not
    the first row of the table."""
    import docx

    from docgen import docx_table

    d = docx.Document()
    d.add_paragraph("Индивидуальные занятия: стоимость одного занятия в зависимости от количества оплаченных.")
    rows = [("Оплачено занятий", "Стоимость 60 минут, руб.", "Стоимость 90 минут, руб."),
            ("1–4", "2 500", "3 600"), ("5–11", "2 300", "3 300"), ("12–23", "2 100", "3 000"),
            ("24 и более", "1 900", "2 700")]
    docx_table(d, rows)
    d.save(str(tmp_path / "prices.docx"))
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "prices.docx"])
        ans = lib.ask("Какая стоимость 90 минут, если оплачено 15 занятий?")
    assert ans.status == "answered", (ans.answer, ans.warnings)
    assert ans.claims[0].text.startswith("12–23") and ans.claims[0].text.endswith("3 000"), ans.claims[0].text


def test_a_count_names_the_band_that_writes_the_thing_it_counts(tmp_path):
    """A price list whose quantity bands write what they count ("100–499 pages"): "200 black
    and white A4 pages" is read into that band, and the count multiplies its price."""
    from docgen import make_sheet

    assert count_label("Quantity", "100–499 pages") == "Quantity: 100–499 pages"
    assert count_label("Quantity", "2–5 kg") is None  # a unit: a tier of weight, not a count
    make_sheet(tmp_path / "print.xlsx", "Prices", ("Service", "Quantity", "Price"), [
        ("Black & white A4 copy", "1–99 pages", "£0.10 per page"),
        ("Black & white A4 copy", "100–499 pages", "£0.07 per page"),
        ("Black & white A4 copy", "500+ pages", "£0.05 per page"), ("Colour A4 print", "per page", "£0.45 per page")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "print.xlsx"])
        ans = lib.ask("How much would it cost to copy 200 black and white A4 pages?")
    assert ans.status == "answered", (ans.answer, ans.warnings)
    assert "100–499 pages" in ans.claims[0].citations[0].quote, [c.text for c in ans.claims]
    assert ans.calculation is not None and ans.calculation.result == "14.00", ans.answer


@pytest.mark.parametrize("question, written", [
    # the one header stating the asked quantity in other units or words
    ("儿童自行车租一天多少钱？", "儿童自行车租全天24小时（元）多少钱？"),
    ("租三天多少钱？", "租3天（元）多少钱？"),
    # no header states it, or money (a price is no column's name)
    ("租两天多少钱？", "租两天多少钱？"), ("100元能租多久？", "100元能租多久？"),
])
def test_a_quantity_is_written_as_the_header_stating_it_in_other_units(question, written):
    headers = ["车型", "1小时（元）", "半天4小时（元）", "全天24小时（元）", "3天（元）", "周租7天（元）", "押金 100元"]
    assert with_equal_headers(question, headers) == written


def test_a_header_stating_the_quantity_comes_before_a_range_holding_it():
    """"на 3 дня" is the column "3天（元）" of a rental sheet, not the row of a baby "up to 14
    days old" whose range also holds 3 days."""
    headers = ["1小时（元）", "3天（元）", "Newborn session (baby up to 14 days old)"]
    assert with_tiers("Сколько стоит 公路自行车 на 3 дня?", headers) == "Сколько стоит 公路自行车 на 3天（元）?"
    held = with_tiers("Сколько стоит на 5 дней?", headers)
    assert held == "Сколько стоит на Newborn session (baby up to 14 days old)?"


def test_a_header_in_a_script_the_question_does_not_write_names_no_quantity():
    """"60 min" heads another library's table: a question written in Chinese alone is not
    rewritten to it, though one hour is 60 minutes; "全天24小时（元）" is."""
    assert with_tiers("会议室一小时多少钱？", ["60 min", "按小时（元）"]) == "会议室一小时多少钱？"
    assert with_tiers("会议室一天多少钱？", ["60 min", "全天24小时（元）"]) == "会议室全天24小时（元）多少钱？"


def test_a_length_in_a_rows_label_with_a_one_letter_unit_is_a_band(tmp_path):
    """"длиной 8 метров" of rows "Место для автодома до 7 м" and "… свыше 7 м": a
    one-letter unit symbol after a range's number ("7 м") states the band's unit, and the
    word naming the length ("длиной") names no variant of the rows, so the row over 7 m
    answers and the row up to 7 m answers a 6-metre question."""
    from docgen import make_sheet

    make_sheet(tmp_path / "camp.xlsx", "Цены", ("Тип размещения", "Низкий сезон", "Высокий сезон"), [
        ("Место для палатки", 900, 1400), ("Место для автодома до 7 м", 1800, 2600),
        ("Место для автодома свыше 7 м", 2300, 3200)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "camp.xlsx"])
        long = lib.ask("Сколько стоит место для автодома длиной 8 метров в высокий сезон?")
        short = lib.ask("Сколько стоит место для автодома длиной 6 метров в высокий сезон?")
    assert long.status == "answered" and "3200" in long.claims[0].text, long.answer
    assert short.status == "answered" and "2600" in short.claims[0].text, short.answer


@pytest.mark.parametrize("header, low, high", [
    ("Little Jumpers (ages 3-6)", 3, 6), ("Ages 7 and over", 7, None), ("Возраст 3–6", 3, 6),
])
def test_numbers_after_a_word_naming_an_age_are_years(header, low, high):
    tier = header_tier(header)
    assert tier is not None and tier.unit == "year"
    assert (tier.low, tier.high) == (Decimal(low), Decimal(high) if high is not None else None)


def test_an_age_stated_is_read_into_the_column_whose_header_states_its_range():
    """"my 5-year-old" of columns "Little Jumpers (ages 3-6)" and "Ages 7 and over": the
    first column holds 5 years; the price cells under it state no range of their own."""
    headers = ["Session length", "Little Jumpers (ages 3-6)", "Ages 7 and over"]
    assert "Little Jumpers (ages 3-6)" in with_tiers("How much is a 90 minute jump for my 5-year-old?", headers)
    assert cell_tier("Little Jumpers (ages 3-6)", "£16.00") is None


def test_a_height_band_asked_by_its_bound_or_a_height_in_feet_is_answered_from_its_row(tmp_path):
    """A removal price list by tree height bands in feet: "ниже 15 футов" states the first
    band's own bound (not another size than the row's), "a 20-foot tree" falls in the second
    band; each is answered from that row, never refused as another variant."""
    from docgen import make_sheet

    make_sheet(tmp_path / "trees.xlsx", "Removal", ("Tree height", "Price (USD)"), [
        ("Small, under 15 ft", "$250"), ("Medium, 15–30 ft", "$550"), ("Large, 30–60 ft", "$1,100"),
        ("Extra large, over 60 ft", "from $1,800")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "trees.xlsx"])
        small = lib.ask("Сколько стоит спилить дерево ниже 15 футов?")
        medium = lib.ask("How much to take down a 20-foot tree?")
    assert small.status == "answered" and "Small, under 15 ft" in small.claims[0].citations[0].quote, small.answer
    assert medium.status == "answered" and "Medium, 15–30 ft" in medium.claims[0].citations[0].quote, medium.answer


def test_a_quantity_two_labels_state_is_the_one_in_its_own_unit():
    """"a 120-minute session" over a series of lengths ("60 minutes" … "120 minutes") beside
    a package label that states the same length otherwise ("2 hours"): the label in the
    question's unit is the one meant; asked in hours, neither is preferred by its unit."""
    labels = ["Session", "60 minutes", "90 minutes", "120 minutes", "Birthday package (up to 8 guests, 2 hours)"]
    assert with_tiers("How much is a 120-minute session on a Saturday?", labels) == \
        "How much is a 120 minutes session on a Saturday?"
    assert with_tiers("How much is a 2-hour session?", labels[:4] + ["Package (2 hours)", "Package (2 hours) XL"]) \
        == "How much is a 2-hour session?"


def test_a_length_written_as_one_word_names_the_row_that_states_it_apart(tmp_path):
    """"a 45-minute lesson" is the row whose length is "45 min": asked of private lessons
    of 15 and 30 minutes beside a course whose lessons last 45, it names no private
    lesson's row (refused), while "a 30-minute private lesson" is the 30-minute row."""
    from docgen import make_table_deck

    make_table_deck(tmp_path / "rink.pptx", [
        ("Lessons", [("Product", "Length", "Group size", "Price"),
                     ("Private lesson", "15 min", "1 skater", "£19"), ("Private lesson", "30 min", "1 skater", "£36"),
                     ("Stages 5-8 course", "45 min", "up to 10 skaters", "£96")])])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "rink.pptx"])
        absent = lib.ask("How much is a 45-minute private lesson?")
        there = lib.ask("How much is a 30-minute private lesson?")
    assert absent.status == "refused", absent.answer
    assert there.status == "answered" and there.claims[0].text.endswith("£36"), there.answer


def test_a_count_of_pages_asked_in_another_language_names_the_band_of_the_columns(tmp_path):
    """Columns banding what a price counts ("up to 100 pages", "101–250 pages"): "на 180
    страниц" names the 101–250 column (the page is a unit in every language), so the row
    the question's other words name answers with that column's price, not the row writing
    "£180" in another column."""
    from docgen import make_table_slide

    make_table_slide(tmp_path / "binding.pptx", "Thesis binding (per copy)", [
        ("Binding", "up to 100 pages", "101–250 pages", "251–400 pages"),
        ("Softcover perfect binding", "£18", "£24", "£32"), ("Hardcover case binding", "£45", "£55", "£70"),
        ("Full leather binding", "£120", "£145", "£180")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "binding.pptx"])
        ans = lib.ask("Сколько стоит переплёт в твёрдую обложку (case binding) для работы на 180 страниц?")
    assert ans.status == "answered", ans.answer
    assert "Hardcover case binding" in ans.claims[0].citations[0].quote, ans.answer
    assert "101–250 pages: £55" in ans.claims[0].text, ans.claims[0].text
