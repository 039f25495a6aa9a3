"""A value as a question writes it is searched as the library writes it
(answer.spellings.with_value_spellings): a decimal comma for a decimal point and back, and a
unit after a number or a how-many word in any of its written forms ("кВт", "kW", "千瓦",
"kilowatt"), each only when the library's index holds that spelling."""
from __future__ import annotations

import pytest

from docgen import make_sheet
from pincite.answer import rank
from pincite.answer.spellings import with_value_spellings
from pincite.config import Settings
from pincite.library.facade import Library
from pincite.text import analysis

MOTORS = [("MT-5505", "Electric motor 5.5 kW", 3), ("MT-7705", "Electric motor 2.2 kW", 14),
          ("MT-9905", "Electric motor 7.5 kW", 6)]


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    root = tmp_path_factory.mktemp("values")
    make_sheet(root / "motors.xlsx", "Stock", ("SKU", "Item", "Quantity"), MOTORS)
    library = Library(Settings(data_dir=root / "data"))
    assert [r.status for r in library.ingest([root / "motors.xlsx"])] == ["added"]
    yield library
    library.close()


def _group(groups, form):
    return next(g for g in groups if g[0] == form)


def test_decimal_comma_and_unit_name_take_the_documents_spelling(lib):
    q = "Сколько на складе электродвигателей 2,2 киловатт?"
    groups = with_value_spellings(lib, analysis.query_groups(q), q)
    assert "2.2" in _group(groups, "2,2")
    assert "kw" in _group(groups, analysis.tokens("киловатт")[0])


def test_spellings_the_library_lacks_are_not_added(lib):
    q = "How many motors of 3,7 kilowatts are in stock?"
    groups = with_value_spellings(lib, analysis.query_groups(q), q)
    assert _group(groups, "3,7") == ("3,7",)  # no "3.7" in the library
    assert "kw" in _group(groups, analysis.tokens("kilowatts")[0])
    assert not any("квт" in g for g in groups)  # nor a Russian spelling


def test_a_unit_word_after_no_number_is_left_alone(lib):
    q = "Which motor has the most kilowatts?"
    groups = analysis.query_groups(q)
    assert with_value_spellings(lib, groups, q) == groups


def test_the_row_of_the_value_as_written_is_found_first(lib):
    g = rank.gather(lib, "Which SKU is the 2,2 kilowatt motor?")
    best = g.scored[0]
    assert "MT-7705" in best.hit.text
    assert g.features[id(best)].word_share == 1.0  # "2,2" and "kilowatt" are covered too


@pytest.fixture(scope="module")
def specs(tmp_path_factory):
    root = tmp_path_factory.mktemp("specs")
    make_sheet(root / "specs.xlsx", "Specs", ("Item", "Note"), [
        ("Clearance table", "For voltages above 500V enter the value in the box"),
        ("Board class", "Performance classes are set in IPC-6011 and IPC-6012"),
        ("Grid", "The magic square is a 3 × 3 grid"),
        ("Grid 2", "Each cell of the grid holds one number")])
    library = Library(Settings(data_dir=root / "data", embedder="none"))
    assert [r.status for r in library.ingest([root / "specs.xlsx"])] == ["added"]
    yield library
    library.close()


def test_a_number_with_a_unit_word_is_also_searched_fused_with_the_units_symbol(specs):
    q = "如果电压高于500伏，怎么办？"  # a Chinese word right before the number, the unit as a character
    assert "500v" in _group(with_value_spellings(specs, analysis.query_groups(q), q), "500")


def test_a_product_typed_with_x_is_covered_by_its_numbers_when_the_library_prints_it_otherwise(specs):
    q = "What is the 3x3 grid?"
    # each side a group of its own (query_groups), the product as typed beside it
    assert [g for g in with_value_spellings(specs, analysis.query_groups(q), q) if "3x3" in g] == [("3", "3x3")]
    ans = specs.ask(q)
    assert ans.status == "answered" and "3 × 3" in ans.claims[0].citations[0].quote


def test_an_acronym_written_only_inside_codes_is_searched_as_those_codes(specs):
    from pincite.answer.spellings import as_library_writes

    q = "Which IPC standard sets the performance classes?"
    group = _group(as_library_writes(specs, analysis.query_groups(q), q), "ipc")
    assert set(group[1:]) == {"ipc-6011", "ipc-6012"}
    ans = specs.ask(q)
    assert ans.status == "answered" and "IPC-6011" in ans.claims[0].citations[0].quote
