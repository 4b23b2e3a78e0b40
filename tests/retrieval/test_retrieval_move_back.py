"""A move back (A, B, then A again) answers with the value said again at query time, above
the value in between (issue 38), with multilingual-e5, real SQLite and Chroma in tmp_path and
a fake clock. A guard for any check of later statements that only mention an older value
(helper mention17: "A again" names only A's value, like a remark about A's thing; a check
that gave the first A the value in between as its successor, or none, lost moves back on the
blind colloquial sets). It holds on the shipped engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from hybridmem.embedding import MultilingualE5Embedder
from tests.fact_stories import ranked_after_others

U = "u"


BACK = [
    pytest.param(
        (
            "I bank with Lloyds.",
            "Moved my current account over to Nationwide.",
            "Back with Lloyds again, Nationwide's app was hopeless.",
        ),
        "Which bank is the user with?",
        id="en-bank",
    ),
    pytest.param(
        (
            "我玩游戏用Switch。",
            "游戏都在电脑上玩，刚装了台主机。",
            "又捧起Switch了，电脑风扇太吵。",
        ),
        "用户用什么玩游戏？",
        id="zh-games",
    ),
]


@pytest.mark.parametrize(("said", "query"), BACK)
def test_a_move_back_answers_with_the_value_said_again(
    tmp_path: Path, e5: MultilingualE5Embedder, said: tuple[str, ...], query: str
) -> None:
    """A, B, then A again: B, the value in between, must not take A's place (zh: a move back
    of a colloquial development set, traced by ``benchmarks.mention_residue``)."""
    ranked = ranked_after_others(tmp_path / "m.db", e5, said, query)
    # The value said again (or the first statement, if the writer merged the two) is a hit.
    again = said[2] if said[2] in ranked else said[0]
    assert again in ranked
    assert said[1] not in ranked or ranked.index(again) < ranked.index(said[1])
