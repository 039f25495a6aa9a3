"""Layout: section paths from detected headings when a PDF has no outline, reading
order of two-column pages whose columns PDFium interleaves (with PageText.char_map back to
PDFium's text), and bridge chunks for sentences cut by a page break."""
from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pdfgen import make_lines_pdf, make_two_column_pdf
from pincite.answer.cite import citation_for
from pincite.answer.messages import page_ref
from pincite.chunk import bridges
from pincite.chunk.model import ChunkPart
from pincite.chunk.pages import chunk_document
from pincite.config import Settings
from pincite.eval.crosscheck import _page_forms, crosscheck_quote, split_across
from pincite.extract import layout
from pincite.extract.model import DocumentModel
from pincite.extract.pdf import extract_pdf
from pincite.index.base import Hit
from pincite.library import pages
from pincite.library.export import source_line
from pincite.library.facade import Library

BODY, BOLD = "Helvetica", "Helvetica-Bold"


def _model(path: Path) -> DocumentModel:
    return extract_pdf(path, doc_id="d" * 16, sha256="0" * 64, ocr="off")


def _ask(tmp_path: Path, pdf: Path, question: str):
    lib = Library(Settings(data_dir=tmp_path / "data"))
    try:
        (res,) = lib.ingest([pdf])
        assert res.status == "added", res
        return lib.ask(question)
    finally:
        lib.close()


# -- (a) headings without an outline ---------------------------------------------------
FACT = "The relief valve opens at 6 bar during the pressure check."
FILLER = "The operator reads the checklist aloud and the assistant confirms every item."


def _headings_pdf(path: Path) -> Path:
    body = [(FILLER, BODY, 11)] * 3
    return make_lines_pdf(path, [
        [("1 Introduction", BOLD, 14), *body,
         ("3 bolts are needed.", BODY, 11), ("2 Remove the cover", BODY, 11), *body],
        [("2 Tests", BOLD, 14), *body, ("2.1 Pressure", BOLD, 12), (FACT, BODY, 11), *body],
        [("2.2 Leaks", BOLD, 12), *body, ("Seal check", BOLD, 11), *body],
    ], header="PUMP MANUAL", footer="{page}")


def test_headings_give_section_paths_without_an_outline(tmp_path):
    doc = _model(_headings_pdf(tmp_path / "headings.pdf"))
    pdf = pdfium.PdfDocument(str(tmp_path / "headings.pdf"))
    try:
        assert list(pdf.get_toc()) == []
    finally:
        pdf.close()
    chunks = [c for c in chunk_document(doc) if c.kind != "bridge"]
    (fact,) = [c for c in chunks if FACT in c.text]
    assert fact.section_path == ["2 Tests", "2.1 Pressure"]
    assert fact.search_text == f"{doc.title} / 2 Tests / 2.1 Pressure\n{fact.text}"
    assert doc.page(fact.page).text[fact.char_start:fact.char_end] == fact.text
    starts = {(p.page, p.text[s.start:].split("\n")[0].strip()): list(s.path)
              for p in doc.pages for s in p.sections}
    titles = {path[-1] for path in starts.values()}
    assert titles == {"1 Introduction", "2 Tests", "2.1 Pressure", "2.2 Leaks"}
    # a body-style numbered line is no heading, nor a running header or a folio
    assert not any(t.startswith(("3 bolts", "2 Remove", "PUMP", "Seal")) for t in titles)
    (leaks,) = [s for s in doc.page(3).sections if list(s.path)[-1] == "2.2 Leaks"]
    assert list(leaks.path) == ["2 Tests", "2.2 Leaks"]
    bolts = doc.page(1).text.index("3 bolts")
    (span,) = [s for s in doc.page(1).sections if s.start <= bolts < s.end]
    assert list(span.path) == ["1 Introduction"]


