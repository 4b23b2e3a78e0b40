"""The pair model (:mod:`hybridmem.evolution.slots.pairs`) on blind labelled pairs
(``data/pair_blind.jsonl``, written before any refit; never fitted on).

Per language, over the designated pairs of the file (each group's own pairs and the twins):

* ``accuracy``: the share read right as "one attribute" (``same_value`` or ``same_attribute``)
  or not (``different``);
* ``linked`` per kind: two values of one attribute with no naming word in common
  (``no_shared_word``), with one (``shared_word``), a value said twice (``same_value``);
* ``false_same``: the share of ``different`` pairs read as one attribute: the twins (two
  attributes sharing a word or a value, the designated hard negatives) and every statement's
  most similar statements of other groups (``hard``, as ``pair_embed_eval`` draws them);
* ``restates``: the share of same-value pairs read as the same value, and of changes read so
  (a change archived as a restatement);
* the writer's linking (``pair_embed_eval.link_report``): each statement against the others
  of its language, nearest only.

Readers: the shipped model, the same with the shared-naming-word gate the writer puts before
it, and any model file given with ``--model`` (same features).

Run: ``python -m benchmarks.evolution_models.pair_blind --json out.json [--model FILE ...]``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.evolution_models.fitting import LABELLED
from benchmarks.evolution_models.pair_embed_eval import (
    Linker,
    Statement,
    _embed,
    link_report,
    model_linker,
    pairs,
)
from hybridmem.evolution.slots.pairs import (
    CANDIDATES,
    DIFFERENT,
    MODEL_FILES,
    SAME_ATTRIBUTE,
    SAME_VALUE,
    PairModel,
    model_for,
)

BLIND = LABELLED / "pair_blind.jsonl"
KINDS = ("no_shared_word", "shared_word", "same_value", "twin", "hard")


@dataclass(frozen=True)
class LabelledPair:
    newer: int
    older: int
    label: str
    kind: str


def load(path: Path = BLIND) -> tuple[list[Statement], list[dict[str, str]]]:
    """The statements and each group's ``kind`` / ``twin``."""
    rows: list[Statement] = []
    meta: list[dict[str, str]] = []
    for g, line in enumerate(x for x in path.read_text(encoding="utf-8").splitlines() if x.strip()):
        row = json.loads(line)
        meta.append({"kind": row["kind"], "twin": row.get("twin", "")})
        for v, phrasings in enumerate(row["values"]):
            rows.extend(
                Statement(t, row["lang"], row["split"], g, v, row["attribute"], row["batch"])
                for t in phrasings
            )
    return rows, meta


def labelled_pairs(
    rows: Sequence[Statement], meta: Sequence[dict[str, str]], vecs: np.ndarray
) -> list[LabelledPair]:
    """Each group's pairs, the twins, and every statement's hardest others (``pairs``)."""
    out: list[LabelledPair] = []
    seen: set[tuple[int, int]] = set()
    n = len(rows)
    for i in range(n):
        for j in range(i + 1, n):
            a, b = rows[i], rows[j]
            if a.lang != b.lang:
                continue
            newer, older = (i, j) if a.value >= b.value else (j, i)
            if a.group == b.group:
                label = SAME_VALUE if a.value == b.value else SAME_ATTRIBUTE
                kind = "same_value" if label == SAME_VALUE else meta[a.group]["kind"]
            elif meta[a.group]["twin"] and meta[a.group]["twin"] == meta[b.group]["twin"]:
                label, kind = DIFFERENT, "twin"
            else:
                continue
            out.append(LabelledPair(newer, older, label, kind))
            seen.add((i, j))
    for i, j, label in pairs(rows, vecs):
        if label == DIFFERENT and (i, j) not in seen:
            out.append(LabelledPair(i, j, DIFFERENT, "hard"))
    return out


def _share(hits: int, total: int) -> float | None:
    return round(hits / total, 3) if total else None


