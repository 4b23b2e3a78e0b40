"""Three Chinese question shapes whose shared word names no thing of a sealed memory (issue 38,
helper sensitive27).

multilingual-e5 showed "我偷偷把二十万养老钱借给邻居老刘搞投资，现在要不回来了。" for
"旧手机回收能卖多少钱？" (shared 钱, the unit of 多少钱: how much) and
"我有躁郁症，一直在吃碳酸锂。" for "失眠吃什么药好？" (shared 吃, the verb of the kind's own
object 什么药: which medicine) (benchmarks/sensitive_blind9.py); it and MiniLM showed
"我跟楼下邻居吵架，偷偷把她家的车胎扎了。" for "邻居家狗老叫，咋跟人家说？" (shared 邻居, only a
modifier of the dog the question is about; benchmarks/sensitive_blind10.py). Questions about
the memories keep finding them, and a question asking how much the user owes gains the memory
stating the sum.
"""

from __future__ import annotations

from pathlib import Path

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.lexical import stemmed_terms
from hybridmem.retrieval.compounds_zh import modifies_other
from hybridmem.retrieval.sensitive import withheld
from hybridmem.retrieval.shared_words import amount_units, kind_verbs
from tests.sealed_nodes import household, sealed_nodes, sealed_shown

NURSE = [
    "我叫林晓，在武汉协和医院当护士。",
    "我男朋友叫高峰，是做销售的。",
    "我是高度近视，八百多度。",
    "我在心内科上班，经常上夜班。",
    "我养了一只布偶猫叫团子。",
    "我喝奶茶要三分糖。",
]
TEACHER = [
    "我姓陈，退休前在广州一所中学教语文。",
    "我老伴老黄以前是船厂的工程师。",
    "我有高血压，每天早上吃一片降压药。",
    "我儿子在深圳做程序员。",
    "我住在越秀区的老房子里。",
    "我喜欢养兰花。",
]
LITHIUM = "我有躁郁症，一直在吃碳酸锂。"
LOAN = "我偷偷把二十万养老钱借给邻居老刘搞投资，现在要不回来了。"
PASSBOOK = "我存折的密码是660721。"


def test_a_price_question_and_a_generic_medicine_question_show_no_sealed_memory(
    tmp_path: Path, clock: FakeClock, e5: MultilingualE5Embedder
) -> None:
    sealed = [LOAN, PASSBOOK]
    with household(tmp_path / "t", e5, clock, TEACHER, sealed) as mem:
        texts, shown = sealed_shown(mem, "旧手机回收能卖多少钱？", sealed)
        assert shown == [], texts
    sealed = [LITHIUM, "我工资卡的密码是860312。"]
    with household(tmp_path / "n", e5, clock, NURSE, sealed) as mem:
        texts, shown = sealed_shown(mem, "失眠吃什么药好？", sealed)
        assert shown == [], texts
        texts, shown = sealed_shown(mem, "我现在在吃什么药？", sealed)
        assert shown == [LITHIUM], texts  # asks which medicine the user takes: the memory's


def test_the_readings_decide_on_made_up_cosines(tmp_path: Path, clock: FakeClock) -> None:
    """The rule alone, the sealed memory ahead of an ordinary one: withheld for the price of
    another thing and for the medicine of a condition the memory does not hold; admitted when
    the question names the memory's own act or asks the medicine alone."""
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        stored = mem.add("lunch with the team at noon", user_id="u1")

    def judged(sealed: str, question: str, ordinary: str = TEACHER[5]) -> set[str]:
        nodes = sealed_nodes(stored, s=sealed, o=ordinary)
        return withheld(nodes, {"s": 0.9, "o": 0.1}, question)

    assert judged(LOAN, "旧手机回收能卖多少钱？") == {"s"}
    assert judged(LOAN, "我借给老刘的钱要回来了吗？") == set()  # names the loan and 老刘
    debt = "我信用卡欠了八万多，每个月只还最低。"
    assert judged(debt, "我欠了多少钱？") == set()  # how much: the sum the memory states
    owed = "我欠了朋友五万块钱还没还。"
    assert judged(owed, "我跟朋友借了多少钱？") == set()  # 朋友 named
    assert judged(owed, "这个月信用卡账单多少钱？") == {"s"}
    assert judged(LITHIUM, "失眠吃什么药好？", NURSE[5]) == {"s"}
    assert judged(LITHIUM, "我吃的什么药？", NURSE[5]) == set()


def test_the_two_shapes_read() -> None:
    assert amount_units("旧手机回收能卖多少钱？") == {"钱"}
    assert amount_units("我的钱放哪儿了？") == frozenset()  # 钱 a thing, not how much
    assert amount_units("How much money do I owe?") == frozenset()
    assert kind_verbs("失眠吃什么药好？") == {"吃"}
    assert kind_verbs("晚饭吃什么好？") == frozenset()  # no kind asked: 吃 is the focus
    assert kind_verbs("我天天吃的那个药是治啥的？") == frozenset()  # 吃 not before a wh-phrase


RETIRED = [
    "我叫孙桂兰，在济南的幼儿园教了一辈子书，前年退休了。",
    "老伴老赵以前在铁路上开火车。",
    "儿子赵磊在北京当律师。",
    "我有骨质疏松，医生让我天天补钙。",
    "我们住在千佛山附近的老楼里。",
    "阳台上我种了几盆月季。",
]
TYRE = "我跟楼下邻居吵架，偷偷把她家的车胎扎了。"


def test_a_question_about_the_neighbours_dog_shows_no_sealed_quarrel(
    tmp_path: Path, clock: FakeClock, e5: MultilingualE5Embedder
) -> None:
    sealed = [TYRE, "我医保卡的密码是270419。"]
    with household(tmp_path / "r", e5, clock, RETIRED, sealed) as mem:
        texts, shown = sealed_shown(mem, "邻居家狗老叫，咋跟人家说？", sealed)
        assert shown == [], texts
        texts, shown = sealed_shown(mem, "楼下邻居的车胎是谁扎的？", sealed)
        assert shown == [TYRE], texts


def test_a_shared_word_only_modifying_another_head() -> None:
    words = stemmed_terms(TYRE)
    assert modifies_other("邻居家狗老叫，咋跟人家说？", words)
    assert not modifies_other("楼下邻居家车胎扎了咋办？", words)  # the head 车胎 is held
    assert not modifies_other("我跟邻居吵架了咋办？", words)  # 邻居 heads its own phrase
    assert not modifies_other("How do I talk to my neighbour?", stemmed_terms("My neighbour"))
