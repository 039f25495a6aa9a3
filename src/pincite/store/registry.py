"""The registry: what a person states about revisions, kept in the catalog (table `registry`).

For each model and modification: which revisions cover it, which one is current, which
shipped with which serial-number range, and each revision's status with its provenance
(`checked_at`, `checked_source`). Imported from a CSV (`pincite registry import`) and shown
by `pincite registry show`. Nothing is inferred from title pages: only these rows count. A
`valid_from` in the future means "not yet in force" whatever the status column says.

Must not import index/ or answer/.
"""
from __future__ import annotations

import csv
import datetime as _dt
from dataclasses import asdict, dataclass
from pathlib import Path

from pincite.errors import RegistryError
from pincite.store.catalog import REGISTRY_COLUMNS, CatalogStore
from pincite.store.fields import field_key

STATUSES = ("in_force", "superseded", "repealed", "not_yet_in_force")
REQUIRED = ("model", "modification", "revision", "status", "current")
_YES = {"yes": True, "y": True, "true": True, "1": True, "да": True, "是": True,
        "no": False, "n": False, "false": False, "0": False, "нет": False, "否": False, "": False}


@dataclass
class RegistryEntry:
    """One registry row: revision `revision` of the manual covers `modification` of `model`."""

    model: str
    modification: str
    revision: str
    status: str
    current: bool = False
    serial_from: str | None = None
    serial_to: str | None = None
    valid_from: str | None = None
    checked_at: str | None = None
    checked_source: str | None = None
    row: int = 0

    def effective_status(self, today: _dt.date | None = None) -> str:
        """The status on `today`: "not_yet_in_force" while valid_from is in the future."""
        today = today or _dt.date.today()
        if self.valid_from and self.valid_from > today.isoformat():
            return "not_yet_in_force"
        return self.status

    def covers_serial(self, serial: str) -> bool:
        """Whether `serial` lies in this row's shipped-with range (ends inclusive)."""
        if not self.serial_from and not self.serial_to:
            return False
        lo, hi = self.serial_from or self.serial_to, self.serial_to or self.serial_from
        if lo is None or hi is None:
            return False
        return _serial_key(lo) <= _serial_key(serial) <= _serial_key(hi)

    def provenance(self) -> str:
        """"checked 2026-11-01, source X" (the parts that are known)."""
        parts = []
        if self.checked_at:
            parts.append(f"checked {self.checked_at}")
        if self.checked_source:
            parts.append(f"source {self.checked_source}")
        return ", ".join(parts)

    def as_dict(self) -> dict:
        return asdict(self)


def _serial_key(s: str) -> tuple:
    """Serials compare as numbers when all digits, else as text of the same length."""
    s = s.strip()
    return (0, int(s), "") if s.isdigit() else (1, len(s), s.casefold())


def _date(value: str, where: str, name: str) -> str | None:
    if not value:
        return None
    try:
        return _dt.date.fromisoformat(value).isoformat()
    except ValueError:
        raise RegistryError(f"{where}: {name} {value!r} is not a date (write YYYY-MM-DD)") from None


