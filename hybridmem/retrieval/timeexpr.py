"""Time expressions in a query ("on May 6", "last Tuesday", "5月6号", "上周二") -> a window.

A question that names a day is about what happened that day. :func:`find_window` resolves the
first time expression of a query against the store's clock (never the machine's) into a
half-open window ``[start, end)``; retrieval then adds the memories created in that window to
the candidates and gives every candidate a ``time`` feature (1 inside, decaying outside).

- English and other dateparser languages: ``dateparser`` finds and resolves the expression
  (absolute dates, weekdays, "yesterday", "two weeks ago", "last month"); its granularity
  (day, week, month, year) sets the window's width. A span is accepted only when it holds a
  digit, a weekday or a relative word, so "May I ask" or "we" are not dates.
- Chinese: dateparser reads "5月6号" as a month of the wrong year and misses "上周二" and
  "三天前", so the few structural Chinese forms are parsed here: ``[YYYY年]M月D日/号``,
  ``YYYY年M月``, ``今天/昨天/前天/大前天``, ``[上/这/本/下]周X`` (also 星期X, 礼拜X),
  ``上周/上个月/去年/今年/前年``, ``N天/周/个月/年前``, with Chinese or Arabic numerals.

Dates without a year are the latest such date not after now (questions ask about the past).
Vague distances ("two weeks ago", "三天前") get a window around the resolved day that widens
with the distance; a named week ("last week", "the week before last", 上周) is the calendar
week from Monday (:mod:`.weeks`); a part of a month ("early October", 这个月初, 上旬) is a third
of it (:mod:`.monthparts`); a day said vaguely ("the other day", 前几天) the past week before
yesterday (:mod:`.vague_days`); a holiday named as a day ("on Halloween", 圣诞节那天) is that day
(:mod:`.named_days`). A time set off by a comma ("last week, what did I say?") is
found clause by clause when the whole query names none (dateparser's search misses it).
"""

from __future__ import annotations

import re
import warnings
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from functools import lru_cache
from typing import Any

from hybridmem import lexical
from hybridmem.models import TimeWindow
from hybridmem.retrieval.durations import is_length, trailing_span
from hybridmem.retrieval.holiday_breaks import holiday_break
from hybridmem.retrieval.monthparts import month_part
from hybridmem.retrieval.named_days import named_day
from hybridmem.retrieval.ordinals import bare_ordinal, day_of_month
from hybridmem.retrieval.ranges import range_window
from hybridmem.retrieval.spoken_en import spoken_window
from hybridmem.retrieval.vague_days import vague_window
from hybridmem.retrieval.weekday_ranges import weekday_range
from hybridmem.retrieval.weekends import weekend_window
from hybridmem.retrieval.weeks import calendar_week, week_before_last
from hybridmem.retrieval.written_dates import past_date, written_date

_CN_DIGITS = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
_NUM = r"(\d{1,4}|[零〇一二两三四五六七八九十]{1,4})"
_WEEKDAY_CN = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}

_ZH_DATE = re.compile(rf"(?:{_NUM}年)?{_NUM}月{_NUM}[日号號]")
_ZH_YEAR_MONTH = re.compile(rf"{_NUM}年{_NUM}月(?!{_NUM}[日号號])(?:份)?")
_ZH_DAY_WORD = re.compile(r"(大前|前|昨|今)(?:天|日|晚|夜|早|晨|儿)")
"""A day by its distance from today, with the part of the day it may name: 昨晚 and 昨天 are
the same day, as 今早 and 今天 (the window is the day; the calendar's closed class)."""
_ZH_DAY_AHEAD = re.compile(r"(明|后)(?:天|日|晚|早)")
"""明天 / 后天 in a memory read ``ahead`` (a plan's day); a question's 明天 names no memory."""
_NEVER = re.compile(r"(?!)")
_ZH_WEEKDAY = re.compile(r"(上上|上个|上|这个|这|本|下个|下)?(?:周|星期|礼拜)([一二三四五六日天])")
_ZH_PERIOD = re.compile(
    r"上上个?(?:周|星期|礼拜)|上个?星期|上个?礼拜|上周|这周|本周|上个月|这个月|本月|去年|今年|前年"
)
_ZH_AGO = re.compile(rf"{_NUM}(天|日|周|个星期|个礼拜|星期|个月|月|年)(?:以)?前")
_ZH_HALF_AGO = re.compile(r"半(个月|年)(?:以)?前")
"""半个月前 / 半年前: half the unit, as 两周前 is two weeks (probing24)."""

_EN_CUE = re.compile(
    r"\d|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|\b(?:yesterday|today|tonight|ago|"
    r"last|this|next|week|weekend|month|year)\b",
    re.IGNORECASE,
)


