"""The library's index as a whole: opening it (the index lock, a rebuild left half done),
its profile (the settings it was built with) and the payload migration of old libraries.

The embedded Edge shard (index/) is opened by one process at a time, under the index lock
(`.index.lock`): a server or an ingest holds it for its run; a process of a shared library
(a PostgreSQL catalog) holds it for one document's write at a time (`session`). A Qdrant
collection (index.select) is shared: no folder lock.

A rebuild (pincite.library.rebuild) writes a new shard and any re-extracted models under
rebuild/ beside the live ones and records in the catalog (meta `rebuild` "switching") that
they are complete before it moves them into place. Whoever next opens the index finishes a
switch that was recorded, or throws away a rebuild that was not (`settle_rebuild`): a
killed rebuild leaves either the old library or the new one.
"""
from __future__ import annotations

import json
import os
import time
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

from pincite.errors import ProfileMismatch
from pincite.index.base import Index
from pincite.index.edge import doc_payload
from pincite.index.select import drop_collection, open_index, switch_collection
from pincite.library.cache import load_model
from pincite.library.files import fault, fsync_dir, remove_tree
from pincite.library.profile import current_profile, record_profile
from pincite.store.lock import IndexLock
from pincite.store.space import require_free

if TYPE_CHECKING:
    from pincite.library.facade import Library

#: Folder of a rebuild in progress (its new index/ and models/), inside the data folder.
REBUILD_DIR = "rebuild"


def open_edge(lib: Library, wait_s: float = 0.0) -> Index:
    """Open the embedded Edge index into `lib._index` (and return it): take the index lock
    (waiting up to `wait_s` seconds for another process to close it, else IndexBusy; the
    seconds waited are kept in `lib.index_lock_wait_s`), settle a rebuild, open."""
    require_free(lib.root, lib._min_free(), "to open the index")
    t0 = time.perf_counter()
    lock = IndexLock(lib.root / "index").acquire(wait_s)
    lib.index_lock_wait_s = time.perf_counter() - t0
    try:
        settle_rebuild(lib)
        index = lib._index = open_index(lib.index_spec, lib.root, dense_dim(lib), lock=lock)
    except BaseException:
        lock.release()
        raise
    try:
        migrate_payload(lib)
    except BaseException:
        index.close()
        lib._index = None
        raise
    return index


@contextmanager
def session(lib: Library, wait_s: float = float("inf")) -> Iterator[Index]:
    """The index, open for the block and closed after it (the lock given back), for a
    process that shares the index with others and writes to it now and then (an ingest
    worker): waits up to `wait_s` seconds for its turn (IndexBusy after). An index the
    Library holds open already, or a Qdrant collection (shared, no folder lock), is used
    as it is and stays open."""
    if lib._index is not None or lib.index_spec.kind != "edge":
        yield lib.index
        return
    index = open_edge(lib, wait_s)
    try:
        yield index
    finally:
        if lib._index is not None:
            lib._index.close()
            lib._index = None


def migrate_payload(lib: Library) -> None:
    """Once per library: give the points of documents ingested before document fields
    existed their fields (trust "reference", no model) from the catalog, so a trust
    filter does not hide them. Recorded in meta `doc_fields`."""
    if lib.catalog.get_meta("doc_fields") is not None:
        return
    index = lib._index
    assert index is not None  # called as the index is opened
    for row in lib.catalog.documents(state="ready"):
        index.set_doc_fields(row.doc_id, doc_payload(row.fields()))
    lib.catalog.set_meta("doc_fields", "1")


def dense_dim(lib: Library) -> int | None:
    """Dense dimension of the index: stored with it, else learned from the embedder."""
    stored = lib.catalog.get_meta("dense_dim")
    if stored is not None:
        return int(stored) or None
    dim = lib.embedder.dim_or_probe() if lib.embedder is not None else None
    lib.catalog.set_meta("dense_dim", str(dim or 0))
    return dim


def check_profile(lib: Library, for_reindex: bool) -> None:
    """Record the profile of a new library; ProfileMismatch when the stored one does not
    fit the settings (unless `for_reindex`)."""
    if lib.catalog.get_meta("profile") is None:
        record_profile(lib.catalog, lib.settings)
        return
    problem = profile_problem(lib)
    if problem and not for_reindex:
        raise ProfileMismatch(problem)


