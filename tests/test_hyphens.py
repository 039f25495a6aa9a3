"""A hyphen at a line end: printed in a compound ("Санкт-Петербурге", "two-column") or a
hyphenation break ("main-tenance"). PDFium marks both with U+FFFE; pincite keeps the hyphen of
a compound in shown quotes, in the text quotes are verified against, and in search terms,
and joins a hyphenated word (text.hyphens)."""
from __future__ import annotations

import os

import pytest

from pdfgen import make_pdf
from pincite.answer.extractive import clean_quote
from pincite.answer.normalize import loose, normalize, readable_text
from pincite.config import Settings
from pincite.library.facade import Library
from pincite.text.analysis import tokens
from pincite.text.hyphens import printed_hyphen


@pytest.mark.parametrize("left, right, printed", [
    ("Санкт", "Петербурге", True),          # the dictionary knows the hyphenated word
    ("административно", "хозяйственный", True),  # both halves words, the joined one not
    ("ис", "пользовать", False),            # the dictionary knows the joined word
    ("two", "column", True),
    ("main", "tenance", False),
    ("multicol", "umn", False),             # nothing known: a hyphenated technical term
    ("КБ", "5", True),                      # a digit: never a hyphenation break
    ("CN", "HG71", True),                   # a code whose digits stand away from the hyphen
    ("ZR8", "A", True),
    ("взаимодей", "ствие2", False),         # a word with its footnote mark is hyphenated as words are
    ("MetaPost", "интерпретатор", True),    # two alphabets
    ("\\font", "size", False),              # a TeX control word is letters only
    ("ГО", "СТа", False),                   # "ГОСТа" is a word: a capital tells nothing
    ("", "size", False),
])
def test_printed_hyphen_reads_the_word_halves(left, right, printed):
    assert printed_hyphen(left, right) is printed


def test_quote_page_text_and_terms_keep_a_compounds_hyphen():
    page = "в городах Москве и Санкт\ufffeПетербурге; a two\ufffe\r\ncolumn layout; the main\ufffetenance team"
    shown = clean_quote(page)
    assert "Санкт-Петербурге" in shown and "two-column" in shown and "maintenance" in shown
    assert "Санкт-Петербурге" in readable_text(page) and "two-column" in readable_text(page)
    # a quote written as a reader sees the page verifies against the stored text
    assert normalize("Москве и Санкт-Петербурге").text in normalize(page).text
    assert normalize("a two-column layout").text in normalize(page).text
    assert normalize("СанктПетербурге").text not in normalize(page).text
    # a code broken at a line end of a narrow table cell keeps its hyphen in the quote shown,
    # the text verified and the search terms ("CNHG71" stands nowhere in the document)
    cell = "Цепь Shimano CN\ufffe\r\nHG71, 116 звеньев"
    assert "CN-HG71" in clean_quote(cell) and "CNHG71" not in clean_quote(cell)
    assert normalize("Цепь Shimano CNHG71").text not in normalize(cell).text
    assert "cn-hg71" in tokens(cell)
    assert loose("the maintenance team").text in loose(page).text
    terms = tokens(page)
    assert "петербург" in terms and "column" in terms and "санктпетербург" not in terms
    assert "twocolumn" not in terms and "mainten" in terms


def test_printed_hyphen_with_a_line_break_follows_the_same_decision():
    assert clean_quote("a two-\ncolumn grid and the main-\ntenance team") == \
        "a two-column grid and the maintenance team"
    assert normalize("the PX-\n200 pump").text == "the PX-200 pump"


@pytest.fixture(scope="module")
def hyphen_lib(tmp_path_factory):
    """One generated Russian page whose compounds break at line ends (PDFium marks the
    hyphens U+FFFE), in a fresh library with default settings."""
    with pytest.MonkeyPatch.context() as mp:
        for var in [v for v in os.environ if v.startswith("PINCITE_")]:
            mp.delenv(var)
        src = tmp_path_factory.mktemp("hyphen-files")
        make_pdf(src / "policy.pdf", [
            "Положение о командировках\n"
            "3.2. Расходы по найму жилого помещения возмещаются по фактическим затратам, но не более 7 000 "
            "рублей в сутки в городах Москве и Санкт-\nПетербурге и не более 4 500 рублей в сутки в иных "
            "населённых пунктах.\n2.3. Бронирование билетов и гостиниц осуществляет административно-\n"
            "хозяйственный отдел на основании подписанного приказа."], font="dejavu")
        lib = Library(Settings(data_dir=tmp_path_factory.mktemp("hyphen-data")))
        assert [r.status for r in lib.ingest([src])] == ["added"]
        yield lib
        lib.close()


def test_a_compound_split_at_a_line_end_is_found_and_quoted_whole(hyphen_lib):
    """The page text holds "Санкт\\uFFFEПетербурге"; a question naming Санкт-Петербург finds
    the sentence, and its verified quote reads the word as printed."""
    doc = hyphen_lib.documents()[0]
    assert "Санкт\ufffeПетербурге" in hyphen_lib.page_text(doc.doc_id, 1)
    ans = hyphen_lib.ask("Сколько рублей в сутки возмещают за жильё в Санкт-Петербурге?")
    first = ans.citations()[0]
    assert ans.status == "answered" and first.verified, (ans.status, first)
    assert "Санкт-Петербурге" in first.quote and "7 000" in first.quote, first.quote
    ans = hyphen_lib.ask("Какой отдел бронирует билеты и гостиницы?")
    first = ans.citations()[0]
    assert first.verified and "административно-хозяйственный отдел" in first.quote, first.quote
