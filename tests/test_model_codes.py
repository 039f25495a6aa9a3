"""Model codes and editions as people type them, in generated libraries: one key per code
(text.codes) for the search and the sibling check; one part per model code of a question
(answer.split rule 6), each answered or refused on its own; a sheet claim of several rows
labels each value with its own row; an edition written fused with its name in a file
name ("texlive2022.iso") is another edition than the one asked."""
from __future__ import annotations

import pytest

from pdfgen import make_pdf
from pincite.answer.split import split_question
from pincite.config import Settings
from pincite.library.facade import Library
from pincite.text import analysis
from pincite.text.codes import code_key, family, find_codes, is_code, spellings

# ---------------------------------------------------------------- code keys


@pytest.mark.parametrize("a, b", [
    ("ТК-7", "TK-7"),          # Cyrillic look-alike letters vs Latin ones
    ("AQ150", "AQ-150"),       # no separator vs a hyphen between letters and digits
    ("px.200", "PX 200"),      # a dot or a space
    ("Тк7", "tk-7"),
])
def test_spellings_of_one_code_share_a_key(a, b):
    assert code_key(a) == code_key(b)


@pytest.mark.parametrize("a, b", [
    ("AQ-150", "AQ-100"),
    ("НД-40", "HD-40"),           # "Д" has no Latin look-alike: another code
    ("iso-8859-1", "iso-88591"),  # a separator between two digit runs is kept
    ("водка", "bodka"),            # a word without digits is no code
])
def test_other_codes_keep_other_keys(a, b):
    assert code_key(a) != code_key(b)


def test_spellings_are_the_index_forms_of_one_key():
    forms = spellings("tk-7")
    assert forms[0] == "tk-7"
    assert {"tk7", "тк-7", "тк7"} <= set(forms)
    assert {code_key(f) for f in forms} == {code_key("tk-7")}
    assert "aq-150" in spellings("aq150") and not any("а" in f for f in spellings("aq150"))
    assert spellings("2023") == ["2023"] and spellings("pump") == ["pump"]
    # a code read aloud in the other script is one more spelling (under another key)
    assert {"вк-75", "вк75"} <= set(spellings("vk-75")) and {"vk-75", "vk75"} <= set(spellings("вк-75"))
    assert "dl-37" in spellings("дл-37")
    assert not any(_is_cyrillic(f) for f in spellings("qx-5"))  # no one-letter counterpart of q, x


def _is_cyrillic(text: str) -> bool:
    return any("\u0400" <= ch <= "\u04ff" for ch in text)


def _passport(tmp_path, title: str, pages: list[str]) -> Library:
    """A library holding one generated Russian PDF of `pages` titled `title` (its
    pages written with a Cyrillic font)."""
    pdf = make_pdf(tmp_path / "passport.pdf", pages, font="dejavu", title=title)
    lib = Library(Settings(data_dir=tmp_path / "data"))
    lib.ingest([pdf])
    return lib


def test_a_code_typed_as_it_sounds_in_latin_finds_the_cyrillic_code(tmp_path):
    """"VK-75" typed for a document's "ВК-75" (В is read V, not the B it looks like)."""
    with _passport(tmp_path, "Компрессор ВК-75", [
        "Компрессор винтовой ВК-75. Паспорт изделия.",
        "Технические характеристики. Масса компрессора ВК-75 составляет 980 кг. "
        "Производительность компрессора ВК-75 равна 12 кубическим метрам в минуту.",
    ]) as lib:
        ans = lib.ask("Какая масса компрессора VK-75?")
    assert ans.status == "answered", (ans.answer, ans.warnings)
    assert "980 кг" in ans.claims[0].citations[0].quote


