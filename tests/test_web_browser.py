"""End to end in a real browser: the web UI against a live pincite server.

Debian's ``chromium`` driven by Playwright (no browser download; see tests/browser.py) opens
the app served by ``pincite.web.server.create_app`` on 127.0.0.1 (uvicorn in a thread, a temp
data folder), then, with a small generated 3-page PDF whose answer is on physical page 2
(printed label "8"):

* uploads it through the library view's file input and waits for "ready";
* asks in the form (typing sends nothing), clicks the first source and checks that the page
  image of physical page 2 and its printed label are shown;
* reads the text inside the highlighted boxes with PDFium (``get_text_bounded`` on the
  original page) and checks that it holds the quote; checks the quote is marked in the
  page text; saves a screenshot to tests/artifacts/web-answer.png;
* turns pages (no POST /api/ask while doing so, counted in the browser and at the server),
  exports the evidence as Markdown and CSV (files the server makes), shows a refusal and the LLM mode's
  "not configured" error as banners;
* with an 8-page PDF (one fact per page) reports the p50 time from a click on a source to
  the page image's ``load`` event, first view of every other page (printed with -s);
* uploads an encrypted PDF: its reason shows in the library view, the answer on screen is
  cleared, and the first document still answers;
* removes a document through the confirmation dialog;
* shows each citation's source line as the server writes it (its `source`, the CLI's and the
  export's line), and the export buttons only when the server says the export has a row
  (`exportable`); no page-reference or source-line builder is left in the browser;
* uploads a generated XLSX (sheets RevA and RevB), asks about RevB's value and opens its
  source: the unit view shows the sheet range "RevB!A5:B5" as its heading and marks the quote
  in the sheet's text; previous/next sheet; "download original" gives the stored bytes;
* asks a compound question over the PX-200 manual whose second part is not in it: the
  "partial" banner names the missing part, and both parts show under their sub-questions;
* asks "What is the maximum pressure of the pump in bar?" over a page stating "1.6 MPa": the
  calculation block shows "16 bar" with formula, substitution and precision rule, and its
  input's source button opens that page; the CSV export has its "calculation" row;
* a scanned page (an image of text, OCRed when tesseract is installed): "OCR" badges on the
  source button and in the page view, the quote highlighted from the OCR word boxes;
* LLM settings panel (its own server, data folder and browser profile, and the scripted
  OpenAI-compatible server of tests/llm_server.py): save URL, model and a fake key, check the
  connection, see "not checked" as soon as a field changes, check again, ask in LLM mode,
  open the verified claim's source (no model request and no POST /api/ask while turning
  pages), 409 after an unchecked save and 502 when the model server fails, shown as banners;
  the key never appears in the page, web storage, cookies or any response; after a restart
  on the same data folder the library is back and the key is not.

Skips when chromium, Playwright or the server's packages are missing, unless
PINCITE_REQUIRE_BROWSER=1 (CI), which turns that into a failure.
"""
from __future__ import annotations

import csv
import io
import json
import os
import re
import statistics
from pathlib import Path

import pytest

from browser import LiveServer, RequestLog, launch_chromium, require_browser, unavailable
from docgen import make_scan_pdf, make_xlsx_revisions
from llm_server import Reply, ScriptedLLM, chat_json, status
from pdfgen import make_pdf

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
SCREENSHOT = ARTIFACTS / "web-answer.png"

SENTENCE = ("The impeller of the PX-200 pump must be replaced every 4000 operating hours "
            "by a certified technician.")
PAGES = [
    "Introduction. This manual describes the installation of the PX-200 pump and the "
    "safety rules for its operators.",
    "Maintenance schedule.\n" + SENTENCE + " Seals and bearings are inspected once a year.",
    "Warranty. The warranty covers two years from the date of purchase. Keep the receipt.",
]
QUESTION = "How often must the impeller of the PX-200 be replaced?"
EXPECTED_PAGE = 2
EXPECTED_LABEL = "8"  # /PageLabels: decimal, starting at 7 on physical page 1
#: What the source line of a browser upload (trust "uploaded" by default) says after the file.
UPLOADED = ", uploaded, not normative"
#: The timing test: one fact per page, each asked once, so every click loads a page image the
#: browser has not seen (a fair first-view time, not a cache hit).
TIMING_PARTS = ["filter cartridge", "drive belt", "pressure sensor", "cooling fan",
                "check valve", "oil seal", "control board", "suction hose"]
WAIT_MS = 90_000  # first answers load the embedder; ingest runs in the background
#: Removed from the environment while the server runs: LLM mode must find no model.
LLM_ENV = ("PINCITE_LLM_URL", "PINCITE_LLM_MODEL", "PINCITE_LLM_QUERY_MODEL", "PINCITE_LLM_HEADERS",
           "PINCITE_API_KEY", "OPENAI_API_KEY", "OPENAI_BASE_URL")


def _norm(text: str) -> str:
    text = text.replace("\ufffe", "").replace("\u0002", "").replace("\u00ad", "")
    return " ".join(text.split())


# -- fixtures --------------------------------------------------------------------------
@pytest.fixture(scope="module")
def sync_playwright():
    return require_browser()


@pytest.fixture(scope="module")
def pw_instance(sync_playwright):
    """One Playwright for the module (the sync API allows one at a time per thread)."""
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("pdfs")
    return {
        "manual": make_pdf(folder / "px200-manual.pdf", PAGES, title="PX-200 Service Manual",
                           page_labels=[(0, "D", "", 7)]),
        "timing": make_pdf(folder / "tx500-mixer.pdf", [
            f"Part {i + 1}. The {part} of the TX-500 mixer is replaced every {(i + 2) * 250} "
            f"operating hours." for i, part in enumerate(TIMING_PARTS)], title="TX-500 Mixer"),
        "locked": make_pdf(folder / "locked-manual.pdf", ["Secret text about the PX-900 valve."],
                           user_password="secret"),
    }


def _server_app():
    """pincite.web.server.create_app, or a skip (failure in CI) when it cannot be imported."""
    try:
        import fastapi  # noqa: F401
        import uvicorn  # noqa: F401

        from pincite.web.server import create_app
    except ImportError as exc:
        unavailable(f"the web server cannot be imported ({exc}); install pincite with its web dependencies")
    return create_app


@pytest.fixture(scope="module")
def live_server(sync_playwright, tmp_path_factory):
    create_app = _server_app()
    from pincite.config import Settings

    data = tmp_path_factory.mktemp("web-data")
    with pytest.MonkeyPatch.context() as mp:
        for name in LLM_ENV:  # no model is configured: nothing may leave this machine
            mp.delenv(name, raising=False)
        log = RequestLog(create_app(Settings(data_dir=data)))
        with LiveServer(log) as server:
            server.log = log  # type: ignore[attr-defined]
            yield server


def _app_page(context, url: str):
    """The context's page at ``url``, with POST /api/ask and JavaScript errors recorded."""
    page = context.pages[0] if context.pages else context.new_page()
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    asks: list[str] = []
    page.on("request", lambda r: asks.append(r.url)
            if r.method == "POST" and r.url.endswith("/api/ask") else None)
    page.goto(url + "/")
    page.wait_for_selector("#ask-form")
    page.pincite_asks = asks  # type: ignore[attr-defined]
    page.pincite_errors = errors  # type: ignore[attr-defined]
    return page


@pytest.fixture(scope="module")
def browser_page(pw_instance, live_server, tmp_path_factory):
    profile = tmp_path_factory.mktemp("chromium-profile")  # a new, empty user-data dir
    context = launch_chromium(pw_instance, profile, viewport={"width": 1500, "height": 1000})
    try:
        page = _app_page(context, live_server.url)
        yield page
        assert not page.pincite_errors, f"JavaScript errors in the page: {page.pincite_errors}"
    finally:
        context.close()


