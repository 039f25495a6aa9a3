"""The answerability model: the probability that a candidate window answers the question.

A logistic regression over answer.features.WindowFeatures, trained and calibrated on the
tune part of the development set (benchmarks/devset) by benchmarks/train_answerability.py,
which writes `answerability.json` beside this module: feature names, the standardisation
(mean, scale), coefficients, intercept, and the refusal threshold chosen there (the highest
threshold on the best window's probability that refuses at most the target share of the
tune part's answerable questions). Applying it needs only numpy; scikit-learn is used to
train it, not to run it.

The file is read on first use, never at import.
"""
from __future__ import annotations

import functools
import json
import math
from dataclasses import dataclass
from pathlib import Path

from ..errors import ConfigError
from .features import WindowFeatures

MODEL_FILE = Path(__file__).with_name("answerability.json")


@dataclass(frozen=True)
class AnswerabilityModel:
    """Standardised logistic regression: p = 1 / (1 + exp(-(b + sum(w_i * (x_i - m_i) / s_i)))).

    names: feature names in order (must equal WindowFeatures.names()); mean, scale, coef:
    per feature; intercept: b; threshold: refuse when the best window's probability is
    below it; trained_on: a line saying which data and split it was fitted on."""

    names: tuple[str, ...]
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    coef: tuple[float, ...]
    intercept: float
    threshold: float
    trained_on: str = ""

    def probability(self, f: WindowFeatures) -> float:
        """Probability (0..1) that the window with features `f` answers its question."""
        z = self.intercept
        for x, m, s, w in zip(f.vector(), self.mean, self.scale, self.coef):
            z += w * (x - m) / (s or 1.0)
        return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))

    def to_json(self) -> str:
        return json.dumps({"names": list(self.names), "mean": list(self.mean), "scale": list(self.scale),
                           "coef": list(self.coef), "intercept": self.intercept,
                           "threshold": self.threshold, "trained_on": self.trained_on}, indent=1)


@functools.lru_cache(maxsize=4)
def load(path: Path = MODEL_FILE) -> AnswerabilityModel:
    """The model stored at `path`. ConfigError when it is missing, unreadable, or made for
    other features than WindowFeatures has (retrain: benchmarks/train_answerability.py)."""
    try:
        d = json.loads(path.read_text(encoding="utf-8"))
        m = AnswerabilityModel(tuple(d["names"]), tuple(d["mean"]), tuple(d["scale"]), tuple(d["coef"]),
                               float(d["intercept"]), float(d["threshold"]), str(d.get("trained_on", "")))
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise ConfigError(f"answerability model {path}: cannot be read ({e})") from None
    if list(m.names) != WindowFeatures.names():
        raise ConfigError(f"answerability model {path}: made for other features; retrain it with "
                          "benchmarks/train_answerability.py")
    return m