def test_a_code_typed_as_it_sounds_sets_the_library_siblings_apart(tmp_path):
    """"KSV-12" typed for a code the library writes in Cyrillic: the library describes only
    "КСВ-8" and "КСВ-8Т" (siblings of one family, "КСВ" read K-S-V), so the question is
    refused as one about another model, naming those siblings, in English as in Chinese;
    the siblings themselves, typed the same way, are answered."""
    with _passport(tmp_path, "Компрессоры КСВ", [
        "Компрессоры серии КСВ. Паспорт изделия.",
        "Технические характеристики. Масса компрессора КСВ-8 составляет 410 кг. "
        "Масса компрессора КСВ-8Т составляет 455 кг. Гарантийный срок компрессора КСВ-8 равен 24 месяцам.",
    ]) as lib:
        ans = lib.ask("Какая масса компрессора KSV-8?")
        assert ans.status == "answered", (ans.answer, ans.warnings)
        assert "410 кг" in ans.claims[0].citations[0].quote
        for q in ("What is the weight of the KSV-12 compressor?", "KSV-12 压缩机的重量是多少？"):
            ans = lib.ask(q)
            assert ans.status == "refused", (q, ans.answer)
            assert ans.refusal == "other_model", (q, ans.refusal, ans.answer)
            why = " ".join(ans.warnings)
            assert "КСВ-8" in why and "KSV-12" in why, why


# ---------------------------------------------------------------- one part per code


@pytest.mark.parametrize("question, lang, parts", [
    # two question sentences, each naming its model with two content words
    ("What is the weight of RX-10? What is the weight of RX-30?", "en",
     ["What is the weight of RX-10?", "What is the weight of RX-30?"]),
    # the codes in one list: the question once per code
    ("What is the weight of RX-10 and RX-20?", "en",
     ["What is the weight of RX-10?", "What is the weight of RX-20?"]),
    ("Compare the weight of RX-10 and RX-30", "en",
     ["Compare the weight of RX-10?", "Compare the weight of RX-30?"]),
    ("Какова масса насосов RX-10, RX-20 и RX-30?", "ru",
     ["Какова масса насосов RX-10?", "Какова масса насосов RX-20?", "Какова масса насосов RX-30?"]),
    ("RX-10和RX-30的重量是多少？", "zh", ["RX-10的重量是多少？", "RX-30的重量是多少？"]),
    # each side of "and" asks its own thing of its own model; the frame goes to the second
    ("What is the motor power of the RX-30 and the head of the RX-10?", "en",
     ["What is the motor power of the RX-30?", "What is the head of the RX-10?"]),
    ("RX-30 的电机功率和 RX-10 的扬程是多少？", "zh", ["RX-30 的电机功率是多少？", "RX-10 的扬程是多少？"]),
    # the list says its preposition or article again before each code
    ("What is the weight of the RX-10 and of the RX-30?", "en",
     ["What is the weight of the RX-10?", "What is the weight of the RX-30?"]),
    ("What torque is the nut tightened to on the RX-10 and on the RX-20?", "en",
     ["What torque is the nut tightened to on the RX-10?", "What torque is the nut tightened to on the RX-20?"]),
    ("What is the head of the RX-10 and the RX-30?", "en",
     ["What is the head of the RX-10?", "What is the head of the RX-30?"]),
    ("What is the weight of RX-10, of RX-20 and of RX-30?", "en",
     ["What is the weight of RX-10?", "What is the weight of RX-20?", "What is the weight of RX-30?"]),
    ("Какой вес у RX-10 и у RX-30?", "ru", ["Какой вес у RX-10?", "Какой вес у RX-30?"]),
    # ... and each code with a word of its own: the second part keeps the asked words
    ("What is the weight of the RX-10 pump and of the RX-30 pump?", "en",
     ["What is the weight of the RX-10 pump?", "What is the weight of the RX-30 pump?"]),
    ("What is the weight of the RX-10 and the RX-30 pump?", "en",
     ["What is the weight of the RX-10?", "What is the weight of the RX-30 pump?"]),
    ("Какой вес у насоса RX-10 и у насоса RX-30?", "ru", ["Какой вес у насоса RX-10?", "Какой вес у насоса RX-30?"]),
    ("Какая мощность двигателя у RX-10, у RX-20 и у RX-30?", "ru",
     ["Какая мощность двигателя у RX-10?", "Какая мощность двигателя у RX-20?",
      "Какая мощность двигателя у RX-30?"]),
])
def test_a_question_naming_several_codes_is_one_part_per_code(question, lang, parts):
    assert split_question(question, lang) == parts


