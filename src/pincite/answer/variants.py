"""Table rows for another variant than the one asked: the price for medium hair asked of
short hair, the 16-inch bike asked of a 24-inch one, the e-bike asked of an electric
tricycle. Such a row matches everything but the variant and answers for its own, so
answer.rank sets it apart (sorted last, never the answer) and, when nothing else is found,
refuses naming the rows there are. Must not import cli/ or web/.
"""
from __future__ import annotations

import functools
import re
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, AbstractSet, Callable, Sequence

from pincite.text import analysis, bilingual, lazyre, morph
from pincite.text.cjk import cjk_letter_count, is_cjk

from . import asked_type, extractive, features, tiers, units
from .calculate import JOINED, comparison_asked
from .counts import counts_in
from .numbers import number_mentions
from .quantities import Quantity, quantities_in
from .retrieve import LibraryLike
from .table_verify import SOFT_HEADER_COSINE, record_pairs
from .unitnames import unit_after_text

if TYPE_CHECKING:
    from .soft import WordMatcher

#: Zipf frequency (wordfreq) from which a question word is too common to name a variant of
#: a table's rows ("要", "стоит", "the"). Chinese content words are common as wordfreq
#: counts them ("大型" 5.0, "车" 5.3), so the bar stands above extreme.COMMON_ZIPF.
VARIANT_ZIPF = 5.5
#: A cell value that names a variant by a word ("средние (15–35 см)", "小型车"), not a number
#: or a time ("8:00–15:30": the value of another attribute in a table of parameters).
_VARIANT_NAME = lazyre.compile(r"[^\W\d_]{3,}|[\u4e00-\u9fff]")


def record_cells(cand: extractive.Candidate) -> tuple[tuple[str, str], ...]:
    """The (column header, value) pairs of a sheet's or slide table's row that `cand`'s
    window writes as one "Header: value; …" line (its sheet range before " | " left out);
    () for any other window."""
    text = features.window_text(cand).strip()
    line = text.split(" | ", 1)[1] if " | " in text else text
    return tuple(record_pairs(line) or ()) if "\n" not in line else ()


def row_cells(lib: LibraryLike, cand: extractive.Candidate) -> tuple[tuple[str, str], ...]:
    """The (column header, value) pairs of the table row that `cand`'s window is: a sheet's
    or slide table's "Header: value; …" line (`record_cells`), else the cells
    DocumentModel.row_cells keeps for the window's span (a DOCX table on its PDF's pages, a
    ruled PDF table); () for a window that is no table row."""
    pairs = record_cells(cand)
    if pairs:
        return pairs
    if cand.hit.parts or not features.is_table_window(cand):
        return ()
    try:
        return lib.model(cand.hit.doc_id).row_cells(cand.hit.page or 0, cand.start, cand.end)
    except Exception:  # a model the library no longer has: no cells to read
        return ()


