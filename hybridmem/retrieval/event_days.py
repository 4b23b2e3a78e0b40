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
from hybridmem.retrieval import weekday_tense
from hybridmem.retrieval.attributes import someone_named
from hybridmem.retrieval.referents import named_zh, refers_back, speaker_role
from hybridmem.retrieval.replied import COMPANION
from hybridmem.retrieval.timeexpr import find_window
from hybridmem.retrieval.weekday_tense import bare_weekday


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
    """Words that can name an event: a content term, and not a time word of the calendar nor
    a number (:func:`is_number`)."""
    return bool(lexical.terms(words)) and not _DEICTIC.match(words.strip()) and not is_number(words)


_NUMERAL = re.compile(r"[0-9〇零一二三四五六七八九十百千两]")


def is_number(words: str) -> bool:
    """Whether ``words`` are a number and nothing that could be done or happen: every content
    term holds a numeral, or is a single character the segmenter cut from one (双 of 双11).
    A number names a date (618, 双11, 初一), never an event: the store's first memory that
    shares it is any memory that names that number (day25: 618那天 read as the day 618 was
    first mentioned; day26: 双11那天 as 11月3号's turn)."""
    found = lexical.terms(words)
    rest = [t for t in found if not _NUMERAL.search(t)]
    return bool(found) and len(rest) < len(found) and all(len(t) == 1 for t in rest)


Person = Literal["first", "other", "none"]
"""Whose event words tell of: the user's own (I / we / my / 我), someone else's (a name, a
kinship word, a third-person pronoun, "X's"), or no one's in the words (the half marathon,
考科目二)."""

_I_EN = re.compile(r"\b(?:I|I['’](?:m|ve|d|ll)|we|we['’](?:re|ve|d|ll))\b")
_MY_EN = re.compile(r"^(?:my|our)\b", re.IGNORECASE)
_I_ZH = re.compile(r"我们?")
_FUNCTION_S = re.compile(r"\b(?i:it|that|there|here|what|who|where|how|let|he|she)['’]s\b")
_POSSESSOR = re.compile(r"\b(?:(?-i:[A-Z][a-z]+)|the\s+[a-z]+)['’]s\b")
"""Someone's event or action told by a name or a noun with 's ("Mum's move", "Gran's been
moved", "the owner's cut my hours"); "it's", "that's" are not someone."""


def _someone_else(text: str) -> bool:
    possessor = _POSSESSOR.search(_FUNCTION_S.sub(" ", text))
    return bool(possessor or someone_named(text) or named_zh(text) or refers_back(text))


def event_person(event: str) -> Person:
    """Whose event the question's words name: "I moved", "my birthday", 我搬家 are the user's
    own; "Mum's move", "my brother's wedding", 我爸做手术, 表姐结婚 someone else's; "the half
    marathon", 考科目二 no one's in the words. An English clause's subject I / we decides
    before a name later in it ("I got the job at Heron")."""
    words = event.strip()
    if _I_EN.match(words):
        return "first"
    if _someone_else(words):
        return "other"
    if _MY_EN.match(words) or _I_ZH.match(words):
        return "first"
    return "none"


_CLAUSE = re.compile(r"[,.;!?，。；！？:：\n]")


def memory_person(event: str, node: MemoryNode) -> Person:
    """Who does the event's word in ``node``: the subject before the first of the event's
    content terms in the memory, within its clause ("also Gran's been | moved", "the owner's |
    cut my hours", 我妈下周 | 搬去我姐家, 今天我28岁 | 生日): someone else when a name, a
    kinship word, a third-person pronoun or an "X's" is there; the speaker when I / we / 我
    is; else no one said. "my" alone is no subject (my wee brother Declan is getting
    married)."""
    text = node.content
    wanted = lexical.stemmed_terms(event)
    lowered = text.lower()
    starts = [lowered.find(term) for term in wanted if term and lowered.find(term) >= 0]
    if not starts:
        return "none"
    before = text[: min(starts)]
    clause = _CLAUSE.split(before)[-1]
    clause = re.sub(r"^\s*(?:user|assistant)\s*:\s*", "", clause)
    if _someone_else(clause):
        return "other"
    if _I_EN.search(clause) or _I_ZH.search(clause):
        return "first"
    return "none"


def agrees(event: str, node: MemoryNode) -> bool:
    """Whether ``node`` can be the event the question names by the grammatical person of both:
    the user's own event is not a memory of someone else doing it ("I moved" is not "Gran's
    been moved", 我过生日 not 小雨生日), and someone else's is not the user's ("Mum's move" is
    not "I'm moving to a flat")."""
    asked, told = event_person(event), memory_person(event, node)
    return {asked, told} != {"first", "other"}


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
    read at ``at`` alone, and a bare weekday in a plan is the next one
    (:mod:`~hybridmem.retrieval.weekday_tense`)."""
    readings: list[TimeWindow] = []
    for later in (timedelta(0), timedelta(days=31), timedelta(days=366)):
        window = read(text, at + later, tz, ahead=not later)
        if window is None or window.end - window.start > timedelta(days=1, hours=1):
            continue  # a day, not a range: a month named in passing names no event's day
        if later and _TIME_WORD.search(window.text):
            continue
        readings.append(_planned(window, text, at, tz) if not later else window)
    if not readings:
        return None
    return min(readings, key=lambda w: abs(w.start - at))


def _planned(window: TimeWindow, text: str, at: datetime, tz: tzinfo) -> TimeWindow:
    """``window`` a week later when it is a bare weekday the reader placed before ``at``'s day
    and the clause that holds it tells a plan ("it's my birthday on Saturday" said on
    Thursday: the coming Saturday, not the last; 周四要去拔智齿)."""
    if not bare_weekday(window.text) or not weekday_tense.ahead(text, window.text):
        return window
    if window.start.astimezone(tz).date() >= at.astimezone(tz).date():
        return window
    week = timedelta(days=7)
    return TimeWindow(window.text, window.start + week, window.end + week)


def event_day(
    query: str, lookup: Callable[[str], list[Hit]], now: datetime, tz: tzinfo
) -> TimeWindow | None:
    """The window of the day ``query`` names by the user's own event, when ``lookup`` (a
    retrieval of the event's words) finds the event (the first of :func:`event_anchors`); else
    None, and None when the event's words are a date the calendar reads alone (春节, 国庆: a
    holiday is a date, not an event)."""
    phrase = event_phrase(query)
    if phrase is None or find_window(phrase.event, now, tz) is not None:
        return None
    anchors = event_anchors(phrase.event, lookup)
    if not anchors:
        return None  # the event is not in the store: no day
    return event_window(phrase, anchors[0], now, tz, anchor_day(anchors[0], tz))


def event_anchors(event: str, lookup: Callable[[str], list[Hit]]) -> list[MemoryNode]:
    """The memories that can be the event, best first: the user's (not the companion's) hits
    of the event's words that share a word with them (:func:`shares_words`) and agree
    with it in grammatical person (:func:`agrees`)."""
    return [
        h.node
        for h in lookup(event)
        if speaker_role(h.node) != COMPANION
        and shares_words(event, h.node)
        and agrees(event, h.node)
    ]


def anchor_day(node: MemoryNode, tz: tzinfo) -> TimeWindow | None:
    """The single day a memory of an event names by the calendar (:func:`named_day`), or None
    (its own day is the event's)."""
    return named_day(node.content, node.created_at, tz, find_window)
