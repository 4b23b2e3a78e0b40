"""A one-occasion set through both write paths: what memory keeps of each line (issue 38,
helper addmood23).

``benchmarks.one_occasion_eval`` scores the aspect reading alone (``speech.aspect.one_occasion``).
What memory keeps depends on the path: ``HybridMemory.add`` reads the whole text
(``speech_write_check``), the conversation extractor cuts it into sentences and files some
under the user's root (``speech_message_filing``). This files every line both ways, each under
its own user, and counts per language:

* ``add``: one-offs kept active (a passing want or mood written as a lasting fact) and
  standing lines not kept active (a standing line lost);
* ``conversation``: one-offs with a sentence filed under the root, standing lines with none
  (the extractor files only slot facts, preferences and standing instructions, every other
  statement stays an event of the conversation, so "not filed" is no loss by itself).

``python -m benchmarks.evolution_models.speech_occasion_paths [--data FILE ...] [--json OUT]``
(hash embedder: the speech act does not depend on it). Counts only: a blind set is never read
line by line.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.evolution_models.speech_message_filing import filed
from benchmarks.one_occasion_eval import SETS
from hybridmem import HashEmbedder, HybridMemory
from hybridmem.conversation.extract import RuleExtractor


def both_paths(path: Path) -> dict[str, dict[str, int]]:
    """Per language: one-offs kept and standing lines lost, on ``add`` and the extractor."""
    examples = json.loads(path.read_text(encoding="utf-8"))["examples"]
    extractor = RuleExtractor()
    out: dict[str, dict[str, int]] = {}
    with (
        tempfile.TemporaryDirectory() as tmp,
        HybridMemory(Path(tmp) / "memory", embedder=HashEmbedder(64)) as mem,
    ):
        for n, e in enumerate(examples):
            row = out.setdefault(
                e["lang"],
                {
                    "one_off": 0,
                    "standing": 0,
                    "add_one_off_kept": 0,
                    "add_standing_lost": 0,
                    "conv_one_off_filed": 0,
                    "conv_standing_not_filed": 0,
                },
            )
            active = mem.add(e["text"], node_type="fact", user_id=f"u{n}").status == "active"
            kept = bool(filed(extractor, e["text"]))
            if e["label"] == "one_off":
                row["one_off"] += 1
                row["add_one_off_kept"] += active
                row["conv_one_off_filed"] += kept
            else:
                row["standing"] += 1
                row["add_standing_lost"] += not active
                row["conv_standing_not_filed"] += not kept
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.evolution_models.speech_occasion_paths"
    )
    parser.add_argument("--data", type=Path, action="append", help="a one-occasion set")
    parser.add_argument("--json", type=Path, dest="json_out", help="also write the counts here")
    args = parser.parse_args(argv)
    payload: dict[str, Any] = {p.name: both_paths(p) for p in args.data or list(SETS)}
    for name, langs in payload.items():
        for lang, c in langs.items():
            print(
                f"{name:<28}{lang:<4} add: one-offs kept {c['add_one_off_kept']}/{c['one_off']}, "
                f"standing lost {c['add_standing_lost']}/{c['standing']}; conversation: one-offs "
                f"filed {c['conv_one_off_filed']}/{c['one_off']}, standing not filed "
                f"{c['conv_standing_not_filed']}/{c['standing']}"
            )
    if args.json_out is not None:
        args.json_out.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