def find_window(
    query: str, now: datetime, tz: tzinfo = UTC, *, ahead: bool = False
) -> TimeWindow | None:
    """The window named by the query's first time expression, resolved against ``now`` in
    the time zone ``tz`` (calendar days begin at its midnight), or None. ``ahead``: a memory's
    words read at the memory's time, where a day still to come is a plan's day ("tomorrow",
    "this Thursday", 明天; :mod:`.event_days`), not a question's past that names nothing."""
    local_now = now.astimezone(tz)
    # A range of days first: its first end alone is a date too (:mod:`.ranges`).
    found = range_window(query, local_now) or weekday_range(query, local_now)
    # The first of a written date and the Chinese forms: 上个月26号 is a day of 上个月, not
    # the month, and 10.15 a date (.written_dates).
    chinese = _chinese(query, local_now, ahead)
    found = found or _first(query, written_date(query, local_now), chinese)
    found = found or day_of_month(query, local_now) or week_before_last(query, local_now)
    found = found or trailing_span(query, local_now) or _english(query, local_now)
    found = found or spoken_window(query, local_now, _en_search)  # "on Sat" (.spoken_en)
    # A holiday's break (国庆那几天: 1-7 October) before its day (.holiday_breaks).
    holiday = holiday_break(query, local_now) or named_day(query, local_now)
    if holiday is not None and (found is None or _before(query, holiday[0], found[0])):
        found = holiday  # "on Easter Sunday", "去年圣诞节": the holiday, not Sunday or the year
    part = month_part(query, local_now)
    if part is not None and (found is None or _before(query, part[0], found[0])):
        found = part  # "这个月初", "late last month": a third of the month (.monthparts)
    vague = vague_window(query, local_now)
    if vague is not None and (found is None or _before(query, vague[0], found[0])):
        found = vague  # "the other day", 前几天: the past week before yesterday (.vague_days)
    weekend = weekend_window(query, local_now)
    if weekend is not None and (found is None or found[0] in weekend[0]):
        found = weekend  # "上周末": 上周 is the weekend's week, not another date
    if found is None:
        return None
    text, start, end = found
    if start > local_now and not ahead:
        return None  # memories are about the past: a future date names no stored memory
    return TimeWindow(text, _utc(start), _utc(end))


Found = tuple[str, datetime, datetime]


def _first(query: str, one: Found | None, other: Found | None) -> Found | None:
    """Whichever of two readings starts first in ``query`` (``one`` on a tie)."""
    if one is None or other is None:
        return one or other
    return one if _before(query, one[0], other[0]) else other


def _before(query: str, text: str, other: str) -> bool:
    """True when ``text`` starts in ``query`` no later than ``other`` (or ``other`` is not found
    as written): the first time expression counts, and a part holds its month (这个月初 holds
    这个月)."""
    at, other_at = query.find(text), query.find(other)
    return other_at < 0 or at <= other_at


_FAR = (ValueError, OverflowError)
"""What date arithmetic raises past year 1 or 9999 ("in year 9999", "9999999999年前"): any
user can type such a date, so an expression whose window leaves the calendar names none."""


def _utc(moment: datetime) -> datetime:
    """``moment`` in UTC; a day at the calendar's edge whose UTC instant falls outside it
    (0001-01-01 in UTC+14) is clamped to the first or last representable instant."""
    try:
        return moment.astimezone(UTC)
    except _FAR:
        return (
            datetime.min.replace(tzinfo=UTC)
            if moment.year == 1
            else datetime.max.replace(tzinfo=UTC)
        )


# -- Chinese ----------------------------------------------------------------------------------
def _cn_int(text: str) -> int | None:
    """Arabic or Chinese numerals up to the thousands of a year (二〇二四) or 99 (二十三)."""
    if text.isdigit():
        return int(text)
    if "十" in text:
        tens, _, ones = text.partition("十")
        t = _CN_DIGITS.get(tens, 0) if tens else 1
        o = _CN_DIGITS.get(ones, 0) if ones else 0
        valid = (not tens or tens in _CN_DIGITS) and (not ones or ones in _CN_DIGITS)
        return t * 10 + o if valid else None
    if all(c in _CN_DIGITS for c in text):
        value = 0
        for c in text:
            value = value * 10 + _CN_DIGITS[c]
        return value
    return None


def _day(d: date, now: datetime) -> datetime:
    return datetime.combine(d, time(), tzinfo=now.tzinfo)


