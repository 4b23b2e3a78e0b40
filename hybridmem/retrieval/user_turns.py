"""A user's own turn states a value as a fact does: the newer-value reading reads it too.

A conversation keeps each message as a turn (an event), and the writer files a fact only
from the statements it reads as one. A change is often said in a turn the writer files no
fact from ("车定了，最后还是买了比亚迪秦", "日语班报了！", "Callum gave me his old Corsa …
so I drive to work now"), while the older value's turn, closer in words to the question,
ranks first ("在纠结换车的事…想换个电车", "I cycle, it's about twenty minutes along the
canal"). :mod:`~hybridmem.retrieval.newer_values` asked only facts and preferences, so such
a turn never yielded (issue 38: of the probing sets' hit@5 misses, five were an older value
or option ranked above the newest, and in each the two were turns).

Only the user's turns: the companion's are questions and replies, not the user's values.
The speaker label (``user: ``) is left out of the words the reading compares: every turn
has it, so it would name one thing for any two.
"""

from __future__ import annotations

from hybridmem.models import Hit, MemoryNode

USER = "user"
"""The speaker a conversation turn of the user's own carries (``metadata["speaker"]``, or the
raw message's ``role``)."""


def user_turn(node: MemoryNode) -> bool:
    """Whether ``node`` is an active conversation turn the user said."""
    who = node.metadata.get("speaker", node.metadata.get("role"))
    return node.node_type == "event" and node.status == "active" and who == USER


def said(node: MemoryNode) -> str:
    """What ``node`` states: a user's turn without its speaker label, else its content."""
    label = f"{USER}: "
    if user_turn(node) and node.content.startswith(label):
        return node.content[len(label) :]
    return node.content


def both_worded(old: Hit, new: Hit) -> bool:
    """Whether two hits, one of them a user's turn, name one thing the question names: both
    match the question's words (a lexical share) and they share a naming word
    (:func:`~hybridmem.retrieval.newer_values.one_attribute`)."""
    from hybridmem.retrieval.newer_values import one_attribute

    lexical = (h.breakdown.features.get("lexical", 0.0) for h in (old, new))
    return all(v > 0 for v in lexical) and one_attribute(said(new.node), said(old.node))
