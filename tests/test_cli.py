"""The `pincite` command as a user runs it, on the bundled demo library."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, data: Path, check: bool = True, env: dict | None = None) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-c", "from pincite.cli.main import main; main()", "--data", str(data), *args]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=120,
                       env={**os.environ, "COLUMNS": "200", **(env or {})})
    if check:
        assert p.returncode == 0, p.stderr + p.stdout
    return p


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    out = tmp_path_factory.mktemp("demo")
    subprocess.run([sys.executable, str(ROOT / "demo" / "build_demo.py"), str(out)], check=True)
    data = tmp_path_factory.mktemp("data")
    p = run("ingest", str(out), data=data)
    return out, data, p


def test_ingest_prints_summary_table(demo):
    out, _, p = demo
    for pdf in out.glob("*.pdf"):
        assert pdf.name in p.stdout
    assert "3 files" in p.stdout and "added" in p.stdout


def test_ask_json_is_the_answer_contract(demo):
    _, data, _ = demo
    p = run("ask", "What is the rated pressure of the PX-200?", "--json", data=data)
    ans = json.loads(p.stdout)
    assert ans["status"] == "answered" and ans["language"] == "en"
    cit = ans["claims"][0]["citations"][0]
    assert cit["file"] == "px200_manual_en.pdf" and cit["verified"] is True
    assert (cit["page"], cit["page_label"]) == (3, "1")
    assert cit["address"] == {"kind": "pdf", "page": 3, "page_end": 3, "page_label": "1",
                              "label_source": "pagelabels"}
    assert "25 MPa" in cit["quote"]


def test_ask_text_shows_page_label_and_physical_page(demo):
    _, data, _ = demo
    p = run("ask", "What is the rated pressure of the PX-200?", data=data)
    assert "p. 1 (PDF 3)" in p.stdout and "verified" in p.stdout
    # written to a pipe or log, nothing is wrapped: a quote and its source line stay whole
    # lines however narrow the terminal it was started from
    narrow = run("ask", "What is the rated pressure of the PX-200?", data=data, env={"COLUMNS": "30"})
    lines = narrow.stdout.splitlines()
    assert any(line.startswith("[1] «The rated pressure of the PX-200 is 25 MPa.") and line.endswith("»")
               for line in lines), lines
    assert any(line.strip().startswith("px200_manual_en.pdf, ") and line.endswith("✓ verified")
               for line in lines), lines
    p = run("ask", "Какова емкость бака насоса НД-40?", data=data)
    assert "Ёмкость бака насоса составляет 12 л" in p.stdout and "с. 3" in p.stdout


def test_refusal_in_the_questions_language(demo):
    _, data, _ = demo
    p = run("ask", "Сколько стоит насос НД-40?", "--json", data=data)
    ans = json.loads(p.stdout)
    assert ans["status"] == "refused" and ans["claims"] == []
    assert ans["answer"].startswith("В библиотеке ответа нет")


def test_docs_lists_documents(demo):
    _, data, _ = demo
    p = run("docs", "--json", data=data)
    docs = json.loads(p.stdout)
    assert sorted(d["file_name"] for d in docs["documents"]) == [
        "kd5_manual_zh.pdf", "nd40_manual_ru.pdf", "px200_manual_en.pdf"]
    assert all(d["state"] == "ready" for d in docs["documents"]) and docs["problems"] == []


def test_eval_on_demo_questions(demo, tmp_path):
    _, data, _ = demo
    out = tmp_path / "records.jsonl"
    p = run("eval", str(ROOT / "demo" / "expected.jsonl"), "--out", str(out), "--json", data=data)
    report = json.loads(p.stdout)  # one JSON object, nothing else on stdout
    assert {"environment", "summary", "crosscheck", "query_p50_ms", "query_p95_ms"} <= set(report)
    assert "ingest" not in report  # nothing was ingested
    assert (report["questions_without_document"], report["documents_missing"]) == (0, [])
    figures = report["summary"]["all"]
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 12
    assert figures["hit@1"] == 1.0 and figures["refusal_accuracy"] == 1.0, records
    assert figures["false_refusals"] == 0.0
    env = report["environment"]
    assert env["corpus"] == {"files": 3, "pages": sum(r.pages for r in _demo_rows(data))}
    assert env["retrieval"] == "hybrid" and env["embedder"]
    assert {"pincite", "python", "pypdfium2", "qdrant-edge-py", "numpy"} <= set(env["versions"])
    assert set(env["cpus"]) == {"os_cpu_count", "affinity"}
    assert 0 < report["query_p50_ms"] <= report["query_p95_ms"]
    cc = report["crosscheck"]
    verified = [c for r in records for c in r["citations"] if c["verified"]]
    assert cc["verified"] == len(verified) > 0
    if shutil.which("pdftotext"):
        # every verified quote of the demo manuals (en, ru, zh) is on the page for poppler too
        assert cc["available"] is True and cc["confirmed"] == len(verified)
        assert figures["crosschecked_quotes"] == 1.0
        assert all(c["crosscheck"] is True for c in verified)
    # the table fits 80 columns with its headers whole
    narrow = run("eval", str(ROOT / "demo" / "expected.jsonl"), "--out", str(out), data=data, env={"COLUMNS": "80"})
    head = "\n".join(narrow.stdout.splitlines()[:4])
    assert all(w in head for w in ("accuracy", "refusals", "quotes", "checked", "labels"))
    assert all(len(line) <= 80 for line in narrow.stdout.splitlines()[:7])  # title, 2 header lines, 4 rows


def test_eval_ingests_and_reports_without_pdftotext(demo, tmp_path):
    """No pdftotext on PATH: the crosscheck is null, said once, and the run still succeeds."""
    out_dir, _, _ = demo
    data = tmp_path / "data"
    bare = tmp_path / "bin"
    bare.mkdir()
    env = {"PATH": str(bare)}
    questions = str(ROOT / "demo" / "expected.jsonl")
    p = run("eval", questions, "--corpus", str(out_dir), "--out", str(tmp_path / "r.jsonl"), "--json",
            data=data, env=env)
    report = json.loads(p.stdout)
    assert report["ingest"]["files"] == 3 and report["ingest"]["pages"] == report["environment"]["corpus"]["pages"]
    assert report["ingest"]["pages_per_s"] > 0
    cc = report["crosscheck"]
    assert cc["available"] is False and "pdftotext" in cc["note"] and cc["crosschecked_quotes"] is None
    assert report["environment"]["pdftotext"] is None
    assert report["summary"]["all"]["hit@1"] == 1.0
    assert report["summary"]["all"]["crosschecked_quotes"] is None
    records = [json.loads(line) for line in (tmp_path / "r.jsonl").read_text().splitlines()]
    assert all(c["crosscheck"] is None for r in records for c in r["citations"])
    p = run("eval", questions, "--out", str(tmp_path / "r2.jsonl"), data=data, env=env)
    assert p.stdout.count("pdftotext not found") == 1
    assert "environment: pincite" in p.stdout and "pdftotext missing" in p.stdout
    assert "cross-" in p.stdout and "query p50" in p.stdout


def _demo_rows(data: Path):
    from pincite.store.catalog import Catalog

    cat = Catalog(data / "catalog.sqlite")
    try:
        return cat.documents(state="ready")
    finally:
        cat.close()


def test_errors_are_one_line_and_exit_nonzero(demo, tmp_path):
    _, data, _ = demo
    p = run("ask", "   ", data=data, check=False)
    assert p.returncode == 2 and "question is empty" in p.stderr and "Traceback" not in p.stderr
    bad = tmp_path / "report.pdf"
    bad.write_text("this is not a pdf")
    p = run("ingest", str(bad), data=data, check=False)
    assert p.returncode == 1 and "not a PDF" in p.stdout + p.stderr
    p = run("ingest", str(tmp_path / "missing.pdf"), data=data, check=False)
    assert p.returncode == 2 and "no such file" in p.stderr


def test_an_empty_question_is_refused_before_the_library_is_looked_for(tmp_path):
    data = tmp_path / "nowhere"
    for question in ("", "   "):
        p = run("ask", question, data=data, check=False)
        assert p.returncode == 2 and "the question is empty" in p.stderr, p.stderr
        assert "no pincite library" not in p.stderr, p.stderr
    p = run("ask", "x" * 2001, data=data, check=False)
    assert p.returncode == 2 and "the limit is 2000" in p.stderr.replace(",", ""), p.stderr
    assert not data.exists()


def test_reading_commands_do_not_create_a_library(tmp_path):
    data = tmp_path / "typo"
    for args in (("ask", "What is the rated pressure?"), ("docs",)):
        p = run(*args, data=data, check=False)
        assert p.returncode == 2 and "no pincite library here" in p.stderr
    assert not data.exists()


def test_eval_rejects_a_malformed_questions_file(demo, tmp_path):
    _, data, _ = demo
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "x", "question": "unterminated\n')
    p = run("eval", str(bad), data=data, check=False)
    assert p.returncode == 2 and "bad.jsonl:1: not JSON" in p.stderr
    assert "Traceback" not in p.stderr and len(p.stderr.strip().splitlines()) == 1


def test_out_of_range_settings_are_one_line_errors(demo):
    _, data, _ = demo
    for name, value in (("PINCITE_MIN_ANSWERABILITY", "5"), ("PINCITE_MIN_ANSWERABILITY", "abc"),
                        ("PINCITE_MAX_PAGES", "0")):
        p = run("ask", "What is the rated pressure?", data=data, check=False, env={name: value})
        assert p.returncode == 2 and name in p.stderr and "Traceback" not in p.stderr, p.stderr


def test_version_names_the_index_profile(tmp_path):
    """--version prints the package version and the profile an index built now records
    (extractor, chunker, embedder), without opening or creating a library."""
    from cli_runner import invoke
    from pincite.chunk.pages import CHUNKER_VERSION
    from pincite.extract.model import EXTRACTOR_VERSION

    out = invoke("--data", str(tmp_path / "none"), "--version")
    assert out.stdout.startswith("pincite 0.1.0 (")
    assert f"extractor {EXTRACTOR_VERSION}" in out.stdout and f"chunker {CHUNKER_VERSION}" in out.stdout
    assert "embedder use-m3 " in out.stdout
    assert not (tmp_path / "none").exists()


def test_page_prints_the_text_quotes_are_verified_against(demo):
    """`pincite page DOC_ID N` prints page N's extracted text (hyphenation joined; --raw as
    stored), its label on stderr; a cited quote is found in it; bad ids and pages are one
    error line, exit 2."""
    _, data, _ = demo
    docs = json.loads(run("docs", "--json", data=data).stdout)["documents"]
    px = next(d["doc_id"] for d in docs if d["file_name"] == "px200_manual_en.pdf")
    ans = json.loads(run("ask", "--json", "What is the rated pressure of the PX-200?", data=data).stdout)
    cit = ans["claims"][0]["citations"][0]
    p = run("page", cit["doc_id"], str(cit["page"]), data=data)
    assert " ".join(cit["quote"].split()) in " ".join(p.stdout.split())
    assert p.stderr.startswith(f"{cit['file']}: PDF p. {cit['page']} of ") and "\ufffe" not in p.stdout
    cmd = [sys.executable, "-c", "from pincite.cli.main import main; main()", "--data", str(data)]
    raw = subprocess.run([*cmd, "page", cit["doc_id"], str(cit["page"]), "--raw"], capture_output=True, timeout=120)
    plain = subprocess.run([*cmd, "page", cit["doc_id"], str(cit["page"])], capture_output=True, timeout=120)
    assert b"\r\n" in raw.stdout and b"\r\n" not in plain.stdout  # as stored: PDFium's line ends
    bad = run("page", px, "99", data=data, check=False)
    assert bad.returncode == 2 and "page 99 is out of range 1..6" in bad.stderr
    assert run("page", "0123456789abcdef", "1", data=data, check=False).returncode == 2
    # a document named by its file name, as `pincite docs` lists it
    by_name = run("page", cit["file"], str(cit["page"]), data=data)
    assert by_name.stdout == p.stdout and by_name.stderr == p.stderr
    unknown = run("page", "no-such-manual.pdf", "1", data=data, check=False)
    assert unknown.returncode == 2 and "no-such-manual.pdf" in unknown.stderr


def test_a_document_is_named_by_its_id_file_name_or_path():
    """`named_document` finds the one ready document an id, a file name or a source path
    names; a name two folders share, and a name no document has, are errors saying so."""
    from pincite.errors import NotFound
    from pincite.library.reading import named_document

    refs = [("0123456789abcdef", "guide.pdf", "/docs/a/guide.pdf"),
            ("fedcba9876543210", "guide.pdf", "/docs/b/guide.pdf"),
            ("00112233445566ff", "specs.xlsx", "/docs/a/specs.xlsx")]
    assert named_document(refs, "00112233445566ff") == "00112233445566ff"
    assert named_document(refs, "specs.xlsx") == "00112233445566ff"
    assert named_document(refs, "/docs/b/guide.pdf") == "fedcba9876543210"
    with pytest.raises(NotFound, match="names 2 documents"):
        named_document(refs, "guide.pdf")
    with pytest.raises(NotFound, match="no document"):
        named_document(refs, "manual.pdf")


def test_docs_table_fits_80_columns_with_notes_below():
    """At 80 columns the notes column goes (the notes follow the table as lines, so file
    names are not squeezed to a few characters); at 120 and more it stays."""
    from types import SimpleNamespace

    from rich.console import Console

    from pincite.cli import render

    row = SimpleNamespace(doc_id="0123456789abcdef", file_name="AverageTaxRates.xlsx", model="", modifications=[],
                          revision="", trust="reference", valid_from=None, valid_to=None, pages=6, chunks=72,
                          language="en", state="ready", warnings=["page 1: text from OCR (no text layer)"])
    failed = SimpleNamespace(file_name="locked.pdf", reason="encrypted: a user password is needed")
    table, notes = render.docs_table([row], [failed], 80)
    console = Console(width=80, record=True)
    console.print(table)
    text = console.export_text()
    assert "AverageTaxRates.xlsx" in text and "0123456789abcdef" in text and "status" in text
    assert all(len(line) <= 80 for line in text.splitlines()) and "notes" not in text
    assert notes == ["AverageTaxRates.xlsx: page 1: text from OCR (no text layer)",
                     "locked.pdf: [red]failed[/]: encrypted: a user password is needed"]
    wide, none = render.docs_table([row], [failed], 160)
    assert none == [] and [c.header for c in wide.columns][-1] == "notes"


def test_docs_table_keeps_file_names_whole_at_80_columns():
    """File names are never broken at 80 columns: the fields and pages wrap at spaces, and
    when the longest name still does not fit, the chunks column (then the language) is left
    out; only a name longer than the room left folds."""
    from types import SimpleNamespace

    from rich.console import Console

    from pincite.cli import render

    def row(name: str, mime: str = "application/pdf", pages: int = 56) -> SimpleNamespace:
        return SimpleNamespace(doc_id="a841ed237fb074f6", file_name=name, model="", modifications=[],
                               revision="", trust="reference", valid_from=None, valid_to=None, pages=pages,
                               chunks=1966, language="zh", state="ready", warnings=[], mime=mime)

    def shown(rows, width=80) -> str:
        table, _ = render.docs_table(rows, [SimpleNamespace(file_name="truncated.pdf", reason="damaged")], width)
        console = Console(width=width, record=True)
        console.print(table)
        return console.export_text()

    xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    text = shown([row("aquaflow_pumps.xlsx", xlsx, 2), row("tk7_boiler_ru.docx"), row("lx9_router_zh.pptx")])
    assert all(len(line) <= 80 for line in text.splitlines()), text
    for name in ("aquaflow_pumps.xlsx", "tk7_boiler_ru.docx", "lx9_router_zh.pptx", "truncated.pdf"):
        assert name in text, text
    assert "chunks" in text and "1966" in text and "failed" in text  # room for every column
    longer = shown([row("aquaflow_pumps.xlsx", xlsx, 2), row("install-latex-guide-zh-cn.pdf"), row("说明书.pdf")])
    assert "install-latex-guide-zh-cn.pdf" in longer and "说明书.pdf" in longer and "aquaflow_pumps.xlsx" in longer
    assert "chunks" not in longer and "status" in longer and "lang" in longer, longer
    assert all(len(line) <= 80 for line in longer.splitlines()), longer
    # a name no terminal line could hold folds rather than pushing the table off the screen
    huge = shown([row("x" * 70 + ".pdf")])
    assert all(len(line) <= 80 for line in huge.splitlines()) and "status" in huge, huge


def test_data_option_after_the_command_is_understood(demo):
    """`pincite ask --data DIR "…"` answers as `pincite --data DIR ask "…"` does (before, click
    stopped with "No such option: --data")."""
    _, data, _ = demo
    cmd = [sys.executable, "-c", "from pincite.cli.main import main; main()"]
    p = subprocess.run([*cmd, "ask", "--data", str(data), "--json", "What is the rated pressure of the PX-200?"],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["status"] == "answered"
    p = subprocess.run([*cmd, "docs", f"--data={data}", "--json"], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert len(json.loads(p.stdout)["documents"]) == 3


def test_a_folder_without_documents_is_named_and_fails(demo, tmp_path):
    out, _, _ = demo
    empty = tmp_path / "empty"
    (empty / "sub").mkdir(parents=True)
    (empty / "sub" / "notes.odt").write_bytes(b"not a kind pincite reads")
    p = run("ingest", str(empty), data=tmp_path / "data", check=False)
    assert p.returncode == 1, p.stdout + p.stderr
    assert f"{empty}: no documents found in this folder or below" in p.stderr
    assert "PDF" in p.stderr and "0 files" in p.stdout


def test_links_to_files_in_a_folder_are_ingested(demo, tmp_path):
    out, _, _ = demo
    links = tmp_path / "links"
    links.mkdir()
    (links / "manual.pdf").symlink_to(out / "px200_manual_en.pdf")
    (links / "loop").symlink_to(links, target_is_directory=True)  # links to folders: not followed
    data = tmp_path / "data"
    p = run("ingest", str(links), data=data)
    # read as the file it points to, under that file's name
    assert "px200_manual_en.pdf" in p.stdout and "added" in p.stdout and "1 file," in p.stdout
    assert "no documents found" not in p.stderr
    ans = json.loads(run("ask", "What is the rated pressure of the PX-200?", "--json", data=data).stdout)
    assert ans["status"] == "answered" and "25 MPa" in ans["claims"][0]["citations"][0]["quote"]


def test_eval_says_which_questions_ask_about_documents_the_library_lacks(demo, tmp_path):
    _, data, _ = demo
    qs = [json.loads(line) for line in (ROOT / "demo" / "expected.jsonl").read_text().splitlines()][:2]
    qs.append({**qs[0], "id": "other-1", "doc": "pdf/en/absent-manual.pdf"})
    # a question to refuse may name any document: it is scored by its status, no miss
    qs.append({**qs[0], "id": "other-2", "doc": "pdf/en/another-absent.pdf", "answer": None, "kind": "refusal"})
    path = tmp_path / "qs.jsonl"
    path.write_text("".join(json.dumps(q, ensure_ascii=False) + "\n" for q in qs), encoding="utf-8")
    p = run("eval", str(path), "--out", str(tmp_path / "r.jsonl"), data=data)
    assert ("1 of 4 questions asks about 1 document this library does not hold (absent-manual.pdf)"
            in " ".join(p.stdout.split())), p.stdout
    report = json.loads(run("eval", str(path), "--out", str(tmp_path / "r.jsonl"), "--json", data=data).stdout)
    assert (report["questions_without_document"], report["documents_missing"]) == (1, ["absent-manual.pdf"])


def test_eval_report_page(demo, tmp_path):
    """--report writes the HTML page beside the records; a miss made by a wrong expectation is
    listed with its page images; a report folder that does not exist stops the run at once."""
    _, data, _ = demo
    questions = [json.loads(line) for line in (ROOT / "demo" / "expected.jsonl").read_text().splitlines()]
    questions[0].update(pages=[4], printed_pages=["2"])  # the answer is on PDF page 3: a miss
    path = tmp_path / "q.jsonl"
    path.write_text("".join(json.dumps(q, ensure_ascii=False) + "\n" for q in questions), encoding="utf-8")
    page = tmp_path / "report.html"
    p = run("eval", str(path), "--out", str(tmp_path / "r.jsonl"), "--report", str(page), "--json", data=data)
    report = json.loads(p.stdout)
    assert report["report"] == str(page) and report["summary"]["all"]["hit@1"] == round(8 / 9, 3)
    html = page.read_text(encoding="utf-8")
    assert re.findall(r'<section class="miss" id="miss-([^"]+)"', html) == [questions[0]["id"]]
    assert html.count('<img src="data:image/png;base64,') == 2  # the cited page 3 and the expected page 4
    assert "cited first: px200_manual_en.pdf, PDF p. 3" in html and "expected: px200_manual_en.pdf, PDF p. 4" in html
    assert 'id="threshold-line"' in html and html.count("<svg") == 3
    bad = run("eval", str(path), "--out", str(tmp_path / "r2.jsonl"), "--report", str(tmp_path / "no" / "r.html"),
              data=data, check=False)
    assert bad.returncode == 2 and "does not exist" in bad.stderr and str(tmp_path / "no") in bad.stderr
    assert not (tmp_path / "r2.jsonl").exists()


def test_label_equal_to_the_physical_page_is_not_repeated(tmp_path, monkeypatch):
    """A printed label equal to the physical page adds nothing: the source line reads "PDF
    p. 2" (as in the web app's source buttons), and `pincite page` says the page is printed
    with the same number; a label that differs is named ("p. 8 (PDF 2)", "printed page 8")."""
    from cli_runner import invoke
    from pdfgen import make_pdf

    monkeypatch.setenv("PINCITE_EMBEDDER", "none")
    pages = ["Introduction to the KX-7 valve and its parts.",
             "The KX-7 valve is serviced every 900 operating hours by a fitter."]
    docs = tmp_path / "docs"
    docs.mkdir()
    make_pdf(docs / "same.pdf", pages, page_labels=[(0, "D", "", 1)])
    data = str(tmp_path / "data")
    invoke("--data", data, "ingest", str(docs))
    out = invoke("--data", data, "ask", "How often is the KX-7 valve serviced?").stdout
    assert "same.pdf, PDF p. 2" in " ".join(out.split()) and "(PDF 2)" not in out, out
    doc_id = json.loads(invoke("--data", data, "docs", "--json").stdout)["documents"][0]["doc_id"]
    page = invoke("--data", data, "page", doc_id, "2")
    assert page.stderr.startswith("same.pdf: PDF p. 2 of 2, printed with the same number"), page.stderr
    make_pdf(docs / "same.pdf", pages, page_labels=[(0, "D", "", 7)])
    invoke("--data", data, "ingest", str(docs))
    out = invoke("--data", data, "ask", "How often is the KX-7 valve serviced?").stdout
    assert "same.pdf, p. 8 (PDF 2)" in " ".join(out.split()), out
    doc_id = json.loads(invoke("--data", data, "docs", "--json").stdout)["documents"][0]["doc_id"]
    assert invoke("--data", data, "page", doc_id, "2").stderr.startswith("same.pdf: PDF p. 2 of 2, printed page 8")


def test_the_verified_mark_speaks_the_questions_language(tmp_path, monkeypatch):
    """The mark after a citation's source line is in the answer's language, as the rest of
    the answer is ("PDF с. 1 ✓ цитата проверена", "PDF 第 1 页 ✓ 引文已核对")."""
    from cli_runner import invoke
    from pdfgen import make_pdf

    monkeypatch.setenv("PINCITE_EMBEDDER", "none")
    docs = tmp_path / "docs"
    docs.mkdir()
    make_pdf(docs / "ru.pdf", ["Клапан КР-7 обслуживают каждые 900 моточасов."], font="dejavu")
    make_pdf(docs / "zh.pdf", ["KX-9 阀门每 600 小时保养一次，保养时更换密封圈并检查阀体。"], font="cid-chinese")
    make_pdf(docs / "en.pdf", ["The KX-5 valve is serviced every 300 operating hours by a fitter."])
    data = str(tmp_path / "data")
    invoke("--data", data, "ingest", str(docs))
    for question, mark in (("Как часто обслуживают клапан КР-7?", "✓ цитата проверена"),
                           ("KX-9 阀门多久保养一次？", "✓ 引文已核对"),
                           ("How often is the KX-5 valve serviced?", "✓ verified")):
        out = " ".join(invoke("--data", data, "ask", question).stdout.split())
        assert out.startswith("answered") and mark in out, out
        if "verified" not in mark:
            assert "verified" not in out, out


def test_a_quote_is_printed_as_the_document_writes_it_not_as_emoji(tmp_path, monkeypatch):
    """Text between colons (":warning:", ":smile:") is the document's own: the terminal
    prints the quote verbatim, never an emoji in its place."""
    from cli_runner import invoke
    from pdfgen import make_pdf

    monkeypatch.setenv("PINCITE_EMBEDDER", "none")
    docs = tmp_path / "docs"
    docs.mkdir()
    make_pdf(docs / "codes.pdf", ["When the KX-7 display shows the code :warning: the valve is overheating "
                                  "and must be shut down at once."])
    data = str(tmp_path / "data")
    invoke("--data", data, "ingest", str(docs))
    out = invoke("--data", data, "ask", "When is the KX-7 valve overheating?").stdout
    assert ":warning: the valve is overheating" in " ".join(out.split()), out
    assert "\u26a0" not in out, out


def test_counts_take_the_noun_in_the_right_number():
    from pincite.cli.app import count_noun

    assert [count_noun(n, "page") for n in (0, 1, 2)] == ["0 pages", "1 page", "2 pages"]


def test_ingest_rate_is_never_rounded_to_zero():
    from pincite.cli.render import indexed_text

    assert indexed_text({"pdf": 1}, 2.5) == "1 page indexed in 2.5 s (2.5 s per page)"
    assert indexed_text({"pdf": 3}, 0.9) == "3 pages indexed in 0.9 s (3.3 pages/s)"
    assert indexed_text({"pdf": 240}, 6.0) == "240 pages indexed in 6.0 s (40 pages/s)"
    assert indexed_text({"lines": 5}, 10.0) == "5 parts indexed in 10.0 s (2.0 s per part)"
    assert indexed_text({"lines": 48, "pdf": 2}, 1.0) == "2 pages, 48 parts indexed in 1.0 s (50 units/s)"
    assert indexed_text({}, 0.3) == "0 pages indexed in 0.3 s"


def test_a_text_file_is_counted_in_parts_not_pages(tmp_path):
    """A text file's units are parts of about 60 lines (pincite.extract.text): ingest, docs
    and page say so instead of calling them pages."""
    notes = tmp_path / "notes.txt"
    paragraphs = ["\n".join(f"Line {p * 10 + i}: the pump seal is checked at interval {p}-{i}."
                            for i in range(10)) for p in range(30)]
    notes.write_text("\n\n".join(paragraphs) + "\n", encoding="utf-8")
    data = tmp_path / "data"
    env = {"PINCITE_EMBEDDER": "none"}
    p = run("ingest", str(notes), data=data, env=env)
    row = next(line for line in p.stdout.splitlines() if "notes.txt" in line)
    n = int(re.search(r"(\d+) parts", row).group(1))
    summary = next(line for line in p.stdout.splitlines() if line.startswith("1 file,"))
    assert n > 1 and "page" not in row + summary, p.stdout
    assert re.search(rf"1 file, {n} parts indexed in [\d.]+ s \((\d+(\.\d)? parts/s|[\d.]+ s per part)\)",
                     p.stdout), p.stdout
    docs = run("docs", data=data, env=env).stdout
    assert f"{n} parts" in next(line for line in docs.splitlines() if "notes.txt" in line), docs
    doc_id = json.loads(run("docs", "--json", data=data, env=env).stdout)["documents"][0]["doc_id"]
    page = run("page", doc_id, "2", data=data, env=env)
    assert f"notes.txt: part 2 of {n}" in page.stderr, page.stderr


def test_failed_entries_are_forgotten_by_name_or_when_the_file_is_gone(tmp_path):
    """A failed entry (id "-") can be removed by its file name or path, and ingesting its
    folder again drops the entries of files deleted since; a name nothing matches is an
    error naming both kinds of entry."""
    from cli_runner import invoke

    docs, data = tmp_path / "docs", str(tmp_path / "data")
    docs.mkdir()
    (docs / "notes.txt").write_text("The ZX-5 widget has a battery capacity of 4200 mAh.\n")
    (docs / "fake.pdf").write_text("this is not a pdf")
    (docs / "empty.pdf").write_bytes(b"")
    (docs / "truncated.pdf").write_bytes(b"%PDF-1.7\n1 0 obj\n<<")
    invoke("--data", data, "ingest", str(docs), code=1)

    def failed() -> list[str]:
        return [f["file_name"] for f in json.loads(invoke("--data", data, "docs", "--json").stdout)["failures"]]

    assert failed() == ["empty.pdf", "fake.pdf", "truncated.pdf"]
    (docs / "fake.pdf").unlink()
    invoke("--data", data, "ingest", str(docs), code=1)  # the other two still fail
    assert failed() == ["empty.pdf", "truncated.pdf"]
    out = invoke("--data", data, "remove", "empty.pdf")
    assert f"forgot failed entry empty.pdf ({(docs / 'empty.pdf').resolve()})" in out.stdout
    invoke("--data", data, "remove", str(docs / "truncated.pdf"))
    assert failed() == []
    bad = invoke("--data", data, "remove", "fake.pdf", code=2)
    assert "no document with id fake.pdf and no failed entry" in bad.stderr
    listing = json.loads(invoke("--data", data, "docs", "--json").stdout)
    assert [d["file_name"] for d in listing["documents"]] == ["notes.txt"]


def test_help_shows_flags_as_flags():
    """`--help` shows no value type after a flag (--version, --json, --help take none),
    while an option that takes a value keeps its type or metavar."""
    from cli_runner import invoke

    top = invoke("--help").stdout
    assert "--version" in top and "--help" in top and "<bool>" not in top, top
    for cmd in ("ask", "docs", "ingest", "eval", "check-llm"):
        text = invoke(cmd, "--help").stdout
        assert "<bool>" not in text and "--help" in text, text
    ask = invoke("ask", "--help").stdout
    assert re.search(r"--json\s+Print the Answer", ask) and re.search(r"--export\s+<str>", ask), ask
