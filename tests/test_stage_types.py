"""The typed shapes that pass between stages read the JSON libraries have stored all along:
a DocumentModel written before its nested shapes were typed loads into them and is written
back byte for byte."""
from __future__ import annotations

import json

from pincite.extract.model import (
    AddressSpan,
    BlockRange,
    DocumentModel,
    HiddenText,
    LineRange,
    SectionSpan,
    SheetRange,
    SlideNumber,
    Table,
    TableRow,
    WordBox,
    address_from_dict,
)

#: A DocumentModel as the extract stage stored it when its nested shapes were plain dicts
#: (tables: dicts with rows of dicts; a page's address, spans, sections and hidden text: dicts).
OLD_RECORD = {
    "doc_id": "0123456789abcdef", "file_name": "pump.pdf", "sha256": "ab" * 32,
    "mime": "application/pdf",
    "pages": [
        {"page": 1, "text": "Table 1: Pressures\nS-1 2.25\nS-2 1.10", "page_label": "1",
         "label_source": "pagelabels", "width": 595.0, "height": 842.0, "ocr": False,
         "address": None, "spans": [], "sections": [], "char_map": [], "hidden": []},
        {"page": 2, "text": "1 Intro\nsmall print", "page_label": "", "label_source": None,
         "width": 595.0, "height": 842.0, "ocr": True, "address": None,
         "spans": [{"start": 0, "end": 1, "bbox": [10.0, 20.0, 15.5, 30.0]}],
         "sections": [{"start": 0, "end": 8, "path": ["1 Intro"]},
                      {"start": 8, "end": 18, "path": ["1 Intro", "1.1 Scope"], "source": "headings"}],
         "char_map": [[0, 0, 8]], "hidden": [{"text": "answer 9.9 L", "reason": "under 2 pt"}]},
        {"page": 3, "text": "RevB!A5:B5 | Part: valve", "page_label": "", "label_source": None,
         "width": 0.0, "height": 0.0, "ocr": False,
         "address": {"kind": "sheet", "sheet": "RevB", "range": "A1:B9"},
         "spans": [{"start": 0, "end": 24, "address": {"kind": "sheet", "sheet": "RevB", "range": "A5:B5"}}],
         "sections": [], "char_map": [], "hidden": []},
    ],
    "path": "/tmp/pump.pdf", "title": "Pump", "language": "en", "extractor": "pdfium-9",
    "warnings": [],
    "tables": [
        {"table_id": "p1-t1", "page": 1, "page_end": 1, "caption": "Table 1: Pressures",
         "caption_start": 0, "caption_end": 18, "columns": ["Sample", "Pressure, MPa"],
         "header_rows": 1, "bbox": [56.0, 700.5, 540.0, 780.25], "char_start": 0,
         "char_end": 35,
         "rows": [{"page": 1, "cells": ["S-1", "2.25"], "bbox": [56.0, 740.0, 540.0, 760.0],
                   "char_start": 19, "char_end": 27},
                  {"page": 1, "cells": ["S-2", "1.10"], "bbox": [56.0, 720.0, 540.0, 740.0],
                   "char_start": None, "char_end": None}]},
    ],
}


def test_an_old_record_loads_typed_and_is_written_back_unchanged():
    stored = json.dumps(OLD_RECORD, ensure_ascii=False)
    doc = DocumentModel.from_json(stored)
    (table,) = doc.tables
    assert isinstance(table, Table) and all(isinstance(r, TableRow) for r in table.rows)
    assert table.columns == ("Sample", "Pressure, MPa")
    assert table.bbox == (56.0, 700.5, 540.0, 780.25)
    assert table.rows[0].cells == ("S-1", "2.25") and table.rows[1].char_start is None
    ocr, sheet = doc.page(2), doc.page(3)
    assert ocr.spans == [WordBox(0, 1, (10.0, 20.0, 15.5, 30.0))]
    assert ocr.sections == [SectionSpan(0, 8, ("1 Intro",)),
                            SectionSpan(8, 18, ("1 Intro", "1.1 Scope"), source="headings")]
    assert ocr.hidden == [HiddenText("answer 9.9 L", "under 2 pt")]
    assert sheet.address == SheetRange("RevB", "A1:B9")
    assert sheet.spans == [AddressSpan(0, 24, SheetRange("RevB", "A5:B5"))]
    assert doc.to_json() == stored


