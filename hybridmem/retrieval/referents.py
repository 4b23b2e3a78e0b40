"""A turn that speaks of someone by pronoun carries the words of the turn it goes on from.

In a chat a person is named once and then referred to: "my flatmate Jess, she's a junior
doctor" / "Newcastle. she leaves at the start of May"; 我男朋友阿杰 / 他是程序员. The question
names them ("Jess, where is she moving to?", 阿杰，他是做什么工作的？), so the name matches the
first turn lexically and never the answer, which says "she" or 他. The answer's vector does
not hold the name either; embedding a turn after the previous one (tried in issue 38's
probing10 round, ``benchmarks/probing_antecedent.py``) lifted these answers but mixed every
turn with its predecessor's topic and lost more questions than it won.

So only the words are carried, and only along a pronoun, and only for a question that itself
speaks of someone by pronoun ("where is she moving to?", 他是做什么的？): such a question asks
about the person, and its answer is said of them the same way. A question that only names
someone as part of its topic ("what's my role in Nadia's wedding?") carries nothing: there the
carried turns ("her boyfriend proposed on a boat") took the first places from the answer
(probing dev d4, lost by the carry without this condition). A question that names the person
it asks about without a pronoun ("what did Sam get me for Valentine's?", 我男朋友是做什么的？:
:func:`~hybridmem.retrieval.attributes.someone_named`) carries too, unless it names them as
the owner of its topic ("Nadia's wedding", 阿珍的婚礼): that is d4's form (issue 38, probing12:
blind4 o15 won, d4 kept). When a turn matches the query
lexically, the same speaker's next turn of the conversation (the next turn, or the one after
the other speaker's reply), if it holds a third-person personal pronoun, gets that match too
(its raw BM25 plus one term's share of the earlier turn's: the earlier turn's BM25 divided by
the number of the query's terms it holds, as the pronoun stands for one referent, not for
everything the earlier turn said). A pronoun turn that follows it carries the same share on
("I cooked for her at home" / "she loved it. and she got me a knife"). No constant is chosen:
the share is the earlier turn's own per-term match, and the rest of the carried turn's score
(its own similarity, its session) is its own. A turn holding every term the earlier one
matched carries nothing (it names whom it speaks of). Carrying the whole match instead lost
two questions where the earlier turn matched the question's topic words as well as the name
(probing blind3 o3, blind4 z3: every pronoun turn after "表妹小雨…她今年考研" took 考研
too). The pronouns are a closed class (he, she, him, her, his, hers; 他, 她 and their
plurals, not 其他 "other").
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from hybridmem.lexical import stemmed_terms
from hybridmem.models import MemoryNode
from hybridmem.retrieval.attributes import someone_named
from hybridmem.store import TreeStore

_REFERS_BACK = re.compile(r"\b(?:he|she|him|her|his|hers)\b|(?<!其)[他她]", re.IGNORECASE)
"""Third-person personal pronouns, singular in English ("they" is as often nobody in
particular: "they cut the lock"); in Chinese 他 / 她 (their plurals too), not inside 其他."""


def refers_back(text: str) -> bool:
    """Whether ``text`` speaks of someone by a third-person personal pronoun."""
    return _REFERS_BACK.search(text) is not None


def asks_about_someone(query: str) -> bool:
    """Whether ``query`` speaks of someone by pronoun, or names someone as the one it asks
    about: named, and not as the owner of its topic ("Nadia's wedding", 阿珍的婚礼)."""
    if refers_back(query):
        return True
    name = someone_named(query)
    return name is not None and not re.search(re.escape(name) + r"(?:['’]s\b|的)", query)


def carried_matches(
    store: TreeStore,
    query: str,
    bm25: Mapping[str, float],
    matched: Sequence[MemoryNode],
    statuses: Sequence[str],
    window_seconds: float,
    known: Mapping[str, Sequence[str]] | None = None,
) -> dict[str, tuple[MemoryNode, float]]:
    """The pronoun turns that carry an earlier turn's lexical match (see the module
    docstring): by id, the turn and its raw BM25 with one term's share of the match added.
    ``bm25``: the raw BM25 of the lexical matches; ``matched``: the matched turns of a
    conversation to carry from; ``known``: turns' adjacent siblings already found (read as
    :func:`~hybridmem.retrieval.expansion.adjacent_siblings` does), not sought again. One or
    two sibling seeks a step; a chain stops at the first turn without a pronoun."""
    asked = stemmed_terms(query)
    out: dict[str, tuple[MemoryNode, float]] = {}
    share: dict[str, float] = {}
    held: dict[str, frozenset[str]] = {}
    for node in matched:
        terms = asked & stemmed_terms(node.content)
        if terms and bm25.get(node.id, 0.0) > 0:
            share[node.id] = bm25[node.id] / len(terms)  # the pronoun stands for one of them
            held[node.id] = terms
    frontier = [n for n in matched if n.id in share]
    while frontier:
        step: list[MemoryNode] = []
        for origin, turn in _speakers_next(
            store, frontier, statuses, window_seconds, known or {}
        ).items():
            if turn.id in share or not refers_back(turn.content):
                continue  # carried already, or it names whom it speaks of
            if not held[origin] - stemmed_terms(turn.content):
                continue  # it holds every matched term itself: nothing to refer back to
            share[turn.id], held[turn.id] = share[origin], held[origin]
            out[turn.id] = (turn, bm25.get(turn.id, 0.0) + share[origin])
            step.append(turn)
        frontier = step
    return out


def carry_into(
    store: TreeStore,
    query: str,
    bm25: dict[str, float],
    turns: Sequence[MemoryNode],
    statuses: Sequence[str],
    window_seconds: float,
    known: Mapping[str, Sequence[str]],
) -> set[str]:
    """:func:`carried_matches` from the lexically matched ``turns`` (live conversation turns
    among the candidates, ``known`` their adjacent siblings), written into ``bm25``; the
    carried turns' ids (the caller makes those not yet candidates candidates)."""
    matched = [n for n in turns if n.id in bm25]
    carried = carried_matches(store, query, bm25, matched, statuses, window_seconds, known)
    bm25.update({node_id: score for node_id, (_, score) in carried.items()})
    return set(carried)


