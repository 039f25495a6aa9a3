"""Evidence checks on candidate windows: whether a window is about a sibling model code or
another edition than the one asked, whether it holds the words that name the asked
document, and what a refusal says it found instead.
"""
from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING, Iterable

from pincite.text import analysis, lazyre
from pincite.text.codes import code_key, family, spellings

from . import extractive
from .calculate import comparison_asked, comparison_groups, operation_groups, sum_asked
from .features import is_table_window, window_text
from .table_verify import without_row_heads

if TYPE_CHECKING:
    from .retrieve import LibraryLike

#: A further claim is kept when its answerability is at least this share of the best one's.
KEEP_RELATIVE = 0.1


def further_bar(bar: float, best: float) -> float:
    """The probability a window must reach to be cited beside the best one (whose
    probability is `best`): the refusal bar `bar`, and KEEP_RELATIVE of the best's."""
    return max(bar, KEEP_RELATIVE * best)


#: A further window of an extractive answer is cited only when its odds of answering are at
#: least the best window's odds divided by e ** FURTHER_LOGODDS_MARGIN (a margin of this many
#: natural log-odds under the best window's). A share of the best probability
#: (KEEP_RELATIVE) barely separates windows beside a strong best one (0.1 of 0.9 admits
#: 0.09, whose odds are a 90th of the best's); a log-odds margin holds them to the same
#: ratio of odds whatever the best. Chosen on the development set's tune split
#: (benchmarks/citation_bar.py, window labels devset_tools.window_answers, 266 answerable
#: questions, 2026-12-04): of the 376 further citations at KEEP_RELATIVE alone (59
#: answering), a margin of 3 removes 24 that do not answer and 1 that does, with hit@5
#: unchanged (235); 2.5 removes 78 and 3 but loses 2 hits@5, 2 removes 143 and 15 and loses
#: 4; a share of the best instead (0.15 to 0.5) loses 2 to 13. A model's claims
#: (answer.generate.claim_bar) are held to further_bar alone: there the margin costs true
#: quotes.
FURTHER_LOGODDS_MARGIN = 3.0


def cited_bar(bar: float, best: float) -> float:
    """The probability (0..1) a window must reach to be cited by an extractive answer beside
    its best window (whose probability is `best`): `further_bar`, and the probability whose
    log-odds lie FURTHER_LOGODDS_MARGIN under the best's."""
    best = min(max(best, 1e-9), 1 - 1e-9)
    margin = 1.0 / (1.0 + math.exp(FURTHER_LOGODDS_MARGIN - math.log(best / (1.0 - best))))
    return max(further_bar(bar, best), margin)


def on_target(cand: extractive.Candidate, best: extractive.Candidate, groups: list[tuple[str, ...]],
              question: str = "") -> bool:
    """Whether `cand` is about what the best evidence `best` is about, so that it may be
    cited beside it. When the best evidence holds the question's key word
    (extractive.key_word), evidence from another document without it is about something
    else ("The PX-200 weighs 850 kg" for "Сколько весит насос НД-40?"); in the same document
    it may be the next page of the same table or list, and stays, unless it is one row of a
    table (a spreadsheet's row, a DOCX table's row): a row is a record of its own, and one
    without the key word is about another item ("KT-100 … 供应商: 华东电器" beside the rows
    of the supplier asked about). Beside a best row, a row covering less of the question
    (lexical coverage) is about another item too: the rows that answer a question asking
    for several ("Which devices does Lukas Meier look after?") match it alike; but when
    `question` compares two things (calculate.comparison_asked), a row naming an asked model
    code the best row does not name is the other thing's record ("На сколько
    производительность ВК-37 больше, чем у ВК-15?": the ВК-15 row beside the ВК-37 one,
    which its "37" covers more of). Evidence that names nowhere a model code the question
    asks and the best evidence names is about another product (lacks_asked_code)."""
    row = is_row(cand)
    same_doc = cand.hit.doc_id == best.hit.doc_id and not row
    if (row and is_row(best) and cand.coverage < best.coverage - 1e-9
            and not other_compared(cand, best, groups, question)):
        return False
    return ((best.key_missing > 0 or cand.key_missing == 0 or same_doc)
            and not lacks_asked_code(cand, best, groups))


