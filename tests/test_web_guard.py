"""Another web page against `pincite serve` (pincite.web.guard), on a real socket:

* a request naming another host (DNS rebinding: a site whose name now resolves to
  127.0.0.1) is refused with 421, and nothing is stored;
* a write from another origin (Origin, Sec-Fetch-Site) is refused with 403; a browser's
  write without the UI's X-Pincite-Request header too; the CLI (no Origin) and the UI's own
  requests pass;
* in chromium, a page served from a second origin (http://localhost:<other port>) posts a
  multipart upload with fetch and with a self-submitting form: both reach the server, both
  are refused, and the library stays empty;
* the CLI's client sends its token and files only to a loopback server that proves it knows
  the key in server.json.
"""
from __future__ import annotations

import http.server
import json
import os
import stat
import threading
import time
from pathlib import Path

import httpx
import pytest

from browser import LiveServer, RequestLog, launch_chromium, require_browser
from pdfgen import make_pdf
from pincite.config import Settings
from pincite.errors import UntrustedServer
from pincite.web import client as web_client
from pincite.web.client import find_server
from pincite.web.guard import allowed_names, host_allowed, proof, same_origin
from pincite.web.server import Server, create_app

PAGES = ["Boiler B-12 manual.", "Safety. The safety valve of boiler B-12 opens at 6 bar."]


def _multipart(pdf: Path) -> dict:
    return {"files": [("file", (pdf.name, pdf.read_bytes(), "application/pdf"))]}


@pytest.fixture()
def live(tmp_path, monkeypatch):
    """A pincite Server on 127.0.0.1 (a free port) with no token, in a thread."""
    monkeypatch.delenv("PINCITE_TOKEN", raising=False)
    monkeypatch.delenv("PINCITE_ALLOWED_HOSTS", raising=False)
    data = tmp_path / "data"
    server = Server("127.0.0.1", 0, Settings(data_dir=data, embedder="none"), log_level="warning")
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not (data / "server.json").exists():
        assert time.monotonic() < deadline and thread.is_alive()
        time.sleep(0.02)
    yield server, data
    server.stop()
    thread.join(30)


def _stored(url: str) -> tuple[list, list]:
    body = httpx.get(f"{url}/api/documents", trust_env=False).json()
    return body["documents"], body["uploads"]


def test_helpers():
    names = allowed_names("127.0.0.1", ["pincite.lan"])
    assert host_allowed("127.0.0.1:8000", names) and host_allowed("[::1]:8000", names)
    assert host_allowed("localhost:8000", names) and host_allowed("PINCITE.lan", names)
    assert host_allowed("192.168.1.20:8000", names)  # an address cannot be re-pointed
    assert not host_allowed("evil.example.com", names) and not host_allowed("evil.example.com:8000", names)
    assert not host_allowed("localhost.evil.example:8000", names) and not host_allowed("", names)
    assert same_origin("http://127.0.0.1:8000", "http", "127.0.0.1:8000")
    assert same_origin("http://localhost", "http", "localhost:80")
    for other in ("http://127.0.0.1:8001", "http://localhost:8000", "https://127.0.0.1:8000", "null", ""):
        assert not same_origin(other, "http", "127.0.0.1:8000"), other


