"""pincite.eval.crosscheck: quotes confirmed (or not) by a second extractor, poppler's pdftotext."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pdfgen import make_pdf
from pincite.answer.normalize import normalize
from pincite.errors import CrosscheckUnavailable, PinciteError
from pincite.eval.crosscheck import (
    MARGIN_MODE,
    MODES,
    Crosscheck,
    _match,
    _page_forms,
    confirm_quote,
    crosscheck_quote,
    pdftotext_page,
    pdftotext_without_margins,
    redecode_page_text,
)
from pincite.eval.run import QuoteCrosschecker

needs_pdftotext = pytest.mark.skipif(shutil.which("pdftotext") is None,
                                     reason="pdftotext not installed (Debian package poppler-utils)")

SENTENCE = "The relief valve must be closed before maintenance of pump PX-200 begins."
PAGE2 = "Page two says that the warranty lasts 24 months from the date of sale."


@pytest.fixture(scope="module")
def two_pages(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("cc") / "two.pdf"
    return make_pdf(path, [SENTENCE + "\nA line-end conse-\nquence is joined.", PAGE2])


@needs_pdftotext
def test_known_sentence_is_confirmed(two_pages):
    assert crosscheck_quote(two_pages, 1, SENTENCE) == Crosscheck(True, "normalized", "layout")
    assert confirm_quote(two_pages, 1, "maintenance of pump PX-200")
    assert confirm_quote(two_pages, 2, PAGE2)


@needs_pdftotext
def test_line_end_hyphenation_is_joined(two_pages):
    assert "conse-\n" in pdftotext_page(two_pages, 1)
    assert confirm_quote(two_pages, 1, "A line-end consequence is joined.")


@needs_pdftotext
def test_quote_not_on_the_page_is_not_confirmed(two_pages):
    assert crosscheck_quote(two_pages, 1, "The relief valve must be opened") == Crosscheck(False, "none")
    assert not confirm_quote(two_pages, 1, "maintenance of pump PX-300")
    assert not confirm_quote(two_pages, 1, "maintenance of pump PX-20")  # cut inside the number
    assert not confirm_quote(two_pages, 1, "   ")


@needs_pdftotext
def test_quote_of_page_two_checked_against_page_one_is_not_confirmed(two_pages):
    assert not confirm_quote(two_pages, 1, PAGE2)


@needs_pdftotext
def test_chinese_quote_ignores_spacing(tmp_path):
    text = "燃气经营者应当向燃气用户持续、稳定、安全供应符合国家质量标准的燃气。"
    pdf = make_pdf(tmp_path / "zh.pdf", [text], font="cid-chinese")
    if "燃气" not in pdftotext_page(pdf, 1):
        pytest.skip("pdftotext cannot map this CID font here (Debian package poppler-data missing)")
    assert crosscheck_quote(pdf, 1, "燃气用户 持续、稳定") == Crosscheck(True, "normalized", "layout")
    assert not confirm_quote(pdf, 1, "燃气用户持续、安全")


def test_no_whitespace_level_only_when_the_spaces_differ():
    # pdftotext -layout pads table columns and may split a cell; only the spaces differ.
    forms = _page_forms("ronna      \\ronna        R      2 7\n")
    assert _match(normalize_text("ronna \\ronna R 27"), forms) == Crosscheck(True, "no-whitespace")
    assert _match(normalize_text("ronna \\ronna R 28"), forms) == Crosscheck(False, "none")
    # the edges still may not cut a word: "onna" starts inside "ronna"
    assert _match(normalize_text("onna \\ronna R 27"), forms) == Crosscheck(False, "none")


def normalize_text(s: str) -> str:
    return normalize(s).text


def test_missing_pdftotext_raises_unavailable(two_pages, monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))  # an empty folder: no pdftotext on PATH
    with pytest.raises(CrosscheckUnavailable, match="poppler-utils"):
        crosscheck_quote(two_pages, 1, SENTENCE)
    assert issubclass(CrosscheckUnavailable, PinciteError)


@needs_pdftotext
def test_pdftotext_failure_names_the_file(tmp_path, two_pages):
    bad = tmp_path / "not-a-pdf.pdf"
    bad.write_bytes(b"hello, not a PDF")
    with pytest.raises(PinciteError, match="not-a-pdf.pdf"):
        pdftotext_page(bad, 1)
    with pytest.raises(PinciteError, match="two.pdf"):
        pdftotext_page(two_pages, 9)  # beyond the last page
    with pytest.raises(PinciteError, match="missing.pdf"):
        pdftotext_page(tmp_path / "missing.pdf", 1)
    with pytest.raises(ValueError):
        pdftotext_page(two_pages, 0)


@needs_pdftotext
def test_password_is_passed_to_pdftotext(tmp_path):
    pdf = make_pdf(tmp_path / "locked.pdf", [SENTENCE], user_password="s3cret")
    assert confirm_quote(pdf, 1, SENTENCE, password="s3cret")
    with pytest.raises(PinciteError, match="locked.pdf"):
        confirm_quote(pdf, 1, SENTENCE)


#: Quotes of real corpus pages beyond test_claim_mutations.QUOTES (prose sentences of
#: en/ru/zh pages): table rows, a two-column gazette and a flight-test manual.
MORE_CORPUS_QUOTES = [
    ("pdf/en/siunitx.pdf", 9, "hectare \\hectare ha"),
    ("pdf/en/siunitx.pdf", 9, "quetta \\quetta Q 30"),  # the right half of a two-half table row
    ("pdf/ru/mpman-ru.pdf", 82, "Один дидот в bp-единицах [1.06601]"),
    ("pdf/ru/mpman-ru.pdf", 82, "†blue color 19 Эквивалентно (0,0,1)"),
    ("pdf/domain/zh-anquan-shengchan-fa-2021.pdf", 5,
     "生产经营单位的特种作业人员必须按照国家有关规定经专门的安全作业培训，取得相应资格，方可上岗作业。"),
    ("pdf/domain/zh-anquan-shengchan-fa-2021.pdf", 5, "生产经营单位不得使用应当淘汰的危及生产安全的工艺、设备。"),
    ("pdf/domain/en-usntps-ftm-103.pdf", 39,
     "Actual flight tests are the only means of precisely determining stall characteristics."),
]


@needs_pdftotext
def test_corpus_quotes_are_confirmed_on_their_pages(corpus):
    """Each quote of a real corpus page (prose, table rows, two columns; en/ru/zh) is on that
    page for pdftotext, at level "normalized" (none needs "no-whitespace"), and not on the
    page after it."""
    from test_claim_mutations import QUOTES

    failures, levels = [], []
    for rel, page, quote in QUOTES + MORE_CORPUS_QUOTES:
        check = crosscheck_quote(corpus / rel, page, quote)
        if check.confirmed:
            levels.append(check.level)
            assert not crosscheck_quote(corpus / rel, page + 1, quote).confirmed, (rel, page, quote)
        else:
            failures.append((rel, page, quote))
    assert not failures
    assert len(levels) >= 40 and set(levels) == {"normalized"}


@needs_pdftotext
def test_two_column_sentence_found_in_reading_order(corpus):
    """-layout interleaves two columns; the reading-order pass finds a sentence that runs down
    one column (tugboat-babelbib page 1), and the result names the mode that confirmed it."""
    pdf = corpus / "pdf/en/tugboat-babelbib.pdf"
    import pypdfium2 as pdfium

    text = pdfium.PdfDocument(str(pdf))[0].get_textpage().get_text_range()
    lines = [ln.strip() for ln in text.splitlines() if len(ln.strip()) > 30]
    # two consecutive PDFium lines of one column, joined: a quote across a line break
    quote = f"{lines[3]} {lines[4]}"
    assert not crosscheck_quote(pdf, 2, quote).confirmed
    found = crosscheck_quote(pdf, 1, quote)
    assert found.confirmed and found.mode in MODES


# --- pages whose broken cp1251 text layer pincite repaired by re-decoding ------------------

RU_SENTENCE = "Тогда он сможет предотвратить такие слишком длинные строки, увеличивая интервалы между словами."
RU_REFERENCE = "Мир, 1999, ISBN 5-03-003325-4."


def mojibake(text: str) -> str:
    """Russian text as a font without a ToUnicode map shows it: its cp1251 bytes read as Latin-1."""
    return text.encode("cp1251").decode("latin-1")


@pytest.fixture(scope="module")
def broken_layer(tmp_path_factory) -> Path:
    """Two pages whose text layer is cp1251 read as Latin-1 ("Ìèð" for "Мир"), like lshortru's:
    Helvetica (WinAnsi) draws and extracts exactly those Latin-1 characters."""
    path = tmp_path_factory.mktemp("cc1251") / "broken.pdf"
    return make_pdf(path, [mojibake(f"Введение. {RU_SENTENCE} Тогда он сможет"),
                           mojibake(f"предотвратить всё. {RU_REFERENCE}")])


@needs_pdftotext
def test_redecoded_page_confirms_in_pdftotexts_re_decoded_text(broken_layer):
    """pdftotext reads the same broken layer as PDFium; re-decoded by the function that repaired
    PDFium's text, its own characters confirm the quote, and the result says it was re-decoded."""
    assert mojibake("Тогда") in pdftotext_page(broken_layer, 1)
    assert not confirm_quote(broken_layer, 1, RU_SENTENCE)  # poppler's text as it is: mojibake
    assert crosscheck_quote(broken_layer, 1, RU_SENTENCE, redecode=[1]) == \
        Crosscheck(True, "normalized", "layout", redecoded=True)
    assert crosscheck_quote(broken_layer, 2, RU_REFERENCE, redecode=[2]).redecoded
    # different characters still never match: a changed word, a changed digit, another page
    assert not confirm_quote(broken_layer, 1, RU_SENTENCE.replace("длинные", "короткие"), redecode=[1])
    assert not confirm_quote(broken_layer, 2, RU_REFERENCE.replace("4.", "5."), redecode=[2])
    assert not confirm_quote(broken_layer, 1, RU_REFERENCE, redecode=[1])
    # only the pages named are re-decoded
    assert not confirm_quote(broken_layer, 1, RU_SENTENCE, redecode=[2])


