"""The query-time reading of a move back at the end of a chain of values
(:func:`hybridmem.retrieval.newer_values.restated`), played off and on (issue 38, helper
back25).

The reading acts at query time only, so each scenario is written once (the ``evolution``
variant of :mod:`benchmarks.evolution_scenarios`, e5, maintenance before the probes, as
``colloquial_report`` plays it) and each probe asked twice, the reading off (before) and on
(after): the difference is the reading's whole effect on that variant. Prints each file,
language, kind and metric, before -> after, the probes it moved (ids; a file of
``TOTALS_ONLY`` only as counts) and how often the reading was asked and found a value::

    python -m benchmarks.move_back_chain_play play --json F benchmarks/data/colloquial_blind18.json

``marked FILES --json F``: the scenarios the reading can reach at all, read on their texts
with the embedder and pair model alone (no store): three distinct statements (facts or
preferences) ``e``, ``l``, ``n`` where each of ``l`` and ``n`` is read as another value of
``e``'s attribute by the pair model or states a change (what :func:`_successor` needs of a
successor, less its naming tests, the question and the times): a superset, so every
scenario not marked plays as before, and ``--only F`` plays just the marked ones.

``first-day NAMES --json F``: the same reading on each first-day persona's statements (each
persona one user), by set (``dev``, ``blind``, ``third`` ... as :mod:`benchmarks.first_day`'s
flags): a set with none reachable plays as before.

``log MODULE ARGS`` runs another program (``first_day``, ``probing``) with the reading on and
counts on stderr the values it found: none, and the run is the run without it::

    python -m benchmarks.move_back_chain_play log first_day --embedder default

``off MODULE ARGS`` runs it with the reading off: the before of a run where it found values.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import tempfile
from collections import defaultdict
from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest.mock import patch

from benchmarks import value_remarks_play
from benchmarks.colloquial_report import kind_of
from benchmarks.common import load_embedder
from benchmarks.evolution_scenarios import TOP_K, Variant, _beats, _load, _mapped
from benchmarks.hybrid import SettableClock
from benchmarks.paths import portable
from benchmarks.scenario_files import load_scenarios
from hybridmem import HybridMemory, MemoryConfig
from hybridmem.retrieval import newer_values

TOTALS_ONLY = frozenset(f"colloquial_blind{n}.json" for n in (6, 9, 10, 11, 12, 13, 14, 15, 16))
"""The files counted only as totals: their items are never read (issue 38)."""

_READING = newer_values.restated


@contextmanager
def reading(on: bool, found: list[int]) -> Iterator[None]:
    """The engine's reading on (each value it finds counted in ``found``) or off."""

    def counted(*args: Any, **kwargs: Any) -> Any:
        hit = _READING(*args, **kwargs) if on else None
        found.append(int(hit is not None))
        return hit

    with patch.object(newer_values, "restated", counted):
        yield


class Found:
    """The readings of a logged run (1 a value found, 0 none), sized by the values found."""

    def __init__(self) -> None:
        self.asked: list[int] = []

    def __len__(self) -> int:
        return sum(self.asked)


@contextmanager
def logged() -> Iterator[Found]:
    """The reading on, each value it finds counted (for ``log``)."""
    found = Found()
    with reading(True, found.asked):
        yield found


def reachable(texts: Sequence[str], model: Any, pairs: Any) -> bool:
    """Whether three of ``texts`` make a chain the reading can use (the module docstring)."""
    from hybridmem.evolution.slots.pairs import read, states_change

    said = sorted(set(texts))
    if len(said) < 3:
        return False
    vecs = model.embed(said)

    def follows(new: int, old: int) -> bool:
        return (
            states_change(said[new])
            or read(pairs, vecs[new], said[new], vecs[old], said[old]).linked
        )

    for e in range(len(said)):
        after = [x for x in range(len(said)) if x != e and follows(x, e)]
        if len(after) >= 2:
            return True
    return False


def marked(paths: Sequence[Path]) -> dict[str, list[str]]:
    """File name -> the ids of its scenarios the reading can reach (:func:`reachable`)."""
    from hybridmem.evolution.slots.pairs import model_for

    model = load_embedder("multilingual")
    pairs = model_for(model.name, model.dimension)
    out: dict[str, list[str]] = {}
    for path in paths:
        out[path.name] = [
            sc.id
            for sc in load_scenarios(path)
            if reachable(
                [n.content for n in sc.nodes if n.node_type in ("fact", "preference")],
                model,
                pairs,
            )
        ]
    return out


def first_day_marked(names: Sequence[str]) -> dict[str, int]:
    """Set name -> how many of its personas the reading can reach (:func:`reachable`)."""
    from benchmarks.first_day import ALL_SETS
    from hybridmem.evolution.slots.pairs import model_for

    model = load_embedder("multilingual")
    pairs = model_for(model.name, model.dimension)
    out = {}
    for name in names:
        out[name] = 0
        for p in ALL_SETS[name]:
            notes = [note for _title, note in p.tasks]
            said = [p.old, *(t for t, _ in p.facts), *(t for t, _ in p.secrets), *notes, p.new]
            out[name] += reachable(said, model, pairs)
    return out