def other_compared(cand: extractive.Candidate, best: extractive.Candidate, groups: list[tuple[str, ...]],
                   question: str) -> bool:
    """Whether `question` asks for a comparison (calculate.comparison_asked) and `cand`'s
    window names a model code it asks that `best`'s window does not: the other compared
    thing."""
    asked = asked_codes(groups)
    if not asked or not question or comparison_asked(question) is None:
        return False
    return bool(asked & code_keys(window_tokens(cand)) - code_keys(window_tokens(best)))


def is_row(cand: extractive.Candidate) -> bool:
    """Whether a window is one table row, a record of its own: a spreadsheet's row or a
    DOCX table's row (Candidate.record)."""
    return cand.record or extractive.is_sheet(cand.hit)


def lacks_asked_code(cand: extractive.Candidate, best: extractive.Candidate,
                      groups: list[tuple[str, ...]]) -> bool:
    """True when the question names a model code ("НД-40") that the best evidence names
    (in its window or its document's name) and `cand` names nowhere: `cand` is about
    another product ("The PX-200 weighs 850 kg"), whatever words it shares."""
    asked = asked_codes(groups)
    if not asked:
        return False

    def names_code(c: extractive.Candidate) -> bool:
        return bool(asked & code_keys(window_tokens(c) | set(c.hit.name_terms)))

    return names_code(best) and not names_code(cand)


def asked_codes(groups: list[tuple[str, ...]]) -> set[str]:
    """The question's model codes as keys (text.codes.code_key: "px200", "нд40", "tk7" for
    "ТК-7", "16k20"): its forms that have a code family (text.codes.family), with the key of
    each as it sounds in the other script (text.codes.spellings: "KSV-12" typed for a
    document's "КСВ-12" keys as "ksv12" and "kcb12"), so that a code typed in the other
    alphabet is found, and its siblings ("КСВ-8") told apart, whether or not the library
    holds the code itself. Compare them with `code_keys` of a text's words, so a code
    matches however it is spelt."""
    return {k for g in groups for t in g if family(t) for k in _spelled_keys(t)}


@functools.lru_cache(maxsize=4096)
def _spelled_keys(code: str) -> frozenset[str]:
    """The code keys of every spelling of the code `code` (text.codes.spellings)."""
    return frozenset(code_key(s) for s in spellings(code))


def code_keys(toks: Iterable[str]) -> set[str]:
    """The code keys (text.codes.code_key) of analysed words: the words themselves but
    for codes, which are compared whatever their separators and look-alike letters."""
    return {code_key(t) for t in toks}


def code_prefixes(codes: Iterable[str]) -> set[str]:
    """The families of model codes (text.codes.family: "px" of "px-200", "16k" of "16k20");
    a string that is no code adds nothing."""
    return {f for t in codes if (f := family(t))}


def window_tokens(cand: extractive.Candidate) -> set[str]:
    """Analysed words of a candidate's sentence window (its span of the hit's text), with
    those of the column headers of the table row it lies in (Candidate.columns): a row
    "Объём загрузки, м³ 12 18" under "Параметр | СКД-12 | СКД-12М" speaks of both models."""
    toks = set(extractive.text_tokens(window_text(cand)))
    for header in cand.columns:
        toks |= extractive.text_tokens(header)
    return toks


def names_other_code(cand: extractive.Candidate, groups: list[tuple[str, ...]]) -> bool:
    """True when the evidence is about a sibling of a code in the question ("PX-300" for a
    question about "PX-200"): its sentence window (with the column headers of the table
    row it lies in: a code heading a column names the model of every row's value in it,
    `window_tokens`) names a sibling but not the asked code, or, when the window names no
    code of that family, its document's name (title, file name, cover title block) does."""
    asked = asked_codes(groups)
    if not asked:
        return False
    prefixes = code_prefixes(asked)
    for toks in (code_keys(window_tokens(cand)), code_keys(cand.hit.name_terms)):
        if asked & toks:
            return False
        if any(family(t) in prefixes for t in toks):
            return True
    return False


