"""Bounded work for every file: each attack file is generated here (streamed, so the tests stay
small and fast) and must be refused with a reason naming the file and the limit, in bounded
time and memory (peak RSS measured in a child process with resource.getrusage).

Attacks: an Office XML part that inflates to tens of MiB within the ZIP limits; a DOCX whose
XML holds more text than a document may; a part declared UTF-7 that hides a DOCTYPE
(``+ADw-!DOCTYPE``); a PDF page whose content stream decodes to 100 MiB; documents past the
text, block and chunk limits of every format.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
import zlib
from pathlib import Path

import pytest

from pdfgen import write_pdf_objects
from pincite.config import Settings
from pincite.errors import TooLarge, UnsafeXml
from pincite.extract.sniff import sniff
from pincite.library.facade import Library

sys.path.insert(0, str(Path(__file__).parent))
from pdfgen import make_pdf  # noqa: E402

SRC = str(Path(__file__).resolve().parents[1] / "src")

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def make_docx(path: Path) -> Path:
    """A small DOCX (python-docx): a heading and five paragraphs."""
    import docx

    d = docx.Document()
    d.add_heading("Pump PX-500 manual", level=1)
    for i in range(1, 6):
        d.add_paragraph(f"Step {i}: check that valve {i} opens at {i * 2} bar.")
    d.save(path)
    return path


def rewrite_docx(base: Path, out: Path, parts: dict[str, bytes]) -> Path:
    """`base` with the named parts replaced."""
    with zipfile.ZipFile(base) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            zout.writestr(info.filename, parts.get(info.filename, zin.read(info.filename)))
    return out


def streamed_docx(base: Path, out: Path, xml_mib: int, *, text: bool = True) -> Path:
    """`base` with a word/document.xml of about `xml_mib` MiB written in blocks (never held
    whole): numbered paragraphs, varied enough that deflate keeps the entry's ratio near 7,
    far inside the ZIP ratio limit."""
    para = (b"<w:p><w:r><w:t>Paragraph %d of the filler %x</w:t></w:r></w:p>" if text
            else b"<w:p><w:r><w:t xml:space=\"preserve\"> </w:t></w:r></w:p><!-- %d %x -->")
    block = b"".join(para % (i, i * 2654435761 % 2**32) for i in range(20_000))
    with zipfile.ZipFile(base) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as zout:
        for info in zin.infolist():
            if info.filename != "word/document.xml":
                zout.writestr(info.filename, zin.read(info.filename))
        with zout.open("word/document.xml", "w", force_zip64=True) as fh:
            fh.write(f'<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="{W_NS}"><w:body>'.encode())
            written = 0
            while written < xml_mib * 2**20:
                fh.write(block)
                written += len(block)
            fh.write(b"</w:body></w:document>")
    return out


#: Peak RSS of the child itself: /proc's VmHWM belongs to the process image, so it starts
#: afresh at exec, whereas getrusage's ru_maxrss keeps what the forked copy of a big pytest
#: process held before exec (946 MiB after the web tests had run in it).
PEAK_RSS = ("def peak_mib():\n"
            "    try:\n"
            "        for line in open('/proc/self/status'):\n"
            "            if line.startswith('VmHWM:'):\n"
            "                return int(line.split()[1]) / 1024\n"
            "    except OSError:\n"
            "        pass\n"
            "    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024\n")


def measured(code: str, env: dict | None = None) -> dict:
    """Run `code` (which sets `result`, a str) in a fresh Python; its outcome with the child's
    seconds and peak RSS in MiB (PEAK_RSS)."""
    prog = ("import json, resource, time\n" + PEAK_RSS + "t0 = time.perf_counter()\nresult = None\n"
            "try:\n" + "".join(f"    {line}\n" for line in code.splitlines()) +
            "except Exception as e:\n    result = f'{type(e).__name__}: {e}'\n"
            "print(json.dumps({'result': result, 'seconds': time.perf_counter() - t0,"
            " 'rss_mib': peak_mib()}))\n")
    out = subprocess.run([sys.executable, "-c", prog], capture_output=True, text=True, timeout=300,
                         env={**os.environ, "PYTHONPATH": SRC, **(env or {})})
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.fixture
def base_docx(tmp_path) -> Path:
    return make_docx(tmp_path / "base.docx")


def test_xml_part_past_the_limit_is_refused_before_expanding(tmp_path, base_docx):
    """A DOCX within the ZIP limits (ratio ~7) whose document.xml inflates to 80 MiB: refused
    from the ZIP directory, nothing expanded, in bounded time and memory."""
    big = streamed_docx(base_docx, tmp_path / "inflating.docx", 80)
    info = zipfile.ZipFile(big).getinfo("word/document.xml")
    assert info.file_size > 80 * 2**20 and info.file_size / info.compress_size < 200
    got = measured(f"from pincite.extract.sniff import sniff\nsniff({str(big)!r})")
    assert got["result"].startswith("TooLarge: ") and "inflating.docx" in got["result"]
    assert "XML part 'word/document.xml' expands to" in got["result"]
    assert "the limit for one XML part is 67,108,864 bytes" in got["result"]
    assert got["seconds"] < 5 and got["rss_mib"] < 150, got


def test_xml_text_past_the_limit_is_refused_before_office_libraries_read_it(tmp_path, base_docx):
    """12 MiB of XML holding ~6 million characters, with a text limit of 1 million: the
    streaming check refuses it; python-docx never builds its tree."""
    big = streamed_docx(base_docx, tmp_path / "wordy.docx", 12)
    code = ("from pincite.library.facade import Library\nfrom pincite.config import Settings\n"
            f"lib = Library(Settings(data_dir=__import__('pathlib').Path({str(tmp_path / 'data')!r})))\n"
            f"res = lib.ingest_file({str(big)!r})\nlib.close()\nresult = res.status + ' ' + res.reason")
    got = measured(code, {"PINCITE_MAX_TEXT_CHARS": "1000000", "PINCITE_EMBEDDER": "none"})
    assert got["result"].startswith("failed ") and "wordy.docx" in got["result"], got
    assert "hold over 1,000,000 characters of text; the limit is 1,000,000 characters" in got["result"]
    assert got["seconds"] < 20 and got["rss_mib"] < 400, got


def test_utf7_part_with_a_doctype_is_refused(tmp_path, base_docx):
    """``+ADw-!DOCTYPE`` is ``<!DOCTYPE`` in UTF-7: a byte scan does not see it; the parser
    refuses the encoding, so no DTD can pass in it."""
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-TOKEN")
    body = (f'<?xml version="1.0" encoding="UTF-7"?>+ADw-!DOCTYPE w:document +AFs-+ADw-!ENTITY x SYSTEM '
            f'+ACI-file://{secret}+ACI-+AD4-+AF0-+AD4-<w:document xmlns:w="{W_NS}"><w:body><w:p><w:r>'
            f'<w:t>+ACY-x+ADs-</w:t></w:r></w:p></w:body></w:document>').encode("ascii")
    evil = rewrite_docx(base_docx, tmp_path / "utf7.docx", {"word/document.xml": body})
    with pytest.raises(UnsafeXml, match=r"word/document.xml is in an encoding the XML parser cannot check"):
        sniff(evil)
    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        res = lib.ingest_file(evil)
    assert res.status == "failed" and "utf7.docx" in res.reason and "UTF-7" not in res.reason.split(":")[0]
    assert "unsafe XML" in res.reason and "TOP-SECRET" not in res.reason


def test_doctype_and_entity_are_refused_in_every_readable_encoding(tmp_path, base_docx):
    doc = (f'<?xml version="1.0" encoding="ENC"?><!DOCTYPE w:document [<!ENTITY x "boom">]>'
           f'<w:document xmlns:w="{W_NS}"><w:body><w:p><w:r><w:t>&x;</w:t></w:r></w:p></w:body></w:document>')
    for enc in ("UTF-8", "UTF-16", "ISO-8859-1"):
        evil = rewrite_docx(base_docx, tmp_path / f"{enc}.docx",
                            {"word/document.xml": doc.replace("ENC", enc).encode(enc.lower())})
        with pytest.raises(UnsafeXml, match=r"word/document.xml holds <!DOCTYPE"):
            sniff(evil)
    # an entity declared without a DOCTYPE of its own is not XML: refused as damaged
    broken = rewrite_docx(base_docx, tmp_path / "broken.docx", {"word/document.xml": b"<w:document><w:body>"})
    with pytest.raises(Exception, match="word/document.xml is not well-formed XML"):
        sniff(broken)


def big_stream_pdf(path: Path, mib: int) -> Path:
    """One page whose content stream decodes to `mib` MiB of path operators (Flate, ~200 KB
    on disk for 100 MiB), then a line of text."""
    op = b"0 0 m 1 1 l S\n"
    piece = op * (2**20 // len(op))
    co = zlib.compressobj(9)
    body = b"".join(co.compress(piece) for _ in range(mib))
    body += co.compress(b"BT /F1 12 Tf 72 720 Td (Hello from a page with a big stream) Tj ET\n") + co.flush()
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
            b"/Resources << /Font << /F1 5 0 R >> >> >>",
            b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(body) + body + b"\nendstream",
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    return write_pdf_objects(path, objs, version="1.4")


def test_huge_pdf_content_stream_is_refused_before_pdfium_loads_the_page(tmp_path):
    pdf = big_stream_pdf(tmp_path / "stream-bomb.pdf", 100)
    assert pdf.stat().st_size < 1_000_000
    got = measured("from pincite.extract.pdf import extract_pdf\n"
                   f"extract_pdf({str(pdf)!r}, doc_id='d', sha256='s', ocr='off')")
    assert got["result"].startswith("TooLarge: ") and "stream-bomb.pdf" in got["result"], got
    assert "the content of page 1 decodes to over 33,554,432 bytes" in got["result"]
    assert got["seconds"] < 5 and got["rss_mib"] < 200, got
    # a page under the limit reads as before
    from pincite.extract.pdf import extract_pdf

    small = extract_pdf(big_stream_pdf(tmp_path / "small.pdf", 2), doc_id="d", sha256="s", ocr="off")
    assert "Hello from a page with a big stream" in small.pages[0].text


def repeated_stream_pdf(path: Path, repeats: int, kib: int) -> Path:
    """One page whose /Contents lists the same Flate stream (`kib` KiB of path operators
    decoded) `repeats` times: PDFium, and the guard, count it once per listing."""
    op = b"0 0 m 1 1 l S\n"
    body = zlib.compress(op * (kib * 1024 // len(op)), 9)
    refs = b" ".join([b"4 0 R"] * repeats)
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents [" + refs + b"] >>",
            b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(body) + body + b"\nendstream"]
    return write_pdf_objects(path, objs, version="1.4")


def test_content_guard_inflates_only_pages_whose_raw_size_could_pass_the_limit(tmp_path, monkeypatch):
    """check_content_streams bounds a Flate stream by MAX_INFLATE_RATIO times its raw size
    and inflates a page's streams only when that bound passes the limit: the same pages are
    refused, with the same message, and a page far under the limit costs no inflating."""
    from pincite.extract import pdfguard as pdf_mod

    mib = 2**20
    inflated: list[int] = []
    real = pdf_mod._decoded_size
    monkeypatch.setattr(pdf_mod, "_decoded_size", lambda s, cap: inflated.append(cap) or real(s, cap))
    small = big_stream_pdf(tmp_path / "small.pdf", 2)  # 2 MiB decoded, a few KB raw
    pdf_mod.check_content_streams(small, 32 * mib)  # bound ~ a few MB: under 32 MiB
    assert inflated == []
    # a small flate bomb under a small limit: the bound passes the limit, inflating refuses it
    with pytest.raises(TooLarge, match=r"the content of page 1 decodes to over 1,048,576 bytes"):
        pdf_mod.check_content_streams(small, mib)
    assert inflated
    # the bound passes the limit but the content does not: inflated, not refused
    inflated.clear()
    pdf_mod.check_content_streams(small, 2 * mib + 4096)
    assert inflated
    # one stream listed 40 times counts 40 times, bound and all: 40 x 64 KiB > 2 MiB
    many = repeated_stream_pdf(tmp_path / "many.pdf", 40, 64)
    with pytest.raises(TooLarge, match=r"the content of page 1 decodes to over 2,097,152 bytes"):
        pdf_mod.check_content_streams(many, 2 * mib)
    pdf_mod.check_content_streams(many, 3 * mib)
    inflated.clear()
    pdf_mod.check_content_streams(repeated_stream_pdf(tmp_path / "few.pdf", 2, 64), 2 * mib)
    assert inflated == []  # 2 x raw x 1032 is under 2 MiB: nothing inflated


def test_text_block_and_chunk_limits_apply_to_every_format(tmp_path, monkeypatch):
    docs = tmp_path / "docs"
    docs.mkdir()
    long_txt = docs / "notes.txt"
    long_txt.write_text("\n".join(f"Line {i}: the pump runs at {i} rpm." for i in range(400)), encoding="utf-8")
    make_docx(docs / "blocks.docx")
    make_pdf(docs / "manual.pdf", [f"Page {i} says the valve {i} opens at {i} bar. " * 8
                                   for i in range(1, 9)])
    monkeypatch.setenv("PINCITE_EMBEDDER", "none")
    monkeypatch.setenv("PINCITE_MAX_TEXT_CHARS", "5000")
    monkeypatch.setenv("PINCITE_MAX_BLOCKS", "3")
    monkeypatch.setenv("PINCITE_MAX_CHUNKS", "4")
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        by_name = {Path(r.path).name: r for r in lib.ingest([docs])}
        assert lib.documents() == []
    txt = by_name["notes.txt"]
    assert txt.status == "failed" and "notes.txt" in txt.reason
    assert "the limit is 5,000 characters (PINCITE_MAX_TEXT_CHARS)" in txt.reason
    blocks = by_name["blocks.docx"]
    assert blocks.status == "failed" and "the limit is 3 blocks (PINCITE_MAX_BLOCKS)" in blocks.reason
    manual = by_name["manual.pdf"]
    assert manual.status == "failed" and "manual.pdf" in manual.reason
    assert "chunks; the limit is 4 chunks (PINCITE_MAX_CHUNKS)" in manual.reason
    # nothing was stored for them
    assert not any((tmp_path / "data" / "models").glob("*.json"))


def test_text_file_far_past_the_limit_is_refused_unread(tmp_path):
    from pincite.extract.pdf import PdfLimits
    from pincite.extract.reader import ContentLimits, FileReader
    from pincite.extract.sniff import ZipLimits

    big = tmp_path / "dump.txt"
    big.write_bytes(b"word " * 100_000)  # 500 KB
    reader = FileReader(PdfLimits(), ZipLimits(), 10**9, content=ContentLimits(max_text_chars=100_000))
    with pytest.raises(TooLarge, match=r"dump.txt: too large \(500,000 bytes of text; the limit is 100,000"):
        reader.read(big, "0" * 64)
