"""The shared eval's questions answered from the same library on two index engines: Edge
and the Qdrant backend on qdrant-client's in-process engine (docs/scaling.md).

Ingests a corpus folder into a fresh Edge library (or uses --data), copies its index into
qdrant-client's in-process engine in memory (Library.migrate_index: same points, no
re-embedding), asks every question on both as `pincite eval` asks it (its scope as a
filter), and prints per question whether the answers are identical, have the same
citations in another order (a prefetch tie: pincite.library.migrate), or differ; then totals.
Nothing is scored or tuned here: only the two engines are compared.

    python benchmarks/backend_parity.py ../shared/eval/questions.jsonl --corpus ../shared/corpus
"""
from __future__ import annotations

import argparse
import dataclasses
import shutil
import tempfile
import time
from pathlib import Path


def main() -> None:
    from pincite.answer.pipeline import ask_library
    from pincite.config import Settings
    from pincite.eval import run as evaluate
    from pincite.library.facade import Library
    from pincite.library.migrate import answer_key, same_citations

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("questions", type=Path)
    ap.add_argument("--corpus", type=Path, help="folder to ingest into a fresh Edge library")
    ap.add_argument("--data", type=Path, help="an existing Edge library instead of --corpus")
    args = ap.parse_args()
    qs = evaluate.load_questions(args.questions)
    tmp = None
    if args.data is None:
        tmp = Path(tempfile.mkdtemp(prefix="pincite-parity-"))
        args.data = tmp / "data"
    try:
        lib = Library(Settings(data_dir=args.data, index="edge"))
        if args.corpus:
            res, fig = evaluate.ingest_timed(lib, [args.corpus], evaluate.passwords_by_name(qs))
            print(f"ingested {fig.files} files, {fig.pages} pages, {sum(r.chunks for r in res)} chunks "
                  f"in {fig.seconds:.0f} s ({fig.pages_per_s} pages/s)", flush=True)
        chunks = lib.index.count()
        scopes = [evaluate.split_scope(q["scope"], q.get("id", "")) if q.get("scope") else (None, {})
                  for q in qs]

        def ask_all(library) -> tuple[list, list[float]]:
            keys, secs = [], []
            for q, (scope, extra) in zip(qs, scopes):
                t = time.perf_counter()
                ans = ask_library(library, q["question"], **({"scope": scope, **extra} if scope else {}))
                secs.append(time.perf_counter() - t)
                keys.append(answer_key(ans))
            return keys, secs

        edge, edge_s = ask_all(lib)
        target = "qdrant-local::memory:"
        t0 = time.perf_counter()
        report = lib.migrate_index(target, sample=0)
        print(f"copied {report.points} points in {time.perf_counter() - t0:.0f} s", flush=True)
        lib.close()
        other = Library(dataclasses.replace(lib.settings, index=target))
        local, local_s = ask_all(other)
        other.close()
        same = reordered = 0
        for q, a, b in zip(qs, edge, local):
            if a == b:
                same += 1
                verdict = "identical"
            elif same_citations(a, b):
                reordered += 1
                verdict = "same citations, other order"
            else:
                verdict = f"DIFFERENT: {a[0]} {[c[:2] for c in a[1]]} vs {b[0]} {[c[:2] for c in b[1]]}"
            print(f"{q.get('id', '?')}: {verdict}", flush=True)
        print(f"{len(qs)} questions, {chunks} chunks: {same} identical, {reordered} same citations in "
              f"another order, {len(qs) - same - reordered} different; median seconds a question: "
              f"edge {sorted(edge_s)[len(edge_s) // 2]:.2f}, qdrant-local {sorted(local_s)[len(local_s) // 2]:.2f}")
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
