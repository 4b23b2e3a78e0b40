"""A word a question shares with a sealed memory says it is about it only when the memory
holds the question's focus too (issue 38).

multilingual-e5 showed a sealed bank-card number for "工商银行几点开门？" and a brother's debt
for "我弟弟什么时候结婚？" (benchmarks/sensitive_blind.py): each shares a word of the memory's
own (工商银行, 弟弟), held by no ordinary memory, and asks about another thing, its predicate
(开门, 结婚) or the head of the phrase it asks about ("brother-in-law's *job*"). The focus, the
question's last content word outside its wh-phrase, or the wh-phrase's head, must be the
memory's too. Questions about the memory keep finding it.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.embedding import Embedder, MultilingualE5Embedder
from hybridmem.retrieval.sensitive import withheld
from tests.sealed_nodes import household, sealed_shown

ORDINARY_ZH = [
    "我叫刘芳，在杭州一家外贸公司做会计。",
    "我老公王磊是中学体育老师。",
    "我女儿朵朵今年六岁，上幼儿园大班。",
    "我开一辆白色的大众朗逸。",
    "我爸妈住在绍兴。",
    "我每周三晚上去游泳。",
    "我们家养了一只橘猫叫元宝。",
    "王磊的妹妹在上海做设计。",
]
SEALED_ZH = [
    "我的工商银行卡号是6222021202041234567。",
    "我弟弟欠了网贷二十万，爸妈不知道。",
]
ORDINARY_EN = [
    "I'm Priya, I work as a pharmacist at a Boots in Leicester.",
    "My husband Dev teaches maths at a secondary school.",
    "Our son Arjun is seven and mad about dinosaurs.",
    "I drive a blue Honda Jazz.",
    "My parents live in Wembley.",
    "I go to a yoga class on Tuesday evenings.",
    "My sister Meena works in HR at the university.",
]
SEALED_EN = [
    "Dev's brother owes us six thousand pounds and Dev's parents don't know.",
    "I've got an underactive thyroid and take levothyroxine every morning.",
]


def _household(path: Path, embedder: Embedder, clock: FakeClock, zh: bool) -> HybridMemory:
    return household(
        path, embedder, clock, ORDINARY_ZH if zh else ORDINARY_EN, SEALED_ZH if zh else SEALED_EN
    )


def test_a_chinese_question_sharing_a_word_about_another_thing_shows_no_sealed_memory(
    tmp_path: Path, clock: FakeClock, e5: MultilingualE5Embedder
) -> None:
    with _household(tmp_path / "m", e5, clock, zh=True) as mem:
        for question in ("工商银行几点开门？", "国庆节银行放假吗？", "我弟弟什么时候结婚？"):
            assert sealed_shown(mem, question, SEALED_ZH)[1] == [], question


def test_a_chinese_question_about_the_sealed_memory_still_finds_it(
    tmp_path: Path, clock: FakeClock, e5: MultilingualE5Embedder
) -> None:
    """Its predicate held (欠), or its wh-phrase left aside (多少钱: the kind of answer)."""
    with _household(tmp_path / "m", e5, clock, zh=True) as mem:
        for question, marker in (
            ("我的银行卡号是多少？", "6222"),
            ("我弟弟欠了多少钱？", "二十万"),
        ):
            texts, shown = sealed_shown(mem, question, SEALED_ZH)
            assert texts and marker in texts[0], question
            assert len(shown) == 1, question


def test_an_english_question_about_someone_elses_thing_shows_no_sealed_memory(
    tmp_path: Path, clock: FakeClock, e5: MultilingualE5Embedder
) -> None:
    with _household(tmp_path / "m", e5, clock, zh=False) as mem:
        assert sealed_shown(mem, "What's my brother-in-law's job?", SEALED_EN)[1] == []
        for question, marker in (
            ("How much does Dev's brother owe us?", "six thousand"),
            ("Which thyroid medication am I on?", "levothyroxine"),
        ):
            texts, shown = sealed_shown(mem, question, SEALED_EN)
            assert texts and marker in texts[0], question
            assert len(shown) == 1, question


def test_the_focus_decides_on_made_up_cosines(tmp_path: Path, clock: FakeClock) -> None:
    """The rule alone: a sealed memory ahead of the ordinary one and sharing a word of its own
    is withheld when it does not hold the question's focus, in both languages; admitted when it
    holds it or the head of the question's wh-phrase ("Which *antidepressant* ...")."""
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        stored = mem.add("lunch with the team at noon", user_id="u1")

    def judged(sealed: str, ordinary: str, question: str) -> set[str]:
        nodes = {
            "s": replace(stored, id="s", content=sealed, sensitive=True),
            "o": replace(stored, id="o", content=ordinary),
        }
        return withheld(nodes, {"s": 0.9, "o": 0.1}, question)

    card, town = SEALED_ZH[0], ORDINARY_ZH[4]
    assert judged(card, town, "工商银行几点开门？") == {"s"}
    assert judged(card, town, "我的工商银行卡号是多少？") == set()
    debt, job = SEALED_EN[0], ORDINARY_EN[1]
    assert judged(debt, job, "What's my brother-in-law's job?") == {"s"}
    assert judged(debt, job, "How much does Dev's brother owe us?") == set()
    # A Chinese focus held by a morpheme: 号码 of 身份证号 (jieba cuts them apart).
    id_number = "我的身份证号是440106199203154321。"
    assert judged(id_number, town, "我的身份证号码是多少？") == set()
    assert judged(id_number, town, "办护照要带身份证原件吗？") == {"s"}
    pills = "I'm on antidepressants, sertraline 50mg a day."
    assert judged(pills, ORDINARY_EN[3], "Which antidepressant do I take?") == set()
