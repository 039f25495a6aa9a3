"""Evaluation against a questions file in the ../shared/eval format.

Each question is asked of the whole library (no per-document hint). A citation hits when
its file name equals the expected document's file name and its physical page is one of
the expected pages. Refusal questions (answer null) count as right when refused.
"""
from __future__ import annotations

import json
import statistics
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable

from .answer_model import Answer


@dataclass
class EvalRecord:
    """One question's outcome; `citations` in rank order as (file, page, verified)."""

    id: str
    lang: str
    kind: str
    question: str
    expected_doc: str
    expected_answer: str | None
    expected_pages: list[int]
    status: str
    answer: str
    citations: list[dict]
    hit1: bool
    hit5: bool
    seconds: float


@dataclass
class EvalSummary:
    """Figures per language and overall ("all")."""

    rows: dict[str, dict] = field(default_factory=dict)
    query_p50: float = 0.0
    query_p95: float = 0.0


def load_questions(path: Path) -> list[dict]:
    """Questions, one JSON object per line (blank lines skipped); ValueError names the line."""
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError as e:
                raise ValueError(f"{path}:{n}: not JSON ({e.msg})") from None
    return out


def score(q: dict, ans: Answer, seconds: float) -> EvalRecord:
    """Compare one Answer with its question's expectations."""
    doc = Path(q["doc"]).name
    pages = set(q.get("pages") or [])
    cits = [{"file": c.file, "page": c.page, "page_label": c.page_label, "verified": c.verified,
             "quote": c.quote} for c in ans.citations()]
    hits = [c["file"] == doc and c["page"] in pages for c in cits]
    refusal = q.get("kind") == "refusal" or q.get("answer") is None
    return EvalRecord(
        id=q["id"], lang=q.get("lang", ""), kind=q.get("kind", ""), question=q["question"],
        expected_doc=doc, expected_answer=q.get("answer"), expected_pages=sorted(pages),
        status=ans.status, answer=ans.answer, citations=cits,
        hit1=not refusal and bool(hits[:1]) and hits[0],
        hit5=not refusal and any(hits[:5]), seconds=round(seconds, 4))


def summarise(records: list[EvalRecord]) -> EvalSummary:
    """hit@1, hit@5 (answerable questions), refusal accuracy, false refusals, verified rate."""
    s = EvalSummary()
    groups: dict[str, list[EvalRecord]] = {"all": records}
    for r in records:
        groups.setdefault(r.lang, []).append(r)
    for name, rs in groups.items():
        ans = [r for r in rs if r.expected_answer is not None and r.kind != "refusal"]
        neg = [r for r in rs if r not in ans]
        cits = [c for r in rs for c in r.citations]
        s.rows[name] = {
            "questions": len(rs), "answerable": len(ans), "refusals": len(neg),
            "hit@1": _ratio(sum(r.hit1 for r in ans), len(ans)),
            "hit@5": _ratio(sum(r.hit5 for r in ans), len(ans)),
            "refusal_accuracy": _ratio(sum(r.status == "refused" for r in neg), len(neg)),
            "false_refusals": _ratio(sum(r.status == "refused" for r in ans), len(ans)),
            "verified_quotes": _ratio(sum(c["verified"] for c in cits), len(cits)),
        }
    secs = sorted(r.seconds for r in records)
    if secs:
        s.query_p50 = statistics.median(secs)
        s.query_p95 = secs[min(len(secs) - 1, int(round(0.95 * (len(secs) - 1))))]
    return s


def run_eval(questions: list[dict], ask: Callable[[str], Answer],
             on_record: Callable[[EvalRecord], None] | None = None) -> list[EvalRecord]:
    """Ask every question through `ask` and score it."""
    records = []
    for q in questions:
        t0 = time.perf_counter()
        ans = ask(q["question"])
        rec = score(q, ans, time.perf_counter() - t0)
        records.append(rec)
        if on_record:
            on_record(rec)
    return records


def write_records(path: Path, records: list[EvalRecord]) -> None:
    path.write_text("".join(json.dumps(asdict(r), ensure_ascii=False) + "\n" for r in records),
                    encoding="utf-8")


def _ratio(n: int, d: int) -> float | None:
    return round(n / d, 3) if d else None
