"""The type of a file from its bytes, and the safety checks of Office containers.

`sniff(path)` says what a file is: a PDF (``%PDF-`` in the first 1024 bytes), a DOCX, PPTX or
XLSX (a ZIP holding ``[Content_Types].xml`` and ``word/``, ``ppt/`` or ``xl/`` parts), or
text (UTF-8, or UTF-16 with a byte-order mark or with its zero bytes), whatever its name
says: a DOCX named ``report.pdf`` is a DOCX. Text has no signature, so bytes that decode as
text are taken as text only when the name says so (``.txt``, ``.text``, ``.md``,
``.markdown``); any other text file, a ``.pdf`` named one included, is refused, so a broken or
fake PDF is never indexed as plain text. Anything else is refused with
:class:`~pincite.errors.NotSupported` (:class:`~pincite.errors.NotAPdf` for a file named
``.pdf``), naming the file and the reason.

Before anything inside an Office file is expanded, its ZIP directory is checked against
:class:`ZipLimits` (:func:`check_archive`): entry count, total declared uncompressed size,
per-entry compression ratio, overlapping or repeated entries, encrypted entries ->
:class:`~pincite.errors.UnsafeArchive`. Python's zipfile never expands an entry beyond its
declared size (it stops there and reports a bad CRC), so checking the declared sizes bounds
what the Office libraries read; one XML part may declare at most
``ZipLimits.max_xml_part_bytes`` (:class:`~pincite.errors.TooLarge`), since python-docx,
python-pptx and openpyxl hold a whole part as a tree (about 7 bytes of memory per byte of
XML). Then every XML part is parsed as a stream (expat through defusedxml, fed 1 MiB at a
time, no tree kept) by a parser that refuses any DTD, entity declaration or external
reference, whatever the part's encoding -> :class:`~pincite.errors.UnsafeXml`: no external
entity can be read and no entity expansion bomb can run in python-docx, python-pptx or
openpyxl (lxml) afterwards. Office XML never needs a DTD. A part in an encoding expat cannot
read (UTF-7, UTF-32: ``+ADw-!DOCTYPE`` is a DTD in UTF-7) is refused the same way, as is a
part that is not well-formed XML (:class:`~pincite.errors.DamagedDocument`; VML drawings,
which Office writes with unclosed tags and no Office library here parses, only need to
carry no DTD). The same pass counts the non-whitespace characters of the parts' text and
refuses a file holding more than ``ZipLimits.max_text_chars`` (TooLarge) before any Office
library reads it.

This module must not import later stages.
"""
from __future__ import annotations

import codecs
import struct
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import NoReturn
from xml.etree import ElementTree

from pincite.errors import DamagedDocument, EmptyFile, NotAPdf, NotSupported, TooLarge, UnsafeArchive, UnsafeXml

#: PDFium (like Acrobat) looks for the header in the first 1024 bytes.
PDF_HEADER_WINDOW = 1024
#: Bytes read to decide whether a file is text.
TEXT_PROBE_BYTES = 64 * 1024
#: File names whose text bytes are ingested as text (text has no signature to sniff).
TEXT_SUFFIXES = {".txt": "txt", ".text": "txt", ".md": "md", ".markdown": "md"}
#: Entries that expand to at most this many bytes are exempt from the ratio check (small XML
#: parts of repeated markup compress very well; the limits are config.ZIP_MAX_*).
RATIO_GRACE_BYTES = 1024 * 1024

#: Extractor version of every non-PDF kind (DocumentModel.extractor; in the index profile as
#: "office"). Bump when the text, units or addresses of DOCX, PPTX, XLSX or text files change.
#: office-2: DOCX table rows are blocks of their own (section rows prefix them); PPTX wrapped
#: paragraphs of one text frame are joined.
#: office-3: the spans of DOCX table rows are marked as rows (AddressSpan.row).
#: office-4: the row spans of a DOCX read on its converted PDF's pages keep their table's
#: column headers (AddressSpan.headers), shown beside a quote of the row.
#: office-5: the first row of a key/value table is a record, not a header
#: (extract.header_row); PPTX table rows are marked as rows.
#: office-6: those row spans keep each cell with its column header too (AddressSpan.cells),
#: so a claim can name the value of the column asked ("… / СКД-12М: 18").
#: office-8: an XLSX row of one cell after a blank row is a title standing alone, and the row
#: under it may head a new table (a second table on one sheet keeps its own headers).
#: office-9: two cells writing no digit under such a title row head a new table too
#: ("类别 | 内容" under "规则", not read under the schedule table above).
OFFICE_EXTRACTOR = "office-9"

