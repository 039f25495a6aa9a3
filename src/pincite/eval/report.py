"""The eval report: one self-contained HTML page of an eval run, to look at in a browser.

It owns turning typed eval records (`pincite.eval.run.EvalRecord`) into HTML: per-language
bars of hit@1, hit@5, refusal accuracy and false refusals; the distribution of the
answerability probability (`Answer.relevance.score`) for answered and refused questions, and
for questions with and without an expected answer, with the refusal bar drawn across; every
miss with its question, what was cited and what was expected, with page images; timings.

The page makes no request of any kind: plots are inline SVG (matplotlib, imported when a
report is built, drawn on its Agg-family canvases without pyplot), page images are PNG data
URIs, styles are inline and there is no script. Page images are embedded rather than linked
to `pincite serve`, because a report is a file that is mailed and archived: a server URL
only opens while a server with the same library runs, on a port chosen at start. It must
not ask questions, open a library or write anything but the page.
"""
from __future__ import annotations

import base64
import html
import io
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from pincite.answer.messages import counted
from pincite.eval.run import CLARIFY, EvalRecord, EvalSummary, IngestFigures, expects_answer, percentiles, summarise

#: The four figures drawn as bars per language, with their headings.
BAR_METRICS = {"hit@1": "hit@1", "hit@5": "hit@5", "refusal_accuracy": "refusal accuracy",
               "false_refusals": "false refusals"}
#: Histogram range of the answerability probability: a log axis, since the shipped bar is a
#: few hundredths and most answerable questions score far above it; a score below the
#: floor (0 included) is drawn in the first bin.
SCORE_FLOOR = 1e-4
SCORE_BINS = 24
#: At most this many page images are embedded (each ~20-60 KB); later misses name the page.
MAX_PAGE_IMAGES = 120
#: Citations listed per miss.
CITATIONS_SHOWN = 3


@dataclass(frozen=True)
class PageRef:
    """A page a report shows: the document's file name, its 1-based physical page, and its
    doc_id when known (a citation's; an expected page is known by file name only)."""

    file: str
    page: int
    doc_id: str | None = None


#: Gives the PNG of a page (or None when it has no image); the CLI passes one over a Library.
PageImages = Callable[[PageRef], "bytes | None"]


@dataclass
class Miss:
    """A question the run got wrong: `why` says how, in a short phrase."""

    record: EvalRecord
    why: str


def answerable(record: EvalRecord) -> bool:
    """Whether the set expects an answer (as `evaluate.summarise` counts it)."""
    return expects_answer(record)


def misses(records: Sequence[EvalRecord]) -> list[Miss]:
    """The records to look at, in their order: an answerable question whose first citation
    is not on an expected page (refused, cited lower, or not cited in the first five), and a
    question expecting a refusal that was not refused."""
    out = []
    for r in records:
        if answerable(r):
            if r.hit1:
                continue
            if r.status == "refused":
                why = "refused, but the set expects an answer (false refusal)"
            elif r.hit5:
                why = "an expected page is cited, but not first"
            else:
                why = "no expected page among the first five citations"
        elif r.kind == CLARIFY:
            if r.status == "needs_clarification":
                continue
            why = f"{r.status}, but the set expects it asked back"
        elif r.status != "refused":
            why = f"{r.status}, but the set expects a refusal"
        else:
            continue
        out.append(Miss(r, why))
    return out


