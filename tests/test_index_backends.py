"""Backend parity: the same ingest, search and answer tests on every index engine behind
pincite.index.base.Index, and the engines compared with each other.

Engines (the `backend` fixture): "edge" (the embedded Qdrant Edge shard, the default),
"qdrant-local" (QdrantServerIndex over qdrant-client's in-process engine, a folder in the
data folder) and "qdrant-server" (QdrantServerIndex against the real Qdrant server at
PINCITE_QDRANT_URL, each test in its own collection, deleted afterwards; skipped when the
variable is unset, since no Qdrant server binary can be installed on this machine).

Expected parity. Edge and qdrant-client compute the same thing: the BM25 sparse vectors
come from the same encoder (identical token ids and weights, compared point by point), IDF
is ln((N - n + 0.5) / (n + 0.5) + 1) in both, RRF is 1 / (k + rank) with k = 60 in both,
and ties of the final list are cut by chunk id in pincite, not by the engine. So single-side
hits (BM25 alone, dense alone: chunk ids and ranks) are required to be identical, scores to
1e-4 relative (Edge computes in float32 SIMD code, qdrant-client in numpy).

The one measured difference: exact score ties *inside a prefetch*. Two chunks with the same
BM25 score (two manuals of sister models whose sentences differ only in a number: "PX-200
... 2 litres" and "PX-300 ... 3 litres") come out of the BM25 prefetch in an order each
engine chooses (Edge and qdrant-client put them differently; Edge's own order was seen to
vary between runs, index.edge.TIE_MARGIN), and RRF then turns that order into different
fused scores. pincite cannot reach inside the engine's prefetch, so a hybrid list may
differ between engines only where a side's list has an exact tie (checked), and an answer
only in the order of the same citations (same status, same set of cited document, page and
quote). On the generated library, measured 2026-12-02: 2 of 35 hybrid searches and 1 of 6
answers (the two sister manuals cited in the other order); everything else identical.

Nothing is mocked: real generated PDFs, real shared-corpus files, the real embedder.
"""
from __future__ import annotations

import json
import os
import re
import uuid
from pathlib import Path

import numpy as np
import pytest

from cli_runner import invoke
from pdfgen import make_pdf
from pincite.config import API_KEY_ENV, Settings, parse_index_spec
from pincite.errors import ConfigError, IndexBusy, LibraryError, ProfileMismatch
from pincite.index.base import Index, SearchFilter
from pincite.index.select import open_index
from pincite.library.facade import Library
from pincite.library.migrate import answer_key, question_of, same_citations
from pincite.library.profile import current_profile
from pincite.text import analysis

#: The real server the "qdrant-server" backend runs against (read before the environment
#: is cleaned for each test).
SERVER_URL = os.environ.get("PINCITE_QDRANT_URL")
BACKENDS = ("edge", "qdrant-local", "qdrant-server")


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch):
    """No PINCITE_* setting of the caller's shell may leak into these tests."""
    for name in ("PINCITE_FAULT", "PINCITE_DATA", "PINCITE_INDEX", "PINCITE_QDRANT_URL",
                 "PINCITE_QDRANT_COLLECTION", "PINCITE_MIN_ANSWERABILITY", API_KEY_ENV):
        monkeypatch.delenv(name, raising=False)


def _server_cleanup(collection: str) -> None:
    """Delete test collection `collection` (its alias and every collection named after it)."""
    from qdrant_client import QdrantClient

    client = QdrantClient(url=SERVER_URL, api_key=os.environ.get(API_KEY_ENV) or None)
    try:
        for c in client.get_collections().collections:
            if c.name == collection or c.name.startswith(collection + "-"):
                client.delete_collection(c.name)
    finally:
        client.close()


@pytest.fixture(params=BACKENDS)
def backend(request):
    """Settings overrides of one engine: {"index": ..., "qdrant_collection": ...}."""
    if request.param == "qdrant-server":
        if not SERVER_URL:
            pytest.skip("PINCITE_QDRANT_URL is not set: no Qdrant server to test against "
                        "(docs/scaling.md says how to start one)")
        name = f"pincite-test-{uuid.uuid4().hex[:8]}"
        yield {"index": SERVER_URL, "qdrant_collection": name}
        _server_cleanup(name)
        return
    yield {"index": request.param}


def make_settings(data: Path, **kw) -> Settings:
    return Settings(data_dir=data, **kw)


