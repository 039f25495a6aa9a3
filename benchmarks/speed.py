"""Speed a person feels, as ratios against references measured in the same run.

    .venv/bin/python benchmarks/speed.py [--copies N] [--data DIR] [--quick] [--synthetic N]
                                         [--json OUT]
    .venv/bin/python benchmarks/speed.py --data DIR --synthetic N --only-synthetic
    .venv/bin/python benchmarks/speed.py --only-cold

References, each timed here beside the figures it divides:
- `python -c "import numpy"` (a process that loads a compiled library and does nothing);
- embedding the library's distinct passages alone with the configured embedder (its model
  loaded beforehand), the floor of an ingest that embeds;
- PDFium's raw text extraction of every PDF of the source (pypdfium2, page text only).

Figures (targets of the speed work in brackets):
- `pincite --help` [<= 3x numpy] and a cold `pincite ask` on the demo library, one question
  per language [<= 8x numpy], with the derived caches built (pincite.text.derived), and once
  from an empty cache folder; and each demo question asked once, in order, with no vectors
  kept from earlier processes (text.vecstore) beforehand, the cost of a question new to the
  library (the repeated asks find every vector they need kept);
- ingest of the source (the shared corpus, or N byte-different copies of it with --copies) in a
  fresh data folder [<= 1.3x embedding its distinct passages alone]; with no embedder against
  raw extraction (our own processing; skipped by --quick);
- per question: index calls, catalog statements, page-text reads and document-model JSON loads;
  warm in-process answer time p50 / p95 [<= 60 / 150 ms at ~100k chunks];
- the index: time to open it, one hybrid query, and the dense recall@10 of the HNSW search
  against an exact scan;
- through `pincite serve`: a warm `pincite ask` from the shell, and 1 against 4 concurrent
  clients (questions/s, p95) [4 clients >= 2x the throughput of 1] on questions the server
  was asked once before; the server's resident memory per chunk;
- with --synthetic N, an index of N x the library's chunks (synthetic_index): write, optimize
  and open times, a hybrid query exact and through HNSW, dense recall@10 by hnsw_ef.

"First pass" answers are questions asked for the first time in the process; "warm" ones are
the same questions again, when the passages' words and vectors are cached.

Questions: the development set's for dense recall; the shared eval's question texts (only how
long they take and what they cost is read here, never their answers), or --questions FILE (JSON
lines with "question").

Copies: copy 1 is the source as it is; copy k >= 2 holds the source's PDFs with k written in
a PDF comment after their end (PDF readers ignore bytes after %%EOF), so each copy is a new
document to pincite (another SHA-256) with the same text. --copies 10 turns the corpus
(~10.6k chunks) into a library of ~100k. Absolute times on a shared 2-core machine are noisy:
read the ratios, which are taken side by side.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
PY = sys.executable
CLI = [PY, "-c", "from pincite.cli.main import main; main()"]


def _env(**extra: str) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "src") + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env.update(extra)
    return env


def wall(cmd: list[str], ok: tuple[int, ...] = (0,), **env: str) -> float:
    """Seconds a command takes from start to exit; RuntimeError when its exit status is not
    in `ok` (an ingest exits 1 when one file failed: the corpus holds an encrypted PDF)."""
    t0 = time.perf_counter()
    r = subprocess.run(cmd, env=_env(**env), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    took = time.perf_counter() - t0
    if r.returncode not in ok:
        raise RuntimeError(f"{' '.join(cmd[-4:])}: exit {r.returncode}: {r.stderr[-800:]}")
    return took


def best_of(n: int, cmd: list[str], **env: str) -> float:
    """Median of n runs (n odd is best)."""
    return statistics.median(wall(cmd, **env) for _ in range(n))


def pct(xs: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of xs."""
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, round(p / 100 * len(xs) + 0.5) - 1))]


def row(name: str, value: str, ratio: str = "", target: str = "") -> None:
    print(f"  {name:<52} {value:>16}  {ratio:>10}  {target}", flush=True)


