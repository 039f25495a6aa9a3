"""Offline comparison arithmetic: by how much (or how many times) one thing exceeds another,
computed by code (answer.calc, decimal.Decimal) from the one value the cited evidence states
for each of the two things a question compares.

A question asks for a comparison when calculate.comparison_asked says so ("на сколько
киловатт мощность A больше, чем у B", "how much heavier is A than B", "the difference in
weight between A and B", "A比B重多少": a difference; "во сколько раз", "how many times",
"A比B大几倍": a ratio). `comparison_for` then binds a value to each thing from the verified
claims of the extractive answer, strictly, and computes nothing when the binding is not
certain:

1. Table rows. Each verified quote is read as the table rows it stands in (`_rows`: a DOCX
   table's row with the cells extraction kept under their headers, the rows of a ruled PDF
   table, a spreadsheet row's "Header: value" pairs), every row as its (column header,
   cell) pairs, its first cell the row's label. A row binds when exactly two of its value
   columns have a header that the question names by a word no other column header has
   ("СКД-12" and "СКД-12М" under "Параметр | СКД-12 | СКД-12М"; a model code compared in
   every spelling, text.codes), and each of those two cells holds one number that stands in
   the quote (quantities.find_quantity). The unit of a value is the one written next to it,
   else its column header's, else the row label's (a header form: "Мощность, кВт",
   "Weight (kg)"). Of the rows that bind, the asked one is the one row whose unit is of the
   asked kind (`asked_dims`: a unit the question names, "на сколько киловатт"; an answer
   type, "масса", "power"; a comparative, "heavier") and, of several, the one whose label
   shares the most of the question's other words; with no kind asked, the one row whose
   label shares the most of them (at least one). None, or a tie: nothing is computed.
2. A row per thing. Otherwise, when the question names two model codes and, for each, a
   verified cited row names it and not the other (in its first cell or any cell: a model
   code compared in every spelling) and holds a number in another cell ("ВК-37" under
   "Модель | Мощность, кВт | Производительность, м³/мин | Масса, кг", a spreadsheet row
   "编号: P-105; …; 单价(元): 450"), each such row gives its code the value of the one
   column asked: the one whose header the question names by a word no other header of the
   row has (as in 1: "производительность" -> "Производительность, м³/мин", "单价" ->
   "单价(元)"), else the one whose values are of the asked kind (`asked_dims`: "heavier",
   "тяжелее", "重多少" -> "Масса, кг"). The cell must hold one number that stands in the
   row's quote; its unit is the one written next to it, else its header's. Nothing is
   computed when a row has no such column (a thing asked that no column is, "напор"; or
   none asked, "P-105 比 P-103 高多少？": "高" names no price) or several, when a cell holds
   no single number, or when a code's rows give different values; these rows are not then
   read as 3 is. (evidence.on_target lets a comparison cite the other thing's row beside
   the best one.)
3. Quotes each naming one thing. Otherwise, when the question names two model codes, each
   verified quote (or table row) that names exactly one of them gives that code its values
   of the asked kind (any value with a unit when no kind is asked: a bare number in running
   text is too loosely tied to be compared). Each code must get exactly one value.

The difference is the larger value less the smaller (so the result is never negative, and
the formula names which is which: "СКД-12М − СКД-12"), in the larger value's unit, the
other converted to it (calc: exact factors); a ratio is the larger divided by the smaller,
of two positive values of one kind, not temperatures (a ratio of degrees Celsius means
nothing). Each input is bound to the verified citation its value stands in: the row, when
the quote holds several. The reasons a comparison was not computed are said in the
question's language (messages.MESSAGES "compare_*"), never as a number.

A sum (`sum_for`: "Сколько стоят вместе A и B?") adds one value per named row the same way:
the rows are read by the same row readers, or are a quote's "label: value" lines.

Size: over 600 lines as the one place that binds cited values to the things a question
compares or adds; the difference, the ratio and the sum share its row and cell readers.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from pincite.contract import CalcInput, Calculation, Citation, Claim, PdfAddress
from pincite.errors import CalcError
from pincite.text import analysis, bilingual, lazyre
from pincite.text.cjk import is_cjk
from pincite.text.codes import code_key, find_codes, spellings

from . import asked_type, calc, calculate, seasons, tiers, units
from .counts import counts_in
from .messages import message
from .normalize import normalize
from .numbers import NumberMention, number_mentions, units_written
from .quantities import Quantity, find_quantity, quantities_in
from .table_verify import record_pairs, sheet_rows
from .tiers import HEADER_UNIT
from .unitnames import unit_span_after_text
from .verify import verify_quote

if TYPE_CHECKING:
    from pincite.extract.model import DocumentModel

    from .retrieve import LibraryLike

Dims = tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Comparison:
    """What an offline comparison gives an answer: `calculation`, verified, when one value
    was bound to each compared thing and the arithmetic done; else `note`, the reason in the
    question's language (messages "compare_not_done_*"), to show instead."""

    calculation: Calculation | None = None
    note: str | None = None


@dataclass(frozen=True)
class _Row:
    """One table row a verified quote stands in: `label` its first cell, `cells` its (column
    header, value) pairs in column order, `citation` the verified citation of its own text."""

    label: str
    cells: tuple[tuple[str, str], ...]
    citation: Citation


@dataclass(frozen=True)
class _Reading:
    """A value bound to a thing: the quantity (unit canonical or None) and its citation."""

    quantity: Quantity
    citation: Citation


class _NotBound(Exception):
    """No value, or not one value, for a compared thing: `key` a compare_* message, `fields`
    its fields."""

    def __init__(self, key: str, **fields: str) -> None:
        super().__init__(key)
        self.key, self.fields = key, fields


def comparison_for(lib: LibraryLike, question: str, lang: str, claims: list[Claim]) -> Comparison | None:
    """The offline comparison of `question` over the verified `claims` of its answer (module
    docstring): None when the question asks for no comparison (calculate.comparison_asked);
    else a Comparison holding the verified Calculation (formula naming the two things,
    "СКД-12М − СКД-12"; two inputs bound to their citations) or the note saying, in `lang`,
    why nothing was computed."""
    op = calculate.comparison_asked(question)
    if op is None:
        return None
    cits = [cit for c in claims if c.verified for cit in c.citations if cit.verified]
    try:
        found = (_table_binding(lib, question, lang, cits) or _row_binding(lib, question, lang, cits)
                 or _code_binding(lib, question, lang, cits) or _label_binding(lib, question, cits))
        if found is None:
            raise _NotBound("compare_unbound")
        (a_name, a), (b_name, b) = found
        target = calculate.target_unit(question, lang) if op == "difference" else None
        return Comparison(calculation=_compute(op, a_name, a, b_name, b, lang, target))
    except _NotBound as e:
        why = message(e.key, lang).format(**e.fields)
        return Comparison(note=message(f"compare_not_done_{op}", lang).format(why=why))


def states_comparison(question: str, verified: list[Claim]) -> bool:
    """Whether the first verified claim's quote states the comparison `question` asks itself:
    it writes the question's comparative (calculate.comparison_groups: "shorter", "тяжелее")
    and a number ("The Cyrillic dash is 25% shorter than the em-dash"); then a comparison not
    computed needs no note."""
    quote = verified[0].citations[0].quote if verified and verified[0].citations else ""
    toks = set(analysis.tokens(quote))
    return bool(re.search(r"\d", quote)) and any(
        set(grp) & toks for grp in calculate.comparison_groups(question, analysis.query_groups(question)))


