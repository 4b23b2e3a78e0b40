"""English time phrases of chat that dateparser does not read, said in the words it does.

Measured on a list of everyday forms (issue 38, probing24): "on Sat", "last Weds", "a couple of
days ago", "a few weeks ago", "three weeks back" named no window, though "on Saturday", "two
days ago" and "three weeks ago" do. Each phrase here is rewritten to the form dateparser reads
and resolved alone by the caller's reader (:func:`~hybridmem.retrieval.timeexpr.find_window`
passes its English search), so the window is exactly the written form's:

- a weekday's abbreviation (mon, tue/tues, wed/weds, thu/thur/thurs, fri, sat, sun) only after
  a word that makes it a day: on, last, this, past, since, until, till, by, from ("I sat down",
  "the sun", "we wed in May" are no days);
- "a couple of" and "a few" as a count before a unit and "ago": two and three, their dictionary
  sense; the count's window is the written number's (a vague distance widens with it);
- "back" after a count and a unit ("three weeks back") is "ago".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

# (phrase as written, start, end) or None: the caller's English reader.
Reader = Callable[[str, datetime], tuple[str, datetime, datetime] | None]

_WEEKDAYS = {
    "mon": "Monday",
    "tue": "Tuesday",
    "tues": "Tuesday",
    "wed": "Wednesday",
    "weds": "Wednesday",
    "thu": "Thursday",
    "thur": "Thursday",
    "thurs": "Thursday",
    "fri": "Friday",
    "sat": "Saturday",
    "sun": "Sunday",
}
_UNIT = r"(?:days?|weeks?|months?|years?)"
_ABBREVIATED = re.compile(
    rf"\b(?P<pre>on|last|this|past|since|until|till|by|from)\s+(?P<day>{'|'.join(_WEEKDAYS)})\b\.?",
    re.IGNORECASE,
)
_VAGUE_COUNT = re.compile(
    rf"\ba\s+(?P<count>couple(?:\s+of)?|few)\s+(?P<unit>{_UNIT})\s+ago\b", re.I
)
_BACK = re.compile(rf"\b(?P<count>\d+|[a-z]+)\s+(?P<unit>{_UNIT})\s+back\b", re.IGNORECASE)


def spoken_window(query: str, now: datetime, read: Reader) -> tuple[str, datetime, datetime] | None:
    """The first of this module's phrases in ``query`` that ``read`` resolves, rewritten, as
    ``(phrase as written, start, end)``; or None."""
    found: list[tuple[int, str, str]] = []
    for match in _ABBREVIATED.finditer(query):
        day = _WEEKDAYS[match.group("day").lower()]
        found.append((match.start(), match.group(0), f"{match.group('pre')} {day}"))
    for match in _VAGUE_COUNT.finditer(query):
        count = "3" if match.group("count").lower() == "few" else "2"
        found.append((match.start(), match.group(0), f"{count} {match.group('unit')} ago"))
    for match in _BACK.finditer(query):
        found.append(
            (match.start(), match.group(0), f"{match.group('count')} {match.group('unit')} ago")
        )
    for _, written, said in sorted(found):
        window = read(said, now)
        if window is not None:
            return written.rstrip("."), window[1], window[2]
    return None
