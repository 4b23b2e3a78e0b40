"""benchmarks.locomo_misses and benchmarks.locomo_speaker_print (issue 38, helper locomo22):
a missed question's class is its best-placed missed turn, the date-asked reading, the BM25 rank
of a word hop, and which turns are a speaker the question does not name."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime

from benchmarks.locomo_misses import WHEN, Bm25, classify, rank_bin, said_terms
from benchmarks.locomo_speaker_print import _other
from hybridmem.models import Hit, MemoryNode, ScoreBreakdown

NAMES = frozenset({"melanie", "caroline"})


def test_a_missed_turn_is_classed_by_its_rank_against_the_cut() -> None:
    last = 24  # the last packed hit's rank
    assert classify(10, last) == "budget"
    assert classify(30, last) == "ranked just past the cut"
    assert classify(49, last) == "ranked just past the cut"
    assert classify(50, last) == "ranked further"
    assert classify(None, last) == "never a candidate"
    assert [rank_bin(r) for r in (1, 6, 21, 51, None)] == [
        "1-5",
        "6-20",
        "21-50",
        "past 50",
        "never",
    ]


def test_a_date_is_asked_by_the_temporal_wh_phrases() -> None:
    assert WHEN.search("When did Caroline go to the support group?")
    assert WHEN.search("In what year did Nate start gaming?")
    assert WHEN.search("How long has Melanie been painting?")
    assert not WHEN.search("What did Melanie paint recently?")


def test_a_turn_is_read_without_its_label_and_the_names() -> None:
    terms = said_terms("Caroline: Melanie, my grandma gave me this necklace in Sweden.", NAMES)
    assert "necklace" in terms and "sweden" in terms
    assert not terms & NAMES


def test_the_word_hop_ranks_the_turn_sharing_a_rare_word_first() -> None:
    turns = {
        "D1:1": {"home", "country", "friends"},
        "D1:2": {"necklace", "home", "country", "sweden"},
        "D1:3": {"painting", "sunset"},
        "D1:4": {"friends", "pottery"},
    }
    bm = Bm25({k: Counter(v) for k, v in turns.items()})
    # Both hold the word: the shorter turn first (BM25's length normalisation).
    assert (bm.rank({"country"}, "D1:1"), bm.rank({"country"}, "D1:2")) == (1, 2)
    assert bm.rank({"sweden", "friends"}, "D1:2") == 1
    assert bm.rank({"pottery"}, "D1:2") == 2  # shares nothing: below the one turn that does


def _hit(content: str, speaker: float) -> Hit:
    at = datetime(2023, 5, 8, tzinfo=UTC)
    node = MemoryNode(
        id="n",
        user_id="u",
        parent_id=None,
        content=content,
        node_type="event",
        importance=0.5,
        confidence=0.8,
        created_at=at,
        updated_at=at,
        last_accessed_at=None,
        access_count=0,
        seq=1,
        version=1,
        status="active",
        depth=2,
        path=(),
        task_id="t",
        content_hash="h",
        index_state="indexed",
    )
    breakdown = ScoreBreakdown(
        features={"speaker": speaker}, parts={}, score=0.5, weight=0.5, sources=("vector",)
    )
    return Hit(node=node, score=0.5, breakdown=breakdown)


def test_the_other_speaker_is_a_labelled_turn_the_question_does_not_name() -> None:
    assert _other(_hit("Caroline: I went to a pride parade.", 0.0))
    assert not _other(_hit("Melanie: I went camping.", 1.0))
    assert not _other(_hit("went camping with the kids", 0.0))  # no label: no speaker
