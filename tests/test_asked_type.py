"""The words a question's search adds for the kind of value it asks for, and BM25's first
hits joining the hybrid ones (pincite.answer.asked_type.expansion, answer.retrieve)."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from pincite.answer import asked_type, retrieve
from pincite.index.base import Hit
from pincite.text import analysis


def _expansion(question: str) -> list[str]:
    return asked_type.expansion(analysis.query_groups(question))


def test_a_question_asking_for_a_quantity_also_searches_the_words_naming_it():
    """"How heavy …" is answered by a line labelled "weight"; "масса" asked of an English
    manual by one labelled "weight" too; a Chinese power question by "мощность"/"power"."""
    assert "weight" in _expansion("How heavy is the pump?")
    assert "weight" in _expansion("Какая масса насоса?")
    assert "power" in _expansion("这台风扇的功率是多少？")


def test_the_expansion_adds_no_word_the_question_has_and_nothing_for_plain_questions():
    words = _expansion("What is the weight and the mass of the pump?")
    assert "weight" not in words and "mass" not in words and "heavi" in words
    assert _expansion("Who maintains the reference card?") == []
    assert _expansion("What is the seventh task?") == []  # an ordinal names no passage
    assert len(words) == len(set(words))


def test_chinese_type_words_add_their_own_form_not_their_pieces():
    """"哪一年" is searched as itself, not as "一年" ("one year"), which other text holds."""
    words = _expansion("What year was it released?")
    assert "哪一年" in words and "一年" not in words


def _hit(cid: str) -> Hit:
    return Hit(chunk_id=cid, doc_id="d", score=1.0, rank=0, page=1, page_end=1, char_start=0,
               char_end=len(cid), text=cid)


class _Index:
    def __init__(self, hybrid: list[str], bm25: list[str], dense: tuple[str, ...] = ()):
        self.lists = {"hybrid": hybrid, "bm25": bm25, "dense": list(dense)}
        self.calls: list[dict] = []

    def search(self, terms, flt, limit=10, *, query_vector=None, mode="hybrid", similarity_to=None):
        self.calls.append({"terms": terms, "mode": mode, "limit": limit,
                           "similarity_to": similarity_to, "query_vector": query_vector})
        return [_hit(c) for c in self.lists[mode][:limit]]


def _lib(index: _Index, retrieval: str = "hybrid"):
    return SimpleNamespace(index=index, settings=SimpleNamespace(top_k=3, retrieval=retrieval),
                           embed_query=lambda q: [1.0, 0.0])


def test_bm25_and_dense_first_hits_join_the_hybrid_ones_after_them_once_each():
    index = _Index(hybrid=["a", "b", "c"], bm25=["x", "a", "y"], dense=("t", "x", "b", "u", "v"))
    q = "How heavy is the pump?"
    hits = retrieve.retrieve(_lib(index), q, analysis.query_groups(q), None)
    # the dense side's first DENSE_HEAD (3) come last: a translation "t" that BM25 cannot find
    assert [h.chunk_id for h in hits] == ["a", "b", "c", "x", "y", "t"]
    assert [h.rank for h in hits] == [1, 2, 3, 4, 5, 6]
    bm25 = next(c for c in index.calls if c["mode"] == "bm25")
    assert bm25["limit"] == retrieve.BM25_HEAD and bm25["similarity_to"] == [1.0, 0.0]
    assert "weight" in bm25["terms"]  # the same words as the hybrid search, expansion included
    dense = next(c for c in index.calls if c["mode"] == "dense")
    assert dense["limit"] == retrieve.DENSE_HEAD and dense["query_vector"] == [1.0, 0.0]


def test_no_second_search_when_retrieval_is_one_sided():
    index = _Index(hybrid=["a"], bm25=["x"])
    q = "How heavy is the pump?"
    hits = retrieve.retrieve(_lib(index, retrieval="bm25"), q, analysis.query_groups(q), None)
    assert len(index.calls) == 1 and [h.chunk_id for h in hits] == ["x"]


@pytest.mark.parametrize("question", ["Как долго хранятся журналы ремонтов?",
                                      "Какова продолжительность ТО компрессора?",
                                      "What is the duration of the induction course?",
                                      "保修期限是多少？"])
def test_a_question_asking_for_a_span_of_time_is_typed(question):
    assert "duration" in {asked_type.type_of(g) for g in analysis.query_groups(question)}


@pytest.mark.parametrize("question, typed", [
    ("How much heavier is the SKD-12M than the SKD-12?", True),
    ("На сколько СКД-12М тяжелее СКД-12?", True),
    ("НД-40М比НД-40重多少？", True),
    ("这个参数重要吗？", False),  # "重要" (important) is a word of its own
    ("重新安装需要哪些步骤？", False),  # "重新" (again) too
])
def test_a_comparison_by_weight_asks_for_a_mass(question, typed):
    """The comparative asks for a mass as "weight" does ("How much heavier …?", "тяжелее",
    "比…重多少"), so a row labelled "Масса, кг" holds the value asked for; the words that
    only begin with 重 do not."""
    assert ("mass" in {asked_type.type_of(g) for g in analysis.query_groups(question)}) == typed


@pytest.mark.parametrize("text, is_span", [
    ("Журналы учёта хранятся 5 лет.", True), ("в течение 3 рабочих дней", True),
    ("The filter lasts about 3000 hours.", True), ("整机保修期为两年", True), ("约 30 分钟", True),
    ("Приказ от 2023 года", False), ("Issued in 2019 year", False), ("Weight 5 kg", False),
])
def test_spans_of_time_are_recognised_and_years_are_not(text, is_span):
    assert (asked_type.MARK + "duration" in asked_type.value_marks(text)) == is_span


def test_how_heavy_in_chinese_asks_for_a_weight():
    """"多重" ("有多重？", how heavy) asks for a mass as "heavy" does: its search adds the
    words naming a weight, and a weight value stands for it."""
    assert asked_type.type_of(("多重",)) == "mass"
    words = _expansion("这台净化器有多重？")
    assert "重量" in words and "weight" in words


def test_a_chinese_how_heavy_question_with_a_demonstrative_is_answered(tmp_path):
    """"这台净化器有多重？" ("how heavy is this purifier?") is answered by the manual's
    "净重 6.8 千克" line, "多重" being met by a weight; "这台" ("this", with its measure word)
    is no word a passage must hold, so a refusal does not name it as missing."""
    from pdfgen import make_pdf
    from pincite.config import Settings
    from pincite.library.facade import Library

    pdf = make_pdf(tmp_path / "manual.pdf", [
        "LX-7 空气净化器用户手册。\n使用前请仔细阅读本手册。\n请勿在浴室等潮湿环境中使用本产品。\n"
        "产品规格：额定功率 45 W，噪音 28 分贝。\n净重 6.8 千克，外形尺寸 320 × 320 × 560 毫米。\n"
        "预过滤网建议每两周清洁一次。"], font="cid-chinese")
    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        (res,) = lib.ingest([pdf])
        assert res.status == "added", res
        for question in ("这台净化器有多重？", "这款净化器有多重？"):
            ans = lib.ask(question)
            assert ans.status == "answered", (question, ans.answer)
            assert "6.8 千克" in ans.claims[0].citations[0].quote, (question, ans.claims[0].citations[0].quote)
        # a refusal names the question's words no passage holds: "保修期" (warranty), not "这台"
        ans = lib.ask("这台净化器的保修期是多久？")
        why = " ".join(ans.warnings)
        assert ans.status == "refused" and "保修期" in why and "这台" not in why, why
        # a price asked of passages stating none: that is what they lack
        price = lib.ask("这台净化器的售价是多少？")
        assert price.status == "refused" and "价格" in " ".join(price.warnings), price.warnings


@pytest.mark.parametrize("text, kind, marked", [
    ("Масса камеры без загрузки, кг 3 200 4 150", "mass", True),   # the unit stands in the label
    ("Weight (kg): 58", "mass", True),
    ("额定功率（千瓦）：45", "power", True),
    ("Масса камеры указана на табличке.", "mass", False),          # the kind named, no number
    ("Rows 1 to 255 of the table", "mass", False),                  # a number, no word of the kind
])
def test_a_number_under_its_kinds_name_is_a_value_of_that_kind(text, kind, marked):
    """A table row or label states a quantity by naming its kind beside a number, its unit in
    the label rather than after the number: such a text holds a value of the kind."""
    assert (asked_type.MARK + kind in asked_type.value_marks(text)) == marked


def test_how_much_does_it_weigh_is_answered_by_a_row_labelled_mass(tmp_path):
    """"Сколько весит …?" and "Какой вес …?" ask for a mass; a spreadsheet row labelled
    "Масса, кг" with the number in the next cell answers both, as "Какая масса …?" is
    answered, and none of them names "весит"/"вес" as a missing word."""
    from docgen import make_sheet
    from pincite.config import Settings
    from pincite.library.facade import Library

    xlsx = make_sheet(tmp_path / "specs.xlsx", "Характеристики", ("Параметр", "Значение"), [
        ("Масса камеры без загрузки, кг", 3200), ("Мощность калорифера, кВт", 45),
        ("Объём загрузки, м³", 12), ("Габариты (Д×Ш×В), мм", "6000×2500×3100")])
    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        (res,) = lib.ingest([xlsx])
        assert res.status == "added", res
        for question in ("Сколько весит камера?", "Какой вес камеры?", "Какая масса камеры?"):
            ans = lib.ask(question)
            assert ans.status == "answered", (question, ans.answer, ans.warnings)
            quote = ans.claims[0].citations[0].quote
            assert "3200" in quote.replace(" ", ""), (question, quote)


@pytest.mark.parametrize("text, defines", [
    ("There is an Emacs package called ESS (“Emacs Speaks Statistics”) which provides an interface.", True),
    ("The “Comprehensive R Archive Network” (CRAN) is a collection of sites.", True),
    ("Система управления базами данных (СУБД) хранит записи.", True),
    ("Department of Defense (DOD) contracts", True),               # a function word left out
    ("ESS comes with detailed installation instructions.", False),  # used, not spelled out
    ("The ISO standard says each entry is sorted.", False),          # initials nearby by chance
])
def test_an_abbreviation_spelled_out_beside_it_is_recognised(text, defines):
    assert asked_type.defines_abbreviation(text) == defines


def test_what_an_acronym_stands_for_is_answered_by_its_definition(tmp_path):
    """"What does the acronym X stand for?" / "Что означает аббревиатура X?" name no word a
    document writes beside the definition ("acronym", "stand"): the sentence spelling X out is
    the answer; an acronym the manual never defines or uses is refused."""
    from pdfgen import make_pdf
    from pincite.config import Settings
    from pincite.library.facade import Library

    pdf = make_pdf(tmp_path / "guide.pdf", [
        "Operator guide for the KT-4 press line.\n"
        "The line is controlled through the Human Machine Interface (HMI) next to the feeder.\n"
        "All alarms are logged by the PLC and shown on the HMI screen.\n"
        "Spare parts are ordered through the Enterprise Resource Planning system.\n"
        "Lubricate the guide rails every 200 operating hours."])
    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        (res,) = lib.ingest([pdf])
        assert res.status == "added", res
        for question in ("What does the acronym HMI stand for?", "What does HMI stand for?",
                         "Что означает аббревиатура HMI?"):
            ans = lib.ask(question)
            assert ans.status == "answered", (question, ans.answer, ans.warnings)
            assert "Human Machine Interface" in ans.claims[0].citations[0].quote, (question, ans.answer)
        ans = lib.ask("What does the acronym SCADA stand for?")
        assert ans.status == "refused", ans.answer


def test_a_chinese_author_under_the_title_and_above_the_date_is_the_answer(tmp_path):
    """A title page with the author's name alone on its line, then the date: "…的作者是谁？"
    and "…是谁写的？" are answered by the name (quoted with the line after it, a name alone
    being too short to verify as a quote), not refused for "作者"/"写"."""
    from pdfgen import make_pdf
    from pincite.config import Settings
    from pincite.library.facade import Library

    pdf = make_pdf(tmp_path / "pkg.pdf", [
        "hanmark 宏包\n王晓明\n2023/05/14 版本 2.1\n摘 要\nhanmark 宏包为中文文档提供着重号命令，支持多种样式。\n"
        "本宏包在 XeLaTeX 和 LuaLaTeX 下均可使用。",
        "第 1 节 安装\n在 TeX Live 中可以直接使用 tlmgr install hanmark 命令安装本宏包。\n"
        "第 2 节 用法\n在导言区加载 hanmark 宏包后，使用 \\hanmark 命令标记文字。"], font="cid-chinese")
    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        (res,) = lib.ingest([pdf])
        assert res.status == "added", res
        for question in ("hanmark 宏包的作者是谁？", "hanmark 宏包是谁写的？"):
            ans = lib.ask(question)
            assert ans.status == "answered", (question, ans.answer, ans.warnings)
            assert "王晓明" in ans.claims[0].citations[0].quote, (question, ans.answer)



@pytest.mark.parametrize("question, asks", [
    ("Which version of the tabmark manual is this?", True),
    ("What is the date of the tabmark manual?", True),
    ("When was the tabmark manual released?", True),
    ("Какая версия руководства tabmark?", True),
    ("tabmark 手册是哪个版本、哪天的？", True),
    ("When was tabmark version 1.0 released?", False),  # names a version: asks about that one
    ("Which minimum version of colorfix does tabmark require?", False),  # what it requires
    ("tabmark 的日期格式靠哪个宏包实现？", False),  # the date is the topic, a package is asked
])
def test_a_question_asking_which_edition_a_document_is(question, asks):
    assert asked_type.asks_edition(question) == asks


def test_the_version_and_date_of_a_document_are_read_from_its_title_page(tmp_path):
    """"Which version of … is this?" and "What is the date of …?" are answered by the title
    page's edition line, not by a later page that mentions versions or dates; a question
    for the version of something the document requires is not answered by it."""
    from pdfgen import make_pdf
    from pincite.config import Settings
    from pincite.library.facade import Library

    pdf = make_pdf(tmp_path / "tabmark.pdf", [
        "The tabmark package\nMarking table cells in LaTeX\nJane Q. Example\n2024/05/17 Version 2.3\n"
        "Abstract\nThe tabmark package marks cells of a table with colours and symbols.",
        "1 Installation\nThe package needs colorfix and works with any LaTeX engine. Install it with "
        "tlmgr install tabmark and load it in the preamble.\n2 History\nIn an earlier version the marks "
        "were drawn with rules; the current version draws them with the colorfix package. The "
        "changes of each version are listed in the file CHANGES.",
        "3 Usage\nThe command \\tabmark{colour} marks the current cell. The option symbols=true draws a "
        "symbol instead of a colour. Each mark is drawn when the cell is typeset."], title="The tabmark package")
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        (res,) = lib.ingest([pdf])
        assert res.status == "added", res
        for question, value in (("Which version of the tabmark manual is this?", "Version 2.3"),
                                ("What is the date of the tabmark manual?", "2024/05/17")):
            ans = lib.ask(question)
            cit = ans.claims[0].citations[0] if ans.claims else None
            assert ans.status == "answered" and cit is not None, (question, ans.answer)
            assert cit.page == 1 and value in cit.quote, (question, cit.page, cit.quote)
        ans = lib.ask("Which minimum version of colorfix does tabmark require?")
        assert not any("Version 2.3" in c.quote for c in ans.citations()), ans.answer


@pytest.mark.parametrize("line", ["August 31st, 2020 ver. 2.03y", "Version 3.3", "v2.38", "November 23, 2020",
                                  "2022/07/14 v3.1", "版本 2.5.10"])
def test_title_block_edition_lines(line):
    """A title block states its edition as a version after its word or abbreviation ("ver.
    2.03y") or as a date, an ordinal day too ("August 31st, 2020")."""
    from pincite.answer.asked_type import edition_lines

    assert edition_lines(["nanicolle for herbarium specimen labels", "Yuchang Yang", line]) == [line]


@pytest.mark.parametrize("text, clock", [
    ("Клиника принимает пациентов с 8:00 до 21:00", True), ("Departs: 06:45:00", True),
    ("Doors open at 9 a.m. sharp", True), ("活动下午3点开始", True),
    ("Price: 8.50 GBP", False), ("Scale 1:2000", False), ("3 hours a day", False),
])
def test_a_time_of_day_is_a_value_of_its_own(text, clock):
    assert (asked_type.MARK + "clock" in asked_type.value_marks(text)) is clock


def test_a_question_for_a_time_of_day_is_answered_by_a_clock_time(tmp_path):
    """"До которого часа открыта клиника?" (a function word, "которого", and "часа") and
    "What time …?" ask for a time of day: the passage stating the hours answers, though it
    says neither "час" nor "time"."""
    from pdfgen import make_pdf
    from pincite.config import Settings
    from pincite.library.facade import Library

    assert [asked_type.typed_group(g) for g in analysis.query_groups("До которого часа открыта клиника?")][0] == (
        "час", asked_type.MARK + "clock")
    make_pdf(tmp_path / "clinic.pdf", [
        "Ветеринарная клиника «Лапа». Правила приёма.\n1.1. Клиника принимает пациентов ежедневно с 8:00 до "
        "21:00; стационар работает круглосуточно.\n1.2. Запись на приём ведётся по телефону регистратуры.",
    ], font="dejavu", title="Правила клиники")
    make_pdf(tmp_path / "ferry.pdf", [
        "Island ferry notice. The first ferry leaves the harbour at 06:45 and the last returns at 19:10. "
        "Tickets are sold on board.",
    ], title="Ferry notice")
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "clinic.pdf", tmp_path / "ferry.pdf"])
        ans = lib.ask("До которого часа открыта клиника?")
        assert ans.status == "answered", (ans.answer, ans.warnings)
        assert "с 8:00 до 21:00" in ans.claims[0].citations[0].quote
        ans = lib.ask("What time does the first ferry leave?")
        assert ans.status == "answered", (ans.answer, ans.warnings)
        assert "06:45" in ans.claims[0].citations[0].quote


