"""Client for any OpenAI-compatible chat-completions server (DeepSeek, OpenAI, Ollama, vLLM...).

One job: send chat messages to the configured server and bring back text or parsed JSON, with
every failure turned into a short `LlmError` that a user can act on. Prompts and claim checks
live elsewhere (`answer.generate`, `answer.verify`).

Settings (`LlmSettings`) come from `load_settings`: the saved file ``<data>/llm.json`` (never a
key), then the environment (``PINCITE_LLM_URL``, ``PINCITE_LLM_MODEL``,
``PINCITE_LLM_QUERY_MODEL``, ``PINCITE_LLM_HEADERS`` as a JSON object, ``PINCITE_LLM_TIMEOUT``,
``PINCITE_LLM_MAX_TOKENS``, ``PINCITE_API_KEY``), then explicit options, each winning over the
one before. Every reply is capped at ``max_tokens`` (DEFAULT_MAX_TOKENS by default).
`check_llm` proves the pair of models works (before any document text is sent) and finds
which ``response_format`` mode the server honours; `save_settings` records it.

Safety rules, all tested:
- URLs: https for remote hosts; plain http only for localhost, 127.0.0.1 and ::1; no userinfo,
  query, fragment, whitespace or control characters; the path ends in ``/v1`` (`check_url`).
- The ``openai`` client gets every value explicitly and ``max_retries=0``; values the package
  would otherwise take from the environment (``OPENAI_API_KEY``, ``OPENAI_BASE_URL``,
  ``OPENAI_ORG_ID``, ``OPENAI_PROJECT_ID``, ``OPENAI_ADMIN_KEY``, ``OPENAI_CUSTOM_HEADERS``) are
  never used. Redirects are not followed (a 3xx is reported with its target).
- Responses are read up to `RESPONSE_CAP_BYTES` (1 MiB); a larger one is an error.
- The API key never appears in an error message, a repr, a log record or the settings file.
"""
from __future__ import annotations

import json
import logging
import math
import os
import re
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, Protocol

import httpx
import openai

from ..errors import LlmError
from ..urls import LOCAL_HOSTS_SHOWN, UNSAFE_CHARS, UrlRefused, web_url

log = logging.getLogger(__name__)

ResponseFormat = Literal["json_schema", "json_object_schema", "json_object", "prompt"]
#: The ``response_format`` modes, best first: a strict JSON schema (OpenAI's
#: ``{"type": "json_schema", ...}``); a JSON object constrained by the schema sent inside it
#: (``{"type": "json_object", "schema": ...}``, the form llama.cpp's llama-server and
#: llama-cpp-python turn into a sampling grammar); any JSON object; or none (the prompt asks
#: for JSON; code fences are stripped from the reply).
RESPONSE_FORMATS: tuple[ResponseFormat, ...] = ("json_schema", "json_object_schema", "json_object", "prompt")

#: Seconds `check_llm` waits for each reply (docs/decisions/0007-model-servers-and-downloads.md).
CHECK_TIMEOUT_S = 15.0
#: Seconds an answer request waits by default (LlmSettings.timeout_s; configurable).
DEFAULT_TIMEOUT_S = 60.0
#: Reply tokens asked for by default (LlmSettings.max_tokens; configurable). An answer of
#: ANSWER_SCHEMA's shape is a few claims of a sentence and a quote each, plus the optional
#: calculation: MAX_CLAIMS (8) claims of about 100 tokens stay under it. A model that loops
#: inside a string stops here instead of running into the timeout. Reasoning models count
#: their thinking in this budget and need more.
DEFAULT_MAX_TOKENS = 1024
#: Largest max_tokens setting accepted (a typo guard, not a model limit).
MAX_TOKENS_LIMIT = 1 << 20
#: The request fields that cap reply tokens, in the order tried: ``max_tokens`` is what
#: llama.cpp's llama-server, llama-cpp-python, Ollama, vLLM, LM Studio and DeepSeek read;
#: OpenAI's reasoning models reject it with HTTP 400 naming ``max_completion_tokens``, which
#: is then sent instead (`LlmClient` keeps the field that worked).
TOKEN_LIMIT_FIELDS: tuple[str, ...] = ("max_tokens", "max_completion_tokens")
#: Largest response body read, in bytes (about 1 MiB). A chat answer over
#: evidence is a few KiB; anything near this is a misbehaving server.
RESPONSE_CAP_BYTES = 1 << 20
#: The saved settings file inside the data folder.
SETTINGS_FILE = "llm.json"

#: JSON schema of a generated answer: the model may only answer or refuse, and every claim
#: names the evidence chunk it rests on and a verbatim quote from it (checked by verify).
ANSWER_SCHEMA: dict = {
    "type": "object",
    "properties": {
        "status": {"type": "string", "enum": ["answered", "refused"]},
        "claims": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "text": {"type": "string"},
                    "chunk_id": {"type": "string"},
                    "quote": {"type": "string"},
                },
                "required": ["text", "chunk_id", "quote"],
                "additionalProperties": False,
            },
        },
    },
    "required": ["status", "claims"],
    "additionalProperties": False,
}

_HEADER_NAME = re.compile(r"^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$")  # RFC 9110 token
_SETTINGS_FIELDS = {"url", "model", "query_model", "headers", "response_format", "timeout_s", "max_tokens"}
_OVERRIDES = {"base_url", "model", "query_model", "api_key", "headers", "timeout_s", "response_format",
              "max_tokens"}


