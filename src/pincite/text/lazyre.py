"""Regular expressions compiled on first use.

A module-level `re.compile` runs when the module is imported, whether or not the process
ever uses the pattern; compiling is not cheap for the patterns pincite writes (a character
class of the CJK ranges alone takes 2-5 ms, the answer layer's ~150 module-level patterns
~0.1 s on a 2-core machine), and a cold `pincite ask` uses about half of them. `compile`
here returns a stand-in that compiles its pattern the first time one of its methods is
looked up and from then on hands out the compiled pattern's own bound methods (found in the
stand-in's instance dictionary, as fast as on a compiled pattern).

The stand-in answers `.pattern` without compiling; everything else a compiled pattern has
(`search`, `match`, `fullmatch`, `sub`, `subn`, `split`, `findall`, `finditer`, `flags`,
`groups`, `groupindex`) compiles it. It is not a `re.Pattern`: pass it to a `re` function
(`re.sub(p, ...)`) as `p.pattern` with its flags, or compile it with `re.compile`. Type
checkers see `re.Pattern[str]`, what it behaves as. A pattern with a syntax error raises
`re.error` at its first use instead of at import.
"""
from __future__ import annotations

import re
from typing import cast


class LazyPattern:
    """A regular expression compiled when first used (see the module docstring)."""

    def __init__(self, pattern: str, flags: int = 0):
        self.pattern, self._flags = pattern, flags

    def __getattr__(self, name: str):
        # Only reached for names not in the instance dictionary: the first use of each.
        compiled = re.compile(self.pattern, self._flags)
        for attr in ("search", "match", "fullmatch", "sub", "subn", "split", "findall", "finditer",
                     "scanner"):
            self.__dict__[attr] = getattr(compiled, attr)
        self.__dict__["flags"], self.__dict__["groups"] = compiled.flags, compiled.groups
        self.__dict__["groupindex"] = compiled.groupindex
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"lazy re.compile({self.pattern!r}, {self._flags})"


def compile(pattern: str, flags: int = 0) -> "re.Pattern[str]":  # noqa: A001 - re.compile's name
    """`re.compile(pattern, flags)`, done the first time the result is used."""
    return cast("re.Pattern[str]", LazyPattern(pattern, flags))
