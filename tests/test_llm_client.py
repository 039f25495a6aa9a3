"""The OpenAI-compatible chat client (answer/llm.py) against a scripted server on 127.0.0.1.

Every error test also proves the API key never leaks: it is searched for in the exception (message,
args, chained exceptions), repr(settings), the data folder and the captured log records.
"""
from __future__ import annotations

import json
import logging
import os
import socket
import stat
import time

import pytest

from llm_server import (
    Reply,
    ScriptedLLM,
    always,
    by_response_format,
    chat_json,
    error_json,
    fenced,
    llama_cpp_python,
    oversize,
    prose,
    reasoning_model,
    redirect,
    reject_json_schema,
    scripted_llm,  # noqa: F401  (fixture)
    sequence,
    slow,
    status,
)
from pincite.answer.llm import ANSWER_SCHEMA, RESPONSE_CAP_BYTES, LlmClient, answer_shape_problem, parse_json_text
from pincite.answer.llm_check import CHECK_TIMEOUT_S, check_llm
from pincite.answer.llm_settings import (
    DEFAULT_MAX_TOKENS,
    SETTINGS_FILE,
    LlmSettings,
    check_url,
    load_settings,
    save_settings,
)
from pincite.errors import LlmError, PinciteError
from pincite.urls import is_local_url

FAKE_KEY = "sk-pincite-FAKE-7c1e9a42d0b3"
ASK = [{"role": "user", "content": "Reply in JSON: how fast does the pump run?"}]
GOOD_ANSWER = {
    "status": "answered",
    "claims": [{"text": "The pump runs at 1450 rpm.", "chunk_id": "check-1", "quote": "runs at 1450 rpm"}],
}


@pytest.fixture
def data_dir(tmp_path):
    path = tmp_path / "pincite-data"
    path.mkdir()
    return path


@pytest.fixture
def logs(caplog):
    caplog.set_level(logging.DEBUG)
    return caplog


@pytest.fixture
def settings(scripted_llm, data_dir):
    """Settings with the fake key for the scripted server, saved to the data folder like a user would."""
    s = LlmSettings(base_url=scripted_llm.url, model="answer-model", api_key=FAKE_KEY)
    save_settings(data_dir, s)
    return s


def _exception_texts(exc: BaseException) -> list[str]:
    texts = []
    seen = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        texts += [str(exc), repr(exc), repr(exc.args)]
        exc = exc.__cause__ or exc.__context__
    return texts


def assert_no_key(*, exc=None, settings=None, data_dir=None, caplog=None, extra=()):
    texts = list(extra)
    if exc is not None:
        texts += _exception_texts(exc)
    if settings is not None:
        texts += [repr(settings), str(settings)]
    if data_dir is not None:
        for path in data_dir.rglob("*"):
            if path.is_file():
                texts.append(path.read_bytes().decode("utf-8", "replace"))
    if caplog is not None:
        texts.append(caplog.text)
        for record in caplog.records:
            texts += [record.getMessage(), repr(record.args)]
    for text in texts:
        assert FAKE_KEY not in text
        assert FAKE_KEY[-10:] not in text  # no partially masked key either


def _fail(settings, **kw) -> LlmError:
    with LlmClient(settings, **kw) as client, pytest.raises(LlmError) as info:
        client.complete(ASK)
    return info.value


def _closed_port() -> int:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    return port


# -- URL rules -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "url, normalised",
    [
        ("https://api.deepseek.com/v1", "https://api.deepseek.com/v1"),
        ("https://api.openai.com/v1/", "https://api.openai.com/v1"),
        ("https://gateway.example.org:8443/openai/v1", "https://gateway.example.org:8443/openai/v1"),
        ("http://localhost:11434/v1", "http://localhost:11434/v1"),
        ("http://127.0.0.1:8000/v1/", "http://127.0.0.1:8000/v1"),
        ("http://[::1]:8080/v1", "http://[::1]:8080/v1"),
    ],
)
def test_check_url_accepts_and_normalises(url, normalised):
    assert check_url(url) == normalised


@pytest.mark.parametrize(
    "url, words",
    [
        ("http://api.example.com/v1", "plain http"),
        ("http://192.168.1.10:8000/v1", "plain http"),
        ("http://127.0.0.2:8000/v1", "plain http"),
        ("http://localhost.example.com/v1", "plain http"),
        ("https://user:hunter2-secret@api.example.com/v1", "user name or password"),
        ("https://api.example.com/v1?api_key=hunter2-secret", "query"),
        ("https://api.example.com/v1#hunter2-secret", "fragment"),
        ("https://api.example.com/v1 ", "whitespace"),
        (" https://api.example.com/v1", "whitespace"),
        ("https://api.exa mple.com/v1", "whitespace"),
        ("https://api.example.com/v1\n", "whitespace"),
        ("https://api.example.com/\x00v1", "control"),
        ("https://api.example.com/v2", "/v1"),
        ("https://api.example.com", "/v1"),
        ("https://api.example.com/v1/chat/completions", "/v1"),
        ("ftp://api.example.com/v1", "https://"),
        ("api.example.com/v1", "https://"),
        ("", "empty"),
    ],
)
def test_check_url_rejects(url, words):
    with pytest.raises(LlmError) as info:
        check_url(url)
    assert info.value.kind == "config"
    assert words in str(info.value)
    assert "hunter2" not in str(info.value)  # a secret in userinfo, query or fragment is not repeated


