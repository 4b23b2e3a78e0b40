"""Days named by the user's own event ("the day before my interview", 搬家那个周末) -> a window.

A question can name its day by something that happened to the user rather than by the
calendar: "what did I tell you the day before my interview?", "the weekend I moved", "since I
passed my test", 面试前一天, 表姐结婚那天, 年糕做完绝育那个周末. The calendar cannot read these;
the user's own store can. :func:`event_phrase` reads the phrase (a closed grammar: a unit of
days - day, night, morning, evening, weekend, week -, its relation to the event - before,
after, of, or the event told as a clause - and the event's words; 前一天 / 前一晚 / 后一天 /
第二天 / 那天 / 当天 / 那个周末 / 那周 / 以来 after the event's words). The retriever then looks
the event's words up in the store (:meth:`~hybridmem.retrieval.retriever.Retriever.retrieve`
with the event's words as the question) and :func:`event_window` places the window from the
memory found:

- the event's day is the day the memory names when it names one by the calendar ("the
  interview is on 22 October", "booked for 10 November", 2月8号结婚: a plan told before the day),
  read by :func:`~hybridmem.retrieval.timeexpr.find_window` against the memory's own time, the
  named day nearest to it on either side; else the memory's own day (its ``created_at``:
  "interview done", 年会结束了, told on the day);
- the window is that day moved by the phrase's relation (the day before, the day after, the
  weekend or the calendar week holding it, the seven days before or after it, or from it to
  the question's time for "since").

Read only with ``RetrievalConfig.event_days``, off by default: measured on the probing sets, the
event found by its words is at times another event (docs/benchmarks.md, day25). No window when
the phrase is not read, when the best memory of the user's own for the event's
words shares none of them (the event is not in the store), or when the window would start
after the question's time. No constant is chosen on data: the relations are the calendar's.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, tzinfo
from typing import Literal, Protocol

from hybridmem import lexical
from hybridmem.models import Hit, MemoryNode, TimeWindow
from hybridmem.retrieval.referents import speaker_role
from hybridmem.retrieval.replied import COMPANION
from hybridmem.retrieval.timeexpr import find_window


class Reader(Protocol):
    """A question's time reader (:func:`~hybridmem.retrieval.timeexpr.find_window`)."""

    def __call__(
        self, query: str, now: datetime, tz: tzinfo = ..., *, ahead: bool = ...
    ) -> TimeWindow | None: ...


Relation = Literal[
    "day", "before", "after", "weekend", "week", "week_before", "week_after", "since"
]


@dataclass(frozen=True, slots=True)
class EventPhrase:
    """A question's day named by an event: the phrase as written, the event's words, and the
    days the phrase names relative to the event's day."""

    text: str
    event: str
    relation: Relation


_SUBJECT = r"(?:(?:I|I'm|I've|I'd|we|we're|we'd|my|our|the|he|she|they)\b|(?-i:[A-Z][a-z]+)['’]s\b)"
"""How an event told as a clause or a noun phrase begins ("the day I moved", "the day my gran
fell", "the week after the wedding"): a closed class, so "the day before yesterday" or "the
week before last" are left to the calendar's readers."""
_EN = re.compile(
    r"\b(?:on\s+|during\s+|over\s+)?the\s+(?P<unit>day|night|morning|afternoon|evening|weekend|week)"
    r"(?:\s+(?P<rel>before|after|of|when|that))?\s+(?P<event>" + _SUBJECT + r"[^,.;!?]*)",
    re.IGNORECASE,
)
_EN_SINCE = re.compile(r"\bsince\s+(?P<event>" + _SUBJECT + r"[^,.;!?]*)", re.IGNORECASE)
_EN_TAIL = re.compile(r"\s+(?:what|how|did|do|was|were|and|so)\b.*$", re.IGNORECASE)
"""Where an event's words end inside a clause ("the day I moved what did I say"): the question
resumes."""
_ZH = re.compile(
    r"(?P<event>[^，。,.;；!！?？、\s]+?)"
    r"(?P<mark>的?前一天(?:晚上)?|的?前一晚|的?前一天|的?后一天|的?第二天|那天|当天|那个周末|那周末|"
    r"那个星期|那周|以来)"
)
_ZH_RELATION: dict[str, Relation] = {
    "前一天": "before",
    "前一天晚上": "before",
    "前一晚": "before",
    "后一天": "after",
    "第二天": "after",
    "那天": "day",
    "当天": "day",
    "那个周末": "weekend",
    "那周末": "weekend",
    "那个星期": "week",
    "那周": "week",
    "以来": "since",
}
_ADDRESSED = re.compile(r"[你您]")
"""A Chinese "event" speaking to the companion (我跟你说过那天) is the question's frame."""
_DEICTIC = re.compile(
    r"^(?:the\s+)?(?:yesterday|today|tonight|tomorrow|last|next|this|before|after)\b|"
    r"^(?:昨|今|明|前|后|上|下|这|那|本)",
    re.IGNORECASE,
)
"""An "event" that is a time word ("the day after tomorrow", 上周那天): the calendar's, not the
store's."""


