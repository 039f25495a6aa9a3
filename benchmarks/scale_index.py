"""Index scaling figures: write throughput, query latency (p50/p95) and memory of the index
engines behind pincite.index.base.Index, at a given number of chunks (docs/scaling.md).

Two measurements:

* `index` (default): synthetic chunks written straight through the Index API, so 100,000
  chunks cost minutes, not the hours embedding them would: each chunk has ~110 tokens drawn
  from a Zipf-distributed vocabulary of 50,000 words (exponent 1.1, roughly natural text),
  a payload of the shape pincite writes (its text ~700 characters, document fields), and a
  random unit dense vector of the real embedder's dimension (use-m3: 512). 100 chunks per
  document, a third of the documents "normative", each with one of 20 models. Queries:
  5 vocabulary words of mid frequency plus a random vector, hybrid mode, top-k 20 (the
  library's default), half without a scope and half with a model scope. Each engine and
  size runs in a fresh process, so its RSS is its own.
* `pipeline`: real shared-corpus files ingested through Library.ingest (extract, chunk,
  embed with use-m3, write) on each engine: pages/s of one ingest worker.

Usage:
    python benchmarks/scale_index.py index --engines edge qdrant-local --sizes 10000 100000
    python benchmarks/scale_index.py pipeline --files pdf/en/lshort.pdf pdf/ru/eskdx.pdf

Prints one line per run (engine, chunks, write chunks/s, query p50/p95 ms, RSS MiB, disk
MiB). Nothing is kept: each run writes into a temporary folder, deleted afterwards.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"
VOCAB = 50_000
ZIPF_A = 1.1
TOKENS_PER_CHUNK = 110
CHUNKS_PER_DOC = 100
DIM = 512
QUERIES = 200


def rss_mib() -> float:
    """Resident set size of this process now, MiB (/proc/self/statm)."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def disk_mib(path: Path) -> float:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file()) / 2**20


