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
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from ..errors import ConfigError
from .base import Index

#: Kinds of index engine.
KINDS = ("edge", "qdrant", "qdrant-local")
#: Environment variable holding the server's API key (never stored).
API_KEY_ENV = "PINCITE_QDRANT_API_KEY"
#: Default collection name on a server (Settings.qdrant_collection).
DEFAULT_COLLECTION = "pincite"
#: qdrant-client's in-process engines opened in memory in this process, one per data folder:
#: a memory index lives as long as the process, across a Library's close and reopen.
_MEMORY: dict[str, object] = {}


@dataclass(frozen=True)
class IndexSpec:
    """A parsed index spec.

    kind: one of KINDS. url: the server's base URL (scheme, host, port; never credentials)
    for "qdrant". path: the in-process engine's folder or ":memory:" for "qdrant-local"
    (None: <data>/qdrant). collection: the collection name (server and in-process engine).
    shards / replicas: shard number and replication factor of a collection created on a
    server (Qdrant's shard_number and replication_factor). int8: a created collection keeps
    int8 scalar-quantized copies of the dense vectors in RAM (Qdrant scalar quantization).
    """

    kind: str = "edge"
    url: str | None = None
    path: str | None = None
    collection: str = DEFAULT_COLLECTION
    shards: int = 1
    replicas: int = 1
    int8: bool = False

    def shown(self) -> str:
        """The spec as a user writes it (no secrets: the spec holds none)."""
        if self.kind == "qdrant":
            return f"{self.url} (collection {self.collection})"
        if self.kind == "qdrant-local":
            return f"qdrant-local:{self.path or '<data>/qdrant'} (collection {self.collection})"
        return "edge"


def parse_index_spec(text: str | None, *, collection: str = DEFAULT_COLLECTION, shards: int = 1,
                     replicas: int = 1, int8: bool = False) -> IndexSpec:
    """The IndexSpec of `text` (module docstring; None or "" = "edge"). ConfigError for
    an unknown form, a URL with a user name or password (the key belongs in
    PINCITE_QDRANT_API_KEY), or a shard/replica count below 1."""
    text = (text or "").strip()
    if shards < 1 or replicas < 1:
        raise ConfigError(f"Qdrant shards ({shards}) and replicas ({replicas}) must be at least 1")
    if not collection or not all(ch.isalnum() or ch in "-_." for ch in collection):
        raise ConfigError(f"Qdrant collection {collection!r}: use letters, digits, '-', '_' and '.'")
    extra = dict(collection=collection, shards=shards, replicas=replicas, int8=int8)
    if text in ("", "edge"):
        return IndexSpec("edge")
    if text == "qdrant-local" or text.startswith("qdrant-local:"):
        path = text[len("qdrant-local:"):] or None
        return IndexSpec("qdrant-local", path=path, **extra)
    scheme = text.split("://", 1)[0].lower() if "://" in text else ""
    if scheme in ("qdrant", "qdrants", "http", "https"):
        parts = urlsplit(text)
        if parts.username or parts.password:
            raise ConfigError(f"index URL for host {parts.hostname}: leave credentials out of the URL; "
                              f"put the API key in {API_KEY_ENV}")
        if not parts.hostname:
            raise ConfigError(f"index {text!r}: no host; write qdrant://HOST:6333")
        web = "https" if scheme in ("https", "qdrants") else "http"
        port = parts.port or 6333
        host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
        return IndexSpec("qdrant", url=f"{web}://{host}:{port}{parts.path.rstrip('/')}", **extra)
    raise ConfigError(f"index {text!r}: write edge, qdrant://HOST:PORT, http(s)://HOST:PORT, "
                      "qdrant-local or qdrant-local:PATH")


def spec_of(settings) -> IndexSpec:
    """The IndexSpec a config.Settings selects (Settings.index and the qdrant_* fields)."""
    return parse_index_spec(settings.index, collection=settings.qdrant_collection,
                            shards=settings.qdrant_shards, replicas=settings.qdrant_replicas,
                            int8=settings.qdrant_quantization == "int8")


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


def new_collection(spec: IndexSpec, data_dir: Path, dense_dim: int | None) -> Index:
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
