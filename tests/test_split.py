"""Compound questions: the offline splitter on generated compound and single
questions of each language, part-by-part answers (`parts[]`, `partial`), the query model's
split on the LLM path, and the part-by-part eval score."""
from __future__ import annotations

import json

import pytest

from llm_server import Reply, ScriptedLLM, chat_json
from pdfgen import make_pdf
from pincite.answer.llm_settings import LlmSettings
from pincite.answer.split import split_question
from pincite.config import Settings
from pincite.eval.run import score, summarise
from pincite.library.facade import Library


@pytest.mark.parametrize("question, lang, parts", [
    # ", and" + preposition + interrogative; the leading source phrase goes to every part
    ("Per the PX-200 service manual, when was the pump first delivered, and in which year was "
     "the seal kit changed to suit hotter water?", "en",
     ["Per the PX-200 service manual, when was the pump first delivered?",
      "Per the PX-200 service manual, in which year was the seal kit changed to suit hotter water?"]),
    # "and" + interrogative, no comma
    ("According to the boiler notice, when was the relief valve replaced and when was the gauge "
     "of boiler B-12 calibrated?", "en",
     ["According to the boiler notice, when was the relief valve replaced?",
      "According to the boiler notice, when was the gauge of boiler B-12 calibrated?"]),
    ("What is the maximum pressure of the PX-200 pump? How long is the PX-200 warranty period?", "en",
     ["What is the maximum pressure of the PX-200 pump?", "How long is the PX-200 warranty period?"]),
    # "и" + preposition + interrogative; the second part starts with a capital
    ("Какое давление выдерживает насос НД-40 и на каких режимах насос вообще не запустится?", "ru",
     ["Какое давление выдерживает насос НД-40?", "На каких режимах насос вообще не запустится?"]),
    ("Какое максимальное давление насоса НД-40 и какой гарантийный срок установлен для насоса?", "ru",
     ["Какое максимальное давление насоса НД-40?", "Какой гарантийный срок установлен для насоса?"]),
    # two Chinese question sentences
    ("泵 PX-200 的额定流量是每小时多少立方米？使用变频器后最大流量是额定流量的多少倍？", "zh",
     ["泵 PX-200 的额定流量是每小时多少立方米？", "使用变频器后最大流量是额定流量的多少倍？"]),
    ("在 Linux 下如何挂载泵控制软件的安装镜像？如需第三方驱动程序，推荐哪些？", "zh",
     ["在 Linux 下如何挂载泵控制软件的安装镜像？", "如需第三方驱动程序，推荐哪些？"]),
    ("泵 PX-200 的最大工作压力是多少？泵的保修期从交货日期起算是多长时间？", None,
     ["泵 PX-200 的最大工作压力是多少？", "泵的保修期从交货日期起算是多长时间？"]),
])
def test_generated_compound_questions_split_self_contained(question, lang, parts):
    assert split_question(question, lang) == parts


@pytest.mark.parametrize("question, lang", [
    # "and" between two asked things of one value, not before an interrogative
    ("In the pump's table of spare parts, what order code and price belong to the part 'seal ring'?", "en"),
    # the second part leans on "it" and has too few content words of its own
    ("Which switch on the PX-200 control panel stops the motor, and what colour is it?", "en"),
    # a statement sentence belongs to the question after it
    ("The service manual lists seven checks before start-up. What is the seventh (last) check?", "en"),
    # "and" opens an inserted phrase: the part before it ("Which earlier manual?") is too short
    ("Which earlier manual, and of what date, does the PX-200 manual (2 May 2020) replace?", "en"),
    # one shared verb: the part before "и" ("В каком городе?") is too short to stand alone
    ("В каком городе и в каком году был изготовлен насос НД-40?", "ru"),
    ("Какой датой и номером утверждена инструкция по эксплуатации насоса НД-40?", "ru"),
    # "、" and "第一、第二、第三" are not conjunctions that split
    ("《泵站安全管理办法》是以哪一号文件、于哪一天发布的？", "zh"),
    ("根据价格通知，泵站第一、第二、第三档电价分别为多少？", "zh"),
    # a second question sentence with too few content words stays with the first
    ("泵的工作温度范围是多少？超出范围会怎样？", "zh"),
])
def test_single_questions_with_and_are_not_split(question, lang):
    assert split_question(question, lang) == [question]
    assert split_question(question) == [question]  # also with the language detected


