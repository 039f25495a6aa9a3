"""The `pincite` commands that ask: `ask` (here, or through a running server) and
`check-llm` (whether the configured model server answers as pincite needs).

This module owns those commands and the LLM settings they read from the options and the
environment; it registers them on `cli.app.app`, prints through `cli.render`, and calls only
the Library (or the running server's client). It must not ingest, list or evaluate.
"""
from __future__ import annotations

import dataclasses
import sys
from pathlib import Path
from typing import Optional, Tuple

import typer

from pincite.cli.app import (
    app,
    console,
    err,
    escape,
    fail,
    importing,
    lazy_export,
    lazy_facade,
    open_library,
    preload_embedder,
    render,
    run_state,
    server_client,
    server_url,
)
from pincite.config import Settings
from pincite.errors import PinciteError


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
    with importing():  # the Library and the answer layer (check_question imports it)
        if question.strip():
            preload_embedder()
        try:  # the question first: an empty one is the error, whatever else is missing
            question = lazy_facade.Library.check_question(question)
        except PinciteError as e:
            fail(str(e))
    if export is not None and export not in lazy_export.FORMATS:
        fail(f"--export {export}: choose one of {', '.join(lazy_export.FORMATS)}")
    wanted = {"model": model, "modification": modification, "revision": revision,
              "trust": [t.strip().lower() for t in trust] if trust else None,
              "include_uploaded": include_uploaded or None}
    scope = {k: v for k, v in wanted.items() if v is not None}
    if mode is not None and mode not in ("current", "as-shipped"):
        fail(f"--mode {mode}: choose current or as-shipped")
    revisions = [r for r in (compare or ()) if r]
    if scope and server_url() is None:  # a running server's Library checks it there
        try:
            lazy_facade.Library.make_scope(scope, where=None)
        except ValueError as e:
            fail(f"--trust: {e}")
    settings = None
    if (llm or llm_url or llm_model or llm_query_model) and server_url() is None:
        settings = _llm_settings(llm_url, llm_model, llm_query_model)
    server = server_client()
    if server is not None:
        if llm_url or llm_model or llm_query_model:
            fail(f"`pincite serve` is running at {server.url} and answers with its own LLM settings; "
                  "drop --llm-url/--llm-model/--llm-query-model or stop the server")
        with server:  # the server's Library checks the scope (400: exit 2 with its reason)
            ans = server.ask(question, mode="llm" if llm else "extractive", scope=scope or None,
                             serial=serial, revision_mode=mode, compare=revisions or None)
            if export:  # the server's Library.evidence_file, its links to the server's originals
                cards = server.evidence(ans, export)
    else:
        with open_library(must_exist=True) as lib:
            try:
                ans = lib.ask(question, scope=scope or None, llm=settings, serial=serial, mode=mode,
                              compare=revisions or None)
            except ValueError as e:
                fail(str(e))
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
    Library = lazy_facade.Library
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
        data = Path(run_state.get("data") or Settings().data_dir)
        data.mkdir(parents=True, exist_ok=True)
        path = Library.save_llm_settings(data, dataclasses.replace(settings, response_format=result.response_format))
        console.print(f"saved to {escape(str(path))} (the API key is not saved)")


def _llm_settings(url: str | None, model: str | None, query_model: str | None):
    """LLM settings from the saved file, the environment and these options (in rising
    precedence); asks for the key on a terminal when none is set and the server is remote."""
    from pincite.urls import is_local_url

    data = Path(run_state.get("data") or Settings().data_dir)
    overrides = {k: v for k, v in (("base_url", url), ("model", model), ("query_model", query_model)) if v}
    settings = lazy_facade.Library.llm_settings(data, **overrides)
    if settings is None:
        fail("no model configured: pass --llm-url URL/v1 and --llm-model NAME "
              "(or set PINCITE_LLM_URL and PINCITE_LLM_MODEL)")
    if settings.api_key is None and not is_local_url(settings.base_url) and sys.stdin.isatty():
        key = typer.prompt(f"API key for {settings.base_url} (not saved)", hide_input=True, default="",
                           show_default=False)
        if key:
            settings = dataclasses.replace(settings, api_key=key)
    return settings
