"""A question asking for the sum of values it names row by row ("Сколько стоят вместе пена
монтажная и клей «Титан»?", "What is the combined stock of …?") cites each named row and
adds their values in code (answer.comparison.sum_for, decimal arithmetic), naming the rows
in the formula; a question naming one row, or asking no sum, computes nothing."""
from __future__ import annotations

import pytest

from docgen import make_sheet, make_table_slide, no_pincite_env  # noqa: F401 (fixtures)
from pincite.answer import calculate
from pincite.answer.counts import counts_in
from pincite.config import Settings
from pincite.library.facade import Library

HEADER = ("Артикул", "Наименование", "Остаток", "Цена закупки, руб.")
ROWS = [("СК-1042", "Саморез по дереву 4,2×75", 312, 285), ("КЛ-2205", "Клей монтажный «Титан»", 128, 410),
        ("ЛК-0300", "Лак паркетный", 64, 2350), ("ПН-0750", "Пена монтажная профессиональная", 18, 465),
        ("ГП-1250", "Гипсокартон влагостойкий", 540, 520)]


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    root = tmp_path_factory.mktemp("sums")
    make_sheet(root / "stock.xlsx", "Остатки", HEADER, ROWS)
    library = Library(Settings(data_dir=root / "data"))
    library.ingest([root / "stock.xlsx"])
    yield library
    library.close()


@pytest.mark.parametrize("question", ["Сколько стоят вместе пена монтажная и клей «Титан»?",
                                      "Сколько стоят пена монтажная и клей «Титан» в сумме?"])
def test_a_sum_of_two_named_rows_is_computed_from_both(lib, question):
    ans = lib.ask(question)
    assert ans.status == "answered", ans.answer
    quotes = " ".join(c.quote for c in ans.citations())
    assert "КЛ-2205" in quotes and "ПН-0750" in quotes, quotes
    calc = ans.calculation
    assert calc is not None and calc.verified and calc.result == "875", calc
    assert {i.name for i in calc.inputs} == {"КЛ-2205", "ПН-0750"}
    assert all(i.citation.verified for i in calc.inputs)


def test_one_named_row_is_no_sum(lib):
    ans = lib.ask("Сколько стоит клей «Титан»?")
    assert ans.status == "answered" and ans.calculation is None, ans.answer
    assert "410" in ans.claims[0].text


def test_things_joined_by_a_chinese_and_then_also_are_summed(tmp_path):
    """"镜架配一副镜片" (a frame fitted with lenses) and "镜架再加验光" (a frame, and an eye
    test as well) join the things a "总共" / "一共" adds: each is computed from the two rows."""
    make_sheet(tmp_path / "optics.xlsx", "价目表", ("项目", "说明", "价格（元）"), [
        ("镜架", "帕森纯钛镜架", 980), ("防蓝光镜片", "1.60 折射率，一副", 880), ("验光", "电脑验光加综合验光", 50)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "optics.xlsx"])
        lenses = lib.ask("帕森纯钛镜架配一副防蓝光镜片，总共多少钱？")
        test = lib.ask("镜架再加验光，一共多少钱？")
    assert lenses.calculation is not None and lenses.calculation.result == "1860", lenses.answer
    assert test.calculation is not None and test.calculation.result == "1030", test.answer


@pytest.mark.parametrize("question, asks", [
    ("What is the combined stock of A and B?", True), ("Сколько стоят вместе A и B?", True),
    ("A 和 B 一共多少钱？", True), ("What is the total price of A and B?", True),
    ("На сколько A дороже B?", False), ("Сколько стоит A?", False), ("Which is the largest?", False),
    # "сколько всего": how much in all; "всего" alone is "only" or "of all"
    ("Сколько всего стоят A и B?", True), ("Сколько я всего заплачу за A и B?", True),
    ("Что из A и B стоит больше всего?", False), ("A и B стоят всего 5 рублей?", False),
    # things joined by "with", "вместе с", "再加", "配"
    ("What is the total for the frame together with glass?", True),
    ("Сколько я заплачу за окно вместе с москитной сеткой?", True),
    ("中型犬洗护再加一次药浴，一共多少钱？", True), ("镜架配一副镜片，总共多少钱？", True),
    ("配送费一共多少钱？", False), ("加急服务一共多少钱？", False),
])
def test_questions_asking_for_a_sum(question, asks):
    assert calculate.sum_asked(question) == asks


