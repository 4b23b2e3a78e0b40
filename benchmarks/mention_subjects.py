"""A later remark whose subject is the shared thing or another person, and in which the user is
neither subject nor possessor, read as no newer value of the older statement (issue 38, helper
mention19; measured negative: the engine does not use it).

mention18 left the mentions whose shared thing is a plain subject ("The Red Lion changed
landlord", "Book group picked a dreadful thriller", 合唱团团长又在群里发通知了) to "the slot
reader's view of the newer statement": does it give the user a value (the user as subject or
possessor, a verb of the user's own act), or is the shared thing the subject of someone else's
act? This program reads that with the slot reader's public functions and measures it:

- ``speaker``: the slot reader reads the newer statement as not about the speaker
  (:func:`~hybridmem.evolution.slots.rules.about_speaker` is false: a third-person or thing
  subject) and it has no first-person word (the user is not its possessor either);
- ``subject``: ``speaker``, and the subject is another person
  (:func:`~hybridmem.evolution.slots.others.person_of`) or the shared thing: the first clause
  opens, past articles and determiners, with a word both statements name
  (:func:`~hybridmem.evolution.slots.naming.naming_words`; in Chinese a shared word inside the
  first word counts, as in :func:`~hybridmem.evolution.slots.naming.one_attribute`).

``scan`` reads every older/newer pair of the development colloquial files (dev, blind, blind2-5,
blind7, blind8) that :func:`~hybridmem.evolution.slots.naming.one_attribute` lets through, and
the 16 development mention items (:mod:`benchmarks.mention_newer_first`), and counts for each
reading the mention remarks it holds for against the real changes (a newer statement that is
a probe's gold answer) it would take out of the newer-first rule; no model::

    python -m benchmarks.mention_subjects scan --out benchmarks/results/mention19/scan.txt

``items`` and ``report`` play the mention items and colloquial files with a reading applied
inside the query-time rule (:func:`applied`: a newer statement it holds for is no candidate of
``newer_values._successor``, as a statement about another person is)::

    python -m benchmarks.mention_subjects items --reading subject --json F
    python -m benchmarks.mention_subjects report --reading subject --json F FILES...
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from hybridmem.evolution.slots import others, rules
from hybridmem.evolution.slots.naming import naming_words, one_attribute
from hybridmem.evolution.slots.pairs import language
from hybridmem.lexical import clause_pieces, pos_tags
from hybridmem.retrieval import newer_values

DEV_FILES = tuple(
    Path(f"benchmarks/data/colloquial_{name}.json")
    for name in ("dev", "blind", "blind2", "blind3", "blind4", "blind5", "blind7", "blind8")
)

# The user as subject or possessor: the first-person words of both languages (the only list).
_FIRST_PERSON = re.compile(
    r"\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself|we|we're|we've|we'd|we'll|us|our|ours)\b|我|咱",
    re.I,
)
_OPENERS_EN = frozenset({"the", "a", "an", "this", "that", "these", "those", "some", "all"})


def no_user(newer: str) -> bool:
    """The slot reader reads ``newer`` as not about the speaker and no first-person word
    makes the user its possessor (the ``speaker`` reading)."""
    return not rules.about_speaker(newer) and _FIRST_PERSON.search(newer) is None


def opens_with_shared(newer: str, older: str) -> bool:
    """Whether the first clause of ``newer`` opens with a word ``older`` names too: the
    shared thing is its subject."""
    pieces = clause_pieces(newer)
    if not pieces:
        return False
    shared = naming_words(older)
    if language(newer) == "zh":
        first = next((w for w, f in pos_tags(pieces[0]) if f != "x" and w.strip()), "")
        return any(len(first) > 1 and len(w) > 1 and (first in w or w in first) for w in shared)
    words = [w.lower() for w in re.findall(r"[\w+'’-]+", pieces[0])]
    while words and words[0] in _OPENERS_EN:
        words.pop(0)
    return bool(words) and re.sub(r"['’]s?$", "", words[0]) in shared | {
        w.rstrip("s") for w in shared
    } | {w + "s" for w in shared}


def others_act(newer: str, older: str, reading: str = "subject") -> bool:
    """Whether ``newer`` is someone else's act on the shared thing, by ``reading`` (the module
    docstring): then it gives ``older`` no newer value."""
    if not no_user(newer):
        return False
    if reading == "speaker":
        return True
    return others.person_of(newer) is not None or opens_with_shared(newer, older)


READINGS = ("speaker", "subject")


@contextmanager
def applied(reading: str) -> Iterator[None]:
    """The engine's newer-first rule with ``reading``: ``newer_values._successor`` asks
    ``same_subject(newer, older)`` of each candidate, so a remark read as someone else's act
    is no candidate (the engine change measured)."""
    original: Callable[[str, str], bool] = newer_values.same_subject

    def same_and_own(newer: str, older: str) -> bool:
        return original(newer, older) and not others_act(newer, older, reading)

    newer_values.same_subject = same_and_own  # type: ignore[assignment]
    try:
        yield
    finally:
        newer_values.same_subject = original  # type: ignore[assignment]


def pairs(files: Sequence[Path]) -> Iterator[tuple[str, str, str, str]]:
    """(label, scenario id, older, newer) for every standing pair one_attribute lets through:
    ``mention`` for the mention items, ``change`` when the newer is a probe's gold answer."""
    from benchmarks.mention_newer_first import ITEMS

    for lang, items in ITEMS.items():
        for i, (value, remark, _) in enumerate(items):
            yield "mention", f"mention-{lang}-{i}", value, remark
    for path in files:
        for sc in json.loads(path.read_text(encoding="utf-8")):
            nodes = sorted(
                (n for n in sc["nodes"] if n["node_type"] in ("fact", "preference")),
                key=lambda n: str(n["created_at"]),
            )
            gold = {g for p in sc["probes"] for g in p["gold"]}
            for i, old in enumerate(nodes):
                for new in nodes[i + 1 :]:
                    if one_attribute(new["content"], old["content"]):
                        label = "change" if new["id"] in gold else "other"
                        yield label, str(sc["id"]), old["content"], new["content"]


