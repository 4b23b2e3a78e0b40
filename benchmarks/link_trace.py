"""What the writer compared each colloquial change with, and why it made no link (issue 38).

For every change probe of the colloquial files (the newer value ``gold``, the value it
replaces ``stale``), the write-time search of ``evolution.write.similar_group`` is replayed
on the statements said before the newer one (the scenario's facts, as the conflict pool
holds them): the statement's gate (``pairs.states_change`` / ``pairs.says_again``), the rank
of the older value among the compared members by e5 cosine (the pair model reads the first
``pairs.CANDIDATES``), the shared naming word (``pairs.shares_anchor``) and the pair model's
one-attribute probability. Each probe gets the first reason the link fails:

- ``gate``: the newer statement says no change, so no member is compared;
- ``not compared``: the older value is not among the members the pair model reads;
- ``no naming word``: compared, but the two share no word naming an attribute;
- ``pair model``: compared, a naming word shared, the pair model reads two attributes;
- ``linked``: every step holds (the write made the link).

Development analysis (it reads each probe's pair): never run it on a blind set::

    python -m benchmarks.link_trace --json FILE benchmarks/data/colloquial_dev.json ...
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.colloquial_report import kind_of
from benchmarks.common import load_embedder
from benchmarks.paths import portable
from benchmarks.scenario_files import load_scenarios
from hybridmem.evolution.slots import pairs

REASONS = ("gate", "not compared", "no naming word", "pair model", "linked")


def trace(files: Sequence[Path]) -> list[dict[str, Any]]:
    """One row a change probe: the pair, the steps of the write-time search, the reason."""
    embedder = load_embedder("multilingual")
    model = pairs.model_for(embedder.name, embedder.dimension)
    assert model is not None
    rows: list[dict[str, Any]] = []
    for path in files:
        for sc in load_scenarios(path):
            if sc.family != "natural_change" or kind_of(sc) in ("both", "unrelated"):
                continue
            facts = sorted(
                (n for n in sc.nodes if n.node_type == "fact"), key=lambda n: n.created_at
            )
            said = {n.id: n for n in facts}
            for probe in sc.probes:
                gold = max((said[g] for g in probe.gold), key=lambda n: n.created_at)
                for sid in sorted(probe.stale):
                    old = said[sid]
                    if old.created_at >= gold.created_at:
                        continue
                    before = [n for n in facts if n.created_at < gold.created_at]
                    rows.append(_row(sc.id, kind_of(sc), gold, old, before, embedder, model))
    return rows


def _row(sid: str, kind: str, new: Any, old: Any, pool: list, embedder: Any, model: Any) -> dict:
    vecs = embedder.embed([new.content, *(n.content for n in pool)])
    sims = vecs[1:] @ vecs[0]
    order = [pool[int(k)].id for k in np.argsort(-sims, kind="stable")]
    rank = order.index(old.id)
    k_old = [n.id for n in pool].index(old.id)
    reading = pairs.read(model, vecs[0], new.content, vecs[1 + k_old], old.content)
    p = reading.same_value + reading.same_attribute
    gate = pairs.states_change(new.content) or pairs.says_again(new.content)
    anchor = pairs.shares_anchor(new.content, old.content)
    if not gate:
        reason = "gate"
    elif rank >= pairs.CANDIDATES:
        reason = "not compared"
    elif not anchor:
        reason = "no naming word"
    elif not reading.linked:
        reason = "pair model"
    else:
        reason = "linked"
    return {
        "id": sid,
        "kind": kind,
        "new": new.content,
        "old": old.content,
        "reason": reason,
        "states_change": gate,
        "rank_of_old": rank,
        "pool": len(pool),
        "cosine": round(float(sims[k_old]), 3),
        "shares_anchor": anchor,
        "pair_model": round(p, 3),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.link_trace")
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--json", type=Path, required=True)
    args = parser.parse_args(argv)
    rows = trace(args.files)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    out = {"files": [portable(f) for f in args.files], "rows": rows}
    args.json.write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    for r in rows:
        print(
            f"{r['reason']:15} rank {r['rank_of_old']} p {r['pair_model']:.2f} "
            f"anchor {int(r['shares_anchor'])} {r['id']} | {r['old']} => {r['new']}"
        )
    counts = Counter(r["reason"] for r in rows)
    print(" ".join(f"{k}={counts.get(k, 0)}" for k in REASONS))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
