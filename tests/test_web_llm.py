"""LLM settings per browser session and `mode: "llm"` in POST /api/ask (issues #8 and #4), and
re-uploads replacing a document (Library.ingest_file): FastAPI's TestClient against create_app
on a temporary data folder with a generated PDF, and the scripted OpenAI-compatible server
(tests/llm_server.py) on a real 127.0.0.1 socket. Nothing of pincite is mocked.

Every response body and header, every file of the data folder and the captured logs are
searched for the API keys after each test.
"""
from __future__ import annotations

import json
import logging
import re
import time
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from llm_server import Reply, ScriptedLLM, chat_json, status
from pdfgen import make_pdf
from pincite.answer.llm_settings import LlmSettings, save_settings
from pincite.config import Settings
from pincite.web.server import create_app

KEY = "sk-pincite-web-5b2e91c4"
KEY_B = "sk-pincite-web-other-77aa01"
SERVER_KEY = "sk-pincite-server-env-3f09"
KEYS = (KEY, KEY_B, SERVER_KEY)
PAGES = [
    "PX-200 pump service manual. Safety and overview of the unit and its parts.",
    "Operating limits. The maximum operating pressure of the PX-200 pump is 10 bar. "
    "Do not open the cover while the pump is running. The motor turns at 1450 rpm.",
    "Warranty. The warranty period of the pump is eighteen months from the date of delivery.",
]
QUESTION = "What is the maximum operating pressure of the PX-200 pump?"
QUOTE = "The maximum operating pressure of the PX-200 pump is 10 bar"
BLOCK = re.compile(r"<<<EVIDENCE (\w+) chunk_id=(\S+) \| [^\n]*>>>\n(.*?)\n<<<END \1>>>", re.S)
NOT_CONFIGURED = {"detail": ("LLM answers are not configured: set the URL and model in the web app's settings panel, "
                   "or run `pincite check-llm --llm-url URL --llm-model MODEL`, which saves them for this server"),
                  "kind": "not_configured", "code": "llm_not_configured"}
NOT_CHECKED = {"detail": "check the LLM connection first", "kind": "not_checked", "code": "llm_not_checked"}
ENV = ("PINCITE_LLM_URL", "PINCITE_LLM_MODEL", "PINCITE_LLM_QUERY_MODEL", "PINCITE_LLM_HEADERS",
       "PINCITE_LLM_TIMEOUT", "PINCITE_API_KEY", "PINCITE_TOKEN")


# ================================================================ helpers
def reply(claims: list[dict], status_: str = "answered") -> Reply:
    return Reply(json=chat_json(json.dumps({"status": status_, "claims": claims}), usage=(100, 20)))


def good_model(request: dict, headers: dict) -> Reply:
    """Answers the connection check's probes, and a question with the true quote."""
    user = next(m["content"] for m in request["messages"] if m["role"] == "user")
    blocks = {cid: text for _, cid, text in BLOCK.findall(user)}
    if not blocks:  # check_llm's probes carry no evidence blocks
        return reply([{"text": "The test pump runs at 1450 rpm.", "chunk_id": "check-1",
                       "quote": "The test pump runs at 1450 rpm."}])
    cid = next(c for c, text in blocks.items() if "10 bar" in text)
    return reply([{"text": "The maximum operating pressure is 10 bar.", "chunk_id": cid, "quote": QUOTE}])


class Guard:
    """Collects every response of the clients it made, to search them for the keys."""

    def __init__(self):
        self.responses: list[httpx.Response] = []
        self.data_dirs: list[Path] = []

    def client(self, app, **kw) -> TestClient:
        c = TestClient(app, **kw)
        c.event_hooks["response"].append(self._record)
        return c

    def _record(self, response: httpx.Response) -> None:
        response.read()
        self.responses.append(response)

    def check(self, caplog) -> None:
        for r in self.responses:
            shown = r.text + "\n" + "\n".join(f"{k}: {v}" for k, v in r.headers.multi_items())
            for key in KEYS:
                assert key not in shown, (r.request.url, r.status_code)
        for data in self.data_dirs:
            for f in data.rglob("*"):
                if f.is_file():
                    blob = f.read_bytes()
                    for key in KEYS:
                        assert key.encode() not in blob, f
        # caplog.text is the teardown phase's here: read the records of every phase
        records = [r for when in ("setup", "call", "teardown") for r in caplog.get_records(when)]
        logged = "\n".join(f"{r.getMessage()} {r.exc_text or ''}" for r in records)
        assert len(records) > 0
        for key in KEYS:
            assert key not in logged


