"""Rank and refuse: the evidence for one question, ranked by the answerability model, and
whether it may answer at all.

question -> retrieve (answer.retrieve: hits) -> candidates (answer.extractive: one sentence
window per hit) -> evidence checks (answer.evidence: sibling model, other edition, other
document) -> features (answer.features: WindowFeatures) -> rank and refuse (here, with
answer.answerability: a probability per window and the bar). The result is a `Gathered`;
claims are written from it by answer.claims (offline) or answer.generate (a model).

The library object passed in provides `index` (search), `catalog` (term statistics,
documents) and `page_text(doc_id, page)`. Must not import cli/ or web/.

Size: just over 600 lines as the one place where the evidence of a question is gathered and
judged: the asked words' weights, the candidates, the evidence checks, the features and the
refusal's reason share the same hits, windows and probabilities, handed on as one `Gathered`.
"""
from __future__ import annotations

import dataclasses
import functools
import time
from typing import Callable, Iterator, Sequence

from pincite.contract import Answer, RefusalKind, Relevance, Scope
from pincite.text import analysis, bilingual
from pincite.text.cjk import is_cjk
from pincite.text.codes import family

from ..chunk.tables import HEADER_SEP
from ..config import MAX_QUESTION_CHARS
from ..errors import QuestionError
from ..extract.sniff import MIME
from ..index.base import Hit, SearchFilter
from . import answerability, apart, asked_type, extractive, features, measured, reasons, soft, supersede, variants
from .calculate import comparison_asked, comparison_groups, sum_asked, sum_groups, without_target_unit
from .counts import counted_measures
from .evidence import (
    asked_and_found,
    asked_codes,
    code_keys,
    label_named_first,
    names_any,
    names_other_code,
    names_other_edition,
    siblings_named,
    size_named_first,
    window_tokens,
)
from .extreme import superlative
from .features import WindowFeatures
from .messages import language_name, listed, message, quantity_names
from .retrieve import (
    NAMING_HITS,
    LibraryLike,
    index_terms,
    named_docs,
    probe,
    retrieve,
    title_words,
    unknown_words,
    unwritten_document_kinds,
    with_byline_hits,
    with_edition_hits,
)
from .scope import scope_of
from .seasons import with_defined_periods
from .spellings import NUMBER_UNIT, as_library_writes, with_spaced_codes, with_translations
from .table_verify import SOFT_HEADER_COSINE, record_pairs
from .tiers import cell_tier, count_label, with_equal_headers, with_tiers
from .unitnames import unit_span_after_text

#: Sentence windows of each retrieved passage that the answerability model scores: the
#: best WINDOWS_PER_HIT by lexical coverage, the passage then represented by the one the
#: model finds most likely to answer (the lexically best sentence is often the one that
#: repeats the question, its neighbours the ones that state the value: with two, the
#: window running back into the sentence before kept out the one running on into the
#: sentence after). With the shipped model, 2 -> 3 windows gave on the development set's
#: tune split hit@1 0.782 -> 0.786, hit@5 0.880 -> 0.891, false refusals 0.053 -> 0.049,
#: near misses refused 0.441 -> 0.434, and on the held-out split hit@1 0.733 -> 0.744,
#: hit@5 0.856 -> 0.867, false refusals 0.022 -> 0.011, near misses refused 0.511 both
#: (2026-12-04; docs/decisions/0010-answer-windows.md). Each window costs its dense vector.
WINDOWS_PER_HIT = 3

#: Chunk kinds of contents and index pages (chunking.navigation_kind).
NAVIGATION_KINDS = ("contents", "index")


def check_question(question: str) -> str:
    """Strip and validate: 1 to 2,000 characters, not blank (QuestionError otherwise)."""
    q = (question or "").strip()
    if not q:
        raise QuestionError("the question is empty")
    if len(q) > MAX_QUESTION_CHARS:
        raise QuestionError(f"the question has {len(q)} characters; the limit is {MAX_QUESTION_CHARS}")
    return q


@dataclasses.dataclass
class Gathered:
    """What retrieval found for one question, ranked, before any answer is written.

    cands: extractive candidates (best sentence window per hit), most likely to answer first
    (answer.answerability), with evidence about a sibling code, another edition or another
    document than the named one sorted last; other_code: ids (id()) of those candidates;
    rel: the relevance of the best candidate and the bar it had to clear; timings: seconds
    per stage so far; features / probability: per candidate id(), its WindowFeatures and the
    model's probability that it answers the question; scorer: scores any other span of a
    retrieved passage the same way (a generated claim's quote).
    """

    question: str
    lang: str
    scope: Scope
    flt: SearchFilter | None
    groups: list[tuple[str, ...]]
    terms: list[str]
    cands: list[extractive.Candidate]
    other_code: set[int]
    rel: Relevance | None
    timings: dict[str, float]
    refusal: Answer | None = None
    features: dict[int, WindowFeatures] = dataclasses.field(default_factory=dict)
    probability: dict[int, float] = dataclasses.field(default_factory=dict)
    scorer: "WindowScorer | None" = None
    #: every window scored, several per hit (WINDOWS_PER_HIT), in `cands` order; `cands`
    #: keeps the most likely window of each passage
    scored: list[extractive.Candidate] = dataclasses.field(default_factory=list)
    #: (amendment, the clause it changes) of the windows `supersede.amendments_first` put
    #: before the clause they name
    amendments: list[tuple[extractive.Candidate, extractive.Candidate]] = dataclasses.field(default_factory=list)
    #: the refusal names the words no passage found holds (its last, general reason), which
    #: a more telling one may replace (clarify.unlisted_label_refusal)
    words_missing: bool = False
    #: the question as the tables found read it, each month or day written as the column its
    #: document defines by it (seasons.with_defined_periods: "on a Saturday" -> "on a Fri–Sun
    #: (per person)") and each quantity as the one label stating it (tiers.with_equal_headers:
    #: "a 120-minute session" -> "a 120 minutes session"), which the arithmetic reads rows and
    #: columns by; "" when it reads the question as written (or is a compound question's part)
    read_as: str = ""


