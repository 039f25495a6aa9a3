"""An ordinal numeral a question writes as a word ("третью смену", "четвёртая смена",
"the third floor") finds the digits a document writes for it ("3-я смена", "2-я, 3-я и
4-я смены", "3rd floor"), and one no row of a numbered series has ("шестая смена" over
"1-я смена" .. "5-я смена") is refused naming the rows there are."""
from __future__ import annotations

import pytest

from docgen import make_sheet
from pincite.config import Settings
from pincite.library.facade import Library
from pincite.text.analysis import ordinal_forms, query_groups


@pytest.mark.parametrize("word, forms", [
    ("третью", ("3-я", "3-й", "3-е", "3-ю", "3-го")),
    ("Четвёртая", ("4-я", "4-й", "4-е", "4-ю", "4-го")),
    ("первого", ("1-я", "1-й", "1-е", "1-ю", "1-го")),
    ("third", ("3rd",)),
    ("first,", ("1st",)),
    # cardinals and words that only begin like an ordinal are none
    ("пять", ()), ("шесть", ()), ("вторник", ()), ("пятница", ()), ("three", ()),
])
def test_ordinal_words_and_the_digits_documents_write_for_them(word, forms):
    assert ordinal_forms(word) == forms


def test_an_ordinal_is_one_question_word_with_its_digit_forms():
    groups = query_groups("Сколько стоит путёвка на третью смену?")
    assert ("трет", "3-я", "3-й", "3-е", "3-ю", "3-го") in groups


SHIFTS = ["1-я смена", "2-я смена", "3-я смена", "4-я смена", "5-я смена"]


@pytest.mark.parametrize("question, missing", [
    ("В какие даты проходит шестая смена?", ["шестая смена"]),
    ("В какие даты проходит четвёртая смена?", []),
    # another noun than the labels' is no label of theirs
    ("На каком этаже шестая комната?", []),
])
def test_an_ordinal_word_names_a_label_of_a_numbered_series(question, missing):
    from pincite.answer.clarify import unlisted_labels

    assert unlisted_labels(question, SHIFTS)[0] == missing


@pytest.fixture(scope="module")
def camp(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("camp")
    make_sheet(tmp / "shifts.xlsx", "Смены", ("Смена", "Даты", "Возраст детей"), [
        ("1-я смена", "2 июня – 15 июня", "7–10 лет"), ("2-я смена", "18 июня – 1 июля", "11–15 лет"),
        ("3-я смена", "4 июля – 17 июля", "7–12 лет"), ("4-я смена", "20 июля – 2 августа", "12–15 лет"),
        ("5-я смена", "5 августа – 18 августа", "7–15 лет")])
    lib = Library(Settings(data_dir=tmp / "data"))
    lib.ingest([tmp / "shifts.xlsx"])
    yield lib
    lib.close()


def test_a_shift_asked_by_its_ordinal_word_is_answered_by_its_row(camp):
    ans = camp.ask("В какие даты проходит четвёртая смена?")
    assert ans.status == "answered", (ans.answer, ans.warnings)
    assert "20 июля" in ans.claims[0].citations[0].quote, ans.answer


def test_a_shift_the_series_lacks_is_refused(camp):
    ans = camp.ask("В какие даты проходит шестая смена?")
    assert ans.status == "refused", ans.answer
    assert any("шестая" in w for w in ans.warnings), ans.warnings
