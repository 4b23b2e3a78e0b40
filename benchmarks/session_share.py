"""What fills LoCoMo's 1,000 tokens before the evidence, and a session's later turns weighed
less with a cross-validated share (issue 38, helper locomo12; an experiment over the records of
:mod:`benchmarks.budget_use`, nothing in the engine).

``python -m benchmarks.session_share --cache DIR [--embedders default,minilm] [--json OUT]``
reads the records ``budget_use --cache DIR`` keeps (what the retriever hands the packer for
every question of categories 1-4, conv-26/30/41 tune, conv-42/43 check) and

- **fill**: what the default packing at 1,000 tokens spends its tokens on, per half: turns of
  the session holding most packed turns, turns that end by asking, turns ranked below the
  first evidence turn skipped for its length, evidence turns themselves; and for each
  evidence turn lost to the ranking (ranked below the last packed hit, within 100), how many
  packed non-evidence turns of the same session outrank it;
- **session share**: the hits ordered greedily by a value that counts a hit's ``parent``
  part (its session's best relevance, the one part every turn of a session repeats) in full
  for the session's first placed turn and ``1 - lam * n / (n + 1)`` of it for its n+1-th
  (``lam = 1`` is locomo-session's knob-free ``shared parent``, measured and lost:
  :func:`benchmarks.set_orders.shared_parent_order`), and the same with the whole score so
  shared (``score``); optionally only past the hits the default packs into ``keep`` of the
  budget. ``lam`` and ``keep`` are chosen by two-fold cross-validation: picked on one half,
  scored on the other. Paired question by question with the default (frac, answer
  containment: :mod:`benchmarks.budget_use`).
"""

from __future__ import annotations

import argparse
import heapq
import json
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from benchmarks import budget_use
from benchmarks.metrics import evidence_score
from benchmarks.paths import default_data_dir
from hybridmem.models import Hit
from hybridmem.retrieval import answers

BUDGET = 1000
LAMS = (0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0)
KEEPS = (0.0, 0.5, 0.75)
"""Share of the budget whose hits (by the default packing) keep their rank; 0: none."""
FAMILIES = ("parent", "score")


def _part(hit: Hit, family: str) -> float:
    if family == "score":
        return hit.score if hit.breakdown.parts.get("parent", 0.0) > 0 else 0.0
    return hit.breakdown.parts.get("parent", 0.0)


def shared_order(hits: Sequence[Hit], lam: float, family: str) -> list[Hit]:
    """``hits`` placed greedily by ``score - lam * part * n / (n + 1)``, ``n`` the turns of
    the hit's session placed before it and ``part`` its ``parent`` part (``family``
    ``parent``) or its whole score (``score``; a hit with no session is never shared)."""
    placed: dict[str | None, int] = {}

    def value(h: Hit, n: int) -> float:
        return h.score - lam * _part(h, family) * n / (n + 1)

    heap = [(-h.score, i, 0) for i, h in enumerate(hits)]
    heapq.heapify(heap)
    out: list[Hit] = []
    while heap:
        _, i, seen = heapq.heappop(heap)
        hit = hits[i]
        shared = _part(hit, family) > 0
        now = placed.get(hit.node.parent_id, 0) if shared else 0
        if now != seen:  # its value fell since it was pushed: lazy greedy
            heapq.heappush(heap, (-value(hit, now), i, now))
            continue
        if shared:
            placed[hit.node.parent_id] = now + 1
        out.append(hit)
    return out


def variant_ranked(rec: budget_use.Record, lam: float, keep: float, family: str) -> list[Hit]:
    """``rec``'s hits in the variant's order: those the default packs into ``keep`` of the
    budget first, in rank order, then the rest shared."""
    first = {h.node.id for h in budget_use.pack(rec, int(BUDGET * keep)).hits} if keep else set()
    head = [h for h in rec.ranked if h.node.id in first]
    tail = [h for h in rec.ranked if h.node.id not in first]
    return head + shared_order(tail, lam, family)


Item = tuple[float, bool]


def items(recs: Sequence[budget_use.Record], lam: float, keep: float, family: str) -> list[Item]:
    return ordered_items(recs, lambda rec: variant_ranked(rec, lam, keep, family))


def ordered_items(
    recs: Sequence[budget_use.Record], order: Callable[[budget_use.Record], list[Hit]]
) -> list[Item]:
    """frac and answer containment of each record packed at :data:`BUDGET` in ``order``."""
    out: list[Item] = []
    for rec in recs:
        ranked = order(rec)
        packed = budget_use.context.pack(
            rec.path, ranked, **dict(rec.kwargs, budget=BUDGET, counter=budget_use.COUNTER)
        )
        frac = evidence_score(rec.evidence, budget_use.covered(rec, packed)).frac
        out.append((frac, budget_use.contains(rec, packed)))
    return out


