"""Text analysis for BM25: one analyzer for documents and queries alike.

This module owns how text becomes index terms (`tokens`), which query terms count when
answer sentences are scored (`query_terms`, `stopwords`), a cheap language guess
(`detect_language`) and sentence spans (`split_sentences`, offsets into the original text).
Edge gets our terms joined by spaces and a whitespace tokenizer with no stemmer, so every
rule lives here. Changing any rule changes the index: bump `ANALYZER_VERSION` (part of the
index profile, so `pincite reindex` is demanded).

Rules of `tokens`:
- Normalisation: drop soft hyphens and zero-width characters; PDFium's line-end hyphen mark
  (U+FFFE or U+0002) joins the word halves around it, or reads "-" where they make a compound
  (text.hyphens: "two-column", "Санкт-Петербурге"); NFKC, except superscript/subscript digits and
  signs and "№" (NFKC would turn 10² into 102 and № into "No"); every dash becomes "-";
  case folding and ё -> е per token.
- Codes (a run of letters/digits joined by - . / : _ @ or a decimal comma, containing a
  digit: "PX-200", "5-12", "2.503-90", "4.1", "10²", "№401-п") are ONE token and nothing
  else, so PX-200 and PX-300 share no term. "№ 401-п" becomes "№401-п" and also "401-п".
- TeX macros keep the backslash and their case ("\\katal", "\\SI" and "\\si" differ).
- URLs and paths ("http://journals.aps.org/revtex/", "CTAN:biblio/bibtex/") give the whole
  (folded, trailing "/" dropped) AND their word parts.
- Words: Cyrillic -> the pymorphy3 lemma (OpenCorpora dictionary, `_ru_lemma`), then its
  Snowball "russian" stem; Latin -> Snowball "english" (PyStemmer); other scripts folded only.
  Snowball alone cuts inflections of one Russian word apart ("лимит" -> "лим", "лимиты" ->
  "лимит"); stemming the lemma gives every inflection the same term, and the stem still joins
  much derivational kin ("заменить", "заменять" -> "замен"). Russian Snowball sometimes reads a
  noun ending as a verb ending ("замена" -> "зам"); for such words we also emit the noun
  reading ("замен"), see `_ru_forms`. Letter-only hyphenated words give their parts.
- Chinese (Han and kana runs): jieba words (plain mode) plus every character bigram of the run
  not already a jieba word, so partial words match. Measured: plain and search mode both give
  "最大功率" -> 最大/功率, and "最大功率为1.5千瓦" -> 最大/功率/为/1.5/千瓦; the bigrams (最大, 大功, 功率)
  match either way; search mode only adds dictionary sub-words that bigrams already cover
  (2 chars) or rarely matter (3 chars), so plain mode is used.

Thread safety: PyStemmer objects are not thread-safe, so each thread gets its own stemmers
(`threading.local`); jieba is set up once, lazily and quietly, under a lock, with its
dictionary read per character from a derived cache (text.zhdict).

This module must not import index/ or answer/ (nor anything later than extract/).

Size: over 600 lines as one analyzer: tokens, query terms, stopwords, the language guess and
sentence spans are the rules of one index profile (`ANALYZER_VERSION`), read together when any
of them changes, so a rule cannot change in one place without the version.
"""
from __future__ import annotations

import functools
import re
import threading
import unicodedata
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, cast

import Stemmer

from pincite.text import hanzi, lazyre, translit
from pincite.text.cjk import CJK_LETTER_CLASS, cjk_letter_count, is_cjk_letter
from pincite.text.hyphens import printed_hyphen
from pincite.text.morph import morph

if TYPE_CHECKING:
    from pincite.text.lemmas import LemmaMemo

#: Punctuation that stands around a word of a question split at spaces ("AQ-150?", "«ТК-7»,",
#: "多少？"): stripped to get the word as written.
WORD_EDGE_PUNCT = ".,;:!?«»\"'()？，。、"

#: Bump on any change of the rules below (part of the index profile).
ANALYZER_VERSION = "pincite-bm25-6"

# ---------------------------------------------------------------- normalisation

_PROTECTED = "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎№"
_PROTECTED_RE = lazyre.compile(f"([{_PROTECTED}]+)")
_INVISIBLE_RE = lazyre.compile("[\ufffe\u0002]\\s*|[\u00ad\u200b\u200c\u200d\u2060\ufeff]")
_WORD_END_RE = lazyre.compile(r"\\?[^\W_]+$")
_WORD_START_RE = lazyre.compile(r"[^\W_]+")
#: The dashes _normalize makes "-" (a regular expression: str.translate with a dict costs a
#: lookup per char, ~40 us a passage).
_DASH_RE = lazyre.compile("[\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63]")
_NUMERO_RE = lazyre.compile(r"№\s+(?=[^\W_])")


def _nfkc(text: str) -> str:
    """NFKC that leaves superscript/subscript digits and signs and "№" alone."""
    if text.isascii():
        return text
    parts = _PROTECTED_RE.split(text)
    return "".join(p if i % 2 else unicodedata.normalize("NFKC", p) for i, p in enumerate(parts))


def _line_end_mark(m: "re.Match[str]") -> str:
    """A PDFium line-end hyphen mark (U+FFFE or U+0002, with the whitespace after it) between
    the halves of a compound reads "-" (text.hyphens.printed_hyphen); anything else `_INVISIBLE_RE`
    matches is dropped, joining a word hyphenated at a line end."""
    text, start, end = m.string, m.start(), m.end()
    if text[start] not in "\ufffe\u0002":
        return ""
    before = _WORD_END_RE.search(text, max(0, start - 64), start)
    after = _WORD_START_RE.match(text, end, end + 64)
    if before and after and printed_hyphen(before.group(), after.group()):
        return "-"
    return ""


def _normalize(text: str) -> str:
    text = _INVISIBLE_RE.sub(_line_end_mark, text)
    text = _DASH_RE.sub("-", _nfkc(text))
    return _NUMERO_RE.sub("№", text)


def _fold(s: str) -> str:
    return s.casefold().replace("ё", "е").replace("’", "'")


# ---------------------------------------------------------------- stemming

_local = threading.local()


def _stemmer(lang: str) -> Stemmer.Stemmer:
    """Per-thread PyStemmer object (they are not thread-safe); created once per thread."""
    st = getattr(_local, lang, None)
    if st is None:
        st = Stemmer.Stemmer(lang)
        setattr(_local, lang, st)
    return st


def snowball(word: str, lang: str) -> str:
    """The Snowball stem of `word` case-folded (ё as е), in "english" or "russian": the form
    the index keeps of a dictionary word, whose lemma is itself (text.bilingual)."""
    return _stemmer(lang).stemWord(_fold(word))


_RU_NOUN_END = sorted(
    "а ев ов ие ье е иями ями ами еи ии и ией ей ой ий й иям ям ием ем ам ом о у ах иях ях "
    "ы ь ию ью ю ия ья я".split(), key=len, reverse=True)
_RU_ADJ_END = tuple(
    "ее ие ые ое ими ыми ей ий ый ой ем им ым ом его ого ему ому их ых ую юю ая яя ою ею".split())
_RU_VOWELS = set("аеиоуыэюя")


@functools.lru_cache(maxsize=100_000)
def _ru_forms(word: str) -> tuple[str, ...]:
    """Snowball stem, plus the noun reading when Snowball cut a verb ending off a noun.

    The noun reading is the word minus its longest noun ending; it is added only when the
    Snowball stem is a proper prefix of it and the word has no adjective or reflexive ending
    ("замена" -> ("зам", "замен")).
    """
    stem = _stemmer("russian").stemWord(word)
    if len(stem) >= 5 and stem[-1] in "ая" and not word.endswith(_RU_ADJ_END):
        # Snowball keeps the thematic vowel of imperfective verbs ("заменять" -> "заменя")
        # but not of their perfective or noun kin ("заменить", "замену" -> "замен").
        return (stem, stem[:-1])
    if word.endswith(_RU_ADJ_END) or word.endswith(("ся", "сь")):
        return (stem,)
    for end in _RU_NOUN_END:
        base = word[: -len(end)]
        if word.endswith(end) and len(base) >= 3 and _RU_VOWELS & set(base):
            if base != stem and base.startswith(stem):
                return (stem, base)
            break
    return (stem,)


