"""A named thing's own news is no new value of the user's in English (issue 38, helper
remark25): ``hybridmem.evolution.write.thing_remarks``, read alone and in a real store with e5."""

from __future__ import annotations

from pathlib import Path

import pytest

from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.evolution.write.thing_remarks import subject, thing_event_on
from hybridmem.evolution.write.value_remarks import remark_on
from tests.fact_stories import remark_beside_value

U = "u"
FILLER = ("Asked whether it will rain tomorrow.", "Worked out this month's electricity bill.")


@pytest.mark.parametrize(
    ("new", "old"),
    [
        # A state of the thing, not an event ("is shut").
        (
            "Westgate Library is shut for a fortnight while they fix the roof.",
            "I borrow books from Westgate Library.",
        ),
        # "had" with an object: the thing undergoes.
        (
            "The Lidl on Bramley Road had a burst pipe last night.",
            "I do the big shop at the Lidl on Bramley Road.",
        ),
        # The thing moves itself, not the user's attribute to a new value.
        ("Greenway Physio moved upstairs above the chemist.", "My physio is at Greenway Physio."),
        # A contracted copula after a common noun of the thing.
        ("Three's network was patchy all weekend.", "My mobile contract is with Three."),
        # A bare common noun of place said again with "the" (mention27, value_names).
        ("The library is shut for a fortnight.", "I borrow books from the library."),
    ],
)
def test_a_named_things_own_news_is_a_remark(new: str, old: str) -> None:
    assert thing_event_on(new, old)
    assert remark_on(new, old)


@pytest.mark.parametrize(
    ("new", "old"),
    [
        # The user's own relation to the thing: a first-person word.
        (
            "Westgate Library lost my reservation, so I joined the Central one.",
            "I borrow books from Westgate Library.",
        ),
        # A new name: another holder, a new value.
        (
            "The Lidl on Bramley Road closed, Aldi gets the big shop.",
            "I do the big shop at the Lidl on Bramley Road.",
        ),
        # A word of what holds now.
        (
            "Greenway Physio is too dear, the NHS one does the sessions now.",
            "My physio is at Greenway Physio.",
        ),
        # A later clause names the older statement's attribute again.
        (
            "Three's contract ran out, the mobile is on a SIM-only deal.",
            "My mobile contract is with Three.",
        ),
        # A verbless line naming the value may be the value said again.
        ("Westgate Library for the book club this month.", "I borrow books from Westgate Library."),
        # A value holding again: a move back.
        ("Greenway Physio is doing my sessions again.", "My physio is at Greenway Physio."),
        # A person's news (a personal pronoun): another reading's (value_remarks.others_act).
        (
            "Jenny broke her wrist at Greenway Physio's pilates class.",
            "My physio is at Greenway Physio.",
        ),
        # A common noun with a modifier of the line's own: another thing of the kind (the
        # bare "The library is shut" after "... from the library" is now a remark, mention27).
        ("The new library in town is shut for a fortnight.", "I borrow books from the library."),
        # The opening names the older statement's holder, not its value.
        ("Leo was promoted to manager.", "My cousin Leo works at Halfords."),
        # Chinese is value_remarks_zh's reading.
        ("巴克莱银行的网点关了。", "I bank with Barclays."),
    ],
)
def test_a_change_or_anothers_act_is_no_things_remark(new: str, old: str) -> None:
    assert not thing_event_on(new, old)


@pytest.mark.parametrize(
    ("clause", "expected"),
    [
        ("My phone's on EE", "My phone"),
        ("The cat goes to Abbeydale Vets", "The cat"),
        ("My cousin Leo is engaged to Nina", "My cousin Leo"),
        ("I get my hair cut at Hair by Jo", "I"),
    ],
)
def test_the_older_statements_subject(clause: str, expected: str) -> None:
    assert subject(clause) == expected


@pytest.mark.parametrize(
    ("said", "query"),
    [
        (
            (
                "My prescriptions come from the Boots on Fargate.",
                "The Boots on Fargate had a break-in on Sunday night.",
            ),
            "Which chemist does the user get prescriptions from?",
        ),
        (
            (
                "I shop at the big Tesco on the ring road.",
                "The Tesco on the ring road moved the bakery to the back and added self-checkouts.",
            ),
            "Where does the user go shopping?",
        ),
    ],
)
def test_the_users_value_keeps_answering_beside_the_things_own_news(
    tmp_path: Path, e5: MultilingualE5Embedder, said: tuple[str, str], query: str
) -> None:
    """The remark stays live beside the user's value, in no one group with it, and the
    value is the first hit."""
    value, remark, first = remark_beside_value(tmp_path / "m", e5, said, FILLER, query)
    assert value.status == remark.status == "active"
    assert remark.conflict_group is None or remark.conflict_group != value.conflict_group
    assert first == 0
