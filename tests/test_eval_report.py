"""pincite.eval.report: the eval's HTML page, built from generated records (figures, bars,
the refusal bar, every miss, page images, no outside URL), and Library.page_thumbnail on a
generated PDF."""
from __future__ import annotations

import re
import struct

import pytest

from pdfgen import make_pdf
from pincite.config import Settings
from pincite.eval import report as eval_report
from pincite.eval import run as evaluate
from pincite.eval.run import EvalRecord
from pincite.library.facade import Library

BAR = 0.05
#: A tiny real PNG (1x1, white): what the report must embed as given.
PNG_1PX = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010800000000"
                        "3a7e9b550000000a49444154789c63f80f00010101001b0d6d2a0000000049454e44ae426082")


def record(id: str, lang: str, *, answer: str | None = "x", status: str = "answered", hit1: bool = True,
           hit5: bool = True, relevance: float | None = 0.5, cited_page: int | None = 2) -> EvalRecord:
    citations = [] if cited_page is None else [
        {"doc_id": "d1", "file": "manual.pdf", "page": cited_page, "page_label": str(cited_page + 6),
         "verified": True, "quote": f"quote of {id} <on page {cited_page}>", "crosscheck": None,
         "crosscheck_level": None}]
    return EvalRecord(id=id, lang=lang, kind="fact" if answer else "refusal", question=f"Question {id} & more?",
                      expected_doc="manual.pdf", expected_answer=answer, expected_pages=[3] if answer else [],
                      status=status, answer=f"answer of {id}", citations=citations, hit1=hit1, hit5=hit5,
                      seconds=0.25, relevance=relevance, threshold=BAR)


def records() -> list[EvalRecord]:
    """en: 4 answerable (3 first hits, 1 cited second), 2 refusal questions (1 refused);
    ru: 2 answerable (1 hit, 1 falsely refused), 1 refusal question refused; zh: 1 hit,
    1 answerable cited nowhere near, 1 refusal question answered."""
    return [
        record("en-1", "en"), record("en-2", "en"), record("en-3", "en"),
        record("en-4", "en", hit1=False, hit5=True),
        record("en-r1", "en", answer=None, status="refused", hit1=False, hit5=False, relevance=0.01,
               cited_page=None),
        record("en-r2", "en", answer=None, hit1=False, hit5=False, relevance=0.2),
        record("ru-1", "ru"),
        record("ru-2", "ru", status="refused", hit1=False, hit5=False, relevance=0.03, cited_page=None),
        record("ru-r1", "ru", answer=None, status="refused", hit1=False, hit5=False, relevance=0.0,
               cited_page=None),
        record("zh-1", "zh", relevance=0.9),
        record("zh-2", "zh", hit1=False, hit5=False, cited_page=5),
        record("zh-r1", "zh", answer=None, hit1=False, hit5=False, relevance=0.3),
    ]


MISSES = {"en-4": "not first", "en-r2": "expects a refusal", "ru-2": "false refusal",
          "zh-2": "first five", "zh-r1": "expects a refusal"}


@pytest.fixture(scope="module")
def page():
    asked = []

    def page_image(ref: eval_report.PageRef):
        asked.append(ref)
        return None if ref.page == 5 else PNG_1PX  # page 5: as if a sheet, no image

    html = eval_report.build_report(records(), title="eval <test>", page_image=page_image,
                                    environment={"embedder": "use-m3", "versions": {"numpy": "2"}})
    return html, asked


def bar_labels(html: str) -> list[str]:
    """The texts drawn in the bars plot's SVG (tick labels, bar figures, legend)."""
    svg = re.search(r'<figure class="plot" id="plot-bars">(.*?)</figure>', html, re.S).group(1)
    return [t.strip() for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg)]


def test_figures_per_language_in_the_table_and_on_the_bars(page):
    html, _ = page
    s = evaluate.summarise(records())
    assert s.rows["en"]["hit@1"] == 0.75 and s.rows["ru"]["false_refusals"] == 0.5
    assert s.rows["zh"]["refusal_accuracy"] == 0.0 and s.rows["all"]["hit@5"] == 0.75
    for lang in ("en", "ru", "zh", "all"):
        row = re.search(rf'<tr id="row-{lang}">(.*?)</tr>', html).group(1)
        cells = re.findall(r"<td>([^<]*)</td>", row)
        for metric in eval_report.BAR_METRICS:
            assert f"{s.rows[lang][metric]:g}" in cells, (lang, metric, cells)
            assert f'id="bar-{eval_report._id(metric)}-{lang}"' in html
    labels = bar_labels(html)
    # each bar's figure is written on it, in the order drawn: metric by metric, language by language
    expected = [f"{s.rows[lang][m]:g}" for m in eval_report.BAR_METRICS for lang in ("en", "ru", "zh", "all")]
    figures = [t for t in labels if re.fullmatch(r"[0-9.]+|–", t)]
    assert expected == [t for t in figures if t in expected][:16] and set(expected) <= set(figures)
    assert {"en", "ru", "zh", "all", "hit@1", "false refusals"} <= set(labels)


def test_threshold_line_and_its_value(page):
    html, _ = page
    assert 'id="threshold-line"' in html and "bar 0.05" in html
    assert eval_report.threshold_of(records()) == BAR
    # no bar recorded: no line drawn, and the page says so
    bare = [record("a", "en", relevance=None)]
    bare[0].threshold = None
    other = eval_report.build_report(bare)
    assert "threshold-line" not in other and "refusal bar not recorded" in other
    assert "1 record(s) carry no score" in other


