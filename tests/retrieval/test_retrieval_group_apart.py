"""A conflict group the question tells apart (issue 38, first-day questions), with
multilingual-e5, real SQLite and Chroma in tmp_path and a fake clock.

The writer groups two statements by the slot it reads them in, before any question is asked.
A wrong reading ("I cycle to the office" and "My office is on the fourth floor" as two values
of one work slot, "I'm vegetarian" and "I take my tea with oat milk" as two of one diet slot)
hid the older statement from every question both reached: "How do I get to work?" and "Can I
have the beef lasagne?" found nothing to answer them. A change the speaker says ("I sold the
Skoda, now ...") must keep hiding the older value, whatever the question.

The first two are strict expected failures: letting the question tell a group apart (its two
answers, :func:`hybridmem.retrieval.newer_values.answers_alike`, or a change word) fixed them
and four first-day questions, but cost three colloquial scenarios (a move back whose question
multilingual-e5 reads nowhere near the current value: stale and hit@3), so it was not shipped
(docs/benchmarks.md, "First day, sixth session")."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import MultilingualE5Embedder

NOT_SHIPPED = pytest.mark.xfail(
    strict=True,
    reason="a false slot group hides its older member from every question (issue 38); the "
    "question-reads-it-apart rule cost three colloquial scenarios and was not shipped",
)

U = "u"
OTHERS = (
    "My wife Marta teaches chemistry at a secondary school.",
    "We have a grey cat named Pierogi.",
    "My mother lives in Gdansk.",
    "I play the bass guitar in a cover band on Fridays.",
)


@pytest.fixture(scope="module")
def e5() -> MultilingualE5Embedder:
    return MultilingualE5Embedder()


def _ask(path: Path, e5: MultilingualE5Embedder, said: tuple[str, ...], query: str) -> list[str]:
    """``said`` in order, three minutes apart, among other facts; the hits' contents for
    ``query``, and each said statement still active (nothing was decided for good)."""
    clock = FakeClock(datetime(2025, 3, 3, 8, 30, tzinfo=UTC))
    with HybridMemory(path, embedder=e5, clock=clock) as mem:
        for text in OTHERS:
            mem.add(text, node_type="fact", user_id=U)
            clock.advance(minutes=3)
        ids = []
        for text in said:
            ids.append(mem.add(text, node_type="fact", user_id=U).id)
            clock.advance(minutes=3)
        grouped = {mem.get(i, user_id=U).conflict_group for i in ids}
        assert len(grouped) == 1 and None not in grouped, "the writer grouped them (the case)"
        result = mem.retrieve(query, user_id=U, record_access=False)
        return [h.node.content for h in result.hits]


@NOT_SHIPPED
def test_older_statement_of_a_false_group_answers_its_question(
    tmp_path: Path, e5: MultilingualE5Embedder
) -> None:
    said = (
        "I cycle to the office when it does not rain.",
        "My office is on the fourth floor of the Arup building.",
    )
    hits = _ask(tmp_path / "m", e5, said, "How do I get to work?")
    assert hits[0] == said[0]


@NOT_SHIPPED
def test_older_diet_statement_is_not_hidden_by_a_later_tea_preference(
    tmp_path: Path, e5: MultilingualE5Embedder
) -> None:
    said = ("I'm vegetarian.", "I take my tea with oat milk and no sugar.")
    hits = _ask(tmp_path / "m", e5, said, "Can I have the beef lasagne?")
    assert said[0] in hits


def test_a_said_change_still_hides_the_older_value(
    tmp_path: Path, e5: MultilingualE5Embedder
) -> None:
    said = (
        "I drive a silver Skoda Octavia.",
        "I sold the Skoda, now I drive a white Tesla Model 3.",
    )
    hits = _ask(tmp_path / "m", e5, said, "What car do I drive?")
    assert hits[0] == said[1]
    assert said[0] not in hits


def test_a_said_change_in_chinese_still_hides_the_older_value(
    tmp_path: Path, e5: MultilingualE5Embedder
) -> None:
    said = ("我住在杭州西湖区。", "我已经搬到苏州了，现在住在工业园区。")
    hits = _ask(tmp_path / "m", e5, said, "我现在住在哪里？")
    assert hits[0] == said[1]
    assert said[0] not in hits
