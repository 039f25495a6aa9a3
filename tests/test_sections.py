"""Section paths from the PDF outline: pages carry section spans,
chunks carry section_path / section_title, the search text (never the verified text) is
prefixed with title and section path, and citations and source lines name the section."""
from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from pincite.answer.cite import citation_for
from pincite.chunk.pages import chunk_document
from pincite.config import Settings
from pincite.contract import Citation, PdfAddress
from pincite.extract.model import DocumentModel
from pincite.extract.outline import read_outline
from pincite.extract.pdf import extract_pdf
from pincite.index.base import Hit
from pincite.library.export import source_line
from pincite.library.facade import Library

FILLER = ("The operator reads the checklist aloud and the assistant confirms every item "
          "before the next step begins in the test bay.")
FACT = "The pressure relief valve opens at 6 bar during the pressure check."


def _outline_pdf(path: Path, *, broken: bool = False, page_top: frozenset[str] = frozenset()) -> Path:
    """Two pages. Page 1: "5 Tests" (top), "5.1 Visual check" (top), "5.2 Leak test" (mid-page,
    runs on to page 2). Page 2: "5.3 Pressure check" mid-page holding FACT. The bookmarks
    whose keys are in `page_top` point at the top of their page, not at their heading."""
    c = canvas.Canvas(str(path), pagesize=A4)
    c.setTitle("Pump manual")
    _, height = A4
    y = height - 72

    def heading(title: str, key: str, level: int) -> None:
        nonlocal y
        c.setFont("Helvetica-Bold", 14)
        c.drawString(72, y, title)
        c.bookmarkPage(key, fit="XYZ", left=0, top=height - 10 if key in page_top else y + 16)
        c.addOutlineEntry(title, key, level=level)
        y -= 24

    def para(text: str, lines: int = 1) -> None:
        nonlocal y
        c.setFont("Helvetica", 11)
        for _ in range(lines):
            c.drawString(72, y, text[:95])
            y -= 16
            c.drawString(72, y, text[95:] + " Done.")
            y -= 16

    heading("5 Tests", "s5", 0)
    heading("5.1 Visual check", "s51", 1)
    para("Inspect the housing for cracks and the seals for wear. " + FILLER, 3)
    y -= 200
    heading("5.2 Leak test", "s52", 1)
    para("Fill the circuit with water and watch the joints for drops. " + FILLER, 2)
    c.showPage()
    y = height - 72
    para("Keep the circuit filled for ten minutes and note every wet joint. " + FILLER, 2)
    y -= 100
    heading("5.3 Pressure check", "s53", 1)
    c.setFont("Helvetica", 11)
    c.drawString(72, y, FACT)
    y -= 16
    para(FILLER, 1)
    if broken:  # its destination page is patched below to an object that does not exist
        c.bookmarkPage("broken", fit="XYZ", left=0, top=777)
        c.addOutlineEntry("Missing appendix", "broken", level=0)
    c.showPage()
    c.save()
    if broken:
        data = path.read_bytes()
        start = data.index(b" 0 R /XYZ 0 777")
        digits = len(data[:start].rsplit(b"[ ", 1)[1])
        path.write_bytes(data[:start - digits] + b"9" * digits + data[start:])  # same length
    return path


def _model(path: Path) -> DocumentModel:
    return extract_pdf(path, doc_id="d" * 16, sha256="0" * 64, ocr="off")


def _section_at(doc: DocumentModel, page: int, needle: str) -> list[str]:
    p = doc.page(page)
    at = p.text.index(needle)
    (span,) = [s for s in p.sections if s.start <= at < s.end]
    return list(span.path)


def test_pages_get_section_spans_from_the_outline(tmp_path):
    doc = _model(_outline_pdf(tmp_path / "pump.pdf"))
    assert _section_at(doc, 1, "Inspect the housing") == ["5 Tests", "5.1 Visual check"]
    assert _section_at(doc, 1, "Fill the circuit") == ["5 Tests", "5.2 Leak test"]
    # page 2: the text above the mid-page heading still belongs to 5.2
    assert _section_at(doc, 2, "Keep the circuit filled") == ["5 Tests", "5.2 Leak test"]
    assert _section_at(doc, 2, "5.3 Pressure check") == ["5 Tests", "5.3 Pressure check"]
    assert _section_at(doc, 2, "relief valve") == ["5 Tests", "5.3 Pressure check"]
    for page in doc.pages:  # spans are ordered, disjoint and inside the text
        ends = [0] + [x for s in page.sections for x in (s.start, s.end)]
        assert ends == sorted(ends) and ends[-1] <= len(page.text)
    # the model round-trips through JSON with its sections
    assert DocumentModel.from_json(doc.to_json()).pages[1].sections == doc.pages[1].sections


def test_a_destination_above_its_heading_still_starts_the_section_at_the_heading(tmp_path):
    # eskdx.pdf p. 29: "3.9 Поддрежка ДСТУ (Украина)" stands at the foot of the page, its
    # bookmark points at the page's top; the whole page was cited as §3.9
    doc = _model(_outline_pdf(tmp_path / "pump.pdf", page_top=frozenset({"s53"})))
    assert _section_at(doc, 2, "Keep the circuit filled") == ["5 Tests", "5.2 Leak test"]
    assert _section_at(doc, 2, "relief valve") == ["5 Tests", "5.3 Pressure check"]