def test_a_sum_over_a_slide_table_and_an_english_total(tmp_path):
    """"…两个模块一共多少学时？" over a slide's table and "What is the total cost of tickets A
    and B?" over a sheet: the sum word is computed, not a word a passage must hold ("一共"
    is no row name), each named row is cited and the values added; a module code such as
    "M2" is no unit (square metres)."""
    from docgen import make_table_slide

    make_table_slide(tmp_path / "course.pptx", "咖啡师培训课程", [
        ("模块", "内容", "学时", "讲师"), ("M1", "咖啡基础", "12", "王丽"), ("M2", "意式浓缩萃取", "20", "林海峰"),
        ("M3", "奶泡与拉花", "24", "陈思远"), ("M4", "手冲咖啡", "16", "林海峰")])
    make_sheet(tmp_path / "service.xlsx", "Service", ("Ticket", "Asset ID", "Issue", "Cost (EUR)"), [
        ("T-2501", "PR-103", "Paper jam in tray 2", 185), ("T-2502", "PR-102", "Streaks on colour prints", 96),
        ("T-2506", "PR-103", "Scanner glass cracked", 220)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "course.pptx", tmp_path / "service.xlsx"])
        zh = lib.ask("M2和M4一共多少学时？")
        en = lib.ask("What is the total cost of tickets T-2501 and T-2506?")
        who = lib.ask("奶泡与拉花模块由哪位讲师负责？")
    assert zh.status == "answered" and zh.calculation is not None and zh.calculation.result == "36", zh.answer
    assert en.status == "answered" and en.calculation is not None and en.calculation.result == "405", en.answer
    assert who.status == "answered" and "陈思远" in who.claims[0].citations[0].quote, who.answer


def test_a_sum_of_two_labelled_lines(tmp_path):
    """A budget written as "label：value" lines ("舞台音响租赁：8,500元", "灯谜及奖品：6,000元"),
    which a quote may run together: each line naming a thing asked is a value to add."""
    from pdfgen import make_pdf

    make_pdf(tmp_path / "budget.pdf", ["中秋游园会经费预算\n舞台音响租赁：8,500元\n灯谜及奖品：6,000元\n"
                                       "月饼制作材料：3,200元"], font="cid-chinese")
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "budget.pdf"])
        ans = lib.ask("舞台音响租赁和灯谜及奖品一共多少元？")
    assert ans.status == "answered", ans.answer
    assert ans.calculation is not None and ans.calculation.result == "14500", ans.answer
    assert all(i.citation.verified and i.text in i.citation.quote for i in ans.calculation.inputs)


def test_everyday_sum_words_and_rows_named_by_their_labels(tmp_path):
    """"加起来" (cut by jieba into "加" and "起来") and "общая" ask for a sum; rows named by
    their labels ("1号楼", "2号楼") are told apart by them, though digits of dates and times in
    other cells are shared; a value next to Chinese text stands in its row ("24立方米王建国")."""
    make_sheet(tmp_path / "water.xlsx", "停水", ("楼栋", "停水日期", "停水时段", "水箱容量", "负责人"), [
        ("1号楼", "2027年3月8日", "09:00-13:00", "18立方米", "王建国"),
        ("2号楼", "2027年3月9日", "09:00-14:00", "24立方米", "王建国"),
        ("3号楼", "2027年3月10日", "13:00-17:00", "30立方米", "李明")])
    make_sheet(tmp_path / "sales.xlsx", "Продажи", ("Регион", "Выручка, млн руб.", "Объём, тонн"), [
        ("Самарская область", "71,2", 1540), ("Саратовская область", "38,5", 830), ("Пензенская область", "22,4", 410)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "water.xlsx", tmp_path / "sales.xlsx"])
        zh = lib.ask("1号楼和2号楼的水箱容量加起来是多少？")
        ru = lib.ask("Какая общая выручка Самарской и Саратовской областей?")
    assert zh.calculation is not None and zh.calculation.result == "42", zh.answer
    assert ru.calculation is not None and ru.calculation.result == "109.7", ru.answer
    assert not any("не сравнивались" in w or "未经比较" in w for w in zh.warnings + ru.warnings)


def test_a_quote_stating_the_comparison_needs_no_note_that_it_was_not_computed(tmp_path):
    """"How much shorter is the Cyrillic dash than the em-dash?" answered by a sentence that
    states "25% shorter": nothing is left to compute, so no "not computed" note follows."""
    from pdfgen import make_pdf

    make_pdf(tmp_path / "dash.pdf", ["Dashes in Russian typesetting.\nThe redefinition ensures that the Cyrillic "
                                     "dash is 25% shorter than the em-dash for any font family."])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "dash.pdf"])
        ans = lib.ask("How much shorter is the Cyrillic dash than the em-dash?")
    assert ans.status == "answered" and "25% shorter" in ans.claims[0].citations[0].quote, ans.answer
    assert not any("not computed" in w for w in ans.warnings), ans.warnings


@pytest.mark.parametrize("question", ["Сколько стоят 3 упаковки клея «Титан»?",
                                      "Сколько стоят три упаковки клея «Титан»?"])
def test_a_count_stated_in_the_question_multiplies_the_named_rows_value(lib, question):
    """A count of things bought ("три упаковки", in digits or words) multiplies the cited
    row's price; the count is an input taken from the question, the price one citing its
    row; "упаковки", which the sheet does not write, measures the count and is no word a
    row must hold."""
    ans = lib.ask(question)
    assert ans.status == "answered", ans.answer
    calc = ans.calculation
    assert calc is not None and calc.verified and calc.result == "1230", (calc, ans.answer)
    cited = [i for i in calc.inputs if i.citation is not None]
    assert [i.name for i in cited] == ["КЛ-2205"] and cited[0].citation.verified
    assert [i.value for i in calc.inputs if i.citation is None] == ["3"]