def test_a_question_about_one_model_or_one_comparison_stays_whole():
    """Only parts that name a model each, or a list of models, are split off; a comparison
    without a list and one code named twice stay whole; a part that leans on the one before
    with a possessive ("its price") is split off with the model it points to."""
    assert split_question("What is the price of RX-10? What is the price of RX-20?", "en") == [
        "What is the price of RX-10?", "What is the price of RX-20?"]
    assert split_question("What is the weight of RX-10? What is its price?", "en") == [
        "What is the weight of RX-10?", "What is its price, RX-10?"]
    for question in ["Is the RX-10 heavier than the RX-30?",
                     "What is the weight of the RX-10 pump?",
                     "What is the weight of the RX-10 and the RX-10 pump?",
                     "Which macro switches the layout between A4 and A3 paper?"]:  # sizes, not models
        assert split_question(question, "en") == [question]


def test_a_relation_between_listed_models_stays_whole():
    """A list after "between" ("между", before "之间") is one relation of the models, which
    no part about one of them could answer."""
    for question, lang in [("What is the difference between RX-10 and RX-30?", "en"),
                           ("What is the difference between the RX-10 and the RX-30?", "en"),
                           ("В чём разница между RX-10 и RX-30?", "ru"),
                           ("RX-10和RX-30之间有什么区别？", "zh")]:
        assert split_question(question, lang) == [question]


# ---------------------------------------------------------------- answers


@pytest.fixture(scope="module")
def pumps(tmp_path_factory):
    """A library of one pump sheet (RX-10, RX-20, RX-30), two Russian boiler manuals that
    write their codes in Cyrillic (ТК-7, ТК-9; "tk7_boiler.pdf"), an installation note
    for an ISO image, and a spare parts note that writes words before numbers ("Fig.5",
    "Table 5", "page 12", "Глава 3")."""
    from openpyxl import Workbook

    tmp = tmp_path_factory.mktemp("codes")
    wb = Workbook()
    ws = wb.active
    ws.title = "Models"
    ws.append(["Model", "Flow rate (m3/h)", "Head (m)", "Motor power (kW)", "Weight (kg)"])
    for row in [("RX-10", 12.5, 32, 2.2, 41), ("RX-20", 18, 45, 4, 58), ("RX-30", 27.5, 61, 7.5, 96)]:
        ws.append(row)
    wb.save(tmp / "pumps.xlsx")
    for code, power in (("ТК-7", 24), ("ТК-9", 32)):  # file names write the code without its hyphen
        make_pdf(tmp / f"{code_key(code)}_boiler.pdf", [
            f"Котёл отопительный {code}. Руководство по эксплуатации.",
            f"Технические характеристики. Номинальная тепловая мощность котла {code} составляет "
            f"{power} кВт. Коэффициент полезного действия котла {code} равен 92 процентам.",
        ], font="dejavu", title=f"Котёл {code}")
    make_pdf(tmp / "install.pdf", [
        "Installing the typesetting system from its ISO image.",
        "Check the image after the download in a terminal: the MD5 checksum of texlive2022.iso "
        "is adadcf7ea5224f174ec2abcea6923a42.",
    ], title="Installation note")
    make_pdf(tmp / "figures.pdf", [
        "Spare parts of the circulation pump.",
        "Fig.5 shows the impeller. Table 5 lists the spare parts; the seal kit is on page 12. "
        "Глава 3 описывает монтаж насоса.",
    ], font="dejavu", title="Spare parts")
    lib = Library(Settings(data_dir=tmp / "data"))
    lib.ingest([tmp / "pumps.xlsx", tmp / "tk7_boiler.pdf", tmp / "tk9_boiler.pdf", tmp / "install.pdf",
                tmp / "figures.pdf"])
    yield lib
    lib.close()


