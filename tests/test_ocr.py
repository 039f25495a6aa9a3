"""OCR of weak pages (pincite.extract.ocr) and repair of garbled text layers
(pincite.extract.quality.repair_cp1251), through extraction and the Library.

Tests that run tesseract are skipped when it (with rus, chi_sim and eng) is missing, unless
PINCITE_REQUIRE_CORPUS=1 (CI installs it: .ci/run), which makes that a failure. Run with -s to
see the repair rate of the garbled corpus file; OCR seconds per page: benchmarks/ocr_speed.py.
"""
from __future__ import annotations

import os
import re
import stat
import time
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen import canvas

from docgen import IMAGE_BOX, SCAN_FACT, make_scan_pdf, text_image
from pdfgen import PAGE_SIZE
from pincite.config import Settings
from pincite.errors import NoTextLayer
from pincite.extract import ocr as ocr_mod
from pincite.extract.model import DocumentModel
from pincite.extract.pdf import extract_pdf
from pincite.extract.quality import (
    fix_mixed_script,
    looks_like_cp1251_mojibake,
    mojibake_words,
    plausible_russian_word,
    redecode_cp1251,
    repair_cp1251,
    weak_page_reason,
)
from pincite.library.export import source_line
from pincite.library.facade import Library

FACT = SCAN_FACT
FILLER = "The rated voltage of the pump is 220 V and its housing is cast iron."
TESSERACT_MISSING = ("page 2: no text layer; OCR needs tesseract "
                     "(Debian: tesseract-ocr tesseract-ocr-rus tesseract-ocr-chi-sim)")


@pytest.fixture(scope="session")
def tesseract() -> str:
    """The tesseract executable; skip (or fail under PINCITE_REQUIRE_CORPUS=1) when unusable."""
    found = ocr_mod.availability()
    if not found.ok:
        message = f"OCR unavailable: {found.reason}; install {found.need}"
        if os.environ.get("PINCITE_REQUIRE_CORPUS") == "1":
            pytest.fail(message + " (PINCITE_REQUIRE_CORPUS=1 requires it)")
        pytest.skip(message)
    return found.executable


def extract(path: Path, **kwargs) -> DocumentModel:
    return extract_pdf(path, doc_id="0123456789abcdef", sha256="ab" * 32, **kwargs)


def open_library(tmp_path: Path, **kwargs) -> Library:
    return Library(Settings(data_dir=tmp_path / "data", embedder="none", **kwargs))


def no_tesseract_on_path(monkeypatch, tmp_path: Path) -> None:
    empty = tmp_path / "no-tesseract-bin"
    empty.mkdir(exist_ok=True)
    monkeypatch.setenv("PATH", str(empty))


# --- generated PDFs ----------------------------------------------------------------------


def test_image_page_answers_through_ocr(tesseract, tmp_path):
    path = make_scan_pdf(tmp_path / "pump.pdf", [FILLER, None])
    with open_library(tmp_path) as lib:
        [res] = lib.ingest([path])
        assert res.status == "added", res.reason
        assert res.warnings == ["page 2: text from OCR (no text layer)"]
        ans = lib.ask("What is the service interval?")
        assert ans.status == "answered", ans
        cites = [c for claim in ans.claims if claim.verified for c in claim.citations if c.verified]
        top = cites[0]
        assert (top.file, top.page) == ("pump.pdf", 2)
        assert "250 h" in top.quote
        assert top.ocr is True
        assert source_line(top, ans.language).endswith("(OCR)")
        model = lib.model(top.doc_id)
        assert model.page(2).ocr and not model.page(1).ocr
        assert top.quote in model.page(2).text


def test_mixed_pdf_flags_only_its_weak_page_and_keeps_word_boxes(tesseract, tmp_path):
    path = make_scan_pdf(tmp_path / "mixed.pdf", [FILLER, None, FILLER])
    model = extract(path)
    assert [p.ocr for p in model.pages] == [False, True, False]
    assert model.warnings == ["page 2: text from OCR (no text layer)"]
    page = model.page(2)
    assert page.text.strip() == FACT
    assert [page.text[s.start:s.end] for s in page.spans] == FACT.split()
    # every word box lies inside the placed image, in PDF points with the origin bottom-left
    x, y, w, h = IMAGE_BOX
    for span in page.spans:
        left, bottom, right, top = span.bbox
        assert x - 1 <= left < right <= x + w + 1 and y - 1 <= bottom < top <= y + h + 1, span
    assert model.page(1).spans == [] and model.page(1).text.strip() == FILLER
    # the model round-trips with its OCR flags and boxes
    again = DocumentModel.from_json(model.to_json())
    assert again.page(2).ocr and again.page(2).spans == page.spans


