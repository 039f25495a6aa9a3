"""The evidence export: the verified claims of an Answer as Markdown or CSV, the one
implementation behind `pincite ask --export md|csv` and the web UI's export buttons
(POST /api/export, through Library.evidence_file).

One row per verified citation of a verified claim (the claims of a compound answer's parts
included, each once), then one row "calculation" per calculation done (its substitution =
result, and the formula and precision rule as its source), its label and "computed by
pincite" in the answer's language ("расчёт", "вычислено pincite"; messages
"export_calculation", "computed") and its unit written as that language writes it
(answer.units.unit_shown: "кВт"). Markdown puts a quote in «» marks, which say the text is
the document's verbatim; a calculation's substitution is pincite's own text and gets none.
Unverified claims and calculations not done are never exported. Columns (COLUMNS): the claim, its verbatim quote,
the source line ("manual.pdf, p. 5-12 (PDF 47)", `source_line`), a link that opens the cited
page (given by the caller: a file URI of the stored original, or the server's /file route,
`served_link`), the file name, the document title, the physical page (1-based; "" for a
sheet, slide or block of lines), its printed label, the cited place alone ("p. 5-12
(PDF 47)", "RevB!A5:F5", "slide 2", "lines 10-14"), for the status row only, the
answer's status, its text and its reasons, and last the column headers of the table row
a quote lies in, joined by " | " (Citation.row_headers; "" for another quote). Markdown
gives the claim, quote (with a "columns: …" line under a table row's) and linked source
as a table. The answer's status is always stated, and a refusal's text and reasons
with it (`evidence_cards`), so a refusal never exports as an empty table.

A CSV cell is written through `csv_cell`: a value a spreadsheet would run as a formula (one
starting with =, +, @, a tab or carriage return, or "-" not followed by a number) gets a
leading apostrophe, so it is shown as text; "-20 °C" stays as it is. The file a browser
downloads (EvidenceFile) is that text as UTF-8, with a byte-order mark before a CSV so
spreadsheets read it as UTF-8 (Cyrillic, Chinese).

The same source line and rule are what the faces show: `for_display` (Library.ask) puts
each citation's source line (`display_source`) in its `source` field and whether the
export has a row (`has_evidence`) in the answer's `exportable`, so the web UI writes a
citation as the CLI and the export do, and offers the export only when it has a row. An
answer sent back to the export (POST /api/export) is exported from its fields: its
`source` strings are never read.
"""
from __future__ import annotations

import csv
import dataclasses
import io
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable
from urllib.parse import quote as url_quote

from pincite.answer.calc import number_shown
from pincite.answer.cite import SECTION_SEP
from pincite.answer.messages import message, page_ref
from pincite.answer.units import unit_shown
from pincite.contract import Answer, Calculation, Citation, Claim, PdfAddress, SearchResult
from pincite.errors import shown

if TYPE_CHECKING:
    from pincite.library.reading import CitationFile

FORMATS = ("md", "csv")
COLUMNS = ("claim", "quote", "source", "link", "file", "title", "page", "page_label", "address",
           "status", "message", "reasons", "row_headers")
#: Joins a table row's column headers (Citation.row_headers) in the export and on the faces.
HEADER_SEP = " | "
#: The file name and MIME type of each format's download (EvidenceFile).
FILE_NAMES = {"md": "pincite-evidence.md", "csv": "pincite-evidence.csv"}
MEDIA_TYPES = {"md": "text/markdown; charset=utf-8", "csv": "text/csv; charset=utf-8"}
#: The claim column of a calculation's row in English (messages "export_calculation" gives it
#: in the answer's language).
CALCULATION = "calculation"


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