@pytest.mark.parametrize("question, lang, parts", [
    # one copula frame, two noun phrases, the second with its own determiner
    ("What is the weight and the warranty period of the AQ-100 pump?", "en",
     ["What is the weight of the AQ-100 pump?", "What is the warranty period of the AQ-100 pump?"]),
    # two single words: each keeps the words they share ("limit")
    ("What is the pressure and temperature limit of the pump?", "en",
     ["What is the pressure limit of the pump?", "What is the temperature limit of the pump?"]),
    ("Каковы мощность и напор насоса НД-40?", "ru",
     ["Каковы мощность насоса НД-40?", "Каковы напор насоса НД-40?"]),
    # two adjectives agreeing with one noun: the noun is shared
    ("Каковы минимальная и максимальная температура воздуха в цехе?", "ru",
     ["Каковы минимальная температура воздуха в цехе?", "Каковы максимальная температура воздуха в цехе?"]),
    # a noun (or an adjective used as one, plural) and an adjective agreeing with the noun
    # after it: that noun goes with the adjective only, what follows it with both
    ("Каковы суточные и предельная стоимость проживания при поездке в Москву?", "ru",
     ["Каковы суточные проживания при поездке в Москву?",
      "Каковы предельная стоимость проживания при поездке в Москву?"]),
    ("Каковы масса и полная длина шланга HX-50?", "ru",
     ["Каковы масса шланга HX-50?", "Каковы полная длина шланга HX-50?"]),
    # one preposition said again before each thing
    ("Сколько дней даётся на отчёт о командировке и на возврат неизрасходованного аванса?", "ru",
     ["Сколько дней даётся на отчёт о командировке?", "Сколько дней даётся на возврат неизрасходованного аванса?"]),
    ("What is the output frequency for the simplex solver and for the MIP solver (with units)?", "en",
     ["What is the output frequency for the simplex solver (with units)?",
      "What is the output frequency for the MIP solver (with units)?"]),
    # Chinese "分别" / "各": the predicate holds of each thing in turn
    ("DLG-37空压机的额定功率和额定排气压力各是多少？", "zh",
     ["DLG-37空压机的额定功率是多少？", "DLG-37空压机的额定排气压力是多少？"]),
    ("出差坐火车和坐飞机，分别可以报销什么等级的座位？", "zh",
     ["出差坐火车，可以报销什么等级的座位？", "坐飞机，可以报销什么等级的座位？"]),
    # each side a whole phrase with its own "的": nothing shared before the conjunction
    ("伪粗体的默认粗细程度和伪斜体的默认倾斜程度分别是多少？", "zh",
     ["伪粗体的默认粗细程度是多少？", "伪斜体的默认倾斜程度是多少？"]),
])
def test_one_frame_asking_several_things_is_one_part_per_thing(question, lang, parts):
    assert split_question(question, lang) == parts
    assert split_question(question) == parts  # also with the language detected


@pytest.mark.parametrize("question, lang", [
    # a relation between the two things
    ("What is the difference between the inlet and the outlet pressure of the pump?", "en"),
    # a singular Russian frame may ask one thing named two ways
    ("Какой символ и множитель обозначают приставку кило?", "ru"),
    # no "分别"/"各": "A和B的C" may ask one thing of both
    ("字体和页边距的默认值是多少？", "zh"),
])
def test_one_frame_without_separate_things_stays_whole(question, lang):
    assert split_question(question, lang) == [question]


PAGES = [
    "PX-200 pump service manual. Overview of the unit.",
    "Operating limits. The maximum operating pressure of the PX-200 pump is 10 bar.",
    "Warranty. The warranty period of the PX-200 pump is 18 months from the date of delivery.",
]


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    root = tmp_path_factory.mktemp("compound")
    make_pdf(root / "px200.pdf", PAGES, title="PX-200 pump service manual")
    lib = Library(Settings(data_dir=root / "data", embedder="none"))
    assert lib.ingest([root / "px200.pdf"])[0].status == "added"
    yield lib
    lib.close()


def test_compound_answer_has_one_part_per_sub_question(library):
    ans = library.ask("What is the maximum operating pressure of the PX-200 pump? "
                      "How long is the warranty period of the PX-200 pump?")
    assert ans.status == "answered" and len(ans.parts) == 2
    assert [p.status for p in ans.parts] == ["answered", "answered"]
    assert ans.parts[0].claims[0].citations[0].page == 2 and ans.parts[1].claims[0].citations[0].page == 3
    assert ans.citations()[0].page == 2  # the first part's best citation comes first
    assert "10 bar" in ans.answer and "18 months" in ans.answer


