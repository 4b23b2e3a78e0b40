"""Lengths of time in a query: a duration or a rate names no time, a trailing span does.

A length of time said with no deictic word is how long or how often, not when: "twice a
week", "3 days a week", "what have I been reading for 3 days?", "how much do I earn a year?".
dateparser resolves each of them to a day in the past ("a week" is a week ago, "3 days a
week" ten days ago), so a question about a habit got a window around some day, and that
day's memories were lifted above the habit it asked about. A found text that is only a count
and a unit, with no word placing it in time (ago, back, before, earlier, last, past,
previous, this, next, coming), is not read as a time: :func:`is_length`.

The same length after "the past", "the last" or "over the past" is a window that ends now: "in
the past two weeks", "over the last 3 days", "the past week", 最近一周, 过去两周, 这三天, 近三个月.
:func:`trailing_span` reads them; dateparser found none of these, and "in the last month"
was the calendar month before (a month with "the" is the one that ends today; "last month"
without it stays the calendar month).

Both are closed grammatical classes: numerals, the units of the calendar and the deictic
words, in English and Chinese. A vague count ("the past few days", 最近几天) names no length
and no window.
"""

from __future__ import annotations

import re
from datetime import datetime, time, timedelta

_EN_NUMBERS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
}
_EN_UNIT_DAYS = {"day": 1, "week": 7, "fortnight": 14, "month": 30, "year": 365}
_EN_COUNT = r"(?:\d{1,3}|" + "|".join(_EN_NUMBERS) + r")"
_EN_UNIT = r"(?:day|week|fortnight|month|year)s?"

_LENGTH = re.compile(
    rf"^\s*(?:for\s+|about\s+|around\s+)?{_EN_COUNT}\s+{_EN_UNIT}\b", re.IGNORECASE
)
_DEICTIC = re.compile(
    r"\b(?:ago|back|before|earlier|last|past|previous|this|next|coming)\b", re.IGNORECASE
)
_EN_TRAILING = re.compile(
    rf"\bthe\s+(?:past|last)\s+(?:(?P<count>{_EN_COUNT})\s+)?(?P<unit>{_EN_UNIT})\b"
    r"(?!\s+(?:of|in|on|at|before)\b)",  # "the last week of May" is a week of May, not a span
    re.IGNORECASE,
)

_ZH_DIGITS = "一二三四五六七八九十"  # 两 is 二 before a measure word
_ZH_UNIT_DAYS = {"天": 1, "日": 1, "周": 7, "星期": 7, "礼拜": 7, "月": 30, "年": 365}
_ZH_TRAILING = re.compile(
    r"(?:最近|过去|近|这)的?(?P<count>\d{1,3}|[一两二三四五六七八九十])"
    r"(?:个)?(?P<unit>天|日|周|星期|礼拜|月|年)"
)


def is_length(text: str) -> bool:
    """True when ``text`` (a time expression dateparser found) is a count and a unit placed
    nowhere in time: a duration or a rate ("a week", "3 days a week", "for two months")."""
    return _LENGTH.match(text) is not None and _DEICTIC.search(text) is None


def trailing_span(query: str, now: datetime) -> tuple[str, datetime, datetime] | None:
    """The first span of ``query`` that ends now ("the past two weeks", 最近三天) as
    ``(text, start, end)``: from the start of the day the span reaches back to, to the end of
    today, in ``now``'s zone."""
    found = []
    for match in (_EN_TRAILING.search(query), _ZH_TRAILING.search(query)):
        if match is None:
            continue
        days = _days(match.group("count"), match.group("unit"))
        if days is not None:
            found.append((match.start(), match.group(0), days))
    if not found:
        return None
    _, text, days = min(found)
    today = datetime.combine(now.date(), time(), tzinfo=now.tzinfo)
    # "The past week" on a Monday reaches back to last Monday: the span's days and today.
    return text, today - timedelta(days=days), today + timedelta(days=1)


def _days(count: str | None, unit: str) -> int | None:
    unit = unit.lower()
    n = 1 if count is None else _count(count.lower())
    per = _ZH_UNIT_DAYS.get(unit) or _EN_UNIT_DAYS[unit.removesuffix("s")]
    return None if n is None or n <= 0 else n * per


def _count(word: str) -> int | None:
    if word.isdigit():
        return int(word)
    if word in _ZH_DIGITS or word == "两":
        return _ZH_DIGITS.index(word.replace("两", "二")) + 1
    return _EN_NUMBERS.get(word)
