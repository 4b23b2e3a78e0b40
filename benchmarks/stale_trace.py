"""Every change probe of colloquial files whose answer is not first, traced (issue 38).

Development analysis only (run it on a blind set and the set is no longer blind): runs the
evolution variant of :mod:`benchmarks.evolution_scenarios` (default config, e5) and prints,
for each change probe whose answer is not ranked first, the hits in order with what the
writer made of every statement of the scenario (status, conflict group, speech act,
supersession), so a miss and a hit@3 loss can be read by mechanism::

    python -m benchmarks.stale_trace benchmarks/data/colloquial_blind5.json
"""

from __future__ import annotations

import argparse
import tempfile
from collections.abc import Sequence
from pathlib import Path

from benchmarks.colloquial_report import kind_of
from benchmarks.common import load_embedder
from benchmarks.evolution_scenarios import TOP_K, Variant, _load
from benchmarks.hybrid import SettableClock
from benchmarks.scenario_files import load_scenarios
from hybridmem import HybridMemory, MemoryConfig


def trace(files: Sequence[Path], kinds: Sequence[str]) -> list[str]:
    scenarios = [
        sc
        for path in files
        for sc in load_scenarios(path)
        if sc.family == "natural_change" and (not kinds or kind_of(sc) in kinds)
    ]
    config = MemoryConfig()
    variant = Variant("evolution", config, evolution=True)
    out: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        clock = SettableClock(min(n.created_at for sc in scenarios for n in sc.nodes))
        model = load_embedder("multilingual")
        with HybridMemory(Path(tmp), embedder=model, config=config, clock=clock) as mem:
            for sc in scenarios:
                clock.now = min(n.created_at for n in sc.nodes)
                real = _load(mem, clock, sc, variant)
                clock.now = sc.now
                mem.maintain(user_id=sc.id)
                # A repeat merged into an older node keeps that node's id: name it once.
                name = {v: k.rsplit(".", 1)[-1] for k, v in reversed(real.items())}
                for probe in sc.probes:
                    res = mem.retrieve(probe.query, user_id=sc.id, top_k=TOP_K)
                    ids = [h.node.id for h in res.hits]
                    gold = {real[g] for g in probe.gold}
                    if ids and ids[0] in gold:
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
                    for sid in sorted({real[n.id] for n in sc.nodes if ".v" in n.id}):
                        node = mem.get(sid, user_id=sc.id)
                        out.append(
                            f"   {name[sid]} {node.status:9} g={node.conflict_group or '-':.8}"
                            f" act={node.marks.get('speech_act')} tier={node.tier}"
                            f" life={node.lifecycle} imp={node.importance:.2f}"
                            f" {node.content}"
                        )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.stale_trace")
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--kinds", nargs="*", default=())
    args = parser.parse_args(argv)
    print("\n".join(trace(args.files, args.kinds)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
