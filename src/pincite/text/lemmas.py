"""Russian lemmas remembered across processes, so that a process whose Russian words were all
seen before never loads the morphological analyzer.

pymorphy3's analyzer takes ~0.15 s to import and load (its dictionaries), paid by every
process that meets one Russian word: a cold `pincite ask` in Russian, or in any language
over passages with Russian words. The lemma of a word depends only on the word, pymorphy3
and its dictionary, and text.analysis's choice among the parses; `LemmaMemo` keeps each
(word, lemma) computed in an SQLite table in the derived-cache folder (text.derived), named
by a key of those files (sizes and modification times), so a changed analyzer or rule gets
a new table. A word not in the table is computed (the analyzer loads then) and added.

Safety is text.textmemo's: SQLite's own locking lets processes read and add at once (two
processes adding one word agree on its lemma); additions are written in batches and at exit,
and losing them costs only their recomputation. A file SQLite cannot read (damaged) is
deleted and started afresh; with caches off or no writable folder, lemmas are computed as
before.
"""
from __future__ import annotations

from typing import Callable

from pincite.text.textmemo import TextMemo


class LemmaMemo:
    """word -> lemma through `compute`, remembered in the derived-cache folder (a
    text.textmemo.TextMemo table named `name`, keyed by the files `sources`). Thread-safe.
    Any other string function of a string that depends only on `sources` is remembered the
    same way under another `name` (the file's prefix; text.hyphens keeps its decisions so)."""

    def __init__(self, compute: Callable[[str], str], sources: list[str], name: str = "ru-lemmas"):
        self._memo = TextMemo(name, lambda word: (compute(word),), lambda: sources)

    def lemma(self, word: str) -> str:
        """The lemma of `word`: remembered, or computed (and remembered)."""
        return self._memo.get(word)[0]

    def flush(self) -> None:
        """Write the words computed since the last write (quietly dropped when it fails)."""
        self._memo.flush()
