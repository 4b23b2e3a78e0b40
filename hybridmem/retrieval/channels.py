"""The two searches that find candidates in a resolved scope: lexical (FTS5 BM25, filtered
in SQL) and vector (the index, filtered in ``where``; granted subtrees of other agents
searched apart). The retriever calls them; each adds what it finds to the candidates."""

from __future__ import annotations

from typing import Any

from hybridmem import lexical
from hybridmem.core import Core
from hybridmem.core.vectors import ScopeSearch, search_scope
from hybridmem.retrieval.candidates import Candidates
from hybridmem.retrieval.fillers import topic_words
from hybridmem.retrieval.permissions import granted_subtrees
from hybridmem.retrieval.scoping import ResolvedScope


def lexical_channel(
    core: Core, text: str, resolved: ResolvedScope, out: Candidates
) -> dict[str, float]:
    """BM25 of ``text``'s lexical matches in scope (top ``lexical_candidates``), each
    added to ``out`` as a lexical candidate."""
    cfg = core.engine.config.retrieval
    expression = lexical_expression(text) if cfg.lexical_candidates else None
    if not expression:
        return {}
    found = list(
        core.engine.store.lexical_search(
            expression, resolved.scope, cfg.include_statuses, cfg.lexical_candidates
        )
    )
    for node_id, _ in found:
        out.add(node_id, "lexical")
    return dict(found)


def lexical_expression(text: str) -> str | None:
    """The FTS5 expression of ``text``'s topic words (None: nothing to match). One place, so
    a benchmark reading the query otherwise swaps this alone."""
    return lexical.match_expression(topic_words(text))


def lexical_topic(
    core: Core, topic: str, resolved: ResolvedScope, out: Candidates, on_path: set[str]
) -> None:
    """The lexical feature of a speaker-naming query reads its name-free form, as the
    vector does: who is the speaker feature's alone. (A name is rare in the store but in
    every line of its speaker, so the query's BM25 ranked a speaker's short lines, mostly
    their name, above the lines on the topic.) The first matches stay candidates."""
    out.bm25 = lexical_channel(core, topic, resolved, out)
    new = {i for i in out.bm25 if i not in out.nodes} - on_path
    out.nodes.update(core.engine.store.get_many(new))


def vector_channel(core: Core, vector: Any, resolved: ResolvedScope) -> ScopeSearch:
    """The vector candidates of ``resolved``'s scope for ``vector``."""
    cfg = core.engine.config.retrieval
    found = search_scope(
        core.engine,
        vector,
        cfg.vector_candidates,
        resolved.scope,
        cfg.include_statuses,
        resolved.where,
        resolved.ids,
    )
    if resolved.scope.readers is not None:
        found = granted_subtrees(
            core, vector, cfg.vector_candidates, resolved, cfg.include_statuses, found
        )
    return found
