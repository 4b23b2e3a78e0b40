"""Slot grouping beyond a phrase list, and the speech acts that decide what may change a value."""

from __future__ import annotations

import json

import pytest

from benchmarks.evolution_models import slot_eval
from hybridmem import HashEmbedder, HybridMemory, MemoryConfig
from hybridmem.config.evolution import EvolutionConfig
from hybridmem.errors import InvalidArgumentError
from hybridmem.evolution.llm import ChatClient, LLMSettings, LLMSlotExtractor
from hybridmem.evolution.slots.rules import SlotPrototypes, about_speaker, infer_slot
from hybridmem.evolution.speech.acts import SpeechAct, classify
from hybridmem.testing.fake_llm import FakeLLMServer

U = "u1"


# --- value changes said the way people say them ----------------------------------------------
@pytest.mark.parametrize(
    ("old", "new", "slot"),
    [
        (
            "I'm a bookkeeper at a dental practice",
            "stopped doing the books, I'm a baker now",
            "user.job",
        ),
        ("我是中学数学老师", "我不当老师了，现在在一家书店当店长", "user.job"),
        ("我住在南京", "兜兜转转又搬回了合肥", "user.residence"),
        ("我住在重庆", "我现在在昆明了", "user.residence"),
        ("I live in Glasgow", "back in Cardiff these days, for good", "user.residence"),
        (
            "I work at a law firm in town",
            "left the firm, I joined a hospital trust",
            "user.workplace",
        ),
    ],
)
def test_a_change_said_naturally_replaces_the_current_value(mem, clock, old, new, slot):
    first = mem.add(old, node_type="fact", user_id=U)
    assert first.metadata.get("slot") == slot
    clock.advance(days=1)
    second = mem.add(new, node_type="fact", user_id=U)
    assert second.metadata.get("slot") == slot and second.conflict_group == f"slot:{slot}"
    assert mem.current_value(slot, user_id=U).id == second.id


@pytest.mark.parametrize(
    "text",
    [
        "my sister moved to Lisbon",
        "我老板搬到深圳了",
        "Tom joined Globex last week",
        "我室友当了护士",
        "the office moved to the fifth floor",
        # A possessive's head past its modifiers, and the rest of the kinship class.
        "我最好的同学现在在成都",
        "我高中同桌现在在深圳",
        "我公公跟我们住在一起",
    ],
)
def test_someone_elses_change_never_touches_the_users_value(mem, clock, text):
    home = mem.add(
        "I live in Lyon" if text.isascii() else "我住在长沙", node_type="fact", user_id=U
    )
    clock.advance(days=1)
    other = mem.add(text, node_type="fact", user_id=U)
    assert not about_speaker(text)
    # Someone else's value goes to that person's own group (evolution/others.py), if any.
    slot = other.metadata.get("slot")
    assert slot is None or "@" in slot
    assert (
        other.conflict_group in (None, f"slot:{slot}")
        and other.conflict_group != home.conflict_group
    )
    assert mem.get(home.id).status == "active"
    assert mem.current_value(home.metadata["slot"], user_id=U).id == home.id


@pytest.mark.parametrize(
    ("role", "own"),
    [
        ("我的会计师是王女士", "我是程序员"),
        ("我的主治医生换成了李医生", "我现在当老师"),
        ("My accountant is Ms Wang", "I'm a programmer"),
    ],
)
def test_a_possessed_role_is_someone_else_not_the_users_job(mem, clock, role, own):
    """ "My accountant is X" names a person, not the speaker's occupation: the user's own job
    said later must not overturn it (nor it the job)."""
    other = mem.add(role, node_type="fact", user_id=U)
    assert not about_speaker(role)
    clock.advance(days=1)
    job = mem.add(own, node_type="fact", user_id=U)
    assert job.conflict_group == "slot:user.job"
    assert other.conflict_group != job.conflict_group
    assert mem.get(other.id).status == "active"
    assert mem.current_value("user.job", user_id=U).id == job.id


