"""Distillation: recurring episodes become a profile conclusion linked to its sources.

Deterministic default (no model): a *theme* is a content term that live, assertive episodes of
the user mention at least ``distill_min_mentions`` times (a repeated episode counts each of its
``mentions``) (English terms lightly
stemmed, Chinese words from jieba; time and filler words ignored). Each theme yields one
``profile`` node under the user's root whose text is extractive — the theme word and the most
representative source sentence, both quoted from the sources — so it never states what no
source says. ``metadata["derived_from"]`` lists the source node ids and ``metadata["covers"]``
their source ids.

Incremental: a theme that already has a profile node keeps it (same id): new sources are added,
sources since archived are removed (a profile left with too few sources becomes a candidate),
and the text is rewritten only when its sources changed. Nothing is rebuilt from scratch.

An LLM can write the text instead (:class:`hybridmem.evolution.llm.LLMDistiller`): its JSON is
validated and a trait that cites no source of the theme is rejected.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol, runtime_checkable

from hybridmem import lexical
from hybridmem.config.evolution import EvolutionConfig, Lifecycle
from hybridmem.models import MemoryNode, NodeStatus

_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
# Words that recur without being a theme of the user's life.
_IGNORE = frozenset(
    [
        "today",
        "yesterday",
        "tomorrow",
        "now",
        "still",
        "again",
        "really",
        "just",
        "week",
        "weeks",
        "day",
        "days",
        "time",
        "morning",
        "evening",
        "night",
        "lunch",
        "dinner",
        "breakfast",
        "also",
        "going",
        "went",
        "get",
        "got",
        "want",
        "think",
        "know",
        "said",
        "say",
        "today's",
        "tonight",
        "lately",
        "recently",
        "much",
        "very",
        "thing",
        "things",
        "bit",
        "little",
        "lot",
        "already",
    ]
) | frozenset(
    [
        "今天",
        "昨天",
        "明天",
        "现在",
        "最近",
        "还是",
        "已经",
        "一下",
        "一点",
        "一个",
        "这个",
        "那个",
        "时候",
        "感觉",
        "觉得",
        "真的",
        "还有",
        "因为",
        "所以",
        "但是",
        "不过",
        "然后",
        "晚上",
        "早上",
        "中午",
        "下午",
        "这周",
        "这个星期",
        "第二",
        "第三",
        "一直",
        "继续",
        "还在",
    ]
)
SPECIFIC_AFTER = 10
"""Episodes (x ``distill_min_mentions``) before a term found in most of them is deemed too
common to be a theme: with 7 episodes, 4 about bouldering is a theme, not noise."""
_ASSERTIVE = frozenset({"assertion", "negation", "preference", "instruction"})


def stem(word: str) -> str:
    """A light English stemmer (dieting/diets/dieted -> diet); Chinese words pass unchanged."""
    if _CJK.search(word) or len(word) <= 4:
        return word
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)]
            if suffix in {"ing", "ed"} and len(base) > 3 and base[-1] == base[-2]:
                base = base[:-1]  # running -> run
            return base
    return word


def spoken(node: MemoryNode) -> str:
    """What an episode says, without the speaker label a conversation's events carry
    ("user: I went bouldering" -> "I went bouldering"; ``metadata.speaker``): who spoke is
    not a theme of the user's life (MADial, one user's 76 chat events: "user" was a theme of
    25 of them)."""
    speaker = node.metadata.get("speaker")
    if isinstance(speaker, str) and speaker and node.content.startswith(f"{speaker}: "):
        return node.content[len(speaker) + 2 :]
    return node.content


def theme_terms(text: str) -> set[str]:
    """The candidate theme terms of one episode."""
    out: set[str] = set()
    for term in lexical.terms(text):
        if term in _IGNORE or term.isdigit():
            continue
        if _CJK.search(term):
            if len(term) >= 2:
                out.add(term)
        elif len(term) >= 3:
            out.add(stem(term))
    return out


@dataclass(frozen=True, slots=True)
class Theme:
    """A recurring theme: its term and the episodes (source nodes) that mention it."""

    term: str
    sources: tuple[MemoryNode, ...]
    said: frozenset[str] = frozenset()
    """Sources whose text another live profile or summary already holds: quoting one again
    would restate it, not condense (:class:`ExtractiveDistiller` quotes another)."""


@dataclass(frozen=True, slots=True)
class DistilledTrait:
    """A conclusion and the source node ids it rests on (at least one)."""

    text: str
    sources: tuple[str, ...]


@runtime_checkable
class Distiller(Protocol):
    """Writes the text of a profile conclusion for one theme."""

    name: str

    def summarise(self, theme: Theme, previous: MemoryNode | None) -> DistilledTrait | None:
        """A trait citing some of ``theme.sources``, or None to keep ``previous`` as it is."""
        ...


FOLDED = "distil"
"""``archived_action`` of an episode a profile quotes word for word: it lives on in the profile
(and is unfolded through it: ``metadata.summary_id``), and keeps counting for its theme."""


def eligible(node: MemoryNode, cfg: EvolutionConfig) -> bool:
    """Episodes distillation may learn from: live (or folded into their profile), assertive,
    not transient."""
    live = node.status == NodeStatus.ACTIVE.value or (
        node.status == NodeStatus.ARCHIVED.value and node.metadata.get("archived_action") == FOLDED
    )
    return (
        node.node_type in cfg.distill_types
        and live
        and node.lifecycle != Lifecycle.TRANSIENT.value
        and node.marks.get("speech_act", "assertion") in _ASSERTIVE
        and not node.metadata.get("probe")
    )


def find_themes(nodes: Sequence[MemoryNode], cfg: EvolutionConfig) -> list[Theme]:
    """Themes shared by at least ``distill_min_mentions`` eligible episodes.

    A term found in more than half of a user's episodes (once there are ``SPECIFIC_AFTER`` x
    the minimum of them) says nothing specific and is skipped. Themes with identical source
    sets are merged, keeping the rarer-looking (longer) term.
    """
    episodes = [n for n in nodes if eligible(n, cfg)]
    everyday = everyday_terms()
    by_term: dict[str, list[MemoryNode]] = {}
    for node in episodes:
        for term in theme_terms(spoken(node)) - everyday:
            by_term.setdefault(term, []).append(node)
    themes: dict[tuple[str, ...], Theme] = {}
    for term, members in sorted(by_term.items()):
        # A repeat reinforces its node instead of adding one: count its mentions.
        if sum(_mentions(m) for m in members) < cfg.distill_min_mentions:
            continue
        # A term in more than half of a long history says nothing specific; in a short one
        # (fewer than SPECIFIC_AFTER x the minimum) a theme that fills it is still a theme.
        long_history = len(episodes) >= SPECIFIC_AFTER * cfg.distill_min_mentions
        if long_history and len(members) > len(episodes) / 2:
            continue
        key = tuple(sorted(m.id for m in members))
        ordered = tuple(sorted(members, key=lambda m: (m.created_at, m.seq)))
        if key not in themes or len(term) > len(themes[key].term):
            themes[key] = Theme(term, ordered)
    return sorted(themes.values(), key=lambda t: (-len(t.sources), t.term))


@lru_cache(maxsize=1)
def everyday_terms() -> frozenset[str]:
    """The engine's everyday vocabulary (``slots.pairs.common_words``: fitted on the labelled
    chat lines, English, and jieba's frequent words, Chinese), as theme terms: words anyone
    says ("before", "school", 时间), never a theme of one user's life."""
    from hybridmem.evolution.slots.pairs import common_words

    words = common_words()
    return frozenset(stem(w) if not _CJK.search(w) else w for ws in words.values() for w in ws)