def test_counts_of_several_rows_are_multiplied_and_added(tmp_path):
    """"two adult tickets and one child ticket" and "两张成人票和一张儿童票" over price rows:
    each count multiplies the row its words name, and the products are added; a count
    naming no cited row ("one parking pass": no such row) computes nothing rather than a
    total without it."""
    make_sheet(tmp_path / "tickets.xlsx", "Prices", ("Ticket", "Price (EUR)", "Valid"), [
        ("Adult day ticket", "42.50", "9:00-17:00"), ("Child day ticket", "21", "9:00-17:00"),
        ("Evening ticket", "25", "17:00-21:00")])
    make_sheet(tmp_path / "piaojia.xlsx", "票价", ("项目", "价格（元）", "时长"), [
        ("成人全天票", 380, "8小时"), ("儿童全天票", 260, "8小时"), ("夜场票", 180, "3小时")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "tickets.xlsx", tmp_path / "piaojia.xlsx"])
        en = lib.ask("How much do two adult day tickets and one child day ticket cost?")
        zh = lib.ask("两张成人全天票和一张儿童全天票一共多少钱？")
        lacking = lib.ask("How much do two adult day tickets and one parking pass cost?")
    assert en.calculation is not None and en.calculation.result == "106.00", en.answer
    assert zh.calculation is not None and zh.calculation.result == "1020", zh.answer
    assert lacking.calculation is None, lacking.answer


@pytest.mark.parametrize("question, counts", [
    ("Сколько я отдам за три пачки ибупрофена?", ["3"]),
    ("two VIP tickets plus one popcorn", ["2", "1"]),
    ("买3张票多少钱", ["3"]),
    # quantities with a unit, codes and decimals are no counts
    ("Сколько стоит билет для детей до 12 лет?", []), ("Цена шин R17", []), ("How much is a 3D film?", []),
    ("孩子身高1.3米，全天票多少钱？", []), ("Сколько стоит 5 кг?", []),
    # a model's number, a time, a number nothing is counted after
    ("Из какого материала колесо насоса КМН 125-100-250?", []), ("Сколько стоит насос КМН 65 в комплекте?", []),
    ("Сколько стоит сеанс в 2:30 ночи?", []), ("Сколько стоит номер 5?", []),
    ("What current does the motor draw at 380 V?", []),
    # a name with a capital inside numbers its model ("iPhone 13"), and so does a word
    # capitalised inside a sentence or a Latin one in a Chinese question; a sentence's
    # capitalised first word does not
    ("iPhone 13 换原装屏幕多少钱？", []), ("How much is the eBay 2 plan?", []),
    ("How much is a term of Stage 3 lessons?", []), ("Lockdown 47 的高峰时段是什么时候？", []),
    ("Нужно 3 пачки ибупрофена, сколько это?", ["3"]),
    # a size in inches; a Chinese numeral inside a word ("三轮车", a tricycle; "一整天")
    ("24寸的儿童自行车租一天多少钱？", []), ("a 26-inch bike for two days", []),
    ("租一辆电动三轮车一天多少钱？", ["1"]), ("租两辆自行车一整天多少钱？", ["2"]),
    # a Chinese numeral after the noun it numbers is a label ("科目二", the second exam); a
    # count stands before what it counts, or after it with a measure word ("纸箱两个")
    ("科目二补考多少钱？", []), ("方案3的价格是多少？", []), ("纸箱两个多少钱？", ["2"]),
    ("大号纸箱 3 个多少钱？", ["3"]), ("买3个大号纸箱和2卷气泡膜一共多少钱？", ["3", "2"]),
    # the plural "одни" counts one of a plural-only noun, but "одни сутки" is a quantity
    ("Сколько стоят два пиджака и одни джинсы?", ["2", "1"]), ("Сколько стоят одни сутки?", []),
    ("одни и те же брюки", []),
    # pages and pieces are units that count things: still counts
    ("Сколько будет стоить перевод 4 страниц?", ["4"]), ("打印300页多少钱？", ["300"]),
])
def test_counts_stated_in_a_question(question, counts):
    assert [str(v) for v, _, _ in counts_in(question)] == counts


def test_one_count_multiplies_the_row_the_answer_cites_first(tmp_path):
    """"за две пары" names no row by a word of its own ("пара" is every row's unit): the
    count multiplies the row the answer cites first, shown as its input."""
    make_sheet(tmp_path / "repair.xlsx", "Прейскурант", ("Услуга", "Вариант", "Цена, руб."), [
        ("Растяжка обуви", "одна пара", 500), ("Прошивка ранта", "одна пара", 800),
        ("Замена набоек", "женская обувь", 450)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "repair.xlsx"])
        ans = lib.ask("Растяжка обуви: сколько стоит за две пары?")
    assert ans.status == "answered", ans.answer
    calc = ans.calculation
    assert calc is not None and calc.result == "1000", (calc, ans.answer)
    assert [i.name for i in calc.inputs if i.citation is not None] == ["Растяжка обуви"]


