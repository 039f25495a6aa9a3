"""Margin notes (pincite.extract.margins.margin_notes): short notes set in a margin column
beside the body text, which PDFium gives inside a paragraph (siunitx's option names), are
moved after that paragraph, with PageText.char_map back to PDFium's text; pages without
such notes (two columns, hanging list labels, line numbers) are left as PDFium gives them."""
from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas

from pdfgen import PAGE_SIZE, make_two_column_pdf
from pincite.extract import layout, margins
from pincite.extract.pdf import _read_page, extract_pdf
from pincite.library import pages

BODY_LEFT, BODY_WIDTH = 150.0, 380.0
NOTE_GAP = 5.4  # notes end this far left of the body column (siunitx's \marginparsep)
INDENT = 15.0
LEADING = 12.0

INTRO = [
    "The controller of the feed pump is set up once, when the pump is installed, and",
    "then only checked at each yearly service. The options below are read from the",
    "configuration file when the controller starts; each of them has a name, a type",
    "and a default value, and the names stand in the margin beside the paragraph",
    "that explains them, so that a reader who looks for one finds it at a glance.",
]
#: the paragraph the notes stand beside; PDFium gets the notes after its first line
PARA = [
    "The pump controller reads the pressure sensor every second. The default",
    "setting is ten bar, meaning that the relief valve opens above ten bar of",
    "pressure. A lower setting protects older pipes but stops the pump more",
    "often during the morning start.",
]
NOTES = ["relief-mode", "open-pressure", "sensor-rate", "pipe-class"]
OUTRO = [
    "A changed setting takes effect at the next start of the controller. Write",
    "every change into the service log with the date and the name of the person",
    "who made it, so that the next service can find out why the pump behaves",
    "differently.",
]
SENTENCE = "The default setting is ten bar, meaning that the relief valve opens above ten bar of pressure."
AFTER_NOTES = "A changed setting takes effect at the next start of the controller."


def _line(c, x: float, y: float, text: str, size: float = 10, width: float | None = None) -> None:
    """Draw one line in Helvetica; with ``width``, justified to it (word spacing)."""
    t = c.beginText(x, y)
    t.setFont("Helvetica", size)
    words = text.split()
    if width is not None and len(words) > 1:
        t.setWordSpace((width - stringWidth(text, "Helvetica", size)) / (len(words) - 1))
    t.textLine(text)
    c.drawText(t)


def _paragraph(c, y: float, lines: list[str], notes_after: int | None = None,
               notes: list[str] = (), note_right: float = BODY_LEFT - NOTE_GAP) -> float:
    """Draw a paragraph (first line indented, last line ragged, the others justified) from
    baseline ``y``; after its line ``notes_after`` (0-based) draw ``notes`` right-aligned
    at ``note_right``, one per line from the paragraph's second line down (the content stream
    order a \\marginpar gives). Returns the next baseline."""
    for i, text in enumerate(lines):
        x = BODY_LEFT + (INDENT if i == 0 else 0)
        width = None if i == len(lines) - 1 else BODY_LEFT + BODY_WIDTH - x
        if i == 0 and notes and notes_after is not None:
            # the first note at the first line's baseline, drawn just before it
            c.setFont("Helvetica", 9)
            c.drawRightString(note_right, y, notes[0])
        _line(c, x, y - LEADING * i, text, width=width)
        if i == notes_after:
            c.setFont("Helvetica", 9)
            for k, note in enumerate(notes[1:], start=1):
                c.drawRightString(note_right, y - LEADING * k, note)
    return y - LEADING * len(lines) - 8


def make_margin_notes_pdf(path: Path, *, notes: list[str] = NOTES, note_gap: float = NOTE_GAP) -> Path:
    """One A4 page: a heading, three paragraphs in a body column at x = 150..530 pt, and
    ``notes`` in the left margin beside the second one (ending ``note_gap`` pt left of the
    column), drawn in the content stream after that paragraph's first line."""
    c = canvas.Canvas(str(path), pagesize=PAGE_SIZE, invariant=True)
    c.setTitle("")
    y = PAGE_SIZE[1] - 100
    c.setFont("Helvetica-Bold", 12)
    c.drawString(BODY_LEFT, y, "4 Controller options")
    y -= 24
    y = _paragraph(c, y, INTRO)
    y = _paragraph(c, y, PARA, notes_after=0, notes=notes, note_right=BODY_LEFT - note_gap)
    y = _paragraph(c, y, OUTRO)
    c.setFont("Helvetica", 10)
    c.drawCentredString(PAGE_SIZE[0] / 2, 60, "7")
    c.showPage()
    c.save()
    return path


