"""Rows of a table that are variants of one thing (haircuts by hair length, month cards by
parking level). A row for another variant than the one asked (the colouring price for
medium hair, asked of short hair; a month card for small cars, asked for a large car)
answers for its own: it is set apart (answer.variants.rows_of_other_variants), so the question
is refused when no row holds the asked variant, and answered by the row that does. A
question asking a price of the thing itself, naming no variant, is asked back which one
(answer.clarify.clarify_group)."""
from __future__ import annotations

import pytest

from docgen import make_sheet, make_table_slide, no_pincite_env  # noqa: F401 (fixtures)
from pincite.config import Settings
from pincite.library.facade import Library


@pytest.fixture(scope="module")
def price_lists(tmp_path_factory):
    root = tmp_path_factory.mktemp("variants")
    make_sheet(root / "salon.xlsx", "Прейскурант", ("Услуга", "Длина волос", "Цена, руб."), [
        ("Женская стрижка", "короткие", 1400), ("Женская стрижка", "средние", 1800),
        ("Женская стрижка", "длинные", 2300), ("Окрашивание в один тон", "средние", 3500),
        ("Мелирование", "длинные", 5200), ("Мужская стрижка", "любая", 900),
        ("Мужская стрижка машинкой", "любая", 500)])
    make_sheet(root / "parking.xlsx", "收费标准", ("车型", "停放时长", "收费标准（元）"), [
        ("小型车", "每小时", 5), ("大型车", "每小时", 10), ("月卡（小型车，地面车位）", "每月", 300),
        ("月卡（小型车，地下车位）", "每月", 450)])
    make_sheet(root / "bikes.xlsx", "租车价格", ("车型", "租期", "价格（元）"), [
        ("普通自行车", "按小时", 5), ("电动自行车", "按小时", 12), ("普通自行车", "包月", 90)])
    with Library(Settings(data_dir=root / "data")) as lib:
        lib.ingest([root / "salon.xlsx", root / "parking.xlsx", root / "bikes.xlsx"])
        yield lib


@pytest.mark.parametrize("question", ["Сколько стоит окрашивание коротких волос в один тон?",
                                      "电动自行车包月多少钱？"])
def test_a_variant_no_row_holds_is_refused(price_lists, question):
    ans = price_lists.ask(question)
    assert ans.status == "refused", ans.answer


@pytest.mark.parametrize("question, quote", [
    ("Сколько стоит женская стрижка на короткие волосы?", "1400"),
    ("Сколько стоит окрашивание в один тон?", "3500"),
    ("大型车每小时多少钱？", "10"),
    ("普通自行车包月多少钱？", "90"),
])
def test_the_row_holding_the_asked_variant_answers(price_lists, question, quote):
    ans = price_lists.ask(question)
    assert ans.status == "answered", ans.answer
    assert quote in ans.claims[0].citations[0].quote, [c.text for c in ans.claims]


def test_a_table_of_parameters_has_no_variants(tmp_path):
    """A two-column table of one thing's parameters ("Название: Школьная столовая",
    "Время работы столовой: 8:00–15:30"): the time row lacks "школьная", which the name row
    holds, but its own value is a time, no variant's name, so it still answers."""
    make_sheet(tmp_path / "canteen.xlsx", "Общие сведения", ("Параметр", "Значение"), [
        ("Название", "Школьная столовая №5"), ("Адрес", "ул. Садовая, 12"),
        ("Время работы столовой", "8:00–15:30"), ("Количество мест", "120")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "canteen.xlsx"])
        ans = lib.ask("До скольки работает школьная столовая?")
    assert ans.status == "answered", ans.answer
    assert "8:00–15:30" in ans.claims[0].citations[0].quote, [c.text for c in ans.claims]


def test_the_refusal_names_the_rows_the_table_has_instead(price_lists):
    ans = price_lists.ask("Сколько стоит окрашивание коротких волос в один тон?")
    assert ans.status == "refused"
    assert any("Окрашивание в один тон — средние" in w for w in ans.warnings), ans.warnings


