"""A speaker's next turn packed with the turn it goes on from, as one hit (issue 38, probing20).

The commonest hit@5 miss of the probing sets (all seven of blind12's) is an answer that follows
the turn naming the topic without naming it ("took Pickle to the vet today" / "bloods came back,
early kidney disease"). probing19 *placed* such a continuation right after its antecedent among
the ranked hits (:mod:`benchmarks.probing_placed`): it gained on blind12 and lost elsewhere,
because a placed turn takes a place of its own and pushes the fifth hit, often an evidence turn,
out of the first five. Here the continuation takes no place: it is packed *with* its
antecedent, one hit that prints both turns and cites both (``Hit.merged``, as identical
memories are folded into one hit), counted once against ``top_k``; its own hit, when it had one
lower down, goes. So no hit leaves the first five for it, and a hit@5 can only be gained; the
cost is the pair's tokens in the budget and, for "first", a continuation that is not evidence
cited beside an antecedent that is.

A continuation: the same speaker's next turn, the next sibling or the one after the other
speaker's reply, within the neighbour window (``referents.speakers_next_turn``); one pair a turn,
no chains, and never a continuation the ranking already put above its antecedent. Readings
(``--variant joined-…`` of :mod:`benchmarks.probing_variants`):

- ``user``: every turn of the user's among the hits is an antecedent;
- ``named-user``: the user's turns holding a word of the question (a lexical match);
- ``any``: every turn among the hits, either speaker.

``python -m benchmarks.probing_joined show SET QID,QID VARIANT,VARIANT`` prints each question's
first five hits under each variant (evidence marked), the diagnostic of the losses;
``python -m benchmarks.probing_joined fusion READING FUSION_ARGS`` runs
``benchmarks.fusion_paired`` (LoCoMo, MADial) under a reading.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import replace
from typing import Any

from benchmarks import fusion_paired
from benchmarks.probing_placed import patched_order, speakers_next, user_said
from hybridmem.models import Hit, MemoryNode
from hybridmem.retrieval.retriever import Retriever

READINGS = ("user", "named-user", "any")


def joined(hits: Sequence[Hit], following: Mapping[str, MemoryNode]) -> list[Hit]:
    """``hits`` with each antecedent's continuation (``following``: an antecedent's id -> its
    speaker's next turn) packed into its hit: the text after the antecedent's, the node among
    the hit's ``merged`` (cited), the continuation's own hit dropped. In rank order, a turn
    already packed into a higher hit is neither an antecedent nor joined again."""
    rank = {h.node.id: i for i, h in enumerate(hits)}
    pairs: dict[str, MemoryNode] = {}
    taken: set[str] = set()
    for i, hit in enumerate(hits):
        after = following.get(hit.node.id)
        if hit.node.id in taken or after is None or after.id in taken or after.id in pairs:
            continue
        if rank.get(after.id, len(hits)) < i:
            continue  # already ranked above the turn it goes on from
        pairs[hit.node.id] = after
        taken.add(after.id)
    out = []
    for hit in hits:
        if hit.node.id in taken:
            continue
        after = pairs.get(hit.node.id)
        if after is not None:
            text = f"{hit.node.content} {after.content}"
            hit = replace(hit, node=replace(hit.node, content=text), merged=(*hit.merged, after))
        out.append(hit)
    return out


def variant(reading: str) -> Callable[[], Any]:
    """The patch of one reading."""

    def reorder(out: Sequence[Hit], retriever: Retriever, cands: Any, turns: Any) -> list[Hit]:
        matched = {i for i, v in cands.bm25.items() if v > 0}
        asked = [
            h.node
            for h in out
            if h.node.id in turns
            and (reading == "any" or user_said(h))
            and (reading != "named-user" or h.node.id in matched)
        ]
        return joined(out, speakers_next(retriever, cands, asked))

    return patched_order(reorder)


def show(name: str, qids: Collection[str], variants: Sequence[str]) -> None:
    """Each question's first five hits under each variant: rank, evidence (*), speaker, the
    turns the hit cites, its text. ``qids`` ``{"*"}``: the questions whose hit@5 differs
    between the variants."""
    from benchmarks.probing import _cited, imported, messages_of
    from benchmarks.probing_variants import HERE, VARIANTS
    from hybridmem.embedding import make_embedder

    data = json.loads((HERE / f"probing_{name}.json").read_text(encoding="utf-8"))
    embedder = make_embedder(None)
    for user in data["users"]:
        asked = [q for q in data["questions"] if q["user"] == user["id"]]
        asked = [q for q in asked if q["id"] in qids or "*" in qids]
        text = {m["id"]: m["content"] for m in messages_of(user)}
        with imported(user, embedder) as (mem, task_id):
            for q in asked:
                tops = {}
                for v in variants:
                    with VARIANTS[v]():
                        tops[v] = mem.retrieve(
                            q["query"],
                            user_id=user["id"],
                            task_id=task_id,
                            top_k=5,
                            record_access=False,
                        ).hits
                cites = {
                    v: [sorted(_cited(h) & set(text)) for h in hits] for v, hits in tops.items()
                }
                found = {v: any(set(c) & set(q["evidence"]) for c in cs) for v, cs in cites.items()}
                if "*" in qids and len(set(found.values())) < 2:
                    continue
                print(f"\n## {name} {q['id']}: {q['query']}  evidence {q['evidence']}", flush=True)
                for v, hits in tops.items():
                    print(f"  [{v}] hit@5 {int(found[v])}")
                    for i, (h, cited) in enumerate(zip(hits, cites[v], strict=True), 1):
                        mark = "*" if set(cited) & set(q["evidence"]) else " "
                        said = "u" if user_said(h) else "a"
                        print(f"   {i}{mark} {said} {cited} {h.node.content[:90]!r}")


def main(argv: Sequence[str] | None = None) -> None:
    """``show SET QIDS VARIANTS`` or ``fusion READING FUSION_ARGS...``."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) == 4 and args[0] == "show":
        show(args[1], set(args[2].split(",")), args[3].split(","))
        return
    if len(args) > 1 and args[0] == "fusion" and args[1] in READINGS:
        with variant(args[1])():
            fusion_paired.main(args[2:])
        return
    raise SystemExit(
        "usage: python -m benchmarks.probing_joined show SET QIDS VARIANTS | "
        f"fusion {{{','.join(READINGS)}}} FUSION_ARGS..."
    )


if __name__ == "__main__":
    main()
