"""Weekends named in a query ("last weekend", "this weekend", "上周末") -> a window.

dateparser reads none of the English forms, and the Chinese periods of
:mod:`~hybridmem.retrieval.timeexpr` read "上周末" as the whole of last week. A weekend is
Saturday 00:00 to Monday 00:00 in the store's zone; weeks begin on Monday (ISO, and how 上周
counts), so:

- "last weekend", "the past weekend", 上周末, 上个周末: the weekend of the previous week
  (asked on Wednesday 10 May or on Sunday 14 May: 6-7 May);
- "this weekend", 这周末, 本周末: this week's (none before it begins: a plan, not a memory);
- "the weekend before last", 上上周末: two weeks back.

A bare 周末 or "on weekends" is a habit ("我周末一般做什么"), and "the weekend" or "over the
weekend" as often a plan as a memory ("I'm hiking over the weekend"; one MADial dialogue): no
window. A future weekend names no stored memory: :func:`~hybridmem.retrieval.timeexpr.find_window`
drops windows that start after now.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta

_EN = re.compile(
    r"\b(?:(?P<two>(?:the\s+)?weekend\s+before\s+last)|"
    r"(?P<last>(?:last|past|previous)\s+weekend)|"
    r"(?P<this>this\s+weekend))\b",
    re.IGNORECASE,
)
_ZH = re.compile(r"(?P<two>上上个?周末)|(?P<last>上个?周末)|(?P<this>这个?周末|本周末)")


def weekend_window(query: str, now: datetime) -> tuple[str, datetime, datetime] | None:
    """The first weekend ``query`` names, as ``(text, start, end)`` in ``now``'s zone."""
    found = [m for m in (_ZH.search(query), _EN.search(query)) if m is not None]
    if not found:
        return None
    match = min(found, key=lambda m: m.start())
    saturday = _saturday_of_week(now.date())
    if match.group("two"):
        saturday -= timedelta(weeks=2)
    elif match.group("last"):
        saturday -= timedelta(weeks=1)
    start = datetime.combine(saturday, time(), tzinfo=now.tzinfo)
    return match.group(0), start, start + timedelta(days=2)


def _saturday_of_week(day: date) -> date:
    """The Saturday of ``day``'s Monday-to-Sunday week."""
    return day - timedelta(days=day.weekday()) + timedelta(days=5)