# -- URL and settings ------------------------------------------------------------------------


def check_url(url: str) -> str:
    """Validate an OpenAI-compatible base URL; return it with any trailing slash removed.

    Rules: pincite.urls.web_url (https, or http only to the loopback host; no userinfo
    ``user:pass@``, whitespace or control characters); no query or fragment; the path ends in ``/v1`` (e.g. ``https://api.deepseek.com/v1``,
    ``http://localhost:11434/v1``). Raises LlmError(kind="config") naming the rule broken; the
    message never repeats userinfo, query or fragment (they may hold a secret).
    """
    try:
        parsed = web_url(url)
    except UrlRefused as e:
        raise LlmError(_refusal(e), kind="config") from None
    if parsed.query or "?" in url:
        raise LlmError("the LLM URL must not contain a query (?...)", kind="config")
    if parsed.fragment or "#" in url:
        raise LlmError("the LLM URL must not contain a fragment (#...)", kind="config")
    shown = _display_url(parsed)
    if not parsed.path.rstrip("/").endswith("/v1"):
        raise LlmError(f"{shown}: the LLM URL must end in /v1 (e.g. https://api.example.com/v1)", kind="config")
    return shown


def _refusal(e: UrlRefused) -> str:
    """The LLM client's wording of a URL the policy refused (pincite.urls.web_url)."""
    if e.rule == "empty":
        return "the LLM URL is empty: set --llm-url or PINCITE_LLM_URL"
    if e.rule == "control":
        return "the LLM URL contains whitespace or control characters"
    if e.rule == "unparsable" or e.parsed is None:
        return "the LLM URL cannot be parsed"
    if e.rule == "userinfo":
        return "the LLM URL must not contain a user name or password; give the key in PINCITE_API_KEY"
    if e.rule == "scheme":
        return f"the LLM URL must start with https:// (got {e.parsed.scheme or 'no'} scheme)"
    return f"{_display_url(e.parsed)}: plain http is allowed only for {LOCAL_HOSTS_SHOWN}; use https"


def _display_url(parsed: httpx.URL) -> str:
    """scheme://host[:port]/path of a URL, without userinfo, query or fragment; no trailing slash."""
    host = parsed.host
    if ":" in host:  # IPv6 literal
        host = f"[{host}]"
    port = f":{parsed.port}" if parsed.port is not None else ""
    path = parsed.raw_path.decode("ascii", "replace").split("?", 1)[0]
    return f"{parsed.scheme}://{host}{port}{path.rstrip('/')}"


