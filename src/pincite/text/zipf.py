"""wordfreq's Zipf frequency of a word, read from a derived per-language SQLite table.

`wordfreq.zipf_frequency(word, lang)` loads the language's whole frequency list on first
use (0.1-0.4 s a process on a 2-core machine: 321k English, 713k Russian words) and
wordfreq itself imports ~0.1 s of tables. A question needs a handful of words. `zipf`
answers a plain word from a table built once per language from
`wordfreq.get_frequency_dict` (text.derived), with wordfreq's own arithmetic. Plain
(`_PLAIN`): lower-case letters of the Latin (en) or Cyrillic (ru) alphabet and ASCII digit
runs joined by single hyphens ("насос", "px-200", "нд-40", "x-ray"), which wordfreq's regex
tokenizer (Unicode word breaks, NFC/NFKC, case folding) cuts at the hyphens and nowhere
else; digit runs are looked up as wordfreq does (wordfreq.numbers: runs of 2+ digits as
zeroes, times a Benford or year estimate). For Chinese, a run of CJK unified
ideographs is cut as wordfreq cuts it: its simplified form (wordfreq's character map),
jieba with wordfreq's own dictionary and no HMM (the dictionary read per character, as in
text.zhdict), each word simplified and looked up, one factor of INFERRED_SPACE_FACTOR per
inferred word break. Any other word (capitals, other punctuation, letters next to
digits, Chinese with other characters) goes to wordfreq itself. Values are identical to wordfreq's
(tests/test_derived_caches.py compares whole word lists).
"""
from __future__ import annotations

import functools
import importlib.metadata
import importlib.util
import math
import sqlite3
import threading
from pathlib import Path

from pincite.text import derived, lazyre

#: Format of the derived files (part of their names): bump on any change of their layout.
FORMAT = "zipf-1"

#: Words answered from the table, per language: letter or ASCII digit runs joined by single
#: hyphens, each run one unchanged token of wordfreq's tokenizer.
_PLAIN = {"en": lazyre.compile(r"(?:[a-z]+|[0-9]+)(?:-(?:[a-z]+|[0-9]+))*"),
          "ru": lazyre.compile(r"(?:[а-яё]+|[0-9]+)(?:-(?:[а-яё]+|[0-9]+))*"),
          "zh": lazyre.compile("[\u4e00-\u9fff]+")}
#: wordfreq 3.1's divisor of a Chinese word's frequency per word break jieba inferred in it.
INFERRED_SPACE_FACTOR = 10.0

_tables: dict[str, "_Table | None"] = {}
_lock = threading.Lock()


def _data_files(lang: str) -> list[Path]:
    spec = importlib.util.find_spec("wordfreq")
    if spec is None or not spec.submodule_search_locations:
        raise OSError("wordfreq is not installed")
    data = Path(list(spec.submodule_search_locations)[0]) / "data"
    files = sorted(data.glob(f"*_{lang}.msgpack.gz"))
    if not files:
        raise OSError(f"wordfreq has no word list for {lang!r}")
    if lang == "zh":  # wordfreq's jieba dictionary and its character map
        files += [data / "jieba_zh.txt", data / "_chinese_mapping.msgpack.gz"]
    return files


def _builder(lang: str):
    def build(tmp: Path) -> None:
        from wordfreq import get_frequency_dict

        freqs = get_frequency_dict(lang)
        tmp.unlink()  # sqlite wants to create the file itself
        db = sqlite3.connect(tmp)
        try:
            db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value) WITHOUT ROWID")
            db.execute("CREATE TABLE freq (word TEXT PRIMARY KEY, freq REAL NOT NULL) WITHOUT ROWID")
            db.executemany("INSERT INTO freq VALUES (?, ?)", freqs.items())
            meta = [("format", FORMAT), ("lang", lang), ("words", len(freqs))]
            if lang == "zh":
                from wordfreq.chinese import DICT_FILENAME, SIMPLIFIED_MAP

                from pincite.text import zhdict

                db.execute("CREATE TABLE simp (code INTEGER PRIMARY KEY, simplified TEXT NOT NULL)")
                db.executemany("INSERT INTO simp VALUES (?, ?)", SIMPLIFIED_MAP.items())
                with open(DICT_FILENAME, "rb") as f:
                    meta.append(("jieba_total", zhdict.write_buckets(db, f)))
            db.executemany("INSERT INTO meta VALUES (?, ?)", meta)
            db.commit()
        finally:
            db.close()
    return build


