"""The Answer contract: one pydantic shape rendered by the CLI, the REST API and the web UI.

Decision record: docs/decisions/0001-answer-contract.md. Page numbers and labels
in citations are copied from the index record, never from a model. `answer` is display text
built only from verified claims.
"""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, Field

Status = Literal["answered", "partial", "refused", "needs_clarification", "not_confirmed"]
#: Why an answer was refused, for a program (Answer.refusal): the question has no word to
#: search for; the library holds no document; no document of the library is in the
#: question's scope (model, modification, revision, trust or the documents named); no passage
#: in scope answers; the answer model (the LLM path) declined to answer from the passages
#: found, and none of its claims was verified.
RefusalKind = Literal["no_words", "empty_library", "no_document", "not_found", "other_model", "model_refused"]


class PdfAddress(BaseModel):
    """Where a PDF citation lands: 1-based physical pages and the printed label."""

    kind: Literal["pdf"] = "pdf"
    page: int
    page_end: int
    page_label: str | None = None
    label_source: Literal["pagelabels", "folio"] | None = None


class SheetAddress(BaseModel):
    """A spreadsheet citation: sheet name and A1 cell range ("B5", "A5:F5")."""

    kind: Literal["sheet"] = "sheet"
    sheet: str
    range: str


class SlideAddress(BaseModel):
    """A presentation citation: 1-based slide number (untitled slides counted)."""

    kind: Literal["slide"] = "slide"
    slide: int


class LinesAddress(BaseModel):
    """A plain-text citation: 1-based line range, end inclusive."""

    kind: Literal["lines"] = "lines"
    start: int
    end: int


Address = Annotated[Union[PdfAddress, SheetAddress, SlideAddress, LinesAddress], Field(discriminator="kind")]


class Citation(BaseModel):
    """One piece of evidence for a claim.

    `quote` is a verbatim span of the cited page's source text; `verified` says whether the
    server found it there (after the normalisation in `pincite.answer.normalize`), and
    `reason` says why not when it did not; `match` the level it was found at ("exact" after
    the documented normalisation, "loose" also ignoring case, ё/е, quote marks and dashes).
    `unit` is the 1-based unit the citation opens: the physical page of a PDF citation (its
    address's first page), the n-th sheet, slide or block of lines of another document (the
    unit its chunk lies in; the n of GET /api/documents/{id}/pages/{n}/text).
    `source` is the citation's source line to show, in its answer's language, as the CLI
    and the evidence export write it ("manual.pdf, uploaded, not normative, p. 8 (PDF 2)",
    pincite.library.export.source_line): set by the Library on the answers and search
    results it gives (None on a citation built elsewhere); never read back from a caller.
    `row_headers`: when the quote lies in one row of a table whose page text does not name
    its columns (a DOCX table on its converted PDF's pages, a ruled PDF table), that table's
    column headers in column order (["Cartridge", "Filtration (micron)", "Replacement
    interval (months)"] for the quote "CB-10 carbon block 10 6"), shown beside the quote so
    a reader can tell which value is which; the quote itself stays verbatim page text. None
    for any other quote (a spreadsheet row already reads "Weight (kg): 23.9").
    """

    chunk_id: str
    doc_id: str
    file: str
    title: str = ""
    model: str | None = None
    modification: str | None = None
    revision: str | None = None
    status: str | None = None
    trust: str | None = None
    section: str | None = None
    address: Address
    page: int | None = None
    page_label: str | None = None
    unit: int | None = None
    quote: str
    ocr: bool = False
    verified: bool = False
    reason: str | None = None
    match: Literal["exact", "loose"] | None = None
    score: float | None = None
    source: str | None = None
    row_headers: list[str] | None = None


class Claim(BaseModel):
    """A statement of the answer with the citations that support it.

    answerability: for a claim a model wrote, the probability (0..1) that its quote's span
    answers the question (answer.rank.WindowScorer); None when not scored. A claim whose
    quote is verbatim but below the refusal bar is not verified: "found, but not an answer
    to the question"."""

    text: str
    verified: bool
    reason: str | None = None
    citations: list[Citation] = Field(default_factory=list)
    answerability: float | None = None


