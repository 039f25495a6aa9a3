"""Tests of pincite.text.analysis: tokens, query terms, language guess and sentence spans."""
from __future__ import annotations

import pytest

from pincite.text import analysis
from pincite.text.analysis import (
    ANALYZER_VERSION,
    detect_language,
    document_language,
    query_groups,
    query_terms,
    question_language,
    split_sentences,
    stopwords,
    tokens,
)


def _sents(text: str) -> list[str]:
    return [text[s:e] for s, e in split_sentences(text)]


def _shared(a: str, b: str) -> set[str]:
    return set(tokens(a)) & set(tokens(b))


# ---------------------------------------------------------------- words


def test_version_is_a_nonempty_string():
    assert isinstance(ANALYZER_VERSION, str) and ANALYZER_VERSION


def test_russian_inflections_share_stems():
    shared = _shared("замена фильтра", "Замените фильтры гидравлической системы")
    assert {"замен", "фильтр"} <= shared


def test_yo_folds_to_ye_and_case_folds():
    assert tokens("емкость") == tokens("ёмкость") == tokens("ЁМКОСТЬ")
    assert tokens("Ёлка") == tokens("елка")
    assert tokens("Ёмкость-2") == tokens("емкость-2") == ["емкость-2"]  # codes are not stemmed


def test_english_stemming_and_case():
    assert tokens("Filters") == tokens("filter")
    assert tokens("REPLACING") == tokens("replace")


def test_pdfium_line_end_hyphen_and_invisibles_join_words():
    assert tokens("кон\ufffe\r\nструирует") == tokens("конструирует")
    assert tokens("hy\u00adphen\u200bation") == tokens("hyphenation")


def test_nfkc_ligatures_and_fullwidth():
    assert tokens("\ufb01le") == tokens("file")
    assert tokens("\uff11\uff12") == ["12"]


def test_letter_only_hyphenated_words_give_parts():
    assert set(tokens("e-mail")) == {"e", "mail"}


# ---------------------------------------------------------------- codes


def test_codes_are_one_token_and_never_shared():
    assert tokens("PX-200") == ["px-200"]
    assert _shared("PX-200", "PX-300") == set()
    assert _shared("Model PX-200 pump", "Model PX-300 pump") == {"model", "pump"}


def test_dash_variants_give_the_same_code():
    assert tokens("PX\u2011200") == tokens("PX\u2013200") == tokens("px-200")


@pytest.mark.parametrize(
    "text, code",
    [
        ("№ 401-п", "№401-п"),
        ("page 5-12", "5-12"),
        ("ГОСТ 2.503-90", "2.503-90"),
        ("version 4.1.", "4.1"),
        ("section 5.3.4", "5.3.4"),
        ("power 1.5 kW", "1.5"),
        ("1,5 кВт", "1,5"),
    ],
)
def test_code_kept_whole(text, code):
    toks = tokens(text)
    assert code in toks
    for part in code.replace("№", "").replace("-", " ").replace(".", " ").replace(",", " ").split():
        if part != code:
            assert part not in toks, f"{part!r} leaked from {code!r}: {toks}"


def test_numero_sign_joins_and_codes_differ():
    assert "№401-п" in tokens("приказ №401-п")
    assert "№401-п" in tokens("приказ № 401-п")
    assert _shared("№ 401-п", "№ 402-п") == set()
    assert "401-п" in _shared("приказ № 401-п", "приказ 401-п")


def test_superscripts_stay_distinct():
    assert tokens("10²") != tokens("102")
    assert _shared("10²", "102") == set()
    assert _shared("m³", "m3") == set()


def test_tex_macros_keep_backslash_and_case():
    assert "\\katal" in tokens("use \\katal for catalytic activity")
    assert "\\katal" not in tokens("katal")
    assert _shared("\\SI", "\\si") == set()


def test_paths_and_urls_whole_and_in_parts():
    toks = tokens("See CTAN:biblio/bibtex/ now")
    assert "ctan:biblio/bibtex" in toks and "bibtex" in toks and "biblio" in toks
    url = tokens("at http://journals.aps.org/revtex/.")
    assert "http://journals.aps.org/revtex" in url
    assert set(tokens("revtex")) <= set(url)
    assert set(tokens("journals")) <= set(url)