MIME = {
    "pdf": "application/pdf",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "txt": "text/plain",
    "md": "text/markdown",
}
#: The kind of a stored document from its MIME type (DocumentModel.mime), for re-extraction.
KIND_OF_MIME = {v: k for k, v in MIME.items()}
#: Main part folder of each Office kind.
_OOXML_PREFIXES = (("word/", "docx"), ("ppt/", "pptx"), ("xl/", "xlsx"))
_OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_ZIP_LOCAL = b"PK\x03\x04"
_ZIP_EMPTY = b"PK\x05\x06"
_LOCAL_HEADER = struct.Struct("<4s5H3L2H")  # 30 bytes: signature ... name length, extra length
_XML_SUFFIXES = (".xml", ".rels", ".vml")
_SCAN_BLOCK = 1 << 20


@dataclass(frozen=True)
class ZipLimits:
    """Limits an Office file's ZIP container must stay within (Settings.zip_*).

    max_entries: most entries (default 10,000).
    max_total_bytes: most bytes all entries declare uncompressed, together (default 1 GiB).
    max_ratio: largest uncompressed/compressed size of one entry that expands beyond
        RATIO_GRACE_BYTES (default 200).
    max_xml_part_bytes: most bytes one XML part declares uncompressed (default 64 MiB).
    max_text_chars: most non-whitespace characters of text in all XML parts together
        (default 10 million, Settings.max_text_chars).
    """

    max_entries: int = 10_000
    max_total_bytes: int = 1024 * 1024 * 1024
    max_ratio: float = 200.0
    max_xml_part_bytes: int = 64 * 1024 * 1024
    max_text_chars: int = 10_000_000


@dataclass(frozen=True)
class FileType:
    """What a file is. kind: "pdf", "docx", "pptx", "xlsx", "txt" or "md"; mime: its MIME
    type; encoding: the text encoding for txt/md ("utf-8", "utf-8-sig", "utf-16"), else None."""

    kind: str
    mime: str
    encoding: str | None = None


def sniff(path: Path, *, name: str | None = None, zip_limits: ZipLimits = ZipLimits(),
          max_bytes: int | None = None) -> FileType:
    """The type of the file at `path` from its bytes; `name` (default: the path's name) is
    the name it was given, used only to accept text files (TEXT_SUFFIXES) and in messages.

    An Office file is returned only after :func:`check_archive` and :func:`check_xml_parts`
    passed, so it may be handed to python-docx, python-pptx or openpyxl.

    Raises EmptyFile (0 bytes), TooLarge (over `max_bytes`), NotSupported (no known type;
    NotAPdf when the name ends in .pdf), UnsafeArchive / UnsafeXml, DamagedDocument (a ZIP
    that cannot be read); OSError when the file cannot be read at all.
    """
    path = Path(path)
    name = name or path.name
    size = path.stat().st_size
    if size == 0:
        raise EmptyFile(path, "the file has 0 bytes")
    if max_bytes is not None and size > max_bytes:
        raise TooLarge(path, f"{size:,} bytes ({size / 2**20:.1f} MiB); the limit is "
                             f"{max_bytes:,} bytes ({max_bytes / 2**20:.1f} MiB)")
    with path.open("rb") as fh:
        head = fh.read(TEXT_PROBE_BYTES)
    if b"%PDF-" in head[:PDF_HEADER_WINDOW]:
        return FileType("pdf", MIME["pdf"])
    if head.startswith((_ZIP_LOCAL, _ZIP_EMPTY)):
        kind = _office_kind(path, name, zip_limits)
        return FileType(kind, MIME[kind])
    if head.startswith(_OLE2_MAGIC):
        what = ("a password-protected Office file (encrypted package); remove the password "
                "and save it again" if _is_encrypted_ooxml(path)
                else "a legacy binary Office file (.doc, .xls, .ppt); save it as DOCX, XLSX or PPTX")
        _refuse(path, name, what)
    encoding = text_encoding(head, truncated=size > len(head))
    suffix = PurePosixPath(name.lower()).suffix
    if encoding and suffix in TEXT_SUFFIXES:
        kind = TEXT_SUFFIXES[suffix]
        return FileType(kind, MIME[kind], encoding)
    if encoding:
        _refuse(path, name, "the bytes are plain text, taken as text only from a file named "
                            ".txt or .md")
    _refuse(path, name, "the bytes are no PDF (%PDF-), Office file (ZIP) or UTF-8/UTF-16 text")


