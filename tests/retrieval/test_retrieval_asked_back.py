"""Under a token budget a conversation turn is printed without the questions it asks back
(issue 38, helper locomo11).

"That's awesome! How's the painting going?": the question is the other speaker's to answer,
and under a budget its tokens are the room of another memory. A user relies on a budgeted
context holding more of their conversation, on the hits keeping their whole text, on their
own notes that ask staying whole, and on an answer packed beside its question being read
with it. Real SQLite and Chroma in tmp_path, the hash embedder (no meaning is read), time
injected; English and Chinese.
"""

from __future__ import annotations

from hybridmem import FakeClock, HybridMemory, lexical
from hybridmem.retrieval.asked_back import without_questions

U = "u1"


def test_a_turn_loses_its_questions_back_and_keeps_its_label() -> None:
    assert (
        without_questions("Caroline: That's awesome, Mel! How's the painting going?")
        == "Caroline: That's awesome, Mel! …"
    )
    assert (
        without_questions("Melanie: Did you go? I went camping with the kids. It was fun!")
        == "Melanie: … I went camping with the kids. It was fun!"
    )
    assert without_questions("挺好的，周末去爬山了。你最近忙什么呢？") == "挺好的，周末去爬山了。…"


def test_a_question_sharing_a_word_with_the_query_is_kept() -> None:
    # A tag question states; a question about what is sought may hold it.
    turn = "Caroline: Love the vase! Sunflowers mean warmth, right? What do flowers mean to you?"
    asked = frozenset(lexical.terms("What do sunflowers represent?"))
    assert (
        without_questions(turn, asked)
        == "Caroline: Love the vase! Sunflowers mean warmth, right? …"
    )
    zh = "我也去过。你是上海人吧？周末有空吗？"
    assert without_questions(zh, frozenset(lexical.terms("我是哪里人？上海吗"))) == (
        "我也去过。你是上海人吧？…"
    )


def test_a_turn_all_questions_or_none_is_printed_whole() -> None:
    assert without_questions("Nate: How are you? Busy week?") is None
    assert without_questions("I went camping with the kids. It was fun!") is None
    assert without_questions("你最近忙什么呢？") is None


def _chat(mem: HybridMemory, clock: FakeClock, turns: list[tuple[str, str]]) -> str:
    task = mem.add("Chats with my companion", node_type="task", user_id=U)
    for i, (role, text) in enumerate(turns):
        clock.advance(minutes=1)
        mem.add_messages(
            [{"id": f"m{i}", "role": role, "content": text}], user_id=U, task_id=task.id
        )
    clock.advance(days=2)
    return task.id


ASKS = {
    "en": [
        "Tulips are a good pick. What kind of flowers did you plant,"
        " and will you add vegetables this spring?",
        "Roses need a lot of sun. Are the roses the climbing sort,"
        " and where in the garden did they go?",
        "Tomatoes like warm soil. Which tomato variety did you choose,"
        " and did you start them from seed?",
        "Herbs grow well indoors. Which herbs are on the sill,"
        " and do they get enough light there in winter?",
    ],
    "zh": [
        "真不错。你种了些什么花，今年春天还打算种点蔬菜吗？",
        "好看！玫瑰是爬藤的那种吗，种在花园哪个角落了？",
        "厉害。西红柿是什么品种，是自己从种子开始育苗的吗？",
        "聪明。窗台上放了哪些香草，冬天那里光照够不够？",
    ],
}
TELLS = {
    "en": [
        "I planted tulips in the garden",
        "the garden got roses today",
        "garden tomatoes are in",
        "garden herbs on the sill",
    ],
    "zh": ["我在花园里种了郁金香", "花园今天种了玫瑰", "花园的西红柿种下了", "花园的香草放在窗台"],
}


def _tells_then_asks(lang: str) -> list[tuple[str, str]]:
    """The user's short turns, then the assistant asking back four times in a row: no
    question has its answer after it (the same speaker going on is no answer)."""
    return [("user", t) for t in TELLS[lang]] + [("assistant", a) for a in ASKS[lang]]


def test_a_budget_holds_more_turns_when_questions_back_are_elided(
    mem: HybridMemory, clock: FakeClock
) -> None:
    for lang, query in (("en", "what did I plant in the garden?"), ("zh", "我在花园里种了什么？")):
        task_id = _chat(mem, clock, _tells_then_asks(lang))
        whole = mem.retrieve(query, user_id=U, task_id=task_id, record_access=False, top_k=50)
        n = len(whole.hits)
        assert n >= 8, lang
        roomy = mem.retrieve(query, user_id=U, task_id=task_id, token_budget=2000)
        assert len(roomy.hits) == n and roomy.tokens < whole.tokens, lang
        # The room the elided context takes is too little for the whole one, and holds
        # every turn.
        budget = roomy.tokens + 10  # lines are counted one by one: a few tokens over the text
        assert whole.tokens > budget + 30, lang
        res = mem.retrieve(
            query, user_id=U, task_id=task_id, token_budget=budget, record_access=False
        )
        assert len(res.hits) == n, (lang, res.context)
        assert "?" not in res.context and "？" not in res.context, (lang, res.context)
        assert res.context.count("…") == 4, lang
        assert all(t in res.context for t in TELLS[lang]), lang
        # The hits keep their whole text.
        assert sum(c in h.node.content for h in res.hits for c in "?？") >= 4, lang


def test_without_a_budget_every_turn_is_printed_whole(mem: HybridMemory, clock: FakeClock) -> None:
    task_id = _chat(mem, clock, _tells_then_asks("en"))
    res = mem.retrieve(
        "what did I plant in the garden?", user_id=U, task_id=task_id, record_access=False
    )
    assert all(a in res.context for a in ASKS["en"])


def test_a_note_that_asks_is_printed_whole(mem: HybridMemory, clock: FakeClock) -> None:
    note = "Octopus raised the tariff again. Should I switch energy supplier next month?"
    mem.add(note, user_id=U)
    clock.advance(days=1)
    res = mem.retrieve("energy supplier tariff", user_id=U, token_budget=200, record_access=False)
    assert note in res.context


def test_an_answer_packed_beside_its_question_is_read_with_it(
    mem: HybridMemory, clock: FakeClock
) -> None:
    for ask, answer, query in (
        ("Very romantic. Are you in the wedding party?", "maid of honor apparently", "wedding"),
        ("太极好啊，练了多久了？", "刚学，跟着一个姓王的师傅学太极", "太极"),
    ):
        turns = [("user", f"{query} news"), ("assistant", ask), ("user", answer)]
        task_id = _chat(mem, clock, turns)
        res = mem.retrieve(query, user_id=U, task_id=task_id, token_budget=400, record_access=False)
        assert answer in res.context and ask in res.context, res.context