def rows_of_other_variants(lib: LibraryLike, cands: Sequence[extractive.Candidate], groups: list[tuple[str, ...]],
                           general: dict[tuple[str, ...], float], other: set[int], question: str,
                           unknown: AbstractSet[tuple[str, ...]] = frozenset(), matcher: WordMatcher | None = None,
                           context: Callable[[str], str] | None = None,
                           whole: set[int] | None = None) -> dict[int, str]:
    """{id: the row as a person names it, "label — its variant"} of the candidates that
    are table rows about another variant than the one asked (`whole`, when given, gets the
    ids of those among them that hold every asked word but those other rows hold in a
    column beside the label, or are told apart only by a number, a size or a name's
    modifier):
    every asked word the row lacks
    (in its values and its column headers) is a value that other rows of the same table
    (same document, same column headers) hold in a column where this row names another
    variant by a word ("коротких" in "Длина волос: короткие (до 15 см)" beside this row's
    "средние (15–35 см)"; "大型" in "车型: 大型车" beside "月卡（小型车，…）").
    Such a row matches everything but the variant and answers for its own: "Сколько стоит
    окрашивание коротких волос?" is not answered by the colouring row for medium hair. Only
    rows among `cands` (not in `other`) are compared; the asked words are those rarer than
    VARIANT_ZIPF, no numbers (a stated quantity is read into its band by answer.tiers), and
    none that asks for money, a place or a time ("стоит", "多少钱", "where":
    asked_type.COLUMN_KINDS). A question joining, comparing or counting things (`question`:
    "A и B", "A比B", "two A") asks of several rows and sets none apart but by a duration.

    Three more ways a row is for another variant:
    * its label (first cell) states a size the question states otherwise (`_other_size`:
      "24寸的儿童自行车" beside "儿童自行车（16寸）" and "（20寸）"; `question` is read as
      written, before answer.tiers wrote a quantity as the header holding it);
    * an asked word it lacks is a noun (`_a_noun`) no chunk of the library writes
      (`unknown`, retrieve.unknown_words), in the row's language, nearer by meaning
      (`matcher`, answer.soft) to the row's label than to any of its column headers, yet no
      paraphrase of the label (below SOFT_HEADER_COSINE): it names another thing of the
      label's kind ("电动三轮车" beside "电动自行车", "кролика" beside "Кошки"), not a column
      ("一整天" is nearest "全天");
    * it is a found row's thing for another duration than any the question states
      (`_other_duration`: the 2-hour row of a party beside its 1-hour row, asked of one hour).
    Nothing is set apart for these without another row of the table to name. `context`
    gives a row's window with what it stands under (rank.RowContext.text: its headers and
    table's title), whose words it holds too ("hire" of a slide "Equipment hire")."""
    # "в один тон" counts nothing: one thing once; nor does a number naming a row's variant
    # ("15人桌" where rows write "10人桌", "12人桌": `_other_numbered`)
    windows = [features.window_text(c) for c in cands]
    counts = [n for n in counts_in(question) if not _names_by_number(n[1], n[2], windows)]
    # two things joined, compared or counted: each is a row of its own, told apart from
    # another only by a duration the question states (`_other_duration`)
    several = bool(JOINED.search(question) or comparison_asked(question) is not None or len(counts) > 1
                   or any(n > 1 for n, _, _ in counts))
    # words asking for a kind of value, not naming a row ("стоит", "多少钱", "where"); the
    # adjectives of the superlative kinds ("короткий") may name a variant
    asking = set().union(*(asked_type.asking_groups(k) for k in ("money", "place", "time")))
    # a quantity's words ("一天", "30 kg") are values, read into a band or a column, not names
    stated = quantities_in(question)
    measures = _measure_words(question, stated)  # "длиной" of "длиной 8 метров"
    asked = [] if several else [g for g in groups if general.get(g, 0.0) > features.ZIPF_CEILING - VARIANT_ZIPF
             and not any(ch.isdigit() for ch in g[0]) and g not in asking and g not in measures
             and not any(g[0] in q.text for q in stated)]
    # a bound ("ниже 15 футов") is a range, read into the band stating it (answer.tiers), no size
    sizes = [] if several else [q for q in stated if q.unit and q.unit not in _NO_SIZE_UNITS
                                and not tiers.states_bound(question, q.text)]
    durations = [q for q in stated if q.unit and units.is_duration(q.unit) and not tiers.states_bound(question, q.text)]
    points = [] if several else [q for q in stated if q.unit and q.unit not in _NO_POINT_UNITS]
    if not asked and not sizes and not points and not durations:
        return {}
    tables: dict[tuple[str, tuple[str, ...]], list[tuple[int, list[tuple[str, set[str]]]]]] = {}
    texts: dict[int, str] = {}  # each row's window text: its sheet's name, its cells
    for c in cands:
        if id(c) in other:
            continue
        pairs = row_cells(lib, c)
        if len(pairs) >= 2:
            key = (c.hit.doc_id, tuple(h for h, _ in pairs))
            tables.setdefault(key, []).append((id(c), [(v, set(analysis.tokens(v))) for _, v in pairs]))
            texts[id(c)] = (context or str)(features.window_text(c))
    out: dict[int, str] = {}
    for (_, headers), rows in tables.items():
        header_words = set(analysis.tokens(" ".join(headers)))
        if len({tuple(v for v, _ in cells) for _, cells in rows}) < 2:
            continue  # one row (found as two windows) has no other variant beside it
        labels = [cells[0][0] for _, cells in rows]
        # the table's columns (or its rows, labelled by a quantity alone: "1 месяц") are
        # quantities of the asked one's kind, none of them the asked one
        no_column = _absent_point(points, headers[1:])
        no_row = _absent_point(points, labels) if all(_only_quantity(v) for v in labels) else None
        # what the table prices instead: its quantity columns (a row labelled by one names itself)
        priced = ", ".join(h for h, _, _ in tiers.point_headers(headers[1:])) if no_column is not None else None
        for i, cells in rows:
            if no_column is not None or no_row is not None:
                there = priced or cells[0][0]
                out[i] = " — ".join(" ".join(n.split()) for n in dict.fromkeys((cells[0][0], there)))
                if whole is not None:
                    whole.add(i)
                continue
            held = header_words.union(*(t for _, t in cells))
            # a word another row holds as written, where this row names its own variant, is
            # lacking however near this row's words come by meaning ("小班" beside "大班")
            literal = [(g, _held_beside(rows, i, cells, g, asked)) for g in asked if not held.intersection(g)]
            lacking = [g for g, j in literal if (j is not None and _is_cell_name(rows, i, j, g, question))
                       or not _paraphrased(matcher, g, (texts[i], *headers))]
            beside = [j for g, j in literal if g in lacking]
            # (a numbered label, "第四档" beside "第一档".."第三档", is answer.clarify's unlisted label)
            unwritten = [g for g, j in zip(lacking, beside) if j is None and g in unknown
                         and not _numeral(g[0]) and _names_another_thing(matcher, g, cells[0][0], headers)]
            # a Chinese name cell naming a sibling of the asked one names the row
            sibling = next((v for v, _ in cells if _other_cjk_name(v, question, texts[i])), None) if lacking else None
            values = [v for v, _ in cells]
            others = [v for k, other_cells in rows if k != i for v, _ in other_cells]
            numbered = None if several else _other_numbered(question, values, others)
            # beside a word another row holds where this row names its own variant, a word no
            # row of the table holds tells no row from another ("初一" of rows by "初中一至二年级"
            # beside "小班" of the row "小班"): the row is another variant by the first alone
            telling = [(g, j) for g, j in zip(lacking, beside)
                       if g in unwritten or any(t.intersection(g) for _, row in rows for _, t in row)] \
                if any(j is not None for j in beside) else list(zip(lacking, beside))
            if _states_asked_number(question, values, others):
                telling = []  # the row the question names by its number ("7 January") is the asked one
            if (telling and all(j is not None or g in unwritten for g, j in telling)) \
                    or _other_size(sizes, cells[0][0], [v for v in labels if v != cells[0][0]]) or sibling \
                    or numbered or _other_size_beside(sizes, i, cells, rows, headers) \
                    or _other_duration(durations, i, cells, rows):
                names = [sibling or cells[0][0]] + [cells[j][0] for j in dict.fromkeys(beside) if j]
                names += [numbered] if numbered and numbered not in names else []
                out[i] = " — ".join(" ".join(n.split()) for n in names)
                # (a variant told apart beside its label, "小班" in a class-size column; not a
                # parameter's row beside another's, "Название" beside "Время работы")
                if whole is not None and all(j is not None and j > 0 for j in beside):
                    whole.add(i)
    return out