def probe_rows(mem: HybridMemory, sc: Any, real: dict[str, str]) -> list[dict[str, float]]:
    """Each probe's stale, pollution and hit@3 figures, as ``evolution_scenarios._probe``."""
    out = []
    for probe in sc.probes:
        task = real.get(probe.task_id) if probe.task_id else None
        res = mem.retrieve(probe.query, user_id=sc.id, task_id=task, top_k=TOP_K)
        ids = [h.node.id for h in res.hits]
        gold = _mapped(real, probe.gold)
        row = {"hit@3": float(bool(set(ids) & gold))}
        if probe.stale:
            row["stale_rate"] = _beats(ids, _mapped(real, probe.stale), gold)
        if probe.polluters:
            row["pollution_rate"] = _beats(ids, _mapped(real, probe.polluters), gold)
        out.append(row)
    return out


def play(path: Path, only: Collection[str] | None = None) -> dict[str, Any]:
    """The file's probes (``only``: of these scenarios) off and on, and the reading's counts."""
    scenarios = [sc for sc in load_scenarios(path) if only is None or sc.id in only]
    if not scenarios:
        return {"file": portable(path), "asked": 0, "found": 0, "probes": []}
    variant = Variant("evolution", MemoryConfig(), evolution=True)
    model = load_embedder("multilingual")
    asked: list[int] = []
    probes = []
    blind = path.name in TOTALS_ONLY
    with tempfile.TemporaryDirectory(prefix="hm-chain-") as tmp:
        clock = SettableClock(min(n.created_at for sc in scenarios for n in sc.nodes))
        with HybridMemory(Path(tmp), embedder=model, config=variant.config, clock=clock) as mem:
            for sc in scenarios:
                clock.now = min(n.created_at for n in sc.nodes)
                real = _load(mem, clock, sc, variant)
                clock.now = sc.now
                mem.maintain(user_id=sc.id)
                with reading(False, []):
                    before = probe_rows(mem, sc, real)
                with reading(True, asked):
                    after = probe_rows(mem, sc, real)
                for i, (b, a) in enumerate(zip(before, after, strict=True)):
                    probes.append(
                        {
                            "id": "" if blind else sc.id,
                            "probe": i,
                            "lang": sc.lang,
                            "kind": kind_of(sc),
                            "before": b,
                            "after": a,
                        }
                    )
    return {"file": portable(path), "asked": len(asked), "found": sum(asked), "probes": probes}


def table(result: dict[str, Any]) -> list[str]:
    """The rows of one played file: by language, kind and metric, and the moved probes."""
    sums: dict[tuple[str, str, str], list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    moved = []
    for p in result["probes"]:
        for metric, b in p["before"].items():
            a = p["after"][metric]
            s = sums[(p["lang"], p["kind"], metric)]
            s[0] += b
            s[1] += a
            s[2] += 1
            if a != b:
                moved.append((p["id"], metric, b, a))
    lines = [f"{result['file']}: reading asked {result['asked']}, found {result['found']}"]
    for (lang, kind, metric), (b, a, n) in sorted(sums.items()):
        mark = "" if a == b else "  <-"
        lines.append(f"  {lang} {kind:9} {metric:15} {b:.0f}/{n:.0f} -> {a:.0f}/{n:.0f}{mark}")
    blind = Path(result["file"]).name in TOTALS_ONLY
    for sid, metric, b, a in moved:
        lines.append(f"  moved {'(blind)' if blind else sid} {metric} {b:.0f} -> {a:.0f}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["off"]:
        with reading(False, []):
            importlib.import_module(f"benchmarks.{argv[1]}").main(argv[2:])
        return 0
    if argv[:1] == ["log"]:
        counted = "move_back_chain_play: the reading found a value {} times"
        return value_remarks_play.run_logged(argv, logged, counted)
    parser = argparse.ArgumentParser(prog="python -m benchmarks.move_back_chain_play")
    parser.add_argument("mode", choices=("play", "marked", "first-day"))
    parser.add_argument("files", nargs="+")
    parser.add_argument("--json", type=Path, required=True)
    parser.add_argument("--only", type=Path, default=None, help="a marked listing to play")
    args = parser.parse_args(argv)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    if args.mode == "first-day":
        counts = first_day_marked(args.files)
        print("\n".join(f"{name}: {n} personas reachable" for name, n in counts.items()))
        args.json.write_text(json.dumps(counts, indent=1), encoding="utf-8")
        return 0
    files = [Path(f) for f in args.files]
    if args.mode == "marked":
        found = marked(files)
        for name, ids in found.items():
            print(f"{name}: {len(ids)} of its scenarios reachable", flush=True)
        args.json.write_text(json.dumps(found, indent=1), encoding="utf-8")
        return 0
    listing = None if args.only is None else json.loads(args.only.read_text(encoding="utf-8"))
    results = []
    for path in files:
        result = play(path, None if listing is None else set(listing.get(path.name, [])))
        results.append(result)
        print("\n".join(table(result)), flush=True)
        args.json.write_text(json.dumps(results, indent=1, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
