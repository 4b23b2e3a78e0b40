"""How many strings, clause pieces and sentences a change of the subject test reads differently.

``rules.about_speaker`` decides more than the slot: a statement not about the speaker goes to
``others.person_of`` on the write path (the person's own group), in the extractor
(``conversation.extract``), in deliberations (``conversation.decisions``), in commitments
(``write.commitments``) and at retrieval (``retrieval.newer_values.subject_of``: which person's
values two statements give). ``slot_rule_diff`` shows a string only when its slot or open flag
moves, so a statement whose subject moved with no slot on either side is missed there. This
dumps, for every string of ``slot_rule_diff``'s sources and every clause piece and sentence of
them, ``speaker`` or ``other:<person_of's key or ->``, so a run on the old code (``--dump``) and
one on the new (``--old`` that dump) can be compared. No embedder is loaded.

``python -m benchmarks.evolution_models.subject_diff --dump OUT`` (on the old code), then
``... --old OUT [--json DIFF]`` on the new. The texts of the sets still blind
(``slot_rule_diff.BLIND``) are counted, never printed.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from benchmarks.evolution_models.slot_rule_diff import Report, all_sources, diff_main
from hybridmem import lexical
from hybridmem.conversation.extract import sentences
from hybridmem.evolution.slots import others
from hybridmem.evolution.slots.rules import about_speaker


def reading(text: str) -> str:
    """``speaker``, or ``other:`` and the key of the person ``others.person_of`` finds."""
    if about_speaker(text):
        return "speaker"
    found = others.person_of(text)
    return f"other:{found[0] if found else '-'}"


def read_subjects() -> dict[str, dict[str, str]]:
    """``{source: {text: reading}}`` of every string, clause piece and sentence."""
    out: dict[str, dict[str, str]] = {}
    for source, texts in all_sources().items():
        units: set[str] = set(texts)
        for text in texts:
            units.update(lexical.clause_pieces(text))
            units.update(sentences(text))
        out[source] = {u: reading(u) for u in sorted(units)}
    return out


def main(argv: Sequence[str] | None = None) -> int:
    prog = "python -m benchmarks.evolution_models.subject_diff"
    return diff_main(argv, read_subjects, prog, Report("texts", "text", 0, every_source=False))


if __name__ == "__main__":
    sys.exit(main())
