"""A condition, and a tentative plan said under one: grammar, closed classes only.

A conditional conjunction (if, unless, 如果, 要是, the clause-final 的话 ...) marks the clause it
heads as supposed, not stated. The rules of :mod:`~hybridmem.evolution.speech.rules` read a
condition as a supposition only when it is on the speaker's own life ("if I moved to
Chengdu"); a condition on anything else ("if the price is right", 价格合适的话) with a plain
consequent is often a standing rule ("if it rains I take the bus": a habit).

A consequent said with a modal of possibility is not a habit: "might sign up for cello lessons
if the price is right", 价格合适的话可能去报个大提琴班 entertain a plan that is not (yet) true,
a HYPOTHETICAL by the label definitions ("tentative plans", :mod:`.labels`). The modals are the
closed class of epistemic possibility (might, may, could, would, probably, maybe, perhaps;
可能, 也许, 大概, 说不定, 或许, 兴许); "can" (an ability) and "will" (a plan held) are not in it.
A concessive ("even if", 即使, 就算) states what holds whatever happens ("I'd never move even
if they paid me"), so it is no condition here.
"""

from __future__ import annotations

import re

CONDITION = re.compile(
    r"\b(?:if|unless|suppose|supposing|assuming|in case|were (?:i|we) to)\b"
    r"|如果|要是|假如|假设|假使|倘若|若是|万一|除非|的话",
    re.IGNORECASE,
)
"""The conditional conjunctions and the clause-final 的话 (a closed class of grammar)."""

# Lower-case "may" only: the month is written "May" (the text is read before lower-casing).
_POSSIBILITY = re.compile(
    r"\b(?:[Mm]ight|[Cc]ould|[Ww]ould|[Pp]robably|[Mm]aybe|[Pp]erhaps|may)\b|\b[A-Za-z]+['’]d\b"
    r"|可能|也许|大概|说不定|或许|兴许"
)
# "I'd rather / I'd prefer" names a taste, not a possibility.
_TASTE = re.compile(r"(?:\bwould|['’]d) (?:rather|sooner|prefer)\b", re.IGNORECASE)


_CONCESSIVE = re.compile(r"\beven\s+$", re.IGNORECASE)


def tentative_under_condition(text: str) -> bool:
    """Whether ``text`` (as written, before lower-casing) holds a condition that is no
    concessive and a modal of possibility: a plan entertained under a condition, not a fact
    or a habit."""
    conditional = any(not _CONCESSIVE.search(text[: m.start()]) for m in CONDITION.finditer(text))
    return conditional and not _TASTE.search(text) and _POSSIBILITY.search(text) is not None
