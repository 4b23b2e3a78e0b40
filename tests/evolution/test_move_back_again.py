"""A value said to hold again ("The Northgate pool again", 钢琴课又回周六了) is a move back:
never a restatement of the value it leaves, so the question finds it first (issue 38).

Before, "again" and 又 / 回 said nothing to paraphrase merging: a move back whose words
(or whose reason: "Riverside was always packed") held the value in between's was read as that
value said again and folded into it, so the value left was reinforced and answered the
question, and the move back was not in the store at all. Real SQLite and Chroma under
``tmp_path``, multilingual-e5, an injected clock.
"""

from __future__ import annotations

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.evolution.slots import pairs
from tests.told_apart import told_apart

MOVES_BACK = [
    (
        "I swim at the Northgate pool on Tuesdays.",
        "Swimming moved to the Riverside pool, Northgate is being refurbished.",
        "The Northgate pool again, Riverside was always packed.",
        "Which pool does the user swim at?",
    ),
    (
        "I listen to podcasts on Spotify.",
        "Podcasts are on Apple now, Spotify's app kept crashing.",
        "Spotify again for podcasts, the Apple app is clunky.",
        "Which app does the user listen to podcasts on?",
    ),
    (
        "我每周四跟老王打羽毛球。",
        "羽毛球改到周一了，老王周四要值班。",
        "羽毛球又回到周四了。",
        "用户哪天打羽毛球？",
    ),
    (
        "孩子周六上钢琴课。",
        "钢琴课挪到周日了，老师周六有事。",
        "钢琴课又回周六了。",
        "孩子哪天上钢琴课？",
    ),
]


@pytest.mark.parametrize(("first", "between", "again", "question"), MOVES_BACK)
def test_a_value_said_to_hold_again_is_no_restatement_of_the_value_it_leaves(
    e5_mem: HybridMemory,
    clock: FakeClock,
    first: str,
    between: str,
    again: str,
    question: str,
) -> None:
    _first, left, back = told_apart(e5_mem, clock, first, between, again)
    assert back.id != left.id  # not folded into the value it leaves
    assert e5_mem.get(back.id).content == again
    hits = e5_mem.retrieve(question, user_id="u", top_k=3, record_access=False).hits
    assert hits[0].node.id == back.id


def test_again_read_on_words_not_characters() -> None:
    # A move back in either language...
    assert pairs.says_again("Night shift again, the pay is better.")
    assert pairs.says_again("Netflix is back on, Disney+ ran out of stuff.")
    assert pairs.says_again("工资卡又回工行了")
    assert pairs.says_again("我又搬回成都了")
    assert pairs.says_again("回公司坐班了，在家太孤单。")
    # ...but not "both... and...", going home, replying, or the noun "answer".
    assert not pairs.says_again("又冷又累，今晚想把暖气开到最大。")
    assert not pairs.says_again("我回家了")
    assert not pairs.says_again("用中文回复我。")
    assert not pairs.says_again("以后用英文回我")
    assert not pairs.says_again("喜欢要点式的简短回答。")
    # It announces a value (no restatement), never a stated change of its own: an emotion
    # at an event that happened again commits to nothing.
    assert pairs.announces_value("Kindle again") and not pairs.states_change("Kindle again")
    assert not pairs.states_change("气死我了，快递又送错了")


@pytest.mark.parametrize(
    ("habit", "other", "again", "question"),
    [
        (
            "I take the 8:15 bus to work.",
            "I swim at the Northgate pool on Tuesdays.",
            "Swam at Northgate again this morning, lovely and quiet.",
            "How does the user get to work?",
        ),
        (
            "我每天坐八点一刻的公交上班。",
            "我每周二在北门游泳馆游泳。",
            "今天早上又去北门游泳馆游了，人很少。",
            "用户怎么去上班？",
        ),
    ],
)
def test_a_remark_said_with_again_demotes_no_other_attribute(
    e5_mem: HybridMemory,
    clock: FakeClock,
    habit: str,
    other: str,
    again: str,
    question: str,
) -> None:
    kept = e5_mem.add(habit, node_type="fact", user_id="u")
    clock.advance(days=3)
    e5_mem.add(other, node_type="fact", user_id="u")
    clock.advance(days=3)
    e5_mem.add(again, node_type="fact", user_id="u")
    assert "demoted_by" not in e5_mem.get(kept.id).metadata
    hits = e5_mem.retrieve(question, user_id="u", top_k=3, record_access=False).hits
    assert hits[0].node.id == kept.id
