"""A second opinion on speech acts from the sentence's embedding (venting is not a fact).

The rules (:mod:`~hybridmem.evolution.speech.rules`) read forms: a question mark, 如果, "what
if", a lexicon of feelings. Venting is open-ended ("this commute is slowly eating my soul",
"加班加到怀疑人生") and no lexicon of forms covers it, so rules read much of it as a plain
assertion. A linear model over the vector the engine computes for every node anyway
(:mod:`~hybridmem.evolution.embed_models`) separates "my commute is about an hour each way"
from "this commute is eating my soul" without any cue word.

How the writer uses it: only when the rules label an utterance ASSERTION or NEGATION, and only
when the model puts more than half of its probability on the non-assertive acts (question,
hypothetical, emotion, filler: a majority, no tuned threshold); the label then becomes the
most likely non-assertive act, with the cue ``embed:<act>``. It never turns a non-assertion
into an assertion (the rules' question marks and 如果 stay decisive). Cost: one (8 x d)
matrix-vector product per node, on the vector already computed; never a second embedding.

Shipped for the default embedder (multilingual e5). MiniLM gets none on purpose: on 2-fold
halves of the dev lines a MiniLM model labels only 0.49/0.57 of them right alone (e5:
0.87/0.86) and as a second opinion it held back a third of true English assertions on one
half; the rules then decide alone, as for any embedder without a model.

``python -m benchmarks.evolution_models.speech_embed_eval fit|evaluate [--embedder e5]``: fit the
shipped model on the ``dev`` lines; print 2-fold halves of dev and every test batch, with and
without the second opinion.
"""

from __future__ import annotations

import numpy as np

from hybridmem.evolution.embed_models import E5_NAME, LinearModel, shipped
from hybridmem.evolution.speech.labels import ASSERTIVE_ACTS, SpeechAct, SpeechActResult

OVERRIDABLE: frozenset[SpeechAct] = frozenset({SpeechAct.ASSERTION, SpeechAct.NEGATION})
"""The rule labels a second opinion may overturn (the leak: feelings read as statements)."""
MODEL_FILES: dict[str, str] = {E5_NAME: "speech_embed_e5.json"}
"""Embedder name -> the file of the model fitted on its vectors (in ``evolution/data``)."""


def model_for(embedder_name: str, dimension: int) -> LinearModel | None:
    """The speech-act model shipped for this embedder, or None (the rules decide alone)."""
    filename = MODEL_FILES.get(embedder_name)
    return None if filename is None else shipped(filename, embedder_name, dimension)


def second_opinion(model: LinearModel, result: SpeechActResult, vector: object) -> SpeechActResult:
    """``result``, or the non-assertive act the embedding clearly favours instead."""
    if result.act not in OVERRIDABLE or not model.reads(vector):
        return result
    assert isinstance(vector, np.ndarray)
    probs = model.probabilities(vector)
    quiet = [i for i, label in enumerate(model.labels) if SpeechAct(label) not in ASSERTIVE_ACTS]
    mass = float(probs[quiet].sum())
    if mass <= 0.5:
        return result
    act = SpeechAct(model.labels[quiet[int(np.argmax(probs[quiet]))]])
    return SpeechActResult(
        act=act,
        confidence=round(min(mass, 1.0), 3),
        cues=(*result.cues, f"embed:{act.value}"),
        language=result.language,
    )
