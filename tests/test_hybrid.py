"""Tests of hybrid retrieval: the Qdrant Edge index in its three modes (pincite.index.edge),
the naming terms of documents (chunking.naming_text), and
the embedder as part of the index profile (pincite.library.facade).

The index tests build tiny shards directly from Chunk objects with hand-made dense vectors,
so every expected rank and cosine is known exactly. The library tests ingest generated
PDFs (tests/pdfgen.py) into a fresh data folder; nothing of pincite is mocked (one test
wraps EdgeIndex.search to record its calls, and still calls through).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from pdfgen import make_pdf
from pincite.chunk.model import Chunk
from pincite.chunk.pages import COVER_LINES, naming_text
from pincite.config import Settings
from pincite.errors import ProfileMismatch
from pincite.extract.model import DocumentModel, PageText
from pincite.index.base import Hit, SearchFilter
from pincite.index.edge import EdgeIndex
from pincite.library.facade import Library
from pincite.library.profile import current_profile
from pincite.text import analysis
from pincite.text import embed as embeddings

DIM = 4


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch):
    """No PINCITE_* setting of the caller's shell may leak into these tests."""
    for name in ("PINCITE_FAULT", "PINCITE_DATA", "PINCITE_MIN_ANSWERABILITY", "PINCITE_MAX_FILE_MB",
                 "PINCITE_MAX_PAGES", "PINCITE_EMBEDDER", "PINCITE_RETRIEVAL"):
        monkeypatch.delenv(name, raising=False)


# ================================================================ EdgeIndex, hand-made


def unit(*xs: float) -> np.ndarray:
    v = np.asarray(xs, dtype=np.float32)
    return v / np.linalg.norm(v)


def mk_chunk(doc: str, n: int, text: str) -> Chunk:
    return Chunk(chunk_id=f"{doc}-p1-c{n}", doc_id=doc, page=1, page_end=1, char_start=0,
                 char_end=len(text), text=text, search_text=text)


def put(ix: EdgeIndex, rows: list[tuple[str, str, np.ndarray | None]], state: str = "ready") -> list[str]:
    """Upsert (doc, text, vector) rows (chunk n of each doc in row order); flip their docs to
    `state` unless it is "pending" (upsert writes pending). Returns the chunk ids."""
    counters: dict[str, int] = {}
    chunks = []
    for doc, text, _ in rows:
        chunks.append(mk_chunk(doc, counters.get(doc, 0), text))
        counters[doc] = counters.get(doc, 0) + 1
    dense = np.stack([v for _, _, v in rows]) if ix.dense_dim else None
    ix.upsert(chunks, [analysis.tokens(c.search_text) for c in chunks], {"file": "x.pdf"}, dense=dense)
    if state != "pending":
        for doc in counters:
            ix.set_state(doc, state)
    return [c.chunk_id for c in chunks]


def ids(hits: list[Hit]) -> list[str]:
    return [h.chunk_id for h in hits]


@pytest.fixture
def dense_index(tmp_path):
    ix = EdgeIndex(tmp_path / "dense-index", dense_dim=DIM)
    yield ix
    ix.close()


@pytest.fixture
def bm25_index(tmp_path):
    ix = EdgeIndex(tmp_path / "bm25-index", dense_dim=None)
    yield ix
    ix.close()


# Four documents; the question "gearbox oil change" matches A lexically best, D lexically
# (one word), B and C not at all. Q is closest to A, then C, then B; D is orthogonal.
Q = unit(0.9, 0.1, 0.3, 0.0)
ROWS = [
    ("A", "The gearbox oil change interval is 250 hours.", unit(1, 0, 0, 0)),
    ("B", "The radiator coolant is renewed every three years.", unit(0, 1, 0, 0)),
    ("C", "The parking brake cable is adjusted with a spanner.", unit(0.6, 0, 0.8, 0)),
    ("D", "The gearbox housing is painted grey.", unit(0, 0, 0, 1)),
]
QUERY = analysis.tokens("gearbox oil change")


