"""Text a reader cannot see on a PDF page: found per text object (and per char at the page
edge), left out of the page text.

A text layer may hold text no one sees on the page: white 1-pt words on the line of a real
fact ("answer 9.9 L"), text drawn in the invisible rendering mode, text placed beyond the
crop box, the end of a line set past the page edge. Such text is verbatim in the text layer,
so a quote of it would pass a verbatim check although no reader could find it on the page.
:func:`hidden_text_objects` tells these text objects apart by what PDFium says of each
(pypdfium2's raw API): a text object is hidden when

* its rendering mode is invisible (3, or 7: clip only) and no image lies beneath it (an OCR
  layer over a scan is drawn invisible on top of the page image: that text stays, it is
  what the image shows);
* its effective size (font size times the scale of its matrix, forms' matrices included) is
  under MIN_TEXT_PT points;
* its box lies wholly outside the visible box (:func:`visible_box`: the crop box within the
  media box);
* its paint (fill colour; stroke colour for the stroke-only modes 1 and 5) is fully
  transparent, or indistinguishable from the background under it: the colour a reader sees
  (the paint laid over the background with the paint's alpha) lies within JUST_NOTICEABLE_DE
  of the background's colour, a CIE76 colour difference (delta E*ab in CIELAB, sRGB colours,
  :func:`delta_e`). A pale colour a reader does see (a light green watermark, #F2F9F3 on
  white: delta E 4.8) stays; near-white on white (#FAFAFA: 1.7) is hidden. The
  background is the fill colour of the topmost filled path drawn before the text whose box
  holds the text's centre, else white (the paper), except that when an image drawn before it
  holds that centre first the background is unknown and the text counts as visible (white
  text on a photo or on a dark table band stays). Boxes only estimate what lies beneath (a
  framed panel is a dark shape under a lighter one), so a text this rule picks is hidden only
  when a rendering of the page confirms it: under 2% of the pixels of its box differ from its
  colour by more than JUST_NOTICEABLE_DE (:func:`_confirmed_by_rendering`; only pages with
  such a text are rendered).

A text object whose box crosses an edge of the visible box (a line running past the right
edge: "пакет-2.insta|ll" on page 42 of the Russian maint-guide, whose A4 page box cuts
lines set for US Letter) is judged per char (:func:`hidden_offsets`): a char whose box
(``FPDFText_GetCharBox``, the glyph's box in PDF points, origin at the bottom left of the
page space) lies wholly outside the visible box is hidden (HIDDEN_PAST_EDGE); one partly
inside stays. Poppler's pdftotext keeps a glyph whose pen position is inside the page, so
the two agree but where a glyph's pen stands inside and its ink starts beyond the edge
("collab" on maint-guide.ru p. 29: pdftotext keeps the "b", this rule does not). Only the
chars of such objects are looked at, so a page whose text lies inside its box pays nothing.
A text object wholly past the left or right edge on the line of such an object is the rest
of that line (a code line set as several text objects) and counts as past the edge too, not
as text placed outside the page.

The caller (:mod:`pincite.extract.pdf`) leaves the chars :func:`hidden_offsets` gives out of
the page text, so no quote can include them, and keeps what they said in ``PageText.hidden``
so a user is told there is hidden text on the page (a sign of tampering).

This module must not import later stages.
"""
from __future__ import annotations

import ctypes
import functools
import math

import pypdfium2.raw as pdfium_c

from pincite.extract import model
from pincite.extract.geometry import apply, compose, object_address, unchecked
from pincite.extract.marked import char_offsets, object_offsets
from pincite.extract.model import HiddenText

#: Text drawn smaller than this many points (effective size) is hidden.
MIN_TEXT_PT = 2.0
#: Text whose colour differs from its background by at most this CIE76 colour difference
#: (delta E*ab, :func:`delta_e`) is hidden: a difference of about 2.3 is just noticeable (the
#: JND; G. Sharma, Digital Color Imaging Handbook, CRC Press 2003, after Mahy, Van Eycken
#: and Oosterlinck, Color Res. Appl. 19(2), 1994). White on white (0) and #FAFAFA on white
#: (1.7) are hidden; #F5F5F5 (3.5), a pale green #F2F9F3 (4.8) and 0.9 grey (#E6E6E6, 8.7) are not.
JUST_NOTICEABLE_DE = 2.3
#: Same-colour candidates are confirmed on a rendering at this scale (2 = 144 dpi): text is
#: hidden when under UNSEEN_SHARE of the pixels of its box differ from its colour by more
#: than JUST_NOTICEABLE_DE.
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