@pytest.mark.parametrize("question, options", [
    ("Сколько стоит женская стрижка?", 3),
    ("月卡多少钱？", 2),
])
def test_a_price_asked_of_several_variants_is_asked_back(price_lists, question, options):
    ans = price_lists.ask(question)
    assert ans.status == "needs_clarification", ans.answer
    assert ans.clarification is not None and len(ans.clarification.options) == options, ans.clarification
    assert not ans.claims
    # the option chosen, asked again, names the row
    again = price_lists.ask(f"{question} {ans.clarification.options[0]}")
    assert again.status == "answered", again.answer
    assert again.claims[0].citations[0].quote, again


def test_a_row_named_by_the_questions_words_alone_is_no_variant_to_ask_about(price_lists):
    """"мужская стрижка" is the row "Мужская стрижка", though "Мужская стрижка машинкой"
    holds the same words: it is answered, not asked back."""
    ans = price_lists.ask("Сколько стоит мужская стрижка?")
    assert ans.status == "answered", ans.answer
    assert "900" in ans.claims[0].citations[0].quote


@pytest.fixture(scope="module")
def rental(tmp_path_factory):
    """A bike rental's price sheet: the rows are bikes told apart by their kind and by a
    wheel size in their label, the columns rental periods (one of them "全天24小时")."""
    root = tmp_path_factory.mktemp("rental")
    headers = ("车型", "1小时（元）", "半天4小时（元）", "全天24小时（元）", "3天（元）")
    make_sheet(root / "rental.xlsx", "租车价格", headers, [
        ("普通城市自行车", 15, 40, 60, 150), ("山地自行车（27速）", 25, 70, 110, 280),
        ("儿童自行车（16寸）", 10, 30, 45, 110), ("儿童自行车（20寸）", 12, 35, 50, 125),
        ("电动自行车（48V）", 30, 85, 120, 320), ("电动滑板车", 25, 70, 95, 250)])
    with Library(Settings(data_dir=root / "data")) as lib:
        lib.ingest([root / "rental.xlsx"])
        yield lib


@pytest.mark.parametrize("question, rows", [
    # a size no row's label states: the labels of the other sizes are named
    ("24寸的儿童自行车租一天多少钱？", ("16寸", "20寸")),
    # a kind of bike the library never writes, nearest to the rows' labels: another thing
    ("租一辆电动三轮车一天多少钱？", ("电动",)),
])
def test_a_size_or_kind_no_row_has_is_refused_naming_the_rows(rental, question, rows):
    ans = rental.ask(question)
    assert ans.status == "refused", ans.answer
    assert ans.calculation is None
    assert all(any(r in w for w in ans.warnings) for r in rows), ans.warnings


def test_a_size_a_row_has_is_answered_in_the_column_of_the_stated_period(rental):
    """"一天" is the period the header "全天24小时" states in hours (answer.tiers)."""
    ans = rental.ask("20寸的儿童自行车租一天多少钱？")
    assert ans.status == "answered", ans.answer
    assert ans.claims[0].text.endswith("全天24小时（元）: 50"), [c.text for c in ans.claims]


def test_counted_bikes_are_multiplied_in_the_column_of_the_stated_period(rental):
    ans = rental.ask("租两辆普通城市自行车一天，一共多少钱？")
    assert ans.calculation is not None and ans.calculation.result == "120", ans.answer


@pytest.fixture(scope="module")
def vet(tmp_path_factory):
    """A price list whose columns are the variants: cats, and dogs in two weight bands."""
    root = tmp_path_factory.mktemp("vet")
    make_sheet(root / "vet.xlsx", "Прейскурант", ("Услуга", "Кошки", "Собаки до 10 кг", "Собаки свыше 10 кг"), [
        ("Кастрация самца", 2800, 4500, 8500), ("Вакцинация от бешенства", 500, 500, 700),
        ("Чипирование", 1200, 1200, 1200)])
    with Library(Settings(data_dir=root / "data")) as lib:
        lib.ingest([root / "vet.xlsx"])
        yield lib