# ---------------------------------------------------------------- a small generated library

PAGES = {
    "px200.pdf": ["PX-200 pump manual. The hydraulic pump must be primed with 2 litres of oil "
                  "before the first start.",
                  "The drain hose of the PX-200 is fastened with a steel clamp of 19 mm.",
                  "Chapter two describes the electrical wiring of the control cabinet and its fuses."],
    "px300.pdf": ["PX-300 pump manual. The hydraulic pump must be primed with 3 litres of oil "
                  "before the first start.",
                  "The drain hose of the PX-300 is fastened with a plastic clamp of 25 mm.",
                  "Appendix with the warranty terms and the postal address of the service centre."],
    "ru.pdf": ["Замените фильтры гидравлической системы через 250 часов.",
               "Ёмкость топливного бака составляет 80 литров."],
}
FIELDS = {"px200.pdf": {"model": "PX-200", "trust": "normative"},
          "px300.pdf": {"model": "PX-300", "revision": "2.0"},
          "ru.pdf": {}}
QUESTIONS = ["How much oil primes the hydraulic pump?", "How is the drain hose fastened?",
             "What does chapter two describe?", "Когда заменять фильтры?",
             "Какая ёмкость топливного бака?", "What is the warranty period?"]


def build(tmp: Path, data: Path, **kw) -> Library:
    """The generated library in `data` on the engine `kw` selects."""
    src = tmp / "src"
    if not src.exists():
        src.mkdir()
        for name, pages in PAGES.items():
            make_pdf(src / name, pages, font="dejavu" if name == "ru.pdf" else "latin")
    lib = Library(make_settings(data, **kw))
    for name in PAGES:
        (res,) = lib.ingest([src / name], fields=FIELDS[name] or None)
        assert res.status == "added", res
    return lib


def doc_id_of(lib: Library, name: str) -> str:
    (row,) = [r for r in lib.documents() if r.file_name == name]
    return row.doc_id


# ---------------------------------------------------------------- the same tests on every engine


def test_ingest_search_answer(tmp_path, backend):
    """Ingest, filtered hybrid search, answers with verified quotes, fields changed in place,
    remove, check: the library behaves the same on every engine."""
    lib = build(tmp_path, tmp_path / "data", **backend)
    try:
        assert isinstance(lib.index, Index)
        px200, px300 = doc_id_of(lib, "px200.pdf"), doc_id_of(lib, "px300.pdf")
        n = sum(r.chunks for r in lib.documents())
        assert lib.index.count() == n == lib.index.count(state="ready")
        assert lib.index.ready_counts() == {r.doc_id: r.chunks for r in lib.documents()}
        assert lib.check() == []

        ans = lib.ask("How much oil primes the hydraulic pump?", scope={"model": "PX-300"})
        assert ans.status == "answered", ans.answer
        top = ans.citations()[0]
        assert top.doc_id == px300 and top.verified and "3 litres" in top.quote

        # filters run inside the search: only PX-200's chunks, in every mode
        qvec = lib.embed_query("drain hose clamp")
        for mode in ("hybrid", "bm25", "dense"):
            hits = lib.index.search(analysis.tokens("drain hose clamp"), SearchFilter(model="px-200"),
                                    limit=5, query_vector=qvec, mode=mode)
            assert hits and {h.doc_id for h in hits} == {px200}, mode
            assert [h.rank for h in hits] == list(range(1, len(hits) + 1))
        assert lib.index.count_matching(SearchFilter(model="PX-300", revision="2.0")) == lib.catalog.get(px300).chunks
        assert lib.index.count_matching(SearchFilter(model="PX-999")) == 0
        assert lib.index.count_matching(SearchFilter(trust=["normative"])) == lib.catalog.get(px200).chunks

        # document fields changed on every point at once
        lib.set_fields(px300, {"model": "PX-301"})
        assert lib.index.count_matching(SearchFilter(model="PX-300")) == 0
        assert lib.index.count_matching(SearchFilter(model="px-301")) == lib.catalog.get(px300).chunks

        lib.remove(px300)
        assert lib.index.count(doc_id=px300) == 0
        assert px300 not in lib.index.doc_ids()
        assert lib.check() == []
    finally:
        lib.close()


