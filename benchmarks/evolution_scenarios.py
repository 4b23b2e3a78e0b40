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
``evolution_scenarios_<embedder>.json``. ``--scenarios FILE`` runs the scenarios of a file
(:mod:`benchmarks.scenario_files`; JSON ``evolution_scenarios_<embedder>-<file stem>.json``),
``--dump FILE`` writes the generated ones in that format.
"""

from __future__ import annotations

import argparse
import json
import math
import tempfile
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import timedelta
from pathlib import Path

from rich.console import Console
from rich.table import Table

from benchmarks import scenarios_changes
from benchmarks.common import load_embedder
from benchmarks.hybrid import SettableClock
from benchmarks.paths import portable
from benchmarks.scenario_files import dump_scenarios, load_scenarios
from benchmarks.scenarios import Scenario, ScenarioNode, generate
from hybridmem import HybridMemory, MemoryConfig
from hybridmem.config.evolution import EvolutionConfig, HalfLives
from hybridmem.errors import FileAccessError, ValidationError

BASE_FAMILIES = ("value_change", "hypothetical", "pruning")
FAMILIES = (*BASE_FAMILIES, *scenarios_changes.FAMILIES)
TOP_K = 3


@dataclass(frozen=True)
class Variant:
    """One configuration of the engine and how it is driven."""

    name: str
    config: MemoryConfig
    evolution: bool
    daily_maintenance: bool = False
    confirm_changes: bool = False


def variants(pair_links: bool = False) -> tuple[Variant, ...]:
    """The four variants described in the module docstring (and, when asked, the ablation
    ``evolution-pair_links``: the default without the pair model linking statements no slot
    names)."""
    off = EvolutionConfig(
        speech_filter_types=(),
        conflict_types=(),
        infer_slots=False,
        merge_repeats=False,
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
    ) + (
        (
            Variant(
                "evolution-pair_links",
                MemoryConfig(evolution=EvolutionConfig(pair_links=False)),
                evolution=True,
            ),
        )
        if pair_links
        else ()
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


def _load(
    mem: HybridMemory, clock: SettableClock, sc: Scenario, variant: Variant
) -> dict[str, str]:
    """Write the history through the public API (no ids named, as an agent would); return the
    node id each scenario id became (a repeat becomes the node it repeats)."""
    real: dict[str, str] = {}
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
        written = mem.add(
            node.content,
            parent_id=real[node.parent_id] if node.parent_id else None,
            node_type=node.node_type,
            user_id=sc.id,
            importance=node.importance,
            source_id=node.id,
            created_at=node.created_at,
            # A task's steps (states) become the active node, as when an agent works on it.
            activate=None if node.node_type == "state" else False,
        )
        real[node.id] = written.id
    return real


def _mapped(real: dict[str, str], ids: frozenset[str]) -> frozenset[str]:
    return frozenset(real[i] for i in ids if i in real)


def _fifo_cap(mem: HybridMemory, sc: Scenario, cap: int | None = None) -> None:
    """The baseline's forgetting: archive the oldest active non-task nodes down to the cap."""
    rows = [r.node for r in mem.inspect(user_id=sc.id, statuses=["active"])]
    live = sorted(
        (n for n in rows if n.node_type not in {"root", "task"}),
        key=lambda n: (n.created_at, n.seq),
    )
    excess = len(rows) - (cap if cap is not None else sc.cap)
    for node in live[: max(excess, 0)]:
        mem.update(node.id, status="archived")


def _forget(mem: HybridMemory, sc: Scenario, variant: Variant) -> None:
    """Forgetting under the scenario's cap: the engine's maintenance, or the baseline's FIFO."""
    if variant.evolution:
        mem.maintain(user_id=sc.id, max_nodes=sc.cap)
    else:
        _fifo_cap(mem, sc)


def _probe(mem: HybridMemory, sc: Scenario, real: dict[str, str], values: dict, name: str) -> None:
    for probe in sc.probes:
        task = real.get(probe.task_id) if probe.task_id else None
        res = mem.retrieve(probe.query, user_id=sc.id, task_id=task, top_k=TOP_K)
        ids = [h.node.id for h in res.hits]
        gold = _mapped(real, probe.gold)
        key = (name, sc.family)
        values[(*key, "hit@3")].append(float(bool(set(ids) & gold)))
        if probe.stale:
            values[(*key, "stale_rate")].append(_beats(ids, _mapped(real, probe.stale), gold))
        if probe.polluters:
            values[(*key, "pollution_rate")].append(
                _beats(ids, _mapped(real, probe.polluters), gold)
            )
        if sc.family == "repeats":
            # Copies of the one event still stored live beyond the first (0: one memory).
            live = [i for i in set(gold) if mem.get(i, user_id=sc.id).status == "active"]
            values[(*key, "duplicate_rate")].append((len(live) - 1) / (len(probe.gold) - 1))


