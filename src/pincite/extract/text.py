"""Plain text and Markdown files -> DocumentModel, addressed by line numbers.

The file is decoded in the encoding :func:`pincite.extract.sniff.sniff` found (UTF-8 with or
without a byte-order mark, UTF-16); bytes that are not valid in it are replaced by U+FFFD
and counted in ``warnings``. Lines are numbered from 1 as an editor shows them (a line ends
at ``\\n``, ``\\r\\n`` or ``\\r``); a unit's text is its lines joined by ``\\n``, so line
endings are the only change to the file's text.

Units (``PageText``, ``page`` = the unit number) hold about TEXT_LINES_PER_UNIT lines or
TEXT_UNIT_CHARS characters: a unit ends at the first blank line (or, in Markdown, before the
first heading) after it reached that size, and at twice the size in any case. Blank units are
left out. Address ``{"kind": "lines", "start": first, "end": last}`` (first and last
non-blank line), with a span per non-blank line, so a chunk cites the lines it covers.

This module must not import later stages.
"""
from __future__ import annotations

import re
from pathlib import Path

from pincite.errors import EmptyFile
from pincite.extract.model import AddressSpan, DocumentModel, LineRange, PageText, Span
from pincite.extract.sniff import MIME, OFFICE_EXTRACTOR, decode_text

#: A text unit ends at a paragraph break once it holds this many lines ...
TEXT_LINES_PER_UNIT = 60
#: ... or this many characters.
TEXT_UNIT_CHARS = 6000

_LINE_END = re.compile(r"\r\n|\n|\r")
_MD_HEADING = re.compile(r"^ {0,3}#{1,6}(\s|$)")


def extract_text(path: Path, *, kind: str, encoding: str, doc_id: str, sha256: str,
                 file_name: str | None = None) -> DocumentModel:
    """A text ("txt") or Markdown ("md") file -> DocumentModel (see the module docstring).
    Raises EmptyFile when the file holds only whitespace."""
    path = Path(path)
    data = path.read_bytes()
    warnings: list[str] = []
    try:
        text = decode_text(data, encoding)
    except UnicodeDecodeError:
        text = decode_text_lenient(data, encoding)
        bad = text.count("\ufffd")
        warnings.append(f"{bad:,} invalid {encoding.upper()} byte sequence(s) replaced by U+FFFD")
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = _LINE_END.split(text)
    if not any(line.strip() for line in lines):
        raise EmptyFile(path, "the file holds only whitespace")
    pages = [_unit(n, group) for n, group in enumerate(_groups(lines, markdown=kind == "md"), 1)]
    title = ""
    if kind == "md":
        title = next((_MD_HEADING.sub("", ln).strip(" #") for ln in lines if _MD_HEADING.match(ln)), "")
    name = file_name or path.name
    return DocumentModel(doc_id=doc_id, file_name=name, sha256=sha256, mime=MIME[kind], pages=pages,
                         path=str(path), title=title or Path(name).stem,
                         extractor=OFFICE_EXTRACTOR, warnings=warnings)


def decode_text_lenient(data: bytes, encoding: str) -> str:
    """Like sniff.decode_text, with invalid bytes replaced by U+FFFD."""
    if encoding == "utf-16" and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        encoding = "utf-16-le" if data[1::2].count(0) >= data[0::2].count(0) else "utf-16-be"
    return data.decode(encoding, errors="replace")


def _groups(lines: list[str], *, markdown: bool) -> list[list[tuple[int, str]]]:
    """Consecutive (line number, line) groups, one per unit; blank groups left out."""
    groups: list[list[tuple[int, str]]] = []
    cur: list[tuple[int, str]] = []
    chars = 0
    for no, line in enumerate(lines, 1):
        full = len(cur) >= TEXT_LINES_PER_UNIT or chars >= TEXT_UNIT_CHARS
        hard = len(cur) >= 2 * TEXT_LINES_PER_UNIT or chars >= 2 * TEXT_UNIT_CHARS
        boundary = not line.strip() or (markdown and bool(_MD_HEADING.match(line)))
        if cur and (hard or (full and boundary)):
            groups.append(cur)
            cur, chars = [], 0
        cur.append((no, line))
        chars += len(line) + 1
    if cur:
        groups.append(cur)
    return [g for g in groups if any(line.strip() for _, line in g)]


def _unit(n: int, group: list[tuple[int, str]]) -> PageText:
    spans: list[Span] = []
    numbers: list[int] = []  # of the lines with text
    parts: list[str] = []
    pos = 0
    for no, line in group:
        if line.strip():
            spans.append(AddressSpan(start=pos, end=pos + len(line),
                                     address=LineRange(start=no, end=no)))
            numbers.append(no)
        parts.append(line)
        pos += len(line) + 1
    return PageText(page=n, text="\n".join(parts), address=LineRange(start=numbers[0], end=numbers[-1]),
                    spans=spans)
