"""Glyphs a PDF marks as no text: the chars of text objects inside a marked-content sequence
``/Span <</ActualText ()>> BDC ... EMC`` whose ActualText is empty, found by walking a page's
objects (`no_text_offsets`), for `extract.pdf` to leave out of the page text as poppler's
pdftotext does (ActualText replaces the enclosed content's text, ISO 32000-1, 14.9.4; an
empty one by nothing); and the glyphs of a composite font that have no Unicode value, which
PDFium gives as their glyph numbers (`unmapped_offsets`).

PDFium decodes an ActualText string as UTF-8 (``FPDFPageObjMark_GetParamStringValue``), so a
UTF-16BE value such as <FEFF95E8> reads as '': emptiness is judged on the raw bytes
(``FPDFPageObjMark_GetParamBlobValue``). The walk is bounded (MAX_MARKED_OBJECTS objects, forms
MAX_FORM_DEPTH deep). This module reads a page `extract.pdf` holds open; it opens no file,
builds no page text and imports no later stage.
"""
from __future__ import annotations

import ctypes
import re
from typing import AbstractSet, Iterator, Mapping, TypeVar

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from pincite.extract.geometry import object_address, unchecked
from pincite.extract.pdflimits import MIB, MIME_PDF, PdfLimits  # noqa: F401  (MIME_PDF re-exported)

#: The marked-content tag and property whose empty value marks glyphs as no text.
_SPAN_NAME = "Span".encode("utf-16-le")
_ACTUAL_TEXT = b"ActualText"
#: Byte-order marks a PDF text string may start with (UTF-16BE; UTF-8 since PDF 2.0): an
#: ActualText of only one of them is empty too.
_EMPTY_TEXT_STRINGS = (b"", b"\xfe\xff", b"\xef\xbb\xbf")
_LINE_BREAKS = "\r\n"


def no_text_offsets(page: pdfium.PdfPage, textpage: pdfium.PdfTextPage, text: str,
                    also: AbstractSet[int] = frozenset()) -> list[int]:
    """Offsets into ``text`` (PDFium's text of ``page``, ``get_text_range()``) of the chars
    to leave out of the page text, in increasing order; [] on nearly every page.

    Left out: the chars of text objects inside a marked-content sequence ``/Span
    <</ActualText ()>> BDC ... EMC`` whose ActualText is empty (:func:`no_text_objects`).
    ActualText replaces the text of the content it encloses (ISO 32000-1, 14.9.4
    "Replacement text"); an empty one replaces it by nothing. Poppler (pdftotext) honours
    both; PDFium's text page substitutes a non-empty one but gives the glyphs under an empty
    one: e.g. the line numbers of the code listings of install-latex-guide-zh-cn, which a
    reader (and pdftotext) does not see as text. Only the Span tag counts (poppler ignores
    ActualText on other tags). Line
    breaks PDFium puts among such chars are kept, and so is the whitespace that separates
    kept text; whitespace the left-out chars strand is left out too: spaces after them at a
    line start, before them at a line end, the second of two separators around them in a
    line, and the line break after a line they made up alone (so "\\r\\n1 sudo" gives
    "\\r\\nsudo" and a line "2" disappears).

    ``also``: offsets of further chars to leave out (text a reader cannot see,
    :mod:`pincite.extract.hidden`); their stranded whitespace goes the same way.

    Costs one walk over the page objects (marks read only on marked text and form objects);
    the chars are looked at only on a page that has such a text object.
    """
    hidden = no_text_objects(page)
    marked = set(object_offsets(textpage, text, dict.fromkeys(hidden, True))) if hidden else set()
    marked |= set(also)
    if not marked:
        return []
    return sorted(marked | stranded_space(text, marked))


#: The value type of the objects `object_offsets` maps chars to.
V = TypeVar("V")


def object_offsets(textpage: pdfium.PdfTextPage, text: str, objects: Mapping[int, V]) -> dict[int, V]:
    """Offsets into ``text`` (PDFium's text of the page, ``get_text_range()``) of the chars
    drawn by the text objects keyed in ``objects`` (addresses, as ``FPDFText_GetTextObject``
    gives them) -> that object's value; line breaks PDFium puts among them are not included.
    {} without a look at the chars when ``objects`` is empty."""
    if not objects:
        return {}
    raw = textpage.raw
    marked: dict[int, V] = {}
    for k, t in char_offsets(textpage, text):
        obj = pdfium_c.FPDFText_GetTextObject(raw, k)
        value = objects.get(object_address(obj)) if obj else None
        if value is not None and text[t] not in _LINE_BREAKS:
            marked[t] = value
    return marked


