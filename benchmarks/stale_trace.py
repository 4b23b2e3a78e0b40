"""Every change probe of colloquial files whose answer is not first, traced (issue 38).

Development analysis only (run it on a blind set and the set is no longer blind): runs the
evolution variant of :mod:`benchmarks.evolution_scenarios` (default config, e5) and prints,
for each change probe whose answer is not ranked first, the hits in order with what the
writer made of every statement of the scenario (status, conflict group, speech act,
supersession), so a miss and a hit@3 loss can be read by mechanism (``--every``: every
probe, its answer first or not, to read how a kind is written; ``--settled FILE``: per file,
how many moves back left the value in between live and undemoted, joined its group, are
current: a total, so it may be run on a blind set)::

    python -m benchmarks.stale_trace benchmarks/data/colloquial_blind5.json
"""

from __future__ import annotations

import argparse
import json
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

from benchmarks.colloquial_report import kind_of
from benchmarks.common import load_embedder
from benchmarks.evolution_scenarios import TOP_K, Variant, _load
from benchmarks.hybrid import SettableClock
from benchmarks.paths import portable
from benchmarks.scenario_files import load_scenarios
from benchmarks.scenarios import Scenario
from hybridmem import HybridMemory, MemoryConfig


def trace(files: Sequence[Path], kinds: Sequence[str], every: bool = False) -> list[str]:
    """The trace lines; ``every``: every probe, its answer first or not."""
    scenarios = [
        sc
        for path in files
        for sc in load_scenarios(path)
        if sc.family == "natural_change" and (not kinds or kind_of(sc) in kinds)
    ]
    out: list[str] = []
    for mem, sc, real in _played(scenarios):
        # A repeat merged into an older node keeps that node's id: name it once.
        name = {v: k.rsplit(".", 1)[-1] for k, v in reversed(real.items())}
        for probe in sc.probes:
            res = mem.retrieve(probe.query, user_id=sc.id, top_k=TOP_K)
            ids = [h.node.id for h in res.hits]
            gold = {real[g] for g in probe.gold}
            if ids and ids[0] in gold and not every:
                continue
            lost = not set(ids) & gold
            out.append(f"== {sc.id} {'LOST' if lost else ''} {probe.query}")
            out.append(
                f"   gold {sorted(name[g] for g in gold)} stale "
                f"{sorted(name[real[s]] for s in probe.stale)}"
            )
            for h in res.hits:
                label = name.get(h.node.id, "?")
                out.append(f"   hit {label:6} {h.score:.3f} {h.node.content}")
            # The values (``.v<j>``) and a control's two statements (``.old`` / ``.new``).
            counted = probe.gold | probe.stale
            for sid in sorted({real[n.id] for n in sc.nodes if ".v" in n.id or n.id in counted}):
                node = mem.get(sid, user_id=sc.id)
                out.append(
                    f"   {name[sid]} {node.status:9} g={node.conflict_group or '-':.8}"
                    f" act={node.marks.get('speech_act')} tier={node.tier}"
                    f" life={node.lifecycle} imp={node.importance:.2f}"
                    f" {node.content}"
                )
    return out


def _played(
    scenarios: Sequence[Scenario],
) -> Iterator[tuple[HybridMemory, Scenario, dict[str, str]]]:
    return played(scenarios, MemoryConfig())


def played(
    scenarios: Sequence[Scenario], config: MemoryConfig
) -> Iterator[tuple[HybridMemory, Scenario, dict[str, str]]]:
    """Each scenario written into one evolution store (multilingual e5, ``config``) and
    maintained at its probe time, in turn: the store, the scenario and its ids as written."""
    variant = Variant("evolution", config, evolution=True)
    with tempfile.TemporaryDirectory() as tmp:
        clock = SettableClock(min(n.created_at for sc in scenarios for n in sc.nodes))
        model = load_embedder("multilingual")
        with HybridMemory(Path(tmp), embedder=model, config=config, clock=clock) as mem:
            for sc in scenarios:
                clock.now = min(n.created_at for n in sc.nodes)
                real = _load(mem, clock, sc, variant)
                clock.now = sc.now
                mem.maintain(user_id=sc.id)
                yield mem, sc, real


def settled(files: Sequence[Path], kinds: Sequence[str] = ("back",)) -> dict[str, int]:
    """How far the moves back of ``files`` settle their attribute (the evolution variant,
    maintenance before the probes): of each scenario's last value (the move back) and the
    value in between (``v1``), ``left_live`` counts the value in between still active and
    undemoted, ``joined`` the move back in one group with it, ``current`` the move back its
    group's current value."""
    counts = {"scenarios": 0, "left_live": 0, "joined": 0, "current": 0}
    scenarios = [sc for path in files for sc in load_scenarios(path) if kind_of(sc) in kinds]
    if not scenarios:
        return counts
    for mem, sc, real in _played(scenarios):
        values = sorted(k for k in real if ".v" in k)
        last = mem.get(real[values[-1]], user_id=sc.id)
        left = mem.get(real[f"{sc.id}.v1"], user_id=sc.id)
        if last is None or left is None or last.id == left.id:
            continue
        counts["scenarios"] += 1
        live = left.status == "active" and "demoted_by" not in left.metadata
        counts["left_live"] += live
        group = last.conflict_group
        counts["joined"] += group is not None and group == left.conflict_group
        now = mem.current_value(group.removeprefix("slot:"), user_id=sc.id) if group else None
        counts["current"] += now is not None and now.id == last.id
    return counts


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.stale_trace")
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--kinds", nargs="*", default=())
    parser.add_argument("--every", action="store_true", help="every probe, not only misses")
    parser.add_argument(
        "--settled", type=Path, help="count how far the moves back settle; JSON to this file"
    )
    args = parser.parse_args(argv)
    if args.settled:
        rows = {portable(f): settled([f], args.kinds or ("back",)) for f in args.files}
        args.settled.parent.mkdir(parents=True, exist_ok=True)
        args.settled.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
        for name, row in rows.items():
            print(name, " ".join(f"{k}={v}" for k, v in row.items()))
        return 0
    print("\n".join(trace(args.files, args.kinds, args.every)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