def test_is_local_url():
    assert is_local_url("http://localhost:11434/v1")
    assert is_local_url("http://127.0.0.1:8000/v1")
    assert is_local_url("http://[::1]:8080/v1")
    assert not is_local_url("https://api.deepseek.com/v1")
    assert not is_local_url("http://localhost.example.com/v1")
    assert not is_local_url("not a url at all")


def test_settings_validate_on_construction_and_hide_the_key():
    s = LlmSettings(
        base_url="https://api.example.com/v1/",
        model=" m ",
        headers={"X-Provider-Token": "header-secret-value"},
        api_key=FAKE_KEY,
    )
    assert s.base_url == "https://api.example.com/v1" and s.model == "m"
    assert s.effective_query_model == "m"
    assert "X-Provider-Token" in repr(s)
    assert "header-secret-value" not in repr(s) and "header-secret-value" not in str(s)
    assert_no_key(settings=s)
    assert LlmSettings(base_url="http://localhost:1/v1", model="a", query_model="q").effective_query_model == "q"
    for bad in (
        dict(base_url="http://api.example.com/v1", model="m"),
        dict(base_url="https://api.example.com/v1", model=" "),
        dict(base_url="https://api.example.com/v1", model="m", headers={"Bad Name": "x"}),
        dict(base_url="https://api.example.com/v1", model="m", headers={"X-A": "a\r\nInjected: 1"}),
        dict(base_url="https://api.example.com/v1", model="m", timeout_s=0),
        dict(base_url="https://api.example.com/v1", model="m", headers={"X-A": "caf\u00e9"}),
        dict(base_url="https://api.example.com/v1", model="m", api_key=FAKE_KEY + "\u2019"),
        dict(base_url="https://api.example.com/v1", model="m", api_key="sk-a b"),
        dict(base_url="https://api.example.com/v1", model="m", response_format="xml"),
    ):
        with pytest.raises(LlmError) as info:
            LlmSettings(**bad)
        assert info.value.kind == "config"
        assert_no_key(exc=info.value)
    assert LlmSettings(base_url="http://localhost:1/v1", model="m", api_key=f" {FAKE_KEY}\n").api_key == FAKE_KEY
    assert LlmSettings(base_url="http://localhost:1/v1", model="m", api_key="").api_key is None
    assert issubclass(LlmError, PinciteError)


# -- settings: file < environment < options; the key is never saved ----------------------------------------


def test_settings_precedence_and_the_key_never_saved(data_dir, logs):
    (data_dir / SETTINGS_FILE).write_text(
        json.dumps(
            {
                "url": "https://file.example.com/v1",
                "model": "file-model",
                "query_model": "file-query",
                "headers": {"X-From-File": "f", "X-Both": "file"},
            }
        )
    )
    only_file = load_settings(data_dir, env={})
    assert (only_file.base_url, only_file.model, only_file.query_model) == (
        "https://file.example.com/v1",
        "file-model",
        "file-query",
    )
    assert only_file.api_key is None

    env = {
        "PINCITE_LLM_URL": "https://env.example.com/v1",
        "PINCITE_LLM_MODEL": "env-model",
        "PINCITE_API_KEY": FAKE_KEY,
        "PINCITE_LLM_HEADERS": json.dumps({"X-Both": "env", "X-From-Env": "e"}),
    }
    from_env = load_settings(data_dir, env=env)
    assert from_env.base_url == "https://env.example.com/v1"
    assert from_env.model == "env-model"
    assert from_env.query_model == "file-query"  # not in the environment: the file's stays
    assert from_env.api_key == FAKE_KEY
    assert from_env.headers == {"X-From-File": "f", "X-Both": "env", "X-From-Env": "e"}

    from_options = load_settings(
        data_dir, env=env, base_url="http://localhost:11434/v1/", model="opt-model", query_model=None
    )
    assert from_options.base_url == "http://localhost:11434/v1"
    assert from_options.model == "opt-model"
    assert from_options.query_model == "file-query"  # None means "option not given"
    assert from_options.api_key == FAKE_KEY
    assert load_settings(data_dir, env=env, api_key="sk-other-key").api_key == "sk-other-key"

    path = save_settings(data_dir, from_options)
    assert path == data_dir / SETTINGS_FILE
    saved = json.loads(path.read_text())
    assert saved["url"] == "http://localhost:11434/v1" and saved["model"] == "opt-model"
    assert not any("key" in k for k in saved)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert [p.name for p in data_dir.iterdir()] == [SETTINGS_FILE]  # no temporary file left
    assert_no_key(settings=from_options, data_dir=data_dir, caplog=logs)

    reloaded = load_settings(data_dir, env={})
    assert reloaded.api_key is None and reloaded.model == "opt-model"