class _Table:
    """An open derived table: `freq(key)` -> list frequency or None; for Chinese also
    `simplify(text)` (wordfreq's simplify_chinese) and `jieba` (wordfreq's tokenizer)."""

    def __init__(self, path: Path, lang: str):
        self.db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        meta = dict(self.db.execute("SELECT key, value FROM meta").fetchall())
        if meta.get("format") != FORMAT or meta.get("lang") != lang:
            self.db.close()
            raise ValueError(f"{path}: not a {FORMAT} table of {lang!r}")
        self.jieba = None
        if lang == "zh":
            from pincite.text import zhdict

            if not isinstance(meta.get("jieba_total"), int):
                raise ValueError(f"{path}: no jieba dictionary")
            self.jieba = zhdict.over_buckets(path, meta["jieba_total"])
        self.lock = threading.Lock()

    def freq(self, key: str) -> float | None:
        with self.lock:
            row = self.db.execute("SELECT freq FROM freq WHERE word = ?", (key,)).fetchone()
        return row[0] if row else None

    def simplify(self, text: str) -> str:
        codes = sorted({ord(c) for c in text})
        with self.lock:
            rows = self.db.execute(f"SELECT code, simplified FROM simp WHERE code IN ({','.join('?' * len(codes))})",
                                   codes).fetchall()
        return text.translate(dict(rows)).casefold()


def _opener(lang: str):
    return lambda path: _Table(path, lang)


def _table(lang: str) -> _Table | None:
    with _lock:
        if lang not in _tables:
            try:
                key = derived.source_key(_data_files(lang), FORMAT, importlib.metadata.version("wordfreq"),
                                         importlib.metadata.version("jieba"))
            except (OSError, importlib.metadata.PackageNotFoundError):
                _tables[lang] = None
            else:
                _tables[lang] = derived.derived(f"zipf-{lang}-{key}.sqlite", _builder(lang), _opener(lang))
        return _tables[lang]


#: wordfreq.zipf_frequency's default minimum (Zipf 0) as a frequency: 10 ** 0 / 1e9.
_MIN_FREQ = 10 ** 0.0 / 1e9

# wordfreq 3.1's estimate of a digit run (wordfreq.numbers): Benford's law for the leading
# digit, and for 4 digits a share of years peaking over REFERENCE_YEAR..+PLATEAU_WIDTH.
_DIGIT_FREQS = [0.009, 0.300, 0.175, 0.124, 0.096, 0.078, 0.066, 0.057, 0.050, 0.045]
_YEAR_LOG_PEAK, _NOT_YEAR_PROB, _REFERENCE_YEAR, _PLATEAU_WIDTH = -1.9185, 0.1, 2019, 20


def _benford_freq(text: str) -> float:
    return _DIGIT_FREQS[int(text[0])] / 10 ** (len(text) - 1)


def _year_freq(text: str) -> float:
    year = int(text)
    if year <= _REFERENCE_YEAR:
        year_log_freq = _YEAR_LOG_PEAK - 0.0083 * (_REFERENCE_YEAR - year)
    elif _REFERENCE_YEAR < year <= _REFERENCE_YEAR + _PLATEAU_WIDTH:
        year_log_freq = _YEAR_LOG_PEAK
    else:
        year_log_freq = _YEAR_LOG_PEAK - 0.2 * (year - (_REFERENCE_YEAR + _PLATEAU_WIDTH))
    return 10.0 ** year_log_freq + _NOT_YEAR_PROB * _benford_freq(text)


