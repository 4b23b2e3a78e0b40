"""How many of the benchmark statements a refitted slot model reads differently.

The write path asks the slot model (:mod:`hybridmem.evolution.slots.embed`) only about a
first-person statement no rule placed (``infer(text).open``). This reads every string of the
first-day modules (``benchmarks/first_day*.py``, their string literals, questions included),
of the colloquial sets and of the probing sets as the write path would, with an older model
file (``--old``) and with the shipped one (or ``--new``, a refitted one), and counts the
strings whose slot differs. A string the rules decide reads the same under both by
construction.

``python -m benchmarks.evolution_models.slot_read_diff --old FILE [--new FILE] [--json OUT]``.
The texts of the sets still blind (``--blind``: by default colloquial_blind6 and
colloquial_blind9) are counted, never printed.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from hybridmem.evolution.embed_models import LinearModel
from hybridmem.evolution.slots import embed as slot_embed
from hybridmem.evolution.slots.rules import infer

BENCH = Path(__file__).resolve().parents[1]
BLIND = ("colloquial_blind6", "colloquial_blind9")


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def _statement(text: str) -> bool:
    """A sentence, not a key or an identifier: a space or a CJK character, four or more."""
    return len(text) >= 4 and (" " in text or any("\u3400" <= ch <= "\u9fff" for ch in text))


def sources() -> dict[str, list[str]]:
    """Every statement-like string by source (a file name without its suffix)."""
    out: dict[str, list[str]] = {}
    for path in sorted(BENCH.glob("first_day*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        literals = [
            n.value
            for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)
        ]
        out[path.stem] = literals
    for pattern in ("colloquial_*.json", "probing_*.json"):
        for path in sorted((BENCH / "data").glob(pattern)):
            out[path.stem] = list(_strings(json.loads(path.read_text(encoding="utf-8"))))
    return {k: sorted({t for t in v if _statement(t)}) for k, v in out.items()}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.evolution_models.slot_read_diff")
    parser.add_argument("--old", type=Path, required=True, help="the older slot model file")
    parser.add_argument("--new", type=Path, help="the newer model file (default: shipped)")
    parser.add_argument("--blind", default=",".join(BLIND))
    parser.add_argument("--json", type=Path, dest="json_out")
    args = parser.parse_args(argv)
    from hybridmem.embedding import make_embedder

    embedder = make_embedder(None)
    new = (
        slot_embed.model_for(embedder.name, embedder.dimension)
        if args.new is None
        else LinearModel.from_json(args.new.read_text(encoding="utf-8"))
    )
    old = LinearModel.from_json(args.old.read_text(encoding="utf-8"))
    assert new is not None
    blind = set(args.blind.split(","))
    report: dict[str, Any] = {"strings": 0, "asked": 0, "differ": 0, "sources": {}}
    for source, texts in sources().items():
        asked = [t for t in texts if infer(t).open]
        vectors = np.asarray(embedder.embed(asked), dtype=np.float64) if asked else []
        changed = []
        for text, vector in zip(asked, vectors, strict=True):
            before, after = slot_embed.predict(old, vector), slot_embed.predict(new, vector)
            if before != after:
                changed.append({"text": text, "before": before, "after": after})
        row: dict[str, Any] = {"strings": len(texts), "asked": len(asked), "differ": len(changed)}
        if source not in blind:
            row["changes"] = changed
        report["sources"][source] = row
        for key in ("strings", "asked", "differ"):
            report[key] += row[key]
        print(f"{source}: {len(texts)} strings, {len(asked)} asked, {len(changed)} differ")
        for c in row.get("changes", []):
            print(f"   {c['before']} -> {c['after']}: {c['text']}")
    print(f"total: {report['strings']} strings, {report['asked']} asked, {report['differ']} differ")
    if args.json_out:
        args.json_out.write_text(json.dumps(report, ensure_ascii=False, indent=2), "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
