"""Summarizers for compression: one unit of finished work becomes a few sourced lines.

A *unit* is a task or a conversation session whose work is done (finished, or idle). The
summary keeps what an agent needs later, each line citing the node ids it was taken from:

* the unit and where it sits (its path of tasks);
* the outcome and the final state;
* every decision;
* the facts (and preferences) learned in it;
* the key events by weight, near-duplicates merged into one line citing all of them.

:class:`ExtractiveSummarizer` (the default) quotes its sources: it never states what no
source says and is deterministic (same sources, same lines). :class:`LLMSummarizer` asks the
optional model (:mod:`hybridmem.evolution.llm`) for the lines instead; a reply in which any
line cites no given source, or that is not the expected JSON, is rejected whole and the
extractive lines are used.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from hybridmem import lexical
from hybridmem.errors import LLMOutputError, LLMUnavailableError
from hybridmem.evolution.llm import ChatClient
from hybridmem.models import MemoryNode

DECISION_TYPES = frozenset({"decision"})
FACT_TYPES = frozenset({"fact", "preference"})
STATE_TYPES = frozenset({"state"})
OUTCOME_TYPES = frozenset({"outcome"})
_DIGIT = re.compile(r"\d")


@dataclass(frozen=True, slots=True)
class SummaryLine:
    """One line of a summary and the ids of the nodes it was taken from (never empty)."""

    text: str
    sources: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Material:
    """What a summarizer reads: the unit, its ancestors, its sources (readable, oldest first)
    and how much each source weighs now."""

    unit: MemoryNode
    path: tuple[MemoryNode, ...]
    sources: tuple[MemoryNode, ...]
    weights: dict[str, float] = field(default_factory=dict)
    finished_at: str | None = None
    max_events: int = 8
    merge_similarity: float = 0.8
    token_share: float | None = None
    """The summary's budget as a share of its sources' tokens (rounded up): the key events
    fill what the lines that must stay (unit, outcome, state, decisions, facts) leave of it.
    None: no token budget (only ``max_events``)."""
    count: Callable[[str], int] | None = None
    """The token counter the budget is measured with (None: no token budget)."""
    live: frozenset[str] = frozenset()
    """Sources that stay live beside the summary (facts and preferences: what the user is):
    the summary does not repeat their text, and the budget is a share of what it folds."""


@runtime_checkable
class Summarizer(Protocol):
    """Turns a unit's material into sourced lines (None: nothing worth a summary)."""

    name: str

    def summarise(self, material: Material) -> list[SummaryLine] | None: ...


def _words(text: str) -> frozenset[str]:
    return frozenset(lexical.terms(text))


def near_duplicate(a: frozenset[str], b: frozenset[str], threshold: float) -> bool:
    """Jaccard overlap of two texts' terms at or above ``threshold`` (two paraphrases that
    share most words), and the same numbers in both: two prices, two dates or two counts are
    two values, never one line."""
    if not a or not b:
        return a == b
    if {w for w in a if _DIGIT.search(w)} != {w for w in b if _DIGIT.search(w)}:
        return False
    return len(a & b) / len(a | b) >= threshold


def _day(node: MemoryNode) -> str:
    return f"{node.created_at:%Y-%m-%d}"


