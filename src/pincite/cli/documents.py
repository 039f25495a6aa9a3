"""The `pincite` commands about what the library holds: `docs` (and `docs set`), `registry
import` / `registry show`, `reindex`, `migrate`, `remove` and `page`.

This module owns those commands; it registers them on `cli.app.app` and calls only the
Library (or the running server's client). It must not ingest files or answer questions
(`cli.ingesting`, `cli.asking`).
"""
from __future__ import annotations

import collections
import dataclasses
import json
import os
import re
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Optional

import typer

from pincite.cli.app import (
    app,
    console,
    count_noun,
    err,
    escape,
    fail,
    field_options,
    lazy_facade,
    open_library,
    progress_bar,
    refuse_with_server,
    render,
    server_client,
)
from pincite.store.catalog import DocumentRow, FailureRow

docs_app = typer.Typer(help="List the library, or change a document's fields (docs set).")
app.add_typer(docs_app, name="docs")


_ROW_DEFAULTS = {k: (f.default if f.default is not dataclasses.MISSING else
                     f.default_factory() if f.default_factory is not dataclasses.MISSING else None)
                 for k, f in DocumentRow.__dataclass_fields__.items()}


@docs_app.callback(invoke_without_command=True)
def docs(ctx: typer.Context, as_json: bool = typer.Option(False, "--json", help="Print JSON.")):
    """List the library: documents with their fields (model, modifications, revision,
    trust), pages, status, failed files, and problems found."""
    if ctx.invoked_subcommand is not None:
        return
    server = server_client()
    if server is not None:
        with server:
            listing = server.documents()
        rows: list[Any] = [SimpleNamespace(**{k: d.get(k, v) for k, v in _ROW_DEFAULTS.items()})
                           for d in listing["documents"]]
        failures: list[Any] = [SimpleNamespace(**{k: f[k] for k in FailureRow.__dataclass_fields__})
                               for f in listing["failures"]]
        problems = listing["problems"]
    else:
        with open_library(must_exist=True, for_reindex=True) as lib:  # a settings mismatch is a problem shown
            listing = lib.listing()
        rows, failures, problems = listing.documents, listing.failures, listing.problems
    if as_json:
        out = {"documents": [r.__dict__ for r in rows], "failures": [f.__dict__ for f in failures],
               "problems": problems}
        sys.stdout.write(json.dumps(out, ensure_ascii=False, indent=2) + "\n")
        return
    table, notes = render.docs_table(rows, failures, console.width)
    console.print(table)
    for line in notes:
        console.print(line, soft_wrap=True)
    for p in problems:
        console.print(f"[yellow]! {escape(p)}[/]")


@docs_app.command("set")
def docs_set(doc_id: str = typer.Argument(..., help="Document id as shown by `pincite docs`."),
             model: Optional[str] = typer.Option(None, "--model", help="Equipment model ('' clears)."),
             modification: Optional[list[str]] = typer.Option(
                 None, "--modification", help="Modifications covered (repeat; replaces the list; '' clears)."),
             revision: Optional[str] = typer.Option(None, "--revision", help="Revision ('' clears)."),
             trust: Optional[str] = typer.Option(None, "--trust", help="normative, reference or uploaded."),
             language: Optional[str] = typer.Option(None, "--language", help="Language code."),
             valid_from: Optional[str] = typer.Option(None, "--valid-from", help="YYYY-MM-DD ('' clears)."),
             valid_to: Optional[str] = typer.Option(None, "--valid-to", help="YYYY-MM-DD ('' clears)."),
             source_url: Optional[str] = typer.Option(None, "--source-url", help="URL ('' clears)."),
             as_json: bool = typer.Option(False, "--json", help="Print the updated row as JSON.")):
    """Change a document's fields without re-parsing it; every chunk's index payload
    follows at once, so the next answer filters and cites by the new values (through a
    running `pincite serve` too)."""
    fields = field_options(model=model, modifications=modification, revision=revision, trust=trust,
                            language=language, valid_from=valid_from, valid_to=valid_to,
                            source_url=source_url)
    if not fields:
        fail("nothing to set: pass --model, --modification, --revision, --trust, --language, "
              "--valid-from, --valid-to or --source-url")
    server = server_client()
    if server is not None:
        with server:
            got = server.set_fields(doc_id, fields)
        row: Any = SimpleNamespace(**{k: got.get(k, v) for k, v in _ROW_DEFAULTS.items()})
    else:
        with open_library(must_exist=True) as lib:
            row = lib.set_fields(doc_id, fields)
    if as_json:
        sys.stdout.write(json.dumps(row.__dict__, ensure_ascii=False, indent=2) + "\n")
        return
    console.print(f"{row.doc_id} {escape(row.file_name)}: {escape(render.fields_text(row))}", soft_wrap=True)



