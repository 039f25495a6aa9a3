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


def make_lines_pdf(
    path: str | Path,
    pages: list[list[tuple[str, str, float]]],
    *,
    header: str = "",
    footer: str = "",
    title: str = "",
) -> Path:
    """Write a PDF of styled lines, one list per physical page, and return its path.

    Each line is (text, font, size): a standard-14 font name ("Helvetica",
    "Helvetica-Bold") or "STSong-Light" (Chinese, see the module docstring) and its size in
    points; lines are drawn top-down from the top margin with a leading of 1.4 x size, each
    with its own drawString (so PDFium reads one line per line). ``header`` / ``footer``: a
    running line drawn at the top / bottom of every page, "{page}" replaced by the 1-based
    page number ('' draws none). No outline is written.
    ``title``: the /Title metadata ('' writes an empty one).
    """
    path = Path(path)
    c = canvas.Canvas(str(path), pagesize=PAGE_SIZE, invariant=True)
    c.setTitle(title)
    width, height = PAGE_SIZE
    for number, lines in enumerate(pages, start=1):
        if header:
            c.setFont("Helvetica", 9)
            c.drawString(_MARGIN, height - 30, header.format(page=number))
        y = height - _MARGIN - 20
        for text, font, size in lines:
            c.setFont(_font_name("cid-chinese") if font == "STSong-Light" else font, size)
            c.drawString(_MARGIN, y, text)
            y -= 1.4 * size
        if footer:
            c.setFont("Helvetica", 9)
            c.drawString(width / 2 - 30, 30, footer.format(page=number))
        c.showPage()
    c.save()
    return path


def make_two_column_pdf(
    path: str | Path,
    left: list[str],
    right: list[str],
    *,
    interleaved: bool = True,
    header: str = "",
    footer: str = "",
    cover: list[str] | None = None,
) -> Path:
    """Write a PDF whose last page has two columns of lines (Helvetica 10, leading 14,
    columns at x = 56 and x = 310 points) and return its path.

    interleaved: draw row by row across both columns (left line 1, right line 1, left line
    2, ...), as some generators do, so PDFium merges each row into one text line; False
    draws the left column, then the right one. ``header`` / ``footer``: a full-width line
    above / below the columns ('' draws none). ``cover``: lines of a first page before it
    (None: the two-column page is the only one).
    """
    path = Path(path)
    c = canvas.Canvas(str(path), pagesize=PAGE_SIZE, invariant=True)
    c.setTitle("")
    width, height = PAGE_SIZE
    if cover is not None:
        c.setFont("Helvetica-Bold", 16)
        for i, text in enumerate(cover):
            c.drawString(_MARGIN, height - 120 - 24 * i, text)
        c.showPage()
    c.setFont("Helvetica", 10)
    top = height - 90
    if header:
        c.drawString(_MARGIN, height - 45, header)
    if interleaved:
        for i in range(max(len(left), len(right))):
            if i < len(left):
                c.drawString(_MARGIN, top - 14 * i, left[i])
            if i < len(right):
                c.drawString(310, top - 14 * i, right[i])
    else:
        for i, text in enumerate(left):
            c.drawString(_MARGIN, top - 14 * i, text)
        for i, text in enumerate(right):
            c.drawString(310, top - 14 * i, text)
    if footer:
        c.drawString(width / 2 - 40, 40, footer)
    c.showPage()
    c.save()
    return path


def make_ruled_table_pdf(
    path: str | Path,
    header: list[str],
    rows: list[list[str]],
    *,
    caption: str = "",
    rows_per_page: int = 20,
    intro: str = "",
    outro: str = "",
    group_header: list[tuple[str, int]] | None = None,
    ruled: bool = True,
    title: str = "",
) -> Path:
    """Write a PDF holding one table drawn cell by cell, continued over as many pages as
    ``rows_per_page`` needs, and return its path.

    Page 1: ``intro`` (wrapped, Helvetica 11), then ``caption`` on the line just above the
    table. Every page: the header row (repeated at the top of each continuation page), then
    up to ``rows_per_page`` rows; ``outro`` follows the table on its last page. Cells are
    Helvetica 10, drawn row by row, left to right (so PDFium reads a row as one line), in
    columns of equal width across the text block; rows are 18 pt high. ``group_header``:
    an extra header row above ``header`` of (text, number of columns spanned) cells (their
    spans must add up to len(header)). ``ruled``: draw the grid (each cell's borders, 0.5 pt
    lines); False draws the same text with no line at all. ``title``: the /Title metadata.
    """
    path = Path(path)
    c = canvas.Canvas(str(path), pagesize=PAGE_SIZE, invariant=True)
    c.setTitle(title)
    width, height = PAGE_SIZE
    ncols = len(header)
    col_w = (width - 2 * _MARGIN) / ncols
    row_h = 18

    def draw_row(y: float, cells: list[tuple[str, int]]) -> None:
        x = _MARGIN
        c.setFont("Helvetica", 10)
        for text, span in cells:
            c.drawString(x + 4, y - 13, text)
            if ruled:
                c.setLineWidth(0.5)
                c.rect(x, y - row_h, col_w * span, row_h, stroke=1, fill=0)
            x += col_w * span

    pages = [rows[i:i + rows_per_page] for i in range(0, len(rows), rows_per_page)] or [[]]
    for number, chunk in enumerate(pages, start=1):
        y = height - _MARGIN
        if number == 1:
            if intro:
                obj = c.beginText(_MARGIN, y)
                obj.setFont("Helvetica", _FONT_SIZE)
                obj.setLeading(_LEADING)
                lines = _wrap(intro, "Helvetica", width - 2 * _MARGIN)
                for line in lines:
                    obj.textLine(line)
                c.drawText(obj)
                y -= _LEADING * (len(lines) + 1)
            if caption:
                c.setFont("Helvetica", _FONT_SIZE)
                c.drawString(_MARGIN, y - 11, caption)
                y -= 20
        if group_header:
            draw_row(y, group_header)
            y -= row_h
        draw_row(y, [(h, 1) for h in header])
        y -= row_h
        for row in chunk:
            draw_row(y, [(v, 1) for v in row])
            y -= row_h
        if number == len(pages) and outro:
            obj = c.beginText(_MARGIN, y - 20)
            obj.setFont("Helvetica", _FONT_SIZE)
            obj.setLeading(_LEADING)
            for line in _wrap(outro, "Helvetica", width - 2 * _MARGIN):
                obj.textLine(line)
            c.drawText(obj)
        c.showPage()
    c.save()
    return path


def write_pdf_objects(path: Path, objs: list[bytes], version: str = "1.7") -> Path:
    """Write a PDF by hand: a header for PDF `version`, then `objs` as the bodies of objects
    1..n (object 1 the catalog), a cross-reference table and a trailer whose root is object
    1. For tests that need what reportlab does not write (marked content, CID fonts without a
    ToUnicode map, a content stream of a chosen decoded size)."""
    out = b"%%PDF-%s\n" % version.encode()
    offsets = []
    for k, body in enumerate(objs, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % k + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
    path.write_bytes(out)
    return path