def names_other_edition(cand: extractive.Candidate, asked: set[analysis.Edition]) -> bool:
    """True when the evidence is about another edition of a document the question names
    (analysis.editions: "REVTEX 4.2" for "According to the REVTeX 4.1 Author's Guide"): the
    first of these that names a version of the name names none that is asked: its sentence
    window; else its passage (the chunk it stands in: a page that names "texlive2022.iso"
    beside the window that explains the check), when it names other versions only; else its
    document's naming terms (title, file name, cover: "live" and "2020" for "TeX Live
    2021"). A version counts written spaced after the name or fused with it as a file name
    writes it (`versions_of`)."""
    if not asked:
        return False
    names = set(cand.hit.name_terms)
    for name in {e.name for e in asked}:
        wanted = {e.version for e in asked if e.name == name}
        mine = [e for e in asked if e.name == name]
        here = versions_of(window_text(cand), mine)
        if not here:
            passage = versions_of(cand.hit.text, mine)
            if passage and not passage & wanted:
                return True
            # a passage naming the asked version among others ("Changes in REVTeX 4.1" in
            # the 4.2 guide) does not tell: its document's name does
            if name in names:
                here = {t.removeprefix("v") for t in names if analysis.VERSION_TOKEN_RE.match(t)}
        if here and not here & wanted:
            return True
    return False


def versions_of(text: str, editions: list[analysis.Edition]) -> set[str]:
    """The versions `text` names of the name of `editions` (one name): after it as a
    separate word (analysis.text_editions) or written with its whole name, spaced or fused
    (analysis.written_versions: "texlive2022.iso")."""
    name = editions[0].name
    out = {e.version for e in analysis.text_editions(text) if e.name == name}
    for e in editions:
        out |= set(analysis.written_versions(text, e))
    return out


def names_any(cand: extractive.Candidate, naming: set[tuple[str, ...]]) -> bool:
    """Whether a candidate's chunk or its document's naming terms hold a form of one of the
    question words `naming` (those that name a document, `named_docs`): a passage of an
    installation guide that speaks of "TeX Live" answers a question about TeX Live, although
    "TeX Live" names the TeX Live guides."""
    held = set(extractive.text_tokens(cand.hit.text)) | set(cand.hit.name_terms)
    return any(held.intersection(g) for g in naming)


def siblings_named(q: str, groups: list[tuple[str, ...]], cands: Iterable[extractive.Candidate]
                   ) -> tuple[str, list[str]] | None:
    """(the question's model code as written, the sibling codes of its family that the
    candidates' passages and the column headers of their table rows name, as written, each
    once, in the order found) for a question naming a code ("КЭ-12" of a passport table
    headed "Параметр | КЭ-6 | КЭ-9 | КЭ-15"); None when the question names no code or no
    candidate names a sibling. The whole passage counts, not only the window: what the
    library has is the point, and a window quoting one model's sentence leaves out the
    sibling its table names beside it."""
    codes = asked_codes(groups)
    if not codes:
        return None
    seen: dict[str, str] = {}  # code key -> as first written
    for c in cands:
        for key, word in _sibling_words(c, codes):
            seen.setdefault(key, word)
    return (_as_written(q, codes), list(seen.values())) if seen else None


#: Marks a word as written may carry at its ends (`_sibling_words`, `_as_written`).
_WORD_EDGES = ".,;:!?«»\"'()"


def _sibling_words(cand: extractive.Candidate, codes: set[str]) -> list[tuple[str, str]]:
    """(code key, word as written) of each word of `cand`'s whole passage and of the column
    headers of the table row it lies in (Candidate.columns) that names a code of the family
    of one of `codes` (code keys) but none of them, in text order. The heads of spreadsheet
    rows ("'Prices'!A14:I14 | ") are no words of the passage: their cell addresses would
    read as siblings of a code with a letter and a digit ("A6L" beside "A14")."""
    prefixes = code_prefixes(codes)
    text = without_row_heads(cand.hit.text)
    return [(t, w) for w in (raw.strip(_WORD_EDGES) for raw in " ".join((text, *cand.columns)).split())
            for t in code_keys(analysis.tokens(w)) if family(t) in prefixes and t not in codes]


def _as_written(q: str, codes: set[str]) -> str:
    """The first word of question `q` naming one of `codes` (code keys), as written; the
    first code key in sort order when none does."""
    return next((w.strip(_WORD_EDGES) for w in q.split() if code_keys(analysis.tokens(w)) & codes), sorted(codes)[0])


