"""A question turn's answer is read first (issue 38, probing questions over a companion's chat).

A companion asks back ("Are you in the wedding party?") and the user answers in the next turn
("maid of honor apparently"). A later question about it matches the asking turn word for word
while the answer, which says what is sought, shares no word with it: the answer must come
directly above the question it answers. Real SQLite and Chroma in tmp_path, the hash embedder,
time injected.
"""

from __future__ import annotations

from hybridmem import FakeClock, HybridMemory
from hybridmem.retrieval.answers import asks

U = "u1"


def _chat(mem: HybridMemory, clock: FakeClock, turns: list[tuple[str, str]]) -> str:
    task = mem.add("Chats with my companion", node_type="task", user_id=U)
    for i, (role, text) in enumerate(turns):
        clock.advance(minutes=1)
        mem.add_messages(
            [{"id": f"m{i}", "role": role, "content": text}], user_id=U, task_id=task.id
        )
    clock.advance(days=2)
    return task.id


def _order(mem: HybridMemory, task_id: str, query: str) -> list[str]:
    res = mem.retrieve(query, user_id=U, task_id=task_id, top_k=20, record_access=False)
    return [next(iter(h.node.source_ids), "") for h in res.hits]


def test_the_answer_comes_directly_above_the_question_it_answers(
    mem: HybridMemory, clock: FakeClock
):
    task_id = _chat(
        mem,
        clock,
        [
            ("user", "my best friend Nadia just got engaged"),
            ("assistant", "Very romantic. Are you in the wedding party?"),
            ("user", "maid of honor apparently, panicking already"),
            ("assistant", "You'll be great."),
            ("user", "the florist for the wedding party is booked"),
        ],
    )
    order = _order(mem, task_id, "am I in the wedding party?")
    assert "m2" in order and "m1" in order
    assert order.index("m2") == order.index("m1") - 1, order


def test_a_chinese_question_brings_its_answer_too(mem: HybridMemory, clock: FakeClock):
    task_id = _chat(
        mem,
        clock,
        [
            ("user", "早上去公园打太极了"),
            ("assistant", "太极好啊，练了多久了？"),
            ("user", "刚学，跟着一个姓王的师傅学"),
            ("assistant", "坚持下去！"),
        ],
    )
    order = _order(mem, task_id, "我练太极多久了？")
    assert order.index("m2") == order.index("m1") - 1, order


def test_a_turn_that_is_no_question_keeps_its_place(mem: HybridMemory, clock: FakeClock):
    task_id = _chat(
        mem,
        clock,
        [
            ("assistant", "The wedding party sounds fun."),
            ("user", "maid of honor apparently, panicking already"),
        ],
    )
    order = _order(mem, task_id, "am I in the wedding party?")
    assert order.index("m0") < order.index("m1"), order


def test_the_same_speaker_going_on_is_no_answer(mem: HybridMemory, clock: FakeClock):
    task_id = _chat(
        mem,
        clock,
        [
            ("user", "should I join the wedding party?"),
            ("user", "maid of honor sounds like a lot of work"),
        ],
    )
    order = _order(mem, task_id, "the wedding party?")
    assert order.index("m0") < order.index("m1"), order


def test_what_asks():
    assert asks("Are you in the wedding party?")
    assert asks("太极好啊，练了多久了？")
    assert asks('He said "are you sure?"  ')
    assert not asks("You'll be great.")
    assert not asks("")


def test_an_answer_past_what_is_packed_stays_out(mem: HybridMemory, clock: FakeClock):
    task_id = _chat(
        mem,
        clock,
        [
            ("assistant", "Are you in the wedding party?"),
            ("user", "maid of honor apparently, panicking already"),
        ],
    )
    res = mem.retrieve("am I in the wedding party?", user_id=U, task_id=task_id, top_k=1)
    assert [h.node.source_ids for h in res.hits] == [("m0",)]
