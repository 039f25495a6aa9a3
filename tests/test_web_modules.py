"""The browser UI as ES modules without a build step (pincite/web/static/js/*.js): the page
loads i18n.js and then js/main.js as a module; every module is reached from main.js through
its imports, and every name a module imports is exported by the module it names. Read from
the source (a browser is not needed: tests/test_web_browser.py runs the modules themselves),
and checked on a made-up set of modules that breaks each rule once.
"""
from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parent.parent / "src" / "pincite" / "web" / "static"

IMPORT_RE = re.compile(r'^import\s+(?:\{([^}]*)\}\s+from\s+)?"\./([\w-]+\.js)";', re.M)
EXPORT_RE = re.compile(r"^export\s+(?:async\s+)?(?:function\*?|const|let|class)\s+([A-Za-z_$][\w$]*)", re.M)


def problems(modules: dict[str, str], entry: str = "main.js") -> list[str]:
    """What is wrong with `modules` (file name -> source): an import of a missing module or
    of a name its module does not export, or a module no import chain from `entry` reaches."""
    out = []
    exports = {name: set(EXPORT_RE.findall(src)) for name, src in modules.items()}
    edges: dict[str, set[str]] = {}
    for name, src in modules.items():
        for names, target in IMPORT_RE.findall(src):
            edges.setdefault(name, set()).add(target)
            if target not in modules:
                out.append(f"{name} imports {target}, which does not exist")
                continue
            for n in filter(None, (x.strip() for x in names.split(","))):
                if n not in exports[target]:
                    out.append(f"{name} imports {n} from {target}, which does not export it")
    seen, todo = set(), [entry]
    while todo:
        m = todo.pop()
        if m not in seen:
            seen.add(m)
            todo.extend(edges.get(m, ()))
    out += [f"{name} is not reached from {entry}" for name in sorted(set(modules) - seen)]
    return out


def test_the_page_loads_the_words_then_the_entry_module():
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    scripts = re.findall(r"<script[^>]*>", html)
    assert scripts == ['<script src="/static/i18n.js" defer>',
                       '<script type="module" src="/static/js/main.js">']
    assert not (STATIC / "app.js").exists()


def test_every_module_is_reached_and_every_import_is_exported():
    modules = {p.name: p.read_text(encoding="utf-8") for p in sorted((STATIC / "js").glob("*.js"))}
    assert len(modules) > 10 and "main.js" in modules
    assert problems(modules) == []


def test_the_checks_see_a_broken_set_of_modules():
    modules = {
        "main.js": 'import { a, b } from "./one.js";\nimport "./two.js";\n',
        "one.js": 'import { c } from "./gone.js";\nexport const a = 1;\nfunction b() {}\n',
        "two.js": "export function d() {}\n",
        "stray.js": "export const e = 2;\n",
    }
    assert problems(modules) == [
        "main.js imports b from one.js, which does not export it",
        "one.js imports gone.js, which does not exist",
        "stray.js is not reached from main.js",
    ]
