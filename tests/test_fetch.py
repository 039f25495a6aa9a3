"""`pincite ingest URL`: pincite.store.fetch against a local ThreadingHTTPServer on
127.0.0.1 (real sockets), then the CLI end to end."""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx
import pytest

from pdfgen import make_pdf
from pincite.errors import FetchError, IngestError, TooLarge
from pincite.store import fetch

PAGE_TEXT = ("Section 4.2 Rated pressure. The rated pressure of the PX-900 booster pump is 31 MPa. "
             "Check the relief valve before every start.")


class _Handler(BaseHTTPRequestHandler):
    routes: dict = {}
    hits: list = []

    def log_message(self, *a):  # quiet
        pass

    def do_GET(self):
        self.hits.append((self.path, self.headers.get("Host")))
        route = self.routes.get(self.path.split("?", 1)[0])
        if route is None:
            body = b"secret server body"
            self.send_response(404)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        status, headers, body = route(self)
        self.send_response(status)
        for k, v in headers.items():
            self.send_header(k, v)
        self.end_headers()
        if body:
            self.wfile.write(body)


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    pdf = make_pdf(tmp_path_factory.mktemp("src") / "px900.pdf", [PAGE_TEXT, "Maintenance table."],
                   title="PX-900 booster pump manual")
    data = pdf.read_bytes()
    srv = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    port = srv.server_address[1]
    base = f"http://127.0.0.1:{port}"

    def redirect(to):
        return lambda h: (302, {"Location": to, "Content-Length": "0"}, b"")

    def big(h):  # no Content-Length: the cap must hold while streaming
        h.close_connection = True
        return 200, {"Content-Type": "application/pdf", "Connection": "close"}, b"%PDF-1.4\n" + b"x" * 50_000

    _Handler.routes = {
        "/docs/manual.pdf": lambda h: (200, {"Content-Type": "application/pdf",
                                             "Content-Length": str(len(data))}, data),
        "/get": lambda h: (200, {"Content-Type": "application/pdf; name=x", "Content-Length": str(len(data)),
                                 "Content-Disposition": "attachment; filename=\"../../evil\\\\name.pdf\""},
                           data),
        "/utf8": lambda h: (200, {"Content-Type": "application/pdf", "Content-Length": str(len(data)),
                                  "Content-Disposition": "attachment; filename*=UTF-8''%D0%A0%D1%83%D0%BA.pdf"},
                            data),
        "/noext": lambda h: (200, {"Content-Type": "application/pdf", "Content-Length": str(len(data))}, data),
        "/same-host": redirect("/docs/manual.pdf"),
        "/other-host": redirect(f"http://127.0.0.2:{port}/docs/manual.pdf"),
        "/private": redirect("https://10.0.0.1/docs/manual.pdf"),
        "/link-local": redirect("https://169.254.169.254/latest/meta-data"),
        "/userinfo": redirect(f"http://user:pw@127.0.0.1:{port}/docs/manual.pdf"),
        "/loop": redirect("/loop"),
        "/big": big,
        "/big-declared": lambda h: (200, {"Content-Type": "application/pdf", "Content-Length": "50000"}, b""),
    }
    _Handler.hits = []
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    yield base, data
    srv.shutdown()
    srv.server_close()


def test_download_keeps_url_mime_size_and_hash(served, tmp_path):
    base, data = served
    got = fetch.download(base + "/docs/manual.pdf#page=3", tmp_path, max_bytes=10 << 20)
    assert got.url == base + "/docs/manual.pdf" and got.final_url == got.url
    assert got.mime == "application/pdf" and got.size == len(data)
    assert got.sha256 == hashlib.sha256(data).hexdigest()
    assert got.file_name == "manual.pdf" and got.path == tmp_path / "manual.pdf"
    assert got.path.read_bytes() == data
    assert [p.name for p in tmp_path.iterdir()] == ["manual.pdf"]  # no .part left


def test_same_host_redirect_is_followed(served, tmp_path):
    base, data = served
    got = fetch.download(base + "/same-host", tmp_path, max_bytes=10 << 20)
    assert got.url == base + "/same-host" and got.final_url == base + "/docs/manual.pdf"
    assert got.sha256 == hashlib.sha256(data).hexdigest()


def test_file_name_from_content_disposition_is_sanitised(served, tmp_path):
    base, _ = served
    got = fetch.download(base + "/get", tmp_path, max_bytes=10 << 20)
    assert got.file_name == "name.pdf" and got.path.parent == tmp_path and got.mime == "application/pdf"
    assert fetch.download(base + "/utf8", tmp_path, max_bytes=10 << 20).file_name == "Рук.pdf"
    assert fetch.download(base + "/noext", tmp_path, max_bytes=10 << 20).file_name == "noext.pdf"


@pytest.mark.parametrize("route, words", [
    ("/other-host", "127.0.0.2"),
    ("/private", "private address (10.0.0.1)"),
    ("/link-local", "link-local address"),
    ("/userinfo", "user name or password"),
])
def test_redirect_to_another_host_is_refused(served, tmp_path, route, words):
    base, _ = served
    with pytest.raises(FetchError) as e:
        fetch.download(base + route, tmp_path, max_bytes=10 << 20)
    msg = str(e.value)
    assert msg.startswith(base + route) and "redirected to" in msg and words in msg, msg
    assert "pw" not in msg
    assert list(tmp_path.iterdir()) == []


def test_too_many_redirects(served, tmp_path):
    base, _ = served
    with pytest.raises(FetchError, match="more than 5 redirects"):
        fetch.download(base + "/loop", tmp_path, max_bytes=10 << 20)


