"""The engine's reading of someone else's event about an older value
(:mod:`hybridmem.evolution.write.value_remarks`), played on off and on (issue 38, helper
stale21).

The reading acts only where two of a user's facts or preferences make a pair it holds for
(:func:`~hybridmem.evolution.write.value_remarks.remark_on`, either order): each colloquial
scenario is one user, so every scenario holding no such pair plays exactly as before. ``marked
FILES`` counts them per file and kind (the statements for the read files); ``play FILES --json
F`` plays them (``evolution`` variant) with the reading off (before) and on (after) and prints
each file, language, kind and metric, before -> after. A blind file's rows are its totals::

    python -m benchmarks.value_remarks_play marked benchmarks/data/colloquial_*.json
    python -m benchmarks.value_remarks_play play --json F benchmarks/data/colloquial_blind17.json

``first-day NAMES``: the pairs among the statements of the first-day sets (``dev``, ``blind``,
``third`` ... as :mod:`benchmarks.first_day`'s flags); a set holding none plays as before.
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence, Sized
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from types import ModuleType
from typing import TextIO
from unittest.mock import patch

from benchmarks.mention_events import DEV
from benchmarks.own_act_returns import play_chosen, write_play
from hybridmem.evolution.write import value_remarks

READ = frozenset(
    {*DEV, *(f"colloquial_blind{n}.json" for n in (17, 18, 19, 20, 21, 22, 25, 27, 30))}
)
"""The files whose statements may be printed (the development and read sets)."""


Holds = Callable[[str, str], bool]
"""A pair reading: whether it holds for ``(newer, older)``."""


def pairs_of(said: Sequence[str], holds: Holds = value_remarks.remark_on) -> list[tuple[str, str]]:
    """(older, newer) pairs of ``said`` (in the order said) the pair reading ``holds`` for, in
    either order: a superset of those the engine can meet (a value said again is newer)."""
    return [
        (o, n)
        for i, a in enumerate(said)
        for b in said[i + 1 :]
        for o, n in ((a, b), (b, a))
        if holds(n, o)
    ]


def marked(path: Path, holds: Holds = value_remarks.remark_on) -> dict[str, list[tuple[str, str]]]:
    """Scenario id -> the pairs of its facts and preferences the reading ``holds`` for."""
    out: dict[str, list[tuple[str, str]]] = {}
    for sc in json.loads(path.read_text(encoding="utf-8")):
        said = [
            str(n["content"])
            for n in sorted(sc["nodes"], key=lambda n: str(n["created_at"]))
            if n["node_type"] in ("fact", "preference")
        ]
        found = pairs_of(said, holds)
        if found:
            out[str(sc["id"])] = found
    return out


Target = tuple[ModuleType, str]
"""The engine's module and the name of the reading it asks (patched off and back on)."""
REMARKS: Target = (value_remarks, "remark_about")


@contextmanager
def engine_off(target: Target = REMARKS) -> Iterator[None]:
    """The engine without the reading: it holds for no pair."""
    with patch.object(*target, lambda *_args: False):
        yield


def _on(original: object, target: Target = REMARKS) -> object:
    @contextmanager
    def on() -> Iterator[None]:
        with patch.object(*target, original):
            yield

    return on


def first_day_lines(names: Sequence[str], holds: Holds = value_remarks.remark_on) -> list[str]:
    """Per first-day set, the pairs among all of its statements (each persona one user)."""
    from benchmarks.first_day import ALL_SETS

    lines = []
    for name in names:
        found = []
        for p in ALL_SETS[name]:
            notes = [note for _title, note in p.tasks]
            said = [p.old, *(t for t, _ in p.facts), *(t for t, _ in p.secrets), *notes, p.new]
            found += pairs_of(said, holds)
        lines.append(f"{name}: {len(found)} pairs")
        lines += [f"  {o} => {n}" for o, n in found]
    return lines