def _texts(ans) -> list[str]:
    return [c.text for c in ans.claims]


def test_two_models_in_one_question_are_answered_each_from_its_row(pumps):
    ans = pumps.ask("What is the motor power of the RX-30 and the head of the RX-10?")
    assert ans.status == "answered", ans.answer
    assert [p.status for p in ans.parts] == ["answered", "answered"]
    first, second = (p.claims[0].text for p in ans.parts)
    assert "RX-30" in first and "7.5" in first and "2.2" not in first
    assert "RX-10" in second and "32" in second
    ans = pumps.ask("What is the weight of RX-10 and RX-30?")
    assert [p.claims[0].text for p in ans.parts] == ["RX-10 / Weight (kg): 41", "RX-30 / Weight (kg): 96"]


def test_a_part_about_a_missing_model_is_refused_and_the_rest_answered(pumps):
    ans = pumps.ask("What is the flow rate of the RX-10? What is the weight of the RX-90?")
    assert ans.status == "partial", ans.answer
    assert [p.status for p in ans.parts] == ["answered", "refused"]
    assert "12.5" in ans.parts[0].claims[0].text
    why = ans.parts[1].warnings[0]  # the part's own reason, also in the answer's warnings
    assert any("part 2 is not answered" in w and why in w for w in ans.warnings), ans.warnings


def test_models_listed_with_their_preposition_again_are_answered_each_on_its_own(pumps):
    """"of the RX-10 and of the RX-30", "у RX-10 и у RX-30": one part per model, each with
    its own row; a model the library lacks is its own refused part, and the answer partial."""
    ans = pumps.ask("What is the weight of the RX-10 and of the RX-30?")
    assert ans.status == "answered", ans.answer
    assert [p.claims[0].text for p in ans.parts] == ["RX-10 / Weight (kg): 41", "RX-30 / Weight (kg): 96"]
    ans = pumps.ask("Какой вес у RX-10 и у RX-30?")
    assert [p.status for p in ans.parts] == ["answered", "answered"], ans.answer
    assert ["41" in p.claims[0].text and "RX-10" in p.claims[0].text for p in ans.parts] == [True, False]
    assert "96" in ans.parts[1].claims[0].text and "RX-30" in ans.parts[1].claims[0].text
    ans = pumps.ask("What is the head of the RX-20 and of the RX-90?")
    assert ans.status == "partial", ans.answer
    assert [p.status for p in ans.parts] == ["answered", "refused"]
    assert ans.parts[0].claims[0].text == "RX-20 / Head (m): 45"
    assert any("part 2 is not answered" in w for w in ans.warnings), ans.warnings


def test_a_claim_of_several_sheet_rows_labels_each_value_with_its_row():
    from pincite.answer.table_verify import sheet_cell_claim

    quote = ("Models!A2:C2 | Model: RX-10; Head (m): 32; Weight (kg): 41 "
             "Models!A3:C3 | Model: RX-20; Head (m): 45; Weight (kg): 58")
    terms = analysis.tokens("What is the weight of RX-10 and RX-20?")
    assert sheet_cell_claim(quote, terms) == "RX-10 / Weight (kg): 41 | RX-20 / Weight (kg): 58"


def test_a_word_naming_the_row_names_no_column_of_it():
    """"пакет «бизнес на 8 часов»" names the row "商务包时 8小时" by its hours (the dictionary's
    "小时"); the same word in the header "超时费（元/小时）" (the overtime rate) does not make
    that column the asked one: the price columns are read ("сколько стоит")."""
    from pincite.answer.table_verify import sheet_cell_claim

    quote = "包时与城际!A3:D3 | 套餐: 商务包时 8小时; 包含时长: 8小时; 价格（元）: 650; 超时费（元/小时）: 80"
    kinds = {"price", "cost", "价格", "цен"}
    claim = sheet_cell_claim(quote, ["сто", "пакет", "бизнес", "8", "час", "小时", "hour"], None, kinds,
                             lambda h: "元" in h)
    assert claim is not None and "价格（元）: 650" in claim, claim
    # a question word that names a column and no value still reads that column alone
    assert sheet_cell_claim(quote, ["8", "超时"], None, kinds, lambda h: "元" in h) == (
        "商务包时 8小时 / 超时费（元/小时）: 80")


