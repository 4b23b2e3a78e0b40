"""Every pair the query-time rule "a newer value first" considers, labelled (issue 38).

:func:`hybridmem.retrieval.newer_values.newer_first` is wrapped while the colloquial scenario
files and the first-day newcomers run; for each shown standing statement and each newer
standing hit it records the pair model's reading, the shared-word test, the subject test and
the question's raw similarity to the two and to the best other hit. A pair is ``right`` when
the older statement is a stale value and the newer its replacement, ``wrong`` when the older
one is the answer. ``--table`` prints, per half (A: ``colloquial_dev`` + ``colloquial_blind``
+ first-day dev and blind; B: the later blind sets + first-day third to sixth), how many of
each the rules of docs/benchmarks.md read as one attribute::

    python -m benchmarks.newer_pairs --json benchmarks/results/issue38_question_focus/pairs.json \\
        benchmarks/data/colloquial_dev.json benchmarks/data/colloquial_blind.json \\
        benchmarks/data/colloquial_blind2.json benchmarks/data/colloquial_blind3.json
    python -m benchmarks.newer_pairs --table benchmarks/results/issue38_question_focus/pairs.json

Development analysis only: run it on a blind set and the set is no longer blind.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import hybridmem.retrieval.retriever as retriever
from benchmarks import evolution_scenarios as es
from benchmarks import first_day as fd
from benchmarks.scenario_files import load_scenarios
from hybridmem import HybridMemory
from hybridmem.evolution.slots.pairs import language, model_for, read
from hybridmem.retrieval import newer_values as nv

Pair = dict[str, Any]


class Recorder:
    """Wraps ``newer_first`` and ``HybridMemory.retrieve``; one record per query."""

    def __init__(self) -> None:
        self.query = ""
        self.tag = ""
        self.records: list[dict[str, Any]] = []
        original = nv.newer_first

        def wrapped(
            hits: Any, top_k: Any, config: Any, embedder: Any, vectors_of: Any, cosine: Any = None
        ) -> Any:
            self._record(hits, top_k, config, embedder, vectors_of, cosine or {})
            return original(hits, top_k, config, embedder, vectors_of, cosine)

        retriever.newer_first = wrapped
        ask = HybridMemory.retrieve

        def retrieve(mem: Any, query: str, *args: Any, **kwargs: Any) -> Any:
            self.query = query
            return ask(mem, query, *args, **kwargs)

        HybridMemory.retrieve = retrieve  # type: ignore[method-assign]

    def _record(
        self, hits: Any, top_k: Any, config: Any, embedder: Any, vectors_of: Any, cosine: Any
    ) -> None:
        kinds = config.conflict_types
        model = model_for(embedder.name, embedder.dimension)
        standing = [h for h in hits if nv._standing(h.node, kinds)]
        shown = [h for h in hits[: top_k or len(hits)] if nv._standing(h.node, kinds)]
        vectors = vectors_of([h.node.id for h in hits]) if standing and model else {}
        pairs: list[Pair] = []

        def p_of(a: Any, b: Any) -> float:
            r = read(model, vectors[a.node.id], a.node.content, vectors[b.node.id], b.node.content)
            return r.same_value + r.same_attribute

        def partners(a: Any, skip: Any) -> list[float]:
            # The pair model's reading of ``a`` with every other standing hit (not ``skip``).
            return [
                p_of(a, h)
                for h in standing
                if h is not a and h is not skip and h.node.id in vectors
            ]

        def nearest(a: Any) -> str | None:
            # ``a``'s nearest hit by the stored vectors (any type), for a mutual-neighbour test.
            va = vectors.get(a.node.id)
            if va is None:
                return None
            others = [
                (float(vectors[h.node.id] @ va), h.node.id)
                for h in hits
                if h is not a and h.node.id in vectors
            ]
            return max(others)[1] if others else None

        for old in shown:
            for new in standing:
                if new.node.created_at <= old.node.created_at or old.node.id not in vectors:
                    continue
                if new.node.id not in vectors:
                    continue
                vo, vn = vectors[old.node.id], vectors[new.node.id]
                reading = read(model, vn, new.node.content, vo, old.node.content)
                lang = language(new.node.content)
                others = [
                    cosine[h.node.id]
                    for h in hits
                    if h.node.id in cosine
                    and h.node.id not in (old.node.id, new.node.id)
                    and language(h.node.content) == lang
                ]
                pairs.append(
                    {
                        "old": old.node.content,
                        "new": new.node.content,
                        "both_groups": bool(old.node.conflict_group and new.node.conflict_group),
                        "same_subject": nv.same_subject(new.node.content, old.node.content),
                        "one_attribute": nv.one_attribute(new.node.content, old.node.content),
                        "pair_model": reading.same_value + reading.same_attribute,
                        "cos_old": cosine.get(old.node.id),
                        "cos_new": cosine.get(new.node.id),
                        "others": sorted(others, reverse=True)[:5],
                        "p_old_others": sorted(partners(old, new), reverse=True)[:3],
                        "p_new_others": sorted(partners(new, old), reverse=True)[:3],
                        "p_old_any": sorted(
                            (
                                p_of(old, h)
                                for h in hits
                                if h not in (old, new) and h.node.id in vectors
                            ),
                            reverse=True,
                        )[:3],
                        "p_new_any": sorted(
                            (
                                p_of(new, h)
                                for h in hits
                                if h not in (old, new) and h.node.id in vectors
                            ),
                            reverse=True,
                        )[:3],
                        "mutual_nearest": nearest(old) == new.node.id
                        and nearest(new) == old.node.id,
                        "standing": len(standing),
                    }
                )
        self.records.append({"tag": self.tag, "query": self.query, "pairs": pairs})


def _label(pair: Pair, gold: Sequence[str], stale: Sequence[str]) -> str | None:
    def among(text: str, xs: Sequence[str]) -> bool:
        return any(x and x in text for x in xs)

    if among(pair["old"], stale) and among(pair["new"], gold):
        return "right"
    if among(pair["old"], gold) and not among(pair["new"], gold):
        return "wrong"
    return None


def dump(files: Sequence[Path], dense: bool = False) -> list[dict[str, Any]]:
    """``dense``: every change scenario's store also holds a development first-day newcomer's
    facts (:mod:`benchmarks.colloquial_dense`), so the pairs include the user's other facts."""
    from benchmarks import colloquial_dense as cd

    people = cd.personas()
    rec = Recorder()
    truth: dict[tuple[str, str], tuple[list[str], list[str]]] = {}
    scenarios = []
    for path in files:
        for i, sc in enumerate(load_scenarios(path)):
            if dense and sc.family == "natural_change":
                sc = cd.dense(sc, people[sc.lang][i % len(people[sc.lang])])
            scenarios.append(sc)
            text = {n.id: n.content for n in sc.nodes}
            for p in sc.probes:
                truth[(sc.id, p.query)] = ([text[g] for g in p.gold], [text[s] for s in p.stale])
    probe = es._probe

    def tagged(mem: Any, sc: Any, real: Any, values: Any, name: str) -> None:
        rec.tag = sc.id
        return probe(mem, sc, real, values, name)

    es._probe = tagged
    with tempfile.TemporaryDirectory() as tmp:
        es.run(0, 7, "multilingual", Path(tmp), given=scenarios)
    from benchmarks.first_day_blind import BLIND
    from benchmarks.first_day_fifth import FIFTH
    from benchmarks.first_day_fourth import FOURTH
    from benchmarks.first_day_sixth import SIXTH
    from benchmarks.first_day_third import THIRD

    for name, personas in (
        ("dev", fd.PERSONAS),
        ("blind", BLIND),
        ("third", THIRD),
        ("fourth", FOURTH),
        ("fifth", FIFTH),
        ("sixth", SIXTH),
    ):
        for persona in personas:
            rec.tag = f"first_day-{name}-{persona.lang}"
            start = len(rec.records)
            fd.run(None, [persona])
            answers = dict(persona.questions)
            answers.update({q: a for q, a, _ in persona.task_questions})
            answers[persona.changed] = persona.new
            for r in rec.records[start:]:
                old = [persona.old] if r["query"] == persona.changed else []
                truth[(r["tag"], r["query"])] = ([answers.get(r["query"], "")], old)
    out, seen = [], set()
    for r in rec.records:
        gold, stale = truth.get((r["tag"], r["query"]), ([], []))
        for pair in r["pairs"]:
            key = (r["tag"], r["query"], pair["old"], pair["new"])
            label = _label(pair, gold, stale)
            if label and key not in seen and pair["cos_old"] is not None:
                seen.add(key)
                out.append({"tag": r["tag"], "query": r["query"], "label": label, **pair})
    return out


