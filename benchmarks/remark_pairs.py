"""Whose the remark's subject is, read where two statements are compared (issue 38, helper
stale20; a measurement program, the engine does not use it).

stale19's English reading (:func:`benchmarks.mention_roles.role_act` with ``--english``: no
first-person word, an event of the first clause's own subject that moves nothing to a new
holder, and that subject names an older statement's value) met the bar on every colloquial file
as a mark of the newer statement (:data:`~hybridmem.core.evolution_marks.ONE_OCCASION`), but it
is a reading of two statements: "Nationwide opened a new branch" is someone else's event
*about the value of "I bank with Nationwide"*, not about every statement of the user. Here it is
asked only of the pair the engine compares, in the three places the newer of two statements is
picked:

- the query-time newer-first rule (:func:`hybridmem.retrieval.newer_values.newer_candidates`):
  a newer hit the reading holds for against the shown older one does not take its place;
- the writer's pair link (:func:`hybridmem.evolution.write.similar_group._paired`): a newcomer
  is not linked to an older fact whose value its subject names;
- the writer's group policy (:func:`hybridmem.evolution.write.conflicts.decide`): a newcomer
  the reading holds for against the group's current value is kept beside the group, as a
  remark about one occasion is (``one_off``), not as its new value.

A move back said as the returned value's own act ("Kwik Fit is doing the MOT this year, like
before" after "My car goes to Kwik Fit" and "The garage on Fabian Way does the car's MOT")
names the value it returns to, not the value it replaces: compared with the value it replaces,
the reading does not hold, which a mark of the newer statement alone cannot tell.

``--single``: and the remark is one clause (stale19's). ``--returns``: not for a newer statement
that returns to the older one's value after a later value, told as the returned value's own act
(:func:`benchmarks.own_act_returns.returns`: "Dr Mahmood saw the kids for their check-up"
after "The kids see Dr Ruiz"), read beforehand from the files.

``marked FILES``: the pairs the reading holds for (counts and kinds for a blind file).
``play FILES --json F``: the scenarios holding one, played (``evolution`` variant) without and
with the reading; every other scenario plays exactly as before::

    python -m benchmarks.remark_pairs marked benchmarks/data/colloquial_*.json
    python -m benchmarks.remark_pairs play --json F benchmarks/data/colloquial_blind17.json

``first-day ARGS``, ``probing ARGS``: :mod:`benchmarks.first_day` (``--twelfth --json F``) or
:mod:`benchmarks.probing` (``--data FILE --json F``) with the reading.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from benchmarks import mention_acts, mention_events, mention_roles
from benchmarks.own_act_returns import play_chosen, triples, write_play
from hybridmem.core.evolution_marks import current_of
from hybridmem.evolution.write import conflicts, similar_group
from hybridmem.lexical import clause_pieces
from hybridmem.retrieval import newer_values

_CJK = re.compile(r"[\u4e00-\u9fff]")
SINGLE = False
"""Whether the reading also asks the remark to be one clause (``--single``)."""
RETURNS: set[tuple[str, str]] = set()
"""(older, newer) pairs left to the engine as before: the newer returns to the older's value
after a later one (:func:`benchmarks.own_act_returns.returns`, ``--returns``; read beforehand
from the scenario files, each scenario being one user)."""


def holds(new: str, old: str) -> bool:
    """Whether the English ``new`` is someone else's event whose subject names ``old``'s
    value (stale19's English reading, asked of this pair)."""
    if _CJK.search(new) or not mention_acts.others_act(new):
        return False
    if SINGLE and len(clause_pieces(new)) > 1:
        return False
    return (old, new) not in RETURNS and mention_roles.names_value(new, old)


def marked_pairs(path: Path) -> dict[str, list[tuple[str, str]]]:
    """Scenario id -> the (older, newer) fact pairs of it the reading holds for."""
    out: dict[str, list[tuple[str, str]]] = {}
    for sc in json.loads(path.read_text(encoding="utf-8")):
        nodes = sorted(
            (n for n in sc["nodes"] if n["node_type"] in ("fact", "preference")),
            key=lambda n: str(n["created_at"]),
        )
        found = [
            (str(o["content"]), str(n["content"]))
            for i, n in enumerate(nodes)
            for o in nodes[:i]
            if holds(str(n["content"]), str(o["content"]))
        ]
        if found:
            out[str(sc["id"])] = found
    return out


@contextmanager
def applied() -> Iterator[None]:
    """The engine with the reading in the three places (the module docstring)."""
    candidates = newer_values.newer_candidates
    paired = similar_group._paired
    decide = conflicts.decide

    def newer_candidates(old: Any, after: Sequence[Any], *rest: Any) -> list[Any]:
        found = candidates(old, after, *rest)
        return [h for h in found if not holds(h.node.content, old.node.content)]

    def _paired(request: Any, reads: Any, *rest: Any) -> Any:
        def node(i: str) -> Any:
            n = reads.node(i)
            return None if n is None or holds(request.content, n.content) else n

        return paired(request, replace(reads, node=node), *rest)

    def decide_(*args: Any, **kw: Any) -> Any:
        current = current_of(kw["members"])
        if current is not None and holds(kw["content"], current.content):
            kw["one_off"] = True
        return decide(*args, **kw)

    patches: list[tuple[Any, str, Callable[..., Any]]] = [
        (newer_values, "newer_candidates", newer_candidates),
        (similar_group, "_paired", _paired),
        (conflicts, "decide", decide_),
    ]
    originals = [(mod, name, getattr(mod, name)) for mod, name, _ in patches]
    for mod, name, fn in patches:
        setattr(mod, name, fn)
    try:
        yield
    finally:
        for mod, name, fn in originals:
            setattr(mod, name, fn)


def marked_lines(files: Sequence[Path]) -> list[str]:
    lines = []
    for path in files:
        found = marked_pairs(path)
        kinds = sorted({sid.split("-")[1] for sid in found})
        lines.append(f"{path.name}: {len(found)} scenarios hold a pair {kinds}")
        if path.name in mention_events.DEV:
            lines += [f"  {sid}\t{o} => {n}" for sid, pairs in found.items() for o, n in pairs]
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    args_in = list(argv if argv is not None else sys.argv[1:])
    if args_in[:1] == ["first-day"]:
        # ``first-day [first_day's arguments]``: the first-day check with the reading.
        from benchmarks import first_day

        with applied():
            first_day.main(args_in[1:])
        return 0
    if args_in[:1] == ["probing"]:
        # ``probing [probing's arguments]``: the probing check with the reading.
        from benchmarks import probing

        with applied():
            probing.main(args_in[1:])
        return 0
    parser = argparse.ArgumentParser(prog="python -m benchmarks.remark_pairs")
    parser.add_argument("mode", choices=("marked", "play"))
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--single", action="store_true")
    parser.add_argument("--returns", action="store_true")
    args = parser.parse_intermixed_args(args_in)
    global SINGLE
    SINGLE = args.single
    if args.returns:
        RETURNS.update((a, c) for p in args.files for ts in triples(p).values() for a, _, c in ts)
    if args.mode == "marked":
        print("\n".join(marked_lines(args.files)))
        return 0
    if args.json is None:
        parser.error("--json is required for play")
    chosen = {p: set(marked_pairs(p)) for p in args.files}
    write_play(play_chosen(args.files, chosen, applied), args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
