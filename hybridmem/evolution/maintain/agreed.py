"""Themes no word confirms: English episodes two embedders agree belong together.

A liking said four ways shares no word ("a saxophone quartet at Ronnie Scott's", "Coltrane's
Blue Train on repeat", "a Miles Davis record"), so :mod:`hybridmem.evolution.maintain.themes`,
which confirms a group by its words, makes no profile of it. The default embedder's vectors
alone do not tell such a group from unrelated remarks that happen to be each other's nearest
(profile9 and profile11 measured concepts, cliques and cohesion: as many noise groups as
themes). Two models trained apart do: where the engine reads with the multilingual
e5-small, the bundled English model (all-MiniLM-L6-v2) reads the English episodes again, and
a theme is a clique both agree on: ``distill_min_mentions`` episodes each among the others'
``distill_min_mentions - 1`` nearest, in each model's vectors centred on the user's mean (the
direction all of one user's remarks share is no theme). A closeness one model sees by
accident (a shared spelling, "canal" / "canada") the other rarely sees in the same remarks.

No threshold and no word list: nearness is relative to the user's own episodes in each
model. Chinese episodes are left out (the English model reads no CJK, and no second model
for Chinese ships). The profile is named by what its sources say: each quoted source's word
that is rarest in the user's history (a word no other of their remarks says: "saxophone",
"coltrane", "davis"), quoting the group's most central members as every profile does.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from hybridmem.config.evolution import EvolutionConfig
from hybridmem.embedding import Embedder
from hybridmem.embedding.multilingual import MULTILINGUAL_MODEL
from hybridmem.embedding.scripts import cjk_share
from hybridmem.evolution.maintain.distill import Theme, _quotable, everyday_terms, spoken
from hybridmem.evolution.maintain.themes import (
    _nearest,
    _surface_terms,
    _unique_key,
    candidates,
)
from hybridmem.models import MemoryNode


@lru_cache(maxsize=1)
def second_view() -> Embedder:
    """The bundled English model (loaded once, on first use)."""
    from hybridmem.embedding.sentence import SentenceTransformerEmbedder

    return SentenceTransformerEmbedder()


def agreed_themes(
    nodes: Sequence[MemoryNode],
    cfg: EvolutionConfig,
    vectors: Mapping[str, Any],
    found: Sequence[Theme],
    embedder: Embedder,
) -> list[Theme]:
    """Themes of the user's English episodes outside ``found`` (the themes words confirmed)
    that the engine's embedder and the English model agree on; none unless
    ``cfg.distill_agreed_themes`` is set and the engine reads with the multilingual default
    (another model is its own best reader)."""
    if not cfg.distill_agreed_themes or embedder.name != MULTILINGUAL_MODEL:
        return []
    need = cfg.distill_min_mentions
    episodes = [
        n for n in candidates(nodes, cfg) if n.id in vectors and cjk_share(spoken(n)) == 0.0
    ]
    taken = {s.id for t in found for s in t.sources}
    # Nearness says something only among enough remarks: with as many unexplained remarks
    # (outside the themes words confirmed) as a theme needs, or a few more, any three of them
    # are one another's nearest (three unrelated remarks beside a theme of oat milk).
    if sum(n.id not in taken for n in episodes) < 2 * need:
        return []
    first = _centred(np.asarray([vectors[n.id] for n in episodes], dtype=np.float32))
    second = _centred(
        np.asarray(second_view().embed([spoken(n) for n in episodes]), dtype=np.float32)
    )
    groups = _agreed_groups(first, second, need)
    terms = [_surface_terms(spoken(n)) for n in episodes]
    everywhere = Counter(t for ts in terms for t in ts)
    used = {t.term for t in found}
    out = []
    for group in groups:
        members = [i for i in group if episodes[i].id not in taken]
        if len(members) < need:
            continue
        pull = first[members] @ first[members].sum(axis=0)
        central = [members[j] for j in np.argsort(-pull, kind="stable").tolist()]
        # Named by the members the profile will quote (live or folded), not by a faded one
        # whose word the quotes do not hold.
        quoted = [i for i in central if _quotable(episodes[i])] or central
        words = _names(quoted[:need], terms, everywhere)
        if not words:
            continue
        key = _unique_key(words, used)
        used.add(key)
        sources = sorted((episodes[i] for i in members), key=lambda m: (m.created_at, m.seq))
        out.append(
            Theme(
                key,
                tuple(sources),
                words=tuple(words),
                central=tuple(episodes[i].id for i in central),
                quotes=need,
            )
        )
    return out


def _centred(matrix: Any) -> Any:
    """Unit rows after removing the user's mean vector."""
    matrix = matrix - matrix.mean(axis=0)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return np.divide(matrix, norms, out=np.zeros_like(matrix), where=norms > 0)


def _agreed_groups(first: Any, second: Any, size: int) -> list[list[int]]:
    """Overlapping cliques both views agree on, joined: a clique of ``size`` mutual
    ``size - 1``-nearest is an episode with its ``size - 1`` nearest, each of whom has exactly
    the others as theirs."""
    k = size - 1
    views = [_nearest(m, k)[0] for m in (first, second)]
    parent = list(range(first.shape[0]))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    inside: set[int] = set()
    for i in range(first.shape[0]):
        clique = views[0][i] | {i}
        if all(near[j] | {j} == clique for near in views for j in clique):
            inside |= clique
            for j in clique:
                parent[root(j)] = root(i)
    out: dict[int, list[int]] = {}
    for i in sorted(inside):
        out.setdefault(root(i), []).append(i)
    return list(out.values())


def _names(
    quoted: list[int], terms: Sequence[Mapping[str, str]], everywhere: Counter[str]
) -> list[str]:
    """Each quoted member's rarest word in the user's history, as the user wrote it (not an
    everyday word if it has another; ties: the longest, then the first alphabetically, so a
    run names a theme as the one before did)."""
    everyday = everyday_terms()
    out: list[str] = []
    for i in quoted:
        options = [t for t in terms[i] if terms[i][t] not in out]
        if options:
            best = min(options, key=lambda t: (t in everyday, everywhere[t], -len(t), t))
            out.append(terms[i][best])
    return out