def profile_problem(lib: Library) -> str | None:
    """Why the stored index profile does not fit the settings (what differs, and the
    command or setting that makes them fit), or None when it does."""
    stored = lib.catalog.get_meta("profile")
    if stored is None:
        return None
    old, current = json.loads(stored), current_profile(lib.settings)
    if old == current:
        return None
    diff = ", ".join(f"{k}: {_shown(old.get(k))} -> {_shown(v)}"
                     for k, v in current.items() if old.get(k) != v)
    if old.get("index") != current.get("index"):
        remembered = lib.catalog.get_meta("index")
        if old.get("index"):
            where = (f"a Qdrant collection ({remembered}): choose no engine (no --index, "
                     f"PINCITE_INDEX or PINCITE_QDRANT_URL) or pass --index {remembered} to open it"
                     if remembered and remembered != "edge" else
                     "a Qdrant collection: set PINCITE_QDRANT_URL or pass --index qdrant://HOST:PORT "
                     "(or qdrant-local[:PATH]) to open it")
        else:
            where = ("the embedded index: choose no engine (no --index, PINCITE_INDEX or "
                     "PINCITE_QDRANT_URL) to open it, or run `pincite migrate --to INDEX` to copy it "
                     "into the chosen one")
        return f"{lib.root}: this library's index is in {where}"
    hint = ""
    if old.get("embedder") != current["embedder"]:
        built = (old.get("embedder") or "none").split()[0]
        hint = f" (or set PINCITE_EMBEDDER={built} to use the index as built)"
    return (f"{lib.root}: the index was built with other settings ({diff}); run "
            f"`pincite reindex` to rebuild it from the stored documents{hint}")


def engine_problem(lib: Library) -> str | None:
    """profile_problem when the stored index is in another engine than the settings open
    (a Qdrant collection against the embedded index, or the reverse), else None: then
    nothing of the index can be compared, and a rebuild here would quietly move the
    library to the other engine."""
    stored = lib.catalog.get_meta("profile")
    if stored is None or json.loads(stored).get("index") == current_profile(lib.settings).get("index"):
        return None
    return profile_problem(lib)


def settle_collection_rebuild(lib: Library, finish_only: bool = False) -> None:
    """`settle_rebuild` for a library in a Qdrant collection (no index open): meta
    `rebuild` "switching": the rebuild's models are moved into place and the collection
    alias pointed at the new collection (meta `rebuild_collection`), the old collection
    deleted; "building": the new collection is dropped. Each step can be repeated.
    finish_only (a reader opening the index, without the writer lock): only a recorded
    switch is finished; a rebuild still "building" may be running on another machine."""
    state = lib.catalog.get_meta("rebuild")
    if finish_only and state != "switching":
        return
    stage = lib.root / REBUILD_DIR
    new = lib.catalog.get_meta("rebuild_collection")
    if state is None and new is None and not stage.exists():
        return
    if state == "switching":
        move_rebuilt_models(lib, stage)
        if new:
            switch_collection(lib.index_spec, lib.root, new)
    elif new:
        drop_collection(lib.index_spec, lib.root, new)
    remove_tree(stage)
    lib.catalog.delete_meta("rebuild_collection")
    lib.catalog.delete_meta("rebuild")


def move_rebuilt_models(lib: Library, stage: Path) -> None:
    """Move the models a recorded rebuild re-extracted (`stage`/models) over the live
    ones, one atomic rename each (repeatable after a crash), and forget cached ones."""
    for model in sorted((stage / "models").glob("*.json")):
        os.replace(model, lib.models_dir / model.name)
    load_model.cache_clear()


def settle_rebuild(lib: Library) -> None:
    """Finish or undo a rebuild another run left (call with the index lock held and no
    index open). Meta `rebuild` "switching": the catalog holds the new state already, so
    the new models and shard under rebuild/ are moved into place (each step can be
    repeated after a crash). "building" (or a rebuild/ folder without a record): the
    rebuild never reached its switch, so rebuild/ is deleted and the live index and
    models, which it never touched, stay."""
    state = lib.catalog.get_meta("rebuild")
    stage = lib.root / REBUILD_DIR
    live, aside = lib.root / "index", lib.root / "index.old"
    if state == "switching":
        move_rebuilt_models(lib, stage)
        fault("reindex-models-moved")
        if (stage / "index").is_dir():
            remove_tree(aside)
            if live.exists():
                os.rename(live, aside)
                fault("reindex-index-aside")
            os.rename(stage / "index", live)
            fsync_dir(lib.root)
    elif state is None and not stage.exists() and not aside.exists():
        return
    remove_tree(aside)
    remove_tree(stage)
    lib.catalog.delete_meta("rebuild")


def _shown(value: object) -> str:
    return "none" if value is None else str(value)
