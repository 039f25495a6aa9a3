"""Test helper: generated documents shared by several test modules (beside pdfgen.py).

``make_scan_pdf``: a PDF whose pages are text or an image of one line of text (a "scan"
with no text layer, for OCR); ``make_xlsx_revisions``: a workbook with sheets RevA and RevB
that differ only in B5.
"""
from __future__ import annotations

from pathlib import Path

from pdfgen import DEJAVU_PATH, PAGE_SIZE

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
