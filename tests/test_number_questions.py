"""A question asking for a number (how many, how long, how often, which version, сколько,
多少, 几) is answered only by a passage that holds a number (answer.apart.windows_lacking_numbers):
a manual that names the part asked about but no amount is no answer, and the refusal says no
passage states a number; the sentence holding the amount answers."""
from __future__ import annotations

import pytest

from pincite.answer import apart, measured
from pincite.config import Settings
from pincite.library.facade import Library


@pytest.mark.parametrize("question, asks", [
    ("How often is the anode replaced?", True), ("How long does the check take?", True),
    ("How many diaphragms are in the kit?", True), ("In what year was the first edition printed?", True),
    ("Which minimum version of the library is required?", True),
    ("What is the maximum number of authors?", True),
    ("Сколько весит компрессор?", True), ("Как часто меняют фильтр?", True),
    ("В какой версии появилась команда?", True),
    ("Какое максимальное число рядов можно объединить?", True),
    ("滤芯多久更换一次？", True), ("一页最多能容纳多少字？", True), ("需要几个螺栓？", True),
    ("这个宏包是哪一年发布的？", True),
    # a thing, not a number: a function computing the smallest prime, a name, a place
    ("求不小于 x 的最小素数用哪个函数？", False), ("Who maintains the package?", False),
    ("Where is the relief valve?", False), ("这几乎是什么意思？", False),
    ("What is the maximum flow valve called?", False),
])
def test_questions_asking_for_a_number(question, asks):
    assert apart.asks_number(question) == asks


@pytest.mark.parametrize("text, number", [
    ("Replace the anode every 2 years.", True), ("The check takes about a minute.", True),
    ("The valve is checked twice a shift.", True), ("Фильтр меняют два раза в год.", True),
    ("滤芯每三个月更换一次。", True), ("需要一个螺栓。", True),
    ("The warranty period is eighteen months.", True), ("Гарантия — полгода.", True),
    ("Срок — пятнадцать лет.", True),
    ("To check the package, use the command make check.", False), ("Промывка удаляет накипь.", False),
    ("一般情况下统一使用默认设置。", False), ("The canteen is next to the exit.", False),
    ("Русский язык — один из крупнейших языков мира.", False), ("It is one of the oldest ports.", False),
    ("Several options exist.", False), ("Есть несколько способов.", False), ("Only one cartridge fits.", True),
    ("Таблица высот не приведена.", False),
    ("One can use a snapshot for long term stability.", False), ("One must check the seal first.", False),
    ("It takes one hour.", True),
])
def test_numbers_are_told_from_text_without_one(text, number):
    assert bool(apart._NUMBER_RE.search(text)) == number


@pytest.mark.parametrize("text, number", [
    ("4. Как только трансляция завершится, появится файл pdf.", False),
    ("2) Open the lid and remove the filter.", False), ("3.2.1 棋盘线线宽的设置", False),
    ("3.2 Installation of the pump", False), ("3.2 安装水泵", False),
    ("1.5 kg per unit", True), ("12 months from the date of sale", True),
    ("Step one:\n4. Clean the filter every 30 days.", True),
])
def test_the_number_of_a_list_item_or_section_is_no_amount(text, number):
    """A list item's, step's or section's number at the start of a line orders the text:
    a window holding no other number states no amount ("Сколько времени занимает …?" is not
    answered by step "4. Как только трансляция завершится …")."""
    assert bool(apart._NUMBER_RE.search(apart._LINE_MARKER.sub(" ", text))) == number


@pytest.mark.parametrize("text", ["Empty the tank every day.", "Check the level weekly.", "Проверяйте ежедневно.",
                                  "Осматривайте каждую смену.", "每月检查滤芯。"])
def test_a_frequency_answers_how_often_but_not_how_much(text):
    """"Empty the tank every day" states how often, which is no amount of water."""
    assert apart._FREQUENCY_RE.search(text) and not apart._NUMBER_RE.search(text)
    assert apart._ASKS_FREQUENCY.search("How often is the tank emptied?")
    assert apart._ASKS_FREQUENCY.search("Как часто проверяют уровень?")
    assert apart._ASKS_FREQUENCY.search("多久检查一次？")
    assert not apart._ASKS_FREQUENCY.search("How much water does the tank hold?")


FLUSHING = ("ZR-8 water heater: service manual.\n"
            "Flushing the heat exchanger of the ZR-8 removes lime; flush it with the descaling kit ZR-DK, "
            "following the steps on the kit's label.\nThe relief valve is on the cold water inlet.")


