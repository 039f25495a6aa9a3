"""Tests of the registry and scope resolution: registry import and
show, current / as-shipped revisions per modification, serial numbers, modifications named in
the question, clarification between twins, compare mode, eval scope with serial and mode.

Generated twin manuals (tests/pdfgen.py): manual rev. 2.1 covers modifications A and B
(16 bar, section on page 3); rev. 3.0 covers B only (25 bar, one chapter longer, section on
page 4). The registry keeps A on 2.1 while B moved to 3.0. Nothing of pincite is mocked.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cli_runner import invoke
from pdfgen import make_pdf
from pincite.answer.pipeline import ask_library
from pincite.answer.scope import recognise
from pincite.config import Settings
from pincite.errors import RegistryError
from pincite.eval import run as evaluate
from pincite.index.base import SearchFilter
from pincite.library.facade import Library
from pincite.store.registry import Registry, read_csv

QUESTION = "What is the test pressure for this unit?"
COVER = "Operating manual of the pressure unit. General safety notes for operators and service staff."
INSTALL = "Chapter 4 Installation. Mount the unit on a level floor and connect the supply line firmly."
REMOTE = "Chapter 4a Remote monitoring. The unit reports its state over the network interface."
MAINT = "Chapter 6 Maintenance. Replace the seals and the filter cartridge every year."
#: revision: (modifications, bar, minutes, page of the section)
MANUALS = {"2.1": (["A", "B"], "16", "10", 3), "3.0": (["B"], "25", "15", 4)}
VALUES = {"16", "10", "25", "15"}
REGISTRY = """model,modification,revision,status,current,serial_from,serial_to,valid_from,checked_at,checked_source
PX-200,A,2.1,in_force,yes,1000,1999,2024-01-01,2026-11-01,maker letter
PX-200,B,2.1,superseded,no,2000,2999,2024-01-01,2026-11-01,maker letter
PX-200,B,3.0,in_force,yes,3000,3999,2026-03-01,2026-11-01,maker letter
"""


def section(bar: str, minutes: str) -> str:
    return ("5.3 Pressure check. Close the outlet valve and raise the pressure slowly. The test "
            f"pressure for this unit is {bar} bar, held for {minutes} minutes without loss.")


def pages(rev: str) -> list[str]:
    _, bar, minutes, _ = MANUALS[rev]
    return [COVER, INSTALL, *([REMOTE] if rev == "3.0" else []), section(bar, minutes), MAINT]


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch):
    for name in ("PINCITE_FAULT", "PINCITE_DATA", "PINCITE_MIN_ANSWERABILITY", "PINCITE_MAX_FILE_MB",
                 "PINCITE_MAX_PAGES", "PINCITE_RETRIEVAL"):
        monkeypatch.delenv(name, raising=False)


def build(root: Path, registry: bool = True) -> tuple[Library, dict[str, str]]:
    folder = root / "docs"
    folder.mkdir(parents=True, exist_ok=True)
    lib = Library(Settings(data_dir=root / "data"))
    ids = {}
    for rev, (mods, _, _, _) in MANUALS.items():
        p = make_pdf(folder / f"px200-rev{rev}.pdf", pages(rev))
        [r] = lib.ingest([p], fields={"model": "PX-200", "modifications": mods, "revision": rev,
                                      "trust": "normative"})
        assert r.status == "added", r
        ids[rev] = r.doc_id
    if registry:
        csv_path = root / "registry.csv"
        csv_path.write_text(REGISTRY, encoding="utf-8")
        Registry.store(lib.catalog, read_csv(csv_path), str(csv_path))
    return lib, ids


@pytest.fixture(scope="module")
def lib_ids(tmp_path_factory):
    lib, ids = build(tmp_path_factory.mktemp("registry"))
    yield lib, ids
    lib.close()


def has_value(text: str) -> bool:
    return any(re.search(rf"(?<![\d.]){v}(?![\d.])", text) for v in VALUES)


def assert_cites(ans, ids, rev):
    assert ans.status == "answered", (ans.answer, ans.warnings)
    top = ans.citations()[0]
    mods, bar, _, page = MANUALS[rev]
    assert top.doc_id == ids[rev] and top.verified and top.page == page
    assert f"{bar} bar" in top.quote
    assert {c.doc_id for c in ans.citations()} == {ids[rev]}
    return top


# ================================================================ registry file


def test_registry_import_errors_name_the_row(tmp_path):
    head = REGISTRY.splitlines()[0]
    cases = {
        "status": ("PX-200,A,2.1,valid,yes,,,,,", r"row 2: status 'valid' is not one of in_force"),
        "current": ("PX-200,A,2.1,in_force,maybe,,,,,", r"row 2: current 'maybe' is not yes or no"),
        "date": ("PX-200,A,2.1,in_force,yes,,,2024-02-30,,", r"row 2: valid_from '2024-02-30' is not a date"),
        "serials": ("PX-200,A,2.1,in_force,yes,500,100,,,", r"row 2: serial_from 500 is after serial_to 100"),
        "empty": (",A,2.1,in_force,yes,,,,,", r"row 2: model is empty"),
        "current_superseded": ("PX-200,A,2.1,superseded,yes,,,,,", r"row 2: revision 2.1 is marked current"),
    }
    for name, (row, pattern) in cases.items():
        p = tmp_path / f"{name}.csv"
        p.write_text(f"{head}\n{row}\n", encoding="utf-8")
        with pytest.raises(RegistryError, match=pattern):
            read_csv(p)
    p = tmp_path / "dup.csv"
    p.write_text(f"{head}\nPX-200,B,2.1,superseded,no,,,,,\nPX-200,B,3.0,in_force,yes,,,,,\n"
                 "PX-200,B,3.1,in_force,yes,,,,,\n", encoding="utf-8")
    with pytest.raises(RegistryError, match=r"row 4: PX-200 modification B already has a current revision \(row 3\)"):
        read_csv(p)
    p.write_text("model,modification,revision,status,current,colour\n", encoding="utf-8")
    with pytest.raises(RegistryError, match="unknown column"):
        read_csv(p)
    p.write_text("model,modification,revision\nPX-200,A,2.1\n", encoding="utf-8")
    with pytest.raises(RegistryError, match="missing column.*status, current"):
        read_csv(p)


def test_future_valid_from_is_not_yet_in_force(tmp_path):
    p = tmp_path / "r.csv"
    p.write_text(REGISTRY.splitlines()[0] + "\nPX-9,A,1.0,in_force,no,,,2020-01-01,,\n"
                 "PX-9,A,2.0,in_force,yes,,,2999-01-01,2026-11-01,gazette\n", encoding="utf-8")
    reg = Registry(read_csv(p))
    e = reg.entry("px-9", "a", "2.0")
    assert e.status == "in_force" and e.effective_status() == "not_yet_in_force"
    cur, notes = reg.current("PX-9", "A")
    assert cur.revision == "1.0" and "not yet in force (from 2999-01-01)" in notes[0]


def test_cli_registry_import_and_show(tmp_path):
    lib, _ = build(tmp_path, registry=False)
    lib.close()
    data = str(tmp_path / "data")
    good = tmp_path / "registry.csv"
    good.write_text(REGISTRY, encoding="utf-8")
    bad = tmp_path / "bad.csv"
    bad.write_text(REGISTRY + "PX-200,C,1.0,gone,no,,,,,\n", encoding="utf-8")
    out = invoke("--data", data, "registry", "import", str(bad), code=2)
    assert "row 5: status 'gone'" in out.stderr
    assert json.loads(invoke("--data", data, "registry", "show", "--json").stdout)["entries"] == []
    assert "3 rows imported" in invoke("--data", data, "registry", "import", str(good)).stdout
    shown = json.loads(invoke("--data", data, "registry", "show", "--json").stdout)
    rows = {(e["modification"], e["revision"]): e for e in shown["entries"]}
    assert rows[("B", "2.1")]["status"] == "superseded" and rows[("B", "3.0")]["current"] is True
    assert rows[("B", "3.0")]["serial_from"] == "3000" and rows[("A", "2.1")]["checked_source"] == "maker letter"
    table = invoke("--data", data, "registry", "show").stdout
    assert "superseded" in table and "PX-200" in table and "3000" in table
    # the registry drives `ask`: modification B is answered from rev. 3.0
    ans = json.loads(invoke("--data", data, "ask", QUESTION, "--model", "PX-200", "--modification", "B",
                            "--json").stdout)
    assert ans["status"] == "answered" and ans["claims"][0]["citations"][0]["revision"] == "3.0"
    assert ans["scope"]["decided_by"].startswith("explicit option; registry: rev. 3.0 current for modification B")


# ================================================================ recognition


def test_scope_is_recognised_in_the_question():
    models, mods = ["PX-200"], ["A", "B"]
    assert recognise("PX-200, модификация B: какое давление?", models, mods) == {"model": "PX-200", "modification": "B"}
    assert recognise("PX-200, модификация В?", models, mods)["modification"] == "B"  # Cyrillic В
    assert recognise("px-200 modification b pressure", models, mods) == {"model": "PX-200", "modification": "B"}
    assert recognise("Pressure for the PX-200 mod. A?", models, mods)["modification"] == "A"
    assert recognise("型号 PX-200 的 B 型 试验压力是多少？", models, mods) == {"model": "PX-200", "modification": "B"}
    assert recognise("S/N 12345: test pressure?", models, mods) == {"serial": "12345"}
    assert recognise("заводской номер 3456, давление?", models, mods) == {"serial": "3456"}
    assert recognise("What is the test pressure of the PX-2000?", models, mods) == {}
    # any case form of the word, and never a value cut from the word's own ending
    assert recognise("Для модификацией B какой расход?", models, mods) == {"modification": "B"}
    assert recognise("Модификацией какого стиля является этот стиль?", models, mods) == {}


# ================================================================ scoped answers


def test_modification_a_stays_on_2_1(lib_ids):
    lib, ids = lib_ids
    ans = lib.ask(QUESTION, scope=SearchFilter(model="PX-200", modification="A"))
    top = assert_cites(ans, ids, "2.1")
    assert top.status == "in_force" and ans.scope.revision == "2.1" and ans.scope.mode == "current"
    assert "registry: rev. 2.1 current for modification A" in ans.scope.decided_by
    assert "checked 2026-11-01, source maker letter" in ans.scope.decided_by


def test_modification_b_moves_to_3_0(lib_ids):
    lib, ids = lib_ids
    ans = lib.ask(QUESTION, scope=SearchFilter(model="PX-200", modification="B"))
    top = assert_cites(ans, ids, "3.0")
    assert top.status == "in_force"
    assert ans.scope.decided_by == ("explicit option; registry: rev. 3.0 current for modification B since "
                                    "2026-03-01 (checked 2026-11-01, source maker letter)")
    # the same, named in the question (Russian) instead of an option
    q = "What is the test pressure for this unit, PX-200 modification B?"
    named = lib.ask(q)
    assert_cites(named, ids, "3.0")
    assert named.question == q and named.scope.modification == "B"
    assert named.scope.decided_by.startswith("named in the question: model PX-200, modification B; registry:")


def test_serial_in_b_range_cites_3_0(lib_ids):
    lib, ids = lib_ids
    ans = lib.ask(f"{QUESTION} S/N 3456")
    assert_cites(ans, ids, "3.0")
    assert ans.scope.serial == "3456" and ans.scope.modification == "B" and ans.scope.mode == "current"
    via_option = ask_library(lib, QUESTION, serial="3100")
    assert_cites(via_option, ids, "3.0")


def test_as_shipped_old_serial_cites_the_superseded_revision_marked(lib_ids):
    lib, ids = lib_ids
    ans = ask_library(lib, QUESTION, serial="2500", mode="as-shipped")
    top = assert_cites(ans, ids, "2.1")
    assert top.status == "superseded"
    assert ans.scope.mode == "as-shipped" and ans.scope.revision_status == "superseded"
    assert "serial 2500 shipped with rev. 2.1" in ans.scope.decided_by
    assert "superseded" in ans.scope.decided_by
    assert any("as shipped: rev. 2.1 is superseded for modification B; the current revision is 3.0" in w
               for w in ans.warnings)
    with pytest.raises(ValueError, match="as-shipped needs a serial number"):
        ask_library(lib, QUESTION, mode="as-shipped")


def test_no_modification_asks_which_one_without_numbers(lib_ids):
    lib, _ = lib_ids
    for q in (QUESTION, "What is the test pressure for the PX-200?"):
        ans = lib.ask(q)
        assert ans.status == "needs_clarification", ans.answer
        assert ans.clarification.options == ["A", "B"]
        assert "A or B" in ans.clarification.question and not has_value(ans.answer)
        assert "--" not in ans.clarification.question, ans.clarification.question  # no CLI flags
        assert not ans.claims and not ans.citations()
    # the model named but no modification: the same question back
    named = lib.ask("What is the test pressure of the PX-200 unit?")
    assert named.status == "needs_clarification" and named.scope.model == "PX-200"
    assert named.answer.startswith("Which modification of PX-200 do you mean: A or B?")


def test_modification_c_has_no_manual(lib_ids):
    lib, _ = lib_ids
    ans = lib.ask(QUESTION, scope=SearchFilter(model="PX-200", modification="C"))
    assert ans.status == "refused" and not ans.claims
    assert ans.answer.startswith("The library has no document for PX-200 modification C.")
    assert ans.refusal == "no_document"
    assert "--" not in ans.answer and "pincite " not in ans.answer, ans.answer  # no CLI commands
    assert not has_value(ans.answer)
    named = lib.ask("What is the test pressure for the PX-200 modification C?")
    assert named.status == "refused" and "modification C" in named.answer and not has_value(named.answer)


def test_compare_gives_two_blocks_with_their_own_sources(lib_ids):
    lib, ids = lib_ids
    ans = ask_library(lib, QUESTION, SearchFilter(model="PX-200", modification="B"), compare=["2.1", "3.0"])
    assert ans.status == "answered" and not ans.claims
    assert [i.revision for i in ans.compare] == ["2.1", "3.0"]
    for item in ans.compare:
        assert_cites(item.answer, ids, item.revision)
        assert item.answer.scope.revision == item.revision
    assert ans.compare[0].answer.citations()[0].status == "superseded"
    assert "Revision 2.1:" in ans.answer and "Revision 3.0:" in ans.answer


def test_cli_compare_serial_and_mode(lib_ids):
    lib, ids = lib_ids
    lib.close()
    try:
        data = str(lib.root)
        text = invoke("--data", data, "ask", QUESTION, "--modification", "B", "--compare", "2.1", "3.0").stdout
        assert text.index("── rev. 2.1 ──") < text.index("16 bar") < text.index("── rev. 3.0 ──") < text.index("25 bar")
        out = json.loads(invoke("--data", data, "ask", QUESTION, "--serial", "2500", "--mode", "as-shipped",
                                "--json").stdout)
        assert out["claims"][0]["citations"][0]["doc_id"] == ids["2.1"]
        assert out["claims"][0]["citations"][0]["status"] == "superseded"
        clar = invoke("--data", data, "ask", QUESTION).stdout
        assert "needs_clarification" in clar and "A or B" in clar and not has_value(clar)
        assert "--modification" in clar  # the terminal's own hint names its flags
        bad = invoke("--data", data, "ask", QUESTION, "--mode", "as-shipped", code=2)
        assert "as-shipped needs a serial number" in bad.stderr
        bad = invoke("--data", data, "ask", QUESTION, "--mode", "latest", code=2)
        assert "choose current or as-shipped" in bad.stderr
    finally:
        lib.__init__(lib.settings)


def test_compare_scope_lines_follow_the_answer_language(lib_ids):
    lib, _ = lib_ids
    lib.close()
    try:
        data = str(lib.root)
        ru = invoke("--data", data, "ask", "Какое испытательное давление для этой установки?",
                    "--modification", "B", "--compare", "2.1", "3.0").stdout
        assert ("область поиска: PX-200, мод. B — сравнение: ред. 2.1 и 3.0; явно заданный параметр; "
                "реестр: модификация B относится к модели PX-200") in ru, ru
        assert "── ред. 2.1 ──" in ru and "── ред. 3.0 ──" in ru, ru
        assert "сравнение: ред. 3.0;" in ru, ru
        for english in ("scope:", "compare:", "rev.", "mod.", "explicit option", "registry:"):
            assert english not in ru, (english, ru)
        zh = invoke("--data", data, "ask", "这台设备的试验压力是多少？", "--modification", "B",
                    "--compare", "2.1", "3.0").stdout
        assert "比较：版本 2.1 和 3.0" in zh and "── 版本 3.0 ──" in zh and "登记表：改型 B 属于型号 PX-200" in zh, zh
        assert "compare:" not in zh and "registry:" not in zh, zh
        # the JSON keeps decided_by in English beside the shown text
        out = json.loads(invoke("--data", data, "ask", "--json", "Какое испытательное давление для этой установки?",
                                "--modification", "B", "--compare", "2.1", "3.0").stdout)
        assert out["scope"]["decided_by"].startswith("compare: rev. 2.1 and 3.0; explicit option; registry:")
        assert out["scope"]["decided_by_shown"].startswith("сравнение: ред. 2.1 и 3.0;")
        # a registry reason with its provenance and status, in Russian
        one = json.loads(invoke("--data", data, "ask", "--json", "--serial", "2500", "--mode", "as-shipped",
                                "Какое испытательное давление для этой установки?").stdout)
        assert one["scope"]["decided_by_shown"].endswith(
            "реестр: изделие с заводским номером 2500 поставлено с ред. 2.1 (проверено 2026-11-01, "
            "источник: maker letter) (ред. 2.1: заменена)"), one["scope"]
        assert "serial 2500 shipped with rev. 2.1" in one["scope"]["decided_by"]
    finally:
        lib.__init__(lib.settings)


def test_eval_scope_takes_serial_and_mode(lib_ids, tmp_path):
    lib, ids = lib_ids
    qfile = tmp_path / "q.jsonl"
    rows = [{"id": "shipped", "question": QUESTION, "doc": "px200-rev2.1.pdf", "pages": [3], "answer": "16 bar",
             "scope": {"serial": "2500", "mode": "as-shipped"}},
            {"id": "current", "question": QUESTION, "doc": "px200-rev3.0.pdf", "pages": [4], "answer": "25 bar",
             "scope": {"serial": "2500"}}]
    qfile.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    recs = evaluate.run_eval(evaluate.load_questions(qfile), lambda q, **kw: ask_library(lib, q, **kw))
    assert all(r.hit1 for r in recs), [(r.id, r.status) for r in recs]
    qfile.write_text(json.dumps({"question": QUESTION, "scope": {"mode": "newest"}}) + "\n")
    with pytest.raises(ValueError, match="choose current or as-shipped"):
        evaluate.load_questions(qfile)


def test_without_registry_twins_by_revision_ask_which_revision(tmp_path):
    lib, ids = build(tmp_path, registry=False)
    try:
        ans = lib.ask(QUESTION, scope=SearchFilter(modification="B"))
        assert ans.status == "needs_clarification" and ans.clarification.options == ["2.1", "3.0"]
        assert not has_value(ans.answer) and ans.scope.mode == "all"
        assert "--" not in ans.clarification.question, ans.clarification.question
        assert_cites(lib.ask(QUESTION, scope=SearchFilter(modification="A")), ids, "2.1")
    finally:
        lib.close()


def test_twin_revisions_that_say_the_same_are_both_cited_without_a_question_back(tmp_path):
    """Both revisions hold the maintenance page word for word: the answer holds for either,
    so it cites each instead of asking which revision (the test pressure, which differs,
    is still asked back: the test above)."""
    lib, ids = build(tmp_path, registry=False)
    try:
        ans = lib.ask("How often should the seals and the filter cartridge be replaced?",
                      scope=SearchFilter(modification="B"))
        assert ans.status == "answered", (ans.status, ans.answer)
        cited = {c.doc_id for c in ans.citations() if c.verified and "every year" in c.quote}
        assert cited == set(ids.values()), [(c.doc_id, c.quote) for c in ans.citations()]
    finally:
        lib.close()


def test_serial_without_a_registry_says_none_is_imported_in_the_question_language(tmp_path, lib_ids):
    lib, _ = build(tmp_path, registry=False)
    lib.close()
    data = str(tmp_path / "data")
    ru = json.loads(invoke("--data", data, "ask", "--json", "--serial", "2500",
                           "Какое испытательное давление для этой установки?").stdout)
    (w,) = [w for w in ru["warnings"] if "2500" in w]
    assert "не импортирован реестр заводских номеров" in w and "pincite registry import" in w, w
    assert "serial range" not in w
    en = invoke("--data", data, "ask", "--serial", "2500", QUESTION).stdout
    assert "no serial registry has been imported" in en and "no serial range" not in en, en
    # with a registry, a serial outside its ranges is said so, in the question's language
    with_reg, _ = lib_ids
    ans = with_reg.ask("这台设备的试验压力是多少？", serial="9999")
    assert "序列号 9999 不在登记表的任何序列号范围内" in ans.warnings, ans.warnings
    ans = with_reg.ask(QUESTION, serial="9999")
    assert "serial number 9999 is in no serial range of the registry" in ans.warnings, ans.warnings


def test_a_question_asking_for_a_serial_number_names_none():
    """"What is the serial number of …?" asks for one: the word after "serial number" is
    no serial (a serial holds a digit), so no registry lookup is made or warned about."""
    from pincite.answer.scope import _named

    assert "serial" not in _named("What is the serial number of item INV-1004?", [], [])
    assert "serial" not in _named("Какой заводской номер у насоса?", [], [])
    assert _named("Which revision applies to S/N AB-1203?", [], [])["serial"][0] == "AB-1203"
    assert _named("Какая редакция для заводского номера 77-102?", [], [])["serial"][0] == "77-102"


# ================================================================ helpers


def test_source_line_names_the_revision_status_and_the_nameplate_line_is_printed():
    from rich.console import Console

    from pincite.cli.render import print_answer
    from pincite.contract import Answer, Citation, Claim, PdfAddress
    from pincite.library.export import source_line

    cit = Citation(chunk_id="ab" * 8 + "-p4-c0", doc_id="ab" * 8, file="px200-b.pdf", model="PX-200",
                   modification="B", revision="3.0", status="in_force",
                   address=PdfAddress(page=4, page_end=4), page=4, quote="The test pressure is 25 bar",
                   verified=True)
    assert source_line(cit, "en") == "px200-b.pdf, PX-200, mod. B, rev. 3.0 (in force), PDF p. 4"
    old = cit.model_copy(update={"status": "superseded"})
    assert "ред. 3.0 (заменена)" in source_line(old, "ru")
    console = Console(record=True, width=200)
    print_answer(console, Answer(question="q", status="answered", language="en", answer="a",
                                 claims=[Claim(text=cit.quote, verified=True, citations=[cit])]))
    assert "compare the modification with the nameplate" in console.export_text()


def test_each_part_of_a_compound_question_resolves_its_own_modification(lib_ids):
    lib, ids = lib_ids
    ans = lib.ask("What is the test pressure for the PX-200 modification B? "
                  "What is the test pressure for the PX-200 modification A?")
    assert len(ans.parts) == 2 and ans.status == "answered", [p.answer for p in ans.parts]
    b, a = ans.parts
    assert b.question.endswith("modification B?") and a.question.endswith("modification A?")
    assert_cites(b, ids, "3.0")
    assert_cites(a, ids, "2.1")


def test_documents_carry_the_registry_status_of_their_revision(tmp_path):
    """Library.listing and GET /api/documents give each document the registry's status today
    of its revision (by model, one of its modifications and revision); an unregistered one
    has none, and the ingest status stays "ready"."""
    from fastapi.testclient import TestClient

    from pincite.web.server import create_app

    settings = Settings(data_dir=tmp_path / "data", embedder="none")
    lib = Library(settings)
    try:
        old = make_pdf(tmp_path / "old.pdf", pages("2.1"))
        other = make_pdf(tmp_path / "other.pdf", ["A leaflet about the pump's paint colours."])
        [r_old] = lib.ingest([old], fields={"model": "PX-200", "modifications": ["C", "B"], "revision": "2.1"})
        [r_other] = lib.ingest([other])
        csv_path = tmp_path / "registry.csv"
        csv_path.write_text(REGISTRY, encoding="utf-8")
        Registry.store(lib.catalog, read_csv(csv_path), str(csv_path))
        listing = lib.listing(problems=False)
        assert dict(listing.revision_status) == {r_old.doc_id: "superseded"}
    finally:
        lib.close()
    app = create_app(settings)
    with TestClient(app) as c:
        docs = {d["doc_id"]: d for d in c.get("/api/documents").json()["documents"]}
    assert docs[r_old.doc_id]["revision_status"] == "superseded" and docs[r_old.doc_id]["status"] == "ready"
    assert docs[r_other.doc_id]["revision_status"] is None