@pytest.mark.parametrize("question", ["What is the weight of RX20?", "What is the weight of the RX.20 pump?"])
def test_a_code_typed_without_its_hyphen_finds_its_row(pumps, question):
    ans = pumps.ask(question)
    assert ans.status == "answered", (ans.answer, ans.warnings)
    assert ans.claims[0].text == "RX-20 / Weight (kg): 58"


def test_a_code_typed_in_latin_letters_finds_the_cyrillic_code(pumps):
    for question in ("Какова номинальная тепловая мощность котла TK-7?",  # Latin T and K
                     "Какова номинальная тепловая мощность котла ТК7?"):
        ans = pumps.ask(question)
        assert ans.status == "answered", (ans.answer, ans.warnings)
        quote = ans.claims[0].citations[0].quote
        assert "24 кВт" in quote and "ТК-7" in quote  # the quote stays as the page writes it
        assert all("ТК-9" not in c.citations[0].quote for c in ans.claims)


def test_a_code_typed_with_a_space_is_the_code_the_library_writes(pumps):
    """"rx 20" is read as the sheet's "RX-20", "тк 7" as the manual's "ТК-7", in the search,
    the coverage and the split; a word and a number the library never writes as one word
    ("fig 5" beside its "Fig.5", "table 5", "page 12", "глава 3") or a code it lacks stay
    two words."""
    from pincite.answer.spellings import with_spaced_codes

    assert with_spaced_codes(pumps, "What is the weight of rx 20?") == "What is the weight of rx-20?"
    assert with_spaced_codes(pumps, "мощность котла ТК 7") == "мощность котла ТК-7"
    for question in ("What does fig 5 show on page 12?", "Which parts does table 5 list?",
                     "Что описывает глава 3?", "What is the weight of rx 90?"):
        assert with_spaced_codes(pumps, question) == question
    ans = pumps.ask("What is the weight of rx 20?")
    assert ans.status == "answered", (ans.answer, ans.warnings)
    assert ans.claims[0].text == "RX-20 / Weight (kg): 58" and ans.question == "What is the weight of rx 20?"
    ans = pumps.ask("Какова номинальная тепловая мощность котла тк 7?")
    assert ans.status == "answered", (ans.answer, ans.warnings)
    assert "24 кВт" in ans.claims[0].citations[0].quote
    ans = pumps.ask("What is the weight of rx 10 and of rx 30?")
    assert [p.claims[0].text for p in ans.parts] == ["RX-10 / Weight (kg): 41", "RX-30 / Weight (kg): 96"]


def test_an_edition_fused_in_a_file_name_is_another_edition(pumps):
    e = next(iter(analysis.editions("What is the MD5 of TeX Live 2023?")))
    assert set(analysis.written_versions("md5sum texlive2022.iso; TeXLive-2021", e)) == {"2022", "2021"}
    assert analysis.written_versions("mytexlive2022", e) == {}
    refused = pumps.ask("What is the MD5 checksum of the TeX Live 2023 image?")
    assert refused.status == "refused", refused.answer
    assert any("texlive2022" in w and "TeX Live 2023" in w for w in refused.warnings), refused.warnings
    answered = pumps.ask("What is the MD5 checksum of the TeX Live 2022 image?")
    assert answered.status == "answered", (answered.answer, answered.warnings)
    assert "adadcf7ea5224f174ec2abcea6923a42" in answered.claims[0].citations[0].quote


