"""A part of a month ("in early October", "late last month", 这个月中旬, 上个月底) -> a third of
that month (issue 38).

A question that names a part of a month asks about those days, not the whole month: "at the
start of the month, what did I tell you about Jess?" asked on 27 October is about 1-10
October. :mod:`~hybridmem.retrieval.timeexpr` read 这个月初 and "late last month" as the whole
month, and "in early October" or 10月上旬 as no time at all (a month's name is no cue there).

The calendar divides a month into three parts of about ten days, as 上旬 / 中旬 / 下旬 name them:
the 1st to the 10th, the 11th to the 20th, the 21st to the month's last day. The words for them
are a closed class of calendar words, listed here, not a vocabulary fitted to questions:

- English: early / mid / late, the start / beginning / middle / end of, before "this month",
  "last month", "the month" or a month's name (with an optional year);
- Chinese: 初 / 中 / 底 / 末 and 上旬 / 中旬 / 下旬 after 这个月 / 本月 / 上个月 / 上月, after a
  month's number (10月, 十月) or, bare (月初, 月底, 中旬), of this month.

"Earlier this month" is not a part: it is the month before today, which the whole month's
window already is (no memory is stored after today). A month's name or number without a year is
the latest such month that has begun. A part's window is ten or eleven days, so it is no
question about days (:mod:`~hybridmem.retrieval.days`, at most a week): it keeps the configured
``time`` weight and the edges of a window wider than a week (``TimeWindow.closeness``: halving
every quarter of its width), as a month does.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time

from hybridmem.retrieval.ranges import MONTHS

_EN_PART = {
    "early": 0,
    "start": 0,
    "beginning": 0,
    "mid": 1,
    "middle": 1,
    "late": 2,
    "end": 2,
}
_ZH_PART = {"初": 0, "上旬": 0, "中": 1, "中旬": 1, "底": 2, "末": 2, "下旬": 2}
_MONTH_NAME = r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
_MONTH_NAME += r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
_EN = re.compile(
    r"\b(?:(?P<adj>early|mid|late)[\s-]*|(?:the\s+)?(?P<noun>start|beginning|middle|end)\s+of\s+)"
    rf"(?P<month>this\s+month|last\s+month|the\s+month|(?P<name>{_MONTH_NAME})\b\.?"
    r"(?:,?\s+(?P<year>\d{4}))?)(?![\w-])",
    re.IGNORECASE,
)
_CN_NUM = "一二三四五六七八九十"
_ZH = re.compile(
    rf"(?:(?P<which>这个月|本月|上个月|上月)|(?:(?P<y>\d{{4}})年|(?P<yw>去年|今年|前年))?"
    rf"(?P<n>\d{{1,2}}|[{_CN_NUM}]{{1,3}})月(?:份)?"
    r"|(?<![\w])月|(?<=[在是那这到的])月)?(?P<part>上旬|中旬|下旬|初|中|底|末)"
)
"""A month then its part. Bare 初 / 中 / 底 / 末 are parts only after 月, and a bare 月 must start
the phrase (月中 may be in 岁月中, "over the years"); 上旬 / 中旬 / 下旬 are parts on their own.
中 in the frame 在...中 ("在这个月中", during this month) is no part (:func:`_chinese`)."""


def month_part(query: str, now: datetime) -> tuple[str, datetime, datetime] | None:
    """The first part of a month named in ``query``, as ``(text, start, end)`` in ``now``'s
    zone, or None."""
    hits = [h for h in (_english(query, now), _chinese(query, now)) if h is not None]
    if not hits:
        return None
    _, text, (year, month, part) = min(hits, key=lambda h: h[0])
    start, end = _third(year, month, part)
    return text, _at(start, now), _at(end, now)


def _english(query: str, now: datetime) -> tuple[int, str, tuple[int, int, int]] | None:
    for m in _EN.finditer(query):
        part = _EN_PART[(m.group("adj") or m.group("noun")).lower()]
        which = m.group("month").lower().split()
        if m.group("name"):
            month = _month_number(m.group("name"))
            year = int(m.group("year")) if m.group("year") else None
            found = _latest(year, month, now)
        else:
            found = _relative(-1 if which[0] == "last" else 0, now)
        return m.start(), m.group(0), (*found, part)
    return None


def _chinese(query: str, now: datetime) -> tuple[int, str, tuple[int, int, int]] | None:
    for m in _ZH.finditer(query):
        part_word = m.group("part")
        month_given = m.group(0) != part_word
        if not month_given and len(part_word) == 1:
            continue  # a bare 初 / 中 / 底 / 末 is no part of a month (初中, 其中, 到底)
        if part_word == "中" and month_given and query[max(m.start() - 1, 0)] == "在":
            continue  # 在这个月中: "during this month", the 在...中 frame, not mid-month
        if m.group("n"):
            month = _cn_int(m.group("n"))
            if not 1 <= month <= 12:
                continue
            back = {"去年": 1, "前年": 2, "今年": 0}.get(m.group("yw") or "")
            year = int(m.group("y")) if m.group("y") else None
            found = _latest(now.year - back if back is not None else year, month, now)
        else:
            back = -1 if (m.group("which") or "").startswith("上") else 0
            found = _relative(back, now)
        return m.start(), m.group(0), (*found, _ZH_PART[part_word])
    return None


def _month_number(name: str) -> int:
    return MONTHS[name.lower()]


def _relative(shift: int, now: datetime) -> tuple[int, int]:
    """This month (``shift`` 0) or the month before (-1)."""
    if shift and now.month == 1:
        return now.year - 1, 12
    return now.year, now.month + shift


def _latest(year: int | None, month: int, now: datetime) -> tuple[int, int]:
    """A named month: of ``year``, or without one the latest such month that has begun."""
    if year is not None:
        return year, month
    return (now.year, month) if month <= now.month else (now.year - 1, month)


def _third(year: int, month: int, part: int) -> tuple[date, date]:
    """Part 0, 1 or 2 of the month: the 1st-10th, 11th-20th, 21st-last, as ``[start, end)``."""
    following = date(year + 1, 1, 1) if month == 12 else date(year, month + 1, 1)
    start = date(year, month, 1 + 10 * part)
    return start, (date(year, month, 11 + 10 * part) if part < 2 else following)


def _at(day: date, now: datetime) -> datetime:
    return datetime.combine(day, time(), tzinfo=now.tzinfo)


def _cn_int(text: str) -> int:
    if text.isdigit():
        return int(text)
    digits = {c: i for i, c in enumerate("零一二三四五六七八九")}
    if "十" in text:
        tens, _, ones = text.partition("十")
        return digits.get(tens, 1) * 10 + digits.get(ones, 0)
    return digits.get(text, 0) if len(text) == 1 else 0