def test_a_part_missing_from_the_library_makes_a_partial_answer_without_a_number(library):
    ans = library.ask("What is the maximum operating pressure of the PX-200 pump, and what noise "
                      "level in decibels does the PX-200 pump produce at full speed?")
    assert ans.status == "partial" and len(ans.parts) == 2
    proven, missing = ans.parts
    assert proven.status == "answered" and "10 bar" in proven.answer
    assert missing.status == "refused" and not missing.claims
    assert not any(ch.isdigit() for ch in missing.answer)
    assert any("part 2 is not answered" in w for w in ans.warnings)


def test_one_frame_with_one_thing_absent_is_partial_and_names_the_missing_part(library):
    found = library.ask("What is the maximum operating pressure and the warranty period of the PX-200 pump?")
    assert found.status == "answered" and [p.status for p in found.parts] == ["answered", "answered"]
    ans = library.ask("What is the maximum operating pressure and the noise level in decibels of the PX-200 pump?")
    assert ans.status == "partial" and [p.status for p in ans.parts] == ["answered", "refused"]
    assert ans.citations()[0].page == 2 and "10 bar" in ans.answer
    assert ans.parts[1].question == "What is the noise level in decibels of the PX-200 pump?"
    assert any(w.startswith("part 2 is not answered (refused): What is the noise level") for w in ans.warnings)
    none = library.ask("What is the noise level and the paint colour of the PX-200 pump?")
    assert none.status == "refused" and not none.citations()


RU_PAGES = [
    "Руководство по эксплуатации насоса НД-40. Общие сведения.",
    "Технические характеристики. Мощность насоса НД-40 составляет 4 кВт.",
]
ZH_PAGES = [
    "泵 PX-200 使用说明书。概述。",
    "技术参数。泵 PX-200 的额定功率为 4 千瓦。",
]


@pytest.mark.parametrize("pages, font, question, missing", [
    (RU_PAGES, "dejavu", "Каковы мощность и шумность насоса НД-40 в децибелах?",
     "часть 2 без ответа (отказ): Каковы шумность насоса НД-40 в децибелах?"),
    (ZH_PAGES, "cid-chinese", "泵 PX-200 的额定功率和噪声分贝值分别是多少？",
     "第 2 部分未回答（拒答）：泵 PX-200 的噪声分贝值是多少？"),
])
def test_a_missing_part_is_named_in_the_question_language(tmp_path, pages, font, question, missing):
    make_pdf(tmp_path / "manual.pdf", pages, font=font)
    lib = Library(Settings(data_dir=tmp_path / "data", embedder="none"))
    try:
        assert lib.ingest([tmp_path / "manual.pdf"])[0].status == "added"
        ans = lib.ask(question)
    finally:
        lib.close()
    assert ans.status == "partial" and [p.status for p in ans.parts] == ["answered", "refused"]
    assert ans.citations()[0].page == 2
    note = next(w for w in ans.warnings if w.startswith(missing))
    assert ans.parts[1].warnings and ans.parts[1].warnings[0] in note  # the part's own reason


def test_query_model_split_is_used_and_a_bad_one_falls_back_to_rules(library):
    import re

    block = re.compile(r"<<<EVIDENCE (\w+) chunk_id=(\S+) \| [^\n]*>>>\n(.*?)\n<<<END \1>>>", re.S)

    def model(request, headers):
        if request.get("response_format", {}).get("json_schema", {}).get("name") == "split":
            return Reply(json=chat_json(json.dumps({"parts": [
                "What is the maximum operating pressure of the PX-200 pump?",
                "What is the warranty period of the PX-200 pump?"]})))
        user = request["messages"][1]["content"]
        blocks = block.findall(user)
        asked = user.split("\n", 1)[0]
        for topic, needle, claim in (("pressure", "10 bar", "It is 10 bar."),
                                     ("warranty", "18 months", "It is 18 months.")):
            hit = next(((cid, text) for _, cid, text in blocks if needle in text), None)
            if hit and topic in asked:
                sentence = next(s for s in hit[1].split(". ") if needle in s)
                return Reply(json=chat_json(json.dumps({"status": "answered", "claims": [
                    {"text": claim, "chunk_id": hit[0], "quote": sentence.strip().rstrip(".")}]})))
        return Reply(json=chat_json(json.dumps({"status": "refused", "claims": []})))

    with ScriptedLLM(handler=model) as llm:
        settings = LlmSettings(base_url=llm.url, model="answer", query_model="splitter", timeout_s=5)
        ans = library.ask("Tell me the PX-200 pump's maximum operating pressure and its warranty period.",
                          llm=settings)
        assert llm.requests[0][1]["model"] == "splitter"
        assert len(ans.parts) == 2 and ans.status == "answered"
        assert any("split into 2 parts by the query model splitter" in w for w in ans.warnings)
        assert [p.claims[0].citations[0].page for p in ans.parts] == [2, 3]

        llm.handler = lambda request, headers: Reply(json=chat_json("I cannot split this."))
        ans = library.ask("What is the maximum operating pressure of the PX-200 pump?", llm=settings)
        assert any("split by rules" in w for w in ans.warnings) or ans.parts == []


