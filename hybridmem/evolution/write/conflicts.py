"""Conflict groups: several values of one subject/attribute, and which one is current.

A new fact or preference joins a group by an explicit ``slot`` key, a slot inferred from the
bilingual lexicon (:mod:`hybridmem.evolution.slots.rules`) or, failing both, by embedding similarity
to an existing fact/preference. The policy (seed section 3.3, with the confirmation rule of
section 4.2) decides what the newcomer does to the group's current value:

* it states the current value again -> the current value is reinforced (confidence, mentions,
  renewal); the newcomer is kept, archived as a restatement, for its source;
* it is below ``low_confidence`` -> candidate only;
* the current value is in the long-term tier and the newcomer is an ordinary statement not yet
  made ``confirmations`` times -> **awaiting confirmation**: kept active with reduced weight
  (both values coexist and retrieval mentions the new one as unconfirmed), but the long-term
  value stays the current one and is not demoted;
* newer and clearly more confident (by ``supersede_margin``), or confirmed -> **supersede**: the
  old value is archived with the reason and a link (``superseded_by``);
* similar confidence (>= ``coexist_ratio`` x old) -> **coexist**: both active, the old demoted
  (importance x ``demote_factor``, tier working); deep maintenance later settles the group;
* otherwise -> candidate.

A value said again is the current value again (:func:`said_again`): a move back said in the
old value's words is merged into that value's node as a repeat (``repeats.py``), and a
restatement of an older member counts likewise; the member that was current is demoted as a
coexisting older value is, and the one said again loses its demotion. One function decides
the changes for every path, and they are ``evolve`` ops, so replay makes the same group.

Nothing is deleted: history stays in the group (:func:`value_history`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

import numpy as np

from hybridmem import lexical
from hybridmem.clock import to_iso
from hybridmem.config.evolution import EvolutionConfig, Tier
from hybridmem.core.evolution_marks import current_of, is_settled, said_since
from hybridmem.core.evolution_marks import node_age as _age
from hybridmem.core.hooks import NodeChange
from hybridmem.evolution.write.value_order import in_order
from hybridmem.models import MemoryNode, NodeStatus

ACTIVE = NodeStatus.ACTIVE.value
CANDIDATE = NodeStatus.CANDIDATE.value
ARCHIVED = NodeStatus.ARCHIVED.value

# Words that carry the attitude or the time of a statement, not its value; removed before two
# statements' distinctive terms are compared ("dark roast now" vs "dark roast from now on").
_STOP = frozenset(
    [
        "now",
        "then",
        "again",
        "actually",
        "really",
        "still",
        "prefer",
        "like",
        "love",
        "want",
        "from",
        "on",
        "for",
        "me",
        "my",
        "i",
        "the",
        "a",
        "an",
        "to",
        "of",
        "is",
        "am",
        "are",
        "it",
        "this",
        "that",
        "these",
        "days",
        "lately",
        "anymore",
        "more",
        "best",
        "always",
        "usually",
        "better",
        "switch",
        "switched",
        "changed",
        "change",
        "mind",
        "decided",
        "going",
    ]
)
_ZH_STOP_CHARS = frozenset("我的了吧都是还在现以后更喜欢选改主意就也很要其实最近吗呢啊呀又再")
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


@dataclass(frozen=True, slots=True)
class ConflictDecision:
    """What a new fact/preference does in its group."""

    group: str | None
    status: str
    decision: str
    """``new``, ``restated``, ``supersede``, ``coexist``, ``awaiting_confirmation``,
    ``low_confidence``, ``one_off`` (kept outside the group: ``group`` is None)."""
    importance_factor: float = 1.0
    changes: tuple[NodeChange, ...] = ()
    metadata: dict[str, Any] = field(default_factory=dict)
    tier: str | None = None
    """A tier to start in (a confirmed replacement of a long-term value is long-term)."""


def value_terms(text: str, reference: str) -> set[str]:
    """Terms of ``text`` not in ``reference`` (its distinctive value), attitude words removed.

    Chinese is compared by character, because a word segmenter may glue the value to its
    neighbour ("选深" vs "深").
    """
    ref = set(_units(reference))
    return {u for u in _units(text) if u not in ref}


def value_units(text: str) -> list[str]:
    """The distinctive terms of ``text`` in order (Chinese by character), attitude and time
    words removed."""
    return _units(text)


def _units(text: str) -> list[str]:
    out: list[str] = []
    for term in lexical.terms(text):
        if is_cjk_term(term):
            out.extend(c for c in term if is_value_char(c))
        elif is_value_word(term):
            out.append(term)
    return out


def is_cjk_term(term: str) -> bool:
    """A term of Chinese characters (an ASCII term holds none)."""
    return not term.isascii() and _CJK.search(term) is not None


def is_value_char(char: str) -> bool:
    """A Chinese character that can say a value: not a function, attitude or time character."""
    return char not in _ZH_STOP_CHARS and _CJK.match(char) is not None


def is_value_word(term: str) -> bool:
    """A non-Chinese term that can say a value: not an attitude or time word."""
    return term not in _STOP


def same_value(
    a_text: str,
    a_vec: np.ndarray | None,
    b_text: str,
    b_vec: np.ndarray | None,
    cfg: EvolutionConfig,
    *,
    terms_checked: bool = False,
) -> bool:
    """Whether ``a`` (the newer statement) gives the same value as ``b``: near-identical text,
    or near-identical vectors. ``terms_checked`` (embedders whose cosine cannot tell a change
    from a restatement): near-identical vectors count only when ``a`` adds no distinctive
    term to ``b`` ("我住在城东" / "我搬到城西了" are 0.94 apart with multilingual-e5)."""
    if " ".join(a_text.lower().split()) == " ".join(b_text.lower().split()):
        return True
    if a_vec is not None and b_vec is not None:
        if float(a_vec @ b_vec) < cfg.same_value_threshold:
            return False
        if not in_order(a_text, b_text):  # 3月5日 after 5月3日: the same parts, another value
            return False
        return not terms_checked or not value_terms(a_text, b_text)
    return False


def confirms(
    new_text: str,
    new_vec: np.ndarray | None,
    cand: MemoryNode,
    cand_vec: np.ndarray | None,
    current: MemoryNode,
    cfg: EvolutionConfig,
    *,
    terms_checked: bool = False,
) -> bool:
    """Whether a waiting candidate states the same new value as the newcomer.

    Same value when the two are near-identical, or when they share a distinctive term (a term
    neither says about the current value) — "dark" in "I prefer dark roast now" and "dark roast
    again for me".
    """
    if same_value(new_text, new_vec, cand.content, cand_vec, cfg, terms_checked=terms_checked):
        return True
    mine = value_terms(new_text, current.content)
    theirs = value_terms(cand.content, current.content)
    return bool(mine & theirs) or restates_challenger(new_text, cand, current.content)


def restates_challenger(new_text: str, challenger: MemoryNode, challenged: str) -> bool:
    """Whether ``new_text`` speaks of the same new value as a waiting ``challenger`` although
    it names no slot: it shares the challenger's distinctive wording (terms neither says about
    the value being challenged): a common stem of five letters ("carpentry" / "carpenter") or
    two Chinese characters ("还是苏州住着舒服一点" / "我又搬回苏州了")."""
    mine = value_terms(new_text, challenged)
    theirs = value_terms(challenger.content, challenged)
    latin = {t[:5] for t in mine if len(t) >= 5 and not _CJK.match(t)}
    if latin & {t[:5] for t in theirs if len(t) >= 5 and not _CJK.match(t)}:
        return True
    return len({t for t in mine if _CJK.match(t)} & {t for t in theirs if _CJK.match(t)}) >= 2


def is_waiting(node: MemoryNode) -> bool:
    """A member :func:`decide` counts as an earlier mention of a new value: not archived and
    marked as awaiting confirmation (whatever its status: the store names the same condition,
    ``TreeStore.conflict_group_deciding``)."""
    return node.status != ARCHIVED and node.metadata.get("awaiting") == "confirmation"


def deciding_members(members: Sequence[MemoryNode]) -> list[MemoryNode]:
    """The members :func:`decide` reads, oldest first: the newest active member not awaiting
    confirmation, every settled member said again since it was written (a move back merged
    into its first mention: the member said last is the current value, ``current_of``), and
    every waiting one (:func:`is_waiting`; they include every unconfirmed challenger).
    :func:`decide` gives the same decision for these as for every member: the current value
    is the settled member said last, else the newest unconfirmed one, and the other members
    (most of a large group: archived restatements, demoted older values) never count.
    The store reads the same members off its indexes (``TreeStore.conflict_group_deciding``),
    so a group of thousands costs a new statement what a few members cost."""
    settled = [m for m in members if is_settled(m)]
    newest = max(settled, key=_age) if settled else None
    since = newest.created_at if newest is not None else None
    return sorted(
        (
            m
            for m in members
            if m is newest
            or is_waiting(m)
            or (since is not None and is_settled(m) and said_since(m, since))
        ),
        key=_age,
    )


def decide(
    *,
    content: str,
    vector: np.ndarray | None,
    confidence: float,
    group: str,
    members: Sequence[MemoryNode],
    vectors: Mapping[str, np.ndarray],
    new_id: str,
    cfg: EvolutionConfig,
    at: datetime,
    terms_checked: bool = False,
    named: MemoryNode | None = None,
    one_off: bool = False,
) -> ConflictDecision:
    """Apply the group policy to a newcomer (an assertive fact or preference) said ``at``;
    ``terms_checked``: see :func:`same_value`; ``named``: an older live value the newcomer
    names as the one it changes (``named.named_member``): the change is then that value's,
    and the current value keeps its place; ``one_off``: the newcomer is about one occasion
    (:func:`hybridmem.evolution.speech.aspect.one_occasion`: "Today I'm having tea instead",
    今天就喝茶吧): it is kept active as a record of the occasion, outside the group, and the
    standing value is neither demoted nor replaced. Taken as a value, a remark about one day
    was the group's current value and demoted the habit it was an exception to (issue 38,
    colloquial_blind8)."""
    current = current_of(members)
    if one_off:
        beside = {"one_off_beside": current.id} if current is not None else {}
        return ConflictDecision(None, ACTIVE, "one_off", metadata=beside)
    if current is None:
        return ConflictDecision(group, ACTIVE, "new")
    checked = {"terms_checked": terms_checked}
    for said in _restatable(members, current):
        if same_value(content, vector, said.content, vectors.get(said.id), cfg, **checked):
            return _restated(group, said, confidence, new_id)
    if confidence < cfg.low_confidence:
        return _candidate(group, "low confidence", cfg)
    waiting = [
        m
        for m in members
        if is_waiting(m)
        and confirms(content, vector, m, vectors.get(m.id), current, cfg, **checked)
    ]
    mentions = 1 + len(waiting)
    confirmed = mentions >= cfg.confirmations
    current = named or current
    if current.tier == Tier.LONG_TERM.value and not confirmed:
        return _awaiting(group, current, mentions, cfg)
    merged = _merge_waiting(waiting, new_id)
    extra: dict[str, Any] = {"mentions": mentions} if mentions > 1 else {}
    if named is not None:
        extra["names"] = named.id  # (retrieval keeps the newer value it left alone)
    if confirmed or confidence >= current.confidence + cfg.supersede_margin:
        why = "confirmed" if confirmed else "newer and clearly more confident"
        return _supersede(group, current, new_id, why, merged, extra, confirmed)
    if confidence >= cfg.coexist_ratio * current.confidence:
        return _coexist(group, current, new_id, merged, extra, cfg, at)
    return _candidate(group, f"less confident than current {current.id}", cfg)


def _restatable(members: Sequence[MemoryNode], current: MemoryNode) -> list[MemoryNode]:
    """The members a newcomer may restate: the current value (said last) and the newest
    settled member by writing when it is another one (the value a move back left: restated,
    it is the value again, ``said_again``). The same two whether ``members`` are the deciding
    ones or every member."""
    settled = [m for m in members if is_settled(m)]
    newest = max(settled, key=_age) if settled else None
    return [current] if newest is None or newest is current else [current, newest]


def _restated(group: str, current: MemoryNode, confidence: float, new_id: str) -> ConflictDecision:
    """The newcomer states the current value again: reinforce it, keep the newcomer archived
    as a restatement (for its source)."""
    mentions = int(current.metadata.get("mentions", 1)) + 1
    return ConflictDecision(
        group,
        ARCHIVED,
        "restated",
        metadata={"archived_reason": f"restates {current.id}", "restates": current.id},
        changes=(
            NodeChange(
                current.id,
                "reinforce",
                f"restated by {new_id}",
                {
                    "confidence": min(1.0, max(current.confidence, confidence) + 0.05),
                    "metadata": {"mentions": mentions},
                    "renew": True,
                },
            ),
        ),
    )


def _candidate(group: str, reason: str, cfg: EvolutionConfig) -> ConflictDecision:
    return ConflictDecision(
        group,
        CANDIDATE,
        "low_confidence",
        cfg.candidate_importance_factor,
        metadata={"candidate_reason": reason},
    )


def _awaiting(
    group: str, current: MemoryNode, mentions: int, cfg: EvolutionConfig
) -> ConflictDecision:
    """A challenger of a long-term value, kept active with less weight until confirmed."""
    return ConflictDecision(
        group,
        ACTIVE,
        "awaiting_confirmation",
        cfg.candidate_importance_factor,
        metadata={
            "awaiting": "confirmation",
            "challenges": current.id,
            "unconfirmed_reason": f"challenges long-term {current.id}; "
            f"{mentions}/{cfg.confirmations} mentions",
        },
    )


def _merge_waiting(waiting: Sequence[MemoryNode], new_id: str) -> tuple[NodeChange, ...]:
    """Earlier mentions of the same new value are archived into the newcomer."""
    return tuple(
        NodeChange(
            m.id,
            "merge",
            f"confirmed by {new_id}",
            {
                "status": ARCHIVED,
                "metadata": {"archived_reason": f"confirmed by {new_id}", "merged_into": new_id},
            },
        )
        for m in waiting
    )


def _supersede(
    group: str,
    current: MemoryNode,
    new_id: str,
    why: str,
    merged: tuple[NodeChange, ...],
    extra: dict[str, Any],
    confirmed: bool,
) -> ConflictDecision:
    change = NodeChange(
        current.id,
        "supersede",
        f"superseded by {new_id} ({why})",
        {
            "status": ARCHIVED,
            "tier": Tier.WORKING.value,
            "metadata": {
                "archived_reason": f"superseded by {new_id} ({why})",
                "superseded_by": new_id,
            },
        },
    )
    return ConflictDecision(
        group,
        ACTIVE,
        "supersede",
        changes=(change, *merged),
        metadata={**extra, "supersedes": current.id},
        tier=Tier.LONG_TERM.value if confirmed else None,
    )


def _coexist(
    group: str,
    current: MemoryNode,
    new_id: str,
    merged: tuple[NodeChange, ...],
    extra: dict[str, Any],
    cfg: EvolutionConfig,
    at: datetime,
) -> ConflictDecision:
    change = demotion(current, new_id, f"coexists with newer {new_id}", cfg, at)
    return ConflictDecision(
        group,
        ACTIVE,
        "coexist",
        changes=(change, *merged),
        metadata={**extra, "coexists_with": current.id},
    )


def demotion(
    node: MemoryNode, by: str, reason: str, cfg: EvolutionConfig, at: datetime
) -> NodeChange:
    """An older value that stays live beside the value that took its place (``by``, said
    ``at``): less weight, the working tier, and the marks maintenance settles the group by
    (settled ``settle_after_days`` after ``demoted_at``: a move back to a value first written
    months ago leaves the value it left its days, ``forgetting.settle_groups``)."""
    return NodeChange(
        node.id,
        "demote",
        reason,
        {
            "importance": node.importance * cfg.demote_factor,
            "tier": Tier.WORKING.value,
            "metadata": {"demoted_by": by, "demoted_at": to_iso(at)},
        },
    )


def said_again(
    node: MemoryNode,
    mention: NodeChange,
    current: MemoryNode | None,
    cfg: EvolutionConfig,
    at: datetime,
) -> tuple[NodeChange, ...]:
    """The changes of ``node``'s value said again ``at``: ``mention`` (the reinforcement a
    repeat or a restatement makes to ``node``) and, when ``node`` is a value another one
    replaced (it carries ``demoted_by``) and another member is the group's current value
    (``current``, read by :func:`~hybridmem.core.evolution_marks.current_of` before this
    mention), the move back:
    ``current`` is demoted by ``node`` as a coexisting older value is, and ``node`` loses its
    own demotion (the mark cleared, its importance multiplied back). Without it the move back
    was the current value only to readers that order by the last mention, while the value it
    left kept its weight and its place, and maintenance archived the move back as a value
    "not confirmed again" once the renewal that spared it (an access statistic, never
    logged) was gone from a replayed store. A member no value replaced (a value in its own
    right beside a change that named another member, ``named.py``) said again replaces
    nothing."""
    replaced = "demoted_by" in node.metadata
    if current is None or current.id == node.id or not node.conflict_group or not replaced:
        return (mention,)
    values = dict(mention.values)
    meta = dict(values.get("metadata", {}))
    meta["said_again_after"] = current.id
    meta["demoted_by"] = None  # cleared: a None metadata value removes the key (core.ops)
    meta["demoted_at"] = None
    if cfg.demote_factor > 0:
        gained = float(values.get("importance", node.importance)) - node.importance
        values["importance"] = min(1.0, node.importance / cfg.demote_factor + gained)
    values["metadata"] = meta
    back = replace(mention, values=values, reason=f"{mention.reason}; current again")
    why = f"{node.id} said again: its value is current again"
    return (back, demotion(current, node.id, why, cfg, at))
