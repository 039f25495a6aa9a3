"""The reason a refusal gives (Answer.warnings) names what the evidence found lacks, never a
word a found passage holds (pincite.answer.reasons):

* a question about another revision than the library's says which revision the library
  has, rather than listing words the document holds;
* the words named as missing are those no passage found holds, not those the best passage
  alone lacks;
* a question in another language whose best passage is a table row with no column for the
  asked attribute says the table has no such column, rather than blaming the language;
* the language is blamed only when no passage found is in the question's language.

The decisions (refuse or answer) are the answerability model's; only the words are tested.
"""
from __future__ import annotations

import pytest

from docgen import make_sheet
from pdfgen import make_pdf
from pincite.answer import reasons
from pincite.answer.extractive import Candidate
from pincite.config import Settings
from pincite.index.base import Hit
from pincite.library.facade import Library
from pincite.text import analysis


def _cand(text: str, doc: str = "d", revision: str | None = None, names: tuple[str, ...] = ()) -> Candidate:
    hit = Hit(chunk_id=f"{doc}-p1-c0", doc_id=doc, score=1.0, rank=1, page=1, page_end=1, char_start=0,
              char_end=len(text), text=text, revision=revision, name_terms=names)
    return Candidate(hit=hit, start=0, end=min(len(text), 40), coverage=0.5, score=1.0)


def test_designations_in_several_languages():
    got = [(d.kind, d.value, d.text) for d in reasons.designations(
        "for the WT-90 revision B, rev. 3.0, редакция C, version 1.2, B 版 and the version of the tool")]
    assert got == [("revision", "B", "revision B"), ("revision", "3.0", "rev. 3.0"), ("revision", "C", "редакция C"),
                   ("version", "1.2", "version 1.2"), ("edition", "B", "B 版")]
    assert reasons.designations("What does the revision history say?") == []


def test_other_revision_names_what_the_library_has():
    q = "How long does the filter change take on the ZR-12 revision B?"
    groups = analysis.query_groups(q)
    about = _cand("This procedure applies to the ZR-12 unit, revision D. Allow about 15 minutes.")
    unrelated = _cand("Revision A of the style guide added a chapter on tables.", doc="e")
    assert reasons.other_revision(q, [unrelated, about], groups) == ("revision B", "revision D")
    # the asked revision is in the evidence: something else is missing
    both = _cand("Revision B and revision D of the ZR-12 differ in the housing.")
    assert reasons.other_revision(q, [about, both], groups) is None
    # a document's revision field counts as well
    field = _cand("The ZR-12 filter change takes 15 minutes.", revision="D")
    assert reasons.other_revision(q, [field], groups) == ("revision B", "revision D")
    assert reasons.other_revision("How long does the filter change take?", [about], groups) is None


def test_unmatched_names_only_words_no_found_passage_holds():
    q = "How long does the cartridge replacement take on the WT-90?"
    groups = analysis.query_groups(q)
    best = _cand("Chapter 4 explains how long the replacement of a part may take in general terms.")
    other = _cand("The WT-90 cartridge is changed every six months.", doc="e")
    missing = reasons.unmatched(q, groups, [best, other])
    assert "cartridge" not in missing and "WT-90" not in missing, missing
    assert reasons.unmatched(q, groups, [best]) == ["cartridge", "WT-90"]
    # Chinese words stay apart, in the question's order: two words that stand together are
    # not made into one ("时候上线")
    assert reasons.written("Heron 项目计划什么时候上线？", [("上线",), ("时候",)]) == ["时候", "上线"]
    assert reasons.written("GF-350 的防护等级是多少？", [("防护",), ("等级",)]) == ["防护", "等级"]


@pytest.fixture(scope="module")
def lib(tmp_path_factory) -> Library:
    root = tmp_path_factory.mktemp("reasons")
    pdf = make_pdf(root / "zr12_cartridge_procedure.pdf", [
        "Replacing the filter cartridge of the ZR-12 softener\nThis procedure applies to the ZR-12 unit, "
        "revision D. Allow about 15 minutes.\nStep 1. Close the inlet valve and switch off the unit.\n"
        "Step 2. Open the drain tap and release the pressure until the gauge reads 0 bar.\n"
        "Step 3. Unscrew the housing with the supplied key K-7.\nStep 4. Insert the new cartridge and "
        "tighten the housing by hand."])
    make_sheet(root / "hb_pumps.xlsx", "Specs",
               ("Code", "Name", "Flow (m3/h)", "Power (kW)", "Weight (kg)", "Voltage (V)"),
               [("HB-110", "Garden pump HB-110", 3.2, 0.55, 8.4, 230),
                ("HB-350", "Borehole pump HB-350", 9.5, 2.2, 23.9, 400)])
    library = Library(Settings(data_dir=root / "data"))
    results = library.ingest([pdf, root / "hb_pumps.xlsx"])
    assert [r.status for r in results] == ["added", "added"], results
    yield library
    library.close()


@pytest.fixture
def strict(lib):
    """`lib` with a refusal bar no passage reaches (Settings.min_answerability): whatever
    the model makes of a near miss, its refusal's reason is what is tested."""
    bar = lib.settings.min_answerability
    lib.settings.min_answerability = 1.01
    yield lib
    lib.settings.min_answerability = bar


def test_a_question_about_another_revision_says_which_the_library_has(strict):
    ans = strict.ask("How long does the cartridge replacement take on the ZR-12 revision B?")
    assert ans.status == "refused", ans.answer
    assert ans.warnings == ["the library has revision D, not revision B: no passage found is about revision B"]
    assert ans.refusal == "other_model", ans.refusal
    # without a revision, the words named are those no passage found holds, never the
    # document's own "cartridge" or "ZR-12"
    plain = strict.ask("How long does the cartridge replacement of the ZR-12 take in winter?")
    assert plain.status == "refused" and len(plain.warnings) == 1, plain.warnings
    assert "winter" in plain.warnings[0] and "cartridge" not in plain.warnings[0], plain.warnings
    assert "ZR-12" not in plain.warnings[0], plain.warnings


