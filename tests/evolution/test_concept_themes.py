"""A theme said in different words gets its profile; unrelated remarks get none (issue 38).

A user comes back to one thing over weeks without repeating a word often enough to name it
("bouldering" twice, then "the climbing gym"; 失眠, 睡着, 助眠). The words the model reads as one
confirm the theme (:class:`hybridmem.evolution.maintain.themes._Concepts`), so one deep
maintenance run a month later distils it, and a question about it finds the profile. A user
whose remarks are about different things gets no profile. Real SQLite and Chroma in
tmp_path, the shipped multilingual e5 embedder, time injected.
"""

from __future__ import annotations

import pytest

from hybridmem import FakeClock, HybridMemory

U = "u1"
SAID = {
    "en": (
        [
            "Went bouldering after work, my forearms are dead.",
            "Did a bouldering session with Sam on Saturday.",
            "Finally topped the overhang at the climbing gym.",
            "Bought a chalk bag and new shoes for the wall.",
        ],
        [
            "My flatmate Joe is moving out at the end of the month.",
            "Bought a new winter coat from Uniqlo.",
            "The council is digging up our road for a new gas main.",
            "My electricity bill doubled this quarter.",
        ],
        "What sport have I taken up?",
    ),
    "zh": (
        [
            "又失眠了，躺到两点还醒着。",
            "凌晨三点就醒了，再也没睡着。",
            "医生给我开了助眠的药。",
            "一夜没合眼，白天头疼。",
        ],
        [
            "我的工号是A3721。",
            "小区的快递柜换成了丰巢。",
            "我的驾照要换证了。",
            "老板说年终奖下个月发。",
        ],
        "我晚上休息得好吗？",
    ),
}
UNRELATED = {
    "en": [
        "My car's MOT is due in November.",
        "The office coffee machine broke down.",
        "Tried a Georgian restaurant near the station.",
        "My aunt Rosa is visiting from Madrid.",
        "The bathroom extractor fan is rattling.",
        "Got tickets for a comedy night.",
        "Repotted the fern on the landing.",
        "My library books are overdue.",
        "Lent my ladder to the people at number nine.",
        "Our finance director is retiring in spring.",
    ],
    "zh": [
        "汽车十一月要年审。",
        "办公室的咖啡机坏了。",
        "在地铁口吃了一家新疆菜。",
        "姑姑从西安来看我们。",
        "卫生间的排风扇响得厉害。",
        "抢到了脱口秀的票。",
        "给客厅的发财树换了盆。",
        "图书馆借的书过期了。",
        "把梯凳借给了对门邻居。",
        "财务总监明年春天退休。",
    ],
}


@pytest.fixture
def memory(tmp_path, e5, clock: FakeClock):
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock) as mem:
        yield mem


def _profiles(mem: HybridMemory) -> list:
    return [n for n in mem.store.user_nodes(U, statuses=["active"]) if n.node_type == "profile"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_theme_said_in_different_words_gets_its_profile(
    memory: HybridMemory, clock: FakeClock, lang
):
    theme, noise, question = SAID[lang]
    ids = []
    for said, other in zip(theme, noise, strict=True):
        ids.append(memory.add(said, user_id=U).id)
        clock.advance(days=3)
        memory.add(other, user_id=U)
        clock.advance(days=2)
    clock.advance(days=30)
    memory.maintain(user_id=U)
    (profile,) = _profiles(memory)
    # Its sources are episodes of the theme (enough of them to make one), none of the rest.
    sources = set(profile.metadata["derived_from"])
    assert len(sources) >= 3
    assert sources <= set(ids)
    assert any(text in profile.content for text in theme)
    hits = memory.retrieve(question, user_id=U, top_k=5, record_access=False).hits
    assert profile.id in [h.node.id for h in hits]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_remarks_about_different_things_make_no_profile(
    memory: HybridMemory, clock: FakeClock, lang
):
    for text in UNRELATED[lang]:
        memory.add(text, user_id=U)
        clock.advance(days=3)
    clock.advance(days=30)
    memory.maintain(user_id=U)
    assert [p.content for p in _profiles(memory)] == []
