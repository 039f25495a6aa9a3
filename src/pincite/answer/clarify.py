"""Questions asked back because they are too vague to answer: one common word that stands in
several places of the library ("Какой срок?": `clarify_vague`), or a column of a table asked
of no row ("What is the phone extension?": `clarify_row`). Each gives a
needs_clarification Answer naming the choices and claiming nothing. (A question whose
evidence stands in twin documents is asked back by answer.claims.clarify_twins.) The table
a kept window is a row of is read once (`table_answer`), which also refuses a question about
a row the table lacks (`unnamed_row`, `unlisted_label`) or answered by another record's row
(`other_record`). Must not import cli/ or web/.

Size: over 600 lines as the one place that decides when a table's answer is a question
back; each check reads the table the same way (`WindowTable`, `table_rows`), so they stay
together.
"""
from __future__ import annotations

import functools
import os
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from pincite.contract import Answer, Clarification
from pincite.text import analysis, lazyre
from pincite.text.cjk import has_cjk

from . import asked_type, extractive, features, tiers, units
from .asked_type import MONEY_HEADING
from .claims import kept
from .counts import counts_in
from .messages import listed, message
from .misspelled import one_edit
from .quantities import Quantity, quantities_in
from .rank import Gathered
from .retrieve import LibraryLike
from .spelled import cjk_integer
from .table_verify import SOFT_HEADER_COSINE
from .variants import durations_in

#: A question whose only content word is at least this common in general language (wordfreq's
#: Zipf scale: log10 of occurrences per billion words; 4.5 is about the 5,000 most common
#: words of a language, such as "срок", "price", "size", "时间") names no subject.
VAGUE_ZIPF = 4.5


#: Places (document and section) a vague question is asked back about at most.
VAGUE_OPTIONS = 5
#: Rows a question about a column is asked back about at most (`clarify_row`; "…" after them
#: when the table has more): a staff list or a price list is read whole at a glance up to here.
ROW_OPTIONS = 12


def clarify_vague(lib: LibraryLike, g: Gathered) -> Answer | None:
    """A needs_clarification Answer for a vague question: one content word, a common one
    (VAGUE_ZIPF), whose evidence that passes the bar stands in more than one document, or
    in more than one section of one ("Какой срок?" over a manual with a warranty term and a
    service interval). The question back names the places; None otherwise."""
    if len(g.groups) != 1:
        return None
    group = g.groups[0]
    lang = analysis.detect_language(group[0])
    word = next((w.strip(".,;:!?«»\"'()？，。") for w in g.question.split()
                 if set(analysis.tokens(w)) & set(group)), group[0])
    if features._zipf(word.lower() if lang != "zh" else group[0], lang) < VAGUE_ZIPF:
        return None
    places: dict[tuple[str, str], str] = {}
    for c in kept(lib, g):
        name = c.hit.file or c.hit.doc_id
        section = c.hit.section_title or ""
        where = f"\u00a7{section}" if section else f"p. {c.hit.page}" if not c.hit.address and c.hit.page else ""
        places.setdefault((c.hit.doc_id, section), f"{name} {where}".strip())
    if len(places) < 2:
        return None
    options = list(places.values())[:VAGUE_OPTIONS]
    text = message("clarify_vague", g.lang).format(word=word, options="; ".join(options))
    clar = Clarification(question=text, options=options, kind="place")
    return Answer(question=g.question, status="needs_clarification", language=g.lang, scope=g.scope,
                  answer=text, clarification=clar, timings=g.timings, relevance=g.rel)


def clarify_no_subject(g: Gathered) -> Answer | None:
    """A needs_clarification Answer for a question whose words only ask: question and
    function words with no content word ("How long?", "How much?", "多长时间？", "要多久？"):
    it says what kind of value it wants but not of what, so any passage sharing its words
    would be a guess. The question back asks what it is about. None for a question naming
    something (analysis.query_groups finds a word) or written in signs only (refused: no
    words)."""
    if analysis.query_groups(g.question) or not analysis.tokens(g.question):
        return None
    text = message("clarify_no_subject", g.lang)
    return Answer(question=g.question, status="needs_clarification", language=g.lang, scope=g.scope,
                  answer=text, clarification=Clarification(question=text, kind="place"), timings=g.timings)


def clarify_row(g: Gathered, first: extractive.Candidate, table: WindowTable) -> Answer | None:
    """A needs_clarification Answer for a question about a column of a table that names none
    of its rows ("What is the phone extension?" over a staff list, "员工人数是多少？" over a
    slide's table of warehouses): `first`, the first window kept that is a table row, is a
    row of `table` (a spreadsheet, a slide's table, a DOCX or ruled PDF table), every content
    word of the question stands in the table's headers (or names its sheet or document), one
    column shares the most words with it, no word stands in any row's cells, and that
    column's values differ between rows. The question back lists the rows by their label
    column (the first column whose cells are all different and hold letters), which is
    never the column asked; None otherwise (then the rows retrieval ranked first answer, as
    before). A superlative ("Who has the earliest start date?") names its row by comparing
    (answer.extreme) and is never asked back."""
    from .extreme import superlative, totals_row

    rows = table.rows
    if superlative(g.question) is not None or len(rows) < 2:
        return None
    held = set(table.names) | extractive.naming_terms(first.hit)
    headers = list(dict.fromkeys(h for pairs in rows for h, _ in pairs if h))
    for h in headers:
        held.update(analysis.tokens(h))
    cells = set().union(*(analysis.tokens(v) for pairs in rows for _, v in pairs))
    # a word a header writes otherwise ("daily" of "Fine per day") is held by meaning
    # (word vectors, as a column's header is matched: table_verify.SOFT_HEADER_COSINE)
    soft = g.scorer.soft if g.scorer is not None else None
    if soft is not None:
        soft.prepare(headers)  # the headers' words in one batch
    header_near = {h: {k for k, v in soft.best(h).items() if v >= SOFT_HEADER_COSINE} for h in headers} if soft else {}
    near = set().union(*header_near.values())
    # a word asking what something costs ("多少钱", "fare") is held by a column of money: one
    # whose header names a price or a currency ("续重每公斤(元)", "Single (GBP)")
    money = [h for h in headers if MONEY_HEADING.search(h)] if "money" in asked_type.asked_kinds(g.question) else []
    costing = {grp for grp in g.groups if money and _asks_money_word(grp, has_cjk(g.question))}
    # the question's words (an acronym "IT" kept)
    if not g.groups or any(not (set(grp) & held or grp in near or grp in costing) or set(grp) & cells
                           for grp in g.groups):
        return None  # a word the headers lack, or one that names rows
    # the column that names the rows ("Категория номера": Эконом, Стандарт, …) is not the one
    # asked of them, though its header shares a word with the question ("номера")
    labels = next((col for col in headers if _labels_rows(rows, col)), None)
    if labels is None:
        return None
    # a header holding a question word whole outweighs one holding a part of it ("首班车"
    # asks the column "首班车", not "末班车", which shares "班车")
    shared = {h: sum(2 if grp[0] in toks else 1 if set(grp) & toks or grp in header_near.get(h, ()) else 0
                     for grp in g.groups)
              for h in headers if h != labels for toks in [set(analysis.tokens(h))]}
    best = max(shared.values(), default=0)
    column = [h for h, n in shared.items() if n == best]
    if not best and money:  # "What's the fare?": the money columns, named by the asking word
        best, column = 1, [h for h in money if h != labels]
    # two or three columns the question names alike ("What's the fine?" of "Fine per day" and
    # "Maximum fine") are named together: the row is asked back all the same
    if not best or len(column) > MAX_TIED_COLUMNS:
        return None
    if any(len({dict(pairs).get(c, "").strip() for pairs in rows} - {""}) < 2 for c in column):
        return None
    total = totals_row(rows)  # "Итого" is no row to choose
    names = [dict(pairs)[labels].strip() for i, pairs in enumerate(rows) if i != total]
    options = names[:ROW_OPTIONS]  # a table's rows are all choices: shown whole up to ROW_OPTIONS
    listed = "; ".join(options) + ("; …" if len(names) > ROW_OPTIONS else "")  # each option re-asks
    joiner = "» / «" if g.lang == "ru" else "” / “"  # inside the message's own quotation marks
    return _asked_back(g, message("clarify_row", g.lang).format(header=joiner.join(column), options=listed),
                       options)


