"""The reading of "about one occasion" on its labelled sets: per set and language, how many
one-off remarks it reads as one occasion and how many standing statements (habits, changes said
with a time word) it leaves standing.

``python -m benchmarks.one_occasion_eval [--data FILE ...] --json OUT`` prints one row per set
and language. A blind set (``one_occasion_blind19.json`` to ``one_occasion_blind30.json``) is read
through these counts, never its lines.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hybridmem.evolution.speech.aspect import one_occasion

DATA = Path(__file__).resolve().parent / "data"
SETS = (
    DATA / "one_occasion_dev.json",
    DATA / "one_occasion_blind19.json",
    DATA / "one_occasion_blind20.json",
    DATA / "one_occasion_blind21.json",
    DATA / "one_occasion_blind22.json",
    DATA / "one_occasion_blind23.json",
    DATA / "one_occasion_blind24.json",
    DATA / "one_occasion_blind25.json",
    DATA / "one_occasion_blind26.json",
    DATA / "one_occasion_blind27.json",
    DATA / "one_occasion_blind28.json",
    DATA / "one_occasion_blind29.json",
    DATA / "one_occasion_blind30.json",
)


def counts(path: Path) -> dict[str, dict[str, Any]]:
    """Per language: one-offs read as one occasion, standing statements read as standing."""
    examples = json.loads(path.read_text(encoding="utf-8"))["examples"]
    out: dict[str, dict[str, Any]] = {}
    for lang in ("en", "zh"):
        mine = [e for e in examples if e["lang"] == lang]
        one_offs = [e for e in mine if e["label"] == "one_off"]
        standing = [e for e in mine if e["label"] == "standing"]
        out[lang] = {
            "one_off_read": sum(one_occasion(e["text"]) for e in one_offs),
            "one_off": len(one_offs),
            "standing_kept": sum(not one_occasion(e["text"]) for e in standing),
            "standing": len(standing),
        }
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Print the counts of each set and write them as JSON."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.one_occasion_eval")
    parser.add_argument("--data", type=Path, action="append", help="a labelled set (repeatable)")
    parser.add_argument("--json", type=Path, dest="json_out", required=True)
    args = parser.parse_args(argv)
    payload: dict[str, Any] = {}
    print(f"{'set':<28}{'lang':<6}{'one-off read':>14}{'standing kept':>15}")
    for path in args.data or list(SETS):
        payload[path.name] = counts(path)
        for lang, c in payload[path.name].items():
            print(
                f"{path.name:<28}{lang:<6}{c['one_off_read']:>8}/{c['one_off']:<5}"
                f"{c['standing_kept']:>9}/{c['standing']:<5}"
            )
    args.json_out.parent.mkdir(parents=True, exist_ok=True)
    args.json_out.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
