"""A file reader for tests/test_library.py that kills the process reading a file named
"crash*" when that process is not the one that made the reader (it is then the ingest's
read-ahead process, pincite.extract.readahead), as a crash in a native library would. It
lives in its own module so that the read-ahead process can import it."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from pincite.extract.reader import FileReader


@dataclass(frozen=True)
class CrashingReader(FileReader):
    parent: int = field(default_factory=os.getpid)

    def read(self, path: Path, sha: str, password: str | None = None):
        if os.getpid() != self.parent and Path(path).name.startswith("crash"):
            os._exit(11)
        return super().read(path, sha, password)
