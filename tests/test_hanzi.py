"""Traditional Chinese is searched as Simplified Chinese (pincite.text.hanzi): a question in
either script finds a passage in the other, and what a reader sees is never converted."""
from __future__ import annotations

import subprocess
import sys

from docgen import make_sheet
from pincite.config import Settings
from pincite.library.facade import Library
from pincite.text import analysis, hanzi


def test_traditional_text_is_read_in_simplified_characters_and_mainland_wording():
    assert hanzi.simplified("軟體套件名稱最短要有兩個字元") == "软件套件名称最短要有两个字符"
    assert hanzi.simplified("资料库和网络") == "资料库和网络"  # Simplified text comes back as it is
    assert hanzi.simplified("乾隆") == "乾隆"
    assert {"软件", "字符"} <= set(analysis.tokens("軟體名稱最短要有兩個字元"))
    assert ("字符",) in analysis.query_groups("名稱最少要幾個字元？")


def test_simplified_text_never_loads_the_converter():
    code = ("import sys\nfrom pincite.text import analysis\n"
            "analysis.tokens('软件包名最少要有几个字符'); analysis.query_groups('软件包名最少要有几个字符？')\n"
            "assert 'opencc' not in sys.modules\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_a_simplified_question_is_answered_from_a_traditional_sheet_and_quoted_as_written(tmp_path):
    make_sheet(tmp_path / "價目表.xlsx", "價目表", ("項目", "說明"), [
        ("會員年費", "每年新臺幣1200元"), ("營業時間", "週一至週五 10:00–22:00"), ("包廂", "每小時新臺幣300元")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "價目表.xlsx"])
        ans = lib.ask("会员年费是多少？")
    assert ans.status == "answered", (ans.answer, ans.warnings)
    quote = ans.claims[0].citations[0].quote
    assert "會員年費" in quote and "1200" in quote, quote  # the page's own characters
    assert ans.claims[0].citations[0].verified
