"""The `pincite` command: a thin layer over pincite.library.facade.Library (ingest, ask, docs,
reindex, remove, eval). Errors are printed as one clear line and exit non-zero."""
from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import re
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, NoReturn, Optional, Tuple

import typer
from rich.console import Console
from rich.markup import escape as _markup_escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from pincite.config import Settings
from pincite.errors import FieldError, PinciteError, shown
from pincite.store.catalog import DocumentRow, FailureRow

if TYPE_CHECKING:
    from pincite.library.facade import Library
    from pincite.library.inputs import IngestResult


class _Lazy:
    """A module imported on first attribute access: the answer layer, the Library and the
    evaluation code cost ~0.8 s to import, which `--help` and an ask sent to a running server
    never need."""

    def __init__(self, name: str):
        self._name = name

    def __getattr__(self, attr: str):
        import importlib

        return getattr(importlib.import_module(self._name), attr)


evaluate = _Lazy("pincite.eval.run")
render = _Lazy("pincite.cli.render")
_app = _Lazy("pincite.library.facade")
_inputs = _Lazy("pincite.library.inputs")
_export = _Lazy("pincite.library.export")


def escape(text: object) -> str:
    """`text` for a rich console: control characters escaped (errors.shown), then markup."""
    return _markup_escape(shown(text))


def _option_type(option: "typer.core.TyperOption", ctx) -> str | None:
    """The type an option shows in `--help`: none for a flag (--json, --version, --help take no
    value), else typer's own ("<str>", a metavar). typer 0.29's rich help prints "<bool>"
    after every flag, its own --help included, which no option declaration can change."""
    if option.is_flag or option.count:
        return None
    return _typer_option_type(option, ctx)


_typer_option_type = typer.core.TyperOption.display_type_rich
typer.core.TyperOption.display_type_rich = _option_type  # type: ignore[method-assign, assignment]

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Answers questions over your documents with verified pinpoint citations.")
console = Console()
err = Console(stderr=True, soft_wrap=True)  # one error = one line, also in logs
_state: dict = {}


def _version(value: bool) -> None:
    if value:
        import importlib.metadata

        from pincite.library.profile import current_profile

        profile = current_profile()
        console.print(f"pincite {importlib.metadata.version('pincite')} (extractor {profile['extractor']}, "
                      f"chunker {profile['chunker']}, embedder {profile['embedder'] or 'none'})",
                      soft_wrap=True, highlight=False)
        raise typer.Exit()


@app.callback()
def _main(data: Optional[Path] = typer.Option(
        None, "--data", envvar="PINCITE_DATA", help="Data folder (default ./pincite-data)."),
          index: Optional[str] = typer.Option(
              None, "--index", metavar="INDEX",
              help="Where the index lives: edge (default, embedded in the data folder), "
                   "qdrant://HOST:6333 (a Qdrant server or cluster), qdrant-local[:PATH]. "
                   "Env PINCITE_INDEX, else PINCITE_QDRANT_URL."),
          version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                       help="Print the version and the index profile it builds, and exit.")):
    _state["data"] = data
    if index:
        os.environ["PINCITE_INDEX"] = index  # every Settings() of this run, and its child processes


def _library(*, must_exist: bool = False, **kw) -> Library:
    """Open the data folder; with `must_exist`, a folder without a library is an error
    (a mistyped --data must not silently create an empty library)."""
    settings = Settings()
    if _state.get("data"):
        settings.data_dir = _state["data"]
    if must_exist and not settings.catalog_url and not (Path(settings.data_dir) / "catalog.sqlite").exists():
        _fail(f"{settings.data_dir}: no pincite library here; run `pincite ingest FILES` first "
              "or pass --data DIR")
    with _importing():
        Library = _app.Library
    return Library(settings, **kw)


def _settle() -> None:
    """Take the objects alive now out of the garbage collector's passes (gc.freeze): the
    modules, classes and tables a command imported live until this process ends, and a full
    collection traverses them all (~50,000 objects once the answer layer is imported, tens
    of ms on a loaded machine, several times in a command and again while the interpreter
    exits). Objects made later are collected as before; a frozen one is still freed when
    nothing refers to it, unless it is part of a reference cycle (kept to the end)."""
    import gc

    gc.freeze()


@contextlib.contextmanager
def _importing():
    """A block that imports a command's layers: the collector is paused in it (an import
    makes modules, classes and tables, not garbage, and each pass would traverse them all
    again) and what it made is then settled (_settle)."""
    import gc

    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        _settle()
        if paused:
            gc.enable()


