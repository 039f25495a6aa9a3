"""DOCX -> PDF with headless LibreOffice, so a Word file gets real pages.

This module owns finding ``soffice`` and running one conversion safely; it does not read
the text of either file (pincite.extract.office maps the DOCX onto the PDF's pages) and must
not import later stages. The copy it converts has every table row of the document body
marked "can't split" (`rows_kept_whole`), so that LibreOffice moves a row that does not fit
at a page's foot to the next page whole rather than breaking it: a row broken across a page
break leaves the first lines of its cells on one page and the rest on the next ("Компрессор
ВК-" and "250 3 4,5" on one page, "30" on the next), so no page holds the row, nor a code
wrapped in it, as the DOCX writes it. A row taller than a page is still broken (LibreOffice
must).

Each conversion runs in a fresh temporary folder (``pincite-soffice-*`` under the system
temp folder) holding its own LibreOffice profile (``-env:UserInstallation``, so parallel
runs and a LibreOffice the user has open never share one), a
copy of the file under a plain name, the output folder, and the ``HOME`` and ``TMPDIR``
LibreOffice writes to; the folder is deleted afterwards, whatever happened. No shell is
involved (an argument list), the process runs in its own session so a timeout kills
LibreOffice and every child it started, and stdin is closed.

``PINCITE_SOFFICE`` chooses the binary: unset or empty finds ``soffice`` (then
``libreoffice``) on ``PATH``; ``off`` turns conversion off; anything else is the path or
command name of the binary to run. ``PINCITE_SOFFICE_TIMEOUT`` overrides the timeout in
seconds (default SOFFICE_TIMEOUT_S).
"""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

from pincite.errors import ConversionError

#: Environment variable naming the LibreOffice binary ("off" disables conversion).
SOFFICE_ENV = "PINCITE_SOFFICE"
#: Environment variable overriding the timeout of one conversion, in seconds.
TIMEOUT_ENV = "PINCITE_SOFFICE_TIMEOUT"
#: Command names looked up on PATH, in order (Debian's libreoffice-writer-nogui installs both).
SOFFICE_NAMES = ("soffice", "libreoffice")
#: Seconds one conversion may take before it is killed. Measured here (LibreOffice 7.4,
#: fresh profile each run, 2 shared cores): ~1.8 s for a 2-page DOCX, most of it the start
#: with a new profile (about 2.4 s warm); a few hundred pages take tens of
#: seconds. 120 s leaves a wide margin and still bounds a file that makes LibreOffice hang.
SOFFICE_TIMEOUT_S = 120.0
#: Last characters of LibreOffice's output quoted in an error message.
MAX_OUTPUT_CHARS = 300
#: The file name the copy is converted under (LibreOffice picks its import filter by
#: content, but a plain ASCII name with the right extension avoids quoting and odd names).
SOURCE_NAME = "document.docx"
#: Prefix of the per-run temporary folder.
TEMP_PREFIX = "pincite-soffice-"


@dataclass(frozen=True)
class Conversion:
    """A finished conversion: ``pdf`` (the PDF written where the caller asked), ``seconds``
    the LibreOffice run took (wall clock), ``soffice`` the binary that ran."""

    pdf: Path
    seconds: float
    soffice: str


def conversion_off() -> bool:
    """True when ``PINCITE_SOFFICE=off`` turns conversion off."""
    return os.environ.get(SOFFICE_ENV, "").strip().lower() == "off"


def find_soffice() -> str | None:
    """The LibreOffice binary to run: ``PINCITE_SOFFICE`` (a path or a command name looked up
    on PATH), else the first of SOFFICE_NAMES on PATH; None when conversion is off or no
    LibreOffice is installed. ConversionError when ``PINCITE_SOFFICE`` names a binary that
    does not exist or cannot be run (a setting that is wrong must not pass for "not
    installed")."""
    value = os.environ.get(SOFFICE_ENV, "").strip()
    if value.lower() == "off":
        return None
    if value:
        found = shutil.which(value)
        if found is None:
            raise ConversionError(value, f"{SOFFICE_ENV}={value!r} is not an executable program")
        return found
    for name in SOFFICE_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def timeout_seconds() -> float:
    """The timeout of one conversion: ``PINCITE_SOFFICE_TIMEOUT`` (seconds, > 0) or
    SOFFICE_TIMEOUT_S. ConversionError names the variable when it is not a positive number."""
    raw = os.environ.get(TIMEOUT_ENV, "").strip()
    if not raw:
        return SOFFICE_TIMEOUT_S
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not value > 0:
        raise ConversionError(TIMEOUT_ENV, f"{TIMEOUT_ENV}={raw!r}: must be a positive number of seconds")
    return value