def test_eval_scores_compound_questions_part_by_part(library):
    doc = library.documents()[0]
    ans = library.ask("What is the maximum operating pressure of the PX-200 pump? "
                      "How long is the warranty period of the PX-200 pump?")
    q = {"id": "g-1", "lang": "en", "kind": "compound", "doc": "px200.pdf", "pages": [2, 3],
         "question": ans.question, "answer": "10 bar; 18 months",
         "quote_parts": ["maximum operating pressure of the PX-200 pump is 10 bar",
                         "warranty period of the PX-200 pump is 18 months"]}
    rec = score(q, ans, 0.1, page_text=library.page_text)
    assert (rec.parts_found, rec.parts_total) == (2, 2)
    one = ans.model_copy(update={"claims": ans.parts[0].claims})
    rec1 = score(q, one, 0.1, page_text=library.page_text)
    assert (rec1.parts_found, rec1.parts_total) == (1, 2)
    assert summarise([rec, rec1]).rows["all"]["compound_parts"] == 0.75
    assert doc.file_name == "px200.pdf"


def test_core_of_leaves_out_copied_context():
    from pincite.answer.split import core_of

    (first, second) = split_question("What does lshort say about fonts? How are margins set in it (per lshort)?")
    assert second.endswith("(per lshort)?") and core_of(second) == "How are margins set in it?"
    assert core_of("Plain question?") == "Plain question?"


# ---------------------------------------------------------------- one part per listed item


@pytest.mark.parametrize("question, lang, parts", [
    # TeX macros in one list
    (r"What are the default values of \ahangle and \ahlength?", "en",
     [r"What are the default values of \ahangle?", r"What are the default values of \ahlength?"]),
    (r"Какие значения по умолчанию у \ahangle и \ahlength?", "ru",
     [r"Какие значения по умолчанию у \ahangle?", r"Какие значения по умолчанию у \ahlength?"]),
    (r"\zhtiangan 和 \zhdizhi 的正常范围是多少？", "zh",
     [r"\zhtiangan 的正常范围是多少？", r"\zhdizhi 的正常范围是多少？"]),
    # names general language does not know, written as they are (not capitalised)
    ("Which engines do xeCJK and luatexja support?", "en",
     ["Which engines do xeCJK support?", "Which engines do luatexja support?"]),
    ("Какие движки поддерживают xeCJK и luatexja?", "ru",
     ["Какие движки поддерживают xeCJK?", "Какие движки поддерживают luatexja?"]),
    ("xeCJK、luatexja 与 CTeX 支持哪些引擎？", "zh",
     ["xeCJK 支持哪些引擎？", "luatexja 支持哪些引擎？", "CTeX 支持哪些引擎？"]),
    # a source phrase's name is the document, not an item; it goes to every part
    (r"According to lshort, what do \foo, \bar and \baz set?", "en",
     [r"According to lshort, what do \foo set?", r"According to lshort, what do \bar set?",
      r"According to lshort, what do \baz set?"]),
    # a request ending in "." becomes questions ending in "?", not ".?"
    ("Give the weight of the AQ-100 and the AQ-150.", "en",
     ["Give the weight of the AQ-100?", "Give the weight of the AQ-150?"]),
])
def test_a_list_of_named_items_is_one_part_per_item(question, lang, parts):
    assert split_question(question, lang) == parts
    assert split_question(question) == parts  # also with the language detected