def summary(
    recs: Sequence[budget_use.Record], base: Sequence[Item], got: Sequence[Item]
) -> dict[str, Any]:
    """Per half: frac, its difference, questions won / lost, containment and answers moved,
    frac difference per category."""
    out: dict[str, Any] = {}
    for half in ("tune", "check"):
        idx = [i for i, r in enumerate(recs) if r.half == half]
        span = [i for i in idx if recs[i].span]
        row: dict[str, Any] = {
            "frac": round(statistics.fmean(got[i][0] for i in idx), 4),
            "diff": round(statistics.fmean(got[i][0] - base[i][0] for i in idx), 4),
            "wins": sum(got[i][0] > base[i][0] + 1e-9 for i in idx),
            "losses": sum(got[i][0] < base[i][0] - 1e-9 for i in idx),
            "containment": round(statistics.fmean(got[i][1] for i in span), 4),
            "answers_gained": sum(got[i][1] > base[i][1] for i in span),
            "answers_lost": sum(got[i][1] < base[i][1] for i in span),
        }
        for cat in (1, 2, 3, 4):
            ci = [i for i in idx if recs[i].category == cat]
            if ci:
                row[f"cat{cat}"] = round(statistics.fmean(got[i][0] - base[i][0] for i in ci), 4)
        out[half] = row
    return out


def cross_validate(grid: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """For each half, the variant with the best frac on the other half (ties: the first, i.e.
    the smallest share), and how it scores on this one."""
    out: dict[str, Any] = {}
    for held, picked_on in (("check", "tune"), ("tune", "check")):
        name = max(grid, key=lambda n: (grid[n][picked_on]["frac"], -list(grid).index(n)))
        out[held] = {"picked_on": picked_on, "variant": name, **grid[name][held]}
    return out


def fill(recs: Sequence[budget_use.Record]) -> dict[str, Any]:
    """Where the default packing's tokens go, and what outranks evidence lost to ranking."""
    counter = budget_use.COUNTER
    out: dict[str, Any] = {}
    for half in ("tune", "check"):
        tot = Counter[str]()
        outranked: list[int] = []
        for rec in (r for r in recs if r.half == half):
            packed = budget_use.pack(rec, BUDGET)
            prefix = rec.conversation + ":"
            ev = {prefix + e for e in rec.evidence}
            chosen = {h.node.id for h in packed.hits}
            rank = {h.node.id: n for n, h in enumerate(rec.ranked)}
            last = max((rank[i] for i in chosen), default=-1)
            skipped = [
                rank[h.node.id]
                for h in rec.ranked[: last + 1]
                if h.node.id not in chosen and h.covers & ev
            ]
            sessions = Counter(h.node.parent_id for h in packed.hits)
            top = sessions.most_common(1)[0][0] if sessions else None
            for h in packed.hits:
                cost = counter.count(budget_use.context._flat(h.node)) + 1
                tot["tokens"] += cost
                tot["turns"] += 1
                if h.covers & ev:
                    tot["evidence tokens"] += cost
                    continue
                tot["other tokens"] += cost
                if h.node.parent_id == top:
                    tot["other, largest session"] += cost
                if answers.asks(h.node.content):
                    tot["other, ends asking"] += cost
                if skipped and rank[h.node.id] > min(skipped):
                    tot["other, ranked below a skipped evidence turn"] += cost
            tot["evidence skipped for its length"] += len(skipped)
            tot["questions"] += 1
            for h in rec.ranked[last + 1 : 100]:
                if not h.covers & ev:
                    continue
                outranked.append(
                    sum(
                        1
                        for p in packed.hits
                        if p.node.parent_id == h.node.parent_id and not p.covers & ev
                    )
                )
        row = dict(tot)
        row["ranking-lost evidence (rank <= 100)"] = len(outranked)
        row["... with a packed non-evidence turn of its own session"] = sum(
            1 for n in outranked if n
        )
        row["... such turns, mean"] = round(statistics.fmean(outranked), 2) if outranked else 0
        out[half] = row
    return out


def run(specs: Sequence[str], data: Path, cache: Path) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for spec in specs:
        recs = budget_use.cached(spec, data, cache)
        # The engine arranges its scored hits after scoring (an answer after its question,
        # ...) and a greedy placement by value undoes that, so the pairing is with the same
        # placement at lam = 0 (a re-sort by score); the engine's own order is reported too.
        engine = ordered_items(recs, lambda r: list(r.ranked))
        base = items(recs, 0.0, 0.0, "parent")
        res: dict[str, Any] = {
            "fill": fill(recs),
            "engine": summary(recs, engine, engine),
            "re-sorted by score": summary(recs, engine, base),
        }
        for family in FAMILIES:
            grid: dict[str, dict[str, Any]] = {}
            for keep in KEEPS:
                for lam in LAMS[1:]:
                    name = f"{family} lam={lam} keep={keep}"
                    grid[name] = summary(recs, base, items(recs, lam, keep, family))
                    print(spec, name, json.dumps(grid[name]), flush=True)
            res[family] = {"grid": grid, "cross_validated": cross_validate(grid)}
        out[spec] = res
        print(
            spec,
            json.dumps({k: res[k] for k in ("fill", "engine", "re-sorted by score")}, indent=1),
            flush=True,
        )
        for family in FAMILIES:
            print(spec, family, json.dumps(res[family]["cross_validated"], indent=1), flush=True)
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--embedders", default="default,minilm")
    parser.add_argument("--cache", type=Path, required=True)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    out = run(args.embedders.split(","), args.data or default_data_dir(), args.cache)
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
