"""Text a reader cannot see on a PDF page: found per text object, left out of the page text.

A text layer may hold text no one sees on the page: white 1-pt words on the line of a real
fact ("answer 9.9 L"), text drawn in the invisible rendering mode, text placed beyond the
crop box. Such text is verbatim in the text layer, so a quote of it would pass a verbatim
check although no reader could find it on the page. :func:`hidden_text_objects` tells these
text objects apart by what PDFium says of each (pypdfium2's raw API): a text object is
hidden when

* its rendering mode is invisible (3, or 7: clip only) and no image lies beneath it (an OCR
  layer over a scan is drawn invisible on top of the page image: that text stays, it is
  what the image shows);
* its effective size (font size times the scale of its matrix, forms' matrices included) is
  under MIN_TEXT_PT points;
* its box lies wholly outside the crop box;
* its paint (fill colour; stroke colour for the stroke-only modes 1 and 5) is fully
  transparent, or within COLOUR_TOLERANCE of the background under it in every channel. The
  background is the fill colour of the topmost filled path drawn before the text whose box
  holds the text's centre, else white (the paper), except that when an image drawn before it
  holds that centre first the background is unknown and the text counts as visible (white
  text on a photo or on a dark table band stays). Boxes only estimate what lies beneath (a
  framed panel is a dark shape under a lighter one), so a text this rule picks is hidden only
  when a rendering of the page confirms it: under 2% of the pixels of its box differ from its
  colour (:func:`_confirmed_by_rendering`; only pages with such a text are rendered).

The caller (:mod:`pincite.extract.pdf`) leaves the chars of these objects out of the page
text, so no quote can include them, and keeps what they said in ``PageText.hidden`` so a
user is told there is hidden text on the page (a sign of tampering).

This module must not import later stages.
"""
from __future__ import annotations

import ctypes

import pypdfium2.raw as pdfium_c

from pincite.extract import model
from pincite.extract.geometry import apply, compose, object_address, unchecked
from pincite.extract.model import HiddenText

#: Text drawn smaller than this many points (effective size) is hidden.
MIN_TEXT_PT = 2.0
#: Text whose colour is within this of its background in each RGB channel (0..255) is hidden:
#: white on white, or #F0F0F0 on white; a light grey watermark (0.9 grey = 230) is not.
COLOUR_TOLERANCE = 24
#: Same-colour candidates are confirmed on a rendering at this scale (2 = 144 dpi): text is
#: hidden when under UNSEEN_SHARE of the pixels of its box differ from its colour.
RENDER_SCALE = 2.0
UNSEEN_SHARE = 0.02
#: At most this many page objects are looked at, this many forms deep.
MAX_OBJECTS = 20_000
MAX_FORM_DEPTH = 8

_WHITE = (255, 255, 255)
_IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

# the PDFium calls of the walk, without ctypes' argument conversion (geometry.unchecked)
_COUNT_PAGE, _GET_PAGE = unchecked(pdfium_c.FPDFPage_CountObjects), unchecked(pdfium_c.FPDFPage_GetObject)
_COUNT_FORM, _GET_FORM = unchecked(pdfium_c.FPDFFormObj_CountObjects), unchecked(pdfium_c.FPDFFormObj_GetObject)
_GET_TYPE, _GET_BOUNDS = unchecked(pdfium_c.FPDFPageObj_GetType), unchecked(pdfium_c.FPDFPageObj_GetBounds)
_GET_FILL, _GET_STROKE = unchecked(pdfium_c.FPDFPageObj_GetFillColor), unchecked(pdfium_c.FPDFPageObj_GetStrokeColor)
_GET_MATRIX, _GET_DRAW_MODE = unchecked(pdfium_c.FPDFPageObj_GetMatrix), unchecked(pdfium_c.FPDFPath_GetDrawMode)
_GET_RENDER = unchecked(pdfium_c.FPDFTextObj_GetTextRenderMode)
_GET_FONT_SIZE = unchecked(pdfium_c.FPDFTextObj_GetFontSize)


