"""Glyphs a PDF marks as no text (a marked-content ``/Span <</ActualText ()>> BDC ... EMC`` with
an empty ActualText, ISO 32000-1 14.9.4) are left out of the page text, as poppler's pdftotext
leaves them out, while every consumer of PDFium's char indexes (highlights, table char boxes,
lines for headings, section line tops) still lands on the right glyphs through
``PageText.char_map`` (pincite.extract.marked.no_text_offsets, pincite.extract.layout.drop_chars).

Synthetic PDFs are written by hand below (content streams with BDC/EMC, which reportlab does
not write); the corpus test uses install-latex-guide-zh-cn.pdf, whose code listings number
their lines inside such spans.
"""
from __future__ import annotations

import shutil
import zlib
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pdfgen import write_pdf_objects
from pincite.eval.crosscheck import crosscheck_quote
from pincite.extract import layout
from pincite.extract import marked as marked_mod
from pincite.extract import outline as outline_mod
from pincite.extract import pdf as pdf_mod
from pincite.extract.model import DocumentModel
from pincite.extract.pdf import extract_pdf
from pincite.extract.tables import _page_chars
from pincite.library import pages

WIDTH, HEIGHT = 612, 792
SIZE = 12
#: x (points) where the marked line numbers and the code lines are drawn
NUMBER_X, CODE_X = 72, 100

INTRO = "Run the following commands as root:"
CODE = ["sudo mkdir /mnt/x", "sudo mount /mnt/x", "ls /mnt/x"]
OUTRO = "The relief valve opens at 6 bar."


def _text(x: float, y: float, s: str, size: float = SIZE) -> bytes:
    return b"BT /F1 %g Tf 1 0 0 1 %g %g Tm (%s) Tj ET\n" % (size, x, y, s.encode("latin-1"))


def _no_text(body: bytes, actual: bytes = b"()") -> bytes:
    return b"/Span <</ActualText " + actual + b">> BDC\n" + body + b"EMC\n"


def write_pdf(path: Path, contents: list[bytes], form: bytes | None = None) -> Path:
    """A PDF of one page per content stream (Helvetica as /F1; ``form``: the content of a
    form XObject /Fm1 the pages may draw). Content streams are Flate-compressed, as real
    PDFs have them."""
    objs: list[bytes] = []
    n = len(contents)
    font_id = 3 + 2 * n
    form_id = font_id + 1
    kids = b" ".join(b"%d 0 R" % (3 + 2 * i) for i in range(n))
    objs.append(b"<< /Type /Catalog /Pages 2 0 R >>")
    objs.append(b"<< /Type /Pages /Kids [" + kids + b"] /Count %d >>" % n)
    xobjects = b" /XObject << /Fm1 %d 0 R >>" % form_id if form is not None else b""
    for i, content in enumerate(contents):
        objs.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Contents %d 0 R "
                    b"/Resources << /Font << /F1 %d 0 R >>%s >> >>"
                    % (WIDTH, HEIGHT, 4 + 2 * i, font_id, xobjects))
        data = zlib.compress(content)
        objs.append(b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(data) + data + b"\nendstream")
    objs.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    if form is not None:
        objs.append(b"<< /Type /XObject /Subtype /Form /BBox [0 0 %d %d] /Resources << /Font << /F1 %d 0 R >> >> "
                    b"/Length %d >>\nstream\n" % (WIDTH, HEIGHT, font_id, len(form)) + form + b"\nendstream")
    return write_pdf_objects(path, objs)


def listing_page() -> bytes:
    """A paragraph, a code listing whose line numbers are marked as no text (the third line's
    number in a form XObject drawn inside the span), an empty numbered line, a "9" under a
    NON-empty ActualText "门" (PDFium itself gives the ActualText there, as poppler does: kept),
    and a closing sentence."""
    y = 700
    out = _text(72, y, INTRO)
    for i, line in enumerate(CODE, start=1):
        y -= 16
        if i == 3:
            out += _no_text(b"q 1 0 0 1 0 %g cm /Fm1 Do Q\n" % (y - 600))  # the form draws "3" at y=600
        else:
            out += _no_text(_text(NUMBER_X, y, str(i)))
        out += _text(CODE_X, y, line)
    y -= 16
    out += _no_text(_text(NUMBER_X, y, "4"), b"<FEFF>")  # a numbered empty line (BOM-only text string)
    y -= 16
    # "门" in UTF-16BE: PDFium's string getter decodes it as UTF-8 and gives '' (zh-nanning has it)
    out += _no_text(_text(NUMBER_X, y, "9"), b"<FEFF95E8>") + _text(CODE_X, y, "kept")
    y -= 24
    return out + _text(72, y, OUTRO)


FORM_THREE = _text(NUMBER_X, 600, "3")


def _model(path: Path) -> DocumentModel:
    return extract_pdf(path, doc_id="a" * 16, sha256="0" * 64, ocr="off")


