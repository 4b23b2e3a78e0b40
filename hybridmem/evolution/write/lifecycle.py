"""Lifecycle, tier and status of a memory at write time.

The rules, in order (the first that applies decides the lifecycle):

1. an explicit ``lifecycle=`` argument;
2. scratch values (order/tracking numbers, verification and pick-up codes) are ``transient``;
3. the node type: preferences, profiles, summaries, facts and the root are ``long_term``;
   tasks, states, sessions, events and decisions are ``short_term``;
4. a non-assertion (question, hypothetical, momentary emotion) is at most ``short_term``.

New memories start in the ``working`` tier (profiles and the root start ``long_term``;
``tier="buffer"`` marks raw rebuildable material) and are promoted by maintenance.
"""

from __future__ import annotations

import re

from hybridmem.config.evolution import Lifecycle, Tier
from hybridmem.validation import check_lifecycle, check_tier

__all__ = ["check_lifecycle", "check_tier"]

_LONG_TYPES = frozenset({"root", "preference", "profile", "summary", "fact"})
_STRUCTURAL_TYPES = frozenset({"root", "task", "state", "session"})

# Scratch values the seed calls out: "一个临时订单号，可能几分钟后就该被遗忘".
_SCRATCH = re.compile(
    r"\b(?:order|tracking|confirmation|booking|ticket|reference)\s*(?:number|no\.?|#|id|code)"
    r"|\b(?:verification|one[- ]time|otp|pick[- ]?up|pickup|access|door)\s*code"
    r"|订单号|单号|快递号|运单号|验证码|取件码|取餐号|取餐码|排队号|预约号|确认码",
    re.I,
)


def is_scratch(content: str) -> bool:
    """True for content that carries a scratch value (order number, code...)."""
    return _SCRATCH.search(content) is not None


def is_structural(node_type: str) -> bool:
    """Structural nodes (root, task, state, session) are not speech: never filtered."""
    return node_type in _STRUCTURAL_TYPES


def assign_lifecycle(
    node_type: str, content: str, *, explicit: str | None, assertive: bool | None
) -> str:
    """The lifecycle class of a new memory (rules in the module docstring)."""
    if explicit is not None:
        return check_lifecycle(explicit)
    if not is_structural(node_type) and is_scratch(content):
        return Lifecycle.TRANSIENT.value
    chosen = Lifecycle.LONG_TERM if node_type in _LONG_TYPES else Lifecycle.SHORT_TERM
    if assertive is False and chosen is Lifecycle.LONG_TERM:
        chosen = Lifecycle.SHORT_TERM
    return chosen.value


def assign_tier(node_type: str, *, explicit: str | None) -> str:
    """The starting tier: explicit, else long-term for the root and profiles, else working."""
    if explicit is not None:
        return check_tier(explicit)
    if node_type in {"root", "profile"}:
        return Tier.LONG_TERM.value
    return Tier.WORKING.value