def test_rebinding_host_and_cross_origin_writes_are_refused(live, tmp_path):
    server, _ = live
    url = server.url
    port = url.rsplit(":", 1)[1]
    pdf = make_pdf(tmp_path / "boiler.pdf", PAGES)
    with httpx.Client(base_url=url, trust_env=False, timeout=30) as http:
        # DNS rebinding: the name evil.example.com now resolves to 127.0.0.1
        for method, path in (("GET", "/"), ("GET", "/api/documents"), ("POST", "/api/documents")):
            kw = _multipart(pdf) if method == "POST" else {}
            r = http.request(method, path, headers={"Host": f"evil.example.com:{port}"}, **kw)
            assert r.status_code == 421, (method, path, r.text)
            assert "evil.example.com" in r.json()["detail"] and "PINCITE_ALLOWED_HOSTS" in r.json()["detail"]
            assert r.json()["code"] == "wrong_host"  # {"detail", "code"} like every other error
        r = http.post("/mcp", headers={"Host": "evil.example.com"}, json={})
        assert r.status_code == 421
        # another origin's page
        other = f"http://localhost:{port}"
        for headers in ({"Origin": f"http://127.0.0.1:{int(port) + 1}"}, {"Origin": other},
                        {"Origin": "null"}, {"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"},
                        {"Origin": "http://evil.example.com", "X-Pincite-Request": "1"}):
            r = http.post("/api/documents", headers=headers, **_multipart(pdf))
            assert r.status_code == 403, (headers, r.text)
            r = http.request("DELETE", "/api/documents/0123456789abcdef", headers=headers)
            assert r.status_code == 403, headers
            r = http.post("/api/ask", headers=headers, json={"question": "valve pressure?"})
            assert r.status_code == 403, headers
        r = http.post("/mcp", headers={"Origin": "http://evil.example.com"}, json={})
        assert r.status_code == 403
        # a browser request of our own origin, but without the UI's header
        r = http.post("/api/documents", headers={"Origin": url, "Sec-Fetch-Site": "same-origin"}, **_multipart(pdf))
        assert r.status_code == 403 and "x-pincite-request" in r.json()["detail"]
        assert r.json()["code"] == "forbidden"
        assert _stored(url) == ([], [])  # nothing of the above was stored
        # reading is not a write: another origin's GET is served (the browser keeps the answer from it)
        assert http.get("/api/health", headers={"Origin": "http://evil.example.com"}).status_code == 200
        # the UI's own write, and the CLI's (no Origin), pass
        r = http.post("/api/documents", headers={"Origin": url, "Sec-Fetch-Site": "same-origin",
                                                  "X-Pincite-Request": "1"}, **_multipart(pdf))
        assert r.status_code == 202, r.text
        r = http.post("/api/documents", **_multipart(make_pdf(tmp_path / "other.pdf", PAGES[::-1])))
        assert r.status_code == 202, r.text


def test_configured_name_is_served(tmp_path, monkeypatch):
    monkeypatch.setenv("PINCITE_ALLOWED_HOSTS", "pincite.lan, docs.example.org")
    app = create_app(Settings(data_dir=tmp_path / "data", embedder="none"), hosts=allowed_names("127.0.0.1"))
    try:
        from fastapi.testclient import TestClient

        c = TestClient(app, base_url="http://docs.example.org:8000")
        assert c.get("/api/health").status_code == 200
        assert c.get("/api/health", headers={"Host": "evil.example.com"}).status_code == 421
    finally:
        app.state.pincite.close()


