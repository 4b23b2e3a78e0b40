"""How the labelled lines use "again" and 又 / 回 / 重新 (issue 38, move backs).

``slots.pairs.says_again`` reads a value said to hold again as a candidate change for the pair
model. This program counts, on the labelled lines of ``benchmarks/evolution_models/data``, the
lines it reads so by half and language: among the slot lines, how many are a value of an
attribute (a change or move back) and how many are not (an event that happened again: "the
train was late again"); among the speech-act lines, by act (an emotion at an event that
happened again is the commonest use, which is why the cue is never a change word of
``states_change``, the reading the speech-act filter's commitments use). Lines that already
state a change by ``states_change`` are counted apart::

    python -m benchmarks.again_cue --json benchmarks/results/moveback11/again_cue.json
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from hybridmem.evolution.slots.pairs import says_again, states_change

DATA = Path(__file__).parent / "evolution_models" / "data"
SLOT_FILES = (
    "slot_changes.jsonl",
    "slot_blind3.jsonl",
    "slot_blind4.jsonl",
    "slot_blind5.jsonl",
    "slot_blind6.jsonl",
    "slot_blind7.jsonl",
)


def count() -> dict[str, dict[str, int]]:
    """Counts keyed ``source / split / lang`` then ``label / reading``."""
    out: dict[str, Counter[str]] = {}
    for name in (*SLOT_FILES, "speech_acts.jsonl"):
        for line in (DATA / name).read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            text = str(row.get("text", ""))
            if not text or not says_again(text):
                continue
            source = "speech_acts" if name == "speech_acts.jsonl" else "slot_lines"
            label = (
                str(row["act"])
                if source == "speech_acts"
                else ("value" if row.get("slot") else "no_value")
            )
            reading = "also_states_change" if states_change(text) else "again_only"
            key = f"{source} / {row.get('split', '?')} / {row['lang']}"
            out.setdefault(key, Counter())[f"{label} / {reading}"] += 1
    return {k: dict(sorted(v.items())) for k, v in sorted(out.items())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, required=True)
    args = parser.parse_args()
    counts = count()
    for key, row in counts.items():
        print(f"{key}:")
        for label, n in row.items():
            print(f"   {label:<36} {n:>3}")
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(counts, indent=2, ensure_ascii=False), encoding="utf-8")


if __name__ == "__main__":
    main()
