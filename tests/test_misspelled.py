"""Misspelled question words (answer.misspelled): a word the library lacks, rare in general
language, is read as the library's word one edit away, or as the function word it
misspells; a real word the library lacks (a near miss) is never corrected."""
from __future__ import annotations

import pytest

from docgen import make_sheet
from pincite.answer.misspelled import one_edit
from pincite.config import Settings
from pincite.library.facade import Library


@pytest.mark.parametrize("a, b, near", [
    ("абонимент", "абонемент", True),  # a letter changed
    ("defualt", "default", True),  # two neighbours swapped
    ("clas", "class", True),  # a letter dropped
    ("teh", "the", True),
    ("абонемент", "абонемент", False),  # the same word
    ("abcd", "badc", False),  # two swaps
    ("ожидан", "ожиданий", False),  # two letters more
])
def test_one_edit_is_damerau_distance_one(a, b, near):
    assert one_edit(a, b) == near and one_edit(b, a) == near


@pytest.fixture(scope="module")
def passes(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("misspelled")
    make_sheet(tmp / "passes.xlsx", "Абонементы", ("Абонемент", "Срок действия, дней", "Цена, руб."), [
        ("Дневной", 1, 390), ("Недельный", 7, 990), ("Месячный", 30, 2490), ("Сезонный", 183, 6900)])
    lib = Library(Settings(data_dir=tmp / "data"))
    lib.ingest([tmp / "passes.xlsx"])
    yield lib
    lib.close()


def test_misspelled_words_are_read_as_the_words_meant(passes):
    ans = passes.ask("Сколко стоит месячный абонимент?")
    assert ans.status == "answered", (ans.answer, ans.warnings)
    assert ans.claims[0].text.endswith("Цена, руб.: 2490"), ans.claims[0].text


class _Catalog:
    """The catalog calls misspelled.with_spelling_fixes makes, over a fixed vocabulary."""

    def __init__(self, forms: dict[str, int]):
        self.forms = forms

    def term_df(self, terms):
        return {t: self.forms.get(t, 0) for t in terms}

    def all_term_df(self):
        return dict(self.forms)

    def chunk_count(self):
        return len(self.forms)


def test_a_rare_misspelling_is_fixed_and_a_real_word_the_library_lacks_is_not():
    """"warrenty" (wordfreq 1.26) is read as the library's "warranti"; "sheep" (4.19), one
    edit from the library's "sheet", is a real word asked about: a near miss, left alone;
    so is "ansiA", a name of a series beside the library's "ansic" (typed with a capital).
    "Waht" and "teh" misspell function words and are written as them."""
    from types import SimpleNamespace

    from pincite.answer.misspelled import with_function_words, with_spelling_fixes
    from pincite.text import analysis

    lib = SimpleNamespace(catalog=_Catalog({"warranti": 3, "sheet": 5, "period": 2, "ansic": 1}))
    q = with_function_words(lib, "Waht is teh warrenty period of the sheep in ansiA?")
    assert q == "What is the warrenty period of the sheep in ansiA?"
    fixed = with_spelling_fixes(lib, analysis.query_groups(q), q)
    assert ("warrenti", "warranti") in fixed and ("sheep",) in fixed and ("ansia",) in fixed
    # typed in lower case, a word with two library words one edit away names neither
    series = SimpleNamespace(catalog=_Catalog({"ansic": 1, "ansid": 1, "paper": 3}))
    q = "what size is ansia paper?"
    assert ("ansia",) in with_spelling_fixes(series, analysis.query_groups(q), q)


def test_a_capitalised_word_is_read_as_a_library_name_only_with_two_letters_swapped():
    """"Junoir" (a capital, in no document) is the library's "Junior" with two neighbouring
    letters swapped; "Brandy" beside the library's "Brandt" differs by a letter changed,
    as another name of a series does, and is left as typed."""
    from types import SimpleNamespace

    from pincite.answer.misspelled import with_spelling_fixes
    from pincite.text import analysis

    lib = SimpleNamespace(catalog=_Catalog({"junior": 2, "squad": 2, "brandt": 1, "term": 3}))
    q = "How much is the Junoir Squad term?"
    assert any("junior" in g for g in with_spelling_fixes(lib, analysis.query_groups(q), q))
    q = "Who is Mr Brandy?"
    assert not any("brandt" in g for g in with_spelling_fixes(lib, analysis.query_groups(q), q))


def test_a_slip_in_an_ending_the_stemmer_keeps_is_read_as_the_word_meant():
    """"mailng" (for "mailing", which the index holds as "mail": two edits from "mailng"
    itself) and "shiping" ("ship") are read as the library's words through their one-edit
    spellings; "maing" stems to "ma", too short a form to count, so "mail" is the one fix.
    "sheeps" (a real word's form, "sheep", that general language uses) is left alone."""
    from types import SimpleNamespace

    from pincite.answer.misspelled import with_spelling_fixes
    from pincite.text import analysis

    lib = SimpleNamespace(catalog=_Catalog({"mail": 4, "list": 3, "ship": 2, "cost": 2, "ma": 1, "sheet": 2}))
    q = "Which mailng list covers shiping cost for sheeps?"
    fixed = with_spelling_fixes(lib, analysis.query_groups(q), q)
    assert ("mailng", "mail") in fixed and ("shipe", "ship") in fixed, fixed
    assert not any("sheet" in g for g in fixed), fixed
