"""Answer scoring (issue 3): answer types, the key word, and codes that name a document.

Unit tests build `Hit`s by hand and score them with pincite.answer.extractive; the
end-to-end tests ingest generated PDFs and ask through the CLI's library API, offline.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pincite import analysis
from pincite.answer import asked_type, extractive
from pincite.app import Library
from pincite.config import Settings
from pincite.index.base import Hit

from pdfgen import make_pdf


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch):
    for name in ("PINCITE_FAULT", "PINCITE_DATA", "PINCITE_MIN_ANSWERABILITY", "PINCITE_EMBEDDER",
                 "PINCITE_RETRIEVAL", "PINCITE_MAX_FILE_MB", "PINCITE_MAX_PAGES"):
        monkeypatch.delenv(name, raising=False)


def hit(text: str, rank: int = 1, names: tuple[str, ...] = (), doc: str = "d") -> Hit:
    return Hit(chunk_id=f"{doc}-p1-c{rank}", doc_id=doc, score=1.0, rank=rank, page=1, page_end=1,
               char_start=0, char_end=len(text), text=text, extra={"name_terms": list(names)})


def weights_for(question: str, df: dict[str, int] | None = None, n: int = 1000):
    groups = analysis.query_groups(question)
    return extractive.group_weights(groups, df or {}, n)


# ------------------------------------------------------------------ answer types


@pytest.mark.parametrize("question,kinds", [
    ("Какой датой и номером принят кодекс?", {"date", "number"}),
    ("In what year did Lamport start writing?", {"year"}),
    ("条例是以哪一号国务院令、于哪一天公布的？", {"number", "date"}),
    ("Who translated the manual?", set()),
    ("What is the seventh (last) task?", {"item7"}),
    ("Какое третье требование?", {"item3"}),
    ("第七项任务是什么？", {"item7"}),
    ("How many seconds does the test last?", set()),  # "second" is a unit too, no ordinal
    ("At what pressure does the valve open?", {"pressure"}),
    ("Какая мощность у насоса?", {"power"}),
])
def test_type_words_of_questions(question, kinds):
    found = {asked_type.type_of(g) for g in analysis.query_groups(question)} - {None}
    assert found == kinds


@pytest.mark.parametrize("text,marks", [
    ("Кодекс Республики Казахстан от 9 апреля 2025 года № 178-VIII ЗРК", {"date", "year", "number"}),
    ("2010 年 11 月 19 日中华人民共和国国务院令第 583 号", {"date", "year", "number"}),
    ("approved on 07.11.2019", {"date", "year"}),
    ("Lamport began in 1984.", {"year"}),
    ("The pump turns at 1450 rpm and weighs 12 kg.", {"speed", "mass"}),
    ("The safety valve opens at 6 bar.", {"pressure"}),
    ("Давление в системе 1,6 МПа, напряжение 220 В.", {"pressure", "voltage"}),
    ("Version 8 of Windows 10 runs JavaFX.", set()),
    ("Редакция 2, 2023 г. Настоящее руководство", {"year"}),  # "г." after a year is год, not grams
    ("Масса агрегата 38 кг.", {"mass"}),
    ("См. раздел 3 и таблицу 2.", set()),
    ("7. Postflight ground or deck operation.", {"item7"}),
    ("3) Проверить давление.", {"item3"}),
    ("（七）其他应当公开的信息。", {"item7"}),
    ("7.5 is the ratio.", set()),  # a decimal, not an item
])
def test_value_marks_of_written_values(text, marks):
    assert asked_type.value_marks(text) == {asked_type.MARK + m for m in marks}


def test_a_date_and_a_number_answer_a_question_that_names_neither_word():
    q = "Какой датой и номером принят Водный кодекс?"
    w = weights_for(q)
    stated = hit("Водный кодекс Республики Казахстан от 9 апреля 2025 года № 178-VIII ЗРК принят.")
    unstated = hit("Водный кодекс Республики Казахстан принят парламентом.", rank=2)
    by_text = {c.hit.text: c for c in extractive.candidates([stated, unstated], w)}
    assert by_text[stated.text].coverage == pytest.approx(1.0)
    # without the values, "датой" and "номером" are missing words
    assert by_text[unstated.text].coverage < 0.75


# ------------------------------------------------------------------ key word


def test_window_without_the_key_word_scores_below_its_coverage():
    # "gallon" is found nowhere (df 0): the highest weight, the key word
    q = "What is the siunitx macro for the US gallon?"
    df = {"siunitx": 40, "macro": 60, "us": 30}
    w = weights_for(q, df)
    assert extractive.key_word(w) == ("gallon",)
    c = extractive.candidates([hit("The spelling deka is a macro provided for US users.")], w)[0]
    assert c.key_missing == 1.0
    assert c.relevance == pytest.approx(c.coverage - extractive.KEY_PENALTY)


def test_evidence_with_the_key_word_outranks_more_common_words_without_it():
    # tlcockpit is rare, 需要/运行/环境 common: the passage naming tlcockpit must win even
    # though another covers more of the question's words (hit rank does not decide it).
    q = "tlcockpit 需要什么运行环境？"
    df = {"tlcockpit": 2, "需要": 300, "运行": 200, "环境": 150}
    w = weights_for(q, df, n=5000)
    assert extractive.key_word(w)[0] == "tlcockpit"
    common = hit("xdvi 需要运行在 X 窗口系统下，没有运行窗口环境会出错。", rank=1)
    keyed = hit("图 10 展示了 tlcockpit，它需要 Java 版本 8 或者更高以及 JavaFX。", rank=2)
    ranked = extractive.candidates([common, keyed], w)
    assert ranked[0].hit is keyed
    assert ranked[0].key_missing == 0.0 and ranked[1].key_missing == 1.0


def test_one_word_question_has_no_key_penalty():
    w = weights_for("tlcockpit")
    assert extractive.key_word(w) is None
    c = extractive.candidates([hit("Nothing relevant here at all.")], w)
    assert not c or c[0].key_missing == 0.0


# ------------------------------------------------------------------ naming codes


def test_code_whose_parts_are_in_the_file_name_names_the_document():
    q = "What does USNTPS-FTM-103 say about stall investigations?"
    w = weights_for(q)
    code = next(g for g in w if g[0] == "usntps-ftm-103")
    named = hit("Stall investigations encompass two kinds of tests.", names=("en-usntps-ftm-103", "manual"))
    plain = hit("Stall investigations encompass two kinds of tests.", names=("other",), doc="e")
    assert extractive._names(code, {"en-usntps-ftm-103"})
    assert not extractive._names(code, {"en-usntps-ftm-104"})
    assert not extractive._names(("stall",), {"en-usntps-ftm-103"})  # plain words need a form match
    by_doc = {c.hit.doc_id: c for c in extractive.candidates([named, plain], w)}
    # the code does not count as missing evidence in the document it names
    assert by_doc["d"].coverage > by_doc["e"].coverage


# ------------------------------------------------------------------ end to end (offline)


#: Pages on other topics, so the units guide's words have realistic document frequencies.
FILLER = [f"Section {n}. The {topic} is described in chapter {n}; see the index for details."
          for n, topic in enumerate(["printer driver", "font cache", "colour profile", "page layout",
                                     "bibliography style", "hyphenation table", "index generator",
                                     "graphics import", "siunitx table package", "siunitx float placement"], 3)]


@pytest.fixture
def library(tmp_path):
    (tmp_path / "docs").mkdir()
    code = make_pdf(tmp_path / "docs" / "water-code.pdf", [
        "Водный кодекс Республики Казахстан\n"
        "Кодекс Республики Казахстан от 9 апреля 2025 года № 178-VIII ЗРК.\n"
        "Настоящий Кодекс регулирует отношения в области использования и охраны водного фонда.",
        "Статья 1. Водные объекты находятся в собственности государства. "
        "Водопользование бывает общим и специальным.",
    ], font="dejavu")
    units = make_pdf(tmp_path / "docs" / "units-guide.pdf", [
        "Units guide\nEdition 2\nA user's manual",
        "The unit macros cover the SI units and the litre. "
        "The spelling deka is provided for US users as an alternative to deca. "
        "The macro meter is available as an alias for metre, for users of US spellings.",
        *FILLER,
    ])
    lib = Library(Settings(data_dir=tmp_path / "data"))
    results = lib.ingest([code, units])
    assert all(r.status == "added" for r in results), [r.reason for r in results]
    yield lib
    lib.close()


def test_date_and_number_question_is_answered_from_the_statement(library):
    a = library.ask("Какой датой и номером принят Водный кодекс Республики Казахстан?")
    assert a.status == "answered", a.warnings
    quote = a.claims[0].citations[0].quote
    assert "9 апреля 2025 года № 178-VIII" in quote
    assert a.claims[0].verified and a.claims[0].citations[0].page == 1


def test_question_whose_key_word_is_nowhere_is_refused(library):
    a = library.ask("What is the siunitx macro for the US gallon?")
    assert a.status == "refused", a.relevance
    # the key-word penalty decided it: the words matched would have passed the threshold
    assert a.relevance.score < a.relevance.threshold <= a.relevance.coverage
    # and the refusal says so, with both figures
    assert (f"covered {a.relevance.coverage:.2f} of the question's terms, {a.relevance.score:.2f} as it "
            f"lacks the question's rarest word (needed {a.relevance.threshold:.2f})") in a.warnings[0]
    assert library.ask("Which macro is provided for US users as an alternative to deca?").status == "answered"
    none = library.ask("Zxqwv plorb?")
    assert none.status == "refused"
    # the words it lacked, as asked, and not read as a document's name
    assert none.warnings[0].startswith("no passage found holds these words of the question: Zxqwv, plorb ("), none.warnings
    assert none.warnings[0].endswith(f"needed {none.relevance.threshold:.2f})")


def test_refusal_reasons_speak_the_questions_language(library):
    ru = library.ask("Сколько стоит Водный кодекс Республики Казахстан?")
    assert ru.status == "refused"
    assert ru.warnings[0].startswith("ни в одном найденном фрагменте нет этих слов вопроса: стоит ("), ru.warnings
    assert ru.warnings[0].endswith(f"нужно {ru.relevance.threshold:.2f})")
    zh = library.ask("水法的售价是多少？")
    assert zh.status == "refused" and zh.warnings[0].startswith("找到的段落中都没有问题里的这些词")
    assert "售价" in zh.warnings[0]


def test_a_figure_just_under_its_bar_is_not_rounded_up_to_it():
    from pincite.answer.pipeline import _figures

    # the bar is printed as precisely as the figure: "0.420 (needed 0.42)" read as a pass
    assert _figures(0.4211, 0.4196) == ("0.420", "0.421")
    assert _figures(0.4211, 0.4209) == ("0.4209", "0.4211")
    assert _figures(0.4211, 0.41) == ("0.41", "0.42")
    assert _figures(0.4211, 0.75, 0.4196) == ("0.750", "0.420", "0.421")  # one precision for all
    assert _figures(0.4211, 0.5) == ("0.50", "0.42")


# ------------------------------------------------------------------ rare key word in retrieval


def test_chunk_with_the_rare_key_word_is_retrieved_and_answers(tmp_path):
    """Many chunks repeat the question's common words; the only chunk naming the rare
    tool ranks low on BM25 and dense alike, yet it must be the evidence."""
    (tmp_path / "docs").mkdir()
    # more such chunks than one search returns (Settings.top_k)
    common = [f"Chapter {n}. The runtime environment of viewer number {n} needs a running "
              f"display; the runtime environment variable DISPLAY must be set in the environment."
              for n in range(1, Settings().top_k + 10)]
    # and many chunks on other things, so "runtime" and "environment" are not everywhere
    # (their BM25 weight stays well above zero, as in a real manual)
    other = [f"Section {n}. The {a} of the {b} is adjusted with the {c} before printing."
             for n, (a, b, c) in enumerate([(a, b, c) for a in ("margin", "gutter", "leading", "kerning")
                                            for b in ("page", "column", "table", "float", "caption")
                                            for c in ("ruler", "dialog", "macro", "package", "option")], 100)]
    pdf = make_pdf(tmp_path / "docs" / "guide.pdf", ["Viewer guide\nEdition 3\nReference"] + common
                   + ["Figure 10 shows tlcockpit, which requires Java 8 and JavaFX."] + other)
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        assert lib.ingest([pdf])[0].status == "added"
        a = lib.ask("What runtime environment does tlcockpit need?")
        assert a.status == "answered", a.relevance
        assert "tlcockpit" in a.claims[0].citations[0].quote
        assert a.claims[0].citations[0].page == len(common) + 2
        # found by BM25 on the key word alone, it still faces the dense floor
        assert a.relevance.dense is not None


# ------------------------------------------------------------------ list items

TASKS_PAGE = ("The individual tasks must be determined first. Although the individual tasks may "
              "be further subdivided, a military mission will normally require the pilot to "
              "perform the following tasks:\n1. Preflight ground or deck operations.\n2. Take-off "
              "and climb.\n3. Navigation to a predetermined point.\n4. Strategic or tactical "
              "maneuvering.\n5. Navigation to a landing point.\n6. Approach and landing.\n7. "
              "Postflight ground or deck operation.\nBecause this manual is strictly concerned with "
              "flying qualities, many tasks will not be discussed.")


class _Pages:
    """The page_text a pipeline reads lead-ins from."""

    def __init__(self, text: str):
        self.text = text

    def page_text(self, doc_id: str, page: int) -> str:
        return self.text


def test_a_list_item_is_read_with_the_lead_in_of_its_list():
    """The chunk holding items 3-7 lacks the lead-in (it lies in the chunk before): the
    pipeline gives the items its words, and "seventh" is answered by the item numbered 7,
    not by item 1 or the lead-in; the sentence after the list gets no lead-in words."""
    from pincite.answer import pipeline

    start = TASKS_PAGE.index("3. Navigation")
    h = Hit(chunk_id="d-p8-c2", doc_id="d", score=1.0, rank=1, page=8, page_end=8,
            char_start=start, char_end=len(TASKS_PAGE), text=TASKS_PAGE[start:], extra={"name_terms": []})
    pipeline._add_list_context(_Pages(TASKS_PAGE), [h])
    items = h.extra["item_context"]
    assert [TASKS_PAGE[a:b][:2] for a, b, _ in items] == ["3.", "4.", "5.", "6.", "7."]
    assert {"militari", "mission", "pilot"} <= set(items[0][2])
    w = weights_for("Which pilot tasks does a military mission normally require? What is the seventh (last) task?")
    (c,) = extractive.candidates([h], w)
    assert TASKS_PAGE[c.start:c.end] == "7. Postflight ground or deck operation."
    assert c.coverage > 0.6
    bare = Hit(**{**h.__dict__, "extra": {"name_terms": []}})
    (b,) = extractive.candidates([bare], w)
    assert b.coverage < c.coverage - 0.4  # without the lead-in the items say little
    after = TASKS_PAGE.index("Because")
    assert all(not (a < len(TASKS_PAGE) and after < b) for a, b, _ in items)


def test_items_without_a_lead_in_get_no_context():
    """A numbered run after a sentence that introduces nothing (no colon) stays as it is."""
    from pincite.answer import pipeline

    page = "Maintenance is described below.\n1. Drain the oil.\n2. Replace the filter."
    h = hit(page)
    pipeline._add_list_context(_Pages(page), [h])
    assert "item_context" not in h.extra


def test_seventh_task_is_answered_from_the_list(tmp_path):
    (tmp_path / "docs").mkdir()
    pdf = make_pdf(tmp_path / "docs" / "ftm.pdf", [
        "Flight test manual\nChapter one\nIntroduction", TASKS_PAGE,
        "Chapter two covers longitudinal static stability and the trim curves of the airplane."])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        assert lib.ingest([pdf])[0].status == "added"
        a = lib.ask("The manual lists seven tasks a military mission requires of the pilot. What is the seventh task?")
        assert a.status == "answered", a.relevance
        assert a.citations()[0].quote == "7. Postflight ground or deck operation."
        assert a.citations()[0].page == 2


# ------------------------------------------------------------------ table rows


def test_table_caption_and_headers_count_toward_a_rows_coverage():
    """A row "7 cmyk" answers "which defaultcolormodel value is cmyk?" only with its table's
    caption and headers; they count for every window of a table hit, never for a text hit."""
    w = weights_for("Какое значение defaultcolormodel соответствует модели цвета cmyk?",
                    {"defaultcolormodel": 3, "cmyk": 5, "значен": 80, "модел": 60, "цвет": 40,
                     "соответств": 50})
    row = hit("7 cmyk (cyan, magenta, yellow, black)", names=())
    row.kind = "table-row"
    row.extra["context_terms"] = analysis.tokens("Таблица 3: Значения defaultcolormodel | Модель цвета")
    bare = hit("7 cmyk (cyan, magenta, yellow, black)", rank=2, doc="e")
    by_doc = {c.hit.doc_id: c for c in extractive.candidates([row, bare], w)}
    assert by_doc["d"].coverage > by_doc["e"].coverage + 0.4
    assert by_doc["d"].key_missing == 0.0  # defaultcolormodel, the key word, is in the caption


def test_window_too_short_to_verify_is_never_a_candidate():
    """A lone cell ("Frequent") under a caption that covers the question would score high,
    but could never be verified as a quote (verify.min_quote_chars): it is no candidate."""
    w = weights_for("Which probability level is frequent?")
    lone = hit("Frequent")
    lone.extra["context_terms"] = analysis.tokens("Table III probability level")
    assert extractive.candidates([lone], w) == []
    longer = hit("Frequent. A frequent probability level means the hazard is likely to occur often.")
    (c,) = extractive.candidates([longer], w)
    assert longer.text[c.start:c.end] != "Frequent"



def test_evidence_from_another_document_without_the_key_word_is_not_cited(tmp_path):
    """"Сколько весит насос НД-40?": the НД-40 manual answers; the PX-200 manual's weight
    (a mass with a unit, so it covers "весит") lacks the key word and is not cited beside it."""
    (tmp_path / "docs").mkdir()
    nd = make_pdf(tmp_path / "docs" / "nd40.pdf", [
        "Насос НД-40\nРуководство по эксплуатации\nИздание 2",
        "Масса насоса НД-40 без рамы составляет 38 кг. Насос НД-40 устанавливают на ровный фундамент.",
    ], font="dejavu")
    px = make_pdf(tmp_path / "docs" / "px200.pdf", [
        "PX-200 pump\nService manual\nEdition 4",
        "The PX-200 weighs 850 kg. Lift the PX-200 by its two eyebolts only.",
    ])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        res = lib.ingest([nd, px])
        assert all(r.status == "added" for r in res)
        a = lib.ask("Сколько весит насос НД-40?")
        assert a.status == "answered", a.relevance
        assert "38 кг" in a.citations()[0].quote
        assert {c.doc_id for c in a.citations()} == {res[0].doc_id}, [c.quote for c in a.citations()]


# ------------------------------------------------------------------ page headings


def test_page_headings_are_capital_lines_of_the_page():
    page = ("СН РК 4.01-03-2011\nII\nВнесены изменения приказом от 29.12.2021 г. №215-НҚ.\n"
            "ПРЕДИСЛОВИЕ\n1. РАЗРАБОТАН: АО «Казгипроводхоз».\n1. SCOPE\n"
            "A line in Mixed Case\n条例全文\nTHIS LINE IS FAR TOO LONG TO BE A HEADING OF ANY PAGE AT ALL")
    from pincite.answer import pipeline

    assert pipeline.page_headings(page) == ["СН РК 4.01-03-2011", "ПРЕДИСЛОВИЕ", "1. SCOPE"]


def test_a_question_naming_the_page_heading_is_answered_by_that_pages_sentence():
    """"согласно странице предисловия" names where the evidence stands: the sentence never
    says "предисловие", the page's heading does."""
    from pincite.answer import pipeline

    page = ("Внесены изменения и дополнения в соответствии с приказом Комитета "
            "от 07.11.2019 г. №179-НҚ и от 29.12.2021 г. №215-НҚ.\nАЛҒЫ СӨЗ\n"
            "1. ӘЗІРЛЕГЕН: «Қазгипросушаруашылық» АҚ.\n2. ҰСЫНҒАН: Техникалық реттеу департаменті.\n"
            "ПРЕДИСЛОВИЕ\n1. РАЗРАБОТАН: АО «Казгипроводхоз».")
    h = hit(page)
    question = "Каким приказом внесены изменения согласно странице предисловия?"
    df = {t: 50 for g in analysis.query_groups(question) for t in g}
    w = weights_for(question, {**df, "предислов": 2}, 1000)  # the rarest word: the key word
    (bare,) = extractive.candidates([h], w)
    pipeline._add_page_headings(_Pages(page), [h])
    assert "предислов" in h.extra["heading_terms"]
    (c,) = extractive.candidates([h], w)
    assert page[c.start:c.end].startswith("Внесены изменения")
    assert bare.key_missing == 1.0 and c.key_missing == 0.0  # the key word is the heading's
    assert c.relevance > bare.relevance + 0.2