def test_a_word_of_a_column_header_names_no_row_to_compare(tmp_path):
    """"a unit for a two-bedroom house" over a table headed "Unit" with a row "Drive-up unit":
    "unit" names the column, so that row is not taken for one of the things compared (it
    was: 380 − 120, the four-bedroom unit's price)."""
    from docgen import make_table_slide

    make_table_slide(tmp_path / "storage.pptx", "Unit sizes and prices", [
        ("Unit", "Typically fits", "Price per month (£)"), ("Medium", "a one-bedroom flat", "120"),
        ("Large", "a two-bedroom house", "210"), ("Drive-up unit", "a four-bedroom house, with van access", "380")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "storage.pptx"])
        ans = lib.ask("How much more per month is a unit for a two-bedroom house than one for a one-bedroom flat?")
    names = [i.name for i in ans.calculation.inputs] if ans.calculation is not None else []
    assert "Drive-up unit" not in names, (names, ans.answer)


def test_a_number_the_cited_row_writes_with_its_next_word_names_the_row_not_a_count(tmp_path):
    """"四人间" (a four-person office) stands as "4人间" in the row it asks of: nothing is
    multiplied by four; "两个固定工位" (two desks) is a count."""
    make_sheet(tmp_path / "cowork.xlsx", "价格表", ("空间类型", "规格", "月租价格（元）"), [
        ("独立办公室", "2人间", 6800), ("独立办公室", "4人间", 11500), ("固定工位", "开放区", 1800)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "cowork.xlsx"])
        office = lib.ask("四人间独立办公室的月租价格是多少？")
        desks = lib.ask("两个固定工位的月租价格一共多少？")
    assert office.calculation is None, office.answer
    assert desks.calculation is not None and desks.calculation.result == "3600", desks.answer


def test_a_spelled_number_hyphenated_to_a_word_in_the_rows_label_names_the_row(tmp_path):
    """"four course tasting menu" is the row "Four-course tasting menu":
    its label writes the four as "Four-course", so the price per guest is the answer, not
    four times it; "two soups" of the soup row, whose label states no two, counts."""
    make_sheet(tmp_path / "menus.xlsx", "Menus", ("Menu", "Price per guest (GBP)"), [
        ("Four-course tasting menu", 64), ("Three-course plated menu", 47.5), ("Soup of the day", 6)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "menus.xlsx"])
        menu = lib.ask("How much is the four course tasting menu per guest?")
        soups = lib.ask("What do two soups of the day cost?")
    assert menu.status == "answered" and menu.calculation is None, menu.answer
    assert "64" in menu.claims[0].citations[0].quote, menu.answer
    assert soups.calculation is not None and soups.calculation.result == "12", soups.answer


BANQUET = ("套餐名称", "桌型", "适用人数", "每桌价格（元）")
BANQUET_ROWS = [("吉祥宴", "10人桌", "9–10人", 2688), ("吉祥宴", "12人桌", "11–12人", 3188),
                ("至尊宴", "10人桌", "9–10人", 5888), ("至尊宴", "12人桌", "11–12人", 6888),
                ("服务费", "—", "—", "菜品金额的15%")]


def test_a_number_in_digits_written_with_the_chinese_word_after_it_names_the_row(tmp_path):
    """"吉祥宴12人桌" (a 12-seat table) stands as "12人桌" in its row: nothing is multiplied
    by 12, nor by the 12 of "на 12 человек", which the row writes itself ("11–12人"); a
    table size no row has ("至尊宴15人桌") is refused naming a row there is, not read as
    fifteen tables (nor answered by the fee row's "15%"); "两桌" counts tables."""
    make_sheet(tmp_path / "banquet.xlsx", "宴会价目", BANQUET, BANQUET_ROWS)
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "banquet.xlsx"])
        seats = lib.ask("吉祥宴12人桌一桌多少钱？")
        people = lib.ask("Сколько стоит 至尊宴 на 12 человек?")
        absent = lib.ask("至尊宴15人桌多少钱？")
        two = lib.ask("两桌吉祥宴12人桌多少钱？")
    assert seats.status == "answered" and seats.calculation is None, seats.answer
    assert "3188" in seats.claims[0].citations[0].quote, seats.answer
    assert people.status == "answered" and people.calculation is None, people.answer
    assert absent.status == "refused" and "12人桌" in " ".join(absent.warnings), (absent.answer, absent.warnings)
    assert two.calculation is not None and two.calculation.result == "6376", two.answer


def test_a_chinese_numeral_in_the_rows_label_names_the_row_not_a_count(tmp_path):
    """"蝴蝶兰（五杆，陶瓷盆）" (an orchid with five stems, in a ceramic pot) writes the five
    of "с пятью стрелками" in its label: it tells which plant is asked, so its price is the
    answer, not five times it; "两盆" (two pots) of a plant whose label states no two is a
    count."""
    make_sheet(tmp_path / "plants.xlsx", "价目表", ("植物", "盆径", "价格（元）"), [
        ("蝴蝶兰（三杆，塑料盆）", "12厘米", 198), ("蝴蝶兰（五杆，陶瓷盆）", "20厘米", 398),
        ("绿萝（吊盆）", "18厘米", 45)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "plants.xlsx"])
        five = lib.ask("Сколько стоит 蝴蝶兰 с пятью стрелками в керамическом горшке?")
        two = lib.ask("两盆绿萝吊盆一共多少钱？")
    assert five.status == "answered" and five.calculation is None, five.answer
    assert "398" in five.claims[0].citations[0].quote, five.answer
    assert two.calculation is not None and two.calculation.result == "90", two.answer


