"""``benchmarks.value_remarks_play`` and ``benchmarks.others_join_play``: which scenarios the
engine's remark reading (or the measured join candidate) can reach, and that each switch
restores what it patches (no model)."""

from __future__ import annotations

from benchmarks import others_join_play
from benchmarks.value_remarks_play import _on, engine_off, pairs_of
from hybridmem.evolution.slots import others
from hybridmem.evolution.write import value_remarks


def test_pairs_are_found_in_either_order_and_only_where_the_reading_holds() -> None:
    said = ["I bank with Nationwide.", "Walked the dog.", "Nationwide opened a new branch."]
    assert pairs_of(said) == [("I bank with Nationwide.", "Nationwide opened a new branch.")]
    assert pairs_of(list(reversed(said))) == pairs_of(said)


def test_the_engine_switch_turns_the_reading_off_and_back_on() -> None:
    original = value_remarks.remark_about
    with engine_off():
        assert not value_remarks.said_about.__globals__["remark_about"]("x", "y", list)
        with _on(original)():
            assert value_remarks.remark_about is original
        assert value_remarks.remark_about is not original
    assert value_remarks.remark_about is original


def test_the_join_candidate_keeps_anothers_statement_out_of_similarity_groups_only() -> None:
    assert others_join_play.anothers("我老婆把工资卡换成了工商银行的。")
    assert not others_join_play.anothers("我的工资卡是建设银行的。")
    original = others.may_join
    with others_join_play.applied():
        assert not others.may_join("老婆", False, "sim:abc")
        assert others.may_join(None, True, "sim:abc")
    assert others.may_join is original


def test_the_owner_candidate_restores_the_writer() -> None:
    from hybridmem.evolution.write.planner import EvolutionWriter

    original = EvolutionWriter._similar_group
    with others_join_play.owned():
        assert EvolutionWriter._similar_group is not original
    assert EvolutionWriter._similar_group is original
