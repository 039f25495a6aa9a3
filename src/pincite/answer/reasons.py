"""Why a question was refused, in words a reader can act on: what the evidence found lacks.

answer.rank decides whether a question is answered; this module only finds the words of
the refusal's reason (Answer.warnings), from the evidence that was found:

* `other_revision`: the question names a revision, edition or version ("revision B") and
  the passages found name another one of the same kind ("revision C") but never the asked
  one, or the documents found carry another revision in their fields;
* `unmatched`: the question's words that no passage found holds (in its window, its whole
  passage, or the words naming its document), never a word a found passage holds;
* `missing_columns`: the best passage is a table row (a spreadsheet row read as
  "Header: value; ...", or a row whose columns DocumentModel.row_headers names), and no
  column comes near in meaning to the question's words that are not values of the row:
  the asked attribute is not in the table in any language.

Nothing here changes which passages rank first or whether a question is refused, except
that answer.rank also uses `missing_columns` to set apart the rows of a table that has no
column for what is asked (answer.apart.rows_lacking_columns).
"""
from __future__ import annotations

import dataclasses
import functools
import itertools
import re
from typing import TYPE_CHECKING, Iterable

from pincite.text import analysis, lazyre

from ..extract.model import AddressSpan, SheetRange
from ..text.cjk import is_cjk
from . import asked_type, calculate, extractive
from .evidence import window_tokens
from .features import capitalised, window_text

if TYPE_CHECKING:
    from .retrieve import LibraryLike
    from .soft import WordMatcher

#: The words that name a revision, edition or version, by kind: a question's "revision B"
#: is compared only with a passage's revision of the same kind ("редакция C", "修订版 C").
_KIND_WORDS = {
    "revision": r"revision|rev\.|rev|редакци[яиюей]|ред\.|ревизи[яиюей]|修订版|修订",
    "edition": r"edition|издани[еяюи]",
    "version": r"version|ver\.|верси[яиюей]|版本",
}
#: A designator: capital letters with at most a few digits ("B", "C2"), or a number with
#: dots and at most one letter after it ("3", "1.2", "1.3m"). A lower-case word after
#: "version" ("version of the") is no designator.
_DESIGNATOR = r"(?:[A-Z]{1,2}\d{0,3}|\d+(?:\.\d+)*[a-z]?)"
_AFTER = lazyre.compile(rf"(?<![^\W_])(?i:({'|'.join(_KIND_WORDS.values())}))\s*({_DESIGNATOR})(?![\w.]*\w)")
#: "B 版" / "C版" / "B 修订版": the designator before the Chinese word.
_BEFORE = lazyre.compile(rf"(?<![A-Za-z0-9.])({_DESIGNATOR})\s*(版本|修订版|版)")


@dataclasses.dataclass(frozen=True)
class Designation:
    """A revision, edition or version as a text names it: `kind` ("revision", "edition",
    "version"), `value` ("B", "1.2"), `text` as written ("revision B")."""

    kind: str
    value: str
    text: str


def _kind(word: str) -> str:
    w = word.lower()
    for kind, pattern in _KIND_WORDS.items():
        if re.fullmatch(pattern, w, re.I):
            return kind
    return "edition" if w == "版" else "revision"


def designations(text: str) -> list[Designation]:
    """The revisions, editions and versions `text` names, in text order: "revision B",
    "rev. 3.0", "редакция C", "version 1.2", "B 版"."""
    found = [(m.start(), Designation(_kind(m.group(1)), m.group(2), " ".join(m.group(0).split())))
             for m in _AFTER.finditer(text)]
    found += [(m.start(), Designation(_kind(m.group(2)), m.group(1), " ".join(m.group(0).split())))
              for m in _BEFORE.finditer(text)]
    return [d for _, d in sorted(found, key=lambda p: p[0])]