REPAIR = ("机型", "维修项目", "配件等级", "价格（元）", "预计时长")
REPAIR_ROWS = [("iPhone 13", "屏幕更换", "原装", 1680, "1小时"), ("iPhone 13", "电池更换", "原装", 520, "40分钟"),
               ("iPhone 14 Pro", "屏幕更换", "原装", 2580, "1小时")]


def test_a_models_number_counts_nothing_and_a_money_question_reads_the_price_column(tmp_path):
    """"iPhone 13 同时换屏幕和电池" names a model, no thirteen of anything: the two rows are
    added, not multiplied by 13; and the cells shown are the price column's, though "同时"
    (at the same time) comes near "预计时长" (time taken) by meaning."""
    make_sheet(tmp_path / "repair.xlsx", "维修价格", REPAIR, REPAIR_ROWS)
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "repair.xlsx"])
        both = lib.ask("iPhone 13 同时换原装屏幕和原装电池，一共多少钱？")
    assert both.calculation is not None and both.calculation.result == "2200", both.answer
    assert all("价格" in c.text and "预计时长" not in c.text for c in both.claims[:2]), both.answer


def test_a_package_the_row_names_by_the_asked_number_is_not_multiplied(tmp_path):
    """"10 персональных тренировок" asks of the row "Пакет 10 тренировок" (an adjective
    stands between the number and the word the row writes after it): its price is the
    answer, not ten times it; "3 тренировки" of a row priced per one are counted."""
    make_sheet(tmp_path / "fit.xlsx", "Цены", ("Пакет", "Тренер «Профи», руб."), [
        ("Пакет 10 тренировок", "22 000"), ("Разовая тренировка", "2 500")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "fit.xlsx"])
        package = lib.ask("Во сколько обойдутся 10 персональных тренировок с тренером «Профи»?")
        three = lib.ask("Сколько стоят 3 разовые тренировки с тренером «Профи»?")
    assert package.status == "answered" and package.calculation is None, package.answer
    assert three.calculation is not None and three.calculation.result == "7500", three.answer


def test_counts_naming_columns_of_one_row_multiply_their_cells(tmp_path):
    """"two adults and one child" of a tour's row with an adult and a child column: 2 × 34 +
    1 × 19, also asked in Russian of the English slide; "two adults" alone is 2 × 34."""
    from docgen import make_table_slide

    make_table_slide(tmp_path / "tours.pptx", "Boat tours", [
        ("Tour", "Duration", "Adult (16+)", "Child (4-15)"), ("Seal Island Cruise", "2.5 hours", "£34", "£19"),
        ("Harbour Sightseeing", "1 hour", "£18", "£9")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "tours.pptx"])
        en = lib.ask("How much would two adults and one child pay in total for the Seal Island Cruise?")
        ru = lib.ask("Сколько стоит Seal Island Cruise для двух взрослых и одного ребёнка?")
        adults = lib.ask("How much is the Seal Island Cruise for two adults?")
    assert en.calculation is not None and en.calculation.result == "87", en.answer
    assert ru.calculation is not None and ru.calculation.result == "87", ru.answer
    assert adults.calculation is not None and adults.calculation.result == "68", adults.answer


def test_a_count_of_nights_times_a_price_per_night_is_money(tmp_path):
    """"two nights in a standard kennel" of a Chinese sheet priced "标准笼位（元/晚）" (yuan per
    night): the English words name the column through the dictionary, and two nights of a
    price per night is money (200 CNY), as "3 ночи" of "руб./сутки" is roubles, not roubles
    per day."""
    make_sheet(tmp_path / "pets.xlsx", "价目表", ("类别", "标准笼位（元/晚）", "豪华单间（元/晚）"), [
        ("猫咪寄养", 60, 90), ("中型犬寄养（10-25公斤）", 100, 158)])
    make_sheet(tmp_path / "rooms.xlsx", "Номера", ("Номер", "Высокий сезон, руб./сутки"), [
        ("Семейный номер", "8 700"), ("Стандарт", "4 900")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "pets.xlsx", tmp_path / "rooms.xlsx"])
        kennel = lib.ask("What would two nights in a standard kennel cost for a medium-sized dog?")
        rooms = lib.ask("Сколько я заплачу за 3 ночи в семейном номере в высокий сезон?")
    assert kennel.calculation is not None and kennel.calculation.result == "200", kennel.answer
    assert kennel.calculation.unit == "CNY", kennel.calculation
    assert rooms.calculation is not None and rooms.calculation.result == "26100", rooms.answer
    assert rooms.calculation.unit == "RUB", rooms.calculation


