"""The content-stream guard of a PDF: how many bytes each page's content decodes to, read
before PDFium loads any page (PDFium parses a page's whole content on load).

Kept apart from extract.pdf (which re-exports :func:`check_content_streams`): it reads the
file with pdfminer.six, not PDFium, and imports neither PDFium nor the layout analysis.
"""
from __future__ import annotations

from pathlib import Path

from pincite.errors import TooLarge
from pincite.extract.pdflimits import MIB

#: The most bytes inflating one byte of deflate data can give: a match of 258 bytes is coded
#: in no fewer than 2 bits (RFC 1951, 3.2.5-3.2.7; zlib's documentation gives the limit of
#: its compression factor as 1032:1). So a FlateDecode stream of n raw bytes decodes to at most
#: MAX_INFLATE_RATIO * n bytes.
MAX_INFLATE_RATIO = 1032


def check_content_streams(path: Path, max_bytes: int, password: str | None = None) -> None:
    """Raise TooLarge naming the page when the decoded content of one page (its /Contents
    streams and the form XObjects named in its resources) exceeds ``max_bytes``: PDFium
    parses a page's whole content on load (a 100 MB stream took it 1.7 GB of memory).

    Read with pdfminer.six before PDFium loads any page, without decoding into memory: a
    FlateDecode stream is inflated in 1 MiB steps and only counted, other filters count their
    raw size. A page whose streams cannot reach ``max_bytes`` by their raw sizes (a
    FlateDecode stream counted at MAX_INFLATE_RATIO times its raw size) is not inflated. A
    file pdfminer cannot parse, or a stream it cannot read (encrypted), is left to PDFium:
    this check never refuses on a guess.
    """
    from pdfminer.pdfdocument import PDFDocument
    from pdfminer.pdfpage import PDFPage
    from pdfminer.pdfparser import PDFParser
    from pdfminer.pdftypes import PDFStream, resolve1

    def streams(page) -> list:
        found = []
        contents = resolve1(page.attrs.get("Contents"))
        for s in contents if isinstance(contents, list) else [contents]:
            s = resolve1(s)
            if isinstance(s, PDFStream):
                found.append(s)
        xobjects = resolve1((resolve1(page.resources) or {}).get("XObject")) if page.resources else None
        for x in (xobjects or {}).values():
            x = resolve1(x)
            if isinstance(x, PDFStream) and getattr(resolve1(x.attrs.get("Subtype")), "name", None) == "Form":
                found.append(x)
        return found

    try:
        with open(path, "rb") as fh:
            doc = PDFDocument(PDFParser(fh), password=password or "")
            for number, page in enumerate(PDFPage.create_pages(doc), 1):
                found = streams(page)
                if _size_bound(found) <= max_bytes:
                    continue  # cannot decode to more: nothing to inflate
                total = 0
                for s in found:
                    total += _decoded_size(s, max_bytes - total + 1)
                    if total > max_bytes:
                        raise TooLarge(path, f"the content of page {number} decodes to over {max_bytes:,} "
                                             f"bytes; the limit is {max_bytes:,} bytes a page "
                                             f"(PINCITE_MAX_CONTENT_MB)")
    except TooLarge:
        raise
    except Exception:  # pdfminer cannot read what PDFium may: PDFium decides
        return


def _size_bound(streams: list) -> float:
    """At least the sum of what :func:`_decoded_size` counts for ``streams`` (pdfminer
    PDFStreams), from their raw sizes alone: MAX_INFLATE_RATIO times the raw size of a
    FlateDecode stream, the raw size of the others. Infinity when a stream's filters cannot
    be read (the exact count then meets the same error where it would)."""
    bound = 0
    try:
        for s in streams:
            raw = len(s.get_rawdata() or b"")
            filters = [getattr(f, "name", f) for f, _ in s.get_filters()]
            bound += raw * MAX_INFLATE_RATIO if filters in (["FlateDecode"], ["Fl"]) else raw
    except Exception:  # noqa: BLE001  (left to the exact count)
        return float("inf")
    return bound


def _decoded_size(stream, cap: int) -> int:
    """Bytes `stream` (a pdfminer PDFStream) decodes to, counted up to a little past `cap`;
    its raw size when it is not FlateDecode alone or cannot be inflated."""
    import zlib

    raw = stream.get_rawdata() or b""
    filters = [getattr(f, "name", f) for f, _ in stream.get_filters()]
    if filters not in (["FlateDecode"], ["Fl"]):
        return len(raw)
    inflate = zlib.decompressobj()
    total, data = 0, raw
    try:
        while data and total <= cap:
            out = inflate.decompress(data, MIB)
            total += len(out)
            data = inflate.unconsumed_tail
    except zlib.error:
        return max(total, len(raw))
    return total
