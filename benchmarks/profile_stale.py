"""Does a distilled profile carry an old value into the top 3 of a change probe? (issue 38)

Runs the evolution variant of :mod:`benchmarks.evolution_scenarios` (default config, e5; one
deep maintenance before the probes) over the ``natural_change`` scenarios of colloquial files
and counts, per language, the change probes where a profile among the top 3 quotes a statement
of the **old** value (``stale``), one of the **new** value (``gold``), and where the first hit
is the new value's statement or a profile quoting only it (``new_first``). The per-kind
``stale_rate`` and ``hit@3`` of :mod:`benchmarks.colloquial_report` read labelled statements
only, so a profile's part is invisible there; this counts it. Development analysis: run it on a
set that is no longer blind::

    python -m benchmarks.profile_stale benchmarks/data/colloquial_blind5.json
"""

from __future__ import annotations

import argparse
import json
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from benchmarks.common import load_embedder
from benchmarks.evolution_scenarios import TOP_K, Variant, _load
from benchmarks.hybrid import SettableClock
from benchmarks.scenario_files import load_scenarios
from hybridmem import HybridMemory, MemoryConfig


def count(files: Sequence[Path]) -> dict[str, dict[str, int]]:
    scenarios = [
        sc for path in files for sc in load_scenarios(path) if sc.family == "natural_change"
    ]
    config = MemoryConfig()
    variant = Variant("evolution", config, evolution=True)
    out: dict[str, Counter[str]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        clock = SettableClock(min(n.created_at for sc in scenarios for n in sc.nodes))
        with HybridMemory(
            Path(tmp), embedder=load_embedder("multilingual"), config=config, clock=clock
        ) as mem:
            for sc in scenarios:
                clock.now = min(n.created_at for n in sc.nodes)
                real = _load(mem, clock, sc, variant)
                clock.now = sc.now
                mem.maintain(user_id=sc.id)
                text = {n.id: n.content for n in sc.nodes}
                tally = out.setdefault(sc.lang, Counter())
                for probe in sc.probes:
                    hits = mem.retrieve(probe.query, user_id=sc.id, top_k=TOP_K).hits
                    gold = [text[g] for g in probe.gold]
                    stale = [text[s] for s in probe.stale]
                    profiles = [h.node.content for h in hits if h.node.node_type == "profile"]
                    tally["probes"] += 1
                    tally["profile_in_top3"] += bool(profiles)
                    tally["profile_quotes_stale"] += any(s in p for p in profiles for s in stale)
                    tally["profile_quotes_gold"] += any(g in p for p in profiles for g in gold)
                    first = hits[0].node if hits else None
                    tally["new_first"] += first is not None and (
                        first.id in {real[g] for g in probe.gold}
                        or (
                            first.node_type == "profile"
                            and any(g in first.content for g in gold)
                            and not any(s in first.content for s in stale)
                        )
                    )
    return {lang: dict(c) for lang, c in sorted(out.items())}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.profile_stale")
    parser.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args(argv)
    print(json.dumps(count(args.files), ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
