"""Fitting the small linear models the package ships (``hybridmem/evolution/data/*_e5.json``).

An offline development step, not part of the library: it needs scikit-learn (standardised
features, ``LogisticRegression`` with its default regularisation, no tuned knob), and the
standardisation is folded into the weights so that using a model needs numpy only
(:class:`hybridmem.evolution.embed_models.LinearModel`). The labelled sets the models are
fitted on live beside this module in ``data/`` (see ``data/README.md``).
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from pathlib import Path

import numpy as np

from hybridmem.errors import InvalidArgumentError, ModelUnavailableError
from hybridmem.evolution.embed_models import LinearModel

LABELLED = Path(__file__).resolve().parent / "data"
"""The labelled sets (never shipped in the wheel)."""


def shipped_path(filename: str) -> Path:
    """Where the package keeps a shipped model file (written over by a fit command)."""
    return Path(str(resources.files("hybridmem.evolution").joinpath("data", filename)))


def fit_linear(
    vectors: np.ndarray,
    labels: Sequence[str],
    *,
    embedder: str,
    trained_on: str = "",
    c: float = 1.0,
) -> LinearModel:
    """Fit a model on labelled vectors (needs scikit-learn: an offline step); ``c`` is the
    inverse regularisation strength (scikit-learn's default 1.0 unless a caller chose another
    by cross-validation)."""
    try:
        from sklearn.linear_model import LogisticRegression
        from sklearn.preprocessing import StandardScaler
    except ImportError as exc:
        raise ModelUnavailableError(
            f"fitting an embedding model needs scikit-learn (pip install scikit-learn): {exc}"
        ) from exc
    if len(vectors) != len(labels) or len(set(labels)) < 2:
        raise InvalidArgumentError("fit needs one label per vector and at least two labels")
    scaler = StandardScaler().fit(vectors)
    model = LogisticRegression(C=c, max_iter=5000).fit(scaler.transform(vectors), np.array(labels))
    coef, intercept = model.coef_, model.intercept_
    if coef.shape[0] == 1:  # two labels: one logit z, i.e. softmax([-z/2, z/2])
        coef, intercept = np.vstack([-coef, coef]) / 2, np.concatenate([-intercept, intercept]) / 2
    scale = np.where(scaler.scale_ == 0, 1.0, scaler.scale_)
    weights = coef / scale
    bias = intercept - weights @ scaler.mean_
    return LinearModel(
        embedder=embedder,
        labels=tuple(str(c) for c in model.classes_),
        weights=np.asarray(weights, dtype=np.float64),
        bias=np.asarray(bias, dtype=np.float64),
        trained_on=trained_on,
    )


def write_model(model: LinearModel, files: dict[str, str], out: Path | None) -> Path:
    """Write a fitted model to ``out``, or over the file shipped for its embedder (``files``:
    embedder name -> file name in ``hybridmem/evolution/data``)."""
    if out is None:
        filename = files.get(model.embedder)
        if filename is None:
            raise InvalidArgumentError(f"no shipped model file for {model.embedder!r}: pass --out")
        out = shipped_path(filename)
    out.write_text(model.to_json(), encoding="utf-8")
    return out