@pytest.mark.parametrize("question, options", [
    ("Сколько стоит кастрация собаки?", ["Собаки до 10 кг: 4500", "Собаки свыше 10 кг: 8500"]),
    ("Сколько стоит кастрация?", ["Кошки: 2800", "Собаки до 10 кг: 4500", "Собаки свыше 10 кг: 8500"]),
])
def test_a_price_asked_of_a_row_whose_columns_are_variants_is_asked_back(vet, question, options):
    ans = vet.ask(question)
    assert ans.status == "needs_clarification", ans.answer
    assert ans.clarification is not None and ans.clarification.options == options


@pytest.mark.parametrize("question, value", [
    ("Сколько стоит кастрация кота?", None), ("Сколько стоит кастрация кошки?", "2800"),
    ("Сколько стоит кастрация собаки весом 30 кг?", "8500"),
    # one price in every column: nothing to choose
    ("Сколько стоит чипирование собаки?", "1200"),
])
def test_a_price_asked_of_one_column_or_alike_in_all_is_answered(vet, question, value):
    ans = vet.ask(question)
    if value is None:  # "кота" names no column by a word: the row is answered or asked back, never refused
        assert ans.status in ("answered", "needs_clarification"), ans.answer
        return
    assert ans.status == "answered", ans.answer
    assert ans.claims[0].text.endswith(value), [c.text for c in ans.claims]


def test_a_slide_row_priced_by_lesson_length_is_asked_back_and_its_title_names_the_table(tmp_path):
    """A price slide ("Individual lessons — price per lesson") whose columns are lesson
    lengths: "How much is a guitar lesson?" names two rows alike (guitar and bass guitar,
    priced alike) and no length, so the lengths are asked back; "lessons" stands in the
    slide's title, which names the table; a length named is answered."""
    make_table_slide(tmp_path / "music.pptx", "Individual lessons — price per lesson", [
        ("Instrument", "30 min", "45 min", "60 min"), ("Acoustic or electric guitar", "£22", "£31", "£40"),
        ("Bass guitar", "£22", "£31", "£40"), ("Piano", "£24", "£34", "£44")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "music.pptx"])
        vague = lib.ask("How much is a guitar lesson?")
        named = lib.ask("How much is a 45 min piano lesson?")
    assert vague.status == "needs_clarification", vague.answer
    assert vague.clarification is not None and vague.clarification.options == ["30 min: £22", "45 min: £31",
                                                                              "60 min: £40"]
    assert named.status == "answered" and "45 min: £34" in named.claims[0].text, named.answer


def test_a_row_mentioning_the_thing_in_a_note_is_no_choice(tmp_path):
    """Deposits by bike type, and a row for a lost bike whose note mentions the deposit:
    "押金要交多少？" offers the deposits only, the column most of them name it in."""
    make_sheet(tmp_path / "deposits.xlsx", "押金与赔偿", ("项目", "适用车型", "金额（元）", "备注"), [
        ("押金", "普通城市自行车", 200, "还车后退回"), ("押金", "山地自行车", 500, "还车后退回"),
        ("押金", "电动自行车", 800, "须出示身份证"),
        ("整车丢失", "所有车型", "按车辆原价的80%赔偿", "扣除押金后补足差额")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "deposits.xlsx"])
        ans = lib.ask("押金要交多少？")
    assert ans.status == "needs_clarification", ans.answer
    assert ans.clarification is not None and len(ans.clarification.options) == 3, ans.clarification
    assert not any("整车丢失" in o for o in ans.clarification.options)


def test_a_header_written_whole_in_the_question_names_its_column(tmp_path):
    """"off-peak" holds the word of both headers "Peak" and "Off-peak" but writes only the
    second whole: the student's off-peak price is answered, not asked back."""
    make_table_slide(tmp_path / "gym.pptx", "Day passes", [
        ("Ticket", "Peak", "Off-peak"), ("Adult", "£14.00", "£11.00"),
        ("Student (valid student card)", "£12.00", "£9.50")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "gym.pptx"])
        ans = lib.ask("How much is an off-peak day pass for a student?")
    assert ans.status == "answered", ans.answer
    assert "£9.50" in ans.claims[0].citations[0].quote, ans.answer


