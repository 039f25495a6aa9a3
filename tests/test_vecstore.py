"""Vectors of the texts embedded at question time, kept between processes (text.vecstore):
the words of soft word matching (answer.soft) and the candidate windows are embedded by the
first process that needs them and read back, bit for bit, by later ones; the store is
bounded, survives damage and can be off with the other derived caches.

Real files in temporary cache folders (PINCITE_CACHE_DIR), the real use-m3 embedder for
the answer path; nothing mocked but the counting spy on the model call."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pincite.answer import soft
from pincite.text import embed, vecstore
from pincite.text.embed import UseEmbedder

SRC = str(Path(__file__).resolve().parents[1] / "src")


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    """An empty cache folder of this test, with soft matching's per-process caches reset."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("PINCITE_CACHE_DIR", str(folder))
    monkeypatch.setattr(soft, "_caches", {})
    monkeypatch.setattr(soft, "_stores", {})
    return folder


def test_put_get_keeps_vectors_bit_for_bit_and_only_known_texts(cache):
    store = vecstore.open_store("use-m3", "test", 4)
    assert store is not None
    rng = np.random.default_rng(0)
    vecs = {t: rng.standard_normal(4).astype(np.float32) for t in ("pump", "насос", "水泵", "a b c")}
    store.put(vecs)
    store.put({"pump": np.zeros(4, dtype=np.float32), "wrong": np.zeros(3, dtype=np.float32)})
    got = store.get(["pump", "насос", "水泵", "a b c", "absent", "wrong", "\ud800"])
    assert set(got) == set(vecs)  # a stored text is kept, a wrong shape never stored
    for t, v in vecs.items():
        assert got[t].dtype == np.float32 and got[t].tobytes() == v.tobytes()
    store.close()
    again = vecstore.open_store("use-m3", "test", 4)  # another process's view: the same file
    assert again is not None and again.get(["pump"])["pump"].tobytes() == vecs["pump"].tobytes()


def test_through_embeds_only_what_is_missing(cache):
    store = vecstore.open_store("use-m3", "test", 2)
    calls: list[list[str]] = []

    def model(texts: list[str]) -> np.ndarray:
        calls.append(list(texts))
        return np.array([[len(t), 1.0] for t in texts], dtype=np.float32)

    embed_ = store.through(model)
    assert embed_(["ab", "abc"]).tolist() == [[2, 1], [3, 1]]
    assert embed_(["abc", "abcd", "ab"]).tolist() == [[3, 1], [4, 1], [2, 1]]
    assert calls == [["ab", "abc"], ["abcd"]]


def test_the_oldest_texts_are_dropped_beyond_the_limit(cache, monkeypatch):
    monkeypatch.setattr(vecstore, "MAX_TEXTS", 3)
    store = vecstore.open_store("use-m3", "test", 1)
    for i in range(5):
        store.put({f"t{i}": np.array([i], dtype=np.float32)})
    assert sorted(store.get([f"t{i}" for i in range(5)])) == ["t2", "t3", "t4"]


def test_a_damaged_file_is_rebuilt_and_off_means_none(cache, monkeypatch):
    store = vecstore.open_store("use-m3", "test", 1)
    path = store.path
    store.close()
    for extra in (Path(f"{path}-wal"), Path(f"{path}-shm")):
        extra.unlink(missing_ok=True)
    path.write_bytes(b"not a database at all" * 100)
    store = vecstore.open_store("use-m3", "test", 1)
    assert store is not None and store.get(["x"]) == {}
    store.put({"x": np.array([1.0], dtype=np.float32)})
    assert store.get(["x"])["x"].tolist() == [1.0]
    monkeypatch.setenv("PINCITE_CACHE_DIR", "off")
    assert vecstore.open_store("use-m3", "test", 1) is None


def test_a_later_process_embeds_no_word_or_window_again(cache):
    """A process's soft matching and window vectors are read back by the next process
    (here: a child with the same cache folder), which embeds none of them; the vectors it
    reads are those the first one computed."""
    code = (
        "import sys, numpy as np\n"
        "from pincite.answer import soft\n"
        "from pincite.text import analysis, embed\n"
        "from pincite.text.embed import UseEmbedder\n"
        "seen = []\n"
        "enc = UseEmbedder._encode\n"
        "UseEmbedder._encode = lambda self, m, t, q: (seen.extend(t), enc(self, m, t, q))[1]\n"
        "use = embed.get_embedder('use-m3')\n"
        "q = 'How heavy is the pump?'\n"
        "m = soft.WordMatcher(use, q, analysis.query_groups(q))\n"
        "m.prepare(['The pump weighs twelve kilograms.'])\n"
        "w = soft.passage_vectors(use, ['The pump weighs twelve kilograms.'])\n"
        "v = soft.word_vectors(use, ['pump', 'kilograms'])\n"
        "np.save(sys.argv[1], np.vstack([w, v]))\n"
        "print(len(seen))\n"
    )
    env = dict(os.environ, PINCITE_CACHE_DIR=str(cache), PYTHONPATH=SRC)
    first = subprocess.run([sys.executable, "-c", code, str(cache.parent / "a.npy")], env=env,
                           capture_output=True, text=True, timeout=300)
    second = subprocess.run([sys.executable, "-c", code, str(cache.parent / "b.npy")], env=env,
                            capture_output=True, text=True, timeout=300)
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    assert int(first.stdout) >= 4 and int(second.stdout) == 0
    a, b = np.load(cache.parent / "a.npy"), np.load(cache.parent / "b.npy")
    assert a.tobytes() == b.tobytes()


def test_only_local_embedders_keep_vectors(cache):
    """A remote embedder's model may change behind its URL: its vectors are not kept."""

    class Remote:
        name, version = "openai:m", "example.org"

        def dim_or_probe(self) -> int:
            return 2

        def embed_passages(self, texts, through=None):
            assert through is None
            return np.ones((len(texts), 2), dtype=np.float32)

    assert soft._store(Remote()) is None
    assert soft.passage_vectors(Remote(), ["x"]).shape == (1, 2)
    assert soft._store(embed.get_embedder("use-m3")) is not None


def test_words_come_from_the_store_when_the_process_caches_are_empty(cache, monkeypatch):
    use = embed.get_embedder("use-m3")
    first = soft.word_vectors(use, ["pump", "green"])
    embedded: list[str] = []
    encode = UseEmbedder._encode

    def spy(self, model, texts, is_query):
        embedded.extend(texts)
        return encode(self, model, texts, is_query)

    monkeypatch.setattr(UseEmbedder, "_encode", spy)
    monkeypatch.setattr(soft, "_caches", {})  # as in a new process
    monkeypatch.setattr(soft, "_stores", {})
    again = soft.word_vectors(use, ["green", "pump", "colour"])
    assert embedded == ["colour"]
    assert again[0].tobytes() == first[1].tobytes() and again[1].tobytes() == first[0].tobytes()
