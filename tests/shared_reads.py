"""Test helper: a corpus file read (extracted, chunked, analysed) once per test run, however
many libraries of the run ingest it.

Several modules build libraries of their own from the same files of ../shared/corpus (the
subset of test_corpus_subset, the twins, the MCP library, the small libraries of
test_answer_scoring ...), and each ingest reads every file again: PDFium, layout, OCR of a
scan, chunking, the index terms, seconds per file. Reading depends only on the file's bytes
and name, the reader's settings (limits, OCR) and the PINCITE_* environment (LibreOffice),
never on the library it goes into (pincite.extract.reader: a FileReader touches no store).

`SharedReader` is the Library's own reader (Library._reader(): a FileReader that also chunks
and analyses) that keeps what it read in a folder shared by the xdist workers of a run
(conftest's shared_cache), keyed by all of the above, and hands a later ingest of the same
file a fresh copy of it (unpickled: nothing is shared between libraries in memory). One lock
file per key: a second process waits for the first one's read instead of reading too. What
fails to read is not kept (it fails again, as it would). A DOCX's converted PDF is kept
beside and copied into a new temporary folder for each copy, which the ingest removes as it
removes its own.

It is pickled to the read-ahead process of an ingest (pincite.extract.readahead), which
imports this module by name (the tests folder is on that process's PYTHONPATH, as it is on
the test process's sys.path), and reads or finds the file there, as the reader it stands for
would. conftest's `shared_reads` fixture puts it in a Library for the span of an ingest.
"""
from __future__ import annotations

import dataclasses
import fcntl
import hashlib
import os
import pickle
import shutil
import tempfile
from pathlib import Path
from typing import Any

from pincite.library.facade import _IngestReader


@dataclasses.dataclass(frozen=True)
class SharedReader(_IngestReader):
    """An _IngestReader whose reads are kept in `folder` (see the module docstring)."""

    folder: str = ""

    @classmethod
    def of(cls, reader: _IngestReader, folder: Path) -> "SharedReader":
        """The SharedReader with the settings of `reader`, keeping its reads in `folder`."""
        fields = {f.name: getattr(reader, f.name) for f in dataclasses.fields(reader)}
        return cls(**fields, folder=str(folder))

    def _key(self, path: Path, sha: str, password: str | None) -> str:
        settings = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "folder"}
        env = sorted((k, v) for k, v in os.environ.items() if k.startswith("PINCITE_"))
        text = repr((sha, Path(path).name, password, sorted(settings.items()), env))
        return hashlib.sha256(text.encode()).hexdigest()

    def read(self, path: Path, sha: str, password: str | None = None) -> Any:
        folder = Path(self.folder)
        key = self._key(path, sha, password)
        kept, kept_pdf = folder / f"{key}.pickle", folder / f"{key}.pdf"
        with open(folder / f"{key}.lock", "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                if kept.is_file():
                    got = pickle.loads(kept.read_bytes())
                    if kept_pdf.is_file():  # a fresh copy of the converted PDF, as the read made one
                        got.tmp = Path(tempfile.mkdtemp(prefix="pincite-docx-"))
                        got.pages_pdf = got.tmp / "converted.pdf"
                        shutil.copyfile(kept_pdf, got.pages_pdf)
                    return got
                got = super().read(path, sha, password)
                if got.pages_pdf is not None:
                    shutil.copyfile(got.pages_pdf, kept_pdf.with_suffix(".pdf.part"))
                    os.replace(kept_pdf.with_suffix(".pdf.part"), kept_pdf)
                stored = dataclasses.replace(got, pages_pdf=None, tmp=None)
                part = kept.with_suffix(".part")
                part.write_bytes(pickle.dumps(stored, protocol=pickle.HIGHEST_PROTOCOL))
                os.replace(part, kept)
                return got
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)
