"""A statement holding only function words of a question (a closed grammatical class: "now",
"anything", "get"; 经常, 自己) is no word match for it when another memory holds what the
question names (issue 38, first-day questions; :mod:`hybridmem.retrieval.function_words`).
Real SQLite and Chroma in tmp_path, a fake clock, the hash embedder (the rule is read on the
breakdown's lexical feature).

In a newcomer's small store every word is rare, so the one statement that also says "now" took
the full lexical weight: "Where's Linda living now?" got the hairdresser the user goes to now,
not the sister who retired to Benidorm (the twelfth first-day set). A noun of everyday chat
("hospital", "seat") names something and keeps its match."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import HashEmbedder
from hybridmem.retrieval.function_words import function_word
from tests.fact_stories import U


def _lexical(path: Path, said: tuple[tuple[str, str], ...], query: str) -> dict[str, float]:
    """The lexical feature of each memory (by its text) for ``query``, hash embedder."""
    clock = FakeClock(datetime(2025, 3, 3, 8, 30, tzinfo=UTC))
    with HybridMemory(path, embedder=HashEmbedder(), clock=clock) as mem:
        for text, kind in said:
            mem.add(text, node_type=kind, user_id=U)
            clock.advance(minutes=3)
        result = mem.retrieve(query, user_id=U, record_access=False)
        return {h.node.content: h.breakdown.features["lexical"] for h in result.hits}


@pytest.mark.parametrize(
    ("named", "function_only", "query"),
    [
        (
            "My cousin Marek moved to Gdynia.",
            "I get my nails done on Bold Street now.",
            "Where's Marek living now?",
        ),
        ("我表哥在厦门开了家奶茶店。", "我经常熬夜打游戏。", "我表哥经常去哪儿玩？"),
    ],
)
def test_a_statement_holding_only_function_words_of_a_naming_question_has_no_word_match(
    tmp_path: Path, named: str, function_only: str, query: str
) -> None:
    lexical = _lexical(tmp_path / "m", ((named, "fact"), (function_only, "fact")), query)
    assert lexical[named] > 0
    assert lexical[function_only] == 0


def test_a_noun_of_everyday_chat_keeps_its_match_beside_a_naming_one(tmp_path: Path) -> None:
    """ "hospital" and "stay" are chat vocabulary but nouns: the statement holding them still
    answers the second half of the question (the wider test of firstday12 dropped it)."""
    said = (("I had knee surgery in March.", "fact"), ("The hospital stay was four days.", "fact"))
    query = "When was my knee surgery, and how long was the hospital stay?"
    lexical = _lexical(tmp_path / "m", said, query)
    assert lexical["The hospital stay was four days."] > 0


def test_when_no_memory_holds_a_naming_word_the_function_words_keep_their_match(
    tmp_path: Path,
) -> None:
    said = (("I get up at five for work.", "fact"), ("我在超市当收银员。", "fact"))
    lexical = _lexical(tmp_path / "m", said, "What time do I get up?")
    assert lexical["I get up at five for work."] > 0


def test_an_event_keeps_its_function_word_match(tmp_path: Path) -> None:
    """Only statements of a value: in a conversation turn or an event the words it shares are
    read as a whole (the rule applied to every memory lost LoCoMo in same_words)."""
    said = (("My cousin Marek moved to Gdynia.", "fact"), ("We ate out now and then.", "event"))
    lexical = _lexical(tmp_path / "m", said, "Where's Marek living now?")
    assert lexical["We ate out now and then."] > 0


@pytest.mark.parametrize(
    ("term", "closed"),
    [
        ("now", True),
        ("anything", True),
        ("getting", True),
        ("hospital", False),
        ("seat", False),
        ("out", False),  # a particle is said with what it relates: "lights out by ten"
        ("跟", False),  # a preposition: 我跟她 of 我跟小雯之间
        ("经常", True),
        ("哪儿", True),
        ("吃", False),
        ("周四", False),
        # The time pro-forms, Chinese counterparts of "now" / "then" (jieba tags them t, as 周四).
        ("现在", True),
        ("当时", True),
        ("晚上", False),
    ],
)
def test_the_closed_classes_come_from_the_grammar_and_the_dictionary_tag(
    term: str, closed: bool
) -> None:
    assert function_word(term) is closed


@pytest.mark.parametrize(
    ("answer", "now_only", "query"),
    [
        ("My folks run a B&B in Whitby.", "I walk to work now.", "Where are my parents now?"),
        ("我爸妈在老家开小卖部。", "我现在每天骑车上班。", "我爹娘现在在哪儿？"),
    ],
)
def test_a_time_pro_form_alone_is_no_match_even_when_no_memory_holds_the_named_word(
    tmp_path: Path, answer: str, now_only: str, query: str
) -> None:
    """The question names its subject by a word no memory says (parents / folks, 爹娘 / 爸妈):
    the statement sharing only "now" (现在) with it took the full lexical weight and came
    before the answer (the thirteenth first-day set: 我爹妈现在在哪里？)."""
    lexical = _lexical(tmp_path / "m", ((answer, "fact"), (now_only, "fact")), query)
    assert lexical[now_only] == 0


def test_a_light_verb_keeps_its_match_when_no_memory_holds_the_named_word(
    tmp_path: Path,
) -> None:
    """Only the time pro-forms: "take" is what "how do you take it?" asks about the coffee
    (the thirteenth set's "I'll put the kettle on, how do you take it?" was lost when every
    function word lost its match this way)."""
    said = (("I take my coffee with oat milk.", "fact"), ("We live near the park.", "fact"))
    lexical = _lexical(tmp_path / "m", said, "Kettle's boiled, how do you take it?")
    assert lexical["I take my coffee with oat milk."] > 0
