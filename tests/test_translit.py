"""Names written in the other script (text.translit, answer.spellings.with_transliterations):
a Russian name typed in Latin letters is searched and covered as the document writes it in
Cyrillic, and a Latin name typed in Cyrillic as the document writes it in Latin."""
from __future__ import annotations

import pytest

from docgen import make_sheet
from pincite.answer import rank
from pincite.answer.spellings import with_transliterations
from pincite.config import Settings
from pincite.library.facade import Library
from pincite.text import analysis
from pincite.text.translit import script, sound_alike, sound_key


@pytest.mark.parametrize("typed, written", [
    ("severny", "северный"), ("shchukin", "щукин"), ("chekhov", "чехов"), ("lindqvist", "линдквист"),
    ("tsvetkov", "цветков"), ("yakovlev", "яковлев"), ("zhukova", "жукова"), ("olga", "ольга"),
    ("geyser", "гейзер"), ("rosen", "розен"), ("vasily", "василий"), ("rossini", "россини"),
])
def test_romanised_names_sound_alike(typed, written):
    assert sound_alike(sound_key(typed), sound_key(written))


@pytest.mark.parametrize("a, b", [
    ("motorcycle", "мотоцикл"),  # neither key starts with the other
    ("olg", "ольг"),  # too short to name anything
    ("termin", "терминатор"),  # the longer runs too far beyond the shorter
    ("lindqvist", "линдберг"),
    ("taxi", "такж"),  # ж is no s: "taxi" is not "также"
    ("same", "замер"),  # an s starting a word is no z
])
def test_other_words_do_not(a, b):
    assert not sound_alike(sound_key(a), sound_key(b))


def test_only_words_of_one_alphabet_have_a_key():
    assert script("px300") is None and sound_key("px300") == ""
    assert script("净重") is None and sound_key("净重") == ""
    assert script("severni") == "latin" and script("северн") == "cyrillic"


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    from pptx import Presentation

    root = tmp_path_factory.mktemp("translit")
    deck = Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[1])
    slide.shapes.title.text = "Положение о командировках"
    slide.placeholders[1].text = ("Командировки работников ООО «Северный Терминал» утверждает генеральный директор. "
                                  "Служебная записка подаётся не позднее чем за пять рабочих дней до поездки.")
    deck.save(root / "policy.pptx")
    make_sheet(root / "staff.xlsx", "Staff", ("Name", "Department", "Room"),
               [("Grace Lindqvist", "Purchasing", "B-12"), ("Tom Reed", "Sales", "A-03")])
    library = Library(Settings(data_dir=root / "data"))
    assert [r.status for r in library.ingest([root / "policy.pptx", root / "staff.xlsx"])] == ["added"] * 2
    yield library
    library.close()


def test_latin_name_finds_the_cyrillic_one(lib):
    q = "Who approves business trips at Severny Terminal?"
    groups = with_transliterations(lib, analysis.query_groups(q))
    severny = next(g for g in groups if g[0] == "severni")
    assert set(analysis.tokens("Северный")) <= set(severny)
    g = rank.gather(lib, q)
    best = g.scored[0]
    assert best.hit.file == "policy.pptx"
    assert "Северный" in best.hit.text


def test_cyrillic_name_finds_the_latin_one(lib):
    q = "В каком отделе работает Линдквист?"
    groups = with_transliterations(lib, analysis.query_groups(q))
    assert any("lindqvist" in g for g in groups)
    answer = lib.ask(q)
    assert answer.status == "answered"
    assert "Lindqvist" in answer.citations()[0].quote


def test_words_the_library_holds_are_left_alone(lib):
    q = "Which department is Grace Lindqvist in?"
    groups = analysis.query_groups(q)
    assert with_transliterations(lib, groups) == groups


@pytest.mark.parametrize("typed, han", [
    ("shenzhen", "深圳"), ("shanghai", "上海"), ("chongqing", "重庆"), ("шэньчжэнь", "深圳"), ("шеньчжень", "深圳"),
    ("синхуань", "星环"), ("шанхай", "上海"), ("чунцин", "重庆"),
])
def test_chinese_names_sound_as_their_pinyin_and_palladius(typed, han):
    from pincite.text.translit import han_sound_keys

    assert any(sound_alike(sound_key(typed), k) for k in han_sound_keys(han)), (sound_key(typed), han_sound_keys(han))


@pytest.mark.parametrize("pinyin, cyrillic", [
    ("shen", "шэнь"), ("zhen", "чжэнь"), ("xing", "син"), ("huan", "хуань"), ("zhi", "чжи"), ("si", "сы"),
    ("qu", "цюй"), ("xuan", "сюань"), ("yue", "юэ"), ("wei", "вэй"), ("guo", "го"),
])
def test_palladius_spells_a_pinyin_syllable(pinyin, cyrillic):
    from pincite.text.translit import palladius

    assert palladius(pinyin) == cyrillic


def test_a_chinese_city_typed_in_pinyin_finds_its_row(tmp_path):
    """"Who is in charge of the Shenzhen launch event?" over a Chinese deck whose table
    writes 深圳: the name is searched and covered as 深圳 and its row answers; a city the deck
    does not hold ("Guangzhou") stays refused."""
    from docgen import make_table_slide

    make_table_slide(tmp_path / "launch.pptx", "城市发布会日程", [
        ("城市", "日期", "场地", "负责人", "预计到场人数"), ("北京", "2027年3月28日", "798艺术区D厅", "李娜", "600"),
        ("上海", "2027年4月8日", "西岸艺术中心", "周晓明", "800"),
        ("深圳", "2027年4月22日", "南山科技园会展厅", "陈浩", "500")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "launch.pptx"])
        ans = lib.ask("Who is in charge of the Shenzhen launch event?")
        assert ans.status == "answered", ans.answer
        assert "陈浩" in ans.claims[0].citations[0].quote, ans.claims[0].citations[0].quote
        assert lib.ask("Who is in charge of the Guangzhou launch event?").status == "refused"


def test_a_name_whose_stem_ends_in_s_is_looked_up_unvoiced():
    """"Ломоносова" is indexed as the stem "ломонос" (no vowel after its s to voice it): the
    Latin "Lomonosova" is also looked up with its s unvoiced, so the two meet."""
    from pincite.text.translit import sound_keys

    assert any(sound_alike(k, sound_key("ломонос")) for k in sound_keys("lomonosova"))
    assert not sound_alike(sound_key("lomonosova"), sound_key("ломонос"))
