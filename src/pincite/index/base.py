"""Index shapes shared by every engine: the search filter and the Hit.

Must not import answer/.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from ..library.fields import DEFAULT_TRUST, TRUST_LEVELS, field_key

#: Scope keys a question may carry (eval `scope` objects, REST bodies): SearchFilter fields.
SCOPE_KEYS = ("model", "modification", "revision", "trust", "include_uploaded", "doc_ids")


@dataclass
class SearchFilter:
    """Hard filter applied inside the search (never after it): every condition is part of
    each prefetch of the hybrid query, so the top-k is drawn from matching chunks only. An
    empty result means "no such document", never "relax the filter".

    doc_ids: only these documents (None = all). Points of documents still being ingested
    (state "pending") are always excluded.
    model / modification / revision: only documents whose field matches (spaces collapsed,
    case folded: library.fields.field_key); a document *without* that field does not match
    (a manual with no model set is not "for every model"). `modification` matches when it is
    one of the document's `modifications`.
    trust: the trust levels allowed (library.fields.TRUST_LEVELS); None = normative and
    reference, plus uploaded when `include_uploaded`. An explicit list is used as given
    (listing "uploaded" asks for uploads).
    """

    doc_ids: list[str] | None = None
    model: str | None = None
    modification: str | None = None
    revision: str | None = None
    trust: list[str] | None = None
    include_uploaded: bool = False

    def __post_init__(self) -> None:
        if self.trust is not None:
            trust = [self.trust] if isinstance(self.trust, str) else list(self.trust)
            bad = [t for t in trust if t not in TRUST_LEVELS]
            if bad or not trust:
                raise ValueError(f"trust {bad or trust!r}: choose from {', '.join(TRUST_LEVELS)}")
            self.trust = trust
        for name in ("model", "modification", "revision"):
            v = getattr(self, name)
            if v is not None and not str(v).strip():
                setattr(self, name, None)

    def allowed_trust(self) -> list[str]:
        """The trust levels this filter lets answer."""
        if self.trust is not None:
            return list(self.trust)
        return list(DEFAULT_TRUST) + (["uploaded"] if self.include_uploaded else [])

    def field_conditions(self) -> dict[str, str]:
        """{payload key field: matched value} for model, modification and revision."""
        out = {}
        for name, key in (("model", "model_key"), ("modification", "modifications_key"),
                          ("revision", "revision_key")):
            v = getattr(self, name)
            if v:
                out[key] = field_key(str(v))
        return out

    def narrows(self) -> bool:
        """True when something beyond the default trust levels was asked."""
        return bool(self.model or self.modification or self.revision or self.trust is not None
                    or self.include_uploaded)

    @classmethod
    def from_scope(cls, scope: Mapping[str, object] | None, where: str = "scope") -> "SearchFilter":
        """A filter from a scope object ({"model": "PX-200", "modification": "B",
        "trust": ["normative"], "include_uploaded": true}); ValueError naming `where` for an
        unknown key or value."""
        scope = dict(scope or {})
        unknown = set(scope) - set(SCOPE_KEYS)
        if unknown:
            raise ValueError(f"{where}: unknown scope key(s) {', '.join(sorted(unknown))}; "
                             f"known: {', '.join(SCOPE_KEYS)}")
        try:
            return cls(**{k: (str(v) if k in ("model", "modification", "revision") and v is not None else v)
                          for k, v in scope.items()})
        except ValueError as e:
            raise ValueError(f"{where}: {e}") from None


@dataclass
class Hit:
    """One retrieved chunk, in rank order (rank 1 first), with its index record.

    page / page_end are 1-based physical pages; char_start / char_end index the page's
    PDFium text; `text` is the chunk's source text (exact slice of the page text).
    ocr: the text came from OCR; address: the chunk's own address for a non-PDF unit (slide,
    sheet range, line range), None for a PDF page.
    section_path / section_title: the chunk's outline section (["5 Tests", "5.3 Pressure
    check"], "5.3 Pressure check"); [] and '' when none.
    parts: [] except for a "bridge" chunk (a sentence across a page break, pincite.bridges):
    its pieces per page ({"page", "char_start", "char_end", "offset", "page_label",
    "label_source"}); char_start / char_end then index `text` itself.
    extra: "name_terms" (analysed words naming the hit's document, chunking.naming_text)
    and, for a dense search, "dense" (cosine similarity to the question).
    model, modifications, revision, trust: the document's fields (library.fields) as its
    index record holds them.
    """

    chunk_id: str
    doc_id: str
    score: float
    rank: int
    page: int
    page_end: int
    char_start: int
    char_end: int
    text: str
    file: str = ""
    title: str = ""
    page_label: str = ""
    label_source: str | None = None
    kind: str = "text"
    ocr: bool = False
    address: dict | None = None
    section_path: list[str] = field(default_factory=list)
    section_title: str = ""
    extra: dict = field(default_factory=dict)
    model: str | None = None
    modifications: list[str] = field(default_factory=list)
    revision: str | None = None
    trust: str | None = None
    parts: list[dict] = field(default_factory=list)
