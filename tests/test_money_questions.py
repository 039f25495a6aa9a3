"""A question about what something costs is answered only by a passage that states an amount
of money (answer.apart.windows_lacking_money): a manual that names the kit asked about but
no price is no answer, and the refusal says no passage states a price; a price list row, or
the price sheet's row joined to a product row by its code, answers."""
from __future__ import annotations

import pytest

from docgen import make_sheet
from pincite.answer import apart
from pincite.config import Settings
from pincite.library.facade import Library


@pytest.mark.parametrize("question, asks", [
    ("How much does the diaphragm kit cost?", True), ("What is the price of one filter?", True),
    ("Сколько стоит анализ одной пробы?", True), ("Какая цена у комплекта?", True), ("这个维修包多少钱？", True),
    ("Сколько в месяц стоит абонемент?", True),
    ("批发价格是多少？", True), ("培训课程的学费是多少？", True), ("报名费要交多少？", True),
    ("押金要交多少？", True), ("租一天要付多少？", True), ("阳光玫瑰葡萄采摘每斤卖多少？", True),
    ("这个过程很费时吗？", False), ("会不会浪费内存？", False),
    # "стоит" alone also means "stands": "в поле date стоит 1900~" asks no price
    ("Как выведется дата, если в поле date стоит 1900~?", False), ("What is the weight of the kit?", False),
    # how something is charged, or how long ahead, asks a rule or a time, not an amount
    ("如果上课前不到24小时才取消，怎么收费？", False), ("至少要提前几天取消，才能拿回全部费用？", False),
    ("How are late fees handled?", False), ("Как возвращается стоимость билета?", False),
    ("How many euros does the day pass cost?", True),
    # "charge" as the verb of a price, not the noun of a battery
    ("How much does the pet shop charge to deworm my dog?", True),
    ("What does the repair shop charge for a new screen?", True),
    ("How long does the battery take to charge?", False), ("What is the charge time?", False),
    # "how much … pay" asks an amount; whether or when someone pays does not
    ("How much would two adults and one child pay in total?", True),
    ("Does the company pay for travel?", False), ("When is the salary paid?", False),
    # "сколько … стоит" with words between, within one clause
    ("Сколько в сумме будет стоить замена цепи?", True), ("Сколько мне всё это обойдётся?", True),
    ("Сколько весит насос, который стоит 500 рублей?", False),
])
def test_questions_asking_what_something_costs(question, asks):
    assert apart.asks_money(question) == asks


@pytest.mark.parametrize("text, money", [
    ("The kit costs 45 EUR.", True), ("Price: $12.50 per unit", True), ("Unit price, EUR: 17.9", True),
    ("Цена 1 200 руб. за штуку", True), ("售价 300 元", True), ("零售价(元): 398", True), ("€45", True),
    ("6.1 Diaphragm kit (2 diaphragms, 4 valve balls): part no. PX31-DK-02.", False),
    ("Протокол подписал заведующий лабораторией Ганиев Р. Ф.", False), ("Weight 5 kg", False),
    # a currency in a column's label: the number under it is an amount of money
    ("华北(元/公斤): 3.9", True), ("Single (GBP): 45", True), ("Сумма, руб.: 4500", True),
    ("单元: 5", False), ("Europe: 12", False),
])
def test_amounts_of_money_are_told_from_part_numbers_and_other_values(text, money):
    assert bool(apart._MONEY_RE.search(text)) == money


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    from pdfgen import make_pdf

    root = tmp_path_factory.mktemp("money")
    make_pdf(root / "px40-manual.pdf", [
        "PX-40 diaphragm pump: service manual.\nReplace the diaphragms every 2,000 operating hours.\n"
        "Spare parts: diaphragm kit, part no. PX4-DK-02 (2 diaphragms, 4 valve balls, O-rings).\n"
        "Air valve repair kit, part no. PX4-AV-05.\nOrder spare parts from your distributor; the cost of each kit "
        "is set by the distributor."])
    make_sheet(root / "prices.xlsx", "Prices", ("Part no.", "Item", "Unit price, EUR"),
               [("PX4-AV-05", "Air valve repair kit", 64.5), ("PX4-FL-01", "Air filter", 12.9)])
    library = Library(Settings(data_dir=root / "data", embedder="none"))
    assert [r.status for r in library.ingest([root / "px40-manual.pdf", root / "prices.xlsx"])] == ["added"] * 2
    yield library
    library.close()


def test_a_part_named_without_a_price_is_no_answer_to_what_it_costs(lib):
    """Every word of the question stands in the manual ("cost" too), but no amount of money:
    refused, and the reason says no passage states a price."""
    ans = lib.ask("How much does the PX4-DK-02 diaphragm kit cost?")
    assert ans.status == "refused", ans.answer
    assert ans.warnings == ["none of the passages found states a price or an amount of money"], ans.warnings
    ru = lib.ask("Сколько стоит комплект диафрагм PX4-DK-02?")
    assert ru.status == "refused", ru.answer


def test_a_price_row_answers_what_it_costs(lib):
    ans = lib.ask("How much does the PX4-AV-05 air valve repair kit cost?")
    assert ans.status == "answered", ans.warnings
    assert "64.5" in ans.claims[0].citations[0].quote, ans.claims[0].citations[0].quote