def place(c: Citation, lang: str) -> str:
    """Where a citation points, in the answer's language: "p. 5-12 (PDF 47)" (the physical
    page always shown), "RevB!B5", "slide 2", "line 4", "lines 10-14"; "p. 3" for a page of
    a document that is no PDF (a DOCX read on the pages LibreOffice lays it out on) unless a
    printed number that differs is known."""
    a = c.address
    if a.kind == "sheet":
        return f"{a.sheet}!{a.range}"
    if a.kind == "slide":
        return {"ru": f"слайд {a.slide}", "zh": f"第 {a.slide} 张幻灯片"}.get(lang, f"slide {a.slide}")
    if a.kind == "lines" and a.start == a.end:
        return {"ru": f"строка {a.start}", "zh": f"第 {a.start} 行"}.get(lang, f"line {a.start}")
    if a.kind == "lines":
        return {"ru": f"строки {a.start}–{a.end}",
                "zh": f"第 {a.start}–{a.end} 行"}.get(lang, f"lines {a.start}-{a.end}")
    if not c.file.lower().endswith(".pdf") and a.page_label in (None, "", str(a.page)):
        # a Word or other document cited on the pages LibreOffice laid it out on: the user
        # has no PDF, so the page is the document's own (a printed number that differs from
        # the laid-out page is shown as page_ref shows a PDF's)
        pages = str(a.page) if a.page_end <= a.page else f"{a.page}–{a.page_end}"
        return f"第 {pages} 页" if lang == "zh" else f"{'с.' if lang == 'ru' else 'p.'} {pages}"
    return page_ref(a.page, a.page_label, lang, a.page_end)


def source_line(c: Citation, lang: str) -> str:
    """"file.pdf, p. 5-12 (PDF 47)" in the answer's language (the physical page always
    shown); "book.xlsx, RevB!B5", "deck.pptx, slide 2", "notes.txt, lines 10-14" for other
    addresses (`place`); "(OCR)" is added for text read by OCR. A document with fields names
    them after the file: "manual-b.pdf, PX-200, mod. B, rev. 3.0, p. 5-12 (PDF 47)", and an
    uploaded one says "uploaded, not normative". A citation with a section names its last
    part before the place: "lshort.pdf, §TeX, p. 1 (PDF 15)"."""
    fields = fields_part(c, lang)
    section = section_part(c)
    return (f"{c.file}, " + (f"{fields}, " if fields else "") + (f"{section}, " if section else "")
            + place(c, lang) + (" (OCR)" if c.ocr else ""))


def columns_line(headers: "list[str] | tuple[str, ...]", lang: str) -> str:
    """"columns: Cartridge | Filtration (micron) | Replacement interval (months)" in `lang`:
    the line shown under a quote of a table row (Citation.row_headers), control characters
    escaped (errors.shown)."""
    return shown(message("row_columns", lang).format(columns=HEADER_SEP.join(headers)))


def display_source(c: Citation, lang: str) -> str:
    """The source line of `c` in `lang` ("en", "ru", "zh"; English for another) as shown:
    `source_line` with control characters escaped (errors.shown). The export's source
    column and the `source` field of an answer's citations (`for_display`)."""
    return shown(source_line(c, lang))


def section_part(c: Citation) -> str:
    """"§5.3 Pressure check": the last part of a citation's section path; "" when none. A
    heading that already starts with "§" (as many LaTeX documents number theirs) gets no
    second one."""
    if not c.section:
        return ""
    part = c.section.split(SECTION_SEP)[-1].strip()
    return part if part.startswith("§") else "§" + part


@dataclass(frozen=True)
class EvidenceRow:
    """One exported row (the columns of COLUMNS): a verified citation of a verified claim,
    or a calculation done (`claim` CALCULATION in the answer's language, `quote` its
    substitution = result, `source` its formula and precision rule, no link and no document;
    `verbatim` False: not the document's text). `page` is the 1-based physical
    page of a PDF citation, None for other addresses and calculations. `message` and
    `reasons` are empty but in the status row (`status_row`), which has nothing else;
    `status` is the answer's in every CSV row (`evidence_cards`)."""

    claim: str
    quote: str
    source: str
    link: str = ""
    file: str = ""
    title: str = ""
    page: int | None = None
    page_label: str | None = None
    address: str = ""
    status: str = ""
    message: str = ""
    reasons: str = ""
    row_headers: str = ""
    verbatim: bool = True  # not a column: whether `quote` is the document's own text

    def cells(self) -> list[str]:
        """The row's values in COLUMNS order, as text ("" for None)."""
        return ["" if v is None else str(v) for v in (getattr(self, name) for name in COLUMNS)]


