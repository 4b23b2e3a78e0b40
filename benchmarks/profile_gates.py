"""Can a gate without a knob keep false themes out, or let wordless themes in? (issue 38,
profile11)

A diagnosis of :mod:`hybridmem.evolution.maintain.themes` on the labelled profile sets, every
episode of a user at once (no maintenance, no fading), the engine's embedder, groups of mutual
``k``-nearest episodes as the engine makes them (``k = 2``). A group is labelled **theme** when
``distill_min_mentions`` (3) of the members it would quote carry one theme label, else
**noise**. Two kinds of group are read:

* **confirmed** groups (the engine's rule: the members saying one of the group's recurring,
  distinctive terms weigh 3 or more: what makes a profile today). Gates that would have to
  keep every theme and drop the noise (the false profiles of polysemous or common words:
  card, ticket; 机, 东西):

  - ``one_word``: a single term is said in 3 of the group's mentions (not a union of terms
    each said twice);
  - ``connected``: the members saying a term, linked when they share one, have a connected
    part of 3 (the terms hold the members together, not disjoint pairs of words);
  - ``masked``: the group's terms are deleted from every episode holding them and those
    episodes embedded again; 3 members still have another member among their ``k`` nearest
    (the meaning holds without the word that confirmed it);

* **unconfirmed** groups of 3 or more (no recurring word: where a wordless theme would be).
  ``clique``: 3 members each among the others' ``k`` nearest (the smallest theme the setting
  allows, as a clique rather than a chain), on the vectors as they are (``raw``) and centred on
  the user's mean (``centred``, profile9's grouping lever).

Run: ``python -m benchmarks.profile_gates [--json F] [FILES]`` (default: the six profile sets
under ``benchmarks/data``).
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import combinations
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.common import run_set_files
from hybridmem.embedding import Embedder
from hybridmem.evolution.maintain.themes import (
    _distinctive,
    _mutual_groups,
    _nearest,
    _surface_terms,
    _weighted_counts,
)

DATA = Path(__file__).parent / "data"
FILES = (
    "profiles_dev",
    "profiles_blind",
    "profile_blind",
    "profile_blind2",
    "profile_blind3",
    "profile_blind4",
)
NEED = 3
Terms = Sequence[Mapping[str, str]]


def _unit(matrix: Any) -> Any:
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return np.divide(matrix, norms, out=np.zeros_like(matrix), where=norms > 0)


def one_word(members: list[int], words: Sequence[str], terms: Terms) -> bool:
    return max(sum(w in terms[i] for i in members) for w in words) >= NEED


def connected(members: list[int], words: Sequence[str], terms: Terms) -> bool:
    parent = {i: i for i in members}

    def root(i: int) -> int:
        while parent[i] != i:
            i = parent[i]
        return i

    for w in words:
        holders = [i for i in members if w in terms[i]]
        for h in holders[1:]:
            parent[root(h)] = root(holders[0])
    return max(Counter(root(i) for i in members).values()) >= NEED


def _without(text: str, forms: set[str]) -> str:
    for form in sorted(forms, key=len, reverse=True):
        text = re.sub(re.escape(form), "", text, flags=re.IGNORECASE)
    return re.sub(r"\s+", " ", text).strip()


def masked(
    members: list[int],
    words: Sequence[str],
    terms: Terms,
    texts: Sequence[str],
    matrix: Any,
    embedder: Embedder,
) -> bool:
    holders = [i for i in range(len(texts)) if any(w in terms[i] for w in words)]
    forms = {terms[i][w] for i in holders for w in words if w in terms[i]}
    view = matrix.copy()
    view[holders] = _unit(
        np.asarray(embedder.embed([_without(texts[i], forms) for i in holders]), dtype=np.float32)
    )
    near, _ = _nearest(view, NEED - 1)
    return sum(any(j in members for j in near[i]) for i in members) >= NEED


def clique(group: list[int], matrix: Any) -> bool:
    near, _ = _nearest(matrix, NEED - 1)
    return any(
        all(j in near[i] for i in trio for j in trio if i != j)
        for trio in combinations(group, NEED)
    )


def _label(members: list[int], labels: Sequence[str | None]) -> str:
    top = Counter(lab for lab in (labels[i] for i in members) if lab).most_common(1)
    return "theme" if top and top[0][1] >= NEED else "noise"


def run_file(path: Path, embedder: Embedder) -> dict[str, Any]:
    users: list[dict[str, Any]] = json.loads(path.read_text())["users"]
    counts: Counter[str] = Counter()
    noise: list[dict[str, Any]] = []
    for user in users:
        texts = [str(e["text"]) for e in user["episodes"]]
        labels = [e["theme"] for e in user["episodes"]]
        raw = _unit(np.asarray(embedder.embed(texts), dtype=np.float32))
        centred = _unit(raw - raw.mean(axis=0))
        terms = [_surface_terms(t) for t in texts]
        weights = [1] * len(texts)
        background = _weighted_counts(range(len(texts)), terms, weights)
        for group in _mutual_groups(raw, NEED - 1):
            if len(group) < NEED:
                continue
            words = _distinctive(group, terms, weights, background, len(texts))
            members = [i for i in group if any(w in terms[i] for w in words)]
            if len(members) >= NEED:
                what = _label(members, labels)
                gates = {
                    "one_word": one_word(members, words, terms),
                    "connected": connected(members, words, terms),
                    "masked": masked(members, words, terms, texts, raw, embedder),
                }
                counts[f"confirmed {what}"] += 1
                for name, kept in gates.items():
                    counts[f"confirmed {what} kept by {name}"] += kept
                if what == "noise":
                    noise.append({"user": user["id"], "words": list(words[:3]), **gates})
                continue
            what = _label(group, labels)
            counts[f"unconfirmed {what}"] += 1
            counts[f"unconfirmed {what} clique raw"] += clique(group, raw)
            counts[f"unconfirmed {what} clique centred"] += clique(group, centred)
    return {"counts": dict(sorted(counts.items())), "confirmed_noise": noise}


def main(argv: list[str]) -> None:
    result, out_path = run_set_files(argv, [DATA / f"{f}.json" for f in FILES], run_file)
    for name, part in result.items():
        print(name)
        for key, value in part["counts"].items():
            print(f"  {key:42} {value}")
    if out_path is not None:
        out_path.write_text(json.dumps(result, ensure_ascii=False, indent=1) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
