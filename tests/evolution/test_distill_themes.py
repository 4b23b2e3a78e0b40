"""Themes by meaning: a theme question finds the profile; a one-off topic makes none (issue 38).

A user mentions a hobby in other words over weeks, among unrelated remarks; one deep
maintenance run a month later distils it. The profile quotes the hobby's episodes in the
user's words, so a question about the hobby that does not repeat them finds it. Real SQLite and
Chroma in tmp_path, the shipped multilingual e5 embedder, time injected.
"""

from __future__ import annotations

import pytest

from hybridmem import FakeClock, HybridMemory

U = "u1"
SAID = {
    "en": (
        [
            "Restrung my old acoustic guitar and practised chords for an hour.",
            "Finally nailed the F barre chord on the guitar, my fingertips are raw.",
            "Learned the intro to Wonderwall on guitar, a cliche but fun.",
            "Booked a guitar lesson with a teacher in Camden for fingerpicking.",
        ],
        [
            "My flatmate Joe is moving out at the end of the month.",
            "Bought a new winter coat from Uniqlo.",
            "The council is digging up our road for a new gas main.",
            "My electricity bill doubled this quarter.",
        ],
        "How is my music practice going?",
    ),
    "zh": (
        [
            "周六去水库钓鱼，钓了三条鲫鱼。",
            "买了一根新的鱼竿，准备周末去钓鱼。",
            "夜里去河边钓鱼，只钓到一条小鲤鱼，蚊子太多。",
            "和老同学去海边钓鱼，风浪很大。",
        ],
        [
            "我的工号是A3721。",
            "小区的快递柜换成了丰巢。",
            "我的驾照要换证了。",
            "老板说年终奖下个月发。",
        ],
        "我周末一般干什么？",
    ),
}


@pytest.fixture
def memory(tmp_path, e5, clock: FakeClock):
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock) as mem:
        yield mem


def _profiles(mem: HybridMemory) -> list:
    return [n for n in mem.store.user_nodes(U, statuses=["active"]) if n.node_type == "profile"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_theme_question_finds_the_profile(memory: HybridMemory, clock: FakeClock, lang):
    theme, noise, question = SAID[lang]
    ids = []
    for hobby, other in zip(theme, noise, strict=True):
        ids.append(memory.add(hobby, user_id=U).id)
        clock.advance(days=3)
        memory.add(other, user_id=U)
        clock.advance(days=2)
    clock.advance(days=30)
    memory.maintain(user_id=U)
    (profile,) = _profiles(memory)
    # Its sources are the hobby's episodes, linked and quoted in the user's words.
    assert set(profile.metadata["derived_from"]) == set(ids)
    assert any(text in profile.content for text in theme)
    hits = memory.retrieve(question, user_id=U, top_k=5, record_access=False).hits
    assert profile.id in [h.node.id for h in hits]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_one_off_topic_makes_no_profile(memory: HybridMemory, clock: FakeClock, lang):
    theme, noise, _ = SAID[lang]
    for text in [theme[0], *noise]:  # the hobby said once, among unrelated remarks
        memory.add(text, user_id=U)
        clock.advance(days=4)
    clock.advance(days=30)
    memory.maintain(user_id=U)
    assert _profiles(memory) == []
