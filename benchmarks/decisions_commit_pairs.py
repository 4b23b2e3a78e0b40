"""Which (decision, deliberation) pairs the commitment readings add or remove (issue 38,
helper decide21).

``python -m benchmarks.decisions_commit_pairs [--data FILES] --json F``: over every user turn
of the given chats (default: those of :mod:`benchmarks.decisions_pairs`, probing dev..blind11
and the decisions sets), the pairs :func:`benchmarks.decisions_pairs.pairs` reads, twice: as
shipped, and without :mod:`hybridmem.conversation.committing` (no present progressive of an
arrangement, no fronted choice, no result complement after a misread verb, no 就它了), the verbs of
considering of :mod:`hybridmem.conversation.choosing`, the English parallel clauses of
:mod:`hybridmem.conversation.comparing` and the "two acts of a plan" filter of
:func:`hybridmem.conversation.options.options` (the reading before them). Prints the pairs only one
reading makes. jieba's tags are cached for the run (the same text is tagged once).
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from benchmarks.decisions_comparing_pairs import _cache_tags
from benchmarks.decisions_pairs import SETS, compare
from hybridmem.conversation import choosing, committing, comparing, options

_NOTHING = re.compile(r"(?!)")  # matches no text
_BEFORE_ZH = ("选", "挑", "纠结", "犹豫")


@contextmanager
def without_committing() -> Iterator[None]:
    """The reading before decide21: no arrangement, no fronted choice, no misread result
    complement, no verb of considering, no English parallel clauses, and "and" joining two
    acts of a plan as options."""
    saved = (
        committing.en_arranged,
        committing.en_fronted,
        committing.zh_complemented,
        committing.zh_settled_on,
        comparing._en_parallel,
        options.acts_of_a_plan,
        choosing.EN_CONSIDERING,
        choosing.ZH_CHOOSING,
    )
    committing.en_arranged = lambda words, i: False  # type: ignore[assignment]
    committing.en_fronted = lambda sentence: []  # type: ignore[assignment]
    committing.zh_complemented = lambda tags, at: None  # type: ignore[assignment]
    committing.zh_settled_on = lambda clauses, c, at: None  # type: ignore[assignment]
    comparing._en_parallel = lambda text: []  # type: ignore[assignment]
    options.acts_of_a_plan = lambda right: False  # type: ignore[assignment]
    choosing.EN_CONSIDERING, choosing.ZH_CHOOSING = _NOTHING, _BEFORE_ZH
    try:
        yield
    finally:
        (
            committing.en_arranged,
            committing.en_fronted,
            committing.zh_complemented,
            committing.zh_settled_on,
            comparing._en_parallel,
            options.acts_of_a_plan,
            choosing.EN_CONSIDERING,
            choosing.ZH_CHOOSING,
        ) = saved


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, nargs="*", default=SETS)
    ap.add_argument("--json", type=Path, required=True)
    args = ap.parse_args(argv)
    _cache_tags()
    compare(args.data, without_committing, args.json)


if __name__ == "__main__":
    main()
