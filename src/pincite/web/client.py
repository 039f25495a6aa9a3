"""Finding a running `pincite serve` for a data folder, and a small client of its REST API.

While a server runs it owns the index shard (Qdrant Edge allows one process), so the CLI
goes through it: `find_server(data_dir)` reads `<data_dir>/server.json` (written by the
server once it listens, mode 0600, removed when it stops) and returns the URL only when the
server answers `GET /api/health`; a file left by a killed server gives None. Before any
token or file is sent, the URL must be a loopback one and the server must prove that it
knows the random key in server.json (pincite.web.guard: a challenge answered with an HMAC),
so a file naming another machine, or another program listening on a reused port, is refused.

The bearer token (env PINCITE_TOKEN) is sent in the Authorization header; it is never
written to server.json, logged or put into an error message.
"""
from __future__ import annotations

import hmac
import json
import os
import secrets
import stat
import time
import urllib.parse
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from ..errors import ServerError, UntrustedServer
from ..urls import is_loopback_host
from .guard import CHALLENGE_HEADER, PROOF_HEADER, proof

if TYPE_CHECKING:
    import httpx

    from pincite.contract import Answer

SERVER_FILE = "server.json"
TOKEN_ENV = "PINCITE_TOKEN"
#: Seconds the health check of find_server may take (a server busy ingesting still
#: answers /api/health at once: it never waits for the library).
HEALTH_TIMEOUT = 2.0
#: Trust of a document the CLI uploads to a running server when it names none (the CLI's
#: default; a browser upload's is "uploaded").
CLI_TRUST = "reference"
#: Files per upload request (the server takes at most 100).
UPLOAD_BATCH = 50


def server_file(data_dir: Path | str) -> Path:
    return Path(data_dir) / SERVER_FILE


def write_server_file(data_dir: Path | str, url: str, pid: int | None = None, *,
                      key: str | None = None) -> Path:
    """Write {"url", "pid", "key"} to <data_dir>/server.json atomically, readable by its
    owner only (mode 0600; never the bearer token). `key`: the server's identity secret."""
    from pincite.store.blobs import atomic_write

    path = server_file(data_dir)
    # atomic_write's temporary file is made by mkstemp, so the file is created 0600
    atomic_write(path, json.dumps({"url": url, "pid": pid or os.getpid(), "key": key}).encode("utf-8"))
    return path


def remove_server_file(data_dir: Path | str, pid: int | None = None) -> None:
    """Remove server.json if it names this process (another server may have replaced it)."""
    path = server_file(data_dir)
    info = read_server_file(data_dir)
    if info is not None and info.get("pid") == (pid or os.getpid()):
        path.unlink(missing_ok=True)