_morph_lock = threading.Lock()


_lemma_memo: "LemmaMemo | Callable[[str], str] | None" = None


@functools.lru_cache(maxsize=200_000)
def _ru_lemma(word: str) -> str:
    """The dictionary form of a folded Russian word (`_parse_lemma`), remembered across
    processes (text.lemmas: the analyzer loads only for a word no process met before)."""
    global _lemma_memo
    if _lemma_memo is None:
        from pincite.text.lemmas import LemmaMemo
        from pincite.text.textmemo import module_sources

        try:
            sources = [__file__] + module_sources("pymorphy3", "pymorphy3_dicts_ru")
        except (ImportError, AttributeError, ValueError):
            sources = None
        memo = LemmaMemo(_parse_lemma, sources) if sources else None
        with _morph_lock:
            if _lemma_memo is None:
                _lemma_memo = memo or _parse_lemma
    if _lemma_memo is _parse_lemma:
        return _parse_lemma(word)
    return cast("LemmaMemo", _lemma_memo).lemma(word)




def _parse_lemma(word: str) -> str:
    """The dictionary form of a folded Russian word: of pymorphy3's parses (its OpenCorpora
    dictionary, or its suffix analogy for an unknown word), the normal form whose parses
    score highest together (the word itself when it is one of the best), folded the same way.
    The analyzer (~0.15 s, dictionaries from the pymorphy3-dicts-ru package) loads on first
    use; parsing is read-only, so one analyzer serves every thread."""
    score: dict[str, float] = {}
    for p in morph().parse(word):
        score[p.normal_form] = score.get(p.normal_form, 0.0) + p.score
    # On a tie the word is read as its own dictionary form ("данные": data, not "дать").
    return _fold(max(score, key=lambda f: (round(score[f], 6), f == word))) if score else word


_CYR_RE = lazyre.compile("[\u0400-\u04ff]")
_LAT_RE = lazyre.compile("[a-z\u00df-\u024f]")


def _word(w: str, out: list[str]) -> None:
    """Append the index forms of one folded letter-only word."""
    if _CYR_RE.search(w):
        out.extend(_ru_forms(_ru_lemma(w)))
    elif _LAT_RE.search(w):
        out.append(_stemmer("english").stemWord(w))
    else:
        out.append(w)


# ---------------------------------------------------------------- Chinese

_jieba = None
_jieba_lock = threading.Lock()


def _jieba_cut(run: str) -> list[str]:
    global _jieba
    if _jieba is None:
        with _jieba_lock:
            if _jieba is None:
                from pincite.text import zhdict

                _jieba = zhdict.tokenizer()
    return _jieba.lcut(run)


def cjk_words(run: str) -> list[str]:
    """The words (jieba, pincite's dictionary: text.zhdict) of a run of Chinese text, in
    order; their concatenation is `run`. Loads jieba on first use."""
    return _jieba_cut(run)


#: The copula 是 right before an interrogative ("多少", "什么", "几", "哪", "谁", "怎", "如何",
#: "啥"), where it asks for a value: split off as a word of its own on the query side.
_COPULA_ASKED_RE = lazyre.compile(r"(?<=.)(是)(?=多少|什么|几|哪|谁|怎|如何|啥)")


def _query_cut(run: str) -> list[str]:
    """jieba's words of a question's Han run, the copula before an interrogative cut off as
    a word of its own (_COPULA_ASKED_RE): jieba's dictionary glues it to a one-character
    word before it ("加急价是多少" -> "加急", "价是", "多少")."""
    return [w for piece in _COPULA_ASKED_RE.split(run) if piece for w in _jieba_cut(piece)]


def _cjk(run: str, out: list[str], query: bool = False) -> None:
    """jieba words of a Han/kana run, then its bigrams that are not already words.

    On the query side (`query`), function words jieba cuts apart are joined first
    (`_joined_function_words`), and bigrams touching a function word (`_zh_function_word`)
    are skipped: no "率是" from "功率是多少", no "台净" from "这台净化器".
    """
    run = hanzi.simplified(run)  # Traditional characters read as Simplified ones, both sides
    words = _joined_function_words(_query_cut(run)) if query else _jieba_cut(run)
    out.extend(words)
    seen, pos = set(words), 0
    blocked: set[int] = set()
    for w in words:
        if query and _zh_function_word(w):
            blocked.update(range(pos, pos + len(w)))
        pos += len(w)
    for i in range(len(run) - 1):
        bi = run[i : i + 2]
        if bi not in seen and i not in blocked and i + 1 not in blocked:
            out.append(bi)


# ---------------------------------------------------------------- codes, words, paths

_CJK_SPLIT_RE = lazyre.compile(f"([{CJK_LETTER_CLASS}]+)")
_A = r"(?:[^\W_]|[⁺⁻⁼₊₋₌])"
_UNIT = rf"{_A}+(?:['’]{_A}+)*"
#: A TeX macro as one token: a backslash and its letters ("\\katal", "\\SI", "\\@startsection").
MACRO_RE = lazyre.compile(r"\\[A-Za-z@]+")
_TOKEN_RE = lazyre.compile(
    r"(?P<url>(?:[A-Za-z][A-Za-z0-9+.\-]*://|www\.)[^\s<>\"'()\[\]{}]*[^\s<>\"'()\[\]{}.,;:!?/])"
    rf"|(?P<macro>{MACRO_RE.pattern})"
    rf"|(?P<compound>№?{_UNIT}(?:(?:[-./:_@]|(?<=\d),(?=\d)){_UNIT})*)"
)
_COMPOUND_RE = lazyre.compile(rf"№?{_UNIT}(?:(?:[-./:_@]|(?<=\d),(?=\d)){_UNIT})*")
_DIGIT_RE = lazyre.compile(r"\d|[⁰¹²³⁴⁵⁶⁷⁸⁹₀₁₂₃₄₅₆₇₈₉]")
_PATH_SPLIT_RE = lazyre.compile(r"[/:_@?=&#%~+]+")
_ALPHA_SEG_RE = lazyre.compile(r"^[^\W\d_]{2,}")


_WORD_SPLIT_RE = lazyre.compile(r"[-.]")


def _compound(s: str, out: list[str]) -> None:
    """A run of letters/digits with inner connectors: path, code or word(s)."""
    out.extend(_compound_forms(s))


@functools.lru_cache(maxsize=200_000)
def _compound_forms(s: str) -> tuple[str, ...]:
    """The index forms `_compound` appends for `s`, remembered: a function of `s` alone
    (folding, splitting, Snowball and the Russian lemmas are), and a text repeats its words."""
    out: list[str] = []
    low = _fold(s)
    segs = [p for p in _PATH_SPLIT_RE.split(s) if p]
    if len(segs) > 1 and any(_ALPHA_SEG_RE.match(p) and not _DIGIT_RE.search(p) for p in segs):
        out.append(low)
        for p in segs:
            _compound(p, out)
    elif _DIGIT_RE.search(low):
        out.append(low)
        if low.startswith("№") and len(low) > 1:
            out.append(low[1:])
        elif (m := _NUMBER_WORD_RE.fullmatch(low)) and _CYR_RE.search(m.group(2)):
            out.append(_numbered(m.group(1), m.group(2)))  # "2-комнатной" as "2-комнатная"
    else:
        for w in _WORD_SPLIT_RE.split(low):
            if w:
                _word(w, out)
        if (m := _RU_NUMERAL_PREFIX_RE.match(low)) and low.isalpha():
            # "двухкомнатной" is "2-комнатная" written with its numeral
            out.append(_numbered(str(_RU_NUMERAL_PREFIXES[m.group(1)]), low[m.end():]))
    return tuple(out)


#: A number joined by a hyphen to a word ("2-комнатная", "5-летний"): the word is inflected,
#: so the compound is also indexed as the number and the word's stem (`_numbered`).
_NUMBER_WORD_RE = lazyre.compile(r"(\d+)-([^\W\d_]{3,})")
#: Russian numeral stems that open a compound adjective ("одно-", "двух-", "трёх-" … "десяти-":
#: "двухкомнатная", "пятиэтажный"), folded (ё as е), with their numbers.
_RU_NUMERAL_PREFIXES = {"одно": 1, "двух": 2, "трех": 3, "четырех": 4, "пяти": 5, "шести": 6, "семи": 7,
                        "восьми": 8, "девяти": 9, "десяти": 10}
