"""Qdrant server index: the library's chunks in one collection of a Qdrant server or
cluster, through qdrant-client; or in qdrant-client's own in-process engine (`path=` or
":memory:"), which implements the same API and serves the tests and single machines.

The collection has the layout of the Edge shard (index.edge): per chunk one point with the
id index.edge.point_id, a named cosine dense vector "dense" (when an embedder is set), a
named sparse vector "bm25" with the IDF modifier, and the same payload; a keyword payload
index on every filter field (index.edge.KEYWORD_FIELDS). The BM25 sparse vectors are made
by the same encoder Edge uses (qdrant_edge.Bm25, whitespace tokenizer over pincite.text.analysis
tokens, with Edge's k1, b and average length), so token ids and term weights are identical
and the engine's IDF gives the same scores. A hybrid search is one query: a BM25 prefetch
and a dense prefetch, each with the payload filter, fused by RRF with k = index.edge.RRF_K
(Qdrant's parameterised RRF; its plain Fusion.RRF uses another constant), and ties cut by
chunk id as in Edge.

Writes wait for the engine to apply them (`wait=True`), so a two-phase ingest reads its own
writes: points written "pending", flipped to "ready", then searched. A server collection
is created with the shard count, replication factor and (optional) int8 scalar quantization
of the IndexSpec; an existing one is used as it is. The API key is handed to qdrant-client
only; it never appears in a message of this module. Must not import answer/.
"""
from __future__ import annotations

import uuid
import warnings
from typing import TYPE_CHECKING, Iterator, Sequence

import numpy as np

from pincite.chunk.model import Chunk

from ..errors import IndexBusy, LibraryError, ProfileMismatch
from .base import DocPayload, Hit, PayloadExtra, SearchFilter, StoredPoint
from .edge import (
    DENSE,
    KEYWORD_FIELDS,
    MODES,
    PREFETCH_FACTOR,
    RRF_K,
    SPARSE,
    TIE_MARGIN,
    EdgeIndex,
    add_cosines,
    bm25_encoder,
    check_dense,
    point_id,
    ranked,
    stored_dense,
    stored_point,
)

if TYPE_CHECKING:
    from qdrant_client import QdrantClient

#: Seconds a server request may take (qdrant-client's `timeout`): an upsert of 256 points
#: with 512-dim vectors on a loaded cluster can take seconds; the client default is 5.
REQUEST_TIMEOUT_S = 60
#: int8 scalar quantization keeps this quantile of the vector values inside the int8 range
#: (Qdrant's documented example value; the outliers are clipped).
INT8_QUANTILE = 0.99