@pytest.mark.parametrize("route", ["/big", "/big-declared"])
def test_over_size_is_refused_and_nothing_left(served, tmp_path, route):
    base, _ = served
    with pytest.raises(TooLarge) as e:
        fetch.download(base + route, tmp_path, max_bytes=10_000)
    msg = str(e.value)
    assert msg.startswith(base + route) and "10,000 bytes" in msg, msg
    assert list(tmp_path.iterdir()) == []


def test_http_error_never_shows_the_body(served, tmp_path):
    base, _ = served
    with pytest.raises(FetchError) as e:
        fetch.download(base + "/missing.pdf?token=s3cret", tmp_path, max_bytes=10 << 20)
    assert "HTTP 404" in str(e.value) and "secret server body" not in str(e.value)
    assert "s3cret" not in str(e.value)


@pytest.mark.parametrize("url, words", [
    ("http://example.com/manual.pdf", "plain http is allowed only for localhost"),
    ("http://10.0.0.1/manual.pdf", "plain http is allowed only for localhost"),
    ("ftp://example.com/manual.pdf", "only https://"),
    ("https://user:pw@example.com/manual.pdf", "user name or password"),
    ("https://example.com/a b.pdf", "whitespace"),
    ("https://10.0.0.1/manual.pdf", "private address"),
    ("https://127.0.0.1/manual.pdf", None),  # loopback given: allowed (fails to connect below)
    ("https://[fe80::1]/manual.pdf", "link-local"),
    ("https://0.0.0.0/manual.pdf", "reserved address"),
])
def test_url_rules_are_checked_before_any_request(monkeypatch, tmp_path, url, words):
    sent = []
    monkeypatch.setattr(httpx.Client, "send", lambda self, req, **kw: sent.append(req) or 1 / 0)
    if words is None:
        with pytest.raises(ZeroDivisionError):
            fetch.download(url, tmp_path, max_bytes=1000)
        assert sent[0].headers["host"] == "127.0.0.1"
        return
    with pytest.raises(FetchError, match=words):
        fetch.download(url, tmp_path, max_bytes=1000)
    assert sent == []


def test_name_resolving_to_a_private_address_is_refused(monkeypatch, tmp_path):
    monkeypatch.setattr(fetch.socket, "getaddrinfo",
                        lambda host, port, **kw: [(2, 1, 6, "", ("192.168.1.5", port))])
    monkeypatch.setattr(httpx.Client, "send", lambda *a, **kw: pytest.fail("no request expected"))
    with pytest.raises(FetchError, match=r"intranet\.example resolves to a private address \(192\.168\.1\.5\)"):
        fetch.download("https://intranet.example/manual.pdf", tmp_path, max_bytes=1000)


def test_fetch_error_is_an_ingest_error():
    assert issubclass(FetchError, IngestError)


# -- the CLI ---------------------------------------------------------------------------------


def run(*args: str, data: Path, check: bool = True, env: dict | None = None) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-c", "from pincite.cli.main import main; main()", "--data", str(data), *args]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=180,
                       env={**os.environ, "COLUMNS": "200", **(env or {})})
    if check:
        assert p.returncode == 0, p.stderr + p.stdout
    return p


def test_cli_ingest_url_keeps_provenance_and_answers(served, tmp_path):
    base, data = served
    url = base + "/docs/manual.pdf"
    p = run("ingest", url, "--model", "PX-900", data=tmp_path)
    assert "manual.pdf" in p.stdout and "added" in p.stdout
    docs = json.loads(run("docs", "--json", data=tmp_path).stdout)["documents"]
    assert len(docs) == 1
    d = docs[0]
    assert d["source_url"] == url and d["source_path"] == url and d["model"] == "PX-900"
    assert d["mime"] == "application/pdf" and d["size"] == len(data)
    assert d["sha256"] == hashlib.sha256(data).hexdigest() and d["file_name"] == "manual.pdf"
    assert not any((tmp_path / "downloads").iterdir())  # the download is removed
    ans = json.loads(run("ask", "What is the rated pressure of the PX-900 booster pump?", "--json",
                         data=tmp_path).stdout)
    assert ans["status"] == "answered", ans
    cit = ans["claims"][0]["citations"][0]
    assert cit["file"] == "manual.pdf" and "31 MPa" in cit["quote"] and cit["page"] == 1


def test_cli_refuses_redirect_and_over_size(served, tmp_path):
    base, _ = served
    p = run("ingest", base + "/other-host", data=tmp_path, check=False)
    assert p.returncode == 1
    out = " ".join((p.stderr + p.stdout).split())
    assert "redirected to http://127.0.0.2" in out and "plain http is allowed only for localhost" in out
    p = run("ingest", base + "/big", data=tmp_path, check=False, env={"PINCITE_MAX_FILE_MB": "0.01"})
    assert p.returncode == 1
    out = " ".join((p.stderr + p.stdout).split())
    assert "too large" in out and "10,485 bytes" in out
    docs = json.loads(run("docs", "--json", data=tmp_path).stdout)
    assert docs["documents"] == []
    assert not list((tmp_path / "originals").rglob("*.*")) and not any((tmp_path / "downloads").iterdir())


def test_cli_refuses_remote_http_before_any_request(tmp_path):
    p = run("ingest", "http://example.com/manual.pdf", data=tmp_path, check=False)
    assert p.returncode == 1
    assert "plain http is allowed only for localhost" in " ".join((p.stderr + p.stdout).split())
