"""Qdrant Edge index: one in-process shard folder holding, per chunk, a BM25 sparse
vector and (when an embedder is configured) a dense vector.

Owns `<data>/index/`. We analyse text in Python (pincite.text.analysis) and hand Edge's Bm25 a
whitespace tokenizer with no stemmer, stopwords or lowercasing: Edge's own multilingual
tokenizer drops digits, so "PX-200" and "PX-300" would become one token
(docs/decisions/0006-search-and-embeddings.md).
IDF is applied by Edge at query time (Modifier.Idf). Filters are part of the query: a
hybrid search is one Edge call with two prefetches (BM25 and dense), each carrying the same
payload filter, fused by Reciprocal Rank Fusion.

An Edge shard can be opened by one process only. EdgeIndex holds the shard's IndexLock
(store.lock) before Edge reads a byte of it, and until it is closed: a second opener gets
IndexBusy and leaves the holder's files alone. Must not import answer/.
"""
from __future__ import annotations

import uuid
from pathlib import Path
from typing import TYPE_CHECKING, Iterator, Mapping, Sequence

import numpy as np
import qdrant_edge as qe

from pincite.chunk.model import Chunk, ChunkPart
from pincite.extract.model import address_from_dict
from pincite.store.lock import IndexLock

from ..errors import IndexBusy, LibraryError
from .base import DocPayload, Hit, PayloadExtra, SearchFilter, StoredPoint

if TYPE_CHECKING:
    from pincite.store.fields import DocFields

SPARSE = "bm25"
DENSE = "dense"
#: Retrieval modes: both fused (default), or one side alone (benchmarks, no embedder).
MODES = ("hybrid", "bm25", "dense")
#: RRF constant k=60 (Cormack, Clarke & Buettcher 2009, "Reciprocal Rank Fusion
#: outperforms Condorcet and individual rank learning methods").
RRF_K = 60
#: Each prefetch fetches this many times the final limit before fusion.
PREFETCH_FACTOR = 3
#: Points fetched beyond the limit so that tied scores are cut by chunk id, not by the
#: engine's order: RRF gives equal scores to chunks at equal ranks of one list, and Qdrant
#: Edge returned such ties in a different order from run to run (2026-12-01, on the corpus:
#: a question's evidence moved between ranks 12 and 13, and its answer between answered and
#: refused, with the same library and question).
TIE_MARGIN = 10
#: Keyword payload fields with an index (filters run inside the search on them). The
#: document fields are matched through their *_key forms (store.fields.field_key: case
#: folded), while "model", "modifications", "revision" keep the values as set, for display.
KEYWORD_FIELDS = ("doc_id", "state", "trust", "model_key", "modifications_key", "revision_key",
                  "model", "modifications", "revision", "valid_from", "valid_to")
#: Document-field payload keys written with every chunk (doc_payload) and changed together
#: by set_doc_fields.
DOC_FIELD_KEYS = ("model", "modifications", "revision", "trust", "valid_from", "valid_to",
                  "model_key", "modifications_key", "revision_key")