class QdrantServerIndex:
    """Chunk search in collection `collection` of `client` (a qdrant_client.QdrantClient for
    a server, a cluster, or the in-process engine).

    dense_dim: dimension of the dense vectors (cosine), or None for a BM25-only index; an
    existing collection with another dense layout is a ProfileMismatch. shards / replicas /
    int8: used only when the collection is created (Qdrant's shard_number,
    replication_factor, and scalar int8 quantization of the dense vectors kept in RAM with
    the originals on disk). where: how to name the engine in errors (a URL without
    credentials, or the local path). owns_client: close() closes the client.
    alias: `collection` is the name of a Qdrant collection alias; when neither an alias nor
    a collection of that name exists, a collection "<collection>-<8 hex>" is created and the
    alias pointed at it, so that a rebuild can fill a new collection and switch the alias
    in one atomic step (switch_alias) while readers go on using the name. alias=False:
    `collection` is the collection itself (a rebuild's new one).
    Raises LibraryError when the engine cannot be reached or refuses the collection.
    """

    kind = "qdrant"

    def __init__(self, client: "QdrantClient", collection: str, dense_dim: int | None = None, *,
                 shards: int = 1, replicas: int = 1, int8: bool = False, where: str = "qdrant",
                 owns_client: bool = True, alias: bool = True):
        self.client = client
        self.collection = collection
        self.dense_dim = dense_dim
        self.where = where
        self._owns = owns_client
        self.bm25 = bm25_encoder()
        try:
            self._ensure(shards, replicas, int8, alias)
        except (LibraryError, ProfileMismatch):
            self.close()
            raise
        except Exception as e:
            self.close()
            raise LibraryError(f"{where}: cannot open Qdrant collection {collection!r} "
                               f"({type(e).__name__}: {_short(e)})") from None

    def _ensure(self, shards: int, replicas: int, int8: bool, alias: bool) -> None:
        from qdrant_client import models

        c = self.client
        exists = alias_target(c, self.collection) is not None or c.collection_exists(self.collection)
        if not exists:
            physical = f"{self.collection}-{uuid.uuid4().hex[:8]}" if alias else self.collection
            self._create(physical, shards, replicas, int8)
            if alias:
                try:
                    c.update_collection_aliases(change_aliases_operations=[models.CreateAliasOperation(
                        create_alias=models.CreateAlias(collection_name=physical, alias_name=self.collection))])
                except Exception:
                    c.delete_collection(physical)  # another process named its own collection first
                    if alias_target(c, self.collection) is None:
                        raise
        physical = (alias_target(c, self.collection) if alias else None) or self.collection
        info = c.get_collection(physical)
        params = info.config.params
        have = params.vectors or {}
        have_dim = have[DENSE].size if isinstance(have, dict) and DENSE in have else None
        if have_dim != (self.dense_dim or None):
            raise ProfileMismatch(
                f"{self.where}: collection {self.collection!r} holds dense vectors of "
                f"{have_dim or 'no'} dimensions, this library needs {self.dense_dim or 'none'}; "
                "choose another collection (PINCITE_QDRANT_COLLECTION) or migrate into an empty one")
        schema = set((info.payload_schema or {}).keys())
        with warnings.catch_warnings():  # the in-process engine warns that it needs no index
            warnings.simplefilter("ignore")
            for name in KEYWORD_FIELDS:
                if name not in schema:
                    c.create_payload_index(physical, name,
                                           field_schema=models.PayloadSchemaType.KEYWORD, wait=True)

    def _create(self, name: str, shards: int, replicas: int, int8: bool) -> None:
        """Create collection `name` with the library's layout."""
        from qdrant_client import models

        vectors = {}
        if self.dense_dim:
            vectors[DENSE] = models.VectorParams(size=self.dense_dim, distance=models.Distance.COSINE)
        quant = models.ScalarQuantization(scalar=models.ScalarQuantizationConfig(
            type=models.ScalarType.INT8, quantile=INT8_QUANTILE, always_ram=True)) if int8 else None
        self.client.create_collection(
            name, vectors_config=vectors,
            sparse_vectors_config={SPARSE: models.SparseVectorParams(modifier=models.Modifier.IDF)},
            shard_number=shards, replication_factor=replicas, quantization_config=quant)

    def close(self) -> None:
        """Close the client when this index opened it (a no-op for a shared client)."""
        if self._owns:
            try:
                self.client.close()
            except Exception:
                pass

    # -- writes -------------------------------------------------------------------
    def upsert(self, chunks: Sequence[Chunk], token_lists: Sequence[list[str]],
               payload_extra: PayloadExtra, state: str = "pending", batch: int = 256,
               dense: np.ndarray | None = None) -> None:
        """As EdgeIndex.upsert: chunks with their analysed tokens and dense vectors (shape
        (len(chunks), dense_dim), ValueError otherwise); each batch waits until applied."""
        from qdrant_client import models

        check_dense(len(chunks), self.dense_dim, dense)
        for i in range(0, len(chunks), batch):
            points = []
            for j, (c, toks) in enumerate(zip(chunks[i:i + batch], token_lists[i:i + batch]), i):
                vectors: dict = {SPARSE: self._doc_vector(toks)}
                if self.dense_dim and dense is not None:  # check_dense: present when dense_dim
                    vectors[DENSE] = dense[j].tolist()
                points.append(models.PointStruct(id=point_id(c.chunk_id), vector=vectors,
                                                 payload=EdgeIndex._payload(c, payload_extra, state)))
            self._call(self.client.upsert, self.collection, points=points, wait=True)

    def _doc_vector(self, toks: list[str]):
        from qdrant_client import models

        v = self.bm25.embed_document(" ".join(toks) if toks else "\u2205")
        return models.SparseVector(indices=list(v.indices), values=[float(x) for x in v.values])

    def _by_filter(self, **fields):
        from qdrant_client import models

        return models.FilterSelector(filter=_must(**fields))

    def set_state(self, doc_id: str, state: str) -> None:
        """Flip every point of `doc_id` to `state` ("pending" -> "ready")."""
        self._call(self.client.set_payload, self.collection, payload={"state": state},
                   points=self._by_filter(doc_id=doc_id), wait=True)

    def set_doc_fields(self, doc_id: str, fields: DocPayload) -> None:
        """Set document fields (a doc_payload dict) on every point of `doc_id` at once."""
        self._call(self.client.set_payload, self.collection, payload=dict(fields),
                   points=self._by_filter(doc_id=doc_id), wait=True)

    def delete_doc(self, doc_id: str) -> None:
        """Delete every point of `doc_id`."""
        self._call(self.client.delete, self.collection, points_selector=self._by_filter(doc_id=doc_id),
                   wait=True)

    def delete_pending(self) -> None:
        """Remove points left "pending" by an interrupted ingest."""
        self._call(self.client.delete, self.collection, points_selector=self._by_filter(state="pending"),
                   wait=True)

    def flush(self) -> None:
        """Nothing to do: every write waited until the engine applied it (the server's
        write-ahead log makes it durable; the in-process engine writes at once)."""

    # -- reads --------------------------------------------------------------------
    def search(self, query_tokens: list[str], flt: SearchFilter | None = None,
               limit: int = 10, *, query_vector: np.ndarray | None = None,
               mode: str = "hybrid", similarity_to: np.ndarray | None = None) -> list[Hit]:
        """As EdgeIndex.search (same modes, filter, fusion, tie order and Hit.dense)."""
        from qdrant_client import models

        if mode not in MODES:
            raise ValueError(f"unknown retrieval mode {mode!r}; choose one of {', '.join(MODES)}")
        flt_q = _filter(flt)
        sides = []
        if query_tokens and mode in ("hybrid", "bm25"):
            q = self.bm25.embed_query(" ".join(query_tokens))
            sides.append((models.SparseVector(indices=list(q.indices), values=[float(x) for x in q.values]),
                          SPARSE))
        use_dense = query_vector is not None and self.dense_dim and mode in ("hybrid", "dense")
        if use_dense:
            sides.append((np.asarray(query_vector, dtype=np.float32).tolist(), DENSE))
        elif similarity_to is not None and self.dense_dim:
            query_vector, use_dense = similarity_to, True  # cosine reported, not searched
        if not sides:
            return []
        wide = limit + TIE_MARGIN
        if len(sides) == 1:
            res = self._call(self.client.query_points, self.collection, query=sides[0][0],
                             using=sides[0][1], query_filter=flt_q, limit=wide, with_payload=True,
                             with_vectors=[DENSE] if use_dense else False)
        else:
            pre = [models.Prefetch(query=q, using=u, filter=flt_q, limit=limit * PREFETCH_FACTOR)
                   for q, u in sides]
            res = self._call(self.client.query_points, self.collection, prefetch=pre,
                             query=models.RrfQuery(rrf=models.Rrf(k=RRF_K)), query_filter=flt_q,
                             limit=wide, with_payload=True, with_vectors=[DENSE])
        points = ranked(res.points, limit)
        hits = [EdgeIndex._hit(p, rank) for rank, p in enumerate(points, start=1)]
        if use_dense:
            add_cosines(hits, points, query_vector)
        return hits

    def search_each(self, token_lists: Sequence[list[str]], flt: SearchFilter | None = None,
                    limit: int = 2) -> list[list[Hit]]:
        """As EdgeIndex.search_each (one BM25 search per token list, [] for an empty one),
        here one request each, with the whole payload."""
        return [self.search(list(toks), flt, limit=limit, mode="bm25") if toks else [] for toks in token_lists]

    def optimize(self) -> bool:
        """Nothing to do: the server's own optimizers build the HNSW graph as points arrive."""
        return False

    def doc_ids(self) -> set[str]:
        """Doc ids of all points (any state); used to find orphans."""
        res = self._call(self.client.facet, self.collection, key="doc_id", limit=1_000_000, exact=True)
        return {str(h.value) for h in res.hits}

    def ready_counts(self) -> dict[str, int]:
        """{doc_id: number of ready points} for every document with any (one exact facet)."""
        res = self._call(self.client.facet, self.collection, key="doc_id", limit=1_000_000, exact=True,
                         facet_filter=_must(state="ready"))
        return {str(h.value): int(h.count) for h in res.hits}

    def count_matching(self, flt: SearchFilter | None) -> int:
        """Ready points that `flt` lets a search see (0: no document in scope)."""
        return self._call(self.client.count, self.collection, count_filter=_filter(flt), exact=True).count

    def count(self, doc_id: str | None = None, state: str | None = None) -> int:
        """Points, of one document and/or in one state when given."""
        cond = {k: v for k, v in (("doc_id", doc_id), ("state", state)) if v}
        return self._call(self.client.count, self.collection,
                          count_filter=_must(**cond) if cond else None, exact=True).count

    # -- copying between engines (pincite migrate) ---------------------------------
    def export_points(self, batch: int = 256) -> Iterator[list[StoredPoint]]:
        """Every point (any state) with vectors and payload, `batch` per list."""
        offset = None
        while True:
            records, offset = self._call(self.client.scroll, self.collection, limit=batch, offset=offset,
                                         with_payload=True, with_vectors=True)
            out = [stored_point(r, self.dense_dim) for r in records]
            if out:
                yield out
            if offset is None or not records:
                return

    def import_points(self, points: Sequence[StoredPoint]) -> None:
        """Write exported points as they are; ValueError for a dense vector of another
        dimension or one missing."""
        from qdrant_client import models

        batch = []
        for p in points:
            vectors: dict = {SPARSE: models.SparseVector(indices=list(p.sparse_indices),
                                                         values=list(p.sparse_values))}
            dense = stored_dense(p, self.dense_dim)
            if dense is not None:
                vectors[DENSE] = dense
            batch.append(models.PointStruct(id=p.point_id, vector=vectors, payload=p.payload))
        if batch:
            self._call(self.client.upsert, self.collection, points=batch, wait=True)

    def _call(self, fn, *args, **kwargs):
        """`fn(*args, **kwargs)` with the engine's errors as LibraryError naming `where`."""
        try:
            return fn(*args, **kwargs)
        except (ValueError, LibraryError):
            raise
        except Exception as e:
            raise LibraryError(f"{self.where}: Qdrant request failed ({type(e).__name__}: "
                               f"{_short(e)})") from None


