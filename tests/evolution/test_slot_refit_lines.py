"""The slot model's fit tools: the default fit is the shipped training set, the role and trade
lines are opt-in, and the inverse regularisation is honoured (slots13 measured a refit with
them and did not ship it: docs/benchmarks.md, "Refitting the slot model")."""

from __future__ import annotations

import numpy as np

from benchmarks.evolution_models.fitting import fit_linear
from benchmarks.evolution_models.slot_embed_eval import NONES, ROLES, TRADES, training_set
from benchmarks.evolution_models.slot_eval import load
from benchmarks.evolution_models.slot_read_diff import _statement


def test_the_default_fit_holds_no_role_or_trade_line_and_the_options_add_them() -> None:
    roles = {e.text for e in load(ROLES)}
    trades = {e.text for e in load(TRADES)}
    nones = {e.text for e in load(NONES)}
    base, _ = training_set()
    assert not (roles | trades | nones) & set(base)
    with_roles, labels = training_set(roles="roles")
    assert set(with_roles) - set(base) == roles
    with_trades, _ = training_set(roles="trades")
    assert set(with_trades) - set(base) == roles | trades
    with_nones, _ = training_set(roles="nones")
    assert set(with_nones) - set(base) == roles | trades | nones
    assert {e.slot for e in load(NONES)} == {None}
    # Both languages, both a job and no slot, in each file.
    for path in (ROLES, TRADES):
        rows = load(path)
        assert {e.lang for e in rows} == {"en", "zh"}
        assert {e.slot for e in rows} == {"user.job", None}
    assert "none" in labels and "user.job" in labels


def test_a_smaller_inverse_regularisation_gives_smaller_weights() -> None:
    rng = np.random.default_rng(0)
    vectors = np.vstack([rng.normal(1, 1, (20, 4)), rng.normal(-1, 1, (20, 4))])
    labels = ["user.job"] * 20 + ["none"] * 20
    strong = fit_linear(vectors, labels, embedder="toy", c=0.01)
    default = fit_linear(vectors, labels, embedder="toy")
    assert np.abs(strong.weights).sum() < np.abs(default.weights).sum()


def test_the_read_diff_reads_sentences_not_keys() -> None:
    assert _statement("I'm a vet, mostly cats and dogs.")
    assert _statement("我是裁缝")
    assert not _statement("user.job") and not _statement("fact") and not _statement("我是")
