"""A table row is no answer to a question about an attribute its table has no column for
(answer.apart.rows_lacking_columns): "What is Kenji Ito's e-mail address?" over a staff list
without an e-mail column is refused and says which columns the table has, however well
Kenji Ito's row matches his name; an attribute the headers shorten ("Phone ext.") or name
by the kind a where-, when- or who-question asks for ("Office room") is answered from the row.
"""
from __future__ import annotations

import re

import pytest

from docgen import make_sheet, make_table_slide
from pincite.answer import asked_type, reasons
from pincite.chunk.tables import HEADER_SEP
from pincite.config import Settings
from pincite.library.facade import Library
from pincite.text import analysis

STAFF_HEADER = ("Employee ID", "Name", "Department", "Position", "Phone ext.", "Start date", "Office room")
STAFF = [
    ("E2001", "Kenji Ito", "Finance", "Accountant", 4711, "2019-04-01", "B-204"),
    ("E2002", "Lena Brandt", "Engineering", "Test engineer", 4725, "2021-09-13", "C-118"),
    ("E2003", "Rafael Ortiz", "Sales", "Account manager", 4740, "2020-02-17", "A-012"),
    ("E2004", "Mei Chen", "Engineering", "Team lead", 4702, "2016-11-07", "C-120"),
    ("E2005", "Olga Sidorova", "Legal", "Counsel", 4733, "2022-06-20", "B-210"),
]


PARTS_HEADER = ("Part no.", "Description", "Qty per unit", "Unit price, RUB", "Lead time, days")
PARTS = [("DK-40-05", "Electric motor 4 kW", 1, 42300, 14), ("DK-40-06", "Elastic coupling", 1, 2890, 7)]
MILESTONES = [("Milestone", "Owner", "Due"), ("Prototype ready", "Tomasz Kowalski", "15 May 2026"),
              ("Field trial", "Laura Bennett", "30 June 2026")]


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    root = tmp_path_factory.mktemp("columns")
    make_sheet(root / "staff-list.xlsx", "Staff", STAFF_HEADER, STAFF)
    make_sheet(root / "parts.xlsx", "Parts", PARTS_HEADER, PARTS)
    make_table_slide(root / "falcon.pptx", "Project Falcon: milestones", MILESTONES)
    library = Library(Settings(data_dir=root / "data"))
    files = [root / "staff-list.xlsx", root / "parts.xlsx", root / "falcon.pptx"]
    assert [r.status for r in library.ingest(files)] == ["added"] * 3
    yield library
    library.close()


@pytest.mark.parametrize("question, missing", [
    ("What is Kenji Ito's e-mail address?", "e-mail"),
    ("What is Lena Brandt's annual salary?", "salary"),
])
def test_a_row_without_the_asked_column_is_refused_and_the_columns_named(lib, question, missing):
    ans = lib.ask(question)
    assert ans.status == "refused", (ans.answer, [c.quote for c in ans.citations()])
    said = " ".join(ans.warnings)
    assert missing in said and "staff-list.xlsx" in said and "Phone ext." in said, ans.warnings


def test_a_missing_column_of_the_asked_models_row_is_not_told_as_another_model(tmp_path):
    """A price list with rows for FL-100 and FL-250 and no warranty column: asked the FL-100's
    warranty, the refusal says the table has no such column, not that the passages are
    about the FL-250 (the FL-100 row is there); a model the list lacks is still told apart."""
    make_sheet(tmp_path / "prices.xlsx", "Prices", ("SKU", "Product", "Price, EUR", "Lead time (days)"),
               [("FL-100", "Flow meter FL-100", 480, 10), ("FL-250", "Flow meter FL-250", 715, 14),
                ("CB-20", "Signal cable CB-20", 58, 3)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "prices.xlsx"])
        ans = lib.ask("What is the warranty of the FL-100 flow meter?")
        said = " ".join(ans.warnings)
        assert ans.status == "refused" and ans.refusal == "not_found", (ans.answer, said)
        assert "warranty" in said and "FL-250" not in said, said
        ans = lib.ask("What is the price of the FL-300 flow meter?")
        assert ans.status == "refused" and ans.refusal == "other_model", (ans.answer, ans.warnings)