def test_the_rows_of_another_table_on_the_same_sheet_are_no_choice(tmp_path):
    """A sheet with a price table and, below it, a floor-fee table naming the same trucks:
    "4.2米厢式货车的起步价" names one row of the price table, not a choice between it and the
    truck's floor-fee row."""
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "车型与里程"
    for row in [("车型", "载重", "起步价（元）"), ("金杯车", "1.2吨", 260), ("4.2米厢式货车", "3吨", 450),
                ("6.8米厢式货车", "8吨", 880), (None, None, None), ("无电梯楼层费",),
                ("车型", "每层加收（元）", "说明"), ("金杯车", 40, "1楼及有电梯不收"),
                ("4.2米厢式货车", 60, "1楼及有电梯不收"), ("6.8米厢式货车", 100, "1楼及有电梯不收")]:
        ws.append(row)
    wb.save(tmp_path / "moving.xlsx")
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "moving.xlsx"])
        ans = lib.ask("4.2米厢式货车的起步价是多少？")
    assert ans.status == "answered", ans.answer
    assert ans.claims[0].text.endswith("450"), [c.text for c in ans.claims]


def test_a_verb_no_chunk_writes_names_no_other_thing(tmp_path):
    """"привести" (to bring) stands nowhere in the library and its vector is nearer the
    rows' labels than their headers, but it is a verb: it names no other kind of hall, so
    the hall the question names answers."""
    make_sheet(tmp_path / "banya.xlsx", "Залы", ("Зал", "Гостей включено", "Максимум гостей", "Будни, руб./час"), [
        ("Русская баня «Изба» на дровах", 6, 8, 3200), ("Русская баня «Большая изба» на дровах", 10, 14, 4800),
        ("Финская сауна «Фьорд»", 4, 6, 2600)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "banya.xlsx"])
        ans = lib.ask("Сколько человек максимум можно привести в «Большую избу»?")
    assert ans.status == "answered", ans.answer
    assert "14" in ans.claims[0].text, [c.text for c in ans.claims]


def test_an_english_thing_no_row_names_is_refused(tmp_path):
    """"How much does it cost to hire a helmet?" of a slide "Equipment hire" listing a
    harness and shoes: "helmet" is a noun (its dictionary entry's, text.bilingual.english_noun)
    the library never writes, nearer the rows' labels than their headers: another thing of
    their kind, so no row answers; "hire" stands in the slide's title, which the rows are
    read under. The thing the slide does list is answered."""
    from docgen import make_table_deck

    make_table_deck(tmp_path / "gym.pptx", [
        ("Day passes", [("Ticket", "Peak", "Off-peak"), ("Adult", "£14.50", "£11.00"), ("Student", "£12.00", "£9.50")]),
        ("Equipment hire", [("Item", "Price per visit"), ("Harness", "£3.00"), ("Climbing shoes", "£4.00"),
                            ("Chalk bag", "£2.00")])])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "gym.pptx"])
        ans = lib.ask("How much does it cost to hire a helmet?")
        assert ans.status == "refused", ans.answer
        shoes = lib.ask("How much does it cost to hire climbing shoes?")
        assert shoes.status == "answered" and "£4.00" in shoes.claims[0].citations[0].quote, shoes.answer


def test_a_thing_near_the_label_columns_header_is_another_row(tmp_path):
    """"How much is a 30-minute flute lesson?" of a slide table by instrument that lists no
    flute: "flute" is nearer by meaning to the labels' own header ("Instrument") than to
    any label, yet that header names the kind the labels are, so the word is one more
    instrument and no row answers. The table's header row ("Instrument; 30 min; …") states
    no price and answers nothing either. An instrument the table lists is answered."""
    from docgen import make_table_deck

    make_table_deck(tmp_path / "lessons.pptx", [
        ("Individual lessons: price per lesson", [
            ("Instrument", "30 min", "45 min", "60 min"), ("Piano", "£24", "£34", "£44"),
            ("Acoustic or electric guitar", "£22", "£31", "£40"), ("Violin", "£26", "£36", "£47"),
            ("Drums", "£25", "£35", "£45")]),
        ("Group classes", [("Class", "Length", "Price per student"), ("Ukulele for beginners", "60 min", "£12"),
                           ("Music theory", "60 min", "£15")])])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "lessons.pptx"])
        flute = lib.ask("How much is a 30-minute flute lesson?")
        assert flute.status == "refused", flute.answer
        violin = lib.ask("How much is a 30-minute violin lesson?")
        assert violin.status == "answered" and "£26" in violin.claims[0].citations[0].quote, violin.answer