def asked_and_found(q: str, groups: list[tuple[str, ...]], editions: set[analysis.Edition],
                     cand: extractive.Candidate) -> tuple[str, str, list[str]]:
    """(message key, what the question names, what the best evidence names instead), as
    written, for the refusal of a question whose evidence is all about a sibling code or
    another edition: ("why_other_edition", "REVTeX 4.1", ["REVTEX 4.2"]), (…, "КСВ-12",
    ["КСВ-8", "КСВ-8Т"]: every sibling, in text order, so the person can ask for one of
    them); "why_other_document" with no found side when only the evidence's document name
    tells (its title, not its window). Another edition is looked for in the window, else in
    the passage it stands in, spaced or fused with the name ("texlive2022"); sibling codes
    in the whole passage and in the column headers of the table row it lies in
    (Candidate.columns): a table with a row per model names its siblings in other rows."""
    window = window_text(cand)
    for e in sorted(editions, key=lambda e: e.text):
        for text in (window, cand.hit.text):  # the window, else the passage it stands in
            other = sorted({f.text for f in analysis.text_editions(text) if f.name == e.name and f.version != e.version}
                           | {w for v, w in analysis.written_versions(text, e).items() if v != e.version})
            if other:
                return "why_other_edition", e.text, [other[0]]
    codes = asked_codes(groups)
    if not codes:
        return "why_other_document", min((e.text for e in editions), default=""), []
    named = siblings_named(q, groups, [cand])
    return ("why_other_edition", *named) if named else ("why_other_document", _as_written(q, codes), [])


def sibling_row(cand: extractive.Candidate, best: extractive.Candidate) -> bool:
    """Whether `cand` is a row of the same sheet or table as the best row `best`, covering
    at least as much of the question (lexical coverage), which holds some of it (rows that
    share no word with a question in another language are alike in nothing)."""
    return _same_table_rows(cand, best) and best.coverage > 0 and cand.coverage >= best.coverage - 1e-9


def _same_table_rows(a: extractive.Candidate, b: extractive.Candidate) -> bool:
    """Whether two windows are rows (`is_row`) of the same sheet or table page."""
    return is_row(a) and is_row(b) and a.hit.doc_id == b.hit.doc_id and a.hit.page == b.hit.page


def _record_label(cand: extractive.Candidate) -> str:
    """The first value of a sheet's or slide table's row written "Header: value; …" (its
    label: "Adult Swim", variants.record_cells), "" for any other window."""
    from .variants import record_cells

    cells = record_cells(cand)
    return cells[0][1] if cells else ""


def computed_names(question: str, groups: list[tuple[str, ...]]) -> set[str]:
    """Index forms of the question's words that may name the records a computing question
    adds or compares (calculate.operation_groups, sum_asked or comparison_asked): its words other than
    the operation's own; empty for a question that computes nothing."""
    ops = operation_groups(question, groups)
    if not ops and comparison_asked(question) is None and not sum_asked(question):
        return set()
    ops |= comparison_groups(question, groups)
    return {f for grp in groups if grp not in ops for f in grp}


def other_named_row(cand: extractive.Candidate, best: extractive.Candidate, names: set[str]) -> bool:
    """Whether `cand` is a row of the best row's sheet or table page holding a word of `names`
    (`computed_names`) that the best row's window does not: the other record a sum or a
    comparison names ("пена" beside the row of "клей «Титан»"); or a row whose label's
    words are all among `names` ("Adult Swim" beside the best row "Adult Swim + Gym")."""
    if not names or not _same_table_rows(cand, best):
        return False
    if (window_tokens(cand) - window_tokens(best)) & names:
        return True
    # a row named by a part of what names the best one ("Adult Swim" beside "Adult Swim +
    # Gym" in "How much more is Adult Swim + Gym than Adult Swim alone?"): its label's words
    # are all the question's, and it is another row
    mine, theirs = _record_label(cand), _record_label(best)
    words = set(analysis.tokens(mine)) - analysis.stopwords()
    return bool(mine and theirs and mine != theirs and words and words <= names)