def test_chunks_carry_section_and_prefixed_search_text(tmp_path):
    doc = _model(_outline_pdf(tmp_path / "pump.pdf"))
    chunks = chunk_document(doc)
    by_text = {c.text: c for c in chunks}
    (fact,) = [c for c in chunks if FACT in c.text]
    assert fact.section_path == ["5 Tests", "5.3 Pressure check"]
    assert fact.section_title == "5.3 Pressure check"
    assert fact.search_text == f"{doc.title} / 5 Tests / 5.3 Pressure check\n" + fact.text
    (carried,) = [c for c in chunks if "Keep the circuit filled" in c.text]
    assert carried.section_path == ["5 Tests", "5.2 Leak test"]
    assert "5.3 Pressure check" not in carried.text  # cut where 5.3 starts
    (visual,) = [c for c in chunks if "Inspect the housing" in c.text]
    assert visual.section_path == ["5 Tests", "5.1 Visual check"]
    assert "Fill the circuit" not in visual.text
    for c in by_text.values():  # the verified text is the page text, unprefixed
        assert doc.page(c.page).text[c.char_start:c.char_end] == c.text
        assert not c.text.startswith(f"{doc.title} /")


def test_citation_and_source_line_name_the_section(tmp_path):
    doc = _model(_outline_pdf(tmp_path / "pump.pdf"))
    (fact,) = [c for c in chunk_document(doc) if FACT in c.text]
    hit = Hit(chunk_id=fact.chunk_id, doc_id=fact.doc_id, score=1.0, rank=1, page=fact.page,
              page_end=fact.page_end, char_start=fact.char_start, char_end=fact.char_end,
              text=fact.text, file="pump.pdf", title=doc.title, page_label="1",
              section_path=fact.section_path, section_title=fact.section_title)
    cit = citation_for(hit, FACT)
    assert cit.section == "5 Tests › 5.3 Pressure check"
    assert source_line(cit, "en") == "pump.pdf, §5.3 Pressure check, p. 1 (PDF 2)"
    plain = Citation(chunk_id="x", doc_id="x", file="pump.pdf", quote="q", page=2,
                     address=PdfAddress(page=2, page_end=2, page_label="1"), page_label="1")
    assert source_line(plain, "en") == "pump.pdf, p. 1 (PDF 2)"
    marked = cit.model_copy(update={"section": "1 模板简介 › §1.2 版本演进"})
    assert source_line(marked, "en") == "pump.pdf, §1.2 版本演进, p. 1 (PDF 2)"


def test_library_answer_cites_the_section(tmp_path):
    pdf = _outline_pdf(tmp_path / "pump.pdf")
    lib = Library(Settings(data_dir=tmp_path / "data"))
    try:
        (res,) = lib.ingest([pdf])
        assert res.status == "added"
        ans = lib.ask("At what pressure does the pressure relief valve open?")
        assert ans.status == "answered", ans
        top = ans.citations()[0]
        assert top.verified and "6 bar" in top.quote
        assert top.section == "5 Tests › 5.3 Pressure check"
        assert top.quote in " ".join(_model(pdf).page(2).text.split()) or top.quote in _model(pdf).page(2).text
    finally:
        lib.close()


def test_broken_outline_destination_does_not_crash(tmp_path):
    path = _outline_pdf(tmp_path / "broken.pdf", broken=True)
    pdf = pdfium.PdfDocument(str(path))
    try:
        titles = [e.path[-1] for e in read_outline(pdf)]
    finally:
        pdf.close()
    assert "Missing appendix" not in titles and "5.3 Pressure check" in titles
    doc = _model(path)
    assert _section_at(doc, 2, "relief valve") == ["5 Tests", "5.3 Pressure check"]


def test_pdf_without_outline_has_no_sections(tmp_path):
    path = tmp_path / "plain.pdf"
    c = canvas.Canvas(str(path), pagesize=A4)
    c.drawString(72, 700, FACT + " " + FILLER[:60])
    c.showPage()
    c.save()
    doc = _model(path)
    assert all(p.sections == [] for p in doc.pages)
    (chunk,) = chunk_document(doc)
    assert chunk.section_path == [] and chunk.section_title == ""
    assert chunk.search_text == doc.title + "\n" + chunk.text


def test_lshort_question_cites_its_section(corpus, tmp_path, shared_ingest):
    """lshort's physical page 15 (printed 1) holds the chapter start, "1.1 A Bit of History" and
    "1.1.1 TeX": a sentence under "TeX" is in Chapter 1 > A Bit of History > TeX (lshort's outline:
    "TeX" is a level-2 entry on page index 14, top 428.08), and a question answered by it cites
    that section."""
    path = corpus / "pdf/en/lshort.pdf"
    pdf = pdfium.PdfDocument(str(path))
    try:
        entries = [e for e in read_outline(pdf) if e.page_index == 14]
    finally:
        pdf.close()
    assert [e.path for e in entries][-1] == ("Things You Need to Know", "A Bit of History", "TeX")
    doc = _model(path)
    assert _section_at(doc, 15, "The first part of this chapter") == ["Things You Need to Know"]
    assert _section_at(doc, 15, "converging to") == ["Things You Need to Know", "A Bit of History", "TeX"]
    lib = Library(Settings(data_dir=tmp_path / "data"))
    try:
        with shared_ingest(lib):
            lib.ingest([path])
        ans = lib.ask("According to lshort, what number is the version number of TeX converging to?")
        assert ans.status == "answered", ans
        top = ans.citations()[0]
        assert top.verified and top.page == 15 and "3.14159265" in top.quote
        assert top.section == "Things You Need to Know › A Bit of History › TeX"
        assert source_line(top, "en") == "lshort.pdf, §TeX, p. 1 (PDF 15)"
    finally:
        lib.close()