def test_a_question_picking_rows_by_a_shared_value_is_answered_by_those_rows(tmp_path):
    """"哪些员工在研发部工作？" (which employees work in R&D?) asks for the rows whose
    department is R&D, a value several rows share: its other words ("工作", work) name no
    column it lacks, and every such row is cited."""
    make_sheet(tmp_path / "staff.xlsx", "员工", ("姓名", "部门", "职位", "办公城市"),
               [("王芳", "研发部", "软件工程师", "杭州"), ("李强", "销售部", "销售经理", "上海"),
                ("张伟", "研发部", "测试工程师", "杭州"), ("陈静", "财务部", "会计", "北京")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "staff.xlsx"])
        ans = lib.ask("哪些员工在研发部工作？")
        assert ans.status == "answered", (ans.answer, ans.warnings)
        quotes = [c.quote for c in ans.citations()]
        assert any("王芳" in q for q in quotes) and any("张伟" in q for q in quotes), quotes
        assert not any("李强" in q or "陈静" in q for q in quotes), quotes
        # a column asked of the row a name picks is still missing
        ans = lib.ask("王芳的邮箱是什么？")
        assert ans.status == "refused" and "邮箱" in " ".join(ans.warnings), (ans.answer, ans.warnings)


@pytest.mark.parametrize("question, rows", [
    ("Which employees work in Engineering?", True), ("Who works in Finance?", True),
    ("Кто работает в отделе продаж?", True), ("Какие сотрудники работают в Москве?", True),
    ("哪些员工在研发部工作？", True), ("What is Kenji Ito's e-mail address?", False),
    ("Какой оклад у Кэндзи Ито?", False), ("Whichever way it goes?", False),
])
def test_questions_asking_which_rows_there_are(question, rows):
    assert bool(reasons._ASKS_WHICH_ROWS.search(question)) is rows


def test_a_value_only_its_row_has_names_the_row_not_a_selection():
    """A name or code only one row holds picks that row: the question's other words still
    ask for a column (selects_by_category)."""
    passage = "Staff!A2:C2 | Name: Kenji Ito; Department: Finance\nStaff!A3:C3 | Name: Mei Chen; Department: Finance"
    groups = analysis.query_groups("Who manages Kenji Ito?")
    assert not reasons.selects_by_category(passage, ["Kenji Ito", "Finance"], groups)
    groups = analysis.query_groups("Who works in Finance?")
    assert reasons.selects_by_category(passage, ["Kenji Ito", "Finance"], groups)


def test_the_refusal_lists_each_header_whole(lib):
    """A header that holds a comma ("Unit price, RUB") is one column in the refusal's list:
    the headers are the table's cells, joined by HEADER_SEP."""
    ans = lib.ask("What is the weight of the DK-40-05 electric motor?")
    assert ans.status == "refused", (ans.answer, [c.quote for c in ans.citations()])
    listed = [m.group(1) for w in ans.warnings if (m := re.search(r"\(its columns: (.*)\)$", w))]
    assert [columns.split(HEADER_SEP) for columns in listed] == [list(PARTS_HEADER)], ans.warnings


def test_a_slide_table_row_without_the_asked_column_is_refused(lib):
    """A PowerPoint table's rows are judged by their columns as a sheet's are."""
    ans = lib.ask("What is Tomasz Kowalski's e-mail address?")
    assert ans.status == "refused", (ans.answer, [c.quote for c in ans.citations()])
    assert lib.ask("When is the field trial due?").status == "answered"


def test_a_money_question_is_answered_by_a_price_column_however_worded(lib):
    ans = lib.ask("How much does the DK-40-05 motor cost?")
    assert ans.status == "answered", ans.warnings
    assert "42300" in ans.citations()[0].quote