def sum_for(lib: LibraryLike, question: str, lang: str, claims: list[Claim],
            dated: str | None = None) -> Comparison | None:
    """The sum a question asks of values it names row by row ("Сколько стоят вместе пена
    монтажная и клей «Титан»?"; calculate.sum_asked) over the table rows its verified
    `claims` cite: each row naming a question word no other of them does (the things summed),
    each giving one number in the one column the question names (a header word, else the
    kind of value it asks: money for "стоят", "cost"), all in units that add. None when the
    question asks no sum, or fewer than two such rows bind; the Calculation's formula names
    the rows by their first cells ("ПН-0750 + КЛ-2205"), its inputs cite their rows. Counted
    things ("два взрослых билета и один детский") are multiplied first (`counted_for`), sum
    word or not. `dated`: the question as the tables found read it (rank.Gathered.read_as:
    its quantities and dates written as the labels and columns holding them), which the rows
    and columns are read by."""
    counted = counted_for(lib, question, lang, claims, dated)
    if counted is not None or not calculate.sum_asked(question):
        return counted
    cits = [cit for c in claims if c.verified for cit in c.citations if cit.verified]
    readings = _named_readings(lib, dated or question, cits)
    if readings is None:
        return None
    names = [f"v{i}" for i in range(len(readings))]
    try:
        result = calc.evaluate(" + ".join(names), [calc.Input(n, r.quantity) for n, (_, r, _) in zip(names, readings)],
                               allow_literals=False, lang=lang)
    except CalcError:
        return None
    inputs = [CalcInput(name=label, value=str(r.quantity.value), unit=r.quantity.unit, text=r.quantity.text,
                        citation=r.citation.model_copy(), verified=True) for label, r, _ in readings]
    return Comparison(calculation=Calculation(
        formula=" + ".join(label for label, _, _ in readings), inputs=inputs, substitution=result.substitution,
        result=str(result.value), unit=result.unit, shown=result.shown, unit_shown=result.unit_shown,
        precision=result.precision, verified=True))


def counted_for(lib: LibraryLike, question: str, lang: str, claims: list[Claim],
                dated: str | None = None) -> Comparison | None:
    """What counted things cost together ("Сколько я отдам за три пачки ибупрофена?", "two
    VIP tickets plus one large popcorn", "两张成人票和一张儿童票多少钱？"): each count the
    question states (`counts.counts_in`) multiplies the value of the cited table row (or "label:
    value" line) that the words it governs name, rows named by no count counting once; the
    values are read as a sum reads them (`_named_readings`: one column, the one the question
    names, else the kind it asks, else a price: counted things bought). None when the
    question states no count that names a row, or the rows give no single value each; the
    Calculation's formula names each count and row ("3 × Ибупрофен 200 мг"), the counts
    are inputs taken from the question (no citation), the rows' values inputs citing them.
    `dated` (as sum_for's) names the columns; the counts and what they count are read in
    `question` as written."""
    if calculate.comparison_asked(question) is not None:
        return None
    cits = [cit for c in claims if c.verified for cit in c.citations if cit.verified]
    counts = counts_in(question)
    rated = not counts  # durations of a unit the cited row prices per ("3 часа" of "руб./час")
    counts = counts or _rate_counts(question, cits, lib)
    if not counts:
        return None
    # a number that the cited rows write with the word after it names a variant, no count:
    # "四人间" (a four-person office) of the row "独立办公室（四人间）"
    quoted = " ".join(" ".join(cit.quote.split()) for cit in cits)
    counts = tuple(c for c in counts if not written_with_next_word(c[1], c[0], c[2], quoted))
    # ... and so does a number a cited row holds under a header naming that word: "на 10
    # сеансов" of the row "«Курс»" whose "Количество сеансов" is 10 (a pass of ten sessions)
    if counts:
        rows = [row for cit in cits for row in _rows(lib, cit)]
        counts = tuple(c for c in counts if not _in_named_column(c[0], c[2], rows))
        # ... and a count of what the cited rows' headers number ("120 页" of columns "up to
        # 100 pages", "101–250 pages") is a size, which picks a band, not things bought
        counts = tuple(c for c in counts if not _numbers_a_header(_governed(c[2]), rows))
    if not counts:
        return None
    by_columns = _counted_columns(lib, counts, cits, lang, "money" in asked_type.asked_kinds(question)
                                  or asked_type.asks_how_much(question))
    if by_columns is not None:
        return by_columns  # the counts name columns of one row: adults and children
    money = frozenset(asked_type.kind_column_words("money"))
    readings = _named_readings(lib, dated or question, cits, least=1, default_kinds=money)
    named_by = dated or question
    if readings is None and rated and len(counts) == 1:
        # hours of a rate per hour that name two columns alike ("3 часа" beside "Будни,
        # руб./час" and "Выходные, руб./час"): the rest of the question names the one
        # (where they name one, "3 часа" the column "Per hour" beside "Half day", they do)
        named_by = counts[0][2]
        readings = _named_readings(lib, named_by, cits, least=1, default_kinds=money)
    spans = [(v, text, _keys(span)) for v, text, span in counts]
    if len(counts) == 1 and counts[0][0] > 1 and (readings is None or not any(
            keys & spans[0][2] for _, _, keys in readings)):
        # one count whose words name no cited row by a word of its own ("две пары туфель"
        # beside the row "Растяжка обуви, одна пара"): it counts the thing the answer's first
        # citation is, when that citation stands in one row with one value to multiply
        first = _named_readings(lib, named_by, cits[:1], least=1, default_kinds=money)
        if first is None or len(first) != 1:
            return None
        label, reading, _ = first[0]
        if not rated and _other_label_writes(lib, cits[0], counts[0][0]):
            # another row of the same table is labelled by that number ("4 players" beside the
            # cited "2 players"): the count names that row, it does not multiply this one
            return None
        per_person = bool(_PEOPLE_COUNTED.match(counts[0][2]) and _per_person(cits[0].quote))
        if not rated and not per_person and _row_writes_number(lib, cits[0], counts[0][0], counts[0][2]):
            # the row states that number itself ("на 12 человек" of a row "12人桌; 11–12人"):
            # it tells which row is asked (a table's size, a room's beds), not how many; hours
            # of a rate per hour are hours whatever else the row states ("Минимальное время,
            # ч: 3"; a label stating them, "Package 4 hours", is read below), and people paying
            # a price per person are people whatever else it states ("Minimum throwers: 4")
            return None
        readings, spans = [(label, reading, spans[0][2])], spans[:1]
    if readings is None:
        return None
    if any(_PEOPLE_COUNTED.match(after) for _, _, after in counts) and not any(
            _per_person(r.citation.quote) for _, r, _ in readings):
        # a number of people ("a room for 20 people", "four of us") multiplies a price per
        # person; beside any other price it is how many the thing must hold, not how many
        # times it is bought
        return None
    bound: list[tuple[tuple[Decimal, str] | None, str, _Reading]] = []
    for label, reading, keys in readings:
        by = [(v, text) for v, text, span in spans if keys & span]
        if len(by) > 1:
            return None  # one row named after two counts: which one counts it is unclear
        bound.append((by[0] if by else None, label, reading))
    if {text for _, text, _ in spans} - {n[1] for n, _, _ in bound if n is not None}:
        return None  # a count names no cited row: a total without it would be wrong
    if len(bound) == 1 and bound[0][0] is not None and bound[0][0][0] == 1:
        return None  # one thing once: nothing to compute
    if any(n is not None and _label_writes(other, n[0]) for n, _, _ in bound for _, other, _ in bound):
        # a row's label states the count's number: it names that row ("蝴蝶兰（五杆）", five
        # stems, of "с пятью стрелками"; "12人桌" of "на 12 человек"; "Box of 500 paintballs"
        # of "коробка на 500 шариков", whichever row the words after it were bound to), it
        # counts nothing bought
        return None
    names, shown = [], []
    inputs = [calc.Input(f"v{i}", _per_count(r.quantity) if n is not None else r.quantity)
              for i, (n, _, r) in enumerate(bound)]
    for i, (n, label, _) in enumerate(bound):
        names.append(f"{n[0]} * v{i}" if n is not None else f"v{i}")
        shown.append(f"{n[0]} × {label}" if n is not None else label)
    try:
        result = calc.evaluate(" + ".join(names), inputs, allow_literals=True, lang=lang)
    except CalcError:
        return None
    ins = [CalcInput(name=n[1], value=str(n[0]), text=f"{n[0]} ({message('from_question', lang)})", verified=True)
           for n in dict.fromkeys(n for n, _, _ in bound if n is not None)]
    ins += [CalcInput(name=label, value=str(r.quantity.value), unit=r.quantity.unit, text=r.quantity.text,
                      citation=r.citation.model_copy(), verified=True) for _, label, r in bound]
    return Comparison(calculation=Calculation(
        formula=" + ".join(shown), inputs=ins, substitution=result.substitution, result=str(result.value),
        unit=result.unit, shown=result.shown, unit_shown=result.unit_shown, precision=result.precision,
        verified=True))


