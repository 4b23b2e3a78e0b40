"""A conversation's question is found for its words; its answer says what was asked.

In a chat the companion asks back ("Are you in the wedding party?", "太极好啊，练了多久了？")
and the user answers in the next turn ("maid of honor apparently", "刚学，跟着一个姓王的师傅学").
A later question about it ("what's my role in Nadia's wedding?", "教我太极的师傅多大年纪？")
matches the asking turn best, word for word and in the embedder (a question sits near a
question), while the answer, which holds what is sought, often shares no word with it: on the
probing dev set (``benchmarks/data/probing_dev.json``) the companion's question back was the
first hit over the user's answer in five of the eight questions whose evidence was not first.

So a question turn among the packed hits brings its answer (the next turn of the same conversation,
by the other speaker) directly above itself when the answer ranked lower. Nothing is scored
differently and nothing else moves relative to anything else: only that the answer is read
with the question it answers, first. Directly after the question instead was tried: a
question found for a filler word ("how did that go?" against the companion's "How's it
going?") then puts its unrelated answer second rather than first, which costs the real
evidence the same rank either way, while the answers that were sought lost a rank each (dev
set, mean reciprocal rank of the first evidence 0.780 after, 0.844 above, 0.777 without).

Only among the hits already packed (within ``top_k`` and the token budget): the context (printed
in time order) holds the same memories with or without the move, only the hits' order
changes. Reordering before packing pulled answers from past the budget into it, each pushing
the last packed hit out: on LoCoMo (frac at 1,000 tokens, ``benchmarks.fusion_paired``) that
lost 7 questions and won 4 (mean -0.004), a question's evidence pushed out by a reply that
changed the subject. No parameter: a turn asks when its last sentence ends in a
question mark (any script's), and the answer is the turn that follows it.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from hybridmem.models import Hit, MemoryNode

QUESTION_MARKS = frozenset("?？؟")
"""Question marks that end a question: Latin, CJK full width, Arabic."""


def asks(text: str) -> bool:
    """Whether ``text`` ends in a question (its last character, closing quotes and brackets
    aside, is a question mark)."""
    tail = text.rstrip().rstrip("\"'”’」』）)]").rstrip()
    return bool(tail) and tail[-1] in QUESTION_MARKS


def _speaker(node: MemoryNode) -> str | None:
    value = node.metadata.get("speaker")
    return value if isinstance(value, str) else None


def answers_first(
    hits: list[Hit], neighbours: Mapping[str, Sequence[str]], turns: Collection[str]
) -> list[Hit]:
    """``hits`` with every question turn's answer moved directly above it when it ranked below.

    ``neighbours``: each turn's previous and next sibling ids (``expansion.adjacent_siblings``);
    ``turns``: the ids of the candidates that are conversation turns. The answer is the
    question's next sibling among the hits, a turn by another speaker (when both say who
    spoke) that does not itself end in a question.
    """
    if not turns or len(hits) < 2:
        return hits
    by_id = {h.node.id: h for h in hits}
    rank = {h.node.id: i for i, h in enumerate(hits)}
    # One pass (a budget-free retrieve may pack thousands of hits): each question's answer,
    # ranked below it, is written out just before it and skipped at its own place.
    before: dict[str, Hit] = {}
    moved: set[str] = set()
    for hit in hits:
        node = hit.node
        if node.id not in turns or not asks(node.content):
            continue
        answer = answer_of(node, neighbours.get(node.id, ()), by_id, turns)
        if answer is None or rank[answer.node.id] < rank[node.id] or answer.node.id in moved:
            continue  # already above it, or (turns at one instant) claimed by another
        before[node.id] = answer
        moved.add(answer.node.id)
    if not before:
        return hits
    order: list[Hit] = []
    for hit in hits:
        if hit.node.id in moved:
            continue
        if hit.node.id in before:
            order.append(before[hit.node.id])
        order.append(hit)
    return order


def answer_of(
    node: MemoryNode, siblings: Sequence[str], by_id: Mapping[str, Hit], turns: Collection[str]
) -> Hit | None:
    """The hit answering the question turn ``node``: its next sibling among the hits
    (``by_id``), a turn by another speaker that does not itself end in a question."""
    later = [
        by_id[i]
        for i in siblings
        if i in by_id and i in turns and by_id[i].node.created_at > node.created_at
    ]
    if not later:
        return None
    answer = min(later, key=lambda h: h.node.created_at)
    asked_by, answered_by = _speaker(node), _speaker(answer.node)
    if asked_by is not None and asked_by == answered_by:
        return None  # the same speaker going on, not an answer
    if asks(answer.node.content):
        return None  # a question answered by a question tells nothing more
    return answer
