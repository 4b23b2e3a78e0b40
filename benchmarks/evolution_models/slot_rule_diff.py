"""How many benchmark statements a change of the slot rules reads differently.

``slot_read_diff`` compares two slot model files on the statements no rule placed; a change of
the rules (:mod:`hybridmem.evolution.slots`) moves which statements those are. This dumps the
slot the write path gives every statement of the same sources (the first-day modules' string
literals, the colloquial and probing sets: ``slot_read_diff.sources``) and of the labelled slot
sets, the rule's answer and, where the rules leave it open, the shipped model's, so that a run
on the old code (``--dump``) and one on the new (``--old`` that dump) can be compared.

``python -m benchmarks.evolution_models.slot_rule_diff --dump OUT`` (on the old code), then
``... --old OUT [--json DIFF]`` on the new; ``--rules-only`` (both runs) reads the rules' slot
and open flag alone, in a minute rather than an hour. The texts of the sets still blind
(colloquial_blind6, colloquial_blind9, colloquial_blind10, colloquial_blind11, colloquial_blind12,
colloquial_blind13, colloquial_blind14, colloquial_blind15, colloquial_blind16, slot_blind9,
slot_blind10) are counted, never printed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from benchmarks.evolution_models.fitting import LABELLED
from benchmarks.evolution_models.slot_read_diff import sources
from hybridmem.evolution.slots import embed as slot_embed
from hybridmem.evolution.slots.rules import infer

BLIND = (
    "colloquial_blind6",
    "colloquial_blind9",
    "colloquial_blind10",
    "colloquial_blind11",
    "colloquial_blind12",
    "colloquial_blind13",
    "colloquial_blind14",
    "colloquial_blind15",
    "colloquial_blind16",
    "slot_blind9",
    "slot_blind10",
)


def all_sources() -> dict[str, list[str]]:
    """The statement-like strings of ``sources`` and the labelled slot sets' texts, by source."""
    out = sources()
    for path in sorted(LABELLED.glob("slot_blind*.jsonl")):
        lines = path.read_text(encoding="utf-8").splitlines()
        out[path.stem] = sorted({json.loads(line)["text"] for line in lines if line.strip()})
    return out


def read_rules() -> dict[str, dict[str, str]]:
    """``{source: {text: "slot|open"}}`` by the rules alone ("-" for no slot, open 1 when the
    model is asked): no embedder is loaded. A string whose reading is the same here reads the
    same through the write path, so a diff of these is the superset ``read_all``'s diff is in."""
    out: dict[str, dict[str, str]] = {}
    for source, texts in all_sources().items():
        guesses = {t: infer(t) for t in texts}
        out[source] = {t: f"{g.slot or '-'}|{int(g.open)}" for t, g in guesses.items()}
    return out


def read_all() -> dict[str, dict[str, str]]:
    """``{source: {text: slot or "-"}}`` as the write path reads it (rules, then the model)."""
    from hybridmem.embedding import make_embedder

    embedder = make_embedder(None)
    model = slot_embed.model_for(embedder.name, embedder.dimension)
    out: dict[str, dict[str, str]] = {}
    for source, texts in all_sources().items():
        guesses = {t: infer(t) for t in texts}
        asked = [t for t, g in guesses.items() if g.slot is None and g.open]
        vectors = np.asarray(embedder.embed(asked), dtype=np.float64) if asked else []
        model_read = {
            t: (slot_embed.predict(model, v) if model is not None else None)
            for t, v in zip(asked, vectors, strict=True)
        }
        out[source] = {t: (g.slot or model_read.get(t) or "-") for t, g in guesses.items()}
    return out


def _as_written(changes: list[dict[str, Any]]) -> None:
    """Add to each change of a rules-only diff the slot the write path gives on each side: the
    rules' slot, else the shipped model's where the rules leave the statement open (the model
    is the same on both sides, so only the changed strings are embedded)."""
    from hybridmem.embedding import make_embedder

    asked = sorted({c["text"] for c in changes if "|1" in (c["before"] + c["after"])})
    embedder = make_embedder(None)
    model = slot_embed.model_for(embedder.name, embedder.dimension)
    vectors = np.asarray(embedder.embed(asked), dtype=np.float64) if asked else []
    model_read = {
        t: (slot_embed.predict(model, v) if model is not None else None)
        for t, v in zip(asked, vectors, strict=True)
    }

    def written(text: str, reading: str) -> str:
        slot, is_open = reading.split("|")
        return (model_read.get(text) or "-") if is_open == "1" else slot

    for c in changes:
        c["written_before"] = written(c["text"], c["before"])
        c["written_after"] = written(c["text"], c["after"])


