"""Scope of a question: which model, modification and revision may answer, and why.

From options (--model --modification --revision --serial --mode current|as-shipped) and
what the question itself names ("PX-200, модификация B", "modification B", "mod. B",
"型号 PX-200 … B 型", "S/N 12345", "заводской номер 12345"), resolved through the library's
registry (store.registry): in current mode (the default when the registry lists the
model) the revision current *for that modification*; in as-shipped mode the revision the
serial number shipped with. The result is a SearchFilter applied inside the search (never
relaxed) and the Answer's `scope` saying what was used and why.

`twins` decides when the evidence comes from registered twins the scope does not separate
(documents of one model differing only in modification or revision): then the answer is a
question back, never a number.
"""
from __future__ import annotations

import dataclasses
import datetime as _dt
import re
from dataclasses import dataclass, field
from typing import Literal

from pincite.contract import Clarification, Scope
from pincite.store.fields import field_key
from pincite.store.registry import Registry, RegistryEntry
from pincite.text import analysis, codes, lazyre

from ..index.base import Hit, SearchFilter
from .messages import message

MODES = ("current", "as-shipped")

_W = r"[A-Za-zА-Яа-яЁё0-9]"
_MOD_PATTERNS = [
    # the whole word in any case form ("модификацией"), never a value cut from its ending
    lazyre.compile(rf"(?:модификаци[а-яё]*(?![а-яё])|модиф\.|(?<!\w)мод\.)\s*[«\"“]?({_W}{{1,4}})(?!{_W})", re.I),
    lazyre.compile(r"\bmodification\s+[\"“]?([A-Za-z0-9]{1,4})\b", re.I),
    lazyre.compile(r"\bmod\.?\s+([A-Za-z0-9]{1,4})\b", re.I),
    lazyre.compile(r"(?:改型|变型)\s*([A-Za-z0-9]{1,4})"),
    lazyre.compile(r"(?<![A-Za-z0-9\-])([A-Za-z0-9]{1,3})\s*型(?!号)"),
]
#: A serial number named in a question: the phrase that names one, then the serial, which
#: holds a digit ("S/N 12345", "serial number AB-1203"; not the "of" of "What is the serial
#: number of …?", which asks for one).
_SERIAL_RE = lazyre.compile(
    r"(?:\bS/N|\bSN\b|\bserial(?:\s+(?:number|no\.?|#))?|заводск\w*\s+(?:номер\w*|№)|зав\.\s*№|"
    r"серийн\w*\s+(?:номер\w*|№)|序列号|出厂编号)\s*[:#№]?\s*((?=[A-Za-z-]*\d)[A-Za-z0-9][A-Za-z0-9-]{2,})", re.I)
#: Cyrillic letters that look like Latin ones (a "модификация В" typed in Cyrillic).
_LATIN = str.maketrans("АВСЕНКМОРТХаеорсх", "ABCEHKMOPTXaeopcx")


@dataclass
class Resolved:
    """A resolved scope: the filter for the search, the Answer's scope, notes for the
    answer's warnings, the registry, and the registry row of the chosen revision."""

    flt: SearchFilter
    scope: Scope
    warnings: list[str] = field(default_factory=list)
    registry: Registry = field(default_factory=lambda: Registry([]))
    entry: RegistryEntry | None = None
    text: str = ""
    #: how the scope was decided, as (messages key, parameters) for `decided_by`
    reasons: list[tuple[str, dict]] = field(default_factory=list)
    #: the status note ending it ("(rev. 2.1 superseded)"), when the revision is not in force
    status_note: tuple[str, dict] | None = None

    def decided_by(self, lang: str) -> str:
        """How the scope was decided, in `lang` (Scope.decided_by is this in English):
        "default" or "explicit option" without other reasons."""
        reasons = self.reasons or [
            ("why_explicit" if self.scope.decided_by.startswith("explicit option") else "why_default", {})]
        return reason_text(reasons, lang) + (reason_text([self.status_note], lang) if self.status_note else "")


