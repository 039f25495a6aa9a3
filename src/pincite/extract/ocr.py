"""OCR of PDF pages with tesseract: a page image -> text, with a box for every word.

This module owns finding tesseract (and its language data), rendering a page for it, running
it and reading its TSV output back into a page text plus word boxes. Which pages need OCR
is decided in :mod:`pincite.extract.quality` (``weak_page_reason``) and
:mod:`pincite.extract.pdf`. It must not import later stages.

Decisions (docs/decisions/0005-ocr.md):

* Debian ``tesseract-ocr`` with ``tesseract-ocr-rus`` and ``tesseract-ocr-chi-sim``, always
  ``-l rus+chi_sim+eng`` together (one language alone: 13-45% character errors on the other
  scripts), each process single-threaded (``OMP_THREAD_LIMIT=1``); pages run in parallel, one
  tesseract process per CPU (at most ``MAX_WORKERS``).
* Pages are rendered by PDFium in grey at ``DPI`` (300; fewer when the page would exceed
  ``MAX_PIXELS``) and handed over as PGM files in a private temporary folder.
* Output is tesseract's TSV: one row per word with its pixel box. Words of a line are joined
  by one space, except between two CJK characters (tesseract puts a space between every
  Chinese character: "额 定 电 压" -> "额定电压"); lines end with "\\n", and a blank line
  separates tesseract's blocks. Latin/Cyrillic look-alikes that rus+eng mixes up ("made а
  noise" with a Cyrillic а) take the script of their word or line
  (:func:`pincite.extract.quality.fix_mixed_script`, one character for one).
* Each word's box is given in PDF points in PDFium's page space (origin bottom-left, as
  ``FPDFText_GetCharBox``; page rotation and crop box accounted for through
  ``FPDF_DeviceToPage``) as a span ``{"start", "end", "bbox": [left, bottom, right, top]}``
  with char offsets into the OCR text (end exclusive), so a quote can be highlighted.

Measured here (tesseract 5.3.0, one CPU per page): about 3 s per A4 page of text at 300 dpi.
"""
from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
import tempfile
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from pincite import config
from pincite.extract.model import WordBox
from pincite.extract.quality import fix_mixed_script
from pincite.text.cjk import is_cjk

#: tesseract languages, always together (docs/decisions/0005-ocr.md).
LANGUAGES = ("rus", "chi_sim", "eng")
#: Debian packages that provide tesseract and those languages (eng comes with tesseract-ocr).
DEBIAN_PACKAGES = "tesseract-ocr tesseract-ocr-rus tesseract-ocr-chi-sim"
_LANGUAGE_PACKAGES = {"rus": "tesseract-ocr-rus", "chi_sim": "tesseract-ocr-chi-sim", "eng": "tesseract-ocr-eng"}
#: Rendering resolution for OCR (tesseract is trained on ~300 dpi text).
DPI = 300
#: Largest rendering in pixels (an A4 page at 300 dpi has 8.7 million); a larger page is
#: rendered at a lower resolution.
MAX_PIXELS = 40_000_000
#: Seconds one page may take before its tesseract is stopped (a page takes ~3 s).
PAGE_TIMEOUT_S = 300
#: Most tesseract processes at once.
MAX_WORKERS = 4
#: The OCR settings (pincite.config.Settings.ocr): "auto" OCRs weak pages, "off" never.
OCR_MODES = config.OCR_MODES
#: Default per-document cap on OCR pages (pincite.config.Settings.max_ocr_pages).
DEFAULT_MAX_OCR_PAGES = config.MAX_OCR_PAGES


@dataclass(frozen=True)
class Availability:
    """Whether OCR can run here. ``ok``; else ``reason`` (what is wrong) and ``need`` (what to
    install, with the Debian packages)."""

    ok: bool
    reason: str = ""
    need: str = ""
    executable: str = ""


def availability() -> Availability:
    """Find ``tesseract`` on PATH and check it has every language in ``LANGUAGES``."""
    exe = shutil.which("tesseract")
    if not exe:
        return Availability(False, "tesseract is not installed (not found on PATH)",
                            f"tesseract (Debian: {DEBIAN_PACKAGES})")
    try:
        langs = _languages(exe, os.stat(exe).st_mtime_ns, os.environ.get("TESSDATA_PREFIX", ""))
    except (OSError, subprocess.SubprocessError) as exc:
        return Availability(False, f"tesseract cannot run ({exc})", f"a working tesseract (Debian: {DEBIAN_PACKAGES})")
    missing = [lang for lang in LANGUAGES if lang not in langs]
    if missing:
        packages = " ".join(_LANGUAGE_PACKAGES[lang] for lang in missing)
        return Availability(False, f"tesseract lacks the language data {'+'.join(missing)}",
                            f"tesseract language data {'+'.join(missing)} (Debian: {packages})", exe)
    return Availability(True, executable=exe)


