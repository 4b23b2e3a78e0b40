"""Candidates holding the same words of the question get the same lexical evidence.

The lexical feature is a candidate's BM25 over the query's best (:mod:`.fusion`). Between two
candidates that hold exactly the same terms of the question, BM25 still differs by its length
and repetition terms: the shorter memory, or the one saying the word twice, gets more. Those
terms say how much of a memory is taken by the words, not which memory answers the question;
the words themselves do not tell the two apart. With the full lexical weight on the best match,
that difference decided first-day questions: "我平时怎么去公司？" shares 公司 with both
"我在一家游戏公司做产品经理。" (lexical 1.0) and the answer "我每天骑电动车去公司，大概二十分钟。"
(0.63, a longer sentence), and "我儿子做什么工作？" shares 儿子 with the son who buys the
groceries and the son who is a lawyer (issue 38, the fourth and blind first-day sets).

So statements of a value (the writer's assertion types, ``EvolutionConfig.conflict_types``:
fact, preference) whose held question terms are the same set form one group, and each gets
the group's best BM25: the words rank such a statement by which of the question's words it
holds, and what they cannot tell apart is left to the other channels (similarity, the attribute
read). No constant: the group's own best. A candidate whose held terms this reading cannot see
(a sealed memory's ciphertext, an English inflection the index's stemmer folds and this light
strip does not) keeps its BM25.

Only statements: in a conversation turn or an event (every memory of LoCoMo and MADial) the
share of the text a word takes does say whether the episode is about it. Applied to every
candidate, the rule lost LoCoMo (frac@1000 with multilingual-e5 0.883 / 0.865 -> 0.878 / 0.849,
22 questions moved, 19 of them down) and one MADial English check dialogue; the restriction was
chosen after that run (docs/benchmarks.md, "First day, seventh session").
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from hybridmem.lexical import stemmed_terms
from hybridmem.models import MemoryNode


def held_terms(asked: frozenset[str], text: str) -> frozenset[str]:
    """The terms of ``asked`` (stemmed question terms) that ``text`` holds."""
    return stemmed_terms(text) & asked


def same_words(
    query: str,
    nodes: Mapping[str, MemoryNode],
    bm25: Mapping[str, float],
    stated: Collection[str],
) -> dict[str, float] | None:
    """``bm25`` with every group of candidates of the ``stated`` types (the statements of a
    value: ``EvolutionConfig.conflict_types``) holding the same question terms raised to the
    group's best, or None when no score moves."""
    matched = [
        (i, n)
        for i, score in bm25.items()
        if score > 0 and (n := nodes.get(i)) is not None
        if not n.sensitive and n.node_type in stated
    ]
    if len(matched) < 2:
        return None
    asked = stemmed_terms(query)
    groups: dict[frozenset[str], list[str]] = {}
    for node_id, node in matched:
        held = held_terms(asked, node.content)
        if held:
            groups.setdefault(held, []).append(node_id)
    out = dict(bm25)
    for members in groups.values():
        best = max(bm25[i] for i in members)
        for node_id in members:
            out[node_id] = best
    return out if out != bm25 else None
