"""Shared pytest fixtures for pincite's tests.

``corpus``: the real third-party test documents in ``../shared/corpus`` (beside the
repository). Tests that use it are skipped when it is absent, unless the environment sets
``PINCITE_REQUIRE_CORPUS=1``, which turns the absence into a failure (for CI).

``make test`` runs the tests on two pytest-xdist workers with ``--dist loadfile``: all tests of
a module run on one worker, so a module's module- or session-scoped fixture (an ingested
library) is built once per run; a session fixture of this file (the PostgreSQL cluster) is
built at most once per worker. Tests must not depend on another module's having run.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

CORPUS_DIR = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"


@pytest.fixture(scope="session")
def corpus() -> Path:
    """Path of the shared test corpus (contains ``pdf/`` and ``office/``, see its MANIFEST.md)."""
    if not (CORPUS_DIR / "pdf").is_dir():
        message = f"test corpus not found at {CORPUS_DIR} (expected ../shared/corpus beside the repository)"
        if os.environ.get("PINCITE_REQUIRE_CORPUS") == "1":
            pytest.fail(message + "; PINCITE_REQUIRE_CORPUS=1 requires it")
        pytest.skip(message + "; set PINCITE_REQUIRE_CORPUS=1 to make this a failure")
    return CORPUS_DIR


@pytest.fixture(scope="session")
def pg_server():
    """A throwaway PostgreSQL cluster for the session (tests/pgserver.py). Skipped when no
    server binary is installed, unless ``PINCITE_REQUIRE_POSTGRES=1`` (CI), which turns the
    absence, or a failure to start it, into a failure."""
    from pgserver import PgServer, find_bin_dir

    required = os.environ.get("PINCITE_REQUIRE_POSTGRES") == "1"
    bin_dir = find_bin_dir()
    if bin_dir is None:
        message = "PostgreSQL server binaries (initdb, pg_ctl, postgres) not found"
        if required:
            pytest.fail(message + "; PINCITE_REQUIRE_POSTGRES=1 requires them (Debian: apt-get install postgresql)")
        pytest.skip(message + "; set PINCITE_REQUIRE_POSTGRES=1 to make this a failure")
    server = PgServer(bin_dir)
    try:
        server.start()
    except Exception as e:  # noqa: BLE001 - reported as the reason
        server.stop()
        pytest.fail(f"cannot start a PostgreSQL cluster with {bin_dir}: {e}")
    yield server
    server.stop()


@pytest.fixture
def pg_url(pg_server, request) -> str:
    """URL (with password) of a fresh, empty database on the session's cluster."""
    import re

    name = "t_" + re.sub(r"[^a-z0-9]+", "_", request.node.name.lower())[:50]
    return pg_server.create_database(name)


#: Markers given by what a test uses (pyproject.toml registers them): `pytest -m unit` runs
#: the tests that need none of the real documents, a database cluster or a browser.
_NEEDS = {"corpus": "corpus", "pg_server": "postgres"}


def pytest_collection_modifyitems(config, items):
    """Mark each test `corpus` (uses ../shared/corpus), `postgres` (starts a PostgreSQL
    cluster), `browser` (drives Chromium), or else `unit`, from its fixtures and module; a
    test marked `slow` is never `unit`."""
    for item in items:
        needs = {mark for fixture, mark in _NEEDS.items() if fixture in getattr(item, "fixturenames", ())}
        if item.module is not None and item.module.__name__.endswith("test_web_browser"):
            needs.add("browser")
        if item.get_closest_marker("slow") is not None:
            needs.add("slow")
        for mark in needs - {"slow"}:
            item.add_marker(getattr(pytest.mark, mark))
        if not needs:
            item.add_marker(pytest.mark.unit)
