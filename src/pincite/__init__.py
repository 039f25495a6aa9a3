"""pincite: answers over a document library, each claim with a verified pinpoint citation.

The public surface: `Library` (a data folder: ingest, ask, docs, reindex), `Settings`,
the `Answer` contract and the exceptions in `pincite.errors`.
"""
from .answer_model import Answer, Citation, Claim
from .app import IngestResult, Library
from .config import Settings
from .errors import IngestError, LibraryError, PinciteError, QuestionError

__version__ = "0.1.0"
__all__ = ["Answer", "Citation", "Claim", "IngestResult", "Library", "Settings",
           "PinciteError", "IngestError", "LibraryError", "QuestionError", "__version__"]