def test_a_question_about_another_letter_revision_is_refused_naming_the_one_held(tmp_path):
    """A manual whose torque table is marked "(Rev. C)" answers revision C; asked for
    revision D (or "ред. Б"), the rows of that table are another revision's, however well
    they match the rest of the question, and the refusal names the revision found."""
    make_pdf(tmp_path / "hx40.pdf", [
        "HX-40 hydraulic press. Service manual.",
        "Table 3 - Fastener torque values (Rev. C)\nFrame bolts M12 85 N·m\nCylinder head bolts M10 48 N·m\n"
        "Tighten the bolts in a crisscross pattern.",
    ], title="HX-40 service manual")
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "hx40.pdf"])
        answered = lib.ask("In revision C of the HX-40 torque table, what torque do the frame bolts take?")
        assert answered.status == "answered", (answered.answer, answered.warnings)
        assert "85 N·m" in answered.claims[0].citations[0].quote
        for question, asked in (("In revision D of the HX-40 torque table, what torque do the frame bolts take?",
                                 "revision D"),
                                ("Какой момент затяжки болтов рамы HX-40 в ред. Б?", "ред. Б")):
            refused = lib.ask(question)
            assert refused.status == "refused", refused.answer
            assert any("Rev. C" in w and asked in w for w in refused.warnings), refused.warnings


def test_the_scope_recognises_a_registered_model_however_its_code_is_typed():
    """The registry's or a document's model is named by the question whichever way its code
    is typed (no hyphen, Cyrillic look-alike letters), and the span it takes is the typed one."""
    from pincite.answer.scope import _named, recognise

    models, mods = ["PX-200", "PX-300"], ["A", "B"]
    assert recognise("What is the test pressure of the PX200, modification B?", models, mods) == {
        "model": "PX-200", "modification": "B"}
    assert recognise("Какое давление у насоса РХ-300?", models, mods)["model"] == "PX-300"  # Cyrillic Р, Х
    assert _named("Pressure of px.300?", models, mods)["model"] == ("PX-300", (12, 18))
    assert "model" not in recognise("Pressure of PX-400?", models, mods)


def test_a_query_models_part_naming_two_models_is_one_part_per_model(monkeypatch):
    """On the LLM path the query model's parts are split per model code as the rules split
    them: a part it left naming two models is answered per model."""
    from pincite.answer import generate, pipeline

    monkeypatch.setattr(generate, "split_with_model", lambda llm, q: (
        ["What is the weight of RX-10 and RX-30?"], None))
    parts, note = pipeline._split("What is the weight of RX-10 and RX-30?", object())  # type: ignore[arg-type]
    assert parts == ["What is the weight of RX-10?", "What is the weight of RX-30?"] and note is None


# ---------------------------------------------------------------- codes that open with digits


@pytest.mark.parametrize("a, b", [
    ("16K20", "16К20"),   # Latin K for the Cyrillic К
    ("6P82", "6Р82"),     # Latin P for the Cyrillic Р
    ("2N2222", "2n-2222"),
    ("16К-20", "16k20"),  # a hyphen between letters and digits
])
def test_a_code_opening_with_digits_has_one_key_however_typed(a, b):
    assert is_code(a.casefold()) and code_key(a) == code_key(b)


def test_digits_letters_digits_is_a_code_a_number_glued_to_a_unit_is_not():
    """Digits, one to three letters and digits again make a code ("16К20", "2N2222"); a
    number glued to a unit or a suffix has no digits after its letters and stays a word."""
    assert [m.group() for m in find_codes("станки 16К20, 6Р82 и диод 1N4148")] == ["16К20", "6Р82", "1N4148"]
    for word in ["5kg", "10mm", "3D", "64bit", "2nd", "1990s", "2023", "1.5e3"]:
        assert not is_code(word.casefold()), word
        assert spellings(word) == [word.casefold()] and family(word.casefold()) is None
        assert not find_codes(f"масса {word} и длина")


