"""Terminal rendering of Answers and library tables (rich). No logic beyond layout:
every fact shown comes from the Answer or the catalog."""
from __future__ import annotations

from rich.console import Console
from rich.markup import escape as _markup_escape
from rich.table import Table

from pincite.answer.messages import message, quote_reason
from pincite.answer.units import unit_shown
from pincite.contract import Answer, Calculation
from pincite.errors import shown
from pincite.library.export import columns_line, source_line
from pincite.library.inputs import UNIT_NOUNS, unit_kind


def escape(text: object) -> str:
    """`text` for a rich console: control characters escaped (errors.shown), then markup."""
    return _markup_escape(shown(text))

STATUS_STYLE = {"answered": "green", "partial": "yellow", "refused": "red",
                "needs_clarification": "yellow", "not_confirmed": "yellow"}


def print_answer(console: Console, ans: Answer) -> None:
    """Answer text, then each claim with its citations, quote and verification mark.

    On the LLM path a claim's own text (the model's words, verified against its quote) is
    shown above the quote; a claim that failed is shown as not verified with the reason,
    never as part of the answer. A `not_confirmed` answer lists the passages found.
    """
    style = STATUS_STYLE.get(ans.status, "white")
    head = f"[bold {style}]{ans.status}[/]"
    if ans.mode == "llm":
        head += f" [dim]({escape(message('llm_checked', ans.language).format(model=ans.model or '?'))})[/]"
    console.print(head)
    if ans.scope.decided_by not in ("default", "explicit option"):
        console.print(f"[dim]{escape(message('scope_label', ans.language))}: {escape(_scope_text(ans))}[/]",
                      soft_wrap=True)
    if ans.compare:  # one block per revision, each with its own sources
        for item in ans.compare:
            rev = message("scope_rev", ans.language).format(revision=item.revision)
            console.print(f"\n[bold]── {escape(rev)} ──[/]")
            print_answer(console, item.answer)
        for w in ans.warnings:
            console.print(f"[dim]{escape(w)}[/]")
        return
    if ans.clarification is not None:
        console.print(escape(ans.clarification.question))
        for i, o in enumerate(ans.clarification.options, 1):
            console.print(f"  {i}. {escape(o)}")
        # the scope options settle a model or revision asked back, not a table's row
        hint = "cli_clarify" if ans.clarification.kind == "scope" else "cli_clarify_choice"
        console.print(f"[dim]{escape(message(hint, ans.language))}[/]")
        for w in ans.warnings:
            console.print(f"[dim]{escape(w)}[/]")
        return
    if ans.parts:  # a compound question: each part with its own status and citations
        for i, part in enumerate(ans.parts, 1):
            console.print(f"\n[bold]({i}) {escape(part.question)}[/]")
            print_answer(console, part)
        for w in ans.warnings:
            console.print(f"[dim]{escape(w)}[/]")
        return
    if ans.status != "answered":
        console.print(escape(ans.answer))
    lang = ans.language

    def not_verified(reason: str | None) -> str:
        return f"[red]✗ {escape(message('not_verified', lang).format(reason=quote_reason(reason or '', lang)))}[/]"

    for i, claim in enumerate(ans.claims, 1):
        # a claim's own words go above its quote: a model's claim, or a table row read as
        # its verified (row, column, value) triple ("Remote (D) / Catastrophic (1): Serious")
        own = ans.mode == "llm" or any(claim.text != c.quote for c in claim.citations)
        if own:
            mark = "[green]✓[/]" if claim.verified else not_verified(claim.reason)
            console.print(f"[bold][{i}][/] {escape(claim.text)}  {mark}")
        for c in claim.citations:
            mark = f"[green]✓ {escape(message('verified', lang))}[/]" if c.verified else not_verified(c.reason)
            lead = "    " if own else f"[bold][{i}][/] "
            console.print(f"{lead}«{escape(c.quote)}»")
            if c.row_headers:  # the quote is a table row: which value is which
                console.print(f"    [dim]{escape(columns_line(c.row_headers, ans.language))}[/]")
            console.print(f"    {escape(source_line(c, ans.language))}  {mark}")
    if ans.calculation is not None:
        _print_calculation(console, ans.calculation, ans.language)
    for c in ans.passages:
        console.print(f"  - {escape(source_line(c, ans.language))}: {escape(c.quote)}")
    if ans.status == "answered" and any(c.model for c in ans.citations()):
        # an equipment answer: the person checks the page and the nameplate
        console.print(f"[yellow]{escape(message('nameplate', ans.language))}[/]")
    for w in ans.warnings:
        console.print(f"[dim]{escape(w)}[/]")
    if ans.usage:
        console.print(f"[dim]tokens: {ans.usage.get('total_tokens', '?')}, model time "
                      f"{ans.timings.get('llm', 0):.1f} s[/]")


