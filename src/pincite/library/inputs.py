"""What an ingest takes and gives, shared by the facade and the queue workers: the files a
list of paths and folders names (expand_paths), document fields checked before anything is
stored (checked_fields), and the outcome for one file (IngestResult)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping

from pincite.store.fields import DocFields, parse_fields

#: What `expand_paths` takes from folders (a file given by name is taken whatever its name;
#: its type is read from its bytes: pincite.extract.sniff).
DOCUMENT_SUFFIXES = {".pdf", ".docx", ".pptx", ".xlsx", ".txt", ".text", ".md", ".markdown"}


@dataclass
class IngestResult:
    """Outcome for one file: status is added | replaced | skipped | failed."""

    path: str
    status: str
    doc_id: str | None = None
    pages: int = 0
    chunks: int = 0
    reason: str = ""
    warnings: list[str] | None = None
    seconds: float = 0.0


def checked_fields(fields: "Mapping | DocFields | None", where: str = "fields") -> dict:
    """A partial fields dict checked by store.fields.parse_fields ({} for None); FieldError
    names `where` and the field that is refused."""
    if fields is None:
        return {}
    if isinstance(fields, DocFields):
        fields = fields.as_dict()
    return parse_fields(fields, where)


def expand_paths(paths: Iterable[Path | str], exclude: Path | None = None) -> Iterable[Path]:
    """Files as given, and the documents found recursively under folders (DOCUMENT_SUFFIXES;
    sorted; a symbolic link to a file is read as that file, links to folders are not
    followed, so no loop), leaving out anything under `exclude`, found or given (the data
    folder: its stored originals must not be ingested again, whether a user ingests the
    folder that holds it or a caller such as eval.run.ingest_timed expands the folder first
    and passes the files)."""
    skip = exclude.resolve() if exclude is not None else None

    def kept(f: Path) -> bool:
        return not (skip and f.resolve().is_relative_to(skip))

    for p in map(Path, paths):
        if p.is_dir():
            yield from sorted(f for f in p.rglob("*")
                              if f.is_file() and f.suffix.lower() in DOCUMENT_SUFFIXES
                              and kept(f))
        elif kept(p):
            yield p