def test_ocr_off_leaves_the_page_empty_and_says_so(tmp_path):
    path = make_scan_pdf(tmp_path / "mixed.pdf", [FILLER, None])
    model = extract(path, ocr="off")
    assert model.page(2).text == "" and not model.page(2).ocr
    assert model.warnings == ["page 2: no text layer (OCR off)"]
    with open_library(tmp_path, ocr="off") as lib:
        [res] = lib.ingest([path])
        assert res.status == "added" and res.warnings == ["page 2: no text layer (OCR off)"]
    with pytest.raises(ValueError, match="ocr='sometimes'"):
        extract(path, ocr="sometimes")


def test_ocr_page_cap_names_the_pages_past_it(tesseract, tmp_path):
    path = make_scan_pdf(tmp_path / "scans.pdf", [FILLER, None, None, None])
    model = extract(path, max_ocr_pages=2)
    assert [p.ocr for p in model.pages] == [False, True, True, False]
    assert model.page(4).text == ""
    assert model.warnings == [
        "page 2: text from OCR (no text layer)",
        "page 3: text from OCR (no text layer)",
        "page 4: no text layer; not OCRed: over the limit of 2 OCR pages per document (PINCITE_MAX_OCR_PAGES)",
    ]
    with open_library(tmp_path, max_ocr_pages=1) as lib:
        [res] = lib.ingest([path])
        assert res.status == "added"
        assert [w.split(":")[0] for w in res.warnings if "over the limit of 1" in w] == ["page 3", "page 4"]


def test_tesseract_missing_is_reported_and_an_all_image_pdf_fails_with_the_reason(monkeypatch, tmp_path):
    mixed = make_scan_pdf(tmp_path / "mixed.pdf", [FILLER, None])
    scan = make_scan_pdf(tmp_path / "scan.pdf", [None, None])
    no_tesseract_on_path(monkeypatch, tmp_path)
    assert not ocr_mod.availability().ok
    model = extract(mixed)
    assert model.page(2).text == ""
    assert model.warnings == [TESSERACT_MISSING]
    with pytest.raises(NoTextLayer) as info:
        extract(scan)
    message = str(info.value)
    assert "scan.pdf" in message and "no text layer" in message
    assert "OCR unavailable: tesseract is not installed" in message
    assert "tesseract-ocr tesseract-ocr-rus tesseract-ocr-chi-sim" in message
    with open_library(tmp_path) as lib:
        results = {Path(r.path).name: r for r in lib.ingest([mixed, scan])}
    assert results["mixed.pdf"].status == "added" and results["mixed.pdf"].warnings == [TESSERACT_MISSING]
    assert results["scan.pdf"].status == "failed" and "OCR unavailable" in results["scan.pdf"].reason