def scan(files: Sequence[Path]) -> list[str]:
    """Per reading, the mention remarks it holds for and the real changes it would cut."""
    found = list(pairs(files))
    out = []
    for reading in READINGS:
        held = [p for p in found if others_act(p[3], p[2], reading)]
        counts = {lab: sum(1 for p in held if p[0] == lab) for lab in ("mention", "change")}
        totals = {lab: sum(1 for p in found if p[0] == lab) for lab in ("mention", "change")}
        out.append(
            f"{reading}: mention items {counts['mention']}/{totals['mention']}, "
            f"real-change pairs cut {counts['change']}/{totals['change']}"
        )
        out += [f"  {lab}\t{sid}\t{old}\t=>\t{new}" for lab, sid, old, new in held]
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.mention_subjects")
    parser.add_argument("mode", choices=("scan", "items", "report"))
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--reading", choices=READINGS, default="subject")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--out", type=Path)
    args = parser.parse_intermixed_args(argv)
    if args.mode == "scan":
        lines = scan(args.files or DEV_FILES)
        print("\n".join(lines))
        if args.out:
            args.out.parent.mkdir(parents=True, exist_ok=True)
            args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return 0
    if args.json is None:
        parser.error("--json is required for items and report")
    with applied(args.reading):
        if args.mode == "items":
            from benchmarks.mention_newer_first import ITEMS, polluted

            found = polluted(True)
            rows = [
                {"reading": args.reading, "lang": lang, "polluted": len(ids), "n": len(ITEMS[lang])}
                | {"ids": ids}
                for lang, ids in found.items()
            ]
            for r in rows:
                print(f"{r['reading']} {r['lang']} pollution {r['polluted']}/{r['n']} {r['ids']}")
            args.json.parent.mkdir(parents=True, exist_ok=True)
            args.json.write_text(json.dumps(rows, indent=1, ensure_ascii=False) + "\n")
            return 0
        from benchmarks.colloquial_report import emit, report

        emit(report(args.files, "multilingual"), "multilingual", args.json, ("hit@3",))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
