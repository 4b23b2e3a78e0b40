"""Remarks that only mention an attribute's subject, and the query-time newer-first rule
(issue 38, helper stale14).

A value ("I play darts for the Red Lion on Wednesdays", 我在老年大学学书法) and, 14 days later,
a remark that states no value of the user's but mentions the attribute's subject ("The Red
Lion changed landlord", 老年大学的食堂最近涨价了), among five noise lines: the value answers
the question, the remark above it is pollution (``colloquial_blind12``'s ``mention`` kind).
The items here are development items, written for this measurement and read; they share no
statement with any colloquial set. Each is played twice through the evolution variant (e5),
with ``EvolutionConfig.newer_first_at_query`` on (the default) and off, to say which reading
puts the remark first::

    python -m benchmarks.mention_newer_first \\
        --json benchmarks/results/stale14/mention_newer_first.json
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path

from benchmarks import stale_trace
from benchmarks.evolution_scenarios import TOP_K
from benchmarks.scenarios import Scenario
from benchmarks.scenarios_colloquial2 import oneoff_scenario
from hybridmem import MemoryConfig

# (the value, a later remark that only mentions its subject, the question)
ITEMS: dict[str, list[tuple[str, str, str]]] = {
    "en": [
        (
            "I coach the under-nines at Hartley Rovers.",
            "Hartley Rovers' pitch was waterlogged, what a mess.",
            "Which team does the user coach?",
        ),
        (
            "My bakery shift starts at four.",
            "The bakery ovens broke down, the owner is furious.",
            "When does the user's bakery shift start?",
        ),
        (
            "I keep bees in the back garden.",
            "Beekeepers in the club are worried about the wet spring.",
            "Where does the user keep bees?",
        ),
        (
            "My cousin Ravi is a pilot.",
            "Pilots at his airline are on strike, flights cancelled all week.",
            "What does the user's cousin Ravi do?",
        ),
        (
            "I play darts for the Red Lion on Wednesdays.",
            "The Red Lion changed landlord, the beer's gone up.",
            "Which pub does the user play darts for?",
        ),
        (
            "My book group meets at Helen's house.",
            "Book group picked a dreadful thriller this month.",
            "Where does the user's book group meet?",
        ),
        (
            "I swim lengths at the Castle Street baths.",
            "Swimming pools everywhere are hiking their prices.",
            "Where does the user swim lengths?",
        ),
        (
            "My son's nursery is Little Acorns.",
            "Nursery fees went up again, it's outrageous.",
            "Which nursery does the user's son go to?",
        ),
    ],
    "zh": [
        ("我在少年宫教围棋。", "少年宫门口在修路，停车太难了。", "用户在哪教围棋？"),
        ("我表哥是消防员。", "新闻说消防员今年特别辛苦。", "用户的表哥做什么工作？"),
        ("我在阳台养了两盆兰花。", "兰花展这周末开，听说很热闹。", "用户在阳台养什么？"),
        ("我每周三去社区合唱团。", "合唱团团长又在群里发通知了。", "用户每周三去哪？"),
        ("我在老年大学学书法。", "老年大学的食堂最近涨价了。", "用户在哪学书法？"),
        ("我儿子在实验小学上二年级。", "小学的家长群天天吵，烦死了。", "用户的儿子在哪上学？"),
        ("我周末在江边钓鱼。", "钓鱼的人越来越多，位置都抢不到。", "用户周末在哪钓鱼？"),
        ("我的车是白色的凯美瑞。", "凯美瑞的新款出来了，变化挺大。", "用户的车是哪款？"),
    ],
}


def scenarios() -> list[Scenario]:
    """The items as one-off scenarios (ids ``mention-<lang>-<i>``)."""
    return [
        oneoff_scenario(f"mention-{lang}-{i}", lang, i + 40, value, remark, query)
        for lang, items in ITEMS.items()
        for i, (value, remark, query) in enumerate(items)
    ]


def polluted(newer_first: bool) -> dict[str, list[str]]:
    """Per language, the ids whose remark ranks above the value (or the value is no hit)."""
    base = MemoryConfig()
    config = replace(base, evolution=replace(base.evolution, newer_first_at_query=newer_first))
    out: dict[str, list[str]] = {lang: [] for lang in ITEMS}
    for mem, sc, real in stale_trace.played(scenarios(), config):
        (probe,) = sc.probes
        ids = [h.node.id for h in mem.retrieve(probe.query, user_id=sc.id, top_k=TOP_K).hits]
        value, remark = real[f"{sc.id}.habit"], real[f"{sc.id}.remark"]
        if remark in ids and (value not in ids or ids.index(remark) < ids.index(value)):
            out[sc.lang].append(sc.id)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", type=Path, required=True)
    args = parser.parse_args()
    rows = []
    for on in (True, False):
        found = polluted(on)
        for lang, ids in found.items():
            n = len(ITEMS[lang])
            rows.append({"newer_first": on, "lang": lang, "polluted": len(ids), "n": n, "ids": ids})
            print(f"newer_first={'on ' if on else 'off'} {lang} pollution {len(ids)}/{n} {ids}")
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(rows, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