@app.command()
def ingest(args: list[str] = typer.Argument(..., metavar="PATH_OR_URL",
                                         help="PDF, DOCX, PPTX, XLSX, TXT or MD files, folders (folders "
                                              "recurse), or https:// URLs of such documents."),
           password: Optional[str] = typer.Option(None, help="User password of encrypted PDFs."),
           ocr: Optional[str] = typer.Option(None, "--ocr", metavar="auto|off",
                                             help="OCR pages without a usable text layer with tesseract "
                                                  "(auto, the default: when installed) or never (off). "
                                                  "Env PINCITE_OCR."),
           model: Optional[str] = typer.Option(None, "--model",
                                               help="Equipment model the document is for (e.g. PX-200)."),
           modification: Optional[list[str]] = typer.Option(None, "--modification",
                                                            help="A modification it covers (repeat for several)."),
           revision: Optional[str] = typer.Option(None, "--revision",
                                                  help="The document's revision or edition (e.g. 3.0)."),
           trust: Optional[str] = typer.Option(None, "--trust", help="normative, reference (the default) or uploaded."),
           language: Optional[str] = typer.Option(None, "--language",
                                                  help="Language code (en, ru, zh) instead of the detected one."),
           valid_from: Optional[str] = typer.Option(None, "--valid-from", help="In force from (YYYY-MM-DD)."),
           valid_to: Optional[str] = typer.Option(None, "--valid-to", help="In force until (YYYY-MM-DD)."),
           source_url: Optional[str] = typer.Option(None, "--source-url", help="Where the document was published."),
           enqueue: bool = typer.Option(False, "--enqueue", help="Queue the files as jobs for `pincite worker` "
                                        "processes instead of ingesting them here (needs PINCITE_CATALOG_URL).")):
    """Add documents to the library; unchanged files are skipped, changed ones replaced.

    Document fields come from these options, else a sidecar YAML next to the file
    (manual.pdf.yaml or manual.yaml), else a pincite-manifest.csv of the folder (a `file`
    column, then field columns). The same file again with other fields updates them.

    Exit status: 0 when every file was added, replaced or skipped; 1 when any failed
    (the others are still ingested) or when no document was found at all; 2 for a usage
    error. A symbolic link to a file is ingested as that file.

    A URL (https, or http for localhost only) is downloaded under the data folder with the
    same size cap as a file (no redirect to a private address or to http), ingested with the
    URL as its source and `source_url`, and the download removed (Library.ingest_url).

    While `pincite serve` runs, files go to it with their fields; a URL, --password and
    --ocr need the server stopped (it takes no passwords or URLs, and OCRs as it was
    started), and the command says so.
    """
    from pincite.urls import is_url

    urls = [a for a in args if is_url(a)]  # before the existence check: Path("https://x") is no file
    paths = [Path(a) for a in args if not is_url(a)]
    missing = [p for p in paths if not p.exists()]
    if missing:
        _fail(f"{missing[0]}: no such file or folder")
    if ocr is not None and ocr not in ("auto", "off"):
        _fail(f"--ocr {ocr}: choose auto or off")
    fields = _field_options(model=model, modifications=modification, revision=revision, trust=trust,
                            language=language, valid_from=valid_from, valid_to=valid_to,
                            source_url=source_url)
    if enqueue:
        if urls:
            _fail(f"--enqueue takes files and folders, not URLs ({urls[0]})")
        if password:
            _fail("--enqueue: no password is ever stored in a job; ingest encrypted PDFs without --enqueue")
        return _enqueue(paths, fields)
    server = _server()
    if server is not None:
        if password:
            _fail(f"`pincite serve` is running at {server.url}: it takes no passwords for uploads; "
                  "stop it to ingest encrypted PDFs with --password")
        if ocr is not None:
            _fail(f"`pincite serve` is running at {server.url}: it OCRs uploads as its PINCITE_OCR "
                  "says; stop it to ingest with --ocr")
        if urls:
            _fail(f"`pincite serve` is running at {server.url}: it takes no URLs; stop it to ingest "
                  f"{urls[0]}")
        return _ingest_via_server(server, paths, fields)
    with _library() as lib, _progress() as prog:
        if ocr is not None:
            lib.settings.ocr = ocr
        files = list(_inputs.expand_paths(paths, exclude=lib.root)) if paths else []
        task = prog.add_task("ingest", total=len(files) + len(urls))
        t0 = time.perf_counter()
        results: list[IngestResult] = []

        def started(p: Path) -> None:
            prog.update(task, description=escape(p.name[:40]))

        def done(r: IngestResult) -> None:
            results.append(r)
            prog.advance(task)
            if r.status == "failed":
                prog.console.print(f"[red]✗[/] {escape(r.reason)}", soft_wrap=True)

        for url in urls:
            prog.update(task, description=escape(url.rsplit("/", 1)[-1][:40] or url[:40]))
            done(lib.ingest_url(url, password=password, fields=fields))
        if paths:
            lib.ingest(paths, password=password, on_start=started, on_result=done, fields=fields)
        elapsed = time.perf_counter() - t0
    _no_documents(paths, files)
    console.print(_ingest_table(results))
    failed = sum(r.status == "failed" for r in results)
    console.print(f"{_count(len(results), 'file')}, {render.indexed_text(_units(results), elapsed)}"
                  + (f", [red]{failed} failed[/]" if failed else ""))
    if failed or not results:
        raise typer.Exit(1)


def _enqueue(paths: list[Path], fields: dict) -> None:
    """`pincite ingest --enqueue`: queue the files as jobs; exit 1 when one could not be
    queued or none was found."""
    with _library() as lib:
        got = lib.enqueue(paths, fields=fields)
    added = sum(e.added for e in got)
    for e in got:
        if e.reason:
            err.print(f"[red]✗[/] {escape(e.reason)}", soft_wrap=True)
        elif not e.added:
            console.print(f"already queued: {escape(e.path)} (job {e.job_id})", soft_wrap=True, highlight=False)
    console.print(f"{_count(added, 'job')} queued; run `pincite worker` to ingest them, "
                  "`pincite jobs` to follow them", soft_wrap=True, highlight=False)
    if not got or any(e.reason for e in got):
        raise typer.Exit(1)