def _chinese(
    query: str, now: datetime, ahead: bool = False
) -> tuple[str, datetime, datetime] | None:
    hits: list[tuple[int, tuple[str, datetime, datetime]]] = []
    for pattern, resolve in (
        (_ZH_DAY_AHEAD if ahead else _NEVER, _zh_day_ahead),
        (_ZH_DATE, _zh_date),
        (_ZH_YEAR_MONTH, _zh_year_month),
        (_ZH_DAY_WORD, _zh_day_word),
        (_ZH_WEEKDAY, _zh_weekday),
        (_ZH_PERIOD, _zh_period),
        (_ZH_AGO, _zh_ago),
        (_ZH_HALF_AGO, _zh_half_ago),
    ):
        for match in pattern.finditer(query):
            try:
                window = resolve(match, now)
            except _FAR:
                window = None
            if window is not None:
                hits.append((match.start(), (match.group(0), *window)))
                break
    return min(hits, key=lambda h: h[0])[1] if hits else None


def _zh_date(m: re.Match[str], now: datetime) -> tuple[datetime, datetime] | None:
    year = _cn_int(m.group(1)) if m.group(1) else None
    month, day = _cn_int(m.group(2)), _cn_int(m.group(3))
    if month is None or day is None:
        return None
    d = past_date(year, month, day, now)
    return None if d is None else (_day(d, now), _day(d, now) + timedelta(days=1))


def _zh_year_month(m: re.Match[str], now: datetime) -> tuple[datetime, datetime] | None:
    year, month = _cn_int(m.group(1)), _cn_int(m.group(2))
    if year is None or month is None or not 1 <= month <= 12 or year < 1900:
        return None
    return _month(year, month, now)


def _zh_day_word(m: re.Match[str], now: datetime) -> tuple[datetime, datetime] | None:
    if m.start() not in lexical.word_starts(m.string):
        return None  # 前晚 inside 之前晚上 ("evenings, before"): the day word must begin a word
    back = {"大前": 3, "前": 2, "昨": 1}.get(m.group(1), 0)
    d = now.date() - timedelta(days=back)
    return _day(d, now), _day(d, now) + timedelta(days=1)


def _zh_day_ahead(m: re.Match[str], now: datetime) -> tuple[datetime, datetime] | None:
    if m.start() not in lexical.word_starts(m.string):
        return None  # 后天 inside 然后天气 ("then the weather")
    d = now.date() + timedelta(days=2 if m.group(1) == "后" else 1)
    return _day(d, now), _day(d, now) + timedelta(days=1)


def _zh_weekday(m: re.Match[str], now: datetime) -> tuple[datetime, datetime]:
    weekday = _WEEKDAY_CN[m.group(2)]
    monday = now.date() - timedelta(days=now.weekday())
    shift = {"上上": -2, "上个": -1, "上": -1, "下个": 1, "下": 1}.get(m.group(1) or "", 0)
    d = monday + timedelta(weeks=shift, days=weekday)
    if not m.group(1) and d > now.date():  # a bare 周二: the latest one
        d -= timedelta(weeks=1)
    return _day(d, now), _day(d, now) + timedelta(days=1)


def _zh_period(m: re.Match[str], now: datetime) -> tuple[datetime, datetime]:
    word = m.group(0)
    monday = _day(now.date() - timedelta(days=now.weekday()), now)
    if "周" in word or "星期" in word or "礼拜" in word:
        back = 2 if word.startswith("上上") else (1 if word.startswith("上") else 0)
        start = monday - timedelta(weeks=back)
        return start, start + timedelta(weeks=1)
    if "月" in word:
        year, month = now.year, now.month
        if word == "上个月":
            year, month = (year, month - 1) if month > 1 else (year - 1, 12)
        return _month(year, month, now)
    back = {"去年": 1, "前年": 2}.get(word, 0)
    return _day(date(now.year - back, 1, 1), now), _day(date(now.year - back + 1, 1, 1), now)


def _zh_ago(m: re.Match[str], now: datetime) -> tuple[datetime, datetime] | None:
    n = _cn_int(m.group(1))
    if n is None:
        return None
    unit = m.group(2)
    days = {"天": 1, "日": 1, "年": 365}.get(unit, 30 if "月" in unit else 7) * n
    return _around(now.date() - timedelta(days=days), days, now)


def _zh_half_ago(m: re.Match[str], now: datetime) -> tuple[datetime, datetime]:
    days = 15 if m.group(1) == "个月" else 182
    return _around(now.date() - timedelta(days=days), days, now)


# -- English (dateparser) ---------------------------------------------------------------------
@lru_cache(maxsize=1)
def _dateparser() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from dateparser.date import DateDataParser
        from dateparser.search import search_dates

    return search_dates, DateDataParser


_CLAUSE = re.compile(r"[,;:!?]")
"""Where a clause ends: dateparser's search finds no period ("last week", "this month") that a
comma follows ("last week, what did I tell you?"), though it finds it with the comma gone."""
_PERIOD = re.compile(r"\b(?:week|month|year)s?\b", re.IGNORECASE)
"""The clauses searched again: those naming a period, the kind the comma hid (a date, a weekday
or "yesterday" before a comma is found), so that not every clause costs a dateparser call."""