def _pdfium_text(path: Path, page: int = 1) -> str:
    pdf = pdfium.PdfDocument(str(path))
    try:
        return pdf[page - 1].get_textpage().get_text_range()
    finally:
        pdf.close()


def _model(path: Path):
    return extract_pdf(path, doc_id="m" * 16, sha256="0" * 64, ocr="off")


def _flat(text: str) -> str:
    return " ".join(text.split())


# -- notes inside a paragraph ------------------------------------------------------------
def test_notes_inside_a_paragraph_move_after_it(tmp_path):
    path = make_margin_notes_pdf(tmp_path / "notes.pdf")
    raw = _pdfium_text(path)
    assert SENTENCE not in _flat(raw)  # PDFium: "The default\r\nopen-pressure\r\n...setting is"
    page = _model(path).page(1)
    assert SENTENCE in _flat(page.text)
    # the notes, in PDFium's order, as a paragraph of their own after the one they stand beside
    block = "often during the morning start.\r\n\r\n" + "\r\n".join(NOTES) + "\r\n\r\nA changed setting"
    assert block in page.text
    assert page.text.startswith("4 Controller options\r\n") and page.text.endswith("\r\n7")
    assert sorted(page.text.split()) == sorted(raw.split())  # nothing lost, nothing added
    assert page.char_map
    for t, s, n in page.char_map:  # every run is a verbatim piece of PDFium's text
        assert page.text[t:t + n] == raw[s:s + n]
    pdf = pdfium.PdfDocument(str(path))
    try:  # the pipeline's call (_read_page) gives the same as the layout function
        textpage = pdf[0].get_textpage()
        lines = layout.scan_lines(textpage, raw)
        text, char_map, new_lines = margins.margin_notes(textpage, raw, lines, PAGE_SIZE[0])
    finally:
        pdf.close()
    assert (text, char_map) == (page.text, page.char_map)
    assert all(text[ln.start:ln.end] == text[ln.start:ln.end].strip() and ln.end > ln.start for ln in new_lines)
    assert [text[ln.start:ln.end] for ln in new_lines if ln.right < BODY_LEFT] == NOTES
    first = next(ln for ln in new_lines if text[ln.start:ln.end].startswith("The pump controller"))
    assert first.left >= BODY_LEFT  # the line that held "relief-mode" lost it


def _rects(path: Path, text: str, span: tuple[int, int], char_map) -> list[list[float]]:
    return pages.span_rects(path, 1, text, [span], char_map).rects


def test_highlights_after_moved_notes_land_on_the_same_glyphs(tmp_path):
    path = make_margin_notes_pdf(tmp_path / "notes.pdf")
    raw = _pdfium_text(path)
    page = _model(path).page(1)
    # a quote after the notes in the new text (its offsets moved) and one across them
    for quote, raw_quote in ((AFTER_NOTES, AFTER_NOTES), ("setting is ten bar", "setting is ten bar")):
        start = page.text.index(quote)
        new = _rects(path, page.text, (start, start + len(quote)), page.char_map)
        at = raw.index(raw_quote)
        assert new and new == _rects(path, raw, (at, at + len(raw_quote)), [])
    start = page.text.index("The default")
    end = page.text.index("pressure. A lower") + len("pressure.")
    spans = layout.to_source(page.char_map, start, end)
    assert "".join(raw[a:b] for a, b in spans) == page.text[start:end]
    rects = _rects(path, page.text, (start, end), page.char_map)
    assert len(rects) == 3 and all(r[0] >= BODY_LEFT - 3 for r in rects)  # no note lit up
    note = page.text.index(NOTES[1])
    (box,) = _rects(path, page.text, (note, note + len(NOTES[1])), page.char_map)
    assert box[2] <= BODY_LEFT  # a moved note still lights up in the margin


