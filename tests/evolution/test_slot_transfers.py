"""A change of provider and a former employer state no value of a slot (issue 38, slots10).

The tenth first-day session filed brief provider changes under a slot ("gone over to Virgin
Media" as the workplace, "moved everything over to Monzo" as the home, "switched to Admiral" as
the job), and the leak10 session saw sealed statements about a former employer filed as the
current job or workplace (我被以前的公司告了, 我上一份工作是因为偷拿药品丢的), so 我是做什么工作的？
got the sealed memory first. The sentences here are neither set's.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.evolution.slots.rules import infer
from hybridmem.privacy import PrivacyConfig, generate_key
from tests.slot_asides import U, value_then_aside


@pytest.mark.parametrize(
    "text",
    [
        "We've gone over to Sky for the telly now.",  # the destination a proper name
        "I moved all my savings over to Marcus.",  # a thing moved, not the speaker
        "Switched my mortgage to Halifax.",
        "I've switched over to Octopus.",
        "我把电费账户转到支付宝了",  # 把 + a thing + a directional change
        "上个月宽带改用长城了",
    ],
)
def test_a_change_of_provider_is_decided_slotless(text: str) -> None:
    guess = infer(text)
    # Decided: no slot, and the slot model is not asked (it reads the change verb as a change
    # of job or workplace).
    assert guess.slot is None and not guess.open, guess


@pytest.mark.parametrize(
    "text",
    [
        "I'm taking my former employer to court.",
        "I was let go from my previous job in May.",
        "我跟前公司还在打官司",
        "我上一份工作是因为跟病人吵架丢的。",
        "我被原来的单位起诉了",
    ],
)
def test_a_former_employer_as_the_scene_is_no_current_value(text: str) -> None:
    guess = infer(text)
    assert guess.slot is None and not guess.open, guess


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("I moved over to the Leeds office.", "user.workplace"),
        ("We moved to Norwich.", "user.residence"),
        ("I quit my old job and joined the council.", "user.workplace"),  # leaving it: a change
        ("原来那家店不干了，去了超市上班", "user.workplace"),
        ("我把思域换成了混动", "user.vehicle"),  # 换成: one value for another
        ("我转到杭州分公司了", "user.workplace"),
    ],
)
def test_a_real_move_or_change_of_job_keeps_its_slot(text: str, slot: str) -> None:
    assert infer(text).slot == slot


@pytest.mark.parametrize(
    ("value", "slot", "aside"),
    [
        (
            "I work at the Co-op in town.",
            "user.workplace",
            "I'm suing my old company for back pay.",
        ),
        ("I live in Exeter.", "user.residence", "I've moved everything over to Starling now."),
        ("我在一家药店上班。", "user.workplace", "我被以前的公司告了，还没判。"),
        ("我是护士。", "user.job", "我上一份工作是因为迟到太多丢的。"),
    ],
)
def test_the_current_value_stays_after_a_provider_or_a_former_employer(
    tmp_path: Path, clock: FakeClock, value: str, slot: str, aside: str
) -> None:
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(128), clock=clock) as mem:
        value_then_aside(mem, clock, value, slot, aside)


@pytest.mark.parametrize(
    "change",
    ["We've gone over to Sky for the telly now.", "I switched to Aviva when it renewed."],
)
def test_with_e5_a_provider_change_joins_no_work_group(
    e5_mem: HybridMemory, clock: FakeClock, change: str
) -> None:
    work = e5_mem.add("I work at the Co-op in town.", node_type="fact", user_id=U)
    clock.advance(days=1)
    node = e5_mem.add(change, node_type="fact", user_id=U)
    assert node.metadata.get("slot") not in ("user.workplace", "user.job")
    current = e5_mem.current_value("user.workplace", user_id=U)
    assert current is not None and current.id == work.id


STORES = {
    "zh": (
        (
            "我在市一医院当护士，上三班倒。",
            "我对青霉素过敏。",
            "我周末喜欢去公园打羽毛球。",
            "我儿子在读初二。",
            "我住在江北区。",
        ),
        "我上一份工作是因为收红包被开除的。",
        "我是做什么工作的？",
        "护士",
    ),
    "en": (
        (
            "I drive a bin lorry for the council.",
            "I'm allergic to penicillin.",
            "I play badminton on Sunday mornings.",
            "My son is in year nine.",
            "I live in Gateshead.",
        ),
        "I am still fighting my former employer over my dismissal for theft.",
        "What do I do for work?",
        "bin lorry",
    ),
}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_with_e5_the_work_question_gets_the_job_not_the_sealed_former_one(
    tmp_path: Path, e5: MultilingualE5Embedder, lang: str
) -> None:
    ordinary, sealed_text, question, answer = STORES[lang]
    clock = FakeClock(datetime(2025, 3, 3, 8, 30, tzinfo=UTC))
    privacy = PrivacyConfig(key=generate_key())
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock, privacy=privacy) as mem:
        for text in ordinary:
            mem.add(text, node_type="fact", user_id=U)
            clock.advance(minutes=3)
        sealed = mem.add(sealed_text, node_type="fact", user_id=U, sensitive=True)
        assert sealed.metadata.get("slot") not in ("user.job", "user.workplace")
        r = mem.retrieve(question, user_id=U, record_access=False)
        assert r.hits and answer in r.hits[0].node.content
        assert sealed_text not in r.context
