"""Holidays named as the day of an event ("on Halloween", "last Christmas", 万圣节那天) -> a day.

"What did I do on Halloween?" asks about 31 October as "on May 4" asks about 4 May, but
dateparser reads no holiday, so such a question had no window at all (probing blind3 e4).
The calendar here is the public one, not chosen on any question set: the fixed-date days
(New Year's Day and Eve, Valentine's Day, Halloween, Christmas Eve and Day, 元旦, 情人节,
国庆节, 平安夜, 圣诞节 ...) and the moving ones computed by their rule (Easter by
``dateutil.easter``; Thanksgiving the fourth Thursday of November, Mother's Day the second
Sunday of May, as in the United States and China). Lunar days (春节, 中秋, 端午, Chinese New
Year) need a lunar calendar the environment does not have: they name no window.

A holiday is the day of an event only where the sentence says so; otherwise it is a topic and
keeps its plain word match ("what did I buy Mum for Christmas?" asked in March is about the
gift talked about in December, "what do I usually do at Christmas?" about a habit):

- English: after "on" ("on Halloween", "on Christmas Eve", "on Christmas 2022", as "on May
  4"), or after "last" / "this" / "last year's" / "this year's". "at", "for", "over",
  "before" name the season, a purpose or another time: no window of theirs.
- Chinese: the name as a time word before the clause (圣诞节那天, 元旦我做了什么, 去年圣诞节),
  except after 每 ("every": 每年圣诞节, a habit) and before the possessive 的 or a localizer
  (前, 后, 之前, 以后, 期间, 假期: "before Christmas", "the Christmas holidays"), which make it a
  topic or another time. A bare 圣诞 ("圣诞礼物") is a modifier, not a day: only 圣诞节 or
  圣诞 before 那天/当天 counts.

Without a year the day is the latest such day not after today ("last" Christmas: before
today); "this" Christmas and 今年 are this year's (a future one names no memory: the caller
drops it); "last year's" and 去年 the year before, 前年 two, an explicit year that year.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, datetime, time, timedelta

from dateutil.easter import easter


def _nth_weekday(month: int, weekday: int, n: int) -> Callable[[int], date]:
    """The ``n``-th ``weekday`` (0 Monday) of ``month`` in a year; ``n`` = -1 the last."""

    def resolve(year: int) -> date:
        if n > 0:
            first = date(year, month, 1)
            return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))
        last = date(year + (month == 12), month % 12 + 1, 1) - timedelta(days=1)
        return last - timedelta(days=(last.weekday() - weekday) % 7)

    return resolve


def _fixed(month: int, day: int) -> Callable[[int], date]:
    return lambda year: date(year, month, day)


def _easter(shift: int) -> Callable[[int], date]:
    return lambda year: easter(year) + timedelta(days=shift)


_A = "[’']?"  # an apostrophe, typed or not ("New Years Eve", "Valentine’s Day")
_EN_DAYS: tuple[tuple[str, Callable[[int], date]], ...] = (
    (rf"new\s+year{_A}s?\s+eve", _fixed(12, 31)),
    (rf"new\s+year{_A}s?(?:\s+day)?", _fixed(1, 1)),
    (rf"(?:st\.?\s+|saint\s+)?valentine{_A}s?(?:\s+day)?", _fixed(2, 14)),
    (rf"(?:st\.?\s+|saint\s+)?patrick{_A}s?\s+day", _fixed(3, 17)),
    (rf"april\s+fools{_A}?(?:\s+day)?", _fixed(4, 1)),
    (r"may\s+day", _fixed(5, 1)),
    (r"(?:the\s+)?fourth\s+of\s+july|independence\s+day", _fixed(7, 4)),
    (r"halloween|all\s+hallows{_A}?\s+eve".replace("{_A}", _A), _fixed(10, 31)),
    (r"christmas\s+eve|xmas\s+eve", _fixed(12, 24)),
    (r"christmas(?:\s+day)?|xmas(?:\s+day)?", _fixed(12, 25)),
    (r"boxing\s+day", _fixed(12, 26)),
    (r"good\s+friday", _easter(-2)),
    (r"easter\s+monday", _easter(1)),
    (r"easter(?:\s+sunday|\s+day)?", _easter(0)),
    (rf"mother{_A}?s{_A}?\s+day", _nth_weekday(5, 6, 2)),
    (rf"father{_A}?s{_A}?\s+day", _nth_weekday(6, 6, 3)),
    (r"memorial\s+day", _nth_weekday(5, 0, -1)),
    (r"labou?r\s+day", _nth_weekday(9, 0, 1)),
    (r"thanksgiving(?:\s+day)?", _nth_weekday(11, 3, 4)),
)
_ZH_DAYS: tuple[tuple[str, Callable[[int], date]], ...] = (
    (r"元旦(?:节)?", _fixed(1, 1)),
    (r"情人节", _fixed(2, 14)),
    (r"(?:三八)?妇女节", _fixed(3, 8)),
    (r"愚人节", _fixed(4, 1)),
    (r"(?:五一)?劳动节", _fixed(5, 1)),
    (r"(?:六一)?儿童节", _fixed(6, 1)),
    (r"教师节", _fixed(9, 10)),
    (r"国庆节?", _fixed(10, 1)),
    (r"万圣节|万圣夜", _fixed(10, 31)),
    (r"光棍节|双十一", _fixed(11, 11)),
    (r"平安夜", _fixed(12, 24)),
    (r"圣诞节|圣诞(?=那天|当天|那晚|当晚)", _fixed(12, 25)),
    (r"跨年夜", _fixed(12, 31)),
    (r"复活节", _easter(0)),
    (r"母亲节", _nth_weekday(5, 6, 2)),
    (r"父亲节", _nth_weekday(6, 6, 3)),
    (r"感恩节", _nth_weekday(11, 3, 4)),
)


def _names(days: tuple[tuple[str, Callable[[int], date]], ...]) -> str:
    return "|".join(f"(?P<d{i}>{pattern})" for i, (pattern, _) in enumerate(days))


_EN = re.compile(
    r"\b(?:(?P<on>on)\s+(?:the\s+day\s+of\s+)?|(?P<rel>last|this)\s+|"
    rf"(?P<yrel>last|this)\s+year{_A}s\s+)(?:{_names(_EN_DAYS)})\b(?:,?\s+(?P<year>\d{{4}})\b)?",
    re.IGNORECASE,
)
_ZH = re.compile(
    rf"(?<!每)(?:(?:(?P<yrel>去年|今年|前年)|(?P<year>\d{{4}})年)的?)?(?:{_names(_ZH_DAYS)})"
    r"(?!节|的(?!时候)|前|后|之前|之后|以前|以后|期间|假期|长假)"
)
_ZH_EVERY = re.compile(r"每(?:年|个|逢|次)?$")
_YEAR_BACK = {"去年": 1, "今年": 0, "前年": 2, "last": 1, "this": 0}


def named_day(query: str, now: datetime) -> tuple[str, datetime, datetime] | None:
    """The first holiday ``query`` names as the day of an event, as ``(text, start, end)`` in
    ``now``'s zone (one day), or None."""
    found: list[tuple[int, str, date]] = []
    for pattern, days in ((_EN, _EN_DAYS), (_ZH, _ZH_DAYS)):
        for match in pattern.finditer(query):
            if days is _ZH_DAYS and _ZH_EVERY.search(query, 0, match.start()):
                continue  # 每年圣诞节: a habit, every year's
            d = _resolve(match, days, now.date())
            if d is not None:
                found.append((match.start(), match.group(0).strip(), d))
                break
    if not found:
        return None
    _, text, d = min(found, key=lambda f: f[0])
    start = datetime.combine(d, time(), tzinfo=now.tzinfo)
    return text, start, start + timedelta(days=1)


def _resolve(
    match: re.Match[str], days: tuple[tuple[str, Callable[[int], date]], ...], today: date
) -> date | None:
    """The date a matched holiday names relative to ``today`` (module docstring)."""
    g = match.groupdict()
    rule = next(days[i][1] for i in range(len(days)) if g.get(f"d{i}"))
    try:
        if g.get("year"):
            return rule(int(g["year"]))
        if g.get("yrel"):
            return rule(today.year - _YEAR_BACK[g["yrel"].lower()])
        if (g.get("rel") or "").lower() == "this":
            return rule(today.year)
        this_year = rule(today.year)
        last = (g.get("rel") or "").lower() == "last"
        if this_year < today or (this_year == today and not last):
            return this_year
        return rule(today.year - 1)
    except (ValueError, OverflowError):
        return None  # year 1 or 9999 and beyond: no such day on the calendar
