"""Copying a library's index between engines (`pincite migrate`, Library.migrate_index):
from the embedded Qdrant Edge shard into a Qdrant collection (server, cluster or
qdrant-client's in-process engine) and back. The catalog, models and originals stay where
they are; only the index is copied, point by point, with the same ids, vectors and payload.

The copy is checked before the library is switched to it: the target must hold as many
points as the source, and as many ready points of every document; then a sample of
questions, made from the text of chunks spread over the library (the chunks with the
smallest hash of their chunk id: deterministic and spread over every document), is asked
of both, and their answers must have the same status and the same citations (document,
page and quote). The citations' order may differ: chunks with exactly the same score on one
side of the hybrid search (near-identical passages of sister documents) leave the engine's
prefetch in an order each engine chooses, and RRF passes that order on; such answers are
counted as reordered. Only then is the library's index profile changed to name the target
engine.
The source is never changed, so a refused migration leaves the library as it was.
"""
from __future__ import annotations

import dataclasses
import hashlib
import heapq
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from pincite.config import IndexSpec
from pincite.errors import LibraryError
from pincite.index.select import open_index
from pincite.library import ingest
from pincite.library.profile import record_profile

if TYPE_CHECKING:
    from pincite.contract import Answer
    from pincite.library.facade import Library

#: Questions asked of both indexes by default (Library.migrate_index `sample`).
DEFAULT_SAMPLE = 20
#: Characters of a chunk's text a sample question takes (a sentence or two: enough words
#: for BM25 and the embedder to find the chunk again, short of a whole passage).
QUESTION_CHARS = 120


@dataclass
class MigrationReport:
    """What `Library.migrate_index` did.

    source / target: the indexes (IndexSpec.shown()); points: points copied; documents:
    documents with ready points; questions: sample questions asked of both; differences:
    one line per question answered differently (empty: identical); reordered: questions
    answered with the same citations in another order (module docstring); switched: the library's
    profile now names the target (False when the check failed and differences were not
    accepted); seconds: wall time of the copy.
    """

    source: str
    target: str
    points: int = 0
    documents: int = 0
    questions: int = 0
    differences: list[str] = field(default_factory=list)
    reordered: int = 0
    switched: bool = False
    seconds: float = 0.0


def answer_key(ans: "Answer") -> tuple:
    """What must be identical between two indexes: the status and, per citation in order,
    (doc_id, physical page, quote)."""
    return (ans.status, tuple((c.doc_id, c.page, c.quote) for c in ans.citations()))


def same_citations(a: tuple, b: tuple) -> bool:
    """Two answer_keys with the same status and the same citations, in any order."""
    return a[0] == b[0] and sorted(a[1]) == sorted(b[1])


def question_of(text: str) -> str:
    """A sample question from a chunk's text: its first QUESTION_CHARS characters with
    whitespace collapsed, cut at the last space when there is one (CJK text has none)."""
    t = " ".join(text.split())
    if len(t) <= QUESTION_CHARS:
        return t
    cut = t[:QUESTION_CHARS]
    return cut.rsplit(" ", 1)[0] if " " in cut else cut


def migrate_index(lib: "Library", target: IndexSpec, target_text: str, *, sample: int = DEFAULT_SAMPLE,
                  overwrite: bool = False, accept_differences: bool = False, batch: int = 256,
                  progress: Callable[[int, int], None] | None = None) -> MigrationReport:
    """Copy `lib`'s index into `target` (written as `target_text`, e.g. "qdrant://h:6333")
    and, when the check passes, switch the library's profile to it. See the module
    docstring. progress(points copied, points in all) is called after each batch.

    Holds the writer lock (LockHeld) throughout; raises LibraryError when the target is the
    source, holds points and `overwrite` is not set, or its counts differ after the copy.
    """
    import time

    if target == lib.index_spec:
        raise LibraryError(f"the library's index is {target.shown()} already")
    report = MigrationReport(source=lib.index_spec.shown(), target=target.shown())
    t0 = time.perf_counter()
    with ingest.writing(lib):  # no ingest meanwhile; leftovers of an interrupted one removed first
        src = lib.index
        dim = src.dense_dim
        total, src_ready = src.count(), src.ready_counts()
        dst = open_index(target, lib.root, dim)
        try:
            held = dst.count()
            if held and not overwrite:
                raise LibraryError(f"{target.shown()} holds {held} points already; pass --overwrite "
                                   "to replace them with this library's")
            for doc_id in sorted(dst.doc_ids()) if held else []:
                dst.delete_doc(doc_id)
            picked: list[tuple[int, str]] = []  # max-heap (negated) of the smallest hashes
            for points in src.export_points(batch):
                dst.import_points(points)
                report.points += len(points)
                for p in points:
                    if p.payload.get("state") == "ready" and sample > 0:
                        h = -int.from_bytes(hashlib.sha256(p.payload["chunk_id"].encode()).digest()[:8], "big")
                        item = (h, p.payload.get("text", ""))
                        if len(picked) < sample:
                            heapq.heappush(picked, item)
                        elif h > picked[0][0]:
                            heapq.heapreplace(picked, item)
                if progress:
                    progress(report.points, total)
            dst.flush()
            got_total, got_ready = dst.count(), dst.ready_counts()
        finally:
            dst.close()
        report.seconds = time.perf_counter() - t0
        report.documents = len(src_ready)
        if got_total != total or got_ready != src_ready:
            bad = sorted(d for d in set(src_ready) | set(got_ready) if src_ready.get(d) != got_ready.get(d))
            raise LibraryError(f"{target.shown()}: copy incomplete ({got_total} of {total} points; "
                               f"documents differing: {', '.join(bad[:5]) or 'none'}); the library "
                               "still uses its old index")
        questions = sorted({question_of(t) for _, t in picked if t.strip()})
        report.questions = len(questions)
        before = [answer_key(lib.ask(q)) for q in questions]
        settings = dataclasses.replace(lib.settings, index=target_text)
        other = type(lib)(settings, for_reindex=True)  # the same facade, on the target index
        try:
            other._embedder = lib._embedder  # one embedder loaded, not two
            after = [answer_key(other.ask(q)) for q in questions]
        finally:
            other.close()
        for q, a, b in zip(questions, before, after):
            if a == b:
                continue
            if same_citations(a, b):
                report.reordered += 1
            else:
                report.differences.append(f"{q!r}: {_shown_key(a)} -> {_shown_key(b)}")
        if not report.differences or accept_differences:
            record_profile(lib.catalog, settings)
            report.switched = True
    return report


def _shown_key(key: tuple) -> str:
    """An answer_key on one line: status and doc:page of each citation."""
    status, cits = key
    return f"{status} [{', '.join(f'{d[:8]}:p{p}' for d, p, _ in cits)}]"
