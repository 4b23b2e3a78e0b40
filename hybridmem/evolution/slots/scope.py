"""Which part of a statement states a value: what slot inference reads (issue 38, slot misreads).

The structural rules (:mod:`~hybridmem.evolution.slots.rules`) read category words anywhere in
a statement, so a word that only sets the scene, or names another attribute, filed the
statement under the user's residence with confidence, and it then stood as the newest home:

- **a subordinate clause** is background, not what is asserted: "I follow Celtic since I moved
  north", "搬到上海后我开始支持申花" state a football team. A clause that opens with a
  subordinator (since, after, before, when, until, because) is left out: after the main clause
  to the next punctuation, or at the start up to its comma; a Chinese clause closed by
  后 / 以后 / 之后 / 以前 / 之前 / 的时候 before a comma or the speaker (我) the same way. Without
  a comma an English clause at the start has no visible end and is kept;
- **a hometown stated as such** (老家 as the subject of 在 / 是: "我老家在湖南衡阳", "老家是东北的")
  gives where one is from, an attribute with no slot, not where one lives. Going back to it
  ("我回老家长沙了，不打算再出去了") is still a move;
- **rent as a noun** (the money: "I pay rent on the 28th", "Rent is due…", 房租, 租金) is a
  payment, not a tenancy ("I'm renting a flat in Glasgow", 租了个房子);
- **an agent's note** ("User's sister relocated to Dublin", "用户的哥哥住在西安") speaks of the
  user in the third person: "the user's sister" is someone else exactly as "my sister" is
  (:func:`as_speaker` reads it as the user's own words for the subject test; it only ever
  takes a statement away from the user, never gives one).

Closed grammatical classes (subordinators, the words for "the user"), two nouns named above
(老家, rent / 房租 / 租金) and no values: no constant fitted to examples.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from hybridmem import lexical
from hybridmem.evolution.slots.predicates import Rule, Tagger, predicate_only

_SUBORDINATORS_EN = r"(?:ever\s+)?(?:since|after|before|when|until|because)"
# After the main clause: from the subordinator to the next clause punctuation.
_TRAILING_CLAUSE_EN = re.compile(r"[,\s]+" + _SUBORDINATORS_EN + r"\b[^,;.!?]*", re.I)
# At the start: up to the comma that closes it (without one its end is not visible).
_LEADING_CLAUSE_EN = re.compile(r"^\s*" + _SUBORDINATORS_EN + r"\b[^,;.!?]*,\s*", re.I)
# A Chinese clause closed by a time localizer, before a comma or the speaker: 搬到上海后我…
_LEADING_CLAUSE_ZH = re.compile(
    r"^[^，,。；;！!？?]{1,16}?(?:以后|之后|后|以前|之前|的时候)(?:[，,]|(?=我))"
)
# 老家 as the subject of 在/是, to the end of its clause: where one is from.
_HOMETOWN_ZH = re.compile(r"(?:我的?|我们的?)?老家(?:就|也|还)?(?:在|是)[^，,。；;！!？?]*")
# "rent" as a noun: after a possessive, an article or a paying verb, or before a verb or a
# noun it modifies.
_RENT_NOUN_EN = re.compile(
    r"\b(?:my|our|the|his|her|their|pay|pays|paid|paying)\s+rent\b(?!ed|ing|al)"
    r"|\brent\s+(?=(?:is|was|goes|went|gets|got|day|money|payment|increase)\b)",
    re.I,
)
_RENT_NOUN_ZH = re.compile(r"房租|租金")
_AGENT_NOTE_EN = re.compile(r"^\s*(?:the\s+)?user(?:'s|s')(?=\s)", re.I)
_AGENT_NOTE_ZH = re.compile(r"^\s*用户")


def as_speaker(text: str) -> str:
    """An agent's note about "the user's ..." read in the user's own words ("my ...")."""
    note = _AGENT_NOTE_EN.match(text)
    if note is not None:
        return "my" + text[note.end() :]
    return _AGENT_NOTE_ZH.sub("我", text, count=1)


def stating_part(text: str, rules: Sequence[Rule] = (), tag: Tagger = lexical.pos_tags) -> str:
    """``text`` without the parts that state no value of the speaker's (module docstring);
    with the slot ``rules``, also without the category words outside their own predicate
    (:mod:`~hybridmem.evolution.slots.predicates`)."""
    out = predicate_only(text, rules, tag) if rules else text
    out = _LEADING_CLAUSE_EN.sub("", out)
    out = _TRAILING_CLAUSE_EN.sub("", out)
    out = _LEADING_CLAUSE_ZH.sub("", out)
    out = _HOMETOWN_ZH.sub("", out)
    out = _RENT_NOUN_EN.sub(lambda m: m.group(0).lower().replace("rent", ""), out)
    return _RENT_NOUN_ZH.sub("", out)