@app.command()
def worker(lease: float = typer.Option(60.0, "--lease", min=1.0, help="Seconds a job stays this worker's "
                                       "after it was last renewed (renewed every third of it while alive): "
                                       "how long a killed worker's job waits before another takes it."),
           poll: float = typer.Option(2.0, "--poll", min=0.05, help="Seconds between looks at an empty queue."),
           drain: bool = typer.Option(False, "--drain", help="Exit once no job is queued or running."),
           max_jobs: Optional[int] = typer.Option(None, "--max-jobs", min=1, help="Exit after this many jobs.")):
    """Ingest the jobs queued by `pincite ingest --enqueue` (shared catalog).

    Takes one job at a time until stopped (Ctrl+C or SIGTERM: the current job is finished
    first). Run as many as you like, on any machines that see the queued files at the same
    paths and mount PINCITE_BLOBS and the index."""
    import signal
    import threading

    stop = threading.Event()

    def stop_soon(signum, frame):  # noqa: ARG001 - signal handler signature
        stop.set()

    signal.signal(signal.SIGTERM, stop_soon)
    signal.signal(signal.SIGINT, stop_soon)

    def report(o) -> None:
        mark = "[red]✗[/]" if o.status == "failed" else "✓"
        note = f" ({escape(o.reason)})" if o.reason else ""
        lost = " [yellow](lease lost: another worker's outcome stands)[/]" if not o.kept else ""
        console.print(f"{mark} job {o.job.id} {o.status}: {escape(Path(o.job.path).name)}, "
                      f"{render.unit_count(o.pages, o.unit)}, "
                      f"{o.chunks} passages, {o.seconds:.1f} s (index: waited {o.index_wait_s:.1f} s, "
                      f"held {o.index_held_s:.1f} s){note}{lost}", soft_wrap=True, highlight=False)

    t0 = time.perf_counter()
    with _library() as lib:
        outcomes = lib.work(lease_s=lease, poll_s=poll, drain=drain, max_jobs=max_jobs, stop=stop,
                            on_outcome=report)
    units: dict[str, int] = {}
    for o in outcomes:
        if o.status in ("added", "replaced"):
            units[o.unit] = units.get(o.unit, 0) + o.pages
    elapsed = time.perf_counter() - t0
    console.print(f"{_count(len(outcomes), 'job')}, {render.indexed_text(units, elapsed)}",
                  soft_wrap=True, highlight=False)


@app.command()
def jobs(as_json: bool = typer.Option(False, "--json", help="Print JSON."),
         state: Optional[str] = typer.Option(None, "--state", help="Only jobs in this state: queued, running, "
                                             "done or failed."),
         limit: int = typer.Option(50, "--limit", min=1, help="Most jobs listed (newest first).")):
    """Show the ingest queue: queued, running, done and failed jobs, with reasons.

    The counts per state, then the latest jobs with their worker, tries, outcome and the
    reason of a failure (shared catalog only)."""
    job_states = _app.Library.JOB_STATES
    if state is not None and state not in job_states:
        _fail(f"--state {state}: choose one of {', '.join(job_states)}")
    with _library() as lib:
        counts, rows = lib.job_counts(), lib.jobs(state, limit)
    unit_of_path = _app.Library.unit_of_path
    if as_json:  # `pages` counts units of kind `unit` (pdf pages, sheets, slides, lines: parts)
        sys.stdout.write(json.dumps({"counts": counts, "jobs": [{**r.__dict__, "unit": unit_of_path(r.path)}
                                                                for r in rows]},
                                    ensure_ascii=False, indent=2) + "\n")
        return
    console.print("  ".join(f"{k}: {v}" for k, v in counts.items()), highlight=False)
    table = Table(show_lines=False)
    for col in ("job", "state", "file", "tries", "worker", "outcome"):
        table.add_column(col)
    now = time.time()
    for r in rows:
        if r.state == "running":
            left = (r.lease_until or now) - now
            outcome = f"lease {left:.0f} s left" if left >= 0 else f"lease ended {-left:.0f} s ago: will be retaken"
        else:
            outcome = " ".join(x for x in (r.status or "", render.unit_count(r.pages, unit_of_path(r.path))
                                           if r.pages else "", r.reason) if x)
        table.add_row(str(r.id), r.state, escape(Path(r.path).name), str(r.attempts), escape(r.worker or ""),
                      escape(outcome))
    console.print(table)


@app.command("migrate-catalog")
def migrate_catalog(to_data: Path = typer.Option(..., "--to-data", help="Data folder of the target library "
                                                 "(its index, and its SQLite catalog when no target URL is set)."),
                    to_blobs: Optional[Path] = typer.Option(None, "--to-blobs", help="Shared folder for the "
                                                            "target's originals and models (default: --to-data).")):
    """Copy this library's catalog, originals, models and index into an empty library.

    The target catalog is the PostgreSQL database in the environment variable
    PINCITE_TARGET_CATALOG_URL (never an option, so its password stays out of the process
    list), else a SQLite catalog in --to-data: from one folder to the shared form, or back.
    Every row, statistic and meta value is compared after the copy and every original
    checked by SHA-256; nothing is recorded in the target when one differs."""
    from pincite.config import env_catalog_url

    target = Settings()
    target.data_dir = to_data
    target.blobs_dir = to_blobs
    target.catalog_url = env_catalog_url("PINCITE_TARGET_CATALOG_URL")
    with _library(must_exist=True) as lib:
        t0 = time.perf_counter()
        counts = lib.copy_to(target)
    console.print(f"copied {counts['documents']} documents, {counts['originals']} stored files, "
                  f"{counts['models']} extracted documents, {counts['terms']} term statistics, "
                  f"{counts['registry']} registry rows and {counts['failures']} failures in "
                  f"{time.perf_counter() - t0:.1f} s; every row checked", soft_wrap=True, highlight=False)


