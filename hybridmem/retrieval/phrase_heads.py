"""The head of an English noun phrase: the word a question asks *for*, not *which* one.

A question asks for an attribute of a thing by the head of its noun phrase and names the
thing by the words before it: "my HIV *status*", "a gambling *problem*", "the key safe
*number*", or, with a postmodifier joined by "of" / "for", the word before it: "the *number*
for the gun cabinet". A word the memory does not hold in the head says what of the thing is
asked; one in a modifier says which thing ("*library* card number", "my bank's *phone*
number"). :func:`~hybridmem.retrieval.shared_words.qualified_otherwise` counts only the
latter as qualifying a word the question shares with a sealed memory: read with the head too,
"What's my HIV status?" was no evidence for "I'm HIV positive, undetectable on my meds."
(eighth first-day set) because the memory does not say "status" (benchmarks/sealed_trace.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_BRIDGE = re.compile(r"^[\s'’s-]*\b(?:of|for)\b", re.IGNORECASE)


def head_index(query: str, phrase: Sequence[str]) -> int:
    """The position in ``phrase`` (a run of :func:`~hybridmem.retrieval.shared_words.phrases`,
    lower case) of its head: the word an "of" / "for" follows in ``query`` ("number" of
    ["number", "gun", "cabinet"]), else the last word."""
    text = query.lower()
    pos = 0
    for k, word in enumerate(phrase):
        found = re.search(rf"\b{re.escape(word)}\b", text[pos:])
        if found is None:
            break
        pos += found.end()
        if k + 1 < len(phrase) and _BRIDGE.match(text[pos:]):
            return k
    return len(phrase) - 1
