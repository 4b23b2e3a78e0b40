"""A range of weekdays ("from Monday to Wednesday", "last Mon-Wed", 上周一到周三) -> those days.

:func:`~hybridmem.retrieval.timeexpr.find_window` reads a query's first time expression, so
"what did I say between Monday and Wednesday?" asked about Monday alone, and 上周一到周三 about
last Monday. :mod:`~hybridmem.retrieval.ranges` reads ranges of dates; this reads ranges whose
ends are weekdays:

- English: [from | between] [last | this] <weekday> (- | to | until | till | through | thru |
  and after "between") <weekday>;
- Chinese: [上上|上|上个|这|这个|本] 周X / 星期X / 礼拜X (到|至|~|-) [[上|这|本]周|星期|礼拜]X.

Weeks begin on Monday (ISO, as 上周 counts). With "last" / 上 the range starts in the week
before (上上: two weeks back), with "this" / 这 / 本 in this week; bare, it is the latest such
range that has begun, ending on the end weekday's latest day not after today. The range runs
forward from its first day ("Friday to Monday" holds the weekend).
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta

_EN_DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_EN_DAY = r"(?:mon|tue|tues|wed|wednes|thu|thur|thurs|fri|sat|satur|sun)(?:day)?\b\.?"
_EN = re.compile(
    rf"\b(?P<between>between\s+)?(?:from\s+)?(?:(?P<which>last|this)\s+)?(?P<d1>{_EN_DAY})"
    rf"\s*(?:-|–|—|\bto\b|\buntil\b|\btill\b|\bthrough\b|\bthru\b|(?P<and>\band\b))\s*"
    rf"(?P<d2>{_EN_DAY})",
    re.IGNORECASE,
)
_ZH_DAYS = "一二三四五六日天"
_ZH = re.compile(
    rf"(?P<which>上上|上个|上|这个|这|本)?(?:周|星期|礼拜)(?P<d1>[{_ZH_DAYS}])"
    rf"\s*(?:到|至|~|～|-|—|－)\s*(?:(?P<which2>上个|上|这个|这|本)?(?:周|星期|礼拜))?"
    rf"(?P<d2>[{_ZH_DAYS}])"
)
_SHIFT = {"last": -1, "this": 0, "上上": -2, "上个": -1, "上": -1, "这个": 0, "这": 0, "本": 0}


def weekday_range(query: str, now: datetime) -> tuple[str, datetime, datetime] | None:
    """The first range of weekdays ``query`` names, as ``(text, start, end)`` in ``now``'s
    zone (``end`` exclusive), or None."""
    found = []
    for match in (_ZH.search(query), _EN.search(query)):
        if match is None:
            continue
        g = match.groupdict()
        if g.get("and") and not g.get("between"):
            continue  # "Monday and Wednesday": two days, not the days between them
        first, last = _weekday(match.group("d1")), _weekday(match.group("d2"))
        if first is None or last is None:
            continue
        found.append((match.start(), match.group(0).strip(), first, last, g))
    if not found:
        return None
    _, text, first, last, g = min(found, key=lambda f: f[0])
    length = (last - first) % 7
    today = now.date()
    monday = today - timedelta(days=today.weekday())
    which, which2 = g.get("which"), g.get("which2")
    if which and which2:  # 上周五到这周二: each end in its own week
        start = monday + timedelta(weeks=_SHIFT[which], days=first)
        length = (monday + timedelta(weeks=_SHIFT[which2], days=last) - start).days
        if length < 0:
            return None
    elif which:
        start = monday + timedelta(weeks=_SHIFT[which.lower()], days=first)
    else:
        end = today - timedelta(days=(today.weekday() - last) % 7)
        start = end - timedelta(days=length)
    return text, _at(start, now), _at(start + timedelta(days=length + 1), now)


def _weekday(text: str) -> int | None:
    if text in _ZH_DAYS:
        return min(_ZH_DAYS.index(text), 6)  # 日 and 天 are both Sunday
    if not text.lower().rstrip(".").endswith("day") and not text[0].isupper():
        return None  # an abbreviation is written with its capital ("Mon-Wed"; "sun", "wed")
    key = text.lower()[:3]
    return _EN_DAYS.index(key) if key in _EN_DAYS else None


def _at(day: date, now: datetime) -> datetime:
    return datetime.combine(day, time(), tzinfo=now.tzinfo)
