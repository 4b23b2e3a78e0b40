"""Memory evolution on seeded bilingual scenarios: stale values, pollution, false forgetting.

Reuses the scenario generator of the benchmark suite (:mod:`benchmarks.scenarios`): its
``value_change``, ``hypothetical`` and ``pruning`` families, English and Chinese. The history of
each scenario is written in time order through ``HybridMemory.add`` with a moving clock, as an
agent would write it, then every probe is asked (top 3, the probe's task as scope).

Metrics (same definitions as ``benchmarks.suite_scenarios``):

- ``stale_rate``: probes where a superseded value ranks above the current one (an absent
  current value counts as ranked last; a probe where neither shows up counts as not stale).
- ``pollution_rate``: probes where a hypothetical/one-off ranks above the real fact.
- ``false_forget_rate``: needed nodes no longer active after forgetting under the node cap.
- ``hit@3``: the gold node is in the top 3 (so that "never answering" cannot look good).

Variants, all in the same run:

- ``baseline``: the same engine with evolution switched off (no speech-act filter, no conflict
  groups, one 30-day half-life) and a first-in-first-out cap, as a plain memory would do.
- ``evolution``: the default (companion) preset; maintenance only before the probes.
- ``evolution+daily``: the same, with maintenance run every simulated day of the history (old
  values settle into the long-term tier, so a single mention of a change is "unconfirmed").
- ``evolution+daily+confirmed``: as above, but every change is said twice (two days apart),
  which is what the confirmation rule waits for.

Run: ``python -m benchmarks.evolution_scenarios [--per-family 8] [--seed 7] [--embedder hash]
[--out benchmarks/results]``; the JSON is written as
``evolution_scenarios_<embedder>.json``.
"""

from __future__ import annotations

import argparse
import json
import math
import tempfile
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from pathlib import Path

from rich.console import Console
from rich.table import Table

from benchmarks.scenarios import Scenario, ScenarioNode, generate
from hybridmem import HybridMemory, MemoryConfig
from hybridmem.evolution.config import EvolutionConfig, HalfLives

FAMILIES = ("value_change", "hypothetical", "pruning")
TOP_K = 3


@dataclass(frozen=True)
class Variant:
    """One configuration of the engine and how it is driven."""

    name: str
    config: MemoryConfig
    evolution: bool
    daily_maintenance: bool = False
    confirm_changes: bool = False


class _Clock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def variants() -> tuple[Variant, ...]:
    """The four variants described in the module docstring."""
    off = EvolutionConfig(
        speech_filter_types=(),
        conflict_types=(),
        infer_slots=False,
        candidate_importance_factor=1.0,
        half_lives=HalfLives(transient=30.0, short_term=30.0, long_term=30.0),
    )
    on = MemoryConfig()
    return (
        Variant("baseline", MemoryConfig(evolution=off), evolution=False),
        Variant("evolution", on, evolution=True),
        Variant("evolution+daily", on, evolution=True, daily_maintenance=True),
        Variant(
            "evolution+daily+confirmed",
            on,
            evolution=True,
            daily_maintenance=True,
            confirm_changes=True,
        ),
    )


def confirmed_version(sc: Scenario) -> Scenario:
    """The scenario with every changed value restated two days after its first mention."""
    if sc.family != "value_change":
        return sc
    news = {p_gold for p in sc.probes for p_gold in p.gold}
    extra = [
        ScenarioNode(
            f"{n.id}.again",
            n.content,
            n.node_type,
            n.parent_id,
            n.created_at + timedelta(days=2),
            n.importance,
        )
        for n in sc.nodes
        if n.id in news
    ]
    probes = tuple(replace(p, gold=p.gold | {f"{g}.again" for g in p.gold}) for p in sc.probes)
    nodes = tuple(sorted((*sc.nodes, *extra), key=lambda n: n.created_at))
    now = max(sc.now, max(n.created_at for n in nodes) + timedelta(days=1))
    return replace(sc, nodes=nodes, probes=probes, now=now)


def _rank(ids: Sequence[str], wanted: frozenset[str]) -> float:
    return next((float(i) for i, x in enumerate(ids) if x in wanted), math.inf)


def _beats(ids: Sequence[str], bad: frozenset[str], good: frozenset[str]) -> float:
    return float(_rank(ids, bad) < _rank(ids, good))


def _load(mem: HybridMemory, clock: _Clock, sc: Scenario, variant: Variant) -> None:
    last_day = None
    for node in sorted(sc.nodes, key=lambda n: n.created_at):
        if variant.daily_maintenance and last_day is not None:
            day = last_day
            while day + timedelta(days=1) <= node.created_at:
                day += timedelta(days=1)
                clock.now = day
                mem.maintain(user_id=sc.id)
        clock.now = node.created_at
        last_day = last_day or node.created_at
        mem.add(
            node.content,
            id=node.id,
            parent_id=node.parent_id,
            node_type=node.node_type,
            user_id=sc.id,
            importance=node.importance,
            source_id=node.id,
            created_at=node.created_at,
            activate=False,
        )


