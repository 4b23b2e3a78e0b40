"""The colloquial sets' totals per file and language, in the merged results' form, from a
``colloquial_report`` JSON (evolution variant; issue 38, helper mention18).

Blind sets are read only as these totals (stale over every change kind, each kind's rate as a
count, the controls' pollution), never as their misses::

    python -m benchmarks.mention_totals benchmarks/results/mention18/colloquial_blind_after.json \\
        --against benchmarks/results/merged-s53/colloquial_blind_totals.json

``--against`` takes a totals JSON (``{"totals": [lines]}``) or another report JSON and marks
each line that differs.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

POLLUTED = ("oneoff", "mention", "want")


def totals(rows: list[dict[str, object]]) -> list[str]:
    """One line per (file, language): stale over every change kind, then each kind."""
    by: dict[tuple[str, str], dict[str, tuple[int, int]]] = defaultdict(dict)
    for r in rows:
        if r["variant"] != "evolution":
            continue
        kind, metric = str(r["kind"]), str(r["metric"])
        wanted = "pollution_rate" if kind in POLLUTED else "stale_rate"
        if metric != wanted:
            continue
        n = int(str(r["n"]))
        by[(Path(str(r["file"])).name, str(r["lang"]))][kind] = (
            round(float(str(r["value"])) * n),
            n,
        )
    out = []
    for (name, lang), kinds in sorted(by.items()):
        stale = [v for k, v in kinds.items() if k not in POLLUTED]
        got, of = sum(v[0] for v in stale), sum(v[1] for v in stale)
        parts = ", ".join(
            f"{k}{'(poll)' if k in POLLUTED else ''} {v[0]}/{v[1]}"
            for k, v in sorted(kinds.items())
        )
        out.append(f"{name} {lang}: stale (all kinds) {got}/{of} | {parts}")
    return out


def lines_of(path: Path) -> list[str]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return list(data["totals"]) if "totals" in data else totals(data["rows"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("report", type=Path)
    parser.add_argument("--against", type=Path)
    args = parser.parse_args()
    before = {line.split(":")[0]: line for line in lines_of(args.against)} if args.against else {}
    for line in lines_of(args.report):
        key = line.split(":")[0]
        old = before.get(key)
        mark = "" if old is None or old == line else f"   <- was {old.split(': ', 1)[1]}"
        print(line + mark)


if __name__ == "__main__":
    main()
