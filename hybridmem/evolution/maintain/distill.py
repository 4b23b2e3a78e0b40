"""Distillation: recurring episodes become a profile conclusion linked to its sources.

Deterministic default (no model): a *theme* is a group of live, assertive episodes of the
user that talk about the same thing, found by meaning and named by words distinctive to it
(:mod:`hybridmem.evolution.maintain.themes`), with at least ``distill_min_mentions`` mentions
(a repeated episode counts each of its ``mentions``). Each theme yields one ``profile`` node
under the user's root whose text is extractive — the theme's words and its most central
episodes, quoted from the sources — so it never states what no source says.
``metadata["derived_from"]`` lists the source node ids and ``metadata["covers"]`` their
source ids.

Incremental: a theme that already has a profile node keeps it (same id): new sources are added,
sources since archived are removed (a profile left with too few sources becomes a candidate),
and the text is rewritten only when its sources changed. Nothing is rebuilt from scratch.

An LLM can write the text instead (:class:`hybridmem.evolution.llm.LLMDistiller`): its JSON is
validated and a trait that cites no source of the theme is rejected.
"""

from __future__ import annotations

import re
from collections import Counter
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
_ASSERTIVE = frozenset({"assertion", "negation", "preference", "instruction"})


def stem(word: str) -> str:
    """A light English stemmer (dieting/diets/dieted -> diet); Chinese words pass unchanged.

    A final "e" goes too, after the suffix or without one (as :func:`hybridmem.lexical.
    light_stem` drops it): the bare form of a verb or noun ending in "e" meets its inflections
    ("a hike" / "hiking" / "hiked" -> hik, "a bike ride" / "riding"). Without it a theme said
    as "a hike", "hiking boots" and "went hiking" held its word in two remarks, not three."""
    if _CJK.search(word):
        return word
    base = word
    if len(word) > 4:
        for suffix in ("ing", "ed", "es", "s"):
            if word.endswith(suffix) and len(word) - len(suffix) >= 3:
                base = word[: -len(suffix)]
                if suffix in {"ing", "ed"} and len(base) > 3 and base[-1] == base[-2]:
                    base = base[:-1]  # running -> run
                break
    return base[:-1] if len(base) > 3 and base.endswith("e") else base


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
    words: tuple[str, ...] = ()
    """The words that name the theme, as its episodes say them, most distinctive first
    (:mod:`hybridmem.evolution.maintain.themes`); empty: ``term`` alone."""
    central: tuple[str, ...] = ()
    """Source ids, most central first: the ones a profile quotes (empty: the most
    representative one by shared terms)."""
    quotes: int = 1
    """How many sources the profile quotes."""
    past: frozenset[str] = frozenset()
    """Sources stating a value of the theme that no longer stands (an older value, a replaced
    one: :mod:`hybridmem.evolution.maintain.standing`): history, never quoted, and their
    words do not name the profile."""


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


@lru_cache(maxsize=1)
def everyday_terms() -> frozenset[str]:
    """The engine's everyday vocabulary (``slots.pairs.common_words``: fitted on the labelled
    chat lines, English, and jieba's frequent words, Chinese), as theme terms: words anyone
    says ("before", "school", 时间), never a theme of one user's life."""
    from hybridmem.evolution.slots.pairs import common_words

    words = common_words()
    return frozenset(stem(w) if not _CJK.search(w) else w for ws in words.values() for w in ws)


def mentions(node: MemoryNode) -> int:
    """How often an episode was said: a repeat reinforces its node instead of adding one."""
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

    fresh = [s for s in theme.sources if s.id not in theme.said and s.id not in theme.past]
    return max(fresh, key=overlap) if fresh else None


class ExtractiveDistiller:
    """The deterministic default: the theme's words, then its most central sources quoted in
    the user's own words (``theme.quotes`` of them, none that another live profile or summary
    quotes already; none left: no profile, the theme's episodes are said already). The
    conclusion is stated in the words the user used, so a question about the theme meets it
    by meaning (its vector is the theme's, not one episode's) and by word."""

    name = "extractive"

    def summarise(self, theme: Theme, previous: MemoryNode | None) -> DistilledTrait | None:
        by_id = {s.id: s for s in theme.sources if _quotable(s) and s.id not in theme.past}
        central = [by_id[i] for i in theme.central if i in by_id and i not in theme.said]
        quoted = central[: max(1, theme.quotes)]
        if not quoted and not theme.central:
            best = representative(theme)
            quoted = [best] if best is not None else []
        if not quoted:
            return None
        quoted.sort(key=lambda s: (s.created_at, s.seq))
        # The theme's first word, and those of its next words the quotes do not say already
        # (the quotes carry the rest in the user's words; a word twice is a token for nothing).
        lowered = " ".join(s.content.lower() for s in quoted)
        named = _standing_words(theme)
        words = named[:1] + [w for w in named[1:] if w not in lowered]
        if any(_CJK.search(s.content) for s in quoted):
            said = "".join(_sentence(s.content, "。") for s in quoted)
            text = f"我常说起{'、'.join(words)}：{said}"
        else:
            said = " ".join(_sentence(s.content, ".") for s in quoted)
            text = f"I keep coming back to {', '.join(words)}: {said}"
        return DistilledTrait(text=text, sources=tuple(s.id for s in theme.sources))


def _standing_words(theme: Theme) -> list[str]:
    """The theme's first words (as many as it quotes sources), leaving out a word only the
    values that no longer stand say ("I keep coming back to hokas" named a theme by the
    running shoes the user had gone back from; none left: the theme's term)."""
    words = list(theme.words or (theme.term,))
    if theme.past:
        standing = " ".join(spoken(s).lower() for s in theme.sources if s.id not in theme.past)
        words = [w for w in words if w in standing] or [theme.term]
    return words[: max(1, theme.quotes)]


def _quotable(node: MemoryNode) -> bool:
    """Live, or folded into a profile already: a faded episode supports its theme but is not
    quoted (its text back in a live profile would undo the fading)."""
    return node.status == NodeStatus.ACTIVE.value or node.metadata.get("archived_action") == FOLDED


def _sentence(text: str, stop: str) -> str:
    """``text`` as one sentence of the profile: closed by ``stop`` unless it already ends in
    punctuation (the quote itself stays word for word)."""
    text = text.strip()
    return text if not text or not text[-1].isalnum() else text + stop