_RU_NUMERAL_PREFIX_RE = lazyre.compile(
    r"(одно|двух|трех|четырех|пяти|шести|семи|восьми|девяти|десяти)(?=[а-я]{4,}$)")


def _numbered(number: str, word: str) -> str:
    """The index form of a Russian compound adjective of a number, whatever its case and
    however its number is written: the number, a hyphen and the stem of the word after it
    ("2-комнатной", "двухкомнатная" -> "2-комнатн")."""
    return f"{number}-{_stemmer('russian').stemWord(word)}"


@functools.lru_cache(maxsize=4096)
def compound_parts(form: str) -> frozenset[str]:
    """The index forms of the parts of a compound index form joined by path connectors
    (_PATH_SPLIT_RE), as identifiers, configuration keys and paths are written
    ("imap_scan_tree_recurs_limit" -> {"imap", "scan", "tree", "recur", "limit"};
    "glp_read_cnfsat", "style/font"); empty for any other form ("px-200", "pump")."""
    if not _PATH_SPLIT_RE.search(form):
        return frozenset()
    return frozenset(_compound_forms(form)[1:]) - {form}


def _latin(segment: str, out: list[str]) -> None:
    if "\\" not in segment and "://" not in segment and "www." not in segment:
        # no URL or macro can start here: every token is a compound (what _TOKEN_RE finds)
        for s in _COMPOUND_RE.findall(segment):
            out.extend(_compound_forms(s))
        return
    for m in _TOKEN_RE.finditer(segment):
        kind, s = m.lastgroup, m.group()
        if kind == "macro":
            out.append(s)
        elif kind == "url":
            out.append(_fold(s))
            for p in _PATH_SPLIT_RE.split(s):
                if p:
                    _compound(p, out)
        else:
            _compound(s, out)


def _analyze(text: str, query: bool = False) -> list[str]:
    out: list[str] = []
    for i, part in enumerate(_CJK_SPLIT_RE.split(_normalize(text))):
        if i % 2:
            _cjk(part, out, query)
        elif part and not part.isspace():
            _latin(part, out)
    return out


def tokens(text: str) -> list[str]:
    """Index terms of `text` in text order (with repeats, so BM25 sees term frequency)."""
    return _analyze(text)


def distinct_tokens(text: str) -> tuple[str, ...]:
    """The distinct index terms of `text` (`tokens`, each at its first place), remembered
    across processes (text.textmemo, keyed by this package's files and the analyzers':
    pymorphy3 and its Russian dictionaries, jieba, PyStemmer): what answering reads of each
    sentence it scores, which a cold process would otherwise analyse again."""
    from pincite.text import textmemo

    return textmemo.remembered("text-tokens", _distinct_tokens,
                               modules=("pymorphy3", "pymorphy3_dicts_ru", "jieba", "Stemmer", "opencc")).get(text)


def _distinct_tokens(text: str) -> tuple[str, ...]:
    """distinct_tokens of `text`, computed."""
    return tuple(dict.fromkeys(_analyze(text)))


# ---------------------------------------------------------------- stopwords, query terms

# Short on purpose: question words, copulas, articles, prepositions and particles that carry
# no content in a question. Units, numbers and negations ("не", "no", "不") are never here.
_STOP_EN = ("a an the of to in on at for by with from and or is are was were be been it its "
            "this that these those what which who whom whose how when where why do does did "
            "can could should would will shall may must i we you my our your there about "
            "often long many much according per has have had he him his she her hers they them their "
            # contractions of the pronouns and auxiliaries above, one token each ("you'll")
            "i'm i'd i'll i've you're you'd you'll you've we're we'd we'll we've they're they'd they'll "
            "they've he's she's it's that's what's who's where's there's here's let's")
_STOP_RU = ("в во на по с со к ко о об от до из за для при и а или ли же бы это этот эта эти "
            "что какой какая какое какие каков какова каковы сколько как где когда куда откуда "
            "почему зачем кто чем чему есть является являются нужно надо можно часто согласно "
            "у под над перед про он она оно они его ее её их мы вы я ты "
            "чего чём кем кого кому такое такой такая такие делает делают делать сделать "
            "который которая которое которые")
_STOP_ZH = ("什么 多少 哪些 哪个 哪 怎么 怎样 如何 为什么 是否 是 的 了 吗 呢 吧 在 有 和 与 及 "
            "或 请问 一下 几 该 对 中 把 被 多长 多久 多长时间 多大 根据 谁 "
            # "要" (will, need to: "要多少钱") and a "一" jieba leaves alone ("租一整年": the
            # numeral of the next word) are the question's grammar, no word a passage repeats
            "要 一")

_ZH_STOP = frozenset(_STOP_ZH.split())
#: "几" ("how many") with the measure word jieba keeps on it ("几台", "几个", "几位", "几次"):
#: a question word, like 几 alone; the measure word names no content a passage must hold.
_ZH_HOW_MANY = lazyre.compile(r"几[\u4e00-\u9fff]")
#: Chinese measure words (classifiers), the closed class a demonstrative or numeral takes
#: before a noun ("这台净化器", "该款产品", "这两份文件"): the common general ones and those of
#: devices, documents and their parts, events and kinds.
_ZH_MEASURE = "个台款种类样些位名件部只条项套把块张次份批辆架座根支本页篇段章节组层面间家所道颗片对双副"
#: A demonstrative ("这", "那", "该", "此", "本"), a numeral at most and a measure word at most:
#: "这台", "这个", "那些", "该款", "此次", "本章", "这两台". It points at a thing the question
#: names by its next word; a passage never repeats it, so it is no word to find.
_ZH_DEMONSTRATIVE = lazyre.compile(rf"[这那该此本][一二两三四五六七八九十几]*[{_ZH_MEASURE}]?")
#: "One" with its measure word ("一个", "一件", "一台"): the article of the noun after it
#: ("一个60公斤的包裹"), no word a passage repeats.
_ZH_ONE = lazyre.compile(rf"一[{_ZH_MEASURE}]")


def _zh_function_word(word: str) -> bool:
    """Whether a Chinese word (a jieba word of a question, `_joined_function_words` applied)
    is a function word of a question rather than a word a passage must hold: a stop word of
    _STOP_ZH, "几" with its measure word (_ZH_HOW_MANY), a demonstrative with a numeral and
    a measure word (_ZH_DEMONSTRATIVE), or "一" with a measure word (_ZH_ONE)."""
    return (word in _ZH_STOP or bool(_ZH_HOW_MANY.fullmatch(word))
            or bool(_ZH_DEMONSTRATIVE.fullmatch(word)) or bool(_ZH_ONE.fullmatch(word)))


def stopword_words() -> frozenset[str]:
    """The English and Russian stop words as written (lower case), before analysis: what a
    misspelled function word is compared with (answer.misspelled)."""
    return frozenset((_STOP_EN + " " + _STOP_RU).split())


@functools.cache
def stopwords() -> frozenset[str]:
    """Analysed forms removed by `query_terms`: the index forms (`tokens`) of the English and
    Russian stop words above, and the Chinese ones as written. Built on first use, as the
    Russian forms need the morphological analyzer (~0.15 s to load); kept in a derived
    cache (text.derived) keyed by this file and the analyzer's and stemmer's installed
    files, so a process that meets no Russian word never loads it."""
    import importlib.util
    import json

    from pincite.text import derived

    def computed() -> list[str]:
        return sorted(set(tokens(_STOP_EN) + tokens(_STOP_RU)))

    def build(tmp) -> None:
        tmp.write_text(json.dumps(computed(), ensure_ascii=False), encoding="utf-8")

    def open_(path) -> list[str]:
        forms = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(forms, list) or not all(isinstance(f, str) for f in forms):
            raise ValueError(f"{path}: not a list of forms")
        return forms

    try:
        specs = [importlib.util.find_spec(m) for m in ("pymorphy3", "pymorphy3_dicts_ru", "Stemmer")]
        sources = [__file__] + [str(s.origin) if s is not None and s.origin else "" for s in specs]
        if "" in sources:
            raise ImportError("a module of the Russian analysis is not on disk")
        key = derived.source_key(sources, ANALYZER_VERSION)
    except (OSError, TypeError, AttributeError, ImportError):  # a module not found or not on disk
        forms = None
    else:
        forms = derived.derived(f"stopwords-{key}.json", build, open_)
    return frozenset(forms if forms is not None else computed()) | _ZH_STOP


