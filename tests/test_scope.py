"""Tests of document fields and scoped questions: fields in the
catalog and the index payload, set by options, sidecar YAML and manifest CSV, edited by
`docs set`; the scope as a filter inside the hybrid search (never a post-filter); the
refusal naming a missing document; uploaded documents only when asked; the source line.

Generated twin manuals (tests/pdfgen.py): the same section text with other values, the
revision 3.0 one chapter longer so the section lands on another page. Nothing of pincite is
mocked; the old-library test builds a library and then takes away what the older schema did
not have (the catalog columns, the payload fields, the migration mark).
"""
from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest
import qdrant_edge as qe

from cli_runner import invoke
from pdfgen import make_pdf
from pincite.config import Settings
from pincite.errors import FieldError
from pincite.eval import run as evaluate
from pincite.index.base import SearchFilter
from pincite.index.edge import DOC_FIELD_KEYS
from pincite.library.export import source_line
from pincite.library.facade import Library
from pincite.store.catalog import FIELD_COLUMNS
from pincite.store.fields import parse_fields
from pincite.text import analysis

QUESTION = "What is the test pressure for this unit?"
COVER = "Operating manual of the pressure unit. General safety notes for operators and service staff."
INSTALL = "Chapter 4 Installation. Mount the unit on a level floor and connect the supply line firmly."
REMOTE = "Chapter 4a Remote monitoring. The unit reports its state over the network interface."
MAINT = "Chapter 6 Maintenance. Replace the seals and the filter cartridge every year."
#: (modification, revision, pressure bar, minutes): A on revision 2.1, B on revision 3.0.
TWINS = {"A": ("2.1", "16", "10"), "B": ("3.0", "25", "15")}
REPORT = ("Site inspection report written by the customer. The drain hose was found cracked at "
          "the clamp and the drain hose was replaced on site by the customer.")


def section(bar: str, minutes: str) -> str:
    return ("5.3 Pressure check. Close the outlet valve and raise the pressure slowly. The test "
            f"pressure for this unit is {bar} bar, held for {minutes} minutes without loss.")


def twin_pages(mod: str) -> list[str]:
    rev, bar, minutes = TWINS[mod]
    extra = [REMOTE] if rev == "3.0" else []
    return [COVER, INSTALL, *extra, section(bar, minutes), MAINT]


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch):
    for name in ("PINCITE_FAULT", "PINCITE_DATA", "PINCITE_MIN_ANSWERABILITY", "PINCITE_MAX_FILE_MB",
                 "PINCITE_MAX_PAGES", "PINCITE_RETRIEVAL"):
        monkeypatch.delenv(name, raising=False)


def make_twins(folder: Path) -> dict[str, Path]:
    folder.mkdir(parents=True, exist_ok=True)
    out = {m: make_pdf(folder / f"px200-{m.lower()}.pdf", twin_pages(m)) for m in TWINS}
    out["report"] = make_pdf(folder / "customer-report.pdf", [REPORT])
    return out


def ingest_twins(lib: Library, files: dict[str, Path]) -> dict[str, str]:
    """Ingest the twins with their fields and the report as an upload; {key: doc_id}."""
    ids = {}
    for m, (rev, _, _) in TWINS.items():
        [r] = lib.ingest([files[m]], fields={"model": "PX-200", "modifications": [m], "revision": rev,
                                             "trust": "normative"})
        assert r.status == "added", r
        ids[m] = r.doc_id
    r = lib.ingest_file(files["report"], fields={"trust": "uploaded"})
    assert r.status == "added", r
    ids["report"] = r.doc_id
    return ids


@pytest.fixture(scope="module")
def twins(tmp_path_factory):
    root = tmp_path_factory.mktemp("twins")
    files = make_twins(root / "docs")
    lib = Library(Settings(data_dir=root / "data"))
    ids = ingest_twins(lib, files)
    yield lib, ids
    lib.close()


def numbers_of_twins() -> set[str]:
    return {v for _, bar, minutes in TWINS.values() for v in (bar, minutes)}


# ================================================================ fields: checks and catalog


