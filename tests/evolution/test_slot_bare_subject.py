"""A bare noun and an auxiliary open a clause whose subject is not the speaker.

Speech batch 29 (issue 38, write22) had "Traffic hasn't moved in twenty minutes." filed as the
user's residence: the subject test read no subject before the verb (no determiner, and a
negated auxiliary is not among the verbs it reads after a capitalised word), so the statement
was taken for a subjectless first-person one, and "moved" for the speaker's move. The
sentences here are not the sets'.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.evolution.slots.rules import infer

U = "u1"


@pytest.mark.parametrize(
    "text",
    [
        "Traffic hasn't moved since we got on the bypass.",  # a mass noun
        "traffic hasn't moved in 20 mins",  # chat lower case
        "Grandad won't move into sheltered housing.",  # a kinship noun with a modal
        "Auntie's moving to Cork in the spring.",  # 's = is, a participle after it
        "Mum's in a nursing home in Whitby now.",  # 's = is, a preposition after it
        "Dad's got a static caravan near Skegness.",  # 's = has
        "Carla can't drive since the operation.",
        "Prices have gone up since the new owners started.",
    ],
)
def test_a_bare_subject_is_not_the_speaker(text: str) -> None:
    guess = infer(text)
    assert guess.slot is None and not guess.about_user, text


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("Haven't moved in years, still in the flat in Govan.", "user.residence"),  # dropped I
        ("Still haven't moved out of the flat in Govan.", "user.residence"),
        ("Not had meat since March, fully vegetarian now.", "user.diet"),  # a negator
        ("Where do I live these days?", "user.residence"),  # a wh-question stays the speaker's
        ("Home's a canal boat in Bath now.", "user.residence"),  # the speaker's own thing
        ("Builder's tea, strong, is my morning cup.", "pref.tea"),  # a possessive's noun
        ("Life's calmer now I've moved to Hexham.", "user.residence"),  # the speaker after
        ("I haven't moved house in ten years.", "user.residence"),
    ],
)
def test_the_speakers_statements_are_read_as_before(text: str, slot: str) -> None:
    assert infer(text).slot == slot, text


def test_with_e5_traffic_does_not_replace_the_residence(
    tmp_path: Path, clock: FakeClock, e5: MultilingualE5Embedder
) -> None:
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock) as mem:
        home = mem.add("I live in Hexham.", node_type="fact", user_id=U)
        assert home.conflict_group == "slot:user.residence"
        clock.advance(days=1)
        for line in ("Traffic hasn't moved in twenty minutes.", "Gran's moving to Alnwick."):
            said = mem.add(line, node_type="fact", user_id=U)
            assert said.conflict_group != home.conflict_group, line
        current = mem.current_value("user.residence", user_id=U)
        assert current is not None and current.id == home.id
