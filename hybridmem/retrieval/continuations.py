"""The user's next turn rides with the turn it goes on from, when the context lacks it.

People chat in two steps: one turn names the subject and the next says the news without
naming it ("took Pickle to the vet today" / "bloods came back, early kidney disease";
我爸单位组织体检 / 肺上有个结节，八毫米), often with the companion asking in between. A later
question about the subject matches the first turn; the second, which holds the answer, shares
no word with it and is not among the first hits (issue 38: seven of blind13's ten hit@5 misses,
five of blind12's seven). So a user's turn among the packed hits brings the same speaker's
next turn (:func:`~hybridmem.retrieval.referents.speakers_next_turn`: the next sibling, or the
one after the companion's reply, within the neighbour window) into its own hit: one memory
line with both texts, citing both (``Hit.merged``), counted once against ``top_k``.

What it never does, each measured as a cost of the benchmark readings it replaces
(``benchmarks/probing_joined.py``, docs/benchmarks.md, probing20 and probing21):

- take a place: the pair stays at its first turn's place, nothing else moves;
- move a turn the context already holds: a next turn packed on its own keeps its own place
  (a companion's question brings its answer above itself, :mod:`~hybridmem.retrieval.answers`;
  joined, the answer lost that place and was cited after the turn naming the subject);
- spend budget a single hit would not: the next turn rides only in the tokens the packed hits
  left unused, best-ranked pair first, so no packed hit is pushed out or printed shorter
  (LoCoMo-like contexts, their evidence deep in the ranking, lost recall when pairs halved the
  hits a budget holds);
- bring what the retrieval could not return: the next turn must be returnable to this caller
  (user, status, visibility, filter) and, unless sealed memories were asked for, not sealed;
  with ``min_score`` only a turn scored at least that rides.

Only the user's turns are antecedents (the companion's replies go on with a new question of
their own, and a reply's next turn is the companion's); memories not imported as a
conversation (no speaker) are never paired. No constant: the budget is the only limit.
A companion's reply brings the other way, under the same rules, the user's turn it replies
to (:mod:`~hybridmem.retrieval.replied`), printed before it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from hybridmem.config import RetrievalConfig
from hybridmem.models import Hit, MemoryNode
from hybridmem.retrieval.candidates import Candidates
from hybridmem.retrieval.context import Packed, render_memory
from hybridmem.retrieval.referents import speaker_role, speakers_next_turn
from hybridmem.retrieval.replied import replied_turns
from hybridmem.store import TreeStore
from hybridmem.tokens import TokenCounter

Repack = Callable[[list[Hit]], Packed]
"""Packs the given hits as the retrieval does (its path, budget, notes and style), every one
of them a place (``top_k`` their number)."""

Cost = Callable[[Hit, str], int]
"""The tokens ``hit``'s line costs printed with the given text."""


def line_cost(counter: TokenCounter, style: str, notes: Mapping[str, str]) -> Cost:
    """:data:`Cost` of a memory line in ``style`` (:func:`~.context.render_memory`)."""

    def cost(hit: Hit, text: str) -> int:
        node = replace(hit.node, content=text)
        return counter.count(render_memory(node, notes.get(hit.node.id), style))

    return cost


def next_turns(
    store: TreeStore,
    packed: Sequence[Hit],
    cands: Candidates,
    statuses: Sequence[str],
    window_seconds: float,
) -> dict[str, MemoryNode]:
    """Each packed user turn's id -> the same speaker's next turn, when that is not packed."""
    turns = cands.turns or set()
    asked = [h.node for h in packed if h.node.id in turns and speaker_role(h.node) == "user"]
    if not asked:
        return {}
    shown = {n.id for h in packed for n in (h.node, *h.merged)}
    found = speakers_next_turn(store, asked, statuses, window_seconds, cands.neighbours)
    return {i: n for i, n in found.items() if n.id not in shown}


def may_ride(
    node: MemoryNode,
    ranked: Mapping[str, Hit],
    cands: Candidates,
    include_sensitive: bool,
    min_score: float | None,
) -> bool:
    """Whether ``node`` may be printed in this retrieval: a hit of it (``ranked``: every scored
    hit, so it passed every rule), or, not a candidate, a node the caller may be returned."""
    if node.id in ranked:
        return min_score is None or ranked[node.id].score >= min_score
    if min_score is not None or (node.sensitive and not include_sensitive):
        return False
    return cands.returnable.can_return(node.id, node, cands.unfolded)


def joined(
    ordered: Sequence[Hit],
    following: Mapping[str, MemoryNode],
    room: int | None,
    cost: Cost,
) -> list[Hit]:
    """``ordered`` with each antecedent's next turn (``following``; a reply's: the turn it
    replies to) packed into its hit, the two texts in the order they were said, best ranked
    first, while the added tokens fit ``room`` (None: no budget)."""
    out: list[Hit] = []
    taken: set[str] = set()
    for hit in ordered:
        after = following.get(hit.node.id)
        if after is None or after.id in taken:
            out.append(hit)
            continue
        said = sorted((hit.node, after), key=lambda n: (n.created_at, n.seq))
        text = f"{said[0].content} {said[1].content}"
        extra = cost(hit, text) - cost(hit, hit.node.content)
        if room is not None and extra > room:
            out.append(hit)
            continue
        room = None if room is None else room - extra
        taken.add(after.id)
        pair = replace(hit.node, content=text)
        out.append(replace(hit, node=pair, merged=(*hit.merged, after)))
    return out


def with_next_turns(
    store: TreeStore,
    packed: Packed,
    ordered: list[Hit],
    ranked: Sequence[Hit],
    cands: Candidates,
    budget: int | None,
    config: RetrievalConfig,
    counter: TokenCounter,
    notes: Mapping[str, str],
    admits: tuple[bool, float | None],
    repack: Repack,
) -> tuple[Packed, list[Hit]]:
    """``packed`` and its hits in their final order (``ordered``) with the user's next turns
    and the turns the companion's replies reply to joined (see the module docstring, each
    by its switch); as they were when none rides, or when the exact count of
    the repacked context would push a hit out or print one shorter (per-line counts can differ
    slightly from the joined text's). ``admits``: whether sealed memories were asked for, and
    the caller's ``min_score``."""
    by_id = {h.node.id: h for h in ranked}
    window = config.neighbour_window_minutes * 60.0
    statuses = config.include_statuses
    found = (
        next_turns(store, packed.hits, cands, statuses, window) if config.join_next_turns else {}
    )
    if config.join_replied_turns:
        found |= replied_turns(store, packed.hits, cands, statuses, window)
    following = {
        i: n
        for i, n in found.items()
        if i not in packed.shortened and may_ride(n, by_id, cands, *admits)
    }
    if not following:
        return packed, ordered
    room = None if budget is None else budget - packed.tokens
    pairs = joined(ordered, following, room, line_cost(counter, config.context_format, notes))
    if all(p is h for p, h in zip(pairs, ordered, strict=True)):
        return packed, ordered
    again = repack(pairs)
    kept = [h.node.id for h in again.hits] == [h.node.id for h in pairs]
    if not kept or again.shortened != packed.shortened:
        return packed, ordered
    return again, again.hits
