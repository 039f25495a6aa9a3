"""Claims: the extractive Answer written from ranked evidence (answer.rank.Gathered).

The candidates kept (the best, and those near it and on the same target) become claims, each
a verbatim quote of its page checked against the page text (answer.verify), with a citation
whose page and label come from the index record (answer.cite). Before that, a question
whose evidence stands in twins the scope does not separate, or a vague one, is asked back.
Must not import cli/ or web/.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING

from pincite.chunk.model import section_of
from pincite.contract import Answer, Claim, Clarification
from pincite.text import analysis

from . import extractive, features
from .calculate import calculation_line, conversion_for, unit_warning
from .cite import SECTION_SEP, citation_for
from .evidence import (
    further_bar,
    on_target,
)
from .messages import message
from .rank import Gathered, threshold
from .retrieve import LibraryLike
from .scope import clarification, twins
from .verify import verify_quote

if TYPE_CHECKING:
    from .table_verify import HeaderMatcher

#: Claims returned at most (the ranked citation list that hit@5 is computed over).
MAX_CLAIMS = 5


def kept(lib: LibraryLike, g: Gathered) -> list[extractive.Candidate]:
    """The candidates an extractive answer would cite: the best, and those whose probability
    of answering reaches the bar and KEEP_RELATIVE of the best one's."""
    best = g.cands[0]
    p = g.probability
    bar = further_bar(threshold(lib), p.get(id(best), 0.0))
    return [best] + [c for c in g.cands[1:]
                     if p.get(id(c), 0.0) >= bar
                     and id(c) not in g.other_code
                     and on_target(c, best, g.groups)]


#: A question whose only content word is at least this common in general language (wordfreq's
#: Zipf scale: log10 of occurrences per billion words; 4.5 is about the 5,000 most common
#: words of a language, such as "срок", "price", "size", "时间") names no subject.
VAGUE_ZIPF = 4.5


#: Places (document and section) a vague question is asked back about at most.
VAGUE_OPTIONS = 5


def clarify_vague(lib: LibraryLike, g: Gathered) -> Answer | None:
    """A needs_clarification Answer for a vague question: one content word, a common one
    (VAGUE_ZIPF), whose evidence that passes the bar stands in more than one document, or
    in more than one section of one ("Какой срок?" over a manual with a warranty term and a
    service interval). The question back names the places; None otherwise."""
    if len(g.groups) != 1:
        return None
    group = g.groups[0]
    lang = analysis.detect_language(group[0])
    word = next((w.strip(".,;:!?«»\"'()？，。") for w in g.question.split()
                 if set(analysis.tokens(w)) & set(group)), group[0])
    if features._zipf(word.lower() if lang != "zh" else group[0], lang) < VAGUE_ZIPF:
        return None
    places: dict[tuple[str, str], str] = {}
    for c in kept(lib, g):
        name = c.hit.file or c.hit.doc_id
        section = c.hit.section_title or ""
        where = f"\u00a7{section}" if section else f"p. {c.hit.page}" if not c.hit.address and c.hit.page else ""
        places.setdefault((c.hit.doc_id, section), f"{name} {where}".strip())
    if len(places) < 2:
        return None
    options = list(places.values())[:VAGUE_OPTIONS]
    text = message("clarify_vague", g.lang).format(word=word, options="; ".join(options))
    clar = Clarification(question=text, options=options)
    return Answer(question=g.question, status="needs_clarification", language=g.lang, scope=g.scope,
                  answer=text, clarification=clar, timings=g.timings, relevance=g.rel)


def clarify_twins(lib: LibraryLike, g: Gathered) -> Answer | None:
    """A needs_clarification Answer (the question back and its choices, no number) when the
    evidence to cite comes from twins the scope does not separate and they do not say the
    same (`twins_agree`); None otherwise, when the answer, citing each twin, holds for all."""
    cited = kept(lib, g)[:MAX_CLAIMS]
    found = twins([c.hit for c in cited], g.flt)
    if found is None or twins_agree(cited, found[1]):
        return None
    clar = clarification(lib, found, g.flt, g.lang)
    return Answer(question=g.question, status="needs_clarification", language=g.lang, scope=g.scope,
                  answer=clar.question, clarification=clar, timings=g.timings, relevance=g.rel)


def twins_agree(cited: list[extractive.Candidate], group: list) -> bool:
    """Whether the twin documents of `group` (hits, one per document) say the same: the best
    window each of them has among the candidates to cite (`cited`, best first) is one text,
    whitespace and case aside. Two revisions that left the asked passage unchanged need no
    question back; where a twin has no window to cite, or the windows differ, they do."""
    from .normalize import normalize

    docs = {h.doc_id for h in group}
    best: dict[str, str] = {}
    for c in cited:
        if c.hit.doc_id in docs:
            best.setdefault(c.hit.doc_id, normalize(features.window_text(c)).text.casefold())
    return len(best) == len(docs) and len(set(best.values())) == 1


