"""The `pincite eval` command: a question set asked of the library, scored (hit@1, hit@5,
refusals), streamed as it runs and optionally written as an HTML report.

This module owns that command; it registers it on `cli.app.app` and leaves the scoring to
`pincite.eval` (imported on first use). It must not ingest or change the library.
"""
from __future__ import annotations

import contextlib
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from pincite.cli.app import (
    app,
    console,
    count_noun,
    err,
    escape,
    evaluate,
    fail,
    open_library,
    progress_bar,
    refuse_with_server,
    render,
)

if TYPE_CHECKING:
    from pincite.library.facade import Library


@app.command("eval")
def eval_cmd(questions: Path = typer.Argument(..., exists=True, dir_okay=False,
                                              help="Questions, one JSON object per line (README: \"Questions file\")."),
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
    refuse_with_server("eval")
    if report is not None and not report.resolve().parent.is_dir():
        fail(f"--report {report}: folder {report.resolve().parent} does not exist")
    if not out.resolve().parent.is_dir():
        fail(f"--out {out}: folder {out.resolve().parent} does not exist")
    try:
        qs = evaluate.load_questions(questions)
    except ValueError as e:
        fail(str(e))
    passwords = evaluate.passwords_by_name(qs)
    ingest_figures = None
    with open_library(must_exist=corpus is None) as lib:
        if corpus:
            _, ingest_figures = evaluate.ingest_timed(lib, [corpus], passwords)
        checker = evaluate.QuoteCrosschecker.for_library(lib, passwords)
        # records go to --out as each question is scored, so a long run can be watched
        # (tail -f) and an interrupted one keeps what it did
        with open(out, "w", encoding="utf-8") as sink, \
                (progress_bar() if err.is_terminal and not as_json else contextlib.nullcontext()) as prog:
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
    # (a question to refuse or ask back may name any document: it is scored by its status)
    expecting = [q for q in qs if q.get("doc") and evaluate.question_expects_answer(q)]
    absent = sorted({Path(q["doc"]).name for q in expecting if Path(q["doc"]).name not in held})
    without = sum(1 for q in expecting if Path(q["doc"]).name in absent)
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
    t = render.table(f"pincite eval: {count_noun(len(recs), 'question')}, "
                     f"{count_noun(env['corpus']['files'], 'document')}", console.width)
    vague = any(row.get("clarify") for row in s.rows.values())  # vague questions in the set: asked back?
    cols = {"questions": "n", "hit@1": "hit@1", "hit@5": "hit@5", "quote@1": "quote\n@1",  # fits 80 columns
            "refusal_accuracy": "refusal\naccuracy", **({"asked_back": "asked\nback"} if vague else {}),
            "false_refusals": "false\nrefusals",
            "verified_quotes": "verified\nquotes",  # compound parts: in --json and the records
            "crosschecked_quotes": "cross-\nchecked",
            "printed_labels": "printed\nlabels"}
    if all(r["printed_labels"] is None for r in s.rows.values()):  # no printed labels given: room
        del cols["printed_labels"]
    t.add_column("lang")
    for header in cols.values():
        t.add_column(header)
    for name, row in s.rows.items():
        t.add_row(name, *("-" if row[c] is None else str(row[c]) for c in cols))
    console.print(t)
    if without:
        console.print(f"{without} of {count_noun(len(qs), 'question')} "
                      f"{'asks' if without == 1 else 'ask'} about "
                      f"{count_noun(len(absent), 'document')} this library "
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
        console.print(f"ingest {count_noun(ingest_figures.pages, 'page')} in {ingest_figures.seconds} s "
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
        fail(f"--report needs matplotlib, which is not installed ({e})")
    except OSError as e:
        fail(f"cannot write the report to {path}: {e.strerror or e}")
