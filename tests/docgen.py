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