@pytest.mark.parametrize("question, lang", [
    # a relation among the items: a difference, a likeness, a comparative, a choice
    (r"What is the difference between \ahangle and \ahlength?", "en"),
    ("What do the AQ-100 and the AQ-150 have in common?", "en"),
    ("Which is heavier, the AQ-100 or the AQ-150?", "en"),
    ("Is xeCJK faster than luatexja and CTeX?", "en"),
    ("Can the AQ-100 and the AQ-150 be used together?", "en"),
    ("xeCJK 和 luatexja 能一起使用吗？", "zh"),
    ("Сравните AQ-100 и AQ-150?", "ru"),
    ("Какой из них легче: AQ-100 или AQ-150?", "ru"),
    ("Чем xeCJK и luatexja отличаются друг от друга?", "ru"),
    ("AQ-100 与 AQ-150 的区别是什么？", "zh"),
    (r"\zhtiangan 和 \zhdizhi 有什么不同？", "zh"),
    # a list of ordinary words, not names
    ("What symbol and power of ten denote the prefix kilo?", "en"),
    ("Какой символ и множитель обозначают приставку кило?", "ru"),
    ("字体和页边距的默认值是多少？", "zh"),
    # an item outside the list: the list is not all the part asks about
    (r"Is \ahangle larger than \ahlength and \ahwidth?", "en"),
])
def test_a_relation_or_a_list_of_words_stays_whole(question, lang):
    assert split_question(question, lang) == [question]


MACRO_PAGES = [
    "Arrow heads for drawings. A user guide to the arrow macros.",
    r"The macro \ahangle sets the opening angle of an arrow head. Its default value is 30 degrees.",
    r"The macro \ahlength sets the length of an arrow head. Its default value is 4 pt.",
]


def test_two_listed_macros_are_answered_each_with_its_own_quote(tmp_path):
    make_pdf(tmp_path / "arrows.pdf", MACRO_PAGES, title="Arrow heads")
    lib = Library(Settings(data_dir=tmp_path / "data", embedder="none"))
    try:
        assert lib.ingest([tmp_path / "arrows.pdf"])[0].status == "added"
        ans = lib.ask(r"What are the default values of \ahangle and \ahlength?")
    finally:
        lib.close()
    assert len(ans.parts) == 2 and ans.status == "answered"
    first, second = ans.parts
    assert first.status == second.status == "answered"
    assert len(first.claims) == len(second.claims) == 1
    assert first.claims[0].citations[0].page == 2 and "30 degrees" in first.claims[0].citations[0].quote
    assert second.claims[0].citations[0].page == 3 and "4 pt" in second.claims[0].citations[0].quote


@pytest.mark.parametrize("question, parts", [
    ("What is the airflow of the HX-7 and what is its tank capacity?",
     ["What is the airflow of the HX-7?", "What is its tank capacity, HX-7?"]),
    ("Which department does Maria Lopez belong to, and what is her room number?",
     ["Which department does Maria Lopez belong to?", "What is her room number, Maria Lopez?"]),
    ("Какой вес у насоса НД-40 и какова его мощность?",
     ["Какой вес у насоса НД-40?", "Какова его мощность, НД-40?"]),
    # after a yes/no part, "its" stands for the thing asked about, not a name in it
    ("Is there a drain kit for the HX-7, and what is its part number?",
     ["Is there a drain kit for the HX-7, and what is its part number?"]),
    # a part naming its own thing keeps its words
    ("What is the weight of the AQ-100 and what is the price of the AQ-150?",
     ["What is the weight of the AQ-100?", "What is the price of the AQ-150?"]),
    # a subject pronoun of a thing points back as a possessive does ...
    ("Какая масса компрессора ВК-75 и сколько он стоит?",
     ["Какая масса компрессора ВК-75?", "Сколько он стоит, ВК-75?"]),
    # ... unless the first part asks which one (the pronoun may stand for its answer)
    ("Which pump is the largest PX model and what does it weigh?",
     ["Which pump is the largest PX model and what does it weigh?"]),
    # a Chinese sentence that names nothing leaves out the subject just named
    ("机械手 RB-12 什么时候交货？单价是多少？", ["机械手 RB-12 什么时候交货？", "单价是多少, RB-12？"]),
    # a part naming a thing of its own still points back with its pronoun: "it" is the mail
    # client, the name is what it was renamed from
    ("When did Claws Mail first appear, and when was it renamed from Sylpheed-Claws?",
     ["When did Claws Mail first appear?", "When was it renamed from Sylpheed-Claws, Claws Mail?"]),
    # a Russian pronoun with no name before stands for the subject it agrees with: "её"
    # (feminine) for "доставка", not the masculine "город"; with two agreeing subjects, none
    ("Во сколько обойдётся доставка по городу и от какой суммы заказа её не берут?",
     ["Во сколько обойдётся доставка по городу?", "От какой суммы заказа её не берут, доставка?"]),
    ("Сколько длится одна персональная тренировка и за сколько часов её можно отменить?",
     ["Сколько длится одна персональная тренировка?", "За сколько часов её можно отменить, тренировка?"]),
    # a day written in capitals is no thing a pronoun stands for
    ("When is the music school open on Saturdays, and does it open on Sundays?",
     ["When is the music school open on Saturdays, and does it open on Sundays?"]),
])
def test_a_part_pointing_back_with_a_pronoun_carries_what_it_points_to(question, parts):
    assert split_question(question) == parts


