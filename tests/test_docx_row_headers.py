"""A data row of a Word table is covered by its column headers (answer.rank.with_row_headers),
as a spreadsheet row that writes "Header: value" is: "How much K2O is in sample S-02?" is
answered by the S-02 row of a table headed "K2O, mg/kg", not by the header row, which
names every column and states no value."""
from __future__ import annotations

from pathlib import Path

from pincite.config import Settings
from pincite.library.facade import Library

HEADER = ("Sample", "Field", "pH", "P2O5, mg/kg", "K2O, mg/kg", "Humus, %")
ROWS = [("S-01", "Field 3\n(winter wheat)", "5.4", "112", "145", "4.8"),
        ("S-02", "Field 5\n(sunflower)", "6.1", "87", "190", "5.3"),
        ("S-03", "Field 7\n(sugar beet)", "4.9", "64", "98", "3.9"),
        ("S-04", "Field 9\n(maize)", "5.8", "135", "172", "6.1")]


def make_protocol(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.add_heading("Soil test report No. 118", level=1)
    d.add_paragraph("Samples were taken by the agronomist from a depth of 0-20 cm.")
    d.add_heading("2. Test results", level=2)
    t = d.add_table(rows=1, cols=len(HEADER))
    for cell, text in zip(t.rows[0].cells, HEADER):
        cell.text = text
    for row in ROWS:
        for cell, text in zip(t.add_row().cells, row):
            cell.text = text
    d.add_paragraph("The report covers only the samples tested.")
    d.save(str(path))
    return path


def test_a_value_of_a_word_table_is_answered_from_its_row_not_the_header_row(soffice, tmp_path):
    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        [added] = lib.ingest([make_protocol(tmp_path / "soil.docx")])
        assert added.status == "added", added
        for question, row in (("How much K2O is in sample S-02?", "S-02"), ("What pH does sample S-03 have?", "S-03")):
            ans = lib.ask(question)
            quote = ans.claims[0].citations[0].quote if ans.claims else ""
            assert row in quote and "Humus" not in quote, (question, ans.status, quote)


def test_a_word_document_is_cited_by_its_own_page_not_a_pdf_page(soffice, tmp_path):
    """The user has the DOCX, not the PDF pincite reads it through: its citations say "p. 1"
    ("с. 1", "第 1 页"), never "PDF p. 1"."""
    from pincite.library.export import place

    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        lib.ingest([make_protocol(tmp_path / "soil.docx")])
        cit = lib.ask("What pH does sample S-03 have?").claims[0].citations[0]
        assert cit.address.kind == "pdf" and cit.file == "soil.docx"
        assert (place(cit, "en"), place(cit, "ru"), place(cit, "zh")) == ("p. 1", "с. 1", "第 1 页")


def test_a_row_under_a_header_naming_a_kind_holds_a_value_of_that_kind(soffice, tmp_path):
    """"Сколько весит компрессор ВК-22?" asks for a mass; the ВК-22 row of a table headed
    "Масса, кг" holds one in that column (asked_type.header_marks), though the row itself
    writes only numbers, so it answers rather than being refused for "весит"."""
    import docx

    d = docx.Document()
    d.add_heading("Компрессоры серии ВК", level=1)
    d.add_paragraph("Документ описывает винтовые компрессоры ВК-15, ВК-22 и ВК-37.")
    t = d.add_table(rows=1, cols=4)
    for cell, text in zip(t.rows[0].cells, ("Модель", "Мощность, кВт", "Масса, кг", "Уровень шума, дБ")):
        cell.text = text
    for row in (("ВК-15", "15", "310", "67"), ("ВК-22", "22", "395", "70"), ("ВК-37", "37", "540", "73")):
        for cell, text in zip(t.add_row().cells, row):
            cell.text = text
    d.save(str(tmp_path / "vk.docx"))
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        [added] = lib.ingest([tmp_path / "vk.docx"])
        assert added.status == "added", added
        ans = lib.ask("Сколько весит компрессор ВК-22?")
        quote = ans.claims[0].citations[0].quote if ans.claims else ""
        assert ans.status == "answered" and "395" in quote and "ВК-22" in quote, (ans.status, ans.answer)


def test_header_marks_name_the_kind_a_column_holds():
    from pincite.answer import asked_type

    assert asked_type.header_marks("Масса, кг") == {asked_type.MARK + "mass"}
    assert asked_type.header_marks("Weight (kg)") == {asked_type.MARK + "mass"}
    assert asked_type.header_marks("额定功率（千瓦）") == {asked_type.MARK + "power"}
    assert asked_type.header_marks("Модель") == set()


def test_the_header_row_of_a_word_table_and_of_a_sheet_is_told_apart_from_its_rows(soffice, tmp_path):
    """answer.claims.header_row, which keeps header rows out of an answer's citations: the
    Word table's first row span (its column headers, as the converted PDF writes them) is
    one, a data row is not; a sheet's row of labels is one, a row of "Header: value" cells
    is not."""
    from docgen import make_sheet
    from pincite.answer.claims import header_row
    from pincite.answer.extractive import Candidate
    from pincite.text import analysis

    (tmp_path / "docs").mkdir()
    make_sheet(tmp_path / "docs" / "samples.xlsx", "Samples", HEADER,
               [tuple(c.replace("\n", " ") for c in r) for r in ROWS])
    make_protocol(tmp_path / "docs" / "soil.docx")
    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        lib.ingest([tmp_path / "docs"])
        docs = {d.file_name: d.doc_id for d in lib.documents()}
        model = lib.model(docs["soil.docx"])
        spans = model.row_spans(1)
        text = model.pages[0].text

        def cand(doc_id: str, start: int, end: int, page: int = 1) -> Candidate:
            """The window [start, end) of a hit, one table row (as answering marks a row's window)."""
            page_text = lib.page_text(doc_id, page)
            hits = lib.index.search(analysis.tokens(page_text[start:end]), None, limit=20, mode="bm25")
            hit = next(h for h in hits if h.doc_id == doc_id and h.char_start <= start and end <= h.char_end)
            return Candidate(hit, start, end, 1.0, 1.0, record=True)

        assert header_row(lib, cand(docs["soil.docx"], *spans[0])), text[spans[0][0]:spans[0][1]]
        assert not header_row(lib, cand(docs["soil.docx"], *spans[1]))
        sheet = lib.page_text(docs["samples.xlsx"], 1)
        first = sheet.index("Samples!A1")
        second = sheet.index("Samples!A2")
        assert header_row(lib, cand(docs["samples.xlsx"], first, sheet.index("\n", first)))
        assert not header_row(lib, cand(docs["samples.xlsx"], second, sheet.index("\n", second)))


def test_a_word_table_row_under_a_currency_header_states_a_price(soffice, tmp_path):
    """A header holding a currency ("Легковой автомобиль, руб.") makes its values prices: "Сколько
    стоит легковой автомобиль R15–R16?" is answered by the R15–R16 row's cell, though no cell
    writes a currency and no header a price word."""
    import docx

    from docgen import docx_table

    d = docx.Document()
    d.add_heading("Шиномонтажный центр «Протектор»", 0)
    d.add_paragraph("3.1. Хранение комплекта из четырёх шин без дисков стоит 3 200 руб. за сезон.")
    d.add_heading("5. Комплексный шиномонтаж (4 колеса)", 1)
    docx_table(d, [("Диаметр диска", "Легковой автомобиль, руб.", "Кроссовер / внедорожник, руб.", "Время работ, мин"),
                   ("R13–R14", "1 600", "—", "40"), ("R15–R16", "2 000", "2 400", "45"),
                   ("R17–R18", "2 600", "3 100", "50"), ("R19–R20", "3 400", "3 900", "60")])
    d.add_paragraph("6.1. Замена вентиля — 150 руб. за штуку.")
    d.save(str(tmp_path / "tyres.docx"))
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "tyres.docx"])
        ans = lib.ask("Сколько стоит легковой автомобиль R15–R16?")
    assert ans.status == "answered", (ans.answer, ans.warnings)
    assert ans.claims[0].text == "R15–R16 / Легковой автомобиль, руб.: 2 000", ans.claims[0].text