def _recurring(
    mem: HybridMemory, sc: Scenario, real: dict[str, str], values: dict, name: str
) -> None:
    """A profile for the recurring theme, citing only this scenario's real episodes."""
    sources = _mapped(real, sc.needed)
    profiles = [r.node for r in mem.inspect(user_id=sc.id, node_types=["profile"])]
    profiles = [p for p in profiles if p.status == "active"]
    about = [p for p in profiles if set(p.metadata.get("derived_from", [])) & sources]
    values[(name, sc.family, "profile_rate")].append(float(bool(about)))
    for p in profiles:
        cited = set(p.metadata.get("derived_from", []))
        real_ids = set(real.values())
        values[(name, sc.family, "profile_real_sources")].append(float(cited <= real_ids))


def _active_path(
    mem: HybridMemory,
    sc: Scenario,
    real: dict[str, str],
    values: dict,
    variant: Variant,
    clock: SettableClock,
) -> None:
    """Resume the paused task, forget under the cap, then maintain again 90 days later."""
    step = real[f"{sc.id}.step"]
    mem.set_active(step, user_id=sc.id)
    _forget(mem, sc, variant)
    if variant.evolution:
        clock.now = sc.now + timedelta(days=90)
        mem.maintain(user_id=sc.id)
        clock.now = sc.now
    for nid in _mapped(real, sc.needed):
        alive = mem.get(nid, user_id=sc.id).status == "active"
        values[(variant.name, sc.family, "false_forget_rate")].append(0.0 if alive else 1.0)


def _recovered(mem: HybridMemory, sc: Scenario, real: dict[str, str]) -> float:
    """After a reopen: the active node is the step, it is live, and the context given for the
    probe carries it (on the task path or among the hits)."""
    step = real[f"{sc.id}.step"]
    active = mem.active_node(user_id=sc.id)
    node = mem.get(step)
    if active is None or active.id != step or node.status != "active":
        return 0.0
    probe = sc.probes[0]
    res = mem.retrieve(probe.query, user_id=sc.id, task_id=real[probe.task_id or ""], top_k=TOP_K)
    return float(step in {h.node.id for h in res.hits} or node.content in res.context)


def run(
    per_family: int,
    seed: int,
    embedder: str,
    workdir: Path,
    families: Sequence[str] = FAMILIES,
    pair_links: bool = False,
    given: Sequence[Scenario] | None = None,
    source: str = "generated",
    only: Sequence[str] | None = None,
) -> dict[str, object]:
    """Run every variant on the same scenarios; return the figures.

    ``given``: run these scenarios (e.g. from :func:`benchmarks.scenario_files.load_scenarios`)
    instead of generating ``per_family`` of each family; those of a family not in ``families``
    are skipped and counted in the result's ``skipped``. ``source`` is recorded as is.
    ``only``: the names of the variants to run (all by default), e.g. for a slice whose
    families ``evolution+daily+confirmed`` would only replay (it differs on value changes).
    """
    if given is None:
        scenarios = generated(per_family, seed, families)
        skipped: dict[str, int] = {}
    else:
        scenarios = tuple(sc for sc in given if sc.family in families)
        skipped = dict(Counter(sc.family for sc in given if sc.family not in families))
    if not scenarios:
        raise ValueError(f"no scenario of the families {', '.join(families)} to run")
    values: dict[tuple[str, str, str], list[float]] = defaultdict(list)
    start = min(n.created_at for sc in scenarios for n in sc.nodes)
    # One memoised model for every variant: each distinct text is embedded once.
    model = load_embedder(embedder)
    chosen = [v for v in variants(pair_links) if only is None or v.name in only]
    if only is not None and len(chosen) != len(set(only)):
        raise ValueError(f"unknown variant among {', '.join(only)}")
    for variant in chosen:
        clock = SettableClock(start)
        path = workdir / variant.name
        maps: dict[str, dict[str, str]] = {}
        with HybridMemory(path, embedder=model, config=variant.config, clock=clock) as mem:
            for original in scenarios:
                sc = confirmed_version(original) if variant.confirm_changes else original
                clock.now = min(n.created_at for n in sc.nodes)
                real = maps[sc.id] = _load(mem, clock, sc, variant)
                clock.now = sc.now
                if sc.family == "pruning":
                    _forget(mem, sc, variant)
                    for nid in _mapped(real, sc.needed):
                        alive = mem.get(nid, user_id=sc.id).status == "active"
                        values[(variant.name, sc.family, "false_forget_rate")].append(
                            0.0 if alive else 1.0
                        )
                elif sc.family == "active_path":
                    _active_path(mem, sc, real, values, variant, clock)
                elif variant.evolution:
                    mem.maintain(user_id=sc.id)
                if sc.family == "recurring":
                    _recurring(mem, sc, real, values, variant.name)
                _probe(mem, sc, real, values, variant.name)
        with HybridMemory(path, embedder=model, config=variant.config, clock=clock) as mem:
            for sc in scenarios:
                if sc.family == "active_path":
                    values[(variant.name, sc.family, "recovery")].append(
                        _recovered(mem, sc, maps[sc.id])
                    )
    rows = [
        {"variant": v, "family": f, "metric": m, "value": sum(xs) / len(xs), "n": len(xs)}
        for (v, f, m), xs in sorted(values.items())
    ]
    return {
        "suite": "evolution_scenarios",
        "seed": seed,
        "per_family": per_family if given is None else None,
        "embedder": embedder,
        "scenarios": len(scenarios),
        "source": source,
        "skipped": skipped,
        "rows": rows,
    }


