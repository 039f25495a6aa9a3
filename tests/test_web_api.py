"""The REST API of `pincite serve` (pincite.web): FastAPI's TestClient against create_app on
a temporary data folder, with generated PDFs and a real corpus file; and a live uvicorn
server on a real socket for server.json / find_server. Generated XLSX, PPTX and TXT files
(their unit text and address, their originals, no page image), and a PDF page that is an
image of text (highlighted from its OCR word boxes; skipped without tesseract unless
PINCITE_REQUIRE_CORPUS=1)."""
from __future__ import annotations

import json
import math
import os
import re
import struct
import threading
import time
from pathlib import Path
from urllib.parse import quote as urlquote

import httpx
import pypdfium2 as pdfium
import pytest
from fastapi.testclient import TestClient

from docgen import IMAGE_BOX, make_scan_pdf, make_xlsx_revisions
from pdfgen import make_pdf
from pincite import __version__
from pincite.config import Settings
from pincite.errors import ConfigError, ServerError
from pincite.store.lock import WriterLock
from pincite.web import client as web_client
from pincite.web.client import Client, find_server
from pincite.web.server import Server, check_host, create_app, safe_file_name

VALVE = ("The safety valve of boiler B-12 opens at 6 bar pressure when the operator turns "
         "the red handle clockwise past the stop mark near the gauge.")
PAGES = [
    "Boiler B-12 service manual. Chapter one covers installation of the unit in a dry room.",
    "Installation. Mount the boiler on a level concrete floor and connect the water supply "
    "before the gas line is opened by a licensed fitter.",
    VALVE + " Check the valve every month and replace its seal after five years of service.",
]
PAGE_LABELS = [(0, "r", "", 1), (1, "D", "", 1)]  # i, 1, 2


# ================================================================ helpers
def wait_uploads(c: TestClient, ids: list[str], timeout: float = 120) -> dict[str, dict]:
    deadline = time.monotonic() + timeout
    while True:
        ups = {u["upload_id"]: u for u in c.get("/api/documents").json()["uploads"]}
        if all(ups[i]["status"] in ("ready", "failed") for i in ids):
            return ups
        assert time.monotonic() < deadline, f"uploads not finished: {ups}"
        time.sleep(0.05)


def upload(c: TestClient, *paths: Path, names: list[str] | None = None,
           trust: str | None = "reference", **form) -> list[dict]:
    """Upload `paths` in one request. The tests below ask without a scope (normative and
    reference documents answer), so their uploads say trust "reference"; trust=None sends
    none (a web upload's default, "uploaded"). `form`: more form fields (model, revision...)."""
    names = names or [p.name for p in paths]
    data = {**({"trust": trust} if trust is not None else {}), **form}
    r = c.post("/api/documents", data=data, files=[("file", (n, p.read_bytes(), "application/pdf"))
                                                   for n, p in zip(names, paths)])
    assert r.status_code == 202, r.text
    ups = r.json()["uploads"]
    assert [u["status"] for u in ups] == ["queued"] * len(paths)
    assert all(u["progress"] == 0 and u["reason"] is None and u["doc_id"] is None for u in ups)
    return ups


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def text_in_rects(pdf_path: Path, page_no: int, height: float, rects: list[list[float]]) -> str:
    """The text PDFium finds inside top-left-origin rects (converted back to PDF space)."""
    pdf = pdfium.PdfDocument(str(pdf_path))
    try:
        tp = pdf[page_no - 1].get_textpage()
        return " ".join(tp.get_text_bounded(left, height - b, r, height - t) for left, t, r, b in rects)
    finally:
        pdf.close()


def words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def check_quote_rects(c: TestClient, pdf: Path, cit: dict) -> list[list[float]]:
    """The highlight rects of a citation's quote hold the quote's words, in order."""
    r = c.get(f"/api/documents/{cit['doc_id']}/pages/{cit['page']}/highlight",
              params={"quote": cit["quote"], "chunk_id": cit["chunk_id"]})
    assert r.status_code == 200, r.text
    h = r.json()
    assert h["page"] == cit["page"] and h["rects"], h
    for left, t, rr, b in h["rects"]:
        assert 0 <= left < rr <= h["width"] and 0 <= t < b <= h["height"]
    inside = re.sub(r"\s+", " ", text_in_rects(pdf, cit["page"], h["height"], h["rects"]).replace("\ufffe", ""))
    got = words(inside)
    want = words(cit["quote"])
    it = iter(got)
    assert all(w in it for w in want), (want, got)  # every quote word, in order
    # and the boxes are tight: little besides the quote (padding may catch a neighbour word)
    assert len(got) <= len(want) + 2 * len(h["rects"]), (want, got)
    return h["rects"]


# ================================================================ fixtures
@pytest.fixture(scope="module")
def lib_app(tmp_path_factory):
    """An app over a fresh data folder with the default settings (use-m3 embedder)."""
    root = tmp_path_factory.mktemp("web")
    app = create_app(Settings(data_dir=root / "data"))
    yield app, root
    app.state.pincite.close()


@pytest.fixture(scope="module")
def c(lib_app):
    return TestClient(lib_app[0])


@pytest.fixture(scope="module")
def boiler(lib_app, c):
    """The generated boiler manual, uploaded under a name with a space, and ready."""
    _, root = lib_app
    pdf = make_pdf(root / "boiler.pdf", PAGES, page_labels=PAGE_LABELS, title="Boiler B-12 manual")
    (up,) = upload(c, pdf, names=["boiler manual.pdf"])
    done = wait_uploads(c, [up["upload_id"]])[up["upload_id"]]
    assert done["status"] == "ready" and done["progress"] == 1.0 and done["result"] == "added", done
    return pdf, done["doc_id"]