def _asks_money_word(grp: tuple[str, ...], cjk: bool) -> bool:
    """Whether a question word asks what something costs: a word asking for money
    (asked_type.asking_groups: "cost", "стоит", "钱" of "多少钱") or one heading a money
    column ("price", "цена"); `cjk`: the question has Chinese words (else their analysis,
    which loads jieba, is left out)."""
    return grp in asked_type.asking_groups("money", cjk) or bool(set(grp) & asked_type.kind_column_words("money", cjk))


#: Most columns a vague question may name alike and still be asked back which row it means.
MAX_TIED_COLUMNS = 3


#: A number joined by hyphens to words, as English writes a quantity before its noun
#: ("120-minute", "10-year-old", "5-ton"): one written word, which a table writes as the
#: number in a cell under or beside its unit ("120 minutes", "Duration, min | 120").
_QUANTITY_COMPOUND = lazyre.compile(r"(\d+(?:[.,]\d+)?)(?:-[^\W\d_]{2,})+")


def _quantity_held(word: str, table: WindowTable, named: list[tuple[str, ...]]) -> bool:
    """Whether `word` is a compound of quantity (`_QUANTITY_COMPOUND`) that a row of `table`
    states apart: its number in a cell, with its unit in that cell or its header, whole or
    shortened ("120 minutes", "Duration, min | 120"), in a row that also holds every other
    word of the question the table writes somewhere (`named`: groups, any form): the row it
    names is there. A cell holding the number as another quantity ("$150" for "150-minute"),
    or a row of another thing ("Group course; Length: 45 min" for "a 45-minute private
    lesson" beside the private lessons' rows), is not it."""
    m = _QUANTITY_COMPOUND.fullmatch(word)
    if m is None:
        return False
    units = [u for w in word[m.end(1):].split("-") if w for u in analysis.tokens(w)]
    for pairs in table.rows:
        row = set(analysis.tokens(" ".join(f"{h} {v}" for h, v in pairs)))
        if not all(set(grp) & row for grp in named):
            continue
        for header, value in pairs:
            if m.group(1) not in analysis.tokens(value):
                continue
            near = analysis.tokens(f"{header} {value}")
            if any(t == u or (len(t) >= 3 and u.startswith(t)) for u in units for t in near):
                return True
    return False


def unnamed_row(lib: LibraryLike, g: Gathered, first: extractive.Candidate, table: WindowTable) -> Answer | None:
    """A refusal for a question that names a row its table does not have ("南京仓的面积是多少？"
    over a table of the warehouses A1仓, B2仓 and C3仓): `first`, the first window kept, is a
    row of `table`, and a word of the question stands in none of the table's headers or
    cells, does not name its document or sheet, and occurs nowhere in the library, in any
    form (answer.rank.unknown_words): the thing it names is not described, so the rows found
    answer for other things; a year counts as such a word ("the price in 2025" of a price
    list that writes no 2025 asks another year's prices), and asked in another language than
    the table's, only a year does. A word the library writes somewhere is left to the
    answerability model, as a paraphrase or another row's word may be; so is a superlative,
    whose adjective names no row. None when no such word is found."""
    from .calculate import comparison_groups, operation_groups
    from .extreme import COMMON_ZIPF, SELECTS, superlative
    from .rank import refusal_answer

    scorer = g.scorer
    if scorer is None or not table.rows or superlative(g.question) is not None:
        return None
    # across languages a word of the question's language is nowhere in a library of another,
    # whatever it means: only a year, written alike in every language, counts there
    cross = analysis.detect_language(first.hit.text) != analysis.question_language(g.question)
    held = set(table.names) | extractive.naming_terms(first.hit)
    cells: set[str] = set()
    for pairs in table.rows:
        for h, v in pairs:
            held.update(analysis.tokens(h))
            cells.update(analysis.tokens(v))
    held |= cells
    names = features.identifiers(g.question, g.groups, scorer.general)
    # a name: a Chinese noun of two characters or more less common in general language than
    # extreme.COMMON_ZIPF (Chinese writes no capitals; "人", "工作" are words of general
    # language, "南京" a name; a verb, "寄往", names nothing), or a code, a capitalised word
    # or a word general language does not know (features.identifiers); never a word saying
    # what kind of value is asked ("哪天": asked_type.type_of), which names a column
    common = features.ZIPF_CEILING - COMMON_ZIPF

    tags: dict[str, str] | None = None

    def not_a_noun(word: str) -> bool:
        """Whether jieba's tagger reads the question's word, or every piece it cuts it into,
        as no noun ("寄往" and "包裹" of "包裹寄到" are verbs): such a word names no row."""
        nonlocal tags
        if tags is None:
            import jieba.posseg  # the tagger's tables load on first use

            tags = {w.word: w.flag for w in jieba.posseg.lcut(g.question)}
        if word in tags:
            if _verb_first(word):
                return True
            return not tags[word].startswith(NOUN_TAGS)
        pieces = [t for t in tags if t in word and len(t) < len(word)]
        return bool(pieces) and not any(tags[t].startswith(NOUN_TAGS) for t in pieces)

    def chinese_name(grp: tuple[str, ...]) -> bool:
        # a place the table writes by its head ("西南" of "西南地区") is named there
        return (has_cjk(grp[0]) and len(grp[0]) >= 2 and scorer.general.get(grp, 0.0) > common
                and not any(len(h) >= 2 and grp[0].startswith(h) for h in held if has_cjk(h))
                and not not_a_noun(grp[0]))

    # nor an interrogative ("哪位", "哪家": which one), nor a word asking to compute ("之和"),
    # nor a count the question states ("4" of "4 сеанса математики"): how many are bought
    # (answer.comparison.counted_for), no row's name
    asking = operation_groups(g.question, g.groups) | comparison_groups(g.question, g.groups)
    counted = {t for _, written_count, _ in counts_in(g.question) for t in analysis.tokens(written_count)}
    asking |= {grp for grp in g.groups if grp[0] in counted}
    # the other words of the question that some cell writes name the row a quantity's must be
    in_cells = [grp for grp in g.groups if set(grp) & cells and grp not in asking]
    lacking = [grp for grp in g.groups if grp in scorer.unknown and not set(grp) & held
               and (chinese_name(grp) or (not has_cjk(grp[0]) and (grp in names or asked_type.is_year(grp[0]))))
               and asked_type.type_of(grp) is None and not SELECTS.match(grp[0]) and grp not in asking
               and not _quantity_held(grp[0], table, in_cells)]
    # a Chinese name the library never writes whole, though a part of it stands there
    # ("夜班车" of a timetable that writes "首班车" and "末班车"): the whole word names the row
    whole = [grp for grp in g.groups if grp not in scorer.unknown and len(grp) > 1 and chinese_name(grp)
             and grp[0] not in held and asked_type.type_of(grp) is None and not SELECTS.match(grp[0])
             and grp not in asking]
    if cross:
        lacking, whole = [grp for grp in lacking if asked_type.is_year(grp[0])], []
    if whole:
        df = lib.catalog.term_df([grp[0] for grp in whole])
        lacking += [grp for grp in whole if not df.get(grp[0], 0)]
    if not lacking:
        return None
    # a question that names a row by other words ("川渝云贵" of the row "西南（川渝云贵）")
    # asks of that row: a common noun beside them ("一带", around) names no other row; a name
    # or an abbreviation ("工商业" of "工商业用户用电") does
    row_words = [grp for grp in g.groups if grp not in lacking and set(grp) & cells]
    if row_words and tags is not None and all(
            has_cjk(grp[0]) and not tags.get(grp[0], "").startswith(NAME_TAGS + ("j",)) for grp in lacking):
        return None
    from .reasons import written

    words = listed(written(g.question, lacking), g.lang)
    found = message("why_no_row", g.lang).format(words=words, file=first.hit.file or first.hit.doc_id)
    return refusal_answer(g.question, g.lang, g.scope, "not_found", g.timings, g.rel, found=found)


