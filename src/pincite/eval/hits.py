"""Which citations of an answer hit what a question expects: the expected document and
page (`citation_hits`), an expected quote part on a page (`on_page`), and a quote that
states the expected quote (`quote_states`, the quote@1 figure). Questions are dicts in the
../shared/eval format (`doc`, `pages`, `quote`, `quote_parts`, `lang`); the shared rules of
pincite.eval.run's scoring live here so that each can be tested on its own.
"""
from __future__ import annotations

import re
from typing import Callable


def citation_hits(q: dict, doc: str, pages: set[int], c: dict,
                  page_text: Callable[[str, int], str] | None) -> bool:
    """Whether citation `c` (a run.score() record) is one the question expects: its file, and
    one of the expected `pages`. A citation of a sheet range or slide (no PDF page) hits
    when its quote holds the expected quote; for a question with a quote and no pages (a
    DOCX paragraph) a citation of a page hits when its quote, or that page, holds the quote."""
    if c["file"] != doc:
        return False
    quote = q.get("quote")
    parts = quote_parts(q)
    if c["page"] is None:
        from pincite.answer.normalize import normalize

        held = normalize(c["quote"] or "").text
        return any(normalize(p).text in held or _row_held(p, held) for p in parts)
    if pages or not quote or page_text is None:
        return c["page"] in pages
    from pincite.answer.normalize import normalize

    # the cited quote itself holding a part counts too: a short expected quote ("41 kg") is
    # too short for verify_quote or for containment in a whole page to mean anything
    held = normalize(c["quote"] or "").text
    if any(normalize(p).text in held for p in parts):
        return True
    text = page_text(c["doc_id"], c["page"])
    return any(on_page(p, text, q.get("lang")) for p in parts)


def _row_held(part: str, held: str) -> bool:
    """Whether an expected quote written as a table row, its cells joined by " | " (an
    optional "Sheet!A2:F2 " range before the first), is cited by a sheet or slide quote
    (`held`, normalised) that holds its first cell, the row's label, and one more of its
    cells: the row is the one expected and one of its values is quoted, as a page citation
    hits on the expected page. A citation quoting the asked cells of a row ("60 minutes /
    One lesson (online): £40") rarely holds the whole row the question file wrote."""
    from pincite.answer.normalize import normalize

    if " | " not in part:
        return False
    first, *rest = part.split(" | ")
    label = normalize(re.sub(r"^\S+![A-Z]+\d+(?::[A-Z]+\d+)?\s+", "", first)).text
    cells = [normalize(cell).text for cell in rest]
    return bool(label) and label in held and any(cell and cell in held for cell in cells)


def quote_states(quote: str, parts: list[str], lang: str | None = None, question: str = "") -> bool:
    """Whether a cited quote states an expected answer: it holds one of the expected quote's
    `parts` (normalised, answer.normalize), or at least half of one part's analysed words
    (text.analysis.tokens), every number of it and, when `question` is given, at least half
    of the part's words that the question does not already use (its answer words), so a
    quote cut a little differently from the expected one still counts while a neighbouring
    sentence, a sibling line of the same list that repeats the question's words ("initial
    value = ignore" for "initial value = southwest"), or the same words with another value
    ("0.6 MPa" for "0.8 MPa") does not. True when the question gives no quote."""
    from pincite.answer.normalize import normalize
    from pincite.text import analysis

    if not parts:
        return True
    held = normalize(quote).text
    have = set(analysis.tokens(quote))
    asked = set(analysis.tokens(question)) if question else set()
    for part in parts:
        if normalize(part).text in held:
            return True
        want = set(analysis.tokens(part))
        new = want - asked if question else set()
        numbers = _DIGITS.findall(part)
        if (want and len(want & have) >= 0.5 * len(want)
                and len(new & have) >= 0.5 * len(new)
                and all(n in _DIGITS.findall(quote) for n in numbers)):
            return True
    return False


#: A number as written, for `quote_states`: the expected answer's numbers must all be quoted.
_DIGITS = re.compile(r"\d+(?:[.,]\d+)*")


def quote_parts(q: dict) -> list[str]:
    """The pieces of a question's expected quote that a citation may hold: its
    `quote_parts`, or the quote cut at its ellipses ("37 kW … 0.8 MPa" is two pieces that
    stand apart in the source); [] without a quote."""
    if q.get("quote_parts"):
        return [p for p in q["quote_parts"] if p.strip()]
    quote = q.get("quote") or ""
    return [p.strip() for p in re.split(r"\s*(?:…|\.\.\.)\s*", quote) if p.strip()]


def on_page(part: str, page_text: str, lang: str | None) -> bool:
    """Whether an expected quote part stands on a page: verbatim by verify_quote, or contained
    in the normalised page text where a glued footnote mark makes the word-boundary rule fail
    ("9Windows 10 …" for "Windows 10 …"). The part is the question file's, not a claim, so
    only containment is asked here; answers' own quotes keep the strict rule."""
    from pincite.answer.normalize import normalize
    from pincite.answer.verify import verify_quote

    if verify_quote(part, page_text, lang=lang).verified:
        return True
    needle = normalize(part).text
    return len(needle) >= 8 and needle in normalize(page_text).text
