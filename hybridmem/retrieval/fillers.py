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
and the question's "now" finds it. A question left with no other word keeps its own form.
"""

from __future__ import annotations

import re

from hybridmem.lexical import terms

_FILLER = re.compile(
    r"\b(?i:again|remind\s+me|these\s+days|nowadays|lately)\b|最近|这些天|这阵子|这段时间"
)


def topic_words(query: str) -> str:
    """``query`` without its reminder and present-time words (see the module docstring), for
    the lexical match; ``query`` itself when nothing else would be left."""
    rest = _FILLER.sub(" ", query)
    return rest if rest != query and terms(rest) else query
