"""A speaker's next turn placed right after the turn it goes on from (issue 38, probing19).

The commonest hit@5 miss of the probing sets (blind9..11: 5 of 11) is an answer that follows the
turn naming the topic without naming it ("My sister called." / "She's pregnant!"; 老刘住院了 /
发现得早，左手有点麻). probing18 carried the antecedent's lexical match into the next turn as a
score (``benchmarks/probing_continued.py``): it gained, but a carried score moves the lexical
part's scale for every other turn and lifted replies after "how are you?" with whatever their
antecedent matched. Here nothing is scored: a continuation is *placed* directly after its
antecedent in the ranked hits, as :func:`hybridmem.retrieval.answers.answers_first` places an
answer with its question, only when the antecedent is itself a hit ranked above it.

A continuation of a turn: the same speaker's next turn of its conversation, the next sibling or
the one after the other speaker's reply, within the neighbour window
(``referents.speakers_next_turn``, which the pronoun carry reads). Readings (``--variant placed-…``
of :mod:`benchmarks.probing_variants`):

- ``any``: every antecedent among the hits, every continuation; chains follow (a placed turn
  brings its own continuation);
- ``named``: the antecedent holds a word of the question (a lexical match, the pronoun
  carry's included);
- ``named-user``: ``named``, the user's turns only (the companion's replies keep their
  places);
- ``named-unnamed``: ``named``, and the continuation holds no word of the question (it goes on
  without naming the topic, which is the miss);
- ``named-best``: the user's turn with the best lexical match among the hits only (at most one
  placement a question).

The engine is not changed: the patch wraps ``said_first`` as the retriever calls it (the last
ordering before packing, so the first five of a five-hit request are the reordered ones) and
reads the candidates' BM25 from ``Retriever.arrange``'s arguments.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any
from unittest import mock

from benchmarks import fusion_paired
from hybridmem.models import Hit
from hybridmem.retrieval import referents
from hybridmem.retrieval import retriever as retriever_module
from hybridmem.retrieval.referents import speaker_role
from hybridmem.retrieval.retriever import Retriever

READINGS = ("any", "named", "named-user", "named-unnamed", "named-best")


def user_said(hit: Hit) -> bool:
    """Whether the hit is a turn of the user's."""
    return speaker_role(hit.node) == "user"


def placed_after(
    hits: Sequence[Hit], following: Mapping[str, str], matched: Collection[str], reading: str
) -> list[Hit]:
    """``hits`` with each continuation ranked below its antecedent moved directly after it.

    ``following``: a turn's id -> its speaker's next turn's id (``referents.speakers_next_turn``);
    ``matched``: the ids with a lexical match (the ``named`` readings)."""
    rank = {h.node.id: i for i, h in enumerate(hits)}
    by_id = {h.node.id: h for h in hits}

    def continuation(hit: Hit) -> Hit | None:
        node = hit.node
        after = following.get(node.id)
        if after is None or after not in by_id or rank[after] < rank[node.id]:
            return None
        if reading != "any" and node.id not in matched:
            return None  # the named readings: the antecedent names (a word of) the question
        if reading == "named-unnamed" and after in matched:
            return None  # ... and the next turn does not
        if reading in ("named-user", "named-best") and speaker_role(node) != "user":
            return None
        return by_id[after]

    order: list[Hit] = []
    done: set[str] = set()
    for hit in hits:
        chain: Hit | None = hit
        while chain is not None and chain.node.id not in done:
            order.append(chain)
            done.add(chain.node.id)
            chain = continuation(chain)
    return order


Reorder = Callable[[Sequence[Hit], Retriever, Any, Collection[str]], list[Hit]]
"""A reading: the hits as packed, the retriever, its candidates and the conversation's turns
among them -> the hits as the reading packs them."""


def patched_order(reorder: Reorder) -> Callable[[], Any]:
    """The patch that hands ``said_first``'s hits (the last ordering before ``fill``) to
    ``reorder`` with the candidates ``Retriever.arrange`` was given."""

    @contextmanager
    def patched() -> Iterator[None]:
        held: list[Any] = [None, None]
        arrange, said = Retriever.arrange, retriever_module.said_first

        def arranging(self: Retriever, *args: Any, **kwargs: Any) -> Any:
            held[:] = [self, kwargs.get("cands", args[5] if len(args) > 5 else None)]
            return arrange(self, *args, **kwargs)

        def saying(query: str, hits: Any, places: int, turns: Any = (), *rest: Any) -> Any:
            out = said(query, hits, places, turns, *rest)
            retriever, cands = held
            if cands is None or not turns:
                return out
            return reorder(out, retriever, cands, turns)

        with (
            mock.patch.object(Retriever, "arrange", arranging),
            mock.patch.object(retriever_module, "said_first", saying),
        ):
            yield

    return patched


def speakers_next(retriever: Retriever, cands: Any, asked: Sequence[Any]) -> dict[str, Any]:
    """Each of ``asked``'s turns -> its speaker's next turn (``referents.speakers_next_turn``)."""
    cfg = retriever.config
    window = cfg.neighbour_window_minutes * 60.0
    return referents.speakers_next_turn(
        retriever.store, asked, cfg.include_statuses, window, cands.neighbours
    )


def variant(reading: str) -> Callable[[], Any]:
    """The patch of one reading."""

    def reorder(out: Sequence[Hit], retriever: Retriever, cands: Any, turns: Any) -> list[Hit]:
        matched = {i for i, v in cands.bm25.items() if v > 0}
        if reading == "named-best":  # the user's best-matched turn among the hits only
            users = [h.node.id for h in out if h.node.id in matched and user_said(h)]
            matched = {max(users, key=lambda i: cands.bm25[i])} if users else set()
        every = reading == "any"
        asked = [h.node for h in out if h.node.id in turns and (every or h.node.id in matched)]
        following = {i: n.id for i, n in speakers_next(retriever, cands, asked).items()}
        return placed_after(out, following, matched, reading)

    return patched_order(reorder)


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m benchmarks.probing_placed READING FUSION_ARGS...``: ``benchmarks.fusion_paired``
    (LoCoMo, MADial) with the reading's patch in place."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in READINGS:
        raise SystemExit(f"usage: python -m benchmarks.probing_placed {{{','.join(READINGS)}}} ...")
    with variant(args[0])():
        fusion_paired.main(args[1:])


if __name__ == "__main__":
    main()
