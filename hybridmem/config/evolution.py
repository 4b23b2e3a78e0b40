"""Settings of memory evolution: lifecycles, weights, conflicts, tiers, forgetting, distillation.

Two documented presets:

* :func:`companion` (the default): gentle forgetting. A companion may misremember now and then
  but must not coldly forget what matters, so half-lives are long and only clearly faded
  memories are archived.
* :func:`task_executor`: aggressive on transient data. Scratch values (codes, order numbers,
  in-session details) fade within hours, so retrieval stays focused on the task state and on
  conclusions that cannot be rebuilt.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum

from hybridmem.errors import InvalidArgumentError


class Lifecycle(StrEnum):
    """How long a memory is expected to matter; each class has its own decay half-life."""

    TRANSIENT = "transient"
    """This session or task only: an order number, a code, the topic of the moment."""
    SHORT_TERM = "short_term"
    """Days to about two weeks: recent episodes, unfinished multi-step work."""
    LONG_TERM = "long_term"
    """Core preferences, identity, long-term goals, distilled conclusions."""


class Tier(StrEnum):
    """Where a memory sits in the evolution pipeline (buffer -> working -> long-term)."""

    BUFFER = "buffer"
    """Raw, rebuildable material (e.g. conversation turns): the only thing ever deleted."""
    WORKING = "working"
    """Where new memories land and where de-duplication and conflicts are settled."""
    LONG_TERM = "long_term"
    """Settled memories; an ordinary statement overturns one only after confirmation."""


@dataclass(frozen=True, slots=True)
class HalfLives:
    """Recency half-life, in days, of each lifecycle class."""

    transient: float = 1.0
    short_term: float = 14.0
    long_term: float = 365.0

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if not isinstance(value, int | float) or not (math.isfinite(value) and value > 0):
                raise InvalidArgumentError(f"HalfLives.{f.name} must be a number of days > 0")

    def for_lifecycle(self, lifecycle: str | None, default: float) -> float:
        """The half-life of ``lifecycle``; ``default`` for nodes without one."""
        if lifecycle is None:
            return default
        return float(getattr(self, lifecycle, default))

    def as_dict(self) -> dict[str, float]:
        """Half-lives by lifecycle name."""
        return {f.name: float(getattr(self, f.name)) for f in fields(self)}


@dataclass(frozen=True, slots=True)
class EvolutionWeights:
    """The node weight: ``(Σ w_k·f_k / Σ w_k) × recency ** recency_power``.

    ``f`` are the node's importance, confidence and use (each in [0, 1]); recency decays
    smoothly from the later of creation and last access with the node's lifecycle half-life,
    so the weight fades to zero without a cliff and every retrieval renews it.
    ``recency_power = 0`` switches decay off.
    """

    importance: float = 0.5
    confidence: float = 0.3
    use: float = 0.2
    recency_power: float = 1.0

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if not isinstance(value, int | float) or not math.isfinite(value) or value < 0:
                raise InvalidArgumentError(f"EvolutionWeights.{f.name} must be a number >= 0")
        if self.importance + self.confidence + self.use <= 0:
            raise InvalidArgumentError("EvolutionWeights: one of the base weights must be > 0")


@dataclass(frozen=True, slots=True)
class EvolutionConfig:
    """Everything the evolution layer decides by, with documented defaults (the companion)."""

    preset: str = "companion"
    half_lives: HalfLives = field(default_factory=HalfLives)
    weights: EvolutionWeights = field(default_factory=EvolutionWeights)

    # -- write path --------------------------------------------------------------------
    speech_filter_types: tuple[str, ...] = ("fact", "preference")
    """Node types whose content passes the speech-act filter: a non-assertion of one of these
    types is kept as a working-tier ``candidate`` (never an active long-term fact)."""
    conflict_types: tuple[str, ...] = ("fact", "preference")
    """Node types that join conflict groups (by explicit slot, lexicon slot or similarity)."""
    candidate_importance_factor: float = 0.5
    """Non-assertions and unconfirmed values keep this share of their importance."""
    speech_second_opinion: bool = False
    """Let the embedding model shipped for the engine's embedder (if any) overturn a rule
    label of assertion/negation when the vector reads as a feeling, a question, a
    hypothetical or a backchannel (see :mod:`hybridmem.evolution.speech.embed`). Off by
    default: it cuts the leak on chat utterances (the labelled sets) but its model was fitted
    on chat lines only, and on log-style memories ("Asked how to convert miles...", invoices,
    third-person notes) it held back 77 of 399 true statements of the scenario benchmark."""
    infer_slots: bool = True
    """Infer the slot (``user.residence``, ``pref.coffee``...) when the caller gives none: user
    slot map, structure, embedder, optional extractor (see :mod:`hybridmem.evolution.slots`)."""
    slot_map: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Your own slots: slot name -> words or phrases that name its attribute (checked before
    the built-in rules), e.g. ``{"user.gym": ("gym", "健身房")}``."""
    slot_embed_threshold: float = 0.5
    """Cosine a first-person statement no rule placed must reach with a slot's descriptions
    for the embedder to place it there."""
    slot_embed_margin: float = 0.05
    """...and by how much it must beat the runner-up slot."""
    similarity_threshold: float | None = None
    """Cosine similarity at which a new fact/preference joins an existing one's group. None:
    the embedder's own (``evolution.write.similar_group.SIMILARITY_THRESHOLDS``): 0.8, or no
    grouping by similarity at all for an embedder whose cosines cannot tell two values of one
    attribute from two unrelated facts (multilingual-e5-small; slots still group)."""
    pair_links: bool = True
    """With an embedder that groups nothing by similarity (multilingual-e5), link a
    statement no slot names to its nearest earlier one when it states a change ("moved to",
    "now", 改到, 以后...), the pair model shipped for the embedder reads the two as values of
    one attribute (:mod:`hybridmem.evolution.slots.pairs`) and they share a word naming the
    attribute (not a value, not everyday vocabulary). On by default since that last check:
    blind statements with no earlier value linked anyway 0.000-0.021 (was 0.028-0.125
    without it); see docs/benchmarks.md. Off: such changes are linked by nothing."""
    newer_first_at_query: bool = True
    """At query time, let an older standing statement among the hits yield its place to a newer
    one the pair model reads as a value of the same attribute and that names the same thing
    (shares a word naming an attribute or a value, not everyday vocabulary:
    :func:`hybridmem.evolution.slots.naming.one_attribute`;
    :mod:`hybridmem.retrieval.newer_values`). On by default since that last check: without it
    the pair model read unrelated statements as one attribute ("I'm vegetarian" / "I'm afraid
    of flying, so I'd rather take the train") and first-day questions on unseen newcomers lost
    hit@1 (second en 26 -> 20 of 28, zh 26 -> 24; third en 26 -> 24, zh 22 -> 20); with it
    every first-day set is as with the rule off, and the second blind colloquial set's stale
    values fall en 0.875 -> 0.417, zh 0.500 -> 0.167 (see docs/benchmarks.md, issue 38)."""
    same_value_threshold: float = 0.92
    """Cosine similarity at which two members of a group state the same value."""
    merge_repeats: bool = True
    """A new node that repeats a live one exactly or near-exactly reinforces it instead of
    being written (see :mod:`hybridmem.evolution.write.repeats`)."""
    merge_paraphrases: bool = True
    """A new node that says what a live sibling says in other words (the pair model shipped
    for the embedder reads them as the same value, and the newcomer names no number, date or
    name the sibling does not) reinforces it instead of being written (see
    :mod:`hybridmem.evolution.write.paraphrase`). Needs an embedder with a shipped pair model
    (the default multilingual-e5); with another one only repeats merge."""
    duplicate_threshold: float = 0.97
    """Cosine similarity at which a new node with no distinctive term of its own repeats a
    live sibling (it reinforces that node instead of being written; see ``repeats``)."""
    repeat_window_hours: float = 24.0
    """An episode repeats an identical one only within this many hours of its last mention
    (later it is a new occurrence); facts and preferences repeat at any distance."""

    # -- conflict policy (seed section 3.3) ---------------------------------------------
    supersede_margin: float = 0.15
    """The newer value supersedes at once when its confidence exceeds the old one's by this."""
    coexist_ratio: float = 0.8
    """Confidence >= ratio x old confidence: both stay active, the old one demoted."""
    demote_factor: float = 0.5
    """Importance multiplier for a demoted (older, coexisting) value."""
    confirmations: int = 2
    """Mentions needed before an ordinary statement overturns a long-term value."""
    low_confidence: float = 0.4
    """A statement below this confidence is only ever a candidate."""

    # -- tiers and forgetting -----------------------------------------------------------
    promote_after_days: float = 3.0
    """A long-lifecycle active memory this old (or re-mentioned, or used) becomes long-term."""
    promote_uses: int = 3
    archive_below: float = 0.05
    """Maintenance archives unprotected leaves whose weight fell below this."""
    demote_below: float = 0.15
    """A long-term-tier memory whose weight fell below this goes back to working."""
    candidate_ttl_days: float = 14.0
    """Unconfirmed candidates older than this are archived (deep maintenance)."""
    settle_after_days: float = 30.0
    """A coexisting older value not re-mentioned for this long is archived as superseded."""
    buffer_ttl_hours: float = 24.0
    """Raw buffer nodes older than this are deleted (they are rebuildable by definition)."""
    max_active_nodes_per_user: int | None = None
    """Node cap: maintenance archives lowest-weight leaves until a user is under it."""
    protected_types: tuple[str, ...] = ("root", "task", "preference", "profile")
    """Never archived by forgetting or pruning (nor are pinned nodes: metadata pinned=true)."""
    retrieved_keep_days: float = 7.0
    """A node retrieved within this many days (or within one half-life of its lifecycle, when
    that is shorter) is never faded or pruned: it is in use."""

    # -- compression (hybridmem.evolution.maintain.compression) -----------------------------------
    compress: bool = True
    """Deep maintenance folds finished or idle tasks and sessions into one sourced summary
    each (their members archived, reachable through it) instead of letting them fade."""
    compress_idle_days: float = 14.0
    """A task or session nothing was written to or retrieved from for this long is
    compressed even if never finished (the short-term half-life: by then its episodes have
    lost half their weight, long before fading would archive them one by one)."""
    compress_units: tuple[str, ...] = ("task", "session")
    """Node types whose work is folded into one summary (a nested one has its own)."""
    compress_keep_types: tuple[str, ...] = ("fact", "preference", "profile")
    """Members of these types stay live (they are what the user is, not what happened; a
    later change of a value finds them). The summary cites them without repeating their
    text, so the live set holds each fact once."""
    compress_min_sources: int = 3
    """A unit with fewer members to fold is left as it is (a summary would not be shorter)."""
    summary_max_events: int = 8
    """Most key events a summary keeps beyond the outcome, final state, decisions and facts."""
    summary_event_share: float = 0.2
    """...and at most this share of the unit's other members (rounded up): a summary is
    meant to be several times shorter than what it folds; the rest stays reachable through
    it (retrieval unfolds archived sources)."""
    summary_token_share: float = 0.25
    """A summary's token budget as a share of its sources' tokens: the key events fill what
    the unit line, outcome, final state, decisions and facts (always kept, even past it)
    leave. A quarter makes a summary several times shorter than what it folds (the 3x cut
    of live tokens issue 32 asks of finished work) while the details stay reachable:
    retrieval unfolds the archived sources of a live summary."""
    summary_importance: float = 0.8
    summary_confidence: float = 0.9

    # -- distillation -------------------------------------------------------------------
    distill_types: tuple[str, ...] = ("event", "fact")
    distill_min_mentions: int = 3
    distill_agreed_themes: bool = False
    """Also distil English themes whose remarks share no word, from cliques the default e5 and
    the bundled English model agree on (:mod:`hybridmem.evolution.maintain.agreed`). Off by
    default: it gained one or two profiles on every development set with no false one, but none
    on the blind set written for it (profile_blind6, 0 of 4 wordless themes), and it embeds
    every English episode a second time at each deep maintenance (docs/benchmarks.md,
    profile13)."""
    distill_threshold: float = 0.3
    """Read by nothing: distillation links episodes by a shared key term (see
    :mod:`hybridmem.evolution.maintain.distill`), never by cosine, so no embedder's similarity scale
    affects it. Kept so that existing configurations still load."""

    def __post_init__(self) -> None:
        for name in (
            "candidate_importance_factor",
            "same_value_threshold",
            "duplicate_threshold",
            "supersede_margin",
            "coexist_ratio",
            "demote_factor",
            "low_confidence",
            "archive_below",
            "demote_below",
            "distill_threshold",
            "slot_embed_threshold",
            "slot_embed_margin",
            "summary_importance",
            "summary_confidence",
            "summary_event_share",
            "summary_token_share",
        ):
            value = getattr(self, name)
            if not isinstance(value, int | float) or not 0.0 <= value <= 1.0:
                raise InvalidArgumentError(f"EvolutionConfig.{name} must be in [0, 1]")
        threshold = self.similarity_threshold
        if threshold is not None and (
            not isinstance(threshold, int | float) or not 0.0 <= threshold <= 1.0
        ):
            raise InvalidArgumentError(
                "EvolutionConfig.similarity_threshold must be in [0, 1] or None"
            )
        for name in (
            "promote_after_days",
            "candidate_ttl_days",
            "settle_after_days",
            "buffer_ttl_hours",
            "repeat_window_hours",
            "retrieved_keep_days",
            "compress_idle_days",
        ):
            value = getattr(self, name)
            if not isinstance(value, int | float) or not (math.isfinite(value) and value > 0):
                raise InvalidArgumentError(f"EvolutionConfig.{name} must be > 0")
        for name in (
            "confirmations",
            "promote_uses",
            "distill_min_mentions",
            "compress_min_sources",
            "summary_max_events",
        ):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise InvalidArgumentError(f"EvolutionConfig.{name} must be an int >= 1")
        _check_slot_map(self.slot_map)
        cap = self.max_active_nodes_per_user
        if cap is not None and (isinstance(cap, bool) or not isinstance(cap, int) or cap < 1):
            raise InvalidArgumentError("EvolutionConfig.max_active_nodes_per_user must be >= 1")

    def with_changes(self, **changes: object) -> EvolutionConfig:
        """A copy with some fields changed (validated again)."""
        return replace(self, **changes)  # type: ignore[arg-type]


