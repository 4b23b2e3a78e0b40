"""The write-time link trace and the nearest-fact margin of issue 38 (benchmarks only, the
engine unchanged): which step of the writer's search stops a colloquial change's link, a
statement's predicate without its value words, and the margin chosen on one half."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from benchmarks.link_margin import fitted, linked, predicate
from benchmarks.link_trace import _row
from benchmarks.scenarios import ScenarioNode
from hybridmem.evolution.slots import pairs

_T0 = datetime(2026, 1, 1, tzinfo=UTC)


def _fact(i: int, text: str) -> ScenarioNode:
    return ScenarioNode(f"s.v{i}", text, "fact", None, _T0 + timedelta(days=i))


def _reason(e5, old: str, new: str) -> str:
    model = pairs.model_for(e5.name, e5.dimension)
    before = [_fact(0, old)]
    return str(_row("s", "plain", _fact(1, new), before[0], before, e5, model)["reason"])


def test_a_change_with_no_change_word_is_compared_with_nothing(e5):
    assert _reason(e5, "I take my notes in Evernote.", "Everything goes into Notion.") == "gate"
    assert _reason(e5, "闲钱我放余额宝。", "零钱都扔进招行朝朝宝，收益高一点。") == "gate"


def test_a_worded_change_sharing_its_attribute_word_is_linked(e5):
    assert _reason(e5, "I drink oat milk.", "I switched to almond milk now.") == "linked"
    assert _reason(e5, "我喝燕麦奶。", "我现在改喝杏仁奶了。") == "linked"


def test_a_predicate_keeps_the_attribute_words_and_drops_the_values():
    assert predicate("Book KLM for me going forward.") == "Book  for me going forward."
    assert "Evernote" not in predicate("I take my notes in Evernote.")
    assert "notes" in predicate("I take my notes in Evernote.")
    assert predicate("我喝燕麦奶。") == "我喝奶。"


def test_the_margin_is_the_highest_control_and_links_strictly_above_it():
    rows = [
        {"label": "control", "cosine": 0.02},
        {"label": "control", "cosine": -0.1},
        {"label": "missed", "cosine": 0.02},
        {"label": "gated", "cosine": 0.05},
    ]
    t = fitted(rows, "cosine")
    assert t == 0.02
    got = linked(rows, "cosine", t)
    assert got["control"] == "0/2" and got["missed"] == "0/1" and got["gated"] == "1/1"