def synthetic_batches(n: int, batch: int, rng: np.random.Generator):
    """(chunks, token lists, payload extra, dense) per document of CHUNKS_PER_DOC chunks."""
    from pincite.chunk.model import Chunk
    from pincite.index.edge import doc_payload
    from pincite.store.fields import DocFields

    for d in range(0, n, CHUNKS_PER_DOC):
        doc_id = f"{d // CHUNKS_PER_DOC:016x}"
        fields = DocFields(model=f"PX-{(d // CHUNKS_PER_DOC) % 20:03d}",
                           trust="normative" if (d // CHUNKS_PER_DOC) % 3 == 0 else "reference")
        k = min(CHUNKS_PER_DOC, n - d)
        ranks = np.minimum(rng.zipf(ZIPF_A, size=(k, TOKENS_PER_CHUNK)), VOCAB)
        toks = [[f"w{r}" for r in row] for row in ranks]
        chunks = [Chunk(chunk_id=f"{doc_id}-p{i // 3 + 1}-c{i % 3}", doc_id=doc_id, page=i // 3 + 1,
                        page_end=i // 3 + 1, char_start=0, char_end=700, text=" ".join(t)[:700],
                        search_text=" ".join(t), page_label=str(i // 3 + 1))
                  for i, t in enumerate(toks)]
        dense = rng.standard_normal((k, DIM)).astype(np.float32)
        dense /= np.linalg.norm(dense, axis=1, keepdims=True)
        extra = {**doc_payload(fields), "file": f"{doc_id}.pdf", "title": f"Manual {doc_id}", "name_terms": []}
        yield chunks, toks, extra, dense


def run_index(engine: str, n: int, queries: int = QUERIES) -> dict:
    """Build an index of `n` synthetic chunks on `engine`, then time `queries` queries."""
    from pincite.config import parse_index_spec
    from pincite.index.base import SearchFilter
    from pincite.index.select import open_index

    rng = np.random.default_rng(20)
    tmp = Path(tempfile.mkdtemp(prefix="pincite-scale-"))
    try:
        base_rss = rss_mib()
        ix = open_index(parse_index_spec(engine), tmp, DIM)
        t0 = time.perf_counter()
        for chunks, toks, extra, dense in synthetic_batches(n, 256, rng):
            ix.upsert(chunks, toks, extra, state="ready", dense=dense)
        ix.flush()
        write_s = time.perf_counter() - t0
        built_rss = rss_mib()
        assert ix.count() == n, (ix.count(), n)
        times = []
        for q in range(queries):
            terms = [f"w{r}" for r in rng.integers(20, 2000, size=5)]
            vec = rng.standard_normal(DIM).astype(np.float32)
            flt = SearchFilter(model=f"PX-{q % 20:03d}") if q % 2 else None
            t = time.perf_counter()
            hits = ix.search(terms, flt, limit=20, query_vector=vec)
            times.append(time.perf_counter() - t)
            assert hits or flt is not None
        ix.close()
        ms = np.array(times) * 1000
        return {"engine": engine, "chunks": n, "queries": queries, "write_chunks_per_s": round(n / write_s, 1),
                "write_s": round(write_s, 1), "query_p50_ms": round(float(np.percentile(ms, 50)), 2),
                "query_p95_ms": round(float(np.percentile(ms, 95)), 2),
                "rss_index_mib": round(built_rss - base_rss, 1), "peak_rss_mib": round(peak_rss_mib(), 1),
                "disk_mib": round(disk_mib(tmp), 1)}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def run_pipeline(engine: str, files: list[str]) -> dict:
    """Ingest real corpus `files` into a fresh library on `engine`: pages/s of one worker."""
    from pincite.config import Settings
    from pincite.library.facade import Library

    tmp = Path(tempfile.mkdtemp(prefix="pincite-scale-"))
    try:
        lib = Library(Settings(data_dir=tmp / "data", index=engine))
        lib.embedder  # loaded before the clock starts
        t0 = time.perf_counter()
        results = lib.ingest([CORPUS / f for f in files])
        seconds = time.perf_counter() - t0
        pages = sum(r.pages for r in results)
        chunks = sum(r.chunks for r in results)
        lib.close()
        return {"engine": engine, "files": len(files), "pages": pages, "chunks": chunks,
                "seconds": round(seconds, 1), "pages_per_s": round(pages / seconds, 2),
                "peak_rss_mib": round(peak_rss_mib(), 1)}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=("index", "pipeline"), nargs="?", default="index")
    ap.add_argument("--engines", nargs="+", default=["edge", "qdrant-local::memory:"])
    ap.add_argument("--sizes", nargs="+", type=int, default=[10_000, 100_000])
    ap.add_argument("--files", nargs="+", default=["pdf/en/lshort.pdf", "pdf/ru/eskdx.pdf",
                                                   "pdf/zh/zhnumber.pdf"])
    ap.add_argument("--queries", type=int, default=QUERIES,
                    help="queries timed per run (qdrant-client's in-process engine scans every "
                         "point in Python: ~0.3-0.7 s a query at 2,000 chunks)")
    ap.add_argument("--one", help=argparse.SUPPRESS)  # internal: one run in this process
    args = ap.parse_args()
    if args.one:
        engine, n = json.loads(args.one)
        out = run_index(engine, n, args.queries) if args.what == "index" else run_pipeline(engine, n)
        print(json.dumps(out))
        return
    runs = [(e, n) for e in args.engines for n in args.sizes] if args.what == "index" else \
           [(e, args.files) for e in args.engines]
    for engine, n in runs:
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        proc = subprocess.run([sys.executable, __file__, args.what, "--queries", str(args.queries),
                               "--one", json.dumps([engine, n])],
                              env=env, capture_output=True, text=True)
        if proc.returncode:
            print(f"{engine} {n if isinstance(n, int) else len(n)}: failed: {proc.stderr.strip()[-500:]}")
            continue
        print(proc.stdout.strip().splitlines()[-1], flush=True)


if __name__ == "__main__":
    main()