@pytest.mark.parametrize("question, value", [
    ("Which extension does Kenji Ito have?", "4711"),  # the header shortens the word asked
    ("Where does Mei Chen sit?", "C-120"),  # a where-question: the room column
    ("What position does Olga Sidorova hold?", "Counsel"),
])
def test_a_row_with_the_asked_column_is_answered(lib, question, value):
    ans = lib.ask(question)
    assert ans.status == "answered", ans.answer
    assert value in ans.citations()[0].quote, ans.citations()[0].quote


def test_a_question_in_another_language_is_not_judged_by_its_columns(lib):
    """Across languages a translated header comes too loosely near the asked word to tell
    that a column is missing: a Russian question about the English sheet is not refused for
    lacking a column ("должность" for "Position")."""
    ans = lib.ask("Какая должность у Olga Sidorova?")
    assert not any("столбца" in w for w in ans.warnings), ans.warnings


def test_header_shortenings():
    assert reasons.abbreviates("ext", "extension") and reasons.abbreviates("qty", "quantity")
    assert reasons.abbreviates("dept", "department") and reasons.abbreviates("кол", "количество")
    assert not reasons.abbreviates("ext", "text")  # another first letter
    assert not reasons.abbreviates("extension", "ext")  # not shorter
    assert not reasons.abbreviates("xte", "extension")
    # a numbered quarter or half shortens by its letter; a lone letter or a number does not
    assert [reasons._letters(t) for t in ("q4", "h1", "ext", "a", "2024")] == ["q", "h", "ext", "", ""]


def test_interrogatives_name_the_column_kind():
    where = asked_type.column_words("Where is the projector kept?")
    assert set(analysis.tokens("Location")) <= where and set(analysis.tokens("Office room")) & where
    assert set(analysis.tokens("Дата")) <= asked_type.column_words("Когда он пришёл?")
    assert set(analysis.tokens("Name")) <= asked_type.column_words("Who owns the laptop?")
    assert asked_type.column_words("What is the weight of the laptop?") == set()
    assert "位置" in asked_type.column_words("投影仪放在哪里？")


class _NoVectors:
    """A word matcher that knows no word vectors: only spelling can tie a word to a header."""

    @staticmethod
    def best(text):
        return {}


def test_a_header_derived_from_the_asked_verb_is_its_column():
    """"Driver" is the column "Who drives …?" asks for; a table without such a header still
    lacks it."""
    q = "Who drives the Volkswagen Crafter?"
    groups = analysis.query_groups(q)
    values = ["YC20 HHF", "Volkswagen Crafter", "Dmitri Orlov"]
    assert reasons.lacking_columns(["Plate", "Model", "Driver"], values, groups, _NoVectors(), 0.6, q) is None
    lacked = reasons.lacking_columns(["Plate", "Model", "Mileage"], values[:2] + ["84200"], groups,
                                     _NoVectors(), 0.6, q)
    assert lacked == [g for g in groups if "drive" in g]


def test_derived_words():
    assert reasons.derived("drive", "driver") and reasons.derived("водитель", "водит")
    assert not reasons.derived("own", "owner")  # too short a stem to tell
    assert not reasons.derived("test", "testimony")  # more than a suffix added
    assert not reasons.derived("plate", "model")


MENU_HEADER = ("День", "Приём пищи", "Блюдо", "Выход, г", "Цена, руб.")
MENU = [("Понедельник", "Завтрак", "Каша овсяная молочная", 200, 45),
        ("Вторник", "Завтрак", "Сырники со сметаной", 180, 62), ("Среда", "Завтрак", "Омлет натуральный", 150, 58),
        ("Среда", "Обед", "Рыба запечённая", 230, 112)]