def _header_rates(lib: LibraryLike | None, cit: Citation) -> list[str]:
    """The units the column headers of the table row `cit` stands in price per
    (tiers.per_units: "Цена за час, руб." -> "h"); [] without `lib` or a row."""
    if lib is None:
        return []
    return [u for row in _rows(lib, cit) for h, _ in row.cells if h for u in tiers.per_units(h)]


def _rate_counts(question: str, cits: list[Citation],
                 lib: LibraryLike | None = None) -> tuple[tuple[Decimal, str, str], ...]:
    """The durations `question` states ("three hours of crown pruning", "на 2 суток", "租3天")
    as counts of the unit a cited row prices by ("Unit: per hour; Price (USD): $120", "8700
    руб./сутки", "元/天"): an hourly rate times hours asked is what they cost, as a count
    times a price per thing is. A duration joined to a word by a hyphen describes a thing
    ("a 4-hour package") and counts nothing. () when the question states none, or no cited
    quote prices per its unit (tiers.per_units) nor do its row's column headers ("Цена за
    час, руб.", `lib` given); else in the form of counts.counts_in, the text a duration
    governs being the question less the duration: it counts the unit of whatever row the
    question names, before it or after ("аренда большого зала на 3 часа")."""
    found = []
    for q in quantities_in(question):
        dims = units.UNIT_FACTORS.get(q.unit or "", (None, None))[1]
        if dims != units.UNIT_FACTORS["h"][1] or q.value <= 0 or "-" in q.text or "‑" in q.text:
            continue
        if not any(q.unit in tiers.per_units(cit.quote) or q.unit in _header_rates(lib, cit) for cit in cits):
            continue
        if (start := question.find(q.text)) >= 0:
            found.append((q.value, q.text, question[:start] + question[start + len(q.text):]))
    return tuple(found)


def _counted_columns(lib: LibraryLike, counts: tuple[tuple[Decimal, str, str], ...], cits: list[Citation],
                     lang: str, money: bool = False) -> Comparison | None:
    """What counted people or things cost by the columns of one row ("two adults and one
    child" of the row "Seal Island Cruise; Adult (16+): £34; Child (4-15): £19"; "два
    взрослых и один детский" of columns "Взрослый", "Детский"): each count multiplies the
    cell of the one column of a cited row that the words it governs name by a header word
    no other column of the row has (`_named_columns`); the row is a cited one (a note line
    cited before it stands in no row) where every count names such a column, each a column
    of its own, whose cell is one quantity (an amount of money
    when `money`: the question asks a price, and "3 lessons" does not multiply a lesson's
    length), and no row's label on the cited rows' pages writes a count's number ("Stage 3",
    "Бригада из 3 грузчиков" is the row asked, not three of another). None when no cited
    row binds so, or the values do not add. Of the rows that bind, the one whose cells write
    most of the words counted is taken ("三件长袖衬衫" the row "衬衫; 长袖" cited after "衬衫;
    短袖"), the first cited among equals. The
    formula names each count and column ("2 × Adult (16+) + 1 × Child (4-15)"); the counts
    are inputs taken from the question, the cells inputs citing the row."""
    labels = [label for cit in cits for label in [row.label for row in _rows(lib, cit)] + _other_labels(lib, cit)]
    if any(_label_writes(label, value) for value, _, _ in counts for label in labels):
        return None  # a row's label states a count's number ("Бригада из 3 грузчиков"): it names that row
    binding = [b for cit in cits if (b := _bind_columns(lib, counts, cit, money)) is not None]
    if not binding:
        return None
    counted = set().union(*(_keys(after) for _, _, after in counts))
    found = max(binding, key=lambda b: len(counted & set().union(*(_keys(v) for _, v in b[0].cells))))
    row, bound = found
    if len(bound) == 1 and bound[0][0] == 1:
        return None  # one thing once: nothing to compute
    inputs = [calc.Input(f"v{i}", q) for i, (_, _, _, q) in enumerate(bound)]
    try:
        result = calc.evaluate(" + ".join(f"{n} * v{i}" for i, (n, _, _, _) in enumerate(bound)), inputs,
                               allow_literals=True, lang=lang)
    except CalcError:
        return None
    ins = [CalcInput(name=text, value=str(n), text=f"{n} ({message('from_question', lang)})", verified=True)
           for n, text in dict.fromkeys((n, text) for n, text, _, _ in bound)]
    ins += [CalcInput(name=f"{row.label} / {header}", value=str(q.value), unit=q.unit, text=q.text,
                      citation=row.citation.model_copy(), verified=True) for _, _, header, q in bound]
    return Comparison(calculation=Calculation(
        formula=" + ".join(f"{n} × {header}" for n, _, header, _ in bound), inputs=ins,
        substitution=result.substitution, result=str(result.value), unit=result.unit, shown=result.shown,
        unit_shown=result.unit_shown, precision=result.precision, verified=True))


def _bind_columns(lib: LibraryLike, counts: tuple[tuple[Decimal, str, str], ...], cit: Citation,
                  money: bool = False) -> tuple[_Row, list[tuple[Decimal, str, str, Quantity]]] | None:
    """(the row, (count, the count as written, column header, cell) per count) when `cit`
    stands in one table row in which each count's words (or their translations) name a
    column of its own whose cell is one quantity (`_counted_columns`); None otherwise."""
    rows = _rows(lib, cit)
    if len(rows) != 1:
        return None
    row = rows[0]
    if any(_label_writes(row.label, value) for value, _, _ in counts):
        return None  # the label writes the number: it names the row ("Stage 3", "Four-course")
    bound: list[tuple[Decimal, str, str, Quantity]] = []
    used: set[int] = set()
    for value, text, after in counts:
        # the words counted, with their dictionary translations: a question in another
        # language than the table ("двух взрослых" of "Adult (16+)")
        asked = _keys(after) | {t for g in analysis.query_groups(after) for t in bilingual.translations(g)}
        cols = _named_columns(row, asked)
        if len(cols) != 1 or cols[0] in used:
            return None
        if _numbers_a_header(asked, [row], cols[0]):
            # a column numbering what is counted ("120 页" of "up to 100 pages", "101–250
            # pages"): a band of the count, which picks it, not a price per thing it multiplies
            return None
        used.add(cols[0])
        q = _cell(row, cols[0])
        if q is None or (money and q.unit not in units.CURRENCY_CODES):
            return None
        bound.append((value, text, row.cells[cols[0]][0], q))
    return row, bound


def _numbers_a_header(asked: set[str], rows: list[_Row], column: int | None = None) -> bool:
    """Whether a column header of `rows` (only `column`'s when given) writes a number with
    a word of `asked` (`_keys`) right after it ("up to 100 pages" for "pages")."""
    return any(_keys(m.group(1)) & asked for row in rows
               for j, (header, _) in enumerate(row.cells) if column is None or j == column
               for m in _NUMBER_THEN_WORD.finditer(header))


#: A number and the word right after it, which it numbers ("100 pages", "250页").
_NUMBER_THEN_WORD = lazyre.compile(r"\d(?:[\d  .,]*\d)?\s*([^\W\d_]+)")


