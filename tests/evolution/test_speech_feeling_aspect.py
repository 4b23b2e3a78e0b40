"""A feeling said of a kind of thing or in habitual aspect is a standing fact, not a mood
(issue 38, ``evolution/speech/aspect.py``).

"Early meetings are the worst, afternoons suit me much better" and "我有腰椎间盘突出，坐久了腰疼"
were first-day misses: the speech-act reading took them for passing feelings, so the writer
kept them as candidates that retrieval never returns. A characterizing sentence (a bare plural
or gerund subject with a present predicate, the inchoative "I get", a frequency adverb, 一到…就,
V久了/V多了 with its result, the superlative of a kind, 让人) states something lasting; the
same feeling placed in its moment (a deictic time, a past or progressive predicate, a
demonstrative, a 得-complement, an interjection) stays a mood. The sentences are written for
these tests, not taken from the first-day sets or the labelled batches.
"""

from __future__ import annotations

import pytest

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.evolution.speech.acts import SpeechAct, classify

CHARACTERIZING = [
    "Late-night calls are the worst, mornings suit me far better.",
    "Crowded gyms are exhausting.",
    "I get anxious on long drives.",
    "Queuing at banks is the worst.",
    "我有偏头痛，熬夜多了就头疼。",
    "挤早高峰最累人了。",
    "和人吵架后我总是难过。",
]

MOMENTARY = [
    "Ugh, crowded gym again, exhausting",
    "These late-night calls are the worst",
    "The drive yesterday was exhausting",
    "Every one of these forms is wrong, so annoying",
    "今天走久了脚累",
    "这家饭馆吵得我心烦",
    "终于排完队了，累死了",
    "我一直在排队，烦死了",
    "每个都坏了，烦死了",
    "感觉好开心，周末能去爬山",
    "航班延误了三个小时，最烦人",
]


@pytest.mark.parametrize("text", CHARACTERIZING)
def test_a_characterizing_feeling_is_a_standing_preference(text: str) -> None:
    result = classify(text)
    assert result.act is SpeechAct.PREFERENCE, (result.act, result.cues)


@pytest.mark.parametrize("text", MOMENTARY)
def test_the_same_feeling_placed_in_its_moment_stays_a_mood(text: str) -> None:
    result = classify(text)
    assert result.act is SpeechAct.EMOTION, (result.act, result.cues)


def test_the_writer_keeps_characterizing_feelings_and_archives_moods(tmp_path, clock) -> None:
    """Through the writer (each line its own user, so nothing links): a characterizing
    feeling is an active memory, a mood is not."""
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        kept = [mem.add(t, node_type="fact", user_id=f"c{n}") for n, t in enumerate(CHARACTERIZING)]
        moods = [mem.add(t, node_type="fact", user_id=f"m{n}") for n, t in enumerate(MOMENTARY)]
    assert [n.status for n in kept] == ["active"] * len(CHARACTERIZING)
    assert all(n.status != "active" for n in moods), [(n.content, n.status) for n in moods]


def test_retrieval_returns_a_characterizing_feeling_first(tmp_path, clock) -> None:
    """Default e5, real SQLite and Chroma: the questions that need the standing facts get
    them first, in both languages."""
    with HybridMemory(tmp_path / "m", embedder=MultilingualE5Embedder(), clock=clock) as mem:
        for text in (
            CHARACTERIZING[0],
            CHARACTERIZING[4],
            "I work as a translator in Lyon.",
            "My partner is called Inès.",
            "我住在成都。",
            "我养了两只猫。",
        ):
            mem.add(text, node_type="fact", user_id="u1")
        mem.add("Ugh, the 11pm call ran over again, exhausting", node_type="fact", user_id="u1")

        def first(question: str) -> str:
            hits = mem.retrieve(question, user_id="u1", top_k=3).hits
            assert hits, question
            return hits[0].node.content

        assert first("When should I schedule calls with the client?") == CHARACTERIZING[0]
        assert first("我熬夜会怎么样？") == CHARACTERIZING[4]
