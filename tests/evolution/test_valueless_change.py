"""A change said without its new value after the change that named it (issue 38).

Probing blind2 asked "where do I live now?" after 决定搬家了，在宝安… and, a week later, 搬完了！:
the completion was filed under the residence, said last it became the current value, and the
line shown named no place. A statement naming no value keeps the named new value current; the
value said before the change stays demoted; against a value never changed ("I moved." after
"I live in ...") it still ends the old value. The sentences here are none of the benchmark sets'.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.evolution.write.valueless import names_value

U = "u1"
SLOT = "user.residence"

CASES = [
    (
        "I live in a shared flat in Leith with two flatmates.",
        "I've decided to move, I found a studio in Portobello near the beach.",
        "Done moving, finally!",
    ),
    ("我住在江北，跟同学合租。", "决定搬家了，在渝中找了个一居室。", "搬完了！"),
]


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("Done moving, finally!", False),
        ("I've moved in!", False),
        ("I found a studio in Portobello near the beach.", True),
        ("搬完了！", False),
        ("今天搬家了，累瘫", False),  # a time says when, not what
        ("室友说她下个月要走了", False),
        ("在渝中找了个一居室", True),
        ("房租三千二", True),
    ],
)
def test_a_value_is_a_name_a_place_or_a_number_not_a_time(text: str, named: bool) -> None:
    assert names_value(text) is named, text


@pytest.mark.parametrize(("old", "move", "done"), CASES)
def test_with_e5_a_completion_keeps_the_named_move_current(
    tmp_path: Path,
    clock: FakeClock,
    e5: MultilingualE5Embedder,
    old: str,
    move: str,
    done: str,
) -> None:
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock) as mem:
        first = mem.add(old, node_type="fact", user_id=U)
        clock.advance(days=20)
        moved = mem.add(move, node_type="fact", user_id=U)
        clock.advance(days=6)
        mem.add(done, node_type="fact", user_id=U)
        assert first.conflict_group == moved.conflict_group == f"slot:{SLOT}"
        current = mem.current_value(SLOT, user_id=U)
        assert current is not None and current.id == moved.id
        before = mem.store.get(first.id)
        assert before is not None and "demoted_by" in before.metadata  # still ended


@pytest.mark.parametrize(
    ("old", "moved"),
    [("I live in a shared flat in Leith.", "I've moved in!"), ("我住在江北。", "我搬家了。")],
)
def test_with_e5_a_lone_move_still_ends_a_value_never_changed(
    tmp_path: Path, clock: FakeClock, e5: MultilingualE5Embedder, old: str, moved: str
) -> None:
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock) as mem:
        first = mem.add(old, node_type="fact", user_id=U)
        clock.advance(days=20)
        change = mem.add(moved, node_type="fact", user_id=U)
        current = mem.current_value(SLOT, user_id=U)
        assert current is not None and current.id == change.id
        before = mem.store.get(first.id)
        assert before is not None and "demoted_by" in before.metadata
