"""Fetch the development set's documents into benchmarks/devset/docs/ and check them.

Documents from Debian (`source: deb` in documents.jsonl) are downloaded with
`apt-get download PACKAGE=VERSION` and unpacked with `dpkg-deb -x`; the member is copied
(gunzipped when it ends in .gz). Generated documents (`source: generated`) are made by
make_office.py, or by the script their `generator` field names (relative to this folder,
called with the output folder). Every file is checked against its SHA-256; a mismatch is reported and the
script exits 1. Files already present with the right SHA-256 are left alone.

    python benchmarks/devset/fetch.py [--check]   # --check: only verify what is there
"""
from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
DOCS = HERE / "docs"


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def documents() -> list[dict]:
    """Every record of documents.jsonl."""
    return [json.loads(line) for line in (HERE / "documents.jsonl").read_text(encoding="utf-8").splitlines()
            if line.strip()]


def _fetch_deb(package: str, version: str, scratch: Path) -> Path:
    out = scratch / f"{package}={version}"
    if out.exists():
        return out
    subprocess.run(["apt-get", "download", f"{package}={version}"], cwd=scratch, check=True,
                   stdout=subprocess.DEVNULL)
    deb = next(scratch.glob(f"{package}_*.deb"))
    out.mkdir()
    subprocess.run(["dpkg-deb", "-x", str(deb), str(out)], check=True)
    deb.unlink()
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only verify the files that are there")
    args = ap.parse_args()
    docs = documents()
    bad = 0
    if not args.check:
        generators = {d.get("generator", "make_office.py") for d in docs
                      if d["source"] == "generated" and not (DOCS / d["name"]).exists()}
        for script in sorted(generators):
            subprocess.run([sys.executable, str(HERE / script), str(DOCS)], check=True)
    with tempfile.TemporaryDirectory() as tmp:
        for d in docs:
            target = DOCS / d["name"]
            if not target.exists() and d["source"] == "deb" and not args.check:
                root = _fetch_deb(d["package"], d["version"], Path(tmp))
                member = root / d["member"]
                target.parent.mkdir(parents=True, exist_ok=True)
                if d["member"].endswith(".gz"):
                    with gzip.open(member, "rb") as src, target.open("wb") as dst:
                        shutil.copyfileobj(src, dst)
                else:
                    shutil.copyfile(member, target)
            if not target.exists():
                print(f"missing: {d['name']}")
                bad += 1
            elif sha256(target) != d["sha256"]:
                print(f"SHA-256 mismatch: {d['name']} (expected {d['sha256']})")
                bad += 1
    print(f"{len(docs) - bad} of {len(docs)} documents present and checked")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
