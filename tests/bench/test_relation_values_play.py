"""``benchmarks.relation_values_play``: which scenarios the engine's reading of a relation's own
value can act on, listed with the reading itself while the engine's is off (no model)."""

from __future__ import annotations

from pathlib import Path

from benchmarks import relation_values_play as play
from benchmarks.value_remarks_play import engine_off, marked
from hybridmem.evolution.slots import relation_values

DATA = Path(__file__).resolve().parents[2] / "benchmarks" / "data"


def test_the_pairs_are_listed_with_the_engines_reading_off() -> None:
    with engine_off((relation_values, "relations_own")):
        assert not relation_values.relations_own("我妈把她的号转到移动了。", "我用联通的卡。")
        found = marked(DATA / "colloquial_blind20.json", play.holds)
    assert set(found) == {"colloq20-mention-zh-2", "colloq20-mention-zh-5"}


def test_only_a_newcomer_stating_a_change_and_sharing_a_word_is_counted() -> None:
    old = "我的工资卡是招商银行的。"
    assert play.holds("我姐把她的工资卡换成了中国银行的。", old)
    assert not play.holds(old, "我姐把她的工资卡换成了中国银行的。")
    assert not play.holds("我姐喜欢吃辣。", old)
