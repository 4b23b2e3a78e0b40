"""Can the one multilingual model tell a Chinese theme no word confirms from unrelated remarks?
(issue 38, profile14)

Chinese themes said without a shared word are the commonest reason a Chinese theme question
finds no profile (``benchmarks.profile_misses`` on profile_blind .. profile_blind6: 38 of the
63 Chinese misses are themes whose episodes one group of mutual nearest holds, unconfirmed by
any word). The English ones got a second reader (:mod:`hybridmem.evolution.maintain.agreed`);
no second model for Chinese ships. This reads, for the Chinese users only, every group of
mutual 2-nearest episodes (the engine's grouping, all of a user's episodes at once, raw or
centred e5 vectors) that no word confirms, and scores it:

* the three statistics of :mod:`benchmarks.profile_meaning` (silhouette, margin, z-score),
  each with a threshold chosen on one half and read on the other (the largest
  ``themes - 2 * noise``);
* two readings with no knob (and the same statistics on their groups): the cliques of
  ``distill_min_mentions`` mutual nearest in ``passage`` (the stored vectors) alone, and in
  both the ``passage`` and the ``query`` form of e5 (the same model reading each remark as a
  search: a second view of the one model).

A group is a **theme** when 3 of its members carry one theme label, else **noise** (the
no-theme users' groups are all noise). Half A: profile_blind, profile_blind3, profile_blind5;
half B: profile_blind2, profile_blind4, profile_blind6.

Run: ``python -m benchmarks.profile_meaning_zh [--json F]``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.common import load_embedder
from benchmarks.profile_meaning import (
    NEED,
    _label,
    _unit,
    cross_validate,
    statistics,
)
from hybridmem.embedding import Embedder
from hybridmem.evolution.maintain.agreed import _agreed_groups, _centred
from hybridmem.evolution.maintain.themes import (
    _distinctive,
    _held_together,
    _mutual_groups,
    _surface_terms,
    _weighted_counts,
)

DATA = Path(__file__).parent / "data"
GROUPINGS = ("raw", "centred", "clique passage", "clique passage+query")
HALVES = {
    "A": ("profile_blind", "profile_blind3", "profile_blind5"),
    "B": ("profile_blind2", "profile_blind4", "profile_blind6"),
}


def _confirmed(group: list[int], terms: list[dict[str, str]], background: Any, n: int) -> bool:
    weights = [1] * len(terms)
    words = _distinctive(group, terms, weights, background, n)
    held = _held_together(
        [i for i in group if any(w in terms[i] for w in words)], words, terms, weights
    )
    return len(held) >= NEED


def run_user(user: dict[str, Any], embedder: Embedder, name: str) -> list[dict[str, Any]]:
    texts = [str(e["text"]) for e in user["episodes"]]
    labels = [e["theme"] for e in user["episodes"]]
    raw = _unit(np.asarray(embedder.embed(texts), dtype=np.float32))
    centred = _centred(raw)
    query = _centred(np.asarray(embedder.embed_query(texts), dtype=np.float32))
    sims = centred @ centred.T
    terms = [_surface_terms(t) for t in texts]
    background = _weighted_counts(range(len(texts)), terms, [1] * len(texts))
    rows = []
    readings: list[tuple[str, list[list[int]]]] = [
        ("raw", _mutual_groups(raw, NEED - 1)),
        ("centred", _mutual_groups(centred, NEED - 1)),
        ("clique passage", _agreed_groups(centred, centred, NEED)),
        ("clique passage+query", _agreed_groups(centred, query, NEED)),
    ]
    for grouping, groups in readings:
        for group in groups:
            if len(group) < NEED or _confirmed(group, terms, background, len(texts)):
                continue
            rows.append(
                {
                    "set": name,
                    "user": user["id"],
                    "grouping": grouping,
                    "label": _label(group, labels),
                    "size": len(group),
                    "texts": [texts[i][:40] for i in group],
                    **statistics(group, sims),
                }
            )
    return rows


def main(argv: list[str]) -> None:
    out_path = Path(argv[argv.index("--json") + 1]) if "--json" in argv else None
    embedder = load_embedder("default")
    rows = [
        r
        for half in HALVES.values()
        for f in half
        for u in json.loads((DATA / f"{f}.json").read_text())["users"]
        if u["lang"] == "zh"
        for r in run_user(u, embedder, f)
    ]
    result: dict[str, Any] = {"rows": rows, "cv": {}, "counts": {}}
    for grouping in GROUPINGS:
        for h, files in HALVES.items():
            part = [r for r in rows if r["grouping"] == grouping and r["set"] in files]
            theme = sum(r["label"] == "theme" for r in part)
            result["counts"][f"{grouping} {h}"] = {"theme": theme, "noise": len(part) - theme}
            print(f"{grouping:22} half {h}: themes {theme}, noise {len(part) - theme}")
    cross_validate(rows, GROUPINGS, HALVES, result["cv"], width=20)
    if out_path is not None:
        out_path.write_text(json.dumps(result, ensure_ascii=False, indent=1) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