@needs_pdftotext
def test_redecoding_is_only_tried_after_poppler_s_own_text(broken_layer):
    # ASCII is the same either way: found in pdftotext's text as it is, so not marked re-decoded
    assert crosscheck_quote(broken_layer, 2, "ISBN 5-03-003325-4.", redecode=[2]) == \
        Crosscheck(True, "normalized", "layout", redecoded=False)


@needs_pdftotext
def test_redecoded_quote_across_a_page_break(broken_layer):
    """A bridge quote over two re-decoded pages: the head on page 1, the tail on page 2."""
    quote = "Тогда он сможет предотвратить всё."
    assert crosscheck_quote(broken_layer, 1, quote, page_end=2, redecode=[1, 2]) == \
        Crosscheck(True, "normalized", "layout", redecoded=True)
    assert not confirm_quote(broken_layer, 1, quote, page_end=2, redecode=[1])  # tail page as is
    assert not confirm_quote(broken_layer, 1, quote, page_end=2)


def test_redecode_page_text_is_the_repair_of_pdfiums_text():
    from pincite.extract.quality import repair_cp1251

    broken = mojibake("Текст страницы") + " \x16 ISBN\n"  # 0x16: TeX's em dash in T2A
    assert redecode_page_text(broken) == repair_cp1251(broken).text == "Текст страницы — ISBN\n"


