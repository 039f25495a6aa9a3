"""Small shared helpers of the extract stage: PDF transformation matrices, span trimming, the
addresses that name PDFium page objects and cheaper calls into PDFium's raw API.

Matrices are PDF's [a b c d e f] (ISO 32000-1, 8.3.3): a point (x, y) maps to
(a*x + c*y + e, b*x + d*y + f). Spans are [start, end) char offsets into a text.
"""
from __future__ import annotations

import ctypes
from typing import Any


def object_address(obj: Any) -> int:
    """The address of a PDFium page object (an ``FPDF_PAGEOBJECT`` pointer from pypdfium2's
    raw bindings) as an int, the key under which the extract stage files text objects: the
    value ``FPDFText_GetTextObject`` gives for the same object. 0 for a null pointer."""
    return ctypes.cast(obj, ctypes.c_void_p).value or 0


def unchecked(fn: Any) -> Any:
    """``fn``, a function of pypdfium2's raw bindings (``pypdfium2.raw``), as a ctypes
    function of the same address and result type but no ``argtypes``: ctypes then converts
    no argument, which makes a call 2-4x cheaper (measured 0.3-0.9 us against 0.9-2.5 us for
    one to five arguments, pypdfium2 5.15.2), what a walk over every page object pays per
    object. Pass it only ctypes pointers (PDFium handles as the bindings return them,
    ``ctypes.byref`` out-parameters) and Python ints that fit a C int: without argtypes any
    other value (a float, an address given as an int) would reach PDFium wrongly."""
    out = type(fn)(ctypes.cast(fn, ctypes.c_void_p).value)
    out.restype = fn.restype
    return out


def compose(outer: tuple[float, ...], inner: tuple[float, ...]) -> tuple[float, ...]:
    """The matrix applying ``inner`` first, then ``outer`` (a form's matrix inside its
    parent's)."""
    a1, b1, c1, d1, e1, f1 = inner
    a2, b2, c2, d2, e2, f2 = outer
    return (a1 * a2 + b1 * c2, a1 * b2 + b1 * d2, c1 * a2 + d1 * c2, c1 * b2 + d1 * d2,
            e1 * a2 + f1 * c2 + e2, e1 * b2 + f1 * d2 + f2)


def apply(m: tuple[float, ...], x: float, y: float) -> tuple[float, float]:
    """Point (x, y) mapped through matrix ``m``."""
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def rstrip_span(text: str, start: int, end: int) -> int:
    """``end`` moved left past whitespace, not before ``start``."""
    while end > start and text[end - 1].isspace():
        end -= 1
    return end


def lstrip_span(text: str, start: int, end: int) -> int:
    """``start`` moved right past whitespace, not after ``end``."""
    while start < end and text[start].isspace():
        start += 1
    return start