def _english(query: str, now: datetime) -> tuple[str, datetime, datetime] | None:
    # Only a found text with a cue counts (below), and every found text is a piece of the
    # query: a query without a cue names no window, and dateparser's ~3 ms are saved.
    if not _EN_CUE.search(query):
        return None
    found = _en_search(query, now)
    if found is None:
        # Clause by clause only when the whole query names nothing: a date's own comma
        # ("May 4, 2023") stays whole, and what the whole query finds is kept as before.
        clauses = (c for c in _CLAUSE.split(query) if _PERIOD.search(c))
        found = next(filter(None, (_en_search(c, now) for c in clauses)), None)
    return found


def _en_search(query: str, now: datetime) -> tuple[str, datetime, datetime] | None:
    """The first time expression dateparser finds in ``query`` with a cue, as a window."""
    search_dates, parser_cls = _dateparser()
    base = now.replace(tzinfo=None)
    settings = {
        "RELATIVE_BASE": base,
        "PREFER_DATES_FROM": "past",
        "RETURN_AS_TIMEZONE_AWARE": False,
    }
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            found = search_dates(query, languages=["en"], settings=settings) or []
        except Exception:  # dateparser raises assorted errors on odd input: no date, then
            return None
        parser = parser_cls(languages=["en"], settings=settings)
        for text, _ in found:
            text = _date_phrase(text, parser)
            if not _EN_CUE.search(text) or bare_ordinal(text) or is_length(text):
                # No cue, an ordinal alone dateparser reads as a month (.ordinals), or a
                # duration or rate it reads as that long ago (.durations).
                continue
            if _OF_WHAT.match(query, query.find(text) + len(text)) and _RELATIVE.search(text):
                continue  # "the last week of April" is April's, not the week before this one
            try:
                data = parser.get_date_data(text)
                if data.date_obj is None:
                    continue
                window = _en_window(text, data.date_obj.date(), data.period or "day", now)
            except _FAR:
                continue
            if window is not None:
                return (text.strip(), *window)
    return None


def _date_phrase(text: str, parser: Any) -> str:
    """``text`` up to its first comma when the words after the comma make its reading coarser.

    dateparser's search runs a phrase on over a comma into the next clause and reads the whole
    ("on Friday, a proper shop" as "on Friday, a": "a" is one, January, so a month). A date's
    own comma adds a part that keeps or sharpens the reading ("May 4, 2023" and "Friday, 3 May"
    are days as "May 4" and "Friday" are); a next clause's first word can only blur it. So the
    phrase is the part before the comma when that part alone names a finer period than the whole.
    """
    head, comma, _ = text.partition(",")
    if not comma or not head.strip():
        return text
    alone = parser.get_date_data(head)
    if alone.date_obj is None:
        return text
    whole = parser.get_date_data(text)
    if (
        whole.date_obj is None
        or _FINENESS[alone.period or "day"] < _FINENESS[whole.period or "day"]
    ):
        return head
    return text


_FINENESS = {"time": 0, "day": 1, "week": 2, "month": 3, "year": 4}
"""dateparser's periods, finest first."""


def _en_window(text: str, d: date, period: str, now: datetime) -> tuple[datetime, datetime] | None:
    if period == "year":
        return _day(date(d.year, 1, 1), now), _day(date(d.year + 1, 1, 1), now)
    if period == "month":
        return _month(d.year, d.month, now)
    distance = (now.date() - d).days
    ago = re.search(r"\bago\b", text, re.IGNORECASE) is not None
    if period == "week" and not ago:
        return calendar_week(d, now)  # "last week", "this week": the week, as 上周 (.weeks)
    if period == "week" or (ago and distance > 2):
        return _around(d, max(distance, 7 if period == "week" else 1), now)
    return _day(d, now), _day(d, now) + timedelta(days=1)


_RELATIVE = re.compile(r"\b(?:last|this|next|past)\s+(?:day|week|month|year)\b", re.IGNORECASE)
_OF_WHAT = re.compile(r"\s+of\b", re.IGNORECASE)
"""A relative period followed by "of" is a part of what follows ("the last week of April",
"the last day of school"), not the period that far from today."""


# -- helpers ----------------------------------------------------------------------------------
def _month(year: int, month: int, now: datetime) -> tuple[datetime, datetime]:
    start = date(year, month, 1)
    end = date(year + 1, 1, 1) if month == 12 else date(year, month + 1, 1)
    return _day(start, now), _day(end, now)


def _around(d: date, distance_days: int, now: datetime) -> tuple[datetime, datetime]:
    """A vague "N units ago": the named day widened by a quarter of the distance each side."""
    half = max(distance_days // 4, 0)
    start = _day(d - timedelta(days=half), now)
    return start, _day(d + timedelta(days=half + 1), now)
