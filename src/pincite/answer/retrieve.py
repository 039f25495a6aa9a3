"""Retrieval for answering: the hybrid search of a question, and the passages a question
about a named document or its author needs beyond it (by-lines under a title, lines found
inside one document). Hits are returned as the index gives them, ranks renumbered; nothing
here scores or writes into a hit.
"""
from __future__ import annotations

import dataclasses
import functools
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from pincite.chunk.pages import cover_lines, cover_page_lines
from pincite.text import analysis, zipf

from ..index.base import Hit, Index, SearchFilter
from . import asked_type
from .extractive import SCORED_HITS
from .features import ZIPF_CEILING, general_weights, written_words

if TYPE_CHECKING:
    import numpy as np

    from ..config import Settings
    from ..extract.model import DocumentModel
    from ..library.catalog import CatalogStore


class LibraryLike(Protocol):
    """What the answer layer reads of a library (pincite.Library is one): its settings, its
    index and catalog, a document's stored model and page text, and question vectors."""

    settings: "Settings"
    index: Index
    catalog: "CatalogStore"

    def page_text(self, doc_id: str, page: int) -> str: ...

    def model(self, doc_id: str) -> "DocumentModel": ...

    def embed_query(self, question: str) -> "np.ndarray | None": ...


#: Documents of the first hits whose by-lines an authorship question looks at when it names
#: no document (`with_byline_hits`).
BYLINE_DOCS = 5


def with_byline_hits(lib: LibraryLike, hits: list[Hit], groups: list[tuple[str, ...]],
                      flt: SearchFilter | None, question: str) -> tuple[list[Hit], list[str]]:
    """For an authorship question: (hits, by-lines). The by-lines are those of the title
    blocks (asked_type.bylines of chunking.cover_lines) of the documents the question names
    by its words other than the authorship words (`named_docs` of a BM25 search for those
    words: "author" names the "Author's Guide", not zhnumber.pdf, in "Who is the author of
    zhnumber?"); none when those words name no document; the first BYLINE_DOCS documents
    among the hits when the question has no other words ("Who is the author?"). A by-line no hit
    holds is searched for (`with_lines`): "Who wrote lshort?" shares no word with lshort's
    cover, which names the author under the title."""
    authorship = asked_type.author_words(question)
    subject = [g for g in groups if not authorship.intersection(g)]
    docs, _ = named_docs(probe(lib, subject, flt) + hits[:NAMING_HITS], subject, general_weights(question, subject),
                         question)
    if subject and not docs:
        return hits, []  # it names no document of the library ("Who wrote lshort?" without lshort)
    docs = docs or list(dict.fromkeys(h.doc_id for h in hits))[:BYLINE_DOCS]
    lines: dict[str, list[str]] = {}
    for doc_id in docs:
        doc = lib.model(doc_id)
        lines[doc_id] = asked_type.bylines(cover_lines(doc), doc.title or "", cover_page_lines(doc))
    return with_lines(lib, hits, flt, lines), [b for bs in lines.values() for b in bs]


def with_edition_hits(lib: LibraryLike, hits: list[Hit], groups: list[tuple[str, ...]],
                      flt: SearchFilter | None, question: str) -> tuple[list[Hit], list[str]]:
    """For a question that asks which version or date a document is (asked_type.asks_edition):
    (hits, edition lines). The edition lines are those of the cover pages
    (asked_type.edition_lines) of the documents the question names by its words other than
    the edition words (`named_docs`, as for by-lines), when its remaining words are all
    common in general language ("documented", "manual", "手册"): a rarer word the documents'
    names lack names something the document speaks of ("Which minimum version of the GNU MP
    library does GLPK require?"), whose version its cover does not state. None when the
    question names no document. A line no hit holds is searched for (`with_lines`)."""
    edition = asked_type.edition_words(question)
    subject = [g for g in groups if not edition.intersection(g)]
    if not subject:
        return hits, []
    general = general_weights(question, subject)
    docs, naming = named_docs(probe(lib, subject, flt) + hits[:NAMING_HITS], subject, general, question)
    if not docs or any(rare(g, general) for g in subject if g not in naming):
        return hits, []
    lines = {d: asked_type.edition_lines(cover_page_lines(lib.model(d))) for d in docs[:BYLINE_DOCS]}
    return with_lines(lib, hits, flt, lines), [ln for ls in lines.values() for ln in ls]