class Report(NamedTuple):
    """How a reading diff names what it reads (``unit`` counted, each ``item`` listed), the
    indent of its dump, and whether it prints every source's line or only those that differ."""

    unit: str
    item: str
    indent: int
    every_source: bool


class Quick(NamedTuple):
    """A diff's faster reading (``--rules-only``): ``read`` in place of the full one, and
    ``written`` adding to each change what the write path stores on each side."""

    read: Callable[[], dict[str, dict[str, str]]]
    written: Callable[[list[dict[str, Any]]], None]


def diff_main(
    argv: Sequence[str] | None,
    read: Callable[[], dict[str, dict[str, str]]],
    prog: str,
    report_as: Report,
    quick: Quick | None = None,
) -> int:
    """The ``--dump`` / ``--old`` / ``--json`` run of a reading diff: ``read`` gives
    ``{source: {item: reading}}``; the items read differently are listed (counted only for the
    ``BLIND`` sources), as ``report_as`` says; ``--rules-only`` where ``quick`` is given."""
    unit, item, indent, every_source = report_as
    parser = argparse.ArgumentParser(prog=prog)
    parser.add_argument("--dump", type=Path, help="write this code's readings here")
    parser.add_argument("--old", type=Path, help="a dump of the old code to compare with")
    parser.add_argument("--json", type=Path, dest="json_out")
    if quick is not None:
        parser.add_argument(
            "--rules-only", action="store_true", help="the rules' slot and open flag, no model"
        )
    args = parser.parse_args(argv)
    fast = quick if quick is not None and args.rules_only else None
    now = fast.read() if fast is not None else read()
    if args.dump:
        args.dump.write_text(json.dumps(now, ensure_ascii=False, indent=indent), "utf-8")
    if args.old is None:
        return 0
    old: dict[str, dict[str, str]] = json.loads(args.old.read_text(encoding="utf-8"))
    report: dict[str, Any] = {unit: 0, "differ": 0, "sources": {}}
    changes: dict[str, list[dict[str, Any]]] = {}
    for source, readings in now.items():
        before = old.get(source, {})
        changes[source] = [
            {item: t, "before": before[t], "after": s}
            for t, s in readings.items()
            if t in before and before[t] != s
        ]
        report["sources"][source] = {unit: len(readings), "differ": len(changes[source])}
        report[unit] += len(readings)
        report["differ"] += len(changes[source])
    if fast is not None:
        fast.written([c for changed in changes.values() for c in changed])
        report["written_differ"] = 0
    for source, row in report["sources"].items():
        changed = changes[source]
        if source not in BLIND:
            row["changes"] = changed
        written = ""
        if fast is not None:
            row["written_differ"] = sum(c["written_before"] != c["written_after"] for c in changed)
            report["written_differ"] += row["written_differ"]
            written = f", {row['written_differ']} written differently"
        if changed or every_source:
            print(f"{source}: {row[unit]} {unit}, {row['differ']} differ{written}")
        for c in row.get("changes", []):
            shown = f" (written {c['written_before']} -> {c['written_after']})" if written else ""
            print(f"   {c['before']} -> {c['after']}{shown}: {c[item]}")
    print(f"total: {report[unit]} {unit}, {report['differ']} differ")
    if args.json_out:
        args.json_out.write_text(json.dumps(report, ensure_ascii=False, indent=2), "utf-8")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    prog = "python -m benchmarks.evolution_models.slot_rule_diff"
    report_as = Report("strings", "text", 1, every_source=True)
    return diff_main(argv, read_all, prog, report_as, Quick(read_rules, _as_written))


if __name__ == "__main__":
    sys.exit(main())