@pytest.mark.parametrize("text, age", [
    ("Minimum age: 17 on race day", True), ("Дети принимаются с 7 лет", True), ("年满16岁可参加", True),
    ("aged 12 or over", True), ("born in 1990", False), ("an old version of dvips", False),
])
def test_an_age_is_a_value_of_its_own(text, age):
    assert (asked_type.MARK + "age" in asked_type.value_marks(text)) is age


def test_how_old_is_answered_by_an_age_not_by_the_word_old(tmp_path):
    """"How old do you have to be …?" asks an age: the line stating one ("Minimum age: 17")
    answers, not a passage of another document that says "old"."""
    from pdfgen import make_pdf
    from pincite.config import Settings
    from pincite.library.facade import Library

    make_pdf(tmp_path / "race.pdf", ["Riverside Half Marathon. Course and rules.",
                                     "Distance 21.1 km, one loop.\nMinimum age: 17 on race day.\n"
                                     "Headphones are allowed only at a low volume."], title="Race guide")
    make_pdf(tmp_path / "printing.pdf", ["Printing notes. The left margin should measure 1.5 in. If not, you have "
                                         "an old version of the printer driver."], title="Printing notes")
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "race.pdf", tmp_path / "printing.pdf"])
        ans = lib.ask("How old do you have to be to take part in the race?")
    assert ans.status == "answered", (ans.answer, ans.warnings)
    assert "Minimum age: 17" in ans.claims[0].citations[0].quote, ans.claims[0].citations[0].quote