def hidden_text_objects(page) -> dict[int, str]:
    """Text objects of ``page`` (a ``pypdfium2.PdfPage``) a reader cannot see, by address
    (``ctypes.c_void_p`` values, as ``FPDFText_GetTextObject`` gives them) -> the reason
    (one of the module's reason strings). Rules in the module docstring; {} on nearly every
    page. Costs one walk over the page objects in drawing order (forms opened): about seven
    PDFium calls per text object; the background under a text is looked up only when its
    paint is within COLOUR_TOLERANCE of white or of the fill colour of a path drawn before
    it (the only colours the background can have)."""
    c_left, c_bottom, c_right, c_top = visible_box(page)
    backgrounds: list[tuple[tuple[float, float, float, float], tuple[int, int, int] | None]] = []
    colours: list[tuple[int, int, int]] = []  # the distinct paints of `backgrounds` so far
    near: dict[tuple[int, int, int], bool] = {}  # paint -> close to white or to one of `colours`
    found: dict[int, str] = {}
    same_colour: list[tuple[int, tuple[float, float, float, float], tuple[int, int, int]]] = []
    seen = 0
    # ctypes out-parameters and their references, made once per page
    u = [ctypes.c_uint() for _ in range(4)]
    u_refs = [ctypes.byref(x) for x in u]
    f = [ctypes.c_float() for _ in range(4)]
    f_refs = [ctypes.byref(x) for x in f]
    size = ctypes.c_float()
    size_ref = ctypes.byref(size)
    m = pdfium_c.FS_MATRIX()
    m_ref = ctypes.byref(m)
    mode, stroke = ctypes.c_int(), ctypes.c_int()
    mode_ref, stroke_ref = ctypes.byref(mode), ctypes.byref(stroke)
    get_type, get_bounds, get_fill, get_stroke = _GET_TYPE, _GET_BOUNDS, _GET_FILL, _GET_STROKE
    get_matrix, get_draw_mode, get_render, get_font_size = _GET_MATRIX, _GET_DRAW_MODE, _GET_RENDER, _GET_FONT_SIZE
    text_kind, path_kind = pdfium_c.FPDF_PAGEOBJ_TEXT, pdfium_c.FPDF_PAGEOBJ_PATH
    image_kind, form_kind = pdfium_c.FPDF_PAGEOBJ_IMAGE, pdfium_c.FPDF_PAGEOBJ_FORM
    no_fill = pdfium_c.FPDF_FILLMODE_NONE
    invisible_modes = (pdfium_c.FPDF_TEXTRENDERMODE_INVISIBLE, pdfium_c.FPDF_TEXTRENDERMODE_CLIP)
    stroke_modes = (pdfium_c.FPDF_TEXTRENDERMODE_STROKE, pdfium_c.FPDF_TEXTRENDERMODE_STROKE_CLIP)

    def bounds(obj, outer) -> tuple[float, float, float, float] | None:
        if not get_bounds(obj, *f_refs):
            return None
        left, bottom, right, top = f[0].value, f[1].value, f[2].value, f[3].value
        if outer is _IDENTITY:
            return left, bottom, right, top
        xs, ys = zip(*(apply(outer, x, y) for x, y in ((left, bottom), (right, bottom), (left, top), (right, top))))
        return min(xs), min(ys), max(xs), max(ys)

    def walk(owner, is_form: bool, outer, depth: int) -> None:
        nonlocal seen
        count = _COUNT_FORM(owner) if is_form else _COUNT_PAGE(owner)
        get = _GET_FORM if is_form else _GET_PAGE
        for i in range(max(0, count)):
            seen += 1
            if seen > MAX_OBJECTS:
                return
            obj = get(owner, i)
            if not obj:
                continue
            kind = get_type(obj)
            if kind == text_kind:
                why = hidden_why(obj, outer)
                if why is not None:
                    found[object_address(obj)] = why
            elif kind == path_kind:
                if not get_draw_mode(obj, mode_ref, stroke_ref) or mode.value == no_fill:
                    continue
                box = bounds(obj, outer)
                if box is not None and get_fill(obj, *u_refs) and u[3].value > 0:
                    paint = (u[0].value, u[1].value, u[2].value)
                    backgrounds.append((box, paint))
                    if paint not in colours:
                        colours.append(paint)
                        near.clear()
            elif kind == image_kind:
                box = bounds(obj, outer)
                if box is not None:
                    backgrounds.append((box, None))
            elif kind == form_kind:
                if depth < MAX_FORM_DEPTH and get_matrix(obj, m_ref):
                    walk(obj, True, compose(outer, (m.a, m.b, m.c, m.d, m.e, m.f)), depth + 1)

    def hidden_why(obj, outer) -> str | None:
        box = bounds(obj, outer)
        render = get_render(obj)
        if render in invisible_modes:
            over_image = box is not None and _image_beneath(box, backgrounds)
            return None if over_image else model.HIDDEN_INVISIBLE_MODE
        if box is not None and (box[2] < c_left or box[0] > c_right or box[3] < c_bottom or box[1] > c_top):
            return model.HIDDEN_OUTSIDE
        if get_font_size(obj, size_ref) and get_matrix(obj, m_ref):
            if outer is _IDENTITY:
                a, b, c, d = m.a, m.b, m.c, m.d
            else:
                a, b, c, d = compose(outer, (m.a, m.b, m.c, m.d, m.e, m.f))[:4]
            effective = abs(size.value) * abs(a * d - b * c) ** 0.5
            if 0 < effective < MIN_TEXT_PT:
                return model.HIDDEN_TINY.format(pt=MIN_TEXT_PT)
        if not (get_stroke if render in stroke_modes else get_fill)(obj, *u_refs):
            return None
        if u[3].value == 0:
            return model.HIDDEN_TRANSPARENT
        if box is None:
            return None
        paint = (u[0].value, u[1].value, u[2].value)
        close = near.get(paint)
        if close is None:  # the background is white, a path's paint or an image (unknown)
            close = near[paint] = _close(paint, _WHITE) or any(_close(paint, c) for c in colours)
        if close:
            under = _beneath(box, backgrounds)
            if under is not None and _close(paint, under):
                same_colour.append((object_address(obj), box, paint))
        return None

    walk(page.raw, False, _IDENTITY, 0)
    if same_colour:
        found.update(dict.fromkeys(_confirmed_by_rendering(page, same_colour), model.HIDDEN_SAME_COLOUR))
    return found


