"""Candidate theme readings measured on the profile sets, none shipped (issue 38, profile12,
profile14).

* ``noev``: the English everyday vocabulary (``slots.pairs.common_words``, fitted on the labelled
  chat lines) no longer bars a theme term. That list holds topical nouns ("coffee", "dog",
  "tea", "gym") beside "new", "work", "home"; a user's coffee theme said in three remarks got
  no profile. Chinese everyday words (jieba's frequent words) still bar one.
* ``reach``: a group's distinctive words also gather the user's episodes *outside* the group
  that say them (each episode in one theme at most), then the words must hold the members
  together as before (:func:`hybridmem.evolution.maintain.themes._held_together`): a theme
  its vectors split in two groups ("Pepper" said in two groups of two) is held by its word.
* ``oneword`` (profile14): a theme's part must hold one of its words in
  ``distill_min_mentions`` of its members, not only a chain of words each said in two (a guard
  against false themes chained by words of several senses: card -> station).
* ``none``: the engine as it is, the baseline the others are read against.

Each variant patches the engine in this process only and runs the sets with their own runners
(the figures of :mod:`benchmarks.profile_blind2`, :mod:`benchmarks.profile_blind`,
:mod:`benchmarks.profile_questions`).

Run: ``python -m benchmarks.profile_variants {noev|reach|oneword|none} [--json F] [SETS]``
(default: the development sets profiles_dev, profiles_blind, profile_blind .. profile_blind4).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks import profile_blind, profile_blind2, profile_questions
from benchmarks.common import load_embedder
from hybridmem.config.evolution import EvolutionConfig
from hybridmem.evolution.maintain import distill, themes
from hybridmem.evolution.maintain import profiles as profiles_step
from hybridmem.evolution.maintain.distill import Theme, mentions, spoken
from hybridmem.models import MemoryNode

DATA = Path(__file__).parent / "data"
SETS = (
    "profiles_dev",
    "profiles_blind",
    "profile_blind",
    "profile_blind2",
    "profile_blind3",
    "profile_blind4",
)


def no_english_everyday() -> None:
    """Theme terms barred only by the Chinese everyday words."""
    from hybridmem.evolution.slots.pairs import common_words

    english = {distill.stem(w) for w in common_words()["en"]}
    kept = frozenset(w for w in distill.everyday_terms() if w not in english)
    themes.everyday_terms = lambda: kept  # type: ignore[assignment]


def reaching_themes(
    nodes: Sequence[MemoryNode], cfg: EvolutionConfig, vectors: Mapping[str, Any]
) -> list[Theme]:
    """:func:`hybridmem.evolution.maintain.themes.find_themes` whose groups' words also gather
    holders outside the group (see the module docstring)."""
    episodes = [n for n in themes.candidates(nodes, cfg) if n.id in vectors]
    need = cfg.distill_min_mentions
    if sum(mentions(n) for n in episodes) < need:
        return []
    matrix = np.asarray([vectors[n.id] for n in episodes], dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    matrix = np.divide(matrix, norms, out=np.zeros_like(matrix), where=norms > 0)
    terms = [themes._surface_terms(spoken(n)) for n in episodes]
    weights = [mentions(n) for n in episodes]
    background = themes._weighted_counts(range(len(episodes)), terms, weights)
    used: set[str] = set()
    claimed: set[int] = set()
    out: list[Theme] = []
    for group in themes._mutual_groups(matrix, need - 1):
        words = themes._distinctive(group, terms, weights, background, sum(weights))
        inside = set(group)
        pool = [i for i in group if any(w in terms[i] for w in words)]
        pool += [
            i
            for i in range(len(episodes))
            if i not in inside and i not in claimed and any(w in terms[i] for w in words)
        ]
        members = themes._held_together(pool, words, terms, weights)
        if sum(weights[i] for i in members) < need or set(members) <= claimed:
            continue
        claimed.update(members)
        said = {term for i in members for term in terms[i]}
        words = [w for w in words if w in said]
        key = themes._unique_key(words, used)
        used.add(key)
        pull = matrix[members] @ matrix[members].sum(axis=0)
        central = [members[j] for j in np.argsort(-pull, kind="stable").tolist()]
        sources = tuple(sorted((episodes[i] for i in members), key=lambda m: (m.created_at, m.seq)))
        out.append(
            Theme(
                key,
                sources,
                words=tuple(themes._shown(w, members, terms) for w in words),
                central=tuple(episodes[i].id for i in central),
                quotes=need,
            )
        )
    return sorted(out, key=lambda t: (-len(t.sources), t.term))


def one_word_holds() -> None:
    """A theme's part must hold one of its words in ``distill_min_mentions`` of its members,
    not only a chain of words each said in two (profile14)."""
    need = EvolutionConfig().distill_min_mentions
    chained = themes._held_together

    def held(
        members: list[int],
        words: Sequence[str],
        terms: Sequence[Mapping[str, str]],
        weights: Sequence[int],
    ) -> list[int]:
        part = chained(members, words, terms, weights)
        if any(sum(weights[i] for i in part if w in terms[i]) >= need for w in words):
            return part
        return []

    themes._held_together = held  # type: ignore[assignment]


def run_set(name: str, embedder: Any) -> dict[str, Any]:
    users: list[dict[str, Any]] = json.loads((DATA / f"{name}.json").read_text())["users"]
    if name.startswith("profiles_"):
        return profile_questions.run(users, embedder)
    if name == "profile_blind":
        return profile_blind.run(users, embedder)
    return profile_blind2.run(users, embedder)


def main(argv: list[str]) -> None:
    variant = argv[0]
    if variant == "noev":
        no_english_everyday()
    elif variant == "reach":
        profiles_step.find_themes = reaching_themes  # type: ignore[assignment]
    elif variant == "none":
        pass  # the engine as it is: the baseline the variants are read against
    elif variant == "oneword":
        one_word_holds()
    else:
        raise SystemExit(f"unknown variant {variant!r}: noev, reach or oneword")
    run_sets(variant, argv, SETS)


def run_sets(variant: str, argv: list[str], sets: Sequence[str]) -> None:
    """Run the profile sets ``argv`` names (default ``sets``) under the variant already set
    up in this process; print a summary a set and language a line, and write them all to
    ``--json F`` when given."""
    out_path = Path(argv[argv.index("--json") + 1]) if "--json" in argv else None
    names = [a for a in argv[1:] if a.startswith("profile") and not a.endswith(".json")]
    embedder = load_embedder("default")
    result = {}
    for name in names or sets:
        result[name] = run_set(name, embedder)
        for lang, part in result[name].items():
            print(variant, name, lang, json.dumps(part["summary"], ensure_ascii=False))
    if out_path is not None:
        out_path.write_text(json.dumps(result, ensure_ascii=False, indent=1) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
