"""Days said vaguely ("the other day", 前几天, 前两天) -> a window.

"The other day, what did I say about Mum?" asks about a day the speaker does not name: not
today or yesterday (those have their own words), and not as far back as last week (that has
its own words too). dateparser reads no such form, nor do the Chinese readers of
:mod:`~hybridmem.retrieval.timeexpr` (前天 is a day; 前几天 is not). The window is what
the words say, by the calendar, with no width chosen on any question set: the seven days of
the past week before yesterday, ``[today - 7, today - 1)``:

- English: "the other day" ("a few days ago" and "a couple of days ago" say a count, three and
  two by the dictionary, and :mod:`~hybridmem.retrieval.spoken_en` reads them so);
- Chinese: 前几天, 前两天 (said of a couple of days as vaguely as 前几天), 前些天, 前些日子
  only as a word of its own (前几天 inside 提前几天, "a few days early", is not a day).

Only the forms above are read: "the other one" is no day, 提前几天 ("a few days early") none.
"""

from __future__ import annotations

import re
from datetime import datetime, time, timedelta

from hybridmem import lexical

_EN = re.compile(r"\bthe\s+other\s+day\b", re.IGNORECASE)
_ZH = re.compile(r"前(?:几|两|些)(?:天|日子)")
_WEEK = 7
"""The calendar's week: a day further back than a week is "last week" or "a week ago"."""


def vague_window(query: str, now: datetime) -> tuple[str, datetime, datetime] | None:
    """The first vague day ``query`` names, as ``(text, start, end)`` in ``now``'s zone."""
    found = [m for m in (_EN.search(query), _zh(query)) if m is not None]
    if not found:
        return None
    match = min(found, key=lambda m: m.start())
    today = datetime.combine(now.date(), time(), tzinfo=now.tzinfo)
    return match.group(0), today - timedelta(days=_WEEK), today - timedelta(days=1)


def _zh(query: str) -> re.Match[str] | None:
    """The first Chinese vague day that begins a word of its own (not 提前几天)."""
    for m in _ZH.finditer(query):
        if m.start() in lexical.word_starts(query):
            return m
    return None
