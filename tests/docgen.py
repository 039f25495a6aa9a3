"""Test helper: generated documents shared by several test modules (beside pdfgen.py).

``make_scan_pdf``: a PDF whose pages are text or an image of one line of text (a "scan"
with no text layer, for OCR); ``make_xlsx_revisions``: a workbook with sheets RevA and RevB
that differ only in B5; ``make_passport``, ``make_spec_sheet``, ``make_datasheet``: a DOCX, an
XLSX and a ruled-table PDF whose specification table has one column per model (invented
values); ``spec_library``: a library of the files a function writes; ``no_pincite_env``: a module fixture
that keeps the caller's PINCITE_* settings out; ``passport_lib``, ``sheet_lib``,
``datasheet_lib``: module fixtures of the three files' libraries; ``make_model_rows_docx``,
``make_product_sheet`` (fixtures ``model_rows_lib``, ``product_sheet_lib``): a DOCX and an
XLSX whose table has one ROW per model instead.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

import pytest

from pdfgen import DEJAVU_PATH, PAGE_SIZE, make_ruled_table_pdf

#: The line written into a scan image, and where the image lies (points: x, y from the
#: bottom, width, height).
SCAN_FACT = "Service interval 250 h"
IMAGE_BOX = (60.0, 600.0, 450.0, 50.0)


def text_image(text: str, width_px: int = 1800, height_px: int = 200, font_px: int = 96):
    """A white PIL image with ``text`` in black DejaVuSans (a "scan" of one line)."""
    from PIL import Image, ImageDraw, ImageFont

    img = Image.new("L", (width_px, height_px), color=255)
    ImageDraw.Draw(img).text((40, (height_px - font_px) // 2), text, fill=0,
                             font=ImageFont.truetype(DEJAVU_PATH, font_px))
    return img


def make_scan_pdf(path: Path, pages: list[str | None], *, image_text: str = SCAN_FACT,
                  image_box: tuple[float, float, float, float] = IMAGE_BOX) -> Path:
    """A PDF whose pages are text (Helvetica 11) or, for None, an image of ``image_text`` only."""
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=PAGE_SIZE, invariant=True)
    c.setTitle("")
    for text in pages:
        if text is None:
            c.drawImage(ImageReader(text_image(image_text)), *image_box)
        else:
            c.setFont("Helvetica", 11)
            c.drawString(56, PAGE_SIZE[1] - 72, text)
        c.showPage()
    c.save()
    return path


def docx_table(document, rows) -> None:
    """Append a grid table of `rows` (tuples of cell texts, the header row first) to a
    python-docx `document`."""
    t = document.add_table(rows=len(rows), cols=len(rows[0]))
    t.style = "Table Grid"
    for i, row in enumerate(rows):
        for j, v in enumerate(row):
            t.cell(i, j).text = v


def make_sheet(path: Path, title: str, header: tuple, rows: list[tuple]) -> Path:
    """An XLSX at `path` with one sheet named `title`: a header row, then `rows`."""
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = title
    for row in (header, *rows):
        ws.append(list(row))
    wb.save(path)
    return path


def make_table_slide(path: Path, title: str, rows: list[tuple[str, ...]]) -> Path:
    """A one-slide PPTX: `title`, then a table of `rows` (the first row its header)."""
    return make_table_deck(path, [(title, rows)])


def make_table_deck(path: Path, slides: list[tuple[str, list[tuple[str, ...]]]]) -> Path:
    """A PPTX of one slide per (title, rows): the title, then a table of `rows` (the first
    row its header)."""
    from pptx import Presentation
    from pptx.util import Inches

    deck = Presentation()
    for title, rows in slides:
        slide = deck.slides.add_slide(deck.slide_layouts[5])
        slide.shapes.title.text = title
        table = slide.shapes.add_table(len(rows), len(rows[0]), Inches(0.5), Inches(1.5), Inches(9), Inches(3)).table
        for i, row in enumerate(rows):
            for j, value in enumerate(row):
                table.cell(i, j).text = value
    deck.save(str(path))
    return path


def make_xlsx_revisions(path: Path) -> Path:
    """Sheets RevA and RevB, the same table, differing only in B5 (6 bar / 9 bar)."""
    import openpyxl

    wb = openpyxl.Workbook()
    ws_a = wb.active
    ws_a.title = "RevA"
    ws_b = wb.create_sheet("RevB")
    rows = [("Parameter", "Value"), ("Rated flow", "40 m3/h"), ("Rated head", "32 m"),
            ("Motor power", "7.5 kW"), ("Maximum inlet pressure", None), ("Weight", "118 kg")]
    for ws, pressure in ((ws_a, "6 bar"), (ws_b, "9 bar")):
        for r, (a, b) in enumerate(rows, 1):
            ws.cell(r, 1, a)
            ws.cell(r, 2, pressure if r == 5 else b)
    wb.save(str(path))
    return path


#: Facts of make_docx_pages, one per page, and the headings above them.
DOCX_PAGE_FACTS = {
    1: "Pump PX-700 runs on three-phase power at 400 volts and 50 hertz.",
    2: "The impeller seal of pump PX-700 is replaced every 1800 operating hours.",
    3: "A stored pump PX-700 is turned by hand once a month to keep the bearings greased.",
}
DOCX_PAGE_SECTIONS = {1: ["1 General"], 2: ["2 Maintenance", "2.1 Service intervals"], 3: ["3 Storage"]}


def make_docx_pages(path: Path) -> Path:
    """A three-page DOCX (python-docx): a Title, Heading 1/2 sections, filler paragraphs, a
    table on page 2, hard page breaks, and a footer printing the page number (a PAGE field),
    so its converted PDF has printed folios "1", "2", "3". Fact n of DOCX_PAGE_FACTS is on
    page n, under the headings DOCX_PAGE_SECTIONS[n]."""
    import docx
    from docx.enum.text import WD_BREAK
    from docx.oxml import parse_xml
    from docx.oxml.ns import nsdecls

    d = docx.Document()
    d.core_properties.title = "Pump PX-700 service manual"
    footer = d.sections[0].footer.paragraphs[0]
    footer._p.append(parse_xml(f'<w:fldSimple {nsdecls("w")} w:instr="PAGE"><w:r><w:t>1</w:t></w:r></w:fldSimple>'))
    filler = ("This paragraph describes the pump in general terms and is repeated to fill the page "
              "so that the document reaches the next page only by its explicit page break.")
    d.add_paragraph("Pump PX-700 service manual", style="Title")
    d.add_heading("1 General", level=1)
    d.add_paragraph(DOCX_PAGE_FACTS[1])
    for _ in range(3):
        d.add_paragraph(filler)
    d.add_paragraph().add_run().add_break(WD_BREAK.PAGE)
    d.add_heading("2 Maintenance", level=1)
    d.add_heading("2.1 Service intervals", level=2)
    d.add_paragraph(DOCX_PAGE_FACTS[2])
    table = d.add_table(rows=3, cols=2)
    for r, (a, b) in enumerate([("Component", "Interval"), ("Gearbox oil", "every 250 hours"),
                                ("Coupling bolts", "every 500 hours")]):
        table.cell(r, 0).text, table.cell(r, 1).text = a, b
    d.add_paragraph("Check the seal for leaks at every oil change.", style="List Bullet")
    d.add_paragraph().add_run().add_break(WD_BREAK.PAGE)
    d.add_heading("3 Storage", level=1)
    d.add_paragraph(DOCX_PAGE_FACTS[3])
    d.save(str(path))
    return path


#: The passport's specification table: one column per model (the user's report, trimmed).
PASSPORT_ROWS = [
    ("Параметр", "СКД-12", "СКД-12М"),
    ("Объём загрузки, м³", "12", "18"),
    ("Установленная мощность калорифера, кВт", "45", "60"),
    ("Напряжение питания, В", "380", "380"),
    ("Максимальная температура агента сушки, °C", "85", "95"),
    ("Масса камеры без загрузки, кг", "3 200", "4 150"),
    ("Количество вентиляторов, шт.", "4", "6"),
]


def make_passport(path: Path) -> Path:
    """A Russian DOCX passport titled for the СКД-12 alone, whose specification table has a
    column for the СКД-12 and one for the СКД-12М, followed by a few paragraphs."""
    import docx

    d = docx.Document()
    d.add_heading("Паспорт изделия. Сушильная камера СКД-12", 0)
    d.add_paragraph("Настоящий паспорт распространяется на сушильные камеры для древесины СКД-12 и "
                    "СКД-12М. Камера предназначена для конвективной сушки пиломатериалов.")
    d.add_heading("1. Технические характеристики", 1)
    t = d.add_table(rows=len(PASSPORT_ROWS), cols=3)
    t.style = "Table Grid"
    for i, row in enumerate(PASSPORT_ROWS):
        for j, v in enumerate(row):
            t.cell(i, j).text = v
    d.add_heading("2. Требования безопасности", 1)
    d.add_paragraph("К работе с камерой допускаются лица не моложе 18 лет, прошедшие инструктаж по "
                    "охране труда. Корпус камеры должен быть заземлён.")
    d.add_heading("3. Техническое обслуживание", 1)
    d.add_paragraph("Очистку калорифера от пыли проводить через каждые 200 часов работы.")
    d.save(str(path))
    return path


#: A spreadsheet of the same kind: one column per model of a pump family.
SHEET_ROWS = [
    ("Параметр", "НД-40", "НД-40М"),
    ("Подача, м³/ч", "40", "55"),
    ("Напор, м", "32", "41"),
    ("Мощность двигателя, кВт", "7,5", "11"),
    ("Масса насоса, кг", "118", "146"),
]


def make_spec_sheet(path: Path) -> Path:
    """A spreadsheet whose sheet "Характеристики" has one column per pump model (SHEET_ROWS)."""
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Характеристики"
    for row in SHEET_ROWS:
        ws.append(list(row))
    wb.save(str(path))
    return path


#: A catalogue table of the other common layout: one ROW per model, an attribute a column.
MODEL_ROWS = [
    ("Модель", "Мощность двигателя, кВт", "Производительность, м³/мин", "Масса, кг", "Уровень шума, дБ"),
    ("ВК-15", "15", "2,4", "300", "67"),
    ("ВК-22", "22", "3,6", "395", "70"),
    ("ВК-37", "37", "6,1", "540", "73"),
]


def make_model_rows_docx(path: Path) -> Path:
    """A Russian DOCX catalogue of the ВК compressors whose table has a row per model
    (MODEL_ROWS), between a few paragraphs."""
    import docx

    d = docx.Document()
    d.add_heading("Технические характеристики компрессоров серии ВК", 0)
    d.add_paragraph("Настоящий документ описывает винтовые компрессоры ВК-15, ВК-22 и ВК-37 для "
                    "снабжения сжатым воздухом цехов и мастерских.")
    d.add_heading("1. Основные параметры", 1)
    t = d.add_table(rows=len(MODEL_ROWS), cols=len(MODEL_ROWS[0]))
    t.style = "Table Grid"
    for i, row in enumerate(MODEL_ROWS):
        for j, v in enumerate(row):
            t.cell(i, j).text = v
    d.add_heading("2. Обслуживание", 1)
    d.add_paragraph("Масло компрессора заменяют через каждые 2000 часов работы.")
    d.save(str(path))
    return path


#: A Chinese product sheet with a row per product, its code in the first column.
PRODUCT_ROWS = [
    ("编号", "产品名称", "供应商", "单价(元)", "库存"),
    ("P-101", "不锈钢阀门", "华东机械", 320, 45),
    ("P-103", "压力表", "华东机械", 150, 80),
    ("P-104", "温度传感器", "南方电器", 280, 60),
    ("P-105", "电磁阀", "华东机械", 450, 30),
]


def make_product_sheet(path: Path) -> Path:
    """A spreadsheet whose sheet "产品" has a row per product (PRODUCT_ROWS)."""
    return make_sheet(path, "产品", PRODUCT_ROWS[0], PRODUCT_ROWS[1:])


def make_datasheet(path: Path) -> Path:
    """A one-page PDF titled for the PX-200, whose cover lines (the wrapped introduction)
    name the PX-200 alone, with a ruled table of the PX-200 and the PX-200M under them."""
    return make_ruled_table_pdf(
        path, ["Parameter", "PX-200", "PX-200M"],
        [["Flow rate, m3/h", "40", "55"], ["Motor power, kW", "7.5", "11"], ["Weight, kg", "118", "146"],
         ["Noise level, dB", "68", "71"]],
        caption="Table 1: Technical data",
        intro=("The centrifugal pump PX-200 moves clean water and other thin liquids without solids from "
               "tanks, wells and reservoirs to irrigation lines, washing stations and building supply "
               "systems, and it is built for continuous duty in closed rooms and under a roof outdoors at "
               "ambient temperatures from minus ten to forty degrees. Its reinforced version is described "
               "beside it."),
        title="Pump PX-200 datasheet")


@pytest.fixture(scope="module", autouse=True)
def no_pincite_env():
    """No PINCITE_* setting of the caller's shell (but PINCITE_REQUIRE_LIBREOFFICE) leaks into
    a module's libraries: autouse in the modules that import it, set up before and torn down
    after their module-scoped libraries."""
    with pytest.MonkeyPatch.context() as mp:
        for var in [v for v in os.environ if v.startswith("PINCITE_") and v != "PINCITE_REQUIRE_LIBREOFFICE"]:
            mp.delenv(var)
        yield


def spec_library(tmp_path_factory, name: str, make: Callable[[Path], object]):
    """A Library (default settings) in a fresh data folder, holding only the files
    `make(folder)` writes into a fresh folder (both named after `name`); its ingest must add
    every one of them. The caller closes it (and imports `no_pincite_env`, so that its
    shell's settings stay out)."""
    from pincite.config import Settings
    from pincite.library.facade import Library

    files = tmp_path_factory.mktemp(f"{name}-files")
    make(files)
    written = [p for p in files.rglob("*") if p.is_file()]
    lib = Library(Settings(data_dir=tmp_path_factory.mktemp(f"{name}-data")))
    results = lib.ingest([files])
    assert written and [r.status for r in results] == ["added"] * len(written), results
    return lib


# The libraries of the three spec-table files, one each per test module that imports them
# (with no_pincite_env): the DOCX passport (converted to PDF pages by LibreOffice, so it
# needs the `soffice` fixture), the spreadsheet and the ruled-table PDF.
@pytest.fixture(scope="module")
def passport_lib(soffice, tmp_path_factory):
    lib = spec_library(tmp_path_factory, "passport", lambda d: make_passport(d / "skd12-pasport.docx"))
    yield lib
    lib.close()


@pytest.fixture(scope="module")
def sheet_lib(tmp_path_factory):
    lib = spec_library(tmp_path_factory, "sheet", lambda d: make_spec_sheet(d / "nd40-spec.xlsx"))
    yield lib
    lib.close()


@pytest.fixture(scope="module")
def model_rows_lib(soffice, tmp_path_factory):
    lib = spec_library(tmp_path_factory, "modelrows", lambda d: make_model_rows_docx(d / "kompressory-vk.docx"))
    yield lib
    lib.close()


@pytest.fixture(scope="module")
def product_sheet_lib(tmp_path_factory):
    lib = spec_library(tmp_path_factory, "products", lambda d: make_product_sheet(d / "chanpin.xlsx"))
    yield lib
    lib.close()


@pytest.fixture(scope="module")
def datasheet_lib(tmp_path_factory):
    lib = spec_library(tmp_path_factory, "datasheet", lambda d: make_datasheet(d / "px200-datasheet.pdf"))
    yield lib
    lib.close()
