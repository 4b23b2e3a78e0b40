"""Every question / sealed-memory pair of the privacy checks that the number nouns move
(helper sensitive26): ``PYTHONPATH=. python benchmarks/results/sensitive26/number_pairs.py
--json F``. Text alone: the shared-word readings of
:func:`hybridmem.retrieval.sensitive._asks_other` that take the closed classes
(``qualified_otherwise`` and ``_names_else``), with the number nouns closed for a memory
stating digits (after) and without (before). A retrieval can move only where a pair does.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from benchmarks.asked_modifier import _asked_pairs
from benchmarks.sealed_calls import DATA, PROBES
from hybridmem.lexical import light_stem, stemmed_terms
from hybridmem.retrieval import sensitive
from hybridmem.retrieval.shared_words import qualified_otherwise


def _markers() -> dict[str, set[str]]:
    from benchmarks.first_day import PERSONAS, SETS

    out: dict[str, set[str]] = {}
    for name in PROBES:
        for a in json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))["about"]:
            out.setdefault(a["question"], set()).add(a["marker"])
    for personas in {"dev": PERSONAS, **SETS}.values():
        for p in personas:
            for q, m in p.about_secret:
                out.setdefault(q, set()).add(m)
    return out


def _reading(q: str, s: str, closed: frozenset[str]) -> tuple[list[str], list[str]]:
    asked, words = stemmed_terms(q), stemmed_terms(s)
    shared = asked & words
    qualified = qualified_otherwise(q, shared, words, light_stem, closed, s)
    return sorted(qualified), sorted(sensitive._names_else(q, asked, words, closed))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--json", type=Path, required=True)
    args = parser.parse_args()
    markers = _markers()
    pairs = sorted(set(_asked_pairs()))
    moved = []
    for suite, q, s in pairs:
        if not stemmed_terms(q) & stemmed_terms(s):
            continue  # no shared word: the shared-word path is not taken
        before = _reading(q, s, sensitive._CLOSED)
        after = _reading(q, s, sensitive._closed_for(s))
        if before != after:
            about = markers.get(q, set())
            row = {
                "suite": suite,
                "question": q,
                "memory": s,
                "pair": ("about, its own" if any(m in s for m in about) else "about, another")
                if about
                else "near",
                "before": before,
                "after": after,
            }
            moved.append(row)
            print(json.dumps(row, ensure_ascii=False), flush=True)
    print(f"{len(pairs)} pairs, {len(moved)} read differently")
    args.json.write_text(json.dumps(moved, ensure_ascii=False, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
