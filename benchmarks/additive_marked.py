"""The colloquial scenarios an additive reading can reach, written as subset files (issue 38,
helper style26).

A statement with an additive focus (:func:`hybridmem.evolution.slots.pairs.adds_to`: also, as
well, a clause-final too; 也, 顺便) is one the query-time newer-first step no longer puts in
an older statement's place. Only a scenario that
holds such a statement can play differently, so these are the ones to play before and after;
every other scenario plays as before by construction. Text only, so the same for every
embedder. Writes one file per input that has any, named as the input, and prints the counts
(totals only: the item ids of a totals-only set are not printed)::

    python -m benchmarks.additive_marked --out benchmarks/results/style26/marked \\
        benchmarks/data/colloquial_*.json
    python -m benchmarks.colloquial_report --embedder multilingual --json F \\
        benchmarks/results/style26/marked/*.json

``log MODULE ARGS`` runs another program (``first_day``, ``probing``) with the reading on and
counts on stderr the standing hits it kept from an older hit's place (each a statement read as
additive that the newer-first step would otherwise have weighed): none, and the run is the run
without it; ``diff MODULE ARGS`` computes each query's newer-first order with and without
the reading and counts the queries whose orders differ (exact, where ``log`` counts every
statement the reading held back, chosen or not); ``off MODULE ARGS`` runs it without the
reading (the before of a run where it kept any)::

    python -m benchmarks.additive_marked log first_day --embedder default --fifth
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest.mock import patch

from benchmarks.scenario_files import dump_scenarios, load_scenarios
from benchmarks.scenarios import Scenario
from benchmarks.value_remarks_play import run_logged
from hybridmem.evolution.slots.pairs import adds_to
from hybridmem.models import Hit
from hybridmem.retrieval import newer_values, retriever


def marked(scenarios: Sequence[Scenario]) -> list[Scenario]:
    """The scenarios with a fact or preference that :func:`adds_to` reads as additive."""
    return [sc for sc in scenarios if any(adds_to(n.content) for n in sc.nodes)]


@contextmanager
def logged() -> Iterator[list[str]]:
    """The engine's reading on, each statement it keeps from an older hit's place collected
    (and written to stderr)."""
    held: list[str] = []

    def reading(text: str) -> bool:
        found = adds_to(text)
        if found:
            if text not in held:
                print(f"additive held: {text}", file=sys.stderr, flush=True)
            held.append(text)
        return found

    with patch.object(newer_values, "adds_to", reading):
        yield held


@contextmanager
def compared() -> Iterator[list[str]]:
    """The engine with the reading on, each query's newer-first order also computed without it;
    the queries whose orders differ collected (and written to stderr): none, and every figure
    of the run is the figure without the reading."""
    differ: list[str] = []
    original = retriever.newer_first

    def both(hits: list[Hit], *args: Any, **kwargs: Any) -> list[Hit]:
        on = original(hits, *args, **kwargs)
        with patch.object(newer_values, "adds_to", lambda _text: False):
            off = original(hits, *args, **kwargs)
        if [h.node.id for h in on] != [h.node.id for h in off]:
            shown = " | ".join(h.node.content[:40] for h in on[:3])
            print(f"additive order differs: {shown}", file=sys.stderr, flush=True)
            differ.append(shown)
        return on

    with patch.object(retriever, "newer_first", both):
        yield differ


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["log"]:
        return run_logged(argv, logged, "additive_marked: kept {} statements from a place")
    if argv[:1] == ["diff"]:
        return run_logged(argv, compared, "additive_marked: {} newer-first orders differ")
    if argv[:1] == ["off"]:
        # The engine without the reading: the before of a run where it kept any.
        with patch.object(newer_values, "adds_to", lambda _text: False):
            importlib.import_module(f"benchmarks.{argv[1]}").main(argv[2:])
        return 0
    parser = argparse.ArgumentParser(prog="python -m benchmarks.additive_marked")
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for path in args.files:
        scenarios = load_scenarios(path)
        found = marked(scenarios)
        print(f"{path.name}: {len(found)} of {len(scenarios)}")
        if found:
            dump_scenarios(found, args.out / path.name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