def test_bm25_mode_finds_only_lexical_matches(dense_index):
    a, b, c, d = put(dense_index, ROWS)
    hits = dense_index.search(QUERY, query_vector=Q, mode="bm25")
    assert ids(hits) == [a, d]  # A matches three words, D one; B and C none
    assert hits[0].score > hits[1].score > 0
    assert [h.rank for h in hits] == [1, 2]
    assert all(h.dense is None for h in hits)  # no dense side was searched
    assert hits[0].text == ROWS[0][1] and hits[0].file == "x.pdf" and hits[0].doc_id == "A"


def test_dense_mode_ranks_by_cosine_and_reports_it(dense_index):
    chunk_ids = put(dense_index, ROWS)
    expected = {cid: float(v @ Q) for cid, (_, _, v) in zip(chunk_ids, ROWS)}
    hits = dense_index.search(QUERY, query_vector=Q, mode="dense")
    assert ids(hits) == sorted(expected, key=expected.get, reverse=True)  # A, C, B, D
    assert ids(hits)[:2] == [chunk_ids[0], chunk_ids[2]]
    for h in hits:
        assert h.dense == pytest.approx(expected[h.chunk_id], abs=1e-5), h
        assert h.score == pytest.approx(expected[h.chunk_id], abs=1e-5)
    # The query's length does not matter: Hit.dense is the cosine, not a dot product.
    scaled = dense_index.search(QUERY, query_vector=5.0 * Q, mode="dense")
    assert [(h.chunk_id, round(h.dense, 5)) for h in scaled] == \
           [(h.chunk_id, round(h.dense, 5)) for h in hits]
    # Dense alone needs no words at all.
    assert ids(dense_index.search([], query_vector=Q, mode="dense")) == ids(hits)


def test_hybrid_is_the_fused_union(dense_index):
    a, b, c, d = put(dense_index, ROWS)
    hits = dense_index.search(QUERY, query_vector=Q, mode="hybrid")
    assert ids(hits)[0] == a  # first in both sides
    assert set(ids(hits)) == {a, b, c, d}  # lexical-only D and dense-only B, C all present
    assert [h.rank for h in hits] == [1, 2, 3, 4]
    scores = [h.score for h in hits]
    assert scores == sorted(scores, reverse=True)
    # The fused score is a rank fusion, not a BM25 score or a cosine.
    assert scores[0] < 0.1
    for h, (_, _, v) in zip(sorted(hits, key=lambda h: h.chunk_id), ROWS):
        assert h.dense == pytest.approx(float(v @ Q), abs=1e-5)


def test_hybrid_prefers_second_in_both_over_first_in_one(dense_index):
    """RRF: a passage ranked second by both sides beats one ranked first by one side only."""
    q = unit(1, 0, 0, 0)
    lex, vec, both, _, _ = put(dense_index, [
        ("L", "suction filter: the suction filter element of the suction filter", unit(0, 0, 0, 1)),
        ("V", "coolant radiator", q),
        ("X", "the suction filter housing", unit(0.9, 0.1, 0, 0)),
        ("F", "parking brake", unit(0.5, 0.5, 0, 0)),
        ("G", "warranty terms", unit(0, 0, 1, 0)),
    ])
    words = analysis.tokens("suction filter")
    assert ids(dense_index.search(words, query_vector=q, mode="bm25", limit=1)) == [lex]
    assert ids(dense_index.search(words, query_vector=q, mode="dense", limit=1)) == [vec]
    assert ids(dense_index.search(words, query_vector=q, mode="hybrid", limit=1)) == [both]


