"""Candidate value guards for paraphrase merging, measured side by side (none shipped).

:func:`hybridmem.evolution.write.paraphrase.values_agree` checks one way: the newcomer names no
value the node lacks. A node that names a value the newcomer does not repeat (a node stating a
change, 入了个小米，华为那台摔坏了) can take a move back that names one of its values
(又用回华为了), and the move back and the value it leaves become one node
(``benchmarks/moveback_folds.py``). The candidates add a check the other way:

* ``shipped``: the guard as shipped;
* ``both-ways``: the shipped check read in both directions (the node's values, names and
  Chinese nouns are all the newcomer's too; the word-for-word extension stays one way);
* ``node-values-back``: the node's numbers and value words
  (:func:`~hybridmem.evolution.write.paraphrase.value_words`) appear in the newcomer's text
  (no Chinese common nouns);
* ``node-no-change``: a node that states a change
  (:func:`hybridmem.evolution.slots.pairs.states_change`) is never a restatement target.

``python -m benchmarks.evolution_models.paraphrase_guards --json F`` runs
:mod:`paraphrase_eval` (pair model + guard) once per candidate; ``using(name)`` swaps the
guard for :mod:`benchmarks.moveback_folds` (``--guard``).
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchmarks.evolution_models import paraphrase_eval
from hybridmem.evolution.slots.pairs import states_change
from hybridmem.evolution.write import paraphrase

Guard = Callable[[str, str], bool]
"""(newcomer text, node text) -> may merge?"""

_SHIPPED: Guard = paraphrase.values_agree
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


@contextmanager
def _no_extension() -> Iterator[None]:
    saved = paraphrase.extends
    paraphrase.extends = lambda new, old: False
    try:
        yield
    finally:
        paraphrase.extends = saved


def _both_ways(new: str, old: str) -> bool:
    if not _SHIPPED(new, old):
        return False
    with _no_extension():
        return _SHIPPED(old, new)


def _node_values_back(new: str, old: str) -> bool:
    numbers = Counter(n.replace(",", "") for n in _NUMBER.findall(old))
    if not numbers <= Counter(n.replace(",", "") for n in _NUMBER.findall(new)):
        return False
    folded = new.casefold()
    named = all(_NUMBER.search(w) or w in folded for w in paraphrase.value_words(old))
    return named and _SHIPPED(new, old)


def _node_states_no_change(new: str, old: str) -> bool:
    return not states_change(old) and _SHIPPED(new, old)


CANDIDATES: dict[str, Guard] = {
    "shipped": _SHIPPED,
    "both-ways": _both_ways,
    "node-values-back": _node_values_back,
    "node-no-change": _node_states_no_change,
}


@contextmanager
def using(name: str) -> Iterator[None]:
    """Paraphrase merging (and ``paraphrase_eval``) with the candidate guard ``name``."""
    guard = CANDIDATES[name]
    saved = paraphrase.values_agree, paraphrase_eval.values_agree
    paraphrase.values_agree = paraphrase_eval.values_agree = guard
    try:
        yield
    finally:
        paraphrase.values_agree, paraphrase_eval.values_agree = saved


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.evolution_models.paraphrase_guards")
    parser.add_argument("--json", type=Path, required=True)
    args = parser.parse_args(argv)
    out: dict[str, Any] = {}
    for name in CANDIDATES:
        with using(name):
            result = paraphrase_eval.evaluate()
        out[name] = {k: v["pair model + guard"] for k, v in result.items() if isinstance(v, dict)}
    print(f"{'candidate':22} {'set':15} restatements two_values unrelated")
    for name, sets in out.items():
        for key, r in sets.items():
            print(
                f"{name:22} {key:15} {r['restatements_merged']:12.3f}"
                f" {r['two_values_merged']:10.3f} {r['unrelated_merged']:9.4f}"
            )
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