def test_headings_over_numbered_steps_are_not_a_contents_list(tmp_path):
    """Three headings on a page, each followed by numbered steps only, are sections, not a
    contents list: a numbered sentence is text between them. Chinese enumerated headings
    ("三、使用方法") set larger than the body, and the same in English."""
    song = "STSong-Light"
    zh = make_lines_pdf(tmp_path / "zh.pdf", [
        [("LX-1 净化器 用户手册", song, 18), ("一、安全注意事项", song, 14),
         ("1. 请使用额定电压为 220 V 的交流电源。", song, 11), ("2. 请勿在潮湿环境中使用本产品。", song, 11),
         ("二、产品规格", song, 14), ("本产品的额定功率为 45 W，净重为 6.8 千克。", song, 11)],
        [("三、使用方法", song, 14), ("1. 按下电源键开机，设备进入自动模式。", song, 11),
         ("2. 定时功能可设置 1 至 12 小时，到时自动关机。", song, 11),
         ("四、维护与保养", song, 14), ("1. 预过滤网建议每两周清洁一次。", song, 11),
         ("2. 请勿用水清洗 HEPA 滤网。", song, 11),
         ("五、保修说明", song, 14), ("1. 整机保修期为两年，电机保修期为五年。", song, 11)]])
    en = make_lines_pdf(tmp_path / "en.pdf", [
        [("Safety", BODY, 14), ("1. Use a 220 V supply only.", BODY, 11), ("Data", BODY, 14), (FILLER, BODY, 11)],
        [("Operation", BODY, 14), ("1. Press the power key to start.", BODY, 11),
         ("Care", BODY, 14), ("1. Clean the pre-filter every two weeks.", BODY, 11),
         ("Warranty", BODY, 14), ("1. The unit is covered for two years.", BODY, 11)]])
    for path, line, heading in ((zh, "2. 定时功能", "三、使用方法"), (zh, "2. 请勿用水", "四、维护与保养"),
                                (zh, "1. 整机保修期", "五、保修说明"), (en, "1. The unit is covered", "Warranty"),
                                (en, "1. Clean the pre-filter", "Care")):
        page = _model(path).page(2)
        at = page.text.index(line)
        (span,) = [s for s in page.sections if s.start <= at < s.end]
        assert list(span.path)[-1] == heading, (path.name, line, list(span.path))