def _pdfium_text(path: Path, index: int = 0) -> str:
    doc = pdfium.PdfDocument(str(path))
    try:
        textpage = doc[index].get_textpage()
        text = textpage.get_text_range()
        textpage.close()
        return text
    finally:
        doc.close()


@pytest.fixture(scope="module")
def listing(tmp_path_factory) -> Path:
    return write_pdf(tmp_path_factory.mktemp("actualtext") / "listing.pdf", [listing_page()], form=FORM_THREE)


def test_marked_digits_are_left_out_and_the_rest_kept(listing):
    raw = _pdfium_text(listing)
    assert "1 sudo mkdir" in " ".join(raw.split()) and "3" in raw  # PDFium itself keeps them
    page = _model(listing).page(1)
    lines = [ln.strip() for ln in page.text.splitlines()]
    assert lines == [INTRO, *CODE, "门 kept", OUTRO]
    assert all(not ln.startswith(("1", "2", "3", "4")) for ln in page.text.splitlines())
    assert page.char_map
    for t, s, n in page.char_map:  # every run is a verbatim piece of PDFium's text
        assert page.text[t:t + n] == raw[s:s + n]
    # a page without such spans is left alone (tagged content, and an empty ActualText on a
    # tag other than Span, which poppler does not honour either)
    plain = _text(72, 700, INTRO) + b"/P <</MCID 0>> BDC\n" + _text(72, 680, "1 sudo mkdir") + b"EMC\n"
    plain += b"/Figure <</ActualText ()>> BDC\n" + _text(72, 660, "2 ls") + b"EMC\n"
    path = write_pdf(listing.parent / "plain.pdf", [plain, listing_page()], form=FORM_THREE)
    doc = _model(path)
    assert doc.page(1).char_map == [] and doc.page(1).text == _pdfium_text(path)
    assert doc.page(2).text == page.text


def test_highlight_after_the_dropped_chars_lands_on_the_code(listing):
    page = _model(listing).page(1)
    quote = f"{CODE[1]}\r\n{CODE[2]}"
    start = page.text.index(quote)
    end = start + len(quote)
    src = layout.to_source(page.char_map, start, end)
    raw = _pdfium_text(listing)
    assert "".join(raw[a:b] for a, b in src) == CODE[1] + "\r\n" + CODE[2]
    rects = pages.span_rects(listing, 1, page.text, [(start, end)], page.char_map).rects
    assert len(rects) == 2
    for (left, top, right, bottom), y in zip(rects, (700 - 32, 700 - 48)):
        assert CODE_X - 3 <= left <= CODE_X + 1  # starts at the code, not at the line number
        assert top < HEIGHT - y < bottom  # the baseline, top-left origin
    # the closing sentence, after every dropped char
    s = page.text.index("6 bar")
    (rect,) = pages.span_rects(listing, 1, page.text, [(s, s + 5)], page.char_map).rects
    doc = pdfium.PdfDocument(str(listing))
    try:
        textpage = doc[0].get_textpage()
        left, bottom, right, top = textpage.get_charbox(raw.index("6 bar"))
        chars = _page_chars(textpage, raw, page.text, page.char_map)
        textpage.close()
    finally:
        doc.close()
    assert abs(rect[0] - (left - pages.PAD_PT)) < 0.5
    # table char boxes: each indexed char of the page text is the glyph PDFium boxes there
    by_index = dict(zip(chars.idx.tolist(), chars.x.tolist()))
    assert abs(by_index[s] - (left + right) / 2) < 0.01
    for line in CODE:  # the code's chars are boxed at the code, none at the line numbers
        first = page.text.index(line)
        assert CODE_X < by_index[first] < CODE_X + 10
        assert all(x > CODE_X for i, x in by_index.items() if first <= i < first + len(line))


def test_lines_and_line_tops_follow_the_kept_text(listing):
    doc = pdfium.PdfDocument(str(listing))
    try:
        page_text, look = pdf_mod._read_page(doc, 0, listing)
        tops = outline_mod._line_tops(doc, 0, page_text.text, page_text.char_map)
    finally:
        doc.close()
    text = page_text.text
    assert [text[ln.start:ln.end] for ln in look.lines] == [INTRO, *CODE, "门 kept", OUTRO]
    code = [ln for ln in look.lines if text[ln.start:ln.end] in CODE]
    assert all(abs(ln.left - CODE_X) < 1 for ln in code)  # the box leaves the number out
    assert [text[o:].splitlines()[0].strip() for o, _ in tops] == [INTRO, *CODE, "门 kept", OUTRO]
    assert all(a[1] > b[1] for a, b in zip(tops, tops[1:]))  # top to bottom


# -- two columns interleaved by PDFium, with numbered lines ---------------------------------
from test_layout import LEFT, RIGHT, SENTENCE  # noqa: E402  the two-column text of test_layout


