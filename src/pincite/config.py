"""Settings: where the data folder is, ingest limits, retrieval and refusal constants.

Values come from arguments, then environment variables (PINCITE_*), then defaults.
Every constant that encodes a decision says where it comes from.
"""
from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from .errors import ConfigError

DEFAULT_DATA_DIR = "pincite-data"

#: Questions longer than this are refused with a QuestionError (docs/decisions/0008-questions.md).
MAX_QUESTION_CHARS = 2000



#: Threads of a local embedder (Settings.embed_threads). One, for encoders under load
#: (docs/decisions/0006-search-and-embeddings.md): on 2 cores with other work running (2026-12-01, use-m3, 400
#: passages of lshort.pdf) one thread embedded 100 passages/s and a query in 2.5 ms, two
#: threads 49 passages/s and 9-136 ms a query (BLAS threads wait on each other when a core
#: is busy). Raise it only on a machine that does nothing else.
EMBED_THREADS = 1
#: Threads that embed the passages of an ingest side by side (Settings.embed_workers; each
#: with EMBED_THREADS BLAS threads): the CPU count, at most 4. Unlike BLAS threads within one
#: product, separate workers do not wait on each other; queries (one text each) are
#: unaffected. Figures: embeddings.UseEmbedder.
EMBED_WORKERS_MAX = 4


def default_embed_workers() -> int:
    """min(CPU count, EMBED_WORKERS_MAX), at least 1."""
    return max(1, min(os.cpu_count() or 1, EMBED_WORKERS_MAX))

#: ZIP limits of Office files (Settings.zip_*; pincite.extract.sniff.check_archive), checked on
#: the ZIP's central directory before anything is expanded. Measured on the 10 files of
#: ../shared/corpus/office (2026-12): 12-167 entries (the 28-slide HowWeRefactor.pptx: 167,
#: ~6 per slide), at most 7.4 MiB expanded, the largest entry ratio 31.9 (a DOCX table),
#: mostly 5-20. Defaults with wide margins: 10,000 entries (a ~1,500-slide deck), 1 GiB
#: expanded in all (5x the largest file allowed, max_file_mb), ratio 200 for entries that
#: expand beyond 1 MiB (sniff.RATIO_GRACE_BYTES; Apache POI refuses over 100; a zip bomb of
#: zeros reaches ~1000).
ZIP_MAX_ENTRIES = 10_000
ZIP_MAX_MB = 1024
ZIP_MAX_RATIO = 200

#: Bounded work per file (Settings.max_*; checked by pincite.extract.sniff, extract.pdf and
#: extract.reader). Measured on ../shared/corpus: the 684-page en-usntps-ftm-103.pdf holds
#: 1.0 million characters in 2,051 chunks (~1,460 chars and 3 chunks a page), the largest
#: page content stream is 54 KB, the largest Office XML part 1.6 MiB. Defaults fit a document
#: of max_pages such pages with room to spare: 10 million characters of text, 20,000
#: chunks (~170 s of use-m3 embedding on 2 cores), 100,000 blocks (DOCX paragraphs and table
#: rows, sheet rows, slides, text lines), 64 MiB for one Office XML part (python-docx and
#: openpyxl hold a part as a tree, ~7 bytes a byte) and 32 MiB for the decoded content
#: streams of one PDF page (PDFium took 1.7 GB for 100 MB).
MAX_TEXT_CHARS = 10_000_000
MAX_CHUNKS = 20_000
MAX_BLOCKS = 100_000
MAX_XML_MB = 64
MAX_CONTENT_MB = 32

#: Retrieval modes (index.edge.MODES).
RETRIEVAL_MODES = ("hybrid", "bm25", "dense")

#: Dense-vector quantization of a Qdrant collection pincite creates (Settings.qdrant_quantization).
QDRANT_QUANTIZATIONS = ("none", "int8")

#: OCR settings (Settings.ocr, Settings.max_ocr_pages; pincite.extract.ocr): "auto" OCRs weak
#: pages with tesseract when it is installed, "off" never. At ~3 s per page (one CPU), 50
#: pages cost ~40 s of a 4-CPU machine per document; more are named in the warnings.
OCR_MODES = ("auto", "off")
MAX_OCR_PAGES = 50