def test_tesseract_without_the_languages_is_reported(monkeypatch, tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "tesseract"
    fake.write_text('#!/bin/sh\necho "List of available languages in \\"/x/\\" (1):"\necho eng\n')
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", str(bin_dir))
    found = ocr_mod.availability()
    assert not found.ok and found.reason == "tesseract lacks the language data rus+chi_sim"
    model = extract(make_scan_pdf(tmp_path / "mixed.pdf", [FILLER, None]))
    assert model.warnings == ["page 2: no text layer; OCR needs tesseract language data rus+chi_sim "
                              "(Debian: tesseract-ocr-rus tesseract-ocr-chi-sim)"]


def test_weak_text_layer_under_a_full_page_image_is_ocred(tesseract, tmp_path):
    """A scan with only a folio in its text layer is OCRed; a text page over an image is not."""
    path = tmp_path / "folio.pdf"
    c = canvas.Canvas(str(path), pagesize=PAGE_SIZE, invariant=True)
    full = (0, 0, PAGE_SIZE[0], PAGE_SIZE[1])
    for text in ("22", FILLER * 3):
        c.drawImage(ImageReader(text_image(FACT, 1800, 2400)), *full)
        c.setFont("Helvetica", 9)
        c.drawString(56, 30, text)
        c.showPage()
    c.save()
    model = extract(path)
    assert [p.ocr for p in model.pages] == [True, False]
    assert "250 h" in model.page(1).text
    assert model.warnings == ["page 1: text from OCR (weak text layer (0 letters; images cover 100% of the page))"]


def test_ocr_boxes_match_pdfium_char_boxes_on_plain_and_rotated_pages(tesseract, tmp_path):
    """OCR a page that also has a real text layer and compare the word boxes with PDFium's."""
    path = tmp_path / "boxes.pdf"
    c = canvas.Canvas(str(path), pagesize=PAGE_SIZE, invariant=True)
    for rotation in (0, 90):
        c.setPageRotation(rotation)
        c.setFont("Helvetica", 28)
        c.drawString(80, 500, FACT)
        c.showPage()
    c.save()
    pdf = pdfium.PdfDocument(path)
    try:
        results = ocr_mod.ocr_pages(pdf, [0, 1], tesseract)
        for index in (0, 1):
            result = results[index]
            assert not result.error and result.text.strip() == FACT, result
            page = pdf[index]
            textpage = page.get_textpage()
            layer = textpage.get_text_range()
            for span in result.spans:
                word = result.text[span.start:span.end]
                at = layer.index(word)
                boxes = [textpage.get_charbox(i) for i in range(at, at + len(word))]
                expected = (min(b[0] for b in boxes), min(b[1] for b in boxes),
                            max(b[2] for b in boxes), max(b[3] for b in boxes))
                assert all(abs(a - b) < 4 for a, b in zip(span.bbox, expected)), (index, word, span, expected)
    finally:
        pdf.close()


# --- pure functions -------------------------------------------------------------------------


def tsv(rows: list[tuple[int, int, int, str, tuple[int, int, int, int]]]) -> str:
    head = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext"
    lines = [head, "1\t1\t0\t0\t0\t0\t0\t0\t1000\t1000\t-1\t"]
    for n, (block, par, line, text, (x, y, w, h)) in enumerate(rows, 1):
        lines.append(f"5\t1\t{block}\t{par}\t{line}\t{n}\t{x}\t{y}\t{w}\t{h}\t90\t{text}")
    return "\n".join(lines) + "\n"


def test_tsv_drops_spaces_between_cjk_characters_and_keeps_offsets():
    data = tsv([
        (1, 1, 1, "额", (0, 0, 10, 10)), (1, 1, 1, "定", (10, 0, 10, 10)), (1, 1, 1, "电压", (20, 0, 20, 10)),
        (1, 1, 1, "为", (40, 0, 10, 10)), (1, 1, 1, "220V。", (50, 0, 30, 10)),
        (1, 1, 2, "Rated", (0, 20, 30, 10)), (1, 1, 2, "voltage", (35, 20, 40, 10)),
        (2, 1, 1, "Next", (0, 60, 20, 10)), (2, 1, 1, "   ", (25, 60, 5, 10)),
    ])
    text, spans = ocr_mod.parse_tsv(data)
    assert text == "额定电压为 220V。\nRated voltage\n\nNext\n"
    assert [text[s.start:s.end] for s in spans] == ["额", "定", "电压", "为", "220V。", "Rated", "voltage", "Next"]
    # default map flips y: pixel (0, 0)-(10, 10) -> points [0, -10, 10, 0]
    assert spans[0].bbox == (0, -10, 10, 0)


def test_fix_mixed_script_is_one_char_for_one():
    assert fix_mixed_script("made а noise", whole_words=True) == "made a noise"  # Cyrillic а
    assert fix_mixed_script("печатаются, a заставят", whole_words=True) == "печатаются, а заставят"
    assert fix_mixed_script("пpи адреc") == "при адрес"  # Latin p, c inside Russian words
    assert fix_mixed_script("a c and o") == "a c and o"
    assert fix_mixed_script("Hallo, а мир", whole_words=True) == "Hallo, а мир"  # no dominant script
    for text in ("made а noise\r\nпpи", "x" * 10, "额定 а"):
        assert len(fix_mixed_script(text, whole_words=True)) == len(text)


def test_redecode_is_one_char_for_one_and_judged_by_real_words():
    russian = "Это нужно знать: «настраиваемые» колонтитулы — загрузка пакетов, ёлка."
    mojibake = russian.encode("cp1251").decode("latin-1")
    assert looks_like_cp1251_mojibake(mojibake * 2) and mojibake_words(mojibake)
    assert redecode_cp1251(mojibake) == russian
    repair = repair_cp1251(mojibake)
    assert repair.ok and repair.text == russian and repair.plausible_share == 1.0
    tex = "àâñòðèé\x7f\r\nñêîãî \x16 ¾òåõ¿"  # TeX T2A: hyphen 0x7F, em dash 0x16, « » at 0xBE/0xBF
    assert redecode_cp1251(tex) == "австрий\ufffe\r\nского — «тех»"
    # T2A's Ё ё № § (0x9C 0xBC 0x9D 0x9F), which cp1251 reads as Serbian/Macedonian letters
    t2a = "âñ¼ \x9cëêà \x9d 5 \x9f 2"
    assert redecode_cp1251(t2a) == "всё Ёлка № 5 § 2"
    serbian = "\u009aóáàâ ¼à"  # cp1251 "љубав ја": Serbian letters stay Serbian
    assert redecode_cp1251(serbian) == "љубав ја"
    koi8 = russian.encode("koi8-r", errors="replace").decode("latin-1")
    assert not repair_cp1251(koi8).ok
    assert all(plausible_russian_word(w) for w in ("Это", "СССР", "колонтитулы", "взгляд"))
    assert not any(plausible_russian_word(w) for w in ("пРИвет", "ьмоп", "жыр", "вкпрст", "ВКПРСТЛ"))


def test_weak_page_rule():
    assert weak_page_reason("", 0.0, has_image=True, has_ink=False) == "no text layer"
    assert weak_page_reason("", 0.0, has_image=False, has_ink=True) == "no text layer"
    assert weak_page_reason("", 0.0, has_image=False, has_ink=False) == ""  # blank
    assert weak_page_reason("Chapter 3  47", 0.9, has_image=True, has_ink=True).startswith("weak text layer (7 letters")
    assert weak_page_reason("Chapter 3  47", 0.3, has_image=True, has_ink=True) == ""
    assert weak_page_reason(FILLER, 1.0, has_image=True, has_ink=True) == ""


# --- the shared corpus -----------------------------------------------------------------------


def test_corpus_scanned_page_answers_through_ocr(tesseract, corpus, tmp_path):
    path = corpus / "pdf/special/c02-22-scanned.pdf"
    with open_library(tmp_path) as lib:
        t0 = time.perf_counter()
        [res] = lib.ingest([path])
        print(f"\nOCR c02-22-scanned.pdf p.1: ingested in {time.perf_counter() - t0:.2f} s")
        assert res.status == "added", res.reason
        assert res.warnings == ["page 1: text from OCR (no text layer)"]
        ans = lib.ask("What did I fall over when we was passing by the kitchen?")
        assert ans.status == "answered", ans
        top = ans.claims[0].citations[0]
        assert top.verified and top.ocr and (top.file, top.page) == ("c02-22-scanned.pdf", 1)
        assert "fell over a root" in top.quote
        assert source_line(top, ans.language) == "c02-22-scanned.pdf, PDF p. 1 (OCR)"


def test_corpus_garbled_text_layer_is_repaired_with_pdfium_offsets(corpus, tmp_path):
    path = corpus / "pdf/special/lshortru-broken-textlayer.pdf"
    t0 = time.perf_counter()
    model = extract(path, ocr="off")  # the repair needs no OCR
    seconds = time.perf_counter() - t0
    repaired = [int(w.split(":")[0].split()[1]) for w in model.warnings if "repaired by re-decoding" in w]
    pdf = pdfium.PdfDocument(path)
    try:
        raw = [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
    finally:
        pdf.close()
    garbled = [n for n, text in enumerate(raw, 1) if mojibake_words(text)]
    print(f"\nrepair rate lshortru-broken-textlayer.pdf: {len(repaired)}/{len(raw)} pages repaired "
          f"({len(repaired) / len(raw):.1%}); {len(repaired)}/{len(garbled)} of the pages with mojibake "
          f"words; extraction {seconds:.2f} s")
    assert repaired == garbled and len(repaired) / len(raw) >= 0.95
    assert not any(p.ocr for p in model.pages)
    for n in repaired:
        text, original = model.page(n).text, raw[n - 1]
        # one character for one: every index is still PDFium's char index
        assert len(text) == len(original)
        assert [i for i, ch in enumerate(text) if ch in "\r\n"] == [i for i, ch in enumerate(original) if ch in "\r\n"]
        assert text == fix_mixed_script(redecode_cp1251(original))
    assert "Неважно, вставляете ли вы один или\r\nнесколько пробелов между словами." in model.page(21).text
    with open_library(tmp_path, ocr="off") as lib:
        [res] = lib.ingest([path])
        assert res.status == "added", res.reason
        ans = lib.ask("Важно ли, вставляете вы один или несколько пробелов между словами?")
        assert ans.status == "answered", ans
        top = ans.claims[0].citations[0]
        assert top.verified and not top.ocr and top.file == "lshortru-broken-textlayer.pdf"
        assert top.page == 21 and re.search(r"пробелов\s+между\s+словами", top.quote), top
