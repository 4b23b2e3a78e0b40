"""Run a benchmark program with the function-word rule off: ``python -m
benchmarks.without_function_words benchmarks.first_day --thirteenth --json F``.

The retriever reads statements' lexical evidence through
:func:`hybridmem.retrieval.function_words.statement_words` (issue 38, helper firstday13). This
puts :func:`~hybridmem.retrieval.same_words.same_words` alone back in its place, the engine as it
was before, so a before run can be made on the same tree as the after run (it reproduced the
thirteenth set's blind run question for question).
"""

from __future__ import annotations

import runpy
import sys

import hybridmem.retrieval.retriever as retriever
from hybridmem.retrieval.same_words import same_words


def main() -> None:
    retriever.statement_words = same_words  # type: ignore[assignment]
    module, *rest = sys.argv[1:]
    sys.argv = [module, *rest]
    runpy.run_module(module, run_name="__main__")


if __name__ == "__main__":
    main()
