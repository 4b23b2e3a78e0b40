"""A completion with nothing after it, or the standard of a comparison, gives no value (issue 38).

Probing blind2 y12 (我现在住哪？) lost the move 决定搬家了，在宝安找了个一室户: 搬完了！, said a
week later, was filed as the residence and, said last, stood as its current value; the rent line
三千二，比合租贵一千多 was filed as the residence by the flat it is compared with. A change verb
with a phase complement and no object (搬完了, "done moving") and what a price is measured
against (比合租, "than the shared house") say no value of the speaker's: those parts are
dropped before the slot rules read the statement. The sentences here are none of the sets'.
"""

from __future__ import annotations

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.evolution.slots.rules import infer
from tests.slot_asides import U, value_then_aside


@pytest.mark.parametrize(
    "text",
    [
        "Phew, done moving at last!",  # a completion
        "Finished the house move over the weekend.",
        "We're all moved in.",
        "Paying nine hundred a month now, loads more than the old flat share.",  # a standard
        "总算搬完了，累得够呛。",
        "我们终于搬好家了。",
        "我们终于安顿下来了，东西也都归置好了。",
        "两千六，比合租贵了一截，但是清净。",
    ],
)
def test_a_part_naming_no_value_gives_no_slot(text: str) -> None:
    guess = infer(text)
    assert guess.slot is None and not guess.open, text  # the slot model is not asked either


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("Done moving to Dundee, finally.", "user.residence"),  # the place after the verb
        ("I've moved.", "user.residence"),  # the change itself, said bare
        ("I live nearer the station than I used to.", "user.residence"),
        ("我搬家了。", "user.residence"),
        ("我在顺义住下来了。", "user.residence"),  # the place before the verb
        ("已经搬到江北了。", "user.residence"),
        ("我现在住的比以前大多了。", "user.residence"),  # the compared one is not the verb
        ("搬完了！在宝山租了个开间。", "user.residence"),  # the value in the next clause
    ],
)
def test_a_value_said_beside_them_is_read_as_before(text: str, slot: str) -> None:
    assert infer(text).slot == slot, text


@pytest.mark.parametrize(
    ("move", "aside"),
    [
        (
            "I've moved to a flat in Portobello, by the beach.",
            "Finally done moving, my back is wrecked.",
        ),
        (
            "I've moved to a flat in Portobello, by the beach.",
            "1,100 a month, way more than the shared flat.",
        ),
        ("我搬到萧山了，租了个一室户。", "总算搬完了，累得够呛。"),
        ("我搬到萧山了，租了个一室户。", "两千六，比合租贵了一截，但是清净。"),
    ],
)
def test_with_e5_the_move_stays_current_after_its_completion_or_its_price(
    e5_mem: HybridMemory, clock: FakeClock, move: str, aside: str
) -> None:
    home = "I live in a terrace in Leith." if move.isascii() else "我住在城西的老小区。"
    old = e5_mem.add(home, node_type="fact", user_id=U)
    clock.advance(days=30)
    new, _ = value_then_aside(e5_mem, clock, move, "user.residence", aside)
    current = e5_mem.current_value("user.residence", user_id=U)
    assert current is not None and current.id == new.id != old.id
