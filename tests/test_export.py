"""The evidence export (pincite.library.export: `pincite ask --export md|csv` and the web's
POST /api/export): verified claims only, with quote, source line and a link that opens the
cited page; the claims of a compound answer's parts each once, the calculations done."""
from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pdfgen import make_pdf
from pincite.contract import Answer, Citation, Claim, PdfAddress
from pincite.library.export import (
    COLUMNS,
    csv_cell,
    display_source,
    evidence_cards,
    evidence_file,
    for_display,
    has_evidence,
    served_link,
)


def _cit(quote: str, verified: bool, page: int = 47, label: str | None = "5-12") -> Citation:
    return Citation(chunk_id="ab" * 8 + f"-p{page}-c0", doc_id="ab" * 8, file="manual|v2.pdf",
                    address=PdfAddress(page=page, page_end=page, page_label=label), page=page,
                    page_label=label, quote=quote, verified=verified)


def _answer() -> Answer:
    return Answer(question="Max pressure?", status="answered", language="en", answer="...", claims=[
        Claim(text="The limit is 10 bar | at 20 °C.", verified=True,
              citations=[_cit("maximum pressure is 10 bar at 20 °C", True)]),
        Claim(text="The pump weighs 40 kg.", verified=False, reason="quote not in the cited passage",
              citations=[_cit("The pump weighs 40 kg", False)]),
    ])


def link(c: Citation) -> str:
    page = f"#page={c.address.page}" if isinstance(c.address, PdfAddress) else ""
    return f"http://127.0.0.1:8000/api/documents/{c.doc_id}/file{page}"


def test_csv_holds_verified_claims_only_and_parses_back():
    rows = list(csv.reader(io.StringIO(evidence_cards(_answer(), "csv", link))))
    assert rows == [["claim", "quote", "source", "link", "file", "title", "page", "page_label", "address",
                     "status", "message", "reasons", "row_headers"],
                    ["The limit is 10 bar | at 20 °C.", "maximum pressure is 10 bar at 20 °C",
                     "manual|v2.pdf, p. 5-12 (PDF 47)",
                     "http://127.0.0.1:8000/api/documents/abababababababab/file#page=47",
                     "manual|v2.pdf", "", "47", "5-12", "p. 5-12 (PDF 47)", "answered", "", "", ""]]


def test_markdown_escapes_table_syntax_and_links_the_page():
    md = evidence_cards(_answer(), "md", link)
    lines = md.splitlines()
    assert lines[0] == "## Max pressure?" and len([line for line in lines if line.startswith("| 1 ")]) == 1
    assert "40 kg" not in md
    row = lines[-1]
    assert row.count(" | ") == 3  # escaped pipes do not open new cells
    assert "10 bar \\| at 20 °C" in row and "manual\\|v2.pdf" in row
    assert row.endswith("(<http://127.0.0.1:8000/api/documents/abababababababab/file#page=47>) |")
    with pytest.raises(ValueError, match="choose one of md, csv"):
        evidence_cards(_answer(), "pdf", link)


def _refused(lang: str = "en") -> Answer:
    text = {"en": "Not found in the library: no passage answers this question.",
            "ru": "В библиотеке ответа нет: ни один фрагмент не отвечает на этот вопрос."}[lang]
    return Answer(question="Сколько стоит котёл ТК-7?" if lang == "ru" else "Price of the TK-7?",
                  status="refused", language=lang, answer=text,
                  warnings=["no passage found holds these words of the question: стоит"])


