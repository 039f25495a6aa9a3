"""The faces (the CLI, the web app's REST API, the MCP server) offer features only through the
`Library` facade (pincite.library.facade.Library):

- every CLI command and every REST route is declared below with the documented Library
  methods it calls, and its code does call one of them (the habit of sqlite-utils, whose
  CLI commands each map to a documented Python method);
- a face imports from the stages that do the work (answer, index, store, extract, chunk)
  nothing but types and constants: read from the source with `ast`, as test_import_layout
  reads the stage order;
- the CLI going through a running `pincite serve` offers what it offers alone, or says which
  option needs the server stopped.
"""
from __future__ import annotations

import ast
import csv
import importlib
import importlib.util
import inspect
import io
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
import typing
from pathlib import Path

import pytest
import typer.main
from fastapi.routing import APIRoute

from pdfgen import make_pdf
from pincite.library.facade import Library

SRC = Path(__file__).resolve().parent.parent / "src" / "pincite"
FACES = ("cli", "web", "mcp")
#: Stages whose functions a face must reach through Library (types and constants it may use).
WORK_STAGES = ("answer", "index", "store", "extract", "chunk")

#: CLI command -> the Library methods it calls.
CLI_COMMANDS: dict[str, tuple[str, ...]] = {
    "ingest": ("ingest", "ingest_url", "enqueue", "check_fields"),
    "worker": ("work",),
    "jobs": ("jobs", "job_counts"),
    "migrate-catalog": ("copy_to",),
    "ask": ("ask", "check_question", "make_scope", "evidence_cards", "llm_settings"),
    "check-llm": ("check_llm", "save_llm_settings", "llm_settings"),
    "docs": ("listing",),
    "docs set": ("set_fields", "check_fields"),
    "registry import": ("read_registry", "import_registry"),
    "registry show": ("registry",),
    "reindex": ("reindex",),
    "migrate": ("migrate_index",),
    "remove": ("remove", "remove_failed"),
    "page": ("page_source", "readable_text", "document_id", "named_document"),
    "eval": ("ask", "page_text", "page_thumbnail", "documents"),
    "serve": ("__init__",),  # the web app: one Library for the server's life (routes below)
    "mcp": ("__init__",),    # the MCP server: one Library for its life (tools call it)
}
#: Commands whose Library calls are made by what they start, not by their own code.
STARTS_A_FACE = {"serve", "mcp"}

#: REST route (method, path) -> the Library methods it calls.
ROUTES: dict[tuple[str, str], tuple[str, ...]] = {
    ("GET", "/api/health"): ("listing",),
    ("POST", "/api/ask"): ("ask", "make_scope", "llm_settings"),
    ("POST", "/api/export"): ("evidence_file",),
    ("GET", "/api/settings/llm"): ("llm_settings",),
    ("PUT", "/api/settings/llm"): ("llm_settings", "llm_base_url"),
    ("POST", "/api/settings/llm/check"): ("check_llm",),
    ("GET", "/api/documents"): ("listing",),
    ("POST", "/api/documents"): ("ingest_file", "read_ahead", "check_fields", "require_room"),
    ("PATCH", "/api/documents/{doc_id}"): ("set_fields", "check_fields"),
    ("DELETE", "/api/documents/{doc_id}"): ("remove", "document"),
    ("DELETE", "/api/failures"): ("remove_failed",),
    ("GET", "/api/documents/{doc_id}/pages/{n}.png"): ("page_image",),
    ("GET", "/api/documents/{doc_id}/pages/{n}/highlight"): ("highlight",),
    ("GET", "/api/documents/{doc_id}/pages/{n}/text"): ("page_source",),
    ("GET", "/api/documents/{doc_id}/file"): ("original",),
    ("GET", "/api/chunks/{chunk_id}"): ("chunk",),
}
#: Routes answered from state the server keeps (the documents snapshot, the LLM sessions),
#: which Library calls fill: their endpoint itself names no Library method.
FROM_SERVER_STATE = {("GET", "/api/health"), ("GET", "/api/settings/llm"), ("PUT", "/api/settings/llm"),
                     ("GET", "/api/documents"),
                     ("POST", "/api/documents")}