def test_section_title_counts_toward_coverage_but_not_the_quote():
    from pincite.answer import pipeline

    text = "The valve opens at 6 bar."
    h = hit(text)
    h.section_title = "7 Hydraulic accumulator"
    pipeline._add_page_headings(_Pages(text), [h])
    (c,) = extractive.candidates([h], weights_for("At what pressure does the hydraulic accumulator valve open?"))
    assert c.coverage == 1.0
    assert text[c.start:c.end] == text


# ------------------------------------------------------------------ who-questions


@pytest.mark.parametrize("question,asks", [
    ("Кто перевёл руководство?", True),
    ("Who wrote the TeX book?", True),
    ("By whom was it approved?", True),
    ("谁编写了这份指南？", True),
    ("Whose manual is it?", False),
    ("What is the ram stroke?", False),
])
def test_who_questions_ask_for_a_person(question, asks):
    assert asked_type.asks_person(question) is asks


@pytest.mark.parametrize("text,kinds", [
    # a signature or by-line names who did it: full credit
    ("Владимир Лидовский, litwr@yandex.ru", {"person", "person-mention"}),
    ("Translated by Karl Berry.", {"person"}),
    ("Karl Berry, karl@tug.org", {"person", "person-mention"}),
    ("Первая строка.\n   В. Лидовский\nдальше", {"person", "person-mention"}),
    # a name in a sentence may be anyone the text speaks of: a mention
    ("Перевод выполнил В. Лидовский.", {"person-mention"}),
    ("Создание перевода было бы невозможным без Ольги Гагаркиной.", {"person-mention"}),
    ("Paul Abrahams, Kathryn A. Hargreaves, Karl Berry.", {"person-mention"}),
    ("Write to tex-live@tug.org for help.", {"person-mention"}),
    # no person
    ("Все можно проиллюстрировать переводом уравнения на естественный язык.", set()),
    ("The Flight Test Manual Covers Stability", set()),  # an English title, not a name
    ("Basic Concepts", set()),
    ("Статья 5. Общие положения", set()),
    ("Кодекс Республики Казахстан от 9 апреля 2025 года", set()),  # a country, not a person
    ("Rev. 3.0 adds Appendix A. Rev. 2.1 corrected the torques.", set()),  # labels, not initials
    ("Only trained personnel may operate the press.", {"person-mention"}),  # a role
])
def test_person_marks_of_written_names(text, kinds):
    found = {m[len(asked_type.MARK):] for m in asked_type.value_marks(text)}
    assert found & {"person", "person-mention"} == kinds