def test_a_user_slot_map_names_new_attributes(tmp_path, clock):
    cfg = MemoryConfig(evolution=EvolutionConfig(slot_map={"user.gym": ("gym", "健身房")}))
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock, config=cfg) as m:
        a = m.add("I train at the Riverside gym", node_type="fact", user_id=U)
        clock.advance(days=1)
        b = m.add("switched to the gym near the station", node_type="fact", user_id=U)
        assert a.conflict_group == b.conflict_group == "slot:user.gym"
        assert m.current_value("user.gym", user_id=U).id == b.id
    with pytest.raises(InvalidArgumentError, match="slot_map"):
        EvolutionConfig(slot_map={"user.gym": "gym"})  # a bare string is not a word list


def test_an_llm_extractor_places_what_the_rules_do_not(mem, clock):
    asked: list[str] = []

    def responder(messages):
        asked.append(messages[-1]["content"])
        return json.dumps({"slot": "user.vehicle"})

    with FakeLLMServer(responder) as server:
        mem.set_slot_extractor(LLMSlotExtractor(ChatClient(LLMSettings(server.base_url))))
        node = mem.add("these days I get around on a cargo trike", node_type="fact", user_id=U)
        assert node.metadata["slot"] == "user.vehicle"
        assert node.marks["slot_via"] == "extractor:llm"
        assert "user.vehicle" in asked[0] and "cargo trike" in asked[0]
        # Someone else's news is never sent to the extractor.
        mem.add("my brother bought a cargo trike", node_type="fact", user_id=U)
        assert len(asked) == 1


def test_a_confused_or_absent_extractor_never_blocks_a_write(mem, clock):
    with FakeLLMServer(lambda messages: json.dumps({"slot": "user.spaceship"})) as server:
        mem.set_slot_extractor(LLMSlotExtractor(ChatClient(LLMSettings(server.base_url))))
        node = mem.add("I get around on a cargo trike", node_type="fact", user_id=U)
        assert node.metadata.get("slot") is None
    settings = LLMSettings("http://127.0.0.1:9", timeout_s=0.5)  # nothing listens there
    mem.set_slot_extractor(LLMSlotExtractor(ChatClient(settings)))
    assert mem.add("I mostly cycle now", node_type="fact", user_id=U).status == "active"
    mem.set_slot_extractor(None)
    with pytest.raises(InvalidArgumentError, match="extract"):
        mem.set_slot_extractor(object())  # type: ignore[arg-type]


def test_the_embedder_is_asked_only_in_languages_it_reads():
    # A hashing embedder reads no language: its prototypes are not told apart.
    assert SlotPrototypes.build(HashEmbedder(256).embed).languages() == ()


# --- the labelled set ------------------------------------------------------------------------
def test_labelled_value_changes_are_large_split_and_unique():
    examples = slot_eval.load()
    for lang in ("en", "zh"):
        mine = [e for e in examples if e.lang == lang]
        assert len(mine) >= 150
        assert {e.split for e in mine} == {"dev", "test"}
    texts = [e.text.casefold() for e in examples]
    assert len(texts) == len(set(texts))


def test_slot_inference_on_the_labelled_set():
    examples = slot_eval.load()
    dev = slot_eval.evaluate([e for e in examples if e.split == "dev"], slot_eval.rules_only)
    test = slot_eval.evaluate([e for e in examples if e.split == "test"], slot_eval.rules_only)
    # Floors a few points under the measured figures of the rules alone (see the data README;
    # dev includes zh dev batch 2, which the rules were only partly fixed for, and test the
    # blind batch 2): a rule change that costs recall or adds false slots fails here.
    assert dev["en"]["recall"] >= 0.95 and dev["zh"]["recall"] >= 0.77
    assert test["en"]["recall"] >= 0.85 and test["zh"]["recall"] >= 0.62
    assert dev["en"]["false_slot_rate"] == 0.0 and dev["zh"]["false_slot_rate"] <= 0.05
    assert test["en"]["false_slot_rate"] == 0.0 and test["zh"]["false_slot_rate"] <= 0.17