#: Units whose quantity in a question names no column or row by its value (`_absent_point`):
#: money (a budget, a price) and shares.
_NO_POINT_UNITS = units.CURRENCY_CODES | {"%", "‰"}


def _absent_point(stated: Sequence[Quantity], texts: Sequence[str]) -> Quantity | None:
    """The quantity of `stated` (the question's) that `texts` (a table's column headers, or
    its rows' labels) have no place for: two of them or more state one quantity each of its
    kind (tiers.point_headers: "1 hour", "2 hours", "Half day (4 h)"; "1 месяц", "3 месяца"),
    none of them the asked value (units converted), and none a range of that kind
    (tiers.header_tier: "до 10 кг" may hold it) or a rate per one unit of it
    (tiers.per_unit_dims: "元/天" prices any number of days). Then the table prices other variants only:
    "на 3 часа" of columns for 1, 2, 4 and 8 hours, "на 2 месяца" of rows for 1, 3, 6 and 12
    months. None when every stated quantity has its place or names no such series."""
    points = tiers.point_headers(texts)
    for q in stated:
        if not q.unit or q.unit in _NO_POINT_UNITS:
            continue
        factor, dims = units.si_factor(units.unit_atoms(q.unit))
        same = [v for _, v, d in points if d == dims]
        if len(same) < 2 or Fraction(q.value) * factor in same:
            continue
        if any((t := tiers.header_tier(x)) is not None and units.si_factor(units.unit_atoms(t.unit))[1] == dims
               for x in texts):
            continue
        if any(tiers.per_unit_dims(x) == dims for x in texts):
            continue  # a rate per day prices any number of days ("日租价(元/天)" beside "周租价(元/7天)")
        return q
    return None