def build_report(records: Sequence[EvalRecord], summary: EvalSummary | None = None, *,
                 title: str = "pincite eval", environment: dict | None = None,
                 ingest: IngestFigures | None = None,
                 page_image: PageImages | None = None) -> str:
    """The report page (HTML, UTF-8 text) of `records`.

    summary: the figures per language (`evaluate.summarise(records)` when None);
    environment: `evaluate.environment`'s dict, shown as given; ingest: the timed ingest of
    `--corpus`; page_image: PNG of a cited or expected page, embedded beside each miss (at
    most MAX_PAGE_IMAGES; without it pages are named only). ImportError when matplotlib is
    not installed.
    """
    summary = summary or summarise(list(records))
    images = _ImageBudget(page_image)
    bar = threshold_of(records)
    wrong = misses(records)
    parts = [
        f"<h1>{_e(title)}</h1>",
        _intro(records, summary, bar, len(wrong)),
        "<h2>Figures per language</h2>",
        _figure(bars_svg(summary), "bars"),
        _figures_table(summary),
        "<h2>Answerability and the refusal bar</h2>",
        _score_note(records, bar),
        _figure(scores_svg(records, bar), "scores"),
        "<h2>Timings</h2>",
        _figure(timings_svg(records), "timings"),
        _timings_table(records, ingest),
        f"<h2>Misses ({len(wrong)})</h2>",
        *(_miss_html(m, images) for m in wrong),
    ]
    if not wrong:
        parts.append("<p>None: every answerable question was cited first on an expected page "
                     "and every refusal question was refused.</p>")
    if environment:
        parts += ["<h2>Environment</h2>", _environment_html(environment)]
    body = "\n".join(parts)
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width\"><title>{_e(title)}</title>"
            f"<style>{CSS}</style></head><body>\n{body}\n</body></html>\n")


def write_report(path: Path, records: Sequence[EvalRecord], summary: EvalSummary | None = None,
                 **options) -> None:
    """Write `build_report(records, summary, **options)` to `path` (UTF-8); OSError as the
    file system raises it."""
    Path(path).write_text(build_report(records, summary, **options), encoding="utf-8")


def threshold_of(records: Sequence[EvalRecord]) -> float | None:
    """The refusal bar the run used: the one most records carry (one per run unless the
    setting changed mid-run); None when no record carries one."""
    bars = [r.threshold for r in records if r.threshold is not None]
    return max(set(bars), key=bars.count) if bars else None


# -- plots ------------------------------------------------------------------------

def bars_svg(summary: EvalSummary) -> str:
    """Grouped bars (0..1) of BAR_METRICS per language, "all" last; each bar's SVG group has
    the id `bar-<metric>-<lang>` and its figure written above it ("–" where the figure has
    no questions to count)."""
    langs = [k for k in summary.rows if k != "all"] + (["all"] if "all" in summary.rows else [])
    fig = _new_figure(max(6.0, 1.4 * len(langs) + 2), 3.4)
    ax = fig.add_subplot()
    width = 0.8 / len(BAR_METRICS)
    for i, (metric, label) in enumerate(BAR_METRICS.items()):
        values = [summary.rows[lang].get(metric) for lang in langs]
        xs = [n + (i - (len(BAR_METRICS) - 1) / 2) * width for n in range(len(langs))]
        drawn = ax.bar(xs, [v or 0.0 for v in values], width * 0.95, label=label,
                       color=PALETTE[i])
        for rect, lang, v in zip(drawn, langs, values):
            rect.set_gid(f"bar-{_id(metric)}-{_id(lang)}")
        ax.bar_label(drawn, labels=["–" if v is None else f"{v:g}" for v in values], fontsize=7,
                     padding=1)
    ax.set_xticks(range(len(langs)), langs)
    ax.set_ylim(0, 1.12)
    ax.set_ylabel("share of questions")
    ax.legend(ncols=4, fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.12), frameon=False)
    return _svg(fig)


def scores_svg(records: Sequence[EvalRecord], bar: float | None) -> str:
    """Histograms of the answerability probability on a log axis: above, the questions
    pincite answered against those it refused; below, the questions the set expects an
    answer to against those it expects refused. The bar is a vertical line (SVG id
    `threshold-line`) labelled with its value."""
    import numpy as np

    fig = _new_figure(7.0, 4.2)
    axes = fig.subplots(2, 1, sharex=True)
    edges = np.logspace(math.log10(SCORE_FLOOR), 0, SCORE_BINS + 1)
    scored = [r for r in records if r.relevance is not None]
    splits = [
        ("pincite's outcome", [("answered", lambda r: r.status != "refused"),
                               ("refused", lambda r: r.status == "refused")]),
        ("the set expects", [("an answer", answerable), ("a refusal", lambda r: not answerable(r))]),
    ]
    for ax, (heading, groups) in zip(axes, splits):
        for n, (name, keep) in enumerate(groups):
            xs = [min(1.0, max(SCORE_FLOOR, p)) for r in scored if keep(r) and (p := r.relevance) is not None]
            ax.hist(xs, bins=edges, alpha=0.6, color=PALETTE[n], label=f"{name} ({len(xs)})")
        ax.set_xscale("log")
        ax.set_ylabel("questions")
        ax.set_title(heading, fontsize=9, loc="left")
        if bar is not None:
            line = ax.axvline(max(bar, SCORE_FLOOR), color="#b00020", linewidth=1.5, linestyle="--")
            line.set_gid("threshold-line" if ax is axes[0] else "threshold-line-2")
            ax.text(max(bar, SCORE_FLOOR), 0.97, f" bar {bar:g}", transform=ax.get_xaxis_transform(),
                    color="#b00020", fontsize=8, va="top")
        ax.legend(fontsize=8, loc="upper left")
    axes[-1].set_xlabel("answerability probability of the best passage (log scale)")
    return _svg(fig)


