"""Every question / sealed-memory pair of the privacy checks judged by the whole sealed-memory
rule, text alone, before and after a reading (helper sensitive27): ``PYTHONPATH=. python
benchmarks/results/sensitive27/rule_pairs.py READING [--json F]``.

Each pair is judged as :func:`hybridmem.retrieval.sensitive.withheld` judges a call in which the
sealed memory is the closest candidate (cosine 0.9) beside the persona's ordinary memories (its
facts, both values and its task notes, 0.1 each): the case where the text readings decide. The
"before" is the same call with READING's engine function patched to its old answer. A retrieval
can move only where a pair does (the real candidates are fewer, so this over-counts).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from benchmarks.sealed_calls import DATA, PROBES, _probe_sets
from hybridmem.models import MemoryNode
from hybridmem.retrieval import sensitive

_T = datetime(2026, 1, 1, tzinfo=UTC)
_LIKE = MemoryNode(
    id="x",
    user_id="u",
    parent_id=None,
    content="",
    node_type="fact",
    importance=0.5,
    confidence=1.0,
    created_at=_T,
    updated_at=_T,
    last_accessed_at=None,
    access_count=0,
    seq=0,
    version=1,
    status="active",
    depth=1,
    path=(),
    task_id="root",
    content_hash="",
    index_state="indexed",
)


def _people() -> list[tuple[str, Any, list[tuple[str, str]]]]:
    """(suite, persona, [(question, marker or "")]) of every privacy check."""
    from benchmarks import sealed_probe
    from benchmarks.first_day import PERSONAS, SETS

    out = []
    for name, personas in {"dev": PERSONAS, **SETS}.items():
        for p in personas:
            qs = [(q, "") for q, *_ in (*p.questions, *p.task_questions)]
            qs += [(q, m) for q, m in p.about_secret] + [(p.changed, "")]
            out.append((name, p, qs))
    for p in (*sealed_probe.BLIND, *sealed_probe.FOURTH, *sealed_probe.FIFTH):
        asked = sealed_probe.EN if p.lang == "en" else sealed_probe.ZH
        out.append(("sealed_probe", p, [(q, "") for q in asked]))
    for name in PROBES:
        data = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
        for set_name, personas in _probe_sets(name).items():
            for k, p in enumerate(personas):
                qs = [(q, "") for q in data["near"][p.lang]]
                qs += [
                    (
                        a["question"],
                        a["marker"] if a["set"] == set_name and a["persona"] == k else "",
                    )
                    for a in data["about"]
                ]
                out.append((name, p, qs))
    return out


def _judge(query: str, ordinary: list[str], secret: str) -> bool:
    nodes = {f"o{k}": replace(_LIKE, id=f"o{k}", content=t) for k, t in enumerate(ordinary)}
    nodes["s"] = replace(_LIKE, id="s", content=secret, sensitive=True)
    cosine = {i: (0.9 if i == "s" else 0.1) for i in nodes}
    return "s" in sensitive.withheld(nodes, cosine, query)


READINGS: dict[str, tuple[Any, str, Any]] = {
    "amount": (sensitive, "amount_units", lambda *_: frozenset()),
    "kind_verbs": (sensitive, "kind_verbs", lambda *_: frozenset()),
    "modifies_other": (sensitive, "modifies_other", lambda *_: False),
}


@contextmanager
def _before(reading: str) -> Iterator[None]:
    module, name, old = READINGS[reading]
    saved = getattr(module, name)
    setattr(module, name, old)
    try:
        yield
    finally:
        setattr(module, name, saved)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("reading", choices=sorted(READINGS))
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument(
        "--alone", action="store_true", help="one unrelated ordinary memory, not the persona's"
    )
    args = parser.parse_args()
    moved = []
    pairs = 0
    for suite, p, qs in _people():
        ordinary = [t for t, _ in p.facts] + [p.old, p.new] + [n for _, n in p.tasks]
        if args.alone:  # the sealed memory beside one ordinary memory sharing nothing
            ordinary = ["。"]
        for q, marker in qs:
            for secret, m in p.secrets:
                pairs += 1
                after = _judge(q, ordinary, secret)
                with _before(args.reading):
                    before = _judge(q, ordinary, secret)
                if before != after:
                    row = {
                        "suite": suite,
                        "lang": p.lang,
                        "question": q,
                        "memory": secret,
                        "own_about": bool(marker) and marker == m,
                        "about_other": bool(marker) and marker != m,
                        "now": "withheld" if after else "admitted",
                    }
                    moved.append(row)
                    print(json.dumps(row, ensure_ascii=False), flush=True)
    print(f"{pairs} pairs, {len(moved)} judged differently")
    if args.json:
        args.json.write_text(json.dumps(moved, ensure_ascii=False, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
