"""The measured reading of a later remark as someone else's act about the thing, told from a
value said without "I" by the verb's class and aspect (issue 38, helper stale18;
``benchmarks/mention_acts.py``, not shipped). Readings without a model, on the development
set ``colloquial_thirdperson_dev`` and stale17's examples; ``reading()`` restores
``mention_events``."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import mention_events
from benchmarks.mention_acts import (
    habitual_passive_en,
    others_act,
    reading,
    transfer_en,
    transfer_zh,
)
from benchmarks.scenario_files import load_scenarios

DATA = Path(__file__).resolve().parents[2] / "benchmarks" / "data"

# Values said in the third person: a transfer to a new holder or place, a verb of beginning,
# the habitual passive, or a standing cue anywhere in the statement.
VALUES = (
    "Derek retired and passed the accounts to his partner, Lena Cho.",
    "The council moved the allotment to plot 22 after the flooding.",
    "The little one started at Bright Stars nursery in January.",
    "The prescriptions get posted out by an online pharmacy.",
    "Tony's shut down, the barber by the station does it now.",
    "刘会计把报税的事转给了她徒弟小周。",
    "读书会的地点定在小陈家了。",
    "小的去年九月进了星星幼儿园。",
    "倒垃圾的活儿归儿子了。",
    "家里养了两只仓鼠。",
    # stale17's: the thing as subject in the present, the speaker's clause, topic-first.
    "The ISA sits with Vanguard.",
    "Moved to Hamburg last month.",
    "基金都转到天天基金了。",
    "普拉提不上了，腰受不了。",
)
ACTS = (
    "Aviva's chief executive stepped down.",
    "Goals has been resurfacing pitch three.",
    "Parkside Vets won a regional award.",
    "永辉超市装了一排自助收银机。",
    "奥体中心正在重新铺场地。",
    "宠物医院拿了个全市的奖。",
    # stale17's development remarks, still read.
    "Hartley Rovers' pitch was waterlogged, what a mess.",
    "少年宫门口在修路，停车太难了。",
)


@pytest.mark.parametrize("text", VALUES)
def test_a_value_said_without_i_is_no_act_of_someone_else(text: str) -> None:
    assert not others_act(text)


@pytest.mark.parametrize("text", ACTS)
def test_someone_elses_act_about_the_thing_reads_as_one(text: str) -> None:
    assert others_act(text)


def test_the_grammatical_classes_read_what_they_name() -> None:
    assert transfer_en("The broadband went over to Plusnet")
    assert not transfer_en("Nationwide opened a new branch in the retail park")
    assert habitual_passive_en("The bins get emptied on Fridays")
    assert not habitual_passive_en("The bins got emptied late")
    assert transfer_zh("车子保养都交给4S店了")
    assert not transfer_zh("川菜馆的厨师长被电视台采访了")


def test_no_third_person_change_of_the_development_set_is_marked() -> None:
    """The set it was built on: every newer value of ``third`` is left alone, most mention
    remarks are read (the rest are counted in the section, not asserted)."""
    scenarios = load_scenarios(DATA / "colloquial_thirdperson_dev.json")
    said = {n.id: n.content for sc in scenarios for n in sc.nodes}
    changes = [t for i, t in said.items() if i.startswith("thirdp-third") and i.endswith(".v1")]
    remarks = [t for i, t in said.items() if i.endswith(".remark")]
    assert len(changes) == 20 and len(remarks) == 20
    assert not [t for t in changes if others_act(t)]
    assert sum(others_act(t) for t in remarks) > len(remarks) // 2


def test_reading_puts_stale17s_back() -> None:
    original = mention_events.others_event
    with reading():
        assert mention_events.others_event is others_act
    assert mention_events.others_event is original
