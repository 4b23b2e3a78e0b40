"""Pure scoring functions: LoCoMo's frac/all/any and MADial's hit@k/recall@k, plus averaging."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class EvidenceScore:
    """LoCoMo per-question scores."""

    frac: float
    """|evidence ∩ retrieved| / |evidence| (the official recall)."""
    all: float
    """1.0 if every evidence id was retrieved."""
    any: float
    """1.0 if at least one evidence id was retrieved."""


def evidence_score(evidence: frozenset[str], retrieved: frozenset[str]) -> EvidenceScore:
    """Score one question; ``evidence`` must be non-empty (normalisation guarantees it)."""
    if not evidence:
        raise ValueError("a question without evidence cannot be scored")
    found = len(evidence & retrieved)
    return EvidenceScore(found / len(evidence), float(found == len(evidence)), float(found > 0))


def hit_at_k(relevant: frozenset[str], ranked: Sequence[frozenset[str]], k: int) -> float:
    """1.0 if any of the top ``k`` ranked units covers a relevant id."""
    top = frozenset().union(*ranked[:k]) if ranked[:k] else frozenset()
    return float(bool(relevant & top))


def recall_at_k(relevant: frozenset[str], ranked: Sequence[frozenset[str]], k: int) -> float:
    """Share of the relevant ids covered by the top ``k`` ranked units."""
    if not relevant:
        raise ValueError("recall needs at least one relevant id")
    top = frozenset().union(*ranked[:k]) if ranked[:k] else frozenset()
    return len(relevant & top) / len(relevant)


def mean(values: Iterable[float]) -> float:
    """Arithmetic mean; NaN for no values (a metric that could not be measured, not zero)."""
    items = list(values)
    return sum(items) / len(items) if items else float("nan")


def compression(full_tokens: Iterable[int], context_tokens: Iterable[int]) -> float:
    """Full-history tokens over context tokens, as a ratio of sums (robust to tiny contexts)."""
    full = sum(full_tokens)
    ctx = sum(context_tokens)
    return full / ctx if ctx else float("inf")
