"""The words that say how a question is asked, not what it asks about, left out of its match.

People ask to be reminded ("where do I work again?", "remind me, what's my dog called?") and
place a question in the present ("what do I do for exercise these days?", 我最近在做什么运动？).
Those words name no topic, but the lexical channel matched them as any other: "again" found
"can't sleep again" and "Will you go again?", "these days" found "what a day" and "I sleep
till 2pm most days", and each took a first place from the answer ("I fix bikes for a living",
"I work in marketing at a shoe company", "climbing twice a week instead", "I'm doing iced
matcha now"), which shares only the topic word or none (issue 38, probing12: four of the
fourteen hit@5 misses of the probing dev, blind, blind2 and blind4 sets).

So the lexical match reads the question without them; its vector is the whole question (the
embedder reads the phrasing as a whole). The words are a closed class, the reminder and the
present-time adverbials of both languages: "again", "remind me", "these days", "nowadays",
"lately"; 最近, 这些天, 这阵子, 这段时间 (来着 is a stop word already). "now" and 现在 are not
among them: a changed value is often said with them ("I drive to work now", 现在改喝燕麦牛奶了),
and the question's "now" finds it.

A Chinese question places what it asks about in the talk with the companion: 我跟你说过我的店开在
哪？, 上周我跟你说我妈什么了？, 我跟你提过小刘什么事. The coverb of that frame (跟, 和, 向: a
preposition whose object is the addressee, 你 or 您) names no topic either, yet 跟 was a term
and found 跟房东谈下来了, first, for the question about the shop (probing blind11 s11). 给, 对
and 和 are stop words already; 跟 is not, since a statement about someone may share only the 跟
of 我跟小雯 with a question about them (docs/benchmarks.md, helper firstday13). So only a coverb
whose object is the addressee is left out, read by jieba's tag in context (p), not from a list.

A question left with no other word keeps its own form.
"""

from __future__ import annotations

import re

from hybridmem.lexical import pos_tags, terms

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_ADDRESSEE = frozenset(["你", "您", "你们"])
"""The second-person pronouns: the companion, whom the user is talking to."""

_FILLER = re.compile(
    r"\b(?i:again|remind\s+me|these\s+days|nowadays|lately)\b|最近|这些天|这阵子|这段时间"
)


def topic_words(query: str) -> str:
    """``query`` without its reminder and present-time words and its coverbs of the addressee
    (see the module docstring), for the lexical match; ``query`` itself when nothing else would
    be left."""
    rest = _FILLER.sub(" ", query)
    if _CJK.search(rest):
        rest = _without_addressee_coverbs(rest)
    return rest if rest != query and terms(rest) else query


def _without_addressee_coverbs(text: str) -> str:
    """``text`` with every coverb whose object is the addressee (跟你, 和您, 向你: a word jieba
    tags p in context, followed by the second-person pronoun) replaced by a space."""
    tagged = pos_tags(text)
    out: list[str] = []
    for k, (word, flag) in enumerate(tagged):
        after = tagged[k + 1][0] if k + 1 < len(tagged) else ""
        out.append(" " if flag == "p" and after in _ADDRESSEE else word)
    return "".join(out)
