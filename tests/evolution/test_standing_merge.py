"""A repeat or paraphrase merges only into a memory said with the same speech standing.

The writer folds a new memory that says a live one again into it (one more mention, not a
second node: ``repeats`` / ``paraphrase``). A mood the speech rules hold back and a standing
statement in nearly its words are two things said: merged, the standing statement's text was
never stored and the preference stayed a mood (found by helper speech26); the other way, a mood
counted as one more mention of a standing preference. Real SQLite, Chroma and e5 (the merge
reads e5's vectors and the pair model fitted on them); the sentences were written for this test.
"""

from __future__ import annotations

import pytest

from hybridmem import HybridMemory
from hybridmem.core.evolution_marks import said_in_passing

U = "u1"
PAIRS = [
    ("I want a long soak after that match.", "After a match I always want a long soak."),
    ("今天好累，想泡个热水澡。", "我每次下班都想泡个热水澡。"),
]
"""(a mood held back, the standing want in nearly its words)."""


def _write(mem: HybridMemory, first: str, second: str, kind: str) -> tuple[str, str]:
    a = mem.add(first, node_type=kind, user_id=U)
    b = mem.add(second, node_type=kind, user_id=U)
    return a.id, b.id


@pytest.mark.parametrize(
    "mood_first", [True, False], ids=["standing-after-mood", "mood-after-standing"]
)
@pytest.mark.parametrize("kind", ["fact", "preference"])
@pytest.mark.parametrize(("mood", "standing"), PAIRS)
def test_a_mood_and_a_standing_statement_in_nearly_its_words_are_two_memories(
    e5_mem: HybridMemory, mood: str, standing: str, kind: str, mood_first: bool
) -> None:
    """Either way round: the standing statement is stored with its own text and is not a
    mood; the mood is held as one, and neither counts the other as a mention."""
    if mood_first:
        mood_id, standing_id = _write(e5_mem, mood, standing, kind)
    else:
        standing_id, mood_id = _write(e5_mem, standing, mood, kind)
    assert standing_id != mood_id
    kept, held = e5_mem.get(standing_id), e5_mem.get(mood_id)
    assert kept.content == standing and kept.status == "active"
    assert not said_in_passing(kept) and kept.metadata.get("mentions", 1) == 1
    assert held.content == mood and said_in_passing(held)
    assert held.metadata.get("mentions", 1) == 1


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("I want a long soak after that match.", "I want a long soak after that match!"),
        ("After a match I always want a long soak.", "after a match I always want a long soak"),
        ("今天好累，想泡个热水澡。", "今天好累，想泡个热水澡！"),
    ],
)
def test_the_same_thing_said_again_with_the_same_standing_still_merges(
    e5_mem: HybridMemory, first: str, second: str
) -> None:
    first_id, second_id = _write(e5_mem, first, second, "fact")
    assert second_id == first_id
    node = e5_mem.get(first_id)
    assert node is not None and node.metadata.get("mentions") == 2
