"""Configuration: one frozen dataclass per concern, all with documented defaults.

A base-level package: every layer's settings live here (``evolution``, ``recovery``,
``privacy`` beside the engine-wide :class:`MemoryConfig`), importing nothing but
:mod:`hybridmem.errors`, so no service package owns a config another layer composes (the
package-level import graph stays acyclic: tests/test_layering.py).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from hybridmem.config.evolution import EvolutionConfig
from hybridmem.config.privacy import PrivacyConfig
from hybridmem.config.recovery import RecoveryConfig
from hybridmem.errors import InvalidArgumentError


@dataclass(frozen=True, slots=True)
class ScoreWeights:
    """Weights of the retrieval score's features. Scores are normalised by their sum.

    similarity: cosine similarity of query and node vectors.
    lexical:    BM25 match from the SQLite FTS5 index (CJK-aware), normalised per query.
    importance, confidence: the node's own weights.
    recency:    exponential decay from the node's creation (its age; reads do not renew it
                for ranking, only against forgetting).
    use:        activity of the node's subtree (written to recently); reads do not count, so
                retrieval never feeds on itself.
    tree:       closeness in the tree to the active node.
    These five priors count at the node's own relevance (fused similarity + lexical, in
    [0, 1]): each feature is the prior times that relevance, so they reorder what matches the
    question and lift nothing that does not (issue 38; LoCoMo frac@1000 up on both halves with
    MiniLM and e5, MADial unchanged: docs/benchmarks.md).
    neighbour:  relevance of the node's adjacent siblings (the answer follows the question).
    parent:     best relevance among the conversation turns under the node's session (only
                children of a ``RetrievalConfig.conversation_types`` node have it: the user's
                root or a task holding every user-level fact is no conversation, and lifted
                each of them by ~0.35 whatever the question) (a matching session:
                the strongest lever found by the LoCoMo error analysis, weight chosen by
                two-fold cross-validation: 0.45 -> 1.0; 0.5, the folds' pick once BM25 read
                the query without the speakers' names, lost on e5's held-out half at 500 and
                2,000 tokens and on adversarial questions: kept 1.0, see docs/benchmarks.md).
    neighbour and parent are shares of the direct relevance weight (similarity + lexical): the
    effective weight is ``neighbour * (similarity + lexical)``, so they follow that weight.
    speaker:    the memory's ``"Name: ..."`` speaker is someone the query names; the only
                feature that says who once the vector and BM25 read the query without the
                names (0.2 -> 0.5 -> 0.75, two-fold cross-validation on LoCoMo, both
                embedders, among the weights that keep a friend's answer to a question
                naming the other speaker in the top 3: 1.0 and up did not; see
                docs/benchmarks.md).
    time:       closeness of the memory's creation to the window a time expression in the
                query names ("on May 6", "上周二", "last weekend"); counts only for queries
                that name one. Its default is as much as similarity + lexical together (of
                5.7 for the rest once parent and neighbour count): a day's memory on the
                topic comes first, but another day's strong match can outrank the day's
                unrelated turns. Made a share of all the other weights (so the named day
                always came first), it gained on LoCoMo's check half and lost on its tuning
                half and on MADial zh, where "昨天" / "today" in a dialogue names the event,
                not when it was told (issue 38, docs/benchmarks.md): kept 2.0. A time a
                passage only mentions (a query of several sentences whose sentence naming
                it is no question: a dialogue passed as the query, "Yesterday the garden
                bloomed. ...") counts at the node's own relevance, as the priors do
                (:mod:`hybridmem.retrieval.mentions`; MADial dev: the relevant memory
                higher in 9-12 of 80 dialogues per embedder and language, lower in none;
                LoCoMo, whose 118 time questions are all questions, unchanged). A question
                about a window of days (at most a week: a day, a weekend, a range of days)
                weighs it as much as all the other features together, so that window's
                memories come first (:mod:`hybridmem.retrieval.days`); months and years keep
                this weight.
    """

    similarity: float = 1.0
    lexical: float = 1.0
    importance: float = 0.15
    recency: float = 0.1
    confidence: float = 0.05
    use: float = 0.05
    tree: float = 0.1
    neighbour: float = 0.25
    parent: float = 1.0
    speaker: float = 0.75
    time: float = 2.0

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if not isinstance(value, int | float) or not math.isfinite(value) or value < 0:
                raise InvalidArgumentError(f"ScoreWeights.{f.name} must be a finite number >= 0")
        if sum(getattr(self, f.name) for f in fields(self)) <= 0:
            raise InvalidArgumentError("ScoreWeights: at least one weight must be > 0")

    def as_dict(self) -> dict[str, float]:
        """The weights by feature name."""
        return {name: float(getattr(self, name)) for name in _WEIGHT_NAMES}


_WEIGHT_NAMES: tuple[str, ...] = tuple(f.name for f in fields(ScoreWeights))
"""Read once: ``dataclasses.fields`` per call cost a retrieval ~10 us per candidate."""


@dataclass(frozen=True, slots=True)
class RetrievalConfig:
    """How candidates are gathered, scored and packed."""

    weights: ScoreWeights = field(default_factory=ScoreWeights)
    vector_candidates: int = 80
    """Nearest neighbours fetched from Chroma, inside the scope."""
    lexical_candidates: int = 50
    """BM25 matches fetched from FTS5, inside the scope. 0 disables the lexical path."""
    refocus_names: bool = True
    """A query naming a speaker of its candidates ("Name: ..." memories) is embedded
    without the names, and that vector ranks (``Retriever.refocus``): LoCoMo frac@1000
    +0.011 to +0.015 on each CV half. The speakers are read from the lexical matches before
    the query is embedded, so such a query usually costs what any other does (one embedding,
    one vector search; ``benchmarks.refocus_cost``); a second embedding and scope search only
    when the vector candidates show a named speaker the lexical ones did not. False embeds
    the query as asked."""
    recent_children: int = 5
    """Most recent children of the active node always considered (structural candidates)."""
    use_tree_scope: bool = True
    """Narrow to the active task subtree. False searches the user's whole tree."""
    recency_half_life_days: float = 30.0
    min_weight: float = 0.0
    """Candidates whose node weight (importance/recency/confidence mix) is below this are
    dropped."""
    include_statuses: tuple[str, ...] = ("active",)
    unfold_sources: int = 80
    """Archived sources of live summaries (compressed work) searched per query, lexically
    and by vector, and scored like live candidates (:mod:`hybridmem.retrieval.unfold`).
    0: a compressed task answers from its summary alone."""
    expand_neighbours: int = 20
    """The best this-many candidates bring their adjacent siblings into the candidate set
    (scored like any other). 0 disables expansion; the ``neighbour`` feature still applies to
    neighbours that are candidates anyway."""
    expand_speakers_next: bool = True
    """The best candidates also bring the turns two places away (the same speaker's turn
    before and after the reply, :func:`~hybridmem.retrieval.expansion.speakers_next`): a
    speaker goes on without the words that matched ("yeah Lena got me into it"). False:
    adjacent siblings only (the engine before issue 38's probing10 round)."""
    carry_referents: bool = True
    """For a question that speaks of someone by pronoun or names whom it asks about ("what did
    Sam get me?", not "Nadia's wedding"), a turn speaking by pronoun ("she leaves at
    the start of May", 他是程序员) gets one term's share of the lexical match of the same
    speaker's turn it goes on from (:mod:`hybridmem.retrieval.referents`): the question's name
    matched the turn naming the person, never the answer. False: each turn's own match only
    (the engine before issue 38's probing11 round)."""
    join_next_turns: bool = True
    """A user's turn among the packed hits brings the same speaker's next turn into its own
    hit when the context lacks it and it fits in the tokens the hits left unused
    (:mod:`hybridmem.retrieval.continuations`): the news said after the turn naming the
    subject. False: each turn its own hit only (the engine before issue 38's probing22)."""
    join_replied_turns: bool = True
    """A companion's reply among the packed hits brings the user's turn it replies to into its
    own hit, under ``join_next_turns``' rules (:mod:`hybridmem.retrieval.replied`): the reply
    says the user's news back with the subject's name, the user's turn is what was said.
    False: the engine before issue 38's probing23."""
    event_days: bool = False
    """A question with no calendar time that names its day by the user's own event ("the day
    before my interview", 搬家那个周末) gets that day's window: the event's words retrieved
    first, the first of the user's memories that shares a word with them and agrees
    with the event in grammatical person ("I moved" is not "Gran's been moved"; a number such as
    618 or 双11 is a date, no event), the day it names (a bare weekday the next one in a plan,
    the last in a report: :mod:`hybridmem.retrieval.weekday_tense`) or its own day
    (:mod:`hybridmem.retrieval.event_days`). Off: over the seven probing sets with an event
    phrase the reading moves 27 questions up and 4 down with e5, 28 up and 3 down with MiniLM
    (day27); what still loses is a memory that mentions the event before it happens or after
    ("my sister's due any day now" for "the day my sister had her baby", blind16 zh r1's
    "跟雅思撞在一起了", dev zh z2), a weekday the reader misreads ("got an interview ... on
    Friday, a proper shop" read as January), and MADial zh dialogue 40's first place
    (docs/benchmarks.md, day25, day26 and day27)."""
    neighbour_window_minutes: float = 60.0
    """Adjacent siblings count as neighbours only when created within this many minutes of
    each other (a conversation's turns, not memories filed weeks apart under one parent)."""
    time_candidates: int = 500
    """Memories created in the window a query's time expression names that join the
    candidates (earliest first). 0 disables time expressions altogether. Was 50: a day of a
    long chat (two sessions of 31 turns) lost its later turns, a weekend or a month all but
    its first session, so "what did we talk about on May 4th?" missed the evening. 500 is the
    same bound as a selective filter's (``retriever.MAX_FILTER_IDS``: ~0.07 ms a stored vector,
    paid only by questions naming a time). LoCoMo, the 118 questions naming a time, MiniLM:
    frac at 1,000 tokens 0.958 -> 0.958 on the tuning half, 0.885 -> 0.903 on the check half;
    MADial unchanged (docs/benchmarks.md)."""
    session_places: int = 10
    """The first this-many places of a ranking are shared among conversation sessions: a turn
    of a session already holding one yields to another session's best hit when that earns more
    without its session's lift (:mod:`hybridmem.retrieval.session_places`). 0 or 1: the
    score's order. 10 by two-fold cross-validation over the probing dev, blind and blind2
    users (``benchmarks.probing_places``: one fold picked 10, the other 8; held-out hit@5
    0.914 -> 0.943 and 0.926 -> 0.926 with MRR 0.746 -> 0.752, frac unchanged); LoCoMo frac at
    1,000 tokens unchanged (its budget holds far more than ten places; docs/benchmarks.md,
    issue 38)."""
    session_reach: float | None = 32.0
    """How far a session's lift reaches, in turns: a turn gets its session's best match faded
    by ``1 / (1 + d / session_reach)``, ``d`` the turns between them
    (:mod:`hybridmem.retrieval.session_reach`). None: every turn of the session alike. 32 of
    the two reaches two-fold cross-validation on LoCoMo picks (16 on the tuning half with both
    embedders, 32 on the check half with e5 and with both embedders pooled): frac@1000 tune /
    check e5 0.881 / 0.868 -> 0.890 / 0.873, MiniLM 0.887 / 0.859 -> 0.893 / 0.862; 16 took a
    companion's answer by pronoun two turns after the name out of the first four
    (docs/benchmarks.md, issue 38)."""
    time_zone: str = "UTC"
    """IANA zone whose calendar days "yesterday" or "5月6号" mean (e.g. ``Asia/Shanghai``)."""
    fusion: str = "minmax"
    """How similarity is put on one per-query scale before weighting: ``minmax`` or ``raw``
    (see :mod:`hybridmem.retrieval.fusion`)."""
    conversation_types: tuple[str, ...] = ("session",)
    """Children of a node of one of these types are turns of one conversation: only they
    have ``neighbour`` evidence (the answer follows the question)."""
    context_format: str = "compact"
    """How the context is printed: ``compact`` (the path on one line, one ``8 May 2023:`` line
    per day, one line per memory), ``grouped`` (bullets under ``[2023-05-08]`` headers) or
    ``lines`` (see :data:`hybridmem.retrieval.context.CONTEXT_FORMATS`)."""

    def __post_init__(self) -> None:
        if self.context_format not in ("compact", "grouped", "lines"):
            raise InvalidArgumentError(
                "RetrievalConfig.context_format must be 'compact', 'grouped' or 'lines', "
                f"got {self.context_format!r}"
            )
        if not isinstance(self.refocus_names, bool):
            raise InvalidArgumentError(
                f"RetrievalConfig.refocus_names must be True or False, got {self.refocus_names!r}"
            )
        for switch in (
            "expand_speakers_next",
            "carry_referents",
            "join_next_turns",
            "join_replied_turns",
            "event_days",
        ):
            if not isinstance(getattr(self, switch), bool):
                raise InvalidArgumentError(
                    f"RetrievalConfig.{switch} must be True or False, got {getattr(self, switch)!r}"
                )
        if self.fusion not in ("minmax", "raw"):
            raise InvalidArgumentError(
                f"RetrievalConfig.fusion must be 'minmax' or 'raw', got {self.fusion!r}"
            )
        try:
            ZoneInfo(self.time_zone)
        except (ZoneInfoNotFoundError, ValueError, TypeError):
            raise InvalidArgumentError(
                f"RetrievalConfig.time_zone: unknown time zone {self.time_zone!r}"
            ) from None
        for name in (
            "time_candidates",
            "vector_candidates",
            "lexical_candidates",
            "recent_children",
            "expand_neighbours",
            "unfold_sources",
            "session_places",
        ):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 0:
                raise InvalidArgumentError(f"RetrievalConfig.{name} must be an int >= 0")
        if not (self.recency_half_life_days > 0 and math.isfinite(self.recency_half_life_days)):
            raise InvalidArgumentError("RetrievalConfig.recency_half_life_days must be > 0")
        if not (self.neighbour_window_minutes > 0 and math.isfinite(self.neighbour_window_minutes)):
            raise InvalidArgumentError("RetrievalConfig.neighbour_window_minutes must be > 0")
        if self.session_reach is not None and not (
            isinstance(self.session_reach, int | float)
            and self.session_reach > 0
            and math.isfinite(self.session_reach)
        ):
            raise InvalidArgumentError("RetrievalConfig.session_reach must be > 0 or None")
        if not 0.0 <= self.min_weight <= 1.0:
            raise InvalidArgumentError("RetrievalConfig.min_weight must be in [0, 1]")


NOTES_TYPE_IMPORTANCE: Mapping[str, float] = {
    "preference": 0.9,
    "task": 0.8,
    "state": 0.8,
    "decision": 0.8,
    "outcome": 0.8,
    "event": 0.5,
}
"""The design notes' default importance by type (weighted-memory-tree, 9.3)."""

SOURCE_CONFIDENCE: Mapping[str, float] = {"user": 0.9, "agent": 0.6, "system": 0.95}
"""Default confidence by source kind: what the user stated outranks what the agent inferred
(the notes: confidence tells a user's explicit statement from an inference); a system state
is the most reliable."""


@dataclass(frozen=True, slots=True)
class MemoryConfig:
    """Engine-wide settings."""

    retrieval: RetrievalConfig = field(default_factory=RetrievalConfig)
    max_content_chars: int = 32_000
    """Longer content is refused (ContentTooLongError) rather than silently truncated."""
    default_importance: float = 0.5
    default_confidence: float = 0.8
    type_importance: Mapping[str, float] = field(default_factory=dict)
    """Default importance by node type (a type not named gets ``default_importance``); an
    explicit ``importance=`` always wins. Empty by default: the old behaviour (every node
    0.5). :data:`NOTES_TYPE_IMPORTANCE` holds the design notes' values (preference 0.9,
    task and state 0.8, event 0.5); opt in with ``type_importance=NOTES_TYPE_IMPORTANCE``.
    Not the default because importance is a retrieval feature and the retrieval benchmarks
    were not re-measured with it."""
    source_confidence: Mapping[str, float] = field(default_factory=lambda: dict(SOURCE_CONFIDENCE))
    """Default confidence by ``source=`` kind (``user`` stated it, ``agent`` inferred it,
    ``system`` state); a node written without ``source=`` gets ``default_confidence`` (the
    old behaviour), an explicit ``confidence=`` always wins."""
    activate_on_add: tuple[str, ...] = ("task", "state")
    """Adding a node of one of these types makes it the user's active node."""
    scope_types: tuple[str, ...] = ("root", "task")
    """Node types that open a retrieval scope (a node's ``task_id`` is the nearest of these)."""
    user_level_types: tuple[str, ...] = ("fact", "preference", "profile")
    """Memories about the user that follow them into every task. Written without a
    ``parent_id`` they go under the user's root (not under the active task), and a task-scoped
    retrieval also sees every one of them that is not inside a task. An explicit ``parent_id``
    keeps a node where it is put. See :mod:`hybridmem.retrieval.scoping`."""
    ancestor_bump: float = 0.05
    """Activity added to every ancestor when a descendant is written (capped at 1)."""
    embed_batch_size: int = 1024
    """Distinct texts per model call: an ``add_many`` of up to this many texts is one call.
    Fewer, larger calls cost less model time (the model sorts a call's texts by length and
    pads each of its internal batches to the longest: 1,000 perf texts took 3.19 s in one
    call and 3.28 s in four calls of 256, MiniLM, medians of 5), and the output is only
    ``embed_batch_size`` x dimension floats."""
    embed_ahead: int = 1
    """Chunks (of ``embed_batch_size`` texts) of an ``add_many`` that a background thread
    embeds while the earlier items are planned and written, instead of before the write: the
    model and the planner then use both cores. The first chunk is always embedded before the
    write (a batch of one chunk gains nothing from the background). The write still commits
    only once every vector is known; the write lock waits for at most these chunks'
    embedding. 0: every vector is computed before the write lock is taken."""
    index_messages_later: bool = True
    """``add_messages`` commits the buffer and the extracted memories and returns; their
    vectors are computed and indexed afterwards, in batches, by the engine's index backlog
    (``core/backlog.py``). Only facts and preferences are embedded before the write (their
    slot and conflict group read the vector). A retrieval first indexes what is pending, so a
    memory just added is always found. False: every item is embedded and indexed inside the
    call, as ``add_many`` does."""
    background_indexer: bool = True
    """Whether a background thread indexes the backlog as it grows. False: it is indexed by
    the next retrieval, ``wait_indexed()``, or the next open (deterministic; tests)."""
    max_depth: int = 64
    """Deepest allowed node (the root is depth 0); deeper writes raise LimitExceededError."""
    max_nodes_per_user: int | None = None
    """Most nodes one user may hold (None: unlimited); more raise LimitExceededError."""
    recovery: RecoveryConfig = field(default_factory=RecoveryConfig)
    """Automatic checkpoints and snapshot retention (hybridmem/recovery)."""
    evolution: EvolutionConfig = field(default_factory=EvolutionConfig)
    """Lifecycles, conflicts, tiers and forgetting (presets: ``hybridmem.config.evolution``)."""

    def __post_init__(self) -> None:
        if self.max_content_chars < 1:
            raise InvalidArgumentError("MemoryConfig.max_content_chars must be >= 1")
        if isinstance(self.max_depth, bool) or not isinstance(self.max_depth, int):
            raise InvalidArgumentError("MemoryConfig.max_depth must be an int >= 1")
        if self.max_depth < 1:
            raise InvalidArgumentError("MemoryConfig.max_depth must be an int >= 1")
        if self.max_nodes_per_user is not None and (
            isinstance(self.max_nodes_per_user, bool)
            or not isinstance(self.max_nodes_per_user, int)
            or self.max_nodes_per_user < 2
        ):
            raise InvalidArgumentError(
                "MemoryConfig.max_nodes_per_user must be None or an int >= 2 (root + one node)"
            )
        for name, table in (
            ("type_importance", self.type_importance),
            ("source_confidence", self.source_confidence),
        ):
            if not isinstance(table, Mapping) or not all(
                isinstance(k, str) and isinstance(v, int | float) and 0.0 <= v <= 1.0
                for k, v in table.items()
            ):
                raise InvalidArgumentError(
                    f"MemoryConfig.{name} must map names to numbers in [0, 1]"
                )
        for name in ("default_importance", "default_confidence", "ancestor_bump"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise InvalidArgumentError(f"MemoryConfig.{name} must be in [0, 1]")
        if set(self.user_level_types) & set(self.scope_types):
            raise InvalidArgumentError(
                "MemoryConfig.user_level_types must not include a scope type (task, root)"
            )
        if "root" not in self.scope_types:
            raise InvalidArgumentError("MemoryConfig.scope_types must include 'root'")
        if self.embed_batch_size < 1:
            raise InvalidArgumentError("MemoryConfig.embed_batch_size must be >= 1")
        if isinstance(self.embed_ahead, bool) or not isinstance(self.embed_ahead, int):
            raise InvalidArgumentError("MemoryConfig.embed_ahead must be an int >= 0")
        if self.embed_ahead < 0:
            raise InvalidArgumentError("MemoryConfig.embed_ahead must be an int >= 0")


__all__ = [
    "EvolutionConfig",
    "MemoryConfig",
    "PrivacyConfig",
    "RecoveryConfig",
    "RetrievalConfig",
    "ScoreWeights",
]