def generated(
    per_family: int, seed: int, families: Sequence[str] = FAMILIES
) -> tuple[Scenario, ...]:
    """The scenarios a run without a file uses: each generator's families of ``families``."""
    base = tuple(f for f in families if f in BASE_FAMILIES)
    new = tuple(f for f in families if f in scenarios_changes.FAMILIES)
    return (generate(seed=seed, per_family=per_family, families=base) if base else ()) + (
        scenarios_changes.generate(seed=seed, per_family=per_family, families=new) if new else ()
    )


def show(result: dict[str, object], console: Console) -> None:
    """Print one table: variants x (family, metric)."""
    rows = result["rows"]
    assert isinstance(rows, list)
    columns = [
        ("value_change", "stale_rate"),
        ("natural_change", "stale_rate"),
        ("slotless_change", "stale_rate"),
        ("hypothetical", "pollution_rate"),
        ("one_offs", "pollution_rate"),
        ("venting", "pollution_rate"),
        ("pruning", "false_forget_rate"),
        ("active_path", "false_forget_rate"),
        ("active_path", "recovery"),
        ("repeats", "duplicate_rate"),
        ("recurring", "profile_rate"),
        ("recurring", "profile_real_sources"),
    ]
    table = Table(
        title=f"evolution scenarios ({_source(result)}, {result['scenarios']} scenarios, "
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


def _source(result: dict[str, object]) -> str:
    source = result.get("source", "generated")
    return f"seed {result['seed']}" if source == "generated" else f"file {source}"


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.evolution_scenarios")
    parser.add_argument("--per-family", type=int, default=8)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--embedder",
        default="hash",
        help="'hash' (fast), 'e5'/'default' (multilingual-e5-small), 'minilm' or a model path",
    )
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results"))
    parser.add_argument("--families", nargs="*", default=list(FAMILIES), choices=FAMILIES)
    parser.add_argument(
        "--pair-links",
        action="store_true",
        help="add the ablation evolution-pair_links (the default without the pair model)",
    )
    parser.add_argument(
        "--scenarios",
        type=Path,
        help="run the scenarios of this JSON file (those of --families) instead of the "
        "generated ones; format: docs/benchmarks.md, 'Your own scenarios'",
    )
    parser.add_argument(
        "--dump",
        type=Path,
        help="write the generated scenarios (--per-family, --seed, --families) to this JSON "
        "file in the --scenarios format, then stop",
    )
    args = parser.parse_args(argv)
    console = Console(width=220)
    if args.dump is not None and args.scenarios is not None:
        parser.error("--dump writes the generated scenarios: drop --scenarios")
    given, source = None, "generated"
    try:
        if args.dump is not None:
            written = dump_scenarios(
                generated(args.per_family, args.seed, args.families), args.dump
            )
            console.print(f"wrote {written}")
            return 0
        if args.scenarios is not None:
            given, source = load_scenarios(args.scenarios), portable(args.scenarios)
    except (ValidationError, FileAccessError) as exc:
        parser.error(str(exc))
    if given is not None and not any(sc.family in args.families for sc in given):
        parser.error(f"{args.scenarios}: no scenario of the families {' '.join(args.families)}")
    with tempfile.TemporaryDirectory(prefix="hm-evo-") as tmp:
        result = run(
            args.per_family,
            args.seed,
            args.embedder,
            Path(tmp),
            args.families,
            args.pair_links,
            given=given,
            source=source,
        )
    show(result, console)
    if result["skipped"]:
        console.print(
            f"skipped (family not measured here or not in --families): {result['skipped']}"
        )
    args.out.mkdir(parents=True, exist_ok=True)
    label = "".join(c if c.isalnum() else "-" for c in args.embedder)
    if args.scenarios is not None:
        # A run on a file never overwrites the generated run's committed figures.
        label += "-" + "".join(c if c.isalnum() else "-" for c in args.scenarios.stem)
    target = args.out / f"evolution_scenarios_{label}.json"
    target.write_text(json.dumps(result, indent=2, ensure_ascii=False))
    console.print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
