"""Deterministic slot inference: which attribute of the user a statement is about.

A slot (``user.residence``, ``pref.coffee``...) names a conflict group's subject/attribute, so
"I moved to the west of town" and "I work in the east of town" are recognised as two values of
one thing even when their embeddings are not close. The lexicon is deliberately small and
conservative (a wrong slot would make one fact overturn an unrelated one); callers with better
knowledge pass ``slot=`` explicitly, and similarity catches near-paraphrases.
"""

from __future__ import annotations

import re

# (slot, pattern) in priority order; the first match wins. Patterns look for the attribute's
# wording, not for particular values, so any city, roast or job is recognised.
_RULES: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "user.workplace",
        re.compile(
            r"\b(?:i|we)\s+(?:now\s+)?work\s+(?:in|at|near|on)\b|\bmy\s+(?:office|workplace)\b"
            r"|(?:在|到)\S{0,8}(?:上班|工作)|公司在|办公室在",
            re.I,
        ),
    ),
    (
        "user.job",
        re.compile(
            r"\bi(?:'m| am)\s+(?:a|an)\s+\w*\s*(?:designer|engineer|teacher|doctor|nurse|"
            r"developer|analyst|programmer|writer|lawyer|accountant|manager)\b"
            r"|\bi\s+work\s+as\b|\bmy\s+(?:job|profession|occupation)\b"
            r"|我(?:是|是一名|是一个|做)\S{0,6}(?:设计师|工程师|老师|医生|护士|程序员|分析师|律师|会计|经理)"
            r"|我的(?:职业|工作)是",
            re.I,
        ),
    ),
    (
        "user.residence",
        re.compile(
            r"\bi\s+(?:now\s+)?live\s+(?:in|at|near|on)\b|\bi(?:'ve| have)?\s+moved\s+to\b"
            r"|\bmy\s+(?:home|flat|apartment)\s+is\b|我(?:现在|目前)?住在|(?:现在|目前)住在"
            r"|我(?:已经)?搬到|我家在|搬家到",
            re.I,
        ),
    ),
    (
        "pref.coffee",
        re.compile(r"\broast\b|\bespresso\b|\bpour[- ]over\b|烘焙|手冲|咖啡", re.I),
    ),
    ("pref.tea", re.compile(r"\btea\b|喝茶|茶叶", re.I)),
)


def infer_slot(text: str) -> str | None:
    """The slot ``text`` states a value of, or None when the lexicon does not know it."""
    for slot, pattern in _RULES:
        if pattern.search(text):
            return slot
    return None


def known_slots() -> tuple[str, ...]:
    """Slots the lexicon can infer."""
    return tuple(slot for slot, _ in _RULES)
