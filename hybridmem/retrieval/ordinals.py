"""A day named by its number alone ("on the 8th", "4号那天") -> that day of the month (issue 38).

"What did we talk about on the 8th?" asked on 27 October is about 8 October. dateparser read
a lone ordinal as a month ("the 3rd" -> March, "the 12th" -> December of last year, also in
"my 3rd time swimming"); the Chinese forms of :mod:`~hybridmem.retrieval.timeexpr` need a
month (5月4号), so "4号那天" named no day.

The day is the latest one with that number not after today: this month's, or for a number
after today's the month before ("what did we talk about on the 28th?" asked on the 27th), as
dates without a year are the latest such date. Unless the question looks ahead ("what will
happen on the 28th?", "28号要干嘛"): then it names a day to come, no stored memory, and no window
(a memory of a plan for the 28th is found by its words, which last month's 28th would bury).
Looking ahead is read from the future auxiliaries, a closed class: will / shall / 'll / going
to / gonna, 将 / 会 / 要 / 打算 / 准备 (开会 "a meeting" holds 会 and is read as ahead too: that
question keeps no window, as before).

The number is read as a day only where it stands as one: "on the Nth" with no month beside it
(that is a full date, dateparser's), N号 / N日 with no 月 before it, each ending its phrase (at
the end, before punctuation, or before the next clause's subject or question word: "on the 7th
what did I say", "9号我跟你说"). Those few pronouns, question words and auxiliaries are a closed
class of grammar words, listed here, not a vocabulary fitted to questions: "on the 3rd floor"
and "3号线" (metro line 3) are no days. A lone ordinal is never a month (:func:`bare_ordinal`).
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta

_CN_NUM = "零〇一二两三四五六七八九十"
_EN = re.compile(
    r"\bon\s+the\s+(?P<n>\d{1,2})(?:st|nd|rd|th)\b"
    r"(?=\s*(?:$|[,.;:!?)]|(?:i|you|we|he|she|they|what|who|where|when|why|how|did|do|does|"
    r"was|were|is|are|have|had)\b))",
    re.IGNORECASE,
)
_ZH = re.compile(
    rf"(?<![月\d{_CN_NUM}])(?P<n>\d{{1,2}}|[{_CN_NUM}]{{1,3}})[号號日]"
    r"(?=那天|那日|当天|$|[，。？！、,.?!\s]|我|你|他|她|咱)"
)
_AHEAD = re.compile(r"\b(?:will|shall|gonna|going\s+to)\b|'ll\b|将|会|要|打算|准备", re.IGNORECASE)
_BARE = re.compile(
    r"(?:(?:about|on|the|of|from|since|until|till|to|between|and)\s+)*\d{1,2}(?:st|nd|rd|th)",
    re.IGNORECASE,
)


def bare_ordinal(text: str) -> bool:
    """True when a found time text is an ordinal alone ("the 3rd"): no month, no date."""
    return _BARE.fullmatch(text.strip()) is not None


def day_of_month(query: str, now: datetime) -> tuple[str, datetime, datetime] | None:
    """The first day named by its number alone in ``query``, as ``(text, start, end)`` in
    ``now``'s zone, or None."""
    found = [m for m in (_EN.search(query), _ZH.search(query)) if m is not None]
    for match in sorted(found, key=lambda m: m.start()):
        day = _latest(day_number(match.group("n")), now.date(), _AHEAD.search(query) is None)
        if day is not None:
            start = datetime.combine(day, time(), tzinfo=now.tzinfo)
            return match.group(0), start, start + timedelta(days=1)
    return None


def day_number(text: str) -> int:
    if text.isdigit():
        return int(text)
    digits = {c: i for i, c in enumerate("零一二三四五六七八九")} | {"〇": 0, "两": 2}
    if "十" in text:
        tens, _, ones = text.partition("十")
        return digits.get(tens, 1) * 10 + digits.get(ones, 0) if tens or ones else 10
    return digits.get(text, 0) if len(text) == 1 else 0


def _latest(n: int, today: date, past: bool) -> date | None:
    """The latest date on day ``n`` of a month not after ``today``: this month's, or with
    ``past`` an earlier month's (the last that has it); None when there is none."""
    if not 1 <= n <= 31:
        return None
    year, month = today.year, today.month
    for _ in range(12 if past else 1):
        try:
            day = date(year, month, n)
        except ValueError:
            day = None
        if day is not None and day <= today:
            return day
        year, month = (year, month - 1) if month > 1 else (year - 1, 12)
    return None
