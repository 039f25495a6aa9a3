"""A Chinese question naming a place or person the library writes nowhere ("广州发布会在哪一天？"
over a plan of launches in 上海 and 深圳) is refused, naming the word, instead of answered from
a sentence about launches in general (answer.clarify.unknown_name); a name the library writes
is answered, and a common noun the tagger calls a place ("城市") names nothing."""
from __future__ import annotations

import pytest

from pincite.config import Settings
from pincite.library.facade import Library

PLAN = ["星环 S3 智能手表新品发布计划\n3 月 18 日公布发布会邀请函。各城市发布会由当地负责人组织。\n"
        "上海发布会于 4 月 8 日在西岸艺术中心举行，负责人周晓明。\n"
        "深圳发布会于 4 月 22 日在南山科技园会展厅举行，负责人陈浩。"]


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    from pdfgen import make_pdf

    root = tmp_path_factory.mktemp("names")
    make_pdf(root / "plan.pdf", PLAN, font="cid-chinese")
    library = Library(Settings(data_dir=root / "data"))
    assert [r.status for r in library.ingest([root / "plan.pdf"])] == ["added"]
    yield library
    library.close()


@pytest.mark.parametrize("question, name", [("广州发布会在哪一天？", "广州"), ("南京发布会的场地在哪里？", "南京")])
def test_a_place_the_library_never_writes_is_refused(lib, question, name):
    ans = lib.ask(question)
    assert ans.status == "refused", [c.quote for c in ans.citations()]
    assert any(name in w for w in ans.warnings), ans.warnings


def test_a_place_the_library_writes_is_answered(lib):
    ans = lib.ask("深圳发布会在哪一天？")
    assert ans.status == "answered", ans.warnings
    assert "4 月 22 日" in ans.claims[0].citations[0].quote.replace("4月22日", "4 月 22 日")


def test_a_common_noun_tagged_as_a_place_names_nothing(lib):
    """"城市" is tagged as a place name by jieba but is general language (Zipf over
    clarify.NAME_ZIPF): a question using it is not refused for it."""
    ans = lib.ask("各城市发布会由谁组织？")
    assert not any("城市" in w for w in ans.warnings), ans.warnings


def test_an_organisation_written_nowhere_whole_is_refused(tmp_path):
    """"南昌大学" stands nowhere whole, though "大学" does in other names: a question about it
    is refused; "南京大学", which the table writes, is answered."""
    from pdfgen import make_pdf

    make_pdf(tmp_path / "templates.pdf", ["各高校学位论文模板维护情况。\n南京大学的论文模板由胡海星维护。\n"
                                          "浙江大学的论文模板由学生社团维护。"], font="cid-chinese")
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "templates.pdf"])
        other = lib.ask("南昌大学的论文模板由谁维护？")
        own = lib.ask("南京大学的论文模板由谁维护？")
    assert other.status == "refused" and any("南昌大学" in w for w in other.warnings), other.answer
    assert own.status == "answered" and "胡海星" in own.claims[0].citations[0].quote, own.answer