@pytest.fixture(autouse=True)
def guard(monkeypatch, caplog):
    for name in ENV:
        monkeypatch.delenv(name, raising=False)
    caplog.set_level(logging.DEBUG)
    g = Guard()
    yield g
    g.check(caplog)


@pytest.fixture(scope="module")
def pdf(tmp_path_factory) -> Path:
    return make_pdf(tmp_path_factory.mktemp("pdf") / "px200.pdf", PAGES, title="PX-200 pump service manual")


@pytest.fixture()
def llm():
    with ScriptedLLM(handler=good_model) as server:
        yield server


def wait_upload(c: TestClient, upload_id: str, timeout: float = 60) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        ups = {u["upload_id"]: u for u in c.get("/api/documents").json()["uploads"]}
        if ups[upload_id]["status"] in ("ready", "failed"):
            return ups[upload_id]
        assert time.monotonic() < deadline, ups
        time.sleep(0.05)


def upload(c: TestClient, name: str, data: bytes) -> dict:
    # The questions below ask without a scope (normative and reference documents answer;
    # a web upload is "uploaded" unless the form says otherwise).
    r = c.post("/api/documents", data={"trust": "reference"}, files=[("file", (name, data, "application/pdf"))])
    assert r.status_code == 202, r.text
    return wait_upload(c, r.json()["uploads"][0]["upload_id"])


@pytest.fixture()
def web(tmp_path, pdf, guard):
    """(app, data folder) with px200.pdf uploaded and ready; closed after the test."""
    data = tmp_path / "data"
    guard.data_dirs.append(data)
    app = create_app(Settings(data_dir=data, embedder="none"))
    try:
        done = upload(guard.client(app), "px200.pdf", pdf.read_bytes())
        assert done["status"] == "ready", done
        yield app, data
    finally:
        app.state.pincite.close()


def put(c: TestClient, llm: ScriptedLLM, **fields) -> httpx.Response:
    body = {"url": llm.url, "model": "answer-model", **fields}
    return c.put("/api/settings/llm", json=body)


def ask_llm(c: TestClient, question: str = QUESTION) -> httpx.Response:
    return c.post("/api/ask", json={"question": question, "mode": "llm"})


def authorizations(llm: ScriptedLLM) -> list[str]:
    return [h.get("authorization", "") for path, _, h in llm.requests if path.startswith("/v1/chat")]


