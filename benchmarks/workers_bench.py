"""Distributed ingest throughput: N `pincite worker` processes on one queue, for several N.

For each worker count: a fresh PostgreSQL database and fresh data/blobs folders, the files
queued with Library.enqueue, then N `pincite worker --drain` processes started together; the
wall time runs from their start (model loading included) until the last one exits. Prints
pages/s per worker count, the workers' CPU seconds (user + system; on a machine whose
cores are busy with other work, CPU seconds per page is the figure that does not depend on
that load), the time jobs waited for and held the index, and checks that every job is done
and every document whole.

    PYTHONPATH=src python benchmarks/workers_bench.py --workers 1 3
    PYTHONPATH=src python benchmarks/workers_bench.py --workers 1 3 --files a.pdf b.pdf

Without --admin-url a throwaway cluster is started with tests/pgserver.py (initdb and
pg_ctl must be installed); with it, databases pincite_bench_<n> are created there. The
embedder is the configured one (PINCITE_EMBEDDER, default use-m3).
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus" / "pdf"
#: A mixed en/ru/zh set of 12 corpus PDFs, 356 pages, none over 82 pages, so that the work
#: splits into jobs of comparable size (one 684-page manual would make one worker the tail).
DEFAULT_FILES = ("en/auguide4-1.pdf", "en/auguide4-2.pdf", "en/siunitx.pdf", "en/tugboat-babelbib.pdf",
                 "ru/churchslavonic-ru.pdf", "ru/eskdx.pdf", "ru/texlive-ru.pdf", "ru/ugost2008.pdf",
                 "zh/ctex-faq.pdf", "zh/zhnumber.pdf", "domain/zh-anquan-shengchan-fa-2021.pdf",
                 "domain/zh-chengzhen-ranqi-guanli-tiaoli.pdf")
CLI = [sys.executable, "-c", "from pincite.cli.main import main; main()"]


def _database(admin_url: str, name: str) -> str:
    from urllib.parse import urlsplit, urlunsplit

    import psycopg

    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    parts = urlsplit(admin_url)
    return urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, parts.fragment))


def run(n: int, url: str, files: list[Path], work: Path) -> dict:
    from pincite.config import Settings
    from pincite.library.facade import Library

    env = {**os.environ, "PINCITE_CATALOG_URL": url, "PINCITE_DATA": str(work / "data"),
           "PINCITE_BLOBS": str(work / "blobs"), "PINCITE_OCR": "off"}
    os.environ.update(env)
    with Library(Settings()) as lib:
        lib.enqueue(files)
    import resource

    cpu0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    procs = [subprocess.Popen(CLI + ["worker", "--drain", "--poll", "0.2"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(n)]
    outs = [p.communicate() for p in procs]
    wall = time.perf_counter() - t0
    cpu1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (cpu1.ru_utime - cpu0.ru_utime) + (cpu1.ru_stime - cpu0.ru_stime)
    bad = [o[1][-500:] for p, o in zip(procs, outs) if p.returncode != 0]
    if bad:
        raise SystemExit(f"a worker failed: {bad[0]}")
    with Library(Settings()) as lib:
        jobs = lib.jobs()
        counts = lib.job_counts()
        rows = lib.documents()
        held = lib.index.ready_counts()
        assert {r.doc_id: r.chunks for r in rows} == held, "a document is not whole in the index"
    import re

    timed = [tuple(map(float, m)) for o in outs for m in
             re.findall(r", ([\d.]+) s \(index: waited ([\d.]+) s, held ([\d.]+) s\)", o[0])]
    pages = sum(j.pages for j in jobs if j.status in ("added", "replaced"))
    return {"workers": n, "jobs": len(jobs), "done": counts["done"], "failed": counts["failed"],
            "documents": len(rows), "pages": pages, "chunks": sum(r.chunks for r in rows),
            "seconds": wall, "pages_per_s": pages / wall, "by_worker": len({j.worker for j in jobs}),
            "cpu_s": cpu, "job_s": sum(t[0] for t in timed), "wait_s": sum(t[1] for t in timed),
            "held_s": sum(t[2] for t in timed),
            "failures": [f"{Path(j.path).name}: {j.reason}" for j in jobs if j.state == "failed"]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 3])
    ap.add_argument("--files", type=Path, nargs="*")
    ap.add_argument("--admin-url", help="postgresql:// URL of a user allowed to create databases")
    args = ap.parse_args()
    files = [f.resolve() for f in args.files] if args.files else [CORPUS / f for f in DEFAULT_FILES]
    server = None
    if args.admin_url is None:
        sys.path.insert(0, str(ROOT / "tests"))
        from pgserver import PgServer, find_bin_dir

        bin_dir = find_bin_dir()
        if bin_dir is None:
            raise SystemExit("no PostgreSQL server binaries (initdb, pg_ctl): install postgresql or pass --admin-url")
        server = PgServer(bin_dir).start()
        args.admin_url = server.url
    try:
        print(f"{len(files)} files, embedder {os.environ.get('PINCITE_EMBEDDER') or 'use-m3'}, "
              f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}")
        print("workers  jobs  done  failed  docs  pages  chunks  seconds  pages/s  workers-used  "
              "job-s  index-wait-s  index-held-s  worker-cpu-s  cpu-s/page")
        for n in args.workers:
            with tempfile.TemporaryDirectory(prefix="pincite-bench-") as work:
                r = run(n, _database(args.admin_url, f"pincite_bench_{n}"), files, Path(work))
            print(f"{r['workers']:>7}  {r['jobs']:>4}  {r['done']:>4}  {r['failed']:>6}  {r['documents']:>4}  "
                  f"{r['pages']:>5}  {r['chunks']:>6}  {r['seconds']:>7.1f}  {r['pages_per_s']:>7.2f}  "
                  f"{r['by_worker']:>12}  {r['job_s']:>5.1f}  {r['wait_s']:>12.1f}  {r['held_s']:>12.1f}  "
                  f"{r['cpu_s']:>12.1f}  {r['cpu_s'] / max(r['pages'], 1):>10.3f}",
                  flush=True)
            for line in r["failures"]:
                print(f"         failed: {line}", flush=True)
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    main()