def _check_slot_map(slot_map: object) -> None:
    if not isinstance(slot_map, Mapping):
        raise InvalidArgumentError("EvolutionConfig.slot_map must map slot names to words")
    for slot, words in slot_map.items():
        if not isinstance(slot, str) or not slot.strip():
            raise InvalidArgumentError("EvolutionConfig.slot_map: slot names must be non-empty")
        if isinstance(words, str) or not all(isinstance(w, str) and w.strip() for w in words):
            raise InvalidArgumentError(
                f"EvolutionConfig.slot_map[{slot!r}] must be a sequence of non-empty words"
            )


def companion() -> EvolutionConfig:
    """Gentle forgetting: long half-lives, a low archive threshold (the default)."""
    return EvolutionConfig()


def task_executor() -> EvolutionConfig:
    """Aggressive on transient data: scratch values fade in hours, episodes in days."""
    return EvolutionConfig(
        preset="task_executor",
        half_lives=HalfLives(transient=0.125, short_term=3.0, long_term=180.0),
        archive_below=0.1,
        candidate_ttl_days=3.0,
        settle_after_days=7.0,
        buffer_ttl_hours=2.0,
    )


PRESETS = {"companion": companion, "task_executor": task_executor}


def preset(name: str) -> EvolutionConfig:
    """The named preset (``companion`` or ``task_executor``)."""
    try:
        return PRESETS[name]()
    except KeyError:
        raise InvalidArgumentError(
            f"unknown evolution preset {name!r}; choose one of {sorted(PRESETS)}"
        ) from None
