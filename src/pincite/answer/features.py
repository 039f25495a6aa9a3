"""Features of a candidate answer window, the input of the answerability model.

A candidate (extractive.Candidate) is one sentence window of one retrieved chunk. For each
we compute general signals that do not depend on which library it came from or on any one
question: lexical overlap weighted two ways (by the library's IDF and by general-language
word frequency, which stays meaningful in a library of one file where IDF collapses), dense
similarity, soft coverage (each question word matched to its nearest word of the window by
the cosine of the embedder's word vectors, answer.soft, so a paraphrase or a translation
counts in part), retrieval rank, whether the window holds a value of the type the question
asks for, and its structure (contents line, heading, table, another model or document). The
model that combines them (answer.answerability) is trained on the development set
(benchmarks/devset) by benchmarks/train_answerability.py.

Nothing here is computed at import time; `wordfreq` is loaded on first use.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, AbstractSet, Callable, Iterator

from pincite.text import analysis, lazyre, zipf
from pincite.text.cjk import cjk_letter_count

from ..index.base import Hit
from . import asked_type, extractive, soft

if TYPE_CHECKING:
    from .soft import WordMatcher

#: Zipf frequency (log10 of occurrences per billion words, wordfreq's scale) given to a word
#: wordfreq does not know: about that of a rare technical term (text.zipf.UNKNOWN_ZIPF).
UNKNOWN_ZIPF = zipf.UNKNOWN_ZIPF
#: Soft coverage's match of a question word the window does not hold when no word vectors
#: are known (no embedder): the mean best cosine (use-m3) of such words over all candidate
#: windows of the development set's tune split (0.41; quartiles 0.34 and 0.47; measured
#: 2026-12-02), i.e. the feature is imputed by its mean.
UNMATCHED_COSINE = 0.41
#: A question asking when: "When …?", "Когда …?" leading it (a "when" inside it is mostly a
#: condition: "… when the option is given"), "什么时候", "何时" anywhere.
_ASKS_WHEN = lazyre.compile(r"^\W*(?:when|когда)\b|什么时候|何时", re.IGNORECASE)
#: Zipf value above which a word carries no weight: the most frequent function words of a
#: language sit at 6-7.5 on this scale (wordfreq documentation).
ZIPF_CEILING = 7.0


@dataclass(frozen=True)
class WindowFeatures:
    """Signals of one candidate window, each a float (flags are 0.0 / 1.0).

    Words of the question that name the window's document (its title, file name or cover)
    are left out of the window's shares when other words remain, as in extractive.candidates.
    coverage: share of the question's IDF-weighted words in the window (extractive.coverage);
    key_missing: 1 when the question's rarest
    word is absent; general_coverage: share of the question's words in the window weighted by
    general-language rarity (ZIPF_CEILING - zipf frequency); chunk_coverage: the same over the
    whole chunk and its document's naming terms; word_share: unweighted share of question
    words in the window; missing_max: the general weight of the rarest question word absent
    from the window over that of the rarest question word (0 when none is absent);
    missing_count: ln(1 + question words absent from the window); unknown_words: ln(1 +
    question words that occur nowhere in the library, in any form); unknown_share: their
    share of the question's general weight (a question about a "warranty" of a library that
    never says "warranty" is seldom answerable, unless a paraphrase is, which the dense
    features see); dense: cosine of question and chunk vectors (0 without one);
    window_dense: cosine of question and window vectors (the chunk's cosine when windows
    are not embedded); has_dense: 1 when a cosine is known; inv_rank: 1 / retrieval rank;
    cand_pos: 1 / position of the window's passage among the candidates' passages in their
    lexical ranking; window_first: 1 for the lexically first window of its passage (so that
    which of a passage's windows is shown never depends on where an index engine ranked the
    passage among its exact ties); type_asked: the question asks for a
    typed value (number, date, quantity, name, ...); type_match: the window holds a value of
    an asked type; navigation: the chunk is a contents or index page; states_nothing: the
    window is a heading, a contents line or a question; table: the window is table
    evidence (`is_table_window`: a table, table row or sheet range, or one row of a DOCX
    table on a text page); other_model: the window is about a sibling model code or another
    edition than the one asked; other_doc: the question names another document; log_chars: ln(1 + window
    characters); n_words: ln(1 + question words); best_gap: this window's general coverage
    less the best general coverage among the question's candidates; soft_coverage: the
    question words' general-weighted mean match (`soft_coverage`): 1 for a word the window
    holds, else the best cosine of its word vector with a word of the window's (a
    paraphrase, "heavy" ~ "weight", or a translation scores near 0.7-0.9 with use-m3, an
    unrelated word near 0.2-0.45); without an embedder, each word not held counts
    UNMATCHED_COSINE; cross_language: 1 when the window's passage is written in another
    language than the question (analysis.detect_language of the passage and of the
    question): its lexical signals are then near zero whether or not it answers, so the
    model needs to know; cross_dense and cross_soft: window_dense and soft_coverage times
    cross_language, so the weight of meaning-based signals can differ for such passages
    (a logistic regression has no interaction terms of its own); attr_missing: missing_max
    among the question words that are not identifiers (`identifiers`: codes, names, words
    general language does not know), so that what is asked of a thing counts apart from the
    thing's name, which is rarer and would outweigh it; table_missing: attr_missing times
    `table`, where a value stands under its header and an asked attribute that no header
    names is seldom there under another word; attr_dense: cosine of the window's vector and
    that of the question without the words naming the thing asked about
    (`attribute_text`), so that a title or cover sharing only the question's names does not
    look like an answer (cross-language most of all, where the names are the only words the
    two texts share); 0 when the question names codes (words holding a digit) and neither the
    window's passage nor its document's naming terms hold any of them (what is asked of
    another machine answers nothing: a dense vector blind to "16K25" must not find the oil
    volume of the "6P82"; one code of two suffices, as a comparison's row names one);
    window_dense when the question names nothing.
    """

    coverage: float
    key_missing: float
    general_coverage: float
    chunk_coverage: float
    word_share: float
    missing_max: float
    missing_count: float
    unknown_words: float
    unknown_share: float
    dense: float
    window_dense: float
    has_dense: float
    inv_rank: float
    cand_pos: float
    window_first: float
    type_asked: float
    type_match: float
    navigation: float
    states_nothing: float
    table: float
    other_model: float
    other_doc: float
    log_chars: float
    n_words: float
    best_gap: float
    soft_coverage: float
    cross_language: float
    cross_dense: float
    cross_soft: float
    attr_missing: float
    table_missing: float
    attr_dense: float

    @classmethod
    def names(cls) -> list[str]:
        """Feature names in vector order."""
        return [f.name for f in fields(cls)]

    def vector(self) -> list[float]:
        """The features as a list in `names()` order."""
        return [float(getattr(self, n)) for n in self.names()]


_LATIN_RUN = lazyre.compile(r"[A-Za-z0-9][A-Za-z0-9.\-/_]*")

#: A word's Zipf frequency, UNKNOWN_ZIPF for one wordfreq does not know (text.zipf).
_zipf = zipf.general_zipf


def written_words(question: str) -> Iterator[tuple[tuple[str, ...], str, str]]:
    """(group of index forms, the word as the question writes it, its language) for each
    word of `question`, in order (analysis.query_groups of each whitespace-separated part):
    the word folded to lower case without edge punctuation or an English possessive
    ("workbook's" is "workbook"); a Chinese group's word is its first form. The language is
    that of the group's script (analysis.detect_language)."""
    for part in question.split():
        for g in analysis.query_groups(part):
            lang = analysis.detect_language(g[0])
            word = g[0] if lang == "zh" else part.strip(analysis.WORD_EDGE_PUNCT).lower()
            if word.endswith(("'s", "’s")):
                word = word[:-2]
            yield g, word, lang


def general_weights(question: str, groups: list[tuple[str, ...]]) -> dict[tuple[str, ...], float]:
    """Weight per question word (group of index forms, as in `groups`) from its rarity in
    general language: ZIPF_CEILING less its wordfreq Zipf frequency (at least 0.1). Each
    group's word is looked up in the language of its script; a group whose written form is
    not found among the question's words gets the weight of an unknown word."""
    written: dict[tuple[str, ...], float] = {}
    for g, word, lang in written_words(question):
        written.setdefault(g, max(0.1, ZIPF_CEILING - _zipf(word, lang)))
    out = {}
    for g in groups:
        w = written.get(g)
        if w is None:
            w = next((v for k, v in written.items() if set(k) & set(g)), None)
        out[g] = w if w is not None else max(0.1, ZIPF_CEILING - UNKNOWN_ZIPF)
    return out


def window_text(cand: extractive.Candidate) -> str:
    """The text of a candidate's sentence window (its span of the hit's text)."""
    return cand.hit.text[cand.start - cand.hit.char_start:cand.end - cand.hit.char_start]


def compute(cands: list[extractive.Candidate], groups: list[tuple[str, ...]],
            general: dict[tuple[str, ...], float], other_model: set[int], other_doc: set[int],
            navigation_kinds: tuple[str, ...], window_cosines: list[float] | None = None,
            unknown: AbstractSet[tuple[str, ...]] = frozenset(), soft: WordMatcher | None = None,
            question_lang: str | None = None, question: str = "",
            marks: Callable[[str], set[str]] = asked_type.value_marks,
            attr_cosines: list[float] | None = None,
            context: Callable[[str], str] | None = None) -> list[WindowFeatures]:
    """Features of every candidate of one question, in the order of `cands` (which is the
    lexical ranking order: best extractive score first). `groups`: the question's words;
    `general`: general_weights of them; other_model / other_doc: id() of candidates about
    a sibling model or edition, and from another document than the one named;
    window_cosines: per candidate, the cosine of the question's and the window's dense
    vectors (None: no embedder); unknown: the question words (groups) none of whose forms
    occurs in the library; soft: the question's answer.soft.WordMatcher (None without an
    embedder: see soft_coverage); question_lang: the question's language
    (analysis.detect_language), which the passages' languages are compared with (None: every
    passage counts as in the question's language); marks: the answer-type pseudo forms a
    text holds, as the candidates were scored with (asked_type.value_marks, or with the
    by-lines of an authorship question, asked_type.byline_marks); context: a window's text with
    what it stands under that it does not write (a table row's headers and title,
    rank.RowContext.text), which the soft matcher reads in its place. Raises what the
    embedder raises (EmbedderError) when word vectors cannot be computed."""
    read = context or (lambda text: text)
    typed = [asked_type.typed_group(g) for g in groups]
    names_asked = identifiers(question, groups, general)
    codes_asked = [g for g in names_asked if any(ch.isdigit() for ch in g[0])]
    asked_types = {g[-1] for g in typed if g[-1].startswith(asked_type.MARK)}
    if question and _ASKS_WHEN.search(question):
        # "When …?" asks for a date or a year, as "what date" does
        asked_types |= {asked_type.MARK + "date", asked_type.MARK + "year"}
    gen_typed = {asked_type.typed_group(g): general.get(g, 0.1) for g in groups}
    total = sum(general.get(g, 0.1) for g in groups) or 1.0
    unknown_share = sum(general.get(g, 0.1) for g in groups if g in unknown) / total
    unknown_words = math.log1p(sum(1 for g in groups if g in unknown))
    chunk_lang: dict[str, str] = {}
    typed_of = {asked_type.typed_group(g): g for g in groups}
    if soft is not None:
        soft.prepare([read(window_text(c)) for c in cands])  # every window's new words in one batch
    passage_pos: dict[str, int] = {}
    first_window: dict[str, extractive.Candidate] = {}
    for c in cands:
        passage_pos.setdefault(c.hit.chunk_id, len(passage_pos) + 1)
        first_window.setdefault(c.hit.chunk_id, c)
    rows = []
    for pos, c in enumerate(cands, 1):
        text = window_text(c)
        h = c.hit
        found = marks(text)
        toks = set(extractive.text_tokens(text)) | found
        names = extractive.naming_terms(h)
        chunk_toks = set(extractive.text_tokens(h.text)) | marks(h.text) | names
        # words that only name the window's document (its title, file name, cover) do not
        # count when other words remain: the window must hold what is asked about it
        asked = {g: w for g, w in gen_typed.items() if not extractive.names_document(g, names)} or gen_typed
        absent = [w for g, w in asked.items() if extractive.credit(g, toks) == 0]
        present = len(asked) - len(absent)
        top = max(asked.values(), default=0.0)
        dense = h.dense
        wdense = window_cosines[pos - 1] if window_cosines is not None else dense
        if h.chunk_id not in chunk_lang:
            chunk_lang[h.chunk_id] = analysis.detect_language(h.text)
        cross = float(question_lang is not None and chunk_lang[h.chunk_id] != question_lang)
        table = is_table_window(c)
        attr = attr_missing(asked, toks, names_asked)
        soft_cov = soft_coverage(asked, toks, soft.best(read(text)) if soft is not None else None, typed_of)
        wdense_f = float(wdense) if wdense is not None else 0.0
        adense_f = attr_cosines[pos - 1] if attr_cosines is not None else wdense_f
        if codes_asked and not any(extractive.credit(g, chunk_toks) > 0 for g in codes_asked):
            # what is asked counts only of a model or version asked, which the passage (or its
            # document) names: a comparison of two models is answered by each one's row
            adense_f = 0.0
        rows.append(dict(
            coverage=c.coverage, key_missing=c.key_missing,
            general_coverage=extractive.coverage(toks, asked) if asked else 0.0,
            chunk_coverage=extractive.coverage(chunk_toks, gen_typed) if gen_typed else 0.0,
            word_share=present / len(asked) if asked else 0.0,
            missing_max=max(absent, default=0.0) / top if top else 0.0,
            missing_count=math.log1p(len(absent)),
            unknown_words=unknown_words, unknown_share=unknown_share,
            dense=float(dense) if dense is not None else 0.0,
            window_dense=wdense_f,
            has_dense=float(dense is not None or window_cosines is not None),
            inv_rank=1.0 / max(h.rank, 1), cand_pos=1.0 / passage_pos[h.chunk_id],
            window_first=float(first_window[h.chunk_id] is c),
            type_asked=float(bool(asked_types)), type_match=float(bool(asked_types & found)),
            navigation=float(h.kind in navigation_kinds),
            states_nothing=float(extractive.states_nothing(text, h)),
            table=float(table),
            other_model=float(id(c) in other_model), other_doc=float(id(c) in other_doc),
            log_chars=math.log1p(len(text)), n_words=math.log1p(len(groups)), best_gap=0.0,
            soft_coverage=soft_cov, cross_language=cross, cross_dense=cross * wdense_f,
            cross_soft=cross * soft_cov, attr_missing=attr, table_missing=float(table) * attr,
            attr_dense=adense_f))
    best = max((r["general_coverage"] for r in rows), default=0.0)
    for r in rows:
        r["best_gap"] = r["general_coverage"] - best
    return [WindowFeatures(**r) for r in rows]


def identifiers(question: str, groups: list[tuple[str, ...]],
                general: dict[tuple[str, ...], float]) -> set[tuple[str, ...]]:
    """The question words (`groups`) that name the thing asked about rather than what is
    asked of it: a word holding a digit (a model code, a version, a year), one general
    language does not know (its general weight is that of an unknown word: a product or
    package name), or one written with a capital letter after the question's first word (a
    person, department or product: "Alan Whitaker", "the Legal department")."""
    capital = capitalised(question)
    return {g for g in groups if any(ch.isdigit() for ch in g[0]) or g in capital
            or general.get(g, 0.0) >= ZIPF_CEILING - UNKNOWN_ZIPF}


def attribute_text(question: str, groups: list[tuple[str, ...]],
                   general: dict[tuple[str, ...], float]) -> str:
    """The question with the words that name the thing asked about left out, so that its
    dense vector says what is asked of the thing: "Where must pedestrians walk at Northgate
    Riverside?" -> "Where must pedestrians walk at ?". A title or cover naming the thing
    matches the question's names, not what it asks. Names are the `identifiers` (codes,
    capitalised names, words general language does not know) and, in a Russian or Chinese
    question, every word in Latin letters (a product, person or program name written as
    the document writes it). The question itself when it names nothing or is nothing but
    names."""
    names = identifiers(question, groups, general)
    foreign = analysis.detect_language(question) in ("ru", "zh")

    def is_name(word: str) -> bool:
        if foreign and _LATIN_RUN.fullmatch(word):
            return True
        return bool(set(analysis.query_groups(word)) & names)

    kept = []
    for word in question.split():
        bare = word.strip(analysis.WORD_EDGE_PUNCT)
        if cjk_letter_count(bare):
            word = _LATIN_RUN.sub(lambda m: "" if is_name(m.group()) else m.group(), word)
        elif bare and is_name(bare):
            continue
        kept.append(word)
    out = " ".join(w for w in kept if w)
    return out if any(ch.isalpha() for ch in out) else question


def capitalised(question: str) -> set[tuple[str, ...]]:
    """The word groups (analysis.query_groups) of the words written with a capital letter
    after the question's first word: names of people, departments, products."""
    out: set[tuple[str, ...]] = set()
    for word in question.split()[1:]:
        word = word.strip(analysis.WORD_EDGE_PUNCT)
        if word[:1].isupper():
            out.update(analysis.query_groups(word))
    return out


def attr_missing(asked: dict[tuple[str, ...], float], toks: set[str],
                 names: AbstractSet[tuple[str, ...]]) -> float:
    """The general weight of the heaviest question word absent from the window over that of
    the heaviest, both among the words that are not identifiers (`names`, `identifiers`): 0 when
    all are held or there are none. "What is the price of the AQ-150?" asks "price" of the
    AQ-150: a row naming the AQ-150 answers it only if it holds a price, however much rarer
    the code is than the word."""
    words = {g: w for g, w in asked.items() if asked_type.untyped(g) not in names}
    top = max(words.values(), default=0.0)
    if not top:
        return 0.0
    return max((w for g, w in words.items() if extractive.credit(g, toks) == 0), default=0.0) / top


def is_table(hit: Hit) -> bool:
    """Whether a retrieved passage is a table or rows of one: a PDF table or table row
    (chunk kinds "table", "table-row") or a spreadsheet's rows (a sheet address), where each
    value stands under its header."""
    return hit.kind in ("table", "table-row") or extractive.is_sheet(hit)


def is_table_window(cand: extractive.Candidate) -> bool:
    """Whether a candidate window is table evidence: its passage is a table (`is_table`), or
    the window is one row of a table on a text page (a DOCX table's row, Candidate.record)."""
    return is_table(cand.hit) or cand.record


def soft_coverage(weights: dict[tuple[str, ...], float], toks: set[str],
                  cosines: dict[tuple[str, ...], float] | None,
                  typed_of: dict[tuple[str, ...], tuple[str, ...]] | None = None) -> float:
    """Weighted mean (0..1) over the question words (`weights`: group -> weight) of how well
    each is matched: 1 when a form of it is among the window's analysed words `toks`
    (extractive.credit, so a Chinese word matched by a bigram only gets its partial credit
    or its cosine, whichever is higher), else the best cosine of its written word with a
    word of the window (`cosines`, answer.soft.WordMatcher.best; clipped to 0..1; 0 for a
    word with no written word, such as a number). `cosines` None (no embedder): every word
    not held counts UNMATCHED_COSINE, the value it has on average, so the model, trained
    with cosines, sees what it saw in training. `typed_of` maps a typed group
    (asked_type.typed_group) to the group `cosines` is keyed by."""
    total = sum(weights.values())
    if not total:
        return 0.0
    typed_of = typed_of or {}
    got = 0.0
    for g, w in weights.items():
        if cosines is None:
            cos = UNMATCHED_COSINE
        else:
            cos = min(1.0, max(0.0, cosines.get(typed_of.get(g, g), 0.0)))
        got += w * max(extractive.credit(g, toks), cos)
    return got / total


def cosines_of(embedder, questions: tuple[str, ...],
               cands: list[extractive.Candidate]) -> tuple[list[float], ...] | None:
    """Per text of `questions`, the cosine of its dense vector (the embedder's query
    encoding) and each candidate window's (its passage encoding), in `cands` order: one
    list per text. The windows are embedded once for all the texts (a remote embedder is
    asked once, not once per text). None without an embedder or candidates."""
    if embedder is None or not cands:
        return None
    import numpy as np

    w = np.asarray(soft.passage_vectors(embedder, [window_text(c) for c in cands]), dtype=np.float32)
    wn = w / np.maximum(np.linalg.norm(w, axis=1, keepdims=True), 1e-9)
    out = []
    for question in questions:
        q = np.asarray(embedder.embed_query(question), dtype=np.float32)
        out.append([float(x) for x in wn @ (q / (np.linalg.norm(q) or 1.0))])
    return tuple(out)