def reason_text(reasons: list[tuple[str, dict]], lang: str) -> str:
    """(messages key, parameters) reasons in `lang`, joined by "; ". Parameters that need
    words of their own: `named` ([(field, value)]), `prov` ((checked_at, checked_source)),
    `since` (a date or None) and `status` (in_force, superseded, ...)."""
    out = []
    for key, params in reasons:
        p = dict(params)
        if "named" in p:
            p["what"] = ", ".join(f"{message('field_' + k, lang)} {v}" for k, v in p.pop("named"))
        if "prov" in p:
            checked, source = p["prov"]
            parts = ([message("prov_checked", lang).format(date=checked)] if checked else []) + \
                    ([message("prov_source", lang).format(source=source)] if source else [])
            p["prov"] = message("why_prov", lang).format(prov=", ".join(parts)) if parts else ""
        if "since" in p:
            p["since"] = message("why_since", lang).format(date=p["since"]) if p["since"] else ""
        if "status" in p:
            p["status"] = message("status_" + p["status"], lang)
        out.append(message(key, lang).format(**p))
    return "; ".join(out)


def recognise(question: str, models: list[str], modifications: list[str]) -> dict:
    """{"model", "modification", "serial"} the question names (missing keys: not named).
    A model counts only when it is one the registry or a document's fields know; a
    modification only after a word saying so ("modification", "модификация", "mod.", "型")."""
    return {k: v for k, (v, _) in _named(question, models, modifications).items()}


def _named(question: str, models: list[str], modifications: list[str]) -> dict:
    """recognise, with the (start, end) span each value was named at. A model is named as
    the library writes it, or as a code typed another way (text.codes.code_key: "PX200"
    or a Cyrillic "РХ-200" for "PX-200")."""
    out: dict = {}
    for m in sorted(set(models), key=len, reverse=True):
        hit = re.search(rf"(?<![\w-]){re.escape(m)}(?![\w-])", question, re.I)
        if hit:
            out["model"] = (m, hit.span())
            break
    if "model" not in out:  # the model's code as typed otherwise ("PX200", "РХ-200" in Cyrillic)
        keys = {codes.code_key(m): m for m in models if codes.is_code(m)}
        typed = next((c for c in codes.find_codes(question) if codes.code_key(c.group()) in keys), None)
        if typed is not None:
            out["model"] = (keys[codes.code_key(typed.group())], typed.span())
    for pat in _MOD_PATTERNS:
        hit = pat.search(question)
        if hit:
            out["modification"] = (_known(hit.group(1), modifications), hit.span())
            break
    s = _SERIAL_RE.search(question)
    if s:
        out["serial"] = (s.group(1), s.span())
    return out


def search_text(question: str, spans: list[tuple[int, int]]) -> str:
    """The question without the phrases the scope took over (a model, "modification B",
    "S/N 12345"): they are filters now, and as search words they only dilute the match
    (the manual's pages rarely repeat them). The question itself when nothing is left."""
    if not spans:
        return question
    out, pos = [], 0
    for a, b in sorted(spans):
        if a >= pos:
            out.append(question[pos:a])
            pos = b
    out.append(question[pos:])
    text = re.sub(r"\s+", " ", "".join(out))
    text = re.sub(r"[\s,;:]+([,.;:?!？。])", r"\1", text).strip(" ,;:")
    return text if re.search(r"\w{2,}", text) else question

def _known(value: str, known: list[str]) -> str:
    """`value` as the library spells it (case, Cyrillic look-alikes); else as written."""
    for cand in (value, value.translate(_LATIN)):
        for k in known:
            if field_key(k) == field_key(cand):
                return k
    return value


def scope_of(flt: SearchFilter | None) -> Scope:
    """The Answer's `scope`: the filter used and how it was decided."""
    flt = flt or SearchFilter()
    explicit = flt.narrows() or flt.doc_ids is not None
    return Scope(model=flt.model, modification=flt.modification, revision=flt.revision,
                 trust=flt.allowed_trust(), doc_ids=flt.doc_ids,
                 decided_by="explicit option" if explicit else "default")