def _library(root, pages_per_file):
    from pdfgen import make_pdf

    for name, pages in pages_per_file.items():
        make_pdf(root / name, pages)
    library = Library(Settings(data_dir=root / "data", embedder="none"))
    assert [r.status for r in library.ingest([root / n for n in pages_per_file])] == ["added"] * len(pages_per_file)
    return library


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    library = _library(tmp_path_factory.mktemp("numbers"), {"zr8-manual.pdf": [FLUSHING]})
    yield library
    library.close()


def test_a_passage_naming_the_part_without_an_amount_is_no_answer_to_how_often(lib):
    """Every word of the question stands in the flushing sentence, but no number (the code
    "ZR-8" the question writes itself is none): refused, and the reason says no passage
    states a number."""
    ans = lib.ask("How often should the heat exchanger of the ZR-8 be flushed?")
    assert ans.status == "refused", ans.answer
    assert ans.warnings == ["none of the passages found states a number for what is asked"], ans.warnings
    ru = lib.ask("Как часто нужно промывать теплообменник ZR-8?")
    assert ru.status == "refused", ru.answer


def test_not_a_question_for_a_number_is_answered_by_the_same_passage(lib):
    how = lib.ask("What is the heat exchanger of the ZR-8 flushed with?")
    assert how.status == "answered", how.warnings
    assert "ZR-DK" in how.claims[0].citations[0].quote, how.claims[0].citations[0].quote


def test_the_sentence_with_the_amount_answers(tmp_path):
    library = _library(tmp_path, {"zr8-manual.pdf": [FLUSHING], "zr8-anode.pdf": [
        "ZR-8 anode.\nReplace the magnesium anode of the ZR-8 every 2 years, or sooner where the water is hard."]})
    try:
        ans = library.ask("How often is the magnesium anode of the ZR-8 replaced?")
        assert ans.status == "answered", ans.warnings
        assert "every 2 years" in ans.claims[0].citations[0].quote, ans.claims[0].citations[0].quote
    finally:
        library.close()


def test_a_phone_number_question_is_not_answered_by_a_sentence_about_calling(tmp_path):
    """"Call the dispatcher from any internal phone" names the dispatcher and the phone but
    no number: no answer to the dispatcher's phone number; the service desk's sentence with
    its number answers its own."""
    library = _library(tmp_path, {"site-rules.pdf": [
        "Riverside site rules.\nIn an emergency, call the dispatcher from any internal phone and press the "
        "nearest alarm button.",
        "Opening hours.\nThe service desk phone number is 0161 496 0734, staffed on weekdays."]})
    try:
        ans = library.ask("What is the phone number of the dispatcher?")
        assert ans.status == "refused", [c.quote for c in ans.citations()]
        ans = library.ask("What is the phone number of the service desk?")
        assert ans.status == "answered", ans.warnings
        assert "0161 496 0734" in ans.claims[0].citations[0].quote, ans.claims[0].citations[0].quote
    finally:
        library.close()


@pytest.mark.parametrize("question, asks", [
    ("What is the phone number of the service desk?", True), ("Какой номер телефона диспетчера?", True),
    ("内部应急电话号码是多少？", True), ("陈伟的分机号是什么？", True), ("How do I phone the dispatcher?", False),
])
def test_questions_asking_for_a_phone_number(question, asks):
    assert bool(apart._ASKS_PHONE.search(question)) == asks


@pytest.mark.parametrize("text, phone", [
    ("The service desk phone number is 0161 496 0734.", True), ("Звоните: +7 (495) 123-45-67.", True),
    ("Phone ext.: 2141", True), ("电话：010-12345678", True),
    ("подаётся диспетчеру не позднее чем за 48 часов", False), ("演练每年组织两次，拨打内部应急电话", False),
    ("Call the dispatcher from any internal phone.", False), ("Тарифы действуют с 2026 года.", False),
])
def test_a_phone_number_is_told_from_other_numbers(text, phone):
    assert bool(apart._PHONE_RE.search(text)) == phone


@pytest.mark.parametrize("question, kind", [
    ("In which year was the paper published?", "year"), ("В каком году вышла первая версия?", "year"),
    ("这个宏包是哪一年发布的？", "year"), ("Which version of the class does the manual describe?", "version"),
    ("В какой версии появилась команда?", "version"), ("Какая минимальная версия пакета нужна?", "version"),
    ("这个命令是在哪个版本加入的？", "version"),
    # a percentage
    ("What percentage of the price is the rush surcharge?", "percent"),
    ("На сколько процентов дороже срочный заказ?", "percent"), ("当天加急要加价百分之几？", "percent"),
    # other numbers: how many years, how long
    ("How many years does the warranty last?", ""), ("Сколько лет гарантия?", ""), ("需要几个螺栓？", ""),
])
def test_questions_asking_for_a_year_or_a_version(question, kind):
    assert apart._asked_number_kind(question) == kind


