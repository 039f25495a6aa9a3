"""answer_question: the stages of an answer, each in its own module with typed data between:
question -> retrieve (answer.retrieve: hits) -> candidates (answer.extractive: one sentence
window per hit) -> evidence checks (answer.evidence: sibling model, other edition, other
document) -> features (answer.features: WindowFeatures) -> rank and refuse
(answer.answerability: a probability per window, the bar) -> claims, verified quotes and the
Answer (here).

The library object passed in provides `index` (search), `catalog` (term statistics,
documents) and `page_text(doc_id, page)` (the source text quotes are verified against).
Page numbers and labels in citations come from the index record, never from text.
"""
from __future__ import annotations

import dataclasses
import time
from typing import Callable

from pincite.chunk.model import section_of
from pincite.contract import Answer, Claim, Clarification, Passage, Relevance, Scope, SearchResult
from pincite.text import analysis

from ..config import MAX_QUESTION_CHARS
from ..errors import QuestionError
from ..index.base import SearchFilter
from ..text.cjk import is_cjk
from . import answerability, asked_type, extractive, features, soft
from .calculate import calculation_line, conversion_for, unconverted_target, without_target_unit
from .cite import SECTION_SEP, citation_for
from .evidence import (
    asked_and_found,
    further_bar,
    names_any,
    names_other_code,
    names_other_edition,
    on_target,
    window_tokens,
)
from .features import WindowFeatures
from .messages import message
from .normalize import readable_text
from .retrieve import (
    NAMING_HITS,
    LibraryLike,
    index_terms,
    named_docs,
    probe,
    retrieve,
    title_words,
    unknown_words,
    with_byline_hits,
)
from .scope import clarification, resolve, scope_of, twins
from .verify import verify_quote

#: Chunk kinds of contents and index pages (chunking.navigation_kind).
NAVIGATION_KINDS = ("contents", "index")
#: Claims returned at most (the ranked citation list that hit@5 is computed over).
MAX_CLAIMS = 5


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
    named: set[str]
    naming: set[tuple[str, ...]]
    general: dict[tuple[str, ...], float]
    unknown: set[tuple[str, ...]]
    lexical: list[extractive.Candidate]
    embedder: object | None
    model: answerability.AnswerabilityModel
    #: word matcher of the question (answer.soft), None without an embedder
    soft: soft.WordMatcher | None = None

    def about_other_model(self, cand: extractive.Candidate) -> bool:
        """Evidence naming a sibling of an asked code ("PX-300" for "PX-200") but not the code
        itself, or another edition of a named document ("REVTEX 4.2" for a question about
        "REVTeX 4.1"; `editions` is empty when a revision filter already chose it): about
        another model. It never decides that a question is answered: when nothing else is
        found, the library lacks the asked model or edition."""
        return names_other_code(cand, self.groups) or names_other_edition(cand, self.editions)

    def about_other_doc(self, cand: extractive.Candidate) -> bool:
        """Evidence from another document than the one the question names by its title or
        file name ("How much does a siunitx license cost?" is not answered by the CTeX FAQ's
        licence notice), when it does not name that document's words itself."""
        return bool(self.named) and cand.hit.doc_id not in self.named and not names_any(cand, self.naming)

    def chance(self, cand: extractive.Candidate, f: WindowFeatures) -> float:
        """The model's probability for a window with features `f`, except that a window that
        holds none of the question's words (words naming its document aside), no value of an
        asked type and no by-line asked for says nothing the question asks: 0, whatever the
        model makes of its neighbours' words or its meaning."""
        return self.model.probability(f) if f.word_share > 0 or cand.coverage > 0 else 0.0

    def probability(self, hit, start: int, end: int) -> float:
        """Probability (0..1) that the span [start, end) of `hit`'s page text answers the
        question (`chance` of its features)."""
        return self.judge(hit, start, end)[2]

    def judge(self, hit, start: int, end: int) -> tuple[extractive.Candidate, WindowFeatures, float]:
        """The span [start, end) of `hit`'s page text as a candidate window: (the candidate,
        with its coverage and missing key word; its features; `chance` of them)."""
        cand = extractive.span_candidate(hit, start, end, self.weights, self.marks)
        row = list(self.lexical)
        pos = next((i for i, c in enumerate(row) if c.hit.chunk_id == hit.chunk_id), len(row))
        row[pos:pos + 1] = [cand]
        other_model = {id(cand)} if self.about_other_model(cand) else set()
        other_doc = {id(cand)} if not other_model and self.about_other_doc(cand) else set()
        cosines = None
        if self.embedder is not None:
            cosines = [0.0] * len(row)
            cosines[pos] = (features.window_cosines(self.embedder, self.question, [cand]) or [0.0])[0]
        f = features.compute(row, self.groups, self.general, other_model, other_doc, NAVIGATION_KINDS,
                             cosines, unknown=self.unknown, soft=self.soft)[pos]
        return cand, f, self.chance(cand, f)


