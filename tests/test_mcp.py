"""The MCP server, driven by the official SDK's client: over stdio (the real `pincite mcp`
process) and over streamable HTTP (a real `pincite serve` on 127.0.0.1 with a token), on a
small library built once from four files of ../shared/corpus (Russian, Chinese, English).
"""
from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pincite.config import Settings
from pincite.contract import Answer, PageView, QuoteVerdict, SearchResult
from pincite.library.export import source_line
from pincite.library.facade import Library

mcp = pytest.importorskip("mcp")
httpx2 = pytest.importorskip("httpx2")
from mcp import Client  # noqa: E402
from mcp.client.stdio import StdioServerParameters  # noqa: E402
from mcp.client.streamable_http import streamable_http_client  # noqa: E402

FILES = ["pdf/ru/eskdx.pdf", "pdf/ru/ugost2008.pdf", "pdf/en/tugboat-babelbib.pdf", "pdf/zh/zhnumber.pdf"]
QUESTION = "Какой класс коллекции eskdx используют для чертежей и схем?"
#: A heading and a sentence of eskdx.pdf's physical page 19, as `search` returns them.
REAL_QUOTE = "2.9 Чертежи и схемы\nДля чертежей и схем используют класс eskdgraph."
TOOLS = {"ask", "search", "verify_quote", "get_page", "list_documents"}
TOKEN = "mcp-test-token-7Qx"
CLI = [sys.executable, "-c", "from pincite.cli.main import main; main()"]


def _env(**extra: str) -> dict[str, str]:
    """What a spawned pincite needs of this environment (the SDK's stdio client passes only
    a few variables on): PYTHONPATH, PATH, HOME and the PINCITE_ settings."""
    keep = {k: v for k, v in os.environ.items()
            if k.startswith("PINCITE_") or k in ("PYTHONPATH", "PATH", "HOME")}
    return {**keep, "COLUMNS": "200", **extra}


@pytest.fixture(scope="session")
def mcp_data(corpus: Path, tmp_path_factory, shared_ingest) -> Path:
    """A closed library of FILES (default settings, as the CLI has them)."""
    src = tmp_path_factory.mktemp("mcp-src")
    for rel in FILES:
        shutil.copy(corpus / rel, src / Path(rel).name)
    data = tmp_path_factory.mktemp("mcp-data")
    with Library(Settings(data_dir=data)) as lib, shared_ingest(lib):
        results = lib.ingest([src])
    assert [r.status for r in results] == ["added"] * len(FILES), [r.reason for r in results]
    return data


@pytest.fixture(scope="session")
def cli_answer(mcp_data: Path) -> dict:
    """`pincite ask --json QUESTION` on the library, as a user would run it."""
    done = subprocess.run(CLI + ["--data", str(mcp_data), "ask", "--json", QUESTION], capture_output=True,
                          text=True, timeout=300, env=_env())
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _citations(answer: dict) -> list[tuple]:
    return [(c["doc_id"], c["file"], c["page"], c["page_label"], c["quote"], c["verified"])
            for claim in answer["claims"] for c in claim["citations"]]


def _structured(result) -> dict:
    assert not result.is_error, result.content
    return result.structured_content