def test_a_signature_outweighs_a_name_mentioned_in_a_sentence():
    w = weights_for("Кто перевёл руководство?")
    w[asked_type.PERSON_GROUP] = sum(w.values()) / len(w)
    (mention,) = extractive.candidates([hit("Руководство перевели без Ольги Гагаркиной.")], w)
    (signed,) = extractive.candidates([hit("Руководство перевели.\nВладимир Лидовский, litwr@yandex.ru")], w)
    assert signed.coverage == 1.0
    assert 0.5 < mention.coverage < signed.coverage


def test_kin_forms_of_the_russian_root_alternation():
    assert analysis.kin_forms("перевел") == ("перевод",)
    assert analysis.kin_forms("перевест") == ("перевод",)
    assert analysis.kin_forms("привез") == ("привоз",)
    assert analysis.kin_forms("вел") == ()  # no prefix: "вел" is not "вод"
    assert analysis.kin_forms("перевод") == ()
    assert analysis.kin_forms("travel") == ()


def test_who_translated_is_answered_by_the_translators_note(tmp_path):
    """"Кто перевёл …?" shares no form with "Примечания переводчика" (перевел / переводчик)
    and asks for a name the page states but never calls a translator's.
    A page that speaks of translating an equation, with no name, must not win."""
    (tmp_path / "docs").mkdir()
    pdf = make_pdf(tmp_path / "docs" / "graph-manual.pdf", [
        "Руководство пользователя Графопостроитель\nВерсия 1.2",
        "Примечания переводчика\nВ версии 1.2 раздел о рамках вынесен в отдельный документ. "
        "В переводе этого разделения не произошло.\nВладимир Лидовский, litwr@yandex.ru",
        "Все можно проиллюстрировать переводом уравнения выше на естественный язык: "
        "точка следует за прямой.",
        "Графопостроитель рисует линии и кривые. Толщина линии задаётся пером.",
        # the question's other words are common in the manual, as in a real one
        "Подписи на русском языке набираются шрифтом с кириллицей.",
        "Сообщения об ошибках выводятся на русском языке, если он выбран.",
        "Язык описания рисунков похож на язык программирования. Русский текст в метках допустим.",
        "Кривые Безье задаются контрольными точками. Перо может быть круглым или квадратным.",
    ], font="dejavu")
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        assert lib.ingest([pdf])[0].status == "added"
        a = lib.ask("Кто перевёл руководство пользователя Графопостроитель на русский язык?")
        assert a.status == "answered", a.relevance
        assert a.citations()[0].page == 2
        assert "Лидовский" in a.citations()[0].quote