def make_price_list(path: Path) -> Path:
    """A Word price list of two tables with the same rows, each under a section title naming
    its service, whose columns name the amounts' currency: the rows write only a label and
    numbers."""
    import docx

    from docgen import docx_table

    d = docx.Document()
    d.add_heading("Автомойка «Ручей»", level=1)
    d.add_paragraph("Цены действуют с 1 марта. Оплата наличными или картой.")
    d.add_heading("1. Правила", level=2)
    d.add_paragraph("Автомобиль принимается на мойку только при отсутствии в нём ценных вещей.")
    d.add_page_break()  # the tables stand after the cover page, whose lines name the document
    for title, header, rows in (
            ("2. Полировка кузова", ("Класс автомобиля", "Восковая, руб.", "Керамика, руб."),
             (("Седан", "3 000", "14 000"), ("Кроссовер", "3 800", "17 500"), ("Минивэн", "4 500", "21 000"))),
            ("3. Химчистка салона", ("Класс автомобиля", "Сиденья, руб.", "Весь салон, руб."),
             (("Седан", "2 400", "6 500"), ("Кроссовер", "2 900", "7 800"), ("Минивэн", "3 300", "9 200")))):
        d.add_heading(title, level=2)
        docx_table(d, [header, *rows])
    d.add_paragraph("Сушка салона после химчистки занимает до 4 часов.")
    d.save(str(path))
    return path


