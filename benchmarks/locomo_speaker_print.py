"""A denser LoCoMo context: the turns of a speaker the question does not name, printed as
their sentences matching the question (issue 38, helper locomo22).

``python -m benchmarks.locomo_speaker_print --cache DIR [--embedders default] [--json OUT]``
reads the records :mod:`benchmarks.budget_use` keeps under ``--cache`` and packs every
question at 1,000 tokens with the engine's packing (the baseline) and with each variant
below, paired question by question (frac wins and losses, span answers gained and lost, and
of those lost, how many were cut out of a memory still packed: ``budget_use.paired``).

Why: of the questions naming one of the two speakers, 3-5% of the evidence turns are the
other speaker's, while the other speaker's turns take 17% of the packed text (measured here,
both halves). The engine already knows whom a question names (the ``speaker`` feature: 1 for
a turn labelled with a name the question says). A variant spends less of the budget on the
turns of a speaker the question does not name, so more of the named speaker's turns fit
(the "ranked just past the cut" misses of :mod:`benchmarks.locomo_misses`):

- ``other speaker shortened``: such a turn is printed as its sentences sharing a term with
  the question, with one sentence on each side, else the matching sentences alone (the
  engine's shorter print, :func:`hybridmem.retrieval.shortened.shortener`); a turn with no
  shorter print is printed whole;
- ``other speaker matches only``: the same with the matching sentences alone;
- ``other speaker shortened or left out``: a turn with no shorter print (no sentence, or
  every sentence, matching) is left out when it has no matching sentence.

A question naming both speakers, or none, is packed as the engine packs it. No parameter.
Reads the records only: no retrieval, seconds per embedder.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from benchmarks import budget_use
from benchmarks.locomo_places import CATEGORY
from benchmarks.metrics import evidence_score
from benchmarks.paths import default_data_dir
from hybridmem import lexical
from hybridmem.models import Hit
from hybridmem.retrieval import context, shortened
from hybridmem.retrieval.entities import speaker_label

VARIANTS = (
    "other speaker shortened",
    "other speaker matches only",
    "other speaker shortened or left out",
)


def _other(hit: Hit) -> bool:
    """A labelled turn whose speaker the question does not name."""
    return (
        speaker_label(hit.node.content) is not None
        and hit.breakdown.features.get("speaker", 0.0) == 0.0
    )


def variant_pack(rec: budget_use.Record, budget: int, variant: str) -> context.Packed:
    """``rec`` at ``budget``: the engine's packing, with the other speaker's turns printed
    as ``variant`` says when the question names exactly the turns' other speaker."""
    named = any(h.breakdown.features.get("speaker", 0.0) > 0.0 for h in rec.ranked)
    others = {h.node.id for h in rec.ranked if _other(h)} if named else set()
    if variant == "engine" or not others:
        return budget_use.variant_pack(rec, budget, budget_use.ENGINE)
    widest = 0 if variant == "other speaker matches only" else shortened.WIDEST
    short = shortened.shortener(rec.question, widest, 0)
    wanted = frozenset(lexical.terms(rec.question))
    ranked: list[Hit] = []
    for hit in rec.ranked[: budget_use.SHORTENED]:
        if hit.node.id not in others:
            ranked.append(hit)
            continue
        prints = short(hit.node)
        if prints:
            ranked.append(budget_use._shown(hit, prints[0]))
        elif variant.endswith("left out") and not wanted & set(lexical.terms(hit.node.content)):
            continue
        else:
            ranked.append(hit)
    ranked += rec.ranked[budget_use.SHORTENED :]
    kw = dict(rec.kwargs, budget=budget, counter=budget_use.COUNTER, shorten=short)
    return context.pack(rec.path, ranked, **kw)


def score(recs: list[budget_use.Record], variant: str) -> list[budget_use.Item]:
    """Per question: frac, the answer in the context, the answer cut out of a packed memory."""
    items: list[budget_use.Item] = []
    for rec in recs:
        packed = variant_pack(rec, 1000, variant)
        frac = evidence_score(rec.evidence, budget_use.covered(rec, packed)).frac
        inside = budget_use.contains(rec, packed)
        answer = f" {budget_use.normalise(rec.answer)} "
        whole = {h.node.id: h.node.content for h in rec.ranked[: budget_use.SHORTENED]}
        cut = not inside and any(
            answer in f" {budget_use.normalise(whole.get(h.node.id, ''))} " for h in packed.hits
        )
        items.append((frac, inside, cut))
    return items


def by_category(recs: list[budget_use.Record], items: list[budget_use.Item]) -> dict[str, float]:
    out: dict[str, float] = {}
    for half in ("tune", "check"):
        for cat, name in CATEGORY.items():
            got = [
                it[0]
                for r, it in zip(recs, items, strict=True)
                if (r.half, r.category) == (half, cat)
            ]
            out[f"{half} {name}"] = round(sum(got) / len(got), 4)
        got = [it[0] for r, it in zip(recs, items, strict=True) if r.half == half]
        out[f"{half} all"] = round(sum(got) / len(got), 4)
    return out


def shares(recs: list[budget_use.Record]) -> dict[str, dict[str, int]]:
    """Per half, over the questions naming a speaker, the engine's 1,000-token packing: packed
    hits and characters, those of a speaker the question does not name, and the packed
    evidence turns that are such a speaker's."""
    out: dict[str, dict[str, int]] = {}
    for rec in recs:
        if not any(h.breakdown.features.get("speaker", 0.0) > 0.0 for h in rec.ranked):
            continue
        cell = out.setdefault(
            rec.half,
            dict.fromkeys(
                (
                    "questions",
                    "hits",
                    "other hits",
                    "chars",
                    "other chars",
                    "evidence packed",
                    "other evidence packed",
                ),
                0,
            ),
        )
        cell["questions"] += 1
        prefix = rec.conversation + ":"
        for hit in budget_use.variant_pack(rec, 1000, budget_use.ENGINE).hits:
            other = _other(hit)
            cell["hits"] += 1
            cell["other hits"] += other
            cell["chars"] += len(hit.node.content)
            cell["other chars"] += len(hit.node.content) * other
            ev = sum(c.startswith(prefix) and c[len(prefix) :] in rec.evidence for c in hit.covers)
            cell["evidence packed"] += ev
            cell["other evidence packed"] += ev * other
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = budget_use.cached_parser(__doc__)
    parser.set_defaults(embedders="default")
    args = parser.parse_args(argv)
    out: dict[str, Any] = {}
    for spec in args.embedders.split(","):
        recs = budget_use.cached(spec, args.data or default_data_dir(), args.cache)
        base = score(recs, "engine")
        res: dict[str, Any] = {"engine": by_category(recs, base), "shares": shares(recs)}
        print(spec, "shares", json.dumps(res["shares"]), flush=True)
        for variant in VARIANTS:
            items = score(recs, variant)
            res[variant] = {
                "frac": by_category(recs, items),
                "paired": budget_use.paired(recs, base, items),
            }
            print(spec, variant, json.dumps(res[variant]), flush=True)
        out[spec] = res
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