# ---------------------------------------------------------------- Chinese


DOC_ZH = "额定电压为220伏。最大功率为1.5千瓦。"


def test_chinese_query_finds_sentence():
    q, d = tokens("最大功率"), set(tokens(DOC_ZH))
    assert set(q) & d
    assert {"最大", "功率"} <= d
    assert "1.5" in d and "220" in d


def test_chinese_bigrams_allow_partial_words():
    assert "大功" in tokens("最大功率")
    assert set(tokens("功率")) <= set(tokens("最大功率"))


def test_chinese_codes_stay_whole():
    shared = _shared("型号PX-200的功率", "型号PX-300的功率")
    assert {"型号", "功率"} <= shared
    assert not {"px", "200", "300", "px-200", "px-300"} & shared
    assert "px-200" in tokens("型号PX-200的功率")


# ---------------------------------------------------------------- query terms


def test_query_terms_drop_question_words():
    assert query_terms("What is the maximum power of PX-200?") == ["maximum", "power", "px-200"]
    assert query_terms("Какой максимальный расход воды?") == tokens("максимальный расход воды")
    zh = query_terms("最大功率是多少？")
    assert "是" not in zh and "多少" not in zh and "率是" not in zh
    assert {"最大", "功率"} <= set(zh)


def test_the_copula_before_an_interrogative_is_cut_off_the_word_before_it():
    # jieba's dictionary writes "价是" as one word: "加急价是多少？" would ask for a "价是" no
    # document writes instead of the price; the copula stands alone before 多少/什么/几/哪
    assert query_groups("加急价是多少？") == [("加急",), ("价",)]
    assert "价是" not in query_terms("加急价是多少？")
    assert query_groups("这台净化器的型号是什么？") == [("净化器", "净化", "化器"), ("型号",)]
    assert query_groups("标准价是多少？") == [("标准价", "标准", "准价")]


def test_a_character_jieba_cuts_off_alone_also_forms_a_word_with_the_next():
    # jieba cuts "私教课" 私 / 教课 in a question, though a price sheet writes "私教包A" and
    # "私教课程" (私教: personal training): the pair across the cut is a form of both words,
    # so a row holding 私教 holds them; never with a function word ("月的")
    assert query_groups("私教课多少钱一节？") == [("私", "私教"), ("教课", "私教"), ("钱",)]
    assert ("月", "个月") in query_groups("租3个月的月租更衣柜多少钱？")
    assert query_groups("加急价是多少？") == [("加急",), ("价",)]


def test_a_question_word_jieba_cuts_apart_is_still_a_stopword():
    # jieba cuts "有多大" into 有/多/大 and "多长时间" into 多/长时间: the question word "多大"
    # ("how big") must not leave "多" and "大" as words a passage has to hold
    assert query_groups("ISO 映像有多大？") == [("iso",), ("映像",)]
    assert query_groups("需要多长时间？") == [("需要",)]


def test_how_many_with_its_measure_word_is_a_question_word():
    # jieba keeps the measure word on 几 ("几台", "几个"): "how many", not a word to find
    assert [g[0] for g in query_groups("要更换几台旧注塑机？")] == ["更换", "旧", "注塑机"]
    assert query_groups("有几个人？") == [("人",)]
    assert query_groups("几何图形怎么画？")[0][0] == "几何图形"  # a word that begins with 几 stays


def test_query_terms_keep_negations_and_numbers():
    assert {"не", "5"} <= set(query_terms("не более 5 кг"))
    assert "no" in query_terms("no more than 5 kg")
    assert {"不得", "5"} <= set(query_terms("不得超过5公斤"))


@pytest.mark.parametrize("q", ["Как заменить фильтр PX-200?", "How do I replace the filter?", "如何更换过滤器？"])
def test_query_terms_subset_of_tokens(q):
    qt = query_terms(q)
    assert qt and set(qt) <= set(tokens(q))


