"""Client for any OpenAI-compatible chat-completions server (DeepSeek, OpenAI, Ollama, vLLM...).

One job: send chat messages to the configured server and bring back text or parsed JSON, with
every failure turned into a short `LlmError` that a user can act on. Prompts and claim checks
live elsewhere (`answer.generate`, `answer.verify`); the settings it is given (URL, models,
key, timeout, token cap) are read and checked by `answer.llm_settings`, and the connection
check is `answer.llm_check`.

Safety rules, all tested:
- The ``openai`` client gets every value explicitly and ``max_retries=0``; values the package
  would otherwise take from the environment (``OPENAI_API_KEY``, ``OPENAI_BASE_URL``,
  ``OPENAI_ORG_ID``, ``OPENAI_PROJECT_ID``, ``OPENAI_ADMIN_KEY``, ``OPENAI_CUSTOM_HEADERS``) are
  never used. Redirects are not followed (a 3xx is reported with its target).
- Responses are read up to `RESPONSE_CAP_BYTES` (1 MiB); a larger one is an error.
- The API key never appears in an error message, a repr or a log record.
"""
from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Protocol

import httpx
import openai

from pincite.answer.llm_settings import RESPONSE_FORMATS, LlmSettings, ResponseFormat, display_url
from pincite.text import lazyre

from ..errors import LlmError
from ..urls import UNSAFE_CHARS

log = logging.getLogger(__name__)


#: The request fields that cap reply tokens, in the order tried: ``max_tokens`` is what
#: llama.cpp's llama-server, llama-cpp-python, Ollama, vLLM, LM Studio and DeepSeek read;
#: OpenAI's reasoning models reject it with HTTP 400 naming ``max_completion_tokens``, which
#: is then sent instead (`LlmClient` keeps the field that worked).
TOKEN_LIMIT_FIELDS: tuple[str, ...] = ("max_tokens", "max_completion_tokens")
#: Largest response body read, in bytes (about 1 MiB). A chat answer over
#: evidence is a few KiB; anything near this is a misbehaving server.
RESPONSE_CAP_BYTES = 1 << 20

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


# -- URL and settings ------------------------------------------------------------------------


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


_FENCE = lazyre.compile(r"```[A-Za-z0-9_-]*[ \t]*\r?\n?(.*?)```", re.S)
_THINK = lazyre.compile(r"^\s*<think>.*?</think>", re.S)


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
            shown = display_url(httpx.URL(str(target)))
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
_FORMAT_WORDS_RE = lazyre.compile(r"response_format|json_schema|json_object|response format", re.IGNORECASE)


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