def _refuse(path: Path, name: str, why: str) -> NoReturn:
    if name.lower().endswith(".pdf"):
        raise NotAPdf(path, f"no %PDF- header in the first {PDF_HEADER_WINDOW} bytes; {why}")
    raise NotSupported(path, why)


def text_encoding(head: bytes, *, truncated: bool = False) -> str | None:
    """The encoding of bytes that are text ("utf-8-sig", "utf-8", "utf-16"), or None.

    UTF-16 is recognised by its byte-order mark, or without one by zero bytes in every
    other position (text of mostly Latin script). Text is refused when more than 1% of its
    characters are control characters other than tab, line feed, carriage return and form
    feed (binary data that happens to decode). `truncated`: `head` is the start of a longer
    file (a multi-byte character may be cut at its end).
    """
    if head.startswith(b"\xef\xbb\xbf"):
        enc = "utf-8-sig"
    elif head.startswith((b"\xff\xfe", b"\xfe\xff")):
        enc = "utf-16"
    elif b"\x00" in head:
        even, odd = head[0::2], head[1::2]
        if odd.count(0) > 0.3 * len(odd) and even.count(0) == 0:
            enc = "utf-16-le"
        elif even.count(0) > 0.3 * len(even) and odd.count(0) == 0:
            enc = "utf-16-be"
        else:
            return None
    else:
        enc = "utf-8"
    try:  # an incremental decoder leaves a character cut at the end of `head` pending
        text = codecs.getincrementaldecoder(enc)().decode(head, final=not truncated)
    except UnicodeDecodeError:
        return None
    if not text:
        return None
    controls = sum(1 for ch in text if ord(ch) < 32 and ch not in "\t\n\r\f")
    if controls > 0.01 * len(text):
        return None
    return "utf-16" if enc.startswith("utf-16") else enc


def decode_text(data: bytes, encoding: str) -> str:
    """The text of a whole file in `encoding` (from :func:`text_encoding`); "utf-16" without
    a byte-order mark is told apart by where its zero bytes are. Raises UnicodeDecodeError."""
    if encoding == "utf-16" and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        encoding = "utf-16-le" if data[1::2].count(0) >= data[0::2].count(0) else "utf-16-be"
    return data.decode(encoding)


def _is_encrypted_ooxml(path: Path) -> bool:
    """An OLE2 file holding an "EncryptedPackage" stream: an Office file with a password."""
    with path.open("rb") as fh:
        data = fh.read(1 << 20)
    return "EncryptedPackage".encode("utf-16-le") in data


# -- ZIP containers -------------------------------------------------------------------

def _office_kind(path: Path, name: str, limits: ZipLimits) -> str:
    """"docx", "pptx" or "xlsx" for a ZIP that passes the checks; raises otherwise."""
    try:
        zf = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError) as e:
        raise DamagedDocument(path, f"not a readable ZIP container: {e}") from None
    with zf:
        infos = zf.infolist()
        names = {i.filename for i in infos}
        kind = office_kind_of(names)
        if kind is None:
            _refuse(path, name, "a ZIP archive that is no DOCX, PPTX or XLSX "
                                "(no [Content_Types].xml with word/, ppt/ or xl/ parts)")
        check_archive(path, zf, limits)
        check_xml_parts(path, zf, max_text_chars=limits.max_text_chars)
    return kind


def office_kind_of(names: set[str]) -> str | None:
    """The Office kind of a ZIP from its entry names (read from the central directory, so
    nothing is expanded): [Content_Types].xml and a main folder word/, ppt/ or xl/ (the first
    of these that holds its main part, else the first present)."""
    if "[Content_Types].xml" not in names:
        return None
    main = {"docx": "word/document.xml", "pptx": "ppt/presentation.xml", "xlsx": "xl/workbook.xml"}
    present = [kind for prefix, kind in _OOXML_PREFIXES if any(n.startswith(prefix) for n in names)]
    for kind in present:
        if main[kind] in names:
            return kind
    return present[0] if present else None