def gather(lib: LibraryLike, question: str, flt: SearchFilter | None = None,
           coverage_text: str | None = None, asked: str | None = None) -> Gathered:
    """Validate the question, retrieve and rank evidence, and decide refusal.

    `coverage_text` (a compound question's part without the context copied into it, see
    split.core_of): the words whose coverage ranks evidence and decides refusal; all words of
    `question` still drive retrieval. `asked` (default `question`): the question as
    written, before answer.scope took the phrases naming a model over ("REVTeX" of "REVTeX
    4.1"); the editions it names (analysis.editions) are read from it. `refusal` is set (an Answer with
    status "refused") when the library is empty or the best evidence misses a calibrated bar; no answer may
    then be written, by any model. Raises QuestionError for a blank or over-long question.
    """
    q = check_question(question)
    lang = analysis.detect_language(q)
    scope = scope_of(flt)
    t0 = time.perf_counter()
    n_chunks = lib.catalog.chunk_count()
    if n_chunks == 0:
        timings = {"retrieve": time.perf_counter() - t0}
        return Gathered(q, lang, scope, flt, [], [], [], set(), None, timings,
                        refusal=_refusal(q, lang, scope, "empty_library", timings))
    groups = analysis.query_groups(q) or [(t,) for t in dict.fromkeys(analysis.tokens(q))]
    terms = index_terms(groups)
    hits = retrieve(lib, q, groups, flt)
    if not hits and _scoped(flt) and lib.index.count_matching(flt) == 0:
        # Nothing in scope: say which document is missing; never search without the filter.
        # (Any hit proves something is in scope, so the count is needed only without hits.)
        timings = {"retrieve": time.perf_counter() - t0}
        refusal = Answer(question=q, status="refused", language=lang, scope=scope,
                         answer=no_document_message(flt, lang), timings=timings)
        return Gathered(q, lang, scope, flt, [], [], [], set(), None, timings, refusal=refusal)
    coverage_text = coverage_text or without_target_unit(q, lang)
    if coverage_text:
        groups = analysis.query_groups(coverage_text) or groups
    bylines: list[str] = []
    if asked_type.asks_author(coverage_text or q):
        hits, bylines = with_byline_hits(lib, hits, groups, flt, coverage_text or q)
    df = lib.catalog.term_df(index_terms(groups))  # the asked words' chunk frequencies, read once
    weights, marks = _asked_weights(groups, df, coverage_text or q, n_chunks, bylines)
    cands = extractive.candidates(hits, weights, marks)
    editions = set() if flt is not None and flt.revision else analysis.editions(asked or q)
    named, naming = named_docs(hits[:NAMING_HITS] + probe(lib, groups, flt), groups)
    naming = title_words(lib, named, naming)
    embedder = getattr(lib, "embedder", None) if lib.settings.retrieval != "bm25" else None
    general = features.general_weights(coverage_text or q, groups)
    unknown = unknown_words(groups, df)
    scorer = WindowScorer(q, groups, weights, marks, editions, named, naming, general, unknown,
                          list(cands), embedder, answerability.load(),
                          soft.WordMatcher(embedder, coverage_text or q, groups) if embedder is not None else None)
    # evidence about another model or edition, or from another document than the one named,
    # and a contents or index page (which only points elsewhere) go after the rest, however
    # well they match
    other_model = {id(c) for c in cands if scorer.about_other_model(c)}
    other_doc = {id(c) for c in cands if scorer.about_other_doc(c)} - other_model
    other = other_model | other_doc
    feats = features.compute(cands, groups, general, other_model, other_doc, NAVIGATION_KINDS,
                             features.window_cosines(embedder, q, cands), unknown=unknown, soft=scorer.soft)
    feat_of = {id(c): f for c, f in zip(cands, feats)}  # before the candidates are reordered
    prob = {id(c): scorer.chance(c, f) for c, f in zip(cands, feats)}
    cands.sort(key=lambda c: (id(c) in other, c.hit.kind in NAVIGATION_KINDS, -prob[id(c)]))
    timings = {"retrieve": time.perf_counter() - t0}
    own = [c for c in cands if id(c) not in other]
    bar = threshold(lib)
    rel = relevance(own, bar, prob)
    g = Gathered(q, lang, scope, flt, groups, terms, cands, other, rel, timings,
                 features=feat_of, probability=prob, scorer=scorer)
    if not sufficient(rel):
        sibling = [c for c in cands if id(c) in other]  # best first
        # would the sibling's evidence answer, were it about the asked model or document?
        as_own = {id(c): scorer.chance(c, dataclasses.replace(feat_of[id(c)], other_model=0.0, other_doc=0.0))
                  for c in sibling}
        sibling.sort(key=lambda c: -as_own[id(c)])
        if sibling and sufficient(relevance(sibling, bar, as_own)):
            # what was found would answer, but about the sibling: say so
            if id(sibling[0]) in other_model:
                why = asked_and_found(q, groups, editions, sibling[0])
            else:
                rows = [lib.catalog.get(d) for d in named]
                why = ("why_other_named", ", ".join(sorted(r.file_name for r in rows if r)) or ", ".join(named),
                       sibling[0].hit.file or sibling[0].hit.doc_id)
            g.refusal = _refusal(q, lang, scope, "not_found", timings, rel, other=why)
        else:
            g.refusal = _refusal(q, lang, scope, "not_found", timings, rel,
                                 _unmatched(q, groups, own[:1] if rel.coverage else cands))
    return g