def _scope_text(ans: Answer) -> str:
    """"PX-200, mod. B, rev. 3.0 — registry: rev. 3.0 current for modification B ...", in
    the answer's language."""
    s, lang = ans.scope, ans.language
    parts = [p for p in (s.model,
                         message("scope_mod", lang).format(modification=s.modification) if s.modification else None,
                         message("scope_rev", lang).format(revision=s.revision) if s.revision else None,
                         message("scope_serial", lang).format(serial=s.serial) if s.serial else None) if p]
    return (", ".join(parts) + " — " if parts else "") + (s.decided_by_shown or s.decided_by)


def registry_table(entries, source: str | None = None) -> Table:
    """The registry: one line per model, modification and revision."""
    from pathlib import Path

    t = Table(title="pincite registry" + (f" ({escape(Path(source).name)})" if source else ""))
    for col in ("model", "mod.", "rev.", "status", "current", "serials", "valid from"):
        t.add_column(col, no_wrap=True)
    t.add_column("checked", overflow="fold")
    style = {"in_force": "green", "superseded": "yellow", "repealed": "red", "not_yet_in_force": "cyan"}
    for e in entries:
        st = e.effective_status()
        serials = f"{e.serial_from or '…'}–{e.serial_to or '…'}" if (e.serial_from or e.serial_to) else "-"
        t.add_row(escape(e.model), escape(e.modification), escape(e.revision), f"[{style[st]}]{st}[/]",
                  "yes" if e.current else "no", escape(serials), e.valid_from or "-",
                  escape(e.provenance() or "-"))
    return t


def _print_calculation(console: Console, c: Calculation, language: str) -> None:
    """The calculation: result and rule, or why it was not done; each input with its source
    (messages in `language`, the answer's)."""
    if c.verified:
        unit = unit_shown(c.unit, language) or ""
        console.print(f"[bold]= {escape(c.shown or '')} {escape(unit)}[/]  [dim]"
                      f"{escape(message('computed', language))}: "
                      f"{escape(c.formula)} = {escape(c.substitution or '')}; {escape(c.precision or '')}[/]")
    else:
        console.print(f"[red]{escape(message('calc_not_done', language).format(reason=c.reason or ''))}[/]")
    for i in c.inputs:
        src = f" — {escape(source_line(i.citation, language))}" if i.citation else ""
        mark = "[green]✓[/]" if i.verified else f"[red]✗ {escape(i.reason or '')}[/]"
        console.print(f"    {escape(i.name)} = {escape(i.text)}{src} {mark}")


#: Terminal width below which tables are drawn without borders (`table`) and `docs_table`
#: leaves its notes column out (they follow the table as lines instead): at 80 columns the
#: borders and notes squeezed file names to 6 characters and eval's headers to 4.
WIDE_DOCS = 120


def table(title: str, width: int) -> Table:
    """A rich Table titled `title` for a terminal `width` columns wide: bordered from
    WIDE_DOCS columns, else without borders or edge padding, so it fits 80 columns."""
    if width >= WIDE_DOCS:
        return Table(title=title)
    return Table(title=title, box=None, pad_edge=False)


#: Columns `docs` leaves out under WIDE_DOCS columns when the file names would not fit whole
#: otherwise, first to last (`docs --json` still has them).
NARROW_DROPS = ("chunks", "lang")


def docs_table(rows, failures, width: int = WIDE_DOCS) -> tuple[Table, list[str]]:
    """The library: one line per document (with its fields: model, modifications,
    revision, trust, validity) and per failed file, and the notes (extraction warnings,
    failure reasons) as lines to print after it when `width` (the terminal's columns) is
    under WIDE_DOCS; else the notes are the table's last column and the list is empty.

    Ids and file names are never broken: the other columns wrap at spaces first, and
    under WIDE_DOCS columns the chunks, then the language column, are left out when the
    longest file name would not fit whole otherwise (a name longer than the whole
    terminal still folds)."""
    wide = width >= WIDE_DOCS
    cells: list[dict[str, str]] = []
    lines = []
    for r in rows:
        notes = "; ".join(r.warnings[:2]) + (f" (+{len(r.warnings) - 2})" if len(r.warnings) > 2 else "")
        kind = unit_kind(getattr(r, "mime", None))  # what its pages are: sheets, slides, parts
        cells.append({"id": r.doc_id, "file": escape(r.file_name), "fields": escape(short_fields(r)),
                      "pages": str(r.pages) if kind == "pdf" else unit_count(r.pages, kind),
                      "chunks": str(r.chunks), "lang": r.language or "", "status": r.state,
                      "notes": escape(notes)})
        if notes and not wide:
            lines.append(f"{escape(r.file_name)}: {escape(notes)}")
    for f in failures:
        cells.append({"id": "-", "file": escape(f.file_name), "fields": "-", "pages": "-", "chunks": "-",
                      "lang": "-", "status": "[red]failed[/]", "notes": escape(f.reason)})
        if not wide:
            lines.append(f"{escape(f.file_name)}: [red]failed[/]: {escape(f.reason)}")
    names = ["id", "file", "fields", "pages", "chunks", "lang", "status"]
    if wide:
        names.append("notes")
    else:
        for drop in NARROW_DROPS:
            if _least_width(names, cells) <= width:
                break
            names.remove(drop)
    t = table("pincite library", width)
    if wide:
        t.add_column("id", no_wrap=True, min_width=16)  # whole, so it can be copied into `pincite remove`
        t.add_column("file", overflow="fold", min_width=12)
        t.add_column("fields", min_width=10)  # "normative" whole
        for name in names[3:]:
            t.add_column(name)
    else:
        # fixed widths: each column as narrow as its longest word (ids and file names
        # whole), what is left to the fields and pages (which wrap at spaces)
        widths = {n: _least(n, cells) for n in names}
        spare = width - _least_width(names, cells)
        if spare < 0:  # a file name longer than the terminal leaves room for: it folds
            widths["file"] = max(4, widths["file"] + spare)
        for name in ("fields", "pages"):
            full = max([_text_len(c[name]) for c in cells] + [widths[name]])
            grow = max(0, min(spare, full - widths[name]))
            widths[name] += grow
            spare -= grow
        for name in names:
            t.add_column(name, width=widths[name], no_wrap=name in ("id", "chunks", "lang", "status"),
                         overflow="fold")
    for c in cells:
        t.add_row(*(c[n] for n in names))
    return t, lines


