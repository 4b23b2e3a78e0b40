"""Time-travel tests of every story in the seed note, in English and in Chinese.

Each story runs against a real SQLite file and a real Chroma directory, with a FakeClock moved
forward day by day and maintenance run as a deployment would run it.
"""

from __future__ import annotations

import pytest

from hybridmem import HybridMemory

U = "u1"
LANGS = ["en", "zh"]

COFFEE = {
    "en": (
        "I like light roast pour-over coffee.",
        "I prefer dark roast coffee now.",
        "Dark roast again for me, please.",
        "Actually light roast is nicer.",
        "coffee roast",
    ),
    "zh": (
        "我喜欢浅烘焙的手冲",
        "我现在改主意了，以后都选深烘焙",
        "还是深烘焙吧，深烘焙更香",
        "其实浅烘焙也挺好",
        "咖啡 烘焙",
    ),
}


@pytest.mark.parametrize("lang", LANGS)
def test_light_vs_dark_roast_flip_flop(mem: HybridMemory, clock, lang):
    light, dark, dark_again, light_again, query = COFFEE[lang]
    first = mem.add(light, node_type="preference", user_id=U)
    assert first.status == "active" and first.lifecycle == "long_term"
    assert first.conflict_group == "slot:pref.coffee"
    clock.advance(days=7)
    mem.maintain()
    assert mem.get(first.id).tier == "long_term"

    # One ordinary statement does not overturn a long-term preference: both are kept, the
    # long-term one stays current (not even demoted), the new one is noted as unconfirmed.
    clock.advance(days=3)
    challenger = mem.add(dark, node_type="preference", user_id=U)
    assert challenger.status == "active" and challenger.metadata["awaiting"] == "confirmation"
    assert challenger.importance < first.importance
    assert mem.current_value("pref.coffee", user_id=U).id == first.id
    assert mem.get(first.id).importance == first.importance
    res = mem.retrieve(query, user_id=U)
    assert [h.node.id for h in res.hits if h.node.conflict_group] == [first.id, challenger.id]
    assert f"{dark} (unconfirmed)" in res.context
    narrow = mem.retrieve(query, user_id=U, top_k=1)  # only the current value fits
    assert f"{light} (recently said, unconfirmed: {dark})" in narrow.context

    # The second mention confirms it: the old value is archived with a reason and a link.
    clock.advance(days=2)
    confirmed = mem.add(dark_again, node_type="preference", user_id=U)
    assert confirmed.status == "active" and confirmed.tier == "long_term"
    assert mem.current_value("pref.coffee", user_id=U).id == confirmed.id
    old = mem.get(first.id)
    assert old.status == "archived" and old.metadata["superseded_by"] == confirmed.id
    res = mem.retrieve(query, user_id=U)
    assert dark_again in res.context
    assert f"previously: {light}" in res.context  # it can say what it was before

    # Flip-flopping back once is only a candidate: the confirmed value stays current.
    clock.advance(days=1)
    back = mem.add(light_again, node_type="preference", user_id=U)
    assert back.metadata["awaiting"] == "confirmation"
    assert mem.current_value("pref.coffee", user_id=U).id == confirmed.id
    history = mem.value_history("pref.coffee", user_id=U)
    assert [r.node.id for r in history] == [first.id, challenger.id, confirmed.id, back.id]
    assert [r.current for r in history] == [False, False, True, False]


