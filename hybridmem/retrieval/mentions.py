"""Whether a query asks about the time it names, or only mentions it in passing.

"What did I do on May 7?" or "上周末我做了什么？" asks about a day: the day's memories are the
answer, whatever their words, so the ``time`` feature counts in full. A passage of conversation
used as the query ("Yesterday our garden was full of flowers. I painted them for you.") names
a day as the moment something happened now, not as a question about what was stored then:
there, a memory from that day is no likelier the one sought, and at full weight the window
lifted every memory of the day above the relevant one (MADial-Bench dev, e5, English: the rank
of the relevant memory better in 13 of 80 dialogues and worse in none without the time
feature; issue 38, docs/benchmarks.md). Such a mention counts at the node's own relevance,
as the priors do: it reorders what matches the passage and lifts nothing else.

A query asks about its time when it is a single sentence (a request typed as one, with or
without a question mark: "tell me what I did on May 7") or when the sentence naming the time
ends in a question mark. No word list and no constant: sentence ends are ``! ? 。 ！ ？``, line
breaks and a full stop before a space.
"""

from __future__ import annotations

import re

_END = re.compile(r"[!?。！？\n]+|\.+(?=\s|$)")
"""Sentence ends; a full stop only before a space or the end, so "3.5 km" is one sentence."""
_ASKS = frozenset("?？")


def asks_about(query: str, span: str) -> bool:
    """True when ``query`` asks about the time expression ``span`` (see the module docstring)."""
    text = query.strip()
    at = text.find(span)
    if at < 0:
        return True
    ends = [m for m in _END.finditer(text) if m.end() < len(text)]
    if not ends:
        return True  # one sentence: the query is about what it names
    end = _END.search(text, at + len(span))
    return end is None or bool(_ASKS & set(end.group()))
