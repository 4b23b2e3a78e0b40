"""The statements of the sets said with a time word of one occasion, and the slot each has
(issue 38, helper decide18).

``python -m benchmarks.dated_choices --json F``: every statement of first-day dev..sixteenth,
colloquial dev..blind8 (facts and preferences; blind6 left out: still blind), probing
dev..blind10 and the three decisions sets (user turns, cut into sentences) that
:func:`hybridmem.evolution.speech.aspect.one_occasion` reads as about one occasion, with the
slot the writer's reading gives it (the slot rules, else the e5 slot model where the rules
leave it open): the statements whose slot the one-occasion reading drops. A settled choice
given its slot by the conversation ingest (``choice.<id>``) is read by
``benchmarks.decisions_pairs``, not here. No store: the reading of each sentence alone.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Iterator, Sequence
from pathlib import Path

from benchmarks.first_day import PERSONAS, SETS
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.evolution.slots import embed as slot_embed
from hybridmem.evolution.slots import others
from hybridmem.evolution.speech import aspect

DATA = Path(__file__).parent / "data"
COLLOQUIAL = ("dev", "blind", "blind2", "blind3", "blind4", "blind5", "blind7", "blind8")
PROBING = ("dev", "blind", *(f"blind{i}" for i in range(2, 11)))
DECISIONS = ("decisions_blind", "decisions_blind2", "decisions_blind3")
_SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s*")


def statements() -> Iterator[tuple[str, str, str]]:
    """(set, id, text) of every statement scanned."""
    for name, personas in {"dev": PERSONAS, **SETS}.items():
        for p in personas:
            texts = [t for t, _ in p.facts] + [p.old, p.new] + [t for t, _ in p.secrets]
            yield from ((f"first_day_{name}", p.lang, t) for t in texts)
    for name in COLLOQUIAL:
        for scenario in json.loads((DATA / f"colloquial_{name}.json").read_text("utf-8")):
            for n in scenario["nodes"]:
                if n["node_type"] in ("fact", "preference"):
                    yield f"colloquial_{name}", n["id"], n["content"]
    chats = [f"probing_{s}" for s in PROBING] + list(DECISIONS)
    for name in chats:
        for user in json.loads((DATA / f"{name}.json").read_text("utf-8"))["users"]:
            for session in user["sessions"]:
                for turn in session["turns"]:
                    if turn["role"] != "user":
                        continue
                    for sentence in _SENTENCE_END.split(turn["text"]):
                        if sentence.strip():
                            yield name, turn["id"], sentence.strip()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", required=True)
    args = parser.parse_args(argv)
    embedder = MultilingualE5Embedder()
    model = slot_embed.model_for(embedder.name, embedder.dimension)
    rows = []
    counts: dict[str, list[int]] = {}
    for name, ident, text in statements():
        if not aspect.one_occasion(text):
            continue
        guess = others.infer_shared(text)
        slot, via = guess.slot, guess.via
        if guess.open and model is not None:
            slot, via = slot_embed.predict(model, embedder.embed([text])[0]), "model"
        counts.setdefault(name, [0, 0])[0] += 1
        if slot is not None:
            counts[name][1] += 1
            rows.append({"set": name, "id": ident, "slot": slot, "via": via, "text": text})
            print(f"{name:22} {ident:28} {slot:18} {text}")
    print()
    for name, (n, slotted) in counts.items():
        print(f"{name:22} one occasion {n:3}, with a slot {slotted}")
    Path(args.json).write_text(
        json.dumps({"counts": counts, "with_slot": rows}, ensure_ascii=False, indent=1),
        encoding="utf-8",
    )


if __name__ == "__main__":
    main()