def test_stopwords_hold_analysed_forms():
    assert {"what", "как", "什么", "是", "的"} <= stopwords()
    assert "px-200" not in stopwords() and "не" not in stopwords()


# ---------------------------------------------------------------- language


@pytest.mark.parametrize(
    "text, lang",
    [
        ("最大功率是多少？", "zh"),
        ("使用 \\usepackage{ctex} 宏包排版中文文档", "zh"),
        ("Какой максимальный расход воды?", "ru"),
        ("Как настроить siunitx?", "ru"),
        ("What is the maximum power?", "en"),
        ("", "en"),
        ("12345", "en"),
    ],
)
def test_detect_language(text, lang):
    assert detect_language(text) == lang


_LISTING = "\\def\\zhnumber{\\ifnum\\value>0 \\expandafter\\zhdigit\\fi}\n"  # 33 Latin letters
_ZH = "zhnumber 宏包提供中文数字的格式化命令，可以把阿拉伯数字转换为中文数字。\n"  # 29 Han characters
_RU = "Стиль оформления библиографии по ГОСТ.\n"  # 33 Cyrillic letters


@pytest.mark.parametrize("text, lang", [
    # a Chinese manual whose pages are mostly a code listing: 15% Han (zhnumber.pdf: 19%)
    (_ZH * 2 + _LISTING * 10, "zh"),
    # a Russian manual full of TeX commands: 44% Cyrillic (ugost2008.pdf: 44%)
    (_RU * 4 + _LISTING * 4, "ru"),
    ("The siunitx package typesets units.\n" + _LISTING * 10, "en"),
    # a Russian word quoted in English text is not enough
    ("In Kazakh building codes the preface is headed ПРЕДИСЛОВИЕ and precedes the scope. " * 3, "en"),
    ("", "en"),
])
def test_document_language_lets_the_non_latin_script_decide(text, lang):
    assert document_language(text) == lang


def test_document_and_question_rules_differ_on_code_heavy_text():
    assert (detect_language(_ZH * 2 + _LISTING * 10), document_language(_ZH * 2 + _LISTING * 10)) == ("en", "zh")
    assert (detect_language(_RU * 4 + _LISTING * 4), document_language(_RU * 4 + _LISTING * 4)) == ("en", "ru")


# ---------------------------------------------------------------- query words


def test_irregular_english_verbs_find_their_other_forms():
    assert query_groups("What did I fall over?") == [("fall", "fell", "fallen"), ("over",)]
    assert query_groups("Who has written it?") == [("written", "write", "wrote")]
    # forms that are common other words are left out: "left" is also a direction
    assert ("leav",) in query_groups("When should I leave the room?")


def test_english_contractions_of_stopwords_are_stopwords():
    """"you'll", "we're", "what's" are a pronoun or a question word with an auxiliary, no
    content a passage must hold; "don't" and "can't" are negations and stay."""
    assert query_groups("What's the smallest party you'll do canapés for?") == [
        ("smallest",), ("parti",), ("canapé",)]
    assert query_groups("We're told they've a permit") == [("told", "tell"), ("permit",)]
    assert ("don't",) in query_groups("Don't I need a permit?")


def test_pronouns_and_the_preposition_u_are_stopwords():
    assert query_groups("Какое давление у модели PX-300?") == [
        ("давлен",), ("модел",), ("px-300",)]


# ---------------------------------------------------------------- sentences


def test_sentences_english():
    text = ("The value is 1.5 m. See e.g. Fig. 3 for details. Written by A. B. Knuth in 1984! "
            "Is it? Yes.")
    assert _sents(text) == [
        "The value is 1.5 m.",
        "See e.g. Fig. 3 for details.",
        "Written by A. B. Knuth in 1984!",
        "Is it?",
        "Yes.",
    ]


