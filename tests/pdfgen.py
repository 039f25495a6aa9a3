"""Test helper: write small PDFs with reportlab (``from pdfgen import make_pdf``).

Importable from any test module because pytest's default "prepend" import mode puts the
tests folder on ``sys.path``. Fonts:

* ``"latin"``: Helvetica (standard 14 font; Latin-1 text only);
* ``"dejavu"``: DejaVuSans TrueType (Cyrillic and most European scripts), embedded;
* ``"cid-chinese"``: reportlab's built-in ``UnicodeCIDFont('STSong-Light')`` (a CID
  font, not embedded, with a Unicode CMap: PDFium reads its text back).
"""
from __future__ import annotations

from pathlib import Path

from reportlab.lib.pdfencrypt import StandardEncryption
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

DEJAVU_PATH = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
PAGE_SIZE = (595.2756, 841.8898)  # A4 in points
_LABEL_STYLES = {
    "D": "ARABIC", "r": "ROMAN_LOWER", "R": "ROMAN_UPPER",
    "a": "LETTERS_LOWER", "A": "LETTERS_UPPER", "": None,
}
_MARGIN = 56
_FONT_SIZE = 11
_LEADING = 15


def _font_name(font: str) -> str:
    if font == "latin":
        return "Helvetica"
    if font == "dejavu":
        if "DejaVuSans" not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont("DejaVuSans", DEJAVU_PATH))
        return "DejaVuSans"
    if font == "cid-chinese":
        if "STSong-Light" not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(UnicodeCIDFont("STSong-Light"))
        return "STSong-Light"
    raise ValueError(f"unknown font {font!r}: use 'latin', 'dejavu' or 'cid-chinese'")


def _wrap(text: str, font_name: str, width: float) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` points.

    Splits at spaces; a run without spaces (Chinese) is split by characters.
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" ") if " " in paragraph else list(paragraph):
            sep = " " if line and " " in paragraph else ""
            candidate = line + sep + word
            if line and pdfmetrics.stringWidth(candidate, font_name, _FONT_SIZE) > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


def make_pdf(
    path: str | Path,
    pages: list[str],
    *,
    font: str = "latin",
    page_labels: list[tuple[int, str, str, int]] | None = None,
    image_pages: frozenset[int] | set[int] = frozenset(),
    title: str = "",
    user_password: str | None = None,
    owner_password: str | None = None,
) -> Path:
    """Write a PDF with one physical page per item of ``pages`` and return its path.

    pages: the text of each page ('' gives a page with no text at all); long lines wrap,
        "\\n" starts a new line.
    font: "latin", "dejavu" or "cid-chinese" (see the module docstring).
    page_labels: /PageLabels ranges as ``(first_page, style, prefix, start)``, where
        first_page is the 0-based physical index where the range starts; style is
        "D" (1, 2), "r" (i, ii), "R" (I, II), "a", "A", or "" for prefix only;
        start is the first number (>= 1). None writes no /PageLabels.
    image_pages: 1-based physical pages that also get a drawn grey image (a "scan"
        without text when the page text is '').
    title: the /Title metadata ('' writes an empty title, not reportlab's "untitled").
    user_password / owner_password: encrypt (RC4 40-bit); a user password is needed to
        open, an owner password alone is not.
    """
    path = Path(path)
    font_name = _font_name(font)
    encrypt = None
    if user_password is not None or owner_password is not None:
        encrypt = StandardEncryption(user_password or "", ownerPassword=owner_password)
    c = canvas.Canvas(str(path), pagesize=PAGE_SIZE, encrypt=encrypt, invariant=True)
    c.setTitle(title)
    width, height = PAGE_SIZE
    for number, text in enumerate(pages, start=1):
        if number in image_pages:
            c.drawImage(_grey_image(), _MARGIN, height / 2, width=200, height=200)
        if text:
            obj = c.beginText(_MARGIN, height - _MARGIN)
            obj.setFont(font_name, _FONT_SIZE)
            obj.setLeading(_LEADING)
            for line in _wrap(text, font_name, width - 2 * _MARGIN):
                obj.textLine(line)
            c.drawText(obj)
        c.showPage()
    for first_page, style, prefix, start in page_labels or []:
        # reportlab wants the style by name: its single-letter check is a substring test
        # ("R" in "ARABIC ...") that then fails, so map "r" -> "ROMAN_LOWER" etc.
        c.addPageLabel(first_page, style=_LABEL_STYLES[style], start=start, prefix=prefix or None)
    c.save()
    return path


def _grey_image():
    from PIL import Image  # reportlab depends on Pillow
    from reportlab.lib.utils import ImageReader

    return ImageReader(Image.new("L", (64, 64), color=128))