def _check_name(value: object, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise LlmError(f"the {what} is empty", kind="config")
    value = value.strip()
    if re.search(r"[\x00-\x1f\x7f-\x9f]", value) or len(value) > 200:
        raise LlmError(f"the {what} contains control characters or is over 200 characters", kind="config")
    return value


def _check_headers(headers: object, source: str) -> dict[str, str]:
    if not isinstance(headers, Mapping):
        raise LlmError(f"{source}: headers must be a JSON object of names to strings", kind="config")
    checked: dict[str, str] = {}
    for name, value in headers.items():
        if not isinstance(name, str) or not _HEADER_NAME.match(name):
            raise LlmError(f"{source}: {name!r} is not a valid HTTP header name", kind="config")
        if not isinstance(value, str) or not value.isascii() or re.search(r"[\x00-\x1f\x7f]", value):
            # The value may be a secret: name the header, never the value.
            raise LlmError(f"{source}: the value of header {name} must be a one-line ASCII string", kind="config")
        checked[name] = value
    return checked


@dataclass(frozen=True)
class LlmSettings:
    """Where and how to reach the model server.

    ``base_url``: ends in /v1 (validated and normalised by `check_url` on construction).
    ``model``: the answer model; ``query_model``: the model for sub-questions (None: the answer
    model, see `effective_query_model`). ``headers``: extra HTTP headers some providers require
    (values are not shown by repr). ``api_key``: never written anywhere, never in repr/str.
    ``timeout_s``: seconds per answer request. ``response_format``: the mode `check_llm` found
    to work (None: not checked; `LlmClient.complete_json` then tries json_schema).
    ``max_tokens``: the most tokens a reply may have (sent as ``max_tokens``, or as
    ``max_completion_tokens`` where the server asks for it: TOKEN_LIMIT_FIELDS), an integer
    from 1 to MAX_TOKENS_LIMIT. Raises LlmError(kind="config") for an invalid value.
    """

    base_url: str
    model: str
    query_model: str | None = None
    headers: dict[str, str] = field(default_factory=dict)
    api_key: str | None = field(default=None, repr=False)
    timeout_s: float = DEFAULT_TIMEOUT_S
    response_format: ResponseFormat | None = None
    max_tokens: int = DEFAULT_MAX_TOKENS

    def __post_init__(self) -> None:
        object.__setattr__(self, "base_url", check_url(self.base_url))
        object.__setattr__(self, "model", _check_name(self.model, "LLM model name"))
        if self.query_model is not None and str(self.query_model).strip():
            object.__setattr__(self, "query_model", _check_name(self.query_model, "LLM query model name"))
        else:
            object.__setattr__(self, "query_model", None)
        object.__setattr__(self, "headers", _check_headers(self.headers, "LLM headers"))
        if self.api_key is not None:
            key = self.api_key.strip() if isinstance(self.api_key, str) else None
            if key is None or not key.isascii() or re.search(r"[\x00-\x20\x7f]", key):
                # Never echo it: a pasted key with a typographic quote or a space inside.
                raise LlmError(
                    "the API key must be one word of ASCII characters (check for a pasted quote or space)",
                    kind="config",
                )
            object.__setattr__(self, "api_key", key or None)
        try:
            timeout = float(self.timeout_s)
        except (TypeError, ValueError):
            raise LlmError("the LLM timeout must be a number of seconds", kind="config") from None
        if not math.isfinite(timeout) or timeout <= 0:
            raise LlmError("the LLM timeout must be a positive number of seconds", kind="config")
        object.__setattr__(self, "timeout_s", timeout)
        object.__setattr__(self, "max_tokens", _check_max_tokens(self.max_tokens))
        if self.response_format is not None and self.response_format not in RESPONSE_FORMATS:
            raise LlmError(
                f"response_format {self.response_format!r}: choose one of {', '.join(RESPONSE_FORMATS)}",
                kind="config",
            )

    @property
    def effective_query_model(self) -> str:
        """The model for sub-questions: ``query_model`` when set, else ``model``."""
        return self.query_model or self.model

    def __repr__(self) -> str:
        return (
            f"LlmSettings(base_url={self.base_url!r}, model={self.model!r}, "
            f"query_model={self.query_model!r}, headers={sorted(self.headers)!r}, "
            f"api_key={'<set>' if self.api_key else None}, timeout_s={self.timeout_s!r}, "
            f"response_format={self.response_format!r}, max_tokens={self.max_tokens!r})"
        )

    __str__ = __repr__


def _check_max_tokens(value: object, source: str = "the LLM max_tokens") -> int:
    """`value` as a reply-token cap: an integer (or a string of one) from 1 to MAX_TOKENS_LIMIT.
    Raises LlmError(kind="config") naming `source`."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_TOKENS_LIMIT:
        raise LlmError(f"{source} must be a whole number of tokens from 1 to {MAX_TOKENS_LIMIT}", kind="config")
    return value


def _read_settings_file(path: Path) -> dict:
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise LlmError(f"{path}: not a readable JSON settings file ({type(exc).__name__})", kind="config") from None
    if not isinstance(data, dict):
        raise LlmError(f"{path}: the settings file must hold a JSON object", kind="config")
    secretish = [k for k in data
                 if k not in _SETTINGS_FIELDS and re.search(r"key|token|secret|password", str(k), re.I)]
    if secretish:
        raise LlmError(
            f"{path}: the settings file must not hold an API key ({', '.join(map(str, secretish))}); "
            "remove it and set PINCITE_API_KEY instead",
            kind="config",
        )
    unknown = sorted(set(map(str, data)) - _SETTINGS_FIELDS)
    if unknown:
        raise LlmError(
            f"{path}: unknown setting(s) {', '.join(unknown)}; allowed: {', '.join(sorted(_SETTINGS_FIELDS))}",
            kind="config",
        )
    return data


def load_settings(data_dir: Path, env: Mapping[str, str] = os.environ, **overrides) -> LlmSettings | None:
    """The LLM settings in force, or None when neither a URL nor a model is configured.

    Sources, each winning over the one before: ``<data_dir>/llm.json`` (keys url, model,
    query_model, headers, response_format, timeout_s, max_tokens); the environment
    (PINCITE_LLM_URL, PINCITE_LLM_MODEL, PINCITE_LLM_QUERY_MODEL, PINCITE_LLM_HEADERS as a
    JSON object merged over the file's headers, PINCITE_LLM_TIMEOUT in seconds for answers,
    PINCITE_LLM_MAX_TOKENS for the reply-token cap, PINCITE_API_KEY); then ``overrides``
    (CLI options: base_url, model, query_model, api_key, headers, timeout_s, response_format,
    max_tokens; None means not given).
    The saved response_format is used only while the URL and model are the ones it was
    checked with. Raises LlmError(kind="config") for an invalid file or value, or when only
    one of URL and model is configured; TypeError for an unknown override.
    """
    unknown = set(overrides) - _OVERRIDES
    if unknown:
        raise TypeError(f"load_settings() got unknown override(s): {', '.join(sorted(unknown))}")
    path = Path(data_dir) / SETTINGS_FILE
    saved = _read_settings_file(path)

    url = saved.get("url")
    model = saved.get("model")
    query_model = saved.get("query_model")
    headers = _check_headers(saved.get("headers") or {}, str(path))
    timeout_s = saved.get("timeout_s", DEFAULT_TIMEOUT_S)
    max_tokens = _check_max_tokens(saved.get("max_tokens", DEFAULT_MAX_TOKENS), f"{path}: max_tokens")
    api_key = None

    url = env.get("PINCITE_LLM_URL") or url
    model = env.get("PINCITE_LLM_MODEL") or model
    query_model = env.get("PINCITE_LLM_QUERY_MODEL") or query_model
    api_key = env.get("PINCITE_API_KEY") or api_key
    if env.get("PINCITE_LLM_TIMEOUT"):
        try:
            timeout_s = float(env["PINCITE_LLM_TIMEOUT"])
        except ValueError:
            raise LlmError("PINCITE_LLM_TIMEOUT must be a number of seconds", kind="config") from None
    if env.get("PINCITE_LLM_MAX_TOKENS"):
        max_tokens = _check_max_tokens(env["PINCITE_LLM_MAX_TOKENS"], "PINCITE_LLM_MAX_TOKENS")
    if env.get("PINCITE_LLM_HEADERS"):
        try:
            env_headers = json.loads(env["PINCITE_LLM_HEADERS"])
        except ValueError:
            raise LlmError("PINCITE_LLM_HEADERS must be a JSON object of header names to strings",
                           kind="config") from None
        headers = {**headers, **_check_headers(env_headers, "PINCITE_LLM_HEADERS")}

    given = {k: v for k, v in overrides.items() if v is not None}
    url = given.get("base_url", url)
    model = given.get("model", model)
    query_model = given.get("query_model", query_model)
    api_key = given.get("api_key", api_key)
    if "headers" in given:
        headers = {**headers, **_check_headers(given["headers"], "--llm-header")}
    timeout_s = given.get("timeout_s", timeout_s)
    max_tokens = given.get("max_tokens", max_tokens)

    if not url and not model:
        return None
    if not url:
        raise LlmError("no LLM URL configured: set --llm-url or PINCITE_LLM_URL", kind="config")
    if not model:
        raise LlmError("no LLM model configured: set --llm-model or PINCITE_LLM_MODEL", kind="config")

    url = check_url(url)
    response_format = given.get("response_format")
    if response_format is None and saved.get("response_format") and saved.get("url") and saved.get("model"):
        try:
            same_pair = check_url(saved["url"]) == url and str(saved["model"]).strip() == str(model).strip()
        except LlmError:
            same_pair = False
        if same_pair:
            response_format = saved["response_format"]
    return LlmSettings(
        base_url=url,
        model=model,
        query_model=query_model,
        headers=headers,
        api_key=api_key,
        timeout_s=timeout_s,
        response_format=response_format,
        max_tokens=max_tokens,
    )


def save_settings(data_dir: Path, settings: LlmSettings) -> Path:
    """Write ``settings`` to ``<data_dir>/llm.json`` atomically (temporary file + os.replace),
    mode 0600, WITHOUT the API key. Returns the file's path. Raises OSError when the folder
    cannot be written.
    """
    data_dir = Path(data_dir)
    data_dir.mkdir(parents=True, exist_ok=True)
    data: dict = {"url": settings.base_url, "model": settings.model}
    if settings.query_model:
        data["query_model"] = settings.query_model
    if settings.headers:
        data["headers"] = dict(settings.headers)
    if settings.response_format:
        data["response_format"] = settings.response_format
    if settings.timeout_s != DEFAULT_TIMEOUT_S:
        data["timeout_s"] = settings.timeout_s
    if settings.max_tokens != DEFAULT_MAX_TOKENS:
        data["max_tokens"] = settings.max_tokens
    path = data_dir / SETTINGS_FILE
    tmp = data_dir / f".{SETTINGS_FILE}.{os.getpid()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, ensure_ascii=False, indent=2)
            fh.write("\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return path


# -- transport with a response cap ---------------------------------------------------------------


class _WrongTokenField(Exception):
    """The server rejected the reply-cap field sent and named the other one (internal)."""


class _ResponseTooLarge(Exception):
    """Raised while reading a body past the cap. Not an httpx error, so openai passes it on."""


class _RequestUrl(Protocol):
    def join(self, url: str) -> object: ...


class _Request(Protocol):
    @property
    def url(self) -> _RequestUrl: ...


class _ErrorResponse(Protocol):
    """What the error handlers read of a failed response (openai's APIStatusError.response):
    an httpx.Response, since the client openai is given is httpx's, though openai types it as
    httpx2's, which has the same members."""

    @property
    def headers(self) -> Mapping[str, str]: ...

    @property
    def content(self) -> bytes: ...

    @property
    def request(self) -> _Request: ...


class _CappedStream(httpx.SyncByteStream):
    def __init__(self, inner: httpx.SyncByteStream, cap: int):
        self._inner = inner
        self._cap = cap

    def __iter__(self) -> Iterator[bytes]:
        total = 0
        for chunk in self._inner:
            total += len(chunk)
            if total > self._cap:
                raise _ResponseTooLarge()
            yield chunk

    def close(self) -> None:
        self._inner.close()


class _CappedTransport(httpx.BaseTransport):
    """Wraps a transport so no response body over ``cap`` bytes is read (Content-Length is
    checked first; the stream is counted whatever the header says)."""

    def __init__(self, inner: httpx.BaseTransport, cap: int):
        self._inner = inner
        self._cap = cap

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = self._inner.handle_request(request)
        length = response.headers.get("content-length", "")
        if length.isdigit() and int(length) > self._cap:
            response.close()
            raise _ResponseTooLarge()
        assert isinstance(response.stream, httpx.SyncByteStream)
        return httpx.Response(
            status_code=response.status_code,
            headers=response.headers,
            stream=_CappedStream(response.stream, self._cap),
            extensions=response.extensions,
            request=request,
        )

    def close(self) -> None:
        self._inner.close()


# -- client ------------------------------------------------------------------------------------------


@dataclass
class Completion:
    """One chat completion.

    ``text``: the first choice's message content ("" when the server sent none). ``model``: the
    model the server says answered (the requested one when it says nothing). ``usage``:
    prompt_tokens, completion_tokens, total_tokens, those the server reported. ``latency_s``:
    wall-clock seconds of the request. ``finish_reason``: as reported ("stop", "length"...).
    """

    text: str
    model: str
    usage: dict[str, int]
    latency_s: float
    finish_reason: str | None = None


_FENCE = re.compile(r"```[A-Za-z0-9_-]*[ \t]*\r?\n?(.*?)```", re.S)
_THINK = re.compile(r"^\s*<think>.*?</think>", re.S)


def parse_json_text(text: str) -> object | None:
    """The JSON value in a model's reply, or None when the reply is not JSON.

    Accepts bare JSON, JSON inside a Markdown code fence (```json ... ``` or ``` ... ```,
    possibly after a line of prose), and drops a leading ``<think>...</think>`` block that
    reasoning models emit. Never raises.
    """
    if not isinstance(text, str):
        return None
    body = _THINK.sub("", text.lstrip("\ufeff")).strip()
    candidates = [body]
    fence = _FENCE.search(body)
    if fence:
        candidates.insert(0, fence.group(1).strip())
    for candidate in candidates:
        if not candidate or candidate[0] not in "{[":
            continue
        try:
            return json.loads(candidate)
        except ValueError:
            continue
    return None


def answer_shape_problem(value: object) -> str | None:
    """Why ``value`` is not of the ANSWER_SCHEMA shape, in a few words; None when it is."""
    if not isinstance(value, dict):
        return "not a JSON object"
    if value.get("status") not in ("answered", "refused"):
        return 'status is not "answered" or "refused"'
    claims = value.get("claims")
    if not isinstance(claims, list):
        return "claims is not a list"
    for i, claim in enumerate(claims):
        if not isinstance(claim, dict):
            return f"claim {i + 1} is not an object"
        for key in ("text", "chunk_id", "quote"):
            if not isinstance(claim.get(key), str):
                return f"claim {i + 1} has no {key} string"
    return None


def _response_format(mode: str, schema: dict, schema_name: str) -> dict | None:
    """The request's ``response_format`` for `mode` (RESPONSE_FORMATS), None for "prompt"."""
    if mode == "json_schema":
        return {"type": "json_schema", "json_schema": {"name": schema_name, "schema": schema, "strict": True}}
    if mode == "json_object_schema":
        return {"type": "json_object", "schema": schema}
    if mode == "json_object":
        return {"type": "json_object"}
    return None


def _format_shown(response_format: dict | None) -> str | None:
    """How a sent response_format is named in messages: its type, "with a schema" added
    when a json_object carried one; None when none was sent."""
    if not response_format:
        return None
    kind = str(response_format.get("type"))
    return f"{kind} with a schema" if kind == "json_object" and "schema" in response_format else kind


class LlmClient:
    """Chat completions against ``settings`` (temperature 0, no retries, no redirects).

    ``timeout_s`` (seconds per request) overrides ``settings.timeout_s``. Every method raises
    only LlmError for server and transport failures (see `LlmError.kind`). Use as a context
    manager or call `close`.
    """

    def __init__(self, settings: LlmSettings, *, timeout_s: float | None = None):
        self.settings = settings
        self.timeout_s = float(timeout_s if timeout_s is not None else settings.timeout_s)
        self._fallback_mode: ResponseFormat | None = None  # found by complete_json when unchecked
        self._token_field: str = TOKEN_LIMIT_FIELDS[0]  # the reply-cap field the server takes
        timeout = httpx.Timeout(self.timeout_s)
        self._http = httpx.Client(
            transport=_CappedTransport(httpx.HTTPTransport(), RESPONSE_CAP_BYTES),
            follow_redirects=False,
            timeout=timeout,
            # identity: the cap counts the bytes as they will be parsed
            headers={"Accept-Encoding": "identity"},
        )
        self._client = openai.OpenAI(
            base_url=settings.base_url,
            api_key=settings.api_key or "not-needed",
            organization=None,
            project=None,
            max_retries=0,
            timeout=self.timeout_s,
            default_headers=dict(settings.headers),
            # openai types http_client as httpx2.Client; it takes an httpx.Client as well
            # (openai._httpx2.is_legacy_httpx_sync_client), the client whose transport caps replies
            http_client=self._http,  # type: ignore[arg-type]
        )
        # openai reads these from OPENAI_* environment variables when they are None; a provider
        # configured for pincite must get none of them (OPENAI_CUSTOM_HEADERS may hold an
        # Authorization for another service).
        self._client.organization = None
        self._client.project = None
        self._client.admin_api_key = None
        self._client.webhook_secret = None
        self._client._custom_headers = dict(settings.headers)
        self._client._ambient_authorizations = frozenset()

    def __enter__(self) -> "LlmClient":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        """Close the connection pool. Idempotent."""
        self._client.close()
        self._http.close()

    # -- requests ----------------------------------------------------------------------------

    def complete(self, messages: list[dict], *, model: str | None = None) -> Completion:
        """A plain chat completion (temperature 0) of ``messages`` by ``model`` (default: the
        answer model). Raises LlmError."""
        return self._request(messages, model or self.settings.model, None)

    def complete_json(
        self,
        messages: list[dict],
        schema: dict,
        *,
        schema_name: str = "answer",
        model: str | None = None,
        mode: ResponseFormat | None = None,
    ) -> tuple[object | None, Completion]:
        """Ask for JSON and parse the reply: ``(value, completion)``; value is None when the
        content is not JSON (prose) — the caller decides what that means.

        ``mode``: "json_schema" (``schema`` sent as a strict JSON schema named
        ``schema_name``), "json_object_schema" (a json_object with ``schema`` inside, which
        llama.cpp servers turn into a grammar), "json_object", or "prompt" (no
        response_format: the messages must ask for JSON). Default: settings.response_format;
        when that is not set either (check_llm never ran), the modes of RESPONSE_FORMATS in
        turn while the server rejects the
        mode (an "unsupported" error with a FORMAT_REJECT_STATUSES status), and the mode that
        worked is kept for the client's later calls. Code fences are stripped whatever the
        mode. Raises LlmError for server failures (kind "unsupported" when the server rejects
        the mode named), never for bad JSON.
        """
        chosen = mode or self.settings.response_format or self._fallback_mode
        if chosen is not None and chosen not in RESPONSE_FORMATS:
            raise LlmError(f"response_format {chosen!r}: choose one of {', '.join(RESPONSE_FORMATS)}", kind="config")
        # a mode named by the caller or found by check_llm is used as it is; otherwise the
        # modes are tried best first, and the first the server accepts is kept for this client
        modes = [chosen] if chosen is not None else list(RESPONSE_FORMATS)
        for i, m in enumerate(modes):
            try:
                completion = self._request(messages, model or self.settings.model,
                                           _response_format(m, schema, schema_name))
            except LlmError as exc:
                if exc.kind != "unsupported" or exc.status not in FORMAT_REJECT_STATUSES or i == len(modes) - 1:
                    raise
                log.info("response_format %s rejected (HTTP %s); trying %s", m, exc.status, modes[i + 1])
                continue
            if chosen is None:
                self._fallback_mode = m
            return parse_json_text(completion.text), completion
        raise AssertionError("unreachable")  # the last mode returns or raises

    def _request(self, messages: list[dict], model: str, response_format: dict | None) -> Completion:
        """One chat completion, its reply capped at settings.max_tokens. The cap goes in the
        field this client last saw work (TOKEN_LIMIT_FIELDS); a server that rejects it with a
        400/422 naming the other field is asked once more with that one, which is kept."""
        for field_name in dict.fromkeys([self._token_field, *TOKEN_LIMIT_FIELDS]):
            try:
                return self._request_once(messages, model, response_format, field_name)
            except _WrongTokenField:
                log.info("the server does not take %s; sending the reply cap as the other field", field_name)
                continue
        raise self._error(
            f"the server at {self.settings.base_url} rejected both max_tokens and max_completion_tokens "
            f"(model {model!r}); check --llm-model and --llm-url",
            "unsupported",
            400,
        )

    def _request_once(self, messages: list[dict], model: str, response_format: dict | None,
                      token_field: str) -> Completion:
        kwargs: dict = {"model": model, "messages": messages, "temperature": 0}
        if response_format is not None:
            kwargs["response_format"] = response_format
        # openai's create() names max_tokens and max_completion_tokens both; extra_body would
        # do for a server-specific name
        kwargs[token_field] = self.settings.max_tokens
        started = time.perf_counter()
        # The LlmError is raised after the except blocks, so it carries no __context__ (the
        # openai exception holds the provider's text, which may echo the key).
        failure: LlmError | None = None
        wrong_field = False
        try:
            raw = self._client.chat.completions.with_raw_response.create(**kwargs)
            content = raw.http_response.content
        except _ResponseTooLarge:
            failure = self._too_large()
        except openai.APITimeoutError:
            failure = self._error(
                f"the server did not answer within {self.timeout_s:g} s ({self.settings.base_url}); "
                "try again later or raise the timeout",
                "unavailable",
            )
        except openai.APIConnectionError as exc:
            if isinstance(exc.__cause__, _ResponseTooLarge):  # defensive: it passes through unwrapped
                failure = self._too_large()
            else:
                failure = self._error(
                    f"the server did not answer: cannot connect to {self.settings.base_url}; "
                    "check --llm-url and that the server is running",
                    "unavailable",
                )
        except openai.APIStatusError as exc:
            if exc.status_code in (400, 422) and _names_other_token_field(exc.response, token_field):
                wrong_field = True
            else:
                failure = self._status_error(exc.status_code, exc.response, model, _format_shown(response_format))
        except httpx.HTTPError as exc:  # anything httpx raised that openai did not wrap
            failure = self._error(
                f"the server did not answer ({type(exc).__name__}) at {self.settings.base_url}",
                "unavailable",
            )
        except openai.OpenAIError as exc:
            failure = self._error(f"the LLM request failed ({type(exc).__name__})", "bad_response")
        if wrong_field:
            raise _WrongTokenField()
        if failure is not None:
            raise failure
        self._token_field = token_field
        latency = time.perf_counter() - started
        if len(content) > RESPONSE_CAP_BYTES:  # a compressed body that expanded past the cap
            raise self._too_large()
        return self._parse(content, model, latency)

    def _too_large(self) -> LlmError:
        return self._error(
            f"the server's response is larger than 1 MiB ({self.settings.base_url}); "
            "check that --llm-url points at a chat-completions API",
            "bad_response",
        )

    def _parse(self, content: bytes, model: str, latency: float) -> Completion:
        body = choice = message = None
        try:
            body = json.loads(content)
            choice = body["choices"][0]
            message = choice["message"]
        except (ValueError, KeyError, IndexError, TypeError):
            pass
        if not isinstance(body, dict) or not isinstance(choice, dict) or not isinstance(message, dict):
            raise self._error(
                f"the server's answer is not an OpenAI chat completion ({self.settings.base_url}); "
                "check --llm-url",
                "bad_response",
            )
        text = message.get("content")
        if isinstance(text, list):  # content parts
            text = "".join(p.get("text", "") for p in text if isinstance(p, dict) and isinstance(p.get("text"), str))
        if not isinstance(text, str):
            text = ""
        usage: dict[str, int] = {}
        raw_usage = body.get("usage")
        if isinstance(raw_usage, dict):
            for key in ("prompt_tokens", "completion_tokens", "total_tokens"):
                value = raw_usage.get(key)
                if isinstance(value, int) and not isinstance(value, bool):
                    usage[key] = value
        reported = body.get("model")
        answered_by = reported if isinstance(reported, str) and reported else model
        finish = choice.get("finish_reason") if isinstance(choice.get("finish_reason"), str) else None
        return Completion(text=text, model=answered_by, usage=usage, latency_s=latency, finish_reason=finish)

    # -- errors ------------------------------------------------------------------------------

    def _error(self, message: str, kind: str, status: int | None = None) -> LlmError:
        key = self.settings.api_key
        if key:
            message = message.replace(key, "***")
        log.debug("LLM request failed: %s (%s)", kind, status)
        return LlmError(message, kind=kind, status=status)

    def _status_error(self, status: int, response: _ErrorResponse, model: str,
                      sent_format: str | None = None) -> LlmError:
        url = self.settings.base_url
        if sent_format and status in FORMAT_REJECT_STATUSES and _names_format(response):
            # llama-cpp-python answers an unknown response_format type with a 500 whose body
            # is a validation error; others use 400/415/422: the body naming the format, not
            # the status, says that the request would work without it
            return self._error(
                f"the server rejected response_format {sent_format} (HTTP {status}; model {model!r} at {url})",
                "unsupported",
                status,
            )
        if 300 <= status < 400:
            target = self._redirect_target(response)
            where = f"to {target}" if target else "without a Location"
            return self._error(
                f"the server at {url} redirected {where} (HTTP {status}); set --llm-url to the final URL",
                "redirect",
                status,
            )
        if status in (401, 403):
            return self._error(
                f"the API key was rejected (HTTP {status}) by {url}; check PINCITE_API_KEY", "auth", status
            )
        if status == 429:
            return self._error("rate limited by the server (HTTP 429); try again later", "rate_limited", status)
        if status == 408 or status >= 500:
            return self._error(
                f"the server at {url} did not answer (HTTP {status}); try again later", "unavailable", status
            )
        return self._error(
            f"the model or server does not support this request (HTTP {status}; model {model!r} at {url}); "
            "check --llm-model and --llm-url",
            "unsupported",
            status,
        )

    def _redirect_target(self, response: _ErrorResponse) -> str | None:
        """The redirect's Location resolved against the request URL, without userinfo, query
        or fragment, and suggested as a base URL when it points at .../chat/completions."""
        try:
            location = response.headers.get("location")
            if not location or UNSAFE_CHARS.sub("", location) != location:
                return None
            target = response.request.url.join(location)
            shown = _display_url(httpx.URL(str(target)))
        except Exception:  # a malformed Location: report the redirect without it
            return None
        for suffix in ("/chat/completions",):
            if shown.endswith(suffix):
                shown = shown[: -len(suffix)]
        return shown[:300]


#: HTTP statuses with which servers reject a response_format they do not support (400, 404,
#: 415, 422 by most; 500 by llama-cpp-python's pydantic validation): treated as "this mode
#: is not supported" when the error body names the format (`_names_format`).
FORMAT_REJECT_STATUSES = frozenset({400, 404, 415, 422, 500})
_FORMAT_WORDS_RE = re.compile(r"response_format|json_schema|json_object|response format", re.IGNORECASE)


def _names_other_token_field(response: _ErrorResponse, sent: str) -> bool:
    """Whether an error response's body (its first 4 KiB) names the reply-cap field of
    TOKEN_LIMIT_FIELDS that was not `sent` (OpenAI: "Unsupported parameter: 'max_tokens' is
    not supported with this model. Use 'max_completion_tokens' instead.")."""
    try:
        body = response.content[:4096].decode("utf-8", "replace")
    except Exception:
        return False
    other = [f for f in TOKEN_LIMIT_FIELDS if f != sent]
    return any(re.search(rf"(?<![A-Za-z_]){re.escape(f)}(?![A-Za-z_])", body) for f in other)


def _names_format(response: _ErrorResponse) -> bool:
    """Whether an error response's body (its first 4 KiB) names the response format."""
    try:
        body = response.content[:4096].decode("utf-8", "replace")
    except Exception:  # no body to read: the status alone decides
        return False
    return bool(_FORMAT_WORDS_RE.search(body))


# -- the check -----------------------------------------------------------------------------------------


@dataclass
class CheckResult:
    """What `check_llm` found.

    ``ok``: every model answered and a structured-output mode works. ``response_format``: the
    best mode that returned JSON of the answer shape (None when none did). ``models``: the
    models that answered a plain completion. ``messages``: one human line per step, no secrets.
    """

    ok: bool
    response_format: ResponseFormat | None
    models: list[str]
    messages: list[str]


_CHECK_PING = [{"role": "user", "content": "Reply with the single word: OK"}]
_CHECK_SYSTEM = (
    "Answer the question using only the evidence blocks. Reply with one JSON object and nothing "
    'else, of the form {"status": "answered" or "refused", "claims": [{"text": "...", '
    '"chunk_id": "...", "quote": "..."}]}, where each claim gives the chunk_id of its evidence '
    "block and a verbatim quote from it."
)
_CHECK_USER = (
    "<evidence chunk_id=\"check-1\">\nThe test pump runs at 1450 rpm.\n</evidence>\n\n"
    "Question: How fast does the test pump run?"
)
_STOPPING_KINDS = frozenset({"auth", "rate_limited", "unavailable", "redirect", "bad_response", "config"})


def check_llm(settings: LlmSettings, *, timeout_s: float | None = None) -> CheckResult:
    """Prove the configured models work before any document text is sent.

    1. A plain completion to the answer model, and to the query model when it differs, must
       return non-empty content.
    2. A structured-output request to the answer model, over a tiny synthetic evidence block
       (no document text), must return JSON of the ANSWER_SCHEMA shape: json_schema is tried
       first; when the server rejects it (a status of FORMAT_REJECT_STATUSES with an error
       body naming the format) or the reply is not JSON of that shape, json_object with the
       schema inside; then plain json_object; then prompt-only (code fences stripped). The
       last message names the mode chosen and why each better one was not.
    The first mode that works is returned in ``response_format``. An auth, rate-limit,
    unavailable, redirect or oversize error stops the check with its message. Never raises
    LlmError; ``timeout_s`` is seconds per request: by default CHECK_TIMEOUT_S, or the
    answer timeout the settings were given when that is longer (a local model on a slow or
    busy CPU may need more than 15 s for the structured probe, and the user who raised
    PINCITE_LLM_TIMEOUT for it expects the check to wait as long).
    """
    if timeout_s is None:
        timeout_s = (max(CHECK_TIMEOUT_S, settings.timeout_s) if settings.timeout_s != DEFAULT_TIMEOUT_S
                     else CHECK_TIMEOUT_S)
    messages: list[str] = []
    answered: list[str] = []
    models = [settings.model]
    if settings.effective_query_model != settings.model:
        models.append(settings.effective_query_model)
    roles = {settings.model: "answer model"}
    roles.setdefault(settings.effective_query_model, "query model")

    def stop(exc: LlmError) -> CheckResult:
        messages.append(f"LLM check stopped: {exc}")
        return CheckResult(ok=False, response_format=None, models=answered, messages=messages)

    with LlmClient(settings, timeout_s=timeout_s) as client:
        for model in models:
            try:
                completion = client.complete(_CHECK_PING, model=model)
            except LlmError as exc:
                if exc.kind in _STOPPING_KINDS:
                    return stop(exc)
                messages.append(f"{roles[model]} {model!r}: {exc}")
                continue
            if not completion.text.strip():
                messages.append(
                    f"{roles[model]} {model!r}: returned empty content to a plain completion; "
                    "check the model name (some servers answer an unknown model with nothing)"
                )
                continue
            answered.append(model)
            messages.append(f"{roles[model]} {model!r}: answered a plain completion ({completion.latency_s:.2f} s)")

        if settings.model not in answered:
            messages.append("LLM check failed: the answer model did not answer; structured output not tried")
            return CheckResult(ok=False, response_format=None, models=answered, messages=messages)

        chat = [{"role": "system", "content": _CHECK_SYSTEM}, {"role": "user", "content": _CHECK_USER}]
        found: ResponseFormat | None = None
        skipped: list[str] = []  # why each better mode was not chosen
        for mode in RESPONSE_FORMATS:
            try:
                value, _ = client.complete_json(chat, ANSWER_SCHEMA, schema_name="answer", mode=mode)
            except LlmError as exc:
                if exc.kind in _STOPPING_KINDS:
                    return stop(exc)
                messages.append(f"structured output {mode}: rejected by the server (HTTP {exc.status})")
                skipped.append(f"{mode} rejected by the server (HTTP {exc.status})")
                continue
            problem = "the reply is not JSON" if value is None else answer_shape_problem(value)
            if problem:
                messages.append(f"structured output {mode}: {problem}")
                skipped.append(f"{mode}: {problem}")
                continue
            found = mode
            messages.append(f"structured output {mode}: works")
            break

    ok = found is not None and len(answered) == len(models)
    if found is None:
        messages.append("LLM check failed: no response_format mode returned JSON of the answer shape")
    elif ok:
        messages.append(f"LLM check passed: response_format {found}"
                        + (f" ({'; '.join(skipped)})" if skipped else ""))
    else:
        messages.append("LLM check failed: a model did not answer")
    return CheckResult(ok=ok, response_format=found, models=answered, messages=messages)