def test_sentences_russian():
    text = ("Объём бака 1.5 л, т.е. Вы можете залить 1.5 л. Подробнее см. рис. 4 и разд. 5.3.4. "
            "Поставщик в г. Москва. Конец…  Всё.")
    assert _sents(text) == [
        "Объём бака 1.5 л, т.е. Вы можете залить 1.5 л.",
        "Подробнее см. рис. 4 и разд. 5.3.4.",
        "Поставщик в г. Москва.",
        "Конец…",
        "Всё.",
    ]


def test_sentences_chinese():
    text = "额定电压为220伏。最大功率为1.5千瓦！是否需要接地？需要；请参阅第5.3.4节。"
    assert _sents(text) == ["额定电压为220伏。", "最大功率为1.5千瓦！", "是否需要接地？", "需要；", "请参阅第5.3.4节。"]


def test_sentences_section_number_at_line_start_is_not_a_sentence():
    spans = _sents("Введение.\n5.3.4. Настройка\nТекст раздела.")
    assert "5.3.4." not in spans
    assert spans[0] == "Введение."


def test_sentences_blank_lines_and_list_markers():
    text = "Steps\n\n- remove the cover\n- replace the filter\n1) check\n2) done"
    assert _sents(text) == ["Steps", "- remove the cover", "- replace the filter", "1) check", "2) done"]


def test_a_number_wrapped_to_a_line_start_continues_its_sentence():
    # the value of "равен" was wrapped to the next line, where "99." looks like a list marker
    text = "По умолчанию прототип равен\n99. Если страниц больше, задайте 999.\nДалее."
    assert _sents(text) == ["По умолчанию прототип равен\n99. Если страниц больше, задайте 999.", "Далее."]
    text = "The limit is 10 on the low side and\n20) on the high side.\nNext."
    assert _sents(text)[0] == "The limit is 10 on the low side and\n20) on the high side."


def test_numbered_items_still_split_after_an_item_or_a_finished_line():
    # after an item that ends without punctuation, or after a colon, a number starts an item
    assert _sents("Do this:\n1. Open the valve\n2. Close it") == ["Do this:", "1. Open the valve", "2. Close it"]
    assert _sents("Open it.\n2. Close it") == ["Open it.", "2. Close it"]


def test_sentences_urls_not_split():
    assert _sents("See http://example.com/a.b/c. Then go.") == ["See http://example.com/a.b/c.", "Then go."]


def test_sentences_offsets_are_trimmed_and_into_original():
    assert split_sentences("  Hello world.  Next one. ") == [(2, 14), (16, 25)]
    assert split_sentences(" \r\n\t ") == []


def test_long_table_cut_at_line_breaks():
    text = "\n".join(f"row {i} value {i * 3}" for i in range(100))
    spans = split_sentences(text)
    assert len(spans) > 1
    assert all(e - s <= 400 for s, e in spans)
    assert all(text[e - 1] != "\n" and text[s] != "\n" for s, e in spans)


def test_long_line_without_break_stays_whole():
    text = "word " * 200
    assert split_sentences(text) == [(0, len(text) - 1)]


def test_sentences_cover_every_nonblank_char_once():
    text = ("Заголовок\r\n\r\n1. Первый пункт, т.е. начало.\r\nВторой? Да! 最大功率为1.5千瓦。下一句\r\n"
            "• item e.g. here.  Fig. 2 shows\u00a0it. ... . . . 88\r\n")
    spans = split_sentences(text)
    covered = [0] * len(text)
    for (s, e), nxt in zip(spans, spans[1:] + [(len(text), len(text))]):
        assert s < e <= nxt[0]
        assert not text[s].isspace() and not text[e - 1].isspace()
        for i in range(s, e):
            covered[i] += 1
    assert all(covered[i] == 1 for i, c in enumerate(text) if not c.isspace())


# ---------------------------------------------------------------- editions

def test_editions_a_question_names():
    from pincite.text.analysis import editions

    named = editions("According to the REVTeX 4.1 Author's Guide, at what URL is the homepage?")
    assert {(e.name, e.version, e.text) for e in named} == {("revtex", "4.1", "REVTeX 4.1")}
    assert {(e.name, e.version) for e in editions("Что нового в TeX Live 2021 и MetaPost v1.004?")} == {
        ("live", "2021"), ("metapost", "1.004")}
    assert [e.text for e in editions("Какие требования предъявляет TeX Live 2021?")] == ["TeX Live 2021"]