def query_terms(text: str) -> list[str]:
    """Content terms of a question: `tokens` minus `stopwords()`, CJK bigrams not crossing
    a stopword. Always a subset of `tokens(text)`; used to score answer sentences and
    query coverage."""
    stop = stopwords() - acronyms(text) - label_letters(text)
    return [t for t in _analyze(text, query=True) if t not in stop and not _zh_function_word(t)]


def acronyms(text: str) -> frozenset[str]:
    """The folded forms of the words `text` writes in capitals only (two or more letters,
    "IT", "OR", "US") when the text also has lower-case letters: an acronym spelled like a
    stopword ("the IT department", "the US office") names something and is kept as a
    question word. In a text written all in capitals nothing is an acronym."""
    if not any(ch.islower() for ch in text):
        return frozenset()
    out = set()
    for raw in _normalize(text).split():
        w = raw.strip(WORD_EDGE_PUNCT)
        if len(w) >= 2 and w.isalpha() and w.isupper():
            out.add(_fold(w))
    return frozenset(out)


def label_letters(text: str) -> frozenset[str]:
    """The folded forms of the capital letters `text` writes after a word that ends no
    sentence, as a label is written ("Studio A", "Plan A", "тариф A"): a stopword spelled so
    (the article "a", capitalised only where a sentence starts) is kept as a question word
    ("I", a pronoun, stays a stopword). None in a text written all in capitals."""
    if not any(ch.islower() for ch in text):
        return frozenset()
    out = set()
    previous = ""
    for raw in _normalize(text).split():
        w = raw.strip(WORD_EDGE_PUNCT)
        if len(w) == 1 and w.isupper() and w.isalpha() and w != "I" and previous \
                and not previous.endswith((".", "!", "?", ":", ";", "。", "！", "？", "：")):
            out.add(_fold(w))
        previous = raw
    return frozenset(out)


#: Common English irregular verbs (base, past, past participle; the standard principal parts
#: of English grammar), which Snowball stems apart ("fall", "fell", "fallen"). A question word
#: in one form finds the others (`query_groups`): "What did I fall over?" is answered by "I
#: fell over a root". Forms that are also common other words ("left", "found", "saw", "lay",
#: "felt", "lead") are left out.
_EN_IRREGULAR = (
    "arise arose arisen|be was been|bear bore borne|beat beat beaten|become became become|"
    "begin began begun|bend bent bent|bind bound bound|bite bit bitten|blow blew blown|"
    "break broke broken|bring brought brought|build built built|burn burnt burnt|buy bought bought|"
    "catch caught caught|choose chose chosen|come came come|cut cut cut|deal dealt dealt|"
    "dig dug dug|do did done|draw drew drawn|drink drank drunk|drive drove driven|eat ate eaten|"
    "fall fell fallen|feed fed fed|fight fought fought|fly flew flown|forbid forbade forbidden|"
    "forget forgot forgotten|freeze froze frozen|get got gotten|give gave given|go went gone|"
    "grow grew grown|hang hung hung|have had had|hear heard heard|hide hid hidden|hold held held|"
    "keep kept kept|know knew known|leave left left|lend lent lent|lose lost lost|make made made|"
    "mean meant meant|meet met met|pay paid paid|ride rode ridden|ring rang rung|rise rose risen|"
    "run ran run|say said said|see saw seen|seek sought sought|sell sold sold|send sent sent|"
    "shake shook shaken|shine shone shone|shoot shot shot|show showed shown|shrink shrank shrunk|"
    "sing sang sung|sink sank sunk|sit sat sat|sleep slept slept|speak spoke spoken|"
    "spend spent spent|spin spun spun|stand stood stood|steal stole stolen|stick stuck stuck|"
    "strike struck struck|swear swore sworn|swim swam swum|take took taken|teach taught taught|"
    "tear tore torn|tell told told|think thought thought|throw threw thrown|"
    "understand understood understood|wake woke woken|wear wore worn|weave wove woven|"
    "win won won|wind wound wound|write wrote written")
_EN_IRREGULAR_LEFT_OUT = frozenset("left found saw lay felt lead".split())


@functools.cache
def _en_verb_kin() -> dict[str, tuple[str, ...]]:
    """Stem -> the stems of its verb's other principal parts (_EN_IRREGULAR); built on
    first use."""
    stop = stopwords()
    out: dict[str, tuple[str, ...]] = {}
    for verb in _EN_IRREGULAR.split("|"):
        words = [w for w in verb.split() if w not in _EN_IRREGULAR_LEFT_OUT]
        stems = list(dict.fromkeys(_stemmer("english").stemWord(w) for w in words))
        for st in stems:
            if st not in stop:
                out[st] = tuple(k for k in stems if k != st and k not in stop)
    return {k: v for k, v in out.items() if v}



def _joined_function_words(words: list[str]) -> list[str]:
    """jieba's words with a run of up to three neighbours that together spell a function
    word (`_zh_function_word`) joined into it: jieba cuts "有多大" into 有/多/大, "多长时间"
    into 多/长时间 and "这款" into 这/款, which would leave "大", "长时间" or "款" as words a
    passage must hold."""
    out: list[str] = []
    i = 0
    while i < len(words):
        j = next((j for j in range(min(len(words), i + 3), i + 1, -1) if _zh_function_word("".join(words[i:j]))),
                 i + 1)
        out.append("".join(words[i:j]))
        i = j
    return out


#: A Latin word: letters and digits with inner "-", ".", "/" ("SUV", "FS-40R", "DLG-37").
_LATIN_WORD_RE = lazyre.compile(r"[A-Za-z0-9]+(?:[-./][A-Za-z0-9]+)*")


def spaced_scripts(text: str) -> str:
    """`text` with a space between a Latin letter and a Chinese character written against
    it, as Chinese text often writes an abbreviation, a code or a product name:
    "SUV打蜡要多少钱" -> "SUV 打蜡要多少钱", "用Calibri字体" -> "用 Calibri 字体", "FS-40R落地扇"
    -> "FS-40R 落地扇". A question's words are read by splitting on spaces in many places
    (general weights, names, quantities), where the glued form is one unknown word. A digit
    against a character stays as written ("2025年", "20次卡", "MPV/7座车", "DLG-37型"): there
    the character is the number's unit or counter, or a code's suffix. Text without Chinese
    characters is returned as it is."""
    if not cjk_letter_count(text):
        return text

    def spaced(m: re.Match[str]) -> str:
        word = m.group()
        before = " " if word[0].isalpha() and m.start() > 0 and is_cjk_letter(text[m.start() - 1]) else ""
        after = " " if word[-1].isalpha() and m.end() < len(text) and is_cjk_letter(text[m.end()]) else ""
        return before + word + after

    return _LATIN_WORD_RE.sub(spaced, text)


#: Quotes around a word the question names by it ("«Про»", "“Pro”"; not the apostrophe,
#: which edges a possessive too), and the punctuation stripped from its edges before they
#: are looked at (WORD_EDGE_PUNCT less the quotes).
_OPEN_QUOTES = "«“„\"‘"
_CLOSE_QUOTES = "»”“\"’"
_EDGES_BUT_QUOTES = "".join(ch for ch in WORD_EDGE_PUNCT if ch not in _OPEN_QUOTES + _CLOSE_QUOTES)


#: A size written as numbers joined by a multiplication sign, a letter x or the word "by"
#: ("5×10", "5 x 10", "10х20", "2*3*4", "10 на 30", "3乘4"), and its numbers (`sizes`).
_SIZE_IN_TEXT = lazyre.compile(r"(?<![\d.,])\d+(?:[.,]\d+)?(?:(?:\s*[×xXхХ*乘]\s*|\s+(?:на|by)\s+)\d+(?:[.,]\d+)?)+"
                               r"(?![\d])")
