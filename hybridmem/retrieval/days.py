"""A question about a day comes to that day first (issue 38).

"What did we talk about on May 4th?", "5月4号我们聊了什么？", "what did I do last weekend?":
the named day's memories are the answer, whatever their words, and the question's other words
("talk", 聊) only say which of them first. With the ``time`` feature one weight among the others
(2.0 of ~8), another day's memory matching a word of the question - every day's "我跟邻居聊了
聊..." for 聊 - plus its session's lift outweighed the day's own unrelated turns: 14 of the ~47
turns of the context of "5月4号我们聊了什么？" were other days' (``benchmarks.day_pieces``).

So when the query asks about (:mod:`~hybridmem.retrieval.mentions`) a window of days - at most
a week: a day, a weekday, a weekend, a range of days, "last week" - ``time`` weighs as much as
every other feature together. A memory inside the window with no other evidence then scores at
least what the best possible memory outside it could (and any evidence puts it ahead), so the
window's memories come first, ordered among themselves by the rest of the score: relevance,
then priors. No word of the question is singled out.

Wider windows ("in March 2023", "last year", "去年") keep the configured weight: a month or a
year is more often when an event happened than when it was told (LoCoMo's "in March 2023",
told in May), and a strong weight there lost LoCoMo questions (docs/benchmarks.md, issue 38).
The week as the bound is the calendar's: the widest span a day question names ("上周",
"last week") before months begin. A time a passage only mentions keeps counting at each
node's relevance, as before.
"""

from __future__ import annotations

from hybridmem.models import TimeWindow


def asks_days(window: TimeWindow | None, asks: bool) -> bool:
    """True when the query asks about (``asks``) a window of at most a week."""
    return window is not None and asks and window.of_days()


def day_weight(configured: float, others: float) -> float:
    """The ``time`` weight of a question about days: as much as all the ``others`` together
    (their effective weights' sum), never less than the ``configured`` one; 0 stays 0 (time
    expressions turned off by their weight)."""
    if configured <= 0:
        return 0.0
    return max(configured, others)
