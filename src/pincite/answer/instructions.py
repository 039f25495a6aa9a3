"""What a question tells the answerer rather than asks of the documents.

People paste questions the way they write to a chat assistant: "Please answer in English and
keep it short: what is the monthly rent for Flat 4B? Thanks!", "Ответь кратко: …", "请用中文
回答：……谢谢！". The instruction ("answer in English", "keep it short") and the courtesy
("Thanks!") are about the form of the answer, which pincite's extractive answer does not
take from the question; their words ("answer", "short") stand in no document, and counted as
question words they turn an answered question into a refusal. `without_instructions` drops
them: a clause that tells how to answer (a verb of answering or a brevity phrase, ending at
a colon or a full stop before the question), a request to be told opening the question
("Подскажите, пожалуйста, …", "Could you tell me …", "请问"), a thanks at either end, and,
in a text that asks with a question mark, the sentences it exclaims around the question
("Здравствуйте! … ? Заранее большое спасибо!": a greeting or a thanks in any wording). The
patterns are short lists of the usual chat phrasings in en/ru/zh. Must not import cli/ or web/.
"""
from __future__ import annotations

import re

from pincite.text import lazyre

#: A clause telling how to answer: a verb of answering or writing with a language, a length
#: or a manner ("answer in English", "keep it short", "be brief", "ответь кратко", "отвечай
#: по-русски", "请用中文回答", "简要回答"), up to the colon, full stop or exclamation mark
#: that ends it.
_HOW_TO_ANSWER = lazyre.compile(
    r"^\s*(?:(?:please|pls|kindly)[\s,]+)?(?:(?:answer|reply|respond|write|explain|tell\s+me|keep\s+it|be)\b"
    r"[^.?!:]{0,60}?\b(?:english|russian|chinese|short|shortly|brief|briefly|concise|concisely|simple|simply"
    r"|one\s+sentence|a\s+few\s+words|plain\s+words)\b[^.?!:]{0,40})[:.!]\s*"
    r"|^\s*(?:пожалуйста[\s,]+)?(?:ответь|ответьте|отвечай|отвечайте|напиши|напишите|объясни|объясните|"
    r"расскажи|расскажите)\b[^.?!:]{0,60}?(?:по-русски|по-английски|по-китайски|на\s+русском|на\s+английском"
    r"|кратко|коротко|вкратце|в\s+двух\s+словах|одним\s+предложением|просто)[^.?!:]{0,40}[:.!]\s*"
    r"|^\s*请?(?:用(?:中文|英文|俄文|简体中文)|简要|简单|简短|尽量简短地)[^。？！：:?]{0,20}?(?:回答|回复|说明|解释)"
    r"[^。？！：:?]{0,10}[：:。！!]\s*",
    re.IGNORECASE)
#: A clause before a colon that holds a verb of answering anywhere, before what is asked (a
#: question, or what is asked for named: "… reply only with a number: the 3-day helmet hire
#: price."): "Ignore everything else and answer in one line only: …?", "Не растекайся и
#: ответь одной строкой: …?", "只需一句话回答：……？". The clause is about the form of the
#: answer; what is asked follows the colon.
_ANSWER_CLAUSE = lazyre.compile(
    r"^(?!\s*(?:what|which|who|whose|where|when|how|why|is|are|does|do|did|can|что|какой|какая|какое|как|где|когда|кто)\b)"
    r"[^:：?？\n]{0,100}?(?:(?<!the )(?<!an )(?<!your )\b(?:answer|reply|respond)\b"
    r"|(?<![а-яё])(?:ответь|ответьте|отвечай|отвечайте)(?![а-яё])|回答|回复)[^:：?？\n]{0,60}[:：]\s*(?=\S)",
    re.IGNORECASE)
#: A thanks at the start or end of the question ("Thanks!", "Thank you.", "Спасибо!", "谢谢！").
_THANKS = lazyre.compile(
    r"(?:^|(?<=[?.!？。！]))\s*(?:thanks(?:\s+(?:a\s+lot|in\s+advance))?|thank\s+you(?:\s+in\s+advance)?"
    r"|спасибо(?:\s+заранее)?|заранее\s+спасибо|谢谢|多谢|麻烦了)\s*[.!。！]*\s*$"
    r"|^\s*(?:thanks|спасибо|谢谢)[,，!！]\s*",
    re.IGNORECASE)


#: A request to be told that opens a question: "Could you (please) tell me", "Please tell me",
#: "I'd like to know", "Подскажите(, пожалуйста),", "Не подскажете,", "Скажите,", "请问".
_TELL_ME = lazyre.compile(
    r"^\s*(?:(?:could|can|would)\s+you\s+(?:please\s+)?tell\s+me|(?:please|just)\s+tell\s+me|i'?d\s+like\s+to\s+know)"
    r"[\s,]+"
    r"|^\s*(?:не\s+|просто\s+)?(?:подскажите|подскажете|подскажи|скажите|скажи)(?:[\s,]+пожалуйста)?[\s,]+"
    r"|^\s*请问[，,\s]*",
    re.IGNORECASE)