def char_offsets(textpage: pdfium.PdfTextPage, text: str) -> Iterator[tuple[int, int]]:
    """(PDFium char index, offset into ``text``) of every char of the page that ``text``
    (``get_text_range()``) holds: the identity when no char is left out of PDFium's text and
    none lies outside the BMP, else through ``FPDFText_GetTextIndexFromCharIndex`` and the
    UTF-16 units of ``text`` (module docstring of :mod:`pincite.extract.pdf`, "PDFium
    quirks"). Chars PDFium leaves out of its text are skipped."""
    raw = textpage.raw
    n = pdfium_c.FPDFText_CountChars(raw)
    identity = len(text.encode("utf-16-le")) // 2 == len(text) == n
    unit_to_offset: list[int] | None = None
    if not identity and len(text.encode("utf-16-le")) // 2 != len(text):
        unit_to_offset = [i for i, ch in enumerate(text) for _ in range(2 if ord(ch) > 0xFFFF else 1)]
    for k in range(max(0, n)):
        t = k if identity else pdfium_c.FPDFText_GetTextIndexFromCharIndex(raw, k)
        if unit_to_offset is not None:
            t = unit_to_offset[t] if 0 <= t < len(unit_to_offset) else -1
        if 0 <= t < len(text):
            yield k, t


#: The highest char code a simple (single-byte) font has: a code above it is a multi-byte
#: code of a composite (CID) font (ISO 32000-1, 9.7), with Identity-H the glyph's number.
_MAX_SIMPLE_CODE = 0xFF


#: A char above _MAX_SIMPLE_CODE: the only ones `unmapped_offsets` asks PDFium about.
_ABOVE_SIMPLE = re.compile(r"[^\x00-\xff]")
_HAS_MAP_ERROR = unchecked(pdfium_c.FPDFText_HasUnicodeMapError)


def unmapped_offsets(textpage: pdfium.PdfTextPage, text: str) -> set[int]:
    """Offsets into ``text`` (PDFium's text of the page, ``get_text_range()``) of the glyphs
    that have no Unicode value and are not text: chars PDFium reports with an invalid
    Unicode mapping (``FPDFText_HasUnicodeMapError``: the font's ToUnicode and encoding give
    none, so PDFium puts the char code itself in the text) whose code is above 0xFF. Such a
    code comes from a composite (CID) font, where it numbers a glyph, not a character: the
    text shows an arbitrary code point (U+20C6, unassigned; U+207E, a superscript
    parenthesis; a Latin letter with a hook) where the page shows a symbol, and poppler's
    pdftotext shows nothing. A code of a simple font (0..0xFF) is kept: TeX's symbol fonts
    without a ToUnicode map give their ASCII code ("h" for an angle bracket), as poppler
    does. Empty on nearly every page; costs one PDFium call per char above 0xFF (none on a
    page of Latin-1 text)."""
    raw = textpage.raw
    out: set[int] = set()
    if _ABOVE_SIMPLE.search(text) is None:
        return out
    n = pdfium_c.FPDFText_CountChars(raw)
    if len(text.encode("utf-16-le")) // 2 == len(text) == n:  # PDFium's char index is the offset
        for found in _ABOVE_SIMPLE.finditer(text):
            if _HAS_MAP_ERROR(raw, found.start()) == 1:
                out.add(found.start())
        return out
    for k, t in char_offsets(textpage, text):
        if ord(text[t]) > _MAX_SIMPLE_CODE and text[t] not in _LINE_BREAKS \
                and pdfium_c.FPDFText_HasUnicodeMapError(raw, k) == 1:
            out.add(t)
    return out


def stranded_space(text: str, gone: set[int]) -> set[int]:
    """Offsets of the whitespace of ``text`` that leaving out the chars at ``gone`` strands
    (rules in :func:`no_text_offsets`); never a char that is not whitespace."""
    out: set[int] = set()
    n = len(text)

    def blank(i: int) -> bool:
        return text[i].isspace() and text[i] not in _LINE_BREAKS

    runs: list[tuple[int, int]] = []
    for i in sorted(gone):
        if runs and runs[-1][1] == i:
            runs[-1] = (runs[-1][0], i + 1)
        else:
            runs.append((i, i + 1))
    for a, b in runs:
        before = a - 1
        while before >= 0 and (before in out or before in gone):
            before -= 1
        after = b
        while after < n and blank(after) and after not in gone:
            after += 1
        line_start = before < 0 or text[before] in _LINE_BREAKS
        line_end = after >= n or text[after] in _LINE_BREAKS or after in gone
        if line_start:
            out.update(range(b, after))
            if line_end and after < n and after not in gone:
                out.add(after)  # the line held only left-out chars: its line break goes too
                if text[after] == "\r" and after + 1 < n and text[after + 1] == "\n":
                    out.add(after + 1)
        elif line_end:
            while before >= 0 and blank(before):
                out.add(before)
                before -= 1
        elif blank(before) and after > b:
            out.update(range(b, after))  # a separator on both sides: keep the one before
    return out - gone


