"""The companion's reply brings the user's turn it replies to, when the context lacks it.

A companion answers the user's news by saying it back, in the user's words and with the
subject's name the user left out ("physio at work says it's a pulley strain, no climbing for six
weeks" / "A pulley strain and six weeks off climbing just as you were getting into bouldering";
"and the sellers agreed to drop to 178" / "The sellers agreed to drop the flat to £178,000";
"人挺好的，在阿里做测试" / "在阿里做测试，又爱干净，听起来是个很靠谱的室友"). A later question
names the subject ("am I still going bouldering?", "how much are we paying for the flat?"), so
the reply matches it better than the user's turn, which never named it: the reply is among the
first hits and what the user said is not (issue 38: three of probing blind14's four English hit@5
misses, three of blind13's four). The reply is the companion's paraphrase; what the user said is the
user's turn, the one a caller should read.

So a companion's turn among the packed hits brings the turn it replies to, the user's turn
just before it in the conversation (:func:`~hybridmem.retrieval.referents.previous_turn`,
within the neighbour window), into its own hit: one memory line with both texts in the order
they were said, citing both, as :mod:`~hybridmem.retrieval.continuations` joins a user's next
turn, under its rules (no place taken, never a turn the context holds, only in the tokens the
packed hits left unused, only a turn this caller may be returned). A companion's turn that
opens a conversation, or follows another of its own, brings nothing; memories not imported as
a conversation (no speaker) are never paired. No constant.
"""

from __future__ import annotations

from collections.abc import Sequence

from hybridmem.models import Hit, MemoryNode
from hybridmem.retrieval.candidates import Candidates
from hybridmem.retrieval.referents import previous_turn, speaker_role
from hybridmem.store import TreeStore

USER, COMPANION = "user", "assistant"
"""The roles the conversation path stores for the user's turns and the companion's
(``add_messages``; a turn given a name is stored under the name and is not paired)."""


def replied_turns(
    store: TreeStore,
    packed: Sequence[Hit],
    cands: Candidates,
    statuses: Sequence[str],
    window_seconds: float,
) -> dict[str, MemoryNode]:
    """Each packed companion turn's id -> the user's turn it replies to, when that is not
    packed (a hit of its own or riding in one)."""
    turns = cands.turns or set()
    replies = [h.node for h in packed if h.node.id in turns and speaker_role(h.node) == COMPANION]
    if not replies:
        return {}
    shown = {n.id for h in packed for n in (h.node, *h.merged)}
    before = previous_turn(store, replies, statuses, window_seconds, cands.neighbours)
    return {i: n for i, n in before.items() if speaker_role(n) == USER and n.id not in shown}