def test_a_chinese_name_with_another_modifier_is_another_row(tmp_path):
    """"C1手动挡夜间班学费多少？" of a course sheet listing "C1手动挡普通班" and "C1手动挡VIP班":
    the question writes the names' start and end with "夜间" between them, which no row
    writes, so both rows are siblings of the asked course and the refusal names them. The
    course the sheet lists is answered, and so is a question whose words between the
    name's parts are a function word ("6.8米的车" of "6.8米厢式货车")."""
    make_sheet(tmp_path / "school.xlsx", "课程价格", ("课程编号", "课程名称", "车型", "学费（元）"), [
        ("K01", "C1手动挡普通班", "小型汽车", 4800), ("K02", "C1手动挡VIP班", "小型汽车", 6800),
        ("K03", "C2自动挡普通班", "小型汽车", 5200), ("K04", "6.8米厢式货车班", "货车", 7600)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "school.xlsx"])
        night = lib.ask("C1手动挡夜间班学费多少？")
        assert night.status == "refused", night.answer
        why = " ".join(night.warnings)
        assert "C1手动挡普通班" in why and "C1手动挡VIP班" in why, night.warnings
        vip = lib.ask("C1手动挡VIP班学费多少？")
        assert vip.status == "answered" and "6800" in vip.claims[0].text, vip.answer
        truck = lib.ask("6.8米的车学费多少？")
        assert truck.status == "answered" and "7600" in truck.claims[0].text, truck.answer


def test_a_class_size_near_by_meaning_is_still_another_row(tmp_path):
    """"初一数学小班一期学费多少？" of a fee sheet with 大班 and 小班 rows per grade: "大班" is
    near "小班" by meaning, but another row writes "小班" as asked, so the 大班 rows are
    other variants and the 小班 row of the grade answers first; "初中物理大班" of a sheet
    listing physics only as 小班 is refused, not answered by the materials fee below it."""
    make_sheet(tmp_path / "fees.xlsx", "课程收费", ("年级", "科目", "班型", "每期课时", "每期学费（元）"), [
        ("小学三至四年级", "数学", "大班（20人以内）", 16, 1280),
        ("小学三至四年级", "数学", "小班（6人以内）", 16, 2400),
        ("初中一至二年级", "数学", "大班（20人以内）", 20, 2200),
        ("初中一至二年级", "数学", "小班（6人以内）", 20, 4000),
        ("初中一至二年级", "物理", "小班（6人以内）", 20, 4200), ("教材资料费（初中）", "—", "—", "—", 260)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "fees.xlsx"])
        small = lib.ask("初一数学小班一期学费多少？")
        physics = lib.ask("初中物理大班一期多少钱？")
    assert small.status == "answered" and "4000" in small.claims[0].text, small.answer
    assert physics.status == "refused", physics.answer


def test_a_number_before_a_word_rows_write_after_their_own_numbers_names_a_row(tmp_path):
    """"с тремя каналами" of rows "Лечение пульпита, 1 канал / 2 канала / 3 канала": the rows are
    told apart by the number before "канал", so the rows for one and two canals are other
    variants and the three-canal row answers, multiplied by nothing; "на двух колёсах" of a
    row priced per "1 колесо" (beside "4 колеса") counts wheels of it."""
    make_sheet(tmp_path / "dent.xlsx", "Цены", ("Услуга", "Цена, руб."), [
        ("Лечение пульпита, 1 канал", 8500), ("Лечение пульпита, 2 канала", 11200),
        ("Лечение пульпита, 3 канала", 14600), ("Ремонт прокола жгутом, 1 колесо", 400),
        ("Шиномонтаж, 4 колеса", 2400)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "dent.xlsx"])
        three = lib.ask("Сколько стоит лечение пульпита с тремя каналами?")
        wheels = lib.ask("Сколько будет стоить заделать жгутом проколы на двух колёсах?")
    assert three.status == "answered" and "14600" in three.claims[0].text, three.answer
    assert three.calculation is None, three.answer
    assert wheels.calculation is not None and wheels.calculation.result == "800", wheels.answer