# ================================================================ tests
def test_health_and_openapi(c):
    r = c.get("/api/health")
    assert r.status_code == 200
    body = r.json()
    assert body["status"] == "ok" and body["version"] == __version__ and isinstance(body["documents"], int)
    spec = c.get("/openapi.json").json()
    paths = spec["paths"]
    for path, method in [("/api/health", "get"), ("/api/ask", "post"), ("/api/documents", "get"),
                         ("/api/documents", "post"), ("/api/documents/{doc_id}", "delete"),
                         ("/api/documents/{doc_id}/pages/{n}.png", "get"),
                         ("/api/documents/{doc_id}/pages/{n}/highlight", "get"),
                         ("/api/documents/{doc_id}/pages/{n}/text", "get"),
                         ("/api/documents/{doc_id}/file", "get"), ("/api/chunks/{chunk_id}", "get")]:
        assert method in paths[path], (path, method)
    assert "multipart/form-data" in paths["/api/documents"]["post"]["requestBody"]["content"]
    ask_ok = paths["/api/ask"]["post"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert ask_ok["$ref"].endswith("/Answer")
    assert "HighlightOut" in spec["components"]["schemas"]


def test_index_page_is_served(c):
    r = c.get("/")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert "<html" in r.text.lower()


def test_upload_ask_and_open_the_cited_page(c, boiler):
    pdf, doc_id = boiler
    docs = c.get("/api/documents").json()
    (doc,) = [d for d in docs["documents"] if d["doc_id"] == doc_id]
    assert doc["file"] == doc["file_name"] == "boiler manual.pdf"  # the name as uploaded
    assert doc["status"] == "ready" and doc["pages"] == 3 and doc["title"] == "Boiler B-12 manual"
    assert doc["size"] == pdf.stat().st_size and len(doc["sha256"]) == 64 and doc["ingested_at"] > 0
    assert c.get("/api/health").json()["documents"] >= 1

    r = c.post("/api/ask", json={"question": "At what pressure does the safety valve of boiler B-12 open?"})
    assert r.status_code == 200, r.text
    ans = r.json()
    assert ans["status"] == "answered", ans
    cit = ans["claims"][0]["citations"][0]
    assert cit["doc_id"] == doc_id and cit["file"] == "boiler manual.pdf"
    assert cit["page"] == 3 and cit["page_label"] == "2" and cit["verified"] is True
    assert cit["unit"] == 3, "the unit a PDF citation opens is its physical page"
    assert "6 bar" in cit["quote"]

    # the page image of the cited page, at min(2, 1600 / long side) of its size in points
    r = c.get(f"/api/documents/{doc_id}/pages/3.png", params={"quote": cit["quote"]})
    assert r.status_code == 200 and r.headers["content-type"] == "image/png"
    assert "private" in r.headers["cache-control"] and "max-age" in r.headers["cache-control"]
    w_pt, h_pt = 595.2756, 841.8898
    scale = min(2.0, 1600 / max(w_pt, h_pt))
    assert png_size(r.content) == (math.ceil(w_pt * scale), math.ceil(h_pt * scale)) == (1132, 1600)
    plain = c.get(f"/api/documents/{doc_id}/pages/3.png")
    assert png_size(plain.content) == (1132, 1600) and plain.content != r.content  # highlight drawn

    rects = check_quote_rects(c, pdf, cit)
    assert rects[0][1] < 100  # the quote starts on the first line of the page (top-left origin)
    h = c.get(f"/api/documents/{doc_id}/pages/3/highlight", params={"quote": cit["quote"]}).json()
    assert h["rects"] == rects and abs(h["width"] - w_pt) < 0.01 and abs(h["height"] - h_pt) < 0.01

    # the chunk the citation names, and its rectangles
    ch = c.get(f"/api/chunks/{cit['chunk_id']}").json()
    page_text = c.get(f"/api/documents/{doc_id}/pages/3/text").json()
    assert ch["chunk_id"] == cit["chunk_id"] and (ch["doc_id"], ch["page"], ch["page_end"]) == (doc_id, 3, 3)
    assert ch["page_label"] == "2"
    assert page_text["text"][ch["char_start"]:ch["char_end"]] == ch["text"] and "6 bar" in ch["text"]
    hc = c.get(f"/api/documents/{doc_id}/pages/3/highlight", params={"chunk_id": cit["chunk_id"]}).json()
    assert "6 bar" in text_in_rects(pdf, 3, hc["height"], hc["rects"])

    # the extracted text of the page
    assert page_text == {"doc_id": doc_id, "page": 3, "page_label": "2", "label_source": "pagelabels",
                         "pages": 3, "kind": "pdf", "address": None, "ocr": False, "text": page_text["text"],
                         "hidden": [], "marks": []}
    assert "opens at 6 bar pressure" in page_text["text"]
    first = c.get(f"/api/documents/{doc_id}/pages/1/text").json()
    assert first["page_label"] == "i" and first["text"].startswith("Boiler B-12 service manual")

    # the original, for the browser to open at #page=3
    f = c.get(f"/api/documents/{doc_id}/file")
    assert f.status_code == 200 and f.content == pdf.read_bytes()
    assert f.headers["content-type"] == "application/pdf"
    assert f.headers["content-disposition"] == 'inline; filename="boiler manual.pdf"'


def test_page_text_marks_the_quote_where_the_highlight_is(c, boiler):
    """GET .../text with a citation's quote and chunk says where the quote stands in the
    text (`marks`, code point offsets), the same span the highlight rectangles box; no
    marks for a quote that is not on the page or when none is asked for."""
    pdf, doc_id = boiler
    ans = c.post("/api/ask", json={"question": "At what pressure does the safety valve of boiler B-12 open?"}).json()
    cit = ans["claims"][0]["citations"][0]
    params = {"quote": cit["quote"], "chunk_id": cit["chunk_id"]}
    t = c.get(f"/api/documents/{doc_id}/pages/3/text", params=params).json()
    ((a, b),) = t["marks"]
    assert " ".join(t["text"][a:b].replace("\ufffe", "").split()) == " ".join(cit["quote"].split())
    h = c.get(f"/api/documents/{doc_id}/pages/3/highlight", params=params).json()
    boxed = words(text_in_rects(pdf, 3, h["height"], h["rects"]).replace("\ufffe", ""))
    it = iter(boxed)
    assert all(w in it for w in words(t["text"][a:b])), (t["text"][a:b], boxed)
    # a loose match: case, quote marks and dashes folded, line ends as spaces
    loose = c.get(f"/api/documents/{doc_id}/pages/3/text",
                  params={"quote": "THE SAFETY VALVE of boiler B‑12 opens"}).json()
    ((la, lb),) = loose["marks"]
    assert loose["text"][la:lb] == "The safety valve of boiler B-12 opens"
    assert c.get(f"/api/documents/{doc_id}/pages/3/text").json()["marks"] == []
    assert c.get(f"/api/documents/{doc_id}/pages/2/text", params=params).json()["marks"] == []
    assert c.get(f"/api/documents/{doc_id}/pages/3/text",
                 params={"quote": "The safety valve opens at 7 bar pressure"}).json()["marks"] == []
    r = c.get(f"/api/documents/{doc_id}/pages/3/text", params={"quote": "valve", "chunk_id": "nope"})
    assert r.status_code == 404


def test_export_route_sends_the_evidence_file(c, boiler):
    """POST /api/export with an answer: the server's evidence file (Library.evidence_file)
    as an attachment, verified claims only, each link opening the cited page here."""
    import csv
    import io

    _, doc_id = boiler
    ans = c.post("/api/ask", json={"question": "At what pressure does the safety valve of boiler B-12 open?"}).json()
    cit = ans["claims"][0]["citations"][0]
    r = c.post("/api/export", params={"format": "csv"}, json=ans)
    assert r.status_code == 200, r.text
    assert ans["exportable"] is True, "the server says the export has a row"
    assert r.headers["content-type"] == "text/csv; charset=utf-8"
    assert r.headers["content-disposition"] == 'attachment; filename="pincite-evidence.csv"'
    assert r.content.startswith("\ufeff".encode())
    rows = list(csv.DictReader(io.StringIO(r.content.decode("utf-8-sig"))))
    assert rows and rows[0]["quote"] == cit["quote"] and rows[0]["page"] == "3" and rows[0]["page_label"] == "2"
    assert rows[0]["source"] == "boiler manual.pdf, p. 2 (PDF 3)" == cit["source"], "one source line"
    assert rows[0]["link"] == f"http://testserver/api/documents/{doc_id}/file#page=3"
    md = c.post("/api/export", params={"format": "md"}, json=ans)
    assert md.status_code == 200 and md.headers["content-type"] == "text/markdown; charset=utf-8"
    assert md.headers["content-disposition"] == 'attachment; filename="pincite-evidence.md"'
    assert f"(<http://testserver/api/documents/{doc_id}/file#page=3>)" in md.text
    for claim in ans["claims"]:
        claim["verified"] = False
    none = c.post("/api/export", params={"format": "csv"}, json=ans)
    assert none.content.decode("utf-8-sig").splitlines()[1:] == [], "unverified claims are never exported"
    # the source line exported is the server's own, never one the request carries
    for claim in ans["claims"]:
        claim["verified"] = True
        for one in claim["citations"]:
            one["source"] = "=forged.pdf, p. 1"
    rows = list(csv.DictReader(io.StringIO(c.post("/api/export", params={"format": "csv"}, json=ans)
                                           .content.decode("utf-8-sig"))))
    assert rows[0]["source"] == "boiler manual.pdf, p. 2 (PDF 3)"
    refused = c.post("/api/ask", json={"question": "What is the boiling point of liquid nitrogen on Mars?"}).json()
    assert refused["status"] == "refused" and refused["exportable"] is False, refused
    assert refused["refusal"] == "not_found", refused  # documents in scope, none answers
    (row,) = csv.DictReader(io.StringIO(c.post("/api/export", params={"format": "csv"}, json=refused)
                                        .content.decode("utf-8-sig")))
    # a refusal's row: its status, text and reasons in their own columns, no claim or quote
    assert (row["claim"], row["quote"], row["status"]) == ("", "", "refused"), row
    assert row["message"] == refused["answer"] and row["reasons"] == "; ".join(refused["warnings"])
    assert c.post("/api/export", params={"format": "xml"}, json=ans).status_code == 422
    assert c.post("/api/export", params={"format": "csv"}, json={"question": "q"}).status_code == 422


def test_unit_marks_count_code_points(kinds):
    """A text file with a character outside the BMP before the quote: the citation names
    its unit, and `marks` counts code points (a Python str index, not UTF-16 units)."""
    c, root = kinds
    notes = root / "spares.txt"
    notes.write_text("\U0001d400\U0001d401 spare parts list\n"
                     "The spare impeller of the KX-7 pump weighs 12 kg and ships in a wooden crate.\n",
                     encoding="utf-8")
    (up,) = upload(c, notes)
    done = wait_uploads(c, [up["upload_id"]])[up["upload_id"]]
    assert done["status"] == "ready", done
    cit = top_cite(c, "How much does the spare impeller of the KX-7 pump weigh?", doc_ids=[done["doc_id"]])
    assert cit["address"]["kind"] == "lines" and isinstance(cit["unit"], int)
    quote = "The spare impeller of the KX-7 pump weighs 12 kg"
    t = c.get(f"/api/documents/{cit['doc_id']}/pages/{cit['unit']}/text",
              params={"quote": quote, "chunk_id": cit["chunk_id"]}).json()
    ((a, b),) = t["marks"]
    assert t["text"][a:b] == quote and "\U0001d400" in t["text"][:a]
    utf16_start = len(t["text"][:a].encode("utf-16-le")) // 2
    assert utf16_start == a + 2, "two astral characters before the quote: the offsets count code points"


def test_quote_not_on_the_page_gives_no_rects(c, boiler):
    _, doc_id = boiler
    for q in ["The safety valve opens at 7 bar pressure", VALVE]:
        h = c.get(f"/api/documents/{doc_id}/pages/2/highlight", params={"quote": q}).json()
        assert h["page"] == 2 and h["rects"] == [], q  # wrong number; right quote, wrong page
    # a chunk of another page draws nothing on this one
    h = c.get(f"/api/documents/{doc_id}/pages/2/highlight", params={"chunk_id": f"{doc_id}-p3-c0"}).json()
    assert h["rects"] == []


def test_one_word_quote_is_highlighted(c, boiler):
    """A one-word quote (shorter than a verifiable quote) is still found and boxed: the rects
    hold that word and nothing else; a word cut out of a longer one is not found."""
    pdf, doc_id = boiler
    for word in ("valve", "Installation", "6"):
        page = 2 if word == "Installation" else 3
        h = c.get(f"/api/documents/{doc_id}/pages/{page}/highlight", params={"quote": word}).json()
        assert len(h["rects"]) == 1, (word, h)
        inside = text_in_rects(pdf, page, h["height"], h["rects"]).replace("\ufffe", "")
        assert words(inside) == [word.lower()], (word, inside)
    h = c.get(f"/api/documents/{doc_id}/pages/3/highlight", params={"quote": "alv"}).json()
    assert h["rects"] == []


def test_every_pincite_error_has_its_own_stable_code():
    """Each error class names its kind (`code`, sent by the API next to the message) and no
    two share one; an LlmError's is "llm_" and its kind."""
    import pincite.errors as errors

    classes, todo = [], [errors.PinciteError]
    while todo:
        cls = todo.pop()
        classes.append(cls)
        todo.extend(cls.__subclasses__())
    classes = [cls for cls in classes if cls.__module__ == "pincite.errors" and cls is not errors.LlmError]
    own = {cls.__name__: cls.__dict__.get("code") for cls in classes}
    assert all(own.values()), [name for name, code in own.items() if not code]
    assert len(set(own.values())) == len(own), own
    assert errors.LlmError("x", kind="auth").code == "llm_auth"


def test_page_out_of_range_is_404(c, boiler):
    _, doc_id = boiler
    for route in ("pages/4.png", "pages/4/text", "pages/4/highlight", "pages/0.png", "pages/0/text",
                  "pages/-1/text", "pages/x.png", "pages/1.5/text", "pages/99999999/text"):
        r = c.get(f"/api/documents/{doc_id}/{route}")
        assert r.status_code == 404, (route, r.status_code, r.text)
        assert isinstance(r.json()["detail"], str)
    body = c.get(f"/api/documents/{doc_id}/pages/4/text").json()
    assert "out of range 1..3" in body["detail"] and body["code"] == "not_found", body
    assert c.get(f"/api/chunks/{doc_id}-p4-c0").status_code == 404
    assert c.get(f"/api/chunks/{doc_id}-p3-c9").status_code == 404


BAD_IDS = ["../etc", "..", "XYZ", "0123456789ABCDEF", "0123456789abcdef0", "0" * 64, "0123456789abcde",
           "0123456789abcdeg", "%00", "0123456789abcdef\n"]


@pytest.mark.parametrize("bad", BAD_IDS)
def test_bad_ids_are_404_on_every_route(c, boiler, bad):
    _, doc_id = boiler
    b = urlquote(bad, safe="")
    for method, path in [("GET", f"/api/documents/{b}/pages/1.png"),
                         ("GET", f"/api/documents/{b}/pages/1/highlight"),
                         ("GET", f"/api/documents/{b}/pages/1/text"),
                         ("GET", f"/api/documents/{b}/file"),
                         ("DELETE", f"/api/documents/{b}"),
                         ("GET", f"/api/chunks/{b}"),
                         ("GET", f"/api/chunks/{b}-p1-c0"),
                         ("GET", f"/api/chunks/{doc_id}-p{b}-c0"),
                         ("GET", f"/api/chunks/{doc_id}-p1-c{b}")]:
        r = c.request(method, path)
        assert r.status_code == 404, (method, path, r.status_code, r.text)
    r = c.get(f"/api/documents/{doc_id}/pages/1/highlight", params={"chunk_id": bad})
    assert r.status_code == 404, r.text
    r = c.post("/api/ask", json={"question": "What opens at 6 bar?", "doc_ids": [bad]})
    assert r.status_code == 404, r.text


def test_unknown_ids_are_404(c, boiler):
    _, doc_id = boiler
    unknown = "0123456789abcdef"
    for method, path in [("GET", f"/api/documents/{unknown}/pages/1.png"),
                         ("GET", f"/api/documents/{unknown}/pages/1/highlight"),
                         ("GET", f"/api/documents/{unknown}/pages/1/text"),
                         ("GET", f"/api/documents/{unknown}/file"),
                         ("DELETE", f"/api/documents/{unknown}"),
                         ("GET", f"/api/chunks/{unknown}-p1-c0")]:
        r = c.request(method, path)
        assert r.status_code == 404 and unknown in r.json()["detail"], (method, path, r.text)
    # a chunk of another document is not highlighted on this one
    r = c.get(f"/api/documents/{doc_id}/pages/1/highlight", params={"chunk_id": f"{unknown}-p1-c0"})
    assert r.status_code == 404
    r = c.post("/api/ask", json={"question": "What opens at 6 bar?", "doc_ids": [unknown]})
    assert r.status_code == 404 and unknown in r.json()["detail"]


def test_ask_errors(c, boiler):
    _, doc_id = boiler
    r = c.post("/api/ask", json={"question": "   "})
    assert r.status_code == 400 and "empty" in r.json()["detail"]
    r = c.post("/api/ask", json={"question": "x" * 2001})
    assert r.status_code == 400 and "2000" in r.json()["detail"].replace(",", "")
    assert r.json()["code"] == "question"
    r = c.post("/api/ask", json={"question": "What opens at 6 bar?", "mode": "llm"})
    assert r.status_code == 400 and r.json() == {
        "detail": ("LLM answers are not configured: set the URL and model in the web app's settings panel, "
                   "or run `pincite check-llm --llm-url URL --llm-model MODEL`, which saves them for this server"),
        "kind": "not_configured", "code": "llm_not_configured"}
    r = c.post("/api/ask", json={"question": "What opens at 6 bar?", "doc_ids": []})
    assert r.status_code == 400
    r = c.post("/api/ask", json={"question": "At what pressure does the safety valve of boiler B-12 open?",
                                 "doc_ids": [doc_id], "mode": "extractive"})
    assert r.status_code == 200 and r.json()["scope"]["doc_ids"] == [doc_id]
    assert r.json()["claims"][0]["citations"][0]["doc_id"] == doc_id


def test_upload_request_errors(c):
    r = c.post("/api/documents", json={"file": "x"})
    assert r.status_code == 400 and "multipart" in r.json()["detail"]
    r = c.post("/api/documents", files=[("other", ("a.pdf", b"%PDF-1.4", "application/pdf"))])
    assert r.status_code == 400 and "file" in r.json()["detail"]


def test_writer_lock_held_is_409(c, lib_app, boiler):
    _, doc_id = boiler
    data = lib_app[1] / "data"
    with WriterLock(data):  # another process writing to the data folder
        r = c.delete(f"/api/documents/{doc_id}")
    assert r.status_code == 409 and "another pincite process" in r.json()["detail"]
    assert c.get(f"/api/documents/{doc_id}/pages/1/text").status_code == 200  # still there


def test_encrypted_upload_fails_alone(c, lib_app, boiler):
    _, root = lib_app
    _, doc_id = boiler
    locked = make_pdf(root / "locked.pdf", ["Secret pressure figures of boiler B-12 are 9 bar."],
                      user_password="pw")
    plain = make_pdf(root / "pump.pdf", ["The pump P-7 delivers forty litres per minute at full speed "
                                         "when the inlet filter is clean and dry."])
    ups = upload(c, locked, plain, names=["locked.pdf", "pump.pdf"])
    done = wait_uploads(c, [u["upload_id"] for u in ups])
    bad, good = done[ups[0]["upload_id"]], done[ups[1]["upload_id"]]
    assert bad["status"] == "failed" and bad["file"] == "locked.pdf" and bad["doc_id"] is None
    assert bad["reason"].startswith("encrypted: a user password is needed"), bad
    assert str(root) not in bad["reason"]  # no server paths
    assert good["status"] == "ready" and good["doc_id"]
    docs = c.get("/api/documents").json()
    assert any(f["file_name"] == "locked.pdf" and "encrypted" in f["reason"] for f in docs["failures"])
    assert {doc_id, good["doc_id"]} <= {d["doc_id"] for d in docs["documents"]}
    ans = c.post("/api/ask", json={"question": "How many litres per minute does the pump P-7 deliver?"}).json()
    assert ans["status"] == "answered" and ans["claims"][0]["citations"][0]["doc_id"] == good["doc_id"]
    ans = c.post("/api/ask", json={"question": "At what pressure does the safety valve of boiler B-12 open?"}).json()
    assert ans["claims"][0]["citations"][0]["doc_id"] == doc_id
    assert not list((root / "data" / "uploads").glob("*"))  # temp files removed
    # the failed entry can be forgotten by its file name (what `pincite remove locked.pdf`
    # sends through a running server), once; the documents stay
    r = c.delete("/api/failures", params={"name": "locked.pdf"})
    assert r.status_code == 200 and [f["source_path"] for f in r.json()] == ["upload:locked.pdf"], r.text
    docs = c.get("/api/documents").json()
    assert not any(f["file_name"] == "locked.pdf" for f in docs["failures"])
    assert {doc_id, good["doc_id"]} <= {d["doc_id"] for d in docs["documents"]}
    r = c.delete("/api/failures", params={"name": "locked.pdf"})
    assert r.status_code == 404 and "no failed entry" in r.json()["detail"]


def test_same_bytes_again_is_skipped(c, boiler):
    pdf, doc_id = boiler
    (up,) = upload(c, pdf, names=["copy of boiler.pdf"])
    done = wait_uploads(c, [up["upload_id"]])[up["upload_id"]]
    assert (done["status"], done["doc_id"], done["result"]) == ("ready", doc_id, "skipped")


def test_delete_then_404(c, lib_app):
    _, root = lib_app
    pdf = make_pdf(root / "temp.pdf", ["A temporary notice about the canteen opening hours on Fridays "
                                       "and the new coffee machine in the hall."])
    (up,) = upload(c, pdf)
    doc_id = wait_uploads(c, [up["upload_id"]])[up["upload_id"]]["doc_id"]
    assert c.get(f"/api/documents/{doc_id}/pages/1/text").status_code == 200
    r = c.delete(f"/api/documents/{doc_id}")
    assert r.status_code == 204 and r.content == b""
    assert c.delete(f"/api/documents/{doc_id}").status_code == 404
    for path in ("pages/1.png", "pages/1/text", "pages/1/highlight", "file"):
        assert c.get(f"/api/documents/{doc_id}/{path}").status_code == 404
    assert c.get(f"/api/chunks/{doc_id}-p1-c0").status_code == 404
    assert doc_id not in {d["doc_id"] for d in c.get("/api/documents").json()["documents"]}
    ans = c.post("/api/ask", json={"question": "When is the canteen open on Fridays?"}).json()
    assert all(ci["doc_id"] != doc_id for ci in ans["claims"] for ci in ci["citations"])


def test_real_corpus_pdf(c, lib_app, corpus):
    """A two-column TUGboat article (printed folios 1001-1010, no /PageLabels): a question
    about a sentence of its first column, answered, its quote highlighted on physical page 1."""
    pdf = corpus / "pdf" / "en" / "tugboat-babelbib.pdf"
    (up,) = upload(c, pdf)
    done = wait_uploads(c, [up["upload_id"]])[up["upload_id"]]
    assert done["status"] == "ready", done
    doc_id = done["doc_id"]
    ans = c.post("/api/ask", json={"question": "Which package is the older one that served as basis for "
                                               "babelbib?", "doc_ids": [doc_id]}).json()
    assert ans["status"] == "answered", ans
    cit = ans["claims"][0]["citations"][0]
    assert cit["page"] == 1 and cit["verified"] and cit["file"] == "tugboat-babelbib.pdf"
    assert "bibgerm [4] is the older package" in " ".join(cit["quote"].split())
    check_quote_rects(c, pdf, cit)
    r = c.get(f"/api/documents/{doc_id}/pages/1.png", params={"quote": cit["quote"], "chunk_id": cit["chunk_id"]})
    p = pdfium.PdfDocument(str(pdf))
    w, h = p[0].get_size()
    p.close()
    s = min(2.0, 1600 / max(w, h))
    assert png_size(r.content) == (math.ceil(w * s), math.ceil(h * s))
    t = c.get(f"/api/documents/{doc_id}/pages/10/text").json()
    assert t["pages"] == 10 and t["page_label"] == "1010" and t["label_source"] == "folio"
    assert c.get(f"/api/documents/{doc_id}/pages/11.png").status_code == 404
    assert c.get(f"/api/documents/{doc_id}/file").content == pdf.read_bytes()


def test_oversize_upload_is_413(tmp_path):
    app = create_app(Settings(data_dir=tmp_path / "data", embedder="none", max_file_mb=0.0015))
    try:
        c = TestClient(app)
        small = make_pdf(tmp_path / "small.pdf", ["Tiny."])
        big = make_pdf(tmp_path / "big.pdf", [" ".join(str(i * 7919 % 10007) for i in range(400))] * 2)
        assert small.stat().st_size < 0.0015 * 1024 * 1024 < big.stat().st_size
        r = c.post("/api/documents", files=[("file", ("small.pdf", small.read_bytes(), "application/pdf")),
                                            ("file", ("big.pdf", big.read_bytes(), "application/pdf"))])
        assert r.status_code == 413, r.text
        assert r.json()["detail"].startswith("big.pdf: too large")
        docs = c.get("/api/documents").json()
        assert docs["uploads"] == [] and docs["documents"] == []  # the whole request refused
        assert not list((tmp_path / "data" / "uploads").glob("*"))
    finally:
        app.state.pincite.close()


def test_token_is_required_when_set(tmp_path):
    token = "s3cret-t0ken-value"
    app = create_app(Settings(data_dir=tmp_path / "data", embedder="none"), token=token)
    try:
        c = TestClient(app)
        for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": f"Basic {token}"},
                        {"Authorization": token}):
            for method, path in [("GET", "/api/health"), ("GET", "/api/documents"),
                                 ("POST", "/api/ask"), ("GET", "/api/chunks/0123456789abcdef-p1-c0")]:
                r = c.request(method, path, headers=headers, json={"question": "q"} if method == "POST" else None)
                assert r.status_code == 401, (headers, path, r.status_code)
                assert r.headers["www-authenticate"] == "Bearer" and token not in r.text
        ok = {"Authorization": f"Bearer {token}"}
        r = c.get("/api/health", headers=ok)
        assert r.status_code == 200 and token not in r.text
        assert c.get("/api/documents", headers=ok).status_code == 200
        assert c.get("/api/chunks/0123456789abcdef-p1-c0", headers=ok).status_code == 404
        assert token not in c.get("/openapi.json").text
    finally:
        app.state.pincite.close()