def other_record(g: Gathered, first: extractive.Candidate, table: WindowTable) -> Answer | None:
    """A refusal for a question whose code the first row found does not hold where the
    table writes it ("Когда экзамен по математическому анализу у группы ПИ-202?" answered by
    the row of group ПМ-101, the one row of that subject): `first`, the first window kept, is
    a row of `table`, a code the question names (a word holding a digit and a letter: a
    group, a model, a part number) stands in a column of other rows of that table, and this
    row holds another value there and none of the question's codes. The row is another
    record; the one the question asks about states nothing of it. None otherwise."""
    from .rank import refusal_answer
    from .reasons import written

    codes = [grp for grp in g.groups if any(ch.isdigit() for ch in grp[0]) and any(ch.isalpha() for ch in grp[0])]
    own = table.own
    if not codes or not own:
        return None
    hit = first.hit
    mine = dict(own)
    held = set().union(*(analysis.tokens(v) for v in mine.values()))
    if any(set(grp) & held for grp in codes):
        return None  # the row is one the question names (a comparison names two codes)
    for grp in codes:
        forms = set(grp)
        columns = {h for pairs in table.rows for h, v in pairs if forms & set(analysis.tokens(v))}
        if columns and not any(forms & set(analysis.tokens(mine.get(h, ""))) for h in columns):
            column = sorted(columns)[0]
            found = message("why_other_record", g.lang).format(
                file=hit.file or hit.doc_id, column=column, value=mine.get(column, "").strip() or "—",
                asked=listed(written(g.question, [grp]) or [grp[0]], g.lang))
            return refusal_answer(g.question, g.lang, g.scope, "not_found", g.timings, g.rel, found=found)
    return None


def other_size(g: Gathered, first: extractive.Candidate, table: WindowTable) -> Answer | None:
    """A refusal for a size the question states ("the 10 × 30 unit", "бокс 10 на 30") that no
    row of the table of `first`, the first window kept, states, where the table tells its rows
    apart by size: a column in which two rows or more write different sizes (analysis.sizes;
    "3 × 3", "5 × 10", "10 × 20"). The rows of other sizes answer for another unit, not for
    the one asked. None otherwise (the question states no size, a row states one asked, or
    no column lists sizes)."""
    from .rank import refusal_answer

    asked = analysis.sizes(g.question)
    if not asked or not table.own:
        return None
    by_column: dict[str, list[str]] = {}
    for pairs in table.rows:
        for h, v in pairs:
            if written := analysis.sizes(v):
                if written & asked:
                    return None  # a row of the size asked
                by_column.setdefault(h, []).append(" ".join(v.split()))
    listed_sizes = max(by_column.values(), key=len, default=[])
    if len(set(listed_sizes)) < 2:
        return None
    spans = [m.group(0) for m in analysis.size_spans(g.question)]
    found = message("why_other_size", g.lang).format(
        file=first.hit.file or first.hit.doc_id, options="; ".join(dict.fromkeys(listed_sizes)),
        asked=listed(spans, g.lang))
    return refusal_answer(g.question, g.lang, g.scope, "not_found", g.timings, g.rel, found=found)


def other_duration(g: Gathered, first: extractive.Candidate, table: WindowTable) -> Answer | None:
    """A refusal for a duration the question states of a thing its table lists for another
    one only ("How much is a two-hour Fairy party?" of a row "Фея и единорог | 1 час | 6 800"
    in a table listing the pirate party for 1 and for 2 hours): `first`, the first window
    kept, is a row of `table` whose cell in a column of durations states none the question
    states, the table tells one thing's variants apart by that column (a label stands in
    two rows with different durations there: a duration there is what is bought, not how
    long a thing lasts), and the row prices nothing per unit of time (three hours of a
    thing "per hour" are bought at its rate). None otherwise."""
    from .rank import refusal_answer

    own = table.own
    stated = [x for x in quantities_in(g.question) if x.unit and units.is_duration(x.unit)]
    if not stated or len(own) < 2 or any(tiers.per_units(f"{h} {v}") for h, v in own):
        return None
    label = " ".join(own[0][1].split())
    for j, (header, value) in enumerate(own[1:], start=1):
        if not durations_in(value) or _states_quantity(value, stated):
            continue
        by_label: dict[str, set[frozenset[Fraction]]] = {}
        for pairs in table.rows:
            if len(pairs) > j and pairs[j][0] == header and (d := durations_in(pairs[j][1])):
                by_label.setdefault(" ".join(pairs[0][1].split()), set()).add(d)
        if any(len(v) > 1 for k, v in by_label.items() if k != label):
            found = message("why_other_record", g.lang).format(
                file=first.hit.file or first.hit.doc_id, column=header, value=value.strip(),
                asked=listed([x.text for x in stated], g.lang))
            return refusal_answer(g.question, g.lang, g.scope, "not_found", g.timings, g.rel, found=found)
    return None


def _verb_first(word: str) -> bool:
    """Whether `word`, a Chinese word jieba's dictionary does not hold (its tagger then
    guesses a tag, often a noun's), begins with a verb its dictionary knows ("要学": 要 + 学,
    "办金卡": 办 + 金卡): a verb and what it governs, cut as one word, name no row."""
    import jieba
    import jieba.posseg

    jieba.initialize()
    if word in jieba.dt.FREQ:
        return False
    pieces = jieba.lcut(word, HMM=False)
    return len(pieces) > 1 and jieba.posseg.dt.word_tag_tab.get(pieces[0], "").startswith("v")


#: A row label that numbers or letters its row within a fixed wording: "6月", "Wave C",
#: "Zone 3", "第2组", "第二档", "Этап 4": the text before and after, and the number (in digits
#: or Chinese numerals) or capital letter.
_ZH_DIGITS = "一二三四五六七八九十"
_LABEL = lazyre.compile(rf"(?P<pre>[^\d{_ZH_DIGITS}]*?)"
                        rf"(?P<n>\d+|[{_ZH_DIGITS}]+|(?<![^\W\d_])[A-Z](?![^\W\d_]))"
                        rf"(?P<suf>[^\d{_ZH_DIGITS}]*)")
#: Rows a column must label so for its wording to be a series (a month of 3, a zone of 3).
SERIES_ROWS = 3