@dataclass(frozen=True)
class EvidenceFile:
    """The export as a file to download: `data` the bytes (UTF-8; a CSV starts with a
    byte-order mark), `file_name` ("pincite-evidence.md" or ".csv") and `media_type`."""

    file_name: str
    media_type: str
    data: bytes


def all_claims(ans: Answer) -> list[Claim]:
    """The claims of `ans`, of its parts (and theirs) and of its compared revisions (whose
    top-level Answer has none), each once: a compound answer lists its parts' claims at the
    top as well."""
    seen: set[tuple] = set()
    out: list[Claim] = []

    def walk(a: Answer) -> None:
        for claim in a.claims:
            key = (claim.text, tuple((c.chunk_id, c.quote) for c in claim.citations))
            if key not in seen:
                seen.add(key)
                out.append(claim)
        for part in a.parts:
            walk(part)
        for item in a.compare:
            walk(item.answer)

    walk(ans)
    return out


def _calculations(ans: Answer) -> list[Calculation]:
    """The calculations of `ans`, of its parts and of its compared revisions."""
    own = [ans.calculation] if ans.calculation is not None else []
    return own + [c for sub in [*ans.parts, *(i.answer for i in ans.compare)] for c in _calculations(sub)]


def evidence_rows(ans: Answer, link: Callable[[Citation], str]) -> list[EvidenceRow]:
    """The rows of the export of `ans` (see the module): verified citations of verified
    claims, then the calculations done; `link(citation)` gives each citation's URL."""
    rows = []
    for claim in all_claims(ans):
        if not claim.verified:
            continue
        for c in claim.citations:
            if not c.verified:
                continue
            rows.append(EvidenceRow(
                claim=claim.text, quote=c.quote, source=display_source(c, ans.language), link=link(c),
                file=c.file, title=c.title, page=c.address.page if isinstance(c.address, PdfAddress) else None,
                page_label=(c.address.page_label or None) if isinstance(c.address, PdfAddress) else None,
                address=shown(place(c, ans.language)),
                row_headers=shown(HEADER_SEP.join(c.row_headers or ()))))
    for calc in _calculations(ans):
        result = calc.shown if calc.shown is not None else calc.result and number_shown(calc.result, ans.language)
        if not calc.verified or result is None:
            continue
        value = f"{result} {unit_shown(calc.unit, ans.language)}" if calc.unit else result
        rows.append(EvidenceRow(
            claim=message("export_calculation", ans.language), quote=f"{calc.substitution or calc.formula} = {value}",
            source=f"{message('computed', ans.language)}: {calc.formula}"
                   + (f"; {calc.precision}" if calc.precision else ""), verbatim=False))
    return rows


def status_row(ans: Answer) -> EvidenceRow:
    """The CSV row stating an answer that is not "answered" (refused, partial, asked back):
    its `status` as the Answer contract names it, its text (`message`, in its language) and
    its reasons (`reasons`, the warnings joined by "; "); no claim, quote or source."""
    return EvidenceRow(claim="", quote="", source="", status=ans.status, message=ans.answer,
                       reasons="; ".join(ans.warnings))


def has_evidence(ans: Answer) -> bool:
    """Whether the export of `ans` has a row (`evidence_rows`: a verified citation of a
    verified claim, or a calculation done, in `ans` or a part): what its `exportable` says."""
    return bool(evidence_rows(ans, lambda c: ""))


def for_display(ans: Answer) -> Answer:
    """`ans` with what the faces show filled in, in place, and returned: every citation's
    `source` (`display_source`, in the language of the answer it belongs to) in its claims,
    passages and calculation inputs, and `exportable` (`has_evidence`), in `ans`, its parts
    and its compare items alike."""
    for c in ans.citations() + ans.passages:
        c.source = display_source(c, ans.language)
    if ans.calculation is not None:
        for i in ans.calculation.inputs:
            if i.citation is not None:
                i.citation.source = display_source(i.citation, ans.language)
    for part in ans.parts:
        for_display(part)
    for item in ans.compare:
        for_display(item.answer)
    ans.exportable = has_evidence(ans)
    return ans


