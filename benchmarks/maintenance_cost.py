"""``python -m benchmarks.maintenance_cost``: what one ``maintain`` call costs a user who has
run for months: wall time and SQL statements, on generated stores of 1k / 5k / 10k nodes in
English and in Chinese.

Each store is one user's four months: tasks (some finished) holding sessions of turns, facts
and preferences said again with new values, recurring episodes (material for distillation)
and a probe. It is built once per size and language with the deterministic ``hash`` embedder
and a fixed clock, then copied, so every run starts from the same bytes. On a copy two deep
maintenance runs follow: ``first`` (the first run after the four months: compression,
folding, fading, distillation all have work) and ``next_day`` (the daily run after it: the
steady state a long-running user pays every day). Statements are counted with SQLite's
trace callback on the store's connection.

After the runs the store's tables (``nodes`` with every column, ``active_nodes``, the op log,
the vectors and the lexical terms) are hashed, so two trees (e.g. main's code and a branch)
run on the same generated store can be compared byte for byte: ``--build DIR`` keeps the
generated stores in DIR and ``--from DIR`` reuses them. ``--keep-first DIR`` keeps each store
as its first run left it, and ``--next-day DIR --repeat N`` times only the next-day run on
fresh copies of those (the steady state, paired between two trees run alternately).
Statement counts include the index backlog's own statements, which a background thread may
issue on the same connection while maintenance runs: they vary by a few percent run to run.

Run: ``python -m benchmarks.maintenance_cost --sizes 1000,5000,10000 --langs en,zh
--out benchmarks/results/maint26/branch.json [--build /tmp/stores | --from /tmp/stores]``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sqlite3
import tempfile
import time
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from benchmarks.hybrid import SettableClock
from hybridmem import HybridMemory
from hybridmem.core import NodeInput

USER = "u-maint"
START = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
DAYS = 120
"""How long the generated user has run before the first maintenance."""

_LINES: dict[str, dict[str, Any]] = {
    "en": {
        "task": "Work on {topic} ({k})",
        "session": "Chat about {topic}, part {s}",
        "turn": (
            "Checked the {thing} for {topic} again",
            "Asked about the {thing} and waited for a reply",
            "Wrote down what we decided on the {thing}",
            "Read the notes on the {thing} once more",
            "Talked through the {thing} with the team",
        ),
        "fact": "My {thing} for {topic} is {value}",
        "preference": "I prefer {value} when it comes to the {thing}",
        "episode": (
            "Went running by the river in the morning",
            "Baked sourdough bread on the weekend",
            "Called my sister in the evening",
            "Practised the piano after dinner",
        ),
        "topics": ("the tax filing", "the offsite", "the Android release", "the lease"),
        "things": ("deadline", "budget", "invoice", "schedule", "contract"),
        "values": ("Monday", "4,200 euros", "the blue folder", "room 12", "version 3"),
    },
    "zh": {
        "task": "处理{topic}（{k}）",
        "session": "关于{topic}的聊天，第{s}段",
        "turn": (
            "又看了一遍{topic}的{thing}",
            "问了{thing}的事，在等回复",
            "把{thing}上定下来的事记下来了",
            "把{thing}的笔记又读了一遍",
            "和团队一起过了一遍{thing}",
        ),
        "fact": "我{topic}的{thing}是{value}",
        "preference": "{thing}方面我更喜欢{value}",
        "episode": (
            "早上去河边跑步了",
            "周末在家烤了酸面包",
            "晚上给我姐打了电话",
            "晚饭后练了一会儿钢琴",
        ),
        "topics": ("报税", "团建", "安卓发版", "租约"),
        "things": ("截止日期", "预算", "发票", "日程", "合同"),
        "values": ("周一", "四千二百欧元", "蓝色文件夹", "十二号会议室", "第三版"),
    },
}
TURNS_PER_SESSION = 8
SESSIONS_PER_TASK = 4


def generate(lang: str, size: int) -> list[tuple[datetime, NodeInput]]:
    """About ``size`` inputs in time order (parents before children), deterministic."""
    words = _LINES[lang]
    topics, things, values = words["topics"], words["things"], words["values"]
    per_task = 1 + SESSIONS_PER_TASK * (1 + TURNS_PER_SESSION) + 3
    tasks = max(1, size // (per_task + 2))
    out: list[tuple[datetime, NodeInput]] = []
    step = timedelta(days=DAYS) / tasks
    for k in range(tasks):
        at = START + k * step
        topic = topics[k % len(topics)]
        tid = f"task-{k}"
        finished = k % 3 == 0 and k < tasks - 2
        meta = {"finished_at": (at + step / 2).isoformat()} if finished else None
        out.append(
            (
                at,
                NodeInput(
                    words["task"].format(topic=topic, k=k),
                    node_type="task",
                    id=tid,
                    activate=False,
                    metadata=meta,
                ),
            )
        )
        for s in range(SESSIONS_PER_TASK):
            sid = f"{tid}-s{s}"
            when = at + timedelta(hours=2 * s)
            out.append(
                (
                    when,
                    NodeInput(
                        words["session"].format(topic=topic, s=s),
                        node_type="session",
                        parent_id=tid,
                        id=sid,
                        activate=False,
                    ),
                )
            )
            for t in range(TURNS_PER_SESSION):
                thing = things[(k + s + t) % len(things)]
                line = words["turn"][(k * 7 + s * 3 + t) % len(words["turn"])]
                out.append(
                    (
                        when + timedelta(minutes=5 * t),
                        NodeInput(
                            line.format(thing=thing, topic=topic),
                            node_type="event",
                            parent_id=sid,
                            id=f"{sid}-t{t}",
                        ),
                    )
                )
        thing = things[k % len(things)]
        value = values[k % len(values)]
        out.append(
            (
                at,
                NodeInput(
                    words["fact"].format(topic=topic, thing=thing, value=value),
                    node_type="fact",
                    id=f"{tid}-fact",
                ),
            )
        )
        out.append(
            (
                at,
                NodeInput(
                    words["preference"].format(thing=thing, value=value),
                    node_type="preference",
                    id=f"{tid}-pref",
                    slot=f"pref.{k % len(things)}",
                ),
            )
        )
        out.append(
            (
                at,
                NodeInput(
                    words["episode"][k % len(words["episode"])],
                    node_type="event",
                    parent_id=tid,
                    id=f"{tid}-ep",
                ),
            )
        )
        for extra in range(2):
            out.append(
                (
                    at + timedelta(hours=1),
                    NodeInput(
                        words["episode"][(k + extra + 1) % len(words["episode"])],
                        node_type="event",
                        id=f"{tid}-ep{extra}",
                    ),
                )
            )
    return out[:size]


def build(path: Path, lang: str, size: int) -> None:
    """Write the generated store to ``path`` (one add_many per day of the user's history)."""
    items = generate(lang, size)
    clock = SettableClock(START)
    with HybridMemory(path, embedder="hash", clock=clock) as mem:
        day: list[NodeInput] = []
        current = items[0][0].date()
        for at, item in items:
            if at.date() != current and day:
                mem.add_many(day, user_id=USER)
                day, current = [], at.date()
            clock.now = at
            day.append(replace(item, created_at=at))
        if day:
            mem.add_many(day, user_id=USER)
        clock.now = START + timedelta(days=DAYS // 2)
        mem.add_probe(user_id=USER)


def digest(path: Path) -> dict[str, str]:
    """sha256 of each compared table, rows in a fixed order."""
    conn = sqlite3.connect(path / "memory.sqlite3")
    out: dict[str, str] = {}
    tables = {
        "nodes": "SELECT * FROM nodes ORDER BY id",
        "active_nodes": "SELECT * FROM active_nodes ORDER BY user_id",
        "oplog": "SELECT * FROM oplog ORDER BY seq",
        "node_vectors": "SELECT * FROM node_vectors ORDER BY rid",
        "nodes_fts": "SELECT rowid, terms FROM nodes_fts ORDER BY rowid",
    }
    try:
        for name, sql in tables.items():
            h = hashlib.sha256()
            for row in conn.execute(sql):
                h.update(repr(row).encode())
            out[name] = h.hexdigest()[:16]
    finally:
        conn.close()
    return out


def _timed(path: Path, when: datetime) -> dict[str, Any]:
    """One deep maintenance run at ``when`` on the store at ``path`` (opened and closed)."""
    with HybridMemory(path, embedder="hash", clock=SettableClock(when)) as mem:
        conn = mem.store.conn  # type: ignore[attr-defined]
        statements: list[str] = []
        conn.set_trace_callback(statements.append)
        started, cpu = time.perf_counter(), time.process_time()
        report = mem.maintain(now=when, user_id=USER)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        conn.set_trace_callback(None)
    reads = sum(1 for s in statements if s.lstrip().upper().startswith(("SELECT", "WITH")))
    scans = sum(
        1 for s in statements if "FROM nodes WHERE user_id = " in s and "ORDER BY depth, seq" in s
    )
    return {
        "seconds": round(seconds, 3),
        "cpu_seconds": round(cpu, 3),
        "statements": len(statements),
        "selects": reads,
        "user_node_scans": scans,
        "actions": dict(sorted(report.counts.items())),
    }


FIRST = START + timedelta(days=DAYS + 1)
NEXT_DAY = FIRST + timedelta(days=1)


def run_one(path: Path, keep: Path | None = None, again: bool = False) -> dict[str, Any]:
    """The two maintenance runs on the store at ``path``: seconds, statements, actions; the
    store after the first run copied to ``keep`` when given. ``again``: the first run twice
    at the same moment (what the second found to do is ``first_again``; nothing, when
    maintenance is idempotent)."""
    with HybridMemory(path, embedder="hash") as mem:
        nodes = mem.store.node_count(USER)
    out: dict[str, Any] = {"nodes": nodes, "first": _timed(path, FIRST)}
    if again:
        out["first_again"] = _timed(path, FIRST)
    if keep is not None:
        if keep.exists():
            shutil.rmtree(keep)
        shutil.copytree(path, keep)
    out["next_day"] = _timed(path, NEXT_DAY)
    out["tables"] = digest(path)
    return out


def next_day_only(
    source: Path, repeat: int, tmp: Path, when: datetime = NEXT_DAY
) -> list[dict[str, Any]]:
    """The next-day run alone, ``repeat`` times, each on a fresh copy of ``source`` (a store
    kept after its first run): the steady state timed without the first run's noise.
    ``when=FIRST``: a run again at the first run's moment (nothing to write)."""
    out = []
    for i in range(repeat):
        work = tmp / f"next-{i}"
        shutil.copytree(source, work)
        result = _timed(work, when)
        result["tables"] = digest(work)
        out.append(result)
        shutil.rmtree(work)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,5000,10000")
    parser.add_argument("--langs", default="en,zh")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--build", type=Path, help="keep the generated stores here")
    parser.add_argument("--from", dest="source", type=Path, help="reuse stores built here")
    parser.add_argument("--keep-first", type=Path, help="keep each store after its first run")
    parser.add_argument(
        "--next-day", type=Path, help="time only the next-day run on the stores kept here"
    )
    parser.add_argument(
        "--same-moment",
        action="store_true",
        help="with --next-day: time a run at the first run's moment instead of the next day",
    )
    parser.add_argument("--repeat", type=int, default=3, help="next-day runs per store")
    parser.add_argument(
        "--again", action="store_true", help="run the first maintenance twice at one moment"
    )
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    langs = args.langs.split(",")
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="maintcost-") as tmp:
        for lang in langs:
            for size in sizes:
                name = f"{lang}-{size}"
                if args.next_day is not None:
                    when = FIRST if args.same_moment else NEXT_DAY
                    runs = next_day_only(args.next_day / name, args.repeat, Path(tmp), when)
                    results[name] = runs
                    seconds = ", ".join(
                        f"{r['seconds']:.2f} ({r['cpu_seconds']:.2f} cpu)" for r in runs
                    )
                    print(
                        f"{name:9} next day {seconds} s; scans {runs[0]['user_node_scans']}; "
                        f"statements {runs[0]['statements']}; nodes {runs[0]['tables']['nodes']}",
                        flush=True,
                    )
                    continue
                base = (args.source or args.build or Path(tmp)) / name
                if args.source is None:
                    if base.exists():
                        shutil.rmtree(base)
                    build(base, lang, size)
                work = Path(tmp) / f"run-{name}"
                shutil.copytree(base, work)
                keep = args.keep_first / name if args.keep_first else None
                result = run_one(work, keep, args.again)
                results[name] = result
                print(_row(name, result), flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")
    print(f"wrote {args.out}")


def _row(name: str, r: dict[str, Any]) -> str:
    f, d = r["first"], r["next_day"]
    again = f" | again {r['first_again']['actions']}" if "first_again" in r else ""
    return (
        f"{name:9} nodes {r['nodes']:6}  first {f['seconds']:7.2f} s {f['statements']:6} stmts "
        f"{f['user_node_scans']} scans | next day {d['seconds']:7.2f} s {d['statements']:6} "
        f"stmts {d['user_node_scans']} scans | nodes {r['tables']['nodes']}{again}"
    )


if __name__ == "__main__":
    main()