# -- source and libraries --------------------------------------------------------------
def make_source(copies: int, tmp: Path) -> Path:
    """The corpus (copies == 1) or a folder with it and copies-1 byte-different copies of its PDFs."""
    corpus = SHARED / "corpus"
    if copies <= 1:
        return corpus
    src = tmp / "source"
    shutil.copytree(corpus, src / "copy1")
    pdfs = sorted(corpus.rglob("*.pdf"))
    for k in range(2, copies + 1):
        for p in pdfs:
            out = src / f"copy{k}" / p.relative_to(corpus)
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(p.read_bytes() + f"\n%pincite speed copy {k}\n".encode())
    return src


def demo_library(tmp: Path) -> Path:
    """The demo PDFs built and ingested into a fresh data folder."""
    pdfs = tmp / "demo"
    subprocess.run([PY, str(ROOT / "demo" / "build_demo.py"), str(pdfs)], env=_env(), check=True,
                   stdout=subprocess.DEVNULL)
    data = tmp / "demo-data"
    wall(CLI + ["--data", str(data), "ingest", str(pdfs)], ok=(0, 1))
    return data


def all_demo_questions() -> list[tuple[str, str]]:
    """(language, question) of every line of demo/questions.txt, in order."""
    return [tuple(ln.split("\t", 1)) for ln in (ROOT / "demo" / "questions.txt").read_text().splitlines()
            if "\t" in ln]


def without_vectors(tmp: Path) -> Path:
    """A cache folder (PINCITE_CACHE_DIR) holding the user's derived caches (links to them)
    but none of the vectors kept between processes (text.vecstore's vectors-*.sqlite), made
    once under `tmp`: vectors computed there stay there."""
    from pincite.text import derived

    out = tmp / "cache-without-vectors"
    if not out.exists():
        out.mkdir()
        src = derived.cache_dir()
        for p in sorted(src.iterdir()) if src and src.is_dir() else []:
            if not p.name.startswith(("vectors-", ".")):
                (out / p.name).symlink_to(p)
    return out


def questions(path: Path | None) -> list[str]:
    path = path or SHARED / "eval" / "questions.jsonl"
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            out.append(json.loads(line)["question"])
    return out


# -- references -------------------------------------------------------------------------
def pdfium_alone(src: Path) -> tuple[float, int]:
    """(seconds, pages) of PDFium's page text for every PDF under src."""
    import pypdfium2 as pdfium

    pages = 0
    t0 = time.perf_counter()
    for p in sorted(src.rglob("*.pdf")):
        try:
            pdf = pdfium.PdfDocument(str(p))
        except pdfium.PdfiumError:
            continue
        for i in range(len(pdf)):
            page = pdf[i]
            tp = page.get_textpage()
            tp.get_text_range()
            tp.close()
            page.close()
            pages += 1
        pdf.close()
    return time.perf_counter() - t0, pages


def distinct_passages(data: Path) -> tuple[list[str], int]:
    """(the distinct search texts the library's chunks embed, number of chunks)."""
    from pincite.chunk import pages as chunking
    from pincite.config import Settings
    from pincite.library.facade import Library

    texts: list[str] = []
    with Library(Settings(data_dir=data)) as lib:
        for row_ in lib.documents():
            texts += [c.search_text for c in chunking.chunk_document(lib.model(row_.doc_id))]
    return list(dict.fromkeys(texts)), len(texts)


def embed_alone(data: Path, texts: list[str]) -> float:
    """Seconds the library's embedder (loaded beforehand) takes for `texts`."""
    from pincite.config import Settings
    from pincite.library.facade import Library

    with Library(Settings(data_dir=data)) as lib:
        emb = lib.embedder
        if emb is None:
            return 0.0
        emb.embed_passages(["warm up"])
        t0 = time.perf_counter()
        emb.embed_passages(texts)
        return time.perf_counter() - t0


# -- per question, in process ----------------------------------------------------------------
class _Counting:
    """Stands in for the Edge shard and counts the calls that reach it."""

    def __init__(self, shard, counts: dict):
        self._shard, self._counts = shard, counts

    def __getattr__(self, name):
        attr = getattr(self._shard, name)
        if not callable(attr):
            return attr

        def call(*a, **kw):
            self._counts["index"] += 1
            return attr(*a, **kw)
        return call


