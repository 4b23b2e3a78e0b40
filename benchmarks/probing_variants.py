"""The probing sets' hybridmem figures under a variant of one retrieval step (issue 38).

``python -m benchmarks.probing_variants --variant places-off [--sets dev,blind,...] --json F``
imports each user of each set as :mod:`benchmarks.probing` does and asks every question as it
does (frac at 1,000 tokens, hit@5, "first"), hybridmem only (no baselines, no maintenance
run), so a step's share of the misses is read in one run. Variants:

- ``engine``: the engine as it is;
- ``places-off``: the first places not shared among sessions
  (:mod:`hybridmem.retrieval.session_places`), the score's order kept;
- ``answers-off``: a question turn's answer not put before it (``answers.answers_first``);
- ``assertions-off``: no assertion put first (``groups.assertions_first``);
- ``newer-off``: no newer value put first (``newer_values.newer_first``).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from statistics import mean
from typing import Any
from unittest import mock

from benchmarks.probing import _ask, imported, messages_of
from hybridmem.embedding import make_embedder

HERE = Path(__file__).parent / "data"
SETS = (
    "dev",
    "blind",
    "blind2",
    "blind3",
    "blind4",
    "blind5",
    "blind6",
    "blind7",
    "blind8",
    "blind9",
    "blind10",
)


def _places_off() -> Any:
    return mock.patch(
        "hybridmem.retrieval.retriever.share_places", lambda hits, *a, **k: list(hits)
    )


def _off(name: str) -> Callable[[], Any]:
    return lambda: mock.patch(
        f"hybridmem.retrieval.retriever.{name}", lambda hits, *a, **k: list(hits)
    )


@contextmanager
def _nothing() -> Iterator[None]:
    yield


VARIANTS: dict[str, Callable[[], Any]] = {
    "engine": _nothing,
    "places-off": _places_off,
    "answers-off": _off("answers_first"),
    "assertions-off": _off("assertions_first"),
    "newer-off": _off("newer_first"),
}


def run(sets: Sequence[str], variant: str, embedder: Any) -> dict[str, Any]:
    """Per set: per question id its figures, and the per-language means."""
    out: dict[str, Any] = {}
    with VARIANTS[variant]():
        for name in sets:
            data = json.loads((HERE / f"probing_{name}.json").read_text(encoding="utf-8"))
            rows: dict[str, dict[str, float]] = {}
            for user in data["users"]:
                users = frozenset(m["id"] for m in messages_of(user) if m["role"] == "user")
                asked = [q for q in data["questions"] if q["user"] == user["id"]]
                with imported(user, embedder) as (mem, task_id):
                    for q in asked:
                        rows[q["id"]] = _ask(mem, user["id"], task_id, q, users)
            langs = {q["id"]: q["lang"] for q in data["questions"]}
            summary = {
                lang: {
                    m: round(mean(r[m] for i, r in rows.items() if langs[i] == lang), 3)
                    for m in ("frac", "hit@5", "first")
                }
                for lang in sorted(set(langs.values()))
            }
            out[name] = {"summary": summary, "items": rows}
            print(name, variant, summary, flush=True)
    return out


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variant", choices=sorted(VARIANTS), default="engine")
    ap.add_argument("--sets", default=",".join(SETS))
    ap.add_argument("--embedder", default=None)
    ap.add_argument("--json", type=Path, required=True)
    args = ap.parse_args(argv)
    out = run(args.sets.split(","), args.variant, make_embedder(args.embedder))
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