@app.command()
def ask(question: str = typer.Argument(..., help="The question, in Russian, Chinese or English."),
        as_json: bool = typer.Option(False, "--json", help="Print the Answer contract as JSON."),
        export: Optional[str] = typer.Option(None, "--export", help="Print the verified claims as "
                                             "evidence cards: md or csv."),
        llm: bool = typer.Option(False, "--llm", help="Let a model behind an OpenAI-compatible API write "
                                 "the answer; pincite checks every claim before showing it."),
        llm_url: Optional[str] = typer.Option(None, "--llm-url", help="Base URL ending in /v1 "
                                              "(env PINCITE_LLM_URL)."),
        llm_model: Optional[str] = typer.Option(None, "--llm-model", help="Answer model (env PINCITE_LLM_MODEL)."),
        llm_query_model: Optional[str] = typer.Option(None, "--llm-query-model",
                                                      help="Model for sub-questions (env PINCITE_LLM_QUERY_MODEL)."),
        model: Optional[str] = typer.Option(None, "--model", help="Answer only from documents for this model."),
        modification: Optional[str] = typer.Option(None, "--modification", help="... covering this modification."),
        revision: Optional[str] = typer.Option(None, "--revision", help="... of this revision."),
        trust: Optional[list[str]] = typer.Option(None, "--trust", help="Trust levels allowed (repeat; default "
                                                  "normative and reference)."),
        include_uploaded: bool = typer.Option(False, "--include-uploaded", help="Let uploaded documents "
                                              "answer too (cited as uploaded, not normative)."),
        serial: Optional[str] = typer.Option(None, "--serial", help="Serial number of the unit; the "
                                             "registry maps it to its modification (and shipped revision)."),
        mode: Optional[str] = typer.Option(None, "--mode", metavar="current|as-shipped",
                                           help="Revision to answer from: the one current for the "
                                                "modification (default with a registry) or the one the "
                                                "serial number shipped with."),
        compare: Optional[Tuple[str, str]] = typer.Option(None, "--compare", metavar="REV REV",
                                                help="Answer from each of two revisions separately, "
                                                     "side by side.")):
    """Answer a question from the library, with a verified quote and page for each claim.

    Offline and extractive by default. With --llm the question and the passages found are
    sent to the configured model (key from PINCITE_API_KEY, or asked for); run
    `pincite check-llm` once first. --model, --modification, --revision and --trust filter
    inside the search: when no document matches, the answer says which one is missing.
    """
    with _importing():  # the Library and the answer layer (check_question imports it)
        if question.strip():
            _preload_embedder()
        try:  # the question first: an empty one is the error, whatever else is missing
            question = _app.Library.check_question(question)
        except PinciteError as e:
            _fail(str(e))
    if export is not None and export not in _export.FORMATS:
        _fail(f"--export {export}: choose one of {', '.join(_export.FORMATS)}")
    wanted = {"model": model, "modification": modification, "revision": revision,
              "trust": [t.strip().lower() for t in trust] if trust else None,
              "include_uploaded": include_uploaded or None}
    scope = {k: v for k, v in wanted.items() if v is not None}
    if mode is not None and mode not in ("current", "as-shipped"):
        _fail(f"--mode {mode}: choose current or as-shipped")
    revisions = [r for r in (compare or ()) if r]
    if scope and _server_url() is None:  # a running server's Library checks it there
        try:
            _app.Library.make_scope(scope, where=None)
        except ValueError as e:
            _fail(f"--trust: {e}")
    settings = None
    if (llm or llm_url or llm_model or llm_query_model) and _server_url() is None:
        settings = _llm_settings(llm_url, llm_model, llm_query_model)
    server = _server()
    if server is not None:
        if llm_url or llm_model or llm_query_model:
            _fail(f"`pincite serve` is running at {server.url} and answers with its own LLM settings; "
                  "drop --llm-url/--llm-model/--llm-query-model or stop the server")
        with server:  # the server's Library checks the scope (400: exit 2 with its reason)
            ans = server.ask(question, mode="llm" if llm else "extractive", scope=scope or None,
                             serial=serial, revision_mode=mode, compare=revisions or None)
            if export:  # the server's Library.evidence_file, its links to the server's originals
                cards = server.evidence(ans, export)
    else:
        with _library(must_exist=True) as lib:
            try:
                ans = lib.ask(question, scope=scope or None, llm=settings, serial=serial, mode=mode,
                              compare=revisions or None)
            except ValueError as e:
                _fail(str(e))
            if export:
                cards = lib.evidence_cards(ans, export)
        if settings is not None:
            # said after the answer, so it tells what happened: a question refused or asked
            # back before any passage was found never reaches the model
            where = f"{escape(settings.base_url)} (model {escape(settings.model)})"
            if ans.mode == "llm" or any(p.mode == "llm" for p in ans.parts):
                err.print(f"[dim]note: the question and the passages found were sent to {where}[/]", soft_wrap=True)
            else:
                err.print(f"[dim]note: nothing was sent to {where}: the answer was settled from the "
                          "library before the model was needed[/]", soft_wrap=True)
    if export:
        sys.stdout.write(cards)
        return
    if as_json:
        sys.stdout.write(ans.model_dump_json(indent=2) + "\n")
    else:
        render.print_answer(console, ans)


@app.command("check-llm")
def check_llm_cmd(llm_url: Optional[str] = typer.Option(None, "--llm-url", help="Base URL ending in /v1."),
                  llm_model: Optional[str] = typer.Option(None, "--llm-model", help="Answer model."),
                  llm_query_model: Optional[str] = typer.Option(None, "--llm-query-model",
                                                                help="Model for sub-questions."),
                  save: bool = typer.Option(True, help="Save URL, models and the working response "
                                            "format to the data folder (never the key).")):
    """Prove the configured model works before any document text is sent to it.

    A plain completion to each model, then a structured-output request to the answer model;
    records which response format works (json_schema, json_object with the schema inside,
    plain json_object, or prompt-only). Exit 0
    when the pair works, 1 when it does not.
    """
    Library = _app.Library
    settings = _llm_settings(llm_url, llm_model, llm_query_model)
    result = Library.check_llm(settings)
    for line in result.messages:
        console.print(escape(line), soft_wrap=True)
    if not result.ok:
        err.print("[red]check failed[/]")
        raise typer.Exit(1)
    console.print(f"[green]ok[/]: {escape(', '.join(result.models))}; response format "
                  f"{result.response_format}")
    if save:
        data = Path(_state.get("data") or Settings().data_dir)
        data.mkdir(parents=True, exist_ok=True)
        path = Library.save_llm_settings(data, dataclasses.replace(settings, response_format=result.response_format))
        console.print(f"saved to {escape(str(path))} (the API key is not saved)")