def search_for_display(result: SearchResult) -> SearchResult:
    """`result` with each passage's citation `source` set (`display_source`, in the
    question's language), in place, and returned."""
    for p in result.passages:
        p.citation.source = display_source(p.citation, result.language)
    return result


def evidence_cards(ans: Answer, fmt: str, link: Callable[[Citation], str]) -> str:
    """The export of `ans` as `fmt` ("md" or "csv") text; `link(citation)` gives the URL
    that opens the cited page (e.g. ".../file#page=47"). Raises ValueError for another
    format.

    The status is always stated. Markdown, for a person, gives a "status: …" line under the
    question, the status and the table's column names in the answer's language (with the
    answer's text and its reasons, the warnings, when it is not "answered"; no table when
    there is no row). CSV, for a spreadsheet's filters, gives the API's status value
    ("answered") in every row's `status` column and, for a status other than "answered",
    ends with the status row (`status_row`: the status, the answer's text and its reasons
    in their own columns, the claim's empty), never an empty table alone."""
    if fmt not in FORMATS:
        raise ValueError(f"export format {fmt!r}: choose one of {', '.join(FORMATS)}")
    rows = evidence_rows(ans, link)
    settled = ans.status == "answered"
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(COLUMNS)
        # every row states the answer's status: a spreadsheet's filter on the column keeps it
        w.writerows([csv_cell(v) for v in dataclasses.replace(row, status=ans.status).cells()] for row in rows)
        if not settled:
            w.writerow([csv_cell(v) for v in status_row(ans).cells()])
        return buf.getvalue()
    # for a person: the status and the table's header in the answer's language
    status = message("export_status", ans.language).format(status=message(f"status_{ans.status}", ans.language))
    out = [f"## {_md(ans.question)}", "", f"**{_md(status)}**" + ("" if settled else f": {_md(ans.answer)}")]
    out += [f"- {_md(w)}" for w in ([] if settled else ans.warnings)]
    if rows:
        out += ["", message("export_columns", ans.language), "|---|---|---|---|"]
    for i, r in enumerate(rows, 1):
        source = f"[{_md(r.source)}](<{r.link}>)" if r.link else _md(r.source)
        columns = (f"<br>{_md(message('row_columns', ans.language).format(columns=r.row_headers))}"
                   if r.row_headers else "")
        quote = f"«{_md(r.quote)}»" if r.verbatim else _md(r.quote)
        out.append(f"| {i} | {_md(r.claim)} | {quote}{columns} | {source} |")
    return "\n".join(out) + "\n"


def evidence_file(ans: Answer, fmt: str, link: Callable[[Citation], str]) -> EvidenceFile:
    """`evidence_cards` as the file a browser downloads (EvidenceFile). ValueError as there."""
    text = evidence_cards(ans, fmt, link)
    return EvidenceFile(file_name=FILE_NAMES[fmt], media_type=MEDIA_TYPES[fmt],
                        data=(("\ufeff" if fmt == "csv" else "") + text).encode("utf-8"))


def local_link(files: "Callable[[str], CitationFile | None]") -> Callable[[Citation], str]:
    """Links to the stored files on this machine: the file URI of what `files(doc_id)`
    (Library.citation_file) gives, with "#page=<n>" (the 1-based physical page) when that
    file opens at its pages; "" for a document not in the library."""
    known: dict[str, CitationFile | None] = {}

    def link(c: Citation) -> str:
        if c.doc_id not in known:
            known[c.doc_id] = files(c.doc_id)
        f = known[c.doc_id]
        if f is None:
            return ""
        a = c.address
        return f.path.resolve().as_uri() + (f"#page={a.page}" if f.paged and isinstance(a, PdfAddress) else "")

    return link


def served_link(base_url: str) -> Callable[[Citation], str]:
    """Links to a pincite server's originals: "<base_url>/api/documents/<doc_id>/file",
    with "#page=<n>" (the 1-based physical page) for a PDF citation."""
    base = base_url.rstrip("/")

    def link(c: Citation) -> str:
        url = f"{base}/api/documents/{url_quote(c.doc_id, safe='')}/file"
        return url + (f"#page={c.address.page}" if isinstance(c.address, PdfAddress) else "")

    return link


#: Cells a spreadsheet would run as a formula.
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