def with_lines(lib: LibraryLike, hits: list[Hit], flt: SearchFilter | None,
                lines: dict[str, list[str]]) -> list[Hit]:
    """`hits` with, for each document's `lines` that no hit of it holds (whitespace runs
    compared as one space), the chunk that holds the line, found by BM25 inside that
    document and the caller's filter. Found chunks come first (so they are scored,
    extractive.SCORED_HITS), as the second search's do in `retrieve`; ranks renumbered."""
    more: list[Hit] = []
    for doc_id, wanted in lines.items():
        if flt is not None and flt.doc_ids is not None and doc_id not in flt.doc_ids:
            continue
        narrowed = dataclasses.replace(flt or SearchFilter(), doc_ids=[doc_id])
        for line in wanted:
            flat = " ".join(line.split())
            if any(h.doc_id == doc_id and flat in " ".join(h.text.split()) for h in hits + more):
                continue
            more += [h for h in lib.index.search(analysis.tokens(line), narrowed, limit=3, mode="bm25")
                     if flat in " ".join(h.text.split())][:1]
    return merged(more, hits) if more else hits


#: BM25's first hits that join the hybrid hits (after them) when they are not among them.
#: RRF ranks a passage that only one side finds below passages that both sides find at
#: middling ranks, so a passage holding the asked words exactly but worded unlike the
#: question ("Net weight 11.3 kg" for "Какая масса насоса?") can fall out of the hybrid
#: list while BM25 ranks it near the top. Measured on the development set's tune split:
#: 0 -> 3 -> 6 raised hit@5 0.853 -> 0.859 -> 0.865 and lost no answer.
BM25_HEAD = 6
#: The dense side's first hits that join the hybrid hits (last) when they are not among
#: them, for the same reason as BM25_HEAD from the other side: a passage in another
#: language than the question shares no word with it, so RRF ranks it below passages that
#: BM25 finds for the question's words in some unrelated document. An English question on
#: a Chinese manual's default can lose the passage the dense side ranks first. Measured on
#: the development set: held-out 1 false refusal fewer (cross-language), tune unchanged;
#: 3 and 6 gave the same answers.
DENSE_HEAD = 3


#: Hits of the search with the question's words translated (text.bilingual) that join the
#: hits of its own words.
TRANSLATED_HEAD = 5


def retrieve(lib: LibraryLike, q: str, groups: list[tuple[str, ...]],
             flt: SearchFilter | None, translated: list[tuple[str, ...]] | None = None) -> list[Hit]:
    """Hits for a question, best first (ranks renumbered 1..n).

    One hybrid search with all the question's words and the words naming the kinds of
    value it asks for (asked_type.expansion), inside the caller's filter, then BM25's first
    BM25_HEAD hits and the dense side's first DENSE_HEAD hits that it left out, then (given
    `translated`, the groups with their translations: with_translations) the first
    TRANSLATED_HEAD hits of a BM25 search for the words and their translations that are
    not found yet, placed last among the first SCORED_HITS (those whose windows are
    scored): a passage in another language than the question's comes in after those in
    its own, whose ranking the translations do not change.
    """
    index = lib.index  # opened first: a model loading on another thread (embed.preload) goes on meanwhile
    terms = index_terms(groups) + asked_type.expansion(groups)
    qvec = lib.embed_query(q)
    hits = index.search(terms, flt, limit=lib.settings.top_k, query_vector=qvec,
                        mode=lib.settings.retrieval)
    if lib.settings.retrieval == "hybrid" and qvec is not None:
        # dense cosines still reported (features.dense), from the same query vector
        head = index.search(terms, flt, limit=BM25_HEAD, mode="bm25", similarity_to=qvec)
        hits = merged(hits, head)
        hits = merged(hits, index.search([], flt, limit=DENSE_HEAD, query_vector=qvec, mode="dense"))
    if translated is not None and translated != groups:
        # (a hit found already but ranked below the scored head is brought up, not left there)
        seen = {h.chunk_id for h in hits[:SCORED_HITS]}
        more = [h for h in index.search(index_terms(translated), flt, limit=TRANSLATED_HEAD, mode="bm25",
                                        similarity_to=qvec) if h.chunk_id not in seen]
        if more:  # within the hits whose windows are scored (extractive.SCORED_HITS)
            cut = max(0, SCORED_HITS - len(more))
            hits = merged(hits[:cut], more + hits[cut:])
    return hits


