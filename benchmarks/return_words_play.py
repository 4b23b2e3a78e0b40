"""The query-time reading of a move back by its own words
(:func:`hybridmem.retrieval.newer_values.names_return`), played off and on (issue 38, helper
back27).

The reading acts at query time only, inside :func:`~hybridmem.retrieval.newer_values.restated`
where the pair model does not read a return as the earlier value said again. Each scenario is
written once (the ``evolution`` variant, e5, maintenance before the probes, as
``colloquial_report`` plays it) and each probe asked twice, the reading off (before: main's
``restated``) and on (after): the difference is the reading's whole effect on that variant::

    python -m benchmarks.return_words_play play --json F benchmarks/data/colloquial_*.json

Only the scenarios it can reach are played: three facts or preferences ``e``, ``l``, ``n``, in
the order written, where ``n`` names ``e`` by a word ``l`` lacks and states no change (what the
reading needs, less the pair links, the remark reading and the question: a superset), so every
other scenario plays as before. ``marked FILES`` prints how many each file has. A file of
``move_back_chain_play.TOTALS_ONLY`` is reported as counts only.

``log MODULE ARGS`` runs another program (``first_day``, ``probing``) with the reading on and
prints on stderr how many times it found a return: none, and the run is the run without it::

    python -m benchmarks.return_words_play log first_day --embedder default --twentyfourth
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import defaultdict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest.mock import patch

from benchmarks import value_remarks_play
from benchmarks.colloquial_report import kind_of
from benchmarks.common import load_embedder
from benchmarks.evolution_scenarios import Variant, _load
from benchmarks.hybrid import SettableClock
from benchmarks.move_back_chain_play import TOTALS_ONLY, probe_rows
from benchmarks.paths import portable
from benchmarks.scenario_files import load_scenarios
from benchmarks.scenarios import Scenario
from hybridmem import HybridMemory, MemoryConfig
from hybridmem.evolution.slots.pairs import states_change
from hybridmem.evolution.write.move_back import stems
from hybridmem.retrieval import newer_values

_READING = newer_values.names_return


def reachable(sc: Scenario) -> bool:
    """Whether three of ``sc``'s facts or preferences, in the order written, are a value, one
    said after it, and a line said after both that names the first by a word the second lacks
    and states no change (:func:`~hybridmem.evolution.write.move_back.returns_to`)."""
    said = sorted(
        (n for n in sc.nodes if n.node_type in ("fact", "preference")), key=lambda n: n.created_at
    )
    words = [stems(n.content) for n in said]
    for k, new in enumerate(said):
        if states_change(new.content):
            continue
        for i in range(k):
            named = words[k] & words[i]
            if named and any(named - words[j] for j in range(i + 1, k)):
                return True
    return False


@contextmanager
def reading(on: bool, found: list[int]) -> Iterator[None]:
    """The engine's reading on (each return it finds counted in ``found``) or off."""

    def counted(*args: Any) -> bool:
        held = bool(_READING(*args)) if on else False
        found.extend([1] if held else [])
        return held

    with patch.object(newer_values, "names_return", counted):
        yield


def play(path: Path) -> dict[str, Any]:
    """The file's reachable scenarios, each probe off and on."""
    scenarios = [sc for sc in load_scenarios(path) if reachable(sc)]
    blind = path.name in TOTALS_ONLY
    probes: list[dict[str, Any]] = []
    found: list[int] = []
    if scenarios:
        variant = Variant("evolution", MemoryConfig(), evolution=True)
        model = load_embedder("multilingual")
        with tempfile.TemporaryDirectory(prefix="hm-return-words-") as tmp:
            clock = SettableClock(min(n.created_at for sc in scenarios for n in sc.nodes))
            with HybridMemory(Path(tmp), embedder=model, config=variant.config, clock=clock) as mem:
                for sc in scenarios:
                    clock.now = min(n.created_at for n in sc.nodes)
                    real = _load(mem, clock, sc, variant)
                    clock.now = sc.now
                    mem.maintain(user_id=sc.id)
                    with reading(False, []):
                        before = probe_rows(mem, sc, real)
                    with reading(True, found):
                        after = probe_rows(mem, sc, real)
                    for i, (b, a) in enumerate(zip(before, after, strict=True)):
                        sid = "" if blind else sc.id
                        probes.append(
                            {"id": sid, "probe": i, "lang": sc.lang, "kind": kind_of(sc)}
                            | {"before": b, "after": a}
                        )
    return {"file": portable(path), "marked": len(scenarios), "found": len(found), "probes": probes}


def table(result: dict[str, Any]) -> list[str]:
    """The rows of one played file: by language, kind and metric, and the moved probes."""
    sums: dict[tuple[str, str, str], list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    moved = []
    for p in result["probes"]:
        for metric, b in p["before"].items():
            a = p["after"][metric]
            s = sums[(p["lang"], p["kind"], metric)]
            s[0], s[1], s[2] = s[0] + b, s[1] + a, s[2] + 1
            if a != b:
                moved.append((p["id"] or "(blind)", metric, b, a))
    head = f"{result['file']}: {result['marked']} marked, the reading found {result['found']}"
    lines = [head]
    for (lang, kind, metric), (b, a, n) in sorted(sums.items()):
        mark = "" if a == b else "  <-"
        lines.append(f"  {lang} {kind:9} {metric:15} {b:.0f}/{n:.0f} -> {a:.0f}/{n:.0f}{mark}")
    lines += [f"  moved {sid} {metric} {b:.0f} -> {a:.0f}" for sid, metric, b, a in moved]
    return lines


@contextmanager
def logged() -> Iterator[list[int]]:
    """The reading on, each return it finds counted (for ``log``)."""
    found: list[int] = []
    with reading(True, found):
        yield found


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["log"]:
        counted = "return_words_play: the reading found a return {} times"
        return value_remarks_play.run_logged(argv, logged, counted)
    parser = argparse.ArgumentParser(prog="python -m benchmarks.return_words_play")
    parser.add_argument("mode", choices=("play", "marked"))
    parser.add_argument("files", nargs="+")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    files = [Path(f) for f in args.files]
    if args.mode == "marked":
        for path in files:
            n = sum(reachable(sc) for sc in load_scenarios(path))
            print(f"{path.name}: {n} of its scenarios reachable", flush=True)
        return 0
    results = []
    for path in files:
        results.append(play(path))
        print("\n".join(table(results[-1])), flush=True)
        if args.json is not None:
            args.json.parent.mkdir(parents=True, exist_ok=True)
            args.json.write_text(json.dumps(results, indent=1, ensure_ascii=False), "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