def test_a_table_without_the_asked_column_is_named_not_the_language(lib):
    ans = lib.ask("HB-350 的防护等级是多少？")
    assert ans.status == "refused", ans.answer
    assert len(ans.warnings) == 1, ans.warnings
    assert "防护、等级" in ans.warnings[0] and "hb_pumps.xlsx" in ans.warnings[0], ans.warnings
    assert "Weight (kg)" in ans.warnings[0] and "英文" not in ans.warnings[0], ans.warnings
    # a column that is there in another language is answered from the row
    ok = lib.ask("HB-350 的重量是多少？")
    assert ok.status == "answered" and "23.9" in ok.claims[0].text, ok


def test_the_language_is_blamed_only_when_no_passage_found_is_in_the_questions(tmp_path):
    """A refusal says "the passages found are in another language" only when every passage
    found is: when the best one is English but a Russian passage was found too, the reason
    names the Russian question's words no passage holds (not "срок", which the Russian
    passage holds)."""
    from pincite.answer import rank

    make_pdf(tmp_path / "compressor.pdf", [
        "Compressor AC-50 operating manual.\n1 Specifications\nThe maximum working pressure of the "
        "compressor is 8 bar. The receiver holds 50 litres of air.",
        "2 Service\nDrain the condensate from the receiver after every shift. Change the oil every "
        "500 operating hours."])
    make_pdf(tmp_path / "store.pdf", ["Правила работы склада.\nСрок хранения документов на складе "
                                      "составляет пять лет. Пропуск выдаёт охрана."], font="dejavu")
    question = "Какой гарантийный срок у компрессора?"
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "compressor.pdf", tmp_path / "store.pdf"])
        g = rank.gather(lib, question)
        found = [analysis.detect_language(c.hit.text) for c in g.cands]
        assert found[0] == "en" and "ru" in found, found  # the case tested: best English, a Russian one too
        ans = lib.ask(question)
    assert ans.status == "refused", ans.answer
    assert len(ans.warnings) == 1 and "английск" not in ans.warnings[0], ans.warnings
    assert "гарантийный" in ans.warnings[0] and "срок" not in ans.warnings[0], ans.warnings


def test_a_compound_answer_refused_as_a_whole_has_its_parts_kind():
    from pincite.answer.pipeline import shared_refusal
    from pincite.contract import Answer

    def refused(kind):
        return Answer(question="q", status="refused", language="en", answer="", refusal=kind)

    assert shared_refusal([refused("not_found"), refused("not_found")]) == "not_found"
    assert shared_refusal([refused("not_found"), refused("model_refused")]) is None
    assert shared_refusal([refused("not_found"),
                           Answer(question="q", status="not_confirmed", language="en", answer="")]) is None


def test_a_compound_word_holding_a_kind_of_value_still_asks_for_its_column(tmp_path):
    """"电话号码" (phone number) is one word that holds "号码" (number): it asks for a phone
    column, so a staff sheet without one refuses it and names the columns it has, while a
    plain kind word ("入职日期" has its column) is answered from the row."""
    make_sheet(tmp_path / "staff.xlsx", "员工", ("工号", "姓名", "部门", "职位", "入职日期"),
               [("E01", "王伟", "研发部", "高级工程师", "2019-03-01"),
                ("E02", "李娜", "销售部", "销售经理", "2020-07-15"), ("E03", "张强", "研发部", "工程师", "2021-11-02")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "staff.xlsx"])
        phone = lib.ask("王伟的电话号码是多少？")
        assert phone.status == "refused", phone.answer
        assert any("电话号码" in w for w in phone.warnings), phone.warnings
        joined = lib.ask("王伟的入职日期是哪天？")
        assert joined.status == "answered" and "2019-03-01" in joined.claims[0].citations[0].quote, joined.answer


def test_another_languages_table_is_not_named_when_a_passage_in_the_questions_language_was_found(tmp_path):
    """A Chinese question on a Chinese guide, beside an English class timetable: when the
    best passage found is a row of the English sheet, the reason names the question's words
    no passage holds, not the timetable's missing column (which says nothing of the guide)."""
    from pincite.answer import rank

    make_sheet(tmp_path / "gym.xlsx", "Classes", ("Day", "Start", "Class", "Instructor", "Studio"),
               [("Monday", "07:00", "Spin Express", "Dana Cole", "Studio 1"),
                ("Tuesday", "12:15", "HIIT 30", "Ravi Shah", "Studio 2"),
                ("Friday", "17:45", "Boxfit", "Dana Cole", "Studio 1")])
    make_pdf(tmp_path / "guide.pdf", ["江城博物馆参观指南。\n博物馆每周一闭馆（法定节假日除外）。"
                                      "开放时间为上午九点至下午五点。团体参观请提前三天预约。"], font="cid-chinese")
    question = "博物馆星期一开门吗？"
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "gym.xlsx", tmp_path / "guide.pdf"])
        g = rank.gather(lib, question)
        found = [analysis.detect_language(c.hit.text) for c in g.cands]
        ans = lib.ask(question)
    assert found[0] == "en" and "zh" in found, found  # the case tested: best English, a Chinese one too
    assert ans.status == "refused", ans.answer
    assert len(ans.warnings) == 1 and "gym.xlsx" not in ans.warnings[0] and "开门" in ans.warnings[0], ans.warnings