def _row_writes_number(lib: LibraryLike, cit: Citation, value: Decimal, after: str = "") -> bool:
    """Whether the table row that citation `cit` stands in (its first, `_rows`; else the
    quote itself) writes the whole number `value` in a cell of its own, as a number apart
    (not a digit of "120" or of "3.5"), in digits or as a Chinese numeral before its
    measure word (`_cjk_counted`: "五杆", five stems, states 5 as "5 stems" would). A
    number the row writes before a unit counts only
    when the question writes that unit after its count (`after`, the text the count governs,
    its first word beginning as the row's unit does: "2 hourz" of "2 hours"): "Duration: 2
    hours" of a ride is no count of the "Two of us" asked."""
    rows = _rows(lib, cit)
    text = " ".join(f"{h}: {v}" for h, v in rows[0].cells) if rows else cit.quote
    asked = re.match(r"\s*([^\W\d_]+)", after)
    for m in number_mentions(text):
        if m.value != value or not _states_number(text, m, value):
            continue
        unit = unit_span_after_text(text, m.end)
        if unit is None:
            return True
        written = text[m.end:unit[1]].strip().casefold()
        if asked and written[:3] and asked.group(1).casefold().startswith(written[:3]):
            return True
    return False


#: The words a count of people counts by ("20 people", "four of us", "5 человек", "10人",
#: "3位"): the generic nouns for persons, not a kind of person a column may price ("adults").
_PEOPLE_COUNTED = lazyre.compile(
    r"\s*(?:(?:people|persons?|guests?|of\s+(?:us|them|you))\b|(?:человек|людей|гост[ейя])(?![а-яё])|[人位名])",
    re.IGNORECASE)
#: A price per person as rows and headers write it: "per person", "per rider", "(pp)", "за
#: человека", "с человека", "руб./чел.", "元/人", "每人", "每位", "人均"; "per" before a unit of
#: measure ("per hour": quantities) or a thing booked whole ("per lane", "per room") is none.
_PER_PERSON = lazyre.compile(
    r"\bper\s+(?!(?:lane|room|table|group|booking|session|lesson|class|item|unit|page|vehicle|car|bike|boat"
    r"|team|party|event|order|ticket)s?\b)(?P<noun>[a-z]+)\b|\bpp\b"
    r"|(?:за|с)\s+(?:человека|чел\.?)(?![а-яё])|/\s*(?:чел|человек|人|位|person)|每人|每位|人均", re.IGNORECASE)


def _per_person(quote: str) -> bool:
    """Whether `quote` writes a price per person (`_PER_PERSON`; "per" before a unit of
    measure, "per hour", "per kg", is a rate of another kind)."""
    for m in _PER_PERSON.finditer(quote):
        noun = m.group("noun")
        if noun is None or not any(q.unit for q in quantities_in("1 " + noun)):
            return True
    return False


#: A cell that writes a number and nothing else (digits, spaces, separators, a sign).
_BARE_NUMBER = lazyre.compile(r"[-+]?\d[\d\s.,\u00a0\u202f']*")


def _cited_page(lib: LibraryLike, cit: Citation) -> tuple[DocumentModel, int, str] | None:
    """The model of a citation's document, its cited unit (1-based) and that unit's text;
    None for a citation without a unit, or a model or page the library no longer has."""
    if cit.unit is None:
        return None
    try:
        model = lib.model(cit.doc_id)
        return model, cit.unit, model.page(cit.unit).text
    except Exception:  # a model or page the library no longer has: nothing to read
        return None


def _other_labels(lib: LibraryLike, cit: Citation) -> list[str]:
    """The labels (first cells) of the table rows on the page of `cit` other than the cited
    one: a sheet's or slide's "Header: value; …" lines of the page text, and the rows of a
    DOCX or PDF table there (DocumentModel.rows_within)."""
    if (found := _cited_page(lib, cit)) is None:
        return []
    model, unit, page = found
    cited = " ".join(cit.quote.split())
    labels = [pairs[0][1] for line in page.splitlines()
              if (pairs := record_pairs(line.split(" | ", 1)[1] if " | " in line else line))
              and " ".join(line.split()) not in cited]
    labels += [cells[0][1] for a, b, cells in model.rows_within(unit, 0, len(page))
               if cells and " ".join(page[a:b].split()) not in cited]
    return labels


def _other_label_writes(lib: LibraryLike, cit: Citation, value: Decimal) -> bool:
    """Whether a table row on the page of `cit` other than the cited one (`_other_labels`)
    has a label writing `value` (`_label_writes`)."""
    return any(_label_writes(label, value) for label in _other_labels(lib, cit))


def _label_writes(label: str, value: Decimal) -> bool:
    """Whether a row's label writes the number `value`: in digits, as a Chinese numeral
    before its measure word (`_cjk_counted`), or as a spelled number joined by a hyphen to
    the word it numbers (`_hyphen_compound`)."""
    return any(m.value == value and _states_number(label, m, value) for m in number_mentions(label))


def _states_number(text: str, m: NumberMention, value: Decimal) -> bool:
    """Whether number mention `m` of `text`, whose value is `value`, states it as digits do:
    digits, a Chinese numeral before its measure word (`_cjk_counted`), or a spelled number
    hyphenated to the word it numbers (`_hyphen_compound`); spelled numbers elsewhere are
    mostly words ("one of", "一般")."""
    return not m.spelled or _cjk_counted(text, m.text, m.end, value) or _hyphen_compound(text, m.end)


def _hyphen_compound(text: str, end: int) -> bool:
    """Whether a spelled number ending at `end` of `text` is the first part of a hyphenated
    compound ("Four-course", "two-day", "three-bedroom"): it states the number as the
    digits of "4-course" would, naming a variant ("a four-course menu", "四道菜")."""
    return text[end:end + 1] in ("-", "\u2010", "\u2011") and text[end + 1:end + 2].isalpha()


def _cjk_counted(text: str, numeral: str, end: int, value: Decimal) -> bool:
    """Whether a spelled number of a text is a Chinese numeral of two or more with a
    character right after it, the measure word of what it counts ("五杆" five stems, "两人"
    two people): a number the text states, as digits are. Spelled numbers elsewhere are
    mostly words ("一般", "one of"), and "一" begins many words."""
    return is_cjk(numeral[0]) and value >= 2 and end < len(text) and is_cjk(text[end])


def written_with_next_word(count: str, value: Decimal, after: str, text: str) -> bool:
    """Whether `text` writes the count (as written, or its `value` in digits) followed by
    a word the question writes right after it: a Chinese count with the one or two
    characters after it ("四人" of "四人间" in "4人间", "12人" of "12人桌"), another with one
    of its next NEXT_WORDS words ("два шерстяных"; "10 тренировок" of "10 персональных
    тренировок": an adjective may stand between the number and its noun), in any of its
    forms ("тремя каналами" of "3 канала")."""
    forms = {count, str(int(value))}
    if is_cjk(count[-1]) or (after[:1] and is_cjk(after[0])):
        return any(f + after[:n] in text for f in forms for n in (1, 2)
                   if len(after) >= n and is_cjk(after[n - 1]))
    words = re.findall(r"\w+", after)[:NEXT_WORDS]
    if not words:
        return False
    if any(f"{f} {w}".casefold() in text.casefold() for f in forms for w in words):
        return True
    # the next words in another form ("тремя каналами" of "3 канала")
    asked = {t for w in words for t in analysis.tokens(w)}
    return any(n.value == value and (w := re.match(r"\s{0,3}(\w+)", text[n.end:])) is not None
               and asked & set(analysis.tokens(w.group(1))) for n in number_mentions(text) if not n.spelled)


def _in_named_column(value: Decimal, after: str, rows: list[_Row]) -> bool:
    """Whether one of `rows` holds the number `value` alone in a cell whose column header
    holds one of the NEXT_WORDS words after the count in the question (`after`): "10" under
    "Количество сеансов" for "на 10 сеансов"."""
    words = {t for w in re.findall(r"\w+", after)[:NEXT_WORDS] if not w.isdigit() for t in analysis.tokens(w)}
    if not words:
        return False
    for row in rows:
        for header, cell in row.cells[1:]:
            number = cell.replace("\u00a0", "").replace(" ", "")
            if words & set(analysis.tokens(header)) and number.isdigit() and Decimal(number) == value:
                return True
    return False


