"""Can the model tell a theme whose remarks share no word from unrelated remarks? (issue 38,
profile9)

A diagnosis of the two steps of :mod:`hybridmem.evolution.maintain.themes` on the labelled
profile sets, every episode of a user at once (no maintenance, no fading), the engine's
embedder:

* **grouping**: does a labelled theme have ``distill_min_mentions`` (3) of its episodes in one
  group of mutual ``k``-nearest episodes (``k = 2``, as the engine groups), with the vectors
  as they are (``raw``) and centred on the user's mean vector (``centred``: the direction
  every remark of one user shares taken out);
* **confirmation by concepts** (the candidate of commit 475463f, left out): among the groups
  of three or more episodes that no recurring word confirms, how many does a *concept*
  confirm (words said in different remarks, linked when each is among the other's ``k``
  nearest among the user's words, ``k = 1`` mutual nearest or ``k = 2``; a concept is a
  connected set of linked words, said in three mentions of the group); ``theme``: three or
  more of the group's episodes carry one label, ``noise``: no label has three.

Run: ``python -m benchmarks.profile_theme_signal [--json F] FILES`` (default: the four
profile sets under ``benchmarks/data``).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.common import run_set_files
from hybridmem.embedding import Embedder
from hybridmem.evolution.maintain.themes import (
    _distinctive,
    _mutual_groups,
    _surface_terms,
    _weighted_counts,
)

DATA = Path(__file__).parent / "data"
FILES = ("profiles_dev", "profiles_blind", "profile_blind", "profile_blind2")
NEED = 3


def _unit(matrix: Any) -> Any:
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return np.divide(matrix, norms, out=np.zeros_like(matrix), where=norms > 0)


def word_links(
    terms: Sequence[Mapping[str, str]], embedder: Embedder, k: int
) -> dict[str, set[str]]:
    """Words of different remarks, each among the other's ``k`` nearest of the user's words."""
    forms = sorted({form for t in terms for form in t.values()})
    if len(forms) < 2:
        return {}
    index = {form: j for j, form in enumerate(forms)}
    said = [{index[f] for f in t.values()} for t in terms]
    holders: list[set[int]] = [set() for _ in forms]
    for i, words in enumerate(said):
        for w in words:
            holders[w].add(i)
    matrix = _unit(np.asarray(embedder.embed(forms), dtype=np.float32))
    sims = matrix @ matrix.T
    for w in range(len(forms)):
        sims[w, list({x for i in holders[w] for x in said[i]})] = -np.inf
    kk = max(1, min(k, len(forms) - 1))
    best = np.argpartition(-sims, kk - 1, axis=1)[:, :kk]
    near = [{j for j in row if np.isfinite(sims[w, j])} for w, row in enumerate(best.tolist())]
    links: dict[str, set[str]] = {}
    for a, others in enumerate(near):
        for b in others:
            if a < b and a in near[b]:
                links.setdefault(forms[a], set()).add(forms[b])
                links.setdefault(forms[b], set()).add(forms[a])
    return links


def concept_members(
    group: list[int], terms: Sequence[Mapping[str, str]], links: Mapping[str, set[str]]
) -> int:
    """The most members of ``group`` saying one concept (a connected set of linked words)."""
    said = {form for i in group for form in terms[i].values()}
    seen: set[str] = set()
    most = 0
    for start in sorted(said & set(links)):
        if start in seen:
            continue
        concept, todo = {start}, [start]
        while todo:
            for other in links.get(todo.pop(), ()):
                if other in said and other not in concept:
                    concept.add(other)
                    todo.append(other)
        seen |= concept
        if len(concept) > 1:
            most = max(most, sum(bool(concept & set(terms[i].values())) for i in group))
    return most


def run_file(path: Path, embedder: Embedder) -> dict[str, Any]:
    users: list[dict[str, Any]] = json.loads(path.read_text())["users"]
    grouping: Counter[str] = Counter()
    concepts: Counter[str] = Counter()
    for user in users:
        texts = [str(e["text"]) for e in user["episodes"]]
        labels = [e["theme"] for e in user["episodes"]]
        kinds = {str(t["theme"]): str(t["kind"]) for t in user.get("themes", [])}
        raw = _unit(np.asarray(embedder.embed(texts), dtype=np.float32))
        for name, matrix in (("raw", raw), ("centred", _unit(raw - raw.mean(axis=0)))):
            groups = _mutual_groups(matrix, NEED - 1)
            for theme in sorted({str(t) for t in labels if t}):
                together = max(sum(labels[i] == theme for i in g) for g in groups)
                kind = kinds.get(theme, "theme")
                grouping[f"{name} {kind} themes"] += 1
                grouping[f"{name} {kind} grouped"] += together >= NEED
        terms = [_surface_terms(t) for t in texts]
        weights = [1] * len(texts)
        background = _weighted_counts(range(len(texts)), terms, weights)
        links = {k: word_links(terms, embedder, k) for k in (1, 2)}
        for group in _mutual_groups(raw, NEED - 1):
            if len(group) < NEED:
                continue
            words = _distinctive(group, terms, weights, background, len(texts))
            if sum(any(w in terms[i] for w in words) for i in group) >= NEED:
                continue  # confirmed by a recurring word already
            top = Counter(labels[i] for i in group if labels[i]).most_common(1)
            what = "theme" if top and top[0][1] >= NEED else "noise"
            concepts[f"{what} groups"] += 1
            for k, linked in links.items():
                concepts[f"{what} confirmed k={k}"] += concept_members(group, terms, linked) >= NEED
    return {"grouping": dict(sorted(grouping.items())), "concepts": dict(sorted(concepts.items()))}


def main(argv: list[str]) -> None:
    result, out_path = run_set_files(argv, [DATA / f"{f}.json" for f in FILES], run_file)
    for name, part in result.items():
        print(name)
        for key, value in {**part["grouping"], **part["concepts"]}.items():
            print(f"  {key:28} {value}")
    if out_path is not None:
        out_path.write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