def _one_line(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


class ExtractiveSummarizer:
    """Quotes the sources (see the module docstring); deterministic."""

    name = "extractive"

    def summarise(self, material: Material) -> list[SummaryLine] | None:
        unit = material.unit
        lines: list[SummaryLine] = []
        where = " > ".join(_one_line(n.content) for n in material.path if n.parent_id)
        head = f"{unit.node_type.capitalize()}: {_one_line(unit.content)}"
        if where:
            head += f" (in {where})"
        if material.finished_at:
            head += f"; finished {material.finished_at[:10]}"
        lines.append(SummaryLine(head, (unit.id,)))
        sources = list(material.sources)
        used: set[str] = set()
        for node in sources:
            if node.node_type in OUTCOME_TYPES:
                lines.append(SummaryLine(f"Outcome: {_one_line(node.content)}", (node.id,)))
                used.add(node.id)
        states = [n for n in sources if n.node_type in STATE_TYPES]
        if states:
            last = max(states, key=lambda n: (n.created_at, n.seq))
            lines.append(SummaryLine(f"Final state: {_one_line(last.content)}", (last.id,)))
            used.add(last.id)
        for node in sources:
            if node.node_type in DECISION_TYPES:
                lines.append(SummaryLine(f"Decision: {_one_line(node.content)}", (node.id,)))
                used.add(node.id)
        for node in sources:
            if node.node_type in FACT_TYPES:
                used.add(node.id)
                if node.id not in material.live:  # a live one is read where it is
                    lines.append(SummaryLine(f"Learned: {_one_line(node.content)}", (node.id,)))
        budget = None
        if material.token_share is not None and material.count is not None:
            count = material.count
            folded = [n for n in sources if n.id not in material.live]
            budget = math.ceil(material.token_share * sum(count(n.content) for n in folded))
            budget -= sum(count(line.text) for line in lines)
        rest = [n for n in sources if n.id not in used]
        lines.extend(self._key_events(rest, material, budget, material.finished_at))
        return lines

    def _key_events(
        self,
        rest: Sequence[MemoryNode],
        material: Material,
        budget: int | None,
        day: str | None,
    ) -> list[SummaryLine]:
        """The heaviest remaining sources, near-duplicates folded into the heaviest of them,
        listed in time order, within ``budget`` tokens (None: no budget). Greedy by weight,
        then novelty (words no other member uses): an event that no longer fits is left out,
        a shorter one after it may still fit. The date is written once per day, not for the
        day the head line already names (``day``, the finish date)."""
        weights = material.weights
        # Weights within a tenth of each other are a tie (a repeat's small importance bump
        # must not put filler said twice above a unique event); among ties the most
        # informative first: the one with the most words no other member of the unit uses.
        words = {n.id: _words(n.content) for n in rest}
        seen: Counter[str] = Counter(w for ws in words.values() for w in ws)

        def rank(n: MemoryNode) -> tuple[float, int, int, int, int]:
            mentions = int(n.metadata.get("mentions", 1) or 1)
            own = sum(1 for w in words[n.id] if seen[w] == 1)
            weight = round(weights.get(n.id, n.importance), 1)
            return (-weight, -own, -mentions, -n.access_count, n.seq)

        count = material.count
        left = budget
        groups: list[tuple[MemoryNode, frozenset[str], list[str]]] = []
        for node in sorted(rest, key=rank):
            mine = words[node.id]
            for _head, head_words, members in groups:
                if near_duplicate(mine, head_words, material.merge_similarity):
                    members.append(node.id)
                    break
            else:
                if len(groups) >= material.max_events:
                    continue
                if left is not None and count is not None:
                    # the line as written: the text and, at worst, its date (~7 tokens)
                    cost = count(_one_line(node.content)) + count(f"[{_day(node)}] ")
                    if cost > left:
                        continue
                    left -= cost
                groups.append((node, mine, [node.id]))
        chosen = sorted(groups, key=lambda g: (g[0].created_at, g[0].seq))
        out = []
        day = (day or "")[:10]
        for head, _, members in chosen:
            # The date once per day (a date costs ~6 tokens; a day holds many events).
            text = _one_line(head.content)
            if _day(head) != day:
                day = _day(head)
                text = f"[{day}] {text}"
            if len(members) > 1:
                text += f" (x{len(members)})"
            out.append(SummaryLine(text, tuple(members)))
        return out


SUMMARY_PROMPT = (
    "You summarise one finished unit of an agent's work for its long-term memory. Below are "
    "the unit and its memory fragments, each with an id. Keep: the outcome and final state, "
    "every decision, facts learned, and the key events (merge repeats). Reply with JSON only: "
    '{"lines": [{"text": ..., "sources": [ids]}]}. Every line must cite the ids it comes '
    "from. Never state anything the fragments do not say."
)


def parse_lines(text: str, allowed: set[str]) -> list[SummaryLine]:
    """The lines of an LLM reply; an LLMOutputError unless every line cites given ids."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LLMOutputError(f"summary reply is not JSON: {exc}") from exc
    items = data.get("lines") if isinstance(data, dict) else None
    if not isinstance(items, list) or not items:
        raise LLMOutputError('summary reply must be {"lines": [...]} with at least one line')
    out: list[SummaryLine] = []
    for k, item in enumerate(items):
        if not isinstance(item, dict) or not isinstance(item.get("text"), str):
            raise LLMOutputError(f"summary line {k} has no text")
        sources = item.get("sources")
        cited = (
            tuple(str(s) for s in sources if str(s) in allowed) if isinstance(sources, list) else ()
        )
        if not cited or not _one_line(item["text"]):
            raise LLMOutputError(f"summary line {k} cites none of the given sources")
        out.append(SummaryLine(_one_line(item["text"]), cited))
    return out


class LLMSummarizer:
    """Summary lines from the optional model; the extractive lines when the reply does not
    cite a source for every line (or the model is unreachable)."""

    name = "llm"

    def __init__(self, client: ChatClient, *, send_sensitive: bool = False) -> None:
        self.client = client
        self.send_sensitive = send_sensitive
        """Send sensitive (encrypted-at-rest) sources too; off: such units stay local."""
        self.rejected = 0
        """Replies rejected so far (the extractive lines were used instead)."""
        self._fallback = ExtractiveSummarizer()

    def summarise(self, material: Material) -> list[SummaryLine] | None:
        nodes = (material.unit, *material.sources)
        if any(n.sensitive for n in nodes) and not self.send_sensitive:
            return self._fallback.summarise(material)
        prompt = "\n".join(f"[{n.id}] ({n.node_type}) {_one_line(n.content)}" for n in nodes)
        try:
            return parse_lines(self.client.complete(SUMMARY_PROMPT, prompt), {n.id for n in nodes})
        except (LLMOutputError, LLMUnavailableError):
            self.rejected += 1
            return self._fallback.summarise(material)
