"""A move back said with its reason's feeling (issue 38, helper style24):
``hybridmem.evolution.write.mood_move_back``, read alone and in a real store with e5."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from hybridmem import HybridMemory
from hybridmem.clock import FakeClock
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.evolution.speech.acts import default_classifier
from hybridmem.evolution.write import mood_move_back
from hybridmem.evolution.write.mood_move_back import again_clause

U = "u"
FILLER = ("Asked what the weather is doing tomorrow.", "问了一下这个月的电费。")


@pytest.mark.parametrize(
    ("text", "clause"),
    [
        (
            "Back on the number 12 bus, cycling in the rain was miserable.",
            "Back on the number 12 bus",
        ),
        ("又骑回自行车了，公交太挤了。", "又骑回自行车了"),
    ],
)
def test_the_clause_that_says_a_value_holds_again(text: str, clause: str) -> None:
    classifier = default_classifier()
    result = classifier.classify(text)
    assert str(result.act) == "emotion"
    assert again_clause(text, result, classifier) == clause


def test_a_mood_with_no_again_has_no_such_clause() -> None:
    classifier = default_classifier()
    text = "Cycling in the rain was miserable, I'm soaked."
    assert again_clause(text, classifier.classify(text), classifier) is None


def _said(mem: HybridMemory, clock: FakeClock, lines: tuple[str, ...]) -> list[str]:
    ids = []
    for text in lines:
        ids.append(mem.add(text, node_type="fact", user_id=U).id)
        for filler in FILLER:
            clock.advance(days=7)
            mem.add(filler, user_id=U)
    clock.advance(days=2)
    return ids


@pytest.mark.parametrize(
    ("said", "query"),
    [
        (
            (
                "I put soya milk in my coffee.",
                "Coffee's with almond milk these days.",
                "Soya milk for me again, the almond stuff upset my stomach.",
            ),
            "What milk does the user take in their coffee?",
        ),
        (
            ("我每天骑自行车上班。", "现在坐公交上班了。", "又骑回自行车了，公交太挤了。"),
            "用户每天怎么去上班？",
        ),
    ],
)
def test_a_move_back_said_with_feeling_answers_above_the_value_it_left(
    tmp_path: Path, e5: MultilingualE5Embedder, said: tuple[str, ...], query: str
) -> None:
    """Held back as a mood, the move back waited as a weak candidate and the value it left
    came first; now it is the user's statement, the value it left demoted below it."""
    clock = FakeClock(datetime(2025, 3, 1, 9, tzinfo=UTC))
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock) as mem:
        first, left, back = _said(mem, clock, said)
        node = mem.get(back, user_id=U)
        assert node.status == "active"
        assert node.metadata.get("moves_back_to") == first
        order = [h.node.id for h in mem.retrieve(query, user_id=U, top_k=5).hits]
        assert back in order
        assert left not in order or order.index(back) < order.index(left)


def test_an_event_that_happened_again_with_no_value_to_return_to_stays_a_mood(
    tmp_path: Path, e5: MultilingualE5Embedder
) -> None:
    """ "Missed the bus again" after the user's one value of getting to work returns to
    nothing: no later value took its place, so it is held back as the mood it is."""
    clock = FakeClock(datetime(2025, 3, 1, 9, tzinfo=UTC))
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock) as mem:
        value, mood = _said(
            mem, clock, ("I take the bus to work.", "Missed the bus again, so annoying.")
        )
        assert mem.get(value, user_id=U).status == "active"
        assert mem.get(mood, user_id=U).status == "candidate"


UNSAID = [
    (
        (
            "I play squash at the Westway centre on Mondays.",
            "Mondays I do a pottery class now.",
            "Squash at the Westway on Monday, the pottery teacher was so boring.",
        ),
        "What does the user do on Mondays?",
    ),
    (
        (
            "我每周三晚上去打羽毛球。",
            "周三晚上去上瑜伽课了。",
            "周三晚上打了两小时羽毛球，瑜伽老师讲得太无聊了。",
        ),
        "用户周三晚上做什么？",
    ),
]


@pytest.mark.parametrize("reading", [True, False])
@pytest.mark.parametrize(("said", "query"), UNSAID)
def test_a_move_back_with_no_again_held_as_a_mood_answers_above_the_value_it_left(
    tmp_path: Path,
    e5: MultilingualE5Embedder,
    said: tuple[str, ...],
    query: str,
    reading: bool,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The returned value in use beside the reason for leaving the other, said with no
    "again" (issue 38, helper back26): an emotion by its label, its own clause names the first
    value, and the store holds that value and a later one; kept, it settles the attribute.
    Without the reading it waits as a mood and the value it left answers."""
    if not reading:
        monkeypatch.setattr(mood_move_back, "named_clause", lambda *_args: None)
    clock = FakeClock(datetime(2025, 3, 1, 9, tzinfo=UTC))
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock) as mem:
        first, left, back = _said(mem, clock, said)
        node = mem.get(back, user_id=U)
        order = [h.node.id for h in mem.retrieve(query, user_id=U, top_k=5).hits]
        if reading:
            assert node.status == "active"
            assert node.metadata.get("moves_back_to") == first
            assert node.conflict_group == mem.get(first, user_id=U).conflict_group
            assert mem.get(left, user_id=U).metadata.get("demoted_by") == back
            assert order[0] == back
        else:
            assert node.status == "candidate"
            assert order[0] == left


@pytest.mark.parametrize(
    "said",
    [
        (
            "我儿子在小区门口的幼儿园上学。",
            "儿子转到一家双语幼儿园了。",
            "小区门口那家幼儿园今天开运动会，吵得我头疼。",
        ),
        (
            "I get my coffee beans from Grindsmith.",
            "Beans come from a subscription box these days.",
            "Grindsmith's queue was out the door this morning, what a nightmare.",
        ),
    ],
)
def test_news_of_the_value_left_said_with_feeling_stays_a_mood(
    tmp_path: Path, e5: MultilingualE5Embedder, said: tuple[str, ...]
) -> None:
    """The first value as the subject of its own news, with the speaker's feeling beside it,
    is no return: held back, the later value stays the user's."""
    clock = FakeClock(datetime(2025, 3, 1, 9, tzinfo=UTC))
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock) as mem:
        _first, left, remark = _said(mem, clock, said)
        assert mem.get(remark, user_id=U).status == "candidate"
        assert "demoted_by" not in mem.get(left, user_id=U).metadata


def test_a_mood_naming_the_users_one_value_stays_a_mood(
    tmp_path: Path, e5: MultilingualE5Embedder
) -> None:
    """With no later value the first one left, a mood naming it returns to nothing."""
    clock = FakeClock(datetime(2025, 3, 1, 9, tzinfo=UTC))
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock) as mem:
        value, mood = _said(mem, clock, UNSAID[0][0][::2])
        assert mem.get(value, user_id=U).status == "active"
        assert mem.get(mood, user_id=U).status == "candidate"
