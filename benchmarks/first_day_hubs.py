"""Is a first-day miss a hub of the embedder, and does a hubness reduction move it? (issue 38,
helpers firstday18 and hubs21): ``python -m benchmarks.first_day_hubs [--sets dev,blind,...]
[--embedder minilm] [--json F]``; ``python -m benchmarks.first_day_hubs report F`` prints a
run's totals again from its ``--json``; ``python -m benchmarks.first_day_hubs after-score
RUN.json ...`` lists the first-day misses whose first hit no feature put first.

The first hit of many first-day misses is one statement the embedder puts near most questions
of its newcomer ("A proper Norfolk dumpling stew, you can't beat it." first for five of the
eighteenth set's en A misses, 家里有两只仓鼠… and 每周二晚上我陪儿子… in the zh sets): a hub, in
the sense of the nearest-neighbour literature (a point in many others' neighbourhoods because
it sits near the centre of the cloud, not because it is about them).

**Hubness, measured** (per newcomer, by raw cosine among its statements): N1(d), the number of
the newcomer's questions whose first statement is d; the share of questions (and of misses)
whose first is a *hub*, a statement first for at least three of its newcomer's questions; the
skewness of N1 and N5 over the statements (Radovanović et al. 2010's measure: 0 for no hubs);
each question's spread of cosines over the statements (max - min, and first - second).

**The standard knob-free reductions**, each a re-scoring of the similarity alone:

- ``centred`` / ``zscore`` / ``csls`` (firstday18): cos(q, d) minus d's mean cosine to the
  newcomer's other statements (each document's own baseline), that divided by the spread (local
  scaling), and 2 cos(q, d) minus that mean (CSLS with every other statement as d's
  neighbourhood);
- ``centre_store``: every vector less the mean vector of the newcomer's store (its statements
  and its sealed memories, everything the engine holds for the user), renormalised (Suzuki et
  al. 2013's centering);
- ``centre_asked``: every vector less the mean of the questions this newcomer asked before
  this one (in the order the first-day run asks them; the first question is left as is),
  renormalised: the centre of what users ask, learnt as they ask it;
- ``csls_k`` (k = 1, 2, 3, 5, 10): 2 cos(q, d) minus d's mean cosine to its k nearest
  statements (Conneau et al. 2018 with the store as its own reference; the query's own term is
  the same for every d and moves no rank); ``csls_cv``: k chosen on one half (the A
  newcomers, every set and language) and scored on the other, both ways;
- ``asked_query``: cos(q, d) minus d's cosine to the mean of the earlier questions (the
  query side of ``centre_asked`` alone: the statements near what this user asks in general
  lose that part); ``csls_asked``: 2 cos(q, d) minus the same, CSLS with the earlier
  questions as the reference domain, as Conneau et al. use the other language's points;
- ``mp``: mutual proximity (Schnitzer et al. 2012), Gaussian form: P(a cosine of d to the
  store < s) times P(a cosine of q to the store < s), s = cos(q, d), each normal fitted to the
  cosines of d (or q) to the store.

Measured at the similarity level only, among a newcomer's statements (facts, the old and new
value, the task notes; sealed memories left out as candidates, as the engine withholds them):
the answer first under each ordering, per set, language and half. This says whether a
correction can move the misses at all before anything is wired into retrieval.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import erf, sqrt
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.first_day import ALL_SETS, sets_run
from benchmarks.first_day_persona import Persona
from hybridmem.embedding import Embedder
from hybridmem.embedding.base import embed_query

KS: tuple[int, ...] = (1, 2, 3, 5, 10)
HUB = 3
"""A statement first for this many questions of its newcomer is counted a hub (a report
threshold, not a parameter of any ordering)."""


@dataclass(frozen=True)
class Newcomer:
    """One newcomer's vectors: statements (candidates), the whole store, the questions."""

    docs: np.ndarray
    store: np.ndarray
    questions: np.ndarray


Order = Callable[[Newcomer, int], np.ndarray]


def _unit(v: np.ndarray) -> np.ndarray:
    return v / np.linalg.norm(v, axis=-1, keepdims=True)