def convert_to_pdf(source: Path, dest: Path, *, soffice: str,
                   timeout: float | None = None) -> Conversion:
    """Convert the DOCX at ``source`` to a PDF written at ``dest`` (its folder must exist; an
    existing file there is replaced) with the LibreOffice binary ``soffice``.

    Runs ``soffice --headless --norestore --nolockcheck -env:UserInstallation=<fresh profile>
    --convert-to pdf --outdir <out> <copy>`` in a fresh temporary folder, deleted afterwards
    (see the module docstring). ``timeout``: seconds (default :func:`timeout_seconds`).

    Raises ConversionError naming ``source`` and the reason: "timed out after N s" (the whole
    process group is killed), "LibreOffice exited with status N: <its last output>", "no PDF
    was written", "LibreOffice could not be started: ...". OSError when ``source`` cannot be
    read or ``dest`` written.
    """
    source, dest = Path(source), Path(dest)
    timeout = timeout_seconds() if timeout is None else timeout
    work = Path(tempfile.mkdtemp(prefix=TEMP_PREFIX))
    try:
        copy, out, profile = work / "in" / SOURCE_NAME, work / "out", work / "profile"
        for folder in (copy.parent, out, profile, work / "home", work / "tmp"):
            folder.mkdir()
        rows_kept_whole(source, copy)
        args = [soffice, "--headless", "--norestore", "--nolockcheck",
                f"-env:UserInstallation={profile.as_uri()}",
                "--convert-to", "pdf", "--outdir", str(out), str(copy)]
        env = {**os.environ, "HOME": str(work / "home"), "TMPDIR": str(work / "tmp")}
        t0 = time.perf_counter()
        code, output = _run(source, args, env, work, timeout)
        seconds = time.perf_counter() - t0
        pdf = out / (Path(SOURCE_NAME).stem + ".pdf")
        if code != 0:
            raise ConversionError(source, f"LibreOffice exited with status {code}{_tail(output)}")
        if not pdf.is_file() or pdf.stat().st_size == 0:
            raise ConversionError(source, f"no PDF was written{_tail(output)}")
        shutil.move(str(pdf), str(dest))
        return Conversion(dest, seconds, soffice)
    finally:
        shutil.rmtree(work, ignore_errors=True)


#: WordprocessingML's namespace and the part of a DOCX that holds its body.
_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
DOCUMENT_PART = "word/document.xml"


def rows_kept_whole(source: Path, dest: Path) -> None:
    """Copy the DOCX ``source`` to ``dest`` with every table row of its body
    (DOCUMENT_PART) marked "can't split" (``<w:cantSplit/>`` in its ``<w:trPr>``, created
    where the row has none, after a ``<w:tblPrEx>``; a ``w:val`` that allowed the split is
    dropped), the other parts copied byte for byte. A ``source`` that is no readable ZIP, or
    whose body does not parse as XML, is copied unchanged (LibreOffice then reads it as it
    is). OSError when ``source`` cannot be read or ``dest`` written."""
    try:
        with zipfile.ZipFile(source) as zin:
            body = _rows_marked(zin.read(DOCUMENT_PART))
            with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as zout:
                for item in zin.infolist():
                    if item.filename == DOCUMENT_PART:
                        zout.writestr(item, body)
                        continue
                    with zin.open(item) as src, zout.open(item, "w") as out:
                        shutil.copyfileobj(src, out)
    except (zipfile.BadZipFile, KeyError, ValueError, SyntaxError, RuntimeError, NotImplementedError, EOFError):
        shutil.copyfile(source, dest)


def _rows_marked(xml: bytes) -> bytes:
    """The body part ``xml`` with every ``<w:tr>`` marked ``<w:cantSplit/>``
    (`rows_kept_whole`). SyntaxError (lxml's XMLSyntaxError is one) when it does not parse.
    The DOCX was checked by sniff before (no DTD, no entity), and entities are not resolved."""
    from lxml import etree

    root = etree.fromstring(xml, etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True))
    for tr in root.iter(f"{_W}tr"):
        props = tr.find(f"{_W}trPr")
        if props is None:
            props = etree.Element(f"{_W}trPr")
            exceptions = tr.find(f"{_W}tblPrEx")
            tr.insert(0 if exceptions is None else tr.index(exceptions) + 1, props)
        mark = props.find(f"{_W}cantSplit")
        if mark is None:
            props.insert(0, etree.Element(f"{_W}cantSplit"))
        else:
            mark.attrib.pop(f"{_W}val", None)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


def _run(source: Path, args: list[str], env: dict, cwd: Path, timeout: float) -> tuple[int, str]:
    """Run ``args`` in a session of its own; (exit status, output). On timeout the whole
    process group is killed and waited for before ConversionError is raised."""
    try:
        proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, env=env, cwd=cwd, start_new_session=True)
    except OSError as e:
        raise ConversionError(source, f"LibreOffice could not be started: {e.strerror or e}") from None
    try:
        output, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        raise ConversionError(source, f"timed out after {timeout:g} s") from None
    except BaseException:
        _kill_group(proc)
        raise
    return proc.returncode, output.decode("utf-8", "replace")


def _kill_group(proc: subprocess.Popen) -> None:
    """SIGKILL the process group of ``proc`` (its own session: LibreOffice's launcher and
    soffice.bin) while ``proc`` is not yet reaped, so the group id cannot belong to anyone
    else; then reap it."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        proc.communicate(timeout=10)
    except (subprocess.TimeoutExpired, ValueError, OSError):
        pass


def _tail(output: str) -> str:
    """": <last line(s) of output>" cut to MAX_OUTPUT_CHARS, '' when there was none."""
    lines = [ln.strip() for ln in output.splitlines()
             if ln.strip() and "javaldx" not in ln]  # Debian's harmless "failed to launch javaldx"
    if not lines:
        return ""
    text = " | ".join(lines[-3:])
    return ": " + (text[-MAX_OUTPUT_CHARS:] if len(text) > MAX_OUTPUT_CHARS else text)
