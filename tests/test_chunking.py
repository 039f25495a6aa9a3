"""Tests of pincite.chunk.pages: chunk spans, ids, search text, coverage (hand-made and real PDFs)."""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from pdfgen import make_pdf
from pincite.chunk.bridges import page_bodies
from pincite.chunk.model import Chunk
from pincite.chunk.pages import chunk_document, page_chunks
from pincite.extract.model import DocumentModel, PageText
from pincite.text.analysis import split_sentences, tokens


def _pdf_document(corpus: Path, rel: str) -> DocumentModel:
    """DocumentModel of a corpus PDF (`corpus` fixture of conftest.py skips when absent)."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(corpus / "pdf" / rel))
    try:
        pages = [PageText(page=i + 1, text=pdf[i].get_textpage().get_text_range()) for i in range(len(pdf))]
    finally:
        pdf.close()
    return DocumentModel(doc_id="0123456789abcdef", file_name=Path(rel).name, sha256="0" * 64,
                         mime="application/pdf", pages=pages, title=Path(rel).stem)


def _doc(*texts: str, title: str = "Pump manual") -> DocumentModel:
    pages = [PageText(page=i + 1, text=t, page_label=f"L{i + 1}", label_source="pagelabels")
             for i, t in enumerate(texts)]
    return DocumentModel(doc_id="feedfacecafebeef", file_name="manual.pdf", sha256="1" * 64,
                         mime="application/pdf", pages=pages, title=title)


def _assert_sound(doc: DocumentModel, chunks: list[Chunk]) -> None:
    """Slice identity, page-local ids, every non-blank char of every page's body covered and
    nothing outside it (its running header and footer lines, page_bodies); a bridge chunk
    (pincite.chunk.bridges) maps each of its parts verbatim to its page."""
    bodies = dict(zip((p.page for p in doc.pages), page_bodies(doc.pages)))
    by_page: dict[int, list[Chunk]] = {}
    for c in chunks:
        if c.kind == "bridge":
            assert c.chunk_id == f"{doc.doc_id}-p{c.page}-b0" and c.page_end == c.page + 1
            for p in c.parts:
                piece = c.text[p.offset:p.offset + p.char_end - p.char_start]
                assert piece == doc.page(p.page).text[p.char_start:p.char_end]
            continue
        page = doc.page(c.page)
        assert c.text == page.text[c.char_start : c.char_end]
        assert c.page_end == c.page and c.doc_id == doc.doc_id
        assert c.text.strip() == c.text and c.text
        by_page.setdefault(c.page, []).append(c)
    for page in doc.pages:
        mine = by_page.get(page.page, [])
        assert [c.chunk_id for c in mine] == [f"{doc.doc_id}-p{page.page}-c{n}" for n in range(len(mine))]
        covered = bytearray(len(page.text))
        for a, b in zip(mine, mine[1:]):
            assert a.char_end <= b.char_start
        for c in mine:
            covered[c.char_start : c.char_end] = b"\x01" * (c.char_end - c.char_start)
        lo, hi = bodies[page.page]
        missed = [i for i in range(lo, hi) if not page.text[i].isspace() and not covered[i]]
        assert not missed, f"page {page.page}: {len(missed)} chars not covered, first at {missed[0]}"
        assert all(lo <= c.char_start and c.char_end <= hi for c in mine)
        if not page.text.strip():
            assert not mine


SENTENCES = [f"Sentence number {i} says that the pump PX-{200 + i} needs {i}.5 litres of oil." for i in range(40)]


def test_hand_made_document():
    page1 = "  " + " ".join(SENTENCES) + "\n"
    doc = _doc(page1, " \r\n\t ", "Замените фильтры. Готово.")
    chunks = chunk_document(doc, target_chars=300)
    _assert_sound(doc, chunks)
    assert {c.page for c in chunks} == {1, 3}
    assert len([c for c in chunks if c.page == 1]) > 5
    assert all(len(c.text) <= 300 for c in chunks)
    assert chunks[0].search_text == "Pump manual\n" + chunks[0].text
    assert chunks[0].page_label == "L1" and chunks[0].label_source == "pagelabels"
    assert chunks[-1].chunk_id == "feedfacecafebeef-p3-c0" and chunks[-1].text == "Замените фильтры. Готово."


def test_chunks_never_split_a_sentence():
    doc = _doc(" ".join(SENTENCES))
    chunks = chunk_document(doc, target_chars=250)
    for s, e in split_sentences(doc.pages[0].text):
        assert any(c.char_start <= s and e <= c.char_end for c in chunks), (s, e)


def test_chunks_group_to_about_target():
    doc = _doc(" ".join(SENTENCES))
    chunks = chunk_document(doc, target_chars=700)
    sizes = [len(c.text) for c in chunks]
    assert all(size <= 700 for size in sizes)
    assert all(size > 700 - 2 * max(map(len, SENTENCES)) for size in sizes[:-1])


def test_sentence_between_target_and_twice_target_is_one_chunk():
    sentence = "A " + "very " * 60 + "long sentence."
    doc = _doc(sentence + " Short one.")
    chunks = chunk_document(doc, target_chars=200)
    assert [c.text for c in chunks] == [sentence, "Short one."]


def test_overlong_sentence_cut_at_whitespace():
    text = " ".join(f"word{i}" for i in range(400)) + "."
    doc = _doc(text)
    chunks = chunk_document(doc, target_chars=100)
    _assert_sound(doc, chunks)
    assert len(chunks) > 20 and all(len(c.text) <= 100 for c in chunks)
    for c in chunks:
        assert c.char_end == len(text) or text[c.char_end].isspace()
        assert c.char_start == 0 or text[c.char_start - 1].isspace()


def test_overlong_run_without_whitespace_is_hard_cut():
    text = "汉" * 1000
    doc = _doc(text)
    chunks = chunk_document(doc, target_chars=100)
    _assert_sound(doc, chunks)
    assert [len(c.text) for c in chunks] == [100] * 10


def test_untitled_document_search_text_is_the_text():
    doc = _doc("Hello world.", title="")
    (chunk,) = chunk_document(doc)
    assert chunk.search_text == chunk.text == "Hello world."


def test_document_without_text_gives_no_chunks():
    assert chunk_document(_doc("", "   ", "\r\n")) == []


# ---------------------------------------------------------------- page furniture

BODY = ("The relief valve of pump PX-{n} opens at {n}.5 bar and is checked every month. "
        "Replace its seal when the valve leaks at the test pressure.")


def _furnished(n_pages: int = 6, first_lines: dict[int, str] | None = None,
               last_lines: dict[int, str] | None = None) -> DocumentModel:
    """Pages with a running header, a running title holding the printed page number and a
    two-line footer, "Page N of M" and a notice (printed labels start at 11), optional extra
    first and last body lines."""
    texts = []
    for i in range(1, n_pages + 1):
        label = i + 10
        head = f"{label} Service handbook of the PX pumps" if i % 2 == 0 else f"Maintenance \\ §3 {label}"
        first, last = (first_lines or {}).get(i), (last_lines or {}).get(i)
        body = (first + "\n" if first else "") + BODY.format(n=200 + i) + ("\n" + last if last else "")
        texts.append(f"Rev. C, 2024-05-01 internal use\n{head}\n{body}\nPage {i} of {n_pages}\n"
                     "Printed copies are not controlled\n")
    doc = _doc(*texts)
    for i, page in enumerate(doc.pages, start=1):
        page.page_label, page.label_source = str(i + 10), "folio"
    return doc


def test_running_header_and_footer_lines_are_out_of_page_chunks():
    doc = _furnished()
    chunks = chunk_document(doc)
    _assert_sound(doc, chunks)
    pchunks = [c for c in chunks if c.kind != "bridge"]
    assert {c.page for c in pchunks} == set(range(1, 7))
    for c in pchunks:
        for furniture in ("Rev. C", "2024-05-01", "Service handbook", "Maintenance", "Page ", "Printed"):
            assert furniture not in c.text and furniture not in c.search_text, (c.page, c.text)
    for i in range(1, 7):  # the body is kept whole, from its first char to its last
        (c,) = [c for c in pchunks if c.page == i]
        assert c.text == BODY.format(n=200 + i)
        assert c.char_start == doc.page(i).text.index("The relief valve")
    assert [c.text for c in page_chunks(doc, 4)] == [BODY.format(n=204)]  # as chunk_document
    # two pages: a header on both of them and "Page N of 2" (no printed labels)
    pair = _doc(*(f"PX pump handbook, chapter 5\n{BODY.format(n=n)}\nPage {n} of 2\n" for n in (1, 2)))
    for page in pair.pages:
        page.page_label, page.label_source = "", None
    assert [c.text for c in chunk_document(pair)] == [BODY.format(n=1), BODY.format(n=2)]


def test_real_first_lines_that_only_look_like_a_neighbours_are_kept():
    """A heading whose numbers differ from the neighbouring page's (not by the page step, or
    not the page's number) and a line repeated on two pages only (also on the last two
    pages, as a title block on a cover and on a title page) stay in the chunks."""
    firsts = {2: "Table 3.1 Oil grades", 3: "Table 3.2 Oil grades",    # numbering, not folios
              4: "Article 7. Permits for special water use", 5: "Article 9. Permits for special water use",
              6: "Add $a$ squared and $b$ squared", 7: "Add $a$ squared and $b$ squared"}
    lasts = {1: "}", 2: "}", 3: "}",  # a code line on 3 pages: no letter, no running line
             5: "Figure 3.4", 6: "Figure 3.5"}  # steps with the page, but is not its number
    doc = _furnished(7, firsts, lasts)
    chunks = chunk_document(doc)
    _assert_sound(doc, chunks)
    for page, line in firsts.items():
        (c,) = [c for c in chunks if c.page == page and c.kind != "bridge"]
        assert c.text.startswith(line), (page, c.text)
    for page, line in lasts.items():
        (c,) = [c for c in chunks if c.page == page and c.kind != "bridge"][-1:]
        assert c.text.endswith("\n" + line), (page, c.text)


def test_page_of_only_running_lines_keeps_its_text():
    doc = _furnished(7)
    blank = doc.pages[1]  # a page with nothing but the running lines keeps them as its text
    blank.text = "Rev. C, 2024-05-01 internal use\n12 Service handbook of the PX pumps\nPage 2 of 7\n"
    short = doc.pages[4]  # header (the first two lines) and footer (the last two) overlap
    short.text = "Rev. C, 2024-05-01 internal use\n15\nPrinted copies are not controlled\n"
    chunks = chunk_document(doc)
    _assert_sound(doc, chunks)
    (c,) = [c for c in chunks if c.page == 2 and c.kind != "bridge"]
    assert c.text == blank.text.strip()
    (c,) = [c for c in chunks if c.page == 5 and c.kind != "bridge"]
    assert c.text == short.text.strip()
    assert [c.text for c in chunks if c.page == 4] == [BODY.format(n=204)]


def test_bad_target_rejected():
    with pytest.raises(ValueError):
        chunk_document(_doc("Text."), target_chars=0)


# ---------------------------------------------------------------- real corpus


@pytest.mark.parametrize("rel", ["ru/mpman-ru.pdf", "zh/lshort-zh-cn.pdf", "en/siunitx.pdf"])
def test_real_pdf_coverage_and_identity(corpus, rel):
    doc = _pdf_document(corpus, rel)
    chunks = chunk_document(doc)
    _assert_sound(doc, chunks)
    assert len(chunks) >= sum(1 for p in doc.pages if p.text.strip())
    assert max(len(c.text) for c in chunks) <= 2 * 700
    assert chunks[0].search_text.startswith(doc.title + "\n")


def test_impatient_book_chunks_do_not_start_with_the_running_head(corpus):
    """TeX for the Impatient, PDF pages 205-240 (section 8): no page chunk starts with the
    running head ("218 Commands for composing math formulas \\ §8", "Simple parts of
    formulas 189"), the page stamp ("TEX for the Impatient No 238") or the date stamp; the
    blank pages 206 and 240 (stamps only) keep their text."""
    from pincite.extract.folio import infer_folio_labels

    doc = _pdf_document(corpus, "en/impatient-book.pdf")
    for page, label in zip(doc.pages, infer_folio_labels([p.text for p in doc.pages])):
        page.page_label = label  # as extraction sets it (the PDF has no /PageLabels)
    everything = chunk_document(doc)
    _assert_sound(doc, everything)
    chunks = [c for c in everything if c.kind != "bridge" and 205 <= c.page <= 240]
    assert {c.page for c in chunks} == set(range(205, 241))
    for c in chunks:
        page = doc.page(c.page)
        if c.page in (206, 240):
            assert c.text == page.text.strip()  # nothing but the stamps: kept
            continue
        first, label = c.text.splitlines()[0].strip(), page.page_label  # no label: 207, 8's opener
        assert not label or not (first.startswith(label + " ") or first.endswith(" " + label)), (c.page, first)
        assert "TEX for the Impatient No" not in c.text and "3 Jan 2020" not in c.text, (c.page, first)
    assert next(c for c in chunks if c.page == 238).text.startswith("\\scriptspace")


def test_real_pdf_tokens_throughput(corpus):
    doc = _pdf_document(corpus, "ru/mpman-ru.pdf")
    texts = [c.search_text for c in chunk_document(doc)]
    chars = sum(map(len, texts))
    t0 = time.perf_counter()
    count = sum(len(tokens(t)) for t in texts)
    elapsed = time.perf_counter() - t0
    print(f"\ntokens(): {len(texts)} chunks, {chars} chars, {count} tokens in {elapsed:.3f} s "
          f"({chars / max(elapsed, 1e-9):,.0f} chars/s)")
    assert count > chars / 20
    assert set(tokens("кривые Безье")) <= {t for text in texts for t in tokens(text)}


def test_navigation_kind_contents_index_and_text():
    from pincite.chunk.pages import navigation_kind

    contents = "\n".join(f"{i}.1 Section title number {i} . . . . . . . . {10 * i}" for i in range(1, 7))
    index = "\n".join(["\\Bigg", "(数学命令), 45", "\\bigskip", ", 69", "bm 宏包", ", 50", "bp", "(长度单位), 67"])
    table = "Алаколь 0,72 0,58 80 1,54\nВосток Казахстана 0,61 0,48 120 1,33\nЗапад Казахстана 0,34 0,30 30 1,72"
    prose = ("The pump is serviced every 500 hours, 12 months at most.\nSee pages 12, 45\n"
             "for the procedure and the torque values.\nThe filter is replaced each time.")
    assert navigation_kind(contents) == "contents"
    assert navigation_kind(index) == "index"
    assert navigation_kind(table) == "text"  # decimal commas are not index entries
    assert navigation_kind(prose) == "text"  # one page reference in prose is not an index
    assert navigation_kind("1 Intro . . . . 1") == "text"  # too few lines to tell


def test_contents_chunk_is_ranked_after_body(tmp_path):
    """A contents line that holds every word of the question loses to the body page that
    answers with fewer of them."""
    from pincite.config import Settings
    from pincite.library.facade import Library

    toc = "\n".join(["Contents"] + [f"{i} {t} . . . . . . . . {i + 2}" for i, t in enumerate(
        ["Oil change interval of the gearbox", "Filter replacement", "Belt tension",
         "Coolant level", "Brake pads", "Spare parts"], 1)])
    body = "Gearbox\nChange the gearbox oil every 2,000 operating hours."  # lacks "interval"
    pdf = make_pdf(tmp_path / "m.pdf", [toc, "Introduction to the machine and its safety rules.", body])
    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        lib.ingest([pdf])
        ans = lib.ask("What is the oil change interval of the gearbox?")
    assert ans.status == "answered"
    assert ans.claims[0].citations[0].page == 3


def test_a_table_row_is_never_cut_between_two_chunks():
    """A Word table row laid out on its PDF page as label lines then a line of values
    ("Кастрация\nсамца\n2 800 4 500"): the chunk boundary that would fall between the label
    and the values moves past the row, so one chunk holds the whole row."""
    from pincite.extract.model import AddressSpan, BlockRange

    rows = [f"Услуга номер {i}\nс длинным названием\n{i} 100 {i} 200 {i} 300 {i} 400" for i in range(1, 30)]
    text = "\n".join(rows)
    spans, pos = [], 0
    for i, row in enumerate(rows):
        spans.append(AddressSpan(start=pos, end=pos + len(row), address=BlockRange(start=i + 2, end=i + 2), row=True))
        pos += len(row) + 1
    doc = DocumentModel(doc_id="b" * 16, file_name="prices.docx", sha256="0" * 64,
                        mime="application/vnd.openxmlformats-officedocument.wordprocessingml.document",
                        pages=[PageText(page=1, text=text, spans=spans)])
    chunks = [c for c in chunk_document(doc, target_chars=120) if c.page == 1 and not c.parts]
    assert len(chunks) > 3
    for s in spans:
        holding = [c for c in chunks if c.char_start < s.end and s.start < c.char_end]
        row = text[s.start:s.end]
        assert len(holding) == 1 and holding[0].char_start <= s.start and s.end <= holding[0].char_end, row


def test_an_entry_of_a_reference_list_is_never_cut_between_two_chunks():
    """A list of settings names each on its own line, above its description and default:
    a chunk boundary never falls inside an entry that fits in a chunk, so the name and its
    default are indexed and quoted together; an entry longer than a chunk is cut as prose is."""
    names = [f"setting_{i}_timeout" for i in range(24)]
    entries = [f"{n}\nTime in milliseconds before the folder tree number {i} expands while a message is "
               f"dragged over it.\nIt is ignored when dragging is off.\nDefault value is '{100 * i}'."
               for i, n in enumerate(names)]
    long_entry = "very_long_setting\n" + " ".join(f"Sentence {i} describes it once more." for i in range(20))
    text = "\n".join(entries + [long_entry])
    doc = _doc(text)
    chunks = [c for c in chunk_document(doc, target_chars=400) if c.page == 1 and not c.parts]
    _assert_sound(doc, chunk_document(doc, target_chars=400))
    assert len(chunks) > 5
    for n, entry in zip(names, entries):
        start = text.index(entry)
        holding = [c for c in chunks if c.char_start < start + len(entry) and start < c.char_end]
        assert len(holding) == 1, (n, [c.text[:40] for c in holding])
    start = text.index(long_entry)
    assert len([c for c in chunks if c.char_start < start + len(long_entry) and start < c.char_end]) > 1