def timings_svg(records: Sequence[EvalRecord]) -> str:
    """Histogram of the questions' answering times (ms), with the median and the 95th
    percentile as vertical lines (SVG ids `p50-line`, `p95-line`)."""
    fig = _new_figure(7.0, 2.6)
    ax = fig.add_subplot()
    ms = [r.seconds * 1000 for r in records]
    if ms:
        ax.hist(ms, bins=min(30, max(5, len(ms) // 2)), color=PALETTE[0], alpha=0.7)
        p50, p95 = (x * 1000 for x in percentiles(r.seconds for r in records))
        for value, name, style in ((p50, "p50", "-"), (p95, "p95", "--")):
            ax.axvline(value, color="#333333", linestyle=style, linewidth=1).set_gid(f"{name}-line")
            ax.text(value, 0.97, f" {name} {value:.0f} ms", transform=ax.get_xaxis_transform(),
                    fontsize=8, va="top")
    ax.set_xlabel("time to answer one question (ms, cold: the first loads the models)")
    ax.set_ylabel("questions")
    return _svg(fig)


#: Colour-blind-safe colours (Okabe & Ito, 2008).
PALETTE = ["#0072B2", "#E69F00", "#009E73", "#CC79A7"]


def _new_figure(width_in: float, height_in: float):
    from matplotlib.figure import Figure  # no pyplot: no global state, no GUI backend

    return Figure(figsize=(width_in, height_in), layout="constrained")


def _svg(fig) -> str:
    """The figure as an inline <svg> element: text kept as text (searchable, small), no
    metadata block, no XML prologue and no namespace declarations (HTML parsing puts <svg>
    in its namespace; they are URIs a reader could take for links)."""
    import matplotlib

    buf = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "pincite"}):
        fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": None, "Format": None,
                                                 "Type": None})
    text = buf.getvalue()
    text = text[text.index("<svg"):]
    text = re.sub(r'\s+xmlns(:\w+)?="[^"]*"', "", text)
    text = re.sub(r"<metadata>.*?</metadata>", "", text, flags=re.S)
    return text


# -- HTML parts -------------------------------------------------------------------

def _intro(records, summary: EvalSummary, bar: float | None, n_misses: int) -> str:
    total = summary.rows.get("all", {})
    bar_text = "not recorded" if bar is None else f"{bar:g}"
    return (f"<p>{counted(len(records), 'question')} ({total.get('answerable', 0)} with an answer, "
            f"{total.get('refusals', 0)} expecting a refusal"
            + (f", {total['clarify']} expecting to be asked back" if total.get("clarify") else "")
            + f"); {n_misses} misses; refusal bar "
            f"{bar_text} (probability that the best passage answers). Figures: hit@1 and hit@5 "
            "count answerable questions cited on an expected page first or in the first five; "
            "refusal accuracy is the share of refusal questions refused; asked back the share "
            "of vague questions (kind clarify) asked back; false refusals the share of "
            "answerable questions refused.</p>")


def _figure(svg: str, name: str) -> str:
    return f'<figure class="plot" id="plot-{name}">{svg}</figure>'


