"""Settings of the OpenAI-compatible model server: which URL, models, headers, timeout and
token cap `answer.llm.LlmClient` uses, where they come from and how they are checked.

Settings (`LlmSettings`) come from `load_settings`: the saved file ``<data>/llm.json`` (never a
key), then the environment (``PINCITE_LLM_URL``, ``PINCITE_LLM_MODEL``,
``PINCITE_LLM_QUERY_MODEL``, ``PINCITE_LLM_HEADERS`` as a JSON object, ``PINCITE_LLM_TIMEOUT``,
``PINCITE_LLM_MAX_TOKENS``, ``PINCITE_API_KEY``), then explicit options, each winning over the
one before. Every reply is capped at ``max_tokens`` (DEFAULT_MAX_TOKENS by default).
`save_settings` records what `answer.llm_check.check_llm` found.

URLs: https for remote hosts; plain http only for localhost, 127.0.0.1 and ::1; no userinfo,
query, fragment, whitespace or control characters; the path ends in ``/v1`` (`check_url`).
The API key never appears in an error message, a repr, a log record or the settings file.

This module owns the settings and their checks; it sends no request (`answer.llm` does) and
builds no prompt.
"""
from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import httpx

from pincite.text import lazyre

from ..errors import LlmError
from ..urls import LOCAL_HOSTS_SHOWN, UrlRefused, web_url

ResponseFormat = Literal["json_schema", "json_object_schema", "json_object", "prompt"]
#: The ``response_format`` modes, best first: a strict JSON schema (OpenAI's
#: ``{"type": "json_schema", ...}``); a JSON object constrained by the schema sent inside it
#: (``{"type": "json_object", "schema": ...}``, the form llama.cpp's llama-server and
#: llama-cpp-python turn into a sampling grammar); any JSON object; or none (the prompt asks
#: for JSON; code fences are stripped from the reply).
RESPONSE_FORMATS: tuple[ResponseFormat, ...] = ("json_schema", "json_object_schema", "json_object", "prompt")


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


#: The saved settings file inside the data folder.
SETTINGS_FILE = "llm.json"


_HEADER_NAME = lazyre.compile(r"^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$")  # RFC 9110 token
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
    shown = display_url(parsed)
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
    return f"{display_url(e.parsed)}: plain http is allowed only for {LOCAL_HOSTS_SHOWN}; use https"


def display_url(parsed: httpx.URL) -> str:
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
