"""Index shapes shared by every engine: the search filter, the Hit, a stored point, and
the Index protocol every engine implements.

Must not import answer/.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterator, Mapping, NotRequired, Protocol, Sequence, TypedDict, runtime_checkable

if TYPE_CHECKING:
    import numpy as np

from pincite.chunk.model import Chunk, ChunkFields
from pincite.store.fields import DEFAULT_TRUST, TRUST_LEVELS, field_key

#: Scope keys a question may carry (eval `scope` objects, REST bodies): SearchFilter fields.
SCOPE_KEYS = ("model", "modification", "revision", "trust", "include_uploaded", "doc_ids")


@dataclass
class SearchFilter:
    """Hard filter applied inside the search (never after it): every condition is part of
    each prefetch of the hybrid query, so the top-k is drawn from matching chunks only. An
    empty result means "no such document", never "relax the filter".

    doc_ids: only these documents (None = all). Points of documents still being ingested
    (state "pending") are always excluded.
    model / modification / revision: only documents whose field matches (spaces collapsed,
    case folded: store.fields.field_key); a document *without* that field does not match
    (a manual with no model set is not "for every model"). `modification` matches when it is
    one of the document's `modifications`.
    trust: the trust levels allowed (store.fields.TRUST_LEVELS); None = normative and
    reference, plus uploaded when `include_uploaded`. An explicit list is used as given
    (listing "uploaded" asks for uploads).
    """

    doc_ids: list[str] | None = None
    model: str | None = None
    modification: str | None = None
    revision: str | None = None
    trust: list[str] | None = None
    include_uploaded: bool = False

    def __post_init__(self) -> None:
        if self.trust is not None:
            trust = [self.trust] if isinstance(self.trust, str) else list(self.trust)
            bad = [t for t in trust if t not in TRUST_LEVELS]
            if bad or not trust:
                raise ValueError(f"trust {bad or trust!r}: choose from {', '.join(TRUST_LEVELS)}")
            self.trust = trust
        for name in ("model", "modification", "revision"):
            v = getattr(self, name)
            if v is not None and not str(v).strip():
                setattr(self, name, None)

    def allowed_trust(self) -> list[str]:
        """The trust levels this filter lets answer."""
        if self.trust is not None:
            return list(self.trust)
        return list(DEFAULT_TRUST) + (["uploaded"] if self.include_uploaded else [])

    def field_conditions(self) -> dict[str, str]:
        """{payload key field: matched value} for model, modification and revision."""
        out = {}
        for name, key in (("model", "model_key"), ("modification", "modifications_key"),
                          ("revision", "revision_key")):
            v = getattr(self, name)
            if v:
                out[key] = field_key(str(v))
        return out

    def narrows(self) -> bool:
        """True when something beyond the default trust levels was asked."""
        return bool(self.model or self.modification or self.revision or self.trust is not None
                    or self.include_uploaded)

    @classmethod
    def from_scope(cls, scope: Mapping[str, object] | None, where: str = "scope") -> "SearchFilter":
        """A filter from a scope object ({"model": "PX-200", "modification": "B",
        "trust": ["normative"], "include_uploaded": true}); ValueError naming `where` for an
        unknown key or value."""
        scope = dict(scope or {})
        unknown = set(scope) - set(SCOPE_KEYS)
        if unknown:
            raise ValueError(f"{where}: unknown scope key(s) {', '.join(sorted(unknown))}; "
                             f"known: {', '.join(SCOPE_KEYS)}")
        try:
            # values of any type: __post_init__ checks them
            given: dict[str, Any] = {k: (str(v) if k in ("model", "modification", "revision") and v is not None
                                         else v) for k, v in scope.items()}
            return cls(**given)
        except ValueError as e:
            raise ValueError(f"{where}: {e}") from None


@dataclass(kw_only=True)
class Hit(ChunkFields):
    """One retrieved chunk, in rank order (rank 1 first), with its index record: the chunk's
    fields (pincite.chunk.model.ChunkFields: pages, char span, text, kind, address, section,
    parts) as the index holds them, and (keyword-only):

    score: the fused (or single-side) search score; rank: 1-based rank in the result.
    file, title: the document's file name and title.
    name_terms: the analysed words naming the hit's document (chunking.naming_text), as its
    index record holds them. dense: for a search with a query vector, the cosine similarity
    of the chunk's dense vector to it; None when no dense side was searched.
    model, modifications, revision, trust: the document's fields (store.fields) as its
    index record holds them.
    """

    score: float
    rank: int
    file: str = ""
    title: str = ""
    name_terms: tuple[str, ...] = ()
    dense: float | None = None
    model: str | None = None
    modifications: list[str] = field(default_factory=list)
    revision: str | None = None
    trust: str | None = None


class DocPayload(TypedDict):
    """The document fields every point of a document carries (index.edge.doc_payload, from
    store.fields.DocFields), set together by Index.set_doc_fields.

    model, modifications, revision, trust, valid_from, valid_to: the fields as set (for
    display; valid_* ISO dates); model_key, modifications_key, revision_key: the same folded
    for matching (store.fields.field_key), None / [] when unset. lang: the document's
    language, only when it is set by hand.
    """

    model: str | None
    modifications: list[str]
    revision: str | None
    trust: str
    valid_from: str | None
    valid_to: str | None
    model_key: str | None
    modifications_key: list[str]
    revision_key: str | None
    lang: NotRequired[str]


class PayloadExtra(DocPayload):
    """What Index.upsert writes with every chunk of a document besides the chunk's own
    record (library.ingest.payload_extra): its DocPayload and

    file, title: the document's file name and title; lang: its language ("en", "ru", "zh");
    name_terms: the analysed words naming it (chunk.pages.naming_text), sorted.
    """

    file: str
    title: str
    name_terms: list[str]


@dataclass
class StoredPoint:
    """One index point as stored, for copying an index between engines (pincite migrate).

    point_id: the point's UUID (index.edge.point_id of its chunk id); payload: the chunk's
    payload as written by `Index.upsert` (chunk record, document fields, state);
    sparse_indices / sparse_values: its BM25 sparse vector (token ids and term weights
    before IDF, which the engine applies at query time); dense: its dense vector, or None
    in a BM25-only index.
    """

    point_id: str
    payload: dict
    sparse_indices: list[int]
    sparse_values: list[float]
    dense: list[float] | None = None


@runtime_checkable
class Index(Protocol):
    """What the library and the answer layer call on a chunk index, whatever engine holds it:
    the embedded Qdrant Edge shard (index.edge.EdgeIndex, the default) or a Qdrant server or
    cluster through qdrant-client (index.qdrant_server.QdrantServerIndex).

    Every implementation keeps one point per chunk with a BM25 sparse vector (IDF applied
    by the engine at query time), an optional cosine dense vector of `dense_dim` and the
    chunk's payload; filters run inside the query; a hybrid search is two filtered
    prefetches fused by Reciprocal Rank Fusion. Writes are visible to the next read of the
    same process (two-phase ingest: points written "pending", then flipped to "ready").
    """

    #: Dimension of the dense vectors, or None for a BM25-only index.
    dense_dim: int | None

    def close(self) -> None:
        """Flush and release the index (its lock or connection)."""

    def upsert(self, chunks: Sequence[Chunk], token_lists: Sequence[list[str]],
               payload_extra: PayloadExtra, state: str = "pending", batch: int = 256,
               dense: "np.ndarray | None" = None) -> None:
        """Write chunks with their analysed tokens and, for a dense index, their dense
        vectors (shape (len(chunks), dense_dim); ValueError otherwise)."""

    def set_state(self, doc_id: str, state: str) -> None:
        """Flip every point of `doc_id` to `state`."""

    def set_doc_fields(self, doc_id: str, fields: DocPayload) -> None:
        """Set document-field payload keys on every point of `doc_id`."""

    def delete_doc(self, doc_id: str) -> None:
        """Delete every point of `doc_id`."""

    def delete_pending(self) -> None:
        """Delete every point still "pending"."""

    def flush(self) -> None:
        """Make the writes so far durable."""

    def search(self, query_tokens: list[str], flt: SearchFilter | None = None,
               limit: int = 10, *, query_vector: "np.ndarray | None" = None,
               mode: str = "hybrid", similarity_to: "np.ndarray | None" = None) -> list[Hit]:
        """Ready points matching `flt`, best first (see EdgeIndex.search for the modes)."""

    def search_each(self, token_lists: Sequence[list[str]], flt: SearchFilter | None = None,
                    limit: int = 2) -> list[list[Hit]]:
        """A BM25 search per token list (hits carrying where they are and what names their
        document, not their text); see EdgeIndex.search_each."""

    def optimize(self) -> bool:
        """Build the search structures after a batch of writes; True when something was rebuilt."""

    def doc_ids(self) -> set[str]:
        """Doc ids of all points, in any state."""

    def ready_counts(self) -> dict[str, int]:
        """{doc_id: number of ready points}."""

    def count_matching(self, flt: SearchFilter | None) -> int:
        """Ready points that `flt` lets a search see."""

    def count(self, doc_id: str | None = None, state: str | None = None) -> int:
        """Points, of one document and/or in one state when given."""

    def export_points(self, batch: int = 256) -> Iterator[list[StoredPoint]]:
        """Every point with its vectors and payload, `batch` at a time (any order)."""

    def import_points(self, points: Sequence[StoredPoint]) -> None:
        """Write points exactly as exported by another index (same ids, vectors, payload)."""