def test_fields_are_checked_with_clear_errors():
    assert parse_fields({"modification": "B; C", "valid-from": "2026-03-01", "trust": "Normative"}) == {
        "modifications": ["B", "C"], "valid_from": "2026-03-01", "trust": "normative"}
    with pytest.raises(FieldError, match="trust 'secret' is not one of normative, reference, uploaded"):
        parse_fields({"trust": "secret"})
    with pytest.raises(FieldError, match=r"valid_from '2026-13-01' is not a date \(write YYYY-MM-DD\)"):
        parse_fields({"valid_from": "2026-13-01"})
    with pytest.raises(FieldError, match="valid_from 2027-01-01 is after valid_to 2026-01-01"):
        parse_fields({"valid_from": "2027-01-01", "valid_to": "2026-01-01"})
    with pytest.raises(FieldError, match="unknown field 'colour'"):
        parse_fields({"colour": "red"})
    with pytest.raises(ValueError, match="trust"):
        SearchFilter(trust=["everything"])


def test_catalog_and_every_chunk_carry_the_fields(twins):
    lib, ids = twins
    row = lib.catalog.get(ids["B"])
    assert (row.model, row.modifications, row.revision, row.trust) == ("PX-200", ["B"], "3.0", "normative")
    assert lib.catalog.get(ids["report"]).trust == "uploaded"
    # every point of B has the payload fields (the filter finds all of them, and only them)
    n = lib.index.count(doc_id=ids["B"])
    assert n >= 4
    assert lib.index.count_matching(SearchFilter(model="px-200", modification="b")) == n
    assert lib.index.count_matching(SearchFilter(revision="3.0")) == n
    schema = lib.index.shard.info().payload_schema
    assert {"trust", "model_key", "modifications_key", "revision_key", "valid_from"} <= set(schema)


# ================================================================ scoped answers


@pytest.mark.parametrize("mod", ["A", "B"])
def test_modification_scope_cites_its_own_manual_and_page(twins, mod):
    lib, ids = twins
    rev, bar, minutes = TWINS[mod]
    ans = lib.ask(QUESTION, scope=SearchFilter(model="PX-200", modification=mod))
    assert ans.status == "answered", ans.answer
    top = ans.citations()[0]
    assert top.doc_id == ids[mod] and top.verified
    assert top.page == (4 if rev == "3.0" else 3)  # revision 3.0 has one chapter more
    assert f"{bar} bar" in top.quote
    assert all(c.doc_id == ids[mod] for c in ans.citations())
    assert (top.model, top.modification, top.revision, top.trust) == ("PX-200", mod, rev, "normative")
    assert source_line(top, "en") == f"px200-{mod.lower()}.pdf, PX-200, mod. {mod}, rev. {rev}, PDF p. {top.page}"
    assert ans.scope.model == "PX-200" and ans.scope.modification == mod
    assert ans.scope.decided_by == "explicit option"
    assert ans.scope.trust == ["normative", "reference"]


def test_missing_modification_is_a_refusal_naming_it_without_numbers(twins):
    lib, _ = twins
    ans = lib.ask(QUESTION, scope=SearchFilter(model="PX-200", modification="C"))
    assert ans.status == "refused" and not ans.claims and not ans.passages
    assert ans.answer.startswith("The library has no document for PX-200 modification C.")
    twin_numbers = numbers_of_twins() | {"2.1", "3.0"}
    assert not any(re.search(rf"(?<![\d.]){re.escape(v)}(?![\d.])", ans.answer) for v in twin_numbers)
    assert ans.scope.modification == "C"
    # in the question's language
    ru = lib.ask("Какое испытательное давление при проверке давления?",
                 scope=SearchFilter(model="PX-200", modification="C"))
    assert ru.status == "refused" and ru.language == "ru"
    assert ru.answer.startswith("В библиотеке нет документа для PX-200, модификация C.")
    # a revision nobody has: refused too, never a relaxed search
    ans = lib.ask(QUESTION, scope=SearchFilter(model="PX-200", revision="9.9"))
    assert ans.status == "refused" and "revision 9.9" in ans.answer


