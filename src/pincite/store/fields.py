"""Document fields: what a person says about a document that its text cannot tell apart
(equipment model, modifications, manual revision, trust, validity dates, where it came from).

Set on ingest (CLI options, a sidecar YAML next to the file, a manifest CSV for a folder;
options win over the sidecar, the sidecar over the manifest), stored in the catalog and
copied into the index payload of every chunk, where the search filters on them
(pincite.index.edge). Editable later without re-parsing (Library.set_fields).

A partial set of fields (only what one source says) is a plain dict checked by
`parse_fields`; `DocFields.updated` lays one over another. Must not import index/ or answer/.
"""
from __future__ import annotations

import csv
import dataclasses
import datetime as _dt
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Literal, Mapping, get_args

from pincite.errors import FieldError

#: Trust levels: a normative source (a manual in force, a standard), a reference (the
#: default: useful but not binding) or a user's upload (a customer's report): uploaded
#: documents answer only when asked (SearchFilter.include_uploaded).
TrustLevel = Literal["normative", "reference", "uploaded"]
TRUST_LEVELS: tuple[str, ...] = get_args(TrustLevel)
#: Trust levels a search allows when nothing else is asked.
DEFAULT_TRUST = ("normative", "reference")
#: Field names, in the order `pincite docs` shows them.
FIELD_NAMES = ("model", "modifications", "revision", "trust", "language", "valid_from",
               "valid_to", "source_url")
#: Other spellings accepted in sidecars and manifests (CLI-like dashes, singular).
_ALIASES = {"modification": "modifications", "mods": "modifications", "valid-from": "valid_from",
            "valid-to": "valid_to", "source-url": "source_url", "url": "source_url", "lang": "language"}
SIDECAR_SUFFIXES = (".yaml", ".yml")
MANIFEST_NAME = "pincite-manifest.csv"
_LANG_RE = re.compile(r"^[a-z]{2,3}$")
_MAX_VALUE = 200


@dataclass
class DocFields:
    """The fields of one document. Empty model / revision / dates are None; `modifications`
    is a list (a manual may cover several); `trust` one of TRUST_LEVELS."""

    model: str | None = None
    modifications: list[str] = field(default_factory=list)
    revision: str | None = None
    trust: str = "reference"
    language: str | None = None
    valid_from: str | None = None
    valid_to: str | None = None
    source_url: str | None = None

    def updated(self, changes: Mapping[str, object]) -> "DocFields":
        """A copy with `changes` (a dict from parse_fields) laid over; a None or empty value
        clears a field (trust goes back to "reference"). Checks valid_from <= valid_to."""
        new = dataclasses.replace(self, modifications=list(self.modifications))
        for k, v in changes.items():
            if k == "modifications":
                new.modifications = [str(m) for m in v] if isinstance(v, (list, tuple)) else []
            elif k == "trust":
                new.trust = str(v or "reference")
            else:
                setattr(new, k, v or None)
        if new.valid_from and new.valid_to and new.valid_from > new.valid_to:
            raise FieldError(f"valid_from {new.valid_from} is after valid_to {new.valid_to}")
        return new

    def as_dict(self) -> dict:
        return dataclasses.asdict(self)


def field_key(value: str) -> str:
    """The form a field is matched in (payload *_key and filter values): spaces collapsed,
    case folded, so `--model px-200` finds a document set as "PX-200"."""
    return " ".join(value.split()).casefold()


def parse_fields(raw: Mapping[str, object], where: str = "fields") -> dict:
    """Check a partial set of fields (from options, a sidecar or a manifest row) and return
    it normalised: names canonical (aliases such as "modification" or "valid-from"
    accepted), strings stripped, modifications a list (a string may list several separated
    by commas or semicolons), dates ISO YYYY-MM-DD, trust one of TRUST_LEVELS. A key given
    as None is left out; an empty string clears the field. Raises FieldError naming `where`."""
    out: dict = {}
    for name, value in raw.items():
        key = _ALIASES.get(str(name).strip().lower().replace(" ", "_"), str(name).strip().lower())
        if key not in FIELD_NAMES:
            raise FieldError(f"{where}: unknown field {name!r}; known fields: {', '.join(FIELD_NAMES)}")
        if value is None:
            continue
        if key == "modifications":
            items = value if isinstance(value, (list, tuple)) else re.split(r"[;,]", str(value))
            mods = []
            for m in items:
                m = _text(m, where, key)
                if m and m not in mods:
                    mods.append(m)
            out[key] = mods
            continue
        text = _text(value, where, key)
        if key == "trust" and text:
            text = text.lower()
            if text not in TRUST_LEVELS:
                raise FieldError(f"{where}: trust {value!r} is not one of {', '.join(TRUST_LEVELS)}")
        elif key in ("valid_from", "valid_to") and text:
            try:
                text = _dt.date.fromisoformat(text).isoformat()
            except ValueError:
                raise FieldError(f"{where}: {key} {value!r} is not a date (write YYYY-MM-DD)") from None
        elif key == "language" and text:
            text = text.lower()
            if not _LANG_RE.match(text):
                raise FieldError(f"{where}: language {value!r} is not a language code such as en, ru or zh")
        elif key == "source_url" and text and not re.match(r"^https?://[^\s/]+", text):
            raise FieldError(f"{where}: source_url {value!r} is not an http(s) URL")
        out[key] = text
    if out.get("valid_from") and out.get("valid_to") and out["valid_from"] > out["valid_to"]:
        raise FieldError(f"{where}: valid_from {out['valid_from']} is after valid_to {out['valid_to']}")
    return out