def extractive_answer(lib: LibraryLike, g: Gathered) -> Answer:
    t1 = time.perf_counter()
    rel = g.rel
    claims = _distinct_claims(lib, kept(lib, g), g.terms, g.scorer.soft if g.scorer is not None else None)
    timings = dict(g.timings, answer=time.perf_counter() - t1)
    verified = [c for c in claims if c.verified]
    if not verified:
        return Answer(question=g.question, status="not_confirmed", language=g.lang, scope=g.scope,
                      answer=message("not_confirmed", g.lang), claims=claims, timings=timings)
    text = "\n".join(f"[{i}] {c.text}" for i, c in enumerate(verified, 1))
    conversion = conversion_for(g.question, g.lang, verified)
    if conversion is not None:
        text += "\n" + calculation_line(conversion, g.lang)
    warnings = []
    unit = unit_warning(g.question, g.lang, [cit.quote for c in verified for cit in c.citations if cit.verified])
    if unit is not None:
        warnings.append(unit)
    return Answer(question=g.question, status="answered", language=g.lang, scope=g.scope,
                  answer=text, claims=claims, timings=timings, relevance=rel, calculation=conversion,
                  warnings=warnings)


def _distinct_claims(lib: LibraryLike, keep: list[extractive.Candidate], terms: list[str],
                     soft: HeaderMatcher | None = None) -> list[Claim]:
    """Claims of the kept candidates in order (`claim_of`; `soft` as there), at most
    MAX_CLAIMS, leaving out a claim whose quote repeats one already kept from the same page
    (equal, or contained in it after normalisation): a page chunk, a bridge chunk and a
    table chunk can hold one sentence."""
    from .normalize import normalize

    claims: list[Claim] = []
    seen: list[tuple[str, int | None, str]] = []
    for cand in keep:
        if len(claims) == MAX_CLAIMS:
            break
        claim = claim_of(lib, cand, terms, soft)
        cit = claim.citations[0] if claim.citations else None
        if cit is not None and cit.verified:
            key = (cit.doc_id, cit.page, normalize(cit.quote).text)
            if any(d == key[0] and p == key[1] and (key[2] in q or q in key[2]) for d, p, q in seen):
                continue
            seen.append(key)
        claims.append(claim)
    return claims


def claim_of(lib: LibraryLike, cand: extractive.Candidate, terms: list[str],
             soft: HeaderMatcher | None = None) -> Claim:
    """The claim of one candidate: its quote (cut around `terms`, the question's index
    forms) verified against its page, with its citation; a table row's claim reads as its
    verified (row, column, value) triple, a spreadsheet row's as its asked cell
    (table_verify.sheet_cell_claim, which `soft`, the question's word matcher, lets find the
    asked column across languages; None: by shared words only)."""
    hit = cand.hit
    # a bridge chunk (a sentence across a page break) is its own source: cand indexes its text
    page_text = hit.text if hit.parts else lib.page_text(hit.doc_id, hit.page)
    start, end = extractive.quote_span(page_text, cand.start, cand.end, terms)
    quote = extractive.clean_quote(page_text[start:end])
    model = None if hit.parts else lib.model(hit.doc_id)  # a bridge is its own source
    # a short quote verifies as one whole table row of its page (verify.verify_quote's records)
    check = verify_quote(quote, page_text, records=model.record_spans(hit.page) if model is not None else ())
    unit = None if model is None else model.page(hit.page)
    cit = citation_for(hit, quote, page=unit if hit.address else None, span=(start, end),
                       verified=check.verified, reason=check.reason, match=check.level,
                       score=round(cand.coverage, 4))
    if unit is not None and unit.sections:
        # the section the quote stands in, not the one holding most of its chunk: a chunk
        # may run from the end of one section into the heading of the next
        path = section_of(unit.sections, start, end)
        if path:
            cit.section = SECTION_SEP.join(path)
    text = quote
    if hit.kind == "table-row" and check.verified:
        # a table row reads as "row header / column header: value", shown only when that
        # triple verifies against the stored table (answer.table_verify)
        from .table_verify import claim_for_span

        triple = claim_for_span(lib.model(hit.doc_id), hit.page, start, end, terms)
        if triple is not None and _shows(quote, triple.row_header) and _shows(quote, triple.value):
            text = triple.text  # the quote itself shows the row and the value
    elif check.verified and extractive.is_sheet(hit):
        # a spreadsheet row reads as "row name / asked column: value", all as the quote writes it
        from .table_verify import sheet_cell_claim

        text = sheet_cell_claim(quote, terms, soft) or text
    return Claim(text=text, verified=check.verified, reason=check.reason, citations=[cit])


def _shows(quote: str, part: str) -> bool:
    """Whether `part` (a table row header or cell value) stands in `quote`, compared as
    normalised text (answer.normalize, the rule quotes are verified by)."""
    from .normalize import normalize

    part_n = normalize(part).text
    return bool(part_n) and part_n in normalize(quote).text