def merged(first: list[Hit], rest: list[Hit]) -> list[Hit]:
    """`first` then `rest`, each chunk once (its first place), ranks renumbered 1..n."""
    merged = list({h.chunk_id: h for h in first + rest}.values())
    for rank, h in enumerate(merged, 1):
        h.rank = rank
    return merged


def unknown_words(groups: list[tuple[str, ...]], df: dict[str, int],
                  languages: set[str] | None = None) -> set[tuple[str, ...]]:
    """The question words none of whose forms occurs in any chunk of the library (`df`: the
    library's chunk frequency of the question's index forms, Catalog.term_df). With
    `languages` (those of the passages the search found, analysis.detect_language), a word
    written in none of them is not counted: a Russian word is absent from an English library
    whatever it means, so its absence says nothing about whether the library answers. A
    year ("2025") is written alike in every language and counts (not any number: "3" of "3
    ночи" is a count, which names nothing)."""
    return {g for g in groups if not any(df.get(t, 0) for t in g)
            and (languages is None or analysis.detect_language(g[0]) in languages or asked_type.is_year(g[0]))}


#: Nouns naming a kind of document, as a question names the one it asks about ("the tabmark
#: manual", "в руководстве", "这份手册"): en, ru, zh; `unwritten_document_kinds`.
_DOCUMENT_KINDS = (
    "manual manuals guide guidebook handbook documentation document brochure booklet leaflet datasheet "
    "spreadsheet workbook presentation slides deck file reference "
    "руководство инструкция документ документация справочник брошюра памятка пособие презентация файл "
    "手册 指南 文档 说明书 文件 演示文稿 幻灯片 工作簿 资料")


@functools.lru_cache(maxsize=1)
def _document_kind_forms() -> frozenset[str]:
    return frozenset(t for w in _DOCUMENT_KINDS.split() for t in analysis.tokens(w))


def unwritten_document_kinds(groups: list[tuple[str, ...]], df: dict[str, int]) -> set[tuple[str, ...]]:
    """The question words that name a kind of document ("manual", "руководство", "手册")
    and that no chunk of the library writes in any form (`df`: Catalog.term_df of their
    forms): such a word names the document asked about (its title says "The tabmark
    package"), not something a passage states, so it counts neither as a word a passage
    must hold nor as a word the library lacks. A kind the library writes stays a word
    ("Manual mode", "see the user guide")."""
    kinds = _document_kind_forms()
    return {g for g in groups if kinds.intersection(g) and not any(df.get(t, 0) for t in g)}


def index_terms(groups: list[tuple[str, ...]]) -> list[str]:
    """Every index form of the question's words, once, in question order."""
    return list(dict.fromkeys(t for g in groups for t in g))


#: Hits of the first search whose documents may be the ones the question names.
NAMING_HITS = 5


#: Hits of the BM25 search for each question word alone that `probe` looks at.
PROBE_HITS = 2


def probe(lib: LibraryLike, groups: list[tuple[str, ...]], flt: SearchFilter | None) -> list[Hit]:
    """The first PROBE_HITS hits of a BM25 search for each question word alone (inside
    `flt`): the chunks of a document the word names (its title and file name prefix every
    chunk's search text) come first there, however the whole question ranks them ("siunitx"
    in "Under which license is siunitx distributed?", where licence pages of other books
    fill the first places). The words' searches go to the index as one batch, and their
    hits carry where they are and what names their document, not their text
    (EdgeIndex.search_each)."""
    return [h for hits in lib.index.search_each([list(g) for g in groups], flt, limit=PROBE_HITS)
            for h in hits]


