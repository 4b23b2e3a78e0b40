"""A value changed in a brief statement that names neither the attribute nor anything the
older statement names: the change answers first (issue 38, the first-day newcomers' "new value
above the old"), with multilingual-e5, real SQLite and Chroma in tmp_path and a fake clock.

The change below failed before: the question's words find the older statement (手机卡), the
two share no naming word, and the pair model reads them as two attributes; the newer one
states a change, the older one is its nearest statement and the question reads both
(:func:`hybridmem.retrieval.newer_values.states_its_change`). English changes of this kind
were read on the first-day newcomers (the bank, the mobile network), but of eleven written
for this test none was: the writer gives five a conflict group (four under a wrong slot: "gone
over to Virgin Media" as a workplace), in two another statement is nearest, four were answered
first already (docs/benchmarks.md, firstday10);
the reading is tested on English statements directly below."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from hybridmem import FakeClock, HybridMemory, MemoryConfig
from hybridmem.config.evolution import EvolutionConfig
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.models import MemoryNode
from hybridmem.retrieval.newer_values import states_its_change
from tests.fact_stories import OTHER_FACTS

U = "u"
OFF = MemoryConfig(evolution=EvolutionConfig(newer_first_at_query=False))


def _first(
    path: Path,
    e5: MultilingualE5Embedder,
    said: tuple[str, str],
    query: str,
    config: MemoryConfig | None = None,
) -> str:
    """The user's other facts, then ``said`` a week apart; ``query``'s first hit."""
    clock = FakeClock(datetime(2025, 3, 1, 9, tzinfo=UTC))
    lang = "zh" if re.search(r"[\u4e00-\u9fff]", said[0]) else "en"
    with HybridMemory(path, embedder=e5, clock=clock, config=config or MemoryConfig()) as mem:
        for text in OTHER_FACTS[lang]:
            mem.add(text, node_type="fact", user_id=U)
            clock.advance(hours=1)
        ids = []
        for text in said:
            ids.append(mem.add(text, node_type="fact", user_id=U).id)
            clock.advance(days=7)
        hits = mem.retrieve(query, user_id=U, top_k=5).hits
        for node_id in ids:
            assert mem.get(node_id, user_id=U).status == "active"  # nothing archived
        return hits[0].node.content


CHANGES = [
    pytest.param(
        ("我的手机卡一直用的移动。", "上个月换成联通了。"), "我手机卡是哪家的？", id="zh-carrier"
    ),
]


@pytest.mark.parametrize(("said", "query"), CHANGES)
def test_a_brief_stated_change_answers_before_the_value_it_changes(tmp_path, e5, said, query):
    assert _first(tmp_path / "m", e5, said, query) == said[1]


@pytest.mark.parametrize(("said", "query"), CHANGES)
def test_turned_off_the_older_value_answers(tmp_path, e5, said, query):
    assert _first(tmp_path / "m", e5, said, query, OFF) == said[0]


@pytest.mark.parametrize(
    ("said", "query", "answer"),
    [
        pytest.param(
            ("Our broadband is with BT.", "We've gone over to Virgin Media now."),
            "What's my job?",
            OTHER_FACTS["en"][0],
            id="en",
        ),
        pytest.param(CHANGES[0].values[0], "我是做什么工作的？", OTHER_FACTS["zh"][0], id="zh"),
    ],
)
def test_a_change_of_one_attribute_leaves_the_others_answers_first(
    tmp_path, e5, said, query, answer
):
    assert _first(tmp_path / "m", e5, said, query) == answer


SCALE = {"en": [(0.9, "old"), (0.8, "new"), (0.7, "x")]}
NEAREST = {"new": "old", "old": "x"}


def _pair(lunch: MemoryNode, new: str, group: str | None = None) -> tuple[MemoryNode, MemoryNode]:
    return (
        replace(lunch, id="new", content=new, conflict_group=group),
        replace(lunch, id="old", content="I bank with Halifax."),
    )


def test_a_stated_change_nearest_to_what_the_question_reads_is_its_change(lunch) -> None:
    new, old = _pair(lunch, "I've moved everything over to Monzo now.")
    assert states_its_change(new, old, NEAREST, SCALE)


def test_no_change_word_no_reading(lunch) -> None:
    new, old = _pair(lunch, "Monzo has a nice app.")
    assert not states_its_change(new, old, NEAREST, SCALE)


def test_a_change_the_writer_linked_to_its_own_value_is_not_read_again(lunch) -> None:
    """上个月搬家了 after 我住在宝安区的城中村 took 我老家在湖南衡阳's place without this."""
    new, old = _pair(lunch, "I've moved everything over to Monzo now.", "slot:user.residence")
    assert not states_its_change(new, old, NEAREST, SCALE)


def test_a_change_the_question_does_not_read_takes_no_place(lunch) -> None:
    """ "I'm hard of hearing in my left ear" took "I'm diabetic"'s place for a cake question."""
    new, old = _pair(lunch, "I'm hard of hearing in my left ear.")
    assert not states_its_change(new, old, NEAREST, {"en": [(0.9, "old"), (0.8, "x")]})


def test_the_nearest_of_a_change_must_be_the_older_statement(lunch) -> None:
    new, old = _pair(lunch, "I've moved everything over to Monzo now.")
    assert not states_its_change(new, old, {"new": "x"}, SCALE)


def test_a_tired_want_with_a_change_word_takes_no_habits_place(tmp_path, e5) -> None:
    """A feeling with a want in it names no change, though the writer kept it for a clause
    holding a change word (转晕): the habit still answers (colloquial_blind2's tired evening,
    found at a merge). English remarks of this shape are candidates, no standing hits."""
    said = ("我晚上一般听播客。", "头都转晕了，今晚就想听点歌。")
    assert _first(tmp_path / "m", e5, said, "我晚上一般听什么？") == said[0]


def test_a_change_word_in_a_feeling_is_no_stated_change(lunch) -> None:
    new, old = _pair(lunch, "Ugh, so drained, I just want to switch off now.")
    assert states_its_change(new, old, NEAREST, SCALE)  # read by its words alone
    felt = replace(new, marks={"speech_act": "emotion", "kept_standing": True})
    assert not states_its_change(felt, old, NEAREST, SCALE)