def _llm_settings(url: str | None, model: str | None, query_model: str | None):
    """LLM settings from the saved file, the environment and these options (in rising
    precedence); asks for the key on a terminal when none is set and the server is remote."""
    from pincite.urls import is_local_url

    data = Path(_state.get("data") or Settings().data_dir)
    overrides = {k: v for k, v in (("base_url", url), ("model", model), ("query_model", query_model)) if v}
    settings = _app.Library.llm_settings(data, **overrides)
    if settings is None:
        _fail("no model configured: pass --llm-url URL/v1 and --llm-model NAME "
              "(or set PINCITE_LLM_URL and PINCITE_LLM_MODEL)")
    if settings.api_key is None and not is_local_url(settings.base_url) and sys.stdin.isatty():
        key = typer.prompt(f"API key for {settings.base_url} (not saved)", hide_input=True, default="",
                           show_default=False)
        if key:
            settings = dataclasses.replace(settings, api_key=key)
    return settings


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
    server = _server()
    if server is not None:
        with server:
            listing = server.documents()
        rows: list[Any] = [SimpleNamespace(**{k: d.get(k, v) for k, v in _ROW_DEFAULTS.items()})
                           for d in listing["documents"]]
        failures: list[Any] = [SimpleNamespace(**{k: f[k] for k in FailureRow.__dataclass_fields__})
                               for f in listing["failures"]]
        problems = listing["problems"]
    else:
        with _library(must_exist=True, for_reindex=True) as lib:  # a settings mismatch is a problem shown
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
    fields = _field_options(model=model, modifications=modification, revision=revision, trust=trust,
                            language=language, valid_from=valid_from, valid_to=valid_to,
                            source_url=source_url)
    if not fields:
        _fail("nothing to set: pass --model, --modification, --revision, --trust, --language, "
              "--valid-from, --valid-to or --source-url")
    server = _server()
    if server is not None:
        with server:
            got = server.set_fields(doc_id, fields)
        row: Any = SimpleNamespace(**{k: got.get(k, v) for k, v in _ROW_DEFAULTS.items()})
    else:
        with _library(must_exist=True) as lib:
            row = lib.set_fields(doc_id, fields)
    if as_json:
        sys.stdout.write(json.dumps(row.__dict__, ensure_ascii=False, indent=2) + "\n")
        return
    console.print(f"{row.doc_id} {escape(row.file_name)}: {escape(render.fields_text(row))}", soft_wrap=True)


def _field_options(**opts) -> dict:
    """Document fields given as options, checked (exit 2 with the reason when one is bad)."""
    given = {k: v for k, v in opts.items() if v is not None and v != []}
    if not given:
        return {}
    if given.get("modifications") == [""]:
        given["modifications"] = []
    try:
        return _app.Library.check_fields(given, "options")
    except FieldError as e:
        _fail(str(e).replace("options: ", "", 1))


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
        _fail(f"{path}: no such file")
    try:
        entries = _app.Library.read_registry(path)
    except RegistryError as e:
        _fail(str(e))
    _no_server("registry import")
    with _library(must_exist=True, for_reindex=True) as lib:
        lib.import_registry(entries, str(path))
    console.print(f"registry: {_count(len(entries), 'row')} imported from "
                  f"{escape(str(path))}", soft_wrap=True)


