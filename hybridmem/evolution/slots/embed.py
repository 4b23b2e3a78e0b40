"""Slot inference from the statement's embedding, for what the structural rules leave open.

Structure (:mod:`~hybridmem.evolution.slots.rules`) finds who the statement is about and names a
slot by category vocabulary and forms; Chinese states changes in more ways than a vocabulary
holds ("我提了一辆新的比亚迪", "我现在过午不食", "我们复合了"). A linear model
(:mod:`~hybridmem.evolution.embed_models`) over the vector the engine already computed names
the slot of a first-person statement no rule placed, when it puts more than half of its
probability on one slot (a majority, no tuned threshold). It is trained with a ``none`` class
fed by ordinary statements, so "I take the 7:50 bus" stays slotless.

Training data (``benchmarks/evolution_models/``): the ``dev`` lines of
``data/slot_changes.jsonl`` (labelled slots and ``null``) plus, as ``none``, the ``dev`` lines
of ``data/speech_acts.jsonl`` that the rules give no slot
(ordinary statements, questions, feelings; a few of them do state a slot value the rules
missed, so ``none`` is slightly noisy, which errs toward no slot). Shipped for the default
embedder (multilingual e5) only; MiniLM does not read Chinese and English recall is high
without it.

Fitted and evaluated by ``python -m benchmarks.evolution_models.slot_embed_eval fit|evaluate
[--embedder e5]``.
"""

from __future__ import annotations

import numpy as np

from hybridmem.evolution.embed_models import E5_NAME, LinearModel, shipped

NONE = "none"
MODEL_FILES: dict[str, str] = {E5_NAME: "slot_embed_e5.json"}


def model_for(embedder_name: str, dimension: int) -> LinearModel | None:
    """The slot model shipped for this embedder, or None."""
    filename = MODEL_FILES.get(embedder_name)
    return None if filename is None else shipped(filename, embedder_name, dimension)


def predict(model: LinearModel, vector: object) -> str | None:
    """The slot holding a majority of the probability, or None (``none`` or no majority)."""
    if not model.reads(vector):
        return None
    assert isinstance(vector, np.ndarray)
    probs = model.probabilities(vector)
    best = int(np.argmax(probs))
    label = model.labels[best]
    return None if label == NONE or probs[best] <= 0.5 else label
