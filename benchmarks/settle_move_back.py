"""Months of maintenance over a value, a change, a move back and a later change.

Each history (English and Chinese, one attribute each) is written through ``HybridMemory.add``
with a moving clock; maintenance runs weekly (an agent's upkeep) or once after the history
(an imported history, a store maintained rarely):

1. day 0: value A; day 1: value B (a change: A demoted);
2. day 29: A said again in its own words (a move back, before A settled): B demoted by A;
3. days 39 and 41: value C, said twice (a later change, confirmed);
4. the clock runs to ``settle_after_days`` after C, then the group is read.

What a user relies on, per history (counted over the histories whose statements joined one
conflict group; the others are listed, not scored):

- ``left_early``: B archived less than ``settle_after_days`` after the move back (it had no
  time to be said again before it settled);
- ``left_settled``: B archived by the end (the group still settles);
- ``back_replaced``: A demoted or archived by the end (C replaced the value said last);
- ``current``: the group's current value at the end is C;
- ``undemoted_extra``: live members other than the current one without a demotion mark at
  the end (a value that can never settle).

Run: ``python -m benchmarks.settle_move_back [--embedder hash] [--json FILE]``; the JSON has
one row per history and the totals.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from dataclasses import asdict, dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from rich.console import Console
from rich.table import Table

from benchmarks.common import load_embedder
from benchmarks.hybrid import SettableClock
from hybridmem import HybridMemory
from hybridmem.embedding import Embedder
from hybridmem.models import MemoryNode

HISTORIES: dict[str, list[tuple[str, str, str]]] = {
    "en": [
        (
            "I drink green tea in the evening.",
            "I've switched to chamomile in the evenings.",
            "These days I drink rooibos in the evening.",
        ),
        ("I live in Leeds.", "I moved to Bristol last month.", "We just moved to Cardiff."),
        (
            "I work as a nurse at the city hospital.",
            "I quit nursing, I'm a paramedic now.",
            "I retrained and now I work as a midwife.",
        ),
        (
            "I take oat milk in my coffee.",
            "I take soy milk in my coffee now.",
            "I've started taking almond milk in my coffee.",
        ),
        (
            "I drive a Honda Civic.",
            "I sold the Civic, now I drive a Toyota Corolla.",
            "I traded the Corolla for a Mazda 3.",
        ),
        (
            "My gym is PureGym on Main Street.",
            "I switched to the Anytime Fitness by the station.",
            "I joined the climbing gym near work instead.",
        ),
    ],
    "zh": [
        ("我住在杭州。", "我搬到上海了。", "我现在搬到南京了。"),
        ("我晚上喝绿茶。", "我晚上改喝菊花茶了。", "最近晚上我喝普洱。"),
        ("我在医院当护士。", "我不当护士了，现在做急救员。", "我转行当助产士了。"),
        ("我开一辆本田思域。", "思域卖了，现在开丰田卡罗拉。", "卡罗拉换成了马自达。"),
        ("我的咖啡加燕麦奶。", "我的咖啡现在加豆奶。", "我的咖啡改加杏仁奶了。"),
        ("我用的是华为手机。", "我换了苹果手机。", "我现在用小米手机。"),
    ],
}
CHANGE_DAY = 1
"""The change's day: before A settles into the long-term tier (``promote_after_days``), so
the change demotes A rather than waiting for confirmation."""
BACK_DAY = 29
"""The move back's day: before A settles (``settle_after_days`` after the change, 30), at the
latest weekly maintenance before it; the next one is more than 30 days after A was written."""
LATER_DAY = 39
"""The later change's first day (said again two days later)."""
SCHEDULES: dict[str, int | None] = {"weekly": 7, "once": None}
USER = "u"


@dataclass
class Row:
    lang: str
    schedule: str
    first: str
    grouped: bool = False
    left_early: bool = False
    left_settled: bool = False
    back_replaced: bool = False
    current: bool = False
    undemoted_extra: int = 0


def _node(mem: HybridMemory, node_id: str) -> MemoryNode:
    node = mem.get(node_id)
    assert node is not None
    return node