@pytest.mark.parametrize("mode", ["bm25", "dense", "hybrid"])
def test_filter_acts_inside_every_search(dense_index, mode):
    """Doc B's six points are better than A's one on both sides; with limit=1 each prefetch
    holds 3 points, so a filter applied only after fusion would find nothing of A."""
    q = unit(1, 0, 0, 0)
    rows = [("A", "gearbox oil change interval", unit(0.5, 0.5, 0, 0))]
    rows += [("B", f"gearbox oil change interval gearbox oil change {i}", q) for i in range(6)]
    (a, *b) = put(dense_index, rows)
    words = analysis.tokens("gearbox oil change interval")

    unfiltered = dense_index.search(words, None, limit=1, query_vector=q, mode=mode)
    assert ids(unfiltered)[0] in b  # B really is the better match

    hits = dense_index.search(words, SearchFilter(doc_ids=["A"]), limit=1, query_vector=q, mode=mode)
    assert ids(hits) == [a]
    hits = dense_index.search(words, SearchFilter(doc_ids=["A"]), limit=10, query_vector=q, mode=mode)
    assert ids(hits) == [a]
    hits = dense_index.search(words, SearchFilter(doc_ids=["B"]), limit=10, query_vector=q, mode=mode)
    assert set(ids(hits)) == set(b)
    hits = dense_index.search(words, SearchFilter(doc_ids=["A", "B"]), limit=10, query_vector=q, mode=mode)
    assert set(ids(hits)) == {a, *b}
    # An empty list of documents means none, not all.
    assert dense_index.search(words, SearchFilter(doc_ids=[]), limit=10, query_vector=q, mode=mode) == []


@pytest.mark.parametrize("mode", ["bm25", "dense", "hybrid"])
def test_pending_points_are_never_found(dense_index, mode):
    q = unit(1, 0, 0, 0)
    (ready,) = put(dense_index, [("R", "gearbox oil change", unit(0.3, 0.7, 0, 0))])
    (pending,) = put(dense_index, [("P", "gearbox oil change interval gearbox oil change", q)],
                     state="pending")
    assert dense_index.count(state="pending") == 1 and dense_index.count(doc_id="P") == 1
    words = analysis.tokens("gearbox oil change")
    for flt in (None, SearchFilter(doc_ids=["P"]), SearchFilter(doc_ids=["P", "R"])):
        hits = dense_index.search(words, flt, query_vector=q, mode=mode)
        assert pending not in ids(hits), (flt, hits)
    assert ids(dense_index.search(words, None, query_vector=q, mode=mode)) == [ready]
    # Once ready, the same point is found first (it is the better match on both sides).
    dense_index.set_state("P", "ready")
    assert ids(dense_index.search(words, None, query_vector=q, mode=mode))[0] == pending


def test_upsert_rejects_missing_or_misshapen_dense_vectors(dense_index):
    chunks = [mk_chunk("A", 0, "gearbox oil"), mk_chunk("A", 1, "coolant")]
    toks = [analysis.tokens(c.text) for c in chunks]
    for bad in (None, np.zeros((2, DIM - 1), np.float32), np.zeros((3, DIM), np.float32),
                np.zeros((1, DIM), np.float32), np.zeros(DIM, np.float32)):
        with pytest.raises(ValueError, match="dense vectors"):
            dense_index.upsert(chunks, toks, {}, dense=bad)
    assert dense_index.count() == 0  # nothing half-written
    dense_index.upsert(chunks, toks, {}, dense=np.stack([unit(1, 0, 0, 0), unit(0, 1, 0, 0)]))
    assert dense_index.count() == 2


def test_unknown_mode_is_a_value_error(dense_index, bm25_index):
    put(dense_index, ROWS)
    for ix in (dense_index, bm25_index):
        for mode in ("sparse", "HYBRID", ""):
            with pytest.raises(ValueError, match="unknown retrieval mode"):
                ix.search(QUERY, query_vector=Q, mode=mode)


def test_bm25_only_index_ignores_query_vector(bm25_index):
    rows = [(doc, text, None) for doc, text, _ in ROWS]
    a, b, c, d = put(bm25_index, rows)
    plain = bm25_index.search(QUERY, mode="bm25")
    assert ids(plain) == [a, d]
    for mode in ("hybrid", "bm25"):
        hits = bm25_index.search(QUERY, query_vector=Q, mode=mode)
        assert [(h.chunk_id, h.score) for h in hits] == [(h.chunk_id, h.score) for h in plain]
        assert all(h.dense is None for h in hits)
    # Dense alone has nothing to search with.
    assert bm25_index.search(QUERY, query_vector=Q, mode="dense") == []
    # An odd-sized vector is never sent to a shard without dense vectors.
    assert ids(bm25_index.search(QUERY, query_vector=np.ones(7, np.float32))) == [a, d]