# -- pages left alone --------------------------------------------------------------------
def _unchanged(path: Path, page_no: int = 1) -> None:
    raw = _pdfium_text(path, page_no)
    pdf = pdfium.PdfDocument(str(path))
    try:
        textpage = pdf[page_no - 1].get_textpage()
        width = pdf[page_no - 1].get_size()[0]
        assert margins.margin_notes(textpage, raw, layout.scan_lines(textpage, raw), width) is None
    finally:
        pdf.close()


SIDEBAR = ["Daily checks begin before", "the first start of the day.", "Walk around the unit and",
           "look for leaks under it.", "Check the oil level on", "the sight glass each day.",
           "Top up with the oil named", "on the plate of the pump."]
WIDE = ["The relief valve of the feed pump opens at 6 bar when the boiler",
        "is started cold, and at 7 bar once the water has reached its full",
        "working temperature. Weekly checks add the belt tension test: press",
        "the belt midway with one finger; it should give about a centimetre.",
        "Replace a belt that shows any cracks, and record the tension in the",
        "weekly sheet together with the date and the name of the checker, so",
        "that the next check can compare the values and see a worn belt in",
        "time. Monthly checks add the pressure test of the whole system, and",
        "the yearly service adds the check of every valve and of the gauges",
        "by a certified engineer."]


def make_sidebar_pdf(path: Path) -> Path:
    """A narrow column of running text (SIDEBAR, x = 40 pt) beside a wide one (WIDE, x =
    225..540 pt), drawn in the middle of the wide column's stream: by geometry alone (no
    gutter between two prose columns, short lines left of a body column, between two lines
    of a paragraph) its lines look like margin notes."""
    c = canvas.Canvas(str(path), pagesize=PAGE_SIZE, invariant=True)
    top = PAGE_SIZE[1] - 100
    for i, text in enumerate(WIDE[:3]):
        _line(c, 225, top - 14 * i, text, width=315)
    for i, text in enumerate(SIDEBAR):
        _line(c, 40, top - 14 * i, text)
    for i, text in enumerate(WIDE[3:], start=3):
        _line(c, 225, top - 14 * i, text, width=None if i == len(WIDE) - 1 else 315)
    c.showPage()
    c.save()
    return path


def test_two_column_pages_and_a_sidebar_are_left_alone(tmp_path):
    path = make_sidebar_pdf(tmp_path / "sidebar.pdf")
    assert layout.find_gutter(_lines(path), PAGE_SIZE[0]) is None
    assert "press\r\nDaily checks" in _pdfium_text(path)
    _unchanged(path)
    assert _model(path).page(1).char_map == []
    for interleaved in (False, True):  # two columns, drawn column by column or row by row
        two = make_two_column_pdf(tmp_path / f"two-{interleaved}.pdf", SIDEBAR, WIDE[:8], interleaved=interleaved)
        _unchanged(two)


def _lines(path: Path) -> list:
    pdf = pdfium.PdfDocument(str(path))
    try:
        textpage = pdf[0].get_textpage()
        return layout.scan_lines(textpage, textpage.get_text_range())
    finally:
        pdf.close()


def make_hanging_list_pdf(path: Path) -> Path:
    """A paragraph with line numbers in the left margin (as lineno sets them) and a list
    whose labels ("iii.", "iv.", "viii.", "(ix)") hang in the margin, each item two or more
    justified lines: both sit where margin notes would."""
    c = canvas.Canvas(str(path), pagesize=PAGE_SIZE, invariant=True)
    y = _paragraph(c, PAGE_SIZE[1] - 100, INTRO)
    y = _paragraph(c, y, OUTRO)
    for i, text in enumerate(INTRO):  # line numbers after each line, as lineno draws them
        _line(c, BODY_LEFT, y, text, width=BODY_WIDTH)
        c.setFont("Helvetica", 8)
        c.drawRightString(BODY_LEFT - NOTE_GAP, y, str(5 * (i + 1)))
        y -= LEADING
    y -= 8
    items = [("iii.", PARA[:2]), ("iv.", PARA[2:]), ("viii.", OUTRO[:2]), ("(ix)", OUTRO[2:])]
    for label, item in items:  # hanging labels, drawn before their item's first line
        c.setFont("Helvetica", 10)
        c.drawRightString(BODY_LEFT - NOTE_GAP, y, label)
        for text in item:
            _line(c, BODY_LEFT, y, text, width=BODY_WIDTH)
            y -= LEADING
    c.showPage()
    c.save()
    return path


