"""Why each about-question of a privacy set misses its sealed memory (helper sensitive26).

``PYTHONPATH=. python benchmarks/results/sensitive26/trace_about.py SET [SET ...]
[--embedder minilm] --json F``: each about-question asked as the set's runner asks it (from
inside the first task), with the rule's call recorded; per question the first hits, the asked
memory's cosine lead over the best ordinary candidate, the words shared, and which reading of
:mod:`hybridmem.retrieval.sensitive` withheld it.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

from benchmarks.sealed_probe_blind4 import newcomers
from benchmarks.sealed_trace import trace_persona
from hybridmem.embedding import make_embedder
from hybridmem.lexical import light_stem, stemmed_terms
from hybridmem.retrieval import sensitive
from hybridmem.retrieval.shared_words import qualified_otherwise, unheld_focus, weak

DATA = Path("benchmarks/data")


def why(question: str, memory: str, ordinary: list[str]) -> str:
    """Which reading of the shared-word path says the question asks about another thing."""
    asked = stemmed_terms(question)
    words = stemmed_terms(memory)
    shared = asked & words
    held = {w for t in ordinary for w in stemmed_terms(t)}
    singles = shared - qualified_otherwise(
        question, shared, words, light_stem, sensitive._CLOSED, memory
    )
    if not weak(question, singles, held):
        if unheld_focus(question, words, light_stem, sensitive._closed_word, memory) is not None:
            f = unheld_focus(question, words, light_stem, sensitive._closed_word, memory)
            return f"own word, focus unheld ({f})"
        return "own word, another reading of _focus_unheld"
    named = sensitive._names_else(question, asked, words)
    if named:
        return f"weak shared words {sorted(shared)}, names else {sorted(named)}"
    return f"weak shared words {sorted(shared)}, all an ordinary memory's"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("sets", nargs="+")
    parser.add_argument("--embedder", default=None)
    parser.add_argument("--json", type=Path, required=True)
    args = parser.parse_args()
    embedder = make_embedder(args.embedder)
    out: list[dict[str, Any]] = []
    with TemporaryDirectory() as tmp:
        for name in args.sets:
            data = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
            for k, persona in enumerate(newcomers(DATA / f"{name}.json")):
                about = tuple(
                    (a["question"], a["marker"]) for a in data["about"] if a["persona"] == k
                )
                probe = replace(persona, about_secret=about)
                rows = trace_persona(probe, embedder, Path(tmp) / f"{name}-{k}")
                ordinary = [t for t, _ in persona.facts] + [persona.old, persona.new]
                for row in rows:
                    if row.get("ordinary_question"):
                        continue
                    secret = next(t for t, m in persona.secrets if m == row["marker"])
                    row["set"] = name
                    if row["mechanism"] == "shares a word, withheld":
                        row["why"] = why(row["question"], secret, ordinary)
                    out.append(row)
                    print(
                        f"{name} {row['lang']} {row['mechanism']}: {row['question']} "
                        f"lead {row.get('lead')} shared {row.get('shared')} kind {row['kind']} "
                        f"{row.get('why', '')}\n    got {row['got'][:2]}",
                        flush=True,
                    )
    args.json.write_text(json.dumps(out, ensure_ascii=False, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