def check_archive(path: Path, zf: zipfile.ZipFile, limits: ZipLimits) -> None:
    """Refuse (UnsafeArchive) a ZIP whose central directory exceeds `limits` or is unsafe:
    more than max_entries entries; declared uncompressed sizes adding up beyond
    max_total_bytes; an entry expanding beyond RATIO_GRACE_BYTES at a ratio over max_ratio;
    two entries of one name; entries whose data overlap (or lie beyond the file: a
    DamagedDocument); encrypted entries. An XML part (.xml, .rels, .vml) declaring more than
    max_xml_part_bytes is TooLarge. Reads only the directory and the 30-byte local
    headers; nothing is expanded."""
    infos = zf.infolist()
    if len(infos) > limits.max_entries:
        raise UnsafeArchive(path, f"{len(infos):,} entries; the limit is {limits.max_entries:,}")
    total = sum(i.file_size for i in infos)
    if total > limits.max_total_bytes:
        raise UnsafeArchive(path, f"its entries expand to {total:,} bytes; the limit is "
                                  f"{limits.max_total_bytes:,} bytes")
    seen: set[str] = set()
    for info in infos:
        if info.filename.lower().endswith(_XML_SUFFIXES) and info.file_size > limits.max_xml_part_bytes:
            raise TooLarge(path, f"XML part {info.filename!r} expands to {info.file_size:,} bytes; the "
                                 f"limit for one XML part is {limits.max_xml_part_bytes:,} bytes")
        if info.flag_bits & 0x1:
            raise UnsafeArchive(path, f"entry {info.filename!r} is encrypted")
        if info.filename in seen:
            raise UnsafeArchive(path, f"entry {info.filename!r} occurs twice")
        seen.add(info.filename)
        if info.file_size > RATIO_GRACE_BYTES:
            ratio = info.file_size / max(info.compress_size, 1)
            if ratio > limits.max_ratio:
                raise UnsafeArchive(path, f"entry {info.filename!r} expands {ratio:,.0f} times "
                                          f"({info.compress_size:,} -> {info.file_size:,} bytes); "
                                          f"the limit is {limits.max_ratio:g}")
    _check_overlaps(path, zf, infos)


def _check_overlaps(path: Path, zf: zipfile.ZipFile, infos: list[zipfile.ZipInfo]) -> None:
    """Each entry's local header and data must lie inside the file, apart from the others."""
    fp = zf.fp
    assert fp is not None, "the archive is open (called inside `with zf`)"
    size = fp.seek(0, 2)
    spans = []
    for info in infos:
        fp.seek(info.header_offset)
        raw = fp.read(_LOCAL_HEADER.size)
        if len(raw) < _LOCAL_HEADER.size or raw[:4] != _ZIP_LOCAL:
            raise DamagedDocument(path, f"entry {info.filename!r}: no local header at offset "
                                        f"{info.header_offset:,}")
        fields = _LOCAL_HEADER.unpack(raw)
        end = info.header_offset + _LOCAL_HEADER.size + fields[-2] + fields[-1] + info.compress_size
        if end > size:
            raise DamagedDocument(path, f"entry {info.filename!r} runs past the end of the file "
                                        "(truncated?)")
        spans.append((info.header_offset, end, info.filename))
    spans.sort()
    for (s1, e1, n1), (s2, _, n2) in zip(spans, spans[1:]):
        if s2 < e1:
            raise UnsafeArchive(path, f"entries {n1!r} and {n2!r} overlap")


def check_xml_parts(path: Path, zf: zipfile.ZipFile, *, max_text_chars: int | None = None) -> None:
    """Refuse an Office file any XML part of which declares a DTD or an entity, or is in an
    encoding the parser cannot read (UnsafeXml), is not well-formed (DamagedDocument; VML
    parts excepted), or whose parts hold more than `max_text_chars` non-whitespace
    characters of text together (TooLarge).

    XML parts: names ending in .xml, .rels or .vml, and parts that [Content_Types].xml
    declares as XML (a type ending in "xml"; an image/* type such as SVG excepted: no Office
    library parses it). Each part is parsed as a stream, 1 MiB at a time, at most its
    declared size (check_archive bounded those); no tree is built.
    """
    infos = {i.filename: i for i in zf.infolist()}
    budget = _TextCount(path, max_text_chars)
    _parse_part(path, zf, infos["[Content_Types].xml"], budget)
    xml_types = _xml_parts_by_type(path, zf)
    for name, info in infos.items():
        lower = name.lower()
        if name != "[Content_Types].xml" and (lower.endswith(_XML_SUFFIXES) or xml_types(name)):
            _parse_part(path, zf, info, budget)


