"""Which of a group's live values a change names, when it is not the newest one.

A conflict group may hold more than one live value (an older one demoted by a newer one that
coexists with it, or a statement that joined the group by its slot without replacing its
value: "I cycle to the office" next to "I drive a Skoda"). The group policy acts on the
group's current (newest) value. A change that names an older value explicitly ("I sold the
Skoda, now I drive a Tesla" / "思域卖掉了，我现在开比亚迪汉") changes that value, not the newest:
replacing the newest would bury a value the statement never spoke of.

A statement names a member when it shares a word with that member and with no other live
member; it changes that member when, after the last such word, it says something no member
says (the new value follows the one it leaves). A statement whose naming word comes last
("I moved back to Berlin", "我又搬回苏州了"), or that says a value holds again, returns to that
value: it is a change of the current value, as before. A statement naming no member, or more
than one, changes the current value, as before.
"""

from __future__ import annotations

from collections.abc import Sequence

from hybridmem import lexical
from hybridmem.evolution.slots import pairs
from hybridmem.evolution.write.conflicts import is_cjk_term, is_value_char, is_value_word
from hybridmem.models import MemoryNode

NAMED_POOL = 8
"""How many of a group's newest live values a change may name (a group's live values are few:
the others are archived once maintenance settles it)."""


def words(text: str) -> list[str]:
    """The content words of ``text`` in order: Latin terms without attitude and time words,
    Chinese as the pairs of adjacent characters of each segmented word (a name is two
    characters or more; a single character matches too much), pairs with a function character
    left out. Everyday words (``pairs.is_everyday``, learnt from the labelled chat lines) name
    no value: "We just moved to Cardiff" shares "moved" with "I moved to Bristol last month"
    and was read as a change of Bristol's value, not of the current one."""
    out: list[str] = []
    for term in lexical.terms(text):
        if not is_cjk_term(term):
            if is_value_word(term) and len(term) > 1 and not pairs.is_everyday(term):
                out.append(term)
            continue
        out.extend(
            term[k : k + 2]
            for k in range(len(term) - 1)
            if all(is_value_char(c) for c in term[k : k + 2])
            and not pairs.is_everyday(term[k : k + 2])
        )
    return out


def named_member(
    content: str, current: MemoryNode, live: Sequence[MemoryNode]
) -> MemoryNode | None:
    """The live member other than ``current`` that ``content`` changes by naming it, else None
    (the change is the current value's, as it always was). A move back (``pairs.says_again``)
    names the value it returns to, often the one it leaves too ("Persil again, Ecover didn't
    shift the stains"): it changes the current value, never the one it names."""
    if pairs.says_again(content):
        return None
    said = words(content)
    theirs = {m.id: set(words(m.content)) for m in live}
    if current.id not in theirs:
        theirs[current.id] = set(words(current.content))
    owners: dict[str, str] = {}
    last = -1
    for k, w in enumerate(said):
        holders = [i for i, ws in theirs.items() if w in ws]
        if len(holders) == 1:
            owners[w] = holders[0]
            last = k
    if len(set(owners.values())) != 1:
        return None
    (named_id,) = set(owners.values())
    if named_id == current.id:
        return None
    known = set().union(*theirs.values())
    if not any(w not in known for w in said[last + 1 :]):
        return None
    return next(m for m in live if m.id == named_id)