#: A question word names a document on its own only when it is this rare in general
#: language (wordfreq Zipf at most NAMING_MAX_ZIPF: "siunitx", "Asymptote", "font"; not
#: "name" 5.6, "code" 5.1, "pump" 4.3, "manual" 4.3, "guide" 4.8); common words name one
#: only together, NAMING_MIN_COMMON or more of them ("Flight Test Manual").
NAMING_MAX_ZIPF = 4.0
NAMING_MIN_COMMON = 2


def names_a_document(matched: set[tuple[str, ...]], general: dict[tuple[str, ...], float] | None,
                     question: str = "") -> bool:
    """Whether question words `matched` (groups found among a document's naming terms) are
    enough to take the question as naming that document: one of them rare in general
    language (`general`: answer.features.general_weights, ZIPF_CEILING less the word's
    Zipf frequency; a word missing from it counts as rare), or NAMING_MIN_COMMON of them
    together. Any word does when `general` is None. With the `question`, a Russian word is
    rare only when its lexeme is (`common_lexeme`: "не указан" names no price list whose
    cover says "цены указаны")."""
    if not matched:
        return False
    if general is None or len(matched) >= NAMING_MIN_COMMON:
        return True
    return any(rare(g, general) and not common_lexeme(g, question) for g in matched)


def common_lexeme(group: tuple[str, ...], question: str) -> bool:
    """Whether the Russian word of `question` that `group` (its index forms) stands for is
    common in general language by its lexeme (text.zipf.lexeme_zipf above NAMING_MAX_ZIPF),
    though its own form may be rare; False for a word of another language or not found."""
    word = next((w for g, w, lang in written_words(question) if g == group and lang == "ru"), None)
    return word is not None and zipf.lexeme_zipf(word) > NAMING_MAX_ZIPF


def rare(group: tuple[str, ...], general: dict[tuple[str, ...], float]) -> bool:
    """Whether a question word is rare in general language (wordfreq Zipf at most
    NAMING_MAX_ZIPF, by `general`: answer.features.general_weights; a word missing from it
    counts as rare), so that it can name a document, or a thing, on its own."""
    return general.get(group, ZIPF_CEILING) >= ZIPF_CEILING - NAMING_MAX_ZIPF


def named_docs(hits: list[Hit], groups: list[tuple[str, ...]],
               general: dict[tuple[str, ...], float] | None = None,
               question: str = "") -> tuple[list[str], set[tuple[str, ...]]]:
    """(documents of `hits` whose naming terms match the most question words, those words);
    ([], set()) when none matches any. With `general` (the question words' general-language
    weights, answer.features.general_weights), words that cannot name a document on their
    own (`names_a_document`: one common word, "name" or "code" of "What does the name camp
    stand for in the source code?") name none; nor does a word of one character. The
    `question` lets a Russian word's rarity be its lexeme's (`names_a_document`)."""
    named: dict[str, set] = {}
    # a lone letter or digit ("F" of "F区", "B" of "Lift B") names a row or a part, not a
    # document, though a cover or file name holds it as a word
    groups = [g for g in groups if any(len(t) > 1 for t in g)]
    for h in hits:
        names = set(h.name_terms)
        matched = {g for g in groups if names.intersection(g)}
        named[h.doc_id] = matched if names_a_document(matched, general, question) else set()
    most = max((len(v) for v in named.values()), default=0)
    if not most:
        return [], set()
    docs = [d for d, v in named.items() if len(v) == most]
    return docs, set().union(*(named[d] for d in docs))


def title_words(lib: LibraryLike, docs: list[str], naming: set[tuple[str, ...]]) -> set[tuple[str, ...]]:
    """The words of `naming` that stand in the title or file name of one of `docs` (what a
    question names a document by), or all of `naming` when none does: "Released" is on
    siunitx's cover too, but "REVTEX 4 was released …" is not about siunitx."""
    names: set[str] = set()
    for d in docs:
        row = lib.catalog.get(d)
        if row is not None:
            names.update(analysis.tokens(f"{row.title or ''} {Path(row.file_name or '').stem}"))
    return {g for g in naming if names.intersection(g)} or naming
