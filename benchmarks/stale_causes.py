"""Why a colloquial change leaves the older value first: each miss by mechanism (issue 38).

Runs the evolution variant of :mod:`benchmarks.evolution_scenarios` (the default config, e5)
on the change scenarios of colloquial files and, for every probe whose stale value is ranked
above the answer in the top 3, says where the newer value was lost:

- ``not standing``: the newer statement is not a settled fact or preference (the speech-act
  filter read it as passing, a candidate, or a challenger awaiting confirmation), or archived;
- ``not a hit``: it is not among the hits at all (its status and speech act are shown);
- ``linked, ordered wrong``: the writer put both in one conflict group, the stale one first;
- ``two groups``: both in conflict groups (two slots), which the query-time rule leaves alone;
- ``subject``: the query-time rule reads them as about two people;
- ``no gate``: neither a shared naming word nor the question's two answers;
- ``pair model veto``: a gate holds but the pair model reads two attributes;
- ``other``: none of these (e.g. another hit taken as the successor).

The pair model's own reading (one attribute) and whether each is the other's best partner
by it among the standing hits are printed too::

    python -m benchmarks.stale_causes benchmarks/data/colloquial_dev.json ...

Development analysis only: run it on a blind set and the set is no longer blind.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import hybridmem.retrieval.retriever as retriever
from benchmarks.colloquial_report import kind_of
from benchmarks.common import load_embedder
from benchmarks.evolution_scenarios import TOP_K, Variant, _load
from benchmarks.hybrid import SettableClock
from benchmarks.scenario_files import load_scenarios
from hybridmem import HybridMemory, MemoryConfig
from hybridmem.evolution.slots.pairs import model_for, read
from hybridmem.evolution.slots.rules import about_speaker
from hybridmem.evolution.speech.acts import default_classifier
from hybridmem.evolution.speech.labels import SpeechAct
from hybridmem.evolution.speech.volition import BESIDES
from hybridmem.evolution.write.commitments import _CLAUSE_BREAK, committed_change
from hybridmem.retrieval import newer_values as nv


class Seen:
    """The arguments of the last ``newer_first`` call (hits, cosines, vectors, embedder)."""

    def __init__(self) -> None:
        self.args: tuple[Any, ...] = ()
        original = nv.newer_first

        def wrapped(*args: Any) -> Any:
            self.args = args
            return original(*args)

        retriever.newer_first = wrapped


def _diagnose(seen: Seen, gold: str, stale: str, kinds: Sequence[str]) -> dict[str, Any]:
    hits, _top_k, _config, embedder, vectors_of, cosine = (*seen.args, None)[:6]
    cosine = cosine or {}
    by_id = {h.node.id: h for h in hits}
    if gold not in by_id:
        return {"cause": "not a hit"}
    new, old = by_id[gold].node, by_id.get(stale)
    if not nv._standing(new, kinds):
        return {"cause": "not standing", "act": new.marks.get("speech_act"), "status": new.status}
    if old is None:
        return {"cause": "other (stale not a hit)"}
    old_node = old.node
    if new.conflict_group and new.conflict_group == old_node.conflict_group:
        return {"cause": "linked, ordered wrong"}
    if nv._other_attributes(new, old_node):
        return {"cause": "two groups"}
    if not nv.same_subject(new.content, old_node.content):
        return {"cause": "subject"}
    standing = [h for h in hits if nv._standing(h.node, kinds)]
    vectors = vectors_of([h.node.id for h in standing])
    model = model_for(embedder.name, embedder.dimension)
    scale = nv.question_scale(hits, cosine)

    def p(a: str, b: str) -> float:
        r = read(model, vectors[a], by_id[a].node.content, vectors[b], by_id[b].node.content)
        return r.same_value + r.same_attribute

    pm = p(new.id, old_node.id)
    others_old = [p(old_node.id, h.node.id) for h in standing if h.node.id not in (gold, stale)]
    others_new = [p(new.id, h.node.id) for h in standing if h.node.id not in (gold, stale)]
    info = {
        "pair_model": round(pm, 3),
        "best_other_old": round(max(others_old, default=0.0), 3),
        "best_other_new": round(max(others_new, default=0.0), 3),
        "one_attribute": nv.one_attribute(new.content, old_node.content),
        "answers_alike": nv.answers_alike(old_node, new, scale, cosine),
        "standing": len(standing),
        "cos_old": round(cosine.get(old_node.id, 0.0), 3),
        "cos_new": round(cosine.get(new.id, 0.0), 3),
        "scale": [round(c, 3) for c, _ in scale.get(nv.language(new.content), ())],
    }
    if not (info["one_attribute"] or info["answers_alike"]):
        return {"cause": "no gate", **info}
    if pm <= 0.5:
        return {"cause": "pair model veto", **info}
    return {"cause": "other", **info}


def diagnose(files: Sequence[Path]) -> list[dict[str, Any]]:
    scenarios = [
        sc
        for path in files
        for sc in load_scenarios(path)
        if sc.family == "natural_change" and kind_of(sc) not in ("both", "unrelated")
    ]
    seen = Seen()
    config = MemoryConfig()
    kinds = config.evolution.conflict_types
    model = load_embedder("multilingual")
    out: list[dict[str, Any]] = []
    variant = Variant("evolution", config, evolution=True)
    with tempfile.TemporaryDirectory() as tmp:
        clock = SettableClock(min(n.created_at for sc in scenarios for n in sc.nodes))
        with HybridMemory(Path(tmp), embedder=model, config=config, clock=clock) as mem:
            for sc in scenarios:
                clock.now = min(n.created_at for n in sc.nodes)
                real = _load(mem, clock, sc, variant)
                clock.now = sc.now
                mem.maintain(user_id=sc.id)
                for probe in sc.probes:
                    res = mem.retrieve(probe.query, user_id=sc.id, top_k=TOP_K)
                    ids = [h.node.id for h in res.hits]
                    gold = real[next(iter(probe.gold))]
                    stale = real[next(iter(probe.stale))]
                    rank = {i: r for r, i in enumerate(ids)}
                    if rank.get(stale, 99) >= rank.get(gold, 99):
                        continue
                    row = {"id": sc.id, "query": probe.query}
                    row.update(_diagnose(seen, gold, stale, kinds))
                    if row["cause"] == "not a hit":
                        node = mem.get(gold, user_id=sc.id)
                        row.update(status=node.status, act=node.marks.get("speech_act"))
                    out.append(row)
    return out


def _wants(cues: Sequence[str]) -> bool:
    return any(
        c.startswith("want:") or (c.startswith("volition:") and c not in BESIDES) for c in cues
    )


def value_with_reason(text: str) -> bool:
    """A candidate reading tried for the ``not a hit`` misses and not shipped: an EMOTION (not
    venting) whose first clause, classified alone, is an assertion about the speaker and no
    clause of which is a want ("上班坐八点一刻那班地铁，早的太挤了") would be that assertion."""
    classifier = default_classifier()
    result = classifier.classify(text)
    if result.act is not SpeechAct.EMOTION or any(c.startswith("vent:") for c in result.cues):
        return False
    clauses = [c.strip() for c in _CLAUSE_BREAK.split(text) if len(c.strip()) >= 2]
    if len(clauses) < 2:
        return False
    first = classifier.classify(clauses[0])
    if not (first.is_assertive and about_speaker(clauses[0])):
        return False
    return not any(_wants(classifier.classify(c).cues) for c in clauses)


def speech_act_flips() -> Counter[tuple[str, str]]:
    """How many labelled speech-act lines (``speech_acts.jsonl``) :func:`value_with_reason`
    would turn into statements that the shipped commitments rule leaves alone, by language
    and gold act."""
    classifier = default_classifier()
    path = Path(__file__).parent / "evolution_models" / "data" / "speech_acts.jsonl"
    out: Counter[tuple[str, str]] = Counter()
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        text = row["text"]
        if value_with_reason(text) and (
            committed_change(text, classifier.classify(text), classifier) is None
        ):
            out[(row["lang"], row["act"])] += 1
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.stale_causes")
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--json", type=Path)
    parser.add_argument(
        "--speech-acts", action="store_true", help="count speech_act_flips() and stop"
    )
    args = parser.parse_args(argv)
    if args.speech_acts:
        print(speech_act_flips())
        return 0
    rows = diagnose(args.files)
    for r in rows:
        print(json.dumps(r, ensure_ascii=False))
    print(Counter(str(r["cause"]) for r in rows))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(rows, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
