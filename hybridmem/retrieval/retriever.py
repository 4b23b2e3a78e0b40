"""Task-scoped hybrid retrieval: scope -> candidates -> explainable score -> budget packing.

1. Query: derive the query's effective weights (the vector comes in step 3).
2. Scope (:mod:`~hybridmem.retrieval.scoping`): the active task subtree plus the user-level
   memories, or the whole tree; the ancestor path is always shown.
3. Candidates: lexical top-N from FTS5 (filtered in SQL) ∪ structural ones (recent children
   of the active node) ∪ vector top-N from the index (filtered in ``where``) ∪ the adjacent
   turns of the best ones. A query naming a speaker of the candidates ("Name: ..." memories)
   is embedded without the names, and that vector gives every candidate's similarity
   (``refocus``: who is the speaker feature's job, what the vector's). The non-vector
   candidates are gathered first, so their speakers decide which form is embedded: usually
   one embedding and one vector search, whether the query names a speaker or not.
4. Score: a weighted mean of per-query features (see :mod:`hybridmem.scoring`); nodes under
   ``min_weight`` are dropped; identical memories are merged into one hit.
5. Pack: ancestor path first, then hits while they fit the token budget; the packed hits'
   access is recorded unless ``record_access=False``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import Any
from zoneinfo import ZoneInfo

from hybridmem import scoring
from hybridmem.config import RetrievalConfig
from hybridmem.core import Core
from hybridmem.core.grants import Access, not_found
from hybridmem.core.vectors import node_vectors
from hybridmem.embedding import embed_query
from hybridmem.filters import NodeFilter
from hybridmem.index import VectorMatch
from hybridmem.models import Hit, MemoryNode, RetrievalResult, TimeWindow
from hybridmem.retrieval import fusion
from hybridmem.retrieval.answers import answers_first
from hybridmem.retrieval.attributes import agreed, answering
from hybridmem.retrieval.candidates import Candidates, Query, Visible
from hybridmem.retrieval.channels import lexical_channel, lexical_topic, vector_channel
from hybridmem.retrieval.context import Packed, pack
from hybridmem.retrieval.continuations import with_next_turns
from hybridmem.retrieval.days import asks_days
from hybridmem.retrieval.entities import (
    query_words,
    speaker_feature,
    speaker_names,
    topic_query,
)
from hybridmem.retrieval.event_days import event_day
from hybridmem.retrieval.expansion import (
    adjacent_siblings,
    conversation_turns,
    neighbour_feature,
    parent_feature,
    speakers_next,
)
from hybridmem.retrieval.function_words import statement_words
from hybridmem.retrieval.groups import assertions_first, group_values, merge_duplicates, theirs
from hybridmem.retrieval.language import reads_cjk, similarity_scale
from hybridmem.retrieval.lexical_trust import conversation_line
from hybridmem.retrieval.mentions import asks_about
from hybridmem.retrieval.newer_values import newer_first
from hybridmem.retrieval.own_words import said_first
from hybridmem.retrieval.permissions import restrict
from hybridmem.retrieval.referents import (
    asks_about_someone,
    at_antecedent,
    by_pronoun,
    carry_into,
)
from hybridmem.retrieval.returnable import Returnable
from hybridmem.retrieval.scoping import ResolvedScope, ScopeName, resolve_scope
from hybridmem.retrieval.sensitive import sealed_lexical, withheld
from hybridmem.retrieval.session_places import share_places
from hybridmem.retrieval.session_reach import session_lift
from hybridmem.retrieval.shortened import shortener
from hybridmem.retrieval.spans import moment_in
from hybridmem.retrieval.timeexpr import find_window
from hybridmem.retrieval.unfold import folded_neighbours, prefer_details, summary_backed, unfold
from hybridmem.retrieval.visibility import visibility
from hybridmem.store import TreeStore

MAX_FILTER_IDS = 500
"""Most filtered nodes whose vectors a retrieval scores itself (see ``Retriever.narrow``).
Fetching stored vectors costs ~0.07 ms each (benchmarks/filters.py: a 50% filter over 2000
nodes scored 1000 of them at p50 380 ms); past this a filter keeps enough of the ordinary
candidates (>= ~5% of the scope) for a post-filter to fill top_k."""


Asked = tuple[str, str | None, str | None, str | None, ScopeName, Access | None]
"""How a question was asked: its user, task, agent, session, scope and access."""
EVENT_HITS = 8
"""Hits asked for when an event's words are looked up (``retrieve``'s own default ``top_k``,
not chosen on data): the same whatever the question asks for, so a question's window does not
depend on how many hits it wants."""


class Retriever:
    """Runs one retrieval against the stores. Holds no state between calls."""

    def __init__(self, core: Core) -> None:
        self.core = core

    @property
    def store(self) -> TreeStore:
        return self.core.engine.store

    @property
    def config(self) -> RetrievalConfig:
        return self.core.engine.config.retrieval

    def retrieve(
        self,
        query: str,
        *,
        user_id: str,
        task_id: str | None,
        top_k: int,
        token_budget: int | None,
        agent_id: str | None = None,
        session_id: str | None = None,
        scope: ScopeName = "task",
        record_access: bool = True,
        node_filter: NodeFilter | None = None,
        min_score: float | None = None,
        access: Access | None = None,
        include_sensitive: bool = False,
    ) -> RetrievalResult:
        """One retrieval (see the module docstring for the steps). ``node_filter`` (types,
        metadata) narrows the candidates (:meth:`narrow`); ``min_score`` drops hits scoring
        below it before packing. ``access``: an agent's read set (own, shared, granted),
        applied before any ranking (:mod:`~hybridmem.retrieval.permissions`). Sensitive
        memories are candidates only when the question is about them
        (:mod:`~hybridmem.retrieval.sensitive`), or always with ``include_sensitive``."""
        q = self.prepare(query, (user_id, task_id, agent_id, session_id, scope, access))
        active_id = self.store.get_active(user_id)
        active = self.store.get(active_id) if active_id else None
        resolved = resolve_scope(self.core, user_id, task_id, active, scope)
        if access is not None:
            q, resolved = self.permitted(q, resolved, access, user_id, task_id)
        allowed: set[str] | None = None
        matches: list[VectorMatch] | None = None
        if node_filter is not None and not node_filter.empty:
            q, resolved, allowed, matches = self.narrow(q, resolved, node_filter)
        path = resolved.path
        if q.visible is not None:
            path = [n for n in path if q.visible(n)]  # agent/session scoping on the path too
        on_path = {n.id for n in resolved.path}
        limits = Returnable(
            user_id, self.config.include_statuses, q.visible, allowed, include_sensitive
        )
        q, cands = self.gather(q, resolved, active, on_path, matches, limits)
        if matches is None:
            q = self.refocus(q, resolved, cands, on_path)
        # Unfolded first: expand() treats a compressed session's turns as it does live ones.
        self.unfold(q, resolved, cands, on_path)
        self.expand(q, cands, on_path)
        # The user's root (a container, "Memory of u": on the path, never a hit), filtered
        # and invisible nodes go; they were never on the scale (:mod:`.returnable`).
        cands.nodes, cands.bm25 = limits.only(cands.nodes, cands.bm25, cands.unfolded)
        self.read_attributes(q, cands, include_sensitive)
        hits = prefer_details(merge_duplicates(self.score(q, cands, resolved.anchor)))
        about = q.window if asks_about_someone(q.text) else None
        hits, notes = self.arrange(
            user_id, hits, top_k, min_score, include_sensitive, cands, q.window, about
        )
        hits = said_first(
            query, hits, self.config.session_places, cands.turns or (), cands.neighbours
        )
        packed, ordered = self.packed(
            query, path, hits, top_k, token_budget, notes, cands, include_sensitive, min_score
        )
        if record_access:
            self.store.touch([h.node.id for h in packed.hits], q.now)
        # Told only when this query really had no vector candidates (issue 11, defect 17).
        off = None if cands.vectors_from_rows else q.vector_off
        return RetrievalResult(
            query=query,
            user_id=user_id,
            scope_id=resolved.node.id if resolved.node else None,
            hits=ordered,
            path=packed.path,
            context=packed.context,
            tokens=packed.tokens,
            candidates=len(hits),
            dropped_for_budget=packed.dropped,
            time_window=q.window,
            vector_unavailable=off is not None,
            vector_unavailable_reason=off,
            shortened=[h.node.id for h in packed.hits if h.node.id in packed.shortened],
        )

    def packed(
        self,
        query: str,
        path: list[MemoryNode],
        hits: list[Hit],
        top_k: int,
        budget: int | None,
        notes: dict[str, str],
        cands: Candidates,
        include_sensitive: bool,
        min_score: float | None,
    ) -> tuple[Packed, list[Hit]]:
        """The context (:meth:`fill`) and its hits in their final order: a question turn's
        answer above it (:mod:`~.answers`), a user's next turn and the user's turn a reply
        replies to riding (:mod:`~.continuations`, :mod:`~.replied`)."""
        packed = self.fill(query, path, hits, top_k, budget, notes)
        ordered = answers_first(packed.hits, cands.neighbours, cands.turns or ())
        if not (self.config.join_next_turns or self.config.join_replied_turns):
            return packed, ordered
        refill = lambda hs: self.fill(query, path, hs, len(hs), budget, notes)  # noqa: E731
        counter, admits = self.core.engine.counter, (include_sensitive, min_score)
        return with_next_turns(
            self.store,
            packed,
            ordered,
            hits,
            cands,
            budget,
            self.config,
            counter,
            notes,
            admits,
            refill,
        )

    def fill(
        self,
        query: str,
        path: list[MemoryNode],
        hits: list[Hit],
        top_k: int,
        budget: int | None,
        notes: dict[str, str],
    ) -> Packed:
        """The context: the path, then the hits in rank order while they fit ``budget``; a
        hit too long for what is left is printed shorter when that fits
        (:mod:`~hybridmem.retrieval.shortened`)."""
        return pack(
            path,
            hits,
            top_k=top_k,
            budget=budget,
            counter=self.core.engine.counter,
            style=self.config.context_format,
            notes=notes,
            shorten=shortener(query),
        )

    def permitted(
        self,
        q: Query,
        resolved: ResolvedScope,
        access: Access,
        user_id: str,
        task_id: str | None,
    ) -> tuple[Query, ResolvedScope]:
        """``q`` and ``resolved`` narrowed to ``access``'s read set, before any ranking
        (:mod:`~hybridmem.retrieval.permissions`); another agent's task as the scope is
        refused as a missing one."""
        if access.restricted:
            q = replace(q, visible=access.can_read)
        if task_id is not None and resolved.node is not None and not access.can_read(resolved.node):
            raise not_found(task_id, user_id)
        return q, restrict(resolved, access, self.config.include_statuses)

    def arrange(
        self,
        user_id: str,
        hits: list[Hit],
        top_k: int,
        min_score: float | None,
        include_sensitive: bool,
        cands: Candidates | None = None,
        window: TimeWindow | None = None,
        about: TimeWindow | None = None,
    ) -> tuple[list[Hit], dict[str, str]]:
        """The scored hits as packed: those under ``min_score`` dropped, a conflict group's
        values noted (:mod:`~hybridmem.retrieval.groups`; a sealed value is quoted only when
        it is itself a hit, unless ``include_sensitive``), assertions first (on the raw
        similarity of ``cands``, a conversation's turns on their fused score); with ``cands``,
        a session's lift first shares the first places (:mod:`~.session_places`); ``window``:
        the time the query names: an older value said in it stays, and records of one
        occasion do not yield (:func:`~.groups.said_within`, :func:`~.groups.assertions_first`);
        ``about``: that time when the query asks about someone: a feeling said in it keeps its
        place (:func:`~.groups.assertions_first`'s ``asked``)."""
        if cands is not None:
            turns, places = cands.turns or (), self.config.session_places
            hits = share_places(hits, turns, places, cands.neighbours)
        if min_score is not None:
            hits = [h for h in hits if h.score >= min_score]
        quotable = None
        if not include_sensitive:
            shown = {h.node.id for h in hits}
            quotable = lambda n: not n.sensitive or n.id in shown  # noqa: E731
        hits, notes = group_values(self.store, user_id, hits, top_k, quotable, window)
        evolution = self.core.engine.config.evolution
        cosine, answers = (None, ()) if cands is None else (cands.cosine, cands.answers)
        embedder = self.core.engine.embedder
        hits = newer_first(
            hits, top_k, evolution, embedder, self._vectors, cosine, answers, self.store
        )
        hits = assertions_first(
            hits,
            top_k,
            evolution.candidate_importance_factor,
            evolution.conflict_types,
            cosine,
            (cands.turns or ()) if cands is not None else (),
            occasions_asked=window is not None,
            others=() if cands is None else cands.theirs,
            asked=about,
        )
        return hits, notes

    def narrow(
        self, q: Query, resolved: ResolvedScope, node_filter: NodeFilter
    ) -> tuple[Query, ResolvedScope, set[str], list[VectorMatch] | None]:
        """The scope's nodes passing ``node_filter`` (one SQL query) and, for a selective
        filter (at most ``MAX_FILTER_IDS`` nodes), their exact nearest neighbours computed
        from the stored vectors, so a selective filter gets its best matches rather than
        whatever of the unfiltered top-N survives. Brute force over the stored vectors instead
        of an id-restricted index query: Chroma's ``ids`` filter costs ~0.2-0.4 s per query
        from 100 ids up. A broader filter filters the candidates of the ordinary search (many
        of them pass it, by definition). Only a selective filter embeds the query here (as
        asked); a broader one leaves it to :meth:`gather`."""
        ids = self.store.filter_ids(resolved.scope, node_filter, self.config.include_statuses)
        if resolved.ids is not None:
            inside = set(resolved.ids)
            ids = [i for i in ids if i in inside]
        n = self.config.vector_candidates
        if len(ids) > MAX_FILTER_IDS or not n:
            return q, resolved, set(ids), None
        q = self.embed(q, q.text)
        if q.vector is None:
            return q, resolved, set(ids), None
        vectors = self._vectors(ids)
        scored = sorted(
            (VectorMatch(i, float(v @ q.vector)) for i, v in vectors.items()),
            key=lambda m: -m.similarity,
        )
        # ids=[]: the index is not queried again; these are the vector candidates.
        return q, replace(resolved, ids=[]), set(ids), scored[:n]

    def prepare(self, text: str, asked: Asked) -> Query:
        """The query's effective weights, clock, time window (the calendar's, else a day named
        by the user's own event: :meth:`dated_by_event`) and visibility (its vector is
        computed in :meth:`gather`, once the speakers of its first candidates are known)."""
        user_id, _, agent_id, session_id, _, _ = asked
        engine = self.core.engine
        cfg = self.config
        visible: Visible | None = None
        if agent_id is not None or session_id is not None:
            visible = visibility(user_id, agent_id, session_id)
        wants_vector = cfg.vector_candidates > 0 or cfg.weights.similarity > 0
        now = engine.now()
        window = None
        if cfg.time_candidates:
            window = find_window(text, now, ZoneInfo(cfg.time_zone))
        off = engine.index.unavailable_reason() if wants_vector else None
        q = Query(text, user_id, None, cfg.weights, now, visible, None, off, wants_vector)
        return self.dated_by_event(self.timed(q, window), asked)

    def timed(self, q: Query, window: TimeWindow | None) -> Query:
        """``q`` asking about ``window``: its weights, and whether it asks about the time."""
        cfg = self.config
        # Lean on the lexical path for a script the embedder cannot read, if there is one.
        lexical_on = cfg.lexical_candidates > 0 and cfg.weights.lexical > 0
        scale = similarity_scale(self.core.engine.embedder, q.text) if lexical_on else 1.0
        asks = window is None or asks_about(q.text, window.text)
        weights = fusion.query_weights(
            cfg.weights, scale, timed=window is not None, days=asks_days(window, asks)
        )
        return replace(q, weights=weights, window=window, asks_time=asks)

    def event_hits(self, asked: Asked, words: str) -> list[Hit]:
        """The hits of an event's ``words`` asked as the question was (``asked``: its user,
        task, agent, session, scope and access), access not recorded."""
        user_id, task_id, agent_id, session_id, scope, access = asked
        return self.retrieve(
            words,
            user_id=user_id,
            task_id=task_id,
            top_k=EVENT_HITS,
            token_budget=None,
            agent_id=agent_id,
            session_id=session_id,
            scope=scope,
            record_access=False,
            access=access,
        ).hits

    def dated_by_event(self, q: Query, asked: Asked) -> Query:
        """``q`` with the window of the day it names by the user's own event, when it has no
        calendar window and a retrieval of the event's words asked as it was (``asked``, see
        :meth:`event_hits`) finds the event (:func:`~.event_days.event_day`)."""
        if q.window is not None or not (self.config.time_candidates and self.config.event_days):
            return q
        lookup = partial(self.event_hits, asked)
        window = event_day(q.text, lookup, q.now, ZoneInfo(self.config.time_zone))
        return q if window is None else self.timed(q, window)

    def embed(self, q: Query, text: str) -> Query:
        """``q`` with the vector of ``text`` (the query or its name-free form), embedded with
        no lock held, so concurrent retrieves (and writes) of one process do not wait behind
        the model. Nothing to do when nothing uses the vector or ``text`` is embedded."""
        if not q.wants_vector or q.embedded == text:
            return q
        vector = embed_query(self.core.engine.embedder, [text])[0]
        return replace(q, vector=vector, embedded=text)

    def gather(
        self,
        q: Query,
        resolved: ResolvedScope,
        active: MemoryNode | None,
        on_path: set[str],
        matches: list[VectorMatch] | None = None,
        limits: Returnable | None = None,
    ) -> tuple[Query, Candidates]:
        """Lexical, time and structural candidates in scope, then vector ones, each with a
        similarity (``matches``: vector candidates found already, see :meth:`narrow`). The
        query is embedded between the two: without the names of the speakers among the
        first candidates (:meth:`first_topic`), so a speaker-naming query costs one
        embedding and one vector search, not two of each."""
        cfg = self.config
        out = Candidates(returnable=limits or Returnable())
        out.bm25 = lexical_channel(self.core, q.text, resolved, out)
        if q.window is not None:
            for node_id in self.store.created_between(
                resolved.scope,
                cfg.include_statuses,
                q.window.start,
                q.window.end,
                cfg.time_candidates,
            ):
                out.add(node_id, "time")
        if active is not None and cfg.recent_children and active.id in on_path:
            for child in self.store.recent_children(
                active.id, cfg.recent_children, cfg.include_statuses
            ):
                out.add(child.id, "structure")
        out.nodes = self.store.get_many(i for i in out.sources if i not in on_path)
        if matches is None:
            topic = self.first_topic(q, out.nodes)
            q = self.embed(q, topic or q.text)
            if topic is not None:
                lexical_topic(self.core, topic, resolved, out, on_path)
        if cfg.vector_candidates and q.vector is not None:
            out.vectors_from_rows = matches is not None  # narrow() ranked stored vectors
            if matches is None:
                found = vector_channel(self.core, q.vector, resolved)
                matches, out.scope_cosine = found.matches, found.cosine
                out.vectors_from_rows = found.exact
            for match in matches:
                out.cosine[match.id] = match.similarity
                out.add(match.id, "vector")
            new = {m.id for m in matches} - set(out.nodes) - on_path
            out.nodes.update(self.store.get_many(new))
        self._fill_similarity(out.nodes, out.cosine, q.vector, out.scope_cosine)
        if q.vector is not None and q.weights.similarity > 0:  # a conversation's trust
            out.line = conversation_line(q.text, self.core.engine.embedder, self._vectors)
        out.fuse(q.weights, cfg.fusion)
        return q, out

    def first_topic(self, q: Query, first: dict[str, MemoryNode]) -> str | None:
        """The query without the names of the speakers among its ``first`` (non-vector)
        candidates, when it names one and refocus is on; else None (embed the query as
        is). A name in the query is a word of the lexical match, so the named speaker's
        lines are among them whenever the name is a speaker's."""
        if not (q.wants_vector and self.config.vector_candidates and self.config.refocus_names):
            return None
        return topic_query(q.text, speaker_names(first.values()))

    def refocus(
        self, q: Query, resolved: ResolvedScope, cands: Candidates, on_path: set[str]
    ) -> Query:
        """When the query names a speaker of the candidates ("Melanie" in "what do
        Melanie's kids like?", and memories labelled "Melanie: ..."), similarity is computed
        from the query without the names (:func:`~hybridmem.retrieval.entities.topic_query`):
        the ``speaker`` and lexical features say who, the vector says what. Usually the
        first candidates named the speakers and :meth:`gather` embedded the name-free form
        already; when the vector candidates bring speakers the query names that the first
        ones did not, the query is embedded again without them, the scope searched with that
        vector too, and every candidate's similarity re-read against it.

        Measured on LoCoMo (two-fold, both embedders): frac@1000 +0.011 to +0.015 on each half;
        MADial (no speaker labels) unchanged; see docs/benchmarks.md."""
        if q.vector is None or not self.config.vector_candidates or not self.config.refocus_names:
            return q
        topic = topic_query(q.text, speaker_names(cands.nodes.values()))
        if topic is None or topic == q.embedded:
            return q
        q = self.embed(q, topic)
        cfg = self.config
        lexical_topic(self.core, topic, resolved, cands, on_path)
        found = vector_channel(self.core, q.vector, resolved)
        cands.cosine = {m.id: m.similarity for m in found.matches}
        cands.scope_cosine = found.cosine
        for match in found.matches:
            cands.add(match.id, "vector")
        new = set(cands.cosine) - set(cands.nodes) - on_path
        cands.nodes.update(self.store.get_many(new))
        self._fill_similarity(cands.nodes, cands.cosine, q.vector, cands.scope_cosine)
        cands.fuse(q.weights, cfg.fusion)
        return q

    def expand(self, q: Query, cands: Candidates, on_path: set[str]) -> None:
        """Find each candidate's conversational neighbours; the best candidates bring theirs
        into the candidate set (a turn that answers a matching turn), and so does a turn that
        speaks by pronoun of whom a matched turn named (:mod:`~.referents`)."""
        cfg = self.config
        if q.weights.neighbour <= 0 and not cfg.expand_neighbours:
            return
        turns = conversation_turns(self.store, cands.nodes.values(), cfg.conversation_types)
        cands.turns = {n.id for n in turns}
        window = cfg.neighbour_window_minutes * 60.0
        live = [n for n in turns if n.id not in cands.unfolded]
        cands.neighbours = adjacent_siblings(self.store, live, cfg.include_statuses, window)
        cands.neighbours.update(folded_neighbours(self.store, turns, cands.unfolded, window))
        if not cfg.expand_neighbours:
            return
        relevance = cands.relevance
        best = sorted(relevance, key=lambda i: -relevance[i])[: cfg.expand_neighbours]
        extra = {n for i in best for n in cands.neighbours.get(i, ())}
        statuses = cfg.include_statuses
        if cfg.expand_speakers_next:
            read = {n.id for n in live}  # their siblings are found: no second seek
            extra |= speakers_next(self.store, cands.neighbours, best, statuses, window, read)
        carried: set[str] = set()
        if cfg.carry_referents and asks_about_someone(q.text):  # writes the carried BM25
            found = cands.neighbours
            carried = carry_into(
                self.store, q.text, cands.bm25, live, statuses, window, found, cands.antecedents
            )
        extra = (extra | carried) - set(cands.nodes) - on_path
        if not extra and not carried:
            return
        added = self.store.get_many(extra)
        added, folded = summary_backed(self.store, added, cfg.include_statuses)
        cands.unfolded.update(folded)
        for node_id in added:
            cands.add(node_id, "neighbour")
            cands.turns.add(node_id)  # a turn's sibling: a turn of the same conversation
        self._fill_similarity(added, cands.cosine, q.vector, cands.scope_cosine)
        cands.nodes.update(added)
        embedder, origins = self.core.engine.embedder, cands.antecedents  # carried: antecedent
        by_pronoun(embedder, self._vectors, q.text, q.vector, origins, cands.nodes, cands.cosine)
        cands.fuse(q.weights, cfg.fusion)

    def unfold(
        self, q: Query, resolved: ResolvedScope, cands: Candidates, on_path: set[str]
    ) -> None:
        """Archived sources of live summaries matching the query become candidates
        (:mod:`hybridmem.retrieval.unfold`), scored like the rest."""
        found = unfold(
            self.core,
            self.config,
            q.embedded or q.text,
            q.vector,
            resolved,
            set(cands.nodes) | on_path,
            q.window,
        )
        if not found.nodes:
            return
        for node_id in found.nodes:
            cands.add(node_id, "summary")
        cands.bm25.update(found.bm25)
        cands.cosine.update(found.cosine)
        cands.nodes.update(found.nodes)
        cands.unfolded.update(found.nodes)
        self._fill_similarity(found.nodes, cands.cosine, q.vector, {})
        cands.fuse(q.weights, self.config.fusion)

    def read_attributes(self, q: Query, cands: Candidates, include_sensitive: bool) -> None:
        """The lexical evidence read against the attribute the question asks about and the
        slots of the candidates (:mod:`~hybridmem.retrieval.attributes`), re-fused if moved;
        then, unless ``include_sensitive``, the sealed candidates it is not about withheld; those
        left get their plaintext's BM25 (:func:`~.sensitive.sealed_lexical`)."""
        evolution = self.core.engine.config.evolution
        slots, stated = evolution.slot_map, evolution.conflict_types
        cands.answers = answering(q.text, cands.nodes, slots)
        cands.theirs = theirs(q.text, cands.nodes, slots)
        alike = statement_words(q.embedded or q.text, cands.nodes, cands.bm25, stated)
        if (bm25 := agreed(q.text, cands.nodes, alike or cands.bm25, slots)) is not None or alike:
            cands.bm25 = bm25 if bm25 is not None else alike or cands.bm25  # {}: none left
            cands.fuse(q.weights, self.config.fusion)
        if not include_sensitive:
            self.withhold_sensitive(q, cands)
        bm25 = sealed_lexical(self.store, q.text, q.embedded, cands.nodes, cands.bm25, slots)
        if bm25 is not None:  # only lexical evidence added: the similarity scale as it was
            cands.bm25 = bm25
            cands.fuse(q.weights, self.config.fusion, similarity=False)

    def withhold_sensitive(self, q: Query, cands: Candidates) -> None:
        """Drop the sensitive candidates the question is not about (compared with the
        ordinary candidates this caller may see; by words alone where the embedder cannot
        read the script) and re-fuse the rest: a withheld memory's similarity neither
        stretches the others' scale nor lifts its parent or neighbours. Run after
        :meth:`unfold`, so an archived sealed source is held to the same rule."""
        seen = cands.nodes
        if q.visible is not None:
            seen = {i: n for i, n in seen.items() if q.visible(n)}
        cjk = reads_cjk(self.core.engine.embedder)
        drop = withheld(seen, cands.cosine, q.text, cands.bm25, cjk, cands.answers)
        cands.nodes = {i: n for i, n in cands.nodes.items() if i not in drop}
        cands.returnable = replace(cands.returnable, sealed_judged=True)  # admitted: on it
        if drop or any(n.sensitive for n in cands.nodes.values()):
            cands.fuse(q.weights, self.config.fusion)

    def score(self, q: Query, cands: Candidates, anchor: MemoryNode | None) -> list[Hit]:
        """Every visible candidate's explainable score, best first."""
        cfg = self.config
        weights = q.weights
        parent_rel: dict[str, float] = {}
        if weights.parent > 0:
            # A session holding matches is likelier to hold the one sought; the user's root
            # or a task holding every user-level fact is not a conversation: its "best
            # child" lifted every in-scope fact by ~0.35 whatever the question (issue 38).
            if cands.turns is None:
                found = conversation_turns(self.store, cands.nodes.values(), cfg.conversation_types)
                cands.turns = {n.id for n in found}
            turns = {i: n for i, n in cands.nodes.items() if i in cands.turns}
            lift = session_lift(cands.relevance, turns, cfg.session_reach, parent_feature)
            parent_rel = at_antecedent(lift, cands.antecedents)
        # Priors reorder what is relevant, they do not lift what is not: scaled by the
        # node's own relevance (similarity + lexical, fused), unless nothing weighs that.
        gated = weights.similarity + weights.lexical > 0
        names = query_words(q.text)
        half_lives = self.core.engine.config.evolution.half_lives.as_dict()
        hits: list[Hit] = []
        for node_id, node in cands.nodes.items():
            if node.user_id != q.user_id:
                continue
            if node.status not in cfg.include_statuses and node_id not in cands.unfolded:
                continue
            if q.visible is not None and not q.visible(node):
                continue
            half_life = scoring.half_life_for(node, cfg.recency_half_life_days, half_lives)
            weight = scoring.node_weight(node, q.now, weights, half_life)
            if weight < cfg.min_weight:
                continue
            own = cands.relevance.get(node_id, 0.0) if gated else 1.0
            features = {
                "similarity": cands.similarity.get(node_id, 0.0),
                "lexical": cands.lexical.get(node_id, 0.0),
                "importance": node.importance * own,
                # Age, not last access, and writes, not reads: reading a memory must not
                # lift it above a better match next time (access renews it against
                # forgetting only, in evolution/).
                "recency": scoring.age_recency(node, q.now, half_life) * own,
                "confidence": node.confidence * own,
                "use": node.activity * own,
                "tree": scoring.tree_proximity(node, anchor) * own,
                "neighbour": neighbour_feature(cands.relevance, cands.neighbours, node_id),
                "parent": parent_rel.get(node_id, 0.0),
                "speaker": speaker_feature(node.content, names) if weights.speaker > 0 else 0.0,
                "time": (
                    q.window.closeness(moment_in(node, q.window)) * (1.0 if q.asks_time else own)
                    if q.window
                    else 0.0
                ),
            }
            breakdown = scoring.score(
                features,
                weights,
                weight=weight,
                sources=tuple(sorted(cands.sources[node_id])),
                window=q.window,
            )
            hits.append(Hit(node=node, score=breakdown.score, breakdown=breakdown))
        hits.sort(key=lambda h: (-h.score, -h.node.seq))
        return hits

    def _vectors(self, ids: Sequence[str]) -> dict[str, Any]:
        """Stored vectors of ``ids``: the store's copies, else the index (``node_vectors``:
        a process that does not own the index scores its candidates as the owner does)."""
        return node_vectors(self.core.engine, ids, self.core.engine.embedder.name)

    def _fill_similarity(
        self,
        nodes: dict[str, MemoryNode],
        similarity: dict[str, float],
        query_vec: Any,
        known: dict[str, float],
    ) -> None:
        """Lexical, structural and expanded candidates get a real similarity too, from their
        stored vectors, so every candidate is scored on the same footing (``known``: the
        scope's cosines when it was ranked exactly; the index is asked for the rest)."""
        missing = [i for i in nodes if i not in similarity and i not in known]
        similarity.update({i: known[i] for i in nodes if i not in similarity and i in known})
        if missing and query_vec is not None:
            for node_id, vec in self._vectors(missing).items():
                similarity[node_id] = float(vec @ query_vec)
