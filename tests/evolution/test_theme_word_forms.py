"""A theme's word counts in every form the user says it (issue 38, profile12).

English says a pursuit as a noun ("a hike", "a ride") and as a verb ("hiking", "rode"); the
theme terms drop a final "e" as well as the inflection, so "a hike" and "hiking" are one term.
Before, a theme said as "a hike" and "hiking" twice held its word in two remarks, one short of
the three a profile needs. Real SQLite and Chroma in tmp_path, the shipped multilingual e5
embedder, time injected. English only: Chinese words are not inflected (their shared
characters are :mod:`tests.evolution.test_distill_themes`'s subject).
"""

from __future__ import annotations

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.evolution.maintain.distill import stem, theme_terms

U = "u1"
HIKES = [
    "Did a ten-mile hike over the hills on Saturday.",
    "Bought new hiking boots, the old ones leaked.",
    "Went hiking in the Peak District with my brother.",
]
OTHERS = [
    "The council is digging up our road for a new gas main.",
    "My electricity bill doubled this quarter.",
    "Lent my ladder to the neighbours.",
    "The dentist moved my appointment to Thursday.",
]


@pytest.mark.parametrize(
    ("forms", "term"),
    [
        (("hike", "hikes", "hiked", "hiking"), "hik"),
        (("ride", "rides", "riding"), "rid"),
        (("dance", "dances", "danced", "dancing"), "danc"),
        (("diet", "diets", "dieting"), "diet"),
        (("run", "running"), "run"),
    ],
)
def test_every_form_of_a_word_is_one_theme_term(forms: tuple[str, ...], term: str) -> None:
    assert {stem(f) for f in forms} == {term}
    # In a sentence too: the bare form and its inflections meet.
    assert all(term in theme_terms(f"I keep {f} around here") for f in forms)


def test_a_theme_said_as_a_noun_and_a_verb_gets_its_profile(
    e5_mem: HybridMemory, clock: FakeClock
) -> None:
    ids = []
    for hike, other in zip(HIKES, OTHERS, strict=False):
        ids.append(e5_mem.add(hike, user_id=U).id)
        clock.advance(days=3)
        e5_mem.add(other, user_id=U)
        clock.advance(days=4)
    e5_mem.add(OTHERS[-1], user_id=U)
    clock.advance(days=30)
    e5_mem.maintain(user_id=U)
    profiles = [
        n for n in e5_mem.store.user_nodes(U, statuses=["active"]) if n.node_type == "profile"
    ]
    assert len(profiles) == 1
    (profile,) = profiles
    assert set(profile.metadata["derived_from"]) == set(ids)
    assert "hik" in profile.content
    hits = e5_mem.retrieve(
        "What do I like doing at weekends?", user_id=U, top_k=5, record_access=False
    ).hits
    assert profile.id in [h.node.id for h in hits]