def _frequency(tokens: list[str], lookup, inferred_spaces: bool = False) -> float:
    """wordfreq 3.1's word_frequency arithmetic (default minimum) for the tokens of a
    plain word; `lookup(key)` gives a key's list frequency or None; `inferred_spaces`: the
    tokens are jieba's cut of one word (Chinese)."""
    one_over = 0.0
    for token in tokens:
        smashed = "0" * len(token) if token.isdigit() and len(token) > 1 else token
        freq = lookup(smashed)
        if freq is None:
            return _MIN_FREQ
        if smashed != token:
            freq *= _year_freq(token) if len(token) == 4 else _benford_freq(token)
        one_over += 1.0 / freq
    f = 1.0 / one_over
    if inferred_spaces:
        f *= INFERRED_SPACE_FACTOR ** -(len(tokens) - 1)
    f = max(f, _MIN_FREQ)
    return round(f, math.floor(-math.log(f, 10)) + 3)


def zipf(word: str, lang: str) -> float:
    """`wordfreq.zipf_frequency(word, lang)` (its "best" list, minimum 0): the word's
    frequency on the Zipf scale (log10 of occurrences per billion words; 0 for an unknown
    word). From the derived table when the word is plain for `lang` (`_PLAIN`) and the
    table can be used, else from wordfreq itself. ValueError (wordfreq's LookupError for an
    unknown language) propagates."""
    plain = _PLAIN.get(lang)
    if plain is not None and plain.fullmatch(word):
        table = _table(lang)
        if table is not None:
            if lang == "zh" and table.jieba is not None:
                spans = table.jieba.tokenize(table.simplify(word), HMM=False)
                tokens = [table.simplify(word[start:end]) for _, start, end in spans]
                freq = _frequency(tokens, table.freq, inferred_spaces=True) if tokens else _MIN_FREQ
            else:
                freq = _frequency(word.split("-"), table.freq)
            return round(math.log(freq, 10) + 9, 2)
    from wordfreq import zipf_frequency

    return zipf_frequency(word, lang)


#: Zipf frequency given to a word wordfreq does not know (Zipf 0): about that of a rare
#: technical term. A word at or below it is one general language does not know (`unknown`).
UNKNOWN_ZIPF = 1.0


@functools.lru_cache(maxsize=4096)
def general_zipf(word: str, lang: str) -> float:
    """`zipf(word, lang)` with UNKNOWN_ZIPF for a word wordfreq does not know (0), in
    `lang` "en", "ru" or "zh" (any other language is looked up as English). The word is
    looked up as given: lower-case it first (a capital sends it past the derived table to
    wordfreq itself, which loads a whole word list)."""
    z = zipf(word, lang if lang in ("en", "ru", "zh") else "en")
    return z if z > 0 else UNKNOWN_ZIPF


@functools.lru_cache(maxsize=4096)
def lexeme_zipf(word: str) -> float:
    """The Zipf frequency of a folded Russian word's lexeme: the frequencies (`zipf`) of every
    form of its likeliest pymorphy3 parse summed ("указан" 3.75 alone, its verb указать's 46
    forms 5.04), at least UNKNOWN_ZIPF. wordfreq counts each inflected form apart, so a
    form's own frequency makes a common Russian word look rare; how common the word is, is
    its lexeme's. A word of other letters than Cyrillic ones gets `general_zipf`. Loads the
    analyzer (text.morph) on first use."""
    from pincite.text.morph import cyrillic_word, morph

    if not cyrillic_word(word):
        return general_zipf(word, "ru")

    parses = morph().parse(word)
    forms = {f.word for f in parses[0].lexeme} if parses else {word}
    total = sum(10 ** z for z in (zipf(f, "ru") for f in forms) if z > 0)
    return max(UNKNOWN_ZIPF, round(math.log10(total), 2)) if total else UNKNOWN_ZIPF


def unknown(word: str, lang: str) -> bool:
    """Whether general language does not know `word` (Zipf at most UNKNOWN_ZIPF in `lang`,
    case folded): a product, package or program name ("xeCJK", "luatexja"), a rare
    identifier, rather than a word of the language."""
    return general_zipf(word.lower() if lang != "zh" else word, lang) <= UNKNOWN_ZIPF