@dataclasses.dataclass
class WindowScorer:
    """Scores a span of a retrieved passage as `gather` scored its candidate windows: the
    same question words and weights, evidence checks, features and model. A generated
    answer's claim is scored on its quote with it (answer.generate): a quote verbatim on the
    page may still not answer the question ("120x92x45" for a weight).

    lexical: the question's candidates in their lexical order (the order features.compute
    saw); the scored span takes the place of its passage's candidate there, or comes last."""

    question: str
    groups: list[tuple[str, ...]]
    weights: dict[tuple[str, ...], float]
    marks: Callable[[str], set[str]]
    editions: set
    named: list[str]
    naming: set[tuple[str, ...]]
    general: dict[tuple[str, ...], float]
    unknown: set[tuple[str, ...]]
    lexical: list[extractive.Candidate]
    embedder: object | None
    model: answerability.AnswerabilityModel
    #: word matcher of the question (answer.soft), None without an embedder
    soft: soft.WordMatcher | None = None
    #: the question's language (analysis.detect_language), which passages are compared with
    lang: str | None = None
    #: the column headers of the table row a window lies in (`window_columns`: its
    #: Candidate.columns); none when not given
    columns: Callable[[extractive.Candidate], tuple[str, ...]] | None = None

    @functools.cached_property
    def attr_question(self) -> str:
        """What the question asks of the thing it names (features.attribute_text), worked out
        once for all the spans judged."""
        return features.attribute_text(self.question, self.groups, self.general)

    def about_other_model(self, cand: extractive.Candidate) -> bool:
        """Evidence naming a sibling of an asked code ("PX-300" for "PX-200") but not the code
        itself, or another edition of a named document ("REVTEX 4.2" for a question about
        "REVTeX 4.1"; `editions` is empty when a revision filter already chose it): about
        another model. It never decides that a question is answered: when nothing else is
        found, the library lacks the asked model or edition."""
        return (names_other_code(cand, self.groups) or names_other_edition(cand, self.editions)
                or cand.hit.doc_id in self.other_revision_docs)

    @functools.cached_property
    def other_revision_docs(self) -> set[str]:
        """Documents about other letter revisions than the one the question names
        (analysis.editions: "revision D"): those whose candidate passages name letter
        revisions ("Table 3 (Rev. C)"), none of them asked. A table's revision mark stands
        in its caption, not beside each row, so the whole document counts, not the window.
        Empty when the question names no letter revision."""
        asked = {e.version for e in self.editions if e.name == analysis.REVISION_NAME}
        if not asked:
            return set()
        named: dict[str, set[str]] = {}
        for hit in {c.hit.chunk_id: c.hit for c in self.lexical}.values():  # each passage once
            revs = {e.version for e in analysis.text_editions(hit.text) if e.name == analysis.REVISION_NAME}
            named.setdefault(hit.doc_id, set()).update(revs)
        return {d for d, revs in named.items() if revs and not revs & asked}

    def about_other_doc(self, cand: extractive.Candidate) -> bool:
        """Evidence from another document than the one the question names by its title or
        file name ("How much does a siunitx license cost?" is not answered by the CTeX FAQ's
        licence notice), when it does not name that document's words itself."""
        return bool(self.named) and cand.hit.doc_id not in self.named and not names_any(cand, self.naming)

    def chance(self, cand: extractive.Candidate, f: WindowFeatures) -> float:
        """The model's probability for a window with features `f`, except that a window that
        holds none of the question's words (words naming its document aside), no value of an
        asked type and no by-line asked for says nothing the question asks: 0, whatever the
        model makes of its neighbours' words or its meaning. A passage in another language
        than the question is left to the model: a translation shares no word with it."""
        if f.word_share > 0 or cand.coverage > 0 or f.cross_language:
            return self.model.probability(f)
        return 0.0

    def probability(self, hit, start: int, end: int) -> float:
        """Probability (0..1) that the span [start, end) of `hit`'s page text answers the
        question (`chance` of its features)."""
        return self.judge(hit, start, end)[2]

    def judge(self, hit, start: int, end: int) -> tuple[extractive.Candidate, WindowFeatures, float]:
        """The span [start, end) of `hit`'s page text as a candidate window: (the candidate,
        with its coverage and missing key word; its features; `chance` of them)."""
        cand = extractive.span_candidate(hit, start, end, self.weights, self.marks)
        if self.columns is not None:
            cand.columns = self.columns(cand)
        row = list(self.lexical)
        # in the place of the same window when gather scored it (the same features, the same
        # probability), else of its passage's first window
        same = [i for i, c in enumerate(row) if c.hit.chunk_id == hit.chunk_id]
        pos = next((i for i in same if (row[i].start, row[i].end) == (start, end)), same[0] if same else len(row))
        row[pos:pos + 1] = [cand]
        other_model = {id(cand)} if self.about_other_model(cand) else set()
        other_doc = {id(cand)} if not other_model and self.about_other_doc(cand) else set()
        cosines = attr = None
        both = features.cosines_of(self.embedder, (self.question, self.attr_question), [cand])
        if both is not None:
            cosines, attr = [0.0] * len(row), [0.0] * len(row)
            cosines[pos], attr[pos] = both[0][0], both[1][0]
        f = features.compute(row, self.groups, self.general, other_model, other_doc, NAVIGATION_KINDS,
                             cosines, unknown=self.unknown, soft=self.soft,
                             question_lang=self.lang, question=self.question, marks=self.marks,
                             attr_cosines=attr)[pos]
        return cand, f, self.chance(cand, f)


def _by_meaning(hits: list[Hit], lang: str, general: dict[tuple[str, ...], float],
                marks, matcher: soft.WordMatcher | None) -> extractive.MeaningOf | None:
    """How the windows of a passage in another language than the question's (`lang`;
    analysis.detect_language of each hit's text) are chosen: by their soft coverage
    (features.soft_coverage: each question word 1 when the window holds it, a number or a
    code, else its best word-vector cosine with a word of the window, a translation scoring
    near a synonym's), the question words weighted by general rarity (`general`), less
    those that only name the hit's document (extractive.names_document), in translation too
    (a word whose vector comes within SOFT_HEADER_COSINE of a word of the document's title:
    "осушитель" of "… Dehumidifier — Specification Sheet", so that the title line, which only
    names the product again, does not outrank the row stating its weight). None
    without a word matcher (no embedder). The words of those passages are embedded in one
    batch first."""
    if matcher is None:
        return None
    other = {h.chunk_id for h in hits[:extractive.SCORED_HITS] if analysis.detect_language(h.text) != lang}
    if not other:
        return None
    matcher.prepare(h.text for h in hits[:extractive.SCORED_HITS] if h.chunk_id in other)
    typed = {asked_type.typed_group(g): w for g, w in general.items()}
    typed_of = {asked_type.typed_group(g): g for g in general}

    def of_hit(hit: Hit):
        if hit.chunk_id not in other:
            return None
        # the words that only name the hit's document do not count when others remain,
        # as in the lexical choice (extractive.candidates) and the features
        names = extractive.naming_terms(hit)
        title = matcher.best(hit.title) if hit.title else {}
        asked = {g: w for g, w in typed.items() if not extractive.names_document(g, names)
                 and title.get(typed_of[g], 0.0) < SOFT_HEADER_COSINE} or typed

        def score(text: str) -> float:
            toks = set(extractive.text_tokens(text)) | marks(text)
            return features.soft_coverage(asked, toks, matcher.best(text), typed_of)

        return score

    return of_hit


