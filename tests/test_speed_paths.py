"""The fast paths of a question give what the slow ones gave: the CJK test by one character
class, the answer-type table without the Chinese words, each distinct text embedded once,
the per-word probes in one batch, a filter left out only when it excludes nothing, and the
document models kept by bytes. Real Edge shards in temporary folders, no model weights."""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from pincite.answer import asked_type
from pincite.chunk.model import Chunk
from pincite.index.base import SearchFilter
from pincite.index.edge import EdgeIndex, doc_payload
from pincite.store.fields import DocFields
from pincite.text import analysis
from pincite.text.cjk import CJK_RANGES, cjk_count, is_cjk
from pincite.text.embed import VectorCache, embed_distinct


def test_is_cjk_matches_the_ranges_for_every_code_point():
    def by_ranges(ch: str) -> bool:
        return any(lo <= ord(ch) <= hi for lo, hi in CJK_RANGES)

    chars = [chr(c) for c in range(0x40000) if not 0xD800 <= c <= 0xDFFF]
    wrong = [hex(ord(c)) for c in chars if is_cjk(c) != by_ranges(c)]
    assert wrong == []
    assert cjk_count("PX-200 的额定压力为 16 bar。") == sum(map(by_ranges, "PX-200 的额定压力为 16 bar。")) == 7


def test_answer_types_of_words_without_chinese_agree_with_the_whole_table():
    whole, latin = asked_type._forms(True), asked_type._forms(False)
    assert latin and len(latin) < len(whole)
    assert {f: k for f, k in whole.items() if not cjk_count(f)} == latin
    assert asked_type.type_of(tuple(analysis.tokens("pressure"))) == "pressure"
    assert asked_type.type_of(tuple(analysis.tokens("压力"))) == "pressure"