# ================================================================ naming text and focus


def _model(pages: list[str], title: str = "", file_name: str = "manual.pdf") -> DocumentModel:
    return DocumentModel(doc_id="feedfacecafebeef", file_name=file_name, sha256="1" * 64,
                         mime="application/pdf", title=title,
                         pages=[PageText(page=i + 1, text=t) for i, t in enumerate(pages)])


def test_naming_text_is_title_stem_and_cover_lines():
    assert COVER_LINES == 3  # the expectations below take the first three lines
    doc = _model([
        "",                               # no text
        "- 1 -\r\nRev 2",                 # too few letters for a cover
        "- 2 -\r\nUSNTPS-FTM-No. 103\r\nU.S. NAVAL TEST PILOT SCHOOL\r\n7\r\nFLIGHT TEST MANUAL\r\n"
        "SUPERSEDING MIL-STD-882D\r\nChapter 1 describes stalls.",
        "KX-7 HYDRAULIC PUMP SERVICE MANUAL",  # a later page never names the document
    ], title="Flight Test Manual", file_name="usntps.ftm-103.pdf")
    assert naming_text(doc).split("\n") == [
        "Flight Test Manual", "usntps.ftm-103",  # only the last suffix is dropped
        "USNTPS-FTM-No. 103", "U.S. NAVAL TEST PILOT SCHOOL", "FLIGHT TEST MANUAL",
    ]


def test_naming_text_without_title_or_cover():
    assert naming_text(_model(["- 1 -", "short"], file_name="notes.pdf")) == "notes"
    assert naming_text(_model(["PUMP DATA SHEET\nThe pump delivers 40 litres per minute at 20 bar."],
                              file_name="")) == "PUMP DATA SHEET"  # a sentence is body text


def _manual(model: str, hours: int, litres: int) -> list[str]:
    """A pump manual: a cover, a header sentence naming the manual on several pages, and one
    body page without it (page 4) that answers the suction filter question. Words of the
    question ("filter", "replace", "suction") also occur on other pages, so without the
    naming discount the cover and the header sentences (five of the question's eight words)
    are cited, and the KX-9 header page outranks the KX-9 body page (checked by running
    these tests with chunking.naming_text returning "")."""
    header = f"{model} hydraulic pump service manual."
    return [
        f"{model} HYDRAULIC PUMP\nSERVICE MANUAL\nRevision 2\nIssued by the pump works engineering office.",
        header + " This manual covers installation of the pump on its base frame.",
        header + f" The tank of the hydraulic pump holds {litres} litres of oil.",
        f"Replace the suction filter every {hours} operating hours. Use genuine spare parts only.",
        "The return filter housing is cast iron. Replace a cracked gauge glass at once.",
        "The suction line must be free of air. Chapter 6 lists the spare parts.",
        header + " The warranty of the hydraulic pump is described in the service manual appendix.",
    ]


def _question(model: str) -> str:
    return (f"According to the {model} hydraulic pump service manual, how often must the "
            "suction filter be replaced?")


@pytest.fixture
def use_lib(tmp_path):
    library = Library(Settings(data_dir=tmp_path / "data", embedder="use-m3"))
    yield library
    library.close()