# -- helpers ---------------------------------------------------------------------------
def _open_library(page):
    page.click("#tab-library")
    page.wait_for_selector("#view-library:not([hidden])")


def _open_ask(page):
    page.click("#tab-ask")
    page.wait_for_selector("#view-ask:not([hidden])")


def _upload(page, path: Path) -> None:
    _open_library(page)
    page.set_input_files("#upload-input", str(path))


def _ensure_ready(page, pdf: Path) -> None:
    """Upload ``pdf`` unless the library already lists it as ready; wait for "ready"."""
    _open_library(page)
    ready = page.locator(".doc-row[data-status='ready']", has_text=pdf.name)
    if ready.count() == 0:
        _upload(page, pdf)
    ready.first.wait_for(state="visible")


def _ask(page, question: str):
    """Type the question (nothing is sent), submit the form, return the /api/ask response."""
    _open_ask(page)
    asks_before = len(page.pincite_asks)
    page.fill("#question", "")
    page.type("#question", question)  # real keystrokes, no Enter
    page.wait_for_timeout(300)
    assert len(page.pincite_asks) == asks_before, "typing in the question box sent a request"
    with page.expect_response(lambda r: r.url.endswith("/api/ask") and r.request.method == "POST",
                              timeout=WAIT_MS) as info:
        page.click("#ask-btn")
    response = info.value
    page.wait_for_selector("#answer:not([hidden]) #status-banner[data-status]")
    return response


def _wait_image(page, n: int) -> None:
    page.wait_for_function(
        """(n) => {
            const img = document.querySelector('#page-img');
            const frame = document.querySelector('#page-frame');
            return img && img.dataset.page === String(n) && img.complete && img.naturalWidth > 0
                && img.getAttribute('src').endsWith('/pages/' + n + '.png')
                && !frame.classList.contains('is-loading');
        }""", arg=n)


def _wait_text(page, n: int) -> None:
    page.wait_for_selector(f"#page-text[data-page='{n}']")


def _boxes_in_points(page, width: float, height: float) -> list[tuple[float, float, float, float]]:
    """The .hl boxes relative to the page image, in PDF points with a bottom-left origin."""
    geometry = page.evaluate("""() => {
        const r = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.width, b.height]; };
        return { img: r(document.querySelector('#page-img')),
                 boxes: [...document.querySelectorAll('#hl-layer .hl')].map(r) };
    }""")
    ix, iy, iw, ih = geometry["img"]
    assert iw > 0 and ih > 0, "the page image has no size"
    out = []
    for bx, by, bw, bh in geometry["boxes"]:
        left = (bx - ix) / iw * width
        right = (bx + bw - ix) / iw * width
        top = height - (by - iy) / ih * height  # y back to the bottom-left origin
        bottom = height - (by + bh - iy) / ih * height
        out.append((left, bottom, right, top))
    return out


def _text_in_boxes(pdf: Path, page_no: int, boxes) -> str:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        page = doc[page_no - 1]
        textpage = page.get_textpage()
        try:
            return " ".join(textpage.get_text_bounded(left=x0, bottom=b, right=r, top=t)
                            for x0, b, r, t in boxes)
        finally:
            textpage.close()
            page.close()
    finally:
        doc.close()


# -- tests -----------------------------------------------------------------------------
def test_upload_ask_open_source_highlight(browser_page, pdfs, live_server):
    page = browser_page
    manual = pdfs["manual"]

    # Library: upload through the file input, wait for "ready".
    _upload(page, manual)
    row = page.locator(".doc-row[data-status='ready']", has_text=manual.name)
    row.wait_for(state="visible")
    assert "PX-200 Service Manual" in row.inner_text()
    assert row.locator("td.num").inner_text().strip() == "3"
    assert "—" in row.inner_text(), "absent revision fields are shown as a dash"

    # Ask: the form sends only on submit.
    response = _ask(page, QUESTION)
    assert response.status == 200, response.text()
    answer = response.json()
    assert answer["status"] in ("answered", "partial"), answer
    citation = answer["claims"][0]["citations"][0]
    assert citation["verified"] is True
    assert citation["page"] == EXPECTED_PAGE and citation["page_label"] == EXPECTED_LABEL
    assert _norm(SENTENCE) in _norm(citation["quote"]) or _norm(citation["quote"]) in _norm(SENTENCE)
    banner = page.locator("#status-banner")
    assert banner.get_attribute("data-status") == answer["status"]
    first = page.locator(".source-btn").first
    # A browser upload is "uploaded": it answers because "Include uploaded
    # documents" is on by default in the UI, and its source line says so.
    assert page.is_checked("#include-uploaded")
    assert answer["scope"]["trust"] == ["normative", "reference", "uploaded"]
    assert citation["trust"] == "uploaded"
    assert citation["source"] == f"{manual.name}{UPLOADED}, p. {EXPECTED_LABEL} (PDF {EXPECTED_PAGE})"
    assert _norm(first.text_content()) == f"[1] {citation['source']}", "the source line is the server's"
    assert answer["exportable"] is True and page.locator("#export").is_visible()
    claim = page.locator(".claim").first
    assert claim.get_attribute("data-verified") == "true"
    assert "verified" in claim.inner_text() and "not verified" not in claim.inner_text()

    # Open the first source: page image of physical page 2, label "8", highlight, marked text
    # (the rectangles and the quote's place in the text both the server's).
    with page.expect_response(lambda r: "/highlight" in r.url) as hl_info, \
            page.expect_response(lambda r: f"/pages/{EXPECTED_PAGE}/text?" in r.url) as text_info:
        first.click()
    highlight = hl_info.value.json()
    served_text = text_info.value.json()
    _wait_image(page, EXPECTED_PAGE)
    _wait_text(page, EXPECTED_PAGE)
    img_src = page.get_attribute("#page-img", "src")
    assert img_src.endswith(f"/pages/{EXPECTED_PAGE}.png"), img_src
    assert page.get_attribute("#page-label", "data-page-label") == EXPECTED_LABEL
    assert f"Printed page {EXPECTED_LABEL}" in page.inner_text("#page-label")
    assert page.get_attribute("#open-original", "href").endswith(
        f"/api/documents/{citation['doc_id']}/file#page={EXPECTED_PAGE}")
    original = page.request.get(live_server.url + f"/api/documents/{citation['doc_id']}/file")
    assert original.ok and original.body() == manual.read_bytes()

    assert highlight["page"] == EXPECTED_PAGE and highlight["rects"], highlight
    page.wait_for_selector("#hl-layer .hl")
    assert page.locator("#hl-layer .hl").count() == len(highlight["rects"])
    boxes = _boxes_in_points(page, highlight["width"], highlight["height"])
    inside = _text_in_boxes(manual, EXPECTED_PAGE, boxes)
    assert _norm(citation["quote"]) in _norm(inside), (
        f"text inside the highlighted boxes {inside!r} does not contain the quote {citation['quote']!r}")
    assert re.search(r"Page image shown \d+ ms after the click", page.inner_text("#page-timing"))
    assert page.evaluate("window.pinciteTimings.length") == 1
    marked = page.inner_text("#page-text mark")
    assert _norm(marked) == _norm(citation["quote"])
    ((start, end),) = served_text["marks"]  # code point offsets into the served text
    assert _norm(marked) == _norm(served_text["text"][start:end])
    assert page.evaluate("typeof window.pincite.findQuote") == "undefined", "no quote matching in the browser"

    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOT), full_page=True)
    assert SCREENSHOT.stat().st_size > 10_000

    # Turning pages calls only the page endpoints, never /api/ask (so never the model):
    # counted in the browser and at the server.
    asks = len(page.pincite_asks)
    server_asks = live_server.log.count("POST", "/api/ask")
    page.click("#next-page")
    _wait_image(page, 3)
    _wait_text(page, 3)
    assert page.locator("#hl-layer .hl").count() == 0, "no highlight on a page the quote is not on"
    assert "Warranty" in page.inner_text("#page-text")
    assert page.locator("#next-page").is_disabled(), "page 3 of 3 is the last"
    page.click("#prev-page")
    _wait_image(page, 2)
    page.click("#prev-page")
    _wait_image(page, 1)
    _wait_text(page, 1)
    assert page.locator("#prev-page").is_disabled()
    page.focus("#page-text")
    page.keyboard.press("ArrowRight")  # keyboard: next page
    _wait_image(page, 2)
    assert len(page.pincite_asks) == asks, "turning pages sent a question"
    assert live_server.log.count("POST", "/api/ask") == server_asks

    # Evidence cards: Markdown and CSV of the verified claims, the files the server makes
    # (POST /api/export, the CLI's export), saved under the names it gives.
    exports = live_server.log.count("POST", "/api/export")
    with page.expect_download() as dl:
        page.click("#export-md")
    assert dl.value.suggested_filename == "pincite-evidence.md"
    markdown = Path(dl.value.path()).read_text(encoding="utf-8")
    assert _norm(citation["quote"]) in _norm(markdown)
    assert f"{manual.name}{UPLOADED}, p. {EXPECTED_LABEL} (PDF {EXPECTED_PAGE})" in markdown
    assert f"{live_server.url}/api/documents/{citation['doc_id']}/file#page={EXPECTED_PAGE}" in markdown
    with page.expect_download() as dl:
        page.click("#export-csv")
    assert dl.value.suggested_filename == "pincite-evidence.csv"
    raw = Path(dl.value.path()).read_bytes()
    assert raw.startswith("\ufeff".encode()), "a CSV for spreadsheets starts with a byte-order mark"
    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"))))
    assert rows and rows[0]["quote"] == citation["quote"]
    assert rows[0]["source"] == f"{manual.name}{UPLOADED}, p. {EXPECTED_LABEL} (PDF {EXPECTED_PAGE})"
    assert rows[0]["link"].endswith(f"/file#page={EXPECTED_PAGE}") and rows[0]["page"] == str(EXPECTED_PAGE)
    assert live_server.log.count("POST", "/api/export") == exports + 2, "the files come from the server"
    assert page.evaluate("typeof window.pincite.toCsv") == "undefined", "no export built in the browser"

    # A question the library cannot answer: a refusal banner, no sources, page view gone.
    response = _ask(page, "What is the boiling point of liquid nitrogen on Mars?")
    assert response.json()["status"] == "refused", response.json()
    assert page.get_attribute("#status-banner", "data-status") == "refused"
    assert page.locator(".source-btn").count() == 0
    assert page.locator("#page-view").is_hidden()
    assert response.json()["exportable"] is False and page.locator("#export").is_hidden()

    # LLM mode without a configured model: the 400 shows as an error banner, no answer remains.
    page.check("input[name='mode'][value='llm']")
    response = _ask(page, QUESTION)
    assert response.status == 400, response.text()
    detail = response.json()["detail"]
    assert "not configured" in detail
    assert page.get_attribute("#status-banner", "data-status") == "error"
    assert detail in page.inner_text("#status-banner")
    assert page.locator(".claim").count() == 0 and page.locator("#page-view").is_hidden()
    page.check("input[name='mode'][value='extractive']")