_SIZE_SIDES = lazyre.compile(r"\d+(?:[.,]\d+)?")


def size_spans(text: str) -> list[re.Match]:
    """The spans of `text` that write a size (`sizes`), in order."""
    return list(_SIZE_IN_TEXT.finditer(text))


def sizes(text: str) -> set[tuple[str, ...]]:
    """The sizes `text` writes as numbers joined by a multiplication sign, a letter x or the
    word "by" ("5×10", "5 x 10", "10х20 м", "2*3*4", "10 на 30", "10 by 20 feet", "3乘4"),
    each as its numbers sorted (a 5 × 10 unit is a 10 × 5 one; a decimal comma read as a
    point): {("10", "5")} of "a 5 × 10 unit"."""
    return {tuple(sorted(n.replace(",", ".") for n in nums)) for m in size_spans(text)
            if len(nums := _SIZE_SIDES.findall(m.group(0))) > 1}


#: A Russian verb stem of the productive -ировать / -изовать class (Snowball keeps "-ирова",
#: "-изова": "кастрирова" of "кастрировать", "стерилизова").
_RU_IROVAT_RE = lazyre.compile(r"[а-яё]{3,}(?:ирова|изова)")


def _ru_action_nouns(forms: tuple[str, ...]) -> tuple[str, ...]:
    """Index forms of the nouns naming the action of a Russian -ировать / -изовать verb among
    `forms` (its Snowball stems): -ация ("кастрировать" -> "кастрац" of "кастрация",
    "стерилизовать" -> "стерилизац"), -ирование ("чипирован" of "чипирование") and -ировка
    ("транспортировк"): a question asks to "кастрировать" what a price list names
    "Кастрация". The derivations are regular for this class of verbs (Russian grammar's
    word formation of borrowed verbs); () for any other word."""
    out: list[str] = []
    for t in forms:
        if _RU_IROVAT_RE.fullmatch(t):
            base = t[:-5] if t.endswith("ирова") else t[:-3]
            out += [base + "ац", t + "н", t[:-1] + "к"]
    return tuple(dict.fromkeys(out))


def query_groups(text: str) -> list[tuple[str, ...]]:
    """Content terms of a question grouped by question word: each group holds the index
    forms of one word (Russian stem variants; a Chinese word and its character bigrams),
    any of which matching counts as the word being present. Stopword-only words are
    dropped, but for a word written in quotes, which is a name ("карт «Про»"). Used for
    answer coverage, where a word must weigh once however many forms it has."""
    groups: list[tuple[str, ...]] = []
    stop, kin = stopwords() - acronyms(text) - label_letters(text), _en_verb_kin()
    for i, part in enumerate(_CJK_SPLIT_RE.split(_normalize(text))):
        if i % 2:
            words = _joined_function_words(_query_cut(hanzi.simplified(part)))
            for k, w in enumerate(words):
                if w.strip() and not _zh_function_word(w):
                    cut_forms = [w] + [w[j:j + 2] for j in range(len(w) - 1)]
                    # a character cut off alone may be the first of a word jieba split the
                    # other way ("私教课": 私 / 教课, the library's "私教"): the pair it
                    # makes with the next word's first character is a form of both words
                    if len(w) == 1 and k + 1 < len(words) and cjk_letter_count(words[k + 1][:1]) \
                            and not _zh_function_word(words[k + 1]):
                        cut_forms.append(w + words[k + 1][0])
                    if k and len(words[k - 1]) == 1 and not _zh_function_word(words[k - 1]) \
                            and cjk_letter_count(words[k - 1]):
                        cut_forms.append(words[k - 1] + w[0])
                    groups.append(tuple(dict.fromkeys(cut_forms)))
        else:
            for raw in _hyphen_parts(part.split()):
                out: list[str] = []
                _latin(raw, out)
                if _SIZE_IN_TEXT.fullmatch(raw.strip(WORD_EDGE_PUNCT)) and len(sides := _SIZE_SIDES.findall(raw)) > 1:
                    # a size ("5×10", "5x10") asks each of its sides: the row of a 5 × 10 unit
                    # holds both numbers, the 10 × 10 one only one of them; the whole as one
                    # token ("5x10") still counts where a document writes it so
                    joined = tuple(t for t in out if t not in sides)
                    groups.extend(dict.fromkeys((side, *joined) for side in sides))
                    continue
                # a word in quotes is a name, even a function word's ("карт «Про»")
                inside = raw.strip(_EDGES_BUT_QUOTES)
                named = len(inside) > 2 and inside[0] in _OPEN_QUOTES and inside[-1] in _CLOSE_QUOTES
                forms = tuple(dict.fromkeys(t for t in out if named or t not in stop))
                forms += tuple(k for t in forms for k in kin.get(t, ()) if k not in forms)
                forms += tuple(k for k in ordinal_forms(raw) if k not in forms)
                forms += tuple(k for k in _ru_action_nouns(forms) if k not in forms)
                if forms:
                    groups.append(forms)
    return list(dict.fromkeys(groups))


#: Russian ordinal numerals one to ten in any case and gender ("третью", "четвёртая",
#: "пятого"; not the cardinals "пять", "шесть"), and English ones ("third", "tenth").
_RU_ORDINAL_RE = lazyre.compile(
    r"(перв|втор|трет|четв[её]рт|пят|шест|седьм|восьм|девят|десят)"
    r"(?:ый|ой|ий|ая|ья|ое|ье|ые|ьи|ую|ью|ого|ьего|ому|ьему|ом|ьем|ой|ей|ьей|ых|ьих|ым|ьим|ыми|ьими)")
_RU_ORDINAL_STEMS = ("перв", "втор", "трет", "четверт", "пят", "шест", "седьм", "восьм", "девят", "десят")
_EN_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
_EN_ORDINAL_SUFFIX = {1: "st", 2: "nd", 3: "rd"}
#: The endings a Russian document writes after an ordinal's digits ("3-я смена", "2-й этаж",
#: "5-е место", "на 3-ю смену", "с 4-го числа").
_RU_ORDINAL_ENDINGS = ("я", "й", "е", "ю", "го")


def ordinal_value(word: str) -> tuple[int, str] | None:
    """(the number, "ru" or "en") of an ordinal numeral word of one to ten as a question
    writes it ("третью" -> (3, "ru"), "Third," -> (3, "en")); None for any other word,
    cardinals included ("пять")."""
    w = word.strip(WORD_EDGE_PUNCT).lower()
    m = _RU_ORDINAL_RE.fullmatch(w)
    if m:
        return _RU_ORDINAL_STEMS.index(m.group(1).replace("ё", "е")) + 1, "ru"
    if w in _EN_ORDINALS:
        return _EN_ORDINALS.index(w) + 1, "en"
    return None


def ordinal_forms(word: str) -> tuple[str, ...]:
    """Index forms of the digits a document writes for an ordinal numeral word of one to ten
    (`word` as the question writes it, `ordinal_value`): "третью" -> "3-я", "3-й", "3-е",
    "3-ю", "3-го" (a price list's "2-я, 3-я и 4-я смены"); "third" -> "3rd". () for any
    other word."""
    found = ordinal_value(word)
    if found is None:
        return ()
    n, lang = found
    if lang == "ru":
        return tuple(f"{n}-{e}" for e in _RU_ORDINAL_ENDINGS)
    return (str(n) + _EN_ORDINAL_SUFFIX.get(n, "th"),)


#: Words of Latin or Cyrillic letters joined by hyphens, each of at least three letters
#: ("ready-made", "костюм-тройку", "Санкт-Петербурге"; not "e-mail", "Wi-Fi", "t-shirt").
_HYPHENED_RE = lazyre.compile(r"(?:[a-zA-Z]{3,}|[а-яёА-ЯЁ]{3,})(?:-(?:[a-zA-Z]{3,}|[а-яёА-ЯЁ]{3,}))+")
#: Zipf frequency (wordfreq) from which every part of a hyphenated word must be a word of
#: general language for the parts to count apart: about one use per million words ("made"
#: 5.9, "тройку" 3.8, "numeric" 3.0), which a package or standard name's parts are not
#: ("biblatex" 0, "gost" 1.9, "cnf" 1.8): "Biblatex-GOST", "CNF-SAT" name one thing.
COMMON_PART_ZIPF = 3.0


