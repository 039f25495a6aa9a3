"""Which answer-layer rules earn their place: each rule switched off in turn, the
answerability model retrained without it on the tune split, both reported on the held-out
split of the development set.

    .venv/bin/python benchmarks/ablate_rules.py [--only NAME ...]   # one line of JSON per rule

A rule stays when switching it off loses on the held-out split (hit@1, hit@5, refused near
misses at the model's false-refusal target); one that changes nothing or wins when off is a
candidate for deletion. Rules are switched off by patching this process only.
"""
from __future__ import annotations

import argparse
import io
import json
import sys
from collections import defaultdict
from contextlib import redirect_stdout

import devset_tools as dt
import train_answerability as ta


def _patches() -> dict:
    """{rule name: function that switches it off in this process}."""
    from pincite.answer import asked_type, extractive

    def bylines():
        asked_type.asks_author = lambda q: False

    def tie_weight():
        extractive.TIE_WEIGHT = 0.0

    return {"bylines": bylines, "tie_weight": tie_weight}


def heldout(model) -> dict:
    """hit@1, hit@5, refusal accuracy, false refusals on the held-out split with `model`."""
    from pincite.answer.pipeline import ask_library
    from pincite.eval import run as evaluate

    ta.use_model(model)
    by_lib = defaultdict(list)
    for q in dt.questions("heldout"):
        by_lib[q["library"]].append(q)
    recs = []
    for name, group in sorted(by_lib.items()):
        with dt.open_library(name) as lib:
            recs += evaluate.run_eval(group, lambda q, **kw: ask_library(lib, q, **kw), page_text=lib.page_text)
    row = evaluate.summarise(recs).rows["all"]
    return {k: row[k] for k in ("hit@1", "hit@5", "refusal_accuracy", "false_refusals")}


def run(name: str | None) -> dict:
    """Figures with rule `name` switched off (None: every rule on)."""
    if name:
        _patches()[name]()
    ta.use_model(ta.neutral_model())
    qs = dt.questions("tune")
    with redirect_stdout(io.StringIO()):
        model, figs = ta.fit(ta.collect("tune"), qs, 0.05)
    return {"off": name or "-", "tune_oof": figs["all"], "heldout": heldout(model)}


def main() -> int:
    import subprocess

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rule", help="run one ablation in this process ('none': every rule on)")
    ap.add_argument("--only", nargs="*", help="rule names to ablate (default: all)")
    args = ap.parse_args()
    if args.rule:
        print(json.dumps(run(None if args.rule == "none" else args.rule)), flush=True)
        return 0
    for name in ["none", *(args.only or _patches())]:
        # one process per ablation: a patch is never undone
        out = subprocess.run([sys.executable, __file__, "--rule", name], capture_output=True, text=True)
        lines = out.stdout.strip().splitlines()
        print(lines[-1] if lines else f"{name}: failed: {out.stderr[-800:]}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
