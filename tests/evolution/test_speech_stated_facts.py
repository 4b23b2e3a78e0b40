"""A stated fact is not read as a mood or a question by a cue matched out of its grammar (issue 38).

The sixth first-day set lost five answers at write time: the speech-act reading took stated
facts for passing feelings or questions, so the writer kept them as candidates, out of
retrieval. Each came from a cue that matched characters or words outside the grammar it
stands for:

- the open A-not-A (X不X) across a word boundary: 现在不在 holds 在不在 (现在 | 不在);
- "so" + an indefinite pronoun read as "so" + an intensified adjective ("so nothing");
- "stings" the noun (after a preposition's noun: "allergic to wasp stings") read as the verb;
- "mad/crazy about" + a kind of thing (fondness) read as anger;
- 越A越好 ("the stronger the better", a standing criterion) read as a feeling of the moment.

The sentences here are written for these tests, not taken from the first-day sets. Each
mechanism also has its guard: the same cue in its own grammar still reads as before.
"""

from __future__ import annotations

import pytest

from hybridmem import HybridMemory
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.evolution.speech.acts import SpeechAct, classify

STATED = [
    "I can't eat gluten, so nothing with flour.",
    "My niece Rosa is nine and crazy about horses.",
    "I'm allergic to wasp stings and carry antihistamines.",
    "I'm mad about old films.",
    "我喜欢喝咖啡，越浓越好",
    "我现在不在星巴克上班了，改去瑞幸了。",
    "他实在不在乎钱",
]


@pytest.mark.parametrize("text", STATED)
def test_a_stated_fact_is_assertive(text: str) -> None:
    result = classify(text)
    assert result.is_assertive, (result.act, result.cues)


@pytest.mark.parametrize(
    ("text", "act"),
    [
        # The same cues in their own grammar.
        ("你现在在不在家", SpeechAct.QUESTION),
        ("明天冷不冷", SpeechAct.QUESTION),
        ("Ouch, that really stings", SpeechAct.EMOTION),
        ("I'm so mad about the delay today", SpeechAct.EMOTION),
        ("This is so annoying", SpeechAct.EMOTION),
        ("这件衣服越穿越喜欢", SpeechAct.EMOTION),
    ],
)
def test_the_same_cue_in_its_own_grammar_reads_as_before(text: str, act: SpeechAct) -> None:
    assert classify(text).act is act, classify(text).cues


def test_the_writer_keeps_stated_facts_and_retrieval_finds_them(tmp_path, clock) -> None:
    """Through the writer (default e5, its second opinion included), real SQLite and Chroma:
    the facts are written active, and the questions that need them get them first."""
    with HybridMemory(tmp_path / "m", embedder=MultilingualE5Embedder(), clock=clock) as mem:
        written = {t: mem.add(t, node_type="fact", user_id="u1") for t in STATED[:6]}
        mem.add("I work as a bus driver in Leeds.", node_type="fact", user_id="u1")
        mem.add("我住在苏州。", node_type="fact", user_id="u1")
        mem.add("我养了一只柯基。", node_type="fact", user_id="u1")
        assert {t: n.status for t, n in written.items()} == dict.fromkeys(written, "active")

        def first(question: str) -> str:
            hits = mem.retrieve(question, user_id="u1", top_k=3).hits
            assert hits, question
            return hits[0].node.content

        assert first("Can I have the wheat bread?") == STATED[0]
        assert first("What does Rosa love?") == STATED[1]
        assert first("What should I carry on a picnic in case of wasps?") == STATED[2]
        assert first("我喝咖啡有什么讲究？") == STATED[4]
        assert first("我现在在哪上班？") == STATED[5]