@needs_pdftotext
def test_checker_reports_the_re_decoded_level_and_leaves_ocr_pages_unchecked(broken_layer):
    """QuoteCrosschecker: a re-decoded page is checked against pdftotext's re-decoded text and
    the level says so; an OCR page (or an OCR page_end) stays unchecked; a plain layer page
    is checked against poppler's text as it is."""
    def checker(sources: dict[int, str]) -> QuoteCrosschecker:
        return QuoteCrosschecker(lambda doc_id: (broken_layer, None), lambda doc_id, page: sources[page])

    R, L, OCR = QuoteCrosschecker.REDECODED, QuoteCrosschecker.LAYER, QuoteCrosschecker.OCR
    assert checker({1: R}).check("d", 1, RU_SENTENCE) == (True, "normalized (re-decoded as cp1251)")
    assert checker({1: R}).check("d", 1, "Тогда он сможет предотвратить такие короткие строки") == \
        (False, "none")
    assert checker({1: L}).check("d", 1, RU_SENTENCE) == (False, "none")
    assert checker({1: OCR}).check("d", 1, RU_SENTENCE) == (None, None)
    bridge = "Тогда он сможет предотвратить всё."
    assert checker({1: R, 2: R}).check("d", 1, bridge, page_end=2) == (True, "normalized (re-decoded as cp1251)")
    assert checker({1: R, 2: OCR}).check("d", 1, bridge, page_end=2) == (None, None)


@needs_pdftotext
def test_library_checker_re_decodes_the_pages_extraction_repaired(broken_layer, tmp_path):
    """End to end: extraction repairs the broken layer (its note names the page), and the
    library's checker confirms a quote of the repaired text in pdftotext's re-decoded text."""
    from pincite.config import Settings
    from pincite.library.facade import Library

    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        (res,) = lib.ingest([broken_layer])
        model = lib.model(res.doc_id)
        assert any(w.startswith("page 1:") and "repaired by re-decoding" in w for w in model.warnings)
        assert RU_SENTENCE in " ".join(model.page(1).text.split())
        checker = QuoteCrosschecker.for_library(lib)
        assert checker.check(res.doc_id, 1, RU_SENTENCE) == (True, "normalized (re-decoded as cp1251)")
        assert checker.check(res.doc_id, 1, RU_SENTENCE.replace("словами", "буквами")) == (False, "none")


