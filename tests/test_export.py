"""Evidence cards (`pincite ask --export md|csv`): verified claims only, with quote, source
line and a link that opens the cited page."""
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
from pincite.cli.export import csv_cell, evidence_cards


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
    return f"http://127.0.0.1:8000/api/documents/{c.doc_id}/file#page={c.address.page}"


def test_csv_holds_verified_claims_only_and_parses_back():
    rows = list(csv.reader(io.StringIO(evidence_cards(_answer(), "csv", link))))
    assert rows == [["claim", "quote", "source", "link"],
                    ["The limit is 10 bar | at 20 °C.", "maximum pressure is 10 bar at 20 °C",
                     "manual|v2.pdf, p. 5-12 (PDF 47)",
                     "http://127.0.0.1:8000/api/documents/abababababababab/file#page=47"]]


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
    assert "**статус: refused**: В библиотеке ответа нет" in ru and "| # |" not in ru
    rows = list(csv.reader(io.StringIO(evidence_cards(_refused(), "csv", link))))
    assert rows == [["claim", "quote", "source", "link"],
                    ["status: refused: Not found in the library: no passage answers this question.",
                     "no passage found holds these words of the question: стоит", "", ""]]
    data = _refused().model_dump(mode="json")
    assert data["status"] == "refused" and data["warnings"] and data["answer"]
    # an answered one states its status too, in Markdown, and adds no row to the CSV
    assert evidence_cards(_answer(), "md", link).splitlines()[2] == "**status: answered**"
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
    assert header == ["claim", "quote", "source", "link"]
    assert first[2] == "pump.pdf, PDF p. 2" and first[3].startswith("file://") and first[3].endswith("#page=2")
    target = Path(first[3][len("file://"):].split("#")[0])
    assert target.read_bytes() == pdf.read_bytes()
    done = subprocess.run(cli + ["ask", "--export", "xml", "pressure?"], capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 2 and "choose one of md, csv" in done.stderr


@pytest.mark.parametrize("start, end, lang, where", [
    (4, 4, "en", "notes.txt, line 4"), (4, 9, "en", "notes.txt, lines 4-9"),
    (4, 4, "ru", "notes.txt, строка 4"), (4, 9, "zh", "notes.txt, 第 4–9 行"),
])
def test_source_line_of_a_line_range(start, end, lang, where):
    from pincite.contract import LinesAddress
    from pincite.cli.export import source_line

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
                                           "=HYPERLINK(\"http://evil.example\") The maximum pressure of the pump is 10 bar."])
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


def test_a_comparison_exports_the_claims_of_each_revision():
    """`ask --compare` answers each revision apart (the top-level Answer has no claims): the
    export holds the verified claims of every side, not an empty table under "answered"."""
    from pincite.contract import CompareItem

    both = Answer(question="Max pressure?", status="partial", language="en", answer="...",
                  compare=[CompareItem(revision="2.1", answer=_answer()),
                           CompareItem(revision="3.0", answer=_refused())])
    rows = list(csv.reader(io.StringIO(evidence_cards(both, "csv", link))))
    assert [r[0] for r in rows] == ["claim", "The limit is 10 bar | at 20 °C.", "status: partial: ..."]
    md = evidence_cards(both, "md", link)
    assert "**status: partial**: ..." in md and len([line for line in md.splitlines() if line.startswith("| 1 ")]) == 1