def _only_quantity(label: str) -> bool:
    """Whether a row's label is one quantity and nothing more ("1 месяц", "6 месяцев",
    "12 months"): the row is named by that quantity alone."""
    found = [q for q in quantities_in(label) if q.unit]
    return len(found) == 1 and not re.search(r"[^\W\d_]", label.replace(found[0].text, "", 1))


#: Units whose quantity in a question is no size of a thing: money (a budget, a price) and
#: shares; time units are left out too, as a duration asked picks a column or a condition
#: ("一天", "в течение 14 дней"), seldom the variant a row's label names.
_NO_SIZE_UNITS = units.CURRENCY_CODES | {"%", "‰", "ms", "s", "min", "h", "day", "week", "month", "year"}


def _measure_words(question: str, stated: Sequence[Quantity]) -> set[tuple[str, ...]]:
    """The word groups of the words right before a size (a quantity whose unit is not in
    _NO_SIZE_UNITS) that `question` states (`stated`): the name of what it measures ("длиной 8 метров", "весом 30 кг",
    "weighing 5 kg", "长8米"), which a table states as its rows' sizes ("до 7 м"), not as a
    word of its own: such a word names no variant."""
    out: set[tuple[str, ...]] = set()
    for q in stated:
        at = question.find(q.text)
        if not q.unit or q.unit in _NO_SIZE_UNITS or at <= 0:  # "三轮车一天": a duration's thing
            continue
        before = question[:at].rstrip()
        if before and is_cjk(before[-1]):
            run = re.search(r"[\u4e00-\u9fff]+$", before)
            words = analysis.cjk_words(run.group()) if run else []
            word = words[-1] if words else ""
        else:
            word = (before.split() or [""])[-1].strip(analysis.WORD_EDGE_PUNCT)
        out.update(analysis.query_groups(word) if word else [])
    return out


def _other_size(sizes: Sequence[Quantity], label: str, others: Sequence[str]) -> bool:
    """Whether a row `label` states a size of a unit the question states (`sizes`) that is
    not the question's: no value of that unit in it equals the asked one, and no range it
    writes ("до 10 кг", "10–25 кг": tiers.header_tier) holds it, while another row's label
    (`others`) states the unit too (the labels tell rows apart by it)."""
    for q in sizes:
        stated = [s for s in quantities_in(label) if s.unit == q.unit]
        if not stated or not any(s.unit == q.unit for o in others for s in quantities_in(o)):
            continue
        tier = tiers.header_tier(label)
        if tier is not None and tier.unit == q.unit:
            if not tier.holds(q.value):
                return True
        elif all(s.value != q.value for s in stated):
            return True
    return False