def read_server_file(data_dir: Path | str) -> dict | None:
    try:
        info = json.loads(server_file(data_dir).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(info, dict) or not isinstance(info.get("url"), str):
        return None
    return info


def find_server(data_dir: Path | str, *, token: str | None = None,
                timeout: float = HEALTH_TIMEOUT) -> str | None:
    """URL of the live pincite server of `data_dir`, or None (no file, a dead process, or
    nothing answering /api/health there). A server that wants a token this client lacks
    (401 with a Bearer challenge) still counts as live: requests then fail clearly.
    Raises UntrustedServer when server.json names a URL that is not loopback, is not the
    current user's own file readable by them alone, or when whatever answers there cannot
    prove it knows the file's key; the token is sent only after that proof."""
    info = read_server_file(data_dir)
    if info is None:
        return None
    pid = info.get("pid")
    if isinstance(pid, int) and pid > 0 and not _process_alive(pid):
        return None
    path = server_file(data_dir)
    url = info["url"].rstrip("/")
    parsed = urllib.parse.urlsplit(url)
    if parsed.scheme != "http" or not parsed.hostname or not is_loopback_host(parsed.hostname):
        raise UntrustedServer(f"{path} names {_shown(url)}, not a loopback address: pincite sends "
                              "its token and files only to a server on this machine (remove the "
                              "file if no pincite server runs on this data folder)")
    try:
        st = path.stat()
    except OSError:
        return None
    if hasattr(os, "getuid") and (st.st_uid != os.getuid() or st.st_mode & (stat.S_IRWXG | stat.S_IRWXO)):
        raise UntrustedServer(f"{path} is not yours alone (owner uid {st.st_uid}, mode "
                              f"{stat.S_IMODE(st.st_mode):o}): not trusting the server it names; "
                              "remove the file if no pincite server runs on this data folder")
    key = info.get("key")
    challenge = secrets.token_urlsafe(24)
    import httpx  # here: a CLI command with no server running never needs it

    try:
        with httpx.Client(timeout=timeout, trust_env=False, follow_redirects=False) as http:
            r = http.get(f"{url}/api/health", headers={CHALLENGE_HEADER: challenge})
            if r.status_code not in (200, 401):
                return None
            given = r.headers.get(PROOF_HEADER, "")
            if not isinstance(key, str) or not hmac.compare_digest(given, proof(key, challenge)):
                raise UntrustedServer(
                    f"{_shown(url)} (named by {path}) does not prove that it is the pincite server "
                    "of this data folder: not sending it the token or any file (remove the file "
                    "if no pincite server runs on this data folder)")
    except httpx.HTTPError:
        return None
    if r.status_code == 200:
        try:
            ok = r.json().get("status") == "ok"
        except ValueError:
            ok = False
        return url if ok else None
    if r.status_code == 401 and r.headers.get("www-authenticate", "").lower().startswith("bearer"):
        return url
    return None


def _shown(text: str) -> str:
    """`text` for a message: at most 200 characters, control characters escaped."""
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")
                   for ch in text[:200])


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _auth(token: str | None) -> dict:
    token = token if token is not None else os.environ.get(TOKEN_ENV) or None
    return {"Authorization": f"Bearer {token}"} if token else {}


