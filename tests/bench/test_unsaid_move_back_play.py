"""The listing of ``benchmarks.unsaid_move_back_play`` (issue 38, helper back26): a superset of
the statements the writer asks the store about, read on texts and vectors alone."""

from __future__ import annotations

from benchmarks.unsaid_move_back_play import holds


def test_a_mood_whose_own_clause_names_an_older_statement_is_listed() -> None:
    assert holds(
        "Squash at the Westway on Monday, the pottery teacher was so boring.",
        "I play squash at the Westway centre on Mondays.",
    )
    assert holds("周三晚上打了两小时羽毛球，瑜伽老师讲得太无聊了。", "我每周三晚上去打羽毛球。")


def test_a_plain_statement_a_mood_naming_nothing_older_and_an_again_are_not() -> None:
    older = "I play squash at the Westway centre on Mondays."
    assert not holds("I play squash on Mondays with my brother.", older)
    assert not holds("The pottery teacher was so boring, what a waste of an evening.", older)
    # Said again: the writer's own move-back path reads it (mood_move_back.again_clause).
    assert not holds("Squash at the Westway again, the pottery teacher was so boring.", older)