# the PDFium calls made per page object, without ctypes' argument conversion (geometry.unchecked)
_COUNT_PAGE, _GET_PAGE = unchecked(pdfium_c.FPDFPage_CountObjects), unchecked(pdfium_c.FPDFPage_GetObject)
_COUNT_FORM, _GET_FORM = unchecked(pdfium_c.FPDFFormObj_CountObjects), unchecked(pdfium_c.FPDFFormObj_GetObject)
_GET_TYPE, _COUNT_MARKS = unchecked(pdfium_c.FPDFPageObj_GetType), unchecked(pdfium_c.FPDFPageObj_CountMarks)


def no_text_objects(page: pdfium.PdfPage) -> set[int]:
    """Addresses (``ctypes.c_void_p`` values, as ``FPDFText_GetTextObject`` gives them) of
    the text objects of ``page`` inside a ``/Span`` marked-content sequence whose
    ActualText is empty (:func:`no_text_offsets`): marked themselves at any nesting depth,
    or inside a form XObject so marked. Forms are followed MAX_FORM_DEPTH deep, at most
    MAX_OBJECTS objects are looked at (what was found by then is returned)."""
    found: set[int] = set()
    count_marks, get_type = _COUNT_MARKS, _GET_TYPE
    text_kind, form_kind = pdfium_c.FPDF_PAGEOBJ_TEXT, pdfium_c.FPDF_PAGEOBJ_FORM
    buffers = _MarkBuffers()
    seen = 0
    stack: list = [(None, False, 0)]  # (form object or None for the page, inside a no-text form, depth)
    while stack:
        form, inherited, depth = stack.pop()
        if form is None:
            owner, count, get = page.raw, _COUNT_PAGE(page.raw), _GET_PAGE
        else:
            owner, count, get = form, _COUNT_FORM(form), _GET_FORM
        for i in range(max(0, count)):
            seen += 1
            if seen > MAX_MARKED_OBJECTS:
                return found
            obj = get(owner, i)
            if not obj:
                continue
            kind = get_type(obj)
            if kind != text_kind and (kind != form_kind or depth >= MAX_FORM_DEPTH):
                continue  # paths, images, shadings: no text
            hidden = inherited
            if not hidden:
                marks = count_marks(obj)
                hidden = marks > 0 and _marked_no_text(obj, marks, buffers)
            if kind == form_kind:
                stack.append((obj, hidden, depth + 1))
            elif hidden:
                found.add(object_address(obj))
    return found


class _MarkBuffers:
    """ctypes buffers for reading mark names and ActualText values, made once per page."""

    def __init__(self) -> None:
        self.name = ctypes.create_string_buffer(len(_SPAN_NAME) + 2)  # UTF-16LE and its NUL
        self.name_ptr = ctypes.cast(self.name, ctypes.POINTER(pdfium_c.FPDF_WCHAR))
        self.value = (ctypes.c_ubyte * max(len(b) for b in _EMPTY_TEXT_STRINGS))()
        self.size = ctypes.c_ulong()


def _marked_no_text(obj, marks: int, buffers: _MarkBuffers) -> bool:
    """Has the page object (with ``marks`` marks) a ``Span`` mark whose ActualText is an
    empty string? The value is read as raw bytes (``FPDFPageObjMark_GetParamBlobValue``):
    PDFium's string getter decodes a UTF-16BE text string as UTF-8, which turns e.g.
    <FEFF95E8> ("门") into ''. Only the ActualText's type is asked of the other marks (the
    /P <</MCID n>> of a tagged PDF)."""
    size = buffers.size
    for j in range(marks):
        mark = pdfium_c.FPDFPageObj_GetMark(obj, j)
        if not mark or pdfium_c.FPDFPageObjMark_GetParamValueType(mark, _ACTUAL_TEXT) != pdfium_c.FPDF_OBJECT_STRING:
            continue
        if not (pdfium_c.FPDFPageObjMark_GetName(mark, buffers.name_ptr, len(buffers.name), ctypes.byref(size))
                and size.value == len(buffers.name) and buffers.name.raw[:len(_SPAN_NAME)] == _SPAN_NAME):
            continue
        if not pdfium_c.FPDFPageObjMark_GetParamBlobValue(mark, _ACTUAL_TEXT, None, 0, ctypes.byref(size)) \
                or size.value > len(buffers.value):
            continue
        n = size.value
        if pdfium_c.FPDFPageObjMark_GetParamBlobValue(mark, _ACTUAL_TEXT, buffers.value, n, ctypes.byref(size)) \
                and bytes(buffers.value[:n]) in _EMPTY_TEXT_STRINGS:
            return True
    return False


MAX_MARKED_OBJECTS = 20_000
MAX_FORM_DEPTH = 8