def hidden_offsets(page, textpage, text: str) -> dict[int, str]:
    """Offsets into ``text`` (PDFium's text of ``page``, ``textpage.get_text_range()``) of
    the chars a reader cannot see -> the reason (extract.model's HIDDEN_*): the chars of the
    hidden text objects (:func:`hidden_text_objects`) and, of each text object whose box
    crosses an edge of the visible box, the chars wholly outside it (HIDDEN_PAST_EDGE; module
    docstring). Line breaks PDFium puts among them are not included. {} on nearly every page;
    chars are looked at only on a page with such an object."""
    found, crossing = _scan(page)
    offsets = object_offsets(textpage, text, found)
    if crossing:
        offsets.update((t, model.HIDDEN_PAST_EDGE)
                       for t in _past_edge(textpage, text, crossing, visible_box(page)) if t not in offsets)
    return offsets


def hidden_text_objects(page) -> dict[int, str]:
    """Text objects of ``page`` (a ``pypdfium2.PdfPage``) a reader cannot see, by address
    (``ctypes.c_void_p`` values, as ``FPDFText_GetTextObject`` gives them) -> the reason
    (one of the module's reason strings). Rules in the module docstring; {} on nearly every
    page."""
    return _scan(page)[0]


def _scan(page) -> tuple[dict[int, str], set[int]]:
    """:func:`hidden_text_objects`, and the addresses of the other text objects whose box
    crosses an edge of the visible box (partly inside, partly outside): one walk over the
    page objects in drawing order (forms opened), about seven PDFium calls per text object;
    the background under a text is looked up only when its paint is fully opaque and
    within JUST_NOTICEABLE_DE of white or of the fill colour of a path drawn before it (the
    only colours the background can have), or is translucent. Boxes are compared in PDF
    points in page space (origin at the bottom left, forms' matrices applied), where
    :func:`visible_box` lies too."""
    c_left, c_bottom, c_right, c_top = visible_box(page)
    backgrounds: list[tuple[tuple[float, float, float, float], tuple[int, int, int] | None]] = []
    colours: list[tuple[int, int, int]] = []  # the distinct paints of `backgrounds` so far
    near: dict[tuple[int, int, int, int], bool] = {}  # paint (RGBA) -> close to white or one of `colours`
    found: dict[int, str] = {}
    crossing: set[int] = set()
    outside: list[tuple[int, tuple[float, float, float, float]]] = []  # HIDDEN_OUTSIDE objects
    crossing_boxes: list[tuple[float, float, float, float]] = []
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
                box = bounds(obj, outer)
                why = hidden_why(obj, box, outer)
                if why is not None:
                    found[object_address(obj)] = why
                    if why == model.HIDDEN_OUTSIDE and box is not None:
                        outside.append((object_address(obj), box))
                elif box is not None and (box[0] < c_left or box[1] < c_bottom or box[2] > c_right
                                          or box[3] > c_top):
                    crossing.add(object_address(obj))
                    crossing_boxes.append(box)
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

    def hidden_why(obj, box, outer) -> str | None:
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
        paint = (u[0].value, u[1].value, u[2].value, u[3].value)
        close = near.get(paint)
        if close is None:  # the background is white, a path's paint or an image (unknown)
            close = near[paint] = paint[3] < 255 or any(
                _unseen_as(paint, c) is not None for c in (_WHITE, *colours))
        if close:
            under = _beneath(box, backgrounds)
            seen_as = _unseen_as(paint, under) if under is not None else None
            if seen_as is not None:
                same_colour.append((object_address(obj), box, seen_as))
        return None

    walk(page.raw, False, _IDENTITY, 0)
    # a text object wholly past the left or right edge on the line of one that crosses that
    # edge is the rest of a line set too long (a code line split into text objects): a
    # layout overflow, as the crossing object's chars past the edge are, not text placed
    # where no one looks
    for address, box in outside:
        if any(_same_line(box, b) and ((box[0] > c_right and b[2] > c_right) or (box[2] < c_left and b[0] < c_left))
               for b in crossing_boxes):
            found[address] = model.HIDDEN_PAST_EDGE
    if same_colour:
        confirmed = _confirmed_by_rendering(page, same_colour)
        found.update(dict.fromkeys(confirmed, model.HIDDEN_SAME_COLOUR))
        crossing.difference_update(confirmed)
    return found, crossing