# --- speech acts that decide whether a value may change --------------------------------------
@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("ugh, this job, the patients shout at me all day long, I want to scream", "emotion"),
        ("这破班上得我头都大了", "emotion"),
        ("还是燕麦奶好一点", "preference"),
        ("the aisle seat suits me better after all", "preference"),
        ("燕麦奶还是牛奶好？", "question"),
        ("嗯嗯，好的", "filler"),
        ("ok cool, thanks", "filler"),
        ("我什么菜都吃", "assertion"),
    ],
)
def test_rules_v2_acts(text, act):
    assert classify(text).act is SpeechAct(act)


def test_venting_about_the_job_never_outranks_the_job(mem, clock):
    job = mem.add("I'm a nurse at the children's hospital", node_type="fact", user_id=U)
    vent = mem.add(
        "hate this job, the parents yell at me every single shift", node_type="fact", user_id=U
    )
    assert vent.status == "candidate" and vent.marks["speech_act"] == "emotion"
    assert mem.current_value("user.job", user_id=U).id == job.id


def test_a_soft_choice_confirms_a_change_of_a_long_term_value(mem, clock):
    old = mem.add("我喝深烘的咖啡", node_type="preference", user_id=U, tier="long_term")
    clock.advance(days=2)
    first = mem.add("最近我改喝浅烘的了", node_type="preference", user_id=U)
    assert first.metadata.get("awaiting") == "confirmation"
    clock.advance(days=1)
    again = mem.add("还是浅烘好一点", node_type="preference", user_id=U)
    assert again.marks["speech_act"] == "preference"
    assert mem.current_value("pref.coffee", user_id=U).id == again.id
    assert mem.get(old.id).status == "archived"


# --- a change said with feeling is still a change (evolution/commitments.py) -----------------
@pytest.mark.parametrize(
    ("old", "new", "slot"),
    [
        (
            "I commute by car",
            "sold the car, I cycle to the office now, the traffic was so stressful",
            "user.vehicle",
        ),
        ("我开车上班", "车卖了，现在骑自行车去公司，堵车太烦了", "user.vehicle"),
        (
            "我喝咖啡喜欢加燕麦奶",
            "其实我现在咖啡改加豆奶了，燕麦奶喝了胃不舒服",
            "pref.coffee",
        ),
    ],
)
def test_a_change_said_with_feeling_replaces_the_value(mem, clock, old, new, slot):
    """The whole utterance reads as an emotion, but one clause states the change: filtering
    it as a passing mood left the old value as the user's current one."""
    first = mem.add(old, node_type="fact", user_id=U)
    clock.advance(days=1)
    second = mem.add(new, node_type="fact", user_id=U)
    assert second.marks["speech_act"] == "emotion"
    assert second.status == "active" and second.metadata["committed_clause"] in new
    assert first.conflict_group == second.conflict_group == f"slot:{slot}"
    assert mem.current_value(slot, user_id=U).id == second.id


@pytest.mark.parametrize(
    "text",
    [
        "I'm so angry today, the night shift was a disaster",
        "so happy for her, my sister moved to Paris",  # the change is someone else's
        "今天气死我了，夜班简直一团糟",
        "ugh, I'm exhausted, work has been brutal all week",
        # Venting stays a mood whatever its clauses say (speech_types: the label rules).
        "新来的馆长简直了，这班谁爱上谁上吧",
    ],
)
def test_a_mood_with_no_change_of_the_speakers_own_stays_a_candidate(mem, text):
    node = mem.add(text, node_type="fact", user_id=U)
    assert node.marks["speech_act"] == "emotion"
    assert node.status == "candidate" and "committed_clause" not in node.metadata


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("I moved my gym sessions to Tuesday and Friday mornings", None),
        ("I moved the piano into the spare room", None),
        ("I moved to Leeds in March", "user.residence"),
        ("we're moving house in May", "user.residence"),
        ("我用的是苹果手机", None),  # 手 heads 手机 here, no occupation
        ("我换成了华为手机", None),
        ("我是一名歌手", "user.job"),
        ("我现在是护士了", "user.job"),
        # 去 + a place: a trip until the going is done.
        ("我打算下个月去成都玩", None),
        ("我去成都了", "user.residence"),
    ],
)
def test_a_moved_thing_or_a_phone_is_no_home_or_job(text, slot):
    assert infer_slot(text) == slot
