"""Tests of pincite.extract.pdf (PDF -> DocumentModel) and pincite.extract.quality.

Generated PDFs (tests/pdfgen.py) cover the rules; the real corpus (``corpus`` fixture)
covers the files those rules were measured on.
"""
from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pdfgen import PAGE_SIZE, make_lines_pdf, make_pdf
from pincite.errors import (
    Damaged,
    EmptyFile,
    Encrypted,
    GarbledText,
    IngestError,
    NotAPdf,
    NoTextLayer,
    TooLarge,
)
from pincite.extract.model import DocumentModel
from pincite.extract.pdf import PdfLimits, extract_pdf
from pincite.extract.quality import looks_like_cp1251_mojibake, mojibake_example

FILLER = "This page holds ordinary filler text about nothing in particular."


def extract(path: Path, **kwargs) -> DocumentModel:
    return extract_pdf(path, doc_id="0123456789abcdef", sha256="ab" * 32, **kwargs)


def no_space(text: str) -> str:
    return re.sub(r"\s+", "", text)


def raises_naming_file(error: type[IngestError], path: Path, **kwargs) -> IngestError:
    """Extract ``path``, expect ``error`` and check that its message names the file."""
    with pytest.raises(error) as info:
        extract(path, **kwargs)
    assert type(info.value) is error
    assert path.name in str(info.value)
    return info.value


# --- generated PDFs: pages, text, labels, metadata ------------------------------------


def test_facts_land_on_their_physical_pages(tmp_path):
    path = make_pdf(
        tmp_path / "facts.pdf",
        ["The rated voltage is 220 V.", FILLER, "The maximum power is 1.5 kW."],
    )
    model = extract(path)
    assert model.page_count == 3
    assert [p.page for p in model.pages] == [1, 2, 3]
    assert "rated voltage is 220 V" in model.page(1).text
    assert "1.5 kW" not in model.page(1).text
    assert "1.5 kW" in model.page(3).text
    assert "220 V" not in model.page(3).text
    assert model.doc_id == "0123456789abcdef" and model.sha256 == "ab" * 32
    assert model.mime == "application/pdf"
    assert model.file_name == "facts.pdf" and model.path == str(path)
    assert model.title == "facts"  # no /Title -> file stem
    assert model.warnings == []
    assert model.pages[0].width == pytest.approx(PAGE_SIZE[0], abs=0.01)
    assert model.pages[0].height == pytest.approx(PAGE_SIZE[1], abs=0.01)


def test_text_is_exactly_what_pdfium_returns(tmp_path):
    long_text = "Line wrapping makes PDFium insert CRLF line breaks. " * 6
    path = make_pdf(tmp_path / "raw.pdf", [long_text])
    model = extract(path)
    pdf = pdfium.PdfDocument(path)
    try:
        page = pdf[0]
        textpage = page.get_textpage()
        expected, n_chars = textpage.get_text_range(), textpage.count_chars()
        textpage.close()
        page.close()
    finally:
        pdf.close()
    assert model.page(1).text == expected
    assert "\r\n" in model.page(1).text  # not normalised
    assert len(model.page(1).text) == n_chars  # index == PDFium char index here


def test_title_comes_from_metadata_the_cover_bears(tmp_path):
    cover = "PX-200 pump. Service manual for fitters. " + FILLER
    path = make_pdf(tmp_path / "file-stem.pdf", [cover, FILLER], title="Pump PX-200 Service Manual")
    assert extract(path).title == "Pump PX-200 Service Manual"


def _cover(*heading: str) -> list[tuple[str, str, float]]:
    body = [("This standard states the safety rules for the design of pumps.", "Helvetica", 11),
            ("It applies to every pump built after 2012.", "Helvetica", 11)]
    return [("NOT MEASUREMENT SENSITIVE", "Helvetica", 11),
            *[(line, "Helvetica-Bold", 20) for line in heading], *body]


def test_junk_metadata_title_gives_way_to_the_covers_heading(tmp_path):
    """A /Title left over from another edition or a template, whose words the first page
    does not hold, is replaced by the cover's heading (a wrapped heading joined)."""
    path = make_lines_pdf(tmp_path / "std-882.pdf", [_cover("System Safety", "Standard Practice"),
                                                     [("Scope.", "Helvetica", 11)]],
                          title="882D Rev 1 - Draft")
    assert extract(path).title == "System Safety Standard Practice"
    path = make_lines_pdf(tmp_path / "template.pdf", [_cover("Pump Design Rules")], title="Test Document")
    assert extract(path).title == "Pump Design Rules"


