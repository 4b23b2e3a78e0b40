"""Embedding second opinions on the write path: venting the rules read as a statement, and value
changes the slot rules do not see, read from the vector the engine computed anyway."""

from __future__ import annotations

import numpy as np
import pytest

from benchmarks.evolution_models.fitting import fit_linear
from hybridmem import HashEmbedder, HybridMemory, MemoryConfig
from hybridmem.config.evolution import EvolutionConfig
from hybridmem.embedding import MULTILINGUAL_MODEL
from hybridmem.errors import InvalidArgumentError
from hybridmem.evolution.embed_models import LinearModel
from hybridmem.evolution.slots import embed as slot_embed
from hybridmem.evolution.speech import embed as speech_embed
from hybridmem.evolution.speech.acts import SpeechAct, classify
from hybridmem.evolution.speech.labels import SpeechActResult
from tests.conftest import CountingEmbedder

U = "u1"


def _toy_model() -> LinearModel:
    # Axis 0 reads "feeling", axis 1 "statement", axis 2 "question".
    weights = np.array([[0.0, 8.0, 0.0], [8.0, 0.0, 0.0], [0.0, 0.0, 8.0]])
    return LinearModel("toy", ("assertion", "emotion", "question"), weights, np.zeros(3))


def _result(act: SpeechAct) -> SpeechActResult:
    return SpeechActResult(act=act, confidence=0.7, cues=("rule",), language="en")


def test_a_statement_that_reads_as_a_feeling_becomes_an_emotion():
    model = _toy_model()
    feeling = np.array([1.0, 0.0, 0.0])
    out = speech_embed.second_opinion(model, _result(SpeechAct.ASSERTION), feeling)
    assert out.act is SpeechAct.EMOTION and out.cues == ("rule", "embed:emotion")
    assert not out.is_assertive
    # A statement that reads as one, a question the rules found, a vector of another size,
    # or no vector: the rules' label stands.
    stating = np.array([0.0, 1.0, 0.0])
    assert speech_embed.second_opinion(model, _result(SpeechAct.ASSERTION), stating).act is (
        SpeechAct.ASSERTION
    )
    asking = _result(SpeechAct.QUESTION)
    assert speech_embed.second_opinion(model, asking, stating) is asking
    plain = _result(SpeechAct.ASSERTION)
    assert speech_embed.second_opinion(model, plain, np.ones(5)) is plain
    assert speech_embed.second_opinion(model, plain, None) is plain


def test_no_majority_means_no_override():
    model = _toy_model()
    # Equal evidence for feeling and statement: half the mass is not a majority.
    torn = np.array([1.0, 1.0, -10.0])
    assert speech_embed.second_opinion(model, _result(SpeechAct.ASSERTION), torn).act is (
        SpeechAct.ASSERTION
    )


def test_models_round_trip_and_refuse_garbage():
    model = _toy_model()
    again = LinearModel.from_json(model.to_json())
    assert again.labels == model.labels and np.allclose(again.weights, model.weights)
    with pytest.raises(InvalidArgumentError):
        LinearModel.from_json('{"embedder": "x"}')
    with pytest.raises(InvalidArgumentError):
        LinearModel("x", ("a", "b"), np.zeros((3, 4)), np.zeros(2))


def test_fit_learns_separable_labels():
    rng = np.random.default_rng(0)
    a = rng.normal([3, 0, 0], 0.3, size=(30, 3))
    b = rng.normal([0, 3, 0], 0.3, size=(30, 3))
    c = rng.normal([0, 0, 3], 0.3, size=(30, 3))
    model = fit_linear(np.vstack([a, b, c]), ["a"] * 30 + ["b"] * 30 + ["c"] * 30, embedder="t")
    assert model.labels[int(np.argmax(model.probabilities(np.array([3.0, 0, 0]))))] == "a"
    assert model.labels[int(np.argmax(model.probabilities(np.array([0, 0, 3.0]))))] == "c"
    two = fit_linear(np.vstack([a, b]), ["a"] * 30 + ["b"] * 30, embedder="t")
    assert two.weights.shape == (2, 3)
    assert two.probabilities(np.array([0, 3.0, 0]))[1] > 0.9


def test_models_are_shipped_only_for_the_embedder_they_read():
    assert speech_embed.model_for(MULTILINGUAL_MODEL, 384) is not None
    assert slot_embed.model_for(MULTILINGUAL_MODEL, 384) is not None
    hashing = HashEmbedder(384)
    assert speech_embed.model_for(hashing.name, 384) is None
    assert speech_embed.model_for("sentence-transformers/all-MiniLM-L6-v2", 384) is None
    assert speech_embed.model_for(MULTILINGUAL_MODEL, 128) is None  # not its space


# --- through the engine, with the real default embedder ---------------------------------------
def test_venting_the_rules_miss_is_held_back_without_a_second_embedding(tmp_path, clock, e5):
    venting = "my inbox is a bottomless pit of misery"
    assert classify(venting).act is SpeechAct.ASSERTION  # the rules alone leak it
    counting = CountingEmbedder(e5)
    config = MemoryConfig(evolution=EvolutionConfig(speech_second_opinion=True))
    with HybridMemory(tmp_path / "m", embedder=counting, clock=clock, config=config) as mem:
        job = mem.add("I answer customer emails for an airline", node_type="fact", user_id=U)
        counting.texts.clear()
        vent = mem.add(venting, node_type="fact", user_id=U)
        assert counting.texts == [venting]  # the write embedded it once, for the index
        assert vent.status == "candidate" and vent.marks["speech_act"] == "emotion"
        assert mem.get(job.id).status == "active"
        plain = mem.add("I take the night bus home on Fridays", node_type="fact", user_id=U)
        assert plain.status == "active" and plain.marks["speech_act"] == "assertion"
    # Off by default: the rules decide alone.
    with HybridMemory(tmp_path / "d", embedder=e5, clock=clock) as mem:
        assert mem.add(venting, node_type="fact", user_id=U).status == "active"


def test_a_change_the_slot_rules_miss_overturns_the_old_value(e5_mem, clock):
    e5_mem.add("我开的是一辆大众", node_type="fact", user_id=U, slot="user.vehicle")
    clock.advance(days=1)
    # (no rule reads 换了台 + a car; 开 + 辆 is the vehicle rule's since the ninth set)
    new = e5_mem.add("我换了台二手奥迪", node_type="fact", user_id=U)
    assert new.metadata.get("slot") == "user.vehicle"
    assert new.marks.get("slot_via") == "embedder"
    assert new.conflict_group == "slot:user.vehicle"


def test_a_third_party_change_never_gets_a_slot_from_the_model(e5_mem):
    other = e5_mem.add("我表哥换了台二手奥迪", node_type="fact", user_id=U)
    assert "slot" not in other.metadata
