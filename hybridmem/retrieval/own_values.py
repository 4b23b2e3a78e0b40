"""Whose value a newer statement gives, for the query-time newer-first rule.

:func:`~hybridmem.retrieval.newer_values.newer_first` puts a newer statement above an older
standing value when the two read as one attribute. A remark that only mentions the older
value's subject reads so too ("The Red Lion changed landlord, the beer's gone up" after "I
play darts for the Red Lion on Wednesdays", 凯美瑞的新款出来了 after 我的车是白色的凯美瑞): it
shares the value's naming word and the pair model reads one attribute, but it gives no value
of the speaker's (issue 38, stale14's mention items: pollution en 2/8, zh 4/8 with the rule
on, 0/8 off). The writer already knows whose statement it is: the slot rules' reading of the
speaker (first person, an order to the assistant, or a clause with no subject at all) and the
speech act it recorded. A statement whose subject is a thing (the pub, the canteen, the new
model) gives the speaker's value only where the older value's subject is no speaker either.
"""

from __future__ import annotations

from hybridmem.evolution.slots import rules
from hybridmem.models import MemoryNode


def speakers(node: MemoryNode) -> bool:
    """Whether ``node`` is about its speaker as the write path read it: an order to the
    assistant (speech act ``instruction``: "Keep it casual with me") or a statement the
    slot rules read as the speaker's (first person, or no subject)."""
    return node.marks.get("speech_act") == "instruction" or rules.about_speaker(node.content)


def gives_own_value(new: MemoryNode, old: MemoryNode) -> bool:
    """Whether ``new`` can give a newer value of ``old``'s attribute. When a slot reader
    filed ``old`` (``metadata["slot"]``), the same readers read ``new`` at write time and
    put it in no group: it is no value of that slot. Else, when ``old`` is the speaker's,
    ``new`` must be the speaker's too (:func:`speakers`); a value of another person's or of
    a thing is left to :func:`~hybridmem.retrieval.newer_values.same_subject`."""
    if old.metadata.get("slot") and not new.conflict_group:
        return False
    return speakers(new) or not speakers(old)