def test_document_without_model_does_not_match_a_model_filter(twins):
    lib, ids = twins
    # the report has no model: it is not "for every model", even when uploads are allowed
    flt = SearchFilter(model="PX-200", include_uploaded=True)
    terms = analysis.tokens("drain hose cracked clamp")
    hits = lib.index.search(terms, flt, limit=10, query_vector=lib.embed_query("drain hose cracked clamp"))
    assert hits and ids["report"] not in {h.doc_id for h in hits}


def test_uploaded_report_answers_only_when_asked(twins):
    lib, ids = twins
    q = "Was the drain hose found cracked at the clamp?"
    plain = lib.ask(q)
    assert ids["report"] not in {c.doc_id for c in plain.citations()}
    assert ids["report"] not in {c.doc_id for c in plain.passages}
    # the refusal says why: the answer is in an upload the default scope leaves out, and
    # which option lets it answer (not what the manuals in scope lack)
    assert plain.status == "refused"
    assert plain.warnings == [
        "passages that may answer it are in customer-report.pdf, which this search leaves out: uploaded "
        "documents answer only when asked; ask again with --include-uploaded (REST API: \"scope\": "
        "{\"include_uploaded\": true}; MCP: include_uploaded)"]
    # an explicit trust list that leaves uploads out names the trust levels it needs
    normative = lib.ask(q, scope=SearchFilter(trust=["normative"]))
    assert normative.status == "refused"
    assert "ask again with --trust normative --trust uploaded (REST API: \"trust\" in \"scope\"; MCP: trust)" \
        in normative.warnings[-1], normative.warnings
    asked = lib.ask(q, scope=SearchFilter(include_uploaded=True))
    assert asked.status == "answered", asked.answer
    top = asked.citations()[0]
    assert top.doc_id == ids["report"] and top.trust == "uploaded"
    assert source_line(top, "en") == "customer-report.pdf, uploaded, not normative, PDF p. 1"
    assert "загружен пользователем, не нормативный" in source_line(top, "ru")
    assert asked.scope.trust == ["normative", "reference", "uploaded"]


def test_left_out_uploads_are_named_in_the_questions_language(tmp_path):
    """Where only an upload holds the answer, the refusal says so in the question's
    language (Russian, Chinese), naming the file and --include-uploaded, whatever language
    the documents in scope are in."""
    (tmp_path / "kotel.txt").write_text("Руководство по эксплуатации котла ТК-7.\n\nНоминальная тепловая "
                                        "мощность котла составляет 24 кВт.\nМаксимальное рабочее давление 3 бар.\n")
    (tmp_path / "zx5.txt").write_text("Заметки о приборе ZX-5.\n\nЁмкость аккумулятора прибора ZX-5 "
                                      "составляет 4200 мА·ч.\nПрибор ZX-5 заряжается за 95 минут.\n")
    (tmp_path / "zx5zh.txt").write_text("ZX-5 设备说明。\n\nZX-5 的电池容量为 4200 毫安时。\n"
                                        "ZX-5 充满电需要 95 分钟。\n")
    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        lib.ingest([tmp_path / "kotel.txt"])
        for name in ("zx5.txt", "zx5zh.txt"):
            assert lib.ingest_file(tmp_path / name, fields={"trust": "uploaded"}).status == "added"
        ru = lib.ask("Какова ёмкость аккумулятора прибора ZX-5?")
        assert ru.status == "refused" and len(ru.warnings) == 1, ru.warnings
        assert ru.warnings[0].startswith("фрагменты, которые могут ответить, есть в zx5.txt, но этот поиск "
                                         "их не учитывает") and "--include-uploaded" in ru.warnings[0]
        zh = lib.ask("ZX-5 的电池容量是多少？")
        assert zh.status == "refused" and zh.warnings[0].startswith("可能回答该问题的段落在 zx5zh.txt 中"), zh.warnings
        assert lib.ask("ZX-5 的电池容量是多少？", scope=SearchFilter(include_uploaded=True)).status == "answered"