def label_series(values: list[str]) -> tuple[str, str, set[str]] | None:
    """(prefix, suffix, the numbers or letters) of a column's `values` when they number or
    letter their rows in one wording (`_LABEL`): "1月" .. "6月" -> ("", "月", {"1", …, "6"});
    "Wave A", "Wave B", "Wave C" -> ("Wave ", "", {"A", "B", "C"}). At least SERIES_ROWS
    values, all but one of them (a totals row: "合计", "Total") in the wording, and a
    wording that writes a word (a bare number column is a value, not a label) and no unit
    (a column of quantities is no series of labels). None else."""
    found: dict[tuple[str, str], set[str]] = {}
    for v in values:
        m = _LABEL.fullmatch(v.strip())
        if m and (m.group("pre").strip() or m.group("suf").strip()):
            if any(q.unit for q in quantities_in(v)):
                return None  # "2 kg", "до 5 кг": quantities, whose range a question's value may fall in
            found.setdefault((m.group("pre"), m.group("suf")), set()).add(m.group("n"))
    if len(found) != 1:
        return None
    (pre, suf), marks = next(iter(found.items()))
    if len(marks) < SERIES_ROWS or len(marks) < len([v for v in values if v.strip()]) - 1:
        return None
    return pre, suf, marks


def unlisted_label(g: Gathered, table: WindowTable, texts: list[str] | None = None) -> Answer | None:
    """A refusal for a question that names a row by a label of the wording a column of
    `table` numbers or letters its rows in (`label_series`), with a number or letter no row
    has: "7月份交了多少电费？" over the months "1月" .. "6月", "When does Wave D start?" over
    waves A-C. The rows found are other months or waves; answering with them would give
    another row's value. With `texts` (the text of every candidate window), a label one of
    them writes is not missing: a passage beside the table may state what its rows leave
    out. None when no column is such a series or the question names only labels the table
    has."""
    from .rank import refusal_answer

    columns: dict[str, list[str]] = {}
    for pairs in table.rows:
        for h, v in pairs:
            columns.setdefault(h, []).append(v)
    for header, values in columns.items():
        missing, rows = unlisted_labels(g.question, values, texts)
        if missing:
            found = message("why_unlisted_row", g.lang).format(
                asked=listed(missing, g.lang), column=header, rows=listed(rows[:ROW_OPTIONS], g.lang))
            return refusal_answer(g.question, g.lang, g.scope, "not_found", g.timings, g.rel, found=found)
    return None


def unlisted_label_refusal(lib: LibraryLike, g: Gathered) -> Answer | None:
    """`unlisted_label` of the table of `g`'s first candidate that is a table row, for a
    question refused under the bar: a row label the table numbers its rows in but lacks
    ("七月的电费" over months 1月 .. 6月) is told as the rows there are, not as a missing
    word "7" (the rows of the other months match such a question only in part, so they fall
    under the bar). None when no candidate is a table row or the question names no label
    missing from its series."""
    table = next((t for c in g.cands if (t := table_rows(lib, c)) is not None), None)
    return unlisted_label(g, table) if table is not None else None


#: Candidate windows, in rank order, whose tables `unlisted_label_anywhere` reads.
SERIES_CANDIDATES = 20


def unlisted_label_anywhere(lib: LibraryLike, g: Gathered) -> Answer | None:
    """`unlisted_label` of the table of any of `g`'s first SERIES_CANDIDATES candidates,
    kept or set apart, that is a table row, when no candidate window writes the label the
    question names: "How much is a transfer from Zone E?" over a slide table of zones A-D is
    answered by no row, though a sentence on transfers (ranked first, above the rows of the
    other zones) matches all of it but the zone. None when no such table numbers its rows
    in the wording the question names, or every label it names is there."""
    from .variants import record_cells

    if not _MARK.search(g.question) and not any(analysis.ordinal_value(w) for w in g.question.split()):
        return None  # no number, letter or ordinal word: the question names no label of a series
    texts = [features.window_text(c) for c in g.cands]
    read: set[tuple[tuple[str, str], ...]] = set()  # the rows of the tables read
    for c in g.cands[:SERIES_CANDIDATES]:
        if not features.is_table_window(c) or (own := record_cells(c)) and own in read:
            continue  # no table row, or a row of a sheet's or slide's table read already
        table = table_rows(lib, c)
        if table is None or not table.rows or table.rows[0] in read:
            continue
        read.update(table.rows)
        refused = unlisted_label(g, table, texts)
        if refused is not None:
            return refused
    return None


def unlisted_labels(question: str, values: list[str],
                    texts: list[str] | None = None) -> tuple[list[str], list[str]]:
    """(the labels `question` names in the wording of the series `values` label their rows
    in (`label_series`) that no row has, the series' labels in order), or ([], []) when the
    values are no series: "7月份交了多少电费？" over "1月" .. "6月" -> (["7月"], ["1月", …]);
    "P-105的单价比P-103大几倍？" over P-101 .. P-105 -> ([], …). A one-word prefix counts in
    any language the dictionaries translate it to (text.bilingual): "category 6" over
    "Категория 1" .. "Категория 5". A label one of `texts` writes (in the series' wording,
    the question's or the prefix's translation) is not missing."""
    series = label_series(values)
    if series is None:
        return [], []
    pre, suf, marks = series
    have = {_mark_value(x) for x in marks}
    missing = [(label, value) for label, value in _series_marks(question, pre, suf, marks) if value not in have]
    if missing and texts:
        written = {v for t in texts for _, v in _series_marks(t, pre, suf, marks)}
        missing = [(label, value) for label, value in missing if value not in written]
    ordered = sorted(marks, key=lambda x: (0, int(v), "") if (v := _mark_value(x)).isdigit() else (1, 0, v))
    return list(dict.fromkeys(label for label, _ in missing)), [pre + x + suf for x in ordered]


def _series_marks(text: str, pre: str, suf: str, marks: set[str]) -> list[tuple[str, str]]:
    """(label as `text` writes it, its number or letter as compared) of each label `text`
    names in the wording `pre` + mark + `suf` of a series whose marks are `marks`; a
    one-word prefix of letters also counts as any word whose index forms are among its
    dictionary translations (text.bilingual: "category 6" for "Категория 5"), and an
    ordinal word before the noun of a Russian ordinal ending as its digits ("шестая смена"
    for "1-я смена")."""
    first = next(iter(marks))
    digits = first.isdigit() or first[0] in _ZH_DIGITS
    # a number is asked in digits or Chinese numerals alike ("第4档" or "第四档")
    mark = rf"(?:\d+|[{_ZH_DIGITS}]+)(?!\d|[.,]\d)" if digits else r"[A-Z](?![A-Za-z\d])"
    # a Latin prefix or suffix is a whole word; a Chinese one ("第", "月") touches its neighbours
    p, s = pre.strip(), suf.strip()
    before = ((r"(?<![A-Za-z\d])" if p[:1].isascii() else "") if p
              else r"(?<![\d.,])" if digits else r"(?<![A-Za-z])")
    after = r"(?![A-Za-z])" if s[-1:].isascii() and s[-1:].isalpha() else ""
    # the wording's words in any case ("zone D" of "Zone A" .. "Zone C"); a letter mark as written
    asked = re.compile(rf"{before}(?i:{re.escape(p)})\s*(?P<n>{mark})\s*(?i:{re.escape(s)}){after}")
    out = [(m.group(0).strip(), _mark_value(m.group("n"))) for m in asked.finditer(text)]
    ending = _ORDINAL_ENDING.fullmatch(s) if digits else None
    if not out and ending is not None:
        # "шестая смена" of labels "1-я смена" .. "5-я смена": an ordinal word before the
        # labels' noun in any case (analysis.ordinal_value)
        noun = set(analysis.tokens(ending.group(1)))
        for m in _WORD_PAIR.finditer(text):
            ordinal = analysis.ordinal_value(m.group(1))
            if ordinal is not None and noun & set(analysis.tokens(m.group(2))):
                out.append((m.group(0), str(ordinal[0])))
    if not out and not s and _ONE_WORD.fullmatch(p):
        words = [m for m in _WORD_MARK.finditer(text) if re.fullmatch(mark, m.group("n"))]
        if words:
            forms = _translated(p)
            out = [(m.group(0).strip(), _mark_value(m.group("n"))) for m in words
                   if forms.intersection(analysis.tokens(m.group("w")))]
        if not out and not digits and not has_cjk(p):
            # Chinese names a lettered label with the letter first ("D 区", "C区" of "Zone C"):
            # a capital letter standing alone right before Chinese text
            out = [(m.group(0).strip(), m.group("n")) for m in _LETTER_BEFORE_CJK.finditer(text)]
    return out


