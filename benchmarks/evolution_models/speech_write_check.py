"""A labelled batch through the writer: what ends up as an active long-term memory.

The speech-act figures (:mod:`benchmarks.evolution_models.speech_batches`) score the label;
what memory keeps also depends on the writer, which may still commit an emotional utterance
through one of its clauses (``evolution/write/commitments.py``). This files every line of a
batch as a ``fact`` (as an agent would file a remark), each under its own user so that no
line links to another, and counts per language:

* ``kept_quiet``: lines labelled question, hypothetical or emotion that became an active
  memory (the pollution the issue measures; the target is 0);
* ``kept_moods``: the same for emotions alone (momentary wants are emotions);
* ``lost_assertive``: assertions, negations, preferences and instructions that did not.

``python -m benchmarks.evolution_models.speech_write_check --batch "blind 12" [--json OUT]``
(hash embedder: the speech act does not depend on it, and the e5 second opinion is off by
default). Aggregates only: a blind batch is never read line by line.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.evolution_models.speech_batches import batch
from benchmarks.evolution_models.speech_eval import LabelledUtterance, load_examples
from hybridmem import HashEmbedder, HybridMemory
from hybridmem.evolution.speech.labels import ASSERTIVE_ACTS, SpeechAct


def write_check(items: Sequence[LabelledUtterance]) -> dict[str, dict[str, Any]]:
    """Per gold language: how many non-assertive lines were kept active, and how many
    assertive ones were not."""
    out: dict[str, dict[str, Any]] = {}
    with (
        tempfile.TemporaryDirectory() as tmp,
        HybridMemory(Path(tmp) / "memory", embedder=HashEmbedder(64)) as mem,
    ):
        for n, line in enumerate(items):
            node = mem.add(line.text, node_type="fact", user_id=f"u{n}")
            tally = out.setdefault(
                line.lang,
                {
                    "n": 0,
                    "quiet": 0,
                    "kept_quiet": 0,
                    "moods": 0,
                    "kept_moods": 0,
                    "assertive": 0,
                    "lost_assertive": 0,
                },
            )
            tally["n"] += 1
            active = node.status == "active"
            if line.act in ASSERTIVE_ACTS:
                tally["assertive"] += 1
                tally["lost_assertive"] += not active
            else:
                tally["quiet"] += 1
                tally["kept_quiet"] += active
                if line.act is SpeechAct.EMOTION:
                    tally["moods"] += 1
                    tally["kept_moods"] += active
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.evolution_models.speech_write_check"
    )
    parser.add_argument("--batch", action="append", required=True, help="a batch name")
    parser.add_argument("--json", type=Path, dest="json_out", help="also write the counts here")
    args = parser.parse_args(argv)
    examples = load_examples()
    payload = {name: write_check(batch(examples, name)) for name in args.batch}
    for name, langs in payload.items():
        for lang, t in langs.items():
            print(
                f"{name:<12}{lang:<4} n={t['n']:<4} kept active: quiet {t['kept_quiet']}/"
                f"{t['quiet']}, moods {t['kept_moods']}/{t['moods']}; assertive not kept "
                f"{t['lost_assertive']}/{t['assertive']}"
            )
    if args.json_out is not None:
        args.json_out.write_text(json.dumps(payload, ensure_ascii=False, indent=2), "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
