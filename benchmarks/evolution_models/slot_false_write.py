"""What a false slot does on the write path: a statement labelled with no value but given a slot.

``slot_blind`` counts a false slot as an error wherever it comes from; the write planner acts on
one only when the statement is assertive (a question, a hypothetical or a passing mood waits as
a candidate and overturns nothing: ``write.planner.plan``). This writes, for every statement of
the given sets labelled with no slot that the write path files under one, a value of that slot
first (a fixed sentence per slot and language), then the statement a day later, with e5 in a
real store, and reports whether the value stays current and the planner's decision.

``python -m benchmarks.evolution_models.slot_false_write --data FILE... [--json OUT]``. Prints
the statements: run it on dev sets only (never slot_blind9 or slot_blind10).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.evolution_models.slot_blind import read_slots
from benchmarks.evolution_models.slot_eval import load
from hybridmem import FakeClock, HybridMemory

# One plain value per slot and language, said first (none of the sets' sentences).
VALUES: dict[tuple[str, str], str] = {
    ("user.residence", "en"): "I live in Norwich.",
    ("user.residence", "zh"): "我住在合肥。",
    ("user.workplace", "en"): "I work at Aviva.",
    ("user.workplace", "zh"): "我在平安保险上班。",
    ("user.job", "en"): "I'm an accountant.",
    ("user.job", "zh"): "我是会计。",
    ("user.vehicle", "en"): "I drive a Honda Civic.",
    ("user.vehicle", "zh"): "我开一辆本田思域。",
    ("user.diet", "en"): "I'm vegetarian.",
    ("user.diet", "zh"): "我吃素。",
    ("pref.coffee", "en"): "I take my coffee black.",
    ("pref.coffee", "zh"): "我喝美式咖啡。",
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.evolution_models.slot_false_write")
    parser.add_argument("--data", type=Path, nargs="+", required=True)
    parser.add_argument("--json", type=Path, dest="json_out")
    args = parser.parse_args(argv)
    from hybridmem.embedding import make_embedder

    embedder = make_embedder(None)
    rows: list[dict[str, Any]] = []
    for path in args.data:
        examples = [e for e in load(path) if e.slot is None]
        for example, (slot, step) in zip(examples, read_slots(examples, "e5"), strict=True):
            value = VALUES.get((slot or "", example.lang))
            if value is None:
                continue
            clock = FakeClock()
            with (
                tempfile.TemporaryDirectory() as tmp,
                HybridMemory(Path(tmp) / "m", embedder=embedder, clock=clock) as mem,
            ):
                first = mem.add(value, node_type="fact", user_id="u")
                clock.advance(days=1)
                said = mem.add(example.text, node_type="fact", user_id="u")
                current = mem.current_value(str(slot), user_id="u")
                kept = current is not None and current.id == first.id
                row = {
                    "set": path.stem,
                    "text": example.text,
                    "slot": slot,
                    "step": step,
                    "status": said.status,
                    "value_kept": kept,
                    # Lost to the statement itself (not a value that was never filed).
                    "statement_current": current is not None and current.id == said.id,
                }
            rows.append(row)
            mark = "kept" if kept else "LOST" if row["statement_current"] else "none"
            print(f"{mark} {row['status']:9} {slot} [{step}]: {row['text']}")
    lost = sum(not r["value_kept"] for r in rows)
    print(f"{len(rows)} false slots written after a value; the value lost to {lost}")
    if args.json_out:
        out = {"rows": rows, "false_slots": len(rows), "value_lost": lost}
        args.json_out.write_text(json.dumps(out, ensure_ascii=False, indent=2), "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