def gather(lib: LibraryLike, question: str, flt: SearchFilter | None = None,
           coverage_text: str | None = None, asked: str | None = None) -> Gathered:
    """Validate the question, retrieve and rank evidence, and decide refusal.

    `coverage_text` (a compound question's part without the context copied into it, see
    split.core_of): the words whose coverage ranks evidence and decides refusal; all words of
    `question` still drive retrieval. `asked` (default `question`): the question as
    written, before answer.scope took the phrases naming a model over ("REVTeX" of "REVTeX
    4.1"); the editions it names (analysis.editions) are read from it. `refusal` is set (an Answer with
    status "refused") when the question has no word to search for (signs only), the library
    is empty or the best evidence misses a calibrated bar; no answer may
    then be written, by any model. A code typed with a space ("zk 310") is read as the code
    the library writes (spellings.with_spaced_codes) in `question` and `coverage_text`.
    Raises QuestionError for a blank or over-long question.
    """
    q = with_spaced_codes(lib, check_question(question))  # "zk 310" as the library's "ZK-310"
    is_part = bool(coverage_text)  # a compound question's part, read without its context
    if coverage_text:
        coverage_text = with_spaced_codes(lib, coverage_text)
    lang = analysis.question_language(q)
    scope = scope_of(flt)
    t0 = time.perf_counter()
    groups = analysis.query_groups(q) or [(t,) for t in dict.fromkeys(analysis.tokens(q))]
    if not groups:  # signs only ("?"): nothing to search for, whatever the library holds
        timings = {"retrieve": time.perf_counter() - t0}
        return Gathered(q, lang, scope, flt, [], [], [], set(), None, timings,
                        refusal=refusal_answer(q, lang, scope, "no_words", timings))
    n_chunks = lib.catalog.chunk_count()
    if n_chunks == 0:
        timings = {"retrieve": time.perf_counter() - t0}
        return Gathered(q, lang, scope, flt, [], [], [], set(), None, timings,
                        refusal=refusal_answer(q, lang, scope, "empty_library", timings))
    groups = as_library_writes(lib, groups, q)  # "TK-7" as "ТК-7", "Severny" as "Северный", "2,2" as "2.2"
    terms = index_terms(groups)
    searched = (groups, with_translations(lib, groups))  # the words searched, with their translations
    hits = retrieve(lib, q, groups, flt, searched[1])
    if not hits and _scoped(flt) and lib.index.count_matching(flt) == 0:
        # Nothing in scope: say which document is missing; never search without the filter.
        # (Any hit proves something is in scope, so the count is needed only without hits.)
        timings = {"retrieve": time.perf_counter() - t0}
        refusal = Answer(question=q, status="refused", language=lang, scope=scope,
                         answer=no_document_message(flt, lang), timings=timings, refusal="no_document")
        return Gathered(q, lang, scope, flt, [], [], [], set(), None, timings, refusal=refusal)
    coverage_text = coverage_text or without_target_unit(q, lang)
    if coverage_text:
        groups = as_library_writes(lib, analysis.query_groups(coverage_text), coverage_text) or groups
    rows_of = {id(hit): table_rows(lib, hit) for hit in hits[:extractive.SCORED_HITS]}  # read once
    # a quantity stated where a table's columns are ranges of it ("весом 30 кг" beside "Собаки
    # свыше 20 кг"): the question is covered as naming the column that holds it (answer.tiers)
    stated = coverage_text or q  # the quantities as the question states them, before tiers
    tiered = with_tiers(stated, table_labels(lib, hits, rows_of))
    # a month or a day stated ("в мае", "on Saturday"): the column its document defines by
    # them ("Низкий сезон длится с 1 по 31 мая …"), as a quantity's band above
    # (columns first: a day picks the tariff's column, "Fri–Sun & public holidays", while a
    # row's label that names days too, "Late night (23:00–01:00, Fri–Sat only)", qualifies
    # a row the question's other words choose; a table whose rows are the days has no such
    # column, and its row labels are read then)
    def documents(labels: bool) -> Iterator[tuple[Iterator[str], Iterator[str]]]:
        # per document its tables' labels and its pages, read only for a question stating a date
        return ((table_labels(lib, mine, rows_of, row_labels=labels), document_texts(lib, mine))
                for mine in by_document(hits[:extractive.SCORED_HITS]))

    read_as = q
    for labels in (False, True):
        periods = with_defined_periods(tiered, documents(labels))
        if periods != tiered:
            tiered = periods
            read_as = with_defined_periods(q, documents(labels))
            break
    if not is_part:
        # the question as the arithmetic reads rows and columns: its dates as their columns, a
        # quantity as the one label stating it ("a 120-minute session" the row "120 minutes"),
        # its counts as written (a count's band names a row, not what it multiplies)
        read_as = with_equal_headers(read_as, table_labels(lib, hits, rows_of))
    if tiered != (coverage_text or q):
        coverage_text = tiered
        groups = as_library_writes(lib, analysis.query_groups(tiered), tiered) or groups
        terms = list(dict.fromkeys(terms + index_terms(groups)))
    # a sum asked ("the total cost of A and B", "一共多少"): its words are computed, not
    # written; so are a comparison's words that name no kind of value ("compared", "than",
    # "чем"; not "heavier" or "дороже", which ask for a mass or a price)
    compared = comparison_groups(coverage_text or q, groups)
    if compared:
        cjk = any(map(is_cjk, q))
        compared = {g for g in compared if not asked_type.type_of(g) and not any(
            g in asked_type.asking_groups(k, cjk) for k in asked_type.COLUMN_KINDS)}
    summed = sum_groups(coverage_text or q, groups) | compared
    # the words asking what something costs ("стоит", "обойдётся", "cost", "多少钱") name
    # nothing a passage is about: any price states what they ask, and a passage stating none
    # is set apart (apart.windows_lacking_money)
    priced = {g for g in groups if asked_type.type_of(g) == "money"}
    groups = [g for g in groups if g not in summed and g not in priced] or groups
    bylines: list[str] = []
    edition_lines: list[str] = []
    if asked_type.asks_author(coverage_text or q):
        hits, bylines = with_byline_hits(lib, hits, groups, flt, coverage_text or q)
    elif asked_type.asks_edition(coverage_text or q):
        hits, edition_lines = with_edition_hits(lib, hits, groups, flt, coverage_text or q)
    df = lib.catalog.term_df(index_terms(groups))  # the asked words' chunk frequencies, read once
    # "the tabmark manual" where no passage writes "manual": the word names the document
    kinds = unwritten_document_kinds(groups, df)
    # a superlative no chunk writes ("самый дорогой", "cheapest", "最便宜") asks for a
    # comparison of rows, done by code (answer.extreme), not for a word a passage states
    # (only where rows were found to compare: prose states no extreme it lacks the word for)
    if any(rows_of.values()):
        kinds |= unwritten_superlatives(coverage_text or q, groups, df)
    # "пачки" of "три пачки ибупрофена": the measure of a count, not a thing a row names
    kinds |= counted_measures(coverage_text or q, groups, df)
    groups = [g for g in groups if g not in kinds] or groups
    # a thing the question says it does not ask about ("(не на имплант)"): no passage must
    # hold it, and one about it is set apart below
    negated = apart.negated_groups(coverage_text or q, groups)
    groups = [g for g in groups if g not in negated] or groups
    # a feature the asked variant is without ("без календаря"): rows with it are set apart
    # below, and a row without it is no other variant for lacking the word
    lacked = apart.lacked_groups(coverage_text or q, groups)
    weights, marks = _asked_weights(groups, df, coverage_text or q, n_chunks, bylines, edition_lines)
    general = features.general_weights(coverage_text or q, groups)
    embedder = getattr(lib, "embedder", None) if lib.settings.retrieval != "bm25" else None
    # the coverage words' translations: those searched when the words are the same (one
    # catalog lookup a question), else looked up for these words
    with_forms = (searched[1] if groups == searched[0] else with_translations(lib, groups)) if embedder else []
    translated = {g: t[len(g):] for g, t in zip(groups, with_forms)}
    matcher = soft.WordMatcher(embedder, coverage_text or q, groups, translated) if embedder is not None else None
    row_context = with_row_headers(lib, hits, rows_of, marks)
    marks = row_context
    cands = extractive.candidates(hits, weights, marks, per_hit=WINDOWS_PER_HIT,
                                  rows=lambda hit: rows_of.get(id(hit)) or [],
                                  meaning=_by_meaning(hits, lang, general, marks, matcher))
    columns_of = functools.partial(window_columns, lib, rows_of)
    for c in cands:
        c.columns = columns_of(c)
    editions = set() if flt is not None and flt.revision else analysis.editions(asked or q)
    named, naming = named_docs(hits[:NAMING_HITS] + probe(lib, groups, flt), groups, general, coverage_text or q)
    naming = title_words(lib, named, naming)
    unknown = unknown_words(groups, df, {analysis.detect_language(h.text) for h in hits})
    scorer = WindowScorer(q, groups, weights, marks, editions, named, naming, general, unknown,
                          list(cands), embedder, answerability.load(),
                          matcher, lang, columns_of)
    # evidence about another model or edition, or from another document than the one named,
    # and a contents or index page (which only points elsewhere) go after the rest, however
    # well they match
    other_model = {id(c) for c in cands if scorer.about_other_model(c)}
    other_doc = {id(c) for c in cands if scorer.about_other_doc(c)} - other_model
    # evidence from a document that never writes a name the question asks about is about
    # something else: sorted last and never the answer, like another model's, but the
    # model is not told (its features stay what it was trained on)
    lacking = apart.docs_lacking_names(lib, cands, groups, general, coverage_text or q)
    unnamed = {id(c) for c in cands if c.hit.doc_id in lacking}
    other = other_model | other_doc | unnamed
    # a table row whose table has no column for what is asked, which its document never
    # writes, answers nothing of it however well it names the thing: sorted last likewise
    no_column = apart.rows_lacking_columns(lib, cands, groups, matcher, other, coverage_text or q)
    # ...unless another table of its document (another sheet) has the column: then the
    # document is not short of it (no "no column" reason), and the row of that table that
    # shares the row's key (its SKU, its code) answers with it, cited right before it
    elsewhere, joined = apart.joined_rows(lib, cands, no_column, groups, matcher, coverage_text or q,
                                          weights, marks)
    for row in joined.values():
        row.columns = columns_of(row)
    no_column = {i: v for i, v in no_column.items() if i not in elsewhere}
    other = other | set(no_column) | (elsewhere - set(joined))
    cands += list(joined.values())
    # a passage stating no amount of money answers no question of what something costs (a
    # row whose price another sheet states answers with that sheet's row, joined above)
    unpriced = apart.windows_lacking_money(cands, coverage_text or q, lib) - set(joined)
    # likewise a passage holding no number answers no question asking how many, how long,
    # which version or what maximum
    unnumbered = apart.windows_lacking_numbers(cands, coverage_text or q, row_context.text) - set(joined) - unpriced
    # and one asking a measured quantity (a weight, a noise level) a value of its kind
    kinds_asked = measured.measured_kinds(q, groups)
    unmeasured = measured.windows_lacking_kind(cands, kinds_asked, marks) - set(joined) - unpriced - unnumbered
    valueless = unpriced | unnumbered | unmeasured
    apart_before = set(other)
    other |= valueless
    # a table row for another variant than the one asked (the colouring price for medium
    # hair, asked of short hair) answers for its own: sorted last likewise
    whole_variants: set[int] = set()  # those holding every asked word but the variant
    # (a row set apart for stating no value is still a row naming its variant: "Замена
    # сапфирового стекла — по запросу" beside the mineral glass rows, which it tells apart)
    variant_rows = variants.rows_of_other_variants(lib, cands, [g for g in groups if g not in lacked] or groups,
                                                   general, apart_before, stated, unknown, matcher,
                                                   row_context.text, whole_variants)
    other |= set(variant_rows)
    if negated:
        denied = {t for g in with_translations(lib, negated) for t in g}
        other |= apart.windows_holding_negated(cands, denied)
    # a variant asked without a feature ("без календаря"): a row with it is the other one
    if lacked:
        other |= apart.rows_holding_lacked(cands, {t for g in with_translations(lib, lacked) for t in g})
    # a table's header row names the columns and states no value: it answers nothing
    other |= {id(c) for c in cands if extractive.is_header_row(c.hit, features.window_text(c))}
    # an entry of a reference list named by another identifier than the one asked is about
    # that one ("live_dangerously / … Default value is ’0’." for "scan_tree_limit")
    other |= apart.entries_of_other_names(cands, groups)
    attr_q = features.attribute_text(coverage_text or q, groups, general)
    q_cosines, attr_cosines = features.cosines_of(embedder, (q, attr_q), cands) or (None, None)
    feats = features.compute(cands, groups, general, other_model, other_doc, NAVIGATION_KINDS,
                             q_cosines, unknown=unknown, soft=scorer.soft,
                             question_lang=lang, question=coverage_text or q, marks=marks,
                             attr_cosines=attr_cosines, context=row_context.text)
    feat_of = {id(c): f for c, f in zip(cands, feats)}  # before the candidates are reordered
    prob = {id(c): scorer.chance(c, f) for c, f in zip(cands, feats)}
    for i, row in joined.items():
        # the two rows answer together: the key row names what is asked about, the joined
        # row holds the asked column, so the joined row answers as likely as the key row
        prob[id(row)] = max(prob[id(row)], prob[i])
    # exact ties (the same text in two documents) keep the lexical order, then the chunk id:
    # the same order whichever index engine found them
    cands.sort(key=lambda c: (id(c) in other, c.hit.kind in NAVIGATION_KINDS, -prob[id(c)], -c.score,
                              c.hit.chunk_id, c.start))
    cands = apart.before_keys(cands, joined)
    # an amendment found ("A-3 | 5.2 Mileage rate | £0.45 | £0.50") is read before the
    # clause it changes ("5.2 Business mileage … £0.45 per mile"), as likely to answer
    cands, amendments = supersede.amendments_first(cands, prob, other)
    cands = label_named_first(lib, cands, coverage_text or q, prob)  # "3号楼" of three rows
    cands = size_named_first(cands, coverage_text or q, prob)  # "5×10" of a 5 × 5 and a 10 × 10 row
    scored = list(cands)
    # each passage keeps its likeliest window, but a table row is a record of its own: "Which
    # products does X supply?" is answered by every row naming X, and "the combined stock of
    # A and B" computed from two rows. Measured against keeping rows apart only for questions
    # that compute (2026-12-04): tune split equal but 6 more verified citations, held-out
    # hit@5 0.867 -> 0.878, all else equal.
    # So is a passage's window naming another model code that a comparison or a sum asks
    # about: "The PX-300 pump weighs 118 kg" beside "The PX-300M pump weighs 146 kg" in one
    # paragraph is the other compared thing's evidence, whichever of the two is likelier.
    codes_compared = asked_codes(groups) if comparison_asked(q) is not None or sum_asked(q) else set()
    best_of_chunk: dict[tuple[str, object], extractive.Candidate] = {}
    for c in cands:  # best first
        part: object = (c.start if features.is_table_window(c) else
                        frozenset(codes_compared & code_keys(window_tokens(c))) if len(codes_compared) >= 2
                        else -1)
        best_of_chunk.setdefault((c.hit.chunk_id, part), c)
    cands = list(best_of_chunk.values())
    timings = {"retrieve": time.perf_counter() - t0}
    own = [c for c in cands if id(c) not in other]
    bar = threshold(lib)
    rel = relevance(own, bar, prob)
    g = Gathered(q, lang, scope, flt, groups, terms, cands, other, rel, timings,
                 features=feat_of, probability=prob, scorer=scorer, scored=scored, amendments=amendments,
                 read_as=read_as if read_as != q and not is_part else "")
    if (never_named := unwritten_acronyms(coverage_text or q, unknown)):
        # a name the question writes in capitals ("IMAX", "ATEX") that no chunk writes in any
        # spelling: whatever else a passage shares, the library does not describe that thing
        g.refusal = refusal_answer(q, lang, scope, "not_found", timings, rel, found=message(
            "why_never_named", lang).format(words=listed(never_named, lang)))
        return g
    # rows set apart as other variants that hold every asked word match all but the variant
    # (a number, a size, a name's modifier); a passage left that holds less of the question
    # than they do is about something else ("至尊宴15人桌" of a menu with 10- and 12-seat
    # tables: not the service fee row's "15%")
    # (a row of their own table is another of its variants, which they do not outrank:
    # "7 January" beside "14 January … holiday")
    variants_cover = max((feat_of[id(c)].general_coverage for c in cands if id(c) in whole_variants), default=0.0)
    outranked = bool(own) and feat_of[id(own[0])].general_coverage < variants_cover and (
        _table_of(lib, own[0]) not in {_table_of(lib, c) for c in cands if id(c) in whole_variants})
    if not sufficient(rel) or outranked:
        priced_out = bool(valueless) and not own
        if priced_out:
            # every passage was set apart for stating no price or no number: the reason is
            # told as it would be were they not (the words they lack, their language), or as that
            own = [c for c in cands if id(c) not in other - valueless]
            rel = relevance(own, bar, prob).model_copy(update={"score": rel.score})
        variant = [c for c in cands if id(c) in variant_rows]  # best first
        sibling = [c for c in cands if id(c) in other_model | other_doc]  # best first
        # would the sibling's evidence answer, were it about the asked model or document?
        as_own = {id(c): scorer.chance(c, dataclasses.replace(feat_of[id(c)], other_model=0.0, other_doc=0.0))
                  for c in sibling}
        sibling.sort(key=lambda c: -as_own[id(c)])
        # a window naming the asked model code itself (its row of a price list, set apart
        # for lacking the column asked) says the library does describe it: what the
        # evidence lacks is told below, not that it is about a sibling model
        codes_asked = asked_codes(groups)
        own_named = bool(codes_asked) and any(codes_asked & code_keys(window_tokens(c))
                                              for c in cands if id(c) not in other_model)
        if sibling and not own_named and sufficient(relevance(sibling, bar, as_own)):
            # what was found would answer, but about the sibling: say so
            if id(sibling[0]) in other_model:
                key, asked, instead = asked_and_found(q, groups, editions, sibling[0])
                why = (key, asked, listed(instead, lang))
            else:
                rows = [lib.catalog.get(d) for d in named]
                why = ("why_other_named", listed(sorted(r.file_name for r in rows if r), lang) or listed(named, lang),
                       sibling[0].hit.file or sibling[0].hit.doc_id)
            g.refusal = refusal_answer(q, lang, scope, "other_model" if id(sibling[0]) in other_model else "not_found",
                                 timings, rel, other=why)
        elif (worded := apart.price_in_words(lib, [c for c in cands if id(c) in unpriced], prob)) is not None \
                and prob[id(worded[0])] >= max(prob.values()):
            # the likeliest row prices it in words ("по запросу", "on request"): say so, not
            # that nothing was found
            g.refusal = refusal_answer(q, lang, scope, "not_found", timings, rel,
                                       found=message("why_price_in_words", lang).format(row=worded[1], price=worded[2]))
        elif variant and prob[id(variant[0])] >= bar:
            # what was found would answer, but for another row of its table (another hair
            # length, another vehicle): name those rows
            # (the likeliest of them: those at least half as likely as the first)
            top = prob[id(variant[0])] / 2
            found = listed(list(dict.fromkeys(variant_rows[id(c)] for c in variant if prob[id(c)] >= top))[:3], lang)
            g.refusal = refusal_answer(q, lang, scope, "not_found", timings, rel,
                                       found=message("why_other_variant", lang).format(found=found))
        elif priced_out and own and not (kinds_asked and no_column) and not reasons.unmatched(
                q, [g for g in groups if not measured.names_kind(g, kinds_asked)], cands):
            # (a table without the asked quantity's column: its columns are named below)
            # the passages found hold the question's words, but none states a price (a number)
            found = (message("why_no_price", lang) if unpriced else
                     message("why_no_kind", lang).format(kind=quantity_names(kinds_asked, lang)) if kinds_asked
                     else message("why_no_number", lang))
            g.refusal = refusal_answer(q, lang, scope, "not_found", timings, rel, found=found)
        elif no_column and (row := max((c for c in scored if id(c) in no_column), key=lambda c: prob[id(c)])) and (
                not own or prob[id(row)] >= prob[id(own[0])]):
            # the likeliest evidence is a row of a table with no column for what is asked
            found = _why_no_column(q, lang, row, *no_column[id(row)])
            g.refusal = refusal_answer(q, lang, scope, "not_found", timings, rel, found=found)
        elif (revision := reasons.other_revision(q, cands, groups)) is not None:
            # the question names a revision the passages found are not about ("revision B"
            # where the document is revision C): say so rather than list words
            g.refusal = refusal_answer(q, lang, scope, "other_model", timings, rel,
                                 other=("why_other_revision", revision[0], revision[1]))
        elif own and all(feat_of[id(c)].cross_language for c in cands) and any(
                general.get(g, 0.0) < features.ZIPF_CEILING - features.UNKNOWN_ZIPF for g in groups):
            # every passage found is in another language than the question's words, which are
            # words of their language (not unknown strings): when the best is a table row none
            # of whose columns comes near the asked words in any language, the table has no
            # such column; else naming the words as missing would mislead, so the language is
            # named. A passage found in the question's own language could hold its words: then
            # the words no passage holds are named (below), never another language's table
            # ("the gym sheet has no column for 博物馆" of a question on a Chinese museum guide)
            columns = reasons.missing_columns(lib, groups, own[0], scorer.soft, SOFT_HEADER_COSINE, coverage_text or q)
            written = analysis.detect_language(own[0].hit.text)
            found = (_why_no_column(q, lang, own[0], *columns) if columns is not None else
                     message("why_other_language", lang).format(found=language_name(written, lang))
                     + ("" if bilingual.pair_available(lang, written) else message("why_no_dictionary", lang)))
            g.refusal = refusal_answer(q, lang, scope, "not_found", timings, rel, found=found)
        else:
            # the words no passage found holds (never one the best passage lacks but another
            # found passage, or the document's name, holds); when one is the asked model's
            # code and the passages found name its siblings ("КЭ-12" asked of a table of
            # КЭ-6, КЭ-9, КЭ-15), those are named, so the person can ask for one of them
            missing = reasons.unmatched(q, groups, cands)
            siblings = siblings_named(q, groups, [c for c in cands if id(c) in other_model])
            # a code the question names ("A6L", "X-200") that no chunk writes in any form
            # (in any language: a code is spelt alike in all): that the library never
            # mentions it is the reason, not the other words the passages found lack
            # (found in whatever documents were left once every one was set apart for not
            # naming it)
            unwritten = reasons.written(q, [w for w in groups if any(family(t) for t in w)
                                            and not any(df.get(t, 0) for t in w)])
            if siblings and siblings[0] in missing:
                g.refusal = refusal_answer(q, lang, scope, "other_model", timings, rel,
                                     other=("why_other_edition", siblings[0], listed(siblings[1], lang)))
            elif unwritten:
                g.refusal = refusal_answer(q, lang, scope, "not_found", timings, rel, found=message(
                    "why_never_named", lang).format(words=listed(unwritten, lang)))
                g.words_missing = True
            else:
                g.refusal = refusal_answer(q, lang, scope, "not_found", timings, rel, missing)
                g.words_missing = True
    return g


