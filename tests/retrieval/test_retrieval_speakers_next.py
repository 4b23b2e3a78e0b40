"""A match brings the same speaker's next turn, two places on (issue 38, probing questions).

A companion's user says what is asked and goes on after the companion's reply without the
words that matched ("I drink rooibos in the evenings now" / "Rooibos is caffeine-free." /
"yeah Lena got me into it, honey in it"). That turn matches nothing of the question itself,
so only its place in the exchange can find it: the best candidates bring their adjacent
siblings and the turns two places away. Few vector and lexical candidates here, as a long
history leaves the turn out of them; real SQLite and Chroma in tmp_path, the e5 model, time
injected; English and Chinese.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hybridmem.config import RetrievalConfig
from hybridmem.embedding import Embedder
from hybridmem.errors import InvalidArgumentError
from tests.companion_chats import Sessions, ask_history

EN: Sessions = [
    [
        ("user", "I've given up on the decaf. I drink rooibos in the evenings now"),
        ("assistant", "Rooibos is caffeine-free too, so that works."),
        ("user", "yeah Lena got me into it, honey in it, lovely"),
        ("assistant", "Sounds cosy."),
    ],
    [
        ("user", "coffee at the staff room this morning was awful"),
        ("assistant", "School coffee rarely is good."),
    ],
    [
        ("user", "the evenings are so dark now, I hate november"),
        ("assistant", "Only a few weeks until the days get longer."),
    ],
    [
        ("user", "had a glass of wine with dinner, first in ages"),
        ("assistant", "Nice to treat yourself."),
    ],
    [("user", "my band has a gig on saturday"), ("assistant", "Good luck!")],
    [("user", "the cat knocked my mug off the table"), ("assistant", "Cats!")],
]
ZH: Sessions = [
    [
        ("user", "低因咖啡不喝了，我现在晚上改喝路易波士茶了"),
        ("assistant", "路易波士茶不含咖啡因，挺好的。"),
        ("user", "嗯，是丽娜推荐的，加点蜂蜜特别好喝"),
        ("assistant", "听起来很舒服。"),
    ],
    [("user", "今天早上办公室的咖啡太难喝了"), ("assistant", "公司的咖啡一般都不太行。")],
    [("user", "最近晚上天黑得好早，讨厌冬天"), ("assistant", "再过几周白天就长了。")],
    [("user", "晚饭喝了一杯红酒，好久没喝了"), ("assistant", "偶尔犒劳一下自己挺好。")],
    [("user", "周六我们乐队有演出"), ("assistant", "加油！")],
    [("user", "猫把我的杯子从桌上推下去了"), ("assistant", "猫就是这样！")],
]


def _ask(tmp_path: Path, e5: Embedder, sessions: Sessions, query: str, on: bool) -> list[str]:
    retrieval = RetrievalConfig(
        vector_candidates=3, lexical_candidates=3, recent_children=0, expand_speakers_next=on
    )
    return ask_history(tmp_path / "m", e5, sessions, query, retrieval, top_k=20)


@pytest.mark.parametrize(
    ("sessions", "query"),
    [(EN, "what do I drink in the evenings now?"), (ZH, "我现在晚上喝什么？")],
    ids=["en", "zh"],
)
def test_a_speakers_next_turn_comes_with_the_turn_it_goes_on_from(
    tmp_path: Path, e5: Embedder, sessions: Sessions, query: str
):
    found = _ask(tmp_path, e5, sessions, query, on=True)
    assert "d0-0" in found, found  # the statement
    assert "d0-2" in found, found  # and what the user went on to say about it
    # Adjacent siblings only (the engine before): the matching statement, not its sequel.
    before = _ask(tmp_path / "before", e5, sessions, query, on=False)
    assert "d0-0" in before and "d0-2" not in before, before


def test_the_switch_takes_only_a_bool():
    with pytest.raises(InvalidArgumentError, match="expand_speakers_next"):
        RetrievalConfig(expand_speakers_next="no")  # type: ignore[arg-type]
