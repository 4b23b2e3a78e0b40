"""A gate on the query-time newer-first rule: the newer statement must give the speaker's own
value (issue 38, helper mention15; measured, not shipped).

:func:`hybridmem.retrieval.newer_values.newer_first` puts a remark that only mentions a value's
subject above the value (``benchmarks.mention_newer_first``). Two readings the write path
already makes are tried here as a gate on each newer statement, patched into the rule for the
run (the engine is unchanged):

- ``slot``: an older value a slot reader filed (``metadata["slot"]``) yields only to a newer
  statement in a group (the same readers read the newer one and filed it in none);
- ``speaker``: an older value of the speaker's yields only to a newer statement of the
  speaker's (the slot rules' :func:`~hybridmem.evolution.slots.rules.about_speaker`, or the
  speech act ``instruction``);
- ``both``.

Each colloquial file is played with no gate and with each gate (evolution variant, e5); the
probes whose stale value or polluter moves above the answer are listed with the top three
hits, and the mention items' pollution is counted::

    python -m benchmarks.own_value_gate --json benchmarks/results/mention15/own_value_gate.json \\
        benchmarks/data/colloquial_dev.json benchmarks/data/colloquial_blind8.json
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from pathlib import Path

from benchmarks import mention_newer_first, stale_trace
from benchmarks.evolution_scenarios import TOP_K
from benchmarks.scenario_files import load_scenarios
from benchmarks.scenarios import Scenario
from hybridmem import MemoryConfig
from hybridmem.evolution.slots import rules
from hybridmem.models import MemoryNode
from hybridmem.retrieval import newer_values

Gate = Callable[[MemoryNode, MemoryNode], bool]


def speakers(node: MemoryNode) -> bool:
    """The speaker's, as the write path read it: an order to the assistant or a statement
    the slot rules read as the speaker's (first person, or no subject)."""
    return node.marks.get("speech_act") == "instruction" or rules.about_speaker(node.content)


def slot_gate(new: MemoryNode, old: MemoryNode) -> bool:
    return not (old.metadata.get("slot") and not new.conflict_group)


def speaker_gate(new: MemoryNode, old: MemoryNode) -> bool:
    return speakers(new) or not speakers(old)


GATES: dict[str, Gate] = {
    "slot": slot_gate,
    "speaker": speaker_gate,
    "both": lambda new, old: slot_gate(new, old) and speaker_gate(new, old),
}

Outcome = dict[str, tuple[bool, list[str]]]

_UNGATED = newer_values._successor


def played(scenarios: Sequence[Scenario], gate: Gate | None) -> Outcome:
    """Per probe (``<scenario>#<i>``): whether a stale value or a polluter ranks above the
    answer, and the top three hits' texts, with ``gate`` patched into the rule."""
    if gate is not None:
        newer_values._successor = _gated(_UNGATED, gate)  # type: ignore[assignment]
    out: Outcome = {}
    try:
        for mem, sc, real in stale_trace.played(scenarios, MemoryConfig()):
            for j, p in enumerate(sc.probes):
                hits = mem.retrieve(p.query, user_id=sc.id, top_k=TOP_K).hits
                ids = [h.node.id for h in hits]
                gold = {real.get(g, g) for g in p.gold}
                bad = {real.get(s, s) for s in p.stale | p.polluters}
                first = min((ids.index(i) for i in gold if i in ids), default=len(ids))
                wrong = any(i in ids[:first] for i in bad)
                out[f"{sc.id}#{j}"] = (wrong, [h.node.content for h in hits[:3]])
    finally:
        newer_values._successor = _UNGATED
    return out


def _gated(successor: Callable[..., object], gate: Gate) -> Callable[..., object]:
    """``_successor`` with the newer hits ``gate`` refuses left out."""

    def wrapped(old: object, after: Sequence[object], *rest: object) -> object:
        kept = [h for h in after if gate(h.node, old.node)]  # type: ignore[attr-defined]
        return successor(old, kept, *rest)

    return wrapped


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.own_value_gate")
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--json", type=Path, required=True)
    args = parser.parse_args(argv)
    sets = {
        "mention": mention_newer_first.scenarios(),
        **{p.stem: load_scenarios(p) for p in args.files},
    }
    rows: list[dict[str, object]] = []
    for name, scenarios in sets.items():
        base = played(scenarios, None)
        for lang in ("en", "zh"):
            ids = [k for k in base if f"-{lang}-" in k]
            print(f"{name} {lang} none: {sum(base[k][0] for k in ids)}/{len(ids)}")
        for gate_name, gate in GATES.items():
            after = played(scenarios, gate)
            for lang in ("en", "zh"):
                ids = [k for k in after if f"-{lang}-" in k]
                wrong = sum(after[k][0] for k in ids)
                lost = [k for k in ids if after[k][0] and not base[k][0]]
                won = [k for k in ids if base[k][0] and not after[k][0]]
                print(f"{name} {lang} {gate_name}: {wrong}/{len(ids)} won {won} lost {lost}")
                for k in lost:
                    print(f"    lost {k}: {after[k][1]}")
                rows.append(
                    {
                        "set": name,
                        "lang": lang,
                        "gate": gate_name,
                        "wrong": wrong,
                        "none": sum(base[k][0] for k in ids),
                        "n": len(ids),
                        "won": won,
                        "lost": {k: after[k][1] for k in lost},
                    }
                )
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(rows, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