def _same_line(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """Whether two boxes (left, bottom, right, top, PDF points) share at least half of the
    lower one's height: text set on one line."""
    overlap = min(a[3], b[3]) - max(a[1], b[1])
    return overlap > 0 and overlap >= 0.5 * min(a[3] - a[1], b[3] - b[1])


def _past_edge(textpage, text: str, objects: set[int], box: tuple[float, float, float, float]) -> list[int]:
    """Offsets into ``text`` (``textpage.get_text_range()``) of the chars of the text
    ``objects`` (addresses) whose char box (``FPDFText_GetCharBox``: PDF points, page space,
    origin at the bottom left) lies wholly outside ``box`` (left, bottom, right, top, the
    same space); a char touching the box from outside is outside, one partly inside is not.
    A char whose glyph box is empty (no ink: zero width or height) is judged by its loose
    box (``FPDFText_GetLooseCharBox``: advance width by the font's ascent and descent).
    Whitespace is never included: it shows nothing, and PDFium gives a space a line where
    its pen stands, past the edge beside glyphs that straddle it (a rotated caption of
    en-usntps-ftm-103 p. 296); what left-out chars strand goes with them
    (:func:`pincite.extract.marked.stranded_space`). Line breaks and chars PDFium gives no
    box are never included either."""
    raw = textpage.raw
    left, bottom, right, top = box
    edges = [ctypes.c_double() for _ in range(4)]
    loose = pdfium_c.FS_RECTF()
    out = []
    for k, t in char_offsets(textpage, text):
        if text[t].isspace():
            continue
        obj = pdfium_c.FPDFText_GetTextObject(raw, k)
        if not obj or object_address(obj) not in objects:
            continue
        if not pdfium_c.FPDFText_GetCharBox(raw, k, *(ctypes.byref(e) for e in edges)):
            continue
        x0, x1, y0, y1 = (e.value for e in edges)  # PDFium's order: left, right, bottom, top
        if x0 == x1 or y0 == y1:
            if not pdfium_c.FPDFText_GetLooseCharBox(raw, k, ctypes.byref(loose)):
                continue
            x0, x1 = sorted((loose.left, loose.right))
            y0, y1 = sorted((loose.bottom, loose.top))
        if x1 <= left or x0 >= right or y1 <= bottom or y0 >= top:
            out.append(t)
    return out


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


@functools.lru_cache(maxsize=1024)
def _unseen_as(paint: tuple[int, int, int, int], under: tuple[int, int, int]) -> tuple[int, int, int] | None:
    """The colour seen where ``paint`` (RGBA) lies over ``under`` (RGB), when that colour is
    within JUST_NOTICEABLE_DE of ``under``; else None (visible). Cached: a page has few
    colours."""
    seen_as = _over(paint, under)
    return seen_as if delta_e(seen_as, under) <= JUST_NOTICEABLE_DE else None


def _over(paint: tuple[int, int, int, int], under: tuple[int, int, int]) -> tuple[int, int, int]:
    """The colour a reader sees where ``paint`` (RGBA, 0..255) is laid over ``under`` (RGB):
    source-over compositing with the paint's alpha (ISO 32000-1, 11.3.3, Normal blend mode)."""
    alpha = paint[3] / 255
    r, g, b = (round(p * alpha + q * (1 - alpha)) for p, q in zip(paint[:3], under))
    return r, g, b


#: sRGB (IEC 61966-2-1) linear RGB -> CIE XYZ, and the D65 white point XYZ (the reference
#: white of sRGB), as CIE 15:2004 and IEC 61966-2-1 give them.
_RGB_TO_XYZ = ((0.4124564, 0.3575761, 0.1804375),
               (0.2126729, 0.7151522, 0.0721750),
               (0.0193339, 0.1191920, 0.9503041))
_D65 = (0.95047, 1.0, 1.08883)


def _linear(c: float) -> float:
    """One sRGB channel (0..1) decoded to linear light (IEC 61966-2-1)."""
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab_f(t: float) -> float:
    return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29


@functools.lru_cache(maxsize=1024)
def lab(rgb: tuple[int, int, int]) -> tuple[float, float, float]:
    """CIELAB (L*, a*, b*; CIE 15:2004, D65 white) of an sRGB colour (0..255 a channel)."""
    lin = [_linear(c / 255) for c in rgb]
    x, y, z = (sum(m * c for m, c in zip(row, lin)) / w for row, w in zip(_RGB_TO_XYZ, _D65))
    fx, fy, fz = _lab_f(x), _lab_f(y), _lab_f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """The CIE76 colour difference delta E*ab of two sRGB colours (0..255 a channel): the
    Euclidean distance of their CIELAB coordinates (:func:`lab`); 0 for equal colours, about
    2.3 just noticeable (JUST_NOTICEABLE_DE), 100 black against white."""
    return math.dist(lab(tuple(a)), lab(tuple(b)))


def _delta_e_pixels(rgb, colour: tuple[int, int, int]):
    """delta E*ab (:func:`delta_e`) of each pixel of ``rgb`` (a numpy array ``(..., 3)``,
    0..255) against ``colour``: the same formulas, vectorised."""
    import numpy as np

    c = rgb.astype(np.float64) / 255
    lin = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    xyz = lin @ np.array(_RGB_TO_XYZ).T / np.array(_D65)
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    pixels = np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], axis=-1)
    return np.linalg.norm(pixels - np.array(lab(tuple(colour))), axis=-1)


def _confirmed_by_rendering(page, candidates) -> list[int]:
    """The candidates (address, box in PDF points with the origin at the bottom left,
    colour seen) whose box, in a rendering of the page at RENDER_SCALE, shows next to nothing
    but that colour: under UNSEEN_SHARE of its pixels differ from it by more than
    JUST_NOTICEABLE_DE (delta E*ab). Object boxes only estimate what is beneath (a framed
    panel is a filled shape under a lighter one); the rendering shows it."""
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
        differs = _delta_e_pixels(region, paint) > JUST_NOTICEABLE_DE
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