def test_load_settings_none_or_clear_errors(data_dir):
    assert load_settings(data_dir, env={}) is None
    assert load_settings(data_dir, env={"PINCITE_API_KEY": FAKE_KEY}) is None
    with pytest.raises(LlmError, match="--llm-model"):
        load_settings(data_dir, env={"PINCITE_LLM_URL": "https://api.example.com/v1"})
    with pytest.raises(LlmError, match="--llm-url"):
        load_settings(data_dir, env={}, model="m")
    with pytest.raises(LlmError, match="plain http"):
        load_settings(data_dir, env={}, base_url="http://api.example.com/v1", model="m")
    with pytest.raises(LlmError, match="PINCITE_LLM_HEADERS"):
        load_settings(data_dir, env={"PINCITE_LLM_HEADERS": "not json"}, base_url="https://a.example/v1", model="m")
    with pytest.raises(TypeError):
        load_settings(data_dir, env={}, base_uri="https://a.example/v1")

    (data_dir / SETTINGS_FILE).write_text('{"url": "https://a.example/v1", "model": "m", "api_key": "%s"}' % FAKE_KEY)
    with pytest.raises(LlmError) as info:
        load_settings(data_dir, env={})
    assert info.value.kind == "config" and "must not hold an API key" in str(info.value)
    assert_no_key(exc=info.value)

    (data_dir / SETTINGS_FILE).write_text("{broken")
    with pytest.raises(LlmError, match=SETTINGS_FILE):
        load_settings(data_dir, env={})


def test_saved_response_format_applies_only_to_the_checked_pair(data_dir):
    checked = LlmSettings(base_url="https://a.example/v1", model="m", response_format="json_object")
    save_settings(data_dir, checked)
    assert load_settings(data_dir, env={}).response_format == "json_object"
    assert load_settings(data_dir, env={"PINCITE_LLM_MODEL": "other"}).response_format is None
    assert load_settings(data_dir, env={}, base_url="https://b.example/v1").response_format is None
    assert load_settings(data_dir, env={}, response_format="prompt").response_format == "prompt"


# -- requests -------------------------------------------------------------------------------------------------


def test_complete_sends_model_temperature_headers_and_records_usage(scripted_llm, logs):
    scripted_llm.handler = always(Reply(json=chat_json("The pump runs at 1450 rpm.", usage=(123, 45)), delay_s=0.2))
    s = LlmSettings(
        base_url=scripted_llm.url,
        model="answer-model",
        query_model="query-model",
        headers={"X-Provider-Tenant": "acme"},
        api_key=FAKE_KEY,
    )
    with LlmClient(s) as client:
        completion = client.complete(ASK)
        client.complete(ASK, model=s.effective_query_model)
    assert completion.text == "The pump runs at 1450 rpm."
    assert completion.usage == {"prompt_tokens": 123, "completion_tokens": 45, "total_tokens": 168}
    assert 0.2 <= completion.latency_s < 5
    assert completion.model == "scripted-model" and completion.finish_reason == "stop"
    (path, body, headers), (_, body2, _) = scripted_llm.requests
    assert path == "/v1/chat/completions"
    assert body["model"] == "answer-model" and body2["model"] == "query-model"
    assert body["temperature"] == 0 and body["messages"] == ASK
    assert "response_format" not in body
    assert headers["x-provider-tenant"] == "acme"
    assert headers["authorization"] == f"Bearer {FAKE_KEY}"
    assert_no_key(settings=s, caplog=logs)


def test_usage_missing_is_empty(scripted_llm, settings):
    scripted_llm.handler = always(Reply(json=chat_json("ok", usage=None)))
    with LlmClient(settings) as client:
        assert client.complete(ASK).usage == {}


def test_openai_environment_variables_are_never_used(scripted_llm, monkeypatch):
    other = ScriptedLLM().start()  # where OPENAI_BASE_URL points: must get nothing
    try:
        monkeypatch.setenv("OPENAI_API_KEY", "sk-from-openai-env")
        monkeypatch.setenv("OPENAI_BASE_URL", other.url)
        monkeypatch.setenv("OPENAI_ORG_ID", "org-from-env")
        monkeypatch.setenv("OPENAI_PROJECT_ID", "proj-from-env")
        monkeypatch.setenv("OPENAI_ADMIN_KEY", "sk-admin-from-env")
        monkeypatch.setenv("OPENAI_CUSTOM_HEADERS", "Authorization: Bearer sk-custom-env\nX-From-Env: 1")
        with LlmClient(LlmSettings(base_url=scripted_llm.url, model="m")) as client:
            client.complete(ASK)
        with LlmClient(LlmSettings(base_url=scripted_llm.url, model="m", api_key=FAKE_KEY)) as client:
            client.complete(ASK)
    finally:
        other.stop()
    assert other.count == 0
    (_, _, keyless), (_, _, keyed) = scripted_llm.requests
    assert keyless["authorization"] == "Bearer not-needed"
    assert keyed["authorization"] == f"Bearer {FAKE_KEY}"
    for headers in (keyless, keyed):
        assert "openai-organization" not in headers and "openai-project" not in headers
        assert "x-from-env" not in headers
        assert "env" not in headers["authorization"]


# -- errors: short, actionable, no provider text, no key ------------------------------------------------------