def test_a_sheet_titled_as_a_price_list_answers_a_price_question(tmp_path):
    """A sheet whose title row says its numbers are prices ("… (цены в рублях)") answers
    "Сколько стоит …?" from a row whose cells write no currency, as a table under a price
    heading does; a service the sheet lacks is still refused."""
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "Услуги"
    for row in (("Прейскурант ветеринарной клиники (цены в рублях)",), (),
                ("Услуга", "Кошки", "Собаки"), ("Кастрация", 3500, 6500), ("Чистка зубов", 2800, 3200)):
        ws.append(list(row))
    wb.save(tmp_path / "vet.xlsx")
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "vet.xlsx"])
        ans = lib.ask("Сколько стоит чистка зубов для кошки?")
        missing = lib.ask("Сколько стоит стрижка когтей?")
    assert ans.status == "answered", (ans.answer, ans.warnings)
    assert ans.claims[0].text == "Чистка зубов / Кошки: 2800", ans.claims[0].text
    assert missing.status == "refused", missing.answer


def test_a_sheet_row_whose_record_heads_an_amount_in_a_currency_has_the_price(tmp_path):
    """A sheet of deposits ("押金与赔偿") whose amount column is headed "金额（元）": the
    header its rows write says their numbers are money, so "要交多少" (how much to pay) is
    not a column the sheet lacks: a deposit per bike is asked back, one bike's is answered."""
    make_sheet(tmp_path / "deposits.xlsx", "押金与赔偿", ("项目", "适用车型", "金额（元）"), [
        ("押金", "普通城市自行车", 200), ("押金", "山地自行车", 500), ("押金", "电动自行车", 800)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "deposits.xlsx"])
        vague = lib.ask("押金要交多少？")
        one = lib.ask("山地自行车押金要交多少？")
    assert vague.status == "needs_clarification", vague.answer
    assert one.status == "answered" and "500" in one.claims[0].citations[0].quote, one.answer


@pytest.mark.parametrize("header, rows, question, priced, row, column, said", [
    (("Programme", "Car, EUR", "Minibus, EUR"), [("Express", 12, 18), ("Premium", 30, "—"), ("Interior", 45, 60)],
     "How much is the Premium wash for a minibus?", "How much is the Premium wash for a car?",
     "Premium", "Minibus, EUR", "gives no value"),
    (("Программа", "Легковой, руб.", "Микроавтобус, руб."),
     [("Экспресс", 600, 900), ("Премиум", 1500, "н/д"), ("Салон", 2200, 3000)],
     "Сколько стоит мойка Премиум для микроавтобуса?", "Сколько стоит мойка Премиум для легкового?",
     "Премиум", "Микроавтобус, руб.", "значения нет"),
])
def test_a_cell_marked_empty_answers_nothing(tmp_path, header, rows, question, priced, row, column, said):
    """A price list marks a variant it does not offer with a dash or "н/д": the row asked of
    states no price for it, so the question is refused, saying which cell of which table
    reads so, in the question's language; the same row answers for a variant it prices."""
    make_sheet(tmp_path / "wash.xlsx", "Prices", header, rows)
    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        lib.ingest([tmp_path / "wash.xlsx"])
        ans = lib.ask(question)
        assert ans.status == "refused", (ans.status, ans.answer)
        why = " ".join(ans.warnings)
        assert row in why and column in why and said in why and "wash.xlsx" in why, why
        other = lib.ask(priced)
        assert other.status == "answered" and row in other.claims[0].text, (other.status, other.answer)


def test_the_words_asking_a_price_are_not_what_a_row_must_hold(tmp_path):
    """"Во что обойдётся …?" asks a price as "Сколько стоит …?" does: the asking word is no
    word a price row lacks, so the row of the service asked answers, and a service the list
    lacks ("замена свечей") is refused rather than answered by another row's price."""
    make_sheet(tmp_path / "service.xlsx", "Услуги", ("Услуга", "Время, мин", "Цена, руб."),
               [("Замена масла в двигателе", 30, 1200), ("Замена тормозных колодок", 60, 2400),
                ("Развал-схождение", 45, 1800)])
    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        lib.ingest([tmp_path / "service.xlsx"])
        ans = lib.ask("Во что мне обойдётся развал-схождение?")
        assert ans.status == "answered" and "1800" in ans.claims[0].text, (ans.status, ans.answer)
        missing = lib.ask("Во что обойдётся замена свечей зажигания?")
        assert missing.status == "refused", missing.answer


def test_a_row_priced_on_request_states_no_price(tmp_path):
    """A row whose price cell says "по запросу" (on request) states no price, though another
    cell holds a number ("от 7 дней"): the price question about it is refused, not answered
    by it nor by the rows of the other variant it stands beside, and the refusal says the
    row gives the price only in words."""
    make_sheet(tmp_path / "watch.xlsx", "Стёкла", ("Работа", "Цена, руб.", "Срок"), [
        ("Замена минерального стекла", "1 200", "1 день"), ("Замена сапфирового стекла", "по запросу", "от 7 дней"),
        ("Полировка стекла", "600", "1 день")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "watch.xlsx"])
        ans = lib.ask("Сколько стоит замена сапфирового стекла?")
        assert ans.status == "refused", ans.answer
        # the refusal says how the row prices it, not that nothing was found
        assert any("Замена сапфирового стекла" in w and "по запросу" in w for w in ans.warnings), ans.warnings
        ans = lib.ask("Сколько стоит замена минерального стекла?")
        assert ans.status == "answered", ans.answer
        assert "1 200" in ans.claims[0].citations[0].quote, [c.text for c in ans.claims]
