"""The two CJK character tests of pincite.text.cjk: a script test (no space needed next to it)
and a word-letter test (Han and kana only)."""
from __future__ import annotations

from pincite.text.cjk import CJK_LETTER_RANGES, cjk_letter_count, is_cjk, is_cjk_letter


def test_letters_are_han_and_kana_and_a_subset_of_the_script_test():
    chars = [chr(c) for c in range(0x40000) if not 0xD800 <= c <= 0xDFFF]
    by_ranges = [c for c in chars if any(lo <= ord(c) <= hi for lo, hi in CJK_LETTER_RANGES)]
    assert [c for c in chars if is_cjk_letter(c)] == by_ranges
    assert all(is_cjk(c) for c in by_ranges)


def test_punctuation_full_width_and_hangul_are_cjk_but_not_letters():
    for ch in "。、「」，２Ａ한":
        assert is_cjk(ch) and not is_cjk_letter(ch), ch
    for ch in "压力カな𠀀":
        assert is_cjk(ch) and is_cjk_letter(ch), ch
    for text in ("a", "Я", "1", " ", "", "压力"):
        assert not is_cjk_letter(text) and not is_cjk(text), text
    assert cjk_letter_count("PX-200 的额定压力为 16 bar。") == 6