@pytest.mark.parametrize(
    "code, kind, words",
    [
        (401, "auth", "the API key was rejected (HTTP 401)"),
        (403, "auth", "the API key was rejected (HTTP 403)"),
        (429, "rate_limited", "rate limited by the server"),
        (400, "unsupported", "does not support this request (HTTP 400"),
        (404, "unsupported", "does not support this request (HTTP 404"),
        (405, "unsupported", "does not support this request (HTTP 405"),
        (422, "unsupported", "does not support this request (HTTP 422"),
        (408, "unavailable", "did not answer (HTTP 408)"),
        (500, "unavailable", "did not answer (HTTP 500)"),
        (503, "unavailable", "did not answer (HTTP 503)"),
    ],
)
def test_status_errors_map_to_short_messages(scripted_llm, settings, data_dir, logs, code, kind, words):
    scripted_llm.handler = status(code)  # its body echoes the Authorization header
    exc = _fail(settings)
    assert exc.kind == kind and exc.status == code
    assert words in str(exc)
    assert "scripted" not in str(exc)  # no provider text
    assert scripted_llm.count == 1  # max_retries=0: no retry, even for 429/5xx
    if kind == "unsupported":
        assert "--llm-model" in str(exc) and "'answer-model'" in str(exc)
    if kind in ("auth", "unavailable"):
        assert scripted_llm.url in str(exc)
    assert_no_key(exc=exc, settings=settings, data_dir=data_dir, caplog=logs)


def test_redirect_is_not_followed_and_names_the_final_url(scripted_llm, settings, data_dir, logs):
    scripted_llm.handler = redirect("/v2/chat/completions")  # same server: following it would show
    exc = _fail(settings)
    assert exc.kind == "redirect" and exc.status == 302
    final = scripted_llm.url.replace("/v1", "/v2")
    assert f"redirected to {final} (HTTP 302)" in str(exc)
    assert "set --llm-url to the final URL" in str(exc)
    assert scripted_llm.count == 1
    assert_no_key(exc=exc, settings=settings, data_dir=data_dir, caplog=logs)


def test_redirect_target_is_shown_without_userinfo_or_query(scripted_llm, settings, logs):
    scripted_llm.handler = redirect(
        "https://user:loc-secret@final.example.com/api/v1/chat/completions?token=loc-secret#loc-secret", code=301
    )
    exc = _fail(settings)
    assert exc.kind == "redirect" and exc.status == 301
    assert "redirected to https://final.example.com/api/v1 (HTTP 301)" in str(exc)
    assert "token" not in str(exc) and "loc-secret" not in str(exc)
    assert_no_key(exc=exc, settings=settings, caplog=logs)


def test_slower_reply_than_the_timeout(scripted_llm, settings, data_dir, logs):
    scripted_llm.handler = slow(2.0)
    started = time.monotonic()
    exc = _fail(settings, timeout_s=0.3)
    assert time.monotonic() - started < 1.5
    assert exc.kind == "unavailable"
    assert "did not answer within 0.3 s" in str(exc)
    assert_no_key(exc=exc, settings=settings, data_dir=data_dir, caplog=logs)


def test_connection_refused(data_dir, logs):
    s = LlmSettings(base_url=f"http://127.0.0.1:{_closed_port()}/v1", model="m", api_key=FAKE_KEY)
    exc = _fail(s)
    assert exc.kind == "unavailable"
    assert f"cannot connect to {s.base_url}" in str(exc)
    assert_no_key(exc=exc, settings=s, data_dir=data_dir, caplog=logs)


@pytest.mark.parametrize("close_delimited", [False, True], ids=["content-length", "no-content-length"])
def test_oversize_response(scripted_llm, settings, data_dir, logs, close_delimited):
    scripted_llm.handler = oversize(RESPONSE_CAP_BYTES + 1000, close_delimited=close_delimited)
    exc = _fail(settings)
    assert exc.kind == "bad_response"
    assert "the server's response is larger than 1 MiB" in str(exc)
    assert_no_key(exc=exc, settings=settings, data_dir=data_dir, caplog=logs)


def test_response_just_under_the_cap_is_read(scripted_llm, settings):
    text = "y" * (RESPONSE_CAP_BYTES - 2000)
    scripted_llm.handler = always(Reply(content=text, close_delimited=True))
    with LlmClient(settings) as client:
        assert client.complete(ASK).text == text


@pytest.mark.parametrize(
    "reply",
    [
        Reply(raw=b"<html>login page</html>", headers={"Content-Type": "text/html"}),
        Reply(json={"object": "list", "data": []}),
        Reply(json={"choices": []}),
    ],
    ids=["html", "not-a-completion", "no-choices"],
)
def test_not_a_chat_completion(scripted_llm, settings, logs, reply):
    scripted_llm.handler = always(reply)
    exc = _fail(settings)
    assert exc.kind == "bad_response"
    assert "not an OpenAI chat completion" in str(exc)
    assert "login" not in str(exc)
    assert_no_key(exc=exc, settings=settings, caplog=logs)


# -- JSON replies ---------------------------------------------------------------------------------------