#: Functions of the work stages a face may call, each with its reason.
ALLOWED_FUNCTIONS = {
    # the wording of the Answer contract's message codes in the user's language: rendering
    ("pincite.cli.render", "pincite.answer.messages", "message"),
    ("pincite.cli.render", "pincite.answer.messages", "quote_reason"),
    # a count with its noun in the number and language it asks for ("1 document", "5 документов")
    ("pincite.cli.app", "pincite.answer.messages", "counted"),
    # a calculation's unit as the answer's language writes it ("кВт" for "kW"): rendering
    ("pincite.cli.render", "pincite.answer.units", "unit_shown"),
    # the one atomic file write, for the face's own server.json
    ("pincite.web.client", "pincite.store.blobs", "atomic_write"),
}


def _cli_commands() -> dict:
    from pincite.cli.main import app

    out: dict = {}

    def walk(group, prefix: str) -> None:
        for name, cmd in group.commands.items():
            full = f"{prefix} {name}".strip()
            if hasattr(cmd, "commands"):  # a group (typer vendors its own click)
                if getattr(cmd, "invoke_without_command", False):  # `pincite docs` lists
                    out[full] = cmd
                walk(cmd, full)
            else:
                out[full] = cmd

    walk(typer.main.get_command(app), "")
    return out


def _documented(name: str) -> None:
    target = getattr(Library, name, None)
    assert target is not None, f"Library.{name} does not exist"
    assert callable(target), f"Library.{name} is not a method"
    assert (getattr(target, "__doc__", None) or "").strip(), f"Library.{name} has no docstring of its own"


def _calls_one_of(source: str, names: tuple[str, ...]) -> bool:
    """Whether the code calls an attribute (lib.x, Library.x, _app.Library.x) named one of
    `names`, or passes one as a function (state.run(state.lib.x, ...))."""
    tree = ast.parse(textwrap.dedent(source))
    return any(isinstance(n, ast.Attribute) and n.attr in names for n in ast.walk(tree))