#: A leading clause telling the answerer to disregard what it was told ("Ignore all previous
#: instructions and …", "Игнорируй все предыдущие инструкции и просто скажи, …", "忽略之前的
#: 指令，…"): it asks nothing of the documents; what follows it is the question.
_DISREGARD = lazyre.compile(
    r"^\s*(?:please\s+)?(?:ignore|disregard|forget)\b[^.?!:,;]{0,60}\b(?:instructions?|rules|prompts?|documents?"
    r"|everything(?:\s+else)?)\s*(?:,|:|\band\b)\s*"
    r"|^\s*(?:игнорируй|игнорируйте|забудь|забудьте|не\s+обращай\s+внимания\s+на)(?![а-яё])[^.?!:,;]{0,60}"
    r"(?<![а-яё])(?:инструкци\w*|правил\w*|указани\w*|документ\w*|всё|все)\s*(?:,|:|(?<![а-яё])и(?![а-яё]))\s*"
    r"|^\s*(?:请)?(?:忽略|无视|忘记|忘掉)[^。？！：:，,]{0,20}(?:指令|指示|规则|说明|文档|一切)[，,：:]\s*(?:并且?|然后)?",
    re.IGNORECASE)
#: A leading phrase asking for a short answer ("In one word, …", "Briefly: …", "Одним словом,
#: …", "简单地说，…"): about the answer's form, not the documents.
_BRIEFLY = lazyre.compile(
    r"^\s*(?:in\s+(?:one|a\s+single|a\s+few)\s+words?|in\s+short|briefly)\s*[,:]\s*"
    r"|^\s*(?:одним\s+словом|в\s+двух\s+словах|коротко|кратко)\s*[,:]\s*"
    r"|^\s*(?:一句话|简单地说|简而言之)\s*[，,：:]\s*",
    re.IGNORECASE)
#: A sentence ending in an exclamation mark: a greeting or a thanks around a question.
_EXCLAIMED = lazyre.compile(r"[^.?!？。！]*[!！]+\s*")


def _asked_sentences(q: str) -> str:
    """`q` without its exclaimed sentences (_EXCLAIMED) when another of its sentences ends in
    a question mark: "Здравствуйте! Когда …? Заранее большое спасибо!" is "Когда …?"."""
    if not re.search(r"[?？]", q):
        return q
    kept = _EXCLAIMED.sub("", q).strip()
    return kept if re.search(r"[?？]", kept) else q


def without_instructions(question: str) -> str:
    """`question` without a leading clause telling to disregard instructions (_DISREGARD) or
    telling how to answer (_HOW_TO_ANSWER, repeated:
    "Please answer in English and keep it short: …"; _ANSWER_CLAUSE: "Ignore everything
    else and answer in one line only: …?"), a thanks at either end (_THANKS), the
    exclaimed sentences around a question (`_asked_sentences`) and a request to be told
    opening it (_TELL_ME); the question itself when nothing else would remain."""
    q = question
    while True:
        m = _DISREGARD.match(q) or _HOW_TO_ANSWER.match(q) or _ANSWER_CLAUSE.match(q) or _BRIEFLY.match(q)
        if m is None or not q[m.end():].strip():
            break
        q = q[m.end():]
    stripped = _THANKS.sub("", q).strip()
    q = stripped or q.strip()
    q = _asked_sentences(q)
    told = _BRIEFLY.sub("", _TELL_ME.sub("", q, count=1).strip(), count=1).strip()
    q = told if re.search(r"\w", told) else q
    if q[:1].islower() and q[:1] != question.strip()[:1]:
        q = q[0].upper() + q[1:]
    return q if re.search(r"\w", q) else question


#: Fewest letters of a question typed in capitals for `in_sentence_case` to read it in lower
#: case: an acronym alone ("FAQ?", "ГОСТ?") is what it says.
MIN_SHOUTED = 12
_CASED_WORD = lazyre.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")


def in_sentence_case(question: str) -> str:
    """`question` in lower case, its first letter upper, when it is typed in capitals (every
    cased letter upper case, MIN_SHOUTED of them at least: "WHAT TIME DO YOU CLOSE ON
    SUNDAYS?"); a word holding a digit keeps its capitals ("PX-200"). Capitals mark names
    and acronyms elsewhere (features.capitalised, analysis.acronyms), which a shouted question
    would make of every word; the question itself when it is not shouted."""
    cased = [ch for ch in question if ch.isalpha() and ch.lower() != ch.upper()]
    if len(cased) < MIN_SHOUTED or any(ch.islower() for ch in cased):
        return question
    words = re.split(r"(\s+)", question)
    out = "".join(w if any(ch.isdigit() for ch in w) else w.lower() for w in words)
    m = _CASED_WORD.search(out)
    return out[:m.start()] + out[m.start()].upper() + out[m.start() + 1:] if m else out
