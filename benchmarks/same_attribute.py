"""Readings of "the same attribute" for two statements that share no word, measured (issue 38).

Development analysis only, on the pair records :mod:`benchmarks.newer_pairs` writes (every pair
the query-time rule "a newer value first" considers, labelled ``right`` when the older one is
stale and the newer its replacement, ``wrong`` when the older one is the answer). Each reading
below is a candidate second chance for a pair the shipped rule leaves alone; none is shipped.
Per half (as in ``newer_pairs``), how many right and wrong pairs each fires on::

    python -m benchmarks.newer_pairs --json PAIRS.json FILES...
    python -m benchmarks.same_attribute --json OUT.json PAIRS.json

The readings, all without a constant of their own:

* ``refit``: the pair model fitted again, by its own procedure on its own labelled groups, with
  the word reader that now keeps a Latin word inside Chinese text (the shipped model was fitted
  before that fix), read with its own majority; and ``refit, every group``, the same fitted
  on every labelled group (the dev groups and the three held-out batches, twice the pairs);
* ``mutual nearest``: the two are each other's nearest hit by the stored vectors;
* ``values out``: the shipped model's reading of the two with their value words (names,
  numbers, places: :func:`~hybridmem.evolution.slots.pairs.words`) taken out, so two providers
  of one service ("I fly Lufthansa" / "Book KLM for me") are read by what is said of them;
* ``one slot``: the shipped slot model (:mod:`~hybridmem.evolution.slots.embed`) puts the
  largest share of each statement's probability on the same slot, other than ``none``;
* ``polarity``: one statement denies what the other says of a naming word they share ("Bold
  the key points" / "No bold text", 重点给我加粗 / 别加粗了): a negator before the shared word in
  its clause, in exactly one of the two. The negators are a closed class of grammar words
  (:data:`NEGATORS_EN`, :data:`NEGATORS_ZH`), not fitted to any example.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.newer_pairs import _half, answers_alike
from hybridmem import lexical
from hybridmem.evolution.slots import embed as slot_embed
from hybridmem.evolution.slots import naming as slot_naming
from hybridmem.evolution.slots.pairs import (
    PairModel,
    language,
    model_for,
    read,
    words,
)

Pair = dict[str, Any]
Reading = Callable[[Pair], bool]

NEGATORS_EN = re.compile(r"\b(?:no|not|never|none|nothing)\b|n't\b", re.IGNORECASE)
NEGATORS_ZH = ("不", "没", "别", "未")
"""Mandarin's negators (不, 没/没有, 别, 未): one alone, or a jieba word it begins tagged an
adverb or a verb (不要, 没有, 不用), negates what follows in its clause; 不错 or 别人 are other
words. A fronted topic negated after it (普拉提不上了, 例子不用举) is not read."""
_CLAUSE = re.compile(r"[,.;:!?，。；：！？、]")


def _negated_zh(clause: str) -> list[str]:
    out: list[str] = []
    negated = False
    for word, flag in lexical.pos_tags(clause):
        if word in NEGATORS_ZH or (word[:1] in NEGATORS_ZH and flag[:1] in ("d", "v")):
            negated = True
        elif negated:
            out.append(word)
    return out


def negated(text: str) -> frozenset[str]:
    """The naming words of ``text`` (:func:`~hybridmem.evolution.slots.naming.naming_words`) that
    follow a negator in their clause."""
    naming = slot_naming.naming_words(text)
    out: set[str] = set()
    for clause in _CLAUSE.split(text):
        if language(text) == "zh":
            after = _negated_zh(clause)
            out.update(n for n in naming for w in after if len(w) > 1 and (n in w or w in n))
            continue
        match = NEGATORS_EN.search(clause)
        if match:
            out.update(w for w, _ in words(clause[match.end() :]) if w in naming)
    return frozenset(out)


def shared_naming(a: str, b: str) -> frozenset[str]:
    """The naming words the two share (a Chinese word inside another counts, as in
    :func:`~hybridmem.retrieval.newer_values.one_attribute`)."""
    x, y = slot_naming.naming_words(a), slot_naming.naming_words(b)
    if x & y or language(a) != "zh" or language(b) != "zh":
        return x & y
    return frozenset(u for u in x for v in y if len(u) > 1 and len(v) > 1 and (u in v or v in u))


def polarity(p: Pair) -> bool:
    """One of the two denies what the other says of a naming word they share."""
    shared = shared_naming(p["new"], p["old"])
    a, b = negated(p["new"]), negated(p["old"])
    if language(p["new"]) == "zh":
        # Chinese compounds share by containment: the negated side is told by its own word.
        return bool(shared) and bool(a) != bool(b)
    return any((w in a) != (w in b) for w in shared)


def without_values(text: str) -> str:
    """``text`` with its value words taken out (:func:`~hybridmem.evolution.slots.pairs.words`
    marks them: numbers, names, places, times)."""
    values = {w for w, value in words(text) if value}
    if language(text) == "zh":
        return "".join(w for w, _ in lexical.pos_tags(text) if w.strip().lower() not in values)
    kept = [t for t in re.split(r"(\s+)", text) if re.sub(r"\W", "", t).lower() not in values]
    return re.sub(r"\s+", " ", "".join(kept)).strip()


def shipped(p: Pair) -> bool:
    gate = bool(p["one_attribute"]) or answers_alike(p)
    return gate and p["pair_model"] > 0.5


def readings(
    model: PairModel,
    refits: Sequence[PairModel],
    vectors: Mapping[str, np.ndarray],
    slot_of: Callable[[np.ndarray], str] | None = None,
) -> dict[str, Reading]:
    """The shipped rule and each candidate as a second chance beside it (``slot_of``: the
    slot model's most probable label of a vector)."""

    def gate(p: Pair) -> bool:
        return slot_naming.one_attribute(p["new"], p["old"]) or answers_alike(p)

    def refit_reading(refit: PairModel) -> Reading:
        def reading(p: Pair) -> bool:
            r = read(refit, vectors[p["new"]], p["new"], vectors[p["old"]], p["old"])
            return gate(p) and r.linked

        return reading

    def values_out(p: Pair) -> bool:
        a, b = without_values(p["new"]), without_values(p["old"])
        return gate(p) and read(model, vectors[a], a, vectors[b], b).linked

    def one_slot(p: Pair) -> bool:
        if slot_of is None:
            return False
        a, b = slot_of(vectors[p["new"]]), slot_of(vectors[p["old"]])
        return a == b and a != slot_embed.NONE

    return {
        "shipped: gate and the pair model": shipped,
        "the refitted pair model in its place": refit_reading(refits[0]),
        "the pair model fitted on every group in its place": refit_reading(refits[-1]),
        "shipped, or a gate and mutual nearest": lambda p: (
            shipped(p) or (gate(p) and bool(p["mutual_nearest"]))
        ),
        "shipped, or a gate and the model with the values out": lambda p: (
            shipped(p) or values_out(p)
        ),
        "shipped, or a gate and one slot": lambda p: shipped(p) or (gate(p) and one_slot(p)),
        "shipped, or a shared naming word and polarity": lambda p: shipped(p) or polarity(p),
    }


def table(pairs: Sequence[Pair], rules: Mapping[str, Reading]) -> list[dict[str, Any]]:
    """Per rule and half: right and wrong pairs fired on, of all, and the wrong ones."""
    usable = [p for p in pairs if p["same_subject"] and not p["both_groups"]]
    rows: list[dict[str, Any]] = []
    for name, rule in rules.items():
        for half in "AB":
            mine = [p for p in pairs if _half(p["tag"]) == half]
            fired = [p for p in usable if _half(p["tag"]) == half and rule(p)]
            total = Counter(p["label"] for p in mine)
            hit = Counter(p["label"] for p in fired)
            rows.append(
                {
                    "rule": name,
                    "half": half,
                    "right": hit["right"],
                    "of_right": total["right"],
                    "wrong": hit["wrong"],
                    "of_wrong": total["wrong"],
                    "wrong_pairs": [
                        f"{p['tag']}: {p['old']} -> {p['new']}"
                        for p in fired
                        if p["label"] == "wrong"
                    ],
                }
            )
    return rows


def unique(pairs: Iterable[Pair]) -> list[Pair]:
    """One record per (scenario, question, older, newer): dumps of overlapping files repeat
    the first-day pairs."""
    seen: set[tuple[str, str, str, str]] = set()
    out = []
    for p in pairs:
        key = (p["tag"], p["query"], p["old"], p["new"])
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.same_attribute")
    parser.add_argument("pairs", nargs="+", type=Path)
    parser.add_argument("--json", type=Path, required=True)
    args = parser.parse_args(argv)
    from benchmarks.evolution_models import pair_embed_eval as pe
    from hybridmem.embedding import make_embedder

    pairs = unique(p for path in args.pairs for p in json.loads(path.read_text("utf-8")))
    embedder = make_embedder(None)
    model = model_for(embedder.name, embedder.dimension)
    assert model is not None, "no pair model for the default embedder"
    rows = pe.load_statements()
    labelled = np.asarray(embedder.embed([r.text for r in rows]), dtype=np.float64)
    dev = [i for i, r in enumerate(rows) if r.split == "dev"]
    refits = (
        pe.fit([rows[i] for i in dev], labelled[dev], embedder.name),
        pe.fit(rows, labelled, embedder.name),
    )
    texts = {t for p in pairs for t in (p["old"], p["new"])}
    texts |= {without_values(t) for t in texts}
    ordered = sorted(texts)
    vecs = np.asarray(embedder.embed(ordered), dtype=np.float64)
    vectors = dict(zip(ordered, vecs, strict=True))
    slots = slot_embed.model_for(embedder.name, embedder.dimension)
    assert slots is not None, "no slot model for the default embedder"

    def slot_of(vector: np.ndarray) -> str:
        return slots.labels[int(np.argmax(slots.probabilities(vector)))]

    out = table(pairs, readings(model, refits, vectors, slot_of))
    for r in out:
        print(
            f"{r['rule']:58s} {r['half']}: right {r['right']}/{r['of_right']}, "
            f"wrong {r['wrong']}/{r['of_wrong']}"
        )
        for w in r["wrong_pairs"]:
            print(f"    wrong: {w}")
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(out, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