@functools.lru_cache(maxsize=256)
def _translated(word: str) -> frozenset[str]:
    """The index forms of `word`'s dictionary translations (text.bilingual), read once per
    word: a series' prefix is looked for in the question and in every candidate passage."""
    from pincite.text import bilingual  # dictionaries read on first use

    return frozenset(bilingual.translations(tuple(analysis.tokens(word))))


#: What a label of a series is numbered or lettered by (`_LABEL`, `_series_marks`): a digit,
#: a Chinese numeral, a capital letter that ends a word ("Zone E", "ZoneE").
_MARK = lazyre.compile(rf"\d|[{_ZH_DIGITS}]|[A-Z](?![^\W\d_])")
#: A label's ending after its digits that makes them a Russian ordinal before a noun
#: ("-я смена" of "3-я смена", "-й этаж").
_ORDINAL_ENDING = lazyre.compile(r"-[а-яё]{1,3}\s+([а-яё]+)")
#: Two words of letters in a row: an ordinal numeral and the noun it numbers.
_WORD_PAIR = lazyre.compile(r"(?<![^\W\d_])([^\W\d_]+)\s+([^\W\d_]+)")
#: A prefix of one word of letters (Latin or Cyrillic), which a question in another
#: language writes as its translation.
_ONE_WORD = lazyre.compile(r"[^\W\d_]{3,}")
#: A word of letters followed by a number or a capital letter that ends there ("category
#: 6", "Zone E"): a label as a question in another language than the table's names it.
_WORD_MARK = lazyre.compile(r"(?<![^\W\d_])(?P<w>[^\W\d_]{3,})\s+(?P<n>\d+|[A-Z])(?![^\W\d_]|\d|[.,]\d)")


#: A capital Latin letter standing alone, right before a Chinese character (a space between
#: or not): a lettered label as Chinese writes it, the letter before the noun ("D 区").
_LETTER_BEFORE_CJK = lazyre.compile(r"(?<![A-Za-z\d])(?P<n>[A-Z])\s?(?=[\u4e00-\u9fff])")


def _mark_value(mark: str) -> str:
    """A label's number or letter as compared: a number by its value ("04" and "四" are "4")."""
    if mark.isdigit():
        return str(int(mark))
    value = cjk_integer(mark) if mark[0] in _ZH_DIGITS else None
    return str(value) if value is not None else mark


@dataclass(frozen=True)
class WindowTable:
    """The table a window is a row of (`table_rows`): `rows`, each row's (column header,
    value) pairs in column order, its header row left out; `names`, the index forms of
    words naming the table (a sheet's name, a slide's title, the title of the section a DOCX
    or PDF table stands in: "Стоимость химчистки и стирки"); `own`, the window's own
    row as such pairs (read from a sheet's or slide's "Header: value; …" window text, or from
    the document model's cells of the row; () when the window is not one whole row)."""

    rows: list[tuple[tuple[str, str], ...]]
    names: frozenset[str]
    own: tuple[tuple[str, str], ...]


def table_answer(lib: LibraryLike, g: Gathered) -> Answer | None:
    """The answer the table of the first window kept that is a table row gives, found once
    (`table_rows`): when that window is the first kept, a refusal for a row the table lacks
    (`unnamed_row`) or for another record's row (`other_record`); else, or then, the
    question back for a column asked of no row (`clarify_row`), for a thing several rows are
    variants of (`clarify_group`) or, of the first window kept, for a row whose columns are
    variants (`clarify_column`). None when no window kept is a table row, or none of these
    applies."""
    cands = kept(lib, g)
    found = next(((c, t) for c in cands if (t := table_rows(lib, c)) is not None), None)
    if found is None:
        return None
    first, table = found
    if first is cands[0]:
        refused = (unnamed_row(lib, g, first, table) or unlisted_label(g, table)
                   or other_record(g, first, table) or other_duration(g, first, table)
                   or other_size(g, first, table))
        if refused is not None:
            return refused
    return (clarify_row(g, first, table) or clarify_group(g, table, first)
            or (clarify_column(g, first, table) if first is cands[0] else None))


#: Most columns a question back about one row may offer.
COLUMN_OPTIONS = 6


def clarify_column(g: Gathered, first: extractive.Candidate, table: WindowTable) -> Answer | None:
    """A needs_clarification Answer for a price or a number asked of one row whose value
    columns are variants the question does not choose between ("Сколько стоит первичный
    приём собаки?" of a row priced for cats and for dogs of three weight bands): `first`, the
    answer's row, is named by the question (a word of its label), two to COLUMN_OPTIONS of
    its columns hold numbers that differ, and the question names those columns alike (the
    same number of its words stand in each header, a stated quantity read into a header's
    range by answer.tiers) and no other more; the row is in the question's language (across
    languages columns are seldom named by a word, and the row shown whole holds every
    value). When it names no column at all, only a row under a price heading is asked back
    ("How much is a guitar lesson?" of a row priced for 30, 45 and 60 minutes; a number
    asked of another record names its column by its own words). The options give each
    column with its value. None otherwise (`_computed_or_valueless`)."""
    from .apart import asks_money, priced_row
    from .tiers import with_tiers

    q = g.question
    if len(table.own) < 3 or _computed_or_valueless(q, table.own[0][1]):
        return None
    label = table.own[0][1]
    if analysis.detect_language(label) != g.lang:
        return None  # across languages a column is seldom named by a word: the row is shown whole
    values = [(h, v.strip()) for h, v in table.own[1:] if h and _numeric(v)]
    if len({v for _, v in values}) < 2:  # one column, or one value in all
        return None
    soft = g.scorer.soft if g.scorer is not None else None
    label_words = set(analysis.tokens(label))
    if not any(set(grp) & label_words for grp in g.groups):
        return None  # the question does not name this row
    asked = set(analysis.tokens(q))
    tiered = set(analysis.tokens(with_tiers(q, [h for h, _ in values]))) - asked  # the headers tiers wrote in
    named = []
    low = q.casefold()
    for h, v in values:
        toks = set(analysis.tokens(h))
        near = soft.best(h) if soft is not None else {}
        # a header holding a question word outweighs one near it in meaning ("华北" names
        # "华北(元/公斤)", not its neighbour "华东(元/公斤)")
        named.append(sum(2 if set(grp) & toks and not set(grp) & label_words
                         else 1 if near.get(grp, -1.0) >= SOFT_HEADER_COSINE else 0 for grp in g.groups)
                     + 2 * len(tiered & toks)
                     # a header written whole in the question ("off-peak" names "Off-peak", not
                     # "Peak", though both hold "peak")
                     + (3 if re.search(rf"(?<![\w-]){re.escape(h.strip().casefold())}(?![\w-])", low) else 0))
    best = max(named)
    # a column is of money when its header says so or its cell writes a currency ("£18")
    money = [(h, v) for h, v in values if _priced(h, v)]
    if not best and not priced_row(first) and len(money) < 2:
        return None
    chosen = [(h, v) for (h, v), n in zip(values, named) if n == best]
    forms = {f for grp in g.groups for f in grp}
    if best:
        # a header of asked words alone is the one named, not those adding words to them
        # ("Peak", which a day asked was read as, beside "Off-peak"; of "Собаки до 10 кг"
        # and "Собаки 10–20 кг" neither is)
        chosen = [(h, v) for h, v in chosen if set(analysis.tokens(h)) <= forms] or chosen
    if not best or asks_money(q) or asked_type.asks_how_much(q):
        # a price asked: the columns of money ("一期多少钱" names "每期课时" and "每期学费（元）"
        # alike, and asks the fee; "How much is the tour?" asks the adult and the child
        # price, not its duration)
        chosen = [c for c in chosen if c in money] or chosen
    if not 2 <= len(chosen) <= COLUMN_OPTIONS or len({v for _, v in chosen}) < 2:
        return None
    options = [f"{' '.join(h.split())}: {v}" for h, v in chosen]
    return _asked_back(g, message("clarify_column", g.lang).format(row=" ".join(label.split()),
                                                                   options="; ".join(options)), options)


