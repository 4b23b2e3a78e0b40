"""stale19's English reading of whose the remark's subject is, asked of the two statements the
engine compares (issue 38, helper stale20; ``benchmarks/remark_pairs.py``, a measurement
program, not shipped). Readings without a model; ``applied()`` restores what it patches."""

from __future__ import annotations

from benchmarks import remark_pairs
from benchmarks.own_act_returns import returns
from benchmarks.remark_pairs import applied, holds
from hybridmem.evolution.write import conflicts, similar_group
from hybridmem.retrieval import newer_values


def test_a_remark_whose_subject_names_the_value_holds_against_that_value_only() -> None:
    remark = "Nationwide opened a new branch in the retail park."
    assert holds(remark, "I bank with Nationwide.")
    assert not holds(remark, "I swim at the Leisure Centre pool on Tuesday evenings.")


def test_a_new_holder_or_the_speakers_own_statement_does_not_hold() -> None:
    assert not holds("Megan's mum took over the Thursday ballet run.", "My mum drives to ballet.")
    assert not holds("I moved my account to Nationwide.", "I bank with Lloyds.")


def test_chinese_is_left_to_the_writer_as_before() -> None:
    assert not holds("永辉超市装了一排自助收银机。", "我在家门口的永辉超市买菜。")


def test_a_move_back_told_as_the_value_s_act_names_the_value_it_returns_to_not_the_one_left() -> (
    None
):
    back = "Kwik Fit is doing the MOT this year, like before."
    assert holds(back, "My car goes to Kwik Fit for its MOT.")
    assert not holds(back, "The garage on Fabian Way does the car's MOT.")


def test_single_asks_for_one_clause() -> None:
    two = "Dave Kerr bought a new van, the old one failed its MOT."
    older = "Our plumber is Dave Kerr."
    assert holds(two, older)
    remark_pairs.SINGLE = True
    try:
        assert not holds(two, older)
    finally:
        remark_pairs.SINGLE = False


def test_applied_restores_the_engine() -> None:
    before = (newer_values.newer_candidates, similar_group._paired, conflicts.decide)
    with applied():
        assert newer_values.newer_candidates is not before[0]
        assert similar_group._paired is not before[1]
        assert conflicts.decide is not before[2]
    assert (newer_values.newer_candidates, similar_group._paired, conflicts.decide) == before


def test_a_return_told_as_the_value_s_own_act_is_read_and_a_remark_on_a_left_value_is_not() -> None:
    first = "The kids' dentist is Dr Mahmood."
    left = "The kids see Dr Ruiz at the Smile Clinic for their teeth."
    assert returns(first, left, "Dr Mahmood saw the kids for their check-up on Monday.")
    # The value left behind is remarked on: the predicate names nothing the later value is about.
    salary, monzo = "My salary goes into Lloyds.", "Salary's paid into Monzo now."
    assert not returns(salary, monzo, "Lloyds closed the branch on the high street.")
    # Two statements of no one attribute (they share no term): no value to return to.
    hens, lawn = "We keep two hens called Maud and Ethel.", "My brother Sam mows our lawn."
    assert not returns(hens, lawn, "Kieran from two doors down has been doing the lawn.")


def test_returns_leaves_the_pair_to_the_engine() -> None:
    first, new = "My car goes to Kwik Fit for its MOT.", "Kwik Fit is doing the MOT this year."
    assert holds(new, first)
    remark_pairs.RETURNS.add((first, new))
    try:
        assert not holds(new, first)
    finally:
        remark_pairs.RETURNS.clear()
