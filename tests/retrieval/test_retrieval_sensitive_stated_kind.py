"""Of the sealed memories a question admits on similarity alone, the one stated as the kind it
asks for (hybridmem/retrieval/sensitive.py, issue 38). With all-MiniLM-L6-v2, "My NHS number is
485 777 3456." (no kind read from it) was 0.002 closer to "What illness am I being treated
for?" than "I have prostate cancer and start radiotherapy in May.", and as only the closest is
admitted the NHS number went into the hits and the context instead of the diagnosis
(benchmarks/first_day_sixth.py, en B): a leak and a miss at once."""

from __future__ import annotations

from pathlib import Path

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import SentenceTransformerEmbedder
from hybridmem.models import MemoryNode
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.retrieval.private_kinds import kinds_named
from hybridmem.retrieval.sensitive import withheld
from tests.sealed_nodes import sealed_nodes

ORDINARY = [
    "I run a dairy farm near Okehampton with about ninety cows.",
    "My daughter Ellen helps me with the milking since my wife died.",
    "My grandson Alfie is six and mad about tractors.",
    "I drive an old Land Rover Defender.",
    "I sing bass in the Okehampton male voice choir.",
    "My vet is Sarah Penrose at the Moorland practice.",
    "My brother Jim farms sheep in New Zealand.",
    "I go to the livestock market in Holsworthy every Wednesday.",
    "My sheepdog is called Moss.",
]
DIAGNOSIS = "I have prostate cancer and start radiotherapy in May."
SEALED = [
    DIAGNOSIS,
    "The combination for the gun cabinet is 7-3-9-1.",
    "The farm has a 300,000 pound overdraft with Barclays.",
    "My NHS number is 485 777 3456.",
]


def test_the_diagnosis_not_the_number_that_was_a_hair_closer(
    tmp_path: Path, clock: FakeClock, real_embedder: SentenceTransformerEmbedder
) -> None:
    privacy = PrivacyConfig(key=generate_key())
    with HybridMemory(tmp_path / "m", embedder=real_embedder, clock=clock, privacy=privacy) as mem:
        for text in ORDINARY:
            mem.add(text, node_type="fact", user_id="u1")
            clock.advance(minutes=3)
        for text in SEALED:
            mem.add(text, node_type="fact", user_id="u1", sensitive=True)
            clock.advance(minutes=3)
        r = mem.retrieve("What illness am I being treated for?", user_id="u1", record_access=False)
    assert r.hits and r.hits[0].node.content == DIAGNOSIS
    assert not [h for h in r.hits if h.node.sensitive and h.node.content != DIAGNOSIS]
    for other in ("7-3-9-1", "300,000", "485 777 3456"):
        assert other not in r.context


def test_stated_as_the_kind_asked_beats_a_closer_unknown_one(lunch: MemoryNode) -> None:
    nodes = sealed_nodes(
        lunch,
        a="I sing bass in a choir.",
        s1="My membership number is 4411 2093.",
        s2="I take two tablets of metformin a day.",
    )
    cosine = {"a": 0.10, "s1": 0.23, "s2": 0.22}
    # Asked for a health matter: the one stated as one, though the number was closer.
    assert withheld(nodes, cosine, "What illness am I being treated for?") == {"s1"}
    # Asked for a code: neither is stated as one, so the closest, as before.
    assert withheld(nodes, cosine, "What's my PIN?") == {"s2"}


def test_two_stated_as_the_kind_still_only_the_closest(lunch: MemoryNode) -> None:
    nodes = sealed_nodes(
        lunch,
        a="I sing bass in a choir.",
        s1="I take two tablets of metformin a day.",
        s2="I have physiotherapy for my shoulder on Mondays.",
        s3="My membership number is 4411 2093.",
    )
    cosine = {"a": 0.10, "s1": 0.20, "s2": 0.22, "s3": 0.24}
    assert withheld(nodes, cosine, "What illness am I being treated for?") == {"s1", "s3"}


def test_a_therapy_inside_a_compound_names_health() -> None:
    for text in ("I start radiotherapy in May.", "physiotherapy twice a week", "my therapist"):
        assert kinds_named(text) == {"health"}, text