# ------------------------------------------------------------------ the CLI's client
class _Impostor(http.server.BaseHTTPRequestHandler):
    """Answers /api/health as a pincite server would, without knowing any key; records
    the Authorization headers it is sent."""
    seen: list[str | None] = []

    def do_GET(self):  # noqa: N802
        type(self).seen.append(self.headers.get("Authorization"))
        body = json.dumps({"status": "ok", "version": "0", "documents": 0}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def test_client_trusts_only_a_loopback_server_that_proves_the_key(live, tmp_path, monkeypatch):
    server, data = live
    info = json.loads((data / "server.json").read_text())
    assert set(info) == {"url", "pid", "key"} and len(info["key"]) >= 32
    assert stat.S_IMODE((data / "server.json").stat().st_mode) == 0o600
    assert find_server(data) == server.url
    r = httpx.get(f"{server.url}/api/health", headers={"X-Pincite-Challenge": "abc"}, trust_env=False)
    assert r.headers["x-pincite-proof"] == proof(info["key"], "abc")

    monkeypatch.setenv("PINCITE_TOKEN", "tok-do-not-leak")
    other = tmp_path / "other"
    other.mkdir()
    # another machine named in server.json: refused before any request
    web_client.write_server_file(other, "http://192.0.2.10:8000", key="k")
    with pytest.raises(UntrustedServer, match="not a loopback address"):
        find_server(other, timeout=1)
    # another program on a loopback port (a reused port, another user's listener)
    _Impostor.seen = []
    impostor = http.server.HTTPServer(("127.0.0.1", 0), _Impostor)
    threading.Thread(target=impostor.serve_forever, daemon=True).start()
    try:
        web_client.write_server_file(other, f"http://127.0.0.1:{impostor.server_port}", key=info["key"][::-1])
        with pytest.raises(UntrustedServer, match="does not prove") as e:
            find_server(other)
        assert "tok-do-not-leak" not in str(e.value)
        assert _Impostor.seen and all(h is None for h in _Impostor.seen)  # the token never went there
    finally:
        impostor.shutdown()
    # a server.json other users can read (or write): not trusted
    web_client.write_server_file(other, server.url, key=info["key"])
    assert find_server(other) == server.url  # the same key: proven
    os.chmod(other / "server.json", 0o644)
    with pytest.raises(UntrustedServer, match="not yours alone"):
        find_server(other)


# ------------------------------------------------------------------ in a browser
ATTACK_PAGE = """<!doctype html><html><body>
<form id="f" method="post" enctype="multipart/form-data" action="{target}/api/documents" target="sink">
<input type="hidden" name="trust" value="normative"></form>
<iframe name="sink"></iframe>
<script>
(async () => {{
  const fd = new FormData();
  fd.append("trust", "normative");
  fd.append("file", new Blob([atob("{pdf}")], {{type: "application/pdf"}}), "planted.pdf");
  let outcome;
  try {{
    await fetch("{target}/api/documents", {{method: "POST", body: fd, mode: "no-cors"}});
    outcome = "sent";
  }} catch (e) {{ outcome = "error " + e; }}
  document.title = "fetch " + outcome;
  // a plain form can carry a file only from a user's pick; it still plants a request
  const form = document.getElementById("f");
  const input = document.createElement("input");
  input.type = "file"; input.name = "file";
  const dt = new DataTransfer();
  dt.items.add(new File([atob("{pdf}")], "planted2.pdf", {{type: "application/pdf"}}));
  input.files = dt.files;
  form.append(input);
  form.submit();
}})();
</script></body></html>"""


def test_a_page_of_another_origin_cannot_upload(tmp_path, monkeypatch):
    import base64

    sync_playwright = require_browser()
    monkeypatch.delenv("PINCITE_TOKEN", raising=False)
    log = RequestLog(create_app(Settings(data_dir=tmp_path / "data", embedder="none"),
                                hosts=allowed_names("127.0.0.1")))
    pdf = make_pdf(tmp_path / "planted.pdf", PAGES)
    site = tmp_path / "site"
    site.mkdir()
    with LiveServer(log) as target:
        page_html = ATTACK_PAGE.format(target=target.url, pdf=base64.b64encode(pdf.read_bytes()).decode())
        (site / "index.html").write_text(page_html, encoding="utf-8")

        class Handler(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *a, **kw):
                super().__init__(*a, directory=str(site), **kw)

            def log_message(self, *args):
                pass

        attacker = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=attacker.serve_forever, daemon=True).start()
        try:
            with sync_playwright() as pw:
                context = launch_chromium(pw, tmp_path / "profile")
                try:
                    page = context.new_page()
                    page.goto(f"http://localhost:{attacker.server_port}/index.html")
                    page.wait_for_function("document.title.startsWith('fetch')", timeout=30000)
                    assert page.title() == "fetch sent"
                    deadline = time.monotonic() + 30
                    while log.count("POST", "/api/documents") < 2:  # both requests reached the server
                        assert time.monotonic() < deadline, log.requests
                        time.sleep(0.1)
                finally:
                    context.close()
        finally:
            attacker.shutdown()
        time.sleep(1.0)  # an accepted upload would be queued by now
        docs, uploads = _stored(target.url)
        assert docs == [] and uploads == []
        received = tmp_path / "data" / "uploads"
        assert not received.exists() or not any(received.iterdir())


def test_upload_on_a_full_disk_is_refused_with_507(tmp_path, monkeypatch):
    from fastapi.testclient import TestClient

    settings = Settings(data_dir=tmp_path / "data", embedder="none")
    app = create_app(settings)
    try:
        settings.min_free_mb = float(1 << 40)  # more than any disk holds: the disk is "full"
        c = TestClient(app)
        r = c.post("/api/documents", **_multipart(make_pdf(tmp_path / "a.pdf", PAGES)))
        assert r.status_code == 507 and r.json()["detail"].startswith("disk full at ")
        assert "nothing was lost" in r.json()["detail"]
        assert c.get("/api/documents").json()["uploads"] == []
    finally:
        app.state.pincite.close()


def test_mcp_follows_the_same_host_rule(tmp_path, monkeypatch):
    """A configured name reaches /mcp as it reaches /api; another name is refused on both."""
    from fastapi.testclient import TestClient

    monkeypatch.delenv("PINCITE_TOKEN", raising=False)
    monkeypatch.setenv("PINCITE_ALLOWED_HOSTS", "pincite.lan")
    app = create_app(Settings(data_dir=tmp_path / "data", embedder="none"), hosts=allowed_names("127.0.0.1"))
    body = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
    accept = {"Accept": "application/json, text/event-stream"}
    with TestClient(app, base_url="http://pincite.lan:8000") as c:
        r = c.post("/mcp", json=body, headers=accept)
        assert r.status_code == 200, r.text
        r = c.post("/mcp", json=body, headers={**accept, "Origin": "http://pincite.lan:8000"})
        assert r.status_code == 200, r.text
        assert c.post("/mcp", json=body, headers={**accept, "Host": "evil.example.com"}).status_code == 421
        assert c.post("/mcp", json=body, headers={**accept, "Origin": "http://evil.example.com"}).status_code == 403