def test_a_thing_the_question_says_it_does_not_ask_about_answers_nothing(tmp_path):
    """"Сколько стоит коронка из диоксида циркония (не на имплант)?" of rows "Коронка —
    Диоксид циркония" and "Коронка на имплант — Диоксид циркония на титановом основании":
    the implant row is about what the question excludes and is set apart; "не" before a
    verb ("если не работает") negates no thing."""
    from pincite.answer.apart import negated_groups
    from pincite.text import analysis

    make_sheet(tmp_path / "crowns.xlsx", "Цены", ("Услуга", "Материал", "Цена, руб."), [
        ("Коронка на имплант", "Диоксид циркония на титановом основании", 42000),
        ("Коронка", "Диоксид циркония", 32000), ("Коронка", "Металлокерамика", 18000)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "crowns.xlsx"])
        ans = lib.ask("Сколько стоит коронка из диоксида циркония (не на имплант)?")
    assert ans.status == "answered" and "32000" in ans.claims[0].text, ans.answer
    q = "Сколько стоит ремонт, если не работает кондиционер?"
    assert negated_groups(q, analysis.query_groups(q)) == []
    q = "How much is a zirconia crown, not for an implant?"
    assert negated_groups(q, analysis.query_groups(q)) == [("implant",)]
    # one thing of the kind excluded, named by its number: another of that kind is asked
    q = "Каким приказом, кроме приказа от 07.11.2019 №179, внесены изменения?"
    assert negated_groups(q, analysis.query_groups(q)) == []


def test_a_duration_no_row_or_column_has_is_refused(tmp_path):
    """Rows labelled by a duration alone ("1 месяц", "3 месяца") and columns headed by
    durations ("1 hour", "2 hours", "Half day (4 h)") price those durations only: "на 2
    месяца" and "на 3 часа" are refused naming what the table has, while a duration it has
    is answered from its row or column."""
    make_sheet(tmp_path / "club.xlsx", "Абонементы", ("Срок", "Утренний, руб.", "Безлимитный, руб."), [
        ("1 месяц", "3 200", "4 500"), ("3 месяца", "8 400", "11 900"), ("6 месяцев", "14 900", "21 500")])
    make_table_slide(tmp_path / "hire.pptx", "Kayak hire", [
        ("Craft", "1 hour", "2 hours", "Half day (4 h)"), ("Single kayak", "£15", "£25", "£40"),
        ("Double kayak", "£25", "£40", "£65")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "club.xlsx", tmp_path / "hire.pptx"])
        two_months = lib.ask("Сколько стоит безлимитный абонемент на 2 месяца?")
        three_months = lib.ask("Сколько стоит безлимитный абонемент на 3 месяца?")
        three_hours = lib.ask("How much is a double kayak for 3 hours?")
        two_hours = lib.ask("How much is a double kayak for 2 hours?")
    assert two_months.status == "refused" and "3 месяца" in " ".join(two_months.warnings), two_months.answer
    assert three_months.status == "answered" and "11 900" in three_months.claims[0].text, three_months.answer
    assert three_hours.status == "refused" and "2 hours" in " ".join(three_hours.warnings), three_hours.answer
    assert two_hours.status == "answered" and "£40" in two_hours.claims[0].text, two_hours.answer


