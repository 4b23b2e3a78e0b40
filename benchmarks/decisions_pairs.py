"""Which (decision, deliberation) pairs a reading joins, with and without the options joined
by "and" under a verb of choosing (issue 38, helper decide15).

``python -m benchmarks.decisions_pairs [--data FILES] --json F``: over every user turn of the
given chats (default: probing dev..blind9 and the three decisions sets), each sentence the writer
would read as a decision (:func:`hybridmem.conversation.decisions.decides`) against every
earlier turn of the same user it settles (:func:`~hybridmem.conversation.decisions.settles`),
read twice: as shipped, and with :mod:`hybridmem.conversation.choosing` answering nothing (the
reading before it). Prints the pairs only one reading makes. Extractor only, no store: the
ingest further keeps the latest settled deliberation among the sentence's lexical matches.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

from benchmarks.probing import messages_of
from benchmarks.probing_variants import SETS as PROBING_SETS
from hybridmem.conversation import choosing
from hybridmem.conversation import decisions as reading
from hybridmem.conversation.extract import RuleExtractor, sentences

DATA = Path(__file__).parent / "data"
SETS = [DATA / f"probing_{s}.json" for s in PROBING_SETS] + [
    DATA / f"decisions_blind{s}.json" for s in ("", "2", "3", "4", "5", "6")
]


@contextmanager
def without_choosing() -> Iterator[None]:
    """The reading before :mod:`hybridmem.conversation.choosing`: it joins nothing."""
    zh, en = choosing.zh_chosen_between, choosing.en_chosen_between
    choosing.zh_chosen_between = lambda clause, text: []  # type: ignore[assignment]
    choosing.en_chosen_between = lambda clause, text: False  # type: ignore[assignment]
    try:
        yield
    finally:
        choosing.zh_chosen_between, choosing.en_chosen_between = zh, en


def user_sentences(path: Path) -> Iterator[tuple[dict[str, Any], str, list[dict[str, Any]]]]:
    """Each sentence of a user's turn in a set: (the turn, the sentence, the user's turns
    before it)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    for user in data["users"]:
        said = [m for m in messages_of(user) if m["role"] == "user"]
        for i, turn in enumerate(said):
            for sentence in sentences(turn["content"]):
                yield turn, sentence, said[:i]


def pairs(path: Path, extractor: RuleExtractor) -> list[tuple[str, str, str, str]]:
    """(decision turn, its sentence, deliberation turn, its text) for every pair read."""
    classify = extractor.classifier.classify
    out = []
    for turn, sentence, before in user_sentences(path):
        if not reading.decides(sentence, classify(sentence)):
            continue
        for earlier in before:
            if reading.settles(sentence, earlier["content"]):
                out.append((turn["id"], sentence, earlier["id"], earlier["content"]))
    return out


def compare(
    paths: Sequence[Path],
    switched_off: Callable[[], AbstractContextManager[None]],
    out: Path,
) -> None:
    """Each set's pairs with the reading on and inside ``switched_off``: the counts, the pairs
    gained and lost printed, all of it written to ``out`` as JSON (this program's and
    ``decisions_comparing_pairs``')."""
    extractor = RuleExtractor()
    result: list[dict[str, Any]] = []
    for path in paths:
        new = pairs(path, extractor)
        with switched_off():
            old = pairs(path, extractor)
        gained = [p for p in new if p not in old]
        lost = [p for p in old if p not in new]
        print(f"{path.name}: before {len(old)}, after {len(new)}", flush=True)
        for tag, rows in (("+", gained), ("-", lost)):
            for d, s, e, t in rows:
                print(f"  {tag} {d} «{s}» settles {e} «{t}»")
        result.append(
            {
                "data": path.name,
                "before": len(old),
                "after": len(new),
                "gained": gained,
                "lost": lost,
                "pairs": new,
            }
        )
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n")


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, nargs="*", default=SETS)
    ap.add_argument("--json", type=Path, required=True)
    args = ap.parse_args(argv)
    compare(args.data, without_choosing, args.json)


if __name__ == "__main__":
    main()
