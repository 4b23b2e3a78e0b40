"""A memory too long for what is left of the token budget, printed as the sentences that
match the query and their neighbours.

Under a budget the packer takes hits in rank order and skips one that does not fit whole, so
a long memory ranked above the last packed hit can be lost while shorter, lower-ranked ones
are printed (issue 38: 23-27 of the 587 evidence turns of LoCoMo's check half). Printed
whole, such a memory would leave out something better ranked; left out, the context holds
nothing of it. Here it gets a second chance: its sentences sharing a term with the query
(:func:`hybridmem.lexical.terms`, the evidence the lexical channel already reads), each with
the sentence before and after it (an answer often follows the sentence that names the topic,
or leads to it), or when that does not fit either, the matching sentences alone;
:data:`ELISION` where sentences were left out, the ``Name:`` speaker label kept. Only a
memory that would otherwise be skipped is shortened: every memory the packing printed whole
before is printed whole still, so no answer is cut out of one. The hit keeps its whole node
(its id and content: one ``get`` away; ``Packed.shortened`` names it), and the context says a
memory was shortened by the elision mark, where the words left out stood.

Shortening every memory instead fits ~9 more turns into 1,000 tokens but cuts the answer out
of 1 in 7 contexts that held it: the sentence that answers often shares no word with the
question (docs/benchmarks.md, "How the 1,000 tokens are spent").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection

from hybridmem import lexical
from hybridmem.models import MemoryNode
from hybridmem.retrieval.entities import speaker_label

ELISION = "…"
"""Printed where sentences were left out (one cl100k token)."""

WIDEST = 1
"""Sentences kept on each side of a matching one in the widest shorter print. LoCoMo's
two-fold cross-validation over 0 / 1 / 2 (both embedders) gives 0 and 1 the same frac and
answer containment on both halves and 2 less on the check half; 1 keeps the answer that
follows or precedes the matching sentence where it fits (docs/benchmarks.md, locomo13)."""

_SENTENCE = re.compile(r"(?<=[.!?…])\s+(?=\S)|(?<=[。！？])(?=\S)")
"""A sentence ends at ``. ! ? …`` followed by space, or at a CJK full stop (no space)."""

Shorten = Callable[[MemoryNode], list[str]]
"""What may be printed for a memory that does not fit whole, widest first (empty: nothing
shorter)."""


def sentences(text: str) -> list[str]:
    """``text`` split into sentences (whitespace flattened)."""
    flat = " ".join(text.split())
    return [s for s in _SENTENCE.split(flat) if s.strip()]


def split(content: str) -> tuple[str, list[str]]:
    """The speaker label (``"Name: "`` or empty) and the sentences after it."""
    flat = " ".join(content.split())
    prefix, body = "", flat
    if speaker_label(flat) is not None:
        cut = min(i for i in (flat.find(":"), flat.find("：")) if i >= 0) + 1
        prefix, body = flat[:cut] + " ", flat[cut:].lstrip()
    return prefix, sentences(body)


def excerpt(
    content: str,
    wanted: Collection[str],
    *,
    before: int = 0,
    after: int = 0,
    also: Callable[[list[str]], list[bool]] | None = None,
) -> str | None:
    """The sentences of ``content`` sharing a term with ``wanted`` (or marked by ``also``),
    ``before`` / ``after`` sentences around each kept too, :data:`ELISION` where others were
    left out; ``None`` when nothing would be left out (no sentence matches, or all are
    kept). A ``"Name: ..."`` speaker label is kept in front whatever the sentence it opens."""
    prefix, parts = split(content)
    if len(parts) < 2:
        return None
    asked = set(wanted)
    match = [bool(asked.intersection(lexical.terms(p))) for p in parts]
    if also is not None:
        match = [a or b for a, b in zip(match, also(parts), strict=True)]
    keep = [any(match[max(0, i - after) : i + before + 1]) for i in range(len(parts))]
    if all(keep) or not any(keep):
        return None
    out: list[str] = []
    for i, part in enumerate(parts):
        if keep[i]:
            if i > 0 and not keep[i - 1]:
                out.append(ELISION)
            out.append(part)
    if not keep[-1]:
        out.append(ELISION)
    return prefix + " ".join(out)


def shortener(query: str, widest: int = WIDEST, narrowest: int = 0) -> Shorten:
    """A memory's shorter prints for ``query``, widest first: its matching sentences with
    ``widest`` sentences on each side, then one fewer, down to ``narrowest`` (0: the
    matches alone; see the module); the packer prints the first that fits. A print that
    comes out the same as a wider one is given once. The query's terms are read at the
    first call: with no budget, or one every memory fits, nothing is read."""
    wanted: list[frozenset[str]] = []

    def shorten(node: MemoryNode) -> list[str]:
        if not wanted:
            wanted.append(frozenset(lexical.terms(query)))
        out: list[str] = []
        for n in range(widest, narrowest - 1, -1):
            text = excerpt(node.content, wanted[0], before=n, after=n)
            if text is not None and text not in out:
                out.append(text)
        return out

    return shorten
