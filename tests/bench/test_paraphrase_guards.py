"""The candidate paraphrase guards of ``benchmarks.evolution_models.paraphrase_guards``.

The program swaps the engine's value guard for a candidate while it measures; the shipped
guard must be back afterwards (a later measurement in the same process would otherwise read
a candidate as the engine). The two move-back folds its section in docs/benchmarks.md names
are read as measured: the Chinese one stopped by checking the node's values back, the English
one by no candidate.
"""

from __future__ import annotations

from benchmarks.evolution_models import paraphrase_eval
from benchmarks.evolution_models.paraphrase_guards import CANDIDATES, using
from hybridmem.evolution.write import paraphrase

ZH = ("又用回华为了", "入了个小米，华为那台摔坏了")
EN = (
    "am and pm for times please, the 24-hour thing confuses me.",
    "Give me times on the 24-hour clock.",
)


def test_a_candidate_is_swapped_in_and_the_shipped_guard_restored():
    shipped = paraphrase.values_agree
    with using("node-values-back"):
        assert paraphrase.values_agree is CANDIDATES["node-values-back"]
        assert paraphrase_eval.values_agree is CANDIDATES["node-values-back"]
    assert paraphrase.values_agree is shipped
    assert paraphrase_eval.values_agree is shipped


def test_the_two_folds_under_each_candidate():
    assert CANDIDATES["shipped"](*ZH) and CANDIDATES["shipped"](*EN)
    assert not CANDIDATES["both-ways"](*ZH)
    assert not CANDIDATES["node-values-back"](*ZH)
    # "am and pm" names no value word: no value check tells it from the 24-hour clock.
    assert all(guard(*EN) for guard in CANDIDATES.values())
    # A restatement of one value passes every candidate, in both languages.
    for guard in CANDIDATES.values():
        assert guard("The user is based in Leeds.", "I live in Leeds.")
        assert guard("要交1200欧元的押金。", "押金是1200欧元。")
