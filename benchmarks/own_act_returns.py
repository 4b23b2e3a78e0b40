"""A move back told as the returned value's own act, read without a model (issue 38, helper
stale20; a scan, the engine does not use it).

"Dr Mahmood saw the kids for their check-up on Monday, no fillings" after "The kids' dentist is
Dr Mahmood" and "The kids see Dr Ruiz at the Smile Clinic for their teeth": no "again", no
change word, no "I"; the value the user returns to is the subject of an event. The writer's
move back (:mod:`hybridmem.evolution.write.move_back`) waits for a cue of "again"
(``slots.pairs.says_again``) and the pair model for a change word, so neither reads it, and
stale19's subject reading takes it for someone else's event about that value.

What tells it from a remark about a value the user left ("Lloyds closed the branch on the high
street" after moving the salary to Monzo) is the predicate: in a return the value acts on the
user's attribute again, so the words after the subject name what the value it replaces is
about (a word of that later statement: "the kids", "the MOT", "Thursday's session"), or the
user ("won us back"); a remark's predicate names something of the value's own (the branch).
The reading, of three statements said in that order (``first``, ``left``, ``new``):

- ``new``'s subject (:func:`benchmarks.mention_roles.remark_subject`) names ``first``'s value
  and not ``left``'s (:func:`benchmarks.mention_roles.names_value`);
- the rest of ``new`` shares a term with ``left`` (:func:`hybridmem.lexical.stemmed_terms`),
  or holds a first-person word;
- ``first`` and ``left`` share a term (two values of one attribute name it alike);
- ``new`` says no "again" (those are the writer's move backs already).

``marked FILES``: per file and kind, the scenarios holding such a triple (the statements for
the read files). A fire on a ``third``, ``mention`` or one-off scenario is a false reading::

    python -m benchmarks.own_act_returns marked benchmarks/data/colloquial_*.json
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from benchmarks import mention_events, mention_roles
from hybridmem.evolution.slots import pairs
from hybridmem.lexical import stemmed_terms

READ = frozenset({*mention_events.DEV, "colloquial_blind17.json", "colloquial_blind18.json"})
"""The files whose statements may be printed (the development and read sets)."""


def returns(first: str, left: str, new: str) -> bool:
    """Whether ``new`` returns to ``first``'s value after ``left`` (the module docstring)."""
    if pairs.says_again(new) or not stemmed_terms(first) & stemmed_terms(left):
        return False
    if not mention_roles.names_value(new, first) or mention_roles.names_value(new, left):
        return False
    subject = mention_roles.remark_subject(new)
    rest = new[len(subject) :] if new.startswith(subject) else new
    return bool(stemmed_terms(rest) & stemmed_terms(left)) or bool(
        mention_events._FIRST_PERSON.search(rest)
    )


def triples(path: Path) -> dict[str, list[tuple[str, str, str]]]:
    """Scenario id -> the (first, left, new) fact triples of it the reading holds for."""
    out: dict[str, list[tuple[str, str, str]]] = {}
    for sc in json.loads(path.read_text(encoding="utf-8")):
        said = [
            str(n["content"])
            for n in sorted(sc["nodes"], key=lambda n: str(n["created_at"]))
            if n["node_type"] in ("fact", "preference")
        ]
        found = [
            (said[a], said[b], said[c])
            for c in range(len(said))
            for b in range(c)
            for a in range(b)
            if returns(said[a], said[b], said[c])
        ]
        if found:
            out[str(sc["id"])] = found
    return out


def marked_lines(files: Sequence[Path]) -> list[str]:
    lines = []
    for path in files:
        found = triples(path)
        kinds = Counter(sid.split("-")[1] for sid in found)
        lines.append(f"{path.name}: {len(found)} scenarios {dict(sorted(kinds.items()))}")
        if path.name in READ:
            lines += [f"  {sid}\t{a} | {b} => {c}" for sid, ts in found.items() for a, b, c in ts]
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.own_act_returns")
    parser.add_argument("mode", choices=("marked",))
    parser.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args(argv)
    print("\n".join(marked_lines(args.files)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