def test_pending_points_are_never_searched(tmp_path, backend):
    """Two-phase ingest on every engine: points written "pending" are counted but never
    found, until flipped to "ready"; delete_pending removes them."""
    lib = build(tmp_path, tmp_path / "data", **backend)
    try:
        ix = lib.index
        doc = lib.model(doc_id_of(lib, "ru.pdf"))
        doc.doc_id = "f" * 16
        for p in doc.pages:
            p.text = p.text.replace("фильтры", "сепараторы")
        chunks, toks, _ = lib._analyse(doc)
        assert all(c.doc_id == doc.doc_id for c in chunks)
        ix.upsert(chunks, toks, {}, state="pending", dense=lib.embed_passages(chunks))
        assert ix.count(doc_id=doc.doc_id, state="pending") == len(chunks)
        assert not [h for h in ix.search(analysis.tokens("сепараторы"), limit=5) if h.doc_id == doc.doc_id]
        ix.set_state(doc.doc_id, "ready")
        assert [h for h in ix.search(analysis.tokens("сепараторы"), limit=5) if h.doc_id == doc.doc_id]
        ix.set_state(doc.doc_id, "pending")
        ix.delete_pending()
        assert ix.count(doc_id=doc.doc_id) == 0
    finally:
        lib.close()


def test_reindex_keeps_answers(tmp_path, backend):
    """A rebuild on every engine (for a Qdrant collection: a new collection, switched in
    through the collection alias) gives the same answers and counts."""
    lib = build(tmp_path, tmp_path / "data", **backend)
    try:
        before = [answer_key(lib.ask(q)) for q in QUESTIONS]
        n = lib.index.count()
        assert lib.reindex() == 3
        assert [answer_key(lib.ask(q)) for q in QUESTIONS] == before
        assert lib.index.count() == n and lib.check() == []
    finally:
        lib.close()


def test_killed_collection_rebuild(tmp_path, monkeypatch):
    """A rebuild into a new Qdrant collection that fails half-way: the library keeps
    answering from the old collection (a reader does not drop the new one, which may still
    be filling on another machine), and the next `reindex` drops it and finishes; in the end
    the engine holds the alias and one collection."""
    lib = build(tmp_path, tmp_path / "data", index="qdrant-local")
    before = [answer_key(lib.ask(q)) for q in QUESTIONS]
    monkeypatch.setenv("PINCITE_FAULT", "error:reindex-doc")
    with pytest.raises(OSError, match="injected"):
        lib.reindex()
    monkeypatch.delenv("PINCITE_FAULT")
    left = lib.catalog.get_meta("rebuild_collection")
    assert left and lib.catalog.get_meta("rebuild") == "building"
    assert [answer_key(lib.ask(q)) for q in QUESTIONS] == before
    lib.close()

    def collections() -> set[str]:
        from qdrant_client import QdrantClient

        client = QdrantClient(path=str(tmp_path / "data" / "qdrant"))
        try:
            return {c.name for c in client.get_collections().collections}
        finally:
            client.close()

    assert left in collections()
    with Library(make_settings(tmp_path / "data", index="qdrant-local")) as lib:
        assert lib.reindex() == 3
        assert lib.catalog.get_meta("rebuild_collection") is None
        assert [answer_key(lib.ask(q)) for q in QUESTIONS] == before
    names = collections()
    assert left not in names and len(names) == 1 and next(iter(names)).startswith("pincite-")


# ---------------------------------------------------------------- engines compared


def _fingerprint(lib: Library) -> dict:
    """Everything a user can see of retrieval and answers: hits (chunk id, rank, score) of
    several queries in the three modes, with and without filters, and the answers."""
    out = {}
    queries = ["hydraulic pump oil", "drain hose clamp", "PX-200", "warranty service centre",
               "ёмкость бака", "фильтры 250 часов", "wiring fuses"]
    filters = {"none": None, "px200": SearchFilter(model="PX-200"), "uploaded": SearchFilter(include_uploaded=True),
               "normative": SearchFilter(trust=["normative"]), "rev2": SearchFilter(revision="2.0")}
    for q in queries:
        qvec = lib.embed_query(q)
        for fname, flt in filters.items():
            for mode in ("hybrid", "bm25", "dense"):
                hits = lib.index.search(analysis.query_terms(q), flt, limit=5, query_vector=qvec, mode=mode)
                out[(q, fname, mode)] = [(h.chunk_id, h.rank, h.score, round(h.dense or 0.0, 4))
                                         for h in hits]
            out[("tied", q, fname)] = _sides_tied(lib, analysis.query_terms(q), flt, qvec)
    for q in QUESTIONS:
        out[("answer", q)] = answer_key(lib.ask(q))
    return out