MOVE = {
    "en": (
        "I work in the east part of town.",
        "I changed jobs, I work in the west part of town now.",
        "I still work in the west part of town.",
        "where do I work",
    ),
    "zh": ("我在城东上班", "我换工作了，现在在城西上班", "我还是在城西上班", "我在哪里上班"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_moving_east_to_west_of_town_recent_value(mem: HybridMemory, clock, lang):
    east, west, _, query = MOVE[lang]
    old = mem.add(east, node_type="fact", user_id=U)
    clock.advance(days=1)  # not yet settled in the long-term tier
    new = mem.add(west, node_type="fact", user_id=U)
    # Similar confidence: both kept, the old one demoted; the new one is the current value.
    assert new.status == "active" and mem.get(old.id).status == "active"
    assert mem.get(old.id).importance < old.importance
    assert mem.current_value("user.workplace", user_id=U).id == new.id
    res = mem.retrieve(query, user_id=U)
    ids = [h.node.id for h in res.hits]
    assert new.id in ids and old.id not in ids  # one answer, not two
    assert f"previously: {east}" in res.context
    # Deep maintenance settles the group once the old value was not confirmed again.
    clock.advance(days=31)
    report = mem.maintain()
    assert report.counts.get("settle") == 1
    assert mem.get(old.id).status == "archived"
    assert "superseded by" in mem.get(old.id).metadata["archived_reason"]
    assert mem.current_value("user.workplace", user_id=U).id == new.id


@pytest.mark.parametrize("lang", LANGS)
def test_moving_east_to_west_long_term_needs_confirmation(mem: HybridMemory, clock, lang):
    east, west, west_again, _ = MOVE[lang]
    old = mem.add(east, node_type="fact", user_id=U)
    clock.advance(days=30)
    mem.maintain()
    assert mem.get(old.id).tier == "long_term"
    first = mem.add(west, node_type="fact", user_id=U)
    assert first.metadata["awaiting"] == "confirmation"
    assert mem.current_value("user.workplace", user_id=U).id == old.id
    clock.advance(days=3)
    second = mem.add(west_again, node_type="fact", user_id=U)
    assert second.status == "active"
    assert mem.current_value("user.workplace", user_id=U).id == second.id
    assert mem.get(old.id).status == "archived"
    assert mem.get(first.id).metadata["merged_into"] == second.id


CHENGDU = {
    "en": ("I live in Shanghai.", "What if I moved to Chengdu?", "Chengdu"),
    "zh": ("我住在上海", "如果我搬到成都呢？", "成都"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_what_if_i_moved_to_chengdu_is_not_stored_as_the_city(mem: HybridMemory, clock, lang):
    home, what_if, city = CHENGDU[lang]
    fact = mem.add(home, node_type="fact", user_id=U)
    clock.advance(days=7)
    mem.maintain()
    for _ in range(3):  # asked again and again: a hypothetical never confirms anything
        clock.advance(hours=5)
        node = mem.add(what_if, node_type="fact", user_id=U)
        assert node.status == "candidate"
        assert node.marks["speech_act"] == "hypothetical"
        assert node.lifecycle != "long_term" and node.importance < fact.importance
    assert mem.current_value("user.residence", user_id=U).id == fact.id
    res = mem.retrieve(city, user_id=U)
    assert all(city not in h.node.content for h in res.hits)
    assert home in mem.retrieve(home, user_id=U).context
    clock.advance(days=15)
    mem.maintain()
    rows = mem.inspect(user_id=U, contains=city)
    assert rows and all(r.node.status == "archived" for r in rows)
    assert mem.get(fact.id).status == "active"


RAIN = {
    "en": ("I kind of hate rain.", "Any idea for a walk on a rainy day?", "rain"),
    "zh": ("我其实挺讨厌下雨的", "想找个下雨天出去散步", "下雨"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_i_hate_rain_said_once_is_not_a_standing_preference(mem: HybridMemory, clock, lang):
    said, later, word = RAIN[lang]
    pref = mem.add(said, node_type="preference", user_id=U)
    assert pref.status == "candidate" and pref.marks["speech_act"] == "emotion"
    assert pref.tier == "working"
    event = mem.add(said, node_type="event", user_id=U)  # the episode itself is recorded
    assert event.status == "active" and event.lifecycle == "short_term"
    active_prefs = mem.inspect(user_id=U, node_types=["preference"], statuses=["active"])
    assert active_prefs == []
    clock.advance(days=15)
    mem.maintain()
    assert mem.get(pref.id).status == "archived"
    hits = mem.retrieve(later, user_id=U).hits
    assert all(h.node.node_type != "preference" for h in hits)
    assert all(word not in h.node.content or h.node.node_type == "event" for h in hits)


DIET = {
    "en": (
        "I'm on a diet these days.",
        "Still on my diet, skipped dessert.",
        "The diet is going well, lost a kilo.",
        "Diet week four, salads only.",
        "diet",
    ),
    "zh": (
        "我最近在减脂",
        "减脂第二周，晚饭只吃沙拉",
        "减脂效果不错，瘦了一公斤",
        "减脂第四周了，今天吃鸡胸肉",
        "减脂",
    ),
}


@pytest.mark.parametrize("lang", LANGS)
def test_dieting_mentioned_three_times_is_distilled(mem: HybridMemory, clock, lang):
    *mentions, fourth, theme = DIET[lang]
    mem.add("Booked a dentist appointment" if lang == "en" else "约了牙医", user_id=U)
    ids = []
    for i, text in enumerate(mentions):
        clock.advance(days=2)
        ids.append(mem.add(text, user_id=U, source_id=f"chat-{i}").id)
        report = mem.maintain()
        created = [a for a in report.actions if a.action == "distil_create"]
        assert len(created) == (1 if i == 2 else 0)  # the third mention, not before
    profile = mem.get(created[0].node_id)
    assert profile.node_type == "profile" and profile.status == "active"
    assert profile.metadata["derived_from"] == ids
    assert set(profile.metadata["covers"]) >= {"chat-0", "chat-1", "chat-2"}
    assert theme in profile.content
    # Extractive: the conclusion quotes a source sentence verbatim.
    assert any(text in profile.content for text in mentions)
    assert mem.maintain().counts.get("distil_create") is None  # idempotent
    # Incremental: a fourth mention updates the same profile node.
    clock.advance(days=2)
    extra = mem.add(fourth, user_id=U, source_id="chat-3")
    report = mem.maintain()
    assert report.counts.get("distil_update") == 1 and "distil_create" not in report.counts
    updated = mem.get(profile.id)
    assert updated.metadata["derived_from"] == [*ids, extra.id]
    assert "chat-3" in updated.metadata["covers"]
    # Protected: months of silence never archive a profile conclusion.
    clock.advance(days=400)
    mem.maintain()
    assert mem.get(profile.id).status == "active"


ORDER = {
    "en": ("My order number is 88231.", "I never eat spicy food.", "order number"),
    "zh": ("我的订单号是 88231", "我从来不吃辣", "订单号"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_temporary_order_number_is_forgotten(mem: HybridMemory, clock, lang):
    order, core, query = ORDER[lang]
    scratch = mem.add(order, node_type="fact", user_id=U)
    keep = mem.add(core, node_type="preference", user_id=U)
    assert scratch.lifecycle == "transient"
    assert any(h.node.id == scratch.id for h in mem.retrieve(query, user_id=U).hits)
    clock.advance(days=5)
    report = mem.maintain()
    assert scratch.id in {a.node_id for a in report.actions if a.action == "fade"}
    assert mem.get(scratch.id).status == "archived"  # archived, not deleted: restorable
    assert all(h.node.id != scratch.id for h in mem.retrieve(query, user_id=U).hits)
    assert mem.get(keep.id).status == "active"


@pytest.mark.parametrize("lang", LANGS)
def test_core_preference_and_fact_kept_for_months(mem: HybridMemory, clock, lang):
    core = ORDER[lang][1]
    fact_text = "My daughter is called Lily." if lang == "en" else "我女儿叫莉莉"
    pref = mem.add(core, node_type="preference", user_id=U)
    fact = mem.add(fact_text, node_type="fact", user_id=U, importance=0.7)
    for _ in range(6):  # half a year of monthly maintenance, never mentioned again
        clock.advance(days=30)
        mem.maintain()
    for node in (pref, fact):
        now = mem.get(node.id)
        assert now.status == "active" and now.tier == "long_term"
    res = mem.retrieve(core, user_id=U)
    assert pref.id in [h.node.id for h in res.hits]


DESIGNER = {
    "en": ("I work as a designer.", "What if I switched careers to data analysis?"),
    "zh": ("我是一名设计师", "如果我想转行做数据分析呢？"),
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("explicit_slot", [False, True])
def test_designer_asking_about_switching_careers_keeps_the_job(
    mem: HybridMemory, clock, lang, explicit_slot
):
    job, asking = DESIGNER[lang]
    slot = "user.job" if explicit_slot else None
    current = mem.add(job, node_type="fact", user_id=U, slot=slot)
    assert current.conflict_group == "slot:user.job"
    clock.advance(days=1)
    question = mem.add(asking, node_type="fact", user_id=U, slot=slot)
    assert question.status == "candidate"
    assert mem.current_value("user.job", user_id=U).id == current.id
    assert mem.get(current.id).status == "active"
    assert mem.get(current.id).importance == current.importance  # not even demoted
    res = mem.retrieve(asking, user_id=U)
    assert question.id not in [h.node.id for h in res.hits]


@pytest.mark.parametrize("lang", LANGS)
def test_unconfirmed_challenger_is_archived_when_never_repeated(mem: HybridMemory, clock, lang):
    light, dark, *_ = COFFEE[lang]
    first = mem.add(light, node_type="preference", user_id=U)
    clock.advance(days=7)
    mem.maintain()
    challenger = mem.add(dark, node_type="preference", user_id=U)
    clock.advance(days=15)
    report = mem.maintain()
    assert challenger.id in {a.node_id for a in report.actions if a.action == "archive_candidate"}
    assert mem.get(challenger.id).status == "archived"
    assert mem.current_value("pref.coffee", user_id=U).id == first.id
    assert mem.get(first.id).tier == "long_term"
