"""A value said again after a change is the value again (issue 38, a move back): the repeat is
merged into its first mention, and the group's current value is the member said last, not the
one written last. Before, "I drink green tea in the evening" said again after "I've switched to
chamomile" left the chamomile current, with the tea as its previous value."""

from __future__ import annotations

from pathlib import Path

import pytest

from hybridmem import FakeClock, HashEmbedder, HybridMemory

CASES = [
    (
        "I drink green tea in the evening.",
        "I've switched to chamomile in the evenings.",
        "What do I drink in the evening?",
    ),
    ("我住在杭州。", "我搬到上海了。", "我住在哪里？"),
]


@pytest.mark.parametrize(("old", "new", "question"), CASES)
def test_the_old_value_said_again_is_current(
    tmp_path: Path, clock: FakeClock, old: str, new: str, question: str
) -> None:
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(128), clock=clock) as mem:
        first = mem.add(old, node_type="fact", user_id="u1")
        clock.advance(days=3)
        change = mem.add(new, node_type="fact", user_id="u1")
        assert change.conflict_group == first.conflict_group is not None
        slot = first.conflict_group.removeprefix("slot:")
        assert mem.current_value(slot, user_id="u1").id == change.id
        clock.advance(days=3)
        again = mem.add(old, node_type="fact", user_id="u1")
        assert again.id == first.id  # a repeat, merged into its first mention
        assert mem.current_value(slot, user_id="u1").id == first.id
        history = {r.node.id: r.current for r in mem.value_history(slot, user_id="u1")}
        assert history == {first.id: True, change.id: False}
        r = mem.retrieve(question, user_id="u1", record_access=False)
        assert r.hits[0].node.id == first.id
        assert f"(previously: {new})" in r.context