registry_app = typer.Typer(help="The registry: which revision covers which modification, its "
                                "status and serial ranges (registry import, registry show).")
app.add_typer(registry_app, name="registry")


@registry_app.command("import")
def registry_import(path: Path = typer.Argument(..., help="registry.csv: model, modification, revision, "
                                                "status, current, serial_from, serial_to, valid_from, "
                                                "checked_at, checked_source.")):
    """Replace the library's registry with the rows of a CSV file (checked first: an error
    names the row, and nothing is changed). Nothing is inferred from title pages."""
    from pincite.errors import RegistryError

    if not path.is_file():
        fail(f"{path}: no such file")
    try:
        entries = lazy_facade.Library.read_registry(path)
    except RegistryError as e:
        fail(str(e))
    refuse_with_server("registry import")
    with open_library(must_exist=True, for_reindex=True) as lib:
        lib.import_registry(entries, str(path))
    console.print(f"registry: {count_noun(len(entries), 'row')} imported from "
                  f"{escape(str(path))}", soft_wrap=True)


@registry_app.command("show")
def registry_show(as_json: bool = typer.Option(False, "--json", help="Print JSON.")):
    """Show the registry, with each revision's status today (a valid_from in the future
    shows as not_yet_in_force)."""
    refuse_with_server("registry show")
    with open_library(must_exist=True, for_reindex=True) as lib:
        reg = lib.registry()
    source = reg.source
    if as_json:
        out = {"source": source, "entries": [dict(e.as_dict(), effective_status=e.effective_status())
                                             for e in reg.entries]}
        sys.stdout.write(json.dumps(out, ensure_ascii=False, indent=2) + "\n")
        return
    if not reg.entries:
        console.print("the registry is empty: import one with `pincite registry import registry.csv`")
        return
    console.print(render.registry_table(reg.entries, source))


@app.command()
def reindex():
    """Rebuild chunks and the index from the stored extracted text (no re-parsing)."""
    refuse_with_server("reindex")
    with open_library(for_reindex=True) as lib:
        n = lib.reindex()
    console.print(f"re-indexed {count_noun(n, 'document')}")


@app.command()
def migrate(to: str = typer.Option(..., "--to", metavar="INDEX",
                                   help="Index to copy into: qdrant://HOST:6333, qdrant-local[:PATH] or edge."),
            source: Optional[str] = typer.Option(None, "--from", metavar="INDEX",
                                                 help="Index to copy from (default: the library's, "
                                                      "as --index / PINCITE_QDRANT_URL select it)."),
            sample: int = typer.Option(20, "--sample", min=0,
                                       help="Questions asked of both indexes before switching."),
            overwrite: bool = typer.Option(False, "--overwrite",
                                           help="Replace what the target index holds already."),
            accept_differences: bool = typer.Option(False, "--accept-differences",
                                                    help="Switch even when sample answers differ.")):
    """Copy the library's index into another engine (e.g. the embedded index into a Qdrant
    server, or back) and switch the library to it.

    Counts per document and the answers to a sample of questions must be identical before
    the switch; the source index is left as it was. Set PINCITE_QDRANT_API_KEY for a server
    that needs a key. Afterwards the library opens the new index by itself: it remembers
    where its index is (never the key). Exit status 1 when answers differed and nothing was
    switched.
    """
    refuse_with_server("migrate")
    if source:
        os.environ["PINCITE_INDEX"] = source
    with open_library(must_exist=True) as lib, progress_bar() as prog:
        task = prog.add_task("copy", total=None)
        report = lib.migrate_index(to, sample=sample, overwrite=overwrite,
                                   accept_differences=accept_differences,
                                   progress=lambda n, total: prog.update(task, completed=n, total=total))
    samples = count_noun(report.questions, "sample answer")
    console.print(f"copied {count_noun(report.points, 'point')} of {count_noun(report.documents, 'document')} from "
                  f"{escape(report.source)} to {escape(report.target)} in {report.seconds:.1f} s; "
                  f"{report.questions - len(report.differences)} of {samples} identical"
                  + (f" ({report.reordered} with their citations in another order)" if report.reordered else ""),
                  soft_wrap=True, highlight=False)
    for line in report.differences:
        console.print(f"  differs: {escape(line)}", soft_wrap=True, highlight=False)
    if not report.switched:
        err.print("[red]not switched[/]: answers differ (pass --accept-differences to switch anyway)")
        raise typer.Exit(1)
    console.print(f"the library now uses {escape(report.target)}; later commands open it there "
                  "by themselves (no --index needed)", soft_wrap=True, highlight=False)


