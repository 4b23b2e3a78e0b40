"""The colloquial change sets with a newcomer's standing facts in every store (issue 38).

In the colloquial scenario files the values of the attribute asked about are the only standing
statements a user holds: the other lines are events. A reading of "one attribute" is then never
tempted by another fact of the user's, which the first-day newcomers show is where such
readings go wrong (``benchmarks.same_attribute``). Here every scenario's store also holds the
facts and the preference of a first-day newcomer of its language (development personas only:
dev, blind, third to sixth; the seventh is still blind), said the day before the first value,
so a change must be read among the facts of a real first day. The probes, gold and stale
values are the file's. A newcomer's fact may itself answer a probe (it then counts as neither
gold nor stale: hit@3 can only fall for it, never stale)::

    python -m benchmarks.colloquial_dense --embedder multilingual \\
        --json benchmarks/results/issue38_stale7/dense_blind5.json \\
        benchmarks/data/colloquial_blind5.json

Rows as :mod:`benchmarks.colloquial_report` writes them (file, language, kind, variant, metric).
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

from benchmarks import first_day as fd
from benchmarks.colloquial_report import emit, report_split
from benchmarks.scenarios import Scenario, ScenarioNode


def personas() -> dict[str, list[fd.Persona]]:
    """The development newcomers by language, in a fixed order."""
    from benchmarks.first_day_blind import BLIND
    from benchmarks.first_day_fifth import FIFTH
    from benchmarks.first_day_fourth import FOURTH
    from benchmarks.first_day_sixth import SIXTH
    from benchmarks.first_day_third import THIRD

    out: dict[str, list[fd.Persona]] = defaultdict(list)
    for group in (fd.PERSONAS, BLIND, THIRD, FOURTH, FIFTH, SIXTH):
        for persona in group:
            out[persona.lang].append(persona)
    return out


def dense(sc: Scenario, persona: fd.Persona, after: bool = False) -> Scenario:
    """``sc`` with ``persona``'s facts said, three minutes apart, the day before its first
    line (as a newcomer says them on a first day); ``after``: the day after its last line,
    before the question, so each fact is newer than every value and can be misread as one."""
    if after:
        start = max(n.created_at for n in sc.nodes) + timedelta(days=1)
        assert start + timedelta(minutes=3 * len(persona.facts)) < sc.now, sc.id
    else:
        start = min(n.created_at for n in sc.nodes) - timedelta(days=1)
    facts = tuple(
        ScenarioNode(f"{sc.id}.fd{k}", text, kind, None, start + timedelta(minutes=3 * k))
        for k, (text, kind) in enumerate(persona.facts)
    )
    return replace(sc, nodes=facts + tuple(sc.nodes))


def report(files: Sequence[Path], embedder: str, after: bool = False) -> list[dict[str, object]]:
    by_lang = personas()

    def prepare(sc: Scenario, i: int) -> Scenario | None:
        if sc.family != "natural_change":
            return None
        people = by_lang[sc.lang]
        return dense(sc, people[i % len(people)], after)

    return report_split(files, embedder, prepare, prefix="hm-dense-")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.colloquial_dense")
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--embedder", default="multilingual")
    parser.add_argument("--json", type=Path, required=True)
    parser.add_argument(
        "--after", action="store_true", help="the newcomer's facts after the values, not before"
    )
    args = parser.parse_args(argv)
    emit(report(args.files, args.embedder, args.after), args.embedder, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