def _callback_source(cmd) -> str:
    """The command's function and the module-level helpers of the CLI it calls by name."""
    fn = inspect.unwrap(cmd.callback)
    cli = sys.modules[fn.__module__]
    src = inspect.getsource(fn)
    called = {n.func.id for n in ast.walk(ast.parse(textwrap.dedent(src)))
              if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    for name in sorted(called):
        helper = getattr(cli, name, None)
        if inspect.isfunction(helper) and helper.__module__.startswith("pincite.cli.") and name.startswith("_"):
            src += "\n" + inspect.getsource(helper)
    return src


def _assert_maps(found: dict, declared: dict, exempt, source, label) -> None:
    """Every face entry `found` (key -> its command or route) is `declared` with Library
    methods and no declared one is missing; each method is documented; and each entry not in
    `exempt` calls one of its methods (`source(entry)`: the code read; `label(key)`: its name)."""
    assert set(found) == set(declared), (
        f"declare the Library methods of: {sorted(set(found) - set(declared))}; "
        f"no such entry: {sorted(set(declared) - set(found))}")
    for key, targets in declared.items():
        for t in targets:
            _documented(t)
        if key not in exempt:
            assert _calls_one_of(source(found[key]), targets), (
                f"{label(key)} calls none of Library.{', Library.'.join(targets)}")


def test_every_cli_command_maps_to_documented_library_methods():
    _assert_maps(_cli_commands(), CLI_COMMANDS, STARTS_A_FACE, _callback_source, lambda k: f"`pincite {k}`")


@pytest.fixture(scope="module")
def routes(tmp_path_factory):
    from pincite.config import Settings
    from pincite.web.server import create_app

    settings = Settings()
    settings.data_dir = tmp_path_factory.mktemp("faces") / "data"
    settings.embedder = "none"
    app = create_app(settings)

    def api_routes(routes) -> list[APIRoute]:
        out = []
        for r in routes:
            if isinstance(r, APIRoute):
                out.append(r)
            elif hasattr(r, "original_router"):  # a router included whole (newer FastAPI)
                out += api_routes(r.original_router.routes)
        return out

    try:
        found = [r for r in api_routes(app.routes) if r.path.startswith("/api/")]
        assert found, "no /api route found: FastAPI's route objects changed"
        yield found
    finally:
        app.state.pincite.close()


def _endpoint_source(endpoint) -> str:
    """A route's function and the methods of the server's state (WebState) it names."""
    from pincite.web.server import WebState

    src = inspect.getsource(endpoint)
    for n in ast.walk(ast.parse(textwrap.dedent(src))):
        if isinstance(n, ast.Attribute) and inspect.isfunction(getattr(WebState, n.attr, None)):
            src += "\n" + inspect.getsource(getattr(WebState, n.attr))
    return src


def test_every_rest_route_maps_to_documented_library_methods(routes):
    seen = {(m, r.path): r for r in routes for m in r.methods}
    _assert_maps(seen, ROUTES, FROM_SERVER_STATE, lambda r: _endpoint_source(r.endpoint), str)


def test_the_mapping_test_finds_a_face_that_goes_round_the_library():
    # the checks above would catch a command that calls the stages itself
    src = "def page(doc_id, n):\n    return model_of(doc_id).page(n).text\n"
    assert not _calls_one_of(src, CLI_COMMANDS["page"])
    assert _calls_one_of("def page(doc_id, n):\n    return lib.page_source(doc_id, n)\n", CLI_COMMANDS["page"])


def _face_imports() -> list[tuple[str, str, str | None, int]]:
    """(face module, imported module, imported name or None for a module import, line) of
    every import in a face outside `if TYPE_CHECKING:` blocks."""
    out = []
    for path in sorted(p for face in FACES for p in (SRC / face).rglob("*.py")):
        parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        mod = ".".join(parts)
        package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                and "TYPE_CHECKING" in ast.unparse(node.test) for stmt in node.body for n in ast.walk(stmt)}
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.Import):
                out += [(mod, a.name, None, node.lineno) for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    head = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(head + ([node.module] if node.module else []))
                out += [(mod, base, a.name, node.lineno) for a in node.names]
    return out


def _is_type_or_constant(module: str, name: str) -> bool:
    obj = getattr(importlib.import_module(module), name)
    return (isinstance(obj, type) or typing.get_origin(obj) is not None  # a class, a Literal[...]
            or (name.isupper() and not callable(obj)))


def _is_module(package: str, name: str) -> bool:
    try:
        return importlib.util.find_spec(f"{package}.{name}") is not None
    except ModuleNotFoundError:  # `package` is a module, not a package
        return False


def test_faces_import_only_types_and_constants_from_the_work_stages():
    bad = []
    for mod, target, name, line in _face_imports():
        parts = target.split(".")
        if len(parts) < 2 or parts[0] != "pincite" or parts[1] not in WORK_STAGES:
            continue
        if name is None or _is_module(target, name):
            bad.append(f"{mod}:{line} imports the module {target}{'.' + name if name else ''}")
        elif (mod, target, name) not in ALLOWED_FUNCTIONS and not _is_type_or_constant(target, name):
            bad.append(f"{mod}:{line} imports {name} from {target}: call a Library method instead")
    assert not bad, "\n".join(bad)


def test_the_import_check_sees_a_function_imported_by_a_face():
    assert not _is_type_or_constant("pincite.answer.verify", "locate_quote")
    assert _is_type_or_constant("pincite.index.base", "SearchFilter")
    assert _is_type_or_constant("pincite.store.fields", "TRUST_LEVELS")


# -- the CLI through a running server ---------------------------------------------------------
CLI = [sys.executable, "-c", "from pincite.cli.main import main; main()"]
ENV = {**os.environ, "COLUMNS": "200", "PINCITE_EMBEDDER": "none"}
QUESTION = "What is the maximum pressure of the pump?"


def _run(data: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(CLI + ["--data", str(data), *args], capture_output=True, text=True,
                          timeout=180, env=ENV)


@pytest.mark.slow
def test_cli_through_a_server_offers_what_it_offers_alone(tmp_path):
    pdf = make_pdf(tmp_path / "pump.pdf", ["Pump manual.", "The maximum pressure of the pump is 10 bar."],
                   title="Pump manual")
    alone, served = tmp_path / "alone", tmp_path / "served"
    fields = ("--model", "PX-200", "--modification", "B", "--revision", "3.0", "--trust", "normative")
    done = _run(alone, "ingest", str(pdf), *fields)
    assert done.returncode == 0, done.stderr
    ask = ("ask", "--json", "--serial", "123", "--model", "PX-200", QUESTION)
    by_itself = _run(alone, *ask)
    assert by_itself.returncode == 0, by_itself.stderr

    proc = subprocess.Popen(CLI + ["--data", str(served), "serve", "--port", "0"], env=ENV,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while not (served / "server.json").exists():
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.2)
        # document fields go with the upload
        done = _run(served, "ingest", str(pdf), *fields)
        assert done.returncode == 0, done.stderr
        assert "using the pincite server" in done.stderr
        (doc,) = json.loads(_run(served, "docs", "--json").stdout)["documents"]
        assert (doc["model"], doc["modifications"], doc["revision"], doc["trust"]) == \
            ("PX-200", ["B"], "3.0", "normative")
        # so do changed fields (dates too)
        done = _run(served, "docs", "set", doc["doc_id"], "--revision", "3.1", "--valid-from", "2026-03-01",
                    "--modification", "")
        assert done.returncode == 0, done.stderr
        (doc,) = json.loads(_run(served, "docs", "--json").stdout)["documents"]
        assert (doc["revision"], doc["valid_from"], doc["modifications"]) == ("3.1", "2026-03-01", [])
        done = _run(served, "docs", "set", doc["doc_id"], "--revision", "3.0", "--modification", "B")
        assert done.returncode == 0 and "revision 3.0" in done.stdout, done.stderr
        # --serial reaches the server's Library.ask: the same answer as without a server
        through = _run(served, *ask)
        assert through.returncode == 0, through.stderr
        mine, theirs = json.loads(by_itself.stdout), json.loads(through.stdout)
        assert theirs["scope"] == mine["scope"] and theirs["scope"]["serial"] == "123"
        assert theirs["status"] == mine["status"] and theirs["answer"] == mine["answer"]
        # --export: the server's export of the same answer (POST /api/export), its links to
        # the server's originals instead of files on this machine
        export = ("ask", "--export", "csv", "--model", "PX-200", QUESTION)
        done, alone_done = _run(served, *export), _run(alone, *export)
        assert done.returncode == 0 and alone_done.returncode == 0, (done.stderr, alone_done.stderr)
        header, *rows = list(csv.reader(io.StringIO(done.stdout)))
        alone_header, *alone_rows = list(csv.reader(io.StringIO(alone_done.stdout)))
        assert header == alone_header and not done.stdout.startswith("\ufeff") and rows
        link = header.index("link")
        assert [r[:link] + r[link + 1:] for r in rows] == [r[:link] + r[link + 1:] for r in alone_rows]
        url = json.loads((served / "server.json").read_text())["url"]
        assert rows[0][link] == f"{url}/api/documents/{doc['doc_id']}/file#page=2", rows[0]
        assert alone_rows[0][link].startswith("file://") and alone_rows[0][link].endswith("#page=2")
        # what the server cannot take is named, with what to do
        done = _run(served, "ingest", str(pdf), "--password", "secret")
        assert done.returncode == 2 and "--password" in done.stderr and "stop it" in done.stderr
        assert "secret" not in done.stderr
        done = _run(served, "ingest", "https://example.org/manual.pdf")
        assert done.returncode == 2 and "takes no URLs" in done.stderr
        # a failed entry is forgotten by its file name, as without a server
        (tmp_path / "fake.pdf").write_text("this is not a pdf")
        assert _run(served, "ingest", str(tmp_path / "fake.pdf")).returncode == 1
        assert [f["file_name"] for f in json.loads(_run(served, "docs", "--json").stdout)["failures"]] == ["fake.pdf"]
        done = _run(served, "remove", "fake.pdf")
        assert done.returncode == 0 and "forgot failed entry fake.pdf" in done.stdout, done.stderr
        assert json.loads(_run(served, "docs", "--json").stdout)["failures"] == []
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)