def test_hanging_list_labels_and_line_numbers_are_left_alone(tmp_path):
    path = make_hanging_list_pdf(tmp_path / "list.pdf")
    raw = _pdfium_text(path)
    # PDFium gives each number and label at the start of its line, inside the paragraph
    assert "\r\n10 then only" in raw and "of\r\niv. pressure. A lower" in raw
    _unchanged(path)
    page = _model(path).page(1)
    assert page.char_map == [] and page.text == raw


def make_notes_after_pdf(path: Path) -> Path:
    """The page of make_margin_notes_pdf, its notes drawn after the paragraph they stand
    beside (as l3doc and zhnumber draw theirs)."""
    c = canvas.Canvas(str(path), pagesize=PAGE_SIZE, invariant=True)
    y = PAGE_SIZE[1] - 100
    y = _paragraph(c, y, INTRO)
    top = y
    y = _paragraph(c, y, PARA)
    c.setFont("Helvetica", 9)
    for k, note in enumerate(NOTES):
        c.drawRightString(BODY_LEFT - NOTE_GAP, top - LEADING * k, note)
    _paragraph(c, y, OUTRO)
    c.showPage()
    c.save()
    return path


CODE = ["pump.open()", "pump.set(pressure=10)", "pump.set(rate=1)", "pump.start()"]


def make_notes_beside_code_pdf(path: Path) -> Path:
    """NOTES in the margin beside short lines of code (between two paragraphs): in any order
    they cut no sentence."""
    c = canvas.Canvas(str(path), pagesize=PAGE_SIZE, invariant=True)
    y = _paragraph(c, PAGE_SIZE[1] - 100, INTRO)
    y = _paragraph(c, y, PARA)
    for k, (code, note) in enumerate(zip(CODE, NOTES)):
        _line(c, BODY_LEFT, y - LEADING * k, code)
        c.setFont("Helvetica", 9)
        c.drawRightString(BODY_LEFT - NOTE_GAP, y - LEADING * k, note)
    _paragraph(c, y - LEADING * len(CODE) - 8, OUTRO)
    c.showPage()
    c.save()
    return path


def test_notes_between_paragraphs_are_left_alone(tmp_path):
    """Notes PDFium gives after the paragraph they stand beside already cut no sentence:
    the page stays as PDFium gives it."""
    path = make_notes_after_pdf(tmp_path / "after.pdf")
    assert "morning start.\r\nrelief-mode" in _pdfium_text(path)
    _unchanged(path)
    path = make_notes_beside_code_pdf(tmp_path / "code.pdf")
    assert "\r\nrelief-mode pump.open()\r\n" in _pdfium_text(path)
    _unchanged(path)


# -- the corpus: siunitx's option names -----------------------------------------------------
SIUNITX_41 = "The standard setting is power, meaning that \\per generates reciprocal powers for units."
SIUNITX_41_NOTES = ["per-mode", "display-per-mode", "inline-per-mode", "per-symbol", "fraction-command",
                    "bracket-unit-denominator"]


def _read(path: Path, page_no: int):
    pdf = pdfium.PdfDocument(str(path))
    try:
        return _read_page(pdf, page_no - 1, path)[0], pdf[page_no - 1].get_textpage().get_text_range()
    finally:
        pdf.close()


def test_siunitx_option_names_leave_the_sentence_whole(corpus):
    path = corpus / "pdf" / "en" / "siunitx.pdf"
    page, raw = _read(path, 41)
    assert "The standard\r\ndisplay-per-mode\r\n" in raw and SIUNITX_41 not in _flat(raw)
    assert SIUNITX_41 in _flat(page.text)
    assert "of a unit separately. The exact function can be adjusted using the fraction-command\r\noption." \
           "\r\n\r\n" + "\r\n".join(SIUNITX_41_NOTES) + "\r\n\r\n\\unit{\\joule" in page.text
    assert page.text.count("per-mode The handling") == 0 and "\r\nThe handling of \\per" in page.text
    for t, s, n in page.char_map:
        assert page.text[t:t + n] == raw[s:s + n]
    start = page.text.index("The standard")
    end = page.text.index("for units.") + len("for units.")
    rects = pages.span_rects(path, 41, page.text, [(start, end)], page.char_map).rects
    assert len(rects) == 2 and all(r[0] >= 143 for r in rects)  # body column only (it starts at 145 pt)