def _other_size_beside(sizes: Sequence[Quantity], i: int, cells: list[tuple[str, set[str]]],
                       rows: list[tuple[int, list[tuple[str, set[str]]]]],
                       headers: Sequence[str] = ()) -> bool:
    """Whether row `i` (its `cells`, among the found `rows` of its table) states, in a column
    beside its label, a size of a unit the question states (`sizes`) that is not the
    question's, in a column where another row states that unit too (`_other_size` of that
    column's cells): "Profile width: 30 mm" for "a 50 mm walnut moulding", when the table's
    rows tell their profiles apart by that column. A bare number stands in the unit its
    column's header gives (`headers`, comparison.header_unit: "面积(㎡): 3" is 3 m²)."""
    from .comparison import header_unit

    for j in range(1, len(cells)):
        unit = header_unit(headers[j]) if j < len(headers) else None

        def sized(value: str) -> str:
            # "3" under "面积(㎡)" is "3 m2"; a cell writing its own unit is read as written
            return f"{value} {unit}" if unit and _BARE_NUMBER.fullmatch(value.strip()) else value

        others = [sized(other[j][0]) for k, other in rows if k != i and len(other) > j]
        if _other_size(sizes, sized(cells[j][0]), others):
            return True
    return False


def durations_in(text: str) -> frozenset[Fraction]:
    """The durations `text` states, in seconds (units.si_value)."""
    return frozenset(units.si_value(q.value, q.unit)[0] for q in quantities_in(text)
                     if q.unit and units.is_duration(q.unit))


def _other_duration(durations: Sequence[Quantity], i: int, cells: list[tuple[str, set[str]]],
                    rows: list[tuple[int, list[tuple[str, set[str]]]]]) -> bool:
    """Whether row `i` (its `cells`, among the found `rows` of its table) is the same thing
    as another found row (the same label) for another duration than the one the question
    states (`durations`): in a column beside the label the two state different durations,
    this row's not the asked one ("Пиратская вечеринка | 2 часа | 12 000" beside "Пиратская
    вечеринка | 1 час | 7 500", asked of a one-hour pirate party). A duration asked is
    otherwise no variant (`_NO_SIZE_UNITS`): it may count hours of a rate."""
    label = " ".join(cells[0][0].split())
    siblings = [other for k, other in rows if k != i and " ".join(other[0][0].split()) == label]
    asked = {units.si_value(q.value, q.unit)[0] for q in durations if q.unit}
    for j in range(1, len(cells)):
        mine = durations_in(cells[j][0])
        if not asked or not mine or asked & mine:
            continue
        if any((theirs := durations_in(other[j][0])) and theirs != mine for other in siblings if len(other) > j):
            return True
    return False


#: A cell holding a number alone ("3", "12,5", "1 200"), whose unit its column's header gives.
_BARE_NUMBER = lazyre.compile(r"\d[\d  ]*(?:[.,]\d+)?")


#: A Chinese name's part told apart from the question's: letters and digits, a few of them.
_NAME_PART = lazyre.compile(r"[^\W_]{1,6}")


