"""The connection check of a model server: `check_llm` proves the pair of models (answer and
query) works before any document text is sent, and finds which ``response_format`` mode the
server honours, for `answer.llm_settings.save_settings` to record.

This module owns the check's own short prompts (a ping and a tiny structured answer) and its
report (`CheckResult`); it sends them through `answer.llm.LlmClient` and never sends a
document's text.
"""
from __future__ import annotations

from dataclasses import dataclass

from pincite.answer.llm import ANSWER_SCHEMA, LlmClient, answer_shape_problem
from pincite.answer.llm_settings import DEFAULT_TIMEOUT_S, RESPONSE_FORMATS, LlmSettings, ResponseFormat

from ..errors import LlmError

#: Seconds `check_llm` waits for each reply (docs/decisions/0007-model-servers-and-downloads.md).
CHECK_TIMEOUT_S = 15.0


@dataclass
class CheckResult:
    """What `check_llm` found.

    ``ok``: every model answered and a structured-output mode works. ``response_format``: the
    best mode that returned JSON of the answer shape (None when none did). ``models``: the
    models that answered a plain completion. ``messages``: one human line per step, no secrets.
    """

    ok: bool
    response_format: ResponseFormat | None
    models: list[str]
    messages: list[str]


_CHECK_PING = [{"role": "user", "content": "Reply with the single word: OK"}]
_CHECK_SYSTEM = (
    "Answer the question using only the evidence blocks. Reply with one JSON object and nothing "
    'else, of the form {"status": "answered" or "refused", "claims": [{"text": "...", '
    '"chunk_id": "...", "quote": "..."}]}, where each claim gives the chunk_id of its evidence '
    "block and a verbatim quote from it."
)
_CHECK_USER = (
    "<evidence chunk_id=\"check-1\">\nThe test pump runs at 1450 rpm.\n</evidence>\n\n"
    "Question: How fast does the test pump run?"
)
_STOPPING_KINDS = frozenset({"auth", "rate_limited", "unavailable", "redirect", "bad_response", "config"})


def check_llm(settings: LlmSettings, *, timeout_s: float | None = None) -> CheckResult:
    """Prove the configured models work before any document text is sent.

    1. A plain completion to the answer model, and to the query model when it differs, must
       return non-empty content.
    2. A structured-output request to the answer model, over a tiny synthetic evidence block
       (no document text), must return JSON of the ANSWER_SCHEMA shape: json_schema is tried
       first; when the server rejects it (a status of FORMAT_REJECT_STATUSES with an error
       body naming the format) or the reply is not JSON of that shape, json_object with the
       schema inside; then plain json_object; then prompt-only (code fences stripped). The
       last message names the mode chosen and why each better one was not.
    The first mode that works is returned in ``response_format``. An auth, rate-limit,
    unavailable, redirect or oversize error stops the check with its message. Never raises
    LlmError; ``timeout_s`` is seconds per request: by default CHECK_TIMEOUT_S, or the
    answer timeout the settings were given when that is longer (a local model on a slow or
    busy CPU may need more than 15 s for the structured probe, and the user who raised
    PINCITE_LLM_TIMEOUT for it expects the check to wait as long).
    """
    if timeout_s is None:
        timeout_s = (max(CHECK_TIMEOUT_S, settings.timeout_s) if settings.timeout_s != DEFAULT_TIMEOUT_S
                     else CHECK_TIMEOUT_S)
    messages: list[str] = []
    answered: list[str] = []
    models = [settings.model]
    if settings.effective_query_model != settings.model:
        models.append(settings.effective_query_model)
    roles = {settings.model: "answer model"}
    roles.setdefault(settings.effective_query_model, "query model")

    def stop(exc: LlmError) -> CheckResult:
        messages.append(f"LLM check stopped: {exc}")
        return CheckResult(ok=False, response_format=None, models=answered, messages=messages)

    with LlmClient(settings, timeout_s=timeout_s) as client:
        for model in models:
            try:
                completion = client.complete(_CHECK_PING, model=model)
            except LlmError as exc:
                if exc.kind in _STOPPING_KINDS:
                    return stop(exc)
                messages.append(f"{roles[model]} {model!r}: {exc}")
                continue
            if not completion.text.strip():
                messages.append(
                    f"{roles[model]} {model!r}: returned empty content to a plain completion; "
                    "check the model name (some servers answer an unknown model with nothing)"
                )
                continue
            answered.append(model)
            messages.append(f"{roles[model]} {model!r}: answered a plain completion ({completion.latency_s:.2f} s)")

        if settings.model not in answered:
            messages.append("LLM check failed: the answer model did not answer; structured output not tried")
            return CheckResult(ok=False, response_format=None, models=answered, messages=messages)

        chat = [{"role": "system", "content": _CHECK_SYSTEM}, {"role": "user", "content": _CHECK_USER}]
        found: ResponseFormat | None = None
        skipped: list[str] = []  # why each better mode was not chosen
        for mode in RESPONSE_FORMATS:
            try:
                value, _ = client.complete_json(chat, ANSWER_SCHEMA, schema_name="answer", mode=mode)
            except LlmError as exc:
                if exc.kind in _STOPPING_KINDS:
                    return stop(exc)
                messages.append(f"structured output {mode}: rejected by the server (HTTP {exc.status})")
                skipped.append(f"{mode} rejected by the server (HTTP {exc.status})")
                continue
            problem = "the reply is not JSON" if value is None else answer_shape_problem(value)
            if problem:
                messages.append(f"structured output {mode}: {problem}")
                skipped.append(f"{mode}: {problem}")
                continue
            found = mode
            messages.append(f"structured output {mode}: works")
            break

    ok = found is not None and len(answered) == len(models)
    if found is None:
        messages.append("LLM check failed: no response_format mode returned JSON of the answer shape")
    elif ok:
        messages.append(f"LLM check passed: response_format {found}"
                        + (f" ({'; '.join(skipped)})" if skipped else ""))
    else:
        messages.append("LLM check failed: a model did not answer")
    return CheckResult(ok=ok, response_format=found, models=answered, messages=messages)