def read_csv(path: Path) -> list[RegistryEntry]:
    """Registry rows of a CSV file (columns REGISTRY_COLUMNS; serial range, valid_from and
    provenance optional). Every error names the file and row: unknown or missing columns, an
    empty required cell, an unknown status, current not yes/no, a bad date, serial_from after
    serial_to, the same revision twice, two current revisions of one modification, a current
    revision that is superseded or repealed."""
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise RegistryError(f"{path}: not UTF-8 text") from None
    except OSError as e:
        raise RegistryError(f"{path}: cannot read ({e.strerror or e})") from None
    reader = csv.DictReader(text.splitlines())
    names = [(f or "").strip().lower() for f in (reader.fieldnames or [])]
    unknown = [n for n in names if n not in REGISTRY_COLUMNS]
    if unknown:
        raise RegistryError(f"{path}: unknown column(s) {', '.join(unknown)}; "
                            f"known: {', '.join(REGISTRY_COLUMNS)}")
    missing = [c for c in REQUIRED if c not in names]
    if missing:
        raise RegistryError(f"{path}: missing column(s) {', '.join(missing)}")
    out: list[RegistryEntry] = []
    seen: dict[tuple, int] = {}
    current: dict[tuple, int] = {}
    for n, raw in enumerate(reader, 2):
        row = {(k or "").strip().lower(): " ".join((v or "").split()) for k, v in raw.items() if k}
        if not any(row.values()):
            continue
        where = f"{path}: row {n}"
        for c in REQUIRED[:4]:
            if not row.get(c):
                raise RegistryError(f"{where}: {c} is empty")
        status = row["status"].lower().replace("-", "_").replace(" ", "_")
        if status not in STATUSES:
            raise RegistryError(f"{where}: status {row['status']!r} is not one of {', '.join(STATUSES)}")
        cur = row.get("current", "").lower()
        if cur not in _YES:
            raise RegistryError(f"{where}: current {row.get('current')!r} is not yes or no")
        entry = RegistryEntry(model=row["model"], modification=row["modification"], revision=row["revision"],
                          status=status, current=_YES[cur], serial_from=row.get("serial_from") or None,
                          serial_to=row.get("serial_to") or None,
                          valid_from=_date(row.get("valid_from", ""), where, "valid_from"),
                          checked_at=_date(row.get("checked_at", ""), where, "checked_at"),
                          checked_source=row.get("checked_source") or None, row=n)
        if entry.serial_from and entry.serial_to and _serial_key(entry.serial_from) > _serial_key(entry.serial_to):
            raise RegistryError(f"{where}: serial_from {entry.serial_from} is after serial_to {entry.serial_to}")
        if entry.current and entry.status in ("superseded", "repealed"):
            raise RegistryError(f"{where}: revision {entry.revision} is marked current but its status is "
                                f"{entry.status}")
        key = (field_key(entry.model), field_key(entry.modification), field_key(entry.revision))
        if key in seen:
            raise RegistryError(f"{where}: {entry.model} modification {entry.modification} revision {entry.revision} "
                                f"is already listed in row {seen[key]}")
        seen[key] = n
        if entry.current:
            mk = key[:2]
            if mk in current:
                raise RegistryError(f"{where}: {entry.model} modification {entry.modification} already has a "
                                    f"current revision (row {current[mk]})")
            current[mk] = n
        out.append(entry)
    if not out:
        raise RegistryError(f"{path}: no rows")
    return out


class Registry:
    """The registry of a library, read from its catalog."""

    def __init__(self, entries: list[RegistryEntry]):
        self.entries = entries

    @classmethod
    def load(cls, catalog: CatalogStore) -> "Registry":
        rows = catalog.registry_rows()
        return cls([RegistryEntry(**{**r, "current": bool(r["current"])}) for r in rows])

    @staticmethod
    def store(catalog: CatalogStore, entries: list[RegistryEntry], source: str) -> None:
        """Replace the library's registry with `entries` (one transaction)."""
        catalog.replace_registry([e.as_dict() for e in entries], source)

    def __bool__(self) -> bool:
        return bool(self.entries)

    def models(self) -> list[str]:
        return list(dict.fromkeys(e.model for e in self.entries))

    def for_model(self, model: str | None, modification: str | None = None) -> list[RegistryEntry]:
        """Rows of `model` (all models when None), of `modification` when given."""
        return [e for e in self.entries
                if (model is None or field_key(e.model) == field_key(model))
                and (modification is None or field_key(e.modification) == field_key(modification))]

    def modifications(self, model: str | None) -> list[str]:
        return list(dict.fromkeys(e.modification for e in self.for_model(model)))

    def has_model(self, model: str | None) -> bool:
        return bool(model) and bool(self.for_model(model))

    def current(self, model: str, modification: str,
                today: _dt.date | None = None) -> tuple[RegistryEntry | None, list[str]]:
        """The revision in force for `modification` of `model` and notes on the choice: the row
        marked current when it is in force on `today`; else (marked current but not yet in
        force) the in-force row, with a note. (None, notes) when no row is in force."""
        rows = self.for_model(model, modification)
        notes: list[str] = []
        marked = [e for e in rows if e.current]
        in_force = [e for e in rows if e.effective_status(today) == "in_force"]
        if marked and marked[0].effective_status(today) == "in_force":
            return marked[0], notes
        if marked:
            e = marked[0]
            notes.append(f"rev. {e.revision} is marked current for modification {e.modification} but is "
                         f"{e.effective_status(today).replace('_', ' ')}"
                         + (f" (from {e.valid_from})" if e.valid_from else ""))
        if in_force:
            return sorted(in_force, key=lambda e: e.valid_from or "")[-1], notes
        return None, notes

    def by_serial(self, serial: str, model: str | None = None) -> RegistryEntry | None:
        """The row whose shipped-with range holds `serial` (of `model` when given)."""
        for e in self.for_model(model):
            if e.covers_serial(serial):
                return e
        return None

    def entry(self, model: str | None, modification: str | None, revision: str | None) -> RegistryEntry | None:
        """The row of this model, modification and revision (None when not registered)."""
        if not (model and modification and revision):
            return None
        for e in self.for_model(model, modification):
            if field_key(e.revision) == field_key(revision):
                return e
        return None