def _speakers_next(
    store: TreeStore,
    turns: Sequence[MemoryNode],
    statuses: Sequence[str],
    window: float,
    known: Mapping[str, Sequence[str]],
) -> dict[str, MemoryNode]:
    """For each turn (by id), the same speaker's next turn of its conversation: the next
    sibling if it has the same role, else the one after it if that has (a reply between);
    only within ``window`` seconds of the turn."""
    by_id = {n.id: n for n in turns}
    first = _next_sibling(store, turns, statuses, window, known)
    out = {i: n for i, n in first.items() if _role(n) == _role(by_id[i])}
    replies = {i: n for i, n in first.items() if i not in out}
    second = _next_sibling(store, list(replies.values()), statuses, window, known)
    for origin, reply in replies.items():
        after, turn = second.get(reply.id), by_id[origin]
        if (
            after is not None
            and _role(after) == _role(turn)
            and abs((after.created_at - turn.created_at).total_seconds()) <= window
        ):
            out[origin] = after
    return out


def _next_sibling(
    store: TreeStore,
    turns: Sequence[MemoryNode],
    statuses: Sequence[str],
    window: float,
    known: Mapping[str, Sequence[str]],
) -> dict[str, MemoryNode]:
    """Each turn's next sibling (by ``seq``) created within ``window`` seconds of it.
    ``known``: turns' adjacent siblings already found the same way (not sought again)."""
    asked = [t for t in turns if t.id not in known]
    found = store.sibling_neighbours(asked, statuses) if asked else {}
    near = {
        t.id: [
            s for s, at in found.get(t.id, []) if abs((at - t.created_at).total_seconds()) <= window
        ]
        for t in asked
    }
    near.update({t.id: list(known[t.id]) for t in turns if t.id in known})
    siblings = store.get_many({s for ids in near.values() for s in ids})
    out: dict[str, MemoryNode] = {}
    for turn in turns:
        later = [
            siblings[s]
            for s in near.get(turn.id, ())
            if s in siblings and siblings[s].seq > turn.seq
        ]
        if later:
            out[turn.id] = later[0]
    return out


def _role(node: MemoryNode) -> object:
    """Who said the turn, as the conversation path stored it (a turn's memory keeps the
    ``speaker``, its raw copy the message's ``role``)."""
    return node.metadata.get("speaker", node.metadata.get("role"))
