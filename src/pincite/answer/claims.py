"""Claims: the extractive Answer written from ranked evidence (answer.rank.Gathered).

The candidates kept (the best, and those near it and on the same target) become claims, each
a verbatim quote of its page checked against the page text (answer.verify), with a citation
whose page and label come from the index record (answer.cite). Before that, a question
whose evidence stands in twins the scope does not separate is asked back (a vague one:
answer.clarify). A first claim reading a table cell marked empty ("—", "н/д") is no answer:
the question is refused, saying so (table_verify.no_value).
Must not import cli/ or web/.

Size: just over 600 lines as the one place where ranked windows become the claims a person
reads (quotes, table cells, twins' editions, a superlative's compared rows), all through one
claim constructor, `claim_of`.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, cast

from pincite.chunk.model import section_of
from pincite.contract import Answer, Citation, Claim
from pincite.index.base import Hit
from pincite.store.fields import field_key
from pincite.text import analysis, lazyre
from pincite.text.cjk import is_cjk

from . import asked_type, extractive, features, soft, supersede, table_verify
from .calculate import calculation_line, conversion_for, joined_pieces, sum_asked, unit_warning
from .cite import SECTION_SEP, citation_for
from .comparison import Comparison, comparison_for, states_comparison, sum_for
from .evidence import (
    cited_bar,
    computed_names,
    on_target,
    other_named_row,
    sibling_row,
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
#: Documents cited at most for one claim that several copies of a text state word for word
#: (`_same_claim_elsewhere`): enough to show it is in more than one file.
MAX_SOURCES = 3


def kept(lib: LibraryLike, g: Gathered) -> list[extractive.Candidate]:
    """The candidates an extractive answer would cite: the best, and those on its target
    whose probability of answering reaches evidence.cited_bar (the refusal bar, a share of
    the best one's probability, and a margin in log-odds under it)."""
    best = g.cands[0]
    p = g.probability
    bar = cited_bar(threshold(lib), p.get(id(best), 0.0))
    # a row of the best row's table that holds as much of the question is a record the
    # question asks for as much ("Who works in Bristol?": each Bristol row): the refusal bar
    # decided that the question is answered; such rows are held to the relative bars only
    sibling_bar = cited_bar(0.0, p.get(id(best), 0.0))
    # a question computing over rows ("Сколько стоят вместе пена и клей?") names each row it
    # computes with: a row of the best row's table naming what the best row does not is
    # the other record, held to the relative bars too
    named = computed_names(g.question, g.groups)
    out = [best] + [c for c in g.cands[1:]
                    if (p.get(id(c), 0.0) >= bar or (p.get(id(c), 0.0) >= sibling_bar and (
                        sibling_row(c, best) or other_named_row(c, best, named))))
                    and id(c) not in g.other_code
                    and (on_target(c, best, g.groups, g.question) or other_named_row(c, best, named))]
    # a table's header row names columns and states nothing: never cited beside evidence
    # that does (alone, it is what was found, and stays)
    facts = [c for c in out if not header_row(lib, c)]
    return facts or out


def header_row(lib: LibraryLike, cand: extractive.Candidate) -> bool:
    """Whether a window is the header row of a table, which names columns and states no fact
    to cite beside an answer: a spreadsheet row of labels only ("Staff!A1:D1 | Name;
    Department; Start date"), a slide table's line of its column labels, or a DOCX or PDF
    table's row span without cells whose text is the next row's column headers (a converted
    DOCX's split "Продолжительн ость" too)."""
    text = features.window_text(cand)
    head = table_verify.sheet_head(text)
    if head is not None:
        body = text.split(" | ", 1)[1] if " | " in text else ""
        return ";" in body and not any(": " in cell for cell in body.split("; "))  # labels only
    if cand.hit.address is not None and cand.hit.address.kind == "slide":
        # a slide's table writes its header row as its labels alone ("Stop; First bus; …"),
        # and every other row as "Header: value; …" pairs under those labels
        from .extreme import record_lines

        cells = [" ".join(c.split()) for c in text.strip().split("; ")]
        if len(cells) < 2 or any(": " in c for c in cells):
            return False
        page = lib.page_text(cand.hit.doc_id, cand.hit.page)
        return any([" ".join(h.split()) for h, _ in pairs] == cells for _, _, pairs in record_lines(page))
    if cand.hit.parts or not cand.record:
        return False  # not one table row's window: no document model to read
    try:
        model = lib.model(cand.hit.doc_id)
    except Exception:  # a model the library no longer has: nothing to tell
        return False
    spans = model.row_spans(cand.hit.page)
    for i, (a, b) in enumerate(spans):
        if a <= cand.start and cand.end <= b and i + 1 < len(spans):
            if model.row_cells(cand.hit.page, a, b):
                return False
            headers = model.row_headers(cand.hit.page, *spans[i + 1])
            plain = "".join(text.split())
            return bool(headers) and plain == "".join("".join(headers).split())
    return False


def _same_text_key(c: extractive.Candidate) -> tuple[str, str]:
    """(document, window text with whitespace runs as one space): the same text in one
    document; twins (two documents) saying the same are each cited, as the answer holds for
    both."""
    return c.hit.doc_id, " ".join(features.window_text(c).split())


def clarify_twins(lib: LibraryLike, g: Gathered) -> Answer | None:
    """A needs_clarification Answer (the question back and its choices, no number) when the
    evidence to cite comes from twins the scope does not separate (`twin_windows`) and they
    do not say the same (`twins_agree`); None otherwise, when the answer, citing each twin
    (`with_twins`), holds for all."""
    found = twin_windows(g, kept(lib, g)[:MAX_CLAIMS])
    if found is None or twins_agree(g, found[1]):
        return None
    clar = clarification(lib, found[0], g.flt, g.lang)
    return Answer(question=g.question, status="needs_clarification", language=g.lang, scope=g.scope,
                  answer=clar.question, clarification=clar, timings=g.timings, relevance=g.rel)


def twin_windows(g: Gathered, cited: list[extractive.Candidate]
                 ) -> tuple[tuple[str, list, str], dict[str, extractive.Candidate]] | None:
    """The twins of the evidence to cite (`cited`, best first) and the window each twin
    answers with: (scope.twins' (model, hits, kind), {doc_id: its first window among
    `cited`, or else its best retrieved window}), or None when the cited evidence has no
    twin the scope does not separate. Only that window is compared (`twins_agree`): the
    further passages an answer cites are context, and two editions reword context freely.

    A twin counts whether or not its own passage made the citations: two editions are
    compared by what each of them says, and an edition whose passage ranked under the bar
    (a value changed, a sentence left untranslated) says something else, not nothing. So
    every retrieved candidate of a document of a cited model is looked at (`g.cands`, best
    first), except evidence judged to be about another model, edition or document than the
    question names (`g.other_code`), which the question itself has ruled out; and when the
    question names one of the twins' revisions as an edition ("REVTeX 4.1",
    analysis.editions), the other revisions are ruled out with it."""
    models = {field_key(c.hit.model) for c in cited if c.hit.model}
    if not models:
        return None
    pool = [c for c in g.cands if id(c) not in g.other_code and c.hit.model and field_key(c.hit.model) in models]
    found = twins([c.hit for c in list(cited) + pool], g.flt)
    if found is None:
        return None
    # a question naming one of the revisions ("REVTeX 4.1", "revision B"; not "Lift B") chose it
    named = {field_key(e.version) for e in (g.scorer.editions if g.scorer is not None else ())
             if e.name == analysis.REVISION_NAME or len(e.version) > 1}
    chosen = [h for h in found[1] if found[2] == "revision" and field_key(h.revision or "") in named]
    if chosen:
        if len(chosen) < 2:
            return None
        found = (found[0], chosen, found[2])
    docs = {h.doc_id for h in found[1]}
    windows: dict[str, extractive.Candidate] = {}
    for c in list(cited) + pool:  # best first: the window each twin answers with
        if c.hit.doc_id in docs:
            windows.setdefault(c.hit.doc_id, c)
    return found, windows


#: A number as a value is written ("40", "7.5", "1,5"), not a digit inside a word or a
#: name ("amd64", "i386", "iso-bd2").
_VALUE = lazyre.compile(r"(?<![A-Za-zА-Яа-яЁё0-9.,_/-])\d+(?:[.,]\d+)*")


def twins_agree(g: Gathered, windows: dict[str, extractive.Candidate]) -> bool:
    """Whether twin documents say the same on the question: `windows` maps each twin to the
    window it answers with (`twin_windows`). Each sentence of a twin's window that does
    not stand in every other twin too (its retrieved passages, compared without whitespace
    and case) is a difference; a difference is about what is asked when it holds a question
    word (extractive.texts_coverage > 0). The twins agree when every such difference states
    nothing the other twins' windows do not: its numbers all stand in them, or, for a
    sentence without a number, all its words. So two editions whose lists share the asked
    line ("LTSP 服务器：40 GiB。") agree though a neighbouring line was reworded or
    translated with its value kept, while a value changed ("5 GB" against "7.5 GB"), or a
    sentence one edition lacks, is asked back. Identical windows always agree."""
    if len({_plain(features.window_text(c)) for c in windows.values()}) == 1:
        return True
    if g.scorer is None:
        return False
    texts: dict[str, set[str]] = {d: set() for d in windows}
    for c in list(g.scored) + list(windows.values()):
        if c.hit.doc_id in texts:
            texts[c.hit.doc_id].add(c.hit.text)
    plain = {d: "\n".join(_plain(t) for t in ts) for d, ts in texts.items()}
    said = {d: features.window_text(c) for d, c in windows.items()}
    values = {d: {_number(v) for v in _VALUE.findall(t)} for d, t in said.items()}
    words = {d: extractive.text_tokens(t) for d, t in said.items()}
    for d, c in windows.items():
        others = [e for e in windows if e != d]
        window = said[d]
        for a, b in extractive.sentence_spans(window):
            sentence = window[a:b]
            if all(_plain(sentence) in plain[e] for e in others):
                continue  # the same sentence stands in every twin
            if extractive.texts_coverage(c.hit, [sentence], g.scorer.weights, g.scorer.marks) == 0:
                continue  # a difference, but not about what is asked
            stated = {_number(v) for v in _VALUE.findall(sentence)}
            if stated:
                if not all(stated <= values[e] for e in others):
                    return False
            elif not all(extractive.text_tokens(sentence) <= words[e] for e in others):
                return False
    return True


def _number(text: str) -> str:
    """A written number as compared between twins: "1,5" and "1.5" alike."""
    return text.replace(",", ".")


def with_twins(lib: LibraryLike, g: Gathered, cands: list[extractive.Candidate]) -> list[extractive.Candidate]:
    """`cands` (the candidates to cite, best first) with the window of each twin that agrees
    with them (`twin_windows`, `twins_agree`) and has none among them, when its probability
    of answering reaches the refusal bar (rank.threshold: a passage under it is never shown
    as an answer), put right after the first candidate of its model, so an answer that
    holds for every edition cites each (within MAX_CLAIMS); `cands` unchanged where there
    are no twins."""
    found = twin_windows(g, cands[:MAX_CLAIMS])
    if found is None:
        return cands
    present = {c.hit.doc_id for c in cands}
    bar = threshold(lib)
    missing = [c for d, c in found[1].items() if d not in present and g.probability.get(id(c), 0.0) >= bar]
    if not missing:
        return cands
    model = field_key(found[0][0])
    at = next(i for i, c in enumerate(cands) if c.hit.model and field_key(c.hit.model) == model) + 1
    return cands[:at] + missing + cands[at:]


def _plain(text: str) -> str:
    """`text` normalised (answer.normalize), without whitespace, case-folded: how twins'
    sentences are compared (a line break or a space beside CJK differs between editions)."""
    from .normalize import normalize

    return "".join(normalize(text).text.split()).casefold()


def extractive_answer(lib: LibraryLike, g: Gathered) -> Answer:
    t1 = time.perf_counter()
    rel = g.rel
    claims = _distinct_claims(lib, with_twins(lib, g, kept(lib, g)), g.terms, _soft(g), g.question)
    extreme_line = None
    found = extreme_claims(lib, g, claims)
    if found is None and (table := _table_extreme(lib, g)) is not None:
        # the claims cite no table row that compares, but a table found holds what the
        # superlative asks: the comparison is the answer, as in extreme_claims
        found = table
    if found is not None:
        extreme_line, claims = found[0], found[1][:MAX_CLAIMS]
    timings = dict(g.timings, answer=time.perf_counter() - t1)
    verified = [c for c in claims if c.verified]
    if not verified:
        return Answer(question=g.question, status="not_confirmed", language=g.lang, scope=g.scope,
                      answer=message("not_confirmed", g.lang), claims=claims, timings=timings)
    empty = table_verify.no_value(verified[0].text) if found is None and _table_claim(verified[0]) else None
    if empty is not None:
        # the row asked of marks the asked cell empty ("—", "н/д"): the table says it has no
        # such value (a service not offered for that variant), which answers nothing
        row, column, value = empty
        cit = verified[0].citations[0]
        why = message("why_no_value", g.lang).format(row=row, column=column, value=value,
                                                     file=cit.file or cit.doc_id)
        return Answer(question=g.question, status="refused", language=g.lang, scope=g.scope, refusal="not_found",
                      answer=message("not_found", g.lang), timings=timings, warnings=[why], relevance=rel)
    text = "\n".join(f"[{i}] {c.text}" for i, c in enumerate(verified, 1))
    # the faces show the notes: which value was compared over how many rows, what is amended
    warnings = [extreme_line] if extreme_line is not None else []
    warnings += supersede.amended_notes(claims, g.amendments, g.lang)
    if found is None and sum(map(_table_claim, verified)) >= 2 and not sum_asked(g.question):
        from .extreme import superlative

        if superlative(g.question) is not None:
            # a superlative asked of rows that were not compared: they stand in the order found
            warnings.append(message("extreme_not_compared", g.lang))
    # a comparison asked ("на сколько … больше, чем …") is computed from one bound value per
    # compared thing, or the answer says why it was not; else a unit asked is converted to
    # (rows and columns read as the tables name them: Gathered.read_as)
    compared = (comparison_for(lib, g.question, g.lang, verified)
                or sum_for(lib, g.question, g.lang, verified, dated=g.read_as or None))
    if compared is None and found is None and sum_asked(g.question):
        # a sum whose things the evidence cited does not all name: each thing's own row
        by_item = _with_item_rows(lib, g)
        if by_item is not None:
            claims, verified, compared = by_item
            text = "\n".join(f"[{i}] {c.text}" for i, c in enumerate(verified, 1))
    if compared is not None:
        conversion = compared.calculation
        if conversion is not None:
            text += f"\n{conversion.formula} " + calculation_line(conversion, g.lang)
        elif compared.note and not states_comparison(g.question, verified):
            warnings.append(compared.note)
    elif (conversion := conversion_for(g.question, g.lang, verified)) is not None:
        text += "\n" + calculation_line(conversion, g.lang)
    unit = unit_warning(g.question, g.lang, [cit.quote for c in verified for cit in c.citations if cit.verified])
    if unit is not None:
        warnings.append(unit)
    return Answer(question=g.question, status="answered", language=g.lang, scope=g.scope,
                  answer=text, claims=claims, timings=timings, relevance=rel, calculation=conversion,
                  warnings=warnings)


#: How likely (a share of the first's probability) another window may be for a sum's
#: joined piece still to name its first row alone (`_with_item_rows`): the share at which
#: a refusal names the rows found beside the likeliest (rank.gather's other variants).
ITEM_MARGIN = 0.5


def _with_item_rows(lib: LibraryLike, g: Gathered) -> "tuple[list[Claim], list[Claim], Comparison] | None":
    """(claims, verified claims, the sum) of a sum asked of joined things ("What would a
    stove sweep plus a smoke test cost together?") whose cited rows name only some of them,
    when each thing's own likeliest row computes it (comparison.sum_for): the question is
    gathered again once per joined piece (calculate.joined_pieces), ranked by that piece's
    words (rank.gather's coverage_text; retrieval still by the whole question), and the
    first window kept of each piece that is a table row and is not cited yet is cited right
    after the first claim. The things of a sum may stand in different tables (a slide of
    sweeping prices, a slide of extras), which one ranking by the whole question reads as
    one thing found and another less likely. None when the question joins no pieces, a
    piece finds no such row, or the rows found compute no sum."""
    from .rank import gather

    pieces = joined_pieces(g.question)
    if not pieces or not g.cands:
        return None
    first = kept(lib, g)
    cited = {(c.hit.chunk_id, c.start) for c in first}
    extra: list[extractive.Candidate] = []
    for piece in pieces:
        found = gather(lib, g.question, g.flt, coverage_text=piece)
        if found.refusal is not None or not found.cands or id(found.cands[0]) in found.other_code:
            return None
        row, p = found.cands[0], found.probability
        if not features.is_table_window(row):
            return None
        # the piece's row must stand out: another window at least ITEM_MARGIN as likely
        # ("Intro session" and "Arrows hire" for "комплекта стрел на одну сессию") leaves
        # which thing the piece names unsure, and a sum of the wrong row is a wrong number
        if any(p.get(id(c), 0.0) >= ITEM_MARGIN * p.get(id(row), 0.0)
               for c in found.cands[1:] if id(c) not in found.other_code):
            return None
        if (row.hit.chunk_id, row.start) not in cited:
            cited.add((row.hit.chunk_id, row.start))
            extra.append(row)
    if not extra:
        return None
    # the rows with the rest cited, else the rows alone (a sentence beside them may name a
    # thing summed too, which the sum then cannot tell from its row)
    for keep in (first[:1] + extra + first[1:], first[:1] + extra):
        more = _distinct_claims(lib, keep, g.terms, _soft(g), g.question)
        verified = [c for c in more if c.verified]
        total = sum_for(lib, g.question, g.lang, verified, dated=g.read_as or None)
        if total is not None:
            return more, verified, total
    return None


def extreme_claims(lib: LibraryLike, g: Gathered, claims: list[Claim]) -> tuple[str, list[Claim]] | None:
    """For a question asking by a superlative which row holds the least or greatest value
    (answer.extreme), the claims with the rows that hold it first, found by comparing every
    row of the table the first verified table citation stands in (a spreadsheet's sheet; a
    DOCX or ruled PDF table's rows with the same headers on its page and the pages beside
    it), and a line saying what was compared (messages "extreme_min"/"extreme_max"); None
    when the question asks no such thing, no verified claim cites a table row, or a row's
    own chunk is not found (a quote is cited only from the chunk that holds it)."""
    from pincite.contract import PdfAddress, SheetAddress

    from .extreme import extreme_of, extreme_row, record_lines, superlative
    from .table_verify import sheet_head

    if superlative(g.question) is None:
        return None
    for claim in claims:
        cit = next((c for c in claim.citations if c.verified), None) if claim.verified else None
        if cit is None or cit.unit is None:
            continue
        page_text = lib.page_text(cit.doc_id, cit.unit)
        spans: list[tuple[int, int, int]] = []  # (1-based unit, start, end) of each extreme row
        if isinstance(cit.address, SheetAddress):
            head = sheet_head(cit.quote)
            found = extreme_row(g.question, page_text, head, _soft(g)) if head is not None else None
            if found is None:
                return None
            for row in found.rows:
                at = page_text.find(cast(str, row))
                spans.append((cit.unit, at, at + len(cast(str, row))))
            where = message("extreme_sheet", g.lang).format(sheet=cit.address.sheet)
        elif cit.address is not None and not isinstance(cit.address, PdfAddress) and (
                records := record_lines(page_text)):
            # a slide's table: one "Header: value; …" line per row
            found = extreme_of(g.question, [((cit.unit, a, b), pairs) for a, b, pairs in records],
                               _names_of(lib, cit, extractive.slide_title(page_text)), _soft(g),
                               cit.title or cit.file)
            if found is None:
                return None
            spans = [cast(tuple[int, int, int], key) for key in found.rows]
            where = message("extreme_table", g.lang)
        else:
            model = lib.model(cit.doc_id)
            at = page_text.find(cit.quote)
            cells = model.row_cells(cit.unit, at, at + len(cit.quote)) if at >= 0 else ()
            tables = {tuple(h for h, _ in pairs) for _, _, pairs in model.rows_within(cit.unit, 0, len(page_text))}
            if cells:
                headers = tuple(h for h, _ in cells)
            elif len(tables) == 1:  # a sentence or header row on a page of one table
                headers = next(iter(tables))
            else:
                continue  # no table here: the next claim may stand in one
            rows = [((p, a, b), pairs) for p in (cit.unit - 1, cit.unit, cit.unit + 1) if 1 <= p <= len(model.pages)
                    for a, b, pairs in model.rows_within(p, 0, len(model.pages[p - 1].text))
                    if tuple(h for h, _ in pairs) == headers]
            found = extreme_of(g.question, rows, _names_of(lib, cit), _soft(g), cit.title or cit.file)
            if found is None:
                return None
            spans = [cast(tuple[int, int, int], key) for key in found.rows]
            where = message("extreme_table", g.lang)
        first = _row_claims(lib, g, cit.doc_id, spans, found.header)
        if first is None:
            return None
        # the comparison is the answer: the other rows of the table were compared, not found
        # to answer (the line says how many), and passages found elsewhere answer no
        # superlative of this table, so neither is shown as a claim beside the computed rows
        key = ("extreme_earliest" if found.direction == "min" else "extreme_latest") if found.dates else (
            "extreme_min" if found.direction == "min" else "extreme_max")
        line = message(key, g.lang).format(
            header=found.header, value=found.value, n=found.compared, where=where)
        return line, first[:MAX_CLAIMS]
    return None


def superlative_answer(lib: LibraryLike, g: Gathered) -> Answer | None:
    """For a question refused as not found only because no passage writes its superlative
    ("наименьшая", "lowest": an operator that no table writes, not a word of what is asked),
    the answer `extreme_claims` computes over the table of the first verified table row
    among its candidates; None otherwise (a question with other words no passage holds stays
    refused: "Какой отель самый дешёвый?" over a price list is not answered)."""
    from . import reasons
    from .extreme import selected_nouns, superlative, verb_forms

    sup = superlative(g.question)
    if sup is None or g.refusal is None or g.refusal.refusal != "not_found" or not g.cands:
        return None
    missing = set(analysis.tokens(" ".join(reasons.unmatched(g.question, g.groups, g.cands))))
    # the noun naming the kind of row selected ("товара" of "У какого товара …") may be
    # missing too: extreme_of compares then only a column the question names by its words
    if not missing or not missing <= sup.words | selected_nouns(g.question, sup) | verb_forms(g.question):
        return None
    found = _table_extreme(lib, g)
    if found is None:
        return None
    line, claims = found
    text = "\n".join(f"[{i}] {c.text}" for i, c in enumerate(claims, 1))
    return Answer(question=g.question, status="answered", language=g.lang, scope=g.scope, answer=text,
                  claims=claims, timings=g.timings, warnings=[line])


#: Passages a superlative's own search for a table reads (`_table_extreme`).
SEARCHED_TABLE_HITS = 10


def _table_extreme(lib: LibraryLike, g: Gathered) -> tuple[str, list[Claim]] | None:
    """extreme_claims over the table of the first MAX_CLAIMS candidates' verified table rows
    (or windows on a sheet or slide: a table's page), as (the line saying what was compared,
    the claims of the extreme rows); when their table compares nothing, over the first such
    row among the passages of one BM25 search for the asked column (see the body) whose
    table compares. None for a question asking no superlative, or when no table compares."""
    from pincite.contract import PdfAddress

    from .extreme import superlative

    sup = superlative(g.question)
    if sup is None:
        return None
    soft = _soft(g)

    def seeds_of(cands: list[extractive.Candidate]) -> list[Claim]:
        seeds = []
        for cand in cands:
            seed = claim_of(lib, cand, g.terms, soft, g.question)
            cit = seed.citations[0] if seed.citations else None
            if cit is not None and cit.verified and (features.is_table_window(cand) or (
                    cit.address is not None and not isinstance(cit.address, PdfAddress))):
                seeds.append(seed)
        return seeds

    def computed(seeds: list[Claim]) -> tuple[str, list[Claim]] | None:
        found = extreme_claims(lib, g, seeds) if seeds else None
        if found is None:
            return None  # the rows that led to the table are not cited again below its extreme
        return found[0], [c for c in found[1] if not any(c is s for s in seeds)]

    if (result := computed(seeds_of(g.cands[:MAX_CLAIMS]))) is not None:
        return result
    # no table among the candidates whose rows compare: prose that writes the superlative's
    # own word ("usually quite expensive"), or a table of other things that shares a word,
    # outranks a price list that never writes it. One BM25 search of the
    # question's other words and the words heading a column of the kind asked ("price",
    # "цена", "日期"), inside the question's filter, finds the table rows to compare
    words = [t for t in g.terms if t not in sup.words]
    if sup.kind is not None:
        words += sorted(asked_type.kind_column_words(sup.kind, cjk=any(map(is_cjk, g.question))))
    if not words:
        return None
    hits = [h for h in lib.index.search(words, g.flt, limit=SEARCHED_TABLE_HITS, mode="bm25") if not h.parts]
    # the first table found whose rows compare (a table of other things compares nothing)
    for seed in seeds_of([extractive.Candidate(h, h.char_start, h.char_end, 0.0, 0.0) for h in hits]):
        if (result := computed([seed])) is not None:
            return result
    return None


def _soft(g: Gathered) -> "soft.WordMatcher | None":
    """The question's word matcher (answer.soft), None without an embedder."""
    return g.scorer.soft if g.scorer is not None else None


def _names_of(lib: LibraryLike, cit: Citation, table_title: str = "") -> list[str]:
    """Index forms of the words naming a citation's document and table: its title and file
    name, the section its quote stands in, and `table_title` (a slide's title), which name a
    table's rows as a sheet's name does (rank.RowContext)."""
    row = lib.catalog.get(cit.doc_id)
    return analysis.tokens(" ".join(x for x in (cit.title, cit.file, row.title if row else "", cit.section,
                                                  table_title) if x))


def _row_claims(lib: LibraryLike, g: Gathered, doc_id: str, spans: list[tuple[int, int, int]],
                header: str) -> list[Claim] | None:
    """The verified claims of table rows given as (1-based unit, start, end) of its text,
    each cited from the chunk that holds it whole (a BM25 search of the row's words inside
    its document), its asked cell (`header`) read as claim_of reads a row; None when a row's
    chunk is not found or its claim does not verify."""
    from pincite.index.base import SearchFilter
    from pincite.store.fields import TRUST_LEVELS

    terms = list(dict.fromkeys(g.terms + analysis.tokens(header)))
    soft = _soft(g)
    flt = SearchFilter(doc_ids=[doc_id], trust=list(TRUST_LEVELS))  # the document was cited: in scope
    out: list[Claim] = []
    for unit, start, end in spans[:MAX_CLAIMS]:
        row = lib.page_text(doc_id, unit)[start:end] if start >= 0 else ""
        if not row.strip():
            return None
        hits = lib.index.search(analysis.tokens(row), flt, limit=20, mode="bm25")
        hit = next((h for h in hits if h.page == unit and not h.parts and h.char_start <= start
                    and end <= h.char_end), None)
        if hit is None:
            return None
        claim = claim_of(lib, extractive.Candidate(hit, start, end, 1.0, 1.0), terms, soft, g.question)
        if not claim.verified:
            return None
        out.append(claim)
    return out


def _table_claim(claim: Claim) -> bool:
    """Whether a claim states one table row: a sheet row, a row cited with its table's headers
    (DOCX, ruled PDF), or one read as "row / column: value" (its text is not its quote)."""
    from pincite.contract import SheetAddress

    cit = claim.citations[0] if claim.citations else None
    return cit is not None and (isinstance(cit.address, SheetAddress) or bool(cit.row_headers)
                                or claim.text != cit.quote)


def _distinct_claims(lib: LibraryLike, keep: list[extractive.Candidate], terms: list[str],
                     soft: HeaderMatcher | None = None, question: str = "") -> list[Claim]:
    """Claims of the kept candidates in order (`claim_of`; `soft` and `question` as there), at most
    MAX_CLAIMS, leaving out a claim whose quote repeats one already kept from the same page
    (equal, or contained in it after normalisation): a page chunk, a bridge chunk and a
    table chunk can hold one sentence. A window a document repeats on several pages (a
    running sidebar, a note under each reference entry) is one claim, cited on the first of
    those pages (`_same_text_key`): five copies of one sentence would push the page that
    answers out of the cited five."""
    from .normalize import normalize

    claims: list[Claim] = []
    seen: list[tuple[str, int | None, str]] = []
    texts = [_same_text_key(cand) for cand in keep]
    first: dict[tuple[str, str], extractive.Candidate] = {}  # a repeated text: its first page
    for text, cand in zip(texts, keep):
        if text not in first or (cand.hit.page or 0) < (first[text].hit.page or 0):
            first[text] = cand
    done: set[tuple[str, str]] = set()
    for text in texts:
        if len(claims) == MAX_CLAIMS:
            break
        if text in done:
            continue  # the same sentence on another page of the same document
        done.add(text)
        cand = first[text]
        claim = claim_of(lib, cand, terms, soft, question)
        cit = claim.citations[0] if claim.citations else None
        if cit is not None and cit.verified:
            key = (cit.doc_id, cit.page, normalize(cit.quote).text)
            if any(d == key[0] and p == key[1] and (key[2] in q or q in key[2]) for d, p, q in seen):
                continue
            seen.append(key)
            twin = _same_claim_elsewhere(claims, claim, key[2])
            if twin is not None:
                twin.citations.append(cit)
                continue
        claims.append(claim)
    return claims


def _same_claim_elsewhere(claims: list[Claim], claim: Claim, quote: str) -> Claim | None:
    """The kept claim that `claim` repeats word for word from another document (the same
    text, a verified first citation whose normalised quote is `quote`), when it has fewer
    than MAX_SOURCES citations; else None. A second copy of a document (the same text in
    another file: a re-saved or decrypted PDF, a mail attachment) then adds its citation to
    the one claim instead of taking a second place among the MAX_CLAIMS shown."""
    from .normalize import normalize

    for kept in claims:
        first = kept.citations[0] if kept.citations else None
        if (first is not None and first.verified and kept.text == claim.text
                and len(kept.citations) < MAX_SOURCES
                and all(c.doc_id != claim.citations[0].doc_id for c in kept.citations)
                and normalize(first.quote).text == quote):
            return kept
    return None


def claim_of(lib: LibraryLike, cand: extractive.Candidate, terms: list[str],
             soft: HeaderMatcher | None = None, question: str = "") -> Claim:
    """The claim of one candidate: its quote (cut around `terms`, the question's index
    forms) verified against its page, with its citation; a table row's claim reads as its
    verified (row, column, value) triple (a ruled PDF table's row chunk, and a row whose
    cells extraction kept under their headers: DocumentModel.row_cells), a spreadsheet
    row's as its asked cell
    (table_verify.sheet_cell_claim, which `soft`, the question's word matcher, lets find the
    asked column across languages; None: by shared words only; `question`, the question's
    text, lets it find a price column for a question about money: "cost", "дешевле")."""
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
    elif check.verified and model is not None and (cells := model.row_cells(hit.page, start, end)):
        # a row whose page text does not name its columns (a DOCX table on its PDF's pages)
        # reads likewise, from its cells as extraction kept them under their headers
        from .table_verify import cells_claim

        # a price column answers a question about money (`_asks_money`), here named by a
        # price word or a currency ("Обычная ткань, руб.")
        triple = cells_claim(cells, terms, _price_header if _asks_money(question) else None)
        if triple is None and (new := supersede.new_value_terms([h for h, _ in cells])):
            # no column is named by the question: an amendment's row answers by its new value
            triple = cells_claim(cells, new)
        if triple is not None and _shows(quote, triple.row_header) and _shows(quote, triple.value):
            text = triple.text
        elif triple is None:
            # no header shares a question word: the row is read as a sheet's row is, its
            # asked column found by meaning or by the kind of value asked ("с обеих сторон"
            # and "Двусторонние (4+4)"), shown only where every value stands in the quote
            from .table_verify import pairs_claim

            money = _asks_money(question)
            read = pairs_claim(cells, terms, soft, _money_kinds(money, quote), _price_header if money else None)
            if read is not None and all(_shows(quote, v) for h, v in cells if f"{h}: {v}" in read):
                text = read
    elif check.verified and (extractive.is_sheet(hit) or _slide_table_row(hit, quote)):
        # a spreadsheet row (or a slide table's row, written the same way) reads as "row name
        # / asked column: value", all as the quote writes it
        from .table_verify import sheet_cell_claim

        money = _asks_money(question)
        text = sheet_cell_claim(quote, terms, soft, _money_kinds(money, quote),
                                _price_header if money else None) or text
    return Claim(text=text, verified=check.verified, reason=check.reason, citations=[cit])


def _asks_money(question: str | None) -> bool:
    """Whether `question` asks about money by its words (asked_type.asked_kinds): a price
    column answers it however it is worded ("cost", "дешевле", "多少钱"); the other kinds (a
    where-, when- or who-question) may be answered by any of several columns, which the
    words asked pick."""
    return bool(question) and "money" in asked_type.asked_kinds(question or "")


def _money_kinds(money: bool, quote: str) -> frozenset[str]:
    """The header words of a price column when the question asks about money (`money`:
    `_asks_money`), else none."""
    if not money:
        return frozenset()
    return frozenset(asked_type.kind_column_words("money", any(map(is_cjk, quote))))


def _price_header(header: str) -> bool:
    """Whether a column header names a price column (asked_type.MONEY_HEADING: a price word
    or a currency, "Обычная ткань, руб.", "学期费（元）"): the column a question about money
    asks, in a DOCX row (table_verify.cells_claim) as in a sheet's or slide's
    (table_verify.sheet_cell_claim)."""
    return bool(asked_type.MONEY_HEADING.search(header))


def _slide_table_row(hit: Hit, quote: str) -> bool:
    """Whether `quote` is one row of a slide's table: a "Header: value; …" line whose
    headers the slide writes as a header row of their own ("Area; Peak; Off-peak"), as the
    office extractor writes a table (not a line of prose that happens to hold colons)."""
    if not extractive.is_slide(hit) or "\n" in quote.strip():
        return False
    pairs = table_verify.record_pairs(quote)
    return pairs is not None and "; ".join(h for h, _ in pairs) in hit.text.splitlines()


def _shows(quote: str, part: str) -> bool:
    """Whether `part` (a table row header or cell value) stands in `quote`, compared as
    normalised text (answer.normalize, the rule quotes are verified by)."""
    from .normalize import normalize

    part_n = normalize(part).text
    return bool(part_n) and part_n in normalize(quote).text
