"""Traditional Chinese read as Simplified Chinese for search and coverage.

A library may hold a Taiwanese or Hong Kong manual written in Traditional characters while
its user asks in Simplified ones, or the other way round: "软件包名最少要有几个字符？" shares
no character with "套件名稱最短要有兩個字元". Before Chinese text is cut into index and
question words (text.analysis), a run of Chinese is converted to Simplified characters and
mainland wording by OpenCC (its "tw2sp" configuration: characters, and Taiwan phrases such as
軟體 -> 软件, 字元 -> 字符, 資料庫 -> 数据库), on both sides, so either script finds the
other. Text in Simplified characters comes back unchanged; what a reader sees (page text,
quotes) is never converted.

OpenCC (the project's C++ library and dictionaries, in the `opencc` wheel) is loaded on first
use, and only for a run holding a character outside GB 2312 (the Simplified character set,
which Traditional-only characters are not in), so Simplified text never loads it.
"""
from __future__ import annotations

import threading

_converter = None
_lock = threading.Lock()

#: OpenCC's configuration: Traditional (Taiwan standard) to Simplified with mainland phrases.
CONFIG = "tw2sp"


def simplified(run: str) -> str:
    """`run` (Chinese text) in Simplified characters and mainland wording; `run` itself
    when every character of it is in GB 2312 (Simplified text, kana, ASCII). The result
    may differ in length from `run` (a phrase may be replaced by a shorter one)."""
    try:
        run.encode("gb2312")
        return run
    except UnicodeEncodeError:
        pass
    global _converter
    if _converter is None:
        with _lock:
            if _converter is None:
                import opencc

                _converter = opencc.OpenCC(CONFIG)
    return _converter.convert(run)