class Scope(BaseModel):
    """The filter actually used for retrieval and how it was decided."""

    model: str | None = None
    modification: str | None = None
    revision: str | None = None
    mode: Literal["current", "as-shipped", "all"] = "all"
    trust: list[str] | None = None
    doc_ids: list[str] | None = None
    decided_by: str = "default"
    serial: str | None = None
    revision_status: str | None = None
    #: `decided_by` in the answer's language, to show (None: show `decided_by`)
    decided_by_shown: str | None = None


class Clarification(BaseModel):
    """A question back: `question` in the answer's language, `options` to choose from, and
    `kind`, what the choice settles: "scope" (which model, modification, revision or serial:
    the scope options can say it), "row" (which row of a table), "place" (which document or
    section a vague word is asked of)."""

    question: str
    options: list[str] = Field(default_factory=list)
    kind: Literal["scope", "row", "place"] = "scope"


class CompareItem(BaseModel):
    """One side of a compare answer: the revision searched and its own Answer (own sources)."""

    revision: str
    answer: "Answer"


class Relevance(BaseModel):
    """How strongly the best evidence matches the question, and the bar it had to clear.

    coverage: share (0..1) of the question's IDF-weighted words in the best sentence window;
    dense: cosine similarity (-1..1) of the question's and the best chunk's dense vectors
    (None without an embedder); score: the probability (0..1) that the best window answers
    the question (pincite.answer.answerability), what the refusal decision compares with
    `threshold` (Settings.min_answerability, or the trained model's bar): refused below it.
    min_dense: unused since refusal is decided by the answerability model; kept so that
    stored answers of earlier versions still read.
    """

    coverage: float
    dense: float | None = None
    score: float
    threshold: float
    min_dense: float | None = None


class CalcInput(BaseModel):
    """One named input of a calculation, bound to the citation whose quote states it.

    value: the number as a decimal string (from decimal.Decimal, never a float); unit: the
    canonical unit (pincite.answer.calc) or None; text: the value as the quote writes it.
    """

    name: str
    value: str | None = None
    unit: str | None = None
    text: str = ""
    citation: Citation | None = None
    verified: bool = False
    reason: str | None = None


class Calculation(BaseModel):
    """Arithmetic done by code (pincite.answer.calc) on values the documents state.

    formula: over the input names ("rate * days"; an offline comparison's inputs are named
    by the things compared: "СКД-12М − СКД-12", pincite.answer.comparison); substitution: the
    formula with the values and units put in; result / unit: the exact Decimal result as a string and its unit;
    shown: the result rounded by `precision` (the rule, in words), written as the answer's
    language writes numbers ("6,2" in Russian); unit_shown: `unit` as that language writes it
    ("кВт" for "kW"; `unit` stays the canonical one code reads). Not verified (with
    `reason`) when an input is not in its quote, a unit does not fit, or a name is unbound;
    then no result is given.
    """

    formula: str
    inputs: list[CalcInput] = Field(default_factory=list)
    substitution: str | None = None
    result: str | None = None
    unit: str | None = None
    shown: str | None = None
    unit_shown: str | None = None
    precision: str | None = None
    verified: bool = False
    reason: str | None = None