def test_hours_asked_of_a_price_per_hour_are_multiplied(tmp_path):
    """"three hours of crown pruning" over a row priced per hour in a column of its own
    ("Unit: per hour") costs 3 × $120; the same in Russian over "руб./час"; a duration that
    names the row ("a 4-hour package", the row "Package 4 hours") or a row priced per job is
    not multiplied."""
    make_sheet(tmp_path / "trees.xlsx", "Rates", ("Service", "Unit", "Price (USD)"), [
        ("Crown pruning (2-person crew)", "per hour", "$120"), ("Hedge trimming", "per linear foot", "$3"),
        ("Stump grinding, up to 12 in", "per stump", "$90")])
    make_sheet(tmp_path / "hall.xlsx", "Аренда", ("Зал", "Цена, руб./час"), [
        ("Большой зал", "2 500"), ("Малый зал", "1 200")])
    make_sheet(tmp_path / "van.xlsx", "Packages", ("Package", "Price (USD)"), [
        ("Package 4 hours", "$360"), ("Package 8 hours", "$650")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "trees.xlsx", tmp_path / "hall.xlsx", tmp_path / "van.xlsx"])
        pruning = lib.ask("How much would three hours of crown pruning cost?")
        hall = lib.ask("Сколько стоит аренда большого зала на 3 часа?")
        package = lib.ask("How much is the package for 4 hours?")
        stump = lib.ask("How much is stump grinding up to 12 in for 2 hours?")
    assert pruning.calculation is not None and pruning.calculation.result == "360", pruning.answer
    assert pruning.calculation.unit == "USD", pruning.calculation
    assert hall.calculation is not None and hall.calculation.result == "7500", hall.answer
    assert package.calculation is None, package.answer
    assert stump.calculation is None, stump.answer


def test_hours_of_a_rate_in_one_of_two_hourly_columns_are_multiplied(tmp_path):
    """"3 часа … в выходные" of a row priced per hour on weekdays and at the weekend
    ("Будни, руб./час", "Выходные, руб./час") multiplies the weekend rate: the hours name
    neither column (both are per hour), the weekend does; a minimum of 3 hours written in
    the row is no label naming it."""
    make_sheet(tmp_path / "banya.xlsx", "Залы", ("Зал", "Будни, руб./час", "Выходные, руб./час",
                                                 "Минимальное время, ч"), [
        ("Русская баня «Изба»", 2500, 3200, 2), ("Хаммам «Восток»", 3000, 3800, 3)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "banya.xlsx"])
        ans = lib.ask("Сколько стоят 3 часа в хаммаме «Восток» в выходные?")
    assert ans.calculation is not None and ans.calculation.result == "11400", ans.answer
    assert ans.calculation.unit == "RUB", ans.calculation


def test_things_joined_in_one_row_kind_are_each_their_row_and_added(tmp_path):
    """"空调挂机和柜机各清洗一次，一共多少钱？" names two rows of one appliance ("空调") told apart
    by their service cell ("清洗保养（挂机）", "清洗保养（柜机）"): neither row lacks a column
    for the other's word (it names the other row), both are cited and added in the price
    column its header names by "费" and "元"; the formula tells the rows apart by that cell."""
    make_sheet(tmp_path / "repair.xlsx", "收费标准", ("家电类型", "故障", "维修费（元）", "保修期（天）"), [
        ("空调", "清洗保养（挂机）", 120, 0), ("空调", "清洗保养（柜机）", 180, 0), ("空调", "不制冷，加氟", 260, 90),
        ("洗衣机", "不排水", 160, 60), ("冰箱", "不制冷", 280, 90)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "repair.xlsx"])
        ans = lib.ask("空调挂机和柜机各清洗一次，一共多少钱？")
    assert ans.status == "answered", (ans.answer, ans.warnings)
    assert ans.calculation is not None and ans.calculation.result == "300", ans.answer
    names = sorted(i.name for i in ans.calculation.inputs)
    assert names == ["空调 清洗保养（挂机）", "空调 清洗保养（柜机）"], names


def test_two_of_us_counts_people_and_a_duration_in_the_row_is_no_count(tmp_path):
    """"Two of us … in total" counts two people ("of" is no unit symbol, as "V" of "380 V"
    is); the row's "2 hours" measures the ride, so it does not say the row is the one for
    two (as "12人桌" would): 2 × £70."""
    make_sheet(tmp_path / "rides.xlsx", "Trail rides", ("Route", "Duration", "Price per rider"), [
        ("Meadow Loop", "1 hour", "£40"), ("Ridgeway View", "2 hours", "£70"), ("Valley Trek", "6 hours", "£165")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "rides.xlsx"])
        ans = lib.ask("Two of us want to do the Ridgeway View ride. What will we pay in total?")
    assert ans.calculation is not None and ans.calculation.result == "140", ans.answer
    assert counts_in("What does 380 V mean?") == () and counts_in("Сколько стоит печать 60 на 90 см?") == ()


def test_a_count_written_with_the_rows_unit_names_the_column(tmp_path):
    """"for 2 hourz" (misspelled) asks the "2 hours" column the row writes: nothing is
    multiplied by two."""
    make_sheet(tmp_path / "hire.xlsx", "Hire", ("Craft", "1 hour", "2 hours"), [
        ("Canadian canoe", "£28", "£45"), ("Double kayak", "£25", "£40")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "hire.xlsx"])
        ans = lib.ask("how much is a canadian canoe for 2 hourz")
    assert ans.calculation is None, ans.answer


