"""A move back settles the attribute it returns to: the value said last is current, and
every other live value of the attribute is demoted by it (archived by maintenance later, its
history kept).

A statement that says a value holds again ("Persil again, Ecover didn't shift the stains",
又用回蓝月亮洗衣液了: ``slots.pairs.says_again``) states no change word, so the pair model
never links it, and it was written beside the attribute's group as a fact of its own: the
value it left stayed live and undemoted beside it (or, while that value waited for
confirmation against a long-term one, stayed the challenger), and the attribute never
settled (issue 38: colloquial dev, blind5 and blind7 moves back).

A move back returns to a live member of a group that a later value took the place of (a
member written after its last mention), and names it by a content word (``named.words``: no
everyday, attitude or time word) that the value it leaves (the newest such later member)
does not hold. Failing a group, it names two live values itself: the one it returns to, and
one written after it by a word the first does not hold (the value it leaves, often named in
its reason: "Persil again, Ecover didn't shift the stains"); the two join one group with it.
No similarity threshold or count: the reading is the cue and the values' own words.

Words are compared by their light stems (``lexical.light_stem``: "contacts" names "contact
lenses", "searching" the "search engine"), and a move back that names only the value it
returns to ("iPhone again, I missed iMessage" after "I use an iPhone" and "Pixel is my phone,
the iPhone died") leaves the later value in no group that holds a word of both: the value
that named it as the one it left, or another value of the attribute they both name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from hybridmem import lexical
from hybridmem.config.evolution import EvolutionConfig
from hybridmem.core.evolution_marks import last_mentioned
from hybridmem.core.evolution_marks import node_age as _age
from hybridmem.core.hooks import NodeChange
from hybridmem.evolution.slots import pairs
from hybridmem.evolution.write.conflicts import ACTIVE, demotion, is_waiting
from hybridmem.evolution.write.named import words
from hybridmem.models import MemoryNode


@dataclass(frozen=True, slots=True)
class MoveBack:
    """A statement's return to ``returned``, a value of ``group`` said before; ``joined``:
    the values (``returned``, the value left) that join ``group`` with it, being in none."""

    returned: MemoryNode
    group: str
    joined: tuple[MemoryNode, ...] = ()


def stems(text: str) -> set[str]:
    """The light stems of ``text``'s content words (``named.words``): a value named in
    another form of its word is named."""
    return {lexical.light_stem(w) for w in words(text)}


def returns_to(content: str, returned: MemoryNode, left: MemoryNode) -> bool:
    """Whether ``content`` names ``returned`` by a word the value it leaves (``left``) does
    not hold: a return to that value, not a restatement of the one it leaves."""
    mine = stems(content) & stems(returned.content)
    return bool(mine - stems(left.content))


def returned_to(
    content: str,
    candidates: Sequence[MemoryNode],
    members: Callable[[str], Sequence[MemoryNode]],
    said_again: bool = True,
) -> MoveBack | None:
    """The value ``content`` moves back to, if it says a value holds again (when
    ``said_again``; else the caller has read the return another way): the first of
    ``candidates`` (most similar first) that is a live member of a group (``members(group)``:
    its live members) after whose last mention another member was written, and that
    ``content`` names against the newest of those (:func:`returns_to`)."""
    if said_again and not pairs.says_again(content):
        return None
    for node in candidates:
        group = node.conflict_group
        if not group or node.status != ACTIVE:
            continue
        since = last_mentioned(node)
        later = [
            m
            for m in members(group)
            if m.id != node.id and m.status == ACTIVE and m.created_at > since
        ]
        if later and returns_to(content, node, max(later, key=_age)):
            return MoveBack(node, group)
    return _named_pair(content, candidates)


def _named_pair(content: str, candidates: Sequence[MemoryNode]) -> MoveBack | None:
    """A move back that names both values when they are in no group together: the first
    live candidate it names, and a live one in no group, written after that one's last
    mention, that it names by a word the first does not hold ("Chrome again, half the sites
    broke on Firefox" after "I browse on Chrome" and "Firefox is my browser"), or, naming it
    by no such word, that holds a word of both (:func:`_left_unnamed`). The value left joins
    the first one's group, or both form one (``sim:<first>``, as a similar pair does)."""
    mine = stems(content)
    said = {n.id: stems(n.content) for n in candidates if n.status == ACTIVE}
    for first in candidates:
        if first.id not in said or not mine & said[first.id]:
            continue
        since = last_mentioned(first)
        for left in candidates:
            if left.id == first.id or left.id not in said or left.created_at <= since:
                continue
            if left.conflict_group:
                continue  # one group (read by :func:`returned_to`'s own rule) or another
            if (mine & said[left.id]) - said[first.id] or _left_unnamed(
                mine, first.id, left.id, said
            ):
                group = first.conflict_group or f"sim:{first.id}"
                joined = tuple(n for n in (first, left) if not n.conflict_group)
                return MoveBack(first, group, joined)
    return None


def _left_unnamed(mine: set[str], first: str, left: str, said: dict[str, set[str]]) -> bool:
    """Whether a move back holding ``mine``, naming no word of the later value ``left`` beyond
    the words of ``first`` (the value it returns to), leaves it: the two values alone of the
    live facts ``said`` (id -> stems) hold a word the move back holds too (the value left named
    the first as the one it left, "Pixel is my phone, the iPhone died", or both name their
    attribute, "Five-a-side is on Fridays"); a word other facts hold ("use") links nothing."""
    shared = mine & said[first] & said[left]
    return any(sum(w in ws for ws in said.values()) == 2 for w in shared)


def settle(
    members: Sequence[MemoryNode], new_id: str, cfg: EvolutionConfig, at: datetime
) -> tuple[NodeChange, ...]:
    """The changes of a move back ``new_id`` said ``at``: every live member demoted by it
    (one already demoted keeps its weight and takes the new mark, so it settles from the
    move back), a challenger waiting for confirmation no longer waiting."""
    out: list[NodeChange] = []
    for m in members:
        if m.status != ACTIVE:
            continue
        change = demotion(m, new_id, f"left by the move back {new_id}", cfg, at)
        values = dict(change.values)
        if "demoted_by" in m.metadata:
            del values["importance"], values["tier"]
        if is_waiting(m):
            cleared = {"awaiting": None, "challenges": None, "unconfirmed_reason": None}
            values["metadata"] = {**values["metadata"], **cleared}
        out.append(replace(change, values=values))
    return tuple(out)
