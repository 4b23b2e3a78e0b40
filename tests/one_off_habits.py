"""A habit, then a remark about one occasion in the habit's slot: what the one-occasion tests
(`test_one_occasion`, `test_speech_change_words_cut`) assert of the writer."""

from __future__ import annotations

from hybridmem import FakeClock, HybridMemory

SLOT = "user.commute"


def remark_leaves_habit(
    mem: HybridMemory, clock: FakeClock, user: str, habit_text: str, remark_text: str
) -> str:
    """Add ``habit_text``, then three days later ``remark_text``; assert that the remark is
    kept active outside the habit's group and leaves the habit current and undemoted. The
    habit's id."""
    habit = mem.add(habit_text, node_type="fact", user_id=user, slot=SLOT)
    before = mem.get(habit.id)
    clock.advance(days=3)
    remark = mem.add(remark_text, node_type="fact", user_id=user, slot=SLOT)
    kept = mem.get(habit.id)
    assert kept.importance == before.importance
    assert "demoted_by" not in kept.metadata
    assert mem.current_value(SLOT, user_id=user).id == habit.id
    stored = mem.get(remark.id)
    assert stored.status == "active"  # kept: it is true of that occasion
    assert stored.conflict_group is None
    return habit.id