def clarify_group(g: Gathered, table: WindowTable, first: extractive.Candidate | None = None) -> Answer | None:
    """A needs_clarification Answer for a question asking a price or a number of a kind of
    thing that several rows of `table` are ("Сколько стоит стрижка?" over a price list of
    men's, women's and children's haircuts; "月卡多少钱？" over a ground-level and an
    underground month card): the question's words that stand in the rows' cells stand
    together in two to ROW_OPTIONS rows and name no other, or none stands in a cell and the
    table's names (its title) hold one: its two to ROW_OPTIONS rows are all variants of the
    thing ("How much is a private lesson?" of a table "Private lessons" by duration); its
    other words stand in the headers or the table's names (as `clarify_row` reads them); no
    row's own cells are the asked words alone (a row "Мужская стрижка" is what "мужская
    стрижка" asks, beside "Мужская стрижка машинкой"); and the rows differ in what is asked
    (their prices: a money column, or amounts written with their currency, `_priced`; else
    their numbers). The question back lists those rows, each by its cells that are no
    numbers. None otherwise. A superlative, a sum or a comparison names its rows by
    computing (answer.extreme, answer.comparison) and is never asked back."""
    from .apart import asks_money, lacked_groups, negated_groups
    from .extreme import totals_row

    q = g.question
    if _computed_or_valueless(q):
        return None
    total = totals_row(table.rows)
    rows = [pairs for i, pairs in enumerate(table.rows) if i != total]
    if table.own:  # a sheet may hold two tables: the rows under the answer's row's headers
        heads = [h for h, _ in table.own]
        rows = [pairs for pairs in rows if [h for h, _ in pairs] == heads]
    cells = [set().union(*(analysis.tokens(v) for _, v in pairs)) for pairs in rows]
    named = [grp for grp in g.groups if any(c.intersection(grp) for c in cells)]
    if named:
        chosen = [i for i, c in enumerate(cells) if all(c.intersection(grp) for grp in named)]
        # the rows that name the thing in the column most of them name it in ("项目: 押金"),
        # not a row that mentions it in a note ("备注: 扣除押金后补足差额")
        where = {i: frozenset(h for h, v in rows[i] if any(set(analysis.tokens(v)) & set(grp) for grp in named))
                 for i in chosen}
        column = Counter(h for i in chosen for h in where[i]).most_common(1)
        if column:
            chosen = [i for i in chosen if column[0][0] in where[i]]
    elif any(set(grp) & table.names for grp in g.groups):
        # the thing is the table's own, named by its title ("How much is a private lesson?"
        # of a slide "Private lessons" whose rows are durations): every row is a variant
        chosen = list(range(len(rows)))
    else:
        return None
    # a row about what the question says it does not ask about ("коронка … (не на имплант)")
    # is no variant it may mean (answer.apart sets it apart)
    q_groups = analysis.query_groups(q)
    negated = {t for grp in negated_groups(q, q_groups) + lacked_groups(q, q_groups) for t in grp}
    chosen = [i for i in chosen if not negated & cells[i]]
    # a quantity the question states ("one-hour", "2 hours") names the rows whose cells
    # state it, in whatever words or units ("1 hour", "60 min")
    stated = [x for x in quantities_in(q) if x.unit]
    holding = [i for i in chosen if any(_states_quantity(v, stated) for _, v in rows[i])]
    chosen = holding or chosen
    # so does a size it states ("the 5×5 unit"): the rows whose cells write that size ("5 × 5"),
    # not those holding one of its sides ("5 × 10")
    if asked_sizes := analysis.sizes(q):
        chosen = [i for i in chosen if any(analysis.sizes(v) & asked_sizes for _, v in rows[i])] or chosen
    if not 2 <= len(chosen) <= ROW_OPTIONS:
        return None
    held = set(table.names) | set().union(*(analysis.tokens(h) for pairs in rows for h, _ in pairs))
    stop = analysis.stopwords()
    money = asks_money(q)
    cjk = has_cjk(q)
    headings = "".join(h for pairs in rows for h, _ in pairs) + "".join(table.names)
    general = g.scorer.general if g.scorer is not None else {}
    # words naming the document the table stands in (its title or file name: "代驾" of a
    # designated-driver price list) say whose rows these are, not which row
    naming = g.scorer.naming if g.scorer is not None and first is not None and first.hit.doc_id in g.scorer.named \
        else set()
    leftover = [grp for grp in g.groups if grp not in named and grp not in naming and not (
        set(grp) & held or set(grp) <= stop or asked_type.type_of(grp)
        or (money and _asks_money_word(grp, cjk)) or _one_of_measure(grp[0], headings)
        or _common_word(grp, general)
        or (unit := _per_unit(grp[0])) is not None and unit in _units_written(rows))]
    if leftover and not _unlisted(g, leftover, [rows[i] for i in chosen], held | set().union(*cells)):
        return None  # a word the table holds nowhere: not a question about these rows alone
    asked = set(analysis.tokens(q))
    # each row by its label and the cells that tell it from the others: no number, nor the
    # price asked of it; the label even when it is a size or a quantity ("A4 (21 × 29.7
    # cm)", "40 × 50 cm" of ready-made frames priced by size): it is what names the row
    columns = [j for j, (h, _) in enumerate(rows[chosen[0]])
               if j == 0 or len({dict(rows[i]).get(h, "") for i in chosen}) > 1]
    # (a size, "26 × 2.1" beside "700 × 25c", names a row though it is written in numbers)
    texts = [[v for j, (h, v) in enumerate(rows[i]) if j in columns and (j == 0 or not _numeric(v) or analysis.sizes(v))
              and not (money and MONEY_HEADING.search(h))] for i in chosen]
    labels = [t[0] if t else "" for t in texts]
    named_alone = [lb for lb in labels if lb and set(analysis.tokens(lb)) <= asked | stop]
    if len(named_alone) == 1 and labels.count(named_alone[0]) == 1:
        return None  # the one row whose label is just what the question names answers it
    values = [tuple(v for h, v in rows[i] if (_priced(h, v) if money else _numeric(v))) for i in chosen]
    if len(set(values)) < 2:
        return None  # the rows give one answer: nothing to choose
    options = [" ".join(" — ".join(t).split()) for t in texts]
    if len(set(options)) < len(options):
        return None
    if leftover:
        from .rank import refusal_answer
        from .reasons import written

        found = message("why_unlisted_variant", g.lang).format(
            options="; ".join(options), words=listed(written(q, leftover), g.lang))
        return refusal_answer(q, g.lang, g.scope, "not_found", g.timings, g.rel, found=found)
    return _asked_back(g, message("clarify_group", g.lang).format(options="; ".join(options)), options)