def visible_box(page) -> tuple[float, float, float, float]:
    """The page area a viewer shows: (left, bottom, right, top) in PDF points, PDFium's
    crop box clipped to the media box with inherited boxes honoured
    (``FPDF_GetPageBoundingBox``; pypdfium2's ``get_cropbox`` does not follow boxes a page
    inherits from its parents and falls back to US Letter)."""
    rect = pdfium_c.FS_RECTF()
    if pdfium_c.FPDF_GetPageBoundingBox(page.raw, ctypes.byref(rect)):
        return (min(rect.left, rect.right), min(rect.bottom, rect.top),
                max(rect.left, rect.right), max(rect.bottom, rect.top))
    width, height = page.get_size()
    return 0.0, 0.0, float(width), float(height)


def _close(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return all(abs(p - q) <= COLOUR_TOLERANCE for p, q in zip(a, b))


def _confirmed_by_rendering(page, candidates) -> list[int]:
    """The candidates (address, box, paint colour) whose box, in a rendering of the page at
    RENDER_SCALE, shows next to nothing but the paint colour: under UNSEEN_SHARE of its
    pixels differ from it by more than COLOUR_TOLERANCE. Object boxes only estimate what is
    beneath (a framed panel is a filled shape under a lighter one); the rendering shows it."""
    import numpy as np

    try:
        bitmap = page.render(scale=RENDER_SCALE, rev_byteorder=True)
    except Exception:  # a page PDFium cannot render: keep the text (never hide on a guess)
        return []
    try:
        pixels = bitmap.to_numpy().copy()
        mode = bitmap.mode
    finally:
        bitmap.close()
    if pixels.ndim != 3 or not mode.startswith("RGB"):
        return []
    rgb = pixels[..., :3]
    height, width = rgb.shape[:2]
    left, bottom, _, top = visible_box(page)
    out = []
    for address, box, paint in candidates:
        x0 = int(np.floor((box[0] - left) * RENDER_SCALE))
        x1 = max(int(np.ceil((box[2] - left) * RENDER_SCALE)), x0 + 1)
        y0 = int(np.floor((top - box[3]) * RENDER_SCALE))
        y1 = max(int(np.ceil((top - box[1]) * RENDER_SCALE)), y0 + 1)
        region = rgb[max(0, y0):min(height, y1), max(0, x0):min(width, x1)].astype(int)
        if region.size == 0:
            continue
        differs = (np.abs(region - np.array(paint)) > COLOUR_TOLERANCE).any(axis=-1)
        if float(differs.mean()) < UNSEEN_SHARE:
            out.append(address)
    return out


def _beneath(box: tuple[float, float, float, float],
             backgrounds: list[tuple[tuple[float, float, float, float], tuple[int, int, int] | None]]
             ) -> tuple[int, int, int] | None:
    """The colour under the centre of ``box``: the topmost background (drawn last) holding
    it, white when none does; None (unknown) when that topmost one is an image."""
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    for (left, bottom, right, top), paint in reversed(backgrounds):
        if left <= x <= right and bottom <= y <= top:
            return paint
    return _WHITE


def _image_beneath(box: tuple[float, float, float, float],
                   backgrounds: list[tuple[tuple[float, float, float, float], tuple[int, int, int] | None]]) -> bool:
    """Does an image drawn before the text hold the centre of ``box``?"""
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return any(paint is None and left <= x <= right and bottom <= y <= top
               for (left, bottom, right, top), paint in backgrounds)


def hidden_runs(text: str, offsets: dict[int, str]) -> list[HiddenText]:
    """The hidden stretches of ``text``: ``offsets`` maps the offsets of hidden chars to
    their reason; chars of one reason on one line separated only by spaces form one run. Returns
    HiddenText (whitespace collapsed) in text order."""
    runs: list[dict] = []
    last = -1
    for i in sorted(offsets):
        why = offsets[i]
        gap = text[last + 1:i]
        if runs and runs[-1]["reason"] == why and not gap.strip() and "\n" not in gap and "\r" not in gap:
            runs[-1]["text"] += text[last + 1:i + 1]
        else:
            runs.append({"text": text[i], "reason": why})
        last = i
    for r in runs:
        r["text"] = " ".join(r["text"].split())
    return [HiddenText(text=r["text"], reason=r["reason"]) for r in runs if r["text"]]