def event_phrase(query: str) -> EventPhrase | None:
    """The first day in ``query`` named by an event of the user's, or None."""
    found: list[tuple[int, EventPhrase]] = []
    for m in _EN.finditer(query):
        phrase = _english(m)
        if phrase is not None:
            found.append((m.start(), phrase))
            break
    for m in _EN_SINCE.finditer(query):
        event = _EN_TAIL.sub("", m.group("event")).strip()
        if _is_event(event):
            found.append((m.start(), EventPhrase(m.group(0).strip(), event, "since")))
            break
    for m in _ZH.finditer(query):
        event = m.group("event")
        if _is_event(event) and not _ADDRESSED.search(event):
            relation = _ZH_RELATION[m.group("mark").removeprefix("的")]
            found.append((m.start(), EventPhrase(m.group(0), event, relation)))
            break
    return min(found, key=lambda f: f[0])[1] if found else None


def _english(m: re.Match[str]) -> EventPhrase | None:
    unit, rel = m.group("unit").lower(), (m.group("rel") or "").lower()
    event = _EN_TAIL.sub("", m.group("event")).strip()
    if not _is_event(event):
        return None
    relation: Relation
    if rel in ("before", "after"):
        if unit == "weekend":
            return None  # the weekend before an event: which one is the reader's guess
        if unit == "week":
            relation = "week_before" if rel == "before" else "week_after"
        else:
            relation = "before" if rel == "before" else "after"
    else:
        relation = "weekend" if unit == "weekend" else ("week" if unit == "week" else "day")
    text = m.group(0)[: m.start("event") - m.start() + len(event)].strip()
    return EventPhrase(text, event, relation)


def _is_event(words: str) -> bool:
    """Words that can name an event: a content term, and not a time word of the calendar."""
    return bool(lexical.terms(words)) and not _DEICTIC.match(words.strip())


def shares_words(event: str, node: MemoryNode) -> bool:
    """Whether ``node`` holds a content term of the event's words (as the lexical channel cuts
    them, lightly stemmed): a memory found by meaning alone is not the event."""
    return bool(lexical.stemmed_terms(event) & lexical.stemmed_terms(node.content))


def event_window(
    phrase: EventPhrase,
    memory: MemoryNode,
    now: datetime,
    tz: tzinfo,
    named: TimeWindow | None,
) -> TimeWindow | None:
    """The window ``phrase`` names when its event is ``memory``: ``named`` is the single day the
    memory names by the calendar (see :func:`named_day`), else the memory's own day."""
    local_now = now.astimezone(tz)
    day = (named.start if named else memory.created_at).astimezone(tz).date()
    start, end = _days(phrase.relation, day, local_now.date())
    if start > local_now.date():
        return None  # the event is still to come: no stored memory is of those days
    return TimeWindow(phrase.text, _at(start, tz), _at(end, tz))


def _days(relation: Relation, day: date, today: date) -> tuple[date, date]:
    one = timedelta(days=1)
    if relation == "before":
        return day - one, day
    if relation == "after":
        return day + one, day + 2 * one
    if relation == "weekend":  # the Saturday and Sunday of the event's calendar week
        saturday = day - timedelta(days=day.weekday()) + timedelta(days=5)
        return saturday, saturday + 2 * one
    if relation == "week":
        monday = day - timedelta(days=day.weekday())
        return monday, monday + 7 * one
    if relation == "week_before":
        return day - 7 * one, day
    if relation == "week_after":
        return day + one, day + 8 * one
    if relation == "since":
        return day, max(day, today) + one
    return day, day + one


def _at(d: date, tz: tzinfo) -> datetime:
    return datetime.combine(d, time(), tzinfo=tz)


_TIME_WORD = re.compile(
    r"\b(?:today|tonight|tomorrow|yesterday|ago|last|this|next|week|weekend|month|year|"
    r"mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?s?\b|"
    r"[今明昨前后上下这本]|周|星期|礼拜|号前|天前",
    re.IGNORECASE,
)
"""A day named relative to when it was said ("tomorrow", "this Thursday", 明天): read only
against the memory's own time, never against a shifted clock (below)."""


def named_day(text: str, at: datetime, tz: tzinfo, read: Reader) -> TimeWindow | None:
    """The single day ``text`` (a memory written at ``at``) names by the calendar, nearest to
    ``at`` on either side: a plan's date is ahead of the words ("booked for 10 November",
    2月8号结婚), a report's behind them. ``read`` is the question reader
    (:func:`~hybridmem.retrieval.timeexpr.find_window`), which reads a date without a year as
    the latest not after its clock: read again a month and a year later, its readings of a
    written date are the next ones; a relative form ("tomorrow", "this Thursday", 明天) is
    read at ``at`` alone."""
    readings: list[TimeWindow] = []
    for later in (timedelta(0), timedelta(days=31), timedelta(days=366)):
        window = read(text, at + later, tz, ahead=not later)
        if window is None or window.end - window.start > timedelta(days=1, hours=1):
            continue  # a day, not a range: a month named in passing names no event's day
        if later and _TIME_WORD.search(window.text):
            continue
        readings.append(window)
    if not readings:
        return None
    return min(readings, key=lambda w: abs(w.start - at))


def event_day(
    query: str, lookup: Callable[[str], list[Hit]], now: datetime, tz: tzinfo
) -> TimeWindow | None:
    """The window of the day ``query`` names by the user's own event, when ``lookup`` (a
    retrieval of the event's words) finds the event: the first of its hits that is not the
    companion's, sharing a word with the event's words; else None."""
    phrase = event_phrase(query)
    if phrase is None:
        return None
    own = [h.node for h in lookup(phrase.event) if speaker_role(h.node) != COMPANION]
    if not own or not shares_words(phrase.event, own[0]):
        return None  # the event is not in the store: no day
    named = named_day(own[0].content, own[0].created_at, tz, find_window)
    return event_window(phrase, own[0], now, tz, named)