@lru_cache(maxsize=8)
def _languages(exe: str, _mtime: int, _tessdata: str) -> frozenset[str]:
    out = subprocess.run([exe, "--list-langs"], capture_output=True, text=True, timeout=60, check=True)
    return frozenset(line.strip() for line in out.stdout.splitlines()[1:] if line.strip())


@dataclass
class PageImage:
    """A page rendered for OCR: the PGM file, its size in pixels, the resolution, and the
    affine map from pixel (x right, y down) to PDF page points: ``x_pt = a + b*x + c*y``,
    ``y_pt = d + e*x + f*y`` (``to_page = (a, b, c, d, e, f)``)."""

    path: Path
    width: int
    height: int
    dpi: float
    to_page: tuple[float, float, float, float, float, float]


@dataclass
class OcrResult:
    """OCR of one page: ``text``, word ``spans`` (WordBox; see the module docstring), ``seconds`` spent
    in tesseract, and ``error`` ('' when it ran)."""

    text: str = ""
    spans: list[WordBox] = field(default_factory=list)
    seconds: float = 0.0
    error: str = ""


def render_page(page: pdfium.PdfPage, path: Path, dpi: float = DPI) -> PageImage:
    """Render ``page`` in grey at ``dpi`` (less if over ``MAX_PIXELS``) to a PGM file at ``path``."""
    width_pt, height_pt = page.get_size()
    pixels = (width_pt * dpi / 72) * (height_pt * dpi / 72)
    if pixels > MAX_PIXELS:
        dpi *= (MAX_PIXELS / pixels) ** 0.5
    bitmap = page.render(scale=dpi / 72, grayscale=True)
    try:
        array = bitmap.to_numpy()
        height, width = array.shape[:2]
        if array.ndim == 3:  # a grey bitmap comes as (h, w); be safe with (h, w, 1)
            array = array[:, :, 0]
        with open(path, "wb") as fh:
            fh.write(b"P5\n%d %d\n255\n" % (width, height))
            fh.write(array.tobytes() if array.flags.c_contiguous else array.copy().tobytes())
    finally:
        bitmap.close()
    return PageImage(path, width, height, dpi, _device_to_page(page, width, height))


def _device_to_page(page: pdfium.PdfPage, width: int,
                    height: int) -> tuple[float, float, float, float, float, float]:
    """The affine pixel -> page-point map PDFium uses for a (width x height) rendering."""

    def point(x: int, y: int) -> tuple[float, float]:
        px, py = ctypes.c_double(), ctypes.c_double()
        ok = pdfium_c.FPDF_DeviceToPage(page.raw, 0, 0, width, height, 0, x, y, px, py)
        if not ok:  # pragma: no cover - PDFium fails only for a null page
            raise pdfium.PdfiumError("FPDF_DeviceToPage failed")
        return px.value, py.value

    (x0, y0), (x1, y1), (x2, y2) = point(0, 0), point(width, 0), point(0, height)
    return (x0, (x1 - x0) / width, (x2 - x0) / height, y0, (y1 - y0) / width, (y2 - y0) / height)


