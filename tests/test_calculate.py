"""Calculations in answers: inputs bound to verified quotes on different pages of a
generated regulation, the result computed by code; a wrong value, an unbound name, a literal
or a wrong product claimed by a scripted model is caught; the offline unit-conversion rule."""
from __future__ import annotations

import json
import re

import pytest

from llm_server import Reply, ScriptedLLM, chat_json
from pdfgen import make_pdf
from pincite.answer.llm_settings import LlmSettings
from pincite.config import Settings
from pincite.library.facade import Library

BLOCK = re.compile(r"<<<EVIDENCE (\w+) chunk_id=(\S+) \| [^\n]*>>>\n(.*?)\n<<<END \1>>>", re.S)
PAGES = [
    "Регламент участка № 4. Общие положения и термины регламента.",
    "Норма водоотбора из скважины составляет 1,5 м³/сут для одного водопользователя. Объём воды "
    "за срок водопользования определяется по норме водоотбора из скважины.",
    "Срок водопользования по договору составляет 30 сут с даты подписания договора.",
    "Pump data sheet. The maximum pressure of the pump is 1.6 MPa at 20 °C.",
]
QUESTION = "Какой объём воды забирается из скважины за срок водопользования при норме водоотбора?"


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    root = tmp_path_factory.mktemp("calc")
    make_pdf(root / "reglament.pdf", PAGES, font="dejavu", title="Регламент участка № 4")
    lib = Library(Settings(data_dir=root / "data", embedder="none"))
    assert lib.ingest([root / "reglament.pdf"])[0].status == "added"
    yield lib
    lib.close()


def blocks(request) -> dict[str, str]:
    user = request["messages"][1]["content"]
    return {cid: text for _, cid, text in BLOCK.findall(user)}


def model_with(calculation_for, claims_for=None):
    """A scripted model: its calculation and claims are built from the evidence it was given."""
    def handler(request, headers):
        ev = blocks(request)
        rate = next(cid for cid, t in ev.items() if "1,5 м³/сут" in t)
        days = next(cid for cid, t in ev.items() if "30 сут" in t)
        claims = (claims_for or (lambda r, d: [
            {"text": "Норма водоотбора составляет 1,5 м³/сут.", "chunk_id": r,
             "quote": "Норма водоотбора из скважины составляет 1,5 м³/сут"},
            {"text": "Срок водопользования составляет 30 сут.", "chunk_id": d,
             "quote": "Срок водопользования по договору составляет 30 сут"}]))(rate, days)
        body = {"status": "answered", "claims": claims, "calculation": calculation_for(rate, days)}
        return Reply(json=chat_json(json.dumps(body, ensure_ascii=False)))
    return handler


def inputs(rate, days, rate_value="1,5 м³/сут"):
    return [{"name": "rate", "chunk_id": rate, "quote": "составляет 1,5 м³/сут", "value": rate_value},
            {"name": "days", "chunk_id": days, "quote": "составляет 30 сут", "value": "30 сут"}]


def ask(library, handler):
    with ScriptedLLM(handler=handler) as llm:
        ans = library.ask(QUESTION, llm=LlmSettings(base_url=llm.url, model="m", timeout_s=5))
        return ans, llm.count


def test_period_volume_from_two_pages_is_computed_by_code(library):
    ans, calls = ask(library, model_with(lambda r, d: {"formula": "rate * days", "inputs": inputs(r, d),
                                                       "unit": "m3"}))
    assert ans.status == "answered" and calls == 1
    c = ans.calculation
    assert c.verified and c.result in ("45", "45.0") and c.shown == "45" and c.unit == "m3"
    assert [i.citation.page for i in c.inputs] == [2, 3] and all(i.verified for i in c.inputs)
    # the substitution written as Russian writes numbers and units; the unit field canonical
    assert c.substitution == "1,5 м³/сут × 30 сут"
    # the fixed words in the question's language (Russian), the precision rule's too
    assert c.precision.startswith("округлено до 2 значащих цифр: "), c.precision
    assert "= 45 м³ (1,5 м³/сут × 30 сут; вычислено pincite)" in ans.answer