class Client:
    """The REST API of a running server, for the CLI. Methods raise ServerError with the
    server's detail when it refuses a request."""

    def __init__(self, url: str, *, token: str | None = None, timeout: float = 600.0):
        import httpx

        self.url = url.rstrip("/")
        self._http = httpx.Client(base_url=self.url, timeout=timeout, trust_env=False,
                                  follow_redirects=False, headers=_auth(token))

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        self._http.close()

    # -- calls --------------------------------------------------------------------
    def health(self) -> dict:
        return self._json("GET", "/api/health")

    def ask(self, question: str, *, doc_ids: list[str] | None = None,
            mode: str = "extractive", scope: dict | None = None, serial: str | None = None,
            revision_mode: str | None = None, compare: list[str] | None = None) -> Answer:
        """POST /api/ask; `scope`: {"model", "modification", "revision", "trust",
        "include_uploaded"} (None: normative and reference documents, as the CLI asks);
        `serial`, `revision_mode` ("current" | "as-shipped") and `compare` (two revisions)
        as Library.ask's serial, mode and compare."""
        body: dict[str, object] = {"question": question, "doc_ids": doc_ids, "mode": mode}
        if scope:
            body["scope"] = scope
        for key, value in (("serial", serial), ("revision_mode", revision_mode), ("compare", compare)):
            if value:
                body[key] = list(value) if key == "compare" else value
        data = self._json("POST", "/api/ask", json=body)
        from pincite.contract import Answer

        return Answer.model_validate(data)

    def evidence(self, answer: Answer, fmt: str) -> str:
        """POST /api/export: the evidence export of `answer` as `fmt` ("md" or "csv") text,
        made by the server's Library.evidence_file (links to the server's originals); the
        byte-order mark of a CSV file left out."""
        import httpx

        try:
            r = self._http.post("/api/export", params={"format": fmt}, content=answer.model_dump_json(),
                                headers={"Content-Type": "application/json"})
        except httpx.HTTPError as e:
            raise ServerError(0, f"{self.url}: the pincite server does not answer ({type(e).__name__})") from None
        self._check(r)
        return r.content.decode("utf-8-sig")

    def documents(self) -> dict:
        """{"documents", "uploads", "failures", "problems"} as GET /api/documents gives them."""
        return self._json("GET", "/api/documents")

    def upload(self, paths: Iterable[Path | str], fields: dict | None = None) -> list[dict]:
        """Upload files under their own names (at most UPLOAD_BATCH per request); returns
        the upload objects (status "queued"), in the order of `paths`. `fields`: document
        fields for every file (form fields trust, model, modification (a list), revision...);
        a new document's trust is "reference" unless `fields` names one (the CLI's default;
        a browser upload's is "uploaded"); bytes already stored keep theirs."""
        paths = [Path(p) for p in paths]
        form: dict[str, object] = {"default_trust": CLI_TRUST}
        for k, v in (fields or {}).items():
            if v is None:
                continue
            k = "modification" if k in ("modification", "modifications") else k
            form[k] = [str(x) for x in v] if isinstance(v, (list, tuple)) else str(v)
        out: list[dict] = []
        for i in range(0, len(paths), UPLOAD_BATCH):
            handles = [open(p, "rb") for p in paths[i:i + UPLOAD_BATCH]]
            try:
                files = [("file", (Path(h.name).name, h, "application/pdf")) for h in handles]
                out.extend(self._json("POST", "/api/documents", data=form, files=files)["uploads"])
            finally:
                for h in handles:
                    h.close()
        return out

    def wait(self, upload_ids: Iterable[str], *, poll: float = 0.5, timeout: float | None = None,
             on_update=None) -> list[dict]:
        """Poll GET /api/documents until every upload in `upload_ids` is ready or failed;
        `on_update(uploads)` is called after each poll. Returns the final upload objects."""
        wanted = list(upload_ids)
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            ups = {u["upload_id"]: u for u in self.documents()["uploads"]}
            current = [ups[i] for i in wanted if i in ups]
            if on_update:
                on_update(current)
            if all(u["status"] in ("ready", "failed") for u in current):
                return current
            if deadline is not None and time.monotonic() > deadline:
                raise TimeoutError("uploads still being ingested")
            time.sleep(poll)

    def page_text(self, doc_id: str, page: int) -> dict:
        """GET /api/documents/{doc_id}/pages/{page}/text: {"doc_id", "page", "page_label",
        "label_source", "pages", "kind", "address", "ocr", "text"}."""
        return self._json("GET", f"/api/documents/{doc_id}/pages/{page}/text")

    def set_fields(self, doc_id: str, fields: dict) -> dict:
        """PATCH /api/documents/{doc_id} with document fields (store.fields names; "" or []
        clears one): the updated document as GET /api/documents lists it."""
        return self._json("PATCH", f"/api/documents/{doc_id}", json=fields)

    def remove(self, doc_id: str) -> None:
        r = self._http.delete(f"/api/documents/{doc_id}")
        self._check(r)

    def remove_failed(self, name: str) -> list[dict]:
        """DELETE /api/failures?name=: the failed entries forgotten (as GET /api/documents
        lists failures); [] when none has that file name or path."""
        r = self._http.delete("/api/failures", params={"name": name})
        if r.status_code == 404:
            return []
        self._check(r)
        return r.json()

    # -- helpers --------------------------------------------------------------------
    def _json(self, method: str, path: str, **kw) -> dict:
        import httpx

        try:
            r = self._http.request(method, path, **kw)
        except httpx.HTTPError as e:
            raise ServerError(0, f"{self.url}: the pincite server does not answer ({type(e).__name__})") from None
        self._check(r)
        return r.json()

    def _check(self, r: httpx.Response) -> None:
        if r.status_code < 400:
            return
        try:
            detail = r.json().get("detail")
        except ValueError:
            detail = None
        if not isinstance(detail, str):
            detail = r.reason_phrase or f"HTTP {r.status_code}"
        if r.status_code == 401:
            detail = f"{self.url}: the server needs a valid token; set {TOKEN_ENV}"
        raise ServerError(r.status_code, detail)