def _half(tag: str) -> str:
    if tag.startswith("first_day-"):
        return "A" if tag.split("-")[1] in ("dev", "blind") else "B"
    return "A" if tag.startswith("colloq-") else "B"


def answers_alike(p: Pair) -> bool:
    if p["cos_new"] is None or not p["others"]:
        return False
    return bool(p["cos_old"] - p["cos_new"] < p["cos_new"] - p["others"][0])


def _gated(p: Pair) -> bool:
    return bool(p["one_attribute"]) or answers_alike(p)


def mutual_best(p: Pair) -> bool:
    """The pair model reads the two as one attribute more than it reads either of them with
    any other hit: a margin against the other candidates instead of the absolute majority
    (records without the relative readings never fire)."""
    if "p_old_any" not in p:
        return False
    return bool(p["pair_model"] > max([*p["p_old_any"], *p["p_new_any"], 0.0]))


def mutual_best_standing(p: Pair) -> bool:
    """:func:`mutual_best` against the other settled facts and preferences among the hits
    only (vacuous when the two are the only ones)."""
    if "p_old_others" not in p:
        return False
    return bool(p["pair_model"] > max([*p["p_old_others"], *p["p_new_others"], 0.0]))


RULES: dict[str, Callable[[Pair], bool]] = {
    "pair model and a shared naming word (main)": lambda p: (
        p["pair_model"] > 0.5 and p["one_attribute"]
    ),
    "pair model and (a shared word or the question's two answers)": lambda p: (
        p["pair_model"] > 0.5 and (p["one_attribute"] or answers_alike(p))
    ),
    "the question's two answers alone": answers_alike,
    "a gate and the pair model's margin over every other hit": lambda p: (
        _gated(p) and mutual_best(p)
    ),
    "a gate and (the majority or the margin over every other hit)": lambda p: (
        _gated(p) and (p["pair_model"] > 0.5 or mutual_best(p))
    ),
    "a gate and the margin over the other standing hits": lambda p: (
        _gated(p) and mutual_best_standing(p)
    ),
    "the margin over every other hit alone (no gate)": mutual_best,
}