@app.command()
def remove(doc_id: str = typer.Argument(..., metavar="ID_OR_FILE",
                                        help="Document id as shown by `pincite docs`, or the file "
                                             "name or path of a failed entry (id -).")):
    """Remove a document from the library, or forget a failed entry.

    A failed entry is a file that could not be ingested, listed by `pincite docs` with id
    "-": `pincite remove fake.pdf` forgets every failed entry of that name (a path, that
    one); ingesting its folder again also forgets those whose file is gone."""
    server = server_client()
    if server is not None:
        with server:
            gone: list[Any] = [SimpleNamespace(**f) for f in server.remove_failed(doc_id)]
            if not gone and _DOC_ID.fullmatch(doc_id):
                server.remove(doc_id)
    else:
        with open_library(must_exist=True, for_reindex=True) as lib:  # needs no embedder
            gone = lib.remove_failed(doc_id)
            if not gone and _DOC_ID.fullmatch(doc_id):
                lib.remove(doc_id)
    for f in gone:
        console.print(f"forgot failed entry {escape(f.file_name)} ({escape(f.source_path)})",
                      soft_wrap=True, highlight=False)
    if gone:
        return
    if not _DOC_ID.fullmatch(doc_id):
        fail(f"no document with id {doc_id} and no failed entry with that file name or path; "
              "`pincite docs` lists both")
    console.print(f"removed {doc_id}")


#: A document id as `pincite docs` shows it (16 hex digits).
_DOC_ID = re.compile(r"[0-9a-f]{16}")


#: What `pincite page` calls unit N of a document, by the unit's kind (the server's
#: PageTextOut.kind): a PDF page, or a sheet, slide or part (about 60 lines) of a text file.
UNIT_WORDS = {"pdf": "PDF p.", "sheet": "sheet", "slide": "slide", "lines": "part"}


@app.command()
def page(doc_id: str = typer.Argument(..., metavar="ID_OR_FILE",
                                      help="Document id as shown by `pincite docs`, or its file name or path."),
         number: int = typer.Argument(..., metavar="PAGE",
                                      help="1-based physical page: the N of 'PDF p. N' (of 'p. N' in a "
                                           "Word file; of a sheet, slide or part of a text file in other "
                                           "documents)."),
         raw: bool = typer.Option(False, "--raw", help="The text exactly as stored: PDFium's \\r\\n line "
                                                     "ends and U+FFFE where a word is hyphenated at a line end.")):
    """Print the extracted text of one page: the source text every quote cited on it was
    verified against (hyphenated words joined unless --raw)."""
    server = server_client()
    if server is not None:
        with server:
            rows = server.documents().get("documents", [])
            refs = [(r["doc_id"], r.get("file_name") or r.get("file") or "", r.get("source_path") or "")
                    for r in rows]
            if not any(d == doc_id for d, _, _ in refs):
                doc_id = lazy_facade.Library.named_document(refs, doc_id)
            data = server.page_text(doc_id, number)
        name = next((n for d, n, _ in refs if d == doc_id and n), doc_id)
    else:
        with open_library(must_exist=True, for_reindex=True) as lib:  # needs no index search
            src = lib.page_source(lib.document_id(doc_id), number)
        data = {"text": src.text, "page_label": src.page_label, "pages": src.pages, "ocr": src.ocr,
                "kind": src.kind, "hidden": src.hidden}
        name = src.file
    # a printed label is named when it differs from the physical page, as in source lines
    label = data.get("page_label") or ""
    label = ("" if not label else ", printed with the same number" if label == str(number)
             else f", printed page {label}")
    ocr = ", read by OCR" if data.get("ocr") else ""
    unit = UNIT_WORDS.get(data.get("kind") or "pdf", "PDF p.")
    if unit == "PDF p." and not str(name).lower().endswith(".pdf"):
        unit = "p."  # a Word file's page as LibreOffice lays it out: the user has no PDF (as citations say)
    typer.echo(f"{name}: {unit} {number} of {data['pages']}{label}{ocr}", err=True)
    # one line per distinct hidden text and reason: a layout that overflows the page edge
    # repeats the same stray characters line after line
    seen = collections.Counter((h["reason"], h["text"]) for h in data.get("hidden") or [])
    for (reason, text), n in seen.items():
        times = f" ({n} times)" if n > 1 else ""
        typer.echo(f"hidden text on this page ({reason}), left out of the text below: {text!r}{times}", err=True)
    text = data["text"]
    if not raw:
        text = lazy_facade.Library.readable_text(text)
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