def per_question(data: Path, qs: list[str]) -> dict:
    """Counts per question (index calls, catalog statements, page-text reads, model JSON loads)
    on a first pass, then warm answer times (second pass)."""
    from pincite.config import Settings
    from pincite.extract.model import DocumentModel
    from pincite.library.facade import Library

    counts = {"index": 0, "catalog": 0, "page_text": 0, "model_json": 0}
    original = DocumentModel.__dict__["from_json"]

    def from_json(cls, data_):
        counts["model_json"] += 1
        return original.__func__(cls, data_)
    DocumentModel.from_json = classmethod(from_json)
    try:
        with Library(Settings(data_dir=data)) as lib:
            t0 = time.perf_counter()
            index = lib.index
            open_s = time.perf_counter() - t0
            lib.embedder and lib.embedder.embed_query("warm up")
            index.shard = _Counting(index.shard, counts)
            lib.catalog.db.set_trace_callback(lambda _sql: counts.__setitem__("catalog", counts["catalog"] + 1))
            page_text = lib.page_text

            def counted_page_text(doc_id, page):
                counts["page_text"] += 1
                return page_text(doc_id, page)
            lib.page_text = counted_page_text
            first = []
            for q in qs:
                t = time.perf_counter()
                lib.ask(q)
                first.append(time.perf_counter() - t)
            per_q = {k: v / len(qs) for k, v in counts.items()}
            warm = []
            for q in qs:
                t = time.perf_counter()
                lib.ask(q)
                warm.append(time.perf_counter() - t)
            chunks = lib.catalog.chunk_count()
    finally:
        DocumentModel.from_json = original
    return {"per_question": per_q, "first_p50": statistics.median(first), "warm_p50": pct(warm, 50),
            "warm_p95": pct(warm, 95), "open_s": open_s, "chunks": chunks}


def index_figures(data: Path, qs: list[str], efs=(None, 64, 128, 256, 512)) -> dict:
    """One hybrid query's time, and dense recall@10 of HNSW search at each hnsw_ef against an
    exact scan (the questions' vectors, no filter; the development set's questions, which
    choose HNSW_EF, when present). On an index with no HNSW graph every ef gives 1.0."""
    import qdrant_edge as qe

    from pincite.config import Settings
    from pincite.index.edge import DENSE
    from pincite.library.facade import Library
    from pincite.text import analysis

    out: dict = {}
    with Library(Settings(data_dir=data)) as lib:
        idx = lib.index
        vecs = [lib.embed_query(q) for q in qs]
        toks = [analysis.tokens(q) for q in qs]
        for t, v in zip(toks, vecs):  # warm
            idx.search(t, None, limit=10, query_vector=v)
        times = []
        for t, v in zip(toks, vecs):
            t0 = time.perf_counter()
            idx.search(t, None, limit=10, query_vector=v)
            times.append(time.perf_counter() - t0)
        out["hybrid_ms_p50"] = 1000 * pct(times, 50)
        if vecs and vecs[0] is not None:
            def ids(v, params):
                req = qe.QueryRequest(limit=10, query=qe.Query.Nearest(v.tolist(), using=DENSE),
                                      with_payload=False, params=params)
                return [p.id for p in idx.shard.query(req)]
            exact = [set(ids(v, qe.SearchParams(exact=True))) for v in vecs]
            for ef in efs:
                hits, took = 0, 0.0
                for v, ex in zip(vecs, exact):
                    t0 = time.perf_counter()
                    got = ids(v, qe.SearchParams(hnsw_ef=ef) if ef else None)
                    took += time.perf_counter() - t0
                    hits += len(ex.intersection(got))
                out[f"dense_recall@10_ef{ef or 'default'}"] = hits / (10 * len(vecs))
                out[f"dense_ms_ef{ef or 'default'}"] = 1000 * took / len(vecs)
    return out


