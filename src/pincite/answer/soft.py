"""Soft word matching: how near each question word comes to some word of a text, by the
cosine of multilingual word vectors.

Lexical coverage (answer.features) counts a question word as present only when one of its
index forms is in the window: "How heavy" finds nothing in "Net weight: 2.4 kg", nor does a
Russian question in an English manual. Here each question word is embedded alone by the
library's own dense embedder and compared with every distinct word of the text embedded
alone; its best cosine says how close the text comes to it (a paraphrase or translation
scores near a synonym's cosine, an absent concept near that of unrelated words). A word
whose index form is in the text counts 1, as in lexical coverage.

Word vectors are cached by word (WORD_CACHE, least recently used dropped), per embedder, so
the windows of a library's questions, which share most of their words, cost one embedding
per new word; a local embedder's word vectors are also kept between processes
(text.wordstore), so a process's first question embeds only the words no earlier process
embedded. Nothing is loaded at import.
"""
from __future__ import annotations

import functools
import threading
from collections.abc import Iterable

from pincite.text import lazyre

from ..text import analysis
from ..text.cjk import CJK_LETTER_CLASS

#: Word vectors kept per embedder (least recently used dropped): a small library's
#: vocabulary is a few thousand words; 16,384 vectors of 512 float32 are 32 MiB.
WORD_CACHE = 16384
#: Letters of a non-Chinese word (digits and codes are matched by their index forms only:
#: a vector of "2.4" or "px-200" says nothing about which concept it names).
_WORD_RE = lazyre.compile(r"[^\W\d_]{2,}")
_HAN_RE = lazyre.compile(f"[{CJK_LETTER_CLASS}]+")

_caches: dict[str, object] = {}
_stores: dict[str, object] = {}  # embedder -> text.wordstore.WordStore, or None when unavailable
_caches_lock = threading.Lock()


@functools.lru_cache(maxsize=65536)
def _content(word: str) -> bool:
    """Whether a lower-case word has an index form that is not a stopword (analysis.stopwords)."""
    stop = analysis.stopwords()
    return any(t not in stop for t in analysis.tokens(word))


@functools.lru_cache(maxsize=4096)
def text_words(text: str) -> frozenset[str]:
    """Distinct content words of `text` as written (lower case): letter runs of two or more
    outside Chinese, and the question-side terms (analysis.query_terms: jieba words and
    character bigrams) of each Chinese run; stopwords left out. Remembered across processes
    (text.textmemo, keyed by this file and the text package)."""
    from pincite.text import textmemo

    return frozenset(textmemo.remembered("text-words", lambda t: sorted(_text_words(t)), __file__).get(text))


def _text_words(text: str) -> set[str]:
    """text_words of `text`, computed."""
    out: set[str] = set()
    for run in _HAN_RE.findall(text):
        out.update(t for t in analysis.query_terms(run) if _HAN_RE.fullmatch(t))
    for w in _WORD_RE.findall(_HAN_RE.sub(" ", text)):
        w = w.casefold()
        if _content(w):
            out.add(w)
    return out


def question_words(question: str, groups: Iterable[tuple[str, ...]]) -> dict[tuple[str, ...], str]:
    """The written word (lower case) of each question word group (analysis.query_groups of
    `question`): the question's whitespace part that yields it, or the Chinese word itself.
    Groups not found among the question's parts are left out."""
    written: dict[tuple[str, ...], str] = {}
    for part in question.split():
        for g in analysis.query_groups(part):
            if _HAN_RE.fullmatch(g[0]):
                written.setdefault(g, g[0])
            else:
                word = part.strip(analysis.WORD_EDGE_PUNCT).casefold()
                if _WORD_RE.search(word):
                    written.setdefault(g, word)
    out = {}
    for g in groups:
        w = written.get(g) or next((v for k, v in written.items() if set(k) & set(g)), None)
        if w is not None:
            out[g] = w
    return out


def _cache(embedder):
    from ..text.embed import VectorCache

    key = f"{embedder.name} {embedder.version}"
    with _caches_lock:
        c = _caches.get(key)
        if c is None:
            c = _caches[key] = VectorCache(WORD_CACHE)
        return c