def other_revision(question: str, cands: list[extractive.Candidate],
                   groups: list[tuple[str, ...]]) -> tuple[str, str] | None:
    """(what the question names, what the evidence names instead), as written ("revision B",
    "revision C"), when the question names a revision, edition or version and the passages
    found (best first) that share another of the question's words name another one of the
    same kind, or their documents' revision field (Hit.revision) is another, and no passage
    found names the asked one. None otherwise."""
    asked = designations(question)
    if not asked:
        return None
    asked_words = {t for d in asked for t in analysis.tokens(d.text)}
    others = [g for g in groups if not asked_words.intersection(g)]
    seen: list[Designation] = []
    fields: list[str] = []  # the documents' revision fields
    for c in cands:
        held = set(extractive.text_tokens(c.hit.text)) | set(c.hit.name_terms)
        if others and not any(held.intersection(g) for g in others):
            continue  # a passage about something else names its own revisions
        seen += designations(c.hit.text)
        rev = c.hit.revision
        if rev and rev not in fields:
            fields.append(rev)
    for a in asked:
        same = [d for d in seen if d.kind == a.kind]
        if a.kind == "revision":
            same += [Designation(a.kind, rev, a.text.replace(a.value, rev, 1)) for rev in fields]
        if any(d.value.lower() == a.value.lower() for d in same):
            continue  # the asked one is there: what is missing is something else
        if same:
            return a.text, same[0].text
    return None


def unmatched(question: str, groups: list[tuple[str, ...]], cands: list[extractive.Candidate]) -> list[str]:
    """The question's words (as written) none of whose forms stands anywhere in the
    evidence found (`cands`: each one's window, its whole passage and the words naming its
    document), less those that name a candidate's document: what no passage found holds."""
    held: set[str] = set()
    names: set[str] = set()
    for c in cands:
        held |= window_tokens(c) | set(extractive.text_tokens(c.hit.text))
        names |= set(c.hit.name_terms)
    held |= names
    return written(question, [g for g in groups if not held & set(g) and not extractive.names_document(g, names)])


#: "Header: value" pairs of a spreadsheet row's text (after its "'Sheet'!A4:F4 | " head).
_SHEET_HEAD = lazyre.compile(r"^(?:'(?:[^']|'')+'|[^\s!|']+)![A-Z]+\d+(?::[A-Z]+\d+)? \| ")


def row_columns(lib: "LibraryLike", cand: extractive.Candidate) -> tuple[list[str], list[str]] | None:
    """(column headers, cell values) of the table row that `cand`'s window is: a spreadsheet
    row's "Header: value; ..." pairs, else the columns DocumentModel.row_headers gives for
    the window's span (a DOCX table on its PDF's pages, a ruled PDF table), its values then
    the window's words, else the pairs of a marked row that writes its headers itself (a
    PPTX or DOCX record row). None for a window that is no table row."""
    text = window_text(cand).strip()
    m = _SHEET_HEAD.match(text)
    if m:
        return _pairs(text[m.end():])
    if cand.hit.parts:
        return None
    try:
        model = lib.model(cand.hit.doc_id)
        headers = model.row_headers(cand.hit.page, cand.start, cand.end)
        if not headers and any(a <= cand.start and cand.end <= b for a, b in model.row_spans(cand.hit.page)):
            return _pairs(text)  # a record row that writes its headers ("Owner: …; Due: …")
    except Exception:  # a model the library no longer has: no row to read
        return None
    return (list(headers), [text]) if headers else None


def _pairs(text: str) -> tuple[list[str], list[str]] | None:
    """(headers, values) of a row written "Header: value; Header: value" (two pairs or more),
    else None."""
    pairs = [p.partition(": ") for p in text.split("; ")]
    if len(pairs) >= 2 and all(sep and h.strip() for h, sep, _ in pairs):
        return [h.strip() for h, _, _ in pairs], [v.strip() for _, _, v in pairs]
    return None


#: Answer types (asked_type.TYPE_WORDS) whose words name a kind of value rather than an
#: attribute: "room number", "start date", "year of joining" ask a column of any name.
_VALUE_KINDS = frozenset(("number", "date", "year"))


def missing_columns(lib: "LibraryLike", groups: list[tuple[str, ...]], cand: extractive.Candidate,
                    soft: "WordMatcher | None", near: float, question: str = ""
                    ) -> tuple[list[tuple[str, ...]], list[str]] | None:
    """(the question's words that ask for a column, the row's headers) when `cand` is a
    table row (`row_columns`) and none of those words (the question's words that are no
    value of the row, nor near one in meaning: not its name, code or kind) comes within cosine `near` of any header by
    `soft` (the question's word matcher, which compares words across languages): the
    attribute asked for is in no column of the table (`lacking_columns`). None when the
    row's table has such a column, `cand` is no table row, or without a matcher."""
    if soft is None:
        return None
    row = row_columns(lib, cand)
    if row is None:
        return None
    headers, values = row
    if question and _ASKS_WHICH_ROWS.search(question) and selects_by_category(cand.hit.text, values, groups):
        return None
    lacked = lacking_columns(headers, values, groups, soft, near, question)
    return None if lacked is None else (lacked, headers)


