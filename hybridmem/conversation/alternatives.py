"""An option offered in a turn of its own: the alternative to something weighed before.

People gather options over days, one a turn: "we looked round Little Acorns on friday", a
week later "turns out Sunbeams round the corner has spaces too"; 在看王老师, then 也有人推荐李
老师. Neither turn joins two options (no "or", no 还是: :func:`hybridmem.conversation.decisions.
weighed` reads nothing), so "signed Maya up at Sunbeams" settled no deliberation and the
options kept answering "which nursery does Maya go to?" (issue 38, decide17's "options across
two turns", 4 of 17 on decisions_blind3; decisions_blind4).

What makes the later turn an option is its additive or contrastive focus: "too", "as well"
and "though" closing a clause, 也: the thing it names is offered beside another
(:func:`offered`). A clause whose subject is the speaker ("and now I need a flatmate too",
我也想去) adds the speaker's own act to another, and a negated one ("no raise yet though")
offers nothing. A decision naming the thing offered
(:func:`~hybridmem.conversation.options.named`, a shared naming word:
:func:`~hybridmem.evolution.slots.naming.one_attribute`) settles that turn, as it settles a
turn that joins options. Closed classes only (the focus particles, the first-person
pronouns); no constant.
"""

from __future__ import annotations

import re

from hybridmem import lexical
from hybridmem.conversation.options import named
from hybridmem.evolution.slots.naming import one_attribute

_CJK = re.compile(r"[\u4e00-\u9fff]")
_EN_WORD = re.compile(r"'[a-z]+|[a-z0-9]+")
# Focus particles closing the clause ("too expensive" is a degree, "though it rained" a
# concession); not "also", which mostly adds to the speaker's own act with its subject left
# out ("also need a nursery for Maya").
_EN_CLOSING = frozenset({"too", "though"})
_EN_SPEAKER = frozenset({"i", "we", "my", "our"})
# Conjunctions and sentence adverbs before a clause's subject ("and now I need a flatmate too").
_EN_OPENING = frozenset({"and", "but", "so", "now", "then", "oh", "well", "plus"})
_ZH_ADDITIVE = "也"
_ZH_SPEAKER = frozenset({"我", "我们", "咱", "咱们"})


def _en_offers(clause: str) -> bool:
    words = _EN_WORD.findall(clause.lower())
    subject = next((w for w in words if w not in _EN_OPENING), None)
    if subject is None or subject in _EN_SPEAKER:
        return False
    return words[-1] in _EN_CLOSING or words[-2:] == ["as", "well"]


def _zh_offers(clause: str) -> bool:
    tags = lexical.pos_tags(clause)
    at = next((i for i, (w, f) in enumerate(tags) if w == _ZH_ADDITIVE and f == "d"), None)
    return at is not None and not any(w in _ZH_SPEAKER for w, _ in tags[:at])


def offered(text: str) -> list[str]:
    """The clauses of ``text`` that offer a thing beside another (see the module docstring)."""
    return [
        clause
        for clause in lexical.clause_pieces(text)
        if (_zh_offers(clause) if _CJK.search(clause) else _en_offers(clause))
    ]


def names_offered(sentence: str, clause: str) -> bool:
    """Whether the decision ``sentence`` names, as what it acted on (its verb's object or a
    prepositional complement; not its subject: "Xiaowen took two hundred photos" is hers), the
    thing ``clause`` offers."""
    return any(one_attribute(phrase, clause) for phrase in named(sentence, subjects=False))