def test_cli_ask_passes_the_scope_and_shows_the_source_line(twins, tmp_path):
    lib, ids = twins
    lib.close()  # the CLI opens the library itself (one process may hold the index)
    try:
        data = str(lib.root)
        out = invoke("--data", data, "ask", QUESTION, "--model", "PX-200", "--modification", "B", "--json")
        ans = json.loads(out.stdout)
        assert ans["status"] == "answered" and ans["claims"][0]["citations"][0]["doc_id"] == ids["B"]
        assert ans["scope"]["modification"] == "B" and ans["scope"]["decided_by"] == "explicit option"
        text = invoke("--data", data, "ask", QUESTION, "--model", "PX-200", "--modification", "B").stdout
        assert "PX-200, mod. B, rev. 3.0, PDF p. 4" in text
        out = invoke("--data", data, "ask", QUESTION, "--modification", "C", "--json")
        assert json.loads(out.stdout)["status"] == "refused"
        bad = invoke("--data", data, "ask", QUESTION, "--trust", "secret", code=2)
        assert "secret" in bad.stderr
        up = invoke("--data", data, "ask", "Was the drain hose found cracked at the clamp?",
                    "--include-uploaded").stdout
        assert "uploaded, not normative" in up
        listing = json.loads(invoke("--data", data, "docs", "--json").stdout)
        by_id = {d["doc_id"]: d for d in listing["documents"]}
        assert by_id[ids["A"]]["revision"] == "2.1" and by_id[ids["A"]]["modifications"] == ["A"]
        assert by_id[ids["report"]]["trust"] == "uploaded"
        table = invoke("--data", data, "docs").stdout
        assert "PX-200" in table and "normative" in table and "uploaded" in table
    finally:
        lib.__init__(lib.settings)  # reopen for the other tests of the module


# ================================================================ the filter is inside the search


def test_filtered_top_k_comes_from_the_scoped_document_among_twelve_twins(tmp_path):
    """Eleven near-identical manuals say "seal replacement interval" more often than the
    target, so they outrank all of it without the filter; with the filter the whole top-k is
    the target's (a post-filter of the unfiltered top-k would leave nothing)."""
    folder = tmp_path / "twelve"
    folder.mkdir()
    lib = Library(Settings(data_dir=tmp_path / "data"))
    try:
        others = []
        for i in range(1, 12):
            p = make_pdf(folder / f"px500-m{i:02d}.pdf", [
                f"Variant M{i:02d}. Seal replacement interval. The seal replacement interval of the seal "
                f"kit: seal replacement interval after each season, seal replacement interval logged."])
            [r] = lib.ingest([p], fields={"model": "PX-500", "modification": f"M{i:02d}"})
            others.append(r.doc_id)
        target_pages = [f"Part {n}. The seal replacement interval is given in table {n}. "
                        f"Other text of part {n}: cabling, transport, storage and disposal notes."
                        for n in range(1, 7)]
        [r] = lib.ingest([make_pdf(folder / "px500-m12.pdf", target_pages)],
                         fields={"model": "PX-500", "modification": "M12"})
        target = r.doc_id
        q = "seal replacement interval"
        terms, qvec = analysis.tokens(q), lib.embed_query(q)
        unfiltered = lib.index.search(terms, None, limit=11, query_vector=qvec)
        assert {h.doc_id for h in unfiltered} == set(others)  # the target is outranked
        flt = SearchFilter(model="PX-500", modification="M12")
        for mode in ("hybrid", "bm25", "dense"):
            hits = lib.index.search(terms, flt, limit=5, query_vector=qvec, mode=mode)
            assert len(hits) == 5 and {h.doc_id for h in hits} == {target}, mode
            assert all(h.modifications == ["M12"] and h.model == "PX-500" for h in hits)
        ans = lib.ask("What is the seal replacement interval?", scope=flt)
        assert ans.citations() and {c.doc_id for c in ans.citations()} == {target}
    finally:
        lib.close()


# ================================================================ docs set, sidecar, manifest


