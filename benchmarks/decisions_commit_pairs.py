"""Which (decision, deliberation) pairs the commitment readings add or remove (issue 38,
helper decide21).

``python -m benchmarks.decisions_commit_pairs [--data FILES] --json F``: over every user turn
of the given chats (default: those of :mod:`benchmarks.decisions_pairs`, probing dev..blind12
and the decisions sets), the pairs :func:`benchmarks.decisions_pairs.pairs` reads, twice: as
shipped, and without :mod:`hybridmem.conversation.committing` (no present progressive of an
arrangement, no fronted choice, no result complement after a misread verb, no 就它了), the verbs
of considering of :mod:`hybridmem.conversation.choosing`, the English parallel clauses of
:mod:`hybridmem.conversation.comparing` and the "two acts of a plan" filter of
:func:`hybridmem.conversation.options.options` (the reading before them). Prints the pairs only
one reading makes. jieba's tags are cached for the run (the same text is tagged once).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from benchmarks.decisions_comparing_pairs import compare_main
from hybridmem.conversation import choosing, committing, comparing, options

# Each reading switched off: (module, name, what it is replaced with).
_BEFORE: list[tuple[Any, str, Any]] = [
    (committing, "en_arranged", lambda words, i: False),
    (committing, "en_fronted", lambda sentence: []),
    (committing, "zh_complemented", lambda tags, at: None),
    (committing, "zh_settled_on", lambda clauses, c, at: None),
    (comparing, "_en_parallel", lambda text: []),
    (options, "acts_of_a_plan", lambda right: False),
    (choosing, "EN_CONSIDERING", re.compile(r"(?!)")),  # matches no text
    (choosing, "ZH_CHOOSING", ("选", "挑", "纠结", "犹豫")),
]


@contextmanager
def without_committing() -> Iterator[None]:
    """The reading before decide21 (see the module docstring)."""
    saved = [(module, name, getattr(module, name)) for module, name, _ in _BEFORE]
    for module, name, before in _BEFORE:
        setattr(module, name, before)
    try:
        yield
    finally:
        for module, name, value in saved:
            setattr(module, name, value)


def main(argv: Sequence[str] | None = None) -> None:
    compare_main(argv, without_committing, __doc__.split("\n")[0])


if __name__ == "__main__":
    main()
