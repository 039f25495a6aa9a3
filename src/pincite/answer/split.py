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
   unit is it?" leans on "it" and stays whole.
4. At most MAX_PARTS parts.
6. One model code per part: a part naming two or more model codes (distinct by
   text.codes.code_key) asks about each model on its own, so it becomes one part per code
   (`by_code`): cut at a coordinating conjunction when each side names its own code and
   asks its own words ("What is the motor power of the AQ-220 and the head of the AQ-100?"
   -> "What is the motor power of the AQ-220?", "What is the head of the AQ-100?", the
   question's frame copied to the side that lacks one); else, when the codes stand in one
   list ("AQ-100 and AQ-150", "AQ-100, AQ-150 и AQ-220", "AQ-100和AQ-220", and with the
   preposition or article said again: "of the AQ-100 and of the AQ-150", "у AQ-100 и у
   AQ-150"), the part once per code of the list. A list after "between" ("между", before
   "之间") is one relation of its codes and stays whole, as does a part whose codes neither
   way separates. Each part is then scoped, answered or refused on its own
   (pipeline.answer_compound). A model code
   here (and in rule 3) starts with MODEL_CODE_LETTERS letters: "A4 and A3" stays whole.
5. Self-contained parts: a leading source phrase ("According to lshort,", "Per the … Guide,",
   "Согласно …,", "По …,", "根据……，", "依……，") and a parenthesised one ("(per lshort)") are
   copied to the parts that lack them. Names of the first part are NOT copied: measured on
   the whole corpus (2026-12-01), appending them ("…推荐哪些 (Windows 10 TeX Live iso)？")
   made retrieval favour the document those names title instead of the part's own words,
   and fewer parts had their evidence found than without them.

tests/test_split.py checks these rules on compound and single questions of each language.
"""
from __future__ import annotations

import re

from pincite.text import analysis, codes

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
_LEADING_CONTEXT = re.compile(
    r"^\s*((?:according to|per|as stated in|in)\s+[^,?]{2,80},|(?:согласно|по данным|по|в)\s+[^,?]{2,80},"
    r"|(?:根据|依据|依照|按照|依)[^，,？?]{2,40}[，,])", re.I)
_PAREN_CONTEXT = re.compile(r"\((?:per|according to|согласно|по|根据)\s[^)]{2,80}\)|（(?:根据|依据)[^）]{2,40}）", re.I)
_SENTENCE = re.compile(r"[^?？]*[?？]|[^?？]+$")


def split_question(question: str, lang: str | None = None) -> list[str]:
    """The sub-questions of `question` (1 to MAX_PARTS strings; one, the question itself,
    when it is not compound). `lang` is "en", "ru" or "zh" (analysis.detect_language when
    None). Each part ends in "?" (or "？" in Chinese) and is self-contained (rule 5)."""
    q = " ".join(question.split())
    lang = lang or analysis.detect_language(q)
    if lang not in _INTERROGATIVE:
        lang = "en"
    parts = []
    for sentence in _sentences(q):
        parts.extend(_split_at_conjunctions(sentence, lang))
    if len(parts) < 2 or len(parts) > MAX_PARTS or not all(_stands_alone(p) for p in parts):
        parts = [q]
    parts = [piece for p in parts for piece in by_code(p, lang)]
    if len(parts) < 2 or len(parts) > MAX_PARTS:
        return [question.strip()]
    return _self_contained(parts, lang)


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
#: A list of codes that a relation takes as a whole, which no one code has alone: after
#: "between" ("the difference between the AQ-100 and the AQ-150", "разница между AQ-100 и
#: AQ-150"), before "之间" ("AQ-100和AQ-150之间的区别").
_BETWEEN_BEFORE = re.compile(r"(?:\bbetween|(?<!\w)между)\s+(?:(?:the|a|an)\s+)?$", re.I)
_BETWEEN_AFTER = re.compile(r"\s*之间")
#: Conjunctions that may join two asks about two models (rule 6).
_CODE_CONJUNCTION = {
    "en": r"(?:,?\s+(?:and|as well as)\s+|\s*;\s*)",
    "ru": r"(?:,?\s+(?:и|а также)\s+|\s*;\s*)",
    "zh": r"(?:[，,]?\s*(?:以及|并且|和|与|及)\s*|\s*[；;]\s*)",
}


#: Letters a model code starts with at least, for rules 3 and 6. One letter and a number
#: ("A4", "F1", "B5", "v2") names a paper size, a key, a cell or a version as often as a
#: model, and "A4 and A3" is then one thing asked of both ("switching between A4 and A3").
MODEL_CODE_LETTERS = 2
_LETTERS = re.compile(r"[^\W\d_]+")


def _model_codes(text: str) -> list[re.Match]:
    """The model codes `text` names (text.codes.find_codes whose first letter run holds
    MODEL_CODE_LETTERS letters or more), every occurrence."""
    return [m for m in codes.find_codes(text)
            if len(_LETTERS.findall(m.group())[0]) >= MODEL_CODE_LETTERS]


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


def by_code(part: str, lang: str) -> list[str]:
    """Rule 6: `part` as one part per model code it names (see the module doc), or
    [`part`] when it names fewer than two codes or neither way separates them."""
    if len(_codes(part)) < 2:
        return [part]
    return _cut_between_codes(part, lang) or _per_listed_code(part, lang) or [part]


def _cut_between_codes(part: str, lang: str) -> list[str] | None:
    """`part` cut at its conjunctions into pieces naming one code each and asking words of
    their own besides it; a piece naming no code joins the next (the last, the one before).
    The question's frame goes to a piece that lacks an interrogative. None when a piece
    names no code, more than one, or nothing but its code."""
    body = part.rstrip("?？ ")
    spans, start = [], 0
    ends = {m.end() for m in _model_codes(body)}
    starts = {m.start() for m in _model_codes(body)}
    for m in re.finditer(_CODE_CONJUNCTION[lang], body, re.I):
        if m.start() in ends and m.end() in starts:
            continue  # "AQ-100 and AQ-150": a list of codes (`_per_listed_code`)
        if m.start() > 0:
            spans.append((start, m.start()))
            start = m.end()
    spans.append((start, len(body)))
    joined: list[tuple[int, int]] = []
    for a, b in spans:  # a piece naming no code joins the next one, with its conjunction
        if joined and not _codes(body[joined[-1][0]:joined[-1][1]]):
            joined[-1] = (joined[-1][0], b)
        else:
            joined.append((a, b))
    if len(joined) > 1 and not _codes(body[joined[-1][0]:joined[-1][1]]):
        joined[-2:] = [(joined[-2][0], joined[-1][1])]
    merged = [body[a:b] for a, b in joined]
    if len(merged) < 2 or any(len(_codes(p)) != 1 or _content_words(p) < 2 for p in merged):
        return None
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


_ARTICLE = re.compile(r"(?:the|a|an)\s+", re.I)


def _with_frame(piece: str, framed: str, lang: str) -> str:
    """`piece` with the interrogative frame of `framed`: in English and Russian, when
    `piece` opens as the phrase naming `framed`'s code does (the same preposition: "of the
    AQ-150 pump" after "What is the weight of the AQ-100 pump"; or an article and its code:
    "the AQ-150 pump"), `framed` up to that phrase ("What is the weight ") and then `piece`;
    else the words before `framed`'s first content word ("What is the") replace `piece`'s
    leading words without content ("the"). In Chinese the interrogative end of `framed`
    ("是多少") is appended."""
    if lang == "zh":
        m = re.search(r"(?:是|为)?" + _INTERROGATIVE["zh"] + r".*$", framed)
        return piece + (m.group() if m else "")
    code = _model_codes(framed)
    lead = piece.split()[0].casefold() if piece.split() else ""
    if code and lead in _PREPOSITION_WORDS[lang]:
        before = [m for m in re.finditer(rf"(?<!\w){re.escape(lead)}\s", framed[:code[0].start()], re.I)]
        if before:
            return framed[:before[-1].start()] + piece
    article = _ARTICLE.match(piece)
    if code and article and _model_codes(piece) and _model_codes(piece)[0].start() == article.end():
        cut = re.search(r"(?:the|a|an)\s+$", framed[:code[0].start()], re.I)
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


def _per_listed_code(part: str, lang: str) -> list[str] | None:
    """`part` once per code of the list of codes it names ("AQ-100 and AQ-150"), the list
    replaced by that code; None when its codes stand in no one list of all of them."""
    found = _codes(part)
    spans = [m.span() for m in _model_codes(part)]
    for i in range(len(spans)):
        j = i
        while j + 1 < len(spans) and re.fullmatch(_LIST_SEP, part[spans[j][1]:spans[j + 1][0]], re.I):
            j += 1
        listed = [part[a:b] for a, b in spans[i:j + 1]]
        if _BETWEEN_BEFORE.search(part[:spans[i][0]]) or _BETWEEN_AFTER.match(part[spans[j][1]:]):
            return None  # one relation of them all ("the difference between AQ-100 and AQ-150")
        if j > i and len({codes.code_key(c) for c in listed}) == len(found):
            keep = list(dict.fromkeys(listed))
            mark = "？" if lang == "zh" else "?"
            out = []
            for c in keep:
                p = (part[:spans[i][0]] + c + part[spans[j][1]:]).strip()
                out.append(p if p[-1:] in "?？" else p + mark)
            return out
    return None


_TRAILING_CONTEXT = re.compile(r"\s*\([^()]*\)\s*(?=[?？]$)")


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
        elif p[0].islower():
            p = p[0].upper() + p[1:]
        if paren and paren.group() not in p:
            p = p[:-1].rstrip() + " " + paren.group() + p[-1]
        out.append(p)
    return out
