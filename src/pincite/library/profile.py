"""The index profile: the versions and settings a library's index was built with (schema,
extractor, chunker, analyzer, embedder, index engine). Stored in the catalog and compared
on every open, so that a library built otherwise is rebuilt (`pincite reindex`) instead of
answering from mismatched terms or vectors."""
from __future__ import annotations

import json

import qdrant_edge

from pincite.chunk import pages as chunking
from pincite.config import Settings
from pincite.extract.model import EXTRACTOR_VERSION
from pincite.extract.sniff import OFFICE_EXTRACTOR
from pincite.index.select import index_profile
from pincite.store.catalog import CatalogStore
from pincite.text import analysis
from pincite.text import embed as embeddings

#: Bump when the catalog/index layout changes.
SCHEMA_VERSION = 1


def current_profile(settings: Settings | None = None) -> dict:
    """The index profile of this build and settings: what the stored index must have been
    built with. The embedder is named by spec and package version (or endpoint host), e.g.
    "use-m3 0.2.1"; None for a BM25-only index. A library in a Qdrant collection also has
    "index": "qdrant" (index.select.index_profile; an embedded one has no such key)."""
    settings = settings or Settings()
    spec = settings.embedder
    return {
        "schema": SCHEMA_VERSION,
        "extractor": EXTRACTOR_VERSION,
        "office": OFFICE_EXTRACTOR,
        "chunker": chunking.CHUNKER_VERSION,
        "analyzer": analysis.ANALYZER_VERSION,
        "embedder": embeddings.profile_id(spec),
        "qdrant_edge": getattr(qdrant_edge, "__version__", "0.9.0"),
        "ocr": "off",
        **index_profile(settings.index_spec()),
    }


def record_profile(catalog: CatalogStore, settings: Settings) -> None:
    """Store `settings`' index profile (current_profile) and the index spec it was written
    for (meta "profile" and "index"): the profile is what a later opening must match; the
    spec is where a later opening that names no engine finds the index (Settings.index "").
    The spec holds no secret (index.select: an API key is never part of it)."""
    catalog.set_meta("profile", json.dumps(current_profile(settings), sort_keys=True))
    catalog.set_meta("index", settings.index or "edge")
