"""The marks the evolution layer leaves on a node that other services read.

The write planner (``hybridmem.evolution.write``) records in a node's status and metadata
whether it is a challenger awaiting confirmation, and in its ``marks`` which speech act it
was; retrieval shows a conflict group's current value first and lets what was said in passing
yield to standing statements. Both read the marks through these functions, which sit below
both services so that neither imports the other.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from hybridmem.clock import from_iso
from hybridmem.models import MemoryNode, NodeStatus

ACTIVE = NodeStatus.ACTIVE.value

ASSERTIVE_ACT_NAMES: frozenset[str] = frozenset(
    {"assertion", "negation", "preference", "instruction"}
)
"""The speech acts recorded (``MemoryNode.marks["speech_act"]``) for standing statements: the
values of ``hybridmem.evolution.speech.labels.ASSERTIVE_ACTS`` (a test holds the two equal;
the speech labels import nothing of the core, so that the filter loads on its own)."""


COMMITTED_CLAUSE = "committed_clause"
"""The metadata key where the write planner records the clause of an emotion that states a
change of the speaker's (``hybridmem.evolution.write.commitments``)."""
KEPT_STANDING = "kept_standing"
"""The mark the write planner sets on a memory it kept as a standing statement although the
classifier read it as something said in passing: a change said with feeling (sealed ones
included, whose clause is not kept in clear) or another person's taste ("My dad hates cold
weather", ``hybridmem.evolution.slots.others.held_by_other``)."""

ONE_OCCASION = "one_occasion"
"""The mark the write planner sets on a fact or preference about one occasion ("Today I'm
having tea instead", 今天就喝茶吧; ``hybridmem.evolution.speech.aspect.one_occasion``): a
record of the occasion, said in passing as far as the speaker's standing values go."""


def is_unconfirmed(node: MemoryNode) -> bool:
    """An active challenger of a long-term value still awaiting confirmation (the store
    indexes the same condition: ``hybridmem.store.schema.AWAITING``)."""
    return node.status == ACTIVE and node.metadata.get("awaiting") == "confirmation"


def is_settled(node: MemoryNode) -> bool:
    """An active member that is not a challenger awaiting confirmation: a candidate for the
    group's current value."""
    return node.status == ACTIVE and not is_unconfirmed(node)


def node_age(node: MemoryNode) -> tuple[Any, int]:
    """Sort key, oldest first: creation time, then the tree's sequence number (same instant)."""
    return (node.created_at, node.seq)


def last_mentioned(node: MemoryNode) -> datetime:
    """When ``node`` was last said: its latest repeat or restatement (``metadata.provenance``,
    written by the repeat merge), else its writing."""
    stamps = [str(p.get("at")) for p in node.metadata.get("provenance", []) if p.get("at")]
    if stamps:
        return max(node.created_at, *(datetime.fromisoformat(s) for s in stamps))
    return node.created_at


def said_since(node: MemoryNode, at: datetime) -> bool:
    """Whether ``node`` was said again at or after ``at``: a repeat or restatement of it
    (``metadata.provenance``) dated then or later (the store reads the same condition:
    ``Dialect.said_since``)."""
    stamps = [str(p.get("at")) for p in node.metadata.get("provenance", []) if p.get("at")]
    return any(from_iso(s) >= at for s in stamps)


def demoted_since(node: MemoryNode, by: MemoryNode) -> datetime:
    """When ``node`` was demoted by ``by`` (its ``demoted_by``): the date of the statement
    that demoted it (``metadata.demoted_at``: a change, or a move back to ``by``'s value).
    A demotion recorded before the mark holds ``by``'s writing, as it was counted then."""
    stamp = node.metadata.get("demoted_at")
    return from_iso(str(stamp)) if stamp else by.created_at


def current_of(members: Sequence[MemoryNode]) -> MemoryNode | None:
    """The group's current value: its active member said last that is not awaiting
    confirmation (an unconfirmed challenger counts only when nothing else is active). Said
    last, not written last: "I drink green tea in the evening" said again after "I've switched
    to chamomile" is merged into its first mention as a repeat, and is the value again (a move
    back in the very words of the old value); by writing time the chamomile stayed current."""
    live = [m for m in members if m.status == ACTIVE]
    settled = [m for m in live if is_settled(m)] or live
    return max(settled, key=lambda m: (last_mentioned(m), *node_age(m))) if settled else None


def said_in_passing(node: MemoryNode) -> bool:
    """A memory the speech-act filter read as a question, a supposition, a passing feeling or
    a filler (kept active as a true record of what was said, seed 4.2), or a statement about
    one occasion (``ONE_OCCASION``).

    Not a change said with feeling ("咖啡我戒了，心慌得厉害，现在改喝毛峰", "sold the car, the
    traffic was awful"): its act stays the emotion the classifier read, but the writer found
    the clause that commits the speaker to the change (``metadata["committed_clause"]``) and
    kept it as a standing statement. Read as passing, retrieval moved it behind every fact
    and preference, the very answer to "what do I drink now?" out of a 1,000-token context,
    and the turns yielding to it with it (issue 38, probing dev y3). A sealed change keeps no
    clause in clear; the writer's mark (``KEPT_STANDING``) says it for it and for another
    person's taste, which the writer keeps for the same reason."""
    return passing_marks(node.marks, node.metadata)


def passing_marks(marks: Mapping[str, Any], metadata: Mapping[str, Any]) -> bool:
    """:func:`said_in_passing` read from a memory's ``marks`` and ``metadata``, so that the
    write planner reads a newcomer's plan (not yet a node) by the same definition."""
    if marks.get(KEPT_STANDING) or metadata.get(COMMITTED_CLAUSE):
        return False  # the clause: memories written before the mark existed
    if marks.get(ONE_OCCASION):
        return True  # about one occasion: it yields to the habit it is an exception to
    act = marks.get("speech_act")
    return act is not None and str(act) not in ASSERTIVE_ACT_NAMES