def _table_of(lib: LibraryLike, c: extractive.Candidate) -> tuple[str, tuple[str, ...]] | None:
    """The table a row window stands in, as its document and column headers
    (variants.row_cells); None for a window that is no table row."""
    pairs = variants.row_cells(lib, c)
    return (c.hit.doc_id, tuple(h for h, _ in pairs)) if pairs else None


def _why_no_column(question: str, lang: str, row: extractive.Candidate, lacked: list[tuple[str, ...]],
                   headers: list[str]) -> str:
    """The refusal's reason for a table row with no column for the asked words, in `lang`:
    the words as the question writes them, the row's file and its header cells each whole,
    joined by chunk.tables.HEADER_SEP (a header may hold a comma: "Unit price, RUB")."""
    return message("why_no_column", lang).format(
        words=listed(reasons.written(question, lacked), lang), file=row.hit.file or row.hit.doc_id,
        columns=HEADER_SEP.join(headers))


class RowContext:
    """What a table row's window stands under where its text does not write it: for each
    sentence and whole window of a data row of a DOCX, PDF or PPTX table among a question's
    hits, its column headers and the title of its table (the DOCX or PDF section it stands
    in, the slide's title). A spreadsheet row writes its sheet's name and its headers
    itself ("Прайс!A2:D2 | Header: value; …"); these rows are read as if they did, so a
    row and a sheet's row of the same table are judged alike.

    Calling it gives `marks` (the answer-type pseudo forms of a text) with the index forms
    of the row's headers and title added (`with_row_headers`); `text(window)` gives the
    window's text with its headers and title after it, which the soft matcher reads
    (answer.soft.WordMatcher), so a word asked of a row meets the words of its headers and
    title by meaning, as in a sheet's row."""

    def __init__(self, marks: Callable[[str], set[str]], forms: dict[str, set[str]], context: dict[str, str]):
        self._marks = marks
        self._forms = forms
        self._context = context

    def __call__(self, text: str) -> set[str]:
        found = self._marks(text)
        extra = self._forms.get(text)
        return found | extra if extra else found

    def text(self, window: str) -> str:
        """`window` with its row's headers and table title after it, when it is a row's."""
        extra = self._context.get(window)
        return f"{window}\n{extra}" if extra else window