@registry_app.command("show")
def registry_show(as_json: bool = typer.Option(False, "--json", help="Print JSON.")):
    """Show the registry, with each revision's status today (a valid_from in the future
    shows as not_yet_in_force)."""
    _no_server("registry show")
    with _library(must_exist=True, for_reindex=True) as lib:
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
    _no_server("reindex")
    with _library(for_reindex=True) as lib:
        n = lib.reindex()
    console.print(f"re-indexed {n} documents")


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
    _no_server("migrate")
    if source:
        os.environ["PINCITE_INDEX"] = source
    with _library(must_exist=True) as lib, _progress() as prog:
        task = prog.add_task("copy", total=None)
        report = lib.migrate_index(to, sample=sample, overwrite=overwrite,
                                   accept_differences=accept_differences,
                                   progress=lambda n, total: prog.update(task, completed=n, total=total))
    console.print(f"copied {report.points} points of {report.documents} documents from "
                  f"{escape(report.source)} to {escape(report.target)} in {report.seconds:.1f} s; "
                  f"{report.questions - len(report.differences)} of {report.questions} sample answers identical"
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
    server = _server()
    if server is not None:
        with server:
            gone: list[Any] = [SimpleNamespace(**f) for f in server.remove_failed(doc_id)]
            if not gone and _DOC_ID.fullmatch(doc_id):
                server.remove(doc_id)
    else:
        with _library(must_exist=True, for_reindex=True) as lib:  # needs no embedder
            gone = lib.remove_failed(doc_id)
            if not gone and _DOC_ID.fullmatch(doc_id):
                lib.remove(doc_id)
    for f in gone:
        console.print(f"forgot failed entry {escape(f.file_name)} ({escape(f.source_path)})",
                      soft_wrap=True, highlight=False)
    if gone:
        return
    if not _DOC_ID.fullmatch(doc_id):
        _fail(f"no document with id {doc_id} and no failed entry with that file name or path; "
              "`pincite docs` lists both")
    console.print(f"removed {doc_id}")


#: A document id as `pincite docs` shows it (16 hex digits).
_DOC_ID = re.compile(r"[0-9a-f]{16}")


#: What `pincite page` calls unit N of a document, by the unit's kind (the server's
#: PageTextOut.kind): a PDF page, or a sheet, slide or part (about 60 lines) of a text file.
UNIT_WORDS = {"pdf": "PDF p.", "sheet": "sheet", "slide": "slide", "lines": "part"}


@app.command()
def page(doc_id: str = typer.Argument(..., help="Document id as shown by `pincite docs`."),
         number: int = typer.Argument(..., metavar="PAGE",
                                      help="1-based physical page: the N of 'PDF p. N' "
                                           "(of a sheet, slide or part of a text file in other documents)."),
         raw: bool = typer.Option(False, "--raw", help="The text exactly as stored: PDFium's \\r\\n line "
                                                     "ends and U+FFFE where a word is hyphenated at a line end.")):
    """Print the extracted text of one page: the source text every quote cited on it was
    verified against (hyphenated words joined unless --raw)."""
    server = _server()
    if server is not None:
        with server:
            data = server.page_text(doc_id, number)
        name = doc_id
    else:
        with _library(must_exist=True, for_reindex=True) as lib:  # needs no index search
            src = lib.page_source(doc_id, number)
        data = {"text": src.text, "page_label": src.page_label, "pages": src.pages, "ocr": src.ocr,
                "kind": src.kind, "hidden": src.hidden}
        name = src.file
    # a printed label is named when it differs from the physical page, as in source lines
    label = data.get("page_label") or ""
    label = ("" if not label else ", printed with the same number" if label == str(number)
             else f", printed page {label}")
    ocr = ", read by OCR" if data.get("ocr") else ""
    unit = UNIT_WORDS.get(data.get("kind") or "pdf", "PDF p.")
    typer.echo(f"{name}: {unit} {number} of {data['pages']}{label}{ocr}", err=True)
    for h in data.get("hidden") or []:
        typer.echo(f"hidden text on this page ({h['reason']}), left out of the text below: "
                   f"{h['text']!r}", err=True)
    text = data["text"]
    if not raw:
        text = _app.Library.readable_text(text)
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


@app.command("eval")
def eval_cmd(questions: Path = typer.Argument(..., exists=True, dir_okay=False,
                                              help="questions.jsonl (format of ../shared/eval)."),
             corpus: Optional[Path] = typer.Option(None,
                                                   help="Ingest this folder first (unchanged files are skipped)."),
             out: Path = typer.Option(Path("pincite-eval.jsonl"), help="One record per question."),
             as_json: bool = typer.Option(False, "--json", help="Print the report as one JSON object."),
             report: Optional[Path] = typer.Option(
                 None, "--report", dir_okay=False,
                 help="Also write a self-contained HTML page: plots per language, answerability "
                      "against the bar, each miss with its page images, timings.")):
    """Ask every question of the whole library and print hit@1, hit@5, refusal figures and
    the share of verified quotes that pdftotext (-layout, reading order or -raw) confirms on
    the cited page.

    With --report PAGE.html, the same run is also written as one HTML page that needs no
    network (pincite.eval.report).

    Each question's record is written to --out as soon as it is scored; on a terminal a
    progress bar counts the questions (none with --json).

    Timings are cold (no warm-up); a question's time covers answering only, not the
    cross-check. The JSON report holds environment, summary (rows per language),
    query_p50_ms / query_p95_ms, crosscheck and, with --corpus, ingest.
    """
    _no_server("eval")
    if report is not None and not report.resolve().parent.is_dir():
        _fail(f"--report {report}: folder {report.resolve().parent} does not exist")
    if not out.resolve().parent.is_dir():
        _fail(f"--out {out}: folder {out.resolve().parent} does not exist")
    try:
        qs = evaluate.load_questions(questions)
    except ValueError as e:
        _fail(str(e))
    passwords = evaluate.passwords_by_name(qs)
    ingest_figures = None
    with _library(must_exist=corpus is None) as lib:
        if corpus:
            _, ingest_figures = evaluate.ingest_timed(lib, [corpus], passwords)
        checker = evaluate.QuoteCrosschecker.for_library(lib, passwords)
        # records go to --out as each question is scored, so a long run can be watched
        # (tail -f) and an interrupted one keeps what it did
        with open(out, "w", encoding="utf-8") as sink, \
                (_progress() if err.is_terminal and not as_json else contextlib.nullcontext()) as prog:
            task = prog.add_task("questions", total=len(qs)) if prog is not None else None

            def on_record(rec) -> None:
                sink.write(evaluate.record_line(rec))
                sink.flush()
                if prog is not None and task is not None:
                    prog.advance(task)

            recs = evaluate.run_eval(qs, lib.ask, crosscheck=checker,
                                     page_text=lib.page_text, on_record=on_record)
        env = evaluate.environment(lib)
        held = {d.file_name for d in lib.documents()}
        s = evaluate.summarise(recs, checker)
        if report is not None:
            _write_eval_report(report, lib, recs, s, env, ingest_figures, questions.name)
    # questions about a document the library does not hold count as misses (and answerable
    # ones refused as false refusals): say how many, so a partial library is read right
    absent = sorted({Path(q["doc"]).name for q in qs if q.get("doc") and Path(q["doc"]).name not in held})
    without = sum(1 for q in qs if q.get("doc") and Path(q["doc"]).name in absent)
    if as_json:
        report_json = {"environment": env, "summary": s.rows,
                  "questions_without_document": without, "documents_missing": absent,
                  "query_p50_ms": round(s.query_p50 * 1000, 1),
                  "query_p95_ms": round(s.query_p95 * 1000, 1),
                  "crosscheck": s.crosscheck, "records": str(out)}
        if report is not None:
            report_json["report"] = str(report)
        if ingest_figures is not None:
            report_json["ingest"] = ingest_figures.__dict__
        sys.stdout.write(json.dumps(report_json, ensure_ascii=False, indent=2) + "\n")
        return
    t = render.table(f"pincite eval: {len(recs)} questions, {env['corpus']['files']} documents", console.width)
    cols = {"questions": "n", "hit@1": "hit@1", "hit@5": "hit@5",  # two-line headers fit 80 columns
            "refusal_accuracy": "refusal\naccuracy", "false_refusals": "false\nrefusals",
            "verified_quotes": "verified\nquotes", "compound_parts": "compound\nparts",
            "crosschecked_quotes": "cross-\nchecked",
            "printed_labels": "printed\nlabels"}
    t.add_column("lang")
    for header in cols.values():
        t.add_column(header)
    for name, row in s.rows.items():
        t.add_row(name, *("-" if row[c] is None else str(row[c]) for c in cols))
    console.print(t)
    if without:
        console.print(f"{without} of {len(qs)} questions ask about {len(absent)} document(s) this library "
                      f"does not hold ({', '.join(absent[:5])}{', …' if len(absent) > 5 else ''}): they count "
                      "as misses, and as false refusals when refused; --corpus DIR ingests them first",
                      soft_wrap=True)
    cc = s.crosscheck
    if cc["available"]:
        checker = evaluate.QuoteCrosschecker
        redecoded = sum(n for level, n in cc["levels"].items() if checker.REDECODED_LEVEL in level)
        margins = sum(n for level, n in cc["levels"].items() if checker.MARGIN_LEVEL in level)
        console.print(f"crosscheck ({cc['tool']}): {cc['confirmed']} of {cc['checked']} checked quotes "
                      f"confirmed on the cited page"
                      + (f" ({redecoded} only after re-decoding as cp1251)" if redecoded else "")
                      + (f" ({margins} only with margin notes left out)" if margins else "")
                      + (f"; {cc['unchecked']} of the {cc['verified']} verified quotes unchecked (sheets, "
                         "slides or pages pdftotext cannot read) and left out of the rate"
                         if cc["unchecked"] else ""),
                      soft_wrap=True)
    else:
        console.print(f"[yellow]crosscheck: {escape(cc['note'])}[/]", soft_wrap=True)
    for problem in cc["errors"]:
        console.print(f"[yellow]crosscheck: {escape(problem)}[/]", soft_wrap=True)
    console.print(f"query p50 {s.query_p50 * 1000:.0f} ms, p95 {s.query_p95 * 1000:.0f} ms "
                  f"(cold, cross-check not included); records in {escape(str(out))}", soft_wrap=True)
    if ingest_figures is not None and ingest_figures.pages:
        console.print(f"ingest {ingest_figures.pages} pages in {ingest_figures.seconds} s "
                      f"({ingest_figures.pages_per_s} pages/s, cold)", soft_wrap=True)
    console.print(f"environment: {escape(evaluate.environment_line(env))}", soft_wrap=True)
    if report is not None:
        console.print(f"report written to {escape(str(report))}", soft_wrap=True)


def _write_eval_report(path: Path, lib: Library, recs: list, summary, env: dict, ingest, name: str) -> None:
    """Write the eval's HTML page to `path`, with page images from `lib`; a clear error when
    matplotlib is missing or the file cannot be written."""
    from pincite.eval import report as eval_report

    by_name = {d.file_name: d.doc_id for d in lib.documents()}

    def page_image(ref):
        doc_id = ref.doc_id or by_name.get(ref.file)
        return None if doc_id is None else lib.page_thumbnail(doc_id, ref.page)

    try:
        eval_report.write_report(path, recs, summary, title=f"pincite eval: {name}", environment=env,
                                 ingest=ingest, page_image=page_image)
    except ImportError as e:
        _fail(f"--report needs matplotlib, which is not installed ({e})")
    except OSError as e:
        _fail(f"cannot write the report to {path}: {e.strerror or e}")


@app.command()
def serve(host: str = typer.Option("127.0.0.1", help="Address to listen on; other than loopback "
                                   "only with a token (env PINCITE_TOKEN)."),
          port: int = typer.Option(8000, help="Port to listen on (0: any free port).")):
    """Serve the web app and REST API; the server owns the library while it runs.

    Writes its URL to <data>/server.json (removed when it stops). With PINCITE_TOKEN set,
    every /api request needs `Authorization: Bearer <token>`; without one it listens on
    loopback only. Stop it with Ctrl+C.
    """
    from pincite.web.server import serve as run_server

    settings = Settings()
    if _state.get("data"):
        settings.data_dir = _state["data"]
    run_server(host, port, settings, os.environ.get("PINCITE_TOKEN") or None)


@app.command()
def mcp():
    """Serve the library to an MCP client (Claude Desktop, Cursor, any agent) over stdio.

    The client starts this command and talks to it on stdin/stdout; the tools are ask,
    search, verify_quote, get_page and list_documents (see docs/mcp.md). It owns the index
    while it runs, so it refuses to start while `pincite serve` holds the data folder: point
    the client at that server's /mcp URL instead.
    """
    url = _server_url()
    if url is not None:
        _fail(f"`pincite serve` is running at {url} and holds the index; connect the MCP client to "
              f"{url}/mcp instead (streamable HTTP), or stop the server")
    settings = Settings()
    if _state.get("data"):
        settings.data_dir = _state["data"]
    if not settings.catalog_url and not (Path(settings.data_dir) / "catalog.sqlite").exists():
        _fail(f"{settings.data_dir}: no pincite library here; run `pincite ingest FILES` first "
              "or pass --data DIR")
    from pincite.mcp.stdio import serve_stdio

    serve_stdio(settings)


def _data_dir() -> Path:
    return Path(_state.get("data") or Settings().data_dir)


def _preload_embedder() -> None:
    """Start loading the embedder on a background thread (text.embed.preload) when this
    process will search a library of its own data folder with dense vectors, so that the
    model loads while the answer layer is imported and the index opened. Best effort: a
    setting that fails here fails again, and is reported, where the library is opened."""
    try:
        settings = Settings()
    except PinciteError:
        return
    data = Path(_state.get("data") or settings.data_dir)
    if settings.retrieval == "bm25" or not (settings.catalog_url or (data / "catalog.sqlite").exists()):
        return
    from pincite.web.client import server_file

    if server_file(data).exists():  # a running server answers (_server), with its own model
        return
    from pincite.text import embed

    embed.preload(settings.embedder, num_threads=settings.embed_threads, workers=settings.embed_workers)


def _server_url() -> str | None:
    """URL of a `pincite serve` running on this data folder (it owns the index), or None."""
    if "server" not in _state:
        from pincite.web.client import find_server

        _state["server"] = find_server(_data_dir())
    return _state["server"]


def _server():
    """A client of the running server, or None: while one runs, ingest, ask, docs and remove
    go through its API, so nothing opens the index twice."""
    url = _server_url()
    if url is None:
        return None
    from pincite.web.client import Client

    err.print(f"[dim]using the pincite server at {escape(url)}[/]", soft_wrap=True)
    return Client(url)


def _no_server(command: str) -> None:
    url = _server_url()
    if url is not None:
        _fail(f"`pincite serve` is running at {url} and holds the index; stop it before `pincite {command}`")


def _ingest_via_server(server, paths: list[Path], fields: dict | None = None) -> None:
    """Upload the files to the running server with the document `fields` (checked options)
    and wait for its ingest; same table and exit status as a local ingest."""
    files = list(_inputs.expand_paths(paths, exclude=_data_dir()))
    t0 = time.perf_counter()
    with server, _progress() as prog:
        task = prog.add_task("upload", total=len(files))
        ups = server.upload(files, fields)

        def update(current: list[dict]) -> None:
            prog.update(task, completed=sum(u["status"] in ("ready", "failed") for u in current),
                        description="ingest")

        final = server.wait([u["upload_id"] for u in ups], on_update=update)
    elapsed = time.perf_counter() - t0
    results = [_inputs.IngestResult(path=str(p),
                                    status=u.get("result") or ("failed" if u["status"] == "failed" else "added"),
                                    doc_id=u.get("doc_id"), reason=u.get("reason") or "", pages=u.get("pages") or 0,
                                    chunks=u.get("chunks") or 0, unit=u.get("unit") or "pdf")
               for p, u in zip(files, final)]
    for r in results:
        if r.status == "failed":
            name = Path(r.path).name  # the server's reason names the upload, not always the file
            reason = r.reason if name in r.reason else f"{name}: {r.reason}"
            err.print(f"[red]✗[/] {escape(reason)}", soft_wrap=True)
    _no_documents(paths, files)
    console.print(_ingest_table(results))
    failed = sum(r.status == "failed" for r in results)
    console.print(f"{_count(len(results), 'file')}, "
                  + render.indexed_text(_units(results), elapsed, by=" by the server")
                  + (f", [red]{failed} failed[/]" if failed else ""))
    if failed or not files:
        raise typer.Exit(1)


def _units(results: list[IngestResult]) -> dict[str, int]:
    """Units (pages, sheets, slides, parts of text files) the ingest indexed, by kind: those
    of the files added or replaced."""
    counts: dict[str, int] = {}
    for r in results:
        if r.status in ("added", "replaced"):
            counts[r.unit] = counts.get(r.unit, 0) + r.pages
    return counts


#: The kinds of DOCUMENT_SUFFIXES as a user names them.
_KINDS = "PDF, DOCX, PPTX, XLSX, TXT or Markdown"


def _no_documents(paths: list[Path], files: list[Path]) -> None:
    """Say which given folders hold no document pincite reads (none of DOCUMENT_SUFFIXES
    under them, links to folders not followed): an ingest that found nothing there must not
    look like one that found nothing new."""
    for p in paths:
        if p.is_dir() and not any(f.is_relative_to(p) for f in files):
            err.print(f"[yellow]![/] {escape(str(p))}: no documents found in this folder or below "
                      f"({_KINDS} files; links to folders are not followed)", soft_wrap=True)


def _ingest_table(results: list[IngestResult]) -> Table:
    t = Table(title="ingest")
    for c in ("file", "status", "pages", "chunks", "note"):
        t.add_column(c)
    style = {"added": "green", "replaced": "green", "skipped": "dim", "failed": "red"}
    for r in results:
        note = r.reason if r.status != "failed" else r.reason.split(": ", 1)[-1]
        if r.warnings:
            note = (note + "; " if note else "") + (f"1 warning ({r.warnings[0]})" if len(r.warnings) == 1
                                                  else f"{len(r.warnings)} warnings (e.g. {r.warnings[0]})")
        t.add_row(escape(Path(r.path).name), f"[{style[r.status]}]{r.status}[/]",
                  render.units_cell(r.pages, r.unit), str(r.chunks or "-"), escape(note))
    return t


def _progress() -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), console=err, transient=True)


