"""Two written date forms the other readers missed (issue 38, probing24) -> a day.

- A day number in a month named by its distance from this one: "the 26th of last month",
  "on the 3rd of this month", 上个月26号, 上月3号, 这个月5号, 本月5日. dateparser read no "of last
  month", and the Chinese periods of :mod:`~hybridmem.retrieval.timeexpr` read 上个月 and left
  the day: the question asked about the whole month. The month words are the calendar's closed
  class (last / this / previous month; 上上个月, 上个月, 上月, 这个月, 本月, 这月).
- A Chinese date written with digits and a separator, month first as Chinese writes it:
  ``M.D``, ``M/D``, ``YYYY.M.D``, ``YYYY/M/D``, ``YYYY-M-D`` ("10.15 我们聊了啥",
  "2026-10-15聊了什么"). Only in a query holding Chinese, and only where the number stands as a
  date: not inside a longer number, not after a currency sign, and ending its phrase (the end,
  punctuation, a space, 那天 / 当天 / 号 / 日, or a pronoun beginning the next clause: the
  closed class :mod:`.ordinals` reads 4号那天 with; a date with its year needs no such end),
  so "10.15元" is no date. A month or day out of range is no date; after a Chinese character
  the date follows a preposition, the copula or a demonstrative (在, 于, 从, 是, 那), so
  "版本3.5" is none. English "14.10" is not read: day-first and month-first writers differ
  and the text does not say which.

Without a year the day is the latest such date not after now, as every date without a year.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta

from hybridmem.retrieval.ordinals import day_number

_CN = "零〇一二两三四五六七八九十"
_EN_MONTH_DAY = re.compile(
    r"\b(?:on\s+)?the\s+(?P<n>\d{1,2})(?:st|nd|rd|th)\s+(?:of\s+)?"
    r"(?P<rel>last|this|the\s+previous|the\s+past)\s+month\b",
    re.IGNORECASE,
)
_ZH_MONTH_DAY = re.compile(
    rf"(?P<rel>上上个?月|上个?月|这个?月|本月)(?P<n>\d{{1,2}}|[{_CN}]{{1,3}})[号號日]"
)
_ZH_NUMERIC = re.compile(
    r"(?:(?<=^)|(?<=[\s，。？！、,;；:：（(\"“在于是从那]))(?:(?P<y>(?:19|20)\d\d)(?P<sep0>[./\-]))?(?P<m>\d{1,2})(?P<sep>[./\-])"
    r"(?P<d>\d{1,2})(?![\d%])"
)
_PHRASE_END = re.compile(r"那天|那日|当天|[号號日]|$|[，。？！、,.?!\s]|我|你|他|她|咱")
_HAN = re.compile(r"[\u4e00-\u9fff]")


def written_date(query: str, now: datetime) -> tuple[str, datetime, datetime] | None:
    """The first day ``query`` writes in one of this module's forms, as ``(text, start,
    end)`` in ``now``'s zone, or None."""
    found: list[tuple[int, str, date]] = []
    for match in (_EN_MONTH_DAY.search(query), _ZH_MONTH_DAY.search(query)):
        if match is not None:
            day = _in_month(day_number(match.group("n")), _months_back(match.group("rel")), now)
            if day is not None:
                found.append((match.start(), match.group(0), day))
    if _HAN.search(query):
        numeric = _numeric(query, now)
        if numeric is not None:
            found.append(numeric)
    if not found:
        return None
    _, text, day = min(found, key=lambda f: f[0])
    start = datetime.combine(day, time(), tzinfo=now.tzinfo)
    return text.strip(), start, start + timedelta(days=1)


def _months_back(rel: str) -> int:
    rel = rel.lower()
    if rel.startswith("上上"):
        return 2
    return 1 if rel.startswith(("上", "last", "the")) else 0


def _in_month(n: int, back: int, now: datetime) -> date | None:
    """Day ``n`` of the month ``back`` months before ``now``'s, or None where it has none."""
    year, month = now.year, now.month - back
    while month < 1:
        year, month = year - 1, month + 12
    try:
        return date(year, month, n)
    except ValueError:
        return None


def _numeric(query: str, now: datetime) -> tuple[int, str, date] | None:
    for match in _ZH_NUMERIC.finditer(query):
        if match.group("y") and match.group("sep0") != match.group("sep"):
            continue  # 2026.10-15: no one writes a date so; a range or a sum
        if not match.group("y") and (
            match.group("sep") == "-" or not _PHRASE_END.match(query, match.end())
        ):
            continue  # 10-15 alone is a range of numbers as often as a date; 3.5元 a price
        year = int(match.group("y")) if match.group("y") else None
        day = past_date(year, int(match.group("m")), int(match.group("d")), now)
        if day is not None:
            return match.start(), match.group(0), day
    return None


def past_date(year: int | None, month: int, day: int, now: datetime) -> date | None:
    """The date of ``year`` (or without one the latest such date not after ``now``), or None
    where the calendar has no such day."""
    try:
        if year is not None:
            return date(year, month, day)
        d = date(now.year, month, day)
        return d if d <= now.date() else date(now.year - 1, month, day)
    except ValueError:
        return None