class Answer(BaseModel):
    """The answer to one question; docs/decisions/0001-answer-contract.md gives the meaning of
    each status.

    mode: "extractive" (sentences of the documents) or "llm" (claims a model wrote, each
    verified by the server); model: the answer model's name on the LLM path; usage: tokens
    summed over the model calls (prompt_tokens, completion_tokens, total_tokens, as the
    server reported them); timings: seconds per stage ("retrieve", "answer", "llm");
    passages: for `not_confirmed`, the evidence found (unverified links, excerpt as quote).
    calculation: arithmetic on cited values, computed by code (None when none was needed).
    refusal: why a refused answer was refused (RefusalKind; "no_document" when nothing in
    the library is in the question's scope, so the answer names the missing document;
    "other_model" when what was found would answer for another model or revision than the
    one asked, which the warning names; "model_refused" when the answer model declined); a
    compound or compared answer refused as a whole has the kind its parts share, None when
    they were not all refused for one reason; None for every other status.
    exportable: whether the evidence export of this answer has a row (a verified citation
    of a verified claim, or a calculation done, here or in a part;
    pincite.library.export.has_evidence), set by the Library with each citation's `source`.
    """

    question: str
    status: Status
    language: str
    scope: Scope = Field(default_factory=Scope)
    answer: str
    claims: list[Claim] = Field(default_factory=list)
    parts: list["Answer"] = Field(default_factory=list)
    clarification: Clarification | None = None
    warnings: list[str] = Field(default_factory=list)
    relevance: Relevance | None = None
    timings: dict[str, float] = Field(default_factory=dict)
    mode: Literal["extractive", "llm"] = "extractive"
    model: str | None = None
    usage: dict[str, int] | None = None
    passages: list[Citation] = Field(default_factory=list)
    calculation: Calculation | None = None
    compare: list[CompareItem] = Field(default_factory=list)
    refusal: RefusalKind | None = None
    exportable: bool = False

    def citations(self) -> list[Citation]:
        """All citations of all claims, in rank order (first claim first)."""
        return [c for claim in self.claims for c in claim.citations]


CompareItem.model_rebuild()


class Passage(BaseModel):
    """One passage a search found, for a caller that writes its own answer.

    rank: 1 for the passage most likely to answer. probability: the answerability model's
    chance (0..1) that this passage answers the question (compare with
    SearchResult.threshold). text: the whole passage (a chunk of one page, a table row, a
    slide, a sheet range; a sentence that runs over a page break spans both pages),
    verbatim from the document, line ends as "\\n" and words hyphenated at a line end
    joined. citation: where it stands (file, 1-based physical page, printed label, typed
    address) with its best sentences as `quote`, already checked against the page
    (`verified`). other_source: the passage is about another model, edition or document
    than the one the question names, so it ranks last.
    """

    rank: int
    probability: float
    text: str
    citation: Citation
    other_source: bool = False


class SearchResult(BaseModel):
    """The ranked passages of a question (Library.search), without an answer written.

    threshold: the bar an answer must reach (Relevance.threshold); answerable: whether the
    best passage reaches it; note: why not, in the question's language, when it does not.
    """

    question: str
    language: str
    scope: Scope = Field(default_factory=Scope)
    threshold: float
    answerable: bool
    note: str | None = None
    passages: list[Passage] = Field(default_factory=list)


class QuoteVerdict(BaseModel):
    """Whether a text stands verbatim on one page of one document (Library.verify_quote).

    page: the 1-based physical page (the n-th sheet, slide or part of a text file, in a document
    without pages); page_label: the printed label of that page (None when it has none).
    verified / match / reason as in Citation: "exact" after the documented normalisation,
    "loose" also ignoring case, ё/е, quote marks and dashes; reason "not in source", "too
    short", "cuts a word or number", "empty" or "source text unavailable" when not verified.
    """

    doc_id: str
    file: str
    page: int
    page_label: str | None = None
    quote: str
    verified: bool
    match: Literal["exact", "loose"] | None = None
    reason: str | None = None


class PageView(BaseModel):
    """The text of one page of one document, as quotes are checked against it (Library.page).

    page: 1-based physical page (of a sheet, slide or part of a text file in a document without
    pages, its number as in chunk ids); pages: how many the document has; page_label and
    label_source: the printed label and where it came from; kind: "pdf", "sheet", "slide"
    or "lines" (a part of a text file, about 60 lines); address: the unit's own address for a
    non-PDF unit; text: the extracted text
    with line ends as "\\n" and words hyphenated at a line end joined (quotes from it verify).
    """

    doc_id: str
    file: str
    title: str = ""
    page: int
    pages: int
    page_label: str | None = None
    label_source: str | None = None
    kind: Literal["pdf", "sheet", "slide", "lines"] = "pdf"
    address: Address | None = None
    ocr: bool = False
    text: str