def _text(value: object, where: str, key: str) -> str:
    if isinstance(value, (dict, list, tuple)):
        raise FieldError(f"{where}: {key} must be a single value")
    text = " ".join(str(value).split())
    if len(text) > _MAX_VALUE:
        raise FieldError(f"{where}: {key} is longer than {_MAX_VALUE} characters")
    return text


# -- sidecars and manifests ----------------------------------------------------------------


def sidecar_path(path: Path) -> Path | None:
    """The sidecar of `path`: `manual.pdf.yaml` (or .yml), else `manual.yaml`; None when none."""
    for suffix in SIDECAR_SUFFIXES:
        for cand in (path.with_name(path.name + suffix), path.with_suffix(suffix)):
            try:
                if cand != path and cand.is_file():
                    return cand
            except OSError:  # e.g. `name.pdf.yaml` longer than the file system allows
                continue
    return None


def read_sidecar(path: Path) -> dict:
    """The fields of a sidecar YAML file: one mapping of field names to scalars (a list for
    modifications). Read with PyYAML's SafeLoader composer only: scalars stay the text as
    written, so `revision: 2.10` is "2.10" (not the number 2.1) and dates stay ISO text;
    nothing is constructed from tags. Raises FieldError naming the file."""
    import yaml

    try:
        node = yaml.compose(path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
    except (yaml.YAMLError, UnicodeDecodeError) as e:
        raise FieldError(f"{path}: not readable YAML ({str(e).splitlines()[0]})") from None
    if node is None:
        return {}
    if not isinstance(node, yaml.MappingNode):
        raise FieldError(f"{path}: expected a mapping of field names to values")
    raw: dict = {}
    for k, v in node.value:
        if not isinstance(k, yaml.ScalarNode):
            raise FieldError(f"{path}: field names must be plain words")
        if isinstance(v, yaml.SequenceNode):
            if not all(isinstance(x, yaml.ScalarNode) for x in v.value):
                raise FieldError(f"{path}: {k.value} must be a list of plain values")
            raw[k.value] = [x.value for x in v.value]
        elif isinstance(v, yaml.ScalarNode):
            raw[k.value] = None if v.tag.endswith(":null") and v.value in ("", "~", "null") else v.value
        else:
            raise FieldError(f"{path}: {k.value} must be a value or a list")
    return parse_fields(raw, str(path))


def read_manifest(path: Path) -> dict[Path, dict]:
    """{resolved file path: fields} from a manifest CSV (a `file` column with paths
    relative to the manifest's folder, then field columns; empty cells say nothing).
    Raises FieldError naming the file and line."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise FieldError(f"{path}: not UTF-8 text") from None
    reader = csv.DictReader(text.splitlines())
    if not reader.fieldnames or "file" not in [f.strip().lower() for f in reader.fieldnames]:
        raise FieldError(f"{path}: a manifest needs a `file` column")
    out: dict[Path, dict] = {}
    for n, row in enumerate(reader, 2):
        row = {(k or "").strip().lower(): (v or "").strip() for k, v in row.items()}
        name = row.pop("file", "")
        if not name:
            continue
        raw = {k: v for k, v in row.items() if k and v != ""}
        out[(path.parent / name).resolve()] = parse_fields(raw, f"{path}:{n}")
    return out


def manifest_fields(path: Path, roots: Iterable[Path] = ()) -> dict:
    """Fields a manifest gives `path`: from `pincite-manifest.csv` in the file's folder or
    in a folder above it, up to the nearest of `roots` that holds it (the folder a user
    ingests); the nearest manifest naming the file wins. {} when none does."""
    target = path.resolve()
    stops = {Path(r).resolve() for r in roots}
    folder = target.parent
    while True:
        m = folder / MANIFEST_NAME
        if m.is_file():
            rows = read_manifest(m)
            if target in rows:
                return rows[target]
        if folder in stops or folder.parent == folder or not stops:
            return {}
        folder = folder.parent


def resolve_fields(path: Path, explicit: Mapping[str, object] | None = None,
                   roots: Iterable[Path] = ()) -> dict:
    """The partial fields of a file being ingested: manifest, then sidecar, then
    `explicit` (already checked by parse_fields), each winning over the one before."""
    out = dict(manifest_fields(path, roots))
    side = sidecar_path(path)
    if side is not None:
        out.update(read_sidecar(side))
    out.update(explicit or {})
    return out