def _figures_table(summary: EvalSummary) -> str:
    cols = ["questions", "answerable", "refusals", *BAR_METRICS, "verified_quotes",
            "printed_labels", "crosschecked_quotes"]
    if any(row.get("clarify") for row in summary.rows.values()):
        cols[3:3] = ["clarify"]
        cols.insert(cols.index("false_refusals"), "asked_back")
    head = "".join(f"<th>{_e(c.replace('_', ' '))}</th>" for c in cols)
    rows = []
    for lang, row in summary.rows.items():
        cells = "".join(f"<td>{'–' if row.get(c) is None else _e(f'{row[c]:g}')}</td>" for c in cols)
        rows.append(f'<tr id="row-{_id(lang)}"><th>{_e(lang)}</th>{cells}</tr>')
    return f'<table class="figures"><tr><th>lang</th>{head}</tr>{"".join(rows)}</table>'


def _score_note(records, bar: float | None) -> str:
    missing = sum(r.relevance is None for r in records)
    below = sum(r.relevance is not None and bar is not None and r.relevance < bar
                and answerable(r) for r in records)
    text = ("Each question's probability that its best passage answers it "
            "(relevance score of the Answer); below the bar a question is refused.")
    if bar is not None:
        text += f" {below} answerable question(s) score below the bar."
    if missing:
        text += f" {missing} record(s) carry no score and are left out."
    return f"<p>{_e(text)}</p>"


def _timings_table(records, ingest: IngestFigures | None) -> str:
    p50, p95 = percentiles(r.seconds for r in records)
    rows = [("query p50", f"{p50 * 1000:.0f} ms"), ("query p95", f"{p95 * 1000:.0f} ms"),
            ("all questions", f"{sum(r.seconds for r in records):.1f} s"),
            ("quote cross-check (not in the query times)",
             f"{sum(r.crosscheck_seconds for r in records):.1f} s")]
    if ingest is not None:
        rate = "–" if ingest.pages_per_s is None else f"{ingest.pages_per_s} pages/s"
        rows.append(("ingest", f"{counted(ingest.files, 'file')}, {counted(ingest.pages, 'page')} in "
                               f"{ingest.seconds} s ({rate})"))
    body = "".join(f"<tr><th>{_e(k)}</th><td>{_e(v)}</td></tr>" for k, v in rows)
    return f'<table class="timings">{body}</table>'


def _miss_html(miss: Miss, images: "_ImageBudget") -> str:
    r = miss.record
    score = "–" if r.relevance is None else f"{r.relevance:g}"
    # a sheet or a slide has no page: none is named
    expected_where = f", {_page_word(r.expected_doc)} {', '.join(map(str, r.expected_pages))}" \
        if r.expected_pages else ""
    cited = "".join(_citation_html(c) for c in r.citations[:CITATIONS_SHOWN]) or "<li>nothing</li>"
    more = len(r.citations) - CITATIONS_SHOWN
    pics = []
    if r.citations and r.citations[0].get("page"):
        c = r.citations[0]
        pics.append(images.html(PageRef(c["file"], c["page"], c.get("doc_id")), "cited first"))
    if r.expected_pages and answerable(r):
        pics.append(images.html(PageRef(r.expected_doc, r.expected_pages[0]), "expected"))
    return (f'<section class="miss" id="miss-{_id(r.id)}">'
            f"<h3>{_e(r.id)} <small>{_e(r.lang)} · {_e(r.kind)} · {_e(miss.why)}</small></h3>"
            f'<p class="q">{_e(r.question)}</p>'
            f"<p><b>status</b> {_e(r.status)} · <b>answerability</b> {_e(score)}</p>"
            f"<p><b>expected</b> {_e(r.expected_doc)}{expected_where}: "
            f"{_e(r.expected_answer if r.expected_answer is not None else 'a refusal')}</p>"
            f"<p><b>answer</b> {_e(_short(r.answer, 400))}</p>"
            f"<p><b>cited</b></p><ol>{cited}</ol>"
            + (f"<p>… and {more} more citation(s)</p>" if more > 0 else "")
            + f'<div class="pages">{"".join(pics)}</div></section>')


def _page_word(file: str) -> str:
    """How a page of `file` is named: "PDF p." of a PDF's physical page, "p." of a page of
    another document (a DOCX cited by the pages of its conversion), as the CLI names them."""
    return "PDF p." if file.lower().endswith(".pdf") else "p."