# ------------------------------------------------------------------ definition questions


@pytest.mark.parametrize("question,subject", [
    ("What is siunitx?", "siunitx"),
    ("What are page labels?", "page labels"),
    ("What is a bridge chunk?", "bridge chunk"),
    ("Что такое tlmgr?", "tlmgr"),
    ("什么是 CTeX？", "CTeX"),
    ("CTeX 是什么？", "CTeX"),
    ("What is the ram stroke?", None),  # asks for a value: "The ram stroke is 300 mm."
    ("What is the ISBN of the book?", None),
    ("KD-5 的售价是什么？", None),
    ("How is siunitx loaded?", None),
])
def test_definition_questions_and_their_subject(question, subject):
    assert asked_type.definition_subject(question) == subject


@pytest.mark.parametrize("text,defines", [
    ("MetaPost — это язык программирования, очень похожий на METAFONT.", True),
    ("MetaPost is a programming language for pictures.", True),
    ("The MetaPost system is a descendant of METAFONT.", True),
    ("3 MetaPost stands for a picture language.", True),
    ("Вывод MetaPost — это вариант PostScript.", False),  # MetaPost's output is defined
    ("Графика MetaPost может быть просмотрена в любом просмотрщике.", False),
    ("MetaPost-Graphics are EPS files.", False),  # another term
    ("What is MetaPost?", False),  # a question, not a statement
])
def test_a_definition_starts_with_its_subject_and_a_copula(text, defines):
    marks = asked_type.definition_marks("MetaPost")(text)
    assert (asked_type.DEFINITION_GROUP[0] in marks) is defines


