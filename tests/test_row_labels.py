"""A question naming a row by its label ("3号楼哪天停水？") is answered from that row first,
though every row holds the question's words ("3" stands in each row's date too):
answer.evidence.label_named_first."""
from __future__ import annotations

from docgen import make_sheet
from pincite.config import Settings
from pincite.library.facade import Library


def test_the_row_the_question_names_by_its_label_comes_first(tmp_path):
    make_sheet(tmp_path / "water.xlsx", "停水", ("楼栋", "停水日期", "停水时段", "负责人"), [
        ("1号楼", "2027年3月8日", "09:00-13:00", "王建国"), ("2号楼", "2027年3月9日", "09:00-14:00", "王建国"),
        ("3号楼", "2027年3月10日", "13:30-17:30", "李秀梅")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "water.xlsx"])
        three = lib.ask("3号楼哪天停水？")
        two = lib.ask("2号楼哪天停水？")
    assert three.status == "answered" and "3号楼" in three.claims[0].citations[0].quote, three.answer
    assert "2027年3月10日" in three.claims[0].citations[0].quote
    assert two.status == "answered" and "2号楼" in two.claims[0].citations[0].quote, two.answer