def test_places_months_codes_and_small_numbers_are_no_editions():
    from pincite.text.analysis import editions

    for q in ("What does Table 3.1 list?", "See Section 4.2 of the guide", "Изменения от May 2021",
              "Что сказано в таблице 11.3?", "Windows 10 mounts the image", "REVTeX 4 was released",
              "ГОСТ 7.1-2003", "version 2.1 of the PX-200", "Рис. 2.1 показывает"):
        assert editions(q) == set(), q


def test_a_passage_names_editions_in_any_case():
    from pincite.text.analysis import editions, text_editions

    passage = "maintained at the REVTEX 4.2 homepage; see also the revtex 4.1 notes"
    assert {(e.name, e.version) for e in text_editions(passage)} == {("revtex", "4.2"), ("revtex", "4.1")}
    assert {(e.name, e.version) for e in editions(passage)} == {("revtex", "4.2")}  # questions: capitals


def test_a_revision_named_by_a_letter_is_an_edition_whatever_word_writes_it():
    from pincite.text.analysis import REVISION_NAME, editions, text_editions

    for text, letter in (("In revision D of the torque table", "d"), ("Table 3 (Rev. C)", "c"),
                         ("torque in Rev.B?", "b"), ("Чертёж, ред. Б", "б"), ("в редакции В от 2020", "в")):
        assert (REVISION_NAME, letter) in {(e.name, e.version) for e in text_editions(text)}, text
    assert {(e.name, e.version) for e in editions("What changed in revision D?")} == {(REVISION_NAME, "d")}
    # a lower-case letter, a conjunction or a dotted section after the word names no revision
    for text in ("in revision a of the notes", "в редакции и без", "see Rev. C.1 notes", "the review B"):
        assert not [e for e in text_editions(text) if e.name == REVISION_NAME], text


def test_every_inflection_of_a_russian_word_shares_its_lemma():
    # Snowball stems some inflections of one word apart ("лимит" -> "лим", "лимиты" ->
    # "лимит"); the dictionary form joins them whatever the case or number.
    forms = ["лимит", "лимиты", "лимитов", "лимитом", "давление", "давлениями", "насосов", "насосу"]
    lemmas = {w: set(tokens(w)) for w in forms}
    assert lemmas["лимит"] & lemmas["лимиты"] & lemmas["лимитов"] & lemmas["лимитом"]
    assert lemmas["давление"] & lemmas["давлениями"]
    assert lemmas["насосов"] & lemmas["насосу"]
    # and distinct words stay distinct
    assert not lemmas["лимит"] & lemmas["давление"]


def test_a_list_label_belongs_to_the_sentence_after_it_when_answers_split():
    """"Step 3." ends with a full stop, so the splitter cuts it off; as the answer layer
    splits, it starts the step it labels instead of ending the one before, so a window never
    reads the end of step 2 as step 3. Chunking's split is unchanged."""
    text = ("Step 2. Release the pressure until the gauge reads 0 bar. Step 3. Unscrew the housing "
            "with key K-3.\nШаг 4. Снимите картридж.\n5) Rinse the housing.")
    spans = [text[s:e] for s, e in split_sentences(text, lowercase_lines=True)]
    assert spans == ["Step 2. Release the pressure until the gauge reads 0 bar.",
                     "Step 3. Unscrew the housing with key K-3.", "Шаг 4. Снимите картридж.",
                     "5) Rinse the housing."]
    assert "Step 3." in [text[s:e] for s, e in split_sentences(text)]


