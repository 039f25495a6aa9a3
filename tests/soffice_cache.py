"""Test helper: each distinct DOCX is converted to PDF by LibreOffice once per test run.

A conversion with headless LibreOffice takes seconds (a fresh profile is set up each time,
pincite.extract.convert), and several tests convert the same document: the same corpus file
in several libraries, or a generated DOCX that two tests build alike. `install(folder, real)`
writes a stand-in ``soffice`` program into `folder`; pointed at by ``PINCITE_SOFFICE``
(tests/conftest.py does so for the whole run), it is what pincite runs, with the arguments
pincite gives a real LibreOffice:

* the first time it sees a document it runs the real LibreOffice with those arguments and
  keeps a copy of the PDF written, under the SHA-256 of the document's content (the name and
  bytes of each part of the DOCX's ZIP, so that two files that differ only in the time stamps
  of their ZIP entries count as one; the whole file's bytes when it is no ZIP);
* after that it copies the kept PDF where LibreOffice would have written it.

Everything pincite does around the conversion (the copy with rows kept whole, the temporary
folder, the process group, the timeout, reading the PDF) runs as with LibreOffice itself;
only the second and later runs of LibreOffice on the same content are left out. The folder
is shared by the xdist workers of a run (conftest's shared_cache): a lock file per document
makes a second process wait for the first one's conversion instead of converting too, and a
PDF is kept by an atomic rename, so no reader sees half of one. Arguments of another shape
(anything but ``--convert-to pdf --outdir DIR FILE``) go to the real LibreOffice unchanged.

Tests of the conversion itself keep the real binary (tests/test_docx_pages.py's `paged`
fixture clears ``PINCITE_SOFFICE``), so a real conversion is still tested end to end.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

#: The stand-in program (Python, run by the test run's interpreter). REAL and CACHE are
#: filled in by `install`.
WRAPPER = r'''#!{python} -I
"""soffice stand-in of the test run (tests/soffice_cache.py): one conversion per document."""
import fcntl, hashlib, os, shutil, subprocess, sys, zipfile

REAL, CACHE = {real!r}, {cache!r}


def content_key(path):
    digest = hashlib.sha256(b"pdf\0")
    try:
        with zipfile.ZipFile(path) as z:
            for info in z.infolist():
                digest.update(info.filename.encode() + b"\0")
                digest.update(hashlib.sha256(z.read(info)).digest())
    except (zipfile.BadZipFile, OSError, RuntimeError, NotImplementedError, EOFError, ValueError):
        digest = hashlib.sha256(b"pdf\0raw\0")
        with open(path, "rb") as f:
            digest.update(f.read())
    return digest.hexdigest()


def main(args):
    real = [REAL] + args
    if "--convert-to" not in args or "--outdir" not in args or len(args) < 2:
        os.execv(REAL, real)
    if args[args.index("--convert-to") + 1] != "pdf" or args[-1].startswith("-"):
        os.execv(REAL, real)
    source, outdir = args[-1], args[args.index("--outdir") + 1]
    out = os.path.join(outdir, os.path.splitext(os.path.basename(source))[0] + ".pdf")
    key = content_key(source)
    kept = os.path.join(CACHE, key + ".pdf")
    with open(os.path.join(CACHE, key + ".lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when this process ends, killed or not
        if os.path.isfile(kept):
            os.makedirs(outdir, exist_ok=True)
            shutil.copyfile(kept, out)
            print(f"convert {{source}} -> {{out}}: the PDF of this content, converted before in this test run")
            return 0
        code = subprocess.call(real)  # its output is ours (stdout and stderr are inherited)
        if code == 0 and os.path.isfile(out) and os.path.getsize(out) > 0:
            part = f"{{kept}}.{{os.getpid()}}.part"
            shutil.copyfile(out, part)
            os.replace(part, kept)
        return code


sys.exit(main(sys.argv[1:]))
'''


def install(folder: Path, real: str) -> Path:
    """Write the stand-in ``soffice`` into `folder` (made if needed), keeping the PDFs in
    `folder`/pdf, running the LibreOffice binary `real`; returns its path. Safe to call from
    several processes at once (the same program is written, by an atomic rename)."""
    cache = folder / "pdf"
    cache.mkdir(parents=True, exist_ok=True)
    program = folder / "soffice"
    text = WRAPPER.format(python=sys.executable, real=str(real), cache=str(cache))
    if not program.is_file() or program.read_text() != text:
        part = folder / f"soffice.{os.getpid()}.part"
        part.write_text(text)
        part.chmod(0o755)
        os.replace(part, program)
    return program
