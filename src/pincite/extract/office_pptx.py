"""PPTX -> DocumentModel (python-pptx). The rules shared by every Office format (units, table
rows) are in `extract.office`' docstring.

* PPTX: one unit per slide (1-based; slides without a title, hidden slides and slides
  without text are counted), ``{"kind": "slide", "slide": n}``: the title, then the text of
  each shape in z-order (groups opened; slide-number and date placeholders left out: decks
  put the slide number there too; a line that repeats one of an earlier shape of the slide,
  such as the same label over many diagram boxes, is left out), tables row by row (each row
  marked as one record, AddressSpan.row, addressed as its slide), and
  the speaker notes as "Notes: ...". Each paragraph of a text frame is a line, except that a paragraph starting in lower
  case is joined by a space to the one before it when that one does not end a sentence
  (no final ".", "!", "?", ":", ";" or "。"), so a fact wrapped by hand over paragraphs
  ("89% of refactorings" / "were done without a tool") stays one line. List items are
  never joined: a paragraph with a level above 0 or its own bullet, and in body/object
  placeholders (bulleted by their layout) every paragraph that does not turn bullets off.
  Charts, SmartArt and pictures give no text.

This module must not read DOCX or XLSX files, nor import later stages.
"""
from __future__ import annotations

from pathlib import Path

from pincite.errors import IngestError
from pincite.extract.model import (
    DocumentModel,
    PageText,
    SlideNumber,
)
from pincite.extract.office import (
    SENTENCE_END,
    OfficeUnit,
    damaged,
    office_model,
    one_line,
    table_rows,
)


def extract_pptx(path: Path, *, doc_id: str, sha256: str, file_name: str | None = None) -> DocumentModel:
    """A PPTX -> DocumentModel: one unit per slide (see the module docstring)."""
    import pptx

    path = Path(path)
    pages: list[PageText] = []
    warnings: list[str] = []
    try:
        prs = pptx.Presentation(str(path))
        title = one_line(prs.core_properties.title or "")
        for n, slide in enumerate(prs.slides, 1):
            unit = OfficeUnit()
            address = SlideNumber(slide=n)
            for piece, row in _slide_pieces(slide):
                # a table row is marked as one record (its text names its columns)
                unit.add(piece, address if row else None, row=row)
            if not unit.parts:
                warnings.append(f"slide {n}: no text")
            pages.append(PageText(page=n, text=unit.text, address=address, spans=unit.spans))
            if not title and slide.shapes.title is not None and n == 1:
                title = one_line(slide.shapes.title.text_frame.text)
    except IngestError:
        raise
    except Exception as e:
        raise damaged(path, "pptx", e) from None
    return office_model(path, "pptx", doc_id, sha256, file_name, pages, title, warnings)


def _slide_pieces(slide) -> list[tuple[str, bool]]:
    """Title, the text of the other shapes (z-order), tables by row, then "Notes: ...", each
    as (text, whether it is a table row)."""
    from pptx.enum.shapes import MSO_SHAPE_TYPE, PP_PLACEHOLDER

    skipped = {PP_PLACEHOLDER.SLIDE_NUMBER, PP_PLACEHOLDER.DATE}
    pieces: list[tuple[str, bool]] = []
    title = slide.shapes.title
    if title is not None:
        pieces.extend((line, False) for line in _frame_paragraphs(title.text_frame))
    title_id = title.shape_id if title is not None else None
    shape_lines: set[str] = set()

    def walk(shapes):
        for shape in shapes:
            if title_id is not None and shape.shape_id == title_id:
                continue
            if shape.is_placeholder and shape.placeholder_format.type in skipped:
                continue
            if shape.shape_type == MSO_SHAPE_TYPE.GROUP:
                walk(shape.shapes)
            elif getattr(shape, "has_table", False) and shape.has_table:
                rows = [[one_line(cell.text) for cell in row.cells] for row in shape.table.rows]
                pieces.extend((text, True) for text in table_rows(rows))
            elif getattr(shape, "has_text_frame", False) and shape.has_text_frame:
                bulleted = (shape.is_placeholder
                            and shape.placeholder_format.type in (PP_PLACEHOLDER.BODY,
                                                                  PP_PLACEHOLDER.OBJECT))
                for line in _frame_paragraphs(shape.text_frame, bulleted):
                    if line not in shape_lines:  # a label repeated over a diagram: once
                        shape_lines.add(line)
                        pieces.append((line, False))

    walk(slide.shapes)
    if slide.has_notes_slide:
        frame = slide.notes_slide.notes_text_frame
        notes = _frame_paragraphs(frame) if frame is not None else []
        if notes:
            pieces.append(("Notes: " + "\n".join(notes), False))
    return pieces


def _frame_paragraphs(frame, bulleted: bool = False) -> list[str]:
    """Lines of a text frame: its non-empty paragraphs (line breaks kept as line feeds), a
    paragraph joined to the one before it by a space when that one does not end a sentence
    (see SENTENCE_END) and this one starts in lower case, so a fact wrapped by hand over two
    paragraphs ("89% of refactorings" / "were done without a tool") stays one line. A list
    item is never joined: a paragraph with a level above 0 or a bullet of its own (buChar,
    buAutoNum, buBlip), or, where `bulleted` (a body or object placeholder, whose layout
    gives bullets), any paragraph that does not turn bullets off (buNone)."""
    out: list[str] = []
    joinable_prev = False
    for p in frame.paragraphs:
        text = p.text.replace("\v", "\n").strip()
        if not text:
            joinable_prev = False
            continue
        item = _is_bullet(p, bulleted)
        if (out and joinable_prev and not item and text[0].islower()
                and out[-1][-1] not in SENTENCE_END):
            out[-1] = f"{out[-1]} {text}"
        else:
            out.append(text)
        joinable_prev = not item
    return out


def _is_bullet(p, bulleted: bool) -> bool:
    """True when paragraph `p` is a list item (see :func:`_frame_paragraphs`)."""
    if p.level > 0:
        return True
    ppr = p._p.pPr
    tags = {el.tag.rsplit("}", 1)[-1] for el in ppr} if ppr is not None else set()
    if tags & {"buChar", "buAutoNum", "buBlip"}:
        return True
    return bulleted and "buNone" not in tags