def run_tesseract(image: PageImage, executable: str = "tesseract", timeout: float = PAGE_TIMEOUT_S) -> OcrResult:
    """OCR one rendered page with ``-l rus+chi_sim+eng`` and TSV output (``OMP_THREAD_LIMIT=1``)."""
    cmd = [executable, str(image.path), "stdout", "-l", "+".join(LANGUAGES), "--dpi", str(round(image.dpi)), "tsv"]
    env = {**os.environ, "OMP_THREAD_LIMIT": "1"}
    t0 = time.perf_counter()
    try:
        out = subprocess.run(cmd, capture_output=True, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        return OcrResult(seconds=time.perf_counter() - t0, error=f"tesseract timed out after {timeout:.0f} s")
    except OSError as exc:
        return OcrResult(seconds=time.perf_counter() - t0, error=f"tesseract cannot run ({exc})")
    seconds = time.perf_counter() - t0
    if out.returncode != 0:
        lines = out.stderr.decode("utf-8", "replace").strip().splitlines()
        last = lines[-1] if lines else f"exit {out.returncode}"
        return OcrResult(seconds=seconds, error=f"tesseract failed ({last})")
    text, spans = parse_tsv(out.stdout.decode("utf-8", "replace"), image.to_page)
    return OcrResult(text, spans, seconds)


def parse_tsv(tsv: str, to_page: tuple[float, ...] = (0.0, 1.0, 0.0, 0.0, 0.0, -1.0)) -> tuple[str, list[WordBox]]:
    """Page text and word spans from tesseract's TSV (see the module docstring).

    ``to_page`` maps pixels to page points; the default flips y only (for tests).
    """
    words: list[tuple[tuple[int, int, int], str, tuple[int, int, int, int]]] = []
    for row in tsv.splitlines()[1:]:
        cols = row.split("\t")
        if len(cols) < 12 or cols[0] != "5":
            continue
        text = "\t".join(cols[11:]).strip()
        if not text:
            continue
        try:
            block, par, line = int(cols[2]), int(cols[3]), int(cols[4])
            box = (int(cols[6]), int(cols[7]), int(cols[8]), int(cols[9]))
        except ValueError:
            continue
        words.append(((block, par, line), text, box))
    parts: list[str] = []
    spans: list[WordBox] = []
    pos = 0
    prev_key: tuple[int, int, int] | None = None
    prev_text = ""
    for key, text, box in words:
        if prev_key is not None:
            if key[0] != prev_key[0]:
                sep = "\n\n"
            elif key != prev_key:
                sep = "\n"
            elif is_cjk(prev_text[-1]) and is_cjk(text[0]):
                sep = ""
            else:
                sep = " "
            parts.append(sep)
            pos += len(sep)
        parts.append(text)
        left, bottom, right, top = _bbox(box, to_page)
        spans.append(WordBox(start=pos, end=pos + len(text), bbox=(left, bottom, right, top)))
        pos += len(text)
        prev_key, prev_text = key, text
    page_text = "".join(parts) + ("\n" if parts else "")
    return fix_mixed_script(page_text, whole_words=True), spans


def _bbox(box: tuple[int, int, int, int], m: tuple[float, ...]) -> list[float]:
    left, top, width, height = box
    xs, ys = [], []
    for x, y in ((left, top), (left + width, top), (left, top + height), (left + width, top + height)):
        xs.append(m[0] + m[1] * x + m[2] * y)
        ys.append(m[3] + m[4] * x + m[5] * y)
    return [round(min(xs), 2), round(min(ys), 2), round(max(xs), 2), round(max(ys), 2)]


def workers() -> int:
    """tesseract processes to run at once: the CPUs this process may use, at most MAX_WORKERS."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        cpus = os.cpu_count() or 1
    return max(1, min(MAX_WORKERS, cpus))


def ocr_pages(pdf: pdfium.PdfDocument, indices: list[int], executable: str) -> dict[int, OcrResult]:
    """OCR the pages at 0-based ``indices`` of ``pdf``; returns {index: OcrResult}.

    PDFium is not thread-safe, so pages are rendered here, one at a time, while tesseract
    processes run in a thread pool (at most ``workers()`` at once, each image deleted when
    read). A page that cannot be rendered or read gets an OcrResult with ``error``.
    """
    results: dict[int, OcrResult] = {}
    if not indices:
        return results
    n_workers = workers()
    with tempfile.TemporaryDirectory(prefix="pincite-ocr-") as tmp, ThreadPoolExecutor(n_workers) as pool:
        pending: dict[int, Future[OcrResult]] = {}

        def collect(block: bool) -> None:
            for index, future in list(pending.items()):
                if block or future.done():
                    results[index] = future.result()
                    del pending[index]

        for index in indices:
            while len(pending) >= 2 * n_workers:  # bound the images waiting on disk
                next(iter(pending.values())).result()
                collect(False)
            try:
                page = pdf[index]
                try:
                    image = render_page(page, Path(tmp) / f"page-{index + 1}.pgm")
                finally:
                    page.close()
            except (pdfium.PdfiumError, OSError) as exc:
                results[index] = OcrResult(error=f"the page cannot be rendered ({exc})")
                continue
            pending[index] = pool.submit(_ocr_and_delete, image, executable)
        collect(True)
    return results


def _ocr_and_delete(image: PageImage, executable: str) -> OcrResult:
    try:
        return run_tesseract(image, executable)
    finally:
        image.path.unlink(missing_ok=True)