def alias_target(client: "QdrantClient", name: str) -> str | None:
    """The collection alias `name` points at, or None when there is no such alias."""
    for a in client.get_aliases().aliases:
        if a.alias_name == name:
            return a.collection_name
    return None


def switch_alias(client: "QdrantClient", name: str, collection: str) -> None:
    """Point alias `name` at `collection` in one alias request (atomic on a Qdrant server:
    a reader sees the old collection or the new one), then delete the collection it pointed
    at before. Repeatable: nothing happens when it points at `collection` already. A plain
    collection called `name` (made by another tool) is deleted first."""
    from qdrant_client import models

    old = alias_target(client, name)
    if old == collection:
        return
    ops: list[models.AliasOperations] = []
    if old is not None:
        ops.append(models.DeleteAliasOperation(delete_alias=models.DeleteAlias(alias_name=name)))
    elif client.collection_exists(name):
        client.delete_collection(name)
    ops.append(models.CreateAliasOperation(create_alias=models.CreateAlias(
        collection_name=collection, alias_name=name)))
    client.update_collection_aliases(change_aliases_operations=ops)
    if old is not None:
        client.delete_collection(old)


def _short(e: BaseException, limit: int = 300) -> str:
    """An engine error's message on one line, at most `limit` characters, with the API key
    (PINCITE_QDRANT_API_KEY) masked should the engine ever echo it."""
    import os

    text = " ".join(str(e).split())
    key = os.environ.get("PINCITE_QDRANT_API_KEY")
    if key:
        text = text.replace(key, "***")
    return text[:limit] + ("..." if len(text) > limit else "")