def _other_cjk_name(value: str, question: str, row: str) -> bool:
    """Whether a Chinese cell `value` names a sibling of what `question` names: the
    question writes the value's start (two characters or more) and, after it, a part of the
    value's end, with other letters between them than the value has ("C1手动挡夜间班" asked
    of "C1手动挡普通班": "夜间" where the value has "普通"), and the row (`row`: its text)
    writes nowhere what the question has there. Chinese compounds name a variant by such a
    modifier, which the words of the two need not show (jieba cuts "夜间班" whole). A
    function word between them ("C1手动挡的普通班": "的") is no modifier."""
    if not cjk_letter_count(value):
        return False
    for p in range(len(value) - 1, 1, -1):
        at = question.find(value[:p])
        if at < 0:
            continue
        rest, tail = value[p:], question[at + p:]
        for k in range(len(rest) - 1, 0, -1):
            end = tail.find(rest[-k:])
            if end <= 0:
                continue
            mine, theirs = rest[:-k], tail[:end]
            return bool(_NAME_PART.fullmatch(mine) and _NAME_PART.fullmatch(theirs) and cjk_letter_count(theirs)
                        and theirs not in row and mine not in question
                        and not set(analysis.tokens(theirs)) & analysis.stopwords())
        return False
    return False


#: A number written with the Chinese word it numbers ("12人桌", "4人间"): a name of a
#: variant when a table's rows write the same word with their own numbers.
_NUMBERED_CJK = lazyre.compile(r"(?<![\d.])(\d+)([\u4e00-\u9fff]{1,2})")


@functools.lru_cache(maxsize=1024)
def _numbered_words(text: str) -> tuple[tuple[Decimal, frozenset[str], str], ...]:
    """The whole numbers of `text` written (in digits or words, not Chinese) right before a
    word of letters, with that word's index forms and the text from the number on to the
    word's end: "3 канала" -> (3, {"канал"}, "3 канала"); no number with a unit after it
    (a quantity, read into bands by answer.tiers). Remembered per text: each row's cells
    are read against every other row's (`_states_asked_number`, `_other_numbered_word`)."""
    out = []
    for m in number_mentions(text):
        if m.value is None or m.value != m.value.to_integral_value() or is_cjk(m.text[-1]):
            continue
        nxt = re.match(r"\s{0,3}([^\W\d_]{3,})", text[m.end:])
        if nxt is None or is_cjk(nxt.group(1)[0]) or unit_after_text(text, m.end) is not None:
            continue
        out.append((m.value, frozenset(analysis.tokens(nxt.group(1))), text[m.start:m.end + nxt.end()]))
    return tuple(out)


def _states_asked_number(question: str, values: Sequence[str], others: Sequence[str]) -> bool:
    """Whether a row (its cell `values`) writes a number the question writes before the same
    word, which other rows (`others`) write after other numbers ("7 January" asked of the
    row "Date: 7 January" beside "14 January"): the rows are told apart by that number, so
    the row is the one asked, whatever else of the question other rows hold. A number no
    other row varies ("в один тон" of "Окрашивание в один тон") tells nothing."""
    asked = {(n, f) for n, f, _ in _numbered_words(question)}
    theirs = [(m, g) for o in others for m, g, _ in _numbered_words(o)]
    return any(n == m and f & g and any(k != n and f & h for k, h in theirs)
               for v in values for m, g, _ in _numbered_words(v) for n, f in asked)


def _other_numbered_word(question: str, values: Sequence[str], others: Sequence[str]) -> str | None:
    """`_other_numbered` for a number written before a word of letters ("три канала",
    "2 lanes"): the cell of a row that writes the word after other numbers only ("Лечение
    пульпита, 1 канал") while another row writes it after the number asked ("…, 3
    канала"), or after others when no row is priced per one; None otherwise."""
    for value, forms, _ in _numbered_words(question):
        cells = [(v, [n for n, f, _ in _numbered_words(v) if f & forms]) for v in values]
        mine = {n for _, ns in cells for n in ns}
        if not mine:
            continue
        if any(ns and tiers.count_range_holds(v, value) for v, ns in cells):
            return None  # the row's range holds the number asked ("20-29 players" of 25 players)
        theirs = {n for o in others for n, f, _ in _numbered_words(o) if f & forms}
        # another row writes the number asked; or none does and no row is priced per one
        # ("1 колесо": "на двух колёсах" counts wheels of it)
        if value not in mine and theirs and (value in theirs or 1 not in mine | theirs):
            return next(v for v, ns in cells if ns)
        return None
    return None


