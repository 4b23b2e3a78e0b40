"""Can a group of mutual nearest episodes that no word confirms be told a theme by its
vectors alone? (issue 38, profile13)

A diagnosis of :mod:`hybridmem.evolution.maintain.themes` on the labelled profile sets, every
episode of a user at once (no maintenance), the engine's embedder. Groups are the engine's
(mutual ``k``-nearest, ``k = 2``) on the vectors as they are (``raw``) or centred on the
user's mean (``centred``, profile9's grouping lever). Of each group of 3 or more that no word
confirms (where a wordless theme would be) three statistics are read, each relative to the
user's own episodes (no embedder's scale):

* ``silhouette``: the members' mean of ``(a - b) / max(a, b)``, ``a`` the mean cosine to the
  other members, ``b`` to the user's other episodes (centred vectors);
* ``margin``: the members' mean cosine to each other minus each member's best cosine outside
  the group (centred);
* ``zscore``: the group's mean inner cosine against all groups of its size drawn from the
  user's episodes (the mean and spread of their pairwise cosines; centred).

A group is a **theme** when 3 of its members carry one theme label, else **noise**. For each
statistic the threshold is chosen on one half of the sets (the value that keeps most themes
with at most as many noise groups as themes kept... precisely: the largest ``themes - 2 *
noise`` over the candidate values) and read on the other: both halves and their spread are
printed. Half A: profiles_dev, profile_blind, profile_blind3, profile_blind5; half B:
profiles_blind, profile_blind2, profile_blind4.

Run: ``python -m benchmarks.profile_meaning [--json F]``.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.common import load_embedder
from hybridmem.embedding import Embedder
from hybridmem.evolution.maintain.themes import (
    _distinctive,
    _held_together,
    _mutual_groups,
    _surface_terms,
    _weighted_counts,
)

DATA = Path(__file__).parent / "data"
HALVES = {
    "A": ("profiles_dev", "profile_blind", "profile_blind3", "profile_blind5"),
    "B": ("profiles_blind", "profile_blind2", "profile_blind4"),
}
NEED = 3
STATS = ("silhouette", "margin", "zscore")


def _unit(matrix: Any) -> Any:
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return np.divide(matrix, norms, out=np.zeros_like(matrix), where=norms > 0)


def statistics(group: list[int], sims: Any) -> dict[str, float]:
    """The group's three statistics over the user's cosine matrix ``sims`` (diagonal unused)."""
    n = sims.shape[0]
    inside = np.zeros(n, dtype=bool)
    inside[group] = True
    sil, margin = [], []
    for i in group:
        others = inside.copy()
        others[i] = False
        outside = ~inside
        a = float(sims[i, others].mean())
        b = float(sims[i, outside].mean()) if outside.any() else 0.0
        sil.append((a - b) / max(abs(a), abs(b), 1e-9))
        margin.append(a - (float(sims[i, outside].max()) if outside.any() else 0.0))
    upper = sims[np.triu_indices(n, 1)]
    m = len(group)
    pairs = m * (m - 1) / 2
    inner = float(np.mean([sims[i, j] for i in group for j in group if i < j]))
    # The mean of `pairs` cosines drawn at random has about the spread std / sqrt(pairs).
    spread = float(upper.std()) / np.sqrt(pairs) if upper.size > 1 else 1.0
    z = (inner - float(upper.mean())) / max(spread, 1e-9)
    return {"silhouette": float(np.mean(sil)), "margin": float(np.mean(margin)), "zscore": z}


def _label(members: list[int], labels: list[str | None]) -> str:
    top = Counter(lab for lab in (labels[i] for i in members) if lab).most_common(1)
    return "theme" if top and top[0][1] >= NEED else "noise"


def run_file(path: Path, embedder: Embedder) -> list[dict[str, Any]]:
    rows = []
    for user in json.loads(path.read_text())["users"]:
        texts = [str(e["text"]) for e in user["episodes"]]
        labels = [e["theme"] for e in user["episodes"]]
        raw = _unit(np.asarray(embedder.embed(texts), dtype=np.float32))
        centred = _unit(raw - raw.mean(axis=0))
        sims = centred @ centred.T
        terms = [_surface_terms(t) for t in texts]
        weights = [1] * len(texts)
        background = _weighted_counts(range(len(texts)), terms, weights)
        for grouping, matrix in (("raw", raw), ("centred", centred)):
            for group in _mutual_groups(matrix, NEED - 1):
                if len(group) < NEED:
                    continue
                words = _distinctive(group, terms, weights, background, len(texts))
                held = _held_together(
                    [i for i in group if any(w in terms[i] for w in words)], words, terms, weights
                )
                if len(held) >= NEED:
                    continue  # confirmed by its words: the engine's theme already
                rows.append(
                    {
                        "set": path.stem,
                        "user": user["id"],
                        "grouping": grouping,
                        "label": _label(group, labels),
                        "size": len(group),
                        "texts": [texts[i][:60] for i in group],
                        **statistics(group, sims),
                    }
                )
        # How many of the user's labelled themes are in one group, either grouping.
    return rows


def _pick(rows: list[dict[str, Any]], stat: str) -> float:
    values = sorted({r[stat] for r in rows})
    best, pick = -1e9, float("inf")
    for v in values:
        kept = [r for r in rows if r[stat] >= v]
        theme = sum(r["label"] == "theme" for r in kept)
        noise = len(kept) - theme
        if theme - 2 * noise > best:
            best, pick = theme - 2 * noise, v
    return pick


def _read(rows: list[dict[str, Any]], stat: str, at: float) -> str:
    kept = [r for r in rows if r[stat] >= at]
    theme = sum(r["label"] == "theme" for r in kept)
    themes = sum(r["label"] == "theme" for r in rows)
    return f"themes {theme}/{themes}, noise {len(kept) - theme}/{len(rows) - themes}"


def cross_validate(
    rows: list[dict[str, Any]],
    groupings: Sequence[str],
    halves: dict[str, Sequence[str]],
    cv: dict[str, Any],
    width: int,
) -> None:
    """Each statistic's threshold picked on one half of the sets and read on the other, both
    ways, for each grouping: into ``cv`` and printed (``width``: the grouping column)."""
    for grouping in groupings:
        for stat in STATS:
            for fit, check in (("A", "B"), ("B", "A")):
                part = {
                    h: [r for r in rows if r["grouping"] == grouping and r["set"] in halves[h]]
                    for h in halves
                }
                at = _pick(part[fit], stat)
                line = {
                    "threshold": at,
                    "fit": _read(part[fit], stat, at),
                    "check": _read(part[check], stat, at),
                }
                cv[f"{grouping} {stat} fit {fit}"] = line
                print(
                    f"{grouping:{width}} {stat:10} fit {fit} at {at:+.3f}: fit {line['fit']}; "
                    f"check {check} {line['check']}"
                )


def main(argv: list[str]) -> None:
    out_path = Path(argv[argv.index("--json") + 1]) if "--json" in argv else None
    embedder = load_embedder("default")
    rows = [
        r for half in HALVES.values() for f in half for r in run_file(DATA / f"{f}.json", embedder)
    ]
    result: dict[str, Any] = {"rows": rows, "cv": {}}
    cross_validate(rows, ("raw", "centred"), HALVES, result["cv"], width=8)
    if out_path is not None:
        out_path.write_text(json.dumps(result, ensure_ascii=False, indent=1) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
