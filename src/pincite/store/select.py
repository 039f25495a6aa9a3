"""Which catalog a library opens: the SQLite file in its data folder, or a shared PostgreSQL
database named by a URL. Importing this module connects to nothing (psycopg is imported when
a PostgreSQL catalog is opened)."""
from __future__ import annotations

from pathlib import Path

from pincite.store.catalog import Catalog, CatalogStore
from pincite.store.pgcatalog import PostgresCatalog


def open_catalog(data_dir: Path, url: str | None = None) -> CatalogStore:
    """The catalog of a library: the PostgreSQL database at `url` (postgresql://...; its
    schema created or upgraded by pgcatalog's migrations) when given, else the SQLite file
    `<data_dir>/catalog.sqlite`. LibraryError when the database cannot be reached (the
    message carries the URL without its password)."""
    if url:
        return PostgresCatalog(url)
    return Catalog(data_dir / "catalog.sqlite")