def _names_by_number(count: str, after: str, texts: Sequence[str]) -> bool:
    """Whether a number the question writes (`count`, with the text `after` it) is written
    with the Chinese word after it ("15人桌": "人桌"), which one of `texts` (the candidate
    windows) writes after a number of its own ("12人桌"), or with a word of letters that
    they write after two numbers or more ("три канала" beside "1 канал", "2 канала"): it
    names a variant of a row, not how many things are bought."""
    if not is_cjk(after[:1] or " "):
        # a word after it ("три канала"): the windows write it after two numbers or more
        # ("1 канал", "2 канала", "3 канала": a series of variants; "одна пара" alone is what
        # a price is per, and "две пары" counts pairs)
        asked = _numbered_words(count + after)
        if not asked or not asked[0][2].startswith(count):
            return False
        value, forms, _ = asked[0]
        written = {n for t in texts for n, f, _ in _numbered_words(t) if f & forms}
        return len(written) >= 2 and (value in written or 1 not in written)
    m = _NUMBERED_CJK.match(count + after[:2])
    if not count.isdigit() or m is None or m.end(1) != len(count):
        return False
    word = m.group(2)
    for w in (word[:2], word[:1]) if len(word) > 1 else (word,):
        numbered = re.compile(r"(?<![\d.])\d+" + re.escape(w))
        if any(numbered.search(t) for t in texts):
            return True
    return False


def _other_numbered(question: str, values: Sequence[str], others: Sequence[str]) -> str | None:
    """The cell of a row (its cell `values`) that names by a number another variant than
    the one `question` names, or None: the question writes a number with the Chinese word
    after it ("至尊宴15人桌"; no unit of measure: "3天" is a duration, read into a column by
    answer.tiers), the row writes that word after other numbers only ("12人桌") and another
    row's cells (`others`) write it too ("10人桌"): the rows are told apart by that number,
    and the one asked is not this one. The longer word is tried first ("人桌" before "人",
    which "11–12人" writes too). Rows whose labels (first cells) are so numbered ("1月",
    "第2组") are a series clarify.unlisted_label refuses, naming the labels there are."""
    found = _other_numbered_word(question, values, others)
    if found is not None:
        return found
    for m in _NUMBERED_CJK.finditer(question):
        if any(q.unit for q in quantities_in(m.group())):
            continue
        for word in (m.group(2)[:2], m.group(2)[:1]) if len(m.group(2)) > 1 else (m.group(2),):
            numbered = re.compile(r"(?<![\d.])(\d+)" + re.escape(word))
            cells = [v for v in values if numbered.search(v)]
            if not cells:
                continue
            if values and numbered.search(values[0]):
                return None  # rows labelled "1月", "第2组": a series answer.clarify names
            mine = {int(x) for v in cells for x in numbered.findall(v)}
            if int(m.group(1)) not in mine and any(numbered.search(o) for o in others):
                return cells[0]
            break
    return None


def _numeral(word: str) -> bool:
    """Whether `word` is a number or an ordinal written in words ("第四", "четыре")."""
    word = word.removeprefix("第")
    found = number_mentions(word)
    return len(found) == 1 and found[0].start == 0 and found[0].end == len(word)


def _paraphrased(matcher: WordMatcher | None, g: tuple[str, ...], texts: Sequence[str]) -> bool:
    """Whether question word `g` is matched by meaning (a cosine of SOFT_HEADER_COSINE or
    more, answer.soft) by a word of one of `texts` (the row's window: its sheet's name and
    cells; its column headers): "租" of "租一辆…" by "租车" of the sheet "租车价格", a word
    the row then holds though not as written."""
    return matcher is not None and any(matcher.best(t).get(g, -1.0) >= SOFT_HEADER_COSINE for t in texts)


