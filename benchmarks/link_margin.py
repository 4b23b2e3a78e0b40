"""Can the writer link a change said with no change word to the value it replaces by how
much nearer that value is than the user's other facts? A measurement (issue 38, stale15).

The write-time search (``evolution.write.similar_group``) compares a statement with its most
similar live facts only when it says a change (``pairs.states_change``); in the colloquial
scenarios the older value is the only earlier fact, so "the nearest earlier fact" is trivially
the right one there. Here each statement is compared with a realistic pool instead: the first
value of every other scenario of its language in the development files (~130 facts of other
attributes) plus the value it replaces. Three comparisons, each as the margin of the replaced
value over the pool's nearest other fact:

- ``cosine``: e5 cosine of the two statements;
- ``pair``: the pair model's one-attribute probability (``pairs.read``);
- ``predicate``: e5 cosine of the statements with their value words (``pairs.words``) left
  out, so the attribute's wording is compared, not the values.

Positives: the change pairs said with no change word (``gated``) and, among them, the stale
misses of stale14's ``stale_causes`` (``no gate`` / ``pair model veto``); negatives: the
one-off and mention controls (the remark against the habit or value it must not replace).
A margin is chosen on one half of the files (the smallest at which no control links) and
read on the other. With the same pool, ``candidates`` replays the writer's own search (the
first of the ``k`` most similar facts that shares a naming word and that the pair model
links) for ``k`` = 1, 2, 3, 5 and every statement, its gate ignored: which fact it links,
the replaced value or another::

    python -m benchmarks.link_margin --json FILE

Development analysis only (it reads the pairs): never run it on a blind set.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from benchmarks.colloquial_report import kind_of
from benchmarks.common import load_embedder
from benchmarks.scenario_files import load_scenarios
from hybridmem.evolution.slots import pairs

DATA = Path(__file__).resolve().parent / "data"
HALVES = (
    ("colloquial_dev", "colloquial_blind", "colloquial_blind2", "colloquial_blind3"),
    ("colloquial_blind4", "colloquial_blind5", "colloquial_blind7", "colloquial_blind8"),
)
CAUSES = DATA.parent / "results" / "stale14" / "stale_causes_dev.json"
MISSED = ("no gate", "pair model veto")
MEASURES = ("cosine", "pair", "predicate")


def predicate(text: str) -> str:
    """``text`` without its value words (names, brands, numbers: ``pairs.words``)."""
    values = {w for w, value in pairs.words(text) if value}
    if pairs.language(text) == "zh":
        for w in sorted(values, key=len, reverse=True):
            text = text.replace(w, "")
        return text
    for match in reversed(list(pairs._LATIN.finditer(text))):
        word, start = match.group(), match.start()
        initial = start == 0 or text[:start].rstrip()[-1:] in ".;!?:"
        if re.search(r"[\d@]", word) or (word[0].isupper() and not initial):
            text = text[:start] + text[match.end() :]
    return text


def _pairs_of(half: int) -> tuple[list[dict[str, Any]], dict[str, list[tuple[str, str]]]]:
    rows: list[dict[str, Any]] = []
    firsts: dict[str, list[tuple[str, str]]] = {"en": [], "zh": []}
    missed = {r["id"] for r in json.loads(CAUSES.read_text()) if r["cause"] in MISSED}
    for name in HALVES[half]:
        for sc in load_scenarios(DATA / f"{name}.json"):
            facts = sorted(
                (n for n in sc.nodes if n.node_type == "fact"), key=lambda n: n.created_at
            )
            firsts[sc.lang].append((sc.id, facts[0].content))
            said = {n.id: n for n in facts}
            (probe,) = sc.probes
            base = {"id": sc.id, "lang": sc.lang, "half": half, "file": name}
            if sc.family == "one_offs":
                for p in probe.polluters:
                    for g in probe.gold:
                        rows.append(
                            {
                                **base,
                                "label": "control",
                                "new": said[p].content,
                                "old": said[g].content,
                            }
                        )
            elif kind_of(sc) not in ("both", "unrelated"):
                new = max((said[g] for g in probe.gold), key=lambda n: n.created_at)
                for s in sorted(probe.stale):
                    if said[s].created_at < new.created_at:
                        gated = not (
                            pairs.states_change(new.content) or pairs.says_again(new.content)
                        )
                        label = "missed" if sc.id in missed else ("gated" if gated else "worded")
                        rows.append(
                            {**base, "label": label, "new": new.content, "old": said[s].content}
                        )
    return rows, firsts


def margins(rows: list[dict[str, Any]], pool: dict[str, list[tuple[str, str]]]) -> None:
    """Each row's margin by each measure (in place): the replaced value's score minus the
    best other fact's of the pool."""
    embedder = load_embedder("multilingual")
    model = pairs.model_for(embedder.name, embedder.dimension)
    assert model is not None
    texts = {t for r in rows for t in (r["new"], r["old"])} | {
        t for f in pool.values() for _, t in f
    }
    texts |= {predicate(t) for t in list(texts)}
    order = sorted(texts)
    vec = dict(zip(order, embedder.embed(order), strict=True))

    def pm(a: str, b: str) -> float:
        r = pairs.read(model, vec[a], a, vec[b], b)
        return r.same_value + r.same_attribute

    score: dict[str, Callable[[str, str], float]] = {
        "cosine": lambda a, b: float(vec[a] @ vec[b]),
        "pair": pm,
        "predicate": lambda a, b: float(vec[predicate(a)] @ vec[predicate(b)]),
    }
    for r in rows:
        others = [t for i, t in pool[r["lang"]] if i != r["id"] and t != r["old"]]
        for m in MEASURES:
            s = score[m]
            r[m] = round(s(r["new"], r["old"]) - max(s(r["new"], t) for t in others), 4)