def synthetic_index(data: Path, copies: int, qs: list[str], tmp: Path,
                    answer_qs: list[str] | None = None) -> dict:
    """A library of `copies` x the library's chunks, to measure the index at a size this
    machine cannot ingest in one sitting: each chunk written `copies` times (another chunk
    id, the same document, its BM25 words as they are, its dense vector with Gaussian noise
    of 0.01 per component, then unit length again: ~0.97 cosine to the original, so copies
    do not tie), beside a copy of the library's catalog and stored documents. Figures:
    write, optimize and open times, one hybrid query before and after optimize, dense
    recall@10 by hnsw_ef, the shard's size on disk; with `answer_qs`, the answer times of
    those questions in process on that library (per_question: first pass, then warm p50 /
    p95). The answers read passages that repeat `copies` times, and the catalog's word
    statistics are the library's own: the answer layer's work per question is that of a
    library this large, its answers are not."""
    import dataclasses

    import qdrant_edge as qe

    from pincite.chunk.model import Chunk, ChunkPart
    from pincite.config import Settings
    from pincite.extract.model import address_from_dict
    from pincite.index.edge import DENSE, EdgeIndex
    from pincite.library.facade import Library
    from pincite.text import analysis

    rng = np.random.default_rng(0)
    with Library(Settings(data_dir=data)) as lib:
        records, offset = [], None
        while True:
            got, offset = lib.index.shard.scroll(qe.ScrollRequest(offset=offset, limit=1000, with_payload=True,
                                                                  with_vector=[DENSE]))
            records += got
            if offset is None:
                break
        dim = lib.index.dense_dim
        vecs = [lib.embed_query(q) for q in qs]
    keep = {f.name for f in dataclasses.fields(Chunk)}
    base = []
    for r in records:
        d = dict(r.payload)
        chunk = Chunk(**{k: v for k, v in d.items() if k in keep and k not in ("search_text", "address", "parts")},
                      search_text=d["text"], address=address_from_dict(d.get("address")),
                      parts=[ChunkPart.from_dict(p) for p in d.get("parts") or []])
        extra = {k: v for k, v in d.items() if k not in keep and k not in ("state",)}
        base.append((chunk, analysis.tokens(d["text"]), np.asarray(r.vector[DENSE], dtype=np.float32), extra))
    lib_dir = tmp / "synthetic"
    shutil.copytree(data, lib_dir, ignore=lambda folder, names: ["index"] if Path(folder) == data else [])
    path = lib_dir / "index"
    idx = EdgeIndex(path, dense_dim=dim)
    out: dict = {"chunks": len(base) * copies}
    t0 = time.perf_counter()
    for k in range(copies):
        chunks = [dataclasses.replace(c, chunk_id=f"{c.chunk_id}~{k}" if k else c.chunk_id) for c, *_ in base]
        dense = np.stack([v + rng.normal(0, 0.01, dim).astype(np.float32) for _, _, v, _ in base]) if k else \
            np.stack([v for _, _, v, _ in base])
        dense /= np.linalg.norm(dense, axis=1, keepdims=True)
        for i in range(0, len(chunks), 2000):
            part = slice(i, i + 2000)
            idx.upsert(chunks[part], [t for _, t, _, _ in base[part]], base[0][3], state="ready", dense=dense[part])
    idx.flush()
    out["write_s"] = time.perf_counter() - t0
    toks = [analysis.tokens(q) for q in qs]

    def hybrid_ms() -> float:
        times = []
        for t, v in zip(toks, vecs):
            t0 = time.perf_counter()
            idx.search(t, None, limit=10, query_vector=v)
            times.append(time.perf_counter() - t0)
        return 1000 * pct(times, 50)
    hybrid_ms()
    out["hybrid_ms_exact"] = hybrid_ms()
    t0 = time.perf_counter()
    idx.optimize()
    out["optimize_s"] = time.perf_counter() - t0
    idx.close()
    t0 = time.perf_counter()
    idx = EdgeIndex(path, dense_dim=dim)
    out["open_s"] = time.perf_counter() - t0
    try:
        hybrid_ms()
        out["hybrid_ms_hnsw"] = hybrid_ms()

        def ids(v, params):
            req = qe.QueryRequest(limit=10, query=qe.Query.Nearest(v.tolist(), using=DENSE),
                                  with_payload=False, params=params)
            return [p.id for p in idx.shard.query(req)]
        exact = [set(ids(v, qe.SearchParams(exact=True))) for v in vecs]
        for ef in (None, 128, 256, 512):
            hits = sum(len(ex.intersection(ids(v, qe.SearchParams(hnsw_ef=ef) if ef else None)))
                       for v, ex in zip(vecs, exact))
            out[f"dense_recall@10_ef{ef or 'default'}"] = hits / (10 * len(vecs))
    finally:
        idx.close()
    out["disk_mib"] = sum(f.stat().st_size for f in path.rglob("*") if f.is_file()) / 2**20
    if answer_qs:
        out["answers"] = per_question(lib_dir, answer_qs)
    shutil.rmtree(lib_dir, ignore_errors=True)
    return out


