"""zhlex18's two readings of a Chinese question's words, measured beside the engine (issue 38).

``python -m benchmarks.zh_cut_joints --variant without-joints|coverb MODULE [ARGS...]`` runs
the benchmark ``MODULE`` (e.g. ``benchmarks.probing --data benchmarks/data/probing_blind.json``)
with one reading switched in this process:

- ``without-joints``: the engine before zhlex18: a pronoun and noun the HMM joined (我妈) stay
  one term (:func:`hybridmem.lexical.glued_words` returns nothing);
- ``coverb`` (measured, not shipped): the coverb whose object is the addressee (跟 of 我跟你说,
  a word jieba tags p in context followed by 你 or 您) is left out of the lexical question, as
  :mod:`hybridmem.retrieval.fillers` leaves out "again" and 最近;
- ``without-joints-coverb``: both.

Figures: docs/benchmarks.md, helper zhlex18.
"""

from __future__ import annotations

import argparse
import runpy
import sys

from hybridmem import lexical
from hybridmem.retrieval import channels, fillers

_ADDRESSEE = frozenset(["你", "您", "你们"])
"""The second-person pronouns: the companion, whom the user is talking to."""


def _no_joints(word: str) -> tuple[str, ...]:
    return ()


def without_addressee_coverbs(text: str) -> str:
    """``text`` with every coverb whose object is the addressee (跟你, 向您: a word jieba tags p
    in context, followed by a second-person pronoun) replaced by a space."""
    tagged = lexical.pos_tags(text)
    out: list[str] = []
    for k, (word, flag) in enumerate(tagged):
        after = tagged[k + 1][0] if k + 1 < len(tagged) else ""
        out.append(" " if flag == "p" and after in _ADDRESSEE else word)
    return "".join(out)


def _topic_words_coverb(query: str) -> str:
    rest = fillers.topic_words(query)
    if not lexical._CJK_RUN.search(rest):
        return rest
    bare = without_addressee_coverbs(rest)
    return bare if lexical.terms(bare) else rest


def install(variant: str) -> None:
    """Switch the reading(s) of ``variant`` in this process."""
    if "without-joints" in variant:
        lexical.glued_words = _no_joints  # type: ignore[assignment]
    if "coverb" in variant:
        channels.topic_words = _topic_words_coverb


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--variant", choices=["without-joints", "coverb", "without-joints-coverb"], required=True
    )
    parser.add_argument("module")
    parser.add_argument("args", nargs=argparse.REMAINDER)
    ns = parser.parse_args(argv)
    install(ns.variant)
    sys.argv = [ns.module, *ns.args]
    runpy.run_module(ns.module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
