"""A person both Chinese statements name is no sign of two subjects (issue 38, colloquial
value changes).

The query-time reading of a newer value asks whether two statements give values of the same
person's attributes. In English a name the other statement uses as a common noun ("my son" in
both) was already no sign of two people; in Chinese, where no space marks a word, the check
did not apply, so 儿子的钢琴课在少年宫上 (read as the son's) and 钢琴老师每周上门给儿子上课
(read as the speaker's) were two subjects and the older value kept answering."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from hybridmem import FakeClock, HybridMemory, MemoryConfig
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.retrieval.newer_values import same_subject

U = "u"
FILLER = (
    "Asked how to convert miles to kilometres.",
    "Booked a table for two on Saturday.",
    "Is reading a novel about sailing.",
)


@pytest.fixture(scope="module")
def e5() -> MultilingualE5Embedder:
    return MultilingualE5Embedder()


def _order(path: Path, e5: MultilingualE5Embedder, said: tuple[str, ...], query: str) -> list[int]:
    """Write ``said`` 20 days apart (fillers in between), ask ``query``: the top 3 hits as
    indexes into ``said`` (-1: anything else); nothing said is archived."""
    clock = FakeClock(datetime(2025, 3, 1, 9, tzinfo=UTC))
    with HybridMemory(path, embedder=e5, clock=clock, config=MemoryConfig()) as mem:
        ids = []
        for text in said:
            ids.append(mem.add(text, node_type="fact", user_id=U).id)
            clock.advance(days=20)
            for filler in FILLER:
                mem.add(filler, user_id=U)
        clock.advance(days=3)
        hits = mem.retrieve(query, user_id=U, top_k=3).hits
        for node_id in ids:
            assert mem.get(node_id, user_id=U).status == "active"
        return [ids.index(h.node.id) if h.node.id in ids else -1 for h in hits]


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("儿子的钢琴课在少年宫上。", "钢琴老师每周上门给儿子上课，少年宫太远。"),
        ("女儿的校服在学校门口的店里买。", "校服都在网上买，女儿个子窜得快。"),
        ("My son has piano lessons at the music school.", "The teacher comes to us for my son."),
    ],
)
def test_a_person_both_statements_name_is_one_subject_in_both_languages(older, newer):
    assert same_subject(newer, older)


def test_two_people_named_apart_are_still_two_subjects():
    assert not same_subject("我姐在杭州上班。", "我哥在上海上班。")
    assert not same_subject("My sister works in Leeds.", "My brother works in York.")


@pytest.mark.parametrize(
    ("said", "query"),
    [
        pytest.param(
            ("儿子的钢琴课在少年宫上。", "钢琴老师每周上门给儿子上课，少年宫太远。"),
            "用户的儿子在哪上钢琴课？",
            id="zh-son",
        ),
        pytest.param(
            (
                "My son has piano lessons at the music school.",
                "The piano teacher comes to the house for my son now, the school was too far.",
            ),
            "Where does the user's son have piano lessons?",
            id="en-son",
        ),
    ],
)
def test_a_change_of_a_childs_value_answers_first_in_both_languages(tmp_path, e5, said, query):
    assert _order(tmp_path, e5, said, query)[0] == 1
