"""A time a passage only mentions reorders what matches it; a time a query asks about finds the
day's memories whatever their words (issue 38: MADial-Bench dialogues passed as the query say
"yesterday" of the moment, and the window lifted the day's unrelated memories above the one
sought). And an English-only embedder's share of a Chinese dialogue is not raised by its Latin
speaker labels."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.retrieval.language import similarity_scale, without_speakers
from hybridmem.retrieval.mentions import asks_about

NOW = datetime(2024, 7, 10, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("query", "span", "asks"),
    [
        ("what did I do on May 7?", "May 7", True),
        ("what did I do on May 7", "May 7", True),  # one sentence, no question mark
        ("Tell me what I did on May 7.", "May 7", True),
        ("What did I run on May 7, 3.5 km or 5?", "May 7", True),
        ("我5月6号读的那本书叫什么", "5月6号", True),
        ("Lisa: I'm bored.\nLisa: Do you know what I painted yesterday?", "yesterday", True),
        ("Lisa: Yesterday the garden bloomed.\nAssistant: How lovely!", "Yesterday", False),
        ("昨天我们学校的花都开了。你喜欢花吗？", "昨天", False),
        ("Bart: 我今天晚上想听个故事，可以吗？\nAssistant: 当然可以。", "今天", True),
    ],
)
def test_a_query_asks_about_a_time_or_mentions_it(query, span, asks):
    assert asks_about(query, span) is asks


def _store(mem: HybridMemory) -> tuple[str, dict[str, str]]:
    task = mem.add("Lisa's days", node_type="task", user_id="u")
    ids = {}
    for key, text, at in [
        ("kite", "Lisa flew her red kite at the beach with grandpa", datetime(2024, 5, 2, 10)),
        ("lunch", "Lisa had pasta for lunch at school", datetime(2024, 7, 9, 12)),
        ("shoes", "Lisa got new shoes for the school trip", datetime(2024, 7, 9, 15)),
    ]:
        node = mem.add(text, parent_id=task.id, user_id="u", created_at=at.replace(tzinfo=UTC))
        ids[key] = node.id
    return task.id, ids


def test_a_day_mentioned_in_passing_does_not_lift_the_days_other_memories(mem_path, clock):
    with HybridMemory(mem_path, embedder=HashEmbedder(128), clock=clock) as mem:
        task, ids = _store(mem)
        clock.set(NOW)
        passage = (
            "Lisa: Yesterday was windy all day.\n"
            "Assistant: Windy days are fun!\n"
            "Lisa: I want to fly my red kite at the beach again."
        )
        res = mem.retrieve(passage, user_id="u", task_id=task, top_k=3)
        assert res.time_window is not None and res.time_window.text == "Yesterday"
        assert res.hits[0].node.id == ids["kite"]
        # The day's memories still carry the window, at their own relevance.
        lunch = next(h for h in res.hits if h.node.id == ids["lunch"])
        assert 0.0 <= lunch.breakdown.features["time"] < 1.0


def test_a_day_asked_about_still_comes_first(mem_path, clock):
    with HybridMemory(mem_path, embedder=HashEmbedder(128), clock=clock) as mem:
        task, ids = _store(mem)
        clock.set(NOW)
        passage = (
            "Lisa: I had a long week at the beach.\n"
            "Assistant: Tell me about it!\n"
            "Lisa: What did I do yesterday?"
        )
        res = mem.retrieve(passage, user_id="u", task_id=task, top_k=3)
        assert {h.node.id for h in res.hits[:2]} == {ids["lunch"], ids["shoes"]}
        assert all(h.breakdown.features["time"] == 1.0 for h in res.hits[:2])


class _EnglishOnly:
    name = "sentence-transformers/all-MiniLM-L6-v2"
    dimension = 8


def test_speaker_labels_do_not_make_a_chinese_dialogue_readable_to_an_english_model():
    dialogue = "Lisa: 你看我今天的衣服好不好看？\nAssistant: 哇，真的非常好看！"
    assert without_speakers(dialogue) == " 你看我今天的衣服好不好看？\n 哇，真的非常好看！"
    assert similarity_scale(_EnglishOnly(), dialogue) == pytest.approx(0.0)  # type: ignore[arg-type]
    # Latin words in the text itself still count: a mixed query keeps their share.
    assert similarity_scale(_EnglishOnly(), "Lisa: 我喜欢 pizza") > 0.2  # type: ignore[arg-type]
    # A sentence with a colon is not a speaker label.
    assert without_speakers("Finance returned it: 发票") == "Finance returned it: 发票"
