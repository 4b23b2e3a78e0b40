"""Changes that share no word with their old value, read by the question each statement answers.

Development analysis (issue 38), after :mod:`benchmarks.unworded_pairs` (meaning12), whose
readings compared the two statements' own vectors. Here each statement is read as the
*attribute* it gives a value of: the question it answers ("Which train does the user take to
work?", 用户晚饭喜欢吃什么？), which is what the probes of the colloquial files and the first-day
questions are written as. Readings, each a cosine:

- ``cos``: the two stored (passage) vectors, as before (the reference);
- ``query``: the two statements embedded in e5's query form (``"query: "``), the form e5 gives
  a question;
- ``attr``: the two statements' *predicted questions*: a linear map from a statement's passage
  vector to the query vector of the question that asks for it, fitted (ridge) on the
  statement / question pairs of the training folds only; the ridge constant is chosen on the
  training folds too (leave one of them out), so no held-out question is read;
- ``answers``: the newcomer's predicted question against the older statement's passage vector
  (does the older statement answer the question the newcomer answers?).

Candidates are every older statement of the user (the file's language as one store), not only
the nearest: for each reading, a newcomer's candidate is the older statement that reading ranks
first. A unit is that pair when the shipped writer does not already link it (a stated change,
the pair model and a shared naming word). A reading links a unit when its score reaches a
threshold chosen by leave one file out (the first-day newcomers are one fold), maximising
changes linked minus false links on the other folds; both halves and the spread are printed::

    python -m benchmarks.stale_causes --json CAUSES.json benchmarks/data/colloquial_{dev,...}.json
    python -m benchmarks.attribute_questions --misses CAUSES.json --json OUT.json

(``--misses``: each stale miss of that run read by every reading too.)
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.common import load_embedder
from benchmarks.first_day import PERSONAS, SETS
from benchmarks.unworded_pairs import COLLOQUIAL, DATA, Store, stores
from hybridmem import lexical
from hybridmem.embedding.base import embed_query
from hybridmem.evolution.slots import pairs as pair_embed

READINGS = (
    "cos",
    "cos centred",
    "query",
    "query centred",
    "template centred",
    "attr",
    "attr centred",
    "answers",
)
RIDGE = (0.1, 1.0, 10.0)
"""The ridge constants the training folds choose among (by their own leave-one-out)."""


_VALUE_EN = re.compile(r"[\w.+\-]+@[\w.\-]+\w|[A-Za-z][A-Za-z'\-]*|\d[\d:.,/\-]*\d|\d")


def template(text: str) -> str:
    """The statement as the question it answers: each run of value words (the engine's own
    reading, :func:`pairs.words`: names, numbers, places, times; Chinese by part of speech)
    said as one question word. A statement with no value word is left as it is."""
    if pair_embed.language(text) == "zh":
        out: list[str] = []
        for word, flag in lexical.pos_tags(text):
            value = flag in pair_embed._ZH_VALUE_FLAGS or bool(re.search(r"\d", word))
            if not value:
                out.append(word)
            elif not out or out[-1] != "什么":
                out.append("什么")
        return "".join(out)
    spans: list[list[int]] = []
    for match in _VALUE_EN.finditer(text):
        word, start = match.group(), match.start()
        initial = start == 0 or text[:start].rstrip()[-1:] in ".;!?:"
        if re.search(r"[\d@]", word) or (word[0].isupper() and not initial and word != "I"):
            if spans and not text[spans[-1][1] : start].strip():
                spans[-1][1] = match.end()  # "Dr Okafor", "Model 3": one value
            else:
                spans.append([start, match.end()])
    for start, end in reversed(spans):
        text = text[:start] + "what" + text[end:]
    return text


@dataclass
class Unit:
    fold: str
    lang: str
    reading: str
    label: str
    new: str
    old: str
    score: float
    anchor: bool
    linked_by_writer: bool
    margin: float = 0.0
    """The score minus the newcomer's second candidate's (0 with one candidate)."""


def questions() -> dict[tuple[str, str], str]:
    """(fold, statement) -> the question that asks for it: a colloquial probe whose gold or
    stale answers name the statement, a first-day question whose answer it holds."""
    out: dict[tuple[str, str], str] = {}
    for name in COLLOQUIAL:
        for sc in json.loads((DATA / f"colloquial_{name}.json").read_text(encoding="utf-8")):
            text = {n["id"]: n["content"] for n in sc["nodes"]}
            for probe in sc["probes"]:
                for node_id in (*probe["gold"], *probe["stale"]):
                    if node_id in text:
                        out.setdefault((name, text[node_id]), probe["query"])
    for name, personas in {"dev": PERSONAS, **SETS}.items():
        for p in personas:
            fold = f"first_day:{name}"
            out[(fold, p.old)] = p.changed
            out[(fold, p.new)] = p.changed
            for question, answer in p.questions:
                for fact, _ in p.facts:
                    if answer in fact:
                        out.setdefault((fold, fact), question)
    return out


def _half(fold: str) -> str:
    return "first_day" if fold.startswith("first_day") else "colloquial"


def _group(fold: str) -> str:
    return "first_day" if fold.startswith("first_day") else fold


def _ridge(x: np.ndarray, y: np.ndarray, lam: float) -> np.ndarray:
    gram = x.T @ x + lam * np.eye(x.shape[1])
    return np.linalg.solve(gram, x.T @ y)


def _normed(m: np.ndarray) -> np.ndarray:
    n = np.linalg.norm(m, axis=1, keepdims=True)
    n[n == 0] = 1.0
    return m / n


def _fit(pairs: list[tuple[str, np.ndarray, np.ndarray]]) -> tuple[np.ndarray, float]:
    """The map fitted on ``pairs`` (group, statement vector, question vector), its constant
    the one whose leave-one-group-out predictions are nearest their questions."""
    groups = sorted({g for g, _, _ in pairs})
    x = np.stack([s for _, s, _ in pairs])
    y = np.stack([q for _, _, q in pairs])
    g = np.array([g for g, _, _ in pairs])
    best, best_fit = RIDGE[0], -1.0
    for lam in RIDGE:
        fits = []
        for held in groups:
            w = _ridge(x[g != held], y[g != held], lam)
            pred = _normed(x[g == held] @ w)
            fits.append(float((pred * y[g == held]).sum(axis=1).mean()))
        if np.mean(fits) > best_fit:
            best, best_fit = lam, float(np.mean(fits))
    return _ridge(x, y, best), best


@dataclass
class FoldModel:
    """What one held-out fold is read with, all fitted on the other folds."""

    w: np.ndarray
    attr_mean: np.ndarray
    query_mean: np.ndarray
    template_mean: np.ndarray
    passage_mean: np.ndarray

    def scores(
        self, passage: np.ndarray, query: np.ndarray, asked: np.ndarray
    ) -> dict[str, np.ndarray]:
        """Each reading's matrix of scores among the rows of ``passage`` / ``query``."""
        predicted = _normed(passage @ self.w)
        centred = _normed(predicted - self.attr_mean)
        q_centred = _normed(query - self.query_mean)
        t_centred = _normed(asked - self.template_mean)
        p_centred = _normed(passage - self.passage_mean)
        return {
            "cos": passage @ passage.T,
            "cos centred": p_centred @ p_centred.T,
            "query": query @ query.T,
            "query centred": q_centred @ q_centred.T,
            "template centred": t_centred @ t_centred.T,
            "attr": predicted @ predicted.T,
            "attr centred": centred @ centred.T,
            "answers": predicted @ passage.T,
        }