def test_what_is_x_is_answered_by_the_sentence_defining_x(tmp_path):
    """Every page names the tool, most of them twice and briefly (they rank first on BM25);
    one sentence in a longer passage says what it is. Before, the claims were whichever
    mentions ranked first."""
    (tmp_path / "docs").mkdir()
    mentions = [f"Chapter {n}. Plotkit option {o}: plotkit draws the {w}."
                for n, (o, w) in enumerate([("-a", "axes"), ("-g", "grid"), ("-l", "legend"),
                                            ("-t", "title"), ("-c", "colours"), ("-s", "scale")], 2)]
    pdf = make_pdf(tmp_path / "docs" / "guide.pdf", [
        "Figure drawing guide\nEdition 2", *mentions,
        "Appendix. The history of the program goes back to a set of shell scripts written for "
        "a laboratory that needed the same charts every week. Plotkit is a command-line program "
        "that turns tables of numbers into charts. Its options are listed in the chapters above "
        "and in the index that follows this appendix.",
        "Index of options: -a, -c, -g, -l, -s, -t."])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        assert lib.ingest([pdf])[0].status == "added"
        ranked = lib.index.search(["plotkit"], limit=3, mode="bm25")
        assert all(h.page != len(mentions) + 2 for h in ranked)  # the mentions rank first
        a = lib.ask("What is plotkit?")
        assert a.status == "answered", a.relevance
        assert a.citations()[0].quote.startswith("Plotkit is a command-line program")
        assert a.citations()[0].page == len(mentions) + 2


