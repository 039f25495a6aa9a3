"""File-system helpers of the library's writes, and its fault-injection hook for tests."""
from __future__ import annotations

import os
import shutil
import sys
import time
from pathlib import Path


def remove_tree(path: Path) -> None:
    """Delete the folder `path` and everything in it; nothing when it is missing."""
    shutil.rmtree(path, ignore_errors=True)


def fsync_dir(path: Path) -> None:
    """Make the renames inside folder `path` durable."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def fault(point: str) -> None:
    """Test hook at a named point of ingest (env PINCITE_FAULT=<action>:<point>).

    `error:<point>` raises OSError (an injected write error); `hang:<point>` sleeps so a
    test can kill the process there. Unset in normal use.
    """
    spec = os.environ.get("PINCITE_FAULT", "")
    action, _, where = spec.partition(":")
    if where != point:
        return
    if action == "error":
        raise OSError(5, "injected write error")
    if action == "hang":
        print(f"fault: hang at {point}", file=sys.stderr, flush=True)
        time.sleep(3600)