def test_a_function_word_of_a_header_names_no_column(tmp_path):
    """"How much more per month is full livery than part livery?": the header "What is
    included" shares only "is" with the question, so the rows are compared in "Price per
    month" alone: £650 − £420."""
    make_sheet(tmp_path / "livery.xlsx", "Livery", ("Livery type", "Price per month", "What is included"), [
        ("Grass livery", "£180", "Field, water, daily check"), ("Part livery", "£420", "Turnout, feeding"),
        ("Full livery", "£650", "All care plus exercise 3 times a week")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "livery.xlsx"])
        ans = lib.ask("How much more per month is full livery than part livery?")
    assert ans.calculation is not None and ans.calculation.result == "230", (ans.answer, ans.warnings)


def test_how_much_in_all_sums_the_two_rows_named(lib):
    """"Сколько всего …" asks for the total of the rows the question names."""
    ans = lib.ask("Сколько всего я заплачу за лак паркетный и гипсокартон влагостойкий?")
    assert ans.status == "answered", ans.answer
    calc = ans.calculation
    assert calc is not None and calc.verified and calc.result == "2870", (ans.answer, calc)


def test_a_row_whose_label_adds_an_unasked_thing_is_not_summed(tmp_path):
    """"массаж спины и массаж ног" over rows "Массаж спины", "Массаж спины и шеи" and "Массаж
    ног": the row that adds "шеи", which the question does not ask, is another service; the
    sum reads the two rows asked (1 600 + 1 500), where before the two back rows, naming the
    same asked words, left the back massage without a row of its own and nothing was added."""
    make_sheet(tmp_path / "massage.xlsx", "Прейскурант", ("Услуга", "Длительность, мин", "Цена, руб."), [
        ("Массаж спины", 30, "1 600"), ("Массаж спины и шеи", 40, "2 000"), ("Массаж ног", 30, "1 500"),
        ("Общий массаж", 60, "3 000")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "massage.xlsx"])
        ans = lib.ask("Сколько стоят вместе массаж спины и массаж ног?")
    calc = ans.calculation
    assert calc is not None and calc.result == "3100", ans.answer
    assert {i.name for i in calc.inputs} == {"Массаж спины", "Массаж ног"}


def test_a_number_a_row_holds_under_the_counted_words_header_names_the_row(tmp_path):
    """"на 10 сеансов" over passes whose "Количество сеансов" column holds 5, 10 and 15 names
    the pass of ten sessions: nothing is multiplied, the row holding 10 there answers; a
    count no such column holds still multiplies ("3 массажа спины": 3 × 1 600)."""
    make_sheet(tmp_path / "passes.xlsx", "Абонементы", ("Абонемент", "Количество сеансов", "Скидка", "Срок действия"), [
        ("«Старт»", 5, "5 %", "45 дней"), ("«Курс»", 10, "10 %", "90 дней"), ("«Курс+»", 15, "15 %", "120 дней")])
    make_sheet(tmp_path / "prices.xlsx", "Прейскурант", ("Услуга", "Длительность, мин", "Цена, руб."), [
        ("Массаж спины", 30, "1 600"), ("Массаж ног", 30, "1 500")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "passes.xlsx", tmp_path / "prices.xlsx"])
        ten = lib.ask("Какая скидка у абонемента на 10 сеансов?")
        three = lib.ask("Сколько стоят 3 массажа спины?")
    assert ten.status == "answered" and ten.calculation is None, ten.answer
    assert "«Курс»" in ten.citations()[0].quote, ten.answer
    assert three.calculation is not None and three.calculation.result == "4800", three.answer


def test_a_count_is_no_row_name_a_table_lacks(tmp_path):
    """"4 сеанса математики" counts sessions of the mathematics row priced per session,
    though another table of the library lists passes by their number of sessions (5, 10,
    15) and no chunk writes "4": the count is how many are bought (4 × 1 500), not the name
    of a row that table lacks."""
    make_sheet(tmp_path / "passes.xlsx", "Абонементы", ("Абонемент", "Количество сеансов", "Скидка", "Срок действия"), [
        ("«Старт»", 5, "5 %", "45 дней"), ("«Курс»", 10, "10 %", "90 дней"), ("«Курс+»", 15, "15 %", "120 дней")])
    make_sheet(tmp_path / "tutor.xlsx", "Занятия", ("Предмет", "Сеансов в неделю", "Цена за сеанс, руб."), [
        ("Математика", 2, "1 500"), ("Физика", 3, "1 700")])
    make_table_slide(tmp_path / "spa.pptx", "Massage menu", [
        ("Massage", "Duration, min", "Price"), ("Swedish massage", "60", "$80"), ("Hot stone massage", "75", "$120")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "passes.xlsx", tmp_path / "tutor.xlsx", tmp_path / "spa.pptx"])
        ans = lib.ask("Сколько стоят 4 сеанса математики?")
    assert ans.status == "answered", ans.warnings
    assert ans.calculation is not None and ans.calculation.result == "6000", ans.answer