#: BM25 parameters: k1=1.2, b=0.75 (Robertson & Zaragoza 2009 defaults, Edge's defaults);
#: avg_len is the expected chunk length in tokens (~700-char chunks; re-measure with the chunker).
BM25_K, BM25_B, BM25_AVG_LEN = 1.2, 0.75, 160.0
#: Chunks a segment holds before Edge builds an HNSW graph for its dense vectors (optimize);
#: below it a dense search scans every vector exactly. Measured on the shared corpus (2 cores,
#: 2026-12): an exact hybrid query takes ~6 ms at 11k chunks and grows linearly (~21 ms at
#: 106k), an HNSW one ~1-2 ms; an exact scan also keeps every answer the same as the index grows
#: up to this size. Turned into Edge's indexing threshold (KiB of vector data) by the dimension.
EXACT_CHUNKS = 20_000
#: The HNSW graph: edges per node (m) and candidates while building (ef_construct), and the
#: candidates a search keeps (Qdrant's `hnsw_ef`). Chosen by dense recall@10 against an exact
#: scan, on the development set's questions (benchmarks/speed.py --synthetic 9: 102k chunks,
#: the shared corpus's chunks nine times with their vectors perturbed, 2 cores, 2026-12): with
#: Edge's defaults (m 16, ef_construct 100) recall was 0.65 at the default ef, 0.83 at 256 and
#: 0.90 at 512 (optimize 62 s); with m 32 and ef_construct 256, 0.91 at 256 and 0.96 at 512
#: (optimize 336 s; a hybrid query 4.8 ms against 32 ms for the exact scan). 512 is the
#: smallest ef measured above the 0.95 we require.
HNSW_M, HNSW_EF_CONSTRUCT, HNSW_EF = 32, 256, 512
#: Dense vectors are read through the memory map as searches touch them (Qdrant's on_disk
#: storage) instead of being read in whole when the shard opens: the in-RAM storage populates
#: every 32 MiB chunk file at each open, ~60-80 ms for a library of a few dozen chunks (strace
#: of a load, 2 cores, 2026-12), paid by every `pincite ask` process. Once read the pages stay
#: in the page cache, so warm searches are as fast. Segments written before keep their own
#: storage type (it is recorded per segment), so no reindex is needed.
DENSE_ON_DISK = True
#: Qdrant's full_scan_threshold (KiB of vectors) for a filtered search: a filter matching
#: fewer vectors than this scans them exactly instead of walking the graph (Qdrant's default).
FULL_SCAN_KIB = 10_000
#: Payload fields a probe (search_each) fetches: what names a hit's document, not its text.
PROBE_PAYLOAD = ["chunk_id", "doc_id", "name_terms", "page", "page_end", "char_start", "char_end",
                 "file", "title", "kind"]
_NS = uuid.UUID("6f0b6c1e-8d51-4f7a-9b1e-70696e636974")  # namespace for point ids


def bm25_encoder() -> "qe.Bm25":
    """The BM25 encoder of every engine's sparse vectors: whitespace tokens of
    pincite.text.analysis (no stemmer, stopwords or lowercasing: the analysed words are the
    terms), k1 BM25_K, b BM25_B, average length BM25_AVG_LEN. Its document vectors hold token
    ids and BM25 term weights; its query vectors weight 1 per token; the engine multiplies
    by IDF at query time."""
    return qe.Bm25(qe.Bm25Config(
        k=BM25_K, b=BM25_B, avg_len=BM25_AVG_LEN,
        tokenizer=qe.TokenizerType.Whitespace, stemmer=qe.DisabledStemmer(),
        stopwords=qe.StopwordsSet(custom=set()), lowercase=False))


def check_dense(chunks: int, dense_dim: int | None, dense: "np.ndarray | None") -> None:
    """ValueError unless `dense` holds one vector of `dense_dim` per chunk (shape
    (chunks, dense_dim)); nothing is checked for a BM25-only index (dense_dim None)."""
    if dense_dim and (dense is None or dense.shape != (chunks, dense_dim)):
        got = None if dense is None else dense.shape
        raise ValueError(f"dense vectors of shape ({chunks}, {dense_dim}) needed, got {got}")


def stored_dense(p: StoredPoint, dense_dim: int | None) -> list[float] | None:
    """The dense vector an exported point brings to an index of `dense_dim` (None for a
    BM25-only index); ValueError when it is missing or of another dimension."""
    if not dense_dim:
        return None
    if p.dense is None or len(p.dense) != dense_dim:
        raise ValueError(f"point {p.point_id}: dense vector of {dense_dim} values "
                         f"needed, got {None if p.dense is None else len(p.dense)}")
    return list(p.dense)