def test_complete_json_modes(scripted_llm, settings):
    scripted_llm.handler = always(Reply(content=json.dumps(GOOD_ANSWER)))
    with LlmClient(settings) as client:
        value, completion = client.complete_json(ASK, ANSWER_SCHEMA)  # default: json_schema
        assert value == GOOD_ANSWER and completion.usage["total_tokens"] == 15
        value, _ = client.complete_json(ASK, ANSWER_SCHEMA, mode="json_object_schema")
        assert value == GOOD_ANSWER
        value, _ = client.complete_json(ASK, ANSWER_SCHEMA, mode="json_object")
        assert value == GOOD_ANSWER
        scripted_llm.handler = fenced(GOOD_ANSWER)
        value, completion = client.complete_json(ASK, ANSWER_SCHEMA, mode="prompt")
        assert value == GOOD_ANSWER and completion.text.startswith("Here is the answer:\n```json")
    schema_request, grammar_request, object_request, prompt_request = requests = scripted_llm.chat_requests()
    assert schema_request["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "answer", "schema": ANSWER_SCHEMA, "strict": True},
    }
    # llama.cpp's form: the schema inside a json_object (a sampling grammar on those servers)
    assert grammar_request["response_format"] == {"type": "json_object", "schema": ANSWER_SCHEMA}
    assert object_request["response_format"] == {"type": "json_object"}
    assert "response_format" not in prompt_request
    assert all(r["temperature"] == 0 for r in requests)
    # every request caps the reply, in the field most servers read
    assert all(r["max_tokens"] == DEFAULT_MAX_TOKENS and "max_completion_tokens" not in r for r in requests)


def test_complete_json_uses_the_checked_mode(scripted_llm, settings):
    checked = LlmSettings(base_url=settings.base_url, model="m", response_format="json_object")
    with LlmClient(checked) as client:
        value, completion = client.complete_json(ASK, ANSWER_SCHEMA)
    assert value is None and completion.text == "ok"  # the default reply is not JSON
    assert scripted_llm.chat_requests()[0]["response_format"] == {"type": "json_object"}


def test_complete_json_prose_is_none_not_an_error(scripted_llm, settings):
    scripted_llm.handler = prose()
    with LlmClient(settings) as client:
        value, completion = client.complete_json(ASK, ANSWER_SCHEMA)
    assert value is None
    assert completion.text == "The pump runs at 1450 rpm, see the manual."


def test_complete_json_rejected_mode_is_unsupported(scripted_llm, settings, logs):
    scripted_llm.handler = reject_json_schema(Reply(content=json.dumps(GOOD_ANSWER)))
    with LlmClient(settings) as client:
        with pytest.raises(LlmError) as info:
            client.complete_json(ASK, ANSWER_SCHEMA, mode="json_schema")
        assert info.value.kind == "unsupported" and info.value.status == 400
        assert client.complete_json(ASK, ANSWER_SCHEMA, mode="json_object")[0] == GOOD_ANSWER
    assert_no_key(exc=info.value, settings=settings, caplog=logs)


@pytest.mark.parametrize(
    "text, value",
    [
        ('{"a": 1}', {"a": 1}),
        ('  \n{"a": 1}\n', {"a": 1}),
        ('```json\n{"a": 1}\n```', {"a": 1}),
        ('```\n{"a": 1}\n```', {"a": 1}),
        ('Sure, here it is:\n```JSON\n{"a": [1, 2]}\n```\nAnything else?', {"a": [1, 2]}),
        ('<think>the user wants JSON {"no": 0}</think>\n{"a": 1}', {"a": 1}),
        ("\ufeff[1, 2]", [1, 2]),
        ("The answer is 1450 rpm.", None),
        ('{"a": 1', None),
        ("```json\nnot json\n```", None),
        ("", None),
        ("42", None),
    ],
)
def test_parse_json_text(text, value):
    assert parse_json_text(text) == value


def test_answer_shape_problem():
    assert answer_shape_problem(GOOD_ANSWER) is None
    assert answer_shape_problem({"status": "refused", "claims": []}) is None
    assert answer_shape_problem([]) == "not a JSON object"
    assert "status" in answer_shape_problem({"status": "maybe", "claims": []})
    assert "claims" in answer_shape_problem({"status": "answered"})
    assert "quote" in answer_shape_problem({"status": "answered", "claims": [{"text": "t", "chunk_id": "c"}]})


# -- check_llm ------------------------------------------------------------------------------------------


def _answering(request: dict, headers: dict) -> Reply:
    """A good model: a plain question gets "OK", a structured one the answer JSON."""
    if request["messages"][0]["role"] == "system":
        return Reply(content=json.dumps(GOOD_ANSWER))
    return Reply(content="OK")


def test_check_llm_waits_as_long_as_a_longer_configured_timeout(scripted_llm, monkeypatch):
    """The check waits CHECK_TIMEOUT_S per request, or the answer timeout the user set when
    that is longer: a slow local model that answers within PINCITE_LLM_TIMEOUT passes.
    (The check's own 15 s are shortened to 0.5 s here to keep the test quick.)"""
    import pincite.answer.llm_check as check_mod

    monkeypatch.setattr(check_mod, "CHECK_TIMEOUT_S", 0.5)

    def answering_after(delay_s: float):
        def handler(request: dict, headers: dict) -> Reply:
            r = _answering(request, headers)
            r.delay_s = delay_s
            return r
        return handler

    scripted_llm.handler = answering_after(1.0)
    result = check_llm(LlmSettings(base_url=scripted_llm.url, model="m"))
    assert not result.ok and "did not answer within 0.5 s" in result.messages[-1]
    result = check_llm(LlmSettings(base_url=scripted_llm.url, model="m", timeout_s=5))
    assert result.ok and result.response_format == "json_schema", result.messages
    # a configured timeout shorter than the check's own does not shorten the check
    scripted_llm.handler = answering_after(0.25)
    result = check_llm(LlmSettings(base_url=scripted_llm.url, model="m", timeout_s=0.1))
    assert result.ok, result.messages


