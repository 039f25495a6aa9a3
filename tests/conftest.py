"""Shared pytest fixtures for pincite's tests.

``corpus``: the real third-party test documents in ``../shared/corpus`` (beside the
repository). Tests that use it are skipped when it is absent, unless the environment sets
``PINCITE_REQUIRE_CORPUS=1``, which turns the absence into a failure (for CI).
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