#: Words after a question's count read for the word a row writes after the same number:
#: the noun, and an adjective or two before it ("10 персональных тренировок").
NEXT_WORDS = 3


def _named_readings(lib: LibraryLike, question: str, cits: list[Citation], least: int = 2,
                    default_kinds: frozenset[str] = frozenset()) -> list[tuple[str, _Reading, set[str]]] | None:
    """(label, value, the question's words it alone names, as `_keys`) of each row the cited quotes
    stand in (`_rows`, or a quote's "label: value" lines) that names a question word no
    other such row names (the things summed or compared), each read in the one column the
    question names (a header word, else the kind of value it asks: money for "стоят",
    "cost"; else a column headed by one of `default_kinds`; a labelled line: its value), all
    of that one column; None when fewer than `least` rows bind or a row gives no single
    value."""
    groups = analysis.query_groups(question)
    ops = calculate.operation_groups(question, groups) | calculate.comparison_groups(question, groups)
    # each word with its dictionary translations: a question in another language than the
    # table names its rows and columns by them ("standard kennel" the column "标准笼位")
    translated = {g: bilingual.translations(g) for g in groups}
    words = [{k for f in g for k in _keys(f)} | set(g) | set(translated[g]) for g in groups if g not in ops]
    kinds = asked_type.column_words(question) or default_kinds
    money = "money" in asked_type.asked_kinds(question) or bool(kinds & asked_type.kind_column_words("money"))
    rows: dict[tuple[tuple[str, str], ...], _Row] = {}
    for cit in cits:
        for row in _rows(lib, cit) or _labelled_lines(cit):
            rows.setdefault(row.cells, row)
    # a quantity stated names the column whose header holds it ("一天" the column
    # "全天24小时（元）", "30 кг" the column "Собаки свыше 25 кг": answer.tiers), and a day or
    # month the column whose header states it ("в субботу" the column "Пт, выходные и
    # праздники, руб.": answer.seasons)
    heads = [h for row in rows.values() for h, _ in row.cells if h]
    asked = _keys(tiers.with_tiers(seasons.with_defined_periods(question, [(heads, ())]), heads))
    asked |= {t for ts in translated.values() for t in ts}
    # two words a dictionary translates as one ("dry clean" the column "干洗（元）")
    asked |= {t for a, b in zip(groups, groups[1:]) for t in bilingual.phrase_translations(a, b)}
    named: list[tuple[_Row, frozenset[int]]] = []
    # a word of a column header names the column, not a row ("unit" of "a unit for a flat"
    # beside the header "Unit" and a row "Drive-up unit")
    headed = {id(row): set().union(*(_keys(h) for h, _ in row.cells if h)) for row in rows.values()}
    # ... and a row's label in another language than the question names the words its own
    # translations give ("西裤" suit trousers: "suit", "trouser"), when the dictionary has
    # them one way only
    asked_own = [set(g) for g in groups if g not in ops]
    back = {id(row): _translated_keys(_keys(row.label) - headed[id(row)]) for row in rows.values()}
    by_label = {id(row): frozenset(i for i, w in enumerate(words)
                                   if w & (_keys(row.label) - headed[id(row)]) or asked_own[i] & back[id(row)])
                for row in rows.values()}
    # rows named by their labels ("1号楼", "2号楼") are told apart by them alone: a digit of a
    # date or a time in another cell names nothing
    labelled = len(set(by_label.values())) == len(by_label) and all(by_label.values())
    for row in rows.values():
        values = set().union(*(_keys(v) for _, v in row.cells)) - headed[id(row)]
        held = by_label[id(row)] if labelled else frozenset(
            i for i, w in enumerate(words) if w & values or asked_own[i] & _translated_keys(values))
        if held:
            named.append((row, held))
    # a row naming only question words that another row names too, and fewer (a strict
    # subset: "natural oak" of the 20 mm row beside the 35 mm natural oak row, asked about
    # "the black-stained 35 mm oak frame" against "the natural oak one") is the less named
    # of the two: it is not a compared thing, and the words it shares do not stop the
    # better-named row from owning them (rows told apart by their labels keep each other:
    # "Adult Swim" beside "Adult Swim + Gym" is named whole, below)
    if not labelled:
        named = [(row, held) for row, held in named if not any(held < other for _, other in named)]
        # of rows naming the same question words, one whose label adds words the question
        # does not ask ("Массаж спины и шеи" beside "Массаж спины") is another thing
        asked_words = set().union(*words) if words else set()
        extra = {id(row): len(_keys(row.label) - headed[id(row)] - asked_words) for row, _ in named}
        named = [(row, held) for row, held in named
                 if not any(other == held and extra[id(r)] < extra[id(row)] for r, other in named)]
    # the things summed: rows each naming a word no other row names (`mine`: those words);
    # of rows told apart by their labels, one whose label the question writes whole is its
    # own too, though another's label holds it ("Adult Swim" beside "Adult Swim + Gym")
    asked_keys = set().union(*words) if words else set()
    own = [(row, mine) for row, held in named
           if (mine := held - frozenset().union(*(h for r, h in named if r is not row))
               or (held if labelled and _keys(row.label) - headed[id(row)] <= asked_keys
                   and _written_apart(question, row.label, [r.label for r, _ in named if r is not row])
                   else None))]
    if len(own) < least:
        return None
    readings: list[tuple[str, _Reading, set[str]]] = []
    header = None
    for row, mine in own:
        cols = [1] if _is_line(row) else _named_columns(row, asked)  # a labelled line: its value
        if money and not _is_line(row):
            # a price asked is not read in a cell holding another kind of quantity: the thing
            # counted may name another column ("два заезда" the column "Длительность заезда",
            # "10 мин", beside the prices); a bare number may be a price (under "票价（元）")
            # (a price per unit, "RUB/h", is money too)
            # a bare number is one when its cell writes nothing else or its header names money:
            # "9折" (a 10 % discount) or "2 комнаты" under "包间折扣" or "Rooms" is none
            cols = [j for j in cols if (c := _cell(row, j)) is None or _currency(c.unit)
                    or (not c.unit and (_BARE_NUMBER.fullmatch(row.cells[j][1].strip())
                                        or asked_type.MONEY_HEADING.search(row.cells[j][0])))]
        if not cols and kinds:
            cols = [j for j in range(1, len(row.cells)) if kinds & set(analysis.tokens(row.cells[j][0]))]
        if not cols and money:
            # a price column its header names by a money word or a currency ("维修费（元）")
            cols = [j for j in range(1, len(row.cells)) if asked_type.MONEY_HEADING.search(row.cells[j][0])]
        if len(cols) != 1 and not money and not kinds and not _is_line(row):
            # no kind of value asked ("How much is A and B in total?") nor column named, of a
            # row stating a price beside other quantities ("Price: £90; Typical visit: 60
            # min"): its one amount of money is what a total of things bought adds
            priced = [j for j in (cols or range(1, len(row.cells)))
                      if (c := _cell(row, j)) is not None and _currency(c.unit)]
            cols = priced if len(priced) == 1 else cols
        q = (_line_value(row) if _is_line(row) else _cell(row, cols[0])) if len(cols) == 1 else None
        if q is None or (header is not None and row.cells[cols[0]][0] != header):
            return None
        header = row.cells[cols[0]][0]
        label = row.label
        if _is_line(row):
            # a labelled line run on from the text before it: named from its first asked word
            low = label.casefold()
            at = [low.find(f) for g in groups for f in g if f and f in low]
            start = min(at) if at else 0
            while start > 0 and (label[start - 1].isalnum() or label[start - 1] in "-'’"):
                start -= 1  # from the start of the word holding it ("Early-bird" of "bird")
            label = label[start:]
        elif [r.label for r, _ in own].count(row.label) > 1:
            # rows sharing their first cell ("空调") are named by the cell holding their own
            # word too ("空调 清洗保养（柜机）" beside "空调 清洗保养（挂机）")
            own_keys = set().union(*(words[i] for i in mine))
            cell = next((v for _, v in row.cells[1:] if _keys(v) & own_keys), "")
            label = f"{label} {cell}".strip()
        readings.append((label, _Reading(q, row.citation), set().union(*(words[i] for i in mine))))
    return readings


