"""Glyphs of a composite (CID) font that have no Unicode value are left out of the page text
(pincite.extract.marked.unmapped_offsets): PDFium gives their glyph numbers as code points
(U+207E, U+20C6 for a symbol drawn between "CTAN:" and a path), which are not text, so no
quote can hold them. A code of 0xFF or less from such a font is kept, as TeX's symbol fonts
give their ASCII codes and poppler gives the same.

The PDF is written by hand: Helvetica for the text, and a Type0 font with Identity-H, an
Identity CIDSystemInfo and no ToUnicode map, so PDFium has no Unicode value for its codes.
"""
from __future__ import annotations

import zlib
from pathlib import Path

import pypdfium2 as pdfium

from pdfgen import write_pdf_objects
from pincite.extract import marked
from pincite.extract.layout import to_source
from pincite.extract.pdf import extract_pdf


def _write(path: Path, content: bytes) -> Path:
    objs = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>",
    ]
    data = zlib.compress(content)
    objs.append(b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(data) + data + b"\nendstream")
    objs.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    objs.append(b"<< /Type /Font /Subtype /Type0 /BaseFont /Symbols-Mono /Encoding /Identity-H "
                b"/DescendantFonts [7 0 R] >>")
    objs.append(b"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Symbols-Mono /CIDSystemInfo "
                b"<< /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor 8 0 R "
                b"/DW 600 /CIDToGIDMap /Identity >>")
    objs.append(b"<< /Type /FontDescriptor /FontName /Symbols-Mono /Flags 4 /FontBBox [0 -200 600 800] "
                b"/ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 >>")
    return write_pdf_objects(path, objs)


CONTENT = (b"BT /F1 12 Tf 72 700 Td (Sources: CTAN:) Tj /F2 12 Tf <207E20C6> Tj "
           b"/F1 12 Tf (macros/latex/base/source2e.pdf) Tj ET\n"
           b"BT /F1 12 Tf 72 680 Td (Mark ) Tj /F2 12 Tf <0041> Tj /F1 12 Tf ( stays in the text.) Tj ET\n")


def test_glyph_numbers_of_a_cid_font_are_left_out(tmp_path):
    pdf = _write(tmp_path / "symbols.pdf", CONTENT)
    raw = pdfium.PdfDocument(pdf)[0].get_textpage().get_text_range()
    assert "\u207e\u20c6" in raw  # PDFium's own text holds the glyph numbers
    page = extract_pdf(pdf, doc_id="d", sha256="0" * 64, ocr="off").pages[0]
    assert "Sources: CTAN:macros/latex/base/source2e.pdf" in page.text
    assert "\u207e" not in page.text and "\u20c6" not in page.text
    assert "Mark A stays in the text." in page.text  # a code of 0xFF or less is kept
    # the char map still leads each kept char back to PDFium's text
    i = page.text.index("macros")
    [(a, b)] = to_source(page.char_map, i, i + len("macros"))
    assert raw[a:b] == "macros"


def test_unmapped_offsets_names_only_the_multibyte_codes(tmp_path):
    pdf = _write(tmp_path / "symbols.pdf", CONTENT)
    textpage = pdfium.PdfDocument(pdf)[0].get_textpage()
    text = textpage.get_text_range()
    found = marked.unmapped_offsets(textpage, text)
    assert sorted(text[i] for i in found) == ["\u207e", "\u20c6"]