def test_question_naming_the_manual_cites_the_body_page(tmp_path, use_lib):
    pdf = make_pdf(tmp_path / "kx7.pdf", _manual("KX-7", 500, 40))
    (res,) = use_lib.ingest([pdf])
    assert res.status == "added" and res.pages == 7

    ans = use_lib.ask(_question("KX-7"))
    assert ans.status == "answered", (ans.status, ans.answer, ans.relevance)
    top = ans.citations()[0]
    assert (top.doc_id, top.file, top.page) == (res.doc_id, "kx7.pdf", 4), top
    assert top.verified and "500" in top.quote and "suction filter" in top.quote
    assert all(c.page != 1 for c in ans.citations())  # the cover is never evidence
    assert ans.relevance.dense is not None  # hybrid retrieval was used

    # The naming terms stored with the points: the cover's first COVER_LINES lines, not its fourth.
    hits = use_lib.index.search(analysis.tokens("suction filter"), mode="bm25")
    names = set(hits[0].name_terms)
    assert {"kx-7", "hydraul", "pump", "servic", "manual", "revis", "kx7"} <= names
    assert not names & set(analysis.tokens("Issued by the pump works engineering office")) - {"pump"}


def test_near_twin_manuals_answer_from_the_named_one(tmp_path, use_lib):
    kx7 = make_pdf(tmp_path / "kx7.pdf", _manual("KX-7", 500, 40))
    kx9 = make_pdf(tmp_path / "kx9.pdf", _manual("KX-9", 750, 60))
    res7, res9 = use_lib.ingest([kx7, kx9])
    for model, res, value, other in [("KX-9", res9, "750", "500"), ("KX-7", res7, "500", "750")]:
        ans = use_lib.ask(_question(model))
        assert ans.status == "answered", (model, ans.answer)
        top = ans.citations()[0]
        assert (top.doc_id, top.file, top.page) == (res.doc_id, Path(res.path).name, 4), (model, top)
        assert top.verified and value in top.quote and other not in top.quote


def test_near_twin_value_is_not_a_further_claim(tmp_path, use_lib):
    kx7 = make_pdf(tmp_path / "kx7.pdf", _manual("KX-7", 500, 40))
    kx9 = make_pdf(tmp_path / "kx9.pdf", _manual("KX-9", 750, 60))
    res7, res9 = use_lib.ingest([kx7, kx9])
    ans = use_lib.ask(_question("KX-9"))
    assert ans.status == "answered"
    assert [c.doc_id for c in ans.citations()] == [res9.doc_id] * len(ans.citations()), \
        [(c.file, c.quote) for c in ans.citations()]
    assert "500" not in ans.answer, ans.answer


def test_first_lines_of_a_page_without_cover_still_answer(tmp_path, use_lib):
    line = "The safety valve of boiler B-12 opens at 6 bar."
    rest = "The feed pump delivers 3 cubic metres per hour.\nThe burner is cleaned every spring."
    first = make_pdf(tmp_path / "notice.pdf", [line + "\n" + rest])
    (res,) = use_lib.ingest([first])
    ans = use_lib.ask("At what pressure does the safety valve of boiler B-12 open?")
    assert ans.status == "answered", (ans.status, ans.relevance)
    assert ans.citations()[0].doc_id == res.doc_id and "6 bar" in ans.citations()[0].quote


def test_same_line_below_the_cover_lines_answers(tmp_path, use_lib):
    """Control of the test above: the same sentence as the fourth line of the page answers."""
    lines = ["The burner is cleaned every spring.", "The ash pit is emptied daily.",
             "The chimney is swept every autumn.", "The safety valve of boiler B-12 opens at 6 bar."]
    (res,) = use_lib.ingest([make_pdf(tmp_path / "notice.pdf", ["\n".join(lines)])])
    ans = use_lib.ask("At what pressure does the safety valve of boiler B-12 open?")
    assert ans.status == "answered", (ans.status, ans.relevance)
    top = ans.citations()[0]
    assert top.doc_id == res.doc_id and top.verified and "6 bar" in top.quote


def _hit(doc: str, n: int, names: str) -> Hit:
    return Hit(chunk_id=f"{doc}-p1-c{n}", doc_id=doc, score=1.0, rank=n + 1, page=1, page_end=1,
               char_start=0, char_end=1, text="x", name_terms=tuple(analysis.tokens(names)))