def _fifo_cap(mem: HybridMemory, sc: Scenario) -> None:
    """The baseline's forgetting: archive the oldest active non-task nodes down to the cap."""
    rows = [r.node for r in mem.inspect(user_id=sc.id, statuses=["active"])]
    live = sorted(
        (n for n in rows if n.node_type not in {"root", "task"}),
        key=lambda n: (n.created_at, n.seq),
    )
    excess = len(rows) - sc.cap
    for node in live[: max(excess, 0)]:
        mem.update(node.id, status="archived")


def run(per_family: int, seed: int, embedder: str, workdir: Path) -> dict[str, object]:
    """Run every variant on the same scenarios; return the figures."""
    scenarios = generate(seed=seed, per_family=per_family, families=FAMILIES)
    values: dict[tuple[str, str, str], list[float]] = defaultdict(list)
    for variant in variants():
        clock = _Clock(scenarios[0].nodes[0].created_at)
        path = workdir / variant.name
        with HybridMemory(path, embedder=embedder, config=variant.config, clock=clock) as mem:
            for original in scenarios:
                sc = confirmed_version(original) if variant.confirm_changes else original
                _load(mem, clock, sc, variant)
                clock.now = sc.now
                if sc.family == "pruning":
                    if variant.evolution:
                        mem.maintain(user_id=sc.id, max_nodes=sc.cap)
                    else:
                        _fifo_cap(mem, sc)
                    for nid in sc.needed:
                        alive = mem.get(nid, user_id=sc.id).status == "active"
                        values[(variant.name, sc.family, "false_forget_rate")].append(
                            0.0 if alive else 1.0
                        )
                elif variant.evolution:
                    mem.maintain(user_id=sc.id)
                for probe in sc.probes:
                    res = mem.retrieve(
                        probe.query, user_id=sc.id, task_id=probe.task_id, top_k=TOP_K
                    )
                    ids = [h.node.id for h in res.hits]
                    key = (variant.name, sc.family)
                    values[(*key, "hit@3")].append(float(bool(set(ids) & probe.gold)))
                    if probe.stale:
                        values[(*key, "stale_rate")].append(_beats(ids, probe.stale, probe.gold))
                    if probe.polluters:
                        values[(*key, "pollution_rate")].append(
                            _beats(ids, probe.polluters, probe.gold)
                        )
    rows = [
        {"variant": v, "family": f, "metric": m, "value": sum(xs) / len(xs), "n": len(xs)}
        for (v, f, m), xs in sorted(values.items())
    ]
    return {
        "suite": "evolution_scenarios",
        "seed": seed,
        "per_family": per_family,
        "embedder": embedder,
        "scenarios": len(scenarios),
        "rows": rows,
    }


def show(result: dict[str, object], console: Console) -> None:
    """Print one table: variants x (family, metric)."""
    rows = result["rows"]
    assert isinstance(rows, list)
    columns = [
        ("value_change", "stale_rate"),
        ("value_change", "hit@3"),
        ("hypothetical", "pollution_rate"),
        ("hypothetical", "hit@3"),
        ("pruning", "false_forget_rate"),
        ("pruning", "hit@3"),
    ]
    table = Table(
        title=f"evolution scenarios (seed {result['seed']}, {result['scenarios']} scenarios, "
        f"embedder {result['embedder']}, top {TOP_K}; lower is better for *_rate)"
    )
    table.add_column("variant")
    for family, metric in columns:
        table.add_column(f"{family}\n{metric}", justify="right")
    for name in dict.fromkeys(r["variant"] for r in rows):
        cells = []
        for family, metric in columns:
            found = [
                r
                for r in rows
                if (r["variant"], r["family"], r["metric"]) == (name, family, metric)
            ]
            cells.append(f"{found[0]['value']:.3f} (n={found[0]['n']})" if found else "-")
        table.add_row(name, *cells)
    console.print(table)


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.evolution_scenarios")
    parser.add_argument("--per-family", type=int, default=8)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--embedder",
        default="hash",
        help="'hash' (fast), 'default' (all-MiniLM-L6-v2) or a model path",
    )
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results"))
    args = parser.parse_args(argv)
    console = Console(width=160)
    with tempfile.TemporaryDirectory(prefix="hm-evo-") as tmp:
        result = run(args.per_family, args.seed, args.embedder, Path(tmp))
    show(result, console)
    args.out.mkdir(parents=True, exist_ok=True)
    label = "".join(c if c.isalnum() else "-" for c in args.embedder)
    target = args.out / f"evolution_scenarios_{label}.json"
    target.write_text(json.dumps(result, indent=2, ensure_ascii=False))
    console.print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
