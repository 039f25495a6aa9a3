"""The `pincite` commands that put files into the library: `ingest` (here, or through a
running server), and the distributed queue's `worker`, `jobs` and `migrate-catalog`.

This module owns those commands and the ingest summary table; it registers them on
`cli.app.app` and calls only the Library (or the running server's client). It must not
answer questions or list documents (`cli.asking`, `cli.documents`).
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer
from rich.table import Table

from pincite.cli.app import (
    app,
    console,
    count_noun,
    data_dir,
    err,
    escape,
    fail,
    field_options,
    lazy_facade,
    lazy_inputs,
    open_library,
    progress_bar,
    render,
    server_client,
)
from pincite.config import Settings

if TYPE_CHECKING:
    from pincite.library.inputs import IngestResult


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
        fail(f"{missing[0]}: no such file or folder")
    if ocr is not None and ocr not in ("auto", "off"):
        fail(f"--ocr {ocr}: choose auto or off")
    fields = field_options(model=model, modifications=modification, revision=revision, trust=trust,
                            language=language, valid_from=valid_from, valid_to=valid_to,
                            source_url=source_url)
    if enqueue:
        if urls:
            fail(f"--enqueue takes files and folders, not URLs ({urls[0]})")
        if password:
            fail("--enqueue: no password is ever stored in a job; ingest encrypted PDFs without --enqueue")
        return _enqueue(paths, fields)
    server = server_client()
    if server is not None:
        if password:
            fail(f"`pincite serve` is running at {server.url}: it takes no passwords for uploads; "
                  "stop it to ingest encrypted PDFs with --password")
        if ocr is not None:
            fail(f"`pincite serve` is running at {server.url}: it OCRs uploads as its PINCITE_OCR "
                  "says; stop it to ingest with --ocr")
        if urls:
            fail(f"`pincite serve` is running at {server.url}: it takes no URLs; stop it to ingest "
                  f"{urls[0]}")
        return _ingest_via_server(server, paths, fields)
    with open_library() as lib, progress_bar() as prog:
        if ocr is not None:
            lib.settings.ocr = ocr
        files = list(lazy_inputs.expand_paths(paths, exclude=lib.root)) if paths else []
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
    console.print(f"{count_noun(len(results), 'file')}, {render.indexed_text(_units(results), elapsed)}"
                  + (f", [red]{failed} failed[/]" if failed else ""))
    if failed or not results:
        raise typer.Exit(1)


def _enqueue(paths: list[Path], fields: dict) -> None:
    """`pincite ingest --enqueue`: queue the files as jobs; exit 1 when one could not be
    queued or none was found."""
    with open_library() as lib:
        got = lib.enqueue(paths, fields=fields)
    added = sum(e.added for e in got)
    for e in got:
        if e.reason:
            err.print(f"[red]✗[/] {escape(e.reason)}", soft_wrap=True)
        elif not e.added:
            console.print(f"already queued: {escape(e.path)} (job {e.job_id})", soft_wrap=True, highlight=False)
    console.print(f"{count_noun(added, 'job')} queued; run `pincite worker` to ingest them, "
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
    with open_library() as lib:
        outcomes = lib.work(lease_s=lease, poll_s=poll, drain=drain, max_jobs=max_jobs, stop=stop,
                            on_outcome=report)
    units: dict[str, int] = {}
    for o in outcomes:
        if o.status in ("added", "replaced"):
            units[o.unit] = units.get(o.unit, 0) + o.pages
    elapsed = time.perf_counter() - t0
    console.print(f"{count_noun(len(outcomes), 'job')}, {render.indexed_text(units, elapsed)}",
                  soft_wrap=True, highlight=False)


@app.command()
def jobs(as_json: bool = typer.Option(False, "--json", help="Print JSON."),
         state: Optional[str] = typer.Option(None, "--state", help="Only jobs in this state: queued, running, "
                                             "done or failed."),
         limit: int = typer.Option(50, "--limit", min=1, help="Most jobs listed (newest first).")):
    """Show the ingest queue: queued, running, done and failed jobs, with reasons.

    The counts per state, then the latest jobs with their worker, tries, outcome and the
    reason of a failure (shared catalog only)."""
    job_states = lazy_facade.Library.JOB_STATES
    if state is not None and state not in job_states:
        fail(f"--state {state}: choose one of {', '.join(job_states)}")
    with open_library() as lib:
        counts, rows = lib.job_counts(), lib.jobs(state, limit)
    unit_of_path = lazy_facade.Library.unit_of_path
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
    with open_library(must_exist=True) as lib:
        t0 = time.perf_counter()
        counts = lib.copy_to(target)
    console.print(f"copied {count_noun(counts['documents'], 'document')}, "
                  f"{count_noun(counts['originals'], 'stored file')}, "
                  f"{count_noun(counts['models'], 'extracted document')}, "
                  f"{count_noun(counts['terms'], 'term statistic')}, {count_noun(counts['registry'], 'registry row')} "
                  f"and {count_noun(counts['failures'], 'failure')} in "
                  f"{time.perf_counter() - t0:.1f} s; every row checked", soft_wrap=True, highlight=False)


def _ingest_via_server(server, paths: list[Path], fields: dict | None = None) -> None:
    """Upload the files to the running server with the document `fields` (checked options)
    and wait for its ingest; same table and exit status as a local ingest."""
    files = list(lazy_inputs.expand_paths(paths, exclude=data_dir()))
    t0 = time.perf_counter()
    with server, progress_bar() as prog:
        task = prog.add_task("upload", total=len(files))
        ups = server.upload(files, fields)

        def update(current: list[dict]) -> None:
            prog.update(task, completed=sum(u["status"] in ("ready", "failed") for u in current),
                        description="ingest")

        final = server.wait([u["upload_id"] for u in ups], on_update=update)
    elapsed = time.perf_counter() - t0
    results = [lazy_inputs.IngestResult(path=str(p),
                                    status=u.get("result") or ("failed" if u["status"] == "failed" else "added"),
                                    doc_id=u.get("doc_id"), reason=_server_reason(p, u), pages=u.get("pages") or 0,
                                    chunks=u.get("chunks") or 0, unit=u.get("unit") or "pdf")
               for p, u in zip(files, final)]
    for r in results:
        if r.status == "failed":
            err.print(f"[red]✗[/] {escape(r.reason)}", soft_wrap=True)
    _no_documents(paths, files)
    console.print(_ingest_table(results))
    failed = sum(r.status == "failed" for r in results)
    console.print(f"{count_noun(len(results), 'file')}, "
                  + render.indexed_text(_units(results), elapsed, by=" by the server")
                  + (f", [red]{failed} failed[/]" if failed else ""))
    if failed or not files:
        raise typer.Exit(1)


def _server_reason(path: Path, upload: dict) -> str:
    """The reason the server gives for an upload, as a local ingest words it: a failure's
    reason after the file's path ("/x/bad.pdf: damaged or truncated PDF (…)"; the server
    names the upload, not the path given here), another note as it is."""
    reason = upload.get("reason") or ""
    if upload.get("status") != "failed" or not reason or _failure_note(str(path), reason) != reason:
        return reason
    return f"{path}: {reason}"


def _failure_note(path: str, reason: str) -> str:
    """A failure's reason without the path or file name it starts with ("bad.pdf: damaged
    or truncated PDF (PDFium cannot load it: …)" -> "damaged or truncated PDF (PDFium
    cannot load it: …)"); the reason whole when it starts with no name of the file (a
    colon inside the reason is no prefix)."""
    for prefix in (f"{path}: ", f"{Path(path).name}: "):
        if reason.startswith(prefix):
            return reason[len(prefix):]
    head, sep, rest = reason.partition(": ")
    return rest if sep and head and Path(head).name == Path(path).name else reason


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
        note = r.reason if r.status != "failed" else _failure_note(r.path, r.reason)
        if r.warnings:
            note = (note + "; " if note else "") + (f"1 warning ({r.warnings[0]})" if len(r.warnings) == 1
                                                  else f"{len(r.warnings)} warnings (e.g. {r.warnings[0]})")
        t.add_row(escape(Path(r.path).name), f"[{style[r.status]}]{r.status}[/]",
                  render.units_cell(r.pages, r.unit), str(r.chunks or "-"), escape(note))
    return t
