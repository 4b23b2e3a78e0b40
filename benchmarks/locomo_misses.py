"""LoCoMo's missed questions by category and by why, both halves (issue 38, helper locomo22).

``python -m benchmarks.locomo_misses --cache DIR [--embedders default] [--json OUT]`` reads
the records :mod:`benchmarks.budget_use` keeps under ``--cache`` (the engine's retrieval of
every category 1-4 question of the five dev conversations) and packs each at 1,000 tokens
with the engine's packing. Every question whose frac is below 1 is a miss; it is put in one
class, by its best-placed missed evidence turn (the turn a lever would reach first):

- ``budget``: ranked above the last packed hit, left out because it did not fit;
- ``ranked just past the cut``: within 25 ranks past the last packed hit (about what a
  second 1,000 tokens would hold);
- ``ranked further``: more than 25 past it;
- ``never a candidate``.

Beside the class, flags read from the question and the turns (several may hold):

- ``date asked``: the question asks for a time (``when``, ``what year`` ...: the temporal
  wh-phrases, a closed class);
- ``no word``: some missed evidence turn holds no term of the question but the speakers'
  names (:func:`hybridmem.lexical.terms`: what the lexical channel matches);
- ``second turn``: a multi-turn question with one evidence turn packed and a missed one
  holding no word of the question (the multi-hop case a second hop is for);
- ``word from packed evidence``: of those, the missed turn shares a term (not the
  question's, not a name) with a packed evidence turn: the bound of any hop seeded by what
  the context already holds, known only to the benchmark;
- ``word from first hit``: the missed turn shares such a term with the first hit (a hop
  seeded by the first hit's words could name it).

And the ranks of the missed evidence turns (1-5, 6-20, 21-50, past 50, never), so that
a reader can see where they sit against the ~25 hits 1,000 tokens hold.

**The bound of a word hop** (``hops``): for every ``second turn`` miss, each missed turn
holding no word of the question is ranked over its whole conversation by BM25 (k1 1.2, b
0.75, the customary constants; a diagnosis, not the engine's channel) with three second
queries: the first hit's terms, the best five hits' terms, and the packed evidence turns'
terms (an oracle: known only to the benchmark), each without the question's terms and the
speakers' names. A hop seeded by what the context holds could reach the turn only where
that rank is within the ~25 hits 1,000 tokens hold. Reads the records only: no retrieval.
"""

from __future__ import annotations

import json
import math
import re
import statistics
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from benchmarks import budget_use
from benchmarks.locomo_data import load_locomo
from benchmarks.locomo_places import CATEGORY, ranks
from benchmarks.metrics import evidence_score
from benchmarks.paths import default_data_dir
from hybridmem import lexical
from hybridmem.retrieval.entities import speaker_label

PAST = 25
"""Ranks past the cut counted as "just past": about the hits 1,000 tokens hold (locomo14)."""
CLASSES = ("budget", "ranked just past the cut", "ranked further", "never a candidate")
FLAGS = ("date asked", "no word", "second turn", "word from packed evidence", "word from first hit")
RANKS = ("1-5", "6-20", "21-50", "past 50", "never")
WHEN = re.compile(
    r"^\s*when\b|\b(what|which) (year|month|date|day|week|time)\b|\bhow long\b|\bhow many "
    r"(years|months|weeks|days)\b",
    re.IGNORECASE,
)


def said_terms(text: str, names: frozenset[str]) -> set[str]:
    """A turn's terms without its ``Name:`` label and without the speakers' names."""
    body = text.split(":", 1)[-1] if speaker_label(text) else text
    return set(lexical.terms(body)) - names


def rank_bin(rank: int | None) -> str:
    if rank is None:
        return "never"
    return "1-5" if rank <= 5 else "6-20" if rank <= 20 else "21-50" if rank <= 50 else "past 50"


def classify(rank: int | None, last: int) -> str:
    if rank is None:
        return "never a candidate"
    if rank < last:
        return "budget"
    return "ranked just past the cut" if rank <= last + PAST else "ranked further"


def question_row(
    rec: budget_use.Record, said: dict[tuple[str, str], str], names: frozenset[str]
) -> dict[str, Any]:
    """One question at 1,000 tokens: frac, class and flags if missed."""
    packed = budget_use.variant_pack(rec, 1000, budget_use.ENGINE)
    got = budget_use.covered(rec, packed)
    frac = evidence_score(rec.evidence, got).frac
    row: dict[str, Any] = {
        "half": rec.half,
        "conversation": rec.conversation,
        "category": CATEGORY[rec.category],
        "question": rec.question,
        "frac": round(frac, 4),
    }
    missed = sorted(e for e in rec.evidence if e not in got)
    if not missed:
        return row
    rank = ranks(rec)
    ids = {h.node.id for h in packed.hits}
    last = max((n for n, h in enumerate(rec.ranked, 1) if h.node.id in ids), default=0)
    order = {c: i for i, c in enumerate(CLASSES)}
    row["class"] = min((classify(rank.get(e), last) for e in missed), key=order.__getitem__)
    row["missed_ranks"] = [rank_bin(rank.get(e)) for e in missed]
    asked = set(lexical.terms(rec.question)) - names
    terms = {e: said_terms(said[(rec.conversation, e)], names) for e in rec.evidence}
    wordless = [e for e in missed if not asked & terms[e]]
    first = said_terms(rec.ranked[0].node.content, names) - asked if rec.ranked else set()
    packed_ev = [e for e in rec.evidence if e in got]
    flags = {
        "date asked": bool(WHEN.search(rec.question)),
        "no word": bool(wordless),
        "second turn": bool(packed_ev and wordless),
        "word from packed evidence": any(
            (terms[e] - asked) & terms[p] for e in wordless for p in packed_ev
        ),
        "word from first hit": bool(packed_ev)
        and any((terms[e] - asked) & first for e in wordless),
    }
    row["flags"] = [f for f in FLAGS if flags[f]]
    return row