async def _exercise(client: Client, expected: dict) -> dict:
    """The checks both transports must pass; returns what was seen for further checks."""
    tools = {t.name: t for t in (await client.list_tools()).tools}
    assert set(tools) == TOOLS
    for t in tools.values():
        assert t.output_schema and t.output_schema.get("type") == "object", t.name
        assert t.annotations is not None and t.annotations.read_only_hint, t.name
    # the calling model is told the rules where it chooses tools
    said = {name: " ".join(t.description.split()).lower() for name, t in tools.items()}
    assert "quote only text that this tool returned" in said["search"] and "call verify_quote" in said["search"]
    assert "call it before presenting any quote as verbatim" in said["verify_quote"]
    assert "call verify_quote" in said["ask"] and "verify_quote before presenting" in said["get_page"]
    assert tools["ask"].input_schema["properties"]["trust"]["anyOf"][0]["items"]["enum"] == [
        "normative", "reference", "uploaded"]

    answer = Answer.model_validate(_structured(await client.call_tool("ask", {"question": QUESTION})))
    got = answer.model_dump(mode="json")
    assert answer.status == expected["status"] == "answered" and answer.language == "ru"
    assert _citations(got) == _citations(expected)
    assert all(c.verified for c in answer.citations())
    assert (answer.citations()[0].file, answer.citations()[0].page) == ("eskdx.pdf", 19)
    # each citation says its source line as the CLI and the evidence export write it
    first = answer.citations()[0]
    assert first.source == source_line(first, "ru") and first.source.startswith("eskdx.pdf, "), first.source
    assert [c.source for c in answer.citations()] == [
        c["source"] for claim in expected["claims"] for c in claim["citations"]], "the CLI's JSON has them too"
    doc_id = answer.citations()[0].doc_id

    found = SearchResult.model_validate(
        _structured(await client.call_tool("search", {"question": QUESTION, "limit": 3})))
    assert found.answerable and 1 <= len(found.passages) <= 3
    assert [p.rank for p in found.passages] == list(range(1, len(found.passages) + 1))
    best = found.passages[0]
    assert (best.citation.doc_id, best.citation.page, best.citation.page_label) == (doc_id, 19, "19")
    assert best.citation.verified and REAL_QUOTE in best.text
    assert best.citation.source == source_line(best.citation, found.language)
    for p in found.passages:  # every passage is text the page holds: quoting it verifies
        if (p.citation.page is not None and p.citation.address.kind == "pdf"
                and p.citation.address.page_end == p.citation.page):
            v = _structured(await client.call_tool("verify_quote", {"doc_id": p.citation.doc_id,
                                                                    "page": p.citation.page, "quote": p.text}))
            assert v["verified"], (p.rank, p.text[:80])

    real = QuoteVerdict.model_validate(_structured(await client.call_tool(
        "verify_quote", {"doc_id": doc_id, "page": 19, "quote": REAL_QUOTE})))
    assert real.verified and real.match == "exact" and (real.file, real.page_label) == ("eskdx.pdf", "19")
    changed = QuoteVerdict.model_validate(_structured(await client.call_tool(
        "verify_quote", {"doc_id": doc_id, "page": 19, "quote": REAL_QUOTE.replace("2.9", "2.8")})))
    assert not changed.verified and changed.reason == "not in source"
    elsewhere = _structured(await client.call_tool("verify_quote", {"doc_id": doc_id, "page": 18, "quote": REAL_QUOTE}))
    assert not elsewhere["verified"]  # a real quote, but not on that page

    page = PageView.model_validate(_structured(await client.call_tool("get_page", {"doc_id": doc_id, "page": 19})))
    assert (page.file, page.page, page.page_label, page.kind, page.pages) == ("eskdx.pdf", 19, "19", "pdf", 35)
    assert REAL_QUOTE in page.text and "\r" not in page.text
    resource = await client.read_resource(f"pincite://doc/{doc_id}/page/19")
    assert resource.contents[0].text == page.text
    info = json.loads((await client.read_resource(f"pincite://doc/{doc_id}")).contents[0].text)
    assert (info["file"], info["pages"], info["unit"]) == ("eskdx.pdf", 35, "pdf")
    templates = {t.uri_template for t in (await client.list_resource_templates()).resource_templates}
    assert templates == {"pincite://doc/{doc_id}", "pincite://doc/{doc_id}/page/{n}"}

    docs = _structured(await client.call_tool("list_documents", {}))["documents"]
    assert sorted(d["file"] for d in docs) == sorted(Path(f).name for f in FILES)
    assert doc_id in {d["doc_id"] for d in docs}

    # bad input: a tool error that names the thing and the reason
    out = await client.call_tool("get_page", {"doc_id": doc_id, "page": 99})
    assert out.is_error and "eskdx.pdf: page 99 is out of range 1..35" in out.content[0].text
    out = await client.call_tool("verify_quote", {"doc_id": "0123456789abcdef", "page": 1, "quote": REAL_QUOTE})
    assert out.is_error and "no document with id '0123456789abcdef'" in out.content[0].text
    out = await client.call_tool("ask", {"question": QUESTION, "doc_ids": ["fedcba9876543210"]})
    assert out.is_error and "doc_ids" in out.content[0].text and "fedcba9876543210" in out.content[0].text
    out = await client.call_tool("get_page", {"doc_id": "../etc", "page": 1})
    assert out.is_error and "doc_id" in out.content[0].text
    return {"doc_id": doc_id}