def test_click_to_page_image_time(browser_page, pdfs, live_server):
    """p50 time from a click on a source to the page image's load event, first views only."""
    page = browser_page
    timing = pdfs["timing"]
    _ensure_ready(page, timing)
    log = live_server.log
    asked = list(enumerate(TIMING_PARTS))[::2]  # every other page: the right one of eight is cited
    for i, part in asked:
        response = _ask(page, f"How often is the {part} of the TX-500 mixer replaced?")
        citation = response.json()["claims"][0]["citations"][0]
        assert citation["file"] == timing.name and citation["page"] == i + 1, citation
        image_path = f"/api/documents/{citation['doc_id']}/pages/{i + 1}.png"
        before = page.evaluate("window.pinciteTimings.length")
        page.locator(".source-btn").first.click()
        page.wait_for_function("(n) => window.pinciteTimings.length > n", arg=before)
        _wait_image(page, i + 1)
        assert log.count("GET", image_path) == 1, "the page image should come from the server"
    timings = page.evaluate("window.pinciteTimings")[-len(asked):]
    p50 = statistics.median(timings)
    print(f"\nclick on a source -> page image shown (load event, first view of each page): "
          f"p50 {p50:.0f} ms, min {min(timings):.0f} ms, max {max(timings):.0f} ms, "
          f"n={len(timings)}")
    shown = re.search(r"Page image shown (\d+) ms", page.inner_text("#page-timing"))
    assert shown and abs(int(shown.group(1)) - timings[-1]) <= 1


def test_encrypted_upload_shows_reason_and_others_still_answer(browser_page, pdfs):
    page = browser_page
    manual, locked = pdfs["manual"], pdfs["locked"]
    _ensure_ready(page, manual)

    # An answer on screen disappears when the library changes.
    _ask(page, QUESTION)
    page.locator(".source-btn").first.wait_for()

    _upload(page, locked)
    failed = page.locator(".upload-row[data-status='failed']", has_text=locked.name)
    failed.wait_for(state="visible")
    reason = failed.locator(".reason").inner_text()
    assert "encrypt" in reason.lower(), reason
    assert page.locator(".doc-row", has_text=locked.name).count() == 0
    assert page.locator(".doc-row[data-status='ready']", has_text=manual.name).count() == 1
    assert page.locator("#answer").is_hidden(), "the answer stays on screen after the library changed"

    response = _ask(page, QUESTION)
    answer = response.json()
    assert answer["status"] in ("answered", "partial"), answer
    assert answer["claims"][0]["citations"][0]["file"] == manual.name
    assert page.locator(".source-btn").count() >= 1


def test_remove_document_asks_for_confirmation(browser_page, pdfs):
    page = browser_page
    timing = pdfs["timing"]
    _ensure_ready(page, timing)
    _ask(page, "How often is the drive belt of the TX-500 mixer replaced?")
    page.locator(".source-btn").first.wait_for()

    _open_library(page)
    row = page.locator(".doc-row", has_text=timing.name)
    row.locator(".remove-btn").click()
    page.wait_for_selector("#confirm-dialog[open]")
    assert timing.name in page.inner_text("#confirm-text")
    page.keyboard.press("Escape")  # cancel: nothing happens
    page.wait_for_selector("#confirm-dialog[open]", state="detached")
    assert row.count() == 1
    row.locator(".remove-btn").click()
    with page.expect_response(lambda r: r.request.method == "DELETE") as info:
        page.click("#confirm-ok")
    assert info.value.status == 204
    row.wait_for(state="detached")
    assert page.locator("#answer").is_hidden(), "the answer stays on screen after a removal"

    response = _ask(page, "How often is the drive belt of the TX-500 mixer replaced?")
    cited = [c["file"] for claim in response.json()["claims"] for c in claim["citations"]]
    assert timing.name not in cited


def test_no_source_line_builder_in_the_browser(browser_page):
    """Source lines and page references are the server's (each citation's `source`,
    tests/test_export.py): the browser has no builder of its own."""
    page = browser_page
    assert page.evaluate("typeof window.pincite.sourceLine") == "undefined"
    assert page.evaluate("typeof window.pincite.pageRef") == "undefined"


# -- LLM settings panel and LLM answers ------------------------------------------------
LLM_KEY = "sk-pincite-browser-fake-7e4b19d2c0"  # distinctive: searched for everywhere below
LLM_CLAIM = "The impeller must be replaced every 4000 operating hours."
LLM_QUOTE = "The impeller of the PX-200 pump must be replaced every 4000 operating hours"
EVIDENCE = re.compile(r"<<<EVIDENCE (\w+) chunk_id=(\S+) \| [^\n]*>>>\n(.*?)\n<<<END \1>>>", re.S)