def test_a_row_priced_in_several_columns_by_its_cells_is_asked_back(tmp_path):
    """A row whose cells write their currency ("£18", "£9") under headers naming no price
    ("Adult (16+)", "Child (4-15)") is priced: "How much is the Harbour Sightseeing tour?"
    asks which price, offering the money columns and not the duration; a number the row's
    label writes before the asked word ("пакет из 5 тренировок" of "Пакет 5 тренировок")
    names the row and counts nothing, so its columns are asked back too."""
    make_table_slide(tmp_path / "tours.pptx", "Boat tours", [
        ("Tour", "Duration", "Adult (16+)", "Child (4-15)"), ("Harbour Sightseeing", "1 hour", "£18", "£9"),
        ("Seal Island Cruise", "2.5 hours", "£34", "£19")])
    make_sheet(tmp_path / "pt.xlsx", "Тренировки", ("Пакет", "Тренер «Стандарт», руб.", "Тренер «Профи», руб."), [
        ("Пакет 5 тренировок", "8 500", "11 800"), ("Пакет 10 тренировок", "16 000", "22 000")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "tours.pptx", tmp_path / "pt.xlsx"])
        tour = lib.ask("How much is the Harbour Sightseeing tour?")
        package = lib.ask("Сколько стоит пакет из 5 тренировок?")
    assert tour.status == "needs_clarification", tour.answer
    assert tour.clarification is not None and len(tour.clarification.options) == 2, tour.clarification
    assert all("£" in o for o in tour.clarification.options), tour.clarification
    assert package.status == "needs_clarification", package.answer
    assert any("11 800" in o for o in package.clarification.options), package.clarification


def test_a_sheets_title_cell_is_no_price(tmp_path):
    """A one-cell title row under a sheet named as a price list ("价目表!A1 | 狗狗洗护美容")
    states no price: its cell address's digits are no value, so a price question is not
    answered by the title."""
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "价目表"
    ws.append(["狗狗洗护美容"])
    ws.append(["体型", "体重", "短毛洗护（元）", "长毛洗护（元）"])
    ws.append(["小型犬", "10公斤以下", 98, 138])
    ws.append(["中型犬", "10-20公斤", 158, 218])
    wb.save(tmp_path / "pets.xlsx")
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "pets.xlsx"])
        ans = lib.ask("狗狗洗护美容多少钱？")
    assert not (ans.claims and ans.claims[0].citations[0].quote.rstrip().endswith("| 狗狗洗护美容")), ans.answer


