"""A question naming a day keeps an older value said that day (issue 38, helper daywindow15).

``groups.group_values`` drops a conflict group's older value whenever its current value is
also a hit: for "where do I work?" the old job is a stale answer. For "what did I tell you on
July 1?" it is the record asked for, and the current value, said weeks later, is not; helper
decide14's decision reading lost probing blind3 e11 and blind5 e4 that way. English and Chinese,
e5, real SQLite and Chroma.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import MultilingualE5Embedder

U = "u"
OLD_DAY = datetime(2024, 7, 1, 9, 0, tzinfo=UTC)
NEW_DAY = datetime(2024, 8, 20, 9, 0, tzinfo=UTC)
NOW = datetime(2024, 9, 2, 9, 0, tzinfo=UTC)

LINES = {
    "en": ("I work as a nurse at the city hospital.", "I quit nursing, now I work as a teacher."),
    "zh": ("我在市医院当护士。", "我辞掉了护士的工作，现在当老师了。"),
}
ASK_DAY = {
    "en": "What did I tell you about my work on July 1?",
    "zh": "7月1日我跟你说了工作的什么事？",
}
ASK_NOW = {"en": "What is my job?", "zh": "我现在做什么工作？"}


@dataclass(frozen=True)
class Said:
    mem: HybridMemory
    old: str
    new: str


@pytest.fixture(params=["en", "zh"])
def said(
    request: pytest.FixtureRequest, tmp_path: Path, e5: MultilingualE5Embedder
) -> Iterator[Said]:
    clock = FakeClock(OLD_DAY)
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock) as mem:
        old_line, new_line = LINES[request.param]
        old = mem.add(old_line, node_type="fact", user_id=U)
        clock.set(NEW_DAY)
        new = mem.add(new_line, node_type="fact", user_id=U)
        clock.set(NOW)
        yield Said(mem, old.id, new.id)


def _group(said: Said) -> str:
    old = said.mem.get(said.old, user_id=U)
    new = said.mem.get(said.new, user_id=U)
    assert old.conflict_group and old.conflict_group == new.conflict_group  # one value changed
    return old.conflict_group


def test_a_day_question_keeps_the_older_value_said_that_day(
    said: Said, request: pytest.FixtureRequest
) -> None:
    _group(said)
    lang = request.node.callspec.params["said"]
    result = said.mem.retrieve(ASK_DAY[lang], user_id=U, top_k=5)
    ids = [h.node.id for h in result.hits]
    assert result.time_window is not None
    assert said.old in ids  # what was said on July 1
    if said.new in ids:  # said weeks later: not the day's record, it keeps no place above
        assert ids.index(said.old) < ids.index(said.new)


def test_a_question_with_no_time_still_drops_the_older_value(
    said: Said, request: pytest.FixtureRequest
) -> None:
    _group(said)
    lang = request.node.callspec.params["said"]
    result = said.mem.retrieve(ASK_NOW[lang], user_id=U, top_k=5)
    ids = [h.node.id for h in result.hits]
    assert result.time_window is None
    assert ids[0] == said.new
    assert said.old not in ids


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_value_read_off_a_turn_found_for_its_day_is_not_shown_twice(
    tmp_path: Path, e5: MultilingualE5Embedder, lang: str
) -> None:
    # Chat turns: the older value is a fact read off turn t1, whose own record (the turn's
    # event) is a hit too. Kept beside it, the fact added no word and, as a standing
    # statement, made the day's passing remarks yield to it (probing blind3 c1).
    clock = FakeClock(OLD_DAY)
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock) as mem:
        task = mem.add("Chats with my companion", node_type="task", user_id=U)
        for tid, at, text in (("t1", OLD_DAY, LINES[lang][0]), ("t2", NEW_DAY, LINES[lang][1])):
            clock.set(at)
            message = {"id": tid, "role": "user", "content": text, "created_at": at}
            mem.add_messages([message], user_id=U, task_id=task.id)
        clock.set(NOW)
        result = mem.retrieve(ASK_DAY[lang], user_id=U, task_id=task.id, top_k=30)
        current = [h for h in result.hits if "t2" in h.node.source_ids and h.node.conflict_group]
        citing = [h.node for h in result.hits if "t1" in h.node.source_ids]
        assert result.time_window is not None
        assert citing  # the day's turn is found
        grouped = [n for n in citing if n.conflict_group and n.node_type == "fact"]
        others = [n for n in citing if not n.conflict_group]
        if current:  # the change is a hit: the older value goes, its turn's record stays
            assert others and not grouped