def test_a_russian_pronoun_stands_for_the_one_subject_it_agrees_with():
    from pincite.answer.split import _agreeing_noun

    assert _agreeing_noun("Во сколько обойдётся доставка по городу?", "Когда её привезут?") == ["доставка"]
    assert _agreeing_noun("Сколько стоит ремонт насоса?", "Когда его сделают?") == ["ремонт"]
    assert _agreeing_noun("Сколько стоят визитки?", "Когда их напечатают?") == ["визитки"]
    # two subjects agree, or none: the part keeps its own words
    assert _agreeing_noun("Сколько стоит стрижка и укладка?", "Когда её делают?") == []
    assert _agreeing_noun("Сколько стоит ремонт насоса?", "Когда её привезут?") == []
    assert _agreeing_noun("Сколько стоит ремонт насоса?", "Когда привезут?") == []


def test_a_pronoun_part_is_answered_about_the_thing_named_before(tmp_path):
    """"her room number" is Maria Lopez's room, not the first room the sheet lists."""
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "Staff"
    ws.append(["Name", "Department", "Position", "Room"])
    for row in [("Olga Petrova", "Finance", "Accountant", "Room 214"), ("Maria Lopez", "Legal", "Counsel", "Room 220"),
                ("Chen Wei", "Engineering", "Engineer", "Room 305")]:
        ws.append(row)
    wb.save(tmp_path / "staff.xlsx")
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "staff.xlsx"])
        ans = lib.ask("Which department does Maria Lopez belong to, and what is her room number?")
    assert ans.status == "answered" and len(ans.parts) == 2, ans.answer
    assert "Legal" in ans.parts[0].claims[0].text
    assert "Room 220" in ans.parts[1].claims[0].text


# ------------------------------------------- a later part leaning on what an earlier one named


@pytest.mark.parametrize("question, parts", [
    # a function as code writes it is a named thing: "it" stands for it
    ("Why is load.grid() slow on large files and what argument makes it faster?",
     ["Why is load.grid() slow on large files?", "What argument makes it faster, load.grid()?"]),
    ("Почему load.grid() медленно работает на больших файлах и какой аргумент ускоряет его?",
     ["Почему load.grid() медленно работает на больших файлах?", "Какой аргумент ускоряет его, load.grid()?"]),
    # a demonstrative points back as a pronoun does
    ("Сколько столбцов может быть у матрицы pmatrix и как это ограничение снять?",
     ["Сколько столбцов может быть у матрицы pmatrix?", "Как это ограничение снять, pmatrix?"]),
    ("What does the gridtool option cellTypes set, and what is this option's default?",
     ["What does the gridtool option cellTypes set?", "What is this option's default, gridtool, cellTypes?"]),
    ("xpinyin 宏包在哪里定义拼音？这个宏包需要什么引擎？",
     ["xpinyin 宏包在哪里定义拼音？", "这个宏包需要什么引擎, xpinyin？"]),
    # no pronoun and no more words than a part needs: the subject left out is the one named
    ("Кто написал пакет tablists и какой датой помечена документация?",
     ["Кто написал пакет tablists?", "Какой датой помечена документация, tablists?"]),
    # an English part of one word shares the first part's whole frame: the question stays whole
    ("PX300 air valve cap screws — what thread, and how tight?",
     ["PX300 air valve cap screws — what thread, and how tight?"]),
    # a short part given two names asks about one thing: not one part per name (rule 6)
    ("李清用 LaTeX3 重构 ctex 是在哪一年几月？当时版本号升到了多少？",
     ["李清用 LaTeX3 重构 ctex 是在哪一年几月？", "当时版本号升到了多少, LaTeX3, ctex？"]),
    # a part asking more, in words of its own, keeps them (rule 5)
    ("在 Linux 下如何挂载泵控制软件的安装镜像？如需第三方驱动程序，推荐哪些？",
     ["在 Linux 下如何挂载泵控制软件的安装镜像？", "如需第三方驱动程序，推荐哪些？"]),
])
def test_a_part_whose_subject_is_a_pronoun_or_left_out_gets_the_names_before(question, parts):
    assert split_question(question) == parts


