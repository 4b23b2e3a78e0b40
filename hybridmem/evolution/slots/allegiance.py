"""Following or supporting a side is an allegiance, never a job or a workplace.

"I've supported Ipswich Town since I was a kid." was left to the slot model, which filed it as
the user's workplace (a football club one follows; issue 38, the eleventh first-day set), and
"I'm a massive Spurs supporter" is a job by the occupation rule's form (-er); 我是曼联球迷 the
model filed as the job. No attribute slot holds a side one follows, so the phrase is dropped
before the rules read the statement and, when it is all the statement says, the statement is
settled with no slot (the slot model is not asked). By grammar only, no list of teams:

- **English**: support / follow / back / root for / cheer on with a proper noun as the object
  ("I support Arsenal", "I've followed the Lakers all my life"): a named side; "I support my
  family" (no name) is not read. The agent nouns of those verbs, fan / supporter / follower,
  with a proper noun before them or after "of" ("a Liverpool fan", "a supporter of the
  Greens"), the phrase to the end of its clause.
- **Chinese**: 支持 + a proper noun (jieba: a place, an organisation, a name or a Latin
  word: 我支持曼联, 从小就支持广州恒大); 是 + a noun phrase headed by 迷 or 粉丝, the nouns of
  following, ending its clause (我是曼联球迷, 我是皇马的铁杆粉丝).
"""

from __future__ import annotations

import re
from collections.abc import Callable

Tagger = Callable[[str], list[tuple[str, str]]]

_CJK = re.compile(r"[\u3400-\u9fff]")
# To the end of the clause: punctuation or a conjunction ("I support Arsenal and work at Tesco").
_TO_CLAUSE_END = r"(?:(?!\s(?:and|but|so|while|because|though)\s)[^,;.!?])*"
_PROPER = r"(?:the\s+)?[A-Z][\w'’-]*(?![\w'’-])"
_FOLLOWS_EN = re.compile(
    r"\b(?:support(?:s|ed|ing)?|follow(?:s|ed|ing)?|back(?:s|ed|ing)?|root(?:s|ed|ing)? for"
    r"|cheer(?:s|ed|ing)? on)\s+"
    + _PROPER
    # "I followed Tom to Leeds" is a move: a motion after the name is no following.
    + r"(?!(?:\s+[A-Z][\w'’-]*)*\s+(?:to|into|out|from|over|around|back|home)\b)"
    + _TO_CLAUSE_END
)
_FOLLOWER_EN = re.compile(
    r"\b(?:a|an|the)\s+(?:[\w-]+\s+){0,2}?[A-Z][\w'’-]*\s+(?:[\w-]+\s+)?"
    r"(?:fan|supporter|follower)s?\b"
    + _TO_CLAUSE_END
    + r"|\b(?:fan|supporter|follower)s?\s+of\s+"
    + _PROPER
    + _TO_CLAUSE_END
)
_FOLLOWER_ZH = re.compile(r"是[^，,。；;！!？?]{0,10}?(?:迷|粉丝)(?=$|[，,。；;！!？?])")
_PROPER_FLAGS_ZH = ("ns", "nt", "nz", "nr", "nrt", "eng", "j")
_SUPPORT_ZH = "支持"
_CLAUSE_END_ZH = frozenset("，,。；;！!？?")


def allegiance_removed(text: str, tag: Tagger) -> str:
    """``text`` without the phrases that state a side followed (module docstring)."""
    if not _CJK.search(text):
        return _FOLLOWER_EN.sub("", _FOLLOWS_EN.sub("", text))
    text = _FOLLOWER_ZH.sub("", text)
    if _SUPPORT_ZH not in text:
        return text
    tokens = tag(text)
    out: list[str] = []
    skipping = False
    for i, (word, _) in enumerate(tokens):
        if word in _CLAUSE_END_ZH:
            skipping = False
        nxt = tokens[i + 1][1] if i + 1 < len(tokens) else "x"
        if word == _SUPPORT_ZH and nxt in _PROPER_FLAGS_ZH:
            skipping = True  # from 支持 to the end of its clause
        if not skipping:
            out.append(word)
    return "".join(out)
