"""Statements read as the question they answer (``benchmarks/attribute_questions``): which
question names a statement's attribute in both languages, that a fold's map is fitted without
the held-out fold, how a newcomer's candidate is chosen among all older statements, and how the
thresholds are chosen."""

from __future__ import annotations

import numpy as np

from benchmarks.attribute_questions import (
    Unit,
    _best,
    _fit,
    _store_units,
    cross_validate,
    questions,
    template,
)
from benchmarks.first_day import EN, ZH
from benchmarks.unworded_pairs import Store


def test_a_colloquial_value_and_a_first_day_fact_carry_the_question_that_asks_for_them():
    asked = questions()
    assert asked[("blind2", "I take the 7:40 train to work.")] == (
        "Which train does the user take to work?"
    )
    for persona in (EN, ZH):
        assert asked[("first_day:dev", persona.old)] == persona.changed
        assert asked[("first_day:dev", persona.new)] == persona.changed
        question, answer = persona.questions[0]
        fact = next(f for f, _ in persona.facts if answer in f)
        assert asked[("first_day:dev", fact)] == question
    assert any(
        f == "blind2" and q.endswith("？") for (f, _), q in asked.items()
    )  # Chinese probes too


def test_the_map_is_fitted_on_its_training_groups_and_predicts_their_questions():
    rng = np.random.default_rng(0)
    truth = rng.normal(size=(8, 8))
    pairs = []
    for g in ("a", "b", "c"):
        for _ in range(30):
            x = rng.normal(size=8)
            pairs.append((g, x, x @ truth))
    w, lam = _fit(pairs)
    assert lam == 0.1  # a noiseless map: the smallest constant predicts best
    assert np.allclose(w, truth, atol=0.05)


class _PairModel:
    """A stand-in for the pair model: no pair is one attribute (the writer links none)."""


def test_a_newcomer_s_candidate_is_the_older_statement_its_reading_ranks_first(monkeypatch):
    import benchmarks.attribute_questions as aq

    class Reading:
        linked = False

    monkeypatch.setattr(aq.pair_embed, "read", lambda *a: Reading())
    store = Store(
        "dev",
        "en",
        ["I drink whole milk.", "My bank is Barclays.", "Oat milk for me now."],
        {(2, 0): "change"},
        ["milk", "bank", "milk"],
    )
    # The stored cosine ranks the bank first, the question form the milk.
    cos = np.array([[1, 0, 0.5], [0, 1, 0.9], [0.5, 0.9, 1]])
    query = np.array([[1, 0, 0.8], [0, 1, 0.3], [0.8, 0.3, 1]])
    scores = {r: cos for r in aq.READINGS} | {"query centred": query}
    units = _store_units(store, scores, np.eye(3), _PairModel())  # type: ignore[arg-type]
    newest = {u.reading: u for u in units if u.new == "Oat milk for me now."}
    assert (newest["cos"].label, newest["cos"].old) == ("other", "My bank is Barclays.")
    assert (newest["query centred"].label, newest["query centred"].old) == (
        "change",
        "I drink whole milk.",
    )
    assert np.isclose(newest["query centred"].margin, 0.5)


def _unit(fold: str, label: str, score: float, margin: float = 0.0) -> Unit:
    return Unit(fold, "en", "cos", label, f"n{score}", "o", score, False, False, margin)


def test_the_threshold_links_most_changes_net_of_false_links_and_is_read_held_out():
    train = [_unit("dev", "change", 0.9), _unit("dev", "change", 0.8), _unit("dev", "other", 0.85)]
    assert _best(train, False) == (0.9, 0.0)  # 0.8 would add a change and a false link
    assert _best([_unit("dev", "other", 0.9), _unit("dev", "change", 0.5)], False)[0] == float(
        "inf"
    )
    held = [_unit("blind", "change", 0.95), _unit("blind", "other", 0.92)]
    rows = {r["fold"]: r for r in cross_validate([*train, *held], "any")["cos"]}
    assert rows["blind"]["threshold"] == 0.9
    assert (rows["blind"]["change_linked"], rows["blind"]["false_linked"]) == (1, 1)


def test_a_statement_s_values_are_said_as_one_question_word_in_both_languages():
    assert template("My bank is Barclays.") == "My bank is what."
    assert template("Got myself a Tesla Model 3.") == "Got myself a what."  # one value
    assert template("I take the 7:40 train to work.") == "I take the what train to work."
    assert template("Write to me in a formal tone.") == "Write to me in a formal tone."
    assert template("我每天坐七点四十的地铁上班。") == "我每天坐什么的地铁上班。"