LLM_QUERY_MODEL = "query-model"


def _model_reply(obj: dict) -> Reply:
    return Reply(json=chat_json(json.dumps(obj), usage=(100, 20)))


def _good_model(request: dict, headers: dict) -> Reply:
    """A model that quotes the evidence block holding the impeller sentence (tests/test_generate.py);
    the connection check's probes (no evidence blocks) get a reply of the answer shape, and the
    query model, asked to split the question, keeps it whole."""
    user = next(m["content"] for m in request["messages"] if m["role"] == "user")
    blocks = {cid: text for _, cid, text in EVIDENCE.findall(user)}
    if request.get("model") == LLM_QUERY_MODEL:
        return _model_reply({"parts": [user]})
    if not blocks:
        claims = [{"text": "The test pump runs at 1450 rpm.", "chunk_id": "check-1",
                   "quote": "The test pump runs at 1450 rpm."}]
    else:
        cid = next(c for c, text in blocks.items() if "4000" in text)
        claims = [{"text": LLM_CLAIM, "chunk_id": cid, "quote": LLM_QUOTE}]
    return _model_reply({"status": "answered", "claims": claims})


def _wrong_number_model(request: dict, headers: dict) -> Reply:
    """Cites the right block with the true quote but changes the number: never verifies."""
    user = next(m["content"] for m in request["messages"] if m["role"] == "user")
    if request.get("model") == LLM_QUERY_MODEL:
        return _model_reply({"parts": [user]})
    cid = next(c for _, c, text in EVIDENCE.findall(user) if "4000" in text)
    claims = [{"text": "The impeller must be replaced every 5000 operating hours.", "chunk_id": cid,
               "quote": LLM_QUOTE}]
    return _model_reply({"status": "answered", "claims": claims})


def _llm_state(page) -> tuple[str, str]:
    box = page.locator("#llm-state")
    return box.get_attribute("data-checked"), box.inner_text()


def _check_connection(page) -> dict:
    with page.expect_response(lambda r: r.url.endswith("/api/settings/llm/check")) as info:
        page.click("#llm-check")
    assert info.value.status == 200, info.value.text()
    page.wait_for_selector("#llm-state[data-checked='true']")
    return info.value.json()


def _assert_no_key_in_browser(page, context, responses) -> None:
    assert LLM_KEY not in page.content(), "the key is in the page's HTML"
    assert page.input_value("#llm-key") == "", "the key stays in the password field after saving"
    storage = page.evaluate("""() => JSON.stringify([
        Object.entries(localStorage), Object.entries(sessionStorage)])""")
    assert LLM_KEY not in storage, "the key is in web storage"
    for cookie in context.cookies():
        assert LLM_KEY not in cookie["value"] and LLM_KEY not in cookie["name"], cookie["name"]
    # Bodies are readable until the page navigates: check (and drop) what came so far.
    seen = 0
    while responses:
        r = responses.pop(0)
        assert LLM_KEY not in json.dumps(r.headers), f"the key is in a header of {r.url}"
        if 300 <= r.status < 400 or r.status == 204:
            continue
        blob = r.body()
        seen += 1
        assert LLM_KEY.encode() not in blob, f"the key is in the response of {r.request.method} {r.url}"
    assert seen >= 3


