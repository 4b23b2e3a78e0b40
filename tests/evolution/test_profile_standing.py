"""A profile states the value that stands, not every value the user ever had (issue 38).

A user names a value, changes it, then says the new one again; a deep maintenance run a month
later distils the theme. The profile quotes the standing value, never the one left behind, and
is not named by a word only the old value says; the old statement stays live (value history).
A profile updated by a later run still quotes the theme's central episodes under its words.
Real SQLite and Chroma in tmp_path, the shipped multilingual e5 embedder (themes are found by
meaning), time injected.
"""

from __future__ import annotations

import re

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.evolution.llm import ChatClient, LLMDistiller, LLMSettings
from hybridmem.testing.fake_llm import FakeLLMServer

U = "u1"
CHANGED = {
    "en": (
        [
            "My barber is Tony's on Kingsland Road.",
            "Got my haircut at Tony's on Kingsland Road again.",
        ],
        [
            "I get my haircut at the Fade Lab now, Tony's closed early on Saturdays.",
            "Fade Lab did a great haircut this morning.",
        ],
        "Where do I get my hair cut?",
    ),
    "zh": (
        [
            "我一直在楼下的老王理发店剪头发。",
            "又去老王理发店剪了头发。",
        ],
        [
            "现在改去商场里的快剪店剪头发了，老王那儿排队太久。",
            "在快剪店剪了头发，十分钟就好。",
        ],
        "我在哪儿剪头发？",
    ),
}
NOISE = {
    "en": [
        "The council is digging up our road for a new gas main.",
        "My electricity bill doubled this quarter.",
        "Bought a new winter coat.",
        "My flatmate Joe is moving out at the end of the month.",
    ],
    "zh": ["我的驾照要换证了。", "老板说年终奖下个月发。", "小区的快递柜换了。", "同事下周结婚。"],
}
HOBBY = {
    "en": [
        "Restrung my old acoustic guitar and practised chords for an hour.",
        "Finally nailed the F barre chord on the guitar, my fingertips are raw.",
        "Learned the intro to Wonderwall on guitar, a cliche but fun.",
        "Booked a guitar lesson with a teacher in Camden for fingerpicking.",
        "Played guitar at my cousin's barbecue, everyone sang along.",
        "Bought a capo and new picks for the guitar.",
    ],
    "zh": [
        "周六去水库钓鱼，钓了三条鲫鱼。",
        "买了一根新的鱼竿，准备周末去钓鱼。",
        "夜里去河边钓鱼，只钓到一条小鲤鱼，蚊子太多。",
        "和老同学去海边钓鱼，风浪很大。",
        "钓鱼协会组织了一次比赛，我钓了第五名。",
        "给鱼竿换了新的鱼线，明天去钓鱼。",
    ],
}


