"""A blind probe of sealed-memory admission (issue 38): ``python -m benchmarks.sealed_probe_blind
[--embedder minilm] [--json out.json]``.

The questions are in benchmarks/data/sealed_probe_blind.json, written on 2026-12-05 from the
first-day newcomers (benchmarks/first_day*.py) before the change they judge, and not from the
misses of benchmarks/sealed_probe.py:

- ``near``: questions per language that share a word or a kind of private matter with some
  newcomer's sealed memory but ask about something else (someone else's address, the office
  alarm's PIN, passport photos, a child's fever). Each is asked of every newcomer of its
  language in the five sets, from inside each task; a *near leak* is a question whose hits or
  context held a sealed memory (the target is 0).
- ``about``: questions about one newcomer's sealed memory, paraphrased or sharing its words;
  *about first* counts those whose first hit is it, and an about-question that brings another
  sealed memory along is a leak too.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from tempfile import TemporaryDirectory

from benchmarks.first_day import PERSONAS, make_embedder, run_persona
from benchmarks.first_day_blind import BLIND
from benchmarks.first_day_fifth import FIFTH
from benchmarks.first_day_fourth import FOURTH
from benchmarks.first_day_persona import Persona
from benchmarks.first_day_third import THIRD

DATA = Path(__file__).parent / "data" / "sealed_probe_blind.json"
SETS: dict[str, tuple[Persona, ...]] = {
    "dev": PERSONAS,
    "blind": BLIND,
    "third": THIRD,
    "fourth": FOURTH,
    "fifth": FIFTH,
}


def run(
    embedder_spec: str | None = None,
    data_path: Path = DATA,
    sets: dict[str, tuple[Persona, ...]] = SETS,
) -> dict[str, object]:
    data = json.loads(data_path.read_text(encoding="utf-8"))
    embedder = make_embedder(embedder_spec)
    rows: list[dict[str, object]] = []
    # (language, near asked, near leaks, about asked, about first, about leaks) per newcomer
    counts: list[tuple[str, *tuple[int, ...]]] = []
    with TemporaryDirectory() as tmp:
        for name, personas in sets.items():
            for k, persona in enumerate(personas):
                near = tuple(data["near"][persona.lang])
                about = tuple(
                    (a["question"], a["marker"])
                    for a in data["about"]
                    if a["set"] == name and a["persona"] == k
                )
                probe = replace(
                    persona,
                    questions=tuple((q, "") for q in near),
                    task_questions=(),
                    about_secret=about,
                )
                out = run_persona(probe, embedder, Path(tmp) / f"{name}-{k}")
                leaked = set(out.leaks)
                near_leaks = sorted(q for q in near if q in leaked)
                about_leaks = sorted(q for q, _ in about if q in leaked)
                counts.append(
                    (
                        persona.lang,
                        len(near),
                        len(near_leaks),
                        len(about),
                        out.secret_first,
                        len(about_leaks),
                    )
                )
                rows.append(
                    {
                        "set": name,
                        "persona": k,
                        "lang": persona.lang,
                        "near": len(near),
                        "near_leaks": near_leaks,
                        "about": len(about),
                        "about_first": out.secret_first,
                        "about_misses": [
                            {"question": m["question"], "got": m["got"]} for m in out.secret_misses
                        ],
                        "about_leaks": about_leaks,
                    }
                )
    summary: dict[str, dict[str, int]] = {}
    for lang in ("en", "zh"):
        mine = [c[1:] for c in counts if c[0] == lang]
        summary[lang] = {
            key: sum(c[n] for c in mine)
            for n, key in enumerate(
                ("near_asked", "near_leaks", "about", "about_first", "about_leaks")
            )
        }
    return {"embedder": embedder.name, "summary": summary, "newcomers": rows}


def main(
    argv: Sequence[str] | None = None,
    data_path: Path = DATA,
    sets: dict[str, tuple[Persona, ...]] = SETS,
) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--embedder", default=None)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    result = run(args.embedder, data_path, sets)
    for row in result["newcomers"]:  # type: ignore[attr-defined]
        print(
            f"{row['set']} #{row['persona']} {row['lang']}: near leaks "
            f"{len(row['near_leaks'])}/{row['near']} {row['near_leaks']}; about first "
            f"{row['about_first']}/{row['about']}, about leaks {row['about_leaks']}"
        )
        for miss in row["about_misses"]:
            print("   about miss:", miss)
    for lang, s in result["summary"].items():  # type: ignore[attr-defined]
        print(
            f"{lang}: near leaks {s['near_leaks']} of {s['near_asked']} asked; about first "
            f"{s['about_first']}/{s['about']}; about leaks {s['about_leaks']}"
        )
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