def _env_choice(name: str, default: str, choices: tuple[str, ...]) -> str:
    value = os.environ.get(name) or default
    if value not in choices:
        raise ConfigError(f"{name}={value!r}: choose one of {', '.join(choices)}")
    return value


def _env_share(name: str, default: float | None) -> float | None:
    """A share in (0, 1] from the environment (`default` when unset); ConfigError names the
    variable otherwise."""
    if not os.environ.get(name):
        return default
    value = _env_number(name, 0.0)
    if value > 1:
        raise ConfigError(f"{name}={os.environ.get(name)!r}: must be a share between 0 and 1")
    return value


def _env_number(name: str, default: float) -> float:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"{name}={raw!r}: not a number") from None
    if value <= 0:
        raise ConfigError(f"{name}={raw!r}: must be positive")
    return value


def env_catalog_url(name: str = "PINCITE_CATALOG_URL") -> str | None:
    """The environment variable `name` when set: a postgresql:// (or postgres://) URL, else
    ConfigError (which never repeats the value: it may hold a password)."""
    url = os.environ.get(name) or None
    if url is not None and not url.startswith(("postgresql://", "postgres://")):
        raise ConfigError(f"{name}: expected a postgresql://user:password@host:port/database URL")
    return url


#: Free space (MiB) kept before opening the index: the index grows its memory-mapped files
#: in pages of up to 32 MiB, and a write into one the disk cannot back kills the process
#: (SIGBUS); measured on a tmpfs, opening a library with 12 MiB free could crash.
MIN_FREE_MB = 64
#: Seconds a process of a shared library (a PostgreSQL catalog) waits for the index lock
#: before IndexBusy: ingest workers hold an Edge index for one document's write at a time
#: (about a second a document here: benchmarks/workers_bench.py), so a reader waits its
#: turn instead of failing; a library of one process never waits (its holder is a server
#: or an ingest that runs for long).
SHARED_INDEX_WAIT_S = 60.0


# ---------------------------------------------------------------- index spec
#
# An index spec is a short text (Settings.index; `--index`, PINCITE_INDEX or
# PINCITE_QDRANT_URL) naming the engine that holds a library's index; pincite.index.select
# opens it. Its forms are listed in that module's docstring.

#: Kinds of index engine.
KINDS = ("edge", "qdrant", "qdrant-local")
#: Environment variable holding the server's API key (never stored).
API_KEY_ENV = "PINCITE_QDRANT_API_KEY"
#: Default collection name on a server (Settings.qdrant_collection).
DEFAULT_COLLECTION = "pincite"


@dataclass(frozen=True)
class IndexSpec:
    """A parsed index spec.

    kind: one of KINDS. url: the server's base URL (scheme, host, port; never credentials)
    for "qdrant". path: the in-process engine's folder or ":memory:" for "qdrant-local"
    (None: <data>/qdrant). collection: the collection name (server and in-process engine).
    shards / replicas: shard number and replication factor of a collection created on a
    server (Qdrant's shard_number and replication_factor). int8: a created collection keeps
    int8 scalar-quantized copies of the dense vectors in RAM (Qdrant scalar quantization).
    """

    kind: str = "edge"
    url: str | None = None
    path: str | None = None
    collection: str = DEFAULT_COLLECTION
    shards: int = 1
    replicas: int = 1
    int8: bool = False

    def shown(self) -> str:
        """The spec as a user writes it (no secrets: the spec holds none)."""
        if self.kind == "qdrant":
            return f"{self.url} (collection {self.collection})"
        if self.kind == "qdrant-local":
            return f"qdrant-local:{self.path or '<data>/qdrant'} (collection {self.collection})"
        return "edge"