def test_llm_settings_panel_check_and_llm_answer(pw_instance, pdfs, tmp_path, monkeypatch):
    create_app = _server_app()
    from pincite.config import Settings

    for name in LLM_ENV:  # the server has no LLM configuration of its own
        monkeypatch.delenv(name, raising=False)
    manual = pdfs["manual"]
    data = tmp_path / "data"
    with ScriptedLLM(handler=_good_model, models=["answer-model", "answer-model-b"]) as llm:
        context = launch_chromium(pw_instance, tmp_path / "profile", viewport={"width": 1500, "height": 1000})
        try:
            responses: list = []
            context.on("response", lambda r: responses.append(r))
            log = RequestLog(create_app(Settings(data_dir=data, embedder="none")))
            with LiveServer(log) as server:
                page = _app_page(context, server.url)
                _ensure_ready(page, manual)

                # The panel: empty, says where the key lives and what is sent.
                page.click("#tab-settings")
                page.wait_for_selector("#view-settings:not([hidden])")
                assert _llm_state(page)[0] == "false"
                assert page.get_attribute("#llm-key", "type") == "password"
                assert "https://api.deepseek.com/v1" in page.get_attribute("#llm-url", "placeholder")
                assert "http://127.0.0.1:11434/v1" in page.get_attribute("#llm-url", "placeholder")
                privacy = _norm(page.inner_text("#llm-privacy"))
                assert "server's memory for this browser session only" in privacy
                assert "lost when pincite restarts" in privacy
                assert "question and the passages found" in privacy and "sent to the server" in privacy

                # Save URL, model and key: the key is sent once, never shown back.
                page.fill("#llm-url", llm.url)
                page.fill("#llm-model", "answer-model")
                page.fill("#llm-key", LLM_KEY)
                with page.expect_response(lambda r: r.url.endswith("/api/settings/llm")
                                          and r.request.method == "PUT") as info:
                    page.click("#llm-save")
                saved = info.value.json()
                assert info.value.status == 200, saved
                assert saved["key_set"] is True and saved["checked"] is False and saved["source"] == "session"
                assert json.loads(info.value.request.post_data) == {
                    "url": llm.url, "model": "answer-model", "query_model": None, "key": LLM_KEY}
                page.wait_for_selector("#llm-key-state[data-key-set='true']")
                assert "a key is set for this session" in page.inner_text("#llm-key-state").lower()
                assert page.locator("#llm-clear-key").is_visible()
                assert page.input_value("#llm-key") == ""
                checked, text = _llm_state(page)
                assert checked == "false" and "not checked" in text.lower()
                assert llm.count == 0, "saving must not call the model server"

                # Check connection: its messages and the response format are shown; checked.
                result = _check_connection(page)
                assert result["ok"] is True and result["response_format"] == "json_schema", result
                assert llm.count > 0
                checked, text = _llm_state(page)
                assert checked == "true" and "✓" in text and "json_schema" in text
                assert "json_schema" in page.inner_text("#llm-check-summary")
                shown = page.locator("#llm-check-messages li").all_inner_texts()
                assert shown == result["messages"] and any("works" in m for m in shown)
                assert page.inner_text("#llm-tab-state").strip() == "✓"
                ARTIFACTS.mkdir(exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / "web-llm-settings.png"), full_page=True)
                # Every chat request the check made carried the key (server to model only).
                auth = [h.get("authorization") for path, _, h in llm.requests if path.startswith("/v1/chat")]
                assert auth and all(a == f"Bearer {LLM_KEY}" for a in auth)

                # Changing any field: "not checked" at once, before anything is sent.
                puts = log.count("PUT", "/api/settings/llm")
                page.fill("#llm-model", "answer-model-b")
                checked, text = _llm_state(page)
                assert checked == "false" and "not checked" in text.lower()
                assert log.count("PUT", "/api/settings/llm") == puts
                # Check again: the changed form is saved (key kept: the field was empty), then checked.
                _check_connection(page)
                assert log.count("PUT", "/api/settings/llm") == puts + 1
                now = page.request.get(server.url + "/api/settings/llm").json()
                assert (now["model"], now["key_set"], now["checked"]) == ("answer-model-b", True, True), now

                # Ask in LLM mode: the claim's own text, verified, with its source button.
                _open_ask(page)
                page.check("input[name='mode'][value='llm']")
                assert "checked ✓" in page.inner_text("#llm-mode-state")
                asked_model = len(llm.chat_requests())
                response = _ask(page, QUESTION)
                assert response.status == 200, response.text()
                answer = response.json()
                assert answer["mode"] == "llm" and answer["status"] == "answered", answer
                assert answer["model"] == "answer-model-b"
                assert len(llm.chat_requests()) == asked_model + 1
                claim = page.locator(".claim").first
                assert claim.get_attribute("data-verified") == "true"
                assert claim.locator(".claim-text").inner_text() == LLM_CLAIM
                assert "verified" in claim.inner_text() and "not verified" not in claim.inner_text()
                assert _norm(LLM_QUOTE) in _norm(claim.locator(".quote").inner_text())
                usage = page.inner_text("#llm-usage")
                assert "Model answer-model-b" in usage and "120 tokens (100 prompt + 20 completion)" in usage
                assert re.search(r"model time \d", usage), usage
                source = claim.locator(".source-btn").first
                llm_citation = answer["claims"][0]["citations"][0]
                assert llm_citation["source"] == f"{manual.name}{UPLOADED}, p. {EXPECTED_LABEL} (PDF {EXPECTED_PAGE})"
                assert _norm(source.text_content()) == f"[1] {llm_citation['source']}"

                # Open the source: the page image of physical page 2. Turning pages never calls the model.
                model_calls = llm.count
                browser_asks = len(page.pincite_asks)
                server_asks = log.count("POST", "/api/ask")
                source.click()
                _wait_image(page, EXPECTED_PAGE)
                _wait_text(page, EXPECTED_PAGE)
                assert page.get_attribute("#page-img", "src").endswith(f"/pages/{EXPECTED_PAGE}.png")
                assert page.get_attribute("#page-label", "data-page-label") == EXPECTED_LABEL
                page.wait_for_selector("#hl-layer .hl")
                page.screenshot(path=str(ARTIFACTS / "web-llm-answer.png"), full_page=True)
                page.click("#next-page")
                _wait_image(page, 3)
                page.click("#prev-page")
                _wait_image(page, 2)
                page.click("#prev-page")
                _wait_image(page, 1)
                _wait_text(page, 1)
                assert llm.count == model_calls, "turning pages called the model server"
                assert len(page.pincite_asks) == browser_asks, "turning pages sent a question"
                assert log.count("POST", "/api/ask") == server_asks

                # Changing a setting clears the answer; an unsaved change is not asked with.
                page.click("#tab-settings")
                page.fill("#llm-query-model", LLM_QUERY_MODEL)
                assert _llm_state(page)[0] == "false"
                _open_ask(page)
                assert page.locator("#answer").is_hidden(), "the answer stays after the settings changed"
                assert page.locator("#page-view").is_hidden()
                assert "settings changed" in page.inner_text("#ask-progress")
                assert "not checked" in page.inner_text("#llm-mode-state")
                page.click("#ask-btn")
                page.wait_for_selector("#status-banner[data-status='error']")
                assert "not saved" in page.inner_text("#status-banner")
                assert len(page.pincite_asks) == browser_asks, "a question was sent with unsaved settings"

                # Saved but not checked: the server's 409 as a banner, with a way to the settings.
                page.click("#tab-settings")
                with page.expect_response(lambda r: r.url.endswith("/api/settings/llm")
                                          and r.request.method == "PUT"):
                    page.click("#llm-save")
                page.wait_for_selector("#llm-state[data-state='unchecked']")
                model_calls = llm.count
                response = _ask(page, QUESTION)
                assert response.status == 409 and response.json()["detail"] == "check the LLM connection first"
                banner = page.locator("#status-banner")
                assert banner.get_attribute("data-http") == "409"
                assert "check the LLM connection first" in banner.inner_text()
                assert llm.count == model_calls and page.locator(".claim").count() == 0
                banner.locator(".open-llm-settings").click()
                page.wait_for_selector("#view-settings:not([hidden])")
                _check_connection(page)

                # The model server fails (its error body echoes the key): a 502 banner, no key.
                llm.handler = status(500)
                response = _ask(page, QUESTION)
                assert response.status == 502, response.text()
                detail = response.json()["detail"]
                assert page.get_attribute("#status-banner", "data-http") == "502"
                assert detail in page.inner_text("#status-banner")
                assert "model server failed" in page.inner_text("#status-banner")
                assert page.locator(".claim").count() == 0

                # A model whose claims never verify (asked twice): not_confirmed, each failed claim
                # with its reason, and the passages found as source buttons that open the page.
                llm.handler = _wrong_number_model
                response = _ask(page, QUESTION)
                assert response.status == 200, response.text()
                answer = response.json()
                assert answer["status"] == "not_confirmed" and answer["passages"], answer
                assert page.get_attribute("#status-banner", "data-status") == "not_confirmed"
                bad = page.locator(".claim[data-verified='false']").first
                assert "5000" in bad.locator(".claim-text").inner_text()
                assert f"not verified: {answer['claims'][0]['reason']}" in bad.inner_text()
                assert "5000" in answer["claims"][0]["reason"]
                assert re.search(r"\b\d+ tokens \(\d+ prompt \+ \d+ completion\)", page.inner_text("#llm-usage"))
                passages = page.locator(".passages .source-btn")
                assert passages.count() == len(answer["passages"])
                passage = answer["passages"][0]
                assert _norm(passages.first.locator(".source-line").inner_text()) == passage["source"]
                assert answer["exportable"] is False
                passages.first.click()
                _wait_image(page, passage["page"])
                assert page.locator(".export").is_hidden(), "nothing verified: nothing to export"
                llm.handler = _good_model

                # Clear key: the key is gone from the session.
                page.click("#tab-settings")
                with page.expect_response(lambda r: r.url.endswith("/api/settings/llm")
                                          and r.request.method == "PUT") as info:
                    page.click("#llm-clear-key")
                assert json.loads(info.value.request.post_data)["key"] == ""
                assert info.value.json()["key_set"] is False
                page.wait_for_selector("#llm-key-state[data-key-set='false']")
                assert page.locator("#llm-clear-key").is_hidden()
                page.fill("#llm-key", LLM_KEY)  # and set again, to be forgotten by the restart
                with page.expect_response(lambda r: r.url.endswith("/api/settings/llm")
                                          and r.request.method == "PUT") as info:
                    page.click("#llm-save")
                assert info.value.json()["key_set"] is True

                _assert_no_key_in_browser(page, context, responses)
                assert not page.pincite_errors, f"JavaScript errors in the page: {page.pincite_errors}"

            # Restart on the same data folder: the library is back, the key is not.
            for f in data.rglob("*"):
                if f.is_file():
                    assert LLM_KEY.encode() not in f.read_bytes(), f"the key is on disk: {f}"
            with LiveServer(RequestLog(create_app(Settings(data_dir=data, embedder="none")))) as server:
                after = page.request.get(server.url + "/api/settings/llm")  # same browser, same cookie
                assert after.ok and after.json()["key_set"] is False, after.json()
                assert after.json()["url"] is None and after.json()["checked"] is False
                page.goto(server.url + "/")
                page.click("#tab-settings")
                page.wait_for_selector("#llm-state[data-state='unconfigured']")
                assert page.locator("#llm-key-state").get_attribute("data-key-set") == "false"
                assert page.input_value("#llm-url") == ""
                _ensure_ready(page, manual)
                _assert_no_key_in_browser(page, context, responses)
                assert not page.pincite_errors, f"JavaScript errors in the page: {page.pincite_errors}"
        finally:
            context.close()


# -- other kinds of documents, compound answers, calculations, OCR -----------------------
COMPOUND = "How often must the impeller of the PX-200 be replaced and what colour is the PX-200 housing painted?"
SPEC_PAGES = [
    "Introduction. This data sheet lists the ratings of the PX-300 booster pump.",
    "Ratings.\nThe maximum pressure of the PX-300 pump is 1.6 MPa at the outlet flange. "
    "The rated flow is 12 m3/h.",
]
CALC_QUESTION = "What is the maximum pressure of the pump in bar?"
OCR_FACT = "Service interval 250 h"


