"""Holidays named as the day of an event ("on Halloween", "last Christmas", 万圣节那天) -> a day.

"What did I do on Halloween?" asks about 31 October as "on May 4" asks about 4 May, but
dateparser reads no holiday, so such a question had no window at all (probing blind3 e4).
The calendar here is the public one, not chosen on any question set: the fixed-date days
(New Year's Day and Eve, Valentine's Day, Halloween, Christmas Eve and Day, 元旦, 情人节,
国庆节, 平安夜, 圣诞节 ...) by their date, and every day that moves (Easter, Thanksgiving,
Mother's Day; the lunar days 春节 / "Chinese New Year", 除夕, 中秋, 端午, and 清明, a solar
term) from the ``holidays`` package's calendars (the United States', England's, China's), so
this module reads the question (which day, which year) and computes no calendar of its own.
春节 is its first day, 除夕 the day before it. A year a calendar does not cover (China's
before 1950; 中秋, 端午, 清明 became public holidays in 2008) names no day.

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
from functools import lru_cache

import holidays

# A day's date in a year, or None where the calendar has no such day that year.
_Rule = Callable[[int], date | None]


@lru_cache(maxsize=256)  # bounded: a question may name any year from 0000 to 9999
def _calendar(country: str, year: int) -> dict[str, date]:
    """Each holiday name of ``country``'s calendar in ``year`` -> its first day that year.

    The public days with the United States' unofficial ones (Easter, Mother's Day,
    Halloween), England's (Easter Monday, Boxing Day) and China's in Chinese. A holiday
    several days long (春节) has its first day; an observed or substitute day off carries
    another name ("(observed)", "（补假）") and is not the holiday."""
    if country == "US":
        days: holidays.HolidayBase = holidays.US(years=year, categories=("public", "unofficial"))
    elif country == "GB":
        days = holidays.UK(years=year, subdiv="ENG")
    else:
        days = holidays.China(years=year, language="zh_CN")
    first: dict[str, date] = {}
    for day, names in sorted(days.items()):
        for name in names.split("; "):  # two holidays on one day come joined
            first.setdefault(name, day)
    return first


def _fixed(month: int, day: int) -> _Rule:
    return lambda year: date(year, month, day)


def _listed(country: str, name: str, shift: int = 0) -> _Rule:
    """The day ``country``'s calendar names ``name``; ``shift`` -1 its eve (除夕, 春节's)."""

    def resolve(year: int) -> date | None:
        day = _calendar(country, year).get(name)
        return day + timedelta(days=shift) if day is not None else None

    return resolve


_A = "[’']?"  # an apostrophe, typed or not ("New Years Eve", "Valentine’s Day")
_EN_DAYS: tuple[tuple[str, _Rule], ...] = (
    # Before "new year": "Chinese New Year" is not 1 January.
    (rf"(?:chinese|lunar)\s+new\s+year{_A}?s?\s+eve", _listed("CN", "春节", -1)),
    (rf"(?:chinese|lunar)\s+new\s+year{_A}?s?(?:\s+day)?", _listed("CN", "春节")),
    (r"(?:the\s+)?spring\s+festival", _listed("CN", "春节")),
    (
        r"(?:the\s+)?mid[-\s]?autumn(?:\s+festival)?|(?:the\s+)?moon\s+festival",
        _listed("CN", "中秋节"),
    ),
    (r"(?:the\s+)?dragon\s+boat\s+festival|duanwu", _listed("CN", "端午节")),
    (r"qingming(?:\s+festival)?|tomb[-\s]sweeping\s+day", _listed("CN", "清明节")),
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
    (r"good\s+friday", _listed("US", "Good Friday")),
    (r"easter\s+monday", _listed("GB", "Easter Monday")),
    (r"easter(?:\s+sunday|\s+day)?", _listed("US", "Easter Sunday")),
    (rf"mother{_A}?s{_A}?\s+day", _listed("US", "Mother's Day")),
    (rf"father{_A}?s{_A}?\s+day", _listed("US", "Father's Day")),
    (r"memorial\s+day", _listed("US", "Memorial Day")),
    (r"labou?r\s+day", _listed("US", "Labor Day")),
    (r"thanksgiving(?:\s+day)?", _listed("US", "Thanksgiving Day")),
)
_ZH_DAYS: tuple[tuple[str, _Rule], ...] = (
    # 除夕 and 大年三十 name the eve; 中秋, 端午, 清明 bare only before 那天 (as 圣诞: 中秋月饼 is a
    # modifier, 清明 also "clear-sighted").
    (r"(?:农历)?除夕(?:夜)?|大年三十", _listed("CN", "春节", -1)),
    (r"春节|农历新年|大年初一", _listed("CN", "春节")),
    (r"中秋节|中秋(?=那天|当天|那晚|当晚)", _listed("CN", "中秋节")),
    (r"端午节|端午(?=那天|当天)", _listed("CN", "端午节")),
    (r"清明节|清明(?=那天|当天)", _listed("CN", "清明节")),
    (r"元旦(?:节)?", _fixed(1, 1)),
    (r"情人节", _fixed(2, 14)),
    (r"(?:三八)?妇女节", _fixed(3, 8)),
    (r"愚人节", _fixed(4, 1)),
    # 五一 alone is the day's everyday name, as 国庆 is 国庆节's (五一那天, 五一我去了杭州); not
    # inside a number (十五一, 五一二) nor as 五一班 / 五一路.
    (
        r"(?:五一)?劳动节|(?<![零一二两三四五六七八九十百千])五一(?![零一二三四五六七八九十百千\d班路号共起])",
        _fixed(5, 1),
    ),
    (r"(?:六一)?儿童节", _fixed(6, 1)),
    (r"教师节", _fixed(9, 10)),
    (r"国庆节?", _fixed(10, 1)),
    (r"万圣节|万圣夜", _fixed(10, 31)),
    # 双11 is 双十一 in digits, as chat writes it (双11那天); not 双111 or 双11.11's start.
    (r"光棍节|双十一|双11(?![\d.])", _fixed(11, 11)),
    (r"平安夜", _fixed(12, 24)),
    (r"圣诞节|圣诞(?=那天|当天|那晚|当晚)", _fixed(12, 25)),
    (r"跨年夜", _fixed(12, 31)),
    (r"复活节", _listed("US", "Easter Sunday")),
    (r"母亲节", _listed("US", "Mother's Day")),
    (r"父亲节", _listed("US", "Father's Day")),
    (r"感恩节", _listed("US", "Thanksgiving Day")),
)


def _names(days: tuple[tuple[str, _Rule], ...]) -> str:
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


def _resolve(match: re.Match[str], days: tuple[tuple[str, _Rule], ...], today: date) -> date | None:
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
        if this_year is not None and (this_year < today or (this_year == today and not last)):
            return this_year
        return rule(today.year - 1)
    except (ValueError, OverflowError):
        return None  # year 1 or 9999 and beyond: no such day on the calendar