def test_junk_metadata_title_without_a_heading_gives_the_file_stem(tmp_path):
    """No heading on the cover (one type size), or a lone word in huge type (a watermark),
    and a /Title the cover does not bear: the file's stem names the document."""
    path = make_pdf(tmp_path / "px-200-manual.pdf", [FILLER, FILLER], title="Microsoft Word - Dokument1")
    assert extract(path).title == "px-200-manual"
    path = make_lines_pdf(tmp_path / "draft-notes.pdf", [_cover("DRAFT")], title="Test Document")
    assert extract(path).title == "draft-notes"
    # a numbered heading opens a section (a document without a title page), it names no document
    path = make_lines_pdf(tmp_path / "pump-tests.pdf", [_cover("5 Tests", "5.1 Visual check")], title="Test Document")
    assert extract(path).title == "pump-tests"
    path = make_lines_pdf(tmp_path / "guide.pdf", [_cover("A Guide to Pumps")], title="Test Document")
    assert extract(path).title == "A Guide to Pumps"


def test_title_word_share_on_the_cover():
    from pincite.extract.title import title_on_page

    assert title_on_page("Boiler B-12 manual", "Boiler B-12 service manual. Chapter one")
    assert title_on_page("中华人民共和国安全生产法", "中华人民共和国安全生产法（２００２年６月２９日")
    assert not title_on_page("882D Rev 1 - Draft", "MIL-STD-882E 11 May 2012 SUPERSEDING MIL-STD-882D")
    assert not title_on_page("", "anything")


def test_chinese_cid_font_text_comes_out_whole(tmp_path):
    sentence = "额定电压为220伏。最大功率为1.5千瓦。"
    path = make_pdf(tmp_path / "zh.pdf", [sentence], font="cid-chinese")
    text = extract(path).page(1).text
    assert sentence in no_space(text)


def test_cyrillic_truetype_text_comes_out_and_is_not_garbled(tmp_path):
    sentence = "Номинальное напряжение 220 В. Ёмкость бака 15 л."
    path = make_pdf(tmp_path / "ru.pdf", [sentence], font="dejavu")
    text = extract(path).page(1).text
    assert no_space(sentence) in no_space(text)


def test_page_labels_are_read_back(tmp_path):
    path = make_pdf(
        tmp_path / "labels.pdf",
        [FILLER] * 4,
        page_labels=[(0, "r", "", 1), (2, "D", "", 1)],
    )
    pages = extract(path).pages
    assert [p.page_label for p in pages] == ["i", "ii", "1", "2"]
    assert [p.label_source for p in pages] == ["pagelabels"] * 4


def test_page_labels_with_prefix(tmp_path):
    path = make_pdf(tmp_path / "prefix.pdf", [FILLER] * 3, page_labels=[(0, "D", "A-", 5)])
    assert [p.page_label for p in extract(path).pages] == ["A-5", "A-6", "A-7"]


def test_no_page_labels_gives_empty_labels(tmp_path):
    path = make_pdf(tmp_path / "nolabels.pdf", [FILLER] * 3)
    pages = extract(path).pages
    assert [p.page_label for p in pages] == ["", "", ""]
    assert [p.label_source for p in pages] == [None, None, None]


def test_empty_page_in_fine_document_gives_warning(tmp_path):
    path = make_pdf(tmp_path / "gap.pdf", [FILLER, "", FILLER], image_pages={2})
    model = extract(path)
    assert model.page_count == 3
    assert model.page(2).text.strip() == ""
    # page 2 shows an image, so it is OCRed (tests/test_ocr.py); a grey square gives no text
    [warning] = model.warnings
    assert warning.startswith("page 2: no text layer; OCR")
    assert extract(path, ocr="off").warnings == ["page 2: no text layer (OCR off)"]


def test_document_model_round_trips_through_json(tmp_path):
    path = make_pdf(tmp_path / "json.pdf", [FILLER, "Второй лист."], font="dejavu")
    model = extract(path)
    assert DocumentModel.from_json(model.to_json()) == model


# --- generated PDFs: every refusal ------------------------------------------------------


def test_empty_file(tmp_path):
    path = tmp_path / "empty.pdf"
    path.write_bytes(b"")
    raises_naming_file(EmptyFile, path)