def row_label(lib: LibraryLike, cand: extractive.Candidate) -> str:
    """The first cell of the table row a window is: of a spreadsheet row ("'Sheet'!A4:E4 |
    Label: …; …") its first value, of a DOCX or ruled PDF table's row its first cell as
    extraction kept it (DocumentModel.row_cells); "" for a window that is no table row."""
    text = window_text(cand).strip()
    if extractive.is_sheet(cand.hit):
        body = text.split(" | ", 1)[-1]
        first = body.split("; ", 1)[0]
        return first.partition(": ")[2].strip()
    if not cand.record or cand.hit.parts:
        return ""
    try:
        cells = lib.model(cand.hit.doc_id).row_cells(cand.hit.page or 0, cand.start, cand.end)
    except Exception:  # a model the library no longer has: no label to read
        return ""
    return cells[0][1].strip() if cells else ""


#: Longest first cell read as a row's label by `label_named_first` ("3号楼", "Adult book");
#: a longer one is a note or a sentence standing in the table.
LABEL_CHARS = 30


#: A name in quotes: «…», “…”, „…“, "…", 「…」 (2 to 40 characters inside).
_QUOTED = lazyre.compile(r"[«“„\"「『]([^«»“”„\"「」『』]{2,40})[»”“\"」』]")


def _quoted_names(text: str) -> set[str]:
    """The names `text` writes in quotes, spaces aside and case folded: a product, a plan, a
    kart ("Прокатный карт «Спорт»" -> {"спорт"})."""
    return {"".join(m.group(1).split()).casefold() for m in _QUOTED.finditer(text)}


def size_named_first(cands: list[extractive.Candidate], question: str,
                     prob: dict[int, float]) -> list[extractive.Candidate]:
    """`cands` (best first) with the first table row stating a size the question states
    (analysis.sizes: "the 5×10 unit" and a row's "5 × 10"; a letter x, spaces and the order
    of the sides aside) moved first with the best candidate's probability, when the best
    does not state it: words match the 5 × 5 and 10 × 10 rows as well as the 5 × 10 one
    (each holds a side), the size tells them apart. Unchanged when the question states no
    size, the best states one asked, or no row does."""
    asked = analysis.sizes(question)
    if not asked or not cands or analysis.sizes(window_text(cands[0])) & asked:
        return cands
    hit = next((c for c in cands[1:] if is_table_window(c) and analysis.sizes(window_text(c)) & asked), None)
    if hit is None:
        return cands
    prob[id(hit)] = max(prob[id(hit)], prob[id(cands[0])])
    return [hit] + [c for c in cands if c is not hit]


def label_named_first(lib: LibraryLike, cands: list[extractive.Candidate], question: str,
                      prob: dict[int, float]) -> list[extractive.Candidate]:
    """`cands` (best first) with the one row of the best row's table whose label (first cell,
    `row_label`) the question writes, spaces aside ("3号楼" of "3号楼哪天停水？"), moved first
    with the best row's probability, when the best row's own label is not written in the
    question: rows sharing every question word ("3" of their dates too) are told apart by
    the label the question names. A name the question writes in quotes names the row whose
    label writes it in quotes ("«Спорт»" the row "Прокатный карт «Спорт»", not "Спортивный
    карт «Про»", whose words share its stem). Unchanged when no row or several are so named,
    when the named label's words all stand in the best row's label, or when the best row's
    label is longer than LABEL_CHARS (a note written in the table's first cell)."""
    if not cands or not is_table_window(cands[0]):
        return cands
    asked = "".join(question.split()).casefold()
    quoted = _quoted_names(question)
    best = cands[0]

    def named(label: str) -> bool:
        if quoted & _quoted_names(label):
            return True  # a name in quotes the question writes in quotes ("«Спорт»")
        label = "".join(label.split()).casefold()
        return len(label) >= 2 and label in asked

    own = row_label(lib, best)
    if named(own) or not own or len(own) > LABEL_CHARS:
        return cands  # the best row is named, or is no labelled record (a note under the table)
    same = [c for c in cands[1:] if is_table_window(c) and c.hit.doc_id == best.hit.doc_id
            and c.hit.page == best.hit.page]
    hits = [c for c in same if named(row_label(lib, c))]
    if len(hits) != 1 or set(analysis.tokens(row_label(lib, hits[0]))) <= set(analysis.tokens(own)):
        # (a label the best row's own holds whole, "A4" of "A4, односторонняя", names the
        # best row too, and more of the question besides: it stays first)
        return cands
    prob[id(hits[0])] = max(prob[id(hits[0])], prob[id(best)])
    return [hits[0]] + [c for c in cands if c is not hits[0]]
