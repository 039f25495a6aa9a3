"""DOCX files with real pages: LibreOffice converts a DOCX to PDF at ingest, and the DOCX is
cited by the converted PDF's physical page and printed label, with its section path from
the headings, while every chunk keeps the DOCX blocks (paragraphs, table rows) it covers.

The converted PDF is stored beside the original (pages render with the quote highlighted,
`pincite reindex` needs no LibreOffice); a conversion that fails or times out leaves the
DOCX cited by blocks, as without LibreOffice, with a warning naming why; nothing is left
in the temp folder or the home folder. Originals keep their own suffix, and libraries
written before (every original stored as `.pdf`) are still read.

Tests that need LibreOffice skip when `soffice` is not installed, unless
PINCITE_REQUIRE_LIBREOFFICE=1 (CI) makes that a failure. The generated DOCX comes from
tests/docgen.py (python-docx); real ones from ../shared/corpus/office. Nothing of pincite is
mocked; failing conversions use small stand-in `soffice` scripts (the real boundary).
"""
from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from docgen import DOCX_PAGE_FACTS, DOCX_PAGE_SECTIONS, make_docx_pages
from pincite.answer.cite import SECTION_SEP
from pincite.answer.verify import verify_quote
from pincite.chunk import pages as chunking
from pincite.chunk.model import Chunk
from pincite.config import Settings
from pincite.errors import ConversionError
from pincite.extract import convert, office_docx
from pincite.extract.model import AddressSpan, BlockRange
from pincite.extract.sniff import OFFICE_EXTRACTOR
from pincite.library import pages
from pincite.library.facade import Library
from test_office import make_calendar_docx, top_citation

QUESTION_2 = "How often is the impeller seal of pump PX-700 replaced?"
MIME_DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
ENV_NAMES = ("PINCITE_SOFFICE", "PINCITE_SOFFICE_TIMEOUT", "PINCITE_DATA", "PINCITE_FAULT",
             "PINCITE_MIN_ANSWERABILITY", "PINCITE_OCR")


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch):
    for name in ENV_NAMES:
        monkeypatch.delenv(name, raising=False)



def settings(data: Path) -> Settings:
    return Settings(data_dir=data, embedder="none")


def block_of(structural, fact: str) -> int:
    """The block number of the paragraph `fact` in the DOCX read without pages."""
    for unit in structural.pages:
        for span in unit.spans:
            if unit.text[span.start:span.end] == fact:
                return span.address.start
    raise AssertionError(f"{fact!r} is no block")


def chunk_with(doc, page: int, text: str) -> Chunk:
    norm = " ".join(text.split())
    return next(c for c in chunking.chunk_document(doc) if c.page == page and norm in " ".join(c.text.split()))


def leftovers(folder: Path) -> list[Path]:
    """What lies in `folder`, a temp folder, except jieba's dictionary cache (jieba writes it
    to the temp folder the first time this process segments Chinese)."""
    return sorted(p for p in folder.rglob("*") if p.name != "jieba.cache")


def write_script(path: Path, body: str) -> Path:
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(0o755)
    return path


