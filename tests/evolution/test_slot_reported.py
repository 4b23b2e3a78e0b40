"""Another person's value reported by the speaker is not the speaker's (issue 38, slot_blind11/12).

"Dave told me he's living in a van these days", 老王跟我说他现在住在乡下: the category word is in
the content of a verb of saying or hearing whose subject is a third person. The speaker, named
as the listener, made the subject tests read the statement as the speaker's own, and the other
person's home was filed as the speaker's residence, overturning the speaker's real one. The
content is dropped before the slot rules read the statement; content whose subject is the
speaker is read as before. The sentences here are none of the sets'.
"""

from __future__ import annotations

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.evolution.slots.rules import infer
from tests.slot_asides import value_then_aside


@pytest.mark.parametrize(
    "text",
    [
        "Priya told me she's moved to a houseboat in Bath.",
        "I heard they're living in Lisbon these days.",
        "Honestly, Kim told us she's moving to Dublin.",
        "Got a text from Ellie saying she's working at Boots now.",
        "听老赵说他现在在银行上班。",
        "听同事说他在银行上班。",
        "听说他现在住在乡下。",
    ],
)
def test_a_value_reported_of_another_person_gives_no_slot(text: str) -> None:
    guess = infer(text)
    assert guess.slot is None and not guess.open, text  # the slot model is not asked either


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("She said I could move into her flat in Leith.", "user.residence"),  # I: the speaker's
        ("I told my landlord I've moved to Bath.", "user.residence"),
        ("He told me I got the job at the library.", "user.workplace"),
        ("我跟他说我搬到昆明了。", "user.residence"),
        ("我告诉我妈我搬到昆明了。", "user.residence"),  # the listener 我妈, the content mine
    ],
)
def test_the_speakers_own_value_in_reported_speech_is_read_as_before(text: str, slot: str) -> None:
    assert infer(text).slot == slot, text


@pytest.mark.parametrize(
    ("home", "aside"),
    [
        ("I've moved to a flat in Portobello, by the beach.", "Ravi told me he's living in Leeds."),
        ("我搬到萧山了，租了个一室户。", "小周跟我说他搬到滨江了。"),
    ],
)
def test_with_e5_the_speakers_home_stays_current_after_another_persons_move(
    e5_mem: HybridMemory, clock: FakeClock, home: str, aside: str
) -> None:
    value_then_aside(e5_mem, clock, home, "user.residence", aside)
