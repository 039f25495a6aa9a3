"""How the checks on a generated claim treat verbatim quotes, without a model: which quotes
that do not answer the question would be shown as verified, and which true quotes would be
lost, under each rule a claim's quote may be held to.

    .venv/bin/python benchmarks/claim_bar.py [--split tune|heldout|all] [--shared] [--json]

For each question the LLM path would send to a model (answer.rank.gather does not refuse
it), the model's possible claims are simulated over the evidence set it would see
(answer.generate.evidence_set):

- a true claim: the question's expected quote (each of its `quote_parts`), where it stands
  verbatim in an evidence chunk: what a model that answers right would quote. One shorter
  than verify.verify_quote's minimum ("4702", "6.8 kg") is counted apart too: a model must
  quote more of its line, which the judge reads in the quote's sentence and row anyway;
- a wrong window: each candidate window of an evidence chunk that does not answer
  (devset_tools.window_answers; every window of a question whose answer is absent);
- a wrong sentence: each sentence (table row piece) of the chunk holding the expected
  quote and of the best chunk that does not answer: a model quoting the line beside the
  answer, which the candidate windows (one per chunk) leave out.

A compound question is asked part by part (answer.split), and the simulation does not know
which part each quote answers: a true quote counts as lost when no part keeps it.

Each claim's quote is scored on the windows a rule may judge it by (`windows`: the quote
alone, its sentences, the table row it stands in, one sentence more before or after and
that sentence alone) as generate.check_claims scores a claim (WindowScorer.judge), and
judged by each rule (`RULES`). Printed per rule: wrong windows and wrong sentences that
pass (would be shown as verified though they do not answer), true quotes that fail,
questions whose every true quote fails. `--shared` runs the shared eval (../shared/eval, a
TEST set: report only; its library is built once under benchmarks/devset/work/shared-corpus).
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Callable

import devset_tools as dt

from pincite.answer import extractive, rank
from pincite.answer.evidence import cited_bar
from pincite.answer.generate import claim_bar, claim_windows, evidence_set, quote_off_target, sentence_window
from pincite.answer.verify import REASON_TOO_SHORT, verify_quote

#: Shortest sentence simulated as a wrong quote, in characters: verify.verify_quote turns
#: shorter quotes down anyway unless they are a whole value.
MIN_WRONG_CHARS = 12


def windows(lib, g, hit, start: int, end: int) -> dict[str, dict]:
    """{name: score} of the windows a quote [start, end) of `hit` may be judged by: "span"
    (the quote), "sentence" (generate.sentence_window, cut at table rows), "sentence across
    rows" (the same not cut at them), "row" (the DOCX table row it stands in,
    generate.claim_windows), "prev"/"next" (its sentences and the one before / after),
    "prev_only"/"next_only" (that sentence alone). A score: p (WindowScorer.judge), off
    (generate.quote_off_target), typed (the question asks a typed value the window lacks),
    cov (coverage of the question's words)."""
    rows = rank.table_rows(lib, hit)
    spans, _ = extractive.record_spans(hit.text, hit.char_start, rows)
    rs, re_ = start - hit.char_start, end - hit.char_start
    idx = [i for i, (a, b) in enumerate(spans) if a < re_ and b > rs]
    c = hit.char_start
    named: dict[str, tuple[int, int]] = {"span": (start, end), "sentence": sentence_window(hit, start, end, rows),
                                         "sentence across rows": sentence_window(hit, start, end)}
    row = [w for w in claim_windows(hit, start, end, rows) if w not in ((start, end), named["sentence"])]
    if row:
        named["row"] = row[0]
    if idx:
        i, j = idx[0], idx[-1]
        if i > 0:
            named["prev"] = (c + spans[i - 1][0], c + max(spans[j][1], re_))
            named["prev_only"] = (c + spans[i - 1][0], c + spans[i - 1][1])
        if j + 1 < len(spans):
            named["next"] = (c + min(spans[i][0], rs), c + spans[j + 1][1])
            named["next_only"] = (c + spans[j + 1][0], c + spans[j + 1][1])
    out: dict[str, dict] = {}
    done: dict[tuple[int, int], dict] = {}
    for name, (s, e) in named.items():
        if (s, e) not in done:
            cand, f, p = g.scorer.judge(hit, s, e)
            best = g.cands[0] if g.cands else None
            done[(s, e)] = {"p": round(p, 5), "off": bool(quote_off_target(cand, g)),
                            # lacks the question's key word that the best evidence holds,
                            # whatever its document (evidence.on_target excuses the same one)
                            "key": bool(best is not None and best.key_missing == 0 and cand.key_missing > 0),
                            "typed": bool(f.type_asked and not f.type_match), "cov": round(cand.coverage, 4)}
        out[name] = done[(s, e)]
    return out


def _ok(w: dict | None, r: dict) -> bool:
    """Whether window score `w` reaches generate.claim_bar and is on target."""
    return w is not None and w["p"] >= claim_bar(r["refusal_bar"], r["best"]) and not w["off"]


def _context(r: dict, sides: tuple[str, ...], alone_fails: bool) -> list[dict]:
    """The windows of the quote with one more sentence on `sides`; with `alone_fails`, only
    where that sentence alone does not pass (else the quote rides on a neighbour that
    answers by itself)."""
    out = []
    for side in sides:
        w, alone = r["w"].get(side), r["w"].get(side + "_only")
        if w is not None and not (alone_fails and alone is not None and _ok(alone, r)):
            out.append(w)
    return out


def _own(r: dict) -> list[dict]:
    """The quote's own windows (generate.claim_windows): the quote, its sentences cut at
    table rows, and its table row."""
    return [r["w"]["span"], r["w"]["sentence"]] + ([r["w"]["row"]] if "row" in r["w"] else [])


def _rules() -> dict[str, Callable[[dict], bool]]:
    """{name: rule(record) -> passes}. "bar": the refusal bar alone; "claim-bar+target":
    the bar and KEEP_RELATIVE of the best window's probability (generate.claim_bar), and on
    target (generate.quote_off_target); "span" judges the quote alone, "sentence across
    rows" the better of the quote and its sentences as the sentence splitter cuts them
    (generate.ClaimJudge before table rows), "sentence" the same cut at table rows, "row"
    also the table row the quote stands in (generate.ClaimJudge); the others change
    one thing of "row": a looser or stricter share of the best window, the extractive
    path's log-odds margin under it as well (evidence.cited_bar), one more sentence
    before/after the quote, a typed value required, a share of the best window's coverage
    of the question's words required, a share of the best window of the quote's own chunk,
    the quote's window among the top k windows of the question, its chunk the best chunk,
    the question's key word required in the quote's own document as in another
    (evidence.on_target excuses its own document)."""
    def bar(r):
        return any(w["p"] >= r["refusal_bar"] for w in (r["w"]["span"], r["w"]["sentence across rows"]))

    def share(k: float):
        return lambda r: any(w["p"] >= max(r["refusal_bar"], k * r["best"]) and not w["off"] for w in _own(r))

    def context(sides, alone_fails):
        return lambda r: any(_ok(w, r) for w in _own(r) + _context(r, sides, alone_fails))

    def coverage(k: float):
        return lambda r: any(_ok(w, r) and w["cov"] >= k * r["best_cov"] for w in _own(r))

    def top(k: int):
        return lambda r: any(w["p"] >= r["top"][min(k, len(r["top"])) - 1] and w["p"] >= r["refusal_bar"]
                             for w in _own(r))

    def row(r):
        return any(_ok(w, r) for w in _own(r))

    return {
        "bar, sentence": bar,
        "claim-bar+target, span": lambda r: _ok(r["w"]["span"], r),
        "claim-bar+target, sentence across rows": lambda r: (_ok(r["w"]["span"], r)
                                                             or _ok(r["w"]["sentence across rows"], r)),
        "claim-bar+target, sentence": lambda r: _ok(r["w"]["span"], r) or _ok(r["w"]["sentence"], r),
        "claim-bar+target, row": row,
        "row, share 0.05": share(0.05),
        "row, log-odds margin (cited_bar)": lambda r: any(w["p"] >= cited_bar(r["refusal_bar"], r["best"])
                                                          and not w["off"] for w in _own(r)),
        "row, share 0.2": share(0.2),
        "row, share 0.3": share(0.3),
        "row +prev sentence": context(("prev",), False),
        "row +prev/next sentence": context(("prev", "next"), False),
        "row +prev/next where it alone fails": context(("prev", "next"), True),
        "row, typed": lambda r: any(_ok(w, r) and not w["typed"] for w in _own(r)),
        "row, coverage >= 0.25 best": coverage(0.25),
        "row, coverage >= 0.5 best": coverage(0.5),
        "row, 20% of its chunk's best window": lambda r: any(_ok(w, r) and w["p"] >= 0.2 * r["chunk_best"]
                                                             for w in _own(r)),
        "top-3 windows": top(3),
        "top-5 windows": top(5),
        "row or best chunk": lambda r: row(r) or r["best_chunk"],
        "row, key word in its own document too": lambda r: any(_ok(w, r) and not w.get("key") for w in _own(r)),
    }


RULES = _rules()


def spans(q: dict, g, lib) -> list[tuple[str, object, int, int]]:
    """(label "true"/"wrong"/"wrong sentence", hit, start, end) of the simulated claims of
    one question part."""
    ev = evidence_set(g)
    out = []
    true_chunks = {}
    if q.get("kind") != "refusal":
        for quote in q.get("quote_parts") or ([q["quote"]] if q.get("quote") else []):
            quote = quote.split(" … ")[0].strip()  # an elided quote: its first stretch
            for hit in ev.hits.values():
                if hit.file != Path(q["doc"]).name:
                    continue
                i = hit.text.find(quote)
                if i >= 0:
                    out.append(("true", hit, hit.char_start + i, hit.char_start + i + len(quote)))
                    true_chunks[hit.chunk_id] = hit
                    break
    seen = set()
    for c in g.cands:
        if c.hit.chunk_id not in ev.hits or id(c) in g.other_code:
            continue
        seen.add((c.hit.chunk_id, c.start, c.end))
        window = c.hit.text[c.start - c.hit.char_start:c.end - c.hit.char_start]
        if not dt.window_answers(q, c.hit.file, None if c.hit.address else c.hit.page, window):
            out.append(("wrong", c.hit, c.start, c.end))
    if g.cands and g.cands[0].hit.chunk_id in ev.hits:
        true_chunks.setdefault(g.cands[0].hit.chunk_id, g.cands[0].hit)
    for hit in true_chunks.values():
        for a, b in extractive.record_spans(hit.text, hit.char_start, rank.table_rows(lib, hit))[0]:
            start, end = hit.char_start + a, hit.char_start + b
            if ((hit.chunk_id, start, end) in seen or len(hit.text[a:b].strip()) < MIN_WRONG_CHARS
                    or dt.window_answers(q, hit.file, None if hit.address else hit.page, hit.text[a:b])):
                continue
            out.append(("wrong sentence", hit, start, end))
    return out


def run(lib, qs: list[dict]) -> list[dict]:
    """One record per simulated claim: its label, question, quote and window scores."""
    from pincite.answer.split import core_of, split_question

    records = []
    for q in qs:
        parts = split_question(q["question"])
        for part in parts:
            g = rank.gather(lib, part, None, core_of(part) if len(parts) > 1 else None)
            if g.refusal is not None or g.scorer is None:
                continue
            top = sorted((g.probability[id(c)] for c in g.scored), reverse=True)[:10] or [0.0]
            best_chunk = g.cands[0].hit.chunk_id if g.cands else None
            chunk_best = {c.hit.chunk_id: g.probability[id(c)] for c in g.cands}  # cands: best first
            for label, hit, start, end in spans(q, g, lib):
                records.append({"id": q["id"], "lang": q["lang"], "kind": q.get("kind"), "label": label,
                                "best": g.rel.score, "refusal_bar": g.rel.threshold, "top": top,
                                "best_cov": g.cands[0].coverage if g.cands else 0.0,
                                "best_chunk": hit.chunk_id == best_chunk,
                                "chunk_best": chunk_best.get(hit.chunk_id, 0.0),
                                "quote": hit.text[start - hit.char_start:end - hit.char_start][:160],
                                "short": verify_quote(hit.text[start - hit.char_start:end - hit.char_start],
                                                      None, lang=q.get("lang")).reason == REASON_TOO_SHORT,
                                "w": windows(lib, g, hit, start, end)})
    return records


def figures(records: list[dict]) -> dict[str, dict]:
    """{rule: figures} over the simulated claims."""
    out = {}
    for name, rule in RULES.items():
        wrong = [r for r in records if r["label"] == "wrong"]
        sent = [r for r in records if r["label"] == "wrong sentence"]
        true: dict[tuple[str, str], bool] = {}
        for r in records:
            if r["label"] == "true":  # a compound question's quote is kept when some part keeps it
                true[(r["id"], r["quote"])] = true.get((r["id"], r["quote"]), False) or rule(r)
        by_q = defaultdict(list)
        for (qid, _), kept in true.items():
            by_q[qid].append(kept)
        out[name] = {"wrong windows": len(wrong), "wrong windows passing": sum(map(rule, wrong)),
                     "questions with a wrong window passing": len({r["id"] for r in wrong if rule(r)}),
                     "wrong sentences": len(sent), "wrong sentences passing": sum(map(rule, sent)),
                     "true quotes": len(true), "true failing": sum(not v for v in true.values()),
                     "true quotes under the verbatim check's minimum": len({(r["id"], r["quote"]) for r in records
                                                                            if r["label"] == "true" and r["short"]}),
                     "questions losing every true quote": sum(not any(v) for v in by_q.values()),
                     "questions with a true quote": len(by_q)}
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--split", default="tune", choices=("heldout", "tune", "all"))
    ap.add_argument("--shared", action="store_true", help="the shared eval instead (report only)")
    ap.add_argument("--corpus", type=Path, default=dt.HERE.parent.parent / "shared" / "corpus")
    ap.add_argument("--work", type=Path, help="the folder of the libraries (default benchmarks/devset/work; "
                                              "a copy lets this run beside a bench that holds them open)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--out", type=Path, help="write one record per simulated claim (JSON lines)")
    args = ap.parse_args()
    if args.work:
        dt.WORK = args.work
    records: list[dict] = []
    if args.shared:
        qs = [json.loads(x) for x in (args.corpus.parent / "eval" / "questions.jsonl").read_text().splitlines()
              if x.strip()]
        with dt.shared_library(args.corpus, dt.WORK / "shared-corpus") as lib:
            records = run(lib, qs)
    else:
        by_lib = defaultdict(list)
        for q in dt.questions(None if args.split == "all" else args.split):
            by_lib[q["library"]].append(q)
        for name, qs in sorted(by_lib.items()):
            with dt.open_library(name) as lib:
                records += run(lib, qs)
    if args.out:
        args.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    totals = figures(records)
    if args.json:
        print(json.dumps(totals, indent=1, ensure_ascii=False))
        return 0
    print(f"claim rules on {'the shared eval' if args.shared else 'split ' + args.split}")
    keys = list(next(iter(totals.values())).keys())
    print(" | ".join(["rule"] + keys))
    for rule, row in totals.items():
        print(" | ".join([rule] + [str(row[k]) for k in keys]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