def table(pairs: Sequence[Pair]) -> None:
    usable = [p for p in pairs if p["same_subject"] and not p["both_groups"]]
    for name, rule in RULES.items():
        cells = []
        for half in "AB":
            mine = [p for p in pairs if _half(p["tag"]) == half]
            fired = [p for p in usable if _half(p["tag"]) == half and rule(p)]
            right = sum(p["label"] == "right" for p in fired)
            wrong = sum(p["label"] == "wrong" for p in fired)
            n_right = sum(p["label"] == "right" for p in mine)
            n_wrong = sum(p["label"] == "wrong" for p in mine)
            cells.append(f"{half}: right {right}/{n_right}, wrong {wrong}/{n_wrong}")
        print(f"{name}: " + "; ".join(cells))
        for p in usable:
            if p["label"] == "wrong" and rule(p):
                print(f"    wrong: {p['tag']}: {p['old']} -> {p['new']}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.newer_pairs")
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--table", type=Path)
    parser.add_argument(
        "--dense", action="store_true", help="a first-day newcomer's facts in every store"
    )
    args = parser.parse_args(argv)
    if args.table:
        table(json.loads(args.table.read_text(encoding="utf-8")))
        return 0
    pairs = dump(args.files, dense=args.dense)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(pairs, ensure_ascii=False, indent=0), encoding="utf-8")
    table(pairs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