#: A question asking which rows (people, things) there are: "Which employees …?", "Who …?",
#: "Какие сотрудники …?", "Кто …?", "哪些员工 …？", "谁 …？". Russian "какой" alone also asks
#: "what" of one thing ("Какой оклад …?"), so only the plural "какие" and "которые" count.
_ASKS_WHICH_ROWS = lazyre.compile(
    r"\b(?:which|who)\b|(?<![а-яё])(?:какие|которые|кто)(?![а-яё])|哪些|哪几|哪位|谁", re.IGNORECASE)


def selects_by_category(passage: str, values: list[str], groups: list[tuple[str, ...]]) -> bool:
    """Whether a question word is a value of the row that other rows of its passage share
    (a department, a city: a value written more than once in `passage`), as "Which employees
    work in R&D?" picks the rows whose department is R&D: such a question asks for those
    rows, not for a column its other words ("work") would name. A value only this row has
    (a name, a code) names the row asked about instead: "Who is Wang Fang's manager?" asks a
    column of her row."""
    for v in values:
        forms = set(analysis.tokens(v))
        if v.strip() and passage.count(v.strip()) > 1 and any(forms.intersection(g) for g in groups):
            return True
    return False


def lacking_columns(headers: list[str], values: list[str], groups: list[tuple[str, ...]],
                    soft: "WordMatcher", near: float, question: str = "") -> list[tuple[str, ...]] | None:
    """The question's words (`groups`) that ask for a column none of `headers` names, for a
    row holding `values` (the question's words that are values of the row, or near one in
    meaning by `soft`, are its name, code or kind, not a column asked), or None when a column
    is there for what is asked: a word comes within cosine `near` of a header, a
    header shortens one ("Phone ext." of "extension": `abbreviates`) or is derived from one
    or it from a header ("Driver" of "drives": `derived`), a header names the kind
    of value `question` asks for by its interrogative (asked_type.column_words: "Location"
    for a where-question, "Unit price" for a how-much-does-it-cost question), or every word
    is a value of the row.
    Any question word that comes near a header counts (an acronym, "PPE" of "Mandatory
    PPE", too), except words of a kind of value (`_VALUE_KINDS`: "number" of "room number",
    "date" of "date of birth"; a word itself, not a compound holding one: "电话号码", phone
    number, names a phone column) and words that ask for arithmetic (calculate.operation_groups:
    "combined", "difference", "between", "сумма", "总和"; calculate.comparison_groups: "больше",
    "heavier", "than" of a comparison asked), which name no column and are left out; words
    written with a capital after the question's first word and words holding a digit name
    the thing asked about (a person, a code): they are never returned as missing, and when
    only they are left the row is not judged."""
    held = {t for v in values for t in analysis.tokens(v)}
    in_values = soft.best(" ".join(values)) if values else {}  # "насоса" for a row naming a "pump"
    operations = (calculate.operation_groups(question, groups) | calculate.comparison_groups(question, groups)
                  if question else set())
    asked = [g for g in groups if not held.intersection(g) and in_values.get(g, -1.0) < near
             and asked_type.type_of(g[:1]) not in _VALUE_KINDS and g not in operations]
    names = capitalised(question) if question else set()  # "Anna Kim" names a row, never a column
    lacked = [g for g in asked if g not in names and not any(ch.isdigit() for ch in g[0])]
    # a verb, an adverb, a pronoun or a conjunction names no column ("Что дают на завтрак?",
    # "要是下雨了活动怎么办？"): a column is headed by a noun
    lacked = [g for g in lacked if not _names_nothing(g, question)]
    if not lacked:
        return None
    kinds = asked_type.column_words(question, any(map(is_cjk, "".join(headers)))) if question else set()
    if kinds and any(kinds.intersection(analysis.tokens(h)) for h in headers):
        return None  # a where-question of a table with a "Location" column
    for h in headers:
        toks = analysis.tokens(h)
        short = [_letters(t) for t in toks]
        if any(t and abbreviates(t, form) for t in short for g in asked for form in g):
            return None  # "Phone ext." names an "extension", "Qty" a "quantity", "Q4" a "quarter"
        if any(derived(t, form) for t in toks for g in asked for form in g):
            return None  # "Driver" is the column of "Who drives …?", "Водитель" of "Кто водит …?"
        best = soft.best(h)
        if any(best.get(g, -1.0) >= near for g in asked):
            return None
    return lacked