def _asked_weights(groups: list[tuple[str, ...]], df: dict[str, int], question: str, n_chunks: int,
                   bylines: list[str] = ()
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
      title).
    """
    weights = extractive.group_weights(groups, df, n_chunks)
    marks: Callable[[str], set[str]] = asked_type.value_marks
    if not weights:
        return weights, marks
    if asked_type.asks_person(question):
        weights[asked_type.PERSON_GROUP] = max(weights.values())
    if bylines:  # only an authorship question has them (gather)
        marks = asked_type.byline_marks(marks, list(bylines), asked_type.author_words(question))
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


def answer_question(lib: LibraryLike, question: str, flt: SearchFilter | None = None,
                    llm: object | None = None, *, serial: str | None = None, mode: str | None = None,
                    compare: list[str] | None = None) -> Answer:
    """Answer `question` from `lib`: refuse below the calibrated relevance bars, else answer
    extractively (offline) or, with `llm` (a pincite.answer.llm.LlmClient), with claims a
    model writes and the server verifies (pincite.answer.generate). The refusal is decided
    before any model call.

    The scope (answer.scope) is resolved first: options in `flt`, `serial` and `mode`
    ("current" or "as-shipped"), what the question names, and the library's registry decide
    the model, modification and revision searched. `compare` (revisions) answers once per
    revision, each from its own filtered search, in `compare[]`. Raises QuestionError,
    ValueError for a bad mode or an as-shipped question without a registered serial; with
    `llm`, LlmError when the model server fails."""
    q = check_question(question)
    if compare:
        res = resolve(lib, q, flt, serial=serial, mode=mode, pin_revision=False)
        return answer_compare(lib, q, res, compare, llm)
    parts, split_note = _split(q, llm)
    if len(parts) > 1:
        # each part resolves its own scope: "…for modification B? … for modification A?"
        def part_answer(p: str) -> Answer:
            from .split import core_of

            res_p = resolve(lib, p, flt, serial=serial, mode=mode, pin_revision=True)
            text = res_p.text or p
            a = answer_single(lib, text, res_p.flt, llm, coverage_text=core_of(text), asked=p)
            a.question = p
            return _with_scope(a, res_p)

        return answer_compound(lib, q, parts, flt, llm, split_note, part_answer=part_answer)
    res = resolve(lib, q, flt, serial=serial, mode=mode, pin_revision=True)
    text = res.text or q  # the question less the phrases the scope took over
    ans = answer_single(lib, text, res.flt, llm, asked=q)
    ans.question = q
    return _with_scope(ans, res)


def answer_single(lib: LibraryLike, question: str, flt: SearchFilter | None = None,
                  llm: object | None = None, coverage_text: str | None = None,
                  asked: str | None = None) -> Answer:
    """Answer one (not compound) question: gather evidence, refuse, ask back when the
    evidence comes from twins the scope does not separate (answer.scope.twins), or answer.
    `asked`: the question as written, before the scope took phrases of it over (see
    gather)."""
    g = gather(lib, question, flt, coverage_text, asked)
    if g.refusal is not None:
        return g.refusal
    clar = _clarify(lib, g) or _clarify_vague(lib, g)
    if clar is not None:
        return clar
    if llm is not None:
        from .generate import answer_with_llm

        return answer_with_llm(lib, g, llm)
    return _extractive_answer(lib, g)


def _kept(lib: LibraryLike, g: Gathered) -> list[extractive.Candidate]:
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


def _clarify_vague(lib: LibraryLike, g: Gathered) -> Answer | None:
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
    for c in _kept(lib, g):
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


def _clarify(lib: LibraryLike, g: Gathered) -> Answer | None:
    """A needs_clarification Answer (the question back and its choices, no number) when the
    evidence to cite comes from twins the scope does not separate; None otherwise."""
    found = twins([c.hit for c in _kept(lib, g)[:MAX_CLAIMS]], g.flt)
    if found is None:
        return None
    clar = clarification(lib, found, g.flt, g.lang)
    return Answer(question=g.question, status="needs_clarification", language=g.lang, scope=g.scope,
                  answer=clar.question, clarification=clar, timings=g.timings, relevance=g.rel)


def answer_compare(lib: LibraryLike, question: str, res, revisions: list[str],
                   llm: object | None = None) -> Answer:
    """One Answer per revision, each from its own search filtered to that revision (and the
    resolved model and modification), in `compare[]`; their claims are never mixed (the
    top-level Answer has none). Status: answered when every side is, partial when some are,
    refused when none is."""
    from pincite.contract import CompareItem

    lang = analysis.detect_language(question)
    items = []
    revs = list(dict.fromkeys(r.strip() for r in revisions if r and r.strip()))
    base = "" if res.scope.decided_by in ("default", "explicit option") else f"; {res.scope.decided_by}"
    for rev in revs:
        flt = dataclasses.replace(res.flt, revision=rev)
        sub = answer_single(lib, res.text or question, flt, llm)
        sub.question = question
        entry = res.registry.entry(flt.model, flt.modification, rev)
        sub.scope = res.scope.model_copy(update={
            "revision": rev, "revision_status": entry.effective_status() if entry else None,
            "decided_by": f"compare: rev. {rev}{base}"})
        _mark_status(sub, res)
        items.append(CompareItem(revision=rev, answer=sub))
    answered = [i for i in items if i.answer.status == "answered"]
    status = "answered" if items and len(answered) == len(items) else "partial" if answered else "refused"
    lines = []
    for i in items:
        lines.append(message("compare_heading", lang).format(revision=i.revision) + ":")
        lines.append(i.answer.answer)
    scope = res.scope.model_copy(update={"revision": None, "revision_status": None,
                                         "decided_by": f"compare: rev. {' and '.join(revs)}{base}"})
    return Answer(question=question, status=status, language=lang, scope=scope, answer="\n".join(lines),
                  compare=items, warnings=list(res.warnings),
                  timings={k: round(sum(i.answer.timings.get(k, 0.0) for i in items), 4)
                           for k in {k for i in items for k in i.answer.timings}})


def _with_scope(ans: Answer, res) -> Answer:
    """`ans` with the resolved scope, its notes among the warnings, and each citation's
    revision status from the registry."""
    ans.scope = res.scope
    for p in ans.parts:
        p.scope = res.scope
    ans.warnings = list(res.warnings) + [w for w in ans.warnings if w not in res.warnings]
    _mark_status(ans, res)
    return ans


def _mark_status(ans: Answer, res) -> None:
    """Set `status` (in_force, superseded, ...) on citations of registered revisions."""
    if not res.registry:
        return
    cites = ans.citations() + list(ans.passages) + [c for p in ans.parts for c in p.citations()]
    for c in cites:
        if not (c.model and c.revision):
            continue
        mods = ([res.flt.modification] if res.flt.modification
                else [m.strip() for m in (c.modification or "").split(",")])
        for m in mods:
            e = res.registry.entry(c.model, m, c.revision)
            if e is not None:
                c.status = e.effective_status()
                break


def _filter_of(scope: SearchFilter | dict | None, doc_ids: list[str] | None) -> SearchFilter:
    """A fresh SearchFilter from `scope` (a SearchFilter, copied, or a scope object; ValueError
    for a bad one), narrowed to `doc_ids` when given."""
    if scope is None or isinstance(scope, SearchFilter):
        flt = dataclasses.replace(scope or SearchFilter())
    else:
        flt = SearchFilter.from_scope(scope)
    if doc_ids is not None:
        flt.doc_ids = doc_ids
    return flt


def ask_library(lib: LibraryLike, question: str, scope: SearchFilter | dict | None = None, *,
                doc_ids: list[str] | None = None, llm=None, serial: str | None = None,
                mode: str | None = None, compare: list[str] | None = None) -> Answer:
    """Library.ask with the registry options too (serial, mode, compare): `scope` a
    SearchFilter or a scope object, `llm` LlmSettings (a client is opened for the call)."""
    flt = _filter_of(scope, doc_ids)
    if llm is None:
        return warn_hidden_text(lib, answer_question(lib, question, flt, serial=serial, mode=mode,
                                                     compare=compare))
    from .llm import LlmClient

    with LlmClient(llm) as client:
        return warn_hidden_text(lib, answer_question(lib, question, flt, llm=client, serial=serial,
                                                     mode=mode, compare=compare))


#: A hidden text is shown in a warning cut to this many characters.
HIDDEN_SHOWN_CHARS = 120


def warn_hidden_text(lib: LibraryLike, ans: Answer) -> Answer:
    """`ans` with a "hidden text on this page" warning (in its language) for every page cited
    or offered as a passage (parts and compared revisions included) whose text layer holds
    text a reader cannot see (``lib.page_hidden``, PageText.hidden), unless that text is
    punctuation alone (typesetters leave stray marks just off the page): that text was left out
    of the page text at extraction, so no quote holds it, but it is a sign of tampering a
    user should know of. A library without ``page_hidden`` gets no warning."""
    hidden_of = getattr(lib, "page_hidden", None)
    if hidden_of is None:
        return ans
    answers = [ans] + [i.answer for i in ans.compare]
    cites = [c for a in answers for c in a.citations() + list(a.passages)
             + [c for part in a.parts for c in part.citations()]]
    seen: set[tuple[str, int]] = set()
    for c in cites:
        if c.page is None or (c.doc_id, c.page) in seen:
            continue
        seen.add((c.doc_id, c.page))
        try:
            hidden = hidden_of(c.doc_id, c.page)
        except Exception:  # a page the model no longer has: nothing to warn of
            continue
        for h in hidden:
            if not any(ch.isalnum() for ch in h["text"]):
                continue  # a stray '.' or ')' off the page states nothing a reader could miss
            text = h["text"] if len(h["text"]) <= HIDDEN_SHOWN_CHARS else h["text"][:HIDDEN_SHOWN_CHARS] + "…"
            note = message("hidden_text", ans.language).format(
                where=f"{c.file}, PDF p. {c.page}", reason=h["reason"], text=repr(text))
            if note not in ans.warnings:
                ans.warnings.append(note)
    return ans


#: Passages a search returns when the caller names no limit, and the most it may ask for.
SEARCH_LIMIT = 8
MAX_SEARCH_LIMIT = 30


def search_passages(lib: LibraryLike, question: str, scope: SearchFilter | dict | None = None, *,
                    doc_ids: list[str] | None = None, limit: int = SEARCH_LIMIT) -> SearchResult:
    """The passages that may answer `question`, ranked as an answer would rank them
    (`gather`: hybrid retrieval, sentence windows, the answerability model), without
    writing an answer: the first `limit` (1..MAX_SEARCH_LIMIT) passages, each with its
    whole text and a citation whose quote (its best sentences) is checked against the page.

    `scope`: a SearchFilter or a scope object, used as given (no registry resolution);
    `doc_ids` narrows it. An empty library or scope gives no passages and a note.
    Raises QuestionError for a blank or over-long question, ValueError for a bad scope
    object or limit.
    """
    if not 1 <= limit <= MAX_SEARCH_LIMIT:
        raise ValueError(f"limit {limit}: choose 1 to {MAX_SEARCH_LIMIT} passages")
    flt = _filter_of(scope, doc_ids)
    g = gather(lib, question, flt)
    passages = []
    for cand in g.cands[:limit]:
        claim = _claim(lib, cand, g.terms)
        passages.append(Passage(rank=len(passages) + 1, probability=round(g.probability.get(id(cand), 0.0), 4),
                                text=readable_text(cand.hit.text), citation=claim.citations[0],
                                other_source=id(cand) in g.other_code))
    note = None
    if g.refusal is not None:
        note = " ".join([g.refusal.answer] + g.refusal.warnings)
    return SearchResult(question=g.question, language=g.lang, scope=g.scope, threshold=threshold(lib),
                        answerable=g.refusal is None, note=note, passages=passages)


def answer_compound(lib: LibraryLike, question: str, parts: list[str], flt: SearchFilter | None,
                    llm: object | None = None, split_note: str | None = None,
                    part_answer: Callable[[str], Answer] | None = None) -> Answer:
    """Answer each sub-question on its own and join them: by `part_answer(part)` (answer_question
    passes one that resolves each part's own scope within the caller's filter), else within
    `flt`.

    Every part is an Answer in `parts[]` with its own citations. All parts answered:
    status "answered"; some: "partial" (the proven parts shown, the others say "not found in
    the library" or "not confirmed", never a guess); none: "refused". `claims` lists the
    parts' claims in part order, so the first citation is the first part's best.
    """
    lang = analysis.detect_language(question)
    from .split import core_of

    if part_answer is None:
        def part_answer(p: str) -> Answer:
            return answer_single(lib, p, flt, llm, coverage_text=core_of(p))
    subs = [part_answer(p) for p in parts]
    answered = [a for a in subs if a.status == "answered"]
    status = "answered" if len(answered) == len(subs) else "partial" if answered else "refused"
    lines = []
    for i, a in enumerate(subs, 1):
        lines.append(f"({i}) {a.question}")
        lines.append(a.answer)
    warnings = [split_note] if split_note else []
    for i, a in enumerate(subs, 1):
        if a.status != "answered":
            warnings.append(f"part {i} is not answered ({a.status}): {a.question}")
    timings: dict[str, float] = {}
    for a in subs:
        for k, v in a.timings.items():
            timings[k] = round(timings.get(k, 0.0) + v, 4)
    usage = None
    if any(a.usage for a in subs):
        usage = {}
        for a in subs:
            for k, v in (a.usage or {}).items():
                usage[k] = usage.get(k, 0) + v
    first = subs[0]
    return Answer(question=question, status=status, language=lang, scope=first.scope,
                  answer="\n".join(lines), claims=[c for a in subs for c in a.claims], parts=subs,
                  warnings=warnings, timings=timings, mode=first.mode, model=first.model, usage=usage,
                  relevance=min((a.relevance for a in subs if a.relevance), key=lambda r: r.score, default=None))


def _split(q: str, llm: object | None) -> tuple[list[str], str | None]:
    """Sub-questions of `q`: by the configured query model on the LLM path (falling back to
    the rules when it fails), else by the offline rules (answer.split)."""
    if llm is not None:
        from .generate import split_with_model

        return split_with_model(llm, q)
    from .split import split_question

    return split_question(q), None


def _extractive_answer(lib: LibraryLike, g: Gathered) -> Answer:
    t1 = time.perf_counter()
    rel = g.rel
    claims = _distinct_claims(lib, _kept(lib, g), g.terms)
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
    unit = unconverted_target(g.question, g.lang)
    if unit is not None:
        warnings.append(message("not_converted", g.lang).format(unit=unit))
    return Answer(question=g.question, status="answered", language=g.lang, scope=g.scope,
                  answer=text, claims=claims, timings=timings, relevance=rel, calculation=conversion,
                  warnings=warnings)


def _distinct_claims(lib: LibraryLike, keep: list[extractive.Candidate], terms: list[str]) -> list[Claim]:
    """Claims of the kept candidates in order, at most MAX_CLAIMS, leaving out a claim whose
    quote repeats one already kept from the same page (equal, or contained in it after
    normalisation): a page chunk, a bridge chunk and a table chunk can hold one sentence."""
    from .normalize import normalize

    claims: list[Claim] = []
    seen: list[tuple[str, int | None, str]] = []
    for cand in keep:
        if len(claims) == MAX_CLAIMS:
            break
        claim = _claim(lib, cand, terms)
        cit = claim.citations[0] if claim.citations else None
        if cit is not None and cit.verified:
            key = (cit.doc_id, cit.page, normalize(cit.quote).text)
            if any(d == key[0] and p == key[1] and (key[2] in q or q in key[2]) for d, p, q in seen):
                continue
            seen.append(key)
        claims.append(claim)
    return claims


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


def _claim(lib: LibraryLike, cand: extractive.Candidate, terms: list[str]) -> Claim:
    hit = cand.hit
    # a bridge chunk (a sentence across a page break) is its own source: cand indexes its text
    page_text = hit.text if hit.parts else lib.page_text(hit.doc_id, hit.page)
    start, end = extractive.quote_span(page_text, cand.start, cand.end, terms)
    quote = extractive.clean_quote(page_text[start:end])
    check = verify_quote(quote, page_text)
    unit = None if hit.parts else lib.model(hit.doc_id).page(hit.page)  # a bridge is its own source
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
    elif check.verified and (hit.address or {}).get("kind") == "sheet":
        # a spreadsheet row reads as "row name / asked column: value", all as the quote writes it
        from .table_verify import sheet_cell_claim

        text = sheet_cell_claim(quote, terms) or text
    return Claim(text=text, verified=check.verified, reason=check.reason, citations=[cit])


def _shows(quote: str, part: str) -> bool:
    """Whether `part` (a table row header or cell value) stands in `quote`, compared as
    normalised text (answer.normalize, the rule quotes are verified by)."""
    from .normalize import normalize

    part_n = normalize(part).text
    return bool(part_n) and part_n in normalize(quote).text


def _unmatched(q: str, groups: list[tuple[str, ...]], cands: list[extractive.Candidate]) -> list[str]:
    """The question's words (as written) none of whose forms stands in any candidate's
    window, less those that name a candidate's document (they do not count as evidence, so
    they are not named as missing either): what the refusal says was lacking."""
    held = set().union(*(window_tokens(c) for c in cands)) if cands else set()
    names = set().union(*(set(c.hit.name_terms) for c in cands)) if cands else set()
    lacking = [g for g in groups if not held & set(g) and not extractive.names_document(g, names)]
    out = [g[0] for g in lacking if is_cjk(g[0][0])]  # a Chinese word is its own form
    for raw in q.split():
        forms = set(analysis.tokens(raw))
        if not is_cjk(raw[0]) and any(forms & set(g) for g in lacking):
            out.append(raw.strip(".,;:!?«»\"'()？，。"))
    return list(dict.fromkeys(w for w in out if w))


def _refusal(q: str, lang: str, scope: Scope, key: str, timings: dict,
             rel: Relevance | None = None, unmatched: list[str] | None = None,
             other: tuple[str, str, str] | None = None) -> Answer:
    warnings = []
    if other is not None:
        why, asked, found = other
        warnings.append(message(why, lang).format(asked=asked, found=found))
    elif rel and rel.coverage and unmatched:  # say what was missing, in words, not scores
        lack = message("why_lacks", lang).format(words=", ".join(unmatched))
        warnings.append(message("why_covered", lang).format(coverage=f"{rel.coverage:.0%}", lack=lack))
    elif rel and rel.coverage:
        warnings.append(message("why_not_stated", lang))
    elif rel:
        words = ("：" if lang == "zh" else ": ") + ", ".join(unmatched) if unmatched else ""
        warnings.append(message("why_no_words", lang).format(words=words))
    return Answer(question=q, status="refused", language=lang, scope=scope,
                  answer=message(key, lang), timings=timings, warnings=warnings, relevance=rel)
