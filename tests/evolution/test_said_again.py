"""A value said again is its group's current value again, in the store's weights and marks
and after a replay of the op log, not only for readers that order by the last mention
(issue 38: moves back and values that flip).

Before, a move back said in the old value's words was merged into the old node as a repeat
and the group kept the value it left as its undemoted member: maintenance archived the move
back as a value "not confirmed again" once the store was restored from its op log (the renewal
that spared it is an access statistic, never logged), the value left was never settled, and a
flip back to that value restated in another task (A B A B) left the third statement current.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from tests.evolution.test_named_change import CASES as NAMED  # a car, the cycling, a change
from tests.told_apart import told_apart

U = "u1"
CASES = [
    (
        "I drink green tea in the evening.",
        "I've switched to chamomile in the evenings.",
        "What do I drink in the evening?",
    ),
    ("我住在杭州。", "我搬到上海了。", "我住在哪里？"),
]


def _slot(node_group: str | None) -> str:
    assert node_group is not None
    return node_group.removeprefix("slot:")


@pytest.mark.parametrize(("old", "new", "question"), CASES)
def test_a_move_back_stays_current_and_the_value_left_settles_after_a_replay(
    tmp_path: Path, clock: FakeClock, old: str, new: str, question: str
) -> None:
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(128), clock=clock) as mem:
        snap = mem.checkpoint()
        first, change, again = told_apart(mem, clock, old, new, old, days=3, user_id=U)
        assert again.id == first.id  # merged into its first mention, as before
        assert mem.get(first.id).importance > mem.get(change.id).importance
        mem.restore(snap)  # the op log replayed
        clock.advance(days=mem.config.evolution.settle_after_days + 1)
        mem.maintain(user_id=U)
        assert mem.get(first.id).status == "active"  # the move back
        assert mem.get(change.id).status == "archived"  # the value it left, settled
        assert mem.current_value(_slot(first.conflict_group), user_id=U).id == first.id
        r = mem.retrieve(question, user_id=U, record_access=False)
        assert r.hits[0].node.id == first.id
        assert "demoted_by" not in mem.get(first.id).metadata
        assert mem.get(change.id).metadata["demoted_by"] == first.id


@pytest.mark.parametrize(("old", "new", "question"), CASES)
def test_a_value_flipped_back_and_restated_elsewhere_is_current(
    tmp_path: Path, clock: FakeClock, old: str, new: str, question: str
) -> None:
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(128), clock=clock) as mem:
        first, change, again = told_apart(mem, clock, old, new, old, days=14, user_id=U)
        assert again.id == first.id
        clock.advance(days=14)
        # The fourth statement, said inside a task: no repeat across parents, so the group
        # policy reads it as a restatement of the member it compares with.
        task = mem.add("Plan the weekend", node_type="task", user_id=U)
        mem.add(new, node_type="fact", user_id=U, parent_id=task.id)
        slot = _slot(first.conflict_group)
        assert mem.current_value(slot, user_id=U).id == change.id
        assert mem.get(first.id).metadata["demoted_by"] == change.id
        assert "demoted_by" not in mem.get(change.id).metadata
        r = mem.retrieve(question, user_id=U, record_access=False)
        assert r.hits[0].node.id == change.id


@pytest.mark.parametrize(("old", "new", "question"), CASES)
def test_a_plain_repeat_is_one_current_value_and_changes_nothing_else(
    tmp_path: Path, clock: FakeClock, old: str, new: str, question: str
) -> None:
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(128), clock=clock) as mem:
        first, change, again = told_apart(mem, clock, old, new, new, days=3, user_id=U)
        assert again.id == change.id
        node = mem.get(change.id)
        assert node.metadata["mentions"] == 2 and "said_again_after" not in node.metadata
        assert mem.get(first.id).metadata["demoted_by"] == change.id
        slot = _slot(first.conflict_group)
        assert mem.current_value(slot, user_id=U).id == change.id
        live = [r.node for r in mem.inspect(user_id=U, statuses=["active"])]
        assert {n.id for n in live if n.conflict_group == first.conflict_group} == {
            first.id,
            change.id,
        }


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_value_in_its_own_right_said_again_replaces_nothing(
    tmp_path: Path, clock: FakeClock, lang: str
) -> None:
    """The cycling, left alone by a change that named the car, said again: a repeat, and the
    new car stays as it was (no value replaced the cycling, so it moves back to nothing)."""
    car, cycling, change_text = NAMED[lang]
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(128), clock=clock) as mem:
        mem.add(car, node_type="fact", user_id=U, slot="user.vehicle")
        clock.advance(days=1)
        bike = mem.add(cycling, node_type="fact", user_id=U, slot="user.vehicle")
        clock.advance(days=1)
        change = mem.add(change_text, node_type="fact", user_id=U, slot="user.vehicle")
        kept = mem.get(change.id)
        clock.advance(days=1)
        assert mem.add(cycling, node_type="fact", user_id=U, slot="user.vehicle").id == bike.id
        after = mem.get(change.id)
        assert "demoted_by" not in after.metadata and after.importance == kept.importance
