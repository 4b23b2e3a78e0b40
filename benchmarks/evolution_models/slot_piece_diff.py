"""How many clause pieces and sentences a change of the slot rules reads differently.

``slot_rule_diff`` compares whole strings; the write path and the attribute readers also read
a statement's clauses (``lexical.clause_pieces``) and sentences (``conversation.extract.
sentences``). This dumps the rules' reading (slot, and whether the slot model is left to ask)
of every piece of the same sources, so a run on the old code (``--dump``) and one on the new
(``--old`` that dump) can be compared. The rules only: no embedder is loaded.

``python -m benchmarks.evolution_models.slot_piece_diff --dump OUT`` (on the old code), then
``... --old OUT [--json DIFF]`` on the new. The pieces of the sets still blind
(``slot_rule_diff.BLIND``) are counted, never printed.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from benchmarks.evolution_models.slot_rule_diff import Report, all_sources, diff_main
from hybridmem import lexical
from hybridmem.conversation.extract import sentences
from hybridmem.evolution.slots.rules import infer


def read_pieces() -> dict[str, dict[str, str]]:
    """``{source: {piece: "slot|open"}}`` ("-" for no slot, open 1 when the model is asked)."""
    out: dict[str, dict[str, str]] = {}
    for source, texts in all_sources().items():
        pieces: set[str] = set()
        for text in texts:
            pieces.update(lexical.clause_pieces(text))
            pieces.update(sentences(text))
        guesses = {p: infer(p) for p in sorted(pieces)}
        out[source] = {p: f"{g.slot or '-'}|{int(g.open)}" for p, g in guesses.items()}
    return out


def main(argv: Sequence[str] | None = None) -> int:
    prog = "python -m benchmarks.evolution_models.slot_piece_diff"
    return diff_main(argv, read_pieces, prog, Report("pieces", "piece", 0, every_source=False))


if __name__ == "__main__":
    sys.exit(main())
