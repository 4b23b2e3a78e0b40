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


def _profiles(mem: HybridMemory) -> list:
    return [n for n in mem.store.user_nodes(U, statuses=["active"]) if n.node_type == "profile"]


def _profiles_after(mem: HybridMemory, clock: FakeClock, remarks: list[str]) -> list[str]:
    """The profiles' texts after ``remarks``, three days apart, and a month's maintenance."""
    for text in remarks:
        mem.add(text, user_id=U)
        clock.advance(days=3)
    clock.advance(days=30)
    mem.maintain(user_id=U)
    return [p.content for p in _profiles(mem)]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_theme_question_finds_the_profile(e5_mem: HybridMemory, clock: FakeClock, lang):
    theme, noise, question = SAID[lang]
    ids = []
    for hobby, other in zip(theme, noise, strict=True):
        ids.append(e5_mem.add(hobby, user_id=U).id)
        clock.advance(days=3)
        e5_mem.add(other, user_id=U)
        clock.advance(days=2)
    clock.advance(days=30)
    e5_mem.maintain(user_id=U)
    (profile,) = _profiles(e5_mem)
    # Its sources are the hobby's episodes, linked and quoted in the user's words.
    assert set(profile.metadata["derived_from"]) == set(ids)
    assert any(text in profile.content for text in theme)
    hits = e5_mem.retrieve(question, user_id=U, top_k=5, record_access=False).hits
    assert profile.id in [h.node.id for h in hits]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_one_off_topic_makes_no_profile(e5_mem: HybridMemory, clock: FakeClock, lang):
    theme, noise, _ = SAID[lang]
    for text in [theme[0], *noise]:  # the hobby said once, among unrelated remarks
        e5_mem.add(text, user_id=U)
        clock.advance(days=4)
    clock.advance(days=30)
    e5_mem.maintain(user_id=U)
    assert _profiles(e5_mem) == []


# Unrelated remarks that share a bound morpheme (子 of 车子 / 鞋子 / 梯子, 车 of 车子 / 车位) or an
# everyday word (work, home): no theme of the user's life. Before, 子 and 车 counted as the
# Chinese remarks' recurring terms and made "我常说起子、车：给客厅的发财树换了盆。把梯子借给了..."
SHARED_PIECES = {
    "en": [
        "My car's MOT is due in November at the garage near work.",
        "The office coffee machine broke down at work.",
        "My shoes came unglued, took them to be mended.",
        "My aunt Rosa is visiting us at home from Madrid.",
        "Someone parked in our space downstairs.",
        "Got tickets for a comedy night.",
        "Repotted the money tree in the living room at home.",
        "My library books are overdue.",
        "Lent my ladder to the people at number nine.",
        "Our finance director is retiring in spring, work won't be the same.",
    ],
    "zh": [
        "车子十一月要年审。",
        "办公室的咖啡机坏了。",
        "鞋子开胶了，拿去补。",
        "姑姑从西安来看我们。",
        "楼下的车位被人占了。",
        "抢到了脱口秀的票。",
        "给客厅的发财树换了盆。",
        "图书馆借的书过期了。",
        "把梯子借给了对门邻居。",
        "财务总监明年春天退休。",
    ],
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_unrelated_remarks_sharing_a_word_piece_make_no_profile(
    e5_mem: HybridMemory, clock: FakeClock, lang
):
    assert _profiles_after(e5_mem, clock, SHARED_PIECES[lang]) == []


# A Chinese theme whose remarks share no word, only characters that are words of their own
# (鱼 of 鱼竿 / 鲤鱼 / 鲫鱼, 钓 of 夜钓 / 钓上来): still a theme.
FISHING_BY_CHARACTERS = [
    "买了一根新的鱼竿，碳素的，很轻。",
    "夜钓了一晚上，只钓到一条小鲤鱼，蚊子太多。",
    "水库里钓上来两条鲫鱼。",
]


def test_a_chinese_theme_held_by_free_characters_gets_its_profile(
    e5_mem: HybridMemory, clock: FakeClock
):
    _, noise, _ = SAID["zh"]
    ids = []
    for said, other in zip(FISHING_BY_CHARACTERS, noise, strict=False):
        ids.append(e5_mem.add(said, user_id=U).id)
        clock.advance(days=3)
        e5_mem.add(other, user_id=U)
        clock.advance(days=2)
    clock.advance(days=30)
    e5_mem.maintain(user_id=U)
    (profile,) = _profiles(e5_mem)
    assert set(profile.metadata["derived_from"]) == set(ids)


# Unrelated remarks that are each other's nearest and share words only in disjoint pairs (a
# desk lamp and a traffic light, a computer mouse and a mouse in the cellar, two blocked
# pipes): each word is said twice, none holds three remarks together. Before, the pairs'
# union confirmed one group: "I keep coming back to bat, jam: Saw a mouse run behind the
# fridge. The nail on my big toe is black. ..." and "我常说起水管、灯、鼠：厨房的水管又堵了。"
PAIRED_WORDS = {
    "en": [
        "Stuck in a traffic jam on the bypass for an hour.",
        "Made strawberry jam with the kids.",
        "There's a bat living in the loft.",
        "Bought my son a new cricket bat.",
        "Walked along the river bank after lunch.",
        "The bank closed my savings account.",
        "My computer mouse stopped working.",
        "Saw a mouse run behind the fridge.",
        "The nail on my big toe is black.",
        "Hammered a nail into the wall for the mirror.",
        "My aunt Rosa is visiting from Madrid.",
        "Got tickets for a comedy night.",
    ],
    "zh": [
        "书桌上的台灯不亮了。",
        "路口的红绿灯坏了。",
        "电脑的鼠标失灵了。",
        "地下室里看到一只老鼠。",
        "这个月花钱太多了。",
        "阳台的月季开花了。",
        "卫生间的水管漏了。",
        "厨房的水管又堵了。",
        "姑姑从西安来看我们。",
        "抢到了脱口秀的票。",
        "给孩子买了一个新书包。",
        "买了一袋东北大米。",
    ],
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_words_shared_by_disjoint_pairs_of_remarks_make_no_profile(
    e5_mem: HybridMemory, clock: FakeClock, lang
):
    assert _profiles_after(e5_mem, clock, PAIRED_WORDS[lang]) == []