def test_non_loopback_host_needs_a_token(tmp_path):
    for host in ("0.0.0.0", "::", "192.168.1.20", "example.org"):
        with pytest.raises(ConfigError, match="PINCITE_TOKEN"):
            check_host(host, None)
        check_host(host, "token")  # allowed with a token
    for host in ("127.0.0.1", "127.0.0.5", "::1", "localhost"):
        check_host(host, None)
    with pytest.raises(ConfigError, match="without a token"):
        Server("0.0.0.0", 0, Settings(data_dir=tmp_path / "data", embedder="none"))
    assert not (tmp_path / "data").exists()  # refused before anything was opened


def test_live_server_writes_server_json_and_is_found(tmp_path):
    data = tmp_path / "data"
    settings = Settings(data_dir=data, embedder="none")
    assert find_server(data) is None
    server = Server("127.0.0.1", 0, settings, log_level="warning")
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not (data / "server.json").exists():
            assert time.monotonic() < deadline and thread.is_alive()
            time.sleep(0.02)
        info = json.loads((data / "server.json").read_text())
        assert info == {"url": server.url, "pid": os.getpid(), "key": server.app.state.identity_key}
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+", server.url) and not server.url.endswith(":0")
        assert find_server(data) == server.url
        with Client(server.url) as cl:
            assert cl.health()["status"] == "ok"
            pdf = make_pdf(tmp_path / "valve.pdf", PAGES)
            (up,) = cl.upload([pdf])
            (done,) = cl.wait([up["upload_id"]], poll=0.05, timeout=60)
            assert done["status"] == "ready" and done["file"] == "valve.pdf"
            ans = cl.ask("At what pressure does the safety valve of boiler B-12 open?")
            assert ans.status == "answered" and ans.claims[0].citations[0].page == 3
            # the CLI's client uploads as the CLI ingests: trust "reference" (a browser's is "uploaded")
            assert [d["trust"] for d in cl.documents()["documents"]] == ["reference"]
            with pytest.raises(ServerError) as e:
                cl.remove("0123456789abcdef")
            assert e.value.status == 404
    finally:
        server.stop()
        thread.join(30)
    assert not thread.is_alive()
    assert not (data / "server.json").exists()
    assert find_server(data) is None