def test_a_demonstrative_with_its_measure_word_is_no_question_word():
    # "这台净化器" ("this purifier"): the demonstrative and its measure word point at the noun;
    # a passage never repeats them, whether jieba keeps them as one word ("这台", "这个",
    # "那些") or cuts them apart ("这/款", "这/一台"); no bigram is made across them
    for q in ("这台净化器有多重？", "这款净化器有多重？", "该款净化器有多重？", "这一台净化器有多重？",
              "那些净化器有多重？", "此净化器有多重？"):
        assert [g[0] for g in query_groups(q)] == ["净化器", "多重"], q
        assert "台净" not in query_terms(q) and "款净" not in query_terms(q), q
    assert [g[0] for g in query_groups("本章讲什么？")] == ["讲"]
    # words that only begin with such a character stay
    assert [g[0] for g in query_groups("日本的这个机构")] == ["日本", "机构"]
    assert query_groups("这样") == []


@pytest.mark.parametrize("question, lang", [
    ("Какой разряд у Lindqvist Erik?", "ru"),  # half its letters are a Latin name
    ("В каком отделе работает Grace Lindqvist?", "ru"),
    ("Which department is Ольга Петрова in?", "en"),
    ("Engineering 部门 FY2024 全年预算是多少？", "zh"),
    ("What does glp_simplex return?", "en"),
    ("GLPK?", "en"),  # only a name: its own letters decide
])
def test_a_questions_language_is_not_that_of_the_names_it_asks_about(question, lang):
    assert question_language(question) == lang


@pytest.mark.parametrize("text, first", [
    ("Основан Ричардом Столлманом (https://www.\ndebian.org/) в 1993. Далее текст.",
     "Основан Ричардом Столлманом (https://www.\ndebian.org/) в 1993."),
    ("See https://wiki.\ndebian.org/DebianReleases for dates. Next one.",
     "See https://wiki.\ndebian.org/DebianReleases for dates."),
    ("Write to bob@mail.\nexample.com today. Next one.", "Write to bob@mail.\nexample.com today."),
    ("See https://debian.org. Next one.", "See https://debian.org."),  # a sentence may end on an address
])
def test_a_web_address_cut_by_a_line_break_does_not_end_the_sentence(text, first):
    s, e = split_sentences(text, lowercase_lines=True)[0]
    assert text[s:e] == first


@pytest.mark.parametrize("text, expected", [
    ("Maximum pressure: 130 bar\r\nMotor power: 1.8 kW\r\nHigh-pressure hose length: 6 m",
     ["Maximum pressure: 130 bar", "Motor power: 1.8 kW", "High-pressure hose length: 6 m"]),
    ("Рабочее давление: 6 бар\nМасса без упаковки: 11,5 кг",
     ["Рабочее давление: 6 бар", "Масса без упаковки: 11,5 кг"]),
    ("额定功率：1.5 千瓦\n额定电压：220 伏", ["额定功率：1.5 千瓦", "额定电压：220 伏"]),
])
def test_answers_split_a_list_of_fields_line_by_line(text, expected):
    spans = [text[s:e] for s, e in split_sentences(text, lowercase_lines=True)]
    assert spans == expected
    # chunking keeps its own sentences (the index profile does not change)
    assert len(split_sentences(text)) < len(expected)


@pytest.mark.parametrize("text", [
    # one "Label: value" line in prose is no list
    "Note: the pump must be\nfilled with oil before use and\nchecked every week.",
    # times and addresses have colons but no label before them
    "The line opens at 10:30 and closes\nat 18:00 on working days, see\nhttp://example.org/hours for more",
])
def test_lines_that_are_no_list_of_fields_stay_one_sentence(text):
    assert len(split_sentences(text, lowercase_lines=True)) == 1


def test_an_overlong_list_of_lowercase_items_is_cut_after_an_item_not_inside_one():
    # the items start in lower case, so no sentence ends between them and the run exceeds
    # MAX_SENTENCE_CHARS: it is cut after a line that ends a sentence, never mid-item
    from pincite.text.analysis import MAX_SENTENCE_CHARS

    items = [f"option{i} • option{i}: Sets the behaviour number {i} of the class, as the\r\n"
             f"manual describes in its section {i} and in the notes\r\nafter it (default: off)."
             for i in range(1, 7)]
    text = "\r\n".join(items)
    assert len(text) > MAX_SENTENCE_CHARS
    spans = [text[s:e] for s, e in split_sentences(text)]
    assert len(spans) > 1
    assert all(s.endswith("(default: off).") for s in spans), spans
    assert all(len(s) <= MAX_SENTENCE_CHARS for s in spans)