@needs_pdftotext
def test_lshortru_repaired_pages_confirm_their_quotes(corpus):
    """Sentences of lshortru's repaired pages (a footnote reference on p. 139, body text on
    p. 36), unchecked before: confirmed only in pdftotext's text re-decoded as cp1251."""
    pdf = corpus / "pdf/special/lshortru-broken-textlayer.pdf"
    for page, quote in ((139, "Мир, 2002, ISBN 5-03-003388-2."),
                        (36, "Если он не может найти способ разбить строки в соответствии со своими "
                             "стандартами, он позволяет одной строке выступать из абзаца вправо.")):
        assert not confirm_quote(pdf, page, quote)
        assert crosscheck_quote(pdf, page, quote, redecode=[page]) == \
            Crosscheck(True, "normalized", "layout", redecoded=True)
    assert not confirm_quote(pdf, 36, "он позволяет одной строке выступать из абзаца влево", redecode=[36])
    assert not confirm_quote(pdf, 139, "Мир, 2002, ISBN 5-03-003388-3.", redecode=[139])


# --- margin notes left out by poppler's own geometry -----------------------------------------

@needs_pdftotext
def test_margin_notes_are_left_out_of_pdftotexts_words_by_geometry(tmp_path):
    """A sentence whose margin notes extraction moved (pincite.extract.margins.margin_notes)
    has a note inside it in every pdftotext mode; pdftotext's words less those in the
    margin column (MARGIN_MODE) confirm it, and nothing else is gained."""
    from test_margin_notes import NOTES, make_margin_notes_pdf
    from test_margin_notes import SENTENCE as NOTED

    path = make_margin_notes_pdf(tmp_path / "notes.pdf")
    needle = normalize(NOTED).text
    for mode in MODES:
        assert not _match(needle, _page_forms(pdftotext_page(path, 1, mode=mode))).confirmed, mode
    assert crosscheck_quote(path, 1, NOTED) == Crosscheck(True, "normalized", MARGIN_MODE)
    text = pdftotext_without_margins(path, 1)
    assert not any(note in text for note in NOTES)
    assert " ".join(text.split()) == " ".join(
        w for w in " ".join(pdftotext_page(path, 1, mode="reading").split()).split(" ") if w not in NOTES)
    # words are only left out, never changed, and only the notes' words
    assert not confirm_quote(path, 1, NOTED.replace("ten bar,", "ten bars,"))
    assert not confirm_quote(path, 1, "The default meaning that the relief valve opens")
    # pincite eval counts such a confirmation apart
    from pincite.eval.run import QuoteCrosschecker

    checker = QuoteCrosschecker(lambda doc_id: (path, None))
    assert checker.check("d", 1, NOTED) == (True, "normalized" + QuoteCrosschecker.MARGIN_LEVEL)


@needs_pdftotext
def test_pages_without_margin_notes_give_no_margin_form(tmp_path, two_pages):
    """No notes inside a paragraph, no margin form: a plain page, notes beside code lines,
    a sidebar of running text, line numbers and hanging list labels (as in extraction)."""
    from test_margin_notes import make_hanging_list_pdf, make_notes_beside_code_pdf, make_sidebar_pdf

    assert pdftotext_without_margins(two_pages, 1) is None
    # notes in the margin beside lines of code: in poppler's order they cut no paragraph
    code = make_notes_beside_code_pdf(tmp_path / "code.pdf")
    assert "relief-mode pump.open()" in pdftotext_page(code, 1, mode="reading")
    assert pdftotext_without_margins(code, 1) is None
    assert pdftotext_without_margins(make_sidebar_pdf(tmp_path / "sidebar.pdf"), 1) is None
    assert pdftotext_without_margins(make_hanging_list_pdf(tmp_path / "list.pdf"), 1) is None
    assert crosscheck_quote(two_pages, 1, "The relief valve must be opened") == Crosscheck(False, "none")


@needs_pdftotext
def test_siunitx_sentence_beside_option_names_is_confirmed(corpus):
    """siunitx p. 41, a sentence that runs beside a margin column of option names: "The
    standard" and "setting is power" have the option names between them in every pdftotext
    mode, so it is confirmed only in the form without the margin notes."""
    from test_margin_notes import SIUNITX_41

    pdf = corpus / "pdf/en/siunitx.pdf"
    needle = normalize(SIUNITX_41).text
    for mode in MODES:
        assert not _match(needle, _page_forms(pdftotext_page(pdf, 41, mode=mode))).confirmed, mode
    assert crosscheck_quote(pdf, 41, SIUNITX_41) == Crosscheck(True, "normalized", MARGIN_MODE)
    # "setting is power, ..." alone was already confirmed by poppler's own text
    assert crosscheck_quote(pdf, 41, SIUNITX_41[len("The standard "):]).mode in MODES
