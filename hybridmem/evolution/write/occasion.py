"""A statement's time word of one occasion: a record of that occasion, or the date of a choice.

"Today I'm having tea instead", 今天就喝茶吧: said of one day, a remark leaves the speaker's
standing value in place; the writer keeps it as a record of its occasion, outside the value
group its slot names (:data:`~hybridmem.core.evolution_marks.ONE_OCCASION`,
:func:`hybridmem.evolution.speech.aspect.one_occasion`, ``conflicts.decide``).

A choice made on a day is made for good. "signed for the Meadows one today!!" after "I'm torn
on the two flats, the one in Leith and the one by the Meadows": the conversation ingest reads
the sentence as the decision that settles the weighing and files it under the weighing's own
value group (:data:`CHOICE_SLOT`, ``hybridmem.conversation.decisions.settle``). Read as one
occasion, it lost that slot and stayed a record of its day, and the options weighed kept
answering "which flat did I take?" (issue 38, decisions_blind3 f1). There "today" dates the
choice; it does not make it momentary. So a statement the writer is asked to file as a settled
choice is marked :data:`DATED` instead: it keeps its slot and group, and the time word is kept
as what it is, the day the choice was made. The choice slot is given by the caller, so the
planner's one reading of it (:func:`mark`) is what a replay of the write does too.
"""

from __future__ import annotations

from typing import Any

from hybridmem.core.evolution_marks import ONE_OCCASION
from hybridmem.evolution.speech import aspect

CHOICE_PREFIX = "choice."
CHOICE_SLOT = CHOICE_PREFIX + "{id}"
"""The slot of a decision no slot rule reads: one value group per deliberation it settles
(``{id}``: the deliberation's node id; ``hybridmem.conversation.decisions.settle``)."""

DATED = "occasion_dated"
"""The mark of a settled choice said with a time word of one occasion ("signed for the
Meadows one today"): the time word dates the choice, which keeps its value group."""


def settled_choice(slot: str | None) -> bool:
    """Whether ``slot`` is a settled choice's own value group (:data:`CHOICE_SLOT`)."""
    return slot is not None and slot.startswith(CHOICE_PREFIX)


def mark(marks: dict[str, Any], content: str, slot: str | None) -> None:
    """Mark a fact or preference said of one occasion (``aspect.one_occasion``): a record of
    its occasion (:data:`~hybridmem.core.evolution_marks.ONE_OCCASION`), unless ``slot``
    files it as a settled choice, which the time word only dates (:data:`DATED`)."""
    if not aspect.one_occasion(content):
        return
    marks[DATED if settled_choice(slot) else ONE_OCCASION] = True
