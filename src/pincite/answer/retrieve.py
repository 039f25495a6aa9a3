"""Retrieval for answering: the hybrid search of a question, and the passages a question
about a named document or its author needs beyond it (by-lines under a title, lines found
inside one document). Hits are returned as the index gives them, ranks renumbered; nothing
here scores or writes into a hit.
"""
from __future__ import annotations

import bisect
import dataclasses
import functools
import re
import weakref
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from pincite.chunk.pages import cover_lines, cover_page_lines
from pincite.text import analysis, bilingual, codes, lazyre, periods, translit
from pincite.text.cjk import is_cjk

from ..index.base import Hit, Index, SearchFilter
from . import asked_type
from .extractive import SCORED_HITS
from .features import ZIPF_CEILING, capitalised, general_weights

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
    docs, _ = named_docs(probe(lib, subject, flt) + hits[:NAMING_HITS], subject, general_weights(question, subject))
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
    docs, naming = named_docs(probe(lib, subject, flt) + hits[:NAMING_HITS], subject, general)
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
        seen = {h.chunk_id for h in hits}
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
    whatever it means, so its absence says nothing about whether the library answers."""
    return {g for g in groups if not any(df.get(t, 0) for t in g)
            and (languages is None or analysis.detect_language(g[0]) in languages)}


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


#: Per catalog: (its chunk count when read, its `_TermIndex`), for `with_transliterations`
#: and `code_prefixed`.
_SOUNDS: "weakref.WeakKeyDictionary[object, tuple[int, _TermIndex]]" = weakref.WeakKeyDictionary()


@dataclasses.dataclass(frozen=True)
class _TermIndex:
    """The library's index forms as `_term_index` reads them: `sounds`, per script ("latin",
    "cyrillic"), (the sorted sound keys, {sound key: the forms}); `codes`, the sorted forms
    that hold a digit; `code_df`, their chunk frequencies."""

    sounds: dict[str, tuple[list[str], dict[str, list[str]]]]
    codes: list[str]
    code_df: dict[str, int]


def _term_index(lib: LibraryLike) -> _TermIndex:
    """The library's index forms by script and sound key (translit.sound_key), and those
    that hold a digit, read from the catalog's term table on first use and again when its
    chunk count changes."""
    n = lib.catalog.chunk_count()
    kept = _SOUNDS.get(lib.catalog)
    if kept is not None and kept[0] == n:
        return kept[1]
    by: dict[str, dict[str, list[str]]] = {"latin": {}, "cyrillic": {}}
    digits: dict[str, int] = {}
    for term, df in lib.catalog.all_term_df().items():
        sc = translit.script(term)
        if sc is not None:
            by[sc].setdefault(translit.sound_key(term), []).append(term)
        elif any(ch.isdigit() for ch in term):
            digits[term] = df
    out = _TermIndex({sc: (sorted(keys), keys) for sc, keys in by.items()}, sorted(digits), digits)
    _SOUNDS[lib.catalog] = (n, out)
    return out


#: Codes an acronym stands for at most (`code_prefixed`): the most frequent ones.
PREFIXED_CODES = 5


def code_prefixed(lib: LibraryLike, word: str) -> list[str]:
    """The library's index forms of codes whose letter part is `word` (an index form of
    letters alone), most frequent first, at most PREFIXED_CODES: "ipc" -> "ipc-6011",
    "ipc-2221". A document that names a standard or series only inside its codes ("IPC-6011")
    answers a question naming the series ("Which IPC standard …?")."""
    if not word.isalpha() or len(word) < 2:
        return []
    index = _term_index(lib)
    found = []
    i = bisect.bisect_left(index.codes, word)
    while i < len(index.codes) and index.codes[i].startswith(word):
        if re.match(r"[-–./]?\d", index.codes[i][len(word):]):
            found.append(index.codes[i])
        i += 1
    return sorted(found, key=lambda t: -index.code_df[t])[:PREFIXED_CODES]


#: Per catalog: (its chunk count when read, {sound key: the Chinese index forms of 2 to
#: MAX_HAN_NAME characters that sound so}), for `with_transliterations`.
_HAN_SOUNDS: "weakref.WeakKeyDictionary[object, tuple[int, tuple[list[str], dict[str, list[str]]]]]" = (
    weakref.WeakKeyDictionary())
#: Longest Chinese index form read as a name typed in pinyin or Palladius (a city, a person,
#: a product: two to four characters).
MAX_HAN_NAME = 4


def _han_index(lib: LibraryLike) -> tuple[list[str], dict[str, list[str]]]:
    """(sorted sound keys, {sound key: forms}) of the library's Chinese index forms of 2 to
    MAX_HAN_NAME characters (translit.han_sound_keys: pinyin and Palladius), read on first
    use and again when the chunk count changes."""
    n = lib.catalog.chunk_count()
    kept = _HAN_SOUNDS.get(lib.catalog)
    if kept is not None and kept[0] == n:
        return kept[1]
    by: dict[str, list[str]] = {}
    for term in lib.catalog.all_term_df():
        if 2 <= len(term) <= MAX_HAN_NAME and all(map(is_cjk, term)):
            for key in translit.han_sound_keys(term):
                by.setdefault(key, []).append(term)
    out = (sorted(by), by)
    _HAN_SOUNDS[lib.catalog] = (n, out)
    return out


def _alike_forms(key: str, keys: list[str], terms: dict[str, list[str]]) -> list[str]:
    """The forms of `terms` whose sound key sounds as `key` (translit.sound_alike): keys
    `key` starts with, then keys that start with it (`keys` sorted)."""
    near = [key[:n] for n in range(translit.MIN_KEY, len(key) + 1)]
    i = bisect.bisect_left(keys, key)
    while i < len(keys) and keys[i].startswith(key):
        near.append(keys[i])
        i += 1
    return [t for k in near if k in terms and translit.sound_alike(key, k) for t in terms[k]]


def with_transliterations(lib: LibraryLike, groups: list[tuple[str, ...]],
                          names: set[tuple[str, ...]] | None = None) -> list[tuple[str, ...]]:
    """`groups` (query_groups) with, in each group written in Latin or Cyrillic letters none
    of whose forms the library's index holds, the codes it is the letter part of
    (`code_prefixed`) or else the index forms of the other script that sound
    alike (translit.sound_alike of their sound keys): a Russian name typed in Latin letters
    ("Severny" for "Северный") or a Latin one in Cyrillic ("Линдквист" for "Lindqvist") is
    then searched and covered as the document writes it. A name (in `names`: capitalised in
    the question) that sounds as none of those also gets the Chinese index forms read so in
    pinyin or Palladius (`_han_index`: "Shenzhen", "Шэньчжэнь" as 深圳, "Синхуань" as 星环).
    A word the library holds as typed is left alone, so a question in the library's own
    script costs one term lookup."""
    wanted = [g for g in groups if all(translit.script(t) for t in g)]
    if not wanted:
        return groups
    df = lib.catalog.term_df([t for g in wanted for t in g])
    absent = {g for g in wanted if not any(df.get(t, 0) for t in g)}
    if not absent:
        return groups
    index = _term_index(lib).sounds
    out = []
    for g in groups:
        if g not in absent:
            out.append(g)
            continue
        coded = code_prefixed(lib, g[0])
        if coded:  # an acronym the library writes only inside its codes
            out.append(g + tuple(coded))
            continue
        other = "cyrillic" if translit.script(g[0]) == "latin" else "latin"
        keys, terms = index[other]
        more: list[str] = []
        for key in dict.fromkeys(k for t in g for k in translit.sound_keys(t)):
            more += _alike_forms(key, keys, terms)
        if not more and names and g in names:
            # a Chinese name typed in pinyin or Palladius
            han_keys, han_terms = _han_index(lib)
            for key in dict.fromkeys(translit.sound_key(t) for t in g):
                more += _alike_forms(key, han_keys, han_terms)
        out.append(g + tuple(t for t in dict.fromkeys(more) if t not in g))
    return out


#: A number or a how-many word, then the word written right after it: the unit a
#: question's value is in ("2,2 кВт", "5 kg", "20 千克", "how many kilograms", "сколько
#: киловатт"; a Chinese unit may follow with no space, and a Chinese word may stand right
#: before the number: "高于500伏").
_NUMBER_UNIT = lazyre.compile(r"(?:(?<![0-9A-Za-z\u00c0-\u024f\u0400-\u04ff_.,])\d+(?:[.,]\d+)?"
                              r"|\bhow (?:many|much)|сколько|多少|几)\s?([^\W\d_]+[²³]?)",
                              re.IGNORECASE)
_DECIMAL = lazyre.compile(r"\d+[.,]\d+")
#: A product of numbers typed with a letter x or a star ("3x3", "10х20", "2*4"): documents
#: print it with a multiplication sign and spaces ("3 × 3"), which the index holds as its
#: numbers alone.
_DIMENSION = lazyre.compile(r"\d+(?:[.,]\d+)?(?:[xх*]\d+(?:[.,]\d+)?)+", re.IGNORECASE)


@functools.lru_cache(maxsize=1)
def _unit_forms() -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    """({index form: unit key}, {unit key: its index forms}) of every one-word written form
    of a unit (unitnames.UNIT_ALIASES), built on first use. A Chinese form is its own index
    form (no jieba: a question without Chinese never loads it)."""
    from .unitnames import UNIT_ALIASES

    of: dict[str, str] = {}
    forms: dict[str, list[str]] = {}
    for alias, key in UNIT_ALIASES.items():
        if " " in alias:
            continue
        toks = [alias] if any(map(is_cjk, alias)) else analysis.tokens(alias)
        if len(toks) != 1:
            continue
        of.setdefault(toks[0], key)
        forms.setdefault(key, []).append(toks[0])
    return of, {k: tuple(dict.fromkeys(v)) for k, v in forms.items()}


@functools.lru_cache(maxsize=None)
def _latin_unit_spellings(key: str) -> tuple[str, ...]:
    """The one-word Latin spellings of a unit (unitnames.UNIT_ALIASES and CASED_UNIT_ALIASES
    of `key`), lower-cased: "volt", "volts", "v" for "V"."""
    from .unitnames import CASED_UNIT_ALIASES, UNIT_ALIASES

    return tuple(dict.fromkeys(a.lower() for a, k in (*UNIT_ALIASES.items(), *CASED_UNIT_ALIASES.items())
                               if k == key and a.isascii() and a.isalpha()))


def with_value_spellings(lib: LibraryLike, groups: list[tuple[str, ...]], question: str) -> list[tuple[str, ...]]:
    """`groups` (query_groups of `question`) with, for a decimal number, its spelling with the
    other decimal sign ("2,2" / "2.2"), and for the unit written right after a number in
    `question`, the unit's other written forms in every language (unitnames.UNIT_ALIASES:
    "кВт" / "kW" / "千瓦" / "kilowatt", "how many kilograms" / "kg"): each only when the library's index
    holds it. "Сколько стоит электродвигатель 2,2 кВт?" then finds and covers an English
    sheet's "Electric motor 2.2 kW"; a document writes a value one way, a question another.
    A number with a unit after it is also searched fused with the unit's Latin forms ("500伏"
    as "500v", one index form of "500V"), and a product of numbers typed with a letter x
    ("3x3") that the library does not hold as typed is searched and covered by its numbers
    (the index form of "3 × 3").
    A unit word after neither is left alone: such a word is often one in another sense
    ("year" of "fiscal year", "年" of every Chinese date)."""
    units_after: dict[str, list[str]] = {}  # a number's index form -> the unit typed after it
    for m in _NUMBER_UNIT.finditer(question):
        number = m.group(0)[:m.start(1) - m.start(0)].strip()
        units = [t for g in analysis.query_groups(m.group(1)) for t in g]
        units_after.setdefault(number.lower(), []).extend(units)
    # the unit table is read only for a question that types a unit after a number (its
    # ~560 written forms are analysed on first use)
    unit_of, unit_forms = _unit_forms() if units_after else ({}, {})
    after_number = {t for units in units_after.values() for t in units}
    wanted: dict[tuple[str, ...], list[str]] = {}
    dimensions: set[tuple[str, ...]] = set()
    for g in groups:
        more: list[str] = []
        for t in g:
            if _DIMENSION.fullmatch(t):
                dimensions.add(g)
                more += [n for n in re.split(r"[xх*]", t, flags=re.IGNORECASE) if n]
            elif _DECIMAL.fullmatch(t):
                more.append(t.replace(",", ".") if "," in t else t.replace(".", ","))
            elif t in after_number and t in unit_of:
                more += unit_forms[unit_of[t]]
            # "500伏" is searched as "500v" too: a value fused with its unit is one index form
            for unit in units_after.get(t, ()):
                more += [t + u for u in _latin_unit_spellings(unit_of.get(unit, ""))]
        more = [t for t in dict.fromkeys(more) if t not in g]
        if more:
            wanted[g] = more
    if not wanted:
        return groups
    df = lib.catalog.term_df([t for g in dimensions for t in g] + [t for more in wanted.values() for t in more])
    # a product of numbers the library writes as typed keeps that spelling alone
    wanted.update({g: [] for g in dimensions if any(df.get(t, 0) for t in g)})
    return [g + tuple(t for t in wanted.get(g, ()) if df.get(t, 0) > 0) for g in groups]


def as_library_writes(lib: LibraryLike, groups: list[tuple[str, ...]], question: str) -> list[tuple[str, ...]]:
    """`groups` (query_groups of `question`) with the other spellings the library's index
    holds: of model codes (`with_code_spellings`: "TK-7" as "ТК-7"), of names typed in the
    other alphabet (`with_transliterations`: "Severny" as "Северный"), of misspelled words
    (misspelled.with_spelling_fixes: "абонимент" as "абонемент") and of values
    (`with_value_spellings`: "2,2 кВт" as "2.2 kW")."""
    from .misspelled import with_spelling_fixes

    groups = with_transliterations(lib, with_code_spellings(lib, groups), capitalised(question))
    return with_value_spellings(lib, with_spelling_fixes(lib, groups, question), question)


def with_translations(lib: LibraryLike, groups: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """`groups` (query_groups) with, in each word's group, the index forms of its dictionary
    translations into the other two languages (text.bilingual.translations) that the
    library's index holds: a question in one language then searches and covers a document
    written in another ("bronze hall" as "青铜" and "зал"). Words holding a digit (codes,
    values) are left as they are. The translations are searched on their own (`retrieve`'s
    `translated`) and count as the word in answer.soft.WordMatcher, not in the lexical
    coverage the model also reads. Measured on the development set (2026-12-05, the model
    not retrained): tune hit@1 0.820 -> 0.823, hit@5 0.902 -> 0.917, false refusals 0.045 ->
    0.034, refused near misses 0.510 -> 0.503; held-out hit@1 0.770 -> 0.779, hit@5 0.836 ->
    0.852, false refusals 0.049 -> 0.025, refused near misses 0.540 -> 0.556 (its 53
    cross-language questions: hit@1 0.667 -> 0.694, false refusals 0.139 -> 0.056).
    Translations among the question's words everywhere (search and lexical coverage) did
    worse on held-out near misses (0.508, retrained 0.524); a translation counting 0.8 or
    0.9 of the word did worse on the tune split."""
    wanted = {g: bilingual.translations(g) for g in groups if not any(ch.isdigit() for ch in g[0])}
    wanted = {g: v for g, v in wanted.items() if v}
    if not wanted:
        return groups
    df = lib.catalog.term_df([t for v in wanted.values() for t in v])
    return [g + tuple(t for t in wanted.get(g, ()) if df.get(t, 0) > 0 and t not in g) for g in groups]


def with_code_spellings(lib: LibraryLike, groups: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """`groups` (query_groups) with, in each group that holds a model code, the other
    spellings of that code (text.codes.spellings: "ТК-7" for "TK-7", "aq-150" for "AQ150")
    that the library's index holds (a chunk frequency above 0): the search then finds the
    code as the documents write it, and a window holding that spelling covers the word."""
    wanted = {t: codes.spellings(t)[1:] for g in groups for t in g if codes.is_code(t)}
    if not any(wanted.values()):
        return groups
    df = lib.catalog.term_df([s for forms in wanted.values() for s in forms])
    out = []
    for g in groups:
        more = [s for t in g for s in wanted.get(t, ()) if df.get(s, 0) > 0 and s not in g]
        out.append(g + tuple(dict.fromkeys(more)))
    return out


def with_spaced_codes(lib: LibraryLike, text: str) -> str:
    """`text` with each letters-space-number pair (text.codes.find_spaced: "zk 310") that
    spells a code the library's index holds written as that code: letters, the hyphen or
    nothing the index writes between them (text.codes.joined_forms, the first held), the
    number ("zk-310"); the letters keep their typed case. A pair whose joined forms no
    chunk holds stays two words ("page 12", "table 5", "глава 3"), so an ordinary word and
    a number become a code only in a library that writes them as one. `text` itself when it
    has no such pair; one term_df lookup otherwise."""
    pairs = codes.find_spaced(text)
    if not pairs:
        return text
    forms = {m.span(): codes.joined_forms(m.group(1), m.group(2)) for m in pairs}
    df = lib.catalog.term_df([f for fs in forms.values() for f in fs])
    out, last = [], 0
    for m in pairs:
        held = next((f for f in forms[m.span()] if df.get(f, 0) > 0), None)
        if held is None:
            continue
        out += [text[last:m.start()], m.group(1), codes.separator_after_letters(held), m.group(2)]
        last = m.end()
    return "".join(out) + text[last:]


def with_period_codes(lib: LibraryLike, text: str) -> str:
    """`text` with each quarter or half-year written in words (text.periods: "the fourth
    quarter", "третий квартал", "第二季度") written as the short code ("Q4", "H1") when the
    library's index holds that code, as a budget or sales table heads its columns, and each
    Chinese month in numerals ("一月") in digits ("1月") where the library writes months
    but never that numeral form (text.periods.month_phrases). A
    period whose code no chunk holds stays as typed (a report that writes "the fourth
    quarter" in prose is searched by its words). A code is spaced from a letter or digit
    beside it ("Finance第三季度" -> "Finance Q3 "). `text` itself when it names no period;
    one term_df lookup otherwise."""
    found = periods.period_phrases(text)
    months = periods.month_phrases(text)
    if not found and not months:
        return text
    df = lib.catalog.term_df([p.code.casefold() for p in found] + [text[p.start:p.end] for p in months] + ["月"])
    # a month's digits are no index word of their own ("1月" is "1", "月"): it is written
    # so where the library writes months and never the numeral form as one word ("一月")
    held = [p for p in found if df.get(p.code.casefold(), 0) > 0]
    held += [p for p in months if df.get("月", 0) > 0 and df.get(text[p.start:p.end], 0) <= 0]
    out, last = [], 0
    for p in sorted(held, key=lambda p: p.start):
        # spaced from a letter or digit beside it, unless both are Chinese ("3月份" stays one)
        before = " " if p.start and _apart(text[p.start - 1], p.code[0]) else ""
        after = " " if p.end < len(text) and _apart(p.code[-1], text[p.end]) else ""
        out += [text[last:p.start], before, p.code, after]
        last = p.end
    return "".join(out) + text[last:]


def _apart(left: str, right: str) -> bool:
    """Whether a space must part two characters written side by side so that each word
    stays whole: both letters or digits, not both Chinese."""
    return left.isalnum() and right.isalnum() and not (is_cjk(left) and is_cjk(right))


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


def names_a_document(matched: set[tuple[str, ...]], general: dict[tuple[str, ...], float] | None) -> bool:
    """Whether question words `matched` (groups found among a document's naming terms) are
    enough to take the question as naming that document: one of them rare in general
    language (`general`: answer.features.general_weights, ZIPF_CEILING less the word's
    Zipf frequency; a word missing from it counts as rare), or NAMING_MIN_COMMON of them
    together. Any word does when `general` is None."""
    if not matched:
        return False
    if general is None or len(matched) >= NAMING_MIN_COMMON:
        return True
    return any(rare(g, general) for g in matched)


def rare(group: tuple[str, ...], general: dict[tuple[str, ...], float]) -> bool:
    """Whether a question word is rare in general language (wordfreq Zipf at most
    NAMING_MAX_ZIPF, by `general`: answer.features.general_weights; a word missing from it
    counts as rare), so that it can name a document, or a thing, on its own."""
    return general.get(group, ZIPF_CEILING) >= ZIPF_CEILING - NAMING_MAX_ZIPF


def named_docs(hits: list[Hit], groups: list[tuple[str, ...]],
               general: dict[tuple[str, ...], float] | None = None) -> tuple[list[str], set[tuple[str, ...]]]:
    """(documents of `hits` whose naming terms match the most question words, those words);
    ([], set()) when none matches any. With `general` (the question words' general-language
    weights, answer.features.general_weights), words that cannot name a document on their
    own (`names_a_document`: one common word, "name" or "code" of "What does the name camp
    stand for in the source code?") name none; nor does a word of one character."""
    named: dict[str, set] = {}
    # a lone letter or digit ("F" of "F区", "B" of "Lift B") names a row or a part, not a
    # document, though a cover or file name holds it as a word
    groups = [g for g in groups if any(len(t) > 1 for t in g)]
    for h in hits:
        names = set(h.name_terms)
        matched = {g for g in groups if names.intersection(g)}
        named[h.doc_id] = matched if names_a_document(matched, general) else set()
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
