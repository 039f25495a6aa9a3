"""The eval report in a real browser, with the network blocked.

`pincite eval --report` (in-process CLI) runs over a small generated library: one question
answered on its expected page, one whose expectation names another page (a miss), and one
asking a price the manual never states. Debian's chromium (Playwright, tests/browser.py)
opens the written file from disk in an offline context where every request other than the
file itself is aborted and recorded, and checks that the three plots render as SVG, that the
bars' heights follow their figures, that the refusal bar's line is drawn, that the miss's
page images decode, and that a click shows a page image large. Saves a screenshot to
tests/artifacts/eval-report.png.

Skips when chromium or Playwright is missing, unless PINCITE_REQUIRE_BROWSER=1 (CI).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from browser import launch_chromium, require_browser
from cli_runner import invoke
from pdfgen import make_pdf

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"

PAGES = [
    "Introduction. This manual describes the installation of the PX-200 pump and the safety "
    "rules for its operators.",
    "Maintenance schedule. The impeller of the PX-200 pump must be replaced every 4000 "
    "operating hours by a certified technician.",
    "Warranty. The warranty of the PX-200 pump covers two years from the date of purchase.",
]
QUESTIONS = [
    {"id": "hit", "lang": "en", "doc": "pump.pdf", "kind": "fact", "answer": "every 4000 operating hours",
     "pages": [2], "question": "How often must the impeller of the PX-200 be replaced?"},
    {"id": "miss", "lang": "en", "doc": "pump.pdf", "kind": "fact", "answer": "two years",
     "pages": [1], "question": "How long does the warranty of the PX-200 pump last?"},
    {"id": "price", "lang": "en", "doc": "pump.pdf", "kind": "refusal", "answer": None, "pages": [],
     "question": "What does the PX-200 pump cost in euros?"},
]


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch):
    for name in ("PINCITE_DATA", "PINCITE_MIN_ANSWERABILITY", "PINCITE_RETRIEVAL", "PINCITE_EMBEDDER"):
        monkeypatch.delenv(name, raising=False)


def test_report_renders_offline(tmp_path):
    sync_playwright = require_browser()
    docs = tmp_path / "docs"
    docs.mkdir()
    make_pdf(docs / "pump.pdf", PAGES)
    questions = tmp_path / "q.jsonl"
    questions.write_text("".join(json.dumps(q) + "\n" for q in QUESTIONS), encoding="utf-8")
    page_file = tmp_path / "report.html"
    out = invoke("--data", str(tmp_path / "data"), "eval", str(questions), "--corpus", str(docs),
                 "--out", str(tmp_path / "r.jsonl"), "--report", str(page_file), "--json")
    summary = json.loads(out.stdout)["summary"]["all"]
    records = {r["id"]: r for r in map(json.loads, (tmp_path / "r.jsonl").read_text().splitlines())}
    assert records["hit"]["hit1"] and not records["miss"]["hit1"], records
    assert records["miss"]["citations"][0]["page"] == 3  # cited where the warranty stands

    requests: list[str] = []
    blocked: list[str] = []

    def block(route):
        blocked.append(route.request.url)
        route.abort()

    with sync_playwright() as p:
        ctx = launch_chromium(p, tmp_path / "profile", offline=True, viewport={"width": 1100, "height": 900})
        try:
            ctx.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file:")
                      else block(route))
            page = ctx.new_page()
            page.on("request", lambda r: requests.append(r.url))
            page.goto(page_file.as_uri(), wait_until="load")
            plots = page.locator("figure.plot svg")
            assert plots.count() == 3
            for i in range(3):
                box = plots.nth(i).bounding_box()
                assert box["width"] > 300 and box["height"] > 100

            # bars: heights in the proportion of their figures, on one axis
            def height(metric: str) -> float:
                return page.locator(f"#bar-{metric}-all path").bounding_box()["height"]

            figures = {"hit1": summary["hit@1"], "hit5": summary["hit@5"],
                       "refusal_accuracy": summary["refusal_accuracy"]}
            assert figures["hit1"] == 0.5 and figures["refusal_accuracy"] == 1.0, summary  # price refused
            for metric, value in figures.items():
                assert height(metric) / height("hit1") == pytest.approx(value / 0.5, rel=0.03), metric
            assert page.locator("#bar-false_refusals-all path").bounding_box()["height"] < 1  # 0.0
            assert page.locator("#plot-bars svg text", has_text="0.5").count() >= 1

            line = page.locator("#threshold-line path").bounding_box()
            assert line["height"] > 50 and line["width"] < 5  # a vertical line across the axes
            assert page.locator("#plot-scores svg text", has_text=re.compile(r"^\s*bar 0\.\d+")).count() == 2

            misses = page.locator("section.miss")
            assert [misses.nth(i).get_attribute("id") for i in range(misses.count())] == ["miss-miss"]
            images = page.locator("section.miss img")
            assert images.count() == 2
            for i in range(2):
                assert images.nth(i).evaluate("img => img.complete && img.naturalWidth") == 480
            small = images.nth(0).bounding_box()["width"]
            images.nth(0).click()
            page.wait_for_function("location.hash === '#page-1'")
            assert images.nth(0).bounding_box()["width"] > 1.5 * small  # shown large
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "eval-report.png"))
            page.locator("figure.page:target a.close").click(position={"x": 5, "y": 5})
            page.wait_for_function("location.hash === '#_'")
            assert images.nth(0).bounding_box()["width"] == pytest.approx(small, abs=1)
        finally:
            ctx.close()
    assert blocked == [] and all(u.startswith("file:") for u in requests), (blocked, requests)