def test_an_option_line_starts_the_description_after_it_when_answers_split():
    """An option list writes each option on a line of its own and its description after it:
    as answers split, the option opens its description's sentence (so a quote names the
    flag it describes); chunking's split is unchanged."""
    text = ("-f --force\r\nForce overwrite of output files. Normally, bzip2 will not overwrite.\r\n"
            "-k --keep\r\nKeep (don't delete) input files during compression or decompression.\r\n"
            "-backup, -backupdir <dir>\r\nThese options create a backup before an update.")
    spans = [text[s:e] for s, e in split_sentences(text, lowercase_lines=True)]
    assert "-k --keep\r\nKeep (don't delete) input files during compression or decompression." in spans
    assert "-backup, -backupdir <dir>\r\nThese options create a backup before an update." in spans
    assert "-k --keep" in [text[s:e] for s, e in split_sentences(text)]


def test_a_setting_named_on_its_own_line_opens_its_entry_when_answers_split():
    """A reference list of settings names each on a line above its description and default:
    as answers split, the name opens its entry's first sentence, and such a span opens an
    entry (opens_entry), as does the name alone at the end of a text; a sentence that
    merely mentions a name does not."""
    text = ("hide_timezone\r\nIf enabled the timezone in date headers is hidden. Default value is '0'.\r\n"
            "hover_timeout\r\nTime in milliseconds before a folder expands. Default value is '500'.\r\n"
            "imap_scan_tree_recurs_limit")
    spans = [text[s:e] for s, e in split_sentences(text, lowercase_lines=True)]
    assert "hover_timeout\r\nTime in milliseconds before a folder expands." in spans
    assert "Default value is '0'." in spans  # the name below is not part of it
    assert [analysis.opens_entry(t) for t in spans] == [True, False, True, False, True]
    assert not analysis.opens_entry("Set hover_timeout to 0 to disable it.")
    assert not analysis.opens_entry("Default value is '0'.")


@pytest.mark.parametrize("question, parts", [
    ("How much is a ready-made frame?", [("readi",), ("made", "make")]),
    ("За сколько дней сошьют костюм-тройку?", [("костюм",), ("тройк",)]),
    ("Где офис в Санкт-Петербурге?", [("санкт",), ("петербург",)]),
])
def test_each_part_of_a_hyphenated_word_is_a_question_word(question, parts):
    """Both parts of a letters-only hyphenated compound name what is asked, so each is a word
    the answer must hold, not one group either part fills."""
    groups = query_groups(question)
    for part in parts:
        assert part in groups, groups


@pytest.mark.parametrize("question, group", [
    ("What is my e-mail login?", ("e", "mail")),      # a part under three letters: one word
    ("Is there Wi-Fi on board?", ("wi", "fi")),
    ("What does the X-200 weigh?", ("x-200",)),        # a code keeps its hyphen
    ("Что умеет Biblatex-GOST?", ("biblatex", "gost")),  # a name: its parts are no general words
])
def test_short_or_coded_hyphenated_words_stay_one_question_word(question, group):
    assert group in query_groups(question)


def test_a_russian_adjective_of_a_number_is_one_word_however_written():
    """"2-комнатная", "2-комнатной" and "двухкомнатной" share an index form (the number and
    the word's stem), so a row "2-комнатная квартира" is found by any of them; another
    number stays another word, and a word merely opening like a numeral keeps its own form."""
    forms = [set(tokens(w)) for w in ("2-комнатная", "2-комнатной", "двухкомнатной", "Двухкомнатная")]
    assert set.intersection(*forms) == {"2-комнатн"}
    assert "3-комнатн" in tokens("трёхкомнатной") and "2-комнатн" not in tokens("трёхкомнатной")
    assert "5-летн" in tokens("5-летний") and tokens("пятилетний")[-1] == "5-летн"
    assert tokens("семинар") == ["семинар"] and tokens("2-room") == ["2-room"]
