"""Test helper: a scripted OpenAI-compatible chat server on 127.0.0.1 (real sockets, real JSON).

    from llm_server import ScriptedLLM, Reply, scripted_llm   # importing the fixture registers it

    with ScriptedLLM() as llm:                  # or the `scripted_llm` pytest fixture
        llm.handler = lambda request, headers: Reply(content='{"status": "refused", "claims": []}')
        settings = LlmSettings(base_url=llm.url, model="m")   # llm.url == "http://127.0.0.1:PORT/v1"
        ...
        assert llm.count == 1
        path, body, headers = llm.requests[0]

Routes: ``POST /v1/chat/completions`` answers whatever ``handler(request, headers)`` returns (the
request's JSON body as a dict, the request headers as a dict with lower-case names);
``GET /v1/models`` lists ``.models``. Anything else is a 404. Every request is recorded in
``.requests`` as ``(path, json body or None, headers)``.

The canned handlers below play the bad servers the tests need: an error status (whose body
echoes the Authorization header, as some providers do, so tests can prove it never surfaces),
a redirect, a slow reply, json_schema rejected, llama-cpp-python's validation errors, a
reasoning model refusing ``max_tokens``, prose, fenced JSON and an oversize body.
Deterministic: no randomness, no clock in any body.
"""
from __future__ import annotations

import json as jsonlib
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest


@dataclass
class Reply:
    """One scripted answer.

    The body is, in order of precedence: ``raw`` bytes as they are; ``json`` dumped; a chat
    completion around ``content`` (see `chat_json`); for a status >= 300 an OpenAI-style error
    body; otherwise a chat completion saying "ok". ``delay_s`` waits (seconds) before the status
    line is sent, so a client timeout shorter than it fires. ``close_delimited`` sends no
    Content-Length: the body ends when the server closes the connection (as some proxies do).
    """

    status: int = 200
    content: str | None = None
    json: dict | None = None
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0
    raw: bytes | None = None
    close_delimited: bool = False


def chat_json(content: str | None, usage: tuple[int, int] | None = (10, 5), model: str = "scripted-model") -> dict:
    """A valid ``chat.completion`` body whose one choice's message content is ``content``.

    ``usage`` is ``(prompt_tokens, completion_tokens)``; None leaves the usage field out.
    """
    body: dict = {
        "id": "chatcmpl-scripted",
        "object": "chat.completion",
        "created": 1700000000,
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": "stop",
            }
        ],
    }
    if usage is not None:
        body["usage"] = {
            "prompt_tokens": usage[0],
            "completion_tokens": usage[1],
            "total_tokens": usage[0] + usage[1],
        }
    return body


def error_json(status: int, message: str) -> dict:
    """An OpenAI-style error body."""
    return {"error": {"message": message, "type": "scripted_error", "code": status}}


Handler = Callable[[dict, dict], Reply]


def default_handler(request: dict, headers: dict) -> Reply:
    """Answers every chat request with the content "ok"."""
    return Reply(content="ok")