def test_threshold_line_stands_at_the_bar(page):
    """The dashed line's x lies between the log-axis ticks 10^-2 and 10^-1, where 0.05 is."""
    html, _ = page
    svg = re.search(r'<figure class="plot" id="plot-scores">(.*?)</figure>', html, re.S).group(1)
    line = re.search(r'<g id="threshold-line">\s*<path d="M ([0-9.]+) ', svg)
    ticks = {}
    for m in re.finditer(r'<use xlink:href="#[^"]+" x="([0-9.]+)"[^>]*/>\s*</g>\s*</g>\s*<g id="text_\d+">\s*'
                         r'<!-- \$\\mathdefault\{10\^\{(-?\d+)\}\}\$ -->', svg):
        ticks[m.group(2)] = float(m.group(1))
    x = float(line.group(1))
    lo, hi = ticks["-2"], ticks["-1"]
    # log10(0.05) = -1.30: 70% of the way from 10^-2 to 10^-1
    assert (x - lo) / (hi - lo) == pytest.approx(0.699, abs=0.02)


def test_every_miss_is_listed_with_cited_and_expected(page):
    html, _ = page
    listed = re.findall(r'<section class="miss" id="miss-([^"]+)">', html)
    assert listed == list(MISSES)
    assert f"Misses ({len(MISSES)})" in html
    for id, why in MISSES.items():
        section = re.search(rf'<section class="miss" id="miss-{id}">(.*?)</section>', html, re.S).group(1)
        assert why in section and f"Question {id} &amp; more?" in section
        if id in ("en-4", "zh-2"):
            page = 5 if id == "zh-2" else 2
            assert f"p. {page + 6} (PDF p. {page})" in section  # the citation with its printed label
            assert f"quote of {id} &lt;on page {page}&gt;" in section
            assert "expected</b> manual.pdf, PDF p. 3: x" in section
    assert [m.record.id for m in eval_report.misses(records())] == list(MISSES)


def test_page_images_are_embedded_once_per_page(page):
    html, asked = page
    uri = "data:image/png;base64,iVBORw0KGgo"
    # en-4 and ru-2/zh-2: cited page 2 and expected page 3 of manual.pdf; zh-2 cites page 5
    assert set(asked) == {eval_report.PageRef("manual.pdf", 2, "d1"), eval_report.PageRef("manual.pdf", 3),
                          eval_report.PageRef("manual.pdf", 5, "d1")}
    assert len(asked) == 3  # rendered once each, though shown for several misses
    assert html.count(f'<img src="{uri}') == 6  # en-4: 2, ru-2: expected, zh-2: expected, en-r2/zh-r1: cited
    assert "cited first: manual.pdf, PDF p. 5 (no page image)" in html


def test_the_page_asks_for_nothing_outside(page):
    html, _ = page
    assert html.count("<svg") == 3
    urls = re.findall(r"(?:https?:)?//[\w.-]+", html)
    assert urls == [], urls
    assert not re.search(r"<(script|link|iframe|object|embed)\b", html)
    assert not re.search(r"""(?:src|href)\s*=\s*["'](?!data:|#)""", html)
    assert not re.search(r"url\((?!#)", html) and "@import" not in html  # url(#clip) is the SVG's own
    assert "eval &lt;test&gt;" in html and "<test>" not in html


def test_write_report_and_a_record_without_a_bar(tmp_path):
    out = tmp_path / "r.html"
    eval_report.write_report(out, records()[:3])
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    with pytest.raises(OSError):
        eval_report.write_report(tmp_path / "missing" / "r.html", records()[:3])


def png_size(png: bytes) -> tuple[int, int]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and png[12:16] == b"IHDR"
    return struct.unpack(">II", png[16:24])


def test_library_page_thumbnail(tmp_path):
    make_pdf(tmp_path / "a.pdf", ["First page text.", "Second page text, a little longer."])
    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        (res,) = lib.ingest([tmp_path / "a.pdf"])
        png = lib.page_thumbnail(res.doc_id, 2, width_px=200)
        width, height = png_size(png)
        assert width == 200 and height == pytest.approx(200 * 842 / 595, abs=2)  # A4 portrait
        assert png != lib.page_thumbnail(res.doc_id, 1, width_px=200)
        assert lib.page_thumbnail(res.doc_id, 3) is None and lib.page_thumbnail(res.doc_id, 0) is None
        assert lib.page_thumbnail("nope", 1) is None


def test_pages_are_named_as_the_cli_names_them():
    """A PDF's page is "PDF p. N", a DOCX's (the pages of its conversion) "p. N", as the CLI
    names them; an expected sheet, which has no page, names none."""
    import dataclasses

    base = record("d-1", "ru", hit1=False, hit5=False)
    docx = dataclasses.replace(base, expected_doc="terms.docx", expected_pages=[1], citations=[
        {**base.citations[0], "file": "terms.docx", "page": 1, "page_label": None}])
    sheet = dataclasses.replace(base, id="s-1", expected_doc="prices.xlsx", expected_pages=[])
    html = eval_report.build_report([docx, sheet], title="pages")
    docx_part = re.search(r'<section class="miss" id="miss-d-1">(.*?)</section>', html, re.S).group(1)
    assert "expected</b> terms.docx, p. 1: x" in docx_part and "terms.docx, p. 1, verified" in docx_part, docx_part
    assert "PDF p." not in docx_part, docx_part
    sheet_part = re.search(r'<section class="miss" id="miss-s-1">(.*?)</section>', html, re.S).group(1)
    assert "expected</b> prices.xlsx: x" in sheet_part, sheet_part