def test_docs_set_changes_the_revision_without_reingest(tmp_path):
    files = make_twins(tmp_path / "docs")
    data = tmp_path / "data"
    with Library(Settings(data_dir=data)) as lib:
        ids = ingest_twins(lib, files)
        model_json = lib.models_dir / f"{ids['B']}.json"
        mtime = model_json.stat().st_mtime_ns
    out = invoke("--data", str(data), "docs", "set", ids["B"], "--revision", "3.1", "--valid-from", "2026-03-01")
    assert "revision 3.1" in out.stdout
    bad = invoke("--data", str(data), "docs", "set", ids["B"], "--valid-to", "2026-02-30", code=2)
    assert "not a date" in bad.stderr
    bad = invoke("--data", str(data), "docs", "set", ids["B"], "--trust", "gospel", code=2)
    assert "not one of normative, reference, uploaded" in bad.stderr
    with Library(Settings(data_dir=data)) as lib:
        assert model_json.stat().st_mtime_ns == mtime  # not parsed again
        row = lib.catalog.get(ids["B"])
        assert (row.revision, row.valid_from, row.modifications) == ("3.1", "2026-03-01", ["B"])
        ans = lib.ask(QUESTION, scope=SearchFilter(modification="B"))
        top = ans.citations()[0]
        assert top.doc_id == ids["B"] and top.revision == "3.1"
        assert "PX-200, mod. B, rev. 3.1, PDF p. 4" in source_line(top, "en")
        assert lib.ask(QUESTION, scope=SearchFilter(revision="3.1")).citations()[0].doc_id == ids["B"]
        gone = lib.ask(QUESTION, scope=SearchFilter(revision="3.0"))
        assert gone.status == "refused" and "revision 3.0" in gone.answer
        # the upload becomes normative: it now answers without being asked for
        lib.set_fields(ids["report"], {"trust": "normative"})
        ans = lib.ask("Was the drain hose found cracked at the clamp?")
        assert ans.citations()[0].doc_id == ids["report"]


def test_sidecar_and_manifest_fields_with_options_winning(tmp_path):
    folder = tmp_path / "docs"
    files = make_twins(folder)
    (folder / "pincite-manifest.csv").write_text(
        "file,model,modifications,revision,trust,valid_from\n"
        "px200-a.pdf,PX-200,A,2.1,normative,2025-01-01\n"
        "px200-b.pdf,PX-200,B;C,2.2,normative,\n", encoding="utf-8")
    # the sidecar of B wins over the manifest: revision written unquoted stays "3.10"
    (folder / "px200-b.pdf.yaml").write_text(
        "revision: 3.10\nmodifications:\n  - B\n  - C\nsource_url: https://example.org/px200-b.pdf\n",
        encoding="utf-8")
    (folder / "customer-report.yaml").write_text("trust: uploaded\n", encoding="utf-8")
    data = tmp_path / "data"
    with Library(Settings(data_dir=data)) as lib:
        results = {Path(r.path).name: r for r in lib.ingest([folder])}
        assert all(r.status == "added" for r in results.values()), results
        a = lib.catalog.get(results["px200-a.pdf"].doc_id)
        b = lib.catalog.get(results["px200-b.pdf"].doc_id)
        rep = lib.catalog.get(results["customer-report.pdf"].doc_id)
        assert (a.model, a.modifications, a.revision, a.trust, a.valid_from) == (
            "PX-200", ["A"], "2.1", "normative", "2025-01-01")
        assert (b.model, b.modifications, b.revision, b.source_url) == (
            "PX-200", ["B", "C"], "3.10", "https://example.org/px200-b.pdf")
        assert rep.trust == "uploaded" and rep.model is None
        ans = lib.ask(QUESTION, scope=SearchFilter(model="PX-200", modification="C"))
        assert ans.citations()[0].doc_id == b.doc_id and ans.citations()[0].modification == "B, C"
    # CLI options win over both; the same bytes with new fields are updated, not re-parsed
    out = invoke("--data", str(data), "ingest", str(files["B"]), "--revision", "3.0", "--trust", "reference")
    assert "fields updated" in out.stdout
    with Library(Settings(data_dir=data)) as lib:
        b = lib.catalog.get(b.doc_id)
        assert (b.revision, b.trust, b.modifications) == ("3.0", "reference", ["B", "C"])
        assert lib.ask(QUESTION, scope=SearchFilter(revision="3.0")).citations()[0].doc_id == b.doc_id
    # a bad sidecar fails that file with the reason; the others are unaffected
    bad = make_pdf(folder / "bad.pdf", ["Chapter 9 Disposal. Return the unit to the maker."])
    (folder / "bad.yaml").write_text("trust: gospel\n", encoding="utf-8")
    with Library(Settings(data_dir=data)) as lib:
        [r] = lib.ingest([bad])
        assert r.status == "failed" and "trust 'gospel' is not one of" in r.reason
        assert lib.catalog.failures()[0].file_name == "bad.pdf"
    out = invoke("--data", str(data), "ingest", str(files["A"]), "--valid-from", "yesterday", code=2)
    assert "valid_from 'yesterday' is not a date" in out.stderr


