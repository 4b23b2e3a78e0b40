"""Which questions ask about a person by kin word, and which name the user gave that person
(issue 38, helper kin17): ``python -m benchmarks.kin_trace --json F``.

For every question of the probing sets (dev..blind10) and of the first-day sets (dev..sixteenth)
that names someone by a relation (:func:`~hybridmem.retrieval.attributes.someone_named`, a
lower-case kin or role word), the names the user's own words give that relation
(:func:`~benchmarks.kin_names.names_of` over every user turn / statement of the set:
a superset of what the engine reads, which is the relation word's best lexical matches), and,
for the probing sets, how many evidence turns hold the name without the relation word (the
turns only the link can match lexically). A question whose relation the store links to no
name is read exactly as before (:func:`~benchmarks.kin_names.with_kin_names` returns
it unchanged), so a first-day set with no linked question is unchanged by construction.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from benchmarks.first_day import PERSONAS, SETS
from benchmarks.first_day_persona import Persona
from benchmarks.kin_names import names_of
from hybridmem.retrieval.attributes import someone_named

PROBING = ["dev", "blind", *[f"blind{i}" for i in range(2, 11)]]


def _kin(query: str) -> str | None:
    kin = someone_named(query)
    return kin if kin is not None and not kin[:1].isupper() else None


def _linked(kin: str, texts: list[str]) -> list[str]:
    out: list[str] = []
    for text in texts:
        out.extend(n for n in names_of(kin, text) if n not in out)
    return out


def probing_rows() -> list[dict[str, Any]]:
    rows = []
    for name in PROBING:
        data = json.loads(Path(f"benchmarks/data/probing_{name}.json").read_text())
        users = {u["id"]: u for u in data["users"]}
        for q in data["questions"]:
            kin = _kin(q["query"])
            if kin is None:
                continue
            turns = [t for s in users[q["user"]]["sessions"] for t in s["turns"]]
            names = _linked(kin, [t["text"] for t in turns if t["role"] == "user"])
            evidence = [t["text"] for t in turns if t["id"] in q["evidence"]]
            by_name = [
                e for e in evidence if any(n in e for n in names) and kin.lower() not in e.lower()
            ]
            rows.append(
                {
                    "set": name,
                    "id": q["id"],
                    "query": q["query"],
                    "kin": kin,
                    "names": names,
                    "evidence": len(evidence),
                    "evidence_by_name_only": len(by_name),
                }
            )
    return rows


def _texts(p: Persona) -> list[str]:
    return [
        *(t for t, _ in p.facts),
        p.old,
        p.new,
        *(t for t, _ in p.secrets),
        *(x for pair in p.tasks for x in pair),
    ]


def first_day_rows() -> list[dict[str, Any]]:
    rows = []
    for name, personas in {"dev": PERSONAS, **SETS}.items():
        for i, p in enumerate(personas):
            asked = [q for q, _ in p.questions] + [q for q, _, _ in p.task_questions]
            asked += [q for q, _ in p.about_secret]
            for query in asked:
                kin = _kin(query)
                if kin is not None:
                    row = {"set": name, "user": f"{p.lang}{i}", "query": query, "kin": kin}
                    rows.append({**row, "names": _linked(kin, _texts(p))})
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--json", type=Path, required=True)
    args = ap.parse_args()
    probing, first = probing_rows(), first_day_rows()
    print("probing: kin questions", len(probing))
    for r in probing:
        print(
            f"  {r['set']:8} {r['id']:4} {r['kin']:9} names={','.join(r['names']) or '-':12}"
            f" by-name-only {r['evidence_by_name_only']}/{r['evidence']}  {r['query']}"
        )
    print("first day: kin questions", len(first))
    for r in first:
        print(
            f"  {r['set']:10} {r['user']} {r['kin']:9}"
            f" names={','.join(r['names']) or '-':12} {r['query']}"
        )
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(
        json.dumps({"probing": probing, "first_day": first}, ensure_ascii=False, indent=1)
    )


if __name__ == "__main__":
    main()