def _names_another_thing(matcher: WordMatcher | None, g: tuple[str, ...], label: str,
                         headers: Sequence[str]) -> bool:
    """Whether question word `g` (one no chunk writes) is nearer by meaning to the row's
    `label` than to any column header but the label's own (`headers[0]`, which names the
    kind of thing the labels are: a word near "Instrument" is one more instrument), in the
    label's language, without being a paraphrase of the label or of its header (a cosine
    below SOFT_HEADER_COSINE): a sibling of the thing the row names. False without a
    matcher."""
    if matcher is None or analysis.detect_language(g[0]) != analysis.detect_language(label):
        return False
    if not _a_noun(matcher.written.get(g, g[0]), matcher.question):
        return False  # "привести" (to bring) names no thing, whatever its vector is near
    near = matcher.best(label).get(g, -1.0)
    # the labels' own header names their kind ("Instrument" over "Piano", "Violin"): a word
    # near it is one more thing of that kind, unless it paraphrases the header itself
    if headers and matcher.best(headers[0]).get(g, -1.0) >= SOFT_HEADER_COSINE:
        return False
    return max((matcher.best(h).get(g, -1.0) for h in headers[1:]), default=-1.0) < near < SOFT_HEADER_COSINE


def _a_noun(word: str, question: str) -> bool:
    """Whether `word` of `question` is a noun: a Russian one by pymorphy3's likeliest parse
    (text.morph), a Chinese one by jieba's tagger reading it in the question, an English
    one by its dictionary entry's first part of speech (text.bilingual.english_noun: no
    tagger reads English here, and a verb, "rent", must not pass for a thing)."""
    lang = analysis.detect_language(word)
    if lang == "ru":
        return morph.is_noun(word)
    if lang == "zh":
        import jieba.posseg  # the tagger's tables load on first use

        return any(w.word == word and w.flag.startswith("n") for w in jieba.posseg.lcut(question))
    return bilingual.english_noun(word)


#: A parenthesised note in a cell ("小班（6人以内）", "Family (2 adults + 2 children)").
_CELL_NOTE = lazyre.compile(r"[(（][^)）]*[)）]")


def _is_cell_name(rows: list[tuple[int, list[tuple[str, set[str]]]]], i: int, j: int, g: tuple[str, ...],
                  question: str) -> bool:
    """Whether another row than row `i` writes question word `g` in column `j` as that
    cell's whole name, its notes in brackets aside ("小班（6人以内）" is "小班"), which the
    question writes (as the word, or around it: "物理大班", cut "物理 / 大 / 班", writes "大班"),
    not as one word of a longer name ("Old New Year holiday" is no "holiday": a 7 January
    row's "Christmas" is a holiday too)."""
    stop = analysis.stopwords()
    asked = question.casefold()
    for k, other in rows:
        if k == i or j >= len(other) or not other[j][1].intersection(g):
            continue
        name = " ".join(_CELL_NOTE.sub(" ", other[j][0]).split())
        words = set(analysis.query_terms(name)) - stop
        if words and (words <= set(g) or name.casefold() in asked):
            return True
    return False


def _held_beside(rows: list[tuple[int, list[tuple[str, set[str]]]]], i: int, cells: list[tuple[str, set[str]]],
                 g: tuple[str, ...], asked: list[tuple[str, ...]]) -> int | None:
    """The column in which another row than row `i` (of `rows`, each its (value, index
    forms) cells) holds a form of `g` while row `i` (`cells`) names a variant of its own
    there, by no asked word that the other row's cell lacks; None when there is none. A
    cell that matches the question on a word of its own ("Объём загрузки" beside "Масса
    камеры" in a table of parameters, for "объём загрузки камеры") is another attribute,
    not another variant."""
    return next((j for k, other_cells in rows if k != i for j, (_, t) in enumerate(other_cells)
                 if j < len(cells) and t.intersection(g) and _VARIANT_NAME.search(cells[j][0])
                 and not any(cells[j][1].intersection(a) and not t.intersection(a) for a in asked)), None)