def _states_quantity(text: str, stated: list[Quantity]) -> bool:
    """Whether `text` states one of the quantities `stated` (units converted: "60 min" is
    "1 hour")."""
    asked = {units.si_value(x.value, x.unit) for x in stated if x.unit}
    return any(units.si_value(x.value, x.unit) in asked for x in quantities_in(text) if x.unit)


def _unlisted(g: Gathered, leftover: list[tuple[str, ...]], rows: list[tuple[tuple[str, str], ...]],
              table_words: set[str]) -> bool:
    """Whether the question words `leftover`, which no cell, header or name of a table holds,
    name a variant that the table's `rows` (the rows the question's other words name alike)
    do not list ("a transparent Chiavari chair" of rows for a white and a gold one). Each
    must be written in the rows' language and occur nowhere in the library in any form
    (answer.rank.unknown_words), and must be none of these, which are left to the ranking:
    a word of another language (unmatched for want of a translation); a word naming no
    thing (`_names_nothing`: a verb, "перевезти рояль", asks of the rows, names none); a
    word of the table's own stem or one letter off one of its words (`_kin`: "цветочная" of
    "цветами", "дуп" mistyped for "дуб", `table_words`: the table's index forms); a
    paraphrase of a word of one of the rows (its word vector's cosine with one of their
    words at SOFT_HEADER_COSINE or more, answer.soft). False without a scorer."""
    scorer = g.scorer
    if scorer is None:
        return False
    lang = analysis.detect_language(" ".join(v for pairs in rows for _, v in pairs))
    for grp in leftover:
        if grp not in scorer.unknown or analysis.detect_language(grp[0]) != lang:
            return False
        written = scorer.soft.written.get(grp, grp[0]) if scorer.soft is not None else grp[0]
        if _names_nothing(written, g.question) or any(_kin(form, w) for form in grp for w in table_words):
            return False
    matcher = scorer.soft
    if matcher is None:
        return True
    texts = [" ".join(f"{h} {v}" for h, v in pairs) for pairs in rows]
    matcher.prepare(texts)
    return not any(matcher.best(t).get(grp, -1.0) >= SOFT_HEADER_COSINE for t in texts for grp in leftover)


#: Letters two index forms must open with alike to be one stem's (`_kin`): a Russian or
#: English root is seldom shorter ("цвет", "перев[озить]").
KIN_PREFIX = 4


def _kin(a: str, b: str) -> bool:
    """Whether index forms `a` and `b` are of one stem or one is a slip of the other: they
    open with the same KIN_PREFIX letters or more and share at least half of the shorter
    ("цветочн" and "цвет", "перевезт" and "перевозк"), one Chinese word holds the other, or,
    both three letters or more, they are one edit apart (misspelled.one_edit: "дуп" and "дуб");
    never when they write different numbers ("5-комнатн", "1-комнатн")."""
    if has_cjk(a) or has_cjk(b):
        return a in b or b in a
    if any(ch.isdigit() for ch in a + b) and re.sub(r"\D", "", a) != re.sub(r"\D", "", b):
        return False  # another number is another thing ("5-комнатн" beside "1-комнатн")
    n = len(os.path.commonprefix([a, b]))
    if n >= KIN_PREFIX and n * 2 >= min(len(a), len(b)):
        return True
    return min(len(a), len(b)) >= 3 and one_edit(a, b)


def _names_nothing(word: str, question: str) -> bool:
    """Whether a question word names no thing: a Russian verb form, adverb or other word
    text.morph.names_nothing reads so, or a Chinese word jieba's tagger reads in the question
    as a verb or an adverb ("搬", "提前"). An English word is not read (no tagger here)."""
    lang = analysis.detect_language(word)
    if lang == "ru":
        from pincite.text import morph

        return morph.names_nothing(word)
    if lang == "zh":
        import jieba.posseg  # the tagger's tables load on first use

        return any(w.word == word and w.flag.startswith(("v", "d")) for w in jieba.posseg.lcut(question))
    return False


def _one_of_measure(word: str, headings: str) -> bool:
    """Whether `word` is "one" and a Chinese measure the table's headers write ("一期" beside
    "每期学费（元）", "一次" beside "每次"): one of what the rows are priced per, no thing a
    row must name."""
    return len(word) == 2 and word[0] == "一" and has_cjk(word[1]) and word[1] in headings


def _common_word(grp: tuple[str, ...], general: dict[tuple[str, ...], float]) -> bool:
    """Whether a question word is a word of general language at extreme.COMMON_ZIPF or
    above (`general`: the scorer's weights, features.ZIPF_CEILING minus the word's Zipf
    frequency): "做" of "卫生间做防水", "do", "есть" name no row, so a table need not hold them."""
    from .extreme import COMMON_ZIPF

    weight = general.get(grp)
    return weight is not None and weight <= features.ZIPF_CEILING - COMMON_ZIPF


#: Chinese words for a unit that prices say in speech ("多少钱一平", "一平米": per square
#: metre; "一方土": a cubic metre); the one-character ones are read only after "一" or "每".
_SPOKEN_UNITS = {"平": "m2", "平米": "m2", "方": "m3"}


def _per_unit(word: str) -> str | None:
    """The unit (unitnames key) a question word names, "one" or "each" before it or not
    ("平米", "一平", "每平方米", "m²"), or None: what the rows are priced per, no thing a row
    must name."""
    from .unitnames import unit_span_after_text

    word = unicodedata.normalize("NFKC", word)  # "㎡" is "m2"
    per = word[1:] if len(word) > 1 and word[0] in "一每" else ""
    if per in _SPOKEN_UNITS or len(word) > 1 and word in _SPOKEN_UNITS:
        return _SPOKEN_UNITS[per or word]
    for w in (per, word) if per else (word,):
        found = unit_span_after_text(w, 0)
        if found is not None and found[1] == len(w):
            return found[0]
    return None


def _units_written(rows: list[tuple[tuple[str, str], ...]]) -> set[str]:
    """The units (unitnames keys) that a cell or a header of `rows` writes as a piece of its
    own ("㎡" in a column "单位", "元/㎡" in a header)."""
    return {unit for pairs in rows for h, v in pairs for piece in _UNIT_PIECE.split(f"{h} {v}")
            if piece and (unit := _per_unit(piece)) is not None}


#: What separates a unit from the words and numbers around it in a cell or a header.
_UNIT_PIECE = lazyre.compile(r"[\s/()（）,，;；:：、\d.]+")


def _priced(header: str, value: str) -> bool:
    """Whether a cell states a price: its header is a money heading ("Цена, руб."), or its
    value writes an amount with its currency ("£48" under "Peak")."""
    return bool(MONEY_HEADING.search(header) or asked_type.MONEY_VALUE.search(value))