def _must(**fields):
    """A filter requiring payload `key == value` for every keyword argument."""
    from qdrant_client import models

    return models.Filter(must=[models.FieldCondition(key=k, match=models.MatchValue(value=v))
                               for k, v in fields.items()])


def _filter(flt: SearchFilter | None):
    """The qdrant-client filter of `flt`, the same conditions as EdgeIndex._filter: ready
    points, allowed trust, and the documents, model, modification and revision asked."""
    from qdrant_client import models

    flt = flt or SearchFilter()
    must: list[models.Condition] = [
        models.FieldCondition(key="state", match=models.MatchValue(value="ready")),
        models.FieldCondition(key="trust", match=models.MatchAny(any=flt.allowed_trust()))]
    if flt.doc_ids is not None:
        must.append(models.FieldCondition(key="doc_id", match=models.MatchAny(any=list(flt.doc_ids))))
    for key, value in flt.field_conditions().items():
        must.append(models.FieldCondition(key=key, match=models.MatchValue(value=value)))
    return models.Filter(must=must)


def open_local_client(path: str) -> "QdrantClient":
    """qdrant-client's in-process engine over folder `path` (created when missing) or, for
    ":memory:", in memory. IndexBusy when another process has the folder open."""
    from qdrant_client import QdrantClient

    if path == ":memory:":
        return QdrantClient(location=":memory:")
    try:
        return QdrantClient(path=path)
    except RuntimeError as e:
        if "already accessed" in str(e):
            raise IndexBusy(f"{path}: the index is open in another pincite process; try again when "
                            "it has finished") from None
        raise LibraryError(f"{path}: cannot open the local Qdrant index ({_short(e)})") from None