def test_stdio_client_asks_and_verifies_through_pincite_mcp(mcp_data, cli_answer):
    params = StdioServerParameters(command=CLI[0], args=CLI[1:] + ["--data", str(mcp_data), "mcp"], env=_env())

    async def session() -> None:
        # the initialize handshake, as desktop clients start a stdio server today
        async with Client(params, read_timeout_seconds=300, mode="legacy") as client:
            await _exercise(client, cli_answer)

    asyncio.run(session())


def test_pincite_mcp_needs_a_library(tmp_path):
    done = subprocess.run(CLI + ["--data", str(tmp_path / "none"), "mcp"], capture_output=True, text=True,
                          timeout=120, env=_env(), stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and "no pincite library here" in done.stderr
    assert done.stdout == ""  # stdout is the protocol's: nothing else is written there


@pytest.fixture()
def served(mcp_data):
    """`pincite serve` on the library with a token, on a free port of 127.0.0.1."""
    proc = subprocess.Popen(CLI + ["--data", str(mcp_data), "serve", "--port", "0"], env=_env(PINCITE_TOKEN=TOKEN),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    info = mcp_data / "server.json"
    deadline = time.monotonic() + 120
    while not info.exists():
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "server did not start"
        time.sleep(0.2)
    yield json.loads(info.read_text())["url"]
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        out, errs = proc.communicate(timeout=60)
        assert TOKEN not in out + errs  # the token is never logged


def test_http_client_asks_and_verifies_through_pincite_serve(served, mcp_data, cli_answer):
    url = served + "/mcp"

    async def session() -> None:
        async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {TOKEN}"}, timeout=300) as http:
            async with Client(streamable_http_client(url, http_client=http), read_timeout_seconds=300) as client:
                await _exercise(client, cli_answer)
        async with httpx2.AsyncClient(timeout=60) as http:
            body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
            for headers in ({}, {"Authorization": "Bearer wrong-token"}, {"Authorization": TOKEN}):
                r = await http.post(url, json=body,
                                    headers={"Accept": "application/json, text/event-stream", **headers})
                assert r.status_code == 401, headers
                assert r.json() == {"detail": "a valid bearer token is needed"} and TOKEN not in r.text
        with pytest.raises(Exception):  # the SDK's client without the token cannot connect
            async with httpx2.AsyncClient(timeout=60) as http:
                async with Client(streamable_http_client(url, http_client=http)) as client:
                    await client.list_tools()

    asyncio.run(session())

    # while the server holds the index, `pincite mcp` says where to connect instead
    done = subprocess.run(CLI + ["--data", str(mcp_data), "mcp"], capture_output=True, text=True, timeout=120,
                          env=_env(), stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and f"{served}/mcp" in done.stderr and done.stdout == ""
    assert re.search(r"holds the index", done.stderr)


@pytest.fixture()
def served_without_token(mcp_data):
    """`pincite serve` on the library without a token (loopback only)."""
    env = {k: v for k, v in _env().items() if k != "PINCITE_TOKEN"}
    proc = subprocess.Popen(CLI + ["--data", str(mcp_data), "serve", "--port", "0"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    info = mcp_data / "server.json"
    deadline = time.monotonic() + 120
    while not info.exists():
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "server did not start"
        time.sleep(0.2)
    yield json.loads(info.read_text())["url"]
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=60)


def test_http_without_a_token_answers_loopback_hosts_only(served_without_token):
    url = served_without_token + "/mcp"
    port = url.split(":")[2].split("/")[0]
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    accept = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}

    async def session() -> None:
        async with Client(url) as client:  # no token needed on loopback
            assert {t.name for t in (await client.list_tools()).tools} == TOOLS
        # clients of the handshake-era protocol (initialize first), as desktop apps are today
        async with Client(url, mode="legacy") as client:
            assert {t.name for t in (await client.list_tools()).tools} == TOOLS
            found = _structured(await client.call_tool("search", {"question": QUESTION, "limit": 1}))
            assert found["passages"][0]["citation"]["page"] == 19
        async with httpx2.AsyncClient(timeout=60) as http:
            # a page on another site that resolves its name to 127.0.0.1 (DNS rebinding)
            r = await http.post(url, json=body, headers={**accept, "Host": f"evil.example:{port}"})
            assert r.status_code == 421
            r = await http.post(url, json=body, headers={**accept, "Origin": "http://evil.example"})
            assert r.status_code == 403

    asyncio.run(session())


def test_tools_in_process_keep_to_the_scope_and_reject_bad_input(mcp_data):
    from pincite.mcp.server import build_server
    from pincite.mcp.stdio import LibraryThread

    library = LibraryThread(Settings(data_dir=mcp_data))

    async def session() -> None:
        async with Client(build_server(library.run)) as client:
            docs = _structured(await client.call_tool("list_documents", {}))["documents"]
            zh = next(d["doc_id"] for d in docs if d["file"] == "zhnumber.pdf")
            # only the named document may answer, whatever fits the question better elsewhere
            found = _structured(await client.call_tool("search", {"question": QUESTION, "doc_ids": [zh]}))
            assert {p["citation"]["file"] for p in found["passages"]} <= {"zhnumber.pdf"}
            # no uploaded document is in the library: nothing to cite, and it says so
            found = SearchResult.model_validate(_structured(await client.call_tool(
                "search", {"question": QUESTION, "trust": ["uploaded"]})))
            assert found.passages == [] and not found.answerable and found.note
            answer = _structured(await client.call_tool("ask", {"question": QUESTION, "trust": ["uploaded"]}))
            assert answer["status"] == "refused" and answer["claims"] == []
            # typed inputs: a value outside the schema is refused before anything runs
            out = await client.call_tool("ask", {"question": QUESTION, "trust": ["secret"]})
            assert out.is_error and "trust" in out.content[0].text
            out = await client.call_tool("search", {"question": QUESTION, "limit": 31})
            assert out.is_error and "limit" in out.content[0].text
            out = await client.call_tool("ask", {"question": " "})
            assert out.is_error and "the question is empty" in out.content[0].text
            out = await client.call_tool("verify_quote", {"doc_id": zh, "page": 0, "quote": REAL_QUOTE})
            assert out.is_error and "page" in out.content[0].text

    try:
        asyncio.run(session())
    finally:
        library.close()


def test_library_verify_quote_keeps_numbers_negations_and_pages_apart(mcp_data):
    with Library(Settings(data_dir=mcp_data)) as lib:
        eskdx = next(d.doc_id for d in lib.documents() if d.file_name == "eskdx.pdf")
        assert lib.verify_quote(eskdx, 19, REAL_QUOTE).verified
        assert lib.verify_quote(eskdx, 19, " ".join(REAL_QUOTE.split()).upper()).match == "loose"
        negated = lib.verify_quote(eskdx, 19, REAL_QUOTE.replace("используют", "не используют"))
        assert not negated.verified and negated.reason == "not in source"
        assert lib.verify_quote(eskdx, 19, "класс").reason == "too short"
        assert not lib.verify_quote(eskdx, 20, REAL_QUOTE).verified
        with pytest.raises(Exception, match="out of range 1..35"):
            lib.page(eskdx, 36)
        with pytest.raises(ValueError, match="limit 0"):
            lib.search(QUESTION, limit=0)


@pytest.mark.parametrize("mime, unit", [
    ("application/pdf", "pdf"), ("text/plain", "lines"), ("text/markdown", "lines"),
    ("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "sheet"),
    ("application/vnd.openxmlformats-officedocument.presentationml.presentation", "slide"),
    ("application/vnd.openxmlformats-officedocument.wordprocessingml.document", "pdf"),
])
def test_document_info_names_the_unit_its_pages_count(mime, unit):
    """list_documents says what `pages` counts, in the words of the other records (an upload's
    and a job's `unit`, get_page's `kind`): "lines" for the parts of a text file the command
    line counts ("48 parts"), never pages or blocks."""
    from pincite.mcp.server import DocumentInfo
    from pincite.store.catalog import DocumentRow

    row = DocumentRow(doc_id="0123456789abcdef", sha256="0" * 64, file_name="notes", source_path="/x/notes",
                      mime=mime, size=10, pages=3, chunks=3, title="", language="en", state="ready")
    info = DocumentInfo.of(row)
    assert (info.pages, info.unit) == (3, unit)
    assert "part" in DocumentInfo.model_json_schema()["properties"]["unit"]["description"]