def test_outline_wins_over_detected_headings(tmp_path):
    """A PDF with an outline keeps the outline's paths (tests/test_sections.py covers them);
    here: the detection is never asked when the outline gives sections."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    path = tmp_path / "outline.pdf"
    c = canvas.Canvas(str(path), pagesize=A4)
    c.setFont(BOLD, 14)
    c.drawString(72, 760, "7 Outline title")
    c.bookmarkPage("s7", fit="XYZ", left=0, top=776)
    c.addOutlineEntry("Seven", "s7", level=0)
    c.setFont(BOLD, 14)
    c.drawString(72, 700, "8 Bold but not in the outline")
    c.setFont(BODY, 11)
    c.drawString(72, 680, FACT)
    c.showPage()
    c.save()
    doc = _model(path)
    assert {tuple(s.path) for s in doc.page(1).sections} == {("Seven",)}


# -- (b) two-column reading order ------------------------------------------------------
LEFT = [
    "Daily checks begin before the first start.",
    "Walk around the unit and look for leaks.",
    "Check the oil level on the sight glass.",
    "Top up with the oil named on the plate.",
    "Note every finding in the daily log book.",
    "The relief valve of the feed pump opens",
]
RIGHT = [
    "at 6 bar when the boiler is started cold.",
    "Weekly checks add the belt tension test.",
    "Press the belt midway with one finger.",
    "It should give about one centimetre.",
    "Replace a belt that shows any cracks.",
    "Record the tension in the weekly sheet.",
]
SENTENCE = "The relief valve of the feed pump opens at 6 bar when the boiler is started cold."


def test_two_column_page_reads_left_column_first(tmp_path):
    path = make_two_column_pdf(tmp_path / "two.pdf", LEFT, RIGHT, header="Pump manual, daily and weekly checks",
                               footer="Page 1")
    pdf = pdfium.PdfDocument(str(path))
    try:
        raw = pdf[0].get_textpage().get_text_range()
    finally:
        pdf.close()
    assert "opens at 6 bar" not in " ".join(raw.split())  # PDFium interleaves the rows
    page = _model(path).page(1)
    flat = " ".join(page.text.split())
    assert SENTENCE in flat
    assert flat.index(LEFT[0]) < flat.index(LEFT[-1]) < flat.index(RIGHT[0]) < flat.index(RIGHT[-1])
    assert flat.startswith("Pump manual") and flat.endswith("Page 1")  # header, footer in place
    assert page.char_map
    for t, s, n in page.char_map:  # every run is a verbatim piece of PDFium's text
        assert page.text[t:t + n] == raw[s:s + n]
    start = page.text.index("The relief valve")
    end = page.text.index("started cold.") + len("started cold.")
    src = layout.to_source(page.char_map, start, end)
    assert len(src) == 2 and [raw[a:b] for a, b in src] == [LEFT[-1], RIGHT[0]]
    rects = pages.span_rects(path, 1, page.text, [(start, end)], page.char_map).rects
    assert any(r[0] < 200 for r in rects) and any(r[0] > 300 for r in rects)


def test_two_column_page_in_stream_order_is_left_alone(tmp_path):
    path = make_two_column_pdf(tmp_path / "plain.pdf", LEFT, RIGHT, interleaved=False)
    page = _model(path).page(1)
    assert page.char_map == []
    assert SENTENCE in " ".join(page.text.split())


def test_two_column_answer_quotes_the_sentence_once(tmp_path):
    path = make_two_column_pdf(tmp_path / "two.pdf", LEFT, RIGHT, header="Pump manual, daily and weekly checks",
                               footer="Page 2", cover=["Pump manual", "Boiler house B", "Edition 3"])
    ans = _ask(tmp_path, path, "At what pressure does the relief valve of the feed pump open?")
    assert ans.status == "answered", ans
    (top,) = [c for c in ans.citations() if "6 bar" in c.quote]
    assert top.verified and top.page == 2
    assert "relief valve of the feed pump opens at 6 bar" in top.quote


def test_to_source_and_source_offset():
    char_map = [[0, 10, 5], [7, 30, 4]]  # "abcde" + "\r\n" + "wxyz"
    assert layout.to_source(char_map, 1, 10) == [(11, 15), (30, 33)]
    assert layout.to_source([], 3, 8) == [(3, 8)]
    assert layout.to_source(char_map, 5, 7) == []  # the inserted line break has no char
    assert layout.source_offset(char_map, 2) == 12 and layout.source_offset(char_map, 8) == 31
    assert layout.source_offset([], 4) == 4


# -- (c) a sentence across a page break ---------------------------------------------------
P1 = [
    "Chapter 5 explains the maintenance of the feed pumps.",
    "Each pump has a relief valve on its outlet flange.",
    "Before the first start the relief valve of pump P-7 must be",
]
P2 = [
    "replaced after 5000 hours of operation by a trained fitter.",
    "Keep the old valve for the inspector to examine later.",
]


def _break_pdf(path: Path) -> Path:
    return make_lines_pdf(path, [[(t, BODY, 11) for t in P1], [(t, BODY, 11) for t in P2]],
                          header="Pump manual, chapter 5", footer="Page {page} of 2")


def test_bridge_chunk_joins_a_sentence_across_a_page_break(tmp_path):
    doc = _model(_break_pdf(tmp_path / "break.pdf"))
    chunks = chunk_document(doc)
    for c in chunks:
        if c.kind != "bridge":  # the page chunks are unchanged
            assert c.page == c.page_end and doc.page(c.page).text[c.char_start:c.char_end] == c.text
    (b,) = [c for c in chunks if c.kind == "bridge"]
    assert (b.page, b.page_end, b.chunk_id) == (1, 2, "d" * 16 + "-p1-b0")
    flat = " ".join(b.text.split())
    assert flat == P1[-1] + " " + P2[0]
    assert "Page 1" not in b.text and "Pump manual" not in b.text
    assert (b.char_start, b.char_end) == (0, len(b.text))
    for part in b.parts:
        piece = b.text[part.offset:part.offset + part.char_end - part.char_start]
        assert piece == doc.page(part.page).text[part.char_start:part.char_end]
    assert [p.page for p in b.parts] == [1, 2]


def test_no_bridge_after_a_sentence_end_or_before_a_heading(tmp_path):
    ended = make_lines_pdf(tmp_path / "ended.pdf", [[("The pump is ready for use.", BODY, 11)] * 3,
                                                     [("replaced parts are kept.", BODY, 11)] * 3])
    assert not [c for c in chunk_document(_model(ended)) if c.kind == "bridge"]
    capital = make_lines_pdf(tmp_path / "capital.pdf", [[("The pump is ready for the", BODY, 11)] * 3,
                                                        [("Next section starts here.", BODY, 11)] * 3])
    assert not [c for c in chunk_document(_model(capital)) if c.kind == "bridge"]


def test_bridge_answer_cites_both_pages_and_highlights_each_part(tmp_path):
    path = _break_pdf(tmp_path / "break.pdf")
    ans = _ask(tmp_path, path, "After how many hours must the relief valve of pump P-7 be replaced?")
    assert ans.status == "answered", ans
    top = ans.citations()[0]
    assert top.verified and "P-7 must be replaced after 5000 hours" in top.quote
    assert (top.address.page, top.address.page_end, top.page) == (1, 2, 1)
    assert top.chunk_id.endswith("-p1-b0")
    assert "PDF pp. 1–2" in source_line(top, "en")
    doc = _model(path)
    (b,) = [c for c in chunk_document(doc) if c.kind == "bridge"]
    for n, expect in ((1, "relief valve of pump P-7 must be"), (2, "5000 hours")):
        spans = pages.bridge_spans(b.text, b.parts, top.quote, n)
        assert spans and expect in doc.page(n).text[spans[0][0]:spans[0][1]]
        rects = pages.span_rects(path, n, doc.page(n).text, spans).rects
        assert rects
        top_y = min(r[1] for r in rects)  # points from the page top: body lines start at ~65
        assert (top_y > 85) if n == 1 else (top_y < 80)  # 3rd body line of page 1, 1st of page 2
    if shutil.which("pdftotext"):
        assert crosscheck_quote(path, 1, top.quote, page_end=2).confirmed
        assert not crosscheck_quote(path, 1, top.quote).confirmed


def test_bridge_citation_page_is_the_part_holding_the_quote():
    parts = [ChunkPart(page=4, char_start=100, char_end=110, offset=0, page_label="12", label_source="folio"),
             ChunkPart(page=5, char_start=0, char_end=20, offset=11, page_label="13", label_source="folio")]
    text = "abcdefghij\n" + "valve opens at 6 bar"
    hit = Hit(chunk_id="x-p4-b0", doc_id="x", score=1, rank=1, page=4, page_end=5, char_start=0,
              char_end=len(text), text=text, kind="bridge", page_label="12", label_source="folio",
              parts=parts)
    cit = citation_for(hit, "valve opens at 6 bar")
    assert (cit.address.page, cit.address.page_end, cit.page_label) == (5, 5, "13")
    cit = citation_for(hit, "abcdefghij valve opens", span=(0, 22))
    assert (cit.address.page, cit.address.page_end, cit.page_label) == (4, 5, "12")
    assert bridges.span_parts(parts, 10, 11) == []  # only the line break between the parts
    assert page_ref(4, "12", "en", 5) == "p. 12 f. (PDF 4–5)"
    assert page_ref(4, None, "ru", 5) == "PDF сс. 4–5"


def test_split_across_needs_each_part_on_its_page():
    first = _page_forms("Header\nthe relief valve of pump P-7 must be\nPage 1\n")
    second = _page_forms("Header\nreplaced after 5000 hours of operation.\n")
    quote = "the relief valve of pump P-7 must be replaced after 5000 hours"
    assert split_across(quote, first, second).confirmed
    assert not split_across(quote, second, first).confirmed
    assert not split_across("the relief valve of pump P-9 must be replaced", first, second).confirmed


@pytest.mark.parametrize("name", ["domain/ru-kz-vodny-kodeks-2025.pdf"])
def test_corpus_headings_name_chapters_and_articles(corpus, name):
    doc = _model(corpus / "pdf" / name)
    paths = [list(s.path) for p in doc.pages for s in p.sections]
    assert ["РАЗДЕЛ 1. ОБЩИЕ ПОЛОЖЕНИЯ", "Глава 1. ОСНОВНЫЕ ПОЛОЖЕНИЯ",
            "Статья 1. Основные понятия, используемые в настоящем Кодексе"] in paths
    assert not any(p[-1].startswith("Статья 9 вводится") for p in paths)


def _lines_of(text: str, styles: dict[str, tuple[float, bool]]) -> list[layout.Line]:
    """Lines of `text` with boxes stacked 15 pt apart, style from `styles` (body 11 pt)."""
    out, pos, top = [], 0, 800.0
    for line in text.split("\n"):
        size, bold = styles.get(line, (11.0, False))
        out.append(layout.Line(pos, pos + len(line), 56, top - size, 56 + 5 * len(line), top,
                               ((56, 56 + 5 * len(line)),), size, bold))
        pos, top = pos + len(line) + 1, top - 15
    return out


def test_heading_guards_numbered_forms_and_restarted_counts():
    from pincite.extract.headings import find_headings

    body = "Body text of the standard that goes on for a while and ends here."
    bold = (11.0, True)
    pages = [
        "\n".join(["1. DEVELOPED by the institute.", "2. SUBMITTED: by the department of", body,
                   "3. APPROVED AND ENACTED", body]),
        "\n".join(["1. SCOPE", body, "2. REFERENCES", body, "3. TERMS", body]),
    ]
    styles = {t: bold for t in ("1. DEVELOPED by the institute.", "2. SUBMITTED: by the department of",
                                "3. APPROVED AND ENACTED", "1. SCOPE", "2. REFERENCES", "3. TERMS")}
    found = find_headings(pages, [_lines_of(t, styles) for t in pages])
    # the form's fields ("2. SUBMITTED: ...", a sentence) and its "3." before "1. SCOPE"
    # restarts the count are no chapters
    assert [(h.page, h.title) for h in found] == [(2, "1. SCOPE"), (2, "2. REFERENCES"), (2, "3. TERMS")]


def test_unnumbered_headings_one_fifth_above_body_size_without_bold():
    """A manual set in one face without bold (a Chinese Song face, as the demo's
    kd5_manual_zh.pdf) marks its headings by size alone: 12 pt over 10 pt body text. A line
    at 1.1 times the body size stays body text."""
    from pincite.extract.headings import find_headings

    body = "Body text of the manual that goes on for a while and ends with a full stop."
    pages = ["\n".join(["Safety notes", body, body, "Technical data", body]),
             "\n".join(["Slightly larger line", body, body])]
    styles = {"Safety notes": (12.0, False), "Technical data": (12.0, False),
              "Slightly larger line": (11.0, False), body: (10.0, False)}
    found = find_headings(pages, [_lines_of(t, styles) for t in pages])
    assert [(h.page, h.title) for h in found] == [(1, "Safety notes"), (1, "Technical data")]