def gone(pid: int, within: float = 5.0) -> bool:
    """True once process `pid` no longer runs (absent, or a zombie left for init to reap)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError):
            return True
        if state in ("Z", "X"):
            return True
        time.sleep(0.05)
    return False


# ---------------------------------------------------------------- a generated three-page DOCX

@pytest.fixture(scope="module")
def paged(soffice, tmp_path_factory):
    """A library holding the generated DOCX, converted with the temp folder and HOME pointed
    at empty folders (to see what a conversion leaves behind). Yields (data folder, doc_id,
    docx path, leftovers in temp, leftovers in HOME, ingest result); tests open the library."""
    root = tmp_path_factory.mktemp("docx-pages")
    temp, home = root / "temp", root / "home"
    temp.mkdir(), home.mkdir()
    path = make_docx_pages(root / "px700.docx")
    library = Library(settings(root / "data"))
    with pytest.MonkeyPatch.context() as mp:
        for name in ENV_NAMES:
            mp.delenv(name, raising=False)
        mp.setattr(tempfile, "tempdir", str(temp))
        mp.setenv("HOME", str(home))
        res = library.ingest_file(path)
        left_temp, left_home = leftovers(temp), sorted(home.rglob("*"))
        notes = root / "notes.txt"  # a second ingest runs the cleanup of leftovers
        notes.write_text("The pump room is locked at night.\n", encoding="utf-8")
        assert library.ingest_file(notes).status == "added"
    library.close()
    yield root / "data", res.doc_id, path, left_temp, left_home, res


@pytest.fixture
def paged_lib(paged):
    """(library on the `paged` data folder, doc_id, docx path)."""
    with Library(settings(paged[0])) as library:
        yield library, paged[1], paged[2]


def test_docx_gets_the_pages_of_its_converted_pdf(paged, paged_lib):
    library, doc_id, path = paged_lib
    res = paged[5]
    assert res.status == "added" and res.pages == 3 and res.warnings == [], res
    doc = library.model(doc_id)
    assert doc.mime == MIME_DOCX and doc.file_name == "px700.docx" and doc.title == "Pump PX-700 service manual"
    assert doc.extractor == office_docx.paged_extractor() and office_docx.has_pdf_pages(doc)
    assert [(p.page, p.page_label, p.label_source, p.address) for p in doc.pages] == [
        (1, "1", "folio", None), (2, "2", "folio", None), (3, "3", "folio", None)]
    structural = office_docx.extract_docx(path, doc_id=doc_id, sha256=doc.sha256)
    for n, fact in DOCX_PAGE_FACTS.items():
        page = doc.page(n)
        assert fact in " ".join(page.text.split())  # PDFium's text of that page
        # the block's span on the page holds exactly that paragraph, numbered as without pages
        (span,) = [s for s in page.spans if s.address.start == block_of(structural, fact)]
        assert " ".join(page.text[span.start:span.end].split()) == fact
        assert span.address == BlockRange(start=span.address.start, end=span.address.start)
        assert any(list(s.path) == DOCX_PAGE_SECTIONS[n] for s in page.sections), page.sections
    # every block of the DOCX is found on a page, in order
    blocks = [s.address.start for p in doc.pages for s in p.spans]
    assert blocks == list(range(1, len(blocks) + 1)) and len(blocks) == sum(
        len(u.spans) for u in structural.pages)
    # a table row is one block, on page 2
    row = next(s for s in doc.page(2).spans if "Gearbox oil" in doc.page(2).text[s.start:s.end])
    assert "every 250 hours" in doc.page(2).text[row.start:row.end]


def test_fact_on_page_2_is_cited_by_page_section_and_block(paged_lib):
    library, doc_id, path = paged_lib
    cit = top_citation(library, QUESTION_2)
    assert cit.doc_id == doc_id and cit.file == "px700.docx"
    assert cit.address.kind == "pdf" and (cit.page, cit.page_label) == (2, "2")
    assert (cit.address.page, cit.address.page_end, cit.address.label_source) == (2, 2, "folio")
    assert cit.section == SECTION_SEP.join(DOCX_PAGE_SECTIONS[2])
    assert "every 1800 operating hours" in cit.quote
    # the quote verifies against the page's own (PDFium) text
    text = library.page_text(doc_id, 2)
    assert verify_quote(cit.quote, text).verified
    # the chunk's index record carries the DOCX blocks it covers, the fact's block among them
    doc = library.model(doc_id)
    fact_block = block_of(office_docx.extract_docx(path, doc_id=doc_id, sha256=doc.sha256), DOCX_PAGE_FACTS[2])
    chunk = chunk_with(doc, 2, DOCX_PAGE_FACTS[2])
    assert chunk.address.kind == "blocks" and chunk.address.start <= fact_block <= chunk.address.end
    assert chunk.chunk_id == cit.chunk_id


def test_page_image_renders_with_the_quote_highlighted(paged_lib):
    import numpy as np
    from PIL import Image

    library, doc_id, _ = paged_lib
    row = library.catalog.get(doc_id)
    pdf = library.page_pdf(row)
    assert pdf == library.blobs.derived_path(row.sha256, ".pdf") and pdf.is_file()
    assert pages.page_count(pdf) == 3
    text = library.page_text(doc_id, 2)
    check = verify_quote(DOCX_PAGE_FACTS[2], text)
    assert check.verified
    rects = pages.span_rects(pdf, 2, text, [(check.start, check.end)])
    assert len(rects.rects) == 1, rects  # one line
    left, top, right, bottom = rects.rects[0]
    assert 0 < left < right <= rects.width and 0 < top < bottom < rects.height / 2
    plain = np.asarray(Image.open(io.BytesIO(pages.render_png(pdf, 2))).convert("RGB")).astype(int)
    lit = np.asarray(Image.open(io.BytesIO(pages.render_png(pdf, 2, rects.rects))).convert("RGB")).astype(int)
    scale = pages.render_scale(rects.width, rects.height)
    box = lit[int(top * scale) + 1:int(bottom * scale) - 1, int(left * scale) + 1:int(right * scale) - 1]
    was = plain[int(top * scale) + 1:int(bottom * scale) - 1, int(left * scale) + 1:int(right * scale) - 1]
    white = (was == 255).all(axis=2)
    assert white.any() and (box[white][:, 2] < 150).all() and (box[white][:, 0] > 240).all()  # yellow
    outside = np.ones(plain.shape[:2], dtype=bool)
    outside[int(top * scale) - 2:int(bottom * scale) + 3, int(left * scale) - 2:int(right * scale) + 3] = False
    assert (plain[outside] == lit[outside]).all()


def test_converted_pdf_is_stored_beside_the_original_and_nothing_is_left_behind(paged):
    data, doc_id, path, left_temp, left_home, _ = paged
    with Library(settings(data)) as library:
        row = library.catalog.get(doc_id)
        folder = library.blobs.root / row.sha256[:2]
        assert library.blobs.path_for(row.sha256) == folder / f"{row.sha256}.docx"
        assert library.check() == []
        stored = {r.sha256 for r in library.documents()}
    # the ingest after it (its cleanup of leftovers) kept the converted PDF; the folder is
    # named by the first two hex digits, which the notes' blob shares once in 256 runs (the
    # DOCX's bytes hold its creation time), so only this document's files are compared
    mine = sorted(f.name for f in folder.iterdir() if f.name.startswith(row.sha256))
    assert mine == [f"{row.sha256}.converted.pdf", f"{row.sha256}.docx"]
    assert all(f.name.split(".")[0] in stored for f in folder.iterdir())  # no other file left
    assert (folder / f"{row.sha256}.docx").read_bytes() == path.read_bytes()
    assert (folder / f"{row.sha256}.converted.pdf").read_bytes()[:5] == b"%PDF-"
    assert left_temp == [] and left_home == []  # no profile, copy, output or LibreOffice cache


def test_web_page_view_shows_the_docx_page(paged):
    """The server renders the page and the highlight from the stored PDF."""
    from fastapi.testclient import TestClient

    from pincite.web.server import create_app

    data, doc_id, path, _, _, _ = paged
    app = create_app(settings(data))
    try:
        c = TestClient(app)
        r = c.get(f"/api/documents/{doc_id}/pages/2/highlight", params={"quote": DOCX_PAGE_FACTS[2]})
        assert r.status_code == 200 and len(r.json()["rects"]) == 1, r.text
        r = c.get(f"/api/documents/{doc_id}/pages/2.png", params={"quote": DOCX_PAGE_FACTS[2]})
        assert r.status_code == 200 and r.content[:8] == b"\x89PNG\r\n\x1a\n"
        t = c.get(f"/api/documents/{doc_id}/pages/2/text").json()
        assert t["kind"] == "pdf" and t["page_label"] == "2" and DOCX_PAGE_FACTS[2] in " ".join(t["text"].split())
        f = c.get(f"/api/documents/{doc_id}/file")
        assert f.content == path.read_bytes() and f.headers["content-type"] == MIME_DOCX
    finally:
        app.state.pincite.close()


# ---------------------------------------------------------------- the command line, reindex

def run_cli(*args: str, data: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-c", "from pincite.cli.main import main; main()", "--data", str(data), *args]
    env = {**os.environ, "COLUMNS": "200", "PINCITE_EMBEDDER": "none", **(env or {})}
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env)


def test_cli_shows_page_and_section_and_reindex_needs_no_libreoffice(soffice, tmp_path):
    data = tmp_path / "data"
    path = make_docx_pages(tmp_path / "px700.docx")
    p = run_cli("ingest", str(path), data=data)
    assert p.returncode == 0, p.stderr + p.stdout
    p = run_cli("ask", QUESTION_2, "--json", data=data)
    assert p.returncode == 0, p.stderr
    cit = json.loads(p.stdout)["claims"][0]["citations"][0]
    assert cit["file"] == "px700.docx" and cit["verified"] is True
    assert cit["address"] == {"kind": "pdf", "page": 2, "page_end": 2, "page_label": "2", "label_source": "folio"}
    assert (cit["page"], cit["page_label"]) == (2, "2")
    assert cit["section"] == "2 Maintenance › 2.1 Service intervals"
    p = run_cli("ask", QUESTION_2, data=data)
    # a Word file's page, printed with the number it has in the layout: "p. 2", as the
    # document's own page (the user has no PDF); `pincite page` names it alike
    assert "px700.docx, §2.1 Service intervals, p. 2" in p.stdout, p.stdout
    p = run_cli("page", "px700.docx", "2", data=data)
    assert p.returncode == 0 and p.stderr.startswith("px700.docx: p. 2 of 3"), p.stderr
    # an evidence card links the stored PDF conversion at the page, which a viewer opens
    # there (a .docx has no "#page=")
    p = run_cli("ask", QUESTION_2, "--export", "csv", data=data)
    assert p.returncode == 0, p.stderr
    link = next(csv.DictReader(io.StringIO(p.stdout.lstrip("\ufeff"))))["link"]
    assert link.startswith("file://") and link.endswith(".pdf#page=2"), link
    assert Path(link[len("file://"):].split("#")[0]).read_bytes().startswith(b"%PDF-")

    # No LibreOffice at all now: PATH without it and PINCITE_SOFFICE naming a missing binary.
    empty = tmp_path / "no-bin"
    empty.mkdir()
    no_lo = {"PATH": str(empty), "PINCITE_SOFFICE": str(tmp_path / "missing" / "soffice")}
    model = next((data / "models").glob("*.json"))
    before = json.loads(model.read_text())
    p = run_cli("reindex", data=data, env=no_lo)
    said = p.stderr + p.stdout
    assert p.returncode == 0 and "re-indexed 1 document" in p.stdout and "1 documents" not in p.stdout, said
    assert json.loads(model.read_text()) == before  # the stored model was enough
    # an older extractor version: read again from the stored DOCX and stored PDF, no conversion
    stale = {**json.loads(model.read_text()), "extractor": "office-1+pdfium-3"}
    for page in stale["pages"]:
        page["spans"], page["sections"] = [], []
    model.write_text(json.dumps(stale))
    p = run_cli("reindex", data=data, env=no_lo)
    assert p.returncode == 0, p.stderr + p.stdout
    again = json.loads(model.read_text())
    assert again["extractor"] == office_docx.paged_extractor()
    assert [pg["spans"] for pg in again["pages"]] == [pg["spans"] for pg in before["pages"]]
    assert [pg["page_label"] for pg in again["pages"]] == ["1", "2", "3"]
    p = run_cli("ask", QUESTION_2, "--json", data=data, env=no_lo)
    cit = json.loads(p.stdout)["claims"][0]["citations"][0]
    assert (cit["page"], cit["page_label"], cit["verified"]) == (2, "2", True), cit
    assert cit["section"] == "2 Maintenance › 2.1 Service intervals"

    # The stored PDF lost: reported; a re-extraction keeps the model with its pages.
    (converted,) = (data / "originals").glob("*/*.converted.pdf")
    converted.unlink()
    model.write_text(json.dumps({**json.loads(model.read_text()), "extractor": "office-1+pdfium-3"}))
    with Library(settings(data)) as library:
        (problem,) = library.check()
        assert "px700.docx: stored PDF of its pages missing" in problem and "pincite remove" in problem
    p = run_cli("reindex", data=data, env=no_lo)
    assert p.returncode == 0, p.stderr + p.stdout
    kept = json.loads(model.read_text())
    assert kept["extractor"] == "office-1+pdfium-3" and [pg["page_label"] for pg in kept["pages"]] == ["1", "2", "3"]


# ---------------------------------------------------------------- conversions that fail

def structural_citation(tmp_path: Path, path: Path):
    """The citation of QUESTION_2 in a library that reads DOCX without pages (as without
    LibreOffice: PINCITE_SOFFICE=off), as a dict."""
    os.environ["PINCITE_SOFFICE"] = "off"
    try:
        with Library(settings(tmp_path / "off-data")) as library:
            res = library.ingest_file(path)
            assert res.warnings == []  # off on purpose: nothing to say
            return top_citation(library, QUESTION_2).model_dump(exclude={"chunk_id", "doc_id"})
    finally:
        del os.environ["PINCITE_SOFFICE"]


@pytest.fixture
def temp(tmp_path, monkeypatch):
    folder = tmp_path / "temp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


@pytest.mark.parametrize("script,reason", [
    ('echo "Error: source file could not be loaded" >&2; exit 1',
     "LibreOffice exited with status 1: Error: source file could not be loaded"),
    ('echo "convert document.docx -> document.pdf"; exit 0',
     "no PDF was written: convert document.docx -> document.pdf"),
], ids=["exit-1", "no-output"])
def test_failed_conversion_keeps_the_docx_by_blocks(tmp_path, temp, monkeypatch, script, reason):
    path = make_docx_pages(tmp_path / "px700.docx")
    expected = structural_citation(tmp_path, path)
    monkeypatch.setenv("PINCITE_SOFFICE", str(write_script(tmp_path / "soffice", script)))
    with Library(settings(tmp_path / "data")) as library:
        res = library.ingest_file(path)
        assert res.status == "added", res
        assert res.warnings == [office_docx.NO_PAGES + reason]
        doc = library.model(res.doc_id)
        assert doc.extractor == OFFICE_EXTRACTOR and not office_docx.has_pdf_pages(doc)
        assert all(p.address.kind == "lines" for p in doc.pages)
        cit = top_citation(library, QUESTION_2)
        assert cit.address.kind == "lines" and cit.page is None
        assert cit.model_dump(exclude={"chunk_id", "doc_id"}) == expected  # as without LibreOffice
        row = library.catalog.get(res.doc_id)
        assert library.page_pdf(row) is None
        folder = library.blobs.root / row.sha256[:2]
        assert [f.name for f in folder.iterdir()] == [f"{row.sha256}.docx"]
        assert library.check() == []
    assert leftovers(temp) == []


def test_conversion_past_its_timeout_is_killed_and_the_docx_kept(tmp_path, temp, monkeypatch):
    pids = tmp_path / "pids"
    script = write_script(tmp_path / "soffice", f'echo $$ > "{pids}"; sleep 60 & echo $! >> "{pids}"; wait')
    monkeypatch.setenv("PINCITE_SOFFICE", str(script))
    monkeypatch.setenv("PINCITE_SOFFICE_TIMEOUT", "1")
    path = make_docx_pages(tmp_path / "px700.docx")
    t0 = time.monotonic()
    with Library(settings(tmp_path / "data")) as library:
        res = library.ingest_file(path)
        assert time.monotonic() - t0 < 30
        assert res.status == "added" and res.warnings == [office_docx.NO_PAGES + "timed out after 1 s"], res
        assert top_citation(library, QUESTION_2).address.kind == "lines"
    for pid in map(int, pids.read_text().split()):
        assert gone(pid), f"process {pid} of the conversion still runs"
    assert leftovers(temp) == []


def test_convert_to_pdf_errors_name_the_file(tmp_path, temp):
    src = make_docx_pages(tmp_path / "px700.docx")
    with pytest.raises(ConversionError, match=r"px700\.docx: no PDF pages: timed out after 0\.5 s"):
        convert.convert_to_pdf(src, tmp_path / "out.pdf", soffice=str(write_script(tmp_path / "slow", "sleep 30")),
                               timeout=0.5)
    with pytest.raises(ConversionError, match="LibreOffice could not be started"):
        convert.convert_to_pdf(src, tmp_path / "out.pdf", soffice=str(tmp_path / "nothing-here"))
    assert not (tmp_path / "out.pdf").exists() and leftovers(temp) == []


def test_without_libreoffice_the_warning_says_so(tmp_path, monkeypatch):
    path = make_docx_pages(tmp_path / "px700.docx")
    empty = tmp_path / "no-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    assert convert.find_soffice() is None
    with Library(settings(tmp_path / "a")) as library:
        res = library.ingest_file(path)
        assert res.warnings == [office_docx.NO_PAGES + "LibreOffice (soffice) is not installed"]
        assert top_citation(library, QUESTION_2).address.kind == "lines"
    monkeypatch.setenv("PINCITE_SOFFICE", str(tmp_path / "missing" / "soffice"))
    with Library(settings(tmp_path / "b")) as library:
        (warning,) = library.ingest_file(path).warnings
        assert warning.startswith(office_docx.NO_PAGES + "PINCITE_SOFFICE=") and "missing/soffice" in warning
    monkeypatch.setenv("PINCITE_SOFFICE_TIMEOUT", "soon")
    with pytest.raises(ConversionError, match="PINCITE_SOFFICE_TIMEOUT='soon': must be a positive"):
        convert.timeout_seconds()


# ---------------------------------------------------------------- real files of the corpus

CORPUS_FACTS = [  # file, question, fragment of the quote, page it is on
    ("SampleDoc.docx", "What is the size of the Calibri (Body) font?", "font size 11", 1),
    ("IllustrativeCases.docx", "How much an hour is Patrick earning as a waiter?", "€8.65 an hour", None),
    ("bib-chernigovka.netdo.ru_download_docs_17459.docx", "Сколько лет со дня рождения Толкина?", "125 лет", None),
]


@pytest.fixture(scope="module")
def corpus_lib(soffice, cached_soffice, corpus, tmp_path_factory):
    """The corpus DOCX files, converted through the run's soffice stand-in (conftest's
    cached_soffice): a file another module converted already is not converted again (the
    `paged` fixture above converts with LibreOffice itself)."""
    root = tmp_path_factory.mktemp("docx-corpus")
    library = Library(settings(root / "data"))
    with pytest.MonkeyPatch.context() as mp:
        for name in ENV_NAMES:
            mp.delenv(name, raising=False)
        mp.setenv("PINCITE_SOFFICE", cached_soffice)
        results = library.ingest(sorted((corpus / "office").glob("*.docx")))
    for r in results:  # figures for the report (pytest -s)
        print(f"\n{Path(r.path).name}: {r.pages} pages, ingest with conversion {r.seconds:.2f} s "
              "(a copy when this run converted the file before)")
    yield library, results
    library.close()


def test_corpus_docx_files_get_pages(corpus_lib):
    library, results = corpus_lib
    assert len(results) == 4 and all(r.status == "added" for r in results), results
    for r in results:
        doc = library.model(r.doc_id)
        assert office_docx.has_pdf_pages(doc), (r.path, r.warnings)
        spans = [s for p in doc.pages for s in p.spans if isinstance(s, AddressSpan)]
        assert spans and all(s.address.kind == "blocks" for s in spans)
        numbers = [s.address.start for s in spans]
        assert numbers == sorted(numbers)  # found in document order
    sample = library.model(next(r.doc_id for r in results if r.path.endswith("SampleDoc.docx")))
    assert sample.page_count == 2 and "This is page two" in sample.page(2).text
    assert "This is page 1" in sample.page(1).text


@pytest.mark.parametrize("file_name,question,fragment,page", CORPUS_FACTS, ids=[f[0] for f in CORPUS_FACTS])
def test_corpus_docx_fact_is_cited_by_page(corpus_lib, file_name, question, fragment, page):
    library, _ = corpus_lib
    cit = top_citation(library, question)
    assert cit.file == file_name and fragment in cit.quote, cit
    assert cit.address.kind == "pdf" and cit.page is not None
    assert page is None or cit.page == page
    assert verify_quote(cit.quote, library.page_text(cit.doc_id, cit.page)).verified
    page_text = library.page_text(cit.doc_id, cit.page)
    rects = pages.span_rects(library.page_pdf(library.catalog.get(cit.doc_id)), cit.page, page_text,
                             [(c.start, c.end) for c in [verify_quote(cit.quote, page_text)]])
    assert rects.rects


# ---------------------------------------------------------------- originals and their suffixes

def test_originals_keep_their_suffix_and_old_libraries_are_still_read(tmp_path, monkeypatch):
    """Originals are stored with their own suffix; a library written before, where every
    original was stored as `<sha>.pdf`, is still checked, re-extracted, skipped on the same
    bytes and removed cleanly."""
    monkeypatch.setenv("PINCITE_SOFFICE", "off")
    path = make_docx_pages(tmp_path / "px700.docx")
    notes = tmp_path / "notes.md"
    notes.write_text("# Night\n\nThe pump room is locked at night.\n", encoding="utf-8")
    data = tmp_path / "data"
    with Library(settings(data)) as library:
        ids = {Path(r.path).name: r.doc_id for r in library.ingest([path, notes])}
        stored = sorted(p.name.split(".", 1)[1] for p in (data / "originals").glob("*/*"))
        assert stored == ["docx", "md"]
        row = library.catalog.get(ids["px700.docx"])
    # as an older version stored it
    new = library.blobs.path_for(row.sha256)
    legacy = new.with_suffix(".pdf")
    new.rename(legacy)
    model = data / "models" / f"{row.doc_id}.json"
    old = json.loads(model.read_text())
    model.write_text(json.dumps({**old, "extractor": "office-1"}))
    with Library(settings(data)) as library:
        assert library.blobs.path_for(row.sha256) == legacy
        assert library.check() == []
        assert library.reindex() == 2
        assert library.model(row.doc_id).extractor == OFFICE_EXTRACTOR  # read again from the .pdf copy
        assert top_citation(library, QUESTION_2).address.kind == "lines"
        res = library.ingest_file(path)
        assert res.status == "skipped" and not new.exists()  # no second copy of the same bytes
        assert library.blobs.put(path, row.sha256, ".docx") == legacy
        library.remove(row.doc_id)
        assert not legacy.exists() and not new.exists()
        assert [d.file_name for d in library.documents()] == ["notes.md"]
        assert library.check() == []


# ---------------------------------------------------------------- placing blocks on pages

def test_converted_docx_table_rows_are_records_a_window_keeps_to(soffice, tmp_path):
    with Library(settings(tmp_path / "data")) as lib:
        res = lib.ingest_file(make_calendar_docx(tmp_path / "calendar.docx"))
        assert res.status == "added", res.reason
        doc = lib.model(res.doc_id)
        assert office_docx.has_pdf_pages(doc)
        cit = top_citation(lib, "Which holiday is on 7 January?")
        # the page runs the rows together as lines; a window holds one of them
        assert " ".join(cit.quote.split()) in ("7 January Christmas", "14 January Old New Year holiday"), cit.quote
        page = doc.page(1).text
        # each table row found on the PDF page is marked as a row, the paragraphs are not
        assert [" ".join(page[a:b].split()) for a, b in doc.row_spans(1)] == [
            "Date Event", "7 January Christmas", "14 January Old New Year holiday", "8 March Women's Day"]


def test_locate_blocks_on_page_texts():
    """Blocks are found in order on PDFium-like page texts: over a page break with a running
    footer and header between, with a footnote mark inside, a table row's cells apart, a
    short block only between its neighbours, and a block not on the pages given the gap."""
    para = "The relief valve of boiler B-12 opens at 6 bar and closes again at 5.4 bar."
    marked = "Seal kits are ordered from the maker's service department in Leipzig."
    pages_text = [
        "Contents\r\nScope\r\nThe relief valve of boiler B-12 opens at \r\n- 1 -",
        "Service manual\r\n6 bar and closes again at 5.4 bar.\r\nSeal kits are ordered from the maker's3 "
        "service department in Leipzig.\r\nPart Interval\r\nGasket\r\nevery 2 years\r\nSCOPE\r\n"
        "Something LibreOffice drew differently.\r\nEnd of the manual, thank you for reading it.",
    ]
    blocks = [["Contents"], ["Scope"], [para], [marked], ["Part", "Interval"], ["Gasket", "every 2 years"],
              ["Scope"], ["A paragraph python-docx reads but the PDF shows otherwise."],
              ["End of the manual, thank you for reading it."]]
    found = office_docx.locate_blocks(blocks, pages_text)
    got = [[(p, pages_text[p][s:e]) for p, s, e in f.spans] if f else None for f in found]
    assert got[0] == [(0, "Contents")] and got[1] == [(0, "Scope")]
    assert got[2] == [(0, "The relief valve of boiler B-12 opens at \r\n- 1 -"),
                      (1, "Service manual\r\n6 bar and closes again at 5.4 bar.")]  # over the break
    assert got[3] == [(1, "Seal kits are ordered from the maker's3 service department in Leipzig.")]
    assert got[4] == [(1, "Part Interval")] and got[5] == [(1, "Gasket\r\nevery 2 years")]
    assert got[6] == [(1, "SCOPE")]  # the short heading, upper-cased by its style, between neighbours
    assert not found[7].exact and got[7] == [(1, "Something LibreOffice drew differently.")]
    assert found[8].exact and got[8] == [(1, "End of the manual, thank you for reading it.")]
    assert all(f.exact for k, f in enumerate(found) if k != 7)


def test_docx_pages_without_outline_take_sections_from_docx_headings(tmp_path):
    """A converted PDF without bookmarks (written here with reportlab, no LibreOffice):
    sections come from the DOCX headings, over the page break, and every block is found."""
    import docx

    from pdfgen import make_pdf

    d = docx.Document()
    d.add_heading("Pump PX-9 manual", level=0)
    d.add_heading("4 Checks", level=1)
    d.add_paragraph("Inspect the shaft seal of pump PX-9 for leaks before each start.")
    d.add_heading("4.1 Pressure", level=2)
    d.add_paragraph("The discharge pressure of pump PX-9 must stay below 16 bar in service.")
    d.add_heading("5 Storage", level=1)
    d.add_paragraph("Store pump PX-9 in a dry room between 5 and 40 degrees Celsius.")
    d.save(str(tmp_path / "px9.docx"))
    pdf = make_pdf(tmp_path / "px9.pdf", [
        "Pump PX-9 manual\n4 Checks\nInspect the shaft seal of pump PX-9 for leaks before each start.\n4.1 Pressure",
        "The discharge pressure of pump PX-9 must stay below 16 bar in service.\n5 Storage\n"
        "Store pump PX-9 in a dry room between 5 and 40 degrees Celsius.",
    ])
    doc = office_docx.extract_docx_pages(tmp_path / "px9.docx", pdf, doc_id="0" * 16, sha256="0" * 64)
    assert doc.title == "Pump PX-9 manual" and doc.warnings == [] and doc.page_count == 2
    assert [len(p.spans) for p in doc.pages] == [4, 3]
    one, two = doc.pages

    def path_at(page, fragment):
        at = page.text.index(fragment)
        return next(list(s.path) for s in page.sections if s.start <= at < s.end)

    assert path_at(one, "Inspect the shaft seal") == ["4 Checks"]
    assert path_at(two, "The discharge pressure") == ["4 Checks", "4.1 Pressure"]  # over the break
    assert path_at(two, "Store pump PX-9") == ["5 Storage"]
    assert not any("Pump PX-9 manual" in list(s.path) for p in doc.pages for s in p.sections)  # the Title
    # a PDF that does not hold the DOCX's text is refused, so the DOCX is read without pages
    other = make_pdf(tmp_path / "other.pdf", ["Something else entirely, about another machine."])
    with pytest.raises(ConversionError, match=r"px9\.docx: no PDF pages: the converted PDF holds only 0%"):
        office_docx.extract_docx_pages(tmp_path / "px9.docx", other, doc_id="0" * 16, sha256="0" * 64)


# ---------------------------------------------------------------- table rows kept whole

def make_row_at_page_foot(path: Path, filler: int = 19) -> Path:
    """A Russian regulation whose table reaches a page's foot: after ``filler`` paragraphs, a
    row of ten lines in its first cell ("Компрессор винтовой … ВК-30") does not fit under the
    rows before it, and a narrow cell wraps "КБ-5" after its hyphen."""
    from docx import Document
    from docx.shared import Cm

    doc = Document()
    doc.add_heading("Положение о техническом обслуживании", level=1)
    for k in range(1, filler + 1):
        doc.add_paragraph(f"1.{k}. Общие требования к обслуживанию оборудования цеха номер {k}.")
    table = doc.add_table(rows=0, cols=4)
    table.style = "Table Grid"
    rows = [("Оборудование", "Периодичность ТО, моточасов", "Продолжительность ТО, ч", "Замена масла, л"),
            ("Токарный станок", "500", "6", "12"),
            ("Компрессор\nвинтовой\nстационарный\nмаслозаполненный\nс воздушным\nохлаждением,"
             "\nпривод\nот электро-\nдвигателя,\nВК-30", "250", "3", "4,5"),
            ("Кран-балка КБ-5", "1000", "10", "2")]
    for cells in rows:
        row = table.add_row().cells
        for cell, text in zip(row, cells):
            lines = text.split("\n")
            cell.paragraphs[0].text = lines[0]
            for line in lines[1:]:
                cell.add_paragraph(line)
    for row in table.rows:
        row.cells[0].width = Cm(2.6)
    doc.add_paragraph("2. Учёт выполненного обслуживания ведёт главный механик.")
    doc.save(path)
    return path


def test_rows_kept_whole_marks_every_body_row_cant_split(tmp_path):
    """The copy LibreOffice converts has <w:cantSplit/> in every row's <w:trPr>: created where
    the row has none (after a <w:tblPrEx>), a "may split" value dropped; the rest unchanged."""
    import zipfile

    from docx import Document
    from lxml import etree

    path = make_row_at_page_foot(tmp_path / "rows.docx")
    with zipfile.ZipFile(path) as z:  # one row with exceptions and an explicit "may split"
        xml = z.read("word/document.xml").decode()
    xml = xml.replace("<w:tr>", '<w:tr><w:tblPrEx><w:tblW w:w="0" w:type="auto"/></w:tblPrEx>'
                                '<w:trPr><w:cantSplit w:val="0"/></w:trPr>', 1)
    with zipfile.ZipFile(path) as zin, zipfile.ZipFile(tmp_path / "edited.docx", "w") as zout:
        for item in zin.infolist():
            zout.writestr(item, xml if item.filename == "word/document.xml" else zin.read(item))
    convert.rows_kept_whole(tmp_path / "edited.docx", tmp_path / "kept.docx")
    w = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
    with zipfile.ZipFile(tmp_path / "kept.docx") as z:
        root = etree.fromstring(z.read("word/document.xml"))
        assert z.read("word/styles.xml") == zipfile.ZipFile(path).read("word/styles.xml")
    rows = list(root.iter(f"{w}tr"))
    assert len(rows) == 4
    for tr in rows:
        props = tr.find(f"{w}trPr")
        assert props is not None and props.find(f"{w}cantSplit") is not None
        assert props.find(f"{w}cantSplit").get(f"{w}val") is None
    assert [c.tag for c in rows[0]][:2] == [f"{w}tblPrEx", f"{w}trPr"]
    assert [c.text for c in Document(tmp_path / "kept.docx").tables[0].rows[2].cells][1:] == ["250", "3", "4,5"]
    (tmp_path / "broken.docx").write_bytes(b"PK no zip")
    convert.rows_kept_whole(tmp_path / "broken.docx", tmp_path / "copy.docx")
    assert (tmp_path / "copy.docx").read_bytes() == b"PK no zip"
    with zipfile.ZipFile(tmp_path / "badxml.docx", "w") as z:  # a body that is no XML: copied as it is
        z.writestr("word/document.xml", "<w:document><w:tr>")
    convert.rows_kept_whole(tmp_path / "badxml.docx", tmp_path / "copy2.docx")
    assert (tmp_path / "copy2.docx").read_bytes() == (tmp_path / "badxml.docx").read_bytes()


def test_a_table_row_at_a_page_foot_moves_to_the_next_page_whole(soffice, tmp_path):
    """A row that does not fit at a page's foot is not broken across the page break: its
    code ("ВК-30", whose cell runs over four lines) stands on one page with the row's values,
    and a code wrapped inside its cell after its hyphen ("КБ-5") keeps the hyphen."""
    with Library(settings(tmp_path / "data")) as lib:
        res = lib.ingest_file(make_row_at_page_foot(tmp_path / "rows.docx"))
        assert res.status == "added", res.reason
        doc = lib.model(res.doc_id)
        assert office_docx.has_pdf_pages(doc) and len(doc.pages) == 2
        assert not any("not found on the PDF pages" in w for w in doc.warnings), doc.warnings
        rows = [(k, " ".join(lib.readable_text(doc.page(k).text[a:b]).split()))
                for k in (1, 2) for a, b in doc.row_spans(k)]
        whole = [(k, r) for k, r in rows if "ВК-30" in r]
        assert len(whole) == 1 and whole[0][1].endswith("250 3 4,5"), rows
        assert any(r == "Кран-балка КБ-5 1000 10 2" for _, r in rows), rows
        ans = lib.ask("Какова продолжительность ТО компрессора ВК-30?")
        assert ans.status == "answered", (ans.answer, ans.warnings)
        quote = ans.claims[0].citations[0].quote
        assert "ВК-30" in quote and "250 3 4,5" in quote, quote
