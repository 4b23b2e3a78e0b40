"""A later remark read alone as another's event, kept as a record of its occasion: which
statements the reading marks, and the colloquial scenarios holding one played with and without
the mark (issue 38, helper stale17).

The writer marks a fact or preference that :func:`hybridmem.evolution.write.events
.others_event` reads as an event of someone or something else ("The Red Lion changed
landlord", 少年宫门口在修路) as :data:`~hybridmem.core.evolution_marks.ONE_OCCASION`. Each
scenario is its own user, so a scenario none of whose statements the reading holds for plays
exactly as before: only the scenarios holding one are played, once with the mark switched off
(:func:`unmarked`) and once as shipped; the difference of the two is the whole file's.

``marked FILES``: per file, the scenarios holding a marked statement (ids and statements only
for the development files; a blind file gives its count and kinds)::

    python -m benchmarks.mention_events marked benchmarks/data/colloquial_*.json

``play FILES --json F``: stale and pollution counts (rate times n) per file, language and kind
on those scenarios, without and with the mark::

    python -m benchmarks.mention_events play --json F benchmarks/data/colloquial_dev.json
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from hybridmem.evolution.write import events

DEV = frozenset(
    f"colloquial_{n}.json"
    for n in ("dev", "blind", "blind2", "blind3", "blind4", "blind5", "blind7", "blind8")
)
COUNTED = ("stale_rate", "pollution_rate")


@contextmanager
def unmarked() -> Iterator[None]:
    """The writer without the mark (the engine before this change)."""
    original = events.mark

    def nothing(marks: dict[str, Any], content: str, slot: str | None) -> None:
        return None

    events.mark = nothing  # type: ignore[assignment]
    try:
        yield
    finally:
        events.mark = original  # type: ignore[assignment]


def marked_ids(path: Path) -> dict[str, list[str]]:
    """Scenario id -> the facts and preferences of it the reading marks."""
    out: dict[str, list[str]] = {}
    for sc in json.loads(path.read_text(encoding="utf-8")):
        said = [
            str(n["content"])
            for n in sc["nodes"]
            if n["node_type"] in ("fact", "preference") and events.others_event(n["content"])
        ]
        if said:
            out[str(sc["id"])] = said
    return out


def marked_lines(files: Sequence[Path]) -> list[str]:
    lines = []
    for path in files:
        found = marked_ids(path)
        kinds = sorted({sid.split("-")[1] for sid in found})
        lines.append(f"{path.name}: {len(found)} scenarios hold a marked statement {kinds}")
        if path.name in DEV:
            lines += [f"  {sid}\t{' | '.join(said)}" for sid, said in found.items()]
    return lines


def counts(rows: list[dict[str, object]]) -> dict[tuple[str, str, str, str], int]:
    """(file, lang, kind, metric) -> the count of the evolution variant's rate."""
    return {
        (str(r["file"]), str(r["lang"]), str(r["kind"]), str(r["metric"])): round(
            float(r["value"]) * int(r["n"])  # type: ignore[call-overload]
        )
        for r in rows
        if r["variant"] == "evolution" and r["metric"] in COUNTED
    }


def play(files: Sequence[Path]) -> dict[str, Any]:
    """The scenarios holding a marked statement, played without and with the mark."""
    from benchmarks.colloquial_report import report_split
    from benchmarks.scenarios import Scenario

    def holding(path: Path) -> set[str]:
        return set(marked_ids(path))

    chosen = {p: holding(p) for p in files}
    played = [p for p in files if chosen[p]]

    def prepare_for(path_ids: dict[Path, set[str]]) -> Any:
        def prepare(sc: Scenario, _i: int) -> Scenario | None:
            return sc if any(sc.id in ids for ids in path_ids.values()) else None

        return prepare

    with unmarked():
        before = counts(report_split(played, "multilingual", prepare_for(chosen)))
    after = counts(report_split(played, "multilingual", prepare_for(chosen)))
    keys = sorted(set(before) | set(after))
    return {
        "scenarios": {str(p): len(chosen[p]) for p in files},
        "rows": [
            {"key": list(k), "before": before.get(k, 0), "after": after.get(k, 0)} for k in keys
        ],
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.mention_events")
    parser.add_argument("mode", choices=("marked", "play"))
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--json", type=Path)
    args = parser.parse_intermixed_args(argv)
    if args.mode == "marked":
        print("\n".join(marked_lines(args.files)))
        return 0
    if args.json is None:
        parser.error("--json is required for play")
    result = play(args.files)
    for row in result["rows"]:
        file, lang, kind, metric = row["key"]
        print(f"{file} {lang} {kind:9} {metric:15} {row['before']} -> {row['after']}")
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