def resolve(lib, question: str, flt: SearchFilter | None, *, serial: str | None = None,
            mode: str | None = None, today: _dt.date | None = None,
            pin_revision: bool = True) -> Resolved:
    """The scope of `question`: options in `flt` (and `serial`, `mode`) win over what the
    question names; the registry decides the revision (see module doc). ValueError for an
    unknown mode or as-shipped without a registered serial number."""
    if mode is not None and mode not in MODES:
        raise ValueError(f"mode {mode!r}: choose current or as-shipped")
    flt = dataclasses.replace(flt or SearchFilter())
    reg = Registry.load(lib.catalog)
    docs = lib.catalog.documents(state="ready")
    models = reg.models() + [d.model for d in docs if d.model]
    mods = [e.modification for e in reg.entries] + [m for d in docs for m in d.modifications]
    spans = _named(question, models, mods)
    named = {k: v for k, (v, _) in spans.items()}
    used: list[tuple[int, int]] = []
    why: list[tuple[str, dict]] = []
    warnings: list[str] = []
    if flt.narrows() or flt.doc_ids is not None:
        why.append(("why_explicit", {}))
    from_question = [k for k in ("model", "modification") if k in named and not getattr(flt, k)]
    for k in from_question:
        setattr(flt, k, named[k])
    used += [spans[k][1] for k in ("model", "modification") if k in spans
             and getattr(flt, k) and field_key(getattr(flt, k)) == field_key(named[k])]
    if "serial" in spans and (serial is None or serial == named["serial"]):
        used.append(spans["serial"][1])
    if from_question:
        why.append(("why_named", {"named": [(k, named[k]) for k in from_question]}))
    serial = serial or named.get("serial")
    shipped: RegistryEntry | None = None
    if serial:
        shipped = reg.by_serial(serial, flt.model)
        if shipped is None:
            # no registry at all is another matter than a serial outside its ranges
            key = "serial_not_registered" if reg else "serial_no_registry"
            warnings.append(message(key, analysis.question_language(question)).format(serial=serial))
        else:
            flt.model = flt.model or shipped.model
            if flt.modification and field_key(flt.modification) != field_key(shipped.modification):
                warnings.append(f"serial number {serial} is registered for modification "
                                f"{shipped.modification}, not {flt.modification}; "
                                f"answering for modification {flt.modification}")
                shipped = None
            else:
                flt.modification = shipped.modification
                why.append(("why_serial_mod", {"serial": serial, "modification": shipped.modification,
                                               "range": f"{shipped.serial_from or '…'}–{shipped.serial_to or '…'}"}))
    if flt.model is None and flt.modification and reg:
        owners = {e.model for e in reg.entries if field_key(e.modification) == field_key(flt.modification)}
        if len(owners) == 1:
            flt.model = owners.pop()
            why.append(("why_mod_of_model", {"modification": flt.modification, "model": flt.model}))
    picked: Literal["current", "as-shipped", "all"]  # Scope.mode
    if mode is None:
        picked = "current" if reg.has_model(flt.model) else "all"
    elif mode == "current" and not reg.has_model(flt.model):
        warnings.append("no registry rows for this model: every revision in the library may answer")
        picked = "all"
    else:
        picked = "as-shipped" if mode == "as-shipped" else "current"
    entry: RegistryEntry | None = None
    if not pin_revision:
        pass
    elif flt.revision:
        entry = reg.entry(flt.model, flt.modification, flt.revision)
    elif picked == "as-shipped":
        if shipped is None:
            raise ValueError("as-shipped needs a serial number in a registered range "
                             "(--serial or \"S/N ...\" in the question)")
        entry = shipped
        flt.revision = entry.revision
        why.append(("why_shipped", {"serial": serial, "revision": entry.revision, "prov": _prov(entry)}))
    elif picked == "current" and flt.model and flt.modification:
        entry, notes = reg.current(flt.model, flt.modification, today)
        warnings.extend(notes)
        if entry is not None:
            flt.revision = entry.revision
            why.append(("why_current" if entry.current else "why_in_force",
                        {"revision": entry.revision, "modification": entry.modification,
                         "since": entry.valid_from, "prov": _prov(entry)}))
        elif reg.for_model(flt.model, flt.modification):
            warnings.append(f"the registry lists no revision in force for {flt.model} modification "
                            f"{flt.modification}")
    status = entry.effective_status(today) if entry else None
    if entry is not None and status is not None and status != "in_force":
        cur, _ = reg.current(entry.model, entry.modification, today)
        now = f"; the current revision is {cur.revision}" if cur and cur.revision != entry.revision else ""
        label = "as shipped: " if picked == "as-shipped" else ""
        warnings.append(f"{label}rev. {entry.revision} is {status.replace('_', ' ')} for modification "
                        f"{entry.modification}{now}" + (f" ({entry.provenance()})" if entry.provenance() else ""))
    scope = scope_of(flt)
    status_note = None
    if status and status != "in_force" and entry is not None:
        status_note = ("why_status", {"revision": entry.revision, "status": status})
    if why:
        scope.decided_by = reason_text(why, "en")
    if status_note:
        scope.decided_by += reason_text([status_note], "en")
    scope.mode = picked
    scope.serial = serial
    scope.revision_status = status
    return Resolved(flt=flt, scope=scope, warnings=warnings, registry=reg, entry=entry,
                    text=search_text(question, used), reasons=why, status_note=status_note)


