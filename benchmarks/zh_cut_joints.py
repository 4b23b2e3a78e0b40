"""The two readings of zhlex18 one at a time, measured without reverting the engine (issue 38).

``python -m benchmarks.zh_cut_joints --without joints|coverb MODULE [ARGS...]`` runs the
benchmark ``MODULE`` (e.g. ``benchmarks.probing --data benchmarks/data/probing_blind.json``)
with one of the two readings of :mod:`hybridmem.lexical` / :mod:`hybridmem.retrieval.fillers`
turned off in this process:

- ``joints``: an HMM joint of dictionary words (我妈, 店开) gives no tagger words
  (:func:`hybridmem.lexical.glued_words` returns nothing): the cut before zhlex18;
- ``coverb``: the coverb of the addressee (跟 of 我跟你说) stays a term of the lexical query.

``--without both`` is the engine before zhlex18. Figures: docs/benchmarks.md, helper zhlex18.
"""

from __future__ import annotations

import argparse
import runpy
import sys

from hybridmem import lexical
from hybridmem.retrieval import fillers


def _no_joints(word: str) -> tuple[str, ...]:
    return ()


def _keep_coverbs(text: str) -> str:
    return text


def install(without: str) -> None:
    """Turn the reading(s) ``without`` off in this process."""
    if without in ("joints", "both"):
        lexical.glued_words = _no_joints  # type: ignore[assignment]
    if without in ("coverb", "both"):
        fillers._without_addressee_coverbs = _keep_coverbs


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--without", choices=["joints", "coverb", "both"], required=True)
    parser.add_argument("module")
    parser.add_argument("args", nargs=argparse.REMAINDER)
    ns = parser.parse_args(argv)
    install(ns.without)
    sys.argv = [ns.module, *ns.args]
    runpy.run_module(ns.module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