@pytest.mark.parametrize("text, version", [
    ("Tested with caption v3.0q or later.", True), ("Requires Biblatex 3.14 and Biber 2.14.", True),
    ("В версии 2 добавлена команда \\Xrows.", True), ("v2 adds the option.", True), ("2.3.0 版加入。", True),
    ("Checked against the release of 2004/02/01.", True), ("Поддерживаются версии Windows 7 и новее.", True),
    ("Python 3 is required.", True),
    ("9 Commands \\hline and \\cline of a given width", False), ("The 5p option sets two columns.", False),
    ("The package was tested with setspace; see p. 84.", False),
])
def test_a_version_is_told_from_other_numbers(text, version):
    """A version asked is answered by a version number or a release date, not by a page,
    a section number or a count."""
    found = bool(apart._VERSION_RE.search(text) or apart.VALUE_PATTERNS["date"].search(text)
                 or apart.VALUE_PATTERNS["year"].search(text))
    assert found == version


def test_a_year_question_needs_a_year_and_a_version_question_a_version(tmp_path):
    """A footnote mark or a page number is a number but no year; "frames use the fancybox
    package (see p. 84)" names no version: both refused. The sentences stating the year
    and the version answer."""
    about = ("The tabpack package.\nThe layout of tabpack follows the paper \"Tables for print\"1, published "
             "online by the user group. Shadow frames of tabpack were tested with the fancybox package (see the "
             "example on p. 84).")
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir()
    library = _library(tmp_path / "a", {"tabpack.pdf": [about]})
    try:
        ans = library.ask("In which year was the paper \"Tables for print\" published?")
        assert ans.status == "refused", [c.quote for c in ans.citations()]
        ans = library.ask("Which version of fancybox were the shadow frames of tabpack tested with?")
        assert ans.status == "refused", [c.quote for c in ans.citations()]
    finally:
        library.close()
    library = _library(tmp_path / "b", {"tabpack.pdf": [about, "History.\nThe tabpack package was first "
                                                        "released in 2011. Version 2.4 added shaded frames."]})
    try:
        ans = library.ask("In which year was tabpack first released?")
        assert ans.status == "answered", ans.warnings
        assert "2011" in ans.claims[0].citations[0].quote
        ans = library.ask("In which version were shaded frames added to tabpack?")
        assert ans.status == "answered", ans.warnings
        assert "2.4" in ans.claims[0].citations[0].quote
    finally:
        library.close()


def test_a_percentage_question_needs_a_percentage(tmp_path):
    """"How many percent …" is answered by a number written as a share ("+60 %"), not by a
    price in a passage sharing the question's words."""
    library = _library(tmp_path, {"rush.pdf": [
        "Print shop rates.\nSame-day rush printing of business cards costs 900 RUB per run of 100.\n"
        "Rush surcharges.\nNext-day rush orders are charged +30 % on the run price."]})
    try:
        ans = library.ask("By what percentage is a same-day rush order of business cards charged?")
        assert ans.status == "refused" or "%" in ans.claims[0].citations[0].quote, ans.claims[0].citations[0].quote
        ans = library.ask("By what percentage is a next-day rush order charged?")
        assert ans.status == "answered" and "30 %" in ans.claims[0].citations[0].quote, ans.answer
    finally:
        library.close()


COMPRESSOR = ("KV-20 screw compressor: operating rules.\n"
              "During a loaded run of the KV-20 compressor the discharge temperature must not exceed 95 °C.\n"
              "Drain the KV-20 receiver at the end of every shift; 2 drains a day are enough in dry air.")


@pytest.mark.parametrize("question, kinds", [
    ("How many dB(A) does the KV-20 compressor make?", {"noise"}), ("Сколько весит компрессор KV-20?", {"mass"}),
    ("KV-20 空压机运行时的噪声是多少分贝？", {"noise"}), ("How many kilograms does the KV-20 weigh?", {"mass"}),
    ("На какое давление настроен клапан? Сколько бар?", {"pressure"}),
    # a count of things, a price, a frequency: no measured quantity
    ("A4 一页最多能容纳多少字？", set()), ("How many pages can the binder hold?", set()),
    ("How much does a power of attorney cost?", set()), ("How often are fire drills held?", set()),
    ("What is the noise level of the KV-20?", set()),  # asks no number (the model decides)
    ("На сколько градусов поворачивается стрелка?", set()),  # degrees of an angle or of temperature
    ("Сколько в месяц стоит членство?", set()), ("Сколько в час выдаёт насос?", set()),  # "в" is no volt
    # a superlative of a measured kind asks its value
    ("What's the heaviest rider you take out on a trail ride?", {"mass"}), ("Какая лодка самая быстрая?", {"speed"}),
    # a unit the value is asked in names its kind
    ("Какой уровень шума в цехе, в дБ?", {"noise"}), ("What is the height of the tank in mm?", {"length"}),
    ("What is the pump's flow in the PX-3 configuration?", set()), ("Какой вес в упаковке?", set()),
])
def test_questions_asking_a_measured_quantity(question, kinds):
    from pincite.text import analysis

    assert measured.measured_kinds(question, analysis.query_groups(question)) == kinds