class Bm25:
    """BM25 over one conversation's turns (their terms without labels and names)."""

    def __init__(self, turns: Mapping[str, Iterable[str]]) -> None:
        self.docs = {k: Counter(v) for k, v in turns.items()}
        self.avg = statistics.fmean(sum(d.values()) for d in self.docs.values())
        self.df = Counter(w for d in self.docs.values() for w in d)

    def score(self, doc: Counter[str], query: set[str]) -> float:
        n, size = len(self.docs), sum(doc.values())
        out = 0.0
        for w in query & doc.keys():
            idf = math.log(1 + (n - self.df[w] + 0.5) / (self.df[w] + 0.5))
            out += idf * doc[w] * 2.2 / (doc[w] + 1.2 * (0.25 + 0.75 * size / self.avg))
        return out

    def rank(self, query: set[str], target: str) -> int:
        """1-based rank of ``target`` (ties counted in its favour)."""
        mine = self.score(self.docs[target], query)
        return 1 + sum(self.score(d, query) > mine for d in self.docs.values())


def hops(
    recs: Sequence[budget_use.Record],
    rows: Sequence[dict[str, Any]],
    said: dict[tuple[str, str], str],
    names: frozenset[str],
) -> dict[str, Any]:
    """Per half and seed: the BM25 rank of every wordless missed turn of a ``second turn``
    miss (median, within 25, within 50)."""
    index: dict[str, Bm25] = {}
    got: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    for rec, row in zip(recs, rows, strict=True):
        if "second turn" not in row.get("flags", ()):
            continue
        if rec.conversation not in index:
            turns = {d: said_terms(t, names) for (c, d), t in said.items() if c == rec.conversation}
            index[rec.conversation] = Bm25(turns)
        bm = index[rec.conversation]
        packed = budget_use.covered(rec, budget_use.variant_pack(rec, 1000, budget_use.ENGINE))
        asked = set(lexical.terms(rec.question))
        terms = {e: said_terms(said[(rec.conversation, e)], names) for e in rec.evidence}
        seeds = {
            "first hit": said_terms(rec.ranked[0].node.content, names),
            "best five hits": set().union(
                *(said_terms(h.node.content, names) for h in rec.ranked[:5])
            ),
            "packed evidence (oracle)": set().union(*(terms[p] for p in packed & rec.evidence)),
        }
        for e in rec.evidence - packed:
            if asked & terms[e]:
                continue
            for seed, words in seeds.items():
                got[rec.half][seed].append(bm.rank(words - asked, e))
    return {
        half: {
            seed: {
                "turns": len(r),
                "median rank": statistics.median(r),
                "within 25": sum(x <= PAST for x in r),
                "within 50": sum(x <= 2 * PAST for x in r),
            }
            for seed, r in seeds_.items()
        }
        for half, seeds_ in got.items()
    }


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Per half and category: questions, misses, frac, misses per class and flag, missed
    turns per rank bin."""
    cells: dict[str, Counter[str]] = defaultdict(Counter)
    fracs: dict[str, float] = defaultdict(float)
    for row in rows:
        for key in (f"{row['half']} | {row['category']}", f"{row['half']} | all"):
            cells[key]["questions"] += 1
            fracs[key] += row["frac"]
            if "class" not in row:
                continue
            cells[key]["missed"] += 1
            cells[key][row["class"]] += 1
            for f in row["flags"]:
                cells[key][f] += 1
            for b in row["missed_ranks"]:
                cells[key][f"turns {b}"] += 1
    return {
        key: dict(cells[key], frac=round(fracs[key] / cells[key]["questions"], 4))
        for key in sorted(cells)
    }


def show(spec: str, summ: dict[str, Any]) -> None:
    head = (
        "half | category",
        "questions",
        "missed",
        *CLASSES,
        *FLAGS,
        *(f"turns {b}" for b in RANKS),
    )
    print(f"\n{spec}")
    print(" | ".join(head) + " | frac")
    for key, c in summ.items():
        cols = [str(c.get(k, 0)) for k in head[1:]]
        print(" | ".join([key, *cols]) + f" | {c['frac']:.3f}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = budget_use.cached_parser(__doc__)
    parser.set_defaults(embedders="default")
    args = parser.parse_args(argv)
    data = args.data or default_data_dir()
    ds = load_locomo(data / "locomo" / "locomo-dev.json")
    said = {(c.sample_id, t.dia_id): t.content for c in ds.conversations for t in c.turns}
    names = frozenset(
        t for c in ds.conversations for n in (c.speaker_a, c.speaker_b) for t in lexical.terms(n)
    )
    out: dict[str, Any] = {}
    for spec in args.embedders.split(","):
        recs = budget_use.cached(spec, data, args.cache)
        rows = [question_row(rec, said, names) for rec in recs]
        out[spec] = {
            "summary": summary(rows),
            "hops": hops(recs, rows, said, names),
            "misses": [r for r in rows if "class" in r],
        }
        show(spec, out[spec]["summary"])
        print(json.dumps(out[spec]["hops"], indent=1))
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