def _text_len(markup: str) -> int:
    """Terminal cells the rich `markup` takes (a Chinese character two)."""
    from rich.text import Text

    return Text.from_markup(markup).cell_len


def _least(name: str, cells: list[dict[str, str]]) -> int:
    """The narrowest column `name` can be without breaking a word (a file name, an id: the
    whole value) or its header."""
    whole = name in ("id", "file")
    values = [c[name] for c in cells]
    words = values if whole else [w for v in values for w in v.split()]
    return max([len(name)] + [_text_len(w) for w in words])


def _least_width(names: list[str], cells: list[dict[str, str]]) -> int:
    """The narrowest the docs table with these columns can be (borderless: one space of
    padding on each side between columns)."""
    return sum(_least(n, cells) for n in names) + 2 * (len(names) - 1)


def unit_count(n: int, kind: str = "pdf") -> str:
    """"48 parts", "1 sheet", "2 pages": `n` units of `kind` with their noun."""
    noun = UNIT_NOUNS.get(kind, "page")
    return f"{n} {noun}{'' if n == 1 else 's'}"


def units_cell(n: int, kind: str = "pdf") -> str:
    """A table's pages cell: the number for PDF pages, "48 parts" for other units, "-" for none."""
    if not n:
        return "-"
    return str(n) if kind == "pdf" else unit_count(n, kind)


def indexed_text(counts: dict[str, int], elapsed: float, by: str = "") -> str:
    """"2 pages, 48 parts indexed in 1.2 s (41 units/s)": `counts` by unit kind; the rate to
    one decimal under 10 a second, and as seconds per unit under 1 a second (never "0
    pages/s"). `by` follows "indexed" (" by the server")."""
    counts = {k: n for k, n in counts.items() if n}
    shown = ", ".join(unit_count(n, k) for k, n in sorted(counts.items(), key=lambda kn: kn[0] != "pdf"))
    text = f"{shown or unit_count(0)} indexed{by} in {elapsed:.1f} s"
    total = sum(counts.values())
    if not total or elapsed <= 0:
        return text
    noun = UNIT_NOUNS.get(next(iter(counts)), "page") if len(counts) == 1 else "unit"
    rate = total / elapsed
    if rate >= 10:
        return text + f" ({rate:.0f} {noun}s/s)"
    if rate >= 1:
        return text + f" ({rate:.1f} {noun}s/s)"
    return text + f" ({elapsed / total:.1f} s per {noun})"


def short_fields(r) -> str:
    """"PX-200 mod. B, C rev. 3.0 normative" (trust always; validity when set)."""
    parts = [r.model] if r.model else []
    if r.modifications:
        parts.append("mod. " + ", ".join(r.modifications))
    if r.revision:
        parts.append(f"rev. {r.revision}")
    parts.append(r.trust or "reference")
    if _validity(r):
        parts.append(_validity(r))
    return " ".join(parts)


def _validity(r) -> str:
    if r.valid_from or r.valid_to:
        return f"valid {r.valid_from or '…'} to {r.valid_to or '…'}"
    return ""


def fields_text(r) -> str:
    """One line of a document's fields: "model PX-200; modifications B, C; revision 3.0;
    trust normative; ..." (unset ones left out, trust always shown)."""
    parts = []
    if r.model:
        parts.append(f"model {r.model}")
    if r.modifications:
        parts.append(f"modifications {', '.join(r.modifications)}")
    if r.revision:
        parts.append(f"revision {r.revision}")
    parts.append(f"trust {r.trust or 'reference'}")
    if r.language:
        parts.append(f"language {r.language}")
    if _validity(r):
        parts.append(_validity(r))
    if r.source_url:
        parts.append(f"source {r.source_url}")
    return "; ".join(parts)