def _hyphen_parts(words: list[str]) -> list[str]:
    """`words` with each hyphenated compound of general-language words (_HYPHENED_RE, the
    word whole but for the punctuation at its ends; every part at COMMON_PART_ZIPF or more)
    given as its parts, each a question word of its own: both parts name what is asked
    ("ready-made frame" is not answered by "when your order is ready", nor "костюм-тройку"
    by the row "Костюм мужской «двойка»"), where one group of the parts' forms counted as
    present when either part was. A name ("Biblatex-GOST") stays one word."""
    out: list[str] = []
    for raw in words:
        core = raw.strip(WORD_EDGE_PUNCT)
        if _HYPHENED_RE.fullmatch(core):
            from pincite.text.zipf import zipf  # a table read on first use

            parts = core.split("-")
            lang = "ru" if any(translit.script(p.lower()) == "cyrillic" for p in parts) else "en"
            if all(zipf(p.lower(), lang) >= COMMON_PART_ZIPF for p in parts):
                out.extend(parts)
                continue
        out.append(raw)
    return out


# ---------------------------------------------------------------- editions

#: A version number that names an edition: dotted ("4.1", "1.004", "v2.3") or a year
#: ("2021"). Bare small integers are left out: "Windows 10", "REVTeX 4", "Table 3" are as
#: often a model, a chapter or a list position as an edition.
_VERSION = r"v?\d{1,4}(?:\.\d{1,4})+|(?:19|20)\d\d"
#: A name written before an edition's version, as a question writes it: a capitalised word
#: ("REVTeX 4.1", "TeX Live 2021", "MetaPost 1.004", "ГОСТ 2008").
_EDITION_RE = lazyre.compile(rf"(?<![\w.])([A-ZА-ЯЁ][^\W_]*)[ \u00a0]+({_VERSION})(?![\w]|[.-]\d)")
#: The same in any document text, where a name may be set in capitals or small capitals.
_ANY_EDITION_RE = lazyre.compile(rf"(?<![\w.])([^\W\d_][^\W_]*)[ \u00a0]+({_VERSION})(?![\w]|[.-]\d)")
#: Words before a number that name a place in a document or a time, not an edition
#: ("Table 3.1", "Section 4.2", "Рис. 2.1", "January 2021", "since 2018").
_NOT_EDITIONS = frozenset(
    "table tables section sections chapter chapter figure fig page pages appendix part item "
    "step note clause paragraph equation eq line lines version release rev revision edition "
    "in since from until till by of to and or on at after before during year years "
    "january february march april may june july august september october november december "
    "таблица таблице таблицы табл рис рисунок рисунке раздел разделе глава главе пункт пункте "
    "страница странице стр часть части приложение приложении формула формуле год года году "
    "версия версии редакция редакции изм "
    "января февраля марта апреля мая июня июля августа сентября октября ноября декабря".split())
#: A revision named by a letter, as drawings, standards and manuals mark theirs: "Rev. C",
#: "revision D", "ред. Б", "редакция Б" (the word in any case, the letter a capital standing
#: alone: "в редакции и" names none).
_REVISION_RE = lazyre.compile(r"(?<![\w.])(?i:rev(?:ision)?\.?|ред\.|редакци[яиюей]|ревизи[яиюей])[ \u00a0]*"
                              r"([A-ZА-ЯЁ])(?![\w.]|\.\d)")
#: The name every letter revision is given (`Edition.name`), whatever word wrote it.
REVISION_NAME = "rev"
#: A thing labelled by a capital letter after its name: "Wave D", "Lift B", "Корпус Б"; not an
#: initial ("John F. Kennedy") nor the pronoun "I".
_LETTER_LABEL_RE = lazyre.compile(r"(?<![\w.])([A-ZА-ЯЁ][^\W\d_]{2,})[ \u00a0]+([A-HJ-ZА-ЯЁ])"
                                  r"(?![\w]|\.\s*[A-ZА-ЯЁ][a-zа-яё])")
#: A version-like token among a document's naming terms (chunking.naming_text).
VERSION_TOKEN_RE = lazyre.compile(rf"^(?:{_VERSION})$")


@dataclass(frozen=True)
class Edition:
    """An edition named in a text: `name` (the index form of the word before the version,
    `tokens`), `version` ("4.1", "2021"; lower case, no leading "v") and `text` (as written,
    "REVTeX 4.1"), which takes no part in comparisons."""

    name: str
    version: str
    text: str = field(compare=False)


_NAME_BEFORE_RE = lazyre.compile(r"(?:^|(?<=\s))[A-ZА-ЯЁ][^\W_]*[ \u00a0]$")


def _editions(rx: re.Pattern, text: str) -> set[Edition]:
    out = set()
    norm = _normalize(text)
    for m in rx.finditer(norm):
        if _fold(m.group(1)) in _NOT_EDITIONS:
            continue
        forms = tokens(m.group(1))
        if forms:
            before = _NAME_BEFORE_RE.search(norm, max(0, m.start() - 40), m.start())
            shown = norm[before.start():m.end()] if before else m.group(0)  # "TeX Live 2021"
            out.add(Edition(forms[-1], m.group(2).lower().removeprefix("v"), shown))
    return out


def _letter_editions(text: str) -> set[Edition]:
    """Letter revisions `text` names (_REVISION_RE): Edition(REVISION_NAME, "c", "Rev. C"),
    and things labelled by a letter (_LETTER_LABEL_RE): Edition("wave", "d", "Wave D"), by a
    name that places, months and function words are not (_NOT_EDITIONS, stopwords)."""
    norm = _normalize(text)
    out = {Edition(REVISION_NAME, m.group(1).lower(), m.group(0)) for m in _REVISION_RE.finditer(norm)}
    stop = stopwords()
    for m in _LETTER_LABEL_RE.finditer(norm):
        forms = tokens(m.group(1))
        if forms and _fold(m.group(1)) not in _NOT_EDITIONS and forms[-1] not in stop \
                and not _REVISION_RE.match(m.group(0)):
            out.add(Edition(forms[-1], m.group(2).lower(), m.group(0)))
    return out


def editions(text: str) -> set[Edition]:
    """The editions a question names: a capitalised word followed by a dotted version or a
    year ("According to the REVTeX 4.1 Author's Guide" -> {Edition("revtex", "4.1")};
    "TeX Live 2021" -> {Edition("live", "2021")}). Words that name a place in a document or
    a month (_NOT_EDITIONS: "Table 3.1", "May 2021") are no names.

    Near-twin documents (two editions of one guide, a standard and its revision) share
    most words; the version beside the name is what tells them apart
    (pincite.answer.pipeline uses it to rank and refuse evidence about another edition).
    A revision named by a letter counts too, under one name whatever word writes it
    ("revision D", "Rev. D" -> Edition(REVISION_NAME, "d")): a question about revision D
    is not answered by a table marked "(Rev. C)"; so does a thing labelled by a letter
    after its name ("Wave D" -> Edition("wave", "d")): `_letter_editions`."""
    return _editions(_EDITION_RE, text) | _letter_editions(text)


def text_editions(text: str) -> set[Edition]:
    """`editions` of any text, whatever its case ("REVTEX 4.2", "TEX Live 2020"): what a
    passage names; compare with a question's `editions` by name."""
    return _editions(_ANY_EDITION_RE, text) | _letter_editions(text)


_WRITTEN_VERSION_RE = lazyre.compile(r"[ \u00a0]*v?\d[\d.]*$", re.I)


def written_versions(text: str, edition: Edition) -> dict[str, str]:
    """The versions `text` writes after the whole name of `edition` (its words as the
    question wrote them, "TeX Live" of "TeX Live 2023"), whatever the case and whether the
    words and the version are spaced, joined by "-", "_" or ".", or fused as in a file
    name: "TeX Live 2022", "texlive2022.iso", "TeXLive-2022" all give "2022". Only dotted
    versions and years count (as in `editions`). {version: the name and version as
    written ("texlive2022")}."""
    name = _WRITTEN_VERSION_RE.sub("", _normalize(edition.text))
    words = re.findall(r"[^\W\d_]+", name)
    if not words:
        return {}
    joined = r"[\s_.-]?".join(re.escape(w) for w in words)
    rx = re.compile(rf"(?<![^\W\d_]){joined}[\s_.-]?v?({_VERSION})(?!\d|[.-]\d)", re.I)
    out: dict[str, str] = {}
    for m in rx.finditer(_normalize(text)):
        out.setdefault(m.group(1).lower().removeprefix("v"), m.group(0))
    return out


