"""benchmarks.sentence_max and benchmarks.locomo_mechanisms: what their issue 38 figures rest on."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from benchmarks.locomo_mechanisms import place, unreachable
from benchmarks.sentence_max import nearest_sentence, paired, sentence_texts, sentence_vectors
from benchmarks.units import Corpus, TreeNode
from hybridmem import HashEmbedder, HybridMemory
from tests.stored_corpus import similarities, stored_bench

T0 = datetime(2023, 5, 8, 13, 0, tzinfo=UTC)
LONG = "Maria: Hey John, long time no talk! I joined a gym last week. How is the campaign going?"


def _corpus() -> Corpus:
    texts = [LONG, "John: The campaign is going well.", "Maria: Great to hear!"]
    tree = [
        TreeNode("c", "Conversation between Maria and John", "task", None, T0),
        TreeNode("c:S1", "Session 1", "session", "c", T0),
    ]
    for i, text in enumerate(texts):
        at = T0 + timedelta(seconds=i + 1)
        tree.append(TreeNode(f"c:S1:{i}", text, "event", "c:S1", at, f"D1:{i}"))
    return Corpus("c", (), "", tree=tuple(tree))


def test_sentences_keep_the_speaker_label_and_one_sentence_has_none():
    assert sentence_texts(LONG) == [
        "Maria: Hey John, long time no talk!",
        "Maria: I joined a gym last week.",
        "Maria: How is the campaign going?",
    ]
    assert sentence_texts("John: The campaign is going well.") == []
    assert sentence_texts("我加入了健身房。每周去三次。") == ["我加入了健身房。", "每周去三次。"]


def test_a_memory_is_scored_by_its_nearest_sentence_and_the_patch_is_undone(tmp_path):
    corpus = _corpus()
    embedder = HashEmbedder(64)
    path = tmp_path / "store"
    bench = stored_bench(path, corpus, embedder, T0 + timedelta(days=1))
    extra = sentence_vectors(bench, lambda ts: embedder.embed(ts))
    assert sorted(extra) == ["c:S1:0"]  # only the memory of several sentences
    assert extra["c:S1:0"].shape[0] == 3
    question = "Maria: I joined a gym last week."
    with HybridMemory(path, embedder=embedder) as mem:
        own = similarities(mem, question, "c")
        with nearest_sentence(extra):
            nearest = similarities(mem, question, "c")
        after = similarities(mem, question, "c")
    # The question is one of the long turn's sentences: nearer than the whole turn.
    assert nearest["c:S1:0"] >= own["c:S1:0"]
    assert nearest["c:S1:0"] == max(nearest.values())
    assert after == own


def test_one_half_is_paired_on_its_own():
    base = {"1": {"half": "tune", "score": 0.5}, "2": {"half": "tune", "score": 1.0}}
    other = {"1": {"half": "tune", "score": 1.0}, "2": {"half": "tune", "score": 0.5}}
    cmp = paired(base, other)
    assert (cmp["wins"], cmp["losses"], cmp["tune_diff"]) == (1, 1, 0.0)
    assert cmp["ci95"][0] <= 0.0 <= cmp["ci95"][1]


def test_an_evidence_turn_has_one_place():
    rank = {"a": 3, "b": 10, "c": 60}
    got = frozenset({"x"})
    assert place("x", got, rank, 8) == "packed"
    assert place("z", got, rank, 8) == "never a candidate"
    assert place("a", got, rank, 8) == "above the last packed, did not fit"
    assert place("b", got, rank, 8) == "below what fits, rank < 50"
    assert place("c", got, rank, 8) == "below what fits, rank >= 50"


def test_unreachable_evidence_reads_its_rank_and_a_shared_word_but_no_name():
    cosine = {"a": 0.9, "b": 0.5, "c": 0.7}
    names = frozenset({"maria", "john"})
    said = "Maria: I swim with John."
    assert unreachable("What does Maria do?", said, cosine, "b", names) == [2, 3, False]
    assert unreachable("Where does Maria swim?", said, cosine, "c", names)[2] is True
