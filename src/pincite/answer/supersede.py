"""Amendments before the text they amend.

Policies, standards and contracts are changed by amendments that the original text does not
repeat: a table "No. | Section | Old value | New value | Effective from" at the end of a
handbook ("A-3 | 5.2 Mileage rate | £0.45 per mile | £0.50 per mile | 1 May 2024"), a change
notice "Пункт 5.2 изложить в новой редакции: …", "第5.2条修改为…". The amended clause ("5.2
Business mileage … is reimbursed at £0.45 per mile") matches a question's words better than
the terse amendment does, so it ranks first and states a value no longer in force. Here an
amendment found among the candidates is put right before the clause it names, as likely to
answer as that clause: the person reads the value in force first, and the clause, cited
after it, shows what was changed. Must not import cli/ or web/.
"""
from __future__ import annotations

import re
from typing import Sequence

from pincite.contract import Claim
from pincite.text import analysis, lazyre

from . import extractive, features
from .messages import message
from .normalize import normalize

#: A clause number as documents write it: "5.2", "7.3.1" (at least two parts: a bare "5"
#: is as often a count or a step as a clause).
_CLAUSE_NO = lazyre.compile(r"(?<![\d.])\d+(?:\.\d+)+(?![\d.])")
#: A window that starts with its clause's number ("5.2 Business mileage …", "п. 5.2 …",
#: "Section 7.3 …").
_LEADING_NO = lazyre.compile(
    r"^\s*(?:(?:п|пп|clause|section|art|ст)\.?\s*|пункт\s+|§\s*)?(\d+(?:\.\d+)+)\.?(?=\s)", re.IGNORECASE)
#: A column header of an amendment table: the new value or wording ("New value", "Amended
#: text", "Стало", "Новая редакция", "修改后", "变更后").
_NEW_HEADER = lazyre.compile(
    r"\bnew\b|\bamended\b|\brevised\b|\breplacement\b|(?<![а-яё])(?:нов\w*|стало|измен[её]нн\w*)(?![а-яё])"
    r"|新值|修改后|变更后|修订后|现行", re.IGNORECASE)
#: Words with which a change notice amends a clause in prose: "is amended to read", "is
#: replaced by", "supersedes", "изложить в новой редакции", "заменить словами", "修改为".
_AMENDS = lazyre.compile(
    r"\bamended\b|\bamendment\b|\bsupersed\w*|\breplaced\s+(?:by|with)\b|\bshall\s+(?:now\s+)?read\b"
    r"|(?<![а-яё])(?:в\s+(?:новой|следующей)\s+редакции|заменить\s+словами|изменени[ея]\s+№)"
    r"|修改为|改为|修订为|替换为", re.IGNORECASE)


def _amends(cand: extractive.Candidate) -> bool:
    """Whether a window reads as an amendment: a row of a table with a new-value column
    (_NEW_HEADER), or text in the wording of a change notice (_AMENDS)."""
    if features.is_table_window(cand) and any(_NEW_HEADER.search(h) for h in cand.columns):
        return True
    return bool(_AMENDS.search(features.window_text(cand)))


def amendments_first(cands: Sequence[extractive.Candidate], prob: dict[int, float], set_apart: set[int]
                     ) -> tuple[list[extractive.Candidate], list[tuple[extractive.Candidate, extractive.Candidate]]]:
    """(`cands` (best first) with each amendment moved right before the first window of its
    document that starts with the clause number the amendment names, the (amendment, clause)
    pairs so moved); the amendment's probability in `prob` (keyed by id()) is raised to the
    clause's. An amendment is a window that reads as one (`_amends`) and names a clause
    number (_CLAUSE_NO) other than its own leading one; windows in `set_apart` (about another
    model, document or lacking the asked value) neither amend nor are amended. `cands` is
    unchanged."""
    lead: dict[int, str] = {}
    for c in cands:
        if id(c) not in set_apart and (m := _LEADING_NO.match(features.window_text(c))):
            lead[id(c)] = m.group(1)
    if not lead:
        return list(cands), []
    out = list(cands)
    pairs: list[tuple[extractive.Candidate, extractive.Candidate]] = []
    for a in cands:
        if id(a) in set_apart or not _amends(a):
            continue
        names = set(_CLAUSE_NO.findall(features.window_text(a))) - {lead.get(id(a))}
        amended = next((c for c in out if c is not a and c.hit.doc_id == a.hit.doc_id
                        and lead.get(id(c)) in names), None)
        if amended is None:
            continue
        if out.index(a) > out.index(amended):
            out.remove(a)
            out.insert(out.index(amended), a)
            prob[id(a)] = max(prob[id(a)], prob[id(amended)])
        pairs.append((a, amended))
    return out, pairs


def amended_notes(claims: Sequence[Claim], pairs: Sequence[tuple[extractive.Candidate, extractive.Candidate]],
                  lang: str) -> list[str]:
    """Notes, in `lang`, saying which cited clause an amendment cited beside it changes ("[2]
    is changed by an amendment: see [1]"), numbered as the answer numbers its verified
    `claims`; a pair whose amendment or clause is not cited gives none. A claim is the
    window's when its quote holds the window's text (compared normalised)."""
    verified = [c for c in claims if c.verified and c.citations]

    def number(cand: extractive.Candidate) -> int | None:
        window = normalize(features.window_text(cand)).text.strip()
        for i, claim in enumerate(verified, 1):
            quote = normalize(claim.citations[0].quote).text
            if window and (window in quote or quote.strip() in window) and claim.citations[0].doc_id == cand.hit.doc_id:
                return i
        return None

    out = []
    for amendment, clause in pairs:
        new, old = number(amendment), number(clause)
        if new is not None and old is not None and new != old:
            out.append(message("amended_by", lang).format(old=old, new=new))
    return out


def new_value_terms(headers: Sequence[str]) -> list[str]:
    """The analysed words (text.analysis.tokens) that name the new-value column among a
    table's column `headers` ("New value" beside "Old value" -> ["new"]): those of the first
    header reading as one (_NEW_HEADER) that no other header has, so that the column is
    picked by them alone; [] when no header reads as a new value."""
    for i, header in enumerate(headers):
        if _NEW_HEADER.search(header):
            others = {t for j, h in enumerate(headers) if j != i for t in analysis.tokens(h)}
            return [t for t in analysis.tokens(header) if t not in others]
    return []