def with_row_headers(lib: LibraryLike, hits: list[Hit], rows_of: dict[int, list[tuple[int, int]]],
                     marks: Callable[[str], set[str]]) -> RowContext:
    """`marks`, plus for each sentence of a data row of a DOCX or PPTX table among the hits'
    (`rows_of`: id(hit) -> its `table_rows`; extractive.record_spans,
    DocumentModel.row_headers), the index forms of its row's column headers and of its
    table's title (`RowContext`; a row's window is the union of its sentences): a row
    states its values under them, so "Сколько K2O в пробе П-02?" is covered by the row "П-02
    … 6,1 87 190 5,3" of a table headed "… K2O, мг/кг …", as a spreadsheet row, which
    writes "K2O, мг/кг: 190", is; and the kind of value a header names
    (asked_type.header_marks: "Сколько весит ВК-22?" by a row under "Масса, кг") or the
    row's own label does ("Масса без воды, кг" over a column per model). The header row
    itself gets nothing."""
    by_text: dict[str, set[str]] = {}
    context: dict[str, str] = {}
    for hit in hits:
        rows = rows_of.get(id(hit))
        if not rows:
            continue
        model = lib.model(hit.doc_id)
        title = table_title(lib, hit)
        title_forms = set(analysis.tokens(title))
        spans, records = extractive.record_spans(hit.text, hit.char_start, rows)
        forms: dict[int, set[str]] = {}  # per row: its headers' index forms
        words: dict[int, str] = {}  # per row: its headers and title as written
        bounds: dict[int, tuple[int, int]] = {}  # per row: from its first sentence to its last
        for (s, e), row in zip(spans, records):  # each sentence of a row: its window is their union
            if row is None:
                continue
            if row not in forms:
                a, b = rows[row]
                span = (hit.page, max(a, hit.char_start), min(b, hit.char_end))
                headers = model.row_headers(*span)
                if not headers:  # a slide table's row writes its headers: "Duration: 1 hour; 1 person: €85"
                    pairs = record_pairs(hit.text[span[1] - hit.char_start:span[2] - hit.char_start].strip())
                    headers = tuple(h for h, _ in pairs or ())
                forms[row] = {t for h in headers for t in analysis.tokens(h)}  # none for the header row
                forms[row] |= {m for h in headers for m in asked_type.header_marks(h)}
                words[row] = ""
                if headers:
                    # a row label naming a kind ("Масса без воды, кг" in a table with a
                    # column per model) says the same of the row's values
                    cells = model.row_cells(*span)
                    forms[row] |= asked_type.header_marks(cells[0][1]) if cells else set()
                    forms[row] |= title_forms
                    words[row] = " ".join([title, *headers]).strip()
            if forms[row]:
                by_text.setdefault(hit.text[s:e], set()).update(forms[row])
                if words[row]:
                    context.setdefault(hit.text[s:e], words[row])
                a0, b0 = bounds.get(row, (s, e))
                bounds[row] = (min(a0, s), max(b0, e))
        for row, (s, e) in bounds.items():  # the row's whole window, as the features read it
            by_text.setdefault(hit.text[s:e], set()).update(forms[row])
            if words[row]:
                context.setdefault(hit.text[s:e], words[row])
    return RowContext(marks, by_text, context)