@pytest.fixture(scope="module")
def more_files(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("more")
    return {
        "book": make_xlsx_revisions(folder / "pump-data.xlsx"),
        "spec": make_pdf(folder / "px300-spec.pdf", SPEC_PAGES, title="PX-300 data sheet"),
        "scan": make_scan_pdf(folder / "zx9-scan.pdf", [
            "The rated voltage of the ZX-9 heater is 220 V and its housing is cast iron.", None],
            image_text=OCR_FACT),
    }


def _doc_id(page, name: str) -> str:
    """The doc_id of the ready document `name` in the library view."""
    return page.locator(".doc-row[data-status='ready']", has_text=name).first.get_attribute("data-doc-id")


def _scope(page, doc_id: str) -> None:
    """Answer only from `doc_id` ("" = all documents)."""
    _open_ask(page)
    page.wait_for_function("(id) => !id || [...document.querySelectorAll('#scope option')].some(o => o.value === id)",
                           arg=doc_id)
    page.select_option("#scope", doc_id)


def _csv_rows(page) -> list[dict]:
    with page.expect_download() as dl:
        page.click("#export-csv")
    return list(csv.DictReader(io.StringIO(Path(dl.value.path()).read_text(encoding="utf-8-sig"))))


def test_office_source_opens_the_unit_view(browser_page, more_files, live_server):
    """An XLSX upload: the source of RevB's value opens the unit view (sheet range as the
    heading, the sheet's text with the quote marked, previous/next sheet, the original to
    download); no page image is asked for."""
    page = browser_page
    book = more_files["book"]
    _upload(page, book)
    row = page.locator(".doc-row[data-status='ready']", has_text=book.name)
    row.wait_for(state="visible")
    assert row.locator("td.num").inner_text().strip() == "sheets: 2"  # a workbook's units are sheets
    doc_id = row.get_attribute("data-doc-id")

    response = _ask(page, "What is the maximum inlet pressure in RevB?")
    answer = response.json()
    assert answer["status"] == "answered", answer
    cites = [c for claim in answer["claims"] for c in claim["citations"]
             if c["address"]["kind"] == "sheet" and c["address"]["sheet"] == "RevB"]
    assert cites and cites[0]["verified"] and "9 bar" in cites[0]["quote"], answer
    citation = cites[0]
    assert citation["address"] == {"kind": "sheet", "sheet": "RevB", "range": "A5:B5"}
    button = page.locator(".source-btn[data-kind='sheet']", has_text="RevB!A5:B5").first
    assert citation["source"] == "pump-data.xlsx, uploaded, not normative, RevB!A5:B5"
    assert re.fullmatch(r"\[\d+\] " + re.escape(citation["source"]), _norm(button.text_content()))

    asks = len(page.pincite_asks)
    button.click()
    page.wait_for_selector("#page-view[data-kind='sheet']:not([hidden])")
    _wait_text(page, 2)
    assert page.inner_text("#unit-heading") == "RevB!A5:B5"
    assert page.locator("#page-figure").is_hidden(), "a sheet has no page image"
    assert _norm(page.inner_text("#page-text mark")) == _norm(citation["quote"])
    assert "9 bar" in page.inner_text("#page-text mark")
    assert page.inner_text("#page-position") == "Sheet 2 of 2"
    assert "RevB!A1:B6" in page.inner_text("#page-label")
    assert page.inner_text("#page-text-title").startswith("Text of this sheet")
    link = page.locator("#open-original")
    assert link.inner_text() == "Download original" and link.get_attribute("download") == book.name
    assert link.get_attribute("href").endswith(f"/api/documents/{doc_id}/file")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "web-office.png"), full_page=True)

    # Previous/next sheet: the text endpoint only.
    page.click("#prev-page")
    _wait_text(page, 1)
    assert page.inner_text("#unit-heading") == "RevA!A1:B6"
    assert page.locator("#page-text mark").count() == 0 and "6 bar" in page.inner_text("#page-text")
    assert "not in this sheet" in page.inner_text("#page-quote-state")
    assert page.locator("#prev-page").is_disabled()
    page.click("#next-page")
    _wait_text(page, 2)
    assert page.inner_text("#unit-heading") == "RevB!A5:B5"
    assert page.locator("#page-text mark").count() == 1 and page.locator("#next-page").is_disabled()
    assert len(page.pincite_asks) == asks, "turning sheets sent a question"
    assert not [p for m, p in live_server.log.requests
                if p.startswith(f"/api/documents/{doc_id}/pages/") and not p.endswith("/text")]

    # Download original: the stored bytes under the file's own name.
    with page.expect_download() as dl:
        link.click()
    assert dl.value.suggested_filename == book.name
    assert Path(dl.value.path()).read_bytes() == book.read_bytes()

    # Evidence cards carry the sheet range and a link to the original.
    rows = _csv_rows(page)
    row = next(r for r in rows if r["quote"] == citation["quote"])
    assert row["source"] == f"pump-data.xlsx{UPLOADED}, RevB!A5:B5" and row["address"] == "RevB!A5:B5"
    assert row["link"].endswith(f"/api/documents/{doc_id}/file") and row["page"] == ""


def test_compound_question_with_a_missing_part(browser_page, pdfs):
    """A compound question whose second part is not in the library: "partial", the missing
    part named in the banner, each part under its sub-question with its own status."""
    page = browser_page
    manual = pdfs["manual"]
    _ensure_ready(page, manual)
    _scope(page, _doc_id(page, manual.name))
    try:
        answer = _ask(page, COMPOUND).json()
        assert answer["status"] == "partial", answer
        assert [p["status"] for p in answer["parts"]] == ["answered", "refused"], answer["parts"]
        banner = page.locator("#status-banner")
        assert banner.get_attribute("data-status") == "partial"
        assert "Part 2 is not answered: not found in the library" in banner.inner_text()
        assert page.locator("section.part").count() == 2
        for i, part in enumerate(answer["parts"], 1):
            sec = page.locator(f"section.part[data-part='{i}']")
            assert sec.get_attribute("data-status") == part["status"]
            assert part["question"] in sec.locator(".part-question").inner_text()
            assert sec.locator(".part-banner").get_attribute("data-status") == part["status"]
        first, second = page.locator("section.part[data-part='1']"), page.locator("section.part[data-part='2']")
        assert "Answered" in first.locator(".part-banner").inner_text()
        assert "Not found in the library" in second.locator(".part-banner").inner_text()
        assert second.locator(".source-btn").count() == 0 and second.locator(".claim").count() == 0
        # every claim once, in its part
        assert page.locator(".claim").count() == first.locator(".claim").count() == len(answer["parts"][0]["claims"])
        first.locator(".source-btn").first.click()
        _wait_image(page, EXPECTED_PAGE)
        page.wait_for_selector("#hl-layer .hl")
        page.screenshot(path=str(ARTIFACTS / "web-compound.png"), full_page=True)
    finally:
        _scope(page, "")