def test_check_llm_all_good_uses_json_schema(scripted_llm, data_dir, logs):
    scripted_llm.handler = _answering
    s = LlmSettings(
        base_url=scripted_llm.url, model="answer-model", query_model="query-model", api_key=FAKE_KEY,
        headers={"X-Tenant": "t1"},
    )
    result = check_llm(s)
    assert result.ok and result.response_format == "json_schema"
    assert result.models == ["answer-model", "query-model"]
    assert result.messages[-1] == "LLM check passed: response_format json_schema"
    requests = scripted_llm.chat_requests()
    assert [r["model"] for r in requests] == ["answer-model", "query-model", "answer-model"]
    assert requests[2]["response_format"]["type"] == "json_schema"
    assert all(h["x-tenant"] == "t1" for _, _, h in scripted_llm.requests)
    # only the synthetic evidence is sent, never document text
    assert "The test pump runs at 1450 rpm." in requests[2]["messages"][1]["content"]
    assert all(h["x-stainless-read-timeout"] == str(CHECK_TIMEOUT_S) for _, _, h in scripted_llm.requests)
    save_settings(data_dir, LlmSettings(**{**vars(s), "response_format": result.response_format}))
    assert load_settings(data_dir, env={"PINCITE_API_KEY": FAKE_KEY}).response_format == "json_schema"
    assert_no_key(settings=s, data_dir=data_dir, caplog=logs, extra=result.messages)


def test_check_llm_same_query_model_is_asked_once(scripted_llm):
    scripted_llm.handler = _answering
    result = check_llm(LlmSettings(base_url=scripted_llm.url, model="m", query_model="m"))
    assert result.ok and result.models == ["m"]
    assert len(scripted_llm.chat_requests()) == 2


def test_check_llm_falls_back_to_json_object_with_the_schema(scripted_llm, settings, logs):
    scripted_llm.handler = reject_json_schema(Reply(content=json.dumps(GOOD_ANSWER)))
    result = check_llm(settings)
    assert result.ok and result.response_format == "json_object_schema"
    assert "structured output json_schema: rejected by the server (HTTP 400)" in result.messages
    formats = [r.get("response_format") for r in scripted_llm.chat_requests()]
    assert [(f or {}).get("type") for f in formats] == [None, "json_schema", "json_object"]
    assert formats[2]["schema"] == ANSWER_SCHEMA
    assert_no_key(settings=settings, caplog=logs, extra=result.messages)


def test_check_llm_drops_the_schema_a_server_refuses_inside_json_object(scripted_llm, settings):
    """A server that validates response_format strictly refuses the extra "schema" field with a
    400 naming response_format: the check moves on to a plain json_object and says why."""
    scripted_llm.handler = by_response_format(json_object=Reply(content=json.dumps(GOOD_ANSWER)),
                                              json_object_schema=None, none=Reply(content="OK"))
    result = check_llm(settings)
    assert result.ok and result.response_format == "json_object", result.messages
    assert result.messages[-1] == (
        "LLM check passed: response_format json_object (json_schema rejected by the server (HTTP 400); "
        "json_object_schema rejected by the server (HTTP 400))")
    formats = [r.get("response_format") for r in scripted_llm.chat_requests()]
    assert formats[1:] == [{"type": "json_schema", "json_schema": {"name": "answer", "schema": ANSWER_SCHEMA,
                                                                   "strict": True}},
                           {"type": "json_object", "schema": ANSWER_SCHEMA}, {"type": "json_object"}]


def test_check_llm_falls_back_when_the_server_fails_on_the_format_with_500(scripted_llm, settings, logs):
    """llama-cpp-python rejects json_schema with an HTTP 500 whose body names the field: the
    check moves on to json_object and says why, while a plain 500 still stops it."""
    scripted_llm.handler = llama_cpp_python(Reply(content=json.dumps(GOOD_ANSWER)))
    result = check_llm(settings)
    assert result.ok and result.response_format == "json_object_schema", result.messages
    assert "structured output json_schema: rejected by the server (HTTP 500)" in result.messages
    assert result.messages[-1] == ("LLM check passed: response_format json_object_schema "
                                   "(json_schema rejected by the server (HTTP 500))")
    assert_no_key(settings=settings, caplog=logs, extra=result.messages)