@dataclass
class Read:
    units: list[Unit]
    ridge: dict[str, float]
    folds: dict[str, FoldModel]
    embedder: Any


def read_units(embedder_spec: str = "multilingual") -> Read:
    embedder = load_embedder(embedder_spec)
    model = pair_embed.model_for(embedder.name, embedder.dimension)
    assert model is not None, "the pair model ships for e5 only"
    asked = questions()
    all_stores = stores()
    passage: dict[int, np.ndarray] = {}
    query: dict[int, np.ndarray] = {}
    templates: dict[int, np.ndarray] = {}
    for k, store in enumerate(all_stores):
        passage[k] = np.asarray(embedder.embed(store.texts), dtype=np.float64)
        query[k] = np.asarray(embed_query(embedder, store.texts), dtype=np.float64)
        templates[k] = np.asarray(
            embed_query(embedder, [template(t) for t in store.texts]), dtype=np.float64
        )
    qtexts = sorted(set(asked.values()))
    qvec = dict(
        zip(qtexts, np.asarray(embed_query(embedder, qtexts), dtype=np.float64), strict=True)
    )
    training = [
        (
            _group(store.fold),
            passage[k][i],
            qvec[asked[(store.fold, t)]],
            query[k][i],
            templates[k][i],
        )
        for k, store in enumerate(all_stores)
        for i, t in enumerate(store.texts)
        if (store.fold, t) in asked
    ]
    out = Read([], {}, {}, embedder)
    for held in (*COLLOQUIAL, "first_day"):
        train = [p for p in training if p[0] != held]
        w, out.ridge[held] = _fit([p[:3] for p in train])
        x = np.stack([p[1] for p in train])
        out.folds[held] = FoldModel(
            w,
            _normed(x @ w).mean(axis=0),
            np.stack([p[3] for p in train]).mean(axis=0),
            np.stack([p[4] for p in train]).mean(axis=0),
            x.mean(axis=0),
        )
        for k, store in enumerate(all_stores):
            if _group(store.fold) == held:
                scores = out.folds[held].scores(passage[k], query[k], templates[k])
                out.units += _store_units(store, scores, passage[k], model)
    return out