def test_an_english_question_word_is_typed_without_loading_jieba():
    code = ("import pincite.text.analysis as a; from pincite.answer import asked_type as t; "
            "assert t.type_of(tuple(a.tokens('temperature'))) == 'temperature'; "
            "import sys; print(a._jieba is None, 'jieba' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "False"]


def test_each_distinct_text_is_embedded_once_and_kept():
    calls: list[list[str]] = []

    def embed(texts):
        calls.append(list(texts))
        return np.array([[len(t), 1.0] for t in texts], dtype=np.float32)

    cache = VectorCache(size=3)
    out = embed_distinct(["aa", "b", "aa", "ccc"], cache, embed, 2)
    assert calls == [["aa", "b", "ccc"]]
    assert out.shape == (4, 2) and (out[0] == out[2]).all() and out[3][0] == 3
    out = embed_distinct(["ccc", "dddd", "b"], cache, embed, 2)
    assert calls[1] == ["dddd"]  # "ccc" and "b" were kept
    assert [r[0] for r in out] == [3, 4, 1]
    embed_distinct(["aa"], cache, embed, 2)  # the cache holds 3: "aa" was dropped first
    assert calls[2] == ["aa"]


def _chunk(doc: str, i: int, text: str) -> Chunk:
    return Chunk(chunk_id=f"{doc}:p{i}:c0", doc_id=doc, text=text, search_text=text, page=i,
                 page_end=i, page_label=str(i), char_start=0, char_end=len(text))


@pytest.fixture()
def shard(tmp_path):
    idx = EdgeIndex(tmp_path / "index")
    texts = ["pump pressure ten bar", "pump oil change every year", "valve pressure test",
             "oil filter", "pressure gauge calibration", "pump pump pump"]
    chunks = [_chunk("d1", i, t) for i, t in enumerate(texts, 1)]
    idx.upsert(chunks, [analysis.tokens(c.search_text) for c in chunks],
               {**doc_payload(None), "name_terms": ["pump"]}, state="ready")
    yield idx
    idx.close()


def test_probes_in_one_batch_find_what_one_search_per_word_finds(shard):
    words = [analysis.tokens(w) for w in ("pressure", "oil", "pump", "nothingsuch")] + [[]]
    batch = shard.search_each(words, None, limit=2)
    for toks, got in zip(words, batch):
        one = shard.search(toks, None, limit=2, mode="bm25") if toks else []
        assert [(h.chunk_id, h.rank) for h in got] == [(h.chunk_id, h.rank) for h in one]
        assert all(h.text == "" and h.name_terms == ("pump",) for h in got)
    assert batch[0] and batch[3] == [] and batch[4] == []


def test_a_filter_is_left_out_only_while_it_excludes_nothing(shard):
    assert shard._search_filter(None) is None  # all ready, all of trust "reference"
    assert shard._search_filter(SearchFilter(doc_ids=["d1"])) is not None
    assert shard._search_filter(SearchFilter(trust=["normative"])) is not None
    extra = _chunk("d2", 1, "pump pressure ten bar")
    shard.upsert([extra], [analysis.tokens(extra.text)], doc_payload(None))  # pending
    assert shard._search_filter(None) is not None
    assert "d2" not in {h.doc_id for h in shard.search(analysis.tokens("pump"), None, limit=20, mode="bm25")}
    shard.set_state("d2", "ready")
    assert shard._search_filter(None) is None
    shard.set_doc_fields("d2", doc_payload(DocFields(trust="uploaded")))
    assert shard._search_filter(None) is not None
    assert "d2" not in {h.doc_id for h in shard.search(analysis.tokens("pump"), None, limit=20, mode="bm25")}
    assert shard._search_filter(SearchFilter(include_uploaded=True)) is None


def test_document_models_are_kept_by_bytes(tmp_path):
    from pincite.errors import LibraryError
    from pincite.extract.model import DocumentModel, PageText
    from pincite.library.cache import ModelCache as _ModelCache

    paths = []
    for i in range(3):
        doc = DocumentModel(doc_id=f"d{i}", sha256="0" * 64, file_name=f"{i}.pdf", mime="application/pdf",
                            pages=[PageText(page=1, text="x" * 1000)])
        p = tmp_path / f"d{i}.json"
        p.write_text(doc.to_json())
        paths.append(p)
    size = paths[0].stat().st_size
    cache = _ModelCache(max_bytes=2 * size + 10)
    first = cache(paths[0])
    assert cache(paths[0]) is first
    cache(paths[1])
    cache(paths[2])  # over the bound: the least recently used (d0) goes
    assert cache(paths[2]) is cache(paths[2]) and cache(paths[0]) is not first
    with pytest.raises(LibraryError, match="extracted text missing"):
        cache(tmp_path / "gone.json")


def test_optimize_keeps_a_small_index_exact_and_its_hits(tmp_path):
    from pincite.index.edge import EXACT_CHUNKS

    dim = 8
    rng = np.random.default_rng(1)
    idx = EdgeIndex(tmp_path / "index", dense_dim=dim)
    try:
        texts = [f"pump part {i} pressure {i % 7} bar" for i in range(300)]
        chunks = [_chunk("d1", i, t) for i, t in enumerate(texts, 1)]
        vecs = rng.normal(size=(len(chunks), dim)).astype(np.float32)
        idx.upsert(chunks, [analysis.tokens(t) for t in texts], doc_payload(None), state="ready", dense=vecs)
        q = rng.normal(size=dim).astype(np.float32)
        before = [h.chunk_id for h in idx.search(analysis.tokens("pressure 3"), None, limit=10, query_vector=q)]
        idx.optimize()
        after = [h.chunk_id for h in idx.search(analysis.tokens("pressure 3"), None, limit=10, query_vector=q)]
        assert after == before and len(after) == 10
        # the indexing threshold is EXACT_CHUNKS vectors of this dimension, in KiB
        assert idx._optimizers(dim).indexing_threshold == EXACT_CHUNKS * 4 * dim // 1024
    finally:
        idx.close()
    again = EdgeIndex(tmp_path / "index", dense_dim=dim)  # reopened with this build's settings
    try:
        assert again.count() == 300
    finally:
        again.close()
