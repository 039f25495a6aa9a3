"""Evidence cards: the verified claims of an Answer as Markdown or CSV, to paste into a report.

One card per verified citation: the claim, its verbatim quote, the source line ("file.pdf,
p. 5-12 (PDF 47)") and a link that opens the cited page. Unverified claims are never
exported. The CLI (`pincite ask --export md|csv`) and the web UI produce the same columns.

A CSV cell is written through `csv_cell`: a value a spreadsheet would run as a formula (one
starting with =, +, @, a tab or carriage return, or "-" not followed by a number) gets a
leading apostrophe, so it is shown as text; "-20 °C" stays as it is. The web UI's CSV
(`web/static/js/export.js`, csvCell) applies the same rule, checked against the same cases.
"""
from __future__ import annotations

import csv
import io
import re
from typing import Callable

from pincite.answer.cite import SECTION_SEP
from pincite.answer.messages import message, page_ref
from pincite.contract import Answer, Citation
from pincite.errors import shown

FORMATS = ("md", "csv")
COLUMNS = ("claim", "quote", "source", "link")


#: Words of the document fields in a source line, per language.
_FIELD_WORDS = {
    "en": ("mod.", "rev.", "uploaded, not normative"),
    "ru": ("мод.", "ред.", "загружен пользователем, не нормативный"),
    "zh": ("改型", "版本", "用户上传，非规范性"),
}


#: A revision's registry status as the source line says it ("manual rev. 3.0 (in force)").
_STATUS_WORDS = {
    "en": {"in_force": "in force", "superseded": "superseded", "repealed": "repealed",
           "not_yet_in_force": "not yet in force"},
    "ru": {"in_force": "действует", "superseded": "заменена", "repealed": "отменена",
           "not_yet_in_force": "ещё не действует"},
    "zh": {"in_force": "现行", "superseded": "已被替代", "repealed": "已废止", "not_yet_in_force": "尚未生效"},
}


def fields_part(c: Citation, lang: str) -> str:
    """"PX-200, mod. B, rev. 3.0 (in force)" (and "uploaded, not normative" for an upload)
    from a citation's document fields and registry status; "" when it has none."""
    mod, rev, uploaded = _FIELD_WORDS.get(lang, _FIELD_WORDS["en"])
    parts = [c.model] if c.model else []
    if c.modification:
        parts.append(f"{mod} {c.modification}")
    if c.revision:
        status = _STATUS_WORDS.get(lang, _STATUS_WORDS["en"]).get(c.status or "")
        parts.append(f"{rev} {c.revision}" + (f" ({status})" if status else ""))
    if c.trust == "uploaded":
        parts.append(uploaded)
    return ", ".join(parts)


def source_line(c: Citation, lang: str) -> str:
    """"file.pdf, p. 5-12 (PDF 47)" in the answer's language (the physical page always
    shown); "book.xlsx, RevB!B5", "deck.pptx, slide 2", "notes.txt, lines 10-14" for other
    addresses; "(OCR)" is added for text read by OCR. A document with fields names them
    after the file: "manual-b.pdf, PX-200, mod. B, rev. 3.0, p. 5-12 (PDF 47)", and an
    uploaded one says "uploaded, not normative". A citation with a section names its last
    part before the place: "lshort.pdf, §TeX, p. 1 (PDF 15)"."""
    a = c.address
    if a.kind == "sheet":
        where = f"{a.sheet}!{a.range}"
    elif a.kind == "slide":
        where = {"ru": f"слайд {a.slide}", "zh": f"第 {a.slide} 张幻灯片"}.get(lang, f"slide {a.slide}")
    elif a.kind == "lines" and a.start == a.end:
        where = {"ru": f"строка {a.start}", "zh": f"第 {a.start} 行"}.get(lang, f"line {a.start}")
    elif a.kind == "lines":
        where = {"ru": f"строки {a.start}–{a.end}",
                 "zh": f"第 {a.start}–{a.end} 行"}.get(lang, f"lines {a.start}-{a.end}")
    else:
        where = page_ref(a.page, a.page_label, lang, a.page_end)
    fields = fields_part(c, lang)
    section = section_part(c)
    return (f"{c.file}, " + (f"{fields}, " if fields else "") + (f"{section}, " if section else "")
            + where + (" (OCR)" if c.ocr else ""))


def section_part(c: Citation) -> str:
    """"§5.3 Pressure check": the last part of a citation's section path; "" when none."""
    if not c.section:
        return ""
    return "§" + c.section.split(SECTION_SEP)[-1].strip()


def evidence_cards(ans: Answer, fmt: str, link: Callable[[Citation], str]) -> str:
    """The verified claims of `ans` as `fmt` ("md" or "csv"); `link(citation)` gives the URL
    that opens the cited page (e.g. ".../file#page=47"). Raises ValueError for another format.

    The status is always stated: Markdown gives a "status: …" line under the question (with
    the answer's text and its reasons, the warnings, when it is not "answered", and no
    table when no claim is verified); CSV keeps its columns and, for a status other than
    "answered", ends with a row whose claim is "status: <status>: <the answer's text>" and
    whose quote holds the reasons."""
    answers = [ans] + [item.answer for item in ans.compare]  # compared revisions answer apart
    rows = [(claim.text, c.quote, shown(source_line(c, a.language)), link(c))
            for a in answers for claim in a.claims if claim.verified for c in claim.citations if c.verified]
    status = message("export_status", ans.language).format(status=ans.status)
    settled = ans.status == "answered"
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(COLUMNS)
        w.writerows([csv_cell(v) for v in row] for row in rows)
        if not settled:
            w.writerow([csv_cell(f"{status}: {ans.answer}"), csv_cell("; ".join(ans.warnings)), "", ""])
        return buf.getvalue()
    if fmt == "md":
        out = [f"## {_md(ans.question)}", "", f"**{_md(status)}**" + ("" if settled else f": {_md(ans.answer)}")]
        out += [f"- {_md(w)}" for w in ([] if settled else ans.warnings)]
        if rows:
            out += ["", "| # | claim | quote | source |", "|---|---|---|---|"]
        for i, (claim, quote, source, url) in enumerate(rows, 1):
            out.append(f"| {i} | {_md(claim)} | «{_md(quote)}» | [{_md(source)}](<{url}>) |")
        return "\n".join(out) + "\n"
    raise ValueError(f"export format {fmt!r}: choose one of {', '.join(FORMATS)}")


#: Cells a spreadsheet would run as a formula (the UI's csvCell has the same two patterns).
_FORMULA = re.compile(r"^[=+@\t\r]|^-(?![\d.,\s])")


def csv_cell(value: object) -> str:
    """`value` as text safe in a CSV cell opened by a spreadsheet: "'" before a leading =, +,
    @, tab or carriage return, or a "-" not followed by a digit, point, comma or space (so
    "-20 °C" stays); None gives ""."""
    text = "" if value is None else str(value)
    return "'" + text if _FORMULA.search(text) else text


def _md(text: str) -> str:
    """Text safe inside a Markdown table cell: one line, pipes and brackets escaped."""
    text = shown(" ".join(text.split()))
    for ch in "\\|[]<>*_`":
        text = text.replace(ch, "\\" + ch)
    return text