def test_what_is_x_where_x_names_the_document_and_nothing_defines_it(tmp_path):
    """The subject is the document's own name and no sentence defines it: the mentions
    still answer (the definition word alone is no question), as before definitions counted."""
    (tmp_path / "docs").mkdir()
    pdf = make_pdf(tmp_path / "docs" / "plotkit.pdf", [
        "Plotkit\nUser guide", "Chapter 2. Run plotkit with option -g to draw the grid of a figure.",
        "Chapter 3. Run plotkit with option -l to draw the legend of a figure."])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        assert lib.ingest([pdf])[0].status == "added"
        a = lib.ask("What is plotkit?")
        assert a.status == "answered", (a.relevance, a.warnings)
        assert "plotkit" in a.citations()[0].quote.lower()


def test_who_question_without_anybody_named_is_refused_and_a_role_answers(tmp_path):
    """"Who wrote …?" must not be answered by "written permission", nor "Who translated …?" by
    a revision note that names nobody ("Appendix A. Rev. 2.1" is no initial and surname);
    "Who may operate …?" is answered by the role the manual names ("trained personnel")."""
    (tmp_path / "docs").mkdir()
    pdf = make_pdf(tmp_path / "docs" / "press.pdf", [
        "Hydraulic press HP-9\nUser guide\nNo part of this document may be reproduced without written permission.",
        "Revision history: Rev. 3.0 adds Appendix A. Rev. 2.1 corrected the torques. "
        "Translations of this guide are derived from the English original.",
        "Safety. Who may operate the press: only trained personnel may operate the HP-9 press.",
        "Maintenance. Change the hydraulic oil every 2000 hours of operation.",
    ])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        assert lib.ingest([pdf])[0].status == "added"
        wrote = lib.ask("Who wrote the HP-9 user guide?")
        assert wrote.status == "refused", wrote.answer
        assert "lacks the question's rarest word or a name" in wrote.warnings[0]
        # the name weighs as much as the rarest word: "written" alone covers at most half
        assert wrote.relevance.coverage <= 0.5
        assert lib.ask("Who translated the HP-9 user guide?").status == "refused"
        operate = lib.ask("Who may operate the HP-9?")
        assert operate.status == "answered", operate.relevance
        assert "trained personnel" in operate.citations()[0].quote
        assert operate.relevance.score < 1.0  # a role is half a name (asked_type.PERSON_MENTION)


def test_a_short_participle_finds_the_long_one():
    """"предназначен" (Snowball: предназнач) asks for what a manual writes "предназначенный"
    (предназначен)."""
    assert analysis.query_groups("Для чего предназначен насос?") == [("предназнач", "предназначен"), ("насос",)]
    assert set(analysis.tokens("предназначенный")) <= {"предназнач", "предназначен"}
    assert analysis.query_groups("Какой экран?") == [("экра",)]  # no participle


def ask_one(corpus, tmp_path, name: str, question: str):
    """Ingest the corpus file `name` alone into a new library under `tmp_path` and ask it."""
    (tmp_path / "docs").mkdir()
    shutil.copy(corpus / name, tmp_path / "docs" / Path(name).name)
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "docs"])
        return lib.ask(question)