def run_one(
    embedder: Embedder, lang: str, values: tuple[str, str, str], root: Path, every: int | None
) -> Row:
    """One history; maintenance every ``every`` days (None: once, after the history)."""
    a, b, c = values
    t0 = datetime(2025, 1, 6, 9, 0, tzinfo=UTC)
    clock = SettableClock(t0)
    with HybridMemory(root, embedder=embedder, clock=clock) as mem:
        settle = mem.config.evolution.settle_after_days
        left_archived: list[datetime] = []
        ids: dict[str, str] = {}

        def upto(day: int) -> None:
            """Move the clock to ``day``, maintaining on the schedule on the way."""
            while clock.now < t0 + timedelta(days=day):
                clock.now += timedelta(days=1)
                elapsed = (clock.now - t0).days
                if every is not None and elapsed % every == 0:
                    maintain()

        def maintain() -> None:
            mem.maintain(user_id=USER)
            left = ids.get("left")
            if left and not left_archived and _node(mem, left).status == "archived":
                left_archived.append(clock.now)

        first = mem.add(a, node_type="fact", user_id=USER)
        upto(CHANGE_DAY)
        change = mem.add(b, node_type="fact", user_id=USER)
        ids["left"] = change.id
        upto(BACK_DAY)
        back = mem.add(a, node_type="fact", user_id=USER)
        upto(LATER_DAY)
        later = mem.add(c, node_type="fact", user_id=USER)
        upto(LATER_DAY + 2)
        again = mem.add(c, node_type="fact", user_id=USER)  # said twice: confirmed
        upto(LATER_DAY + 2 + int(settle) + 1)
        if every is None:
            maintain()
        row = Row(lang, "weekly" if every else "once", a)
        row.grouped = back.id == first.id and first.conflict_group is not None
        groups = {change.conflict_group, later.conflict_group}
        row.grouped = row.grouped and groups == {first.conflict_group}
        was = _node(mem, first.id)
        row.back_replaced = was.status == "archived" or "demoted_by" in was.metadata
        back_at = t0 + timedelta(days=BACK_DAY)
        row.left_early = bool(left_archived) and left_archived[0] - back_at < timedelta(days=settle)
        row.left_settled = bool(left_archived)
        group = first.conflict_group
        if group is not None:
            now = mem.current_value(group.removeprefix("slot:"), user_id=USER)
            row.current = now is not None and now.id in {later.id, again.id}
            live = [
                r.node
                for r in mem.inspect(user_id=USER, statuses=["active"])
                if r.node.conflict_group == group
            ]
            row.undemoted_extra = sum(
                1
                for n in live
                if now is not None and n.id != now.id and "demoted_by" not in n.metadata
            )
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--embedder", default="hash")
    ap.add_argument("--json", type=Path, required=True)
    args = ap.parse_args()
    embedder = load_embedder(args.embedder)
    rows: list[Row] = []
    for schedule, every in SCHEDULES.items():
        for lang, histories in HISTORIES.items():
            for k, values in enumerate(histories):
                with tempfile.TemporaryDirectory() as tmp:
                    path = Path(tmp) / f"{schedule}-{lang}{k}"
                    rows.append(run_one(embedder, lang, values, path, every))
    metrics = ["left_early", "left_settled", "back_replaced", "current"]
    table = Table(title=f"settle after a move back ({args.embedder})")
    table.add_column("maintenance")
    table.add_column("lang")
    table.add_column("grouped")
    for m in [*metrics, "undemoted_extra"]:
        table.add_column(m, justify="right")
    totals: dict[str, dict[str, int]] = {}
    for schedule in SCHEDULES:
        for lang in HISTORIES:
            mine = [r for r in rows if r.lang == lang and r.schedule == schedule]
            scored = [r for r in mine if r.grouped]
            t = {m: sum(int(getattr(r, m)) for r in scored) for m in metrics}
            t["undemoted_extra"] = sum(r.undemoted_extra for r in scored)
            t["grouped"], t["histories"] = len(scored), len(mine)
            totals[f"{schedule}/{lang}"] = t
            table.add_row(
                schedule,
                lang,
                f"{len(scored)}/{len(mine)}",
                *(f"{t[m]}/{len(scored)}" for m in metrics),
                str(t["undemoted_extra"]),
            )
    Console().print(table)
    for r in rows:
        if not r.grouped:
            print(f"not one group ({r.schedule}, {r.lang}): {r.first}")
    args.json.parent.mkdir(parents=True, exist_ok=True)
    out = {
        "suite": "settle_move_back",
        "embedder": args.embedder,
        "days": {"change": CHANGE_DAY, "back": BACK_DAY, "later": LATER_DAY},
        "totals": totals,
        "rows": [asdict(r) for r in rows],
    }
    args.json.write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.json}")


if __name__ == "__main__":
    main()
