"""Whether a memory filed under one attribute also states a value of another, clause by clause.

The writer files a statement under one slot, the first its rules find
(:func:`hybridmem.evolution.slots.rules.infer`). A statement of two clauses can state two
attributes: "I take my coffee black, no sugar." is filed under ``user.diet`` (by "no sugar"),
while its first clause says how the user takes coffee (``pref.coffee``), which is what "How do
I take my coffee?" asks. :func:`~hybridmem.retrieval.attributes.agreed` takes the lexical match
away from a memory of another attribute (a shared word there is a coincidence); for this one
it took away the match of the very words the question asks with, and a memory sharing only
"take" ("I take the subway in from Partick") came first.

The test here is the writer's own rules read on each clause of the memory, the same rules
that read the question: no word list of its own and no constant. A clause ends at clause
punctuation (:func:`hybridmem.lexical.clause_pieces`), which is structure, not vocabulary.
"""

from __future__ import annotations

from functools import lru_cache

from hybridmem import lexical
from hybridmem.evolution.slots import rules


@lru_cache(maxsize=4096)
def clause_slots(text: str) -> frozenset[str]:
    """The slots the writer's rules read in the clauses of ``text`` (two or more clauses; a
    one-clause statement's slot is the one it was filed under)."""
    clauses = lexical.clause_pieces(text)
    if len(clauses) < 2:
        return frozenset()
    found = (rules.infer(clause).slot for clause in clauses)
    return frozenset(slot for slot in found if slot)


def states_attribute(text: str, attribute: str) -> bool:
    """Whether a clause of ``text`` states a value of ``attribute`` (a slot without its
    ``@person``), by the writer's rules."""
    return any(slot.partition("@")[0] == attribute for slot in clause_slots(text))