def misses(found: Read, causes: Path) -> list[dict[str, Any]]:
    """Each stale miss of a ``benchmarks.stale_causes`` run (its stale value and its answer)
    under every reading, read with its file's fold model, and the share of that reading's
    false units (other attributes, controls) that score as high or higher: what linking the
    miss at that score would cost."""
    by_id: dict[str, tuple[str, dict[str, Any]]] = {}
    for name in COLLOQUIAL:
        for sc in json.loads((DATA / f"colloquial_{name}.json").read_text(encoding="utf-8")):
            by_id[sc["id"]] = (name, sc)
    false = {
        r: np.array([u.score for u in _scored(found.units, r) if u.label != "change"])
        for r in READINGS
    }
    out = []
    for row in json.loads(causes.read_text(encoding="utf-8")):
        name, sc = by_id[row["id"]]
        probe = sc["probes"][0]
        if not probe["stale"]:
            continue
        text = {n["id"]: n["content"] for n in sc["nodes"]}
        pair = [text[probe["gold"][0]], text[probe["stale"][0]]]
        passage = np.asarray(found.embedder.embed(pair), dtype=np.float64)
        query = np.asarray(embed_query(found.embedder, pair), dtype=np.float64)
        asked = np.asarray(
            embed_query(found.embedder, [template(t) for t in pair]), dtype=np.float64
        )
        scores = found.folds[name].scores(passage, query, asked)
        read = {r: float(scores[r][0, 1]) for r in READINGS}
        out.append(
            {
                "id": row["id"],
                "cause": row["cause"],
                "new": pair[0],
                "old": pair[1],
                "scores": read,
                "false at or above": {r: float((false[r] >= read[r]).mean()) for r in READINGS},
            }
        )
    return out


def _older(store: Store, i: int) -> list[int]:
    if store.fold.startswith("first_day"):
        return list(range(i))
    return [
        j
        for j in range(len(store.texts))
        if j != i and (store.scenario[j] != store.scenario[i] or j < i)
    ]


def _store_units(
    store: Store, scores: dict[str, np.ndarray], vecs: np.ndarray, model: pair_embed.PairModel
) -> list[Unit]:
    out: list[Unit] = []
    for i in range(1, len(store.texts)):
        older = _older(store, i)
        if not older:
            continue
        for reading in READINGS:
            ranked = sorted(older, key=lambda j: -float(scores[reading][i, j]))
            j = ranked[0]
            second = float(scores[reading][i, ranked[1]]) if len(ranked) > 1 else None
            label = store.labels.get((i, j))
            if label is None:
                label = "same scenario" if store.scenario[j] == store.scenario[i] else "other"
            new, old = store.texts[i], store.texts[j]
            anchor = pair_embed.shares_anchor(new, old)
            reading_pair = pair_embed.read(model, vecs[i], new, vecs[j], old)
            linked = anchor and pair_embed.states_change(new) and reading_pair.linked
            out.append(
                Unit(
                    store.fold,
                    store.lang,
                    reading,
                    label,
                    new,
                    old,
                    float(scores[reading][i, j]),
                    anchor,
                    linked,
                    0.0 if second is None else float(scores[reading][i, j]) - second,
                )
            )
    return out