def table_title(lib: LibraryLike, hit: Hit) -> str:
    """The title of the table a hit's rows stand in: its slide's title (the slide's first
    line) for a slide, else the title of its DOCX or PDF section ("" when none)."""
    if extractive.is_slide(hit):
        try:
            return extractive.slide_title(lib.page_text(hit.doc_id, hit.page))
        except Exception:  # a page the library no longer has: no title to read
            return ""
    return (hit.section_title or "").strip()


def window_columns(lib: LibraryLike, rows_of: dict[int, list[tuple[int, int]]],
                   cand: extractive.Candidate) -> tuple[str, ...]:
    """The column headers of the table `cand`'s window lies in, where its page text does not
    write them (DocumentModel.table_columns): a row of a DOCX table read on its converted
    PDF's pages (its hit has marked rows: `rows_of`, id(hit) -> `table_rows`), or rows of a
    ruled PDF table in a table chunk (chunk kinds "table", "table-row"). () for any other
    window, for a bridge chunk, and without a stored model. A spreadsheet row and a record
    row of a slide or a DOCX read by blocks write their headers ("СКД-12М: 18") themselves,
    and only table documents' models are read (a DOCX or PPTX model is read for its rows
    already)."""
    hit = cand.hit
    if hit.parts or not (rows_of.get(id(hit)) or hit.kind in ("table", "table-row")):
        return ()
    try:
        return lib.model(hit.doc_id).table_columns(hit.page, cand.start, cand.end)
    except Exception:  # a model the library no longer has: no columns to read
        return ()