# ================================================================ an old library


def test_old_library_is_migrated_and_stays_answerable(tmp_path):
    """A library of the schema before document fields: no field columns in the catalog, no
    field payload or indexes in the shard, no migration mark. Opened by this build, its
    documents answer (as "reference" documents with no model) and take fields."""
    files = make_twins(tmp_path / "docs")
    data = tmp_path / "data"
    with Library(Settings(data_dir=data)) as lib:
        [r] = lib.ingest([files["A"]])
        doc_id = r.doc_id
        lib.index.shard.update(qe.UpdateOperation.delete_payload_by_filter(
            lib.index._must(doc_id=doc_id), list(DOC_FIELD_KEYS)))
        for key in ("trust", "model_key", "modifications_key", "revision_key"):
            lib.index.shard.update(qe.UpdateOperation.delete_field_index(key))
        assert lib.index.count_matching(None) == 0  # what an old shard looks like to the filter
    db = sqlite3.connect(data / "catalog.sqlite")
    for col, _ in FIELD_COLUMNS:
        db.execute(f"ALTER TABLE documents DROP COLUMN {col}")
    db.execute("DELETE FROM meta WHERE key='doc_fields'")
    db.commit()
    db.close()
    with Library(Settings(data_dir=data)) as lib:
        row = lib.catalog.get(doc_id)
        assert (row.trust, row.model, row.modifications) == ("reference", None, [])
        ans = lib.ask(QUESTION)
        assert ans.status == "answered" and ans.citations()[0].doc_id == doc_id
        assert ans.citations()[0].trust == "reference"
        assert source_line(ans.citations()[0], "en") == "px200-a.pdf, PDF p. 3"  # as before
        assert "trust" in lib.index.shard.info().payload_schema
        lib.set_fields(doc_id, {"model": "PX-200", "modifications": ["A"]})
        assert lib.ask(QUESTION, scope=SearchFilter(modification="A")).citations()[0].doc_id == doc_id


# ================================================================ eval scope


def test_eval_questions_carry_a_scope(twins, tmp_path):
    lib, ids = twins
    qfile = tmp_path / "q.jsonl"
    rows = [
        {"id": "a", "question": QUESTION, "doc": "px200-a.pdf", "pages": [3], "answer": "16 bar",
         "scope": {"model": "PX-200", "modification": "A"}},
        {"id": "b", "question": QUESTION, "doc": "px200-b.pdf", "pages": [4], "answer": "25 bar",
         "scope": {"model": "PX-200", "modification": "B"}},
        {"id": "c", "question": QUESTION, "doc": "px200-b.pdf", "pages": [4], "kind": "refusal",
         "answer": None, "scope": {"model": "PX-200", "modification": "C"}},
        {"id": "plain", "question": "Was the drain hose found cracked at the clamp?",
         "doc": "customer-report.pdf", "pages": [1], "answer": "cracked",
         "scope": {"include_uploaded": True}},
    ]
    qfile.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    qs = evaluate.load_questions(qfile)
    recs = evaluate.run_eval(qs, lib.ask)
    by = {r.id: r for r in recs}
    assert by["a"].hit1 and by["b"].hit1 and by["plain"].hit1
    assert by["c"].status == "refused"
    # backward compatible: a one-argument ask still works for questions without a scope
    seen = []
    evaluate.run_eval([{"id": "old", "question": QUESTION, "doc": "px200-a.pdf", "pages": [3]}],
                      lambda q: seen.append(q) or lib.ask(q))
    assert seen == [QUESTION]
    qfile.write_text(json.dumps({"question": QUESTION, "scope": {"colour": "red"}}) + "\n")
    with pytest.raises(ValueError, match="unknown scope key"):
        evaluate.load_questions(qfile)


# ================================================================ helpers