def test_a_sentence_found_in_several_chunks_is_cited_once(corpus, tmp_path):
    # eskdx p. 8: the option's sentence stands in its page chunk and in the option table's
    # chunks; the answer cited it three times (a fresh user's report, 2026-12-01)
    ans = ask_one(corpus, tmp_path, "pdf/ru/eskdx.pdf", "Какой размер шрифта документа по умолчанию?")
    assert ans.status == "answered", ans.warnings
    cits = [c for c in ans.citations() if c.verified]
    assert "По умолчанию 14pt" in cits[0].quote and cits[0].page == 8
    seen = []
    for c in cits:
        quote = " ".join(c.quote.split())
        assert not any(p == c.page and (quote in q or q in quote) for p, q in seen), (c.page, quote, seen)
        seen.append((c.page, quote))


# ------------------------------------------------------------------ authorship: the by-line


def test_bylines_of_title_blocks():
    cover = ["draft", "TUGboat, Volume 0 (2060), No. 0 preliminary draft, September 24, 2008 1001",
             "Multilingual Bibliographies: Using and", "extending the babelbib package", "Harald Harders",
             "1 Introduction"]
    assert asked_type.bylines(cover, "Multilingual Bibliographies") == ["Harald Harders"]
    assert asked_type.bylines(["КОЛЛЕКЦИЯ ESKDX V0.98", "Руководство пользователя",
                               "c 2006 Константин Кориков", "2011"]) == ["c 2006 Константин Кориков"]
    assert asked_type.bylines(["Пакет churchslavonic — верстка", "Александр Андреев и Михаил Крутиков",
                               "версия 0.2"]) == ["Александр Андреев и Михаил Крутиков"]
    assert asked_type.bylines(["zhnumber 宏包", "李清", "sobenlee@gmail.com"]) == ["李清"]
    # a short Chinese line alone is as often a heading; title-case titles are no by-lines
    assert asked_type.bylines(["zhnumber 宏包", "简介", "第 1 节"]) == []
    assert asked_type.bylines(["Flight Test Manual", "USNTPS-FTM-103"], "Fixed Wing Flight Test Manual") == []


def test_authorship_questions():
    assert asked_type.asks_author("Who is the author of the babelbib package?")
    assert asked_type.asks_author("Кто автор коллекции eskdx?")
    assert asked_type.asks_author("zhnumber 宏包的作者是谁？")
    assert not asked_type.asks_author("Who may operate the press?")
    assert not asked_type.asks_author("What does the author recommend?")  # no who-question


@pytest.mark.parametrize("name, question, byline", [
    ("pdf/en/tugboat-babelbib.pdf", "Who is the author of the babelbib package?", "Harald Harders"),
    ("pdf/ru/eskdx.pdf", "Кто автор коллекции eskdx?", "Константин Кориков"),
    ("pdf/ru/churchslavonic-ru.pdf", "Кто авторы пакета churchslavonic?", "Александр Андреев и Михаил Крутиков"),
    ("pdf/zh/zhnumber.pdf", "zhnumber 宏包的作者是谁？", "李清"),
])
def test_who_wrote_a_document_is_answered_by_its_by_line(corpus, tmp_path, name, question, byline):
    # the author's name stands under the title, without the word "author"; these were refused
    # or answered with "The author would be grateful …" (a fresh user's report, 2026-12-01)
    ans = ask_one(corpus, tmp_path, name, question)
    assert ans.status == "answered", ans.warnings
    top = ans.citations()[0]
    assert top.verified and top.page == 1 and byline in " ".join(top.quote.split()), top.quote


def test_a_package_is_defined_by_what_its_manual_says_it_provides_or_is_for():
    marks = asked_type.definition_marks("babelbib")
    assert asked_type.DEFINITION_GROUP[0] in marks("The package babelbib provides solutions for both problems.")
    zh = asked_type.definition_marks("zhnumber")
    # the title block runs into the introduction's first sentence: a line starts with it
    assert asked_type.DEFINITION_GROUP[0] in zh("zhnumber 宏包\n李清\nsobenlee@gmail.com\n第 1 节 简介\n"
                                                "zhnumber 宏包用于将阿拉伯数字按照中文格式输出。")
    ru = asked_type.definition_marks("eskdx")
    assert asked_type.DEFINITION_GROUP[0] in ru("Коллекция eskdx предназначена для оформления документов.")
    # a sentence that uses the name is no definition, nor one where it only ends a line
    assert asked_type.DEFINITION_GROUP[0] not in marks("If the user provides a bdf file the package babelbib "
                                                       "does not know about it.")
    assert asked_type.DEFINITION_GROUP[0] not in marks("styles adapted to\nbabelbib. It provides more.")


@pytest.mark.parametrize("name, question, definition", [
    ("pdf/en/tugboat-babelbib.pdf", "What is babelbib?", "The package babelbib provides solutions"),
    ("pdf/zh/zhnumber.pdf", "zhnumber 是什么？", "zhnumber 宏包用于将阿拉伯数字按照中文格式输出"),
    ("pdf/ru/eskdx.pdf", "Что такое eskdx?", "Коллекция пакетов и классов eskdx рассчитана"),  # p. 4
])
def test_what_is_a_document_subject_is_answered_from_its_introduction(corpus, tmp_path, name, question,
                                                                      definition):
    # the defining sentence stands on p. 1, which a search for the one word ranks below the
    # pages using it most (answered with code-listing lines and side remarks before)
    ans = ask_one(corpus, tmp_path, name, question)
    assert ans.status == "answered", ans.warnings
    top = ans.citations()[0]
    assert top.verified and top.page <= 4 and definition in " ".join(top.quote.split()), top.quote


