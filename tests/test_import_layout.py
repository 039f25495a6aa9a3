"""The package layout, read from the imports: each top-level package or module of pincite is a
stage of the data's way, and a stage imports only itself and earlier stages; no two pincite
modules import each other, directly or round a loop.

A module of more than MAX_LINES lines says why it is one module in its docstring, in a
paragraph that starts with "Size:" (e.g. "Size: over 600 lines as one algorithm: ...");
any other long module is to be split along its seams.

Imports are read with `ast` from the source (nothing is imported), at module level and inside
functions alike; an import under `if TYPE_CHECKING:` is left out (it runs only for a type
checker, never at run time). `from pkg import name` counts as an import of the module
pkg.name when that is a module, else of pkg; a module importing one of its own parent
packages is no edge (Python runs the parent's __init__ first anyway).
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"

#: The stages, earliest first: a module may import modules of its own stage and of earlier
#: ones. "pincite" is the package's own __init__ (the public names, imported lazily), last.
STAGES = (
    "errors",     # the one exception hierarchy
    "urls",       # the one URL policy
    "config",     # settings
    "contract",   # the Answer shapes every face returns
    "text",       # script tests, language analysis, embeddings
    "store",      # originals, catalog, fields, registry, locks, downloads
    "extract",    # file -> DocumentModel
    "chunk",      # DocumentModel -> chunks
    "index",      # chunks -> search index
    "answer",     # question -> verified Answer
    "library",    # the facade that owns every feature
    "eval",       # measuring answers
    "mcp",        # faces: MCP server,
    "web",        #        web app and REST API,
    "cli",        #        command line (starts the other two)
    "pincite",
)


def _modules() -> dict[str, Path]:
    out = {}
    for path in (SRC / "pincite").rglob("*.py"):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """ids of the import nodes inside `if TYPE_CHECKING:` blocks."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for stmt in node.body:
                skip.update(id(n) for n in ast.walk(stmt))
    return skip


def _source(node: ast.ImportFrom, package: str) -> str:
    """The module a `from ... import` statement in `package` reads from, relative levels
    resolved ("from .a import x" in pincite.answer: "pincite.answer.a")."""
    if not node.level:
        return node.module or ""
    base = package.split(".")[: len(package.split(".")) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def _imports(modules: dict[str, Path]) -> dict[str, dict[str, int]]:
    """module -> {imported pincite module: line of the first such import}."""
    graph: dict[str, dict[str, int]] = {}
    for mod, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
        skip = _type_checking_nodes(tree)
        edges = graph.setdefault(mod, {})
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base_mod = _source(node, package)
                targets = [f"{base_mod}.{a.name}" if f"{base_mod}.{a.name}" in modules else base_mod
                           for a in node.names]
            else:
                continue
            for target in targets:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if not target or target == mod or mod.startswith(target + "."):
                    continue
                edges.setdefault(target, node.lineno)
    return graph


def _stage(mod: str) -> str:
    parts = mod.split(".")
    return parts[1] if len(parts) > 1 else "pincite"


def _cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


@pytest.fixture(scope="module")
def graph() -> dict[str, dict[str, int]]:
    return _imports(_modules())


def test_every_module_belongs_to_a_declared_stage(graph):
    assert sorted({_stage(m) for m in graph} - set(STAGES)) == []


def test_no_import_cycle_among_pincite_modules(graph):
    assert _cycles(graph) == []


def test_no_stage_imports_a_later_one(graph):
    rank = {s: i for i, s in enumerate(STAGES)}
    wrong = [f"{mod} imports {target} (line {line})"
             for mod, edges in sorted(graph.items()) for target, line in sorted(edges.items())
             if rank[_stage(target)] > rank[_stage(mod)]]
    assert wrong == []


def test_the_reader_sees_cycles_later_stages_and_type_checking_imports(tmp_path):
    """The checks above can fail: on a made-up package they find a cycle, an import of a
    later stage inside a function, and leave out an import for the type checker."""
    pkg = tmp_path / "pincite"
    (pkg / "store").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "errors.py").write_text("")
    (pkg / "store" / "__init__.py").write_text("")
    (pkg / "store" / "a.py").write_text("from . import b\n")
    (pkg / "store" / "b.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from pincite.cli import x\n"
        "def f():\n    from pincite.store.a import g\n    from ..extract import h\n")
    (pkg / "extract.py").write_text("from pincite import errors\n")
    global SRC
    saved, SRC = SRC, tmp_path
    try:
        g = _imports(_modules())
    finally:
        SRC = saved
    assert g["pincite.store.b"] == {"pincite.store.a": 5, "pincite.extract": 6}
    assert g["pincite.extract"] == {"pincite.errors": 1}
    assert _cycles(g) == [["pincite.store.a", "pincite.store.b"]]
    rank = {s: i for i, s in enumerate(STAGES)}
    assert rank[_stage("pincite.extract")] > rank[_stage("pincite.store.b")]


#: The most lines a module may have without a "Size:" paragraph in its docstring.
MAX_LINES = 600


def _oversized(modules: dict[str, Path]) -> list[str]:
    """"module (N lines)" for each module over MAX_LINES whose docstring has no paragraph
    starting with "Size:"."""
    out = []
    for mod, path in sorted(modules.items()):
        text = path.read_text(encoding="utf-8")
        n = len(text.splitlines())
        doc = ast.get_docstring(ast.parse(text, str(path))) or ""
        if n > MAX_LINES and not any(p.lstrip().startswith("Size:") for p in doc.split("\n\n")):
            out.append(f"{mod} ({n} lines)")
    return out


def test_no_module_is_long_without_saying_why():
    assert _oversized(_modules()) == []


def _on_package(tmp_path: Path, files: dict[str, str], check):
    """`check(modules)` run on a package `pincite` of `files` (name -> text) written under
    `tmp_path`, instead of the real source tree."""
    pkg = tmp_path / "pincite"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    for name, text in files.items():
        (pkg / name).write_text(text)
    global SRC
    saved, SRC = SRC, tmp_path
    try:
        return check(_modules())
    finally:
        SRC = saved


def test_the_size_check_finds_a_long_module_without_a_reason(tmp_path):
    filler = "x = 1\n" * MAX_LINES
    found = _on_package(tmp_path, {
        "long.py": '"""A long module."""\n' + filler,
        "reasoned.py": '"""A long module.\n\nSize: one state machine.\n"""\n' + filler,
        "short.py": '"""Short."""\n' + "x = 1\n" * (MAX_LINES - 1)}, _oversized)
    assert found == [f"pincite.long ({MAX_LINES + 1} lines)"]


def _private_imports(modules: dict[str, Path]) -> list[str]:
    """"module:line name" for each name with one leading underscore that a pincite module
    imports from another pincite module: what a module keeps to itself may change without
    notice, so one that others need is given a public name."""
    out = []
    for mod, path in sorted(modules.items()):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom):
                continue
            source = _source(node, package)
            if source.split(".")[0] != "pincite" or source == mod:
                continue
            out += [f"{mod}:{node.lineno} {a.name}" for a in node.names
                    if a.name.startswith("_") and not a.name.startswith("__")]
    return out


def test_no_module_imports_another_modules_private_names():
    assert _private_imports(_modules()) == []


def test_the_private_import_check_finds_one(tmp_path):
    found = _on_package(tmp_path, {"a.py": "_hidden = 1\n__version__ = '1'\n",
                                   "b.py": "from pincite.a import _hidden\nfrom .a import __version__\n"},
                        _private_imports)
    assert found == ["pincite.b:1 _hidden"]