#: An English word right after a modal or an auxiliary ("can carry", "does it serve", "will
#: run"): a verb. English has no tagger here; this is where a verb is certain.
EN_AFTER_MODAL = lazyre.compile(
    r"\b(?:can|could|will|would|shall|should|must|may|might|do|does|did)\s+(?:(?:it|they|he|she|we|you|i|not)\s+)?"
    r"([a-z]+)\b", re.IGNORECASE)
#: A question asking who does something, the subject of its verb ("Кто поставляет …?", "Who
#: drives …?", "谁负责…"): not "кому", "whom" (to whom something is given or due).
_ASKS_WHO_DOES = lazyre.compile(r"(?<![а-яё])кто(?![а-яё])|\bwho\b|谁", re.IGNORECASE)
#: jieba's part-of-speech tags (ICTCLAS) of Chinese words that name nothing a table column
#: could hold: verbs (not the verbal noun "vn"), adverbs, prepositions, pronouns,
#: conjunctions, particles, interjections, idioms, adjectives (not "an"), locatives.
_ZH_NOT_NAMING = ("v", "vd", "vg", "vi", "vl", "vf", "vx", "vshi", "vyou", "d", "dg", "p", "r", "rr", "rz", "ry",
                  "c", "cc", "u", "uj", "ul", "uv", "uz", "ug", "ud", "y", "e", "o", "l", "a", "ad", "ag", "f")


def _names_nothing(group: tuple[str, ...], question: str) -> bool:
    """Whether a question word (`group`, its first form as the question's analysis gives it)
    is a part of speech that names no column: a Russian verb form, adverb, predicative,
    pronoun or conjunction (text.morph.names_nothing, the word as the question writes it),
    a Chinese word jieba's tagger reads so (_ZH_NOT_NAMING), or an English word right after
    a modal or auxiliary (EN_AFTER_MODAL; English has no tagger here). Never in a question
    asking who: its verb names the role asked ("поставляет" the "Поставщик" column)."""
    word = group[0]
    if _ASKS_WHO_DOES.search(question):
        return False  # "Кто поставляет …?", "Who drives …?": the verb names the role asked, a column
    if is_cjk(word[:1]):
        return _zh_tags(question).get(word, "n") in _ZH_NOT_NAMING
    if any(set(analysis.tokens(m.group(1))) & set(group) for m in EN_AFTER_MODAL.finditer(question)):
        return True  # "What does the canteen serve …?"
    from pincite.text.morph import names_nothing

    return any(names_nothing(w) for w in written(question, [group]))


@functools.lru_cache(maxsize=256)
def _zh_tags(question: str) -> dict[str, str]:
    """{word: jieba's part-of-speech tag} of a question's Chinese words (the tagger's
    tables load on first use); a verb or adjective right before a noun (or a class word,
    "b", or an abbreviation) modifies it and is tagged "n" ("防护" of "防护等级", a
    protection rating, names the column with it), unless it is a modal verb
    (`_ZH_MODAL_VERBS`)."""
    import jieba.posseg

    words = [w for w in jieba.posseg.lcut(question) if w.word.strip()]
    out = {}
    for i, w in enumerate(words):
        after = words[i + 1].flag if i + 1 < len(words) else ""
        modifies = after[:1] in ("n", "b") or after in ("vn", "an", "j")  # 等级 is "b", a class word
        if w.word in _ZH_MODAL_VERBS:
            modifies = False  # "需要消费满多少": a modal takes a verb, "消费" (vn) here, and modifies nothing
        out[w.word] = "n" if w.flag[:1] in "va" and modifies else w.flag
    return out