def _profiles(mem: HybridMemory) -> list:
    return [n for n in mem.store.user_nodes(U, statuses=["active"]) if n.node_type == "profile"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_profile_quotes_the_standing_value_not_the_old_one(
    e5_mem: HybridMemory, clock: FakeClock, lang
):
    old, new, question = CHANGED[lang]
    ids = {}
    for text, other in zip([*old, *new], NOISE[lang], strict=True):
        ids[text] = e5_mem.add(text, node_type="fact", user_id=U).id
        clock.advance(days=3)
        e5_mem.add(other, user_id=U)
        clock.advance(days=3)
    clock.advance(days=30)
    e5_mem.maintain(user_id=U)
    profiles = [p for p in _profiles(e5_mem) if set(p.metadata["derived_from"]) & set(ids.values())]
    assert profiles, "the repeated value makes a theme"
    standing = " ".join([*new, *NOISE[lang]]).lower()
    for profile in profiles:
        # The old value is history: not quoted as standing beside the new one.
        assert not any(text in profile.content for text in old), profile.content
        assert new[-1] in profile.content
        # Nor named by a word only the old value says.
        head = re.split(r"[:：]", profile.content)[0]
        named = re.split(
            r", |、", head.removeprefix("I keep coming back to ").removeprefix("我常说起")
        )
        assert all(word in standing for word in named), head
    # Nothing is lost: the old statements stay live for the value history.
    assert all(e5_mem.get(ids[text]).status == "active" for text in old)
    # The theme question gets no old value from the profile above the new one.
    hits = e5_mem.retrieve(question, user_id=U, top_k=5, record_access=False).hits
    first_new = next(k for k, h in enumerate(hits) if any(t in h.node.content for t in new))
    assert not any(t in h.node.content for h in hits[:first_new] for t in old)


def test_an_llm_distiller_is_not_sent_the_old_value(e5_mem: HybridMemory, clock: FakeClock):
    old, new, _ = CHANGED["en"]
    for text, other in zip([*old, *new], NOISE["en"], strict=True):
        e5_mem.add(text, node_type="fact", user_id=U)
        clock.advance(days=3)
        e5_mem.add(other, user_id=U)
        clock.advance(days=3)
    clock.advance(days=30)
    with FakeLLMServer() as server:
        e5_mem.maintain(user_id=U, distiller=LLMDistiller(ChatClient(LLMSettings(server.base_url))))
        sent = [m["content"] for r in server.requests for m in r["messages"]]
    assert any(new[-1] in text for text in sent)
    assert not any(o in text for o in old for text in sent)
    assert all(old[0] not in p.content for p in _profiles(e5_mem))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_profile_updated_later_keeps_its_words_and_quotes(
    e5_mem: HybridMemory, clock: FakeClock, lang
):
    hobby, noise = HOBBY[lang], NOISE[lang]
    for text, other in zip(hobby[:4], noise, strict=True):
        e5_mem.add(text, user_id=U)
        clock.advance(days=3)
        e5_mem.add(other, user_id=U)
        clock.advance(days=2)
    clock.advance(days=30)
    e5_mem.maintain(user_id=U)
    (first,) = _profiles(e5_mem)
    for text in hobby[4:]:
        e5_mem.add(text, user_id=U)
        clock.advance(days=4)
    clock.advance(days=30)
    e5_mem.maintain(user_id=U)
    (profile,) = _profiles(e5_mem)
    assert profile.id == first.id
    assert len(profile.metadata["derived_from"]) > len(first.metadata["derived_from"])
    # Still the theme's central episodes, several of them, under the theme's own words
    # (a later run used to rewrite it around one episode under a bare term).
    quoted = [text for text in hobby if text in profile.content]
    assert len(quoted) >= 2, profile.content
    assert (
        profile.content.split(":")[0].split("：")[0] == first.content.split(":")[0].split("：")[0]
    )


def test_a_move_back_in_the_old_words_is_the_value_the_profile_states(
    e5_mem: HybridMemory, clock: FakeClock
):
    # The move back is merged into the first node as a repeat: that node is the current value
    # again (said last; the value it left is demoted by it, ``conflicts.said_again``).
    said = [
        ("I take oat milk in my coffee.", "fact"),
        ("The council is digging up our road for a new gas main.", "event"),
        ("I take soy milk in my coffee now.", "fact"),
        ("My electricity bill doubled this quarter.", "event"),
        ("I take oat milk in my coffee.", "fact"),
        ("Bought a new winter coat.", "event"),
    ]
    for text, kind in said:
        e5_mem.add(text, node_type=kind, user_id=U)
        clock.advance(days=3)
    oat = next(n for n in e5_mem.store.user_nodes(U) if n.content == said[0][0])
    soy = next(n for n in e5_mem.store.user_nodes(U) if n.content == said[2][0])
    assert oat.metadata.get("mentions") == 2 and soy.metadata.get("demoted_by") == oat.id
    # Before the value left settles (archived ``settle_after_days`` after the move back's
    # node was first written), so both values are still live for the profile to choose from.
    clock.advance(days=10)
    e5_mem.maintain(user_id=U)
    (profile,) = _profiles(e5_mem)
    assert said[0][0] in profile.content
    assert said[2][0] not in profile.content
