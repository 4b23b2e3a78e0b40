"""Query-focused excerpts of long memories, a packing candidate measured and not shipped
(issue 38; :mod:`benchmarks.budget_use`, docs/benchmarks.md).

A memory of several sentences is printed as the sentences that share a word with the query
(``before``/``after``: that many sentences around each such one kept too), an ellipsis where
sentences were left out, so more memories fit a token budget; the hit keeps its node, the
whole memory one ``get`` away. Only lexical evidence decides (the query's terms,
:func:`hybridmem.lexical.terms`): embedding each sentence at query time would cost more than
the retrieval. A memory none of whose sentences shares a word with the query, or all of whose
sentences do, is printed whole: there is nothing to focus on. On LoCoMo it packs ~9 more
turns into 1,000 tokens and cuts the answer out of 1 in 7 of the contexts that held it: the
sentence that answers often shares no word with the question (it follows the one that does,
or is a photo's caption).
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from hybridmem import lexical
from hybridmem.models import MemoryNode
from hybridmem.retrieval.answers import asks
from hybridmem.retrieval.shortened import ELISION, excerpt, sentences, split

__all__ = ["ELISION", "excerpt", "focuser", "sentences", "split", "without_asks", "without_filler"]


def focuser(
    query: str,
    *,
    before: int = 0,
    after: int = 0,
    also: Callable[[MemoryNode, list[str]], list[bool]] | None = None,
) -> Callable[[MemoryNode], str | None]:
    """What to print for a memory instead of its whole content (``None``: the whole)."""
    wanted = frozenset(lexical.terms(query))

    def shorten(node: MemoryNode) -> str | None:
        pick = (lambda parts: also(node, parts)) if also is not None else None
        return excerpt(node.content, wanted, before=before, after=after, also=pick)

    return shorten


def without_filler(content: str) -> str | None:
    """``content`` without its sentences that have no term at all ("Oh!", "Me too!"), the
    speaker label kept; ``None`` when there are none (or nothing else)."""
    prefix, parts = split(content)
    keep = [bool(lexical.terms(p)) for p in parts]
    if all(keep) or not any(keep):
        return None
    return prefix + " ".join(p for p, k in zip(parts, keep, strict=True) if k)


def without_asks(content: str, query: Collection[str] = frozenset()) -> str | None:
    """``content`` without its sentences that ask (end in a question mark: the speaker's
    question back, "How about you?", "What have you been up to?"), the speaker label kept
    and :data:`ELISION` where they stood; ``None`` when none asks or every one does.
    Knob-free: a sentence asks by :func:`hybridmem.retrieval.answers.asks`, the rule the
    engine already reads a question turn by. An answer is stated, so the sentence holding it
    is kept (the containment check of :mod:`benchmarks.budget_use` says how often not).
    With ``query`` (terms), a question sharing one of them is kept too: it is about what is
    sought, and a tag question states ("Sunflowers mean warmth and happiness, right?")."""
    prefix, parts = split(content)
    keep = [
        not asks(p) or bool(query and not set(query).isdisjoint(lexical.terms(p))) for p in parts
    ]
    if all(keep) or not any(keep):
        return None
    out: list[str] = []
    for i, part in enumerate(parts):
        if keep[i]:
            out.append(part)
        elif i == 0 or keep[i - 1]:
            out.append(ELISION)
    return prefix + " ".join(out)