# ---------------------------------------------------------------- language

_HAN_RE = lazyre.compile(f"[{CJK_LETTER_CLASS}]")
_CYR_LETTER_RE = lazyre.compile("[\u0400-\u04ff]")
_LAT_LETTER_RE = lazyre.compile("[A-Za-z\u00c0-\u024f]")


def detect_language(text: str) -> str:
    """"zh", "ru" or "en" by counting characters.

    "zh" when Han/kana characters are present and, weighing one ideograph as three letters
    (a Chinese word is 1-2 characters, a Latin or Cyrillic word 5-8 letters), they outweigh
    Cyrillic and Latin letters together; else "ru" when Cyrillic letters are at least as many
    as Latin ones (Russian technical text quotes much Latin code); else "en" (also for
    text without letters).
    """
    han = len(_HAN_RE.findall(text))
    cyr = len(_CYR_LETTER_RE.findall(text))
    lat = len(_LAT_LETTER_RE.findall(text))
    if han and 3 * han >= cyr + lat:
        return "zh"
    if cyr and cyr >= lat:
        return "ru"
    return "en"


def question_language(question: str) -> str:
    """The language a question is written in: `detect_language` of its words less those that
    name something (a word with a capital letter after the first word, or with a digit), as a
    name or code keeps the script of its document: "Какой разряд у Lindqvist Erik?" is
    Russian though its letters are half Latin. All its words when only names are left."""
    words = question.split()
    kept = [w for i, w in enumerate(words)
            if not any(ch.isdigit() for ch in w) and not (i and w[:1].isupper())]
    text = " ".join(kept)
    if not any(ch.isalpha() for ch in text):
        return detect_language(question)
    return detect_language(text)


#: Shares of a document's letters (Han characters, Cyrillic and Latin letters counted one
#: each) from which its non-Latin script decides its language (`document_language`).
DOC_HAN_SHARE = 0.10
DOC_CYR_SHARE = 0.30


def document_language(text: str) -> str:
    """"zh", "ru" or "en" for a document's text (its first pages).

    Latin letters are shared by every language of a technical library: code listings, TeX
    commands, URLs and product names fill Chinese and Russian manuals too (zhnumber.pdf of
    the shared corpus: 2,060 Han characters, 8,975 Latin letters in its first 20 pages, most
    of them a code listing; ugost2008.pdf: 5,590 Cyrillic, 7,164 Latin), while an English
    document holds next to no Han or Cyrillic. So a document is "zh" when Han characters
    make up DOC_HAN_SHARE of its letters, else "ru" when Cyrillic letters make up
    DOC_CYR_SHARE, else "en". Questions keep `detect_language`: an English question that
    quotes a Russian term is English."""
    han = len(_HAN_RE.findall(text))
    cyr = len(_CYR_LETTER_RE.findall(text))
    lat = len(_LAT_LETTER_RE.findall(text))
    total = han + cyr + lat
    if not total:
        return "en"
    if han >= DOC_HAN_SHARE * total:
        return "zh"
    if cyr >= DOC_CYR_SHARE * total:
        return "ru"
    return "en"


# ---------------------------------------------------------------- sentences

MAX_SENTENCE_CHARS = 400
_ABBREV = frozenset(
    "e.g i.e cf vs fig figs eq eqs no nos dr mr mrs ms prof al approx sec ch p pp vol resp "
    "ca incl max min "
    "т.е т.к т.н т.ч т.о т г гг рис см ср стр с ч п пп табл им ул напр разд гл прим тыс млн "
    "руб др пр ред изд".split())
_END_RE = lazyre.compile(r"[.!?…]+[\"'»”’)\]]*(?=\s)|[。！？；][\"'»”’）」』]*")
_OPENERS = set("\"'«“„‘([")
_BULLET = r"(?:[•▪●◦‣∙·*\-–—]|\(?\d{1,3}[.)]|\(?[a-zа-я][)])"
_BLOCK_RE = lazyre.compile(rf"\n[ \t\r\f\v]*\n|\n(?=[ \t]*{_BULLET}[ \t])")
#: A numbered or lettered list marker ("3.", "(b)", "б)") at a line start.
_NUMBERED_RE = lazyre.compile(r"[ \t]*\(?(?:\d{1,3}|[a-zа-я])[.)][ \t]")
_ITEM_START_RE = lazyre.compile(rf"[ \t]*{_BULLET}[ \t]")


def _wrapped_number(text: str, newline: int) -> bool:
    """Whether the line after the line break at `newline` starts with a number or letter that
    only looks like a list marker: the line before it is prose that has not ended (it ends in
    a letter, digit or comma, not in . : ; ! ? or a closing mark) and is not a list item
    itself, so the number continues its sentence ("По умолчанию прототип равен\n99. Если …",
    "is in the range\n1. The …"). A list's items follow a line that ends a sentence or
    a clause ("as follows:"), or another item ("1. Open\n2. Close")."""
    if not _NUMBERED_RE.match(text, newline + 1):
        return False
    prev_start = text.rfind("\n", 0, newline) + 1
    prev = text[prev_start:newline].rstrip()
    if not prev or _ITEM_START_RE.match(text, prev_start):
        return False
    return prev[-1].isalnum() or prev[-1] == ","
_PREV_WORD_RE = lazyre.compile(r"([\w.]*\w)$")


def _dot_blocks(text: str, dot: int) -> bool:
    """True when the "." at `dot` ends an abbreviation, an initial or a line-leading number,
    or stands inside a web or mail address that a line break cuts ("https://www." / "debian.org":
    the token before it holds "://", "@" or begins with "www.", and a lower-case letter
    follows; "… at https://debian.org. Next …" still ends there)."""
    token = text[max(text.rfind(" ", 0, dot), text.rfind("\n", 0, dot), text.rfind("\t", 0, dot)) + 1:dot]
    rest = text[dot + 1:dot + 40].lstrip()
    if ("://" in token or "@" in token or token.lower().startswith("www.")) and rest[:1].islower():
        return True
    m = _PREV_WORD_RE.search(text, max(0, dot - 30), dot)
    if not m:
        return False
    word = m.group(1)
    if word.casefold() in _ABBREV or (len(word) == 1 and word.isupper()):
        return True
    line_start = text.rfind("\n", 0, m.start()) + 1
    return bool(re.fullmatch(r"\d+(\.\d+)*", word)) and not text[line_start : m.start()].strip()


def _ends_sentence(text: str, m: re.Match, lowercase_lines: bool = False) -> bool:
    if m.group()[0] in "。！？；":
        return True
    j = m.end()
    while j < len(text) and text[j].isspace():
        j += 1
    if j == len(text):
        return True
    c, newline = text[j], "\n" in text[m.end() : j]
    starts = c.isupper() or c in _OPENERS or is_cjk_letter(c)
    starts = starts or (newline and (c.isdigit() or c in "•▪●◦‣∙·*-–—"))
    starts = starts or (lowercase_lines and newline and c.isalpha())
    if not starts:
        return False
    return not (m.group() == "." and _dot_blocks(text, m.start()))


#: A line shorter than this share of the text's median line length, not ending in a
#: continuation mark, ends a sentence: running headers, folios and headings (which carry
#: no terminal punctuation) then stay out of the sentence that follows them.
SHORT_LINE_SHARE = 0.6
_CONTINUES = ",;:-–—(/、，：；（"