def _others(docs: np.ndarray, store: np.ndarray) -> np.ndarray:
    """Each statement's cosines to the rest of the store (itself left out), sorted high first."""
    sims = docs @ store.T
    rows = [np.sort(np.delete(row, int(np.argmax(row))))[::-1] for row in sims]
    return np.asarray(rows)


def _baseline(docs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each statement's mean and spread of cosines to the other statements."""
    rows = _others(docs, docs)
    return rows.mean(axis=1), rows.std(axis=1)


def _csls(k: int | None) -> Order:
    def order(n: Newcomer, i: int) -> np.ndarray:
        rows = _others(n.docs, n.docs)
        near = rows if k is None else rows[:, :k]
        return 2 * (n.docs @ n.questions[i]) - near.mean(axis=1)

    return order


def _centre_store(n: Newcomer, i: int) -> np.ndarray:
    mean = n.store.mean(axis=0)
    return _unit(n.docs - mean) @ _unit(n.questions[i] - mean)


def _centre_asked(n: Newcomer, i: int) -> np.ndarray:
    # The same question asked again (from the next task) is not a question seen before: with
    # it alone as the centre, the centred query is the zero vector.
    mean = _asked_before(n, i)
    if mean is None:
        return n.docs @ n.questions[i]
    return _unit(n.docs - mean) @ _unit(n.questions[i] - mean)


def _asked_before(n: Newcomer, i: int) -> np.ndarray | None:
    """The mean of the questions this newcomer asked before question ``i`` (one identical to
    it left out), or None for a first question."""
    q = n.questions[i]
    before = [v for v in n.questions[:i] if not np.allclose(v, q)]
    return np.mean(before, axis=0) if before else None


def _asked_side(factor: float) -> Order:
    """``factor`` cos(q, d) minus d's cosine to the mean of the questions asked before: the
    query side of centering alone (factor 1) or CSLS with every earlier question as d's
    neighbourhood (factor 2, Conneau et al.'s form: the reference domain is the queries)."""

    def order(n: Newcomer, i: int) -> np.ndarray:
        cos = n.docs @ n.questions[i]
        mean = _asked_before(n, i)
        return cos if mean is None else factor * cos - n.docs @ mean

    return order


def _normal_cdf(x: np.ndarray) -> np.ndarray:
    return np.asarray([0.5 * (1 + erf(v / sqrt(2))) for v in np.ravel(x)]).reshape(x.shape)


def _mutual_proximity(n: Newcomer, i: int) -> np.ndarray:
    cos = n.docs @ n.questions[i]
    rows = _others(n.docs, n.store)
    doc_side = _normal_cdf((cos - rows.mean(axis=1)) / rows.std(axis=1))
    to_store = n.store @ n.questions[i]
    query_side = _normal_cdf((cos - to_store.mean()) / to_store.std())
    return doc_side * query_side


ORDERS: dict[str, Order] = {
    "raw": lambda n, i: n.docs @ n.questions[i],
    "centred": lambda n, i: n.docs @ n.questions[i] - _baseline(n.docs)[0],
    "zscore": lambda n, i: (n.docs @ n.questions[i] - _baseline(n.docs)[0]) / _baseline(n.docs)[1],
    "csls": _csls(None),
    **{f"csls_{k}": _csls(k) for k in KS},
    "centre_store": _centre_store,
    "centre_asked": _centre_asked,
    "asked_query": _asked_side(1.0),
    "csls_asked": _asked_side(2.0),
    "mp": _mutual_proximity,
}


def _statements(p: Persona) -> list[str]:
    return [t for t, _ in p.facts] + [p.old, p.new] + [note for _, note in p.tasks]


def asked(p: Persona) -> list[tuple[str, str]]:
    """The newcomer's ordinary questions with their answers, in the first-day run's order
    (each question about the user is asked from every task in turn)."""
    per_task = [(q, a) for q, a in p.questions for _ in p.tasks]
    return [*per_task, *((q, a) for q, a, _ in p.task_questions), (p.changed, p.new)]


def persona_rows(set_name: str, half: str, p: Persona, embedder: Embedder) -> list[dict[str, Any]]:
    """One row per ordinary question: the answer's place and the first statement under each
    ordering, and the spread of the raw cosines."""
    texts = _statements(p)
    docs = np.asarray(embedder.embed(texts))
    store = np.concatenate([docs, np.asarray(embedder.embed([t for t, _ in p.secrets]))])
    pairs = asked(p)
    n = Newcomer(docs, store, np.asarray(embed_query(embedder, [q for q, _ in pairs])))
    out: list[dict[str, Any]] = []
    for i, (question, needle) in enumerate(pairs):
        want = next(j for j, t in enumerate(texts) if needle in t)
        places: dict[str, int] = {}
        first: dict[str, int] = {}
        for name, order in ORDERS.items():
            scores = np.nan_to_num(order(n, i), nan=-np.inf)
            places[name] = int((scores > scores[want]).sum())
            first[name] = int(np.argmax(scores))
        cos = np.sort(docs @ n.questions[i])[::-1]
        out.append(
            {
                "set": set_name,
                "lang": p.lang,
                "half": half,
                "question": question,
                "places": places,
                "first": {k: texts[v] for k, v in first.items()},
                "range": float(cos[0] - cos[-1]),
                "gap": float(cos[0] - cos[1]),
            }
        )
    return out


def _skew(counts: Sequence[int]) -> float:
    x = np.asarray(counts, dtype=float)
    sd = x.std()
    return float(((x - x.mean()) ** 3).mean() / sd**3) if sd > 0 else 0.0


def hubness(rows: Sequence[dict[str, Any]], texts: Sequence[str], order: str) -> dict[str, Any]:
    """One newcomer's hubness under ``order``: N1 of each statement, the questions (and the
    misses) whose first is a hub, the skewness of N1."""
    once = list({r["question"]: r for r in rows}.values())  # a question asked from two tasks
    n1 = Counter(r["first"][order] for r in once)
    hubs = {t for t, c in n1.items() if c >= HUB}
    misses = [r for r in once if r["places"][order] > 0]
    return {
        "questions": len(once),
        "first_is_hub": sum(r["first"][order] in hubs for r in once),
        "misses": len(misses),
        "miss_first_is_hub": sum(r["first"][order] in hubs for r in misses),
        "max_n1": max(n1.values()),
        "skew_n1": _skew([n1.get(t, 0) for t in texts]),
    }


def _cells(rows: Sequence[dict[str, Any]], order: str) -> str:
    """Answer first under ``order`` per language and half: "en A 12/14 ..."."""
    out = []
    for lang in ("en", "zh"):
        for half in ("A", "B"):
            mine = [r for r in rows if r["lang"] == lang and r["half"] == half]
            if mine:
                hits = sum(r["places"][order] == 0 for r in mine)
                out.append(f"{lang}{half} {hits:>2}/{len(mine)}")
    return " ".join(out)


def cross_validated(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """CSLS's k chosen on one half (most answers first) and scored on the other, both ways."""
    found: dict[str, Any] = {}
    for tune, check in (("A", "B"), ("B", "A")):
        tuned = [r for r in rows if r["half"] == tune]
        best = max(KS, key=lambda k: (sum(r["places"][f"csls_{k}"] == 0 for r in tuned), -k))
        checked = [r for r in rows if r["half"] == check]
        found[check] = {
            "k": best,
            "first": sum(r["places"][f"csls_{best}"] == 0 for r in checked),
            "raw": sum(r["places"]["raw"] == 0 for r in checked),
            "questions": len(checked),
        }
    return found


def _spread(rows: Sequence[dict[str, Any]]) -> str:
    """Median cosine range and first-second gap, hits and misses apart."""
    parts = []
    for label, mine in (
        ("hit", [r for r in rows if r["places"]["raw"] == 0]),
        ("miss", [r for r in rows if r["places"]["raw"] > 0]),
    ):
        if mine:
            rng = float(np.median([r["range"] for r in mine]))
            gap = float(np.median([r["gap"] for r in mine]))
            parts.append(f"{label} range {rng:.3f} gap {gap:.4f}")
    return "; ".join(parts)


def report(found: Sequence[dict[str, Any]], hubs: Sequence[dict[str, Any]]) -> None:
    """The totals of a run: answers first under each ordering per language and half, gained
    and lost against raw, the share of questions whose first is a hub; CSLS's k by halves;
    the raw hubness and cosine spread per language."""
    raw = {id(r): r["places"]["raw"] == 0 for r in found}
    for order in (o for o in ORDERS if found and o in found[0]["places"]):  # an older run's
        hits = sum(r["places"][order] == 0 for r in found)
        won = sum(r["places"][order] == 0 and not raw[id(r)] for r in found)
        lost = sum(r["places"][order] > 0 and raw[id(r)] for r in found)
        mine = [h for h in hubs if h["order"] == order]
        share = sum(h["first_is_hub"] for h in mine) / sum(h["questions"] for h in mine)
        print(
            f"{order:13} {_cells(found, order)}  total {hits}/{len(found)} (+{won} / -{lost})"
            f"  first is a hub {share:.3f}"
        )
    told = (
        f"{h}: k={v['k']} {v['first']}/{v['questions']} (raw {v['raw']})"
        for h, v in cross_validated(found).items()
    )
    print("csls, k chosen on the other half: " + ", ".join(told))
    for lang in ("en", "zh"):
        for order in ("raw", "centre_asked"):
            mine = [h for h in hubs if h["order"] == order and h["lang"] == lang]
            tally = {k: sum(h[k] for h in mine) for k in ("questions", "first_is_hub", "misses")}
            print(
                f"{lang} {order}: first is a hub {tally['first_is_hub']}/{tally['questions']}"
                f" questions, {sum(h['miss_first_is_hub'] for h in mine)}/{tally['misses']}"
                f" misses; mean skew N1 {np.mean([h['skew_n1'] for h in mine]):.2f}"
            )
        print(f"  {lang} raw cosines: {_spread([r for r in found if r['lang'] == lang])}")


_TERM = re.compile(r"score=([0-9.]+)|similarity ([0-9.]+)")


def placed_after_score(paths: Sequence[Path]) -> None:
    """The misses of first-day runs (``benchmarks.first_day`` JSON) whose first hit scores
    below what the best cosine alone earns in the same runs (the largest similarity term of
    any first hit's breakdown): a hit no feature put first, placed there by a step after the
    score (the newer-first step, a said-first or group step). A question naming a time is
    left out: its time feature takes a share of the weights, and its best cosine earns less."""
    misses = [
        (path.name, user["lang"], m)
        for path in paths
        for user in json.loads(path.read_text(encoding="utf-8"))["users"]
        for m in user["misses"]
    ]
    terms = [_TERM.findall(m["first"]) for _, _, m in misses]
    best = max((float(sim) for found in terms for _, sim in found if sim), default=0.0)
    low = []
    for (name, lang, m), found in zip(misses, terms, strict=True):
        score = next((float(s) for s, _ in found if s), None)
        if score is not None and score < best:
            low.append(f"{name} {lang} {score:.3f} {m['question']} -> {m['got'][0]}")
    print(f"{len(low)} of {len(misses)} missed question-task pairs have a first hit scoring")
    print(f"below the best cosine's own term ({best:.3f}):")
    print("\n".join(low))


def main(argv: Sequence[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["report"]:  # the totals again, from a run's --json
        data = json.loads(Path(args[1]).read_text(encoding="utf-8"))
        report(data["rows"], data["hubness"])
        return
    if args[:1] == ["after-score"]:
        placed_after_score([Path(a) for a in args[1:]])
        return
    run = sets_run(__doc__, argv)
    found: list[dict[str, Any]] = []
    hubs: list[dict[str, Any]] = []
    for name in run.sets:
        seen: Counter[str] = Counter()
        for p in ALL_SETS[name]:
            seen[p.lang] += 1
            half = "A" if seen[p.lang] == 1 else "B"
            rows = persona_rows(name, half, p, run.embedder)
            found += rows
            for order in ORDERS:
                hubs.append(
                    {"set": name, "lang": p.lang, "half": half, "order": order}
                    | hubness(rows, _statements(p), order)
                )
        mine = [r for r in found if r["set"] == name]
        print(f"{name:12} raw {_cells(mine, 'raw')}")
    print()
    report(found, hubs)
    run.write({"rows": found, "hubness": hubs, "csls_cv": cross_validated(found)})


if __name__ == "__main__":
    main()