def test_the_family_of_a_code_opening_with_digits_sets_its_siblings_apart():
    assert family("16k20") == family("16k25") == family("1k62") == "#k" and family("6p82") == "#p"
    assert family("16k20") != family("k-20")  # a code opening with letters is another shape
    assert family("px200") == "px"


@pytest.mark.parametrize("question, lang, parts", [
    ("Какова периодичность ТО станков 16К20 и 6Р82?", "ru",
     ["Какова периодичность ТО станков 16К20?", "Какова периодичность ТО станков 6Р82?"]),
    ("What is the maximum collector current of the 2N2222 and the 1N4148?", "en",
     ["What is the maximum collector current of the 2N2222?", "What is the maximum collector current of the 1N4148?"]),
])
def test_a_question_naming_two_codes_opening_with_digits_is_one_part_per_code(question, lang, parts):
    assert split_question(question, lang) == parts


def test_a_code_opening_with_digits_typed_in_latin_finds_the_cyrillic_code(tmp_path):
    """"16K20" and "6P82" typed in Latin letters find the manual's Cyrillic "16К20" and
    "6Р82"; each of two such codes in one question is its own part; a sibling the library
    names elsewhere ("16К25") is not answered from the sentence about its sibling "16К20"
    (answer.evidence.names_other_code)."""
    pdf = make_pdf(tmp_path / "norms.pdf", [
        "Положение о техническом обслуживании станочного парка.",
        "Нормы обслуживания. Замена масла в токарном станке 16К20 составляет 12 литров. "
        "Замена масла во фрезерном станке 6Р82 составляет 9 литров. "
        "Периодичность обслуживания станка 16К20 равна 500 моточасам, станка 6Р82 равна 400 моточасам. "
        "Время остановки шпинделя станка 16К20 с частоты 1600 об/мин не должно превышать 5 секунд.",
        "Состав парка. Токарный станок 16К25 установлен в цехе номер 2 в 2019 году. "
        "Токарно-винторезный станок 1К62 установлен в цехе номер 3 в 2021 году.",
    ], font="dejavu", title="Положение о ТО")
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([pdf])
        ans = lib.ask("Сколько литров масла меняют в станке 16K20?")
        assert ans.status == "answered", (ans.answer, ans.warnings)
        assert "12 литров" in ans.claims[0].citations[0].quote
        ans = lib.ask("Сколько литров масла меняют во фрезерном станке 6P82?")
        assert ans.status == "answered", (ans.answer, ans.warnings)
        assert "9 литров" in ans.claims[0].citations[0].quote
        ans = lib.ask("Какова периодичность обслуживания станков 16К20 и 6Р82?")
        assert [p.status for p in ans.parts] == ["answered", "answered"], ans.answer
        ans = lib.ask("Сколько литров масла меняют в станке 16K25?")
        assert ans.status == "refused", ans.answer
        # another series size of the same letter is a sibling too
        ans = lib.ask("За сколько секунд должен остановиться шпиндель станка 1К62?")
        assert ans.status == "refused", ans.answer


def test_a_lone_letter_names_no_document(tmp_path):
    """"F" of "F区" (a zone) is a word of a PDF's cover ("Appendix F"), but a single letter
    names a row or a part, never the document: a refusal does not say the question named
    that PDF."""
    from docgen import make_table_slide

    make_pdf(tmp_path / "appendix.pdf", ["Appendix F\nPoster sizes for the conference hall.",
                                         "Posters are printed on A0 paper in portrait orientation."],
             title="Appendix F")
    make_table_slide(tmp_path / "zones.pptx", "温室分区", [
        ("分区", "作物", "面积"), ("A区", "番茄", "800 m²"), ("B区", "黄瓜", "600 m²"), ("C区", "草莓", "450 m²")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "appendix.pdf", tmp_path / "zones.pptx"])
        ans = lib.ask("F区的作物是什么？")
    assert not any("appendix.pdf" in w for w in ans.warnings), ans.warnings