def stored_point(record, dense_dim: int | None) -> StoredPoint:
    """A StoredPoint of a record scrolled from an engine (Edge's or qdrant-client's: an
    `id`, a `payload` and a `vector` dict of the named vectors)."""
    vec = record.vector if isinstance(record.vector, dict) else {}
    sparse = vec.get(SPARSE)
    return StoredPoint(
        point_id=str(record.id), payload=dict(record.payload or {}),
        sparse_indices=list(sparse.indices) if sparse is not None else [],
        sparse_values=[float(v) for v in sparse.values] if sparse is not None else [],
        dense=[float(x) for x in vec[DENSE]] if dense_dim and vec.get(DENSE) is not None else None)


def ranked(points: list, limit: int) -> list:
    """The first `limit` of an engine's scored points, best first, ties in chunk id order
    (TIE_MARGIN): the same index and query give the same hits."""
    return sorted(points, key=lambda p: (-p.score, (p.payload or {}).get("chunk_id", "")))[:limit]


def add_cosines(hits: list[Hit], points: list, query_vector) -> None:
    """Set each hit's `dense` to the cosine similarity of its point's dense vector
    (the point's `vector` dict, fetched with the hit) and `query_vector`; a hit whose point
    came without one is left as it is."""
    q = np.asarray(query_vector, dtype=np.float32)
    q = q / (np.linalg.norm(q) or 1.0)
    for h, p in zip(hits, points):
        v = p.vector.get(DENSE) if isinstance(p.vector, dict) else None
        if v is not None:
            v = np.asarray(v, dtype=np.float32)
            h.dense = float(v @ q / (np.linalg.norm(v) or 1.0))


def point_id(chunk_id: str) -> str:
    """Stable UUID point id for a chunk id."""
    return str(uuid.uuid5(_NS, chunk_id))


