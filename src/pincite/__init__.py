"""pincite: answers over a document library, each claim with a verified pinpoint citation.

The public surface: `Library` (a data folder: ingest, ask, docs, reindex), `Settings`,
the `Answer` contract and the exceptions in `pincite.errors`.
"""
from .errors import IngestError, LibraryError, PinciteError, QuestionError

__version__ = "0.1.0"
__all__ = ["Answer", "Citation", "Claim", "IngestResult", "Library", "Settings",
           "PinciteError", "IngestError", "LibraryError", "QuestionError", "__version__"]

#: Public names imported on first use (PEP 562): importing any pincite module imports this
#: package first, and the Library pulls in the whole answer layer (~0.6 s), which a
#: `pincite --help` or an ask sent to a running server never needs.
_LAZY = {"Answer": "contract", "Citation": "contract", "Claim": "contract",
         "IngestResult": "library.inputs", "Library": "library.facade", "Settings": "config"}


def __getattr__(name: str):
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
