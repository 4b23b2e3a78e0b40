"""Ranges of days named in a query ("between May 12 and May 14", "from 2 May to 4 May",
"May 2-4", "5月12号到5月14号", "5月2日至4日") -> one window over all of them.

:func:`~hybridmem.retrieval.timeexpr.find_window` reads a query's first time expression, so
a range was its first day alone: "what did we talk about between May 12 and May 14?" asked
about 12 May. dateparser reads each end of a range as its own date ("May 2-4" as 4 February),
so the forms are parsed here, structurally:

- English: a month name and a day at each end, the second end's month optional
  ("May 2 to 4", "May 30 - June 2"); a day at each end and the month after the second
  ("2-4 May", "2nd to the 4th of May", "2 May to 4 May"); ISO dates at both ends. The ends
  are joined by "-", "–", "to", "until", "till", "through", "thru", or "and" after "between"
  ("between the 1st and the 20th of June": the article and an ordinal's suffix before "and"
  were not read, so such a question named no day, or dateparser's "20 April 1930"; issue 38,
  probing15).
- Chinese: ``[YYYY年]M月D[日号]`` at the start, ``[[YYYY年]M月]D日/号`` at the end, joined by
  到, 至, ~ or a dash (从 before it or not).

Without a year the range ends on the latest such date not after now, and starts before it (a
range from December to January starts in the year before). A range that ends before it
starts ("May 4 to April 2"), or spans more than a year, names no range.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta

MONTHS = {
    m: i
    for i, names in enumerate(
        (
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ),
        1,
    )
    for m in names
}
"""English month names and their abbreviations -> the month's number."""
_MONTH = r"(?P<{}>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(?P<{}>\d{{1,2}})(?:st|nd|rd|th)?"
_AFTER_DAY = r"(?:(?<=\d)|(?<=\dst)|(?<=\dnd)|(?<=\drd)|(?<=\dth))"  # "2 and", "2nd and"
_JOIN = rf"\s*(?:-|–|—|\bto\b|\buntil\b|\btill\b|\bthrough\b|\bthru\b|{_AFTER_DAY}\s+and\b)\s*"
_YEAR = r"(?:,?\s*(?P<year>\d{4}))?"

_EN_MONTH_FIRST = re.compile(
    rf"\b{_MONTH.format('m1')}\s+{_DAY.format('d1')}{_JOIN}"
    rf"(?:{_MONTH.format('m2')}\s+)?{_DAY.format('d2')}\b{_YEAR}",
    re.IGNORECASE,
)
_EN_DAY_FIRST = re.compile(
    rf"\b{_DAY.format('d1')}(?:\s+(?:of\s+)?{_MONTH.format('m1')})?{_JOIN}(?:the\s+)?"
    rf"{_DAY.format('d2')}\s+(?:of\s+)?{_MONTH.format('m2')}\b{_YEAR}",
    re.IGNORECASE,
)
_ISO = r"(?P<y{0}>\d{{4}})-(?P<m{0}>\d{{1,2}})-(?P<d{0}>\d{{1,2}})"
_EN_ISO = re.compile(rf"\b{_ISO.format(1)}{_JOIN}{_ISO.format(2)}\b")
_BETWEEN_AND = re.compile(r"\band\b", re.IGNORECASE)
_BETWEEN = re.compile(r"\bbetween(?:\s+the)?\s*$", re.IGNORECASE)

_CN_NUM = r"(\d{1,2}|[一二三四五六七八九十]{1,3})"
_ZH = re.compile(
    rf"(?:(?P<y1>\d{{4}})年)?(?P<m1>{_CN_NUM})月(?P<d1>{_CN_NUM})[日号號]?\s*(?:到|至|~|～|-|—|－)"
    rf"\s*(?:(?:(?P<y2>\d{{4}})年)?(?P<m2>{_CN_NUM})月)?(?P<d2>{_CN_NUM})[日号號]"
)


def range_window(query: str, now: datetime) -> tuple[str, datetime, datetime] | None:
    """The first range of days ``query`` names, as ``(text, start, end)`` in ``now``'s zone
    (``end`` exclusive: the day after the last), or None."""
    found = []
    for match in (_ZH.search(query), *(p.search(query) for p in _EN_FORMS)):
        if match is not None and (days := _ends(match, now)) is not None:
            found.append((match.start(), match.group(0).strip(), days))
    if not found:
        return None
    _, text, (first, last) = min(found, key=lambda f: f[0])
    start = datetime.combine(first, time(), tzinfo=now.tzinfo)
    try:
        end = datetime.combine(last, time(), tzinfo=now.tzinfo) + timedelta(days=1)
    except OverflowError:
        return None  # "9999-12-30 to 9999-12-31": past the calendar's last day
    return text, start, end


_EN_FORMS = (_EN_MONTH_FIRST, _EN_DAY_FIRST, _EN_ISO)


def _ends(match: re.Match[str], now: datetime) -> tuple[date, date] | None:
    """The first and last day of a matched range, or None when it names no range."""
    g = match.groupdict()
    if "and" in match.group(0).lower() and not _after_between(match):
        return None  # "May 2 and May 4": two days, not the days between them
    if "may" in (g.get("m1"), g.get("m2")):
        return None  # "I may 2 to 4 people": the verb; the month is written May
    try:
        m1, m2 = _month(g["m1"]), _month(g["m2"])
        d1, d2 = _number(g["d1"]), _number(g["d2"])
        if m1 is None:
            m1 = m2
        if m2 is None:
            m2 = m1
        if m1 is None or m2 is None or d1 is None or d2 is None:
            return None
        year2 = g.get("y2") or g.get("year")
        year1 = g.get("y1") or year2
        if year2:
            last = date(int(year2), m2, d2)
        else:
            last = date(now.year, m2, d2)
            if last > now.date():
                last = date(now.year - 1, m2, d2)
        first = date(int(year1) if year1 else last.year, m1, d1)
        if first > last and not year1 and (m1, m2) == (12, 1):
            first = date(last.year - 1, m1, d1)  # "Dec 30 to Jan 2": across New Year
    except ValueError:
        return None  # 31 April, month 13
    if first > last or last - first > timedelta(days=366):
        return None
    return first, last


def _after_between(match: re.Match[str]) -> bool:
    # "between the 6th and the 30th of April": the article may stand before the first day
    return _BETWEEN.search(match.string[: match.start()]) is not None


def _month(text: str | None) -> int | None:
    if text is None:
        return None
    if text.isdigit():
        return int(text)
    return MONTHS.get(text.lower().rstrip(".")) or _number(text)


def _number(text: str | None) -> int | None:
    """A day or month number in Arabic or Chinese numerals (一 to 三十一)."""
    if text is None:
        return None
    if text.isdigit():
        return int(text)
    digits = "一二三四五六七八九"
    tens, ten, ones = text.partition("十")
    if not ten:
        return digits.index(text) + 1 if len(text) == 1 and text in digits else None
    if (
        len(tens) > 1
        or len(ones) > 1
        or (tens and tens not in digits)
        or (ones and ones not in digits)
    ):
        return None
    return (digits.index(tens) + 1 if tens else 1) * 10 + (digits.index(ones) + 1 if ones else 0)