def report(
    rows: Sequence[Statement], vecs: np.ndarray, labelled: Sequence[LabelledPair], decide: Linker
) -> dict[str, Any]:
    """The figures of one reader over one language's pairs."""
    linked = {k: [0, 0] for k in KINDS}
    restates = {SAME_VALUE: [0, 0], SAME_ATTRIBUTE: [0, 0]}
    right = designated = 0
    for p in labelled:
        one, same = decide(p.newer, p.older)
        linked[p.kind][0] += one
        linked[p.kind][1] += 1
        if p.label in restates:
            restates[p.label][0] += same
            restates[p.label][1] += 1
        if p.kind != "hard":
            designated += 1
            right += one == (p.label != DIFFERENT)
    different = [linked["twin"][0] + linked["hard"][0], linked["twin"][1] + linked["hard"][1]]
    return {
        "accuracy": _share(right, designated),
        "pairs": designated,
        "linked": {k: _share(*linked[k]) for k in ("no_shared_word", "shared_word", "same_value")},
        "false_same": {
            "twin": _share(*linked["twin"]),
            "hard": _share(*linked["hard"]),
            "all different": _share(*different),
        },
        "restates": {
            "same_value": _share(*restates[SAME_VALUE]),
            "change": _share(*restates[SAME_ATTRIBUTE]),
        },
        "counts": {k: linked[k][1] for k in KINDS},
        **link_report(rows, vecs, decide, CANDIDATES),
    }


ReaderFactory = Callable[[Sequence[Statement], np.ndarray], Linker]


def model_readers(name: str, model: PairModel) -> dict[str, ReaderFactory]:
    """A model alone and behind the writer's shared-naming-word gate."""
    return {
        name: lambda rows, vecs: model_linker(model, rows, vecs, gate=False),
        f"{name} + shared naming word": lambda rows, vecs: model_linker(
            model, rows, vecs, gate=False, anchored=True
        ),
    }


def evaluate(
    rows: Sequence[Statement],
    meta: Sequence[dict[str, str]],
    vecs: np.ndarray,
    readers: dict[str, ReaderFactory],
) -> dict[str, Any]:
    """Every reader on each language's pairs."""
    out: dict[str, Any] = {}
    for lang in ("en", "zh"):
        idx = [i for i, r in enumerate(rows) if r.lang == lang]
        sub, sv = [rows[i] for i in idx], vecs[idx]
        labelled = labelled_pairs(sub, meta, sv)
        for name, make in readers.items():
            out[f"{lang}/{name}"] = report(sub, sv, labelled, make(sub, sv))
    return out


def _print(payload: dict[str, Any]) -> None:
    print(f"{'reader':40s} acc    no-word word   value  twin   hard   nearest-false  change-linked")
    for key, f in payload.items():
        if not isinstance(f, dict) or "accuracy" not in f:
            continue
        print(
            f"{key:40s} {f['accuracy']:.3f}  {f['linked']['no_shared_word']:.3f}  "
            f"{f['linked']['shared_word']:.3f}  {f['linked']['same_value']:.3f}  "
            f"{f['false_same']['twin']:.3f}  {f['false_same']['hard']:.3f}  "
            f"{f['false_link_no_partner']:.3f}          {f['change_linked']:.3f}"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.evolution_models.pair_blind")
    parser.add_argument("--embedder", default="e5")
    parser.add_argument("--model", type=Path, action="append", default=[])
    parser.add_argument("--json", type=Path, dest="json_out", required=True)
    args = parser.parse_args(argv)
    rows, meta = load()
    name, vecs = _embed(args.embedder, [r.text for r in rows])
    readers: dict[str, ReaderFactory] = {}
    shipped = model_for(name, int(vecs.shape[1])) if name in MODEL_FILES else None
    if shipped is not None:
        readers.update(model_readers("shipped", shipped))
    for path in args.model:
        readers.update(model_readers(path.stem, PairModel.from_json(path.read_text("utf-8"))))
    payload: dict[str, Any] = {"embedder": name, **evaluate(rows, meta, vecs, readers)}
    _print(payload)
    args.json_out.parent.mkdir(parents=True, exist_ok=True)
    args.json_out.write_text(json.dumps(payload, ensure_ascii=False, indent=2), "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
