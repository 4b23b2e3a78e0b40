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
if they paid me"), "if" after a verb of asking or knowing is "whether" ("asked if I'd step up")
and "just in case" is a precaution: none is a condition here. The condition and the modal must
share a sentence.
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


# What a conjunction of condition follows when it heads no condition: a concessive ("even if"),
# a yes/no question embedded under a verb of asking or knowing ("asked if I'd step up",
# "not sure if": "if" is "whether"), a precaution said after the fact ("just in case").
_NO_CONDITION_BEFORE = re.compile(
    r"\b(?:even|just|ask|asks|asked|asking|wonder|wonders|wondered|wondering|know|knows|knew"
    r"|see|saw|check|checks|checked|checking|sure|unsure|tell|told|whether)\s+$",
    re.IGNORECASE,
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+|[。！？!?]+")


def tentative_under_condition(text: str) -> bool:
    """Whether a sentence of ``text`` (as written, before lower-casing) holds a condition and
    a modal of possibility: a plan entertained under a condition, not a fact or a habit."""
    return any(_tentative_sentence(s) for s in _SENTENCE.split(text) if s.strip())


def _tentative_sentence(sentence: str) -> bool:
    conditional = any(
        not _NO_CONDITION_BEFORE.search(sentence[: m.start()]) for m in CONDITION.finditer(sentence)
    )
    return conditional and not _TASTE.search(sentence) and _POSSIBILITY.search(sentence) is not None
