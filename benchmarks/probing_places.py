"""How many first places to share among sessions (issue 38): chosen by two-fold cross-validation.

``python -m benchmarks.probing_places [--data a.json,b.json] [--places 0,3,5,8,10]
[--json out.json]`` imports each user's chat as :mod:`benchmarks.probing` does and asks every
question at the file's ``now`` once per value of ``RetrievalConfig.session_places``
(:mod:`hybridmem.retrieval.session_places`; 0 is the score's order): hit@5, the reciprocal
rank of the first evidence turn (top 30) and frac at 1,000 tokens, as
:func:`benchmarks.probing_lift.ask` counts them.

The folds are the users: in each file and language the users in their order alternate
between fold A and fold B (the development sets hold two users a language, so each fold has
one user of each language of each file). Each fold picks the value with the best hit@5 (then
MRR, then the smaller value) and is judged on the other fold; the table prints every value
on both folds and both languages, so the spread shows.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchmarks.probing_lift import ask, imported
from hybridmem.embedding import make_embedder
from hybridmem.retrieval import retriever, session_places

DATA = Path(__file__).parent / "data"
SETS = ",".join(str(DATA / f"probing_{name}.json") for name in ("dev", "blind", "blind2"))
FIGURES = ("hit@5", "rr", "frac")


@contextmanager
def places(n: int) -> Iterator[None]:
    """The retriever's first ``n`` places shared among sessions inside the block."""
    retriever.share_places = lambda hits, turns, _configured, neighbours: (
        session_places.share_places(hits, turns, n, neighbours)
    )
    try:
        yield
    finally:
        retriever.share_places = session_places.share_places


def run(paths: Sequence[Path], values: Sequence[int]) -> dict[str, dict[str, Any]]:
    """Per question: its file, fold, language and figures per value."""
    embedder = make_embedder(None)
    rows: dict[str, dict[str, Any]] = {}
    for path in paths:
        data = json.loads(path.read_text(encoding="utf-8"))
        seen: dict[str, int] = defaultdict(int)
        for user in data["users"]:
            fold = "AB"[seen[user["lang"]] % 2]
            seen[user["lang"]] += 1
            questions = [q for q in data["questions"] if q["user"] == user["id"]]
            with imported(user, embedder) as (mem, task):
                for q in questions:
                    key = f"{path.stem}/{q['id']}"
                    rows[key] = {"lang": q["lang"], "fold": fold, "type": q["type"], "by": {}}
                for n in values:
                    with places(n):
                        for q in questions:
                            figures = ask(mem, user["id"], task, q)
                            rows[f"{path.stem}/{q['id']}"]["by"][str(n)] = figures
    return rows


def means(rows: Sequence[dict[str, Any]], value: int) -> dict[str, float]:
    n = max(len(rows), 1)
    return {k: sum(r["by"][str(value)][k] for r in rows) / n for k in FIGURES}


def choose(rows: Sequence[dict[str, Any]], values: Sequence[int]) -> int:
    """The value with the best hit@5, then MRR, then the smallest."""
    return max(values, key=lambda v: (means(rows, v)["hit@5"], means(rows, v)["rr"], -v))


def report(rows: dict[str, dict[str, Any]], values: Sequence[int]) -> dict[str, Any]:
    out: dict[str, Any] = {"per_question": rows, "table": {}, "folds": {}}
    print("places | fold lang n: hit@5 / mrr / frac")
    for v in values:
        for fold in "AB":
            for lang in ("en", "zh"):
                mine = [r for r in rows.values() if r["fold"] == fold and r["lang"] == lang]
                m = means(mine, v)
                out["table"][f"{v}/{fold}/{lang}"] = m
                print(
                    f"{v:6d} | {fold} {lang} {len(mine):3d}: "
                    f"{m['hit@5']:.3f} / {m['rr']:.3f} / {m['frac']:.3f}"
                )
    for tune, check in (("A", "B"), ("B", "A")):
        picked = choose([r for r in rows.values() if r["fold"] == tune], values)
        held = [r for r in rows.values() if r["fold"] == check]
        before, after = means(held, values[0]), means(held, picked)
        out["folds"][tune] = {"picked": picked, "check_before": before, "check_after": after}
        print(
            f"tuned on {tune}: {picked}; on {check}: hit@5 {before['hit@5']:.3f} -> "
            f"{after['hit@5']:.3f}, mrr {before['rr']:.3f} -> {after['rr']:.3f}, "
            f"frac {before['frac']:.3f} -> {after['frac']:.3f}"
        )
    base = values[0]
    for v in values[1:]:
        moved = [
            (k, int(r["by"][str(base)]["hit@5"]), int(r["by"][str(v)]["hit@5"]))
            for k, r in rows.items()
            if r["by"][str(base)]["hit@5"] != r["by"][str(v)]["hit@5"]
        ]
        print(f"hit@5 moved, {base} -> {v}: {moved}")
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default=SETS, help="comma-separated probing sets")
    parser.add_argument("--places", default="0,3,5,8,10", help="values, the first the baseline")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    values = [int(v) for v in args.places.split(",")]
    rows = run([Path(p) for p in args.data.split(",")], values)
    out = report(rows, values)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