def parse_index_spec(text: str | None, *, collection: str = DEFAULT_COLLECTION, shards: int = 1,
                     replicas: int = 1, int8: bool = False) -> IndexSpec:
    """The IndexSpec of `text` (forms: pincite.index.select; None or "" = "edge"). ConfigError for
    an unknown form, a URL with a user name or password (the key belongs in
    PINCITE_QDRANT_API_KEY), or a shard/replica count below 1."""
    text = (text or "").strip()
    if shards < 1 or replicas < 1:
        raise ConfigError(f"Qdrant shards ({shards}) and replicas ({replicas}) must be at least 1")
    if not collection or not all(ch.isalnum() or ch in "-_." for ch in collection):
        raise ConfigError(f"Qdrant collection {collection!r}: use letters, digits, '-', '_' and '.'")
    server = IndexSpec(collection=collection, shards=shards, replicas=replicas, int8=int8)
    if text in ("", "edge"):
        return IndexSpec("edge")
    if text == "qdrant-local" or text.startswith("qdrant-local:"):
        path = text[len("qdrant-local:"):] or None
        return dataclasses.replace(server, kind="qdrant-local", path=path)
    scheme = text.split("://", 1)[0].lower() if "://" in text else ""
    if scheme in ("qdrant", "qdrants", "http", "https"):
        parts = urlsplit(text)
        if parts.username or parts.password:
            raise ConfigError(f"index URL for host {parts.hostname}: leave credentials out of the URL; "
                              f"put the API key in {API_KEY_ENV}")
        if not parts.hostname:
            raise ConfigError(f"index {text!r}: no host; write qdrant://HOST:6333")
        web = "https" if scheme in ("https", "qdrants") else "http"
        port = parts.port or 6333
        host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
        return dataclasses.replace(server, kind="qdrant", url=f"{web}://{host}:{port}{parts.path.rstrip('/')}")
    raise ConfigError(f"index {text!r}: write edge, qdrant://HOST:PORT, http(s)://HOST:PORT, "
                      "qdrant-local or qdrant-local:PATH")


