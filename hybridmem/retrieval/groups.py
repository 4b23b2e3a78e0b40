"""Conflict groups and speech acts in a retrieval's hits.

A conflict group's current value comes first and names what it was before
(:func:`group_values`); what was said in passing yields to the user's standing statements
(:func:`assertions_first`), and so does another person's value when the question asks about
the user's own attribute (:func:`theirs`); identical copies of one memory keep one place
(:func:`merge_duplicates`). The first two read the marks the evolution layer leaves on nodes through
:mod:`hybridmem.core.evolution_marks`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import replace
from typing import Any

from hybridmem.core.evolution_marks import (
    ONE_OCCASION,
    current_of,
    is_unconfirmed,
    last_mentioned,
    node_age,
    said_in_passing,
)
from hybridmem.models import Hit, MemoryNode, TimeWindow
from hybridmem.retrieval.attributes import (
    SLOT_KEY,
    asked_slot,
    asks_for_a_person,
    names_someone,
)
from hybridmem.retrieval.spans import moment_in
from hybridmem.store import TreeStore


def previous_values(
    store: TreeStore,
    user_id: str,
    group: str,
    current_id: str,
    members: Sequence[MemoryNode] | None = None,
) -> list[str]:
    """Contents of earlier values the group held (active or archived, not candidates), said
    last first (``members``: the group's members, oldest first, when already read). Earlier
    by when each was last said, as the current value is chosen (:func:`current_of`): a value
    said again after a change is current, and the change is its previous value."""
    if members is None:
        members = store.conflict_group_members(user_id, group)
    return [m.content for m in _earlier(members, current_id)]


def _said_order(node: MemoryNode) -> tuple[Any, ...]:
    """The order :func:`current_of` and :func:`previous_values` rank members by."""
    return (last_mentioned(node), *node_age(node))


def _earlier(members: Sequence[MemoryNode], current_id: str) -> list[MemoryNode]:
    """The members :func:`previous_values` names, said last first."""
    current = next((m for m in members if m.id == current_id), None)
    said = None if current is None else last_mentioned(current)
    earlier = [
        m
        for m in members
        if m.id != current_id
        and m.status in ("active", "archived")
        and (said is None or last_mentioned(m) <= said)
        and not is_unconfirmed(m)
        and "restates" not in m.metadata
        and "merged_into" not in m.metadata
    ]
    earlier.sort(key=_said_order, reverse=True)
    return earlier


SHOWN_PREVIOUS = 2
"""Earlier values named on a current value's line."""
RECENT_MEMBERS = 32
"""Members of a group read newest first for a retrieval (see :func:`_shown_members`)."""


def _shown_members(store: TreeStore, user_id: str, group: str) -> list[MemoryNode]:
    """Enough of a group, oldest first, for :func:`group_values` to say exactly what it
    would say from every member. A group of hundreds of members (facts restated over months)
    costs a retrieval tens of milliseconds to decode whole, so the store reads its newest
    members by writing time, its waiting challengers and the older members said again since
    (``conflict_group_recent``). A member left unread was written before the oldest of the
    newest and not said since, so it ranks below every one of them by when it was last said:
    the members read decide the current value and the last values when those rank at least
    as high as that oldest member; otherwise (no settled value among them, too few earlier
    values) the whole group is read.
    """
    members, complete = store.conflict_group_recent(user_id, group, RECENT_MEMBERS)
    if complete:
        return members
    if len(members) < RECENT_MEMBERS:  # the group grew between the read and its count
        return store.conflict_group_members(user_id, group)
    # The newest members by writing time are the newest of those read (a superset of them).
    oldest = sorted(members, key=node_age)[-RECENT_MEMBERS]
    floor = (oldest.created_at, *node_age(oldest))
    current = current_of(members)
    if current is None or is_unconfirmed(current) or _said_order(current) < floor:
        return store.conflict_group_members(user_id, group)
    # An older member read because it waits or was said again at the very instant that
    # oldest member was written ranks above some left unread but not necessarily above all.
    before = _earlier(members, current.id)[:SHOWN_PREVIOUS]
    if len(before) < SHOWN_PREVIOUS or _said_order(before[-1]) < floor:
        return store.conflict_group_members(user_id, group)
    return members


def group_values(
    store: TreeStore,
    user_id: str,
    hits: list[Hit],
    top_k: int | None = None,
    quotable: Callable[[MemoryNode], bool] | None = None,
    window: TimeWindow | None = None,
) -> tuple[list[Hit], dict[str, str]]:
    """Show each conflict group's current value first, saying what it was before.

    An older value is dropped from the hits when the group's current value is also a hit
    (unless the question names a time ``window`` it was said in: :func:`said_within`), and
    the current value moves to the first place any member of its group holds; its line notes
    ``previously: ...``. An unconfirmed challenger (both values coexist until it is said again)
    stays a hit, noted ``unconfirmed``; one outside the shown hits is named on the current
    value's line. An older value retrieved alone keeps its place but names the current value,
    so the reader is never left with a stale answer. ``top_k``: how many hits will be shown.
    ``quotable``: which members' words a note may quote (the others, sensitive values the
    question is not about, are left out of "previously" and shown as "[sensitive]").
    """
    notes: dict[str, str] = {}
    groups = {h.node.conflict_group for h in hits if h.node.conflict_group}
    if not groups:
        return hits, notes
    current: dict[str, MemoryNode | None] = {}
    members_of: dict[str, list[MemoryNode]] = {}
    for group in groups:
        members_of[group] = _shown_members(store, user_id, group)
        current[group] = current_of(members_of[group])
    all_ids = {h.node.id for h in hits}
    kept = [
        h
        for h in hits
        if not h.node.conflict_group
        or (cur := current.get(h.node.conflict_group)) is None
        or h.node.id == cur.id
        or is_unconfirmed(h.node)
        or cur.id not in all_ids
        or _left_alone(h.node, cur)
        or (said_within(h.node, cur, window) and not recorded(h, hits))
    ]
    kept = _current_first(kept, current, window)
    shown = {h.node.id for h in (kept[:top_k] if top_k else kept)}
    for hit in kept:
        group = hit.node.conflict_group or ""
        cur = current.get(group) if group else None
        if cur is None:
            continue
        said = members_of[group]
        if quotable is not None:
            said = [m for m in said if m.id == cur.id or quotable(m)]
        if hit.node.id == cur.id:
            pending = [
                m.content
                for m in reversed(said)
                if is_unconfirmed(m) and m.id != cur.id and m.id not in shown
            ]
            before = previous_values(store, user_id, group, cur.id, said)
            parts = []
            if pending:
                parts.append("recently said, unconfirmed: " + "; ".join(pending[:2]))
            if before:
                parts.append("previously: " + "; ".join(before[:SHOWN_PREVIOUS]))
            if parts:
                notes[hit.node.id] = "; ".join(parts)
        else:
            words = cur.content if quotable is None or quotable(cur) else "[sensitive]"
            if is_unconfirmed(hit.node):
                in_view = cur.id in shown
                notes[hit.node.id] = "unconfirmed" if in_view else f"unconfirmed; current: {words}"
            else:
                notes[hit.node.id] = f"current value: {words}"
    return kept, notes


def said_within(node: MemoryNode, current: MemoryNode, window: TimeWindow | None) -> bool:
    """Whether ``node``, an older value of ``current``'s group, is what a question naming
    ``window`` asks for: said within the window (its moment, :func:`~.spans.moment_in`) when
    the current value was not. "What was I telling you about on October 24?" asks for what was
    said that day, and an older value said then is that record, not a stale answer; the current
    value, said weeks later, is no record of that day (probing blind3 e11 and blind5 e4 lost
    their evidence when a later choice joined the deliberation's group, helper decide14). Its
    line still names the current value."""
    if window is None:
        return False
    return window.contains(moment_in(node, window)) and not window.contains(
        moment_in(current, window)
    )


def recorded(hit: Hit, hits: Sequence[Hit]) -> bool:
    """Whether the turns ``hit`` was read from are all cited by another hit outside its group
    (the conversation's own record of them): kept beside that record, an older value read off
    the same turn adds no word, but as a standing statement it made the day's remarks yield
    to it (:func:`assertions_first`; probing blind3 c1, "first" 0.75 -> 0.5). A value with no
    source (written with ``add``) is its own record."""
    sources = set(hit.node.source_ids)
    group = hit.node.conflict_group
    elsewhere = {s for h in hits if h.node.conflict_group != group for s in h.node.source_ids}
    return bool(sources) and sources <= elsewhere


def _left_alone(node: MemoryNode, current: MemoryNode) -> bool:
    """Whether ``node`` is a value in its own right beside the group's ``current`` value: a
    change that named an older member ("I sold the Skoda, now I drive a Tesla" beside "I
    cycle to the office", ``evolution.write.named``) changed that member and left the others
    live and not demoted."""
    return (
        "names" in current.metadata
        and current.metadata["names"] != node.id
        and node.status == "active"
        and "demoted_by" not in node.metadata
    )


def _current_first(
    hits: list[Hit], current: dict[str, MemoryNode | None], window: TimeWindow | None = None
) -> list[Hit]:
    """Within each group, move the current value to the first place any member holds (a
    member the question's ``window`` keeps, :func:`said_within`, keeps its place)."""
    out = list(hits)
    for group, cur in current.items():
        if cur is None:
            continue
        places = [
            i
            for i, h in enumerate(out)
            if h.node.conflict_group == group
            and not _left_alone(h.node, cur)
            and not said_within(h.node, cur, window)
        ]
        at = next((i for i in places if out[i].node.id == cur.id), None)
        if at is not None and places and at != places[0]:
            out.insert(places[0], out.pop(at))
    return out


def assertions_first(
    hits: list[Hit],
    top_k: int | None,
    share: float,
    kinds: Sequence[str],
    cosine: Mapping[str, float] | None = None,
    turns: Collection[str] = (),
    occasions_asked: bool = False,
    others: Collection[str] = (),
    asked: TimeWindow | None = None,
) -> list[Hit]:
    """Order the hits so that what was said in passing yields to the user's standing
    statements (facts and preferences, ``kinds``) at ``share`` of its score. ``occasions_asked``,
    ``others`` (:func:`theirs`), ``asked``: see :func:`_yields`.

    The writer gives a question, a supposition or a passing feeling less weight, but weight is
    a small part of a retrieval score, and with multilingual-e5 "Should I try eating fish
    again?" matches "What is the user's diet?" better than "I'm vegetarian" does: the one-off
    answered the question about the user. A hit said in passing among the first ``top_k``
    moves below every fact or preference scoring more than ``share`` of its own score:

    * among the shown hits when it shares a word with the query (it was found for what it
      says: "What did the user ask about the violin?" must still find the question);
    * among all the candidates when it shares none: the embedder alone put it there, and e5
      puts a question near a question whatever either is about. e5 also scores "I teach maths
      at a secondary school" below unrelated notes for "What is the user's job?" (0.737 vs
      0.777), so the fact is often not among the shown hits at all, and reordering only those
      left "What would it take to become a data analyst?" answering. Such a remark leaves the
      shown hits only for standing statements (the order of everything else is kept).

    A store with no fact or preference (a chat transcript) is left alone.

    ``cosine`` (raw query similarity by node id): a remark the embedder alone put there is
    weighed against the standing statements on that scale, where 0 means unrelated and a
    share means something. The fused score does not: its similarity is min-max over the
    query's candidates and the priors count at that relevance (issue 38), so the least
    similar candidate scores 0 however close it is, and "I teach maths at a secondary
    school" (score 0.000, the least similar of a small store) never reached half of "What
    would it take to become a data analyst?" (0.19): English one-offs of the scenario
    benchmark polluted 7 of 12 probes after that change, 0 before.

    ``turns`` (ids of a conversation's turns) are compared on the fused score even so: a
    transcript's question or passing feeling is a record of what was said, found beside its
    neighbours, and its question is often about just that. On the raw scale any of the few
    facts extracted from the transcript clears half of a turn's similarity (MiniLM and e5 put
    two lines of one chat well above 0), so every unmatched question and feeling of the
    conversation went below them, out of the budget: LoCoMo conv-26, MiniLM, evidence recall
    at 1,000 tokens right after ``add_messages`` fell from 0.781 to 0.728.
    """
    window = len(hits) if top_k is None else min(top_k, len(hits))
    yields = {id(h) for h in hits if _yields(h.node, occasions_asked, others, asked)}
    passing = [h for h in hits[:window] if id(h) in yields]
    if share >= 1.0 or not passing or len(passing) == len(hits):
        return hits
    best = max((h.score for h in hits if h.node.node_type in kinds), default=None)
    if best is None:
        return hits  # no standing statement to yield to
    unmatched = [h for h in passing if h.breakdown.features.get("lexical", 0.0) <= 0.0]
    known = cosine or {}

    def strength(hit: Hit) -> float:
        return known.get(hit.node.id, hit.score)

    if known and all(h.node.id in known for h in hits if h.node.node_type in kinds):
        best_cos = max(strength(h) for h in hits if h.node.node_type in kinds)
        said = set(turns)
        yielding = [
            h
            for h in unmatched
            if h.node.id in known and h.node.id not in said and best_cos > strength(h) * share
        ]
        out = _yielded(hits, yielding, share, kinds, strength)
        said_turns = [h for h in unmatched if h.node.id in said and best > h.score * share]
        out = _yielded(out, said_turns, share, kinds)
    else:
        yielding = [h for h in unmatched if best > h.score * share]
        out = _yielded(hits, yielding, share, kinds)
    moved = {id(h) for h in unmatched}
    rest = [h for h in out[:window] if id(h) in yields and id(h) not in moved]
    return _yielded(out[:window], rest, share, kinds) + out[window:]


_FEELING = "emotion"
"""The speech act recorded for a passing feeling (``hybridmem.evolution.speech.labels``)."""


def _yields(
    node: MemoryNode,
    occasions_asked: bool,
    others: Collection[str] = (),
    asked: TimeWindow | None = None,
) -> bool:
    """Whether ``node`` was said in passing and so yields to standing statements. When the
    question names a time ("这周早些时候我跟你说上班的事怎么了？"), a statement about one
    occasion (``ONE_OCCASION``: 护士长今天找我谈话…) is a record of what it asks for, not an
    exception to a habit, and keeps its place: yielding, it left a week question's evidence
    out of 1,000 tokens (probing blind3 c8, blind4 c7, found at the tenth session's merge).
    ``others``: another person's values, which yield to a question about the user's own
    attribute (:func:`theirs`). ``asked``: the window a question about someone names
    ("上周我跟你说我妈什么了？"); a feeling said in it (its moment, :func:`~.spans.moment_in`) is
    what was said of them then, and keeps its place: the relieved "我妈穿刺结果出来了，良性的！松了
    一口气" went below that week's statements on other subjects, out of the first five (probing
    blind10 r6; issue 38, probing17). Any remark so kept, or a feeling for a question about no
    one, lost "first" on day questions to small talk of the asked days ("so tired now, bye")."""
    if node.id in others:
        return True
    if (
        asked is not None
        and node.marks.get("speech_act") == _FEELING
        and asked.contains(moment_in(node, asked))
    ):
        return False
    return said_in_passing(node) and not (occasions_asked and node.marks.get(ONE_OCCASION))


def theirs(
    query: str,
    nodes: Mapping[str, MemoryNode],
    slot_map: Mapping[str, Sequence[str]] | None = None,
) -> frozenset[str]:
    """The candidates the writer filed as another person's value (``user.job@wife``,
    ``user.residence@爸妈``: :mod:`hybridmem.evolution.slots.others`) when the question asks
    about the user's own attribute (it names no one else and asks for no person); empty
    otherwise.

    They yield to the user's standing statements as a remark in passing does: the embedder
    reads "What's my job again?" and "My wife works as a dental nurse" as one topic, and the
    wife's job came first (others_blind3, before this change: the user's own attribute first
    for 4 of 6 English questions, 3 of 6 Chinese). The lexical channel already drops their
    shared words (:func:`~hybridmem.retrieval.attributes.agreed`); the similarity alone
    still put them first. "What does my wife do?" names her, "Who lives with us?" asks for a
    person: their values keep their place."""
    if names_someone(query) or asks_for_a_person(query):
        return frozenset()
    if asked_slot(query, slot_map) is None:
        return frozenset()
    return frozenset(i for i, n in nodes.items() if "@" in str(n.metadata.get(SLOT_KEY) or ""))


def _yielded(
    hits: list[Hit],
    moving: list[Hit],
    share: float,
    kinds: Sequence[str],
    strength: Callable[[Hit], float] = lambda h: h.score,
) -> list[Hit]:
    """``hits`` with each of ``moving`` placed after every standing statement scoring more
    than ``share`` of its score (``strength``: the score, or the raw similarity) and every
    other hit that came before it."""
    if not moving or not any(h.node.node_type in kinds for h in hits):
        return hits

    def outranks(standing: Hit, hit: Hit) -> bool:
        return standing.node.node_type in kinds and strength(standing) > strength(hit) * share

    # Positions looked up, not searched (``list.index`` in the loop made a 10,000-hit,
    # budget-packed retrieval cubic in its ~130 candidates: seconds a query).
    rank = {id(h): i for i, h in enumerate(hits)}
    moved = {id(h) for h in moving}
    out = [h for h in hits if id(h) not in moved]
    for hit in moving:
        before = rank[id(hit)]
        at = 0
        for i, other in enumerate(out):
            if outranks(other, hit) or rank[id(other)] < before:
                at = i + 1
        out.insert(at, hit)
    return out


def duplicate_key(node: MemoryNode) -> tuple[str | None, str, str]:
    """Memories with this key say the same thing in the same place: same parent, same type,
    same words (case and spacing aside). The same words under another parent (another
    session, another task) are another occurrence and stay apart."""
    return node.parent_id, node.node_type, " ".join(node.content.casefold().split())


def merge_duplicates(hits: list[Hit]) -> list[Hit]:
    """Keep the best-ranked hit of each set of identical memories: a copy adds nothing to the
    context but takes a place and tokens. The kept hit lists the others in ``merged``."""
    first: dict[tuple[str | None, str, str], int] = {}
    out: list[Hit] = []
    for hit in hits:
        key = duplicate_key(hit.node)
        at = first.get(key)
        if at is None:
            first[key] = len(out)
            out.append(hit)
        else:
            kept = out[at]
            out[at] = replace(kept, merged=(*kept.merged, hit.node))
    return out
