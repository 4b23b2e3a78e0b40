"""A statement holding only everyday words of a question is no word match for it when another
memory holds what the question names (issue 38, first-day questions;
:mod:`hybridmem.retrieval.naming_matches`). Real SQLite and Chroma in tmp_path, a fake clock,
the hash embedder (the rule is read on the breakdown's lexical feature).

In a newcomer's small store every word is rare, so the one statement that also says "now" took
the full lexical weight: "Where's Linda living now?" got the hairdresser the user goes to now,
not the sister who retired to Benidorm (the twelfth first-day set)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import HashEmbedder
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
    ("named", "everyday", "query"),
    [
        (
            "My cousin Marek moved out to Gdynia.",
            "I get my nails done on Bold Street now.",
            "Where's Marek living now?",
        ),
        ("我表哥在厦门开了家奶茶店。", "我早上吃两个包子。", "表哥现在在哪儿能吃到？"),
    ],
)
def test_a_statement_holding_only_everyday_words_of_a_naming_question_has_no_word_match(
    tmp_path: Path, named: str, everyday: str, query: str
) -> None:
    lexical = _lexical(tmp_path / "m", ((named, "fact"), (everyday, "fact")), query)
    assert lexical[named] > 0
    assert lexical[everyday] == 0


def test_a_question_of_everyday_words_only_keeps_their_match(tmp_path: Path) -> None:
    """ "Which seat should you book me on the flight?" names nothing but everyday words: they
    are all it says, so the statement holding them keeps its match."""
    said = (("I prefer aisle seats on long flights.", "preference"), ("I cycle to work.", "fact"))
    lexical = _lexical(tmp_path / "m", said, "Which seat should you book me on the flight?")
    assert lexical["I prefer aisle seats on long flights."] > 0


def test_when_no_memory_holds_what_the_question_names_its_everyday_words_keep_their_match(
    tmp_path: Path,
) -> None:
    """去坡子街吃点啥？: no memory holds the street, so 吃 is the only word evidence there is,
    and the food the user loves to eat keeps it."""
    said = (("我爱吃螺蛳粉，越辣越好。", "preference"), ("我在超市当收银员。", "fact"))
    lexical = _lexical(tmp_path / "m", said, "去坡子街吃点啥？")
    assert lexical["我爱吃螺蛳粉，越辣越好。"] > 0


def test_an_event_keeps_its_everyday_word_match(tmp_path: Path) -> None:
    """Only statements of a value: in a conversation turn or an event the words it shares are
    read as a whole (the rule applied to every memory lost LoCoMo in same_words)."""
    said = (("My cousin Marek moved out to Gdynia.", "fact"), ("We ate out now and then.", "event"))
    lexical = _lexical(tmp_path / "m", said, "Where's Marek living now?")
    assert lexical["We ate out now and then."] > 0
