"""A change said without its new value ("搬完了！", "Finally done with the move.") after the
change that named it.

The slot reader files such a statement under the attribute (the verb is the residence rule's),
and said last it became the group's current value: "where do I live now?" was answered by a
line naming no place, while the statement that named the new home (决定搬家了，在宝安找了个
一室户) was pushed behind it (issue 38, probing_blind2 y12). A statement naming no value adds
nothing to a current value that itself replaced an earlier one: it is kept as a mention of
that value. Against a value never changed ("I live in Nanshan", then "我搬家了") it is still
the change it says, and ends the old value as before (the slot is what tells the engine the
old home is no longer current). "Names no value" is read from the pair reader's value words
(:func:`hybridmem.evolution.slots.pairs.words`), not from a list of completion verbs; a time
is left out (in Chinese, jieba's time class): it says when, not what
("室友说她下个月要回老家了" names no home, and "找到房子了！" after it is the change,
probing_blind7 s1).
"""

from __future__ import annotations

import re

from hybridmem import lexical
from hybridmem.evolution.slots import pairs
from hybridmem.models import MemoryNode

# Marks the write path leaves on a member that replaced an earlier value of its group.
_REPLACED = ("coexists_with", "supersedes")
_CJK = re.compile(r"[\u3400-\u9fff]")
_TIME = "t"  # jieba's part of speech of a time word (今天, 下个月)


def names_value(text: str) -> bool:
    """Whether ``text`` holds a value word (a name, a place, a number: the pair reader's
    values) other than a time."""
    if _CJK.search(text):
        return any(
            flag != _TIME and (flag in pairs.ZH_VALUE_FLAGS or any(c.isdigit() for c in word))
            for word, flag in lexical.pos_tags(text)
        )
    return any(value for _, value in pairs.words(text))


def completed_change(content: str, current: MemoryNode) -> bool:
    """Whether the newcomer ``content`` names no value and ``current`` is a named value that
    replaced an earlier one: the newcomer then restates ``current`` rather than replacing it."""
    if names_value(content) or not names_value(current.content):
        return False
    return any(current.metadata.get(mark) for mark in _REPLACED)