def two_column_page() -> bytes:
    """tests/pdfgen.make_two_column_pdf's page (Helvetica 10, rows drawn across both columns),
    each left row numbered in the margin inside an empty-ActualText span."""
    top = HEIGHT - 90
    out = _text(56, HEIGHT - 45, "Pump manual, daily and weekly checks", 10)
    for i, (left, right) in enumerate(zip(LEFT, RIGHT)):
        y = top - 14 * i
        out += _no_text(_text(36, y, str(i + 1), 10))
        out += _text(56, y, left, 10) + _text(310, y, right, 10)
    return out + _text(WIDTH / 2 - 40, 40, "Page 1", 10)


def test_reordered_page_with_dropped_chars_maps_back(tmp_path):
    path = write_pdf(tmp_path / "two.pdf", [two_column_page()])
    raw = _pdfium_text(path)
    assert "1 Daily checks" in " ".join(raw.split())
    page = _model(path).page(1)
    flat = " ".join(page.text.split())
    assert SENTENCE in flat  # left column first
    assert flat.index(LEFT[0]) < flat.index(LEFT[-1]) < flat.index(RIGHT[0])
    assert not any(ch.isdigit() for ch in flat.replace("6 bar", "").replace("Page 1", ""))
    for t, s, n in page.char_map:  # composed: every run still a verbatim piece of PDFium's text
        assert page.text[t:t + n] == raw[s:s + n]
    start = page.text.index("The relief valve")
    end = page.text.index("started cold.") + len("started cold.")
    src = layout.to_source(page.char_map, start, end)
    assert [raw[a:b] for a, b in src] == [LEFT[-1], RIGHT[0]]
    rects = pages.span_rects(path, 1, page.text, [(start, end)], page.char_map).rects
    lefts = sorted(r[0] + pages.PAD_PT for r in rects)
    assert len(lefts) == 2 and abs(lefts[0] - 56) < 2 and abs(lefts[1] - 310) < 2


# -- the char_map helpers ---------------------------------------------------------------
def test_drop_chars_and_compose_maps():
    text, runs = layout.drop_chars("ab1 cd\r\n2\r\nef", [2, 3, 8, 9, 10])
    assert text == "abcd\r\nef" and runs == [[0, 0, 2], [2, 4, 4], [6, 11, 2]]
    assert layout.drop_chars("abc", []) == ("abc", [])
    # a reordering of "abcd\r\nef" (outer) over the drop (inner): "ef" + "\r\n" + "abcd"
    outer = [[0, 6, 2], [4, 0, 4]]
    assert layout.compose_maps(outer, runs) == [[0, 11, 2], [4, 0, 2], [6, 4, 2]]
    assert layout.compose_maps(outer, []) == outer and layout.compose_maps([], runs) == runs


def test_stranded_space():
    def drop(text: str, *marked: str) -> str:
        """``text`` without the chars of ``marked`` (substrings, found left to right) and the
        whitespace they strand."""
        gone: set[int] = set()
        pos = 0
        for part in marked:
            pos = text.index(part, pos)
            gone.update(range(pos, pos + len(part)))
            pos += len(part)
        out = gone | marked_mod.stranded_space(text, gone)
        return "".join(ch for i, ch in enumerate(text) if i not in out)

    assert drop("x\r\n1 sudo\r\n2\r\nls", "1", "2") == "x\r\nsudo\r\nls"
    assert drop("see page 12\r\nnext", "12") == "see page\r\nnext"
    assert drop("foo 7 bar", "7") == "foo bar"
    assert drop("foo7 bar", "7") == "foo bar"
    assert drop("1 2 foo", "1", "2") == "foo"
    assert drop("3", "3") == ""


# -- the corpus: install-latex-guide-zh-cn.pdf, page 27 -------------------------------------
SENTENCE_ZH = "接下来, 在主系统中将镜像装载, 例如挂载到 X:\\, 而后进入 bash 并执行如下命令"


def test_install_latex_listing_has_no_line_numbers(corpus):
    pdf = corpus / "pdf/zh/install-latex-guide-zh-cn.pdf"
    page = _model(pdf).page(27)
    lines = [ln.strip() for ln in page.text.splitlines()]
    k = lines.index(SENTENCE_ZH)
    assert lines[k + 1:k + 4] == ["sudo mkdir /mnt/x", "sudo mount -t drvfs X: /mnt/x",
                                  "如此便可在 bash 中找到装载的光盘镜像. 之后执行"]
    start = page.text.index("而后进入 bash")
    end = page.text.index("/mnt/x", page.text.index("drvfs")) + len("/mnt/x")
    quote = page.text[start:end]
    assert "\r\n1 " not in page.text[start - 200:end + 200]
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext not installed (Debian package poppler-utils)")
    found = crosscheck_quote(pdf, 27, quote)
    assert found.confirmed, quote