def _fail(msg: str) -> NoReturn:
    err.print(f"[red]error:[/] {escape(msg)}")
    raise typer.Exit(2)


def _count(n: int, word: str) -> str:
    """"1 page", "2 pages": a count with its English noun in the right number."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def data_first(args: list[str]) -> list[str]:
    """`args` with a `--data DIR` (or `--data=DIR`) given after the command moved before it,
    where the CLI reads it: `pincite ask --data lib "…"` works as `pincite --data lib ask
    "…"` (otherwise click stops with "No such option: --data"). Arguments after a bare `--`
    are left alone."""
    cut = args.index("--") if "--" in args else len(args)
    head, tail = args[:cut], args[cut:]
    first = next((i for i, a in enumerate(head) if not a.startswith("-")), len(head))
    moved, rest, i = [], head[:first], first
    while i < len(head):
        a = head[i]
        if a == "--data" and i + 1 < len(head):
            moved += head[i:i + 2]
            i += 2
            continue
        if a.startswith("--data="):
            moved.append(a)
        else:
            rest.append(a)
        i += 1
    if not moved:
        return args
    return moved + rest + tail


def main() -> None:
    """Entry point: run the CLI, turning PinciteError into one line and exit code 2."""
    sys.argv[1:] = data_first(sys.argv[1:])
    _settle()  # the CLI's own modules
    try:
        app()
    except PinciteError as e:
        err.print(f"[red]error:[/] {escape(str(e))}")
        sys.exit(2)
    except OSError as e:  # a write the free-space check could not foresee
        full = _app.Library.disk_full(e, _data_dir())
        if full is None:
            raise
        err.print(f"[red]error:[/] {escape(str(full))}")
        sys.exit(2)
    finally:
        _settle()  # the interpreter's collections on its way out then skip what is alive
