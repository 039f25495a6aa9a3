"""The library's stored state, below every other stage but errors and config: originals by
SHA-256 (blobs), the catalog (SQLite or PostgreSQL), document fields and the model registry,
the writer and index locks, free-space checks, and downloading an original from a URL (fetch).
Knows nothing of extraction, chunks, the index or answers."""