def reach(units: Sequence[Unit], store_list: Sequence[Store]) -> dict[str, dict[str, int]]:
    """Per reading and half: of the changes sharing no naming word, how many have the old
    value as the newcomer's first candidate."""
    total: dict[str, int] = {"colloquial": 0, "first_day": 0}
    for store in store_list:
        for (i, j), label in store.labels.items():
            if label == "change" and not pair_embed.shares_anchor(store.texts[i], store.texts[j]):
                total[_half(store.fold)] += 1
    out: dict[str, dict[str, int]] = {}
    for reading in READINGS:
        hits = {"colloquial": 0, "first_day": 0}
        for u in units:
            if u.reading == reading and u.label == "change" and not u.anchor:
                hits[_half(u.fold)] += 1
        out[reading] = {f"{h} reached": hits[h] for h in hits} | {
            f"{h} of": total[h] for h in total
        }
    return out


def _scored(units: Sequence[Unit], reading: str) -> list[Unit]:
    return [
        u
        for u in units
        if u.reading == reading
        and not u.linked_by_writer
        and u.label in ("change", "other", "control")
    ]


def _links(u: Unit, ts: tuple[float, float]) -> bool:
    return u.score >= ts[0] and u.margin >= ts[1]


def _best(units: Sequence[Unit], with_margin: bool) -> tuple[float, float]:
    """The thresholds (score, margin) linking most changes net of false links (inf: none);
    the margin's is 0 (none) unless ``with_margin``. Candidates: the training changes' own
    values (the score's), their quantiles (with a margin: a 30 x 30 grid). A tie goes to the
    stricter thresholds: as many links net, fewer false ones."""
    changes = [u for u in units if u.label == "change"]
    if not changes:
        return float("inf"), 0.0
    if with_margin:
        steps = np.linspace(0, 1, 30)
        firsts = sorted(
            {float(q) for q in np.quantile([u.score for u in changes], steps)}, reverse=True
        )
        seconds = sorted(
            {float(q) for q in np.quantile([u.margin for u in changes], steps)}, reverse=True
        )
    else:
        firsts, seconds = sorted({u.score for u in changes}, reverse=True), [0.0]
    best, best_gain = (float("inf"), 0.0), 0
    for t in firsts:
        for m in seconds:
            gain = sum(1 if u.label == "change" else -1 for u in units if _links(u, (t, m)))
            if gain > best_gain:
                best, best_gain = (t, m), gain
    return best


CV_READINGS = (*((r, False) for r in READINGS), ("query centred", True))
"""Each reading alone, and the query form's with its margin over the second candidate."""


def cross_validate(
    units: Sequence[Unit], gate: str, missed: frozenset[tuple[str, str]] = frozenset()
) -> dict[str, list[dict[str, Any]]]:
    """Per reading, per held-out fold: the thresholds the other folds choose, and what they
    link on the held-out one (``gate`` "change word": only a newcomer stating a change);
    ``missed`` (new, old) pairs are stale misses, counted apart among the changes linked."""
    out: dict[str, list[dict[str, Any]]] = {}
    for reading, with_margin in CV_READINGS:
        pool = [
            u for u in _scored(units, reading) if gate == "any" or pair_embed.states_change(u.new)
        ]
        rows = []
        for held in (*COLLOQUIAL, "first_day"):
            ts = _best([u for u in pool if _group(u.fold) != held], with_margin)
            test = [u for u in pool if _group(u.fold) == held]
            rows.append(
                {
                    "fold": held,
                    "threshold": ts[0],
                    "margin": ts[1],
                    "change": sum(u.label == "change" for u in test),
                    "change_linked": sum(u.label == "change" and _links(u, ts) for u in test),
                    "false": sum(u.label != "change" for u in test),
                    "false_linked": sum(u.label != "change" and _links(u, ts) for u in test),
                    "misses_linked": sum(
                        u.label == "change" and (u.new, u.old) in missed and _links(u, ts)
                        for u in test
                    ),
                }
            )
        out[reading + (" & margin" if with_margin else "")] = rows
    return out