def test_a_refusal_exports_its_status_and_reason_in_every_format():
    """A refused answer exports no empty table: the status, the answer's text and the
    reasons are stated (the JSON of `--json` carries them as fields)."""
    md = evidence_cards(_refused(), "md", link)
    assert md.splitlines() == [
        "## Price of the TK-7?", "",
        "**status: refused**: Not found in the library: no passage answers this question.",
        "- no passage found holds these words of the question: стоит"]
    ru = evidence_cards(_refused("ru"), "md", link)
    assert "**статус: отказ**: В библиотеке ответа нет" in ru and "| " not in ru
    rows = list(csv.DictReader(io.StringIO(evidence_cards(_refused(), "csv", link))))
    # the status, the answer's text and its reasons each in their own column; no claim or quote
    assert rows == [{**{c: "" for c in COLUMNS}, "status": "refused",
                     "message": "Not found in the library: no passage answers this question.",
                     "reasons": "no passage found holds these words of the question: стоит"}]
    # the file the web UI downloads (POST /api/export) is the same text
    assert evidence_file(_refused(), "md", link).data.decode() == md
    data = _refused().model_dump(mode="json")
    assert data["status"] == "refused" and data["warnings"] and data["answer"]
    # an answered one states its status too, in Markdown, and adds no row to the CSV
    assert evidence_cards(_answer(), "md", link).splitlines()[2] == "**status: answered**"
    # a person's export speaks the answer's language: its status and its table's header
    zh = evidence_cards(_answer().model_copy(update={"language": "zh"}), "md", link).splitlines()
    assert zh[2] == "**状态：已回答**" and zh[4] == "| # | 陈述 | 引文 | 来源 |"
    assert len(list(csv.reader(io.StringIO(evidence_cards(_answer(), "csv", link))))) == 2


