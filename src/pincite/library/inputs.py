"""What an ingest takes and gives, shared by the facade and the queue workers: the files a
list of paths and folders names (expand_paths), document fields checked before anything is
stored (checked_fields), and the outcome for one file (IngestResult)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping

from pincite.extract.sniff import KIND_OF_MIME
from pincite.store.fields import DocFields, parse_fields

#: What a document's units (DocumentModel pages) are, by its kind: PDF and Word pages,
#: slides, sheets, and parts of a text or Markdown file (about 60 lines each,
#: pincite.extract.text); the unit kinds of a PageSource.
UNIT_OF_KIND = {"pptx": "slide", "xlsx": "sheet", "txt": "lines", "md": "lines"}


def unit_kind(mime: str | None) -> str:
    """The kind of unit a document of MIME type `mime` is counted in: "pdf" (a page; a
    DOCX is cited by the pages of its PDF), "slide", "sheet" or "lines" (a part of a text
    file)."""
    return UNIT_OF_KIND.get(KIND_OF_MIME.get(mime or "", "pdf"), "pdf")


def document_unit(doc) -> str:
    """unit_kind of an extracted document (pincite.extract.model.DocumentModel), read from
    its first unit's address where it has one: a DOCX read without LibreOffice is cited by
    parts ("lines"), not pages."""
    kind = doc.pages[0].address.kind if doc.pages and doc.pages[0].address is not None else None
    return kind if kind in ("sheet", "slide", "lines") else unit_kind(doc.mime)

#: The noun of each unit kind (unit_kind) in counts and listings: a text file's units are
#: parts of about 60 lines (pincite.extract.text), not pages.
UNIT_NOUNS = {"pdf": "page", "sheet": "sheet", "slide": "slide", "lines": "part"}

#: The unit kind (unit_kind) of a file by its suffix, for what has no MIME type at hand (a
#: queued job's file); any other suffix is counted in PDF pages (a DOCX: its PDF's).
UNIT_OF_SUFFIX = {".pptx": "slide", ".xlsx": "sheet", ".txt": "lines", ".text": "lines", ".md": "lines",
                  ".markdown": "lines"}


def unit_of_path(path: str | Path) -> str:
    """The unit kind (unit_kind) a file of this name is counted in, by its suffix: "slide",
    "sheet", "lines" (parts of a text file) or "pdf" (pages)."""
    return UNIT_OF_SUFFIX.get(Path(str(path)).suffix.lower(), "pdf")


#: What `expand_paths` takes from folders (a file given by name is taken whatever its name;
#: its type is read from its bytes: pincite.extract.sniff).
DOCUMENT_SUFFIXES = {".pdf", ".docx", ".pptx", ".xlsx", ".txt", ".text", ".md", ".markdown"}


@dataclass
class IngestResult:
    """Outcome for one file: status is added | replaced | skipped | failed; `pages` counts
    units of kind `unit` (unit_kind)."""

    path: str
    status: str
    doc_id: str | None = None
    pages: int = 0
    chunks: int = 0
    reason: str = ""
    warnings: list[str] | None = None
    seconds: float = 0.0
    unit: str = "pdf"


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
