"""Which of a theme's values a profile may state: the standing one only.

A theme groups what a user says about one thing, by meaning
(:mod:`hybridmem.evolution.maintain.themes`). When that thing is a value (a fact or a
preference: a morning drink, a vet, a streaming service), its statements are usually the
successive values of one attribute: "Our vet is the Greenside practice", then "The dog sees a
vet in Kirkby", then "Greenside has the dog on its books again". A profile quoting all three
states the old value as standing next to the new one, and, ranked high for the theme's
question, hands the old value to the prompt (colloquial blind5: such a profile sat in the top 3
of 12 of 17 traced stop/back probes).

So a profile states **one** value of its theme: the one that stands. The rest are history: not
quoted (and never folded: they stay live, ranked by the value history, and
``value_history`` still lists them). Standing is the store's own reading of a group's current
value, :func:`hybridmem.core.evolution_marks.current_of`, applied to the theme's values (no
word list, no similarity):

* a value the write path superseded is archived, so it never stands;
* an unconfirmed challenger of a long-term value does not stand while a settled value does;
* among the rest, the one *said* last stands, not the one written last: a move back said in
  the old value's very words is merged into that old node as a repeat and stands again, even
  though the node still carries the ``demoted_by`` mark of the change it was demoted by.

The cost, said openly: a theme holding values of *different* attributes (a pet's breed and its
age) quotes only the newest of them; the others are live on their own and answer their own
questions, the profile just does not restate them. Episodes (events) are quoted as before.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from hybridmem.core.evolution_marks import current_of
from hybridmem.models import MemoryNode


def past_values(sources: Sequence[MemoryNode], value_types: Collection[str]) -> frozenset[str]:
    """Ids of the theme's values that do not stand (see the module docstring)."""
    values = [s for s in sources if s.node_type in value_types]
    if len(values) < 2:
        return frozenset()
    current = current_of(values)
    return frozenset(v.id for v in values if current is None or v.id != current.id)