def _asked_back(g: Gathered, text: str, options: list[str]) -> Answer:
    """The needs_clarification Answer asking `text`, which row or column of a table is
    meant, with its `options`; it claims nothing."""
    return Answer(question=g.question, status="needs_clarification", language=g.lang, scope=g.scope,
                  answer=text, clarification=Clarification(question=text, options=options, kind="row"),
                  timings=g.timings, relevance=g.rel)


def _computed_or_valueless(question: str, label: str = "") -> bool:
    """Whether `question` is never asked back which row or column it means: a superlative,
    a sum, a comparison or a count names its rows by computing (answer.extreme,
    answer.comparison), and a question asking neither a price nor a number has no value
    the rows differ in. A number the row's `label` writes before the word the question
    writes after it counts nothing ("пакет из 5 тренировок" of the row "Пакет 5
    тренировок": comparison's reading of counts)."""
    from .apart import asks_money, asks_number
    from .calculate import comparison_asked, sum_asked
    from .comparison import written_with_next_word
    from .counts import counts_in
    from .extreme import superlative

    counts = [c for c in counts_in(question) if not (label and written_with_next_word(c[1], c[0], c[2], label))]
    return (superlative(question) is not None or sum_asked(question) or comparison_asked(question) is not None
            or bool(counts) or not (asks_money(question) or asks_number(question)))


def _numeric(value: str) -> bool:
    """Whether a cell states a number (a price, a time, a count), not a name."""
    return any(ch.isdigit() for ch in value) and sum(ch.isalpha() for ch in value) <= 3


#: jieba's part-of-speech tags (ICTCLAS) of words that name something: nouns (n, nr, ns, …)
#: and abbreviations (j: "工商业", "北大"), which shorten names.
NOUN_TAGS = ("n", "j")
#: jieba's part-of-speech tags of names (ICTCLAS): person, place, organisation, other name.
NAME_TAGS = ("nr", "ns", "nt")
#: Zipf frequency (wordfreq) from which a Chinese word is general language even when the
#: tagger calls it a name: common nouns it tags as places sit at or above it ("城市" 5.64,
#: "东西" 5.63, "地区" 5.89, "中国" 6.44), most city names under it ("广州" 5.08, "南京" 4.99,
#: "上海" 5.53; "北京" 5.75 is left out), person names far under it.
NAME_ZIPF = 5.6


def unknown_name(lib: LibraryLike, g: Gathered) -> Answer | None:
    """A refusal for a Chinese question naming a person, place or organisation (jieba's
    part-of-speech tagger, NAME_TAGS) that the library writes nowhere, in any form
    (answer.rank.unknown_words): "广州发布会在哪一天？" over a launch plan of Beijing, Shanghai and
    Shenzhen is about a launch the documents do not describe, however well "发布会" matches
    a sentence. A word rarer than NAME_ZIPF of two characters or more, not one saying what
    kind of value is asked (asked_type.type_of); the tagger runs only when such a word is
    unknown (a word written nowhere whole counts: "南昌大学" where only "大学" stands). The
    table analogue, for a name a table lacks that is common, is `unnamed_row`."""
    from .rank import refusal_answer

    scorer = g.scorer
    if scorer is None or analysis.question_language(g.question) != "zh" or not g.cands:
        return None
    if analysis.detect_language(g.cands[0].hit.text) != "zh":
        return None  # a library in another language writes the name in its own script
    common = features.ZIPF_CEILING - NAME_ZIPF
    cands = [grp for grp in g.groups if has_cjk(grp[0]) and len(grp[0]) >= 2
             and scorer.general.get(grp, 0.0) > common and asked_type.type_of(grp) is None]
    # none of its forms written, or, for an organisation, the whole word written nowhere
    # ("南昌大学", though "大学" stands in the library; the tagger calls too many compounds
    # places for this to hold of them: "轮廓线")
    whole = lib.catalog.term_df([grp[0] for grp in cands if grp not in scorer.unknown])
    cands = [grp for grp in cands if grp in scorer.unknown or not whole.get(grp[0], 0)]
    if not cands:
        return None
    import jieba.posseg  # the tagger's tables load on first use

    tags = {w.word: w.flag for w in jieba.posseg.lcut(g.question)}
    lacking = [grp for grp in cands if tags.get(grp[0], "")[:2] in (NAME_TAGS if grp in scorer.unknown else ("nt",))]
    if not lacking:
        return None
    from .reasons import written

    return refusal_answer(g.question, g.lang, g.scope, "not_found", g.timings, g.rel,
                          written(g.question, lacking))


def table_rows(lib: LibraryLike, cand: extractive.Candidate) -> WindowTable | None:
    """The table whose row the window `cand` is (see WindowTable); None when the window is
    no table row.

    A spreadsheet's rows are those of the window's sheet in its unit text (the
    "'Sheet'!A2:C2 | Header: value; …" lines: table_verify.sheet_rows); a slide's table
    rows are the unit's "Header: value; …" lines with the window's line's headers
    (extreme.record_lines); a DOCX or ruled PDF table's rows are those with the window's
    row's headers on its page and the pages beside it (DocumentModel.row_cells, rows_within:
    a table that runs on over a page break)."""
    from .extreme import record_lines
    from .table_verify import record_pairs, sheet_head, sheet_rows

    hit = cand.hit
    page = lib.page_text(hit.doc_id, hit.page)
    window = page[cand.start:cand.end]
    kind = hit.address.kind if hit.address is not None else "pdf"
    if kind == "sheet":
        head = sheet_head(window)
        if head is None:
            return None
        own = record_pairs(window.split(" | ", 1)[1]) if " | " in window else None
        return WindowTable([tuple(pairs) for _, pairs in sheet_rows(page, head)], frozenset(analysis.tokens(head)),
                           tuple(own or ()))
    if kind == "slide":
        records = record_lines(page)
        line = next((pairs for a, b, pairs in records if a <= cand.start < b), None)
        if line is None:
            return None
        headers = [h for h, _ in line]
        return WindowTable([tuple(pairs) for _, _, pairs in records
                            if [h for h, _ in pairs] == headers and not _header_row(pairs)],
                           frozenset(analysis.tokens(extractive.slide_title(page))),
                           tuple(record_pairs(window) or ()))
    model = lib.model(hit.doc_id)  # a page of a PDF or of a DOCX's layout
    cells = model.row_cells(hit.page, cand.start, cand.end)
    if not cells:
        return None
    headers = [h for h, _ in cells]
    rows = [pairs for p in (hit.page - 1, hit.page, hit.page + 1) if 1 <= p <= len(model.pages)
            for _, _, pairs in model.rows_within(p, 0, len(model.pages[p - 1].text))
            if [h for h, _ in pairs] == headers and not _header_row(pairs)]
    return WindowTable(rows, frozenset(analysis.tokens(hit.section_title or "")), tuple(cells))


def _header_row(pairs: "tuple[tuple[str, str], ...] | list[tuple[str, str]]") -> bool:
    """Whether a row's cells repeat its column headers (the table's header row read as a
    row)."""
    return all(" ".join(v.split()) == " ".join(h.split()) for h, v in pairs)


def _labels_rows(rows: "list[tuple[tuple[str, str], ...]]", header: str) -> bool:
    """Whether the column `header` names each row: a cell in every row, all different, each
    holding a letter."""
    cells = [dict(pairs).get(header, "").strip() for pairs in rows]
    return all(any(ch.isalpha() for ch in c) for c in cells) and len(set(cells)) == len(cells)