@pytest.mark.parametrize("text, found", [
    ("Why is read.table() slow?", ["read.table()"]),
    ("How do I call glp_simplex and plot()?", ["glp_simplex", "plot()"]),
    ("Куда устанавливается файл пакет.cron.weekly?", ["пакет.cron.weekly"]),
    # abbreviations, versions and numbers are not code
    ("See e.g. version v2.1 of R 2.13.0, i.e. the old one.", []),
])
def test_names_as_code_writes_them_are_items(text, found):
    from pincite.answer.split import items

    assert [i.text for i in items(text) if i.kind == "identifier"] == found


GRID_PAGES = {
    "en": ["Gridtool reference manual. Overview of the gridtool package for tabular files.",
           "Why is load.grid() slow? By default, load.grid() reads every cell as text and converts the columns "
           "afterwards, which takes a long time on large files.",
           "Speed. Giving the cellTypes argument to load.grid() speeds it up a great deal: with the column types "
           "known in advance, reading is much faster."],
    "ru": ["Справочник по пакету gridtool. Обзор пакета для табличных файлов.",
           "Почему load.grid() работает медленно? По умолчанию load.grid() читает каждую ячейку как текст и потом "
           "преобразует столбцы, что на больших файлах занимает много времени.",
           "Скорость. Аргумент cellTypes функции load.grid() заметно ускоряет чтение: типы столбцов известны заранее."],
}
#: Another document whose words match the second part's own words better than the answer does.
BUILD_PAGES = {
    "en": ["Build notes for the compiler toolchain.",
           "Optimisation. The argument -O2 makes the build faster; which argument makes it faster still depends "
           "on the target."],
    "ru": ["Заметки о сборке компилятора.",
           "Оптимизация. Какой аргумент ускоряет сборку? Аргумент -O2 ускоряет её, а какой аргумент ускоряет её "
           "ещё больше, зависит от цели."],
}


@pytest.mark.parametrize("lang, question", [
    ("en", "Why is load.grid() slow on large files and what argument makes it faster?"),
    ("ru", "Почему load.grid() медленно работает на больших файлах и какой аргумент ускоряет его?"),
])
def test_a_part_saying_it_is_answered_from_the_document_the_first_part_names(tmp_path, lang, question):
    """"What argument makes it faster?" is asked of load.grid(), not of the build notes that
    say "argument makes … faster" in so many words."""
    font = "latin" if lang == "en" else "dejavu"
    make_pdf(tmp_path / "gridtool.pdf", GRID_PAGES[lang], font=font, title="Gridtool reference manual")
    make_pdf(tmp_path / "build.pdf", BUILD_PAGES[lang], font=font, title="Build notes")
    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        lib.ingest([tmp_path / "gridtool.pdf", tmp_path / "build.pdf"])
        ans = lib.ask(question)
    assert ans.status == "answered" and len(ans.parts) == 2, ans.answer
    first, second = ans.parts
    assert "load.grid()" in second.question
    assert [(c.file, c.page) for c in first.citations()[:1]] == [("gridtool.pdf", 2)]
    assert [(c.file, c.page) for c in second.citations()[:1]] == [("gridtool.pdf", 3)]
    assert "cellTypes" in second.citations()[0].quote
    assert not any(c.file == "build.pdf" for c in ans.citations())


def _part(question: str, file: str, score: float, doc_id: str | None = None):
    from pincite.contract import Answer, Citation, Claim, PdfAddress, Relevance

    cit = Citation(chunk_id=f"{file}-2", doc_id=doc_id or file, file=file, page=2,
                   address=PdfAddress(page=2, page_end=2), quote="A quote of the page.", verified=True)
    return Answer(question=question, status="answered", language="en", answer="[1] A quote of the page.",
                  claims=[Claim(text=cit.quote, verified=True, citations=[cit])],
                  relevance=Relevance(coverage=0.5, score=score, threshold=0.04))


