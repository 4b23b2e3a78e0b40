"""A conversation turn is printed into a budgeted context without the questions it asks back.

A chat turn often ends by handing the talk back: "That's awesome, Mel! How's the painting
going?", "Glad you liked it. What have you been up to?", "挺好的。你最近忙什么呢？". The
question is addressed to the other speaker and says nothing of its own speaker that the
statements beside it do not; what it asks is answered in the next turn, by the other
speaker (:mod:`hybridmem.retrieval.answers` reads it so). Under a token budget those sentences
take the room of further memories: on LoCoMo's dev conversations the default context holds
about 24 turns in 1,000 tokens, and with the questions back elided about 26
(``benchmarks/budget_use.py``, variant ``asks out``; docs/benchmarks.md).

Only the printed line changes: the hit keeps its whole node (one ``get`` away), ``…`` stands
where a question was left out, a ``"Name: "`` label is kept, and a turn that is nothing but
questions, or asks nothing, is printed whole. A question sharing a word with the query is
kept: it is about what is sought, and a tag question states ("Sunflowers mean warmth and
happiness, right?"; 你是上海人吧？). Only turns of a conversation (children of a
session: ``expansion.conversation_turns``): a note or a fact of the user's that asks ("Should
I switch to Octopus?") is an open question of their own and stays whole. No parameter: a
sentence asks when it ends in a question mark (:func:`answers.asks`), sentences end at
``. ! ? …`` before a space and after a CJK stop.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from typing import NamedTuple

from hybridmem import lexical
from hybridmem.retrieval.answers import asks
from hybridmem.retrieval.entities import speaker_label


class Turns(NamedTuple):
    """The candidates that are conversation turns and each turn's adjacent turns (the
    retriever's ``Candidates.turns`` and ``neighbours``: who asks, and who answers), and the
    query as the engine embeds it (its name-free form)."""

    ids: Collection[str]
    neighbours: Mapping[str, Sequence[str]]
    query: str


ELISION = "…"
"""Printed where a question was left out (one cl100k token)."""

_SENTENCE = re.compile(r"(?<=[.!?…])\s+(?=\S)|(?<=[。！？])(?=\S)")
_CJK_END = re.compile(r"[\u3000-\u9fff\uff00-\uffef]$")


def without_questions(content: str, query: Collection[str] = frozenset()) -> str | None:
    """``content`` with its sentences that ask left out (see the module), or ``None`` when
    nothing would be left out or nothing would be left. A question sharing a term with
    ``query`` (its :func:`hybridmem.lexical.terms`) is kept: it is about what is sought."""
    flat = " ".join(content.split())
    prefix, body = "", flat
    if speaker_label(flat) is not None:
        cut = min(i for i in (flat.find(":"), flat.find("：")) if i >= 0) + 1
        prefix, body = flat[:cut] + " ", flat[cut:].lstrip()
    parts = [p for p in _SENTENCE.split(body) if p.strip()]
    keep = [not asks(p) or bool(query and not query.isdisjoint(lexical.terms(p))) for p in parts]
    if all(keep) or not any(keep):
        return None
    out: list[str] = []
    for i, part in enumerate(parts):
        if keep[i]:
            out.append(part)
        elif i == 0 or keep[i - 1]:
            out.append(ELISION)
    text = out[0]
    for piece in out[1:]:
        # Chinese sentences run on without a space; Latin ones take one.
        text += piece if _CJK_END.search(text) else " " + piece
    return prefix + text