def test_calculation_block_and_its_input_source(browser_page, more_files, live_server):
    """A question asking for another unit: the calculation (result, formula, substitution,
    precision rule) and its input, whose source button opens the page stating 1.6 MPa."""
    page = browser_page
    spec = more_files["spec"]
    _ensure_ready(page, spec)
    doc_id = _doc_id(page, spec.name)
    _scope(page, doc_id)
    try:
        answer = _ask(page, CALC_QUESTION).json()
        calc = answer["calculation"]
        assert answer["status"] == "answered" and calc and calc["verified"], answer
        block = page.locator(".calculation")
        assert block.count() == 1 and block.get_attribute("data-verified") == "true"
        assert page.inner_text(".calculation .calc-value") == "16 bar"
        text = block.inner_text()
        assert "16 bar" in text and calc["formula"] in text and calc["precision"] in text
        assert f"{calc['substitution']} = 16 bar" in text
        assert "calculation not done" not in text
        (inp,) = calc["inputs"]
        item = block.locator(f".calc-input[data-name='{inp['name']}']")
        assert "1.6 MPa" in item.inner_text() and item.get_attribute("data-verified") == "true"
        source = item.locator(".source-btn")
        assert inp["citation"]["source"] == f"{spec.name}{UPLOADED}, PDF p. 2"
        assert _norm(source.locator(".source-line").inner_text()) == inp["citation"]["source"]

        rows = _csv_rows(page)
        calc_rows = [r for r in rows if r["claim"] == "calculation"]
        assert len(calc_rows) == 1 and calc_rows[0]["quote"] == f"{calc['substitution']} = 16 bar"

        with page.expect_response(lambda r: "/highlight" in r.url) as hl_info:
            source.click()
        h = hl_info.value.json()
        _wait_image(page, 2)
        assert doc_id in page.get_attribute("#page-img", "src")
        page.wait_for_selector("#hl-layer .hl")
        inside = _text_in_boxes(spec, 2, _boxes_in_points(page, h["width"], h["height"]))
        assert "1.6 MPa" in _norm(inside), inside
        page.screenshot(path=str(ARTIFACTS / "web-calculation.png"), full_page=True)
    finally:
        _scope(page, "")


def test_ocr_citation_is_marked(browser_page, more_files):
    """A page read by OCR: an "OCR" badge on the source button and in the page view, and the
    quote highlighted from the OCR word boxes."""
    from pincite.extract import ocr

    found = ocr.availability()
    if not found.ok:
        message = f"OCR unavailable: {found.reason}; install {found.need}"
        if os.environ.get("PINCITE_REQUIRE_CORPUS") == "1":
            pytest.fail(message + " (PINCITE_REQUIRE_CORPUS=1 requires it)")
        pytest.skip(message)
    page = browser_page
    scan = more_files["scan"]
    _ensure_ready(page, scan)
    _scope(page, _doc_id(page, scan.name))
    try:
        answer = _ask(page, "What is the service interval?").json()
        citation = answer["claims"][0]["citations"][0]
        assert citation["ocr"] is True and citation["page"] == 2, answer
        button = page.locator(".source-btn").first
        assert button.get_attribute("data-ocr") == "true"
        assert button.locator(".badge-ocr").inner_text() == "OCR"
        button.click()
        _wait_image(page, 2)
        _wait_text(page, 2)
        assert page.locator("#page-ocr").is_visible() and "text read by OCR" in page.inner_text("#page-ocr")
        page.wait_for_selector("#hl-layer .hl")
        assert "250" in page.inner_text("#page-text mark")
        page.click("#prev-page")
        _wait_text(page, 1)
        assert page.locator("#page-ocr").is_hidden(), "page 1 has a text layer"
    finally:
        _scope(page, "")


def test_unit_headings_in_the_browser(browser_page):
    """The unit view's headings for other addresses (their source lines are the server's:
    tests/test_export.py)."""
    page = browser_page
    headings = page.evaluate("""() => [
        window.pincite.unitHeading({kind: 'sheet', sheet: 'RevB', range: 'A5:F5'}),
        window.pincite.unitHeading({kind: 'slide', slide: 2}),
        window.pincite.unitHeading({kind: 'lines', start: 10, end: 14}),
    ]""")
    assert headings == ["RevB!A5:F5", "Slide 2", "Lines 10–14"]


# -- document fields and the scope of a question ---------------------------------
REPORT_PAGES = ["Site inspection report written by the customer. The drain hose of the pressure "
                "unit was found cracked at the clamp and was replaced on site by the customer."]
REPORT_QUESTION = "What was found at the drain hose clamp?"


def _ask_banner(page) -> str:
    return _norm(page.inner_text("#status-banner"))