def _short_line_cuts(text: str) -> list[int]:
    """Offsets just after short lines (headers, headings) that end without punctuation."""
    lines, pos = [], 0
    for line in text.split("\n"):
        lines.append((pos, pos + len(line), line.strip()))
        pos += len(line) + 1
    lengths = sorted(len(t) for _, _, t in lines if len(t) >= 8)
    if len(lengths) < 3:
        return []
    limit = SHORT_LINE_SHARE * lengths[len(lengths) // 2]
    cuts = []
    for (_, end, t), nxt in zip(lines, lines[1:]):
        if t and len(t) < limit and t[-1] not in _CONTINUES and not nxt[2][:1].islower():
            cuts.append(end)
    return cuts


#: A line that writes one field: a label of at most 60 characters that does not end in a
#: digit, space or slash ("10:30", "http://…" are no labels), a colon, and its value on the
#: same line ("Maximum pressure: 130 bar", "Рабочее давление: 6 бар", "额定功率：1.5 千瓦").
_FIELD_LINE_RE = lazyre.compile(r"[ \t]*[^\W\d_][^\n:：]{0,58}[^\d\s/][:：](?:[ \t]+|(?<=：))[^\s:：][^\n]*")


def _field_line_cuts(text: str) -> list[int]:
    """Offsets just after each line that writes a field (_FIELD_LINE_RE) when the next line
    writes one too: a specification list ("Motor power: 1.8 kW\nMains supply: 230 V") is a
    record per line, which no terminal punctuation tells apart."""
    cuts, pos = [], 0
    lines = text.split("\n")
    fields = [bool(_FIELD_LINE_RE.fullmatch(line.rstrip("\r"))) for line in lines]
    for i, line in enumerate(lines[:-1]):
        pos += len(line) + 1
        if fields[i] and fields[i + 1]:
            cuts.append(pos - 1)
    return cuts


def _entry_line_cuts(text: str) -> list[int]:
    """Offsets of the lines that name an entry of a reference list (_ENTRY_RE: options, an
    identifier joined by underscores) when a line follows them: each starts a sentence,
    though the line before has no terminal punctuation ("Hidden preferences\nhide_timezone\n
    If enabled …": a heading, then the first entry)."""
    cuts, pos = [], 0
    lines = text.split("\n")
    for line, nxt in zip(lines, lines[1:]):
        if pos and nxt.strip() and _ENTRY_RE.fullmatch(line.strip()):
            cuts.append(pos)
        pos += len(line) + 1
    return cuts


def trimmed_span(text: str, s: int, e: int) -> tuple[int, int] | None:
    """The span [s, e) of `text` without the whitespace at its ends; None when nothing is left."""
    while s < e and text[s].isspace():
        s += 1
    while e > s and text[e - 1].isspace():
        e -= 1
    return (s, e) if s < e else None


#: A line that ends a sentence: its last character (before closing brackets and quotes) is
#: terminal punctuation.
_ENDED_LINE_RE = lazyre.compile(r"[.!?…。！？；;][)\]»”’\"'）】]*[ \t]*\r?\n")


def _cut_lines(text: str, s: int, e: int, limit: int) -> list[tuple[int, int]]:
    """Cut the span at line breaks so no piece exceeds `limit` where a break allows: at the
    last break within the limit after a line that ends a sentence (a list whose items start
    in lower case, "--help: print this text.\n--quiet: …", runs on as one span), else at
    the last break within the limit."""
    pieces, start = [], s
    while e - start > limit:
        ended = [m.end() - 1 for m in _ENDED_LINE_RE.finditer(text, start + 1, start + limit)]
        cut = ended[-1] if ended else text.rfind("\n", start + 1, start + limit)
        if cut == -1:
            cut = text.find("\n", start + limit, e)
            if cut == -1:
                break
        pieces.append((start, cut))
        start = cut + 1
    pieces.append((start, e))
    return [t for p in pieces if (t := trimmed_span(text, *p))]


def split_sentences(text: str, *, lowercase_lines: bool = False) -> list[tuple[int, int]]:
    """Sentence spans (start, end exclusive) into `text` itself, in order.

    Every non-blank character lies in exactly one span; spans carry no leading or trailing
    whitespace. Ends: . ! ? … followed by whitespace and a sentence start (capital, opening
    quote, CJK, or after a line break a digit or bullet); 。！？； always; blank lines; a line
    break before a list marker (not before a number that continues unfinished prose:
    `_wrapped_number`). Not ends: "1.5", "5.3.4", URLs (no space after the dot),
    abbreviations ("e.g.", "т.е.", "г.", "рис.", "Fig."), initials ("A. B. Knuth"), a
    line-leading number ("5.3.4. Title"). Spans over MAX_SENTENCE_CHARS are cut at line breaks.

    `lowercase_lines`: a line break after a sentence's end also ends it before a lower-case
    word: the entries of an option list start with the option's name ("По умолчанию 3mm.\n
    vpadding= Устанавливает …"); a span that is only a list label ("Step 3.", "Шаг 3.", "4)",
    or an option list's option, "-k --keep") belongs to the sentence after it, whose label it
    is, not to the one before ("… reads 0 bar. Step 3." read as step 2), and so does a line
    naming an entry of a reference list ("hover_timeout", `_entry_line_cuts`), which starts
    a sentence whatever the line before it; and each line of a
    run of lines that write a field ("Motor power: 1.8 kW\nMains supply: 230 V",
    `_field_line_cuts`) is a sentence of its own. Answers split so (answer.extractive);
    chunking does not, so chunk boundaries stay those of the index profile (it reads this
    split only to find the entries of reference lists it keeps whole, chunk.pages._entries).
    """
    cuts = {m.end() for m in _END_RE.finditer(text) if _ends_sentence(text, m, lowercase_lines)}
    cuts.update(m.start() + 1 for m in _BLOCK_RE.finditer(text) if not _wrapped_number(text, m.start()))
    cuts.update(_short_line_cuts(text))
    if lowercase_lines:
        cuts.update(_field_line_cuts(text))
        cuts.update(_entry_line_cuts(text))
    bounds = [0, *sorted(cuts), len(text)]
    spans: list[tuple[int, int]] = []
    for s, e in zip(bounds, bounds[1:]):
        t = trimmed_span(text, s, e)
        if t is None:
            continue
        if t[1] - t[0] > MAX_SENTENCE_CHARS and "\n" in text[t[0] : t[1]]:
            spans.extend(_cut_lines(text, *t, MAX_SENTENCE_CHARS))
        else:
            spans.append(t)
    if lowercase_lines:
        spans = _labels_to_next(text, spans)
    return spans


#: A list label standing alone: a short word and a number ("Step 3.", "Шаг 3", "Item 12)"),
#: or a number ("4.", "4)"); or the name of what a reference list's entry describes on the
#: lines after it: command-line options ("-k --keep", "--with-gmp", "-backup, -backupdir
#: <dir>"), or an identifier joined by underscores, as configuration keys, variables and
#: functions are written ("hover_timeout", "glp_read_cnfsat", "MAX_PATH").
_OPTION = r"--?[^\W\d_][\w-]*(?:[= ]<?[\w.]+>?)?"
_IDENTIFIER = r"[^\W\d_][^\W_]*(?:_[^\W_]+)+"
_ENTRY = rf"{_IDENTIFIER}|{_OPTION}(?:[ \t]*[,/]?[ \t]*{_OPTION})*"
_ENTRY_RE = lazyre.compile(_ENTRY)
_LABEL_RE = lazyre.compile(rf"(?:[^\W\d_]{{1,12}}\s+)?\d{{1,3}}[.):]?|{_ENTRY}")


def opens_entry(span: str) -> bool:
    """Whether a sentence span (as split_sentences(lowercase_lines=True) gives them) opens an
    entry of a reference list: its first line names what the entry describes (options or
    an identifier, _ENTRY_RE), the description following on the next lines ("hover_timeout\n
    Time in milliseconds … Default value is '500'.") or in the next passage (the name alone,
    the last line of its text). Such an entry is a record of its own, as a table row is:
    what the sentences before it state belongs to the entry before."""
    return _ENTRY_RE.fullmatch(span.partition("\n")[0].strip()) is not None


def _labels_to_next(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """`spans` with each span that is only a list label (_LABEL_RE) joined to the next."""
    out: list[tuple[int, int]] = []
    held: int | None = None  # start of a label waiting for its sentence
    for s, e in spans:
        if held is not None:
            s, held = held, None
        if _LABEL_RE.fullmatch(text[s:e]) and (s, e) != spans[-1]:
            held = s
            continue
        out.append((s, e))
    return out