def _prov(e: RegistryEntry) -> tuple[str | None, str | None]:
    """(checked_at, checked_source) of a registry row, for reason_text."""
    return e.checked_at, e.checked_source


def twins(hits: list[Hit], flt: SearchFilter | None) -> tuple[str, list[Hit], str] | None:
    """(model, the twin hits, "modification" or "revision") when the evidence comes from
    two or more documents of one model whose fields differ and the scope does not pin what
    separates them; None otherwise."""
    flt = flt or SearchFilter()
    by_model: dict[str, dict[str, Hit]] = {}
    names: dict[str, str] = {}  # the model as its first hit writes it
    for h in hits:
        if h.model:
            by_model.setdefault(field_key(h.model), {}).setdefault(h.doc_id, h)
            names.setdefault(field_key(h.model), h.model)
    for key, docs in by_model.items():
        if len(docs) < 2:
            continue
        group = list(docs.values())
        mod_sets = {frozenset(field_key(m) for m in h.modifications) for h in group}
        revs = {field_key(h.revision or "") for h in group}
        if len(mod_sets) > 1 and not flt.modification:
            return names[key], group, "modification"
        if len(revs) > 1 and not flt.revision:
            return names[key], group, "revision"
    return None


def clarification(lib, found: tuple[str, list[Hit], str], flt: SearchFilter | None, lang: str,
                  reg: Registry | None = None) -> Clarification:
    """The question back, in `lang`, with the choices: the modifications of the model (the
    registry's and the documents') or the revisions of the documents in scope."""
    model, group, kind = found
    flt = flt or SearchFilter()
    reg = reg if reg is not None else Registry.load(lib.catalog)
    docs = [d for d in lib.catalog.documents(state="ready") if d.model and field_key(d.model) == field_key(model)]
    if kind == "modification":
        options = reg.modifications(model) + [m for d in docs for m in d.modifications]
    else:
        mod = flt.modification
        options = [e.revision for e in reg.for_model(model, mod)]
        options += [d.revision for d in docs if d.revision and
                    (mod is None or field_key(mod) in {field_key(m) for m in d.modifications})]
    seen: dict[str, str] = {}
    for o in options:
        seen.setdefault(field_key(o), o)
    options = sorted(seen.values(), key=lambda o: [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", o)])
    joined = message("or", lang).join([", ".join(options[:-1]), options[-1]]) if len(options) > 1 else "".join(options)
    text = message(f"clarify_{kind}", lang).format(model=model, options=joined)
    return Clarification(question=text, options=options)
