"""pymorphy3's Russian morphological analyzer, loaded once on first use and shared.

Its own module so that the modules that read Russian words (text.analysis for lemmas,
text.hyphens for whether a word is in the dictionary) share one analyzer without importing
each other. Nothing is loaded at import.
"""
from __future__ import annotations

import threading

_morph = None
_lock = threading.Lock()


def morph():
    """pymorphy3's Russian analyzer (its OpenCorpora dictionary, from the pymorphy3-dicts-ru
    package), loaded on first use (~0.15 s) and shared: parsing and inflecting are read-only,
    so one analyzer serves every thread."""
    global _morph
    if _morph is None:
        with _lock:
            if _morph is None:
                import pymorphy3

                _morph = pymorphy3.MorphAnalyzer(lang="ru")
    return _morph
