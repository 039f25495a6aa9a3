"""Which engine holds a library's index, and opening it.

An index spec is a short text (Settings.index; `--index`, PINCITE_INDEX or
PINCITE_QDRANT_URL):

    edge                     the embedded Qdrant Edge shard in <data>/index (the default)
    qdrant://HOST:PORT       a Qdrant server or cluster over HTTP (qdrants:// for HTTPS);
    http(s)://HOST:PORT      the same, written as a URL (PINCITE_QDRANT_URL's usual form)
    qdrant-local             qdrant-client's in-process engine in <data>/qdrant
    qdrant-local:PATH        ... in folder PATH; qdrant-local::memory: in memory (tests)

The server's API key comes from PINCITE_QDRANT_API_KEY only, is read when the index is
opened, and is handed to qdrant-client alone: it is not part of the spec, the settings, the
catalog, or any message. Must not import answer/.
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from pincite.config import API_KEY_ENV, IndexSpec

from .base import Index

if TYPE_CHECKING:
    from .qdrant_server import QdrantServerIndex

#: qdrant-client's in-process engines opened in memory in this process, one per data folder:
#: a memory index lives as long as the process, across a Library's close and reopen.
_MEMORY: dict[str, object] = {}


def index_profile(spec: IndexSpec) -> dict:
    """The index-engine part of a library's index profile: {} for Edge (so the profile of
    an embedded library is what it always was), {"index": "qdrant"} for a Qdrant
    collection (server or in-process engine: same layout, vectors and scores)."""
    return {} if spec.kind == "edge" else {"index": "qdrant"}


def open_index(spec: IndexSpec, data_dir: Path, dense_dim: int | None, lock=None) -> Index:
    """Open (creating when missing) the index `spec` names for the library in `data_dir`.

    Edge: the shard <data_dir>/index, with `lock` (the held IndexLock, handed over) or
    taking it. Qdrant: the collection alias spec.collection on the server (API key from
    PINCITE_QDRANT_API_KEY) or in the in-process engine. Raises IndexBusy, LibraryError
    (engine unreachable, collection refused), ProfileMismatch (collection of another dense
    layout).
    """
    if spec.kind == "edge":
        from .edge import EdgeIndex

        return EdgeIndex(Path(data_dir) / "index", dense_dim=dense_dim, lock=lock)
    from .qdrant_server import QdrantServerIndex

    client, where, owns = _client(spec, data_dir)
    return QdrantServerIndex(client, spec.collection, dense_dim, where=where, owns_client=owns,
                             shards=spec.shards, replicas=spec.replicas, int8=spec.int8)


def new_collection(spec: IndexSpec, data_dir: Path, dense_dim: int | None) -> QdrantServerIndex:
    """A new, empty Qdrant collection "<spec.collection>-<8 hex>" beside the live one, for a
    rebuild to fill (its name: the result's `collection`); switch it in with
    `switch_collection`, or drop it with `drop_collection`."""
    import uuid

    from .qdrant_server import QdrantServerIndex

    client, where, owns = _client(spec, data_dir)
    return QdrantServerIndex(client, f"{spec.collection}-{uuid.uuid4().hex[:8]}", dense_dim,
                             where=where, owns_client=owns, alias=False, shards=spec.shards,
                             replicas=spec.replicas, int8=spec.int8)


def switch_collection(spec: IndexSpec, data_dir: Path, collection: str) -> None:
    """Point the library's collection alias at `collection` (atomic on a server) and delete
    the collection it replaced (qdrant_server.switch_alias); repeatable."""
    from .qdrant_server import switch_alias

    with _borrowed_client(spec, data_dir) as client:
        if client.collection_exists(collection):
            switch_alias(client, spec.collection, collection)


def drop_collection(spec: IndexSpec, data_dir: Path, collection: str) -> None:
    """Delete collection `collection` (a rebuild that never switched) when it exists."""
    with _borrowed_client(spec, data_dir) as client:
        if client.collection_exists(collection):
            client.delete_collection(collection)


@contextmanager
def _borrowed_client(spec: IndexSpec, data_dir: Path):
    """The qdrant-client client of a Qdrant spec (`_client`) for one block, closed after it
    unless it is the process's shared memory engine."""
    client, _, owns = _client(spec, data_dir)
    try:
        yield client
    finally:
        if owns:
            client.close()


def _client(spec: IndexSpec, data_dir: Path):
    """(qdrant_client.QdrantClient, name for errors, whether the caller closes it) for a
    Qdrant spec; a memory engine is shared by the process and never closed."""
    from .qdrant_server import REQUEST_TIMEOUT_S, open_local_client

    if spec.kind == "qdrant-local":
        path = spec.path or str(Path(data_dir) / "qdrant")
        if path == ":memory:":
            key = str(Path(data_dir).resolve())
            if key not in _MEMORY:
                _MEMORY[key] = open_local_client(path)
            return _MEMORY[key], "qdrant-local::memory:", False
        return open_local_client(path), f"qdrant-local:{path}", True
    from qdrant_client import QdrantClient

    client = QdrantClient(url=spec.url, api_key=os.environ.get(API_KEY_ENV) or None,
                          timeout=REQUEST_TIMEOUT_S, prefer_grpc=False)
    return client, spec.url, True