@pytest.mark.parametrize("text, money", [
    ("Замена вентиля 1 колесо 150 руб.", True), ("Day pass: £9.50", True), ("纸箱 12元", True),
    ("Price, EUR: 715", True), ("价格（元）: 800", True), ("Цена, руб.: 1 500", True),
    ("EUR 715", True),
    ("Срок, раб. дней: 7", False), ("Выпуск 2023 г.", False), ("Rows 1 to 255", False),
])
def test_an_amount_of_money_is_a_value_of_its_own(text, money):
    """A number with a currency beside it, or under a money heading in a "Header: value"
    pair, is an amount of money; a number of days or a year is not."""
    assert (asked_type.MARK + "money" in asked_type.value_marks(text)) is money


@pytest.mark.parametrize("question", ["Сколько стоит мойка?", "Во что обойдётся мойка?", "Какова стоимость мойки?",
                                      "What does a wash cost?", "洗车多少钱？", "这台洗车机的售价是多少？"])
def test_a_question_of_what_something_costs_asks_for_money(question):
    """Each language's ways of asking a price ask for an amount of money, whatever the words,
    which a row under "Цена, руб." holds though it writes none of them."""
    marks = {g[-1] for g in map(asked_type.typed_group, analysis.query_groups(question))}
    assert asked_type.MARK + "money" in marks, question
    assert asked_type.MARK + "money" in asked_type.header_marks("Кроссовер / внедорожник, руб.")
    assert asked_type.MARK + "money" not in asked_type.header_marks("Класс автомобиля")


