"""Moves back folded into the value they leave: what the write path made of a value said again.

``colloquial_report``'s stale rate maps a statement merged into an older node onto that node
(:func:`benchmarks.evolution_scenarios._load`), so a move back folded into the stale value's
node ("又装回Chrome了，Edge老弹广告。" merged into "浏览器用Edge，Chrome太吃内存。") makes the
answer and the stale value one node: the stale text is what the store holds as current and
the metric counts the probe as right. This program counts, per file, language and kind, on
the default engine (the ``evolution`` variant: maintenance once before the probes):

- ``folded``: change probes whose answer was merged into a node that holds a stale statement;
- ``not_current``: probes whose answer's node is not the current value of its conflict group
  (``core.evolution_marks.current_of`` over the group's active members);
- ``first``: probes whose first hit is the answer's node and holds no stale statement;
- ``live_answers`` (``repeat`` controls): answer nodes still active beyond one (0: one memory).

``python -m benchmarks.moveback_folds --json FILE [--guard NAME] files...`` (``--guard``: a
candidate value guard of paraphrase merging,
:data:`benchmarks.evolution_models.paraphrase_guards.CANDIDATES`; default the shipped one)
"""

from __future__ import annotations

import argparse
import json
import tempfile
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from benchmarks.colloquial_report import kind_of
from benchmarks.common import load_embedder
from benchmarks.evolution_models.paraphrase_guards import CANDIDATES, using
from benchmarks.evolution_scenarios import TOP_K, Variant, _load
from benchmarks.hybrid import SettableClock
from benchmarks.paths import portable
from benchmarks.scenario_files import load_scenarios
from hybridmem import HybridMemory, MemoryConfig
from hybridmem.core.evolution_marks import current_of

METRICS = ("folded", "not_current", "first", "live_answers")


def measure(
    files: Sequence[Path], embedder: str, show: list[str] | None = None
) -> list[dict[str, object]]:
    """The rows of :data:`METRICS` per (file, language, kind); ``show`` (development sets
    only) collects a line per folded or not-current answer."""
    config = MemoryConfig()
    variant = Variant("evolution", config, evolution=True)
    model = load_embedder(embedder)
    values: dict[tuple[str, str, str, str], list[float]] = defaultdict(list)
    for path in files:
        scenarios = [sc for sc in load_scenarios(path) if sc.family == "natural_change"]
        if not scenarios:
            continue
        with tempfile.TemporaryDirectory(prefix="hm-moveback-") as tmp:
            clock = SettableClock(min(n.created_at for sc in scenarios for n in sc.nodes))
            with HybridMemory(Path(tmp), embedder=model, config=config, clock=clock) as mem:
                for sc in scenarios:
                    clock.now = min(n.created_at for n in sc.nodes)
                    real = _load(mem, clock, sc, variant)
                    clock.now = sc.now
                    mem.maintain(user_id=sc.id)
                    active = [r.node for r in mem.inspect(user_id=sc.id, statuses=["active"])]
                    key = (portable(path), sc.lang, kind_of(sc))
                    for probe in sc.probes:
                        gold = {real[g] for g in probe.gold if g in real}
                        stale = {real[s] for s in probe.stale if s in real}
                        values[(*key, "folded")].append(float(bool(gold & stale)))
                        answer = mem.get(real[max(probe.gold)], user_id=sc.id)
                        group = answer.conflict_group
                        members = [n for n in active if group and n.conflict_group == group]
                        cur = current_of(members) if members else answer
                        off = cur is None or cur.id != answer.id
                        values[(*key, "not_current")].append(float(off))
                        if show is not None and (off or gold & stale):
                            now = cur.content if cur is not None else "-"
                            show.append(
                                f"{sc.id} fold={bool(gold & stale)} {answer.content!r}"
                                f" current={now!r}"
                            )
                        res = mem.retrieve(probe.query, user_id=sc.id, top_k=TOP_K)
                        ids = [h.node.id for h in res.hits]
                        right = bool(ids) and ids[0] in gold and ids[0] not in stale
                        values[(*key, "first")].append(float(right))
                        if kind_of(sc) == "repeat":
                            live = [g for g in gold if mem.get(g, user_id=sc.id).status == "active"]
                            values[(*key, "live_answers")].append(float(max(len(live) - 1, 0)))
    return [
        {"file": f, "lang": lang, "kind": kind, "metric": m, "value": sum(xs), "n": len(xs)}
        for (f, lang, kind, m), xs in sorted(values.items())
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.moveback_folds")
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--embedder", default="multilingual")
    parser.add_argument("--json", type=Path, required=True)
    parser.add_argument("--show", action="store_true", help="list the misses (dev sets only)")
    parser.add_argument("--guard", choices=sorted(CANDIDATES), default="shipped")
    args = parser.parse_args(argv)
    shown: list[str] | None = [] if args.show else None
    with using(args.guard):
        rows = measure(args.files, args.embedder, shown)
    print("\n".join(shown or []))
    for r in rows:
        print(
            f"{r['file']} {r['lang']} {r['kind']!s:9} {r['metric']!s:13} {r['value']:.0f}/{r['n']}"
        )
    args.json.parent.mkdir(parents=True, exist_ok=True)
    payload = {"embedder": args.embedder, "guard": args.guard, "rows": rows}
    args.json.write_text(json.dumps(payload, indent=1, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
