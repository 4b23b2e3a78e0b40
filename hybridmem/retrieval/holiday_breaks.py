"""A Chinese public holiday named as the days off around it (国庆那几天, 春节那几天) -> those days.

"国庆那几天我跟你说了啥" asks about the National Day break, 1 to 7 October, not about 1 October:
:mod:`.named_days` read the holiday's first day, so the break's other days were outside the
window and lost to the first day's turns (probing blind15 r3, issue 38, probing24). The days
are the state's calendar, read from the ``holidays`` package (China's), not chosen here: the
run of days off that holds the holiday's first day, a day off being a listed holiday, a
substitute day (补假), a swapped rest day (休息日) or a weekend day that the calendar does not
name as a swapped working day ("由 2026-10-10 调休": that Saturday is worked). A holiday whose
calendar year has no day off names no break (the package's China starts in 1950).

十一 and 五一 are the everyday names of 国庆 and 劳动节 (十一那几天), read only before a stretch
word and not inside a number. The break is named by the holiday followed by a word for a
stretch of its days - a closed class: 那几天, 那些天, 那段时间 (放假 before them or not),
黄金周. 期间, 假期 and 长假 keep :mod:`.named_days`' reading, a topic or a season with no
window (its tests hold "春节期间我去了哪里？" and "国庆节假期我去了哪里？" to none): the vacation
is as often a plan or a topic as its days; 期间 as the break is left to a measured change.
Without a year the break is the latest that began by today; 去年 / 今年 / 前年 / an explicit
year choose the year.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta
from functools import lru_cache

import holidays

_NAMES = {
    "国庆": "国庆节",
    "春节": "春节",
    "过年": "春节",
    "五一": "劳动节",
    "劳动节": "劳动节",
    "清明": "清明节",
    "端午": "端午节",
    "中秋": "中秋节",
    "元旦": "元旦",
    "十一": "国庆节",  # the day's everyday name, as 五一 is 劳动节's
}
_ZH = re.compile(
    r"(?:(?P<yrel>去年|今年|前年)|(?P<year>\d{4})年)?的?"
    r"(?<![零〇一二两三四五六七八九十百千\d])"  # 十一 and 五一 not inside a number (二十一)
    r"(?P<name>国庆|春节|过年|五一|劳动节|清明|端午|中秋|元旦|十一)节?"
    r"(?:(?:放假)?(?:那几天|那些天|那段时间)|黄金周)"
)
_EVERY = re.compile(r"每(?:年|个|逢|次)?$")
_SWAPPED = re.compile(r"由\s*(\d{4}-\d{2}-\d{2})\s*调休")
_YEAR_BACK = {"去年": 1, "今年": 0, "前年": 2}


@lru_cache(maxsize=64)
def _days_off(year: int) -> tuple[dict[date, str], frozenset[date]]:
    """China's listed days of ``year`` (and the years beside it, for a break across New Year)
    -> their names, and the weekend days worked in exchange for a rest day."""
    listed: dict[date, str] = {}
    worked: set[date] = set()
    try:
        days = holidays.China(years=(year - 1, year, year + 1), language="zh_CN")
    except (NotImplementedError, KeyError, ValueError):
        return {}, frozenset()
    for day, name in days.items():
        listed[day] = name
        worked.update(date.fromisoformat(m) for m in _SWAPPED.findall(name))
    return listed, frozenset(worked)


def _first_day(name: str, year: int, listed: dict[date, str]) -> date | None:
    days = sorted(d for d, n in listed.items() if d.year == year and name in n.split("; "))
    return days[0] if days else None


def _break(first: date, listed: dict[date, str], worked: frozenset[date]) -> tuple[date, date]:
    """The run of days off holding ``first``: its first day and the day after its last."""

    def off(d: date) -> bool:
        return d in listed or (d.weekday() >= 5 and d not in worked)

    start, end = first, first
    while off(start - timedelta(days=1)):
        start -= timedelta(days=1)
    while off(end + timedelta(days=1)):
        end += timedelta(days=1)
    return start, end + timedelta(days=1)


def holiday_break(query: str, now: datetime) -> tuple[str, datetime, datetime] | None:
    """The first Chinese holiday break ``query`` names, as ``(text, start, end)`` in ``now``'s
    zone, or None."""
    match = _ZH.search(query)
    if match is None or _EVERY.search(query, 0, match.start()):
        return None  # 每年国庆期间: a habit, every year's
    name = _NAMES[match.group("name")]
    today = now.date()
    if match.group("year"):
        years = [int(match.group("year"))]
    elif match.group("yrel"):
        years = [today.year - _YEAR_BACK[match.group("yrel")]]
    else:
        years = [today.year, today.year - 1]  # the latest that began by today
    for year in years:
        if not 1950 <= year <= 9998:
            return None
        listed, worked = _days_off(year)
        first = _first_day(name, year, listed)
        if first is None or (len(years) > 1 and first > today):
            continue
        start, end = _break(first, listed, worked)
        begin = datetime.combine(start, time(), tzinfo=now.tzinfo)
        return match.group(0), begin, datetime.combine(end, time(), tzinfo=now.tzinfo)
    return None