def _store(embedder):
    """The vector store (text.vecstore) of a local embedder, opened once per process; None
    for another embedder (a remote model may change behind its URL) or when derived caches
    are off."""
    from ..text.embed import LOCAL_SPECS
    from ..text.vecstore import open_store

    if embedder.name not in LOCAL_SPECS or getattr(embedder, "_embed_new", None) is None:
        return None
    key = f"{embedder.name} {embedder.version}"
    with _caches_lock:
        if key not in _stores:
            _stores[key] = open_store(embedder.name, embedder.version, embedder.dim_or_probe())
        return _stores[key]


def word_vectors(embedder, words: list[str]):
    """Unit vectors of `words`, shape (len(words), dim) float32, each word embedded alone as
    a passage and cached by word (WORD_CACHE), and for a local embedder kept between
    processes (text.vecstore). A local embedder's uncached path is used, so words do not
    push passages out of its own cache. EmbedderError as the embedder raises."""
    import numpy as np

    from ..text.embed import embed_distinct

    if not words:
        return np.zeros((0, embedder.dim_or_probe()), dtype=np.float32)
    embed = getattr(embedder, "_embed_new", None) or embedder.embed_passages
    store = _store(embedder)
    if store is not None:
        embed = store.through(embed)
    return embed_distinct(words, _cache(embedder), embed, embedder.dim_or_probe())


def passage_vectors(embedder, texts: list[str]):
    """The embedder's passage vectors of `texts` (embed_passages: shape (len(texts), dim)),
    for a local embedder kept between processes too (text.vecstore): for the texts a
    question embeds (its candidate windows), which the questions of one library share."""
    store = _store(embedder)
    if store is None:
        return embedder.embed_passages(texts)
    return embedder.embed_passages(texts, through=store.through)


class WordMatcher:
    """Best cosine of each question word against the words of given texts.

    Built once per question from the embedder and the question's word groups; `prepare`
    embeds the distinct words of all texts to be scored in one batch; `best` then gives,
    per group, the highest cosine (-1..1) between its written word and a word of a text
    (-1.0 for a text without content words; a group with no written word, such as a
    number, is left out). EmbedderError when the embedder cannot embed the words.

    `translations` (group -> index forms of its dictionary translations the library holds,
    spellings.with_translations): a text holding one of them matches the word fully (1.0),
    as a text holding the word itself does, however far apart their vectors are."""

    def __init__(self, embedder, question: str, groups: Iterable[tuple[str, ...]],
                 translations: dict[tuple[str, ...], tuple[str, ...]] | None = None):
        import numpy as np

        self.embedder = embedder
        self.translations = {g: frozenset(v) for g, v in (translations or {}).items() if v}
        self.question = question  # as written, for what reads its words in context (a tagger)
        self.written = question_words(question, groups)
        words = sorted(set(self.written.values()))
        self._qmat = word_vectors(embedder, words) if words else np.zeros((0, 1), dtype=np.float32)
        self._qrow = {w: i for i, w in enumerate(words)}
        self._best: dict[str, np.ndarray | None] = {}  # text -> best cosine per question word

    def prepare(self, texts: Iterable[str]) -> None:
        """Embed the distinct words of `texts` not seen yet (one batch)."""
        texts = [t for t in dict.fromkeys(texts) if t not in self._best]
        if not texts or not self._qrow:
            return
        word_sets = [text_words(t) for t in texts]
        vocab = sorted(set().union(*word_sets))
        if not vocab:
            for t in texts:
                self._best[t] = None
            return
        vecs = word_vectors(self.embedder, vocab)
        sims = vecs @ self._qmat.T  # (vocab, question words)
        row = {w: i for i, w in enumerate(vocab)}
        for t, ws in zip(texts, word_sets):
            self._best[t] = sims[[row[w] for w in ws]].max(axis=0) if ws else None

    def best(self, text: str) -> dict[tuple[str, ...], float]:
        """{group: best cosine (-1..1)} for every group with a written word (`prepare`s the
        text first when it was not)."""
        if text not in self._best:
            self.prepare([text])
        b = self._best.get(text)
        out = {g: (float(b[self._qrow[w]]) if b is not None else -1.0) for g, w in self.written.items()}
        if self.translations:
            toks = set(analysis.distinct_tokens(text))
            for g, forms in self.translations.items():
                if g in out and forms & toks:
                    out[g] = 1.0
        return out