def test_a_part_answered_weakly_from_another_document_is_not_confirmed():
    from pincite.answer.pipeline import OTHER_DOCUMENT_PART_MIN, answer_compound

    weak = OTHER_DOCUMENT_PART_MIN - 0.2
    answers = {"Why is load.grid() slow?": _part("Why is load.grid() slow?", "gridtool.pdf", 0.7),
               "What argument makes the build faster?": _part("What argument makes the build faster?",
                                                              "build.pdf", weak)}
    ans = answer_compound(None, "Why is load.grid() slow? What argument makes the build faster?", list(answers),
                          None, part_answer=answers.__getitem__)
    assert ans.status == "partial" and [p.status for p in ans.parts] == ["answered", "not_confirmed"]
    off = ans.parts[1]
    assert not off.claims and [c.file for c in off.passages] == ["build.pdf"]  # listed, not the answer
    assert "build.pdf" in off.answer and "gridtool.pdf" in off.answer
    assert [c.file for c in ans.citations()] == ["gridtool.pdf"]
    assert any(w.startswith("part 2 is not answered (not confirmed)") and "build.pdf" in w for w in ans.warnings)


@pytest.mark.parametrize("question, file, score", [
    ("What argument makes the build faster?", "build.pdf", 0.1),  # strong: OTHER_DOCUMENT_PART_MIN + 0.1
    ("What argument makes it faster?", "gridtool.pdf", -0.3),  # weak, but the same document
])
def test_a_strong_part_or_one_from_the_same_document_stays_answered(question, file, score):
    from pincite.answer.pipeline import OTHER_DOCUMENT_PART_MIN, answer_compound

    second = _part(question, file, OTHER_DOCUMENT_PART_MIN + score)
    answers = {"Why is load.grid() slow?": _part("Why is load.grid() slow?", "gridtool.pdf", 0.7),
               second.question: second}
    ans = answer_compound(None, "Why is load.grid() slow? " + second.question, list(answers), None,
                          part_answer=answers.__getitem__)
    assert ans.status == "answered" and [p.status for p in ans.parts] == ["answered", "answered"]
    assert len(ans.citations()) == 2


def test_the_off_document_part_is_said_in_the_question_language():
    from pincite.answer.pipeline import off_document_parts

    parts = [_part("Почему load.grid() медленно работает?", "gridtool.pdf", 0.7),
             _part("Какой аргумент ускоряет сборку?", "build.pdf", 0.1)]
    out = off_document_parts(parts, "ru")
    assert out[0] is parts[0] and out[1].status == "not_confirmed"
    assert out[1].answer.startswith("Не подтверждено") and out[1].warnings[0].startswith("найдено только в build.pdf")


def test_a_part_pointing_back_is_not_the_one_the_others_are_judged_by():
    """"Какие у этих параметров значения по умолчанию?" matches any document's defaults
    better than the first part matches its own: the first part, naming what is asked
    about, is the one a part from another document is judged against."""
    from pincite.answer.pipeline import off_document_parts

    parts = [_part("В стиле boxed от чего зависят отступ до рамки и её толщина?", "floatrow.pdf", 0.2),
             _part("Какие у этих параметров значения по умолчанию?", "eskd.pdf", 0.75)]
    assert [a.status for a in off_document_parts(parts, "ru")] == ["answered", "answered"]
    parts[1] = _part("Какие у этих параметров значения по умолчанию?", "eskd.pdf", 0.3)
    assert [a.status for a in off_document_parts(parts, "ru")] == ["answered", "not_confirmed"]


def test_a_story_before_the_question_is_context_never_split_itself():
    """Statements before a question (rule 1) stay whole in every part: a coordination in
    them ("недалеко от вокзала и от набережной") asks nothing, so the question after them
    is one part; a list in the question's own sentence still splits, each part keeping the
    statements before it (joined as the language writes sentences)."""
    story = ("Мы планируем поездку в июле, нам важно, чтобы гостиница была недалеко от вокзала и от "
             "набережной. Подскажите, сколько стоит парковка в гостинице «Северная звезда»?")
    assert split_question(story) == [story]
    assert split_question("I have two pumps. What is the weight of AQ-100 and AQ-150?") == [
        "I have two pumps. What is the weight of AQ-100?", "I have two pumps. What is the weight of AQ-150?"]
    assert split_question("我有两台泵。AQ-100和AQ-150的重量分别是多少？") == [
        "我有两台泵。AQ-100的重量分别是多少？", "我有两台泵。AQ-150的重量分别是多少？"]