class _TextCount:
    """The parse target of :func:`_parse_part`: counts the non-whitespace characters of the
    text it is given and raises TooLarge past `limit`; keeps no tree."""

    def __init__(self, path: Path, limit: int | None):
        self.path, self.limit, self.chars = path, limit, 0

    # no start/end methods: the parser then calls back only for text (3x faster on a deck)

    def data(self, text: str) -> None:
        if self.limit is None:
            return
        self.chars += len("".join(text.split()))
        if self.chars > self.limit:
            raise TooLarge(self.path, f"its XML parts hold over {self.limit:,} characters of text; "
                                      f"the limit is {self.limit:,} characters")

    def close(self) -> None:
        return None


def _parse_part(path: Path, zf: zipfile.ZipFile, info: zipfile.ZipInfo, target: _TextCount) -> None:
    """Parse one part as a stream with defusedxml's expat parser, which refuses a DTD, an
    entity declaration and an external reference (UnsafeXml), and an encoding it cannot
    read, such as UTF-7 (UnsafeXml too: the DTD check cannot see into it)."""
    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import DefusedXMLParser

    parser = DefusedXMLParser(target=target, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    vml = info.filename.lower().endswith(".vml")
    try:
        for block in _blocks(path, zf, info):
            parser.feed(block)
        parser.close()
    except DefusedXmlException as e:
        raise UnsafeXml(path, f"{info.filename} holds {_what(e)}") from None
    except ElementTree.ParseError as e:
        if vml:  # Office writes VML with unclosed tags; a DTD would have been found before
            return
        raise DamagedDocument(path, f"{info.filename} is not well-formed XML: {e}") from None
    except (ValueError, LookupError) as e:  # "multi-byte encodings are not supported", unknown encoding
        raise UnsafeXml(path, f"{info.filename} is in an encoding the XML parser cannot check "
                              f"for a DTD ({e})") from None


def _what(e: Exception) -> str:
    """What a defusedxml exception found, in words."""
    name = type(e).__name__
    return {"DTDForbidden": "<!DOCTYPE (a DTD)", "EntitiesForbidden": "<!ENTITY (an entity)",
            "ExternalReferenceForbidden": "an external reference"}.get(name, name)


def _blocks(path: Path, zf: zipfile.ZipFile, info: zipfile.ZipInfo):
    """The expanded bytes of an entry in blocks; DamagedDocument when they cannot be read."""
    try:
        with zf.open(info) as fh:
            while block := fh.read(_SCAN_BLOCK):
                yield block
    except (zipfile.BadZipFile, EOFError, OSError, NotImplementedError, RuntimeError, zlib.error) as e:
        raise DamagedDocument(path, f"entry {info.filename!r} cannot be read: {e}") from None


def _xml_parts_by_type(path: Path, zf: zipfile.ZipFile):
    """A predicate: is this part declared as XML by [Content_Types].xml (scanned already)."""
    data = b"".join(_blocks(path, zf, zf.getinfo("[Content_Types].xml")))
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError as e:
        raise DamagedDocument(path, f"[Content_Types].xml is not valid XML: {e}") from None
    defaults, overrides = {}, {}
    for el in root:
        tag = el.tag.rsplit("}", 1)[-1]
        ctype = (el.get("ContentType") or "").lower()
        # "application/xml", "...sheet.main+xml"; not "...presentationml.printerSettings"
        is_xml = ctype.split(";")[0].strip().endswith("xml") and not ctype.startswith("image/")
        if tag == "Default" and (extension := el.get("Extension")):
            defaults[extension.lower()] = is_xml
        elif tag == "Override" and (part := el.get("PartName")):
            overrides[part.lstrip("/")] = is_xml

    def declared_xml(name: str) -> bool:
        if name in overrides:
            return overrides[name]
        ext = PurePosixPath(name).suffix.lstrip(".").lower()
        return defaults.get(ext, False)

    return declared_xml