# -- through the server ---------------------------------------------------------------------
def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def server_figures(data: Path, qs: list[str], clients: int) -> dict:
    """Start `pincite serve` on data, ask through it from the shell and from 1 and `clients`
    concurrent clients; stop it."""
    from pincite.web.client import Client, find_server

    proc = subprocess.Popen(CLI + ["--data", str(data), "serve", "--port", "0"], env=_env(),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        url = None
        for _ in range(600):
            url = find_server(data)
            if url:
                break
            time.sleep(0.2)
        if not url:
            raise RuntimeError("pincite serve did not start")
        with Client(url) as c:  # warm: embedder, models, pages
            for q in qs:
                c.ask(q)
        out = {"rss_kib": _rss_kib(proc.pid)}
        out["cli_ask_via_server_s"] = best_of(3, CLI + ["--data", str(data), "ask", qs[0]])

        def load(n: int) -> tuple[float, list[float]]:
            lat: list[float] = []
            lock = threading.Lock()
            todo = list(qs) * max(1, n)
            lock_todo = threading.Lock()

            def worker():
                with Client(url) as c:
                    while True:
                        with lock_todo:
                            if not todo:
                                return
                            q = todo.pop()
                        t = time.perf_counter()
                        c.ask(q)
                        with lock:
                            lat.append(time.perf_counter() - t)
            threads = [threading.Thread(target=worker) for _ in range(n)]
            t0 = time.perf_counter()
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            return len(lat) / (time.perf_counter() - t0), lat
        for n in (1, clients):
            qps, lat = load(n)
            out[f"clients{n}"] = {"qps": qps, "p50": pct(lat, 50), "p95": pct(lat, 95)}
        return out
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


# -- the run ----------------------------------------------------------------------------------
def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--copies", type=int, default=1, help="copies of the corpus in the library (10: ~100k chunks)")
    ap.add_argument("--data", type=Path, help="an existing data folder of the source: skip its ingest")
    ap.add_argument("--questions", type=Path, help="JSON lines with 'question' (default: the shared eval's)")
    ap.add_argument("--clients", type=int, default=4, help="concurrent clients against one (default 4)")
    ap.add_argument("--quick", action="store_true", help="skip the ingest without embedder and the demo")
    ap.add_argument("--synthetic", type=int, default=0, metavar="N",
                    help="also measure an index-only library of N x the library's chunks (synthetic_index)")
    ap.add_argument("--only-synthetic", action="store_true",
                    help="with --data: measure the synthetic index alone")
    ap.add_argument("--only-cold", action="store_true",
                    help="only the process figures: numpy, --help and the cold asks on the demo library")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="pincite-speed-"))
    if args.only_synthetic:
        if not args.data or not args.synthetic:
            ap.error("--only-synthetic needs --data and --synthetic N")
        dev = sorted((ROOT / "benchmarks" / "devset" / "questions").glob("*.jsonl"))
        try:
            print(json.dumps(synthetic_index(args.data, args.synthetic,
                                             [q for f in dev for q in questions(f)][::3], tmp,
                                             answer_qs=questions(args.questions)), indent=1))
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        return
    fig: dict = {"copies": args.copies, "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                 "cpus": os.cpu_count()}
    qs = questions(args.questions)
    try:
        print(f"pincite speed, {fig['date']}, {os.cpu_count()} CPUs; ratios are to references of this run")
        print(f"  {'figure':<52} {'value':>16}  {'ratio':>10}  target")
        # Timed as an installed package runs: its bytecode compiled (an environment with
        # PYTHONDONTWRITEBYTECODE would otherwise compile every module in every process).
        subprocess.run([PY, "-m", "compileall", "-q", str(ROOT / "src")], check=True, stdout=subprocess.DEVNULL)
        numpy_s = best_of(5, [PY, "-c", "import numpy"])
        fig["numpy_import_s"] = numpy_s
        row("reference: python -c 'import numpy'", f"{numpy_s * 1000:.0f} ms")
        help_s = best_of(3, CLI + ["--help"])
        fig["help_s"] = help_s
        row("pincite --help", f"{help_s * 1000:.0f} ms", f"{help_s / numpy_s:.1f}x", "<= 3x numpy")
        if not args.quick:
            demo = demo_library(tmp)
            dq: dict[str, str] = {}
            for ln in (ROOT / "demo" / "questions.txt").read_text().splitlines():
                if "\t" in ln:
                    dq.setdefault(*ln.split("\t", 1))
            # Derived caches (pincite.text.derived) are built by the first process that needs
            # them and reused after: timed once from an empty cache folder, then in the
            # steady state (the user's cache folder, filled by one untimed ask per language).
            first = wall(CLI + ["--data", str(demo), "ask", dq["en"]], PINCITE_CACHE_DIR=str(tmp / "cache"))
            fig["first_ask_empty_cache_s"] = first
            row("first pincite ask, empty cache folder (en)", f"{first * 1000:.0f} ms", f"{first / numpy_s:.1f}x")
            fig["cold_ask_demo_s"] = {}
            for lang, q in dq.items():
                wall(CLI + ["--data", str(demo), "ask", q])
                cold = best_of(5, CLI + ["--data", str(demo), "ask", q])
                fig["cold_ask_demo_s"][lang] = cold
                row(f"cold pincite ask, demo library ({lang})", f"{cold * 1000:.0f} ms", f"{cold / numpy_s:.1f}x",
                    "<= 8x numpy")
            # The asks above repeat a question, so every word and window it embeds is kept
            # (text.vecstore); here each demo question is asked once, in order, with no vector
            # kept beforehand: what a question new to the library costs.
            news = [wall(CLI + ["--data", str(demo), "ask", q], PINCITE_CACHE_DIR=str(without_vectors(tmp)))
                    for lang, q in all_demo_questions()]
            new_s = fig["new_question_demo_s"] = statistics.median(news)
            row(f"cold pincite ask, each of {len(news)} demo questions once", f"{new_s * 1000:.0f} ms",
                f"{new_s / numpy_s:.1f}x", "median; no vectors kept before")
        if args.only_cold:
            if args.json:
                args.json.write_text(json.dumps(fig, indent=1))
            return

        src = make_source(args.copies, tmp)
        raw_s, pages = pdfium_alone(src)
        fig.update(pdfium_s=raw_s, pdf_pages=pages)
        row(f"reference: PDFium text of {pages} PDF pages", f"{raw_s:.1f} s")
        data = args.data
        if data is None:
            data = tmp / "data"
            ingest_s = wall(CLI + ["--data", str(data), "ingest", str(src)], ok=(0, 1))
            fig["ingest_s"] = ingest_s
        texts, n_chunks = distinct_passages(data)
        fig.update(chunks=n_chunks, distinct_passages=len(texts))
        embed_s = embed_alone(data, texts)
        fig["embed_alone_s"] = embed_s
        row(f"reference: embed {len(texts)} distinct passages alone", f"{embed_s:.1f} s")
        if args.data is None:
            row(f"ingest ({n_chunks} chunks)", f"{fig['ingest_s']:.1f} s",
                f"{fig['ingest_s'] / embed_s:.2f}x" if embed_s else "", "<= 1.3x embedding alone")
            if not args.quick:
                bare = wall(CLI + ["--data", str(tmp / "data-bare"), "ingest", str(src)], ok=(0, 1),
                            PINCITE_EMBEDDER="none")
                fig["ingest_no_embedder_s"] = bare
                row("ingest with no embedder (our own processing)", f"{bare:.1f} s",
                    f"{bare / raw_s:.1f}x", "vs PDFium text alone (toward 2x)")
                shutil.rmtree(tmp / "data-bare", ignore_errors=True)

        pq = per_question(data, qs)
        fig["ask"] = pq
        row("opening the index (in process)", f"{pq['open_s'] * 1000:.0f} ms")
        for k, v in pq["per_question"].items():
            row(f"per question: {k.replace('_', ' ')} calls", f"{v:.1f}")
        row("answer, first pass p50 (in process)", f"{pq['first_p50'] * 1000:.0f} ms")
        row("answer, warm p50 / p95 (in process)",
            f"{pq['warm_p50'] * 1000:.0f} / {pq['warm_p95'] * 1000:.0f} ms", "", "<= 60 / 150 ms at ~100k")
        dev = sorted((ROOT / "benchmarks" / "devset" / "questions").glob("*.jsonl"))
        ix = index_figures(data, [q for f in dev for q in questions(f)] or qs)
        fig["index"] = ix
        row("one hybrid query, p50", f"{ix['hybrid_ms_p50']:.2f} ms")
        for k, v in ix.items():
            if k.startswith("dense_recall"):
                ef = k.split("_ef")[1]
                row(f"dense recall@10 (HNSW ef {ef} vs exact) / ms", f"{v:.3f} / {ix['dense_ms_ef' + ef]:.2f}",
                    "", ">= 0.95")
        sv = server_figures(data, qs, args.clients)
        fig["server"] = sv
        row("warm pincite ask from the shell (via serve)", f"{sv['cli_ask_via_server_s'] * 1000:.0f} ms",
            f"{sv['cli_ask_via_server_s'] / numpy_s:.1f}x")
        one, many = sv["clients1"], sv[f"clients{args.clients}"]
        row("server, 1 client: q/s, p50 / p95",
            f"{one['qps']:.1f}, {one['p50'] * 1000:.0f} / {one['p95'] * 1000:.0f} ms")
        row(f"server, {args.clients} clients: q/s, p50 / p95",
            f"{many['qps']:.1f}, {many['p50'] * 1000:.0f} / {many['p95'] * 1000:.0f} ms",
            f"{many['qps'] / one['qps']:.2f}x", ">= 2x one client")
        row("server resident memory per chunk", f"{sv['rss_kib'] * 1024 / max(1, pq['chunks']) / 1024:.1f} KiB",
            "", f"RSS {sv['rss_kib'] / 1024:.0f} MiB")
        if args.synthetic:
            dev = sorted((ROOT / "benchmarks" / "devset" / "questions").glob("*.jsonl"))
            sy = synthetic_index(data, args.synthetic, [q for f in dev for q in questions(f)][::3] or qs, tmp,
                                 answer_qs=qs)
            fig["synthetic"] = sy
            n = f"{sy['chunks'] // 1000}k"
            row(f"index of {n} chunks (synthetic): write / optimize", f"{sy['write_s']:.0f} / {sy['optimize_s']:.0f} s")
            row(f"index of {n} chunks: open", f"{sy['open_s'] * 1000:.0f} ms", "", "not seconds per process")
            row(f"index of {n} chunks: hybrid query exact / HNSW",
                f"{sy['hybrid_ms_exact']:.1f} / {sy['hybrid_ms_hnsw']:.1f} ms")
            row(f"index of {n} chunks: dense recall@10 ef default/128/256/512",
                "/".join(f"{sy[f'dense_recall@10_ef{e}']:.2f}" for e in ("default", 128, 256, 512)), "", ">= 0.95")
            row(f"index of {n} chunks: size on disk per chunk", f"{sy['disk_mib'] * 1024 / sy['chunks']:.1f} KiB")
            sa = sy["answers"]
            row(f"library of {n} chunks: answer in process, asked again, p50 / p95",
                f"{sa['warm_p50'] * 1000:.0f} / {sa['warm_p95'] * 1000:.0f} ms", "", "<= 60 / 150 ms")
            row(f"library of {n} chunks: answer asked the first time, p50", f"{sa['first_p50'] * 1000:.0f} ms")
        if args.json:
            args.json.write_text(json.dumps(fig, indent=2))
    finally:
        if args.keep:
            print(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