def _print_misses(rows: Sequence[dict[str, Any]]) -> None:
    print("stale misses (stale_causes): median score; share of false units at or above it")
    for cause in sorted({r["cause"] for r in rows}):
        part = [r for r in rows if r["cause"] == cause]
        cells = [
            f"{k} {np.median([r['scores'][k] for r in part]):.3f}/"
            f"{np.median([r['false at or above'][k] for r in part]):.2f}"
            for k in READINGS
        ]
        print(f"  {cause} ({len(part)}): " + "; ".join(cells))
    for k in READINGS:
        cheap = [r for r in rows if r["false at or above"][k] <= 0.02]
        print(f"  {k}: {len(cheap)}/{len(rows)} misses score where <= 2% of false units do")


def _print(result: dict[str, Any]) -> None:
    if "misses" in result:
        _print_misses(result["misses"])
    print(f"ridge constants chosen per held-out fold: {result['ridge']}")
    print("reach (old value first among all older statements, no shared naming word):")
    for reading, row in result["reach"].items():
        print(
            f"  {reading:13} colloquial {row['colloquial reached']}/{row['colloquial of']}"
            f"  first day {row['first_day reached']}/{row['first_day of']}"
        )
    for gate, by in result["cv"].items():
        print(f"held out, gate {gate!r} (changes linked / units; false linked / units):")
        for reading, rows in by.items():
            cells = []
            for half in ("colloquial", "first_day"):
                part = [r for r in rows if _half(r["fold"]) == half]
                cells.append(
                    f"{half} {sum(r['change_linked'] for r in part)}/"
                    f"{sum(r['change'] for r in part)} false "
                    f"{sum(r['false_linked'] for r in part)}/{sum(r['false'] for r in part)}"
                )
            ts = [r["threshold"] for r in rows if r["threshold"] != float("inf")]
            spread = f"{min(ts):.3f}..{max(ts):.3f}" if ts else "none"
            per = " ".join(f"{r['fold']} {r['change_linked']}/{r['false_linked']}" for r in rows)
            hit = sum(r["misses_linked"] for r in rows)
            print(f"  {reading:13} {'; '.join(cells)}; thresholds {spread}; stale misses {hit}")
            print(f"           per fold (changes/false): {per}")


def written(units: Sequence[Unit], cv: dict[str, Any]) -> list[Unit]:
    """The units the JSON keeps: every labelled one (change, control, repeat, ...) and the
    other attributes' units that some fold's thresholds of their reading link (the false
    links); the rest (some 8,000 rows) are only counted."""
    lowest = {
        name: min(r["threshold"] for r in rows)
        for by in cv.values()
        for name, rows in by.items()
        if " & " not in name
    }
    return [u for u in units if u.label != "other" or u.score >= lowest[u.reading]]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, required=True)
    parser.add_argument("--embedder", default="multilingual")
    parser.add_argument(
        "--misses", type=Path, help="a benchmarks.stale_causes --json run: its misses read too"
    )
    args = parser.parse_args(argv)
    found = read_units(args.embedder)
    units = found.units
    result: dict[str, Any] = {"ridge": found.ridge, "reach": reach(units, stores())}
    missed: frozenset[tuple[str, str]] = frozenset()
    if args.misses is not None:
        result["misses"] = misses(found, args.misses)
        missed = frozenset((r["new"], r["old"]) for r in result["misses"])
    result["cv"] = {gate: cross_validate(units, gate, missed) for gate in ("any", "change word")}
    _print(result)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(
        json.dumps(
            {**result, "units": [asdict(u) for u in written(units, result["cv"])]},
            ensure_ascii=False,
            indent=1,
        ),
        encoding="utf-8",
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