def _citation_html(c: dict) -> str:
    page = c.get("page")
    where = "no page" if page is None else f"{_page_word(c.get('file') or '')} {page}"
    if c.get("page_label") and str(c["page_label"]) != str(page):
        where = f"p. {c['page_label']} ({where})"
    mark = "verified" if c.get("verified") else "not verified"
    return f"<li>{_e(c.get('file') or '')}, {_e(where)}, {mark}: “{_e(_short(c.get('quote') or '', 300))}”</li>"


def _environment_html(env: dict) -> str:
    rows = []
    for key, value in env.items():
        if isinstance(value, dict):
            value = ", ".join(f"{k} {v}" for k, v in value.items())
        rows.append(f"<tr><th>{_e(key)}</th><td>{_e(str(value))}</td></tr>")
    return f'<table class="env">{"".join(rows)}</table>'


class _ImageBudget:
    """Embeds page images through `page_image`, each page rendered once, at most
    MAX_PAGE_IMAGES; a click on a thumbnail shows it large, a click beside it closes it
    (CSS :target, no script)."""

    def __init__(self, page_image: PageImages | None):
        self.page_image = page_image
        self.cache: dict[PageRef, str | None] = {}
        self.shown = 0

    def html(self, ref: PageRef, role: str) -> str:
        caption = f"{role}: {ref.file}, {_page_word(ref.file)} {ref.page}"
        uri = self._uri(ref)
        if uri is None:
            return f'<figure class="page none"><figcaption>{_e(caption)} (no page image)</figcaption></figure>'
        self.shown += 1
        anchor = f"page-{self.shown}"
        return (f'<figure class="page" id="{anchor}"><a href="#{anchor}"><img src="{uri}" '
                f'alt="{_e(caption)}"></a><a class="close" href="#_" title="close"></a>'
                f"<figcaption>{_e(caption)}</figcaption></figure>")

    def _uri(self, ref: PageRef) -> str | None:
        key = PageRef(ref.file, ref.page, ref.doc_id)
        if key not in self.cache:
            png = None
            if self.page_image is not None and len(self.cache) < MAX_PAGE_IMAGES:
                png = self.page_image(ref)
            self.cache[key] = None if not png else "data:image/png;base64," + base64.b64encode(png).decode("ascii")
        return self.cache[key]


def _short(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _e(text) -> str:
    return html.escape(str(text), quote=True)


def _id(text: str) -> str:
    """A name as an SVG/HTML id part: letters, digits, '_' and '-' ("hit@1" -> "hit1")."""
    return re.sub(r"[^A-Za-z0-9_-]+", "", text.replace(" ", "_")) or "x"


CSS = """
body { font-family: system-ui, sans-serif; margin: 1.5rem auto; max-width: 64rem; padding: 0 1rem;
       color: #1a1a1a; line-height: 1.4; }
h1 { font-size: 1.5rem; } h2 { margin-top: 2rem; border-bottom: 1px solid #ddd; }
figure.plot { margin: 0.5rem 0; } figure.plot svg { max-width: 100%; height: auto; }
table { border-collapse: collapse; margin: 0.5rem 0; font-size: 0.9rem; }
th, td { border: 1px solid #ddd; padding: 0.2rem 0.5rem; text-align: left; }
td { font-variant-numeric: tabular-nums; }
section.miss { border-left: 4px solid #E69F00; padding: 0.2rem 0 0.2rem 0.8rem; margin: 1.2rem 0; }
section.miss h3 { margin: 0.2rem 0; font-size: 1rem; } section.miss small { color: #555; font-weight: normal; }
p.q { font-size: 1.05rem; font-weight: 600; }
div.pages { display: flex; gap: 1rem; flex-wrap: wrap; }
figure.page { margin: 0; } figure.page img { width: 14rem; border: 1px solid #bbb; }
figure.page figcaption { font-size: 0.8rem; color: #555; max-width: 14rem; }
a.close { display: none; }
figure.page:target a.close { display: block; position: fixed; inset: 0; z-index: 10;
                             background: rgba(0, 0, 0, 0.7); }
figure.page:target img { position: fixed; z-index: 11; top: 2.5vh; left: 50%; transform: translateX(-50%);
                         width: auto; max-height: 95vh; max-width: 95vw; background: #fff; }
"""
