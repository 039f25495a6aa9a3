"""The DocumentModels a library has loaded, kept in memory by the bytes of their JSON.

A question reads the pages of the documents its hits come from, so the models of a
library's documents are loaded once and kept (`load_model`, one cache per process), least
recently used dropped first past MODEL_CACHE_BYTES. Whatever removes or rewrites a model
file calls `load_model.cache_clear()`.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from pathlib import Path

from pincite.errors import LibraryError
from pincite.extract.model import DocumentModel

#: Bytes of DocumentModel JSON whose models stay loaded (ModelCache). A question reads the
#: pages of the documents its hits come from; a count of documents bounded the cache before,
#: and past 64 documents each question re-read ~7 whole-document JSON files. The shared
#: corpus's 37 documents (2,700 pages) are 8.5 MB of JSON: 64 MiB keeps ~7 such libraries
#: (~75k chunks) loaded (in memory ~3x their JSON).
MODEL_CACHE_BYTES = 64 * 2**20


class ModelCache:
    """Loaded DocumentModels by JSON path, least recently used dropped first once their
    files add up to over `max_bytes`; thread-safe. `cache_clear()` forgets them all (a
    document removed or rebuilt). LibraryError for a missing file."""

    def __init__(self, max_bytes: int):
        self.max_bytes = max_bytes
        self._models: "OrderedDict[Path, tuple[DocumentModel, int]]" = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def __call__(self, path: Path) -> DocumentModel:
        """The model stored at `path` (loaded now unless kept)."""
        with self._lock:
            got = self._models.get(path)
            if got is not None:
                self._models.move_to_end(path)
                return got[0]
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            raise LibraryError(f"{path}: extracted text missing; run `pincite reindex`") from None
        model = DocumentModel.from_json(data)
        with self._lock:
            if path not in self._models:
                self._models[path] = (model, len(data))
                self._bytes += len(data)
            while self._bytes > self.max_bytes and len(self._models) > 1:
                _, (_, size) = self._models.popitem(last=False)
                self._bytes -= size
        return model

    def cache_clear(self) -> None:
        """Forget every model kept."""
        with self._lock:
            self._models.clear()
            self._bytes = 0


#: The cache of this process, shared by its Libraries (models are named by doc_id, a hash
#: of their original's bytes).
load_model = ModelCache(MODEL_CACHE_BYTES)