class EdgeIndex:
    """Chunk search in a Qdrant Edge shard at `path` (created when missing).

    dense_dim: dimension of the dense vectors (cosine distance), or None for a BM25-only
    index. It must match how the shard was created; the Library checks that through its
    index profile.
    lock: the shard's IndexLock, already held by the caller (which hands it over: close()
    releases it); None takes it here. IndexBusy when another process holds it.
    """

    def __init__(self, path: Path, dense_dim: int | None = None, lock: IndexLock | None = None):
        self.path = path
        self.dense_dim = dense_dim
        self._lock = lock if lock is not None else IndexLock(path).acquire()
        self._everything: dict[frozenset, bool] | None = None  # _search_filter's counts
        #: True once this object changed the shard: close() flushes only then (a flush of a
        #: shard nothing wrote to costs a read-only ask 0.04-0.2 s, and Edge keeps its WAL).
        self._dirty = False
        try:
            self._open(path, dense_dim)
        except BaseException:
            self._lock.release()
            raise
        self.bm25 = bm25_encoder()

    def _open(self, path: Path, dense_dim: int | None) -> None:
        try:
            if (path / "wal").exists() or any(path.glob("segments*")):
                self.shard = self._load(path, dense_dim)
                have = set(self.shard.info().payload_schema)  # a shard of an older build
            else:
                path.mkdir(parents=True, exist_ok=True)
                self.shard = qe.EdgeShard.create(str(path), self._config(dense_dim))
                self._dirty = True
                have = set()
            for name in KEYWORD_FIELDS:
                if name not in have:
                    self._update(qe.UpdateOperation.create_field_index(
                        name, qe.KeywordIndexParams(enable_hnsw=False)))
        except Exception as e:  # Edge raises plain Exception with a message
            if "WouldBlock" in str(e) or "lock" in str(e).lower():
                raise IndexBusy(
                    f"{path}: the index is open in another pincite process (an ingest, for "
                    "example); try again when it has finished") from None
            raise LibraryError(f"{path}: cannot open the index ({e})") from None

    def _load(self, path: Path, dense_dim: int | None) -> "qe.EdgeShard":
        """The existing shard at `path`, given this build's configuration (_config: the
        optimizer settings of a shard made before them are updated on disk); a shard whose
        stored configuration Edge finds incompatible is opened as it is (the Library's index
        profile says whether it must be rebuilt)."""
        try:
            return qe.EdgeShard.load(str(path), self._config(dense_dim))
        except Exception as e:
            if "WouldBlock" in str(e) or "lock" in str(e).lower():
                raise
            return qe.EdgeShard.load(str(path))

    @staticmethod
    def _config(dense_dim: int | None) -> "qe.EdgeConfig":
        vectors = ({DENSE: qe.EdgeVectorParams(size=dense_dim, distance=qe.Distance.Cosine, on_disk=DENSE_ON_DISK)}
                   if dense_dim else {})
        return qe.EdgeConfig(
            vectors=vectors,
            sparse_vectors={SPARSE: qe.EdgeSparseVectorParams(modifier=qe.Modifier.Idf)},
            optimizers=EdgeIndex._optimizers(dense_dim),
            hnsw_config=qe.HnswIndexConfig(m=HNSW_M, ef_construct=HNSW_EF_CONSTRUCT,
                                           full_scan_threshold=FULL_SCAN_KIB),
        )

    @staticmethod
    def _optimizers(dense_dim: int | None) -> "qe.EdgeOptimizersConfig":
        """Edge's optimizer settings: an HNSW graph for a segment of over EXACT_CHUNKS dense
        vectors (float32, so 4 bytes per dimension), built by optimize()."""
        kib = max(1, EXACT_CHUNKS * 4 * (dense_dim or 0) // 1024) if dense_dim else None
        return qe.EdgeOptimizersConfig(indexing_threshold=kib)

    def optimize(self) -> bool:
        """Merge small segments and build the HNSW graph of any segment over EXACT_CHUNKS
        chunks (Edge's optimizers, in this thread, blocking); call after a batch of writes.
        True when something was rebuilt. Searches give the same hits before and after, except
        that an HNSW search is approximate (dense recall@10 ~0.96 at HNSW_EF)."""
        self._dirty = True
        changed = self.shard.optimize()
        self.shard.flush()
        return bool(changed)

    def _update(self, op: "qe.UpdateOperation") -> None:
        """Apply one write to the shard (every write goes through here: see close())."""
        self._dirty = True
        self.shard.update(op)

    def close(self) -> None:
        """Flush the shard when this object wrote to it, close it, then release its lock
        (also when closing fails)."""
        try:
            if self._dirty:
                self.shard.flush()
            self.shard.close()
        finally:
            self._lock.release()

    # -- writes -------------------------------------------------------------------
    def upsert(self, chunks: Sequence[Chunk], token_lists: Sequence[list[str]],
               payload_extra: PayloadExtra, state: str = "pending", batch: int = 256,
               dense: np.ndarray | None = None) -> None:
        """Write chunks with their analysed tokens and, for a dense index, their dense
        vectors (`dense`: shape (len(chunks), dense_dim), one row per chunk; ValueError when
        missing or of another shape). `payload_extra` goes into every payload."""
        check_dense(len(chunks), self.dense_dim, dense)
        for i in range(0, len(chunks), batch):
            points = []
            for j, (c, toks) in enumerate(zip(chunks[i:i + batch], token_lists[i:i + batch]), i):
                vectors: dict[str, qe.NamedVector] = {SPARSE: self._doc_vector(toks)}
                if self.dense_dim and dense is not None:  # check_dense: present when dense_dim
                    vectors[DENSE] = dense[j].tolist()
                points.append(qe.Point(point_id(c.chunk_id), vectors, self._payload(c, payload_extra, state)))
            self._update(qe.UpdateOperation.upsert_points(points))
        self._everything = None

    def _doc_vector(self, toks: list[str]) -> "qe.SparseVector":
        return self.bm25.embed_document(" ".join(toks) if toks else "\u2205")

    @staticmethod
    def _payload(c: Chunk, extra: Mapping[str, object], state: str) -> dict[str, object]:
        """A chunk's payload; `extra` (doc_payload fields, file, title...) goes over the
        defaults, so a point written without document fields is a "reference" document
        with no model, modification or revision."""
        return {
            **doc_payload(None),
            "chunk_id": c.chunk_id, "doc_id": c.doc_id, "state": state, "kind": c.kind,
            "page": c.page, "page_end": c.page_end, "page_label": c.page_label,
            "label_source": c.label_source, "char_start": c.char_start,
            "char_end": c.char_end, "text": c.text, "ocr": c.ocr,
            "address": c.address.to_dict() if c.address is not None else None,
            "section_path": list(c.section_path), "section_title": c.section_title,
            **({"parts": [p.to_dict() for p in c.parts]} if c.parts else {}), **extra,
        }

    def set_state(self, doc_id: str, state: str) -> None:
        """Flip every point of `doc_id` to `state` ("pending" -> "ready")."""
        self._update(qe.UpdateOperation.set_payload_by_filter(
            self._must(doc_id=doc_id), {"state": state}))
        self._everything = None
        self.shard.flush()

    def set_doc_fields(self, doc_id: str, fields: DocPayload) -> None:
        """Set document fields (a doc_payload dict) on every point of `doc_id` at once: one
        set_payload_by_filter, no re-parsing or re-embedding."""
        self._update(qe.UpdateOperation.set_payload_by_filter(self._must(doc_id=doc_id), dict(fields)))
        self._everything = None
        self.shard.flush()

    def delete_doc(self, doc_id: str) -> None:
        """Delete every point of `doc_id` and flush; a shard holding none is left as it is
        (a new document's ingest clears leftovers of an earlier try: a flush of nothing
        still waits 0.02-0.2 s on the disk)."""
        if not self.count(doc_id=doc_id):
            return
        self._update(qe.UpdateOperation.delete_points_by_filter(self._must(doc_id=doc_id)))
        self._everything = None
        self.shard.flush()

    def delete_pending(self) -> None:
        """Remove points left "pending" by an interrupted ingest."""
        self._update(qe.UpdateOperation.delete_points_by_filter(self._must(state="pending")))
        self._everything = None
        self.shard.flush()

    def flush(self) -> None:
        self.shard.flush()

    # -- reads --------------------------------------------------------------------
    def search(self, query_tokens: list[str], flt: SearchFilter | None = None,
               limit: int = 10, *, query_vector: np.ndarray | None = None,
               mode: str = "hybrid", similarity_to: np.ndarray | None = None) -> list[Hit]:
        """Search ready points, restricted by `flt` inside the query, best first.

        mode "hybrid": BM25 prefetch + dense prefetch (each PREFETCH_FACTOR * limit, each
        with the filter) fused by RRF (k=RRF_K) in one Edge call; "bm25" / "dense": one
        side alone. A side without input (no query tokens, no `query_vector` or a BM25-only
        index) is left out. Hit.score is the fused (or single-side) score; hits of equal score
        come in chunk id order (TIE_MARGIN), so the same index and query give the same hits;
        for a dense index, Hit.dense holds the hit's cosine similarity to `query_vector`, or, in
        "bm25" mode, to `similarity_to` when given (it ranks nothing: the hits are BM25's).
        """
        if mode not in MODES:
            raise ValueError(f"unknown retrieval mode {mode!r}; choose one of {', '.join(MODES)}")
        flt_q = self._search_filter(flt)
        params = qe.SearchParams(hnsw_ef=HNSW_EF)
        sides = []
        if query_tokens and mode in ("hybrid", "bm25"):
            sides.append(qe.Query.Nearest(self.bm25.embed_query(" ".join(query_tokens)), using=SPARSE))
        use_dense = query_vector is not None and self.dense_dim and mode in ("hybrid", "dense")
        if use_dense:
            sides.append(qe.Query.Nearest(np.asarray(query_vector, dtype=np.float32).tolist(), using=DENSE))
        elif similarity_to is not None and self.dense_dim:
            query_vector, use_dense = similarity_to, True  # cosine reported, not searched
        if not sides:
            return []
        wide = limit + TIE_MARGIN
        if len(sides) == 1:
            req = qe.QueryRequest(limit=wide, query=sides[0], filter=flt_q, with_payload=True,
                                  with_vector=[DENSE] if use_dense else None, params=params)
        else:
            pre = [qe.Prefetch(limit=limit * PREFETCH_FACTOR, query=q, filter=flt_q, params=params)
                   for q in sides]
            # qdrant-edge's stub nests Rrf in Fusion without deriving it; at run time it is a Fusion
            req = qe.QueryRequest(limit=wide, prefetches=pre,
                                  query=qe.Fusion.Rrf(k=RRF_K),  # type: ignore[arg-type]
                                  filter=flt_q, with_payload=True, with_vector=[DENSE])
        points = ranked(self.shard.query(req), limit)
        hits = [self._hit(p, rank) for rank, p in enumerate(points, start=1)]
        if use_dense:
            add_cosines(hits, points, query_vector)
        return hits

    def search_each(self, token_lists: Sequence[list[str]], flt: SearchFilter | None = None,
                    limit: int = 2) -> list[list[Hit]]:
        """A BM25 search ("bm25" mode of `search`) for each token list, in one Edge call
        (query_batch): per list, its best `limit` hits, ties cut by chunk id as in `search`.
        The hits carry only the fields that say where they are and which document they name
        (PROBE_PAYLOAD): `text`, `section_path`, `address` and `parts` are left empty. An
        empty token list gets []."""
        flt_q = self._search_filter(flt)
        wanted = [i for i, toks in enumerate(token_lists) if toks]
        out: list[list[Hit]] = [[] for _ in token_lists]
        if not wanted:
            return out
        reqs = [qe.QueryRequest(limit=limit + TIE_MARGIN, filter=flt_q, with_payload=PROBE_PAYLOAD,
                                query=qe.Query.Nearest(self.bm25.embed_query(" ".join(token_lists[i])), using=SPARSE))
                for i in wanted]
        for i, points in zip(wanted, self.shard.query_batch(qe.QueryBatchRequest(reqs))):
            out[i] = [self._hit(p, rank) for rank, p in enumerate(ranked(points, limit), start=1)]
        return out

    def _search_filter(self, flt: SearchFilter | None) -> "qe.Filter | None":
        """The Edge filter of `flt` (_filter), or None when it lets every point through (no
        document or field asked, and as many points match it as the shard holds: all ready,
        all of an allowed trust): a filter that excludes nothing still costs a check per
        scored point. The answer is kept per set of trust levels until the next write."""
        if flt is not None and (flt.doc_ids is not None or flt.field_conditions()):
            return self._filter(flt)
        flt_q = self._filter(flt)
        key = frozenset((flt or SearchFilter()).allowed_trust())
        if self._everything is None:
            self._everything = {}
        if key not in self._everything:
            self._everything[key] = (self.shard.count(qe.CountRequest(filter=flt_q))
                                     == self.shard.count(qe.CountRequest()))
        return None if self._everything[key] else flt_q

    def doc_ids(self) -> set[str]:
        """Doc ids of all points (any state); used to find orphans."""
        facet = self.shard.facet(qe.FacetRequest(key="doc_id", limit=1_000_000))
        return {str(h.value) for h in facet.hits}

    def ready_counts(self) -> dict[str, int]:
        """{doc_id: number of ready points} for every document with any (one exact facet)."""
        facet = self.shard.facet(qe.FacetRequest(key="doc_id", limit=1_000_000, exact=True,
                                                 filter=self._must(state="ready")))
        return {str(h.value): h.count for h in facet.hits}

    def count_matching(self, flt: SearchFilter | None) -> int:
        """Ready points that `flt` lets a search see (0: no document in scope)."""
        return self.shard.count(qe.CountRequest(filter=self._filter(flt)))

    def count(self, doc_id: str | None = None, state: str | None = None) -> int:
        cond = {k: v for k, v in (("doc_id", doc_id), ("state", state)) if v}
        return self.shard.count(qe.CountRequest(filter=self._must(**cond) if cond else None))

    @staticmethod
    def _must(**fields) -> "qe.Filter":
        return qe.Filter(must=[qe.FieldCondition(key=k, match=qe.MatchValue(v))
                               for k, v in fields.items()])

    @staticmethod
    def _filter(flt: SearchFilter | None) -> "qe.Filter":
        """The Edge filter of `flt`, used by every prefetch and the fused query: ready
        points, of allowed trust (normative and reference unless asked otherwise), and the
        documents, model, modification and revision asked (SearchFilter). A point without
        a model (modification, revision) never matches a filter on it."""
        flt = flt or SearchFilter()
        must: list[qe.ConditionType] = [
            qe.FieldCondition(key="state", match=qe.MatchValue("ready")),
            qe.FieldCondition(key="trust", match=qe.MatchAny(flt.allowed_trust()))]
        if flt.doc_ids is not None:
            must.append(qe.FieldCondition(key="doc_id", match=qe.MatchAny(list(flt.doc_ids))))
        for key, value in flt.field_conditions().items():
            must.append(qe.FieldCondition(key=key, match=qe.MatchValue(value)))
        return qe.Filter(must=must)

    @staticmethod
    def _hit(p, rank: int) -> Hit:
        d = p.payload or {}
        return Hit(
            chunk_id=d["chunk_id"], doc_id=d["doc_id"], score=float(p.score), rank=rank,
            page=d["page"], page_end=d.get("page_end", d["page"]), char_start=d["char_start"],
            char_end=d["char_end"], text=d.get("text", ""), file=d.get("file", ""),
            title=d.get("title", ""), page_label=d.get("page_label") or "",
            label_source=d.get("label_source"), kind=d.get("kind", "text"),
            ocr=bool(d.get("ocr")), address=address_from_dict(d.get("address")),
            section_path=list(d.get("section_path") or []), section_title=d.get("section_title") or "",
            parts=[ChunkPart.from_dict(x) for x in d.get("parts") or ()],
            name_terms=tuple(d.get("name_terms") or ()),
            model=d.get("model"), modifications=list(d.get("modifications") or []),
            revision=d.get("revision"), trust=d.get("trust"),
        )

    # -- copying between engines (pincite migrate) ---------------------------------
    def export_points(self, batch: int = 256) -> "Iterator[list[StoredPoint]]":
        """Every point (any state) with its vectors and payload, `batch` per list, in the
        shard's point id order (index.base.Index)."""
        offset = None
        while True:
            records, offset = self.shard.scroll(qe.ScrollRequest(
                offset=offset, limit=batch, with_payload=True, with_vector=True))
            out = [stored_point(r, self.dense_dim) for r in records]
            if out:
                yield out
            if offset is None or not records:
                return

    def import_points(self, points: "Sequence[StoredPoint]") -> None:
        """Write points exported by another index as they are (index.base.Index);
        ValueError for a dense vector of another dimension or one missing."""
        batch = []
        for p in points:
            vectors: dict[str, qe.NamedVector] = {
                SPARSE: qe.SparseVector(indices=p.sparse_indices, values=p.sparse_values)}
            dense = stored_dense(p, self.dense_dim)
            if dense is not None:
                vectors[DENSE] = dense
            batch.append(qe.Point(p.point_id, vectors, p.payload))
        if batch:
            self._update(qe.UpdateOperation.upsert_points(batch))


def doc_payload(fields: DocFields | None) -> DocPayload:
    """The document-field part of a chunk payload (DOC_FIELD_KEYS) for a
    store.fields.DocFields (None: no fields, trust "reference")."""
    from pincite.store.fields import DocFields, field_key

    f = fields or DocFields()
    return {
        "model": f.model, "modifications": list(f.modifications), "revision": f.revision,
        "trust": f.trust or "reference", "valid_from": f.valid_from, "valid_to": f.valid_to,
        "model_key": field_key(f.model) if f.model else None,
        "modifications_key": [field_key(m) for m in f.modifications],
        "revision_key": field_key(f.revision) if f.revision else None,
    }
