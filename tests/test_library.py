"""End-to-end tests of the Library facade (pincite.library.facade.Library): generated PDFs are
ingested into a fresh data folder per test and questions are answered from it.

Nothing of pincite is mocked. Faults are injected only through the PINCITE_FAULT test
hook of pincite.library.files (`error:after-points`, `hang:after-points`); the killed-ingest test
runs the real CLI in a subprocess and kills it with SIGKILL.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pdfgen import make_pdf
from pincite.config import MAX_QUESTION_CHARS, Settings
from pincite.errors import ConfigError, IndexBusy, LockHeld, ProfileMismatch, QuestionError
from pincite.extract.model import EXTRACTOR_VERSION
from pincite.library.facade import Library
from pincite.library.profile import current_profile
from pincite.store.blobs import sha256_file
from pincite.store.lock import WriterLock
from pincite.text import analysis

FILLER_EN = [
    "Chapter two describes the electrical wiring of the control cabinet and its fuses.",
    "Appendix with the warranty terms and the postal address of the service centre.",
]


# ---------------------------------------------------------------- helpers / fixtures


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch):
    """No PINCITE_* setting of the caller's shell may leak into these tests."""
    for name in ("PINCITE_FAULT", "PINCITE_DATA", "PINCITE_MIN_ANSWERABILITY",
                 "PINCITE_MAX_FILE_MB", "PINCITE_MAX_PAGES"):
        monkeypatch.delenv(name, raising=False)


def settings(tmp_path: Path) -> Settings:
    return Settings(data_dir=tmp_path / "data")


@pytest.fixture
def lib(tmp_path):
    library = Library(settings(tmp_path))
    yield library
    library.close()


def squash(text: str) -> str:
    """Whitespace runs -> one space (PDFium gives \\r\\n line ends)."""
    return " ".join(text.split())


