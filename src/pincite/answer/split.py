"""Compound questions: split into self-contained sub-questions (offline rules).

A question asking for several things ("when was X released, and in which year were the
enhancements added?", "…是多少？…推荐哪些？") is answered part by part, each part retrieved and
verified on its own (pipeline.answer_compound). This module holds the offline splitter;
the LLM path may ask the configured query model instead (generate.split_with_model), and
falls back to these rules.

Rules, in order (each documented choice keeps a single question whole):
1. Sentences: text ending in "?" or "？". Two or more question sentences are candidate parts;
   a statement sentence before a question belongs to that question ("Section 1.1 lists
   seven tasks. What is the seventh?" stays one part).
2. Inside a sentence, a coordinating conjunction ("and", "as well as"; "и", "а также";
   "以及", "并且", "和"; or ";"/"；") starts a new part only when what follows it opens with
   an interrogative word, optionally after a preposition ("and in which year…", "и на каких
   версиях…", "以及哪些…"). "What symbol and power of ten…" is not split.
3. Every part must hold at least MIN_CONTENT_WORDS content words (analysis.query_groups:
   stopwords and interrogatives do not count), or one fewer when one of them is a model
   code (text.codes.is_code: "AQ-220", "ТК-7"), which names the part's subject as a noun
   phrase would ("What is the weight of AQ-220?"). Otherwise the split is undone: "В каком
   издательстве и в каком году вышла книга…" shares one verb and stays whole; "…, and what
   unit is it?" leans on "it" and stays whole. A part that names nothing itself and leans
   on an earlier part gets that part's names after a comma (`_with_referent`: "What is its
   tank capacity, HX-7?", "What argument makes it faster, read.table()?") and is counted
   with them: it points back with a pronoun ("its", "her", "it", "this", "его", "он",
   "это", "它", "这个"; not after a "who" or yes/no part, nor a thing's pronoun after a
   "which" part, whose answer or questioned thing the pronoun stands for), or, with no
   pronoun, it holds no more content words than it needs to stand alone, the attribute
   asked and a verb ("Какой датой помечена документация?"; in English and Russian not
   fewer than two: "…, and how tight?" stays whole), its subject left out as the one named
   before. Kept whole, such a question was answered for one of its asks only; split
   without the names, its second part was answered from another document (users' trials,
   2026-12-03 and 2026-12-04).
4. At most MAX_PARTS parts.
6. One named item per part: a part naming two or more named items (`items`: TeX macros
   "\\ahangle"; model codes, text.codes.is_code, distinct by text.codes.code_key; names,
   words general language does not know, text.zipf.unknown: "xeCJK", "luatexja") asks
   about each on its own, so it becomes one part per item (`by_item`; names as program
   code writes them count too, `_IDENTIFIER`: "read.table()", "glp_simplex"): cut at a
   coordinating conjunction when each side names its own item and asks its own words
   ("What is the motor power of the AQ-220 and the head of the AQ-100?" -> "What is the
   motor power of the AQ-220?", "What is the head of the AQ-100?", the question's frame
   copied to the side that lacks one); else, when the items stand in one list, each item a
   name and not a phrase ("AQ-100 and AQ-150", "AQ-100, AQ-150 и AQ-220", "AQ-100和AQ-220",
   "\\zhtiangan 和 \\zhdizhi", "xeCJK and luatexja", and with the preposition or article
   said again: "of the AQ-100 and of the AQ-150", "у AQ-100 и у AQ-150"), the part once
   per item of the list. The list must hold every item of its kinds the part names ("Is
   AQ-100 heavier than AQ-150 and AQ-220?" stays whole). A part asking a relation among its
   items stays whole: a difference, likeness, comparative or what lies between
   ("difference between A and B", "A 与 B 的区别", "чем A отличается от B", "A vs B"), a
   bare comparison ("Сравните A и B"; "Compare the weight of A and B" asks each one's
   weight and is split), and a choice ("Which is heavier, A or B?"). A part whose items
   neither way separates stays whole too. Each part is then scoped, answered or refused on
   its own (pipeline.answer_compound). A model code here (and in rule 3) starts with
   MODEL_CODE_LETTERS letters, or with digits ("16К20 и 6Р82"): "A4 and A3" stays whole; a
   name has NAME_MIN_CHARS letters.
7. One frame, several asked things: a part that asks the same question of two or more
   coordinated things, each of which a reader would answer on its own, becomes one part
   per thing, the shared frame and tail kept (`by_frame`), when no named item separates
   them (rule 6 first) and it asks no relation among them (`_RELATION`):
   - a copula frame with two noun phrases, the second opening with its own determiner
     ("What is the X and the Y of Z?" -> "What is the X of Z?", "What is the Y of Z?"), or
     two single words ("What are the dry and wet suction lifts of the PX310?" -> "What are the
     dry suction lifts…", "What are the wet suction lifts…"; "What is the weight and price of
     the AQ-100?"); a plural Russian frame with two single words, its plural agreeing with
     the two nouns ("Каковы мощность и напор насоса?", "Какие ширина и высота поля?");
     "Какой символ и множитель…" (singular) may name one thing and stays whole;
   - one preposition said again before each thing ("for the simplex solver and for the MIP
     solver", "на отчёт … и на возврат …"): the thing runs to the next comma, parenthesis
     or the end;
   - Chinese "A和B分别/各…" ("…的额定功率和额定排气压力各是多少？"): "分别", "各", "各自" say
     the predicate holds of each thing in turn; each thing runs from the last "的", comma or
     the sentence start before the conjunction to the next "的", comma or the marker, and the
     marker is dropped from the parts ("…的额定功率是多少？"); when the second thing holds a "的"
     of its own, each side is a whole phrase ("伪粗体的默认粗细程度和伪斜体的默认倾斜程度分别…"):
     from the last comma (or the start) to the conjunction, and from it to the marker. A list joined by "、" alone
     ("第一、第二、第三档电价分别为多少") has no conjunction and stays whole.
   Every part must stand alone (rule 3), else the part stays whole.
5. Self-contained parts: a leading source phrase ("According to lshort,", "Per the … Guide,",
   "Согласно …,", "По …,", "根据……，", "依……，") and a parenthesised one ("(per lshort)") are
   copied to the parts that lack them. Names of the first part are NOT copied (except to a
   part that names nothing and leans on it, rule 3): measured on
   the whole corpus (2026-12-01), appending them ("…推荐哪些 (Windows 10 TeX Live iso)？")
   made retrieval favour the document those names title instead of the part's own words,
   and fewer parts had their evidence found than without them.

tests/test_split.py checks these rules on compound and single questions of each language.

Size: over 600 lines because the rules are one ordered procedure whose patterns (the
conjunctions, interrogatives, items and frames of three languages) each rule reuses;
split apart, each piece would import the others' patterns.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from pincite.text import analysis, codes, lazyre, zipf

#: A part needs this many content words to stand alone (rule 3).
MIN_CONTENT_WORDS = 3
#: Parts at most (2-4 sub-questions: docs/decisions/0008-questions.md).
MAX_PARTS = 4

_INTERROGATIVE = {
    "en": r"(?:what|which|when|where|who|whom|whose|why|how|is|are|was|were|does|do|did|can|could|should)",
    "ru": r"(?:как\w*|какой|какая|какое|какие|каких|каким|какую|каком|какого|какому|кто|кого|кому|кем|"
          r"что|чего|чему|чем|когда|где|куда|откуда|почему|зачем|сколько|чей|чья|чьё|чьи|ли)",
    "zh": r"(?:什么|哪|多少|几|是否|如何|怎么|怎样|谁|为何|为什么|何)",
}
#: Prepositions an interrogative may follow after a conjunction (rule 2: "and in which
#: year…", "и у какой модели…"), and a list's next code (rule 6: "and of the AQ-150").
_PREPOSITION_WORDS = {
    "en": ("in", "on", "at", "of", "for", "from", "to", "by", "with", "under", "since", "until",
           "after", "before"),
    "ru": ("в", "во", "на", "с", "со", "у", "по", "при", "до", "после", "для", "из", "от", "к", "о",
           "об", "за", "под", "между"),
    "zh": (),
}
_PREPOSITION = {lang: (r"(?:(?:" + "|".join(words) + r")\s+)?" if words else r"")
                for lang, words in _PREPOSITION_WORDS.items()}
_CONJUNCTION = {
    "en": r"(?:,?\s+(?:and|as well as)\s+|\s*;\s*)",
    "ru": r"(?:,?\s+(?:и|а также)\s+|\s*;\s*)",
    "zh": r"(?:[，,]?\s*(?:以及|并且|和)\s*|\s*[；;]\s*)",
}
_LEADING_CONTEXT = lazyre.compile(
    r"^\s*((?:according to|per|as stated in|in)\s+[^,?]{2,80},|(?:согласно|по данным|по|в)\s+[^,?]{2,80},"
    r"|(?:根据|依据|依照|按照|依)[^，,？?]{2,40}[，,])", re.I)
_PAREN_CONTEXT = lazyre.compile(r"\((?:per|according to|согласно|по|根据)\s[^)]{2,80}\)"
                                r"|（(?:根据|依据)[^）]{2,40}）", re.I)
_SENTENCE = lazyre.compile(r"[^?？]*[?？]|[^?？]+$")


def split_question(question: str, lang: str | None = None) -> list[str]:
    """The sub-questions of `question` (1 to MAX_PARTS strings; one, the question itself,
    when it is not compound). `lang` is "en", "ru" or "zh" (analysis.detect_language when
    None). Each part ends in "?" (or "？" in Chinese) and is self-contained (rule 5)."""
    q = " ".join(question.split())
    lang = lang or analysis.question_language(q)
    if lang not in _INTERROGATIVE:
        lang = "en"
    parts = []
    for sentence in _sentences(q):
        parts.extend(_split_at_conjunctions(sentence, lang))
    referred = _with_referent(parts)
    if len(parts) < 2 or len(parts) > MAX_PARTS or not all(_stands_alone(p) for p in referred):
        parts = referred = [q]
    # a part given an earlier part's names is about that one thing, however many names
    # it has ("LaTeX3, ctex"): one frame per thing (rule 7), never one part per name (rule 6)
    parts = [piece for p, r in zip(parts, referred)
             for piece in (_by_item_or_frame(p, lang) if r == p else by_frame(r, lang))]
    if len(parts) < 2 or len(parts) > MAX_PARTS:
        return [question.strip()]
    return _self_contained(parts, lang)


#: Possessive pronouns that point back to what an earlier part named ("What is the airflow
#: of the HX-7 and what is its tank capacity?"), a closed class of each language's grammar:
#: of a thing, and of a person.
_THING_POSSESSIVE = lazyre.compile(r"\b(?:its|their)\b|(?<!\w)(?:его|их)(?!\w)|它的|它们的|其", re.I)
#: Subject and object pronouns and demonstratives of a thing, which in a part naming
#: nothing else stand for what an earlier part named ("Какая масса компрессора ВК-75 и
#: сколько он стоит?", "Why is read.table() slow and what argument makes it faster?",
#: "…и как это ограничение снять?", "…这个选项的默认值是多少？"), as the possessives do, with
#: the same exceptions (after a who-, which- or yes/no part, whose answer they may stand
#: for). "that" is left out: it more often opens a clause than points back.
_THING_PRONOUN = lazyre.compile(
    r"\b(?:it|they|them|this|these)\b"
    r"|(?<!\w)(?:он|она|оно|они|него|неё|нее|ним|ней|нём|нем|ими|них"
    r"|это|этот|эта|эту|эти|этого|этой|этом|этим|этих|этими|этому)(?!\w)"
    r"|它|这个|这些|这种", re.I)
_PERSON_POSSESSIVE = lazyre.compile(r"\b(?:his|her)\b|(?<!\w)(?:её|ее)(?!\w)|他的|她的|他们的|她们的", re.I)
#: An earlier part asking who (its answer is a person the next part's pronoun may stand for).
_WHO = lazyre.compile(r"\bwho(?:m|se)?\b|(?<!\w)(?:кто|кого|кому|кем)(?!\w)|谁", re.I)
#: An earlier part asking yes or no ("Is there a kit for the PX310, and what is its part
#: number?"): its pronoun stands for the thing whose existence is asked, not a name in it.
_YES_NO = lazyre.compile(r"^\s*(?:is|are|was|were|does|do|did|can|could|has|have|will|should)\b"
                     r"|(?<!\w)ли(?!\w)|吗|是否|有没有", re.I)
#: An earlier part asking which one (its answer is a thing "its" may stand for); Russian
#: "какой" alone is also "what", so only "который" and "какой из" count; Chinese "哪" with
#: a measure word of things ("哪个", "哪一种", "哪些"), not "哪里" (where) or "哪一年"
#: (which year), whose answer no "它" stands for.
_WHICH_ONE = lazyre.compile(r"\bwhich\b|(?<!\w)(?:котор\w*|как\w+\s+из)(?!\w)"
                            r"|哪一?[个些种款台件部只条项套位家样]", re.I)
_HAN = lazyre.compile(r"[\u4e00-\u9fff]")
_CAPITALISED_RUN = lazyre.compile(r"(?<!^)(?<![.?!]\s)\b[A-ZА-ЯЁ][\w-]*(?:\s+[A-ZА-ЯЁ][\w-]*)*")


def points_back(part: str) -> bool:
    """Whether `part` (a sub-question) holds a pronoun, possessive or demonstrative that
    points back to something named before it (`_THING_POSSESSIVE`, `_THING_PRONOUN`,
    `_PERSON_POSSESSIVE`: "its", "it", "this", "его", "это", "它", "这个"): its own words do
    not name what it is about."""
    return any(rx.search(part) for rx in (_THING_POSSESSIVE, _THING_PRONOUN, _PERSON_POSSESSIVE))


def _names(part: str) -> list[str]:
    """The things `part` names, as written, each once: its items (`items`: codes, macros,
    identifiers, unknown words) and capitalised words after its first word ("HX-7",
    "read.table()", "Maria Lopez")."""
    names = [i.text for i in items(part)]
    names += [m.group() for m in _CAPITALISED_RUN.finditer(part)
              if not any(m.group() in n or n in m.group() for n in names)]
    return list(dict.fromkeys(names))


def _with_referent(parts: list[str]) -> list[str]:
    """Each part after the first that names nothing itself (no item, no capitalised word)
    and leans on an earlier part gets the names of the nearest earlier part that has some
    (`_names`) after a comma before its question mark ("What is her room number, Maria
    Lopez?", "What argument makes it faster, read.table()?"): the thing it is about is then
    searched for and must be covered, as in the question whole. A part leans on an earlier
    one when
    - it points back with a pronoun: a possessive ("its", "her", "его", "它的"), a subject
      or object pronoun or a demonstrative of a thing (`_THING_PRONOUN`: "it", "they",
      "this", "он", "это", "它", "这个"); not after a "who" part, nor a thing's pronoun
      after a "which" part, whose answer the pronoun may stand for;
    - or, with no pronoun, its subject is left out: it holds no more content words than
      rule 3 needs to stand alone (MIN_CONTENT_WORDS), room for the attribute it asks and a
      verb ("Какой датой помечена документация?" after "Кто написал пакет tablists?"), and
      the subject is the one named before. In English and Russian such a part holds at
      least MIN_CONTENT_WORDS - 1: a part of one word ("…, and how tight?") shares the
      first part's whole frame, not only its names, and stays with it (rule 3). Chinese
      leaves out a subject just named as a rule, so a part of one word leans on it too
      ("单价是多少？" after "机械手 RB-12 什么时候交货？").
    Nothing is carried after a yes/no part (its pronoun stands for the thing whose existence
    is asked). A part that names a thing of its own and points back with a pronoun gets the
    names too ("when was it renamed from Sylpheed-Claws?": "it" is the thing named before,
    the name is what it was renamed from). A part that names a thing of its own without a
    pronoun keeps its words, and so does one that
    asks more than that without a pronoun ("如需第三方虚拟光驱软件，推荐哪些？" names its own
    subject in words general language knows): copying the first part's names into such parts made
    retrieval favour the document those names title over the part's own words (rule 5)."""
    if len(parts) < 2:
        return parts
    out = [parts[0]]
    names = _names(parts[0])
    source = parts[0]
    for p in parts[1:]:
        own = _names(p)
        thing = _THING_POSSESSIVE.search(p) or _THING_PRONOUN.search(p)
        refers = (_PERSON_POSSESSIVE.search(p) and not _WHO.search(source)) or (
            thing and not _WHO.search(source) and not _WHICH_ONE.search(source))
        if refers and not names and not own and not _YES_NO.search(source):
            # a Russian pronoun agrees with its noun: "…доставка по городу и от какой суммы
            # заказа её не берут?" (её: feminine, доставка; город is masculine)
            names = _agreeing_noun(source, p)
        if (own and not refers) or not names or _YES_NO.search(source):
            out.append(p)
            if own:
                names, source = own, p
            continue
        if own:  # a name of its own beside a pronoun for the earlier thing ("when was it
            # renamed from Sylpheed-Claws?" after "When did Claws Mail first appear?"); a
            # day or month written in capitals ("Saturdays") is no thing a pronoun stands for
            missing = [n for n in names if n.lower() not in p.lower() and not _a_time(n)]
            out.append(p[:-1].rstrip() + ", " + ", ".join(missing) + p[-1] if missing else p)
            names, source = own, p
            continue
        # no pronoun, no more words than a part needs: an attribute asked, its subject left
        # out as the one named before; an English or Russian part of fewer words leans on
        # the first part's whole frame ("…, and how tight?"), which no names carry
        words = _content_words(p)
        left_out = not (thing or _PERSON_POSSESSIVE.search(p)) and words <= MIN_CONTENT_WORDS and (
            words >= MIN_CONTENT_WORDS - 1 or _HAN.search(p) is not None)
        missing = [n for n in names if n.lower() not in p.lower()]
        if (refers or left_out) and missing:
            p = p[:-1].rstrip() + ", " + ", ".join(missing) + p[-1]
        out.append(p)
    return out


#: Russian third-person pronouns of a thing by what they agree with: (gender, number) as
#: pymorphy3 tags a noun ("masc", "femn", "neut"; "plur" for any gender).
_RU_PRONOUN_AGREES = {
    **dict.fromkeys(("он", "него", "нём", "нем", "его", "ему", "нему"), ("masc", "neut")),
    **dict.fromkeys(("она", "неё", "нее", "её", "ее", "ней"), ("femn",)),
    **dict.fromkeys(("оно",), ("neut",)),
    **dict.fromkeys(("они", "них", "их", "ими", "ним", "ними", "им"), ("plur",)),
}


def _agreeing_noun(source: str, part: str) -> list[str]:
    """The one noun of the Russian part `source` that may be in the nominative (its
    subject) and agrees in gender or number with the third-person pronoun of `part`
    (`_RU_PRONOUN_AGREES`), as written: what the pronoun stands for when `source` names no
    thing by a code or a capital (`_names`). [] when `part` holds no such pronoun, or no noun or several agree (then the
    part keeps its own words). By pymorphy3's parses of each word."""
    pronouns = [w.lower() for w in re.findall(r"[а-яёА-ЯЁ]+", part) if w.lower() in _RU_PRONOUN_AGREES]
    if not pronouns:
        return []
    agrees = _RU_PRONOUN_AGREES[pronouns[0]]
    from pincite.text.morph import morph

    found = []
    for w in re.findall(r"[а-яёА-ЯЁ-]{3,}", source):
        # a noun's nominative may read as another case too ("ремонт": nominative or
        # accusative): any nominative reading of it counts
        tags = [p.tag for p in morph().parse(w.lower()) if p.tag.POS == "NOUN" and p.tag.case == "nomn"]
        if any(("plur" in agrees and t.number == "plur") or (t.number == "sing" and t.gender in agrees)
               for t in tags):
            found.append(w)
    return found if len(found) == 1 else []


def _a_time(name: str) -> bool:
    """Whether a capitalised name is a day of the week or a month ("Saturdays", "May")."""
    from .seasons import times_in

    t = times_in(name)
    return bool(t.months or t.days)


def _stands_alone(part: str) -> bool:
    """Rule 3: enough content words of its own (one fewer when it names a model code)."""
    need = MIN_CONTENT_WORDS - 1 if _codes(part) else MIN_CONTENT_WORDS
    return _content_words(part) >= need


#: What may follow a list's conjunction before its next code: the preposition (from any
#: language's rule 2 list) and the article the first code had, said again ("the weight of
#: the AQ-100 and of the AQ-150", "torque on the AQ-100 and on the AQ-150", "вес у AQ-100 и
#: у AQ-150").
_REPEATED = (r"(?:(?:" + "|".join(w for words in _PREPOSITION_WORDS.values() for w in words)
             + r")\s+)?(?:(?:the|a|an)\s+)?")
#: What joins the codes of one list ("AQ-100 and AQ-150", "AQ-100, AQ-150 или AQ-220",
#: "AQ-100和AQ-220", "AQ-100 and of the AQ-150").
_LIST_SEP = (r"(?:\s*[,、，]\s*(?:(?:and|or|as well as|и|или|а также)\s+)?" + _REPEATED
             + r"|\s+(?:and|or|as well as|vs\.?|versus|и|или|а также)\s+" + _REPEATED
             + r"|\s*(?:和|与|及|或|以及)\s*)")
#: Words that ask a relation among the items of a list, which no part about one of them
#: could answer: a difference, a likeness, a comparative, a choice, a use together or what
#: lies between ("the difference between A and B", "A 与 B 的区别", "чем A отличается от B",
#: "A heavier than B", "A vs B", "A 和 B 之间", "what do A and B have in common", "can A and
#: B be used together", "does A conflict with B").
_RELATION = lazyre.compile(
    r"\b(?:between|differ\w*|distinguish\w*|versus|vs|than|in common|similar\w*|same|alike"
    r"|relat\w*|together|interact\w*|conflict\w*)\b"
    r"|(?<!\w)(?:между|отлича\w*|отлич(?:ие|ия|ий|иями)|различ\w*|разниц\w*|чем|общего|общее|сходств\w*"
    r"|похож\w*|одинаков\w*|связ[ьи]\w*|вместе|совместн\w*|конфликт\w*)(?!\w)"
    r"|之间|区别|差别|差异|异同|不同|相比|相同|一样|共同|一起|冲突|哪个更|哪一个更|谁更", re.I)
#: Verbs that ask to compare the items of a list: a relation only when the part asks nothing
#: else of them ("Compare AQ-100 and AQ-150", "Сравните AQ-100 и AQ-150"); "Compare the
#: weight of AQ-100 and AQ-150" asks each one's weight.
_COMPARE = lazyre.compile(r"\bcompar\w*|(?<!\w)сравн\w*|比较|对比", re.I)
#: A choice among the items: a "which" question over a list joined by "or" ("Which is
#: heavier, AQ-100 or AQ-150?", "Какой из них легче: AQ-100 или AQ-150?").
_WHICH = lazyre.compile(r"\b(?:which|who)\b|(?<!\w)(?:как(?:ой|ая|ое|ие|ую|ого|им)|который|кто)(?!\w)|哪", re.I)
_OR = lazyre.compile(r"\bor\b|(?<!\w)или(?!\w)|或", re.I)
#: Conjunctions that may join two asks about two items (rule 6).
_CODE_CONJUNCTION = {
    "en": r"(?:,?\s+(?:and|as well as)\s+|\s*;\s*)",
    "ru": r"(?:,?\s+(?:и|а также)\s+|\s*;\s*)",
    "zh": r"(?:[，,]?\s*(?:以及|并且|和|与|及)\s*|\s*[；;]\s*)",
}


#: Letters a model code starts with at least, for rules 3 and 6. One letter and a number
#: ("A4", "F1", "B5", "v2") names a paper size, a key, a cell or a version as often as a
#: model, and "A4 and A3" is then one thing asked of both ("switching between A4 and A3").
#: A code that opens with digits (text.codes.DIGIT_FIRST_CODE_RE: "16К20", "6Р82") has
#: digits on both sides of its letters, which none of those has: it counts whatever its
#: letters.
MODEL_CODE_LETTERS = 2
_LETTERS = lazyre.compile(r"[^\W\d_]+")
#: Characters a name may be at least (rule 6): shorter unknown words ("pH", "xy") are as
#: often units, variables or abbreviations as names.
NAME_MIN_CHARS = 3
_L = "A-Za-z\u00c0-\u024f\u0400-\u04ff"
#: A word of Latin or Cyrillic letters, hyphens inside ("xeCJK", "luatexja", "pdf-tools"),
#: not part of a macro, a code or a longer token.
_NAME_WORD = lazyre.compile(rf"(?<![{_L}0-9\\@_-])[{_L}]+(?:-[{_L}]+)*(?![{_L}0-9@_-])")
_CYRILLIC = lazyre.compile("[\u0400-\u04ff]")
#: A name as program code writes it (rule 6, and the thing a later part's pronoun stands
#: for, `_with_referent`): letter-led pieces of two characters or more joined by "." or
#: "_" ("read.table", "glp_simplex", "dh_auto_configure", "пакет.cron.weekly"), or any
#: identifier called with "()" ("read.table()", "plot()"). One-character pieces are
#: abbreviations, versions and numbers ("e.g.", "v2.1", "No.5"), not code.
_SEGMENT = rf"[{_L}0-9]{{2,}}(?:-[{_L}0-9]+)*"
_IDENTIFIER = lazyre.compile(
    rf"(?<![{_L}0-9\\@_.-])(?=[{_L}])(?:{_SEGMENT}(?:[._]{_SEGMENT})+(?:\(\))?|[{_L}_][{_L}0-9_.]*\(\))"
    rf"(?![{_L}0-9_@-]|\.[{_L}0-9])")


class Item(NamedTuple):
    """A named thing a question may ask the same of in a list (rule 6). `start`, `end`:
    its character span in the text searched; `text`: as written; `key`: what makes two
    items one (a code's text.codes.code_key, a macro as written, an identifier or a name
    lower-cased); `kind`: "macro", "code", "identifier" or "name"."""
    start: int
    end: int
    text: str
    key: str
    kind: str


def _model_codes(text: str) -> list[re.Match]:
    """The model codes `text` names (text.codes.find_codes that open with digits, or whose
    first letter run holds MODEL_CODE_LETTERS letters or more), every occurrence."""
    return [m for m in codes.find_codes(text)
            if m.group()[0].isdigit() or len(_LETTERS.findall(m.group())[0]) >= MODEL_CODE_LETTERS]


def _codes(text: str) -> list[re.Match]:
    """The model codes `text` names (`_model_codes`), the first of each code_key only."""
    seen: set[str] = set()
    out = []
    for m in _model_codes(text):
        key = codes.code_key(m.group())
        if key not in seen:
            seen.add(key)
            out.append(m)
    return out


def items(text: str) -> list[Item]:
    """The named items `text` names, every occurrence in text order: TeX macros
    (text.analysis.MACRO_RE: "\\ahangle"), model codes (`_model_codes`: "AQ-100"), names as
    program code writes them (`_IDENTIFIER`: "read.table()", key "read.table") and names,
    words of NAME_MIN_CHARS letters or more that general language does not know
    (text.zipf.unknown: "xeCJK", "luatexja"; looked up in the language of their script).
    Words of a source phrase ("According to lshort,", "(per lshort)": rule 5) name the
    document asked, not an item, and are left out."""
    found: list[Item] = [Item(m.start(), m.end(), m.group(), m.group(), "macro")
                         for m in analysis.MACRO_RE.finditer(text)]
    taken = [(i.start, i.end) for i in found]
    for m in _model_codes(text):
        if not any(a < m.end() and m.start() < b for a, b in taken):
            found.append(Item(m.start(), m.end(), m.group(), codes.code_key(m.group()), "code"))
    taken = [(i.start, i.end) for i in found]
    for m in _IDENTIFIER.finditer(text):
        if not any(a < m.end() and m.start() < b for a, b in taken):
            found.append(Item(m.start(), m.end(), m.group(), m.group().removesuffix("()").lower(), "identifier"))
    taken = [(i.start, i.end) for i in found]
    source = [m.span(1) for m in [_LEADING_CONTEXT.match(text)] if m]
    source += [m.span() for m in _PAREN_CONTEXT.finditer(text)]
    for m in _NAME_WORD.finditer(text):
        word = m.group()
        if len(word) < NAME_MIN_CHARS or any(a < m.end() and m.start() < b for a, b in taken + source):
            continue
        if zipf.unknown(word, "ru" if _CYRILLIC.search(word) else "en"):
            found.append(Item(m.start(), m.end(), word, word.lower(), "name"))
    found.sort(key=lambda i: i.start)
    return found


def _distinct(found: list[Item]) -> list[Item]:
    """The first occurrence of each item key."""
    return list({i.key: i for i in reversed(found)}.values())[::-1]


def by_item(part: str, lang: str) -> list[str]:
    """Rule 6: `part` as one part per named item it names (`items`; see the module doc),
    or [`part`] when it names fewer than two, asks a relation among them, or neither way
    separates them."""
    found = items(part)
    if len(_distinct(found)) < 2 or _asks_relation(part, found):
        return [part]
    marked = [i for i in found if i.kind != "name"]
    return _cut_between_items(part, lang, marked) or _per_listed_item(part, lang, found) or [part]



def _asks_relation(part: str, found: list[Item]) -> bool:
    """Whether `part` asks a relation among its items (`_RELATION`), or only compares them
    (`_COMPARE` and no content word besides the comparing word and the items)."""
    if _RELATION.search(part):
        return True
    compare = _COMPARE.search(part)
    if compare is None:
        return False
    rest = part
    for i in sorted(found, key=lambda i: -i.start):
        rest = rest[:i.start] + " " + rest[i.end:]
    rest = _COMPARE.sub(" ", rest)
    return _content_words(rest) == 0


def _cut_between_items(part: str, lang: str, found: list[Item]) -> list[str] | None:
    """`part` cut at its conjunctions into pieces naming one item of `found` each and asking
    words of their own besides it; a piece naming no item joins the next (the last, the one
    before). The question's frame goes to a piece that lacks an interrogative. None when a
    piece names no item, more than one, or nothing but its item. `found` holds the items
    marked as such (macros and codes): a name is known only by general language not knowing
    it, and the other side of a conjunction may name a thing it knows ("versions of Biblatex
    and Biber needed for …" is no two asks), so names are split only as a list."""
    body = part.rstrip("?？ ")
    spans, start = [], 0
    inside = [i for i in found if i.end <= len(body)]
    ends = {i.end for i in inside}
    starts = {i.start for i in inside}

    def named(a: int, b: int) -> int:
        return len({i.key for i in inside if a <= i.start and i.end <= b})

    for m in re.finditer(_CODE_CONJUNCTION[lang], body, re.I):
        if m.start() in ends and m.end() in starts:
            continue  # "AQ-100 and AQ-150": a list of items (`_per_listed_item`)
        if m.start() > 0:
            spans.append((start, m.start()))
            start = m.end()
    spans.append((start, len(body)))
    joined: list[tuple[int, int]] = []
    for a, b in spans:  # a piece naming no item joins the next one, with its conjunction
        if joined and not named(*joined[-1]):
            joined[-1] = (joined[-1][0], b)
        else:
            joined.append((a, b))
    if len(joined) > 1 and not named(*joined[-1]):
        joined[-2:] = [(joined[-2][0], joined[-1][1])]
    if len(joined) < 2 or any(named(a, b) != 1 or _content_words(body[a:b]) < 2 for a, b in joined):
        return None
    merged = [body[a:b] for a, b in joined]
    asks = re.compile(_INTERROGATIVE[lang] + (r"" if lang == "zh" else r"\b"), re.I)
    framed = next((p for p in merged if asks.search(p)), None)
    mark = "？" if lang == "zh" else "?"
    out = []
    for p in merged:
        p = p.strip(" ,;，；")
        if framed is not None and not asks.search(p):
            p = _with_frame(p, framed, lang)
        out.append(p + mark)
    return out


_ARTICLE = lazyre.compile(r"(?:the|a|an)\s+", re.I)


def _with_frame(piece: str, framed: str, lang: str) -> str:
    """`piece` with the interrogative frame of `framed`: in English and Russian, when
    `piece` opens as the phrase naming `framed`'s item does (the same preposition: "of the
    AQ-150 pump" after "What is the weight of the AQ-100 pump"; or an article and its item:
    "the AQ-150 pump"), `framed` up to that phrase ("What is the weight ") and then `piece`;
    else the words before `framed`'s first content word ("What is the") replace `piece`'s
    leading words without content ("the"). In Chinese the interrogative end of `framed`
    ("是多少") is appended."""
    if lang == "zh":
        m = re.search(r"(?:是|为)?" + _INTERROGATIVE["zh"] + r".*$", framed)
        return piece + (m.group() if m else "")
    item = items(framed)
    lead = piece.split()[0].casefold() if piece.split() else ""
    if item and lead in _PREPOSITION_WORDS[lang]:
        before = [m for m in re.finditer(rf"(?<!\w){re.escape(lead)}\s", framed[:item[0].start], re.I)]
        if before:
            return framed[:before[-1].start()] + piece
    article = _ARTICLE.match(piece)
    own = items(piece)
    if item and article and own and own[0].start == article.end():
        cut = re.search(r"(?:the|a|an)\s+$", framed[:item[0].start], re.I)
        if cut:
            return framed[:cut.start()] + piece
    head, words = [], framed.split()
    for w in words:
        if analysis.query_groups(w):
            break
        head.append(w)
    rest = piece.split()
    while rest and not analysis.query_groups(rest[0]):
        rest.pop(0)
    return " ".join(head + rest) if head and rest else piece


def _per_listed_item(part: str, lang: str, found: list[Item]) -> list[str] | None:
    """`part` once per item of the list of items it names ("AQ-100 and AQ-150", "\\ahangle
    and \\ahlength"), the list replaced by that item; None when no one list holds every item
    of the kinds it lists, or the list is joined by "or" in a "which" question (a choice)."""
    for i in range(len(found)):
        j = i
        while j + 1 < len(found) and re.fullmatch(_LIST_SEP, part[found[j].end:found[j + 1].start], re.I):
            j += 1
        listed = found[i:j + 1]
        kinds = {x.kind for x in listed}
        keys = {x.key for x in listed}
        if j == i or any(x.kind in kinds and x.key not in keys for x in found):
            continue
        gaps = " ".join(part[a.end:b.start] for a, b in zip(listed, listed[1:]))
        if _OR.search(gaps) and _WHICH.search(part):
            return None  # a choice among them ("which is lighter, AQ-100 or AQ-150?")
        mark = "？" if lang == "zh" else "?"
        out = []
        for text in dict.fromkeys(x.text for x in _distinct(listed)):
            p = (part[:listed[0].start] + text + part[listed[-1].end:]).strip()
            out.append(p if p[-1:] in "?？" else p.rstrip(".。") + mark)
        return out
    return None


_TRAILING_CONTEXT = lazyre.compile(r"\s*\([^()]*\)\s*(?=[?？]$)")


def core_of(part: str) -> str:
    """A part without a parenthesised context copied into it by rule 5 ("(per lshort)"):
    the words the part itself asks. Retrieval uses the whole part; the coverage that ranks
    evidence and decides refusal uses the core, so the copied source helps find the document
    without counting as words the evidence must contain."""
    return _TRAILING_CONTEXT.sub("", part)


def _sentences(q: str) -> list[str]:
    """Question sentences; a statement sentence is joined to the question after it."""
    pieces = [m.group().strip() for m in _SENTENCE.finditer(q) if m.group().strip()]
    out, carry = [], ""
    for p in pieces:
        if p[-1] in "?？":
            out.append((carry + " " + p).strip() if carry else p)
            carry = ""
        else:
            carry = (carry + " " + p).strip()
    if carry:
        if out:
            out[-1] = out[-1] + " " + carry
        else:
            out.append(carry)
    return out


def _split_at_conjunctions(sentence: str, lang: str) -> list[str]:
    pattern = re.compile(_CONJUNCTION[lang] + r"(?=" + _PREPOSITION[lang] + _INTERROGATIVE[lang]
                         + (r")" if lang == "zh" else r"\b)"), re.I)
    pieces, start = [], 0
    for m in pattern.finditer(sentence):
        if m.start() == 0:
            continue
        pieces.append(sentence[start:m.start()])
        start = m.end()
    pieces.append(sentence[start:])
    out = []
    for p in pieces:
        p = p.strip(" ,;，；")
        if p:
            mark = "？" if lang == "zh" else "?"
            out.append(p if p[-1] in "?？" else p + mark)
    return out


def _content_words(part: str) -> int:
    return len(analysis.query_groups(part))


def _self_contained(parts: list[str], lang: str) -> list[str]:
    """Copy the source phrase into the parts that lack it (rule 5)."""
    lead = _LEADING_CONTEXT.match(parts[0])
    paren = _PAREN_CONTEXT.search(" ".join(parts))
    out = [parts[0]]
    for p in parts[1:]:
        if lead and not _LEADING_CONTEXT.match(p):
            p = lead.group(1) + " " + p[0].lower() + p[1:] if lang == "en" else lead.group(1) + " " + p
        elif p[0].islower() and not any(i.start == 0 for i in items(p)):  # "luatexja" as written
            p = p[0].upper() + p[1:]
        if paren and paren.group() not in p:
            p = p[:-1].rstrip() + " " + paren.group() + p[-1]
        out.append(p)
    return out


#: The end of a statement sentence before a question's own sentence ("… за машину.
#: Подскажите, сколько …?"): a full stop or "!" and a space before a capital letter (not the
#: point of "3.5", an ellipsis "bib...", nor "т.п." inside a sentence), or a Chinese "。" or "！".
_STATEMENT_END = lazyre.compile(r"(?<=[^.][.!])\s+(?=[A-ZА-ЯЁ])|(?<=[。！])\s*(?=\S)")


def _by_item_or_frame(part: str, lang: str) -> list[str]:
    """Rule 6 (`by_item`), else rule 7 (`by_frame`), applied to the part's own question
    sentence: statements before it (rule 1) are context each piece keeps whole, never split
    themselves ("недалеко от вокзала и от набережной" in a story before the question asks
    nothing twice)."""
    cuts = [m.start() for m in _STATEMENT_END.finditer(part)]
    at = cuts[-1] if cuts else 0
    context, asked = part[:at].strip(), part[at:].strip()
    pieces = by_item(asked, lang)
    if len(pieces) < 2:
        pieces = by_frame(asked, lang)
    if len(pieces) < 2:
        return [part]
    sep = "" if context.endswith(("。", "！")) else " "
    return [f"{context}{sep}{p}".strip() for p in pieces]


_DET = r"(?:the|its|their|his|her)"
#: Rule 7 frames: an English copula question, a plural Russian interrogative.
_EN_FRAME = lazyre.compile(r"\b(?:what|which)(?:'s|\s+(?:is|are|was|were))\s+", re.I)
_RU_FRAME = lazyre.compile(r"(?<!\w)(?:каковы|какие)\s+", re.I)
_WORD = r"[^\W_][\w'’/-]*"
#: Rule 7: what ends the second thing of a coordination: a preposition or clause word
#: starting the shared tail, a comma, a parenthesis or the end.
_EN_TAIL = lazyre.compile(r"\s+(?:of|for|in|on|at|per|under|from|with|by|to|when|if|as|does|do|can|should|must)\b"
                      r"|\s*[,(?;:]|\s*$", re.I)
_STOP_THING = lazyre.compile(r"\b(?:and|or|of|for|in|on|at|the|a|an)\b", re.I)
_ZH_EACH = lazyre.compile(r"分别|各自|各(?=[是为占有需要可多用在])")
_ZH_BOUND = lazyre.compile(r"[的，,：:；;]")
_ZH_CONJ = lazyre.compile(r"\s*(?:以及|和|与|及)\s*")


def by_frame(part: str, lang: str) -> list[str]:
    """Rule 7: `part` once per coordinated thing it asks of one frame (see the module doc),
    or [`part`] when it asks no such thing, asks a relation among them, or a part would
    not stand alone (rule 3). Parts end as `part` does ("?" or "？")."""
    if _RELATION.search(part) or _COMPARE.search(part):
        return [part]
    if lang == "zh":
        pieces = _zh_each(part)
    else:
        pieces = _repeated_preposition(part, lang) or _coordinated_after_frame(part, lang)
    if not pieces or len(pieces) > MAX_PARTS or not all(_stands_alone(p) for p in pieces):
        return [part]
    return [" ".join(p.split()) for p in pieces]


def _coordinated_after_frame(part: str, lang: str) -> list[str] | None:
    """Rule 7's frame forms: "What is the X and the Y of Z?" (the second noun phrase with
    its own determiner, running to the shared tail `_EN_TAIL`) or two single words after
    the frame ("What are the dry and wet …", "Каковы мощность и напор …"), each part the
    question with the other thing and the conjunction left out. None when there is none."""
    if lang == "en":
        for f in _EN_FRAME.finditer(part):
            rest = part[f.end():]
            m = re.match(rf"({_DET}\s+)((?:{_WORD}\s+){{0,3}}?{_WORD})\s+and\s+({_DET}\s+(?:{_WORD}\s+){{0,3}}?{_WORD})"
                         rf"(?={_EN_TAIL.pattern})", rest, re.I)
            if m and not any(_STOP_THING.search(t) for t in (m.group(2), m.group(3).split(None, 1)[1])):
                a, b = f.end() + m.start(1), f.end() + m.end(3)
                first = part[:a] + m.group(1) + m.group(2) + part[b:]
                second = part[:a] + m.group(3) + part[b:]
                return [first, second]
            m = re.match(rf"(?:{_DET}\s+)?({_WORD})\s+and\s+({_WORD})(?=\s|[,?])", rest, re.I)
            if m and _single_things(m.group(1), m.group(2)):
                return _either_word(part, f.end() + m.start(1), f.end() + m.end(1),
                                    f.end() + m.start(2), f.end() + m.end(2))
        return None
    if lang == "ru":
        for f in _RU_FRAME.finditer(part):
            m = re.match(rf"({_WORD})\s+и\s+({_WORD})(?=\s|[,?])", part[f.end():], re.I)
            if m and _single_things(m.group(1), m.group(2)):
                o = f.end()
                noun_end = _ru_phrase_end(part, o + m.end(2), m.group(1), m.group(2))
                if noun_end is not None:  # "X и [Y N] …": Y modifies N alone
                    return [part[:o] + m.group(1) + part[noun_end:], part[:o] + part[o + m.start(2):]]
                return _either_word(part, o + m.start(1), o + m.end(1), o + m.start(2), o + m.end(2))
    return None


def _ru_phrase_end(part: str, after_b: int, a: str, b: str) -> int | None:
    """The end of the noun N after "A и B" in `part` (`after_b`: the end of B), when B is an
    adjective agreeing with N and A is no adjective that could agree with N: then A is a
    thing of its own (a noun, or an adjective used as one: "суточные") and the things are A
    and "B N", what follows N shared ("Каковы суточные и предельная стоимость проживания при
    поездке?" asks the allowance and the price limit, not a "суточная стоимость"; "Каковы
    масса и полная длина шланга?" the hose's mass and its full length). None otherwise: two
    adjectives of one noun ("минимальная и максимальная температура") or two nouns
    ("мощность и напор насоса") share what follows B. Agreement is pymorphy3's reading
    (OpenCorpora tags): the same case, and the same number and, in the singular, gender; a
    singular adjective also agrees with a plural noun ("дневная и ночная нормы")."""
    nxt = re.match(rf"\s+({_WORD})", part[after_b:])
    if nxt is None or not re.fullmatch(r"[а-яё-]+", nxt.group(1), re.I):
        return None
    from pincite.text.morph import morph

    analyzer = morph()
    nouns = [p.tag for p in analyzer.parse(nxt.group(1)) if p.tag.POS == "NOUN"]

    def agrees(word: str) -> bool:
        for adj in (p.tag for p in analyzer.parse(word) if p.tag.POS in ("ADJF", "PRTF")):
            for noun in nouns:
                if adj.case != noun.case:
                    continue
                if adj.number == noun.number and (adj.number == "plur" or adj.gender == noun.gender):
                    return True
                if adj.number == "sing" and noun.number == "plur":
                    return True
        return False

    if not nouns or not agrees(b) or agrees(a):
        return None
    return after_b + nxt.end()


def _single_things(a: str, b: str) -> bool:
    """Whether `a` and `b` are content words (not stopwords, interrogatives or items that
    rule 6 deals with)."""
    return all(_content_words(w) == 1 and not items(w) for w in (a, b))


def _either_word(part: str, a0: int, a1: int, b0: int, b1: int) -> list[str]:
    """`part` with the span a0..b1 ("A and B") as A, then as B."""
    return [part[:a0] + part[a0:a1] + part[b1:], part[:a0] + part[b0:b1] + part[b1:]]


def _repeated_preposition(part: str, lang: str) -> list[str] | None:
    """Rule 7's repeated preposition: "… for the X and for the Y (…)?" -> "… for the X
    (…)?", "… for the Y (…)?"; the second thing runs to the next comma, parenthesis or the
    end, and its preposition opens no interrogative (rule 2 cuts those)."""
    preps = _PREPOSITION_WORDS.get(lang) or ()
    if not preps:
        return None
    conj = r"(?:and|as well as)" if lang == "en" else r"(?:и|а также)"
    alts = "|".join(preps)
    for m in re.finditer(rf",?\s+{conj}\s+({alts})\s+(?!{_INTERROGATIVE[lang]}\b)", part, re.I):
        prep = m.group(1)
        before = [b for b in re.finditer(rf"(?<!\w){re.escape(prep)}\s", part[:m.start()], re.I)]
        if not before:
            continue
        a0 = before[-1].start()
        if re.search(rf"\s{conj}\s|[,;?]", part[a0:m.start()], re.I):
            continue  # another conjunction or clause between: not one coordination
        end = re.search(r"\s*[,(;?]|\s*$", part[m.end():])
        b1 = m.end() + (end.start() if end else len(part) - m.end())
        b0 = m.start(1)
        return [part[:m.start()] + part[b1:], part[:a0] + part[b0:b1] + part[b1:]]
    return None


def _zh_each(part: str) -> list[str] | None:
    """Rule 7's Chinese form: "…A和B分别是多少？" -> "…A是多少？", "…B是多少？" (see the
    module doc); None when there is no "分别"/"各" after a conjunction."""
    each = _ZH_EACH.search(part)
    if each is None:
        return None
    pre = part[:each.start()].rstrip(" ，,")
    conjs = list(_ZH_CONJ.finditer(pre))
    if not conjs:
        return None
    c = conjs[-1]
    if "的" in pre[c.end():]:
        # each side is a whole phrase of its own ("伪粗体的默认粗细程度和伪斜体的默认倾斜程度"):
        # nothing before the conjunction is shared but what a comma sets off
        start = max([m.end() for m in re.finditer(r"[，,：:；;]", pre[:c.start()])], default=0)
        end = len(pre)
    else:
        start = max([m.end() for m in _ZH_BOUND.finditer(pre, 0, c.start())], default=0)
        end_m = _ZH_BOUND.search(pre, c.end())
        end = end_m.start() if end_m else len(pre)
    things = [t.strip() for t in re.split(r"、|" + _ZH_CONJ.pattern, pre[start:end]) if t.strip()]
    if len(things) < 2 or any(_content_words(t) == 0 for t in things):
        return None
    tail = part[each.end():]
    gap = part[len(pre):each.start()]
    lead = pre[:start]
    return [lead + t + pre[end:] + gap + tail for t in things]