def _sides_tied(lib: Library, terms: list[str], flt, qvec, limit: int = 5) -> bool:
    """True when the BM25 or the dense prefetch of a hybrid search of `limit` (its
    PREFETCH_FACTOR * limit hits) holds two hits of exactly the same score."""
    from pincite.index.edge import PREFETCH_FACTOR

    for mode in ("bm25", "dense"):
        hits = lib.index.search(terms, flt, limit=limit * PREFETCH_FACTOR, query_vector=qvec, mode=mode)
        scores = [round(h.score, 6) for h in hits]
        if len(set(scores)) < len(scores):
            return True
    return False


def _assert_same(a: dict, b: dict, what: str) -> list:
    """Assert engines' fingerprints agree as the module docstring says; return the keys
    that differ only as a prefetch tie explains."""
    assert a.keys() == b.keys()
    explained = []
    for key in a:
        if key[0] == "tied":
            continue
        if key[0] == "answer":
            assert same_citations(a[key], b[key]), (what, key, a[key], b[key])
            if a[key] != b[key]:
                explained.append(key)
            continue
        ids_a, ids_b = [(c, r) for c, r, _, _ in a[key]], [(c, r) for c, r, _, _ in b[key]]
        if ids_a != ids_b:
            q, fname, mode = key
            assert mode == "hybrid" and a[("tied", q, fname)] and b[("tied", q, fname)], (what, key, ids_a, ids_b)
            explained.append(key)
            continue
        for (_, _, sa, da), (_, _, sb, db) in zip(a[key], b[key]):
            assert sa == pytest.approx(sb, rel=1e-4), (what, key)
            assert da == pytest.approx(db, abs=2e-4), (what, key)
    return explained


def _engines() -> list[dict]:
    kws = [{"index": "edge"}, {"index": "qdrant-local"}]
    if SERVER_URL:
        kws.append({"index": SERVER_URL, "qdrant_collection": f"pincite-test-{uuid.uuid4().hex[:8]}"})
    return kws


def test_same_hits_and_answers_on_every_engine(tmp_path):
    """The generated library on each engine: identical hits (chunk ids, ranks; scores to
    1e-4) for queries in all modes and filters, identical answers and citations, and
    identical stored points (ids, BM25 sparse vectors, payload)."""
    prints, points = [], []
    for i, kw in enumerate(_engines()):
        lib = build(tmp_path, tmp_path / f"data{i}", **kw)
        try:
            prints.append(_fingerprint(lib))
            points.append({p.point_id: p for batch in lib.index.export_points() for p in batch})
        finally:
            lib.close()
            if kw.get("qdrant_collection"):
                _server_cleanup(kw["qdrant_collection"])
    for other, pts in zip(prints[1:], points[1:]):
        explained = _assert_same(prints[0], other, "generated library")
        searches = [k for k in prints[0] if k[0] not in ("answer", "tied")]
        assert len(explained) <= len(searches) // 10, explained  # the exception, not the rule
        assert pts.keys() == points[0].keys()
        for pid, p in pts.items():
            e = points[0][pid]
            assert (p.sparse_indices, p.payload) == (e.sparse_indices, e.payload)
            assert p.sparse_values == pytest.approx(e.sparse_values, rel=1e-6)
            assert np.allclose(p.dense, e.dense, atol=1e-6)


#: Small real files of the shared corpus, one per language and type.
CORPUS_FILES = ("pdf/ru/churchslavonic-ru.pdf", "pdf/domain/zh-chengzhen-ranqi-guanli-tiaoli.pdf",
                "pdf/en/auguide4-1.pdf", "office/SampleDoc.docx")