def test_unchecked_client_falls_back_to_a_mode_the_server_accepts_and_keeps_it(scripted_llm, settings):
    """Without a checked mode, complete_json tries json_schema, then json_object with the
    schema when the server rejects the format, and asks the next time in the mode that
    worked; a mode the caller names is never replaced."""
    scripted_llm.handler = llama_cpp_python(Reply(content=json.dumps(GOOD_ANSWER)))
    with LlmClient(settings) as client:
        assert client.complete_json(ASK, ANSWER_SCHEMA)[0] == GOOD_ANSWER
        assert client.complete_json(ASK, ANSWER_SCHEMA)[0] == GOOD_ANSWER
        with pytest.raises(LlmError) as info:
            client.complete_json(ASK, ANSWER_SCHEMA, mode="json_schema")
        assert info.value.kind == "unsupported" and info.value.status == 500
    kinds = [(r.get("response_format") or {}).get("type") + ("+schema" if "schema" in r["response_format"] else "")
             for r in scripted_llm.chat_requests()]
    assert kinds == ["json_schema", "json_object+schema", "json_object+schema", "json_schema"]


def test_a_500_that_does_not_name_the_format_is_an_outage(scripted_llm, settings):
    scripted_llm.handler = always(Reply(status=500, json={"error": {"message": "model crashed"}}))
    with LlmClient(settings) as client:
        with pytest.raises(LlmError) as info:
            client.complete_json(ASK, ANSWER_SCHEMA)
    assert info.value.kind == "unavailable" and len(scripted_llm.chat_requests()) == 1


def test_check_llm_invalid_json_under_json_schema_falls_back(scripted_llm, settings):
    # a server that ignores response_format and answers prose to json_schema
    scripted_llm.handler = by_response_format(
        json_schema=Reply(content="The pump runs at 1450 rpm."),
        json_object=Reply(content=json.dumps(GOOD_ANSWER)),
        none=Reply(content="OK"),
    )
    result = check_llm(settings)
    assert result.ok and result.response_format == "json_object_schema"
    assert "structured output json_schema: the reply is not JSON" in result.messages


def test_check_llm_prompt_only_with_fences(scripted_llm, settings):
    fenced_answer = "```json\n" + json.dumps(GOOD_ANSWER) + "\n```"
    scripted_llm.handler = by_response_format(none=Reply(content=fenced_answer))
    result = check_llm(settings)
    assert result.ok and result.response_format == "prompt"
    assert "structured output json_object_schema: rejected by the server (HTTP 400)" in result.messages
    assert "structured output json_object: rejected by the server (HTTP 400)" in result.messages
    assert "structured output prompt: works" in result.messages


def test_check_llm_wrong_shape_everywhere_fails(scripted_llm, settings):
    scripted_llm.handler = always(Reply(content='{"answer": "1450 rpm"}'))
    result = check_llm(settings)
    assert not result.ok and result.response_format is None
    assert result.models == ["answer-model"]
    assert "structured output json_schema: status is not \"answered\" or \"refused\"" in result.messages
    assert result.messages[-1] == "LLM check failed: no response_format mode returned JSON of the answer shape"


def test_check_llm_empty_content_is_not_ok(scripted_llm):
    def handler(request, headers):
        return Reply(content="") if request["model"] == "query-model" else _answering(request, headers)

    scripted_llm.handler = handler
    result = check_llm(LlmSettings(base_url=scripted_llm.url, model="answer-model", query_model="query-model"))
    assert not result.ok
    assert result.models == ["answer-model"]
    assert any(
        m.startswith("query model 'query-model': returned empty content to a plain completion") for m in result.messages
    )
    assert result.messages[-1] == "LLM check failed: a model did not answer"


def test_check_llm_empty_answer_model_skips_structured_output(scripted_llm, settings):
    scripted_llm.handler = always(Reply(json=chat_json(None)))
    result = check_llm(settings)
    assert not result.ok and result.models == [] and result.response_format is None
    assert "returned empty content" in result.messages[0]
    assert len(scripted_llm.chat_requests()) == 1


def test_check_llm_unknown_model_is_reported(scripted_llm, settings):
    scripted_llm.handler = status(404)
    result = check_llm(settings)
    assert not result.ok
    assert ("answer model 'answer-model': the model or server does not support this request (HTTP 404"
            in result.messages[0])


@pytest.mark.parametrize(
    "handler, words",
    [
        (status(401), "the API key was rejected (HTTP 401)"),
        (status(429), "rate limited by the server"),
        (status(502), "did not answer (HTTP 502)"),
        (redirect("https://final.example.com/v1/chat/completions"), "redirected to https://final.example.com/v1"),
    ],
    ids=["auth", "rate-limited", "unavailable", "redirect"],
)
def test_check_llm_stops_on_errors(scripted_llm, settings, data_dir, logs, handler, words):
    scripted_llm.handler = handler
    result = check_llm(settings)
    assert not result.ok and result.response_format is None
    assert scripted_llm.count == 1  # stopped at the first request
    assert result.messages[-1].startswith("LLM check stopped: ") and words in result.messages[-1]
    assert_no_key(settings=settings, data_dir=data_dir, caplog=logs, extra=result.messages)


def test_check_llm_stops_when_structured_request_fails(scripted_llm, settings):
    scripted_llm.handler = sequence(Reply(content="OK"), Reply(status=503))
    result = check_llm(settings)
    assert not result.ok and result.models == ["answer-model"]
    assert "did not answer (HTTP 503)" in result.messages[-1]


