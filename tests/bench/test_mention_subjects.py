"""The measured reading of ``benchmarks.mention_subjects`` (issue 38, helper mention19; not
shipped): a later remark whose subject is the shared thing or another person, with the user
neither its subject nor its possessor, read as someone else's act. It holds for the mention
remarks it was written for, not for a statement that gives the user a value; and, what made it
a measured negative, it also holds for real changes said with the attribute's thing as the
subject or topic. Readings without a model."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.mention_subjects import applied, others_act, pairs, scan
from hybridmem.retrieval import newer_values

MENTIONS = [
    (
        "I play darts for the Red Lion on Wednesdays.",
        "The Red Lion changed landlord, the beer's gone up.",
    ),
    ("My bakery shift starts at four.", "The bakery ovens broke down, the owner is furious."),
    ("我每周三去社区合唱团。", "合唱团团长又在群里发通知了。"),
    ("我在少年宫教围棋。", "少年宫门口在修路，停车太难了。"),
]

# The user is the subject or the possessor: a value of the user's.
OWN_VALUES = [
    ("I get my hair cut at Tony's.", "Tony's has shut, I go to the barber's by the station now."),
    (
        "I play darts for the Red Lion on Wednesdays.",
        "I play for the Crown now, the Red Lion shut.",
    ),
    ("我每周三去社区合唱团。", "我现在周三去老年大学的合唱团了。"),
]

# Real changes with the thing as the subject or topic: the reading cuts them too (the negative).
CHANGES_CUT = [
    ("My ISA is with Hargreaves Lansdown.", "The ISA sits with Vanguard."),
    (
        "I water the houseplants on Sundays.",
        "The houseplants get watered every Wednesday, Sundays kept slipping.",
    ),
    ("基金我在支付宝上买。", "基金都转到天天基金了。"),
    ("我周四早上上普拉提。", "普拉提不上了，腰受不了。"),
]


@pytest.mark.parametrize(("older", "newer"), MENTIONS)
def test_a_remark_about_the_shared_thing_reads_as_someone_elses_act(older: str, newer: str) -> None:
    assert others_act(newer, older)


@pytest.mark.parametrize(("older", "newer"), OWN_VALUES)
def test_a_statement_of_the_users_own_is_no_one_elses_act(older: str, newer: str) -> None:
    assert not others_act(newer, older)
    assert not others_act(newer, older, "speaker")


@pytest.mark.parametrize(("older", "newer"), CHANGES_CUT)
def test_the_reading_also_holds_for_real_changes_said_with_the_thing_as_subject(
    older: str, newer: str
) -> None:
    assert others_act(newer, older)


def test_applied_patches_the_rule_and_restores_it() -> None:
    original = newer_values.same_subject
    older, newer = MENTIONS[0]
    assert original(newer, older)
    with applied("subject"):
        assert not newer_values.same_subject(newer, older)
    assert newer_values.same_subject is original


def test_scan_counts_mentions_and_changes(tmp_path: Path) -> None:
    data = tmp_path / "set.json"
    data.write_text(
        '[{"id": "s", "nodes": ['
        '{"id": "s.v0", "content": "My ISA is with Hargreaves Lansdown.", "node_type": "fact",'
        ' "created_at": "2025-09-01T08:00:00+00:00"},'
        '{"id": "s.v1", "content": "The ISA sits with Vanguard.", "node_type": "fact",'
        ' "created_at": "2025-09-15T08:00:00+00:00"}],'
        ' "probes": [{"gold": ["s.v1"]}]}]',
        encoding="utf-8",
    )
    assert (
        "change",
        "s",
        "My ISA is with Hargreaves Lansdown.",
        "The ISA sits with Vanguard.",
    ) in list(pairs([data]))
    lines = scan([data])
    assert any(
        line.startswith("subject: ") and "real-change pairs cut 1/1" in line for line in lines
    )
