"""The unit-form lookup finds what one alternation of every written form finds."""
from __future__ import annotations

from pincite.answer import unitnames
from pincite.answer.normalize import loose

#: Characters written after a form: none, letters of each script the boundary knows, digits
#: (ASCII, Arabic-Indic, superscript), CJK, space and punctuation.
_TAILS = ["", "a", "й", "é", "Ω", "1", "٣", "²", "米", " ", ".", "-", "/", "x"]


def _both(text: str, p: int, regex):
    m = regex.match(text, p)
    return (m.group(), m.end()) if m and m.end() > p else None, unitnames._unit_at().match(text, p)


def test_lookup_matches_the_alternation_at_every_position():
    regex = unitnames._alternation(list(unitnames.UNIT_ALIASES))
    texts = [prefix + form + tail for form in unitnames.UNIT_ALIASES for tail in _TAILS for prefix in ("", "5 ")]
    texts += [loose(t).text for t in ("Давление 0,6 МПа, масса 12 кг, 3 шт.", "площадь 25 кв. м за 3 мес.",
                                      "额定电压 220V，功率 1.5千瓦，重量约 8公斤",
                                      "Rated at 15 psi and 40 °C; 2.5 kW, 1,200 rpm")]
    mismatches = [(t, p) for t in texts for p in range(len(t)) if len(set(map(str, _both(t, p, regex)))) != 1]
    assert mismatches == []


def test_lookup_keeps_right_boundaries():
    lookup = unitnames._unit_at()
    assert lookup.match("5 kg", 2) == ("kg", 4)
    assert lookup.match("5 kgx", 2) is None  # a letter runs on: not kilograms
    assert lookup.match("12 мм", 3) == ("мм", 5)
    assert lookup.match("12 ммх", 3) is None
    assert lookup.match("5 m2", 2) == ("m2", 4)
    assert lookup.match("5 m25", 2) is None  # a digit runs on: not square metres