def test_a_bare_heading_ranks_below_the_sentences_under_it(corpus, tmp_path):
    # churchslavonic-ru p. 3: "1.1. Опции color, gray (= grey) и bw" heads the options' text;
    # "Что делает опция bw?" was answered with the heading alone
    ans = ask_one(corpus, tmp_path, "pdf/ru/churchslavonic-ru.pdf", "Что делает опция bw?")
    assert ans.status == "answered", ans.warnings
    top = ans.citations()[0]
    assert top.page == 3 and top.verified
    assert " ".join(top.quote.split()) != "1.1. Опции color, gray (= grey) и bw", top.quote
    assert any(w in top.quote for w in ("отключа", "bw")), top.quote


@pytest.fixture(scope="module")
def small_library(corpus, tmp_path_factory):
    """siunitx, the CTeX FAQ, the REVTeX 4.2 guide and zhnumber: the library of a fresh
    user's report (2026-12-01)."""
    docs = tmp_path_factory.mktemp("docs")
    for name in ("pdf/en/siunitx.pdf", "pdf/zh/ctex-faq.pdf", "pdf/en/auguide4-2.pdf", "pdf/zh/zhnumber.pdf"):
        shutil.copy(corpus / name, docs / Path(name).name)
    with Library(Settings(data_dir=tmp_path_factory.mktemp("data"))) as lib:
        lib.ingest([docs])
        yield lib


def test_evidence_from_another_document_than_the_named_one_does_not_answer(small_library):
    # the CTeX FAQ's licence notice (p. 40) answered "How much does a siunitx license cost?"
    for q in ("How much does a siunitx license cost?", "Under which license is siunitx distributed?"):
        ans = small_library.ask(q)
        assert ans.status == "refused", (q, [(c.file, c.page, c.quote[:60]) for c in ans.citations()])
        assert not ans.citations()
    # the reason names both documents (the first question also lacks "cost" anywhere)
    assert ans.warnings == ["the passages found come from ctex-faq.pdf, not from siunitx.pdf, "
                            "which the question names"], ans.warnings
    # the CTeX FAQ's own licence is still found when its name is asked
    ans = small_library.ask("Under which license is the CTeX FAQ distributed?")
    assert ans.status == "answered" and ans.citations()[0].file == "ctex-faq.pdf", ans.warnings


def test_an_authorship_word_in_a_title_does_not_name_that_document(small_library):
    # "author" is in "REVTeX 4.2 Author's Guide": the by-line searched for was APS's
    ans = small_library.ask("Who is the author of zhnumber?")
    assert ans.status == "answered", ans.warnings
    top = ans.citations()[0]
    assert top.file == "zhnumber.pdf" and top.page == 1 and "李清" in top.quote
    # a document the library lacks has no by-line here: no other document's author is given
    ans = small_library.ask("Who wrote lshort?")
    assert ans.status == "refused", [(c.file, c.quote[:60]) for c in ans.citations()]


def test_an_options_value_is_not_quoted_with_the_next_option():
    # eskdx p. 8: "hpadding= … По умолчанию\n3mm.\nvpadding= … По\nумолчанию 10mm." The window
    # "По умолчанию 3mm. vpadding= …" gave vpadding hpadding's default (a fresh user's report)
    text = "hpadding= Устанавливает расстояние. По умолчанию\n3mm.\nvpadding= Устанавливает отступ. По\nумолчанию 10mm."
    spans = [text[s:e] for s, e in analysis.split_sentences(text, lowercase_lines=True)]
    assert "По умолчанию\n3mm." in spans and any(s.startswith("vpadding=") for s in spans), spans
    # chunking keeps its sentences (the index profile's chunk boundaries)
    assert not any(s.startswith("vpadding=") for s in (text[a:b] for a, b in analysis.split_sentences(text)))


def test_the_default_of_an_option_in_a_list_is_its_own(corpus, tmp_path):
    ans = ask_one(corpus, tmp_path, "pdf/ru/eskdx.pdf", "Какое значение vpadding по умолчанию в eskdx?")
    assert ans.status == "answered", ans.warnings
    top = " ".join(ans.citations()[0].quote.split())
    assert "10mm" in top and "3mm" not in top, top


def test_a_word_of_the_named_documents_cover_does_not_make_other_evidence_about_it(small_library):
    # "Released 2023-01-03" stands on siunitx's cover, so "released" names it as much as
    # "siunitx" does; "REVTEX 4 was released in August, 2001" was cited fifth
    ans = small_library.ask("When was siunitx released?")
    assert ans.status == "answered", ans.warnings
    assert {c.file for c in ans.citations()} == {"siunitx.pdf"}, [(c.file, c.quote[:50]) for c in ans.citations()]
    assert "Released 2023-01-03" in ans.citations()[0].quote


def test_a_question_window_ranks_below_statements():
    from pincite.answer.extractive import _states_nothing

    h = hit("38 如何注释掉一大段内容，不做编译？")
    assert _states_nothing("38 如何注释掉一大段内容，不做编译？", h)
    assert _states_nothing("How do I comment out a block?", h)
    assert not _states_nothing("Use the comment environment.", h)