@pytest.mark.slow
def test_same_answers_on_real_files(tmp_path, corpus, shared_ingest):
    """A few real shared-corpus files on each engine: the answers to questions made from
    chunks spread over them (pincite.library.migrate.question_of, 12 chunks picked by a hash of
    their chunk id) have the same status and the same citations (their order may differ
    only by a prefetch tie: module docstring). Every engine gets the same documents read and
    the same passage vectors (the first ingest reads and embeds them: shared_ingest)."""
    answers = []
    for i, kw in enumerate(_engines()):
        lib = Library(make_settings(tmp_path / f"data{i}", **kw))
        try:
            with shared_ingest(lib):
                results = lib.ingest([corpus / f for f in CORPUS_FILES])
            assert all(r.status == "added" for r in results), results
            if not answers:
                texts = sorted((uuid.uuid5(uuid.NAMESPACE_URL, p.payload["chunk_id"]).hex, p.payload["text"])
                               for batch in lib.index.export_points() for p in batch)
                questions = [question_of(t) for _, t in texts[:12]]
            answers.append([answer_key(lib.ask(q)) for q in questions])
        finally:
            lib.close()
            if kw.get("qdrant_collection"):
                _server_cleanup(kw["qdrant_collection"])
    assert sum(a[0] == "answered" for a in answers[0]) >= len(questions) // 2  # the check means something
    for other in answers[1:]:
        for q, a, b in zip(questions, answers[0], other):
            assert same_citations(a, b), (q, a, b)


# ---------------------------------------------------------------- migrate


def test_migrate_round_trip(tmp_path, monkeypatch):
    """Edge -> Qdrant collection -> Edge with `pincite migrate`: counts and sample answers
    checked, the profile switched each way, the source left as it was; a target that holds
    points is refused without --overwrite."""
    monkeypatch.setenv("PINCITE_INDEX", "edge")  # restored after the test: the CLI's --index sets it
    lib = build(tmp_path, tmp_path / "data")
    questions_before = [answer_key(lib.ask(q)) for q in QUESTIONS]
    n = lib.index.count()
    report = lib.migrate_index("qdrant-local", sample=8)
    lib.close()
    assert report.switched and report.points == n and report.documents == 3
    assert report.questions >= 5 and report.differences == []
    with pytest.raises(ProfileMismatch, match="Qdrant collection"):
        Library(make_settings(tmp_path / "data"))  # the embedded index is no longer the library's

    with Library(make_settings(tmp_path / "data", index="qdrant-local")) as q:
        assert json.loads(q.catalog.get_meta("profile")).get("index") == "qdrant"
        assert q.index.count() == n
        for x, before in zip(QUESTIONS, questions_before):
            assert same_citations(answer_key(q.ask(x)), before), x

    with Library(make_settings(tmp_path / "data", index="qdrant-local")) as q:
        with pytest.raises(LibraryError, match=f"edge holds {n} points already; pass --overwrite"):
            q.migrate_index("edge")
    data = str(tmp_path / "data")
    out = invoke("--data", data, "--index", "qdrant-local", "migrate", "--to", "edge", "--overwrite", "--sample", "5")
    assert f"copied {n} points of 3 documents" in out.stdout
    assert "5 of 5 sample answers identical" in out.stdout
    monkeypatch.setenv("PINCITE_INDEX", "edge")  # the CLI's --index set it for its run
    with Library(make_settings(tmp_path / "data")) as back:
        assert current_profile(back.settings).get("index") is None
        for x, before in zip(QUESTIONS, questions_before):  # Edge again (a prefetch tie may
            assert same_citations(answer_key(back.ask(x)), before), x  # reorder twins)


def test_a_library_opened_without_an_engine_finds_its_own_index(tmp_path, monkeypatch):
    """With no engine chosen (no --index, PINCITE_INDEX or PINCITE_QDRANT_URL), a library
    opens the index it was built or last migrated in; a chosen engine still wins."""
    monkeypatch.delenv("PINCITE_INDEX", raising=False)
    monkeypatch.delenv("PINCITE_QDRANT_URL", raising=False)
    where = f"qdrant-local:{tmp_path / 'q'}"
    q = build(tmp_path, tmp_path / "data", index=where)
    before = [answer_key(q.ask(x)) for x in QUESTIONS[:2]]
    n = q.index.count()
    q.close()
    with Library(make_settings(tmp_path / "data")) as again:
        assert again.index_spec.kind == "qdrant-local" and again.index.count() == n
        assert [answer_key(again.ask(x)) for x in QUESTIONS[:2]] == before
    with pytest.raises(ProfileMismatch, match=re.escape(f"Qdrant collection ({where}): choose no engine")):
        Library(make_settings(tmp_path / "data", index="edge"))
    # migrated back to the embedded index, it is found there
    with Library(make_settings(tmp_path / "data")) as again:
        assert again.migrate_index("edge", sample=3).switched
    with Library(make_settings(tmp_path / "data")) as back:
        assert back.index_spec.kind == "edge" and back.index.count() == n