def test_text_file_named_pdf_is_not_a_pdf(tmp_path):
    path = tmp_path / "notes.pdf"
    path.write_text("Just some notes, not a PDF at all.\n" * 10)
    raises_naming_file(NotAPdf, path)


def test_pdf_header_must_be_in_first_1024_bytes(tmp_path):
    good = make_pdf(tmp_path / "good.pdf", [FILLER]).read_bytes()
    inside = tmp_path / "junk-inside.pdf"
    inside.write_bytes(b"x" * (1024 - len(b"%PDF-")) + good)
    assert extract(inside).page_count == 1
    outside = tmp_path / "junk-outside.pdf"
    outside.write_bytes(b"x" * 1024 + good)
    raises_naming_file(NotAPdf, outside)


def test_pdf_bytes_under_another_extension_are_read(tmp_path):
    path = tmp_path / "manual.bin"
    path.write_bytes(make_pdf(tmp_path / "src.pdf", [FILLER]).read_bytes())
    assert extract(path).page_count == 1


def test_truncated_pdf_is_damaged(tmp_path):
    data = make_pdf(tmp_path / "whole.pdf", [FILLER] * 6).read_bytes()
    path = tmp_path / "half.pdf"
    path.write_bytes(data[: len(data) // 2])
    raises_naming_file(Damaged, path)


def test_zero_page_pdf_is_damaged(tmp_path):
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [] /Count 0 >>"]
    data, offsets = b"%PDF-1.4\n", []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(data))
        data += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(data)
    data += b"xref\n0 3\n0000000000 65535 f \n" + b"".join(b"%010d 00000 n \n" % o for o in offsets)
    data += b"trailer\n<< /Size 3 /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % xref
    path = tmp_path / "zero.pdf"
    path.write_bytes(data)
    error = raises_naming_file(Damaged, path)
    assert "0 pages" in str(error)


def test_too_large_by_size(tmp_path):
    path = make_pdf(tmp_path / "big.pdf", [FILLER])
    size = path.stat().st_size
    error = raises_naming_file(TooLarge, path, limits=PdfLimits(max_bytes=size - 1))
    assert f"{size:,} bytes" in str(error) and f"{size - 1:,} bytes" in str(error)
    assert extract(path, limits=PdfLimits(max_bytes=size)).page_count == 1


def test_too_many_pages(tmp_path):
    path = make_pdf(tmp_path / "long.pdf", [FILLER] * 3)
    error = raises_naming_file(TooLarge, path, limits=PdfLimits(max_pages=2))
    assert "3 pages" in str(error) and "2 pages" in str(error)
    assert extract(path, limits=PdfLimits(max_pages=3)).page_count == 3


def test_image_only_pdf_has_no_text_layer(tmp_path):
    path = make_pdf(tmp_path / "scan.pdf", ["", ""], image_pages={1, 2})
    raises_naming_file(NoTextLayer, path)


def test_min_doc_chars_counts_non_whitespace(tmp_path):
    twenty = make_pdf(tmp_path / "twenty.pdf", ["abcde fghij", "klmno pqrst"])
    assert extract(twenty).page_count == 2
    nineteen = make_pdf(tmp_path / "nineteen.pdf", ["abcde fghij", "klmno pqrs"])
    error = raises_naming_file(NoTextLayer, nineteen)
    assert "19 non-whitespace" in str(error)
    assert extract(nineteen, limits=PdfLimits(min_doc_chars=19)).page_count == 2


def test_user_password_pdf(tmp_path):
    path = make_pdf(tmp_path / "locked.pdf", ["Secret rated current 16 A."], user_password="s3cret")
    assert "no password" in str(raises_naming_file(Encrypted, path))
    assert "wrong password" in str(raises_naming_file(Encrypted, path, password="guess"))
    assert "wrong password" not in str(raises_naming_file(Encrypted, path, password=""))
    assert "16 A" in extract(path, password="s3cret").page(1).text


def test_owner_only_password_pdf_opens_without_password(tmp_path):
    path = make_pdf(tmp_path / "owner.pdf", ["Owner restricted but readable."], owner_password="owner")
    assert b"/Encrypt" in path.read_bytes()
    assert "readable" in extract(path).page(1).text


def test_mojibake_text_layer_is_repaired(tmp_path):
    russian = "Это нужно знать. Настраиваемые колонтитулы. Загрузка и установка пакетов."
    mojibake = russian.encode("cp1251").decode("latin-1")
    path = make_pdf(tmp_path / "mojibake.pdf", [mojibake, mojibake])
    model = extract(path, ocr="off")  # re-decoding is no OCR
    assert [p.text.strip() for p in model.pages] == [russian, russian]
    assert not any(p.ocr for p in model.pages)
    assert model.warnings == [f"page {n}: garbled text layer (Cyrillic decoded as Latin-1) repaired by "
                              "re-decoding as cp1251" for n in (1, 2)]


def test_unrepairable_mojibake_without_ocr_is_garbled(tmp_path):
    # Russian in KOI8-R read as Latin-1: re-decoding as cp1251 gives no real words
    russian = "Это нужно знать. Настраиваемые колонтитулы. Загрузка и установка пакетов."
    mojibake = russian.encode("koi8-r").decode("latin-1")
    path = make_pdf(tmp_path / "koi8.pdf", [mojibake, mojibake])
    error = raises_naming_file(GarbledText, path, ocr="off")
    assert "e.g. '" in str(error) and "OCR is off" in str(error)


# --- the garble rule on its own ---------------------------------------------------------

RUSSIAN = (
    "Это нужно знать. Настраиваемые колонтитулы, загрузка и установка пакетов, "
    "работа с pdfLaTeX и PDF-документы для WWW. Ещё одна строка."
)


def test_mojibake_detected():
    assert looks_like_cp1251_mojibake(RUSSIAN.encode("cp1251").decode("latin-1"))
    assert looks_like_cp1251_mojibake("Ýòî íóæíî çíàòü. " * 3)


@pytest.mark.parametrize(
    "text",
    [
        RUSSIAN,
        "Über die Größe des Gefäßes äußern sich Ärzte während der Prüfung öfter schön.",
        "Ça a été très élégant à côté de la forêt où l'on déjeûnait près du château.",
        "Það er ótrúlegt hvað ég sá í dag á Íslandi; þúsund ár og fjöll í ánni.",
        "Не́бо и҆ землѧ̀ прейдꙋ́тъ, словеса́ же моѧ̑ не мимои҆дꙋ́тъ. Бг҃ъ, гдⷭ҇ь.",
        "额定电压为220伏。最大功率为1.5千瓦。",
        "The rated voltage is 220 V; 3 × 4 = 12 and 12 ÷ 4 = 3.",
        "Ýòî",  # too short to judge
        "",
    ],
)
def test_real_text_not_flagged(text):
    assert not looks_like_cp1251_mojibake(text)


def test_a_few_mojibake_words_in_latin_text_are_not_enough():
    english = "This manual explains how the pump works and how to service it safely. " * 5
    assert not looks_like_cp1251_mojibake(english + " Ýòî íóæíî çíàòü")


def test_mojibake_words_need_a_large_share_of_letters():
    # half the words are all-high-Latin, but they hold only 3 of every 23 letters
    assert not looks_like_cp1251_mojibake("Ýòî internationalization " * 10)
    assert looks_like_cp1251_mojibake("Ýòî íóæíî internationalization " * 10)


def test_mojibake_example():
    assert mojibake_example("see Íàñòðàèâàåìûå here") == "'Íàñòðàèâàåìûå' (= 'Настраиваемые')"
    assert mojibake_example("plain English") == ""


# --- the real corpus --------------------------------------------------------------------

#: Physical page counts from ../shared/corpus/MANIFEST.md: every one must extract cleanly.
CORPUS_PAGES = {
    "pdf/ru/mpman-ru.pdf": 106,
    "pdf/ru/texlive-ru.pdf": 46,
    "pdf/ru/eskdx.pdf": 35,
    "pdf/ru/ugost2008.pdf": 28,
    "pdf/ru/churchslavonic-ru.pdf": 10,
    "pdf/zh/lshort-zh-cn.pdf": 139,
    "pdf/zh/ctex-faq.pdf": 41,
    "pdf/zh/texlive-zh-cn.pdf": 45,
    "pdf/zh/zhnumber.pdf": 32,
    "pdf/zh/install-latex-guide-zh-cn.pdf": 56,
    "pdf/en/lshort.pdf": 153,
    "pdf/en/siunitx.pdf": 82,
    "pdf/en/tugboat-babelbib.pdf": 10,
    "pdf/en/impatient-book.pdf": 393,
    "pdf/en/auguide4-1.pdf": 19,
    "pdf/en/auguide4-2.pdf": 19,
    "pdf/domain/en-mil-std-882e.pdf": 104,
    "pdf/domain/en-usntps-ftm-103.pdf": 684,
    "pdf/domain/ru-kz-sn-rk-4-01-03-2011-izm2021.pdf": 172,
    "pdf/domain/ru-kz-sn-rk-4-01-03-2013.pdf": 198,
    "pdf/domain/ru-kz-vodny-kodeks-2025.pdf": 116,
    "pdf/domain/zh-anquan-shengchan-fa-2021.pdf": 16,
    "pdf/domain/zh-chengzhen-ranqi-guanli-tiaoli.pdf": 18,
    "pdf/domain/zh-nanning-ranqi-jiage-tongzhi-2025.pdf": 2,
}


@pytest.mark.parametrize("name", sorted(CORPUS_PAGES))
def test_real_corpus_pdf_extracts_and_is_not_garbled(corpus_pdf_model, name):
    model = corpus_pdf_model(name)
    assert model.page_count == CORPUS_PAGES[name]
    assert not looks_like_cp1251_mojibake("\n".join(p.text for p in model.pages))
    blank = [p.page for p in model.pages if not p.text.strip()]
    assert model.warnings == [f"page {n}: blank page (no text, image or drawing)" for n in blank]
    assert len(blank) <= model.page_count // 10


def test_churchslavonic_keeps_combining_marks(corpus_pdf_model):
    text = "".join(p.text for p in corpus_pdf_model("pdf/ru/churchslavonic-ru.pdf").pages)
    assert any("\u0300" <= ch <= "\u036f" or "\u0483" <= ch <= "\u0489" for ch in text)


def test_corpus_encrypted_pdf(corpus):
    path = corpus / "pdf/special/libreoffice-writer-password.pdf"
    assert "no password" in str(raises_naming_file(Encrypted, path))
    assert "wrong password" in str(raises_naming_file(Encrypted, path, password="wrong"))
    model = extract(path, password="openpassword")
    assert model.page_count == 1
    assert "Lorem ipsum" in model.page(1).text


def test_corpus_scanned_pdf_has_no_text_layer(corpus):
    # with OCR it answers (tests/test_ocr.py)
    error = raises_naming_file(NoTextLayer, corpus / "pdf/special/c02-22-scanned.pdf", ocr="off")
    assert "OCR is off" in str(error)


def test_corpus_broken_text_layer_is_repaired(corpus):
    # details and the repair rate: tests/test_ocr.py
    model = extract(corpus / "pdf/special/lshortru-broken-textlayer.pdf", ocr="off")
    assert not looks_like_cp1251_mojibake("\n".join(p.text for p in model.pages))
    assert "Исходные файлы" in model.page(21).text


def test_corpus_truncated_pdf_is_damaged(corpus, tmp_path):
    data = (corpus / "pdf/en/lshort.pdf").read_bytes()
    path = tmp_path / "lshort-half.pdf"
    path.write_bytes(data[: len(data) // 2])
    raises_naming_file(Damaged, path)


def test_corpus_lshort_zh_labels_and_text(corpus_pdf_model):
    model = corpus_pdf_model("pdf/zh/lshort-zh-cn.pdf")
    assert [p.page_label for p in model.pages[:3]] == ["A", "B", "i"]
    assert model.page(13).page_label == "1"
    assert model.page(13).label_source == "pagelabels"
    assert "点阵宽度" in model.page(79).text


def test_corpus_lshort_en_roman_front_matter(corpus_pdf_model):
    model = corpus_pdf_model("pdf/en/lshort.pdf")
    assert model.page(1).page_label == "i"
    assert model.page(14).page_label == "xiv"
    assert model.page(15).page_label == "1"


def test_corpus_pdf_without_pagelabels_reads_printed_folios(corpus_pdf_model):
    """mpman-ru has no /PageLabels but prints folios (physical - 1, MANIFEST.md): the labels
    come from the folios, never from /PageLabels."""
    model = corpus_pdf_model("pdf/ru/mpman-ru.pdf")
    assert "pagelabels" not in {p.label_source for p in model.pages}
    assert (model.page(82).page_label, model.page(82).label_source) == ("81", "folio")
