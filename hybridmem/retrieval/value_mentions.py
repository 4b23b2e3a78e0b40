"""A later statement that names an older one's value and no value of its own (issue 38).

"I play darts for the Red Lion on Wednesdays", then "The Red Lion changed landlord, the
beer's gone up": the two share a naming word, and the pair model reads them as one attribute,
so the query-time newer-first rule (:mod:`hybridmem.retrieval.newer_values`) put the remark
above the value. The word they share is the older statement's value (the pub), and what the
newer one says beyond it (a landlord, the beer) names no value: it says something of the
thing, not another value of the user's attribute. A newer value that names the older one
names its own beside it ("Got myself a Tesla Model 3, the Focus went to my nephew", 周四晚上
做一周的便当，周日要去菜园); a word shared as the attribute's name ("code", 基金) leaves the
reading to the pair model, as before.

Values are read as the pair model reads them (:func:`~hybridmem.evolution.slots.pairs.words`:
digits, a capital inside an English sentence; in Chinese names, places, times, numbers and
brands by part of speech): no new word list and no constant.
"""

from __future__ import annotations

from hybridmem.evolution.slots.naming import naming_words
from hybridmem.evolution.slots.pairs import language, words


def shared_naming(newer: str, older: str) -> frozenset[str]:
    """The naming words the two statements share (:func:`~hybridmem.evolution.slots.naming
    .naming_words`); in Chinese also a word inside the other's (健身 / 健身房), as
    :func:`~hybridmem.evolution.slots.naming.one_attribute` reads them."""
    a, b = naming_words(newer), naming_words(older)
    shared = set(a & b)
    if language(newer) == "zh" and language(older) == "zh":
        shared.update(
            w
            for x in a
            for y in b
            if len(x) > 1 and len(y) > 1 and (x in y or y in x)
            for w in (x, y)
        )
    return frozenset(shared)


def only_mentions(newer: str, older: str) -> bool:
    """Whether ``newer`` names a value of ``older`` (a shared naming word the older statement
    gives as a value) and no value beyond the words they share: a remark about the older
    value's thing ("The Red Lion changed landlord", 凯美瑞的新款出来了), or the value said
    again, so no newer value of the attribute."""
    shared = shared_naming(newer, older)
    if not shared & {w for w, value in words(older) if value}:
        return False
    return not any(value and w not in shared for w, value in words(newer))