def pdf_page_text(path: Path, page: int) -> str:
    """Text of 1-based physical `page`, read with PDFium directly (not through pincite)."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        return pdf[page - 1].get_textpage().get_text_range()
    finally:
        pdf.close()


def doc_of(results, name: str):
    (res,) = [r for r in results if Path(r.path).name == name]
    return res


def pending_rows(catalog_path: Path) -> list[tuple[str, str]]:
    """(doc_id, file_name) of pending rows, read with a separate read-only connection."""
    con = sqlite3.connect(f"file:{catalog_path}?mode=ro", uri=True, timeout=5)
    try:
        return con.execute(
            "SELECT doc_id, file_name FROM documents WHERE state='pending'").fetchall()
    finally:
        con.close()


def assert_answers(library: Library, question: str, doc_id: str, fragment: str):
    """`question` is answered with a verified quote of `doc_id` containing `fragment`."""
    ans = library.ask(question)
    assert ans.status == "answered", (question, ans.status, ans.answer, ans.warnings)
    top = ans.citations()[0]
    assert top.doc_id == doc_id, (question, top)
    assert top.verified, top
    assert fragment in top.quote, top.quote
    return ans


def assert_not_answered(library: Library, question: str, doc_id: str, fragment: str):
    """Nothing of `doc_id` is cited and no quote carries `fragment`."""
    ans = library.ask(question)
    cits = ans.citations()
    assert all(c.doc_id != doc_id for c in cits), (question, cits)
    assert all(fragment not in c.quote for c in cits), (question, cits)
    return ans


def assert_stats_consistent(library: Library):
    """Term statistics count exactly the chunks of ready documents, and the index holds
    exactly those chunks, all ready."""
    ready = library.documents()
    n = sum(r.chunks for r in ready)
    assert library.catalog.chunk_count() == n
    assert library.index.count() == n
    assert library.index.count(state="ready") == n
    assert library.index.doc_ids() == {r.doc_id for r in ready}


# ---------------------------------------------------------------- 1. physical pages


def test_citations_name_physical_pages(tmp_path, lib):
    pdf = make_pdf(tmp_path / "manual.pdf", [
        "The hydraulic pump must be primed with 2 litres of oil before the first start.",
        FILLER_EN[0],
        "The conveyor belt tension is checked every 500 operating hours with a spring gauge.",
        FILLER_EN[1],
    ], page_labels=[(0, "r", "", 1), (2, "D", "", 1)])  # labels i, ii, 1, 2
    (res,) = lib.ingest([pdf])
    assert res.status == "added" and res.pages == 4

    for question, page, label, fragment in [
        ("How much oil primes the hydraulic pump?", 1, "i", "2 litres of oil"),
        ("When is the conveyor belt tension checked?", 3, "1", "every 500 operating hours"),
    ]:
        ans = assert_answers(lib, question, res.doc_id, fragment)
        top = ans.citations()[0]
        assert top.page == page and top.address.page == page, top
        assert top.address.page_end == page
        assert top.page_label == label and top.address.label_source == "pagelabels"
        # The quote stands on that physical page, and on no other page of the file.
        assert squash(top.quote) in squash(pdf_page_text(pdf, page))
        for other in {1, 2, 3, 4} - {page}:
            assert squash(top.quote) not in squash(pdf_page_text(pdf, other))
        # Every citation of the answer is verified against its own page.
        for cit in ans.citations():
            if cit.verified:
                assert squash(cit.quote) in squash(pdf_page_text(pdf, cit.page))


# ---------------------------------------------------------------- 2. Chinese CID font


def test_chinese_cid_font_answer(tmp_path, lib):
    pdf = make_pdf(tmp_path / "zh.pdf", [
        "本手册介绍设备的安装步骤。请在安装前阅读全部说明。",
        "额定电压为220伏。最大功率为1.5千瓦。",
        "保修期为两年，自购买之日起计算。",
    ], font="cid-chinese")
    (res,) = lib.ingest([pdf])
    assert res.status == "added"
    assert lib.catalog.get(res.doc_id).language == "zh"

    ans = assert_answers(lib, "最大功率是多少？", res.doc_id, "最大功率")
    top = ans.citations()[0]
    assert top.page == 2
    assert "1.5千瓦" in top.quote
    nospace = lambda s: "".join(s.split())  # noqa: E731
    assert nospace(top.quote) in nospace(pdf_page_text(pdf, 2))
    assert ans.language == "zh"


# ---------------------------------------------------------------- 3. Russian forms


def test_russian_inflected_forms_and_yo(tmp_path, lib):
    pdf = make_pdf(tmp_path / "ru.pdf", [
        "Руководство по эксплуатации погрузчика. Общие сведения о машине.",
        "Замените фильтры гидравлической системы через 250 часов.",
        "Ёмкость топливного бака составляет 80 литров.",
        "Шины проверяют ежедневно перед началом смены.",
    ], font="dejavu")
    (res,) = lib.ingest([pdf])
    assert res.status == "added"

    # Retrieval: "замена фильтра" finds "Замените фильтры ...", "емкость" finds "Ёмкость".
    for question, page in [("Когда нужна замена фильтра?", 2), ("замена фильтра", 2),
                           ("емкость", 3), ("ёмкость бака", 3)]:
        hits = lib.index.search(analysis.query_terms(question))
        assert hits, question
        assert (hits[0].doc_id, hits[0].page) == (res.doc_id, page), (question, hits[0])

    ans = assert_answers(lib, "Когда нужна замена фильтра?", res.doc_id,
                         "Замените фильтры гидравлической системы")
    assert ans.citations()[0].page == 2
    ans = assert_answers(lib, "Какая емкость топливного бака?", res.doc_id, "Ёмкость топливного бака")
    assert ans.citations()[0].page == 3


# ---------------------------------------------------------------- 4. codes


def test_codes_do_not_match_neighbouring_codes(tmp_path, lib):
    pdf = make_pdf(tmp_path / "px.pdf", [
        "Модель PX-300: давление 32 МПа.",
        "Гарантийный срок составляет один год с даты продажи.",
    ], font="dejavu")
    (res,) = lib.ingest([pdf])
    assert res.status == "added"

    wrong = lib.index.search(analysis.tokens("PX-200"))
    assert not [h for h in wrong if h.page == 1 or "PX-300" in h.text], wrong

    right = lib.index.search(analysis.tokens("PX-300"))
    assert right and right[0].page == 1 and "PX-300" in right[0].text

    ans = lib.ask("Какое давление у модели PX-200?")
    assert all("PX-300" not in c.quote for c in ans.citations() if c.verified), ans
    assert_answers(lib, "Какое давление у модели PX-300?", res.doc_id, "PX-300")


@pytest.mark.xfail(strict=True, reason="the English question is answered by 'Spare parts for the PX-300 press "
                   "...' (its answerability is above the trained bar): it names the asked model and "
                   "press, not a pressure")
def test_evidence_about_a_sibling_model_only_is_refused_and_says_so(tmp_path, lib):
    # the PX-300 is named (so its code is no unknown word), but every passage on pressure is
    # about the PX-200: that is not the PX-300's pressure
    pdf = make_pdf(tmp_path / "px.pdf", [
        "The rated pressure of the PX-200 press is 25 MPa at the outlet flange.",
        "Spare parts for the PX-300 press are ordered from the service centre.",
        "Номинальное давление пресса PX-200 составляет 25 МПа.",
        "Запасные части для пресса PX-300 заказывают в сервисном центре.",
    ], font="dejavu")
    (res,) = lib.ingest([pdf])
    assert res.status == "added"
    ans = lib.ask("What is the rated pressure of the PX-300 press?")
    assert ans.status == "refused", (ans.answer, [c.quote for c in ans.citations()])
    assert not any("25" in c.quote for c in ans.citations())
    assert any("PX-200" in w and "PX-300" in w for w in ans.warnings), ans.warnings
    assert_answers(lib, "What is the rated pressure of the PX-200 press?", res.doc_id, "25 MPa")
    ans = lib.ask("Какое номинальное давление пресса PX-300?")
    assert ans.status == "refused", (ans.answer, [c.quote for c in ans.citations()])
    assert ans.warnings == ["найденные фрагменты относятся к PX-200, а не к PX-300"], ans.warnings
    assert ans.refusal == "other_model", ans.refusal  # a client can ask back which model is meant


# ---------------------------------------------------------------- 5. refusal


def test_unrelated_question_is_refused(tmp_path, lib):
    pdf = make_pdf(tmp_path / "manual.pdf", [
        "The hydraulic pump must be primed with 2 litres of oil before the first start.",
        *FILLER_EN,
    ])
    assert lib.ingest([pdf])[0].status == "added"
    for question in ["What is the price of the submarine?",
                     # shares words with the manual ("hydraulic", "pump") but asks other things
                     "What is the price of a hydraulic submarine?"]:
        ans = lib.ask(question)
        assert ans.status == "refused", (question, ans.status, ans.answer)
        assert ans.claims == [] and ans.citations() == []
        assert ans.answer  # a message, not silence


@pytest.mark.xfail(strict=True, reason="the answerability bar (chosen for at most 5% false refusals on "
                   "the development set) lets a question sharing two words with the manual through")
def test_unrelated_question_sharing_two_words_is_refused(tmp_path, lib):
    pdf = make_pdf(tmp_path / "manual.pdf", [
        "The hydraulic pump must be primed with 2 litres of oil before the first start.",
        *FILLER_EN,
    ])
    lib.ingest([pdf])
    assert lib.ask("How deep can the submarine dive with its hydraulic pump?").status == "refused"


def test_empty_library_refuses(lib):
    ans = lib.ask("How much oil primes the hydraulic pump?")
    assert ans.status == "refused"
    assert ans.claims == []
    assert ans.answer


# ---------------------------------------------------------------- 6. re-ingest


def test_reingest_skips_unchanged_and_replaces_changed(tmp_path, lib):
    folder = tmp_path / "docs"
    folder.mkdir()
    a = make_pdf(folder / "a.pdf", ["The gearbox oil change interval is 250 hours.", FILLER_EN[0]])
    make_pdf(folder / "b.pdf", ["The parking brake cable is adjusted with a 13 mm spanner."])

    first = lib.ingest([folder])
    assert [r.status for r in first] == ["added", "added"]
    old_id = doc_of(first, "a.pdf").doc_id
    old_sha = lib.catalog.get(old_id).sha256
    assert_answers(lib, "What is the gearbox oil change interval?", old_id, "250 hours")

    second = lib.ingest([folder])
    assert [r.status for r in second] == ["skipped", "skipped"]
    assert [r.doc_id for r in second] == [r.doc_id for r in first]

    make_pdf(a, ["The radiator coolant must be renewed every three years.", FILLER_EN[1]])
    third = lib.ingest([folder])
    res_a, res_b = doc_of(third, "a.pdf"), doc_of(third, "b.pdf")
    assert res_a.status == "replaced" and res_a.doc_id != old_id
    assert res_b.status == "skipped"

    assert_not_answered(lib, "What is the gearbox oil change interval?", old_id, "250 hours")
    assert_answers(lib, "How often must the radiator coolant be renewed?", res_a.doc_id,
                   "every three years")

    rows = [r for r in lib.documents() if r.source_path == str(a.resolve())]
    assert [r.doc_id for r in rows] == [res_a.doc_id]
    assert lib.catalog.get(old_id) is None
    assert len(lib.documents()) == 2
    # Nothing of the old version is left behind.
    assert lib.index.count(doc_id=old_id) == 0
    assert not (lib.root / "models" / f"{old_id}.json").exists()
    assert not lib.blobs.path_for(old_sha).exists()
    assert_stats_consistent(lib)


def test_rewrite_with_content_of_another_document_drops_old_version(tmp_path, lib):
    """a.pdf is overwritten with the bytes of b.pdf: what a.pdf used to say must go."""
    a = make_pdf(tmp_path / "a.pdf", ["The gearbox oil change interval is 250 hours."])
    b = make_pdf(tmp_path / "b.pdf", ["The radiator coolant must be renewed every three years."])
    res = lib.ingest([a, b])
    old_id = doc_of(res, "a.pdf").doc_id

    shutil.copyfile(b, a)
    (again,) = lib.ingest([a])
    assert again.status != "failed"

    assert old_id not in {r.doc_id for r in lib.documents()}, \
        f"a.pdf's old version is still in the library after the file changed ({again})"
    assert_not_answered(lib, "What is the gearbox oil change interval?", old_id, "250 hours")


# ---------------------------------------------------------------- 7. injected write error


def test_injected_write_error_leaves_library_intact(tmp_path, monkeypatch):
    a = make_pdf(tmp_path / "a.pdf", ["The gearbox oil change interval is 250 hours."])
    b = make_pdf(tmp_path / "b.pdf", ["The radiator coolant must be renewed every three years."])
    with Library(settings(tmp_path)) as library:
        (res_a,) = library.ingest([a])
        assert res_a.status == "added"

    monkeypatch.setenv("PINCITE_FAULT", "error:after-points")
    with Library(settings(tmp_path)) as library:
        (res_b,) = library.ingest([b])
    assert res_b.status == "failed"
    assert res_b.reason and "b.pdf" in res_b.reason and "injected write error" in res_b.reason
    b_id = sha256_file(b)[:16]  # doc ids are the first 16 hex digits of the SHA-256

    monkeypatch.delenv("PINCITE_FAULT")
    with Library(settings(tmp_path)) as library:
        assert_answers(library, "What is the gearbox oil change interval?", res_a.doc_id, "250 hours")
        assert_not_answered(library, "How often must the radiator coolant be renewed?", b_id,
                            "every three years")
        assert library.catalog.documents(state="pending") == []
        assert library.catalog.get(b_id) is None
        assert library.index.count(doc_id=b_id) == 0
        assert not (library.root / "models" / f"{b_id}.json").exists()
        assert not library.blobs.path_for(sha256_file(b)).exists()
        assert [f.file_name for f in library.catalog.failures()] == ["b.pdf"]
        assert library.catalog.failures()[0].reason
        assert library.check() == []
        assert_stats_consistent(library)

        # Once the fault is gone the same file goes in and its failure is cleared.
        (again,) = library.ingest([b])
        assert again.status == "added" and again.doc_id == b_id
        assert library.catalog.failures() == []
        assert_answers(library, "How often must the radiator coolant be renewed?", b_id,
                       "every three years")
        assert_stats_consistent(library)


# ---------------------------------------------------------------- 8. killed ingest


def test_killed_ingest_is_cleaned_up_by_next_ingest(tmp_path):
    a = make_pdf(tmp_path / "a.pdf", ["The gearbox oil change interval is 250 hours."])
    b = make_pdf(tmp_path / "b.pdf", ["The radiator coolant must be renewed every three years."])
    c = make_pdf(tmp_path / "c.pdf", ["The parking brake cable is adjusted with a 13 mm spanner."])
    data = tmp_path / "data"
    with Library(settings(tmp_path)) as library:
        (res_a,) = library.ingest([a])
    assert res_a.status == "added"

    env = {**os.environ, "PINCITE_FAULT": "hang:after-points"}
    log = open(tmp_path / "cli.log", "wb")
    proc = subprocess.Popen(
        [sys.executable, "-c", "from pincite.cli.main import main; main()",
         "--data", str(data), "ingest", str(b)],
        env=env, cwd=tmp_path, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        pending = []
        while time.monotonic() < deadline and proc.poll() is None:
            pending = pending_rows(data / "catalog.sqlite")
            if pending:
                break
            time.sleep(0.05)
        assert proc.poll() is None, (tmp_path / "cli.log").read_text(errors="replace")
        assert [f for _, f in pending] == ["b.pdf"], "no pending row for b.pdf within 30 s"
        b_id = pending[0][0]

        # While it lives, the hung process holds both the index shard and the writer lock.
        with Library(settings(tmp_path)) as library:
            with pytest.raises(IndexBusy):
                library.ask("What is the gearbox oil change interval?")
            with pytest.raises(LockHeld):
                library.ingest([c])
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        log.close()
    assert proc.returncode == -signal.SIGKILL

    with Library(settings(tmp_path)) as library:
        # The shard lock died with the process: the index opens and A answers.
        assert_answers(library, "What is the gearbox oil change interval?", res_a.doc_id, "250 hours")
        assert_not_answered(library, "How often must the radiator coolant be renewed?", b_id,
                            "every three years")
        assert library.index.count(doc_id=b_id, state="pending") > 0  # leftovers, unsearched
        problems = library.check()
        assert len(problems) == 1 and "b.pdf" in problems[0] and "pending" in problems[0]
        assert [r.doc_id for r in library.documents()] == [res_a.doc_id]

        (res_c,) = library.ingest([c])  # the writer lock died with the process too
        assert res_c.status == "added"
        assert library.catalog.documents(state="pending") == []
        assert library.catalog.get(b_id) is None
        assert library.index.count(doc_id=b_id) == 0
        assert library.index.count(state="pending") == 0
        assert not (library.root / "models" / f"{b_id}.json").exists()
        assert not library.blobs.path_for(sha256_file(b)).exists()
        assert library.check() == []
        assert_stats_consistent(library)
        assert_answers(library, "What is the gearbox oil change interval?", res_a.doc_id, "250 hours")
        assert_answers(library, "Which spanner adjusts the parking brake cable?", res_c.doc_id,
                       "13 mm spanner")
        assert_not_answered(library, "How often must the radiator coolant be renewed?", b_id,
                            "every three years")
    assert pending_rows(data / "catalog.sqlite") == []


# ---------------------------------------------------------------- 9. writer lock


def test_ingest_refused_while_writer_lock_held(tmp_path, lib):
    pdf = make_pdf(tmp_path / "a.pdf", ["The gearbox oil change interval is 250 hours."])
    with WriterLock(tmp_path / "data"):
        with pytest.raises(LockHeld) as err:
            lib.ingest([pdf])
        assert str(tmp_path / "data") in str(err.value)
    assert lib.documents() == [] and lib.catalog.failures() == []
    # Released: the same call now works.
    assert lib.ingest([pdf])[0].status == "added"


# ---------------------------------------------------------------- 10. profile


def test_profile_mismatch_demands_reindex(tmp_path):
    pdf = make_pdf(tmp_path / "a.pdf", ["The gearbox oil change interval is 250 hours."])
    with Library(settings(tmp_path)) as library:
        (res,) = library.ingest([pdf])
        old = {**current_profile(), "analyzer": "pincite-bm25-0"}
        library.catalog.set_meta("profile", json.dumps(old, sort_keys=True))

    with pytest.raises(ProfileMismatch) as err:
        Library(settings(tmp_path))
    assert "pincite reindex" in str(err.value)
    assert "analyzer" in str(err.value)

    with Library(settings(tmp_path), for_reindex=True) as library:
        assert library.reindex() == 1

    with Library(settings(tmp_path)) as library:
        assert json.loads(library.catalog.get_meta("profile")) == current_profile()
        assert_answers(library, "What is the gearbox oil change interval?", res.doc_id, "250 hours")
        assert_stats_consistent(library)


# ---------------------------------------------------------------- 11. check()


def test_check_reports_missing_original_and_deletes_nothing(tmp_path, lib):
    a = make_pdf(tmp_path / "a.pdf", ["The gearbox oil change interval is 250 hours."])
    b = make_pdf(tmp_path / "b.pdf", ["The radiator coolant must be renewed every three years."])
    lib.ingest([a, b])
    assert lib.check() == []
    before = [(r.doc_id, r.state) for r in lib.catalog.documents()]
    row = next(r for r in lib.documents() if r.file_name == "a.pdf")
    blob = lib.blobs.path_for(row.sha256)
    assert blob.exists()
    blob.unlink()

    problems = lib.check()
    assert len(problems) == 1
    assert "a.pdf" in problems[0] and "missing" in problems[0]
    assert [(r.doc_id, r.state) for r in lib.catalog.documents()] == before
    assert len(lib.documents()) == 2
    assert lib.index.count(doc_id=row.doc_id) == row.chunks
    assert lib.check() == problems  # checking twice changes nothing


# ---------------------------------------------------------------- 12. bad inputs


def test_bad_files_fail_alone(tmp_path, lib):
    folder = tmp_path / "in"
    folder.mkdir()
    make_pdf(folder / "good.pdf", ["The gearbox oil change interval is 250 hours."])
    (folder / "fake.pdf").write_text("This is a plain text file wearing a .pdf name.\n")
    (folder / "empty.pdf").write_bytes(b"")

    results = {Path(r.path).name: r for r in lib.ingest([folder])}
    assert {n: r.status for n, r in results.items()} == {
        "good.pdf": "added", "fake.pdf": "failed", "empty.pdf": "failed"}
    assert "not a PDF" in results["fake.pdf"].reason and "fake.pdf" in results["fake.pdf"].reason
    assert "empty" in results["empty.pdf"].reason and "empty.pdf" in results["empty.pdf"].reason

    failures = {f.file_name: f.reason for f in lib.catalog.failures()}
    assert set(failures) == {"fake.pdf", "empty.pdf"}
    assert "not a PDF" in failures["fake.pdf"] and "empty" in failures["empty.pdf"]
    assert [r.file_name for r in lib.documents()] == ["good.pdf"]
    assert_answers(lib, "What is the gearbox oil change interval?", results["good.pdf"].doc_id,
                   "250 hours")


# ---------------------------------------------------------------- 13. question limits


def test_ingest_reads_the_next_file_in_a_second_process_while_this_one_is_embedded(
        tmp_path, lib, monkeypatch):
    """Library.ingest reads the next files (up to READ_AHEAD_FILES) in its read-ahead
    process while file n is embedded (when the first file is embedded, the next ones are
    queued there and the process runs), and the results and failures are those of files
    taken one by one."""
    from pincite.extract.readahead import ReadAhead

    folder = tmp_path / "in"
    folder.mkdir()
    make_pdf(folder / "a.pdf", ["The gearbox oil change interval is 250 hours."])
    make_pdf(folder / "b.pdf", ["The coolant is replaced every 3 years."])
    (folder / "c.pdf").write_text("This is a plain text file wearing a .pdf name.\n")
    make_pdf(folder / "d.pdf", ["The fan belt tension is checked monthly."])
    submitted, aheads = [], []
    submit = ReadAhead.submit

    def recorded(self, path, sha):
        submitted.append(Path(path).name)
        aheads.append(self)
        return submit(self, path, sha)

    embed = Library.embed_passages
    seen = []

    def embed_a(self, chunks):
        if chunks and chunks[0].doc_id == sha256_file(folder / "a.pdf")[:16]:
            seen.append((list(submitted), aheads[0]._proc.poll() is None, aheads[0]._proc.pid != os.getpid()))
        return embed(self, chunks)

    analyse = Library._analyse
    analysed_here = []

    def counted(doc):
        analysed_here.append(doc.file_name)
        return analyse(doc)

    monkeypatch.setattr(ReadAhead, "submit", recorded)
    monkeypatch.setattr(Library, "embed_passages", embed_a)
    monkeypatch.setattr(Library, "_analyse", staticmethod(counted))
    got = lib.ingest([folder])
    results = [(Path(r.path).name, r.status) for r in got]
    assert results == [("a.pdf", "added"), ("b.pdf", "added"), ("c.pdf", "failed"), ("d.pdf", "added")]
    assert got[2].reason.startswith(str(folder / "c.pdf") + ": not a PDF (no %PDF- header")  # sent back whole
    assert got[2].reason.count("not a PDF") == 1
    # a was read here; b, c and d (READ_AHEAD_FILES of them) in the other process, meanwhile
    assert seen == [(["b.pdf", "c.pdf", "d.pdf"], True, True)]
    assert submitted == ["b.pdf", "c.pdf", "d.pdf"]
    assert analysed_here == ["a.pdf"]  # b and d were chunked and analysed in the other process
    failures = {f.file_name: f.reason for f in lib.catalog.failures()}
    assert list(failures) == ["c.pdf"] and failures["c.pdf"].startswith("not a PDF (no %PDF- header")
    assert_answers(lib, "How often is the coolant replaced?", sha256_file(folder / "b.pdf")[:16], "3 years")
    assert aheads[0]._proc is None  # the reading process ended with the ingest


def test_the_read_ahead_process_goes_on_to_the_next_file_before_the_last_answer_is_taken(tmp_path, lib):
    """A thread of the ingest receives the read-ahead process's answers as they come, so the
    process reads every queued file (answers of megabytes, past what a pipe holds) while the
    ingest has taken none; take() then hands them over in order."""
    from pincite.extract.readahead import ReadAhead

    pages = [f"Page {i}: the valve {i} opens at {i} bar and closes at {i + 1} bar. " * 12 for i in range(60)]
    files = [make_pdf(tmp_path / f"{n}.pdf", pages) for n in "abc"]
    with ReadAhead(lib._reader()) as ahead:
        for f in files:
            ahead.submit(f, sha256_file(f))
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and len(ahead._answers._items) < len(files):
            time.sleep(0.05)
        assert len(ahead._answers._items) == len(files)  # all three read, none taken yet
        got = [ahead.take(f, sha256_file(f)) for f in files]
    assert [g.doc.file_name for g in got] == ["a.pdf", "b.pdf", "c.pdf"]
    assert all(len(g.doc.pages) == 60 for g in got)


def test_a_file_changed_after_it_was_read_ahead_is_read_again(tmp_path, lib, monkeypatch):
    """The bytes ingested are the bytes stored: a file rewritten after it was queued for the
    read-ahead process is extracted again at its turn (its sha256 no longer matches the one
    it was read under), not stored with the old text or under the old doc_id."""
    from pincite.extract.readahead import ReadAhead

    folder = tmp_path / "in"
    folder.mkdir()
    make_pdf(folder / "a.pdf", ["The gearbox oil change interval is 250 hours."])
    make_pdf(folder / "b.pdf", ["The coolant is replaced every 3 years."])
    old_b = sha256_file(folder / "b.pdf")
    taken = []
    take = ReadAhead.take

    def recorded(self, path, sha):
        got = take(self, path, sha)
        taken.append((Path(path).name, got and got.sha256))
        return got

    embed = Library.embed_passages

    def rewrite_b(self, chunks):
        if chunks and chunks[0].doc_id == sha256_file(folder / "a.pdf")[:16]:
            make_pdf(folder / "b.pdf", ["The coolant is replaced every 5 years."])
        return embed(self, chunks)

    monkeypatch.setattr(ReadAhead, "take", recorded)
    monkeypatch.setattr(Library, "embed_passages", rewrite_b)
    results = {Path(r.path).name: r for r in lib.ingest([folder])}
    assert taken == [("a.pdf", None), ("b.pdf", old_b)]  # b was read ahead under its old bytes
    b = results["b.pdf"]
    assert b.status == "added" and b.doc_id == sha256_file(folder / "b.pdf")[:16] != old_b[:16]
    assert "every 5 years" in lib.page_text(b.doc_id, 1)
    assert_answers(lib, "How often is the coolant replaced?", b.doc_id, "5 years")


def test_a_file_the_reader_dies_on_fails_alone(tmp_path, lib, monkeypatch):
    """When the read-ahead process dies on a file (a native crash), the file is read once
    more in a fresh process; dying again, it fails as "the reader crashed on this file" and
    the files after it are read as usual."""
    from crash_reader import CrashingReader

    folder = tmp_path / "in"
    folder.mkdir()
    make_pdf(folder / "a.pdf", ["The gearbox oil change interval is 250 hours."])
    make_pdf(folder / "crash.pdf", ["Never read."])
    make_pdf(folder / "d.pdf", ["The coolant is replaced every 3 years."])
    make_pdf(folder / "e.pdf", ["The fan belt tension is checked monthly."])
    reader = lib._reader()
    crashing = CrashingReader(reader.pdf_limits, reader.zip_limits, reader.max_bytes, reader.ocr,
                              reader.max_ocr_pages)
    monkeypatch.setattr(Library, "_reader", lambda self: crashing)
    results = {Path(r.path).name: r for r in lib.ingest([folder])}
    assert {n: r.status for n, r in results.items()} == {
        "a.pdf": "added", "crash.pdf": "failed", "d.pdf": "added", "e.pdf": "added"}
    assert "the reader crashed on this file" in results["crash.pdf"].reason
    assert "crash.pdf" in results["crash.pdf"].reason
    assert_answers(lib, "How often is the coolant replaced?", results["d.pdf"].doc_id, "3 years")


@pytest.mark.parametrize("question", ["", "   ", "\n\t", "x" * (MAX_QUESTION_CHARS + 1)],
                         ids=["empty", "blank", "whitespace", "2001-chars"])
def test_bad_questions_raise(lib, question):
    with pytest.raises(QuestionError):
        lib.ask(question)


def test_question_of_2000_characters_is_accepted(tmp_path, lib):
    pdf = make_pdf(tmp_path / "a.pdf", ["The gearbox oil change interval is 250 hours."])
    lib.ingest([pdf])
    head = "What is the gearbox oil change interval? "
    question = (head * 100)[: MAX_QUESTION_CHARS - 1] + "?"
    assert len(question) == 2000 == MAX_QUESTION_CHARS
    ans = lib.ask(question)
    assert len(ans.question) == 2000
    assert ans.status in ("answered", "refused", "not_confirmed")
    # Surrounding whitespace does not count toward the limit.
    assert lib.ask("  " + question + "\n").question == question


def test_ingesting_the_folder_that_holds_the_data_folder_skips_its_originals(tmp_path):
    """`pincite ingest .` run where ./pincite-data lives must not ingest the stored copies."""
    make_pdf(tmp_path / "a.pdf", ["The pump is serviced every 500 hours of operation."])
    with Library(Settings(data_dir=tmp_path / "pincite-data", embedder="none")) as lib:
        first = lib.ingest([tmp_path])
        again = lib.ingest([tmp_path])
    assert [r.status for r in first] == ["added"]
    assert [(Path(r.path).name, r.status) for r in again] == [("a.pdf", "skipped")]


def test_profile_mismatch_names_both_ways_out_and_docs_still_work(tmp_path):
    make_pdf(tmp_path / "a.pdf", ["The pump is serviced every 500 hours of operation."])
    with Library(Settings(data_dir=tmp_path / "d", embedder="none")) as lib:
        lib.ingest([tmp_path / "a.pdf"])
    with pytest.raises(ProfileMismatch) as info:
        Library(Settings(data_dir=tmp_path / "d", embedder="use-m3"))
    msg = str(info.value)
    assert "pincite reindex" in msg and "PINCITE_EMBEDDER=none" in msg and "None" not in msg
    with Library(Settings(data_dir=tmp_path / "d", embedder="use-m3"), for_reindex=True) as lib:
        assert any("pincite reindex" in p for p in lib.check())
        assert len(lib.documents()) == 1


def test_dense_retrieval_without_embedder_is_a_config_error(tmp_path):
    with pytest.raises(ConfigError, match="needs an embedder"):
        Library(Settings(data_dir=tmp_path / "d", embedder="none", retrieval="dense"))


def test_reindex_extracts_again_a_model_from_an_older_extractor(tmp_path):
    """A stored model made by an older extractor (here: one without printed folios) is
    extracted again from the stored original on reindex; names stay as ingested."""
    pages = ["Cover of the pump manual"] + [
        f"Chapter text about servicing the pump, part {i}.\n{i}" for i in range(1, 6)]
    pdf = make_pdf(tmp_path / "pump.pdf", pages)
    settings = Settings(data_dir=tmp_path / "d", embedder="none")
    with Library(settings) as lib:
        (res,) = lib.ingest([pdf])
        model_path = lib.models_dir / f"{res.doc_id}.json"
    stale = json.loads(model_path.read_text())
    assert stale["pages"][3]["page_label"] == "3"  # physical 4 prints folio 3
    stale["extractor"] = "pdfium-1"
    for page in stale["pages"]:
        page["page_label"], page["label_source"] = "", None
    model_path.write_text(json.dumps(stale))
    with Library(settings, for_reindex=True) as lib:
        lib.reindex()
        doc = lib.model(res.doc_id)
        assert doc.extractor == EXTRACTOR_VERSION and doc.file_name == "pump.pdf"
        assert (doc.page(4).page_label, doc.page(4).label_source) == ("3", "folio")
        ans = lib.ask("What is part 3 of servicing the pump about?")
        assert ans.citations()[0].page_label == "3"


def test_files_expanded_by_the_caller_skip_the_data_folder_too(tmp_path):
    """evaluate.ingest_timed expands folders itself and passes files: the stored originals
    among them are still left out by Library.ingest."""
    from pincite.library.inputs import expand_paths

    make_pdf(tmp_path / "a.pdf", ["The pump is serviced every 500 hours of operation."])
    with Library(Settings(data_dir=tmp_path / "pincite-data", embedder="none")) as lib:
        lib.ingest([tmp_path])
        files = list(expand_paths([tmp_path]))  # the caller's own expansion, data folder included
        assert len(files) == 2
        again = lib.ingest(files)
    assert [(Path(r.path).name, r.status) for r in again] == [("a.pdf", "skipped")]


# ---------------------------------------------------------------- 14. ingest_file (one file, a source of its own)


def test_ingest_file_with_the_same_source_replaces_changed_bytes(tmp_path):
    """Two files at different paths under one `source` (as the web server's uploads): the
    changed one replaces the first once ready; the same bytes again are skipped."""
    (tmp_path / "up1").mkdir()
    (tmp_path / "up2").mkdir()
    first = make_pdf(tmp_path / "up1" / "a.pdf", ["The gearbox oil change interval is 250 hours.",
                                                  FILLER_EN[0]])
    second = make_pdf(tmp_path / "up2" / "a.pdf", ["The radiator coolant must be renewed every three years.",
                                                   FILLER_EN[1]])
    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        res1 = lib.ingest_file(first, source="upload:a.pdf")
        assert (res1.status, res1.path, res1.pages) == ("added", "upload:a.pdf", 2)
        (row,) = lib.documents()
        assert (row.source_path, row.file_name) == ("upload:a.pdf", "a.pdf")
        old_id, old_sha = res1.doc_id, row.sha256
        assert_answers(lib, "What is the gearbox oil change interval?", old_id, "250 hours")

        res2 = lib.ingest_file(second, source="upload:a.pdf")
        assert res2.status == "replaced" and res2.doc_id != old_id and res2.path == "upload:a.pdf"
        assert [(r.doc_id, r.source_path) for r in lib.documents()] == [(res2.doc_id, "upload:a.pdf")]
        assert lib.catalog.get(old_id) is None and lib.index.count(doc_id=old_id) == 0
        assert not (lib.models_dir / f"{old_id}.json").exists() and not lib.blobs.path_for(old_sha).exists()
        assert_not_answered(lib, "What is the gearbox oil change interval?", old_id, "250 hours")
        assert_answers(lib, "How often must the radiator coolant be renewed?", res2.doc_id, "every three years")
        assert_stats_consistent(lib)

        again = lib.ingest_file(tmp_path / "up2" / "a.pdf", source="upload:a.pdf")
        assert (again.status, again.doc_id, again.reason) == ("skipped", res2.doc_id, "unchanged")
        # another source keeps its own document
        other = lib.ingest_file(first, source="upload:b.pdf")
        assert other.status == "added" and len(lib.documents()) == 2


def test_ingest_file_takes_a_file_under_the_data_folder_and_clears_failures(tmp_path):
    """The web server saves uploads under <data>/uploads: ingest_file takes them (ingest leaves
    the data folder out); a failure of a source is recorded, touches nothing, and is cleared
    when that source succeeds."""
    data = tmp_path / "data"
    with Library(Settings(data_dir=data, embedder="none")) as lib:
        good = make_pdf(tmp_path / "good.pdf", ["The pump is serviced every 500 hours of operation."])
        kept = lib.ingest_file(good, source="upload:kept.pdf")
        inside = data / "uploads" / "x1" / "notes.pdf"
        inside.parent.mkdir(parents=True)
        inside.write_text("plain text wearing a .pdf name\n")
        assert lib.ingest([inside]) == []  # ingest leaves the data folder out
        bad = lib.ingest_file(inside, source="upload:notes.pdf")
        assert bad.status == "failed" and bad.doc_id is None and bad.path == "upload:notes.pdf"
        assert bad.reason.startswith(f"{inside}: not a PDF")
        assert [(f.source_path, f.file_name) for f in lib.catalog.failures()] == [("upload:notes.pdf", "notes.pdf")]
        assert lib.catalog.failures()[0].reason.startswith("not a PDF")
        assert [r.doc_id for r in lib.documents()] == [kept.doc_id]

        make_pdf(inside, ["Meeting notes: the seal of the pump was replaced on Monday."])
        ok = lib.ingest_file(inside, source="upload:notes.pdf")
        assert ok.status == "added" and lib.catalog.failures() == []
        assert {r.source_path for r in lib.documents()} == {"upload:kept.pdf", "upload:notes.pdf"}
        assert_answers(lib, "When was the seal of the pump replaced?", ok.doc_id, "Monday")

        # a skipped file clears its source's failure too
        lib.ingest_file(tmp_path / "missing.pdf", source="upload:kept.pdf")
        assert [f.source_path for f in lib.catalog.failures()] == ["upload:kept.pdf"]
        assert lib.ingest_file(good, source="upload:kept.pdf").status == "skipped"
        assert lib.catalog.failures() == []


def test_ingest_file_default_source_is_the_resolved_path_like_ingest(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    a = make_pdf(tmp_path / "a.pdf", ["The gearbox oil change interval is 250 hours."])
    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        res = lib.ingest_file("a.pdf")
        assert res.status == "added" and res.path == str(a.resolve())
        assert lib.documents()[0].source_path == str(a.resolve())
        assert [r.status for r in lib.ingest([a])] == ["skipped"]  # the same source
        make_pdf(a, ["The radiator coolant must be renewed every three years."])
        (again,) = lib.ingest([a])
        assert again.status == "replaced" and len(lib.documents()) == 1


def test_ingest_file_refused_while_writer_lock_held_and_cleans_up_first(tmp_path):
    a = make_pdf(tmp_path / "a.pdf", ["The gearbox oil change interval is 250 hours."])
    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        with WriterLock(tmp_path / "data"):
            with pytest.raises(LockHeld):
                lib.ingest_file(a)
        assert lib.documents() == [] and lib.catalog.failures() == []
        # an interrupted ingest's leftovers (a pending row) go before the file is ingested
        b = make_pdf(tmp_path / "b.pdf", ["The radiator coolant must be renewed every three years."])
        res_b = lib.ingest_file(b)
        lib.catalog.set_state(res_b.doc_id, "pending")
        res_a = lib.ingest_file(a)
        assert res_a.status == "added"
        assert [r.doc_id for r in lib.catalog.documents()] == [res_a.doc_id]
        assert lib.index.doc_ids() == {res_a.doc_id}