@dataclass
class Settings:
    """Runtime settings.

    data_dir: the data folder (originals, catalog, DocumentModel JSON, index).
    max_file_mb / max_pages: ingest limits (defaults 200 MiB and 5,000 pages: the corpus has
        a 684-page manual); env PINCITE_MAX_FILE_MB, PINCITE_MAX_PAGES.
    min_free_mb: free space (MiB) the data folder's file system must keep before the index
        is opened or a file stored (default MIN_FREE_MB); an ingest also needs
        store.space.INGEST_FACTOR times the file's size. Env PINCITE_MIN_FREE_MB.
    min_answerability: refusal bar on Answer.relevance.score, the probability (0..1) that
        the best evidence window answers the question (pincite.answer.answerability); below
        it the answer is "not found in the library". None (default): the bar stored with the
        trained model, chosen on the development set. Env PINCITE_MIN_ANSWERABILITY.
    top_k: chunks retrieved per question.
    embed_threads: threads of a local embedder (default 1, EMBED_THREADS). Env
        PINCITE_EMBED_THREADS.
    embed_workers: threads embedding an ingest's passages side by side (use-m3; default the
        CPU count, at most EMBED_WORKERS_MAX). Env PINCITE_EMBED_WORKERS.
    embedder: dense embedder for hybrid retrieval (pincite.text.embed.EMBEDDERS; "none" =
        BM25 only); recorded in the index profile, so changing it needs `pincite reindex`.
        Env PINCITE_EMBEDDER.
    retrieval: "hybrid" (BM25 + dense fused by RRF), "bm25" or "dense"; a query-time choice
        (benchmarks compare them); "dense" with embedder "none" is a ConfigError. Env
        PINCITE_RETRIEVAL.
    ocr: "auto" (default): pages with a weak text layer (fewer than 50 letters and images over
        half the page, or no text but an image; pincite.extract.quality.weak_page_reason) and
        garbled pages re-decoding cannot repair are OCRed with tesseract (rus+chi_sim+eng)
        when it is installed; "off": never (those pages are named in the ingest warnings).
        Env PINCITE_OCR; `pincite ingest --ocr`.
    max_ocr_pages: most pages OCRed per document (default MAX_OCR_PAGES, 50); the pages past
        it are named in the warnings. Env PINCITE_MAX_OCR_PAGES.
    zip_max_entries / zip_max_mb / zip_max_ratio: limits an Office file (DOCX, PPTX, XLSX: a
        ZIP container) must stay within, checked on the ZIP's directory before anything is
        expanded (pincite.extract.sniff.ZipLimits): most entries (default 10,000), total
        declared uncompressed size in MiB (default 1,024), and the largest uncompressed /
        compressed ratio of an entry that expands beyond 1 MiB (default 200; see
        ZIP_MAX_ENTRIES for the figures). Env PINCITE_ZIP_MAX_ENTRIES, PINCITE_ZIP_MAX_MB,
        PINCITE_ZIP_MAX_RATIO.
    max_text_chars / max_chunks / max_blocks: most non-whitespace characters of text, chunks
        and blocks (DOCX paragraphs and table rows, sheet rows, slides, text lines; PDF pages
        count as max_pages) of one document (defaults MAX_TEXT_CHARS etc., with the figures);
        a file past one is refused (TooLarge) before it is embedded, an Office file past the
        text limit before any Office library reads it. Env PINCITE_MAX_TEXT_CHARS,
        PINCITE_MAX_CHUNKS, PINCITE_MAX_BLOCKS.
    max_xml_mb: most MiB one XML part of an Office file expands to (default 64). Env
        PINCITE_MAX_XML_MB.
    max_content_mb: most MiB the decoded content streams of one PDF page (page and form
        XObjects drawn on it) may take (default 32). Env PINCITE_MAX_CONTENT_MB.
    index: the engine holding the index (pincite.index.select): "edge" (the embedded
        shard in <data>/index), "qdrant://HOST:PORT" or an http(s) URL (a Qdrant server or
        cluster), "qdrant-local[:PATH]" (qdrant-client's in-process engine). Env
        PINCITE_INDEX, else PINCITE_QDRANT_URL; `pincite --index`. "" (the default when
        neither is set): the engine the library was last built or migrated in, as its
        catalog remembers it (Library), else "edge". The server's API key is read from
        PINCITE_QDRANT_API_KEY when the index is opened and is never a setting.
    qdrant_collection / qdrant_shards / qdrant_replicas / qdrant_quantization: the Qdrant
        collection's name (default "pincite") and, when pincite creates it, its shard
        number, replication factor (default 1 each) and dense-vector quantization ("none"
        or "int8"). Env PINCITE_QDRANT_COLLECTION, PINCITE_QDRANT_SHARDS,
        PINCITE_QDRANT_REPLICAS, PINCITE_QDRANT_QUANTIZATION.
    catalog_url: a PostgreSQL database (postgresql://user:password@host:5432/db) holding the
        catalog and the ingest jobs, shared by every process and machine of one library
        (store.pgcatalog); None (default): the SQLite catalog in the data folder. Kept out
        of repr and messages (it may hold a password). Env PINCITE_CATALOG_URL.
    blobs_dir: the folder, mounted by every machine of a shared library, that holds the
        stored originals (`originals/`, by SHA-256) and the extracted documents (`models/`);
        None (default): the data folder. Env PINCITE_BLOBS.
    index_wait_s: seconds a process of a shared library (a catalog_url) waits for another
        process to give back the Edge index's lock before IndexBusy (default
        SHARED_INDEX_WAIT_S, 60). Env PINCITE_INDEX_WAIT_S.
    """

    data_dir: Path = field(default_factory=lambda: Path(os.environ.get("PINCITE_DATA") or DEFAULT_DATA_DIR))
    max_file_mb: float = field(default_factory=lambda: _env_number("PINCITE_MAX_FILE_MB", 200))
    max_pages: int = field(default_factory=lambda: int(_env_number("PINCITE_MAX_PAGES", 5000)))
    min_free_mb: float = field(default_factory=lambda: _env_number("PINCITE_MIN_FREE_MB", MIN_FREE_MB))
    min_answerability: float | None = field(default_factory=lambda: _env_share("PINCITE_MIN_ANSWERABILITY", None))
    top_k: int = 20
    embed_threads: int = field(default_factory=lambda: int(_env_number("PINCITE_EMBED_THREADS", EMBED_THREADS)))
    embed_workers: int = field(
        default_factory=lambda: int(_env_number("PINCITE_EMBED_WORKERS", default_embed_workers())))
    embedder: str = field(default_factory=lambda: os.environ.get("PINCITE_EMBEDDER") or "use-m3")
    retrieval: str = field(default_factory=lambda: _env_choice("PINCITE_RETRIEVAL", "hybrid", RETRIEVAL_MODES))
    ocr: str = field(default_factory=lambda: _env_choice("PINCITE_OCR", "auto", OCR_MODES))
    max_ocr_pages: int = field(default_factory=lambda: int(_env_number("PINCITE_MAX_OCR_PAGES", MAX_OCR_PAGES)))
    zip_max_entries: int = field(default_factory=lambda: int(_env_number("PINCITE_ZIP_MAX_ENTRIES", ZIP_MAX_ENTRIES)))
    zip_max_mb: float = field(default_factory=lambda: _env_number("PINCITE_ZIP_MAX_MB", ZIP_MAX_MB))
    zip_max_ratio: float = field(default_factory=lambda: _env_number("PINCITE_ZIP_MAX_RATIO", ZIP_MAX_RATIO))
    max_text_chars: int = field(default_factory=lambda: int(_env_number("PINCITE_MAX_TEXT_CHARS", MAX_TEXT_CHARS)))
    max_chunks: int = field(default_factory=lambda: int(_env_number("PINCITE_MAX_CHUNKS", MAX_CHUNKS)))
    max_blocks: int = field(default_factory=lambda: int(_env_number("PINCITE_MAX_BLOCKS", MAX_BLOCKS)))
    max_xml_mb: float = field(default_factory=lambda: _env_number("PINCITE_MAX_XML_MB", MAX_XML_MB))
    max_content_mb: float = field(default_factory=lambda: _env_number("PINCITE_MAX_CONTENT_MB", MAX_CONTENT_MB))
    index: str = field(default_factory=lambda: os.environ.get("PINCITE_INDEX")
                       or os.environ.get("PINCITE_QDRANT_URL") or "")
    qdrant_collection: str = field(default_factory=lambda: os.environ.get("PINCITE_QDRANT_COLLECTION") or "pincite")
    qdrant_shards: int = field(default_factory=lambda: int(_env_number("PINCITE_QDRANT_SHARDS", 1)))
    qdrant_replicas: int = field(default_factory=lambda: int(_env_number("PINCITE_QDRANT_REPLICAS", 1)))
    qdrant_quantization: str = field(default_factory=lambda: _env_choice(
        "PINCITE_QDRANT_QUANTIZATION", "none", QDRANT_QUANTIZATIONS))
    catalog_url: str | None = field(default_factory=lambda: env_catalog_url(), repr=False)
    blobs_dir: Path | None = field(default_factory=lambda: Path(os.environ["PINCITE_BLOBS"])
                                   if os.environ.get("PINCITE_BLOBS") else None)
    index_wait_s: float = field(default_factory=lambda: _env_number("PINCITE_INDEX_WAIT_S", SHARED_INDEX_WAIT_S))

    def __post_init__(self) -> None:
        if self.ocr not in OCR_MODES:
            raise ConfigError(f"ocr {self.ocr!r}: choose one of {', '.join(OCR_MODES)}")
        if self.retrieval == "dense" and (self.embedder or "").lower() == "none":
            raise ConfigError("retrieval 'dense' needs an embedder; PINCITE_EMBEDDER is 'none'")
        self.index_spec()  # ConfigError for a bad index spec, before anything is opened

    def index_spec(self) -> IndexSpec:
        """The IndexSpec these settings select (`index` and the qdrant_* fields); ConfigError
        for a spec that parse_index_spec refuses."""
        return parse_index_spec(self.index, collection=self.qdrant_collection, shards=self.qdrant_shards,
                                replicas=self.qdrant_replicas, int8=self.qdrant_quantization == "int8")

    @property
    def max_bytes(self) -> int:
        return int(self.max_file_mb * 1024 * 1024)