# ================================================================ settings
def test_settings_round_trip_and_the_key_is_never_echoed(web, llm, guard):
    app, _ = web
    c = guard.client(app)
    r = c.get("/api/settings/llm")
    assert r.status_code == 200 and r.json() == {
        "url": None, "model": None, "query_model": None, "key_set": False, "checked": False,
        "response_format": None, "source": None}
    assert "pincite_session" not in c.cookies  # nothing to hold yet

    r = put(c, llm, query_model="query-model", key=KEY)
    assert r.status_code == 200, r.text
    assert r.json() == {"url": llm.url, "model": "answer-model", "query_model": "query-model",
                        "key_set": True, "checked": False, "response_format": None, "source": "session"}
    cookie = r.headers["set-cookie"]
    assert cookie.startswith("pincite_session=") and "HttpOnly" in cookie and "SameSite=strict" in cookie
    assert "Max-Age" not in cookie and "expires" not in cookie.lower()  # a browser-session cookie
    sid = c.cookies["pincite_session"]
    assert re.fullmatch(r"[A-Za-z0-9_-]{43}", sid)
    assert c.get("/api/settings/llm").json() == r.json()

    # omitting the key keeps it; the cookie stays the same session
    r = put(c, llm, model="other-model")
    assert r.json()["key_set"] is True and r.json()["model"] == "other-model"
    assert "set-cookie" not in r.headers and c.cookies["pincite_session"] == sid
    assert r.json()["query_model"] is None  # every field is set anew
    # "" clears it
    r = put(c, llm, key="")
    assert r.status_code == 200 and r.json()["key_set"] is False
    assert c.get("/api/settings/llm").json()["key_set"] is False
    r = put(c, llm, key=KEY)
    assert r.json()["key_set"] is True

    # invalid settings: 400 with pincite's message, never the value; the old settings stay
    for body, needle in [
        ({"url": "http://example.com/v1", "model": "m"}, "plain http"),
        ({"url": "https://user:pw@example.com/v1", "model": "m"}, "user name"),
        ({"url": "https://api.example.com/", "model": "m"}, "/v1"),
        ({"url": llm.url, "model": " "}, "model name is empty"),
        ({"url": llm.url, "model": "m", "key": f"{KEY} x"}, "API key must be one word"),
        ({"model": "m", "key": KEY}, "url"),
        ({"url": llm.url, "model": "m", "api_key": KEY}, "api_key"),
        ({"url": llm.url, "model": "m", "key": 12345}, "key"),
    ]:
        r = c.put("/api/settings/llm", json=body)
        assert r.status_code == 400, (body, r.status_code, r.text)
        assert needle in r.json()["detail"], (body, r.json())
        assert "12345" not in r.text and "pw" not in r.text
    fresh = guard.client(app)  # an invalid first PUT opens no session
    r = fresh.put("/api/settings/llm", json={"url": "ftp://x/v1", "model": "m", "key": KEY})
    assert r.status_code == 400 and "set-cookie" not in r.headers and not fresh.cookies
    r = c.put("/api/settings/llm", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "JSON" in r.json()["detail"]
    assert c.get("/api/settings/llm").json() == {
        "url": llm.url, "model": "answer-model", "query_model": None, "key_set": True,
        "checked": False, "response_format": None, "source": "session"}
    assert llm.count == 0  # setting never calls the model server
    spec = c.get("/openapi.json").json()["paths"]
    assert {"get", "put"} <= set(spec["/api/settings/llm"]) and "post" in spec["/api/settings/llm/check"]


def test_two_browser_sessions_have_their_own_settings_and_keys(web, llm, guard):
    app, _ = web
    a, b, fresh = guard.client(app), guard.client(app), guard.client(app)
    assert put(a, llm, key=KEY).json()["source"] == "session"
    assert put(b, llm, model="model-b", key=KEY_B).json()["model"] == "model-b"
    assert a.cookies["pincite_session"] != b.cookies["pincite_session"]
    assert a.get("/api/settings/llm").json()["model"] == "answer-model"
    assert b.get("/api/settings/llm").json()["model"] == "model-b"
    assert fresh.get("/api/settings/llm").json()["source"] is None

    assert a.post("/api/settings/llm/check").json()["ok"] is True
    assert authorizations(llm) and set(authorizations(llm)) == {f"Bearer {KEY}"}
    assert b.get("/api/settings/llm").json()["checked"] is False  # a's check is a's
    assert ask_llm(b).status_code == 409
    n = llm.count
    assert b.post("/api/settings/llm/check").json()["ok"] is True
    assert set(authorizations(llm)[n:]) == {f"Bearer {KEY_B}"}
    assert {body["model"] for _, body, _ in llm.requests[n:]} == {"model-b"}

    n = llm.count
    assert ask_llm(a).json()["model"] == "answer-model"
    assert ask_llm(b).json()["model"] == "model-b"
    assert authorizations(llm)[n:] == [f"Bearer {KEY}", f"Bearer {KEY_B}"]
    assert ask_llm(fresh).json() == NOT_CONFIGURED

    # clearing b's key leaves a's alone
    assert put(b, llm, model="model-b", key="").json()["key_set"] is False
    assert a.get("/api/settings/llm").json()["key_set"] is True


def test_sessions_are_bounded_least_recently_used_first(web, llm, guard, monkeypatch):
    import pincite.web.sessions as server

    monkeypatch.setattr(server, "MAX_SESSIONS", 2)
    app, _ = web
    a, b, c = guard.client(app), guard.client(app), guard.client(app)
    for client, model in ((a, "ma"), (b, "mb")):
        assert put(client, llm, model=model, key=KEY).status_code == 200
    assert a.get("/api/settings/llm").json()["model"] == "ma"  # a used last: b goes first
    assert put(c, llm, model="mc", key=KEY).status_code == 200
    assert [x.get("/api/settings/llm").json()["model"] for x in (a, b, c)] == ["ma", None, "mc"]


def test_any_change_clears_the_checked_state(web, llm, guard):
    app, _ = web
    c = guard.client(app)
    put(c, llm, key=KEY)
    r = c.post("/api/settings/llm/check")
    assert r.status_code == 200
    check = r.json()
    assert check["ok"] is True and check["response_format"] == "json_schema"
    assert check["models"] == ["answer-model"] and any("works" in m for m in check["messages"])
    assert c.get("/api/settings/llm").json()["checked"] is True
    assert c.get("/api/settings/llm").json()["response_format"] == "json_schema"
    assert ask_llm(c).status_code == 200

    for change in ({"model": "answer-model-2"}, {"query_model": "q"}, {"key": KEY_B}, {}):
        r = put(c, llm, **change)
        assert r.json()["checked"] is False and r.json()["response_format"] is None, change
        assert ask_llm(c).json() == NOT_CHECKED
        assert c.post("/api/settings/llm/check").json()["ok"] is True
        assert c.get("/api/settings/llm").json()["checked"] is True


def test_check_failing_is_reported_without_the_key(web, llm, guard):
    app, _ = web
    c = guard.client(app)
    put(c, llm, key=KEY)
    llm.handler = status(401)  # its body echoes the Authorization header
    r = c.post("/api/settings/llm/check")
    assert r.status_code == 200
    check = r.json()
    assert check["ok"] is False and check["response_format"] is None and check["models"] == []
    assert any("API key was rejected (HTTP 401)" in m for m in check["messages"]), check
    assert authorizations(llm) == [f"Bearer {KEY}"]  # it was sent, and is not shown back
    assert c.get("/api/settings/llm").json()["checked"] is False
    assert ask_llm(c).json() == NOT_CHECKED

    # a check that passed, then fails: unchecked again
    llm.handler = good_model
    assert c.post("/api/settings/llm/check").json()["ok"] is True
    llm.handler = status(401)
    assert c.post("/api/settings/llm/check").json()["ok"] is False
    assert ask_llm(c).status_code == 409


def test_check_of_a_server_that_does_not_listen(web, guard):
    app, _ = web
    c = guard.client(app)
    with ScriptedLLM() as gone:
        url = gone.url
    r = c.put("/api/settings/llm", json={"url": url, "model": "m", "key": KEY})
    assert r.status_code == 200
    check = c.post("/api/settings/llm/check").json()
    assert check["ok"] is False and any("did not answer" in m for m in check["messages"]), check


# ================================================================ asking
def test_ask_llm_unconfigured_unchecked_then_answered(web, llm, guard):
    app, _ = web
    c = guard.client(app)
    r = ask_llm(c)
    assert r.status_code == 400 and r.json() == NOT_CONFIGURED
    r = c.post("/api/settings/llm/check")
    assert r.status_code == 400 and r.json() == NOT_CONFIGURED
    put(c, llm, key=KEY)
    r = ask_llm(c)
    assert r.status_code == 409 and r.json() == NOT_CHECKED
    assert llm.count == 0  # no model call before the check

    assert c.post("/api/settings/llm/check").json()["ok"] is True
    n = llm.count
    r = ask_llm(c)
    assert r.status_code == 200, r.text
    ans = r.json()
    assert ans["status"] == "answered" and ans["mode"] == "llm" and ans["model"] == "answer-model"
    (claim,) = ans["claims"]
    assert claim["verified"] is True and claim["text"] == "The maximum operating pressure is 10 bar."
    cit = claim["citations"][0]
    assert (cit["file"], cit["page"], cit["verified"], cit["quote"]) == ("px200.pdf", 2, True, QUOTE)
    assert ans["usage"]["total_tokens"] == 120
    (path, body, headers), = llm.requests[n:]
    assert headers["authorization"] == f"Bearer {KEY}"
    assert body["response_format"]["type"] == "json_schema"  # the mode the check found
    # the cited page opens as for any answer
    assert c.get(f"/api/documents/{cit['doc_id']}/pages/2/text").json()["text"].count("10 bar") == 1

    # a claim the model invents is not shown as verified
    llm.handler = lambda req, h: reply([{"text": "It is 12 bar.", "chunk_id": "ffffffffffffffff-p1-c0",
                                         "quote": "The maximum pressure is 12 bar"}])
    ans = ask_llm(c).json()
    assert ans["status"] == "not_confirmed" and not any(cl["verified"] for cl in ans["claims"])
    assert "12" not in ans["answer"]
    # extractive answers need no settings and call no model
    n = llm.count
    r = c.post("/api/ask", json={"question": QUESTION})
    assert r.status_code == 200 and r.json()["mode"] != "llm" and llm.count == n


def test_model_server_errors_are_502_with_kind(web, llm, guard):
    app, _ = web
    c = guard.client(app)
    put(c, llm, key=KEY)
    assert c.post("/api/settings/llm/check").json()["ok"] is True
    for code, kind, needle in ((401, "auth", "API key was rejected"), (429, "rate_limited", "rate limited"),
                               (500, "unavailable", "did not answer")):
        llm.handler = status(code)
        r = ask_llm(c)
        assert r.status_code == 502, r.text
        body = r.json()
        assert body["kind"] == kind and needle in body["detail"] and set(body) == {"detail", "kind", "code"}
        assert body["code"] == f"llm_{kind}"  # the stable name the browser switches on
    assert all(a == f"Bearer {KEY}" for a in authorizations(llm))
    # the library still answers
    llm.handler = good_model
    assert ask_llm(c).json()["status"] == "answered"


def test_restart_brings_the_library_back_and_forgets_the_key(tmp_path, pdf, llm, guard):
    data = tmp_path / "data"
    guard.data_dirs.append(data)
    app = create_app(Settings(data_dir=data, embedder="none"))
    try:
        c = guard.client(app)
        assert upload(c, "px200.pdf", pdf.read_bytes())["status"] == "ready"
        put(c, llm, key=KEY)
        assert c.post("/api/settings/llm/check").json()["ok"] is True
        assert ask_llm(c).json()["status"] == "answered"
        cookies = dict(c.cookies)
    finally:
        app.state.pincite.close()
    assert not (data / "llm.json").exists()  # session settings are never saved

    app = create_app(Settings(data_dir=data, embedder="none"))  # the "restart"
    try:
        c = guard.client(app, cookies=cookies)  # the browser still sends its old cookie
        assert c.cookies["pincite_session"] == cookies["pincite_session"]
        r = c.get("/api/settings/llm")
        assert r.json() == {"url": None, "model": None, "query_model": None, "key_set": False,
                            "checked": False, "response_format": None, "source": None}
        assert ask_llm(c).json() == NOT_CONFIGURED
        ans = c.post("/api/ask", json={"question": QUESTION}).json()
        assert ans["status"] == "answered" and ans["claims"][0]["citations"][0]["file"] == "px200.pdf"
        # the old cookie names nothing: setting again starts a new session
        r = put(c, llm)
        assert r.json()["key_set"] is False
        assert r.cookies["pincite_session"] != cookies["pincite_session"]
    finally:
        app.state.pincite.close()


def test_server_configuration_is_the_default(tmp_path, pdf, llm, guard, monkeypatch):
    """Environment settings (PINCITE_API_KEY included) are a new session's defaults, shown as
    source "server"; its key goes to the server's URL only; a saved response_format from
    `pincite check-llm` counts as checked."""
    monkeypatch.setenv("PINCITE_LLM_URL", llm.url)
    monkeypatch.setenv("PINCITE_LLM_MODEL", "server-model")
    monkeypatch.setenv("PINCITE_API_KEY", SERVER_KEY)
    data = tmp_path / "data"
    guard.data_dirs.append(data)
    app = create_app(Settings(data_dir=data, embedder="none"))
    try:
        c, other = guard.client(app), guard.client(app)
        assert upload(c, "px200.pdf", pdf.read_bytes())["status"] == "ready"
        assert c.get("/api/settings/llm").json() == {
            "url": llm.url, "model": "server-model", "query_model": None, "key_set": True,
            "checked": False, "response_format": None, "source": "server"}
        assert ask_llm(c).json() == NOT_CHECKED
        assert c.post("/api/settings/llm/check").json()["ok"] is True
        assert c.get("/api/settings/llm").json()["checked"] is True
        assert other.get("/api/settings/llm").json()["checked"] is False  # checked per session
        n = llm.count
        ans = ask_llm(c).json()
        assert ans["status"] == "answered" and ans["model"] == "server-model"
        assert authorizations(llm)[n:] == [f"Bearer {SERVER_KEY}"]

        # the server's key is not handed to another URL
        r = other.put("/api/settings/llm", json={"url": "https://api.example.com/v1", "model": "m"})
        assert r.json()["key_set"] is False and r.json()["source"] == "session"
        # ... but kept for the server's URL with another model, and not once the URL changes
        r = other.put("/api/settings/llm", json={"url": llm.url, "model": "m2"})
        assert r.json()["key_set"] is True
        r = other.put("/api/settings/llm", json={"url": "https://api.example.com/v1", "model": "m2"})
        assert r.json()["key_set"] is False
        # a key cleared in the session stays cleared, even at the server's URL
        assert other.put("/api/settings/llm", json={"url": llm.url, "model": "m", "key": ""}).json()["key_set"] is False
        assert other.put("/api/settings/llm", json={"url": llm.url, "model": "m"}).json()["key_set"] is False
        # and the session's own key goes where the session points
        assert other.put("/api/settings/llm", json={"url": llm.url, "model": "m", "key": KEY}).json()["key_set"]
        assert other.put("/api/settings/llm",
                         json={"url": "https://api.example.com/v1", "model": "m"}).json()["key_set"]

        # `pincite check-llm` saved the pair with its response_format: a new session may ask
        save_settings(data, LlmSettings(base_url=llm.url, model="server-model", response_format="json_object"))
        fresh = guard.client(app)
        view = fresh.get("/api/settings/llm").json()
        assert view["checked"] is True and view["response_format"] == "json_object" and view["key_set"]
        n = llm.count
        assert ask_llm(fresh).json()["status"] == "answered"
        assert llm.requests[n][1]["response_format"] == {"type": "json_object"}
    finally:
        app.state.pincite.close()


def test_settings_routes_need_the_token(tmp_path, llm, guard):
    token = "t0ken-for-llm-settings"
    data = tmp_path / "data"
    guard.data_dirs.append(data)
    app = create_app(Settings(data_dir=data, embedder="none"), token=token)
    try:
        c = guard.client(app)
        body = {"url": llm.url, "model": "m", "key": KEY}
        for method, path, kw in [("GET", "/api/settings/llm", {}), ("PUT", "/api/settings/llm", {"json": body}),
                                 ("POST", "/api/settings/llm/check", {}),
                                 ("POST", "/api/ask", {"json": {"question": QUESTION, "mode": "llm"}})]:
            for headers in ({}, {"Authorization": "Bearer wrong"}):
                r = c.request(method, path, headers=headers, **kw)
                assert r.status_code == 401, (method, path, r.text)
                assert "set-cookie" not in r.headers
        ok = {"Authorization": f"Bearer {token}"}
        assert c.put("/api/settings/llm", json=body, headers=ok).json()["key_set"] is True
        assert c.post("/api/settings/llm/check", headers=ok).json()["ok"] is True
        assert c.get("/api/settings/llm", headers=ok).json()["checked"] is True
        assert llm.count > 0
    finally:
        app.state.pincite.close()


# ================================================================ re-uploads (Library.ingest_file)
def test_reupload_of_a_changed_file_replaces_the_document(web, guard, tmp_path):
    app, data = web
    c = guard.client(app)
    (old,) = [d for d in c.get("/api/documents").json()["documents"] if d["file"] == "px200.pdf"]
    assert old["source_path"] == "upload:px200.pdf"

    changed = make_pdf(tmp_path / "new.pdf", [PAGES[0], PAGES[1].replace("10 bar", "12 bar"), PAGES[2]],
                       title="PX-200 pump service manual")
    done = upload(c, "px200.pdf", changed.read_bytes())
    assert done["status"] == "ready" and done["result"] == "replaced" and done["doc_id"] != old["doc_id"]
    docs = c.get("/api/documents").json()["documents"]
    assert [(d["file"], d["doc_id"]) for d in docs] == [("px200.pdf", done["doc_id"])]  # one document
    assert c.get(f"/api/documents/{old['doc_id']}/pages/1/text").status_code == 404
    ans = c.post("/api/ask", json={"question": QUESTION}).json()
    cit = ans["claims"][0]["citations"][0]
    assert cit["doc_id"] == done["doc_id"] and "12 bar" in cit["quote"]

    again = upload(c, "px200.pdf", changed.read_bytes())  # identical bytes: skipped
    assert (again["result"], again["doc_id"]) == ("skipped", done["doc_id"])
    other = upload(c, "px200 copy.pdf", (tmp_path / "new.pdf").read_bytes())  # same bytes, new name
    assert (other["result"], other["doc_id"]) == ("skipped", done["doc_id"])
    assert len(c.get("/api/documents").json()["documents"]) == 1


def test_failed_upload_is_cleared_when_the_name_succeeds(web, guard, pdf):
    app, _ = web
    c = guard.client(app)
    bad = upload(c, "notes.pdf", b"plain text wearing a .pdf name\n")
    assert bad["status"] == "failed" and bad["reason"].startswith("not a PDF"), bad
    fails = c.get("/api/documents").json()["failures"]
    assert [(f["file"], f["source_path"]) for f in fails] == [("notes.pdf", "upload:notes.pdf")]
    good = make_pdf(pdf.parent / "notes.pdf", ["Meeting notes: the pump PX-200 was serviced on Monday "
                                                "and the seal was replaced by the fitter."])
    done = upload(c, "notes.pdf", good.read_bytes())
    assert done["status"] == "ready" and done["result"] == "added"
    assert c.get("/api/documents").json()["failures"] == []
