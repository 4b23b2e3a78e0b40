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
- the rest of ``new``'s first clause (its predicate) shares a term with ``left``
  (:func:`hybridmem.lexical.stemmed_terms`), or holds a first-person word ("won us back"); an
  old holder leaving ("Tony's has shut, I go to the barber's by the station now", 王姐辞工了)
  has a predicate of no object, and the change it occasions is in a later clause;
- ``first`` and ``left`` share a term (two values of one attribute name it alike);
- ``new`` says no "again" (those are the writer's move backs already).

``marked FILES``: per file and kind, the scenarios holding such a triple (the statements for
the read files). A fire on a ``third``, ``mention`` or one-off scenario is a false reading.
``play FILES --json F``: the scenarios holding one, played (``evolution`` variant) without and
with the reading as a step of the query-time newer-first rule (:func:`applied`: when no newer
hit takes a shown statement's place, one that returns to an older hit's value after it does)::

    python -m benchmarks.own_act_returns marked benchmarks/data/colloquial_*.json
    python -m benchmarks.own_act_returns play --json F benchmarks/data/colloquial_blind18.json
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import hybridmem.retrieval.retriever as retriever_module
from benchmarks import mention_acts, mention_events, mention_roles
from hybridmem.core.evolution_marks import last_mentioned
from hybridmem.evolution.slots import pairs
from hybridmem.lexical import clause_pieces, stemmed_terms
from hybridmem.retrieval import newer_values

READ = frozenset({*mention_events.DEV, "colloquial_blind17.json", "colloquial_blind18.json"})
"""The files whose statements may be printed (the development and read sets)."""


def returns(first: str, left: str, new: str) -> bool:
    """Whether ``new`` returns to ``first``'s value after ``left`` (the module docstring)."""
    if pairs.says_again(new) or not stemmed_terms(first) & stemmed_terms(left):
        return False
    if not mention_roles.names_value(new, first) or mention_roles.names_value(new, left):
        return False
    # The first clause's predicate: "Tony's has shut, I go to the barber's by the station now"
    # is the old holder leaving, its verb has no object; the rest is the change it occasions.
    pieces = clause_pieces(new)
    clause = pieces[0] if pieces else new
    subject = mention_roles.remark_subject(new)
    rest = clause[len(subject) :] if clause.startswith(subject) else clause
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


_HITS: list[Any] = []
"""The hits of the query newer-first is reordering (set by :func:`applied`'s wrapper)."""


@contextmanager
def applied() -> Iterator[None]:
    """Newer-first with the reading: a shown statement no newer hit takes the place of yields
    to a newer candidate (``newer_values.newer_candidates``) that returns to the value of a hit
    said before it (:func:`returns`, the shown statement being the value left)."""
    first = retriever_module.newer_first
    successor = newer_values._successor

    def newer_first(hits: list[Any], *args: Any, **kwargs: Any) -> list[Any]:
        _HITS[:] = hits
        return first(hits, *args, **kwargs)

    def _successor(old: Any, after: Sequence[Any], *rest: Any) -> Any:
        found = successor(old, after, *rest)
        if found is not None:
            return found
        kinds, _model, vectors = rest[1], rest[2], rest[3]
        since = last_mentioned(old.node)
        earlier = [h for h in _HITS if last_mentioned(h.node) < since]
        return next(
            (
                h
                for h in newer_values.newer_candidates(old, after, kinds, vectors)
                if any(returns(e.node.content, old.node.content, h.node.content) for e in earlier)
            ),
            None,
        )

    retriever_module.newer_first = newer_first
    newer_values._successor = _successor  # type: ignore[assignment]
    try:
        yield
    finally:
        retriever_module.newer_first = first
        newer_values._successor = successor


def play_chosen(
    files: Sequence[Path], chosen: dict[Path, set[str]], reading: Callable[[], Any]
) -> dict[str, Any]:
    """The ``chosen`` scenarios of ``files`` (by id), played (``evolution`` variant) without and
    with ``reading`` (a context manager); every other scenario plays exactly as before."""
    from benchmarks.colloquial_report import report_split
    from benchmarks.scenarios import Scenario

    played = [p for p in files if chosen[p]]
    ids = set().union(*chosen.values()) if chosen else set()

    def prepare(sc: Scenario, _i: int) -> Scenario | None:
        return sc if sc.id in ids else None

    with mention_acts.evolution_only():
        before = mention_events.counts(report_split(played, "multilingual", prepare))
        with reading():
            after = mention_events.counts(report_split(played, "multilingual", prepare))
    keys = sorted(set(before) | set(after))
    return {
        "scenarios": {str(p): len(chosen[p]) for p in files},
        "rows": [
            {"key": list(k), "before": before.get(k, 0), "after": after.get(k, 0)} for k in keys
        ],
    }


def write_play(result: dict[str, Any], path: Path) -> None:
    """Print ``result``'s rows (file, language, kind, metric: before -> after) and write it."""
    for row in result["rows"]:
        file, lang, kind, metric = row["key"]
        print(f"{file} {lang} {kind:9} {metric:15} {row['before']} -> {row['after']}")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.own_act_returns")
    parser.add_argument("mode", choices=("marked", "play"))
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    if args.mode == "marked":
        print("\n".join(marked_lines(args.files)))
        return 0
    if args.json is None:
        parser.error("--json is required for play")
    write_play(
        play_chosen(args.files, {p: set(triples(p)) for p in args.files}, applied), args.json
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