#: Table rows of one hit whose headers `table_labels` reads (a table's rows share them).
HEADER_ROWS = 3


def by_document(hits: list[Hit]) -> Iterator[list[Hit]]:
    """`hits` grouped by their document, the documents in the order of their first hit."""
    docs: dict[str, list[Hit]] = {}
    for h in hits:
        docs.setdefault(h.doc_id, []).append(h)
    yield from docs.values()


def document_texts(lib: LibraryLike, hits: list[Hit]) -> Iterator[str]:
    """The page texts of the documents of `hits`, in hit order. A generator: nothing is
    read until it is iterated (seasons.with_defined_periods does only for a question
    stating a month or a day)."""
    for doc_id in dict.fromkeys(h.doc_id for h in hits):
        try:
            model = lib.model(doc_id)
        except Exception:  # a model the library no longer has: nothing to read
            continue
        yield from (p.text for p in model.pages)


def table_labels(lib: LibraryLike, hits: list[Hit], rows_of: dict[int, list[tuple[int, int]]],
                 row_labels: bool = True) -> Iterator[str]:
    """The column headers and row labels of the tables the scored hits hold, in hit order
    (a label may come more than once): of a spreadsheet's or slide's "Header: value; …" rows
    as they write them (table_verify.record_pairs; a row's label, its first value, names it:
    "重量段: 50–100 公斤"; a cell stating a range in its header's unit, as tiers.cell_tier
    writes it: "2761–4800 千瓦时"), and the headers of a DOCX or PPTX table's marked rows (`rows_of`,
    DocumentModel.table_columns; the first HEADER_ROWS rows of a hit) with the range cells of
    each (DocumentModel.row_cells: "Оплачено занятий: 12–23"). A generator: nothing
    is read until it is iterated (tiers.with_tiers does only for a question stating a
    quantity). Without `row_labels`, the column headers alone (no row's label or range
    cells)."""
    for hit in hits[:extractive.SCORED_HITS]:
        for line in hit.text.splitlines():
            # a sheet's row after its address ("Sheet!A2:D2 | …"), a slide table's row as it is
            pairs = record_pairs(line.split(" | ", 1)[1] if " | " in line else line)
            if pairs:
                yield from (h for h, _ in pairs)
                if row_labels:
                    yield pairs[0][1]
                    yield from _range_labels(pairs)
        if rows_of.get(id(hit)) and not hit.parts:
            try:
                model = lib.model(hit.doc_id)
            except Exception:  # a model the library no longer has: no headers to read
                continue
            for start, end in rows_of[id(hit)][:HEADER_ROWS]:
                yield from model.table_columns(hit.page or 0, start, end)
            for start, end in rows_of[id(hit)] if row_labels else ():  # each row's range cells, as a sheet's are
                yield from _range_labels(model.row_cells(hit.page or 0, start, end))


def _range_labels(pairs: Sequence[tuple[str, str]]) -> Iterator[str]:
    """The (header, value) cells of one row that state a range, as tiers writes them
    (tiers.cell_tier: "2761–4800 千瓦时"; tiers.count_label: "Sessions bought: 10-19")."""
    return (t for h, v in pairs if (t := cell_tier(h, v) or count_label(h, v)) is not None)


def table_rows(lib: LibraryLike, hit: Hit) -> list[tuple[int, int]]:
    """The table rows of a hit's page that its span overlaps, as (start, end) offsets of the
    page text (DocumentModel.row_spans: DOCX and PPTX table rows), which its answer windows
    keep apart (extractive.candidates). [] for a bridge chunk, whose text is its own rather
    than a slice of one page, and for a document other than a DOCX or PPTX: only the office
    extractor marks rows, and only theirs, so no other document's stored model is read for
    them (a whole model per hit, up to extractive.SCORED_HITS a question)."""
    if hit.parts:
        return []
    row = lib.catalog.get(hit.doc_id)
    if row is None or row.mime not in (MIME["docx"], MIME["pptx"]):
        return []
    rows = lib.model(hit.doc_id).row_spans(hit.page)
    return [(a, b) for a, b in rows if a < hit.char_end and hit.char_start < b]


def unwritten_acronyms(question: str, unknown: set[tuple[str, ...]]) -> list[str]:
    """The words `question` writes in capitals (analysis.acronyms: "IMAX", "ATEX", "NPSH")
    among `unknown`, the question words no chunk of the library writes in any form or
    spelling (retrieve.unknown_words, after spellings.as_library_writes), as the question
    writes them; a unit symbol ("GB", "MB") is no name, nor is a model's series written
    before its number ("KMN 80-50-200", which the library may write "КМН"). An acronym
    names a product, a standard or an organisation; one the library never writes is a
    thing it does not describe. Of the 19 questions of the development set and the trials
    30-41 naming an acronym their library never writes, 15 were near misses; the other four
    were typed all in capitals (2) or named a pump series before its number (2)."""
    caps = analysis.acronyms(question)
    if not caps or not unknown:
        return []
    # a word written after a number or a how-many word is its unit ("2 GB", "how many MB")
    units = {m.group(1).casefold() for m in NUMBER_UNIT.finditer(question)}
    out: list[str] = []
    words = question.split()
    for raw, after in zip(words, words[1:] + [""]):
        word = raw.strip(analysis.WORD_EDGE_PUNCT)
        folded = word.casefold()
        if after[:1].isdigit():
            continue  # a model's series before its number ("KMN 80-50-200"): the code tells
        if folded in caps and folded not in units and any(folded in g for g in unknown) and word not in out:
            unit = unit_span_after_text(folded, 0)
            if unit is None or unit[1] < len(folded):
                out.append(word)
    return out