@pytest.mark.parametrize("calculation, reason", [
    (lambda r, d: {"formula": "rate * days", "inputs": inputs(r, d, "1,6 м³/сут"), "unit": "m3"},
     "value 1,6 is not in its quote"),
    (lambda r, d: {"formula": "rate * days * k", "inputs": inputs(r, d), "unit": "m3"}, "name k is not bound"),
    (lambda r, d: {"formula": "rate * 31", "inputs": inputs(r, d)[:1], "unit": "m3"}, "31"),
    (lambda r, d: {"formula": "rate + days", "inputs": inputs(r, d), "unit": None}, "unit mismatch"),
    (lambda r, d: {"formula": "__import__('os').system('true')", "inputs": inputs(r, d), "unit": None}, "not allowed"),
    (lambda r, d: {"formula": "rate * days", "inputs": [{**inputs(r, d)[0], "chunk_id": "ffffffffffffffff-p1-c0"},
                                                         inputs(r, d)[1]], "unit": "m3"}, "unknown evidence id"),
])
def test_bad_calculations_are_caught_with_the_reason_and_no_result(library, calculation, reason):
    ans, calls = ask(library, model_with(calculation))
    c = ans.calculation
    assert calls == 2  # one retry naming the failed calculation
    assert not c.verified and reason in c.reason and c.result is None and c.shown is None
    assert any(w.startswith("расчёт не выполнен: ") and reason in w for w in ans.warnings)
    assert "вычислено pincite" not in ans.answer and "48" not in ans.answer


def test_a_wrong_product_stated_in_a_claim_fails_the_number_check(library):
    def claims(rate, days):
        return [{"text": "За срок будет забрано 48 м³ воды.", "chunk_id": rate,
                 "quote": "Норма водоотбора из скважины составляет 1,5 м³/сут"}]
    ans, _ = ask(library, model_with(lambda r, d: None, claims))
    assert ans.status == "not_confirmed"
    assert ans.claims[0].reason == "number 48 is not in the quote" and "48" not in ans.answer


def test_offline_rule_converts_a_quoted_value_to_the_asked_unit(library):
    ans = library.ask("What is the maximum pressure of the pump in bar?")
    assert ans.status == "answered"
    c = ans.calculation
    assert c is not None and c.verified and c.shown == "16" and c.unit == "bar"
    (x,) = c.inputs
    assert x.citation.page == 4 and x.text == "1.6 MPa" and x.citation.verified
    assert "= 16 bar (1.6 MPa × 10 bar/MPa" in ans.answer
    plain = library.ask("What is the maximum pressure of the pump?")
    assert plain.calculation is None


def test_the_asked_unit_need_not_occur_in_the_library(library):
    """"kPa" is in no document: the unit the question asks for is pincite's to compute, so it
    does not count against the evidence when refusal is decided."""
    assert not any("kPa" in library.page_text(d.doc_id, p) for d in library.documents()
                   for p in range(1, d.pages + 1))
    ans = library.ask("What is the maximum pressure of the pump in kPa?")
    assert ans.status == "answered" and ans.calculation.verified
    assert (ans.calculation.shown, ans.calculation.unit) == ("1600", "kPa")


@pytest.mark.parametrize("question,lang,unit", [
    ("What is the rated pressure in psi?", "en", "psi"),
    ("How heavy is the press in pounds?", "en", "pounds"),
    ("Какой ход штока в дюймах?", "ru", "дюймах"),
    ("What is the rated pressure in bar?", "en", None),  # converted, not named
    ("What was released in 2019?", "en", None),  # not a unit at all
    ("Which valve is used in Europe?", "en", None),
])
def test_units_pincite_does_not_convert_are_named(question, lang, unit):
    """A question asking its answer in a customary unit gets that unit named (the answer
    warns it is not converted) and left out of the words evidence must cover."""
    from pincite.answer.calculate import unconverted_target, without_target_unit

    assert unconverted_target(question, lang) == unit
    if unit is not None:
        assert unit not in without_target_unit(question, lang)


def test_answer_in_an_unconverted_unit_keeps_the_documents_unit_and_says_so(tmp_path):
    from pdfgen import make_pdf
    from pincite.config import Settings
    from pincite.library.facade import Library

    pdf = make_pdf(tmp_path / "press.pdf", ["PX-200 press manual", "The PX-200 weighs 850 kg without oil."])
    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        lib.ingest([pdf])
        a = lib.ask("How heavy is the PX-200 in pounds?")
        assert a.status == "answered", a.relevance
        assert "850 kg" in a.citations()[0].quote and a.calculation is None
        assert a.warnings == ["not converted to pounds: pincite converts SI and metric units only; "
                              "the quotes give the document's unit"]
        assert lib.ask("How heavy is the PX-200 in kg?").warnings == []
        ru = lib.ask("Сколько весит PX-200 в фунтах?")
        assert ru.warnings == ["не пересчитано в фунтах: pincite пересчитывает только единицы СИ и "
                               "метрические; в цитатах единица документа"], (ru.status, ru.relevance)


