"""The colloquial scenario sets split by language and kind (issue 38).

``python -m benchmarks.evolution_scenarios --scenarios FILE`` pools every scenario of a family;
the issue's targets are per language, and the second blind set has four kinds. This runs the
same benchmark (:func:`benchmarks.evolution_scenarios.run`, every variant) once per language
and kind of each file and writes one JSON with a row per (file, language, kind, variant,
metric)::

    python -m benchmarks.colloquial_report --embedder multilingual \\
        --json benchmarks/results/colloquial_issue38.json \\
        benchmarks/data/colloquial_dev.json benchmarks/data/colloquial_blind.json

The kind is read off the scenario id (``colloq2-<kind>-<lang>-<i>``; the first sets have
``change`` and ``want`` only).
"""

from __future__ import annotations

import argparse
import json
import tempfile
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path

from benchmarks.evolution_scenarios import run
from benchmarks.paths import portable
from benchmarks.scenario_files import load_scenarios
from benchmarks.scenarios import Scenario

METRICS = ("stale_rate", "pollution_rate", "hit@3")


def kind_of(sc: Scenario) -> str:
    """``plain``/``back``/``style``/``want`` (second blind set; the third adds
    ``unrelated``), else the family's kind."""
    parts = sc.id.split("-")
    if parts[0] in (
        "colloq2",
        "colloq3",
        "colloq4",
        "colloq5",
        "colloq6",
        "colloq7",
        "colloq8",
        "colloq9",
        "colloq10",
        "colloq11",
        "colloq12",
        "colloq13",
        "colloq14",
        "colloq15",
        "colloq16",
        "colloq17",
        "colloq18",
        "colloq19",
        "colloq20",
        "colloq21",
        "colloq22",
        "colloq23",
        "colloq24",
        "colloq25",
        "colloq26",
        "colloq27",
        "colloq28",
        "colloq29",
        "colloq30",
        "thirdp",
        "thirdp2",
    ):
        return parts[1]
    return "want" if sc.family == "one_offs" else "change"


def report(files: Sequence[Path], embedder: str) -> list[dict[str, object]]:
    return report_split(files, embedder, lambda sc, _i: sc)


def report_split(
    files: Sequence[Path],
    embedder: str,
    prepare: Callable[[Scenario, int], Scenario | None],
    prefix: str = "hm-colloq-",
) -> list[dict[str, object]]:
    """Each file's scenarios, ``prepare``d (given the scenario and its index in the file;
    ``None`` leaves it out), run per language and kind; the rows of ``METRICS``."""
    rows: list[dict[str, object]] = []
    for path in files:
        split: dict[tuple[str, str], list[Scenario]] = defaultdict(list)
        for i, sc in enumerate(load_scenarios(path)):
            ready = prepare(sc, i)
            if ready is not None:
                split[(sc.lang, kind_of(sc))].append(ready)
        for (lang, kind), scenarios in sorted(split.items()):
            with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
                result = run(0, 7, embedder, Path(tmp), given=scenarios, source=portable(path))
            for row in result["rows"]:  # type: ignore[attr-defined]
                if row["metric"] in METRICS:
                    rows.append({"file": portable(path), "lang": lang, "kind": kind, **row})
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.colloquial_report")
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--embedder", default="multilingual")
    parser.add_argument("--json", type=Path, required=True)
    args = parser.parse_args(argv)
    emit(report(args.files, args.embedder), args.embedder, args.json, ("hit@3",))
    return 0


def emit(
    rows: list[dict[str, object]], embedder: str, out: Path, hidden: tuple[str, ...] = ()
) -> None:
    """Print the baseline and evolution rows (but the ``hidden`` metrics); write all as JSON."""
    for r in rows:
        if r["variant"] in ("baseline", "evolution") and r["metric"] not in hidden:
            print(
                f"{r['file']} {r['lang']} {r['kind']!s:9} {r['variant']!s:10} "
                f"{r['metric']!s:15} {r['value']:.3f} (n={r['n']})"
            )
    out.parent.mkdir(parents=True, exist_ok=True)
    payload = {"embedder": embedder, "rows": rows}
    out.write_text(json.dumps(payload, indent=1, ensure_ascii=False), encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main())