@pytest.mark.parametrize("question, value", [
    ("Что дают на завтрак в среду?", "Омлет натуральный"), ("Сколько будут стоить сырники со сметаной?", "62"),
])
def test_a_verb_of_the_question_names_no_column(tmp_path, question, value):
    """"Что дают на завтрак в среду?": the verb "дают" is no attribute a column could hold
    (a column is headed by a noun: text.morph.names_nothing), so the row is not refused for
    lacking a column "дают"; a noun the table lacks ("телефон") still is."""
    make_sheet(tmp_path / "menu.xlsx", "Меню", MENU_HEADER, MENU)
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "menu.xlsx"])
        ans = lib.ask(question)
        phone = lib.ask("Какой телефон у столовой в среду?")
    assert ans.status == "answered", ans.warnings
    assert value in ans.claims[0].citations[0].quote, ans.claims[0].citations[0].quote
    assert phone.status == "refused", phone.answer


@pytest.mark.parametrize("word, nothing", [("дают", True), ("положено", True), ("почём", True), ("кому", True),
                                           ("телефон", False), ("калорийность", False), ("бесплатное", False)])
def test_russian_words_that_name_no_column(word, nothing):
    from pincite.text.morph import names_nothing

    assert names_nothing(word) == nothing


def test_chinese_verbs_name_no_column():
    assert reasons._names_nothing(("开始",), "中秋游园会几点开始？")
    assert reasons._names_nothing(("下雨",), "要是下雨了活动怎么办？")
    assert not reasons._names_nothing(("电话",), "报名电话是多少？")


def test_a_chinese_modal_verb_names_no_column(tmp_path):
    """"金卡会员需要消费满多少钱？": "需要" (need to) is a modal verb before the verb "消费"
    (spend), which jieba tags as a verbal noun; the modal modifies nothing and names no
    column, so the membership row (项目 / 说明) answers. A noun the sheet lacks still refuses."""
    assert reasons._names_nothing(("需要",), "金卡会员需要消费满多少钱？")
    assert reasons._names_nothing(("能",), "会员能享受几折优惠？")
    assert not reasons._names_nothing(("防护",), "防护等级是多少？")  # a verb before a noun still modifies it
    rows = [("银卡会员", "累计消费满2000元，享9.5折"), ("金卡会员", "累计消费满5000元，享8.8折"),
            ("营业时间", "每天 9:00–21:00")]
    make_sheet(tmp_path / "rules.xlsx", "服务须知", ("项目", "说明"), rows)
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "rules.xlsx"])
        ans = lib.ask("金卡会员需要消费满多少钱？")
    assert ans.status == "answered", (ans.answer, ans.warnings)
    assert "5000" in ans.claims[0].citations[0].quote, ans.claims[0].citations[0].quote


def test_an_english_verb_after_an_auxiliary_names_no_column(tmp_path):
    """"What do they serve for breakfast on Wednesday?": "serve" follows "do they", so it is a
    verb, not a column the menu lacks."""
    header = ("Day", "Meal", "Dish", "Portion, g", "Price, GBP")
    rows = [("Monday", "Breakfast", "Porridge", 200, 1.9), ("Wednesday", "Breakfast", "Plain omelette", 150, 2.4),
            ("Wednesday", "Lunch", "Baked cod", 230, 4.8)]
    make_sheet(tmp_path / "menu.xlsx", "Menu", header, rows)
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "menu.xlsx"])
        ans = lib.ask("What do they serve for breakfast on Wednesday?")
    assert ans.status == "answered", ans.warnings
    assert any("Plain omelette" in c.quote for c in ans.citations()), [c.quote for c in ans.citations()]
    assert reasons._names_nothing(("serv",), "What do they serve?")
    assert not reasons._names_nothing(("phone",), "What is the phone number of the canteen?")


def test_the_verb_of_a_who_question_names_the_role_asked():
    """"Кто поставляет клей?": the verb of a question asking who names the role asked (the
    "Поставщик" column a stock sheet lacks), so it is no word that names nothing; "Кому
    положено …?" asks to whom something is due, and its verb names no column."""
    assert not reasons._names_nothing(("поставля", "поставл"), "Кто поставляет клей монтажный?")
    assert reasons._names_nothing(("полож", "положит"), "Кому положено бесплатное питание?")