class _QuietServer(ThreadingHTTPServer):
    """Does not print a traceback when a client hangs up (timeout and size-cap tests do)."""

    daemon_threads = True

    def handle_error(self, request, client_address):
        exc = sys.exc_info()[1]
        if isinstance(exc, (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


class ScriptedLLM:
    """An OpenAI-compatible HTTP server on 127.0.0.1 at an ephemeral port, in a daemon thread.

    Set ``.handler`` (``(request: dict, headers: dict) -> Reply``) to script the answers;
    ``.models`` is what ``GET /v1/models`` lists. Use as a context manager, or call
    `start` / `stop`.
    """

    def __init__(self, handler: Handler | None = None, models: list[str] | None = None):
        self.handler: Handler = handler or default_handler
        self.models: list[str] = list(models or ["scripted-model"])
        self.requests: list[tuple[str, dict | None, dict]] = []
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle -------------------------------------------------------------------------

    def start(self) -> "ScriptedLLM":
        scripted = self

        class _Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format, *args):  # keep pytest output quiet
                pass

            def do_GET(self):
                headers = {k.lower(): v for k, v in self.headers.items()}
                scripted._record(self.path, None, headers)
                if self.path.rstrip("/") == "/v1/models":
                    body = {"object": "list", "data": [{"id": m, "object": "model"} for m in scripted.models]}
                    self._send(Reply(json=body))
                else:
                    self._send(Reply(status=404, json=error_json(404, "not found")))

            def do_POST(self):
                headers = {k.lower(): v for k, v in self.headers.items()}
                length = int(self.headers.get("Content-Length") or 0)
                data = self.rfile.read(length) if length else b""
                try:
                    body = jsonlib.loads(data.decode("utf-8")) if data else {}
                except ValueError:
                    body = None
                scripted._record(self.path, body, headers)
                if self.path.rstrip("/") != "/v1/chat/completions":
                    self._send(Reply(status=404, json=error_json(404, f"no route {self.path}")))
                    return
                if not isinstance(body, dict):
                    self._send(Reply(status=400, json=error_json(400, "body is not JSON")))
                    return
                self._send(scripted.handler(body, headers))

            def _send(self, reply: Reply):
                if reply.delay_s:
                    time.sleep(reply.delay_s)
                if reply.raw is not None:
                    payload = reply.raw
                elif reply.json is not None:
                    payload = jsonlib.dumps(reply.json).encode("utf-8")
                elif reply.content is not None:
                    payload = jsonlib.dumps(chat_json(reply.content)).encode("utf-8")
                elif reply.status >= 300:
                    payload = jsonlib.dumps(error_json(reply.status, f"scripted HTTP {reply.status}")).encode()
                else:
                    payload = jsonlib.dumps(chat_json("ok")).encode("utf-8")
                try:
                    self.send_response(reply.status)
                    names = {k.lower() for k in reply.headers}
                    if "content-type" not in names:
                        self.send_header("Content-Type", "application/json")
                    for name, value in reply.headers.items():
                        self.send_header(name, value)
                    if reply.close_delimited:
                        self.send_header("Connection", "close")
                        self.close_connection = True
                    else:
                        self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout or size cap): expected in those tests

        self._server = _QuietServer(("127.0.0.1", 0), _Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, name="scripted-llm", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def __enter__(self) -> "ScriptedLLM":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    # -- what tests read -----------------------------------------------------------------

    @property
    def port(self) -> int:
        assert self._server is not None, "server not started"
        return self._server.server_address[1]

    @property
    def url(self) -> str:
        """The base URL to configure: ``http://127.0.0.1:PORT/v1``."""
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def count(self) -> int:
        """How many requests (any path) the server has received."""
        with self._lock:
            return len(self.requests)

    def chat_requests(self) -> list[dict]:
        """The JSON bodies of the chat-completion requests, in order."""
        with self._lock:
            return [body for path, body, _ in self.requests if path.startswith("/v1/chat/completions")]

    def _record(self, path: str, body: dict | None, headers: dict) -> None:
        with self._lock:
            self.requests.append((path, body, headers))


# -- canned handlers -------------------------------------------------------------------------


def always(reply: Reply) -> Handler:
    """Every request gets ``reply``."""
    return lambda request, headers: reply


def sequence(*replies: Reply) -> Handler:
    """Requests get ``replies`` in order; the last one repeats."""
    remaining = list(replies)
    lock = threading.Lock()

    def handler(request: dict, headers: dict) -> Reply:
        with lock:
            return remaining.pop(0) if len(remaining) > 1 else remaining[0]

    return handler


def status(code: int) -> Handler:
    """An error status whose body echoes the request's Authorization header (as some providers
    echo the key they rejected): the client must never pass that text on."""

    def handler(request: dict, headers: dict) -> Reply:
        echoed = headers.get("authorization", "")
        return Reply(status=code, json=error_json(code, f"scripted HTTP {code}; you sent {echoed!r}"))

    return handler


def redirect(location: str, code: int = 302) -> Handler:
    """A redirect to ``location`` (the client must not follow it)."""
    return always(Reply(status=code, headers={"Location": location}, json=error_json(code, "moved")))


def slow(delay_s: float, content: str = "ok") -> Handler:
    """Answers ``content`` after ``delay_s`` seconds."""
    return always(Reply(content=content, delay_s=delay_s))


def oversize(n_bytes: int = (1 << 20) + 4096, close_delimited: bool = False) -> Handler:
    """A 200 whose body is a chat completion padded past ``n_bytes`` (default just over 1 MiB);
    ``close_delimited`` leaves out Content-Length, so only counting the bytes can catch it."""
    return always(Reply(content="x" * n_bytes, close_delimited=close_delimited))


def prose(text: str = "The pump runs at 1450 rpm, see the manual.") -> Handler:
    """Answers with prose where JSON was asked for."""
    return always(Reply(content=text))


def fenced(obj: object, lang: str = "json") -> Handler:
    """Answers with ``obj`` as JSON inside a Markdown code fence."""
    return always(Reply(content=f"Here is the answer:\n```{lang}\n{jsonlib.dumps(obj)}\n```\n"))


AS_JSON_OBJECT = "as json_object"


def by_response_format(
    json_schema: Reply | None = None,
    json_object: Reply | None = None,
    none: Reply | None = None,
    json_object_schema: Reply | None | str = AS_JSON_OBJECT,
) -> Handler:
    """Answers by the request's ``response_format``: a mode given None is rejected with a 400
    naming response_format (as servers without structured outputs do). ``json_object_schema``
    answers a json_object that carries a "schema"; by default that is answered as a plain
    json_object (the extra field ignored, as most servers do)."""

    def handler(request: dict, headers: dict) -> Reply:
        fmt = request.get("response_format") or {}
        kind = fmt.get("type")
        if kind == "json_object" and "schema" in fmt and json_object_schema != AS_JSON_OBJECT:
            if json_object_schema is None:
                return Reply(status=400, json=error_json(
                    400, "Additional properties are not allowed ('schema' was unexpected) - 'response_format'"))
            return json_object_schema  # type: ignore[return-value]
        reply = {"json_schema": json_schema, "json_object": json_object, None: none}.get(kind)
        if reply is None:
            return Reply(status=400, json=error_json(400, f"response_format {kind!r} is not supported"))
        return reply

    return handler


def _validation_500(loc: list, msg: str, value: object) -> Reply:
    """llama-cpp-python's answer to a request its pydantic model refuses: HTTP 500 with the
    validation error as the message."""
    detail = [{"type": "literal_error", "loc": loc, "msg": msg, "input": value}]
    return Reply(status=500, json={"error": {"message": jsonlib.dumps(detail), "type": "internal_server_error"}})


def llama_cpp_python(then: Reply, schema_reply: Reply | None = None) -> Handler:
    """As llama-cpp-python's server 0.3.x answers (llama_cpp/server/types.py,
    llama_types.ChatCompletionRequestResponseFormat): a response_format whose type is not
    "text" or "json_object" (json_schema) is a validation error reported as HTTP 500 with a
    body naming the field; a json_object may carry a "schema" (an object), from which the
    server builds a sampling grammar, and is then answered with ``schema_reply`` (default
    ``then``); json_object without one and no response_format are answered with ``then``.
    ``max_tokens`` must be an integer or null; unknown fields (``max_completion_tokens``)
    are ignored, as pydantic's default model does."""

    def handler(request: dict, headers: dict) -> Reply:
        fmt = request.get("response_format") or {}
        kind = fmt.get("type")
        if kind not in (None, "text", "json_object"):
            return _validation_500(["body", "response_format", "type"], "Input should be 'text' or 'json_object'", kind)
        if "schema" in fmt and not isinstance(fmt["schema"], dict):
            return _validation_500(["body", "response_format", "schema"], "Input should be a valid dictionary",
                                   fmt["schema"])
        cap = request.get("max_tokens")
        if cap is not None and (isinstance(cap, bool) or not isinstance(cap, int)):
            return _validation_500(["body", "max_tokens"], "Input should be a valid integer", cap)
        if kind == "json_object" and "schema" in fmt and schema_reply is not None:
            return schema_reply
        return then

    return handler


def reasoning_model(then: Reply) -> Handler:
    """As OpenAI answers for its reasoning models: a request with ``max_tokens`` is refused
    with HTTP 400 ("Unsupported parameter: 'max_tokens' is not supported with this model. Use
    'max_completion_tokens' instead."); one with ``max_completion_tokens`` gets ``then``."""

    def handler(request: dict, headers: dict) -> Reply:
        if "max_tokens" in request:
            return Reply(status=400, json={"error": {
                "message": "Unsupported parameter: 'max_tokens' is not supported with this model. "
                           "Use 'max_completion_tokens' instead.",
                "type": "invalid_request_error", "param": "max_tokens", "code": "unsupported_parameter"}})
        return then

    return handler


def reject_json_schema(then: Reply) -> Handler:
    """json_schema rejected with a 400; json_object (and no response_format) answered with ``then``."""
    return by_response_format(json_schema=None, json_object=then, none=then)


@pytest.fixture
def scripted_llm() -> Iterator[ScriptedLLM]:
    """A started `ScriptedLLM`, stopped after the test (import this name to use it)."""
    with ScriptedLLM() as server:
        yield server
