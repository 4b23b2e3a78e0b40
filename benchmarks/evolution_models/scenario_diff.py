"""Which colloquial scenarios a change of the subject or slot rules can move, and only those.

A colloquial run (``benchmarks.colloquial_report``) takes the better part of an hour of two
cores on the dozen files a rule change can reach, yet a scenario's figures depend only on its
own texts: a scenario none of whose strings, clause pieces or sentences the new rules read
differently (the speaker test, the person ``others.person_of`` finds, the rules' slot and open
flag) gives the same rows before and after, because every store is built from the scenario
alone and the model is asked the same questions. So the before / after runs need only the
scenarios whose readings moved: this dumps one digest of those readings per scenario
(``--dump`` on the old code, ``--old`` that dump on the new, as ``slot_rule_diff``), and
``select OLD OUTDIR`` (new code) writes each file's moved scenarios to ``OUTDIR`` (outside the
repository; the blind sets' texts are never printed, and their ids only counted) for
``colloquial_report`` to run on both trees. The difference of the two runs' counts is the
change's whole effect on the full files.

``python -m benchmarks.evolution_models.scenario_diff --dump OLD`` (old code), ``... --old OLD``
(new code: the moved scenarios by file), ``... select OLD OUTDIR`` (new code), then
``colloquial_report`` on ``OUTDIR/*.json`` in each tree.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from benchmarks.evolution_models.slot_rule_diff import Report, diff_main
from hybridmem import lexical
from hybridmem.conversation.extract import sentences
from hybridmem.evolution.slots import others
from hybridmem.evolution.slots.rules import about_speaker, infer

DATA = Path(__file__).resolve().parents[1] / "data"


def _strings(value: Any) -> Iterator[str]:
    """Every string of a scenario, its statements and its probes alike."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def reading(text: str) -> str:
    """Whose the text is and the rules' slot and open flag (no embedder is loaded)."""
    guess = infer(text)
    if about_speaker(text):
        whose = "speaker"
    else:
        found = others.person_of(text)
        whose = f"other:{found[0] if found else '-'}"
    return f"{whose}|{guess.slot or '-'}|{int(guess.open)}"


def digest(scenario: dict[str, Any]) -> str:
    """One digest of the readings of every string, clause piece and sentence of a scenario."""
    units: set[str] = set()
    # The id names the scenario for the report; no reader sees it.
    for text in _strings({key: value for key, value in scenario.items() if key != "id"}):
        units.add(text)
        units.update(lexical.clause_pieces(text))
        units.update(sentences(text))
    readings = sorted((unit, reading(unit)) for unit in units)
    return hashlib.sha1(json.dumps(readings, ensure_ascii=False).encode("utf-8")).hexdigest()


def read_scenarios() -> dict[str, dict[str, str]]:
    """``{file stem: {scenario id: digest}}`` of every colloquial file."""
    out: dict[str, dict[str, str]] = {}
    for path in sorted(DATA.glob("colloquial_*.json")):
        scenarios = json.loads(path.read_text(encoding="utf-8"))
        out[path.stem] = {s["id"]: digest(s) for s in scenarios}
    return out


def select(old: Path, outdir: Path) -> dict[str, int]:
    """Write each file's scenarios this code reads differently from ``old`` (a ``--dump`` of the
    old code) to ``outdir`` under the file's own name; return how many per file."""
    before: dict[str, dict[str, str]] = json.loads(old.read_text(encoding="utf-8"))
    outdir.mkdir(parents=True, exist_ok=True)
    written: dict[str, int] = {}
    for path in sorted(DATA.glob("colloquial_*.json")):
        digests = before.get(path.stem, {})
        scenarios = json.loads(path.read_text(encoding="utf-8"))
        moved = [s for s in scenarios if s["id"] in digests and digests[s["id"]] != digest(s)]
        if moved:
            (outdir / path.name).write_text(json.dumps(moved, ensure_ascii=False), "utf-8")
            written[path.stem] = len(moved)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["select"]:
        if len(args) != 3:
            print("usage: ... scenario_diff select OLD_DUMP OUTDIR", file=sys.stderr)
            return 2
        for stem, count in select(Path(args[1]), Path(args[2])).items():
            print(f"{stem}: {count} scenarios")
        return 0
    prog = "python -m benchmarks.evolution_models.scenario_diff"
    return diff_main(args, read_scenarios, prog, Report("scenarios", "scenario", 0, False))


if __name__ == "__main__":
    sys.exit(main())