def _written_apart(question: str, label: str, others: list[str]) -> bool:
    """Whether `question` writes `label` (case aside) somewhere outside every place it writes
    one of the `others` that holds it: "Adult Swim and Adult Swim + Gym" names both rows,
    "a semi-detached house" names "Semi-detached house", not "Detached house" too. True
    when the question does not write the label as such (its words were matched apart)."""
    text, own = question.casefold(), " ".join(label.split()).casefold()
    spans = [(m.start(), m.start() + len(o)) for other in others
             if own in (o := " ".join(other.split()).casefold()) and o != own
             for m in re.finditer(re.escape(o), text)]
    found = [m.start() for m in re.finditer(re.escape(own), text)] if own else []
    if not found:
        return True
    return any(not any(a <= at and at + len(own) <= b for a, b in spans) for at in found)


#: "Label: value" pairs of a budget or price list written as lines ("舞台音响租赁：8,500元",
#: "Аренда зала: 12 000 руб.", "Standard ticket: £140"), which a quote may run together: a
#: label of words, a colon, then a number (a currency sign may come first) with at most a
#: few letters of unit.
_LABELLED_VALUE = lazyre.compile(
    r"([^\d:：;；,，。.\n]{2,30}?)\s*[:：]\s*((?:[$€£¥₽]\s?)?(?:\d[\d\s.,]*\d|\d))"
    r"([ \t\u00a0]?(?:[^\W\d_\u3400-\u9fff]{1,4}\.?|[\u3400-\u9fff]))?")


def _labelled_lines(cit: Citation) -> list[_Row]:
    """The "label: value" pairs of a verified quote (_LABELLED_VALUE) as one-column rows named
    by their labels (the value's header is its label), each citing the quote: what a sum of
    two such lines adds; [] for a quote with fewer than two."""
    pairs = [(m.group(1).strip(), (m.group(2) + (m.group(3) or "")).strip())
             for m in _LABELLED_VALUE.finditer(cit.quote)]
    if len(pairs) < 2:
        return []
    return [_Row(label, (("", label), ("", value)), cit) for label, value in pairs]


def _is_line(row: _Row) -> bool:
    """Whether `row` is a labelled line of a quote (`_labelled_lines`), not a table row."""
    return row.cells[0][0] == ""


def _line_value(row: _Row) -> Quantity | None:
    """The quantity of a labelled line's value (`_labelled_lines`), read from the value alone:
    the quote may run the next line's label on right after its unit."""
    value = row.cells[1][1]
    try:
        return find_quantity(value, value, quote_lang=analysis.detect_language(row.citation.quote))
    except CalcError:
        return None


# --- the kind of value asked -----------------------------------------------------------------


def _dims(unit: str | None) -> Dims | None:
    """The SI dimension of a canonical unit (() for none), None for a unit pincite does not
    know."""
    try:
        return units.si_factor(units.unit_atoms(unit))[1]
    except CalcError:
        return None


def asked_dims(question: str) -> Dims | None:
    """The dimension of the values `question` compares, when it says: the one dimension of
    the units it names (numbers.units_written: "на сколько киловатт" -> power), else of the
    one answer type its words ask for (asked_type.type_of: "масса", "power";
    calculate.KIND_UNITS), else of its comparative (calculate.comparative_kind: "heavier");
    None when it names none, or several."""
    named = {d for key in units_written(question) if (d := _dims(_canonical(key))) is not None and d}
    if len(named) == 1:
        return named.pop()
    kinds = {k for g in analysis.query_groups(question) if (k := asked_type.type_of(g)) in calculate.KIND_UNITS}
    if not kinds and (kind := calculate.comparative_kind(question)) is not None:
        kinds = {kind}
    return _dims(calculate.KIND_UNITS[kinds.pop()]) if len(kinds) == 1 else None


def _canonical(key: str) -> str | None:
    try:
        return units.parse_unit(key)
    except CalcError:
        return None


def header_unit(text: str, whole: bool = True) -> str | None:
    """The canonical unit a table header or row label gives its values (tiers.HEADER_UNIT, or,
    with `whole`, the whole text when it is a unit: "kg"), else None ("Количество, шт.": no
    unit pincite knows)."""
    m = HEADER_UNIT.search(text.strip())
    for candidate in ([g for g in m.groups() if g] if m else []) + ([text.strip()] if whole else []):
        unit = _canonical(candidate.rstrip(". "))
        if unit:
            return unit
        # a price per something no unit names ("元/晚", per night; "руб./стр."): its money
        num, slash, _ = candidate.partition("/")
        money = _canonical(num.rstrip(". ")) if slash else None
        if money in units.CURRENCY_CODES:
            return money
    return None


def _currency(unit: str | None) -> str | None:
    """The currency of an amount of money ("RUB") or of a price per one of something ("RUB/h",
    "CNY/day"); None for any other unit."""
    money = (unit or "").partition("/")[0]
    return money if money in units.CURRENCY_CODES else None


def _per_count(q: Quantity) -> Quantity:
    """A price per one of the things a question counts, as the count multiplies it: "8700
    RUB/day" for each of "3 ночи" is RUB, so the total is money, not money per day."""
    money = _currency(q.unit)
    return Quantity(q.value, money, q.text) if money and "/" in (q.unit or "") else q


# --- table rows ----------------------------------------------------------------------------------


def _rows(lib: LibraryLike, cit: Citation) -> list[_Row]:
    """The table rows a verified citation's quote stands in (module docstring, 1), each with
    a citation of its own text (the quote's own when it is one row)."""
    sheet = sheet_rows(cit.quote)
    if (found := _cited_page(lib, cit)) is None:
        return []
    model, unit, page = found
    out = []
    records = [] if sheet else [(m.group(), pairs) for m in re.finditer(r"[^\n]+", cit.quote)
                                if (pairs := record_pairs(m.group())) is not None]
    if sheet:
        spans = [(text, cells) for text, cells in sheet]
    elif records and not isinstance(cit.address, PdfAddress):
        spans = records  # a slide table's rows, one "Header: value; …" line each
    else:
        check = verify_quote(cit.quote, page, records=model.record_spans(unit))
        if not check.verified or check.start is None or check.end is None:
            return []
        spans = [(page[a:b] if (a, b) != (check.start, check.end) else cit.quote, list(cells))
                 for a, b, cells in model.rows_within(unit, check.start, check.end)]
    for text, cells in spans:
        if len(cells) < 2 or not cells[0][1].strip():
            continue
        own = cit if text == cit.quote else _narrowed(cit, text, page)
        if own is not None:
            out.append(_Row(cells[0][1], tuple(cells), own))
    return out


def _narrowed(cit: Citation, quote: str, page: str) -> Citation | None:
    """`cit` with `quote` (a row of its quote) as its quote, verified against its page text;
    None when it does not verify."""
    check = verify_quote(quote, page)
    if not check.verified:
        return None
    return cit.model_copy(update={"quote": quote, "verified": True, "reason": None, "match": check.level,
                                  "row_headers": None})


def _governed(after: str) -> set[str]:
    """`_keys` of the first NEXT_WORDS words of `after` (the question after a count) before
    the next number, with their dictionary translations (text.bilingual): the thing the
    count counts, with an adjective or two before it ("页" of "120 页的论文", and "page" for
    a table in English; "枝" of "20枝50厘米的玫瑰", not the next quantity's "厘米")."""
    groups = analysis.query_groups(re.split(r"\d", after, maxsplit=1)[0])[:NEXT_WORDS]
    return ({code_key(s) for g in groups for t in g for s in spellings(t)}
            | {t for g in groups for t in bilingual.translations(g)})