def test_a_row_is_read_under_its_section_title(soffice, tmp_path):
    """A Word table's row is read under the title of the section it stands in, as a
    spreadsheet's row is under its sheet's name (rank.RowContext): of two tables with the same
    rows, the one whose title names what is asked ("химчистка", "полировка") answers."""
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        [added] = lib.ingest([make_price_list(tmp_path / "prices.docx")])
        assert added.status == "added", added
        for question, row, value in (("Почём химчистка салона седана целиком?", "Седан", "6 500"),
                                     ("Во что обойдётся полировка седана воском?", "Седан", "3 000")):
            ans = lib.ask(question)
            quote = ans.claims[0].citations[0].quote if ans.claims else ""
            assert ans.status == "answered" and row in quote and value in quote, (question, ans.status, ans.answer)



def test_a_slide_tables_rows_are_read_under_the_slides_title(tmp_path):
    """A slide table's rows write their headers ("Duration: Two hours; Price: €160") but not
    the slide's title, which names what they price: they are read under it (rank.RowContext),
    so of two slides with the same rows the one titled as asked answers; and a price asked of
    the thing the title names, naming no row, is asked back which row is meant
    (clarify.clarify_group)."""
    from docgen import make_table_deck

    rows = {"Private lessons": ["€85", "€160", "€420"], "Group lessons": ["€35", "€60", "€150"]}
    make_table_deck(tmp_path / "school.pptx", [
        (title, [("Duration", "Price"), ("One hour", prices[0]), ("Two hours", prices[1]), ("Full day", prices[2])])
        for title, prices in rows.items()])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "school.pptx"])
        ans = lib.ask("What does a group lesson of two hours cost?")
        quote = ans.claims[0].citations[0].quote if ans.claims else ""
        assert ans.status == "answered" and "€60" in quote, (ans.status, ans.answer)
        vague = lib.ask("How much is a private lesson?")
        assert vague.status == "needs_clarification", (vague.status, vague.answer)
        assert vague.clarification is not None and vague.clarification.options == ["One hour", "Two hours", "Full day"]


def test_rows_priced_under_headers_that_name_no_money_are_asked_back(tmp_path):
    """"How much does it cost to hire the pool?" of a slide whose rows are three pools
    priced under "Peak" and "Off-peak" (headers that name no money, cells that write it:
    "£48"): the rows differ in their prices, so the question back lists them."""
    from docgen import make_table_deck

    make_table_deck(tmp_path / "pool.pptx", [
        ("Lane and pool hire (per hour)", [("Area", "Peak", "Off-peak"), ("One lane of the main pool", "£48", "£36"),
                                           ("Whole main pool (8 lanes)", "£320", "£240"),
                                           ("Teaching pool", "£95", "£70")])])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "pool.pptx"])
        vague = lib.ask("How much does it cost to hire the pool?")
    assert vague.status == "needs_clarification", (vague.status, vague.answer)
    assert vague.clarification is not None and len(vague.clarification.options) == 3, vague.clarification


def test_one_of_what_the_rows_are_priced_per_names_no_row(tmp_path):
    """"小学数学一期多少钱？" of a fee sheet headed "每期学费（元）" with four primary-school maths
    rows: "一期" (one term) is one of what the rows are priced per, no thing a row must
    name, so the question is asked back which row is meant."""
    from docgen import make_sheet

    make_sheet(tmp_path / "fees.xlsx", "课程收费", ("年级", "科目", "班型", "每期学费（元）"), [
        ("小学三至四年级", "数学", "大班", 1280), ("小学三至四年级", "数学", "小班", 2400),
        ("小学五至六年级", "数学", "大班", 1520), ("小学五至六年级", "数学", "小班", 2880),
        ("初中一至二年级", "数学", "大班", 2200)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "fees.xlsx"])
        vague = lib.ask("小学数学一期多少钱？")
    assert vague.status == "needs_clarification", (vague.status, vague.answer)
    assert vague.clarification is not None and len(vague.clarification.options) == 4, vague.clarification


def test_rows_labelled_by_sizes_are_offered_by_their_sizes(tmp_path):
    """"How much is a ready-made mirror?" of a slide "Ready-made mirrors" whose rows are
    sizes ("30 × 40 cm", "A3 (29.7 × 42 cm)") priced per finish: asked back, each row offered
    by its size label, though a size reads as a number."""
    from docgen import make_table_deck

    make_table_deck(tmp_path / "mirrors.pptx", [
        ("Ready-made mirrors", [("Size", "Silver frame", "Black frame"), ("30 × 40 cm", "£24", "£22"),
                                ("A3 (29.7 × 42 cm)", "£27", "£25"), ("50 × 70 cm", "£45", "£41")])])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "mirrors.pptx"])
        ans = lib.ask("How much is a ready-made mirror?")
    assert ans.status == "needs_clarification", (ans.status, ans.answer)
    assert ans.clarification is not None
    assert ans.clarification.options == ["30 × 40 cm", "A3 (29.7 × 42 cm)", "50 × 70 cm"], ans.clarification.options
