"""The additive focus reading (:func:`hybridmem.evolution.slots.pairs.adds_to`, issue 38,
helper style26): a statement that says its value is one more beside what holds."""

from __future__ import annotations

import pytest

from hybridmem.evolution.slots.pairs import adds_to


@pytest.mark.parametrize(
    "text",
    [
        "From now on put the sources at the bottom as well.",
        "I also walk the dog before work.",
        "Add a side salad, too.",
        "Oat milk in the porridge too",
        "以后纪要也抄送一份给财务。",
        "推歌的时候顺便说一下歌手。",
    ],
)
def test_an_additive_focus_adds(text: str) -> None:
    assert adds_to(text)


@pytest.mark.parametrize(
    "text",
    [
        "From now on order me the vegetable curry.",
        "The old one was too sweet, no sugar in my tea.",
        "Bullet points only, essays take too long to read.",
        "以后都给我点牛肉面。",
        "也许下个月去学游泳。",
        "叫车换成专车，快车太慢。",
    ],
)
def test_a_replacement_or_a_degree_word_adds_nothing(text: str) -> None:
    assert not adds_to(text)
