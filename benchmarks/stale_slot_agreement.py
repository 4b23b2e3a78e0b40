"""Would the slot model's reading link the colloquial changes no change word links? (issue 38,
helper stale14; measured, not shipped).

For every change probe of the colloquial development files (its answer and its last stale
value: two values of one attribute) and, as false pairs, the answer against each noise line
of its scenario (statements of other attributes), reads each statement with the shipped slot
model (``slots.embed``: its eight slots and ``none``) and the pair with the shipped pair
model (``slots.pairs.read``), and counts:

- ``none``: the slot model gives ``none`` the majority for both statements (no slot reading);
- ``linked``: the pair model reads one attribute;
- ``agree``: its most probable slot other than ``none`` is the same for both;
- ``agree+linked``: that, and the pair model reads one attribute;
- ``no change word``: the newer states no change (``pairs.states_change``), the pairs the
  writer's pair link never reads. Embeddings only (e5), no store::

    python -m benchmarks.stale_slot_agreement --json FILE benchmarks/data/colloquial_dev.json ...
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

import numpy as np

from benchmarks.common import load_embedder
from benchmarks.scenario_files import load_scenarios
from hybridmem.evolution.slots import embed as slot_embed
from hybridmem.evolution.slots import pairs


def _pairs(files: list[Path]) -> list[tuple[str, str, str, bool]]:
    """(file, newer, older, is_change) for each change probe and its noise lines."""
    out: list[tuple[str, str, str, bool]] = []
    for path in files:
        for sc in load_scenarios(path):
            if sc.family != "natural_change":
                continue
            said = {n.id: n.content for n in sc.nodes}
            for probe in sc.probes:
                gold = said[max(probe.gold)]
                if probe.stale:
                    out.append((path.stem, gold, said[max(probe.stale)], True))
                noise = [c for i, c in said.items() if ".v" not in i]
                out.extend((path.stem, gold, c, False) for c in noise)
    return out


def count(files: list[Path]) -> dict[str, dict[str, int]]:
    """Per kind of pair (``change`` / ``false``), the counts of the module docstring."""
    embedder = load_embedder("multilingual")
    slot_model = slot_embed.model_for(embedder.name, embedder.dimension)
    pair_model = pairs.model_for(embedder.name, embedder.dimension)
    assert slot_model is not None and pair_model is not None
    labels = list(slot_model.labels)
    none = labels.index(slot_embed.NONE)

    def top(vec: np.ndarray) -> tuple[str, bool]:
        probs = slot_model.probabilities(vec)
        order = [i for i in np.argsort(-probs) if i != none]
        return labels[order[0]], bool(probs[none] > 0.5)

    out: dict[str, Counter[str]] = {"change": Counter(), "false": Counter()}
    for _file, new, old, change in _pairs(files):
        vn, vo = (np.asarray(v) for v in embedder.embed([new, old]))
        (ln, nn), (lo, no) = top(vn), top(vo)
        linked = pairs.read(pair_model, vn, new, vo, old).linked
        row = out["change" if change else "false"]
        unworded = not pairs.states_change(new)
        for key, hit in (
            ("pairs", True),
            ("none", nn and no),
            ("linked", linked),
            ("agree", ln == lo),
            ("agree+linked", ln == lo and linked),
        ):
            row[key] += hit
            row[f"{key}, no change word"] += hit and unworded
    return {k: dict(v) for k, v in out.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--json", type=Path, required=True)
    args = parser.parse_args()
    rows = count(args.files)
    for kind, row in rows.items():
        print(kind, " ".join(f"{k}={v}" for k, v in row.items()))
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