def test_upload_fields_scope_switch_and_edit(pw_instance, pdfs, tmp_path):
    """Its own server (no embedder) and browser profile, so the library holds only what this
    test uploads: an upload with the default trust is refused with the "Include uploaded
    documents" switch off (the banner names the missing document and offers the switch), and
    answered, marked "uploaded, not normative", with it on; an upload with trust "reference"
    and model "PX-200" answers a question scoped to PX-200 with the switch off, and a model
    with no manual is refused naming it; Edit changes a document's fields inline (PATCH),
    and a value the server refuses shows its reason."""
    create_app = _server_app()
    from pincite.config import Settings

    report = make_pdf(tmp_path / "customer-report.pdf", REPORT_PAGES)
    manual = pdfs["manual"]
    context = launch_chromium(pw_instance, tmp_path / "profile", viewport={"width": 1500, "height": 1000})
    try:
        log = RequestLog(create_app(Settings(data_dir=tmp_path / "data", embedder="none")))
        with LiveServer(log) as server:
            page = _app_page(context, server.url)

            # The upload area: trust "uploaded" by default, one line of help.
            _open_library(page)
            assert page.input_value("#upload-trust") == "uploaded"
            assert [o.strip() for o in page.locator("#upload-trust option").all_inner_texts()] == [
                "uploaded", "reference", "normative"]
            assert "answer only when “Include uploaded documents” is on" in page.inner_text("#upload-trust-help")
            with page.expect_response(lambda r: r.url.endswith("/api/documents") and r.request.method == "POST") as up:
                page.set_input_files("#upload-input", str(report))
            assert up.value.status == 202
            row = page.locator(".doc-row[data-status='ready']", has_text=report.name)
            row.wait_for(state="visible")
            assert row.get_attribute("data-trust") == "uploaded"
            assert "uploaded (not normative)" in row.locator(".doc-trust").inner_text()

            # The ask view: the switch is on by default, and says so.
            _open_ask(page)
            assert page.is_checked("#include-uploaded")
            help_text = _norm(page.inner_text("#ask-scope-help"))
            assert "on by default in this web app" in help_text and "--include-uploaded" in help_text

            # Switch off with only an uploaded document: a refusal naming what is missing.
            page.uncheck("#include-uploaded")
            response = _ask(page, REPORT_QUESTION)
            answer = response.json()
            assert json.loads(response.request.post_data)["scope"] == {"include_uploaded": False}
            assert answer["status"] == "refused" and not answer["claims"], answer
            banner = page.locator("#status-banner")
            assert banner.get_attribute("data-status") == "refused"
            assert banner.get_attribute("data-refusal") == "no-document"
            text = _ask_banner(page)
            assert "No document in scope." in text and _norm(answer["answer"]) in text
            assert "no normative or reference document" in text
            assert page.locator(".source-btn").count() == 0

            # The banner's button turns the switch on and asks again: answered, marked.
            with page.expect_response(lambda r: r.url.endswith("/api/ask") and r.request.method == "POST") as again:
                page.click(".include-uploaded-btn")
            answer = again.value.json()
            assert json.loads(again.value.request.post_data)["scope"] == {"include_uploaded": True}
            assert answer["status"] == "answered", answer
            page.wait_for_selector("#status-banner[data-status='answered']")
            assert page.is_checked("#include-uploaded")
            source = page.locator(".source-btn").first
            assert answer["claims"][0]["citations"][0]["source"] == f"{report.name}{UPLOADED}, PDF p. 1"
            assert _norm(source.text_content()) == f"[1] {report.name}{UPLOADED}, PDF p. 1"

            # Upload with trust "reference" and model "PX-200": the fields show in the library.
            _open_library(page)
            page.select_option("#upload-trust", "reference")
            page.fill("#upload-model", "PX-200")
            page.fill("#upload-modification", "A, B")
            page.fill("#upload-revision", "3.0")
            page.set_input_files("#upload-input", str(manual))
            row = page.locator(".doc-row[data-status='ready']", has_text=manual.name)
            row.wait_for(state="visible")
            (doc,) = [d for d in page.request.get(server.url + "/api/documents").json()["documents"]
                      if d["file"] == manual.name]
            assert (doc["trust"], doc["model"], doc["modifications"], doc["revision"]) == (
                "reference", "PX-200", ["A", "B"], "3.0"), doc
            assert row.get_attribute("data-trust") == "reference"
            assert row.locator(".doc-model").inner_text() == "PX-200"
            assert row.locator(".doc-modifications").inner_text() == "A, B"
            assert row.locator(".doc-revision").inner_text() == "3.0"

            # Scoped to PX-200 with the switch off: answered from that manual only.
            _open_ask(page)
            page.uncheck("#include-uploaded")
            page.fill("#scope-model", "PX-200")
            response = _ask(page, QUESTION)
            answer = response.json()
            assert json.loads(response.request.post_data)["scope"] == {"include_uploaded": False, "model": "PX-200"}
            assert answer["status"] in ("answered", "partial"), answer
            assert answer["scope"]["model"] == "PX-200" and "uploaded" not in answer["scope"]["trust"]
            cites = [c for claim in answer["claims"] for c in claim["citations"]]
            assert cites and {c["file"] for c in cites} == {manual.name}, cites
            first = page.locator(".source-btn").first
            assert cites[0]["source"] == (
                f"{manual.name}, PX-200, mod. A, B, rev. 3.0, p. {EXPECTED_LABEL} (PDF {EXPECTED_PAGE})")
            assert _norm(first.text_content()) == f"[1] {cites[0]['source']}"

            # Changing the scope clears the answer; a model with no manual is refused, named.
            page.fill("#scope-model", "PX-900")
            page.press("#scope-model", "Tab")
            assert page.locator("#answer").is_hidden()
            response = _ask(page, QUESTION)
            answer = response.json()
            assert answer["status"] == "refused" and "PX-900" in answer["answer"], answer
            assert banner.get_attribute("data-refusal") == "no-document"
            assert "PX-900" in _ask_banner(page) and "4000" not in _ask_banner(page)
            page.fill("#scope-model", "")

            # Edit: the report becomes a reference document; a bad date is refused with its reason.
            _open_library(page)
            report_row = page.locator(".doc-row", has_text=report.name)
            report_row.locator(".edit-btn").click()
            form = page.locator(".edit-row .edit-form")
            form.wait_for(state="visible")
            assert form.locator("select[name='trust']").input_value() == "uploaded"
            form.locator("input[name='valid_from']").fill("2024-13-01")
            with page.expect_response(lambda r: r.request.method == "PATCH") as bad:
                form.locator(".edit-save").click()
            assert bad.value.status == 400
            page.wait_for_selector(".edit-row .edit-error:not([hidden])")
            assert "not a date" in page.inner_text(".edit-row .edit-error")
            form.locator("input[name='valid_from']").fill("")
            form.locator("select[name='trust']").select_option("reference")
            form.locator("input[name='model']").fill("PX-200")
            with page.expect_response(lambda r: r.request.method == "PATCH") as ok:
                form.locator(".edit-save").click()
            assert ok.value.status == 200, ok.value.text()
            assert json.loads(ok.value.request.post_data) == {"trust": "reference", "model": "PX-200"}
            page.wait_for_selector(".edit-row", state="detached")
            page.wait_for_function("(name) => [...document.querySelectorAll('.doc-row')].some("
                                   "r => r.textContent.includes(name) && r.dataset.trust === 'reference')",
                                   arg=report.name)
            assert report_row.locator(".doc-model").inner_text() == "PX-200"

            # Now it answers with the switch off, and is no longer marked as an upload.
            _open_ask(page)
            assert not page.is_checked("#include-uploaded")
            response = _ask(page, REPORT_QUESTION)
            answer = response.json()
            assert answer["status"] == "answered", answer
            assert answer["claims"][0]["citations"][0]["file"] == report.name
            assert answer["claims"][0]["citations"][0]["source"] == f"{report.name}, PX-200, PDF p. 1"
            assert _norm(page.locator(".source-btn").first.text_content()) == f"[1] {report.name}, PX-200, PDF p. 1"
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "web-scope.png"), full_page=True)
        assert not page.pincite_errors, f"JavaScript errors in the page: {page.pincite_errors}"
    finally:
        context.close()


def test_the_browser_reads_the_servers_codes_and_revision_status(browser_page):
    """The page switches on what the server says, never on the shape or words of a reply: an
    error's `code` (a settings error offers the LLM settings whatever its message), an
    answer's `refusal` ("no_document": the missing-document banner, even with a relevance;
    another refusal never gets it), and a document's `revision_status` in words."""
    from pincite.contract import Answer, Relevance

    page = browser_page
    replies: list[tuple[int, str]] = []

    def fulfil(route):
        status, body = replies.pop(0)
        route.fulfill(status=status, content_type="application/json", body=body)

    page.route("**/api/ask", fulfil)
    try:
        for status, code, button in ((400, "llm_not_configured", "LLM settings"), (400, "llm_config", "LLM settings"),
                                     (409, "llm_not_checked", None), (502, "llm_unavailable", None),
                                     (400, None, None)):
            replies.append((status, json.dumps({"detail": "nope", **({"code": code} if code else {})})))
            _ask(page, "What is the rated pressure?")
            banner = page.locator("#status-banner")
            buttons = banner.locator(".open-llm-settings")
            opens_settings = code in ("llm_not_configured", "llm_config", "llm_not_checked")
            assert buttons.count() == (1 if opens_settings else 0), code
            if button:
                assert buttons.inner_text() == button
            assert ("model server failed" in banner.inner_text()) == (code == "llm_unavailable"), code

        rel = Relevance(coverage=0.0, score=0.0, threshold=0.5)
        for refusal, missing in (("no_document", True), ("not_found", False)):
            ans = Answer(question="q", status="refused", language="en",
                         answer="The library has no document for PX-900.",
                         relevance=rel if missing else None, refusal=refusal)
            replies.append((200, ans.model_dump_json()))
            _ask(page, "What is the rated pressure of the PX-900?")
            assert (page.locator("#status-banner .missing-document").count() == 1) == missing, refusal
            assert ("No document in scope." in page.inner_text("#status-banner")) == missing, refusal
    finally:
        page.unroute("**/api/ask")

    def documents(route):
        if route.request.method != "GET":
            return route.continue_()
        body = route.fetch().json()
        body["documents"] = [dict(DOC_ROW, doc_id=f"{i:016x}", file=f"rev-{s}.pdf", revision_status=s)
                             for i, s in enumerate(("not_yet_in_force", "superseded", None))]
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    page.route("**/api/documents", documents)
    try:
        _open_ask(page)
        _open_library(page)  # the tab's refresh reads GET /api/documents
        for name, shown in (("rev-not_yet_in_force.pdf", "not yet in force"), ("rev-superseded.pdf", "superseded"),
                            ("rev-None.pdf", "—")):
            row = page.locator(".doc-row", has_text=name)
            row.wait_for(state="visible")
            assert row.locator("td").nth(5).inner_text() == shown, name
    finally:
        page.unroute("**/api/documents")


#: A ready document as GET /api/documents sends it (web.schemas.DocumentOut).
DOC_ROW = {"title": "PX-200 manual", "pages": 3, "unit": "pdf", "status": "ready", "sha256": "0" * 64, "size": 1,
           "ingested_at": 0.0, "file_name": "x.pdf", "source_path": "x.pdf", "mime": "application/pdf",
           "chunks": 3, "language": "en", "state": "ready", "warnings": [], "model": "PX-200",
           "modifications": ["B"], "revision": "3.0", "trust": "reference", "valid_from": None, "valid_to": None,
           "source_url": None}