@contextmanager
def pair_reading_logged(
    module: ModuleType, name: str, out: TextIO | None = None
) -> Iterator[list[tuple[str, str]]]:
    """The engine with the pair reading ``module.name(new, old) -> bool`` on, each pair it
    holds for written to ``out`` (stderr) as ``old => new`` when the engine asks it, and
    collected: a run where it never holds is the run without it."""
    original = getattr(module, name)
    held: list[tuple[str, str]] = []

    def reading(new: str, old: str) -> bool:
        found = bool(original(new, old))
        if found:
            held.append((old, new))
            print(f"{name} held: {old} => {new}", file=out or sys.stderr, flush=True)
        return found

    with patch.object(module, name, reading):
        yield held


_SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s*")


def probing_pairs(path: Path, holds: Holds) -> list[tuple[str, str]]:
    """The pairs the reading ``holds`` for among each probing user's messages and their
    sentences (what the conversation extractor can write; a near superset: it may reword)."""
    found = []
    for user in json.loads(path.read_text(encoding="utf-8"))["users"]:
        said = []
        for session in user["sessions"]:
            for turn in session["turns"]:
                if turn["role"] == "user":
                    said += [turn["text"], *filter(str.strip, _SENTENCE_END.split(turn["text"]))]
        found += pairs_of(said, holds)
    return found


def play_reading(argv: Sequence[str] | None, prog: str, module: ModuleType, name: str) -> int:
    """The command line of a play program for the engine's pair reading ``module.name(new,
    old)``: ``log MODULE ARGS`` (:func:`run_logged` with :func:`pair_reading_logged`),
    ``probing FILES`` (the pairs per file, :func:`probing_pairs`), else :func:`main`'s modes."""
    args = list(sys.argv[1:] if argv is None else argv)
    reading = getattr(module, name)
    if args[:1] == ["log"] and len(args) > 1:
        return run_logged(
            args, lambda: pair_reading_logged(module, name), f"{name} held {{}} times"
        )
    if args[:1] == ["probing"]:
        for file in args[1:]:
            found = probing_pairs(Path(file), reading)
            print(f"{Path(file).name}: {len(found)} pairs")
            print("\n".join(f"  {o} => {n}" for o, n in found))
        return 0
    return main(args, prog, reading, (module, name))


def run_logged(
    args: Sequence[str], logged: Callable[[], AbstractContextManager[Sized]], counted: str
) -> int:
    """``log MODULE ARGS`` of a play program: ``benchmarks.MODULE``'s command run inside
    ``logged`` (the engine with a reading that reports each time it holds), then ``counted``
    with the number of holdings in place of ``{}``, on stderr."""
    program = importlib.import_module(f"benchmarks.{args[1]}")
    with logged() as held:
        program.main(list(args[2:]))
    print(counted.format(len(held)), file=sys.stderr)
    return 0


def main(
    argv: Sequence[str] | None = None,
    prog: str = "value_remarks_play",
    holds: Holds = value_remarks.remark_on,
    target: Target = REMARKS,
) -> int:
    """The command line (the module docstring), of the reading ``holds`` that the engine asks
    as ``target`` (another program of a pair reading passes its own)."""
    parser = argparse.ArgumentParser(prog=f"python -m benchmarks.{prog}")
    parser.add_argument("mode", choices=("marked", "play", "first-day"))
    parser.add_argument("files", nargs="+")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    if args.mode == "first-day":
        print("\n".join(first_day_lines(args.files, holds)))
        return 0
    files = [Path(f) for f in args.files]
    if args.mode == "marked":
        for path in files:
            found = marked(path, holds)
            kinds = Counter(sid.split("-")[1] for sid in found)
            print(f"{path.name}: {len(found)} scenarios {dict(sorted(kinds.items()))}")
            if path.name in READ:
                print("\n".join(f"  {s}\t{o} => {n}" for s, ps in found.items() for o, n in ps))
        return 0
    if args.json is None:
        parser.error("--json is required for play")
    original = getattr(*target)
    with engine_off(target):
        chosen = {p: set(marked(p, holds)) for p in files}
        result = play_chosen(files, chosen, _on(original, target))  # type: ignore[arg-type]
    write_play(result, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
