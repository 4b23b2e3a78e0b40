"""Which (decision, deliberation) pairs the comparison readings add or remove (issue 38,
helper decide20).

``python -m benchmarks.decisions_comparing_pairs [--data FILES] --json F``: over every user
turn of the given chats (default: those of :mod:`benchmarks.decisions_pairs`, probing
dev..blind11 and the decisions sets), the pairs :func:`benchmarks.decisions_pairs.pairs` reads,
twice: as shipped, and without :mod:`hybridmem.conversation.comparing` and the verbs of
comparing of :mod:`hybridmem.conversation.choosing` (the reading before them). Prints the pairs
only one reading makes. jieba's tags are cached for the run (the same text is tagged once).
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from functools import lru_cache
from pathlib import Path

from benchmarks.decisions_pairs import SETS, compare
from hybridmem import lexical
from hybridmem.conversation import choosing, comparing

_BEFORE_CHOOSING = re.compile(
    r"\b(?:choose|choosing|pick|picking|decide|deciding|torn|weigh|weighing)\b", re.IGNORECASE
)


@contextmanager
def without_comparing() -> Iterator[None]:
    """The reading before decide20: nothing compared settles, no verb of comparing."""
    saved = (
        comparing.names_compared,
        choosing._compares_zh,
        choosing._comparing_zh,
        choosing.EN_CHOOSING,
    )
    comparing.names_compared = lambda sentence, text: False  # type: ignore[assignment]
    choosing._compares_zh = lambda tags, at: False  # type: ignore[assignment]
    choosing._comparing_zh = lambda word: False  # type: ignore[assignment]
    choosing.EN_CHOOSING = _BEFORE_CHOOSING
    try:
        yield
    finally:
        (
            comparing.names_compared,
            choosing._compares_zh,
            choosing._comparing_zh,
            choosing.EN_CHOOSING,
        ) = saved


def _cache_tags() -> None:
    tag = lexical.pos_tags
    cached = lru_cache(maxsize=None)(lambda text: tuple(tag(text)))
    lexical.pos_tags = lambda text: list(cached(text))  # type: ignore[assignment]


def compare_main(
    argv: Sequence[str] | None,
    switched_off: Callable[[], AbstractContextManager[None]],
    description: str,
) -> None:
    """The command line of a pairs comparison (this program's and ``decisions_commit_pairs``'):
    ``--data`` the chats, ``--json`` the output; jieba's tags cached for the run."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--data", type=Path, nargs="*", default=SETS)
    ap.add_argument("--json", type=Path, required=True)
    args = ap.parse_args(argv)
    _cache_tags()
    compare(args.data, switched_off, args.json)


def main(argv: Sequence[str] | None = None) -> None:
    compare_main(argv, without_comparing, __doc__.split("\n")[0])


if __name__ == "__main__":
    main()