def _translated_keys(keys: set[str]) -> set[str]:
    """The dictionary translations (text.bilingual.translations) of index forms `keys`."""
    return {t for k in keys if not any(ch.isdigit() for ch in k) for t in bilingual.translations((k,))}


def _keys(text: str) -> set[str]:
    """The words of `text` as compared with a question's: index forms, a code in every
    spelling's key (text.codes: "SKD-12M" is "СКД-12М")."""
    return {code_key(s) for t in analysis.tokens(text) for s in spellings(t)}


def _named_columns(row: _Row, asked: set[str]) -> list[int]:
    """The value columns (index > 0) of `row` whose header the question names (`asked`, its
    `_keys`) by a word no other column header of the row has, not a function word ("is" of
    "What is included" names no column of "How much more per month is …?")."""
    keys = [_keys(h) for h, _ in row.cells]
    stop = analysis.stopwords()
    out = []
    for j in range(1, len(row.cells)):
        others = set().union(*(k for i, k in enumerate(keys) if i != j))
        if (keys[j] - others - stop) & asked:
            out.append(j)
    return out


def _cell(row: _Row, j: int) -> Quantity | None:
    """The quantity of cell `j` of `row`: its one number (a "1,500"-like one read in the
    language of the row's script), the cell standing whole in the row's quote; its unit
    written next to it, else its column header's, else the row label's. The cell is read on
    its own, not in the quote, where neighbouring cells run together ("118 146" reads as
    one number with a thousands space)."""
    header, value = row.cells[j]
    if not _stands_in(value, row.citation.quote):
        return None
    try:
        q = find_quantity(value, value, quote_lang=analysis.detect_language(row.citation.quote))
    except CalcError:
        return None
    if q.unit is not None:
        return q
    unit = header_unit(header) if j else None
    # a row label gives the unit it writes beside its name ("Масса, кг"), never its whole
    # self: "M2" is a module, not square metres
    return Quantity(q.value, unit or header_unit(row.label, whole=False), q.text)


def _stands_in(cell: str, quote: str) -> bool:
    """Whether the text of `cell` stands in `quote` (compared normalised, as quotes are
    verified: answer.normalize), not as a part of a longer number or word."""
    c, q = normalize(cell).text.strip(), normalize(quote).text

    def joined(a: str, b: str) -> bool:  # two characters of one word or number
        return a.isalnum() and b.isalnum() and not (is_cjk(a) or is_cjk(b))

    # next to Chinese, normalisation drops the space between cells ("24立方米王建国"): a
    # Chinese character on either side of the edge is a boundary
    return bool(c) and any(not (joined(q[i - 1:i], c[0]) or joined(c[-1], q[i + len(c):i + len(c) + 1]))
                           for i in _find_all(q, c))


def _find_all(text: str, part: str) -> list[int]:
    out, i = [], text.find(part)
    while i >= 0:
        out.append(i)
        i = text.find(part, i + 1)
    return out


def _label_words(question: str, named: set[str]) -> list[set[str]]:
    """The question's words (analysis.query_groups, each as its forms' `_keys`) that may name
    a row: not a code, not a word of the compared things' headers (`named`)."""
    out = []
    for g in analysis.query_groups(question):
        if any(ch.isdigit() for ch in g[0]):
            continue
        keys = {k for f in g for k in _keys(f)} | set(g)
        if not keys & named:
            out.append(keys)
    return out


def _table_binding(lib: LibraryLike, question: str, lang: str, cits: list[Citation]
                   ) -> tuple[tuple[str, _Reading], tuple[str, _Reading]] | None:
    """The two (thing, value) pairs of the one asked table row whose columns the question's
    compared things head (module docstring, 1); None when no row has two such columns;
    _NotBound when rows have them but not one row gives a value for each."""
    asked = _keys(question)
    dims = asked_dims(question)
    bound: dict[tuple[str, ...], tuple[_Row, tuple[tuple[str, _Reading], ...]]] = {}
    named_rows: list[tuple[_Row, list[int]]] = []
    for cit in cits:
        for row in _rows(lib, cit):
            cols = _named_columns(row, asked)
            if len(cols) != 2:
                continue
            named_rows.append((row, cols))
            pair = [(row.cells[j][0], _cell(row, j)) for j in cols]
            readings = tuple((name, _Reading(q, row.citation)) for name, q in pair if q is not None)
            if len(readings) == 2:
                key = (row.label, *(str(r.quantity.value) + (r.quantity.unit or "") for _, r in readings))
                bound.setdefault(key, (row, readings))
    if not named_rows:
        return None
    things = [named_rows[0][0].cells[j][0] for j in named_rows[0][1]]
    rows = list(bound.values())
    if dims is not None:
        rows = [(row, rd) for row, rd in rows if all(_dims(r.quantity.unit) == dims for _, r in rd)]
    named = set().union(*(_keys(h) for h in things))
    words = _label_words(question, named)
    score = {id(row): sum(bool(w & _keys(row.label)) for w in words) for row, _ in rows}
    if dims is None:
        rows = [(row, rd) for row, rd in rows if score[id(row)] > 0]
    if not rows and bound and dims is None:  # rows bind, but the question names none of them
        raise _NotBound("compare_which_row", rows="; ".join(row.label for row, _ in list(bound.values())[:3]))
    if not rows:
        raise _NotBound("compare_missing", thing=message("and", lang).join(things))
    best = max(score[id(row)] for row, _ in rows)
    top = [(row, rd) for row, rd in rows if score[id(row)] == best]
    if len(top) > 1:
        raise _NotBound("compare_rows", rows="; ".join(row.label for row, _ in top[:3]))
    readings = top[0][1]
    return readings[0], readings[1]


# --- a row per thing -------------------------------------------------------------------------------


def _asked_codes(question: str) -> tuple[dict[str, str], dict[str, set[str]]]:
    """The model codes `question` names (code_key -> the code as written; "m3", "m3/h" are
    units, not things compared) and, for each, the `_keys` its spellings have."""
    codes: dict[str, str] = {}
    for m in find_codes(question):
        if _canonical(m.group()) is None:
            codes.setdefault(code_key(m.group()), m.group())
    return codes, {k: {code_key(s) for s in spellings(w.casefold())} for k, w in codes.items()}


def _value_columns(row: _Row, codes: set[str]) -> list[int]:
    """The columns (index > 0) of `row` whose cell names none of the compared `codes` (their
    `_keys`): those that may hold a value of the thing the row names."""
    return [j for j in range(1, len(row.cells)) if not _keys(row.cells[j][1]) & codes]