def fitted(rows: list[dict[str, Any]], measure: str) -> float:
    """The smallest margin at which no control of ``rows`` links (above every control's)."""
    return max((r[measure] for r in rows if r["label"] == "control"), default=0.0)


def linked(rows: list[dict[str, Any]], measure: str, t: float) -> dict[str, str]:
    out: dict[str, str] = {}
    for label in ("missed", "gated", "worded", "control"):
        sel = [r for r in rows if r["label"] == label]
        out[label] = f"{sum(r[measure] > t for r in sel)}/{len(sel)}"
    return out


def candidates(rows: list[dict[str, Any]], pool: dict[str, list[tuple[str, str]]]) -> dict:
    """Per ``k`` and label: how many statements the writer's search (top ``k`` by cosine,
    then a shared naming word and the pair model's link) links to the replaced value
    (``right``) or to another fact of the pool (``wrong``), the change-word gate ignored."""
    embedder = load_embedder("multilingual")
    model = pairs.model_for(embedder.name, embedder.dimension)
    assert model is not None
    texts = sorted(
        {t for r in rows for t in (r["new"], r["old"])} | {t for f in pool.values() for _, t in f}
    )
    vec = dict(zip(texts, embedder.embed(texts), strict=True))
    out: dict[str, dict[str, dict[str, int]]] = {}
    for k in (1, 2, 3, 5):
        counts: dict[str, dict[str, int]] = {}
        for r in rows:
            facts = [r["old"], *(t for i, t in pool[r["lang"]] if i != r["id"] and t != r["old"])]
            facts.sort(key=lambda t: -float(vec[r["new"]] @ vec[t]))
            pick = next(
                (
                    t
                    for t in facts[:k]
                    if pairs.read(model, vec[r["new"]], r["new"], vec[t], t).linked
                    and pairs.shares_anchor(r["new"], t)
                ),
                None,
            )
            c = counts.setdefault(r["label"], {"n": 0, "right": 0, "wrong": 0})
            c["n"] += 1
            c["right"] += pick == r["old"]
            c["wrong"] += pick is not None and pick != r["old"]
        out[str(k)] = counts
        print(
            f"k={k} "
            + " ".join(f"{lab} {c['right']}+{c['wrong']}/{c['n']}" for lab, c in counts.items())
        )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.link_margin")
    parser.add_argument("--json", type=Path, required=True)
    args = parser.parse_args(argv)
    halves = [_pairs_of(h) for h in (0, 1)]
    pool = {lang: [p for _, f in halves for p in f[lang]] for lang in ("en", "zh")}
    rows = [r for half, _ in halves for r in half]
    margins(rows, pool)
    result: dict[str, Any] = {"rows": rows, "folds": []}
    for measure in MEASURES:
        for fit in (0, 1):
            t = fitted([r for r in rows if r["half"] == fit], measure)
            read = linked([r for r in rows if r["half"] == 1 - fit], measure, t)
            own = linked([r for r in rows if r["half"] == fit], measure, t)
            fold = {"measure": measure, "fitted_on": fit, "margin": t, "fit": own, "read": read}
            result["folds"].append(fold)
            print(f"{measure:9} fit half {fit} margin {t:+.4f} fit {own} read {read}")
    print("k: the replaced value linked + another fact linked / statements")
    result["candidates"] = candidates(rows, pool)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(result, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