def test_hits_of_the_translations_are_scored_even_when_found_below_the_head():
    """A passage in another language that the search with the question's words ranked below
    the scored head (extractive.SCORED_HITS: words of the question's own language outrank
    it) is brought into it by the search with the translations."""
    from pincite.answer.extractive import SCORED_HITS

    own = [f"en{i}" for i in range(40)]
    hybrid = own[:26] + ["zh-row"] + own[26:]

    class Index(_Index):
        def search(self, terms, flt, limit=10, *, query_vector=None, mode="hybrid", similarity_to=None):
            self.calls.append({"terms": terms, "mode": mode})
            if mode == "bm25" and "模拟" in terms:
                return [_hit(c) for c in ["zh-row", "en1"][:limit]]
            return [_hit(c) for c in self.lists[mode][:limit]]

    index = Index(hybrid=hybrid, bm25=own[:5])
    q = "How much is an hour on the simulator?"
    groups = analysis.query_groups(q)
    translated = [g + (("模拟",) if g[0] == "simul" else ()) for g in groups]
    lib = _lib(index)
    lib.settings.top_k = 50
    head = [h.chunk_id for h in retrieve.retrieve(lib, q, groups, None, translated)[:SCORED_HITS]]
    assert "zh-row" in head


def test_a_chinese_amount_followed_unspaced_by_a_word_is_money():
    """Chinese writes no spaces: "按每次200元收取占位费" states 200 yuan though a word follows
    the currency; a Latin or Cyrillic letter after it still makes another word."""
    assert asked_type.MONEY_VALUE.search("燃油车占用充电车位的，按每次200元收取占位费。")
    assert asked_type.MONEY_VALUE.search("每车加收20元") and not asked_type.MONEY_VALUE.search("3 eurovision")
