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
   stopwords and interrogatives do not count). Otherwise the split is undone: "В каком
   издательстве и в каком году вышла книга…" shares one verb and stays whole; "…, and what
   unit is it?" leans on "it" and stays whole.
4. At most MAX_PARTS parts.
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

from pincite.text import analysis

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
_PREPOSITION = {
    "en": r"(?:(?:in|on|at|of|for|from|to|by|with|under|since|until|after|before)\s+)?",
    "ru": r"(?:(?:в|во|на|с|со|по|при|до|после|для|из|от|к|о|об|за|под|между)\s+)?",
    "zh": r"",
}
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
    if len(parts) < 2 or len(parts) > MAX_PARTS or not all(_content_words(p) >= MIN_CONTENT_WORDS for p in parts):
        return [question.strip()]
    return _self_contained(parts, lang)


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
