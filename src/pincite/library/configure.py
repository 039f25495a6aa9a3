"""The Library's methods that need no index and no document: the registry of serial numbers
and revisions, the settings of a model server (LLM), and the checks that turn what a face
received (document fields, a scope object) into what the library takes.

`ConfigureMixin` is a base class of pincite.library.facade.Library, which users import;
these methods use nothing of it but its catalog.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Mapping

from pincite.index.base import SearchFilter
from pincite.library import reading
from pincite.store.catalog import CatalogStore

if TYPE_CHECKING:
    from pincite.answer.llm_check import CheckResult
    from pincite.answer.llm_settings import LlmSettings
    from pincite.store.registry import RegistryEntry


class ConfigureMixin:
    """Registry, LLM settings and input checks of a Library (see the module docstring)."""

    #: The library's catalog (set by Library.__init__).
    catalog: CatalogStore

    # -- what a face received ------------------------------------------------------------
    @staticmethod
    def check_fields(given: Mapping, where: str = "fields") -> dict:
        """Document fields as a face received them (a dict of some of store.fields.FIELD_NAMES
        or their aliases; None values left out), checked and normalised
        (store.fields.parse_fields). FieldError naming `where` and the field refused."""
        from pincite.store.fields import parse_fields

        return parse_fields(given, where)

    @staticmethod
    def make_scope(scope: "Mapping | None" = None, *, where: str | None = "scope") -> SearchFilter:
        """The SearchFilter of a scope object ({"model", "modification", "revision", "trust":
        a list of store.fields.TRUST_LEVELS, "include_uploaded"}; keys given as None left
        out), as `ask` and `search` take it: the one place where a face's scope becomes a
        filter. ValueError for an unknown key or value, its message prefixed with `where`
        (none when None)."""
        given = {k: v for k, v in dict(scope or {}).items() if v is not None}
        if where is not None:
            return SearchFilter.from_scope(given, where)
        try:
            return SearchFilter.from_scope(given, "")
        except ValueError as e:
            raise ValueError(str(e).removeprefix(": ")) from None

    @staticmethod
    def check_question(question: str) -> str:
        """The question stripped and checked as `ask` checks it (answer.rank.check_question:
        1 to 2,000 characters, not blank); QuestionError otherwise. Needs no library, so a
        face can refuse an empty question before it looks for one."""
        from pincite.answer.rank import check_question

        return check_question(question)

    # -- the registry -----------------------------------------------------------------
    @staticmethod
    def read_registry(path: Path | str) -> "list[RegistryEntry]":
        """The rows of a registry CSV (store.registry.read_csv: model, modification, revision,
        status, current, serial_from, serial_to, valid_from, checked_at, checked_source),
        every one checked; RegistryError naming the row refused. Changes nothing."""
        from pincite.store.registry import read_csv

        return read_csv(Path(path))

    def import_registry(self, entries: "list[RegistryEntry]", source: str) -> int:
        """Replace the library's registry with `entries` (from `read_registry`) in one
        transaction, recording `source` (the file's name) as where it came from; the number
        of rows stored."""
        from pincite.store.registry import Registry

        Registry.store(self.catalog, entries, source)
        return len(entries)

    def registry(self) -> "reading.RegistryView":
        """The library's registry: its rows and the file it was imported from."""
        from pincite.store.registry import Registry

        return reading.RegistryView(source=self.catalog.get_meta("registry_source"),
                                    entries=Registry.load(self.catalog).entries)

    # -- model servers ----------------------------------------------------------------
    @staticmethod
    def llm_settings(data_dir: Path | str, **overrides) -> "LlmSettings | None":
        """The LLM settings in force for the library in `data_dir`: its llm.json, then the
        environment (PINCITE_LLM_URL, PINCITE_LLM_MODEL, PINCITE_API_KEY...), then
        `overrides` (base_url, model, query_model), each winning over the one before
        (answer.llm_settings.load_settings); None when none is configured. LlmError for a bad value."""
        from pincite.answer.llm_settings import load_settings

        return load_settings(Path(data_dir), **overrides)

    @staticmethod
    def save_llm_settings(data_dir: Path | str, settings: "LlmSettings") -> Path:
        """Write `settings` to `data_dir`/llm.json without the API key (answer.llm_settings.save_settings);
        the file's path. OSError when it cannot be written."""
        from pincite.answer.llm_settings import save_settings

        return save_settings(Path(data_dir), settings)

    @staticmethod
    def check_llm(settings: "LlmSettings") -> "CheckResult":
        """Prove a model server works before any document text is sent to it
        (answer.llm_check.check_llm: a plain completion to each model, then a structured-output
        request); the CheckResult says whether, which models and the response format found."""
        from pincite.answer.llm_check import check_llm

        return check_llm(settings)

    @staticmethod
    def llm_base_url(url: str) -> str:
        """`url` checked as an OpenAI-compatible base URL (answer.llm_settings.check_url: https, or
        http on loopback) without its trailing slash; LlmError (kind config) otherwise."""
        from pincite.answer.llm_settings import check_url

        return check_url(url)
