"""Weeks named in an English query ("last week", "this week", "the week before last") -> a
calendar week.

A week a question names is a calendar week, Monday 00:00 to the next Monday 00:00 in the
store's zone, as the Chinese periods (上周, 这周, 上上周) and the weekends
(:mod:`~hybridmem.retrieval.weekends`) count it. dateparser resolves "last week" to the day
seven days back with the period ``week``; :mod:`~hybridmem.retrieval.timeexpr` read that as a
vague distance, three days around that day ("last week" asked on a Monday: Sunday to
Wednesday, so the question missed most of the week it named). A distance ("a week ago", "2 weeks
ago") stays a vague distance. dateparser reads no "the week before last": :func:`week_before_last`
does, as "the weekend before last" is read.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta

_BEFORE_LAST = re.compile(r"\b(?:the\s+)?week\s+before\s+last\b", re.IGNORECASE)


def calendar_week(day: date, now: datetime) -> tuple[datetime, datetime]:
    """The Monday-to-Monday week holding ``day``, in ``now``'s zone."""
    monday = day - timedelta(days=day.weekday())
    start = datetime.combine(monday, time(), tzinfo=now.tzinfo)
    return start, start + timedelta(weeks=1)


def week_before_last(query: str, now: datetime) -> tuple[str, datetime, datetime] | None:
    """ "the week before last" in ``query``: the calendar week two weeks back, or None."""
    match = _BEFORE_LAST.search(query)
    if match is None:
        return None
    return (match.group(0), *calendar_week(now.date() - timedelta(weeks=2), now))