def unwritten_superlatives(question: str, groups: list[tuple[str, ...]], df: dict[str, int]) -> set[tuple[str, ...]]:
    """The word groups of `question` (analysis.query_groups) that carry its superlative
    (answer.extreme.superlative: "cheapest", "самый дорогой", "最便宜") and that no chunk of
    the library writes in any form (`df`: Catalog.term_df of their forms). A price list
    writes prices, not "the cheapest"; the row that is cheapest is found by comparing rows,
    so such a word is neither a word a passage must hold nor one the library lacks. A
    superlative the library writes ("Maximum pressure") stays a word of the question."""
    sup = superlative(question)
    if sup is None:
        return set()
    return {g for g in groups if sup.words.intersection(g) and not any(df.get(t, 0) for t in g)}


def _asked_weights(groups: list[tuple[str, ...]], df: dict[str, int], question: str, n_chunks: int,
                   bylines: Sequence[str] = (), editions: Sequence[str] = ()
                   ) -> tuple[dict[tuple[str, ...], float], Callable[[str], set[str]]]:
    """IDF weight per question word (extractive.group_weights over `df`, the chunk
    frequencies of the words' index forms), plus the pseudo word of what
    the question asks for beyond its words, and the `marks` function that finds it in a
    sentence (extractive.candidates):

    * a who-question (asked_type.asks_person): a name, weighed as much as the question's
      rarest word, so evidence with the other words but nobody named ("without written
      permission" for "Who wrote …?") does not pass;
    * an authorship question (asked_type.asks_author): one of `bylines` (the title-block
      by-lines of the hits' documents, `with_byline_hits`) holds the name and stands for
      the authorship words ("Who is the author of …?" is answered by the name under the
      title);
    * an edition question (asked_type.asks_edition): one of `editions` (the cover-page
      edition lines of the documents it names, `with_edition_hits`) stands for the edition
      words and for a pseudo word weighed as much as the question's rarest ("Which version
      is the xpinyin manual, of which date?" is answered by its cover's "2022/07/14 v3.1").
    """
    weights = extractive.group_weights(groups, df, n_chunks)
    marks: Callable[[str], set[str]] = asked_type.value_marks
    if not weights:
        return weights, marks
    if asked_type.asks_person(question):
        weights[asked_type.PERSON_GROUP] = max(weights.values())
    if bylines:  # only an authorship question has them (gather)
        marks = asked_type.byline_marks(marks, list(bylines), asked_type.author_words(question))
    if editions:  # only an edition question has them (gather)
        weights[asked_type.EDITION_GROUP] = max(weights.values())
        marks = asked_type.line_marks(marks, list(editions),
                                      asked_type.edition_words(question) | {asked_type.EDITION_GROUP[0]})
    return weights, marks


def _scoped(flt: SearchFilter | None) -> bool:
    """Whether to check that some document is in scope before searching: always, except for
    a plain choice of documents (their absence is the ordinary "not found")."""
    return flt is None or flt.narrows() or flt.doc_ids is None


def no_document_message(flt: SearchFilter | None, lang: str) -> str:
    """The refusal when no ready document is in scope, naming what is missing in `lang`."""
    flt = flt or SearchFilter()
    if not (flt.model or flt.modification or flt.revision) and flt.trust is None and not flt.include_uploaded:
        return message("only_uploaded", lang)
    return message("no_document", lang).format(what=scope_words(flt, lang))


def scope_words(flt: SearchFilter, lang: str) -> str:
    """"PX-200 modification C revision 3.0" (trust levels too when asked) in `lang`."""
    words = {"en": ("modification", "revision", "trust"), "ru": ("модификация", "редакция", "доверие"),
             "zh": ("改型", "版本", "可信度")}.get(lang, ("modification", "revision", "trust"))
    parts = [flt.model] if flt.model else []
    if flt.modification:
        parts.append(f"{words[0]} {flt.modification}")
    if flt.revision:
        parts.append(f"{words[1]} {flt.revision}")
    if flt.trust is not None:
        parts.append(f"({words[2]}: {', '.join(flt.trust)})")
    sep = ", " if lang == "ru" else " "
    return sep.join(parts)


def threshold(lib: LibraryLike) -> float:
    """The refusal bar on the best window's answerability probability: the library's
    setting (Settings.min_answerability) when given, else the model's own threshold."""
    bar = getattr(lib.settings, "min_answerability", None)
    return answerability.load().threshold if bar is None else bar


def relevance(cands: list[extractive.Candidate], bar: float, prob: dict[int, float]) -> Relevance:
    """Relevance of the best candidate (the first): its coverage, its chunk's dense cosine,
    and its answerability probability as the score; zero when there is none."""
    if not cands:
        return Relevance(coverage=0.0, score=0.0, threshold=bar)
    best = cands[0]
    dense = best.hit.dense
    return Relevance(coverage=round(best.coverage, 4), dense=None if dense is None else round(dense, 4),
                     score=round(prob.get(id(best), 0.0), 4), threshold=bar)


def sufficient(rel: Relevance) -> bool:
    """Whether evidence this likely to answer may answer: its probability reaches the bar."""
    return rel.score >= rel.threshold


def refusal_answer(q: str, lang: str, scope: Scope, key: RefusalKind, timings: dict,
             rel: Relevance | None = None, unmatched: list[str] | None = None,
             other: tuple[str, str, str] | None = None, found: str | None = None) -> Answer:
    """A refused Answer (`refusal` = `key`) with `key`'s message and a warning saying why, in `lang`: `other`
    (message key, what was asked, what was found) for evidence about another model or
    document; `found`, a sentence already written (the passages are in another language);
    else what the best passage lacked (`unmatched`, words as written) or that it states
    nothing asked."""
    warnings = []
    if found is not None:
        warnings.append(found)
    elif other is not None:
        why, asked, found = other
        warnings.append(message(why, lang).format(asked=asked, found=found))
    elif rel and rel.coverage and unmatched:  # say what no passage found holds, in words, not scores
        lack = message("why_lacks", lang).format(words=listed(unmatched, lang))
        warnings.append(message("why_covered", lang).format(coverage=f"{rel.coverage:.0%}", lack=lack))
    elif rel and unmatched and not rel.coverage:
        words = ("：" if lang == "zh" else ": ") + listed(unmatched, lang)
        warnings.append(message("why_no_words", lang).format(words=words))
    elif rel:  # no word is lacking from every passage found (never an empty list of words)
        warnings.append(message("why_not_stated", lang))
    return Answer(question=q, status="refused", language=lang, scope=scope, refusal=key,
                  answer=message(key, lang), timings=timings, warnings=warnings, relevance=rel)
