"""Words LibreOffice breaks across the lines of a narrow DOCX table cell, with no hyphen
("ультразвуко" / "м"), are joined again where the DOCX writes them whole
(pincite.extract.wrapped): the page text, the search and the row's name hold the word, and
its quote is still highlighted on the converted page. Two words that merely stand on two
lines stay apart."""
from __future__ import annotations

from pathlib import Path

from pincite.config import Settings
from pincite.extract.layout import to_source
from pincite.extract.model import PageText, SectionSpan
from pincite.extract.wrapped import SourceWords, join_wrapped_words
from pincite.library import pages
from pincite.library.facade import Library


def test_a_word_broken_at_a_line_end_is_joined_and_its_chars_keep_their_source():
    source = SourceWords(["Чистка зубов ультразвуком", "Комплексная вакцинация", "Собаки свыше 20 кг"])
    text = ("Услуга\r\nЧистка \r\nзубов \r\nультразвуко\r\nм\r\n2800\r\nКомплексна\r\nя \r\nвакцинация\r\n"
            "Собаки \r\nсвыше")
    page = PageText(page=1, text=text, sections=[SectionSpan(start=text.index("Комплексна"), end=len(text),
                                                             path=("Прейскурант",))])
    assert join_wrapped_words(page, source) == 2
    assert "ультразвуком\r\n2800" in page.text and "Комплексная \r\nвакцинация" in page.text
    assert "зубов \r\nультразвуком" in page.text and "Собаки \r\nсвыше" in page.text  # two words stay two
    joined = page.text.index("ультразвуком")
    # every char of the joined word maps back to its own char of the original text
    back = to_source(page.char_map, joined, joined + len("ультразвуком"))
    assert "".join(text[a:b] for a, b in back) == "ультразвуком"
    assert page.text[page.sections[0].start:].startswith("Комплексная")
    assert page.sections[0].end == len(page.text)
    ocr = PageText(page=2, text="ультразвуко\nм", ocr=True)
    assert join_wrapped_words(ocr, source) == 0 and ocr.text == "ультразвуко\nм"


def _narrow_table_docx(path: Path) -> Path:
    import docx
    from docx.shared import Cm

    d = docx.Document()
    d.add_paragraph("Прейскурант ветеринарной клиники (цены в рублях).")
    table = d.add_table(rows=3, cols=3)
    table.style = "Table Grid"
    rows = [("Услуга", "Цена для кошек, руб.", "Цена для собак, руб."), ("Чистка зубов ультразвуком", "2800", "3200"),
            ("Комплексная вакцинация", "1900", "2100")]
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            table.cell(r, c).text = value
    table.autofit = False
    for c, column in enumerate(table.columns):  # a first column narrower than its longest word
        column.width = Cm(1.6 if c == 0 else 3.0)
        for cell in column.cells:
            cell.width = column.width
    d.save(str(path))
    return path


def test_a_narrow_docx_cell_keeps_its_long_word_whole(soffice, tmp_path):
    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        res = lib.ingest_file(_narrow_table_docx(tmp_path / "prices.docx"))
        assert res.status == "added", res.reason
        text = lib.page_text(res.doc_id, 1)
        assert "ультразвуком" in text and "Комплексная" in text, text
        ans = lib.ask("Сколько стоит чистка зубов ультразвуком для кошки?")
        assert ans.status == "answered", (ans.answer, ans.warnings)
        assert "2800" in ans.claims[0].text and "ультразвуком" in ans.claims[0].citations[0].quote
        doc = lib.model(res.doc_id)
        start = text.index("ультразвуком")
        rects = pages.span_rects(lib.page_pdf(lib.catalog.get(res.doc_id)), 1, text,
                                 [(start, start + len("ультразвуком"))], doc.page(1).char_map)
        assert rects.rects, "the joined word is highlighted on the converted page"
