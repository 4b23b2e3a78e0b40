"""Themes by meaning: episodes that talk about the same thing, named by their own words.

A user mentions a hobby, a person or a worry again and again, in other words each time ("my
first bowl came out of the kiln", "everything on the wheel collapsed"). A single frequent word
misses such a theme and finds themes that are none ("absolutely", "many"). Here:

* **grouping**: the user's eligible episodes (:func:`~hybridmem.evolution.maintain.distill.
  eligible`, plus those faded since: they still support a conclusion) by their
  vectors, the ones the engine already keeps. Two episodes are linked when each is among the
  other's ``k`` nearest, ``k = distill_min_mentions - 1``: a theme of ``m`` mentions gives each
  of its members ``m - 1`` fellow members, so the smallest theme the setting allows is a
  clique of mutual neighbours. A group is a connected set of linked episodes; an episode
  linked to none joins the group of its nearest episode. Nearest is relative to the user's
  own episodes, so no embedder's similarity scale enters (no threshold);
* **naming**: a group is named by the terms that recur in it (in two or more of its mentions)
  and are no rarer in it than in the user's history as a whole, ranked by their share of
  the group's divergence from that history (``a * log(p_group / p_all)``). The theme's sources
  are the members that say one of these words and are held together by them (linked when
  they share one: not disjoint pairs of words of different senses), and it needs
  ``distill_min_mentions`` of them:
  found by meaning, confirmed by its own words. This, not a word list, is what keeps a handful
  of unrelated remarks that happen to be each other's nearest from becoming a profile (the
  engine's everyday words still never name one);
* **quoting**: the ``distill_min_mentions`` most central members (the largest summed
  similarity to the others) are what the profile quotes, in the user's words: the fewest
  mentions that make a theme are also the evidence the conclusion shows.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

import numpy as np

from hybridmem import lexical
from hybridmem.config.evolution import EvolutionConfig
from hybridmem.core import Core
from hybridmem.core.vectors import node_vectors
from hybridmem.evolution.maintain.distill import (
    Theme,
    eligible,
    everyday_terms,
    mentions,
    spoken,
    stem,
    theme_terms,
)
from hybridmem.models import MemoryNode, NodeStatus

_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
SUPPORTING = frozenset({"fade"})
"""Archived for this reason, an episode still counts for a theme (it was said; fading it for
its age saves the live budget, it does not withdraw it). Not one the cap pruned: a profile
built from it would put back what the cap just took out."""


def candidates(nodes: Sequence[MemoryNode], cfg: EvolutionConfig) -> list[MemoryNode]:
    """The episodes themes are found among: eligible ones and those faded since."""
    out = []
    for node in nodes:
        faded = (
            node.status == NodeStatus.ARCHIVED.value
            and node.metadata.get("archived_action") in SUPPORTING
        )
        # Judged as it was when live: its type, lifecycle and speech act decide.
        if eligible(replace(node, status=NodeStatus.ACTIVE.value) if faded else node, cfg):
            out.append(node)
    return out


def find_themes(
    nodes: Sequence[MemoryNode], cfg: EvolutionConfig, vectors: Mapping[str, Any]
) -> list[Theme]:
    """The user's themes (see the module docstring), largest first. ``vectors``: node id ->
    vector; an episode without one takes part in no theme."""
    episodes = [n for n in candidates(nodes, cfg) if n.id in vectors]
    need = cfg.distill_min_mentions
    if sum(mentions(n) for n in episodes) < need:
        return []
    matrix = np.asarray([vectors[n.id] for n in episodes], dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    matrix = np.divide(matrix, norms, out=np.zeros_like(matrix), where=norms > 0)
    groups = _mutual_groups(matrix, need - 1)
    terms = [_surface_terms(spoken(n)) for n in episodes]
    weights = [mentions(n) for n in episodes]
    background = _weighted_counts(range(len(episodes)), terms, weights)
    total = sum(weights)
    used: set[str] = set()
    out: list[Theme] = []
    for group in groups:
        words = _distinctive(group, terms, weights, background, total)
        # Found by meaning, confirmed by its words: the members that say one of them, held
        # together by them (see _held_together).
        members = _held_together(
            [i for i in group if any(w in terms[i] for w in words)], words, terms, weights
        )
        if sum(weights[i] for i in members) < need:
            continue
        said = {term for i in members for term in terms[i]}
        words = [w for w in words if w in said]
        key = _unique_key(words, used)
        used.add(key)
        # Summed cosine to the members = the dot with their sum: linear in the group's size.
        pull = matrix[members] @ matrix[members].sum(axis=0)
        central = [members[j] for j in np.argsort(-pull, kind="stable").tolist()]
        sources = tuple(sorted((episodes[i] for i in members), key=lambda m: (m.created_at, m.seq)))
        out.append(
            Theme(
                key,
                sources,
                words=tuple(_shown(w, members, terms) for w in words),
                central=tuple(episodes[i].id for i in central),
                quotes=need,
            )
        )
    return sorted(out, key=lambda t: (-len(t.sources), t.term))


BLOCK_CELLS = 1 << 22
"""Similarities computed at once (rows x episodes, float32: 16 MB): a memory bound, not a
setting of the result (every row's nearest are exact)."""


def _nearest(matrix: Any, k: int) -> tuple[list[set[int]], list[int]]:
    """Each episode's ``k`` nearest others and its nearest one, a block of rows at a time (a
    user's whole similarity matrix would be n² floats)."""
    n = matrix.shape[0]
    rows = max(1, BLOCK_CELLS // n)
    near: list[set[int]] = []
    first: list[int] = []
    for lo in range(0, n, rows):
        sims = matrix[lo : lo + rows] @ matrix.T
        own = np.arange(lo, lo + sims.shape[0])
        sims[own - lo, own] = -np.inf
        best = np.argpartition(-sims, k - 1, axis=1)[:, :k]
        near.extend(set(row) for row in best.tolist())
        first.extend(np.argmax(sims, axis=1).tolist())
    return near, first


def _mutual_groups(matrix: Any, k: int) -> list[list[int]]:
    """Connected groups of episodes linked to a mutual ``k``-nearest neighbour (``matrix``:
    unit rows)."""
    n = matrix.shape[0]
    if n < 2:
        return [[0]] if n else []
    near, first = _nearest(matrix, max(1, min(k, n - 1)))
    parent = list(range(n))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    alone = [True] * n
    for i in range(n):
        for j in near[i]:
            if i < j and i in near[j]:
                alone[i] = alone[j] = False
                a, b = root(i), root(j)
                if a != b:
                    parent[max(a, b)] = min(a, b)
    # An episode no one took as a mutual neighbour joins the group of its nearest one (the
    # fifth remark about bouldering, whose fellows are each other's nearest already).
    for i in [i for i, lone in enumerate(alone) if lone]:
        j = first[i]
        if not alone[j]:
            parent[root(i)] = root(j)
    out: dict[int, list[int]] = {}
    for i in range(n):
        out.setdefault(root(i), []).append(i)
    return list(out.values())


def _surface_terms(text: str) -> dict[str, str]:
    """An episode's theme terms (stemmed, as :func:`theme_terms` keeps them) -> the word as
    the user wrote it (lowercased)."""
    keep = theme_terms(text)
    out: dict[str, str] = {}
    for word in lexical.terms(text):
        key = word if word in keep else stem(word)
        if key in keep and key not in out:
            out[key] = word
    # A Chinese compound shares its morphemes with its kin (钓鱼, 夜钓, 鱼竿): the characters
    # of a theme word are terms too; the group's lift over the user's history, not a list,
    # keeps the ones every remark has. Only a character that is a word of its own: a bound
    # morpheme (子 of 梯子 / 车子 / 孩子, 车 of 车位 / 车站) is shared by unrelated words.
    for word in list(out.values()):
        if _CJK.search(word):
            for char in word:
                if _CJK.match(char) and char not in everyday_terms() and _free_morpheme(char):
                    out.setdefault(char, char)
    return out


@lru_cache(maxsize=8192)
def _free_morpheme(char: str) -> bool:
    """Whether a Chinese character is a word of its own in the engine's word cutter: jieba's
    dictionary tags it with a part of speech (鱼 n, 钓 v, 压 v), not as a bound morpheme (its
    ``*g`` tags: 子 ng, 车 zg, 友 ng) nor as no word at all (x). A bound morpheme recurs across
    words that share no meaning (椅子, 包子, 孩子), so three unrelated remarks holding it
    confirmed a false theme ("我常说起子、车"); a free one carries the same meaning in every
    compound it makes (钓鱼, 夜钓, 鱼竿)."""
    tag = lexical.pos_tags(char)[0][1]
    return not tag.endswith("g") and tag != "x"


def _held_together(
    members: list[int],
    words: Sequence[str],
    terms: Sequence[Mapping[str, str]],
    weights: Sequence[int],
) -> list[int]:
    """The heaviest part of ``members`` that the group's words hold together: two members are
    linked when both say one of ``words``, and linked members make one part. Unrelated remarks
    that are each other's nearest can share several words of different senses, each said
    twice (a traffic jam / strawberry jam, a cricket bat / a bat in the loft; 台灯 / 红绿灯,
    鼠标 / 老鼠): each word holds a pair, and the pairs' union made a theme no word holds
    ("I keep coming back to bat, jam: Saw a mouse run behind the fridge..."). A theme's words
    chain its mentions into one part (开始减肥 / 减肥又失败 / 开始跳绳: 减肥 and 开始 each in two,
    one mention holding both). No constant: the part must still weigh ``distill_min_mentions``."""
    parent = {i: i for i in members}

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    # Each member to the first holder of each of its words: linear in the members' terms.
    wanted = set(words)
    first: dict[str, int] = {}
    for i in members:
        for word in wanted.intersection(terms[i]):
            parent[root(i)] = root(first.setdefault(word, i))
    parts: dict[int, list[int]] = {}
    for i in members:
        parts.setdefault(root(i), []).append(i)
    # The heaviest part; a tie goes to the part first in the group (its order is stable).
    return max(parts.values(), key=lambda part: sum(weights[i] for i in part), default=[])


def _weighted_counts(
    members: Any, terms: Sequence[Mapping[str, str]], weights: Sequence[int]
) -> Counter[str]:
    counts: Counter[str] = Counter()
    for i in members:
        for term in terms[i]:
            counts[term] += weights[i]
    return counts


def _distinctive(
    members: list[int],
    terms: Sequence[Mapping[str, str]],
    weights: Sequence[int],
    background: Counter[str],
    total: int,
) -> list[str]:
    """Terms recurring in the group (two mentions or more) and more frequent in it than in
    the user's history, best first; never one of the engine's everyday words."""
    own = _weighted_counts(members, terms, weights)
    size = sum(weights[i] for i in members)
    everyday = everyday_terms()
    scored = []
    for term, a in own.items():
        if a < 2 or term in everyday:
            continue
        lift = (a / size) / (background[term] / total)
        # Not rarer in the group than in the history: a history that is all one theme
        # (three remarks about bouldering) is still that theme (lift 1).
        if lift >= 1.0:
            # Words before characters: a character names a theme only when no word recurs
            # (and is not shown inside a word that names it already).
            scored.append((_is_char(term), -a * math.log(lift), term))
    words = [term for *_, term in sorted(scored)]
    return [t for t in words if not _is_char(t) or not any(t in w for w in words if w != t)]


def _is_char(term: str) -> bool:
    return len(term) == 1 and bool(_CJK.match(term))


def _shown(term: str, members: list[int], terms: Sequence[Mapping[str, str]]) -> str:
    """The form of ``term`` the group's episodes use most."""
    forms = Counter(terms[i][term] for i in members if term in terms[i])
    return forms.most_common(1)[0][0] if forms else term


def episode_vectors(
    core: Core, nodes: Sequence[MemoryNode], cfg: EvolutionConfig
) -> dict[str, Any]:
    """The vectors of the episodes themes are found among: the ones the engine keeps (store
    copies, else the index), and for an episode with none (a sealed one, one the index
    dropped when it was archived) its text embedded now, in memory only."""
    episodes = candidates(nodes, cfg)
    engine = core.engine
    found = node_vectors(engine, [n.id for n in episodes], engine.embedder.name)
    missing = [n for n in episodes if n.id not in found and n.content.strip()]
    if missing:
        fresh = engine.embedder.embed([n.content for n in missing])
        found.update({n.id: fresh[k] for k, n in enumerate(missing)})
    return found


def _unique_key(words: Sequence[str], used: set[str]) -> str:
    """The theme's key (its profile's id derives from it): its most distinctive word no other
    theme of this run holds, else its words joined, else numbered."""
    tried = [*words, *("+".join(words[:n]) for n in range(2, len(words) + 1))]
    for key in tried:
        if key not in used:
            return key
    n = 2
    while f"{words[0]}#{n}" in used:
        n += 1
    return f"{words[0]}#{n}"
