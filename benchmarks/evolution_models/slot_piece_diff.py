"""How many clause pieces and sentences a change of the slot rules reads differently.

``slot_rule_diff`` compares whole strings; the write path and the attribute readers also read
a statement's clauses (``lexical.clause_pieces``) and sentences (``conversation.extract.
sentences``). This dumps the rules' reading (slot, and whether the slot model is left to ask)
of every piece of the same sources, so a run on the old code (``--dump``) and one on the new
(``--old`` that dump) can be compared. The rules only: no embedder is loaded.

``python -m benchmarks.evolution_models.slot_piece_diff --dump OUT`` (on the old code), then
``... --old OUT [--json DIFF]`` on the new. The pieces of the sets still blind
(``slot_rule_diff.BLIND``) are counted, never printed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.evolution_models.slot_rule_diff import BLIND, all_sources
from hybridmem import lexical
from hybridmem.conversation.extract import sentences
from hybridmem.evolution.slots.rules import infer


def read_pieces() -> dict[str, dict[str, str]]:
    """``{source: {piece: "slot|open"}}`` ("-" for no slot, open 1 when the model is asked)."""
    out: dict[str, dict[str, str]] = {}
    for source, texts in all_sources().items():
        pieces: set[str] = set()
        for text in texts:
            pieces.update(lexical.clause_pieces(text))
            pieces.update(sentences(text))
        guesses = {p: infer(p) for p in sorted(pieces)}
        out[source] = {p: f"{g.slot or '-'}|{int(g.open)}" for p, g in guesses.items()}
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.evolution_models.slot_piece_diff")
    parser.add_argument("--dump", type=Path, help="write this code's readings here")
    parser.add_argument("--old", type=Path, help="a dump of the old code to compare with")
    parser.add_argument("--json", type=Path, dest="json_out")
    args = parser.parse_args(argv)
    now = read_pieces()
    if args.dump:
        args.dump.write_text(json.dumps(now, ensure_ascii=False, indent=0), "utf-8")
    if args.old is None:
        return 0
    old: dict[str, dict[str, str]] = json.loads(args.old.read_text(encoding="utf-8"))
    report: dict[str, Any] = {"pieces": 0, "differ": 0, "sources": {}}
    for source, readings in now.items():
        before = old.get(source, {})
        changed = [
            {"piece": p, "before": before[p], "after": r}
            for p, r in readings.items()
            if p in before and before[p] != r
        ]
        row: dict[str, Any] = {"pieces": len(readings), "differ": len(changed)}
        if source not in BLIND:
            row["changes"] = changed
        report["sources"][source] = row
        report["pieces"] += len(readings)
        report["differ"] += len(changed)
        if changed:
            print(f"{source}: {len(readings)} pieces, {len(changed)} differ")
        for c in row.get("changes", []):
            print(f"   {c['before']} -> {c['after']}: {c['piece']}")
    print(f"total: {report['pieces']} pieces, {report['differ']} differ")
    if args.json_out:
        args.json_out.write_text(json.dumps(report, ensure_ascii=False, indent=2), "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