def _mentions(node: MemoryNode) -> int:
    value = node.metadata.get("mentions", 1)
    return value if isinstance(value, int) and value > 0 else 1


def representative(theme: Theme) -> MemoryNode | None:
    """The source sharing the most theme terms with the others (ties: the most recent), among
    those no other live profile or summary quotes already (None: every one is said)."""
    terms = {s.id: theme_terms(spoken(s)) for s in theme.sources}
    # Σ over the others of |mine ∩ theirs| = Σ over my terms of (sources holding it − 1):
    # linear in the theme's size (pairwise was quadratic: minutes at a few thousand sources).
    holders = Counter(t for s in theme.sources for t in terms[s.id])

    def overlap(node: MemoryNode) -> tuple[int, object, int]:
        shared = sum(holders[t] - 1 for t in terms[node.id])
        return (shared, node.created_at, node.seq)

    fresh = [s for s in theme.sources if s.id not in theme.said]
    return max(fresh, key=overlap) if fresh else None


class ExtractiveDistiller:
    """The deterministic default: the theme word plus a quoted representative source, one
    that no other live profile or summary quotes (none left: no profile, the theme's
    episodes are said already)."""

    name = "extractive"

    def summarise(self, theme: Theme, previous: MemoryNode | None) -> DistilledTrait | None:
        best = representative(theme)
        if best is None:
            return None
        n = len(theme.sources)
        if _CJK.search(best.content):
            text = f"反复提到「{theme.term}」（{n} 次），例如：{best.content}"
        else:
            text = f'Recurring theme "{theme.term}" ({n} mentions), e.g.: {best.content}'
        return DistilledTrait(text=text, sources=tuple(s.id for s in theme.sources))
