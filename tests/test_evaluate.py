"""pincite.eval.run: scoring, the pdftotext cross-check of verified quotes, cold timings and
the environment recorded with the figures, on a small generated library (nothing mocked,
except where a test removes pdftotext or slows the cross-check down on purpose)."""
from __future__ import annotations

import importlib.metadata
import json
import os
import shutil
import time
from datetime import datetime
from pathlib import Path

import pytest

from pdfgen import make_pdf
from pincite.config import Settings
from pincite.eval import run as evaluate
from pincite.eval.crosscheck import Crosscheck
from pincite.library.facade import Library
from pincite.library.profile import current_profile

needs_pdftotext = pytest.mark.skipif(shutil.which("pdftotext") is None,
                                     reason="pdftotext not installed (Debian package poppler-utils)")

PUMP = "The hydraulic pump must be primed with 2 litres of oil before the first start."
BELT = "The conveyor belt tension is checked every 500 operating hours with a spring gauge."
SAFE = "The safe of the archive room is opened with the brass key kept by the duty officer."
FILLER = "Chapter two describes the electrical wiring of the control cabinet and its fuses."
PASSWORD = "open-sesame"

QUESTIONS = [
    {"id": "q-pump", "lang": "en", "doc": "pdf/manual.pdf", "kind": "fact", "answer": "2 litres",
     "pages": [1], "question": "How much oil primes the hydraulic pump?"},
    {"id": "q-belt", "lang": "en", "doc": "pdf/manual.pdf", "kind": "fact", "answer": "every 500 hours",
     "pages": [3], "question": "When is the conveyor belt tension checked?"},
    {"id": "q-safe", "lang": "en", "doc": "pdf/locked.pdf", "kind": "fact", "answer": "the brass key",
     "pages": [1], "question": "What opens the safe of the archive room?", "doc_password": PASSWORD},
    {"id": "q-none", "lang": "en", "doc": "pdf/manual.pdf", "kind": "refusal", "answer": None,
     "pages": [], "question": "What is the price of the submarine?"},
]


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch):
    for name in ("PINCITE_DATA", "PINCITE_MIN_ANSWERABILITY", "PINCITE_RETRIEVAL", "PINCITE_EMBEDDER"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """(library, ingest figures, answers by question id), built once for the module."""
    root = tmp_path_factory.mktemp("evaluate")
    (root / "pdf").mkdir()
    make_pdf(root / "pdf" / "manual.pdf", [PUMP, FILLER, BELT])
    make_pdf(root / "pdf" / "locked.pdf", [SAFE], user_password=PASSWORD)
    lib = Library(Settings(data_dir=root / "data"))
    _, figures = evaluate.ingest_timed(lib, [root / "pdf"], evaluate.passwords_by_name(QUESTIONS))
    answers = {q["id"]: lib.ask(q["question"]) for q in QUESTIONS}
    yield lib, figures, answers
    lib.close()


def asked(answers):
    """An `ask` that returns the fixture's answers at once (so timings measure only eval)."""
    by_question = {q["question"]: answers[q["id"]] for q in QUESTIONS}
    return by_question.__getitem__


def test_ingest_timed_uses_the_questions_password(built):
    lib, figures, _ = built
    assert evaluate.passwords_by_name(QUESTIONS) == {"locked.pdf": PASSWORD}
    assert figures.files == 2 and figures.failed == []
    assert figures.pages == 4 and figures.seconds > 0
    # pages/s is rounded to 0.1 and seconds to 0.01: the rate lies within what the seconds'
    # rounding allows (a fast ingest of 0.06 s may have taken 0.055-0.065 s), give or take
    # its own rounding
    low, high = 4 / (figures.seconds + 0.005), 4 / max(figures.seconds - 0.005, 1e-9)
    assert low - 0.06 <= figures.pages_per_s <= high + 0.06, (figures.pages_per_s, figures.seconds)
    assert sorted(d.file_name for d in lib.documents()) == ["locked.pdf", "manual.pdf"]


@needs_pdftotext
def test_verified_quotes_confirmed_by_pdftotext(built):
    lib, _, answers = built
    checker = evaluate.QuoteCrosschecker.for_library(lib, evaluate.passwords_by_name(QUESTIONS))
    records = evaluate.run_eval(QUESTIONS, asked(answers), crosscheck=checker)
    by_id = {r.id: r for r in records}
    assert by_id["q-pump"].hit1 and by_id["q-belt"].hit1 and by_id["q-safe"].hit1
    verified = [c for r in records for c in r.citations if c["verified"]]
    assert verified, records
    # the encrypted original is read with the password the question gives
    assert any(c["file"] == "locked.pdf" for c in verified)
    assert all(c["crosscheck"] is True and c["crosscheck_level"] == "normalized" for c in verified)
    s = evaluate.summarise(records, checker)
    assert s.rows["all"]["crosschecked_quotes"] == 1.0 and s.rows["en"]["crosschecked_quotes"] == 1.0
    cc = s.crosscheck
    assert cc["available"] is True and cc["note"] is None and cc["errors"] == []
    assert cc["verified"] == cc["confirmed"] == len(verified)
    assert cc["not_confirmed"] == cc["unchecked"] == 0
    assert cc["levels"] == {"normalized": len(verified)} and cc["crosschecked_quotes"] == 1.0


@needs_pdftotext
def test_verified_quote_missing_from_the_page_counts_as_not_confirmed(built):
    lib, _, answers = built
    checker = evaluate.QuoteCrosschecker.for_library(lib)
    good = answers["q-pump"]
    assert good.citations()[0].verified and good.citations()[0].page == 1
    # as if the verifier had passed a quote of page 3 for page 1
    wrong = good.model_copy(deep=True)
    wrong.claims[0].citations[0].quote = BELT
    del wrong.claims[1:]
    del wrong.claims[0].citations[1:]
    ok = evaluate.score(QUESTIONS[0], good, 0.0, checker)
    bad = evaluate.score(QUESTIONS[0], wrong, 0.0, checker)
    assert bad.citations[0]["verified"] is True
    assert (bad.citations[0]["crosscheck"], bad.citations[0]["crosscheck_level"]) == (False, "none")
    s = evaluate.summarise([ok, bad], checker)
    n_ok = sum(c["verified"] for c in ok.citations)
    assert s.crosscheck["verified"] == n_ok + 1 and s.crosscheck["not_confirmed"] == 1
    assert s.rows["all"]["crosschecked_quotes"] == round(n_ok / (n_ok + 1), 3)


@needs_pdftotext
def test_unverified_citations_are_not_crosschecked(built):
    lib, _, answers = built
    checker = evaluate.QuoteCrosschecker.for_library(lib)
    ans = answers["q-pump"].model_copy(deep=True)
    for c in ans.citations():
        c.verified = False
    rec = evaluate.score(QUESTIONS[0], ans, 0.0, checker)
    assert rec.citations and all(c["crosscheck"] is None for c in rec.citations)
    s = evaluate.summarise([rec], checker)
    assert s.crosscheck["verified"] == 0 and s.rows["all"]["crosschecked_quotes"] is None


@needs_pdftotext
def test_encrypted_original_without_its_password_stays_unchecked(built):
    lib, _, answers = built
    checker = evaluate.QuoteCrosschecker.for_library(lib)  # no passwords
    rec = evaluate.score(QUESTIONS[2], answers["q-safe"], 0.0, checker)
    locked = [c for c in rec.citations if c["file"] == "locked.pdf" and c["verified"]]
    assert locked and all(c["crosscheck"] is None for c in locked)
    s = evaluate.summarise([rec], checker)
    assert s.crosscheck["unchecked"] == len(locked) and s.crosscheck["confirmed"] == 0
    assert s.crosscheck["errors"] and "pdftotext failed" in s.crosscheck["errors"][0]


def test_missing_pdftotext_gives_null_crosscheck_and_the_run_succeeds(built, monkeypatch):
    lib, _, answers = built
    plain = evaluate.summarise(evaluate.run_eval(QUESTIONS, asked(answers)))
    monkeypatch.setattr(shutil, "which", lambda name, *a, **k: None)
    checker = evaluate.QuoteCrosschecker.for_library(lib)
    assert checker.available is False and "pdftotext" in checker.unavailable_reason
    records = evaluate.run_eval(QUESTIONS, asked(answers), crosscheck=checker)
    assert any(c["verified"] for r in records for c in r.citations)
    assert all(c["crosscheck"] is None for r in records for c in r.citations)
    s = evaluate.summarise(records, checker)
    assert s.crosscheck["available"] is False and "poppler-utils" in s.crosscheck["note"]
    assert s.crosscheck["crosschecked_quotes"] is None and s.crosscheck["confirmed"] == 0
    for name, row in s.rows.items():
        assert row["crosschecked_quotes"] is None
        assert {k: v for k, v in row.items() if k != "crosschecked_quotes"} == \
            {k: v for k, v in plain.rows[name].items() if k != "crosschecked_quotes"}


def test_pdftotext_vanishing_after_start_is_noticed_once(built, monkeypatch):
    """Found on PATH when the checker is made, gone when the first quote is checked."""
    lib, _, answers = built
    checker = evaluate.QuoteCrosschecker.for_library(lib)
    checker.available = True
    calls = []
    real_which = shutil.which

    def which(name, *a, **k):
        calls.append(name)
        return None if name == "pdftotext" else real_which(name, *a, **k)

    monkeypatch.setattr(shutil, "which", which)
    records = evaluate.run_eval(QUESTIONS, asked(answers), crosscheck=checker)
    assert calls.count("pdftotext") == 1  # later quotes are not tried again
    assert all(c["crosscheck"] is None for r in records for c in r.citations)
    assert checker.available is False and "poppler-utils" in checker.unavailable_reason


def test_crosscheck_time_is_not_query_time(built, monkeypatch):
    lib, _, answers = built
    delay = 0.2

    def slow(pdf, page, quote, **kw):
        time.sleep(delay)
        return Crosscheck(True, "normalized")

    monkeypatch.setattr(evaluate, "crosscheck_quote", slow)
    checker = evaluate.QuoteCrosschecker.for_library(lib)
    checker.available = True
    records = evaluate.run_eval(QUESTIONS[:1], asked(answers), crosscheck=checker)
    n = sum(c["verified"] for c in records[0].citations)
    assert n >= 1
    assert records[0].seconds < delay / 4
    assert records[0].crosscheck_seconds >= n * delay
    s = evaluate.summarise(records, checker)
    assert s.query_p50 == records[0].seconds and s.crosscheck["seconds"] >= n * delay


def test_environment_has_the_keys(built):
    lib, _, _ = built
    env = evaluate.environment(lib)
    assert set(env) == {"date", "embedder", "retrieval", "versions", "pdftotext", "corpus",
                        "cpus", "platform"}
    assert datetime.fromisoformat(env["date"]).tzinfo is not None
    assert env["embedder"] == current_profile(lib.settings)["embedder"]
    assert env["retrieval"] == lib.settings.retrieval == "hybrid"
    versions = env["versions"]
    assert {"pincite", "python", "pypdfium2", "qdrant-edge-py", "numpy"} <= set(versions)
    assert versions["pypdfium2"] == importlib.metadata.version("pypdfium2")
    package = evaluate.EMBEDDER_PACKAGES[lib.settings.embedder]
    assert versions[package] == importlib.metadata.version(package)
    assert env["corpus"] == {"files": 2, "pages": 4}
    assert env["cpus"]["os_cpu_count"] == os.cpu_count()
    assert env["cpus"]["affinity"] == len(os.sched_getaffinity(0))
    assert (env["pdftotext"] is None) == (shutil.which("pdftotext") is None)
    line = evaluate.environment_line(env)
    assert "pypdfium2" in line and "2 files / 4 pages" in line


def test_retrieval_mode_is_read_at_query_time(built):
    """The environment follows lib.settings.retrieval, as benchmarks/compare.py sets it."""
    lib, _, _ = built
    try:
        lib.settings.retrieval = "bm25"
        assert evaluate.environment(lib)["retrieval"] == "bm25"
        rec = evaluate.score(QUESTIONS[0], lib.ask(QUESTIONS[0]["question"]), 0.0)
        assert rec.hit1
    finally:
        lib.settings.retrieval = "hybrid"


def test_percentiles():
    assert evaluate.percentiles([]) == (0.0, 0.0)
    secs = [i / 100 for i in range(1, 21)]  # 0.01 .. 0.20
    p50, p95 = evaluate.percentiles(reversed(secs))
    assert p50 == pytest.approx(0.105) and p95 == 0.19  # nearest rank: index round(0.95 * 19) = 18


def test_compare_benchmark_on_a_tiny_corpus(tmp_path):
    """benchmarks/compare.py end to end: one ingest, three modes, the page baseline, a table."""
    pytest.importorskip("rank_bm25", reason="the page baseline needs rank-bm25")
    import importlib.util

    bench = Path(__file__).resolve().parents[1] / "benchmarks" / "compare.py"
    spec = importlib.util.spec_from_file_location("compare_bench", bench)
    compare = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(compare)
    corpus = tmp_path / "corpus"
    (corpus / "pdf").mkdir(parents=True)
    make_pdf(corpus / "pdf" / "manual.pdf", [PUMP, FILLER, BELT])
    make_pdf(corpus / "pdf" / "locked.pdf", [SAFE], user_password=PASSWORD)
    report = compare.compare(corpus, QUESTIONS, tmp_path / "data" / "use-m3", "use-m3")
    assert list(report["rows"]) == ["hybrid", "bm25", "dense", "bm25-pages"]
    assert report["ingest"]["pages"] == 4 and report["ingest"]["failed"] == []
    assert report["environment"]["retrieval"] == ["hybrid", "bm25", "dense"]
    assert report["environment"]["corpus"] == {"files": 2, "pages": 4}
    for mode in ("hybrid", "bm25"):
        assert report["rows"][mode]["hit@1"] == 1.0, report["modes"][mode]
        assert report["rows"][mode]["ingest_pages_per_s"] == report["ingest"]["pages_per_s"]
    base = report["rows"]["bm25-pages"]
    assert base["refusal_accuracy"] is None and base["crosschecked_quotes"] is None
    assert report["baseline"]["pages"] == 4  # it opens the encrypted PDF with the question's password
    text = compare.table(report)
    assert text.splitlines()[0].split()[:2] == ["hit@1", "hit@5"]
    assert "bm25-pages" in text and "environment: pincite" in text and "ingest (cold): 4 pages" in text
    # --keep reuses the library: nothing re-ingested, so no ingest figure
    again = compare.compare(corpus, QUESTIONS, tmp_path / "data" / "use-m3", "use-m3")
    assert again["ingest"]["pages"] == 0 and again["rows"]["hybrid"]["ingest_pages_per_s"] is None
    assert "library reused (2 files unchanged)" in compare.table(again)


def test_printed_label_accuracy_counts_the_first_hit_citation():
    """label_ok compares the label shown on the first citation of an expected page with the
    question's printed_pages; a question without printed_pages or without a hit is not
    counted."""
    from pincite.contract import Answer, Citation, Claim, PdfAddress
    from pincite.eval.run import score, summarise

    def answer(*cits):
        claims = [Claim(text="q", verified=True, citations=[Citation(
            chunk_id=f"c{p}", doc_id="d", file=f, address=PdfAddress(page=p, page_end=p, page_label=lab),
            page=p, page_label=lab, quote="q", verified=True)]) for f, p, lab in cits]
        return Answer(question="x", status="answered", language="en", answer="x", claims=claims)

    q = {"id": "a", "lang": "en", "doc": "pdf/m.pdf", "question": "x", "answer": "y",
         "pages": [6], "printed_pages": ["4"], "kind": "fact"}
    right = score(q, answer(("other.pdf", 6, "9"), ("m.pdf", 6, "4")), 0.0)
    wrong = score(q, answer(("m.pdf", 6, None)), 0.0)
    missed = score(q, answer(("m.pdf", 7, "5")), 0.0)
    plain = score({**q, "id": "b", "printed_pages": None}, answer(("m.pdf", 6, "4")), 0.0)
    assert (right.label_ok, wrong.label_ok, missed.label_ok, plain.label_ok) == (True, False, None, None)
    assert summarise([right, wrong, missed, plain]).rows["all"]["printed_labels"] == 0.5


@needs_pdftotext
def test_repaired_pages_are_crosschecked_against_their_layer_re_decoded(corpus, tmp_path):
    """pdftotext reads the same broken text layer pincite repaired: its text is re-decoded
    the same documented way before the check, and the level says so; without that step the
    quote is not found."""
    from pincite.config import Settings
    from pincite.library.facade import Library

    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        (res,) = lib.ingest([corpus / "pdf/special/lshortru-broken-textlayer.pdf"])
        model = lib.model(res.doc_id)
        page = next(int(w.split(":")[0].split()[1]) for w in model.warnings if "re-decoding" in w)
        text = " ".join(model.page(page).text.split())
        quote = next(s for s in text.split(". ") if len(s) > 40 and "\ufffe" not in s)
        checker = evaluate.QuoteCrosschecker.for_library(lib)
        confirmed, level = checker.check(res.doc_id, page, quote)
        assert confirmed is True and level.endswith("(re-decoded as cp1251)")
        plain = evaluate.QuoteCrosschecker(checker._original)  # without the page-source rule
        assert plain.check(res.doc_id, page, quote)[0] is False


def test_a_compound_part_counts_when_a_footnote_mark_is_glued_to_it():
    from pincite.eval.hits import on_page as _on_page

    page = "装载镜像：\n9Windows 10 默认双击镜像文件便可装载; 第三方软件可考虑 WinCDEmu 或 UltraISO。"
    assert _on_page("Windows 10 默认双击镜像文件便可装载", page, "zh")
    assert _on_page("可考虑 WinCDEmu 或 UltraISO", page, "zh")
    assert not _on_page("Windows 11 默认双击镜像文件便可装载", page, "zh")
    assert not _on_page("ws 10 默", page, "zh")  # cut inside a word and too short for containment


def test_records_carry_the_answerability_and_its_bar(built, tmp_path):
    """What the eval report plots: each record's best-passage probability and the bar, as the
    Answer gave them, also in the JSON lines (older readers see two more keys)."""
    _, _, answers = built
    records = evaluate.run_eval(QUESTIONS, asked(answers))
    for q, r in zip(QUESTIONS, records):
        rel = answers[q["id"]].relevance
        assert (r.relevance, r.threshold) == (rel.score, rel.threshold)
    assert records[0].relevance > records[0].threshold  # answered
    assert records[3].status == "refused" and records[3].relevance < records[3].threshold
    out = tmp_path / "r.jsonl"
    evaluate.write_records(out, records)
    first = json.loads(out.read_text().splitlines()[0])
    assert first["relevance"] == records[0].relevance and first["threshold"] == records[0].threshold


@needs_pdftotext
def test_eval_shows_crosscheck_not_applicable_for_a_language_citing_only_sheets(tmp_path):
    """Quotes of a sheet have no PDF page to look up again: a language whose questions cite
    only a spreadsheet gets no cross-check figure (null in JSON, "-" in the table), not 0.0,
    while the PDF questions' language keeps its own."""
    from cli_runner import invoke
    from docgen import make_xlsx_revisions

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    make_pdf(corpus / "manual.pdf", [PUMP, FILLER, BELT])
    make_xlsx_revisions(corpus / "pump-data.xlsx")
    qfile = tmp_path / "q.jsonl"
    qs = [QUESTIONS[0],
          {"id": "q-sheet", "lang": "ru", "doc": "pump-data.xlsx", "kind": "table", "answer": "9 bar",
           "pages": [], "quote": "Maximum inlet pressure; Value: 9 bar",
           "question": "What is the maximum inlet pressure in RevB?"}]
    qfile.write_text("".join(json.dumps(q) + "\n" for q in qs), encoding="utf-8")
    data = str(tmp_path / "data")
    out = json.loads(invoke("--data", data, "eval", str(qfile), "--corpus", str(corpus),
                            "--out", str(tmp_path / "r.jsonl"), "--json").stdout)
    rows = out["summary"]
    assert rows["ru"]["verified_quotes"] and rows["ru"]["crosschecked_quotes"] is None, rows["ru"]
    assert rows["en"]["crosschecked_quotes"] == 1.0, rows["en"]
    assert out["crosscheck"]["unchecked"] >= 1 and out["crosscheck"]["confirmed"] >= 1
    # the sheet's unchecked quotes are left out of the rate, in every row and in the footer
    cc = out["crosscheck"]
    assert rows["all"]["crosschecked_quotes"] == cc["crosschecked_quotes"] == 1.0, (rows["all"], cc)
    assert cc["checked"] == cc["confirmed"] == cc["verified"] - cc["unchecked"], cc
    text = invoke("--data", data, "eval", str(qfile), "--out", str(tmp_path / "r2.jsonl")).stdout
    assert (f"{cc['confirmed']} of {cc['checked']} checked quotes confirmed on the cited page; "
            f"{cc['unchecked']} of the {cc['verified']} verified quotes unchecked") in " ".join(text.split()), text
    ru_row = next(line for line in text.splitlines() if line.strip("│ ").startswith("ru "))
    cells = [c.strip() for c in ru_row.strip("│ ").split("│")] if "│" in ru_row else ru_row.split()
    assert cells[8] == "-", (cells, text)  # the cross-checked column


def test_a_quote_hit_needs_the_expected_words_on_the_right_page():
    """hit1 counts the expected page; quote_hit1 also needs the first quote to state the
    expected quote (verbatim, or half of its words): the neighbouring sentence of the same
    page is a hit but no quote hit, and a refusal question has neither."""
    from pincite.contract import Answer, Citation, Claim, PdfAddress
    from pincite.eval.hits import quote_states
    from pincite.eval.run import score, summarise

    def answer(quote, page=5):
        cit = Citation(chunk_id="c", doc_id="d", file="book.pdf", quote=quote, verified=True, page=page,
                       address=PdfAddress(page=page, page_end=page, page_label=None), page_label=None)
        return Answer(question="x", status="answered", language="en", answer="x",
                      claims=[Claim(text="x", verified=True, citations=[cit])])

    q = {"id": "v", "lang": "en", "doc": "pdf/book.pdf", "question": "Which version is the template?",
         "answer": "v3.1.0", "pages": [5], "quote": "The current version of the template is v3.1.0",
         "kind": "fact"}
    stated = score(q, answer("As of today the current version of the template is v3.1.0."), 0.0)
    beside = score(q, answer("The template has been developed over three generations."), 0.0)
    elsewhere = score(q, answer("The current version of the template is v3.1.0", page=6), 0.0)
    assert (stated.hit1, stated.quote_hit1) == (True, True)
    assert (beside.hit1, beside.quote_hit1) == (True, False)
    assert (elsewhere.hit1, elsewhere.quote_hit1) == (False, False)
    assert summarise([stated, beside, elsewhere]).rows["all"]["quote@1"] == round(1 / 3, 3)
    assert quote_states("37 kW rated", ["37 kW", "0.8 MPa"]) and not quote_states("0.6 MPa", ["0.8 MPa"])


def test_a_sibling_line_repeating_the_question_does_not_state_the_answer():
    """Half of the expected quote's words are not enough when they are the question's own:
    the sibling line of an option list ("initial value = ignore") repeats the asked words
    and lacks the answer word, while a quote cut differently around the answer counts."""
    from pincite.eval.hits import quote_states

    question = "What is the initial value of the anchor option?"
    part = "anchor option initial value = southwest"
    assert quote_states("punctuation option initial value = ignore", [part])  # without the question
    assert not quote_states("punctuation option initial value = ignore", [part], "en", question)
    assert quote_states("the anchor option: initial value = southwest", [part], "en", question)
    assert quote_states("anchor, initial value southwest, can be changed", [part], "en", question)


def test_a_vague_question_counts_right_when_asked_back():
    """A question of kind "clarify" (a vague one, answer null) is right when asked back: it
    counts under asked_back, not as a refusal question nor as an answerable one, and the
    report lists it as a miss only when it was not asked back."""
    from pincite.contract import Answer, Clarification
    from pincite.eval import report as eval_report
    from pincite.eval.run import score, summarise

    def answer(status):
        clar = Clarification(question="which?", options=["a", "b"], kind="row") \
            if status == "needs_clarification" else None
        return Answer(question="x", status=status, language="en", answer="x", clarification=clar)

    vague = {"id": "v", "lang": "en", "doc": "p.xlsx", "question": "How much is a haircut?",
             "answer": None, "pages": [], "kind": "clarify"}
    near = {**vague, "id": "n", "kind": "refusal", "question": "How much is a perm?"}
    recs = [score(vague, answer("needs_clarification"), 0.0), score({**vague, "id": "v2"}, answer("answered"), 0.0),
            score(near, answer("refused"), 0.0), score({**near, "id": "n2"}, answer("needs_clarification"), 0.0)]
    row = summarise(recs).rows["all"]
    assert (row["answerable"], row["refusals"], row["clarify"]) == (0, 2, 2)
    assert row["asked_back"] == 0.5 and row["refusal_accuracy"] == 0.5 and row["false_refusals"] is None
    assert not any(r.hit1 or r.hit5 for r in recs)
    missed = {m.record.id: m.why for m in eval_report.misses(recs)}
    assert set(missed) == {"v2", "n2"} and "asked back" in missed["v2"], missed
    assert summarise(recs[2:]).rows["all"]["asked_back"] is None


def test_a_question_about_nothing_held_may_have_no_doc(tmp_path):
    """A question to refuse or ask back may name no document ("doc": null: it is about
    nothing in the library) and is scored; a malformed line is an error naming the line."""
    from pincite.contract import Answer
    from pincite.eval.run import load_questions, score, summarise

    good = tmp_path / "q.jsonl"
    good.write_text(json.dumps({"id": "w", "lang": "en", "doc": None, "question": "Weather tomorrow?",
                                "answer": None, "pages": [], "kind": "refusal"}) + "\n", encoding="utf-8")
    q = load_questions(good)[0]
    rec = score(q, Answer(question="x", status="refused", language="en", answer="x"), 0.0)
    assert rec.expected_doc == "" and summarise([rec]).rows["all"]["refusal_accuracy"] == 1.0
    for line, reason in [({"id": "a", "doc": None, "question": "Q?", "answer": "5 bar"}, "needs its doc"),
                         ({"id": "b", "doc": "m.pdf", "answer": None}, "no question text"),
                         ([1, 2], "not a JSON object"),
                         ({"id": "c", "doc": "m.pdf", "question": "Q?", "answer": None, "kind": "refusl"},
                          "kind 'refusl' is none of")]:
        bad = tmp_path / "bad.jsonl"
        bad.write_text("\n" + json.dumps(line) + "\n", encoding="utf-8")
        with pytest.raises(ValueError, match=rf"bad\.jsonl:2: .*{reason}"):
            load_questions(bad)