def test_stale_server_json_is_ignored(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    import socket

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()  # nothing listens there now
    web_client.write_server_file(data, f"http://127.0.0.1:{port}")  # a live pid, a dead port
    assert find_server(data, timeout=1) is None
    web_client.write_server_file(data, f"http://127.0.0.1:{port}", pid=2 ** 22 + 12345)  # no such process
    assert find_server(data, timeout=1) is None
    (data / "server.json").write_text("{not json")
    assert find_server(data) is None


def test_token_server_is_found_and_needs_the_token(tmp_path, monkeypatch):
    monkeypatch.delenv("PINCITE_TOKEN", raising=False)
    data = tmp_path / "data"
    token = "another-s3cret"
    server = Server("127.0.0.1", 0, Settings(data_dir=data, embedder="none"), token=token, log_level="warning")
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not (data / "server.json").exists():
            assert time.monotonic() < deadline
            time.sleep(0.02)
        assert token not in (data / "server.json").read_text()
        assert find_server(data) == server.url  # it answers, with a Bearer challenge
        with Client(server.url) as cl, pytest.raises(ServerError) as e:
            cl.health()
        assert e.value.status == 401 and "PINCITE_TOKEN" in str(e.value) and token not in str(e.value)
        with Client(server.url, token=token) as cl:
            assert cl.health()["status"] == "ok"
        monkeypatch.setenv("PINCITE_TOKEN", token)
        with Client(server.url) as cl:
            assert cl.documents()["documents"] == []
        assert httpx.get(f"{server.url}/api/health", trust_env=False).status_code == 401
    finally:
        server.stop()
        thread.join(30)
    assert not (data / "server.json").exists()


def test_safe_file_name():
    assert safe_file_name("../../etc/passwd") == "passwd"
    assert safe_file_name("C:\\Users\\me\\manual.pdf") == "manual.pdf"
    assert safe_file_name(".hidden.pdf") == "hidden.pdf"
    assert safe_file_name("руководство 第12页.pdf") == "руководство 第12页.pdf"
    assert safe_file_name("a\x00b\r\nc.pdf") == "abc.pdf"
    assert safe_file_name("") == safe_file_name("..") == safe_file_name("/") == "upload.pdf"
    long = safe_file_name("я" * 300 + ".pdf")
    assert long.endswith(".pdf") and len(long.encode("utf-8")) <= 200


def test_pincite_serve_command(tmp_path):
    """`pincite serve` as a user runs it: listens, writes server.json, stops on Ctrl+C
    (SIGINT) and removes the file; a non-loopback host without a token is refused."""
    import signal
    import subprocess
    import sys

    data = tmp_path / "data"
    cmd = [sys.executable, "-c", "from pincite.cli.main import main; main()", "--data", str(data)]
    env = {k: v for k, v in os.environ.items() if k != "PINCITE_TOKEN"}
    p = subprocess.run(cmd + ["serve", "--host", "0.0.0.0", "--port", "0"], capture_output=True,
                       text=True, timeout=60, env=env)
    assert p.returncode == 2 and "PINCITE_TOKEN" in p.stderr and len(p.stderr.strip().splitlines()) == 1

    proc = subprocess.Popen(cmd + ["serve", "--port", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env={**env, "PINCITE_EMBEDDER": "none"})
    try:
        deadline = time.monotonic() + 60
        while not (data / "server.json").exists():
            assert proc.poll() is None and time.monotonic() < deadline, proc.stderr.read() if proc.poll() else ""
            time.sleep(0.05)
        info = json.loads((data / "server.json").read_text())
        assert info["pid"] == proc.pid
        url = find_server(data)
        assert url == info["url"]
        assert httpx.get(f"{url}/api/health", trust_env=False).json()["documents"] == 0
    finally:
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "Traceback" not in err, err  # stopped by SIGINT, cleanly
    assert "pincite serving" in err and url in err
    assert not (data / "server.json").exists() and find_server(data) is None


def test_one_server_per_data_folder(tmp_path):
    """The server owns the index: a second server (or app) on the same data folder is
    refused with IndexBusy, and gives its socket back."""
    from pincite.errors import IndexBusy

    settings = Settings(data_dir=tmp_path / "data", embedder="none")
    app = create_app(settings)
    try:
        with pytest.raises(IndexBusy, match="another pincite process"):
            create_app(settings)
        with pytest.raises(IndexBusy):
            Server("127.0.0.1", 0, settings)
        assert not (tmp_path / "data" / "server.json").exists()
        assert TestClient(app).get("/api/health").status_code == 200  # the first one still serves
    finally:
        app.state.pincite.close()


# ================================================================ other kinds: Office, text, OCR
MIME_XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
MIME_PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation"
NOT_A_PDF = "not a PDF: cite by sheet/slide/lines"
OCR_FACT = "Service interval 250 h"
#: Where the image of OCR_FACT lies on page 2 of the scan (points: x, y from the bottom, w, h).
OCR_BOX = IMAGE_BOX


def make_pptx(path: Path) -> Path:
    """Three slides; the fact stands on slide 2, which has no title."""
    import pptx
    from pptx.util import Inches

    prs = pptx.Presentation()
    s1 = prs.slides.add_slide(prs.slide_layouts[0])
    s1.shapes.title.text = "Quarterly review of the cooling plant"
    s2 = prs.slides.add_slide(prs.slide_layouts[6])
    s2.shapes.add_textbox(Inches(1), Inches(1), Inches(6), Inches(2)).text_frame.text = (
        "The chiller compressor was replaced on 14 March after 31000 running hours.")
    s3 = prs.slides.add_slide(prs.slide_layouts[1])
    s3.shapes.title.text = "Next steps"
    prs.save(str(path))
    return path


@pytest.fixture(scope="module")
def kinds(tmp_path_factory):
    """An app of its own (no embedder) for documents that are not plain PDFs."""
    root = tmp_path_factory.mktemp("web-kinds")
    app = create_app(Settings(data_dir=root / "data", embedder="none"))
    yield TestClient(app), root
    app.state.pincite.close()


def top_cite(c: TestClient, question: str, **kw) -> dict:
    ans = c.post("/api/ask", json={"question": question, **kw}).json()
    assert ans["status"] == "answered", ans
    cit = ans["claims"][0]["citations"][0]
    assert cit["verified"], cit
    return cit


def test_office_and_text_documents(kinds):
    """XLSX, PPTX and TXT uploads (sent as application/pdf: the type comes from the bytes):
    the original with its own MIME type and name, the unit text with its address, and no
    page image or highlight (404 with the reason)."""
    c, root = kinds
    book = make_xlsx_revisions(root / "pump-data.xlsx")
    deck = make_pptx(root / "review.pptx")
    log_lines = [f"Log entry {i}: routine inspection, nothing to report." for i in range(1, 40)]
    log_lines[24] = "The backup generator fuel tank holds 480 litres of diesel."
    notes = root / "site log.txt"
    notes.write_text("\n".join(log_lines) + "\n", encoding="utf-8")
    ups = upload(c, book, deck, notes)
    done = wait_uploads(c, [u["upload_id"] for u in ups])
    assert all(done[u["upload_id"]]["status"] == "ready" for u in ups), done
    ids = {done[u["upload_id"]]["file"]: done[u["upload_id"]]["doc_id"] for u in ups}
    docs = {d["doc_id"]: d for d in c.get("/api/documents").json()["documents"]}
    assert docs[ids["pump-data.xlsx"]]["mime"] == MIME_XLSX and docs[ids["pump-data.xlsx"]]["pages"] == 2
    assert docs[ids["review.pptx"]]["mime"] == MIME_PPTX and docs[ids["site log.txt"]]["mime"] == "text/plain"

    # XLSX: the cited sheet range; unit 2 (the p2 of the chunk id) is sheet RevB.
    cit = top_cite(c, "What is the maximum inlet pressure in RevB?")
    doc_id = ids["pump-data.xlsx"]
    assert cit["doc_id"] == doc_id and cit["address"] == {"kind": "sheet", "sheet": "RevB", "range": "A5:B5"}
    assert cit["page"] is None and re.fullmatch(rf"{doc_id}-p2-c\d+", cit["chunk_id"])
    assert cit["unit"] == 2, "the server names the unit a citation opens: sheet 2"
    assert cit["source"] == "pump-data.xlsx, RevB!A5:B5", "the source line to show is the server's"
    t = c.get(f"/api/documents/{doc_id}/pages/2/text").json()
    assert (t["kind"], t["address"], t["pages"], t["ocr"], t["page"]) == (
        "sheet", {"kind": "sheet", "sheet": "RevB", "range": "A1:B6"}, 2, False, 2)
    assert cit["quote"] in t["text"] and "9 bar" in t["text"] and "6 bar" not in t["text"]
    assert c.get(f"/api/documents/{doc_id}/pages/1/text").json()["address"]["sheet"] == "RevA"
    r = c.get(f"/api/documents/{doc_id}/pages/3/text")
    assert r.status_code == 404 and "out of range 1..2" in r.json()["detail"]
    for route in ("pages/2.png", "pages/2/highlight", "pages/1.png", "pages/9.png"):
        r = c.get(f"/api/documents/{doc_id}/{route}", params={"quote": cit["quote"]})
        assert r.status_code == 404 and r.json()["detail"] == NOT_A_PDF, (route, r.text)
    f = c.get(f"/api/documents/{doc_id}/file")
    assert f.status_code == 200 and f.content == book.read_bytes()
    assert f.headers["content-type"] == MIME_XLSX
    assert f.headers["content-disposition"] == 'attachment; filename="pump-data.xlsx"'
    assert f.headers["x-content-type-options"] == "nosniff"
    ch = c.get(f"/api/chunks/{cit['chunk_id']}").json()
    assert ch["page"] == 2 and cit["quote"] in ch["text"]

    # PPTX: slide 2 (untitled, counted).
    cit = top_cite(c, "When was the chiller compressor replaced?")
    assert cit["doc_id"] == ids["review.pptx"] and cit["address"] == {"kind": "slide", "slide": 2}
    assert cit["unit"] == 2
    assert cit["source"] == "review.pptx, slide 2"
    t = c.get(f"/api/documents/{cit['doc_id']}/pages/2/text").json()
    assert t["kind"] == "slide" and t["address"] == {"kind": "slide", "slide": 2} and cit["quote"] in t["text"]
    f = c.get(f"/api/documents/{cit['doc_id']}/file")
    assert f.headers["content-type"] == MIME_PPTX and f.content == deck.read_bytes()

    # TXT: a line range; the name with a space kept.
    cit = top_cite(c, "How many litres does the backup generator fuel tank hold?")
    assert cit["doc_id"] == ids["site log.txt"] and cit["file"] == "site log.txt"
    assert cit["address"]["kind"] == "lines" and cit["address"]["start"] <= 25 <= cit["address"]["end"]
    unit = cit["unit"]
    assert unit == int(re.search(r"-p(\d+)-c", cit["chunk_id"]).group(1))
    t = c.get(f"/api/documents/{cit['doc_id']}/pages/{unit}/text").json()
    # a quote over two lines holds them joined by a space, as quotes are matched (whitespace normalised)
    assert t["kind"] == "lines" and t["address"]["start"] <= 25 <= t["address"]["end"]
    assert " ".join(cit["quote"].split()) in " ".join(t["text"].split())
    f = c.get(f"/api/documents/{cit['doc_id']}/file")
    assert f.headers["content-type"].startswith("text/plain") and f.content == notes.read_bytes()
    assert f.headers["content-disposition"] == 'attachment; filename="site log.txt"'
    assert c.get(f"/api/documents/{cit['doc_id']}/pages/1/highlight").json()["detail"] == NOT_A_PDF


@pytest.fixture(scope="session")
def tesseract() -> str:
    from pincite.extract import ocr

    found = ocr.availability()
    if not found.ok:
        message = f"OCR unavailable: {found.reason}; install {found.need}"
        if os.environ.get("PINCITE_REQUIRE_CORPUS") == "1":
            pytest.fail(message + " (PINCITE_REQUIRE_CORPUS=1 requires it)")
        pytest.skip(message)
    return found.executable


def test_ocr_page_is_highlighted_from_word_boxes(kinds, tesseract):
    """A page that is only an image of text: its quote is highlighted with the OCR word
    boxes, around the words of the image, in the top-left origin; the PNG draws the same."""
    c, root = kinds
    pdf = make_scan_pdf(root / "scan.pdf",
                        ["The rated voltage of the pump is 220 V and its housing is cast iron.", None],
                        image_text=OCR_FACT)
    (up,) = upload(c, pdf)
    done = wait_uploads(c, [up["upload_id"]])[up["upload_id"]]
    assert done["status"] == "ready", done
    doc_id = done["doc_id"]
    cit = top_cite(c, "What is the service interval?", doc_ids=[doc_id])
    assert cit["page"] == 2 and cit["ocr"] is True and "250 h" in cit["quote"]
    t = c.get(f"/api/documents/{doc_id}/pages/2/text").json()
    assert t["ocr"] is True and t["kind"] == "pdf" and t["address"] is None and "250" in t["text"]
    assert c.get(f"/api/documents/{doc_id}/pages/1/text").json()["ocr"] is False

    h = c.get(f"/api/documents/{doc_id}/pages/2/highlight",
              params={"quote": cit["quote"], "chunk_id": cit["chunk_id"]}).json()
    assert h["page"] == 2 and h["rects"], h
    x, y, w, hh = OCR_BOX
    top, bottom = h["height"] - (y + hh), h["height"] - y  # the image, top-left origin
    for left, t_, right, b in h["rects"]:
        assert x - 2 <= left < right <= x + w + 2 and top - 2 <= t_ < b <= bottom + 2, (h["rects"], OCR_BOX)
    # the words of the quote span the text of the image: from its left margin to past "250 h"
    left = min(r[0] for r in h["rects"])
    right = max(r[2] for r in h["rects"])
    assert left < x + 25 and right > x + 0.55 * w, h["rects"]
    # the quote's words only: "interval 250 h" leaves "Service" out
    part = c.get(f"/api/documents/{doc_id}/pages/2/highlight", params={"quote": "interval 250 h"}).json()
    assert len(part["rects"]) == 1 and part["rects"][0][0] > left + 40 and part["rects"][0][2] <= right + 0.01
    assert c.get(f"/api/documents/{doc_id}/pages/2/highlight", params={"quote": "every 300 h"}).json()["rects"] == []
    # the chunk alone is highlighted with the same boxes
    hc = c.get(f"/api/documents/{doc_id}/pages/2/highlight", params={"chunk_id": cit["chunk_id"]}).json()
    assert hc["rects"]
    plain = c.get(f"/api/documents/{doc_id}/pages/2.png")
    marked = c.get(f"/api/documents/{doc_id}/pages/2.png", params={"quote": cit["quote"]})
    assert plain.status_code == marked.status_code == 200 and plain.content != marked.content
    assert png_size(plain.content) == png_size(marked.content)


# ================================================================ document fields and scope
REPORT = ("Site inspection report written by the customer. The drain hose of the pressure unit was "
          "found cracked at the clamp and was replaced on site by the customer.")
REPORT_Q = "What was found at the drain hose clamp?"
TWIN_Q = "What is the test pressure for this unit?"
TWIN_COVER = "Operating manual of the pressure unit. General safety notes for operators and service staff."


def twin_section(bar: str) -> str:
    return ("5.3 Pressure check. Close the outlet valve and raise the pressure slowly. The test "
            f"pressure for this unit is {bar} bar, held for ten minutes without loss.")


def ask_json(c: TestClient, question: str, **kw) -> dict:
    r = c.post("/api/ask", json={"question": question, **kw})
    assert r.status_code == 200, r.text
    return r.json()


def cited(ans: dict) -> list[dict]:
    return [cit for claim in ans["claims"] for cit in claim["citations"]]


def doc_of(c: TestClient, doc_id: str) -> dict:
    (doc,) = [d for d in c.get("/api/documents").json()["documents"] if d["doc_id"] == doc_id]
    return doc


@pytest.fixture(scope="module")
def fields_app(tmp_path_factory):
    """An app of its own (no embedder) for document fields and scoped questions."""
    root = tmp_path_factory.mktemp("web-fields")
    app = create_app(Settings(data_dir=root / "data", embedder="none"))
    yield TestClient(app), root
    app.state.pincite.close()


def test_uploaded_document_answers_only_when_included_until_its_trust_changes(fields_app):
    """A web upload without a trust is "uploaded": every field is listed, a question without
    include_uploaded is refused naming what is missing, with it the citation says "uploaded,
    not normative"; PATCH to reference makes it answer without the switch; bad values are 400."""
    from pincite.contract import Citation
    from pincite.library.export import source_line

    c, root = fields_app
    pdf = make_pdf(root / "customer-report.pdf", [REPORT])
    (up,) = upload(c, pdf, trust=None)
    done = wait_uploads(c, [up["upload_id"]])[up["upload_id"]]
    assert done["status"] == "ready", done
    doc_id = done["doc_id"]
    doc = doc_of(c, doc_id)
    assert doc["trust"] == "uploaded"
    assert {k: doc[k] for k in ("model", "modifications", "revision", "valid_from", "valid_to", "source_url")} == {
        "model": None, "modifications": [], "revision": None, "valid_from": None, "valid_to": None,
        "source_url": None}
    assert doc["language"] == "en"
    props = c.get("/openapi.json").json()["components"]["schemas"]["DocumentOut"]["properties"]
    assert {"model", "modifications", "revision", "trust", "language", "valid_from", "valid_to",
            "source_url"} <= set(props)

    # No scope (as the CLI asks): uploads do not answer; the refusal says why, no number.
    ans = ask_json(c, REPORT_Q)
    assert ans["status"] == "refused" and not ans["claims"] and ans["relevance"] is None, ans
    assert ans["refusal"] == "no_document", ans  # the server says so; the browser reads it
    assert "no normative or reference document" in ans["answer"] and "uploaded" in ans["answer"]
    assert ans["warnings"] == [
        "passages that may answer it are in customer-report.pdf, which this search leaves out: uploaded "
        "documents answer only when asked; ask again with --include-uploaded (REST API: \"scope\": "
        "{\"include_uploaded\": true}; MCP: include_uploaded)"], ans["warnings"]
    assert ans["scope"]["trust"] == ["normative", "reference"]
    ans = ask_json(c, REPORT_Q, scope={"include_uploaded": False})
    assert ans["status"] == "refused", ans

    # include_uploaded: answered, and the source line marks the upload.
    ans = ask_json(c, REPORT_Q, scope={"include_uploaded": True})
    assert ans["status"] == "answered" and ans["refusal"] is None, ans
    assert "uploaded" in ans["scope"]["trust"] and ans["scope"]["decided_by"] == "explicit option"
    (cit,) = cited(ans)[:1]
    assert cit["doc_id"] == doc_id and cit["trust"] == "uploaded" and cit["verified"]
    line = source_line(Citation.model_validate(cit), ans["language"])
    assert line.startswith("customer-report.pdf, ") and "uploaded, not normative" in line, line
    assert cit["source"] == line, "the answer carries the source line the CLI and the export write"
    # an explicit trust list asks for exactly those levels
    assert ask_json(c, REPORT_Q, scope={"trust": ["uploaded"]})["status"] == "answered"
    assert ask_json(c, REPORT_Q, scope={"trust": ["normative"]})["status"] == "refused"

    # PATCH: bad values are refused with the reason, nothing changes.
    for body, words in [({"trust": "gospel"}, "trust 'gospel' is not one of normative, reference, uploaded"),
                        ({"valid_from": "2024-13-01"}, "not a date"),
                        ({"language": "english"}, "not a language code"),
                        ({"source_url": "ftp://example.org/x.pdf"}, "not an http(s) URL"),
                        ({"valid_from": "2026-02-01", "valid_to": "2026-01-01"}, "after valid_to"),
                        ({}, "nothing to change")]:
        r = c.patch(f"/api/documents/{doc_id}", json=body)
        assert r.status_code == 400 and words in r.json()["detail"], (body, r.text)
    assert c.patch(f"/api/documents/{doc_id}", json={"colour": "red"}).status_code == 422
    assert c.patch("/api/documents/0123456789abcdef", json={"trust": "reference"}).status_code == 404
    assert c.patch("/api/documents/not-an-id", json={"trust": "reference"}).status_code == 404
    assert doc_of(c, doc_id)["trust"] == "uploaded"

    # PATCH trust reference (and more fields): answers without the switch, no upload mark.
    r = c.patch(f"/api/documents/{doc_id}", json={"trust": "reference", "model": "PX-200",
                                                  "modifications": "A, B", "valid_from": "2025-01-01",
                                                  "source_url": "https://example.org/report.pdf"})
    assert r.status_code == 200, r.text
    got = r.json()
    assert (got["trust"], got["model"], got["modifications"], got["valid_from"], got["source_url"]) == (
        "reference", "PX-200", ["A", "B"], "2025-01-01", "https://example.org/report.pdf")
    assert doc_of(c, doc_id)["trust"] == "reference"  # GET shows it at once
    ans = ask_json(c, REPORT_Q)
    assert ans["status"] == "answered", ans
    cit = cited(ans)[0]
    assert cit["doc_id"] == doc_id and cit["trust"] == "reference" and cit["model"] == "PX-200"
    assert "uploaded" not in source_line(Citation.model_validate(cit), "en")
    # "" clears a field; the same bytes uploaded again keep the trust a person gave them
    r = c.patch(f"/api/documents/{doc_id}", json={"model": "", "modifications": []})
    assert r.status_code == 200 and r.json()["model"] is None and r.json()["modifications"] == []
    (again,) = upload(c, pdf, trust=None)
    again = wait_uploads(c, [again["upload_id"]])[again["upload_id"]]
    assert again["status"] == "ready" and again["result"] == "skipped" and again["doc_id"] == doc_id
    assert doc_of(c, doc_id)["trust"] == "reference"

    # Upload form fields are checked like any fields: 400 with the reason, nothing queued.
    before = len(c.get("/api/documents").json()["uploads"])
    r = c.post("/api/documents", data={"trust": "gospel"},
               files=[("file", ("x.pdf", pdf.read_bytes(), "application/pdf"))])
    assert r.status_code == 400 and "trust 'gospel' is not one of" in r.json()["detail"], r.text
    assert len(c.get("/api/documents").json()["uploads"]) == before
    # a scope that is not one
    r = c.post("/api/ask", json={"question": REPORT_Q, "scope": {"trust": ["gospel"]}})
    assert r.status_code == 400 and "trust" in r.json()["detail"]
    assert c.post("/api/ask", json={"question": REPORT_Q, "scope": {"serial": "1"}}).status_code == 422
    # a scope key beside the question is rejected with the reason, never ignored
    r = c.post("/api/ask", json={"question": REPORT_Q, "include_uploaded": True})
    assert r.status_code == 422, r.text
    [err] = r.json()["detail"]
    assert "unknown field(s) include_uploaded" in err["msg"] and 'belongs inside "scope"' in err["msg"], err
    r = c.post("/api/ask", json={"question": REPORT_Q, "colour": "red"})
    assert r.status_code == 422 and "known: question, doc_ids, mode, scope" in r.json()["detail"][0]["msg"]


def test_upload_fields_and_scope_model_filter(fields_app):
    """Twin manuals uploaded with their fields as form fields (model, repeated modification,
    revision, trust): a scope with a model cites only that model's manual, the Answer's scope
    says what was used, and a model with no manual is refused naming it, with no number."""
    c, root = fields_app
    twins = {"PX-200": ("16", ["A", "B"], "2.1"), "PX-300": ("25", ["C"], "3.0")}
    ids = {}
    for model, (bar, mods, rev) in twins.items():
        pdf = make_pdf(root / f"{model.lower()}-manual.pdf", [TWIN_COVER, twin_section(bar)])
        r = c.post("/api/documents",
                   data={"trust": "normative", "model": model, "modification": mods, "revision": rev},
                   files=[("file", (pdf.name, pdf.read_bytes(), "application/pdf"))])
        assert r.status_code == 202, r.text
        up = r.json()["uploads"][0]
        done = wait_uploads(c, [up["upload_id"]])[up["upload_id"]]
        assert done["status"] == "ready", done
        ids[model] = done["doc_id"]
        doc = doc_of(c, done["doc_id"])
        assert (doc["model"], doc["modifications"], doc["revision"], doc["trust"]) == (model, mods, rev, "normative")

    for model, (bar, mods, rev) in twins.items():
        ans = ask_json(c, TWIN_Q, scope={"model": model.lower(), "include_uploaded": True})
        assert ans["status"] == "answered", ans
        assert ans["scope"]["model"] == model.lower() and ans["scope"]["decided_by"] == "explicit option"
        cites = cited(ans)
        assert cites and {cit["doc_id"] for cit in cites} == {ids[model]}, cites
        assert all(cit["model"] == model and cit["revision"] == rev for cit in cites)
        assert f"{bar} bar" in ans["answer"]
    # a modification and a revision are filters too
    ans = ask_json(c, TWIN_Q, scope={"modification": "C"})
    assert {cit["doc_id"] for cit in cited(ans)} == {ids["PX-300"]}, ans
    ans = ask_json(c, TWIN_Q, scope={"model": "PX-200", "revision": "2.1"})
    assert {cit["doc_id"] for cit in cited(ans)} == {ids["PX-200"]}, ans

    # No manual for the scope: refused, naming it, never answered from another model.
    ans = ask_json(c, TWIN_Q, scope={"model": "PX-900", "include_uploaded": True})
    assert ans["status"] == "refused" and not ans["claims"] and ans["relevance"] is None, ans
    assert ans["refusal"] == "no_document", ans
    assert "no document for PX-900" in ans["answer"] and not re.search(r"\d+ bar", ans["answer"])
    ans = ask_json(c, TWIN_Q, scope={"model": "PX-200", "modification": "C"})
    assert ans["status"] == "refused" and "PX-200 modification C" in ans["answer"], ans
    assert ans["refusal"] == "no_document", ans


def test_chunk_of_a_page_with_a_running_head_is_the_indexed_one(c, lib_app):
    """/api/chunks gives a page chunk exactly as it was indexed: without the page's running
    header and footer, which are found from the neighbouring pages (chunking.page_chunks)."""
    from pincite.chunk import pages as chunking

    _, root = lib_app
    pages = [f"Pump PX-9 service manual\nSection {n}. The pump of line {n} is checked every "
             f"{n + 2} weeks by the shift engineer.\nRevision B of the manual" for n in range(1, 6)]
    pdf = make_pdf(root / "heads.pdf", pages)
    (up,) = upload(c, pdf, names=["heads.pdf"])
    done = wait_uploads(c, [up["upload_id"]])[up["upload_id"]]
    assert done["status"] == "ready", done
    doc_id = done["doc_id"]
    lib = lib_app[0].state.pincite.lib
    indexed = [ch for ch in chunking.chunk_document(lib.model(doc_id)) if ch.page == 3]
    assert indexed and not indexed[0].text.startswith("Pump PX-9")
    got = c.get(f"/api/chunks/{indexed[0].chunk_id}").json()
    assert (got["text"], got["char_start"], got["char_end"]) == (
        indexed[0].text, indexed[0].char_start, indexed[0].char_end)
    assert got["text"].startswith("Section 3.") and "Revision B" not in got["text"]


def test_every_error_has_a_code(tmp_path):
    """Every error the REST API answers is `{"detail", "code"}`: the routes' own 400s and
    404s (an unknown document, bad input), the framework's (an unknown route, a method not
    allowed), a request that does not fit its schema (422, `detail` still the list of
    problems), a missing token (401, its WWW-Authenticate header kept) and the guard's
    refusals."""
    token = "s3cret-t0ken-value"
    app = create_app(Settings(data_dir=tmp_path / "data", embedder="none"), token=token)
    try:
        c = TestClient(app)
        auth = {"Authorization": f"Bearer {token}"}
        cases = [
            (c.delete("/api/documents/0123456789abcdef", headers=auth), 404, "not_found"),
            (c.get("/api/documents/0123456789abcdef/pages/1/text", headers=auth), 404, "not_found"),
            (c.get("/api/no-such-route", headers=auth), 404, "not_found"),
            (c.post("/api/ask", json={"question": "What is it?", "doc_ids": []}, headers=auth), 400, "bad_request"),
            (c.patch("/api/documents/0123456789abcdef", json={}, headers=auth), 400, "bad_request"),
            (c.get("/api/documents/0123456789abcdef", headers=auth), 405, "method_not_allowed"),
            (c.post("/api/ask", json={"question": "What is it?", "colour": "red"}, headers=auth), 422,
             "invalid_request"),
            (c.get("/api/documents"), 401, "unauthorized"),
        ]
        for r, status, code in cases:
            body = r.json()
            assert r.status_code == status and body.get("code") == code, (r.request.url, r.status_code, body)
            assert set(body) == {"detail", "code"} and body["detail"], body
        invalid = cases[-2][0].json()["detail"]
        assert isinstance(invalid, list) and "colour" in str(invalid), invalid
        assert cases[-1][0].headers["www-authenticate"] == "Bearer"
    finally:
        app.state.pincite.close()
