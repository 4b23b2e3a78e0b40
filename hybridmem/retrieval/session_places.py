"""The first places of a ranking are shared among sessions: one session's lift fills no head.

The ``parent`` feature gives every turn of a conversation's session the session's best
relevance (:mod:`~hybridmem.retrieval.expansion`): a session holding one strong match is
likelier to hold the answer, the strongest lever on LoCoMo's long single-topic sessions. In a
companion's short, mixed small-talk sessions the strong match is as often the companion's
echo of the question ("Busy at the moment?", "想学点东西…在纠结报日语班还是韩语班"), and the
lift carries that session's filler ("haha yeah", "我也这么觉得", "关西腔！") over another
session's answer whose own match is far better: the commonest cause of a probing question's
miss in the first five hits (docs/benchmarks.md, issue 38, "the session lift behind most hit@5
misses"). Every way of weakening the lift for the whole ranking lost LoCoMo, whose budget is
filled from the lifted session.

So the lift is kept and only the first ``places`` of the ranking are shared: there, a turn of
a session that already holds a place (it rides on that session's lift) yields to the best
hit of a session that holds none when that hit earns more from the question. Like is
compared with like: what the two earn themselves (similarity and words, the neighbour's, a
named speaker, the asked day's ``time``, so a day question's window keeps its places), not
what their sessions lend them, nor the priors (which reorder what is as relevant: the same
words in the lifted session keep their place). A fact the writer read off a turn (citing the
same message) is of that turn's session: it takes no second place beside the turn it repeats;
other memories have no session and are never held back. A placed question turn's answer (the
next turn, by the other speaker: :func:`~hybridmem.retrieval.answers.answer_of`) is not held
back either: it is read with its question. Past the first places the order is the score's, so
what a token budget packs changes by at most those few places.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from hybridmem.models import Hit
from hybridmem.retrieval.answers import answer_of, asks

EARNED = ("similarity", "lexical", "neighbour", "speaker", "time")
"""The parts a hit earns from the question itself: not its session's lift (``parent``), nor
the priors, which reorder what is as relevant and never decide between two sessions here."""


def earned(hit: Hit) -> float:
    """What the hit earns from the question itself (the sum of its :data:`EARNED` parts)."""
    return sum(hit.breakdown.parts.get(name, 0.0) for name in EARNED)


def share_places(
    hits: Sequence[Hit],
    turns: Collection[str],
    places: int,
    neighbours: Mapping[str, Sequence[str]] | None = None,
) -> list[Hit]:
    """``hits`` (best first) with their first ``places`` shared among sessions (see the
    module docstring). ``turns``: the ids of the candidates that are conversation turns;
    ``neighbours``: their adjacent siblings (``expansion.adjacent_siblings``), so that a
    placed question's answer is not held back (:mod:`~hybridmem.retrieval.answers` reads it
    with its question)."""
    if places <= 1 or len(hits) < 2 or not turns:
        return list(hits)
    sessions = _sessions(hits, turns)
    by_id = {h.node.id: h for h in hits}
    rest = list(hits)
    head: list[Hit] = []
    held: set[str] = set()
    free: set[str] = set()  # answers of placed questions: read with them, not held back

    def holds(hit: Hit) -> bool:
        owner = sessions.get(hit.node.id)
        return owner is not None and owner in held and hit.node.id not in free

    while rest and len(head) < places:
        pick = 0
        if holds(rest[0]):
            others = [i for i, h in enumerate(rest) if not holds(h)]
            if others:
                best = max(others, key=lambda i: (earned(rest[i]), -i))
                if earned(rest[best]) > earned(rest[0]):
                    pick = best
        hit = rest.pop(pick)
        head.append(hit)
        if (owner := sessions.get(hit.node.id)) is not None:
            held.add(owner)
        if hit.node.id in turns and asks(hit.node.content):
            siblings = (neighbours or {}).get(hit.node.id, ())
            if (answer := answer_of(hit.node, siblings, by_id, turns)) is not None:
                free.add(answer.node.id)
    return head + rest


def _sessions(hits: Sequence[Hit], turns: Collection[str]) -> dict[str, str]:
    """Each hit's session: a turn's parent; the session's own node (a hit too when its
    title matches) and a memory written from a turn (a fact the writer read off it, citing
    the same message) are of that session, so neither takes a second place beside the
    turns. Other memories have none."""
    of_message: dict[str, str] = {}
    out: dict[str, str] = {}
    for hit in hits:
        node = hit.node
        if node.id in turns and node.parent_id is not None:
            out[node.id] = node.parent_id
            for message in node.source_ids:
                of_message.setdefault(message, node.parent_id)
    sessions = set(out.values())
    for hit in hits:
        if hit.node.id in sessions:
            out[hit.node.id] = hit.node.id  # the session itself: its place is its turns'
        elif hit.node.id not in out:
            owner = next((of_message[m] for m in hit.node.source_ids if m in of_message), None)
            if owner is not None:
                out[hit.node.id] = owner
    return out