def test_a_measured_quantity_is_answered_only_by_a_value_of_its_kind(tmp_path):
    """The rules name the compressor, its loaded run and a temperature, but no noise level
    and no weight: a question asking how loud or how heavy it is gets no number of another
    kind ("95 °C", "2 drains") and the refusal names the quantity missing; the temperature
    question is answered by the same sentence, and a page stating the noise level answers."""
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir()
    library = _library(tmp_path / "a", {"kv20-rules.pdf": [COMPRESSOR]})
    try:
        ans = library.ask("How many dB does the KV-20 compressor make during a loaded run?")
        assert ans.status == "refused", [c.quote for c in ans.citations()]
        ans = library.ask("Сколько весит компрессор KV-20?")
        assert ans.status == "refused", [c.quote for c in ans.citations()]
        ans = library.ask("What is the maximum discharge temperature of the KV-20 during a loaded run, in °C?")
        assert ans.status == "answered", ans.warnings
        assert "95 °C" in ans.claims[0].citations[0].quote
    finally:
        library.close()
    library = _library(tmp_path / "b", {"kv20-rules.pdf": [COMPRESSOR, "KV-20 data.\nNoise level of the KV-20 "
                                                                        "compressor during a loaded run: 68 dB(A)."]})
    try:
        ans = library.ask("How many dB does the KV-20 compressor make during a loaded run?")
        assert ans.status == "answered", ans.warnings
        assert "68 dB" in ans.claims[0].citations[0].quote
    finally:
        library.close()


def test_the_refusal_names_the_quantity_no_passage_states(tmp_path):
    """Every word of the question stands in the loaded-run sentence but no noise level: the
    reason names the noise level, in the question's language."""
    library = _library(tmp_path, {"kv20-rules.pdf": [COMPRESSOR]})
    try:
        ans = library.ask("How many decibels is the discharge of the KV-20 compressor during a loaded run?")
        assert ans.status == "refused"
        assert ans.warnings == ["none of the passages found states a value of the noise level asked for"], ans.warnings
    finally:
        library.close()


@pytest.mark.parametrize("question, kind", [
    ("What time does the canteen open?", "clock"), ("Until what time is the pool open on Sundays?", "clock"),
    ("До которого часа работает клиника?", "clock"), ("Во сколько открывается бассейн?", "clock"),
    ("周末几点开门？", "clock"),
    ("What time limit applies to a run?", ""), ("Во сколько раз быстрее новая версия?", ""),
    ("Во сколько долларов оценили разработку?", ""), ("Во сколько обойдётся ремонт?", ""),
])
def test_questions_asking_a_time_of_day(question, kind):
    assert apart._asked_number_kind(question) == kind


def test_a_time_of_day_is_answered_by_a_clock_time(tmp_path):
    """"The canteen opens after the morning shift change and serves 3 hot meals" names the
    canteen's opening and holds a number, but no time of day: no answer to what time the
    canteen opens; the opening hours answer."""
    rules = ("Riverside site rules.\nThe canteen opens after the morning shift change and serves 3 hot meals "
             "a day.\nFirst aid kits hang at every exit door.")
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir()
    library = _library(tmp_path / "a", {"site-rules.pdf": [rules]})
    try:
        ans = library.ask("What time does the canteen open?")
        assert ans.status == "refused", [c.quote for c in ans.citations()]
    finally:
        library.close()
    library = _library(tmp_path / "b", {"site-rules.pdf": [rules, "Canteen.\nThe canteen opens at 7:30 and "
                                                                  "closes at 15:00 on working days."]})
    try:
        ans = library.ask("What time does the canteen open?")
        assert ans.status == "answered", ans.warnings
        assert "7:30" in ans.claims[0].citations[0].quote
    finally:
        library.close()


def test_a_measured_value_written_in_words_answers(tmp_path):
    """"forty litres per minute" states a volume with its number in words: it answers "How
    many litres per minute …?" as "40 litres per minute" would."""
    library = _library(tmp_path, {"pump.pdf": ["The pump P-7 delivers forty litres per minute at full speed "
                                               "when the inlet filter is clean and dry."]})
    try:
        ans = library.ask("How many litres per minute does the pump P-7 deliver?")
        assert ans.status == "answered", ans.warnings
        assert "forty litres" in ans.claims[0].citations[0].quote
    finally:
        library.close()