def _row_binding(lib: LibraryLike, question: str, lang: str, cits: list[Citation]
                 ) -> tuple[tuple[str, _Reading], tuple[str, _Reading]] | None:
    """The two (code, value) pairs of a table with a row per thing (module docstring, 2): the
    question names two model codes, cited rows each name exactly one of them (in any cell)
    and hold a number beside it, and each code's rows give one value in the one column the
    question names (by a header word, else by the kind of value it asks: a unit's kind,
    asked_dims, or money asked as "cost", asked_type.column_words). None when the question
    does not name two codes or not each of them has such a row; else _NotBound when not one value is bound to each
    code: a row with no named column or several, a cell without one number, several rows
    of a code giving different values."""
    codes, keys = _asked_codes(question)
    if len(codes) != 2:
        return None
    every = set().union(*keys.values())
    rows: dict[str, dict[tuple[tuple[str, str], ...], _Row]] = {k: {} for k in codes}
    for cit in cits:
        for row in _rows(lib, cit):
            named = [k for k in codes if keys[k] & set().union(*(_keys(v) for _, v in row.cells))]
            if len(named) == 1 and any(_cell(row, j) for j in _value_columns(row, every)):
                rows[named[0]].setdefault(row.cells, row)
    if not all(rows.values()):
        return None
    asked = _keys(question) - every
    dims = asked_dims(question)
    groups = analysis.query_groups(question)
    comparing = calculate.comparison_groups(question, groups)
    named_other = any(g not in comparing and not {code_key(f) for f in g} & every for g in groups)
    kinds = asked_type.column_words(question)  # a kind asked by its own words: money ("cost", "стоит")
    out = []
    for k, written in codes.items():
        got: dict[tuple[Decimal, str | None], _Reading] = {}
        for row in rows[k].values():
            values = _value_columns(row, every)
            cols = [j for j in _named_columns(row, asked) if j in values]
            if not cols and dims is not None:
                cols = [j for j in values if (q := _cell(row, j)) is not None and _dims(q.unit) == dims]
            if not cols and kinds:  # "На сколько A дороже B?" by a "单价(元)" or "Price (USD)" column
                cols = [j for j in values if kinds & set(analysis.tokens(row.cells[j][0]))]
            if len(cols) > 1:
                raise _NotBound("compare_several", thing=written,
                                values=", ".join(row.cells[j][0] for j in cols[:3]))
            if not cols:  # a thing asked that no column is ("напор"), or none ("P-105 比 P-103 高多少？")
                if dims is not None or named_other:
                    raise _NotBound("compare_missing", thing=written)
                shown = [q.text for j in values if (q := _cell(row, j))]
                if len(shown) < 2:
                    raise _NotBound("compare_unbound")
                raise _NotBound("compare_several", thing=written, values=", ".join(shown[:3]))
            q = _cell(row, cols[0])
            if q is not None and (dims is None or _dims(q.unit) == dims):
                got.setdefault((q.value, q.unit), _Reading(q, row.citation))
        if not got:
            raise _NotBound("compare_missing", thing=written)
        if len(got) > 1:
            raise _NotBound("compare_several", thing=written,
                            values=", ".join(r.quantity.text for r in list(got.values())[:3]))
        out.append((written, next(iter(got.values()))))
    return out[0], out[1]


# --- quotes each naming one thing ----------------------------------------------------------------


def _label_binding(lib: LibraryLike, question: str, cits: list[Citation]
                   ) -> tuple[tuple[str, _Reading], tuple[str, _Reading]] | None:
    """The two things compared as rows or "label: value" lines named by the question's words
    (`_named_readings`, as a sum binds them): "How much cheaper is the early-bird ticket than
    the standard one?" over "Early-bird ticket (both days): £95" and "Standard ticket (both
    days): £140". None unless exactly two bind."""
    readings = _named_readings(lib, question, cits)
    if readings is None or len(readings) != 2:
        return None
    return (readings[0][0], readings[0][1]), (readings[1][0], readings[1][1])


def _code_binding(lib: LibraryLike, question: str, lang: str, cits: list[Citation]
                  ) -> tuple[tuple[str, _Reading], tuple[str, _Reading]] | None:
    """The two (code, value) pairs of the two model codes the question names, each from the
    quotes (or their table rows) that name it alone (module docstring, 3); None when the
    question does not name exactly two codes; _NotBound when a code gets no value or
    several."""
    codes, keys = _asked_codes(question)
    if len(codes) != 2:
        return None
    dims = asked_dims(question)
    values: dict[str, dict[tuple[Decimal, str | None], _Reading]] = {k: {} for k in codes}
    for cit in cits:
        rows = _rows(lib, cit)
        records: list[tuple[str, list[Quantity], Citation]] = []
        if rows:
            for row in rows:
                text = " ".join(v for _, v in row.cells)
                found = [q for j in range(len(row.cells))
                         if not _keys(row.cells[j][1]) & set().union(*keys.values()) and (q := _cell(row, j))]
                records.append((text, found, row.citation))
        else:  # running text: each sentence on its own ("A weighs 118 kg. B weighs 146 kg.")
            for sentence, own in _sentences(lib, cit):
                records.append((sentence, quantities_in(sentence), own))
        for text, found, own in records:
            words = _keys(text)
            named = [k for k in codes if keys[k] & words]
            if len(named) != 1:
                continue
            for q in found:
                if (dims is None and q.unit is None) or (dims is not None and _dims(q.unit) != dims):
                    continue
                values[named[0]].setdefault((q.value, q.unit), _Reading(q, own))
    missing = [written for k, written in codes.items() if not values[k]]
    if missing:
        raise _NotBound("compare_missing", thing=message("and", lang).join(missing))
    out = []
    for k, written in codes.items():
        got = values[k]
        if len(got) > 1:
            shown = ", ".join(f"{r.quantity.text}" for r in list(got.values())[:3])
            raise _NotBound("compare_several", thing=written, values=shown)
        out.append((written, next(iter(got.values()))))
    return out[0], out[1]


def _sentences(lib: LibraryLike, cit: Citation) -> list[tuple[str, Citation]]:
    """The sentences of a verified citation's quote (analysis.split_sentences), each with a
    citation of its own (the quote's own for a one-sentence quote, or where the cited page
    cannot be read: a quote across a page break)."""
    spans = analysis.split_sentences(cit.quote)
    if len(spans) < 2:
        return [(cit.quote, cit)]
    try:
        page = lib.model(cit.doc_id).page(cit.unit).text if cit.unit is not None else None
    except Exception:  # a model or page the library no longer has: the quote whole
        page = None
    if page is None:
        return [(cit.quote, cit)]
    out = []
    for a, b in spans:
        own = _narrowed(cit, cit.quote[a:b], page)
        if own is not None:
            out.append((own.quote, own))
    return out


# --- the arithmetic --------------------------------------------------------------------------------


#: Units of an interval scale: their ratio means nothing (20 °C is not twice 10 °C).
_INTERVAL_UNITS = frozenset(("degC", "degF"))


def _compute(op: str, a_name: str, a: _Reading, b_name: str, b: _Reading, lang: str,
             target: str | None = None) -> Calculation:
    """The difference (larger − smaller) or ratio (larger ÷ smaller) of the two readings by
    calc.evaluate, as a verified Calculation whose formula names the things; a difference in
    `target` (the unit the question asks its answer in, calculate.target_unit) when it is of
    the values' kind. _NotBound ("compare_units", "compare_failed") when the units do not
    compare or the arithmetic fails."""
    ua, ub = units.unit_atoms(a.quantity.unit), units.unit_atoms(b.quantity.unit)
    if units.conversion_factor(ua, ub) is None:
        raise _NotBound("compare_units", units=f"{a.quantity.text}, {b.quantity.text}")
    if op == "ratio" and ({x for x, _ in ua + ub} & _INTERVAL_UNITS or a.quantity.value <= 0
                          or b.quantity.value <= 0):
        raise _NotBound("compare_units", units=f"{a.quantity.text}, {b.quantity.text}")
    formula = "a - b" if op == "difference" else "a / b"
    if target is not None and units.conversion_factor(ua, units.unit_atoms(target)) is None:
        target = None
    try:
        result = calc.evaluate(formula, [calc.Input("a", a.quantity), calc.Input("b", b.quantity)],
                               allow_literals=False, lang=lang)
        if result.value < (0 if op == "difference" else 1) or target is not None:
            if result.value < (0 if op == "difference" else 1):
                (a_name, a), (b_name, b) = (b_name, b), (a_name, a)
            result = calc.evaluate(formula, [calc.Input("a", a.quantity), calc.Input("b", b.quantity)],
                                   expected_unit=target, allow_literals=False, lang=lang)
    except CalcError as e:
        raise _NotBound("compare_failed", reason=e.reason) from None
    sign = "−" if op == "difference" else "÷"
    inputs = [CalcInput(name=name, value=str(r.quantity.value), unit=r.quantity.unit, text=r.quantity.text,
                        citation=r.citation.model_copy(), verified=True) for name, r in ((a_name, a), (b_name, b))]
    return Calculation(formula=f"{a_name} {sign} {b_name}", inputs=inputs, substitution=result.substitution,
                       result=str(result.value), unit=result.unit, shown=result.shown, unit_shown=result.unit_shown,
                       precision=result.precision, verified=True)