#: Chinese modal verbs (能愿动词), a closed class: each takes a verb after it ("需要消费", need
#: to spend; "能享受", can enjoy), which jieba may tag as a verbal noun ("vn"), so a modal is
#: never read as a modifier of what follows.
_ZH_MODAL_VERBS = frozenset(("能", "能够", "会", "可", "可以", "要", "需", "需要", "应", "应该", "应当", "该",
                             "得", "必须", "必需", "想", "愿意", "敢", "肯"))


def table_headers(lib: "LibraryLike", doc_id: str) -> list[tuple[str, ...]]:
    """The header rows of every table of document `doc_id`, each once, in document order:
    the headers of a spreadsheet's "Header: value; ..." rows (one set a sheet, mostly), of a
    DOCX or PPTX table's marked rows (AddressSpan.headers), and the columns of a ruled PDF
    table (DocumentModel.tables). [] for a document the library no longer has."""
    try:
        model = lib.model(doc_id)
    except Exception:  # a model the library no longer has: no tables to read
        return []
    out: dict[tuple[str, ...], None] = {}
    for page in model.pages:
        if isinstance(page.address, SheetRange):
            for line in page.text.splitlines():
                m = _SHEET_HEAD.match(line.strip())
                pairs = _pairs(line.strip()[m.end():]) if m else None
                if pairs:
                    out.setdefault(tuple(pairs[0]), None)
        for sp in page.spans:
            if isinstance(sp, AddressSpan) and sp.row and sp.headers:
                out.setdefault(tuple(sp.headers), None)
    for table in model.tables:
        columns = tuple(c for c in table.columns if c.strip())
        if columns:
            out.setdefault(columns, None)
    return list(out)


def _letters(token: str) -> str:
    """The letters of a header's word that may shorten a word: the whole word when it is
    letters only and two or more of them ("ext", "qty"), the letters before its number when
    it is letters then digits ("q" of "Q4", "h" of "H1": a numbered quarter or half); else ''."""
    m = re.fullmatch(r"([^\W\d_]+)(\d*)", token)
    if not m or (not m.group(2) and len(m.group(1)) < 2):
        return ""
    return m.group(1)


#: Letters a derived word adds to its stem at most, and letters the stem has at least
#: (`derived`): the agent nouns and participles of en/ru verbs ("drive" -> "driver", "own" is
#: too short to judge, "водит" -> "водитель", "supplie" -> "supplier").
DERIVED_SUFFIX, DERIVED_STEM = 3, 4


def derived(a: str, b: str) -> bool:
    """Whether two index forms of letters are one word and a word derived from it: the
    shorter (at least DERIVED_STEM letters) begins the longer, which adds at most
    DERIVED_SUFFIX letters ("drive" / "driver", "водит" / "водитель"). Chinese is never
    derived this way."""
    short, long_ = sorted((a, b), key=len)
    return (len(short) >= DERIVED_STEM and short.isalpha() and not is_cjk(short[0])
            and len(long_) - len(short) <= DERIVED_SUFFIX and long_.startswith(short))


def abbreviates(short: str, word: str) -> bool:
    """Whether `short` (a header's word, lower case) can be a shortening of `word` as
    headers write them: shorter, the same first letter, and its letters in `word` in order
    ("ext" of "extension", "qty" of "quantity", "dept" of "department", "кол" of
    "количество"). Chinese is never shortened this way."""
    if len(short) >= len(word) or short[0] != word[0] or is_cjk(short[0]):
        return False
    rest = iter(word[1:])
    return all(ch in rest for ch in short[1:])


def written(question: str, words: Iterable[tuple[str, ...]]) -> list[str]:
    """The question's words as written for `words` (groups of index forms): a Chinese word
    as its own form, each apart (two words that stand together in the question are not
    joined: "时候" and "上线" are two words, not a word "时候上线"), another word as the
    question spells it."""
    words = list(words)
    out = sorted((g[0] for g in words if is_cjk(g[0][0])), key=question.find)  # in the question's order
    for raw in question.split():
        # a run of other letters inside Chinese ("A1" of "A1仓的租金是多少？") is a word of
        # its own: the Chinese around it is named by its own words above
        for cjk, run in itertools.groupby(raw, key=is_cjk):
            part = "".join(run)
            if not cjk and any(set(analysis.tokens(part)) & set(g) for g in words):
                out.append(part.strip(".,;:!?«»\"'()？，。"))
    return list(dict.fromkeys(w for w in out if w))
