"""Sensitive memories only when asked: which sealed candidates a retrieval may return.

A memory added with ``sensitive=True`` (an IBAN, a diagnosis) is stored sealed, and it should
reach a prompt only when the question is about it. Priors cannot tell: a user-level fact gets
the same importance, recency and ``parent`` parts whatever the question, so before this rule an
IBAN was packed into the context of 19 of 22 ordinary questions (issue 38).

The rule has no tuned constant: a sensitive candidate is admitted when no ordinary candidate of
the same query matches the question better, by the query's cosine similarity alone - its own
relevance, none of the priors. Similarity is the one channel every candidate has on the same
footing: the lexical index holds no terms for sealed content, so comparing fused relevance
(similarity + lexical) would let any ordinary memory sharing a word with the question shut a
sealed one out even when the question is about it ("what is my IBAN?"), and would let no sealed
memory in under ``encrypt_all``. When the sealed memory is the best match for the question, the
question is about it; when an ordinary memory is closer, the question is about that one.

Several sensitive memories may pass together (each beats every ordinary one: "my bank details?"
with an IBAN and a BIC). A candidate without a similarity (no query vector, no stored vector) is
never admitted: there is no evidence the question is about it. ``include_sensitive=True`` turns
the rule off (the caller asked for them).
"""

from __future__ import annotations

from collections.abc import Mapping

from hybridmem.models import MemoryNode


def withheld(nodes: Mapping[str, MemoryNode], cosine: Mapping[str, float]) -> set[str]:
    """The sensitive candidates among ``nodes`` that the question is not about: those with no
    similarity, or one below the best ordinary candidate's (``cosine``: raw similarity to the
    query by node id)."""
    sealed = [i for i, n in nodes.items() if n.sensitive]
    if not sealed:
        return set()
    ordinary = [cosine[i] for i, n in nodes.items() if not n.sensitive and i in cosine]
    best = max(ordinary, default=None)
    return {i for i in sealed if i not in cosine or (best is not None and cosine[i] < best)}