def test_corpus_pages_without_notes_inside_paragraphs_are_unchanged(corpus):
    """zhnumber's margin notes stand between blocks, auguide is two columns, lshort has
    example boxes running into the margin and hanging lists, eskdx an option table whose
    names stand left of the descriptions, the СН РК standard paragraph indents deeper than
    its lines: no page here is changed (measured over the whole corpus, only 21 pages of
    siunitx are)."""
    for name, numbers in (("zh/zhnumber.pdf", range(1, 6)), ("en/auguide4-1.pdf", range(1, 4)),
                          ("en/lshort.pdf", (18, 19, 45, 47, 48)), ("ru/eskdx.pdf", (8, 9)),
                          ("domain/ru-kz-sn-rk-4-01-03-2011-izm2021.pdf", (2, 78, 81)),
                          ("en/siunitx.pdf", (4, 26, 44))):
        for n in numbers:
            _unchanged(corpus / "pdf" / name, n)


# -- a note beside a row that PDFium runs on into the next row ---------------------------
ROW_HEAD = "The second command turns the heads by 90"
ROW_REST = "counterclockwise and sets them hyph-"
ROW_SENTENCE = "The second command turns the heads by 90o counterclockwise and sets them hyph"


def _plain(c, x: float, y: float, text: str, size: float = 10) -> None:
    t = c.beginText(x, y)
    t.setFont("Helvetica", size)
    t.setWordSpace(0)
    t.textLine(text)
    c.drawText(t)


def make_row_note_pdf(path: Path) -> Path:
    """A paragraph whose first row ends in a raised "o" (a degree sign), then, in the content
    stream, a margin note at that row's baseline, then the rest of the row, which ends in a
    hyphen: PDFium breaks the row after the raised char and runs the note, the rest of the
    row and the next row (joined at the hyphen) into one line, whose box is two rows tall
    and starts at the column's edge."""
    c = canvas.Canvas(str(path), pagesize=PAGE_SIZE, invariant=True)
    c.setTitle("")
    y = PAGE_SIZE[1] - 100
    c.setFont("Helvetica-Bold", 12)
    c.drawString(BODY_LEFT, y, "4 Controller options")
    y = _paragraph(c, y - 24, INTRO)
    x = BODY_LEFT + INDENT
    _plain(c, x, y, ROW_HEAD)
    ox = x + stringWidth(ROW_HEAD, "Helvetica", 10) + 0.5
    _plain(c, ox, y + 4, "o", size=7)
    c.setFont("Helvetica", 9)
    c.drawRightString(BODY_LEFT - NOTE_GAP, y, "rothead")
    _plain(c, ox + stringWidth("o", "Helvetica", 7) + 3, y, ROW_REST)
    _line(c, BODY_LEFT, y - LEADING, "enated in the font of the previous command, and aligns them on one baseline",
          width=BODY_WIDTH)
    _line(c, BODY_LEFT, y - 2 * LEADING, "so that the heads read from the bottom up.")
    _paragraph(c, y - 3 * LEADING - 8, OUTRO)
    c.showPage()
    c.save()
    return path


def test_a_note_beside_a_row_run_on_into_the_next_moves_after_the_paragraph(tmp_path):
    path = make_row_note_pdf(tmp_path / "row.pdf")
    raw = _pdfium_text(path)
    assert "\r\nrothead counterclockwise" in raw  # PDFium: the note inside the sentence
    page = _model(path).page(1)
    flat = _flat(page.text)
    assert ROW_SENTENCE in flat and "rothead counterclockwise" not in flat
    assert "bottom up.\r\n\r\nrothead\r\n\r\nA changed setting" in page.text
    assert sorted(page.text.split()) == sorted(raw.split())  # nothing lost, nothing added
    for t, s, n in page.char_map:
        assert page.text[t:t + n] == raw[s:s + n]