def test_a_record_from_before_tables_and_page_fields_loads_with_none():
    old = {k: v for k, v in OLD_RECORD.items() if k != "tables"}
    old["pages"] = [{"page": 1, "text": "x", "page_label": "1"}]  # spans, sections, hidden, ... unknown
    doc = DocumentModel.from_json(json.dumps(old))
    assert doc.tables == [] and (doc.page(1).spans, doc.page(1).sections, doc.page(1).hidden) == ([], [], [])


def test_a_table_missing_keys_reads_as_empty_values():
    table = Table.from_dict({"page": 2, "rows": [{"cells": ["a"]}]})
    assert (table.table_id, table.page_end, table.caption, table.columns) == ("", 2, "", ())
    assert table.rows[0].page == 0 and table.rows[0].char_start is None


#: A bridge chunk's parts as index payloads written before parts were typed hold them.
OLD_PARTS = [{"page": 4, "char_start": 100, "char_end": 110, "offset": 0, "page_label": "12",
              "label_source": "folio"},
             {"page": 5, "char_start": 0, "char_end": 20, "offset": 11, "page_label": "",
              "label_source": None}]


def test_an_old_payload_gives_typed_parts_and_a_chunk_writes_the_same_payload():
    from pincite.chunk.model import Chunk, ChunkPart
    from pincite.index.edge import EdgeIndex

    parts = [ChunkPart.from_dict(p) for p in OLD_PARTS]
    assert parts[0] == ChunkPart(4, 100, 110, 0, "12", "folio") and parts[1].label_source is None
    hit = EdgeIndex._hit(type("Point", (), {"score": 1.0, "payload": {
        "chunk_id": "x-p4-b0", "doc_id": "x", "page": 4, "page_end": 5, "char_start": 0,
        "char_end": 32, "text": "t", "kind": "bridge", "parts": OLD_PARTS}})(), 1)
    assert hit.parts == parts
    chunk = Chunk(chunk_id="x-p4-b0", doc_id="x", page=4, page_end=5, char_start=0, char_end=32,
                  text="t", search_text="t", kind="bridge", parts=parts)
    assert EdgeIndex._payload(chunk, {}, "pending")["parts"] == OLD_PARTS
    assert "parts" not in EdgeIndex._payload(Chunk(chunk_id="x-p1-c0", doc_id="x", page=1, page_end=1,
                                                   char_start=0, char_end=1, text="t", search_text="t"),
                                             {}, "pending")


def test_every_address_kind_reads_and_writes_its_stored_shape():
    for stored, typed in [({"kind": "sheet", "sheet": "RevB", "range": "A5:F5"}, SheetRange("RevB", "A5:F5")),
                          ({"kind": "slide", "slide": 2}, SlideNumber(2)),
                          ({"kind": "lines", "start": 10, "end": 14}, LineRange(10, 14)),
                          ({"kind": "blocks", "start": 5, "end": 7}, BlockRange(5, 7))]:
        assert address_from_dict(stored) == typed and typed.to_dict() == stored
    assert address_from_dict(None) is None


def test_an_old_payload_address_reads_typed_and_is_written_back():
    from pincite.chunk.model import Chunk
    from pincite.index.edge import EdgeIndex

    stored = {"kind": "sheet", "sheet": "RevB", "range": "A5:F5"}
    hit = EdgeIndex._hit(type("Point", (), {"score": 1.0, "payload": {
        "chunk_id": "x-p1-c0", "doc_id": "x", "page": 1, "char_start": 0, "char_end": 1,
        "address": stored}})(), 1)
    assert hit.address == SheetRange("RevB", "A5:F5")
    chunk = Chunk(chunk_id="x-p1-c0", doc_id="x", page=1, page_end=1, char_start=0, char_end=1,
                  text="t", search_text="t", address=hit.address)
    assert EdgeIndex._payload(chunk, {}, "pending")["address"] == stored