@pytest.fixture(scope="module")
def pipes(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("pipes")
    make_sheet(tmp / "pipes.xlsx", "Pipe", ("Code", "Outer diameter", "Material", "Price per metre, GBP"), [
        ("PP-20", "20 mm", "Polypropylene", 3), ("PP-25", "25 mm", "Polypropylene", 4),
        ("CU-15", "15 mm", "Copper", 9), ("CU-22", "22 mm", "Copper", 28)])
    lib = Library(Settings(data_dir=tmp / "data"))
    lib.ingest([tmp / "pipes.xlsx"])
    yield lib
    lib.close()


def test_a_size_no_row_states_in_its_size_column_is_refused(pipes):
    """Rows told apart by a size in a column beside their label (their code): a size no row
    states ("28 mm" of a table of 15, 20, 22 and 25 mm pipes, where 28 is a price) is not
    answered by the copper row of another size; the size a row states is."""
    ans = pipes.ask("How much is 28 mm copper pipe per metre?")
    assert ans.status == "refused", ans.answer
    ans = pipes.ask("How much is 22 mm copper pipe per metre?")
    assert ans.status == "answered", ans.answer
    assert ans.claims[0].text.endswith("Price per metre, GBP: 28"), ans.claims[0].text


def test_a_rate_per_day_column_prices_a_day(tmp_path):
    """"一天" (one day) of a table whose columns are a rate per day ("日租价(元/天)") beside a
    week and a month ("周租价(元/7天)"): the rate per day prices any number of days, so the
    row is not set apart as one pricing other periods only (it was refused naming them): its
    daily rate is shown, or offered when the question is asked back."""
    make_sheet(tmp_path / "hire.xlsx", "租赁价格", ("设备", "日租价(元/天)", "周租价(元/7天)", "月租价(元/30天)"),
               [("搅拌机", 35, 180, 520), ("平板夯", 48, 240, 700), ("切砖机", 30, 150, 430)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "hire.xlsx"])
        day = lib.ask("租平板夯一天多少钱？")
    assert day.status in ("answered", "needs_clarification"), (day.answer, day.warnings)
    shown = " ".join([c.text for c in day.claims] + (day.clarification.options if day.clarification else []))
    assert "日租价(元/天): 48" in shown, shown


def test_a_word_naming_the_document_does_not_stop_the_question_back(tmp_path):
    """The question names the business by its document's file name ("代驾", "Локон"), a word
    no row, header or sheet name holds: it says whose rows these are, not which row, so a
    price asked of several rows is still asked back; naming a row still answers it."""
    make_sheet(tmp_path / "代驾价目表.xlsx", "起步价", ("时段", "起步价（元）", "起步里程（公里）"), [
        ("07:00-21:59", 39, 10), ("22:00-23:59", 59, 10), ("00:00-04:59", 79, 10), ("05:00-06:59", 49, 10)])
    make_sheet(tmp_path / "салон_Локон.xlsx", "Прейскурант", ("Услуга", "Длина волос", "Цена, руб."), [
        ("Женская стрижка", "короткие", 1400), ("Женская стрижка", "средние", 1800),
        ("Женская стрижка", "длинные", 2300), ("Мужская стрижка", "любая", 900)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "代驾价目表.xlsx", tmp_path / "салон_Локон.xlsx"])
        vague = lib.ask("代驾起步价多少钱？")
        assert vague.status == "needs_clarification", vague.answer
        assert len(vague.clarification.options) == 4, vague.clarification.options
        vague = lib.ask("Сколько стоит женская стрижка в салоне Локон?")
        assert vague.status == "needs_clarification", vague.answer
        assert len(vague.clarification.options) == 3, vague.clarification.options
        named = lib.ask("Сколько стоит женская стрижка на длинные волосы в салоне Локон?")
        assert named.status == "answered", named.answer
        assert "2300" in named.claims[0].citations[0].quote, [c.text for c in named.claims]


def test_a_variant_asked_without_a_feature_is_not_the_row_with_it(tmp_path):
    """"без календаря" / "without a calendar" asks the row that lacks the feature: the row
    naming it ("… с календарём") is the other variant, set apart; asked with it, that row
    answers."""
    make_sheet(tmp_path / "watch.xlsx", "Обслуживание", ("Механизм", "Цена, руб.", "Срок, рабочих дней"), [
        ("Ручной подзавод", 4500, 10), ("Автоматический подзавод", 5800, 12),
        ("Автоматический подзавод с календарём", 6900, 14), ("Хронограф механический", 9500, 18)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "watch.xlsx"])
        without = lib.ask("Сколько рабочих дней займёт обслуживание автоматического подзавода без календаря?")
        assert without.status == "answered", without.answer
        assert "5800" in without.claims[0].citations[0].quote, [c.text for c in without.claims]
        english = lib.ask("How many working days does servicing an automatic movement without a calendar take?")
        assert english.status == "answered", english.answer
        assert "5800" in english.claims[0].citations[0].quote, [c.text for c in english.claims]
        with_it = lib.ask("Сколько рабочих дней займёт обслуживание автоматического подзавода с календарём?")
        assert "6900" in with_it.claims[0].citations[0].quote, [c.text for c in with_it.claims]


def test_a_year_a_price_list_never_writes_is_refused_in_any_language(tmp_path):
    """A price list of one year asked for another year's price ("in 2025", "в 2025 году",
    "2025年") has no row for it: refused in the list's language and across languages alike;
    without the year the row answers."""
    make_sheet(tmp_path / "farm.xlsx", "门票", ("票种", "平日价（元）", "周末价（元）"), [
        ("成人票", 40, 60), ("儿童票", 20, 30), ("老人票", 25, 35)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "farm.xlsx"])
        for q in ("2025年成人票平日价是多少？", "What was the adult ticket price on weekdays in 2025?",
                  "Сколько стоил взрослый билет в будний день в 2025 году?"):
            ans = lib.ask(q)
            assert ans.status == "refused", (q, ans.answer)
            assert any("2025" in w for w in ans.warnings), (q, ans.warnings)
        ans = lib.ask("What does an adult ticket cost on weekdays?")
        assert ans.status == "answered", ans.answer
