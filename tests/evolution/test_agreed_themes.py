"""A theme whose remarks share no word gets its profile when two models agree (issue 38,
profile13).

Gardening said four ways ("planted out the tomatoes", "slugs ate every lettuce seedling",
"pruned the roses", "turned the compost heap") shares no word, so no word confirms the group
and the old engine made no profile. Where the engine reads with the
multilingual e5 and the bundled English model reads the same remarks, a clique of mutual
nearest remarks both agree on is a theme: its profile quotes them, and a theme question finds
it. Unrelated remarks sharing words of several senses make none (a guard: the old engine made
none either). Real SQLite and Chroma in
tmp_path, the shipped e5 embedder, time injected. English only: no second model reads Chinese.
"""

from __future__ import annotations

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.config import EvolutionConfig, MemoryConfig
from hybridmem.models import MemoryNode

U = "u1"
GARDEN = [
    "Planted out the tomatoes and courgettes.",
    "Slugs ate every lettuce seedling.",
    "Pruned the roses back hard.",
    "Turned the compost heap, it's full of worms.",
]
OTHERS = [
    "The council is digging up our road for a new gas main.",
    "My electricity bill doubled this quarter.",
    "Lent my ladder to the neighbours.",
    "The dentist moved my appointment to Thursday.",
    "My nephew passed his driving test.",
    "The washing machine is leaking again.",
]
SENSES = [
    "Sat on the river bank with a flask of soup.",
    "The bank froze my account for an hour.",
    "The spring on the garage door broke.",
    "Spring bulbs are up in the park.",
    "The pitch was waterlogged so the match was off.",
    "The steep pitch of the roof makes the gutters hard to reach.",
    "A new window cleaner came round.",
    "Our boiler gave up in the cold snap.",
    "My sister got engaged in Rome.",
    "Renewed my passport online.",
]


@pytest.fixture
def memory(tmp_path, e5, clock: FakeClock):
    # The step is opt-in (EvolutionConfig.distill_agreed_themes).
    config = MemoryConfig(evolution=EvolutionConfig(distill_agreed_themes=True))
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock, config=config) as mem:
        yield mem


def _profiles(memory: HybridMemory) -> list[MemoryNode]:
    return [n for n in memory.store.user_nodes(U, statuses=["active"]) if n.node_type == "profile"]


def test_a_theme_said_without_a_shared_word_gets_its_profile(
    memory: HybridMemory, clock: FakeClock
) -> None:
    ids = []
    for k, other in enumerate(OTHERS):
        if k < len(GARDEN):
            ids.append(memory.add(GARDEN[k], user_id=U).id)
            clock.advance(days=3)
        memory.add(other, user_id=U)
        clock.advance(days=4)
    clock.advance(days=30)
    memory.maintain(user_id=U)
    (profile,) = _profiles(memory)
    # The three both models put together (the roses are nearer other remarks for one of them).
    assert set(profile.metadata["derived_from"]) == {ids[0], ids[1], ids[3]}
    hits = memory.retrieve(
        "What do I do in the garden?", user_id=U, top_k=5, record_access=False
    ).hits
    assert profile.id in [h.node.id for h in hits]


def test_remarks_sharing_words_of_several_senses_make_no_profile(
    memory: HybridMemory, clock: FakeClock
) -> None:
    for text in SENSES:
        memory.add(text, user_id=U)
        clock.advance(days=3)
    clock.advance(days=30)
    memory.maintain(user_id=U)
    assert _profiles(memory) == []
