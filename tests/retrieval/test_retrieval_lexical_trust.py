"""A conversation's lexical part counts as far as the dense channel vouches for the lexical best
match (:mod:`hybridmem.retrieval.lexical_trust`): a word a conversation shares by chance does not
outrank what the vector finds; a conversation whose last line turns to a new topic keeps that
line's match; a one-line question keeps its word match as before."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np
import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import Vectors, normalise_rows
from hybridmem.retrieval.lexical_trust import LineCosines, last_line, trusted

DIM = 8


def _axis(i: int) -> np.ndarray:
    v = np.zeros(DIM, dtype=np.float32)
    v[i] = 1.0
    return v


class Table:
    """An embedder whose vectors are set by the test: a text it was given a vector for gets
    that vector, any other text the last axis (far from every memory)."""

    def __init__(self, vectors: Mapping[str, np.ndarray]) -> None:
        self.vectors = dict(vectors)

    @property
    def name(self) -> str:
        return "test/table"

    @property
    def dimension(self) -> int:
        return DIM

    def embed(self, texts: Sequence[str]) -> Vectors:
        rows = [self.vectors.get(t.strip(), _axis(DIM - 1)) for t in texts]
        return normalise_rows(np.stack(rows).astype(np.float32))


def _mix(a: np.ndarray, b: np.ndarray, cos: float) -> np.ndarray:
    """A unit vector at cosine ``cos`` to ``a`` (a and b orthogonal units)."""
    return cos * a + float(np.sqrt(1 - cos * cos)) * b


def _first(
    tmp_path: Path,
    clock: FakeClock,
    memories: Mapping[str, np.ndarray],
    query: str,
    query_vectors: Mapping[str, np.ndarray],
) -> str:
    """The content of the first hit of ``query`` over ``memories`` (each with its vector)."""
    embedder = Table({**memories, **query_vectors})
    with HybridMemory(tmp_path / "store", embedder=embedder, clock=clock) as mem:
        for text in memories:
            mem.add(text, user_id="u")
        found = mem.retrieve(query, user_id="u", top_k=3, record_access=False)
        hit = found.hits[0]
        assert sum(hit.breakdown.parts.values()) == pytest.approx(hit.score)
        return hit.node.content


CASES = {
    "en": {
        "vouched": "we cycled along the coast all the way to Brighton",
        "chance": "the blue bicycle in the shed has a flat tyre",
        "others": ("paid the electricity bill", "the boiler was serviced"),
        "query": "where did we go on that bicycle trip?",
        "chat": (
            "User: we're finally home from the trip",
            "Assistant: welcome home! how was it?",
            "User: long. the bicycle seat was awful",
        ),
        "dialogue": (
            "User: we had pasta for dinner",
            "Assistant: sounds good, who cooked?",
            "User: Tom did. then the bicycle got a flat tyre",
        ),
    },
    "zh": {
        "vouched": "我们沿着海边一路骑到了青岛",
        "chance": "车库里那辆蓝色自行车的轮胎瘪了",
        "others": ("交了电费", "热水器修好了"),
        "query": "那次骑自行车旅行我们去了哪里？",
        "chat": (
            "用户：我们终于旅行回来了",
            "助手：欢迎回来！玩得怎么样？",
            "用户：很远。自行车的座子太难受了",
        ),
        "dialogue": (
            "用户：晚饭吃的意大利面",
            "助手：不错，谁做的？",
            "用户：老王做的。后来自行车的轮胎瘪了",
        ),
    },
}


def _memories(case: Mapping[str, object]) -> dict[str, np.ndarray]:
    """The vouched memory on the query's axis; the chance memory holds the query's word but
    the vector finds it far (cosine 0.3); two others elsewhere."""
    others = case["others"]
    assert isinstance(others, tuple)
    return {
        str(case["vouched"]): _axis(0),
        str(case["chance"]): _mix(_axis(0), _axis(1), 0.3),
        others[0]: _axis(2),
        others[1]: _axis(3),
    }


@pytest.mark.parametrize("lang", sorted(CASES))
def test_a_word_a_conversation_shares_by_chance_does_not_outrank_what_the_vector_finds(
    tmp_path: Path, clock: FakeClock, lang: str
) -> None:
    # The conversation's vector is the first memory's; its one word match (the bicycle, said
    # in passing) is a memory the vector finds far: the word match no longer takes the whole
    # lexical part.
    case = CASES[lang]
    query = "\n".join(case["chat"])
    first = _first(tmp_path, clock, _memories(case), query, {query: _axis(0)})
    assert first == case["vouched"]


@pytest.mark.parametrize("lang", sorted(CASES))
def test_a_one_line_question_keeps_its_word_match(
    tmp_path: Path, clock: FakeClock, lang: str
) -> None:
    # The same memories asked by a one-line question naming the bicycle: every word of a
    # question is the asker's, so its word match keeps the whole lexical part, as fused.
    case = CASES[lang]
    query = str(case["query"])
    first = _first(tmp_path, clock, _memories(case), query, {query: _axis(0)})
    assert first == case["chance"]


@pytest.mark.parametrize("lang", sorted(CASES))
def test_a_conversation_turning_at_its_last_line_keeps_that_lines_match(
    tmp_path: Path, clock: FakeClock, lang: str
) -> None:
    # The whole conversation's vector reads the dinner (the first memory); its last line, the
    # one said now, turns to the girlfriend's car, which the word match finds: the last line's
    # own vector vouches for it.
    case = CASES[lang]
    lines = case["dialogue"]
    query = "\n".join(lines)
    vectors = {query: _axis(0), lines[-1]: _axis(1)}
    assert _first(tmp_path, clock, _memories(case), query, vectors) == case["chance"]


def test_the_lexical_features_scale_by_the_best_vouched_similarity_of_the_best_match() -> None:
    lexical = {"a": 1.0, "b": 0.5, "c": 0.0}
    assert trusted(lexical, [{"a": 0.2, "b": 1.0}]) == pytest.approx({"a": 0.2, "b": 0.1, "c": 0})
    # A second reading (the last line's) that vouches more for the best match counts.
    assert trusted(lexical, [{"a": 0.2}, {"a": 0.8}])["b"] == pytest.approx(0.4)
    # No match: nothing to scale.
    assert trusted({"a": 0.0}, [{"a": 0.0}]) == {"a": 0.0}


def test_only_a_query_of_several_lines_has_a_last_line() -> None:
    assert last_line("where do I live?") is None
    assert last_line("User: hi\n\nUser: 我的车坏了 \n") == "User: 我的车坏了"


def test_line_cosines_reads_each_nodes_vector_once() -> None:
    asked: list[list[str]] = []

    def vectors(ids: Sequence[str]) -> dict[str, np.ndarray]:
        asked.append(list(ids))
        return {i: _axis(0) for i in ids if i != "none"}

    line = LineCosines(_axis(0), vectors)
    assert line(["a", "none"]) == {"a": 1.0}
    assert line(["a", "b"]) == {"a": 1.0, "b": 1.0}
    assert asked == [["a", "none"], ["b"]]