# ---------------------------------------------------------------- selection, secrets, locks


def test_index_specs():
    """The forms of an index spec; credentials in a URL are refused without echoing them."""
    assert parse_index_spec(None).kind == parse_index_spec("edge").kind == "edge"
    s = parse_index_spec("qdrant://db.example:6334", shards=3, replicas=2)
    assert (s.kind, s.url, s.shards, s.replicas) == ("qdrant", "http://db.example:6334", 3, 2)
    assert parse_index_spec("qdrants://db.example").url == "https://db.example:6333"
    assert parse_index_spec("http://10.0.0.5:6333/").url == "http://10.0.0.5:6333"
    assert parse_index_spec("qdrant-local:/x/y").path == "/x/y"
    assert parse_index_spec("qdrant-local").path is None
    with pytest.raises(ConfigError) as e:
        parse_index_spec("https://admin:hunter2@db.example:6333")
    assert "hunter2" not in str(e.value) and API_KEY_ENV in str(e.value)
    for bad in ("qdrant", "ftp://db.example", "postgres://x"):
        with pytest.raises(ConfigError):
            parse_index_spec(bad)
    with pytest.raises(ConfigError):
        parse_index_spec("qdrant://h:1", shards=0)


def test_api_key_never_shown(tmp_path, monkeypatch):
    """With PINCITE_QDRANT_URL pointing at a port where nothing listens (a real refused
    connection on 127.0.0.1), the error names the server and not the key; the key is in no
    setting, catalog or profile."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: connections are refused
    key = "sk-" + uuid.uuid4().hex
    monkeypatch.setenv("PINCITE_QDRANT_URL", f"http://127.0.0.1:{port}")
    monkeypatch.setenv(API_KEY_ENV, key)
    settings = Settings(data_dir=tmp_path / "data")
    assert settings.index == f"http://127.0.0.1:{port}" and key not in repr(settings)
    lib = Library(settings)
    try:
        with pytest.raises(LibraryError) as e:
            lib.index
        assert f"127.0.0.1:{port}" in str(e.value) and key not in str(e.value)
        (line,) = lib.check()  # no documents, but the unreachable index is reported
        assert line.startswith("index not compared with the catalog") and key not in line
        assert key not in json.dumps(current_profile(settings))
    finally:
        lib.close()
    assert key.encode() not in (tmp_path / "data" / "catalog.sqlite").read_bytes()


def test_local_engine_folder_is_exclusive(tmp_path):
    """qdrant-client's in-process engine over a folder serves one process: a second opener
    gets IndexBusy (here: a second client in this process, refused the same way)."""
    spec = parse_index_spec(f"qdrant-local:{tmp_path / 'q'}")
    first = open_index(spec, tmp_path, 8)
    try:
        with pytest.raises(IndexBusy):
            open_index(spec, tmp_path, 8)
    finally:
        first.close()
    with pytest.raises(ProfileMismatch, match="dense vectors of 8"):
        open_index(spec, tmp_path, 16)


def test_a_library_in_another_engine_is_not_rebuilt_here(tmp_path, monkeypatch):
    """Opened with the embedded index while its index is in a Qdrant collection, a library
    says where its index is, does not claim the index is missing, and refuses `reindex`
    (which would quietly move it to a new embedded index); its collection still answers."""
    monkeypatch.setenv("PINCITE_INDEX", "edge")
    q = build(tmp_path, tmp_path / "data", index=f"qdrant-local:{tmp_path / 'q'}")
    before = [answer_key(q.ask(x)) for x in QUESTIONS[:2]]
    q.close()
    edge = Library(make_settings(tmp_path / "data"), for_reindex=True)
    try:
        problems = edge.check()
        assert any("Qdrant collection" in p for p in problems), problems
        assert not any("reindex" in p for p in problems), problems
        with pytest.raises(ProfileMismatch, match="Qdrant collection"):
            edge.reindex()
    finally:
        edge.close()
    assert not (tmp_path / "data" / "index").exists()
    with Library(make_settings(tmp_path / "data", index=f"qdrant-local:{tmp_path / 'q'}")) as again:
        assert [answer_key(again.ask(x)) for x in QUESTIONS[:2]] == before