@pytest.mark.parametrize("text, codes", [
    ("Unit cost (USD): 3.2", ["USD"]),
    ("Цена 500 руб. за штуку", ["RUB"]),
    ("单价 30 元，运费 5 美元", ["USD", "CNY"]),
    ("Price: 4 € or $5", ["EUR", "USD"]),
    ("Torque 25 N·m", []),
])
def test_currencies_written_in_a_text(text, codes):
    from pincite.answer.calculate import currencies_in

    assert currencies_in(text) == codes


def test_a_price_asked_in_another_currency_says_which_one_the_document_gives(tmp_path):
    """A currency is never converted: an answer asked "in EUR" whose quote gives dollars says
    so; one whose quote gives euros needs no warning."""
    from docgen import make_sheet
    from pincite.config import Settings
    from pincite.library.facade import Library

    make_sheet(tmp_path / "parts.xlsx", "Parts", ("Part no.", "Description", "Unit cost (USD)", "Unit cost (EUR)"),
               [("BR-1001", "Ball bearing 6204", 3.2, None), ("FL-3300", "Oil filter", None, 7.9)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "parts.xlsx"])
        a = lib.ask("What is the unit cost of part BR-1001 in EUR?")
        assert a.status == "answered" and "3.2" in a.citations()[0].quote, (a.status, a.answer)
        assert a.warnings == ["not converted to EUR: the quotes give amounts in USD, and pincite converts no "
                              "currencies"], a.warnings
        assert lib.ask("What is the unit cost of part FL-3300 in EUR?").warnings == []
        ru = lib.ask("Сколько стоит деталь BR-1001 в евро?")
        assert ru.warnings == ["не пересчитано в евро: в цитатах суммы в USD, а валюты pincite не "
                               "пересчитывает"], (ru.status, ru.warnings)


@pytest.mark.parametrize("lang,unit,words,not_done", [
    ("en", "bar", "computed by pincite", "calculation not done: "),
    ("ru", "бар", "вычислено pincite", "расчёт не выполнен: "),
    ("zh", "bar", "由 pincite 计算", "未进行计算："),
    ("de", "bar", "computed by pincite", "calculation not done: "),  # a language without texts: English
])
def test_the_calculation_line_speaks_the_questions_language(lang, unit, words, not_done):
    from pincite.answer.calculate import calculation_line
    from pincite.contract import Calculation

    done = Calculation(formula="x * k", substitution="1.6 MPa × 10 bar/MPa", result="16", unit="bar",
                       shown="16", verified=True)
    assert calculation_line(done, lang) == f"= 16 {unit} (1.6 MPa × 10 bar/MPa; {words})"
    failed = Calculation(formula="x * k", reason="name k is not bound")
    assert calculation_line(failed, lang) == not_done + "name k is not bound"


@pytest.mark.parametrize("question,lang,unit", [
    ("Какова емкость бака насоса в миллилитрах?", "ru", "mL"),
    ("Какое давление в килопаскалях?", "ru", "kPa"),
    ("Какое давление в мегапаскалях?", "ru", "MPa"),
    ("What is the rated pressure in kilopascals?", "en", "kPa"),
    ("Какова емкость бака в литрах?", "ru", "L"),
])
def test_units_asked_in_words_are_converted_and_left_out_of_coverage(question, lang, unit):
    # "в миллилитрах" was taken for words the evidence lacked, and the question refused
    # (a fresh user's report, 2026-12-01)
    from pincite.answer.calculate import target_unit, without_target_unit

    assert target_unit(question, lang) == unit
    rest = without_target_unit(question, lang)
    assert rest is not None and question.split()[-1].rstrip("?") not in rest, rest


def test_the_offline_conversion_line_speaks_the_questions_language(library):
    """A Russian question's conversion: the unit-table note and the precision words are
    Russian, and the value shows the figures the words state ("30 сут": 2 figures)."""
    ans = library.ask("Какой срок водопользования по договору в часах?")
    c = ans.calculation
    assert c is not None and c.verified and (c.shown, c.unit) == ("720", "h"), (ans.status, c)
    assert "= 720 ч (30 сут × 24 ч/сут (таблица единиц: 1 сут = 86400 с; 1 ч = 3600 с)" in ans.answer, ans.answer
    assert "unit table" not in ans.answer, ans.answer
    assert c.precision.startswith("округлено до 2 значащих цифр: "), c.precision