def test_things_summed_from_two_tables_are_each_found_and_added(tmp_path):
    """A sum of two things priced in two tables ("…plus a downpipe flush…", the cleaning on a
    slide of cleaning prices, the flush on a slide of extras): the one ranking by the whole
    question finds the first thing's row and ranks the other far under it, so each joined
    piece of the question is ranked on its own (calculate.joined_pieces) and both rows are
    cited and added. "How much is … in total?" names no kind of value: the rows' one price
    each (not "Typical visit: 60 min") is what is added."""
    from docgen import make_table_deck

    make_table_deck(tmp_path / "gutters.pptx", [
        ("Gutter cleaning prices", [("Property", "Price", "Typical visit"), ("Terraced house", "£65", "45 min"),
                                    ("Semi-detached house", "£80", "60 min"),
                                    ("Detached house", "£110", "90 min")]),
        ("Extras", [("Service", "Price"), ("Downpipe flush", "£25"), ("Fascia wash", "£40"),
                    ("Gutter guard fitting", "£12")])])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "gutters.pptx"])
        plus = lib.ask("What would a detached house gutter clean plus a fascia wash cost together?")
        total = lib.ask("How much is a semi-detached house gutter clean and a downpipe flush in total?")
    assert plus.calculation is not None and plus.calculation.result == "150", plus.answer
    assert total.calculation is not None and total.calculation.result == "105", total.answer
    quotes = " ".join(c.quote for c in total.citations())
    assert "Semi-detached" in quotes and "Downpipe flush" in quotes, quotes
    assert all(i.citation.verified for i in total.calculation.inputs)


def test_joined_pieces_of_a_sum():
    assert calculate.joined_pieces("What would a stove sweep plus a smoke test cost?") == [
        "What would a stove sweep", "a smoke test cost?"]
    assert calculate.joined_pieces("Сколько стоят вместе пена и клей?") == ["Сколько стоят вместе пена", "клей?"]
    assert calculate.joined_pieces("How much is the smoke test?") == []


def test_a_chinese_classifier_measures_a_count_and_the_word_after_it_is_the_thing():
    """"три пачки ибупрофена": "пачки", which no chunk writes, measures the count and names
    nothing; "一名搬运工": the classifier "名" measures it, and "搬运工" (written nowhere in a
    Russian library) is the thing counted, a word the question asks about."""
    from pincite.answer.counts import counted_measures
    from pincite.text import analysis

    ru = "Сколько стоят три пачки ибупрофена?"
    groups = analysis.query_groups(ru)
    df = {t: (0 if t.startswith("пачк") else 3) for g in groups for t in g}
    assert {g[0][:4] for g in counted_measures(ru, groups, df)} == {"пачк"}
    zh = "一名搬运工每小时收费多少？"
    groups = analysis.query_groups(zh)
    df = {t: (0 if "搬运" in t or "运工" in t else 3) for g in groups for t in g}
    assert counted_measures(zh, groups, df) == set()


def test_a_count_of_what_a_column_numbers_picks_a_band_and_multiplies_nothing(tmp_path):
    """"120 页的论文…" (a 120-page thesis) over columns "up to 100 pages" / "101–250 pages"
    with a note under the table: the count names the band its column numbers, not a
    number of things bought at a row's price (no "120 × …"); "two adults and one child"
    over "Adult (16+)" and "Child (4-15)" still multiply."""
    from pptx import Presentation
    from pptx.util import Inches

    from docgen import make_table_slide

    deck = Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[5])
    slide.shapes.title.text = "Thesis binding (per copy)"
    rows = [("Binding", "up to 100 pages", "101–250 pages", "251–400 pages"),
            ("Softcover perfect binding", "£18", "£24", "£32"), ("Hardcover case binding", "£45", "£55", "£70"),
            ("Full leather binding", "£120", "£145", "£180")]
    table = slide.shapes.add_table(len(rows), 4, Inches(0.5), Inches(1.5), Inches(9), Inches(3)).table
    for i, row in enumerate(rows):
        for j, value in enumerate(row):
            table.cell(i, j).text = value
    slide.shapes.add_textbox(Inches(0.5), Inches(5), Inches(9), Inches(1.5)).text_frame.text = (
        "* Gold foil lettering on the spine is included in hardcover and leather prices; "
        "on softcover it costs £12 extra.")
    deck.save(str(tmp_path / "binding.pptx"))
    make_table_slide(tmp_path / "cruise.pptx", "Cruises", [
        ("Cruise", "Adult (16+)", "Child (4-15)"), ("Seal Island Cruise", "£34", "£19")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "binding.pptx", tmp_path / "cruise.pptx"])
        pages = lib.ask("120 页的论文做平装胶装，再在书脊上烫金字，一共多少钱？")
        people = lib.ask("What do two adults and one child pay for the Seal Island Cruise?")
    assert pages.calculation is None or "120" not in pages.calculation.formula, pages.answer
    assert people.calculation is not None and people.calculation.result == "87", people.answer
