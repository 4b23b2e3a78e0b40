"""A move back that names only the value it returns to, or names a value in another form of
its word, settles its attribute (issue 38).

Before, a move back ("Pixel again …") joined a group only when it named the value it
leaves by a word the value it returns to lacks, in the very form the value was said: "iPhone
again, I missed iMessage" after "I use an iPhone" and "Blackberry is my phone now, the iPhone
died" named only the iPhone, and "biros" did not name "a biro"; the value in
between stayed live and undemoted beside it. Real SQLite and Chroma under ``tmp_path``,
multilingual-e5, an injected clock.
"""

from __future__ import annotations

import pytest

from hybridmem import FakeClock, HybridMemory
from tests.told_apart import told_apart

MOVES_BACK = [
    (
        "I use an iPhone.",
        "Blackberry is my phone, the iPhone died.",
        "iPhone again, I missed iMessage.",
    ),
    (
        "Bowls club is on Thursdays for me.",
        "Bowls club is Mondays, the green got rebooked.",
        "Thursdays for bowls club again.",
    ),
    (
        "I write with a fountain pen.",
        "A biro for everything, the fountain pen leaked.",
        "Fountain pens again, biros smudge.",
    ),
    (
        "我用华为手机。",
        "小米是我的手机，华为摔坏了。",
        "又用回华为了，鸿蒙顺手。",
    ),
]


@pytest.mark.parametrize(("first", "between", "again"), MOVES_BACK)
def test_a_move_back_naming_one_value_demotes_the_value_it_leaves(
    e5_mem: HybridMemory,
    clock: FakeClock,
    first: str,
    between: str,
    again: str,
) -> None:
    _first, left, back = told_apart(e5_mem, clock, first, between, again)
    assert e5_mem.get(left.id).metadata.get("demoted_by") == back.id
    assert back.conflict_group is not None
    assert e5_mem.get(left.id).conflict_group == back.conflict_group


def test_a_word_other_facts_hold_too_links_no_value_left(
    e5_mem: HybridMemory, clock: FakeClock
) -> None:
    # "use" is in every fact: the move back names the iPhone, and no later fact by it.
    e5_mem.add("I use an iPhone.", node_type="fact", user_id="u")
    clock.advance(days=3)
    e5_mem.add("I use Firefox at home.", node_type="fact", user_id="u")
    clock.advance(days=3)
    desk = e5_mem.add("I use a standing desk at work.", node_type="fact", user_id="u")
    clock.advance(days=3)
    e5_mem.add("I use an iPhone again, I missed iMessage.", node_type="fact", user_id="u")
    assert "demoted_by" not in e5_mem.get(desk.id).metadata