def test_check_llm_timeout(scripted_llm, settings):
    scripted_llm.handler = slow(2.0)
    result = check_llm(settings, timeout_s=0.3)
    assert not result.ok
    assert "did not answer within 0.3 s" in result.messages[-1]


def test_answer_timeout_from_the_environment(data_dir):
    from pincite.answer.llm_settings import load_settings

    env = {"PINCITE_LLM_URL": "http://127.0.0.1:9/v1", "PINCITE_LLM_MODEL": "m", "PINCITE_LLM_TIMEOUT": "2.5"}
    assert load_settings(data_dir, env=env).timeout_s == 2.5
    with pytest.raises(LlmError, match="PINCITE_LLM_TIMEOUT"):
        load_settings(data_dir, env={**env, "PINCITE_LLM_TIMEOUT": "soon"})


# -- the reply-token cap ---------------------------------------------------------------------------------


def test_max_tokens_setting_sources_and_checks(data_dir):
    """The cap comes from llm.json, then PINCITE_LLM_MAX_TOKENS, then the caller; it is saved
    only when not the default; a value that is not a positive whole number is refused."""
    base = {"base_url": "https://a.example/v1", "model": "m"}
    assert load_settings(data_dir, env={}, **base).max_tokens == DEFAULT_MAX_TOKENS
    save_settings(data_dir, LlmSettings(**base))
    assert "max_tokens" not in json.loads((data_dir / SETTINGS_FILE).read_text())
    save_settings(data_dir, LlmSettings(**base, max_tokens=4096))
    assert json.loads((data_dir / SETTINGS_FILE).read_text())["max_tokens"] == 4096
    assert load_settings(data_dir, env={}).max_tokens == 4096
    assert load_settings(data_dir, env={"PINCITE_LLM_MAX_TOKENS": "8192"}).max_tokens == 8192
    assert load_settings(data_dir, env={"PINCITE_LLM_MAX_TOKENS": "8192"}, max_tokens=300).max_tokens == 300
    for bad in ("0", "-5", "1.5", "lots", str(10 ** 9)):
        with pytest.raises(LlmError, match="PINCITE_LLM_MAX_TOKENS") as info:
            load_settings(data_dir, env={"PINCITE_LLM_MAX_TOKENS": bad})
        assert info.value.kind == "config"
    (data_dir / SETTINGS_FILE).write_text('{"url": "https://a.example/v1", "model": "m", "max_tokens": true}')
    with pytest.raises(LlmError, match="max_tokens"):
        load_settings(data_dir, env={})


def test_the_cap_is_sent_as_max_completion_tokens_where_the_server_asks_and_kept(scripted_llm, settings, logs):
    """A reasoning model refuses max_tokens with a 400 that names max_completion_tokens: the
    same request is sent again with that field, and the client's later requests use it at
    once (one refused request per client, not per call)."""
    scripted_llm.handler = reasoning_model(Reply(content=json.dumps(GOOD_ANSWER)))
    capped = LlmSettings(base_url=settings.base_url, model="m", api_key=FAKE_KEY, max_tokens=2000)
    with LlmClient(capped) as client:
        assert client.complete_json(ASK, ANSWER_SCHEMA, mode="json_schema")[0] == GOOD_ANSWER
        assert client.complete(ASK).text == json.dumps(GOOD_ANSWER)
    fields = [sorted(k for k in r if k.startswith("max_")) for r in scripted_llm.chat_requests()]
    assert fields == [["max_tokens"], ["max_completion_tokens"], ["max_completion_tokens"]]
    assert all(r.get("max_tokens", r.get("max_completion_tokens")) == 2000 for r in scripted_llm.chat_requests())
    assert_no_key(settings=capped, caplog=logs)


def test_check_llm_passes_against_a_reasoning_model(scripted_llm, settings):
    scripted_llm.handler = reasoning_model(Reply(content=json.dumps(GOOD_ANSWER)))
    result = check_llm(settings)
    assert result.ok and result.response_format == "json_schema", result.messages


def test_a_server_refusing_both_cap_fields_is_an_error_not_a_loop(scripted_llm, settings, logs):
    def handler(request, headers):
        sent = "max_tokens" if "max_tokens" in request else "max_completion_tokens"
        other = "max_completion_tokens" if sent == "max_tokens" else "max_tokens"
        return Reply(status=400, json=error_json(400, f"'{sent}' is not supported; use '{other}'"))

    scripted_llm.handler = handler
    with LlmClient(settings) as client:
        with pytest.raises(LlmError) as info:
            client.complete(ASK)
    assert info.value.kind == "unsupported" and "max_completion_tokens" in str(info.value)
    assert len(scripted_llm.chat_requests()) == 2
    assert_no_key(exc=info.value, settings=settings, caplog=logs)


def test_a_400_about_something_else_is_not_taken_for_the_cap_field(scripted_llm, settings):
    scripted_llm.handler = always(Reply(status=400, json=error_json(400, "max_tokens is too large: 1024 > 512")))
    with LlmClient(settings) as client:
        with pytest.raises(LlmError) as info:
            client.complete(ASK)
    assert info.value.kind == "unsupported" and len(scripted_llm.chat_requests()) == 1
