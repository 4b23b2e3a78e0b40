"""A ranking's first places hold what was said: not a session's bare node, nor, for a question
about what the user said, the companion's replies.

A conversation's session node is a container: its content is its title ("Conversation
chat-2026-06-21"), and it becomes a hit when that title's date or words match a day question
("on 21 June, what did I tell you about…"), where the asked day's ``time`` feature lifts it over
the day's turns. Placed, it tells the reader nothing the turns below it do not, and it takes
one of the few places a reader looks at.

A question about what the user said ("what did I tell you about the allotment?", "what was I
going on about yesterday?", 上周我跟你说我妈什么了？) asks for the user's own words. The
companion's replies repeat the user's subject ("A 3k run round Kelvingrove Park is a great
first step…"), often at more length and in the question's words, and short replies ("How
lovely!") share a day question's window with the answer: either way they took the first places
of the user's turns (docs/benchmarks.md, issue 38: the ninth and tenth blind probing sets).

So within the first ``places`` of the ranking (the places shared among sessions,
:mod:`~hybridmem.retrieval.session_places`) those hits yield to the next hits that are not;
past the first places, and for any other question the replies, the order is unchanged: the
replies stay in the budget, after the user's turns. No constant of its own: the reading of the
question is a closed class of first-person singular verbs of saying addressed to the
companion ("did I tell / say / mention", "was I telling / going on", 我跟你说 / 聊 / 提,
我说过); "what did we talk about?" asks about both speakers and is left as it is.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence

from hybridmem.models import Hit, MemoryNode, NodeType, session_title
from hybridmem.retrieval.answers import answer_of, asks
from hybridmem.retrieval.referents import speaker_role

_EN_SAID = re.compile(
    r"\b(?:did|do|have|had|was|were|am)\s+i\s+(?:ever\s+|just\s+|already\s+|actually\s+)?"
    r"(?:tell|told|telling|say|said|saying|mention|mentioned|mentioning|talk|talked|talking|"
    r"go(?:ing)?\s+on|went\s+on|rant|ranting|chat|chatting|bring\s+up|brought\s+up|share|shared)\b"
    r"|\bi\s+(?:told|said|mentioned)\s+(?:to\s+)?you\b"
    r"|\bwhat\s+i\s+(?:told|said|mentioned)\b",
    re.IGNORECASE,
)
"""A first-person singular verb of saying in a question ("what did I tell you", "what was I
going on about", "what I said"): the question asks for the user's own words."""

_ZH_SAID = re.compile(
    r"我(?:之前|以前|上次|那天|刚才|早先|也|都|还)?(?:跟|和|同|对|给)你(?:说|讲|聊|提|唠|吐槽)"
    r"|我(?:之前|以前|上次|那天|刚才|早先|也|都|还)?(?:说|讲|提)过"
)
"""The same in Chinese: 我跟你说 / 我和你聊 / 我对你讲 / 我说过 (我们聊了什么 asks about both)."""


def asks_own_words(query: str) -> bool:
    """Whether ``query`` asks what the user said (see the module docstring)."""
    return bool(_EN_SAID.search(query) or _ZH_SAID.search(query))


def bare_session(node: MemoryNode) -> bool:
    """A conversation session's own node holding only its title (as the conversation
    importer writes it), not a summary: it says nothing of what was said."""
    return (
        node.node_type == NodeType.SESSION
        and node.session_id is not None
        and node.content == session_title(node.session_id)
    )


def _reply(node: MemoryNode) -> bool:
    """A turn of the companion (its memory's ``speaker``, its raw copy's ``role``)."""
    return speaker_role(node) == "assistant"


def said_first(
    query: str,
    hits: Sequence[Hit],
    places: int,
    turns: Collection[str] = (),
    neighbours: Mapping[str, Sequence[str]] | None = None,
) -> list[Hit]:
    """``hits`` (best first) with bare session nodes, and for a question about what the user
    said the companion's replies, moved after the first ``places`` hits that are neither (see
    the module docstring); the order is otherwise kept. A moved reply that asks a question
    leaves its place to its answer among the hits (the user's next turn, which
    :func:`~hybridmem.retrieval.answers.answers_first` would have put above it): ``turns``, the
    candidates that are conversation turns; ``neighbours``, their adjacent siblings."""
    if places <= 1:
        return list(hits)
    own = asks_own_words(query)
    by_id = {h.node.id: h for h in hits}
    head: list[Hit] = []
    placed: set[str] = set()
    moved: list[Hit] = []
    for hit in hits:
        if hit.node.id in placed:
            continue
        if len(head) < places and (bare_session(hit.node) or (own and _reply(hit.node))):
            moved.append(hit)
            answer = _answer(hit, by_id, turns, neighbours or {})
            if answer is None or answer.node.id in placed:
                continue
            hit = answer
        elif len(head) >= places:
            head.extend(moved)
            moved = []
        head.append(hit)
        placed.add(hit.node.id)
    return head + moved


def _answer(
    hit: Hit,
    by_id: Mapping[str, Hit],
    turns: Collection[str],
    neighbours: Mapping[str, Sequence[str]],
) -> Hit | None:
    """The answer among ``by_id`` to the reply ``hit`` when it asks a question."""
    node = hit.node
    if node.id not in turns or not asks(node.content):
        return None
    return answer_of(node, neighbours.get(node.id, ()), by_id, turns)
