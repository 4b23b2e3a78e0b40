"""The blind labelled pairs of the pair model (``benchmarks/evolution_models/pair_blind``):
the kinds the file holds in both languages and what a reader is scored on."""

from __future__ import annotations

from collections import Counter

import numpy as np

from benchmarks.evolution_models.pair_blind import labelled_pairs, load, report
from hybridmem.evolution.slots.pairs import DIFFERENT, SAME_ATTRIBUTE, SAME_VALUE


def _unit_vectors(n: int) -> np.ndarray:
    vecs = np.random.default_rng(0).normal(size=(n, 16))
    return vecs / np.linalg.norm(vecs, axis=1, keepdims=True)


def test_the_blind_file_holds_every_kind_in_both_languages():
    rows, meta = load()
    for lang in ("en", "zh"):
        idx = [i for i, r in enumerate(rows) if r.lang == lang]
        sub = [rows[i] for i in idx]
        kinds = Counter(
            (p.kind, p.label)
            for p in labelled_pairs(sub, meta, _unit_vectors(len(sub)))
            if p.kind != "hard"
        )
        assert kinds == {
            ("no_shared_word", SAME_ATTRIBUTE): 20,
            ("shared_word", SAME_ATTRIBUTE): 24,
            ("same_value", SAME_VALUE): 12,
            ("twin", DIFFERENT): 16,
        }, lang


def test_the_later_value_is_the_newer_statement_and_twins_are_told_apart_by_group():
    rows, meta = load()
    sub = [r for r in rows if r.lang == "en"]
    for p in labelled_pairs(sub, meta, _unit_vectors(len(sub))):
        if sub[p.newer].group == sub[p.older].group:
            assert sub[p.newer].value >= sub[p.older].value
        if p.kind == "twin":
            twin_a, twin_b = meta[sub[p.newer].group]["twin"], meta[sub[p.older].group]["twin"]
            assert twin_a == twin_b and sub[p.newer].group != sub[p.older].group


def test_a_reader_that_links_everything_is_scored_by_its_false_same_rate():
    rows, meta = load()
    sub = [r for r in rows if r.lang == "zh"]
    vecs = _unit_vectors(len(sub))
    labelled = labelled_pairs(sub, meta, vecs)
    figures = report(sub, vecs, labelled, lambda i, j: (True, False))
    assert figures["accuracy"] == round(56 / 72, 3)
    assert figures["false_same"]["twin"] == 1.0 and figures["false_same"]["hard"] == 1.0
    assert figures["linked"]["no_shared_word"] == 1.0
    assert figures["restates"] == {"same_value": 0.0, "change": 0.0}
    never = report(sub, vecs, labelled, lambda i, j: (False, False))
    assert never["accuracy"] == round(16 / 72, 3) and never["false_same"]["twin"] == 0.0
    assert all(p.label == DIFFERENT for p in labelled if p.kind in ("twin", "hard"))