def _pump_pdf(tmp_path: Path) -> Path:
    return make_pdf(tmp_path / "pump.pdf", [
        "The hydraulic pump must be primed with 2 litres of oil before the first start.",
        "Chapter two describes the electrical wiring of the control cabinet and its fuses.",
        "The conveyor belt tension is checked every 500 operating hours with a spring gauge.",
    ])


def test_embedder_change_demands_reindex(tmp_path):
    pdf = _pump_pdf(tmp_path)
    bm25 = Settings(data_dir=tmp_path / "data", embedder="none")
    use = Settings(data_dir=tmp_path / "data", embedder="use-m3")
    assert current_profile(bm25)["embedder"] is None
    assert current_profile(use)["embedder"] == embeddings.profile_id("use-m3")
    assert current_profile(use)["embedder"].startswith("use-m3 ")

    with Library(bm25) as lib:
        (res,) = lib.ingest([pdf])
        ans = lib.ask("When is the conveyor belt tension checked?")
        assert ans.status == "answered" and ans.relevance.dense is None

    with pytest.raises(ProfileMismatch) as err:
        Library(use)
    msg = str(err.value)
    assert "pincite reindex" in msg and "embedder" in msg and "use-m3" in msg, msg

    with Library(use, for_reindex=True) as lib:
        assert lib.reindex() == 1
    with Library(use) as lib:
        assert lib.index.dense_dim == 512
        ans = lib.ask("When is the conveyor belt tension checked?")
        assert ans.status == "answered"
        top = ans.citations()[0]
        assert (top.doc_id, top.page, top.verified) == (res.doc_id, 3, True)
        assert "every 500 operating hours" in top.quote
        assert ans.relevance.dense is not None and 0 < ans.relevance.dense <= 1  # vectors were built

    # And back: the library built with use-m3 refuses to open BM25-only.
    with pytest.raises(ProfileMismatch, match="pincite reindex"):
        Library(bm25)


@pytest.mark.parametrize("retrieval", ["bm25", "hybrid"])
def test_bm25_only_library_answers(tmp_path, retrieval):
    pdf = _pump_pdf(tmp_path)
    with Library(Settings(data_dir=tmp_path / "data", embedder="none", retrieval=retrieval)) as lib:
        assert lib.embedder is None
        (res,) = lib.ingest([pdf])
        assert lib.index.dense_dim is None
        ans = lib.ask("How much oil primes the hydraulic pump?")
        assert ans.status == "answered", (ans.answer, ans.relevance)
        top = ans.citations()[0]
        assert (top.doc_id, top.page, top.verified) == (res.doc_id, 1, True)
        assert "2 litres of oil" in top.quote
        assert ans.relevance.dense is None


def test_hits_of_equal_score_come_in_chunk_id_order(tmp_path):
    """Identical passages in several documents score the same; the search returns them in
    chunk id order however the engine ordered them, and the same hits every time, also
    where the limit cuts through the tie (index.edge.TIE_MARGIN)."""
    from pincite.index import edge

    pdfs = [make_pdf(tmp_path / f"copy{n}.pdf", [
        "The hydraulic pump must be primed with 2 litres of oil before the first start.",
        f"Appendix {n}: the address of service centre number {n}."]) for n in range(6)]
    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        lib.ingest(pdfs)
        runs = [lib.index.search(["prime", "pump", "oil"], None, limit=4) for _ in range(3)]
        first = [(h.chunk_id, h.score) for h in runs[0]]
        assert all([(h.chunk_id, h.score) for h in r] == first for r in runs[1:])
        tied = [h.chunk_id for h in runs[0] if h.score == runs[0][0].score]
        assert len(tied) == 4 and tied == sorted(tied)
        every = lib.index.search(["prime", "pump", "oil"], None, limit=6)
        assert [h.chunk_id for h in every] == sorted(h.chunk_id for h in every)
        assert [h.chunk_id for h in runs[0]] == [h.chunk_id for h in every][:4]  # the cut too
        assert edge.TIE_MARGIN >= 1