def test_cli_export_links_the_stored_original_at_the_page(tmp_path):
    pdf = make_pdf(tmp_path / "pump.pdf", ["Pump manual.", "The maximum pressure of the pump is 10 bar."])
    env = {**os.environ, "PINCITE_EMBEDDER": "none", "COLUMNS": "200"}
    cli = [sys.executable, "-c", "from pincite.cli.main import main; main()", "--data", str(tmp_path / "data")]
    subprocess.run(cli + ["ingest", str(pdf)], check=True, capture_output=True, env=env, timeout=120)
    done = subprocess.run(cli + ["ask", "--export", "csv", "What is the maximum pressure of the pump?"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    header, first, *_ = list(csv.reader(io.StringIO(done.stdout)))
    assert header == list(COLUMNS)
    assert first[2] == "pump.pdf, PDF p. 2" and first[3].startswith("file://") and first[3].endswith("#page=2")
    target = Path(first[3][len("file://"):].split("#")[0])
    assert target.read_bytes() == pdf.read_bytes()
    done = subprocess.run(cli + ["ask", "--export", "csv", "What is the price of the pump?"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    (refused,) = list(csv.DictReader(io.StringIO(done.stdout)))  # a refusal: its status row alone
    assert refused["status"] == "refused" and refused["claim"] == refused["quote"] == ""
    assert refused["message"].startswith("Not found") and refused["reasons"], refused
    done = subprocess.run(cli + ["ask", "--export", "xml", "pressure?"], capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 2 and "choose one of md, csv" in done.stderr


@pytest.mark.parametrize("start, end, lang, where", [
    (4, 4, "en", "notes.txt, line 4"), (4, 9, "en", "notes.txt, lines 4-9"),
    (4, 4, "ru", "notes.txt, строка 4"), (4, 9, "zh", "notes.txt, 第 4–9 行"),
])
def test_source_line_of_a_line_range(start, end, lang, where):
    from pincite.contract import LinesAddress
    from pincite.library.export import source_line

    c = Citation(chunk_id="ab" * 8 + "-p1-c0", doc_id="ab" * 8, file="notes.txt",
                 address=LinesAddress(start=start, end=end), quote="x" * 12)
    assert source_line(c, lang) == where


@pytest.mark.parametrize("value, shown", [
    ("=HYPERLINK(\"http://evil.example\",\"x\")", "'=HYPERLINK(\"http://evil.example\",\"x\")"),
    ("+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"), ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
    ("-cmd", "'-cmd"), ("\t=1", "'\t=1"), ("\r=1", "'\r=1"),
    ("-20 °C", "-20 °C"), ("-0.5 bar", "-0.5 bar"), ("- item", "- item"), ("10 bar = 1 MPa", "10 bar = 1 MPa"),
    (None, ""),
])
def test_csv_cell_makes_formulas_text(value, shown):
    """The web UI's csvCell rule (test_web_browser checks the same cases in chromium)."""
    assert csv_cell(value) == shown


def test_cli_csv_export_neutralises_formula_cells(tmp_path):
    pdf = make_pdf(tmp_path / "pump.pdf", ["Pump manual.",
                                           "=HYPERLINK(\"http://evil.example\") "
                                           "The maximum pressure of the pump is 10 bar."])
    env = {**os.environ, "PINCITE_EMBEDDER": "none", "COLUMNS": "200"}
    cli = [sys.executable, "-c", "from pincite.cli.main import main; main()", "--data", str(tmp_path / "data")]
    subprocess.run(cli + ["ingest", str(pdf)], check=True, capture_output=True, env=env, timeout=120)
    done = subprocess.run(cli + ["ask", "--export", "csv", "What is the maximum pressure of the pump?"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    header, *rows = list(csv.reader(io.StringIO(done.stdout)))
    assert rows and any("HYPERLINK" in cell for row in rows for cell in row), done.stdout
    for row in rows:
        for cell in row:
            assert not cell.startswith(("=", "+", "@")), row


def _calc_answer() -> Answer:
    from pincite.contract import CalcInput, Calculation, SlideAddress

    slide = Citation(chunk_id="cd" * 8 + "-p3-c0", doc_id="cd" * 8, file="deck.pptx",
                     address=SlideAddress(slide=3), unit=3, quote="Rated 1.6 MPa", verified=True)
    calc = Calculation(formula="x * 10", substitution="1.6 MPa × 10 bar/MPa", result="16.0", shown="16",
                       unit="bar", precision="2 significant figures", verified=True,
                       inputs=[CalcInput(name="x", value="1.6", unit="MPa", text="1.6 MPa", citation=slide,
                                         verified=True)])
    return Answer(question="q", status="answered", language="en", answer="", calculation=calc,
                  claims=[Claim(text="Rated 1.6 MPa", verified=True, citations=[slide])])


def test_export_has_a_row_per_calculation_done_and_none_for_one_not_done():
    link = served_link("http://127.0.0.1:8000/")
    rows = list(csv.DictReader(io.StringIO(evidence_cards(_calc_answer(), "csv", link))))
    assert [r["claim"] for r in rows] == ["Rated 1.6 MPa", "calculation"]
    assert rows[0]["source"] == "deck.pptx, slide 3" and rows[0]["address"] == "slide 3"
    assert rows[0]["link"] == "http://127.0.0.1:8000/api/documents/cdcdcdcdcdcdcdcd/file" and rows[0]["page"] == ""
    assert rows[1]["quote"] == "1.6 MPa × 10 bar/MPa = 16 bar"
    assert rows[1]["source"] == "computed by pincite: x * 10; 2 significant figures" and rows[1]["link"] == ""
    md = evidence_cards(_calc_answer(), "md", link)
    # pincite's own text: no quote marks, which say a quote is the document's verbatim
    assert "| 2 | calculation | 1.6 MPa × 10 bar/MPa = 16 bar | computed by pincite: x \\* 10; 2 significant" in md
    failed = _calc_answer()
    assert failed.calculation is not None
    failed.calculation = failed.calculation.model_copy(update={"verified": False, "result": None, "shown": None})
    rows = list(csv.DictReader(io.StringIO(evidence_cards(failed, "csv", link))))
    assert [r["claim"] for r in rows] == ["Rated 1.6 MPa"], "a calculation not done is not exported"


def test_a_compound_answer_exports_each_part_claim_once():
    ans = _answer()
    part = _answer().model_copy(update={"question": "part", "claims": [
        ans.claims[0], Claim(text="Seals are inspected yearly.", verified=True,
                             citations=[_cit("Seals are inspected once a year", True, page=48, label=None)])]})
    compound = ans.model_copy(update={"parts": [part]})
    rows = list(csv.DictReader(io.StringIO(evidence_cards(compound, "csv", link))))
    assert [r["claim"] for r in rows] == ["The limit is 10 bar | at 20 °C.", "Seals are inspected yearly."]
    assert rows[1]["source"] == "manual|v2.pdf, PDF p. 48" and rows[1]["page_label"] == ""


def test_the_download_is_utf8_with_a_bom_before_a_csv():
    csv_file = evidence_file(_answer(), "csv", link)
    assert (csv_file.file_name, csv_file.media_type) == ("pincite-evidence.csv", "text/csv; charset=utf-8")
    assert csv_file.data.startswith("\ufeff".encode()) and csv_file.data.decode("utf-8-sig") == \
        evidence_cards(_answer(), "csv", link)
    md_file = evidence_file(_answer(), "md", link)
    assert md_file.file_name == "pincite-evidence.md" and md_file.data.decode() == evidence_cards(_answer(), "md", link)
    with pytest.raises(ValueError, match="choose one of md, csv"):
        evidence_file(_answer(), "xml", link)


def test_for_display_gives_every_citation_the_exported_source_line():
    """Each citation of an answer (claims, passages, calculation inputs, parts, compare
    items) carries the source line the export and the CLI write, in its answer's language:
    document fields, registry status, upload, section, page."""
    from pincite.contract import CompareItem

    fielded = _cit("maximum pressure is 10 bar at 20 °C", True).model_copy(update={
        "model": "PX-200", "modification": "B", "revision": "3.0", "status": "in_force", "trust": "uploaded",
        "section": "5 Checks › 5.3 Pressure check"})
    ans = _answer()
    ans.claims[0].citations = [fielded]
    ans.passages = [_cit("The pump weighs 40 kg", False, page=3, label=None)]
    ru = _answer().model_copy(update={"language": "ru", "question": "часть"})
    ans.parts = [ru]
    ans.compare = [CompareItem(revision="3.0", answer=_calc_answer())]
    for_display(ans)
    assert fielded.source == ("manual|v2.pdf, PX-200, mod. B, rev. 3.0 (in force), uploaded, not normative, "
                              "§5.3 Pressure check, p. 5-12 (PDF 47)")
    rows = list(csv.DictReader(io.StringIO(evidence_cards(ans, "csv", link))))
    assert rows[0]["source"] == fielded.source, "the screen's line is the export's"
    assert ans.passages[0].source == "manual|v2.pdf, PDF p. 3"
    assert ans.claims[1].citations[0].source == "manual|v2.pdf, p. 5-12 (PDF 47)", "unverified ones too"
    assert ru.claims[0].citations[0].source == "manual|v2.pdf, с. 5-12 (PDF 47)", "in the part's language"
    calc = ans.compare[0].answer.calculation
    assert calc is not None and calc.inputs[0].citation is not None
    assert calc.inputs[0].citation.source == "deck.pptx, slide 3"
    # a control character in a file name is shown escaped, as in the export
    odd = _cit("x" * 12, True).model_copy(update={"file": "a\x1b[31m.pdf"})
    assert display_source(odd, "en") == "a\\x1b[31m.pdf, p. 5-12 (PDF 47)"


def test_exportable_says_whether_the_export_has_a_row():
    """`exportable` (set by for_display) follows the export's rule: a verified citation of a
    verified claim, or a calculation done, in the answer or a part."""
    assert for_display(_answer()).exportable is True
    unverified = _answer()
    unverified.claims = unverified.claims[1:]
    assert has_evidence(unverified) is False and for_display(unverified).exportable is False
    # a verified claim whose citations all failed has nothing to export
    claim_only = _answer()
    claim_only.claims[0].citations[0].verified = False
    assert for_display(claim_only).exportable is False
    assert for_display(_calc_answer()).exportable is True
    calc_only = _calc_answer()
    calc_only.claims = []
    assert for_display(calc_only).exportable is True, "a calculation done is exported"
    assert calc_only.calculation is not None
    calc_only.calculation.verified = False
    assert for_display(calc_only).exportable is False
    in_part = unverified.model_copy(update={"parts": [_answer()]})
    assert for_display(in_part).exportable is True and in_part.parts[0].exportable is True


def test_a_comparison_exports_the_claims_of_each_revision():
    """`ask --compare` answers each revision apart (the top-level Answer has no claims): the
    export holds the verified claims of every side, not an empty table under "answered"."""
    from pincite.contract import CompareItem

    both = Answer(question="Max pressure?", status="partial", language="en", answer="...",
                  compare=[CompareItem(revision="2.1", answer=_answer()),
                           CompareItem(revision="3.0", answer=_refused())])
    rows = list(csv.DictReader(io.StringIO(evidence_cards(both, "csv", link))))
    assert [(r["claim"], r["status"], r["message"]) for r in rows] == [
        ("The limit is 10 bar | at 20 °C.", "partial", ""), ("", "partial", "...")]
    md = evidence_cards(both, "md", link)
    assert "**status: partial**: ..." in md and len([line for line in md.splitlines() if line.startswith("| 1 ")]) == 1
